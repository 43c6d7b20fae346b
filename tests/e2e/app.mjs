// The built app, served from dist/, really renders and works in headless Chromium.
// A green trunk build proves nothing (a broken wasm-opt yields a blank page), so this loads it.
import { join } from "node:path";
import { serve, main, strictPage, shot, check, root } from "./lib.mjs";

const server = await serve(join(root, "dist"));
await main("the built app renders and asks a question", async (browser) => {
  const page = await strictPage(browser);
  await page.goto(server.url);
  await page.waitForSelector("[data-testid=app-ready]", { timeout: 15000 });
  await page.fill("[data-testid=request]", "Plan a trip to Paris");
  await page.click("[data-testid=submit]");
  const card = await page.waitForSelector("[data-testid=question-card]", { timeout: 5000 });
  check((await card.textContent()).includes("?"), "the card shows a question");
  await page.screenshot({ path: await shot("app-question.png") });
  check(page.errors.length === 0, `no console errors: ${page.errors.join("; ")}`);
});
await server.close();
