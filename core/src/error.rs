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
#[allow(missing_docs)]
pub enum InputKind {
    Start,
    Message,
    DetectionReceived,
    DetectionFailed,
    Answer,
    Skip,
    SkipAll,
    Tick,
    StepCompleted,
    StepNeedsClarification,
    GenerationChunk,
    GenerationCompleted,
    GenerationFailed,
    Retry,
    Reset,
}

impl fmt::Display for InputKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        f.write_str(&name)
    }
}
