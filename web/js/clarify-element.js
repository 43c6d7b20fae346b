// <clarify-widget>: Clarify's question card as a custom element, for any page.
//
//   <script type="module" src="embed/clarify-element.js"></script>
//   <clarify-widget max-questions="3"></clarify-widget>
//   <clarify-widget storage-key="support-chat"></clarify-widget>   (survives reloads)
//
// Each element owns one Clarifier (its own session) and renders it in a shadow root: the page's
// CSS does not reach in and ours does not leak out. Every text from the user or the LLM is set
// with textContent, never parsed as HTML. Events (bubbling, composed, data in `detail`):
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

const STYLE = `
:host { display: block; }
:host([hidden]) { display: none; }
/* all: initial cuts every property the page's styles pass down through inheritance. */
.card { all: initial; display: block; box-sizing: border-box; margin: 0; padding: 16px; border: 1px solid #d0d5dd;
  border-radius: 10px; background: #ffffff; color: #1d2939; font: 400 15px/1.45 system-ui,
  -apple-system, "Segoe UI", Roboto, sans-serif; text-align: left; letter-spacing: normal;
  text-transform: none; max-width: 560px; }
:where(.card *) { box-sizing: border-box; font: inherit; color: inherit; letter-spacing: inherit; }
.head { display: flex; gap: 8px; align-items: center; margin: 0 0 8px; font-size: 13px; color: #475467; }
.brand { font-weight: 600; color: #344054; }
.progress { margin-left: auto; }
.badge { display: inline-block; padding: 1px 8px; border-radius: 999px; font-size: 12px;
  font-weight: 600; border: 1px solid currentColor; }
.badge[data-priority=critical] { color: #b42318; background: #fef3f2; }
.badge[data-priority=important] { color: #b54708; background: #fffaeb; }
.badge[data-priority=helpful] { color: #067647; background: #ecfdf3; }
h2 { margin: 4px 0; font-size: 17px; font-weight: 600; line-height: 1.3; }
.why { margin: 0 0 10px; color: #475467; font-size: 14px; }
fieldset { margin: 0 0 10px; padding: 0; border: 0; display: grid; gap: 6px; }
label.option { display: flex; gap: 8px; align-items: flex-start; padding: 8px 10px;
  border: 1px solid #d0d5dd; border-radius: 8px; cursor: pointer; background: #ffffff; }
label.option:has(input:checked) { border-color: #1570ef; background: #eff8ff; }
.option small { display: block; color: #667085; font-size: 13px; }
input[type=radio], input[type=checkbox] { margin: 3px 0 0; accent-color: #1570ef; }
textarea, input[type=text] { display: block; width: 100%; margin: 0 0 10px; padding: 8px 10px;
  border: 1px solid #d0d5dd; border-radius: 8px; background: #ffffff; color: #1d2939; resize: vertical; }
.actions { display: flex; gap: 8px; flex-wrap: wrap; }
button { margin: 0; padding: 7px 14px; border-radius: 8px; border: 1px solid #1570ef;
  background: #1570ef; color: #ffffff; font-weight: 600; cursor: pointer; }
button.secondary { background: #ffffff; color: #344054; border-color: #d0d5dd; }
button:disabled { opacity: 0.5; cursor: not-allowed; }
button:focus-visible, input:focus-visible, textarea:focus-visible { outline: 2px solid #84caff; outline-offset: 1px; }
pre { margin: 0 0 10px; padding: 10px; max-height: 260px; overflow: auto; white-space: pre-wrap;
  background: #f9fafb; border: 1px solid #eaecf0; border-radius: 8px; font: 13px/1.4 ui-monospace, monospace; }
.note { margin: 0 0 10px; color: #475467; }
.error { margin: 8px 0 0; color: #b42318; font-size: 14px; }
.error:empty { display: none; }
`;

let sheet = null;
function styleSheet() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLE);
  }
  return sheet;
}

/** `<clarify-widget>` attributes → `ClarifierOptions` (only those present). */
function optionsFrom(el) {
  const options = {};
  const text = { endpoint: "endpoint", model: "model", "api-key": "apiKey", language: "language" };
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

/** Creates an element: `h("p", { class: "x" }, "text", child)`. Strings become text nodes. */
function h(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === false || value == null) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key in node && typeof value !== "string") node[key] = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child != null && child !== false) node.append(child); // append(string) makes a text node
  }
  return node;
}

