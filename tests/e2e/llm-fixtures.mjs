// Fixtures for the LLM end-to-end tests, on a free 127.0.0.1 port (printed as "PORT" on stdout):
//
//   /status/{500,429,404,400}/…  that status with an OpenAI error body; /hits/status/N counts calls
//   /ratelimit/N/v1/…            429 with `Retry-After: N` (readable cross-origin); /hits/ratelimit/N
//   /flaky/v1/…                  503 twice, then a tiny completion ("OK")
//   /nocors/v1/…                 200 without any CORS header (the browser must refuse to read it)
//   /hostile/{html,huge,empty,nochoices,badstream,odd,hang}/v1/…   broken or hostile replies
//   POST /control/kill           SIGKILLs the real llama.cpp server (pid in $LLM_PID_FILE)
//   POST /control/start          starts it again on the same port, waits until it is healthy
//
// Everything except /nocors answers CORS for any origin, like the real server.
import { createServer } from "node:http";
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./lib.mjs";

const pidFile = process.env.LLM_PID_FILE;
const llmPort = process.env.LLM_PORT;
const llmKey = process.env.LLM_KEY ?? "";
const hits = new Map();

const cors = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "Content-Type, Authorization",
  "access-control-allow-methods": "GET, POST, OPTIONS",
};

const completion = (content, extra = {}) =>
  JSON.stringify({
    choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
    usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 },
    ...extra,
  });

// A detection reply that breaks the schema in every tolerated way: markup in the text, an
// options list of one (dropped), one of seven (first four kept), extra and missing fields.
const oddDetection = JSON.stringify({
  needs_clarification: "yes",
  surprise: { nested: [1, 2, 3] },
  ambiguity_details: [
    {
      clarification_question: "<img src=x onerror=alert(1)> Which city?",
      possible_options: ["only one"],
      priority: "critical",
      bogus: true,
    },
    {
      clarification_question: "How long?",
      description: "<script>alert(2)</script>",
      possible_options: ["1", "2", "3", "4", "5", "6", "7"],
    },
    { description: "no question text: dropped" },
  ],
});

function sse(res, events) {
  res.writeHead(200, { ...cors, "content-type": "text/event-stream" });
  for (const e of events) res.write(`data: ${typeof e === "string" ? e : JSON.stringify(e)}\n\n`);
  res.end();
}

function hostile(kind, req, res, body) {
  const stream = body.includes('"stream":true');
  switch (kind) {
    case "html":
      res.writeHead(200, { ...cors, "content-type": "text/html" });
      return res.end("<html><script>alert(1)</script><h1>It works!</h1></html>");
    case "huge": {
      res.writeHead(200, { ...cors, "content-type": "application/json" });
      const mb = "x".repeat(1 << 20);
      let n = 0;
      const more = () => {
        while (n < 10) {
          n++;
          if (!res.write(mb)) return res.once("drain", more);
        }
        res.end();
      };
      res.on("error", () => {});
      return more();
    }
    case "hang":
      // Headers never come: only the client's timer ends this.
      return;
    case "empty":
      res.writeHead(200, { ...cors, "content-type": "application/json" });
      return res.end("");
    case "nochoices":
      res.writeHead(200, { ...cors, "content-type": "application/json" });
      return res.end(JSON.stringify({ choices: [], id: "x" }));
    case "badstream":
      return sse(res, ["{not json", "[DONE]"]);
    case "odd":
      if (stream) {
        return sse(res, [
          { choices: [{ delta: { role: "assistant", content: null } }] },
          { choices: [{ delta: { content: "<script>alert(3)</script>" } }] },
          { choices: [{ delta: {} }] },
          { choices: [{ delta: { content: " and more" }, finish_reason: "length" }], extra: 1 },
          { choices: [], usage: { prompt_tokens: 5, completion_tokens: 3 } },
          "[DONE]",
        ]);
      }
      // Wrong content type for a JSON body.
      res.writeHead(200, { ...cors, "content-type": "text/plain" });
      return res.end(completion(oddDetection, { unexpected: "field" }));
    default:
      res.writeHead(404, cors);
      return res.end();
  }
}

function run(cmd, args) {
  return new Promise((ok, fail) =>
    execFile(cmd, args, { cwd: root }, (err, stdout, stderr) => (err ? fail(new Error(stderr || err.message)) : ok(stdout))),
  );
}

async function control(what, res) {
  try {
    const pid = Number(readFileSync(pidFile, "utf8").trim());
    if (what === "kill") {
      try {
        process.kill(pid, "SIGKILL");
      } catch {}
      res.writeHead(200, cors);
      return res.end("killed");
    }
    if (what === "start") {
      const args = ["--port", llmPort];
      if (llmKey) args.push("--api-key", llmKey);
      const out = await run(join(root, "scripts/llm-server"), args);
      const [, newPid] = out.trim().split(/\s+/);
      writeFileSync(pidFile, newPid + "\n");
      res.writeHead(200, cors);
      return res.end("started");
    }
  } catch (e) {
    res.writeHead(500, cors);
    return res.end(String(e.message));
  }
  res.writeHead(404, cors);
  res.end();
}

const server = createServer((req, res) => {
  const path = new URL(req.url, "http://x").pathname;
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    if (req.method === "OPTIONS") {
      if (path.startsWith("/nocors/")) return res.writeHead(404).end();
      return res.writeHead(204, cors).end();
    }
    const parts = path.split("/").filter(Boolean);
    if (parts[0] === "hits") {
      res.writeHead(200, cors);
      return res.end(String(hits.get("/" + parts.slice(1).join("/")) ?? 0));
    }
    if (parts[0] === "control") return control(parts[1], res);
    if (parts[0] === "nocors") {
      // A server that answers but allows no other origin. A no-cors HEAD probe gets an empty
      // answer; the CORP header lets it through the test runner's cross-origin isolation
      // (COEP require-corp), which ordinary app pages do not have.
      if (req.method === "HEAD") {
        return res.writeHead(200, { "content-type": "text/plain", "cross-origin-resource-policy": "cross-origin" }).end();
      }
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(completion("OK"));
    }
    if (parts[0] === "status") {
      const key = `/status/${parts[1]}`;
      hits.set(key, (hits.get(key) ?? 0) + 1);
      res.writeHead(Number(parts[1]), { ...cors, "content-type": "application/json" });
      return res.end(JSON.stringify({ error: { message: `fixture status ${parts[1]}`, type: "fixture" } }));
    }
    if (parts[0] === "ratelimit") {
      const key = `/ratelimit/${parts[1]}`;
      hits.set(key, (hits.get(key) ?? 0) + 1);
      res.writeHead(429, {
        ...cors,
        "access-control-expose-headers": "Retry-After",
        "content-type": "application/json",
        "retry-after": parts[1],
      });
      return res.end(JSON.stringify({ error: { message: "slow down", type: "rate_limit" } }));
    }
    if (parts[0] === "flaky") {
      const n = (hits.get("/flaky") ?? 0) + 1;
      hits.set("/flaky", n);
      if (n % 3 !== 0) {
        res.writeHead(503, { ...cors, "content-type": "application/json" });
        return res.end(JSON.stringify({ error: { message: "loading model" } }));
      }
      res.writeHead(200, { ...cors, "content-type": "application/json" });
      return res.end(completion("OK"));
    }
    if (parts[0] === "hostile") return hostile(parts[1], req, res, body);
    res.writeHead(404, cors);
    res.end();
  });
});
server.listen(0, "127.0.0.1", () => {
  console.log(server.address().port);
});
