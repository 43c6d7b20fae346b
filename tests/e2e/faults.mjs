// Nothing lost, nothing leaked: the built app (dist/) and <clarify-widget> (target/embed/) under
// faults, in headless Chromium, each scenario a step that fails on its own:
//
// - an endpoint that echoes the API key — in its 401 (as OpenAI's does) or in the model's text
//   (a detection reply that is not JSON, a stream split inside the key) — leaves the key in no
//   page text, stored value (but the key's own entry), snapshot, trace or event;
// - a session saved by a newer build survives this build's load byte for byte, and an open tab
//   never writes over one; "Start over" discards it explicitly;
// - storage that fills mid-session: the session is kept for the tab, and when even that is
//   full the answers not kept are named, then and after a reload;
// - two widgets on one storage-key follow each other; of two tabs pressing Continue at once,
//   the overruled one quotes the answer it dropped;
// - a stream that breaks keeps its text (cut, with Retry); Stop before any text offers Retry;
// - the API key is remembered on the device only when the user asks;
// - offline is named as offline, and the answer is asked again when the browser is back online;
// - a question that timed out while the page was closed is told in its own conversation only;
// - a widget added back to the page sends what happened to its session while it was away.
//
// The site serves the app at /, the widget's bundle under /embed/, a page with one widget at
// /widget.html?…, and a fake chat-completions endpoint on the same origin at /llm/<mode>/v1.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { root, check, launch, allowConsoleErrors, unexpectedConsoleErrors, STRICT_CSP } from "./lib.mjs";

const KEY = "sk-e2e-5ecret-echoed-key-0042";
// Other builds to check (an older one must fail these steps): CLARIFY_DIST, CLARIFY_EMBED.
const DIST = process.env.CLARIFY_DIST ?? join(root, "dist");
const EMBED = process.env.CLARIFY_EMBED ?? join(root, "target/embed");
const TYPES = { ".js": "text/javascript", ".wasm": "application/wasm", ".css": "text/css", ".html": "text/html; charset=utf-8", ".svg": "image/svg+xml" };
const esc = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** Detection requests each endpoint mode received. */
const detections = {};
/** The `slowdetect` endpoint's detection: one question no embedded detector words like this. */
const DETECTED = {
  needs_clarification: true,
  questions: [{ question: "Which quarter does the report cover?", why: "sets the figures", options: ["Q1", "Q2", "Q3"], multiple: false, recommended: 1, priority: "critical" }],
};

/**
 * The fake endpoint: `slowdetect` answers detection after 2.5 s with `DETECTED`; a streamed
 * call to `drip` sends a word every 100 ms; `refuse` answers 401 quoting the key; `echo` quotes it in the text; a
 * streamed call to `break` sends some text and breaks the connection, to `hang` sends nothing,
 * to `plain` answers at once.
 */
