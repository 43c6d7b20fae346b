// <clarify-widget> typed in Svelte markup (docs/embedding.md, Svelte): the element's own HTML
// attributes (`class`…), its attributes and its events as `onclarify-…`, checked by svelte-check.
import type { HTMLAttributes } from "svelte/elements";
import type { ClarifyEventHandlers, ClarifyWidget, ClarifyWidgetAttributes } from "clarify-embed";

declare module "svelte/elements" {
  interface SvelteHTMLElements {
    "clarify-widget": HTMLAttributes<ClarifyWidget> & ClarifyWidgetAttributes & ClarifyEventHandlers;
  }
}
export {};
