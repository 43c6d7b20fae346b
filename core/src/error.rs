//! Typed errors: what was expected and what came.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::question::{ChoiceId, QuestionId};
use crate::session::Status;

/// Why [`Session::handle`](crate::Session::handle) refused an input. The session is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The input does not fit the current status.
    #[error("{input} is not accepted while the session is {status}")]
    UnexpectedInput {
        /// The session's status.
        status: Status,
        /// The kind of input that came.
        input: InputKind,
    },
    /// The answer names a question that is not the pending one.
    #[error("question {got} is not the pending question (expected {expected})")]
    NotPendingQuestion {
        /// The pending question.
        expected: QuestionId,
        /// The question the input named.
        got: QuestionId,
    },
    /// The answer names an option the question does not have.
    #[error("question {question} has no option {choice}")]
    UnknownChoice {
        /// The question.
        question: QuestionId,
        /// The option that does not exist.
        choice: ChoiceId,
    },
    /// The answer is not acceptable for this question (empty, several options on a single-choice
    /// question, free text where none is allowed, …).
    #[error("invalid answer to question {question}: {reason}")]
    InvalidAnswer {
        /// The question.
        question: QuestionId,
        /// What was wrong.
        reason: &'static str,
    },
    /// A request was empty or only whitespace.
    #[error("the request is empty")]
    EmptyRequest,
    /// User text is longer than [`MAX_TEXT_BYTES`](crate::MAX_TEXT_BYTES).
    #[error("the text is {got} bytes long; at most {limit} are accepted")]
    TextTooLong {
        /// The most bytes accepted.
        limit: usize,
        /// The bytes that came.
        got: usize,
    },
    /// The input names a pipeline step that is not running.
    #[error("step {got:?} is not running (expected {expected:?})")]
    UnexpectedStep {
        /// The running step.
        expected: String,
        /// The step the input named.
        got: String,
    },
}

/// The kinds of [`Input`](crate::Input), for errors and for [`Session::accepts`](crate::Session::accepts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InputKind {
    /// [`Input::Start`](crate::Input::Start).
    Start,
    /// [`Input::Message`](crate::Input::Message).
    Message,
    /// [`Input::DetectionReceived`](crate::Input::DetectionReceived).
    DetectionReceived,
    /// [`Input::DetectionFailed`](crate::Input::DetectionFailed).
    DetectionFailed,
    /// [`Input::Answer`](crate::Input::Answer).
    Answer,
    /// [`Input::Skip`](crate::Input::Skip).
    Skip,
    /// [`Input::SkipAll`](crate::Input::SkipAll).
    SkipAll,
    /// [`Input::Tick`](crate::Input::Tick).
    Tick,
    /// [`Input::StepCompleted`](crate::Input::StepCompleted).
    StepCompleted,
    /// [`Input::StepNeedsClarification`](crate::Input::StepNeedsClarification).
    StepNeedsClarification,
    /// [`Input::GenerationChunk`](crate::Input::GenerationChunk).
    GenerationChunk,
    /// [`Input::GenerationCompleted`](crate::Input::GenerationCompleted).
    GenerationCompleted,
    /// [`Input::GenerationFailed`](crate::Input::GenerationFailed).
    GenerationFailed,
    /// [`Input::Retry`](crate::Input::Retry).
    Retry,
    /// [`Input::Reset`](crate::Input::Reset).
    Reset,
}

impl InputKind {
    /// Every kind, in declaration order.
    pub const ALL: [Self; 15] = [
        Self::Start,
        Self::Message,
        Self::DetectionReceived,
        Self::DetectionFailed,
        Self::Answer,
        Self::Skip,
        Self::SkipAll,
        Self::Tick,
        Self::StepCompleted,
        Self::StepNeedsClarification,
        Self::GenerationChunk,
        Self::GenerationCompleted,
        Self::GenerationFailed,
        Self::Retry,
        Self::Reset,
    ];

    /// The snake_case name used in JSON (`start`, `skip_all`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Start => "start",
            Self::Message => "message",
            Self::DetectionReceived => "detection_received",
            Self::DetectionFailed => "detection_failed",
            Self::Answer => "answer",
            Self::Skip => "skip",
            Self::SkipAll => "skip_all",
            Self::Tick => "tick",
            Self::StepCompleted => "step_completed",
            Self::StepNeedsClarification => "step_needs_clarification",
            Self::GenerationChunk => "generation_chunk",
            Self::GenerationCompleted => "generation_completed",
            Self::GenerationFailed => "generation_failed",
            Self::Retry => "retry",
            Self::Reset => "reset",
        }
    }
}

impl fmt::Display for InputKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
