// Vite 5, 6 and 7's dev server pre-bundles dependencies into node_modules/.vite/deps/, away from
// the package's wasm: keep clarify-embed out of that (docs/embedding.md). Vite 8's dev server and
// every `vite build` need no configuration (tests/e2e/frameworks.mjs runs them without any).
export default { optimizeDeps: { exclude: ["clarify-embed"] } };
