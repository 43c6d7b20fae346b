//! The question card: one pending question with its options, "I don't know", free text and
//! Continue.
//!
//! Self-contained: it takes the question, the progress and callbacks, holds only what the user
//! is composing (selection, text), reads its language from a prop or else from context, finds
//! its own elements from its root rather than the document, and styles itself from
//! `web/assets/card.css` — so it can be mounted alone, in a shadow root too.

use clarify_core::{Choice, ChoiceId, Priority, Progress, Question, UserAnswer};
use leptos::ev::KeyboardEvent;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::i18n::{Lang, use_lang};

/// The result of handing an answer to the host: `Err` carries a message shown on the card.
pub type Outcome = Result<(), String>;

/// One pending question as a card.
///
/// Keyboard: digits pick an option, arrows move between radio options, Space toggles the
/// focused option, Enter continues (Shift+Enter is a new line in the text box). Focus moves to
/// the card when it appears.
#[component]
pub fn QuestionCard(
    /// The pending question.
    question: Question,
    /// "Question n of m" (from [`clarify_core::Session::progress`]).
    progress: Progress,
    /// The language of the card's own labels; without it, the language in context.
    #[prop(optional, into)]
    lang: Option<Signal<Lang>>,
    /// Called with the user's reply (options, text, both, or "I don't know").
    on_answer: Callback<UserAnswer, Outcome>,
    /// "Continue anyway": skip this and every remaining question. Hidden when absent.
    #[prop(optional)]
    on_skip_all: Option<Callback<(), Outcome>>,
    /// Whether focus moves to the card when it appears (the default). The widget passes `false`
    /// when the question did not follow the user's own action there, so that a page's script
    /// starting a conversation never takes focus from what the user is doing on the page.
    #[prop(default = true)]
    take_focus: bool,
) -> impl IntoView {
    let lang = lang.unwrap_or_else(use_lang);
    let t = move || lang.get().texts();
    let base = question.id.as_str().to_owned();
    let text_id = format!("{base}-text");
    let why_id = format!("{base}-why");
    let (labelled_by, described_by) = (text_id.clone(), why_id.clone());
    let card = NodeRef::<html::Section>::new();
    let draft = Draft::new(&question, on_answer);

    // Focus the card when it appears, so keyboard and screen-reader users land on it.
    Effect::new(move || {
        if let Some(el) = card.get().filter(|_| take_focus) {
            let _ = el.focus();
        }
    });

    let options = (!question.options.is_empty()).then(|| {
        view! {
            <OptionList
                options=question.options
                base=base.clone()
                labelled_by=text_id.clone()
                draft=draft
            />
        }
    });
    let free_text = question
        .allow_free_text
        .then(|| view! { <FreeText id=format!("{base}-free") draft=draft lang=lang /> });
    let assumption = (!question.assumption.is_empty()).then(|| {
        view! {
            <p class="qcard-assumption" data-testid="assumption">
                {move || t().assumption}
                " "
                {question.assumption.clone()}
            </p>
        }
    });

    view! {
        <section
            class="qcard"
            data-testid="question-card"
            data-priority=question.priority.as_str()
            aria-labelledby=labelled_by
            aria-describedby=described_by
            tabindex="-1"
            node_ref=card
            on:keydown=move |ev| on_key(&ev, draft, card)
        >
            <header class="qcard-head">
                <PriorityBadge priority=question.priority lang=lang />
                <span class="qcard-progress" data-testid="progress">
                    {move || t().progress(progress.current, progress.total)}
                </span>
            </header>
            <h2 class="qcard-question" id=text_id data-testid="question-text">
                {question.text}
            </h2>
            <p class="qcard-why" id=why_id data-testid="question-why">
                <span class="qcard-why-label">{move || t().why} ": "</span>
                {question.why}
            </p>
            {options}
            {free_text}
            {assumption}
            <p class="qcard-error" role="alert" data-testid="card-error">
                {move || draft.error.get()}
            </p>
            <CardActions draft=draft allow_skip=question.allow_skip on_skip_all=on_skip_all lang=lang />
            <p class="qcard-hint">{move || t().keys_hint}</p>
        </section>
    }
}

/// The priority as text and colour (and a shape), never colour alone.
#[component]
pub fn PriorityBadge(
    /// The question's priority.
    priority: Priority,
    /// The language of the label; without it, the language in context.
    #[prop(optional, into)]
    lang: Option<Signal<Lang>>,
) -> impl IntoView {
    let lang = lang.unwrap_or_else(use_lang);
    view! {
        <span class="qcard-badge" data-priority=priority.as_str() data-testid="priority">
            <span class="qcard-badge-shape" aria-hidden="true"></span>
            {move || lang.get().texts().priority(priority)}
        </span>
    }
}

