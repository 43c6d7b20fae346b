//! In-browser benchmarks, run only by `scripts/bench` (which parses the `BENCH {json}` lines).
//!
//! ```sh
//! CLARIFY_BENCH=1 cargo test --release -p clarify-web --target wasm32-unknown-unknown --test bench -- --include-ignored --nocapture
//! ```
//!
//! The tests are `#[ignore]`d, so the normal browser test run lists them as ignored and stays
//! fast; and without `CLARIFY_BENCH` set at compile time each returns at once and says it was
//! skipped (e.g. under a plain `--include-ignored`). Nothing here asserts a speed: the figures
//! are printed and `scripts/bench` reports them against the targets.
//!
//! - `engine_timings`: one transition, a five-turn conversation and one detection of a
//!   100-character request, timed with `performance.now()` over batches (the clock is coarse in a
//!   browser, so each batch runs long enough to be read to about 1%). The cases are the same as
//!   the criterion benches in `core/benches/` so native and in-browser figures line up.
//! - `snapshot_sizes`: bytes of a session snapshot mid-question and completed.
//! - `llm_cost` (only with `CLARIFY_BENCH_LLM=http://127.0.0.1:PORT` at compile time): five
//!   scenarios against a real OpenAI-compatible server, the engine's effects carried out with the
//!   browser's `fetch`, and beside them the same scenarios with "restart planning after every
//!   answer" (the naive alternative: a new detection request with the accumulated context, built
//!   by the same `detection_request`), sent to the same server for real usage figures.
#![allow(missing_docs)]

use std::collections::VecDeque;
use std::hint::black_box;

use clarify_core::analysis::detection_request;
use clarify_core::{
    ChatRequest, Config, Detection, Effect, Input, Message, Role, Session, Usage, UserAnswer, demo,
    detect,
};
use clarify_web::llm::{self, Cancel, ClientSettings, LlmSettings};
use serde_json::json;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const ENABLED: Option<&str> = option_env!("CLARIFY_BENCH");
const LLM_ENDPOINT: Option<&str> = option_env!("CLARIFY_BENCH_LLM");
const LLM_MODEL: Option<&str> = option_env!("CLARIFY_BENCH_MODEL");
/// Each LLM call is aborted after this many seconds (a loaded 2-core machine can slow the
/// server to about one token a second).
const LLM_CALL_TIMEOUT_S: Option<&str> = option_env!("CLARIFY_BENCH_LLM_CALL_TIMEOUT_S");
/// No new scenario starts after this many seconds of LLM calls.
const LLM_BUDGET_S: Option<&str> = option_env!("CLARIFY_BENCH_LLM_BUDGET_S");

fn seconds(value: Option<&str>, default: f64) -> f64 {
    value.and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn enabled(test: &str) -> bool {
    if ENABLED.is_none() {
        console_log!(
            "bench {test}: skipped (benchmarks run only from scripts/bench, which sets CLARIFY_BENCH=1)"
        );
    }
    ENABLED.is_some()
}

fn emit(value: &serde_json::Value) {
    console_log!("BENCH {value}");
}

// ---- the cases: copied from core/benches/engine.rs and core/benches/detect.rs ----

const DETECTION_REPLY: &str = r#"{"needs_clarification": true, "ambiguity_details": [
  {"aspect": "search_scope", "description": "The search scope is unclear",
   "clarification_question": "Would you like to search in all documents or only recent ones?",
   "possible_options": ["all_documents", "recent_documents"], "priority": "critical"},
  {"aspect": "output_format", "description": "Output format preference not specified",
   "clarification_question": "How would you like the results formatted?",
   "possible_options": ["summary", "detailed_report", "bullet_points"]}]}"#;

fn llm_config() -> Config {
    Config {
        detection: Detection::Llm,
        ..Config::default()
    }
}

fn start(request: &str) -> Input {
    Input::Start {
        request: request.into(),
        context: Default::default(),
        now: 0,
    }
}

fn asking() -> Session {
    let mut s = Session::new(llm_config());
    let _ = s.handle(start("Find information about the topic"));
    let _ = s.handle(Input::DetectionReceived {
        text: DETECTION_REPLY.into(),
        usage: None,
    });
    s
}

