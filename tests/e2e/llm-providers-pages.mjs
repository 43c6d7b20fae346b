// The app (dist/) and <clarify-widget> (target/embed/) against every provider fixture
// (tests/e2e/llm-providers.mjs, started by scripts/test.d/69-browser-providers), driven as a user
// drives them: the endpoint set in the settings panel or the element's attributes, the request
// typed, the endpoint's question answered on the card, the streamed answer shown. Each
// conversation is detected by the endpoint (its question, not the embedded detector's), the
// first detection takes at most 3 calls (1 with the profile named) and the answer 1; a second
// conversation on the same page takes 1 call each (the page learned); the trace names what was
// adapted. Both pages are served under the strict policy with the fixtures' origin in
// connect-src, and no page may log an error or throw.
//
// Env: CLARIFY_LLM_PROVIDERS (the fixtures' URL), CLARIFY_LLM_PROVIDERS_KEY.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { root, launch, allowConsoleErrors, unexpectedConsoleErrors, STRICT_CSP } from "./lib.mjs";
import { cases } from "./provider-cases.mjs";

const base = process.env.CLARIFY_LLM_PROVIDERS;
const KEY = process.env.CLARIFY_LLM_PROVIDERS_KEY;
if (!base || !KEY) throw new Error("run scripts/test.d/69-browser-providers");
const QUESTION = "How many days will you stay in Paris?";
const ANSWER = "Day 1: the Louvre. Day 2: Montmartre.";
const WAITING = "Your endpoint is looking for what the request leaves open…";
const CSP = `${STRICT_CSP}; connect-src 'self' ${new URL(base).origin}`;

