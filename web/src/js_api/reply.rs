//! An answer as JS writes it (`"opt-1"`, `{ choice }`, `{ choices, text }`, `{ text }`,
//! `{ dontKnow: true }`), read into the engine's [`UserAnswer`]. Whether the answer fits the question
//! is the engine's decision, not this module's.

use clarify_core::{ChoiceId, UserAnswer};
use serde::Deserialize;
use wasm_bindgen::{JsCast, JsValue};

use super::error::ClarifyError;

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct RawReply {
    choice: Option<String>,
    choices: Option<Vec<String>>,
    text: Option<String>,
    dont_know: bool,
}

const SHAPE: &str = "an answer: \"choice-id\", { choice }, { choices: [...] }, { text }, \
                     { choices, text } or { dontKnow: true }";

/// Reads `value` as a [`UserAnswer`].
///
/// # Errors
/// `bad_answer` when `value` has none of the documented shapes.
pub fn from_js(value: JsValue) -> Result<UserAnswer, ClarifyError> {
    if let Some(choice) = value.as_string() {
        return Ok(UserAnswer::Choices {
            choices: vec![ChoiceId(choice)],
        });
    }
    if !value.is_object() || js_sys::Array::is_array(&value) {
        return Err(bad(format!("expected {SHAPE}")));
    }
    refuse_unknown_keys(&value, &FIELDS, "bad_answer", "answer field")?;
    let raw: RawReply = serde_wasm_bindgen::from_value(value)
        .map_err(|e| bad(format!("expected {SHAPE} ({e})")))?;
    let choices = match (raw.choice, raw.choices) {
        (Some(_), Some(_)) => return Err(bad("give choice or choices, not both".into())),
        (Some(one), None) => Some(vec![ChoiceId(one)]),
        (None, Some(many)) => Some(many.into_iter().map(ChoiceId).collect()),
        (None, None) => None,
    };
    match (raw.dont_know, choices, raw.text) {
        (true, None, None) => Ok(UserAnswer::DontKnow),
        (true, _, _) => Err(bad("dontKnow cannot come with choices or text".into())),
        (false, Some(choices), None) => Ok(UserAnswer::Choices { choices }),
        (false, Some(choices), Some(text)) => Ok(UserAnswer::ChoicesWithText { choices, text }),
        (false, None, Some(text)) => Ok(UserAnswer::Text { text }),
        (false, None, None) => Err(bad(format!("expected {SHAPE}"))),
    }
}

/// Refuses an object with a key outside `known` (a typo would otherwise be ignored, because
/// serde-wasm-bindgen reads only the fields a struct declares).
///
/// # Errors
/// `code` naming the first unknown key.
pub(super) fn refuse_unknown_keys(
    value: &JsValue,
    known: &[&str],
    code: &'static str,
    what: &str,
) -> Result<(), ClarifyError> {
    let keys = js_sys::Object::keys(value.unchecked_ref::<js_sys::Object>());
    for key in keys.iter().filter_map(|k| k.as_string()) {
        if !known.contains(&key.as_str()) {
            return Err(ClarifyError::new(
                code,
                format!("unknown {what} {key:?}; known: {}", known.join(", ")),
            ));
        }
    }
    Ok(())
}

const FIELDS: [&str; 4] = ["choice", "choices", "text", "dontKnow"];

fn bad(message: String) -> ClarifyError {
    ClarifyError::new("bad_answer", message)
}
