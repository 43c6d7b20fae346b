//! The OpenAI chat-completions wire format: response and stream-chunk shapes, the error body, an
//! incremental server-sent-events decoder, and the errors a call can end in, worded for users.
//!
//! Pure: no I/O, no clock. [`Exchange`](crate::exchange::Exchange) drives one call with these
//! pieces: it sends [`ChatRequest::to_body`](crate::ChatRequest::to_body) to [`completions_url`],
//! then feeds what comes back to [`parse_completion`] or, streamed, to a [`SseDecoder`] and a
//! [`StreamState`]. Replies are data: every field is optional, unknown fields are ignored, and
//! sizes are capped, so a hostile or broken reply ends in a [`CallError`], never a panic.

use serde::Deserialize;

use crate::phrase::Phrase;
use crate::protocol::language::Language;
use crate::protocol::request::Usage;
use crate::reasoning::ReasoningFilter;
use strum::{IntoStaticStr, VariantArray, VariantNames};

/// Default largest reply body read (a non-streamed reply, or the sum of a stream's events).
/// A detection reply is a few KB and a long answer well under 1 MB.
pub const MAX_BODY_BYTES: usize = 2 * 1024 * 1024;
/// Default attempts per call (the first plus two retries) on 429, 5xx and network errors.
pub const MAX_ATTEMPTS: u32 = 3;
/// Characters of a server's own error message kept in a [`CallError`].
const DETAIL_CHARS: usize = 160;

/// The URL to POST chat completions to: `endpoint` itself when it already ends with
/// `/chat/completions`, else `endpoint` + `/chat/completions` (so `http://host/v1` works).
pub fn completions_url(endpoint: &str) -> String {
    let base = endpoint.trim().trim_end_matches('/');
    if base.ends_with("/chat/completions") {
        base.to_owned()
    } else {
        format!("{base}/chat/completions")
    }
}

/// Milliseconds to wait before attempt `attempt` (1-based retries: 1 → 500 ms, 2 → 1 s, …,
/// at most 8 s).
pub fn backoff_ms(attempt: u32) -> u32 {
    500u32.saturating_mul(1 << attempt.saturating_sub(1).min(4))
}

/// A non-streamed reply: `{"choices": [{"message": {"content": …}, "finish_reason": …}], "usage": …}`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct ChatCompletion {
    /// The alternatives; the first is used.
    pub choices: Vec<CompletionChoice>,
    /// Token counts.
    pub usage: Option<Usage>,
}

/// One alternative of a [`ChatCompletion`].
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct CompletionChoice {
    /// The assistant's message.
    pub message: Option<WireMessage>,
    /// `stop`, `length`, …
    pub finish_reason: Option<String>,
}

/// The assistant's message (or a stream's delta).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct WireMessage {
    /// Its text; `null` in a stream's first delta.
    pub content: Option<String>,
    /// A reasoning model's thinking, apart from the text (DeepSeek, vLLM and llama.cpp with a
    /// reasoning parser): counted, never kept.
    pub reasoning_content: Option<String>,
    /// The same under OpenRouter's and newer vLLM's name.
    pub reasoning: Option<String>,
}

impl WireMessage {
    /// Characters of reasoning the message carries outside its text.
    fn reasoning_chars(&self) -> usize {
        [&self.reasoning_content, &self.reasoning]
            .into_iter()
            .flatten()
            .map(|r| r.chars().count())
            .sum()
    }
}

/// One streamed event: `{"choices": [{"delta": {"content": …}, "finish_reason": …}], "usage"?: …}`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct ChatChunk {
    /// Empty in the final usage chunk.
    pub choices: Vec<ChunkChoice>,
    /// Present in the usage chunk (`stream_options.include_usage`).
    pub usage: Option<Usage>,
    /// Set when the server reports an error inside the stream.
    pub error: Option<ErrorDetail>,
}

/// One alternative of a [`ChatChunk`].
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct ChunkChoice {
    /// The new text, if any.
    pub delta: Option<WireMessage>,
    /// Set on the last content chunk.
    pub finish_reason: Option<String>,
}

/// An OpenAI-style error body: `{"error": {"message": …, "type": …, "code": …}}`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct ErrorBody {
    /// The error.
    pub error: Option<ErrorDetail>,
}

/// The inside of an [`ErrorBody`].
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct ErrorDetail {
    /// What went wrong, in the server's words.
    pub message: Option<String>,
    /// A category such as `invalid_request_error`.
    #[serde(rename = "type")]
    pub kind: Option<String>,
}

