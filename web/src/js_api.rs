//! The JS API: a [`Clarifier`] class exported with wasm-bindgen, for pages that embed Clarify.
//!
//! It only translates: JS values become [`Input`]s for a [`Driver`], the session's queries
//! become one plain state object, and the engine's errors become `ClarifyError`s with a stable
//! `code`. Nothing here decides what to ask or when; `clarify-core` does.
//!
//! ```js
//! import init, { Clarifier } from "./clarify-embed.js";
//! await init();
//! const c = new Clarifier({ maxQuestions: 2 });
//! const off = c.subscribe((state) => render(state));
//! c.start("Plan a trip to Paris");
//! c.answer(c.question.id, { choice: c.question.options[0].id });
//! // "Change" the first answer while the next question is pending, then answer it anew:
//! c.reopen(c.state.reopenable[0]);
//! localStorage.setItem("clarify", c.snapshot());
//! off();
//! ```

pub mod error;
mod options;
mod reply;
pub(crate) mod state;
pub mod types;

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use clarify_core::{Config, Input, InputKind, Message, QuestionId, Session};
use wasm_bindgen::prelude::*;

use crate::driver::{self, Driver};
use crate::storage::{self, Follow, StorageError};
use error::ClarifyError;
use options::Options;
use state::{State, to_js};

/// Where the detector's data file (`clarify-detector.bin`) is: the package's loader passes the
/// URL its bundler resolved (`new URL("clarify-detector.bin", import.meta.url)`), as it does the
/// wasm's. Without it the file is looked for beside the wasm.
#[wasm_bindgen(js_name = detectorFrom)]
pub fn detector_from(url: String) {
    crate::detector::set_source(url);
}

/// Where the detector module (`clarify-detector.wasm`) is: the package's loader passes the URL
/// its bundler resolved. Without it the module is looked for beside the detector's data file.
#[wasm_bindgen(js_name = detectorModuleFrom)]
pub fn detector_module_from(url: String) {
    crate::detector::set_module_source(url);
}

/// Where the columns file of the language tagged `tag` (`clarify-detector-<tag>.bin`) is: the
/// package's loader passes the URLs its bundler resolved. Without it the file is looked for
/// beside the detector's data file.
#[wasm_bindgen(js_name = columnsFrom)]
pub fn columns_from(tag: String, url: String) {
    crate::detector::set_columns_source(&tag, url);
}

/// Fetches the offline detector's data, unless it is here or on its way, and, given the text of
/// a `request`, the data of the language it is written in when the detector reads it by its
/// columns (Japanese, Korean, Spanish, French, German, Portuguese, Italian: a small file each,
/// fetched only for a request in that language); resolves to whether what `request` needs is
/// installed. It resolves once the words of every language a `Clarifier` is fetching have
/// come too, so the first question and what follows it are worded alike. Call it as the user
/// types a request, or await it before `start()` to have the first question at once. Offline,
/// `start()` without the data waits for it (status `analyzing`), and a failed fetch answers the
/// request as asked, with a notice.
#[wasm_bindgen(js_name = prefetchDetector, unchecked_return_type = "Promise<boolean>")]
pub fn prefetch_detector(request: Option<String>) -> js_sys::Promise {
    wasm_bindgen_futures::future_to_promise(async move {
        let mut ready = crate::detector::load().await.is_ok();
        let wanted = request.as_deref().and_then(crate::detector::columns_wanted);
        if let (true, Some(language)) = (ready, wanted) {
            ready = crate::detector::load_columns(language).await.is_ok();
        }
        crate::i18n::settled().await;
        Ok(JsValue::from_bool(ready))
    })
}

/// Starts fetching the words of the language `config` names, unless English or at hand, so the
/// engine's sentences (notices, assumptions, the prompt's headings) are in it by the time it
/// writes them. Detection waits for them too (see `Driver`).
fn fetch_words(config: &Config) {
    let language = clarify_core::Language::of_session(&config.language, "");
    if !crate::i18n::Word::is_installed(language) {
        wasm_bindgen_futures::spawn_local(async move {
            let _ = crate::i18n::prepare(language).await;
        });
    }
}

