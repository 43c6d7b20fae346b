//! The fetch layer: sends the engine's [`ChatRequest`]s to an OpenAI-compatible endpoint with
//! gloo-net.
//!
//! The request, the reading of the reply, the error wording and the retry policy are the core's
//! [`Exchange`], shared with the CLI; this file only moves bytes in the browser:
//! - both replies and streams are read from the body's `ReadableStream`, chunk by chunk, until
//!   the exchange needs no more (a 10 MB reply costs the body cap and an error, never a crash);
//! - every attempt has its own `AbortController`: a JS timer aborts it after
//!   [`ClientSettings::timeout_ms`], and [`Cancel::cancel`] aborts it on request;
//! - between attempts it waits as long as the exchange says, with a JS `setTimeout` promise;
//! - a fetch `TypeError` is the page's Content-Security-Policy refusing the connection (its
//!   `securitypolicyviolation` event says so), an unreachable host or a CORS refusal (a
//!   `no-cors` probe tells those apart: it succeeds only if something answers at that address),
//!   or the browser is offline (`navigator.onLine`: [`Transport::Offline`], no probe). Each
//!   cause is typed ([`HostWords`]) and worded by the engine; where the user sets the key is
//!   the app's and lives here.
//!
//! The API key is sent only as the `Authorization` header to the configured endpoint; it is in
//! no URL, no error and no `Debug` output.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

pub use clarify_core::exchange::ClientSettings;
use clarify_core::exchange::{
    CallReport, Endpoint, Exchange, ExchangeError, Finished, HttpRequest, ResponseHead, Transport,
};
use clarify_core::profile::{Learned, ProfileKind};
use clarify_core::wire::{CallError, HostWords};
use clarify_core::{ChatRequest, Language, Usage};
use gloo_net::http::{Request, RequestBuilder, Response};

use crate::i18n::Word;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortController, RequestMode};

/// Where and how to reach the LLM. The API key lives here only, never in a session snapshot.
#[derive(Clone, PartialEq, Eq)]
pub struct LlmSettings {
    /// Base URL of the endpoint, e.g. `http://127.0.0.1:8081/v1` (or the full
    /// `…/chat/completions` URL).
    pub endpoint: String,
    /// Model name sent with each request.
    pub model: String,
    /// The API key, if the endpoint needs one (sent as the profile says).
    pub api_key: Option<String>,
    /// The kind of endpoint, when the host names it; `None`: chosen from the URL and model.
    pub profile: Option<ProfileKind>,
    /// Time limit, token cap, body caps and attempts of each call.
    pub client: ClientSettings,
}

impl std::fmt::Debug for LlmSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LlmSettings")
            .field("endpoint", &self.endpoint)
            .field("model", &self.model)
            .field("api_key", &self.api_key.as_ref().map(|_| "<redacted>"))
            .field("profile", &self.profile)
            .field("client", &self.client)
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
    /// What was adapted on the way, for the session's trace.
    pub report: CallReport,
}

thread_local! {
    /// What refusals taught this page, per endpoint and model: only the first call pays. Read
    /// from and saved to `localStorage` ([`LEARNED_KEY`]), so a reload pays nothing either.
    static LEARNED: std::cell::RefCell<Learned> = std::cell::RefCell::new(saved_learned());
}

/// Where the learned request shapes are kept (no key, no text: endpoint URLs, model names and
/// shapes only).
pub const LEARNED_KEY: &str = "clarify.learned";

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The shapes saved by an earlier page; none when storage is missing or holds garbage.
fn saved_learned() -> Learned {
    local_storage()
        .and_then(|s| s.get_item(LEARNED_KEY).ok().flatten())
        .and_then(|json| serde_json::from_str(&json).ok())
        .unwrap_or_default()
}

/// Saves `learned`; a full or missing storage only loses the saving.
fn save_learned(learned: &Learned) {
    if let (Some(storage), Ok(json)) = (local_storage(), serde_json::to_string(learned)) {
        let _ = storage.set_item(LEARNED_KEY, &json);
    }
}

/// Why a call failed, in words a user can act on (see [`CallError`]); a refused key points to
/// the settings, where the user enters it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LlmError(pub CallError);

