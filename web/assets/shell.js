// The app's shell before the wasm arrives (index.html's #clarify-shell): the request box works
// at once. What is typed stays in the box; Enter or Send holds the request (data-queued). When
// the engine is ready the app mounts beside the shell, and this hands over: the app's box takes
// the text (as if typed there, so it is kept like any draft) and the focus, a held request is
// sent through the app's own form (unless a restored question is pending: then the text waits
// in the box), and the shell goes. A request half-typed before a reload (the app's draft) is
// shown again.
(() => {
  const shell = document.getElementById("clarify-shell");
  if (!shell) return; // the app has started already
  const box = shell.querySelector("textarea");
  const state = shell.querySelector("[data-testid=shell-state]");
  const app = shell.parentElement;
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
  // Hands over to the app's box `area`, once.
  const handOver = (area) => {
    const focused = [box, document.body, null].includes(document.activeElement);
    shell.remove();
    if (box.value && area.value !== box.value) {
      area.value = box.value;
      area.dispatchEvent(new Event("input", { bubbles: true }));
    }
    if (focused) area.focus();
    if ("queued" in shell.dataset && !app.querySelector("[data-testid=question-card]")) {
      app.querySelector("[data-testid=request-form]")?.requestSubmit();
    }
  };
  // The app may have mounted before this script ran (a cached wasm): hand over at once then.
  const mounted = app.querySelector("[data-testid=request]");
  if (mounted) return handOver(mounted);
  new MutationObserver((_, seen) => {
    const area = app.querySelector("[data-testid=request]");
    if (!area) return;
    seen.disconnect();
    handOver(area);
  }).observe(app, { childList: true, subtree: true });
})();
