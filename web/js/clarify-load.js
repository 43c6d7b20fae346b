// Loading the wasm for <clarify-widget> (clarify-element.js) and the JS API, and what an
// element says before its card exists: a light placeholder, or, when the wasm did not load
// (missing, blocked by a Content-Security-Policy without 'wasm-unsafe-eval'), a plain line for
// the visitor while the console tells the developer why, once per page. The scheme, light or
// dark, that an element's `theme` attribute resolves to. Nothing happens on import.

/** The JS API's module once loaded (`clarify-embed.js`, wasm-bindgen's glue); `null` before. */
export let api = null;
/** The load in progress or done; cleared when it failed, so a later call tries again. */
let loading = null;
/** Where the wasm comes from: `wasmUrl` of the first `load()`/`defineClarifyWidget()` given one. */
let wasmSource = null;
/** Where the detector's data comes from: `detectorUrl`, likewise. */
let detectorSource = null;

/** The JS API's class (see clarify-embed.d.ts), set once `load()` has resolved. */
export let Clarifier;

/** Keeps `wasmUrl` (and `detectorUrl`) as where the wasm (and the detector's data) come from, unless one was given before. */
export function wasmFrom(wasmUrl, detectorUrl) {
  if (wasmUrl != null && wasmSource == null) wasmSource = wasmUrl;
  if (detectorUrl != null && detectorSource == null) detectorSource = detectorUrl;
}

/** Why the wasm did not load: a `ClarifyError`-like `Error` with a stable `code`. */
function loadError(code, detail) {
  const error = new Error(`${LOAD_ERRORS[code]} (${detail})`);
  error.name = "ClarifyError";
  error.code = code;
  return error;
}

/** What to do about each way the wasm fails to load: the console error names it. */
const FIXES = {
  wasm_not_found: "serve clarify-embed_bg.wasm beside clarify-embed.js, or pass its URL as wasmUrl",
  wasm_blocked: "add 'wasm-unsafe-eval' to the Content-Security-Policy's script-src",
  wasm_load_failed: "serve the .wasm as application/wasm where fetch and WebAssembly exist",
};

/**
 * Where Vite's dev server (5 to 8) keeps the package's own files when it has pre-bundled its code.
 * Built from a string: Vite 5's build misreads a regular-expression literal with `[^/]` in it
 * and then leaves this file's `new URL("clarify-embed_bg.wasm", import.meta.url)` unbundled.
 */
const VITE_DEPS = new RegExp("/node_modules/\\.vite/deps(?:_temp_[^/]*)?/");

/** The wasm was found beside the package rather than where Vite's pre-bundle points. */
let besidePackage = false;

const isPage = (r) => (r.headers.get("content-type") ?? "").startsWith("text/html");

/**
 * The package's own wasm, when Vite's dev server has pre-bundled its code into
 * `node_modules/.vite/deps/` (`deps`, the URL tried first) and left the wasm behind: in the
 * project's own `node_modules/clarify-embed/`, which the dev server serves (npm's usual layout;
 * not a workspace whose packages sit above the Vite root). `null` when it is not there.
 */
async function wasmBesidePackage(deps) {
  try {
    const found = await fetch(deps.replace(VITE_DEPS, "/node_modules/clarify-embed/"));
    return found.ok && !isPage(found) ? found : null;
  } catch {
    return null;
  }
}

/**
 * Fetches the wasm; a missing file is told apart from one a server answered with a page. Under
 * Vite's dev server with the package pre-bundled, it is looked for beside the package first.
 */
async function fetchWasm(url) {
  const path = String(url);
  const own = VITE_DEPS.test(path) ? await wasmBesidePackage(path) : null;
  if (own) {
    besidePackage = true;
    return own;
  }
  let response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw loadError("wasm_load_failed", `${url}: ${e?.message ?? e}`);
  }
  if (!response.ok) throw loadError("wasm_not_found", `${url}: HTTP ${response.status}`);
  // A development server answers a path it does not know with its HTML page.
  if (isPage(response)) {
    const hint = VITE_DEPS.test(path)
      ? "; Vite's dev server pre-bundled clarify-embed away from its wasm: add optimizeDeps: { exclude: [\"clarify-embed\"] } to vite.config"
      : "";
    throw loadError("wasm_not_found", `${url}: the server sent an HTML page${hint}`);
  }
  return response;
}

