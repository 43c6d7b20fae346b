//! Endpoint profiles: what a chat-completions request may carry for each kind of endpoint, and
//! how a refused request is adapted. Pure data and functions: no I/O.
//!
//! A [`Profile`] says how the key is sent and where the request goes; its [`Shape`] says which
//! optional fields the body may carry (the token limit's name, `temperature`, the kind of
//! `response_format`). The profile is chosen from the URL and the model name when they say it
//! ([`ProfileKind::detect`]), or named by the host. When an endpoint answers 400 naming a field
//! or a schema keyword ([`refusal`]), [`Shape::adapt`] gives the next shape to try and the
//! [`Change`] made; a host keeps what worked per endpoint and model in [`Learned`], so only the
//! first call pays.
//!
//! The facts behind each profile, with the providers' pages, are in `docs/endpoints.md`.

use serde::{Deserialize, Serialize};

use crate::phrase::Phrase;
use crate::protocol::language::Language;
use crate::protocol::request::{ChatRequest, Message, Role};
use strum::{IntoStaticStr, VariantArray, VariantNames};

/// The kinds of endpoint Clarify knows.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, IntoStaticStr, VariantNames, VariantArray,
)]
#[strum(serialize_all = "snake_case")]
pub enum ProfileKind {
    /// Any OpenAI-compatible server: the full request, adapted when refused.
    #[default]
    Generic,
    /// OpenAI, GPT-4-class models (`gpt-4o`, `gpt-4.1`, …).
    OpenAi,
    /// OpenAI reasoning models (`gpt-5…`, `o1`, `o3`, `o4-mini`, …): `max_completion_tokens`,
    /// no `temperature`.
    OpenAiReasoning,
    /// Azure OpenAI: an `api-key` header, a deployment URL with `api-version`.
    Azure,
    /// Anthropic's OpenAI-compatible endpoint (`response_format` is ignored there).
    Anthropic,
    /// Gemini's OpenAI-compatible endpoint (its own subset of JSON Schema).
    Gemini,
    /// DeepSeek (`json_object` only; `deepseek-reasoner` takes no `temperature`).
    DeepSeek,
    /// Mistral.
    Mistral,
    /// Groq (`max_completion_tokens`; `json_schema` on some models only, `json_object` on all).
    Groq,
    /// OpenRouter.
    OpenRouter,
    /// Ollama's OpenAI-compatible endpoint.
    Ollama,
    /// vLLM's OpenAI-compatible server.
    Vllm,
    /// LM Studio's local server.
    LmStudio,
    /// llama.cpp's `llama-server`.
    LlamaCpp,
}
crate::unit_enum::impl_unit_enum!(ProfileKind);

/// Why a profile name was not taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected a profile name ({expected}), got \"{got}\"")]
pub struct UnknownProfile {
    /// The names there are, comma-separated.
    pub expected: String,
    /// What came.
    pub got: String,
}

impl ProfileKind {
    /// Every kind, in the order the documentation lists them.
    pub const ALL: [Self; 14] = [
        Self::Generic,
        Self::OpenAi,
        Self::OpenAiReasoning,
        Self::Azure,
        Self::Anthropic,
        Self::Gemini,
        Self::DeepSeek,
        Self::Mistral,
        Self::Groq,
        Self::OpenRouter,
        Self::Ollama,
        Self::Vllm,
        Self::LmStudio,
        Self::LlamaCpp,
    ];

    /// The name a host uses for it (`--profile`, the `profile` attribute, the settings).
    pub fn name(self) -> &'static str {
        match self {
            Self::Generic => "generic",
            Self::OpenAi => "openai",
            Self::OpenAiReasoning => "openai-reasoning",
            Self::Azure => "azure",
            Self::Anthropic => "anthropic",
            Self::Gemini => "gemini",
            Self::DeepSeek => "deepseek",
            Self::Mistral => "mistral",
            Self::Groq => "groq",
            Self::OpenRouter => "openrouter",
            Self::Ollama => "ollama",
            Self::Vllm => "vllm",
            Self::LmStudio => "lmstudio",
            Self::LlamaCpp => "llamacpp",
        }
    }

    /// The kind named `name` (as [`name`](Self::name) writes it; case, `-`, `_`, `.` and spaces
    /// ignored: `LM Studio`, `llama.cpp`).
    ///
    /// # Errors
    /// [`UnknownProfile`] listing the names there are.
    pub fn parse(name: &str) -> Result<Self, UnknownProfile> {
        let wanted: String = name
            .trim()
            .to_ascii_lowercase()
            .chars()
            .filter(|c| !matches!(c, '-' | '_' | ' ' | '.'))
            .collect();
        Self::ALL
            .into_iter()
            .find(|k| k.name().replace('-', "") == wanted)
            .ok_or_else(|| UnknownProfile {
                expected: Self::ALL.map(Self::name).join(", "),
                got: name.to_owned(),
            })
    }

    /// The kind the URL's host and the model name say, when they say it without doubt: a
    /// provider's own API host. Local servers (Ollama, vLLM, LM Studio, llama.cpp) share one
    /// URL shape and any port, so they are [`Generic`](Self::Generic) unless the host names
    /// them; all of them take the generic request.
    #[inline(never)]
    pub fn detect(url: &str, model: &str) -> Self {
        let host = host_of(url);
        let ends = |suffix: &str| host == suffix || host.ends_with(&format!(".{suffix}"));
        if host == "api.openai.com" {
            if is_reasoning_model(model) {
                Self::OpenAiReasoning
            } else {
                Self::OpenAi
            }
        } else if ends("openai.azure.com")
            || ends("cognitiveservices.azure.com")
            || ends("services.ai.azure.com")
        {
            Self::Azure
        } else if ends("api.anthropic.com") {
            Self::Anthropic
        } else if host == "generativelanguage.googleapis.com" {
            Self::Gemini
        } else if ends("api.deepseek.com") {
            Self::DeepSeek
        } else if ends("api.mistral.ai") {
            Self::Mistral
        } else if ends("api.groq.com") {
            Self::Groq
        } else if ends("openrouter.ai") {
            Self::OpenRouter
        } else {
            Self::Generic
        }
    }

    /// The profile of this kind for `model`.
    pub fn profile(self, model: &str) -> Profile {
        let reasoning = is_reasoning_model(model);
        let full = Shape::default();
        let shape = match self {
            Self::Generic
            | Self::Ollama
            | Self::Vllm
            | Self::LmStudio
            | Self::LlamaCpp
            | Self::Mistral
            | Self::OpenRouter => full,
            Self::OpenAi if !reasoning => Shape {
                tokens: TokenField::MaxCompletionTokens,
                ..full
            },
            Self::OpenAi | Self::OpenAiReasoning => Shape::reasoning(),
            Self::Azure if reasoning => Shape::reasoning(),
            Self::Azure => full,
            Self::Anthropic => Shape {
                format: Format::Instructions,
                ..full
            },
            Self::Gemini => Shape {
                format: Format::Schema(SchemaKeywords::NONE),
                ..full
            },
            Self::DeepSeek if model.contains("reasoner") => Shape {
                temperature: false,
                format: Format::JsonObject,
                reasoning_headroom: REASONING_HEADROOM,
                ..full
            },
            Self::DeepSeek => Shape {
                format: Format::JsonObject,
                ..full
            },
            Self::Groq => Shape {
                tokens: TokenField::MaxCompletionTokens,
                format: Format::JsonObject,
                ..full
            },
        };
        Profile {
            kind: self,
            shape,
            key: if self == Self::Azure {
                KeyHeader::ApiKey
            } else {
                KeyHeader::Bearer
            },
        }
    }
}

