// Provider fixtures: one chat-completions endpoint per kind of provider, on a free 127.0.0.1 port
// (printed as "PORT <n>" on stdout), each answering as that provider's documentation says it
// does — its refusals (status, error JSON shape, `param`/`code`), its key header, its URL shape,
// its SSE framing and `finish_reason` values. Used by llm-providers-cli.mjs (the CLI) and, with
// CORS for any origin, by browser checks.
//
//   /<provider>/…/chat/completions   the provider's behaviour (see PROVIDERS below)
//   GET /hits/<provider>              chat calls received so far, as JSON {"calls": n, "bodies": […]}
//   POST /reset                       forgets the counts
//
// A request whose key is not FIXTURE_KEY (env) in the provider's header gets a 401. The replies
// never echo a key. Sources of each behaviour are cited in docs/endpoints.md.
import { createServer } from "node:http";

const KEY = process.env.FIXTURE_KEY ?? "sk-fixture-5ecret";
const hits = new Map();

const cors = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "Content-Type, Authorization, api-key, Accept",
  "access-control-allow-methods": "GET, POST, OPTIONS",
};

/** The endpoint's detection: one question no embedded detector would word like this. */
export const DETECTION = {
  needs_clarification: true,
  questions: [
    {
      question: "How many days will you stay in Paris?",
      why: "sets the plan's length",
      options: ["A weekend", "A week", "Two weeks"],
      multiple: false,
      recommended: 1,
      priority: "critical",
    },
  ],
};
export const ANSWER = "Day 1: the Louvre. Day 2: Montmartre.";
/** Written in every reasoning a fixture sends: it must reach no page, prompt, snapshot or event. */
export const THINKING = "THINKING-TRACE";
/** A reasoning block as DeepSeek-R1 and Qwen3 write it without a reasoning parser: with a draft of
 * the JSON that says the opposite of the reply. */
const THINK_BLOCK = `<think>\n${THINKING}: the user wants a trip. Draft: {"needs_clarification": false, "questions": []}\n</think>\n\n`;

const json = (res, status, body, headers = {}) => {
  res.writeHead(status, { ...cors, "content-type": "application/json", ...headers });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
};
const openaiError = (message, param = null, code = null) => ({
  error: { message, type: "invalid_request_error", param, code },
});
const completion = (content, { finish = "stop", reasoning } = {}) => ({
  id: "chatcmpl-fixture",
  object: "chat.completion",
  choices: [
    {
      index: 0,
      finish_reason: finish,
      message: { role: "assistant", content, ...(reasoning ? { reasoning_content: reasoning } : {}) },
    },
  ],
  usage: { prompt_tokens: 40, completion_tokens: 30, total_tokens: 70 },
});

/** Writes `events` as SSE; `comments` adds keep-alive comment lines (OpenRouter's framing). */
function sse(res, events, { comments = false, crlf = false } = {}) {
  res.writeHead(200, { ...cors, "content-type": "text/event-stream", "cache-control": "no-cache" });
  const nl = crlf ? "\r\n" : "\n";
  if (comments) res.write(`: OPENROUTER PROCESSING${nl}${nl}`);
  for (const e of events) res.write(`data: ${typeof e === "string" ? e : JSON.stringify(e)}${nl}${nl}`);
  res.end();
}
const chunk = (delta, finish = null, extra = {}) => ({
  id: "chatcmpl-fixture",
  object: "chat.completion.chunk",
  choices: [{ index: 0, delta, finish_reason: finish }],
  ...extra,
});
/** A streamed answer: a role-only first chunk (or a reasoning one), the text, the finish. */
function streamAnswer(res, { reasoning = false, finish = "stop", comments = false, crlf = false, usageChunk = true } = {}) {
  const first = reasoning
    ? chunk({ role: "assistant", content: null, reasoning_content: "The user wants a plan…" })
    : chunk({ role: "assistant", content: "" });
  const [a, b] = [ANSWER.slice(0, 12), ANSWER.slice(12)];
  const events = [first, chunk({ content: a }), chunk({ content: b }), chunk({}, finish)];
  if (usageChunk) events.push({ choices: [], usage: { prompt_tokens: 50, completion_tokens: 12 } });
  events.push("[DONE]");
  sse(res, events, { comments, crlf });
}

