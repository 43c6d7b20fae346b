import { useRef, useState } from "react";
import type { ClarifyWidget } from "clarify-embed";
import { useClarifier } from "clarify-embed/react";

/** A support box: the widget asks, the app shows the status as it goes and the enriched prompt at the end. */
export function App() {
  const widget = useRef<ClarifyWidget>(null);
  // The widget's Clarifier once it is loaded; `state` re-renders this component on every change.
  const { state } = useClarifier(widget);
  const [prompt, setPrompt] = useState<string | null>(null);
  return (
    <main>
      <h1>React + Vite</h1>
      <clarify-widget
        ref={widget}
        max-questions={2}
        onclarify-done={(e) => setPrompt(e.detail.prompt)}
        onclarify-start={() => setPrompt(null)}
      />
      <p data-testid="status">{state ? state.status : "loading"}</p>
      {prompt && <pre data-testid="prompt">{prompt}</pre>}
    </main>
  );
}