impl LlmError {
    /// What to tell the user about the failure, in `language`: the call's failure in the
    /// engine's words (the page's causes — its policy, CORS, a network error — are typed
    /// [`HostWords`], worded by the engine) and, for a refused key, where to fix it.
    #[allow(clippy::wildcard_enum_match_arm)]
    pub fn in_words(&self, language: Language) -> String {
        match &self.0 {
            CallError::Unauthorized { status, detail } => {
                let refused = CallError::Unauthorized {
                    status: *status,
                    detail: String::new(),
                };
                let check = Word::CheckKey.text(language);
                format!("{}{check}{detail}", refused.in_words(language))
            }
            // The other failures carry no words of the page's (and the error is non-exhaustive).
            other => other.in_words(language),
        }
    }
}

impl std::fmt::Display for LlmError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.in_words(Language::English))
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
    let watch = Watch {
        on_text,
        on_thinking: &|_| {},
        max_requests: u32::MAX,
    };
    call_watching(settings, request, cancel, &watch).await
}

/// What a caller follows of a call besides its reply.
pub struct Watch<'a> {
    /// Each streamed piece of text.
    pub on_text: &'a dyn Fn(&str),
    /// Whether the model is thinking (its reasoning streams, no text yet), as it changes.
    pub on_thinking: &'a dyn Fn(bool),
    /// Most HTTP requests the call sends, retries and adaptations together.
    pub max_requests: u32,
}

/// The connection test: [`analysis::probe_request`](clarify_core::analysis::probe_request) in
/// at most [`PROBE_REQUESTS`](clarify_core::analysis::PROBE_REQUESTS) requests. What it
/// learns (the roles, the JSON mode, reasoning) is kept like any call's.
///
/// # Errors
/// [`LlmError`] when the endpoint failed, or still refused after the last request.
pub async fn probe(settings: &LlmSettings) -> Result<LlmReply, LlmError> {
    let watch = Watch {
        on_text: &|_| {},
        on_thinking: &|_| {},
        max_requests: clarify_core::analysis::PROBE_REQUESTS,
    };
    let request = clarify_core::analysis::probe_request();
    call_watching(settings, &request, &Cancel::default(), &watch).await
}

/// What the endpoint and model of `settings` were learned to accept, in `language`; `None`
/// before anything was learned.
pub fn accepts(settings: &LlmSettings, language: Language) -> Option<String> {
    LEARNED.with(|l| {
        l.borrow()
            .get(&settings.endpoint, &settings.model)
            .map(|k| k.accepts(language))
    })
}

impl std::fmt::Debug for Watch<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Watch")
            .field("max_requests", &self.max_requests)
            .finish_non_exhaustive()
    }
}

/// Whether the model of `settings` was learned to reason.
pub fn reasons(settings: &LlmSettings) -> bool {
    LEARNED.with(|l| {
        l.borrow()
            .get(&settings.endpoint, &settings.model)
            .is_some_and(|k| k.reasoning)
    })
}

/// [`call`], followed as `watch` says.
///
/// # Errors
/// [`LlmError`] after the retries, with a message for the user.
pub async fn call_watching(
    settings: &LlmSettings,
    request: &ChatRequest,
    cancel: &Cancel,
    watch: &Watch<'_>,
) -> Result<LlmReply, LlmError> {
    let endpoint = Endpoint {
        url: settings.endpoint.clone(),
        model: settings.model.clone(),
        api_key: settings.api_key.clone(),
        profile: settings.profile,
    };
    let mut exchange = Exchange::new(request, &endpoint, settings.client);
    if let Some(shape) = LEARNED.with(|l| {
        l.borrow()
            .get(&endpoint.url, &endpoint.model)
            .map(|k| k.shape)
    }) {
        exchange = exchange.start_from(shape);
    }
    let result = loop {
        if cancel.is_cancelled() {
            break Err(LlmError(CallError::Cancelled));
        }
        match attempt(&mut exchange, cancel, watch).await {
            Ok(done) => break Ok(done),
            Err(ExchangeError {
                retry_in_ms: Some(ms),
                ..
            }) if exchange.attempt() <= watch.max_requests => sleep(ms).await,
            Err(e) => break Err(LlmError(e.error)),
        }
    };
    (watch.on_thinking)(false);
    let report = exchange.report(None);
    let adapted: Vec<_> = report.adaptations.iter().map(|a| a.change).collect();
    LEARNED.with(|l| {
        let mut learned = l.borrow_mut();
        let before = learned.clone();
        let (url, model) = (&endpoint.url, &endpoint.model);
        learned.learn(url, model, report.shape, &adapted, report.reasoning);
        if *learned != before {
            save_learned(&learned);
        }
    });
    result.map(|done| LlmReply {
        text: done.reply.text,
        usage: done.reply.usage,
        finish_reason: done.reply.finish_reason,
        attempts: done.attempts,
        report,
    })
}