/** Any system turn, or two turns of one role in a row. */
const hasSystem = (body) => (body.messages ?? []).some((m) => m.role === "system");
const alternates = (body) => (body.messages ?? []).every((m, i, all) => m.role !== "system" && (i === 0 || all[i - 1].role !== m.role));

/** A reasoning model's reply with its thinking in `<think>` at the start of the text: detection
 * whole, the answer streamed with the tags cut mid-word (`<thi`, `nk>`, `</th`, `ink>`). */
function thinkReply(res, body) {
  if (!body.stream) return json(res, 200, completion(THINK_BLOCK + JSON.stringify(DETECTION)));
  const pieces = ["<thi", `nk>\n${THINKING}: plan two days`, "…</th", "ink>\n\n", ANSWER.slice(0, 12), ANSWER.slice(12)];
  sse(res, [chunk({ role: "assistant", content: "" }), ...pieces.map((content) => chunk({ content })), chunk({}, "stop"), "[DONE]"]);
}

/** A reasoning model whose thinking comes in a `reasoning` field (OpenRouter, newer vLLM). */
function reasoningFieldReply(res, body) {
  if (!body.stream) {
    const reply = completion(JSON.stringify(DETECTION));
    reply.choices[0].message.reasoning = `${THINKING}: a trip to Paris`;
    return json(res, 200, reply);
  }
  const thinking = [`${THINKING}: `, "the Louvre first"].map((reasoning) => chunk({ reasoning, content: null }));
  sse(res, [...thinking, chunk({ content: ANSWER.slice(0, 12) }), chunk({ content: ANSWER.slice(12) }), chunk({}, "stop"), "[DONE]"]);
}

/** The reply to a detection request (non-streamed) or an answer (streamed). */
function reply(res, body, { prose = false, reasoning = false, finish = "stop", sseOptions = {} } = {}) {
  if (body.stream) return streamAnswer(res, { reasoning, finish, ...sseOptions });
  const text = JSON.stringify(DETECTION);
  const content = prose ? `Sure! Here is the JSON you asked for:\n\`\`\`json\n${text}\n\`\`\`\nLet me know if you need more.` : text;
  return json(res, 200, completion(content, { finish, reasoning: reasoning ? "Thinking about trips…" : undefined }));
}

const hasKeyword = (body, keyword) => JSON.stringify(body.response_format ?? {}).includes(`"${keyword}"`);
const formatType = (body) => body.response_format?.type;
const bearer = (req) => req.headers.authorization === `Bearer ${KEY}`;

/**
 * Each provider: `auth(req)` says whether the key came as documented; `handle(req, body, res,
 * url)` answers. Facts: docs/endpoints.md.
 */
