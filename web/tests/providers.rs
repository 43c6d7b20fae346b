//! The browser's fetch layer and driver against every provider fixture
//! (tests/e2e/llm-providers.mjs), from headless Chromium across origins: each conversation
//! completes with the endpoint's own detection (its question, not the embedded detector's) and
//! its streamed answer, the first detection in at most 3 calls (1 with the profile named) and
//! every later call in 1; the trace says what was adapted; a refusal nothing fixes is told to
//! the user with `endpoint_refused` in the trace.
//!
//! `scripts/test.d/69-browser-providers` starts the fixtures and builds these tests with
//! `CLARIFY_LLM_PROVIDERS` (its URL) and `CLARIFY_LLM_PROVIDERS_KEY`. Without them the test
//! fails rather than pass without checking anything.
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::wildcard_enum_match_arm
)]

use std::cell::RefCell;
use std::rc::Rc;

use clarify_core::profile::ProfileKind;
use clarify_core::{Config, Detection, Effect, Input, Mode, Session, Status};
use clarify_web::driver::Driver;
use clarify_web::llm::{ClientSettings, LlmSettings};
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const PROVIDERS: Option<&str> = option_env!("CLARIFY_LLM_PROVIDERS");
const KEY: Option<&str> = option_env!("CLARIFY_LLM_PROVIDERS_KEY");
const QUESTION: &str = "How many days will you stay in Paris?";
const ANSWER: &str = "Day 1: the Louvre. Day 2: Montmartre.";

async fn sleep(ms: i32) {
    let p = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    JsFuture::from(p).await.unwrap();
}

/// Chat calls the fixture `name` received since the last reset.
async fn calls(base: &str, name: &str) -> u64 {
    let r = gloo_net::http::Request::get(&format!("{base}/hits/{name}"))
        .send()
        .await
        .unwrap();
    let v: serde_json::Value = r.json().await.unwrap();
    v["calls"].as_u64().unwrap_or_default()
}

/// One never-ask conversation against `name` as `model` (under `profile`, if named): the
/// session at its end, the effects it gave, and the calls the server saw.
async fn converse(
    base: &str,
    name: &str,
    model: &str,
    profile: Option<ProfileKind>,
    request: &str,
) -> (Driver, Vec<Effect>, u64) {
    gloo_net::http::Request::post(&format!("{base}/reset"))
        .send()
        .await
        .unwrap();
    let settings = LlmSettings {
        endpoint: format!("{base}/{name}/v1"),
        model: model.into(),
        api_key: KEY.map(str::to_owned),
        profile,
        client: ClientSettings {
            timeout_ms: 20_000,
            ..ClientSettings::default()
        },
    };
    let config = Config {
        mode: Mode::NonInteractive,
        detection: Detection::Llm,
        ..Config::default()
    };
    let d = Driver::new(Session::new(config), Some(settings));
    let log = Rc::new(RefCell::new(Vec::new()));
    let sink = log.clone();
    d.subscribe(move |_, effects| sink.borrow_mut().extend(effects.iter().cloned()));
    d.send(Input::Start {
        request: request.into(),
        context: Default::default(),
        now: 0,
    })
    .unwrap();
    let started = js_sys::Date::now();
    while !d.with(|s| s.status().is_terminal()) {
        assert!(js_sys::Date::now() - started < 60_000.0, "{name}: no end");
        sleep(20).await;
    }
    let effects = log.borrow().clone();
    let seen = calls(base, name).await;
    (d, effects, seen)
}

