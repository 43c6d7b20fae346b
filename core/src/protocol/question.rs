//! Questions the engine asks: stable ids, options, priority and the assumption used when skipped.

use std::fmt;

use serde::{Deserialize, Serialize, de};
use strum::{IntoStaticStr, VariantArray, VariantNames};

/// Who asks a question: the engine about the request itself, or a host pipeline step.
///
/// In JSON the request is the string `"clarify"` and a step is its name; a step that is itself
/// named `clarify` is written `{"step": "clarify"}`, so the two never meet.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Stage {
    /// The request's own clarification (detection, the knowledge base, the catalog, follow-ups).
    Request,
    /// A pipeline step, by its name in [`Config::steps`](crate::Config::steps).
    Step(String),
}

impl Stage {
    /// The pipeline step's name, or `None` for the request.
    pub fn step_name(&self) -> Option<&str> {
        match self {
            Self::Request => None,
            Self::Step(name) => Some(name),
        }
    }

    /// The hash state a question id starts from. The request hashes the bytes `clarify`, a
    /// step its name; a step named `clarify` is prefixed with 0xFF, a byte no UTF-8 text holds,
    /// so its ids differ from the request's.
    fn id_seed(&self) -> u64 {
        match self {
            Self::Request => fnv1a(FNV_OFFSET, REQUEST_STAGE.as_bytes()),
            Self::Step(name) if name == REQUEST_STAGE => {
                fnv1a(fnv1a(FNV_OFFSET, &[0xFF]), name.as_bytes())
            }
            Self::Step(name) => fnv1a(FNV_OFFSET, name.as_bytes()),
        }
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Request => f.write_str("the request"),
            Self::Step(name) => f.write_str(name),
        }
    }
}

impl Serialize for Stage {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Request => serializer.serialize_str(REQUEST_STAGE),
            Self::Step(name) if name == REQUEST_STAGE => {
                NamedStage { step: name }.serialize(serializer)
            }
            Self::Step(name) => serializer.serialize_str(name),
        }
    }
}

impl<'de> Deserialize<'de> for Stage {
    /// Read by hand rather than through an untagged enum, which would buffer the value first.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(StageVisitor)
    }
}

/// A step whose name is the request's own, written `{"step": name}`.
#[derive(Serialize)]
struct NamedStage<'a> {
    step: &'a str,
}

/// Reads `"name"` (`"clarify"` being the request) or `{"step": name}`.
struct StageVisitor;

impl<'de> de::Visitor<'de> for StageVisitor {
    type Value = Stage;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a step name or {\"step\": name}")
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<Stage, E> {
        Ok(if name == REQUEST_STAGE {
            Stage::Request
        } else {
            Stage::Step(name.to_owned())
        })
    }

    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Stage, A::Error> {
        let mut step = None;
        while let Some(key) = map.next_key::<String>()? {
            if key != "step" {
                map.next_value::<de::IgnoredAny>()?;
            } else if step.is_some() {
                return Err(de::Error::duplicate_field("step"));
            } else {
                step = Some(map.next_value::<String>()?);
            }
        }
        step.map(Stage::Step)
            .ok_or_else(|| de::Error::missing_field("step"))
    }
}

/// How the request's own stage is written in JSON (and seeds its question ids).
const REQUEST_STAGE: &str = "clarify";

/// A question's stable id, derived from its step and normalised text.
///
/// The same question asked twice gets the same id, which is how the engine recognises a repeat
/// and how a host keys stored answers across reloads.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct QuestionId(pub String);

impl QuestionId {
    /// Derives the id of a question from the stage that asks it and its text.
    ///
    /// Case, punctuation and runs of whitespace do not change the id.
    pub fn derive(stage: &Stage, text: &str) -> Self {
        // Hashes the text's letters and digits, lower-cased, its words joined by one space, as
        // they come: no normalised copy is built (every detection derives several ids).
        let mut hash = stage.id_seed();
        let mut started = false;
        let mut gap = false;
        let mut utf8 = [0; 4];
        // CJK ideographs are letters: checked first, they skip the slow Unicode table lookup.
        let cjk = |c: &char| ('\u{4E00}'..='\u{9FFF}').contains(c);
        let kept = (text.chars()).filter(|c| cjk(c) || c.is_alphanumeric() || c.is_whitespace());
        for c in kept.flat_map(crate::text::lowercase) {
            if c.is_whitespace() {
                gap = started;
                continue;
            }
            if gap {
                hash = fnv1a(hash, b" ");
                gap = false;
            }
            started = true;
            hash = fnv1a(hash, c.encode_utf8(&mut utf8).as_bytes());
        }
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
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    IntoStaticStr,
    VariantNames,
    VariantArray,
)]
#[strum(serialize_all = "snake_case")]
pub enum Priority {
    /// The answer changes the result materially; asked first.
    Critical,
    /// The answer improves the result noticeably.
    Important,
    /// Nice to know; the first to be dropped when the budget is tight.
    Helpful,
}
crate::unit_enum::impl_unit_enum!(Priority);

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

