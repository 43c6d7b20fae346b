//! The fetch layer against a real llama.cpp server, from headless Chromium, across origins.
//!
//! `scripts/test.d/70-llm-e2e` starts the server (with an API key) and a fixtures server, then
//! builds these tests with their URLs in compile-time variables:
//! - `CLARIFY_LLM_URL`: the llama.cpp server's `/v1` (another port than the test page: CORS);
//! - `CLARIFY_LLM_KEY`: its API key;
//! - `CLARIFY_LLM_FIXTURES`: tests/e2e/llm-fixtures.mjs — hostile replies, a server without
//!   CORS, and `/control/kill` and `/control/start` for the real server;
//! - `CLARIFY_LLM_DOWN_URL`: a port where nothing listens.
//!
//! Without them every test returns at once (a plain `cargo test` run has no server). The
//! 135M model's words are nonsense: the tests assert on shapes, states and behaviour only.
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::wildcard_enum_match_arm
)]

use std::cell::RefCell;
use std::rc::Rc;

use clarify_core::wire::CallError;
use clarify_core::{
    ChatRequest, Config, Detection, Effect, Input, Message, Mode, Purpose, Role, Session, Status,
    UserAnswer,
};
use clarify_web::driver::Driver;
use clarify_web::llm::{self, Cancel, ClientSettings, LlmSettings};
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const URL: Option<&str> = option_env!("CLARIFY_LLM_URL");
const KEY: Option<&str> = option_env!("CLARIFY_LLM_KEY");
const FIXTURES: Option<&str> = option_env!("CLARIFY_LLM_FIXTURES");
const DOWN: Option<&str> = option_env!("CLARIFY_LLM_DOWN_URL");

/// These tests need the servers scripts/test.d/70-llm-e2e starts; without them they fail rather
/// than pass without checking anything.
const NO_SERVER: &str =
    "no LLM server configured: run `scripts/test llm` (scripts/test.d/70-llm-e2e)";

/// Longest wait for one conversation step (the model may crawl on a busy 2-core machine).
const WAIT_MS: f64 = 600_000.0;

/// Every call's limits: a long time limit, and a token cap because the tiny model rambles and
/// on a busy 2-core machine crawls at 1-2 tokens/s.
fn client() -> ClientSettings {
    ClientSettings {
        timeout_ms: 600_000,
        max_tokens: Some(128),
        ..ClientSettings::default()
    }
}

fn settings() -> Option<LlmSettings> {
    let _ = any_spawner::Executor::init_wasm_bindgen();
    Some(LlmSettings {
        endpoint: URL?.to_owned(),
        model: "smollm2".into(),
        api_key: KEY.map(str::to_owned),
        profile: None,
        client: client(),
    })
}

fn fixture(path: &str) -> Option<LlmSettings> {
    let _ = any_spawner::Executor::init_wasm_bindgen();
    Some(LlmSettings {
        endpoint: format!("{}{path}", FIXTURES?),
        model: "smollm2".into(),
        api_key: Some("fixture-key".into()),
        profile: None,
        client: client(),
    })
}

async fn sleep(ms: i32) {
    let p = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    JsFuture::from(p).await.unwrap();
}

async fn wait_until(what: &str, mut ok: impl FnMut() -> bool) {
    let start = js_sys::Date::now();
    while !ok() {
        assert!(
            js_sys::Date::now() - start < WAIT_MS,
            "timed out waiting for {what}"
        );
        sleep(50).await;
    }
}

async fn control(path: &str) {
    let url = format!("{}{path}", FIXTURES.unwrap());
    let r = gloo_net::http::Request::post(&url).send().await.unwrap();
    assert_eq!(
        r.status(),
        200,
        "{path}: {}",
        r.text().await.unwrap_or_default()
    );
}

/// A driver online with `settings`, recording every effect.
fn driver(settings: LlmSettings, max_questions: u32) -> (Driver, Rc<RefCell<Vec<Effect>>>) {
    let mut config = Config {
        mode: Mode::Interactive,
        detection: Detection::Llm,
        ..Config::default()
    };
    config.limits.max_questions = max_questions;
    let d = Driver::new(Session::new(config), Some(settings));
    let log = Rc::new(RefCell::new(Vec::new()));
    let sink = log.clone();
    d.subscribe(move |_, effects| sink.borrow_mut().extend(effects.iter().cloned()));
    (d, log)
}

