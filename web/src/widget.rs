//! `<clarify-widget>`'s card: the app's own views — the question card, the working line, the
//! answer, the handoff and the failure, the request box — mounted into the element's shadow
//! root and driven by the element's [`Clarifier`].
//!
//! The element class stays in JS (`web/js/clarify-element.js`): a custom element must be a JS
//! class, and its attributes, storage and DOM events go through the public JS API. It makes one
//! [`WidgetCard`] per element and calls [`WidgetCard::show`] with its `Clarifier` whenever it
//! is connected to a page; everything drawn inside is Rust. Styles are `web/assets/card.css`
//! (the app's) and `web/assets/widget.css`, adopted as one constructed stylesheet, so no inline
//! style is needed under a strict Content-Security-Policy.
//!
//! Event handlers are attached to the elements themselves (Leptos's `delegation` feature is
//! off): a delegated handler would listen on `window`, outside the shadow root, and never run
//! when the host page stops an event's propagation on its way out.

use std::any::Any;
use std::cell::RefCell;

use clarify_core::{Input, Status, UserAnswer};
use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use web_sys::{CssStyleSheet, HtmlElement, ShadowRoot};

use crate::driver::{Driver, now};
use crate::i18n::{Lang, provide_lang, use_lang};
use crate::js_api::Clarifier;
use crate::js_api::error::ClarifyError;
use crate::storage;
use crate::ui::{
    Ending, Engine, Notices, QuestionCard, RequestForm, WorkingLine, focus_request_box, timer,
};

/// The card of one `<clarify-widget>`, drawn into its shadow root. Used by
/// `clarify-element.js`; not part of the typed JS API.
#[wasm_bindgen(skip_typescript)]
pub struct WidgetCard {
    /// The views of the session shown now, unmounted when dropped.
    mounted: RefCell<Option<Box<dyn Any>>>,
    /// Where the views go.
    stage: HtmlElement,
    /// The element's own error line, written at once (not on the next render), so a host reads
    /// an invalid attribute's message as soon as the element is connected.
    error: HtmlElement,
    /// The frame around both (`part="card"`), which carries the `lang` attribute.
    frame: HtmlElement,
    parts: Parts,
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
    /// started, or the message to show under the box. `refused(error)` is called with a
    /// `ClarifyError` when the session refuses what the user did in the card (the card shows
    /// the message too).
    ///
    /// # Errors
    /// When the browser refuses to create an element or the stylesheet (never expected).
    #[wasm_bindgen(constructor)]
    pub fn new(
        root: ShadowRoot,
        start: js_sys::Function,
        refused: js_sys::Function,
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

        let owner = Owner::new();
        let parts = owner.with(|| {
            let lang = RwSignal::new(Lang::resolve("auto"));
            let shown = RwSignal::new(None);
            let chrome = Signal::derive(move || shown.get().unwrap_or_else(|| lang.get()));
            provide_lang(chrome);
            let start = StoredValue::new_local(start);
            let refused = StoredValue::new_local(refused);
            let drafts = StoredValue::new(None::<String>);
            Parts {
                lang,
                shown,
                frame: StoredValue::new_local(frame.clone()),
                overruled: RwSignal::new(None),
                acted: StoredValue::new(false),
                drafts,
                start: Callback::new(move |text: String| {
                    start
                        .try_with_value(|f| call_start(f, text))
                        .unwrap_or_else(|| Err("the widget was removed".into()))
                }),
                refused: Callback::new(move |error: ClarifyError| {
                    refused.try_with_value(|f| {
                        let _ = f.call1(&JsValue::NULL, &JsValue::from(error));
                    });
                }),
            }
        });
        let card = WidgetCard {
            mounted: RefCell::new(None),
            stage,
            error,
            frame,
            parts,
            owner,
        };
        card.set_language(None);
        Ok(card)
    }

    /// Draws `clarifier`'s session, in place of whatever was shown, and follows it from now on.
    pub fn show(&self, clarifier: &Clarifier) {
        self.hide();
        let (driver, parts) = (clarifier.driver().clone(), self.parts);
        let handle = self.owner.with(|| {
            leptos::mount::mount_to(self.stage.clone(), move || session_view(driver, parts))
        });
        *self.mounted.borrow_mut() = Some(Box::new(handle));
    }