/// One clarification session for a page: create, start, answer, and render its state.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Clarifier {
    driver: Driver,
    /// The configuration of a new session (after another tab's "Start over", or `configure`).
    config: Rc<RefCell<Config>>,
    /// Set by `configure` while a conversation runs: the next `start` begins a session with the
    /// new configuration.
    stale: Cell<bool>,
    /// The state object last given out, until the session changes: reading `state` twice
    /// between two changes gives the same object (what `useSyncExternalStore` needs).
    state: Rc<RefCell<Option<JsValue>>>,
    /// The host's words for the chrome (`messages`), shown by a widget's card.
    messages: RefCell<crate::i18n::Messages>,
}

#[wasm_bindgen]
impl Clarifier {
    /// Creates an idle session. `options` is a `ClarifierOptions` object (or nothing).
    ///
    /// # Errors
    /// `bad_options` when the options have the wrong shape or types, `bad_language` for a
    /// `language` that is not a BCP 47 tag, `unknown_message` for a `messages` key the chrome
    /// does not have.
    #[wasm_bindgen(constructor)]
    pub fn new(options: Option<types::OptionsArg>) -> Result<Clarifier, JsValue> {
        // LLM calls run as tasks; the app's mount starts this executor, an embedding page doesn't.
        let _ = any_spawner::Executor::init_wasm_bindgen();
        let options = Options::from_js(options.map_or(JsValue::UNDEFINED, JsValue::from))?;
        fetch_words(&options.config);
        let driver = Driver::new(Session::new(options.config.clone()), options.llm);
        let state: Rc<RefCell<Option<JsValue>>> = Rc::default();
        // First of the driver's listeners, so every other one reads the new state.
        let cache = Rc::clone(&state);
        driver.subscribe(move |_, _| {
            cache.borrow_mut().take();
        });
        Ok(Self {
            driver,
            config: Rc::new(RefCell::new(options.config)),
            stale: Cell::new(false),
            state,
            messages: RefCell::new(options.messages),
        })
    }

    /// Applies new `options` (a `ClarifierOptions` object) to this clarifier, which stays the
    /// same object. While idle the session is replaced at once by an idle one with the new
    /// configuration (subscribers are told); otherwise the conversation goes on as it was and
    /// the next `start` uses the new options.
    ///
    /// # Errors
    /// `bad_options` when the options have the wrong shape or types (nothing changes then).
    pub fn configure(&self, options: Option<types::OptionsArg>) -> Result<(), JsValue> {
        let options = Options::from_js(options.map_or(JsValue::UNDEFINED, JsValue::from))?;
        fetch_words(&options.config);
        *self.config.borrow_mut() = options.config;
        *self.messages.borrow_mut() = options.messages;
        self.driver.set_llm(options.llm);
        self.stale.set(true);
        if self.driver.with(Session::status) == clarify_core::Status::Idle {
            self.renew();
        }
        Ok(())
    }