fn answer(s: &mut Session, now: u64) -> Vec<Effect> {
    let Some(q) = s.current_question() else {
        return Vec::new();
    };
    let reply = match q.options.first() {
        Some(c) => UserAnswer::Choices {
            choices: vec![c.id.clone()],
        },
        None => UserAnswer::Text {
            text: "renewable energy".into(),
        },
    };
    let input = Input::Answer {
        question: q.id.clone(),
        answer: reply,
        now,
    };
    s.handle(input).unwrap_or_default()
}

fn conversation(config: Config, request: &str, reply: Option<&str>) -> String {
    let mut s = Session::new(config);
    let _ = black_box(s.handle(start(request)));
    if let Some(reply) = reply {
        let _ = black_box(s.handle(Input::DetectionReceived {
            text: reply.into(),
            usage: None,
        }));
    }
    black_box(answer(&mut s, 1_000));
    black_box(answer(&mut s, 2_000));
    let _ = black_box(s.handle(Input::GenerationCompleted {
        text: "Here is a digest.".into(),
        usage: None,
    }));
    s.snapshot()
}

fn requests() -> Vec<String> {
    [
        "I would like to plan a trip to Paris next month with my family, somewhere nice to stay and eat well",
        "Find the capital city of Tasmania and the population of its largest city according to the census.",
        "Tell me more about it, and how does that compare to the approach from the paper we discussed before",
        "悠遊卡 投遞的格式、成效，請幫我整理最近的報表，包含曝光、點擊與轉換，並比較不同投遞格式的差異與建議，以及下一季的預算規劃與目標設定，謝謝您的協助與說明，我們會在週五前確認並回覆給行銷團隊參考使用",
        "悠遊卡 投遞的格式、成效",
    ]
    .iter()
    .map(|s| {
        let mut out: String = s.chars().take(100).collect();
        while out.chars().count() < 100 {
            out.push('.');
        }
        out
    })
    .collect()
}

// ---- timing ----

struct Clock {
    performance: JsValue,
    now: js_sys::Function,
}

impl Clock {
    fn new() -> Self {
        let performance = js_sys::Reflect::get(&js_sys::global(), &"performance".into())
            .expect("performance exists");
        let now = js_sys::Reflect::get(&performance, &"now".into())
            .expect("performance.now exists")
            .unchecked_into();
        Self { performance, now }
    }

    fn ms(&self) -> f64 {
        self.now
            .call0(&self.performance)
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or(0.0)
    }
}

/// Runs `op` over inputs made by `setup` (outside the timing) in batches of `n`, `n` doubled until
/// a batch takes at least 10 ms; then 30 batches. Emits ns per operation: median, mean, standard
/// deviation, min and max over the batches.
fn measure<T>(
    clock: &Clock,
    group: &str,
    name: &str,
    mut setup: impl FnMut(usize) -> Vec<T>,
    mut op: impl FnMut(T),
) {
    let mut batch = |n: usize| -> f64 {
        let inputs = setup(n);
        let t0 = clock.ms();
        for x in inputs {
            op(black_box(x));
        }
        clock.ms() - t0
    };
    let mut n = 8;
    while batch(n) < 10.0 && n < 1 << 22 {
        n *= 2;
    }
    // One more batch of the final size, discarded: warm-up.
    batch(n);
    let mut per_op: Vec<f64> = (0..30).map(|_| batch(n) * 1e6 / n as f64).collect();
    per_op.sort_by(f64::total_cmp);
    let len = per_op.len() as f64;
    let mean = per_op.iter().sum::<f64>() / len;
    let var = per_op.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (len - 1.0);
    let median = (per_op[14] + per_op[15]) / 2.0;
    emit(&json!({
        "kind": "timing", "group": group, "bench": name, "unit": "ns", "batch": n, "batches": 30,
        "median": median, "mean": mean, "std_dev": var.sqrt(),
        "min": per_op[0], "max": per_op[29],
    }));
}

