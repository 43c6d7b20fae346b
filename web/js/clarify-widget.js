// For pages without a bundler, the one script to add: it registers <clarify-widget>.
//   <script type="module" src="embed/clarify-widget.js"></script>
// (A bundled app imports `defineClarifyWidget` from "clarify-embed" and calls it instead.)
import { defineClarifyWidget } from "./clarify-element.js";

defineClarifyWidget();
