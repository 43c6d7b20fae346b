//! The session: one clarification conversation, driven by [`Session::handle`].
//!
//! The transition function lives here; how the conversation moves on (asking, following up,
//! running steps, generating) is in [`flow`], and how a user's reply is checked and read is in
//! [`reply`].

mod flow;
mod follow_up;
mod invariants;
mod queries;
mod reply;
mod start;
mod steps;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::config::Config;
use crate::effect::Effect;
use crate::enrich::{EnrichedPrompt, HandoffPackage, Resolution, SourceDocument};
use crate::error::Error;
use crate::input::{Answer, Context, Input, Millis};
use crate::question::{Question, QuestionId};
use crate::request::Message;
use crate::trace::{Counters, Layer, TraceEvent};

/// What a host shows (E2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Waiting for a request.
    Idle,
    /// Deciding whether to ask (detection or a pipeline step is running).
    Analyzing,
    /// A question is pending.
    AwaitingClarification,
    /// The final answer is being produced.
    Generating,
    /// Done.
    Completed,
    /// Done, and a human takes over.
    HandedOff,
    /// The final answer could not be produced; every answer is kept and [`Input::Retry`] works.
    Failed,
}

impl Status {
    /// Whether the session has finished (completed, handed off or failed).
    pub fn is_terminal(self) -> bool {
        matches!(self, Self::Completed | Self::HandedOff | Self::Failed)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Idle => "idle",
            Self::Analyzing => "analyzing",
            Self::AwaitingClarification => "awaiting_clarification",
            Self::Generating => "generating",
            Self::Completed => "completed",
            Self::HandedOff => "handed_off",
            Self::Failed => "failed",
        })
    }
}

/// "Question n of m": where the user is in the budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// 1-based number of the pending question (0 when none is pending).
    pub current: u32,
    /// How many questions this session will ask at most, given what is queued and the budget.
    pub total: u32,
}

/// What a finished pipeline step produced (E15).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StepOutput {
    /// The step's name, as in [`Config::steps`].
    pub step: String,
    /// What it returned in [`Input::StepCompleted`].
    pub output: serde_json::Value,
}

/// A step that paused for a question, with what it had computed so far (E15, seed 004's
/// `paused_at_step` and `partial_result`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PausedStep {
    /// The step's name.
    pub step: String,
    /// Its partial result, handed back in [`Effect::RunStep`] when it resumes.
    pub partial: serde_json::Value,
}

/// One clarification conversation.
///
/// Methods come in three groups:
/// - queries ([`status`](Self::status), [`current_question`](Self::current_question),
///   [`progress`](Self::progress), [`accepts`](Self::accepts), [`trace`](Self::trace), …), taking `&self`;
/// - [`handle`](Self::handle), the only mutator, which applies one [`Input`];
/// - persistence ([`snapshot`](Self::snapshot), [`restore`](Self::restore)).
///
/// # Termination
/// Whatever the inputs, a session shows at most [`Limits::max_questions`](crate::Limits) questions,
/// never the same id twice, and starts at most [`Limits::max_rounds`](crate::Limits) rounds of
/// clarification on the request plus one question per pipeline step. A user who keeps answering
/// or skipping therefore reaches [`Status::Generating`] after at most `max_questions` answers
/// (plus one `StepCompleted` per step), and a terminal status one generation input later.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Session {
    config: Config,
    phase: Phase,
    #[serde(default)]
    convo: Option<Conversation>,
    #[serde(default)]
    clock: Millis,
    #[serde(default)]
    trace: Vec<TraceEvent>,
    #[serde(default)]
    counters: Counters,
}

/// Where the session is; data lives in the variant where it exists.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
enum Phase {
    Idle,
    Detecting,
    Asking {
        question: Question,
        asked_at: Millis,
    },
    RunningStep {
        step: String,
        /// Whether the step is resuming after its question; `partial` is then what it had.
        /// (Not an `Option<Value>`: `Some(null)` would not survive a snapshot.)
        #[serde(default)]
        resumed: bool,
        #[serde(default)]
        partial: serde_json::Value,
    },
    Generating {
        streamed: String,
    },
    Completed {
        answer: String,
    },
    HandedOff {
        answer: String,
        package: HandoffPackage,
    },
    Failed {
        reason: String,
    },
}