async function endpoint(mode, req, res) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const body = JSON.parse(Buffer.concat(chunks).toString() || "{}");
  const sent = (req.headers.authorization ?? "").replace(/^Bearer /, "");
  const detection = body.response_format?.json_schema?.name === "clarification";
  if (detection) detections[mode] = (detections[mode] ?? 0) + 1;
  if (detection && mode === "slowdetect") {
    await new Promise((ok) => setTimeout(ok, 2500));
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ choices: [{ message: { content: JSON.stringify(DETECTED) }, finish_reason: "stop" }] }));
    return;
  }
  if (body.stream && mode === "drip") {
    res.writeHead(200, { "content-type": "text/event-stream" });
    for (let i = 1; i <= 100 && !res.destroyed; i++) {
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: `word${i} ` } }] })}\n\n`);
      await new Promise((ok) => setTimeout(ok, 100));
    }
    res.end("data: [DONE]\n\n");
    return;
  }
  if (mode === "refuse") {
    res.writeHead(401, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${sent}. You can find your API key at https://example.com.`, type: "invalid_request_error" } }));
    return;
  }
  if (body.stream && mode === "break") {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: "Hobart is the capital" } }] })}\n\n`);
    await new Promise((ok) => setTimeout(ok, 100));
    res.destroy();
    return;
  }
  if (body.stream && mode === "plain") {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.end(`data: ${JSON.stringify({ choices: [{ delta: { content: "Hobart is the capital of Tasmania." } }] })}\n\ndata: [DONE]\n\n`);
    return;
  }
  if (body.stream && mode === "hang") {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.flushHeaders();
    req.on("close", () => res.end());
    return;
  }
  if (body.stream) {
    const cut = Math.floor(sent.length / 2);
    const event = (content) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write(event(`Your key is ${sent.slice(0, cut)}`));
    await new Promise((ok) => setTimeout(ok, 50));
    res.end(event(`${sent.slice(cut)} and that is all.`) + "data: [DONE]\n\n");
    return;
  }
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ choices: [{ message: { content: `You sent ${sent}` }, finish_reason: "stop" }] }));
}

const site = createServer(async (req, res) => {
  const url = new URL(req.url, "http://x");
  const headers = { "content-security-policy": STRICT_CSP };
  if (url.pathname === "/favicon.ico") return res.writeHead(204).end();
  if (url.pathname === "/blank.html") return res.writeHead(200, { "content-type": TYPES[".html"] }).end("<!doctype html><title>blank</title>");
  const llm = url.pathname.match(/^\/llm\/(\w+)\/v1\/chat\/completions$/);
  if (llm && req.method === "POST") return endpoint(llm[1], req, res);
  if (url.pathname === "/widget.html") {
    const count = Number(url.searchParams.get("count") ?? 1);
    url.searchParams.delete("count");
    const attrs = [...url.searchParams].map(([k, v]) => `${k}="${esc(v)}"`).join(" ");
    res.writeHead(200, { "content-type": TYPES[".html"], ...headers });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Widget</title>
<script type="module" src="/embed/clarify-widget.js"></script></head>
<body><main>${`<clarify-widget ${attrs}></clarify-widget>`.repeat(count)}</main></body></html>`);
    return;
  }
  const [dir, path] = url.pathname.startsWith("/embed/")
    ? [EMBED, url.pathname.slice("/embed/".length)]
    : [DIST, url.pathname === "/" ? "index.html" : url.pathname.slice(1)];
  try {
    const file = await readFile(join(dir, path));
    res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream", ...headers });
    res.end(file);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((ok) => site.listen(0, "127.0.0.1", ok));
const origin = `http://127.0.0.1:${site.address().port}`;

let failures = 0;
async function step(name, body) {
  try {
    await body();
    console.log(`ok   ${name}`);
  } catch (e) {
    failures++;
    console.log(`FAIL ${name}\n${e.stack ?? e}`);
  }
}

const browser = await launch();

/** Console warnings of every page: none is expected, whatever the fault, but those a step
 * provokes on purpose and names with `expectWarnings`. */
const warnings = [];
/** Per browser context, the warnings its step provokes (a fetch refused while offline). */
const expectedWarnings = new WeakMap();
function expectWarnings(page, pattern) {
  const context = page.context();
  expectedWarnings.set(context, [...(expectedWarnings.get(context) ?? []), pattern]);
}

/** A fresh context's page, recording clarify-* events (their details as JSON). */
async function newPage() {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  await context.addInitScript(() => {
    window.clarifyEvents = [];
    for (const name of ["clarify-error", "clarify-fallback", "clarify-done", "clarify-question", "clarify-answer", "clarify-overruled"]) {
      document.addEventListener(name, (e) => window.clarifyEvents.push(`${name} ${JSON.stringify(e.detail)}`));
    }
  });
  context.on("page", (p) =>
    p.on("console", (m) => {
      if (m.type() !== "warning" || (expectedWarnings.get(context) ?? []).some((r) => r.test(m.text()))) return;
      warnings.push(`${p.url()}: ${m.text()}`);
    }),
  );
  const page = await context.newPage();
  // Chromium logs a 401 response as a console error: the refusal is what these steps provoke.
  allowConsoleErrors(page, /status of 401/);
  return page;
}

/** Every text the page shows or keeps, but the key's own entry (the user asked to keep it). */
const everything = (page) =>
  page.evaluate(() => {
    const shadows = [...document.querySelectorAll("clarify-widget")].map((w) => w.shadowRoot?.textContent ?? "");
    const stored = Object.keys(localStorage)
      .filter((k) => k !== "clarify.apiKey")
      .map((k) => `${k}=${localStorage.getItem(k)}`);
    const widget = document.querySelector("clarify-widget")?.clarifier;
    return [document.body.innerText, ...shadows, ...stored, ...window.clarifyEvents, widget?.snapshot() ?? "", JSON.stringify(widget?.state ?? {})].join("\n");
  });

/** Opens the app with the fake endpoint in `mode` set in the settings panel, "never ask" on. */
async function appWith(mode) {
  const page = await newPage();
  await page.goto(origin);
  await page.waitForSelector("[data-testid=app-ready]", { timeout: 20000 });
  await page.click("[data-testid=settings-toggle]");
  await page.fill("[data-testid=set-endpoint]", `${origin}/llm/${mode}/v1`);
  await page.fill("[data-testid=set-model]", "m");
  await page.fill("[data-testid=set-key]", KEY);
  await page.check("[data-testid=set-never-ask]");
  return page;
}

await step("app: a plain load logs no warning", async () => {
  const page = await newPage();
  const warnings = [];
  page.on("console", (m) => ["warning", "error"].includes(m.type()) && warnings.push(m.text()));
  await page.goto(origin);
  await page.waitForSelector("[data-testid=app-ready]", { timeout: 20000 });
  await page.waitForTimeout(1500);
  check(warnings.length === 0, `no console warning: ${warnings.join(" | ")}`);
  await page.context().close();
});

await step("app: user and model text is isolated and its direction found from itself", async () => {
  const page = await newPage();
  await page.goto(origin);
  await page.waitForSelector("[data-testid=app-ready]", { timeout: 20000 });
  const rlo = "my app crashes\u202E";
  await page.fill("[data-testid=request]", rlo);
  await page.click("[data-testid=submit]");
  await page.waitForSelector("[data-testid=question-card]", { timeout: 5000 });
  await page.fill("[data-testid=free-text]", "it closes\u202E");
  await page.click("[data-testid=continue]");
  await page.waitForSelector("[data-testid=conv-answer]", { timeout: 5000 });
  const dirs = await page.$$eval("[data-testid=conv-request] bdi, [data-testid=conv-answer], [data-testid=question-text]", (els) =>
    els.map((e) => `${e.dataset.testid ?? e.tagName}:${e.getAttribute("dir")}`),
  );
  check(dirs.length >= 3 && dirs.every((d) => d.endsWith(":auto")), `dir="auto" on each: ${dirs}`);
  await page.context().close();
});

await step("app: a key the endpoint echoes in its 401 is in no text, stored value or trace", async () => {
  const page = await appWith("refuse");
  await page.click("[data-testid=test-connection]");
  await page.waitForFunction(() => document.querySelector("[data-testid=online-banner]")?.dataset.link === "failed", null, { timeout: 20000 });
  await page.fill("[data-testid=request]", "Plan a trip to Paris");
  await page.click("[data-testid=submit]");
  await page.waitForSelector("[data-testid=failure]", { timeout: 20000 });
  const all = await everything(page);
  check(all.includes("Incorrect API key provided: [redacted]"), `the server's words are told, without the key: ${all.slice(0, 400)}`);
  check(!all.includes("5ecret"), `no key anywhere: ${all}`);
  // The app has the trace and the settings, so its words point there.
  const notice = await page.locator("[data-testid=engine-notice]").first().textContent();
  check(notice === "The AI model did not answer, so the built-in checker looked at your request instead. Details are in the trace.",
    `the fallback notice points at the app's trace: ${notice}`);
  check(all.includes("check the key in the settings"), `a refused key points at the app's settings: ${all.slice(0, 400)}`);
  await page.context().close();
});

await step("app: a key the model repeats (detection, streamed answer) is shown redacted", async () => {
  const page = await appWith("echo");
  await page.fill("[data-testid=request]", "Plan a trip to Paris");
  await page.click("[data-testid=submit]");
  await page.waitForSelector("[data-testid=answer-text]:has-text('that is all')", { timeout: 20000 });
  const answer = await page.textContent("[data-testid=answer-text]");
  check(answer.includes("Your key is [redacted] and that is all."), `the answer: ${answer}`);
  const all = await everything(page);
  check(all.includes("You sent [redacted]"), `the unusable detection reply is quoted redacted: ${all.slice(0, 400)}`);
  check(!all.includes("5ecret"), `no key anywhere: ${all}`);
  await page.context().close();
});

await step("widget: a key the endpoint echoes is in no event, snapshot, storage-key entry or card text", async () => {
  for (const mode of ["refuse", "echo"]) {
    const page = await newPage();
    expectWarnings(page, /clarify-widget: (Detection failed|The detection reply was unusable)/);
    allowConsoleErrors(page, /clarify-widget: the answer could not be produced/);
    const consoled = [];
    page.on("console", (m) => consoled.push(m.text()));
    const query = new URLSearchParams({ endpoint: `/llm/${mode}/v1`, model: "m", "api-key": KEY, "storage-key": "w", "never-ask": "" });
    await page.goto(`${origin}/widget.html?${query}`);
    await page.waitForFunction(() => document.querySelector("clarify-widget")?.clarifier, null, { timeout: 20000 });
    await page.evaluate(() => document.querySelector("clarify-widget").start("Plan a trip to Paris"));
    await page.waitForFunction(() => ["failed", "completed"].includes(document.querySelector("clarify-widget").clarifier.status), null, { timeout: 20000 });
    const all = await everything(page);
    const told = mode === "refuse" ? "Incorrect API key provided: [redacted]" : "Your key is [redacted] and that is all.";
    if (mode === "refuse") check(consoled.some((m) => m.includes(told)) && !consoled.some((m) => m.includes("5ecret")), `the console has the reason, without the key: ${consoled}`);
    check(all.includes(told), `${mode}: told without the key: ${all.slice(0, 400)}`);
    check(!all.includes("5ecret"), `${mode}: no key anywhere: ${all}`);
    await page.context().close();
  }
});

/** A snapshot of a version no build has written yet, in a whitespace no build writes. */
const NEWER = '{ "clarify_snapshot": 999999, "session": {"from": "a newer build", "answers": ["kept"]} }';

await step("app: a newer build's snapshot survives the load, answers and another tab, until Start over", async () => {
  const page = await newPage();
  await page.goto(origin);
  await page.evaluate((s) => localStorage.setItem("clarify.session", s), NEWER);
  await page.reload();
  await page.waitForSelector("[data-testid=app-ready]", { timeout: 20000 });
  const notice = await page.textContent("[data-testid=notice]");
  check(notice.includes("newer Clarify is kept"), `the notice says it is kept: ${notice}`);
  const stored = () => page.evaluate(() => localStorage.getItem("clarify.session"));
  check((await stored()) === NEWER, "untouched by the load");
  await page.fill("[data-testid=request]", "my app crashes");
  await page.click("[data-testid=submit]");
  await page.waitForSelector("[data-testid=question-card]", { timeout: 5000 });
  await page.keyboard.press("2");
  await page.keyboard.press("Enter");
  await page.waitForSelector("text=Describe the error", { timeout: 5000 });
  check((await stored()) === NEWER, "untouched by a conversation");

  // Start over discards it: from then on the session is saved.
  await page.click("[data-testid=start-over]");
  await page.fill("[data-testid=request]", "my app crashes");
  await page.click("[data-testid=submit]");
  await page.waitForSelector("[data-testid=question-card]", { timeout: 5000 });
  check((await stored())?.includes("my app crashes"), "saved again after Start over");

  // Another tab (a newer build) writes a newer snapshot: this tab says so and does not write over it.
  const other = await page.context().newPage();
  await other.goto(`${origin}/blank.html`);
  await other.evaluate((s) => localStorage.setItem("clarify.session", s), NEWER);
  await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=notice]")].some((n) => n.textContent.includes("newer Clarify")), null, { timeout: 5000 });
  await page.keyboard.press("2");
  await page.keyboard.press("Enter");
  await page.waitForSelector("text=Describe the error", { timeout: 5000 });
  check((await stored()) === NEWER, "an open tab does not write over it");
  await page.context().close();
});