impl Profile {
    /// The URL to POST chat completions to. Azure: a deployment URL gets `/chat/completions`
    /// and an `api-version` (default [`AZURE_API_VERSION`]) unless it has them; a resource URL
    /// (`https://NAME.openai.azure.com`) gets `/openai/deployments/<model>/…`; the v1 API
    /// (`…/openai/v1`) needs no version. Every other kind: the URL itself when it ends with
    /// `/chat/completions`, else the URL + `/chat/completions`.
    pub fn url(&self, url: &str, model: &str) -> String {
        let url = url.trim();
        let (path, query) = url.split_once('?').unwrap_or((url, ""));
        let base = path.trim_end_matches('/');
        let mut full = if base.ends_with("/chat/completions") {
            base.to_owned()
        } else if self.kind == ProfileKind::Azure
            && !base.contains("/openai/")
            && !base.ends_with("/openai")
        {
            format!(
                "{base}/openai/deployments/{}/chat/completions",
                model.trim()
            )
        } else if self.kind == ProfileKind::Azure && base.ends_with("/openai") {
            format!("{base}/deployments/{}/chat/completions", model.trim())
        } else {
            format!("{base}/chat/completions")
        };
        let versioned = query.split('&').any(|p| p.starts_with("api-version="));
        let mut query = query.to_owned();
        if self.kind == ProfileKind::Azure && !versioned && full.contains("/openai/deployments/") {
            if !query.is_empty() {
                query.push('&');
            }
            query.push_str("api-version=");
            query.push_str(AZURE_API_VERSION);
        }
        if !query.is_empty() {
            full.push('?');
            full.push_str(&query);
        }
        full
    }
}

/// The Azure OpenAI `api-version` sent when the URL names none: the latest generally
/// available data-plane version for chat completions.
pub const AZURE_API_VERSION: &str = "2024-10-21";

/// Whether `model` names an OpenAI reasoning model (`gpt-5…`, `o1…`, `o3…`, `o4…`), with or
/// without a router's `openai/` prefix.
pub fn is_reasoning_model(model: &str) -> bool {
    let m = model.trim().to_ascii_lowercase();
    let m = m.rsplit('/').next().unwrap_or_default();
    m.starts_with("gpt-5")
        || ["o1", "o3", "o4"]
            .iter()
            .any(|p| m == *p || m.starts_with(&format!("{p}-")))
}

/// The host of `url`, lower-cased, without user, port or path.
fn host_of(url: &str) -> String {
    let rest = url.trim().split_once("://").map_or(url, |(_, r)| r);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = authority.rsplit('@').next().unwrap_or_default();
    let host = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or_default(),
        None => host.split(':').next().unwrap_or_default(),
    };
    host.to_ascii_lowercase()
}

/// Tokens added to a reasoning model's limit: its hidden reasoning counts against
/// `max_completion_tokens`, and a limit sized for the visible reply alone would end in an
/// empty reply cut for `length`.
pub const REASONING_HEADROOM: u32 = 8_192;

/// One kind of endpoint: how the key is sent, and the request it takes first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Profile {
    /// Which kind.
    pub kind: ProfileKind,
    /// The request shape sent first.
    pub shape: Shape,
    /// The header that carries the key.
    pub key: KeyHeader,
}

/// How the API key is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, IntoStaticStr, VariantNames, VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum KeyHeader {
    /// `Authorization: Bearer <key>`.
    Bearer,
    /// Azure's `api-key: <key>`.
    ApiKey,
}
crate::unit_enum::impl_unit_enum!(KeyHeader);

/// The name under which the token limit is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, IntoStaticStr, VariantNames, VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum TokenField {
    /// `max_tokens`, the older name most servers take.
    MaxTokens,
    /// `max_completion_tokens`, which OpenAI's reasoning models require.
    MaxCompletionTokens,
    /// No limit sent (the prompt's own limits and the parser still bound the reply).
    Omit,
}
crate::unit_enum::impl_unit_enum!(TokenField);

/// Which length and count keywords a JSON schema keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SchemaKeywords {
    /// `minLength` and `maxLength` on strings.
    pub lengths: bool,
    /// `minItems` and `maxItems` on arrays.
    pub item_counts: bool,
}

impl SchemaKeywords {
    /// Every keyword kept.
    pub const ALL: Self = Self {
        lengths: true,
        item_counts: true,
    };
    /// No length or count keyword.
    pub const NONE: Self = Self {
        lengths: false,
        item_counts: false,
    };
}

