//! The chat column: the session's card ([`SessionCard`], shared with the widget) and the
//! trace.

use leptos::prelude::*;

use super::session_card::SessionCard;
use super::state::Engine;
use super::trace::TracePanel;
use crate::storage::{Place, Settings};

/// The chat column; `settings` configure the session a new request starts.
#[component]
pub fn Chat(settings: RwSignal<Settings>) -> impl IntoView {
    let engine = expect_context::<Engine>();
    let view = engine.view;
    // A new request (in place of the pending question's too) starts under the settings.
    let on_start = Callback::new(move |text: String| {
        engine.start_new(text, || settings.with_untracked(Settings::config))
    });
    view! {
        <main class="chat">
            <SessionCard on_start=on_start place=Some(Place::app()) />
            <TracePanel events=view.trace() counters=view.counters() />
        </main>
    }
}
