//! The CLI's LLM transport: an OpenAI-compatible `/chat/completions` endpoint over blocking
//! HTTP (ureq). The wire format, error wording and retry policy are shared with the browser in
//! [`clarify_core::wire`]; this file only moves bytes.
//!
//! The API key is read from an environment variable (never a flag, so it stays out of shell
//! history and `ps`), sent only as the `Authorization` header to the configured endpoint, and
//! never printed: not in errors, not in `Debug`, not in the call log.

use std::fs::File;
use std::io::{ErrorKind, Read, Write};
use std::time::{Duration, Instant};

use clarify_core::wire::{
    self, CallError, MAX_ATTEMPTS, MAX_BODY_BYTES, Reply, SseDecoder, StreamState,
};
use clarify_core::{ChatRequest, Purpose};

use crate::driver::{Llm, LlmReply};

/// Where and how to reach the endpoint.
pub struct HttpLlm {
    agent: ureq::Agent,
    url: String,
    model: String,
    api_key: Option<String>,
    timeout: Duration,
    max_tokens: Option<u32>,
    log: Option<File>,
}

impl std::fmt::Debug for HttpLlm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HttpLlm")
            .field("url", &self.url)
            .field("model", &self.model)
            .field("api_key", &self.api_key.as_ref().map(|_| "<redacted>"))
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

impl HttpLlm {
    /// A transport for `endpoint` (base URL such as `http://127.0.0.1:8080/v1`, or the full
    /// `…/chat/completions` URL) and `model`, with a per-call time limit.
    pub fn new(endpoint: &str, model: &str, api_key: Option<String>, timeout: Duration) -> Self {
        let agent = ureq::Agent::config_builder()
            // Non-2xx replies are read here, for their OpenAI error bodies.
            .http_status_as_error(false)
            .timeout_global(Some(timeout))
            .timeout_connect(Some(Duration::from_secs(10)))
            .user_agent(concat!("clarify/", env!("CARGO_PKG_VERSION")))
            .build()
            .new_agent();
        Self {
            agent,
            url: wire::completions_url(endpoint),
            model: model.to_owned(),
            api_key,
            timeout,
            max_tokens: None,
            log: None,
        }
    }

    /// Caps `max_tokens` of every call at `cap` (cost or time control; replies that reach it end
    /// with `finish_reason: "length"`).
    pub fn cap_tokens(&mut self, cap: u32) {
        self.max_tokens = Some(cap);
    }

    /// Appends one JSON line per call to `file`: purpose, attempts, status, milliseconds,
    /// usage, finish reason and error (no prompt, no reply text, no key).
    pub fn log_to(&mut self, file: File) {
        self.log = Some(file);
    }

    /// Sends `request` with retries on 429, 5xx, network errors and timeouts; a stream is not
    /// retried once text has arrived. `on_text` gets each streamed piece.
    pub fn call(
        &mut self,
        request: &ChatRequest,
        on_text: &mut dyn FnMut(&str),
    ) -> Result<Reply, CallError> {
        // The host may read the clock (only the engine may not); the figure goes to the call log.
        #[allow(clippy::disallowed_methods)]
        let started = Instant::now();
        let mut attempt = 1;
        let mut streamed = false;
        let result = loop {
            let result = self.once(request, on_text, &mut streamed);
            match result {
                Err(e) if e.is_retryable() && !streamed && attempt < MAX_ATTEMPTS => {
                    std::thread::sleep(Duration::from_millis(wire::backoff_ms(attempt).into()));
                    attempt += 1;
                }
                other => break other,
            }
        };
        self.record(request.purpose, attempt, started, &result);
        result
    }

    fn record(
        &mut self,
        purpose: Purpose,
        attempts: u32,
        started: Instant,
        result: &Result<Reply, CallError>,
    ) {
        let Some(log) = &mut self.log else { return };
        let line = match result {
            Ok(r) => serde_json::json!({
                "purpose": purpose, "attempts": attempts, "ok": true,
                "ms": started.elapsed().as_millis() as u64,
                "usage": r.usage, "finish_reason": r.finish_reason, "chars": r.text.chars().count(),
            }),
            Err(e) => serde_json::json!({
                "purpose": purpose, "attempts": attempts, "ok": false,
                "ms": started.elapsed().as_millis() as u64, "error": e.to_string(),
            }),
        };
        let _ = writeln!(log, "{line}");
    }