/// How a request that asks for JSON says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// `response_format: json_schema`, strict, with these keywords.
    Schema(SchemaKeywords),
    /// `response_format: json_object`.
    JsonObject,
    /// No `response_format`: the instructions alone (the lenient parser reads the reply).
    Instructions,
}

/// What optional fields a request carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Shape {
    /// The token limit's name.
    pub tokens: TokenField,
    /// Whether `temperature` is sent.
    pub temperature: bool,
    /// How JSON is asked for.
    pub format: Format,
    /// Whether a streamed request asks for a usage chunk (`stream_options`).
    pub stream_usage: bool,
    /// Tokens added to the limit for hidden reasoning (see [`REASONING_HEADROOM`]).
    pub reasoning_headroom: u32,
    /// Whether the instructions go in a `system` message; `false`: at the head of the first
    /// user turn (o1-class models, chat templates that raise "System role not supported").
    pub system_role: bool,
    /// Whether consecutive turns of one role are merged into one, for chat templates that
    /// raise "Conversation roles must alternate user/assistant/…".
    pub alternate: bool,
}

impl Default for Shape {
    /// The full request: `max_tokens`, `temperature`, the strict schema with every keyword.
    fn default() -> Self {
        Self {
            tokens: TokenField::MaxTokens,
            temperature: true,
            format: Format::Schema(SchemaKeywords::ALL),
            stream_usage: true,
            reasoning_headroom: 0,
            system_role: true,
            alternate: false,
        }
    }
}

/// What an endpoint refused, read from its 400 reply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, IntoStaticStr, VariantNames, VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum Refused {
    /// `max_tokens`.
    MaxTokens,
    /// `max_completion_tokens`.
    MaxCompletionTokens,
    /// `temperature` (or its value).
    Temperature,
    /// A length or count keyword of the schema (`minItems`, `maxLength`, …).
    SchemaKeyword,
    /// The `json_schema` response format, or the schema as a whole.
    JsonSchema,
    /// The `json_object` response format.
    JsonObject,
    /// `response_format`, without saying which part.
    ResponseFormat,
    /// `stream_options`.
    StreamOptions,
    /// The `system` role.
    SystemRole,
    /// Turns that do not alternate user/assistant (two of one role in a row, or a system turn).
    RoleAlternation,
    /// Nothing in the request: the model gave no text, its whole token limit spent reasoning.
    ReasoningCut,
}
crate::unit_enum::impl_unit_enum!(Refused);

impl Refused {
    /// The field or keyword, as the wire names it.
    pub fn field(self) -> &'static str {
        match self {
            Self::MaxTokens => "max_tokens",
            Self::MaxCompletionTokens => "max_completion_tokens",
            Self::Temperature => "temperature",
            Self::SchemaKeyword => "minItems/maxItems/minLength/maxLength",
            Self::JsonSchema => "response_format json_schema",
            Self::JsonObject => "response_format json_object",
            Self::ResponseFormat => "response_format",
            Self::StreamOptions => "stream_options",
            Self::SystemRole => "messages[].role system",
            Self::RoleAlternation => "messages[].role order",
            Self::ReasoningCut => "finish_reason length with no text",
        }
    }
}

/// A change made to a request after a refusal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, IntoStaticStr, VariantNames, VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum Change {
    /// `max_completion_tokens` sent instead of `max_tokens` (with room for reasoning).
    MaxCompletionTokens,
    /// `max_tokens` sent instead of `max_completion_tokens`.
    MaxTokens,
    /// No token limit sent.
    NoTokenLimit,
    /// No `temperature` sent.
    NoTemperature,
    /// The schema sent without its length and count keywords.
    SchemaWithoutLimits,
    /// `json_object` asked for instead of a schema.
    JsonObject,
    /// No `response_format`: the instructions alone.
    InstructionsOnly,
    /// No `stream_options`.
    NoStreamUsage,
    /// The system text sent at the head of the first user turn.
    SystemInUser,
    /// The system text in the first user turn and consecutive turns of one role merged.
    MergedTurns,
    /// More room for reasoning: the token limit raised by [`REASONING_HEADROOM`].
    MoreReasoningRoom,
}
crate::unit_enum::impl_unit_enum!(Change);

impl Change {
    /// A short identifier for logs and the call log (`max_completion_tokens`, `no_temperature`…).
    pub fn code(self) -> &'static str {
        self.as_str()
    }
}

/// One adaptation: what was refused, in the server's words, and what was changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Adaptation {
    /// What the endpoint refused.
    pub refused: Refused,
    /// What was sent instead.
    pub change: Change,
    /// The server's message (short, one line).
    pub said: String,
}

impl Shape {
    /// The shape of OpenAI's reasoning models: `max_completion_tokens` with room for
    /// reasoning, no `temperature`, the full schema.
    pub fn reasoning() -> Self {
        Self {
            tokens: TokenField::MaxCompletionTokens,
            temperature: false,
            reasoning_headroom: REASONING_HEADROOM,
            ..Self::default()
        }
    }