/// Where a question came from; shown in the trace. JSON: `{"kind": "detector", "rule": …}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self", rename_all = "snake_case")]
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
    /// A pipeline step that paused for a question.
    Step,
    /// A follow-up to a free-text answer that was itself vague (the second round).
    FollowUp {
        /// The question whose answer prompted the follow-up.
        of: QuestionId,
    },
}
crate::tag_first::impl_tag_first!(QuestionSource, "kind");

/// A clarifying question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Question {
    /// Stable, content-derived id.
    pub id: QuestionId,
    /// Who asked: the request itself or a pipeline step.
    pub step: Stage,
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
    /// The option the asker recommends, if any: shown as "Recommended" and assumed when the
    /// question is skipped or never asked (its [`assumption`](Self::assumption) names it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recommended: Option<ChoiceId>,
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

    /// The recommended option, if the question names one it has.
    pub fn recommended_choice(&self) -> Option<&Choice> {
        self.recommended.as_ref().and_then(|id| self.choice(id))
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

    /// The id as first defined: the hash of a normalised copy of the text.
    fn derive_by_copy(stage: &Stage, text: &str) -> QuestionId {
        let normalised = text
            .chars()
            .filter(|c| c.is_alphanumeric() || c.is_whitespace())
            .flat_map(char::to_lowercase)
            .collect::<String>()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        QuestionId(format!(
            "q-{:016x}",
            fnv1a(stage.id_seed(), normalised.as_bytes())
        ))
    }

    proptest::proptest! {
        #[test]
        fn derived_ids_equal_the_hash_of_the_normalised_text(text in "\\PC{0,40}|[ \\tA-Za-zİ.,?!\\n我的]{0,40}") {
            for stage in [Stage::Request, step("search"), step("clarify")] {
                proptest::prop_assert_eq!(QuestionId::derive(&stage, &text), derive_by_copy(&stage, &text));
            }
        }
    }

    fn step(name: &str) -> Stage {
        Stage::Step(name.into())
    }

    #[test]
    fn id_ignores_case_punctuation_and_spacing() {
        let a = QuestionId::derive(&Stage::Request, "Which Android version?");
        let b = QuestionId::derive(&Stage::Request, "  which   android VERSION ");
        assert_eq!(a, b);
    }

    #[test]
    fn id_depends_on_stage_and_text() {
        let a = QuestionId::derive(&Stage::Request, "Which Android version?");
        assert_ne!(
            a,
            QuestionId::derive(&step("analyze"), "Which Android version?")
        );
        assert_ne!(a, QuestionId::derive(&Stage::Request, "Which iOS version?"));
    }

    #[test]
    fn id_is_stable_across_builds() {
        // A snapshot written by one build must find its questions in the next; this id is in
        // the transcripts and is FNV-1a over the bytes "clarify" then the normalised text.
        assert_eq!(
            QuestionId::derive(&Stage::Request, "Which Android version?").as_str(),
            "q-5a23b86a2b82fa3d"
        );
        assert_eq!(
            QuestionId::derive(&step(""), "").as_str(),
            "q-cbf29ce484222325"
        );
    }

    #[test]
    fn a_step_named_clarify_is_not_the_request() {
        let named = step("clarify");
        assert_ne!(
            QuestionId::derive(&named, "Which one?"),
            QuestionId::derive(&Stage::Request, "Which one?")
        );
        let json = serde_json::to_string(&named).unwrap();
        assert_eq!(json, r#"{"step":"clarify"}"#);
        assert_eq!(serde_json::from_str::<Stage>(&json).unwrap(), named);
        assert_eq!(
            serde_json::to_string(&Stage::Request).unwrap(),
            r#""clarify""#
        );
        assert_eq!(
            serde_json::from_str::<Stage>(r#""clarify""#).unwrap(),
            Stage::Request
        );
        assert_eq!(
            serde_json::from_str::<Stage>(r#""extract""#).unwrap(),
            step("extract")
        );
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
