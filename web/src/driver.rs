//! The shell around the engine in the browser: feeds [`Input`]s to a [`Session`], carries out the
//! [`Effect`]s it returns (LLM calls, the offline answer), and tells subscribers.
//!
//! The app and the JS API both drive a session through a [`Driver`]; neither decides anything
//! the engine decides.

use std::cell::RefCell;
use std::rc::Rc;

use clarify_core::exchange::CallReport;
use clarify_core::profile::ProfileKind;
use clarify_core::wire::{CallError, FailureCode};
use clarify_core::{
    ChatRequest, Detection, Effect, Error, Input, InputKind, Language, Millis, NoticeKind, Session,
    Status,
};
use leptos::prelude::{WindowListenerHandle, window_event_listener_untyped};

use crate::i18n::Word;
use crate::llm::{self, Cancel, LlmError, LlmSettings};

/// A listener: called after every accepted input with the session and the effects it produced.
pub type Listener = Rc<dyn Fn(&Session, &[Effect])>;

/// What the last LLM call says about the endpoint. Nothing is known until a call has ended: a
/// URL in the settings is not a connection.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Link {
    /// No call has ended since the endpoint was set.
    #[default]
    Untried,
    /// A call succeeded.
    Reached,
    /// The last call failed: why, in words for the user.
    Failed(String),
}

/// Drives one session. Cheap to clone: clones share the session.
#[derive(Clone)]
pub struct Driver {
    inner: Rc<RefCell<Inner>>,
}

impl std::fmt::Debug for Driver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Driver").finish_non_exhaustive()
    }
}

struct Inner {
    /// Shared with the listeners being notified, so telling them costs no copy of the session;
    /// [`Driver::send`] copies it only when a listener still holds it (an input sent from
    /// inside a listener).
    session: Rc<Session>,
    llm: Option<LlmSettings>,
    /// Cancels the LLM calls in flight (replaced after each cancel).
    cancel: Cancel,
    listeners: Vec<(u32, Listener)>,
    next_listener: u32,
    /// Told how each LLM call ended (a cancelled call says nothing).
    on_link: Option<Rc<dyn Fn(Link)>>,
    /// Told the code and the words of each failed call (a cancelled call says nothing).
    on_failure: Option<Rc<dyn Fn(FailureCode, String)>>,
    /// Told whether the model is thinking (reasoning, no text yet), as it changes.
    on_thinking: Option<Rc<dyn Fn(bool)>>,
    /// The user enters the API key in settings (the app): a refused key points there.
    key_in_settings: bool,
    /// Set while listeners are told of a session another view wrote ([`Driver::follow`]).
    following: bool,
}

/// Handle returned by [`Driver::subscribe`]; pass it to [`Driver::unsubscribe`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Subscription(u32);

impl Driver {
    /// Drives `session`; with `llm` set, detection and generation go to that endpoint,
    /// otherwise the engine runs offline.
    pub fn new(session: Session, llm: Option<LlmSettings>) -> Self {
        Self {
            inner: Rc::new(RefCell::new(Inner {
                session: Rc::new(session),
                llm,
                cancel: Cancel::default(),
                listeners: Vec::new(),
                next_listener: 0,
                on_link: None,
                on_failure: None,
                on_thinking: None,
                key_in_settings: false,
                following: false,
            })),
        }
    }

    /// Applies `input`, notifies subscribers, then carries out the effects.
    ///
    /// # Errors
    /// The engine's [`Error`] when it refuses the input; the session is then unchanged and no
    /// subscriber is called.
    pub fn send(&self, input: Input) -> Result<(), Error> {
        let effects = Rc::make_mut(&mut self.inner.borrow_mut().session).handle(input)?;
        self.notify(&effects);
        for effect in effects {
            self.perform(effect);
        }
        Ok(())
    }

    /// Records in the session's trace how the call whose result `input` carries went (what was
    /// adapted, a refusal nothing fixed, told to the user), then sends `input`.
    fn send_reported(&self, report: Option<CallReport>, input: Input) -> Result<(), Error> {
        if let Some(report) = report {
            let told = Rc::make_mut(&mut self.inner.borrow_mut().session).record_call(&report);
            self.notify(&told);
        }
        self.send(input)
    }