/**
 * Loads the wasm (once per page) and resolves to the JS API's module: `{ Clarifier, … }`.
 * Rejects with a `ClarifyError` (`wasm_not_found`, `wasm_blocked`, `wasm_load_failed`); a
 * later call tries again.
 */
export function load({ wasmUrl, detectorUrl } = {}) {
  wasmFrom(wasmUrl, detectorUrl);
  if (loading) return loading;
  loading = (async () => {
    if (typeof fetch !== "function" || typeof WebAssembly !== "object") {
      throw loadError("wasm_load_failed", "this environment has no fetch or WebAssembly");
    }
    const url = wasmSource ?? new URL("clarify-embed_bg.wasm", import.meta.url);
    // The wasm is requested first, so it downloads while the JS glue loads, and is compiled while
    // it streams in (`WebAssembly.instantiateStreaming`, when served as `application/wasm`).
    const [response, glue] = await Promise.all([fetchWasm(url), import("./clarify-embed.js")]);
    try {
      await glue.default({ module_or_path: response });
    } catch (e) {
      const text = String(e?.message ?? e);
      if (/Content.Security.Policy|unsafe-eval/i.test(text)) throw loadError("wasm_blocked", text);
      if (/magic/i.test(text)) throw loadError("wasm_not_found", `${url}: not a wasm file (${text})`);
      throw loadError("wasm_load_failed", text);
    }
    // The detector's data is fetched later, when the user starts a request (not now): the
    // wasm is told where it is. Written as `new URL(…, import.meta.url)` so bundlers copy the
    // file and rewrite its URL, as they do the wasm's.
    let detector = detectorSource ?? new URL("clarify-detector.bin", import.meta.url);
    if (detectorSource == null && besidePackage) detector = String(detector).replace(VITE_DEPS, "/node_modules/clarify-embed/");
    // Absolute, resolved as fetch() would resolve it: Turbopack (Next.js) gives a path, and the
    // glue's own URL, which the wasm would resolve it against, is a file:// URL there.
    const absolute = (url) => new URL(String(url), globalThis.document?.baseURI ?? globalThis.location?.href).href;
    glue.detectorFrom(absolute(detector));
    // Each language's columns (the detector's data for a request in Japanese, Korean, Spanish…),
    // fetched only for such a request: beside the detector's data when `detectorUrl` names it,
    // else where the bundler put each (one `new URL` a file, so bundlers copy them too).
    // The detector itself, a WebAssembly module fetched with its data: likewise.
    const own = (url) => absolute(besidePackage ? String(url).replace(VITE_DEPS, "/node_modules/clarify-embed/") : url);
    if (detectorSource == null) {
      glue.detectorModuleFrom(own(new URL("clarify-detector.wasm", import.meta.url)));
      for (const [tag, url] of Object.entries(columnsFiles())) glue.columnsFrom(tag, own(url));
    }
    // Each language's words (the card's chrome and the engine's sentences), fetched when a
    // page first shows the language: where the bundler put each, as for the columns.
    for (const [tag, url] of Object.entries(wordsFiles())) glue.wordsFrom(tag, own(url));
    api = glue;
    Clarifier = glue.Clarifier;
    return glue;
  })();
  loading.catch((e) => {
    loading = null;
    // One console error per page, whatever the number of elements waiting on it or trying again.
    tellOnce("error", `clarify-embed: ${LOAD_ERRORS[e.code] ?? LOAD_ERRORS.wasm_load_failed}. To fix: ${FIXES[e.code] ?? FIXES.wasm_load_failed}.`, e.message);
  });
  return loading;
}

