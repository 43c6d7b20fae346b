//! The TypeScript declarations of the values that cross the JS API, emitted into the `.d.ts`
//! that wasm-bindgen generates next to the ES module.

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// `ClarifierOptions` as the constructor's optional parameter (read by serde-wasm-bindgen).
    #[wasm_bindgen(typescript_type = "ClarifierOptions")]
    #[derive(Debug, Clone)]
    pub type OptionsArg;

    /// `Message[]` as `start`'s optional parameter.
    #[wasm_bindgen(typescript_type = "Message[]")]
    #[derive(Debug, Clone)]
    pub type HistoryArg;
}

// `MessageKey` (every key of the chrome's catalogue, `web/words/en.json`) and `Messages`.
include!(concat!(env!("OUT_DIR"), "/messages_ts.rs"));

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/**
 * Options for `new Clarifier(options)`. All optional; `undefined` and `null` leave one out.
 * Unknown keys, and values of the wrong type or out of range, are refused (`bad_options`, whose
 * message says what was expected and what came: "maxQuestions must be a whole number from 0 to
 * 4294967295, got -1").
 */
export interface ClarifierOptions {
  /** OpenAI-compatible base URL, e.g. "http://127.0.0.1:8081/v1". Leave out to run offline. */
  endpoint?: string;
  /** Model name sent with each request (needs `endpoint`). */
  model?: string;
  /** Bearer token (needs `endpoint`). Never stored in snapshots. */
  apiKey?: string;
  /** Questions per session, at most (default 3). */
  maxQuestions?: number;
  /** Clarification rounds per session, at most (default 2). */
  maxRounds?: number;
  /** "Never ask me": every question is skipped and its assumption recorded. */
  neverAsk?: boolean;
  /**
   * The user's language as a BCP 47 tag ("en", "pt-BR", "zh-Hant", …): the engine's own
   * sentences and, in the widget, the chrome. A tag that is not well formed is refused
   * (`bad_language`).
   */
  language?: string;
  /** A pending question expires after this many ms (default 24 h); call `tick()` to apply. */
  questionTimeoutMs?: number;
  /**
   * Time limit of one call to the endpoint (detection, a translation, the answer), in ms, from
   * 1000 to 3600000 (default 120000). A call that runs out fails with `timeout`: detection
   * falls back to the embedded detector, the answer offers Retry.
   */
  endpointTimeoutMs?: number;
  /**
   * Words of the widget's chrome to show instead of the catalogue's, by key:
   * `{ send: "Ask", dontKnow: "Not sure" }`. An unknown key is refused (`unknown_message`).
   */
  messages?: Messages;
}

export type Status =
  | "idle" | "analyzing" | "awaiting_clarification" | "generating"
  | "completed" | "handed_off" | "failed";

export type Priority = "critical" | "important" | "helpful";

export interface Choice { id: string; label: string; description?: string }

export interface Question {
  id: string;
  step: string;
  text: string;
  why: string;
  options: Choice[];
  /** Whether several options may be chosen (checkboxes). */
  multiple: boolean;
  /** The id of the option the asker recommends, if any. */
  recommended?: string;
  allow_skip: boolean;
  allow_free_text: boolean;
  priority: Priority;
  assumption: string;
  source: { kind: string; [key: string]: unknown };
}

export interface Progress { current: number; total: number }

/** How a question was resolved, as stored by the engine. */
export type Answer =
  | { kind: "choices"; choices: string[] }
  | { kind: "text"; text: string }
  | { kind: "choices_with_text"; choices: string[]; text: string }
  | { kind: "dont_know" } | { kind: "skipped" } | { kind: "declined" } | { kind: "timed_out" };

export interface Resolution { question: Question; answer: Answer; at: number }

export interface HandoffPackage {
  request: string;
  answer: string;
  questions: Resolution[];
  assumptions: string[];
  reason: string;
}

/** An earlier message of the conversation, for `start(request, history)`. */
export interface Message { role: "system" | "user" | "assistant"; content: string }

/** What `answer()` takes: a choice id, or one of these objects. */
export type AnswerInput =
  | string
  | { choice: string; text?: string }
  | { choices: string[]; text?: string }
  | { text: string }
  | { dontKnow: true };

/** Everything a host renders. */
export interface ClarifierState {
  status: Status;
  request: string | null;
  question: Question | null;
  progress: Progress;
  resolutions: Resolution[];
  /** Ids of the answered questions whose answers `reopen()` can change now. */
  reopenable: string[];
  /** The earlier answer of the pending question when it was reopened to change it. */
  reopenedAnswer: Answer | null;
  /** The enriched prompt rendered for the final call. */
  prompt: string | null;
  /** The final (or streaming) answer; after a failure, the text that had arrived (cut), if any. */
  answer: string | null;
  /** The user stopped the answer (`stop()`): it is what had arrived. */
  stopped: boolean;
  handoff: HandoffPackage | null;
  failure: string | null;
  /** When the pending question times out (ms since the epoch); call `tick()` then. */
  deadline: number | null;
  /** When the conversation shown started (ms since the epoch); `null` when idle. A new value is a new request. */
  started: number | null;
  /** Why the endpoint's detection was not used and the embedded detector chose the questions instead; `null` otherwise. */
  fallback: string | null;
  /** Which actions would be accepted now (`reopen`: for at least one question in `reopenable`). */
  accepts: { start: boolean; answer: boolean; skip: boolean; skipAll: boolean; reopen: boolean };
}

/** An effect of the last transition, tagged by `type` ("ask", "complete", "hand_off", …). */
export interface Effect { type: string; [key: string]: unknown }

export type Listener = (state: ClarifierState, effects: Effect[]) => void;

/** Every error thrown by the API: `name` is "ClarifyError", `code` is stable. */
export interface ClarifyError extends Error {
  name: "ClarifyError";
  code:
    | "unexpected_input" | "not_pending_question" | "not_reopenable" | "unknown_choice"
    | "invalid_answer"
    | "empty_request" | "text_too_long" | "unexpected_step" | "engine_error"
    | "bad_snapshot" | "bad_options" | "bad_language" | "unknown_message" | "bad_argument" | "bad_answer" | "words_not_found" | "internal"
    | "wasm_not_found" | "wasm_blocked" | "wasm_load_failed";
}
"#;
