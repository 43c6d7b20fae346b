// The whole of Clarify in a bundled page: register the element, listen for the answer.
import { defineClarifyWidget } from "clarify-embed";

defineClarifyWidget();
document.addEventListener("clarify-done", (e) => {
  document.getElementById("done").textContent = e.detail.prompt;
});
