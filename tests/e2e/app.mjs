// The built app, served from dist/, really renders and works in headless Chromium.
// A green trunk build proves nothing (a broken wasm-opt yields a blank page), so this loads it,
// answers a question with the keyboard, reloads in the middle of the next one (half-typed text
// survives) and finishes; then copies the prompt, and on a touch screen shows no key hint.
// Before all that: the page's shell works before the wasm has arrived (the wasm is held back):
// a request typed and sent then is answered once the engine is ready.
import { join } from "node:path";
import { serve, main, strictPage, shot, check, root, STRICT_CSP } from "./lib.mjs";

/** The app's page, failing the check on a console warning too (not only on an error). */
async function appPage(browser, options) {
  const page = await strictPage(browser, options);
  page.on("console", (m) => m.type() === "warning" && page.errors.push(`warning: ${m.text()}`));
  return page;
}

// Served with the strict policy as a header: no inline script or style may be needed.
const server = await serve(join(root, "dist"), { headers: { "content-security-policy": STRICT_CSP } });
await main("the built app asks, survives a reload and answers", async (browser) => {
  const early = await appPage(browser);
  let release;
  const held = new Promise((ok) => (release = ok));
  await early.route("**/*.wasm", async (route) => {
    await held;
    await route.continue();
  });
  await early.goto(server.url, { waitUntil: "domcontentloaded" });
  await early.waitForSelector("[data-testid=shell-request]", { state: "visible", timeout: 5000 });
  check(await early.isVisible("[data-testid=shell-loading]"), "the shell says the engine is loading");
  check(
    await early.evaluate(() => document.activeElement?.dataset.testid === "shell-request"),
    "the shell's request box has the focus",
  );
  await early.keyboard.type("my app crashes");
  await early.keyboard.press("Enter");
  await early.waitForSelector("#clarify-shell[data-queued]", { timeout: 2000 });
  check(!(await early.$("[data-testid=app-ready]")), "the engine has not started yet");
  release();
  await early.waitForSelector("[data-testid=question-card]", { timeout: 15000 });
  check((await early.textContent("[data-testid=conv-request]")).includes("my app crashes"), "the held request was sent");
  check(!(await early.$("#clarify-shell")), "the shell is gone");
  check((await early.inputValue("[data-testid=request]")) === "", "the request box is empty after sending");
  check(early.errors.length === 0, `no console errors: ${early.errors.join("; ")}`);
  await early.context().close();

  const page = await appPage(browser);
  await page.goto(server.url);
  await page.waitForSelector("[data-testid=app-ready]", { timeout: 15000 });
  check(await page.isVisible("[data-testid=offline-banner]"), "offline mode is stated");
  check(
    await page.evaluate(() => document.activeElement?.dataset.testid === "request"),
    "the request box has the focus on load",
  );
  await page.fill("[data-testid=request]", "my app crashes");
  await page.click("[data-testid=submit]");
  const card = await page.waitForSelector("[data-testid=question-card]", { timeout: 5000 });
  check((await card.textContent()).includes("Which Android version?"), "the card shows the question");
  check(
    await page.evaluate(() => document.activeElement?.dataset.testid === "question-card"),
    "focus moved to the card",
  );
  await page.screenshot({ path: await shot("app-question.png") });

  // Keyboard: 2 picks the second option, Enter continues.
  await page.keyboard.press("2");
  check(
    (await page.getAttribute("[data-testid=option] >> nth=1", "aria-checked")) === "true",
    "digit 2 picked the second option",
  );
  check(await page.isVisible("[data-testid=keys-hint]"), "the key hint shows with a mouse and keys");
  await page.keyboard.press("Enter");
  await page.waitForSelector("text=Describe the error", { timeout: 5000 });

  // Reload in the middle of the second question: same question, first answer kept, and what
  // was half-typed in the card and in the request box is still there.
  await page.fill("[data-testid=free-text]", "It closes on st");
  await page.fill("[data-testid=request]", "Also, my wat");
  await page.reload();
  await page.waitForSelector("[data-testid=app-ready]", { timeout: 15000 });
  await page.waitForSelector("text=Describe the error", { timeout: 5000 });
  const answers = await page.$$eval("[data-testid=conv-answer]", (els) => els.map((e) => e.textContent));
  check(answers.length === 1 && answers[0] === "Android 13", `first answer kept: ${answers}`);
  check((await page.inputValue("[data-testid=free-text]")) === "It closes on st", "the half-typed answer survived the reload");
  check((await page.inputValue("[data-testid=request]")) === "Also, my wat", "the half-typed request box survived the reload");
  await page.fill("[data-testid=request]", "");

  await page.fill("[data-testid=free-text]", "<b>It closes</b> on start");
  await page.click("[data-testid=continue]");
  const answer = await page.waitForSelector("[data-testid=answer-text]", { timeout: 5000 });
  check((await answer.textContent()).includes("<b>It closes</b>"), "user text is shown as text");
  check((await page.$$("[data-testid=answer] b")).length === 0, "no element came from user text");
  check(
    await page.evaluate(() => document.activeElement?.dataset.testid === "answer-heading"),
    "focus went to the answer after the last question",
  );

  // Copy prompt, with the clipboard granted: the enriched prompt is on it, and the app says so.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  await page.click("[data-testid=copy-prompt]");
  await page.waitForSelector("[data-testid=answer-note]:has-text('Copied')", { timeout: 5000 });
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  check(copied.includes("my app crashes") && copied.includes("It closes"), `the prompt was copied: ${copied.slice(0, 80)}`);
  check(page.errors.length === 0, `no console errors: ${page.errors.join("; ")}`);
  const violations = await page.evaluate(() => window.cspViolations);
  check(violations.length === 0, `no CSP violations: ${violations.join("; ")}`);

  // A touch screen has no keys to press: the card shows no key hint there.
  const touch = await appPage(browser, { hasTouch: true, isMobile: true, viewport: { width: 390, height: 800 } });
  await touch.goto(server.url);
  await touch.waitForSelector("[data-testid=app-ready]", { timeout: 15000 });
  await touch.fill("[data-testid=request]", "my app crashes");
  await touch.click("[data-testid=submit]");
  await touch.waitForSelector("[data-testid=question-card]", { timeout: 5000 });
  check(await touch.$("[data-testid=keys-hint]"), "the hint is in the card");
  check(!(await touch.isVisible("[data-testid=keys-hint]")), "the key hint is hidden on a touch screen");
  // On a 390 px phone the request box's placeholder (the pending one, the longest) fits in it:
  // laid out in a copy of the box's width and font, it is no taller than the box.
  const fit = await touch.evaluate(() => {
    const box = document.querySelector("[data-testid=request]");
    const style = getComputedStyle(box);
    const copy = document.createElement("div");
    for (const p of ["font", "letterSpacing", "padding", "border", "boxSizing", "width", "lineHeight"]) copy.style[p] = style[p];
    copy.style.width = `${box.offsetWidth}px`;
    copy.style.whiteSpace = "pre-wrap";
    copy.textContent = box.placeholder;
    document.body.append(copy);
    const needed = copy.offsetHeight;
    copy.remove();
    return { needed, has: box.offsetHeight, placeholder: box.placeholder };
  });
  check(fit.needed <= fit.has, `the placeholder fits the box on a phone: ${JSON.stringify(fit)}`);
  await touch.context().close();
});
await server.close();
