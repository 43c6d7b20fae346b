//! Two tabs on one session: when another tab writes the saved session, this tab shows what
//! storage now holds, so neither loses the other's answers silently.

use clarify_core::Session;
use leptos::prelude::*;

use super::persistence::RemoteWrite;
use super::state::Notices;
use crate::driver::Driver;
use crate::storage::{self, Settings};

/// Listens for another tab's writes to the saved session and replaces this tab's session with
/// what storage holds; an answer given here that the other tab's session lacks becomes a
/// notice. Remove the returned handle when the app goes away.
pub fn follow_other_tabs(
    driver: Driver,
    settings: RwSignal<Settings>,
    notices: Notices,
    remote: RemoteWrite,
) -> WindowListenerHandle {
    window_event_listener(leptos::ev::storage, move |ev: web_sys::StorageEvent| {
        if ev.key().as_deref() != Some(storage::SESSION_KEY) {
            return;
        }
        // The stored value, not the event's: when both tabs write at once the events cross,
        // and only what storage holds now is what both tabs will agree on.
        let next = storage::load_session().map(|stored| {
            stored.unwrap_or_else(|| Session::new(settings.with_untracked(Settings::config)))
        });
        match next {
            Ok(s) => {
                if driver.with(|mine| *mine == s) {
                    return;
                }
                if let Some(question) = driver.with(|mine| storage::overruled_answer(mine, &s)) {
                    let texts = settings.with_untracked(Settings::lang).texts();
                    notices.note(format!("{}“{question}”", texts.other_tab_took_over));
                }
                remote.during(|| driver.replace(s));
            }
            Err(e) => notices.note(e.to_string()),
        }
    })
}
