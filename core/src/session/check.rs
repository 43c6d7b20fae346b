//! The checking step: whether an input fits the session's state, and in what form it goes on.
//!
//! [`check`] reads the state and never changes it. It returns either a typed [`Error`] or a
//! [`Checked`] input, which the transition then applies without failing. [`accepts`] asks the
//! same function about a sample input of each kind, so which inputs a state takes is written
//! once.

use std::ops::Deref;

use super::{Active, After, Env, Phase, Status, reply};
use crate::protocol::error::{Error, ReopenFault};
use crate::protocol::input::InputKind;
use crate::protocol::input::{Answer, Context, Input, UserAnswer};
use crate::protocol::question::{Question, QuestionId, Stage};
use crate::protocol::request::{Message, Role, Usage};
use crate::protocol::status::PausedStep;
use crate::protocol::time::Millis;

/// An input the state accepts. `A` is the active conversation it applies to, borrowed mutably
/// by [`Session::handle`](super::Session::handle) and shared by [`accepts`].
#[cfg_attr(
    target_pointer_width = "64",
    expect(
        clippy::large_enum_variant,
        reason = "one value per input, handed at once to the transition; boxing would only allocate"
    )
)]
pub(super) enum Checked<A> {
    /// Forget everything.
    Reset,
    /// Time passed, and no pending question's deadline with it.
    Tick { now: Millis },
    /// A new request (also a message sent while nothing is pending, with the finished exchange
    /// as its history); it replaces any finished conversation.
    Start {
        request: String,
        context: Context,
        /// The questions shown in the finished exchange a message follows: none again.
        shown_before: Vec<QuestionId>,
        now: Millis,
    },
    /// An input for the active conversation.
    Active(A, Accepted),
}

/// The question waiting for its answer, as the check found it, and what follows once it is
/// resolved.
pub(super) struct Pending {
    pub(super) question: Question,
    pub(super) then: Then,
}

/// What follows once the pending question is resolved.
pub(super) enum Then {
    /// The conversation goes on; `paused` is the step that paused for the question.
    Proceed { paused: Option<PausedStep> },
    /// The question was reopened to change its answer: the new answer replaces the earlier
    /// one, and `waiting` (pending when it was reopened) is shown again.
    Change { waiting: Question },
}

/// An input the active conversation accepts, already validated, with what the check found.
pub(super) enum Accepted {
    /// The pending question is resolved: answered, skipped, or answered by a chat message.
    Resolve {
        pending: Pending,
        answer: Answer,
        now: Millis,
        from_message: bool,
    },
    /// `question`, answered `earlier` in the request's clarification, is shown again to change
    /// its answer; `waiting` comes back once it is answered.
    Reopen {
        question: Question,
        earlier: Answer,
        waiting: Question,
        now: Millis,
    },
    /// "Continue anyway" while a question is pending.
    DeclineAll { pending: Pending, now: Millis },
    /// "Continue anyway" while detection runs.
    DeclineDetection { now: Millis },
    /// The pending question's deadline passed at `now`.
    Expire { pending: Pending, now: Millis },
    /// The LLM's detection reply.
    Detected { text: String, usage: Option<Usage> },
    /// Detection could not be completed.
    DetectionFailed { reason: String },
    /// The user chose not to wait for the endpoint's detection.
    DetectOffline { now: Millis },
    /// The running step finished.
    StepCompleted {
        step: String,
        output: serde_json::Value,
    },
    /// The running step wants to ask.
    StepAsks {
        step: String,
        json: String,
        partial: serde_json::Value,
    },
    /// A piece of the streamed answer.
    Chunk { text: String },
    /// The final answer: the completion's text, or what streamed when it is empty.
    Generated {
        answer: String,
        usage: Option<Usage>,
        /// The user stopped it: `answer` is what had streamed.
        stopped: bool,
    },
    /// The final answer could not be produced.
    GenerationFailed { reason: String },
    /// The user stopped the answer before any text arrived: nothing to keep as the answer,
    /// so the call failed (and Retry asks again).
    StoppedBeforeText,
    /// Try the failed generation again.
    Retry,
    /// The LLM's translation of `question`, the question awaiting it.
    Translated {
        question: Question,
        paused: Option<PausedStep>,
        text: String,
        usage: Option<Usage>,
    },
    /// `question` could not be translated; it is shown as written.
    TranslationFailed {
        question: Question,
        paused: Option<PausedStep>,
        reason: String,
    },
}

