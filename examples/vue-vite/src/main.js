import { createApp } from "vue";
import { defineClarifyWidget } from "clarify-embed";
import App from "./App.vue";

defineClarifyWidget();
createApp(App).mount("#app");
