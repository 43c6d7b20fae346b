//! `<clarify-widget>`'s card: the app's own views — the conversation so far with "Change", the
//! question card, the working line, the answer, the handoff and the failure, the request box,
//! "Start over" and the notices ([`SessionCard`] and its neighbours, compact) — mounted into the
//! element's shadow root and driven by the element's [`Clarifier`]; with its storage, the
//! following of other tabs, and the events it tells the element to dispatch.
//!
//! The element class stays in JS (`web/js/clarify-element.js`): a custom element must be a JS
//! class; it reads the attributes and dispatches the DOM events. It makes one [`WidgetCard`]
//! per element and calls [`WidgetCard::show`] with its `Clarifier` whenever it is connected to
//! a page; everything drawn inside, and what is kept in storage, is Rust (the app's own code).
//! Styles are `web/assets/card.css` (the app's) and `web/assets/widget.css`, adopted as one
//! constructed stylesheet, so no inline style is needed under a strict
//! Content-Security-Policy.
//!
//! Event handlers are attached to the elements themselves (Leptos's `delegation` feature is
//! off): a delegated handler would listen on `window`, outside the shadow root, and never run
//! when the host page stops an event's propagation on its way out.

mod attributes;

use std::any::Any;
use std::cell::RefCell;

use clarify_core::{
    Answer, EnrichedPrompt, Millis, NoticeKind, Question, Resolution, RestoreError, Session, Status,
};
use leptos::prelude::*;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use web_sys::{CssStyleSheet, HtmlElement, ShadowRoot};

use crate::driver::Driver;
use crate::i18n::{self, Messages, Word, provide_chrome};
use crate::js_api::Clarifier;
use crate::js_api::error::ClarifyError;
use crate::js_api::state::{self, to_js};
use crate::storage::{Place, StorageError};
use crate::ui::{
    Engine, NoticeList, Notices, Reader, RequestBox, SessionCard, StartOver, persistence, timer,
};
use clarify_core::Language;

/// The card of one `<clarify-widget>`, drawn into its shadow root. Used by
/// `clarify-element.js`; not part of the typed JS API.
#[wasm_bindgen(skip_typescript)]
pub struct WidgetCard {
    /// The views of the session shown now (unmounted when dropped), and the owner of their
    /// listeners, cleaned up with them: the session's listeners hold the views' signals, so
    /// the owner would otherwise outlive the views and keep following the session.
    mounted: RefCell<Option<(Box<dyn Any>, Owner)>>,
    /// Where the views go.
    stage: HtmlElement,
    /// The element's own error line, written at once (not on the next render), so a host reads
    /// an invalid attribute's message as soon as the element is connected.
    error: HtmlElement,
    /// The frame around both (`part="card"`), which carries the `lang` attribute.
    frame: HtmlElement,
    parts: Parts,
    /// What tells the element about the session shown, kept while the element is away.
    teller: RefCell<Option<Teller>>,
    /// Owns the signals above and every mounted view (dropped last).
    owner: Owner,
}

impl std::fmt::Debug for WidgetCard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WidgetCard").finish_non_exhaustive()
    }
}