    /// The shape to try after the endpoint refused `refused`, and the change made; `None` when
    /// nothing is left to change for it (the refusal is final). `asks_json` is whether the
    /// request carries a `response_format` (a format refusal of a request without one cannot
    /// be fixed here); `tried` are the changes already made in this call.
    pub fn adapt(
        &self,
        refused: Refused,
        asks_json: bool,
        tried: &[Change],
    ) -> Option<(Self, Change)> {
        let mut next = *self;
        let change = match (refused, self.tokens, self.format) {
            (Refused::MaxTokens, TokenField::MaxTokens, _) => {
                next.tokens = TokenField::MaxCompletionTokens;
                next.reasoning_headroom = REASONING_HEADROOM;
                Change::MaxCompletionTokens
            }
            (Refused::MaxCompletionTokens, TokenField::MaxCompletionTokens, _)
                if !tried.contains(&Change::MaxCompletionTokens) =>
            {
                next.tokens = TokenField::MaxTokens;
                Change::MaxTokens
            }
            (Refused::MaxCompletionTokens, TokenField::MaxCompletionTokens, _) => {
                next.tokens = TokenField::Omit;
                Change::NoTokenLimit
            }
            (Refused::Temperature, _, _) if self.temperature => {
                next.temperature = false;
                Change::NoTemperature
            }
            (Refused::StreamOptions, _, _) if self.stream_usage => {
                next.stream_usage = false;
                Change::NoStreamUsage
            }
            (Refused::SchemaKeyword, _, Format::Schema(k))
                if asks_json && k != SchemaKeywords::NONE =>
            {
                next.format = Format::Schema(SchemaKeywords::NONE);
                Change::SchemaWithoutLimits
            }
            // Whichever format the refusal names ("must be json_object or text" names the one
            // it takes), the next step down the ladder: schema, JSON mode, the prompt alone.
            (
                Refused::SchemaKeyword
                | Refused::JsonSchema
                | Refused::JsonObject
                | Refused::ResponseFormat,
                _,
                Format::Schema(_),
            ) if asks_json => {
                next.format = Format::JsonObject;
                Change::JsonObject
            }
            (
                Refused::JsonSchema | Refused::JsonObject | Refused::ResponseFormat,
                _,
                Format::JsonObject,
            ) if asks_json => {
                next.format = Format::Instructions;
                Change::InstructionsOnly
            }
            (Refused::SystemRole, _, _) if self.system_role => {
                next.system_role = false;
                Change::SystemInUser
            }
            (Refused::SystemRole | Refused::RoleAlternation, _, _) if !self.alternate => {
                next.system_role = false;
                next.alternate = true;
                Change::MergedTurns
            }
            (Refused::ReasoningCut, TokenField::MaxTokens | TokenField::MaxCompletionTokens, _)
                if !tried.contains(&Change::MoreReasoningRoom) =>
            {
                next.reasoning_headroom =
                    self.reasoning_headroom.saturating_add(REASONING_HEADROOM);
                Change::MoreReasoningRoom
            }
            _ => return None,
        };
        Some((next, change))
    }

    /// `body` (a chat-completions body with the full request's fields) reshaped: the token
    /// limit under its name (plus the reasoning headroom) or dropped, `temperature` dropped if
    /// not sent, the `response_format` reduced, `stream_options` dropped if not sent.
    pub fn apply(&self, body: &mut serde_json::Value) {
        let Some(map) = body.as_object_mut() else {
            return;
        };
        let limit = map
            .remove("max_tokens")
            .or_else(|| map.remove("max_completion_tokens"))
            .and_then(|v| v.as_u64())
            .map(|v| v.saturating_add(u64::from(self.reasoning_headroom)));
        match (self.tokens, limit) {
            (TokenField::MaxTokens, Some(n)) => {
                map.insert("max_tokens".into(), n.into());
            }
            (TokenField::MaxCompletionTokens, Some(n)) => {
                map.insert("max_completion_tokens".into(), n.into());
            }
            _ => {}
        }
        if !self.temperature {
            map.remove("temperature");
        }
        if !self.stream_usage {
            map.remove("stream_options");
        }
        let Some(format) = map.get_mut("response_format") else {
            return;
        };
        match self.format {
            Format::Schema(keep) => {
                if let Some(schema) = format.pointer_mut("/json_schema/schema") {
                    strip_keywords(schema, keep);
                }
            }
            Format::JsonObject => *format = serde_json::json!({ "type": "json_object" }),
            Format::Instructions => {
                map.remove("response_format");
            }
        }
    }

    /// `request`'s turns as this shape sends them: without the schema on the wire (JSON mode,
    /// the instructions alone) the instructions carry it; without the system role (or for a
    /// template whose roles must alternate) the system text heads the first user turn and turns
    /// of one role in a row are merged.
    pub fn reshape(&self, request: &mut ChatRequest) {
        let schema = request
            .response_format
            .as_ref()
            .and_then(|f| f.pointer("/json_schema/schema"));
        let messages = &mut request.messages;
        if let (Some(schema), false) = (schema, matches!(self.format, Format::Schema(_))) {
            let at = messages.iter().position(|m| m.role == Role::System);
            if let Some(first) = messages.get_mut(at.unwrap_or_default()) {
                first.content.push_str(SCHEMA_INSTRUCTION);
                first.content.push_str(&schema.to_string());
            }
        }
        if self.system_role && !self.alternate {
            return;
        }
        // The system text becomes (the head of) the first user turn, and turns of one role
        // in a row become one.
        let mut merged: Vec<Message> = Vec::with_capacity(messages.len());
        for mut message in messages.drain(..) {
            if message.role == Role::System {
                message.role = Role::User;
            }
            match merged.last_mut() {
                Some(last) if last.role == message.role => {
                    last.content.push_str("\n\n");
                    last.content.push_str(&message.content);
                }
                _ => merged.push(message),
            }
        }
        *messages = merged;
    }

    /// What an endpoint that takes this shape accepts, for a person, in `language`: its roles,
    /// how it takes JSON and, if `reasoning`, that it is a reasoning model, joined by " · ".
    pub fn accepts(&self, reasoning: bool, language: Language) -> String {
        let mut parts = Vec::new();
        if self.alternate {
            parts.push(Phrase::AcceptsAlternating);
        }
        if !self.system_role {
            parts.push(Phrase::AcceptsNoSystemRole);
        }
        parts.push(match self.format {
            Format::Schema(k) if k == SchemaKeywords::ALL => Phrase::AcceptsJsonSchema,
            Format::Schema(_) => Phrase::AcceptsJsonSchemaPlain,
            Format::JsonObject => Phrase::AcceptsJsonMode,
            Format::Instructions => Phrase::AcceptsPromptOnly,
        });
        if reasoning {
            parts.push(Phrase::AcceptsReasoning);
        }
        let parts: Vec<&str> = parts.iter().map(|p| p.text(language)).collect();
        parts.join(" · ")
    }

