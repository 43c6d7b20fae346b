// Turns the raw measurements of one scripts/bench run into target/bench/summary.json,
// BENCHMARKS.md.
//
//   node tests/bench/report.mjs BENCH_DIR
//
// BENCH_DIR (target/bench) holds meta.json (machine, command, load averages, reasons), sizes.json,
// browser.json and wasm.log (the in-browser test's output: `BENCH {json}` lines); criterion's
// results are read from target/criterion/**/new/estimates.json, keeping only those written during
// this run. Nothing here invents a figure: whatever is missing becomes null with a reason.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "../e2e/lib.mjs";

const dir = process.argv[2] ?? join(root, "target/bench");
const readJson = (f) => (existsSync(join(dir, f)) ? JSON.parse(readFileSync(join(dir, f), "utf8")) : null);
const meta = readJson("meta.json") ?? {};
const sizes = readJson("sizes.json") ?? {};
const browser = readJson("browser.json") ?? {};
const firstPaint = readJson("first-paint.json");
const appPaint = readJson("app-first-paint.json");
const missing = {}; // summary key -> reason

// ---- criterion ----
function criterion() {
  const base = join(root, "target/criterion");
  const out = {};
  if (!existsSync(base)) return out;
  const since = (meta.criterion_started_epoch ?? 0) * 1000;
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (!e.isDirectory()) continue;
      const est = join(p, "new/estimates.json");
      const bj = join(p, "new/benchmark.json");
      if (existsSync(est) && existsSync(bj)) {
        if (statSync(est).mtimeMs >= since) {
          const b = JSON.parse(readFileSync(bj, "utf8"));
          const e2 = JSON.parse(readFileSync(est, "utf8"));
          out[b.full_id] = {
            median: e2.median.point_estimate,
            median_ci: [e2.median.confidence_interval.lower_bound, e2.median.confidence_interval.upper_bound],
            mean: e2.mean.point_estimate,
            std_dev: e2.std_dev.point_estimate,
            median_abs_dev: e2.median_abs_dev?.point_estimate ?? null,
          };
        }
      }
      walk(p);
    }
  };
  walk(base);
  return out;
}
const native = criterion();

// ---- in-browser (wasm) ----
const wasmLines = ["wasm.log", "wasm-llm.log"]
  .filter((f) => existsSync(join(dir, f)))
  .flatMap((f) => readFileSync(join(dir, f), "utf8").split("\n"))
  .map((l) => l.match(/BENCH (\{.*\})\s*$/))
  .filter(Boolean)
  .map((m) => JSON.parse(m[1]));
const wasm = Object.fromEntries(wasmLines.filter((x) => x.kind === "timing").map((x) => [`${x.group}/${x.bench}`, x]));
const snapshots = wasmLines.filter((x) => x.kind === "snapshot");
const llm = wasmLines.filter((x) => x.kind === "llm");
const llmNotRun = wasmLines.filter((x) => x.kind === "llm_not_run");

// ---- helpers ----
const kb = (b) => (b == null ? "—" : `${(b / 1024).toFixed(1)} KB`);
const ns = (v) => (v == null ? "—" : v >= 1e6 ? `${(v / 1e6).toFixed(2)} ms` : v >= 1e3 ? `${(v / 1e3).toFixed(2)} µs` : `${v.toFixed(0)} ns`);
const ms = (v) => (v == null ? "—" : `${v.toFixed(1)} ms`);
const ratio = (a, b) => (a == null || b == null || !b ? null : a / b);
const fmtRatio = (r) => (r == null ? "—" : `${r.toFixed(2)}×`);
const num = (v) => (v == null ? "—" : v.toLocaleString("en-US"));
const get = (o, path) => path.split(".").reduce((a, k) => (a == null ? a : a[k]), o);
function val(key, v, reason) {
  if (v == null) missing[key] = reason;
  return v ?? null;
}

const fc = browser.first_card ?? {};
const wc = browser.widget_first_card ?? {};
const mem = browser.memory ?? {};
const embedReason = meta.embed_reason ?? sizes.embed?.error ?? "not measured";
const widgetReason = wc.error ?? (browser.widget_first_card ? "not measured" : embedReason);
const llmReason = meta.llm_reason ?? (llm.length ? null : "the in-browser LLM run printed no results (see target/bench/wasm.log)");

