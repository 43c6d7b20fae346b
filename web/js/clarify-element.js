// <clarify-widget>: Clarify's question card as a custom element, for any page (its attributes
// and events: clarify-element.d.ts, docs/js-api.md). Importing this module does nothing. Each
// element loads the wasm (clarify-load.js) as its `loading` attribute says and shows its
// Clarifier with the app's own card (`WidgetCard`, web/src/widget.rs: it reads the attributes,
// keeps the session at `storage-key`, follows other tabs and names the events). This file keeps
// the element class and dispatches the DOM events.
import { api, Clarifier, followScheme, load, placeholder, schemeOf, tellOnce, unfollowScheme, wasmFrom, whenToLoad, wordsFor } from "./clarify-load.js";

export { Clarifier, load, ready } from "./clarify-load.js";

/** Registers `<clarify-widget>` (once) and returns its class; `undefined` where there is no DOM. */
export function defineClarifyWidget({ wasmUrl, detectorUrl } = {}) {
  wasmFrom(wasmUrl, detectorUrl);
  if (typeof customElements === "undefined") return undefined;
  if (!customElements.get("clarify-widget")) customElements.define("clarify-widget", ClarifyWidget);
  return customElements.get("clarify-widget");
}

/** The card's `part`s, for `clarify-widget::part(…)` rules (docs/embedding.md), given by their classes as drawn. */
const PARTS = [
  [".qcard", "question"], [".qcard-question", "question-text"], [".qcard-badge", "badge"],
  [".qcard-option", "option"], [".qcard-primary, .request-row button[type=submit]", "button button-primary"],
  ["button:not(.qcard-primary):not([type=submit])", "button"], ["textarea", "input"], [".answer", "answer"],
  [".failure", "failure"], [".handoff", "handoff"],
];
const nameParts = (root) => PARTS.forEach(([selector, part]) => root.querySelectorAll(selector).forEach((el) => el.getAttribute("part") !== part && el.setAttribute("part", part)));

/** Whether the page was built for production (bundlers replace `process.env.NODE_ENV`; none: development). */
const production = (() => {
  try {
    return process.env.NODE_ENV === "production";
  } catch {
    return false;
  }
})();

/**
 * In development, warns once when an element React drew with `onclarify-…` handler props is
 * registered only afterwards: React does not attach such handlers to a server-rendered element
 * it hydrated before the element was defined (Next.js with `defineClarifyWidget()` in
 * `useEffect`), so they would be dropped silently.
 */
let warnedLate = false;
function warnLateHandlers(el) {
  if (production || warnedLate) return;
  const key = Object.keys(el).find((k) => k.startsWith("__reactProps$"));
  const handlers = key ? Object.keys(el[key] ?? {}).filter((k) => k.startsWith("onclarify-")) : [];
  if (handlers.length === 0) return;
  warnedLate = true;
  console.warn(`clarify-embed: <clarify-widget> was defined after React drew it with ${handlers}, which React may drop: listen through a ref with addEventListener.`);
}

/** Where there is no DOM (a server, a worker), the class is defined on a plain base and never registered. */
const Base = typeof HTMLElement === "undefined" ? class {} : HTMLElement;

export class ClarifyWidget extends Base {
  #clarifier = null;
  #card = null; // the card in the shadow root (Rust: `WidgetCard`), made once the wasm is loaded
  #waiting = false;
  #queued = false; // attribute changes wait for the end of the task, to be applied together
  #badAttributes = null; // the message of invalid attributes shown in the card
  #toldBad = null; // the clarify-error last emitted for them: said once, until they change or are valid again
  #keyChanged = false;
  #loadError = null; // why the wasm could not be loaded, for a later start()
  #messages = undefined; // the host's words for the card (`messages`), as set
  #wordsTried = false; // the words of the card's language were asked for (fetched, or could not be)
  #badTheme = null; // the invalid `theme` last told
  #redraw = () => this.#applyTheme(); // draws the card in the scheme its `theme` resolves to now