/// One attempt under its own `AbortController`, aborted by the timer or by `cancel`.
async fn attempt(
    exchange: &mut Exchange,
    cancel: &Cancel,
    watch: &Watch<'_>,
) -> Result<Finished, ExchangeError> {
    let limit = i32::try_from(exchange.settings().timeout_ms)
        .unwrap_or(i32::MAX)
        .max(1);
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
    let request = exchange.request();
    let policy = PolicyWatch::start();
    let result = send_and_read(exchange, &request, controller.as_ref(), watch).await;
    if let Some((id, _closure)) = timer
        && let Some(window) = web_sys::window()
    {
        window.clear_timeout_with_handle(id);
    }
    cancel.inner.current.replace(None);
    match result {
        Err(Failure::Aborted) if cancel.is_cancelled() => Err(exchange.fail(Transport::Cancelled)),
        Err(Failure::Aborted) if timed_out.get() => Err(exchange.fail(Transport::TimedOut)),
        Err(Failure::Aborted) => Err(exchange.fail(Transport::Cancelled)),
        Err(Failure::Fetch) => Err(exchange.fail(diagnose(&request.url, &policy).await)),
        Err(Failure::Broken) => Err(exchange.fail(Transport::Broken("network error".into()))),
        Err(Failure::Exchange(e)) => Err(e),
        Ok(done) => Ok(done),
    }
}

/// How an attempt failed before the exchange words it.
enum Failure {
    /// The `AbortController` fired (timer or cancel).
    Aborted,
    /// `fetch` rejected with a `TypeError`: no answer the page may read.
    Fetch,
    /// Reading the body failed.
    Broken,
    /// The exchange ended the attempt.
    Exchange(ExchangeError),
}

impl From<ExchangeError> for Failure {
    fn from(e: ExchangeError) -> Self {
        Self::Exchange(e)
    }
}

/// Sends `request` and feeds the reply to `exchange` until it needs no more.
async fn send_and_read(
    exchange: &mut Exchange,
    request: &HttpRequest,
    signal: Option<&AbortController>,
    watch: &Watch<'_>,
) -> Result<Finished, Failure> {
    let signal = signal.map(AbortController::signal);
    let method = gloo_net::http::Method::from_bytes(request.method.as_bytes()).ok();
    let mut builder = RequestBuilder::new(&request.url).abort_signal(signal.as_ref());
    for (name, value) in &request.headers {
        builder = builder.header(name, value);
    }
    let Some(sent) = method.and_then(|m| builder.method(m).body(&request.body).ok()) else {
        // The same URL would fail again: no retry.
        return Err(Failure::Exchange(ExchangeError {
            error: CallError::BadReply("no request could be built for this URL".into()),
            retry_in_ms: None,
        }));
    };
    let response = sent.send().await.map_err(|e| {
        if is_abort(&e) {
            Failure::Aborted
        } else {
            Failure::Fetch
        }
    })?;
    let headers = response.headers();
    exchange.head(ResponseHead {
        status: response.status(),
        content_type: headers.get("content-type"),
        retry_after: headers.get("retry-after"),
    });
    if let Some(reader) = Reader::new(&response) {
        let read = feed(exchange, &reader, watch).await;
        // Stops the download whatever ended the reading: `[DONE]`, a cap or an error.
        reader.cancel();
        read?;
    }
    let done = exchange.end()?;
    if let Some(text) = &done.tail {
        (watch.on_text)(text);
    }
    Ok(done)
}

/// Feeds the body to `exchange` chunk by chunk until it ends or the exchange needs no more.
async fn feed(exchange: &mut Exchange, reader: &Reader, watch: &Watch<'_>) -> Result<(), Failure> {
    let mut thinking = false;
    while !exchange.is_complete() {
        let Some(bytes) = reader.next().await? else {
            break;
        };
        let pieces = exchange.body(&bytes)?;
        if exchange.is_thinking() != thinking {
            thinking = !thinking;
            (watch.on_thinking)(thinking);
        }
        for text in pieces {
            (watch.on_text)(&text);
        }
    }
    Ok(())
}

fn is_abort(e: &gloo_net::Error) -> bool {
    if let gloo_net::Error::JsError(e) = e {
        e.name == "AbortError"
    } else {
        false
    }
}

/// The body's `ReadableStreamDefaultReader`, read chunk by chunk.
struct Reader(web_sys::ReadableStreamDefaultReader);

