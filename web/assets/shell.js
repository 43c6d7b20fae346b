// The app's shell before the wasm arrives (index.html's #clarify-shell): the request box works
// at once. What is typed stays in the box, where the app takes it over when it starts
// (web/src/shell.rs); Enter or Send holds the request (data-queued), and the app sends it once
// the engine is ready. A request half-typed before a reload (the app's draft) is shown again.
(() => {
  const shell = document.getElementById("clarify-shell");
  if (!shell) return; // the app has started already
  const box = shell.querySelector("textarea");
  const state = shell.querySelector("[data-testid=shell-state]");
  try {
    // The key of the app's draft: DRAFT_KEY in web/src/storage.rs.
    if (!box.value) box.value = localStorage.getItem("clarify.draft") ?? "";
  } catch {
    // Storage refused (a private window, a policy): the box starts empty.
  }
  const hold = () => {
    if (!box.value.trim()) return;
    shell.dataset.queued = "";
    state.textContent = "Loading the engine… your request is sent once it is ready.";
  };
  box.addEventListener("keydown", (e) => {
    // 229: the key that ends a composition, in browsers that report no `isComposing`.
    if (e.key === "Enter" && !e.shiftKey && !e.isComposing && e.keyCode !== 229) {
      e.preventDefault();
      hold();
    }
  });
  shell.querySelector("[data-testid=shell-submit]").addEventListener("click", hold);
})();