  /** Attributes that configure the session (see clarify-element.d.ts), and `theme`; `storage-key` and `loading` are read once. */
  static observedAttributes = ["endpoint", "model", "profile", "api-key", "language", "max-questions", "max-rounds", "question-timeout-ms", "endpoint-timeout-ms", "never-ask", "theme"];

  constructor() {
    super();
    this.attachShadow({ mode: "open" });
    if (this.isConnected) warnLateHandlers(this); // upgraded: drawn before defineClarifyWidget()
  }

  /** This element's Clarifier: one object for the element's life; `null` until the wasm is loaded and the attributes are valid. */
  get clarifier() { return this.#clarifier; }

  /** The host's words for the card, by key (`{ send: "Ask" }`); an unknown key is a clarify-error (`unknown_message`). */
  get messages() { return this.#messages; }
  set messages(value) {
    this.#messages = value;
    this.#reconfigure();
  }

  connectedCallback() {
    followScheme(this.#redraw);
    if (!api) return this.#awaitWasm();
    // With the wasm already here, the card is made at once (a host may call `start()` right
    // away) and a language not yet on the page shows English until its words arrive; an invalid
    // attribute's message is then worded again in it.
    if (!this.#wordsTried) {
      this.#wordsTried = true;
      if (!api.wordsReady(this.getAttribute("language"))) this.#loadWords().then(() => this.#rewordError());
    }
    if (!this.#card) {
      this.#card = new api.WidgetCard(this.shadowRoot, (request) => this.#startFromCard(request), (type, detail) => this.#emit(type, detail));
      this.#card.setLanguage(this.getAttribute("language"));
      this.#card.setStorageKey(this.getAttribute("storage-key"));
      new MutationObserver(() => nameParts(this.shadowRoot)).observe(this.shadowRoot, { childList: true, subtree: true });
      setTimeout(() => this.#emit("clarify-ready", {}), 0);
    }
    this.#applyTheme();
    this.#card.warnKeyInPage(this); // an api-key on a page served to others: said, not refused
    if (this.#clarifier || this.#create()) this.#card.show(this.#clarifier);
  }

  /** Shows the placeholder and loads the wasm when `loading` says; a failure is shown and emitted. */
  #awaitWasm() {
    if (this.#waiting) return;
    this.#waiting = true;
    placeholder(this.shadowRoot, wordsFor(this).loading, false, schemeOf(this));
    const done = (e) => {
      this.#waiting = false;
      if (!e) return this.isConnected && this.connectedCallback();
      // The visitor reads a plain line; why, and the fix, are on the console (once per page) and in the event.
      placeholder(this.shadowRoot, wordsFor(this).unavailable, true, schemeOf(this));
      this.#loadError = { code: e?.code ?? "wasm_load_failed", message: e?.message ?? String(e) };
      this.#emitError(this.#loadError);
    };
    // The card's words in its language arrive before its first paint (English is in the wasm).
    // A language whose file cannot be had stays English, and is a clarify-error.
    const language = async () => {
      this.#wordsTried = true;
      await this.#loadWords();
    };
    whenToLoad(this).then(() => load()).then(language).then(() => done(null), (e) => done(e ?? {}));
  }

  /**
   * Fetches the words of the card's language (once per page, whatever the number of elements);
   * resolves either way. A file that cannot be had leaves the card English and is emitted as a
   * clarify-error (`words_not_found`); the console says it once per page.
   */
  #loadWords() {
    return api.loadWords(this.getAttribute("language")).catch((e) => this.#emitError(e));
  }

  /** Makes this element's Clarifier from its attributes, taking up the session kept at `storage-key`; false when they are invalid. */
  #create() {
    try {
      this.#clarifier = new Clarifier(this.#card.options(this));
    } catch (e) {
      return this.#badOptions(e);
    }
    this.#validAgain();
    this.#card.restore(this.#clarifier);
    return true;
  }

  attributeChangedCallback(name, before, after) {
    if (before === after) return;
    if (name === "theme") return this.isConnected && this.#applyTheme();
    if (name === "language" && this.#card) {
      if (!api.wordsReady(after)) this.#loadWords().then(() => this.#rewordError());
      this.#card.setLanguage(after);
    }
    if (name === "api-key") this.#keyChanged = true;
    this.#reconfigure();
  }

  /** Applies the attributes and `messages` to the Clarifier at the end of the task, together. */
  #reconfigure() {
    if (!this.#card || this.#queued) return;
    this.#queued = true;
    queueMicrotask(() => {
      if (this.#keyChanged) this.#card.warnKeyInPage(this);
      this.#queued = this.#keyChanged = false;
      if (!this.#clarifier) return this.isConnected && this.connectedCallback();
      try {
        this.#clarifier.configure(this.#card.options(this)); // idle: at once; else for the next request
        this.#card.setMessages(this.#clarifier);
        this.#validAgain();
      } catch (e) {
        this.#badOptions(e);
      }
    });
  }

  /** Says again that the widget cannot run, in the card's language now at hand. */
  #rewordError() {
    if (this.#badAttributes != null) this.#card?.setUnavailable(this);
  }

  /**
   * Draws the card (or the placeholder) in the scheme `theme` resolves to now (`schemeOf`). An
   * invalid value is drawn as `auto`, and told once: on the console and as a clarify-error.
   */
  #applyTheme() {
    const scheme = schemeOf(this);
    this.#card?.setTheme(scheme);
    const box = this.shadowRoot.querySelector(".placeholder");
    if (box) box.dataset.theme = scheme;
    const theme = this.getAttribute("theme");
    if (theme == null || ["light", "dark", "auto"].includes(theme) || theme === this.#badTheme) return;
    this.#badTheme = theme;
    const message = `The theme attribute must be light, dark or auto (it is "${theme}"); the card follows the page's color-scheme.`;
    tellOnce("error", `clarify-widget: ${message}`);
    // After the current task, so listeners the page adds right after the element hear it.
    setTimeout(() => this.#emitError({ code: "bad_attribute", message }), 0);
  }

  #validAgain() {
    if (this.#badAttributes != null) this.#card.setError(null);
    this.#badAttributes = this.#toldBad = null;
  }

  /**
   * Invalid attributes: the visitor reads a plain line in the card; which attribute and why go to
   * the developer, on the console (once per page) and as a clarify-error.
   */
  #badOptions(e) {
    const told = { code: e?.code ?? "bad_options", message: e?.message ?? String(e) };
    this.#badAttributes = told.message;
    this.#card?.setUnavailable(this);
    tellOnce("error", `clarify-widget: ${told.message}`);
    // Applying the same invalid options again (another attribute changed meanwhile) is no news.
    if (this.#toldBad?.code !== told.code || this.#toldBad?.message !== told.message) this.#emitError(told);
    this.#toldBad = told;
    return false;
  }

  /** The card's views go with their listeners and the question timer; the session stays (saved at `storage-key`), and what happens to it meanwhile is sent, in order, when the element is added back. */
  disconnectedCallback() {
    unfollowScheme(this.#redraw);
    this.#card?.hide();
  }

  /** Starts a conversation with `request`, as if typed into the widget; false (shown, emitted) if refused. */
  start(request) {
    if (!this.#clarifier) {
      // Not loaded (or invalid attributes): refused, and said as every refusal is.
      const bad = this.#badAttributes;
      this.#emitError(this.#loadError ?? { code: bad == null ? "not_ready" : "bad_attribute", message: bad ?? "the widget has not loaded yet: call start() after its clarify-ready event" });
      return false;
    }
    const refused = this.#startFromCard(request);
    this.#card.setError(refused);
    return refused === null;
  }

  /** The card's request box: null when the request started, else the message shown under the box (and emitted). */
  #startFromCard(request) {
    if (!this.#clarifier) return wordsFor(this).unavailable;
    this.#card.setError(null);
    try {
      this.#clarifier.start(request);
      return null;
    } catch (e) {
      this.#emitError(e);
      return e?.message ?? String(e);
    }
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  #emitError(e) {
    this.#emit("clarify-error", { code: e?.code ?? "internal", message: e?.message ?? String(e) });
  }
}