/// Checks `input` against the state (`active` is `None` while idle) and the session's clock
/// and configuration in `env`.
///
/// The state is only read; the transition that follows cannot fail, so a refused input leaves
/// the session as it was.
pub(super) fn check<A: Deref<Target = Active>>(
    env: &Env,
    active: Option<A>,
    input: Input,
) -> Result<Checked<A>, Error> {
    let Some(active) = active else {
        return check_idle(input);
    };
    match (&active.phase, input) {
        (_, Input::Reset) => Ok(Checked::Reset),
        (_, Input::Tick { now }) => Ok(match expired(env, &active, now) {
            Some(pending) => Checked::Active(active, Accepted::Expire { pending, now }),
            None => Checked::Tick { now },
        }),
        (
            Phase::Completed { .. } | Phase::HandedOff { .. } | Phase::Failed { .. },
            Input::Start {
                request,
                context,
                now,
            },
        ) => start(request, context, Vec::new(), now),
        (Phase::Completed { .. } | Phase::HandedOff { .. }, Input::Message { text, now }) => {
            let history = finished_history(&active);
            let context = Context {
                history,
                ..Context::default()
            };
            let c = &active.conversation;
            let shown_before = [c.shown_before.as_slice(), c.asked.as_slice()].concat();
            start(text, context, shown_before, now)
        }
        (
            Phase::Asking {
                question, after, ..
            },
            Input::Reopen { question: id, now },
        ) => {
            let accepted = reopen(&active, question, after, &id, now)?;
            Ok(Checked::Active(active, accepted))
        }
        (phase, input) => {
            let accepted = accept(phase, input)?;
            Ok(Checked::Active(active, accepted))
        }
    }
}

/// The pending question and what follows it, read from the phase.
fn pending(question: &Question, then: Then) -> Pending {
    Pending {
        question: question.clone(),
        then,
    }
}

/// What follows the question on screen, read from its phase's [`After`].
fn then(after: &After) -> Then {
    match after {
        After::Next => Then::Proceed { paused: None },
        After::Resume { paused } => Then::Proceed {
            paused: Some(paused.clone()),
        },
        After::Return { waiting } => Then::Change {
            waiting: (**waiting).clone(),
        },
    }
}

/// The question on screen when its deadline has passed by `now` (or by the clock, if later).
fn expired(env: &Env, active: &Active, now: Millis) -> Option<Pending> {
    let deadline = active.deadline(&env.config)?;
    match &active.phase {
        Phase::Asking {
            question, after, ..
        } if env.clock.max(now) >= deadline => Some(pending(question, then(after))),
        Phase::Asking { .. }
        | Phase::Detecting
        | Phase::Translating { .. }
        | Phase::RunningStep { .. }
        | Phase::Generating { .. }
        | Phase::Completed { .. }
        | Phase::HandedOff { .. }
        | Phase::Failed { .. } => None,
    }
}

