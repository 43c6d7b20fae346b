//! The chat column: the request box and the conversation so far (the request, each question
//! with its answer, and what the engine told the user).

use clarify_core::{Answer, QuestionId, Resolution};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::i18n::use_lang;
use crate::storage;

/// The request box, several lines high: Enter sends, Shift+Enter breaks the line, and an
/// Enter that ends an IME composition only confirms the composition.
///
/// While a question is pending it is labelled "Your answer": what is typed there is that
/// question's answer (the engine reads it, never a new search). "New request" beside it leaves
/// the pending question: it starts what is typed as a new request, or with nothing typed
/// clears the conversation, so the box is ready for one.
#[component]
pub fn RequestForm(
    /// Called with the text; `Err` is shown under the box.
    on_send: Callback<String, Result<(), String>>,
    /// Whether a question is pending (changes the label and the placeholder).
    #[prop(into)]
    answering: Signal<bool>,
    /// Whether sending is possible now (from [`clarify_core::Session::accepts`]).
    #[prop(into)]
    enabled: Signal<bool>,
    /// "New request" while a question is pending, called with the text; hidden when absent.
    #[prop(optional)]
    on_new: Option<Callback<String, Result<(), String>>>,
    /// Keep the unsent text in `localStorage`, so a reload keeps it (the app does; a widget,
    /// whose page owns its storage, does not).
    #[prop(optional)]
    keep_draft: bool,
) -> impl IntoView {
    let lang = use_lang();
    let t = move || lang.get().texts();
    let text = RwSignal::new(if keep_draft {
        storage::load_draft()
    } else {
        String::new()
    });
    let error = RwSignal::new(None::<String>);
    let set_text = move |value: String| {
        if keep_draft {
            storage::save_draft(&value);
        }
        let _ = text.try_set(value);
    };
    let run = move |cb: Callback<String, Result<(), String>>| match cb.run(text.get_untracked()) {
        Ok(()) => {
            set_text(String::new());
            let _ = error.try_set(None);
        }
        Err(message) => {
            let _ = error.try_set(Some(message));
        }
    };
    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if enabled.get_untracked() {
            run(on_send);
        }
    };
    let on_keydown = move |ev: leptos::ev::KeyboardEvent| {
        // 229: the key that ends a composition, in browsers that report no `isComposing`.
        let composing = ev.is_composing() || ev.key_code() == 229;
        if ev.key() == "Enter" && !ev.shift_key() && !composing {
            ev.prevent_default();
            if enabled.get_untracked() {
                run(on_send);
            }
        }
    };
    let new_request = on_new.map(|cb| {
        view! {
            <button
                type="button"
                class="request-new"
                data-testid="new-request"
                hidden=move || !answering.get()
                on:click=move |ev| {
                    run(cb);
                    focus_request_box(ev.target());
                }
            >
                {move || t().new_request}
            </button>
        }
    });
    view! {
        <form class="request" on:submit=on_submit data-testid="request-form">
            <label for="request" class="request-label" data-testid="request-label">
                {move || if answering.get() { t().answer_label } else { t().request_label }}
            </label>
            <div class="request-row">
                <textarea
                    id="request"
                    data-testid="request"
                    rows="2"
                    autocomplete="off"
                    placeholder=move || {
                        if answering.get() { t().answer_placeholder } else { t().request_placeholder }
                    }
                    prop:value=move || text.get()
                    on:input=move |ev| set_text(event_target_value(&ev))
                    on:keydown=on_keydown
                ></textarea>
                <button type="submit" data-testid="submit" disabled=move || !enabled.get()>
                    {move || t().send}
                </button>
                {new_request}
            </div>
            <p class="request-error" role="alert" data-testid="request-error">
                {move || error.get()}
            </p>
        </form>
    }
}