/** Each language's columns file by tag, beside this module (read only when the wasm has loaded). */
const columnsFiles = () => ({
  ja: new URL("clarify-detector-ja.bin", import.meta.url),
  ko: new URL("clarify-detector-ko.bin", import.meta.url),
  es: new URL("clarify-detector-es.bin", import.meta.url),
  fr: new URL("clarify-detector-fr.bin", import.meta.url),
  de: new URL("clarify-detector-de.bin", import.meta.url),
  pt: new URL("clarify-detector-pt.bin", import.meta.url),
  it: new URL("clarify-detector-it.bin", import.meta.url),
});

/** Each language's words file by tag, beside this module (read only when the wasm has loaded). */
const wordsFiles = () => ({
  de: new URL("words/de.json", import.meta.url),
  es: new URL("words/es.json", import.meta.url),
  fr: new URL("words/fr.json", import.meta.url),
  it: new URL("words/it.json", import.meta.url),
  ja: new URL("words/ja.json", import.meta.url),
  ko: new URL("words/ko.json", import.meta.url),
  pt: new URL("words/pt.json", import.meta.url),
  "zh-Hans": new URL("words/zh-Hans.json", import.meta.url),
  "zh-Hant": new URL("words/zh-Hant.json", import.meta.url),
});

/** Awaiting it loads the wasm (`await ready` is `await load()`); importing the module does not. */
export const ready = {
  then(resolve, reject) {
    return load().then(resolve, reject);
  },
};

/** Why the wasm did not load, for the developer (the `clarify-error` event's message, the console). */
const LOAD_ERRORS = {
  wasm_not_found: "Clarify could not be loaded: its WebAssembly file was not found",
  wasm_blocked: "Clarify could not be loaded: this page's Content-Security-Policy does not allow WebAssembly ('wasm-unsafe-eval')",
  wasm_load_failed: "Clarify could not be loaded",
};

/**
 * What the element says to the visitor before its card exists, by language tag: `loading` and
 * `unavailable`, the words of web/words/<tag>.json, which scripts/build-embed (scripts/words.mjs)
 * writes in here for every language, so the element has them before the wasm.
 */
const WORDS = /* @words */ { en: {} };

/** The language of WORDS a BCP 47 tag names, as the card negotiates it: `pt-BR` is `pt`, `zh-HK` `zh-Hant`. */
function wordsTag(tag) {
  const [language, ...rest] = String(tag).toLowerCase().split(/[-_]/);
  if (language !== "zh") return Object.prototype.hasOwnProperty.call(WORDS, language) ? language : null;
  const traditional = rest.some((s) => ["hant", "tw", "hk", "mo"].includes(s)) && !rest.includes("hans");
  return traditional ? "zh-Hant" : "zh-Hans";
}

/**
 * The element's words before its card exists, in its `language` (the browser's languages
 * without one), with the host's own for those keys (`messages`).
 */
export function wordsFor(el) {
  const own = el.getAttribute("language");
  const tags = own ? [own] : globalThis.navigator?.languages ?? [globalThis.navigator?.language || "en"];
  const found = tags.map(wordsTag).find((t) => t && WORDS[t]);
  const words = WORDS[found || "en"] || WORDS.en;
  const host = el.messages;
  const pick = (key) => (typeof host?.[key] === "string" ? host[key] : words[key] ?? WORDS.en[key] ?? "");
  return { loading: pick("loading"), unavailable: pick("unavailable") };
}

/** The lines the console was told, once per page whatever the number of elements. */
const told = new Set();

/** Writes `line` (with `detail`, when given) on the console with `method`, unless this page was told it already. */
export function tellOnce(method, line, detail) {
  if (told.has(line)) return;
  told.add(line);
  if (detail === undefined) console[method](line);
  else console[method](line, detail);
}

/**
 * The scheme `el` is drawn in, "light" or "dark": its `theme` attribute, or for `auto` (and by
 * default) the host page's `color-scheme` (the CSS property `el` inherits, else the page's
 * `<meta name="color-scheme">`): dark for a page that is only dark, the system's preference
 * for one that offers both, light for one that declares none.
 */
