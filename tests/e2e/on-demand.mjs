// What the browser really downloads, and when: the offline detector, its module
// (clarify-detector.wasm) and its data (clarify-detector.bin), is not part of the first load of
// the app or of a page with widgets; both are fetched when the user starts typing a request (or when a request is sent, or `start()` is
// called, before it came), and a fetch that fails still answers the request, with a notice, and
// the next request tries again. Files are served as a static host serving precompressed files
// would (the .br beside each), and the transferred bytes are the browser's own count (the
// DevTools protocol's encodedDataLength: headers and compressed body) of every response until
// the page has loaded and the network has been idle.
//
// Each language the detector reads by its columns (Japanese, Korean, Spanish, French, German,
// Portuguese, Italian) has its own file, clarify-detector-<tag>.bin, fetched only for a request
// written in it: a Japanese and a Spanish request get their question in their own language (in
// the app and in a widget), an English one fetches no such file, and a failed fetch answers the
// request as written, with the notice, the next request trying again.
//
//   node tests/e2e/on-demand.mjs app|widget   the checks (60-e2e-app, 85-e2e-embed)
//   node tests/e2e/on-demand.mjs time DIR…    time to the first question offline and the bytes
//                                             transferred by then, for each built dist/, printed
import { cp, mkdir, readFile, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { serve, main, check, root, STRICT_CSP, allowConsoleErrors } from "./lib.mjs";

const BLOB = "clarify-detector.bin";
const MODULE = "clarify-detector.wasm";
const [mode] = process.argv.slice(2);
/** A language's columns file (clarify-detector-ja.bin…), by its URL. */
const COLUMNS = /clarify-detector-([a-z]+)\.bin$/;
/** The tags of the columns files `transfers` fetched, in order. */
const columnsFetched = (transfers) => transfers.done.map((r) => r.url.split("?")[0].match(COLUMNS)?.[1]).filter(Boolean);
/** A request in each of two languages read by columns, and the question it gets offline. */
const IN_LANGUAGES = [
  { tag: "ja", request: "旅行の計画を立てて", question: "どこへ行きたいですか？" },
  { tag: "es", request: "Planifica un viaje", question: "¿Adónde quieres ir?" },
];

/** Records every response of `page` with the bytes it transferred. */
async function recordTransfers(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const urls = new Map();
  const done = [];
  cdp.on("Network.responseReceived", (e) => urls.set(e.requestId, e.response.url));
  cdp.on("Network.loadingFinished", (e) => {
    if (urls.has(e.requestId)) done.push({ url: urls.get(e.requestId), bytes: e.encodedDataLength });
  });
  return {
    done,
    total: () => done.reduce((sum, r) => sum + r.bytes, 0),
    of: (name) => done.filter((r) => r.url.split("?")[0].endsWith(name)),
  };
}

/** Opens `url` in a fresh context and waits for load and an idle network; returns the record. */
async function firstLoad(browser, url, ready) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  const transfers = await recordTransfers(page);
  const t0 = Date.now();
  await page.goto(url, { waitUntil: "networkidle" });
  await page.waitForSelector(ready, { timeout: 15000 });
  // An idle second more: nothing the page starts on its own after load goes uncounted.
  await page.waitForTimeout(1000);
  const loaded = { bytes: transfers.total(), files: transfers.done.map((r) => `${r.url.replace(url, "")} ${r.bytes}`) };
  return { page, transfers, loaded, t0 };
}

const brOf = async (dir) => (await readFile(join(dir, `${BLOB}.br`))).length;

