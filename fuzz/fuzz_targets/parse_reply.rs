//! Any bytes as an LLM reply: the parsers never panic, and a session that receives the reply
//! as its detection result (or a question's translation, or a step's clarification) always
//! moves on and keeps its invariants.
#![no_main]

use clarify_core::Stage;
use clarify_core::analysis::{parse_detection, parse_translation};
use clarify_core::{Config, Detection, Input, InputKind, Language, Session, Status};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let reply = String::from_utf8_lossy(data);
    if let Ok(analysis) = parse_detection(&reply, &Stage::Request, Language::English) {
        for q in &analysis.questions {
            assert!(q.options.is_empty() || (2..=4).contains(&q.options.len()));
            assert!(!q.text.trim().is_empty());
            if let Ok(t) = parse_translation(&reply, q) {
                assert_eq!(t.id, q.id);
                assert_eq!(t.options.len(), q.options.len());
            }
        }
    }

    let config = Config {
        detection: Detection::Llm,
        steps: vec!["analyze".into()],
        ..Config::default()
    };
    let mut session = Session::new(config);
    let start = Input::Start {
        request: "Analyse the contract".into(),
        context: Default::default(),
        now: 0,
    };
    session.handle(start).expect("a fresh session accepts a request");
    session
        .handle(Input::DetectionReceived {
            text: reply.to_string(),
            usage: None,
        })
        .expect("detection is awaited");
    assert!(!session.accepts(InputKind::DetectionReceived), "detection never loops");
    // Answer or skip until the step runs (a question in another language than the request's
    // waits for its translation first: the same reply is that translation); then let the step
    // ask with the same reply.
    for _ in 0..8 {
        if let Some(id) = session.translating().map(|q| q.id.clone()) {
            session
                .handle(Input::TranslationReceived {
                    question: id,
                    text: reply.to_string(),
                    usage: None,
                })
                .expect("the translation is awaited");
            assert!(session.translating().is_none(), "a translation never loops");
            continue;
        }
        match session.current_question().map(|q| q.id.clone()) {
            Some(id) => {
                session
                    .handle(Input::Skip { question: id, now: 1 })
                    .expect("the pending question can be skipped");
            }
            None => break,
        }
    }
    if session.status() == Status::Analyzing {
        session
            .handle(Input::StepNeedsClarification {
                step: "analyze".into(),
                json: reply.to_string(),
                partial: serde_json::Value::Null,
            })
            .expect("the running step may ask");
    }
    assert!(session.counters().questions_asked <= session.config().limits.max_questions);
    let restored = Session::restore(&session.snapshot()).expect("own snapshot restores");
    assert_eq!(restored, session);
});
