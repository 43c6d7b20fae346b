// docs/embedding.md's recipe for testing a component that uses the widget, under jsdom: the
// element connects (its wasm cannot load there, which throws nothing) and the component's own
// handling of clarify-done is tested by dispatching the event.
// @vitest-environment jsdom
import { expect, test } from "vitest";
import { defineClarifyWidget } from "clarify-embed";

test("the page takes the enriched prompt from clarify-done", () => {
  defineClarifyWidget();
  const widget = document.createElement("clarify-widget");
  const out = document.createElement("pre");
  document.body.append(widget, out);
  widget.addEventListener("clarify-done", (e) => (out.textContent = e.detail.prompt));
  const detail = { prompt: "Plan a trip", answer: "", request: null, status: "completed" };
  widget.dispatchEvent(new CustomEvent("clarify-done", { detail }));
  expect(out.textContent).toBe("Plan a trip");
});
