//! Two tabs on one session: when another tab writes the saved session, this tab shows what
//! storage now holds, so neither loses the other's answers silently. Two views on one page
//! that keep their sessions at the same place (two widgets with one `storage-key`) follow each
//! other the same way: a browser sends no `storage` event to the page that wrote, so each
//! save tells the page's other views at that place ([`tell_same_page`]).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use clarify_core::Session;
use leptos::prelude::*;

use super::persistence::RemoteWrite;
use super::state::Notices;
use crate::driver::Driver;
use crate::i18n::{Chrome, use_lang};
use crate::storage::{self, Follow, Place};

/// Listens for another tab's writes to `place` (or its clearing the storage), and for another
/// view's on this page, and replaces this view's session with what storage holds now
/// ([`storage::follow`]; `fresh` makes the idle session shown when the key was removed). An
/// answer given here that the other session lacks becomes a notice, and is passed to
/// `overruled` (the widget's element emits it). [`Following::remove`] it when the views go.
pub fn follow_other_tabs(
    driver: Driver,
    place: Place,
    fresh: impl Fn() -> Session + 'static,
    notices: Notices,
    remote: RemoteWrite,
    overruled: Option<Callback<String>>,
) -> Following {
    let lang = use_lang();
    let key = place.key().to_owned();
    let apply = Rc::new(move || {
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
                    let texts = lang.get_untracked().texts();
                    notices.note(format!("{}“{question}”", texts.other_tab_took_over));
                    if let Some(told) = overruled {
                        told.run(question);
                    }
                }
            }
            Err(e) => notices.note(e.to_string()),
        }
    });
    let id = NEXT_ID.with(|n| n.replace(n.get() + 1));
    let on_page: Rc<dyn Fn()> = apply.clone();
    SAME_PAGE.with(|s| s.borrow_mut().push((id, key.clone(), on_page)));
    let listener = window_event_listener(leptos::ev::storage, move |ev: web_sys::StorageEvent| {
        // `None` for the key: the other tab cleared the whole storage.
        let ours = ev.key().is_none_or(|k| k == key);
        let local = window().local_storage().ok().flatten();
        let elsewhere = ev.storage_area().is_some_and(|area| Some(area) != local);
        if ours && !elsewhere {
            apply();
        }
    });
    Following { listener, id }
}

/// Tells the views on this page that keep their session at `place`, but the one following as
/// `from` ([`Following::id`]), that it was written; they follow once the current task is done.
pub fn tell_same_page(place: &Place, from: u64) {
    let others: Vec<Rc<dyn Fn()>> = SAME_PAGE.with(|s| {
        s.borrow()
            .iter()
            .filter(|(id, key, _)| *id != from && key == place.key())
            .map(|(_, _, apply)| apply.clone())
            .collect()
    });
    if !others.is_empty() {
        set_timeout(
            move || others.iter().for_each(|apply| apply()),
            std::time::Duration::ZERO,
        );
    }
}

/// A view following the writes to its place; see [`follow_other_tabs`].
#[derive(Debug)]
pub struct Following {
    listener: WindowListenerHandle,
    id: u64,
}

impl Following {
    /// Which view follows, among those of the page.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// Stops following.
    pub fn remove(self) {
        self.listener.remove();
        SAME_PAGE.with(|s| s.borrow_mut().retain(|(id, _, _)| *id != self.id));
    }
}

/// A view of this page following a place: its id, the place's key, and how it follows.
type OnPage = (u64, String, Rc<dyn Fn()>);

thread_local! {
    /// The views of this page that follow a place: their id, the place's key, and how they
    /// follow.
    static SAME_PAGE: RefCell<Vec<OnPage>> = const { RefCell::new(Vec::new()) };
    static NEXT_ID: Cell<u64> = const { Cell::new(0) };
}