// LLM aggregates.
const llmOk = llm.filter((s) => s.ours && s.ours.calls > 0);
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
const sumOf = (xs, path) => {
  const v = xs.map((x) => get(x, path));
  return v.length && v.every((x) => typeof x === "number") ? v.reduce((a, b) => a + b, 0) : null;
};
const llmTotals = {
  ours_calls: sumOf(llmOk, "ours.calls"),
  ours_prompt: sumOf(llmOk, "ours.prompt_tokens"),
  ours_completion: sumOf(llmOk, "ours.completion_tokens"),
  restart_calls: sumOf(llmOk, "restart_planning.calls"),
  restart_prompt: sumOf(llmOk, "restart_planning.prompt_tokens"),
  restart_completion: sumOf(llmOk, "restart_planning.completion_tokens"),
};
const first = llm.find((s) => s.id === "001");

const appGzip = sizes.app?.gzip ?? null;
const embedGzip = sizes.embed?.gzip ?? null;
const detectNs = native["detect_100_chars/vague_en"]?.median ?? null;
const summary = {
  generated_at: meta.date ?? null,
  command: meta.command ?? "scripts/bench",
  machine: { nproc: meta.nproc, cpu: meta.cpu, rustc: meta.rustc, chromium: browser.chromium ?? null, node: meta.node, load: meta.load },
  app_transfer_raw_bytes: val("app_transfer_raw_bytes", sizes.app?.raw, sizes.app?.error ?? "not measured"),
  app_transfer_gzip_bytes: val("app_transfer_gzip_bytes", appGzip, sizes.app?.error ?? "not measured"),
  app_transfer_brotli_bytes: val("app_transfer_brotli_bytes", sizes.app?.brotli, sizes.app?.error ?? "not measured"),
  embed_transfer_gzip_bytes: val("embed_transfer_gzip_bytes", embedGzip, embedReason),
  embed_transfer_brotli_bytes: val("embed_transfer_brotli_bytes", sizes.embed?.brotli, embedReason),
  surveyjs_transfer_gzip_bytes: val("surveyjs_transfer_gzip_bytes", sizes.surveyjs?.gzip, sizes.surveyjs?.error ?? "not measured"),
  react_transfer_gzip_bytes: val("react_transfer_gzip_bytes", sizes.react?.gzip, sizes.react?.error ?? "not measured"),
  xstate_transfer_gzip_bytes: val("xstate_transfer_gzip_bytes", sizes.xstate?.gzip, sizes.xstate?.error ?? "not measured"),
  app_to_surveyjs_gzip_ratio: ratio(appGzip, sizes.surveyjs?.gzip),
  app_to_react_gzip_ratio: ratio(appGzip, sizes.react?.gzip),
  app_to_xstate_gzip_ratio: ratio(appGzip, sizes.xstate?.gzip),
  embed_to_surveyjs_gzip_ratio: ratio(embedGzip, sizes.surveyjs?.gzip),
  embed_to_react_gzip_ratio: ratio(embedGzip, sizes.react?.gzip),
  first_card_ms_median: val("first_card_ms_median", fc.card_ms?.median, fc.error ?? "not measured"),
  first_card_frame_ms_median: val("first_card_frame_ms_median", fc.card_frame_ms?.median, fc.error ?? "not measured"),
  first_paint_ms_median: val("first_paint_ms_median", fc.first_paint_ms?.median, fc.error ?? "no paint entries"),
  first_card_warm_ms_median: val("first_card_warm_ms_median", fc.warm_card_ms?.median, fc.error ?? "not measured"),
  submit_to_card_ms_median: val("submit_to_card_ms_median", fc.submit_to_card_ms?.median, fc.error ?? "not measured"),
  first_card_loads: fc.card_ms?.n ?? null,
  wasm_content_type: fc.wasm_content_type ?? null,
  wasm_compile_paths: fc.compile_paths ?? null,
  widget_first_card_ms_median: val("widget_first_card_ms_median", wc.card_ms?.median, widgetReason),
  widget_first_card_warm_ms_median: val("widget_first_card_warm_ms_median", wc.warm_card_ms?.median, widgetReason),
  widget_wasm_content_type: wc.wasm_content_type ?? null,
  host_fcp_ms_median_without_widget: val("host_fcp_ms_median_without_widget", firstPaint?.fcp_ms_median_without_widget, meta.notes?.first_paint ?? "not measured"),
  host_fcp_ms_median_with_widget: val("host_fcp_ms_median_with_widget", firstPaint?.fcp_ms_median_with_widget, meta.notes?.first_paint ?? "not measured"),
  clarify_gzip_bytes_before_host_first_paint: val("clarify_gzip_bytes_before_host_first_paint", firstPaint?.clarify_gzip_bytes_before_first_paint_max, meta.notes?.first_paint ?? "not measured"),
  app_fcp_ms_median_throttled: val("app_fcp_ms_median_throttled", appPaint?.fcp_ms_median, meta.notes?.app_first_paint ?? "not measured"),
  app_typed_request_answered_ms_median_throttled: val("app_typed_request_answered_ms_median_throttled", appPaint?.answered_ms_median, meta.notes?.app_first_paint ?? "not measured"),
  widget_wasm_compile_paths: wc.compile_paths ?? null,
  transition_ns_median: val("transition_ns_median", native["transition/answer"]?.median, meta.notes?.native ?? "no criterion result from this run"),
  conversation_ns_median: val("conversation_ns_median", native["conversation/five_turns_llm"]?.median, meta.notes?.native ?? "no criterion result from this run"),
  detect_ns_median: val("detect_ns_median", detectNs, meta.notes?.native ?? "no criterion result from this run"),
  detect_requests_per_s: detectNs ? 1e9 / detectNs : null,
  wasm_transition_ns_median: val("wasm_transition_ns_median", wasm["transition/answer"]?.median, meta.notes?.wasm ?? "no in-browser timing in target/bench/wasm.log"),
  wasm_conversation_ns_median: val("wasm_conversation_ns_median", wasm["conversation/five_turns_llm"]?.median, meta.notes?.wasm ?? "no in-browser timing in target/bench/wasm.log"),
  wasm_detect_ns_median: val("wasm_detect_ns_median", wasm["detect_100_chars/vague_en"]?.median, meta.notes?.wasm ?? "no in-browser timing in target/bench/wasm.log"),
  llm_calls_per_conversation: val("llm_calls_per_conversation", llmOk.length ? mean(llmOk.map((s) => s.ours.calls)) : null, llmReason),
  restart_planning_calls_per_conversation: val("restart_planning_calls_per_conversation", llmOk.length ? mean(llmOk.map((s) => s.restart_planning.calls)) : null, llmReason),
  detect_prompt_tokens: val("detect_prompt_tokens", first?.detect_prompt_tokens, llmReason ?? "the server reported no usage"),
  llm_prompt_tokens_total: val("llm_prompt_tokens_total", llmTotals.ours_prompt, llmReason ?? "a call's prompt could not be counted"),
  llm_completion_tokens_total: val("llm_completion_tokens_total", llmTotals.ours_completion, llmReason ?? "at least one call timed out before the server reported usage, so its completion tokens are unknown"),
  restart_planning_prompt_tokens_total: val("restart_planning_prompt_tokens_total", llmTotals.restart_prompt, llmReason ?? "a call's prompt could not be counted"),
  restart_planning_completion_tokens_total: val("restart_planning_completion_tokens_total", llmTotals.restart_completion, llmReason ?? "at least one call timed out before the server reported usage, so its completion tokens are unknown"),
  restart_planning_to_ours_calls_ratio: ratio(llmTotals.restart_calls, llmTotals.ours_calls),
  restart_planning_to_ours_prompt_tokens_ratio: ratio(llmTotals.restart_prompt, llmTotals.ours_prompt),
  llm_scenarios: llm.length,
  llm_scenarios_not_run: llmNotRun.map((s) => ({ id: s.id, reason: s.reason })),
  snapshot_mid_question_bytes: val("snapshot_mid_question_bytes", fc.seed_snapshot_bytes, fc.error ?? "not measured"),
  snapshot_completed_bytes: val("snapshot_completed_bytes", mem.completed_snapshot_bytes, mem.error ?? "the last conversation did not complete"),
  conversations_in_one_page: mem.samples ? mem.completed : null,
  js_heap_growth_bytes: val("js_heap_growth_bytes", mem.js_heap_growth, mem.error ?? mem.reason ?? "not measured"),
  wasm_memory_growth_bytes: val("wasm_memory_growth_bytes", mem.wasm_memory_growth, mem.error ?? mem.reason ?? "not measured"),
  memory_bound: mem.bound ?? null,
  memory_bound_held: mem.bound_held ?? null,
};
for (const [k, reason] of Object.entries(missing)) summary[`${k}_reason`] = reason;
summary.missing = missing;
summary.raw = { sizes, browser_first_card: { ...fc, loads: undefined, warm_loads: undefined, submit_loads: undefined },
  widget_first_card: { ...wc, loads: undefined, warm_loads: undefined }, memory: mem, native, wasm, snapshots, llm };