impl Reader {
    /// The reader of `response`'s body; `None` for a reply without a body, which then reads as
    /// an empty one.
    fn new(response: &Response) -> Option<Self> {
        response
            .body()?
            .get_reader()
            .dyn_into::<web_sys::ReadableStreamDefaultReader>()
            .ok()
            .map(Self)
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
                Failure::Broken
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
        // The promise reports when cancelling is done, and rejects when the stream had already
        // failed — an aborted call ("signal is aborted without reason"). Awaiting it here
        // handles that rejection, which would otherwise reach the console as uncaught.
        let done = JsFuture::from(self.0.cancel());
        wasm_bindgen_futures::spawn_local(async move {
            let _ = done.await;
        });
    }
}

/// Tells the causes of a fetch `TypeError` apart: the browser is offline (`navigator.onLine`);
/// the page's Content-Security-Policy refused the connection (a `securitypolicyviolation` event
/// for `connect-src` names the URL); nothing answers; or the server answers but not for this origin (CORS). For the last two, a
/// `no-cors` HEAD gets an opaque answer from a server that answers at all (CORS does not apply
/// to it) and fails again when nothing is there. The browser may also block the probe's answer
/// (opaque-response blocking), so a failed probe proves nothing: the message then names both
/// causes.
async fn diagnose(url: &str, policy: &PolicyWatch) -> Transport {
    if !online() {
        return Transport::Offline;
    }
    let probe = Request::get(url)
        .method(gloo_net::http::Method::HEAD)
        .mode(RequestMode::NoCors)
        .send()
        .await;
    // The violation events are queued as tasks of their own, after the rejections: a short
    // wait lets them arrive (Chromium delivers them before a zero-delay timer fires).
    sleep(20).await;
    if policy.refused(url) {
        return Transport::Refused(HostWords::PagePolicy);
    }
    match probe {
        Ok(_) => Transport::Blocked(HostWords::CorsBlocked),
        Err(_) => Transport::Unreachable(HostWords::NoAnswer),
    }
}

/// Records, while one attempt runs, the URLs the page's Content-Security-Policy refused under
/// `connect-src`: a refused `fetch` rejects with the same `TypeError` as an unreachable host,
/// and only this event tells them apart. The listener is removed when the watch is dropped.
struct PolicyWatch {
    refused: Rc<RefCell<Vec<String>>>,
    listener: Option<Closure<dyn FnMut(web_sys::Event)>>,
}

impl PolicyWatch {
    fn start() -> Self {
        let refused = Rc::new(RefCell::new(Vec::new()));
        let seen = Rc::clone(&refused);
        let listener = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
            let field = |name: &str| {
                js_sys::Reflect::get(&event, &name.into())
                    .ok()
                    .and_then(|v| v.as_string())
                    .unwrap_or_default()
            };
            if field("effectiveDirective") == "connect-src" {
                seen.borrow_mut().push(field("blockedURI"));
            }
        });
        let added = web_sys::window().is_some_and(|w| {
            w.add_event_listener_with_callback(
                "securitypolicyviolation",
                listener.as_ref().unchecked_ref(),
            )
            .is_ok()
        });
        Self {
            refused,
            listener: added.then_some(listener),
        }
    }

    /// Whether a connection to `url`'s origin was refused. A report may carry the whole URL or
    /// only its origin; a relative `url` is the page's own origin, which reports name in full,
    /// so any refusal counts for it.
    fn refused(&self, url: &str) -> bool {
        let origin = origin_of(url);
        self.refused
            .borrow()
            .iter()
            .any(|blocked| origin.is_empty() || origin_of(blocked) == origin)
    }
}

impl Drop for PolicyWatch {
    fn drop(&mut self) {
        if let (Some(listener), Some(window)) = (&self.listener, web_sys::window()) {
            let _ = window.remove_event_listener_with_callback(
                "securitypolicyviolation",
                listener.as_ref().unchecked_ref(),
            );
        }
    }
}

/// `scheme://host:port` of an absolute URL (the text up to the path); empty for a relative one.
fn origin_of(url: &str) -> &str {
    let Some(after_scheme) = url.find("://").map(|i| i + 3) else {
        return "";
    };
    let end = url[after_scheme..]
        .find(['/', '?', '#'])
        .map_or(url.len(), |i| after_scheme + i);
    &url[..end]
}

/// Whether the browser says it has a network (`navigator.onLine`; true without a window).
pub fn online() -> bool {
    web_sys::window().is_none_or(|w| w.navigator().on_line())
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
