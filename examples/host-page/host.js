// The host page's own script: it only listens to the widgets' events and logs them.
const log = document.getElementById("log");
window.clarifyEvents = [];

for (const type of ["clarify-question", "clarify-answer", "clarify-done", "clarify-handoff", "clarify-error"]) {
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
