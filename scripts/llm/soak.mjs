// The soak run behind scripts/soak (which builds the CLI, starts the first server and stops
// every server by PID at exit). N conversations in a row through `clarify ask --interactive
// --json` against the real llama.cpp server; a seeded plan SIGKILLs the server every 3–5
// conversations, aimed at detection, the user answering or the streamed answer, and restarts it
// on the same port after a random downtime. A failed answer is retried (`r`) once the server is
// healthy again, up to a bound. Every answer typed is then looked up in the final enriched
// prompt (`prompt.answered` of the --json outcome): a missing or changed one is an answer lost.
//
// Env: SOAK_PORT, SOAK_KEY, SOAK_PID_FILE (the current server's PID, kept up to date for the
// caller's cleanup), CLARIFY_BIN.
// Args: --seed N, --conversations N (50), --max-tokens N (64), --deadline EPOCH_SECONDS.
import { spawn, execFile } from "node:child_process";
import { readFileSync, writeFileSync, existsSync, mkdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const out = join(root, "target/soak");
mkdirSync(out, { recursive: true });
const env = process.env;
const port = env.SOAK_PORT;
const key = env.SOAK_KEY;
const pidFile = env.SOAK_PID_FILE;
const bin = join(root, env.CLARIFY_BIN ?? join(env.CARGO_TARGET_DIR ?? "target", "debug/clarify"));
const url = `http://127.0.0.1:${port}/v1`;

const argv = process.argv.slice(2);
const arg = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : dflt;
};
const seed = Number(arg("--seed", String(Date.now() % 1_000_000)));
const total = Number(arg("--conversations", "50"));
const maxTokens = Number(arg("--max-tokens", "64"));
const deadline = Number(arg("--deadline", "0"));
const MAX_RETRIES = 5; // `r` typed per conversation at most
const CONV_TIMEOUT_MS = 600_000; // a conversation still running after this is a hang

