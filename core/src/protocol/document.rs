//! What a host hands in about a request: the knowledge-base document retrieval found, and
//! catalog lookups for the names it mentions.

use serde::{Deserialize, Serialize, de};

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
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
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

impl<'de> Deserialize<'de> for DocumentQuestion {
    /// A string or an object, told apart by a visitor: an untagged enum would buffer the value
    /// through serde's `Content` tree first.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(DocumentQuestionVisitor)
    }
}

/// The fields of [`DocumentQuestion::Detailed`], as read from an object.
#[derive(Deserialize)]
struct DetailedJson {
    text: String,
    #[serde(default)]
    why: String,
    #[serde(default)]
    options: Vec<String>,
    #[serde(default)]
    priority: Option<crate::protocol::question::Priority>,
}

struct DocumentQuestionVisitor;

impl<'de> de::Visitor<'de> for DocumentQuestionVisitor {
    type Value = DocumentQuestion;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a question as text or as {\"text\", \"why\", \"options\", \"priority\"}")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<DocumentQuestion, E> {
        Ok(DocumentQuestion::Text(text.to_owned()))
    }

    fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<DocumentQuestion, A::Error> {
        let DetailedJson {
            text,
            why,
            options,
            priority,
        } = DetailedJson::deserialize(de::value::MapAccessDeserializer::new(map))?;
        Ok(DocumentQuestion::Detailed {
            text,
            why,
            options,
            priority,
        })
    }
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

#[cfg(test)]
mod tests {
    use super::DocumentQuestion;
    use crate::protocol::question::Priority;

    fn parse(json: &str) -> Result<Vec<DocumentQuestion>, serde_json::Error> {
        serde_json::from_str(json)
    }

    #[test]
    fn a_question_is_text_or_an_object() {
        let questions = parse(
            r#"["Which version?",
                {"text": "Which plan?", "why": "Prices differ", "options": ["Free", "Pro"],
                 "priority": "critical", "unknown": [1]},
                {"text": "Anything else?"}]"#,
        )
        .unwrap();
        assert_eq!(
            questions,
            [
                DocumentQuestion::Text("Which version?".into()),
                DocumentQuestion::Detailed {
                    text: "Which plan?".into(),
                    why: "Prices differ".into(),
                    options: vec!["Free".into(), "Pro".into()],
                    priority: Some(Priority::Critical),
                },
                DocumentQuestion::Detailed {
                    text: "Anything else?".into(),
                    why: String::new(),
                    options: Vec::new(),
                    priority: None,
                },
            ]
        );
        let again = serde_json::to_string(&questions).unwrap();
        assert_eq!(parse(&again).unwrap(), questions);
    }

    #[test]
    fn anything_else_is_refused() {
        for (json, says) in [
            ("[3]", "a question as text or as"),
            (r#"[{"why": "no text"}]"#, "missing field `text`"),
            (
                r#"[{"text": "x", "priority": "urgent"}]"#,
                "unknown variant `urgent`",
            ),
        ] {
            let err = parse(json).expect_err(json).to_string();
            assert!(err.contains(says), "{json}: {err}");
        }
    }
}