writeFileSync(join(dir, "summary.json"), JSON.stringify(summary, null, 2));

// ---- targets ----
// The size budgets: the bundles as measured at 54a70d1 (gzip -9, every file the browser
// downloads) plus the growth the open issues allow together (app: detector 15 KB, endpoints
// 8 KB; widget: those and embedding 5 KB; the wording and card-wiring work 0).
const SIZE_BASE = { app: 389269, embed: 345005 };
const SIZE_ALLOWED = { app: (15 + 8) * 1024, embed: (15 + 8 + 5) * 1024 };
const targets = [
  [`app ≤ ${kb(SIZE_BASE.app + SIZE_ALLOWED.app)} gzip (54a70d1's ${kb(SIZE_BASE.app)} + ${kb(SIZE_ALLOWED.app)})`,
    appGzip, (v) => v <= SIZE_BASE.app + SIZE_ALLOWED.app, kb],
  [`embed ≤ ${kb(SIZE_BASE.embed + SIZE_ALLOWED.embed)} gzip (54a70d1's ${kb(SIZE_BASE.embed)} + ${kb(SIZE_ALLOWED.embed)})`,
    embedGzip, (v) => v <= SIZE_BASE.embed + SIZE_ALLOWED.embed, kb],
  ["Clarify's gzip bytes before the host's first paint ≤ 10 KB (throttled)", summary.clarify_gzip_bytes_before_host_first_paint,
    (v) => v <= 10 * 1024, (v) => (v == null ? "—" : `${v.toLocaleString("en-US")} B`)],
  ["the app's first contentful paint ≤ 1 s (throttled, median)", summary.app_fcp_ms_median_throttled, (v) => v <= 1000, ms],
  ["first card ≤ 120 ms after navigation, cold cache (median)", summary.first_card_ms_median, (v) => v <= 120, ms],
  ["first card ≤ 60 ms on a repeat visit (median)", summary.first_card_warm_ms_median, (v) => v <= 60, ms],
  ["a transition ≤ 2 µs natively (median)", summary.transition_ns_median, (v) => v <= 2000, ns],
  ["detection ≥ 100,000 requests/s (100-char vague request, natively)", summary.detect_requests_per_s, (v) => v >= 100000, (v) => (v == null ? "—" : `${Math.round(v).toLocaleString("en-US")}/s`)],
];
const verdict = (v, ok) => (v == null ? "not measured" : ok(v) ? "met" : "**not met**");

