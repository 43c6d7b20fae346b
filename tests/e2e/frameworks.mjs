// The package in real projects: the tarball target/embed/ packs, installed into examples/ (one
// install shared by the examples, every direct dependency pinned), then
//   - the bundler matrix (examples/bundlers/, a plain page): Vite 5, 6, 7 and 8, each `build`
//     (served) and `dev` (its dev server), and webpack 5, with no configuration for Clarify but,
//     in this workspace, the one line the console error names for Vite 5-7's dev server; and the
//     same page as a project of its own with Vite 5's dev server and no configuration at all;
//   - the framework examples built and served: React + Vite (type-checked first, skipLibCheck
//     false), Vue + Vite and Svelte + Vite (their templates checked by vue-tsc and svelte-check
//     with the docs' typing recipes, which must refuse a wrong attribute and a misused event),
//     Next.js (app router, `next build` + `next start`);
//   - the package imported in Node as server rendering does, a Vitest + jsdom test file importing
//     it, and its typings read by TypeScript 4.9 with skipLibCheck false and by TypeScript with
//     moduleResolution "node".
// Every page is driven in headless Chromium set to Spanish: the card's chrome must be Spanish (its
// words file shipped by the bundler or served by the dev server, with no configuration), then a
// vague request, each question answered, until the host page shows the enriched prompt it
// received with `clarify-done`.
//
//   node tests/e2e/frameworks.mjs [WORD…]    only the cases whose names contain a WORD
import { execFileSync, spawn } from "node:child_process";
import { cp, mkdir, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { serve, main, strictPage, check, root } from "./lib.mjs";

const examples = join(root, "examples");
const modules = join(examples, "node_modules");
const only = process.argv.slice(2);
const wanted = (name) => only.length === 0 || only.some((w) => name.includes(w));

function run(cmd, args, cwd, env = {}) {
  try {
    return execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env }, maxBuffer: 64 << 20 });
  } catch (e) {
    throw new Error(`${cmd} ${args.join(" ")} (in ${cwd}) failed:\n${e.stdout ?? ""}${e.stderr ?? ""}`);
  }
}

// 1. The tarball, under the name the examples depend on, then one install for all of them.
const packDir = join(root, "target/npm");
await rm(packDir, { recursive: true, force: true });
await mkdir(packDir, { recursive: true });
const packed = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", packDir], join(root, "target/embed")))[0];
await rename(join(packDir, packed.filename), join(packDir, "clarify-embed.tgz"));
// The package folder goes, so npm extracts the tarball just packed whatever it recorded before.
await rm(join(modules, "clarify-embed"), { recursive: true, force: true });
console.log("installing the examples (npm install in examples/) …");
run("npm", ["install", "--no-audit", "--no-fund"], examples);

const bin = {
  vite: (v) => join(modules, v === 8 ? "vite" : `vite${v}`, "bin/vite.js"),
  webpack: join(modules, "webpack-cli/bin/cli.js"),
  next: join(modules, "next/dist/bin/next"),
  tsc: join(modules, "typescript/bin/tsc"),
  tsc4: join(modules, "typescript4/bin/tsc"),
  vitest: join(modules, "vitest/vitest.mjs"),
  vueTsc: join(modules, "vue-tsc/bin/vue-tsc.js"),
  svelteCheck: join(modules, "svelte-check/bin/svelte-check"),
};

