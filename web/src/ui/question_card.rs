//! The question card: one pending question with its options, "I don't know", free text and
//! Continue.
//!
//! Self-contained: it takes the question, the progress and callbacks, holds only what the user
//! is composing (selection, text), and styles itself from `web/assets/card.css`, so the JS
//! embedding can render it in a shadow root.

use clarify_core::{ChoiceId, Priority, Progress, Question, UserAnswer};
use leptos::ev::KeyboardEvent;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::i18n::Lang;

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
    /// The language of the card's own labels.
    #[prop(into)]
    lang: Signal<Lang>,
    /// Called with the user's reply (options, text, both, or "I don't know").
    on_answer: Callback<UserAnswer, Outcome>,
    /// "Continue anyway": skip this and every remaining question. Hidden when absent.
    #[prop(optional)]
    on_skip_all: Option<Callback<(), Outcome>>,
) -> impl IntoView {
    let t = move || lang.get().texts();
    let base = question.id.as_str().to_owned();
    let text_id = format!("{base}-text");
    let why_id = format!("{base}-why");
    let why_ref = why_id.clone();
    let free_id = format!("{base}-free");
    let multiple = question.multiple;
    let ids: Vec<ChoiceId> = question.options.iter().map(|c| c.id.clone()).collect();
    let count = ids.len();

    let selected = RwSignal::new(Vec::<usize>::new());
    let text = RwSignal::new(String::new());
    let submitting = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    let card = NodeRef::<html::Section>::new();

    // Focus the card when it appears, so keyboard and screen-reader users land on it.
    Effect::new(move || {
        if let Some(el) = card.get() {
            let _ = el.focus();
        }
    });

    let has_answer = move || !selected.with(Vec::is_empty) || !text.with(|t| t.trim().is_empty());
    let can_continue = move || has_answer() && !submitting.get();

    // Hands `reply` over after the browser has painted "Continuing…".
    let send = move |reply: UserAnswer| {
        submitting.set(true);
        error.set(None);
        set_timeout(
            move || {
                if let Err(message) = on_answer.run(reply) {
                    // The card may be gone already; a refused answer keeps it.
                    let _ = error.try_set(Some(message));
                    let _ = submitting.try_set(false);
                }
            },
            std::time::Duration::ZERO,
        );
    };
    let reply = {
        move || {
            let choices: Vec<ChoiceId> = selected
                .get_untracked()
                .into_iter()
                .filter_map(|i| ids.get(i).cloned())
                .collect();
            let typed = text.get_untracked().trim().to_owned();
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
    };
    let submit = move || {
        if can_continue()
            && let Some(r) = reply()
        {
            send(r);
        }
    };
    let pick = move |i: usize| {
        if i >= count || submitting.get_untracked() {
            return;
        }
        selected.update(|s| {
            if multiple {
                if let Some(at) = s.iter().position(|&x| x == i) {
                    s.remove(at);
                } else {
                    s.push(i);
                }
            } else {
                *s = vec![i];
            }
        });
    };
    let focus_option = {
        let base = base.clone();
        move |i: usize| {
            let id = option_id(&base, i);
            if let Some(el) = document()
                .get_element_by_id(&id)
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let _ = el.focus();
            }
        }
    };

    let on_keydown = {
        let submit = submit.clone();
        move |ev: KeyboardEvent| {
            let target = ev
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
            let in_text = target
                .as_ref()
                .is_some_and(|t| t.tag_name().eq_ignore_ascii_case("textarea"));
            let on_button = target
                .as_ref()
                .is_some_and(|t| t.tag_name().eq_ignore_ascii_case("button"));
            let option = target
                .as_ref()
                .and_then(|t| t.get_attribute("data-index"))
                .and_then(|i| i.parse::<usize>().ok());
            let key = ev.key();
            match key.as_str() {
                "Enter" if !ev.shift_key() && !on_button => {
                    ev.prevent_default();
                    submit();
                }
                " " if option.is_some() => {
                    ev.prevent_default();
                    if let Some(i) = option {
                        pick(i);
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
                    if !multiple {
                        pick(next);
                    }
                    focus_option(next);
                }
                _ if !in_text && !ev.ctrl_key() && !ev.meta_key() && !ev.alt_key() => {
                    if let Some(d) = key.chars().next().and_then(|c| c.to_digit(10))
                        && key.len() == 1
                        && d >= 1
                    {
                        let i = d as usize - 1;
                        if i < count {
                            ev.prevent_default();
                            pick(i);
                            focus_option(i);
                        }
                    }
                }
                _ => {}
            }
        }
    };

    let options = question
        .options
        .into_iter()
        .enumerate()
        .map(|(i, choice)| {
            let checked = move || selected.with(|s| s.contains(&i));
            let tabindex = move || {
                let first_checked = selected.with(|s| s.first().copied()).unwrap_or(0);
                if first_checked == i { "0" } else { "-1" }
            };
            let label_id = format!("{}-label", option_id(&base, i));
            let label_ref = label_id.clone();
            view! {
                <div
                    id=option_id(&base, i)
                    class="qcard-option"
                    class:checked=checked
                    role=if multiple { "checkbox" } else { "radio" }
                    aria-checked=move || if checked() { "true" } else { "false" }
                    aria-labelledby=label_ref
                    tabindex=tabindex
                    data-index=i.to_string()
                    data-testid="option"
                    on:click=move |_| pick(i)
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
        })
        .collect_view();

    let has_options = count > 0;
    let free_text = question.allow_free_text.then(|| {
        view! {
            <div class="qcard-free">
                <label for=free_id.clone()>{move || t().free_text}</label>
                <textarea
                    id=free_id.clone()
                    data-testid="free-text"
                    rows="2"
                    placeholder=move || t().free_text_placeholder
                    prop:value=move || text.get()
                    on:input=move |ev| text.set(event_target_value(&ev))
                    disabled=move || submitting.get()
                ></textarea>
            </div>
        }
    });
    let dont_know = question.allow_skip.then(|| {
        view! {
            <button
                type="button"
                class="qcard-secondary"
                data-testid="dont-know"
                disabled=move || submitting.get()
                on:click=move |_| send(UserAnswer::DontKnow)
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
                        error.set(Some(message));
                    }
                }
            >
                {move || t().continue_anyway}
            </button>
        }
    });
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
            aria-labelledby=text_id.clone()
            aria-describedby=why_ref
            tabindex="-1"
            node_ref=card
            on:keydown=on_keydown
        >
            <header class="qcard-head">
                <PriorityBadge priority=question.priority lang=lang />
                <span class="qcard-progress" data-testid="progress">
                    {move || t().progress(progress.current, progress.total)}
                </span>
            </header>
            <h2 class="qcard-question" id=text_id.clone() data-testid="question-text">
                {question.text}
            </h2>
            <p class="qcard-why" id=why_id data-testid="question-why">
                <span class="qcard-why-label">{move || t().why} ": "</span>
                {question.why}
            </p>
            {has_options
                .then(|| {
                    view! {
                        <div
                            class="qcard-options"
                            role=if multiple { "group" } else { "radiogroup" }
                            aria-labelledby=text_id.clone()
                            data-testid="options"
                        >
                            {options}
                        </div>
                    }
                })}
            {free_text}
            {assumption}
            <p class="qcard-error" role="alert" data-testid="card-error">
                {move || error.get()}
            </p>
            <div class="qcard-actions">
                <button
                    type="button"
                    class="qcard-primary"
                    data-testid="continue"
                    disabled=move || !can_continue()
                    aria-busy=move || if submitting.get() { "true" } else { "false" }
                    on:click=move |_| submit()
                >
                    {move || if submitting.get() { t().continuing } else { t().continue_ }}
                </button>
                {dont_know}
                {skip_all}
            </div>
            <p class="qcard-hint">{move || t().keys_hint}</p>
        </section>
    }
}

/// The priority as text and colour (and a shape), never colour alone.
#[component]
pub fn PriorityBadge(
    /// The question's priority.
    priority: Priority,
    /// The language of the label.
    #[prop(into)]
    lang: Signal<Lang>,
) -> impl IntoView {
    view! {
        <span class="qcard-badge" data-priority=priority.as_str() data-testid="priority">
            <span class="qcard-badge-shape" aria-hidden="true"></span>
            {move || lang.get().texts().priority(priority)}
        </span>
    }
}

fn option_id(base: &str, i: usize) -> String {
    let mut id = String::from(base);
    id.push_str("-opt-");
    id.push_str(&i.to_string());
    id
}
