//! What clarification hands back: the resolutions, the enriched prompt and, when a human takes
//! over, the handoff package. Rendering them is [`enrich`](crate::enrich)'s work.

use serde::{Deserialize, Serialize};

use crate::protocol::input::Answer;
use crate::protocol::language::Language;
use crate::protocol::question::Question;
use crate::protocol::time::Millis;

/// A question together with how it was resolved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Resolution {
    /// The question as asked.
    pub question: Question,
    /// How it was resolved.
    pub answer: Answer,
    /// When.
    pub at: Millis,
}

/// The source document kept with the session so it is never re-fetched.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceDocument {
    /// The document's id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Its text.
    pub content: String,
}

/// Everything the pipeline needs to resume: the original request and what clarification added.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct EnrichedPrompt {
    /// The request exactly as the user typed it.
    pub request: String,
    /// The source document, if retrieval found one.
    #[serde(default)]
    pub document: Option<SourceDocument>,
    /// Questions the user answered, in asking order.
    #[serde(default)]
    pub answered: Vec<Resolution>,
    /// Assumptions made for questions that were skipped, declined, timed out or never asked.
    #[serde(default)]
    pub assumptions: Vec<String>,
    /// Questions that remain open (never-ask mode records every question here).
    #[serde(default)]
    pub open_questions: Vec<String>,
    /// The language the user reads: the rendered prompt's headings and the offline answer are
    /// written in it (the user sees them in the answer and when copying the prompt). Left out
    /// of the JSON when English.
    #[serde(default, skip_serializing_if = "Language::is_english")]
    pub language: Language,
}

/// What a human agent receives on handoff.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HandoffPackage {
    /// The original request.
    pub request: String,
    /// The answer generated before the handoff.
    pub answer: String,
    /// Every question with its resolution.
    pub questions: Vec<Resolution>,
    /// The assumptions made.
    pub assumptions: Vec<String>,
    /// Why a human is needed.
    pub reason: String,
}
