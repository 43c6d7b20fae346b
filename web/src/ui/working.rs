//! The working line of the session's card: what the engine is busy with, for how long, and
//! what the user can do meanwhile. It reads the [`Engine`] from context and wakes only when its
//! own part of the session changes.

use clarify_core::{Input, Phrase, Status};
use leptos::prelude::*;

use super::state::{Engine, Notices};
use crate::driver::{Driver, now};
use crate::i18n::{Chrome, use_lang};

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
/// engine accepts it. After [`PATIENCE_SECONDS`] it says what the endpoint is doing (finding what
/// the request leaves open, writing the answer) and the time waited so far, and, while the
/// engine would take it, "Ask the built-in questions now" ([`Input::DetectOffline`]), which
/// aborts the call in flight. The time is the page's own: the engine never reads a clock.
#[component]
pub fn WorkingLine() -> impl IntoView {
    let engine = expect_context::<Engine>();
    let lang = use_lang();
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
    let slow = Memo::new(move |_| seconds.get() >= PATIENCE_SECONDS);
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
                    {move || lang.get().texts().continue_anyway}
                </button>
            }
        })
    };
    let offer = Memo::new(move |_| slow.get() && accepting.with(|a| a.detect_offline));
    let line = move || {
        let t = lang.get().texts();
        match (working.get(), slow.get()) {
            (Some(Working::Writing), true) => t.waiting_writing,
            (Some(Working::Thinking), true) if offer.get() => t.waiting_detecting,
            (Some(Working::Writing), false) => t.writing,
            _ => t.thinking,
        }
    };
    let elapsed = move || {
        slow.get().then(|| {
            Phrase::UiSeconds.fill(lang.get().texts().written_in, &[&seconds.get().to_string()])
        })
    };
    // Only what is happening is announced; the seconds counting up are not. What shows only
    // after a while is there from the start, hidden: cheaper than a view that comes and goes.
    move || {
        working.get().map(|_| {
            view! {
                <p class="working" data-testid="working">
                    <span class="spinner" aria-hidden="true"></span>
                    <span role="status" data-testid="working-what">{line}</span>
                    <span class="working-time" data-testid="elapsed" hidden=move || !slow.get()>
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
                        {move || lang.get().texts().detect_offline}
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
