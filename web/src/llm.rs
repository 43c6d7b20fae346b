//! The fetch layer: sends the engine's [`ChatRequest`]s to an OpenAI-compatible endpoint with
//! gloo-net.
//!
//! The wire format, the error wording and the retry policy are shared with the CLI in
//! [`clarify_core::wire`]; this file only moves bytes in the browser:
//! - both replies and streams are read from the body's `ReadableStream`, at most
//!   [`MAX_BODY_BYTES`] of it (a 10 MB reply costs 2 MB and an error, never a crash);
//! - every attempt has its own `AbortController`: a JS timer aborts it after [`TIMEOUT_MS`]
//!   (see [`set_timeout_ms`]), and
//!   [`Cancel::cancel`] aborts it on request;
//! - 429, 5xx and network errors are retried [`MAX_ATTEMPTS`] times in all, with a JS
//!   `setTimeout` promise as the backoff; a stream is not retried once text has arrived;
//! - a fetch `TypeError` is either an unreachable host or a CORS refusal: a `no-cors` probe tells
//!   them apart (it succeeds only if something answers at that address).
//!
//! The API key is sent only as the `Authorization` header to the configured endpoint; it is in
//! no URL, no error and no `Debug` output.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use clarify_core::wire::{
    self, CallError, MAX_ATTEMPTS, MAX_BODY_BYTES, Reply, SseDecoder, StreamState,
};
use clarify_core::{ChatRequest, Usage};
use gloo_net::http::{Request, Response};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortController, RequestMode};

/// Default time limit per attempt, in milliseconds (a slow local model under load needs minutes).
pub const TIMEOUT_MS: i32 = 120_000;

thread_local! {
    static TIMEOUT: Cell<i32> = const { Cell::new(TIMEOUT_MS) };
    static MAX_TOKENS: Cell<Option<u32>> = const { Cell::new(None) };
}

/// Caps `max_tokens` of the calls that start afterwards (cost or time control; replies that
/// reach it end with `finish_reason: "length"`). `None` sends what the engine asks for.
pub fn set_max_tokens_cap(cap: Option<u32>) {
    MAX_TOKENS.with(|m| m.set(cap));
}

/// Sets the time limit per attempt for the calls that start afterwards.
pub fn set_timeout_ms(ms: i32) {
    TIMEOUT.with(|t| t.set(ms.max(1)));
}

/// Where and how to reach the LLM. The API key lives here only, never in a session snapshot.
#[derive(Clone, PartialEq, Eq)]
pub struct LlmSettings {
    /// Base URL of the endpoint, e.g. `http://127.0.0.1:8081/v1` (or the full
    /// `…/chat/completions` URL).
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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LlmReply {
    /// The assistant message's text.
    pub text: String,
    /// Token counts, if reported.
    pub usage: Option<Usage>,
    /// Why generation stopped (`stop`, `length`, …), if reported.
    pub finish_reason: Option<String>,
    /// Attempts it took (1 without retries).
    pub attempts: u32,
}

/// Why a call failed, in words a user can act on (see [`CallError`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LlmError(pub CallError);

impl std::fmt::Display for LlmError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for LlmError {}

/// Cancels the call it is passed to (and any later call it is passed to). Cheap to clone.
#[derive(Clone, Default)]
pub struct Cancel {
    inner: Rc<CancelInner>,
}

#[derive(Default)]
struct CancelInner {
    cancelled: Cell<bool>,
    current: RefCell<Option<AbortController>>,
}

impl std::fmt::Debug for Cancel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cancel")
            .field("cancelled", &self.inner.cancelled.get())
            .finish()
    }
}

impl Cancel {
    /// Aborts the running attempt; the call ends with [`CallError::Cancelled`].
    pub fn cancel(&self) {
        self.inner.cancelled.set(true);
        if let Some(controller) = self.inner.current.borrow_mut().take() {
            controller.abort();
        }
    }

    /// Whether [`cancel`](Self::cancel) was called.
    pub fn is_cancelled(&self) -> bool {
        self.inner.cancelled.get()
    }
}

/// Sends `request` and returns the whole reply.
///
/// # Errors
/// [`LlmError`] after the retries, with a message for the user.
pub async fn complete(settings: &LlmSettings, request: &ChatRequest) -> Result<LlmReply, LlmError> {
    call(settings, request, &Cancel::default(), &|_| {}).await
}

/// Sends `request` streamed, calling `on_chunk` with each piece of text.
///
/// # Errors
/// [`LlmError`] after the retries, with a message for the user.
pub async fn stream(
    settings: &LlmSettings,
    request: &ChatRequest,
    on_chunk: impl Fn(&str),
) -> Result<LlmReply, LlmError> {
    call(settings, request, &Cancel::default(), &on_chunk).await
}