    /// Starts a conversation with the user's `request`; `history` is an optional `Message[]`.
    ///
    /// # Errors
    /// `bad_argument` for a request that is not a string, `empty_request`, `text_too_long`,
    /// `unexpected_input` while a conversation is running.
    pub fn start(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] request: JsValue,
        history: Option<types::HistoryArg>,
    ) -> Result<(), JsValue> {
        let request = request
            .as_string()
            .ok_or_else(|| ClarifyError::bad_argument("the request as a string"))?;
        let history: Vec<Message> = match history {
            None => Vec::new(),
            Some(history) => serde_wasm_bindgen::from_value(history.into()).map_err(|e| {
                ClarifyError::bad_argument(&format!(
                    "history as an array of {{ role, content }} ({e})"
                ))
            })?,
        };
        if self.stale.get() && self.driver.with(|s| s.accepts(InputKind::Start)) {
            self.renew();
        }
        let context = clarify_core::Context {
            history,
            ..Default::default()
        };
        self.send(Input::Start {
            request,
            context,
            now: driver::now(),
        })
    }

    /// Answers the pending question `questionId` with an `AnswerInput`.
    ///
    /// # Errors
    /// `bad_argument`/`bad_answer` for values of the wrong shape; the engine's
    /// `not_pending_question`, `unknown_choice`, `invalid_answer`, `unexpected_input`.
    pub fn answer(
        &self,
        #[wasm_bindgen(js_name = questionId, unchecked_param_type = "string")] question_id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "AnswerInput")] answer: JsValue,
    ) -> Result<(), JsValue> {
        let question = question_id_from(question_id)?;
        let reply = reply::from_js(answer)?;
        self.send(Input::Answer {
            question,
            answer: reply,
            now: driver::now(),
        })
    }

    /// "I don't know — use your best judgment" for the pending question.
    ///
    /// # Errors
    /// As [`answer`](Self::answer).
    #[wasm_bindgen(js_name = dontKnow)]
    pub fn dont_know(
        &self,
        #[wasm_bindgen(js_name = questionId, unchecked_param_type = "string")] question_id: JsValue,
    ) -> Result<(), JsValue> {
        let question = question_id_from(question_id)?;
        self.send(Input::Answer {
            question,
            answer: clarify_core::UserAnswer::DontKnow,
            now: driver::now(),
        })
    }

    /// Skips the pending question; its assumption applies.
    ///
    /// # Errors
    /// `bad_argument`, `not_pending_question`, `unexpected_input`.
    pub fn skip(
        &self,
        #[wasm_bindgen(js_name = questionId, unchecked_param_type = "string")] question_id: JsValue,
    ) -> Result<(), JsValue> {
        let question = question_id_from(question_id)?;
        self.send(Input::Skip {
            question,
            now: driver::now(),
        })
    }

    /// "Change": reopens `questionId`, answered earlier while another question is still
    /// pending. It becomes the pending question (`state.reopenedAnswer` is its earlier answer,
    /// which stands until `answer` gives a new one); the question that was pending comes back
    /// after it. `state.reopenable` lists the questions this accepts now.
    ///
    /// # Errors
    /// `bad_argument`; `not_reopenable` for a question without an answer, the pending one, or
    /// one a pipeline step used; `unexpected_input` unless a question is pending (so never
    /// once the answer is being generated).
    pub fn reopen(
        &self,
        #[wasm_bindgen(js_name = questionId, unchecked_param_type = "string")] question_id: JsValue,
    ) -> Result<(), JsValue> {
        let question = question_id_from(question_id)?;
        self.send(Input::Reopen {
            question,
            now: driver::now(),
        })
    }

    /// "Continue anyway": declines the pending and queued questions and proceeds.
    ///
    /// # Errors
    /// `unexpected_input` unless a question is pending or detection runs.
    #[wasm_bindgen(js_name = skipAll)]
    pub fn skip_all(&self) -> Result<(), JsValue> {
        self.send(Input::SkipAll { now: driver::now() })
    }

    /// Tells the session the time, so a pending question past its deadline times out.
    ///
    /// # Errors
    /// None in practice; the engine accepts a tick in every status.
    pub fn tick(&self) -> Result<(), JsValue> {
        self.send(Input::Tick { now: driver::now() })
    }

    /// "Stop": aborts the answer being generated and keeps what had arrived as the answer; the
    /// state's `stopped` then says so (and a snapshot keeps it).
    ///
    /// # Errors
    /// `unexpected_input` unless the answer is being generated.
    pub fn stop(&self) -> Result<(), JsValue> {
        // Only a generation is stopped: in any other status the engine's refusal comes back and
        // the calls in flight (a detection, a translation) go on.
        if self
            .driver
            .with(|s| s.accepts(InputKind::GenerationStopped))
        {
            self.driver.cancel();
        }
        self.send(Input::GenerationStopped)
    }

    /// "Start over": forgets the conversation and returns to idle.
    ///
    /// # Errors
    /// None in practice; the engine accepts a reset in every status.
    pub fn reset(&self) -> Result<(), JsValue> {
        self.send(Input::Reset)
    }

    /// The status: `"idle"`, `"analyzing"`, `"awaiting_clarification"`, `"generating"`,
    /// `"completed"`, `"handed_off"` or `"failed"`.
    #[wasm_bindgen(getter, unchecked_return_type = "Status")]
    pub fn status(&self) -> String {
        self.driver.with(|s| s.status().to_string())
    }

    /// The pending question, or `null`.
    ///
    /// # Errors
    /// `internal` if the question cannot be converted (never expected).
    #[wasm_bindgen(getter, unchecked_return_type = "Question | null")]
    pub fn question(&self) -> Result<JsValue, JsValue> {
        Ok(self.driver.with(|s| to_js(&s.current_question()))?)
    }

    /// "Question n of m".
    ///
    /// # Errors
    /// `internal` if the progress cannot be converted (never expected).
    #[wasm_bindgen(getter, unchecked_return_type = "Progress")]
    pub fn progress(&self) -> Result<JsValue, JsValue> {
        Ok(self.driver.with(|s| to_js(&s.progress()))?)
    }

    /// Everything a host renders, as one object.
    ///
    /// # Errors
    /// `internal` if the state cannot be converted (never expected).
    #[wasm_bindgen(getter, unchecked_return_type = "ClarifierState")]
    pub fn state(&self) -> Result<JsValue, JsValue> {
        if let Some(state) = self.state.borrow().as_ref() {
            return Ok(state.clone());
        }
        let state = self.driver.with(|s| to_js(&State::of(s)))?;
        *self.state.borrow_mut() = Some(state.clone());
        Ok(state)
    }

    /// The whole session as versioned JSON, for `restore`. Holds no API key.
    pub fn snapshot(&self) -> String {
        self.driver.with(Session::snapshot)
    }

    /// Replaces the session with one from `snapshot()`; subscribers are told. The snapshot's
    /// own limits and language apply; the endpoint stays the one from the options. Work that
    /// was in flight when the snapshot was taken is taken up again: detection and the answer
    /// are redone, a question awaiting its translation is shown as written, and a question
    /// whose time ran out times out.
    ///
    /// # Errors
    /// `bad_argument` for a non-string; `bad_snapshot` for anything that is not a valid
    /// snapshot of this or an older version (the session is then unchanged).
    pub fn restore(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] snapshot: JsValue,
    ) -> Result<(), JsValue> {
        let text = snapshot
            .as_string()
            .ok_or_else(|| ClarifyError::bad_argument("the snapshot as a string"))?;
        let session = Session::restore(&text).map_err(ClarifyError::from)?;
        self.adopt(session);
        Ok(())
    }

    /// Follows another tab that wrote this session's storage key: shows `snapshot`, what
    /// storage holds now (`null` when the key was removed: a fresh idle session), unless it is
    /// this session already. Returns the text of the first question answered here whose answer
    /// the other tab's session does not hold (this tab's answer was overruled), else `null`.
    /// Subscribers are told when the session changes.
    ///
    /// # Errors
    /// `bad_argument` for anything but a string or `null`; `bad_snapshot` for a value that is
    /// not a snapshot (the session is then unchanged).
    #[wasm_bindgen(unchecked_return_type = "string | null")]
    pub fn follow(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string | null")] snapshot: JsValue,
    ) -> Result<JsValue, JsValue> {
        let stored = match snapshot.as_string() {
            Some(text) => Some(text),
            None if snapshot.is_null() || snapshot.is_undefined() => None,
            None => {
                return Err(ClarifyError::bad_argument("the snapshot as a string or null").into());
            }
        };
        let next = self.driver.with(|mine| {
            storage::follow(mine, stored.as_deref(), || {
                Session::new(self.config.borrow().clone())
            })
        });
        match next {
            Ok(Follow::Same) => Ok(JsValue::NULL),
            Ok(Follow::Replace { session, overruled }) => {
                self.driver.replace(*session);
                Ok(overruled.map_or(JsValue::NULL, |o| JsValue::from(o.question)))
            }
            Err(StorageError::Session(e)) => Err(ClarifyError::from(e).into()),
            Err(
                e @ (StorageError::Unavailable(_)
                | StorageError::Settings(_)
                | StorageError::Newer
                | StorageError::ThisTab(_)
                | StorageError::NotKept(_)
                | StorageError::WereNotKept(_)),
            ) => Err(ClarifyError::new("internal", e.to_string()).into()),
        }
    }

    /// Calls `listener(state, effects)` after every accepted input. Returns a function that
    /// stops the calls; calling it again does nothing.
    ///
    /// # Errors
    /// `bad_argument` when `listener` is not a function.
    #[wasm_bindgen(unchecked_return_type = "() => void")]
    pub fn subscribe(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Listener")] listener: JsValue,
    ) -> Result<js_sys::Function, JsValue> {
        let listener: js_sys::Function = listener
            .dyn_into()
            .map_err(|_| ClarifyError::bad_argument("a listener function"))?;
        let cache = Rc::clone(&self.state);
        let subscription = self.driver.subscribe(move |session, effects| {
            let args =
                cached_state(&cache, session).and_then(|state| Ok((state, to_js(&effects)?)));
            let outcome = match args {
                Ok((state, effects)) => listener.call2(&JsValue::NULL, &state, &effects),
                Err(error) => Err(error.into()),
            };
            // A throwing listener must not stop the session or the other listeners.
            if let Err(error) = outcome {
                web_sys::console::error_2(&"clarify: a listener threw".into(), &error);
            }
        });
        let handle = RefCell::new(Some((self.driver.clone(), subscription)));
        let unsubscribe = Closure::<dyn Fn()>::new(move || {
            // Taken on the first call, so the closure keeps no session alive afterwards.
            if let Some((driver, subscription)) = handle.borrow_mut().take() {
                driver.unsubscribe(subscription);
            }
        });
        Ok(unsubscribe.into_js_value().unchecked_into())
    }

    /// How many listeners follow this session: those subscribed here and, for a widget's
    /// clarifier, its card's while it is shown (for hosts and tests checking that none leaks).
    #[wasm_bindgen(getter, js_name = listenerCount)]
    pub fn listener_count(&self) -> usize {
        // Not the clarifier's own, which clears the cached state.
        self.driver.listener_count().saturating_sub(1)
    }
}