// ---- BENCHMARKS.md ----
const L = [];
const loadNote = (phase) => {
  const l = meta.load?.[phase];
  return l ? `load ${l.before} → ${l.after}` : "load not recorded";
};
L.push("# Benchmarks", "");
L.push(`Generated by \`${summary.command}\` on ${meta.date ?? "?"} — do not edit by hand; re-run the script. ` +
  "Raw figures: `target/bench/summary.json` (not committed).", "");
L.push("## Machine", "");
L.push(`| | |`, `|---|---|`);
L.push(`| CPU | ${meta.cpu ?? "?"}, \`nproc\` = ${meta.nproc ?? "?"} |`);
L.push(`| memory | ${meta.mem ?? "?"} |`);
L.push(`| rustc | ${meta.rustc ?? "?"} |`);
L.push(`| browser | headless Chromium ${browser.chromium ?? "?"} (playwright-core) |`);
L.push(`| node | ${meta.node ?? "?"} |`);
L.push(`| load average (1 min) | ${Object.entries(meta.load ?? {}).map(([k, v]) => `${k}: ${v.before} → ${v.after}`).join("; ")} |`);
L.push("");
if (meta.noisy) {
  L.push(`> **Noisy machine.** The 1-minute load average was above the core count during timing (${meta.noisy}): ` +
    "the measured processes themselves (Chromium, the llama.cpp server) and anything else running shared the cores, so times are pessimistic and spreads wide. Sizes and token counts are unaffected.", "");
}

L.push("## Against the targets", "");
L.push("| target | measured | |", "|---|---|---|");
for (const [name, v, ok, f] of targets) L.push(`| ${name} | ${f(v)} | ${verdict(v, ok)} |`);
L.push("");

L.push("## 1. Transfer size", "");
L.push("What a browser downloads at first load, per file compressed as a static server would (the `gzip -9` program, as `scripts/sizes` and the budgets' base figures; brotli q11), summed; the offline detector (its module and its data), fetched when the user starts a request, is its own row (on demand). " +
  "The alternatives are fetched from the npm registry in the same run (`npm pack`).", "");
