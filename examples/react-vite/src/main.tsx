import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { defineClarifyWidget } from "clarify-embed";
import { App } from "./App";

// Registers <clarify-widget>; each widget loads the wasm when it is connected, after the first paint.
defineClarifyWidget();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