    /// The request fields this shape sends, as the wire names them, for a person reading a
    /// connection test or a trace: `max_completion_tokens, no temperature, json_schema`.
    pub fn summary(&self) -> String {
        let tokens = match self.tokens {
            TokenField::MaxTokens => "max_tokens",
            TokenField::MaxCompletionTokens => "max_completion_tokens",
            TokenField::Omit => "no token limit",
        };
        let temperature = if self.temperature {
            "temperature"
        } else {
            "no temperature"
        };
        let format = match self.format {
            Format::Schema(k) if k == SchemaKeywords::ALL => "json_schema",
            Format::Schema(_) => "json_schema without length/count keywords",
            Format::JsonObject => "json_object",
            Format::Instructions => "no response_format",
        };
        format!("{tokens}, {temperature}, {format}")
    }
}

/// What introduces the schema in the instructions when it is not on the wire.
const SCHEMA_INSTRUCTION: &str = "\n\nReply with one JSON object that follows this JSON Schema: ";

/// Removes from `schema`, at every depth, the length and count keywords `keep` drops.
fn strip_keywords(schema: &mut serde_json::Value, keep: SchemaKeywords) {
    match schema {
        serde_json::Value::Object(map) => {
            if !keep.lengths {
                map.remove("minLength");
                map.remove("maxLength");
            }
            if !keep.item_counts {
                map.remove("minItems");
                map.remove("maxItems");
            }
            for value in map.values_mut() {
                strip_keywords(value, keep);
            }
        }
        serde_json::Value::Array(items) => {
            for value in items {
                strip_keywords(value, keep);
            }
        }
        serde_json::Value::Null
        | serde_json::Value::Bool(_)
        | serde_json::Value::Number(_)
        | serde_json::Value::String(_) => {}
    }
}

/// What a refusal (a 400 or 422 reply's body) names, if it names something a request can do
/// without: the error's `param`, or the first field or keyword its message mentions. Reads
/// OpenAI's `{"error": {…}}`, the `{"message", "param"}` of vLLM and Mistral, and Gemini's
/// list of errors.
pub fn refusal(body: &str) -> Option<Refused> {
    let value: serde_json::Value = serde_json::from_str(body).ok()?;
    let error = match value.as_array() {
        Some(items) => items.first()?.get("error")?,
        None => value
            .get("error")
            .filter(|e| e.is_object())
            .unwrap_or(&value),
    };
    let text = |key: &str| error.get(key).and_then(|v| v.as_str()).unwrap_or_default();
    let message = text("message");
    let param = text("param");
    if let Some(found) = role_refusal(message, param) {
        return Some(found);
    }
    // A schema keyword comes first: such messages also name `response_format`.
    if let Some(found) = first_named(message, SCHEMA_NAMES) {
        return Some(found);
    }
    let found = first_named(param, PARAM_NAMES).or_else(|| first_named(message, PARAM_NAMES))?;
    // "response_format type json_object is not supported": the part it names is what to drop.
    if found == Refused::ResponseFormat {
        return first_named(message, FORMAT_NAMES).or(Some(found));
    }
    Some(found)
}

/// A refusal of the turns' roles: the system role (OpenAI's o1-class "'messages[0].role' does
/// not support 'system'", Gemma's template "System role not supported") or their order
/// ("Conversation roles must alternate user/assistant/user/assistant/...").
fn role_refusal(message: &str, param: &str) -> Option<Refused> {
    let message = message.to_ascii_lowercase();
    if message.contains("must alternate") || message.contains("roles must") {
        return Some(Refused::RoleAlternation);
    }
    let names_system = message.contains("system role")
        || message.contains("'system'")
        || message.contains("\"system\"")
        || message.contains("system message");
    let about_roles = param.contains("role") || message.contains("role");
    let refuses = ["not support", "unsupported", "not allowed", "not permitted"]
        .iter()
        .any(|w| message.contains(w));
    (names_system && about_roles && refuses).then_some(Refused::SystemRole)
}

const FORMAT_NAMES: &[(&str, Refused)] = &[
    ("json_schema", Refused::JsonSchema),
    ("json_object", Refused::JsonObject),
];

const SCHEMA_NAMES: &[(&str, Refused)] = &[
    ("minitems", Refused::SchemaKeyword),
    ("maxitems", Refused::SchemaKeyword),
    ("minlength", Refused::SchemaKeyword),
    ("maxlength", Refused::SchemaKeyword),
];

const PARAM_NAMES: &[(&str, Refused)] = &[
    ("max_completion_tokens", Refused::MaxCompletionTokens),
    ("max_tokens", Refused::MaxTokens),
    ("temperature", Refused::Temperature),
    ("stream_options", Refused::StreamOptions),
    ("json_schema", Refused::JsonSchema),
    ("json_object", Refused::JsonObject),
    ("response_format", Refused::ResponseFormat),
];

/// The name of `names` mentioned first in `text` (case ignored).
fn first_named(text: &str, names: &[(&str, Refused)]) -> Option<Refused> {
    let text = text.to_ascii_lowercase();
    names
        .iter()
        .filter_map(|(name, refused)| text.find(name).map(|at| (at, *refused)))
        .min_by_key(|(at, _)| *at)
        .map(|(_, refused)| refused)
}

/// What worked for each endpoint and model: a host keeps it for the session (and may save it),
/// so a refusal is paid for once.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Learned {
    entries: Vec<LearnedShape>,
}

/// The shape that worked for one endpoint and model, and the changes that led to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LearnedShape {
    /// The endpoint's URL as configured.
    pub url: String,
    /// The model.
    pub model: String,
    /// The shape to send.
    pub shape: Shape,
    /// What was changed from the profile's shape, oldest first.
    pub changes: Vec<Change>,
    /// Whether the model reasons before its text.
    #[serde(default)]
    pub reasoning: bool,
}

impl LearnedShape {
    /// What the endpoint accepts, for a person: "no system role · JSON mode only · reasoning
    /// model", in `language`.
    pub fn accepts(&self, language: Language) -> String {
        self.shape.accepts(self.reasoning, language)
    }
}

impl Learned {
    /// Most endpoint-and-model pairs kept; the oldest is dropped past it.
    const MAX: usize = 16;

    /// What was learned for `url` and `model`, if anything.
    pub fn get(&self, url: &str, model: &str) -> Option<&LearnedShape> {
        self.entries
            .iter()
            .find(|e| e.url == url.trim() && e.model == model.trim())
    }

