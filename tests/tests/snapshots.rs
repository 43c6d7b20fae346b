//! Snapshot versions: a real version-1 snapshot (`fixtures/snapshot-v1.json`, written by the
//! version-1 engine) migrates to the current format and resumes where it paused.

use clarify_core::{Effect, Input, SNAPSHOT_VERSION, Session, Status, UserAnswer};

const V1: &str = include_str!("../fixtures/snapshot-v1.json");

#[test]
fn a_version_1_snapshot_resumes_its_paused_step() {
    assert!(V1.contains("\"clarify_snapshot\": 1"));
    let mut session = Session::restore(V1).expect("version 1 migrates");
    assert_eq!(session.status(), Status::AwaitingClarification);
    let paused = session.paused_step().expect("the paused step survives");
    assert_eq!(paused.step, "analyze_contract");
    assert_eq!(paused.partial["contract_intel"]["term_months"], 12);
    assert_eq!(session.step_outputs()[0].step, "extract");
    assert_eq!(session.rounds(), 1);

    let question = session
        .current_question()
        .expect("the question is pending")
        .id
        .clone();
    let effects = session
        .handle(Input::Answer {
            question,
            answer: UserAnswer::Choices {
                choices: vec![clarify_core::ChoiceId("upfront".into())],
            },
            now: 1_700_000_001_000,
        })
        .expect("the pending question takes its answer");
    let Some(Effect::RunStep {
        step,
        partial,
        allow_clarification,
        ..
    }) = effects.last()
    else {
        panic!("expected the step to resume: {effects:?}");
    };
    assert_eq!(step, "analyze_contract");
    assert_eq!(
        partial
            .as_ref()
            .map(|p| p["contract_intel"]["term_months"].clone()),
        Some(12.into())
    );
    assert!(!allow_clarification, "one question per step");
}

#[test]
fn a_migrated_snapshot_is_written_back_in_the_current_version() {
    let session = Session::restore(V1).expect("version 1 migrates");
    let again = session.snapshot();
    assert!(again.starts_with(&format!("{{\"clarify_snapshot\":{SNAPSHOT_VERSION},")));
    assert_eq!(
        Session::restore(&again).expect("current version restores"),
        session
    );
}

#[test]
fn a_broken_version_1_snapshot_is_refused_not_guessed() {
    let broken = V1.replace("\"extract\",", "42,");
    let err = Session::restore(&broken).expect_err("a step name must be a string");
    assert!(err.to_string().contains("version 1"), "{err}");
}

#[test]
fn a_running_step_with_a_null_partial_survives_a_snapshot() {
    // Found by fuzzing: `Some(null)` used to come back as `None`.
    let config = clarify_core::Config {
        steps: vec!["analyze".into()],
        mode: clarify_core::Mode::NonInteractive,
        ..Default::default()
    };
    let mut s = Session::new(config);
    s.handle(Input::Start {
        request: "What's the capital of Tasmania?".into(),
        context: Default::default(),
        now: 0,
    })
    .expect("a request");
    s.handle(Input::StepNeedsClarification {
        step: "analyze".into(),
        json: r#"{"needs_clarification": true, "clarification_question": "Which?"}"#.into(),
        partial: serde_json::Value::Null,
    })
    .expect("the step may pause");
    assert_eq!(Session::restore(&s.snapshot()).expect("restores"), s);
}

#[test]
fn a_paused_step_that_is_not_the_next_step_is_refused() {
    // Found by fuzzing: answering such a session would run a step the pipeline does not have.
    let renamed = V1.replacen("\"analyze_contract\"\n", "\"analyze_contracts\"\n", 1);
    assert_ne!(renamed, V1, "the fixture lists the step in its config");
    let err = Session::restore(&renamed).expect_err("the paused step must be the next step");
    assert!(
        matches!(err, clarify_core::RestoreError::Inconsistent(_)),
        "{err}"
    );
}

#[test]
fn a_change_under_way_survives_a_snapshot_and_older_snapshots_have_none() {
    let mut s = Session::new(clarify_core::Config::default());
    s.handle(Input::Start {
        request: "Plan a trip to Paris".into(),
        context: Default::default(),
        now: 0,
    })
    .expect("a request");
    let first = s.current_question().expect("a question").clone();
    s.handle(Input::Answer {
        question: first.id.clone(),
        answer: UserAnswer::Choices {
            choices: vec![first.options[0].id.clone()],
        },
        now: 1,
    })
    .expect("an answer");
    let before_change = s.snapshot();
    assert!(
        !before_change.contains("\"waiting\"") && !before_change.contains("\"recommended\""),
        "nothing new is written unless it is there, so older builds read it"
    );
    s.handle(Input::Reopen {
        question: first.id.clone(),
        now: 2,
    })
    .expect("the answer can change");
    let snapshot = s.snapshot();
    assert!(snapshot.contains("\"waiting\""));
    let restored = Session::restore(&snapshot).expect("restores");
    assert_eq!(restored, s);
    assert_eq!(restored.current_question().map(|q| &q.id), Some(&first.id));
    assert!(restored.reopened_answer().is_some());

    // A waiting question that is the reopened one itself is no session the engine makes.
    let looped = snapshot.replacen(
        "\"waiting\":{\"id\":\"q-2008656404b36671\"",
        &format!("\"waiting\":{{\"id\":\"{}\"", first.id),
        1,
    );
    assert_ne!(looped, snapshot, "the fixture names the waiting question");
    let err = Session::restore(&looped).expect_err("refused");
    assert!(
        matches!(err, clarify_core::RestoreError::Inconsistent(_)),
        "{err}"
    );
}

#[test]
fn a_phase_object_restores_whatever_its_key_order() {
    let mut s = Session::new(Default::default());
    s.handle(Input::Start {
        request: "Plan a trip to Paris".into(),
        context: Default::default(),
        now: 0,
    })
    .expect("a request");
    assert_eq!(s.status(), Status::AwaitingClarification);
    let snapshot = s.snapshot();
    // Written with its tag first; a hand-edited snapshot may carry it last.
    let tag = "\"phase\":{\"phase\":\"asking\",";
    assert!(snapshot.contains(tag), "{snapshot}");
    let moved = snapshot.replacen(tag, "\"phase\":{", 1).replacen(
        "},\"convo\":",
        ",\"phase\":\"asking\"},\"convo\":",
        1,
    );
    assert_ne!(moved, snapshot);
    assert_eq!(Session::restore(&moved).expect("restores"), s, "{moved}");
}
