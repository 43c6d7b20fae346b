import { defineConfig } from "vite";
import vue from "@vitejs/plugin-vue";

// Vue is told which tags are custom elements (otherwise it looks for a Vue component first).
export default defineConfig({
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith("clarify-") } } })],
});
