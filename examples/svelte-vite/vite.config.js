import { defineConfig } from "vite";
import { svelte } from "@sveltejs/vite-plugin-svelte";

// Nothing for Clarify: the Svelte plugin only.
export default defineConfig({ plugins: [svelte()] });
