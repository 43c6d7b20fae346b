//! Session configuration: limits, mode, timeouts.

use serde::{Deserialize, Serialize};

use crate::protocol::time::Millis;
use strum::{IntoStaticStr, VariantArray, VariantNames};

/// The bounds that guarantee termination.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Limits {
    /// Questions asked per session, at most (default 3).
    pub max_questions: u32,
    /// Clarification rounds per session, at most (default 2): the first round is the
    /// request's detection; a vague free-text answer may start one more.
    pub max_rounds: u32,
    /// Questions a pipeline step may ask, at most (default 1).
    pub max_per_step: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_questions: 3,
            max_rounds: 2,
            max_per_step: 1,
        }
    }
}

/// Whether the user is asked at all.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, IntoStaticStr, VariantNames, VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum Mode {
    /// Questions are shown one at a time.
    #[default]
    Interactive,
    /// "Never ask me", CLI and API use: every question is auto-skipped and recorded as an open
    /// question with its assumption.
    NonInteractive,
}
crate::unit_enum::impl_unit_enum!(Mode);

/// Who decides whether a request is ambiguous.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, IntoStaticStr, VariantNames, VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum Detection {
    /// The embedded detector, offline.
    #[default]
    Embedded,
    /// An LLM through [`Effect::RequestDetection`](crate::Effect::RequestDetection); the embedded
    /// detector is the fallback when it fails.
    Llm,
}
crate::unit_enum::impl_unit_enum!(Detection);

/// How a session behaves. Stored in its snapshot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Config {
    /// Termination bounds.
    pub limits: Limits,
    /// Interactive or never-ask.
    pub mode: Mode,
    /// Embedded detector or LLM.
    pub detection: Detection,
    /// A pending question expires after this long (default 24 h); `None`: never.
    pub question_timeout_ms: Option<Millis>,
    /// How many earlier messages go into the detection request.
    pub history_window: usize,
    /// Host-defined pipeline steps run after clarification, in order. Empty: none.
    pub steps: Vec<String>,
    /// The user's language as a BCP 47 tag (`en`, `zh`…), for questions and the prompt.
    pub language: String,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            limits: Limits::default(),
            mode: Mode::default(),
            detection: Detection::default(),
            question_timeout_ms: Some(24 * 60 * 60 * 1000),
            history_window: 6,
            steps: Vec::new(),
            language: "en".into(),
        }
    }
}
