//! The decision trace and counters.

use serde::{Deserialize, Serialize};

use crate::protocol::time::Millis;
use strum::{IntoStaticStr, VariantArray, VariantNames};

/// Which part of the engine made a decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, IntoStaticStr, VariantNames, VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum Layer {
    /// The session's own control flow.
    Session,
    /// An LLM detection reply.
    Llm,
    /// The embedded detector.
    Detector,
    /// A knowledge-base document.
    Document,
    /// The entity catalog.
    Catalog,
    /// A question budget, round or step limit.
    Limit,
    /// A pipeline step.
    Step,
    /// A timeout.
    Timeout,
}
crate::unit_enum::impl_unit_enum!(Layer);

/// One decision and why it was made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TraceEvent {
    /// The host's time when the decision was made (the latest time the engine was told).
    pub at: Millis,
    /// Which part decided.
    pub layer: Layer,
    /// A short machine-readable name, e.g. `question_asked`, `budget_reached`.
    pub decision: String,
    /// Why, in a sentence.
    pub reason: String,
}

/// Counters over the session's life.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counters {
    /// Questions shown to the user.
    pub questions_asked: u32,
    /// Questions the user answered with information.
    pub answered: u32,
    /// Questions skipped, declined or answered "I don't know".
    pub skipped: u32,
    /// Questions that timed out.
    pub timed_out: u32,
    /// LLM requests the engine asked the host to send.
    pub llm_calls: u32,
    /// Prompt tokens reported by the endpoint.
    pub prompt_tokens: u64,
    /// Completion tokens reported by the endpoint.
    pub completion_tokens: u64,
}