    fn once(
        &self,
        request: &ChatRequest,
        on_text: &mut dyn FnMut(&str),
        streamed: &mut bool,
    ) -> Result<Reply, CallError> {
        let mut body = request.to_body(&self.model);
        if let Some(cap) = self.max_tokens {
            let max = request.max_tokens.map_or(cap, |m| m.min(cap));
            body["max_tokens"] = max.into();
        }
        let body = body.to_string();
        let mut call = self
            .agent
            .post(&self.url)
            .header("Content-Type", "application/json")
            .header(
                "Accept",
                if request.stream {
                    "text/event-stream"
                } else {
                    "application/json"
                },
            );
        if let Some(key) = &self.api_key {
            call = call.header("Authorization", format!("Bearer {key}"));
        }
        let response = call.send(body).map_err(|e| self.send_error(e))?;
        let status = response.status().as_u16();
        let content_type = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let mut reader = response.into_body().into_reader();
        if !(200..300).contains(&status) {
            let text = read_capped(&mut reader, 64 * 1024).unwrap_or_default();
            return Err(wire::status_error(status, &text, &self.model));
        }
        let is_stream = content_type
            .as_deref()
            .is_some_and(|t| t.starts_with("text/event-stream"));
        if !is_stream {
            let text =
                read_capped(&mut reader, MAX_BODY_BYTES + 1).map_err(|e| self.read_error(&e, 0))?;
            let reply = wire::parse_completion(&text, content_type.as_deref())?;
            if request.stream && !reply.text.is_empty() {
                *streamed = true;
                on_text(&reply.text);
            }
            return Ok(reply);
        }
        let mut decoder = SseDecoder::default();
        let mut state = StreamState::default();
        let mut buf = [0u8; 8192];
        loop {
            let n = match reader.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.read_error(&e, decoder.received())),
            };
            for event in decoder.push(&buf[..n])? {
                if let Some(text) = state.apply(&event)? {
                    *streamed = true;
                    on_text(&text);
                }
            }
            if state.is_done() {
                break;
            }
        }
        if let Some(event) = decoder.finish()
            && let Some(text) = state.apply(&event)?
        {
            on_text(&text);
        }
        if !state.is_done() {
            return Err(CallError::Interrupted {
                received: decoder.received(),
                detail: "the stream ended before [DONE]".into(),
            });
        }
        state.finish()
    }

    // ureq::Error is non-exhaustive: the wildcard arm is required, and quotes the error.
    #[allow(clippy::wildcard_enum_match_arm)]
    fn send_error(&self, e: ureq::Error) -> CallError {
        let seconds = u32::try_from(self.timeout.as_secs()).unwrap_or(u32::MAX);
        let detail = match &e {
            ureq::Error::Timeout(_) => return CallError::Timeout { seconds },
            ureq::Error::Io(io) if io.kind() == ErrorKind::TimedOut => {
                return CallError::Timeout { seconds };
            }
            ureq::Error::HostNotFound => "host not found".to_owned(),
            ureq::Error::ConnectionFailed => "connection failed".to_owned(),
            ureq::Error::Io(io) if io.kind() == ErrorKind::ConnectionRefused => {
                "connection refused".to_owned()
            }
            ureq::Error::TlsRequired => "https needs the CLI's `tls` feature".to_owned(),
            other => wire::preview(&other.to_string(), 120),
        };
        CallError::Unreachable {
            endpoint: self.url.clone(),
            detail,
        }
    }

    fn read_error(&self, e: &std::io::Error, received: usize) -> CallError {
        let ureq_timeout = e
            .get_ref()
            .and_then(|inner| inner.downcast_ref::<ureq::Error>())
            .is_some_and(|inner| matches!(inner, ureq::Error::Timeout(_)));
        if ureq_timeout || e.kind() == ErrorKind::TimedOut {
            return CallError::Timeout {
                seconds: u32::try_from(self.timeout.as_secs()).unwrap_or(u32::MAX),
            };
        }
        CallError::Interrupted {
            received,
            detail: wire::preview(&e.to_string(), 120),
        }
    }
}

/// Reads at most `cap` bytes (so a 10 MB reply costs at most `cap`), as lossy UTF-8.
fn read_capped(reader: &mut impl Read, cap: usize) -> std::io::Result<String> {
    let mut bytes = Vec::new();
    reader
        .take(u64::try_from(cap).unwrap_or(u64::MAX))
        .read_to_end(&mut bytes)?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

impl Llm for HttpLlm {
    fn complete(&mut self, request: &ChatRequest) -> Result<LlmReply, String> {
        let reply = self.call(request, &mut |_| {}).map_err(|e| e.to_string())?;
        Ok(LlmReply {
            text: reply.text,
            usage: reply.usage,
        })
    }

    fn stream(
        &mut self,
        request: &ChatRequest,
        on_text: &mut dyn FnMut(&str),
    ) -> Result<LlmReply, String> {
        let reply = self.call(request, on_text).map_err(|e| e.to_string())?;
        Ok(LlmReply {
            text: reply.text,
            usage: reply.usage,
        })
    }

    fn is_online(&self) -> bool {
        true
    }
}