/// Everything known about the current request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Conversation {
    request: String,
    history: Vec<Message>,
    document: Option<SourceDocument>,
    requires_handoff: bool,
    /// Questions waiting to be asked, in asking order.
    queue: Vec<Question>,
    /// Ids of every question shown, so none is shown twice.
    asked: Vec<QuestionId>,
    resolutions: Vec<Resolution>,
    /// Questions never shown (budget, round or step limit, never-ask mode, "Continue anyway"):
    /// their assumptions apply and they stay open.
    unasked: Vec<Question>,
    /// Clarification rounds on the request: 1 for the request itself, +1 per follow-up.
    rounds: u32,
    /// The user chose "Continue anyway": nothing more is asked in this conversation.
    #[serde(default)]
    declined_all: bool,
    /// Index of the next pipeline step to run.
    next_step: usize,
    /// Times the current step has paused (asked or tried to ask).
    #[serde(default)]
    step_pauses: u32,
    step_outputs: Vec<StepOutput>,
    /// The step that paused for the pending question, and its partial result.
    paused: Option<PausedStep>,
}

impl Session {
    /// A new idle session.
    pub fn new(config: Config) -> Self {
        Self {
            config,
            phase: Phase::Idle,
            convo: None,
            clock: 0,
            trace: Vec::new(),
            counters: Counters::default(),
        }
    }

    /// Applies `input` and returns the work the host must do next, in order.
    ///
    /// A [`Effect::StatusChanged`] comes first whenever the status changed.
    ///
    /// # Errors
    /// [`Error::UnexpectedInput`] if `input` does not fit the current status, and
    /// [`Error::NotPendingQuestion`], [`Error::UnknownChoice`], [`Error::InvalidAnswer`],
    /// [`Error::EmptyRequest`], [`Error::TextTooLong`], [`Error::UnexpectedStep`] for stale or
    /// malformed actions. On error the session is unchanged.
    pub fn handle(&mut self, input: Input) -> Result<Vec<Effect>, Error> {
        let mut next = self.clone();
        let effects = next.apply(input)?;
        *self = next;
        Ok(effects)
    }

