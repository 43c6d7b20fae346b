//! The detection request (E12) and the lenient parser for LLM detection replies (E3a).

use serde::Deserialize;

use crate::config::Config;
use crate::question::{Choice, ChoiceId, Priority, Question, QuestionId, QuestionSource};
use crate::request::{ChatRequest, Message, Purpose, Role};

/// What a detection (LLM or embedded) concluded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// Whether the request needs clarification.
    pub needs_clarification: bool,
    /// The questions to ask, most important first.
    pub questions: Vec<Question>,
}

/// Why an LLM reply could not be read as a detection result. The session falls back to the
/// embedded detector; this error goes into the trace.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AnalysisError {
    /// The reply was empty or only whitespace.
    #[error("the reply is empty")]
    Empty,
    /// No JSON object could be found in the reply.
    #[error("the reply is not JSON: {0}")]
    NotJson(String),
    /// The JSON has neither seed 001's nor seed 004's shape.
    #[error("the reply has no `needs_clarification` field")]
    UnknownShape,
}

/// The step name used for questions about the request itself.
pub const CLARIFY_STEP: &str = "clarify";

/// Builds the detection request: guidance on when to ask and when not to, the last
/// `config.history_window` messages, and a JSON schema the endpoint enforces.
pub fn detection_request(request: &str, history: &[Message], config: &Config) -> ChatRequest {
    let max = config.limits.max_questions.clamp(1, 4);
    let mut messages = vec![Message::new(Role::System, detection_instructions(max))];
    let start = history.len().saturating_sub(config.history_window);
    messages.extend(history[start..].iter().cloned());
    messages.push(Message::new(Role::User, request));
    ChatRequest {
        purpose: Purpose::Detection,
        messages,
        response_format: Some(detection_schema(max)),
        max_tokens: Some(400),
        temperature: Some(0.0),
        stream: false,
    }
}

/// Parses an LLM detection reply into questions for `step`.
///
/// Accepts seed 001's `{needs_clarification, ambiguity_details[]}` and seed 004's
/// `{needs_clarification, clarification_question, clarification_options…}`, with or without a
/// Markdown code fence or prose around the JSON. Options lists of the wrong length are dropped
/// (the question is then asked as free text) rather than failing the whole reply.
///
/// # Errors
/// [`AnalysisError`] when the reply is empty, has no JSON object, or has neither shape.
pub fn parse_detection(reply: &str, step: &str) -> Result<Analysis, AnalysisError> {
    let reply = reply.trim();
    if reply.is_empty() {
        return Err(AnalysisError::Empty);
    }
    let json = extract_object(reply).ok_or_else(|| AnalysisError::NotJson(preview(reply)))?;
    let raw: RawReply =
        serde_json::from_str(json).map_err(|e| AnalysisError::NotJson(e.to_string()))?;
    let needs = raw.needs_clarification.ok_or(AnalysisError::UnknownShape)?;
    let mut questions = Vec::new();
    for detail in raw.ambiguity_details.unwrap_or_default() {
        let text = detail
            .clarification_question
            .or(detail.question)
            .unwrap_or_default();
        let why = detail.description.unwrap_or_default();
        let options = detail
            .possible_options
            .or(detail.options)
            .unwrap_or_default()
            .into_iter()
            .map(RawOption::into_parts)
            .collect();
        questions.extend(build_question(step, text, why, options, detail.priority));
    }
    if let Some(text) = raw.clarification_question {
        let options = raw
            .clarification_options
            .unwrap_or_default()
            .into_iter()
            .map(RawOption::into_parts)
            .collect();
        let why = raw.clarification_context.unwrap_or_default();
        questions.extend(build_question(
            step,
            text,
            why,
            options,
            raw.clarification_priority,
        ));
    }
    questions.sort_by_key(|q| q.priority);
    Ok(Analysis {
        needs_clarification: needs && !questions.is_empty(),
        questions,
    })
}

fn build_question(
    step: &str,
    text: String,
    why: String,
    options: Vec<(Option<String>, String, Option<String>)>,
    priority: Option<String>,
) -> Option<Question> {
    let text = text.trim().to_owned();
    if text.is_empty() {
        return None;
    }
    let mut choices: Vec<Choice> = Vec::new();
    for (i, (id, label, description)) in options.into_iter().enumerate() {
        let label = label.trim().to_owned();
        if label.is_empty() {
            continue;
        }
        let id = id
            .filter(|s| !s.trim().is_empty())
            .unwrap_or_else(|| format!("o{}", i + 1));
        if choices.iter().any(|c| c.id.0 == id || c.label == label) {
            continue;
        }
        choices.push(Choice {
            id: ChoiceId(id),
            label,
            description,
        });
    }
    if !(2..=4).contains(&choices.len()) {
        choices.clear();
    }
    let priority = match priority.as_deref().map(str::to_ascii_lowercase).as_deref() {
        Some("critical" | "high" | "3") => Priority::Critical,
        Some("helpful" | "low" | "1") => Priority::Helpful,
        _ => Priority::Important,
    };
    Some(Question {
        id: QuestionId::derive(step, &text),
        step: step.to_owned(),
        assumption: format!("No answer to \"{text}\": use the most common interpretation."),
        text,
        why,
        options: choices,
        multiple: false,
        allow_skip: true,
        allow_free_text: true,
        priority,
        source: QuestionSource::Llm,
    })
}

fn detection_instructions(max: u32) -> String {
    format!(
        "You decide whether a user's request is too ambiguous to answer well.\n\
         Ask ONLY when the request is genuinely ambiguous about something that changes the answer \
         materially, several interpretations lead to different outcomes, and it cannot be inferred \
         from context.\n\
         Do NOT ask about minor details a sensible default covers, things stated or implied, or \
         things the user likely does not know.\n\
         Reply with JSON: needs_clarification (boolean) and ambiguity_details: at most {max} items, \
         each with clarification_question (one sentence), description (why it matters), \
         possible_options (2 to 4 short answers) and priority (critical, important or helpful)."
    )
}