    /// A report of a failed call: its failure and the endpoint's kind (what was adapted before
    /// is in the page's learned shapes).
    fn failed(settings: &LlmSettings, request: &ChatRequest, e: &LlmError) -> Option<CallReport> {
        let profile = settings
            .profile
            .unwrap_or_else(|| ProfileKind::detect(&settings.endpoint, &settings.model));
        Some(CallReport {
            purpose: request.purpose,
            profile,
            shape: profile.profile(&settings.model).shape,
            adaptations: Vec::new(),
            failure: Some(e.0.clone()),
            reasoning: false,
        })
    }

    /// Tells the observer whether the model is thinking.
    fn tell_thinking(&self, thinking: bool) {
        let observer = self.inner.borrow().on_thinking.clone();
        if let Some(observer) = observer {
            observer(thinking);
        }
    }

    /// Runs `f` with the current session.
    pub fn with<R>(&self, f: impl FnOnce(&Session) -> R) -> R {
        f(&self.inner.borrow().session)
    }

    /// Replaces the session (after a restore or "Start over") and notifies subscribers.
    pub fn replace(&self, session: Session) {
        // A call for the old session must not keep streaming into the new one.
        self.cancel();
        self.inner.borrow_mut().session = Rc::new(session);
        self.notify(&[]);
    }

    /// Replaces the session with the one another view (a tab, a widget on the same
    /// `storage-key`) wrote, as [`Driver::replace`] does; listeners told of it see
    /// [`Driver::following`].
    pub fn follow(&self, session: Session) {
        self.inner.borrow_mut().following = true;
        self.replace(session);
        self.inner.borrow_mut().following = false;
    }

    /// Whether the change listeners are told of now is another view's session, followed.
    pub fn following(&self) -> bool {
        self.inner.borrow().following
    }