    /// Keeps what one call to `url` and `model` taught: the `shape` it ended with, the changes
    /// it `adapted` (added to those learned before) and whether the model `reasoning`. A call
    /// that taught nothing new changes nothing.
    pub fn learn(
        &mut self,
        url: &str,
        model: &str,
        shape: Shape,
        adapted: &[Change],
        reasoning: bool,
    ) {
        let known = self.get(url, model);
        if adapted.is_empty() && known.is_some_and(|k| k.reasoning || !reasoning) {
            return;
        }
        if adapted.is_empty() && known.is_none() && !reasoning {
            return;
        }
        let mut changes = known.map(|k| k.changes.clone()).unwrap_or_default();
        changes.extend_from_slice(adapted);
        let reasoning = reasoning || known.is_some_and(|k| k.reasoning);
        self.remember(url, model, shape, &changes);
        if let Some(entry) = self.entries.last_mut() {
            entry.reasoning = reasoning;
        }
    }

    /// Keeps `shape` (reached by `changes`) for `url` and `model`.
    pub fn remember(&mut self, url: &str, model: &str, shape: Shape, changes: &[Change]) {
        let (url, model) = (url.trim(), model.trim());
        self.entries.retain(|e| e.url != url || e.model != model);
        self.entries.push(LearnedShape {
            url: url.to_owned(),
            model: model.to_owned(),
            shape,
            changes: changes.to_vec(),
            reasoning: false,
        });
        if self.entries.len() > Self::MAX {
            self.entries.remove(0);
        }
    }

    /// Whether nothing was learned.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GPT5_MAX_TOKENS: &str = r#"{"error":{"message":"Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.","type":"invalid_request_error","param":"max_tokens","code":"unsupported_parameter"}}"#;
    const GPT5_TEMPERATURE: &str = r#"{"error":{"message":"Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.","type":"invalid_request_error","param":"temperature","code":"unsupported_value"}}"#;
    const FINE_TUNED_SCHEMA: &str = r#"{"error":{"message":"Invalid schema for response_format 'clarification': In context=('properties', 'question'), 'maxLength' is not permitted.","type":"invalid_request_error","param":"response_format","code":null}}"#;
    const MIN_ITEMS: &str = r#"{"type":"error","error":{"type":"invalid_request_error","message":"For 'array' type, property 'minItems' only supports values 0 or 1"}}"#;
    const VLLM_STYLE: &str = r#"{"object":"error","message":"response_format type json_object is not supported","type":"BadRequestError","param":null,"code":400}"#;
    const GEMINI_LIST: &str = r#"[{"error":{"code":400,"message":"Invalid JSON payload received. Unknown name \"max_completion_tokens\": Cannot find field.","status":"INVALID_ARGUMENT"}}]"#;

    #[test]
    fn refusals_are_read_from_param_or_message_in_each_providers_shape() {
        assert_eq!(refusal(GPT5_MAX_TOKENS), Some(Refused::MaxTokens));
        assert_eq!(refusal(GPT5_TEMPERATURE), Some(Refused::Temperature));
        assert_eq!(refusal(FINE_TUNED_SCHEMA), Some(Refused::SchemaKeyword));
        assert_eq!(refusal(MIN_ITEMS), Some(Refused::SchemaKeyword));
        assert_eq!(refusal(VLLM_STYLE), Some(Refused::JsonObject));
        assert_eq!(refusal(GEMINI_LIST), Some(Refused::MaxCompletionTokens));
        for nothing in [
            r#"{"error":{"message":"Invalid API Key"}}"#,
            "Bad Request",
            "",
            r#"{"error":"model is required"}"#,
        ] {
            assert_eq!(refusal(nothing), None, "{nothing}");
        }
    }

    #[test]
    fn a_gpt5_shaped_refusal_ladder_ends_in_the_reasoning_shape() {
        let (s1, c1) = Shape::default()
            .adapt(Refused::MaxTokens, true, &[])
            .unwrap();
        assert_eq!(c1, Change::MaxCompletionTokens);
        let (s2, c2) = s1.adapt(Refused::Temperature, true, &[c1]).unwrap();
        assert_eq!(c2, Change::NoTemperature);
        assert_eq!(s2, Shape::reasoning());
        assert_eq!(s2.adapt(Refused::Temperature, true, &[c1, c2]), None);
    }

    #[test]
    fn the_format_ladder_goes_schema_then_plain_schema_then_json_object_then_instructions() {
        let full = Shape::default();
        let (plain, c) = full.adapt(Refused::SchemaKeyword, true, &[]).unwrap();
        assert_eq!(
            (plain.format, c),
            (
                Format::Schema(SchemaKeywords::NONE),
                Change::SchemaWithoutLimits
            )
        );
        let (object, c) = plain.adapt(Refused::SchemaKeyword, true, &[]).unwrap();
        assert_eq!((object.format, c), (Format::JsonObject, Change::JsonObject));
        let (bare, c) = object.adapt(Refused::JsonObject, true, &[]).unwrap();
        assert_eq!(
            (bare.format, c),
            (Format::Instructions, Change::InstructionsOnly)
        );
        assert_eq!(bare.adapt(Refused::ResponseFormat, true, &[]), None);
        // A request that asks for no JSON cannot be fixed by changing its format.
        assert_eq!(full.adapt(Refused::SchemaKeyword, false, &[]), None);
        // A server refusing both token names gets none.
        let (s, c) = full.adapt(Refused::MaxTokens, false, &[]).unwrap();
        let (s, c2) = s.adapt(Refused::MaxCompletionTokens, false, &[c]).unwrap();
        assert_eq!((s.tokens, c2), (TokenField::Omit, Change::NoTokenLimit));
    }