async function app(browser) {
  const dir = join(root, "dist");
  const server = await serve(dir, { headers: { "content-security-policy": STRICT_CSP }, precompressed: true });
  try {
    // 1. First load: no detector data among what the browser downloads.
    const { page, transfers, loaded } = await firstLoad(browser, server.url, "[data-testid=app-ready]");
    check(transfers.of(BLOB).length === 0, `the first load fetches no ${BLOB}: ${loaded.files.join(", ")}`);
    check(transfers.of(MODULE).length === 0, `the first load fetches no ${MODULE}: ${loaded.files.join(", ")}`);
    check(transfers.of(".wasm").length === 1, "the first load counts the wasm");
    console.log(`app first load: ${loaded.bytes} bytes transferred (brotli where served), ${loaded.files.length} responses`);

    // 2. Typing a request fetches it, once; the request sent then gets its questions.
    const fetched = page.waitForResponse((r) => r.url().endsWith(BLOB), { timeout: 5000 });
    await page.locator("[data-testid=request]").pressSequentially("Plan a tr");
    const response = await fetched;
    check(response.ok(), `${BLOB} is served: HTTP ${response.status()}`);
    await page.waitForTimeout(300);
    const blob = transfers.of(BLOB);
    check(blob.length === 1, `typing fetches ${BLOB} once (${blob.length})`);
    check(transfers.of(MODULE).length === 1, `typing fetches ${MODULE} once (${transfers.of(MODULE).length})`);
    console.log(`app on demand: ${BLOB} ${blob[0].bytes} bytes transferred (its .br is ${await brOf(dir)}), ${MODULE} ${transfers.of(MODULE)[0].bytes}`);
    await page.locator("[data-testid=request]").pressSequentially("ip to Paris");
    await page.click("[data-testid=submit]");
    await page.waitForSelector("[data-testid=question-card]", { timeout: 5000 });
    check(transfers.of(BLOB).length === 1, "sending fetches nothing more");

    // 3. A reload that only continues the pending question fetches nothing.
    const afterReload = await recordTransfers(page);
    await page.reload();
    await page.waitForSelector("[data-testid=question-card]", { timeout: 15000 });
    await page.waitForTimeout(500);
    await page.keyboard.press("1");
    await page.waitForTimeout(300);
    check(afterReload.of(BLOB).length === 0, `a restored session answering its questions fetches no ${BLOB}`);
    check(afterReload.of(MODULE).length === 0, `a restored session answering its questions fetches no ${MODULE}`);
    const english = [...columnsFetched(transfers), ...columnsFetched(afterReload)];
    check(english.length === 0, `an English request fetches no language's columns (${english})`);
    await page.context().close();

    // 5. A Japanese and a Spanish request: each fetches its own language's columns, once, and
    //    gets its question in its own language; no other language's file is fetched.
    await inLanguages(browser, server.url, "[data-testid=app-ready]", "");

    // 4. The fetch fails (offline): the request is answered as written, with the notice, and
    //    the text is kept; the next request fetches again and gets its questions.
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const offline = await context.newPage();
    allowConsoleErrors(offline, /clarify-detector\.bin|Failed to load resource/);
    await offline.route(`**/${BLOB}`, (route) => route.abort("internetdisconnected"));
    await offline.goto(server.url);
    await offline.waitForSelector("[data-testid=app-ready]", { timeout: 15000 });
    await offline.fill("[data-testid=request]", "Plan a trip to Paris");
    await offline.click("[data-testid=submit]");
    await offline.waitForSelector("[data-testid=answer-text]", { timeout: 5000 });
    const notice = offline.locator("text=The built-in questions could not be loaded");
    check(await notice.count() === 1, "the notice says the built-in questions could not be loaded");
    check(await offline.locator("[data-testid=question-card]").count() === 0, "no question without the data");
    check((await offline.locator("body").innerText()).includes("Plan a trip to Paris"), "the request is kept on the page");
    await offline.unroute(`**/${BLOB}`);
    const again = offline.waitForResponse((r) => r.url().endsWith(BLOB) && r.ok(), { timeout: 5000 });
    await offline.fill("[data-testid=request]", "Plan a trip to Rome");
    await again;
    await offline.click("[data-testid=submit]");
    await offline.waitForSelector("[data-testid=question-card]", { timeout: 5000 });
    await context.close();

    // 6. A language's columns cannot be had: the request is answered as written, with the
    //    notice, and kept; the next request in that language fetches them again and is asked.
    const noColumns = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const es = await noColumns.newPage();
    allowConsoleErrors(es, /clarify-detector-es\.bin|Failed to load resource/);
    await es.route("**/clarify-detector-es.bin", (route) => route.abort("internetdisconnected"));
    await es.goto(server.url);
    await es.waitForSelector("[data-testid=app-ready]", { timeout: 15000 });
    await es.fill("[data-testid=request]", "Planifica un viaje");
    await es.click("[data-testid=submit]");
    await es.waitForSelector("[data-testid=answer-text]", { timeout: 5000 });
    check(await es.locator("text=The built-in questions could not be loaded").count() === 1, "a failed columns fetch shows the notice");
    check(await es.locator("[data-testid=question-card]").count() === 0, "no question without the columns");
    check((await es.locator("body").innerText()).includes("Planifica un viaje"), "the Spanish request is kept on the page");
    await es.unroute("**/clarify-detector-es.bin");
    const retried = es.waitForResponse((r) => r.url().endsWith("clarify-detector-es.bin") && r.ok(), { timeout: 5000 });
    await es.fill("[data-testid=request]", "Planifica un viaje a la costa");
    await es.click("[data-testid=submit]");
    await retried;
    await es.waitForSelector("[data-testid=question-card]", { timeout: 5000 });
    await noColumns.close();

    // 7. A reload while the request waits for its columns: the restored page fetches them
    //    again (and the detector's data) and the request gets its question.
    const reloading = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const waiting = await reloading.newPage();
    // The first page's fetch is never answered (the request waits); after the reload they are.
    let hold = true;
    await waiting.route("**/clarify-detector-es.bin", (route) => (hold ? undefined : route.continue()));
    await waiting.goto(server.url);
    await waiting.waitForSelector("[data-testid=app-ready]", { timeout: 15000 });
    await waiting.fill("[data-testid=request]", "Planifica un viaje");
    await waiting.click("[data-testid=submit]");
    await waiting.waitForSelector("[data-testid=working]", { timeout: 5000 });
    await waiting.waitForTimeout(500);
    check(await waiting.locator("[data-testid=question-card]").count() === 0, "the request waits for its columns");
    hold = false;
    const refetched = waiting.waitForResponse((r) => r.url().endsWith("clarify-detector-es.bin") && r.ok(), { timeout: 10000 });
    await waiting.reload();
    await refetched;
    const question = waiting.locator("[data-testid=question-text]");
    await question.waitFor({ timeout: 10000 });
    check((await question.innerText()).trim() === "¿Adónde quieres ir?", `after a reload the waiting request is asked in Spanish (${await question.innerText()})`);
    await reloading.close();
  } finally {
    await server.close();
  }
}