#[wasm_bindgen_test]
async fn a_conversation_completes_against_every_provider_with_the_endpoints_detection() {
    let _ = any_spawner::Executor::init_wasm_bindgen();
    let base = PROVIDERS.expect("run scripts/test.d/69-browser-providers");
    // name, model, profile a host would name, changes when none is named.
    let cases: [(&str, &str, Option<ProfileKind>, &[&str]); 22] = [
        (
            "gpt5",
            "gpt-5-mini",
            Some(ProfileKind::OpenAiReasoning),
            &["max_completion_tokens", "no_temperature"],
        ),
        ("openai", "gpt-4.1", Some(ProfileKind::OpenAi), &[]),
        (
            "anthropic",
            "claude-sonnet-4-5",
            Some(ProfileKind::Anthropic),
            &[],
        ),
        (
            "gemini",
            "gemini-2.5-flash",
            Some(ProfileKind::Gemini),
            &["schema_without_limits"],
        ),
        (
            "deepseek",
            "deepseek-chat",
            Some(ProfileKind::DeepSeek),
            &["json_object"],
        ),
        (
            "deepseek",
            "deepseek-reasoner",
            Some(ProfileKind::DeepSeek),
            &["json_object"],
        ),
        (
            "mistral",
            "mistral-small-latest",
            Some(ProfileKind::Mistral),
            &[],
        ),
        (
            "groq",
            "llama-3.3-70b-versatile",
            Some(ProfileKind::Groq),
            &["json_object"],
        ),
        (
            "openrouter",
            "openai/gpt-4.1-mini",
            Some(ProfileKind::OpenRouter),
            &[],
        ),
        ("ollama", "llama3.2", Some(ProfileKind::Ollama), &[]),
        (
            "vllm",
            "Qwen/Qwen2.5-7B-Instruct",
            Some(ProfileKind::Vllm),
            &[],
        ),
        (
            "lmstudio",
            "qwen2.5-7b-instruct",
            Some(ProfileKind::LmStudio),
            &[],
        ),
        ("llamacpp", "smollm2", Some(ProfileKind::LlamaCpp), &[]),
        ("strict-schema", "m", None, &["schema_without_limits"]),
        ("prose", "m", None, &[]),
        ("no-system", "o1-mini", None, &["system_in_user"]),
        ("gemma", "gemma-3-4b-it", None, &["system_in_user"]),
        ("alternate", "mistral-7b-instruct", None, &["merged_turns"]),
        ("json-object-only", "m", None, &["json_object"]),
        ("think", "deepseek-r1:8b", None, &[]),
        ("reasoning-field", "qwen/qwen3-32b", None, &[]),
        ("think-length", "qwq-32b", None, &["more_reasoning_room"]),
    ];
    for (name, model, profile, changes) in cases {
        let runs = if profile.is_some() {
            vec![None, profile]
        } else {
            vec![None]
        };
        for named in runs {
            let label = format!("{name} {model} {named:?}");
            let (d, effects, seen) =
                converse(base, name, model, named, "Plan a trip to Paris").await;
            assert_eq!(d.with(Session::status), Status::Completed, "{label}");
            let (detected, adapted, open) = d.with(|s| {
                let trace = s.trace();
                (
                    trace
                        .iter()
                        .any(|t| t.decision == "detected" && format!("{:?}", t.layer) == "Llm"),
                    trace
                        .iter()
                        .filter(|t| t.decision == "request_adapted")
                        .count(),
                    s.enriched_prompt()
                        .map(|p| format!("{:?}", p.open_questions))
                        .unwrap_or_default(),
                )
            });
            assert!(
                detected && open.contains(QUESTION),
                "{label}: the endpoint's detection"
            );
            let answer: String = effects
                .iter()
                .filter_map(|e| match e {
                    Effect::Complete { answer, .. } => Some(answer.clone()),
                    _ => None,
                })
                .collect();
            assert_eq!(answer, ANSWER, "{label}");
            // No reasoning text in the snapshot (the trace, the prompt, the answer) or an effect.
            let kept = d.with(Session::snapshot) + &format!("{effects:?}");
            assert!(
                !kept.contains("THINKING-TRACE") && !kept.contains("<think"),
                "{label}: reasoning kept"
            );
            // Named, or after the run that learned it (learned shapes last for the page), the
            // first request is the right one.
            let want = if named.is_some() { 0 } else { changes.len() };
            assert_eq!(adapted, want, "{label}: adapted");
            let first_detection = seen - 1;
            assert!(
                first_detection <= if named.is_some() { 1 } else { 3 },
                "{label}: {seen} calls"
            );
        }
    }
    // The page learned: the GPT-5-shaped endpoint now takes one call per request.
    let (_, _, seen) = converse(base, "gpt5", "gpt-5-mini", None, "Plan a trip to Paris").await;
    assert_eq!(seen, 2, "detection and answer, one call each");

    // A refusal nothing fixes: told in the user's language, endpoint_refused in the trace.
    let (d, effects, _) = converse(base, "refuse", "m", None, "帮我规划一次巴黎旅行").await;
    let told = effects.iter().any(|e| {
        matches!(e, Effect::Notice { message, .. } if message.starts_with("您的端点拒绝了请求：This model's maximum context length"))
    });
    assert!(told, "{effects:?}");
    assert!(d.with(|s| s.trace().iter().any(|t| t.decision == "endpoint_refused")));
    // The answer, refused too, says which setting to change.
    let fix = effects.iter().any(|e| {
        matches!(e, Effect::Notice { message, .. } if message.contains("选择合适的端点类型（当前为“generic”）"))
    });
    assert!(fix, "{effects:?}");
}

/// "Test connection" in the app says what was adapted in the user's language.
#[wasm_bindgen_test]
async fn test_connection_says_what_was_adapted_in_the_users_language() {
    use leptos::prelude::*;
    use wasm_bindgen::JsCast;
    let _ = any_spawner::Executor::init_wasm_bindgen();
    let base = PROVIDERS.expect("run scripts/test.d/69-browser-providers");
    // The page fetches a language's words; the test runner serves none, so they are installed.
    clarify_web::i18n::install_words(
        clarify_core::Language::Simplified,
        include_str!("../../core/data/words/zh-Hans.json"),
        include_str!("../words/zh-Hans.json"),
    )
    .unwrap();
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.clear().unwrap();
    // A model no earlier test taught the page about: the refusals are met afresh.
    let settings = serde_json::json!({"endpoint": format!("{base}/gpt5/v1"),
        "model": "gpt-5-nano", "language": "zh"});
    storage
        .set_item(clarify_web::storage::SETTINGS_KEY, &settings.to_string())
        .unwrap();
    storage
        .set_item(clarify_web::storage::API_KEY_KEY, KEY.unwrap_or_default())
        .unwrap();
    let document = web_sys::window().unwrap().document().unwrap();
    let host: web_sys::HtmlElement = document.create_element("div").unwrap().unchecked_into();
    document.body().unwrap().append_child(&host).unwrap();
    let _handle = leptos::mount::mount_to(host.clone(), || {
        view! { <clarify_web::ui::ClarifyApp /> }
    });
    let find = |id: &str| -> web_sys::HtmlElement {
        host.query_selector(&format!("[data-testid={id}]"))
            .unwrap()
            .unwrap()
            .unchecked_into()
    };
    sleep(20).await;
    find("settings-toggle").click();
    sleep(20).await;
    find("test-connection").click();
    let mut said = String::new();
    for _ in 0..400 {
        said = find("test-result").text_content().unwrap_or_default();
        if !said.is_empty() && said != "测试中…" {
            break;
        }
        sleep(25).await;
    }
    assert!(said.starts_with("已连接"), "{said}");
    assert!(
        said.contains("（已调整：max_completion_tokens, no_temperature） 端点接受：JSON 架构"),
        "{said}"
    );
    assert!(!said.contains("adapted"), "{said}");
}
