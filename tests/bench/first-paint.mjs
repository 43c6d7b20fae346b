// The host's first paint with and without a <clarify-widget>, throttled: how many bytes of
// Clarify arrive before the host's first contentful paint, and whether the paint waits for the
// wasm. A plain host page (tests/bench/first-paint/) is served gzip-compressed, once as it is and
// once with the widget as the docs tell a page without a bundler to add it (a module script
// `embed/clarify-widget.js`, and the element); each load in a fresh browser context (cold cache)
// under simulated slow 4G (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up) and a 4× slower CPU.
//
//   node tests/bench/first-paint.mjs EMBED_DIR OUT.json [--loads N]
//
// Bytes are gzip bytes as sent (the response bodies); a resource counts as before the first
// paint when its response ended before first-contentful-paint (Resource Timing, in the page).
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { root } from "../e2e/lib.mjs";
import { CPU, NETWORK, throttle } from "./slow-phone.mjs";

const require = createRequire(join(root, ".tools/node/"));
const { chromium } = require("playwright-core");

const args = process.argv.slice(2);
const embedDir = resolve(args[0] ?? join(root, "target/embed"));
const outFile = resolve(args[1] ?? join(root, "target/bench/first-paint.json"));
const LOADS = args.includes("--loads") ? Number(args[args.indexOf("--loads") + 1]) : 9;
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm" };

const site = join(root, "target/bench/first-paint-site");
await rm(site, { recursive: true, force: true });
await mkdir(site, { recursive: true });
await cp(join(root, "tests/bench/first-paint"), site, { recursive: true });
await cp(embedDir, join(site, "embed"), { recursive: true });
const page = await readFile(join(site, "index.html"), "utf8");
await writeFile(join(site, "bare.html"), page);
await writeFile(join(site, "widget.html"), page
  .replace("<!--WIDGET-SCRIPT-->", '<script type="module" src="embed/clarify-widget.js"></script>')
  .replace("<!--WIDGET-ELEMENT-->", '<clarify-widget max-questions="2"></clarify-widget>'));

/** Serves the site gzip-compressed (as a production server would); counts the bytes sent per path. */
const server = createServer(async (req, res) => {
  const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
  const file = normalize(join(site, path));
  if (!file.startsWith(site)) return res.writeHead(403).end();
  try {
    const body = gzipSync(await readFile(file), { level: 9 });
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "content-encoding": "gzip", "cache-control": "no-store" });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}/`;

async function once(browser, name) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const tab = await context.newPage();
  await throttle(tab);
  await tab.goto(base + name, { waitUntil: "load" });
  if (name === "widget.html") {
    await tab.waitForFunction(() => document.querySelector("clarify-widget")?.shadowRoot?.querySelector("[data-testid=request]"), null, { timeout: 120000 });
  } else {
    await tab.waitForTimeout(200);
  }
  const seen = await tab.evaluate(() => {
    const fcp = performance.getEntriesByType("paint").find((e) => e.name === "first-contentful-paint")?.startTime ?? null;
    const resources = performance.getEntriesByType("resource").map((e) => ({
      path: new URL(e.name).pathname, end: e.responseEnd, bytes: e.encodedBodySize,
    }));
    const ready = performance.now();
    return { fcp, resources, ready };
  });
  await context.close();
  const clarify = seen.resources.filter((r) => r.path.startsWith("/embed/"));
  const before = clarify.filter((r) => seen.fcp !== null && r.end <= seen.fcp);
  return {
    fcp: seen.fcp,
    requestBoxShown: name === "widget.html" ? seen.ready : null,
    bytesBeforePaint: before.reduce((a, r) => a + r.bytes, 0),
    beforePaint: before.map((r) => r.path),
    bytesTotal: clarify.reduce((a, r) => a + r.bytes, 0),
  };
}

const median = (xs) => {
  const v = xs.filter((x) => typeof x === "number").sort((a, b) => a - b);
  return v.length ? v[Math.floor((v.length - 1) / 2)] : null;
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const runs = { bare: [], widget: [] };
try {
  for (let i = 0; i < LOADS; i++) {
    runs.bare.push(await once(browser, "bare.html"));
    runs.widget.push(await once(browser, "widget.html"));
  }
} finally {
  await browser.close();
  server.close();
}
const result = {
  method: `tests/bench/first-paint.mjs: tests/bench/first-paint/ served gzip -9, ${LOADS} cold loads each, ` +
    `slow 4G (latency ${NETWORK.latency} ms, ${(NETWORK.downloadThroughput * 8 / 1e6).toFixed(2)} Mbit/s down) and CPU ×${CPU} (CDP)`,
  loads: LOADS,
  fcp_ms_median_without_widget: median(runs.bare.map((r) => r.fcp)),
  fcp_ms_median_with_widget: median(runs.widget.map((r) => r.fcp)),
  widget_request_box_ms_median: median(runs.widget.map((r) => r.requestBoxShown)),
  clarify_gzip_bytes_before_first_paint_max: Math.max(...runs.widget.map((r) => r.bytesBeforePaint)),
  clarify_before_first_paint: [...new Set(runs.widget.flatMap((r) => r.beforePaint))],
  clarify_gzip_bytes_total_median: median(runs.widget.map((r) => r.bytesTotal)),
  runs,
};
await mkdir(join(outFile, ".."), { recursive: true });
await writeFile(outFile, JSON.stringify(result, null, 2) + "\n");
const { runs: _, ...summary } = result;
console.log(JSON.stringify(summary, null, 2));