async function widget(browser) {
  const site = join(root, "target/e2e/on-demand-site");
  await rm(site, { recursive: true, force: true });
  await mkdir(site, { recursive: true });
  await cp(join(root, "examples/host-page"), site, { recursive: true });
  await cp(join(root, "target/embed"), join(site, "embed"), { recursive: true });
  const server = await serve(site, { headers: { "content-security-policy": STRICT_CSP }, precompressed: true });
  const ready = "#trip [data-testid=request]";
  try {
    // 1. First load of a page with two widgets: no detector data.
    const { page, transfers, loaded } = await firstLoad(browser, server.url, ready);
    check(transfers.of(BLOB).length === 0, `the first load fetches no ${BLOB}: ${loaded.files.join(", ")}`);
    check(transfers.of(MODULE).length === 0, `the first load fetches no ${MODULE}: ${loaded.files.join(", ")}`);
    console.log(`widget page first load: ${loaded.bytes} bytes transferred, ${loaded.files.length} responses (the host page's own files included)`);

    // 2. Typing in a widget fetches it; the request then gets its questions.
    const fetched = page.waitForResponse((r) => r.url().endsWith(BLOB), { timeout: 5000 });
    await page.locator(ready).pressSequentially("Plan a trip to Paris");
    check((await fetched).ok(), `${BLOB} is served beside the wasm`);
    await page.locator("#trip [data-testid=submit]").click();
    await page.locator("#trip [data-testid=question-card]").waitFor({ timeout: 5000 });
    await page.waitForTimeout(300);
    check(transfers.of(MODULE).length === 1, `typing fetches ${MODULE} once, beside the wasm (${transfers.of(MODULE).length})`);
    console.log(`widget on demand: ${BLOB} ${transfers.of(BLOB)[0].bytes} bytes transferred, ${MODULE} ${transfers.of(MODULE)[0].bytes}`);
    check(columnsFetched(transfers).length === 0, `an English request fetches no language's columns (${columnsFetched(transfers)})`);
    await page.context().close();

    // 2b. A Japanese and a Spanish request in a widget: each its own language's columns and
    //     its question in its own language.
    await inLanguages(browser, server.url, ready, "#trip ");

    // 2c. The JS API: prefetchDetector(request) fetches the columns of the request's language.
    const host = await browser.newContext();
    const apiPage = await host.newPage();
    const hostTransfers = await recordTransfers(apiPage);
    await apiPage.goto(server.url);
    await apiPage.locator(ready).waitFor({ timeout: 15000 });
    const [english, french] = await apiPage.evaluate(async () => {
      const api = await (await import("/embed/clarify-element.js")).load();
      return [await api.prefetchDetector("Plan a trip to Paris"), await api.prefetchDetector("Organise un voyage")];
    });
    check(english === true && french === true, `prefetchDetector(request) resolves to true (${english}, ${french})`);
    const fetchedByApi = columnsFetched(hostTransfers);
    check(fetchedByApi.join() === "fr", `prefetchDetector fetched French's columns only (${fetchedByApi})`);
    await host.close();

    // 3. The JS API's start(), with nothing typed, fetches it and asks once it came.
    const context = await browser.newContext();
    const api = await context.newPage();
    await api.goto(server.url);
    await api.locator(ready).waitFor({ timeout: 15000 });
    const status = await api.evaluate(() => {
      const w = document.getElementById("support");
      w.start("my app crashes");
      return w.clarifier.status;
    });
    check(status === "analyzing", `start() before the data came waits for it (status ${status})`);
    await api.locator("#support [data-testid=question-card]").waitFor({ timeout: 5000 });

    // 4. A damaged file: the request is answered as written, with the notice; the next
    //    request (the file whole again) gets its questions.
    const whole = await readFile(join(site, "embed", BLOB));
    const cut = { status: 200, body: whole.subarray(0, whole.length - 1000), contentType: "application/octet-stream" };
    await answeredAsWrittenThenAsked(await context.newPage(), server.url, BLOB, cut, "a damaged data file");

    // 5. A module that is not one (a host serving its HTML page for the missing file): the
    //    same.
    const page404 = { status: 200, body: "<!doctype html><p>Not here</p>", contentType: "text/html" };
    await answeredAsWrittenThenAsked(await context.newPage(), server.url, MODULE, page404, "a broken module");
    await context.close();
  } finally {
    await server.close();
  }
}

