//! Which inputs each phase takes: every phase × every input kind, `Session::accepts` against
//! what `handle` does with a well-formed input of that kind, and the whole table compared with
//! the one written below, so a change to what any phase accepts shows up here.

use clarify_core::{
    Config, Context, Detection, Error, Input, InputKind, Session, Status, UserAnswer, demo,
};
use std::fmt::Write as _;

/// What each phase accepts; every kind not listed is refused as unexpected. An accepted input
/// that `handle` still refused for its content names the error in brackets.
const TABLE: &str = "\
idle: start, message, tick, reset
detecting: detection_received, detection_failed, detect_offline, skip_all, tick, reset
asking: message, answer, skip, reopen, skip_all, tick, reset
asking a reopened question: message, answer, skip, reopen [not reopenable], skip_all, tick, reset
asking for a paused step: message, answer, skip, reopen [not reopenable], skip_all, tick, reset
translating: answer, skip, skip_all, tick, reset, translation_received, translation_failed
running a step: tick, step_completed, step_needs_clarification, reset
generating: tick, generation_chunk, generation_completed, generation_stopped, generation_failed, reset
completed: start, message, tick, reset
handed off: start, message, tick, reset
failed: start, tick, retry, reset
";

#[test]
fn accepts_and_handle_agree_on_every_phase_and_input_kind() {
    let mut table = String::new();
    for (name, session) in phases() {
        let mut row = Vec::new();
        for kind in InputKind::ALL {
            let mut s = session.clone();
            let accepted = s.accepts(kind);
            let result = s.handle(well_formed(&session, kind));
            match (accepted, result) {
                (false, Err(Error::UnexpectedInput { .. })) => assert_eq!(s, session),
                (false, other) => panic!("{name}: accepts refuses {kind}, handle gave {other:?}"),
                (true, Err(Error::UnexpectedInput { .. })) => {
                    panic!("{name}: accepts takes {kind}, handle refused it as unexpected")
                }
                (true, Ok(_)) => row.push(kind.as_str().to_owned()),
                (true, Err(e)) => {
                    assert_eq!(s, session, "{name}: a refused {kind} changed the session");
                    row.push(format!("{} [{}]", kind.as_str(), error_name(&e)));
                }
            }
        }
        let _ = writeln!(table, "{name}: {}", row.join(", "));
    }
    assert_eq!(table, TABLE, "the acceptance table changed:\n{table}");
}

/// A session in every phase (and every kind of pending question), named.
fn phases() -> Vec<(&'static str, Session)> {
    let llm = Config {
        detection: Detection::Llm,
        ..Config::default()
    };
    let with_step = Config {
        steps: vec!["extract".into()],
        ..Config::default()
    };
    let trip = "Plan a trip to Paris";
    let clear = "What's the capital of Tasmania?";

    let idle = Session::new(Config::default());
    let detecting = started(&llm, trip, Context::default());
    let mut asking = started(&Config::default(), trip, Context::default());
    let first = asking.current_question().expect("a question").clone();
    send(&mut asking, answer_to(&first));
    let mut reopened = asking.clone();
    send(
        &mut reopened,
        Input::Reopen {
            question: first.id,
            now: 3,
        },
    );
    let running = started(&with_step, clear, Context::default());
    assert_eq!(running.status(), Status::Analyzing);
    let mut step_asks = running.clone();
    send(
        &mut step_asks,
        Input::StepNeedsClarification {
            step: "extract".into(),
            json: r#"{"needs_clarification": true, "clarification_question": "Which?"}"#.into(),
            partial: serde_json::Value::Null,
        },
    );
    let translating = started(&llm, "我的应用一直闪退", document_context());
    assert!(translating.translating().is_some());
    let generating = started(&Config::default(), clear, Context::default());
    assert_eq!(generating.status(), Status::Generating);
    let mut completed = generating.clone();
    send(
        &mut completed,
        Input::GenerationChunk {
            text: "Partly".into(),
        },
    );
    send(&mut completed, Input::GenerationStopped);
    let mut failed = generating.clone();
    send(
        &mut failed,
        Input::GenerationFailed {
            reason: "down".into(),
        },
    );
    let refund = "I want a refund, I was charged twice";
    let mut handed_off = started(&Config::default(), refund, demo::context(refund, &[]));
    send(&mut handed_off, Input::SkipAll { now: 2 });
    send(
        &mut handed_off,
        Input::GenerationCompleted {
            text: "done".into(),
            usage: None,
        },
    );
    assert_eq!(handed_off.status(), Status::HandedOff);
    vec![
        ("idle", idle),
        ("detecting", detecting),
        ("asking", asking),
        ("asking a reopened question", reopened),
        ("asking for a paused step", step_asks),
        ("translating", translating),
        ("running a step", running),
        ("generating", generating),
        ("completed", completed),
        ("handed off", handed_off),
        ("failed", failed),
    ]
}

