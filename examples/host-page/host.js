// The host page's own script: it registers <clarify-widget> (the widgets then load the wasm,
// showing a placeholder meanwhile) and logs the widgets' events.
import { defineClarifyWidget } from "./embed/clarify-element.js";

defineClarifyWidget();
const log = document.getElementById("log");
window.clarifyEvents = [];

for (const type of ["clarify-ready", "clarify-start", "clarify-question", "clarify-answer", "clarify-fallback", "clarify-done",
  "clarify-handoff", "clarify-reset", "clarify-error"]) {
  // The events bubble and cross the shadow boundary, so one listener on the page hears both widgets.
  document.addEventListener(type, (event) => {
    const entry = { type, widget: event.target.id, detail: event.detail };
    // What the widget shows as the event arrives (its shadow root is open).
    if (type === "clarify-question") entry.shown = event.target.shadowRoot?.querySelector("[data-testid=question-text]")?.textContent;
    window.clarifyEvents.push(entry);
    const item = document.createElement("li");
    const what = event.detail.question?.text ?? event.detail.code ?? event.detail.status ?? "";
    item.textContent = `${entry.widget}: ${type} ${what}`;
    log.append(item);
  });
}