    /// The transition function. `self` is a scratch copy: on `Err` it is thrown away.
    fn apply(&mut self, input: Input) -> Result<Vec<Effect>, Error> {
        let kind = input.kind();
        let mut fx = Vec::new();
        let before = self.status();
        match (&self.phase, input) {
            (_, Input::Reset) => {
                self.phase = Phase::Idle;
                self.convo = None;
                self.note(Layer::Session, "reset", "The user started over.");
            }
            (_, Input::Tick { now }) => {
                self.advance_clock(now);
                self.expire(&mut fx);
            }
            (
                Phase::Idle
                | Phase::Completed { .. }
                | Phase::HandedOff { .. }
                | Phase::Failed { .. },
                Input::Start {
                    request,
                    context,
                    now,
                },
            ) => {
                reply::check_length(&request)?;
                self.advance_clock(now);
                self.start(request, context, &mut fx)?;
            }
            (
                Phase::Idle | Phase::Completed { .. } | Phase::HandedOff { .. },
                Input::Message { text, now },
            ) => {
                reply::check_length(&text)?;
                let history = self.finished_history();
                self.advance_clock(now);
                self.start(
                    text,
                    Context {
                        history,
                        ..Context::default()
                    },
                    &mut fx,
                )?;
            }
            (Phase::Asking { question, .. }, Input::Message { text, now }) => {
                let answer = reply::answer_from_message(question, &text)?;
                self.advance_clock(now);
                self.note(
                    Layer::Session,
                    "message_is_answer",
                    "A question was pending, so the message answers it; no detection or search runs.",
                );
                self.resolve(answer, &mut fx);
            }
            (
                Phase::Asking { question, .. },
                Input::Answer {
                    question: id,
                    answer: reply,
                    now,
                },
            ) => {
                reply::check_pending(question, &id)?;
                reply::validate(question, &reply)?;
                self.advance_clock(now);
                self.resolve(reply.into(), &mut fx);
            }
            (Phase::Asking { question, .. }, Input::Skip { question: id, now }) => {
                reply::check_pending(question, &id)?;
                self.advance_clock(now);
                self.resolve(Answer::Skipped, &mut fx);
            }
            (Phase::Asking { .. }, Input::SkipAll { now }) => {
                self.advance_clock(now);
                self.decline_all(&mut fx);
            }
            (Phase::Detecting, Input::SkipAll { now }) => {
                self.advance_clock(now);
                if let Some(c) = &mut self.convo {
                    c.declined_all = true;
                }
                self.note(
                    Layer::Session,
                    "declined_all",
                    "The user chose to continue without questions; detection is not awaited.",
                );
                self.proceed(&mut fx);
            }
            (Phase::Detecting, Input::DetectionReceived { text: reply, usage }) => {
                self.add_usage(usage);
                self.detection_reply(&reply, &mut fx);
                self.proceed(&mut fx);
            }
            (Phase::Detecting, Input::DetectionFailed { reason }) => {
                self.note(
                    Layer::Llm,
                    "detection_failed",
                    &format!(
                        "Detection failed ({}); the embedded detector decides instead.",
                        preview(&reason)
                    ),
                );
                fx.push(Effect::Notice {
                    message: format!(
                        "The LLM could not be reached ({}); using the built-in detector.",
                        preview(&reason)
                    ),
                });
                self.detect_embedded();
                self.proceed(&mut fx);
            }
            (Phase::RunningStep { step, .. }, Input::StepCompleted { step: got, output }) => {
                reply::check_step(step, &got)?;
                self.note(
                    Layer::Step,
                    "step_completed",
                    &format!("Step {got} finished."),
                );
                if let Some(c) = &mut self.convo {
                    c.step_outputs.push(StepOutput { step: got, output });
                    c.next_step = c.next_step.saturating_add(1);
                    c.step_pauses = 0;
                }
                self.proceed(&mut fx);
            }
            (
                Phase::RunningStep { step, .. },
                Input::StepNeedsClarification {
                    step: got,
                    json: reply,
                    partial,
                },
            ) => {
                reply::check_step(step, &got)?;
                self.step_question(got, &reply, partial, &mut fx);
            }
            (Phase::Generating { .. }, Input::GenerationChunk { text }) => {
                if let Phase::Generating { streamed } = &mut self.phase {
                    streamed.push_str(&text);
                }
                fx.push(Effect::AppendAnswer { text });
            }
            (Phase::Generating { streamed }, Input::GenerationCompleted { text, usage }) => {
                let answer = if text.is_empty() {
                    streamed.clone()
                } else {
                    text
                };
                self.add_usage(usage);
                self.finish(answer, &mut fx);
            }
            (Phase::Generating { .. }, Input::GenerationFailed { reason }) => {
                self.note(
                    Layer::Session,
                    "generation_failed",
                    &format!(
                        "The answer could not be produced ({}); every answer is kept and Retry is possible.",
                        preview(&reason)
                    ),
                );
                self.phase = Phase::Failed { reason };
            }
            (Phase::Failed { .. }, Input::Retry) => {
                self.note(
                    Layer::Session,
                    "retry",
                    "Retrying with everything gathered so far; no question is asked again.",
                );
                self.proceed(&mut fx);
            }
            (
                Phase::Idle
                | Phase::Detecting
                | Phase::Asking { .. }
                | Phase::RunningStep { .. }
                | Phase::Generating { .. }
                | Phase::Completed { .. }
                | Phase::HandedOff { .. }
                | Phase::Failed { .. },
                Input::Start { .. }
                | Input::Message { .. }
                | Input::DetectionReceived { .. }
                | Input::DetectionFailed { .. }
                | Input::Answer { .. }
                | Input::Skip { .. }
                | Input::SkipAll { .. }
                | Input::StepCompleted { .. }
                | Input::StepNeedsClarification { .. }
                | Input::GenerationChunk { .. }
                | Input::GenerationCompleted { .. }
                | Input::GenerationFailed { .. }
                | Input::Retry,
            ) => {
                return Err(Error::UnexpectedInput {
                    status: before,
                    input: kind,
                });
            }
        }
        let after = self.status();
        if after != before {
            fx.insert(0, Effect::StatusChanged { status: after });
        }
        Ok(fx)
    }