fn started(config: &Config, request: &str, context: Context) -> Session {
    let mut s = Session::new(config.clone());
    send(
        &mut s,
        Input::Start {
            request: request.into(),
            context,
            now: 1,
        },
    );
    s
}

fn send(s: &mut Session, input: Input) {
    s.handle(input).expect("the scenario's inputs are accepted");
}

/// A document with one English question, for a Chinese request.
fn document_context() -> Context {
    serde_json::from_str(
        r#"{"document": {"id": "crash", "title": "Crashes", "content": "Update the app.",
        "clarifying_questions": [{"text": "Which Android version?", "why": "Fixes differ.",
        "options": ["Android 14", "Android 13"], "priority": "critical"}]}}"#,
    )
    .expect("a context")
}

/// An answer the question takes: its first option, or free text.
fn answer_to(q: &clarify_core::Question) -> Input {
    let answer = match q.options.first() {
        Some(option) => UserAnswer::Choices {
            choices: vec![option.id.clone()],
        },
        None => UserAnswer::Text {
            text: "a weekend".into(),
        },
    };
    Input::Answer {
        question: q.id.clone(),
        answer,
        now: 2,
    }
}

/// An input of `kind` that is right for `s` in every respect but, perhaps, its kind: it names
/// the pending question, an answered one, the running step.
fn well_formed(s: &Session, kind: InputKind) -> Input {
    let pending = s.current_question().or_else(|| s.translating());
    let pending_id = pending.map_or_else(
        || clarify_core::QuestionId("q-none".into()),
        |q| q.id.clone(),
    );
    let answered = s.resolutions().first().map_or_else(
        || clarify_core::QuestionId("q-none".into()),
        |r| r.question.id.clone(),
    );
    let text = || "a weekend".to_owned();
    let step = || "extract".to_owned();
    match kind {
        InputKind::Start => Input::Start {
            request: "Plan a trip to Paris".into(),
            context: Context::default(),
            now: 5,
        },
        InputKind::Message => Input::Message {
            text: text(),
            now: 5,
        },
        InputKind::DetectionReceived => Input::DetectionReceived {
            text: r#"{"needs_clarification": false}"#.into(),
            usage: None,
        },
        InputKind::DetectionFailed => Input::DetectionFailed { reason: text() },
        InputKind::DetectOffline => Input::DetectOffline { now: 1 },
        InputKind::Answer => match pending {
            Some(q) => answer_to(q),
            None => Input::Answer {
                question: pending_id,
                answer: UserAnswer::DontKnow,
                now: 5,
            },
        },
        InputKind::Skip => Input::Skip {
            question: pending_id,
            now: 5,
        },
        InputKind::Reopen => Input::Reopen {
            question: answered,
            now: 5,
        },
        InputKind::SkipAll => Input::SkipAll { now: 5 },
        InputKind::Tick => Input::Tick { now: 5 },
        InputKind::StepCompleted => Input::StepCompleted {
            step: step(),
            output: serde_json::Value::Null,
        },
        InputKind::StepNeedsClarification => Input::StepNeedsClarification {
            step: step(),
            json: r#"{"needs_clarification": true, "clarification_question": "Which one?"}"#.into(),
            partial: serde_json::Value::Null,
        },
        InputKind::GenerationChunk => Input::GenerationChunk { text: text() },
        InputKind::GenerationCompleted => Input::GenerationCompleted {
            text: text(),
            usage: None,
        },
        InputKind::GenerationStopped => Input::GenerationStopped,
        InputKind::GenerationFailed => Input::GenerationFailed { reason: text() },
        InputKind::Retry => Input::Retry,
        InputKind::Reset => Input::Reset,
        InputKind::TranslationReceived => Input::TranslationReceived {
            question: pending_id,
            text: r#"{"text": "哪个 Android 版本？", "options": ["安卓 14", "安卓 13"]}"#.into(),
            usage: None,
        },
        InputKind::TranslationFailed => Input::TranslationFailed {
            question: pending_id,
            reason: text(),
        },
    }
}

/// The name of a refusal for its content.
fn error_name(e: &Error) -> &'static str {
    match e {
        Error::UnexpectedInput { .. } => "unexpected input",
        Error::NotPendingQuestion { .. } => "not the pending question",
        Error::NotReopenable { .. } => "not reopenable",
        Error::UnknownChoice { .. } => "unknown choice",
        Error::InvalidAnswer { .. } => "invalid answer",
        Error::EmptyRequest => "empty request",
        Error::TextTooLong { .. } => "text too long",
        Error::UnexpectedStep { .. } => "unexpected step",
        _ => "another error",
    }
}