    #[test]
    fn a_shape_reshapes_the_body() {
        let mut body = serde_json::json!({
            "model": "m", "max_tokens": 100, "temperature": 0.0, "stream": true,
            "stream_options": {"include_usage": true},
            "response_format": {"type": "json_schema", "json_schema": {"schema": {
                "type": "object", "properties": {"a": {"type": "array", "minItems": 2,
                "maxItems": 4, "items": {"type": "string", "minLength": 1, "maxLength": 9}}}}}}
        });
        let mut reasoning = body.clone();
        Shape::reasoning().apply(&mut reasoning);
        assert_eq!(reasoning.get("max_tokens"), None);
        assert_eq!(reasoning["max_completion_tokens"], 100 + REASONING_HEADROOM);
        assert_eq!(reasoning.get("temperature"), None);
        let plain = Shape {
            format: Format::Schema(SchemaKeywords::NONE),
            stream_usage: false,
            ..Shape::default()
        };
        plain.apply(&mut body);
        let text = body.to_string();
        for gone in [
            "minItems",
            "maxItems",
            "minLength",
            "maxLength",
            "stream_options",
        ] {
            assert!(!text.contains(gone), "{gone}: {text}");
        }
        assert_eq!(body["max_tokens"], 100);
        let mut object = body.clone();
        Shape {
            format: Format::JsonObject,
            ..Shape::default()
        }
        .apply(&mut object);
        assert_eq!(
            object["response_format"],
            serde_json::json!({"type": "json_object"})
        );
        Shape {
            format: Format::Instructions,
            ..Shape::default()
        }
        .apply(&mut object);
        assert_eq!(object.get("response_format"), None);
    }

    #[test]
    fn profiles_are_chosen_from_the_host_and_the_model_and_named_by_hosts() {
        for (url, model, kind) in [
            (
                "https://api.openai.com/v1",
                "gpt-5-mini",
                ProfileKind::OpenAiReasoning,
            ),
            (
                "https://api.openai.com/v1",
                "o4-mini",
                ProfileKind::OpenAiReasoning,
            ),
            ("https://api.openai.com/v1/", "gpt-4.1", ProfileKind::OpenAi),
            ("https://res.openai.azure.com", "dep", ProfileKind::Azure),
            (
                "https://api.anthropic.com/v1/",
                "claude-sonnet-4-5",
                ProfileKind::Anthropic,
            ),
            (
                "https://generativelanguage.googleapis.com/v1beta/openai/",
                "gemini-2.5-flash",
                ProfileKind::Gemini,
            ),
            (
                "https://api.deepseek.com",
                "deepseek-chat",
                ProfileKind::DeepSeek,
            ),
            (
                "https://api.mistral.ai/v1",
                "mistral-small-latest",
                ProfileKind::Mistral,
            ),
            (
                "https://api.groq.com/openai/v1",
                "llama-3.3-70b-versatile",
                ProfileKind::Groq,
            ),
            (
                "https://openrouter.ai/api/v1",
                "openai/gpt-5-mini",
                ProfileKind::OpenRouter,
            ),
            (
                "http://127.0.0.1:11434/v1",
                "llama3.2",
                ProfileKind::Generic,
            ),
            (
                "http://evil.example/api.openai.com/v1",
                "gpt-5",
                ProfileKind::Generic,
            ),
        ] {
            assert_eq!(ProfileKind::detect(url, model), kind, "{url} {model}");
        }
        for kind in ProfileKind::ALL {
            assert_eq!(ProfileKind::parse(kind.name()), Ok(kind));
        }
        assert_eq!(ProfileKind::parse("LM_Studio"), Ok(ProfileKind::LmStudio));
        assert_eq!(ProfileKind::parse("llama.cpp"), Ok(ProfileKind::LlamaCpp));
        assert_eq!(ProfileKind::parse("LMStudio"), Ok(ProfileKind::LmStudio));
        assert!(
            ProfileKind::parse("gpt")
                .unwrap_err()
                .to_string()
                .contains("openai-reasoning")
        );
        assert_eq!(
            ProfileKind::OpenAi.profile("gpt-5").shape,
            Shape::reasoning()
        );
        assert_eq!(
            ProfileKind::Azure.profile("o3-mini").shape,
            Shape::reasoning()
        );
        assert_eq!(ProfileKind::Azure.profile("gpt-4o").key, KeyHeader::ApiKey);
    }

    #[test]
    fn azure_urls_get_their_deployment_path_and_api_version() {
        let azure = ProfileKind::Azure.profile("gpt-4o");
        let v = AZURE_API_VERSION;
        for (url, want) in [
            ("https://r.openai.azure.com", format!("https://r.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version={v}")),
            ("https://r.openai.azure.com/openai/deployments/d/", format!("https://r.openai.azure.com/openai/deployments/d/chat/completions?api-version={v}")),
            ("https://r.openai.azure.com/openai/deployments/d?api-version=2025-01-01-preview", "https://r.openai.azure.com/openai/deployments/d/chat/completions?api-version=2025-01-01-preview".to_owned()),
            ("https://r.openai.azure.com/openai/v1", "https://r.openai.azure.com/openai/v1/chat/completions".to_owned()),
        ] {
            assert_eq!(azure.url(url, "gpt-4o"), want, "{url}");
        }
        let generic = ProfileKind::Generic.profile("m");
        assert_eq!(
            generic.url("http://h/v1/", "m"),
            "http://h/v1/chat/completions"
        );
        assert_eq!(
            generic.url("http://h/v1/chat/completions", "m"),
            "http://h/v1/chat/completions"
        );
    }

    #[test]
    fn learned_shapes_are_kept_per_endpoint_and_model() {
        let mut learned = Learned::default();
        learned.remember(
            "http://h/v1",
            "m",
            Shape::reasoning(),
            &[Change::NoTemperature],
        );
        assert_eq!(
            learned.get(" http://h/v1", "m").map(|l| l.shape),
            Some(Shape::reasoning())
        );
        assert_eq!(learned.get("http://h/v1", "other"), None);
        let json = serde_json::to_string(&learned).unwrap();
        assert_eq!(serde_json::from_str::<Learned>(&json).unwrap(), learned);
    }

