//! The detection request and the lenient parser for LLM detection replies.

use serde_json::Value;

use crate::phrase::Phrase;
use crate::protocol::config::Config;
use crate::protocol::language::Language;
use crate::protocol::question::{
    Choice, ChoiceId, Priority, Question, QuestionId, QuestionSource, Stage,
};
use crate::protocol::request::{ChatRequest, Message, Purpose, Role};
use crate::reasoning::without_reasoning;
use crate::text::preview;

/// What a detection (LLM or embedded) concluded.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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
    /// The JSON has neither the detection shape nor the step clarification shape.
    #[error("the reply has no `needs_clarification` field")]
    UnknownShape,
}

/// The most questions a detection reply may carry, whatever the session's budget.
pub const MAX_DETECTION_QUESTIONS: u32 = 3;

/// Builds the detection request: guidance on when to ask and when not to, the last
/// `config.history_window` messages, and a JSON schema the endpoint enforces.
///
/// The schema bounds every part of the reply — at most `min(max_questions, 3)` questions, each
/// with a text of at most 80 characters, a reason of at most 50, two to four options of at
/// most 24, a `multiple` boolean and a one-digit `recommended` option number — so an endpoint that enforces it with a grammar (llama.cpp turns `maxLength`,
/// `minItems` and `maxItems` into bounded repetitions) must close the JSON after at most
/// [`detection_token_cap`] characters of compact output. `max_tokens` is set to that cap: a
/// model that runs on inside a string is stopped by the grammar, not cut by the token limit.
pub fn detection_request(request: &str, history: &[Message], config: &Config) -> ChatRequest {
    let max = config
        .limits
        .max_questions
        .clamp(1, MAX_DETECTION_QUESTIONS);
    let mut messages = vec![Message::new(Role::System, detection_instructions(max))];
    let start = history.len().saturating_sub(config.history_window);
    messages.extend(history.iter().skip(start).cloned());
    messages.push(Message::new(Role::User, request));
    ChatRequest {
        purpose: Purpose::Detection,
        messages,
        response_format: Some(detection_schema(max)),
        max_tokens: Some(detection_token_cap(max, Script::of(request, history))),
        temperature: Some(0.0),
        stream: false,
    }
}

/// The `max_tokens` of a detection request for at most `max_questions` questions: the length
/// in characters of the longest reply the schema admits, written compactly (every string at
/// its `maxLength`, every list full, `multiple` false, the longest priority), plus two tokens of whitespace for
/// each of its structural characters (llama.cpp's grammar allows a short run of spaces, tabs
/// and one newline after each key, value and punctuation mark).
///
/// A byte-level tokenizer spends at least one byte per token, so ASCII text never takes more
/// tokens than characters; a conversation outside ASCII (Chinese, say) is answered in its own
/// script, whose characters take up to three UTF-8 bytes, so there every string character is
/// budgeted three tokens. Either way a grammar-constrained reply closes within the cap; a reply
/// cut short all the same (escaped characters) is read by [`salvage_detection`].
pub fn detection_token_cap(max_questions: u32, script: Script) -> u32 {
    let max = max_questions.clamp(1, MAX_DETECTION_QUESTIONS);
    let (chars, structural) = longest_reply_shape(max);
    let string_chars = max * (QUESTION_CHARS + WHY_CHARS + MAX_OPTIONS * OPTION_CHARS);
    let wide = match script {
        Script::Ascii => 0,
        Script::Wide => 2 * string_chars as usize,
    };
    u32::try_from(chars + 2 * structural + wide).unwrap_or(u32::MAX)
}

/// The characters and the structural characters of the longest reply for `max` questions
/// (1 to [`MAX_DETECTION_QUESTIONS`]), measured once per budget: the text is the same every
/// time, and writing it out costs more than the rest of a detection request.
fn longest_reply_shape(max: u32) -> (usize, usize) {
    static SHAPES: std::sync::OnceLock<[(usize, usize); MAX_DETECTION_QUESTIONS as usize]> =
        std::sync::OnceLock::new();
    let shapes = SHAPES.get_or_init(|| {
        std::array::from_fn(|i| {
            let longest = longest_reply(i as u32 + 1).to_string();
            let structural = longest
                .bytes()
                .filter(|b| matches!(b, b'{' | b'}' | b'[' | b']' | b',' | b':'))
                .count();
            (longest.chars().count(), structural)
        })
    });
    shapes[max as usize - 1]
}

/// Whether a detection conversation is all ASCII, which sets how many tokens a character of
/// the reply may take ([`detection_token_cap`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Script {
    /// Every character of the request and the history is ASCII.
    Ascii,
    /// Some character is not: the reply may be written in a script of wider characters.
    Wide,
}

impl Script {
    /// The script of a detection conversation: `request` and the `history` before it.
    pub fn of(request: &str, history: &[Message]) -> Self {
        if request.is_ascii() && history.iter().all(|m| m.content.is_ascii()) {
            Self::Ascii
        } else {
            Self::Wide
        }
    }
}

/// Parses the JSON text of an LLM detection reply (or of a step's clarification request) into
/// questions asked by `stage`.
///
/// Accepts the detection shape `{needs_clarification, ambiguity_details[]}` and a step's
/// `{needs_clarification, clarification_question, clarification_options…}`, with or without a
/// Markdown code fence or prose around the JSON, camelCase keys, and `"true"`/`"yes"` strings for
/// booleans. Fields of the wrong type are ignored rather than failing the reply.
///
/// Documented fallbacks for replies that break the schema:
/// - an options list of one is dropped (the question is asked as free text);
/// - an options list longer than four keeps its first four (free text stays allowed);
/// - a question without text is dropped;
/// - `needs_clarification` missing: the reply needs clarification if it has questions.
///
/// # Errors
/// [`AnalysisError`] when the reply is empty, has no JSON object, or has neither shape.
pub fn parse_detection(
    json: &str,
    stage: &Stage,
    language: Language,
) -> Result<Analysis, AnalysisError> {
    // A reasoning block may hold a draft of the JSON: only what follows it is the reply.
    let reply = without_reasoning(json);
    let reply = reply.trim();
    if reply.is_empty() {
        return Err(AnalysisError::Empty);
    }
    let raw = find_object(reply)?;
    read_detection(&raw, stage, language)
}