// The app at /, the widget's bundle under /embed/ and a page holding one widget at /widget.html.
const TYPES = { ".js": "text/javascript", ".wasm": "application/wasm", ".css": "text/css", ".html": "text/html; charset=utf-8", ".svg": "image/svg+xml" };
const esc = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const site = createServer(async (req, res) => {
  const url = new URL(req.url, "http://x");
  const headers = { "content-security-policy": CSP };
  if (url.pathname === "/favicon.ico") return res.writeHead(204).end();
  if (url.pathname === "/widget.html") {
    // The key is put in by the server, so that it is in no URL (and no log line naming one).
    const attrs = ["endpoint", "model", "profile"]
      .filter((a) => url.searchParams.get(a))
      .map((a) => `${a}="${esc(url.searchParams.get(a))}"`)
      .concat(`api-key="${esc(KEY)}"`)
      .join(" ");
    res.writeHead(200, { "content-type": TYPES[".html"], ...headers });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Widget</title>
<script type="module" src="/embed/clarify-widget.js"></script></head>
<body><main><clarify-widget ${attrs}></clarify-widget></main></body></html>`);
    return;
  }
  const [dir, path] = url.pathname.startsWith("/embed/")
    ? ["target/embed", url.pathname.slice("/embed/".length)]
    : ["dist", url.pathname === "/" ? "index.html" : url.pathname.slice(1)];
  try {
    const body = await readFile(join(root, dir, path));
    res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream", ...headers });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((ok) => site.listen(0, "127.0.0.1", ok));
const origin = `http://127.0.0.1:${site.address().port}`;

let failures = 0;
const ok = (condition, what) => {
  console.log(`${condition ? "ok  " : "FAIL"} ${what}`);
  if (!condition) failures++;
};
/** What the trace's English reason says for each change (core/src/phrase.rs, NoteAdapted…). */
const SAYS = {
  max_completion_tokens: "sent max_completion_tokens instead",
  no_temperature: "refused temperature",
  schema_without_limits: "sent the schema without them",
  json_object: "asked for a JSON object instead",
  system_in_user: "sent the instructions in the user's turn",
  merged_turns: "merged the turns",
  more_reasoning_room: "asked again with more room",
};
const THINKING = "THINKING-TRACE";

/** Everything a page could let reasoning text into: its text (the widget's shadow root too),
 * its storage (the saved session, the learned shapes) and the widget's events' details. */
const exposed = (page) =>
  page.evaluate(() => {
    const widget = document.querySelector("clarify-widget");
    const text = document.body.innerText + (widget?.shadowRoot?.textContent ?? "");
    const stored = Object.keys(localStorage).map((k) => localStorage.getItem(k)).join("\n");
    return text + stored + JSON.stringify(window.__clarifyEvents ?? []) + (widget?.clarifier?.snapshot() ?? "");
  });
const hits = async (name) => (await (await fetch(`${base}/hits/${name}`)).json()).calls;
const reset = () => fetch(`${base}/reset`, { method: "POST" });

/** Sends the request, answers the endpoint's question with its first option, awaits the answer. */
async function converse(page, shown) {
  await page.locator("[data-testid=request]").fill("Plan a trip to Paris");
  await page.locator("[data-testid=submit]").click();
  await page.locator("[data-testid=question-text]").waitFor({ timeout: 20000 });
  shown.question = await page.locator("[data-testid=question-text]").textContent();
  if (shown.question !== QUESTION) return;
  await page.locator("[data-testid=option]").first().click();
  await page.locator("[data-testid=continue]").click();
  // The answer streams in; it is complete once Stop is gone.
  await page.locator("[data-testid=answer-text]").waitFor({ timeout: 20000 });
  await page.locator("[data-testid=stop]").waitFor({ state: "hidden", timeout: 20000 });
  shown.answer = await page.locator("[data-testid=answer-text]").textContent();
}

/** The trace of the conversation shown: the app's saved session, or the widget's clarifier. */
const trace = (page, shell) =>
  page.evaluate((shell) => {
    const snapshot = shell === "widget" ? document.querySelector("clarify-widget").clarifier.snapshot() : localStorage.getItem("clarify.session");
    return JSON.parse(snapshot).session.trace;
  }, shell);

/** Opens `shell` set up for fixture `name` as `model` (under `profile` when named). */
async function open(browser, shell, name, model, profile) {
  const page = await (await browser.newContext()).newPage();
  // Chromium logs each refused request (HTTP 400) as a console error: the refusals the request
  // is adapted to are what these fixtures replay.
  allowConsoleErrors(page, /Failed to load resource: the server responded with a status of (400|500)/);
  // Every event's detail, for the checks that no reasoning text reaches one.
  await page.addInitScript(() => {
    window.__clarifyEvents = [];
    for (const type of ["clarify-question", "clarify-answer", "clarify-done", "clarify-error", "clarify-fallback", "clarify-start"])
      document.addEventListener(type, (e) => window.__clarifyEvents.push({ type, detail: e.detail }));
  });
  const endpoint = `${base}/${name}/v1`;
  if (shell === "widget") {
    const q = new URLSearchParams({ endpoint, model, ...(profile ? { profile } : {}) });
    await page.goto(`${origin}/widget.html?${q}`);
    await page.waitForFunction(() => document.querySelector("clarify-widget")?.clarifier, null, { timeout: 20000 });
    return page;
  }
  await page.goto(origin);
  await page.waitForSelector("[data-testid=app-ready]", { timeout: 20000 });
  await page.click("[data-testid=settings-toggle]");
  await page.fill("[data-testid=set-endpoint]", endpoint);
  await page.fill("[data-testid=set-model]", model);
  await page.fill("[data-testid=set-key]", KEY);
  await page.selectOption("[data-testid=set-profile]", profile ?? "");
  await page.click("[data-testid=settings-toggle]");
  return page;
}

/** Back to the request box for a second conversation on the same page. */
async function startOver(page) {
  await page.locator("[data-testid=start-over]").click();
  await page.locator("[data-testid=request]").waitFor();
}

const browser = await launch();
for (const shell of ["app", "widget"]) {
  for (const [name, model, profile, changes] of cases) {
    for (const named of [false, true]) {
      if ((named && !profile) || (!named && changes === null)) continue;
      const label = `${shell} ${name} ${model} (${named ? `profile ${profile}` : "no profile"})`;
      const page = await open(browser, shell, name, model, named ? profile : undefined);
      try {
        await reset();
        const shown = {};
        await converse(page, shown);
        ok(shown.question === QUESTION, `${label}: the endpoint's question (${shown.question})`);
        ok(shown.answer === ANSWER, `${label}: the endpoint's streamed answer (${shown.answer})`);
        const calls = await hits(name);
        ok(calls <= (named ? 2 : 4), `${label}: the first detection and the answer in ${calls} calls`);
        const events = await trace(page, shell);
        const detected = events.some((e) => e.layer === "llm" && e.decision === "detected");
        const adapted = events.filter((e) => e.decision === "request_adapted").map((e) => e.reason);
        ok(detected, `${label}: detected by the endpoint`);
        const want = named ? 0 : changes.length;
        ok(adapted.length === want && (named || changes.every((c) => adapted.some((r) => r.includes(SAYS[c])))),
          `${label}: the trace names what was adapted (${JSON.stringify(adapted)})`);
        ok(!JSON.stringify(events).includes(KEY), `${label}: no key in the trace`);
        const seen = await exposed(page);
        ok(!seen.includes(THINKING) && !/<\/?think/.test(seen), `${label}: no reasoning text in the page, its storage or an event`);

        // The same page again: what the first call learned is kept, one call each.
        await reset();
        await startOver(page);
        const again = {};
        await converse(page, again);
        const later = await hits(name);
        ok(again.answer === ANSWER && later === 2, `${label}: then one call for the detection and one for the answer (${later})`);
      } catch (e) {
        ok(false, `${label}: ${e.message}`);
      }
      await page.context().close();
    }
  }
}
// A slow endpoint: after 3 s the card says for how long it has waited and what the endpoint is
// doing (the app's user; the widget's visitor reads only that it is thinking), and offers the
// built-in questions ("Skip waiting" in the widget), which abort the call; then Stop on the slow
// answer. Neither may throw (checked with every page's console below).
for (const shell of ["app", "widget"]) {
  const label = `${shell} slow endpoint`;
  const page = await open(browser, shell, "slow", "o3-pro");
  try {
    await reset();
    await page.locator("[data-testid=request]").fill("Plan a trip to Paris");
    await page.locator("[data-testid=submit]").click();
    const what = page.locator("[data-testid=working-what]");
    ok((await what.textContent()) !== WAITING, `${label}: no waiting words at first`);
    await page.locator("[data-testid=detect-offline]").waitFor({ timeout: 6000 });
    if (shell === "app") {
      ok((await what.textContent()) === WAITING, `${label}: says what the endpoint is doing`);
    } else {
      const said = await what.textContent();
      const offer = await page.locator("[data-testid=detect-offline]").textContent();
      ok(said === "Thinking about your request…" && offer === "Skip waiting", `${label}: plain words for the visitor (${said} / ${offer})`);
    }
    ok(/^\d+ s$/.test(await page.locator("[data-testid=elapsed]").textContent()), `${label}: and for how long`);
    await page.locator("[data-testid=detect-offline]").click();
    await page.locator("[data-testid=question-text]").waitFor({ timeout: 5000 });
    const question = await page.locator("[data-testid=question-text]").textContent();
    ok(question !== QUESTION, `${label}: the built-in questions at once (${question})`);
    // The button the user pressed is gone: focus goes to the question it brought up (in the
    // widget too, where a question takes focus only after the user's own action in the card).
    const focused = await page.evaluate(() => {
      let el = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      return el?.closest?.("[data-testid=question-card]") != null;
    });
    ok(focused, `${label}: the question takes focus`);
    const events = await trace(page, shell);
    ok(events.some((e) => e.decision === "detected_offline") && !events.some((e) => e.layer === "llm" && e.decision === "detected"),
      `${label}: the trace says the user did not wait`);
    const skip = page.locator("[data-testid=continue-anyway]");
    await skip.click();
    await page.locator("[data-testid=answer-text]").waitFor({ timeout: 10000 });
    await page.locator("[data-testid=stop]").click();
    await page.locator("[data-testid=answer-note]").filter({ hasText: "Stopped" }).waitFor({ timeout: 5000 });
    await page.waitForTimeout(1000);
  } catch (e) {
    ok(false, `${label}: ${e.message}`);
  }
  await page.context().close();
}

// A reasoning model thinking before its answer: the wait line says "Thinking…" with the seconds,
// and none of the thinking reaches the page.
for (const shell of ["app", "widget"]) {
  const label = `${shell} thinking model`;
  const page = await open(browser, shell, "slow-think", "qwen3:8b");
  try {
    await reset();
    const shown = {};
    const conversing = converse(page, shown);
    await page.locator("[data-testid=working-what]").filter({ hasText: "Thinking…" }).waitFor({ timeout: 20000 });
    await page.locator("[data-testid=elapsed]").filter({ hasText: /^[1-9]\d* s$/ }).waitFor({ timeout: 5000 });
    ok(true, `${label}: "Thinking… N s" while the model thinks`);
    await conversing;
    ok(shown.answer === ANSWER, `${label}: then the answer (${shown.answer})`);
    const seen = await exposed(page);
    ok(!seen.includes(THINKING), `${label}: no reasoning text in the page, its storage or an event`);
  } catch (e) {
    ok(false, `${label}: ${e.message}`);
  }
  await page.context().close();
}

// A refusal nothing fixes: the embedded detector asks, the answer fails, and the app's user is
// told which setting to change, beside Retry and Copy prompt (the settings one click away); the
// widget's visitor reads a plain line and Retry, and the developer the reason and the setting to
// change on the console, and endpoint_refused.
for (const shell of ["app", "widget"]) {
  const label = `${shell} refused answer`;
  const page = await open(browser, shell, "refuse", "m");
  const consoleErrors = [];
  if (shell === "widget") {
    allowConsoleErrors(page, /clarify-widget: the answer could not be produced/);
    page.on("console", (m) => ["error", "warning"].includes(m.type()) && consoleErrors.push(m.text()));
  }
  try {
    await page.locator("[data-testid=request]").fill("Plan a trip to Paris");
    await page.locator("[data-testid=submit]").click();
    await page.locator("[data-testid=question-text]").waitFor({ timeout: 20000 });
    await page.locator("[data-testid=continue-anyway]").click();
    await page.locator("[data-testid=failure]").waitFor({ timeout: 20000 });
    const told = await page.evaluate(() => {
      const widget = document.querySelector("clarify-widget");
      return document.body.innerText + (widget?.shadowRoot?.textContent ?? "");
    });
    const setting = "choose the endpoint kind that fits it (now \u201cgeneric\u201d)";
    if (shell === "app") {
      ok(told.includes(setting), `${label}: says which setting to change`);
      ok(await page.locator("[data-testid=copy-prompt]").isVisible(), `${label}: and Copy prompt`);
    } else {
      const plain = await page.locator("[data-testid=failure-reason]").textContent();
      ok(plain.includes("Something went wrong while writing the answer"), `${label}: the failure box's line is plain (${plain})`);
      ok(!told.includes(setting) && !told.includes("profile") && !told.includes("HTTP 400"), `${label}: no setting nor reason for the visitor (${told})`);
      ok(await page.locator("[data-testid=copy-prompt]").count() === 0, `${label}: no prompt to copy for the visitor`);
      ok(consoleErrors.some((e) => e.includes("HTTP 400")), `${label}: the reason on the console (${consoleErrors})`);
      ok(consoleErrors.filter((e) => e.includes(setting)).length === 1, `${label}: the setting to change on the console, once (${consoleErrors})`);
    }
    ok(await page.locator("[data-testid=retry]").isVisible(), `${label}: Retry`);
    if (shell === "app") {
      await page.locator("[data-testid=settings-toggle]").click();
      ok(await page.locator("[data-testid=set-profile]").isVisible(), `${label}: and the settings, one click away`);
    } else {
      const codes = await page.evaluate(() => window.__clarifyEvents.filter((e) => e.type === "clarify-error").map((e) => e.detail.code));
      ok(codes.includes("endpoint_refused"), `${label}: clarify-error endpoint_refused (${codes})`);
    }
  } catch (e) {
    ok(false, `${label}: ${e.message}`);
  }
  await page.context().close();
}

// Test connection: at most three small requests, then the settings say what the endpoint
// accepts.
for (const [name, model, accepts] of [
  ["no-system", "o1-preview", "The endpoint accepts: no system role · JSON schema"],
  ["json-object-only", "m2", "The endpoint accepts: JSON mode only"],
  ["think", "deepseek-r1:14b", "The endpoint accepts: JSON schema · reasoning model"],
]) {
  const label = `app Test connection ${name}`;
  const page = await open(browser, "app", name, model);
  try {
    await reset();
    await page.click("[data-testid=settings-toggle]");
    await page.click("[data-testid=test-connection]");
    await page.locator("[data-testid=test-result]").filter({ hasText: accepts }).waitFor({ timeout: 10000 });
    const said = await page.locator("[data-testid=test-result]").textContent();
    ok(said.startsWith("Connected"), `${label}: ${said}`);
    const calls = await hits(name);
    ok(calls <= 3, `${label}: "${accepts}" in ${calls} requests`);
  } catch (e) {
    ok(false, `${label}: ${e.message}`);
  }
  await page.context().close();
}

await browser.close();
site.close();
const errors = unexpectedConsoleErrors();
ok(errors.length === 0, `no uncaught error or console error in any page${errors.length ? `:\n${errors.join("\n")}` : ""}`);
console.log(failures ? `${failures} check(s) failed` : "all provider page checks passed");
process.exit(failures ? 1 : 0);