/// A finished reply, streamed or not.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reply {
    /// The assistant's text, without the model's reasoning (see [`ReasoningFilter`]).
    pub text: String,
    /// Token counts, if reported.
    pub usage: Option<Usage>,
    /// Why generation stopped (`stop`, `length`, …), if reported.
    pub finish_reason: Option<String>,
    /// Characters of reasoning the model sent (a leading `<think>` block, `reasoning_content`
    /// fields): counted only, so no reasoning text can reach a page, a prompt or a snapshot.
    pub reasoning_chars: usize,
}

impl Reply {
    /// Whether the model ran out of `max_tokens` (the text may be cut mid-sentence or mid-JSON).
    pub fn truncated(&self) -> bool {
        self.finish_reason.as_deref() == Some("length")
    }

    /// Whether the model reasoned before (or instead of) its text.
    pub fn reasoned(&self) -> bool {
        self.reasoning_chars > 0
    }

    /// A reasoning model spent its whole token limit thinking: no text, cut for `length`.
    pub fn reasoning_spent_the_limit(&self) -> bool {
        self.truncated() && self.reasoned() && self.text.trim().is_empty()
    }
}

/// How a call failed. The messages say what was expected and what came, never contain the API
/// key (it goes only into the `Authorization` header) and quote at most a short,
/// control-character-free preview of what the server said. They name no host: a host that
/// knows where the user sets the key, or why its platform blocked a reply, adds that itself.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CallError {
    /// HTTP 401 or 403.
    #[error("the endpoint refused the API key (HTTP {status}){detail}")]
    Unauthorized {
        /// 401 or 403.
        status: u16,
        /// The server's message, prefixed with ": " when present.
        detail: String,
    },
    /// HTTP 404.
    #[error(
        "the endpoint has no model \"{model}\" or no chat-completions route at this URL (HTTP 404){detail}"
    )]
    NotFound {
        /// The model that was asked for.
        model: String,
        /// The server's message.
        detail: String,
    },
    /// HTTP 429.
    #[error("the endpoint is rate limiting requests (HTTP 429){detail}")]
    RateLimited {
        /// The server's message.
        detail: String,
    },
    /// HTTP 5xx.
    #[error("the endpoint failed (HTTP {status}){detail}")]
    Server {
        /// The status.
        status: u16,
        /// The server's message.
        detail: String,
    },
    /// Any other non-2xx status (400 for a bad schema, …).
    #[error("the endpoint refused the request (HTTP {status}){detail}")]
    Rejected {
        /// The status.
        status: u16,
        /// The server's message.
        detail: String,
    },
    /// Nothing answered: connection refused, DNS failure, host down.
    #[error("cannot reach the endpoint {endpoint} ({detail}); is the server running?")]
    Unreachable {
        /// The URL called.
        endpoint: String,
        /// What the network layer said.
        detail: HostWords,
    },
    /// The host has no network (a browser that reports itself offline): nothing was reached.
    #[error("the browser is offline")]
    Offline,
    /// Something answers at the endpoint, but the host may not read its reply.
    #[error("the endpoint {endpoint} answers, but {reason}")]
    Blocked {
        /// The URL called.
        endpoint: String,
        /// Why the host may not read the reply.
        reason: HostWords,
    },
    /// The host's own rules kept the request from being sent (a page's Content-Security-Policy).
    #[error("this page may not connect to {endpoint}: {reason}")]
    Refused {
        /// The URL called.
        endpoint: String,
        /// The rule that refused it.
        reason: HostWords,
    },
    /// No complete reply within the time limit.
    #[error("no reply from the endpoint within {seconds} s")]
    Timeout {
        /// The limit.
        seconds: u32,
    },
    /// The user or host cancelled the call.
    #[error("the request was cancelled")]
    Cancelled,
    /// The connection broke while the reply was arriving.
    #[error("the connection broke after {received} bytes of the reply ({detail})")]
    Interrupted {
        /// Bytes received before the break.
        received: usize,
        /// What the network layer said.
        detail: String,
    },
    /// The reply is bigger than the client's body cap.
    #[error("the reply is larger than {limit} bytes; stopped reading")]
    TooLarge {
        /// The cap.
        limit: usize,
    },
    /// The reply is not a chat completion.
    #[error("expected a JSON chat completion, got {0}")]
    BadReply(String),
    /// The server reported an error inside the stream.
    #[error("the endpoint reported an error mid-reply{0}")]
    StreamError(String),
    /// A reasoning model spent its whole token limit thinking and wrote no text, even after
    /// the request gave it more room.
    #[error(
        "the model spent its token limit reasoning, even with more room; raise the cap or lower its reasoning effort"
    )]
    ReasoningCut,
}

