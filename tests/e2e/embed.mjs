// The embeddable bundle on a plain host page (examples/host-page/), in headless Chromium, under
// the strict CSP of issue 9: two <clarify-widget>s answered independently, their DOM events,
// no style leaking either way, text shown as text, and a widget that survives being removed
// and added back. The card inside is the app's (web/src/ui/question_card.rs): its badge shapes,
// "why", assumption, keys, ARIA roles, English and Chinese chrome and focus are checked here too,
// under a host that stops every event at the widget. Saves target/e2e/embed-host-page.png.
import { cp, mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { serve, main, strictPage, shot, check, root, STRICT_CSP, allowConsoleErrors } from "./lib.mjs";

// The page as a site would deploy it: the host page, with target/embed/ copied in as embed/.
const site = join(root, "target/e2e/host-page-site");
await rm(site, { recursive: true, force: true });
await mkdir(site, { recursive: true });
await cp(join(root, "examples/host-page"), site, { recursive: true });
await cp(join(root, "target/embed"), join(site, "embed"), { recursive: true });
const server = await serve(site, { headers: { "content-security-policy": STRICT_CSP } });

/** Computed styles of the host page's own probe elements. */
const HOST_PROBES = ["body", "h1", "#probe-div", "#probe-span", "#probe-button", "section", "#log"];
const PROPS = ["color", "backgroundColor", "fontSize", "fontFamily", "fontStyle", "margin", "padding",
  "borderTopStyle", "borderTopColor", "display", "textTransform", "letterSpacing", "lineHeight", "visibility"];

async function hostStyles(page) {
  return page.evaluate(({ probes, props }) => {
    const out = {};
    for (const sel of probes) {
      const cs = getComputedStyle(document.querySelector(sel));
      out[sel] = Object.fromEntries(props.map((p) => [p, cs[p]]));
    }
    return out;
  }, { probes: HOST_PROBES, props: PROPS });
}

/** Option `n` (from 1) of widget locator `w`'s card. */
const option = (w, n) => w.locator("[data-testid=option]").nth(n - 1);

/** How many questions widget `id` has resolved. */
const resolved = (page, id) => page.locator(`#${id}`).evaluate((el) => el.clarifier.state.resolutions.length);

/** Waits until widget `id` has resolved more than `count` questions. */
const answered = (page, id, count) =>
  page.waitForFunction(({ id, count }) => document.getElementById(id).clarifier.state.resolutions.length > count, { id, count });

/** Answers the pending question of widget `id`: the first option, else typed text. */
async function answerOne(page, id, typed = "It crashes on start") {
  const w = page.locator(`#${id}`);
  await w.locator("[data-testid=question-card]").waitFor({ timeout: 5000 });
  check(await w.locator("[data-testid=continue]").isDisabled(), `${id}: Continue is disabled before an answer`);
  if ((await w.locator("[data-testid=option]").count()) > 0) await option(w, 1).check();
  else await w.locator("[data-testid=free-text]").fill(typed);
  const before = await resolved(page, id);
  await w.locator("[data-testid=continue]").click();
  // The card hands the answer over after the browser painted "Continuing…".
  await answered(page, id, before);
}

/** Answers widget `id` until it is done; returns how many questions it answered. */
async function answerAll(page, id) {
  const w = page.locator(`#${id}`);
  for (let n = 0; n < 10; n++) {
    const status = await w.evaluate((el) => el.clarifier.status);
    if (status === "completed" || status === "handed_off") return n;
    check(status === "awaiting_clarification", `${id}: unexpected status ${status}`);
    await answerOne(page, id);
  }
  throw new Error(`${id}: never finished`);
}

const events = (page, widget, type) =>
  page.evaluate(({ widget, type }) => window.clarifyEvents.filter((e) => e.widget === widget && e.type === type), { widget, type });

await main("the host page embeds two independent widgets under a strict CSP", async (browser) => {
  // 1. The page's own look without Clarify (the bundle blocked), to compare with later.
  const bare = await strictPage(browser);
  // The blocked bundle is logged as a failed load (net::ERR_FAILED): what this page is for.
  allowConsoleErrors(bare, /Failed to load resource: net::ERR_FAILED/);
  await bare.route("**/embed/**", (r) => r.abort());
  await bare.goto(server.url);
  const before = await hostStyles(bare);
  await bare.context().close();

  const page = await strictPage(browser);
  await page.goto(server.url);
  await page.locator("#trip [data-testid=request]").waitFor({ timeout: 15000 });
  await page.locator("#support [data-testid=request]").waitFor({ timeout: 5000 });

  // 2. Our styles do not leak out: the host page looks exactly as it did without the widgets.
  const after = await hostStyles(page);
  check(JSON.stringify(after) === JSON.stringify(before),
    `host styles unchanged by the widgets:\n${JSON.stringify(before)}\n${JSON.stringify(after)}`);

  // 3. Host styles do not reach in, !important or not.
  //    The values are card.css's and widget.css's (the frame resets what the page passes down).
  const inside = await page.locator("#trip").evaluate((el) => {
    const q = (s) => getComputedStyle(el.shadowRoot.querySelector(s));
    const card = q(".clarify"), button = q("[data-testid=submit]"), area = q("[data-testid=request]");
    return {
      card: [card.display, card.visibility, card.color, card.fontStyle, card.fontWeight, card.textTransform, card.letterSpacing, card.fontSize, card.borderTopStyle],
      button: [button.backgroundColor, button.color, button.fontSize, button.borderTopWidth, button.paddingTop, button.visibility],
      area: [area.display, area.backgroundColor, area.fontSize, area.borderTopStyle],
    };
  });
  const want = {
    card: ["block", "visible", "rgb(29, 35, 48)", "normal", "400", "none", "normal", "15px", "none"],
    button: ["rgb(47, 91, 211)", "rgb(255, 255, 255)", "15px", "1px", "5px", "visible"],
    area: ["block", "rgb(255, 255, 255)", "15px", "solid"],
  };
  check(JSON.stringify(inside) === JSON.stringify(want), `widget styles are ours:\n${JSON.stringify(inside)}\n${JSON.stringify(want)}`);

  // 4. The trip widget: two questions at most (max-questions="2"), then the offline answer.
  await page.locator("#trip [data-testid=request]").fill("Plan a trip to Paris");
  await page.locator("#trip [data-testid=submit]").click();
  await page.locator("#trip [data-testid=question-card]").waitFor({ timeout: 5000 });
  const badge = await page.locator("#trip [data-testid=priority]").textContent();
  check(["Critical", "Important", "Helpful"].includes(badge), `the priority is written: ${badge}`);
  await page.screenshot({ path: await shot("embed-question.png") });
  check((await page.locator("#support").evaluate((el) => el.clarifier.status)) === "idle", "the other widget stays idle");
  // The question the user's own request brought up has focus.
  check(await page.locator("#trip").evaluate((el) => el.shadowRoot.activeElement?.dataset.testid === "question-card"),
    "the new question takes focus after the user's request");
  // Keyboard: "2" picks the second option, Enter continues.
  const trip = page.locator("#trip");
  const firstTrip = await page.locator("#trip [data-testid=question-text]").textContent();
  await option(trip, 1).focus();
  await page.keyboard.press("2");
  check(await option(trip, 2).isChecked(), "the digit 2 picks option 2");
  check(!(await page.locator("#trip [data-testid=continue]").isDisabled()), "Continue is enabled once answered");
  await page.keyboard.press("Enter");
  await answered(page, "trip", 0);
  check((await page.locator("#trip").evaluate((el) => el.clarifier.state.resolutions[0].question.text)) === firstTrip, "Enter answered the shown question");
  const tripAnswered = 1 + (await answerAll(page, "trip"));
  check(tripAnswered >= 1 && tripAnswered <= 2, `trip: 1–2 questions (max-questions=2), got ${tripAnswered}`);
  // Offline the answer is the enriched prompt, which is the page's (clarify-done): the visitor
  // reads a plain line instead.
  const tripAnswer = await page.locator("#trip [data-testid=answer]").textContent();
  check(tripAnswer === "Thanks — that's everything we need." && !tripAnswer.includes("Offline mode"),
    `trip: the visitor reads a plain line, not the prompt: ${tripAnswer}`);
  const tq = await events(page, "trip", "clarify-question");
  const ta = await events(page, "trip", "clarify-answer");
  const td = await events(page, "trip", "clarify-done");
  check(tq.length === tripAnswered && ta.length === tripAnswered && td.length === 1,
    `trip events: ${tq.length} question, ${ta.length} answer, ${td.length} done`);
  check(tq[0].detail.question.id && tq[0].detail.progress.current === 1, "question event carries the question and progress");
  check(tq.every((e) => e.shown === e.detail.question.text),
    `a question event's listener sees that question on the card: ${JSON.stringify(tq.map((e) => [e.shown, e.detail.question.text]))}`);
  check(ta[0].detail.answer.kind === "choices" && ta[0].detail.question.id === tq[0].detail.question.id, "answer event carries the answer");
  check(td[0].detail.prompt.includes("Plan a trip to Paris") && td[0].detail.status === "completed", "done event carries the prompt");

  // 5. The support widget: removed mid-question and added back, it keeps its session and holds
  //    the same listeners again.
  await page.locator("#support [data-testid=request]").fill("I want a refund");
  await page.locator("#support [data-testid=submit]").click();
  await page.locator("#support [data-testid=question-card]").waitFor({ timeout: 5000 });
  const asked = await page.locator("#support [data-testid=question-text]").textContent();
  const counts = await page.evaluate(() => {
    const el = document.getElementById("support");
    const parent = el.parentNode;
    const whileAttached = el.clarifier.listenerCount;
    el.remove();
    const whileDetached = el.clarifier.listenerCount;
    parent.append(el);
    return [whileAttached, whileDetached, el.clarifier.listenerCount];
  });
  // Away, one listener stays: it keeps what happens to the session for the element's return.
  check(counts[0] >= 2 && counts[1] === 1 && counts[2] === counts[0],
    `the card's views' listeners, released on removal, the same again on return: ${counts}`);
  check((await page.locator("#support [data-testid=question-text]").textContent()) === asked, "the same question is shown again");
  const supportAnswered = await answerAll(page, "support");
  check(supportAnswered >= 1, "support: answered its questions");
  check((await events(page, "support", "clarify-handoff")).length === 0, "support: no handoff (the widget takes no documents)");
  check((await events(page, "support", "clarify-done")).length === 1, "support: one done event");
  check((await events(page, "support", "clarify-answer")).length === supportAnswered, "support: one answer event per answer");
  check((await events(page, "trip", "clarify-question")).length === tq.length, "trip got no events from support");

  // 6. Text is text: markup in a request never becomes elements or runs.
  const xss = `<img src=x onerror="window.pwned=1"><script>window.pwned=2</script><a href="javascript:window.pwned=3">x</a> plan a trip`;
  const injected = await page.evaluate(async (request) => {
    const w = document.createElement("clarify-widget");
    w.id = "xss";
    document.body.append(w);
    w.start(request);
    if (w.clarifier.status === "awaiting_clarification") w.clarifier.skipAll();
    await new Promise((r) => setTimeout(r, 50));
    const root = w.shadowRoot;
    return {
      elements: root.querySelectorAll("img, script, a, svg, iframe").length,
      request: root.querySelector("[data-testid=conv-request]")?.textContent ?? "",
      pwned: window.pwned ?? null,
    };
  }, xss);
  check(injected.elements === 0 && injected.pwned === null, `no element or handler from markup: ${JSON.stringify(injected)}`);
  check(injected.request.includes("<img src=x"), `the markup is shown as text: ${injected.request}`);

  // 6b. Text from an LLM (question, why, options) is text too: a snapshot whose pending question
  //     carries markup is restored into a widget and drawn without creating any element.
  const drawn = await page.evaluate(async () => {
    const w = document.createElement("clarify-widget");
    w.id = "xss2";
    document.body.append(w);
    w.start("Plan a trip to Paris");
    const q = w.clarifier.question;
    const evil = '<img src=x onerror="window.pwned=4"><svg onload="window.pwned=5"></svg>';
    const snap = JSON.parse(w.clarifier.snapshot());
    const swap = (node) => {
      if (Array.isArray(node)) return node.map(swap);
      if (node && typeof node === "object") {
        for (const k of Object.keys(node)) {
          if (typeof node[k] === "string" && (node[k] === q.text || node[k] === q.why || node[k] === q.options[0].label)) node[k] = evil + node[k];
          else node[k] = swap(node[k]);
        }
      }
      return node;
    };
    w.clarifier.reset();
    w.clarifier.restore(JSON.stringify(swap(snap)));
    await new Promise((r) => setTimeout(r, 50));
    const root = w.shadowRoot;
    const out = {
      elements: root.querySelectorAll("img, svg, script").length,
      text: root.querySelector("[data-testid=question-text]").textContent,
      label: root.querySelector("[data-testid=option-label]").textContent,
      pwned: window.pwned ?? null,
    };
    w.remove();
    return out;
  });
  check(drawn.elements === 0 && drawn.pwned === null && drawn.text.startsWith("<img src=x") && drawn.label.startsWith("<img"),
    `LLM text is drawn as text: ${JSON.stringify(drawn)}`);

  // 7. Bad attributes: a plain line for the visitor in their language; which attribute and why
  //    for the developer, in the event and on the console (never the engine's own words); no
  //    exception on the page.
  allowConsoleErrors(page, /clarify-widget: The (max-questions|max-rounds) attribute must be a whole number/);
  const bad = await page.evaluate(() => {
    const w = document.createElement("clarify-widget");
    w.id = "bad";
    w.setAttribute("max-questions", "lots");
    document.body.append(w);
    return { text: w.shadowRoot.querySelector("[data-testid=error]").textContent, event: window.clarifyEvents.find((e) => e.widget === "bad") };
  });
  check(bad.event?.detail.code === "bad_attribute" && bad.event.detail.message.includes("max-questions") && bad.event.detail.message.includes("lots") &&
    !/invalid type|u32|NaN/.test(bad.event.detail.message) && bad.text === "Sorry, this is not available right now.", `bad attributes: ${JSON.stringify(bad)}`);
  // A language not shown on the page yet has its words fetched (words/zh-Hans.json): the
  // line is worded again once they are here.
  const zhBad = await page.evaluate(async () => {
    const w = document.createElement("clarify-widget");
    w.id = "bad-zh";
    w.setAttribute("language", "zh-CN");
    w.setAttribute("max-rounds", "NaN");
    document.body.append(w);
    const line = () => w.shadowRoot.querySelector("[data-testid=error]")?.textContent ?? "";
    for (let i = 0; i < 100 && !/[\u4e00-\u9fff]/.test(line()); i++) await new Promise((ok) => setTimeout(ok, 50));
    const text = line();
    w.remove();
    return text;
  });
  check(zhBad === "抱歉，此功能暂时无法使用。", `the line is in the widget's language: ${zhBad}`);
  // Made valid, the widget starts working and the message goes.
  const healed = await page.evaluate(async () => {
    const w = document.getElementById("bad");
    w.setAttribute("max-questions", "2");
    await Promise.resolve();
    return { text: w.shadowRoot.querySelector("[data-testid=error]").textContent, status: w.clarifier?.status ?? null };
  });
  check(healed.text === "" && healed.status === "idle", `a valid value clears the message: ${JSON.stringify(healed)}`);
  await page.evaluate(() => { document.getElementById("bad").remove(); document.getElementById("xss").remove(); });

  // 7b. Attributes changed after connection, as a framework sets props: changes in one task are
  //     applied together at its end (model before endpoint is no error), to the same Clarifier
  //     (subscriptions to it live on); an invalid value is refused and shown until a valid one
  //     clears it; mid-question the pending question is left alone and the change applies to the
  //     next request.
  const reconf = await page.evaluate(async () => {
    const tick = () => Promise.resolve();
    const codes = () => window.clarifyEvents.filter((e) => e.widget === "reconf").map((e) => e.detail.code);
    const w = document.createElement("clarify-widget");
    w.id = "reconf";
    w.setAttribute("max-questions", "1");
    document.body.append(w);
    const first = w.clarifier;
    let heard = 0;
    first.subscribe(() => heard++);
    w.setAttribute("model", "none");
    w.setAttribute("endpoint", `${location.origin}/v1`);
    await tick();
    await new Promise((r) => setTimeout(r, 0));
    const batched = { codes: codes(), error: w.shadowRoot.querySelector("[data-testid=error]").textContent };
    w.removeAttribute("model");
    w.removeAttribute("endpoint");
    w.setAttribute("max-questions", "lots");
    await tick();
    const refused = { kept: w.clarifier === first, error: w.shadowRoot.querySelector("[data-testid=error]").textContent };
    w.setAttribute("max-questions", "3");
    await tick();
    const applied = { same: w.clarifier === first, error: w.shadowRoot.querySelector("[data-testid=error]").textContent };
    w.start("Plan a trip to Paris");
    const total = w.clarifier.state.progress.total;
    w.setAttribute("max-questions", "1");
    await tick();
    const midQuestion = { same: w.clarifier === first, status: w.clarifier.status, total: w.clarifier.state.progress.total };
    w.clarifier.skipAll();
    w.start("Plan a trip to Paris");
    // The card renders in a task after the change.
    await new Promise((r) => setTimeout(r, 0));
    const next = { total: w.clarifier.state.progress.total, shown: w.shadowRoot.querySelector("[data-testid=progress]")?.textContent };
    w.remove();
    return { batched, refused, applied, total, midQuestion, next, heard, codes: codes() };
  });
  check(!reconf.batched.codes.includes("bad_options") && !reconf.batched.codes.includes("bad_attribute") && reconf.batched.error === "",
    `model then endpoint in one task is no error: ${JSON.stringify(reconf)}`);
  check(reconf.refused.kept && reconf.refused.error === "Sorry, this is not available right now." && reconf.codes.includes("bad_attribute"),
    `an invalid attribute is refused and said: ${JSON.stringify(reconf)}`);
  check(reconf.applied.same && reconf.applied.error === "", `a valid one applies to the same Clarifier and clears the message: ${JSON.stringify(reconf)}`);
  check(reconf.total > 1 && reconf.midQuestion.same && reconf.midQuestion.status === "awaiting_clarification" && reconf.midQuestion.total === reconf.total,
    `a change mid-question leaves the pending question alone: ${JSON.stringify(reconf)}`);
  check(reconf.next.total === 1 && reconf.next.shown === "Question 1 of 1", `the change applies to the next request: ${JSON.stringify(reconf)}`);
  check(reconf.heard > 3, `a subscription to the element's Clarifier lives through attribute changes (${reconf.heard} calls)`);
  // The developer reads each problem once on the console, however many widgets met it.
  const attrLines = page.errors.filter((e) => /clarify-widget: The (max-questions|max-rounds) attribute/.test(e));
  check(attrLines.filter((e) => e.includes('(it is "lots")')).length === 1 && attrLines.filter((e) => e.includes('(it is "NaN")')).length === 1,
    `one console line per invalid attribute for the page: ${JSON.stringify(attrLines)}`);
  page.errors = page.errors.filter((e) => !attrLines.includes(e));

  // 7b'. Events that keep a host in step: a start, a changed answer (with the one it replaces),
  //      the answer, and "Start over" in the card.
  await page.evaluate(() => {
    const w = document.createElement("clarify-widget");
    w.id = "steps";
    w.setAttribute("max-questions", "3");
    document.body.append(w);
  });
  const steps = page.locator("#steps");
  await page.evaluate(() => document.getElementById("steps").start("Plan a trip to Paris"));
  await steps.locator("[data-testid=question-card]").waitFor({ timeout: 5000 });
  const firstId = await steps.evaluate((el) => el.clarifier.question.id);
  await answerOne(page, "steps");
  const changed = await steps.evaluate(async (el) => {
    const c = el.clarifier;
    if (c.status !== "awaiting_clarification" || !c.state.reopenable.length) return null;
    const id = c.state.reopenable[0];
    c.reopen(id);
    const q = c.question;
    c.answer(q.id, { choice: q.options[q.options.length - 1].id });
    return id;
  });
  check(changed === firstId, `the first answer can be changed (${changed})`);
  await steps.evaluate((el) => el.clarifier.status === "awaiting_clarification" && el.clarifier.skipAll());
  await steps.locator("[data-testid=start-over]").click();
  await page.waitForFunction(() => window.clarifyEvents.some((e) => e.widget === "steps" && e.type === "clarify-reset"), null, { timeout: 5000 });
  const stepEvents = await page.evaluate(() =>
    window.clarifyEvents.filter((e) => e.widget === "steps" && e.type !== "clarify-ready").map((e) => [e.type, e.detail]));
  const types = stepEvents.map(([t]) => t);
  check(types[0] === "clarify-start" && stepEvents[0][1].request === "Plan a trip to Paris", `a start event first: ${types}`);
  const answers = stepEvents.filter(([t, d]) => t === "clarify-answer" && d.question.id === firstId);
  check(answers.length === 2 && answers[0][1].previous === null && answers[1][1].previous?.kind === "choices" &&
    JSON.stringify(answers[1][1].previous) === JSON.stringify(answers[0][1].answer),
    `the changed answer is told with the one it replaces: ${JSON.stringify(answers)}`);
  check(types.indexOf("clarify-done") > 0 && types.at(-1) === "clarify-reset" && types.filter((t) => t === "clarify-start").length === 1,
    `done, then reset: ${types}`);
  await page.evaluate(() => document.getElementById("steps").remove());

  // 7c. The card is the app's: the badge with its shape, "why this matters", the assumption
  //     line, the ARIA roles, Chinese chrome after language="zh" (switched live), and focus left
  //     where the page put it when the page's script starts the conversation. The widget sits in
  //     an element that stops every event on its way out, so the card's own handlers (none may
  //     listen on the document) take clicks, keys and typing.
  await page.evaluate(() => {
    const wall = document.createElement("div");
    wall.id = "wall";
    for (const type of ["click", "keydown", "keyup", "input", "change", "submit", "focusin", "pointerdown", "mousedown"]) {
      wall.addEventListener(type, (e) => e.stopPropagation());
    }
    const field = document.createElement("input");
    field.id = "host-field";
    const w = document.createElement("clarify-widget");
    w.id = "zh";
    w.setAttribute("language", "zh");
    wall.append(field, w);
    document.body.append(wall);
    field.focus();
    w.start("Plan a trip to Paris");
  });
  const zh = page.locator("#zh");
  await zh.locator("[data-testid=question-card]").waitFor({ timeout: 5000 });
  const card = await zh.evaluate((el) => {
    const root = el.shadowRoot;
    const badge = root.querySelector("[data-testid=priority]");
    const shape = getComputedStyle(badge.querySelector(".qcard-badge-shape"));
    const group = root.querySelector("[data-testid=options]");
    return {
      priority: badge.dataset.priority,
      badge: badge.textContent,
      shape: { clip: shape.clipPath, transform: shape.transform, radius: shape.borderRadius, width: shape.width },
      why: root.querySelector("[data-testid=question-why]").textContent,
      assumption: root.querySelector("[data-testid=assumption]")?.textContent ?? null,
      progress: root.querySelector("[data-testid=progress]").textContent,
      role: group.getAttribute("role"),
      groupName: root.getElementById(group.getAttribute("aria-labelledby"))?.textContent ?? null,
      question: el.clarifier.question.text,
      options: [...root.querySelectorAll("[data-testid=option]")].map((o) => `${o.getAttribute("role")}:${o.getAttribute("aria-checked")}`),
      focus: document.activeElement?.id ?? null,
      lang: root.querySelector(".clarify").lang,
    };
  });
  const WORDS = { critical: "关键", important: "重要", helpful: "有帮助" };
  check(card.badge === WORDS[card.priority], `the badge is written in Chinese: ${JSON.stringify(card)}`);
  const SHAPE = {
    critical: card.shape.clip.startsWith("polygon"),
    important: card.shape.transform !== "none",
    helpful: card.shape.radius === "50%",
  };
  check(SHAPE[card.priority] && card.shape.width === "9px", `the badge has its ${card.priority} shape: ${JSON.stringify(card.shape)}`);
  check(card.why.startsWith("为什么重要") && card.assumption?.startsWith("如果跳过："),
    `"why" and the assumption line, in Chinese: ${JSON.stringify(card)}`);
  check(/^第 1 题，共 \d 题$/.test(card.progress) && card.lang === "zh-Hans", `Chinese progress and lang: ${JSON.stringify(card)}`);
  check(card.role === "radiogroup" && card.groupName === card.question && card.options.length >= 2 &&
    card.options.every((o) => o === "radio:false"), `ARIA roles: ${JSON.stringify(card)}`);
  check(card.focus === "host-field", `a conversation the page's script started leaves focus where it was: ${card.focus}`);
  await page.evaluate(() => document.getElementById("zh").setAttribute("language", "en"));
  await zh.locator("[data-testid=question-why]", { hasText: "Why this matters" }).waitFor({ timeout: 2000 });
  check((await zh.locator("[data-testid=progress]").textContent()).startsWith("Question 1 of"), "the chrome switches to English at once");
  await option(zh, 1).click();
  check(await option(zh, 1).isChecked(), "a click on an option reaches the card through the wall");
  await page.keyboard.press("ArrowDown");
  check(await option(zh, 2).isChecked(), "ArrowDown picks the next option");
  await page.keyboard.press("1");
  check(await option(zh, 1).isChecked(), "the digit 1 picks the first option");
  await page.keyboard.press("Enter");
  await answered(page, "zh", 0);
  if ((await zh.evaluate((el) => el.clarifier.status)) === "awaiting_clarification") {
    await zh.locator("[data-testid=continue-anyway]").click();
  }
  await zh.locator("[data-testid=answer]").waitFor({ timeout: 5000 });
  await zh.locator("[data-testid=start-over]").click();
  await zh.locator("[data-testid=request]").fill("my app crashes");
  await zh.locator("[data-testid=submit]").click();
  await zh.locator("[data-testid=question-card]").waitFor({ timeout: 5000 });
  check((await zh.evaluate((el) => el.clarifier.state.request)) === "my app crashes", "typing and Send start a conversation through the wall");
  // What the user does in the card and the session refuses (the page's script moved the session
  // on before the card redrew) is emitted as clarify-error.
  const refusal = await page.evaluate(() => {
    const w = document.getElementById("zh");
    w.clarifier.skipAll();
    w.shadowRoot.querySelector("[data-testid=continue-anyway]").click();
    return window.clarifyEvents.filter((e) => e.widget === "zh" && e.type === "clarify-error").map((e) => e.detail.code);
  });
  check(JSON.stringify(refusal) === '["unexpected_input"]', `a refusal in the card is emitted: ${JSON.stringify(refusal)}`);
  await page.evaluate(() => document.getElementById("wall").remove());

  // 8. A pending question times out at its deadline (question-timeout-ms) and the widget moves on.
  const timedOut = await page.evaluate(async () => {
    const w = document.createElement("clarify-widget");
    w.id = "timeout";
    w.setAttribute("question-timeout-ms", "200");
    w.setAttribute("max-questions", "1");
    document.body.append(w);
    const told = new Promise((r) => w.addEventListener("clarify-answer", r, { once: true }));
    w.start("Plan a trip to Paris");
    const asked = w.clarifier.status;
    for (let i = 0; i < 200 && w.clarifier.status === "awaiting_clarification"; i++) await new Promise((r) => setTimeout(r, 50));
    const out = { asked, final: w.clarifier.status, kinds: w.clarifier.state.resolutions.map((r) => r.answer.kind) };
    // The event follows the status by a task; removed before it, the widget would keep it for
    // its return.
    await Promise.race([told, new Promise((r) => setTimeout(r, 5000))]);
    w.remove();
    return out;
  });
  check(timedOut.asked === "awaiting_clarification" && timedOut.final === "completed" && timedOut.kinds[0] === "timed_out",
    `a question times out: ${JSON.stringify(timedOut)}`);
  let timeoutEvents = [];
  for (let i = 0; i < 100 && timeoutEvents.length === 0; i++) {
    timeoutEvents = await events(page, "timeout", "clarify-answer");
    if (timeoutEvents.length === 0) await new Promise((r) => setTimeout(r, 50));
  }
  check(timeoutEvents.length === 1 && timeoutEvents[0].detail.answer.kind === "timed_out",
    `the timeout is an answer event: ${JSON.stringify(timeoutEvents.map((e) => e.detail.answer?.kind))}`);

  // 9. With an endpoint, LLM calls run as tasks even though no Leptos app started the executor:
  //    a same-origin endpoint that answers 404 makes detection fall back to the embedded
  //    detector (a question appears) and generation fail with a message (no hang, no panic).
  //    Chromium logs each 404 response as a console error ("Failed to load resource"): expected.
  allowConsoleErrors(page, /Failed to load resource: the server responded with a status of 404/);
  // The failed answer's reason is the developer's: on the console, as the card says it plainly.
  allowConsoleErrors(page, /clarify-widget: the answer could not be produced: .*HTTP 404/);
  const llm = await page.evaluate(async () => {
    const w = document.createElement("clarify-widget");
    w.id = "llm";
    w.setAttribute("endpoint", `${location.origin}/v1`);
    w.setAttribute("model", "none");
    document.body.append(w);
    const until = async (ok) => {
      for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 50));
    };
    w.start("Plan a trip to Paris");
    await until(() => w.clarifier.status !== "analyzing");
    const asked = w.clarifier.status;
    if (asked === "awaiting_clarification") w.clarifier.skipAll();
    await until(() => w.clarifier.status !== "generating");
    const out = { asked, final: w.clarifier.status, failure: w.clarifier.state.failure };
    w.remove();
    return out;
  });
  check(llm.asked === "awaiting_clarification" && llm.final === "failed" && /404|not found/i.test(llm.failure ?? ""),
    `endpoint path: detection falls back, generation fails clearly: ${JSON.stringify(llm)}`);
  await page.waitForFunction(() => window.clarifyEvents.some((e) => e.widget === "llm" && e.detail?.code === "answer_failed"), null, { timeout: 5000 });
  const llmEvents = await page.evaluate(() => window.clarifyEvents.filter((e) => e.widget === "llm").map((e) => [e.type, e.detail]));
  const fallback = llmEvents.find(([t]) => t === "clarify-fallback");
  const failedAnswer = llmEvents.find(([t, d]) => t === "clarify-error" && d.code === "answer_failed");
  check(fallback && fallback[1].reason.length > 0, `the fallback to the embedded detector is an event: ${JSON.stringify(llmEvents)}`);
  check(failedAnswer && /404|not found/i.test(failedAnswer[1].message), `the failed answer is a clarify-error answer_failed: ${JSON.stringify(llmEvents)}`);
  check(page.errors.some((e) => e.includes("clarify-widget: the answer could not be produced") && e.includes("HTTP 404")),
    `the failed answer's reason is on the console: ${page.errors.join("; ")}`);
  page.errors = page.errors.filter((e) => !e.includes("404"));

  // 10. storage-key: a reload shows the same pending question; a corrupt snapshot is reported,
  //     forgotten, and the widget starts fresh.
  const mount = (id) => page.evaluate((id) => {
    const w = document.createElement("clarify-widget");
    w.id = id;
    w.setAttribute("storage-key", "clarify-test");
    document.body.append(w);
    return { status: w.clarifier.status, question: w.clarifier.question?.text ?? null };
  }, id);
  await page.evaluate(() => localStorage.removeItem("clarify-test"));
  await mount("stored");
  await page.evaluate(() => document.getElementById("stored").start("my app crashes"));
  const beforeReload = await page.evaluate(() => document.getElementById("stored").clarifier.question.text);
  const eventsBefore = await page.evaluate(() => window.clarifyEvents.length);
  check(eventsBefore > 0, "events were recorded before the reload");
  await page.screenshot({ path: await shot("embed-host-page.png"), fullPage: true });
  const violationsBefore = await page.evaluate(() => window.cspViolations);
  check(violationsBefore.length === 0, `no CSP violations: ${violationsBefore.join("; ")}`);
  await page.reload();
  await page.locator("#trip [data-testid=request]").waitFor({ timeout: 15000 });
  const restored = await mount("stored");
  check(restored.status === "awaiting_clarification" && restored.question === beforeReload,
    `the pending question survives a reload: ${JSON.stringify(restored)} vs ${beforeReload}`);
  await page.evaluate(() => { document.getElementById("stored").remove(); localStorage.setItem("clarify-test", "{garbage"); });
  const fresh = await mount("corrupt");
  const corruptEvent = await page.evaluate(() => window.clarifyEvents.find((e) => e.widget === "corrupt"));
  check(fresh.status === "idle" && corruptEvent?.detail.code === "bad_snapshot", `a corrupt snapshot: ${JSON.stringify({ fresh, corruptEvent })}`);
  check((await page.evaluate(() => localStorage.getItem("clarify-test"))) === null, "the corrupt snapshot is forgotten");
  await page.evaluate(() => document.getElementById("corrupt").remove());

  const violations = await page.evaluate(() => window.cspViolations);
  check(violations.length === 0, `no CSP violations: ${violations.join("; ")}`);
  check(page.errors.length === 0, `no console errors: ${page.errors.join("; ")}`);
});

