//! One HTTP exchange with an OpenAI-compatible chat-completions endpoint, without I/O.
//!
//! An [`Exchange`] is one call: it builds the request to send ([`Exchange::request`]), reads
//! what the host feeds it — the response head ([`Exchange::head`]), the body bytes as they
//! arrive ([`Exchange::body`]) and the end ([`Exchange::end`]) — and hands back the streamed
//! text, the finished [`Reply`], or an [`ExchangeError`] that says whether and when to try
//! again. Every host (the browser, the CLI, the benchmarks) thus keeps only the moving of bytes,
//! the clock and the sleeping between attempts:
//!
//! ```text
//! let mut exchange = Exchange::new(&request, &endpoint, settings);
//! loop {
//!     send exchange.request(); on a network failure: exchange.fail(Transport::…)
//!     exchange.head(ResponseHead { status, content_type, retry_after });
//!     while !exchange.is_complete() { read bytes; show each text of exchange.body(bytes)? }
//!     let finished = exchange.end()?;       // show finished.tail, if any
//!     // on an error: sleep error.retry_in_ms and go round again, or give up when it is None
//! }
//! ```
//!
//! The request follows the endpoint's [`Profile`]: how the key is sent (`Authorization: Bearer`,
//! or Azure's `api-key`), the URL, and which optional fields the body carries. When the endpoint
//! answers 400 naming a field or a schema keyword it does not take, the exchange changes the
//! request ([`Shape::adapt`]) and asks for another attempt at once (`retry_in_ms: Some(0)`);
//! [`Exchange::adaptations`] says what was changed and why, and [`Exchange::shape`] what worked,
//! for the host to keep in its [`Learned`](crate::profile::Learned).
//!
//! The API key goes into the key header of [`HttpRequest`] only: it is in no URL, no error, and
//! no `Debug` output of any type here. What comes back — the streamed text, the reply, the
//! server's words in an error — passes through a [`Redactor`] first, so a key the endpoint or
//! the model echoes reaches no host.

use crate::profile::{self, Adaptation, Change, KeyHeader, Profile, ProfileKind, Refused, Shape};
use crate::protocol::request::{ChatRequest, Purpose};
use crate::redact::Redactor;
use crate::wire::{
    self, CallError, HostWords, MAX_ATTEMPTS, MAX_BODY_BYTES, Reply, SseDecoder, SseEvent,
    StreamState,
};

/// How a client calls an endpoint: the limits every host applies the same way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientSettings {
    /// Time limit of one attempt in milliseconds. The host runs the clock and reports
    /// [`Transport::TimedOut`] when it runs out; a timed-out call is not tried again (the server
    /// is there but slow: another attempt would multiply the wait).
    pub timeout_ms: u32,
    /// Cap on the `max_tokens` sent (cost or time control; a reply that reaches it ends with
    /// `finish_reason: "length"`). `None` sends what the request asks for.
    pub max_tokens: Option<u32>,
    /// Largest reply body read (a JSON reply, or the sum of a stream's events).
    pub max_body_bytes: usize,
    /// Bytes of an error reply's body read for the server's message; the rest is not read.
    pub max_error_body_bytes: usize,
    /// Attempts per call, the first included, on 429, 5xx and network failures.
    pub attempts: u32,
    /// Longest wait a server's `Retry-After` may ask for. A server asking for longer is not
    /// tried again: its error is shown at once instead of after a long silence.
    pub max_retry_delay_ms: u32,
}

impl Default for ClientSettings {
    fn default() -> Self {
        Self {
            timeout_ms: 120_000,
            max_tokens: None,
            max_body_bytes: MAX_BODY_BYTES,
            max_error_body_bytes: 64 * 1024,
            attempts: MAX_ATTEMPTS,
            max_retry_delay_ms: 30_000,
        }
    }
}

/// Where calls go: the endpoint, the model and the key. The key is never shown by `Debug`.
#[derive(Clone, PartialEq, Eq)]
pub struct Endpoint {
    /// Base URL such as `http://127.0.0.1:8080/v1`, or the full `…/chat/completions` URL.
    pub url: String,
    /// Model name sent with each request.
    pub model: String,
    /// The API key, if the endpoint needs one (sent as its profile says).
    pub api_key: Option<String>,
    /// The kind of endpoint, when the host names it; `None`: chosen from the URL and the model
    /// ([`ProfileKind::detect`]).
    pub profile: Option<ProfileKind>,
}

impl std::fmt::Debug for Endpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Endpoint")
            .field("url", &self.url)
            .field("model", &self.model)
            .field("api_key", &self.api_key.as_ref().map(|_| REDACTED))
            .field("profile", &self.profile)
            .finish()
    }
}

impl Endpoint {
    /// The profile calls to this endpoint start from: the host's, or the one the URL and the
    /// model name say.
    pub fn profile(&self) -> Profile {
        self.profile
            .unwrap_or_else(|| ProfileKind::detect(&self.url, &self.model))
            .profile(&self.model)
    }

    /// Checks that `url` can be an endpoint a user types into a settings form: an absolute
    /// `http://` or `https://` URL with a host. A relative URL would be resolved against the
    /// page, and anything else could never be reached, so both are refused before a call is
    /// tried.
    ///
    /// # Errors
    /// [`EndpointUrlError`] saying what was expected and what came.
    pub fn check_url(url: &str) -> Result<(), EndpointUrlError> {
        let url = url.trim();
        let Some((scheme, rest)) = url.split_once("://") else {
            return Err(EndpointUrlError::NotAbsolute(url.to_owned()));
        };
        if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
            return Err(EndpointUrlError::Scheme(scheme.to_owned()));
        }
        let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
        let host = authority.rsplit('@').next().unwrap_or_default();
        let host = match host.strip_prefix('[') {
            Some(v6) => v6.split(']').next().unwrap_or_default(),
            None => host.split(':').next().unwrap_or_default(),
        };
        if host.is_empty() || host.chars().any(char::is_whitespace) {
            return Err(EndpointUrlError::NoHost(url.to_owned()));
        }
        Ok(())
    }
}

/// Why a URL cannot be an endpoint (see [`Endpoint::check_url`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EndpointUrlError {
    /// No scheme: a relative URL or plain words.
    #[error("expected an absolute URL such as http://127.0.0.1:8080/v1, got \"{0}\"")]
    NotAbsolute(String),
    /// A scheme other than http or https.
    #[error("expected an http:// or https:// URL, got a {0}: URL")]
    Scheme(String),
    /// A scheme without a host name.
    #[error("expected a host name after the scheme, got \"{0}\"")]
    NoHost(String),
}

/// The HTTP request one attempt sends.
#[derive(Clone, PartialEq, Eq)]
pub struct HttpRequest {
    /// The method (`POST`).
    pub method: &'static str,
    /// The chat-completions URL.
    pub url: String,
    /// Header names and values, the `Authorization` header (the API key) among them.
    pub headers: Vec<(&'static str, String)>,
    /// The JSON body.
    pub body: String,
}

impl std::fmt::Debug for HttpRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let headers: Vec<(&str, &str)> = self
            .headers
            .iter()
            .map(|(name, value)| {
                let shown = if name.eq_ignore_ascii_case(AUTHORIZATION)
                    || name.eq_ignore_ascii_case(API_KEY)
                {
                    REDACTED
                } else {
                    value.as_str()
                };
                (*name, shown)
            })
            .collect();
        f.debug_struct("HttpRequest")
            .field("method", &self.method)
            .field("url", &self.url)
            .field("headers", &headers)
            .field("body", &self.body)
            .finish()
    }
}