/**
 * With `file` served as `served` (a `route.fulfill` reply), a widget's request is answered as
 * written, with the notice, and kept; once the file is served again, the next request (after
 * "Start over") gets its questions.
 */
async function answeredAsWrittenThenAsked(page, url, file, served, what) {
  const ready = "#trip [data-testid=request]";
  allowConsoleErrors(page, new RegExp(file.replace(".", "\\.")));
  await page.route(`**/${file}`, (route) => route.fulfill(served));
  await page.goto(url);
  await page.locator(ready).waitFor({ timeout: 15000 });
  await page.locator(ready).fill("Plan a trip to Paris");
  await page.locator("#trip [data-testid=submit]").click();
  await page.locator("#trip [data-testid=answer]").waitFor({ timeout: 5000 });
  const notice = page.locator("#trip [data-testid=engine-notice]");
  check(await notice.count() === 1 && (await notice.textContent()) === "Questions could not be prepared, so your request goes ahead as written.",
    `${what}: the widget tells the visitor plainly`);
  const state = await page.evaluate(() => document.getElementById("trip").clarifier.state);
  check(state.request === "Plan a trip to Paris" && state.status === "completed", `${what}: the request is answered as written (${state.status})`);
  await page.unroute(`**/${file}`);
  await page.locator("#trip [data-testid=start-over]").click();
  await page.locator(ready).fill("Plan a trip to Rome");
  await page.locator("#trip [data-testid=submit]").click();
  await page.locator("#trip [data-testid=question-card]").waitFor({ timeout: 5000 });
}