    /// Keeps the half-typed answer across reloads beside the session's storage key `key`
    /// (the element's `storage-key`), or nowhere when `None`.
    #[wasm_bindgen(js_name = setStorageKey)]
    pub fn set_storage_key(&self, key: Option<String>) {
        self.parts
            .drafts
            .set_value(key.map(|k| format!("{k}.answerDraft")));
    }

    /// Removes the session's views and stops following it (the element left the page, or its
    /// attributes are invalid).
    pub fn hide(&self) {
        // Dropped outside the borrow: unmounting may run cleanups that reach this card.
        let mounted = self.mounted.borrow_mut().take();
        drop(mounted);
    }

    /// The chrome's language from the `language` attribute (a BCP 47 tag): Traditional Chinese
    /// for `zh-Hant`/`zh-TW`/`zh-HK`/`zh-MO`, Simplified for other `zh…` tags, English
    /// otherwise, the browser's language when there is none. Once a conversation has started,
    /// the chrome follows its language instead.
    #[wasm_bindgen(js_name = setLanguage)]
    pub fn set_language(&self, tag: Option<String>) {
        let lang = tag
            .as_deref()
            .map_or_else(|| Lang::resolve("auto"), Lang::from_tag);
        let shown = self.parts.shown.get_untracked().unwrap_or(lang);
        let _ = self.frame.set_attribute("lang", shown.html_tag());
        self.parts.lang.set(lang);
    }

    /// Shows `message` in the element's error line, or clears it.
    #[wasm_bindgen(js_name = setError)]
    pub fn set_error(&self, message: Option<String>) {
        self.error.set_text_content(message.as_deref());
    }

    /// Says that another tab's session replaced the answer given here to `question` (its
    /// text); `null` clears the notice. It also clears itself on the next local change.
    pub fn overruled(&self, question: Option<String>) {
        self.parts.overruled.set(question);
    }
}

impl Drop for WidgetCard {
    fn drop(&mut self) {
        self.hide();
        self.frame.remove();
    }
}

/// What the card's views share with the [`WidgetCard`] that mounted them. `Copy`: signals and
/// handles only.
#[derive(Clone, Copy)]
struct Parts {
    /// The language the `language` attribute (or the browser) asks for.
    lang: RwSignal<Lang>,
    /// The language of the conversation shown, once one has started: it wins over `lang`.
    shown: RwSignal<Option<Lang>>,
    /// The frame, whose `lang` follows the chrome's (for screen readers and fonts).
    frame: StoredValue<HtmlElement, LocalStorage>,
    /// The question whose answer here another tab overruled.
    overruled: RwSignal<Option<String>>,
    /// Set when the user acts in the card (answers, sends a request), taken by the next card:
    /// a question that follows the user's action takes focus, one a page's script brought up
    /// does not.
    acted: StoredValue<bool>,
    /// Where the half-typed answer is kept across reloads: beside the session's `storage-key`
    /// (`None` without one: the session itself does not survive a reload then).
    drafts: StoredValue<Option<String>>,
    /// Starts a conversation through the element, so its attributes apply.
    start: Callback<String, Result<(), String>>,
    /// Tells the element that the session refused an action taken in the card.
    refused: Callback<ClarifyError>,
}

impl Parts {
    /// Forgets the half-typed answer (it was sent, or a new conversation starts).
    fn forget_draft(self) {
        if let Some(key) = self.drafts.get_value() {
            storage::save_answer_draft_at(&key, "", "");
        }
    }

    /// Sends `input` for an action the user took in the card. A refusal comes back as the
    /// message the card shows; the engine has told the element (see [`session_view`]).
    fn send(self, engine: Engine, input: Input) -> Result<(), String> {
        self.acted.set_value(true);
        engine.send(input)
    }
}

