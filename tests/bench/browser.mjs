// Browser figures for scripts/bench: time from navigation to the first question card, beside the
// page's first paint, for the app and (with --embed) for a <clarify-widget> on a plain page, each
// with a cold HTTP cache and on a repeat visit; submit → card; and memory after 100 conversations
// in one page. It also records how the wasm was compiled (streaming or from a buffer) and the
// Content-Type it was served with.
//
//   node tests/bench/browser.mjs DIST_DIR OUT.json [--loads N] [--conversations N] [--embed DIR] [--no-memory]
//
// Every time is read from the page's own clock (performance.now(), whose origin is the
// navigation start), never from Node: an init script installs a MutationObserver that notes when
// the card enters the DOM, and the requestAnimationFrame after it (the frame that paints it).
import { createRequire } from "node:module";
import { cp, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { root, serve } from "../e2e/lib.mjs";

const require = createRequire(join(root, ".tools/node/"));
const { chromium } = require("playwright-core");

const args = process.argv.slice(2);
const distDir = resolve(args[0] ?? join(root, "dist"));
const outFile = resolve(args[1] ?? join(root, "target/bench/browser.json"));
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const LOADS = opt("--loads", 15);
const CONVERSATIONS = opt("--conversations", 100);
const EMBED = args.includes("--embed") ? resolve(args[args.indexOf("--embed") + 1]) : null;
const MEMORY = !args.includes("--no-memory");
const CARD = "[data-testid=question-card]";

// Runs in the page before any of its scripts.
const OBSERVE = `(() => {
  const b = (window.__bench = { card: null, cardFrame: null, wasmStarted: null, submit: null });
  addEventListener("TrunkApplicationStarted", (e) => {
    b.wasmStarted = performance.now();
    b.wasm = e.detail && e.detail.wasm;
  });
  addEventListener("click", (e) => {
    if (e.target.closest && e.target.closest("[data-testid=submit]")) b.submit = performance.now();
  }, true);
  addEventListener("submit", () => { if (b.submit === null) b.submit = performance.now(); }, true);
  // How the page compiles its wasm: streamed (compiled while it downloads) or from a buffer.
  b.compile = [];
  for (const name of ["instantiateStreaming", "compileStreaming", "instantiate", "compile"]) {
    const original = WebAssembly[name];
    if (typeof original !== "function") continue;
    WebAssembly[name] = function (...a) {
      // instantiate(module) with an already compiled module compiles nothing.
      if (!(name === "instantiate" && a[0] instanceof WebAssembly.Module)) b.compile.push(name);
      return original.apply(this, a);
    };
  }
  // The widget renders into a shadow root, which a document observer does not see.
  const roots = [document];
  const found = () => roots.some((r) => r.querySelector(${JSON.stringify(CARD)}));
  const seen = () => {
    if (b.card !== null) return;
    if (found()) {
      b.card = performance.now();
      requestAnimationFrame(() => { b.cardFrame = performance.now(); });
    }
  };
  const observer = new MutationObserver(seen);
  observer.observe(document, { childList: true, subtree: true });
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init);
    roots.push(root);
    observer.observe(root, { childList: true, subtree: true });
    return root;
  };
})();`;

function stats(xs) {
  const v = xs.filter((x) => typeof x === "number" && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const q = (p) => {
    const i = (v.length - 1) * p;
    const lo = Math.floor(i);
    return v[lo] + (v[Math.ceil(i)] - v[lo]) * (i - lo);
  };
  const mean = v.reduce((a, b) => a + b, 0) / v.length;
  const sd = Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, v.length - 1));
  return { n: v.length, median: q(0.5), mean, std_dev: sd, min: v[0], p90: q(0.9), max: v[v.length - 1] };
}

async function newPage(browser, init) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(`uncaught: ${e.message}`));
  page.on("console", (m) => m.type() === "error" && page.errors.push(`console: ${m.text()}`));
  for (const script of init) await page.addInitScript(script);
  return { context, page };
}

