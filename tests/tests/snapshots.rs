//! Snapshot versions: a real version-1 snapshot (`fixtures/snapshot-v1.json`, written by the
//! version-1 engine) migrates to the current format and resumes where it paused; version-2
//! snapshots (`fixtures/snapshot-v2-*.json`, written by the version-2 engine) keep a paused
//! step, a change under way and a stopped answer.

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

const V2_PAUSED: &str = include_str!("../fixtures/snapshot-v2-paused.json");
const V2_REOPENED: &str = include_str!("../fixtures/snapshot-v2-reopened.json");
const V2_STOPPED: &str = include_str!("../fixtures/snapshot-v2-stopped.json");

/// Restores a version-2 fixture, and checks it is written back in the current version, which
/// restores to the same session.
fn restore_v2(snapshot: &str) -> Session {
    assert!(snapshot.contains("\"clarify_snapshot\": 2"));
    let session = Session::restore(snapshot).expect("version 2 migrates");
    let again = session.snapshot();
    assert!(again.starts_with(&format!("{{\"clarify_snapshot\":{SNAPSHOT_VERSION},")));
    assert_eq!(Session::restore(&again).expect("restores"), session);
    session
}

#[test]
fn a_version_2_snapshot_keeps_its_paused_step_and_resumes_it() {
    let mut session = restore_v2(V2_PAUSED);
    let paused = session.paused_step().expect("the paused step survives");
    assert_eq!(paused.step, "extract");
    assert_eq!(paused.partial["pages"], 3);
    let question = session.current_question().expect("a question").id.clone();
    let effects = session
        .handle(Input::Skip { question, now: 5 })
        .expect("the pending question can be skipped");
    let Some(Effect::RunStep { step, partial, .. }) = effects.last() else {
        panic!("expected the step to resume: {effects:?}");
    };
    assert_eq!(step, "extract");
    assert_eq!(partial.as_ref().map(|p| p["pages"].clone()), Some(3.into()));
    assert_eq!(session.paused_step(), None);
}

#[test]
fn a_version_2_snapshot_keeps_a_change_under_way() {
    let mut session = restore_v2(V2_REOPENED);
    let reopened = session.current_question().expect("a question").clone();
    assert!(session.reopened_answer().is_some());
    assert_eq!(session.resolutions()[0].question.id, reopened.id);
    session
        .handle(Input::Answer {
            question: reopened.id.clone(),
            answer: UserAnswer::Choices {
                choices: vec![reopened.options[1].id.clone()],
            },
            now: 5,
        })
        .expect("the change is accepted");
    let waiting = session.current_question().expect("the waiting question");
    assert_ne!(waiting.id, reopened.id, "the question that waited is back");
    assert_eq!(session.reopened_answer(), None);
}

#[test]
fn a_version_2_snapshot_keeps_a_stopped_answer() {
    let session = restore_v2(V2_STOPPED);
    assert_eq!(session.status(), Status::Completed);
    assert!(session.stopped());
    assert_eq!(session.answer(), Some("Hob"));
}

#[test]
fn a_version_2_step_paused_without_a_pending_question_is_refused() {
    let broken = V2_STOPPED.replace(
        "\"paused\": null",
        "\"paused\": {\"step\": \"extract\", \"partial\": null}",
    );
    assert_ne!(broken, V2_STOPPED);
    let err = Session::restore(&broken).expect_err("a paused step needs a pending question");
    assert!(
        matches!(err, clarify_core::RestoreError::Inconsistent(_)),
        "{err}"
    );
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
        !before_change.contains("\"after\"") && !before_change.contains("\"recommended\""),
        "nothing new is written unless it is there, so older builds read it"
    );
    s.handle(Input::Reopen {
        question: first.id.clone(),
        now: 2,
    })
    .expect("the answer can change");
    let snapshot = s.snapshot();
    assert!(snapshot.contains("\"after\":{\"then\":\"return\",\"waiting\""));
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