L.push("| artifact | raw | gzip | brotli | our app ÷ it (gzip) | our embed ÷ it (gzip) |", "|---|---:|---:|---:|---:|---:|");
const sizeRow = (key, label) => {
  const a = sizes[key];
  if (!a || a.error) return `| ${label} | — | — | — | — | — |`;
  const self = key === "app" || key === "embed";
  return `| ${a.name ?? label} | ${kb(a.raw)} | ${kb(a.gzip)} | ${kb(a.brotli)} | ${self ? "" : fmtRatio(ratio(appGzip, a.gzip))} | ${self ? "" : fmtRatio(ratio(embedGzip, a.gzip))} |`;
};
L.push(sizeRow("app", "Clarify app"));
L.push(sizeRow("embed", "Clarify embed bundle"));
for (const key of ["app_on_demand", "embed_on_demand"]) {
  const a = sizes[key];
  if (a?.files?.length) L.push(`| ${a.name} | ${kb(a.raw)} | ${kb(a.gzip)} | ${kb(a.brotli)} |  |  |`);
}
L.push(sizeRow("surveyjs", "SurveyJS"));
L.push(sizeRow("react", "React + react-dom"));
L.push(sizeRow("xstate", "xstate"));
L.push("");
if (sizes.app?.files) L.push("App files: " + sizes.app.files.map((f) => `\`${f.file}\` ${kb(f.gzip)} gzip`).join(", ") + ".");
if (sizes.embed?.files) L.push("Embed files: " + sizes.embed.files.map((f) => `\`${f.file}\` ${kb(f.gzip)} gzip`).join(", ") + ".");
if (sizes.embed?.error) L.push(`Embed bundle: not measured — ${embedReason}.`);
if (sizes.react?.note) L.push(`React: ${sizes.react.note}; the published unminified cjs files would be ${kb(sizes.react.unminified_npm_files?.gzip)} gzip.`);
if (sizes.surveyjs?.files) L.push(`SurveyJS: \`survey.core.min.js\` + \`survey-js-ui.min.js\` + \`survey-core.min.css\` as published (the library alone, before a survey definition).`);
L.push("The alternatives are libraries only: each still needs app code to render a card; ours is the whole app (engine, demo knowledge base, UI, CSS; the offline detector, its module and its data, fetched when a request is typed, is the on-demand row).", "");

