// Types for clarify-element.js: the entry of the package. `load()`, `defineClarifyWidget()`,
// the <clarify-widget> element and its events, and the JS API it re-exports from
// clarify-embed.js (whose own .d.ts wasm-bindgen generates). Readable by TypeScript 4.5 and later.
import type {
  Answer, Clarifier, ClarifierState, ClarifyError, HandoffPackage, Messages, Progress, Question,
} from "./clarify-embed.js";

/**
 * The JS API's class, set once `load()` has resolved: `await load()`, then `new Clarifier(…)`.
 * (At run time it is `undefined` before that.)
 */
export { Clarifier } from "./clarify-embed.js";
export type {
  Answer, AnswerInput, ClarifierOptions, ClarifierState, ClarifyError, Effect, HandoffPackage,
  Choice, Listener, Message, MessageKey, Messages, Priority, Progress, Question, Resolution, Status,
} from "./clarify-embed.js";

/**
 * The JS API's module, as `load()` resolves to it. For hosts: `Clarifier`, `prefetchDetector`,
 * `loadWords` and `wordsReady`; its other exports serve the loader and the element and may
 * change in any release.
 */
export type ClarifyApi = typeof import("./clarify-embed.js");

export interface LoadOptions {
  /** Where `clarify-embed_bg.wasm` is served, when not beside the package's modules. */
  wasmUrl?: string | URL;
  /**
   * Where `clarify-detector.bin` (the offline detector's data, fetched when the user starts a
   * request) is served, when not beside the package's modules. The detector's module,
   * `clarify-detector.wasm`, fetched with it, is then looked for beside it, and each language's columns,
   * `clarify-detector-<tag>.bin` (ja, ko, es, fr, de, pt, it: fetched only for a request in that
   * language), are then looked for beside it.
   */
  detectorUrl?: string | URL;
}

/**
 * Loads the wasm (once per page) and resolves to the JS API. Rejects with a `ClarifyError`
 * whose `code` is `wasm_not_found`, `wasm_blocked` or `wasm_load_failed`; a later call tries
 * again. Importing the package does not load anything.
 */
export function load(options?: LoadOptions): Promise<ClarifyApi>;

/** `await ready` is `await load()` (kept for hosts written against the earlier entry). */
export const ready: PromiseLike<ClarifyApi>;

/**
 * Registers `<clarify-widget>` (once) and returns its class; `undefined` where there is no DOM
 * (server rendering). Each element loads the wasm as its `loading` attribute says.
 */
export function defineClarifyWidget(options?: LoadOptions): typeof ClarifyWidget | undefined;

/** The codes of `clarify-error`: the JS API's, the element's own, and a failed call's. */
export type ClarifyErrorCode =
  | ClarifyError["code"]
  | "answer_failed" | "bad_attribute" | "key_in_page" | "answers_not_kept"
  | "unauthorized" | "not_found" | "rate_limited" | "server_error" | "endpoint_refused"
  | "unreachable" | "offline" | "blocked" | "page_refused" | "timeout" | "interrupted" | "too_large"
  | "bad_reply" | "stream_error" | "reasoning_cut";

/** The element's events: bubbling and composed; the first four come after the card has drawn what they tell of. What happens while the element is away from the page (answers given through `clarifier`) is sent, in order, when it is added back. */
export interface ClarifyEventMap {
  /** The wasm is loaded and the card is shown. */
  "clarify-ready": CustomEvent<Record<string, never>>;
  /** A conversation started with `request` (the request box, or `start()`). */
  "clarify-start": CustomEvent<{ request: string | null }>;
  "clarify-question": CustomEvent<{ question: Question; progress: Progress }>;
  /** A question was resolved; `previous` is the answer it replaces when the user changed it. */
  "clarify-answer": CustomEvent<{ question: Question; answer: Answer; previous: Answer | null }>;
  /** The endpoint's detection failed or was unreadable: the embedded detector chose the questions. */
  "clarify-fallback": CustomEvent<{ reason: string }>;
  /** The answer is complete; `stopped` when the user stopped it while it streamed, so `answer` is what had arrived. */
  "clarify-done": CustomEvent<{ answer: string; prompt: string | null; request: string | null; status: ClarifierState["status"]; stopped: boolean }>;
  /** A human takes over after the answer. */
  "clarify-handoff": CustomEvent<{ package: HandoffPackage }>;
  /** "Start over" (after the answer, or mid-conversation, leaving the pending question unanswered): the widget is back at its request box. */
  "clarify-reset": CustomEvent<Record<string, never>>;
  "clarify-error": CustomEvent<{ code: ClarifyErrorCode; message: string }>;
  /** Another tab or widget with the same `storage-key` took over; the answer given here to `question` — the question's text, a string (not a `Question` as in the other events) — with `answer` as shown (`null` for "I don't know" or a skip), is not in its session. */
  "clarify-overruled": CustomEvent<{ question: string; answer: string | null }>;
}