/// Moves focus to the request box next to `from` (an element in the same card or page).
pub fn focus_request_box(from: Option<web_sys::EventTarget>) {
    let area = from
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|e| e.closest(".clarify, .app").ok().flatten())
        .and_then(|root| root.query_selector("[data-testid=request]").ok().flatten())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(area) = area {
        let _ = area.focus();
    }
}

/// The conversation: the request, then each resolved question and its answer.
#[component]
pub fn Conversation(
    /// The request as typed, once started.
    #[prop(into)]
    request: Signal<Option<String>>,
    /// Questions resolved so far, in asking order.
    #[prop(into)]
    resolutions: Signal<Vec<Resolution>>,
    /// Messages the engine gave the user (fallbacks, limits), each with the number of
    /// questions resolved when it came: it is shown before the turn of that index.
    #[prop(into)]
    notices: Signal<Vec<(usize, String)>>,
    /// The answered questions whose answers can be changed now
    /// ([`clarify_core::Session::reopenable`]): their answers offer "Change".
    #[prop(optional, into)]
    reopenable: Signal<Vec<QuestionId>>,
    /// "Change" on an answer: reopens its question; `Err` is the engine's refusal.
    #[prop(optional)]
    on_change: Option<Callback<QuestionId, Result<(), String>>>,
) -> impl IntoView {
    let lang = use_lang();
    let t = move || lang.get().texts();
    let error = RwSignal::new(None::<String>);
    let change = move |id: QuestionId, question: String| {
        let cb = on_change?;
        let open = reopenable.with(|r| r.contains(&id));
        open.then(|| {
            let label = format!("{}{question}", t().change_answer_to);
            view! {
                <button
                    type="button"
                    class="turn-change"
                    data-testid="change-answer"
                    aria-label=label
                    on:click=move |_| {
                        let outcome = cb.run(id.clone());
                        let _ = error.try_set(outcome.err());
                    }
                >
                    {move || t().change}
                </button>
            }
        })
    };
    let note =
        |n: String| view! { <li class="turn turn-note" data-testid="engine-notice">{n}</li> };
    let notes_at = move |at: usize, last: bool| {
        notices
            .get()
            .into_iter()
            .filter(|(n, _)| *n == at || (last && *n > at))
            .map(|(_, n)| note(n))
            .collect_view()
    };
    let turns = move || {
        let resolved = resolutions.get();
        let count = resolved.len();
        let mut turns: Vec<_> = resolved
            .into_iter()
            .enumerate()
            .map(|(i, r)| {
                let kind = answer_kind(&r.answer);
                let answer = r.answer_text();
                let change = change(r.question.id.clone(), r.question.text.clone());
                view! {
                    {notes_at(i, false)}
                    <li class="turn turn-bot">{r.question.text.clone()}</li>
                    <li class="turn turn-user" data-testid="conv-answer-turn" data-kind=kind>
                        <span data-testid="conv-answer" data-kind=kind>
                            {answer}
                        </span>
                        {change}
                    </li>
                }
                .into_any()
            })
            .collect();
        turns.push(notes_at(count, true).into_any());
        turns
    };
    view! {
        <ol class="conversation" data-testid="conversation" aria-live="polite">
            {move || {
                request
                    .get()
                    .map(|r| {
                        view! {
                            <li class="turn turn-user" data-testid="conv-request">
                                <span class="sr-only">{t().you} ": "</span>
                                {r}
                            </li>
                        }
                    })
            }}
            {turns}
        </ol>
        <p class="request-error" role="alert" data-testid="change-error">
            {move || error.get()}
        </p>
    }
}

/// How a question was resolved, as a `data-kind` for styling and tests.
fn answer_kind(answer: &Answer) -> &'static str {
    match answer {
        Answer::Choices { .. } => "choices",
        Answer::Text { .. } => "text",
        Answer::ChoicesWithText { .. } => "choices_with_text",
        Answer::DontKnow => "dont_know",
        Answer::Skipped => "skipped",
        Answer::Declined => "declined",
        Answer::TimedOut => "timed_out",
    }
}