L.push("## 2. Time to the first question card", "");
L.push(`Headless Chromium, offline mode, ${fc.card_ms?.n ?? 0} loads after one warm-up (${loadNote("browser")}). ${fc.method ?? ""}.`, "");
L.push("| from navigation start | median | p90 | min – max |", "|---|---:|---:|---:|");
const statRow = (label, s) => (s ? `| ${label} | ${ms(s.median)} | ${ms(s.p90)} | ${ms(s.min)} – ${ms(s.max)} |` : `| ${label} | — | — | — |`);
L.push(statRow("first paint", fc.first_paint_ms));
L.push(statRow("first contentful paint", fc.first_contentful_paint_ms));
L.push(statRow("wasm downloaded (resource timing `responseEnd`)", fc.wasm_fetched_ms));
L.push(statRow("wasm instantiated and app mounted (`TrunkApplicationStarted`)", fc.wasm_started_ms));
L.push(statRow("**question card in the DOM**", fc.card_ms));
L.push(statRow("frame that paints the card (rAF after it)", fc.card_frame_ms));
L.push(statRow("submit → card in the DOM (typed request, loaded page)", fc.submit_to_card_ms));
L.push(statRow("repeat visit (same context reloaded, caches warm): first paint", fc.warm_first_paint_ms));
L.push(statRow("repeat visit: question card in the DOM", fc.warm_card_ms));
L.push("");
const paths = (p) => (p ? Object.entries(p).map(([k, n]) => `\`${k || "none seen"}\` × ${n}`).join(", ") : "not recorded");
if (fc.card_ms) {
  L.push(`The wasm was served as \`${fc.wasm_content_type ?? "?"}\` and compiled by ${paths(fc.compile_paths)} ` +
    "(the WebAssembly calls the page made, per load; `instantiateStreaming` compiles while the bytes arrive).", "");
}
if (wc.card_ms) {
  L.push("The widget (`<clarify-widget>` on a plain page, target/embed/):", "");
  L.push("| from navigation start | median | p90 | min – max |", "|---|---:|---:|---:|");
  L.push(statRow("first paint", wc.first_paint_ms));
  L.push(statRow("wasm downloaded", wc.wasm_fetched_ms));
  L.push(statRow("**question card in the shadow root**, cold cache", wc.card_ms));
  L.push(statRow("frame that paints it", wc.card_frame_ms));
  L.push(statRow("repeat visit: question card in the shadow root", wc.warm_card_ms));
  L.push("", `${wc.method}. The wasm was served as \`${wc.wasm_content_type ?? "?"}\` and compiled by ${paths(wc.compile_paths)}.`, "");
} else {
  L.push(`The widget's first card: not measured — ${widgetReason}.`, "");
}
if (firstPaint) {
  L.push("The host's first paint with the widget on the page (tests/bench/first-paint.mjs; the entry loads the wasm after it):", "");
  L.push("| throttled, cold cache | without the widget | with the widget |", "|---|---:|---:|");
  L.push(`| host's first contentful paint (median) | ${ms(firstPaint.fcp_ms_median_without_widget)} | ${ms(firstPaint.fcp_ms_median_with_widget)} |`);
  L.push(`| Clarify's gzip bytes before that paint (max) | 0 | ${firstPaint.clarify_gzip_bytes_before_first_paint_max} B (${firstPaint.clarify_before_first_paint.join(", ") || "nothing"}) |`);
  L.push(`| the widget's request box shown (median) | — | ${ms(firstPaint.widget_request_box_ms_median)} |`);
  L.push("", `${firstPaint.method}. All of Clarify, wasm included: ${firstPaint.clarify_gzip_bytes_total_median} B gzip (median).`, "");
}
if (appPaint) {
  L.push("The app on a slow phone (tests/bench/app-first-paint.mjs; index.html paints the header, the connection line and the request box before the wasm arrives):", "");
  L.push("| throttled, cold cache, from navigation start | median |", "|---|---:|");
  L.push(`| first contentful paint | ${ms(appPaint.fcp_ms_median)} |`);
  L.push(`| request box shown | ${ms(appPaint.request_box_ms_median)} |`);
  L.push(`| wasm downloaded | ${ms(appPaint.wasm_downloaded_ms_median)} |`);
  L.push(`| **a request typed at once answered** (its question card shown) | ${ms(appPaint.answered_ms_median)} |`);
  L.push("", `${appPaint.method}. The box showed before the wasm had arrived in ${appPaint.box_before_wasm_loads} of ${appPaint.loads} loads.`, "");
} else {
  L.push(`The app on a slow phone: not measured — ${meta.notes?.app_first_paint ?? "no tests/bench/app-first-paint.mjs result"}.`, "");
}
if (fc.card_ms && fc.wasm_fetched_ms && fc.wasm_started_ms) {
  const wasmRaw = sizes.app?.files?.find((f) => f.file.endsWith(".wasm"))?.raw;
  L.push(`Where the time goes (medians): the wasm has arrived at ${ms(fc.wasm_fetched_ms.median)}; the card is in the DOM at ` +
    `${ms(fc.card_ms.median)}, ${ms(fc.card_ms.median - fc.wasm_fetched_ms.median)} later — compiling and instantiating ${kb(wasmRaw)} ` +
    `of wasm, then mounting the app, which renders the restored card in the same task; \`init()\` resolves at ${ms(fc.wasm_started_ms.median)}. ` +
    "The engine's share of that is microseconds (section 3): the module's size sets this figure.", "");
}
if (fc.error) L.push(`Not measured: ${fc.error.split("\n")[0]}`, "");
if (fc.errors?.length) L.push(`Console errors seen: ${fc.errors.length} (first: \`${fc.errors[0]}\`)`, "");

L.push("## 3. Engine cost: native and in the browser", "");
L.push(`Native: criterion (\`cargo bench -p clarify-core\`, bench profile, opt-level 3), median of criterion's samples ± standard deviation (${loadNote("native")}). ` +
  `In the browser: \`web/tests/bench.rs\` built with the release profile (opt-level "z", LTO — what ships), timed with \`performance.now()\` over 30 batches of n operations (n doubled until a batch takes ≥ 10 ms); median over batches ± standard deviation (${loadNote("wasm")}). Same cases, same inputs.`, "");
