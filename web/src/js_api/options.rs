//! The options a host passes to `new Clarifier(options)`, read from a plain JS object.

use clarify_core::{Config, Detection, Millis, Mode};
use serde::Deserialize;
use wasm_bindgen::{JsCast, JsValue};

use super::error::ClarifyError;
use crate::i18n::{Messages, Word};
use crate::llm::LlmSettings;

/// `ClarifierOptions` in TypeScript. Every field is optional; unknown fields are refused (see
/// [`FIELDS`]), so a typo (`maxQuestion`) is an error rather than a silently ignored setting.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct RawOptions {
    endpoint: Option<String>,
    model: Option<String>,
    api_key: Option<String>,
    /// The kind of endpoint (`openai`, `azure`, …; see `ProfileKind::name`).
    profile: Option<String>,
    max_questions: Option<u32>,
    max_rounds: Option<u32>,
    never_ask: bool,
    language: Option<String>,
    question_timeout_ms: Option<Millis>,
    /// Time limit of one call to the endpoint, in milliseconds.
    endpoint_timeout_ms: Option<u32>,
    /// Words of the chrome the host sets, by key.
    messages: Option<std::collections::BTreeMap<String, String>>,
}

/// The fields of [`RawOptions`] as JS spells them. serde-wasm-bindgen reads only the fields a
/// struct declares, so `deny_unknown_fields` alone never sees a typo: keys are checked here.
const FIELDS: [&str; 11] = [
    "profile",
    "endpoint",
    "model",
    "apiKey",
    "maxQuestions",
    "maxRounds",
    "neverAsk",
    "language",
    "questionTimeoutMs",
    "endpointTimeoutMs",
    "messages",
];

/// The options that are text.
const TEXTS: [&str; 5] = ["endpoint", "model", "apiKey", "profile", "language"];

/// The options that are whole numbers, with the least and the greatest each takes.
const NUMBERS: [(&str, f64, f64); 4] = [
    ("maxQuestions", 0.0, u32::MAX as f64),
    ("maxRounds", 0.0, u32::MAX as f64),
    ("questionTimeoutMs", 0.0, MAX_SAFE_INTEGER),
    ("endpointTimeoutMs", 1000.0, MAX_ENDPOINT_TIMEOUT_MS as f64),
];

/// JS's largest integer that a number holds exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// The longest time limit of a call to the endpoint: one hour.
pub const MAX_ENDPOINT_TIMEOUT_MS: u32 = 3_600_000;

/// What the options mean for the engine and the driver.
#[derive(Debug, Clone)]
pub struct Options {
    /// The session's configuration.
    pub config: Config,
    /// The LLM endpoint, if one is configured; offline otherwise.
    pub llm: Option<LlmSettings>,
    /// The host's words for the chrome (the widget's card shows them).
    pub messages: Messages,
}

impl Options {
    /// Reads `value` (`undefined`/`null` mean all defaults).
    ///
    /// # Errors
    /// `bad_options` when `value` is not an object of the documented shape, `bad_language` for
    /// a `language` that is not a well-formed BCP 47 tag, `unknown_message` for a key of
    /// `messages` the chrome does not have.
    pub fn from_js(value: JsValue) -> Result<Self, ClarifyError> {
        let raw: RawOptions = if value.is_undefined() || value.is_null() {
            RawOptions::default()
        } else if value.is_object() && !js_sys::Array::is_array(&value) {
            super::reply::refuse_unknown_keys(&value, &FIELDS, "bad_options", "option")?;
            check_types(&value)?;
            serde_wasm_bindgen::from_value(value)
                .map_err(|e| ClarifyError::new("bad_options", format!("invalid options: {e}")))?
        } else {
            return Err(ClarifyError::new(
                "bad_options",
                "options must be an object such as { maxQuestions: 3 }",
            ));
        };
        raw.into_options()
    }
}

