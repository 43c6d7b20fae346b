//! The CLI's LLM transport: an OpenAI-compatible `/chat/completions` endpoint over blocking
//! HTTP (ureq). The request, the reading of the reply, the error wording and the retry policy
//! are the core's [`Exchange`], shared with the browser; this file only moves bytes, lets ureq
//! keep the time limit, and sleeps between attempts.
//!
//! Each call follows the endpoint's profile; what a refusal taught (a renamed or dropped
//! parameter) is kept in a [`Learned`] for the rest of the process, so only the first call pays,
//! and each call's [`CallReport`] is handed to the session for its trace.
//!
//! The API key is read from an environment variable (never a flag, so it stays out of shell
//! history and `ps`), sent only in the profile's key header to the configured endpoint, and
//! never printed: not in errors, not in `Debug`, not in the call log.

use std::fs::File;
use std::io::{ErrorKind, Read, Write};
use std::time::{Duration, Instant};

use clarify_core::exchange::{
    CallReport, ClientSettings, Endpoint, Exchange, ExchangeError, Finished, ResponseHead,
    Transport,
};
use clarify_core::profile::{Learned, ProfileKind};
use clarify_core::wire::{self, CallError, Reply};
use clarify_core::{ChatRequest, Language, Purpose};

use crate::driver::{Llm, LlmError, LlmReply};

/// Where and how to reach the endpoint (`Debug` shows no key: [`Endpoint`] hides it).
#[derive(Debug)]
pub struct HttpLlm {
    agent: ureq::Agent,
    endpoint: Endpoint,
    client: ClientSettings,
    log: Option<File>,
    /// The conversation's language, in which a failed call is told.
    language: Language,
    /// What refusals taught, per endpoint and model.
    learned: Learned,
    /// The last call's report, until the driver takes it.
    report: Option<CallReport>,
}

impl HttpLlm {
    /// A transport for `endpoint` (base URL such as `http://127.0.0.1:8080/v1`, or the full
    /// `…/chat/completions` URL) and `model`, with a per-attempt time limit.
    pub fn new(endpoint: &str, model: &str, api_key: Option<String>, timeout: Duration) -> Self {
        let client = ClientSettings {
            timeout_ms: u32::try_from(timeout.as_millis()).unwrap_or(u32::MAX),
            ..ClientSettings::default()
        };
        let agent = ureq::Agent::config_builder()
            // Non-2xx replies are read here, for their OpenAI error bodies.
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_millis(client.timeout_ms.into())))
            .timeout_connect(Some(Duration::from_secs(10)))
            .user_agent(concat!("clarify/", env!("CARGO_PKG_VERSION")))
            .build()
            .new_agent();
        Self {
            agent,
            endpoint: Endpoint {
                url: endpoint.to_owned(),
                model: model.to_owned(),
                api_key,
                profile: None,
            },
            client,
            log: None,
            language: Language::English,
            learned: Learned::default(),
            report: None,
        }
    }

    /// Caps `max_tokens` of every call at `cap` (cost or time control; replies that reach it end
    /// with `finish_reason: "length"`).
    pub fn cap_tokens(&mut self, cap: u32) {
        self.client.max_tokens = Some(cap);
    }

    /// Calls the endpoint as the `kind` profile says, instead of the one its URL and model say.
    pub fn use_profile(&mut self, kind: ProfileKind) {
        self.endpoint.profile = Some(kind);
    }

    /// Tells failed calls in `language` (the conversation's) instead of English.
    pub fn speak(&mut self, language: Language) {
        self.language = language;
    }

    /// Appends one JSON line per call to `file`: purpose, attempts, status, milliseconds,
    /// usage, finish reason, what was adapted and what the endpoint accepts, the characters of
    /// text and of reasoning, and the error (no prompt, no reply or reasoning text, no key).
    pub fn log_to(&mut self, file: File) {
        self.log = Some(file);
    }

    /// Sends `request`, trying again as long and as often as the exchange says; `on_text` gets
    /// each streamed piece.
    pub fn call(
        &mut self,
        request: &ChatRequest,
        on_text: &mut dyn FnMut(&str),
    ) -> Result<Reply, CallError> {
        // The host may read the clock (only the engine may not); the figure goes to the call log.
        #[allow(clippy::disallowed_methods)]
        let started = Instant::now();
        let mut exchange = Exchange::new(request, &self.endpoint, self.client);
        if let Some(known) = self.learned.get(&self.endpoint.url, &self.endpoint.model) {
            exchange = exchange.start_from(known.shape);
        }
        let result = loop {
            match self.attempt(&mut exchange, on_text) {
                Ok(done) => break Ok(done.reply),
                Err(ExchangeError {
                    retry_in_ms: Some(ms),
                    ..
                }) => std::thread::sleep(Duration::from_millis(ms.into())),
                Err(e) => break Err(e.error),
            }
        };
        let report = exchange.report(result.as_ref().err().cloned());
        let adapted: Vec<_> = report.adaptations.iter().map(|a| a.change).collect();
        let (url, model) = (&self.endpoint.url, &self.endpoint.model);
        self.learned
            .learn(url, model, report.shape, &adapted, report.reasoning);
        self.record(&exchange, started, &result);
        self.report = Some(report);
        result
    }

    fn record(&mut self, exchange: &Exchange, started: Instant, result: &Result<Reply, CallError>) {
        let Some(log) = &mut self.log else { return };
        let purpose: Purpose = exchange.report(None).purpose;
        let attempts = exchange.attempt();
        let profile = exchange.profile().kind.name();
        let shape = exchange.shape().summary();
        let adapted: Vec<&str> = exchange
            .adaptations()
            .iter()
            .map(|a| a.change.code())
            .collect();
        // What the endpoint accepts, as the settings of the app show it.
        let reasoning = self
            .learned
            .get(&self.endpoint.url, &self.endpoint.model)
            .is_some_and(|l| l.reasoning);
        let accepts = exchange.shape().accepts(reasoning, Language::English);
        let line = match result {
            Ok(r) => serde_json::json!({
                "purpose": purpose, "attempts": attempts, "ok": true,
                "profile": profile, "shape": shape, "adapted": adapted, "accepts": accepts,
                "ms": started.elapsed().as_millis() as u64,
                "usage": r.usage, "finish_reason": r.finish_reason, "chars": r.text.chars().count(),
                "reasoning_chars": r.reasoning_chars,
            }),
            Err(e) => serde_json::json!({
                "purpose": purpose, "attempts": attempts, "ok": false,
                "profile": profile, "shape": shape, "adapted": adapted, "accepts": accepts,
                "ms": started.elapsed().as_millis() as u64, "error": e.to_string(),
                "code": e.code(),
            }),
        };
        let _ = writeln!(log, "{line}");
    }

    /// One attempt: sends the exchange's request and feeds it the reply until it needs no more.
    fn attempt(
        &self,
        exchange: &mut Exchange,
        on_text: &mut dyn FnMut(&str),
    ) -> Result<Finished, ExchangeError> {
        let request = exchange.request();
        let mut call = ureq::http::Request::builder()
            .method(request.method)
            .uri(&request.url);
        for (name, value) in &request.headers {
            call = call.header(*name, value);
        }
        let sent = call
            .body(request.body)
            .map_err(|e| {
                exchange.fail(Transport::Unreachable(
                    wire::preview(&e.to_string(), 120).into(),
                ))
            })
            .and_then(|r| {
                self.agent
                    .run(r)
                    .map_err(|e| exchange.fail(send_failure(e)))
            })?;
        let header = |name: &str| {
            sent.headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned)
        };
        exchange.head(ResponseHead {
            status: sent.status().as_u16(),
            content_type: header("content-type"),
            retry_after: header("retry-after"),
        });
        let mut reader = sent.into_body().into_reader();
        let mut buf = [0u8; 8192];
        while !exchange.is_complete() {
            let n = match reader.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(exchange.fail(read_failure(&e))),
            };
            for text in exchange.body(&buf[..n])? {
                on_text(&text);
            }
        }
        let done = exchange.end()?;
        if let Some(text) = &done.tail {
            on_text(text);
        }
        Ok(done)
    }
}