export function schemeOf(el) {
  const theme = el.getAttribute("theme");
  if (theme === "light" || theme === "dark") return theme;
  const view = el.ownerDocument?.defaultView;
  let declared = view?.getComputedStyle ? view.getComputedStyle(el).colorScheme ?? "" : "";
  if (!declared || declared === "normal") declared = el.ownerDocument?.querySelector?.('meta[name="color-scheme"]')?.content ?? "";
  const words = declared.toLowerCase().split(/\s+/);
  if (!words.includes("dark")) return "light";
  if (!words.includes("light")) return "dark";
  return view?.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/**
 * Calls `redraw()` whenever what `schemeOf` reads may have changed: the system's preference,
 * or the host page's root, body or head (a class, a style, a `<meta name="color-scheme">`).
 * One watcher per page, started by the first element that asks.
 */
const watchers = new Set();
let watching = false;
export function followScheme(redraw) {
  watchers.add(redraw);
  const view = globalThis.window;
  if (watching || !view?.document) return;
  watching = true;
  const all = () => watchers.forEach((w) => w());
  view.matchMedia?.("(prefers-color-scheme: dark)").addEventListener?.("change", all);
  if (typeof MutationObserver !== "function") return;
  const observer = new MutationObserver(all);
  const { documentElement, head, body } = view.document;
  for (const node of [documentElement, body]) if (node) observer.observe(node, { attributes: true });
  if (head) observer.observe(head, { childList: true, subtree: true, attributes: true });
}

/** Stops calling `redraw` (its element left the page). */
export function unfollowScheme(redraw) {
  watchers.delete(redraw);
}

/** Resolves when `el` should load: now, when the browser is idle, or when it comes into view. */
export function whenToLoad(el) {
  const how = el.getAttribute("loading");
  if (how === "idle") {
    return new Promise((ok) => (globalThis.requestIdleCallback ? requestIdleCallback(() => ok(), { timeout: 2000 }) : setTimeout(ok, 200)));
  }
  if (how === "lazy" && typeof IntersectionObserver === "function") {
    return new Promise((ok) => {
      const seen = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          seen.disconnect();
          ok();
        }
      }, { rootMargin: "200px" });
      seen.observe(el);
    });
  }
  return Promise.resolve();
}

/**
 * The placeholder's few rules, shared by every element (a constructed sheet: no inline style for
 * a CSP to refuse). Its frame and font are the card's (web/assets/widget.css, `.clarify`), from
 * the same documented custom properties, so nothing moves when the card takes its place.
 */
let placeholderSheet = null;
const PLACEHOLDER_CSS = `:host { display: block; }
:host([hidden]) { display: none; }
.placeholder { all: initial; display: block; box-sizing: border-box; max-width: 640px; min-height: 72px;
  color: var(--clarify-muted, #5a6272); text-align: start; font: 15px/1.5 system-ui, sans-serif;
  font-family: var(--clarify-font); }
.placeholder[role="alert"] { color: var(--clarify-critical, #b3261e); }
.placeholder[data-theme="dark"] { color: var(--clarify-muted, #a9b1c2); background: var(--clarify-surface, #1b1f29);
  padding: 10px 14px; border-radius: var(--clarify-radius, 10px); color-scheme: dark; }
.placeholder[data-theme="dark"][role="alert"] { color: var(--clarify-critical, #ff8a80); }`;

/** Shows the placeholder (or, with `error`, the visitor's line that the card is missing) in `root`, drawn in `scheme`. */
export function placeholder(root, text, error, scheme) {
  if (!placeholderSheet && typeof CSSStyleSheet === "function" && "adoptedStyleSheets" in root) {
    placeholderSheet = new CSSStyleSheet();
    placeholderSheet.replaceSync(PLACEHOLDER_CSS);
  }
  if (placeholderSheet) root.adoptedStyleSheets = [placeholderSheet];
  const box = root.ownerDocument.createElement("div");
  box.className = "placeholder";
  box.setAttribute("part", error ? "placeholder error" : "placeholder");
  box.setAttribute("role", error ? "alert" : "status");
  if (!error) box.setAttribute("aria-busy", "true");
  box.dataset.testid = error ? "load-error" : "placeholder";
  box.dataset.theme = scheme;
  box.textContent = text;
  root.replaceChildren(box);
}