await step("widget: a newer build's snapshot at its storage-key survives, reported as bad_snapshot", async () => {
  const page = await newPage();
  expectWarnings(page, /clarify-widget: the session kept at the storage key was not restored/);
  await page.goto(`${origin}/blank.html`);
  await page.evaluate((s) => localStorage.setItem("w", s), NEWER);
  await page.goto(`${origin}/widget.html?storage-key=w`);
  await page.waitForFunction(() => document.querySelector("clarify-widget")?.clarifier, null, { timeout: 20000 });
  await page.waitForFunction(() => window.clarifyEvents.some((e) => e.includes("bad_snapshot")), null, { timeout: 5000 });
  await page.evaluate(() => document.querySelector("clarify-widget").start("my app crashes"));
  await page.waitForFunction(() => document.querySelector("clarify-widget").clarifier.status === "awaiting_clarification", null, { timeout: 5000 });
  const stored = await page.evaluate(() => localStorage.getItem("w"));
  check(stored === NEWER, `untouched: ${stored?.slice(0, 80)}`);
  await page.context().close();
});

/** Fills `area` (localStorage or sessionStorage) with a host's data until it refuses a byte. */
const fill = (page, area) =>
  page.evaluate((area) => {
    const store = window[area];
    let size = 1 << 20;
    for (let i = 0; size >= 1; i++) {
      try {
        store.setItem(`host.junk${i}`, "x".repeat(size));
      } catch {
        size = Math.floor(size / 2);
      }
    }
  }, area);