async function readTimes(page) {
  return page.evaluate(() => {
    const paint = Object.fromEntries(performance.getEntriesByType("paint").map((e) => [e.name, e.startTime]));
    const nav = performance.getEntriesByType("navigation")[0];
    const b = window.__bench;
    const wasms = performance.getEntriesByType("resource").filter((e) => e.name.endsWith(".wasm"));
    const wasm = wasms[0];
    return {
      wasmFetched: wasm ? wasm.responseEnd : null,
      wasmRequests: wasms.length,
      compile: b.compile.join(","),
      card: b.card,
      cardFrame: b.cardFrame,
      submit: b.submit,
      wasmStarted: b.wasmStarted,
      firstPaint: paint["first-paint"] ?? null,
      firstContentfulPaint: paint["first-contentful-paint"] ?? null,
      domContentLoaded: nav ? nav.domContentLoadedEventEnd : null,
      load: nav ? nav.loadEventEnd : null,
    };
  });
}

async function waitFrame(page) {
  await page.waitForFunction(() => window.__bench && window.__bench.cardFrame !== null, null, { timeout: 30000 });
}

/** Types a request into the app's box and submits it (the user's way). */
async function submitRequest(page, text) {
  await page.waitForSelector("[data-testid=request]", { timeout: 30000 });
  await page.fill("[data-testid=request]", text);
  await page.click("[data-testid=submit]");
}

/** Resolves to the Content-Type of the first .wasm response the page receives. */
function wasmContentType(page) {
  return new Promise((ok) => {
    const on = (response) => {
      if (!response.url().endsWith(".wasm")) return;
      page.off("response", on);
      ok(response.headers()["content-type"] ?? null);
    };
    page.on("response", on);
  });
}

/** `{ value: count }` of the values in `xs`. */
function tally(xs) {
  const out = {};
  for (const x of xs) out[x] = (out[x] ?? 0) + 1;
  return out;
}

async function firstCard(browser, url) {
  const out = { method: null, loads: [], warm_loads: [], submit_loads: [], errors: [] };
  // 1. A real snapshot with a pending question, made by the app itself.
  let snapshot;
  {
    const { context, page } = await newPage(browser, [OBSERVE]);
    const served = wasmContentType(page);
    await page.goto(url);
    await submitRequest(page, "Plan a trip to Paris");
    out.wasm_content_type = await served;
    await page.waitForSelector(CARD, { timeout: 30000 });
    await page.waitForTimeout(200);
    snapshot = await page.evaluate(() => localStorage.getItem("clarify.session"));
    out.errors.push(...page.errors);
    await context.close();
  }
  if (!snapshot) throw new Error("the app saved no session under localStorage 'clarify.session'");
  out.seed_snapshot_bytes = Buffer.byteLength(snapshot);
  out.method =
    "reload with a pending question: localStorage 'clarify.session' pre-seeded (before any page script) " +
    "with the snapshot the app saved after 'Plan a trip to Paris'; a fresh browser context (cold HTTP cache) per load; " +
    "card = performance.now() when the MutationObserver sees [data-testid=question-card]; card_frame = performance.now() " +
    "in the requestAnimationFrame callback after it (the rendering step that paints it); first paint from performance paint entries";
  const seed = `localStorage.setItem("clarify.session", ${JSON.stringify(snapshot)});`;
  // 2. Navigation → card, LOADS times after one discarded warm-up load.
  for (let i = 0; i <= LOADS; i++) {
    const { context, page } = await newPage(browser, [seed, OBSERVE]);
    await page.goto(url);
    await waitFrame(page);
    const t = await readTimes(page);
    out.errors.push(...page.errors);
    await context.close();
    if (i > 0) out.loads.push(t);
  }
  // 2b. The same in one context reloaded (HTTP cache and compiled-code cache warm: a repeat visit).
  {
    const { context, page } = await newPage(browser, [seed, OBSERVE]);
    for (let i = 0; i <= LOADS; i++) {
      if (i === 0) await page.goto(url);
      else await page.reload();
      await waitFrame(page);
      const t = await readTimes(page);
      if (i > 0) out.warm_loads.push(t);
    }
    out.errors.push(...page.errors);
    await context.close();
  }
  // 3. Submit → card in a loaded page (empty storage): the detector and the first render.
  for (let i = 0; i <= LOADS; i++) {
    const { context, page } = await newPage(browser, [OBSERVE]);
    await page.goto(url);
    await submitRequest(page, "Plan a trip to Paris");
    await waitFrame(page);
    const t = await readTimes(page);
    out.errors.push(...page.errors);
    await context.close();
    if (i > 0) out.submit_loads.push({ ...t, submitToCard: t.card - t.submit, submitToFrame: t.cardFrame - t.submit });
  }
  const pick = (xs, k) => stats(xs.map((x) => x[k]));
  out.compile_paths = tally([...out.loads, ...out.warm_loads].map((t) => t.compile));
  out.wasm_requests_per_load = tally(out.loads.map((t) => String(t.wasmRequests)));
  out.card_ms = pick(out.loads, "card");
  out.card_frame_ms = pick(out.loads, "cardFrame");
  out.first_paint_ms = pick(out.loads, "firstPaint");
  out.first_contentful_paint_ms = pick(out.loads, "firstContentfulPaint");
  out.wasm_fetched_ms = pick(out.loads, "wasmFetched");
  out.wasm_started_ms = pick(out.loads, "wasmStarted");
  out.dom_content_loaded_ms = pick(out.loads, "domContentLoaded");
  out.warm_card_ms = pick(out.warm_loads, "card");
  out.warm_first_paint_ms = pick(out.warm_loads, "firstPaint");
  out.submit_to_card_ms = pick(out.submit_loads, "submitToCard");
  out.submit_to_card_frame_ms = pick(out.submit_loads, "submitToFrame");
  return out;
}

