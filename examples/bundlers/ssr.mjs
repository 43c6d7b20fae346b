// Server rendering imports the package in Node: nothing may throw at import, the element is not
// registered (there is no DOM) and load() rejects with a typed code instead of crashing.
import { defineClarifyWidget, load, ready, Clarifier, ClarifyWidget } from "clarify-embed";

const problems = [];
if (defineClarifyWidget() !== undefined) problems.push("defineClarifyWidget() registered something without a DOM");
if (Clarifier !== undefined) problems.push("Clarifier is set before load()");
if (typeof ClarifyWidget !== "function") problems.push("ClarifyWidget is not exported");
try {
  await load();
  problems.push("load() resolved in Node");
} catch (e) {
  if (!["wasm_load_failed", "wasm_not_found"].includes(e.code)) problems.push(`load() rejected without a code: ${e}`);
}
if (typeof ready.then !== "function") problems.push("ready is not awaitable");
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log("ok: clarify-embed imports in Node (SSR) without side effects");
