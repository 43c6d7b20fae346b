//! A stream that breaks keeps the text that arrived (shown as cut, with Retry); Stop before any
//! text is a failure Retry can repair, not an empty answer.

use clarify_core::{Config, Context, Input, Session, Status};

fn generating() -> Session {
    let mut s = Session::new(Config::default());
    s.handle(Input::Start {
        request: "What's the capital of Tasmania?".into(),
        context: Context::default(),
        now: 1,
    })
    .expect("started");
    assert_eq!(s.status(), Status::Generating);
    s
}

#[test]
fn a_broken_stream_keeps_what_arrived_through_a_snapshot_and_retry_starts_afresh() {
    let mut s = generating();
    s.handle(Input::GenerationChunk {
        text: "Hobart is the".into(),
    })
    .expect("a chunk");
    s.handle(Input::GenerationFailed {
        reason: "the connection broke".into(),
    })
    .expect("the failure");
    assert_eq!(s.status(), Status::Failed);
    assert_eq!(s.answer(), Some("Hobart is the"));
    assert_eq!(s.failure(), Some("the connection broke"));
    let restored = Session::restore(&s.snapshot()).expect("restored");
    assert_eq!(restored.answer(), Some("Hobart is the"));
    s.handle(Input::Retry).expect("Retry");
    assert_eq!((s.status(), s.answer()), (Status::Generating, Some("")));
}

#[test]
fn stop_before_any_text_is_a_failure_with_retry() {
    let mut s = generating();
    s.handle(Input::GenerationStopped).expect("Stop");
    assert_eq!(s.status(), Status::Failed);
    assert_eq!(s.answer(), None);
    assert_eq!(s.failure(), Some("stopped before any text arrived"));
    assert!(!s.stopped());
    s.handle(Input::Retry).expect("Retry is offered");
    assert_eq!(s.status(), Status::Generating);
    // Stopped after some text: that text is the answer.
    s.handle(Input::GenerationChunk { text: "Hob".into() })
        .expect("a chunk");
    s.handle(Input::GenerationStopped).expect("Stop");
    assert_eq!(
        (s.status(), s.answer(), s.stopped()),
        (Status::Completed, Some("Hob"), true)
    );
}
