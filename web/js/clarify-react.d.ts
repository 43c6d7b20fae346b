// Types for clarify-embed/react: `useClarifier`, and <clarify-widget> in React's JSX
// (`JSX.IntrinsicElements["clarify-widget"]`, for React 18 and 19's types).
import type { Clarifier, ClarifierState } from "./clarify-embed.js";
import type { ClarifyEventMap, ClarifyWidget, ClarifyWidgetAttributes } from "./clarify-element.js";
import type { DetailedHTMLProps, HTMLAttributes, RefObject } from "react";

/** What `useClarifier` gives: the Clarifier (null until there is one) and its state. */
export interface UseClarifier {
  clarifier: Clarifier | null;
  /** The same object until the session changes; `null` while there is no Clarifier. */
  state: ClarifierState | null;
}

/** Follows a Clarifier, or the one of the `<clarify-widget>` a ref points at once it is ready. */
export function useClarifier(source: Clarifier | RefObject<ClarifyWidget | null> | null | undefined): UseClarifier;

/** `onclarify-done={(e) => …}` and the other events as props (React 19 listens for them). */
export type ClarifyEventProps = {
  [K in keyof ClarifyEventMap as `on${K}`]?: (event: ClarifyEventMap[K]) => void;
};

/** `<clarify-widget>` in JSX: its attributes, a ref to the element, and its events as props. */
export type ClarifyWidgetJSX = DetailedHTMLProps<HTMLAttributes<ClarifyWidget>, ClarifyWidget> &
  ClarifyWidgetAttributes & ClarifyEventProps & { class?: string };

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      "clarify-widget": ClarifyWidgetJSX;
    }
  }
}
