// `clarify ask` against the real llama.cpp server (started by scripts/test.d/70-llm-e2e):
// detection, the question loop and a streamed answer; then faults — a wrong API key, an endpoint
// that is down, the server killed mid-stream — each ending in a clear state with every answer
// kept, and retry working once the server is back. Asserts on shapes and states, never on the
// model's words.
//
// Env: CLARIFY_BIN, LLM_URL (…/v1), LLM_PORT, LLM_KEY, DOWN_PORT, DOWN_PID_FILE (the pid of the
// server this script starts on DOWN_PORT, for the caller's cleanup).
import { spawn, execFileSync } from "node:child_process";
import { readFileSync, writeFileSync, rmSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { root } from "./lib.mjs";

const env = process.env;
const bin = env.CLARIFY_BIN;
const key = env.LLM_KEY;
const out = join(root, "target/e2e");
mkdirSync(out, { recursive: true });
let failures = 0;

function check(ok, what) {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures++;
}

/**
 * Runs `clarify ask` interactively with --json. `react(text, proc)` is called on each new piece
 * of stderr (questions, notes, the streamed answer) and returns lines to type, or nothing.
 */
function ask(args, { keyValue, react }) {
  return new Promise((resolve) => {
    // --max-tokens: the tiny model rambles, and on a busy 2-core machine crawls at 1-2 tokens/s.
    const proc = spawn(bin, ["ask", "--interactive", "--json", "--timeout", "300", "--max-tokens", "128", ...args], {
      env: { ...env, CLARIFY_TEST_KEY: keyValue ?? "" },
    });
    let stdout = "";
    let stderr = "";
    proc.stdout.on("data", (d) => (stdout += d));
    proc.stderr.on("data", async (d) => {
      stderr += d;
      const reply = await react(stderr, proc);
      if (reply != null) proc.stdin.write(reply);
    });
    const timer = setTimeout(() => proc.kill("SIGKILL"), 900_000);
    proc.on("close", (code) => {
      clearTimeout(timer);
      let json = null;
      try {
        json = JSON.parse(stdout.trim().split("\n").pop());
      } catch {}
      resolve({ code, stdout, stderr, json });
    });
  });
}

/** Answers each new question prompt ("> " after "Question N of") with "1". */
function answerer() {
  let seen = 0;
  return (text) => {
    const n = (text.match(/Question \d+ of \d+/g) ?? []).length;
    if (n > seen && text.trimEnd().endsWith(">")) {
      seen = n;
      return "1\n";
    }
    return null;
  };
}

const llmServer = (...args) => execFileSync(join(root, "scripts/llm-server"), args, { encoding: "utf8" }).trim();
const logLines = (file) =>
  readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));

// 1. The happy path: LLM detection, the question loop, a streamed answer.
{
  const log = join(out, "llm-cli-happy.jsonl");
  rmSync(log, { force: true });
  const answers = answerer();
  const r = await ask(
    ["--endpoint", env.LLM_URL, "--model", "smollm2", "--api-key-env", "CLARIFY_TEST_KEY", "--llm-log", log,
      "--max-questions", "1", "Plan a trip to Paris"],
    { keyValue: key, react: answers },
  );
  writeFileSync(join(out, "llm-cli-happy.txt"), r.stderr + "\n" + r.stdout);
  const calls = logLines(log);
  check(r.code === 0 && r.json?.status === "completed", `happy: completed (exit ${r.code}, status ${r.json?.status})`);
  check(r.stderr.includes("Online mode: smollm2"), "happy: says it is online");
  // The tiny model may run into the token cap mid-JSON: the engine then says the reply could not
  // be read and uses the embedded detector. That is the model's words; the transport must work.
  check(!r.stderr.includes("could not be reached"), "happy: the detection call went through (no transport failure)");
  check(calls.length === 2 && calls[0].purpose === "detection" && calls[1].purpose === "generation", `happy: exactly one detection and one generation call (${calls.map((c) => c.purpose)})`);
  check(r.json?.counters?.llm_calls === 2, "happy: the engine counted 2 LLM calls");
  check(calls.every((c) => c.ok && c.usage?.prompt_tokens > 0), "happy: usage read from both replies");
  check(r.stderr.includes("── Answer ──") && (r.json?.answer ?? "").length > 0, "happy: the answer streamed to the terminal and is in the outcome");
  check(r.json?.counters?.prompt_tokens === calls.reduce((s, c) => s + c.usage.prompt_tokens, 0), "happy: token counters add up");
  const d = calls[0];
  console.log(`figures: detection prompt_tokens=${d.usage?.prompt_tokens} completion_tokens=${d.usage?.completion_tokens} finish=${d.finish_reason} ms=${d.ms} used=${!r.stderr.includes("could not be read")}; generation prompt_tokens=${calls[1]?.usage?.prompt_tokens} completion_tokens=${calls[1]?.usage?.completion_tokens} ms=${calls[1]?.ms}`);
  check(!readFileSync(log, "utf8").includes(key) && !r.stderr.includes(key) && !r.stdout.includes(key), "happy: the key is in no output and no log");
}