#[wasm_bindgen_test]
#[ignore = "benchmark: scripts/bench runs it (CLARIFY_BENCH=1, --include-ignored)"]
fn engine_timings() {
    if !enabled("engine_timings") {
        return;
    }
    let clock = Clock::new();
    let pending = asking();
    measure(
        &clock,
        "transition",
        "answer",
        |n| vec![pending.clone(); n],
        |mut s| {
            black_box(answer(&mut s, 1_000));
        },
    );
    let mut last = asking();
    let _ = answer(&mut last, 1_000);
    measure(
        &clock,
        "transition",
        "skip_to_generation",
        |n| vec![last.clone(); n],
        |mut s| {
            let id = s.current_question().map(|q| q.id.clone());
            black_box(id.map(|question| {
                s.handle(Input::Skip {
                    question,
                    now: 2_000,
                })
            }));
        },
    );
    measure(
        &clock,
        "conversation",
        "five_turns_llm",
        |n| vec![(); n],
        |()| {
            black_box(conversation(
                llm_config(),
                "Find information about the topic",
                Some(DETECTION_REPLY),
            ));
        },
    );
    measure(
        &clock,
        "conversation",
        "four_turns_embedded",
        |n| vec![(); n],
        |()| {
            black_box(conversation(
                Config::default(),
                "Plan a trip to Paris",
                None,
            ));
        },
    );
    let requests = requests();
    for (name, request) in [
        "vague_en",
        "clear_en",
        "pronoun_en",
        "chinese_clear",
        "chinese_vague",
    ]
    .iter()
    .zip(&requests)
    {
        measure(
            &clock,
            "detect_100_chars",
            name,
            |n| vec![(); n],
            |()| {
                black_box(detect::detect(black_box(request), black_box(&[])));
            },
        );
    }
    let mut i = 0;
    measure(
        &clock,
        "detect_100_chars",
        "is_vague_mix",
        |n| vec![(); n],
        |()| {
            i = (i + 1) % requests.len();
            black_box(detect::is_vague(black_box(&requests[i])));
        },
    );
}

#[wasm_bindgen_test]
#[ignore = "benchmark: scripts/bench runs it (CLARIFY_BENCH=1, --include-ignored)"]
fn snapshot_sizes() {
    if !enabled("snapshot_sizes") {
        return;
    }
    // The app's offline case: the embedded detector and the demo data.
    let request = "Plan a trip to Paris";
    let mut s = Session::new(Config::default());
    let _ = s.handle(Input::Start {
        request: request.into(),
        context: demo::context(request, &[]),
        now: 0,
    });
    let offline_mid = s.snapshot();
    let mut now = 1_000;
    while s.current_question().is_some() {
        let _ = answer(&mut s, now);
        now += 1_000;
    }
    let answer_text = s
        .enriched_prompt()
        .map(|p| p.offline_answer())
        .unwrap_or_default();
    let _ = s.handle(Input::GenerationCompleted {
        text: answer_text,
        usage: None,
    });
    let offline_done = s.snapshot();
    emit(&json!({
        "kind": "snapshot", "scenario": "offline: Plan a trip to Paris (embedded detector, demo data)",
        "status_mid": "awaiting_clarification", "mid_question_bytes": offline_mid.len(),
        "status_done": format!("{:?}", s.status()), "completed_bytes": offline_done.len(),
    }));
    // Scenario 001 with an LLM detection reply (the benches' five-turn conversation).
    let mid = asking().snapshot();
    let done = conversation(
        llm_config(),
        "Find information about the topic",
        Some(DETECTION_REPLY),
    );
    emit(&json!({
        "kind": "snapshot", "scenario": "llm: Find information about the topic (two questions)",
        "mid_question_bytes": mid.len(), "completed_bytes": done.len(),
    }));
}

// ---- LLM cost against a real server ----

struct Scenario {
    /// The scenario's number in the report.
    id: &'static str,
    request: &'static str,
    /// Whether the demo knowledge base and catalog supply context (scenarios 000 and 003).
    demo: bool,
}

/// Scenario 001 first: its first detection call is the headline prompt size.
const SCENARIOS: &[Scenario] = &[
    Scenario {
        id: "001",
        request: "Find information about the topic",
        demo: false,
    },
    Scenario {
        id: "000",
        request: "my app crashes",
        demo: true,
    },
    Scenario {
        id: "002",
        request: "Tell me more about it",
        demo: false,
    },
    Scenario {
        id: "003",
        request: "悠遊卡 投遞的格式、成效",
        demo: true,
    },
    Scenario {
        id: "004",
        request: "Summarise the billing terms of the contract: milestone billing, payment upon delivery",
        demo: false,
    },
];

