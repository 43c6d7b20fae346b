// Optimises a wasm-bindgen module for size and shortens the names its wasm and its JS glue share.
//
//   node scripts/optimize-wasm.mjs WASM GLUE [TYPES]
//
// 1. wasm-opt -Oz, with the functions ordered by name, so that the many instances of one generic
//    function (every type's JSON reader, every view's render code) sit side by side where gzip
//    finds their likeness: about 6.5 KB gzip off the app and 3.8 KB off the widget.
// 2. The import and export names (wasm-bindgen's `__wbg_getItem_49556a3e59cfb688`, closure shims
//    named after their whole Rust type, up to 300 characters) become one or two letters, in the
//    wasm and in the glue alike: about 3 KB gzip off the wasm and 2 KB off the glue.
//
// wasm-opt prints the renaming it made; this script applies it to GLUE (wasm-bindgen's
// unminified output: its import object and its `wasm.<export>` uses) and fails when a name is
// left over, so a glue that no longer matches its wasm is a build error, not a blank page. With
// TYPES (the glue's .d.ts), the members of its `InitOutput` (the raw exports) are renamed too.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Optimises `wasm` in place and renames its imports and exports in `glue` (and the raw exports'
 * types in `types`, when given) to match.
 */
export function optimizeWasm(wasm, glue, types) {
  const printed = execFileSync(
    join(root, ".tools/node/node_modules/.bin/wasm-opt"),
    [
      "-Oz", "--converge", "--low-memory-unused", "--reorder-functions-by-name",
      "--minify-imports-and-exports-and-modules",
      "--strip-debug", "--strip-producers", "--strip-target-features",
      wasm, "-o", wasm,
    ],
    { encoding: "utf8", maxBuffer: 64 << 20 },
  );
  const { imports, exports } = renaming(printed);
  const modules = new Set(WebAssembly.Module.imports(new WebAssembly.Module(readFileSync(wasm))).map((i) => i.module));
  const before = new Set([...imports.values()].map((i) => i.module));
  if (before.size !== 1 || modules.size !== 1) {
    throw new Error(`${wasm}: expected the imports of one module, as wasm-bindgen writes them`);
  }
  const [[fromModule], [toModule]] = [[...before], [...modules]];

  let js = readFileSync(glue, "utf8");
  const replaceOnce = (from, to) => {
    const found = js.split(from).length - 1;
    if (found !== 1) throw new Error(`${glue}: expected one ${JSON.stringify(from.trim())}, found ${found}`);
    js = js.replace(from, () => to);
  };
  // The import object: `"./x_bg.js": import0`, and its `name: function(…)` entries.
  replaceOnce(`${JSON.stringify(fromModule)}: import`, `${JSON.stringify(toModule)}: import`);
  for (const [name, { renamed }] of imports) {
    replaceOnce(`\n        ${name}: `, `\n        ${JSON.stringify(renamed)}: `);
  }
  // Every use of an export: `wasm.name`.
  for (const [name, renamed] of exports) {
    js = js.replace(new RegExp(`\\bwasm\\.${escape(name)}(?![\\w$])`, "g"), `wasm[${JSON.stringify(renamed)}]`);
  }
  for (const name of [...imports.keys(), ...exports.keys()]) {
    const use = new RegExp(`(?<![\\w$.])${escape(name)}\\s*:|\\bwasm\\.${escape(name)}(?![\\w$])`);
    if (use.test(js)) throw new Error(`${glue} still uses the wasm name ${name} after renaming`);
  }
  writeFileSync(glue, js);

  if (types) {
    let dts = readFileSync(types, "utf8");
    for (const [name, renamed] of exports) {
      dts = dts.replace(`    readonly ${name}: `, () => `    readonly ${JSON.stringify(renamed)}: `);
      if (dts.includes(`    readonly ${name}: `)) throw new Error(`${types} names the export ${name} twice`);
    }
    writeFileSync(types, dts);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [wasm, glue, types] = process.argv.slice(2);
  if (!wasm || !glue) throw new Error("usage: node scripts/optimize-wasm.mjs WASM GLUE [TYPES]");
  optimizeWasm(wasm, glue, types);
}

/**
 * The renaming wasm-opt printed, one JSON object per round of --converge (the first renames the
 * original names, each later one the names the round before gave), composed into one:
 * imports by original name with their original module, exports by original name.
 */
function renaming(text) {
  const rounds = [];
  for (let at = text.indexOf("{"); at !== -1; ) {
    let depth = 0;
    let end = at;
    for (; end < text.length; end++) {
      if (text[end] === "{") depth++;
      if (text[end] === "}" && --depth === 0) break;
    }
    rounds.push(JSON.parse(text.slice(at, end + 1)));
    at = text.indexOf("{", end + 1);
  }
  if (rounds.length === 0) throw new Error("wasm-opt printed no renaming");
  const imports = new Map(rounds[0].imports.map(([module, name, renamed]) => [name, { module, renamed }]));
  const exports = new Map(rounds[0].exports);
  for (const round of rounds.slice(1)) {
    const importNow = new Map(round.imports.map(([, name, renamed]) => [name, renamed]));
    const exportNow = new Map(round.exports);
    for (const entry of imports.values()) entry.renamed = importNow.get(entry.renamed) ?? entry.renamed;
    for (const [name, renamed] of exports) exports.set(name, exportNow.get(renamed) ?? renamed);
  }
  return { imports, exports };
}

function escape(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
