// Types for clarify-element.js: the <clarify-widget> element, its events, and the JS API it
// re-exports from clarify-embed.js (whose own .d.ts wasm-bindgen generates).
import type {
  Answer, Clarifier, ClarifierState, HandoffPackage, Progress, Question,
} from "./clarify-embed.js";

export { Clarifier } from "./clarify-embed.js";
export type * from "./clarify-embed.js";

/** Resolves once the wasm module is ready; `new Clarifier(…)` works after it. */
export const ready: Promise<unknown>;

export interface ClarifyEventMap {
  "clarify-question": CustomEvent<{ question: Question; progress: Progress }>;
  "clarify-answer": CustomEvent<{ question: Question; answer: Answer }>;
  "clarify-done": CustomEvent<{ answer: string; prompt: string | null; request: string | null; status: ClarifierState["status"] }>;
  "clarify-handoff": CustomEvent<{ package: HandoffPackage }>;
  "clarify-error": CustomEvent<{ code: string; message: string }>;
  /** Another tab with the same `storage-key` took over; the answer given here to `question` (its text) is not in its session. */
  "clarify-overruled": CustomEvent<{ question: string }>;
}

/** `<clarify-widget endpoint model api-key max-questions max-rounds never-ask language question-timeout-ms demo storage-key>` */
export class ClarifyWidget extends HTMLElement {
  /** This element's current session; `null` until first connected (or if its attributes were invalid). A changed attribute replaces it while idle. */
  readonly clarifier: Clarifier | null;
  /** Starts a conversation as if typed into the widget; false (and a clarify-error) if refused. */
  start(request: string): boolean;
  addEventListener<K extends keyof ClarifyEventMap>(type: K, listener: (this: ClarifyWidget, ev: ClarifyEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap { "clarify-widget": ClarifyWidget }
  interface DocumentEventMap extends ClarifyEventMap {}
}