/// What the host read of a response before its body.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ResponseHead {
    /// The HTTP status.
    pub status: u16,
    /// The `Content-Type` header, if any.
    pub content_type: Option<String>,
    /// The `Retry-After` header, if any (and, in a browser, if the server lets the page read it).
    pub retry_after: Option<String>,
}

/// How an attempt failed before or while its body arrived, as the host's network layer saw it.
/// The host words the details; the exchange adds the URL, the time limit and the bytes received.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Transport {
    /// Nothing answered (connection refused, host not found, …): what the network layer said.
    Unreachable(HostWords),
    /// The host has no network at all (a browser that reports itself offline).
    Offline,
    /// Something answers at the address but the host may not read the reply: why (a browser
    /// names its cross-origin rules).
    Blocked(HostWords),
    /// The host's own rules kept the request from being sent (a page's
    /// Content-Security-Policy): why, naming the rule.
    Refused(HostWords),
    /// The attempt's time limit ran out.
    TimedOut,
    /// The user or the host cancelled the call.
    Cancelled,
    /// The connection broke while the body was arriving: what the network layer said.
    Broken(String),
}

/// A failed attempt: the error, and whether and when to send [`Exchange::request`] again.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{error}")]
pub struct ExchangeError {
    /// What went wrong, worded for users.
    pub error: CallError,
    /// `Some(ms)`: wait this long, then send the next attempt. `None`: the call has failed
    /// (the error is final, the attempts are used up, or text was already handed out).
    pub retry_in_ms: Option<u32>,
}

/// What a host tells the session about a call once it ended: what was adapted on the way, and
/// the failure if it failed (see [`Session::record_call`](crate::Session::record_call)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallReport {
    /// What the call was for.
    pub purpose: Purpose,
    /// The profile it ran under.
    pub profile: ProfileKind,
    /// The shape of its last request.
    pub shape: Shape,
    /// What was changed after a refusal, in order.
    pub adaptations: Vec<Adaptation>,
    /// Why it failed, if it did.
    pub failure: Option<CallError>,
    /// Whether the model reasoned before its text (a reasoning model).
    pub reasoning: bool,
}

/// A finished call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finished {
    /// The whole reply.
    pub reply: Reply,
    /// Text to show after the pieces [`Exchange::body`] handed out: the whole text when a
    /// streamed request got a plain JSON reply. `None` when there is nothing new.
    pub tail: Option<String>,
    /// Attempts it took (1 without retries).
    pub attempts: u32,
}

/// One call to a chat-completions endpoint, with its retries: see the [module](self) docs.
pub struct Exchange {
    settings: ClientSettings,
    endpoint: Endpoint,
    profile: Profile,
    /// The chat-completions URL of `endpoint`.
    url: String,
    /// The request as the engine wrote it; the body is this, reshaped by `shape`.
    request: ChatRequest,
    shape: Shape,
    adaptations: Vec<Adaptation>,
    body: String,
    stream: bool,
    attempt: u32,
    /// Text was handed out: the call is not tried again (the user has seen part of a reply).
    streamed: bool,
    /// Body bytes received in this attempt.
    received: usize,
    reading: Reading,
    /// Takes the key out of everything handed back.
    redactor: Redactor,
    /// A reply came with reasoning.
    reasoned: bool,
}

impl std::fmt::Debug for Exchange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Exchange")
            .field("endpoint", &self.endpoint)
            .field("attempt", &self.attempt)
            .field("received", &self.received)
            .finish_non_exhaustive()
    }
}

impl Exchange {
    /// A call that sends `request` to `endpoint` under `settings` (its `max_tokens` capped at
    /// [`ClientSettings::max_tokens`]).
    ///
    /// The request takes the shape of the endpoint's [`Profile`]; see
    /// [`start_from`](Self::start_from) for one learned earlier.
    pub fn new(request: &ChatRequest, endpoint: &Endpoint, settings: ClientSettings) -> Self {
        let profile = endpoint.profile();
        let mut exchange = Self {
            settings,
            url: profile.url(&endpoint.url, &endpoint.model),
            profile,
            endpoint: endpoint.clone(),
            request: request.clone(),
            shape: profile.shape,
            adaptations: Vec::new(),
            body: String::new(),
            stream: request.stream,
            attempt: 1,
            streamed: false,
            received: 0,
            reading: Reading::Head,
            redactor: Redactor::new(endpoint.api_key.as_deref()),
            reasoned: false,
        };
        exchange.body = exchange.build_body();
        exchange
    }

    /// Sends `shape` instead of the profile's: what a host learned for this endpoint and model.
    #[must_use]
    pub fn start_from(mut self, shape: Shape) -> Self {
        self.shape = shape;
        self.body = self.build_body();
        self
    }

    /// The body of `request` under `shape` (its turns reshaped, its fields reduced), its token
    /// limit capped by the settings.
    fn build_body(&self) -> String {
        let mut request = self.request.clone();
        self.shape.reshape(&mut request);
        let mut body = request.to_body(&self.endpoint.model);
        if let Some(cap) = self.settings.max_tokens {
            body["max_tokens"] = self.request.max_tokens.map_or(cap, |m| m.min(cap)).into();
        }
        self.shape.apply(&mut body);
        body.to_string()
    }

    /// The profile this call runs under.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// The shape of the current request (after any adaptation).
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// What was changed after refusals, in order.
    pub fn adaptations(&self) -> &[Adaptation] {
        &self.adaptations
    }

    /// The report of this call for the session, once it ended with `failure` (or `None`).
    pub fn report(&self, failure: Option<CallError>) -> CallReport {
        CallReport {
            purpose: self.request.purpose,
            profile: self.profile.kind,
            shape: self.shape,
            adaptations: self.adaptations.clone(),
            failure,
            reasoning: self.reasoned,
        }
    }

    /// Whether the model is thinking: its reasoning is streaming and no text has come yet (for
    /// the host's wait line).
    pub fn is_thinking(&self) -> bool {
        matches!(&self.reading, Reading::Stream { state, .. } if state.is_thinking())
    }

    /// The request of the current attempt.
    pub fn request(&self) -> HttpRequest {
        let accept = if self.stream {
            "text/event-stream"
        } else {
            "application/json"
        };
        let mut headers = vec![
            ("Content-Type", "application/json".to_owned()),
            ("Accept", accept.to_owned()),
        ];
        if let Some(key) = &self.endpoint.api_key {
            headers.push(match self.profile.key {
                KeyHeader::Bearer => (AUTHORIZATION, format!("Bearer {key}")),
                KeyHeader::ApiKey => (API_KEY, key.clone()),
            });
        }
        HttpRequest {
            method: "POST",
            url: self.url.clone(),
            headers,
            body: self.body.clone(),
        }
    }

    /// The current attempt, from 1.
    pub fn attempt(&self) -> u32 {
        self.attempt
    }

    /// The settings this call runs under.
    pub fn settings(&self) -> &ClientSettings {
        &self.settings
    }