// mulberry32: small, seeded, good enough for a fault plan.
function rng(s) {
  let a = s >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const planRng = rng(seed);
const rint = (r, lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
const pick = (r, xs) => xs[Math.floor(r() * xs.length)];
const sleep = (ms) => new Promise((res) => setTimeout(res, ms));

// Varied requests: knowledge-base documents and catalog entries that ask known questions (no
// detection call), vague requests the LLM (or the embedded detector) asks about, clear ones.
const REQUESTS = [
  "my app crashes",
  "my app crashes",
  "I want a refund",
  "Is the Pro waterproof?",
  "Plan a trip to Paris",
  "Write a poem",
  "Help me with my code",
  "Make it better",
  "What is the capital of France?",
  "Summarize the benefits of unit testing in three bullet points",
  "悠遊卡 投遞的格式、成效",
];
const TEXTS = ["Android 12, it closes on launch", "error E42 when I tap Save", "the blue one", "about two weeks", "for my team of five", "order 10042"];

// ---- The server: kill by PID, restart on the same port. ----
let serverPid = Number(readFileSync(pidFile, "utf8").trim());
let ready = Promise.resolve();
let down = false;
let restarts = 0;
const restartSeconds = [];
const kills = [];

function execLlmServer(args, log) {
  return new Promise((res, rej) =>
    execFile(join(root, "scripts/llm-server"), args, { env: { ...env, LLM_SERVER_LOG: log }, timeout: 300_000 }, (e, stdout, stderr) =>
      e ? rej(new Error(`${e.message} ${stderr}`)) : res(stdout.trim()),
    ),
  );
}

async function restart(downtimeMs) {
  await sleep(downtimeMs);
  const t = Date.now();
  for (let attempt = 1; ; attempt++) {
    restarts++;
    try {
      const line = await execLlmServer(["--port", port, "--api-key", key], join(out, `server-${restarts}.log`));
      serverPid = Number(line.split(" ")[1]);
      writeFileSync(pidFile, `${serverPid}\n`);
      restartSeconds.push((Date.now() - t) / 1000);
      down = false;
      return;
    } catch (e) {
      console.log(`  restart attempt ${attempt} failed: ${e.message.split("\n")[0]}`);
      if (attempt >= 5) throw e;
      await sleep(2000);
    }
  }
}

async function healthy() {
  await ready;
  for (let i = 0; i < 600; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/health`);
      if (r.ok) return;
    } catch {}
    await sleep(500);
  }
  throw new Error("the server never came back");
}

// ---- One conversation. ----
function phaseOf(c) {
  if (!c || c.closed) return "between";
  const seg = c.stderr.slice(c.stderr.lastIndexOf("Type r and Enter to retry") + 1);
  if (c.retryPrompts > c.retries) return "retry-prompt";
  if (seg.includes("── Answer ──")) return "stream";
  if (c.shown > c.given.length) return "answering";
  const calls = existsSync(c.log) ? readFileSync(c.log, "utf8") : "";
  if (calls.includes('"detection"') || c.given.length > 0 || c.shown > 0) return "generation (before first token)";
  return c.detects ? "detection" : "generation (before first token)";
}

function fireKill(c, target) {
  if (down || c.plan.fired) return;
  c.plan.fired = true;
  const landed = phaseOf(c);
  const downtime = rint(planRng, 500, 4000);
  try {
    process.kill(serverPid, "SIGKILL");
  } catch (e) {
    console.log(`  kill of ${serverPid} failed: ${e.message}`);
    return;
  }
  down = true;
  kills.push({ conversation: c.n, target, landed, pid: serverPid, downtime_ms: downtime, at_s: (Date.now() - c.t0) / 1000 });
  c.kill = { target, landed };
  ready = restart(downtime);
  ready.catch(() => {});
}

/** The question block at the end of `text`: its text and its options' count. */
function lastQuestion(text) {
  const i = text.lastIndexOf("Question ");
  const block = text.slice(i);
  const header = block.match(/^Question \d+ of \d+: (.*)$/m);
  const options = (block.match(/^ {2}\d+\) /gm) ?? []).length;
  return { text: header ? header[1] : "", options };
}

function converse(n, request, plan) {
  const r = rng(seed * 1000 + n);
  const log = join(out, `conv-${String(n).padStart(2, "0")}.llm.jsonl`);
  const c = {
    n, request, plan, log, t0: Date.now(), stderr: "", stdout: "", shown: 0, given: [], retries: 0, retryPrompts: 0,
    closed: false, detects: !/crashes|refund|Pro|悠遊卡/.test(request), streamArmed: false, kill: null,
  };
  return new Promise((resolve) => {
    const proc = spawn(bin, ["ask", "--interactive", "--json", "--timeout", "300", "--max-tokens", String(maxTokens),
      "--endpoint", url, "--model", "smollm2", "--api-key-env", "SOAK_KEY", "--llm-log", log, request], { env });
    c.proc = proc;
    if (plan && plan.target === "detection") setTimeout(() => fireKill(c, "detection"), rint(planRng, 0, 1500));
    let pumping = false;
    const pump = async () => {
      if (pumping || c.closed) return;
      pumping = true;
      try {
        for (;;) {
          const shown = (c.stderr.match(/Question \d+ of \d+/g) ?? []).length;
          const prompts = (c.stderr.match(/Type r and Enter to retry/g) ?? []).length;
          const seg = c.stderr.slice(c.stderr.lastIndexOf("Type r and Enter to retry") + 1);
          if (plan && !plan.fired && !c.streamArmed && /── Answer ──\n\S/.test(seg) && (plan.target === "stream" || plan.target === "answering")) {
            c.streamArmed = true;
            setTimeout(() => fireKill(c, plan.target), rint(planRng, 0, 1500));
          }
          if (shown > c.shown && c.stderr.trimEnd().endsWith(">")) {
            c.shown = shown;
            const q = lastQuestion(c.stderr);
            const think = rint(r, 300, 2500);
            if (plan && plan.target === "answering" && !plan.fired) setTimeout(() => fireKill(c, "answering"), rint(planRng, 0, think - 100));
            await sleep(think);
            let given;
            if (q.options > 0 && r() < 0.6) given = { question: q.text, kind: "choice", index: rint(r, 1, q.options), typed: "" };
            else given = { question: q.text, kind: "text", typed: `${pick(r, TEXTS)} [c${n}q${shown}]` };
            if (given.kind === "choice") given.typed = String(given.index);
            c.given.push(given);
            proc.stdin.write(`${given.typed}\n`);
            continue;
          }
          if (prompts > c.retryPrompts) {
            c.retryPrompts = prompts;
            if (c.retries < MAX_RETRIES) {
              await healthy();
              c.retries++;
              proc.stdin.write("r\n");
            } else {
              proc.stdin.write("\n");
            }
            continue;
          }
          break;
        }
      } catch (e) {
        console.log(`  conversation ${n}: ${e.message}`);
      } finally {
        pumping = false;
      }
    };
    proc.stdout.on("data", (d) => (c.stdout += d));
    proc.stderr.on("data", (d) => {
      c.stderr += d;
      pump();
    });
    proc.stdin.on("error", () => {});
    const timer = setTimeout(() => {
      c.hung = true;
      proc.kill("SIGKILL");
    }, CONV_TIMEOUT_MS);
    proc.on("close", (code, signal) => {
      clearTimeout(timer);
      c.closed = true;
      c.code = code;
      c.signal = signal;
      c.secs = (Date.now() - c.t0) / 1000;
      try {
        c.json = JSON.parse(c.stdout.trim().split("\n").pop());
      } catch {
        c.json = null;
      }
      resolve(c);
    });
  });
}

/** Checks each answer typed against the final enriched prompt; returns the lost ones. */
function lostAnswers(c) {
  const answered = c.json?.prompt?.answered ?? [];
  return c.given.filter((g) => {
    const found = answered.find((a) => a.question.text === g.question);
    if (!found) return true;
    if (g.kind === "text") return !(found.answer.kind === "text" && found.answer.text === g.typed);
    const id = found.question.options[g.index - 1]?.id;
    return !(found.answer.kind === "choices" && found.answer.choices.length === 1 && found.answer.choices[0] === id);
  });
}

// ---- The run. ----
console.log(`soak: seed ${seed}, ${total} conversations, --max-tokens ${maxTokens}, server 127.0.0.1:${port}`);
const t0 = Date.now();
const rows = [];
let nextKill = rint(planRng, 1, 3);
for (let n = 1; n <= total; n++) {
  if (deadline && Date.now() / 1000 > deadline) {
    console.log(`deadline reached: stopping after ${n - 1} conversations`);
    break;
  }
  await healthy(); // a new conversation starts with the server up: every fault is a planned kill
  const request = pick(planRng, REQUESTS);
  let plan = null;
  if (n === nextKill) {
    plan = { target: pick(planRng, ["detection", "answering", "stream"]), fired: false };
    nextKill = n + rint(planRng, 3, 5);
  }
  const c = await converse(n, request, plan);
  if (plan && !plan.fired) {
    plan.fired = true; // the moment never came (e.g. no question asked): try again next conversation
    nextKill = n + 1;
  }
  const lost = lostAnswers(c);
  const lines = c.stderr.split("\n");
  const notices = lines.filter((l) => l.startsWith("Note: "));
  const failures = lines.filter((l) => l.startsWith("The answer could not be produced:"));
  const errors = [];
  if (c.hung) errors.push("hung: killed after the conversation timeout");
  // Exit 1 is a conversation that ended failed, counted by its status and failures; any other
  // non-zero exit is an error.
  else if (c.code !== 0 && !(c.code === 1 && c.json?.status === "failed")) errors.push(`exit ${c.code ?? c.signal}`);
  if (!c.json) errors.push("no JSON outcome");
  for (const l of lines) if (/^(Error|error)\b|panicked/.test(l)) errors.push(l);
  const counters = c.json?.counters ?? {};
  const askedTwice = c.json ? counters.questions_asked !== counters.answered + counters.skipped || c.shown !== c.given.length : false;
  const row = {
    n, request, status: c.json?.status ?? "none", questions: c.shown, answers_given: c.given.length,
    answers_lost: lost.length, lost, notices, failures, errors, retries: c.retries, kill: c.kill,
    asked_twice: askedTwice, secs: c.secs, answer_chars: (c.json?.answer ?? "").length,
  };
  rows.push(row);
  writeFileSync(join(out, `conv-${String(n).padStart(2, "0")}.txt`), `${request}\n\n${c.stderr}\n${c.stdout}`);
  const k = c.kill ? `${c.kill.target}→${c.kill.landed}` : "";
  console.log(`${String(n).padStart(3)} ${request.slice(0, 26).padEnd(26)} ${String(row.questions).padStart(2)}q ${row.answers_given}/${row.answers_given - row.answers_lost} kept ${row.status.padEnd(10)} notes ${notices.length} fails ${failures.length} err ${errors.length} r ${row.retries} ${String(c.secs.toFixed(1)).padStart(6)}s ${k}`);
  for (const e of errors) console.log(`      error: ${e}`);
  for (const l of lost) console.log(`      LOST: ${JSON.stringify(l)}`);
}
await ready.catch(() => {});

const sum = (f) => rows.reduce((s, r) => s + f(r), 0);
const byPhase = {};
for (const k of kills) byPhase[k.landed] = (byPhase[k.landed] ?? 0) + 1;
// A notice about the transport (the kill) or about the model's words (the tiny model's JSON cut
// off by --max-tokens: not a fault, the embedded detector takes over).
const transport = (l) => /reach|connection|ended before|timed out|HTTP 5|refused|reset/i.test(l);
const noticeKinds = {};
for (const r of rows) for (const l of [...r.notices, ...r.failures]) {
  const kind = l.replace(/\d+/g, "N").slice(0, 110);
  noticeKinds[kind] = (noticeKinds[kind] ?? 0) + 1;
}
const summary = {
  seed, conversations_planned: total, conversations_run: rows.length,
  completed: sum((r) => (r.status === "completed" ? 1 : 0)),
  handed_off: sum((r) => (r.status === "handed_off" ? 1 : 0)),
  not_completed: sum((r) => (r.status !== "completed" && r.status !== "handed_off" ? 1 : 0)),
  answers_given: sum((r) => r.answers_given), answers_lost: sum((r) => r.answers_lost),
  user_visible: {
    conversations_with_any: sum((r) => (r.notices.length + r.failures.length + r.errors.length ? 1 : 0)),
    notices: sum((r) => r.notices.length), notices_transport: sum((r) => r.notices.filter(transport).length),
    notices_model_reply: sum((r) => r.notices.filter((l) => !transport(l)).length), answer_failures: sum((r) => r.failures.length), errors: sum((r) => r.errors.length),
    by_message: noticeKinds,
  },
  retries: sum((r) => r.retries), questions_asked_twice: sum((r) => (r.asked_twice ? 1 : 0)),
  hangs: sum((r) => (r.errors.some((e) => e.startsWith("hung")) ? 1 : 0)),
  kills: kills.length, kills_landed: kills.filter((k) => k.landed !== "between").length, kills_by_phase: byPhase,
  restarts: restartSeconds.length,
  restart_seconds_mean: restartSeconds.length ? +(restartSeconds.reduce((a, b) => a + b, 0) / restartSeconds.length).toFixed(1) : null,
  max_tokens: maxTokens, wall_seconds: Math.round((Date.now() - t0) / 1000),
  kill_log: kills, conversations: rows,
};
writeFileSync(join(out, "summary.json"), JSON.stringify(summary, null, 1));
console.log(`\nseed ${seed}: ${summary.conversations_run} run, ${summary.completed} completed + ${summary.handed_off} handed off, ${summary.not_completed} not completed`);
console.log(`answers given ${summary.answers_given}, lost ${summary.answers_lost}; retries ${summary.retries}; asked twice ${summary.questions_asked_twice}; hangs ${summary.hangs}`);
console.log(`user-visible: ${summary.user_visible.notices} notices (${summary.user_visible.notices_transport} transport, ${summary.user_visible.notices_model_reply} model reply), ${summary.user_visible.answer_failures} answer failures, ${summary.user_visible.errors} errors (in ${summary.user_visible.conversations_with_any} conversations)`);
for (const [m, k] of Object.entries(noticeKinds)) console.log(`  ${String(k).padStart(3)} × ${m}`);
console.log(`kills ${summary.kills} (landed ${summary.kills_landed}: ${JSON.stringify(byPhase)}), restarts ${summary.restarts} (mean ${summary.restart_seconds_mean} s), wall ${summary.wall_seconds} s`);
console.log(`summary: target/soak/summary.json`);
process.exit(summary.answers_lost || summary.hangs || summary.user_visible.errors ? 1 : 0);
