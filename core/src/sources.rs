//! Host-supplied sources of questions: knowledge-base documents and entity lookups.
//!
//! A host supplies two JSON files (or strings); both are loaded by pure functions that report
//! malformed input with the line, column and entry at fault.
//!
//! **Knowledge base** ([`KnowledgeBase::from_json`]):
//!
//! ```json
//! {"documents": [
//!   {"id": "crash-android", "title": "App crashes on Android",
//!    "content": "Most crashes are fixed by updating the app…",
//!    "keywords": ["crash", "crashes", "keeps closing", "閃退"],
//!    "clarifying_questions": [
//!      {"text": "Which Android version?", "options": ["Android 14", "Android 13", "Android 12 or older"],
//!       "priority": "critical", "why": "Fixes differ by version."},
//!      "Describe the error"],
//!    "requires_handoff": false}
//! ]}
//! ```
//!
//! `id` is required and unique; `keywords` are what [`KnowledgeBase::search`] matches (English
//! words or phrases, case-insensitive, whole words, a keyword of four letters or more also
//! matching longer words: `crash` matches `crashes`; Chinese keywords as substrings). A
//! clarifying question is a string or `{text, why?, options?, priority?}` with zero or two to
//! four options; `priority` is `critical`, `important` (default) or `helpful`.
//!
//! **Entity catalog** ([`Catalog::from_json`]):
//!
//! ```json
//! {"entities": [
//!   {"id": "pro-phone", "name": "Pro", "description": "Pro smartphone, 6.1-inch", "aliases": ["Pro phone"]},
//!   {"id": "pro-plan", "name": "Pro", "description": "Pro subscription plan, $20/month"}
//! ]}
//! ```
//!
//! [`Catalog::lookup`] finds the names and aliases a request mentions (whole words,
//! case-insensitive; Chinese as substrings; the longest name wins where names overlap) and
//! groups the entities sharing a name. A term in quotes ("…", “…”, 「…」) that matches nothing
//! becomes a lookup with zero matches, so the engine asks what it means.
//!
//! [`context`] turns a request into the [`Context`] for
//! [`Input::Start`](crate::Input::Start): the best-matching document and the entity lookups.

mod catalog;
mod kb;
mod text;

pub use crate::protocol::document::{Document, DocumentQuestion, Entity, EntityLookup};
pub use catalog::Catalog;
pub use kb::{KnowledgeBase, ScoredDocument};

use crate::phrase::Phrase;
use crate::protocol::input::Context;
use crate::protocol::language::Language;
use crate::protocol::question::Stage;
use crate::protocol::request::Message;

/// Builds the [`Context`] for `request`: the knowledge-base document that best matches it (if
/// any), the catalog lookups for the names it mentions, and the conversation so far.
pub fn context(
    request: &str,
    history: &[Message],
    kb: &KnowledgeBase,
    catalog: &Catalog,
) -> Context {
    Context {
        history: history.to_vec(),
        document: kb.search(request).cloned(),
        entities: catalog.lookup(request),
    }
}

/// Why a knowledge base or catalog could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SourceError {
    /// The text is not valid JSON of the documented shape.
    #[error("line {line}, column {column}: {message}")]
    Json {
        /// 1-based line of the error.
        line: usize,
        /// 1-based column of the error.
        column: usize,
        /// What serde_json reported.
        message: String,
    },
    /// One entry is well-formed JSON but breaks a rule (empty or duplicate id, bad options…).
    #[error("{what} #{index} (id {id:?}, line {line}): {reason}")]
    Invalid {
        /// `document` or `entity`.
        what: &'static str,
        /// 1-based position of the entry in its list.
        index: usize,
        /// The entry's id, as given.
        id: String,
        /// 1-based line where the entry's id appears in the text (0 if not found).
        line: usize,
        /// What is wrong.
        reason: String,
    },
}

impl SourceError {
    fn json(e: &serde_json::Error) -> Self {
        Self::Json {
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
        }
    }
}

/// The questions a document declares, as engine questions (asked in the document's order).
pub(crate) fn document_questions(
    doc: &Document,
    language: Language,
) -> Vec<crate::protocol::question::Question> {
    use crate::protocol::question::{
        Choice, ChoiceId, Priority, Question, QuestionId, QuestionSource,
    };
    doc.clarifying_questions
        .iter()
        .map(|dq| {
            let (text, why, options, priority) = match dq {
                DocumentQuestion::Text(t) => (t.clone(), String::new(), Vec::new(), None),
                DocumentQuestion::Detailed {
                    text,
                    why,
                    options,
                    priority,
                } => (text.clone(), why.clone(), options.clone(), *priority),
            };
            let options = if (2..=4).contains(&options.len()) {
                options
            } else {
                Vec::new()
            };
            Question {
                id: QuestionId::derive(&Stage::Request, &text),
                step: Stage::Request,
                assumption: Phrase::AssumeCommonCases.fill(language, &[&text]),
                why: if why.is_empty() {
                    Phrase::DocumentDependsOnIt.fill(language, &[&doc.title])
                } else {
                    why
                },
                options: options
                    .into_iter()
                    .enumerate()
                    .map(|(i, label)| Choice {
                        id: ChoiceId(format!("o{}", i + 1)),
                        label,
                        description: None,
                    })
                    .collect(),
                text,
                multiple: false,
                recommended: None,
                allow_skip: true,
                allow_free_text: true,
                // Documents list questions in the order they must be asked; a stable sort by
                // priority keeps that order among equals.
                priority: priority.unwrap_or(Priority::Important),
                source: QuestionSource::Document {
                    document: doc.id.clone(),
                },
            }
        })
        .collect()
}

/// The question an entity lookup needs, in `language`: none for exactly one match.
pub(crate) fn entity_question(
    lookup: &EntityLookup,
    language: Language,
) -> Option<crate::protocol::question::Question> {
    use crate::protocol::question::{
        Choice, ChoiceId, Priority, Question, QuestionId, QuestionSource,
    };
    let mention = lookup.mention.trim();
    let n = lookup.matches.len();
    let (text, why, options) = match n {
        1 => return None,
        0 => (
            Phrase::WhatIsMention.fill(language, &[mention]),
            Phrase::MentionUnknown.fill(language, &[mention]),
            Vec::new(),
        ),
        _ => (
            Phrase::WhichMention.fill(language, &[mention]),
            Phrase::MentionNamesSeveral.fill(language, &[&n.to_string(), mention]),
            lookup
                .matches
                .iter()
                .take(4)
                .map(|e| {
                    // Namesakes are told apart by their description, so it goes on the label.
                    let namesakes = lookup.matches.iter().filter(|o| o.name == e.name).count() > 1;
                    let (label, description) = if namesakes && !e.description.is_empty() {
                        (format!("{} — {}", e.name, e.description), None)
                    } else {
                        (
                            e.name.clone(),
                            (!e.description.is_empty()).then(|| e.description.clone()),
                        )
                    };
                    Choice {
                        id: ChoiceId(e.id.clone()),
                        label,
                        description,
                    }
                })
                .collect(),
        ),
    };
    Some(Question {
        id: QuestionId::derive(&Stage::Request, &text),
        step: Stage::Request,
        assumption: Phrase::CoverEveryMatch.fill(language, &[mention]),
        text,
        why,
        options,
        multiple: false,
        recommended: None,
        allow_skip: true,
        allow_free_text: true,
        priority: Priority::Critical,
        source: QuestionSource::Catalog {
            mention: mention.to_owned(),
        },
    })
}