impl Clarifier {
    /// The driver of this session, for the widget's card to draw and drive.
    #[cfg(feature = "widget")]
    pub(crate) fn driver(&self) -> &Driver {
        &self.driver
    }

    /// Replaces the session by an idle one with the current configuration.
    fn renew(&self) {
        self.stale.set(false);
        self.driver
            .replace(Session::new(self.config.borrow().clone()));
    }

    /// The host's words for the chrome, as the options last set them.
    #[cfg(feature = "widget")]
    pub(crate) fn messages(&self) -> crate::i18n::Messages {
        self.messages.borrow().clone()
    }

    /// Makes a fresh session under this clarifier's options as they are then (shown after
    /// another tab's "Start over").
    #[cfg(feature = "widget")]
    pub(crate) fn fresh(&self) -> impl Fn() -> Session + 'static {
        let config = Rc::clone(&self.config);
        move || Session::new(config.borrow().clone())
    }

    /// Replaces the session with `session`, restored from a snapshot, and takes up the work
    /// that was in flight (see [`Clarifier::restore`]).
    pub(crate) fn adopt(&self, session: Session) {
        self.driver.replace(session);
        self.driver.resume(driver::now());
    }

    fn send(&self, input: Input) -> Result<(), JsValue> {
        self.driver.send(input).map_err(ClarifyError::from)?;
        Ok(())
    }
}