    /// Starts reading a response: its status and headers. A non-2xx status reads the body for
    /// the server's message; a `text/event-stream` reply is read as a stream, anything else as
    /// JSON.
    pub fn head(&mut self, head: ResponseHead) {
        self.received = 0;
        self.reading = if !(200..300).contains(&head.status) {
            Reading::Failed {
                status: head.status,
                retry_after_ms: head.retry_after.as_deref().and_then(retry_after_ms),
                bytes: Vec::new(),
            }
        } else if head
            .content_type
            .as_deref()
            .is_some_and(|t| t.trim_start().starts_with("text/event-stream"))
        {
            Reading::Stream {
                decoder: SseDecoder::with_limit(self.settings.max_body_bytes),
                state: StreamState::default(),
            }
        } else {
            Reading::Json {
                content_type: head.content_type,
                bytes: Vec::new(),
            }
        };
    }

    /// Feeds body bytes as they arrive, split anywhere; returns the new text of a stream.
    ///
    /// # Errors
    /// [`CallError::TooLarge`] over [`ClientSettings::max_body_bytes`]; for a stream,
    /// [`CallError::BadReply`] for an event that is not JSON and [`CallError::StreamError`]
    /// for an error event. None of them is tried again.
    pub fn body(&mut self, bytes: &[u8]) -> Result<Vec<String>, ExchangeError> {
        self.received = self.received.saturating_add(bytes.len());
        let limit = self.settings.max_body_bytes;
        if matches!(self.reading, Reading::Head) {
            // A body before any head: read as JSON, whose parser says what is wrong.
            self.reading = Reading::Json {
                content_type: None,
                bytes: Vec::new(),
            };
        }
        match &mut self.reading {
            Reading::Failed { bytes: kept, .. } => {
                let room = self
                    .settings
                    .max_error_body_bytes
                    .saturating_sub(kept.len());
                kept.extend_from_slice(&bytes[..bytes.len().min(room)]);
                Ok(Vec::new())
            }
            Reading::Json { bytes: kept, .. } => {
                if kept.len().saturating_add(bytes.len()) > limit {
                    return Err(self.failed(CallError::TooLarge { limit }, None));
                }
                kept.extend_from_slice(bytes);
                Ok(Vec::new())
            }
            Reading::Stream { decoder, state } => {
                if state.is_done() {
                    return Ok(Vec::new());
                }
                let read = decoder.push(bytes).and_then(|events| apply(state, &events));
                match read {
                    Ok(pieces) => {
                        self.streamed |= !pieces.is_empty();
                        Ok(pieces
                            .iter()
                            .map(|piece| self.redactor.stream(piece))
                            .filter(|shown| !shown.is_empty())
                            .collect())
                    }
                    Err(e) => Err(self.failed(e, None)),
                }
            }
            Reading::Head | Reading::Over => Ok(Vec::new()),
        }
    }

    /// Whether the body needs no more bytes: a stream's `[DONE]` arrived, or an error body
    /// filled its cap. The host may then stop reading and call [`end`](Self::end).
    pub fn is_complete(&self) -> bool {
        match &self.reading {
            Reading::Stream { state, .. } => state.is_done(),
            Reading::Failed { bytes, .. } => bytes.len() >= self.settings.max_error_body_bytes,
            Reading::Over => true,
            Reading::Head | Reading::Json { .. } => false,
        }
    }

    /// The body ended (or the host stopped reading once [`is_complete`](Self::is_complete)).
    ///
    /// # Errors
    /// The error a non-2xx status stands for (see [`wire::status_error`]); a reply that is not
    /// a chat completion; a stream that ended before `[DONE]` ([`CallError::Interrupted`]).
    pub fn end(&mut self) -> Result<Finished, ExchangeError> {
        let result = match std::mem::replace(&mut self.reading, Reading::Over) {
            Reading::Head | Reading::Over => {
                Err(CallError::BadReply("no reply for this attempt".into()))
            }
            Reading::Failed {
                status,
                retry_after_ms,
                bytes,
            } => {
                let body = String::from_utf8_lossy(&bytes);
                let body = self.redactor.text(&body);
                let error = wire::status_error(status, &body, &self.endpoint.model);
                let error = self.redactor.error(error);
                if let Some(retry) = self.adapt(status, &body, &error) {
                    return Err(retry);
                }
                return Err(self.failed(error, retry_after_ms));
            }
            Reading::Json {
                content_type,
                bytes,
            } => {
                let body = String::from_utf8_lossy(&bytes);
                let body = self.redactor.text(&body);
                wire::parse_completion(&body, content_type.as_deref()).map(|reply| {
                    let tail = (self.stream && !reply.text.is_empty()).then(|| reply.text.clone());
                    (reply, tail)
                })
            }
            Reading::Stream { decoder, state } => end_stream(decoder, state).map(|reply| {
                let held = self.redactor.flush();
                (reply, (!held.is_empty()).then_some(held))
            }),
        };
        match result {
            Ok((reply, _)) if reply.reasoning_spent_the_limit() => {
                self.reasoned = true;
                let error = CallError::ReasoningCut;
                let said = "finish_reason length, no text after the reasoning".to_owned();
                if let Some(retry) = self.adapt_to(Refused::ReasoningCut, said, &error) {
                    return Err(retry);
                }
                Err(self.failed(error, None))
            }
            Ok((mut reply, tail)) => {
                self.reasoned |= reply.reasoned();
                reply.text = self.redactor.text(&reply.text).into_owned();
                Ok(Finished {
                    reply,
                    tail: tail.map(|t| self.redactor.text(&t).into_owned()),
                    attempts: self.attempt,
                })
            }
            Err(error) => Err(self.failed(error, None)),
        }
    }

    /// After a 400 or 422 that names something the request can do without (or a 500 from a
    /// chat template that refused the turns' roles): the request changed, the change
    /// recorded, and the error with `retry_in_ms: Some(0)`.
    fn adapt(&mut self, status: u16, body: &str, error: &CallError) -> Option<ExchangeError> {
        let refused = profile::refusal(body)?;
        let roles = matches!(refused, Refused::SystemRole | Refused::RoleAlternation);
        let adaptable = matches!(status, 400 | 422) || (roles && status == 500);
        if !adaptable {
            return None;
        }
        let said = error.server_words().unwrap_or_default().to_owned();
        self.adapt_to(refused, said, error)
    }

    /// Changes the request after `refused` (`said`: the server's words), if a change is left.
    fn adapt_to(
        &mut self,
        refused: Refused,
        said: String,
        error: &CallError,
    ) -> Option<ExchangeError> {
        if self.adaptations.len() >= MAX_ADAPTATIONS {
            return None;
        }
        let tried: Vec<Change> = self.adaptations.iter().map(|a| a.change).collect();
        let asks_json = self.request.response_format.is_some();
        let (shape, change) = self.shape.adapt(refused, asks_json, &tried)?;
        self.adaptations.push(Adaptation {
            refused,
            change,
            said,
        });
        self.shape = shape;
        self.body = self.build_body();
        self.reading = Reading::Over;
        self.received = 0;
        self.attempt += 1;
        Some(ExchangeError {
            error: error.clone(),
            retry_in_ms: Some(0),
        })
    }

    /// The attempt failed in the host's network layer.
    pub fn fail(&mut self, transport: Transport) -> ExchangeError {
        let error = match transport {
            Transport::Unreachable(detail) => CallError::Unreachable {
                endpoint: self.url.clone(),
                detail,
            },
            Transport::Offline => CallError::Offline,
            Transport::Blocked(reason) => CallError::Blocked {
                endpoint: self.url.clone(),
                reason,
            },
            Transport::Refused(reason) => CallError::Refused {
                endpoint: self.url.clone(),
                reason,
            },
            Transport::TimedOut => CallError::Timeout {
                seconds: self.settings.timeout_ms / 1000,
            },
            Transport::Cancelled => CallError::Cancelled,
            Transport::Broken(detail) => CallError::Interrupted {
                received: self.received,
                detail,
            },
        };
        self.failed(error, None)
    }