/**
 * The widget's first card: tests/bench/widget-page/ (one `<clarify-widget storage-key>`, the
 * bundle copied in as embed/) reloaded with a pending question in storage, cold and warm, as
 * for the app.
 */
async function widgetFirstCard(browser, embedDir) {
  const site = join(root, "target/bench/widget-site");
  await rm(site, { recursive: true, force: true });
  await cp(join(root, "tests/bench/widget-page"), site, { recursive: true });
  await cp(embedDir, join(site, "embed"), { recursive: true });
  const server = await serve(site);
  const out = { loads: [], warm_loads: [], errors: [] };
  try {
    const key = "clarify.bench";
    let snapshot;
    {
      const { context, page } = await newPage(browser, [OBSERVE]);
      const served = wasmContentType(page);
      await page.goto(server.url);
      await page.waitForFunction(() => customElements.get("clarify-widget"), null, { timeout: 30000 });
      await page.evaluate(() => document.querySelector("clarify-widget").start("Plan a trip to Paris"));
      await page.waitForFunction(() => window.__bench.card !== null, null, { timeout: 30000 });
      snapshot = await page.evaluate((k) => localStorage.getItem(k), key);
      out.wasm_content_type = await served;
      out.errors.push(...page.errors);
      await context.close();
    }
    if (!snapshot) throw new Error(`the widget saved no session under localStorage '${key}'`);
    out.seed_snapshot_bytes = Buffer.byteLength(snapshot);
    out.method =
      `tests/bench/widget-page/ (one <clarify-widget storage-key="${key}">, the bundle as embed/) reloaded with the ` +
      "snapshot the widget saved after 'Plan a trip to Paris'; card = performance.now() when a MutationObserver on the " +
      "widget's shadow root sees [data-testid=question-card]; cold = a fresh browser context per load, repeat = one context reloaded";
    const seed = `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(snapshot)});`;
    for (let i = 0; i <= LOADS; i++) {
      const { context, page } = await newPage(browser, [seed, OBSERVE]);
      await page.goto(server.url);
      await waitFrame(page);
      const t = await readTimes(page);
      out.errors.push(...page.errors);
      await context.close();
      if (i > 0) out.loads.push(t);
    }
    {
      const { context, page } = await newPage(browser, [seed, OBSERVE]);
      for (let i = 0; i <= LOADS; i++) {
        if (i === 0) await page.goto(server.url);
        else await page.reload();
        await waitFrame(page);
        const t = await readTimes(page);
        if (i > 0) out.warm_loads.push(t);
      }
      out.errors.push(...page.errors);
      await context.close();
    }
  } finally {
    await server.close();
  }
  const pick = (xs, k) => stats(xs.map((x) => x[k]));
  out.compile_paths = tally([...out.loads, ...out.warm_loads].map((t) => t.compile));
  out.card_ms = pick(out.loads, "card");
  out.card_frame_ms = pick(out.loads, "cardFrame");
  out.wasm_fetched_ms = pick(out.loads, "wasmFetched");
  out.first_paint_ms = pick(out.loads, "firstPaint");
  out.warm_card_ms = pick(out.warm_loads, "card");
  return out;
}