impl CallError {
    /// What to tell the user about this failure, in `language`: in English the `Display` text;
    /// the server's and the host's own words (`detail`, `reason`) are quoted as they came.
    pub fn in_words(&self, language: Language) -> String {
        let (phrase, slots): (Phrase, Vec<String>) = match self {
            Self::Unauthorized { status, detail } => (
                Phrase::CallUnauthorized,
                vec![status.to_string(), detail.clone()],
            ),
            Self::NotFound { model, detail } => {
                (Phrase::CallNotFound, vec![model.clone(), detail.clone()])
            }
            Self::RateLimited { detail } => (Phrase::CallRateLimited, vec![detail.clone()]),
            Self::Server { status, detail } => {
                (Phrase::CallServer, vec![status.to_string(), detail.clone()])
            }
            Self::Rejected { status, detail } => (
                Phrase::CallRejected,
                vec![status.to_string(), detail.clone()],
            ),
            Self::Unreachable { endpoint, detail } => (
                Phrase::CallUnreachable,
                vec![endpoint.clone(), detail.in_words(language)],
            ),
            Self::Offline => (Phrase::CallOffline, vec![]),
            Self::Blocked { endpoint, reason } => (
                Phrase::CallBlocked,
                vec![endpoint.clone(), reason.in_words(language)],
            ),
            Self::Refused { endpoint, reason } => (
                Phrase::CallRefused,
                vec![endpoint.clone(), reason.in_words(language)],
            ),
            Self::Timeout { seconds } => (Phrase::CallTimeout, vec![seconds.to_string()]),
            Self::Cancelled => (Phrase::CallCancelled, vec![]),
            Self::Interrupted { received, detail } => (
                Phrase::CallInterrupted,
                vec![received.to_string(), detail.clone()],
            ),
            Self::TooLarge { limit } => (Phrase::CallTooLarge, vec![limit.to_string()]),
            Self::BadReply(got) => (Phrase::CallBadReply, vec![got.clone()]),
            Self::StreamError(detail) => (Phrase::CallStreamError, vec![detail.clone()]),
            Self::ReasoningCut => (Phrase::CallReasoningCut, vec![]),
        };
        let slots: Vec<&str> = slots.iter().map(String::as_str).collect();
        phrase.fill(language, &slots)
    }

    /// The failure's kind, for a host's event (`clarify-error`) and the trace.
    pub fn code(&self) -> FailureCode {
        match self {
            Self::Unauthorized { .. } => FailureCode::Unauthorized,
            Self::NotFound { .. } => FailureCode::NotFound,
            Self::RateLimited { .. } => FailureCode::RateLimited,
            Self::Server { .. } => FailureCode::ServerError,
            Self::Rejected { .. } => FailureCode::EndpointRefused,
            Self::Unreachable { .. } => FailureCode::Unreachable,
            Self::Offline => FailureCode::Offline,
            Self::Blocked { .. } => FailureCode::Blocked,
            Self::Refused { .. } => FailureCode::PageRefused,
            Self::Timeout { .. } => FailureCode::Timeout,
            Self::Cancelled => FailureCode::Cancelled,
            Self::Interrupted { .. } => FailureCode::Interrupted,
            Self::TooLarge { .. } => FailureCode::TooLarge,
            Self::BadReply(_) => FailureCode::BadReply,
            Self::StreamError(_) => FailureCode::StreamError,
            Self::ReasoningCut => FailureCode::ReasoningCut,
        }
    }

    /// The server's own words about a refusal (without the leading ": "), if any.
    pub fn server_words(&self) -> Option<&str> {
        match self {
            Self::Unauthorized { detail, .. }
            | Self::NotFound { detail, .. }
            | Self::RateLimited { detail }
            | Self::Server { detail, .. }
            | Self::Rejected { detail, .. } => {
                let words = detail.trim_start_matches(": ");
                (!words.is_empty()).then_some(words)
            }
            Self::Unreachable { .. }
            | Self::Offline
            | Self::Blocked { .. }
            | Self::Refused { .. }
            | Self::Timeout { .. }
            | Self::Cancelled
            | Self::Interrupted { .. }
            | Self::TooLarge { .. }
            | Self::BadReply(_)
            | Self::StreamError(_)
            | Self::ReasoningCut => None,
        }
    }

    /// Whether trying again soon may help: 429, 5xx and network errors (an offline host too:
    /// the network may be back within the attempts). Not a timeout (the
    /// server is there but slow: retrying would multiply the wait) and not a broken stream (text
    /// was already shown; the user retries).
    pub fn is_retryable(&self) -> bool {
        matches!(
            self,
            Self::RateLimited { .. }
                | Self::Server { .. }
                | Self::Unreachable { .. }
                | Self::Offline
        )
    }
}

/// Why a host's network layer failed: its own words, or a cause a browser tells apart, which
/// the engine words in each language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HostWords {
    /// What the network layer said, quoted as it came.
    Said(String),
    /// The page's Content-Security-Policy (`connect-src`) does not list the endpoint.
    PagePolicy,
    /// The server answers but not for this page's origin (CORS).
    CorsBlocked,
    /// A network error: nothing answers, or CORS refused (a browser cannot tell which).
    NoAnswer,
}