/// Checks an input for the conversation in `phase`.
fn accept(phase: &Phase, input: Input) -> Result<Accepted, Error> {
    Ok(match (phase, input) {
        (
            Phase::Asking { .. } | Phase::Translating { .. },
            input @ (Input::Message { .. }
            | Input::Answer { .. }
            | Input::Skip { .. }
            | Input::SkipAll { .. }
            | Input::TranslationReceived { .. }
            | Input::TranslationFailed { .. }),
        ) => accept_pending(phase, input)?,
        (Phase::Detecting, Input::SkipAll { now }) => Accepted::DeclineDetection { now },
        (Phase::Detecting, Input::DetectionReceived { text, usage }) => {
            Accepted::Detected { text, usage }
        }
        (Phase::Detecting, Input::DetectionFailed { reason }) => {
            Accepted::DetectionFailed { reason }
        }
        (Phase::Detecting, Input::DetectOffline { now }) => Accepted::DetectOffline { now },
        (Phase::RunningStep { step, .. }, Input::StepCompleted { step: got, output }) => {
            reply::check_step(step, &got)?;
            Accepted::StepCompleted { step: got, output }
        }
        (
            Phase::RunningStep { step, .. },
            Input::StepNeedsClarification {
                step: got,
                json,
                partial,
            },
        ) => {
            reply::check_step(step, &got)?;
            Accepted::StepAsks {
                step: got,
                json,
                partial,
            }
        }
        (Phase::Generating { .. }, Input::GenerationChunk { text }) => Accepted::Chunk { text },
        (Phase::Generating { streamed }, Input::GenerationCompleted { text, usage }) => {
            let answer = if text.is_empty() {
                streamed.clone()
            } else {
                text
            };
            Accepted::Generated {
                answer,
                usage,
                stopped: false,
            }
        }
        (Phase::Generating { streamed }, Input::GenerationStopped) if streamed.is_empty() => {
            Accepted::StoppedBeforeText
        }
        (Phase::Generating { streamed }, Input::GenerationStopped) => Accepted::Generated {
            answer: streamed.clone(),
            usage: None,
            stopped: true,
        },
        (Phase::Generating { .. }, Input::GenerationFailed { reason }) => {
            Accepted::GenerationFailed { reason }
        }
        (Phase::Failed { .. }, Input::Retry) => Accepted::Retry,
        (
            phase @ (Phase::Detecting
            | Phase::Asking { .. }
            | Phase::Translating { .. }
            | Phase::RunningStep { .. }
            | Phase::Generating { .. }
            | Phase::Completed { .. }
            | Phase::HandedOff { .. }
            | Phase::Failed { .. }),
            input @ (Input::Start { .. }
            | Input::Message { .. }
            | Input::DetectionReceived { .. }
            | Input::DetectionFailed { .. }
            | Input::DetectOffline { .. }
            | Input::Answer { .. }
            | Input::Skip { .. }
            | Input::Reopen { .. }
            | Input::SkipAll { .. }
            | Input::Tick { .. }
            | Input::StepCompleted { .. }
            | Input::StepNeedsClarification { .. }
            | Input::GenerationChunk { .. }
            | Input::GenerationCompleted { .. }
            | Input::GenerationStopped
            | Input::GenerationFailed { .. }
            | Input::Retry
            | Input::Reset
            | Input::TranslationReceived { .. }
            | Input::TranslationFailed { .. }),
        ) => {
            return Err(Error::UnexpectedInput {
                status: phase.status(),
                input: input.kind(),
            });
        }
    })
}