    fn add_usage(&mut self, usage: Option<crate::request::Usage>) {
        if let Some(u) = usage {
            self.counters.prompt_tokens =
                self.counters.prompt_tokens.saturating_add(u.prompt_tokens);
            self.counters.completion_tokens = self
                .counters
                .completion_tokens
                .saturating_add(u.completion_tokens);
        }
    }

    fn advance_clock(&mut self, now: Millis) {
        self.clock = self.clock.max(now);
    }

    fn note(&mut self, layer: Layer, decision: &str, reason: &str) {
        self.trace.push(TraceEvent {
            at: self.clock,
            layer,
            decision: decision.into(),
            reason: reason.into(),
        });
    }
}

impl Conversation {
    fn prompt(&self) -> EnrichedPrompt {
        let mut assumptions = Vec::new();
        for r in &self.resolutions {
            if !r.answer.is_informative() {
                assumptions.push(r.question.assumption.clone());
            }
        }
        for q in &self.unasked {
            assumptions.push(q.assumption.clone());
        }
        EnrichedPrompt {
            request: self.request.clone(),
            document: self.document.clone(),
            answered: self
                .resolutions
                .iter()
                .filter(|r| r.answer.is_informative())
                .cloned()
                .collect(),
            assumptions,
            open_questions: self.unasked.iter().map(|q| q.text.clone()).collect(),
        }
    }

    /// Whether `id` was shown or is waiting to be shown.
    fn seen(&self, id: &QuestionId) -> bool {
        self.asked.contains(id) || self.queue.iter().any(|q| &q.id == id)
    }

    /// Questions of `step` shown so far.
    fn asked_in_step(&self, step: &str) -> u32 {
        count(
            self.resolutions
                .iter()
                .filter(|r| r.question.step.step_name() == Some(step))
                .count(),
        )
    }
}

/// `n` as a `u32`, saturating (a session never holds 4 billion questions).
fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// At most 60 characters of `text`, for traces and notices.
fn preview(text: &str) -> String {
    let mut p: String = text.chars().take(60).collect();
    if text.chars().nth(60).is_some() {
        p.push('…');
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::UserAnswer;

    #[test]
    fn an_idle_session_accepts_only_a_request_a_message_a_tick_or_a_reset() {
        let s = Session::new(Config::default());
        let accepted: Vec<InputKindName> = crate::error::InputKind::ALL
            .into_iter()
            .filter(|k| s.accepts(*k))
            .map(|k| k.as_str())
            .collect();
        assert_eq!(accepted, ["start", "message", "tick", "reset"]);
    }

    #[test]
    fn a_refused_answer_leaves_the_session_as_it_was() {
        let mut s = asking();
        let before = s.clone();
        let err = s.handle(Input::Answer {
            question: QuestionId("q-other".into()),
            answer: UserAnswer::DontKnow,
            now: 5,
        });
        assert!(matches!(err, Err(Error::NotPendingQuestion { .. })));
        assert_eq!(s, before);
    }

    #[test]
    fn the_deadline_is_the_ask_time_plus_the_timeout() {
        let s = asking();
        assert_eq!(s.deadline(), Some(1_000 + 24 * 60 * 60 * 1000));
    }

    #[test]
    fn a_session_over_its_budget_is_inconsistent() {
        let mut s = asking();
        s.config.limits.max_questions = 0;
        assert!(s.check_invariants().is_err());
    }

    type InputKindName = &'static str;

    fn asking() -> Session {
        let mut s = Session::new(Config::default());
        s.handle(Input::Start {
            request: "Plan a trip to Paris".into(),
            context: Context::default(),
            now: 1_000,
        })
        .unwrap();
        assert_eq!(s.status(), Status::AwaitingClarification);
        s
    }
}