/// Reads a detection reply that stopped before its JSON closed (the endpoint ran out of
/// `max_tokens`): the questions written in full before the cut are kept, the one being written
/// is dropped.
///
/// Returns `None` when nothing usable precedes the cut: no complete question, and no
/// `needs_clarification: false`. A reply that [`parse_detection`] reads is returned as it reads
/// it.
pub fn salvage_detection(reply: &str, stage: &Stage, language: Language) -> Option<Analysis> {
    if let Ok(a) = parse_detection(reply, stage, language) {
        return Some(a);
    }
    let reply = &without_reasoning(reply);
    let start = reply.find('{')?;
    let text = reply.get(start..)?;
    cuts(text).into_iter().rev().find_map(|(at, closers)| {
        let mut candidate = text.get(..at)?.to_owned();
        candidate.extend(closers.iter().rev());
        let raw = serde_json::from_str::<Value>(&candidate).ok()?;
        let a = read_detection(&raw, stage, language).ok()?;
        let said_clear = field(&raw, &["needs_clarification", "needsClarification"])
            .and_then(lenient_bool)
            == Some(false);
        (!a.questions.is_empty() || said_clear).then_some(a)
    })
}

/// Reads a detection reply already parsed as JSON (see [`parse_detection`]).
fn read_detection(
    raw: &Value,
    stage: &Stage,
    language: Language,
) -> Result<Analysis, AnalysisError> {
    let needs = field(
        raw,
        &["needs_clarification", "needsClarification", "is_ambiguous"],
    )
    .and_then(lenient_bool);
    let details = field(raw, &["ambiguity_details", "ambiguityDetails", "questions"])
        .and_then(Value::as_array);
    let single = field(raw, &["clarification_question", "clarificationQuestion"]);
    if needs.is_none() && details.is_none() && single.is_none() {
        return Err(AnalysisError::UnknownShape);
    }
    let mut questions = Vec::new();
    for detail in details.into_iter().flatten() {
        let text = match detail {
            Value::String(t) => t.clone(),
            Value::Null
            | Value::Bool(_)
            | Value::Number(_)
            | Value::Array(_)
            | Value::Object(_) => text_of(
                detail,
                &["clarification_question", "question", "text", "inquiry"],
            ),
        };
        let why = text_of(detail, &["description", "context", "why"]);
        let options = options_of(field(detail, &["possible_options", "options"]));
        let priority = text_of(detail, &["priority", "importance"]);
        let choosing = Choosing::read(detail, &MULTIPLE_KEYS, &RECOMMENDED_KEYS);
        questions.extend(build_question(
            stage, text, why, options, &priority, choosing, language,
        ));
    }
    if let Some(text) = single.and_then(Value::as_str) {
        let why = text_of(raw, &["clarification_context", "clarificationContext"]);
        let options = options_of(field(
            raw,
            &["clarification_options", "clarificationOptions"],
        ));
        let priority = text_of(raw, &["clarification_priority", "clarificationPriority"]);
        let choosing = Choosing::read(
            raw,
            &[
                "clarification_multiple",
                "clarificationMultiple",
                MULTIPLE_KEYS[0],
            ],
            &[
                "clarification_recommended",
                "clarificationRecommended",
                RECOMMENDED_KEYS[0],
            ],
        );
        questions.extend(build_question(
            stage,
            text.to_owned(),
            why,
            options,
            &priority,
            choosing,
            language,
        ));
    }
    crate::text::sort_short_by(&mut questions, |a, b| a.priority.cmp(&b.priority));
    let needs = needs.unwrap_or(true);
    Ok(Analysis {
        needs_clarification: needs && !questions.is_empty(),
        questions,
    })
}

/// Builds the request that translates `question` into the language with BCP 47 tag
/// `language` (the translation micro-chain). The reply goes to [`parse_translation`]; the
/// question keeps its id and its options' ids.
///
/// As with detection, the JSON schema bounds the reply: every string has a `maxLength` (from
/// its source's length, up to [`MAX_TRANSLATED_CHARS`]) and the options list has
/// exactly as many items as the question has options, so an endpoint that enforces the schema
/// with a grammar must close the JSON within `max_tokens`, which is [`translation_token_cap`].
pub fn translation_request(question: &Question, language: &str) -> ChatRequest {
    let source = serde_json::json!({
        "text": question.text,
        "why": question.why,
        "options": question.options.iter().map(|c| c.label.as_str()).collect::<Vec<_>>(),
        "assumption": question.assumption,
    });
    let name = match language {
        "en" => "English".to_owned(),
        "zh-Hans" => "Simplified Chinese (zh-Hans)".to_owned(),
        "zh-Hant" => "Traditional Chinese (zh-Hant)".to_owned(),
        other => format!("the language with BCP 47 tag \"{other}\""),
    };

    ChatRequest {
        purpose: Purpose::Translation,
        messages: vec![
            Message::new(
                Role::System,
                format!(
                    "Translate the values of this JSON object into {name}. Keep the keys, keep \
                     the number and order of options, and reply with the JSON object only."
                ),
            ),
            Message::new(Role::User, source.to_string()),
        ],
        response_format: Some(translation_schema(question, language)),
        max_tokens: Some(translation_token_cap(question, language)),
        temperature: Some(0.0),
        stream: false,
    }
}

