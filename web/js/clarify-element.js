// <clarify-widget>: Clarify's question card as a custom element, for any page.
//
//   import { defineClarifyWidget } from "clarify-embed";
//   defineClarifyWidget();                       // registers <clarify-widget>; nothing before
//   <clarify-widget max-questions="3"></clarify-widget>
//   <clarify-widget storage-key="support-chat"></clarify-widget>   (survives reloads)
//
// Importing this module does nothing: it registers no element, fetches nothing and awaits
// nothing, so a host's first paint never waits for Clarify and a server (SSR) or a test runner
// (jsdom) can import it. `defineClarifyWidget()` registers the element; each element shows a
// light placeholder and loads the wasm when it is connected (`loading="eager"`, the default),
// when the browser is idle (`loading="idle"`) or when it scrolls into view (`loading="lazy"`).
// A wasm that cannot be loaded (missing, blocked by a Content-Security-Policy without
// 'wasm-unsafe-eval') is said in the element and as a `clarify-error`; the page goes on.
//
// Each element owns one Clarifier (its own session) and shows it in a shadow root with the app's
// own card (`WidgetCard`, web/src/widget.rs: the Leptos question card, the answer, the handoff,
// in English or Chinese after `language`): the page's CSS does not reach in and ours does not leak
// out. This file keeps what must be JS: the element class, its attributes, storage and the DOM
// events. Every text from the user or the LLM is set as text, never parsed as HTML. Events
// (bubbling, composed, data in `detail`; those of the session come after the card has drawn them):
//   clarify-ready    {}                     the wasm is loaded and the card is shown
//   clarify-start    {request}              a conversation started (the request box or start())
//   clarify-question {question, progress}   a question is shown
//   clarify-answer   {question, answer, previous}   a question was resolved (answered, skipped,
//                                           declined, timed out); `previous` is the answer it
//                                           replaces when the user changed it, else null
//   clarify-fallback {reason}               the endpoint's detection failed or was unreadable:
//                                           the embedded detector chose the questions
//   clarify-done     {answer, prompt, request, status}
//   clarify-handoff  {package}              a human takes over after the answer
//   clarify-reset    {}                     "Start over": back to the request box
//   clarify-error    {code, message}        the wasm did not load (wasm_not_found, wasm_blocked,
//                                           wasm_load_failed), the answer failed (answer_failed),
//                                           an action was refused, an attribute is invalid
//                                           (bad_attribute, bad_options), or api-key is set on a
//                                           page served to others (key_in_page)
//   clarify-overruled {question}            another tab (same storage-key) took over the session
//                                           and the answer given here to `question` is not in it

/** The JS API's module once loaded (`clarify-embed.js`, wasm-bindgen's glue). */
let api = null;
/** The load in progress or done; cleared when it failed, so a later call tries again. */
let loading = null;
/** Where the wasm comes from: `wasmUrl` of the first `load()`/`defineClarifyWidget()` given one. */
let wasmSource = null;

/**
 * The JS API's class (see clarify-embed.d.ts), set once `load()` has resolved: `await load()`
 * then `new Clarifier(…)`. Before that it is `undefined`.
 */
export let Clarifier;

/** Why the wasm did not load: a `ClarifyError`-like `Error` with a stable `code`. */
function loadError(code, detail) {
  const error = new Error(`${MESSAGES.en[code]} (${detail})`);
  error.name = "ClarifyError";
  error.code = code;
  return error;
}

/** Fetches the wasm; a missing file is told apart from one a server answered with a page. */
async function fetchWasm(url) {
  let response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw loadError("wasm_load_failed", `${url}: ${e?.message ?? e}`);
  }
  if (!response.ok) throw loadError("wasm_not_found", `${url}: HTTP ${response.status}`);
  // A development server answers a path it does not know with its HTML page.
  if ((response.headers.get("content-type") ?? "").startsWith("text/html")) {
    const hint = String(url).includes("/.vite/deps/")
      ? "; Vite 5-7's dev server pre-bundled clarify-embed away from its wasm: add optimizeDeps: { exclude: [\"clarify-embed\"] } to vite.config"
      : "";
    throw loadError("wasm_not_found", `${url}: the server sent an HTML page${hint}`);
  }
  return response;
}

