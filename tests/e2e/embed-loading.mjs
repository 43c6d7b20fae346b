// How the package loads, in headless Chromium: importing it does nothing (no element, no fetch);
// a registered element shows a placeholder until the wasm is ready, then the card; `loading="lazy"`
// waits until the element comes into view; and a wasm that cannot be loaded — a 404, a server
// answering with its HTML page, a Content-Security-Policy without 'wasm-unsafe-eval' — is a
// plain line for the visitor in the element, a `clarify-error` with a typed code and one console
// error naming the fix, while the host page goes on. The placeholder has the card's frame and
// font, from the documented custom properties.
import { cp, mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { serve, main, strictPage, check, root, STRICT_CSP, allowConsoleErrors } from "./lib.mjs";

const site = join(root, "target/e2e/embed-loading-site");
await rm(site, { recursive: true, force: true });
await mkdir(site, { recursive: true });
await cp(join(root, "target/embed"), join(site, "embed"), { recursive: true });
await cp(join(root, "examples/host-page/favicon.svg"), join(site, "favicon.svg"));
const page = (body, script, head = "") => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>
<link rel="icon" href="favicon.svg">${head}<script type="module" src="${script}"></script></head><body>${body}</body></html>`;
await writeFile(join(site, "import-only.js"), `import * as clarify from "./embed/clarify-element.js";
window.imported = { defined: Boolean(customElements.get("clarify-widget")), clarifier: typeof clarify.Clarifier, widget: typeof clarify.ClarifyWidget };
`);
await writeFile(join(site, "import-only.html"), page("<h1>Host</h1><clarify-widget></clarify-widget>", "import-only.js"));
await writeFile(join(site, "host.js"), `import { defineClarifyWidget } from "./embed/clarify-element.js";
window.events = [];
for (const type of ["clarify-ready", "clarify-error"]) document.addEventListener(type, (e) => window.events.push([type, e.detail]));
document.getElementById("host-button").addEventListener("click", () => { document.getElementById("out").textContent = "the host works"; });
defineClarifyWidget();
`);
await writeFile(join(site, "index.html"), page(
  `<h1>Host</h1><button id="host-button" type="button">Host button</button><p id="out"></p><clarify-widget max-questions="2"></clarify-widget>`, "host.js"));
await writeFile(join(site, "lazy.css"), ".spacer { height: 3000px; }\n");
await writeFile(join(site, "theme.css"), "clarify-widget { --clarify-surface: rgb(1, 2, 3); --clarify-radius: 3px; font-family: Georgia, serif; }\n");
// A host page with a dark scheme of its own (it offers both): the card follows it.
await writeFile(join(site, "themed.html"), page(
  `<h1>Host</h1><button id="host-button" type="button">Host button</button><p id="out"></p><link rel="stylesheet" href="theme.css"><clarify-widget></clarify-widget>`, "host.js",
  `<meta name="color-scheme" content="light dark">`));
await writeFile(join(site, "lazy.html"), page(
  `<h1>Host</h1><button id="host-button" type="button">Host button</button><p id="out"></p><link rel="stylesheet" href="lazy.css"><div class="spacer"></div><clarify-widget loading="lazy"></clarify-widget>`, "host.js"));

const strict = await serve(site, { headers: { "content-security-policy": STRICT_CSP } });
const noWasm = await serve(site, { headers: { "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self'" } });
const wasmRequests = (p) => {
  const seen = [];
  p.on("request", (r) => r.url().endsWith(".wasm") && seen.push(r.url()));
  return seen;
};
/** The element's placeholder or error box: its test id, role and text. */
const box = (p) => p.locator("clarify-widget").first().evaluate((el) => {
  const b = el.shadowRoot.querySelector("[data-testid=placeholder], [data-testid=load-error]");
  return b && { id: b.dataset.testid, role: b.getAttribute("role"), text: b.textContent, part: b.getAttribute("part") };
});
/** How the placeholder (or, once loaded, the card's frame) looks: what would move if they differed. */
const looks = (p, selector) => p.locator("clarify-widget").first().evaluate((el, selector) => {
  const s = getComputedStyle(el.shadowRoot.querySelector(selector));
  return { font: `${s.fontSize}/${s.lineHeight} ${s.fontFamily}`, border: s.borderTopWidth, padding: s.paddingTop,
    background: s.backgroundColor, radius: s.borderTopLeftRadius, maxWidth: s.maxWidth };
}, selector);
const hostWorks = async (p) => {
  await p.click("#host-button");
  return (await p.textContent("#out")) === "the host works";
};
/** Chromium logs a failed resource load (and a CSP refusal) as a console error: those are expected here. */
const unexpected = (p) => p.errors.filter((e) => !/Failed to load resource|Content Security Policy|wasm-unsafe-eval|WebAssembly/.test(e));

await main("the package loads only when asked, shows a placeholder, and fails without breaking the host", async (browser) => {
  // 1. Importing registers nothing and fetches nothing.
  const imp = await strictPage(browser);
  const impWasm = wasmRequests(imp);
  await imp.goto(`${strict.url}import-only.html`);
  await imp.waitForFunction(() => window.imported, null, { timeout: 10000 });
  await imp.waitForTimeout(300);
  const imported = await imp.evaluate(() => window.imported);
  check(!imported.defined && imported.clarifier === "undefined" && imported.widget === "function" && impWasm.length === 0,
    `importing the entry does nothing: ${JSON.stringify({ imported, wasm: impWasm })}`);
  await imp.context().close();

  // 2. A slow wasm: the placeholder, the host usable meanwhile, then the card and clarify-ready.
  const slow = await strictPage(browser);
  let release;
  const held = new Promise((ok) => (release = ok));
  await slow.route("**/*.wasm", async (route) => {
    await held;
    await route.continue();
  });
  await slow.goto(strict.url);
  await slow.locator("clarify-widget [data-testid=placeholder]").waitFor({ timeout: 10000 });
  const waiting = await box(slow);
  check(waiting.role === "status" && waiting.text.includes("Loading") && waiting.part === "placeholder", `a placeholder while loading: ${JSON.stringify(waiting)}`);
  check(await hostWorks(slow), "the host page works while the wasm loads");
  const before = await looks(slow, "[data-testid=placeholder]");
  release();
  await slow.locator("clarify-widget [data-testid=request]").waitFor({ timeout: 20000 });
  const after = await looks(slow, ".clarify");
  check(JSON.stringify(before) === JSON.stringify(after), `the placeholder has the card's frame and font: ${JSON.stringify({ before, after })}`);
  await slow.waitForFunction(() => window.events.some(([t]) => t === "clarify-ready"), null, { timeout: 5000 });
  check((await box(slow)) === null, "the placeholder gave way to the card");
  check(slow.errors.length === 0, `no console errors: ${slow.errors.join("; ")}`);
  await slow.context().close();

  // 2b. Dark, with the host's theme: the placeholder takes the documented properties, as the card does.
  const dark = await strictPage(browser, { colorScheme: "dark" });
  let releaseDark;
  const heldDark = new Promise((ok) => (releaseDark = ok));
  await dark.route("**/*.wasm", async (route) => {
    await heldDark;
    await route.continue();
  });
  await dark.goto(`${strict.url}themed.html`);
  await dark.locator("clarify-widget [data-testid=placeholder]").waitFor({ timeout: 10000 });
  const themed = await looks(dark, "[data-testid=placeholder]");
  releaseDark();
  await dark.locator("clarify-widget [data-testid=request]").waitFor({ timeout: 20000 });
  const card = await looks(dark, ".clarify");
  check(themed.background === "rgb(1, 2, 3)" && themed.radius === "3px" && themed.font.includes("Georgia"),
    `the placeholder follows --clarify-surface, --clarify-radius and the page's font: ${JSON.stringify(themed)}`);
  check(JSON.stringify(themed) === JSON.stringify(card), `dark: the placeholder looks like the card: ${JSON.stringify({ themed, card })}`);
  await dark.context().close();

  // 3. Failures: a 404, an HTML page where the wasm should be, a CSP without 'wasm-unsafe-eval'.
  const failures = [
    ["a 404", strict.url, (p) => p.route("**/*.wasm", (r) => r.fulfill({ status: 404, body: "not found" })), "wasm_not_found"],
    ["an HTML page", strict.url, (p) => p.route("**/*.wasm", (r) => r.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><p>app</p>" })), "wasm_not_found"],
    ["a CSP without 'wasm-unsafe-eval'", noWasm.url, async () => {}, "wasm_blocked"],
  ];
  for (const [what, url, arrange, code] of failures) {
    const p = await strictPage(browser);
    // The failed load itself is logged by Chromium (a 404, a wasm that does not compile, the
    // policy refusing WebAssembly): what this step brings about, not a fault of the package.
    allowConsoleErrors(p, /Failed to load resource|Content Security Policy|wasm-unsafe-eval|WebAssembly/);
    await arrange(p);
    await p.goto(url);
    await p.locator("clarify-widget [data-testid=load-error]").waitFor({ timeout: 20000 });
    const shown = await box(p);
    const events = await p.evaluate(() => window.events);
    check(shown.role === "alert" && shown.text === "Sorry, this is not available right now.",
      `${what}: the element says it plainly to the visitor: ${JSON.stringify(shown)}`);
    check(events.length === 1 && events[0][0] === "clarify-error" && events[0][1].code === code,
      `${what}: one clarify-error ${code}: ${JSON.stringify(events)}`);
    check(await hostWorks(p), `${what}: the host page still works`);
    // start() is refused, and says why as the docs promise: a clarify-error with the load's code.
    const started = await p.evaluate(() => document.querySelector("clarify-widget").start("Plan a trip"));
    const after = await p.evaluate(() => window.events);
    check(started === false && after.length === 2 && after[1][0] === "clarify-error" && after[1][1].code === code,
      `${what}: start() refused with a clarify-error ${code}: ${JSON.stringify(after)}`);
    check(unexpected(p).length === 0, `${what}: no uncaught error: ${unexpected(p).join("; ")}`);
    const told = p.errors.filter((e) => e.includes("clarify-embed:"));
    const fix = { wasm_not_found: "To fix: serve clarify-embed_bg.wasm", wasm_blocked: "To fix: add 'wasm-unsafe-eval'" }[code];
    check(told.length === 1 && told[0].includes(fix),
      `${what}: one console error from the package, naming the fix: ${JSON.stringify(told)}`);
    await p.context().close();
  }

  // 4. loading="lazy": nothing is fetched until the element comes into view.
  const lazy = await strictPage(browser);
  const lazyWasm = wasmRequests(lazy);
  await lazy.goto(`${strict.url}lazy.html`);
  await lazy.locator("clarify-widget [data-testid=placeholder]").waitFor({ state: "attached", timeout: 10000 });
  await lazy.waitForTimeout(500);
  check(lazyWasm.length === 0, `lazy: no wasm before the element is in view (${lazyWasm.length})`);
  await lazy.locator("clarify-widget").scrollIntoViewIfNeeded();
  await lazy.locator("clarify-widget [data-testid=request]").waitFor({ timeout: 20000 });
  check(lazyWasm.length === 1, `lazy: the wasm once in view (${lazyWasm.length})`);
  check(lazy.errors.length === 0, `no console errors: ${lazy.errors.join("; ")}`);
  await lazy.context().close();
});
await strict.close();
await noWasm.close();