L.push("| case | native median | ± sd | in-browser median | ± sd | browser ÷ native |", "|---|---:|---:|---:|---:|---:|");
const cases = [
  ["transition/answer", "one transition: answer a pending question (next question asked)"],
  ["transition/skip_to_generation", "one transition: skip the last question (builds the generation request)"],
  ["conversation/five_turns_llm", "five-turn conversation: start, LLM detection reply parsed, 2 answers, answer; + snapshot"],
  ["conversation/four_turns_embedded", "four-turn conversation with the embedded detector; + snapshot"],
  ["detect_100_chars/vague_en", "detection, 100-char vague English request (with questions)"],
  ["detect_100_chars/clear_en", "detection, 100-char clear English request"],
  ["detect_100_chars/pronoun_en", "detection, 100-char pronoun request"],
  ["detect_100_chars/chinese_clear", "detection, 100-char clear Chinese request"],
  ["detect_100_chars/chinese_vague", "detection, a terse Chinese request (scenario 003's) padded to 100 chars"],
  ["detect_100_chars/is_vague_mix", "decision only (`is_vague`), the five requests in turn"],
];
for (const [id, label] of cases) {
  const n = native[id], w = wasm[id];
  L.push(`| ${label} | ${ns(n?.median)} | ${ns(n?.std_dev)} | ${ns(w?.median)} | ${ns(w?.std_dev)} | ${fmtRatio(ratio(w?.median, n?.median))} |`);
}
L.push("");
if (detectNs) L.push(`Detection throughput on one core (1 / median, vague English): ${Math.round(1e9 / detectNs).toLocaleString("en-US")} requests/s natively` +
  (wasm["detect_100_chars/vague_en"] ? `, ${Math.round(1e9 / wasm["detect_100_chars/vague_en"].median).toLocaleString("en-US")} requests/s in the browser.` : "."), "");

L.push("## 4. LLM cost per clarified conversation", "");
if (llm.length) {
  L.push(`Against the real llama.cpp server (\`scripts/llm-server\`: xllamacpp + SmolLM2-135M-Instruct, ${meta.llm_server ?? ""}). ` +
    "The engine runs in the browser (release wasm) and its effects are carried out with `fetch`: every `RequestDetection` and `RequestGeneration` " +
    "is sent as built, every question is answered with its first option (or a short text), and token counts are the server's `usage`. " +
    "**Restart planning** (the naive alternative: when the user provides clarification, append it to the context and plan again) is the same " +
    "conversation plus, after every answer, a new detection request with the accumulated questions and answers as history, built by the same " +
    "`clarify_core::analysis::detection_request` and sent to the same server.", "");
  L.push("| scenario | request | questions | ours: calls | prompt tok | completion tok | restart planning: calls | prompt tok | completion tok | ratio (calls / prompt tok) |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const s of llm) {
    L.push(`| ${s.id} | ${s.request} | ${s.questions_asked} | ${s.ours.calls} | ${num(s.ours.prompt_tokens)} | ${num(s.ours.completion_tokens)} | ${s.restart_planning.calls} | ${num(s.restart_planning.prompt_tokens)} | ${num(s.restart_planning.completion_tokens)} | ${fmtRatio(ratio(s.restart_planning.calls, s.ours.calls))} / ${fmtRatio(ratio(s.restart_planning.prompt_tokens, s.ours.prompt_tokens))} |`);
  }
  L.push(`| **all** | | | ${num(llmTotals.ours_calls)} | ${num(llmTotals.ours_prompt)} | ${num(llmTotals.ours_completion)} | ${num(llmTotals.restart_calls)} | ${num(llmTotals.restart_prompt)} | ${num(llmTotals.restart_completion)} | ${fmtRatio(summary.restart_planning_to_ours_calls_ratio)} / ${fmtRatio(summary.restart_planning_to_ours_prompt_tokens_ratio)} |`);
  L.push("");
  const allCalls = llm.flatMap((s) => [...(s.calls ?? []), ...(s.restart_calls ?? [])]);
  const both = allCalls.filter((c) => c.prompt_tokens != null && c.prompt_tokens_counted != null);
  const agree = both.filter((c) => c.prompt_tokens === c.prompt_tokens_counted).length;
  const counted = allCalls.filter((c) => c.prompt_tokens == null && c.prompt_tokens_counted != null).length;
  L.push(`Prompt tokens are the server's \`usage\`` +
    (counted ? `; ${counted} call(s) without usage (timed out) have their prompt counted by the same server (\`/apply-template\` + \`/tokenize\`)` : "") +
    `. Cross-check: the server's own count of each prompt (\`/apply-template\` + \`/tokenize\`) matched \`usage.prompt_tokens\` on ${agree} of ${both.length} calls.` +
    (counted ? " Completion tokens of a timed-out call are unknown, so a total that includes one is shown as —." : ""), "");
  for (const s of llmNotRun) L.push(`Scenario ${s.id} (${s.request}): not run — ${s.reason}.`, "");
  const errs = llm.flatMap((s) => [...(s.calls ?? []), ...(s.restart_calls ?? [])]).filter((c) => c.error);
  if (errs.length) L.push(`${errs.length} call(s) failed (first: ${errs[0].error}); a failed call counts as a call with unknown tokens.`, "");
  const perConv = llm.map((x) => x.ours.calls);
  const detections = llm.map((x) => (x.calls ?? []).filter((c) => c.purpose === "detection").length);
  L.push(`Across these scenarios the engine made ${Math.min(...perConv)}–${Math.max(...perConv)} calls per conversation ` +
    `(${Math.min(...detections)}–${Math.max(...detections)} detection calls` +
    (llm.some((x, i) => detections[i] === 0) ? `, none in scenario ${llm.filter((x, i) => detections[i] === 0).map((x) => x.id).join(", ")}, whose demo knowledge-base / catalog context supplied the questions` : "") +
    ", plus the generation), whatever the number of answers; restart planning adds one detection call per answer, each carrying the " +
    `growing history. Detection prompt size (scenario 001, first call): ${num(first?.detect_prompt_tokens)} tokens. ` +
    "A 135M model's *judgement* is noise: how many questions it asks, and how long its replies are, vary by scenario; " +
    "compare shapes (calls, prompt growth), not its words.", "");
} else {
  L.push(`Not measured: ${llmReason}.`, "");
}