/// What the user is composing on one card, and handing it over.
#[derive(Clone, Copy)]
struct Draft {
    /// Indexes of the picked options, in picking order.
    selected: RwSignal<Vec<usize>>,
    /// The free text as typed.
    text: RwSignal<String>,
    /// Set from Continue until the host refuses the answer (or the card goes).
    submitting: RwSignal<bool>,
    /// The host's refusal, shown on the card.
    error: RwSignal<Option<String>>,
    choices: StoredValue<Vec<ChoiceId>>,
    count: usize,
    multiple: bool,
    on_answer: Callback<UserAnswer, Outcome>,
}

impl Draft {
    fn new(question: &Question, on_answer: Callback<UserAnswer, Outcome>) -> Self {
        let choices: Vec<ChoiceId> = question.options.iter().map(|c| c.id.clone()).collect();
        Self {
            selected: RwSignal::new(Vec::new()),
            text: RwSignal::new(String::new()),
            submitting: RwSignal::new(false),
            error: RwSignal::new(None),
            count: choices.len(),
            choices: StoredValue::new(choices),
            multiple: question.multiple,
            on_answer,
        }
    }

    fn can_continue(self) -> bool {
        let has_answer =
            !self.selected.with(Vec::is_empty) || !self.text.with(|t| t.trim().is_empty());
        has_answer && !self.submitting.get()
    }

    /// Hands `reply` over after the browser has painted "Continuing…".
    fn send(self, reply: UserAnswer) {
        self.submitting.set(true);
        self.error.set(None);
        set_timeout(
            move || {
                // The card may be gone already (the session moved on before the timer): then
                // there is nobody to hand the reply to. A refused answer keeps the card.
                if let Some(Err(message)) = self.on_answer.try_run(reply) {
                    let _ = self.error.try_set(Some(message));
                    let _ = self.submitting.try_set(false);
                }
            },
            std::time::Duration::ZERO,
        );
    }

    /// The picked options and the typed text as a reply, or `None` when there is neither.
    fn reply(self) -> Option<UserAnswer> {
        let choices: Vec<ChoiceId> = self.choices.with_value(|ids| {
            self.selected
                .get_untracked()
                .into_iter()
                .filter_map(|i| ids.get(i).cloned())
                .collect()
        });
        let typed = self.text.get_untracked().trim().to_owned();
        match (choices.is_empty(), typed.is_empty()) {
            (false, true) => Some(UserAnswer::Choices { choices }),
            (true, false) => Some(UserAnswer::Text { text: typed }),
            (false, false) => Some(UserAnswer::ChoicesWithText {
                choices,
                text: typed,
            }),
            (true, true) => None,
        }
    }

    fn submit(self) {
        if self.can_continue()
            && let Some(r) = self.reply()
        {
            self.send(r);
        }
    }

    /// Picks option `i` (a radio) or toggles it (a checkbox).
    fn pick(self, i: usize) {
        if i >= self.count || self.submitting.get_untracked() {
            return;
        }
        self.selected.update(|s| {
            if self.multiple {
                if let Some(at) = s.iter().position(|&x| x == i) {
                    s.remove(at);
                } else {
                    s.push(i);
                }
            } else {
                *s = vec![i];
            }
        });
    }
}

/// The options as radios (one answer) or checkboxes (several).
#[component]
fn OptionList(
    options: Vec<Choice>,
    /// The card's id prefix.
    base: String,
    /// The id of the question text, which names the group.
    labelled_by: String,
    draft: Draft,
) -> impl IntoView {
    let multiple = draft.multiple;
    let options = options
        .into_iter()
        .enumerate()
        .map(|(i, choice)| option_view(i, choice, &base, draft))
        .collect_view();
    view! {
        <div
            class="qcard-options"
            role=if multiple { "group" } else { "radiogroup" }
            aria-labelledby=labelled_by
            data-testid="options"
        >
            {options}
        </div>
    }
}

/// Option `i`: its key, a mark, the label and the description.
fn option_view(i: usize, choice: Choice, base: &str, draft: Draft) -> impl IntoView + use<> {
    let selected = draft.selected;
    let checked = move || selected.with(|s| s.contains(&i));
    let tabindex = move || {
        let first_checked = selected.with(|s| s.first().copied()).unwrap_or(0);
        if first_checked == i { "0" } else { "-1" }
    };
    let id = option_id(base, i);
    let label_id = format!("{id}-label");
    let labelled_by = label_id.clone();
    view! {
        <div
            id=id
            class="qcard-option"
            class:checked=checked
            role=if draft.multiple { "checkbox" } else { "radio" }
            aria-checked=move || if checked() { "true" } else { "false" }
            aria-labelledby=labelled_by
            tabindex=tabindex
            data-index=i.to_string()
            data-testid="option"
            on:click=move |_| draft.pick(i)
        >
            <span class="qcard-key" aria-hidden="true">{(i + 1).to_string()}</span>
            <span class="qcard-mark" aria-hidden="true"></span>
            <span class="qcard-option-text">
                <span class="qcard-label" id=label_id data-testid="option-label">
                    {choice.label}
                </span>
                {choice
                    .description
                    .map(|d| {
                        view! {
                            <span class="qcard-desc" data-testid="option-description">
                                {d}
                            </span>
                        }
                    })}
            </span>
        </div>
    }
}