/// The most characters any translated string may have, however long its source.
pub const MAX_TRANSLATED_CHARS: u32 = 200;

/// The `max_tokens` of the request that translates `question` into `language`: the length in characters of
/// the longest reply its schema admits, written compactly, with three tokens for every
/// character inside a string (a translation is written in Chinese on one side or the other,
/// and a CJK character takes up to three UTF-8 bytes, so three tokens of a byte-level
/// tokenizer), plus two tokens of whitespace for each structural character, as in
/// [`detection_token_cap`].
pub fn translation_token_cap(question: &Question, language: &str) -> u32 {
    let fill = |source: &str| "-".repeat(translated_chars(source, language) as usize);
    let longest = serde_json::json!({
        "text": fill(&question.text),
        "why": fill(&question.why),
        "options": vec![fill(longest_label(question)); question.options.len()],
        "assumption": fill(&question.assumption),
    })
    .to_string();
    let structural = longest
        .bytes()
        .filter(|b| matches!(b, b'{' | b'}' | b'[' | b']' | b',' | b':'))
        .count();
    let string_chars = longest.bytes().filter(|&b| b == b'-').count();
    u32::try_from(longest.chars().count() + 2 * structural + 2 * string_chars).unwrap_or(u32::MAX)
}

/// The longest translation of `source` into `language` the schema admits, in characters: its
/// length plus a margin into Chinese (a Chinese text is shorter than its English source),
/// three times its length plus a margin into anything else (English written out from Chinese
/// is longer), at most [`MAX_TRANSLATED_CHARS`].
fn translated_chars(source: &str, language: &str) -> u32 {
    let chars = u32::try_from(source.chars().count()).unwrap_or(u32::MAX);
    let factor = if language.starts_with("zh") { 1 } else { 3 };
    chars
        .saturating_mul(factor)
        .saturating_add(16)
        .min(MAX_TRANSLATED_CHARS)
}

/// The longest option label of `question` (every option may be as long as its translation).
fn longest_label(question: &Question) -> &str {
    question
        .options
        .iter()
        .map(|c| c.label.as_str())
        .max_by_key(|l| l.chars().count())
        .unwrap_or_default()
}

/// The schema a translation of `question` into `language` must follow: each field a string no
/// longer than [`translated_chars`] of its source (and not empty unless its source is), and exactly as
/// many options as the question has.
fn translation_schema(question: &Question, language: &str) -> Value {
    let string = |source: &str| {
        serde_json::json!({
            "type": "string",
            "minLength": u32::from(!source.trim().is_empty()),
            "maxLength": translated_chars(source, language),
        })
    };
    let options = question.options.len();
    serde_json::json!({
        "type": "json_schema",
        "json_schema": {
            "name": "translation",
            "strict": true,
            "schema": {
                "type": "object",
                "additionalProperties": false,
                "required": ["text", "why", "options", "assumption"],
                "properties": {
                    "text": string(&question.text),
                    "why": string(&question.why),
                    "options": {
                        "type": "array",
                        "minItems": options,
                        "maxItems": options,
                        "items": string(longest_label(question))
                    },
                    "assumption": string(&question.assumption)
                }
            }
        }
    })
}

/// Applies a translation reply to `question`: new text, why, option labels and assumption;
/// same id, option ids, priority and source, so answers and repeat detection are unaffected.
///
/// A field that is missing or empty keeps its original; option labels are replaced only when
/// the reply has exactly as many as the question.
///
/// # Errors
/// [`AnalysisError`] when the reply is empty or has no JSON object.
pub fn parse_translation(reply: &str, question: &Question) -> Result<Question, AnalysisError> {
    let reply = without_reasoning(reply);
    let reply = reply.trim();
    if reply.is_empty() {
        return Err(AnalysisError::Empty);
    }
    let raw = find_object(reply)?;
    let mut out = question.clone();
    let pick = |key: &str, original: &str| {
        let t = text_of(&raw, &[key]);
        if t.trim().is_empty() {
            original.to_owned()
        } else {
            t
        }
    };
    out.text = pick("text", &question.text);
    out.why = pick("why", &question.why);
    out.assumption = pick("assumption", &question.assumption);
    let labels: Vec<String> = field(&raw, &["options"])
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    if labels.len() == out.options.len() && labels.iter().all(|l| !l.trim().is_empty()) {
        for (choice, label) in out.options.iter_mut().zip(labels) {
            choice.label = label;
        }
    }
    Ok(out)
}

/// An option as given: id, label, description, and whether the option itself says it is the
/// recommended one (`{"label": …, "recommended": true}`).
type RawOption = (Option<String>, String, Option<String>, bool);

/// Keys under which a reply says a question takes several options.
const MULTIPLE_KEYS: [&str; 4] = ["multiple", "multi_select", "multiSelect", "allow_multiple"];
/// Keys under which a reply names the recommended option.
const RECOMMENDED_KEYS: [&str; 3] = ["recommended", "recommendation", "default"];

/// How a reply says a question is answered: one option or several, and which it recommends.
#[derive(Debug, Default)]
struct Choosing {
    multiple: bool,
    recommended: Option<Value>,
}

impl Choosing {
    /// Reads `multiple` (a lenient boolean) and `recommended` (the option's number counted
    /// from 1, its label, or its id) from `object`.
    fn read(object: &Value, multiple: &[&str], recommended: &[&str]) -> Self {
        Self {
            multiple: field(object, multiple)
                .and_then(lenient_bool)
                .unwrap_or(false),
            recommended: field(object, recommended).cloned(),
        }
    }