L.push("## 5. Memory", "");
L.push("| | bytes |", "|---|---:|");
L.push(`| session snapshot mid-question (the app's own \`clarify.session\` after \"Plan a trip to Paris\") | ${num(fc.seed_snapshot_bytes)} |`);
L.push(`| session snapshot completed (the app's own, after the last of the conversations below) | ${num(mem.completed_snapshot_bytes)} |`);
for (const s of snapshots) {
  L.push(`| engine snapshot, ${s.scenario}: mid-question / completed | ${num(s.mid_question_bytes)} / ${num(s.completed_bytes)} |`);
}
L.push("");
if (mem.samples) {
  L.push(`${mem.completed} of ${browser.conversations} whole conversations completed in one page through the app's own controls ` +
    `(type a request, pick the first option and Continue on every card, read the answer, Start over), ${ms(mem.ms)} in all. ` +
    "Heap read after a forced GC (`--js-flags=--expose-gc`, `--enable-precise-memory-info`):", "");
  L.push("| after conversation | JS heap used | JS heap total | wasm memory | DOM nodes |", "|---:|---:|---:|---:|---:|");
  for (const s of mem.samples) L.push(`| ${s.after} | ${num(s.js_heap_used)} | ${num(s.js_heap_total)} | ${num(s.wasm_memory)} | ${num(s.dom_nodes)} |`);
  L.push("");
  L.push(`Bound: ${mem.bound}. Growth: JS heap ${num(mem.js_heap_growth)} bytes, wasm memory ${num(mem.wasm_memory_growth)} bytes — ` +
    (mem.bound_held == null ? `not decided (${mem.reason})` : mem.bound_held ? "**held**." : "**not held**" + (mem.completed !== browser.conversations ? ` (only ${mem.completed} conversations completed; ${mem.stuck} stuck)` : "") + "."), "");
} else {
  L.push(`Heap after 100 conversations: not measured — ${mem.error?.split("\n")[0] ?? "no result"}.`, "");
}

L.push("## Missing figures", "");
if (Object.keys(missing).length) for (const [k, r] of Object.entries(missing)) L.push(`- \`${k}\`: ${r}`);
else L.push("None.");
L.push("");
L.push("## How to re-run", "");
L.push("```sh", "scripts/bench            # builds the release app, measures everything, rewrites this file", "scripts/bench --no-llm   # skip the llama.cpp part", "```", "");
L.push("Timings on a shared 2-core machine are noisy; the load average above says how noisy. Nothing here is asserted as a test.");
writeFileSync(join(root, "BENCHMARKS.md"), L.join("\n") + "\n");

console.log(`summary → ${join(dir, "summary.json")}; BENCHMARKS.md rewritten`);
if (Object.keys(missing).length) console.log(`missing: ${Object.keys(missing).join(", ")}`);