#[wasm_bindgen]
impl WidgetCard {
    /// Fills `root` with an empty card and adopts the card's stylesheet there. `start(text)` is
    /// called when the user sends a request from the card; it returns `null` when the request
    /// started, or the message to show under the box. `emit(type, detail)` dispatches one of
    /// the element's events: `clarify-question`, `clarify-answer` (a question resolved, or its
    /// answer changed), `clarify-done`, `clarify-handoff` (each after the card has drawn what
    /// it tells of), `clarify-error` (the session refused what the user did in the card, or a
    /// stored snapshot is unusable) and `clarify-overruled` (another tab's session dropped an
    /// answer given here).
    ///
    /// # Errors
    /// When the browser refuses to create an element or the stylesheet (never expected).
    #[wasm_bindgen(constructor)]
    pub fn new(
        root: ShadowRoot,
        start: js_sys::Function,
        emit: js_sys::Function,
    ) -> Result<WidgetCard, JsValue> {
        adopt_style(&root)?;
        let document = document();
        let frame: HtmlElement = document.create_element("div")?.unchecked_into();
        frame.set_class_name("clarify");
        frame.set_attribute("part", "card")?;
        let stage: HtmlElement = document.create_element("div")?.unchecked_into();
        let error: HtmlElement = document.create_element("p")?.unchecked_into();
        error.set_class_name("widget-error");
        error.set_attribute("role", "alert")?;
        error.set_attribute("data-testid", "error")?;
        frame.append_with_node_2(&stage, &error)?;
        root.replace_children_with_node_1(&frame);

        // The card's effects run on the browser's task queue, set up before the first one (a
        // page may make a card before any view was mounted); a second call is refused, harmlessly.
        let _ = any_spawner::Executor::init_wasm_bindgen();
        let owner = Owner::new();
        let parts = owner.with(|| Parts::new(&frame, start, emit));
        let card = WidgetCard {
            mounted: RefCell::new(None),
            stage,
            error,
            frame,
            parts,
            teller: RefCell::new(None),
            owner,
        };
        card.set_language(None);
        Ok(card)
    }

    /// Draws `clarifier`'s session, in place of whatever was shown, and follows it from now on:
    /// saves it after every change (with a storage key), follows other tabs that write the
    /// same key, and tells the element what happened. Shown again after [`WidgetCard::hide`],
    /// the element is told first what happened to the session while it was away.
    pub fn show(&self, clarifier: &Clarifier) {
        self.hide();
        let (driver, parts) = (clarifier.driver().clone(), self.parts);
        let back = self
            .teller
            .borrow()
            .as_ref()
            .is_some_and(|t| t.driver.same(&driver));
        if !back {
            // Dropped outside the borrow: it unsubscribes from its driver.
            let old = self.teller.replace(None);
            drop(old);
            parts.held.set_value(None);
        }
        let fresh = clarifier.fresh();
        let owner = self.owner.with(Owner::new);
        self.parts.messages.set(clarifier.messages());
        let views = driver.clone();
        let handle = owner.with(|| {
            leptos::mount::mount_to(self.stage.clone(), move || {
                session_view(views, fresh, parts)
            })
        });
        *self.mounted.borrow_mut() = Some((Box::new(handle), owner));
        // A restored session catches up once its views follow it, so they show what that
        // tells (a question that expired while the page was closed).
        if parts.resume.try_update_value(std::mem::take) == Some(true) {
            driver.resume(crate::driver::now());
        }
        if !back {
            let teller = Teller::new(&driver, parts);
            *self.teller.borrow_mut() = Some(teller);
        }
        parts.send_held();
    }

    /// Keeps the session across reloads at `key` (the element's `storage-key`), with the
    /// answer half-given on its pending question beside it; nowhere when `None`. Takes effect
    /// at the next [`WidgetCard::show`].
    #[wasm_bindgen(js_name = setStorageKey)]
    pub fn set_storage_key(&self, key: Option<String>) {
        self.parts.place.set_value(key.as_deref().map(Place::at));
    }