    /// The index of the recommended option among `labels` (options as kept, with their ids):
    /// a number from 1, a label (any case) or an id; 0, a number out of range or an unknown
    /// label recommend nothing.
    fn pick(&self, choices: &[Choice]) -> Option<usize> {
        match self.recommended.as_ref()? {
            Value::Number(n) => n
                .as_u64()
                .and_then(|n| usize::try_from(n).ok())
                .and_then(|n| n.checked_sub(1))
                .filter(|i| *i < choices.len()),
            Value::String(s) => {
                let s = s.trim();
                if let Ok(n) = s.parse::<usize>() {
                    return n.checked_sub(1).filter(|i| *i < choices.len());
                }
                choices
                    .iter()
                    .position(|c| c.label.eq_ignore_ascii_case(s) || c.id.as_str() == s)
            }
            Value::Null | Value::Bool(_) | Value::Array(_) | Value::Object(_) => None,
        }
    }
}

fn build_question(
    stage: &Stage,
    text: String,
    why: String,
    options: Vec<RawOption>,
    priority: &str,
    choosing: Choosing,
    language: Language,
) -> Option<Question> {
    let text = text.trim().to_owned();
    if text.is_empty() {
        return None;
    }
    let mut choices: Vec<Choice> = Vec::new();
    let mut flagged = None;
    for (i, (id, label, description, recommended)) in options.into_iter().enumerate() {
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
        if recommended && flagged.is_none() {
            flagged = Some(choices.len());
        }
        choices.push(Choice {
            id: ChoiceId(id),
            label,
            description: description.filter(|d| !d.trim().is_empty()),
        });
    }
    choices.truncate(4);
    if choices.len() < 2 {
        choices.clear();
    }
    let recommended = choosing
        .pick(&choices)
        .or(flagged)
        .and_then(|i| choices.get(i));
    let assumption = match recommended {
        Some(c) => Phrase::AssumeRecommended.fill(language, &[&text, &c.label]),
        None => Phrase::AssumeCommonReading.fill(language, &[&text]),
    };
    let recommended = recommended.map(|c| c.id.clone());
    let priority = match priority.trim().to_ascii_lowercase().as_str() {
        "critical" | "high" | "3" => Priority::Critical,
        "helpful" | "low" | "1" => Priority::Helpful,
        _ => Priority::Important,
    };
    Some(Question {
        id: QuestionId::derive(stage, &text),
        step: stage.clone(),
        assumption,
        text,
        why,
        multiple: choosing.multiple && !choices.is_empty(),
        options: choices,
        recommended,
        allow_skip: true,
        allow_free_text: true,
        priority,
        source: QuestionSource::Llm,
    })
}

/// Longest question text the schema allows, in characters.
const QUESTION_CHARS: u32 = 80;
/// Longest reason ("why it matters") the schema allows, in characters.
const WHY_CHARS: u32 = 50;
/// Longest option label the schema allows, in characters.
const OPTION_CHARS: u32 = 24;
/// Fewest options a question with options has; one option is no choice.
const MIN_OPTIONS: u32 = 2;
/// Most options a question may offer (the card's keys 1–4).
const MAX_OPTIONS: u32 = 4;
/// The values the schema allows for `recommended`: an option's number counted from 1, or 0
/// for none. An enum rather than a range, so a grammar holds it to one digit.
fn recommended_numbers() -> Vec<u32> {
    (0..=MAX_OPTIONS).collect()
}

/// The priorities the schema allows, in asking order.
const PRIORITIES: [&str; 3] = ["critical", "important", "helpful"];

fn detection_instructions(max: u32) -> String {
    format!(
        "You decide whether a user's request is too ambiguous to answer well.\n\
         Ask ONLY when the request is genuinely ambiguous about something that changes the answer \
         materially, several interpretations lead to different outcomes, and it cannot be inferred \
         from context.\n\
         Do NOT ask about minor details a sensible default covers, things stated or implied, or \
         things the user likely does not know.\n\
         Reply with compact JSON: needs_clarification (boolean) and questions: at most {max} items, \
         each with question (one short sentence, in the user's language), why (a few words on why \
         it matters), options ({MIN_OPTIONS} to {MAX_OPTIONS} answers of one to three words), \
         multiple (true only when several options can apply together, e.g. dietary restrictions), \
         recommended (the number of the option most people would pick, counted from 1, or 0 when \
         none stands out) and priority (critical, important or helpful)."
    )
}

fn detection_schema(max: u32) -> serde_json::Value {
    let text = |max_chars: u32| serde_json::json!({ "type": "string", "minLength": 1, "maxLength": max_chars });
    serde_json::json!({
        "type": "json_schema",
        "json_schema": {
            "name": "clarification",
            "strict": true,
            "schema": {
                "type": "object",
                "additionalProperties": false,
                "required": ["needs_clarification", "questions"],
                "properties": {
                    "needs_clarification": { "type": "boolean" },
                    "questions": {
                        "type": "array",
                        "maxItems": max,
                        "items": {
                            "type": "object",
                            "additionalProperties": false,
                            "required": ["question", "why", "options", "multiple", "recommended", "priority"],
                            "properties": {
                                "question": text(QUESTION_CHARS),
                                "why": text(WHY_CHARS),
                                "options": {
                                    "type": "array",
                                    "minItems": MIN_OPTIONS,
                                    "maxItems": MAX_OPTIONS,
                                    "items": text(OPTION_CHARS)
                                },
                                "multiple": { "type": "boolean" },
                                "recommended": { "type": "integer", "enum": recommended_numbers() },
                                "priority": { "type": "string", "enum": PRIORITIES }
                            }
                        }
                    }
                }
            }
        }
    })
}

