// A Vitest + jsdom test file importing a module that uses the package: the import must pass,
// and the element, registered, shows its placeholder (jsdom cannot run the wasm).
// @vitest-environment jsdom
import { expect, test } from "vitest";
import { defineClarifyWidget } from "clarify-embed";

test("clarify-embed imports under jsdom and its element shows a placeholder", async () => {
  expect(defineClarifyWidget()).toBe(customElements.get("clarify-widget"));
  const widget = document.createElement("clarify-widget");
  const errors = [];
  widget.addEventListener("clarify-error", (e) => errors.push(e.detail.code));
  document.body.append(widget);
  expect(widget.shadowRoot.querySelector("[data-testid=placeholder]")?.textContent).toMatch(/Loading/);
  // No wasm in jsdom: the failure is an event and a message in the element, not an exception.
  await new Promise((ok) => widget.addEventListener("clarify-error", ok, { once: true }));
  expect(errors[0]).toMatch(/^wasm_/);
  expect(widget.shadowRoot.querySelector("[data-testid=load-error]")?.getAttribute("role")).toBe("alert");
});