fn status(d: &Driver) -> Status {
    d.with(Session::status)
}

fn notices(log: &RefCell<Vec<Effect>>) -> Vec<String> {
    log.borrow()
        .iter()
        .filter_map(|e| match e {
            Effect::Notice { message, .. } => Some(message.clone()),
            _ => None,
        })
        .collect()
}

/// The reason the trace gives for the detection fallback, if there was one.
fn fallback_reason(d: &Driver) -> Option<String> {
    d.with(|s| {
        s.trace()
            .iter()
            .find(|e| e.decision == "detection_failed")
            .map(|e| e.reason.clone())
    })
}

fn chunks(log: &RefCell<Vec<Effect>>) -> usize {
    log.borrow()
        .iter()
        .filter(|e| matches!(e, Effect::AppendAnswer { .. }))
        .count()
}

/// Answers every question the session asks: the first option, or text.
fn answer_all(d: &Driver) -> usize {
    let mut answered = 0;
    while d.with(|s| s.current_question().is_some()) {
        answered += answer_one(d);
    }
    answered
}

/// Answers the current question, if any: the first option, or text.
fn answer_one(d: &Driver) -> usize {
    let mut answered = 0;
    if let Some(q) = d.with(|s| s.current_question().cloned()) {
        let reply = match q.options.first() {
            Some(c) => UserAnswer::Choices {
                choices: vec![c.id.clone()],
            },
            None => UserAnswer::Text {
                text: "ten days".into(),
            },
        };
        d.send(Input::Answer {
            question: q.id,
            answer: reply,
            now: 1_000,
        })
        .unwrap();
        answered += 1;
    }
    answered
}

fn start(d: &Driver, request: &str) {
    d.send(Input::Start {
        request: request.into(),
        context: Default::default(),
        now: 0,
    })
    .unwrap();
}