impl HostWords {
    /// The words in `language` (what the host said is quoted as it came).
    pub fn in_words(&self, language: Language) -> String {
        match self {
            Self::Said(said) => said.clone(),
            Self::PagePolicy => Phrase::CspRefused.text(language).to_owned(),
            Self::CorsBlocked => Phrase::CorsBlocked.text(language).to_owned(),
            Self::NoAnswer => Phrase::NoAnswer.text(language).to_owned(),
        }
    }
}

impl std::fmt::Display for HostWords {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.in_words(Language::English))
    }
}

impl From<String> for HostWords {
    fn from(said: String) -> Self {
        Self::Said(said)
    }
}

impl From<&str> for HostWords {
    fn from(said: &str) -> Self {
        Self::Said(said.to_owned())
    }
}

/// The kind of a [`CallError`], written `snake_case` (`endpoint_refused`, `timeout`, …).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, IntoStaticStr, VariantNames, VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum FailureCode {
    /// HTTP 401 or 403.
    Unauthorized,
    /// HTTP 404.
    NotFound,
    /// HTTP 429.
    RateLimited,
    /// HTTP 5xx.
    ServerError,
    /// Another 4xx: the endpoint refused the request (and no adaptation fixed it).
    EndpointRefused,
    /// Nothing answered.
    Unreachable,
    /// The browser is offline.
    Offline,
    /// The host may not read the reply (CORS).
    Blocked,
    /// The page's own policy kept the request from being sent.
    PageRefused,
    /// No reply in time.
    Timeout,
    /// Cancelled.
    Cancelled,
    /// The connection broke mid-reply.
    Interrupted,
    /// The reply was over the body cap.
    TooLarge,
    /// The reply was not a chat completion.
    BadReply,
    /// An error event inside the stream.
    StreamError,
    /// A reasoning model spent its token limit thinking and wrote nothing.
    ReasoningCut,
}
crate::unit_enum::impl_unit_enum!(FailureCode);

impl FailureCode {
    /// Every code, in the order of the documentation's list.
    pub const ALL: [Self; 16] = [
        Self::Unauthorized,
        Self::NotFound,
        Self::RateLimited,
        Self::ServerError,
        Self::EndpointRefused,
        Self::Unreachable,
        Self::Offline,
        Self::Blocked,
        Self::PageRefused,
        Self::Timeout,
        Self::Cancelled,
        Self::Interrupted,
        Self::TooLarge,
        Self::BadReply,
        Self::StreamError,
        Self::ReasoningCut,
    ];
}

/// The error for a non-2xx `status` with `body`, when `model` was asked for.
pub fn status_error(status: u16, body: &str, model: &str) -> CallError {
    let detail = error_detail(body);
    match status {
        401 | 403 => CallError::Unauthorized { status, detail },
        404 => CallError::NotFound {
            model: preview(model, 80),
            detail,
        },
        429 => CallError::RateLimited { detail },
        500..=599 => CallError::Server { status, detail },
        _ => CallError::Rejected { status, detail },
    }
}

/// `": message"` from an OpenAI error body, or from a short plain-text body; empty otherwise.
fn error_detail(body: &str) -> String {
    let message = serde_json::from_str::<ErrorBody>(body)
        .ok()
        .and_then(|b| b.error)
        .and_then(|e| e.message.or(e.kind))
        .or_else(|| {
            let t = body.trim();
            // HTML error pages are noise to a user; short plain text is kept.
            (!t.is_empty() && !t.starts_with('<') && !t.starts_with('{')).then(|| t.to_owned())
        });
    match message {
        Some(m) if !m.trim().is_empty() => format!(": {}", preview(&m, DETAIL_CHARS)),
        _ => String::new(),
    }
}

/// At most `max` characters of `text` on one line, control characters replaced, "…" if cut.
pub fn preview(text: &str, max: usize) -> String {
    let mut out: String = text
        .chars()
        .take(max)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if text.chars().nth(max).is_some() {
        out.push('…');
    }
    out.trim().to_owned()
}