    const O1_SYSTEM: &str = r#"{"error":{"message":"Unsupported value: 'messages[0].role' does not support 'system' with this model.","type":"invalid_request_error","param":"messages[0].role","code":"unsupported_value"}}"#;
    const GEMMA_SYSTEM: &str =
        r#"{"error":{"code":500,"message":"System role not supported","type":"server_error"}}"#;
    const ALTERNATE: &str = r#"{"object":"error","message":"Conversation roles must alternate user/assistant/user/assistant/...","type":"BadRequestError","param":null,"code":400}"#;
    const JSON_OBJECT_OR_TEXT: &str = r#"{"error":{"message":"'response_format.type' must be 'json_object' or 'text'","type":"invalid_request_error"}}"#;

    #[test]
    fn role_refusals_are_read_and_adapted_once_each() {
        assert_eq!(refusal(O1_SYSTEM), Some(Refused::SystemRole));
        assert_eq!(refusal(GEMMA_SYSTEM), Some(Refused::SystemRole));
        assert_eq!(refusal(ALTERNATE), Some(Refused::RoleAlternation));
        assert_eq!(refusal(JSON_OBJECT_OR_TEXT), Some(Refused::JsonObject));
        let (folded, c) = Shape::default()
            .adapt(Refused::SystemRole, true, &[])
            .unwrap();
        assert_eq!(
            (folded.system_role, folded.alternate, c),
            (false, false, Change::SystemInUser)
        );
        // Still refused with the instructions in the user's turn: the turns must alternate.
        let (merged, c) = folded.adapt(Refused::SystemRole, true, &[c]).unwrap();
        assert_eq!((merged.alternate, c), (true, Change::MergedTurns));
        assert_eq!(merged.adapt(Refused::RoleAlternation, true, &[]), None);
        let (merged, _) = Shape::default()
            .adapt(Refused::RoleAlternation, false, &[])
            .unwrap();
        assert!(!merged.system_role && merged.alternate);
    }

    #[test]
    fn a_format_refusal_steps_down_whichever_format_it_names() {
        let (object, c) = Shape::default()
            .adapt(Refused::JsonObject, true, &[])
            .unwrap();
        assert_eq!((object.format, c), (Format::JsonObject, Change::JsonObject));
        let (bare, c) = object.adapt(Refused::JsonSchema, true, &[]).unwrap();
        assert_eq!(
            (bare.format, c),
            (Format::Instructions, Change::InstructionsOnly)
        );
    }

    #[test]
    fn turns_are_reshaped_and_the_schema_goes_into_the_instructions_when_off_the_wire() {
        let request = ChatRequest {
            purpose: crate::protocol::request::Purpose::Detection,
            messages: vec![
                Message::new(Role::System, "Decide."),
                Message::new(Role::User, "Earlier."),
                Message::new(Role::User, "Plan a trip"),
            ],
            response_format: Some(serde_json::json!({"type": "json_schema", "json_schema": {
                "schema": {"type": "object", "required": ["needs_clarification"]}}})),
            max_tokens: None,
            temperature: None,
            stream: false,
        };
        let shaped = |shape: Shape| {
            let mut request = request.clone();
            shape.reshape(&mut request);
            let mut body = request.to_body("m");
            shape.apply(&mut body);
            body
        };
        let sent = shaped(Shape {
            system_role: false,
            alternate: true,
            format: Format::JsonObject,
            ..Shape::default()
        });
        let messages = sent["messages"].as_array().unwrap();
        assert_eq!(messages.len(), 1, "{messages:?}");
        assert_eq!(messages[0]["role"], "user");
        let content = messages[0]["content"].as_str().unwrap();
        assert!(
            content.starts_with(
                "Decide.\n\nReply with one JSON object that follows this JSON Schema: {"
            ),
            "{content}"
        );
        assert!(
            content.contains("needs_clarification") && content.ends_with("Earlier.\n\nPlan a trip"),
            "{content}"
        );
        assert_eq!(
            sent["response_format"],
            serde_json::json!({"type": "json_object"})
        );
        // The full shape leaves the turns and the instructions as they are.
        let full = shaped(Shape::default());
        assert_eq!(
            full["messages"],
            serde_json::to_value(&request.messages).unwrap()
        );
        // Without the system role: the system text heads the first user turn, whatever follows.
        let mut request = request.clone();
        request
            .messages
            .insert(2, Message::new(Role::Assistant, "Noted."));
        Shape {
            system_role: false,
            ..Shape::default()
        }
        .reshape(&mut request);
        let turns: Vec<(Role, &str)> = request
            .messages
            .iter()
            .map(|m| (m.role, m.content.as_str()))
            .collect();
        assert_eq!(
            turns,
            [
                (Role::User, "Decide.\n\nEarlier."),
                (Role::Assistant, "Noted."),
                (Role::User, "Plan a trip")
            ]
        );
    }

    #[test]
    fn what_an_endpoint_accepts_is_said_and_kept_with_the_shape() {
        let shape = Shape {
            system_role: false,
            format: Format::JsonObject,
            ..Shape::default()
        };
        assert_eq!(
            shape.accepts(true, Language::English),
            "no system role · JSON mode only · reasoning model"
        );
        assert_eq!(
            Shape::default().accepts(false, Language::Simplified),
            "JSON 架构"
        );
        let mut learned = Learned::default();
        learned.learn("u", "m", Shape::default(), &[], false);
        assert!(learned.is_empty(), "nothing taught, nothing kept");
        learned.learn("u", "m", Shape::default(), &[], true);
        learned.learn("u", "m", shape, &[Change::SystemInUser], false);
        let known = learned.get("u", "m").unwrap();
        assert!(
            known.reasoning,
            "a later call without reasoning forgets nothing"
        );
        assert_eq!(known.changes, [Change::SystemInUser]);
        assert_eq!(
            known.accepts(Language::English),
            "no system role · JSON mode only · reasoning model"
        );
        // Saved before these fields existed: read with the full roles.
        let old: Learned = serde_json::from_str(
            r#"{"entries":[{"url":"u","model":"m","shape":{"tokens":"max_tokens"},"changes":[]}]}"#,
        )
        .unwrap();
        let old = old.get("u", "m").unwrap();
        assert!(old.shape.system_role && !old.shape.alternate && !old.reasoning);
    }
}
