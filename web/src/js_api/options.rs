//! The options a host passes to `new Clarifier(options)`, read from a plain JS object.

use clarify_core::{Config, Detection, Millis, Mode};
use serde::Deserialize;
use wasm_bindgen::JsValue;

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
    /// Words of the chrome the host sets, by key.
    messages: Option<std::collections::BTreeMap<String, String>>,
}

/// The fields of [`RawOptions`] as JS spells them. serde-wasm-bindgen reads only the fields a
/// struct declares, so `deny_unknown_fields` alone never sees a typo: keys are checked here.
const FIELDS: [&str; 10] = [
    "profile",
    "endpoint",
    "model",
    "apiKey",
    "maxQuestions",
    "maxRounds",
    "neverAsk",
    "language",
    "questionTimeoutMs",
    "messages",
];

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
                    client: Default::default(),
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
