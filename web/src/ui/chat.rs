//! Two parts of the session's card: the working line and the ending (the answer, the handoff
//! or the failure). Each reads the [`Engine`] from context and wakes only when its own part of
//! the session changes.

use clarify_core::{Input, Status};
use leptos::either::Either;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::answer::{AnswerView, FailureNotice, HandoffNotice};
use super::state::{Engine, Notices, Reader};
use crate::driver::{Driver, now};
use crate::i18n::{Word, use_chrome};

/// What the engine is busy with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Working {
    /// Detection (or a pipeline step) runs.
    Thinking,
    /// The answer is being written and no text has come yet.
    Writing,
}

/// After this long waiting on the engine's work, the line says what is happening and for how
/// long, and offers the embedded detector's questions instead of the endpoint's.
const PATIENCE_SECONDS: u64 = 3;

/// "Thinking about your request…" / "Writing the answer…", with "Continue anyway" while the
/// engine accepts it. After [`PATIENCE_SECONDS`] it says the time waited so far and, to the
/// app's user, what the endpoint is doing (finding what the request leaves open, writing the
/// answer), and, while the engine would take it, offers the built-in questions ("Ask the
/// built-in questions now", a visitor's "Skip waiting": [`Input::DetectOffline`]), which aborts
/// the call in flight. The time is the page's own: the engine never reads a clock.
#[component]
pub fn WorkingLine() -> impl IntoView {
    let engine = expect_context::<Engine>();
    let t = use_chrome();
    let notices = expect_context::<Notices>();
    let status = engine.view.status();
    let answer = engine.view.answer();
    let accepting = engine.view.accepting();
    let working = Memo::new(move |_| match status.get() {
        Status::Analyzing => Some(Working::Thinking),
        Status::Generating if answer.with(String::is_empty) => Some(Working::Writing),
        Status::Idle
        | Status::AwaitingClarification
        | Status::Generating
        | Status::Completed
        | Status::HandedOff
        | Status::Failed => None,
    });
    let seconds = waited(working);
    // A thinking model's wait is told with its seconds from the start: "Thinking… 12 s".
    // (The line is there only while the engine works.)
    let thinking = engine.thinking;
    let slow = Memo::new(move |_| seconds.get() >= PATIENCE_SECONDS);
    let timed = move || slow.get() || thinking.get();
    let send = move |input: Input| {
        if let Err(e) = engine.send(input) {
            notices.note(e);
        }
    };
    let skip_all = move || {
        accepting.with(|a| a.skip_all).then(|| {
            view! {
                <button
                    type="button"
                    class="qcard-link"
                    data-testid="working-continue-anyway"
                    on:click=move |_| send(Input::SkipAll { now: now() })
                >
                    {move || t.t(Word::ContinueAnyway)}
                </button>
            }
        })
    };
    let offer = Memo::new(move |_| slow.get() && accepting.with(|a| a.detect_offline));
    // A visitor is told that the card is working, not what an endpoint is doing.
    let app_user = Reader::current() == Reader::AppUser;
    let line = move || match (working.get(), slow.get() && app_user) {
        _ if thinking.get() => t.t(Word::ModelThinking),
        (Some(Working::Writing), true) => t.t(Word::WaitingWriting),
        (Some(Working::Thinking), true) if offer.get() => t.t(Word::WaitingDetecting),
        (Some(Working::Writing), _) => t.t(Word::Writing),
        _ => t.t(Word::Thinking),
    };
    let detect_offline = if app_user {
        Word::DetectOffline
    } else {
        Word::SkipWaiting
    };
    let elapsed = move || timed().then(|| t.fill(Word::Seconds, &[&seconds.get().to_string()]));
    // Only what is happening is announced; the seconds counting up are not. What shows only
    // after a while is there from the start, hidden: cheaper than a view that comes and goes.
    move || {
        working.get().map(|_| {
            view! {
                <p class="working" data-testid="working">
                    <span class="spinner" aria-hidden="true"></span>
                    <span role="status" data-testid="working-what">{line}</span>
                    <span class="working-time" data-testid="elapsed" hidden=move || !timed()>
                        {elapsed}
                    </span>
                    <button
                        type="button"
                        class="qcard-link"
                        data-testid="detect-offline"
                        hidden=move || !offer.get()
                        on:click=move |_| {
                            engine.with_driver(Driver::cancel);
                            send(Input::DetectOffline { now: now() });
                        }
                    >
                        {move || t.t(detect_offline)}
                    </button>
                    {skip_all}
                </p>
            }
        })
    }
}

