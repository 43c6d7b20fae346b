//! The state a host renders, as one plain JS object: the engine's queries gathered up.
//!
//! Engine types (question, resolutions, handoff package) keep their JSON shape, the same as in
//! snapshots and the CLI's `--json`; the fields of the state itself are camelCase.

use clarify_core::{
    Answer, EnrichedPrompt, HandoffPackage, InputKind, Millis, Progress, Question, QuestionId,
    Resolution, Session, Status, TraceEvent,
};
use serde::Serialize;
use wasm_bindgen::JsValue;

use super::error::ClarifyError;

/// `ClarifierState` in TypeScript.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct State<'a> {
    status: Status,
    request: Option<&'a str>,
    question: Option<&'a Question>,
    progress: Progress,
    resolutions: &'a [Resolution],
    /// The answered questions whose answers can be changed now (`reopen`).
    reopenable: Vec<&'a QuestionId>,
    /// The earlier answer of the pending question when it was reopened to change it.
    reopened_answer: Option<&'a Answer>,
    /// The enriched prompt rendered for the final call, once a request started.
    prompt: Option<String>,
    /// The final (or streaming) answer.
    answer: Option<&'a str>,
    /// The user stopped the answer (`stop()`): it is what had arrived.
    stopped: bool,
    handoff: Option<&'a HandoffPackage>,
    failure: Option<&'a str>,
    /// When the pending question times out (ms since the epoch); call `tick()` then.
    deadline: Option<Millis>,
    /// When the conversation shown started (the host's ms since the epoch); `null` when idle.
    /// A new value means a new request.
    started: Option<Millis>,
    /// Why the endpoint's detection was not used and the embedded detector chose the questions
    /// instead (the call failed, or its reply could not be read); `null` otherwise.
    fallback: Option<&'a str>,
    /// Which actions the engine would accept now (drives enabled buttons).
    accepts: Accepts,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Accepts {
    start: bool,
    answer: bool,
    skip: bool,
    skip_all: bool,
    reopen: bool,
}

impl<'a> State<'a> {
    /// Gathers the state of `session`.
    pub fn of(session: &'a Session) -> Self {
        Self {
            status: session.status(),
            request: session.request(),
            question: session.current_question(),
            progress: session.progress(),
            resolutions: session.resolutions(),
            reopenable: session.reopenable(),
            reopened_answer: session.reopened_answer(),
            prompt: session
                .enriched_prompt()
                .as_ref()
                .map(EnrichedPrompt::render),
            answer: session.answer(),
            stopped: session.stopped(),
            handoff: session.handoff(),
            failure: session.failure(),
            deadline: session.deadline(),
            started: started(session),
            fallback: fallback(session),
            accepts: Accepts {
                start: session.accepts(InputKind::Start),
                answer: session.accepts(InputKind::Answer),
                skip: session.accepts(InputKind::Skip),
                skip_all: session.accepts(InputKind::SkipAll),
                // Some answer can change now: the kind alone is accepted whenever a question
                // is pending, even with no answer to change yet.
                reopen: !session.reopenable().is_empty(),
            },
        }
    }
}

/// When the conversation shown started (`None` when idle): a new value means a new request.
pub fn started(session: &Session) -> Option<Millis> {
    crate::ui::state::started(session)
}

/// Why the endpoint's detection was not used in the conversation shown, if it was not.
pub fn fallback(session: &Session) -> Option<&str> {
    conversation(session)
        .iter()
        .rev()
        .find(|e| matches!(e.decision.as_str(), "detection_failed" | "reply_unusable"))
        .map(|e| e.reason.as_str())
}

/// The trace of the conversation shown: from its last `started` decision on (empty when idle).
fn conversation(session: &Session) -> &[TraceEvent] {
    let trace = session.trace();
    if session.status() == Status::Idle {
        return &[];
    }
    trace
        .iter()
        .rposition(|e| e.decision == "started")
        .map_or(&[], |at| &trace[at..])
}

/// Converts `value` to a plain JS value (objects, not `Map`s; `None` as `null`).
///
/// # Errors
/// `internal` if serialisation fails, which the engine's types never do.
pub fn to_js(value: &impl Serialize) -> Result<JsValue, ClarifyError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| ClarifyError::new("internal", format!("could not convert to JS: {e}")))
}
