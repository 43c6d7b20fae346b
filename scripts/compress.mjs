// Writes FILE.br (brotli, quality 11) and FILE.gz (gzip -9) beside every .wasm, .js, .css and
// .bin file in DIR (the .bin: the detector's data and each language's columns, fetched on demand), so a static host that
// serves precompressed files (nginx `gzip_static` and `brotli_static`, Caddy
// `file_server { precompressed br gzip }`, most CDNs) sends the small ones without compressing
// on each request. Run on dist/ by scripts/post-build.mjs (release
// builds) and on target/embed/ by scripts/build-embed.
//
//   node scripts/compress.mjs DIR
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Compresses every .wasm, .js, .css and .bin file directly in `dir`; returns the names compressed. */
export async function compressDir(dir) {
  const names = (await readdir(dir)).filter((n) => /\.(wasm|js|css|bin)$/.test(n));
  for (const name of names) {
    const body = await readFile(join(dir, name));
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: /\.(wasm|bin)$/.test(name) ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
      },
    });
    await writeFile(join(dir, `${name}.br`), br);
    await writeFile(join(dir, `${name}.gz`), gzipSync(body, { level: 9 }));
  }
  return names;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: node scripts/compress.mjs DIR");
  await compressDir(dir);
}