/// Whole seconds since `working` last became busy (0 while idle), counted by a browser interval
/// that runs only while it is busy.
fn waited(working: Memo<Option<Working>>) -> ReadSignal<u64> {
    let seconds = RwSignal::new(0);
    let ticker = StoredValue::new(None::<IntervalHandle>);
    let stop = move || {
        if let Some(handle) = ticker.try_update_value(Option::take).flatten() {
            handle.clear();
        }
    };
    Effect::new(move |_| {
        stop();
        seconds.set(0);
        if working.get().is_some() {
            let started = now();
            let handle = set_interval_with_handle(
                move || {
                    let waited = now().saturating_sub(started) / 1000;
                    if seconds.try_get_untracked().is_some_and(|s| s != waited) {
                        seconds.set(waited);
                    }
                },
                std::time::Duration::from_millis(500),
            );
            ticker.set_value(handle.ok());
        }
    });
    on_cleanup(stop);
    seconds.read_only()
}

/// How the session ended, or is ending: the answer (as it streams, with Stop), then "Copy
/// prompt" once it is complete, the handoff notice, or the failure with Retry. A visitor
/// ([`Reader::Visitor`]) gets no prompt to open or copy, and, offline, where the answer is
/// that prompt, a plain line in its place.
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
    // A call that failed after some text: that text stays, marked as cut.
    let cut = Memo::new(move |_| status.get() == Status::Failed && has_answer.get());
    let can_retry = Memo::new(move |_| accepting.with(|a| a.retry));
    let notices = expect_context::<Notices>();
    let handoff = view.handoff();
    let failure = view.failure();
    let t = use_chrome();
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
    let offline = offline_answer(engine);
    let sent = Memo::new(move |_| {
        let sent = matches!(
            status.get(),
            Status::Generating | Status::Completed | Status::HandedOff | Status::Failed
        );
        sent && !offline.get()
    });
    // The prompt is the developer's: a visitor is shown neither it nor its copy, and offline,
    // where the answer is that prompt, a plain line instead (the page takes the prompt from
    // the element's `clarify-done`).
    let app_user = Reader::current() == Reader::AppUser;
    let copy = move |_| {
        let prompt = prompt();
        leptos::task::spawn_local(async move {
            let said = match copy_text(&prompt).await {
                Ok(()) => t.t(Word::Copied),
                Err(why) => format!("{}{why}", t.t(Word::CopyFailed)),
            };
            let _ = note.try_set(Some(said));
        });
    };
    let shown_answer = move || {
        if !has_answer.get() {
            return None;
        }
        Some(if app_user || !offline.get() {
            Either::Left(view! { <AnswerView text=answer streaming=streaming /> })
        } else {
            Either::Right(view! {
                <section class="answer" data-testid="answer">
                    <p class="answer-done" tabindex="-1" data-testid="all-set">
                        {move || t.t(Word::AllSet)}
                    </p>
                </section>
            })
        })
    };
    let copy_prompt = app_user.then(|| {
        view! {
            <button
                type="button"
                data-testid="copy-prompt"
                hidden=move || !completed.get() && !sent.get()
                on:click=copy
            >
                {move || t.t(Word::CopyPrompt)}
            </button>
        }
    });
    let sent_prompt = app_user.then(|| {
        view! {
            <details class="sent-prompt" data-testid="sent-prompt" hidden=move || !sent.get()>
                <summary>{move || t.t(Word::SentPrompt)}</summary>
                <pre data-testid="sent-prompt-text">{move || sent.get().then(prompt)}</pre>
            </details>
        }
    });
    view! {
        <section class="ending" node_ref=root>
            {shown_answer}
            <p class="answer-actions">
                <button
                    type="button"
                    data-testid="stop"
                    hidden=move || !streaming.get()
                    on:click=stop
                >
                    {move || t.t(Word::Stop)}
                </button>
                {copy_prompt}
                <span class="answer-note" role="status" data-testid="answer-note">
                    {move || {
                        note.get()
                            .or_else(|| stopped.get().then(|| t.t(Word::Stopped)))
                            .or_else(|| cut.get().then(|| t.t(Word::Cut)))
                    }}
                </span>
            </p>
            {sent_prompt}
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

/// Whether the session ended with the offline answer: the enriched prompt itself, with no
/// endpoint to answer it.
fn offline_answer(engine: Engine) -> Memo<bool> {
    let (status, answer) = (engine.view.status(), engine.view.answer());
    Memo::new(move |_| {
        answer.track();
        let done = matches!(status.get(), Status::Completed | Status::HandedOff);
        done && engine
            .with_driver(|d| {
                d.with(|s| {
                    s.enriched_prompt()
                        .is_some_and(|p| s.answer() == Some(p.offline_answer().as_str()))
                })
            })
            .unwrap_or(false)
    })
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