/// Checks an input that answers, skips or translates the pending question (`phase` is asking
/// or translating).
fn accept_pending(phase: &Phase, input: Input) -> Result<Accepted, Error> {
    let (question, then) = match phase {
        Phase::Asking {
            question, after, ..
        } => (question, then(after)),
        Phase::Translating { question, paused } => (
            question,
            Then::Proceed {
                paused: paused.clone(),
            },
        ),
        Phase::Detecting
        | Phase::RunningStep { .. }
        | Phase::Generating { .. }
        | Phase::Completed { .. }
        | Phase::HandedOff { .. }
        | Phase::Failed { .. } => {
            return Err(Error::UnexpectedInput {
                status: phase.status(),
                input: input.kind(),
            });
        }
    };
    Ok(match (phase, input) {
        (Phase::Asking { .. }, Input::Message { text, now }) => resolve(
            pending(question, then),
            UserAnswer::from_message(question, &text)?.into(),
            now,
            true,
        ),
        // A question awaiting its translation is pending too: a host that knows its id may
        // answer it, skip it or decline it, and the translation that comes later is refused.
        (
            _,
            Input::Answer {
                question: id,
                answer,
                now,
            },
        ) => {
            reply::check_pending(question, &id)?;
            reply::validate(question, &answer)?;
            resolve(pending(question, then), answer.into(), now, false)
        }
        (_, Input::Skip { question: id, now }) => {
            reply::check_pending(question, &id)?;
            resolve(pending(question, then), Answer::Skipped, now, false)
        }
        (_, Input::SkipAll { now }) => Accepted::DeclineAll {
            pending: pending(question, then),
            now,
        },
        (
            Phase::Translating { paused, .. },
            Input::TranslationReceived {
                question: id,
                text,
                usage,
            },
        ) => {
            reply::check_pending(question, &id)?;
            Accepted::Translated {
                question: question.clone(),
                paused: paused.clone(),
                text,
                usage,
            }
        }
        (
            Phase::Translating { paused, .. },
            Input::TranslationFailed {
                question: id,
                reason,
            },
        ) => {
            reply::check_pending(question, &id)?;
            Accepted::TranslationFailed {
                question: question.clone(),
                paused: paused.clone(),
                reason,
            }
        }
        (phase, input) => {
            return Err(Error::UnexpectedInput {
                status: phase.status(),
                input: input.kind(),
            });
        }
    })
}

/// Checks a change of the answer to `id` while `pending` is on screen with `after` behind it:
/// `id` must be answered, not be the pending question, and belong to the request's own
/// clarification while that is still going on (a pipeline step has used the answers it was
/// given, so those stay). The question that waits is the one that waited for `pending`, if
/// `pending` is itself reopened, else `pending`.
fn reopen(
    active: &Active,
    pending: &Question,
    after: &After,
    id: &QuestionId,
    now: Millis,
) -> Result<Accepted, Error> {
    let refuse = |reason: ReopenFault| {
        Err(Error::NotReopenable {
            question: id.clone(),
            reason,
        })
    };
    if &pending.id == id {
        return refuse(ReopenFault::Pending);
    }
    let Some(r) = active
        .conversation
        .resolutions
        .iter()
        .find(|r| &r.question.id == id)
    else {
        return refuse(ReopenFault::Unanswered);
    };
    let waiting = match after {
        After::Next if pending.step == Stage::Request => pending,
        After::Return { waiting } => waiting,
        After::Next | After::Resume { .. } => return refuse(ReopenFault::UsedByStep),
    };
    if r.question.step != Stage::Request {
        return refuse(ReopenFault::UsedByStep);
    }
    Ok(Accepted::Reopen {
        question: r.question.clone(),
        earlier: r.answer.clone(),
        waiting: waiting.clone(),
        now,
    })
}

fn resolve(pending: Pending, answer: Answer, now: Millis, from_message: bool) -> Accepted {
    Accepted::Resolve {
        pending,
        answer,
        now,
        from_message,
    }
}

/// Whether [`check`] takes an input of `kind` in this state: it is asked about a sample of
/// that kind, and only [`Error::UnexpectedInput`] means "not now" (a sample may well be
/// malformed for the state, e.g. name a question that is not pending).
pub(super) fn accepts(env: &Env, active: Option<&Active>, kind: InputKind) -> bool {
    !matches!(
        check(env, active, sample(kind)),
        Err(Error::UnexpectedInput { .. })
    )
}

/// Whether [`check`] takes a change of the answer to `id` now (drives the "Change" buttons).
pub(super) fn can_reopen(env: &Env, active: Option<&Active>, id: &QuestionId) -> bool {
    check(
        env,
        active,
        Input::Reopen {
            question: id.clone(),
            now: 0,
        },
    )
    .is_ok()
}

