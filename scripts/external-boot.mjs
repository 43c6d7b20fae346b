// Trunk post-build hook: moves the inline module script Trunk writes into index.html to its own
// file, boot.js, so the app runs under a strict Content-Security-Policy without 'unsafe-inline'
// (script-src 'self' 'wasm-unsafe-eval').
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error("TRUNK_STAGING_DIR is not set: run this as a Trunk post_build hook");
const html = join(dir, "index.html");
const page = await readFile(html, "utf8");
const inline = /<script type="module">([\s\S]*?)<\/script>/;
const match = page.match(inline);
if (!match) throw new Error("index.html has no inline module script to move");
if (page.match(new RegExp(inline.source, "g")).length !== 1) {
  throw new Error("index.html has more than one inline module script");
}
await writeFile(join(dir, "boot.js"), match[1].trim() + "\n");
await writeFile(html, page.replace(inline, '<script type="module" src="/boot.js"></script>'));