    /// Restores the session kept at the storage key, if there is one, into `clarifier`; it
    /// catches up (an expired question times out, work in flight is redone) when shown. A
    /// snapshot that cannot be restored is forgotten, and the session starts fresh: the
    /// visitor reads a plain line in the error line, the developer why, on the console and in
    /// `clarify-error` (`bad_snapshot`). A newer build's snapshot is reported the same way but
    /// kept, untouched, for that build. Answers a full storage did not keep at the last save
    /// are named in the error line, in the visitor's language, and emitted (`answers_not_kept`).
    pub fn restore(&self, clarifier: &Clarifier) {
        let Some(place) = self.parts.place.get_value() else {
            return;
        };
        if let Some(lost) = place.not_kept() {
            self.set_error(Some(lost.in_words(self.parts.lang.get_untracked())));
            self.parts
                .refused(ClarifyError::new("answers_not_kept", lost.to_string()));
        }
        let refused = match place.load_session() {
            Ok(None) => return,
            Ok(Some(session)) => {
                // It catches up (`Driver::resume`) when shown.
                clarifier.driver().replace(session);
                self.parts.resume.set_value(true);
                return;
            }
            // A newer build's snapshot stays for that build (saving refuses to overwrite it).
            Err(StorageError::Session(e @ RestoreError::UnsupportedVersion { .. })) => {
                let refused =
                    ClarifyError::new("bad_snapshot", StorageError::Session(e).to_string());
                self.lost_earlier(refused);
                return;
            }
            Err(StorageError::Session(e)) => ClarifyError::from(e),
            // Without storage the widget works on, as it would without a storage key.
            Err(StorageError::Unavailable(_)) => return,
            Err(
                e @ (StorageError::Settings(_)
                | StorageError::Newer
                | StorageError::ThisTab(_)
                | StorageError::NotKept(_)
                | StorageError::WereNotKept(_)),
            ) => ClarifyError::new("internal", e.to_string()),
        };
        place.forget();
        self.lost_earlier(refused);
    }

    /// Removes the session's views and stops following it (the element left the page, or its
    /// attributes are invalid); what happens to the session meanwhile is kept (saved at the
    /// storage key) and told when it is shown again.
    pub fn hide(&self) {
        // Dropped outside the borrow: unmounting may run cleanups that reach this card.
        let mounted = self.mounted.borrow_mut().take();
        if let Some((views, owner)) = mounted {
            drop(views);
            owner.cleanup();
        }
        self.parts.hold();
    }

    /// The chrome's language from the `language` attribute, a BCP 47 tag with fallback
    /// (`pt-BR` → Portuguese, `zh-HK` → Traditional Chinese, a language the chrome is not
    /// written in → English), or the browser's languages when there is none. A conversation's
    /// request never changes it. A tag that is not well formed gives English and a
    /// `clarify-error` (`bad_language`).
    #[wasm_bindgen(js_name = setLanguage)]
    pub fn set_language(&self, tag: Option<String>) {
        let lang = match tag.as_deref() {
            None => i18n::browser_language(),
            Some(tag) => Language::negotiate(tag).unwrap_or_else(|_| {
                let parts = self.parts;
                let message = Word::LanguageInvalid.english().replace("{0}", tag);
                set_timeout(
                    move || parts.refused(ClarifyError::new("bad_language", message)),
                    std::time::Duration::ZERO,
                );
                Language::English
            }),
        };
        self.parts.lang.set(lang);
    }

    /// Takes the host's words for the chrome (`messages`) from `clarifier`'s options, as they
    /// are now (the element calls it after reconfiguring its clarifier).
    #[wasm_bindgen(js_name = setMessages)]
    pub fn set_messages(&self, clarifier: &Clarifier) {
        self.parts.messages.set(clarifier.messages());
    }

    /// The `ClarifierOptions` the attributes of `element` give (only those present).
    ///
    /// # Errors
    /// `bad_attribute`, saying which attribute and why in the element's language.
    pub fn options(&self, element: &web_sys::Element) -> Result<js_sys::Object, JsValue> {
        Ok(attributes::options(element)?)
    }