/** Starts the offline conversation and answers its first question; the second is on screen. */
async function firstAnswer(page) {
  await page.goto(origin);
  await page.waitForSelector("[data-testid=app-ready]", { timeout: 20000 });
  await page.fill("[data-testid=request]", "my app crashes");
  await page.click("[data-testid=submit]");
  await page.waitForSelector("[data-testid=question-card]", { timeout: 5000 });
  await page.keyboard.press("2");
  await page.keyboard.press("Enter");
  await page.waitForSelector("text=Describe the error", { timeout: 5000 });
}

const answersShown = (page) => page.$$eval("[data-testid=conv-answer]", (els) => els.map((e) => e.textContent));
const noticesShown = (page) => page.$$eval("[data-testid=notice]", (els) => els.map((e) => e.textContent).join(" | "));

await step("app: storage that fills mid-session keeps the answers for the tab, and says so", async () => {
  const page = await newPage();
  await firstAnswer(page);
  await fill(page, "localStorage");
  await page.fill("[data-testid=free-text]", "It closes on start");
  await page.click("[data-testid=continue]");
  await page.waitForSelector("[data-testid=answer-text]", { timeout: 5000 });
  const told = await noticesShown(page);
  check(told.includes("kept for this tab only"), `the notice says where it is kept: ${told}`);
  await page.reload();
  await page.waitForSelector("[data-testid=answer-text]", { timeout: 20000 });
  const answers = await answersShown(page);
  check(answers.join() === "Android 13,It closes on start", `both answers came back: ${answers}`);
  await page.context().close();
});

await step("app: storage full for the tab too: after a reload the answers not kept are named", async () => {
  const page = await newPage();
  await firstAnswer(page);
  await fill(page, "localStorage");
  await fill(page, "sessionStorage");
  await page.fill("[data-testid=free-text]", "It closes on start");
  await page.click("[data-testid=continue]");
  await page.waitForSelector("[data-testid=answer-text]", { timeout: 5000 });
  const told = await noticesShown(page);
  check(told.includes("a reload loses") && told.includes("Describe the error"), `named now: ${told}`);
  await page.reload();
  await page.waitForSelector("[data-testid=app-ready]", { timeout: 20000 });
  const after = await noticesShown(page);
  check(after.includes("not kept") && after.includes("Describe the error"), `named after the reload: ${after}`);
  const answers = await answersShown(page);
  check(!answers.includes("It closes on start"), `no state claims the lost answer: ${answers}`);
  await page.context().close();
});

