//! Host-supplied sources of questions: knowledge-base documents (E3b) and entity lookups (E3c).

use serde::{Deserialize, Serialize};

/// A knowledge-base document that retrieval matched to the request (seed 000).
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
    /// re-fetched (E10).
    #[serde(default)]
    pub content: String,
    /// Questions to ask, in order, before answering from this document.
    #[serde(default)]
    pub clarifying_questions: Vec<DocumentQuestion>,
    /// Whether a human must take over after the answer (soft handoff, E11).
    #[serde(default)]
    pub requires_handoff: bool,
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
        priority: Option<crate::Priority>,
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
}

/// The result of looking up one name from the request in the host's catalog (seed 003).
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

/// The questions a document declares, as engine questions (asked in the document's order).
pub(crate) fn document_questions(doc: &Document) -> Vec<crate::Question> {
    use crate::question::{Choice, ChoiceId, Priority, Question, QuestionId, QuestionSource};
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
                id: QuestionId::derive(crate::analysis::CLARIFY_STEP, &text),
                step: crate::analysis::CLARIFY_STEP.into(),
                assumption: format!(
                    "No answer to \"{text}\": give guidance that covers the common cases."
                ),
                why: if why.is_empty() {
                    format!("The answer in \"{}\" depends on it.", doc.title)
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

/// The question an entity lookup needs: none for exactly one match.
pub(crate) fn entity_question(lookup: &EntityLookup) -> Option<crate::Question> {
    use crate::question::{Choice, ChoiceId, Priority, Question, QuestionId, QuestionSource};
    let mention = lookup.mention.trim();
    let (text, why, options) = match lookup.matches.len() {
        1 => return None,
        0 => (
            format!("What do you mean by \"{mention}\"?"),
            format!("\"{mention}\" matches nothing in the catalog."),
            Vec::new(),
        ),
        _ => (
            format!("Which \"{mention}\" do you mean?"),
            format!("{} entries are called \"{mention}\".", lookup.matches.len()),
            lookup
                .matches
                .iter()
                .take(4)
                .map(|e| Choice {
                    id: ChoiceId(e.id.clone()),
                    label: e.name.clone(),
                    description: (!e.description.is_empty()).then(|| e.description.clone()),
                })
                .collect(),
        ),
    };
    Some(Question {
        id: QuestionId::derive(crate::analysis::CLARIFY_STEP, &text),
        step: crate::analysis::CLARIFY_STEP.into(),
        assumption: format!("No answer about \"{mention}\": cover every match briefly."),
        text,
        why,
        options,
        multiple: false,
        allow_skip: true,
        allow_free_text: true,
        priority: Priority::Critical,
        source: QuestionSource::Catalog {
            mention: mention.to_owned(),
        },
    })
}