    /// Warns when `element` has an `api-key` on a page served to others, where every visitor
    /// can read it in the markup: on the console and as `clarify-error` (`key_in_page`) after
    /// the current task, so listeners the page adds right after the element still hear it. The
    /// widget still works, so a site can move the key behind its own endpoint without an
    /// outage.
    #[wasm_bindgen(js_name = warnKeyInPage)]
    pub fn warn_key_in_page(&self, element: &web_sys::Element) {
        if element
            .get_attribute("api-key")
            .is_none_or(|k| k.is_empty())
            || attributes::local_page()
        {
            return;
        }
        let message = "clarify-widget: the api-key attribute puts the key in this page, where every visitor can read it. \
            Serve an endpoint on your own origin that adds the key server-side, and give the widget that endpoint without api-key.";
        console_once(Level::Warn, message.into());
        let parts = self.parts;
        set_timeout(
            move || parts.refused(ClarifyError::new("key_in_page", message)),
            std::time::Duration::ZERO,
        );
    }

    /// Shows `message` in the element's error line, or clears it.
    #[wasm_bindgen(js_name = setError)]
    pub fn set_error(&self, message: Option<String>) {
        self.error.set_text_content(message.as_deref());
    }

    /// Says in the error line, in the visitor's words, that the widget cannot run (`element`'s
    /// attributes are invalid: the element tells the developer which, on the console and in
    /// `clarify-error`): the chrome's `unavailable`, or the word `element`'s `messages` give
    /// for it.
    #[wasm_bindgen(js_name = setUnavailable)]
    pub fn set_unavailable(&self, element: &web_sys::Element) {
        let own = js_sys::Reflect::get(element, &"messages".into())
            .ok()
            .filter(JsValue::is_object)
            .and_then(|m| js_sys::Reflect::get(&m, &Word::Unavailable.key().into()).ok())
            .and_then(|w| w.as_string());
        let word = own.unwrap_or_else(|| self.parts.word(Word::Unavailable));
        self.set_error(Some(word));
    }

    /// Draws the card in `scheme`, `"light"` or `"dark"`: what the element's `theme` attribute
    /// resolves to (`clarify-element.js`, which follows the host page's `color-scheme` for
    /// `auto`).
    #[wasm_bindgen(js_name = setTheme)]
    pub fn set_theme(&self, scheme: &str) {
        let scheme = if scheme == "dark" { "dark" } else { "light" };
        let _ = self.frame.set_attribute("data-theme", scheme);
    }

    /// The session kept at the storage key is lost (`refused` says why): the visitor reads a
    /// plain line, the developer the reason, on the console and in `clarify-error`.
    fn lost_earlier(&self, refused: ClarifyError) {
        self.set_error(Some(self.parts.word(Word::EarlierLost)));
        console_once(
            Level::Warn,
            format!(
                "clarify-widget: the session kept at the storage key was not restored: {}",
                refused.message
            ),
        );
        self.parts.refused(refused);
    }
}

impl Drop for WidgetCard {
    fn drop(&mut self) {
        self.hide();
        drop(self.teller.take());
        self.frame.remove();
    }
}

/// What the card's views share with the [`WidgetCard`] that mounted them. `Copy`: signals and
/// handles only.
#[derive(Clone, Copy)]
struct Parts {
    /// The language the `language` attribute (or the browser) asks for.
    lang: RwSignal<Language>,
    /// The host's words for the chrome (`messages`).
    messages: RwSignal<Messages>,
    /// Where the session is kept across reloads (`storage-key`), if anywhere.
    place: StoredValue<Option<Place>>,
    /// Starts a conversation through the element, so its attributes apply.
    start: Callback<String, Result<(), String>>,
    /// Dispatches one of the element's events.
    emit: Callback<(&'static str, JsValue)>,
    /// `Some` while the card is hidden: the events that wait, in order, for it to be shown.
    held: StoredValue<Option<Vec<Event>>, LocalStorage>,
    /// A session was restored: it catches up when it is shown.
    resume: StoredValue<bool>,
}

impl Parts {
    /// The parts of a card in `frame`, whose `lang` follows the chrome's (for screen readers
    /// and fonts), calling the element's `start` and `emit`.
    fn new(frame: &HtmlElement, start: js_sys::Function, emit: js_sys::Function) -> Self {
        let lang = RwSignal::new(i18n::browser_language());
        let messages = RwSignal::new(Messages::new());
        let chrome = provide_chrome(lang.into(), messages.into());
        let frame = frame.clone();
        Effect::new(move || {
            let _ = frame.set_attribute("lang", chrome.language().tag());
        });
        let start = StoredValue::new_local(start);
        let emit = StoredValue::new_local(emit);
        Self {
            lang,
            messages,
            place: StoredValue::new(None),
            start: Callback::new(move |text: String| {
                start
                    .try_with_value(|f| call_start(f, text))
                    .unwrap_or_else(|| Err("the widget was removed".into()))
            }),
            emit: Callback::new(move |(kind, detail): (&'static str, JsValue)| {
                emit.try_with_value(|f| {
                    let _ = f.call2(&JsValue::NULL, &JsValue::from(kind), &detail);
                });
            }),
            held: StoredValue::new_local(None),
            resume: StoredValue::new(false),
        }
    }

