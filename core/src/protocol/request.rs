//! LLM requests as data: the engine decides what to ask an OpenAI-compatible endpoint;
//! the host's transport only adds the model name, sends it and feeds the reply back.

use serde::{Deserialize, Serialize};
use strum::{IntoStaticStr, VariantArray, VariantNames};

/// Who wrote a chat message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, IntoStaticStr, VariantNames, VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum Role {
    /// Instructions to the model.
    System,
    /// The user.
    User,
    /// The model.
    Assistant,
}
crate::unit_enum::impl_unit_enum!(Role);

/// One chat message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    /// Who wrote it.
    pub role: Role,
    /// Its text.
    pub content: String,
}

impl Message {
    /// A message with `role` and `content`.
    pub fn new(role: Role, content: impl Into<String>) -> Self {
        Self {
            role,
            content: content.into(),
        }
    }
}

/// What a request is for; tells the host which [`Input`](crate::Input) carries the reply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, IntoStaticStr, VariantNames, VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum Purpose {
    /// Does the request need clarification, and which questions? Reply with
    /// [`Input::DetectionReceived`](crate::Input::DetectionReceived).
    Detection,
    /// Translate questions into the user's language (optional).
    Translation,
    /// The final answer from the enriched prompt; reply with
    /// [`Input::GenerationCompleted`](crate::Input::GenerationCompleted) (after chunks).
    Generation,
}
crate::unit_enum::impl_unit_enum!(Purpose);

/// A provider-neutral chat completion request: the body of `POST /v1/chat/completions`
/// without `model`, which the transport adds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChatRequest {
    /// What the request is for (not sent on the wire).
    #[serde(skip_serializing, default = "default_purpose")]
    pub purpose: Purpose,
    /// The conversation to send.
    pub messages: Vec<Message>,
    /// Structured-output constraint, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response_format: Option<serde_json::Value>,
    /// Upper bound on generated tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_tokens: Option<u32>,
    /// Sampling temperature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub temperature: Option<f64>,
    /// Whether the answer should be streamed as server-sent events.
    #[serde(default)]
    pub stream: bool,
}

impl ChatRequest {
    /// The JSON body for `POST /v1/chat/completions` with `model` filled in.
    ///
    /// Streaming requests also ask for a final usage chunk (`stream_options.include_usage`).
    pub fn to_body(&self, model: &str) -> serde_json::Value {
        let mut body = serde_json::to_value(self).unwrap_or(serde_json::Value::Null);
        if let Some(map) = body.as_object_mut() {
            map.insert("model".into(), model.into());
            if self.stream {
                map.insert(
                    "stream_options".into(),
                    serde_json::json!({ "include_usage": true }),
                );
            }
        }
        body
    }
}

fn default_purpose() -> Purpose {
    Purpose::Generation
}

/// Token counts reported by the endpoint (`usage` in OpenAI's shape).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    /// Tokens in the prompt.
    #[serde(default)]
    pub prompt_tokens: u64,
    /// Tokens generated.
    #[serde(default)]
    pub completion_tokens: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temperature_is_sent_as_configured() {
        let request = ChatRequest {
            purpose: Purpose::Generation,
            messages: Vec::new(),
            response_format: None,
            max_tokens: None,
            temperature: Some(0.3),
            stream: false,
        };
        let body = request.to_body("m").to_string();
        assert!(body.contains(r#""temperature":0.3}"#), "{body}");
    }
}