/// "Or describe in your own words".
#[component]
fn FreeText(id: String, draft: Draft, lang: Signal<Lang>) -> impl IntoView {
    let t = move || lang.get().texts();
    view! {
        <div class="qcard-free">
            <label for=id.clone()>{move || t().free_text}</label>
            <textarea
                id=id
                data-testid="free-text"
                rows="2"
                placeholder=move || t().free_text_placeholder
                prop:value=move || draft.text.get()
                on:input=move |ev| draft.text.set(event_target_value(&ev))
                disabled=move || draft.submitting.get()
            ></textarea>
        </div>
    }
}

/// Continue, "I don't know" (when the question allows it) and "Continue anyway" (when the
/// host offers it).
#[component]
fn CardActions(
    draft: Draft,
    allow_skip: bool,
    on_skip_all: Option<Callback<(), Outcome>>,
    lang: Signal<Lang>,
) -> impl IntoView {
    let t = move || lang.get().texts();
    let submitting = draft.submitting;
    let dont_know = allow_skip.then(|| {
        view! {
            <button
                type="button"
                class="qcard-secondary"
                data-testid="dont-know"
                disabled=move || submitting.get()
                on:click=move |_| draft.send(UserAnswer::DontKnow)
            >
                {move || t().dont_know}
            </button>
        }
    });
    let skip_all = on_skip_all.map(|cb| {
        view! {
            <button
                type="button"
                class="qcard-link"
                data-testid="continue-anyway"
                disabled=move || submitting.get()
                on:click=move |_| {
                    if let Err(message) = cb.run(()) {
                        draft.error.set(Some(message));
                    }
                }
            >
                {move || t().continue_anyway}
            </button>
        }
    });
    view! {
        <div class="qcard-actions">
            <button
                type="button"
                class="qcard-primary"
                data-testid="continue"
                disabled=move || !draft.can_continue()
                aria-busy=move || if submitting.get() { "true" } else { "false" }
                on:click=move |_| draft.submit()
            >
                {move || if submitting.get() { t().continuing } else { t().continue_ }}
            </button>
            {dont_know}
            {skip_all}
        </div>
    }
}

/// The card's keyboard: digits, arrows, Space and Enter (see [`QuestionCard`]).
fn on_key(ev: &KeyboardEvent, draft: Draft, card: NodeRef<html::Section>) {
    let target = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
    let is = |tag: &str| {
        target
            .as_ref()
            .is_some_and(|t| t.tag_name().eq_ignore_ascii_case(tag))
    };
    let (in_text, on_button) = (is("textarea"), is("button"));
    let option = target
        .as_ref()
        .and_then(|t| t.get_attribute("data-index"))
        .and_then(|i| i.parse::<usize>().ok());
    let count = draft.count;
    let key = ev.key();
    match key.as_str() {
        "Enter" if !ev.shift_key() && !on_button => {
            ev.prevent_default();
            draft.submit();
        }
        " " if option.is_some() => {
            ev.prevent_default();
            if let Some(i) = option {
                draft.pick(i);
            }
        }
        "ArrowDown" | "ArrowRight" | "ArrowUp" | "ArrowLeft" if option.is_some() => {
            ev.prevent_default();
            let i = option.unwrap_or(0);
            let next = if matches!(key.as_str(), "ArrowDown" | "ArrowRight") {
                (i + 1) % count
            } else {
                (i + count - 1) % count
            };
            if !draft.multiple {
                draft.pick(next);
            }
            focus_option(card, next);
        }
        _ if !in_text && !ev.ctrl_key() && !ev.meta_key() && !ev.alt_key() => {
            if let Some(d) = key.chars().next().and_then(|c| c.to_digit(10))
                && key.len() == 1
                && d >= 1
            {
                let i = d as usize - 1;
                if i < count {
                    ev.prevent_default();
                    draft.pick(i);
                    focus_option(card, i);
                }
            }
        }
        _ => {}
    }
}

/// Moves focus to option `i`, found under the card's own root (not the document, which cannot
/// see into a shadow root).
fn focus_option(card: NodeRef<html::Section>, i: usize) {
    let selector = format!("[data-index=\"{i}\"]");
    if let Some(el) = card
        .get_untracked()
        .and_then(|c| c.query_selector(&selector).ok().flatten())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = el.focus();
    }
}

fn option_id(base: &str, i: usize) -> String {
    let mut id = String::from(base);
    id.push_str("-opt-");
    id.push_str(&i.to_string());
    id
}