    /// `word` as the card's chrome says it now: the host's word for it, else the language's
    /// (English until its words have come).
    fn word(self, word: Word) -> String {
        self.messages
            .with_untracked(|m| m.get(&word).cloned())
            .unwrap_or_else(|| word.text(self.lang.get_untracked()).to_owned())
    }

    /// Tells the element that the session refused an action (`clarify-error`): at once, or
    /// when the card is shown again.
    fn refused(self, error: ClarifyError) {
        let detail = Refused {
            code: error.code,
            message: &error.message,
        };
        if let Ok(detail) = to_js(&detail) {
            self.send_or_hold(vec![("clarify-error", detail)]);
        }
    }

    /// Sends `events`, in order, after the current task (once the card has drawn what they
    /// tell of, so a listener that looks into the widget sees it); while the card is hidden,
    /// they wait for it to be shown.
    fn tell(self, events: Vec<Event>) {
        if !events.is_empty() {
            set_timeout(move || self.send_or_hold(events), std::time::Duration::ZERO);
        }
    }

    /// Sends `events` now, or, while the card is hidden, keeps them for its return.
    fn send_or_hold(self, events: Vec<Event>) {
        let now = self
            .held
            .try_update_value(|held| match held {
                Some(held) => {
                    held.extend(events);
                    None
                }
                None => Some(events),
            })
            .flatten();
        for event in now.into_iter().flatten() {
            self.emit.try_run(event);
        }
    }

    /// Holds the events from now on (the card is hidden).
    fn hold(self) {
        self.held.update_value(|held| {
            held.get_or_insert_with(Vec::new);
        });
    }