/// Reads a non-streamed reply body, already capped by the caller. `content_type` (if known) is
/// only quoted in the error.
///
/// A body that is a stream after all (`data: …` lines) is read as one.
///
/// # Errors
/// [`CallError::BadReply`] when the body is not a JSON object with a first choice that has a
/// message.
pub fn parse_completion(body: &str, content_type: Option<&str>) -> Result<Reply, CallError> {
    let trimmed = body.trim_start();
    if trimmed.starts_with("data:") {
        let mut decoder = SseDecoder::with_limit(usize::MAX);
        let mut state = StreamState::default();
        for event in decoder
            .push(body.as_bytes())?
            .into_iter()
            .chain(decoder.finish())
        {
            state.apply(&event)?;
        }
        return state.finish();
    }
    let what = || {
        let content_type = content_type.map(|t| format!(" ({})", preview(t, 60)));
        let content_type = content_type.as_deref().unwrap_or_default();
        if trimmed.is_empty() {
            format!("an empty body{content_type}")
        } else if serde_json::from_str::<serde_json::Value>(body).is_ok() {
            format!(
                "valid JSON of another shape (a chat completion has choices[0].message): \"{}\"",
                preview(trimmed, 60)
            )
        } else {
            format!(
                "a body that is not valid JSON{content_type}: \"{}\"",
                preview(trimmed, 60)
            )
        }
    };
    let completion: ChatCompletion =
        serde_json::from_str(body).map_err(|_| CallError::BadReply(what()))?;
    let Some(choice) = completion.choices.into_iter().next() else {
        return Err(CallError::BadReply(what()));
    };
    let message = choice.message.unwrap_or_default();
    let mut filter = ReasoningFilter::default();
    let mut text = filter.push(message.content.as_deref().unwrap_or_default());
    text.push_str(&filter.finish());
    Ok(Reply {
        text,
        usage: completion.usage,
        finish_reason: choice.finish_reason,
        reasoning_chars: filter.reasoning_chars() + message.reasoning_chars(),
    })
}

/// One server-sent event's data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SseEvent {
    /// The joined `data:` lines of one event.
    Data(String),
    /// `data: [DONE]`: the stream is complete.
    Done,
}

/// Splits a byte stream into server-sent events, whatever the chunk boundaries (mid-line,
/// mid-UTF-8 character, `\n` or `\r\n`). Comments (`:`), `event:`, `id:` and `retry:` lines are
/// ignored. [`Default`] caps the stream at [`MAX_BODY_BYTES`].
#[derive(Debug, Clone)]
pub struct SseDecoder {
    line: Vec<u8>,
    data: Option<String>,
    received: usize,
    limit: usize,
}

impl Default for SseDecoder {
    fn default() -> Self {
        Self::with_limit(MAX_BODY_BYTES)
    }
}

impl SseDecoder {
    /// A decoder that stops after `limit` bytes.
    pub fn with_limit(limit: usize) -> Self {
        Self {
            line: Vec::new(),
            data: None,
            received: 0,
            limit,
        }
    }

    /// Bytes pushed so far.
    pub fn received(&self) -> usize {
        self.received
    }

    /// Feeds `bytes`; returns the events they complete.
    ///
    /// # Errors
    /// [`CallError::TooLarge`] once more than its limit has been pushed.
    pub fn push(&mut self, bytes: &[u8]) -> Result<Vec<SseEvent>, CallError> {
        self.received = self.received.saturating_add(bytes.len());
        if self.received > self.limit {
            return Err(CallError::TooLarge { limit: self.limit });
        }
        let mut events = Vec::new();
        for &b in bytes {
            if b == b'\n' {
                let mut line = std::mem::take(&mut self.line);
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
                self.line_done(&String::from_utf8_lossy(&line), &mut events);
            } else {
                self.line.push(b);
            }
        }
        Ok(events)
    }

    /// Ends the stream: an event not yet closed by a blank line is returned.
    pub fn finish(&mut self) -> Option<SseEvent> {
        let mut events = Vec::new();
        if !self.line.is_empty() {
            let line = std::mem::take(&mut self.line);
            self.line_done(&String::from_utf8_lossy(&line), &mut events);
        }
        self.line_done("", &mut events);
        events.pop()
    }

    fn line_done(&mut self, line: &str, events: &mut Vec<SseEvent>) {
        if line.is_empty() {
            if let Some(data) = self.data.take() {
                events.push(if data.trim() == "[DONE]" {
                    SseEvent::Done
                } else {
                    SseEvent::Data(data)
                });
            }
            return;
        }
        let (field, value) = match line.split_once(':') {
            Some((f, v)) => (f, v.strip_prefix(' ').unwrap_or(v)),
            None => (line, ""),
        };
        if field == "data" {
            match &mut self.data {
                Some(d) => {
                    d.push('\n');
                    d.push_str(value);
                }
                None => self.data = Some(value.to_owned()),
            }
        }
    }
}

/// Accumulates a streamed reply from its events.
#[derive(Debug, Clone, Default)]
pub struct StreamState {
    reply: Reply,
    done: bool,
    events: usize,
    filter: ReasoningFilter,
    /// Characters of reasoning in `reasoning_content`/`reasoning` deltas.
    reasoning_fields: usize,
}