/// What a failed send means. ureq's error is non-exhaustive: the wildcard arm quotes it.
#[allow(clippy::wildcard_enum_match_arm)]
fn send_failure(e: ureq::Error) -> Transport {
    let detail = match &e {
        ureq::Error::Timeout(_) => return Transport::TimedOut,
        ureq::Error::Io(io) if io.kind() == ErrorKind::TimedOut => return Transport::TimedOut,
        ureq::Error::HostNotFound => "host not found".to_owned(),
        ureq::Error::ConnectionFailed => "connection failed".to_owned(),
        ureq::Error::Io(io) if io.kind() == ErrorKind::ConnectionRefused => {
            "connection refused".to_owned()
        }
        ureq::Error::TlsRequired => "https needs the CLI's `tls` feature".to_owned(),
        other => wire::preview(&other.to_string(), 120),
    };
    Transport::Unreachable(detail.into())
}

/// What a failed read of the body means: the time limit, or a broken connection.
fn read_failure(e: &std::io::Error) -> Transport {
    let ureq_timeout = e
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<ureq::Error>())
        .is_some_and(|inner| matches!(inner, ureq::Error::Timeout(_)));
    if ureq_timeout || e.kind() == ErrorKind::TimedOut {
        return Transport::TimedOut;
    }
    Transport::Broken(wire::preview(&e.to_string(), 120))
}

impl HttpLlm {
    /// `error` as the driver takes it: its kind, and its words in the conversation's language.
    fn failed(&self, error: &CallError) -> LlmError {
        LlmError {
            code: Some(error.code()),
            message: error.in_words(self.language),
        }
    }
}

impl Llm for HttpLlm {
    fn complete(&mut self, request: &ChatRequest) -> Result<LlmReply, LlmError> {
        let reply = self
            .call(request, &mut |_| {})
            .map_err(|e| self.failed(&e))?;
        Ok(LlmReply {
            text: reply.text,
            usage: reply.usage,
        })
    }

    fn stream(
        &mut self,
        request: &ChatRequest,
        on_text: &mut dyn FnMut(&str),
    ) -> Result<LlmReply, LlmError> {
        let reply = self.call(request, on_text).map_err(|e| self.failed(&e))?;
        Ok(LlmReply {
            text: reply.text,
            usage: reply.usage,
        })
    }

    fn is_online(&self) -> bool {
        true
    }

    fn take_report(&mut self) -> Option<CallReport> {
        self.report.take()
    }
}