/** Starts `args` (a dev or production server) in `cwd` and resolves to its URL once it answers. */
async function server(args, cwd, port) {
  const child = spawn(process.execPath, args, { cwd, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, PORT: String(port), NEXT_TELEMETRY_DISABLED: "1" } });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 120000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited:\n${output}`);
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`${args.join(" ")} did not answer on ${url}:\n${output}`);
    }
    await new Promise((ok) => setTimeout(ok, 300));
  }
  return { url, output: () => output, close: () => new Promise((ok) => { child.once("exit", ok); child.kill(); }) };
}

/** The card's chrome in Spanish (web/words/es.json): what a browser set to Spanish shows. */
const SPANISH = JSON.parse(await readFile(join(root, "web/words/es.json"), "utf8"));

/**
 * Opens `url` in a browser whose language is Spanish, sends a vague request through the widget,
 * answers each question (its first option, or a line of text) and waits for the host page to
 * show what `clarify-done` brought (`done`, a selector in the host page). The card's chrome must
 * be Spanish: its words file (words/es.json, wherever the bundler or dev server put it) fetched
 * as JSON, and no request for a words file failing.
 */
async function drive(browser, url, done, { allowErrors = [], status = null } = {}) {
  const page = await strictPage(browser, { locale: "es-ES" });
  const words = [];
  page.on("response", (r) => {
    if (/\.json(?:\?|$)/.test(r.url())) words.push({ url: r.url(), status: r.status(), type: r.headers()["content-type"] ?? "" });
  });
  page.on("requestfailed", (r) => /\.json(?:\?|$)/.test(r.url()) && words.push({ url: r.url(), status: 0, type: r.failure()?.errorText ?? "failed" }));
  await page.goto(url);
  const widget = page.locator("clarify-widget");
  await widget.locator("[data-testid=request]").waitFor({ timeout: 90000 });
  const send = (await widget.locator("[data-testid=submit]").textContent()).trim();
  check(send === SPANISH.send, `${url}: the card's chrome is Spanish (its send button says ${JSON.stringify(send)}, not ${JSON.stringify(SPANISH.send)})`);
  const failed = words.filter((w) => w.status !== 200 || !/json/.test(w.type));
  check(failed.length === 0 && words.length > 0, `${url}: the Spanish words came as JSON, no words request failed: ${JSON.stringify(words)}`);
  await widget.locator("[data-testid=request]").fill("Help me plan a trip");
  await widget.locator("[data-testid=submit]").click();
  let asked = 0;
  for (; asked < 6; asked++) {
    const card = widget.locator("[data-testid=question-card]");
    const answer = widget.locator("[data-testid=answer]");
    await card.or(answer).first().waitFor({ timeout: 20000 });
    if (!(await card.isVisible())) break;
    const text = await widget.locator("[data-testid=question-text]").textContent();
    if ((await widget.locator("[data-testid=option]").count()) > 0) await widget.locator("[data-testid=option]").first().check();
    else await widget.locator("[data-testid=free-text]").fill("Two adults, one week in May");
    const go = (await widget.locator("[data-testid=continue]").textContent()).trim();
    check(go === SPANISH.continue, `${url}: the question card's chrome is Spanish (${JSON.stringify(go)})`);
    await widget.locator("[data-testid=continue]").click();
    // The next card (or the answer) replaces this one.
    await page.waitForFunction((t) => document.querySelector("clarify-widget").shadowRoot.querySelector("[data-testid=question-text]")?.textContent !== t, text, { timeout: 20000 });
  }
  check(asked >= 1, `${url}: the vague request brought at least one question`);
  const prompt = await page.locator(done).textContent({ timeout: 20000 });
  check(prompt.includes("Help me plan a trip"), `${url}: the host received clarify-done with the enriched prompt (got ${JSON.stringify(prompt)})`);
  // The React example renders the session's status through useClarifier (useSyncExternalStore).
  if (status) {
    const shown = await page.locator(status).textContent();
    check(shown === "completed", `${url}: useClarifier followed the session to "completed" (shows ${JSON.stringify(shown)})`);
  }
  const errors = page.errors.filter((e) => !allowErrors.some((re) => re.test(e)));
  check(errors.length === 0, `${url}: no console errors: ${errors.join("; ")}`);
  await page.context().close();
  return asked;
}

const cases = [];
const add = (name, body) => wanted(name) && cases.push([name, body]);
const bundlers = join(examples, "bundlers");

for (const v of [5, 6, 7, 8]) {
  add(`vite ${v} build`, async (browser) => {
    const out = `dist-vite${v}`;
    run(process.execPath, [bin.vite(v), "build", "--outDir", out, "--emptyOutDir"], bundlers);
    const assets = await readdir(join(bundlers, out, "assets"));
    check(assets.some((f) => f.endsWith(".wasm")), `vite ${v} build emitted the wasm (${assets.join(", ")})`);
    const site = await serve(join(bundlers, out));
    try {
      return await drive(browser, site.url, "#done");
    } finally {
      await site.close();
    }
  });
  add(`vite ${v} dev`, async (browser) => {
    const port = 5170 + v;
    // In this workspace the package sits above the Vite root, where Vite 5-7's dev server does
    // not look: the one line the console error names (vite.config.dev-5-7.js). A project of its
    // own needs nothing (the case below).
    const config = v < 8 ? ["--config", "vite.config.dev-5-7.js"] : [];
    const dev = await server([bin.vite(v), ...config, "--port", String(port), "--strictPort", "--host", "127.0.0.1", "--force"], bundlers, port);
    try {
      return await drive(browser, dev.url, "#done");
    } finally {
      await dev.close();
    }
  });
}