    /// Ends the attempt with `error` and decides on another: only for a retryable error, with
    /// attempts left, when no text was handed out, and when the server's `Retry-After` (if any)
    /// is within [`ClientSettings::max_retry_delay_ms`].
    fn failed(&mut self, error: CallError, retry_after_ms: Option<u32>) -> ExchangeError {
        let error = self.redactor.error(error);
        self.reading = Reading::Over;
        self.received = 0;
        let delay = match retry_after_ms {
            Some(ms) if ms > self.settings.max_retry_delay_ms => None,
            Some(ms) => Some(ms),
            None => Some(wire::backoff_ms(self.attempt)),
        };
        // Attempts after an adaptation are not retries: they do not use up the budget.
        let retries = self.attempt.saturating_sub(self.adaptations.len() as u32);
        let retry = error.is_retryable() && !self.streamed && retries < self.settings.attempts;
        let retry_in_ms = delay.filter(|_| retry);
        if retry_in_ms.is_some() {
            self.attempt += 1;
        }
        ExchangeError { error, retry_in_ms }
    }
}

/// The header that carries the API key.
const AUTHORIZATION: &str = "Authorization";
/// The header that carries an Azure API key.
const API_KEY: &str = "api-key";
/// Most changes one call makes after refusals (the longest ladder: the token limit's name, the
/// temperature, the schema's keywords, `json_object`, the instructions alone, the system role,
/// the turns' order, room for reasoning).
const MAX_ADAPTATIONS: usize = 9;
/// What `Debug` shows instead of a key.
const REDACTED: &str = "<redacted>";

/// What an attempt is reading.
enum Reading {
    /// Nothing yet: the head comes first.
    Head,
    /// A non-2xx reply: its body (up to the error cap) for the server's message.
    Failed {
        status: u16,
        retry_after_ms: Option<u32>,
        bytes: Vec<u8>,
    },
    /// A JSON reply, whole.
    Json {
        content_type: Option<String>,
        bytes: Vec<u8>,
    },
    /// A server-sent-event stream, event by event.
    Stream {
        decoder: SseDecoder,
        state: StreamState,
    },
    /// The attempt ended.
    Over,
}

/// The reply of a stream whose body ended: an event not closed by a blank line still counts
/// (a last `data: [DONE]`), but a stream must have reached `[DONE]`. Text in such a last event
/// is not handed out: the stream was cut, and the call fails.
fn end_stream(mut decoder: SseDecoder, mut state: StreamState) -> Result<Reply, CallError> {
    if let Some(last) = decoder.finish() {
        state.apply(&last)?;
    }
    if !state.is_done() {
        return Err(CallError::Interrupted {
            received: decoder.received(),
            detail: "the stream ended before [DONE]".into(),
        });
    }
    state.finish()
}

/// Applies `events` to `state`; the new text they carry.
fn apply(state: &mut StreamState, events: &[SseEvent]) -> Result<Vec<String>, CallError> {
    let mut pieces = Vec::new();
    for event in events {
        pieces.extend(state.apply(event)?);
    }
    Ok(pieces)
}

