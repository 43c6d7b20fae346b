// What a user is told about the connection, and how a site keeps its key out of its pages,
// against the real llama.cpp server (started with an API key by scripts/test.d/70-llm-e2e):
//
// - the app's banner says "Connected" only after a call succeeded; the settings form refuses an
//   endpoint that is not an absolute http(s) URL;
// - served with a Content-Security-Policy whose connect-src leaves the endpoint out, the call is
//   reported as refused by the policy, naming connect-src;
// - a <clarify-widget> on a site (not localhost) talks to the site's own same-origin endpoint,
//   which checks the visitor's session cookie and adds the key server-side: no key in the page;
// - the same widget given `api-key` on such a site warns on the console and emits a
//   clarify-error `key_in_page`; on 127.0.0.1 it does not.
//
// Env: LLM_URL (…/v1), LLM_KEY. Needs dist/ (the app) and target/embed/ (the widget).
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { join, extname } from "node:path";
import { root, check, serve, launch, allowConsoleErrors, unexpectedConsoleErrors } from "./lib.mjs";

const llmUrl = process.env.LLM_URL;
const llmKey = process.env.LLM_KEY;
const llmOrigin = new URL(llmUrl).origin;
const SITE = "clarify.test"; // resolved to 127.0.0.1 by the browser, so it is not "localhost"
const CSP_BASE = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";

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

const browser = await launch([`--host-resolver-rules=MAP ${SITE} 127.0.0.1`]);

/** Opens the app from `server`, with the settings panel open. */
async function openApp(server) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(server.url);
  await page.waitForSelector("[data-testid=app-ready]", { timeout: 20000 });
  await page.click("[data-testid=settings-toggle]");
  await page.waitForSelector("[data-testid=set-endpoint]");
  return page;
}

const banner = (page) => page.locator("[data-testid=online-banner], [data-testid=offline-banner]");

// The app, with the endpoint's origin allowed by connect-src.
const allowed = await serve(join(root, "dist"), {
  headers: { "content-security-policy": `${CSP_BASE}; connect-src 'self' ${llmOrigin}` },
});
await step("the banner says Connected only after a call succeeded", async () => {
  const page = await openApp(allowed);
  await page.fill("[data-testid=set-endpoint]", llmUrl);
  await page.fill("[data-testid=set-model]", "smollm2");
  await page.fill("[data-testid=set-key]", llmKey);
  const before = await banner(page).textContent();
  check(!before.includes("Connected"), `no "Connected" before any call: ${before}`);
  check(before.includes("not tried yet"), `the banner says it is untried: ${before}`);
  await page.click("[data-testid=test-connection]");
  await page.waitForFunction(
    () => document.querySelector("[data-testid=test-result]")?.textContent !== "Testing…",
    null,
    { timeout: 120000 },
  );
  const result = await page.textContent("[data-testid=test-result]");
  check(result.startsWith("Connected"), `the test reached the server: ${result}`);
  const after = await banner(page).textContent();
  check(after.startsWith(`Connected to ${llmUrl}`), `the banner says Connected now: ${after}`);

  // A wrong key: the banner says the last call failed, and why. Chromium logs the 401 response
  // as a console error ("Failed to load resource"): expected here.
  allowConsoleErrors(page, /Failed to load resource: the server responded with a status of 401/);
  await page.fill("[data-testid=set-key]", "wrong-key");
  check((await banner(page).textContent()).includes("not tried yet"), "a new key is untried");
  await page.click("[data-testid=test-connection]");
  await page.waitForFunction(
    () => document.querySelector("[data-testid=online-banner]")?.dataset.link === "failed",
    null,
    { timeout: 120000 },
  );
  const failed = await banner(page).textContent();
  check(failed.includes("API key"), `the banner names the refused key: ${failed}`);
  await page.context().close();
});

