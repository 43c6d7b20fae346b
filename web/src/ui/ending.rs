//! The ending of the session's card: the answer, the handoff or the failure. It reads the
//! [`Engine`] from context and wakes only when its own part of the session changes.

use clarify_core::{Input, Status};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::answer::{AnswerView, FailureNotice, HandoffNotice};
use super::state::{Engine, Notices};
use crate::driver::Driver;
use crate::i18n::{Chrome, use_lang};

/// How the session ended, or is ending: the answer (as it streams, with Stop), then "Copy
/// prompt" once it is complete, the handoff notice, or the failure with Retry.
///
/// When the last question is answered its card goes, and focus with it; focus then moves to
/// what came instead (the answer's heading, the handoff, the failure) rather than falling to
/// the page. Focus that is somewhere on purpose (the request box, another control) stays.
#[component]
pub fn Ending() -> impl IntoView {
    let engine = expect_context::<Engine>();
    let view = engine.view;
    let (status, answer, accepting) = (view.status(), view.answer(), view.accepting());
    let has_answer = Memo::new(move |_| !answer.with(String::is_empty));
    let streaming = Memo::new(move |_| status.get() == Status::Generating);
    let completed = Memo::new(move |_| status.get() == Status::Completed);
    let can_retry = Memo::new(move |_| accepting.with(|a| a.retry));
    let notices = expect_context::<Notices>();
    let handoff = view.handoff();
    let failure = view.failure();
    let lang = use_lang();
    // Under the answer: that it was stopped, or what became of "Copy prompt".
    let note = RwSignal::new(None::<String>);
    let root = NodeRef::<leptos::html::Section>::new();
    let mut before = None;
    Effect::new(move |_| {
        let now = (status.get(), has_answer.get());
        if before.replace(now).is_some_and(|b| b != now) && now.0 != Status::Idle {
            set_timeout(move || focus_lost_to(root), std::time::Duration::ZERO);
        }
        if now.0 != Status::Completed {
            note.set(None);
        }
    });
    let stop = move |_| {
        // What arrived is the answer, and the session records that it was stopped; the call
        // still running is aborted and its end refused.
        engine.with_driver(Driver::cancel);
        if let Err(e) = engine.send(Input::GenerationStopped) {
            notices.note(e);
        }
    };
    let stopped = view.stopped();
    let prompt = move || {
        engine
            .with_driver(|d| d.with(|s| s.enriched_prompt().map(|p| p.render())))
            .flatten()
            .unwrap_or_default()
    };
    // With an endpoint the answer is not the prompt, as the offline answer is: the prompt sent
    // can be opened, and copied, from the moment it is sent.
    let sent = Memo::new(move |_| {
        let sent = matches!(
            status.get(),
            Status::Generating | Status::Completed | Status::HandedOff | Status::Failed
        );
        sent && engine
            .with_driver(|d| {
                d.with(|s| {
                    s.enriched_prompt()
                        .is_some_and(|p| s.answer() != Some(p.offline_answer().as_str()))
                })
            })
            .unwrap_or(false)
    });
    let copy = move |_| {
        let prompt = prompt();
        leptos::task::spawn_local(async move {
            let t = lang.get_untracked().texts();
            let said = match copy_text(&prompt).await {
                Ok(()) => t.copied.to_owned(),
                Err(why) => format!("{}{why}", t.copy_failed),
            };
            let _ = note.try_set(Some(said));
        });
    };
    let t = move || lang.get().texts();
    view! {
        <section class="ending" node_ref=root>
            {move || {
                has_answer.get().then(|| view! { <AnswerView text=answer streaming=streaming /> })
            }}
            <p class="answer-actions">
                <button
                    type="button"
                    data-testid="stop"
                    hidden=move || !streaming.get()
                    on:click=stop
                >
                    {move || t().stop}
                </button>
                <button
                    type="button"
                    data-testid="copy-prompt"
                    hidden=move || !completed.get() && !sent.get()
                    on:click=copy
                >
                    {move || t().copy_prompt}
                </button>
                <span class="answer-note" role="status" data-testid="answer-note">
                    {move || {
                        note.get().or_else(|| stopped.get().then(|| t().stopped.to_owned()))
                    }}
                </span>
            </p>
            <details class="sent-prompt" data-testid="sent-prompt" hidden=move || !sent.get()>
                <summary>{move || t().sent_prompt}</summary>
                <pre data-testid="sent-prompt-text">{move || sent.get().then(prompt)}</pre>
            </details>
            {move || handoff.get().map(|package| view! { <HandoffNotice package=package /> })}
            {move || {
                failure
                    .get()
                    .map(|reason| {
                        let on_retry = Callback::new(move |()| {
                            if let Err(e) = engine.send(Input::Retry) {
                                notices.note(e);
                            }
                        });
                        view! { <FailureNotice reason=reason on_retry=on_retry can_retry=can_retry /> }
                    })
            }}
        </section>
    }
}

/// Writes `text` to the clipboard; `Err` is the browser's reason in its own words.
async fn copy_text(text: &str) -> Result<(), String> {
    let clipboard = window().navigator().clipboard();
    wasm_bindgen_futures::JsFuture::from(clipboard.write_text(text))
        .await
        .map(|_| ())
        .map_err(|e| {
            e.dyn_ref::<js_sys::Error>()
                .map_or_else(|| "the browser refused".to_owned(), |e| e.message().into())
        })
}

/// Moves focus to the first focus target under `root` (a heading or notice with
/// `tabindex="-1"`) when focus has fallen to the page's body, as it does when the focused card
/// goes (in a shadow root too: focus inside one shows as its host, never as the body).
fn focus_lost_to(root: NodeRef<leptos::html::Section>) {
    // The timer may fire after the views went.
    let Some(root) = root.try_get_untracked().flatten() else {
        return;
    };
    let on_body =
        |a: Option<web_sys::Element>| a.is_none_or(|a| a.tag_name().eq_ignore_ascii_case("body"));
    let in_shadow = root.get_root_node().dyn_into::<web_sys::ShadowRoot>().ok();
    let focus_lost = on_body(document().active_element())
        && in_shadow.is_none_or(|shadow| shadow.active_element().is_none());
    if !focus_lost {
        return;
    }
    if let Some(target) = root
        .query_selector("[tabindex=\"-1\"]")
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = target.focus();
    }
}
