// `clarify ask` against every provider fixture (tests/e2e/llm-providers.mjs, started here): the
// conversation completes with the endpoint's own detection (its question, not the embedded
// detector's) and its streamed answer; the first detection takes at most 3 calls (1 when the
// profile is named), the answer 1 (what the detection's refusals taught is kept); the trace says
// what was adapted (the system role, the roles' order, JSON mode, room for reasoning among it) and
// the call log says what the endpoint accepts; no reasoning text (a `<think>` block, a
// `reasoning_content` or `reasoning` field) reaches the answer, the prompt or the trace; a refusal
// nothing fixes is told in the user's language with a typed code, and a refused answer says which
// setting to change; no key appears in any output or log.
//
// Env: CLARIFY_BIN (default $CARGO_TARGET_DIR/debug/clarify, else target/debug/clarify).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cases } from "./provider-cases.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");

const bin = process.env.CLARIFY_BIN ?? join(process.env.CARGO_TARGET_DIR ?? join(root, "target"), "debug/clarify");
const KEY = "sk-fixture-5ecret-" + Math.random().toString(36).slice(2);
const QUESTION = "How many days will you stay in Paris?";
const ANSWER = "Day 1: the Louvre. Day 2: Montmartre.";
let failures = 0;
const check = (ok, what) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures++;
};

const server = spawn("node", [join(root, "tests/e2e/llm-providers.mjs")], {
  env: { ...process.env, FIXTURE_KEY: KEY },
  stdio: ["ignore", "pipe", "inherit"],
});
process.on("exit", () => server.kill("SIGTERM"));
const port = await new Promise((resolve, reject) => {
  server.stdout.on("data", (d) => {
    const m = /PORT (\d+)/.exec(String(d));
    if (m) resolve(m[1]);
  });
  server.on("exit", (code) => reject(new Error(`fixtures exited with ${code}`)));
});
const base = `http://127.0.0.1:${port}`;
const dir = mkdtempSync(join(tmpdir(), "clarify-providers-"));

async function hits(name) {
  return (await fetch(`${base}/hits/${name}`)).json();
}

/** Runs one conversation; returns its JSON outcome, stderr, the call log and the server's view. */
async function converse(name, { path = "/v1", model = "m", profile, request = "Plan a trip to Paris" }) {
  await fetch(`${base}/reset`, { method: "POST" });
  const log = join(dir, `${name}-${model.replace(/\W/g, "_")}-${profile ?? "auto"}-${request.length}.jsonl`);
  const args = ["ask", "--non-interactive", "--json", "--timeout", "20", "--endpoint", `${base}/${name}${path}`,
    "--model", model, "--api-key-env", "FIXTURE_KEY", "--llm-log", log];
  if (profile) args.push("--profile", profile);
  args.push(request);
  const run = spawnSync(bin, args, { env: { ...process.env, FIXTURE_KEY: KEY }, encoding: "utf8", timeout: 60_000 });
  let out = {};
  try {
    out = JSON.parse(run.stdout);
  } catch {
    console.log(run.stdout, run.stderr);
  }
  let logged = "";
  try {
    logged = readFileSync(log, "utf8");
  } catch {
    // No call was made (the run failed before): the checks below say so.
  }
  const calls = logged.trim().split("\n").filter(Boolean).map((l) => JSON.parse(l));
  const seen = await hits(name);
  const everything = run.stdout + run.stderr + logged;
  check(!everything.includes(KEY) && !everything.includes("5ecret"), `${name}: no key in the output or the call log`);
  check(!everything.includes("THINKING-TRACE") && !/<\/?think/.test(everything), `${name}: no reasoning text in the output or the call log`);
  return { out, stderr: run.stderr, calls, seen };
}

/** What the call log says each reshaping endpoint accepts, after its first detection. */
const ACCEPTS = {
  "no-system": "no system role · JSON schema",
  gemma: "no system role · JSON schema",
  alternate: "alternating roles only · no system role · JSON schema",
  "json-object-only": "JSON mode only",
  think: "JSON schema · reasoning model",
  "reasoning-field": "JSON schema · reasoning model",
  "think-length": "JSON schema · reasoning model",
  openai: "JSON schema",
};

for (const [name, model, profile, changes] of cases) {
  for (const named of [false, true]) {
    if (named && !profile) continue;
    if (!named && changes === null) continue; // Azure's key header and URL need its profile named.
    const label = `${name} ${model} (${named ? `--profile ${profile}` : "no profile"})`;
    const { out, stderr, calls, seen } = await converse(name, { model, profile: named ? profile : undefined });
    const detection = calls.filter((c) => c.purpose === "detection");
    const generation = calls.filter((c) => c.purpose === "generation");
    const detected = (out.trace ?? []).some((t) => t.layer === "llm" && t.decision === "detected");
    check(out.status === "completed", `${label}: completed (${out.status ?? stderr.slice(-300)})`);
    check(detected && JSON.stringify(out.open_questions ?? []).includes(QUESTION), `${label}: detected by the endpoint (its question)`);
    check(out.answer === ANSWER, `${label}: the endpoint's streamed answer`);
    const first = detection[0]?.attempts ?? 99;
    check(first <= (named ? 1 : 3), `${label}: first detection in ${first} call(s)`);
    check(generation.length === 1 && generation[0].attempts === 1, `${label}: the answer in 1 call (${generation[0]?.attempts})`);
    check(seen.calls === first + 1, `${label}: the server saw ${seen.calls} calls`);
    if (!named) {
      const adapted = (out.trace ?? []).filter((t) => t.decision === "request_adapted").length;
      check(adapted === changes.length && JSON.stringify(detection[0]?.adapted) === JSON.stringify(changes),
        `${label}: the trace and the log say what was adapted (${detection[0]?.adapted})`);
    }
    const accepts = ACCEPTS[name];
    if (accepts) check(detection[0]?.accepts === accepts, `${label}: the log says the endpoint accepts "${detection[0]?.accepts}"`);
  }
}

// Azure: the key goes in api-key, never as a bearer token, to a versioned deployment URL.
{
  const { seen } = await converse("azure", { model: "my-gpt-4o", profile: "azure" });
  check(seen.calls === 2, "azure: detection and answer reached the deployment URL");
}

// A refusal nothing fixes: told in the user's language, a typed code in the trace and the log;
// the embedded detector then asks, and the answer fails with the same refusal, told with the
// setting to change.
for (const [request, words, fix] of [
  ["Plan a trip to Paris", "Your endpoint refused the request: This model's maximum context length", "choose the endpoint kind that fits it (now \u201cgeneric\u201d) in the settings"],
  ["帮我规划一次巴黎旅行", "您的端点拒绝了请求：This model's maximum context length", "选择合适的端点类型（当前为“generic”）"],
  ["幫我規劃一次巴黎旅行", "您的端點拒絕了請求：This model's maximum context length", "選擇合適的端點類型（目前為「generic」）"],
]) {
  const { out, stderr, calls } = await converse("refuse", { request });
  check(stderr.includes(words), `refuse (${request}): told "${words}…"`);
  check(stderr.includes(fix), `refuse (${request}): the refused answer says what to change ("${fix}")`);
  check((out.trace ?? []).some((t) => t.decision === "endpoint_refused"), `refuse (${request}): endpoint_refused in the trace`);
  check(calls[0]?.code === "endpoint_refused" && calls[0]?.attempts === 1, `refuse (${request}): one call, code endpoint_refused in the log`);
}

server.kill("SIGTERM");
rmSync(dir, { recursive: true, force: true });
console.log(failures ? `${failures} check(s) failed` : "all provider checks passed");
process.exit(failures ? 1 : 0);
