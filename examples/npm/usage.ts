// A fresh project using the npm package by its name, as `npm install clarify-embed` leaves it.
// The package test (tests/e2e/npm-package.mjs) installs the packed tarball into an empty project,
// type-checks this file with `tsc --strict` through the package's `exports` and `types`, then
// runs the compiled file in headless Chromium and reads what it wrote into the page.
import { load, defineClarifyWidget, Clarifier, type ClarifierState, type ClarifyError, type ClarifyWidget } from "clarify-embed";
import type { AnswerInput, Question } from "clarify-embed";

const out = (id: string, text: string): void => {
  const p = document.createElement("p");
  p.id = id;
  p.textContent = text;
  document.body.append(p);
};

// Importing did nothing; this loads the wasm (and sets `Clarifier`), then registers the element.
const api = await load();
defineClarifyWidget();
// The offline detector's data is fetched on demand; awaiting it here makes `start()` ask at once
// (without it, the first `start()` waits for it, status "analyzing").
const detector: boolean = await api.prefetchDetector();
out("api-detector", String(detector));

// The JS API on its own.
const clarifier = new Clarifier({ maxQuestions: 2, language: "en" });
const seen: string[] = [];
const off: () => void = clarifier.subscribe((state: ClarifierState) => seen.push(state.status));
clarifier.start("Plan a trip to Paris");
const question: Question | null = clarifier.question;
out("api-question", question ? question.text : "(no question)");
if (question) {
  const first = question.options[0];
  const reply: AnswerInput = first ? { choice: first.id } : { dontKnow: true };
  clarifier.answer(question.id, reply);
}
try {
  clarifier.answer("no-such-question", "x");
} catch (e) {
  out("api-error", (e as ClarifyError).code);
}
off();
out("api-statuses", seen.join(" "));

// The element: the wasm is loaded already, so it shows its card at once.
const widget: ClarifyWidget = document.createElement("clarify-widget");
widget.id = "widget";
widget.setAttribute("max-questions", "2");
widget.addEventListener("clarify-question", (e) => out("widget-event", e.detail.question.text));
document.body.append(widget);
const started: boolean = widget.start("my app crashes");
out("widget-started", String(started));

// What strict type-checking must refuse (each line is an error, or tsc reports the directive as
// unused). Never called: the checks are for tsc, not for the page.
export function misuse(): void {
  // @ts-expect-error an unknown option
  new Clarifier({ maxQuestion: 2 });
  // @ts-expect-error start takes the request as a string
  clarifier.start(42);
  // @ts-expect-error the overruled event carries the question's text, not a code
  widget.addEventListener("clarify-overruled", (e) => e.detail.code);
}