    /// Sends the events held while the card was hidden, and the later ones as they come.
    fn send_held(self) {
        if let Some(held) = self.held.try_update_value(Option::take).flatten() {
            self.tell(held);
        }
    }
}

/// The session's views, following `driver` until unmounted. Every refusal of an input sent
/// from them (the card, "Continue anyway", Retry, "Start over") is told to the element, which
/// emits it as `clarify-error`.
fn session_view(
    driver: Driver,
    fresh: impl Fn() -> Session + 'static,
    parts: Parts,
) -> impl IntoView {
    // A failed call to the endpoint is told to the element too, with its code
    // (`endpoint_refused`, `timeout`, …).
    driver.on_failure(move |code, message| {
        parts.refused(ClarifyError::new(code.as_str(), message));
    });
    let engine = Engine::new(driver.clone())
        .reporting_refusals(Callback::new(move |e| parts.refused(ClarifyError::from(e))));
    provide_context(engine);
    provide_context(Reader::Visitor);
    let notices = Notices::new();
    provide_context(notices);
    provide_context(RequestBox::default());
    let place = parts.place.get_value();
    let emit = parts.emit;
    let overruled = Callback::new(move |lost: crate::storage::Overruled| {
        if let Ok(detail) = to_js(&lost) {
            emit.run(("clarify-overruled", detail));
        }
    });
    persistence::keep(
        &driver,
        engine.view,
        place.clone(),
        fresh,
        notices,
        Some(overruled),
    );
    timer::expire_pending_question(engine);

    let status = engine.view.status();
    let idle = Memo::new(move |_| status.get() == Status::Idle);
    let start_over = place.clone();
    // The request box shows only while idle: "Start over" is the way back to it from anywhere
    // else, a pending question too, and asks first when answers would be lost.
    view! {
        <NoticeList />
        <SessionCard on_start=parts.start place=place embedded=true />
        {move || {
            (!idle.get())
                .then(|| {
                    view! {
                        <div class="widget-actions">
                            <StartOver place=start_over.clone() confirm=true />
                        </div>
                    }
                })
        }}
    }
}

/// What a [`Teller`] last saw of the session, to tell what changed.
struct Seen {
    started: Option<Millis>,
    fallback: Option<String>,
    resolutions: Vec<Resolution>,
    status: Status,
    question: Option<clarify_core::QuestionId>,
}

impl Seen {
    fn of(session: &Session) -> Self {
        Self {
            started: state::started(session),
            fallback: state::fallback(session).map(str::to_owned),
            resolutions: session.resolutions().to_vec(),
            status: session.status(),
            question: session.current_question().map(|q| q.id.clone()),
        }
    }
}

/// What the card shows of a session another view wrote ([`Driver::following`]), as the
/// effects that would have shown it here: the question now pending, the answer done, the
/// handoff.
fn shown_here(last: &Seen, now: &Seen, session: &Session) -> Vec<clarify_core::Effect> {
    use clarify_core::Effect;
    let mut shown = Vec::new();
    if let Some(question) = session.current_question()
        && last.question.as_ref() != Some(&question.id)
    {
        shown.push(Effect::Ask {
            question: question.clone(),
            progress: session.progress(),
        });
    }
    let ended = |s: Status| matches!(s, Status::Completed | Status::HandedOff);
    if ended(now.status) && !ended(last.status) {
        if let (Some(answer), Some(prompt)) = (session.answer(), session.enriched_prompt()) {
            shown.push(Effect::Complete {
                answer: answer.to_owned(),
                prompt,
                stopped: session.stopped(),
            });
        }
        if let Some(package) = session.handoff() {
            shown.push(Effect::HandOff {
                package: package.clone(),
            });
        }
    }
    shown
}

/// One of the element's events: its type and detail.
type Event = (&'static str, JsValue);

/// Tells the element what happens to the session of `driver`, as its events, from the card's
/// first [`WidgetCard::show`] of that session to its drop: a conversation started, the
/// embedded detector took over from the endpoint, each answer given or changed (with the one
/// it replaces), each question asked, the answer done, the handoff, the answer failed, "Start
/// over". A session another view on the same `storage-key` wrote (a tab, a widget) is told as
/// this card shows it: what changed, the question now pending, the answer done. A session
/// replaced otherwise (a restore) is no news, except that the question the card shows when it
/// is first drawn (one restored from `storage-key` after a reload) is told as shown. While the
/// card is hidden (the element is away), the session is saved at the storage key, as the
/// card's views would, and the events wait for the card to be shown again ([`Parts::tell`]).
struct Teller {
    driver: Driver,
    subscription: crate::driver::Subscription,
}

impl Teller {
    fn new(driver: &Driver, parts: Parts) -> Self {
        let shown = driver.with(|s| {
            let question = s.current_question()?;
            to_js(&Asked {
                question,
                progress: &s.progress(),
            })
            .ok()
        });
        if let Some(detail) = shown {
            parts.tell(vec![("clarify-question", detail)]);
        }
        let seen = RefCell::new(driver.with(Seen::of));
        let me = crate::ui::cross_tab::view_id();
        let following = driver.clone();
        let subscription = driver.subscribe(move |session, effects| {
            let last = seen.replace(Seen::of(session));
            if following.following() {
                let now = seen.borrow();
                parts.tell(news(
                    &last,
                    &now,
                    session,
                    &shown_here(&last, &now, session),
                ));
                return;
            }
            if effects.is_empty() {
                return;
            }
            if parts.held.with_value(Option::is_some) {
                keep_away(parts, session, me);
            }
            parts.tell(news(&last, &seen.borrow(), session, effects));
        });
        Self {
            driver: driver.clone(),
            subscription,
        }
    }
}

impl Drop for Teller {
    fn drop(&mut self) {
        self.driver.unsubscribe(self.subscription);
    }
}

/// Saves `session` at the card's storage key while the card is hidden (its views, which save
/// it when shown, are gone), and tells the page's other views as they would.
fn keep_away(parts: Parts, session: &Session, me: u32) {
    if let Some(place) = parts.place.try_get_value().flatten()
        && place.save_session(session).is_ok()
    {
        crate::ui::cross_tab::tell_same_page(&place, me);
    }
}

/// The events a transition from `last` to `now` (`session`, with `effects`) makes, in order.
fn news(
    last: &Seen,
    now: &Seen,
    session: &Session,
    effects: &[clarify_core::Effect],
) -> Vec<Event> {
    let started = now.started.is_some() && now.started != last.started;
    let mut news = Vec::new();
    let mut tell = |kind: &'static str, detail: Result<JsValue, ClarifyError>| {
        if let Ok(detail) = detail {
            news.push((kind, detail));
        }
    };
    if started {
        tell(
            "clarify-start",
            to_js(&Started {
                request: session.request(),
            }),
        );
    }
    if let Some(reason) = &now.fallback
        && (started || now.fallback != last.fallback)
    {
        // The card tells the visitor in plain words; the reason is the developer's.
        console_once(Level::Warn, format!("clarify-widget: {reason}"));
        tell("clarify-fallback", to_js(&FellBack { reason }));
    }
    let before: &[Resolution] = if started { &[] } else { &last.resolutions };
    for r in &now.resolutions {
        let previous = before.iter().find(|b| b.question.id == r.question.id);
        if previous.is_none_or(|p| p.answer != r.answer) {
            let answered = Answered {
                question: &r.question,
                answer: &r.answer,
                previous: previous.map(|p| &p.answer),
            };
            tell("clarify-answer", to_js(&answered));
        }
    }
    for effect in effects {
        use clarify_core::Effect;
        match effect {
            Effect::Ask { question, progress } => {
                tell("clarify-question", to_js(&Asked { question, progress }));
            }
            Effect::Complete { answer, .. } => tell(
                "clarify-done",
                to_js(&Done {
                    answer,
                    prompt: session
                        .enriched_prompt()
                        .as_ref()
                        .map(EnrichedPrompt::render),
                    request: session.request(),
                    status: session.status(),
                    stopped: session.stopped(),
                }),
            ),
            Effect::HandOff { package } => tell("clarify-handoff", to_js(&HandedOff { package })),
            // What the engine says of a refusal names what to change (the model, the
            // endpoint's kind): the card's visitor reads a plain line, the developer this.
            Effect::Notice {
                kind: NoticeKind::AnswerRefused | NoticeKind::TranslationRefused,
                message,
            } => console_once(Level::Warn, format!("clarify-widget: {message}")),
            Effect::StatusChanged { .. }
            | Effect::RequestDetection { .. }
            | Effect::RequestTranslation { .. }
            | Effect::RunStep { .. }
            | Effect::RequestGeneration { .. }
            | Effect::AppendAnswer { .. }
            | Effect::LoadDetector
            | Effect::LoadColumns { .. }
            | Effect::Notice { .. } => {}
        }
    }
    if now.status == Status::Failed && last.status != Status::Failed {
        let message = session.failure().unwrap_or_default();
        // The card tells the visitor in plain words; the reason is the developer's.
        console_once(
            Level::Error,
            format!("clarify-widget: the answer could not be produced: {message}"),
        );
        tell(
            "clarify-error",
            to_js(&Refused {
                code: "answer_failed",
                message,
            }),
        );
    }
    if now.status == Status::Idle && last.status != Status::Idle {
        tell("clarify-reset", to_js(&Reset {}));
    }
    news
}

/// How a line is written on the console.
#[derive(Clone, Copy)]
enum Level {
    Warn,
    Error,
}

thread_local! {
    /// The lines written on the console so far, by every widget of the page (a few).
    static TOLD: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// Writes `line` on the console, once per page: a problem every widget of the page meets (a
/// policy, an endpoint), or one widget meets again, is one line for the page's developer.
fn console_once(level: Level, line: String) {
    let first = TOLD.with_borrow_mut(|told| {
        let first = !told.contains(&line);
        if first {
            told.push(line.clone());
        }
        first
    });
    if first {
        let line = JsValue::from(line);
        match level {
            Level::Warn => web_sys::console::warn_1(&line),
            Level::Error => web_sys::console::error_1(&line),
        }
    }
}

/// `clarify-start`'s detail.
#[derive(Serialize)]
struct Started<'a> {
    request: Option<&'a str>,
}

/// `clarify-fallback`'s detail.
#[derive(Serialize)]
struct FellBack<'a> {
    reason: &'a str,
}