/**
 * Loads the wasm (once per page) and resolves to the JS API's module: `{ Clarifier, … }`.
 * `wasmUrl` says where `clarify-embed_bg.wasm` is served when it is not beside this module.
 * Rejects with a `ClarifyError` whose `code` is `wasm_not_found`, `wasm_blocked` (a
 * Content-Security-Policy without 'wasm-unsafe-eval') or `wasm_load_failed`; a later call
 * tries again.
 */
export function load({ wasmUrl } = {}) {
  if (wasmUrl != null && wasmSource == null) wasmSource = wasmUrl;
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
    api = glue;
    Clarifier = glue.Clarifier;
    return glue;
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * Awaiting it loads the wasm (`await ready` is `await load()`); importing the module does not.
 * Kept for hosts written against the earlier entry.
 */
export const ready = {
  then(resolve, reject) {
    return load().then(resolve, reject);
  },
};

/**
 * Registers `<clarify-widget>` (once; later calls return the class registered) and returns its
 * class, or `undefined` where there is no DOM (a server). `wasmUrl` as for `load()`. Elements
 * load the wasm as their `loading` attribute says; `eager` (default) when connected.
 */
export function defineClarifyWidget({ wasmUrl } = {}) {
  if (wasmUrl != null && wasmSource == null) wasmSource = wasmUrl;
  if (typeof customElements === "undefined") return undefined;
  if (!customElements.get("clarify-widget")) customElements.define("clarify-widget", ClarifyWidget);
  return customElements.get("clarify-widget");
}

/** What the element says before the card exists, in English, Simplified and Traditional Chinese. */
const MESSAGES = {
  en: {
    loading: "Loading Clarify…",
    wasm_not_found: "Clarify could not be loaded: its WebAssembly file was not found.",
    wasm_blocked: "Clarify could not be loaded: this page's Content-Security-Policy does not allow WebAssembly ('wasm-unsafe-eval').",
    wasm_load_failed: "Clarify could not be loaded.",
    number: (attr, value) => `The ${attr} attribute must be a whole number such as 3 (it is "${value}").`,
    needsEndpoint: (attr) => `The ${attr} attribute needs an endpoint attribute too; remove ${attr} to run offline.`,
    language: () => `The language attribute must be a language tag such as "en" or "zh".`,
    options: "The widget's attributes are invalid.",
  },
  "zh-Hans": {
    loading: "正在加载 Clarify…",
    wasm_not_found: "无法加载 Clarify：找不到它的 WebAssembly 文件。",
    wasm_blocked: "无法加载 Clarify：此页面的内容安全策略不允许 WebAssembly（'wasm-unsafe-eval'）。",
    wasm_load_failed: "无法加载 Clarify。",
    number: (attr, value) => `${attr} 属性必须是整数，例如 3（现在是 "${value}"）。`,
    needsEndpoint: (attr) => `${attr} 属性还需要 endpoint 属性；若要离线运行，请删除 ${attr}。`,
    language: () => `language 属性必须是语言标记，例如 "en" 或 "zh"。`,
    options: "此组件的属性无效。",
  },
  "zh-Hant": {
    loading: "正在載入 Clarify…",
    wasm_not_found: "無法載入 Clarify：找不到它的 WebAssembly 檔案。",
    wasm_blocked: "無法載入 Clarify：此頁面的內容安全政策不允許 WebAssembly（'wasm-unsafe-eval'）。",
    wasm_load_failed: "無法載入 Clarify。",
    number: (attr, value) => `${attr} 屬性必須是整數，例如 3（現在是 "${value}"）。`,
    needsEndpoint: (attr) => `${attr} 屬性還需要 endpoint 屬性；若要離線執行，請刪除 ${attr}。`,
    language: () => `language 屬性必須是語言標記，例如 "en" 或 "zh"。`,
    options: "此元件的屬性無效。",
  },
};

/** The element's words for its `language` attribute (the browser's language without one). */
function wordsFor(el) {
  const tag = (el.getAttribute("language") || globalThis.navigator?.language || "en").toLowerCase();
  if (!tag.startsWith("zh")) return MESSAGES.en;
  return /^zh-(hant|tw|hk|mo)/.test(tag) ? MESSAGES["zh-Hant"] : MESSAGES["zh-Hans"];
}

/** An invalid attribute: its message names it, in the element's language. */
class AttributeError extends Error {
  constructor(message) {
    super(message);
    this.name = "ClarifyError";
    this.code = "bad_attribute";
  }
}

/** `<clarify-widget>` attributes → `ClarifierOptions` (only those present); throws an `AttributeError`. */
function optionsFrom(el) {
  const words = wordsFor(el);
  const options = {};
  const text = { endpoint: "endpoint", model: "model", profile: "profile", "api-key": "apiKey", language: "language" };
  for (const [attr, key] of Object.entries(text)) {
    if (el.hasAttribute(attr)) options[key] = el.getAttribute(attr);
  }
  const numbers = { "max-questions": "maxQuestions", "max-rounds": "maxRounds", "question-timeout-ms": "questionTimeoutMs" };
  for (const [attr, key] of Object.entries(numbers)) {
    if (!el.hasAttribute(attr)) continue;
    const value = el.getAttribute(attr).trim();
    if (!/^\d{1,9}$/.test(value)) throw new AttributeError(words.number(attr, value));
    options[key] = Number(value);
  }
  if (el.hasAttribute("never-ask")) options.neverAsk = el.getAttribute("never-ask") !== "false";
  if (el.hasAttribute("demo")) options.demo = el.getAttribute("demo") !== "false";
  if (options.language != null && !options.language.trim()) throw new AttributeError(words.language());
  if (!options.endpoint?.trim()) {
    for (const attr of ["model", "api-key"]) {
      if (el.getAttribute(attr)) throw new AttributeError(words.needsEndpoint(attr));
    }
    delete options.model;
    delete options.apiKey;
  }
  return options;
}

/** Resolves when `el` should load: now, when the browser is idle, or when it comes into view. */
function whenToLoad(el) {
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

/** The placeholder's few rules, shared by every element (a constructed sheet: no inline style for a CSP to refuse). */
let placeholderSheet = null;
const PLACEHOLDER_CSS = `:host { display: block; }
:host([hidden]) { display: none; }
.placeholder { box-sizing: border-box; min-height: 72px; max-width: 640px; padding: 14px 16px;
  border: 1px solid var(--clarify-line, #d8dce4); border-radius: 10px; background: var(--clarify-bg, #fff);
  color: var(--clarify-muted, #5a6272); font: 15px/1.5 var(--clarify-font, system-ui, sans-serif); }
.placeholder[role="alert"] { color: var(--clarify-critical, #b3261e); }
@media (prefers-color-scheme: dark) {
  .placeholder { background: var(--clarify-bg, #1c2029); border-color: var(--clarify-line, #3a4150);
    color: var(--clarify-muted, #a9b1c1); }
  .placeholder[role="alert"] { color: var(--clarify-critical, #ff8a80); }
}`;

/** Shows the placeholder (or, with `error`, the reason the card is missing) in `root`. */
function placeholder(root, text, error) {
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
  box.textContent = text;
  root.replaceChildren(box);
}

/**
 * The card's `part`s, for `clarify-widget::part(…)` rules (docs/embedding.md): the card's views
 * are the app's, so the names are given here by their classes, as they are drawn.
 */
const PARTS = [
  [".qcard", "question"], [".qcard-question", "question-text"], [".qcard-badge", "badge"],
  [".qcard-option", "option"], [".qcard-primary, .request-row button[type=submit]", "button button-primary"],
  ["button:not(.qcard-primary):not([type=submit])", "button"], ["textarea", "input"], [".answer", "answer"],
  [".failure", "failure"], [".handoff", "handoff"],
];

/** Names the parts of what `root` shows now. */
function nameParts(root) {
  for (const [selector, part] of PARTS) {
    for (const el of root.querySelectorAll(selector)) if (el.getAttribute("part") !== part) el.setAttribute("part", part);
  }
}

/** Hosts where a key in the page's markup is seen only by the person running it. */
function isLocalPage() {
  const { protocol, hostname } = location;
  return (
    protocol === "file:" ||
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    hostname === "127.0.0.1" ||
    hostname === "[::1]"
  );
}

/** Statuses in which a conversation has ended (a new request may start). */
const ENDED = ["completed", "handed_off", "failed"];

/** Where there is no DOM (a server, a worker), the class is defined on a plain base and never registered. */
const Base = typeof HTMLElement === "undefined" ? class {} : HTMLElement;

export class ClarifyWidget extends Base {
  #clarifier = null;
  /** The card in the shadow root (Rust: `WidgetCard`, the app's views); made once the wasm is loaded. */
  #card = null;
  #unsubscribe = null;
  /** The state last seen, to tell what changed (a start, a reset, a changed answer, a fallback). */
  #last = null;
  /** Set while another tab's session is applied, so it is not written straight back. */
  #remote = false;
  #onStorage = (e) => this.#follow(e);
  /** Set while the wasm is being awaited for this element. */
  #waiting = false;
  /** Set while attribute changes wait for the end of the task, to be applied together. */
  #queued = false;
  /** The message of invalid attributes shown in the card, cleared once they are valid. */
  #badAttributes = null;
  /** Set when `api-key` changed in the task whose changes wait to be applied. */
  #keyChanged = false;

  /**
   * Attributes that configure the session. Changes made in one task (a framework setting several
   * props) are applied together at its end. While the widget is idle they apply at once;
   * mid-conversation the pending question keeps its session and the change applies to the next
   * request; the element's `clarifier` stays the same object. `language` also switches the card's
   * own words at once. `storage-key` is read once, when the element is first connected;
   * `loading` (`eager`, `idle`, `lazy`) when it first waits for the wasm.
   */
  static observedAttributes = [
    "endpoint", "model", "profile", "api-key", "language", "max-questions", "max-rounds",
    "question-timeout-ms", "never-ask", "demo",
  ];

  constructor() {
    super();
    this.attachShadow({ mode: "open" });
  }

  /** This element's Clarifier (its session): one object for the element's life; `null` until the wasm is loaded and the attributes are valid. */
  get clarifier() {
    return this.#clarifier;
  }

  connectedCallback() {
    if (!api) {
      this.#awaitWasm();
      return;
    }
    this.#warnKeyInPage();
    if (!this.#card) {
      this.#card = new api.WidgetCard(this.shadowRoot, (request) => this.#startFromCard(request), (e) => this.#emitError(e));
      this.#card.setLanguage(this.getAttribute("language"));
      this.#card.setStorageKey(this.getAttribute("storage-key"));
      new MutationObserver(() => nameParts(this.shadowRoot)).observe(this.shadowRoot, { childList: true, subtree: true });
      setTimeout(() => this.#emit("clarify-ready", {}), 0);
    }
    if (!this.#clarifier && !this.#create()) return;
    // Re-attached after a removal: same session, one listener again, drawn afresh.
    if (!this.#unsubscribe) {
      this.#unsubscribe = this.#clarifier.subscribe((state, effects) => this.#changed(state, effects));
      // With storage-key, tabs showing the same key follow each other (the storage event).
      addEventListener("storage", this.#onStorage);
    }
    this.#last = this.#clarifier.state;
    this.#card.show(this.#clarifier);
  }

  /** Shows the placeholder and loads the wasm when `loading` says; a failure is shown and emitted. */
  #awaitWasm() {
    if (this.#waiting) return;
    this.#waiting = true;
    const words = wordsFor(this);
    placeholder(this.shadowRoot, words.loading, false);
    whenToLoad(this)
      .then(() => load())
      .then(
        () => {
          this.#waiting = false;
          if (this.isConnected) this.connectedCallback();
        },
        (e) => {
          this.#waiting = false;
          const code = e?.code ?? "wasm_load_failed";
          placeholder(this.shadowRoot, words[code] ?? words.wasm_load_failed, true);
          this.#emit("clarify-error", { code, message: e?.message ?? String(e) });
        },
      );
  }

  /** Makes this element's Clarifier from its attributes; false (and the reason shown) when they are invalid. */
  #create() {
    try {
      this.#clarifier = new Clarifier(optionsFrom(this));
    } catch (e) {
      this.#badOptions(e);
      return false;
    }
    if (this.#badAttributes != null) this.#card?.setError(null);
    this.#badAttributes = null;
    this.#load();
    return true;
  }

  attributeChangedCallback(name, before, after) {
    if (before === after) return;
    if (name === "language") this.#card?.setLanguage(after);
    if (name === "api-key") this.#keyChanged = true;
    if (!this.#card || this.#queued) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      this.#reconfigure();
    });
  }

  /** Applies the attributes as they are now to this element's Clarifier (made now if they were invalid before). */
  #reconfigure() {
    if (this.#keyChanged) this.#warnKeyInPage();
    this.#keyChanged = false;
    if (!this.#clarifier) {
      if (this.isConnected) this.connectedCallback();
      return;
    }
    try {
      this.#clarifier.configure(optionsFrom(this));
    } catch (e) {
      this.#badOptions(e);
      return;
    }
    if (this.#badAttributes != null) {
      this.#badAttributes = null;
      this.#card.setError(null);
    }
  }

  /** Invalid attributes: the card says which in the user's language (never the engine's words). */
  #badOptions(e) {
    const message = e instanceof AttributeError ? e.message : wordsFor(this).options;
    this.#badAttributes = message;
    this.#card?.setError(message);
    this.#emit("clarify-error", { code: e?.code ?? "bad_options", message });
  }

  /** With `storage-key`, the session survives reloads: restored here, saved after each change. */
  #load() {
    const key = this.getAttribute("storage-key");
    const saved = key ? this.#storage(() => localStorage.getItem(key)) : null;
    if (!saved) return;
    try {
      this.#clarifier.restore(saved);
    } catch (e) {
      // A corrupt or foreign snapshot: say so, forget it, and start fresh.
      this.#storage(() => localStorage.removeItem(key));
      this.#fail(e);
    }
  }

  #save() {
    const key = this.getAttribute("storage-key");
    if (key && !this.#remote) this.#storage(() => localStorage.setItem(key, this.#clarifier.snapshot()));
  }

  /**
   * Another tab wrote this widget's storage key (or cleared storage): show what storage holds
   * now — when two tabs write at once their events cross, and only what storage holds is what
   * both will agree on. If that drops an answer given here, the user is told (a note in the card
   * and `clarify-overruled`).
   */
  #follow(e) {
    const key = this.getAttribute("storage-key");
    if (!key || !this.#clarifier || e.storageArea !== localStorage || (e.key !== null && e.key !== key)) return;
    const stored = this.#storage(() => localStorage.getItem(key));
    this.#remote = true;
    let question = null;
    try {
      question = this.#clarifier.follow(stored);
    } catch (error) {
      this.#fail(error);
    } finally {
      this.#remote = false;
    }
    if (question == null) return;
    this.#card.overruled(question);
    this.#emit("clarify-overruled", { question });
  }

  /** Storage may be unavailable (privacy mode) or full: the widget keeps working without it. */
  #storage(call) {
    try {
      return call();
    } catch {
      return null;
    }
  }

  disconnectedCallback() {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    removeEventListener("storage", this.#onStorage);
    // The card's views go with their listeners and the question timer; the session stays.
    this.#card?.hide();
  }

  /** Starts a conversation with `request`, as if typed into the widget. */
  start(request) {
    if (!this.#clarifier) return false;
    return this.#act(() => this.#begin(request));
  }

  /** The card's request box: a refusal is shown under the box (and emitted), not thrown. */
  #startFromCard(request) {
    if (!this.#clarifier) return this.#badAttributes ?? wordsFor(this).options;
    try {
      this.#card.setError(null);
      this.#begin(request);
      return null;
    } catch (e) {
      this.#emitError(e);
      return e?.message ?? String(e);
    }
  }

  #begin(request) {
    // Attributes changed mid-conversation apply now (the Clarifier keeps them for the next start).
    this.#clarifier.start(request);
  }

  #changed(state, effects) {
    const last = this.#last;
    this.#last = state;
    this.#save();
    // A restore or another tab's session (no effects) replaces the session: its past is not news.
    if (!effects.length) return;
    const news = [];
    const started = state.started != null && state.started !== last?.started;
    if (started) news.push(["clarify-start", { request: state.request }]);
    if (state.fallback && (started || state.fallback !== last?.fallback)) news.push(["clarify-fallback", { reason: state.fallback }]);
    // Each answer once; an answer the user changed ("Change") again, with the one it replaces.
    const before = new Map(started ? [] : (last?.resolutions ?? []).map((r) => [r.question.id, r.answer]));
    for (const r of state.resolutions) {
      const had = before.has(r.question.id);
      const previous = had ? before.get(r.question.id) : null;
      if (!had || JSON.stringify(previous) !== JSON.stringify(r.answer)) {
        news.push(["clarify-answer", { question: r.question, answer: r.answer, previous }]);
      }
    }
    for (const effect of effects) {
      if (effect.type === "ask") news.push(["clarify-question", { question: effect.question, progress: effect.progress }]);
      else if (effect.type === "complete")
        news.push(["clarify-done", { answer: effect.answer, prompt: state.prompt, request: state.request, status: state.status }]);
      else if (effect.type === "hand_off") news.push(["clarify-handoff", { package: effect.package }]);
    }
    if (state.status === "failed" && last?.status !== "failed") {
      news.push(["clarify-error", { code: "answer_failed", message: state.failure ?? "" }]);
    }
    if (state.status === "idle" && last && last.status !== "idle") news.push(["clarify-reset", {}]);
    // The card draws the change in the tasks the change queued; the events come after them, so a
    // listener that looks into the widget sees what the event tells of.
    if (news.length) setTimeout(() => news.forEach(([type, detail]) => this.#emit(type, detail)), 0);
  }

  /**
   * An `api-key` attribute on a page served to others publishes the key in its markup. Said on
   * the console and as a `clarify-error` (`key_in_page`); the widget still works, so a site can
   * move the key behind its own endpoint without an outage.
   */
  #warnKeyInPage() {
    if (!this.hasAttribute("api-key") || !this.getAttribute("api-key") || isLocalPage()) return;
    const message =
      "clarify-widget: the api-key attribute puts the key in this page, where every visitor can read it. " +
      "Serve an endpoint on your own origin that adds the key server-side, and give the widget that endpoint without api-key.";
    console.warn(message);
    // After the current task, so listeners the page adds right after the element still hear it.
    setTimeout(() => this.#emit("clarify-error", { code: "key_in_page", message }), 0);
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  /** Runs an API call; a refusal is shown in the card and emitted, never thrown at the page. */
  #act(call) {
    this.#card?.setError(null);
    this.#card?.overruled(null);
    try {
      call();
      return true;
    } catch (e) {
      this.#fail(e);
      return false;
    }
  }

  #fail(e) {
    this.#card?.setError(e?.message ?? String(e));
    this.#emitError(e);
  }

  #emitError(e) {
    this.#emit("clarify-error", { code: e?.code ?? "internal", message: e?.message ?? String(e) });
  }
}
