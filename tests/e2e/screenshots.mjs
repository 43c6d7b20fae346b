// Screenshots of the built app for people who would rather look than read: the question card
// in each priority, the settings and a handoff, in English and Chinese (the browser's language
// picks the chrome's), and the card and the settings in each of the chrome's other languages,
// where no English word of the chrome may show. Saved under target/screenshots/; the best go to
// docs/screenshots/.
import { cp, mkdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { serve, main, strictPage, check, root, STRICT_CSP } from "./lib.mjs";

const out = join(root, "target/screenshots");
await mkdir(out, { recursive: true });
const server = await serve(join(root, "dist"));

async function open(browser, locale) {
  const page = await strictPage(browser, { locale, viewport: { width: 900, height: 760 } });
  await page.goto(server.url);
  await page.waitForSelector("[data-testid=app-ready]", { timeout: 15000 });
  return page;
}

async function ask(page, request) {
  await page.fill("[data-testid=request]", request);
  await page.click("[data-testid=submit]");
  await page.waitForSelector("[data-testid=question-card]", { timeout: 5000 });
}

async function snap(page, name) {
  await page.screenshot({ path: join(out, name), fullPage: true });
  console.log(`  ${name}`);
}

async function priority(page) {
  return page.getAttribute("[data-testid=question-card]", "data-priority");
}

await main("screenshots of the card, the settings and a handoff in English and Chinese", async (browser) => {
  for (const [lang, locale, crash] of [
    ["en", "en-US", "my app crashes"],
    ["zh", "zh-CN", "悠遊卡 投遞的格式、成效"],
  ]) {
    // Each priority: the crash document asks critical then important; the EasyCard report asks
    // which campaign (critical), the period (important) and the format (helpful).
    const page = await open(browser, locale);
    const seen = new Set();
    await ask(page, crash);
    for (let i = 0; i < 3 && (await page.$("[data-testid=question-card]")); i++) {
      const p = await priority(page);
      if (!seen.has(p)) {
        seen.add(p);
        await snap(page, `${lang}-card-${p}.png`);
      }
      if (await page.$("[data-testid=option]")) await page.keyboard.press("1");
      else await page.fill("[data-testid=free-text]", "It closes right after the splash screen");
      await page.keyboard.press("Enter");
      await page.waitForTimeout(100);
    }
    if (!seen.has("helpful")) {
      await page.click("[data-testid=start-over]");
      await ask(page, "悠遊卡 投遞的格式、成效");
      for (let i = 0; i < 3 && (await priority(page)) !== "helpful"; i++) {
        await page.keyboard.press("1");
        await page.keyboard.press("Enter");
        await page.waitForTimeout(100);
      }
      seen.add(await priority(page));
      await snap(page, `${lang}-card-helpful.png`);
    }
    check(["critical", "important", "helpful"].every((p) => seen.has(p)), `${lang}: every priority: ${[...seen]}`);

    await page.click("[data-testid=start-over]");
    await page.click("[data-testid=settings-toggle]");
    await page.waitForSelector("[data-testid=settings]");
    await snap(page, `${lang}-settings.png`);
    await page.click("[data-testid=settings-toggle]");

    await ask(page, "I want a refund, I was charged twice");
    await page.keyboard.press("1");
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-testid=free-text]");
    await page.fill("[data-testid=free-text]", "INV-2291");
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-testid=handoff]", { timeout: 5000 });
    await page.click("[data-testid=trace] summary");
    await snap(page, `${lang}-handoff.png`);
    check(page.errors.length === 0, `no console errors: ${page.errors.join("; ")}`);
    await page.context().close();
  }
});
// The card and the settings in every language but English, the browser's language choosing it:
// the chrome's words come from words/<tag>.json, fetched beside the wasm. What the chrome shows
// (everything but the question's own words, which carry their own `lang`) holds no English
// wording of the catalogue that the language words otherwise.
const english = JSON.parse(await readFile(join(root, "web/words/en.json"), "utf8"));
await main("the card and the settings in every language, no English chrome", async (browser) => {
  for (const [tag, locale] of [
    ["zh-Hans", "zh-CN"], ["zh-Hant", "zh-TW"], ["ja", "ja-JP"], ["ko", "ko-KR"], ["es", "es-ES"],
    ["fr", "fr-FR"], ["de", "de-DE"], ["pt", "pt-BR"], ["it", "it-IT"],
  ]) {
    const own = JSON.parse(await readFile(join(root, "web/words", `${tag}.json`), "utf8"));
    // English wordings of two words or more that this language words differently.
    const foreign = Object.entries(english)
      .map(([key, { message }]) => [key, message.trim()])
      .filter(([key, message]) => message.includes(" ") && own[key].trim() !== message);
    const page = await open(browser, locale);
    await page.waitForSelector(`html[lang="${tag}"]`, { timeout: 10000 });
    await ask(page, "my app crashes");
    await snap(page, `${tag}-card.png`);
    const chrome = await page.evaluate(() => {
      const parts = [...document.querySelectorAll("[data-testid=question-card], .request-row, label[for=request]")];
      return parts.map((el) => {
        const copy = el.cloneNode(true);
        copy.querySelectorAll("[lang]").forEach((q) => q.remove());
        const placeholders = [...copy.querySelectorAll("[placeholder]")].map((f) => f.getAttribute("placeholder"));
        return [copy.textContent, ...placeholders].join("\n");
      }).join("\n");
    });
    await page.click("[data-testid=settings-toggle]");
    await page.waitForSelector("[data-testid=settings]");
    await snap(page, `${tag}-settings.png`);
    const settings = await page.textContent("[data-testid=settings]");
    for (const [where, text] of [["card", chrome], ["settings", settings]]) {
      const shown = foreign.filter(([, message]) => text.includes(message)).map(([key]) => key);
      check(shown.length === 0, `${tag} ${where}: English words ${shown.join(", ")}`);
    }
    check(chrome.length > 40, `${tag}: the card's chrome was read (${chrome.length} characters)`);
    check(page.errors.length === 0, `no console errors: ${page.errors.join("; ")}`);
    await page.context().close();
  }
});
await server.close();