/// The longest reply [`detection_schema`] admits for `max` questions: every list full, every
/// string at its `maxLength`, the longest priority.
fn longest_reply(max: u32) -> Value {
    let fill = |chars: u32| "x".repeat(chars as usize);
    let priority = PRIORITIES
        .iter()
        .max_by_key(|p| p.len())
        .copied()
        .unwrap_or_default();
    let question = serde_json::json!({
        "question": fill(QUESTION_CHARS),
        "why": fill(WHY_CHARS),
        "options": vec![fill(OPTION_CHARS); MAX_OPTIONS as usize],
        "multiple": false,
        "recommended": MAX_OPTIONS,
        "priority": priority,
    });
    serde_json::json!({
        "needs_clarification": false,
        "questions": vec![question; max as usize],
    })
}

/// Most HTTP requests a connection test sends: what its refusals teach (the system role, the
/// JSON schema, JSON mode) and whether the model reasons take at most this many.
pub const PROBE_REQUESTS: u32 = 3;

/// The connection test's response format: a strict schema of one boolean.
const PROBE_FORMAT: &str = r#"{"type":"json_schema","json_schema":{"name":"probe","strict":true,"schema":{"type":"object","additionalProperties":false,"required":["ok"],"properties":{"ok":{"type":"boolean"}}}}}"#;

/// A connection test's request: small, and shaped like detection's where an endpoint may refuse
/// it — instructions in the system role, a strict JSON schema, a token limit, temperature 0 —
/// so that what its refusals teach holds for the conversation.
pub fn probe_request() -> ChatRequest {
    ChatRequest {
        purpose: Purpose::Detection,
        messages: vec![
            Message::new(Role::System, "Reply with compact JSON: {\"ok\": true}."),
            Message::new(Role::User, "Are you there?"),
        ],
        response_format: serde_json::from_str(PROBE_FORMAT).ok(),
        max_tokens: Some(16),
        temperature: Some(0.0),
        stream: false,
    }
}

/// How many `{` a reply is searched from before giving up (bounds the work on garbage).
const MAX_CANDIDATES: usize = 8;

/// The first balanced `{…}` in `text` that parses as a JSON object, skipping code fences and
/// prose (even prose with braces in it).
fn find_object(text: &str) -> Result<Value, AnalysisError> {
    let mut last_error = None;
    let mut from = 0;
    for _ in 0..MAX_CANDIDATES {
        let Some(start) = text.get(from..).and_then(|t| t.find('{')).map(|i| i + from) else {
            break;
        };
        let candidate =
            balanced(text, start).unwrap_or_else(|| text.get(start..).unwrap_or_default());
        match serde_json::from_str::<Value>(candidate) {
            Ok(v @ Value::Object(_)) => return Ok(v),
            Ok(_) => {}
            Err(e) => last_error = Some(e.to_string()),
        }
        from = start + 1;
    }
    Err(AnalysisError::NotJson(
        last_error.unwrap_or_else(|| preview(text)),
    ))
}

/// The balanced `{…}` starting at byte `start`, or `None` if it never closes.
fn balanced(text: &str, start: usize) -> Option<&str> {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (i, &b) in text.as_bytes().iter().enumerate().skip(start) {
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
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return text.get(start..=i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Where a JSON text cut short could end, with the brackets still open there (innermost
/// last): before a comma or after a closing bracket, at most two levels deep, so that only
/// whole questions of a `questions` list (or whole fields of the top object) are kept. Only
/// the last [`MAX_CANDIDATES`] places are returned, which bounds the work on garbage.
fn cuts(text: &str) -> Vec<(usize, Vec<char>)> {
    let mut open: Vec<char> = Vec::new();
    let mut found: std::collections::VecDeque<(usize, Vec<char>)> =
        std::collections::VecDeque::new();
    let mut keep = |at: usize, open: &[char]| {
        if found.len() == MAX_CANDIDATES {
            found.pop_front();
        }
        found.push_back((at, open.to_vec()));
    };
    let (mut in_string, mut escaped) = (false, false);
    for (i, b) in text.bytes().enumerate() {
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
            b'{' => open.push('}'),
            b'[' => open.push(']'),
            b'}' | b']' => {
                open.pop();
                if (1..=2).contains(&open.len()) {
                    keep(i + 1, &open);
                }
                if open.is_empty() {
                    break;
                }
            }
            b',' if (1..=2).contains(&open.len()) => keep(i, &open),
            _ => {}
        }
    }
    found.into()
}

/// The first of `keys` present in `object`.
fn field<'a>(object: &'a Value, keys: &[&str]) -> Option<&'a Value> {
    keys.iter()
        .find_map(|k| object.get(k))
        .filter(|v| !v.is_null())
}

/// The first of `keys` that holds a string (or a number, written out), else empty.
fn text_of(object: &Value, keys: &[&str]) -> String {
    match field(object, keys) {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        Some(_) | None => String::new(),
    }
}

fn lenient_bool(v: &Value) -> Option<bool> {
    match v {
        Value::Bool(b) => Some(*b),
        Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
            "true" | "yes" | "1" => Some(true),
            "false" | "no" | "0" => Some(false),
            _ => None,
        },
        Value::Number(n) => n.as_u64().map(|n| n != 0),
        Value::Null | Value::Array(_) | Value::Object(_) => None,
    }
}

