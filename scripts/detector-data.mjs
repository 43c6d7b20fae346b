// Copies the detector's data file, clarify-detector.bin, beside a wasm build: the frames table
// and the model's weights that the wasm leaves out and fetches when the user starts a request
// (web/src/detector.rs); and each language's columns, clarify-detector-<tag>.bin (Japanese,
// Korean, Spanish, French, German, Portuguese, Italian), fetched only for a request in it. core/build.rs writes it into its OUT_DIR on every build of the core;
// this takes the newest one of the wasm builds (the app's and the widget's are the same bytes),
// and refuses one older than the data it is made from. The wasm checks the file's hash against
// its own, so a wrong file is refused by the page, never read. Run by Trunk's post-build hook
// (the app) and by scripts/build-embed (the widget).
//
//   node scripts/detector-data.mjs DIR
import { copyFileSync, existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const DETECTOR_FILE = "clarify-detector.bin";

/** The newest clarify-detector.bin the wasm builds wrote. */
function newest() {
  const target = process.env.CARGO_TARGET_DIR ?? join(root, "target");
  const found = [];
  for (const profile of ["release", "debug"]) {
    const build = join(target, "wasm32-unknown-unknown", profile, "build");
    if (!existsSync(build)) continue;
    for (const dir of readdirSync(build).filter((d) => d.startsWith("clarify-core-"))) {
      const file = join(build, dir, "out", DETECTOR_FILE);
      if (existsSync(file)) found.push({ file, at: statSync(file).mtimeMs });
    }
  }
  found.sort((a, b) => b.at - a.at);
  return found[0];
}

/** Copies the detector's data and each language's columns into `dir`; returns the data's path. */
export function copyDetectorData(dir) {
  const data = newest();
  if (!data) throw new Error(`no ${DETECTOR_FILE} under target/wasm32-unknown-unknown: build the wasm first`);
  const sources = ["core/data/detector.toml", "core/data/frames.txt", "core/data/detector.bin", "core/build.rs"];
  for (const source of sources.filter((s) => existsSync(join(root, s)))) {
    if (statSync(join(root, source)).mtimeMs > data.at) {
      throw new Error(`${data.file} is older than ${source}: build the wasm again`);
    }
  }
  const out = join(dir, DETECTOR_FILE);
  copyFileSync(data.file, out);
  const columns = readdirSync(dirname(data.file)).filter((n) => /^clarify-detector-[a-z]+\.bin$/.test(n));
  if (columns.length === 0) throw new Error(`no clarify-detector-<tag>.bin beside ${data.file}: build the wasm again`);
  for (const name of columns) copyFileSync(join(dirname(data.file), name), join(dir, name));
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: node scripts/detector-data.mjs DIR");
  copyDetectorData(dir);
}
