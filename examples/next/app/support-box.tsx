"use client";
// The package imports on the server too (it does nothing when imported); the element is
// registered in the browser, after hydration, and loads its wasm then. Its events are listened
// to through a ref: React does not attach `onclarify-…` props of a server-rendered custom
// element when it hydrates it.
import { useEffect, useRef, useState } from "react";
import { defineClarifyWidget, type ClarifyWidget } from "clarify-embed";
import type {} from "clarify-embed/react";

export function SupportBox() {
  const widget = useRef<ClarifyWidget>(null);
  const [prompt, setPrompt] = useState<string | null>(null);
  useEffect(() => {
    defineClarifyWidget();
    const element = widget.current;
    if (!element) return undefined;
    const done = (e: CustomEvent<{ prompt: string | null }>) => setPrompt(e.detail.prompt);
    element.addEventListener("clarify-done", done);
    return () => element.removeEventListener("clarify-done", done);
  }, []);
  return (
    <>
      <clarify-widget ref={widget} max-questions={2} />
      {prompt && <pre data-testid="prompt">{prompt}</pre>}
    </>
  );
}
