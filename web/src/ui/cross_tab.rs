//! Two tabs on one session: when another tab writes the saved session, this tab shows what
//! storage now holds, so neither loses the other's answers silently.

use clarify_core::Session;
use leptos::prelude::*;

use super::persistence::RemoteWrite;
use super::state::Notices;
use crate::driver::Driver;
use crate::i18n::{Word, use_chrome};
use crate::storage::{self, Follow, Place};

/// Listens for another tab's writes to `place` (or its clearing the storage) and replaces this
/// tab's session with what storage holds now ([`storage::follow`]; `fresh` makes the idle
/// session shown when the key was removed). An answer given here that the other tab's session
/// lacks becomes a notice, and is passed to `overruled` (the widget's element emits it).
/// Remove the returned handle when the views go.
pub fn follow_other_tabs(
    driver: Driver,
    place: Place,
    fresh: impl Fn() -> Session + 'static,
    notices: Notices,
    remote: RemoteWrite,
    overruled: Option<Callback<String>>,
) -> WindowListenerHandle {
    let t = use_chrome();
    window_event_listener(leptos::ev::storage, move |ev: web_sys::StorageEvent| {
        // `None` for the key: the other tab cleared the whole storage.
        let ours = ev.key().is_none_or(|k| k == place.key());
        let local = window().local_storage().ok().flatten();
        let elsewhere = ev.storage_area().is_some_and(|area| Some(area) != local);
        if !ours || elsewhere {
            return;
        }
        let next = place.stored().and_then(|stored| {
            driver.with(|mine| storage::follow(mine, stored.as_deref(), &fresh))
        });
        match next {
            Ok(Follow::Same) => {}
            Ok(Follow::Replace {
                session,
                overruled: lost,
            }) => {
                remote.during(|| driver.replace(*session));
                if let Some(question) = lost {
                    notices.note(format!("{}“{question}”", t.t(Word::OtherTabTookOver)));
                    if let Some(told) = overruled {
                        told.run(question);
                    }
                }
            }
            Err(e) => notices.note(e.in_words(crate::i18n::current())),
        }
    })
}