/// The state of `session` as JS, made once per change and kept in `cache` until the next.
fn cached_state(
    cache: &RefCell<Option<JsValue>>,
    session: &Session,
) -> Result<JsValue, ClarifyError> {
    if let Some(state) = cache.borrow().as_ref() {
        return Ok(state.clone());
    }
    let state = to_js(&State::of(session))?;
    *cache.borrow_mut() = Some(state.clone());
    Ok(state)
}

fn question_id_from(value: JsValue) -> Result<QuestionId, ClarifyError> {
    value
        .as_string()
        .map(QuestionId)
        .ok_or_else(|| ClarifyError::bad_argument("the question id as a string"))
}

/// Fetches the words of the language `tag` names (the browser's languages without one), once
/// per page; resolves when they are installed. A widget calls it before its first card, so the
/// card never shows English first; a host may await it before a `Clarifier` in that language
/// starts, though the Clarifier fetches its language's words itself.
///
/// # Errors
/// Rejects with a `ClarifyError` whose code is `words_not_found` when the file could not be
/// fetched or read (the console says so once); the words stay English then.
#[cfg(feature = "js-api")]
#[wasm_bindgen(js_name = loadWords, unchecked_return_type = "Promise<void>")]
pub fn load_words(tag: Option<String>) -> js_sys::Promise {
    let language = crate::i18n::language_of(tag.as_deref());
    wasm_bindgen_futures::future_to_promise(async move {
        crate::i18n::prepare(language)
            .await
            .map(|()| JsValue::UNDEFINED)
            .map_err(|e| ClarifyError::new("words_not_found", e.to_string()).into())
    })
}