await step("the form refuses an endpoint that is not an absolute http(s) URL", async () => {
  const page = await openApp(allowed);
  for (const typed of ["not a url", "/v1", "ftp://127.0.0.1/v1"]) {
    await page.fill("[data-testid=set-endpoint]", typed);
    await page.press("[data-testid=set-endpoint]", "Tab"); // the change event
    const error = await page.textContent("[data-testid=endpoint-error]");
    check(error.includes("absolute http://"), `"${typed}" is refused: ${error}`);
    check(
      (await page.getAttribute("[data-testid=set-endpoint]", "aria-invalid")) === "true",
      `"${typed}" marks the field invalid`,
    );
    check(await page.isVisible("[data-testid=offline-banner]"), `"${typed}" leaves the app offline`);
  }
  await page.fill("[data-testid=set-endpoint]", llmUrl);
  await page.press("[data-testid=set-endpoint]", "Tab");
  check((await page.textContent("[data-testid=endpoint-error]")) === "", "a valid URL clears the error");
  check((await banner(page).textContent()).includes(llmUrl), "and is used");
  await page.context().close();
});
await allowed.close();

// The app under the strict policy: connect-src (from default-src) is 'self' only.
const strict = await serve(join(root, "dist"), { headers: { "content-security-policy": CSP_BASE } });
await step("a call the page's CSP refuses is reported as such, naming connect-src", async () => {
  const page = await openApp(strict);
  // Chromium logs the policy's refusal of the connection as a console error: that refusal is
  // what this step checks the app reports.
  allowConsoleErrors(page, /Content Security Policy|connect-src/);
  await page.fill("[data-testid=set-endpoint]", llmUrl);
  await page.click("[data-testid=test-connection]");
  await page.waitForFunction(
    () => document.querySelector("[data-testid=online-banner]")?.dataset.link === "failed",
    null,
    { timeout: 60000 },
  );
  const result = await page.textContent("[data-testid=test-result]");
  check(
    result.includes("Content-Security-Policy") && result.includes("connect-src"),
    `the refusal names the policy and connect-src: ${result}`,
  );
  check(!result.includes("CORS"), `and does not blame CORS: ${result}`);
  await page.context().close();
});
await strict.close();

// A site with its own endpoint: /llm/v1/… needs the visitor's session cookie and adds the key.
const proxied = [];
const TYPES = { ".js": "text/javascript", ".wasm": "application/wasm", ".css": "text/css", ".html": "text/html; charset=utf-8" };
const widgetPage = (attrs) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Site</title>
<script type="module" src="/embed/clarify-widget.js"></script></head>
<body><main><clarify-widget ${attrs}></clarify-widget></main></body></html>`;
const site = createServer(async (req, res) => {
  const url = new URL(req.url, "http://x");
  const csp = { "content-security-policy": `${CSP_BASE}; connect-src 'self'` };
  // The browser asks for a favicon, which the site does not have: no 404 on the console.
  if (url.pathname === "/favicon.ico") return res.writeHead(204).end();
  if (url.pathname === "/" || url.pathname === "/keyed.html") {
    const attrs = url.pathname === "/" ? `endpoint="/llm/v1" model="smollm2"` : `endpoint="/llm/v1" model="smollm2" api-key="${llmKey}"`;
    res.writeHead(200, { "content-type": TYPES[".html"], "set-cookie": "visitor=signed-in; Path=/; HttpOnly; SameSite=Strict", ...csp });
    res.end(widgetPage(attrs));
  } else if (url.pathname.startsWith("/embed/")) {
    try {
      const body = await readFile(join(root, "target/embed", url.pathname.slice("/embed/".length)));
      res.writeHead(200, { "content-type": TYPES[extname(url.pathname)] ?? "application/octet-stream", ...csp });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  } else if (url.pathname.startsWith("/llm/v1/") && req.method === "POST") {
    const signedIn = (req.headers.cookie ?? "").includes("visitor=signed-in");
    const pageKey = req.headers.authorization ?? null;
    const chunks = [];
    for await (const c of req) chunks.push(c);
    if (!signedIn) {
      proxied.push({ signedIn, pageKey, status: 401 });
      res.writeHead(401, { "content-type": "application/json" }).end('{"error":{"message":"sign in first"}}');
      return;
    }
    // Recorded on arrival: a slow model must not hide that the call came.
    const call = { signedIn, pageKey, status: null };
    proxied.push(call);
    // The site's server adds the key; whatever the page sent is not passed on.
    const upstream = await fetch(llmUrl + url.pathname.slice("/llm/v1".length), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${llmKey}` },
      body: Buffer.concat(chunks),
    });
    call.status = upstream.status;
    res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "application/json" });
    for await (const c of upstream.body) res.write(c);
    res.end();
  } else {
    res.writeHead(404).end();
  }
});
await new Promise((ok) => site.listen(0, "127.0.0.1", ok));
const port = site.address().port;