/// Options given as strings or as `{id, label, description}` objects; anything else is skipped.
fn options_of(v: Option<&Value>) -> Vec<RawOption> {
    let Some(items) = v.and_then(Value::as_array) else {
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|item| match item {
            Value::String(label) => Some((None, label.clone(), None, false)),
            Value::Object(_) => {
                let label = text_of(item, &["label", "text", "name", "value"]);
                let id = Some(text_of(item, &["id"])).filter(|s| !s.is_empty());
                let description = Some(text_of(item, &["description"])).filter(|s| !s.is_empty());
                let recommended = field(item, &RECOMMENDED_KEYS)
                    .and_then(lenient_bool)
                    .unwrap_or(false);
                Some((id, label, description, recommended))
            }
            Value::Number(n) => Some((None, n.to_string(), None, false)),
            Value::Null | Value::Bool(_) | Value::Array(_) => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_planner_reply_with_ambiguity_details() {
        let reply = r#"{"needs_clarification": true, "ambiguity_details": [
            {"aspect": "search_scope", "description": "The search scope is unclear",
             "clarification_question": "Would you like to search in all documents or only recent ones?",
             "possible_options": ["all_documents", "recent_documents"]}]}"#;
        let a = parse_detection(reply, &Stage::Request, Language::English).unwrap();
        assert!(a.needs_clarification);
        assert_eq!(a.questions[0].options.len(), 2);
        assert_eq!(a.questions[0].why, "The search scope is unclear");
    }

    #[test]
    fn parses_a_step_reply_inside_a_code_fence() {
        let reply = "Sure:\n```json\n{\"needs_clarification\": true, \"clarification_question\": \"Monthly or upfront?\", \
            \"clarification_context\": \"Changes revenue timing\", \"clarification_priority\": \"critical\", \
            \"clarification_options\": [{\"id\": \"m\", \"label\": \"Monthly\"}, {\"id\": \"u\", \"label\": \"Upfront\", \"description\": \"All at once\"}]}\n```";
        let a = parse_detection(
            reply,
            &Stage::Step("analyze_contract".into()),
            Language::English,
        )
        .unwrap();
        let q = &a.questions[0];
        assert_eq!(q.priority, Priority::Critical);
        assert_eq!(q.options[1].id.0, "u");
        assert_eq!(q.step, Stage::Step("analyze_contract".into()));
    }

    #[test]
    fn wrong_length_options_become_free_text() {
        let reply = r#"{"needs_clarification": true, "ambiguity_details": [
            {"clarification_question": "Which?", "possible_options": ["only one"]}]}"#;
        let a = parse_detection(reply, &Stage::Request, Language::English).unwrap();
        assert!(a.questions[0].options.is_empty());
    }

    #[test]
    fn bad_replies_are_typed_errors() {
        assert_eq!(
            parse_detection("  ", &Stage::Request, Language::English),
            Err(AnalysisError::Empty)
        );
        assert!(matches!(
            parse_detection("<html>", &Stage::Request, Language::English),
            Err(AnalysisError::NotJson(_))
        ));
        assert!(matches!(
            parse_detection(
                r#"{"needs_clarification": tr"#,
                &Stage::Request,
                Language::English
            ),
            Err(AnalysisError::NotJson(_))
        ));
        assert_eq!(
            parse_detection(r#"{"foo": 1}"#, &Stage::Request, Language::English),
            Err(AnalysisError::UnknownShape)
        );
    }

    #[test]
    fn seven_options_keep_the_first_four() {
        let reply = r#"{"needs_clarification": true, "clarification_question": "Which colour?",
            "clarification_options": ["a", "b", "c", "d", "e", "f", "g"]}"#;
        let q = &parse_detection(reply, &Stage::Request, Language::English)
            .unwrap()
            .questions[0];
        let labels: Vec<&str> = q.options.iter().map(|c| c.label.as_str()).collect();
        assert_eq!(labels, ["a", "b", "c", "d"]);
        assert!(q.allow_free_text);
    }

    #[test]
    fn needs_clarification_false_means_no_questions_to_ask() {
        let reply = r#"{"needs_clarification": false, "clarification_question": "Which?"}"#;
        assert!(
            !parse_detection(reply, &Stage::Request, Language::English)
                .unwrap()
                .needs_clarification
        );
    }

    #[test]
    fn prose_with_braces_before_the_json_is_skipped() {
        let reply = "I think {this} is vague. {\"needs_clarification\": \"yes\", \"questions\": [\"Who is it for?\"]}";
        let a = parse_detection(reply, &Stage::Request, Language::English).unwrap();
        assert!(a.needs_clarification);
        assert_eq!(a.questions[0].text, "Who is it for?");
    }

    #[test]
    fn a_translation_keeps_ids_and_replaces_words() {
        let reply = r#"{"needs_clarification": true, "clarification_question": "Monthly or upfront?",
            "clarification_options": [{"id": "m", "label": "Monthly"}, {"id": "u", "label": "Upfront"}]}"#;
        let q = parse_detection(reply, &Stage::Step("analyze".into()), Language::English)
            .unwrap()
            .questions
            .remove(0);
        let request = translation_request(&q, "es");
        assert_eq!(request.purpose, Purpose::Translation);
        assert!(request.messages[1].content.contains("Monthly or upfront?"));
        let t = parse_translation(
            r#"{"text": "¿Mensual o por adelantado?", "options": ["Mensual", "Por adelantado"]}"#,
            &q,
        )
        .unwrap();
        assert_eq!(t.id, q.id);
        assert_eq!(t.text, "¿Mensual o por adelantado?");
        assert_eq!(t.options[1].id, q.options[1].id);
        assert_eq!(t.options[1].label, "Por adelantado");
        assert_eq!(
            t.assumption, q.assumption,
            "a missing field keeps its original"
        );
        let wrong_count = parse_translation(r#"{"options": ["Solo uno"]}"#, &q).unwrap();
        assert_eq!(wrong_count.options, q.options);
    }

    #[test]
    fn multiple_and_recommended_are_read_in_every_form() {
        let reply = r#"{"needs_clarification": true, "questions": [
            {"question": "Any dietary restrictions?", "options": ["Vegetarian", "Vegan", "Gluten-free"],
             "multiple": true, "recommended": 0},
            {"question": "Which city?", "options": ["Paris", "Lyon"], "multiple": "no", "recommended": 2},
            {"question": "Which tone?", "options": ["Formal", "Casual"], "recommended": "casual"},
            {"question": "Which size?", "options": [{"label": "S"}, {"label": "M", "recommended": true}]},
            {"question": "Which day?", "options": ["Mon", "Tue"], "recommended": 7},
            {"question": "Anything else?", "multiple": true, "recommended": 1}]}"#;
        let q = parse_detection(reply, &Stage::Request, Language::English)
            .unwrap()
            .questions;
        let picked: Vec<(bool, Option<&str>)> = q
            .iter()
            .map(|q| (q.multiple, q.recommended_choice().map(|c| c.label.as_str())))
            .collect();
        assert_eq!(
            picked,
            [
                (true, None),
                (false, Some("Lyon")),
                (false, Some("Casual")),
                (false, Some("M")),
                (false, None),
                (false, None),
            ]
        );
        assert_eq!(
            q[1].assumption,
            "No answer to \"Which city?\": assume \"Lyon\" (the recommended option)."
        );
        assert_eq!(
            q[0].assumption,
            "No answer to \"Any dietary restrictions?\": use the most common interpretation."
        );
        // The assumption the engine frames is in the user's language; the question and the
        // option are quoted as the LLM wrote them.
        let traditional = parse_detection(reply, &Stage::Request, Language::Traditional)
            .unwrap()
            .questions;
        assert_eq!(
            traditional[1].assumption,
            "「Which city?」未獲回答：假設為建議選項「Lyon」。"
        );
        assert_eq!(
            traditional[0].assumption,
            "「Any dietary restrictions?」未獲回答：依最常見的理解處理。"
        );
        let step = r#"{"needs_clarification": true, "clarification_question": "Monthly or upfront?",
            "clarification_options": ["Monthly", "Upfront"], "clarification_recommended": 1}"#;
        let s = parse_detection(step, &Stage::Step("analyze".into()), Language::English).unwrap();
        assert_eq!(
            s.questions[0]
                .recommended_choice()
                .map(|c| c.label.as_str()),
            Some("Monthly")
        );
    }

    /// The translation schema bounds every string and the options list, and the token cap
    /// covers the longest reply it admits even in three-byte characters; that reply is read,
    /// its option ids unchanged.
    #[test]
    fn the_translation_schema_is_bounded_and_fits_its_cap() {
        let reply = r#"{"needs_clarification": true, "clarification_question": "Which Android version?",
            "clarification_options": ["Android 14 or newer", "Android 13", "Android 12"]}"#;
        let q = parse_detection(reply, &Stage::Request, Language::English)
            .unwrap()
            .questions
            .remove(0);
        for language in ["zh-Hans", "en"] {
            let request = translation_request(&q, language);
            let format = request.response_format.unwrap();
            let schema = &format["json_schema"]["schema"]["properties"];
            for key in ["text", "why", "assumption"] {
                assert!(schema[key]["maxLength"].as_u64().unwrap() <= 200, "{key}");
            }
            assert_eq!(schema["options"]["minItems"], 3);
            assert_eq!(schema["options"]["maxItems"], 3);
            let label_max = schema["options"]["items"]["maxLength"].as_u64().unwrap() as usize;
            let at_most = |key: &str| schema[key]["maxLength"].as_u64().unwrap() as usize;
            let longest = serde_json::json!({
                "text": "中".repeat(at_most("text")),
                "why": "中".repeat(at_most("why")),
                "options": vec!["中".repeat(label_max); 3],
                "assumption": "中".repeat(at_most("assumption")),
            })
            .to_string();
            let cap = request.max_tokens.unwrap() as usize;
            assert!(
                longest.len() < cap,
                "{language}: {} bytes, cap {cap}",
                longest.len()
            );
            assert!(cap < 2000, "{language}: a cap of {cap} tokens");
            let t = parse_translation(&longest, &q).unwrap();
            assert_eq!(t.id, q.id);
            let ids = |q: &Question| q.options.iter().map(|c| c.id.clone()).collect::<Vec<_>>();
            assert_eq!(ids(&t), ids(&q));
            assert_eq!(t.options[0].label, "中".repeat(label_max));
        }
        assert!(
            translation_request(&q, "zh-Hans").messages[0]
                .content
                .contains("Simplified Chinese")
        );
    }

    /// Every string in the detection schema has a `maxLength` (or is an enum) and every array
    /// a `maxItems`: nothing a grammar built from it can repeat without end.
    #[test]
    fn the_detection_schema_bounds_every_string_and_list() {
        fn walk(v: &Value, strings: &mut usize, arrays: &mut usize) {
            if let Value::Object(m) = v {
                match m.get("type").and_then(Value::as_str) {
                    Some("string") => {
                        assert!(
                            m.contains_key("maxLength") || m.contains_key("enum"),
                            "unbounded string: {v}"
                        );
                        *strings += 1;
                    }
                    Some("array") => {
                        assert!(m.contains_key("maxItems"), "unbounded list: {v}");
                        *arrays += 1;
                    }
                    Some("integer" | "number") => {
                        assert!(m.contains_key("enum"), "unbounded number: {v}");
                    }
                    _ => {}
                }
                m.values().for_each(|c| walk(c, strings, arrays));
            }
        }
        for max_questions in [1, 3, 9] {
            let config = Config {
                limits: crate::protocol::config::Limits {
                    max_questions,
                    ..Default::default()
                },
                ..Config::default()
            };
            let r = detection_request("Plan a trip", &[], &config);
            let format = r.response_format.unwrap();
            let (mut strings, mut arrays) = (0, 0);
            walk(&format, &mut strings, &mut arrays);
            assert_eq!((strings, arrays), (4, 2));
            let item = &format["json_schema"]["schema"]["properties"]["questions"]["items"];
            assert_eq!(item["properties"]["multiple"]["type"], "boolean");
            assert_eq!(
                item["properties"]["recommended"]["enum"],
                serde_json::json!([0, 1, 2, 3, 4])
            );
            let required = item["required"].as_array().unwrap();
            assert!(
                required.contains(&"multiple".into()) && required.contains(&"recommended".into())
            );
            let questions = &format["json_schema"]["schema"]["properties"]["questions"];
            assert_eq!(
                questions["maxItems"],
                max_questions.min(MAX_DETECTION_QUESTIONS)
            );
            assert_eq!(
                r.max_tokens,
                Some(detection_token_cap(max_questions, Script::Ascii)),
                "max_tokens is the schema's cap"
            );
        }
    }

    /// The cap covers the longest reply the schema admits, and that reply is read in full.
    #[test]
    fn the_longest_admitted_reply_fits_the_cap_and_is_read() {
        for max in 1..=MAX_DETECTION_QUESTIONS {
            let longest = longest_reply(max).to_string();
            let cap = detection_token_cap(max, Script::Ascii) as usize;
            assert!(longest.chars().count() < cap, "{max}: {longest}");
            assert!(cap < 1200, "{max} question(s): a cap of {cap} tokens");
            // Wide characters: up to three bytes, so three tokens, for each string character.
            let wide = detection_token_cap(max, Script::Wide) as usize;
            let widened = longest.replace('x', "中");
            assert!(
                widened.len() < wide,
                "{max}: {} bytes, cap {wide}",
                widened.len()
            );
            let a = parse_detection(
                &longest.replace("false", "true"),
                &Stage::Request,
                Language::English,
            )
            .unwrap();
            assert_eq!(a.questions.len(), max as usize);
            assert_eq!(a.questions[0].text.chars().count(), QUESTION_CHARS as usize);
        }
        assert!(detection_token_cap(1, Script::Ascii) < detection_token_cap(3, Script::Ascii));
        assert_eq!(
            detection_token_cap(3, Script::Ascii),
            detection_token_cap(7, Script::Ascii)
        );
        assert_eq!(Script::of("Plan a trip", &[]), Script::Ascii);
        assert_eq!(Script::of("北京今天的天气怎么样？", &[]), Script::Wide);
    }

    /// A reply cut at any byte keeps exactly the questions written in full before the cut,
    /// never a half-written one.
    #[test]
    fn a_reply_cut_anywhere_keeps_only_whole_questions() {
        let full = r#"{"needs_clarification": true, "questions": [
            {"question": "Which city, \"exactly\"?", "why": "Changes {everything}", "options": ["Paris", "Lyon"], "priority": "critical"},
            {"question": "How many days?", "why": "Sets the pace", "options": ["2", "5", "10"], "priority": "helpful"}]}"#;
        let whole = parse_detection(full, &Stage::Request, Language::English)
            .unwrap()
            .questions;
        assert_eq!(whole.len(), 2);
        let first_end = full.find("\"critical\"}").unwrap() + "\"critical\"}".len();
        for cut in 1..full.len() {
            let Some(prefix) = full.get(..cut) else {
                continue;
            };
            let salvaged = salvage_detection(prefix, &Stage::Request, Language::English);
            match &salvaged {
                Some(a) => assert_eq!(a.questions, whole[..a.questions.len()], "cut at {cut}"),
                None => assert!(cut < first_end, "cut at {cut} lost a whole question"),
            }
            if cut >= first_end {
                assert!(!salvaged.unwrap().questions.is_empty(), "cut at {cut}");
            }
        }
        let clear = salvage_detection(
            r#"{"needs_clarification": false, "questions": [{"question": "Wh"#,
            &Stage::Request,
            Language::English,
        );
        assert_eq!(clear.map(|a| a.needs_clarification), Some(false));
        assert_eq!(
            salvage_detection(
                r#"{"needs_clarification": true, "questions": [{"question": "Wh"#,
                &Stage::Request,
                Language::English,
            ),
            None
        );
        assert_eq!(
            salvage_detection("<html>", &Stage::Request, Language::English),
            None
        );
    }

    #[test]
    fn a_draft_inside_the_reasoning_is_not_the_reply() {
        let reply = "<think>Maybe {\"needs_clarification\": false, \"questions\": []}? No.</think>\n{\"needs_clarification\": true, \"questions\": [{\"question\": \"How many days?\", \"options\": [\"2\", \"7\"]}]}";
        let a = parse_detection(reply, &Stage::Request, Language::English).unwrap();
        assert_eq!(a.questions.len(), 1, "{a:?}");
        assert_eq!(a.questions[0].text, "How many days?");
        let cut = "<think>{\"needs_clarification\": false}</think>{\"needs_clarification\": true, \"questions\": [{\"question\": \"How many days?\", \"options\": [\"2\", \"7\"]}, {\"quest";
        let a = salvage_detection(cut, &Stage::Request, Language::English).unwrap();
        assert_eq!(a.questions.len(), 1, "{a:?}");
    }

    #[test]
    fn the_probe_asks_for_its_schema_with_instructions_in_the_system_role() {
        let probe = probe_request();
        assert_eq!(
            probe
                .response_format
                .as_ref()
                .and_then(|f| f.pointer("/json_schema/schema/required/0")),
            Some(&serde_json::json!("ok"))
        );
        assert_eq!(probe.messages[0].role, Role::System);
    }
}