// 2. A wrong key: a clear 401, the embedded detector takes over, the answer fails clearly with
//    every answer kept, and the key is never printed.
{
  const wrong = "sk-wrong-5ecret-value";
  const log = join(out, "llm-cli-401.jsonl");
  rmSync(log, { force: true });
  const answers = answerer();
  const r = await ask(
    ["--endpoint", env.LLM_URL, "--model", "smollm2", "--api-key-env", "CLARIFY_TEST_KEY", "--llm-log", log, "Plan a trip to Paris"],
    {
      keyValue: wrong,
      react: (text) => (text.includes("Type r and Enter to retry") ? "\n" : answers(text)),
    },
  );
  check(r.stderr.includes("HTTP 401") && r.stderr.includes("using the built-in detector"), "401: detection falls back with a clear note");
  check(r.stderr.includes("The answer could not be produced: the endpoint refused the API key (HTTP 401)"), "401: generation failure is specific");
  check(r.json?.status === "failed", `401: ends failed (${r.json?.status})`);
  check(r.json?.counters?.answered >= 1 && r.json?.prompt?.answered?.length === r.json?.counters?.answered, `401: the answers are kept (${r.json?.prompt?.answered?.length} of ${r.json?.counters?.answered})`);
  check(![r.stderr, r.stdout, readFileSync(log, "utf8")].some((t) => t.includes("5ecret")), "401: the key is never printed or logged");
}

// 3. Down, then back; then killed mid-stream, then back: each failure is clear, answers are kept,
//    and retry completes once the server is back.
{
  const downUrl = `http://127.0.0.1:${env.DOWN_PORT}/v1`;
  let downPid = null;
  let phase = "down";
  const answers = answerer();
  const r = await ask(["--endpoint", downUrl, "--model", "smollm2", "--max-questions", "2", "Plan a trip to Paris and write a long day-by-day itinerary"], {
    react: async (text) => {
      if (phase === "down" && text.includes("Type r and Enter to retry")) {
        phase = "starting";
        check(text.includes("cannot reach the endpoint") && text.includes("is the server running?"), "down: clear unreachable message");
        check(text.includes("using the built-in detector"), "down: detection fell back with a note");
        downPid = llmServer("--port", env.DOWN_PORT).split(" ")[1];
        writeFileSync(env.DOWN_PID_FILE, downPid + "\n");
        phase = "streaming";
        return "r\n";
      }
      if (phase === "streaming" && /── Answer ──\n\S/.test(text)) {
        phase = "killed";
        process.kill(Number(downPid), "SIGKILL");
        return null;
      }
      if (phase === "killed" && (text.match(/Type r and Enter to retry/g) ?? []).length >= 2) {
        phase = "back";
        const tail = text.slice(text.lastIndexOf("The answer could not be produced"));
        check(/connection broke|cannot reach|ended before/.test(tail), `killed: clear message (${tail.split("\n")[0]})`);
        downPid = llmServer("--port", env.DOWN_PORT).split(" ")[1];
        writeFileSync(env.DOWN_PID_FILE, downPid + "\n");
        return "r\n";
      }
      return phase === "down" ? answers(text) : null;
    },
  });
  if (downPid) llmServer("stop", downPid);
  writeFileSync(join(out, "llm-cli-faults.txt"), r.stderr + "\n" + r.stdout);
  check(phase === "back", `faults: went through down → back → killed → back (${phase})`);
  check(r.json?.status === "completed", `faults: completed after the retries (${r.json?.status})`);
  const c = r.json?.counters ?? {};
  check(c.answered >= 1 && r.json?.prompt?.answered?.length === c.answered && c.questions_asked === c.answered + c.skipped, `faults: every answer kept, nothing asked twice (${JSON.stringify(c)})`);
}

if (failures) {
  console.log(`${failures} CLI LLM check(s) failed`);
  process.exit(1);
}
console.log("all CLI LLM checks passed");