// Runs in the page: drives N whole conversations through the app's own controls, measuring the
// JS heap (after a forced GC) and the wasm memory at checkpoints.
async function driveConversations({ n, checkpoints }) {
  const q = (s, el = document) => el.querySelector(s);
  const tick = () => new Promise((r) => setTimeout(r, 0));
  const requests = ["Plan a trip to Paris", "my app crashes", "Tell me more about it", "Is the Pro waterproof?", "I want a refund"];
  const memory = async () => {
    for (let i = 0; i < 3; i++) { if (window.gc) window.gc(); await tick(); }
    const wasm = window.__bench && window.__bench.wasm;
    // The release build gives the exports short names (scripts/optimize-wasm.mjs): find the
    // memory by its type.
    const wasmMemory = wasm && Object.values(wasm).find((v) => v instanceof WebAssembly.Memory);
    return {
      js_heap_used: performance.memory ? performance.memory.usedJSHeapSize : null,
      js_heap_total: performance.memory ? performance.memory.totalJSHeapSize : null,
      wasm_memory: wasmMemory ? wasmMemory.buffer.byteLength : null,
      dom_nodes: document.getElementsByTagName("*").length,
    };
  };
  const samples = [{ after: 0, ...(await memory()) }];
  let completed = 0, questions = 0, completedSnapshot = null, stuck = 0;
  const t0 = performance.now();
  for (let c = 1; c <= n; c++) {
    const input = q("[data-testid=request]");
    input.value = requests[c % requests.length];
    input.dispatchEvent(new Event("input", { bubbles: true }));
    await tick();
    q("[data-testid=submit]").click();
    let done = false;
    for (let step = 0; step < 200 && !done; step++) {
      await tick();
      const card = q("[data-testid=question-card]");
      if (card) {
        const option = q("[data-testid=option]", card);
        if (option && option.getAttribute("aria-checked") !== "true") { option.click(); await tick(); }
        const cont = q("[data-testid=continue]", card);
        if (cont && !cont.disabled) cont.click();
        else { const dk = q("[data-testid=dont-know]", card); if (dk && !dk.disabled) dk.click(); }
        questions++;
        await tick();
        continue;
      }
      if (q("[data-testid=answer]") && !q("[data-testid=working]")) done = true;
    }
    if (done) completed++; else stuck++;
    if (c === n) completedSnapshot = localStorage.getItem("clarify.session");
    const over = q("[data-testid=start-over]");
    if (over) over.click();
    for (let i = 0; i < 50 && q("[data-testid=answer]"); i++) await tick();
    if (checkpoints.includes(c)) samples.push({ after: c, ...(await memory()) });
  }
  return {
    samples, completed, stuck, card_actions: questions, ms: performance.now() - t0,
    completed_snapshot_bytes: completedSnapshot ? new Blob([completedSnapshot]).size : null,
  };
}

