//! Questions the engine asks: stable ids, options, priority and the assumption used when skipped.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A question's stable id, derived from its step and normalised text.
///
/// The same question asked twice gets the same id, which is how the engine recognises a repeat
/// (E4, E7) and how a host keys stored answers across reloads.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct QuestionId(pub String);

impl QuestionId {
    /// Derives the id of a question from the step that asks it and its text.
    ///
    /// Case, punctuation and runs of whitespace do not change the id.
    pub fn derive(step: &str, text: &str) -> Self {
        let normalised: String = text
            .chars()
            .filter(|c| c.is_alphanumeric() || c.is_whitespace())
            .flat_map(char::to_lowercase)
            .collect::<String>()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let hash = fnv1a(fnv1a(FNV_OFFSET, step.as_bytes()), normalised.as_bytes());
        Self(format!("q-{hash:016x}"))
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for QuestionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The id of one option of a question, unique within that question.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ChoiceId(pub String);

impl ChoiceId {
    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for ChoiceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// How much a question matters; the loop asks critical questions first.
///
/// The order of the variants is the asking order, so "critical first" is a sort.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Priority {
    /// The answer changes the result materially; asked first.
    Critical,
    /// The answer improves the result noticeably.
    Important,
    /// Nice to know; the first to be dropped when the budget is tight.
    Helpful,
}

impl Priority {
    /// The lower-case name used on the wire and in the UI (`critical`, `important`, `helpful`).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Critical => "critical",
            Self::Important => "important",
            Self::Helpful => "helpful",
        }
    }
}

impl fmt::Display for Priority {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One option of a question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choice {
    /// Unique within its question.
    pub id: ChoiceId,
    /// Short text shown on the option.
    pub label: String,
    /// Optional longer explanation shown under the label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// Where a question came from (E3); shown in the trace.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum QuestionSource {
    /// An LLM analysis reply.
    Llm,
    /// A knowledge-base document's `clarifying_questions`.
    Document {
        /// The document's id.
        document: String,
    },
    /// An entity catalog lookup that matched zero or several entities.
    Catalog {
        /// The words of the request that named the entity.
        mention: String,
    },
    /// The embedded detector.
    Detector {
        /// The rule or kind that fired, e.g. `pronoun_without_antecedent`.
        rule: String,
    },
    /// A pipeline step that paused for a question (E15).
    Step,
    /// A follow-up to a free-text answer that was itself vague (seed 002's second round).
    FollowUp {
        /// The question whose answer prompted the follow-up.
        of: QuestionId,
    },
}

/// A clarifying question (E4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Question {
    /// Stable, content-derived id.
    pub id: QuestionId,
    /// The pipeline step that asked; `"clarify"` for the request itself.
    pub step: String,
    /// The question as shown to the user.
    pub text: String,
    /// Why it matters; shown under the question.
    #[serde(default)]
    pub why: String,
    /// Either empty (free text only) or two to four options.
    #[serde(default)]
    pub options: Vec<Choice>,
    /// Whether several options may be chosen at once (checkboxes rather than radios).
    #[serde(default)]
    pub multiple: bool,
    /// Whether "I don't know" is offered.
    pub allow_skip: bool,
    /// Whether a free-text answer is accepted.
    pub allow_free_text: bool,
    /// How much it matters.
    pub priority: Priority,
    /// What the engine assumes when the question is skipped, declined or times out.
    pub assumption: String,
    /// Where the question came from.
    pub source: QuestionSource,
}

impl Question {
    /// The option with `id`, if the question has one.
    pub fn choice(&self, id: &ChoiceId) -> Option<&Choice> {
        self.options.iter().find(|c| &c.id == id)
    }
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// 64-bit FNV-1a: tiny, stable across platforms and releases (unlike `DefaultHasher`).
fn fnv1a(mut hash: u64, bytes: &[u8]) -> u64 {
    for byte in bytes {
        hash ^= u64::from(*byte);
        hash = hash.wrapping_mul(FNV_PRIME);
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn id_ignores_case_punctuation_and_spacing() {
        let a = QuestionId::derive("clarify", "Which Android version?");
        let b = QuestionId::derive("clarify", "  which   android VERSION ");
        assert_eq!(a, b);
    }

    #[test]
    fn id_depends_on_step_and_text() {
        let a = QuestionId::derive("clarify", "Which Android version?");
        assert_ne!(a, QuestionId::derive("analyze", "Which Android version?"));
        assert_ne!(a, QuestionId::derive("clarify", "Which iOS version?"));
    }

    #[test]
    fn id_is_stable_across_builds() {
        // A snapshot written by one build must find its questions in the next.
        assert_eq!(
            QuestionId::derive("clarify", "Which Android version?").as_str(),
            QuestionId::derive("clarify", "which android version").as_str()
        );
        assert_eq!(QuestionId::derive("", "").as_str(), "q-cbf29ce484222325");
    }

    #[test]
    fn critical_sorts_first() {
        let mut p = vec![Priority::Helpful, Priority::Critical, Priority::Important];
        p.sort();
        assert_eq!(
            p,
            [Priority::Critical, Priority::Important, Priority::Helpful]
        );
    }
}
