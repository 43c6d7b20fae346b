//! What a host reads about a session: its status, "question n of m", and the pipeline steps'
//! results.

use std::fmt;

use serde::{Deserialize, Serialize};
use strum::{IntoStaticStr, VariantArray, VariantNames};

/// What a host shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, IntoStaticStr, VariantNames, VariantArray)]
#[strum(serialize_all = "snake_case")]
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
crate::unit_enum::impl_unit_enum!(Status);

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

/// What a finished pipeline step produced.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StepOutput {
    /// The step's name, as in [`Config::steps`].
    pub step: String,
    /// What it returned in [`Input::StepCompleted`].
    pub output: serde_json::Value,
}

/// A step that paused for a question, with what it had computed so far (a pipeline's
/// `paused_at_step` and `partial_result`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PausedStep {
    /// The step's name.
    pub step: String,
    /// Its partial result, handed back in [`Effect::RunStep`] when it resumes.
    pub partial: serde_json::Value,
}