/// The session's views, following `driver` until unmounted. Every refusal of an input sent
/// from them (the card, the working line's "Continue anyway", the failure's Retry, "Start
/// over") is told to the element, which emits it as `clarify-error`.
fn session_view(driver: Driver, parts: Parts) -> impl IntoView {
    let refused = parts.refused;
    // A failed call to the endpoint is told to the element too, with its code
    // (`endpoint_refused`, `timeout`, …).
    driver.on_failure(move |code, message| refused.run(ClarifyError::new(code.as_str(), message)));
    let engine = Engine::new(driver.clone())
        .reporting_refusals(Callback::new(move |e| refused.run(ClarifyError::from(e))));
    provide_context(engine);
    let notices = Notices::new();
    provide_context(notices);
    let overruled = parts.overruled;
    let subscription = driver.subscribe(move |session, effects| {
        engine.view.sync(session, effects);
        if !effects.is_empty() {
            let _ = overruled.try_set(None);
        }
    });
    on_cleanup(move || {
        engine.with_driver(|d| d.unsubscribe(subscription));
    });
    timer::expire_pending_question(engine);
    let conversation = engine.view.lang();
    let (shown, asked, frame) = (parts.shown, parts.lang, parts.frame);
    Effect::new(move |_| {
        let now = conversation.get();
        shown.set(now);
        let chrome = now.unwrap_or_else(|| asked.get());
        frame.with_value(|f| {
            let _ = f.set_attribute("lang", chrome.html_tag());
        });
    });
    on_cleanup(move || {
        let _ = shown.try_set(None);
    });

    let lang = use_lang();
    let t = move || lang.get().texts();
    let status = engine.view.status();
    let accepting = engine.view.accepting();
    let idle = Memo::new(move |_| status.get() == Status::Idle);
    let ended = Memo::new(move |_| {
        matches!(
            status.get(),
            Status::Completed | Status::HandedOff | Status::Failed
        )
    });
    let acted = parts.acted;
    let on_send = Callback::new(move |text: String| {
        acted.set_value(true);
        // A new conversation may ask a question of the same id: no old draft.
        parts.forget_draft();
        parts.start.run(text)
    });
    let can_start = Signal::derive(move || accepting.with(|a| a.start));
    let start_over = move |ev: leptos::ev::MouseEvent| {
        // The button goes with the ended conversation: the request box is what comes next.
        let frame = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest(".clarify").ok().flatten());
        if let Err(e) = parts.send(engine, Input::Reset) {
            notices.note(e);
        }
        set_timeout(
            move || focus_request_box(frame.map(Into::into)),
            std::time::Duration::ZERO,
        );
    };
    view! {
        {move || {
            overruled
                .get()
                .map(|question| {
                    view! {
                        <p class="widget-note" role="status" data-testid="overruled">
                            {t().other_tab_took_over}
                            {question}
                        </p>
                    }
                })
        }}
        {move || pending_question(engine, parts)}
        <WorkingLine />
        <Ending />
        {move || {
            idle.get()
                .then(|| {
                    view! {
                        <RequestForm on_send=on_send answering=false enabled=can_start />
                    }
                })
        }}
        {move || {
            ended
                .get()
                .then(|| {
                    view! {
                        <p class="widget-actions">
                            <button type="button" data-testid="start-over" on:click=start_over>
                                {t().start_over}
                            </button>
                        </p>
                    }
                })
        }}
        {move || {
            notices
                .list()
                .get()
                .into_iter()
                .map(|n| view! { <p class="widget-error" role="alert" data-testid="notice">{n}</p> })
                .collect_view()
        }}
    }
}

/// The card for the pending question, fresh for every question the engine asks. It takes focus
/// only when the user's own action in the widget brought it up.
fn pending_question(engine: Engine, parts: Parts) -> Option<impl IntoView> {
    let take_focus = parts
        .acted
        .try_update_value(std::mem::take)
        .unwrap_or(false);
    let pending = engine.view.pending().get()?;
    let id = pending.question.id.clone();
    let on_answer = Callback::new(move |answer: UserAnswer| {
        parts
            .send(
                engine,
                Input::Answer {
                    question: id.clone(),
                    answer,
                    now: now(),
                },
            )
            .inspect(|()| parts.forget_draft())
    });
    let on_skip_all = Callback::new(move |()| parts.send(engine, Input::SkipAll { now: now() }));
    let question = pending.question.id.clone();
    let saved_text = parts
        .drafts
        .get_value()
        .map(|key| storage::load_answer_draft_at(&key, question.as_str()))
        .unwrap_or_default();
    let on_text = Callback::new(move |text: String| {
        if let Some(key) = parts.drafts.get_value() {
            storage::save_answer_draft_at(&key, question.as_str(), &text);
        }
    });
    Some(view! {
        <QuestionCard
            question=pending.question
            progress=pending.progress
            on_answer=on_answer
            on_skip_all=on_skip_all
            take_focus=take_focus
            previous=pending.previous
            saved_text=saved_text
            on_text=on_text
        />
    })
}

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