/** Opens `path` on the site as `host`, recording console warnings and clarify-error events. */
async function openSite(host, path) {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    window.clarifyErrors = [];
    document.addEventListener("clarify-error", (e) => window.clarifyErrors.push(e.detail.code));
  });
  const page = await context.newPage();
  page.warnings = [];
  page.on("console", (m) => m.type() === "warning" && page.warnings.push(m.text()));
  await page.goto(`http://${host}:${port}${path}`);
  await page.waitForFunction(() => document.querySelector("clarify-widget")?.clarifier, null, { timeout: 20000 });
  return page;
}

await step("the widget uses the site's own endpoint: the key stays on the server", async () => {
  const page = await openSite(SITE, "/");
  const html = await page.content();
  check(!html.includes(llmKey), "the page holds no key");
  check(await page.evaluate(() => document.querySelector("clarify-widget").start("Plan a trip")), "the request is taken");
  await page.waitForFunction(
    () => document.querySelector("clarify-widget").clarifier.status !== "analyzing",
    null,
    { timeout: 180000 },
  );
  const call = proxied[0];
  check(call?.signedIn, `the visitor's cookie reached the site's endpoint: ${JSON.stringify(proxied)}`);
  // The model's reply may come after the widget stopped waiting for it.
  for (const end = Date.now() + 180000; call.status === null && Date.now() < end; ) {
    await new Promise((r) => setTimeout(r, 200));
  }
  check(call.pageKey === null, "the page sent no Authorization header");
  check(call.status === 200, `the LLM answered the site's server (HTTP ${call.status})`);
  const trace = await page.evaluate(() => JSON.stringify(document.querySelector("clarify-widget").clarifier.state.trace ?? []));
  check(!trace.includes(llmKey), "the key is in no trace");
  check(page.warnings.length === 0, `no warning without a key: ${page.warnings}`);
  check((await page.evaluate(() => window.clarifyErrors)).length === 0, "no clarify-error");
  await page.context().close();
});

await step("api-key in a page served to others warns and emits key_in_page; on 127.0.0.1 it does not", async () => {
  const page = await openSite(SITE, "/keyed.html");
  await page.waitForFunction(() => window.clarifyErrors.length > 0, null, { timeout: 5000 });
  check((await page.evaluate(() => window.clarifyErrors)).includes("key_in_page"), "clarify-error key_in_page");
  check(page.warnings.some((w) => w.includes("api-key")), `a console warning: ${page.warnings}`);
  await page.context().close();

  const local = await openSite("127.0.0.1", "/keyed.html");
  await local.waitForTimeout(300);
  check((await local.evaluate(() => window.clarifyErrors)).length === 0, "no key_in_page on 127.0.0.1");
  check(local.warnings.length === 0, `no warning on 127.0.0.1: ${local.warnings}`);
  await local.context().close();
});

site.close();
await browser.close();
const errors = unexpectedConsoleErrors();
if (errors.length) {
  failures++;
  console.log(`FAIL uncaught errors or console errors in the pages:\n${errors.join("\n")}`);
}
if (failures) {
  console.log(`${failures} page check(s) failed`);
  process.exit(1);
}
console.log("page checks: all passed");
