// The app's first minute on a slow phone: dist/ served compressed (each file's .br beside it
// when the build wrote one, as a static host serving precompressed files does; else gzip -9),
// each load in a fresh browser context (cold cache) under simulated slow 4G (150 ms latency,
// 1.6 Mbit/s down, 750 kbit/s up) and a 4× slower CPU. A user types a request into the shell's
// box the moment it shows and presses Enter; measured from navigation start: the first
// contentful paint, the request box shown, the wasm downloaded, and the question card that
// answers the request.
//
//   node tests/bench/app-first-paint.mjs DIST OUT.json [--loads N]
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { root } from "../e2e/lib.mjs";
import { CPU, NETWORK, throttle } from "./slow-phone.mjs";

const require = createRequire(join(root, ".tools/node/"));
const { chromium } = require("playwright-core");

const args = process.argv.slice(2);
const dist = resolve(args[0] ?? join(root, "dist"));
const outFile = resolve(args[1] ?? join(root, "target/bench/app-first-paint.json"));
const LOADS = args.includes("--loads") ? Number(args[args.indexOf("--loads") + 1]) : 9;
const REQUEST = "my app crashes";
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".svg": "image/svg+xml" };

/** Serves `dist` compressed: the .br beside a file when there is one and the browser takes it. */
let brotli = 0;
const server = createServer(async (req, res) => {
  const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
  const file = normalize(join(dist, path.endsWith("/") ? path + "index.html" : path));
  if (!file.startsWith(dist)) return res.writeHead(403).end();
  const head = { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-store" };
  try {
    const body = await readFile(file);
    if (/\bbr\b/.test(req.headers["accept-encoding"] ?? "")) {
      const br = await readFile(`${file}.br`).catch(() => null);
      if (br) {
        brotli++;
        return res.writeHead(200, { ...head, "content-encoding": "br" }).end(br);
      }
    }
    res.writeHead(200, { ...head, "content-encoding": "gzip" }).end(gzipSync(body, { level: 9 }));
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}/`;

async function once(browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
  const tab = await context.newPage();
  await throttle(tab);
  await tab.goto(base, { waitUntil: "commit" });
  // The shell's box, or the app's when there is no shell (an older build).
  const box = await tab.waitForSelector("[data-testid=shell-request], [data-testid=request]", { state: "visible", timeout: 120000 });
  const boxShown = await tab.evaluate(() => performance.now());
  await box.type(REQUEST);
  await box.press("Enter");
  await tab.waitForSelector("[data-testid=question-card]", { timeout: 120000 });
  const seen = await tab.evaluate(() => ({
    answered: performance.now(),
    fcp: performance.getEntriesByType("paint").find((e) => e.name === "first-contentful-paint")?.startTime ?? null,
    wasm: performance.getEntriesByType("resource").find((e) => e.name.endsWith(".wasm"))?.responseEnd ?? null,
    request: document.querySelector("[data-testid=conv-request]")?.textContent ?? "",
  }));
  await context.close();
  if (!seen.request.includes(REQUEST)) throw new Error(`the card answers another request: ${seen.request}`);
  return { fcp: seen.fcp, boxShown, wasmDownloaded: seen.wasm, answered: seen.answered, boxBeforeWasm: seen.wasm !== null && boxShown < seen.wasm };
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
const runs = [];
try {
  for (let i = 0; i < LOADS; i++) runs.push(await once(browser));
} finally {
  await browser.close();
  server.close();
}
const result = {
  method: `tests/bench/app-first-paint.mjs: dist/ served ${brotli ? "brotli (the build's .br files)" : "gzip -9 (the build has no .br files)"}, ${LOADS} cold loads at 390×800, ` +
    `slow 4G (latency ${NETWORK.latency} ms, ${(NETWORK.downloadThroughput * 8 / 1e6).toFixed(2)} Mbit/s down) and CPU ×${CPU} (CDP); ` +
    `"${REQUEST}" typed and sent the moment the request box shows`,
  loads: LOADS,
  fcp_ms_median: median(runs.map((r) => r.fcp)),
  request_box_ms_median: median(runs.map((r) => r.boxShown)),
  wasm_downloaded_ms_median: median(runs.map((r) => r.wasmDownloaded)),
  answered_ms_median: median(runs.map((r) => r.answered)),
  box_before_wasm_loads: runs.filter((r) => r.boxBeforeWasm).length,
  runs,
};
await mkdir(join(outFile, ".."), { recursive: true });
await writeFile(outFile, JSON.stringify(result, null, 2) + "\n");
const { runs: _, ...summary } = result;
console.log(JSON.stringify(summary, null, 2));
