// webpack 5 needs nothing for Clarify: `new URL("…wasm", import.meta.url)` becomes an asset and
// the dynamic import a chunk. The page is index-webpack.html, which loads dist-webpack/main.js.
import { fileURLToPath } from "node:url";

export default {
  mode: "production",
  entry: "./main.js",
  output: { path: fileURLToPath(new URL("dist-webpack", import.meta.url)), publicPath: "/dist-webpack/", clean: true },
};