/// While idle only a request (or a message, which is one), a tick or a reset fits.
fn check_idle<A>(input: Input) -> Result<Checked<A>, Error> {
    match input {
        Input::Reset => Ok(Checked::Reset),
        Input::Tick { now } => Ok(Checked::Tick { now }),
        Input::Start {
            request,
            context,
            now,
        } => start(request, context, Vec::new(), now),
        Input::Message { text, now } => start(text, Context::default(), Vec::new(), now),
        input @ (Input::DetectionReceived { .. }
        | Input::DetectionFailed { .. }
        | Input::DetectOffline { .. }
        | Input::Answer { .. }
        | Input::Skip { .. }
        | Input::Reopen { .. }
        | Input::SkipAll { .. }
        | Input::StepCompleted { .. }
        | Input::StepNeedsClarification { .. }
        | Input::GenerationChunk { .. }
        | Input::GenerationCompleted { .. }
        | Input::GenerationStopped
        | Input::GenerationFailed { .. }
        | Input::Retry
        | Input::TranslationReceived { .. }
        | Input::TranslationFailed { .. }) => Err(Error::UnexpectedInput {
            status: Status::Idle,
            input: input.kind(),
        }),
    }
}

/// A new request, checked; `shown_before`, the questions an exchange it follows showed.
fn start<A>(
    request: String,
    context: Context,
    shown_before: Vec<QuestionId>,
    now: Millis,
) -> Result<Checked<A>, Error> {
    check_request(&request)?;
    Ok(Checked::Start {
        request,
        context,
        shown_before,
        now,
    })
}

/// A request must fit [`MAX_TEXT_BYTES`](crate::MAX_TEXT_BYTES) and say something.
pub(super) fn check_request(text: &str) -> Result<(), Error> {
    reply::check_length(text)?;
    if text.trim().is_empty() {
        return Err(Error::EmptyRequest);
    }
    Ok(())
}

/// The finished exchange as history for a follow-on request: the request, each question the
/// user answered with the answer (so a detail given then is not asked again), and the answer.
fn finished_history(active: &Active) -> Vec<Message> {
    let c = &active.conversation;
    let mut h = c.history.clone();
    h.push(Message::new(Role::User, c.request.clone()));
    for r in c.resolutions.iter().filter(|r| r.answer.is_informative()) {
        h.push(Message::new(Role::Assistant, r.question.text.clone()));
        h.push(Message::new(Role::User, r.answer_text()));
    }
    if let Some(answer) = active.answer() {
        h.push(Message::new(Role::Assistant, answer));
    }
    h
}

/// An input of `kind` that any state which takes the kind at all takes or refuses for its
/// content, never for its kind.
fn sample(kind: InputKind) -> Input {
    let text = || "x".to_owned();
    let step = String::new;
    let question = || QuestionId(String::new());
    match kind {
        InputKind::Start => Input::Start {
            request: text(),
            context: Context::default(),
            now: 0,
        },
        InputKind::Message => Input::Message {
            text: text(),
            now: 0,
        },
        InputKind::DetectionReceived => Input::DetectionReceived {
            text: text(),
            usage: None,
        },
        InputKind::DetectionFailed => Input::DetectionFailed { reason: text() },
        InputKind::DetectOffline => Input::DetectOffline { now: 0 },
        InputKind::Answer => Input::Answer {
            question: question(),
            answer: UserAnswer::DontKnow,
            now: 0,
        },
        InputKind::Skip => Input::Skip {
            question: question(),
            now: 0,
        },
        InputKind::Reopen => Input::Reopen {
            question: question(),
            now: 0,
        },
        InputKind::SkipAll => Input::SkipAll { now: 0 },
        InputKind::Tick => Input::Tick { now: 0 },
        InputKind::StepCompleted => Input::StepCompleted {
            step: step(),
            output: serde_json::Value::Null,
        },
        InputKind::StepNeedsClarification => Input::StepNeedsClarification {
            step: step(),
            json: String::new(),
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
            question: question(),
            text: text(),
            usage: None,
        },
        InputKind::TranslationFailed => Input::TranslationFailed {
            question: question(),
            reason: text(),
        },
    }
}
