// <clarify-widget> typed in Vue templates (docs/embedding.md, Vue): its attributes and its
// events (`@clarify-done` is `onClarifyDone`), checked by vue-tsc.
import type { DefineComponent } from "vue";
import type { ClarifyVueEvents, ClarifyWidgetAttributes } from "clarify-embed";

declare module "vue" {
  interface GlobalComponents {
    "clarify-widget": DefineComponent<ClarifyWidgetAttributes & ClarifyVueEvents>;
  }
}
export {};