impl StreamState {
    /// Applies one event; returns the new text it carries, if any (null and empty deltas,
    /// reasoning and usage-only chunks carry none).
    ///
    /// # Errors
    /// [`CallError::StreamError`] for an error event; [`CallError::BadReply`] for data that is
    /// not a JSON object.
    pub fn apply(&mut self, event: &SseEvent) -> Result<Option<String>, CallError> {
        let data = match event {
            SseEvent::Done => {
                self.done = true;
                let held = self.filter.finish();
                return Ok(self.text_piece(held));
            }
            SseEvent::Data(d) => d,
        };
        self.events += 1;
        let chunk: ChatChunk = serde_json::from_str(data).map_err(|_| {
            CallError::BadReply(format!(
                "a stream event that is not JSON: \"{}\"",
                preview(data, 60)
            ))
        })?;
        if let Some(e) = chunk.error {
            let message = e.message.or(e.kind).unwrap_or_default();
            return Err(CallError::StreamError(if message.is_empty() {
                String::new()
            } else {
                format!(": {}", preview(&message, DETAIL_CHARS))
            }));
        }
        if chunk.usage.is_some() {
            self.reply.usage = chunk.usage;
        }
        let Some(choice) = chunk.choices.into_iter().next() else {
            return Ok(None);
        };
        if choice.finish_reason.is_some() {
            self.reply.finish_reason = choice.finish_reason;
        }
        let delta = choice.delta.unwrap_or_default();
        self.reasoning_fields += delta.reasoning_chars();
        let text = self
            .filter
            .push(delta.content.as_deref().unwrap_or_default());
        Ok(self.text_piece(text))
    }

    /// Keeps `text` and hands it out, unless it is empty.
    fn text_piece(&mut self, text: String) -> Option<String> {
        if text.is_empty() {
            return None;
        }
        self.reply.text.push_str(&text);
        Some(text)
    }

    /// Whether the model is thinking: reasoning has come and no text yet.
    pub fn is_thinking(&self) -> bool {
        self.reply.text.is_empty() && (self.filter.is_inside() || self.reasoning_fields > 0)
    }

    /// Whether `[DONE]` arrived.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The text so far.
    pub fn text(&self) -> &str {
        &self.reply.text
    }