/// Milliseconds a `Retry-After` value in seconds asks for. The HTTP-date form needs a clock
/// the exchange does not read: it gives `None`, and the usual backoff applies.
fn retry_after_ms(value: &str) -> Option<u32> {
    let seconds: u32 = value.trim().parse().ok()?;
    Some(seconds.saturating_mul(1000))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::protocol::request::{Message, Purpose, Role, Usage};

    /// A llama.cpp stream: a null first delta, text with multi-byte characters, a length stop,
    /// a usage-only chunk and `[DONE]`.
    const STREAM: &str = "data: {\"choices\":[{\"delta\":{\"role\":\"assistant\",\"content\":null}}]}\n\n\
data: {\"choices\":[{\"delta\":{\"content\":\"Grüß \"}}]}\n\n\
data: {\"choices\":[{\"delta\":{\"content\":\"你好 🌍\"}}]}\n\n\
data: {\"choices\":[{\"delta\":{},\"finish_reason\":\"length\"}]}\n\n\
data: {\"choices\":[],\"usage\":{\"prompt_tokens\":31,\"completion_tokens\":5}}\n\n\
data: [DONE]\n\n";

    const KEY: &str = "sk-5ecret-key";

    fn request(stream: bool, max_tokens: Option<u32>) -> ChatRequest {
        ChatRequest {
            purpose: Purpose::Generation,
            messages: vec![Message::new(Role::User, "Say OK.")],
            response_format: None,
            max_tokens,
            temperature: None,
            stream,
        }
    }

    fn exchange(stream: bool) -> Exchange {
        let endpoint = Endpoint {
            url: "http://h:1/v1".into(),
            model: "m".into(),
            api_key: Some(KEY.into()),
            profile: None,
        };
        Exchange::new(&request(stream, None), &endpoint, ClientSettings::default())
    }

    fn head(status: u16, content_type: &str) -> ResponseHead {
        ResponseHead {
            status,
            content_type: Some(content_type.into()),
            retry_after: None,
        }
    }

    /// One attempt: the head, `chunks` until the exchange is complete, the end. The pieces of
    /// text handed out (the tail included) and the outcome.
    fn attempt(
        ex: &mut Exchange,
        head: ResponseHead,
        chunks: &[&[u8]],
    ) -> (Vec<String>, Result<Finished, ExchangeError>) {
        ex.head(head);
        let mut pieces = Vec::new();
        for chunk in chunks {
            if ex.is_complete() {
                break;
            }
            match ex.body(chunk) {
                Ok(p) => pieces.extend(p),
                Err(e) => return (pieces, Err(e)),
            }
        }
        let end = ex.end();
        if let Ok(Finished { tail: Some(t), .. }) = &end {
            pieces.push(t.clone());
        }
        (pieces, end)
    }

    fn streamed(chunks: &[&[u8]]) -> (Vec<String>, Finished) {
        let (pieces, end) = attempt(
            &mut exchange(true),
            head(200, "text/event-stream; charset=utf-8"),
            chunks,
        );
        (pieces, end.unwrap())
    }

    #[test]
    fn a_key_the_endpoint_or_the_model_echoes_is_handed_back_redacted() {
        // OpenAI's 401, a proxy's 500 quoting the header, a long body cut by the preview.
        let long = format!(
            "{{\"error\":{{\"message\":\"{} {KEY}\"}}}}",
            "x".repeat(155)
        );
        for (status, body) in [
            (
                401,
                format!(r#"{{"error":{{"message":"Incorrect API key provided: {KEY}."}}}}"#),
            ),
            (500, format!("upstream said: Authorization: Bearer {KEY}")),
            (503, long),
        ] {
            let e = attempt(
                &mut exchange(false),
                head(status, "application/json"),
                &[body.as_bytes()],
            )
            .1
            .unwrap_err();
            let shown = format!(
                "{} {:?}",
                e.error.in_words(crate::Language::English),
                e.error
            );
            assert!(
                !shown.contains("5ecret") && !shown.contains("sk-5"),
                "{shown}"
            );
        }
        // A JSON reply and a stream whose text holds the key, split across events and chunks.
        let ok = format!(r#"{{"choices":[{{"message":{{"content":"key: {KEY}"}}}}]}}"#);
        let (pieces, end) = attempt(
            &mut exchange(true),
            head(200, "application/json"),
            &[ok.as_bytes()],
        );
        assert_eq!(
            (pieces.join(""), end.unwrap().reply.text),
            ("key: [redacted]".into(), "key: [redacted]".into())
        );
        let (first, second) = KEY.split_at(6);
        let stream = format!(
            "data: {{\"choices\":[{{\"delta\":{{\"content\":\"is {first}\"}}}}]}}\n\n\
             data: {{\"choices\":[{{\"delta\":{{\"content\":\"{second} ok sk-\"}}}}]}}\n\ndata: [DONE]\n\n"
        );
        let bytes = stream.as_bytes();
        let (pieces, done) = streamed(&[&bytes[..40], &bytes[40..]]);
        assert_eq!(pieces.join(""), "is [redacted] ok sk-");
        assert_eq!(done.reply.text, "is [redacted] ok sk-");
        // A stream that breaks: nothing of the key was handed out.
        let mut ex = exchange(true);
        ex.head(head(200, "text/event-stream"));
        let cut = stream.split("\n\n").next().unwrap_or_default().to_owned() + "\n\n";
        assert_eq!(ex.body(cut.as_bytes()).unwrap(), ["is "]);
        let e = ex.fail(Transport::Broken(format!("reset by {KEY}")));
        assert!(!e.to_string().contains("5ecret"), "{e}");
    }

    #[test]
    fn the_request_carries_the_key_in_its_header_only_and_debug_hides_it() {
        let endpoint = Endpoint {
            url: "http://h:1/v1/".into(),
            model: "m".into(),
            api_key: Some(KEY.into()),
            profile: None,
        };
        let settings = ClientSettings {
            max_tokens: Some(128),
            ..ClientSettings::default()
        };
        let ex = Exchange::new(&request(true, Some(300)), &endpoint, settings);
        let r = ex.request();
        assert_eq!(
            (r.method, r.url.as_str()),
            ("POST", "http://h:1/v1/chat/completions")
        );
        assert!(
            r.headers
                .contains(&("Authorization", format!("Bearer {KEY}")))
        );
        assert!(r.headers.contains(&("Accept", "text/event-stream".into())));
        assert!(!r.body.contains("5ecret"));
        for shown in [format!("{r:?}"), format!("{ex:?}"), format!("{endpoint:?}")] {
            assert!(!shown.contains("5ecret"), "{shown}");
            assert!(shown.contains("<redacted>"), "{shown}");
        }
        let body: serde_json::Value = serde_json::from_str(&r.body).unwrap();
        assert_eq!(body["max_tokens"], 128, "capped");
        assert_eq!(body["model"], "m");
        let ex = Exchange::new(&request(false, Some(4)), &endpoint, settings);
        let body: serde_json::Value = serde_json::from_str(&ex.request().body).unwrap();
        assert_eq!(body["max_tokens"], 4, "under the cap: as asked");
        let ex = Exchange::new(&request(false, None), &endpoint, settings);
        let body: serde_json::Value = serde_json::from_str(&ex.request().body).unwrap();
        assert_eq!(body["max_tokens"], 128, "no limit asked: the cap");
        let keyless = Endpoint {
            api_key: None,
            ..endpoint
        };
        let r = Exchange::new(&request(false, None), &keyless, settings).request();
        assert!(r.headers.iter().all(|(name, _)| *name != "Authorization"));
        assert!(r.headers.contains(&("Accept", "application/json".into())));
    }

    /// An exchange of `request` with a generic endpoint (no key, no named provider) and the
    /// default settings.
    fn plain_exchange(request: &ChatRequest) -> Exchange {
        let endpoint = Endpoint {
            url: "http://h:1/v1".into(),
            model: "m".into(),
            api_key: None,
            profile: None,
        };
        Exchange::new(request, &endpoint, ClientSettings::default())
    }

    /// A detection-like request: a schema with length and count keywords, a token limit and
    /// a temperature.
    fn json_request() -> ChatRequest {
        ChatRequest {
            purpose: Purpose::Detection,
            messages: vec![Message::new(Role::User, "Plan a trip")],
            response_format: Some(serde_json::json!({"type": "json_schema", "json_schema": {
                "name": "c", "strict": true, "schema": {"type": "object", "properties": {
                "o": {"type": "array", "minItems": 2, "items": {"type": "string", "maxLength": 9}}}}}})),
            max_tokens: Some(300),
            temperature: Some(0.0),
            stream: false,
        }
    }

    fn refused(ex: &mut Exchange, body: &str) -> ExchangeError {
        attempt(ex, head(400, "application/json"), &[body.as_bytes()])
            .1
            .unwrap_err()
    }

    fn sent(ex: &Exchange) -> serde_json::Value {
        serde_json::from_str(&ex.request().body).unwrap()
    }

    #[test]
    fn a_gpt5_shaped_endpoint_is_adapted_to_in_three_calls_and_named_profiles_in_one() {
        let endpoint = Endpoint {
            url: "http://h:1/v1".into(),
            model: "gpt-5-mini".into(),
            api_key: Some(KEY.into()),
            profile: None,
        };
        let mut ex = Exchange::new(&json_request(), &endpoint, ClientSettings::default());
        assert_eq!(ex.profile().kind, ProfileKind::Generic, "no provider host");
        assert_eq!(sent(&ex)["max_tokens"], 300);
        let e = refused(
            &mut ex,
            r#"{"error":{"message":"Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.","type":"invalid_request_error","param":"max_tokens","code":"unsupported_parameter"}}"#,
        );
        assert_eq!(e.retry_in_ms, Some(0));
        assert!(!e.to_string().contains("5ecret"));
        let body = sent(&ex);
        assert_eq!(body.get("max_tokens"), None);
        assert_eq!(
            body["max_completion_tokens"],
            300 + crate::profile::REASONING_HEADROOM
        );
        let e = refused(
            &mut ex,
            r#"{"error":{"message":"Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.","type":"invalid_request_error","param":"temperature","code":"unsupported_value"}}"#,
        );
        assert_eq!(e.retry_in_ms, Some(0));
        assert_eq!(sent(&ex).get("temperature"), None);
        let ok = br#"{"choices":[{"message":{"content":"{}"},"finish_reason":"stop"}]}"#;
        let done = attempt(&mut ex, head(200, "application/json"), &[ok])
            .1
            .unwrap();
        assert_eq!(done.attempts, 3);
        let changes: Vec<Change> = ex.adaptations().iter().map(|a| a.change).collect();
        assert_eq!(
            changes,
            [Change::MaxCompletionTokens, Change::NoTemperature]
        );
        assert!(
            ex.adaptations()[0]
                .said
                .starts_with("Unsupported parameter")
        );
        assert_eq!(ex.shape(), Shape::reasoning());

        // Named by its host (or learned), the first request is already the right one.
        for first in [
            Exchange::new(
                &json_request(),
                &Endpoint {
                    url: "https://api.openai.com/v1".into(),
                    ..endpoint.clone()
                },
                ClientSettings::default(),
            ),
            Exchange::new(&json_request(), &endpoint, ClientSettings::default())
                .start_from(ex.shape()),
        ] {
            let body = sent(&first);
            assert!(body.get("max_tokens").is_none() && body.get("temperature").is_none());
        }
    }

    #[test]
    fn schema_keywords_then_json_object_then_instructions_then_a_final_refusal() {
        let mut ex = plain_exchange(&json_request());
        let e = refused(
            &mut ex,
            r#"{"error":{"type":"invalid_request_error","message":"For 'array' type, property 'minItems' only supports values 0 or 1"}}"#,
        );
        assert_eq!(e.retry_in_ms, Some(0));
        let body = ex.request().body;
        assert!(
            !body.contains("minItems") && !body.contains("maxLength"),
            "{body}"
        );
        assert!(body.contains("json_schema"));
        refused(
            &mut ex,
            r#"{"error":{"message":"'json_schema' is not supported"}}"#,
        );
        assert_eq!(sent(&ex)["response_format"]["type"], "json_object");
        refused(
            &mut ex,
            r#"{"error":{"message":"json_object is not supported"}}"#,
        );
        assert_eq!(sent(&ex).get("response_format"), None);
        let e = refused(
            &mut ex,
            r#"{"error":{"message":"response_format is not supported"}}"#,
        );
        assert_eq!(e.retry_in_ms, None, "nothing is left to drop");
        assert_eq!(e.error.code(), crate::wire::FailureCode::EndpointRefused);
        assert_eq!(ex.adaptations().len(), 3);
        // A refusal that names nothing is final at once.
        let mut ex = exchange(false);
        let e = refused(&mut ex, r#"{"error":{"message":"bad request"}}"#);
        assert_eq!((e.retry_in_ms, ex.adaptations().len()), (None, 0));
    }

    #[test]
    fn azure_sends_its_key_as_api_key_to_a_versioned_deployment_url() {
        let endpoint = Endpoint {
            url: "https://res.openai.azure.com".into(),
            model: "gpt-4o".into(),
            api_key: Some(KEY.into()),
            profile: None,
        };
        let r =
            Exchange::new(&request(false, None), &endpoint, ClientSettings::default()).request();
        assert_eq!(
            r.url,
            format!(
                "https://res.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version={}",
                crate::profile::AZURE_API_VERSION
            )
        );
        assert!(r.headers.contains(&("api-key", KEY.to_owned())));
        assert!(r.headers.iter().all(|(n, _)| *n != "Authorization"));
        let shown = format!("{r:?}");
        assert!(
            !shown.contains("5ecret") && shown.contains("<redacted>"),
            "{shown}"
        );
    }

    #[test]
    fn a_stream_gives_its_pieces_then_a_reply_and_stops_at_done() {
        let (pieces, done) = streamed(&[STREAM.as_bytes(), b"data: {\"late\":1}\n\n"]);
        assert_eq!(pieces, ["Grüß ", "你好 🌍"]);
        assert_eq!(done.reply.text, "Grüß 你好 🌍");
        assert!(done.reply.truncated());
        assert_eq!(
            done.reply.usage,
            Some(Usage {
                prompt_tokens: 31,
                completion_tokens: 5
            })
        );
        assert_eq!((done.tail, done.attempts), (None, 1));

        let mut ex = exchange(true);
        ex.head(head(200, "text/event-stream"));
        assert!(!ex.is_complete());
        ex.body(STREAM.as_bytes()).unwrap();
        assert!(ex.is_complete(), "[DONE] needs no more bytes");
        assert_eq!(ex.body(b"garbage\n\n").unwrap(), Vec::<String>::new());
    }

    #[test]
    fn every_split_in_two_or_three_gives_the_same_pieces_even_mid_character_and_mid_data() {
        let bytes = STREAM.as_bytes();
        let (whole, reply) = streamed(&[bytes]);
        for i in 0..=bytes.len() {
            let (pieces, done) = streamed(&[&bytes[..i], &bytes[i..]]);
            assert_eq!(
                (&pieces, &done.reply),
                (&whole, &reply.reply),
                "split at {i}"
            );
        }
        for i in (0..bytes.len()).step_by(7) {
            for j in i..bytes.len() {
                let (pieces, done) = streamed(&[&bytes[..i], &bytes[i..j], &bytes[j..]]);
                assert_eq!((&pieces, &done.reply), (&whole, &reply.reply), "{i}/{j}");
            }
        }
    }

    proptest! {
        #[test]
        fn any_chunking_of_a_stream_gives_the_same_pieces(
            cuts in proptest::collection::vec(0..STREAM.len(), 0..40),
            crlf in any::<bool>(),
        ) {
            let body = if crlf { STREAM.replace('\n', "\r\n") } else { STREAM.to_owned() };
            let bytes = body.as_bytes();
            let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c.min(bytes.len())).collect();
            cuts.sort_unstable();
            let mut chunks = Vec::new();
            let mut from = 0;
            for cut in cuts.into_iter().chain([bytes.len()]) {
                chunks.push(&bytes[from..cut]);
                from = cut;
            }
            let (pieces, done) = streamed(&chunks);
            prop_assert_eq!(pieces, ["Grüß ", "你好 🌍"]);
            prop_assert_eq!(done.reply.text, "Grüß 你好 🌍");
        }

        #[test]
        fn any_chunking_of_a_json_reply_gives_the_same_reply(
            cuts in proptest::collection::vec(0..64usize, 0..20),
        ) {
            let body = r#"{"choices":[{"message":{"content":"Grüß 🌍"},"finish_reason":"stop"}]}"#;
            let bytes = body.as_bytes();
            let mut chunks = Vec::new();
            let mut from = 0;
            for cut in cuts {
                let to = (from + cut).min(bytes.len());
                chunks.push(&bytes[from..to]);
                from = to;
            }
            chunks.push(&bytes[from..]);
            let (_, end) = attempt(&mut exchange(false), head(200, "application/json"), &chunks);
            prop_assert_eq!(end.unwrap().reply.text, "Grüß 🌍");
        }
    }

    #[test]
    fn an_unterminated_done_ends_a_stream_and_a_stream_without_done_is_interrupted() {
        let body = STREAM
            .trim_end()
            .trim_end_matches("data: [DONE]")
            .to_owned()
            + "data: {\"choices\":[{\"delta\":{\"content\":\"!\"}}]}\n\ndata: [DONE]";
        let (pieces, done) = streamed(&[body.as_bytes()]);
        assert_eq!(pieces, ["Grüß ", "你好 🌍", "!"]);
        assert_eq!(done.reply.text, "Grüß 你好 🌍!");

        let cut = STREAM.trim_end().trim_end_matches("data: [DONE]");
        let (pieces, end) = attempt(
            &mut exchange(true),
            head(200, "text/event-stream"),
            &[cut.as_bytes()],
        );
        assert_eq!(pieces.len(), 2, "the text already shown");
        let e = end.unwrap_err();
        assert_eq!(
            e.error,
            CallError::Interrupted {
                received: cut.len(),
                detail: "the stream ended before [DONE]".into()
            }
        );
        assert_eq!(e.retry_in_ms, None);
    }

    #[test]
    fn rate_limiting_honours_retry_after_within_bounds() {
        let mut ex = exchange(false);
        let limited = |after: Option<&str>| ResponseHead {
            status: 429,
            content_type: Some("application/json".into()),
            retry_after: after.map(str::to_owned),
        };
        let body: &[u8] = br#"{"error":{"message":"slow down"}}"#;
        let e = attempt(&mut ex, limited(Some("2")), &[body]).1.unwrap_err();
        assert_eq!(
            e.error.to_string(),
            "the endpoint is rate limiting requests (HTTP 429): slow down"
        );
        assert_eq!((e.retry_in_ms, ex.attempt()), (Some(2_000), 2));
        // An HTTP date needs a clock: the usual backoff for attempt 2.
        let e = attempt(
            &mut ex,
            limited(Some("Wed, 21 Oct 2026 07:28:00 GMT")),
            &[body],
        );
        assert_eq!(
            (e.1.unwrap_err().retry_in_ms, ex.attempt()),
            (Some(1_000), 3)
        );
        // The attempts are used up.
        let e = attempt(&mut ex, limited(None), &[body]).1.unwrap_err();
        assert_eq!((e.retry_in_ms, ex.attempt()), (None, 3));

        // A server asking for an hour is not waited for.
        let mut ex = exchange(false);
        let e = attempt(&mut ex, limited(Some(" 3600 ")), &[body])
            .1
            .unwrap_err();
        assert_eq!((e.retry_in_ms, ex.attempt()), (None, 1));
        assert!(matches!(e.error, CallError::RateLimited { .. }));
    }

    #[test]
    fn server_errors_back_off_then_a_later_attempt_succeeds() {
        let mut ex = exchange(false);
        for wait in [500, 1_000] {
            let e = attempt(&mut ex, head(503, "text/plain"), &[b"busy"])
                .1
                .unwrap_err();
            assert_eq!(e.error.to_string(), "the endpoint failed (HTTP 503): busy");
            assert_eq!(e.retry_in_ms, Some(wait));
        }
        let ok = br#"{"choices":[{"message":{"content":"OK"}}]}"#;
        let done = attempt(&mut ex, head(200, "application/json"), &[ok])
            .1
            .unwrap();
        assert_eq!((done.reply.text.as_str(), done.attempts), ("OK", 3));

        let mut ex = Exchange::new(
            &request(false, None),
            &Endpoint {
                url: "http://h/v1".into(),
                model: "m".into(),
                api_key: None,
                profile: None,
            },
            ClientSettings {
                attempts: 1,
                ..ClientSettings::default()
            },
        );
        let e = attempt(&mut ex, head(500, "text/plain"), &[])
            .1
            .unwrap_err();
        assert_eq!(e.retry_in_ms, None, "one attempt allowed");
    }

    #[test]
    fn final_statuses_are_not_tried_again() {
        for (status, want) in [
            (
                401,
                "the endpoint refused the API key (HTTP 401): Invalid API Key",
            ),
            (
                404,
                "the endpoint has no model \"m\" or no chat-completions route at this URL (HTTP 404): Invalid API Key",
            ),
            (
                400,
                "the endpoint refused the request (HTTP 400): Invalid API Key",
            ),
        ] {
            let mut ex = exchange(false);
            let body: &[u8] = br#"{"error":{"message":"Invalid API Key"}}"#;
            let e = attempt(&mut ex, head(status, "application/json"), &[body])
                .1
                .unwrap_err();
            assert_eq!((e.error.to_string().as_str(), e.retry_in_ms), (want, None));
            assert!(!e.to_string().contains("5ecret"));
        }
    }

    #[test]
    fn a_huge_error_body_is_read_only_up_to_its_cap() {
        let mut ex = exchange(false);
        ex.head(head(500, "text/plain"));
        let mb = vec![b'y'; 1 << 20];
        let mut fed = 0;
        while !ex.is_complete() {
            ex.body(&mb[..4096]).unwrap();
            fed += 4096;
            assert!(fed <= 64 * 1024, "reading stops at the cap");
        }
        assert_eq!(fed, 64 * 1024);
        assert!(ex.body(b"more").unwrap().is_empty());
        let e = ex.end().unwrap_err();
        let m = e.error.to_string();
        assert!(m.starts_with("the endpoint failed (HTTP 500): yyy"), "{m}");
        assert!(m.len() < 220, "{m}");
        assert_eq!(e.retry_in_ms, Some(500));
        // One big chunk over the cap is clipped too: a message past the cap is never read.
        let mut ex = exchange(false);
        ex.head(head(502, "application/json"));
        let mut padded = vec![b' '; 70 * 1024];
        padded.extend_from_slice(br#"{"error":{"message":"past the cap"}}"#);
        ex.body(&padded).unwrap();
        assert!(ex.is_complete());
        let e = ex.end().unwrap_err();
        assert_eq!(e.error.to_string(), "the endpoint failed (HTTP 502)");
    }

    #[test]
    fn a_json_reply_is_read_whole_and_shown_once_when_a_stream_was_asked_for() {
        let ok: &[u8] = br#"{"choices":[{"message":{"content":"Hi"},"finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":1}}"#;
        let (pieces, end) = attempt(&mut exchange(false), head(200, "application/json"), &[ok]);
        let done = end.unwrap();
        assert_eq!((pieces.len(), done.tail), (0, None));
        assert_eq!(done.reply.finish_reason.as_deref(), Some("stop"));
        let (pieces, end) = attempt(&mut exchange(true), head(200, "application/json"), &[ok]);
        assert_eq!(pieces, ["Hi"]);
        assert_eq!(end.unwrap().tail.as_deref(), Some("Hi"));
        // A stream under a JSON content type is still read as a stream.
        let (pieces, end) = attempt(
            &mut exchange(false),
            head(200, "text/plain"),
            &[STREAM.as_bytes()],
        );
        assert_eq!(
            (pieces.len(), end.unwrap().reply.text.as_str()),
            (0, "Grüß 你好 🌍")
        );
    }

    #[test]
    fn malformed_replies_end_in_errors_that_are_not_retried() {
        for (content_type, body, want) in [
            (
                "application/json",
                "{\"choices\":[{\"message\":",
                "expected a JSON chat completion, got a body that is not valid JSON (application/json): \"{\"choices\":[{\"message\":\"",
            ),
            (
                "text/html",
                "<html>hi</html>",
                "expected a JSON chat completion, got a body that is not valid JSON (text/html): \"<html>hi</html>\"",
            ),
            (
                "application/json",
                "",
                "expected a JSON chat completion, got an empty body (application/json)",
            ),
            (
                "application/json",
                "{\"reply\":\"hi\"}",
                "expected a JSON chat completion, got valid JSON of another shape (a chat completion has choices[0].message): \"{\"reply\":\"hi\"}\"",
            ),
            (
                "text/event-stream",
                "data: {not json\n\n",
                "expected a JSON chat completion, got a stream event that is not JSON: \"{not json\"",
            ),
            (
                "text/event-stream",
                "data: {\"error\":{\"message\":\"slot gone\"}}\n\n",
                "the endpoint reported an error mid-reply: slot gone",
            ),
        ] {
            let (_, end) = attempt(
                &mut exchange(false),
                head(200, content_type),
                &[body.as_bytes()],
            );
            let e = end.unwrap_err();
            assert_eq!((e.error.to_string().as_str(), e.retry_in_ms), (want, None));
        }
    }

    #[test]
    fn bodies_over_the_cap_stop_at_once() {
        let small = ClientSettings {
            max_body_bytes: 100,
            ..ClientSettings::default()
        };
        let endpoint = Endpoint {
            url: "http://h/v1".into(),
            model: "m".into(),
            api_key: None,
            profile: None,
        };
        for content_type in ["application/json", "text/event-stream"] {
            let mut ex = Exchange::new(&request(false, None), &endpoint, small);
            ex.head(head(200, content_type));
            assert!(ex.body(&[b' '; 60]).is_ok());
            let e = ex.body(&[b' '; 60]).unwrap_err();
            assert_eq!(
                (e.error, e.retry_in_ms),
                (CallError::TooLarge { limit: 100 }, None)
            );
        }
    }

    #[test]
    fn network_failures_are_worded_and_retried_only_before_any_text() {
        let mut ex = exchange(true);
        let e = ex.fail(Transport::Unreachable("connection refused".into()));
        assert_eq!(
            e.error.to_string(),
            "cannot reach the endpoint http://h:1/v1/chat/completions (connection refused); is the server running?"
        );
        assert_eq!(e.retry_in_ms, Some(500));
        let e = ex.fail(Transport::TimedOut);
        assert_eq!(
            (e.error, e.retry_in_ms),
            (CallError::Timeout { seconds: 120 }, None)
        );
        let e = ex.fail(Transport::Blocked("the host said no".into()));
        assert_eq!(
            (e.error.to_string().as_str(), e.retry_in_ms),
            (
                "the endpoint http://h:1/v1/chat/completions answers, but the host said no",
                None
            )
        );
        assert_eq!(ex.fail(Transport::Cancelled).error, CallError::Cancelled);

        // Text was shown: even a retryable failure ends the call.
        let mut ex = exchange(true);
        ex.head(head(200, "text/event-stream"));
        let first = STREAM
            .split("\n\n")
            .take(2)
            .collect::<Vec<_>>()
            .join("\n\n")
            + "\n\n";
        assert_eq!(ex.body(first.as_bytes()).unwrap(), ["Grüß "]);
        let e = ex.fail(Transport::Broken("reset".into()));
        assert_eq!(
            e.error.to_string(),
            format!(
                "the connection broke after {} bytes of the reply (reset)",
                first.len()
            )
        );
        assert_eq!(e.retry_in_ms, None);
        let e = ex.fail(Transport::Unreachable("gone".into()));
        assert_eq!(e.retry_in_ms, None, "no second answer after a partial one");
    }

    #[test]
    fn endpoint_urls_must_be_absolute_http() {
        for ok in [
            "http://127.0.0.1:8080/v1",
            "https://api.example.com/v1/chat/completions",
            " HTTP://[::1]:9/v1 ",
            "http://user@host/v1",
        ] {
            assert_eq!(Endpoint::check_url(ok), Ok(()), "{ok}");
        }
        assert_eq!(
            Endpoint::check_url("not a url"),
            Err(EndpointUrlError::NotAbsolute("not a url".into()))
        );
        assert_eq!(
            Endpoint::check_url("/v1"),
            Err(EndpointUrlError::NotAbsolute("/v1".into()))
        );
        assert_eq!(
            Endpoint::check_url("ftp://host/v1"),
            Err(EndpointUrlError::Scheme("ftp".into()))
        );
        for bad in ["http://", "http:///v1", "https://:8080/v1", "http://a b/v1"] {
            assert!(
                matches!(Endpoint::check_url(bad), Err(EndpointUrlError::NoHost(_))),
                "{bad}"
            );
        }
        assert_eq!(
            Endpoint::check_url("ftp://h").unwrap_err().to_string(),
            "expected an http:// or https:// URL, got a ftp: URL"
        );
    }

    #[test]
    fn a_refused_request_names_the_rule_and_is_not_retried() {
        let e = exchange(false).fail(Transport::Refused(
            "the page's Content-Security-Policy (connect-src) does not list it".into(),
        ));
        assert_eq!(
            (e.error.to_string().as_str(), e.retry_in_ms),
            (
                "this page may not connect to http://h:1/v1/chat/completions: the page's \
                 Content-Security-Policy (connect-src) does not list it",
                None
            )
        );
    }

    #[test]
    fn a_refused_system_role_is_adapted_for_every_purpose_even_from_a_template_500() {
        for (status, body) in [
            (
                400,
                r#"{"error":{"message":"Unsupported value: 'messages[0].role' does not support 'system' with this model.","param":"messages[0].role"}}"#,
            ),
            (
                500,
                r#"{"error":{"code":500,"message":"System role not supported","type":"server_error"}}"#,
            ),
        ] {
            for mut request in [json_request(), request(true, None)] {
                request
                    .messages
                    .insert(0, Message::new(Role::System, "Be brief."));
                let mut ex = plain_exchange(&request);
                let e = attempt(
                    &mut ex,
                    head(status, "application/json"),
                    &[body.as_bytes()],
                )
                .1
                .unwrap_err();
                assert_eq!(e.retry_in_ms, Some(0), "{status}");
                let sent = sent(&ex);
                assert!(!sent.to_string().contains("\"system\""), "{sent}");
                assert!(
                    sent["messages"][0]["content"]
                        .as_str()
                        .unwrap()
                        .starts_with("Be brief.\n\n")
                );
                assert_eq!(ex.adaptations()[0].change, Change::SystemInUser);
            }
        }
        // A plain 500 is a server failure, retried as such.
        let mut ex = exchange(false);
        let e = attempt(
            &mut ex,
            head(500, "application/json"),
            &[br#"{"error":{"message":"out of memory"}}"#],
        )
        .1
        .unwrap_err();
        assert_eq!((e.retry_in_ms, ex.adaptations().len()), (Some(500), 0));
    }

    #[test]
    fn a_reasoning_model_that_spends_its_limit_thinking_gets_more_room_once() {
        let spent: &[u8] = br#"{"choices":[{"message":{"content":"<think>Let me consider every city"},"finish_reason":"length"}]}"#;
        let mut ex = plain_exchange(&json_request());
        let e = attempt(&mut ex, head(200, "application/json"), &[spent])
            .1
            .unwrap_err();
        assert_eq!(
            (e.error.clone(), e.retry_in_ms),
            (CallError::ReasoningCut, Some(0))
        );
        assert_eq!(
            sent(&ex)["max_tokens"],
            300 + crate::profile::REASONING_HEADROOM
        );
        let e = attempt(&mut ex, head(200, "application/json"), &[spent])
            .1
            .unwrap_err();
        assert_eq!(
            (e.error, e.retry_in_ms),
            (CallError::ReasoningCut, None),
            "once"
        );
        assert!(ex.report(None).reasoning);
        // Streamed: nothing was shown, so the second attempt may answer.
        let mut ex = exchange(true);
        let stream = "data: {\"choices\":[{\"delta\":{\"reasoning_content\":\"hmm\"}}]}\n\ndata: {\"choices\":[{\"delta\":{},\"finish_reason\":\"length\"}]}\n\ndata: [DONE]\n\n";
        ex.head(head(200, "text/event-stream"));
        assert_eq!(ex.body(stream.as_bytes()).unwrap(), Vec::<String>::new());
        assert!(ex.is_thinking());
        assert_eq!(ex.end().unwrap_err().retry_in_ms, Some(0));
        let (pieces, done) = attempt(
            &mut ex,
            head(200, "text/event-stream"),
            &[STREAM.as_bytes()],
        );
        assert_eq!(pieces, ["Grüß ", "你好 🌍"]);
        assert_eq!(done.unwrap().attempts, 2);
        assert_eq!(ex.adaptations()[0].change, Change::MoreReasoningRoom);
        // A reply cut for length with text is a reply.
        let cut: &[u8] = br#"{"choices":[{"message":{"content":"<think>ok</think>Day 1"},"finish_reason":"length"}]}"#;
        let done = attempt(&mut exchange(false), head(200, "application/json"), &[cut])
            .1
            .unwrap();
        assert_eq!(done.reply.text, "Day 1");
    }
}
