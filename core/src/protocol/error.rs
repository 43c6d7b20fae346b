//! Typed errors: what was expected and what came.

use crate::protocol::input::InputKind;
use crate::protocol::question::{ChoiceId, QuestionId};
use crate::protocol::status::Status;

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
    /// The question named to be changed ([`Input::Reopen`](crate::Input::Reopen)) cannot be
    /// changed now: it has no answer, it is the pending question, or a pipeline step has
    /// already used its answer.
    #[error("question {question} cannot be changed now: {reason}")]
    NotReopenable {
        /// The question named.
        question: QuestionId,
        /// Why not.
        reason: ReopenFault,
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
        reason: AnswerFault,
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

/// Why an answered question cannot be changed now ([`Error::NotReopenable`]). Its `Display`
/// is the English wording of the catalogue (`crate::phrase`), which also gives it in the
/// user's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReopenFault {
    /// It is the question on screen.
    Pending,
    /// It has not been answered.
    Unanswered,
    /// A pipeline step has used its answer.
    UsedByStep,
}

/// Why an answer does not fit its question ([`Error::InvalidAnswer`]). Its `Display` is the
/// English wording of the catalogue (`crate::phrase`), which also gives it in the user's
/// language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum AnswerFault {
    /// No option chosen.
    NoOptionChosen,
    /// Several options on a single-choice question.
    SeveralOnSingleChoice,
    /// One option twice.
    SameOptionTwice,
    /// Free text where none is taken.
    NoFreeText,
    /// An empty answer.
    EmptyAnswer,
    /// "I don't know" where it is not offered.
    NoDontKnow,
}
