//! Two tabs on one session: when another tab writes the saved session, this tab shows what
//! storage now holds, so neither loses the other's answers silently. Two views on one page
//! that keep their sessions at the same place (two widgets with one `storage-key`) follow each
//! other the same way: a browser sends no `storage` event to the page that wrote, so each save
//! sends one to the page itself ([`tell_same_page`]).

use std::cell::Cell;
use std::rc::Rc;

use clarify_core::Session;
use leptos::prelude::*;

use super::state::Notices;
use crate::driver::Driver;
use crate::i18n::{Word, use_chrome};
use crate::storage::{self, Follow, Overruled, Place};

/// Tells the other views of this page that follow `place` that the view `writer` (see
/// [`view_id`]) wrote it, with the `storage` event another tab's write would bring.
pub fn tell_same_page(place: &Place, writer: u32) {
    let init = web_sys::StorageEventInit::new();
    init.set_key(Some(place.key()));
    init.set_url(&writer_url(writer));
    init.set_storage_area(window().local_storage().ok().flatten().as_ref());
    if let Ok(event) = web_sys::StorageEvent::new_with_event_init_dict("storage", &init) {
        let _ = window().dispatch_event(&event);
    }
}

/// A new id for a view that keeps a session, telling its own writes apart.
pub fn view_id() -> u32 {
    thread_local!(static NEXT: std::cell::Cell<u32> = const { std::cell::Cell::new(0) });
    NEXT.with(|n| n.replace(n.get() + 1))
}

/// What a same-page `storage` event from `writer` carries as its URL.
fn writer_url(writer: u32) -> String {
    format!("clarify-view:{writer}")
}

/// Set while a session written by another tab is applied here, so that it is not written
/// straight back (see [`follow_other_tabs`]). Clones share the flag.
#[derive(Debug, Clone, Default)]
pub struct RemoteWrite(Rc<Cell<bool>>);

impl RemoteWrite {
    /// Runs `f` with the flag set.
    pub fn during(&self, f: impl FnOnce()) {
        self.0.set(true);
        f();
        self.0.set(false);
    }

    /// Whether a write from another tab is being applied now.
    pub(super) fn active(&self) -> bool {
        self.0.get()
    }
}

/// Listens for another tab's writes to `place` (or its clearing the storage) and replaces this
/// tab's session with what storage holds now ([`storage::follow`]; `fresh` makes the idle
/// session shown when the key was removed). An answer given here that the other tab's session
/// lacks becomes a notice that quotes it (so it need not be typed again), and is passed to
/// `overruled` (the widget's element emits it).
/// Remove the returned handle when the views go.
pub fn follow_other_tabs(
    driver: Driver,
    place: Place,
    fresh: impl Fn() -> Session + 'static,
    notices: Notices,
    remote: RemoteWrite,
    overruled: Option<Callback<Overruled>>,
    me: u32,
) -> WindowListenerHandle {
    let t = use_chrome();
    window_event_listener(leptos::ev::storage, move |ev: web_sys::StorageEvent| {
        // `None` for the key: the other tab cleared the whole storage.
        let ours = ev.key().is_none_or(|k| k == place.key());
        let local = window().local_storage().ok().flatten();
        let elsewhere = ev.storage_area().is_some_and(|area| Some(area) != local);
        if !ours || elsewhere || ev.url().is_some_and(|url| url == writer_url(me)) {
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
                remote.during(|| driver.follow(*session));
                if let Some(lost) = lost {
                    let mut told = format!("{}“{}”", t.t(Word::OtherTabTookOver), lost.question);
                    if let Some(answer) = &lost.answer {
                        told = format!("{told}{}“{answer}”", t.t(Word::DroppedAnswer));
                    }
                    notices.note(told);
                    if let Some(overruled) = overruled {
                        overruled.run(lost);
                    }
                }
            }
            Err(e) => notices.note(e.in_words(crate::i18n::current())),
        }
    })
}