struct Call {
    purpose: &'static str,
    usage: Option<Usage>,
    /// The prompt's tokens as counted by the server's tokenizer.
    counted: Option<u64>,
    ms: f64,
    text: String,
    error: Option<String>,
}

async fn js_await(promise: JsValue) -> Result<JsValue, String> {
    let promise: js_sys::Promise = promise.dyn_into().map_err(|_| "not a promise".to_owned())?;
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .map_err(|e| format!("{e:?}"))
}

fn get(target: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(target, &key.into()).unwrap_or(JsValue::UNDEFINED)
}

/// POSTs a JSON `body` with the page's `fetch`, aborted after `timeout_ms`; the reply's text.
async fn post(url: &str, body: &str, timeout_ms: f64) -> Result<String, String> {
    let global = js_sys::global();
    let fetch: js_sys::Function = get(&global, "fetch").unchecked_into();
    let init = js_sys::Object::new();
    // Abort the call (request and body) after the timeout.
    let abort_controller: js_sys::Function = get(&global, "AbortController").unchecked_into();
    let controller = js_sys::Reflect::construct(&abort_controller, &js_sys::Array::new())
        .map_err(|e| format!("{e:?}"))?;
    let _ = js_sys::Reflect::set(&init, &"signal".into(), &get(&controller, "signal"));
    let set_timeout: js_sys::Function = get(&global, "setTimeout").unchecked_into();
    let abort = js_sys::Function::new_with_args("c", "c.abort()");
    let _ = set_timeout.call3(&global, &abort, &JsValue::from_f64(timeout_ms), &controller);
    let headers = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&headers, &"Content-Type".into(), &"application/json".into());
    let _ = js_sys::Reflect::set(&init, &"method".into(), &"POST".into());
    let _ = js_sys::Reflect::set(&init, &"headers".into(), &headers);
    let _ = js_sys::Reflect::set(&init, &"body".into(), &body.into());
    let timed_out = |e: String| {
        if get(&get(&controller, "signal"), "aborted").is_truthy() {
            format!("timed out after {} s", timeout_ms / 1000.0)
        } else {
            e
        }
    };
    let response = js_await(
        fetch
            .call2(&global, &url.into(), &init)
            .map_err(|e| format!("{e:?}"))?,
    )
    .await
    .map_err(timed_out)?;
    let status = get(&response, "status").as_f64().unwrap_or(0.0);
    let text_fn: js_sys::Function = get(&response, "text").unchecked_into();
    let text = js_await(text_fn.call0(&response).map_err(|e| format!("{e:?}"))?)
        .await
        .map_err(timed_out)?
        .as_string()
        .unwrap_or_default();
    if status != 200.0 {
        return Err(format!(
            "HTTP {status}: {}",
            text.chars().take(200).collect::<String>()
        ));
    }
    Ok(text)
}

/// The prompt's size in tokens as the server counts it: llama.cpp's `/apply-template` (its chat
/// template) and `/tokenize`. A cross-check of `usage.prompt_tokens`, and the prompt size of a
/// call that timed out before the server reported usage.
async fn count_prompt(endpoint: &str, request: &ChatRequest) -> Option<u64> {
    let base = endpoint.trim_end_matches('/').trim_end_matches("/v1");
    let messages = json!({ "messages": request.messages }).to_string();
    let templated = post(&format!("{base}/apply-template"), &messages, 30_000.0)
        .await
        .ok()?;
    let prompt = serde_json::from_str::<serde_json::Value>(&templated).ok()?["prompt"].clone();
    let body = json!({ "content": prompt, "add_special": true, "parse_special": true }).to_string();
    let tokens = post(&format!("{base}/tokenize"), &body, 30_000.0)
        .await
        .ok()?;
    let tokens = serde_json::from_str::<serde_json::Value>(&tokens).ok()?;
    tokens["tokens"].as_array().map(|t| t.len() as u64)
}