#[wasm_bindgen_test]
async fn a_conversation_detects_asks_and_streams_the_answer_across_origins() {
    let Some(s) = settings() else {
        panic!("{NO_SERVER}")
    };
    // One question at most: the tiny model fills the schema slowly on a busy machine.
    let (d, log) = driver(s, 1);
    start(&d, "Plan a trip to Paris");
    wait_until("detection", || status(&d) != Status::Analyzing).await;
    let after_detection = d.with(Session::counters);
    console_log!(
        "LLM detection: prompt_tokens={} completion_tokens={} notices={:?}",
        after_detection.prompt_tokens,
        after_detection.completion_tokens,
        notices(&log)
    );
    // The tiny model may hit the token cap mid-JSON (then the engine says the reply could not
    // be read and the embedded detector decides); the call itself must have gone through.
    assert!(
        !notices(&log).iter().any(|n| n.contains("did not answer")),
        "the real endpoint answered detection: {:?}",
        notices(&log)
    );
    assert_eq!(after_detection.llm_calls, 1);
    assert!(
        after_detection.prompt_tokens > 0,
        "usage read from the reply"
    );
    assert!(
        after_detection.prompt_tokens < 600,
        "detection prompt: {} tokens",
        after_detection.prompt_tokens
    );
    // Answering costs no LLM call: still one call before each answer (the last answer
    // starts generation).
    let mut answered = 0;
    while d.with(|s| s.current_question().is_some()) {
        assert_eq!(
            d.with(Session::counters).llm_calls,
            1,
            "no LLM call while answering"
        );
        answered += answer_one(&d);
    }
    wait_until("the answer", || status(&d).is_terminal()).await;
    assert_eq!(
        status(&d),
        Status::Completed,
        "{:?}",
        d.with(|s| s.failure().map(str::to_owned))
    );
    let c = d.with(Session::counters);
    console_log!(
        "LLM conversation: calls={} answered={answered} prompt_tokens={} completion_tokens={} chunks={}",
        c.llm_calls,
        c.prompt_tokens,
        c.completion_tokens,
        chunks(&log)
    );
    assert_eq!(c.llm_calls, 2, "one detection and one generation call");
    assert!(chunks(&log) >= 2, "the answer streamed in pieces");
    assert!(c.completion_tokens > after_detection.completion_tokens);
    let streamed: String = log
        .borrow()
        .iter()
        .filter_map(|e| match e {
            Effect::AppendAnswer { text } => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(d.with(|s| s.answer().map(str::to_owned)), Some(streamed));
}

#[wasm_bindgen_test]
async fn a_wrong_key_is_a_clear_401_the_embedded_detector_takes_over_and_the_key_stays_secret() {
    let Some(mut s) = settings() else {
        panic!("{NO_SERVER}")
    };
    s.api_key = Some("sk-wrong-5ecret".into());
    let e = llm::complete(&s, &tiny_request()).await.unwrap_err();
    let m = e.to_string();
    assert!(
        matches!(e.0, CallError::Unauthorized { status: 401, .. }),
        "{m}"
    );
    assert!(m.contains("API key") && !m.contains("5ecret"), "{m}");
    assert!(
        m.contains("check the key in the settings"),
        "the browser's own hint: {m}"
    );

    let (d, log) = driver(s, 3);
    start(&d, "Plan a trip to Paris");
    wait_until("fallback", || status(&d) != Status::Analyzing).await;
    let n = notices(&log);
    assert!(
        n.iter()
            .any(|m| m.contains("did not answer") && !m.contains("HTTP")),
        "plain words for the user: {n:?}"
    );
    let why = fallback_reason(&d).unwrap_or_default();
    assert!(
        why.contains("HTTP 401"),
        "the trace keeps the reason: {why}"
    );
    assert_eq!(
        status(&d),
        Status::AwaitingClarification,
        "the embedded detector asks"
    );
    let snapshot = d.with(Session::snapshot);
    assert!(!snapshot.contains("5ecret"), "no key in the snapshot");
    // Answers are kept when the answer then fails with the same key.
    let answered = answer_all(&d);
    wait_until("failure", || status(&d).is_terminal()).await;
    assert_eq!(status(&d), Status::Failed);
    assert_eq!(d.with(|s| s.resolutions().len()), answered);
    assert!(d.with(|s| s.failure().unwrap().contains("HTTP 401")));
    // With the right key, Retry completes without asking again.
    d.set_llm(settings());
    d.send(Input::Retry).unwrap();
    wait_until("retry", || status(&d).is_terminal()).await;
    assert_eq!(status(&d), Status::Completed);
    assert_eq!(d.with(|s| s.resolutions().len()), answered);
}

fn tiny_request() -> ChatRequest {
    ChatRequest {
        purpose: Purpose::Detection,
        messages: vec![Message::new(Role::User, "Say OK.")],
        response_format: None,
        max_tokens: Some(4),
        temperature: Some(0.0),
        stream: false,
    }
}

#[wasm_bindgen_test]
async fn a_down_endpoint_and_a_cors_refusal_get_different_honest_messages() {
    let (Some(down), Some(nocors)) = (DOWN, fixture("/nocors/v1")) else {
        panic!("{NO_SERVER}");
    };
    let s = LlmSettings {
        endpoint: down.into(),
        model: "m".into(),
        api_key: Some("sk-down-5ecret".into()),
        profile: None,
        client: client(),
    };
    let e = llm::complete(&s, &tiny_request()).await.unwrap_err();
    assert!(matches!(e.0, CallError::Unreachable { .. }), "{e}");
    assert!(e.to_string().contains("cannot reach") && !e.to_string().contains("5ecret"));

    let e = llm::complete(&nocors, &tiny_request()).await.unwrap_err();
    assert!(matches!(e.0, CallError::Blocked { .. }), "{e}");
    assert!(e.to_string().contains("CORS"), "{e}");

    // Down during detection: the embedded detector decides and the user is told.
    let (d, log) = driver(s, 3);
    start(&d, "Plan a trip to Paris");
    wait_until("fallback", || status(&d) != Status::Analyzing).await;
    assert!(
        notices(&log).iter().any(|m| m.contains("did not answer")),
        "{:?}",
        notices(&log)
    );
    let why = fallback_reason(&d).unwrap_or_default();
    assert!(
        why.contains("cannot reach"),
        "the trace keeps the reason: {why}"
    );
    assert_eq!(status(&d), Status::AwaitingClarification);
}

#[wasm_bindgen_test]
async fn statuses_are_specific_and_retries_are_bounded() {
    let Some(f) = FIXTURES else {
        panic!("{NO_SERVER}")
    };
    for (path, want_attempts, what) in [
        ("/status/500", 3, "HTTP 500"),
        ("/status/429", 3, "HTTP 429"),
        ("/status/404", 1, "no model \"smollm2\""),
        ("/status/400", 1, "HTTP 400"),
    ] {
        let s = fixture(path).unwrap();
        let before = hits(f, path).await;
        let e = llm::complete(&s, &tiny_request()).await.unwrap_err();
        assert!(e.to_string().contains(what), "{path}: {e}");
        assert!(!e.to_string().contains("fixture-key"), "{e}");
        assert_eq!(hits(f, path).await - before, want_attempts, "{path}");
    }
    // Retry-After is honoured: 2 s twice instead of the 0.5 s and 1 s backoff; an hour is not
    // waited for.
    for (path, want_attempts, least_ms, most_ms) in [
        ("/ratelimit/2", 3, 3_900.0, 30_000.0),
        ("/ratelimit/3600", 1, 0.0, 5_000.0),
    ] {
        let s = fixture(&format!("{path}/v1")).unwrap();
        let before = hits(f, path).await;
        let started = js_sys::Date::now();
        let e = llm::complete(&s, &tiny_request()).await.unwrap_err();
        let took = js_sys::Date::now() - started;
        assert!(e.to_string().contains("HTTP 429"), "{path}: {e}");
        assert_eq!(hits(f, path).await - before, want_attempts, "{path}");
        assert!((least_ms..most_ms).contains(&took), "{path}: {took} ms");
    }
    // A server that fails twice, then answers: the third attempt succeeds.
    let s = fixture("/flaky/v1").unwrap();
    let r = llm::complete(&s, &tiny_request()).await.unwrap();
    assert_eq!((r.text.as_str(), r.attempts), ("OK", 3));
}

async fn hits(fixtures: &str, path: &str) -> u32 {
    let r = gloo_net::http::Request::get(&format!("{fixtures}/hits{path}"))
        .send()
        .await
        .unwrap();
    r.text().await.unwrap().trim().parse().unwrap()
}

#[wasm_bindgen_test]
async fn hostile_replies_end_in_clear_errors_or_safe_fallbacks() {
    let Some(_) = FIXTURES else {
        panic!("{NO_SERVER}")
    };
    for (path, want) in [
        (
            "/hostile/html/v1",
            "expected a JSON chat completion, got a body that is not valid JSON (text/html)",
        ),
        ("/hostile/huge/v1", "larger than"),
        ("/hostile/empty/v1", "an empty body"),
        ("/hostile/nochoices/v1", "valid JSON of another shape"),
        ("/hostile/badstream/v1", "not JSON"),
    ] {
        let e = llm::complete(&fixture(path).unwrap(), &tiny_request())
            .await
            .unwrap_err();
        assert!(e.to_string().contains(want), "{path}: {e}");
        assert!(e.to_string().len() < 300, "{path}: short message");
    }
    // Wrong content type, extra and missing fields, options lists of 1 and 7, markup in text:
    // the reply is read, the questions are built by the documented fallbacks.
    let (d, log) = driver(fixture("/hostile/odd/v1").unwrap(), 4);
    start(&d, "Plan a trip to Paris");
    wait_until("detection", || status(&d) != Status::Analyzing).await;
    assert!(notices(&log).is_empty(), "{:?}", notices(&log));
    let q = d.with(|s| s.current_question().cloned()).unwrap();
    assert!(q.text.contains("<img"), "kept as text, to be shown as text");
    assert!(
        q.options.is_empty() || (2..=4).contains(&q.options.len()),
        "{q:?}"
    );
    // A streamed answer with markup, null deltas and a length stop completes as plain data.
    answer_all(&d);
    wait_until("answer", || status(&d).is_terminal()).await;
    assert_eq!(status(&d), Status::Completed);
    assert!(d.with(|s| s.answer().unwrap().contains("<script>")));
}

#[wasm_bindgen_test]
async fn a_truncated_json_object_reply_falls_back_to_the_embedded_detector() {
    let Some(s) = settings() else {
        panic!("{NO_SERVER}")
    };
    // json_object mode with a tiny max_tokens: the real model stops mid-JSON.
    let request = ChatRequest {
        purpose: Purpose::Detection,
        messages: vec![Message::new(
            Role::User,
            "Reply with JSON: needs_clarification and ambiguity_details for: Plan a trip",
        )],
        response_format: Some(serde_json::json!({ "type": "json_object" })),
        max_tokens: Some(12),
        temperature: Some(0.0),
        stream: false,
    };
    let reply = llm::complete(&s, &request).await.unwrap();
    assert_eq!(reply.finish_reason.as_deref(), Some("length"));
    let mut session = Session::new(Config {
        mode: Mode::Interactive,
        detection: Detection::Llm,
        ..Config::default()
    });
    session
        .handle(Input::Start {
            request: "Plan a trip to Paris".into(),
            context: Default::default(),
            now: 0,
        })
        .unwrap();
    let effects = session
        .handle(Input::DetectionReceived {
            text: reply.text,
            usage: reply.usage,
        })
        .unwrap();
    assert_eq!(
        session.status(),
        Status::AwaitingClarification,
        "{effects:?}"
    );
    assert!(
        session
            .trace()
            .iter()
            .any(|t| format!("{t:?}").contains("embedded")),
        "the trace says the embedded detector took over"
    );
}

#[wasm_bindgen_test]
async fn a_server_that_never_answers_times_out_once_without_retries() {
    let Some(mut s) = fixture("/hostile/hang/v1") else {
        panic!("{NO_SERVER}");
    };
    s.client.timeout_ms = 1_500;
    let started = js_sys::Date::now();
    let e = llm::complete(&s, &tiny_request()).await.unwrap_err();
    let took = js_sys::Date::now() - started;
    assert_eq!(e.0, CallError::Timeout { seconds: 1 }, "{e}");
    assert!(
        (1_400.0..4_000.0).contains(&took),
        "one attempt, not three: {took} ms"
    );
}

#[wasm_bindgen_test]
async fn cancel_stops_a_stream_and_retry_completes() {
    let Some(s) = settings() else {
        panic!("{NO_SERVER}")
    };
    let cancel = Cancel::default();
    let got = Rc::new(RefCell::new(String::new()));
    let (c, g) = (cancel.clone(), got.clone());
    let request = generation_request();
    let e = llm::call(&s, &request, &cancel, &move |t| {
        g.borrow_mut().push_str(t);
        c.cancel();
    })
    .await
    .unwrap_err();
    assert_eq!(e.0, CallError::Cancelled);
    assert!(!got.borrow().is_empty());
}

fn generation_request() -> ChatRequest {
    ChatRequest {
        purpose: Purpose::Generation,
        messages: vec![Message::new(
            Role::User,
            "Write a long story about a lighthouse.",
        )],
        response_format: None,
        max_tokens: Some(300),
        temperature: Some(0.3),
        stream: true,
    }
}

#[wasm_bindgen_test]
async fn the_server_killed_mid_stream_keeps_every_answer_and_retry_works_once_it_is_back() {
    let (Some(s), Some(_)) = (settings(), FIXTURES) else {
        panic!("{NO_SERVER}");
    };
    // Embedded detection: this test is about the answer.
    let mut config = Config {
        mode: Mode::Interactive,
        ..Config::default()
    };
    config.limits.max_questions = 2;
    let d = Driver::new(Session::new(config), Some(s));
    let log = Rc::new(RefCell::new(Vec::new()));
    let sink = log.clone();
    d.subscribe(move |_, effects| sink.borrow_mut().extend(effects.iter().cloned()));
    start(
        &d,
        "Plan a trip to Paris and write a long, detailed day-by-day itinerary",
    );
    let answered = answer_all(&d);
    assert!(answered > 0);
    wait_until("first chunk", || {
        chunks(&log) > 0 || status(&d).is_terminal()
    })
    .await;
    control("/control/kill").await;
    wait_until("failure", || status(&d).is_terminal()).await;
    assert_eq!(
        status(&d),
        Status::Failed,
        "{:?}",
        d.with(|s| s.answer().map(str::to_owned))
    );
    let reason = d.with(|s| s.failure().unwrap().to_owned());
    console_log!("killed mid-stream: {reason}");
    assert!(
        reason.contains("connection broke") || reason.contains("cannot reach"),
        "{reason}"
    );
    assert_eq!(
        d.with(|s| s.resolutions().len()),
        answered,
        "every answer kept"
    );
    control("/control/start").await;
    d.send(Input::Retry).unwrap();
    wait_until("retry", || status(&d).is_terminal()).await;
    assert_eq!(
        status(&d),
        Status::Completed,
        "{:?}",
        d.with(|s| s.failure().map(str::to_owned))
    );
    assert_eq!(d.with(|s| s.resolutions().len()), answered);
    assert_eq!(
        d.with(|s| s.counters().questions_asked),
        answered as u32,
        "nothing asked twice"
    );
}

#[wasm_bindgen_test]
async fn a_detection_call_for_a_one_line_request_costs_under_600_prompt_tokens() {
    let Some(s) = settings() else {
        panic!("{NO_SERVER}")
    };
    // The engine's own detection request with the default config; one output token is enough
    // to read the prompt's size from the usage figures.
    let mut request =
        clarify_core::analysis::detection_request("Plan a trip to Paris", &[], &Config::default());
    request.max_tokens = Some(1);
    let reply = llm::complete(&s, &request).await.unwrap();
    let usage = reply.usage.expect("usage reported");
    console_log!(
        "figures: detection prompt_tokens={} (max_questions 3, no history)",
        usage.prompt_tokens
    );
    assert!(usage.prompt_tokens > 50, "the instructions were sent");
    assert!(
        usage.prompt_tokens < 600,
        "{} prompt tokens",
        usage.prompt_tokens
    );
}

/// A knowledge-base question written in English, for a request written in Chinese, goes
/// through the translation micro-chain before it is shown: the real server answers the
/// translation request (its schema bounds the reply, so it closes within `max_tokens`), and
/// the question is shown translated or, when the tiny model's reply cannot be read, as written
/// with the trace saying why; either way with its id and its options' ids, and its answer kept.
#[wasm_bindgen_test]
async fn an_english_document_question_is_translated_for_a_chinese_request() {
    let Some(capped) = settings() else {
        panic!("{NO_SERVER}")
    };
    // The translation's own token cap applies (the usual 128 would cut a schema-full reply).
    let mut s = capped.clone();
    s.client.max_tokens = None;
    let (d, log) = driver(s, 1);
    let request = "我的应用一直闪退";
    d.send(Input::Start {
        request: request.into(),
        context: clarify_core::demo::context(request, &[]),
        now: 0,
    })
    .unwrap();
    let original = d
        .with(|s| s.translating().cloned())
        .expect("the English question awaits its translation");
    assert_eq!(original.text, "Which Android version?");
    assert!(
        log.borrow()
            .iter()
            .any(|e| matches!(e, Effect::RequestTranslation { .. }))
    );
    let started = js_sys::Date::now();
    wait_until("the translation", || status(&d) != Status::Analyzing).await;
    let shown = d
        .with(|s| s.current_question().cloned())
        .expect("the question is shown");
    let (decision, reason) = d.with(|s| {
        s.trace()
            .iter()
            .rev()
            .find(|t| t.decision.starts_with("translat") && t.decision != "translation_requested")
            .map(|t| (t.decision.clone(), t.reason.clone()))
            .expect("the trace records the translation's outcome")
    });
    let c = d.with(Session::counters);
    console_log!(
        "LLM translation: {decision} in {:.1} s, completion_tokens={}: {reason} — shown: {:?} {:?}",
        (js_sys::Date::now() - started) / 1000.0,
        c.completion_tokens,
        shown.text,
        shown
            .options
            .iter()
            .map(|o| o.label.as_str())
            .collect::<Vec<_>>()
    );
    assert!(
        decision == "translated" || decision == "translation_unusable",
        "the real endpoint answered: {decision}: {reason}"
    );
    assert_eq!(
        c.llm_calls, 1,
        "the document's question needed no detection"
    );
    assert!(c.completion_tokens > 0, "usage read from the reply");
    assert_eq!(shown.id, original.id);
    let ids =
        |q: &clarify_core::Question| q.options.iter().map(|o| o.id.clone()).collect::<Vec<_>>();
    assert_eq!(ids(&shown), ids(&original));
    if decision == "translation_unusable" {
        assert_eq!(
            shown, original,
            "an unreadable reply shows the question as written"
        );
    }
    // The answer: the usual token cap for the generation the tiny model would drag on.
    d.set_llm(Some(capped));
    assert_eq!(answer_one(&d), 1);
    wait_until("the answer", || status(&d).is_terminal()).await;
    assert_eq!(
        status(&d),
        Status::Completed,
        "{:?}",
        d.with(|s| s.failure().map(str::to_owned))
    );
    let kept = d.with(|s| s.resolutions().to_vec());
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].question.id, original.id);
}