    /// The whole reply, once the stream ended.
    ///
    /// # Errors
    /// [`CallError::BadReply`] when the stream held no event at all.
    pub fn finish(mut self) -> Result<Reply, CallError> {
        if self.events == 0 {
            return Err(CallError::BadReply("an event stream with no events".into()));
        }
        let held = self.filter.finish();
        self.reply.text.push_str(&held);
        self.reply.reasoning_chars = self.filter.reasoning_chars() + self.reasoning_fields;
        Ok(self.reply)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn call_errors_are_told_in_each_language_and_in_english_as_displayed() {
        let every = [
            status_error(401, r#"{"error": {"message": "Invalid API Key"}}"#, "m"),
            status_error(404, "", "smollm2"),
            status_error(429, "", "m"),
            status_error(502, "bad gateway", "m"),
            status_error(400, "", "m"),
            CallError::Unreachable {
                endpoint: "http://127.0.0.1:9/v1".into(),
                detail: "connection refused".into(),
            },
            CallError::Offline,
            CallError::Blocked {
                endpoint: "http://x/v1".into(),
                reason: "CORS".into(),
            },
            CallError::Refused {
                endpoint: "http://x/v1".into(),
                reason: "connect-src".into(),
            },
            CallError::Timeout { seconds: 30 },
            CallError::Cancelled,
            CallError::Interrupted {
                received: 12,
                detail: "reset".into(),
            },
            CallError::TooLarge { limit: 1024 },
            CallError::BadReply("HTML".into()),
            CallError::StreamError(": overloaded".into()),
            CallError::ReasoningCut,
        ];
        for e in every {
            assert_eq!(e.in_words(Language::English), e.to_string());
            for language in [Language::Simplified, Language::Traditional] {
                let said = e.in_words(language);
                let cjk = said.chars().filter(|&c| crate::text::is_cjk(c)).count();
                assert!(cjk >= 2, "{e:?} in {language:?}: {said}");
            }
            // The server's own words come through in every language.
            if let CallError::Unauthorized { detail, .. } = &e {
                assert!(e.in_words(Language::Traditional).ends_with(detail.as_str()));
            }
        }
    }

    const STREAM: &str = "data: {\"choices\":[{\"finish_reason\":null,\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":null}}],\"object\":\"chat.completion.chunk\"}\n\n\
data: {\"choices\":[{\"finish_reason\":null,\"index\":0,\"delta\":{\"content\":\"Hello\"}}]}\n\n\
data: {\"choices\":[{\"finish_reason\":null,\"index\":0,\"delta\":{\"content\":\" wörld\"}}]}\n\n\
data: {\"choices\":[{\"finish_reason\":\"length\",\"index\":0,\"delta\":{}}]}\n\n\
data: {\"choices\":[],\"usage\":{\"completion_tokens\":5,\"prompt_tokens\":31,\"total_tokens\":36},\"timings\":{}}\n\n\
data: [DONE]\n\n";

    fn run(chunks: &[&[u8]]) -> (Vec<String>, Reply, bool) {
        let mut d = SseDecoder::default();
        let mut s = StreamState::default();
        let mut pieces = Vec::new();
        for c in chunks {
            for e in d.push(c).unwrap() {
                pieces.extend(s.apply(&e).unwrap());
            }
        }
        if let Some(e) = d.finish() {
            pieces.extend(s.apply(&e).unwrap());
        }
        let done = s.is_done();
        (pieces, s.finish().unwrap(), done)
    }

    #[test]
    fn a_llama_cpp_stream_gives_text_usage_and_finish_reason() {
        let (pieces, reply, done) = run(&[STREAM.as_bytes()]);
        assert_eq!(pieces, ["Hello", " wörld"]);
        assert_eq!(reply.text, "Hello wörld");
        assert!(reply.truncated());
        assert_eq!(
            reply.usage,
            Some(Usage {
                prompt_tokens: 31,
                completion_tokens: 5
            })
        );
        assert!(done);
    }

    #[test]
    fn chunk_boundaries_anywhere_give_the_same_reply_even_mid_character_and_crlf() {
        let crlf = STREAM.replace('\n', "\r\n");
        for body in [STREAM.to_owned(), crlf] {
            let bytes = body.as_bytes();
            let (_, whole, _) = run(&[bytes]);
            for size in [1, 2, 3, 7, 64] {
                let chunks: Vec<&[u8]> = bytes.chunks(size).collect();
                let (_, reply, done) = run(&chunks);
                assert_eq!(reply, whole, "chunk size {size}");
                assert!(done);
            }
        }
    }

    #[test]
    fn comments_other_fields_and_multi_line_data_are_handled() {
        let mut d = SseDecoder::default();
        let events = d
            .push(b": keep-alive\nevent: message\nid: 3\ndata: {\"a\":\ndata: 1}\n\n")
            .unwrap();
        assert_eq!(events, [SseEvent::Data("{\"a\":\n1}".into())]);
    }

    #[test]
    fn an_unterminated_last_event_is_kept_at_the_end() {
        let mut d = SseDecoder::default();
        assert!(d.push(b"data: [DONE]").unwrap().is_empty());
        assert_eq!(d.finish(), Some(SseEvent::Done));
        assert_eq!(d.finish(), None);
    }

    #[test]
    fn an_error_event_and_garbage_events_are_errors_not_panics() {
        let mut s = StreamState::default();
        let e = s
            .apply(&SseEvent::Data(
                r#"{"error":{"message":"slot unavailable"}}"#.into(),
            ))
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "the endpoint reported an error mid-reply: slot unavailable"
        );
        let e = s.apply(&SseEvent::Data("<html>".into())).unwrap_err();
        assert!(matches!(e, CallError::BadReply(_)), "{e}");
        assert!(StreamState::default().finish().is_err());
    }

    #[test]
    fn streams_over_the_cap_stop() {
        let mut d = SseDecoder::default();
        let big = vec![b'x'; MAX_BODY_BYTES / 2 + 1];
        assert!(d.push(&big).is_ok());
        assert_eq!(
            d.push(&big).unwrap_err(),
            CallError::TooLarge {
                limit: MAX_BODY_BYTES
            }
        );
    }

    #[test]
    fn a_completion_with_extra_and_missing_fields_is_read() {
        let r = parse_completion(
            r#"{"choices":[{"finish_reason":"stop","index":0,"message":{"role":"assistant","content":"{\"needs_clarification\":false}"},"extra":[1]}],"usage":{"prompt_tokens":200,"completion_tokens":9,"total_tokens":209},"timings":{"x":1}}"#,
            Some("application/json"),
        )
        .unwrap();
        assert_eq!(r.text, r#"{"needs_clarification":false}"#);
        assert_eq!(r.usage.map(|u| u.prompt_tokens), Some(200));
        assert!(!r.truncated());
        let r = parse_completion(r#"{"choices":[{}]}"#, None).unwrap();
        assert_eq!(r, Reply::default());
        let r = parse_completion(
            r#"{"choices":[{"message":{"content":null}}],"usage":{}}"#,
            None,
        )
        .unwrap();
        assert_eq!(r.text, "");
        assert_eq!(r.usage, Some(Usage::default()));
    }

    #[test]
    fn hostile_bodies_are_errors_that_quote_little() {
        let html = format!(
            "<html><script>alert(1)</script>{}</html>",
            "x".repeat(10_000)
        );
        let e = parse_completion(&html, Some("text/html")).unwrap_err();
        let m = e.to_string();
        assert!(
            m.starts_with(
                "expected a JSON chat completion, got a body that is not valid JSON (text/html): \"<html><script>"
            ),
            "{m}"
        );
        assert!(m.len() < 200, "{m}");
        for body in [
            "",
            "null",
            "[]",
            "42",
            "{}",
            r#"{"choices":"x"}"#,
            r#"{"choices":[]}"#,
        ] {
            assert!(
                matches!(parse_completion(body, None), Err(CallError::BadReply(_))),
                "{body}"
            );
        }
    }

    #[test]
    fn a_stream_where_a_completion_was_expected_is_read_as_a_stream() {
        let r = parse_completion(STREAM, Some("text/event-stream")).unwrap();
        assert_eq!(r.text, "Hello wörld");
    }

    #[test]
    fn statuses_become_specific_messages() {
        let m = status_error(
            401,
            r#"{"error":{"code":401,"message":"Invalid API Key","type":"authentication_error"}}"#,
            "m",
        )
        .to_string();
        assert_eq!(
            m,
            "the endpoint refused the API key (HTTP 401): Invalid API Key"
        );
        let e = status_error(404, "<html>Not Found</html>", "gpt-x");
        assert_eq!(
            e.to_string(),
            "the endpoint has no model \"gpt-x\" or no chat-completions route at this URL (HTTP 404)"
        );
        assert!(!e.is_retryable());
        assert!(status_error(429, "slow down", "m").is_retryable());
        assert!(status_error(503, "", "m").is_retryable());
        assert!(!status_error(400, r#"{"error":{"message":"bad schema"}}"#, "m").is_retryable());
        assert_eq!(
            status_error(400, r#"{"error":{"message":"bad\nschema"}}"#, "m").to_string(),
            "the endpoint refused the request (HTTP 400): bad schema"
        );
        let long = status_error(500, &"y".repeat(5000), "m").to_string();
        assert!(long.len() < 220, "{long}");
    }

    #[test]
    fn urls_and_backoff() {
        assert_eq!(
            completions_url("http://h:1/v1"),
            "http://h:1/v1/chat/completions"
        );
        assert_eq!(
            completions_url("http://h:1/v1/"),
            "http://h:1/v1/chat/completions"
        );
        assert_eq!(
            completions_url(" http://h/v1/chat/completions "),
            "http://h/v1/chat/completions"
        );
        assert_eq!(
            (backoff_ms(1), backoff_ms(2), backoff_ms(9)),
            (500, 1000, 8000)
        );
    }

    #[test]
    fn reasoning_in_fields_and_in_a_split_think_block_is_never_text() {
        let events = [
            r#"{"choices":[{"delta":{"role":"assistant","content":null,"reasoning_content":"Let me see"}}]}"#,
            r#"{"choices":[{"delta":{"reasoning":"… a trip"}}]}"#,
            r#"{"choices":[{"delta":{"content":"<thi"}}]}"#,
            r#"{"choices":[{"delta":{"content":"nk>draft: {\"needs_clarification\": false}</th"}}]}"#,
            r#"{"choices":[{"delta":{"content":"ink>\n\nDay 1"}}]}"#,
            r#"{"choices":[{"delta":{"content":": the Louvre."},"finish_reason":"stop"}]}"#,
        ];
        let mut state = StreamState::default();
        let mut pieces = Vec::new();
        let mut thinking = Vec::new();
        for e in events {
            pieces.extend(state.apply(&SseEvent::Data(e.into())).unwrap());
            thinking.push(state.is_thinking());
        }
        pieces.extend(state.apply(&SseEvent::Done).unwrap());
        assert_eq!(pieces, ["Day 1", ": the Louvre."]);
        assert_eq!(thinking, [true, true, true, true, false, false]);
        let reply = state.finish().unwrap();
        assert_eq!(reply.text, "Day 1: the Louvre.");
        assert!(reply.reasoned() && !reply.reasoning_spent_the_limit());

        let body = r#"{"choices":[{"message":{"content":"<think>{\"needs_clarification\": false}</think>{\"needs_clarification\": true}","reasoning_content":"hm"},"finish_reason":"stop"}]}"#;
        let reply = parse_completion(body, None).unwrap();
        assert_eq!(reply.text, r#"{"needs_clarification": true}"#);
        assert_eq!(
            reply.reasoning_chars,
            2 + r#"{"needs_clarification": false}"#.len()
        );
        let spent = r#"{"choices":[{"message":{"content":"<think>so much to consider"},"finish_reason":"length"}]}"#;
        let reply = parse_completion(spent, None).unwrap();
        assert!(reply.text.is_empty() && reply.reasoning_spent_the_limit());
    }
}
