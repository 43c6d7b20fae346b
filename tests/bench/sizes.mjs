// Transfer sizes for scripts/bench: raw, gzip (level 9) and brotli (quality 11) of each file, as a
// server with static pre-compression would send it, summed per artifact. gzip is the `gzip -9`
// program, as `scripts/sizes` runs it: the size budgets' base figures were measured that way
// (node:zlib's deflate at level 9 makes the wasm files about 0.7 % larger).
//
//   node tests/bench/sizes.mjs OUT.json APP_DIR EMBED_DIR|- NPM_DIR ESBUILD
//
// NPM_DIR holds the tarballs `npm pack` fetched in this run; they are unpacked here. React's
// npm files are not minified (cjs/*.production.js), so the React runtime is measured as what an
// app would ship: `react` + `react-dom/client` (with `scheduler`) bundled and minified by esbuild
// (`--bundle --minify --format=esm`, NODE_ENV=production), with no app code.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, cpSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

const [outFile, appDir, embedDir, npmArg, esbuildArg] = process.argv.slice(2);
const npmDir = resolve(npmArg);
const esbuild = resolve(esbuildArg);

function measure(file) {
  const buf = readFileSync(file);
  return {
    file: basename(file),
    raw: buf.length,
    gzip: execFileSync("gzip", ["-9", "-c", file], { maxBuffer: 1 << 28 }).length,
    brotli: brotliCompressSync(buf, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
    }).length,
  };
}

function artifact(name, files, note) {
  const missing = files.filter((f) => !existsSync(f));
  if (missing.length) return { name, error: `missing: ${missing.join(", ")}`, note };
  const each = files.map(measure);
  const sum = (k) => each.reduce((a, f) => a + f[k], 0);
  return { name, files: each, raw: sum("raw"), gzip: sum("gzip"), brotli: sum("brotli"), note };
}

/** What a page fetches when a request is typed: the offline detector, its module and its data. */
const DETECTOR = ["clarify-detector.wasm", "clarify-detector.bin"];

/** The files a page loads from a built folder: .wasm, .js, .mjs and .css (not HTML or icons, nor
 * the detector's module, fetched on demand). */
function shipped(dir) {
  return readdirSync(dir)
    .filter((f) => /\.(wasm|m?js|css)$/.test(f) && !DETECTOR.includes(f) && statSync(join(dir, f)).isFile())
    .sort()
    .map((f) => join(dir, f));
}

function unpack(tgz) {
  const name = basename(tgz).replace(/\.tgz$/, "");
  const dir = join(npmDir, "unpacked", name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync("tar", ["xzf", tgz, "-C", dir, "--strip-components=1"]);
  return dir;
}

function pkg(prefix) {
  const tgz = readdirSync(npmDir).find((f) => f.startsWith(prefix + "-") && /^\d/.test(f.slice(prefix.length + 1)) && f.endsWith(".tgz"));
  if (!tgz) throw new Error(`no ${prefix}-*.tgz in ${npmDir} (npm pack failed?)`);
  const dir = unpack(join(npmDir, tgz));
  const version = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).version;
  return { dir, version };
}

const out = { compression: "gzip -9 (the gzip program) and brotli quality 11 (node:zlib) per file, summed per artifact" };

// Ours.
const app = artifact("clarify app (release dist/)", shipped(appDir), "wasm + JS glue + CSS; index.html not counted");
if (existsSync(join(appDir, "index.html"))) app.index_html = measure(join(appDir, "index.html"));
out.app = app;
// What a page fetches later, on demand: the offline detector, its module and its data, when a
// request is typed (a language's columns, clarify-detector-<tag>.bin, only for a request in it).
const onDemand = (dir) => DETECTOR.filter((f) => existsSync(join(dir, f))).map((f) => join(dir, f));
out.app_on_demand = artifact("clarify app, on demand (the detector: module and data)", onDemand(appDir), "fetched when the user starts a request, not at load");
if (embedDir && embedDir !== "-" && existsSync(embedDir)) {
  out.embed_on_demand = artifact("clarify embed, on demand (the detector: module and data)", onDemand(embedDir), "fetched when the user starts a request, not at load");
  out.embed = artifact("clarify embed bundle", shipped(embedDir), `every .wasm/.js/.css in ${embedDir}`);
} else {
  out.embed = { name: "clarify embed bundle", error: "no embeddable bundle was found (see reason in BENCHMARKS.md)" };
}

// What users would pick instead.
try {
  const core = pkg("survey-core");
  const ui = pkg("survey-js-ui");
  out.surveyjs = artifact(
    `SurveyJS ${core.version} (survey-core + survey-js-ui + CSS)`,
    [join(core.dir, "survey.core.min.js"), join(ui.dir, "survey-js-ui.min.js"), join(core.dir, "survey-core.min.css")],
    "the published minified files",
  );
  out.surveyjs.version = core.version;
  out.surveyjs.ui_version = ui.version;
} catch (e) {
  out.surveyjs = { error: String(e.message ?? e) };
}

try {
  const react = pkg("react");
  const reactDom = pkg("react-dom");
  const scheduler = pkg("scheduler");
  const work = join(npmDir, "react-bundle");
  rmSync(work, { recursive: true, force: true });
  for (const [n, p] of [["react", react], ["react-dom", reactDom], ["scheduler", scheduler]]) {
    cpSync(p.dir, join(work, "node_modules", n), { recursive: true });
  }
  writeFileSync(
    join(work, "entry.js"),
    'import * as React from "react";\nimport { createRoot } from "react-dom/client";\nglobalThis.__react = [React, createRoot];\n',
  );
  const bundle = join(work, "react-runtime.min.js");
  execFileSync(esbuild, [
    join(work, "entry.js"), "--bundle", "--minify", "--format=esm", "--platform=browser",
    "--define:process.env.NODE_ENV=\"production\"", `--outfile=${bundle}`, "--log-level=warning",
  ], { cwd: work, stdio: ["ignore", "inherit", "inherit"] });
  const esbuildVersion = execFileSync(esbuild, ["--version"]).toString().trim();
  out.react = artifact(
    `React ${react.version} + react-dom ${reactDom.version} (runtime alone)`,
    [bundle],
    `react + react-dom/client + scheduler ${scheduler.version}, bundled and minified by esbuild ${esbuildVersion} (--bundle --minify --format=esm, NODE_ENV=production)`,
  );
  out.react.version = react.version;
  out.react.unminified_npm_files = artifact("npm cjs production files as published (unminified)", [
    join(react.dir, "cjs/react.production.js"),
    join(reactDom.dir, "cjs/react-dom-client.production.js"),
    join(reactDom.dir, "cjs/react-dom.production.js"),
    join(scheduler.dir, "cjs/scheduler.production.js"),
  ]);
} catch (e) {
  out.react = { error: String(e.message ?? e) };
}

try {
  const xstate = pkg("xstate");
  out.xstate = artifact(`xstate ${xstate.version} (engine alone)`, [join(xstate.dir, "dist/xstate.umd.min.js")], "the published UMD minified build");
  out.xstate.version = xstate.version;
} catch (e) {
  out.xstate = { error: String(e.message ?? e) };
}

writeFileSync(resolve(outFile), JSON.stringify(out, null, 2));
for (const k of ["app", "embed", "surveyjs", "react", "xstate"]) {
  const a = out[k];
  console.log(a.error ? `${k}: ${a.error}` : `${k}: raw ${a.raw}  gzip ${a.gzip}  brotli ${a.brotli}`);
}