const PRIORITY = { critical: "Critical", important: "Important", helpful: "Helpful" };

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
  #unsubscribe = null;
  #resolved = 0;
  #error = null;
  #errorText = "";
  #timer = undefined;
  /** Set while another tab's session is applied, so it is not written straight back. */
  #remote = false;
  /** Told to the user after another tab overruled an answer given here. */
  #noticeText = "";
  #onStorage = (e) => this.#follow(e);

  /**
   * Attributes that configure the session. A change applies at once while the widget is idle;
   * mid-conversation the pending question keeps its session and the change applies to the next
   * request. `storage-key` is read once, when the element is first connected.
   */
  static observedAttributes = [
    "endpoint", "model", "api-key", "language", "max-questions", "max-rounds",
    "question-timeout-ms", "never-ask", "demo",
  ];

  #reconfigure = false;

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open" });
    root.adoptedStyleSheets = [styleSheet()];
  }

  /** This element's Clarifier (its session); `null` until the element is first connected. */
  get clarifier() {
    return this.#clarifier;
  }

  connectedCallback() {
    this.#warnKeyInPage();
    if (!this.#clarifier) {
      try {
        this.#clarifier = new Clarifier(optionsFrom(this));
      } catch (e) {
        this.#render(null);
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
    const state = this.#clarifier.state;
    this.#resolved = state.resolutions.length;
    this.#render(state);
  }

  attributeChangedCallback(name, before, after) {
    if (!this.#clarifier || before === after) return;
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
    this.#clarifier.free?.();
    this.#clarifier = next;
    this.#resolved = 0;
    if (this.isConnected) {
      this.#unsubscribe = next.subscribe((state, effects) => this.#changed(state, effects));
      this.#render(next.state);
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
    this.#noticeText = `Another tab took over this conversation; your answer here is not in it: “${question}”`;
    this.#render(this.#clarifier.state);
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
    clearTimeout(this.#timer);
  }

  /** A pending question expires at its deadline: tell the session the time then (E9). */
  #schedule(state) {
    clearTimeout(this.#timer);
    if (state?.deadline == null || !this.isConnected) return;
    const wait = Math.min(Math.max(0, state.deadline - Date.now()), 2 ** 31 - 1);
    this.#timer = setTimeout(() => this.#act(() => this.#clarifier.tick()), wait);
  }

  /** Starts a conversation with `request`, as if typed into the widget. */
  start(request) {
    if (this.#reconfigure && this.#clarifier) {
      const status = this.#clarifier.status;
      if (status === "idle" || ["completed", "handed_off", "failed"].includes(status)) this.#rebuild();
    }
    return this.#act(() => this.#clarifier.start(request));
  }

  #changed(state, effects) {
    // A restore (no effects) replaces the session: its past answers are not news.
    const fresh = effects.length ? state.resolutions.slice(this.#resolved) : [];
    this.#resolved = state.resolutions.length;
    this.#save();
    this.#render(state);
    for (const r of fresh) this.#emit("clarify-answer", { question: r.question, answer: r.answer });
    for (const effect of effects) {
      if (effect.type === "ask") this.#emit("clarify-question", { question: effect.question, progress: effect.progress });
      else if (effect.type === "complete")
        this.#emit("clarify-done", { answer: effect.answer, prompt: state.prompt, request: state.request, status: state.status });
      else if (effect.type === "hand_off") this.#emit("clarify-handoff", { package: effect.package });
    }
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
    if (!this.#clarifier) return false;
    this.#errorText = "";
    this.#noticeText = "";
    try {
      call();
      this.#showError();
      return true;
    } catch (e) {
      this.#fail(e);
      return false;
    }
  }

  #fail(e) {
    this.#errorText = e?.message ?? String(e);
    this.#showError();
    this.#emit("clarify-error", { code: e?.code ?? "internal", message: this.#errorText });
  }

  #showError() {
    if (this.#error) this.#error.textContent = this.#errorText;
  }

  #render(state) {
    const hadFocus = this.shadowRoot.activeElement != null;
    this.#error = h("p", { class: "error", role: "alert", "data-testid": "error" });
    const body = state ? this.#body(state) : [];
    const head = h("div", { class: "head" }, h("span", { class: "brand" }, "Clarify"));
    if (state?.question) {
      const p = state.progress;
      head.append(h("span", { class: "progress", "data-testid": "progress" }, `Question ${p.current} of ${p.total}`));
    }
    const notice = this.#noticeText
      ? h("p", { class: "note overruled", role: "status", "data-testid": "overruled" }, this.#noticeText)
      : null;
    const card = h("div", { class: "card", part: "card", "data-status": state?.status ?? "error" }, head, notice, body, this.#error);
    this.shadowRoot.replaceChildren(card);
    this.#schedule(state);
    this.#showError();
    if (hadFocus) card.querySelector("input, textarea, button:not(:disabled)")?.focus();
  }

  #body(state) {
    switch (state.status) {
      case "idle":
        return this.#requestForm();
      case "awaiting_clarification":
        return this.#questionCard(state.question);
      case "analyzing":
        return h("p", { class: "note" }, "Thinking about your request…");
      case "generating":
        return [h("p", { class: "note" }, "Writing the answer…"), h("pre", { "data-testid": "answer" }, state.answer ?? "")];
      case "completed":
      case "handed_off":
        return [
          h("pre", { "data-testid": "answer" }, state.answer ?? ""),
          state.status === "handed_off" ? h("p", { class: "note", "data-testid": "handoff" }, "Connecting you to an agent…") : null,
          this.#startOver(),
        ];
      case "failed":
        return [h("p", { class: "note", "data-testid": "failure" }, state.failure ?? "Something went wrong."), this.#startOver()];
      default:
        return h("p", { class: "note" }, state.status);
    }
  }

  #requestForm() {
    const input = h("textarea", { rows: 2, "data-testid": "request", "aria-label": "Your request", placeholder: "What do you need?" });
    const submit = (e) => {
      e.preventDefault();
      this.start(input.value);
    };
    return h("form", { onsubmit: submit }, input, h("div", { class: "actions" }, h("button", { type: "submit", "data-testid": "submit" }, "Ask")));
  }

  #questionCard(q) {
    const cont = h("button", { type: "submit", "data-testid": "continue", disabled: true }, "Continue");
    const kind = q.multiple ? "checkbox" : "radio";
    const name = `q-${q.id}`;
    const choices = q.options.map((c, i) =>
      h("label", { class: "option" },
        h("input", { type: kind, name, value: c.id, "data-testid": `option-${i + 1}` }),
        h("span", {}, c.label, c.description ? h("small", {}, c.description) : null)),
    );
    if (q.allow_skip) {
      choices.push(h("label", { class: "option" },
        h("input", { type: kind === "radio" ? "radio" : "checkbox", name, value: "", "data-dont-know": "", "data-testid": "dont-know" }),
        h("span", {}, "I don't know — use your best judgment")));
    }
    const group = choices.length
      ? h("fieldset", { role: kind === "radio" ? "radiogroup" : "group", "aria-label": q.text, "data-testid": "options" }, choices)
      : null;
    const text = q.allow_free_text
      ? h("input", { type: "text", "data-testid": "free-text", "aria-label": "Your answer", placeholder: q.options.length ? "Or type your own answer" : "Your answer" })
      : null;
    const form = h("form", { "data-testid": "question-card" },
      h("span", { class: "badge", "data-priority": q.priority, "data-testid": "priority" }, PRIORITY[q.priority] ?? q.priority),
      h("h2", { "data-testid": "question-text" }, q.text),
      q.why ? h("p", { class: "why", "data-testid": "question-why" }, q.why) : null,
      group, text,
      h("div", { class: "actions" }, cont,
        h("button", { type: "button", class: "secondary", "data-testid": "skip-all", onclick: () => this.#act(() => this.#clarifier.skipAll()) }, "Continue anyway")));
    const read = () => {
      const picked = [...form.querySelectorAll("input:checked")];
      const dontKnow = picked.some((i) => i.hasAttribute("data-dont-know"));
      const choices = picked.filter((i) => !i.hasAttribute("data-dont-know")).map((i) => i.value);
      const typed = text?.value.trim() ?? "";
      if (dontKnow && !choices.length && !typed) return { dontKnow: true };
      if (choices.length && typed) return { choices, text: typed };
      if (choices.length) return { choices };
      if (typed) return { text: typed };
      return null;
    };
    form.addEventListener("input", () => (cont.disabled = read() == null));
    // Keyboard: a digit picks that option, Enter continues (typing in the text box is left alone).
    form.addEventListener("keydown", (e) => {
      if (e.target === text || e.ctrlKey || e.metaKey || e.altKey) return;
      const option = /^[1-9]$/.test(e.key) ? form.querySelector(`[data-testid=option-${e.key}]`) : null;
      if (option) {
        e.preventDefault();
        option.checked = kind === "radio" ? true : !option.checked;
        option.focus();
        form.dispatchEvent(new Event("input"));
      } else if (e.key === "Enter" && !cont.disabled) {
        e.preventDefault();
        form.requestSubmit();
      }
    });
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const answer = read();
      if (!answer) return;
      cont.disabled = true;
      cont.textContent = "Continuing…";
      if (!this.#act(() => this.#clarifier.answer(q.id, answer))) {
        cont.disabled = false;
        cont.textContent = "Continue";
      }
    });
    return form;
  }

  #startOver() {
    return h("div", { class: "actions" },
      h("button", { type: "button", class: "secondary", "data-testid": "start-over", onclick: () => this.#act(() => this.#clarifier.reset()) }, "Start over"));
  }
}

await ready;
if (!customElements.get("clarify-widget")) customElements.define("clarify-widget", ClarifyWidget);
