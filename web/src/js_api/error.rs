//! Errors as JS sees them: an `Error` whose `name` is `"ClarifyError"` and whose `code` is a
//! stable snake_case string a host can branch on; the message says what went wrong.

use clarify_core::{Error, RestoreError};
use wasm_bindgen::JsValue;

/// The `name` of every error the JS API throws.
pub const ERROR_NAME: &str = "ClarifyError";

/// A JS-facing error: a stable code and a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClarifyError {
    /// Stable, snake_case: `unexpected_input`, `not_pending_question`, `not_reopenable`,
    /// `unknown_choice`,
    /// `invalid_answer`, `empty_request`, `text_too_long`, `unexpected_step`, `bad_snapshot`,
    /// `bad_options`, `bad_language`, `unknown_message`, `bad_argument`, `bad_answer`, `internal`.
    pub code: &'static str,
    /// What went wrong, lower-case, no trailing period.
    pub message: String,
}

impl ClarifyError {
    /// An error with `code` and `message`.
    pub fn new(code: &'static str, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }

    /// A wrong argument type or shape: `what` was expected.
    pub fn bad_argument(what: &str) -> Self {
        Self::new("bad_argument", format!("expected {what}"))
    }
}

impl From<Error> for ClarifyError {
    fn from(error: Error) -> Self {
        let code = match &error {
            Error::UnexpectedInput { .. } => "unexpected_input",
            Error::NotPendingQuestion { .. } => "not_pending_question",
            Error::NotReopenable { .. } => "not_reopenable",
            Error::UnknownChoice { .. } => "unknown_choice",
            Error::InvalidAnswer { .. } => "invalid_answer",
            Error::EmptyRequest => "empty_request",
            Error::TextTooLong { .. } => "text_too_long",
            Error::UnexpectedStep { .. } => "unexpected_step",
            // The engine's error is non-exhaustive: a variant added later still gets a code.
            #[allow(clippy::wildcard_enum_match_arm)]
            _ => "engine_error",
        };
        Self::new(code, error.to_string())
    }
}

impl From<RestoreError> for ClarifyError {
    fn from(error: RestoreError) -> Self {
        Self::new("bad_snapshot", error.to_string())
    }
}

impl From<ClarifyError> for JsValue {
    fn from(error: ClarifyError) -> Self {
        let js = js_sys::Error::new(&error.message);
        js.set_name(ERROR_NAME);
        // Setting a property on a fresh Error object cannot fail.
        let _ = js_sys::Reflect::set(&js, &"code".into(), &error.code.into());
        js.into()
    }
}
