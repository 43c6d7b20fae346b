// Accessibility: axe-core (pinned by scripts/setup) in headless Chromium, on every state a user
// meets — the app idle, the card at each priority, settings open, trace open, completed, in
// Chinese — and on the host page scoped to the widgets, light and dark, with and without a host
// theme set through the widget's custom properties. Any violation, of any impact, fails.
//
// axe is injected as a script tag; the pages' CSP would refuse that, so these contexts bypass
// CSP (the CSP itself is checked by app.mjs and embed.mjs).
import { cp, mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { serve, launch, check, root } from "./lib.mjs";

const AXE = join(root, ".tools/node/node_modules/axe-core/axe.min.js");
let failures = 0;

/** Runs axe on `page` (within `include`, if given) and reports each violation with its nodes. */
async function audit(page, state, include) {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(async (include) => {
    const context = include ? { include: [include] } : document;
    const r = await window.axe.run(context, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.failureSummary?.split("\n")[1] ?? ""}`),
    }));
  }, include ?? null);
  if (result.length === 0) {
    console.log(`ok   ${state}: no violations`);
    return;
  }
  failures++;
  console.log(`FAIL ${state}: ${result.length} violation(s)`);
  for (const v of result) console.log(`     ${v.id} (${v.impact})\n       ${v.nodes.join("\n       ")}`);
}

/** Contrast ratio of an `rgb(…)`/`rgba(…)` colour against white (WCAG relative luminance). */
function contrastOnWhite(css) {
  const [r, g, b, a = 1] = css.match(/[\d.]+/g).map(Number);
  const mix = (c) => (c * a + 255 * (1 - a)) / 255; // a translucent ring is seen over white
  const lin = (c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const l = 0.2126 * lin(mix(r)) + 0.7152 * lin(mix(g)) + 0.0722 * lin(mix(b));
  return 1.05 / (l + 0.05);
}

/** Focus rings of the card, an option and a button, reached by keyboard, are ≥ 3:1 on white. */
async function checkFocusRings(page) {
  const rings = [];
  await page.keyboard.press("Shift"); // a keyboard user: focus moved by script shows its ring too
  await page.focus("[data-testid=question-card]");
  rings.push(["card", await page.$eval("[data-testid=question-card]", (e) => getComputedStyle(e).boxShadow)]);
  await page.keyboard.press("Tab"); // into the options
  rings.push(["option", await page.evaluate(() => getComputedStyle(document.activeElement).outlineColor)]);
  await page.focus("[data-testid=dont-know]");
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  rings.push(["button", await page.evaluate(() => getComputedStyle(document.activeElement).outlineColor)]);
  for (const [what, css] of rings) {
    const ratio = contrastOnWhite(css.match(/rgba?\([^)]*\)/)?.[0] ?? "rgb(255,255,255)");
    if (ratio >= 3) console.log(`ok   focus ring of the ${what}: ${ratio.toFixed(2)}:1`);
    else {
      failures++;
      console.log(`FAIL focus ring of the ${what}: ${ratio.toFixed(2)}:1 (${css}), needs 3:1`);
    }
  }
}

const browser = await launch();
const app = await serve(join(root, "dist"));
try {
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  await page.goto(app.url);
  await page.waitForSelector("[data-testid=app-ready]", { timeout: 20000 });
  await audit(page, "app idle");

  await page.click("[data-testid=settings-toggle]");
  await page.waitForSelector("[data-testid=settings]");
  await audit(page, "settings open");
  await page.click("[data-testid=settings-toggle]");

  // Cards: requests the offline product asks about, until each priority was audited. The
  // Chinese one is the demo knowledge base's campaign report (important, then helpful).
  const seen = new Set();
  for (const request of ["Plan a trip to Paris", "我想看悠遊卡活動的成效報表"]) {
    if (await page.isEnabled("[data-testid=start-over]")) await page.click("[data-testid=start-over]");
    await page.fill("[data-testid=request]", request);
    await page.click("[data-testid=submit]");
    for (let i = 0; i < 4; i++) {
      const card = await page.waitForSelector("[data-testid=question-card], [data-testid=answer]", { timeout: 5000 });
      if ((await card.getAttribute("data-testid")) !== "question-card") break;
      const priority = await card.getAttribute("data-priority");
      const chinese = /\p{Script=Han}/u.test(request);
      if (!seen.has(priority) || (chinese && i === 0)) {
        seen.add(priority);
        await audit(page, `card, ${priority} ("${request}")`);
      }
      if (seen.size === 1 && i === 0) await checkFocusRings(page);
      const text = await page.textContent("[data-testid=question-text]");
      await page.click("[data-testid=dont-know]");
      await page.waitForFunction(
        (before) => document.querySelector("[data-testid=question-text]")?.textContent !== before,
        text,
        { timeout: 5000 },
      );
    }
  }
  check(seen.size === 3, `cards of all three priorities were audited (saw: ${[...seen]})`);

  await page.waitForSelector("[data-testid=answer]", { timeout: 5000 });
  await audit(page, "completed");
  await page.click("[data-testid=trace] summary");
  await audit(page, "trace open");
  await page.click("[data-testid=settings-toggle]");
  await page.selectOption("[data-testid=set-language]", "zh");
  await page.click("[data-testid=settings-toggle]");
  // <html lang> follows the chrome, which follows the setting (never the conversation's language).
  await page.waitForFunction(() => document.documentElement.lang === "zh-Hans", null, { timeout: 5000 });
  await audit(page, "Chinese chrome, completed");

  await context.close();
} catch (e) {
  failures++;
  console.log(`FAIL app states: ${e.stack ?? e}`);
}

// The same states a dark-mode user meets (prefers-color-scheme: dark): every contrast again.
try {
  const context = await browser.newContext({ bypassCSP: true, colorScheme: "dark", viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  await page.goto(app.url);
  await page.waitForSelector("[data-testid=app-ready]", { timeout: 20000 });
  check(
    (await page.evaluate(() => getComputedStyle(document.body).backgroundColor)) !== "rgb(243, 245, 249)",
    "the dark scheme is applied",
  );
  await page.click("[data-testid=settings-toggle]");
  await audit(page, "dark: idle, settings open");
  await page.click("[data-testid=settings-toggle]");
  await page.fill("[data-testid=request]", "我想看悠遊卡活動的成效報表");
  await page.click("[data-testid=submit]");
  // On the second card, "Change" on the first answer: the note on a card being changed too.
  let changed = false;
  for (let i = 0; i < 6; i++) {
    const card = await page.waitForSelector("[data-testid=question-card], [data-testid=answer]", { timeout: 5000 });
    if ((await card.getAttribute("data-testid")) !== "question-card") break;
    await audit(page, `dark: card, ${await card.getAttribute("data-priority")}`);
    if (!changed && (await page.$("[data-testid=change-answer]"))) {
      changed = true;
      await page.click("[data-testid=change-answer]");
      await page.waitForSelector("[data-testid=changing]", { timeout: 5000 });
      await audit(page, "dark: changing an earlier answer");
    }
    const text = await page.textContent("[data-testid=question-text]");
    await page.click("[data-testid=dont-know]");
    await page.waitForFunction(
      (before) => document.querySelector("[data-testid=question-text]")?.textContent !== before,
      text,
      { timeout: 5000 },
    );
  }
  check(changed, "the card of a changed answer was audited in the dark");
  await page.click("[data-testid=trace] summary");
  await audit(page, "dark: completed, trace open");
  await context.close();
} catch (e) {
  failures++;
  console.log(`FAIL dark states: ${e.stack ?? e}`);
}
await app.close();

// The widgets on the host page, audited within the widgets only (the host page is not ours).
const site = join(root, "target/e2e/a11y-host-page");
await rm(site, { recursive: true, force: true });
await mkdir(site, { recursive: true });
await cp(join(root, "examples/host-page"), site, { recursive: true });
await cp(join(root, "target/embed"), join(site, "embed"), { recursive: true });
const host = await serve(site);
/** A host's own theme for the widget, through its documented custom properties (docs/embedding.md). */
const THEME = `clarify-widget { --clarify-accent: #0b6e4f; --clarify-radius: 4px; --clarify-font: Georgia, serif; }
@media (prefers-color-scheme: dark) {
  clarify-widget { --clarify-accent: #6fd3a8; --clarify-surface: #0f1a17; --clarify-surface-raised: #17261f; }
}`;
for (const [scheme, themed] of [["light", false], ["light", true], ["dark", false], ["dark", true]]) {
  const label = `${scheme}${themed ? ", host theme" : ""}`;
  try {
    const context = await browser.newContext({ bypassCSP: true, colorScheme: scheme });
    const page = await context.newPage();
    await page.goto(host.url);
    if (themed) await page.addStyleTag({ content: THEME });
    await page.waitForFunction(() => document.querySelector("clarify-widget")?.clarifier, null, { timeout: 20000 });
    // The host page is light only, so its widgets are light unless told otherwise (theme).
    if (scheme === "dark") await page.evaluate(() => document.querySelectorAll("clarify-widget").forEach((w) => w.setAttribute("theme", "dark")));
    const surface = await page.locator("#trip").evaluate((el) => getComputedStyle(el.shadowRoot.querySelector(".clarify")).color);
    check((scheme === "dark") === (surface !== "rgb(29, 35, 48)"), `${label}: the widget's scheme follows its theme (text ${surface})`);
    await audit(page, `widgets idle (${label})`, "clarify-widget");
    await page.evaluate(() => document.querySelector("#trip").start("Plan a trip to Paris"));
    const trip = page.locator("#trip");
    await trip.locator("[data-testid=question-card]").waitFor({ timeout: 5000 });
    if (themed) {
      const radius = await trip.locator("[data-testid=option]").first().evaluate((el) => getComputedStyle(el).borderTopLeftRadius);
      check(radius === "4px", `${label}: --clarify-radius reaches the options (${radius})`);
    }
    await audit(page, `widget with a card (${label})`, "clarify-widget");
    await trip.locator("[data-testid=option]").first().check();
    await audit(page, `widget with an option chosen (${label})`, "clarify-widget");
    await page.evaluate(() => document.querySelector("#trip").clarifier.skipAll());
    await trip.locator("[data-testid=answer]").waitFor({ timeout: 5000 });
    await audit(page, `widget with its answer (${label})`, "clarify-widget");
    await context.close();
  } catch (e) {
    failures++;
    console.log(`FAIL widget states (${label}): ${e.stack ?? e}`);
  }
}
await host.close();
await browser.close();
if (failures) {
  console.log(`accessibility: ${failures} state(s) with violations`);
  process.exit(1);
}
console.log("accessibility: no violations in any state");