async function memory(browser, url) {
  const { context, page } = await newPage(browser, [OBSERVE]);
  await page.goto(url);
  await page.waitForSelector("[data-testid=request]", { timeout: 30000 });
  await page.waitForFunction(() => window.__bench.wasmStarted !== null, null, { timeout: 30000 });
  const checkpoints = [1, 10, 25, 50, 75, CONVERSATIONS];
  const r = await page.evaluate(driveConversations, { n: CONVERSATIONS, checkpoints });
  r.errors = page.errors;
  await context.close();
  const at = (k) => r.samples.find((s) => s.after === k);
  const base = at(10), end = at(CONVERSATIONS);
  // The bound: after a warm-up of 10 conversations, 90 more may grow the JS heap (after GC) and
  // the wasm memory by at most 1 MiB each (~11 KB per conversation) — a leak of one snapshot per
  // conversation would be far above it over a long session.
  const BOUND = 1 << 20;
  r.bound = "JS heap (after GC) and wasm memory each grow by ≤ 1 MiB from conversation 10 to " + CONVERSATIONS;
  r.bound_bytes = BOUND;
  if (base && end && base.js_heap_used != null && end.wasm_memory != null) {
    r.js_heap_growth = end.js_heap_used - base.js_heap_used;
    r.wasm_memory_growth = end.wasm_memory - base.wasm_memory;
    r.bound_held = r.js_heap_growth <= BOUND && r.wasm_memory_growth <= BOUND && r.completed === CONVERSATIONS;
  } else {
    r.bound_held = null;
    r.reason = "performance.memory or the wasm memory was not readable";
  }
  return r;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run",
    "--enable-precise-memory-info", "--js-flags=--expose-gc",
  ],
});
const server = await serve(distDir);
const result = { url: server.url, dist: distDir, chromium: browser.version(), loads: LOADS, conversations: CONVERSATIONS };
try {
  try {
    result.first_card = await firstCard(browser, server.url);
  } catch (e) {
    result.first_card = { error: String(e.stack ?? e) };
  }
  if (EMBED) {
    try {
      result.widget_first_card = await widgetFirstCard(browser, EMBED);
    } catch (e) {
      result.widget_first_card = { error: String(e.stack ?? e) };
    }
  }
  if (MEMORY) {
    try {
      result.memory = await memory(browser, server.url);
    } catch (e) {
      result.memory = { error: String(e.stack ?? e) };
    }
  } else {
    result.memory = { error: "not measured (--no-memory)" };
  }
} finally {
  await browser.close();
  await server.close();
}
await writeFile(outFile, JSON.stringify(result, null, 2));
console.log(`browser figures → ${outFile}`);
const fc = result.first_card;
if (fc.card_ms) console.log(`first card: median ${fc.card_ms.median.toFixed(1)} ms (frame ${fc.card_frame_ms?.median?.toFixed(1)} ms), first paint ${fc.first_paint_ms?.median?.toFixed(1)} ms`);
else console.log(`first card: ${fc.error}`);
if (fc.warm_card_ms) console.log(`  repeat visit: median ${fc.warm_card_ms.median.toFixed(1)} ms; wasm served as ${fc.wasm_content_type}, compiled by ${JSON.stringify(fc.compile_paths)}`);
const wc = result.widget_first_card;
if (wc?.card_ms) console.log(`widget first card: median ${wc.card_ms.median.toFixed(1)} ms, repeat visit ${wc.warm_card_ms?.median?.toFixed(1)} ms; wasm served as ${wc.wasm_content_type}, compiled by ${JSON.stringify(wc.compile_paths)}`);
else if (wc) console.log(`widget first card: ${wc.error}`);
if (result.memory.samples) console.log(`memory: ${JSON.stringify(result.memory.samples.at(-1))}, bound held: ${result.memory.bound_held}`);
else console.log(`memory: ${result.memory.error}`);
