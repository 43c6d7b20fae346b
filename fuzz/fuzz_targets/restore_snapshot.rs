//! Any bytes as a snapshot: restore never panics; what it accepts round-trips exactly and can
//! be driven on without panicking, and every state reached from it is consistent again.
#![no_main]

use clarify_core::{Input, Session};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(mut session) = Session::restore(&text) else {
        return;
    };
    let again = Session::restore(&session.snapshot()).expect("a restored session snapshots");
    assert_eq!(again, session);
    let budget = session.config().limits.max_questions;
    let inputs = [
        Input::Tick { now: u64::MAX / 2 },
        Input::Message {
            text: "1".into(),
            now: u64::MAX / 2,
        },
        Input::SkipAll { now: u64::MAX / 2 },
        Input::DetectionFailed {
            reason: "fuzz".into(),
        },
        Input::GenerationCompleted {
            text: "done".into(),
            usage: None,
        },
        Input::Retry,
    ];
    for input in inputs {
        let before = session.clone();
        if session.handle(input).is_err() {
            assert_eq!(session, before, "a refused input changes nothing");
        }
        if let Some(q) = session.translating().map(|q| q.id.clone()) {
            let _ = session.handle(Input::TranslationFailed {
                question: q,
                reason: "fuzz".into(),
            });
        }
        if let Some(q) = session.current_question().map(|q| q.id.clone()) {
            let _ = session.handle(Input::Skip { question: q, now: u64::MAX / 2 });
        }
        // Every state the engine reaches from a restored one is itself restorable: the
        // invariants restore checks (budget, no repeat, pending question asked…) still hold.
        let again = Session::restore(&session.snapshot()).expect("a reached state restores");
        assert_eq!(again, session);
        assert!(session.progress().current <= budget);
    }
});
