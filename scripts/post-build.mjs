// Trunk post-build hook, run on the staging folder before it becomes dist/:
// 1. moves the inline module script Trunk writes into index.html to its own file, boot.js, so the
//    app runs under a strict Content-Security-Policy without 'unsafe-inline'
//    (script-src 'self' 'wasm-unsafe-eval');
// 2. writes the language files the app fetches when it shows a language other than English
//    (scripts/words.mjs: words/<tag>.json, the engine's and the chrome's words), and the
//    detector's data it fetches when the user starts a request (scripts/detector-data.mjs:
//    clarify-detector.bin), and the detector's own module fetched with it (scripts/build-detector:
//    clarify-detector.wasm);
// 3. in release builds, optimises the wasm (scripts/optimize-wasm.mjs: wasm-opt, and the names the
//    wasm and its glue share made short; index.html asks Trunk for no wasm-opt run of its own),
//    minifies the JavaScript glue and the stylesheets with esbuild (Trunk's own JS minifier cannot
//    parse wasm-bindgen's glue) and rewrites their integrity hashes in index.html, so what the
//    browser downloads is what the size figures count; then writes .br and .gz beside every
//    wasm, JS and CSS file (scripts/compress.mjs) for a static host that serves them;
// 3. drops the integrity attribute of the wasm's preload, which Chromium ignores and warns about.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { optimizeWasm } from "./optimize-wasm.mjs";
import { compressDir } from "./compress.mjs";
import { writeWords } from "./words.mjs";
import { copyDetectorData } from "./detector-data.mjs";

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error("TRUNK_STAGING_DIR is not set: run this as a Trunk post_build hook");
const html = join(dir, "index.html");
let page = await readFile(html, "utf8");

const inline = /<script type="module">([\s\S]*?)<\/script>/;
const match = page.match(inline);
if (!match) throw new Error("index.html has no inline module script to move");
if (page.match(new RegExp(inline.source, "g")).length !== 1) {
  throw new Error("index.html has more than one inline module script");
}
await writeFile(join(dir, "boot.js"), match[1].trim() + "\n");
page = page.replace(inline, '<script type="module" src="/boot.js"></script>');
writeWords(dir);
copyDetectorData(dir);
// The detector itself, a WebAssembly module fetched with its data (scripts/build-detector).
execFileSync(join(dirname(fileURLToPath(import.meta.url)), "build-detector"), [dir], { stdio: "inherit" });

if (process.env.TRUNK_PROFILE === "release") {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  const esbuild = createRequire(join(root, ".tools/node/package.json"))("esbuild");
  const sri = (text) => `sha384-${createHash("sha384").update(text).digest("base64")}`;
  const wasm = join(dir, "clarify-web_bg.wasm");
  const glue = join(dir, "clarify-web.js");
  const styles = [join(dir, "card.css"), join(dir, "app.css")];
  // Each file's integrity hash in index.html is of the file as Trunk built it.
  const built = new Map();
  for (const file of [wasm, glue, ...styles]) built.set(file, await readFile(file));
  optimizeWasm(wasm, glue);
  for (const file of [glue, ...styles]) {
    const loader = file === glue ? "js" : "css";
    const { code } = await esbuild.transform(await readFile(file, "utf8"), { loader, minify: true, format: loader === "js" ? "esm" : undefined });
    // esbuild keeps the space after a custom property's colon; the value is trimmed anyway.
    await writeFile(file, loader === "css" ? code.replace(/(--[\w-]+): /g, "$1:") : code);
  }
  // The shell's script (index.html's request box before the wasm arrives) has no hash.
  const shell = join(dir, "shell.js");
  await writeFile(shell, (await esbuild.transform(await readFile(shell, "utf8"), { loader: "js", minify: true })).code);
  for (const [file, before] of built) {
    if (!page.includes(sri(before))) throw new Error(`index.html has no integrity hash for ${file}`);
    page = page.replace(sri(before), sri(await readFile(file)));
  }
}
// 3. The wasm's preload (`as="fetch"`) loses its integrity attribute: Chromium ignores it for
//    that destination and warns on every load that it does.
page = page.replace(/<link rel="preload"[^>]*>/g, (link) =>
  link.includes('as="fetch"') ? link.replace(/ integrity="[^"]*"/, "") : link,
);
await writeFile(html, page);
if (process.env.TRUNK_PROFILE === "release") await compressDir(dir);