await step("widget: two widgets on one storage-key follow each other, and a reload shows the last answer", async () => {
  const page = await newPage();
  await page.goto(`${origin}/widget.html?count=2&storage-key=shared`);
  await page.waitForFunction(() => [...document.querySelectorAll("clarify-widget")].every((w) => w.clarifier), null, { timeout: 20000 });
  const statuses = () => page.evaluate(() => [...document.querySelectorAll("clarify-widget")].map((w) => w.clarifier.status));
  const [a] = await page.$$("clarify-widget");
  await a.evaluate((w) => w.start("my app crashes"));
  await page.waitForFunction(() => [...document.querySelectorAll("clarify-widget")].every((w) => w.clarifier.status === "awaiting_clarification"), null, { timeout: 5000 });
  // The second widget answers; the first follows.
  await page.evaluate(() => {
    const b = document.querySelectorAll("clarify-widget")[1].clarifier;
    const q = b.state.question;
    b.answer(q.id, q.options[0] ? { choice: q.options[0].id } : { text: "Android 13" });
  });
  const answered = () =>
    page.evaluate(() => [...document.querySelectorAll("clarify-widget")].map((w) => JSON.stringify(w.clarifier.state.resolutions?.map((r) => r.answer))));
  await page.waitForFunction(() => {
    const all = [...document.querySelectorAll("clarify-widget")].map((w) => w.clarifier.state.resolutions?.length ?? 0);
    return all.every((n) => n === 1);
  }, null, { timeout: 5000 }).catch(async () => {
    throw new Error(`both widgets hold the answer: ${await answered()} ${await statuses()}`);
  });
  await page.reload();
  await page.waitForFunction(() => [...document.querySelectorAll("clarify-widget")].every((w) => w.clarifier), null, { timeout: 20000 });
  const after = await answered();
  check(after[0] === after[1] && after[0] !== "[]", `a reload shows the answer in both: ${after}`);
  await page.context().close();
});

await step("app: a stream that breaks keeps its text, marked as cut, with Retry", async () => {
  const page = await appWith("break");
  allowConsoleErrors(page, /ERR_INCOMPLETE_CHUNKED_ENCODING|net::ERR/);
  await page.fill("[data-testid=request]", "What's the capital of Tasmania?");
  await page.click("[data-testid=submit]");
  await page.waitForSelector("[data-testid=failure]", { timeout: 20000 });
  const answer = await page.textContent("[data-testid=answer-text]").catch(() => "(none)");
  check(answer.includes("Hobart is the capital"), `the text that arrived stays: ${answer}`);
  const note = await page.textContent("[data-testid=answer-note]");
  check(note.includes("Cut off"), `marked as cut: ${note}`);
  check(await page.isEnabled("[data-testid=retry]"), "Retry is offered");
  await page.context().close();
});

await step("app: Stop before any text offers Retry instead of an empty answer", async () => {
  const page = await appWith("hang");
  await page.fill("[data-testid=request]", "What's the capital of Tasmania?");
  await page.click("[data-testid=submit]");
  await page.waitForSelector("[data-testid=stop]:visible", { timeout: 20000 });
  await page.click("[data-testid=stop]");
  await page.waitForSelector("[data-testid=failure]", { timeout: 5000 });
  const failure = await page.textContent("[data-testid=failure]");
  check(failure.includes("before any text arrived"), `says what happened: ${failure}`);
  check(await page.isEnabled("[data-testid=retry]"), "Retry is offered");
  await page.context().close();
});

await step("app: the key is remembered on this device only when asked, and the settings say what that means", async () => {
  const page = await newPage();
  await page.goto(origin);
  await page.waitForSelector("[data-testid=app-ready]", { timeout: 20000 });
  await page.click("[data-testid=settings-toggle]");
  await page.fill("[data-testid=set-key]", KEY);
  const note = await page.textContent("[data-testid=settings]");
  check(note.includes("readable by any script of this site"), `the note says what storage means: ${note}`);
  check(!(await page.isChecked("[data-testid=set-remember-key]")), "off by default");
  check((await page.evaluate(() => localStorage.getItem("clarify.apiKey"))) === null, "not stored when off");
  const reopen = async () => {
    await page.reload();
    await page.waitForSelector("[data-testid=app-ready]", { timeout: 20000 });
    await page.click("[data-testid=settings-toggle]");
    return page.inputValue("[data-testid=set-key]");
  };
  check((await reopen()) === "", "a reload forgets a key not remembered");
  await page.fill("[data-testid=set-key]", KEY);
  await page.check("[data-testid=set-remember-key]");
  check((await reopen()) === KEY && (await page.isChecked("[data-testid=set-remember-key]")), "remembered when asked");
  await page.uncheck("[data-testid=set-remember-key]");
  check((await page.evaluate(() => localStorage.getItem("clarify.apiKey"))) === null, "unchecking removes it");
  await page.context().close();
});

await step("app: offline is named as offline, and the answer is asked again once the browser is back online", async () => {
  const page = await appWith("plain");
  // Chromium logs each fetch refused offline as a console error: the fault this step provokes;
  // the detector's data, fetched when the request is typed, is refused too, and said so.
  allowConsoleErrors(page, /ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR/);
  expectWarnings(page, /clarify-detector\.bin could not be fetched/);
  await page.context().setOffline(true);
  await page.fill("[data-testid=request]", "What's the capital of Tasmania?");
  await page.click("[data-testid=submit]");
  await page.waitForSelector("[data-testid=failure]", { timeout: 20000 });
  const failure = await page.textContent("[data-testid=failure]");
  check(failure.includes("the browser is offline") && failure.includes("back online"), `named as offline: ${failure}`);
  check(!/CORS|server/.test(failure), `not blamed on the server or CORS: ${failure}`);
  await page.context().setOffline(false);
  await page.waitForSelector("[data-testid=answer-text]:has-text('Hobart is the capital')", { timeout: 20000 });
  check((await page.$("[data-testid=failure]")) === null, "the failure is gone");
  // Offline again, and the page closed before the browser is back: the next load asks again.
  const context = page.context();
  await context.setOffline(true);
  await page.fill("[data-testid=request]", "And of Victoria?");
  await page.click("[data-testid=submit]");
  await page.waitForSelector("[data-testid=failure]", { timeout: 20000 });
  await page.close();
  await context.setOffline(false);
  const again = await context.newPage();
  allowConsoleErrors(again, /ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR/);
  await again.goto(origin);
  await again.waitForSelector("[data-testid=answer-text]:has-text('Hobart is the capital')", { timeout: 20000 });
  check((await again.textContent("[data-testid=conv-request]")).includes("And of Victoria?"), "the failed request was asked again");
  await context.close();
});

