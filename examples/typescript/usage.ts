// The JS API and <clarify-widget> from TypeScript, as a page next to the embed bundle would use
// them. `scripts/test` type-checks this file (strict) against the bundle's generated .d.ts files,
// so a type that drifts from the API, or turns into `any`, fails the build.
import { load, defineClarifyWidget, Clarifier, type ClarifyError } from "./clarify-element.js";
import type { Answer, AnswerInput, ClarifierState, Effect, MessageKey, Messages, Question } from "./clarify-embed.js";

// Importing did nothing: this loads the wasm (and sets `Clarifier`); the element is registered
// by a call too.
const api = await load();
defineClarifyWidget();
console.log(api.Clarifier === Clarifier);
// The offline detector's data is fetched on demand (here at once, so `start()` below asks at
// once; a page would call it on the first keystroke of a request).
const detector: boolean = await api.prefetchDetector();
console.log(detector ? "detector ready" : "offline requests are answered as written");
// Given the text typed so far, also the columns of its language (Spanish's here).
const spanish: boolean = await api.prefetchDetector("Planifica un viaje");
console.log(spanish ? "Spanish requests are asked in Spanish" : "answered as written");

const clarifier = new Clarifier({ maxQuestions: 2, language: "en" });
const unsubscribe: () => void = clarifier.subscribe((state: ClarifierState, effects: Effect[]) => {
  const shown: Question | null = state.question;
  if (shown) console.log(`${state.progress.current}/${state.progress.total}: ${shown.text} (${shown.priority})`);
  for (const effect of effects) if (effect.type === "complete") console.log(state.prompt);
});

try {
  clarifier.start("Plan a trip to Paris");
  const q = clarifier.question;
  if (q) {
    const first = q.options[0];
    const reply: AnswerInput = first ? { choice: first.id, text: "with kids" } : { dontKnow: true };
    clarifier.answer(q.id, reply);
  }
  // "Change" the first answer while the next question is pending: its card comes back with
  // the earlier answer, and a new answer replaces it.
  const changeable: string[] = clarifier.state.reopenable;
  const earlierId = changeable[0];
  if (earlierId !== undefined && clarifier.state.accepts.reopen) {
    clarifier.reopen(earlierId);
    const earlier: Answer | null = clarifier.state.reopenedAnswer;
    if (earlier?.kind === "choices") clarifier.answer(earlierId, { choices: earlier.choices });
  }
  const recommended: string | undefined = clarifier.question?.recommended;
  console.log(recommended);
  if (clarifier.status === "awaiting_clarification") clarifier.skipAll();
  // "Stop" while the answer streams keeps what arrived; `stopped` says so, also after a restore.
  if (clarifier.status === "generating") clarifier.stop();
  const stopped: boolean = clarifier.state.stopped;
  console.log(stopped);
  const saved: string = clarifier.snapshot();
  new Clarifier().restore(saved);
} catch (e) {
  const error = e as ClarifyError;
  if (error.code === "not_pending_question" || error.code === "not_reopenable") console.warn(error.message);
} finally {
  unsubscribe();
}

const widget = document.createElement("clarify-widget");
widget.setAttribute("max-questions", "3");
widget.setAttribute("language", "pt-BR");
// The host's own words for the card, by key: a key that is not one of the card's is a type error.
const words: Messages = { send: "Perguntar", dontKnow: "Tanto faz" };
widget.messages = words;
const key: MessageKey = "continueAnyway";
// @ts-expect-error "sendd" is no key of the card's words
const typo: Messages = { sendd: "Ask" };
console.log(key, typo, new Clarifier({ language: "zh-HK", messages: { startOver: "Again" } }).status);
widget.addEventListener("clarify-done", (e) => console.log(e.detail.answer, e.detail.status));
widget.addEventListener("clarify-answer", (e) => console.log(e.detail.question.id, e.detail.answer.kind));
document.body.append(widget);
const started: boolean = widget.start("my app crashes");
console.log(started, widget.clarifier?.state.status);
// A host kept in step: a new request, Start over, a failed answer (typed codes), the fallback to
// the embedded detector, a changed answer.
widget.addEventListener("clarify-start", (e) => console.log(e.detail.request));
widget.addEventListener("clarify-reset", () => console.log("back to the request box"));
widget.addEventListener("clarify-error", (e) => {
  if (e.detail.code === "answer_failed" || e.detail.code === "wasm_blocked") console.warn(e.detail.message);
});
widget.addEventListener("clarify-fallback", (e) => console.log(e.detail.reason));
widget.addEventListener("clarify-answer", (e) => e.detail.previous && console.log("changed", e.detail.previous.kind));
// The element's Clarifier stays the same object when its attributes change; `state` is the same
// object until the session changes.
widget.clarifier?.configure({ maxQuestions: 1 });
console.log(widget.clarifier?.state === widget.clarifier?.state);

// Misuse the types must reject (each line is an error, or tsc reports the directive as unused).
// @ts-expect-error an unknown option
new Clarifier({ maxQuestion: 2 });
// @ts-expect-error a number is not an answer
clarifier.answer("q1", 3);
// @ts-expect-error status is one of the named states
const wrong: ClarifierState["status"] = "done";
// @ts-expect-error error codes are named
widget.addEventListener("clarify-error", (e) => e.detail.code === "no_such_code");
// @ts-expect-error the done event has no `package`
widget.addEventListener("clarify-done", (e) => e.detail.package);
console.log(wrong);
