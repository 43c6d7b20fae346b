import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// Nothing for Clarify: the React plugin only.
export default defineConfig({ plugins: [react()] });