await step("widget: offline is a clarify-error `offline`, and the answer is asked again once back online", async () => {
  const page = await newPage();
  expectWarnings(page, /clarify-widget: (Detection failed|The detection reply was unusable)/);
  allowConsoleErrors(page, /ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR|clarify-widget: the answer could not be produced/);
  expectWarnings(page, /clarify-detector\.bin could not be fetched/);
  const query = new URLSearchParams({ endpoint: "/llm/plain/v1", model: "m", "never-ask": "" });
  await page.goto(`${origin}/widget.html?${query}`);
  await page.waitForFunction(() => document.querySelector("clarify-widget")?.clarifier, null, { timeout: 20000 });
  await page.context().setOffline(true);
  await page.evaluate(() => document.querySelector("clarify-widget").start("What's the capital of Tasmania?"));
  const status = () => page.evaluate(() => document.querySelector("clarify-widget").clarifier.status);
  await page.waitForFunction(() => document.querySelector("clarify-widget").clarifier.status === "failed", null, { timeout: 20000 });
  const events = await page.evaluate(() => window.clarifyEvents.filter((e) => e.startsWith("clarify-error")));
  check(events.some((e) => e.includes('"code":"offline"')), `a clarify-error offline: ${events}`);
  check(!events.some((e) => e.includes('"code":"unreachable"')), `not unreachable: ${events}`);
  const failure = await page.evaluate(() => document.querySelector("clarify-widget").shadowRoot.querySelector("[data-testid=failure-reason]")?.textContent);
  check(failure === "You are offline. The answer is asked for again once you are back online.", `the visitor is told plainly that the browser is offline: ${failure}`);
  await page.context().setOffline(false);
  await page.waitForFunction(() => document.querySelector("clarify-widget").clarifier.status === "completed", null, { timeout: 20000 }).catch(async () => {
    throw new Error(`retried once back online: ${await status()}`);
  });
  await page.context().close();
});

await step("app: a question that timed out while the page was closed is told in its own conversation, not under the next request", async () => {
  const page = await newPage();
  await page.goto(origin);
  await page.waitForSelector("[data-testid=app-ready]", { timeout: 20000 });
  await page.fill("[data-testid=request]", "my app crashes");
  await page.click("[data-testid=submit]");
  await page.waitForSelector("[data-testid=question-card]", { timeout: 5000 });
  // The page closes; the question's deadline passes (it was asked at the epoch's start).
  await page.evaluate(() => {
    const s = localStorage.getItem("clarify.session").replace(/"asked_at":\d+/, '"asked_at":1');
    localStorage.setItem("clarify.session", s);
  });
  const context = page.context();
  await page.close();
  const again = await context.newPage();
  await again.goto(origin);
  await again.waitForSelector("[data-testid=app-ready]", { timeout: 20000 });
  const notes = () => again.$$eval("[data-testid=engine-notice]", (els) => els.map((e) => e.textContent));
  await again.waitForSelector("[data-testid=engine-notice]", { timeout: 5000 });
  check((await notes()).some((n) => n.includes("timed out")), `told in its conversation: ${await notes()}`);
  // The rest of the conversation, then the next request: a new conversation, nothing timed out.
  for (let i = 0; i < 5 && (await again.$("[data-testid=question-card]")); i++) {
    await again.fill("[data-testid=free-text]", "It closes on start");
    await again.click("[data-testid=continue]");
    await again.waitForTimeout(200);
  }
  await again.waitForSelector("[data-testid=answer-text]", { timeout: 5000 });
  await again.fill("[data-testid=request]", "Plan a trip to Paris");
  await again.click("[data-testid=submit]");
  await again.waitForSelector("[data-testid=question-card]", { timeout: 5000 });
  const under = await notes();
  check(!under.some((n) => n.includes("timed out")), `no timeout notice under the next request: ${under}`);
  await context.close();
});

await step("widget: a question that timed out while the page was closed is told in its own conversation, not under the next request", async () => {
  const page = await newPage();
  await page.goto(`${origin}/widget.html?storage-key=stale`);
  await page.waitForFunction(() => document.querySelector("clarify-widget")?.clarifier, null, { timeout: 20000 });
  await page.evaluate(() => document.querySelector("clarify-widget").start("my app crashes"));
  // Offline, the question follows once the detector's data has come (start() does not wait).
  await page.waitForFunction(() => (localStorage.getItem("stale") ?? "").includes('"asked_at"'), null, { timeout: 20000 });
  await page.evaluate(() => {
    const s = localStorage.getItem("stale").replace(/"asked_at":\d+/, '"asked_at":1');
    localStorage.setItem("stale", s);
  });
  await page.reload();
  await page.waitForFunction(() => document.querySelector("clarify-widget")?.clarifier, null, { timeout: 20000 });
  const notes = () =>
    page.evaluate(() => [...document.querySelector("clarify-widget").shadowRoot.querySelectorAll("[data-testid=engine-notice]")].map((e) => e.textContent));
  await page.waitForFunction(() => document.querySelector("clarify-widget").shadowRoot.querySelector("[data-testid=engine-notice]"), null, { timeout: 5000 }).catch(() => {});
  check((await notes()).some((n) => n === "There was no answer in time, so the most likely one was assumed."),
    `told in its conversation, plainly: ${await notes()}`);
  await page.evaluate(() => {
    const w = document.querySelector("clarify-widget");
    for (let i = 0; w.clarifier.status === "awaiting_clarification" && i < 10; i++) w.clarifier.skip(w.clarifier.question.id);
    w.start("Plan a trip to Paris");
  });
  await page.waitForTimeout(200);
  const under = await notes();
  check(!under.some((n) => n.includes("no answer in time")), `no timeout notice under the next request: ${under}`);
  await page.context().close();
});