const PROVIDERS = {
  // OpenAI GPT-5.x / o-series: max_tokens and a non-default temperature are refused.
  gpt5: {
    handle(req, body, res) {
      if ("max_tokens" in body)
        return json(res, 400, openaiError("Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", "max_tokens", "unsupported_parameter"));
      if ("temperature" in body && body.temperature !== 1)
        return json(res, 400, openaiError(`Unsupported value: 'temperature' does not support ${body.temperature} with this model. Only the default (1) value is supported.`, "temperature", "unsupported_value"));
      return reply(res, body);
    },
  },
  // OpenAI GPT-4-class: takes everything.
  openai: { handle: (req, body, res) => reply(res, body) },
  // Azure OpenAI: api-key header, a deployment URL and an api-version.
  azure: {
    auth: (req) => req.headers["api-key"] === KEY,
    handle(req, body, res, url) {
      if (!/\/openai\/deployments\/[^/]+\/chat\/completions$/.test(url.pathname) || !url.searchParams.get("api-version"))
        return json(res, 404, { error: { code: "404", message: "Resource not found" } });
      return reply(res, body);
    },
  },
  // Anthropic's OpenAI-compatible endpoint: response_format is ignored; prose around the JSON.
  anthropic: { handle: (req, body, res) => reply(res, body, { prose: true }) },
  // Gemini's OpenAI-compatible endpoint: its own schema subset (here: no string lengths); errors
  // come as a list.
  gemini: {
    handle(req, body, res) {
      if (hasKeyword(body, "maxLength") || hasKeyword(body, "minLength"))
        return json(res, 400, [{ error: { code: 400, message: 'Invalid JSON payload received. Unknown name "maxLength" at \'response_format.json_schema.schema.properties[1].value\': Cannot find field.', status: "INVALID_ARGUMENT" } }]);
      return reply(res, body);
    },
  },
  // DeepSeek: json_object only; deepseek-reasoner streams reasoning_content before content.
  deepseek: {
    handle(req, body, res) {
      if (formatType(body) === "json_schema")
        return json(res, 400, openaiError("This response_format type is unavailable now", null, "invalid_request_error"));
      if (formatType(body) === "json_object" && !JSON.stringify(body.messages).toLowerCase().includes("json"))
        return json(res, 400, openaiError("Prompt must contain the word 'json' in some form to use 'response_format' of type 'json_object'."));
      return reply(res, body, { reasoning: body.model.includes("reasoner") });
    },
  },
  // Mistral: takes the request; errors at the top level.
  mistral: { handle: (req, body, res) => reply(res, body) },
  // Groq: json_schema only on some models.
  groq: {
    handle(req, body, res) {
      if (formatType(body) === "json_schema")
        return json(res, 400, openaiError("`response_format.type` json_schema is not supported with this model", "response_format", "invalid_request_error"));
      return reply(res, body);
    },
  },
  // OpenRouter: SSE with keep-alive comment lines.
  openrouter: { handle: (req, body, res) => reply(res, body, { sseOptions: { comments: true } }) },
  // Ollama: CRLF-free, usage in the last content chunk, no separate usage chunk.
  ollama: { auth: () => true, handle: (req, body, res) => reply(res, body, { sseOptions: { usageChunk: false } }) },
  // vLLM: errors at the top level, `object: "error"`.
  vllm: { auth: () => true, handle: (req, body, res) => reply(res, body, { sseOptions: { crlf: true } }) },
  // LM Studio: response_format must be json_schema or text.
  lmstudio: {
    auth: () => true,
    handle(req, body, res) {
      if (formatType(body) === "json_object")
        return json(res, 400, { error: "'response_format.type' must be 'json_schema' or 'text'" });
      return reply(res, body);
    },
  },
  // llama.cpp: takes the request.
  llamacpp: { auth: () => true, handle: (req, body, res) => reply(res, body) },
  // A server whose structured outputs refuse minItems other than 0 or 1 (and string lengths).
  "strict-schema": {
    handle(req, body, res) {
      if (hasKeyword(body, "minItems") || hasKeyword(body, "maxLength"))
        return json(res, 400, { type: "error", error: { type: "invalid_request_error", message: "For 'array' type, property 'minItems' only supports values 0 or 1" } });
      return reply(res, body);
    },
  },
  // A server that ignores response_format and wraps its JSON in prose.
  prose: { handle: (req, body, res) => reply(res, body, { prose: true }) },
  // A slow endpoint, as a reasoning model thinking at length is: its detection reply comes after
  // 8 s, its answer a piece every 700 ms. (For the card shown while an endpoint works, and Stop.)
  slow: {
    handle(req, body, res) {
      if (!body.stream) return setTimeout(() => res.destroyed || reply(res, body), 8000);
      res.writeHead(200, { ...cors, "content-type": "text/event-stream", "cache-control": "no-cache" });
      let n = 0;
      const next = () => {
        if (res.destroyed) return;
        if (n++ < 20) {
          res.write(`data: ${JSON.stringify(chunk({ content: `Piece ${n}. ` }))}\n\n`);
          return setTimeout(next, 700);
        }
        res.write(`data: ${JSON.stringify(chunk({}, "stop"))}\n\ndata: [DONE]\n\n`);
        res.end();
      };
      next();
    },
  },
  // A reasoning model thinking at length before its answer: reasoning deltas every 250 ms for
  // 3 s, then the answer. (For the wait line's "Thinking… N s".)
  "slow-think": {
    auth: () => true,
    handle(req, body, res) {
      if (!body.stream) return thinkReply(res, body);
      res.writeHead(200, { ...cors, "content-type": "text/event-stream", "cache-control": "no-cache" });
      let n = 0;
      const next = () => {
        if (res.destroyed) return;
        if (n++ < 12) {
          res.write(`data: ${JSON.stringify(chunk({ content: null, reasoning_content: `${THINKING} ${n}. ` }))}\n\n`);
          return setTimeout(next, 250);
        }
        for (const content of [ANSWER.slice(0, 12), ANSWER.slice(12)]) res.write(`data: ${JSON.stringify(chunk({ content }))}\n\n`);
        res.write(`data: ${JSON.stringify(chunk({}, "stop"))}\n\ndata: [DONE]\n\n`);
        res.end();
      };
      next();
    },
  },
  // A server refusing something no change can fix.
  refuse: {
    handle: (req, body, res) =>
      json(res, 400, openaiError("This model's maximum context length is 8 tokens. However, your messages resulted in 412 tokens.", "messages", "context_length_exceeded")),
  },
  // OpenAI's o1-class models: no system role (its documented 400, naming messages[0].role).
  "no-system": {
    handle(req, body, res) {
      if (hasSystem(body))
        return json(res, 400, openaiError("Unsupported value: 'messages[0].role' does not support 'system' with this model.", "messages[0].role", "unsupported_value"));
      return reply(res, body);
    },
  },
  // A Gemma chat template (llama.cpp --jinja, vLLM): "System role not supported", raised by the
  // template as a server error.
  gemma: {
    auth: () => true,
    handle(req, body, res) {
      if (hasSystem(body)) return json(res, 500, { error: { code: 500, message: "System role not supported", type: "server_error" } });
      return reply(res, body);
    },
  },
  // A Mistral-style template: the roles must alternate user/assistant, no system turn.
  alternate: {
    auth: () => true,
    handle(req, body, res) {
      if (!alternates(body))
        return json(res, 400, { object: "error", message: "Conversation roles must alternate user/assistant/user/assistant/...", type: "BadRequestError", param: null, code: 400 });
      return reply(res, body);
    },
  },
  // A server whose response_format takes json_object or text only.
  "json-object-only": {
    handle(req, body, res) {
      if (formatType(body) === "json_schema")
        return json(res, 400, openaiError("'response_format.type' must be 'json_object' or 'text'", "response_format"));
      const asked = JSON.stringify(body.messages);
      if (formatType(body) === "json_object" && !asked.includes("JSON Schema"))
        return json(res, 400, openaiError("the schema must be in the instructions"));
      return reply(res, body);
    },
  },
  // DeepSeek-R1 / Qwen3 without a reasoning parser: the thinking at the start of the text.
  think: { auth: () => true, handle: (req, body, res) => thinkReply(res, body) },
  // A reasoning model with its thinking in a `reasoning` field.
  "reasoning-field": { handle: (req, body, res) => reasoningFieldReply(res, body) },
  // A reasoning model that spends a small token limit thinking: an empty text cut for length,
  // until the limit leaves room for reasoning.
  "think-length": {
    auth: () => true,
    handle(req, body, res) {
      const limit = body.max_tokens ?? body.max_completion_tokens;
      if (limit !== undefined && limit < 8192) {
        const cut = completion(`<think>\n${THINKING}: so many cities to consider`, { finish: "length" });
        if (!body.stream) return json(res, 200, cut);
        return sse(res, [chunk({ content: `<think>${THINKING}` }), chunk({}, "length"), "[DONE]"]);
      }
      return thinkReply(res, body);
    },
  },
};