/** The attributes of `<clarify-widget>`, as strings (for JSX and templates). */
export interface ClarifyWidgetAttributes {
  endpoint?: string;
  model?: string;
  "api-key"?: string;
  /** A BCP 47 tag (`pt-BR`, `zh-HK`…) with fallback to its language, then English; one that is not well formed gives English and `clarify-error` (`bad_language`). */
  language?: string;
  "max-questions"?: number | string;
  "max-rounds"?: number | string;
  "question-timeout-ms"?: number | string;
  /** Time limit of one call to the endpoint, in ms, from 1000 to 3600000 (default 120000). */
  "endpoint-timeout-ms"?: number | string;
  "never-ask"?: boolean | "true" | "false";
  "storage-key"?: string;
  /** When the wasm loads: when connected (`eager`, the default), when idle, or when visible (`lazy`). */
  loading?: "eager" | "idle" | "lazy";
  /** What kind of endpoint `endpoint` is, when its URL does not say; unset, it is picked from the URL and the model. */
  profile?: ClarifyProfile;
  /**
   * The card's scheme: `light`, `dark`, or `auto` (the default): the host page's `color-scheme`
   * (light for a page that declares none, the system's preference for one that offers both).
   */
  theme?: "light" | "dark" | "auto";
}

/** The kinds of endpoint a `profile` names. */
export type ClarifyProfile =
  | "generic" | "openai" | "openai-reasoning" | "azure" | "anthropic" | "gemini" | "deepseek"
  | "mistral" | "groq" | "openrouter" | "ollama" | "vllm" | "lmstudio" | "llamacpp";

/** The events as Vue's templates name their handlers (`@clarify-done` is `onClarifyDone`), for `GlobalComponents`. */
export type ClarifyVueEvents = {
  [K in keyof ClarifyEventMap as K extends `clarify-${infer E}` ? `onClarify${Capitalize<E>}` : never]?: (event: ClarifyEventMap[K]) => void;
};

/** The events as `on…` handler attributes (`onclarify-done`), for templates that take them (Svelte 5). */
export type ClarifyEventHandlers = {
  [K in keyof ClarifyEventMap as `on${K}`]?: (event: ClarifyEventMap[K]) => void;
};

/** `<clarify-widget endpoint model api-key max-questions max-rounds never-ask language question-timeout-ms endpoint-timeout-ms storage-key loading theme>` */
export class ClarifyWidget extends HTMLElement {
  /** This element's session: the same object for the element's life (attribute changes reconfigure it); `null` until the wasm is loaded and the attributes are valid. */
  readonly clarifier: Clarifier | null;
  /**
   * The host's words for the card, by key, in place of the catalogue's (`{ send: "Ask" }`); the
   * keys are `MessageKey`. An unknown key leaves the card as it was and emits `clarify-error`
   * (`unknown_message`).
   */
  messages: Messages | undefined;
  /** Starts a conversation as if typed into the widget; false (and a clarify-error) if refused. */
  start(request: string): boolean;
  addEventListener<K extends keyof ClarifyEventMap>(type: K, listener: (this: ClarifyWidget, ev: ClarifyEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof ClarifyEventMap>(type: K, listener: (this: ClarifyWidget, ev: ClarifyEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap { "clarify-widget": ClarifyWidget }
  interface DocumentEventMap extends ClarifyEventMap {}
}
