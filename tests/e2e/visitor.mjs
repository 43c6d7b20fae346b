// What the visitor of a host page reads in <clarify-widget>, and what its developer reads on the
// console, in headless Chromium under the strict CSP: the card's scheme follows its `theme`
// attribute, or the host page's `color-scheme` (a light page gets a light card whatever the
// system's preference); invalid attributes and a wasm the page's policy refuses are a plain line
// in the visitor's language in every widget, and one console line per page for the developer;
// the placeholder speaks the visitor's language before the wasm has come.
import { cp, mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { serve, main, strictPage, check, root, STRICT_CSP, allowConsoleErrors } from "./lib.mjs";

const site = join(root, "target/e2e/visitor-site");
await rm(site, { recursive: true, force: true });
await mkdir(site, { recursive: true });
await cp(join(root, "target/embed"), join(site, "embed"), { recursive: true });
await cp(join(root, "examples/host-page/favicon.svg"), join(site, "favicon.svg"));
const page = (body, head = "") => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>
<link rel="icon" href="favicon.svg">${head}<script type="module" src="host.js"></script></head><body><h1>Host</h1>${body}</body></html>`;
await writeFile(join(site, "host.js"), `import { defineClarifyWidget } from "./embed/clarify-element.js";
window.events = [];
for (const type of ["clarify-ready", "clarify-error"]) document.addEventListener(type, (e) => window.events.push({ type, id: e.target.id, detail: e.detail }));
defineClarifyWidget();
`);
await writeFile(join(site, "schemes.css"), ".dark { color-scheme: dark; } .both { color-scheme: light dark; }\n");
const css = `<link rel="stylesheet" href="schemes.css">`;
await writeFile(join(site, "plain.html"), page(`<clarify-widget id="a"></clarify-widget>`, css));
await writeFile(join(site, "meta.html"), page(`<clarify-widget id="a"></clarify-widget>`, `<meta name="color-scheme" content="light dark">`));
await writeFile(join(site, "dark.html"), page(`<clarify-widget id="a"></clarify-widget>`, css).replace("<html", `<html class="dark"`));
await writeFile(join(site, "themes.html"), page(
  `<clarify-widget id="dark" theme="dark"></clarify-widget><clarify-widget id="light" theme="light"></clarify-widget><clarify-widget id="odd" theme="blue"></clarify-widget>`,
  `<meta name="color-scheme" content="light dark">`));
await writeFile(join(site, "bad.html"), page(
  `<clarify-widget id="en" max-questions="two"></clarify-widget><clarify-widget id="fr" language="fr" max-questions="two"></clarify-widget>`));
await writeFile(join(site, "blocked.html"), page(
  `<clarify-widget id="en"></clarify-widget><clarify-widget id="de" language="de"></clarify-widget>`));
await writeFile(join(site, "ja.html"), page(`<clarify-widget id="ja" language="ja"></clarify-widget>`));

const strict = await serve(site, { headers: { "content-security-policy": STRICT_CSP } });
const noWasm = await serve(site, { headers: { "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self'" } });

/**
 * The light and dark schemes' text colour (web/assets/widget.css) and the placeholder's muted one
 * (web/js/clarify-load.js): the card's scheme, read from its frame or its placeholder.
 */
const SCHEMES = { "rgb(29, 35, 48)": "light", "rgb(228, 231, 238)": "dark", "rgb(90, 98, 114)": "light", "rgb(169, 177, 194)": "dark" };
const scheme = (p, id) =>
  p.locator(`#${id}`).evaluate((el) => getComputedStyle(el.shadowRoot.querySelector(".clarify, .placeholder")).color).then((c) => SCHEMES[c] ?? c);
const ready = (p, id) => p.locator(`#${id} [data-testid=request]`).waitFor({ timeout: 20000 });
/** Console lines of `page` (errors and warnings), as they come. */
const consoleOf = (p) => {
  const lines = [];
  p.on("console", (m) => ["error", "warning"].includes(m.type()) && lines.push(m.text()));
  return lines;
};

await main("the card's scheme follows its theme attribute, else the host page's color-scheme", async (browser) => {
  // A page that declares no color-scheme gets a light card, the system dark or not.
  for (const colorScheme of ["dark", "light"]) {
    const p = await strictPage(browser, { colorScheme });
    await p.goto(`${strict.url}plain.html`);
    await ready(p, "a");
    check((await scheme(p, "a")) === "light", `a page without color-scheme, system ${colorScheme}: a light card (${await scheme(p, "a")})`);
    if (colorScheme === "dark") {
      // The page turns dark-capable at run time: the card follows it, and back.
      await p.evaluate(() => document.documentElement.classList.add("both"));
      await p.waitForFunction(() => getComputedStyle(document.getElementById("a").shadowRoot.querySelector(".clarify")).color === "rgb(228, 231, 238)", null, { timeout: 2000 }).catch(() => {});
      check((await scheme(p, "a")) === "dark", `the page's color-scheme turned "light dark" on a dark system: a dark card (${await scheme(p, "a")})`);
      await p.evaluate(() => document.documentElement.classList.remove("both"));
      await p.waitForTimeout(100);
      check((await scheme(p, "a")) === "light", `and back to none: light (${await scheme(p, "a")})`);
    }
    await p.context().close();
  }
  // A page that offers both follows the system; one that is only dark is dark.
  for (const [url, colorScheme, want] of [["meta.html", "dark", "dark"], ["meta.html", "light", "light"], ["dark.html", "light", "dark"]]) {
    const p = await strictPage(browser, { colorScheme });
    await p.goto(`${strict.url}${url}`);
    await ready(p, "a");
    check((await scheme(p, "a")) === want, `${url}, system ${colorScheme}: a ${want} card (${await scheme(p, "a")})`);
    if (url === "meta.html" && colorScheme === "dark") {
      await p.emulateMedia({ colorScheme: "light" });
      await p.waitForTimeout(100);
      check((await scheme(p, "a")) === "light", `the system turns light: so does the card (${await scheme(p, "a")})`);
    }
    await p.context().close();
  }
  // theme="dark" and theme="light" win over the page and the system; an invalid one is told and
  // drawn as auto. The placeholder is drawn in the same scheme before the wasm has come.
  {
    const p = await strictPage(browser, { colorScheme: "dark" });
    const lines = consoleOf(p);
    allowConsoleErrors(p, /theme attribute must be light, dark or auto/);
    let release;
    const held = new Promise((ok) => (release = ok));
    await p.route("**/*.wasm", async (route) => {
      await held;
      await route.continue();
    });
    await p.goto(`${strict.url}themes.html`);
    await p.locator("#light [data-testid=placeholder]").waitFor({ timeout: 10000 });
    check((await scheme(p, "light")) === "light" && (await scheme(p, "dark")) === "dark",
      `the placeholders take the theme: ${await scheme(p, "light")} ${await scheme(p, "dark")}`);
    release();
    for (const id of ["dark", "light", "odd"]) await ready(p, id);
    check((await scheme(p, "dark")) === "dark" && (await scheme(p, "light")) === "light" && (await scheme(p, "odd")) === "dark",
      `theme dark, light, and an invalid one as auto on a "light dark" page of a dark system: ${await scheme(p, "dark")} ${await scheme(p, "light")} ${await scheme(p, "odd")}`);
    const odd = (await p.evaluate(() => window.events)).filter((e) => e.id === "odd" && e.type === "clarify-error");
    check(odd.length === 1 && odd[0].detail.code === "bad_attribute" && odd[0].detail.message.includes("blue"), `an invalid theme is a clarify-error: ${JSON.stringify(odd)}`);
    check(lines.filter((l) => l.includes("theme attribute")).length === 1, `and one console line: ${JSON.stringify(lines)}`);
    await p.locator("#dark").evaluate((el) => el.setAttribute("theme", "light"));
    check((await scheme(p, "dark")) === "light", "a changed theme applies at once");
    await p.context().close();
  }
});

await main("invalid attributes are a plain line for the visitor, and one console line for the page", async (browser) => {
  // Every widget says a plain line in its visitor's language; the developer gets which
  // attribute and why once on the console and in each clarify-error.
  {
    const p = await strictPage(browser);
    const lines = consoleOf(p);
    allowConsoleErrors(p, /max-questions attribute must be a whole number/);
    await p.goto(`${strict.url}bad.html`);
    const line = (id) => p.locator(`#${id}`).evaluate((el) => el.shadowRoot.querySelector("[data-testid=error]")?.textContent ?? "");
    await p.waitForFunction(() => document.getElementById("fr").shadowRoot.querySelector("[data-testid=error]")?.textContent.startsWith("Désolé"), null, { timeout: 20000 });
    const en = await line("en"), fr = await line("fr");
    check(en === "Sorry, this is not available right now." && fr === "Désolé, ce service n’est pas disponible pour le moment.",
      `a plain line in each visitor's language: ${JSON.stringify([en, fr])}`);
    const events = (await p.evaluate(() => window.events)).filter((e) => e.type === "clarify-error");
    check(events.length === 2 && events.every((e) => e.detail.code === "bad_attribute" && e.detail.message.includes("max-questions") && e.detail.message.includes("two")),
      `each widget's clarify-error names the attribute: ${JSON.stringify(events)}`);
    const told = lines.filter((l) => l.includes("max-questions"));
    check(told.length === 1 && told[0].startsWith("clarify-widget:"), `one console line for the page: ${JSON.stringify(lines)}`);
    await p.context().close();
  }
});

await main("a wasm the page's policy refuses is a plain line for the visitor, and one console line for the page", async (browser) => {
  // A plain line in each widget, in its visitor's language, never the policy; one console line
  // naming the fix.
  {
    const p = await strictPage(browser);
    const lines = consoleOf(p);
    allowConsoleErrors(p, /Failed to load resource|Content Security Policy|Content-Security-Policy|wasm-unsafe-eval|WebAssembly/);
    await p.goto(`${noWasm.url}blocked.html`);
    await p.locator("#de [data-testid=load-error]").waitFor({ timeout: 20000 });
    await p.locator("#en [data-testid=load-error]").waitFor({ timeout: 20000 });
    const box = (id) => p.locator(`#${id}`).evaluate((el) => el.shadowRoot.querySelector("[data-testid=load-error]").textContent);
    const en = await box("en"), de = await box("de");
    check(en === "Sorry, this is not available right now." && de === "Das ist im Moment leider nicht verfügbar.",
      `a plain line in each visitor's language: ${JSON.stringify([en, de])}`);
    const events = (await p.evaluate(() => window.events)).filter((e) => e.type === "clarify-error");
    check(events.length === 2 && events.every((e) => e.detail.code === "wasm_blocked" && /wasm-unsafe-eval/.test(e.detail.message)),
      `the reason in each clarify-error: ${JSON.stringify(events)}`);
    const told = lines.filter((l) => l.startsWith("clarify-embed:"));
    check(told.length === 1 && told[0].includes("To fix: add 'wasm-unsafe-eval'"), `one console line naming the fix: ${JSON.stringify(told)}`);
    await p.context().close();
  }
});

await main("the placeholder speaks the visitor's language before the wasm has come", async (browser) => {
  {
    const p = await strictPage(browser);
    let release;
    const held = new Promise((ok) => (release = ok));
    await p.route("**/*.wasm", async (route) => {
      await held;
      await route.continue();
    });
    await p.goto(`${strict.url}ja.html`);
    await p.locator("#ja [data-testid=placeholder]").waitFor({ timeout: 10000 });
    const waiting = await p.locator("#ja").evaluate((el) => el.shadowRoot.querySelector("[data-testid=placeholder]").textContent);
    check(waiting === "読み込み中…", `the placeholder in Japanese: ${waiting}`);
    release();
    await ready(p, "ja");
    await p.context().close();
  }
});
await strict.close();
await noWasm.close();
