// Shared helpers for the end-to-end checks: a static file server on 127.0.0.1 and the system
// Chromium driven by playwright-core (installed by scripts/setup under .tools/node).
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { readFile, mkdir } from "node:fs/promises";
import { extname, join, normalize, dirname } from "node:path";
import { fileURLToPath } from "node:url";

export const root = normalize(join(dirname(fileURLToPath(import.meta.url)), "../.."));
const require = createRequire(join(root, ".tools/node/"));
const { chromium } = require("playwright-core");

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".wasm": "application/wasm",
  ".css": "text/css",
  ".json": "application/json",
  ".png": "image/png",
  ".svg": "image/svg+xml",
};

/**
 * Serves `dir` on a free 127.0.0.1 port; `headers` are added to every response. With
 * `precompressed`, a file's `.br` or `.gz` beside it is sent instead when the browser accepts
 * that encoding, as a static host serving precompressed files does (nginx `brotli_static`).
 */
export async function serve(dir, { headers = {}, precompressed = false } = {}) {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const file = normalize(join(dir, path.endsWith("/") ? path + "index.html" : path));
    if (!file.startsWith(normalize(dir))) {
      res.writeHead(403).end();
      return;
    }
    try {
      const type = { "content-type": TYPES[extname(file)] ?? "application/octet-stream" };
      const accepts = String(req.headers["accept-encoding"] ?? "");
      for (const [encoding, suffix] of precompressed ? [["br", ".br"], ["gzip", ".gz"]] : []) {
        if (!accepts.includes(encoding)) continue;
        const body = await readFile(file + suffix).catch(() => null);
        if (!body) continue;
        res.writeHead(200, { ...type, "content-encoding": encoding, vary: "accept-encoding", ...headers });
        res.end(body);
        return;
      }
      const body = await readFile(file);
      res.writeHead(200, { ...type, ...headers });
      res.end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const url = `http://127.0.0.1:${server.address().port}/`;
  return { url, close: () => new Promise((ok) => server.close(ok)) };
}

/**
 * Console errors and uncaught exceptions of every page of every browser from [`launch`] that no
 * [`allowConsoleErrors`] expected, with the page's URL. [`main`] fails on any; a script that
 * drives the browser without `main` calls [`unexpectedConsoleErrors`] at its end.
 */
const unexpected = [];

/** Records what `page` logs as an error, or throws uncaught, unless its allow-list expects it. */
function watch(page) {
  page.allowedErrors ??= [];
  const note = (what) => {
    if (!page.allowedErrors.some((re) => re.test(what))) unexpected.push(`${page.url()}: ${what}`);
  };
  page.on("pageerror", (e) => note(`uncaught: ${e.message}`));
  page.on("console", (m) => m.type() === "error" && note(`console: ${m.text()}`));
}

/**
 * Expects console errors matching `pattern` on `page` from now on (say why at the call). Only
 * what the page logs is allowed: an uncaught exception is never expected.
 */
export function allowConsoleErrors(page, pattern) {
  page.allowedErrors ??= [];
  page.allowedErrors.push(new RegExp(`^console: .*(?:${pattern.source})`, pattern.flags));
}

/** The unexpected console errors and uncaught exceptions so far, forgotten once returned. */
export function unexpectedConsoleErrors() {
  return unexpected.splice(0);
}

/**
 * Launches headless Chromium with the flags this closed network needs, and `extra` ones. Every
 * page of every context it opens is watched for console errors and uncaught exceptions (see
 * [`unexpectedConsoleErrors`]).
 */
export async function launch(extra = []) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
      ...extra,
    ],
  });
  // `browser.newPage` opens its context through `newContext` too.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on("page", watch);
    return context;
  };
  return browser;
}

/** The strict Content-Security-Policy the app and the host page must work under (issue 9). */
export const STRICT_CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";

/**
 * Opens a page that fails the check on any console error or uncaught exception, and records
 * CSP violations in `window.cspViolations`.
 */
export async function strictPage(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 }, ...options });
  await context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const page = await context.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(`uncaught: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") page.errors.push(`console: ${m.text()}`);
  });
  return page;
}

/** Screenshot path under target/e2e/, created on demand. */
export async function shot(name) {
  const dir = join(root, "target/e2e");
  await mkdir(dir, { recursive: true });
  return join(dir, name);
}

/** Throws with `message` unless `condition` holds. */
export function check(condition, message) {
  if (!condition) throw new Error(`check failed: ${message}`);
}

/** Runs `body`, printing a pass/fail line and exiting non-zero on failure. */
export async function main(name, body) {
  const browser = await launch();
  try {
    await body(browser);
    const errors = unexpectedConsoleErrors();
    check(errors.length === 0, `no uncaught error or console error in any page:\n${errors.join("\n")}`);
    console.log(`ok: ${name}`);
  } catch (e) {
    const errors = unexpectedConsoleErrors();
    console.error(`FAILED: ${name}\n${e.stack ?? e}${errors.length ? `\nand in the pages:\n${errors.join("\n")}` : ""}`);
    process.exitCode = 1;
  } finally {
    await browser.close();
  }
}