/// `clarify-answer`'s detail: `previous` is the answer it replaces when the user changed it.
#[derive(Serialize)]
struct Answered<'a> {
    question: &'a Question,
    answer: &'a Answer,
    previous: Option<&'a Answer>,
}

/// `clarify-question`'s detail.
#[derive(Serialize)]
struct Asked<'a> {
    question: &'a Question,
    progress: &'a clarify_core::Progress,
}

/// `clarify-done`'s detail: `stopped` when the user stopped the answer while it streamed, so
/// `answer` is what had arrived.
#[derive(Serialize)]
struct Done<'a> {
    answer: &'a str,
    prompt: Option<String>,
    request: Option<&'a str>,
    status: Status,
    stopped: bool,
}

/// `clarify-handoff`'s detail.
#[derive(Serialize)]
struct HandedOff<'a> {
    package: &'a clarify_core::HandoffPackage,
}

/// `clarify-error`'s detail.
#[derive(Serialize)]
struct Refused<'a> {
    code: &'a str,
    message: &'a str,
}

/// `clarify-reset`'s detail: empty.
#[derive(Serialize)]
struct Reset {}

/// card.css (the app's) then widget.css (the frame), as one stylesheet, compacted by build.rs.
const STYLE: &str = include_str!(concat!(env!("OUT_DIR"), "/widget.css"));

thread_local! {
    /// Built once and shared by every widget on the page.
    static SHEET: RefCell<Option<CssStyleSheet>> = const { RefCell::new(None) };
}

/// Adopts the card's stylesheet in `root`.
fn adopt_style(root: &ShadowRoot) -> Result<(), JsValue> {
    let sheet = SHEET.with_borrow_mut(|sheet| {
        if let Some(sheet) = sheet {
            return Ok::<_, JsValue>(sheet.clone());
        }
        let made = CssStyleSheet::new()?;
        made.replace_sync(STYLE)?;
        *sheet = Some(made.clone());
        Ok(made)
    })?;
    root.set_adopted_style_sheets(&js_sys::Array::of1(&sheet));
    Ok(())
}

/// Calls the element's `start(text)`: `null` when the request started, else the message.
fn call_start(start: &js_sys::Function, text: String) -> Result<(), String> {
    match start.call1(&JsValue::NULL, &JsValue::from(text)) {
        Ok(refused) => refused.as_string().map_or(Ok(()), Err),
        Err(thrown) => Err(thrown
            .dyn_ref::<js_sys::Error>()
            .map_or_else(|| "the request was refused".into(), |e| e.message().into())),
    }
}