fn detection_schema(max: u32) -> serde_json::Value {
    serde_json::json!({
        "type": "json_schema",
        "json_schema": {
            "name": "clarification",
            "strict": true,
            "schema": {
                "type": "object",
                "additionalProperties": false,
                "required": ["needs_clarification", "ambiguity_details"],
                "properties": {
                    "needs_clarification": { "type": "boolean" },
                    "ambiguity_details": {
                        "type": "array",
                        "maxItems": max,
                        "items": {
                            "type": "object",
                            "additionalProperties": false,
                            "required": ["clarification_question", "description", "possible_options", "priority"],
                            "properties": {
                                "clarification_question": { "type": "string" },
                                "description": { "type": "string" },
                                "possible_options": {
                                    "type": "array", "minItems": 2, "maxItems": 4,
                                    "items": { "type": "string" }
                                },
                                "priority": { "type": "string", "enum": ["critical", "important", "helpful"] }
                            }
                        }
                    }
                }
            }
        }
    })
}

/// The first balanced `{…}` in `text`, skipping code fences and prose.
fn extract_object(text: &str) -> Option<&str> {
    let start = text.find('{')?;
    let bytes = text.as_bytes();
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (i, &b) in bytes.iter().enumerate().skip(start) {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                (false, _) => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return text.get(start..=i);
                }
            }
            _ => {}
        }
    }
    None
}

fn preview(text: &str) -> String {
    let mut p: String = text.chars().take(60).collect();
    if text.chars().count() > 60 {
        p.push('…');
    }
    p
}

#[derive(Deserialize)]
struct RawReply {
    #[serde(default, alias = "needsClarification", alias = "is_ambiguous")]
    needs_clarification: Option<bool>,
    #[serde(default, alias = "ambiguityDetails", alias = "questions")]
    ambiguity_details: Option<Vec<RawDetail>>,
    #[serde(default)]
    clarification_question: Option<String>,
    #[serde(default)]
    clarification_context: Option<String>,
    #[serde(default)]
    clarification_options: Option<Vec<RawOption>>,
    #[serde(default)]
    clarification_priority: Option<String>,
}

#[derive(Deserialize)]
struct RawDetail {
    #[serde(default)]
    clarification_question: Option<String>,
    #[serde(default, alias = "text", alias = "inquiry")]
    question: Option<String>,
    #[serde(default, alias = "context", alias = "why")]
    description: Option<String>,
    #[serde(default)]
    possible_options: Option<Vec<RawOption>>,
    #[serde(default)]
    options: Option<Vec<RawOption>>,
    #[serde(default, alias = "importance")]
    priority: Option<String>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawOption {
    Label(String),
    Full {
        #[serde(default)]
        id: Option<String>,
        label: String,
        #[serde(default)]
        description: Option<String>,
    },
}

impl RawOption {
    fn into_parts(self) -> (Option<String>, String, Option<String>) {
        match self {
            Self::Label(label) => (None, label, None),
            Self::Full {
                id,
                label,
                description,
            } => (id, label, description),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_seed_001_shape() {
        let reply = r#"{"needs_clarification": true, "ambiguity_details": [
            {"aspect": "search_scope", "description": "The search scope is unclear",
             "clarification_question": "Would you like to search in all documents or only recent ones?",
             "possible_options": ["all_documents", "recent_documents"]}]}"#;
        let a = parse_detection(reply, CLARIFY_STEP).unwrap();
        assert!(a.needs_clarification);
        assert_eq!(a.questions[0].options.len(), 2);
        assert_eq!(a.questions[0].why, "The search scope is unclear");
    }

    #[test]
    fn parses_seed_004_shape_inside_a_code_fence() {
        let reply = "Sure:\n```json\n{\"needs_clarification\": true, \"clarification_question\": \"Monthly or upfront?\", \
            \"clarification_context\": \"Changes revenue timing\", \"clarification_priority\": \"critical\", \
            \"clarification_options\": [{\"id\": \"m\", \"label\": \"Monthly\"}, {\"id\": \"u\", \"label\": \"Upfront\", \"description\": \"All at once\"}]}\n```";
        let a = parse_detection(reply, "analyze_contract").unwrap();
        let q = &a.questions[0];
        assert_eq!(q.priority, Priority::Critical);
        assert_eq!(q.options[1].id.0, "u");
        assert_eq!(q.step, "analyze_contract");
    }

    #[test]
    fn wrong_length_options_become_free_text() {
        let reply = r#"{"needs_clarification": true, "ambiguity_details": [
            {"clarification_question": "Which?", "possible_options": ["only one"]}]}"#;
        let a = parse_detection(reply, CLARIFY_STEP).unwrap();
        assert!(a.questions[0].options.is_empty());
    }

    #[test]
    fn bad_replies_are_typed_errors() {
        assert_eq!(
            parse_detection("  ", CLARIFY_STEP),
            Err(AnalysisError::Empty)
        );
        assert!(matches!(
            parse_detection("<html>", CLARIFY_STEP),
            Err(AnalysisError::NotJson(_))
        ));
        assert!(matches!(
            parse_detection(r#"{"needs_clarification": tr"#, CLARIFY_STEP),
            Err(AnalysisError::NotJson(_))
        ));
        assert_eq!(
            parse_detection(r#"{"foo": 1}"#, CLARIFY_STEP),
            Err(AnalysisError::UnknownShape)
        );
    }
}