await step("app: of two tabs pressing Continue at once, the overruled one quotes the answer it dropped", async () => {
  const a = await newPage();
  await firstAnswer(a);
  const b = await a.context().newPage();
  // Tab B's Continue goes out before it hears tab A's: B holds the storage events until then.
  await b.addInitScript(() => {
    window.addEventListener("storage", (e) => window.deaf && e.stopImmediatePropagation(), true);
  });
  await b.goto(origin);
  await b.waitForSelector("text=Describe the error", { timeout: 20000 });
  await b.evaluate(() => (window.deaf = true));
  await a.fill("[data-testid=free-text]", "It closes when I open the camera");
  await b.fill("[data-testid=free-text]", "A white screen, then it quits");
  await a.click("[data-testid=continue]");
  await b.click("[data-testid=continue]");
  await b.evaluate(() => (window.deaf = false));
  // Which of the two is overruled depends on whose write lands first; either way the overruled
  // tab quotes the answer it dropped and shows the other's, and the other loses nothing.
  const typed = new Map([[a, "It closes when I open the camera"], [b, "A white screen, then it quits"]]);
  const told = await Promise.any(
    [a, b].map((tab) => tab.waitForFunction(() => document.querySelector("[data-testid=notice]"), null, { timeout: 10000 }).then(() => tab)),
  ).catch(async () => {
    const [inA, inB] = [await answersShown(a), await answersShown(b)];
    throw new Error(`one tab is told: answers in A ${inA}, in B ${inB}`);
  });
  const other = told === a ? b : a;
  const notice = await noticesShown(told);
  check(notice.includes("Another tab took over") && notice.includes(`“${typed.get(told)}”`), `the dropped answer is quoted: ${notice}`);
  const shown = await answersShown(told);
  check(shown.includes(typed.get(other)), `the overruled tab shows what storage holds: ${shown}`);
  check((await noticesShown(other)) === "", `the other tab lost nothing: ${await noticesShown(other)}`);
  await a.context().close();
});

await step("widget: added back to the page, it sends what happened while it was away, in order, once", async () => {
  const page = await newPage();
  await page.goto(`${origin}/widget.html?storage-key=away`);
  await page.waitForFunction(() => document.querySelector("clarify-widget")?.clarifier, null, { timeout: 20000 });
  await page.evaluate(() => document.querySelector("clarify-widget").start("my app crashes"));
  await page.waitForFunction(() => window.clarifyEvents.some((e) => e.startsWith("clarify-question")), null, { timeout: 5000 });
  const before = await page.evaluate(() => window.clarifyEvents.length);
  // Away: the element is removed, and the page answers through its clarifier until done.
  const expected = await page.evaluate(() => {
    const w = document.querySelector("clarify-widget");
    window.away = w;
    w.remove();
    const c = w.clarifier;
    const told = [];
    for (let i = 0; c.status === "awaiting_clarification" && i < 10; i++) {
      const q = c.question;
      if (i > 0) told.push(`clarify-question ${q.id}`);
      c.answer(q.id, q.options.length ? { choice: q.options[0].id } : { text: "It closes on start" });
      told.push(`clarify-answer ${q.id}`);
    }
    told.push(`clarify-done ${c.status}`);
    return told;
  });
  await page.waitForTimeout(300);
  check((await page.evaluate(() => window.clarifyEvents.length)) === before, "nothing reaches the page while it is away");
  const told = async () => {
    const events = await page.evaluate((n) => window.clarifyEvents.slice(n), before);
    return events.map((e) => {
      const [type, detail] = [e.slice(0, e.indexOf(" ")), JSON.parse(e.slice(e.indexOf(" ") + 1))];
      return `${type} ${type === "clarify-done" ? detail.status : detail.question?.id}`;
    });
  };
  await page.evaluate(() => document.querySelector("main").append(window.away));
  await page.waitForTimeout(300);
  const sent = await told();
  check(sent.join() === expected.join(), `sent on return, in order:\n  ${sent.join(", ")}\nexpected\n  ${expected.join(", ")}`);
  await page.evaluate(() => { window.away.remove(); document.querySelector("main").append(window.away); });
  await page.waitForTimeout(300);
  check((await told()).length === sent.length, `once: ${await told()}`);
  const stored = await page.evaluate(() => localStorage.getItem("away"));
  check(stored?.includes('"phase":"completed"'), `its answers were saved while it was away: ${stored?.slice(0, 200)}`);
  await page.context().close();
});