/// Sends `request` to `{endpoint}/chat/completions` through the app's own fetch layer, once (no
/// retries: a figure is for one call), aborted after the bench's time limit.
async fn send(clock: &Clock, endpoint: &str, purpose: &'static str, request: &ChatRequest) -> Call {
    let settings = LlmSettings {
        endpoint: endpoint.to_owned(),
        model: LLM_MODEL.unwrap_or("smollm2").to_owned(),
        api_key: None,
        profile: None,
        client: ClientSettings {
            timeout_ms: (seconds(LLM_CALL_TIMEOUT_S, 180.0) * 1000.0) as u32,
            attempts: 1,
            ..ClientSettings::default()
        },
    };
    let t0 = clock.ms();
    let result = llm::call(&settings, request, &Cancel::default(), &|_| {}).await;
    let ms = clock.ms() - t0;
    let counted = count_prompt(endpoint, request).await;
    match result.map_err(|e| e.to_string()) {
        Ok(reply) => Call {
            purpose,
            usage: reply.usage,
            counted,
            ms,
            text: reply.text,
            error: None,
        },
        Err(e) => Call {
            purpose,
            usage: None,
            counted,
            ms,
            text: String::new(),
            error: Some(e),
        },
    }
}

/// Totals over `calls`. Prompt tokens: the server's `usage`, or, for a call without usage (timed
/// out), the server's own count of its prompt (`count_prompt`). Completion tokens: `usage` only.
fn totals(calls: &[&Call]) -> serde_json::Value {
    let prompts: Option<Vec<u64>> = calls
        .iter()
        .map(|c| c.usage.map(|u| u.prompt_tokens).or(c.counted))
        .collect();
    let completions: Option<Vec<u64>> = calls
        .iter()
        .map(|c| c.usage.map(|u| u.completion_tokens))
        .collect();
    json!({
        "calls": calls.len(),
        "prompt_tokens": prompts.map(|p| p.iter().sum::<u64>()),
        "prompt_tokens_counted_without_usage": calls.iter().filter(|c| c.usage.is_none()).count(),
        "completion_tokens": completions.map(|c| c.iter().sum::<u64>()),
        "ms": calls.iter().map(|c| c.ms).sum::<f64>(),
    })
}

fn call_json(c: &Call) -> serde_json::Value {
    json!({
        "purpose": c.purpose, "ms": c.ms, "error": c.error,
        "prompt_tokens": c.usage.map(|u| u.prompt_tokens),
        "prompt_tokens_counted": c.counted,
        "completion_tokens": c.usage.map(|u| u.completion_tokens),
        "reply_chars": c.text.chars().count(),
    })
}

