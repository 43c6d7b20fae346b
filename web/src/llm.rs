//! The fetch layer: sends the engine's [`ChatRequest`]s to an OpenAI-compatible endpoint.
//!
//! Placeholder interface; the real transport (gloo-net, streaming, retries, errors) replaces the
//! bodies below.

use clarify_core::{ChatRequest, Usage};

/// Where and how to reach the LLM. The API key lives here only, never in a session snapshot.
#[derive(Clone, PartialEq, Eq)]
pub struct LlmSettings {
    /// Base URL of the endpoint, e.g. `http://127.0.0.1:8081/v1`.
    pub endpoint: String,
    /// Model name sent with each request.
    pub model: String,
    /// Bearer token, if the endpoint needs one.
    pub api_key: Option<String>,
}

impl std::fmt::Debug for LlmSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LlmSettings")
            .field("endpoint", &self.endpoint)
            .field("model", &self.model)
            .field("api_key", &self.api_key.as_ref().map(|_| "<redacted>"))
            .finish()
    }
}

/// A completed reply.
#[derive(Debug, Clone, PartialEq)]
pub struct LlmReply {
    /// The assistant message's text.
    pub text: String,
    /// Token counts, if reported.
    pub usage: Option<Usage>,
}

/// Why a call failed, in words a user can act on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LlmError(pub String);

impl std::fmt::Display for LlmError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Sends `request` and returns the whole reply.
pub async fn complete(
    _settings: &LlmSettings,
    _request: &ChatRequest,
) -> Result<LlmReply, LlmError> {
    Err(LlmError("the LLM transport is not built yet".into()))
}

/// Sends `request` streamed, calling `on_chunk` with each piece of text.
pub async fn stream(
    _settings: &LlmSettings,
    _request: &ChatRequest,
    _on_chunk: impl Fn(&str),
) -> Result<LlmReply, LlmError> {
    Err(LlmError("the LLM transport is not built yet".into()))
}