add("vite 5 dev fresh project", async (browser) => {
  // A project of its own (npm's usual layout, no workspace), no vite.config: Vite 5 pre-bundles
  // the package and the loader finds the wasm in the project's node_modules/clarify-embed/.
  const dir = join(root, "target/e2e/vite5-fresh");
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const f of ["index.html", "main.js"]) await cp(join(bundlers, f), join(dir, f));
  const vite5 = JSON.parse(await readFile(join(bundlers, "package.json"), "utf8")).devDependencies.vite5.replace("npm:vite@", "");
  await writeFile(join(dir, "package.json"), JSON.stringify({
    name: "vite5-fresh", private: true, type: "module",
    dependencies: { "clarify-embed": `file:${join(packDir, "clarify-embed.tgz")}` }, devDependencies: { vite: vite5 },
  }, null, 2));
  run("npm", ["install", "--no-audit", "--no-fund"], dir);
  check(!existsSync(join(dir, "vite.config.js")), "no vite.config");
  const dev = await server([join(dir, "node_modules/vite/bin/vite.js"), "--port", "5169", "--strictPort", "--host", "127.0.0.1", "--force"], dir, 5169);
  try {
    return await drive(browser, dev.url, "#done");
  } finally {
    await dev.close();
  }
});

add("webpack 5 build", async (browser) => {
  run(process.execPath, [bin.webpack, "--config", "webpack.config.js"], bundlers);
  const site = await serve(bundlers);
  try {
    return await drive(browser, `${site.url}index-webpack.html`, "#done");
  } finally {
    await site.close();
  }
});

/**
 * Runs a template type-checker on `dir` (the example must pass), then on the example with
 * `bad` added as `file` (a wrong attribute value and a handler whose event detail is misused):
 * it must fail naming both, so the docs' typing recipe really checks attributes and handlers.
 */
async function checksTemplates(dir, command, file, bad) {
  run(process.execPath, command, dir);
  const dest = join(dir, "src", file);
  await writeFile(dest, bad);
  let output = null;
  try {
    run(process.execPath, command, dir);
  } catch (e) {
    output = e.message;
  } finally {
    await rm(dest, { force: true });
  }
  check(output !== null, `${dir}: ${file} with a wrong attribute and a misused event was accepted`);
  check(/"later"/.test(output) && /not assignable to type 'number/.test(output),
    `${dir}: the checker names the attribute and the handler:\n${output}`);
  console.log(`ok: ${command[0].split("/").slice(-3, -2)[0]} checks <clarify-widget>'s attributes and handlers`);
}

const BAD_VUE = `<script setup lang="ts">
import { ref } from "vue";
const prompt = ref<number | null>(null);
</script>
<template>
  <clarify-widget loading="later" @clarify-done="(e) => (prompt = e.detail.prompt)"></clarify-widget>
</template>
`;
const BAD_SVELTE = `<script lang="ts">
  let prompt: number | null = $state(null);
</script>
<clarify-widget loading="later" onclarify-done={(e) => (prompt = e.detail.prompt)}></clarify-widget>
<p>{prompt}</p>
`;
const typeChecks = {
  "vue-vite": (dir) => checksTemplates(dir, [bin.vueTsc, "-p", "tsconfig.json"], "Bad.vue", BAD_VUE),
  "svelte-vite": (dir) => checksTemplates(dir, [bin.svelteCheck, "--tsconfig", "./tsconfig.json", "--output", "human"], "Bad.svelte", BAD_SVELTE),
};

for (const name of ["react-vite", "vue-vite", "svelte-vite"]) {
  add(`${name} build`, async (browser) => {
    const dir = join(examples, name);
    if (name === "react-vite") run(process.execPath, [bin.tsc, "-p", "tsconfig.json"], dir);
    if (name in typeChecks) await typeChecks[name](dir);
    run(process.execPath, [bin.vite(8), "build", "--emptyOutDir"], dir);
    const site = await serve(join(dir, "dist"));
    try {
      return await drive(browser, site.url, "[data-testid=prompt]", { status: name === "react-vite" ? "[data-testid=status]" : null });
    } finally {
      await site.close();
    }
  });
}

add("react-vite dev", async (browser) => {
  const dev = await server([bin.vite(8), "--port", "5180", "--strictPort", "--host", "127.0.0.1", "--force"], join(examples, "react-vite"), 5180);
  try {
    return await drive(browser, dev.url, "[data-testid=prompt]", { status: "[data-testid=status]" });
  } finally {
    await dev.close();
  }
});

