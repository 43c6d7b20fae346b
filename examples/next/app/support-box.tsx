"use client";
// The package imports on the server too (it does nothing when imported); the element is
// registered in the browser, after hydration, and loads its wasm then.
import { useEffect, useState } from "react";
import { defineClarifyWidget } from "clarify-embed";
import type {} from "clarify-embed/react";

export function SupportBox() {
  const [prompt, setPrompt] = useState<string | null>(null);
  useEffect(() => {
    defineClarifyWidget();
  }, []);
  return (
    <>
      <clarify-widget max-questions={2} onclarify-done={(e) => setPrompt(e.detail.prompt)} />
      {prompt && <pre data-testid="prompt">{prompt}</pre>}
    </>
  );
}
