// <clarify-widget>: Clarify's question card as a custom element, for any page.
//
//   <script type="module" src="embed/clarify-element.js"></script>
//   <clarify-widget max-questions="3"></clarify-widget>
//   <clarify-widget storage-key="support-chat"></clarify-widget>   (survives reloads)
//
// Each element owns one Clarifier (its own session) and shows it in a shadow root with the app's
// own card (`WidgetCard`, web/src/widget.rs: the Leptos question card, the answer, the handoff,
// in English or Chinese after `language`): the page's CSS does not reach in and ours does not leak
// out. This file keeps what must be JS: the element class, its attributes, storage and the DOM
// events. Every text from the user or the LLM is set as text, never parsed as HTML. Events
// (bubbling, composed, data in `detail`; the first four come after the card has drawn them):
//   clarify-question {question, progress}   a question is shown
//   clarify-answer   {question, answer}     a question was resolved (answered, skipped, declined,
//                                           timed out)
//   clarify-done     {answer, prompt, request, status}
//   clarify-handoff  {package}              a human takes over after the answer
//   clarify-error    {code, message}        an action was refused, the attributes are invalid, or
//                                           api-key is set on a page served to others (key_in_page)
//   clarify-overruled {question}            another tab (same storage-key) took over the session
//                                           and the answer given here to `question` is not in it
// The wasm is requested first, so it downloads while the JS glue loads, and is compiled while it
// streams in (`WebAssembly.instantiateStreaming`, which needs the server to send it as
// `application/wasm`; wasm-bindgen's glue falls back to a slower copy-then-compile otherwise).
const wasm = fetch(new URL("clarify-embed_bg.wasm", import.meta.url));
const api = await import("./clarify-embed.js");

/** The JS API's class (see clarify-embed.d.ts); `new Clarifier(…)` works once `ready` resolves. */
export const Clarifier = api.Clarifier;

/** Resolves once the wasm module is ready; `new Clarifier(…)` works after it. */
export const ready = api.default({ module_or_path: wasm });

/** `<clarify-widget>` attributes → `ClarifierOptions` (only those present). */
function optionsFrom(el) {
  const options = {};
  const text = { endpoint: "endpoint", model: "model", profile: "profile", "api-key": "apiKey", language: "language" };
  for (const [attr, key] of Object.entries(text)) {
    if (el.hasAttribute(attr)) options[key] = el.getAttribute(attr);
  }
  const numbers = { "max-questions": "maxQuestions", "max-rounds": "maxRounds", "question-timeout-ms": "questionTimeoutMs" };
  for (const [attr, key] of Object.entries(numbers)) {
    if (el.hasAttribute(attr)) options[key] = Number(el.getAttribute(attr));
  }
  if (el.hasAttribute("never-ask")) options.neverAsk = el.getAttribute("never-ask") !== "false";
  if (el.hasAttribute("demo")) options.demo = el.getAttribute("demo") !== "false";
  return options;
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

export class ClarifyWidget extends HTMLElement {
  #clarifier = null;
  /** The card in the shadow root (Rust: `WidgetCard`, the app's views); made on first connect. */
  #card = null;
  #unsubscribe = null;
  #resolved = 0;
  /** Set while another tab's session is applied, so it is not written straight back. */
  #remote = false;
  #onStorage = (e) => this.#follow(e);

  /**
   * Attributes that configure the session. A change applies at once while the widget is idle;
   * mid-conversation the pending question keeps its session and the change applies to the next
   * request. `language` also switches the card's own words at once. `storage-key` is read once,
   * when the element is first connected.
   */
  static observedAttributes = [
    "endpoint", "model", "profile", "api-key", "language", "max-questions", "max-rounds",
    "question-timeout-ms", "never-ask", "demo",
  ];

  #reconfigure = false;

  constructor() {
    super();
    this.attachShadow({ mode: "open" });
  }

  /** This element's Clarifier (its session); `null` until the element is first connected. */
  get clarifier() {
    return this.#clarifier;
  }

  connectedCallback() {
    this.#warnKeyInPage();
    if (!this.#card) {
      this.#card = new api.WidgetCard(this.shadowRoot, (request) => this.#startFromCard(request), (e) => this.#emitError(e));
      this.#card.setLanguage(this.getAttribute("language"));
      this.#card.setStorageKey(this.getAttribute("storage-key"));
    }
    if (!this.#clarifier) {
      try {
        this.#clarifier = new Clarifier(optionsFrom(this));
      } catch (e) {
        this.#fail(e);
        return;
      }
      this.#resolved = 0;
      this.#load();
    }
    // Re-attached after a removal: same session, one listener again, drawn afresh.
    if (!this.#unsubscribe) {
      this.#unsubscribe = this.#clarifier.subscribe((state, effects) => this.#changed(state, effects));
      // With storage-key, tabs showing the same key follow each other (the storage event).
      addEventListener("storage", this.#onStorage);
    }
    this.#resolved = this.#clarifier.state.resolutions.length;
    this.#card.show(this.#clarifier);
  }

  attributeChangedCallback(name, before, after) {
    if (before === after) return;
    if (name === "language") this.#card?.setLanguage(after);
    if (!this.#clarifier) return;
    if (name === "api-key") this.#warnKeyInPage();
    this.#reconfigure = true;
    if (this.#clarifier.status === "idle") this.#rebuild();
  }

  /** Replaces an idle or finished session with one made from the current attributes. */
  #rebuild() {
    let next;
    try {
      next = new Clarifier(optionsFrom(this));
    } catch (e) {
      // Invalid attributes: keep the working session and say why.
      this.#fail(e);
      return;
    }
    this.#reconfigure = false;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#card.hide();
    this.#clarifier.free?.();
    this.#clarifier = next;
    this.#resolved = 0;
    if (this.isConnected) {
      this.#unsubscribe = next.subscribe((state, effects) => this.#changed(state, effects));
      this.#card.show(next);
    }
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
    if (!this.#clarifier) return "the widget's attributes are invalid";
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
    if (this.#reconfigure && this.#clarifier) {
      const status = this.#clarifier.status;
      if (["idle", "completed", "handed_off", "failed"].includes(status)) this.#rebuild();
    }
    this.#clarifier.start(request);
  }

  #changed(state, effects) {
    // A restore (no effects) replaces the session: its past answers are not news.
    const fresh = effects.length ? state.resolutions.slice(this.#resolved) : [];
    this.#resolved = state.resolutions.length;
    this.#save();
    const news = fresh.map((r) => ["clarify-answer", { question: r.question, answer: r.answer }]);
    for (const effect of effects) {
      if (effect.type === "ask") news.push(["clarify-question", { question: effect.question, progress: effect.progress }]);
      else if (effect.type === "complete")
        news.push(["clarify-done", { answer: effect.answer, prompt: state.prompt, request: state.request, status: state.status }]);
      else if (effect.type === "hand_off") news.push(["clarify-handoff", { package: effect.package }]);
    }
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

await ready;
if (!customElements.get("clarify-widget")) customElements.define("clarify-widget", ClarifyWidget);
