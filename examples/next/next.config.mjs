import { fileURLToPath } from "node:url";

// Nothing for Clarify. The examples share one install in examples/node_modules, so Turbopack's
// root is that folder.
export default { turbopack: { root: fileURLToPath(new URL("..", import.meta.url)) } };