/// Sends `request` (streamed if `request.stream`), with retries, a time limit per attempt and
/// `cancel`; `on_text` gets each streamed piece.
///
/// # Errors
/// [`LlmError`] after the retries, with a message for the user.
pub async fn call(
    settings: &LlmSettings,
    request: &ChatRequest,
    cancel: &Cancel,
    on_text: &dyn Fn(&str),
) -> Result<LlmReply, LlmError> {
    let url = wire::completions_url(&settings.endpoint);
    let mut body = request.to_body(&settings.model);
    if let Some(cap) = MAX_TOKENS.with(Cell::get) {
        body["max_tokens"] = request.max_tokens.map_or(cap, |m| m.min(cap)).into();
    }
    let body = body.to_string();
    let streamed = Cell::new(false);
    let mut attempt = 1;
    loop {
        if cancel.is_cancelled() {
            return Err(LlmError(CallError::Cancelled));
        }
        let result = attempt_once(settings, &url, &body, request.stream, cancel, &|text| {
            streamed.set(true);
            on_text(text);
        })
        .await;
        match result {
            Err(e) if e.is_retryable() && !streamed.get() && attempt < MAX_ATTEMPTS => {
                sleep(wire::backoff_ms(attempt)).await;
                attempt += 1;
            }
            Err(e) => return Err(LlmError(e)),
            Ok(reply) => {
                return Ok(LlmReply {
                    text: reply.text,
                    usage: reply.usage,
                    finish_reason: reply.finish_reason,
                    attempts: attempt,
                });
            }
        }
    }
}

/// One attempt under its own `AbortController`, aborted by the timer or by `cancel`.
async fn attempt_once(
    settings: &LlmSettings,
    url: &str,
    body: &str,
    stream: bool,
    cancel: &Cancel,
    on_text: &dyn Fn(&str),
) -> Result<Reply, CallError> {
    let limit = TIMEOUT.with(Cell::get);
    let controller = AbortController::new().ok();
    let timed_out = Rc::new(Cell::new(false));
    let timer = controller.as_ref().and_then(|c| {
        let (c, flag) = (c.clone(), timed_out.clone());
        let closure = Closure::<dyn FnMut()>::new(move || {
            flag.set(true);
            c.abort();
        });
        let id = web_sys::window()?
            .set_timeout_with_callback_and_timeout_and_arguments_0(
                closure.as_ref().unchecked_ref(),
                limit,
            )
            .ok()?;
        Some((id, closure))
    });
    cancel.inner.current.replace(controller.clone());
    let result = send_and_read(settings, url, body, stream, controller.as_ref(), on_text).await;
    if let Some((id, _closure)) = timer
        && let Some(window) = web_sys::window()
    {
        window.clear_timeout_with_handle(id);
    }
    cancel.inner.current.replace(None);
    match result {
        Err(Failure::Aborted) if cancel.is_cancelled() => Err(CallError::Cancelled),
        Err(Failure::Aborted) if timed_out.get() => Err(CallError::Timeout {
            seconds: u32::try_from(limit / 1000).unwrap_or(0),
        }),
        Err(Failure::Aborted) => Err(CallError::Cancelled),
        Err(Failure::Fetch) => Err(diagnose(url).await),
        Err(Failure::Call(e)) => Err(e),
        Ok(reply) => Ok(reply),
    }
}

/// How an attempt failed before it is worded.
enum Failure {
    /// The `AbortController` fired (timer or cancel).
    Aborted,
    /// `fetch` rejected with a `TypeError`: no answer the page may read.
    Fetch,
    /// Anything already worded.
    Call(CallError),
}

impl From<CallError> for Failure {
    fn from(e: CallError) -> Self {
        Self::Call(e)
    }
}

async fn send_and_read(
    settings: &LlmSettings,
    url: &str,
    body: &str,
    stream: bool,
    signal: Option<&AbortController>,
    on_text: &dyn Fn(&str),
) -> Result<Reply, Failure> {
    let signal = signal.map(AbortController::signal);
    let mut builder = Request::post(url)
        .header("Content-Type", "application/json")
        .header(
            "Accept",
            if stream {
                "text/event-stream"
            } else {
                "application/json"
            },
        )
        .abort_signal(signal.as_ref());
    if let Some(key) = &settings.api_key {
        builder = builder.header("Authorization", &format!("Bearer {key}"));
    }
    let request = builder
        .body(body)
        .map_err(|_| CallError::BadReply("no request could be built for this URL".into()))?;
    let response = request.send().await.map_err(|e| {
        if is_abort(&e) {
            Failure::Aborted
        } else {
            Failure::Fetch
        }
    })?;
    let status = response.status();
    let content_type = response.headers().get("content-type");
    if !(200..300).contains(&status) {
        let text = read_all(&response, 64 * 1024).await.unwrap_or_default();
        return Err(wire::status_error(status, &text, &settings.model).into());
    }
    let is_stream = content_type
        .as_deref()
        .is_some_and(|t| t.starts_with("text/event-stream"));
    if !is_stream {
        let text = read_all(&response, MAX_BODY_BYTES + 1).await?;
        let reply = wire::parse_completion(&text, content_type.as_deref())?;
        if stream && !reply.text.is_empty() {
            on_text(&reply.text);
        }
        return Ok(reply);
    }
    let reader = Reader::new(&response)?;
    let mut decoder = SseDecoder::default();
    let mut state = StreamState::default();
    while let Some(bytes) = reader.next().await.map_err(|f| interrupted(f, &decoder))? {
        for event in decoder.push(&bytes)? {
            if let Some(text) = state.apply(&event)? {
                on_text(&text);
            }
        }
        if state.is_done() {
            reader.cancel();
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
        }
        .into());
    }
    Ok(state.finish()?)
}