async fn run_scenario(clock: &Clock, endpoint: &str, scenario: &Scenario) {
    let config = llm_config();
    let context = if scenario.demo {
        demo::context(scenario.request, &[])
    } else {
        Default::default()
    };
    let mut session = Session::new(config.clone());
    let mut calls: Vec<Call> = Vec::new();
    // (question, answer) in the order asked: the accumulated context for restart planning.
    let mut qa: Vec<(String, String)> = Vec::new();
    let mut now = 0;
    let mut queue: VecDeque<Effect> = session
        .handle(Input::Start {
            request: scenario.request.into(),
            context,
            now,
        })
        .unwrap_or_default()
        .into();
    let mut steps = 0;
    while let Some(effect) = queue.pop_front() {
        steps += 1;
        if steps > 200 {
            break;
        }
        now += 1_000;
        let next = match effect {
            Effect::RequestDetection { request } => {
                let call = send(clock, endpoint, "detection", &request).await;
                let input = match &call.error {
                    None => Input::DetectionReceived {
                        text: call.text.clone(),
                        usage: call.usage,
                    },
                    Some(e) => Input::DetectionFailed { reason: e.clone() },
                };
                calls.push(call);
                session.handle(input)
            }
            Effect::LoadDetector | Effect::LoadColumns { .. } => {
                session.handle(Input::DetectOffline { now })
            }
            Effect::RequestTranslation { question, request } => {
                let call = send(clock, endpoint, "translation", &request).await;
                let input = match &call.error {
                    None => Input::TranslationReceived {
                        question,
                        text: call.text.clone(),
                        usage: call.usage,
                    },
                    Some(e) => Input::TranslationFailed {
                        question,
                        reason: e.clone(),
                    },
                };
                calls.push(call);
                session.handle(input)
            }
            Effect::RequestGeneration { request, .. } => {
                let call = send(clock, endpoint, "generation", &request).await;
                let input = match &call.error {
                    None => Input::GenerationCompleted {
                        text: call.text.clone(),
                        usage: call.usage,
                    },
                    Some(e) => Input::GenerationFailed { reason: e.clone() },
                };
                calls.push(call);
                session.handle(input)
            }
            Effect::Ask { question, .. } => {
                let (reply, label) = match question.options.first() {
                    Some(c) => (
                        UserAnswer::Choices {
                            choices: vec![c.id.clone()],
                        },
                        c.label.clone(),
                    ),
                    None => {
                        let text = "renewable energy, specifically recent advances in solar";
                        (UserAnswer::Text { text: text.into() }, text.to_owned())
                    }
                };
                qa.push((question.text.clone(), label));
                session.handle(Input::Answer {
                    question: question.id.clone(),
                    answer: reply,
                    now,
                })
            }
            Effect::RunStep { step, .. } => session.handle(Input::StepCompleted {
                step,
                output: json!("done"),
            }),
            Effect::StatusChanged { .. }
            | Effect::AppendAnswer { .. }
            | Effect::Complete { .. }
            | Effect::HandOff { .. }
            | Effect::Notice { .. } => Ok(Vec::new()),
        };
        queue.extend(next.unwrap_or_default());
    }
    let counters = session.counters();
    let ours: Vec<&Call> = calls.iter().collect();

    // The naive loop: after every answer, merge it into the context and restart planning — a new
    // detection request built by the same `detection_request`, sent to the same server.
    let mut restarts: Vec<Call> = Vec::new();
    let mut history: Vec<Message> = Vec::new();
    for (question, answer) in &qa {
        history.push(Message::new(Role::Assistant, question.clone()));
        history.push(Message::new(Role::User, answer.clone()));
        let request = detection_request(scenario.request, &history, &config);
        restarts.push(send(clock, endpoint, "restart_detection", &request).await);
    }
    let baseline: Vec<&Call> = calls.iter().chain(restarts.iter()).collect();
    let first_detection = calls
        .iter()
        .find(|c| c.purpose == "detection")
        .and_then(|c| c.usage.map(|u| u.prompt_tokens).or(c.counted));
    emit(&json!({
        "kind": "llm", "id": scenario.id, "request": scenario.request,
        "status": format!("{:?}", session.status()),
        "questions_asked": counters.questions_asked,
        "answers": qa.len(),
        "engine_counters": {
            "llm_calls": counters.llm_calls,
            "prompt_tokens": counters.prompt_tokens,
            "completion_tokens": counters.completion_tokens,
        },
        "detect_prompt_tokens": first_detection,
        "ours": totals(&ours),
        "restart_planning": totals(&baseline),
        "calls": calls.iter().map(call_json).collect::<Vec<_>>(),
        "restart_calls": restarts.iter().map(call_json).collect::<Vec<_>>(),
    }));
}

#[wasm_bindgen_test]
#[ignore = "benchmark: scripts/bench runs it (CLARIFY_BENCH=1, --include-ignored)"]
async fn llm_cost() {
    if !enabled("llm_cost") {
        return;
    }
    let Some(endpoint) = LLM_ENDPOINT else {
        console_log!("bench llm_cost: skipped (no CLARIFY_BENCH_LLM endpoint at compile time)");
        emit(&json!({"kind": "llm_skipped", "reason": "CLARIFY_BENCH_LLM not set"}));
        return;
    };
    let clock = Clock::new();
    let budget_s = seconds(LLM_BUDGET_S, 900.0);
    let t0 = clock.ms();
    for scenario in SCENARIOS {
        let used_s = (clock.ms() - t0) / 1000.0;
        if used_s > budget_s {
            emit(&json!({
                "kind": "llm_not_run", "id": scenario.id, "request": scenario.request,
                "reason": format!("the LLM time budget of {budget_s} s was used up ({used_s:.0} s) before this scenario"),
            }));
            continue;
        }
        run_scenario(&clock, endpoint, scenario).await;
    }
}