/// Refuses an option of the wrong type or out of range, saying what was expected and what came
/// in JS's terms (`maxQuestions must be a whole number from 0 to 4294967295, got -1`);
/// `undefined` and `null` leave an option out.
///
/// # Errors
/// `bad_options` naming the first such option.
fn check_types(options: &JsValue) -> Result<(), ClarifyError> {
    let get = |key: &str| {
        js_sys::Reflect::get(options, &key.into())
            .ok()
            .filter(|v| !v.is_undefined() && !v.is_null())
    };
    let refuse = |key: &str, expected: String, got: &JsValue| {
        ClarifyError::new(
            "bad_options",
            format!("{key} must be {expected}, got {}", js_words(got)),
        )
    };
    for key in TEXTS {
        if let Some(v) = get(key).filter(|v| !v.is_string()) {
            return Err(refuse(key, "a string".into(), &v));
        }
    }
    for (key, least, most) in NUMBERS {
        if let Some(v) = get(key) {
            let whole = v
                .as_f64()
                .is_some_and(|n| n.fract() == 0.0 && (least..=most).contains(&n));
            if !whole {
                let expected = format!("a whole number from {least} to {most}");
                return Err(refuse(key, expected, &v));
            }
        }
    }
    if let Some(v) = get("neverAsk").filter(|v| v.as_bool().is_none()) {
        return Err(refuse("neverAsk", "true or false".into(), &v));
    }
    if let Some(v) = get("messages") {
        let words = v.is_object() && !js_sys::Array::is_array(&v);
        if !words {
            return Err(refuse(
                "messages",
                "an object of words by key, such as { send: \"Ask\" }".into(),
                &v,
            ));
        }
        let entries = js_sys::Object::entries(v.unchecked_ref());
        for entry in entries.iter() {
            let entry: js_sys::Array = entry.unchecked_into();
            let (key, word) = (entry.get(0).as_string().unwrap_or_default(), entry.get(1));
            if !word.is_string() {
                return Err(refuse(&format!("messages.{key}"), "a string".into(), &word));
            }
        }
    }
    Ok(())
}

/// `value` as a JS developer would write it: `-1`, `"2"`, `true`, `[…]`, `{…}`.
fn js_words(value: &JsValue) -> String {
    if let Some(text) = value.as_string() {
        let short: String = text.chars().take(40).collect();
        let more = if short.len() < text.len() { "…" } else { "" };
        format!("{short:?}{more}")
    } else if let Some(n) = value.as_f64() {
        format!("{n}")
    } else if let Some(b) = value.as_bool() {
        b.to_string()
    } else if js_sys::Array::is_array(value) {
        "an array".into()
    } else if value.is_function() {
        "a function".into()
    } else if value.is_object() {
        "an object".into()
    } else {
        value.js_typeof().as_string().unwrap_or_default()
    }
}

impl RawOptions {
    fn into_options(self) -> Result<Options, ClarifyError> {
        let mut config = Config::default();
        if let Some(max) = self.max_questions {
            config.limits.max_questions = max;
        }
        if let Some(max) = self.max_rounds {
            config.limits.max_rounds = max;
        }
        if self.never_ask {
            config.mode = Mode::NonInteractive;
        }
        if let Some(language) = self.language {
            if clarify_core::Language::negotiate(&language).is_err() {
                return Err(ClarifyError::new(
                    "bad_language",
                    Word::LanguageInvalid.english().replace("{0}", &language),
                ));
            }
            config.language = language;
        }
        let mut messages = Messages::new();
        for (key, text) in self.messages.unwrap_or_default() {
            let Some(word) = Word::from_key(&key) else {
                return Err(ClarifyError::new(
                    "unknown_message",
                    Word::MessagesUnknown.english().replace("{0}", &key),
                ));
            };
            messages.insert(word, text);
        }
        if self.question_timeout_ms.is_some() {
            config.question_timeout_ms = self.question_timeout_ms;
        }
        let profile = match self.profile.filter(|p| !p.trim().is_empty()) {
            Some(name) => Some(
                clarify_core::profile::ProfileKind::parse(&name)
                    .map_err(|e| ClarifyError::new("bad_options", e.to_string()))?,
            ),
            None => None,
        };
        let llm = match self.endpoint.filter(|e| !e.trim().is_empty()) {
            Some(endpoint) => {
                config.detection = Detection::Llm;
                Some(LlmSettings {
                    endpoint,
                    model: self.model.unwrap_or_else(|| "default".into()),
                    api_key: self.api_key.filter(|k| !k.is_empty()),
                    profile,
                    client: clarify_core::exchange::ClientSettings {
                        timeout_ms: self.endpoint_timeout_ms.unwrap_or(
                            clarify_core::exchange::ClientSettings::default().timeout_ms,
                        ),
                        ..Default::default()
                    },
                })
            }
            None if self.api_key.is_some() || self.model.is_some() => {
                return Err(ClarifyError::new(
                    "bad_options",
                    "model and apiKey need an endpoint; leave all three out to run offline",
                ));
            }
            None => None,
        };
        Ok(Options {
            config,
            llm,
            messages,
        })
    }
}
