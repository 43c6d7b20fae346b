// Writes the language files a page fetches when it shows a language other than English:
// DIR/words/<tag>.json for each language of the catalogues, `{"engine": {…}, "chrome": {…}}`
// from the engine's words (core/data/words/<tag>.json) and the chrome's (web/words/<tag>.json),
// without whitespace. English is compiled into the wasm and gets no file. Run by Trunk's
// post-build hook (the app) and by scripts/build-embed (the widget).
//
// With --element FILE, writes into FILE (the package's clarify-load.js) the words the element
// shows before the wasm has loaded, in every language: the chrome's ELEMENT_WORDS, in place of
// the object after the `/* @words */` mark. Run by scripts/build-embed.
//
//   node scripts/words.mjs DIR
//   node scripts/words.mjs --element FILE
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

/** The chrome's words an element shows before the wasm has loaded (web/js/clarify-load.js). */
export const ELEMENT_WORDS = ["loading", "unavailable"];

/** `{ tag: { key: word } }` of ELEMENT_WORDS, for every language of web/words/. */
export function elementWords() {
  const words = {};
  for (const file of readdirSync(join(root, "web/words")).filter((f) => f.endsWith(".json")).sort()) {
    const tag = file.slice(0, -".json".length);
    const all = JSON.parse(readFileSync(join(root, "web/words", file), "utf8"));
    words[tag] = Object.fromEntries(ELEMENT_WORDS.map((key) => {
      const word = tag === "en" ? all[key]?.message : all[key];
      if (typeof word !== "string") throw new Error(`web/words/${file}: no ${key}`);
      return [key, word];
    }));
  }
  return words;
}

/** Writes elementWords() into `file` in place of the object after its `/* @words *\/` mark. */
export function writeElementWords(file) {
  const mark = "/* @words */ { en: {} }";
  const source = readFileSync(file, "utf8");
  if (!source.includes(mark)) throw new Error(`${file}: no ${mark} to write the words in`);
  writeFileSync(file, source.replace(mark, JSON.stringify(elementWords())));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [flag, target] = process.argv.slice(2);
  if (flag === "--element" && target) writeElementWords(target);
  else if (flag && flag !== "--element") writeWords(flag);
  else throw new Error("usage: node scripts/words.mjs DIR | --element FILE");
}