await main("two tabs with the same storage-key follow each other; an overruled tab is told", async (browser) => {
  const KEY = "clarify-sync";
  // Tabs of one browser profile share localStorage and hear each other's writes (`storage`).
  const a = await strictPage(browser);
  const context = a.context();
  const open = async (page) => {
    if (!page.errors) {
      page.errors = [];
      page.on("pageerror", (e) => page.errors.push(`uncaught: ${e.message}`));
      page.on("console", (m) => m.type() === "error" && page.errors.push(`console: ${m.text()}`));
    }
    await page.goto(server.url);
    await page.locator("#trip [data-testid=request]").waitFor({ timeout: 15000 });
    await page.evaluate(() => {
      window.overruled = [];
      document.addEventListener("clarify-overruled", (e) => window.overruled.push(e.detail.question));
    });
  };
  const mount = (page) => page.evaluate((key) => {
    const w = document.createElement("clarify-widget");
    w.id = "synced";
    w.setAttribute("storage-key", key);
    document.body.append(w);
  }, KEY);
  const view = (page) => page.evaluate((key) => {
    const c = document.getElementById("synced").clarifier;
    const root = document.getElementById("synced").shadowRoot;
    return {
      status: c.status,
      question: c.question?.text ?? null,
      answers: c.state.resolutions.map((r) => JSON.stringify(r.answer)),
      sameAsStorage: c.snapshot() === localStorage.getItem(key),
      notice: root.querySelector("[data-testid=notice]")?.textContent ?? null,
      overruled: window.overruled,
    };
  }, KEY);
  const until = async (page, test, what) => {
    for (let i = 0; i < 100; i++) {
      const v = await view(page);
      if (test(v)) return v;
      await page.waitForTimeout(50);
    }
    throw new Error(`${what}: ${JSON.stringify(await view(page))}`);
  };

  await open(a);
  await a.evaluate((key) => localStorage.removeItem(key), KEY);
  await mount(a);
  await a.evaluate(() => document.getElementById("synced").start("Plan a trip to Paris"));
  // Offline, the first request of a page waits for the detector's data (status analyzing).
  const first = await until(a, (v) => v.status === "awaiting_clarification", "tab A asks");
  const pending = await a.evaluate((key) => localStorage.getItem(key), KEY);

  const b = await context.newPage();
  await open(b);
  await mount(b);
  check((await view(b)).question === first.question, "tab B restores the same pending question");

  // 1. Tab A answers: tab B follows and shows A's next question, with nobody overruled.
  const w = a.locator("#synced");
  await option(w, 1).check();
  await w.locator("[data-testid=continue]").click();
  await answered(a, "synced", 0);
  const afterA = await view(a);
  check(afterA.answers.length === 1 && afterA.question !== first.question, `tab A moved on: ${JSON.stringify(afterA)}`);
  const followed = await until(b, (v) => v.answers.length === 1, "tab B follows tab A's answer");
  check(followed.question === afterA.question && followed.sameAsStorage && followed.notice === null && followed.overruled.length === 0,
    `tab B shows tab A's session, no notice: ${JSON.stringify(followed)}`);

  // 2. A third tab answers the first question differently, last: both widgets end on what
  //    storage holds, and both say that the answer given in them was overruled.
  const c = await context.newPage();
  await open(c);
  const written = await c.evaluate(async ({ key, pending }) => {
    const { Clarifier } = await (await import("/embed/clarify-element.js")).load();
    const other = new Clarifier();
    other.restore(pending);
    const q = other.question;
    other.answer(q.id, { choice: q.options[1].id });
    localStorage.setItem(key, other.snapshot());
    return localStorage.getItem(key);
  }, { key: KEY, pending });
  for (const [name, page] of [["A", a], ["B", b]]) {
    const v = await until(page, (v) => v.overruled.length > 0, `tab ${name} is told its answer was overruled`);
    check(v.sameAsStorage && v.overruled[0] === first.question && v.notice?.includes(first.question) && v.answers.length === 1,
      `tab ${name} shows storage's session and names the overruled question: ${JSON.stringify(v)}`);
  }
  check((await c.evaluate((key) => localStorage.getItem(key), KEY)) === written, "the following tabs did not write storage back");

  // 3. "Start over" elsewhere (the key removed): both widgets go back to idle.
  await c.evaluate((key) => localStorage.removeItem(key), KEY);
  for (const [name, page] of [["A", a], ["B", b]]) {
    await until(page, (v) => v.status === "idle", `tab ${name} follows the removal`);
  }
  // 4. A removed widget stops following (its listener is released with it).
  await b.evaluate(() => { window.detached = document.getElementById("synced"); window.detached.remove(); });
  await a.evaluate(() => document.getElementById("synced").start("I want a refund"));
  await until(a, (v) => v.status !== "idle" && v.sameAsStorage, "tab A starts and saves");
  await b.waitForTimeout(300);
  check((await b.evaluate(() => window.detached.clarifier.status)) === "idle", "a removed widget does not follow");
  for (const page of [a, b, c]) check(page.errors.length === 0, `no console errors: ${page.errors.join("; ")}`);
  const violations = await a.evaluate(() => window.cspViolations);
  check(violations.length === 0, `no CSP violations: ${violations.join("; ")}`);
  await context.close();
});
await main("the card reads typed replies as messages; options and messages are refused in JS's terms, once", async (browser) => {
  const page = await strictPage(browser);
  await page.goto(server.url);
  await page.locator("#trip [data-testid=request]").waitFor({ timeout: 15000 });
  const trip = page.locator("#trip");

  // 1. Text typed alone on the card reads as a message to the question does: "?" and "I don't
  //    know" in any of the engine's languages are "I don't know", a number picks that option.
  //    A language's replies are read once its words are on the page: the card is Spanish here.
  const send = await trip.locator("[data-testid=submit]").textContent();
  await trip.evaluate((el) => { el.setAttribute("max-questions", "4"); el.setAttribute("language", "es"); });
  await page.waitForFunction((send) => document.getElementById("trip").shadowRoot.querySelector("[data-testid=submit]").textContent !== send, send, { timeout: 5000 });
  await trip.locator("[data-testid=request]").fill("Plan a trip to Paris");
  await trip.locator("[data-testid=submit]").click();
  const replies = ["?", "no sé", "2", "I don't know."];
  const told = [];
  for (const reply of replies) {
    const status = await trip.evaluate((el) => el.clarifier.status);
    if (status !== "awaiting_clarification") break;
    await trip.locator("[data-testid=question-card]").waitFor({ timeout: 5000 });
    const question = await trip.evaluate((el) => el.clarifier.question);
    const before = await resolved(page, "trip");
    await trip.locator("[data-testid=free-text]").fill(reply);
    await trip.locator("[data-testid=continue]").click();
    await answered(page, "trip", before);
    const answer = await trip.evaluate((el, n) => el.clarifier.state.resolutions[n].answer, before);
    told.push([reply, question.options.length, answer]);
  }
  check(told.length >= 2, `at least two questions answered by typing: ${JSON.stringify(told)}`);
  for (const [reply, options, answer] of told) {
    const want = reply === "2" && options >= 2 ? "choices" : reply === "2" ? "text" : "dont_know";
    check(answer.kind === want, `"${reply}" typed on the card is ${want}: ${JSON.stringify(answer)}`);
  }
  const events = await page.evaluate(() => window.clarifyEvents.filter((e) => e.widget === "trip" && e.type === "clarify-answer").map((e) => e.detail.answer.kind));
  check(events[0] === "dont_know", `clarify-answer tells "?" as dont_know: ${events}`);
  if ((await trip.evaluate((el) => el.clarifier.status)) === "awaiting_clarification") await answerAll(page, "trip");
  await page.waitForFunction(() => window.clarifyEvents.some((e) => e.widget === "trip" && e.type === "clarify-done"), null, { timeout: 5000 });
  const done = await page.evaluate(() => window.clarifyEvents.find((e) => e.widget === "trip" && e.type === "clarify-done").detail);
  check(done.stopped === false, `clarify-done says the answer was not stopped: ${JSON.stringify(done.stopped)}`);

  // 2. An unknown messages key is one clarify-error, however often the element applies it again.
  const support = page.locator("#support");
  const errors = () => page.evaluate(() => window.clarifyEvents.filter((e) => e.widget === "support" && e.type === "clarify-error").map((e) => e.detail));
  allowConsoleErrors(page, /clarify-widget: messages names no word called "nope"/);
  await support.evaluate((el) => { el.messages = { nope: "x" }; });
  await page.waitForTimeout(100);
  await support.evaluate((el) => el.setAttribute("max-questions", "2"));
  await page.waitForTimeout(100);
  let told2 = await errors();
  check(told2.length === 1 && told2[0].code === "unknown_message", `one unknown_message for one assignment: ${JSON.stringify(told2)}`);
  const unknownLines = page.errors.filter((e) => e.includes('no word called "nope"'));
  check(unknownLines.length === 1, `and one console line: ${JSON.stringify(unknownLines)}`);
  page.errors = page.errors.filter((e) => !unknownLines.includes(e));
  await support.evaluate((el) => { el.messages = { send: "Ask" }; });
  await page.waitForTimeout(100);
  check((await support.locator("[data-testid=submit]").textContent()).trim() === "Ask", "valid messages apply");
  await support.evaluate((el) => { el.messages = { nope: "x" }; });
  await page.waitForTimeout(100);
  told2 = await errors();
  check(told2.length === 2, `valid again, then invalid again, is told again: ${JSON.stringify(told2)}`);
  await support.evaluate((el) => { el.messages = undefined; });

  // 3. Options of the wrong type or out of range say what was expected and what came, in JS's terms.
  const refused = await page.evaluate(() => {
    const C = document.getElementById("trip").clarifier.constructor;
    const out = {};
    for (const [name, options] of Object.entries({
      negative: { maxQuestions: -1 }, text: { maxQuestions: "2" }, fraction: { maxRounds: 2.5 },
      short: { endpointTimeoutMs: 5 }, flag: { neverAsk: "yes" }, language: { language: 3 }, words: { messages: { send: 1 } },
    })) {
      try {
        new C(options);
        out[name] = "accepted";
      } catch (e) {
        out[name] = `${e.code}: ${e.message}`;
      }
    }
    const kept = new C({ maxQuestions: 0, endpointTimeoutMs: 1000, questionTimeoutMs: null, endpoint: undefined });
    out.valid = kept.status;
    return out;
  });
  const want = {
    negative: "bad_options: maxQuestions must be a whole number from 0 to 4294967295, got -1",
    text: 'bad_options: maxQuestions must be a whole number from 0 to 4294967295, got "2"',
    fraction: "bad_options: maxRounds must be a whole number from 0 to 4294967295, got 2.5",
    short: "bad_options: endpointTimeoutMs must be a whole number from 1000 to 3600000, got 5",
    flag: 'bad_options: neverAsk must be true or false, got "yes"',
    language: "bad_options: language must be a string, got 3",
    words: "bad_options: messages.send must be a string, got 1",
    valid: "idle",
  };
  check(JSON.stringify(refused) === JSON.stringify(want), `options refused in JS's terms:\n${JSON.stringify(refused, null, 1)}`);

  // 4. Two widgets on one storage-key: each emits the conversation's events it shows, whichever
  //    of them the user acted in.
  await page.evaluate(() => {
    window.shared = [];
    for (const id of ["left", "right"]) {
      const w = document.createElement("clarify-widget");
      w.id = id;
      w.setAttribute("storage-key", "shared-events");
      for (const type of ["clarify-start", "clarify-question", "clarify-answer", "clarify-done"]) {
        w.addEventListener(type, (e) => window.shared.push([id, type, e.detail.question?.id ?? e.detail.status ?? e.detail.request]));
      }
      document.body.append(w);
    }
  });
  const both = () => page.evaluate(() => ["left", "right"].map((id) => document.getElementById(id).clarifier.status));
  await page.evaluate(() => document.getElementById("left").start("Plan a trip to Paris"));
  await page.waitForFunction(() => ["left", "right"].every((id) => document.getElementById(id).clarifier.status === "awaiting_clarification"), null, { timeout: 5000 });
  for (let turn = 0; turn < 10; turn++) {
    const [l] = await both();
    if (l !== "awaiting_clarification") break;
    const id = turn % 2 === 0 ? "right" : "left";
    await page.evaluate((id) => {
      const c = document.getElementById(id).clarifier;
      const q = c.question;
      c.answer(q.id, q.options.length ? { choice: q.options[0].id } : { text: "Next month" });
    }, id);
    await page.waitForFunction(() => {
      const [a, b] = ["left", "right"].map((id) => document.getElementById(id).clarifier.snapshot());
      return a === b;
    }, null, { timeout: 5000 });
  }
  await page.waitForFunction(() => ["left", "right"].every((id) => window.shared.some(([w, t]) => w === id && t === "clarify-done")), null, { timeout: 5000 })
    .catch(async () => { throw new Error(`both widgets emit clarify-done: ${JSON.stringify(await page.evaluate(() => window.shared))} ${await both()}`); });
  const shared = await page.evaluate(() => window.shared);
  const of = (id) => shared.filter(([w]) => w === id).map(([, t, what]) => `${t} ${what}`);
  check(JSON.stringify(of("left")) === JSON.stringify(of("right")) && of("left")[0].startsWith("clarify-start"),
    `both widgets emit the same events, in order:\n  left  ${of("left").join(", ")}\n  right ${of("right").join(", ")}`);
  check(page.errors.length === 0, `no console errors: ${page.errors.join("; ")}`);
  await page.context().close();
});
await main("a language's words: each file fetched once, one that cannot be had is a clarify-error, the JS API writes in its language", async (browser) => {
  // 1. Words files that cannot be had: missing (404), a page in their place (a server's HTML
  //    fallback), broken JSON. Each is asked for once whatever the number of widgets showing
  //    its language; each widget emits one clarify-error (words_not_found), the console says it
  //    once per file, and the card works in English.
  const page = await strictPage(browser);
  allowConsoleErrors(page, /clarify-embed: the words could not be loaded|Failed to load resource/);
  const wordsRequests = [];
  page.on("request", (r) => /\/words\//.test(r.url()) && wordsRequests.push(new URL(r.url()).pathname.split("/").pop()));
  const said = [];
  page.on("console", (m) => m.type() === "error" && m.text().startsWith("clarify-embed:") && said.push(m.text()));
  await page.route("**/words/es.json", (r) => r.fulfill({ status: 404, contentType: "text/plain", body: "not found" }));
  await page.route("**/words/de.json", (r) => r.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>app</title>" }));
  await page.route("**/words/it.json", (r) => r.fulfill({ status: 200, contentType: "application/json", body: '{"engine": ' }));
  await page.goto(server.url);
  await page.locator("#support [data-testid=request]").waitFor({ timeout: 15000 });
  const widgets = await page.evaluate(async () => {
    const made = [["es-1", "es"], ["es-2", "es"], ["de-1", "de"], ["it-1", "it"]].map(([id, language]) => {
      const w = document.createElement("clarify-widget");
      w.id = id;
      w.setAttribute("language", language);
      const errors = [];
      w.addEventListener("clarify-error", (e) => errors.push(e.detail));
      document.body.append(w);
      return { w, errors };
    });
    for (let i = 0; i < 100 && made.some((m) => m.errors.length === 0); i++) await new Promise((ok) => setTimeout(ok, 50));
    await new Promise((ok) => setTimeout(ok, 500));
    return made.map(({ w, errors }) => ({ id: w.id, errors, send: w.shadowRoot.querySelector("[data-testid=submit]")?.textContent.trim() }));
  });
  for (const w of widgets) {
    check(w.errors.length === 1 && w.errors[0].code === "words_not_found", `${w.id}: one clarify-error words_not_found: ${JSON.stringify(w.errors)}`);
    check(w.send === "Send", `${w.id}: the card stays English: ${JSON.stringify(w)}`);
  }
  for (const file of ["es.json", "de.json", "it.json"]) {
    const asked = wordsRequests.filter((f) => f === file).length;
    check(asked === 1, `${file} is requested once (${asked}: ${wordsRequests.join(", ")})`);
    const lines = said.filter((l) => l.includes(file));
    check(lines.length === 1, `one clarify-embed: console line names ${file}: ${JSON.stringify(said)}`);
  }
  check(said.some((l) => l.includes("HTTP 404")) && said.some((l) => l.includes("HTML page")), `the console says why: ${JSON.stringify(said)}`);
  const es = page.locator("#es-1");
  await es.locator("[data-testid=request]").fill("Plan a trip to Paris");
  await es.locator("[data-testid=submit]").click();
  await es.locator("[data-testid=question-card]").waitFor({ timeout: 15000 });
  const go = (await es.locator("[data-testid=continue]").textContent()).trim();
  check(go === "Continue", `the card goes on in English: ${go}`);
  const others = page.errors.filter((e) => !/clarify-embed: the words could not be loaded|Failed to load resource/.test(e));
  check(others.length === 0, `no other console errors: ${others.join("; ")}`);
  await page.context().close();

  // 2. The JS API alone, on a page whose widgets are English: a Clarifier in French fetches
  //    French itself, and its question, notices and prompt are French; after prefetchDetector
  //    (the detector then at hand), a Clarifier made just before start() writes Portuguese.
  const own = await strictPage(browser);
  const ownWords = [];
  own.on("request", (r) => /\/words\//.test(r.url()) && ownWords.push(new URL(r.url()).pathname.split("/").pop()));
  await own.goto(server.url);
  await own.locator("#support [data-testid=request]").waitFor({ timeout: 15000 });
  const written = await own.evaluate(async () => {
    const api = await (await import("/embed/clarify-element.js")).load();
    const fr = new api.Clarifier({ maxQuestions: 2, language: "fr" });
    const question = await new Promise((ok, fail) => {
      setTimeout(() => fail(new Error(`no question: ${fr.status}`)), 15000);
      fr.subscribe((state) => state.question && ok(state.question.text));
      fr.start("Organise un voyage");
    });
    fr.skipAll();
    const french = { question, prompt: fr.state.prompt };
    const pt = new api.Clarifier({ maxQuestions: 1, language: "pt" });
    await api.prefetchDetector("Planeje uma viagem");
    pt.start("Planeje uma viagem");
    pt.skipAll();
    return { french, portuguese: pt.state.prompt };
  });
  check(/Demande de l.utilisateur/.test(written.french.prompt) && !written.french.prompt.includes("User request"),
    `the French Clarifier's prompt is French: ${JSON.stringify(written.french)}`);
  check(written.portuguese.includes("Pedido do usuário") && !written.portuguese.includes("User request"),
    `the Portuguese Clarifier's prompt is Portuguese: ${written.portuguese}`);
  check(ownWords.filter((f) => f === "fr.json").length === 1 && ownWords.filter((f) => f === "pt.json").length === 1,
    `each language's words fetched once: ${ownWords.join(", ")}`);
  check(own.errors.length === 0, `no console errors: ${own.errors.join("; ")}`);
  await own.context().close();
});
await server.close();