fn is_abort(e: &gloo_net::Error) -> bool {
    if let gloo_net::Error::JsError(e) = e {
        e.name == "AbortError"
    } else {
        false
    }
}

/// A broken read mid-stream: keeps aborts as aborts, words the rest.
fn interrupted(f: Failure, decoder: &SseDecoder) -> Failure {
    match f {
        Failure::Fetch => Failure::Call(CallError::Interrupted {
            received: decoder.received(),
            detail: "network error".into(),
        }),
        Failure::Aborted | Failure::Call(_) => f,
    }
}

/// Reads at most `cap` bytes of the body as lossy UTF-8; a larger body is
/// [`CallError::TooLarge`].
async fn read_all(response: &Response, cap: usize) -> Result<String, Failure> {
    let reader = Reader::new(response)?;
    let mut bytes = Vec::new();
    while let Some(chunk) = reader.next().await? {
        bytes.extend_from_slice(&chunk);
        if bytes.len() >= cap {
            reader.cancel();
            if cap > MAX_BODY_BYTES {
                return Err(CallError::TooLarge {
                    limit: MAX_BODY_BYTES,
                }
                .into());
            }
            bytes.truncate(cap);
            break;
        }
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// The body's `ReadableStreamDefaultReader`, read chunk by chunk.
struct Reader(web_sys::ReadableStreamDefaultReader);

impl Reader {
    fn new(response: &Response) -> Result<Self, Failure> {
        let body = response
            .body()
            .ok_or_else(|| CallError::BadReply("a reply without a body".into()))?;
        body.get_reader()
            .dyn_into::<web_sys::ReadableStreamDefaultReader>()
            .map(Self)
            .map_err(|_| CallError::BadReply("a body that cannot be read".into()).into())
    }

    /// The next chunk, or `None` at the end.
    async fn next(&self) -> Result<Option<Vec<u8>>, Failure> {
        let result = JsFuture::from(self.0.read()).await.map_err(|e| {
            let aborted = e
                .dyn_ref::<js_sys::Error>()
                .is_some_and(|e| e.name() == "AbortError");
            if aborted {
                Failure::Aborted
            } else {
                Failure::Fetch
            }
        })?;
        let done = js_sys::Reflect::get(&result, &"done".into())
            .ok()
            .and_then(|v| v.as_bool())
            .unwrap_or(true);
        if done {
            return Ok(None);
        }
        let value = js_sys::Reflect::get(&result, &"value".into()).unwrap_or_default();
        Ok(Some(
            value
                .dyn_into::<js_sys::Uint8Array>()
                .map(|a| a.to_vec())
                .unwrap_or_default(),
        ))
    }

    fn cancel(&self) {
        // The promise only reports when cancelling is done; nothing waits for it.
        let _ = self.0.cancel();
    }
}

/// Tells an unreachable endpoint from a CORS refusal after a fetch `TypeError`: a `no-cors`
/// HEAD gets an opaque answer from a server that answers at all (CORS does not apply to it),
/// and fails again when nothing is there. The browser may also block the probe's answer
/// (opaque-response blocking), so a failed probe proves nothing: the message then names both
/// causes.
async fn diagnose(url: &str) -> CallError {
    let probe = Request::get(url)
        .method(gloo_net::http::Method::HEAD)
        .mode(RequestMode::NoCors)
        .send()
        .await;
    match probe {
        Ok(_) => CallError::Cors {
            endpoint: url.to_owned(),
        },
        Err(_) => CallError::Unreachable {
            endpoint: url.to_owned(),
            detail: "the browser reports a network error: nothing answers there, or the server \
                     does not allow this page's origin (CORS)"
                .into(),
        },
    }
}

/// Resolves after `ms` milliseconds (a JS `setTimeout` promise); at once without a window.
async fn sleep(ms: u32) {
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
                &resolve,
                i32::try_from(ms).unwrap_or(i32::MAX),
            );
        } else {
            let _ = resolve.call0(&wasm_bindgen::JsValue::UNDEFINED);
        }
    });
    let _ = JsFuture::from(promise).await;
}
