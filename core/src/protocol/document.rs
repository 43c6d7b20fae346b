//! What a host hands in about a request: the knowledge-base document retrieval found, and
//! catalog lookups for the names it mentions.

use serde::{Deserialize, Serialize};

/// A knowledge-base document that retrieval matched to the request.
///
/// ```json
/// {"id": "crash-android", "title": "App crashes on Android", "content": "…",
///  "clarifying_questions": ["Which Android version?", "Describe the error"],
///  "requires_handoff": false}
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Document {
    /// Unique id within the knowledge base.
    pub id: String,
    /// Title shown in the trace.
    #[serde(default)]
    pub title: String,
    /// The document's text; kept in the session and put into the enriched prompt, never
    /// re-fetched.
    #[serde(default)]
    pub content: String,
    /// Questions to ask, in order, before answering from this document.
    #[serde(default)]
    pub clarifying_questions: Vec<DocumentQuestion>,
    /// Whether a human must take over after the answer (soft handoff).
    #[serde(default)]
    pub requires_handoff: bool,
    /// Words and phrases [`KnowledgeBase::search`] matches against a request.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<String>,
}

/// A document's clarifying question: plain text, or text with options and a priority.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum DocumentQuestion {
    /// Just the question text; asked as free text, priority important.
    Text(String),
    /// The full form.
    Detailed {
        /// The question text.
        text: String,
        /// Why it matters.
        #[serde(default)]
        why: String,
        /// Zero or two to four option labels.
        #[serde(default)]
        options: Vec<String>,
        /// `critical`, `important` or `helpful`.
        #[serde(default)]
        priority: Option<crate::protocol::question::Priority>,
    },
}

/// One entity of a host's catalog.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entity {
    /// Unique id within the catalog.
    pub id: String,
    /// Display name; several entities may share it.
    pub name: String,
    /// What tells it apart from its namesakes.
    #[serde(default)]
    pub description: String,
    /// Other names a request may use for it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
}

/// The result of looking up one name from the request in the host's catalog.
///
/// Zero matches: the engine asks what the user means. One: it proceeds with that entity and asks
/// nothing. Several: it asks which one, with the matches as options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntityLookup {
    /// The words of the request that name the entity.
    pub mention: String,
    /// The entities that match.
    #[serde(default)]
    pub matches: Vec<Entity>,
}