// The widget's card in every language but English, on the host page with the bundle of
// target/embed/ (scripts/build-embed), its words fetched from embed/words/<tag>.json.
const site = join(root, "target/e2e/screenshots-site");
await rm(site, { recursive: true, force: true });
await mkdir(site, { recursive: true });
await cp(join(root, "examples/host-page"), site, { recursive: true });
await cp(join(root, "target/embed"), join(site, "embed"), { recursive: true });
const host = await serve(site, { headers: { "content-security-policy": STRICT_CSP } });
await main("the widget's card in every language, no English chrome", async (browser) => {
  const page = await strictPage(browser, { viewport: { width: 900, height: 900 } });
  await page.goto(host.url);
  await page.waitForFunction(() => document.getElementById("trip")?.clarifier, null, { timeout: 15000 });
  for (const [tag, attribute] of [
    ["zh-Hans", "zh-CN"], ["zh-Hant", "zh-HK"], ["ja", "ja"], ["ko", "ko-KR"], ["es", "es-MX"],
    ["fr", "fr"], ["de", "de-AT"], ["pt", "pt-BR"], ["it", "it"],
  ]) {
    const own = JSON.parse(await readFile(join(root, "web/words", `${tag}.json`), "utf8"));
    const foreign = Object.entries(english)
      .map(([key, { message }]) => [key, message.trim()])
      .filter(([key, message]) => message.includes(" ") && own[key].trim() !== message);
    await page.evaluate((language) => {
      document.getElementById("shot")?.remove();
      const w = document.createElement("clarify-widget");
      w.id = "shot";
      w.setAttribute("language", language);
      document.body.prepend(w);
    }, attribute);
    await page.waitForFunction((lang) => document.getElementById("shot")?.shadowRoot.querySelector(".clarify")?.lang === lang, tag, { timeout: 10000 });
    await page.evaluate(() => document.getElementById("shot").start("Plan a trip to Paris"));
    const widget = page.locator("#shot");
    await widget.locator("[data-testid=question-card]").waitFor({ timeout: 5000 });
    await widget.screenshot({ path: join(out, `widget-${tag}-card.png`) });
    console.log(`  widget-${tag}-card.png`);
    const chrome = await widget.evaluate((el) => {
      const copy = el.shadowRoot.querySelector(".clarify").cloneNode(true);
      copy.querySelectorAll("[lang]").forEach((q) => q.remove());
      const placeholders = [...copy.querySelectorAll("[placeholder]")].map((f) => f.getAttribute("placeholder"));
      return [copy.textContent, ...placeholders].join("\n");
    });
    const shown = foreign.filter(([, message]) => chrome.includes(message)).map(([key]) => key);
    check(shown.length === 0, `widget ${tag}: English words ${shown.join(", ")}`);
  }
  check(page.errors.length === 0, `no console errors: ${page.errors.join("; ")}`);
  await page.context().close();
});
await host.close();
