// Vite 5, 6 and 7's dev server pre-bundles dependencies into node_modules/.vite/deps/, away from
// the package's wasm. In a project of its own the package finds its wasm in the project's
// node_modules/clarify-embed/ (tests/e2e/frameworks.mjs runs such a project with no
// configuration); here, in a workspace whose packages are installed above this folder, the dev
// server does not serve that folder, so the package is kept out of pre-bundling, as the console
// error says to (docs/embedding.md).
export default { optimizeDeps: { exclude: ["clarify-embed"] } };