add("next build", async (browser) => {
  const dir = join(examples, "next");
  run(process.execPath, [bin.next, "build"], dir, { NEXT_TELEMETRY_DISABLED: "1" });
  const app = await server([bin.next, "start", "-p", "5190", "-H", "127.0.0.1"], dir, 5190);
  try {
    // The page was rendered on the server with the package imported there.
    const html = await (await fetch(app.url)).text();
    check(html.includes("<clarify-widget"), "next: the server-rendered page holds <clarify-widget>");
    return await drive(browser, app.url, "[data-testid=prompt]");
  } finally {
    await app.close();
  }
});

add("ssr import in node", async () => {
  console.log(run(process.execPath, ["ssr.mjs"], bundlers).trim());
});

add("vitest jsdom import", async () => {
  console.log(run(process.execPath, [bin.vitest, "run", "--environment", "jsdom"], bundlers).trim().split("\n").slice(-4).join("\n"));
});

add("typescript 4.9 skipLibCheck false", async () => {
  // Resolved from examples/bundlers, where the package is installed.
  const dest = join(bundlers, "ts4-check.mts");
  await cp(join(root, "examples/npm/usage.ts"), dest);
  try {
    run(process.execPath, [bin.tsc4, "-p", "tsconfig.ts4.json"], bundlers);
  } finally {
    await rm(dest, { force: true });
  }
  console.log("ok: the package's typings type-check with TypeScript 4.9 (skipLibCheck false, no esnext.disposable)");
});

add("typescript moduleResolution node", async () => {
  // TypeScript's older resolution reads no `exports`: the package's typesVersions name the subpaths.
  const dir = join(bundlers, "node10-check");
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "check.ts"), `import { defineClarifyWidget, type ClarifyWidget } from "clarify-embed";
import { useClarifier } from "clarify-embed/react";
import type { Clarifier } from "clarify-embed/api";
const widget: ClarifyWidget | null = null;
const used: (c: Clarifier | null) => unknown = useClarifier;
console.log(defineClarifyWidget, widget, used);
`);
  await writeFile(join(dir, "tsconfig.json"), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, skipLibCheck: false, target: "es2020", module: "commonjs", moduleResolution: "node", lib: ["es2020", "dom"], types: [] },
    files: ["check.ts"],
  }));
  try {
    run(process.execPath, [bin.tsc, "-p", "tsconfig.json"], dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  console.log('ok: "clarify-embed/react" and "clarify-embed/api" resolve under moduleResolution "node"');
});

add("docs examples type-check", async () => {
  // Every ts, tsx and js block of docs/*.md, each as its own module, against the installed package.
  const dir = join(bundlers, "docs-check");
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const files = [];
  for (const doc of (await readdir(join(root, "docs"))).filter((f) => f.endsWith(".md"))) {
    const text = await readFile(join(root, "docs", doc), "utf8");
    let n = 0;
    for (const [, lang, body] of text.matchAll(/^ *```(ts|tsx|js)\n([\s\S]*?)^ *```$/gm)) {
      const file = `${doc.replace(/\.md$/, "")}-${++n}.${lang}`;
      await writeFile(join(dir, file), body.replace(/^ {3}/gm, "") + "\nexport {};\n");
      files.push(file);
    }
  }
  check(files.length >= 5, `the docs hold code to check (${files.join(", ")})`);
  await writeFile(join(dir, "tsconfig.json"), JSON.stringify({
    compilerOptions: {
      // Other packages' own typings (Vue's postcss) are not ours to check; the package's are, with
      // skipLibCheck false, by the TypeScript 4.9 case and the React example.
      strict: true, skipLibCheck: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler",
      lib: ["es2022", "dom", "dom.iterable"], jsx: "react-jsx", allowJs: true, checkJs: true, types: [],
    },
    files,
  }));
  run(process.execPath, [bin.tsc, "-p", "tsconfig.json"], dir);
  console.log(`ok: ${files.length} code blocks of docs/ type-check (${files.join(", ")})`);
});

await main(`the package in ${cases.length} projects: ${cases.map(([n]) => n).join(", ")}`, async (browser) => {
  const failed = [];
  for (const [name, body] of cases) {
    const t0 = Date.now();
    try {
      const asked = await body(browser);
      console.log(`ok: ${name}${asked ? ` (${asked} question(s), then clarify-done)` : ""} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    } catch (e) {
      console.error(`FAILED: ${name}\n${e.stack ?? e}`);
      failed.push(name);
    }
  }
  check(failed.length === 0, `failed: ${failed.join(", ")}`);
});
if (!existsSync(modules)) process.exitCode = 1;