const server = createServer((req, res) => {
  const url = new URL(req.url, "http://127.0.0.1");
  if (req.method === "OPTIONS") {
    res.writeHead(204, cors);
    return res.end();
  }
  if (req.method === "POST" && url.pathname === "/reset") {
    hits.clear();
    return json(res, 200, {});
  }
  const [, first, second] = url.pathname.split("/");
  if (req.method === "GET" && first === "hits") return json(res, 200, hits.get(second) ?? { calls: 0, bodies: [] });
  const provider = PROVIDERS[first];
  if (!provider || !url.pathname.endsWith("/chat/completions")) return json(res, 404, { error: { message: "no such route" } });
  let raw = "";
  req.on("data", (d) => (raw += d));
  req.on("end", () => {
    let body;
    try {
      body = JSON.parse(raw);
    } catch {
      return json(res, 400, openaiError("We could not parse the JSON body of your request."));
    }
    const seen = hits.get(first) ?? { calls: 0, bodies: [] };
    seen.calls++;
    seen.bodies.push(body);
    hits.set(first, seen);
    if (!(provider.auth ?? bearer)(req)) return json(res, 401, openaiError("Incorrect API key provided.", null, "invalid_api_key"));
    provider.handle(req, body, res, url);
  });
});

server.listen(0, "127.0.0.1", () => console.log(`PORT ${server.address().port}`));
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.close(() => process.exit(0)));