/**
 * Sends each request of `IN_LANGUAGES` in a fresh page at `url` (the request box under
 * `scope`), typed as a user types it: its question comes in its own language, and the page
 * fetched that language's columns once and no other language's.
 */
async function inLanguages(browser, url, ready, scope) {
  for (const { tag, request, question } of IN_LANGUAGES) {
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const page = await context.newPage();
    const transfers = await recordTransfers(page);
    await page.goto(url);
    await page.waitForSelector(ready, { timeout: 15000 });
    await page.locator(`${scope}[data-testid=request]`).pressSequentially(request, { delay: 30 });
    await page.locator(`${scope}[data-testid=submit]`).click();
    const text = page.locator(`${scope}[data-testid=question-text]`);
    await text.waitFor({ timeout: 10000 });
    check((await text.innerText()).trim() === question, `${tag}: "${request}" is asked "${question}" (got "${await text.innerText()}")`);
    const fetched = columnsFetched(transfers);
    check(fetched.join() === tag, `${tag}: only its own columns fetched, once (${fetched})`);
    console.log(`${scope ? "widget" : "app"} ${tag}: clarify-detector-${tag}.bin ${transfers.done.find((r) => COLUMNS.test(r.url)).bytes} bytes transferred`);
    await context.close();
  }
}

/**
 * The app's first load and the time from navigation start to the first question card, offline,
 * for each built folder of `dirs`, taken in turns (so a busy machine slows each alike); a fresh
 * context (cold cache) per load, the request filled and sent as soon as the app is ready.
 */
async function time(browser, dirs) {
  const servers = await Promise.all(dirs.map((d) => serve(resolve(d), { precompressed: true })));
  const runs = dirs.map(() => []);
  try {
    for (let round = 0; round < 7; round++) {
      for (const [i, server] of servers.entries()) {
        const context = await browser.newContext();
        const page = await context.newPage();
        const transfers = await recordTransfers(page);
        await page.goto(server.url);
        await page.waitForSelector("[data-testid=app-ready]", { timeout: 15000 });
        await page.fill("[data-testid=request]", "Plan a trip to Paris");
        await page.click("[data-testid=submit]");
        await page.waitForSelector("[data-testid=question-card]", { timeout: 15000 });
        const ms = await page.evaluate(() => performance.now());
        runs[i].push({ ms, bytes: transfers.total() });
        await context.close();
      }
    }
    for (const [i, dir] of dirs.entries()) {
      const ms = runs[i].map((r) => Math.round(r.ms)).sort((a, b) => a - b);
      console.log(`${dir}: navigation → first question ${JSON.stringify(ms)} ms (median ${ms[3]}); transferred by then ${runs[i][0].bytes} bytes`);
    }
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
}

if (mode === "app") await main("the app's first load has no detector data; typing fetches it; a failed fetch still answers; a language's columns only for a request in it", app);
else if (mode === "widget") await main("a widget page's first load has no detector data; typing or start() fetches it; a damaged file still answers; a language's columns only for a request in it", widget);
else if (mode === "time") await main("timing", (b) => time(b, process.argv.slice(3)));
else throw new Error("usage: node tests/e2e/on-demand.mjs app|widget|time DIR…");
