// clarify-embed/react: a React hook over a Clarifier (or a <clarify-widget>'s), and the JSX
// typings of <clarify-widget> (clarify-react.d.ts). A separate entry, so pages without React
// never load it; React (18 or later) is the page's own.
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";

const never = () => () => {};
const nothing = () => null;

/** The Clarifier behind `source`: itself, or the `clarifier` of the element a ref points at once it is ready. */
function useSource(source) {
  const isRef = source != null && typeof source === "object" && "current" in source;
  const [fromElement, setFromElement] = useState(null);
  useEffect(() => {
    const element = isRef ? source.current : null;
    if (!element) {
      setFromElement(null);
      return undefined;
    }
    const pick = () => setFromElement(element.clarifier ?? null);
    pick();
    // The element makes its Clarifier once the wasm is loaded (or its attributes become valid).
    element.addEventListener("clarify-ready", pick);
    element.addEventListener("clarify-error", pick);
    return () => {
      element.removeEventListener("clarify-ready", pick);
      element.removeEventListener("clarify-error", pick);
    };
  }, [isRef, isRef ? source.current : source]);
  return isRef ? fromElement : (source ?? null);
}

/**
 * `useClarifier(source)` → `{ clarifier, state }`, re-rendering on every change of the session.
 * `source` is a Clarifier, a ref to a `<clarify-widget>` (its `clarifier`, once loaded), or
 * null. `state` is the Clarifier's `state`: the same object until the session changes, as
 * `useSyncExternalStore` requires; `null` while there is no Clarifier.
 */
export function useClarifier(source) {
  const clarifier = useSource(source);
  const subscribe = useCallback((notify) => (clarifier ? clarifier.subscribe(() => notify()) : never()), [clarifier]);
  const snapshot = useCallback(() => (clarifier ? clarifier.state : null), [clarifier]);
  const state = useSyncExternalStore(subscribe, snapshot, nothing);
  return { clarifier, state };
}
