// Writes the language files a page fetches when it shows a language other than English:
// DIR/words/<tag>.json for each language of the catalogues, `{"engine": {…}, "chrome": {…}}`
// from the engine's words (core/data/words/<tag>.json) and the chrome's (web/words/<tag>.json),
// without whitespace. English is compiled into the wasm and gets no file. Run by Trunk's
// post-build hook (the app) and by scripts/build-embed (the widget).
//
//   node scripts/words.mjs DIR
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Writes DIR/words/<tag>.json for every language but English; returns the tags written. */
export function writeWords(dir) {
  const out = join(dir, "words");
  mkdirSync(out, { recursive: true });
  const tags = readdirSync(join(root, "web/words"))
    .filter((f) => f.endsWith(".json") && f !== "en.json")
    .map((f) => f.slice(0, -".json".length));
  for (const tag of tags) {
    const read = (folder) => JSON.parse(readFileSync(join(root, folder, `${tag}.json`), "utf8"));
    const file = { engine: read("core/data/words"), chrome: read("web/words") };
    writeFileSync(join(out, `${tag}.json`), JSON.stringify(file));
  }
  return tags;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: node scripts/words.mjs DIR");
  writeWords(dir);
}
