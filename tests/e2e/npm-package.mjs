// The npm package, as a user gets it: `npm pack` in target/embed/ (built by scripts/build-embed),
// the tarball installed offline into a brand-new project, examples/npm/usage.ts type-checked there
// with `tsc --strict` (bundler and Node resolution, both through the package's `exports` and
// `types`), compiled, and run in headless Chromium with the bare name "clarify-embed" mapped to
// where Node's resolver (the same `exports`) says it lives.
//
//   node tests/e2e/npm-package.mjs
import { execFileSync } from "node:child_process";
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { serve, main, strictPage, check, root } from "./lib.mjs";

const bundle = join(root, "target/embed");
const work = join(root, "target/e2e/npm-package");
const project = join(work, "project");
const tsc = join(root, ".tools/node/node_modules/.bin/tsc");

/** What the tarball must hold: the bundle, its types and the manifest, nothing else. */
const SHIPPED = [
  // Each language's columns, fetched beside the detector's data for a request in that language;
  // the offline detector's data and its module, fetched beside the wasm when a request is started.
  "README.md", ...["de", "es", "fr", "it", "ja", "ko", "pt"].map((tag) => `clarify-detector-${tag}.bin`),
  "clarify-detector.bin", "clarify-detector.wasm", "clarify-element.d.ts", "clarify-element.js", "clarify-embed.d.ts", "clarify-embed.js",
  "clarify-embed_bg.wasm", "clarify-load.js", "clarify-react.d.ts", "clarify-react.js", "clarify-widget.js", "package.json",
  // Each language's words but English's, fetched beside the wasm when a page shows it.
  ...["de", "es", "fr", "it", "ja", "ko", "pt", "zh-Hans", "zh-Hant"].map((tag) => `words/${tag}.json`),
];

const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

await rm(work, { recursive: true, force: true });
await mkdir(project, { recursive: true });

// 1. Pack. A private npm cache proves nothing comes from an earlier install on this machine.
const cache = join(work, "npm-cache");
const npm = (args, cwd) => run("npm", [...args, "--cache", cache, "--no-audit", "--no-fund", "--no-update-notifier"], cwd);
const packed = JSON.parse(npm(["pack", "--json", "--pack-destination", work], bundle))[0];
const tarball = join(work, packed.filename);
const files = packed.files.map((f) => f.path).sort();
check(JSON.stringify(files) === JSON.stringify(SHIPPED), `the tarball holds ${files.join(", ")}; expected ${SHIPPED.join(", ")}`);
console.log(`packed ${packed.filename}: ${packed.size} bytes, ${files.length} files`);
// The read-me reads alone: it points at nothing the package does not hold.
const readme = await readFile(join(bundle, "README.md"), "utf8");
const elsewhere = readme.match(/\b(?:docs|examples|scripts|tests|target|web|core)\/[\w./-]*/g) ?? [];
check(elsewhere.length === 0, `the package's README names repository paths: ${elsewhere.join(", ")}`);

// 2. A brand-new project installs it with no network (a local tarball without dependencies).
await writeFile(join(project, "package.json"), JSON.stringify({ name: "fresh-project", private: true, type: "module" }, null, 2));
npm(["install", "--offline", "--ignore-scripts", tarball], project);
const installed = JSON.parse(await readFile(join(project, "node_modules/clarify-embed/package.json"), "utf8"));
check(installed.type === "module" && installed.exports?.["."], "the installed package.json has type module and exports");

// 3. Strict type-checking of the usage file against the installed package, resolved by name.
await cp(join(root, "examples/npm/usage.ts"), join(project, "usage.ts"));
const common = ["--strict", "--target", "es2022", "--lib", "es2022,dom,dom.iterable,esnext.disposable", "--skipLibCheck", "false"];
for (const [module, resolution] of [["esnext", "bundler"], ["nodenext", "nodenext"]]) {
  try {
    run(tsc, [...common, "--noEmit", "--module", module, "--moduleResolution", resolution, "usage.ts"], project);
  } catch (e) {
    throw new Error(`tsc --strict (${resolution} resolution) failed:\n${e.stdout}${e.stderr}`);
  }
}
run(tsc, [...common, "--module", "esnext", "--moduleResolution", "bundler", "--outDir", "out", "usage.ts"], project);
console.log("ok: usage.ts type-checks with tsc --strict (bundler and nodenext resolution)");

// 4. Where the package's `exports` send the bare names, as Node resolves them from the project.
const resolved = {};
for (const name of ["clarify-embed", "clarify-embed/api"]) {
  const url = run(process.execPath, ["--input-type=module", "-e", `process.stdout.write(import.meta.resolve(${JSON.stringify(name)}))`], project);
  check(url.startsWith(pathToFileURL(join(project, "node_modules/clarify-embed/")).href), `${name} resolves inside the installed package (${url})`);
  resolved[name] = "/" + relative(project, new URL(url).pathname);
}
check(resolved["clarify-embed"].endsWith("/clarify-element.js"), `"clarify-embed" is the element module (${resolved["clarify-embed"]})`);

// 5. The compiled usage file in the browser, with an import map naming the package.
await writeFile(join(project, "index.html"), `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>fresh project</title><link rel="icon" href="data:,">
<script type="importmap">${JSON.stringify({ imports: resolved })}</script>
<script type="module" src="out/usage.js"></script>
</head><body></body></html>
`);
const server = await serve(project);
try {
  await main("the npm package installs into a fresh project and works by its name", async (browser) => {
    const page = await strictPage(browser);
    await page.goto(server.url);
    await page.locator("#widget-started").waitFor({ timeout: 20000 });
    const text = (id) => page.locator(`#${id}`).textContent();
    check((await text("api-detector")) === "true", "prefetchDetector() fetched and installed the detector's data");
    check((await text("api-question")) !== "(no question)", "the Clarifier asked a question");
    check((await text("api-error")) === "not_pending_question", `a wrong id is refused with its code (got ${await text("api-error")})`);
    const statuses = (await text("api-statuses")).split(" ");
    check(statuses[0] === "awaiting_clarification", `the subscriber saw the question first (saw ${statuses.join(", ")})`);
    check((await text("widget-started")) === "true", "the element accepted start()");
    await page.locator("#widget [data-testid=question-card]").waitFor({ timeout: 5000 });
    const shown = await page.locator("#widget [data-testid=question-text]").textContent();
    check(shown && shown === (await text("widget-event")), "the element shows its question and announced it with clarify-question");
    check(page.errors.length === 0, `no console errors: ${page.errors.join("; ")}`);
  });
} finally {
  await server.close();
}