    /// A word of the chrome in the conversation's language (a reason the engine quotes in
    /// its own sentences).
    fn word(&self, word: Word) -> &'static str {
        word.text(self.with(Session::language))
    }

    /// A failed call told in the conversation's language; a refused key points to the
    /// settings only where the user enters it ([`Driver::key_in_settings`]).
    fn in_words(&self, e: &LlmError) -> String {
        let language = self.with(Session::language);
        if self.inner.borrow().key_in_settings {
            e.in_words(language)
        } else {
            e.0.in_words(language)
        }
    }

    /// The user enters the API key in this page's settings (the app), so a refused key is
    /// told with where to fix it; a page that embeds the widget or the JS API has no settings.
    pub fn key_in_settings(self) -> Self {
        self.inner.borrow_mut().key_in_settings = true;
        self
    }

    /// Brings a session restored from a snapshot up to date at `now`: expired questions time
    /// out, and work that was in flight when the snapshot was taken (the endpoint's detection,
    /// the detector's data, the answer) is asked for again rather than waited for, since no
    /// call of this page is running for it; a question
    /// that was being translated is shown as written, the trace saying why; an answer that
    /// failed offline is asked for again, now or once the browser is back online.
    pub fn resume(&self, now: Millis) {
        let _ = self.send(Input::Tick { now });
        let [translating, writing] =
            [Word::ReloadedTranslating, Word::ReloadedWriting].map(|w| self.word(w));
        if let Some(question) = self.with(|s| s.translating().map(|q| q.id.clone())) {
            let _ = self.send(Input::TranslationFailed {
                question,
                reason: translating.into(),
            });
        }
        match self.with(Session::status) {
            // Waiting for a language's columns (and so the detector's data), which this page
            // fetches again.
            Status::Analyzing if self.with(Session::columns_awaited).is_some() => {
                if let Some(language) = self.with(Session::columns_awaited) {
                    self.perform(Effect::LoadColumns { language });
                }
            }
            // Waiting for the detector's data, which this page fetches again.
            Status::Analyzing if self.with(|s| s.config().detection == Detection::Embedded) => {
                self.perform(Effect::LoadDetector);
            }
            // The endpoint's detection was in flight and this page has no endpoint to ask it of
            // (a snapshot restored elsewhere): the embedded detector decides at once.
            Status::Analyzing
                if self.inner.borrow().llm.is_none()
                    && self.with(Session::detection_awaited).is_some() =>
            {
                let _ = self.send(Input::DetectionFailed {
                    reason: self.word(Word::EndpointMissing).into(),
                });
            }
            // The endpoint's detection was in flight: it is asked again.
            Status::Analyzing if let Some(request) = self.with(Session::detection_awaited) => {
                self.perform(Effect::RequestDetection { request });
            }
            // Fell back to the embedded detector, which waits for its data.
            Status::Analyzing if self.with(|s| s.accepts(InputKind::DetectOffline)) => {
                self.perform(Effect::LoadDetector);
            }
            Status::Generating => {
                let _ = self.send(Input::GenerationFailed {
                    reason: writing.into(),
                });
                let _ = self.send(Input::Retry);
            }
            // An answer that failed offline was promised a retry once the browser is online.
            Status::Failed if self.failed_offline() => {
                if llm::online() {
                    let _ = self.send(Input::Retry);
                } else {
                    self.retry_when_online();
                }
            }
            Status::Idle
            | Status::Analyzing
            | Status::AwaitingClarification
            | Status::Completed
            | Status::HandedOff
            | Status::Failed => {}
        }
    }

    /// Whether the answer failed because the browser was offline (its reason ends with the
    /// promise to retry).
    fn failed_offline(&self) -> bool {
        let promise = self.word(Word::RetryOnline);
        self.with(|s| s.failure().is_some_and(|f| f.ends_with(promise)))
    }

    /// Retries the failed answer when the browser is back online (its `online` event), if the
    /// session is still the one that failed offline: failed, for the same reason. The listener
    /// goes once it fired and holds the driver weakly, so a session dropped meanwhile is not
    /// retried.
    fn retry_when_online(&self) {
        let Some(reason) = self.with(|s| s.failure().map(str::to_owned)) else {
            return;
        };
        let inner = Rc::downgrade(&self.inner);
        let handle = Rc::new(std::cell::Cell::new(None::<WindowListenerHandle>));
        let once = Rc::clone(&handle);
        handle.set(Some(window_event_listener_untyped("online", move |_| {
            if let Some(listener) = once.take() {
                listener.remove();
            }
            let Some(inner) = inner.upgrade() else {
                return;
            };
            let driver = Driver { inner };
            if driver.with(|s| s.failure() == Some(reason.as_str())) {
                let _ = driver.send(Input::Retry);
            }
        })));
    }

    /// Aborts the LLM calls in flight. A detection call then falls back to the embedded
    /// detector; a generation call ends in the failed state with every answer kept, and
    /// `Input::Retry` tries again.
    pub fn cancel(&self) {
        let old = std::mem::take(&mut self.inner.borrow_mut().cancel);
        old.cancel();
    }

    /// Sets or clears the LLM endpoint used for the next effects.
    pub fn set_llm(&self, llm: Option<LlmSettings>) {
        self.inner.borrow_mut().llm = llm;
    }

    /// Calls `observer` with what each LLM call that ends says about the endpoint.
    pub fn on_link(&self, observer: impl Fn(Link) + 'static) {
        self.inner.borrow_mut().on_link = Some(Rc::new(observer));
    }

    /// Calls `observer` with the code and the words of each LLM call that fails (not one the
    /// user or the page cancelled): the widget emits them as `clarify-error`.
    pub fn on_failure(&self, observer: impl Fn(FailureCode, String) + 'static) {
        self.inner.borrow_mut().on_failure = Some(Rc::new(observer));
    }

    /// Calls `observer` with whether the model is thinking — reasoning before its text, as a
    /// stream shows it, or, during detection, a model learned to reason — as it changes.
    pub fn on_thinking(&self, observer: impl Fn(bool) + 'static) {
        self.inner.borrow_mut().on_thinking = Some(Rc::new(observer));
    }

    /// Calls `listener` after every accepted input until [`unsubscribe`](Self::unsubscribe).
    pub fn subscribe(&self, listener: impl Fn(&Session, &[Effect]) + 'static) -> Subscription {
        let mut inner = self.inner.borrow_mut();
        let id = inner.next_listener;
        inner.next_listener += 1;
        inner.listeners.push((id, Rc::new(listener)));
        Subscription(id)
    }

    /// Whether `other` drives the same session as this driver (one is a clone of the other).
    pub fn same(&self, other: &Driver) -> bool {
        Rc::ptr_eq(&self.inner, &other.inner)
    }

    /// How many listeners are subscribed.
    pub fn listener_count(&self) -> usize {
        self.inner.borrow().listeners.len()
    }

    /// Stops calling the listener behind `subscription`. Unknown handles are ignored.
    pub fn unsubscribe(&self, subscription: Subscription) {
        self.inner
            .borrow_mut()
            .listeners
            .retain(|(id, _)| *id != subscription.0);
    }

    fn notify(&self, effects: &[Effect]) {
        // Listeners may call back into the driver, so none may run while it is borrowed.
        let (session, listeners) = {
            let inner = self.inner.borrow();
            let listeners: Vec<Listener> = inner.listeners.iter().map(|(_, l)| l.clone()).collect();
            (Rc::clone(&inner.session), listeners)
        };
        for listener in listeners {
            listener(&session, effects);
        }
    }

    fn tell_link<T>(&self, result: &Result<T, LlmError>) {
        let link = match result {
            Ok(_) => Link::Reached,
            Err(LlmError(CallError::Cancelled)) => return,
            Err(e) => {
                let failed = self.inner.borrow().on_failure.clone();
                if let Some(failed) = failed {
                    failed(e.0.code(), self.in_words(e));
                }
                Link::Failed(self.in_words(e))
            }
        };
        let observer = self.inner.borrow().on_link.clone();
        if let Some(observer) = observer {
            observer(link);
        }
    }

    /// The words of the conversation's language, fetched once per page (`crate::i18n`): what
    /// the engine writes next (its questions' notices, the prompt's headings, the offline
    /// answer) is worded in them rather than in English. A file that cannot be had leaves
    /// English, which the console says once.
    async fn words(&self) {
        let _ = crate::i18n::prepare(self.with(Session::language)).await;
    }

    /// Fetches the detector's data (once per page; `crate::detector`), and the columns of
    /// `columns`' language when the session asked for them (`Effect::LoadColumns`), and the
    /// conversation's words, then lets the waiting request go on: with its questions, or, when
    /// they could not be had, answered as written with a notice in the chrome's words.
    fn load_detector(&self, columns: Option<Language>) {
        let driver = self.clone();
        let words = self.clone();
        leptos::task::spawn_local(async move { words.words().await });
        leptos::task::spawn_local(async move {
            let missing = match columns {
                None => crate::detector::load().await.is_err(),
                Some(language) => crate::detector::load_columns(language).await.is_err(),
            };
            driver.words().await;
            let waiting = driver.with(|s| s.accepts(InputKind::DetectOffline));
            if missing && waiting {
                let message = driver.word(Word::DetectorUnavailable).to_owned();
                let kind = NoticeKind::DetectorMissing;
                driver.notify(&[Effect::Notice { kind, message }]);
            }
            // Refused when the session moved on (reset, restore) while the data came.
            let _ = driver.send(Input::DetectOffline { now: now() });
        });
    }

    fn perform(&self, effect: Effect) {
        let (llm, cancel) = {
            let inner = self.inner.borrow();
            (inner.llm.clone(), inner.cancel.clone())
        };
        match effect {
            Effect::RequestDetection { request } => {
                let driver = self.clone();
                leptos::task::spawn_local(async move {
                    driver.words().await;
                    let (report, input) = match llm {
                        Some(settings) => {
                            // Detection is read whole: a model known to reason is thinking.
                            driver.tell_thinking(llm::reasons(&settings));
                            let result = llm::call(&settings, &request, &cancel, &|_| {}).await;
                            driver.tell_thinking(false);
                            driver.tell_link(&result);
                            match result {
                                Ok(reply) => (
                                    Some(reply.report),
                                    Input::DetectionReceived {
                                        text: reply.text,
                                        usage: reply.usage,
                                    },
                                ),
                                Err(e) => (
                                    Self::failed(&settings, &request, &e),
                                    Input::DetectionFailed {
                                        reason: driver.in_words(&e),
                                    },
                                ),
                            }
                        }
                        None => (
                            None,
                            Input::DetectionFailed {
                                reason: driver.word(Word::EndpointMissing).into(),
                            },
                        ),
                    };
                    // A refusal means the session moved on (reset, restore) while the call ran.
                    let _ = driver.send_reported(report, input);
                });
            }
            Effect::RequestTranslation { question, request } => {
                let driver = self.clone();
                leptos::task::spawn_local(async move {
                    let (report, input) = match llm {
                        Some(settings) => {
                            match llm::call(&settings, &request, &cancel, &|_| {}).await {
                                Ok(reply) => (
                                    Some(reply.report),
                                    Input::TranslationReceived {
                                        question,
                                        text: reply.text,
                                        usage: reply.usage,
                                    },
                                ),
                                Err(e) => (
                                    Self::failed(&settings, &request, &e),
                                    Input::TranslationFailed {
                                        question,
                                        reason: driver.in_words(&e),
                                    },
                                ),
                            }
                        }
                        None => (
                            None,
                            Input::TranslationFailed {
                                question,
                                reason: driver.word(Word::EndpointMissing).into(),
                            },
                        ),
                    };
                    // A refusal means the question was answered, or the session moved on,
                    // while the call ran: the late translation changes nothing.
                    let _ = driver.send_reported(report, input);
                });
            }
            Effect::RequestGeneration { request, prompt } => match llm {
                None => {
                    let _ = self.send(Input::GenerationCompleted {
                        text: prompt.offline_answer(),
                        usage: None,
                    });
                }
                Some(settings) => {
                    let driver = self.clone();
                    leptos::task::spawn_local(async move {
                        let chunks = driver.clone();
                        let on_text = move |text: &str| {
                            let _ = chunks.send(Input::GenerationChunk {
                                text: text.to_owned(),
                            });
                        };
                        let thinking = driver.clone();
                        let watch = llm::Watch {
                            on_text: &on_text,
                            on_thinking: &move |t| thinking.tell_thinking(t),
                            max_requests: u32::MAX,
                        };
                        let result = llm::call_watching(&settings, &request, &cancel, &watch).await;
                        driver.tell_link(&result);
                        let (report, input) = match result {
                            Ok(reply) => (
                                Some(reply.report),
                                Input::GenerationCompleted {
                                    text: String::new(),
                                    usage: reply.usage,
                                },
                            ),
                            Err(e) => {
                                let mut reason = driver.in_words(&e);
                                let offline = e.0 == CallError::Offline;
                                if offline {
                                    reason.push_str(driver.word(Word::RetryOnline));
                                }
                                let report = Self::failed(&settings, &request, &e);
                                let _ = driver
                                    .send_reported(report, Input::GenerationFailed { reason });
                                if offline {
                                    driver.retry_when_online();
                                }
                                return;
                            }
                        };
                        let _ = driver.send_reported(report, input);
                    });
                }
            },
            Effect::LoadDetector => self.load_detector(None),
            Effect::LoadColumns { language } => self.load_detector(Some(language)),
            // Steps are host-defined: hosts run them from a subscriber. Display effects are
            // rendered from the session by the views.
            Effect::RunStep { .. }
            | Effect::StatusChanged { .. }
            | Effect::Ask { .. }
            | Effect::AppendAnswer { .. }
            | Effect::Complete { .. }
            | Effect::HandOff { .. }
            | Effect::Notice { .. } => {}
        }
    }
}

/// The host's clock, in milliseconds since the Unix epoch.
pub fn now() -> Millis {
    js_sys::Date::now() as Millis
}