await step("widget: a failed answer tells the visitor plainly; the reason goes to the console and clarify-error", async () => {
  const page = await newPage();
  expectWarnings(page, /clarify-widget: (Detection failed|The detection reply was unusable)/);
  allowConsoleErrors(page, /clarify-widget: the answer could not be produced/);
  const consoled = [];
  page.on("console", (m) => m.type() === "error" && consoled.push(m.text()));
  const query = new URLSearchParams({ endpoint: "/llm/refuse/v1", model: "m", "api-key": KEY, "never-ask": "" });
  await page.goto(`${origin}/widget.html?${query}`);
  await page.waitForFunction(() => document.querySelector("clarify-widget")?.clarifier, null, { timeout: 20000 });
  await page.evaluate(() => document.querySelector("clarify-widget").start("Plan a trip to Paris"));
  await page.waitForFunction(() => document.querySelector("clarify-widget").clarifier.status === "failed", null, { timeout: 20000 });
  const card = await page.evaluate(() => document.querySelector("clarify-widget").shadowRoot.textContent);
  check(card.includes("Something went wrong while writing the answer. Please try again in a moment."), `a plain line for the visitor: ${card}`);
  for (const developers of ["HTTP 401", "API key", "settings", "Incorrect", "trace"]) {
    check(!card.includes(developers), `no "${developers}" in the card: ${card}`);
  }
  check(card.includes("Your request could not be looked at in detail, so the questions may be more general.") && !card.includes("built-in checker"),
    `the fallback notice, plainly: ${card}`);
  const failed = await page.evaluate(() => window.clarifyEvents.filter((e) => e.includes('"code":"answer_failed"')));
  check(failed.length === 1 && failed[0].includes("the endpoint refused the API key (HTTP 401): Incorrect API key provided: [redacted]") && !failed[0].includes("settings"),
    `clarify-error answer_failed has the reason, without a settings hint: ${failed}`);
  check(consoled.filter((m) => m.startsWith("clarify-widget: the answer could not be produced: the endpoint refused the API key (HTTP 401)")).length === 1,
    `the reason is on the console once: ${consoled}`);
  await page.context().close();
});

await step("widget: reloaded while the endpoint detects, detection is asked again", async () => {
  const page = await newPage();
  const query = new URLSearchParams({ endpoint: "/llm/slowdetect/v1", model: "m", "storage-key": "detecting" });
  await page.goto(`${origin}/widget.html?${query}`);
  await page.waitForFunction(() => document.querySelector("clarify-widget")?.clarifier, null, { timeout: 20000 });
  await page.evaluate(() => document.querySelector("clarify-widget").start("Write a report"));
  await page.waitForTimeout(800);
  check(detections.slowdetect === 1, `one detection before the reload: ${detections.slowdetect}`);
  await page.reload();
  await page.waitForFunction(() => document.querySelector("clarify-widget")?.clarifier?.status === "awaiting_clarification", null, { timeout: 20000 });
  const after = await page.evaluate(() => ({
    question: document.querySelector("clarify-widget").clarifier.question.text,
    fallback: document.querySelector("clarify-widget").clarifier.state.fallback,
    card: document.querySelector("clarify-widget").shadowRoot.textContent,
    events: window.clarifyEvents,
  }));
  check(detections.slowdetect === 2, `detection asked again after the reload: ${detections.slowdetect}`);
  check(after.question === DETECTED.questions[0].question, `the endpoint's question: ${JSON.stringify(after)}`);
  check(after.fallback === null && !after.card.includes("did not answer") && !after.events.some((e) => e.startsWith("clarify-fallback")),
    `no fallback: ${JSON.stringify(after)}`);
  await page.context().close();
});

await step("widget: clarify-done says the answer was stopped", async () => {
  const page = await newPage();
  expectWarnings(page, /clarify-widget: (Detection failed|The detection reply was unusable)/);
  const query = new URLSearchParams({ endpoint: "/llm/drip/v1", model: "m", "never-ask": "" });
  await page.goto(`${origin}/widget.html?${query}`);
  await page.waitForFunction(() => document.querySelector("clarify-widget")?.clarifier, null, { timeout: 20000 });
  await page.evaluate(() => document.querySelector("clarify-widget").start("Plan a trip to Paris"));
  await page.waitForFunction(() => (document.querySelector("clarify-widget").clarifier.state.answer ?? "").includes("word3"), null, { timeout: 20000 });
  await page.locator("clarify-widget [data-testid=stop]").click();
  await page.waitForFunction(() => window.clarifyEvents.some((e) => e.startsWith("clarify-done")), null, { timeout: 5000 });
  const done = await page.evaluate(() => JSON.parse(window.clarifyEvents.find((e) => e.startsWith("clarify-done")).slice("clarify-done ".length)));
  check(done.stopped === true && done.status === "completed" && done.answer.startsWith("word1 "), `stopped: true: ${JSON.stringify(done)}`);
  await page.context().close();
});

await browser.close();
site.close();
if (warnings.length) {
  failures++;
  console.log(`FAIL console warnings in the pages:\n${warnings.join("\n")}`);
}
const errors = unexpectedConsoleErrors();
if (errors.length) {
  failures++;
  console.log(`FAIL uncaught errors or console errors in the pages:\n${errors.join("\n")}`);
}
if (failures) {
  console.log(`${failures} fault check(s) failed`);
  process.exit(1);
}
console.log("fault checks: all passed");
