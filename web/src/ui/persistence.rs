//! Sessions and settings in `localStorage`: what is loaded at start, what is saved after every
//! transition (the app's session and a widget's, each at its [`Place`]) and every settings
//! edit, and how a restored session catches up.

use std::cell::Cell;
use std::rc::Rc;

use clarify_core::Session;
use leptos::prelude::*;

use super::cross_tab;
use super::state::{Notices, SessionView};
use crate::driver::{Driver, Link, now};
use crate::llm::LlmSettings;
use crate::storage::{self, Place, Settings};

/// The saved settings and API key as signals (defaults, with a notice, when unreadable).
pub fn load_settings(notices: Notices) -> (RwSignal<Settings>, RwSignal<String>) {
    let settings = storage::load_settings().unwrap_or_else(|e| {
        notices.note(e.in_words(crate::i18n::current()));
        Settings::default()
    });
    (
        RwSignal::new(settings),
        RwSignal::new(storage::load_api_key()),
    )
}

/// A driver for the saved session (or a fresh one, with a notice, when what is saved is
/// unusable), talking to the LLM the settings name.
pub fn open_saved(settings: &Settings, api_key: &str, notices: Notices) -> Driver {
    let session = Place::app().load_session().unwrap_or_else(|e| {
        notices.note(e.in_words(crate::i18n::current()));
        None
    });
    Driver::new(
        session.unwrap_or_else(|| Session::new(settings.config())),
        settings.llm(api_key),
    )
}

/// Set while a session written by another tab is applied here, so that it is not written
/// straight back (see [`super::cross_tab`]). Clones share the flag.
#[derive(Debug, Clone, Default)]
pub struct RemoteWrite(Rc<Cell<bool>>);

impl RemoteWrite {
    /// Runs `f` with the flag set.
    pub fn during(&self, f: impl FnOnce()) {
        self.0.set(true);
        f();
        self.0.set(false);
    }

    fn active(&self) -> bool {
        self.0.get()
    }
}

/// Keeps the session `driver` drives: after every transition mirrors it into `view` and, with
/// a `place`, saves it there, unless the transition came from another tab; and follows other
/// tabs' writes to that place (see [`cross_tab::follow_other_tabs`], which passes an answer
/// given here and overruled there to `overruled`). A refused write becomes a notice. Stops when the calling owner is cleaned up.
pub fn keep(
    driver: &Driver,
    view: SessionView,
    place: Option<Place>,
    fresh: impl Fn() -> Session + 'static,
    notices: Notices,
    overruled: Option<Callback<String>>,
) {
    let remote = RemoteWrite::default();
    let saving = (place.clone(), remote.clone());
    let subscription = driver.subscribe(move |s, effects| {
        view.sync(s, effects);
        if let (Some(place), false) = (&saving.0, saving.1.active())
            && let Err(e) = place.save_session(s)
        {
            notices.note(e.in_words(crate::i18n::current()));
        }
    });
    let following = place.map(|place| {
        cross_tab::follow_other_tabs(driver.clone(), place, fresh, notices, remote, overruled)
    });
    let driver = StoredValue::new_local(driver.clone());
    on_cleanup(move || {
        driver.try_with_value(|d| d.unsubscribe(subscription));
        if let Some(listener) = following {
            listener.remove();
        }
    });
}

/// Stores every settings edit (the key apart from everything else) and applies it to the
/// driver's next request; a changed endpoint, model or key makes the `link` untried again.
pub fn save_settings(
    driver: Driver,
    settings: RwSignal<Settings>,
    api_key: RwSignal<String>,
    link: RwSignal<Link>,
    notices: Notices,
) {
    Effect::new(move |before: Option<Option<LlmSettings>>| {
        let s = settings.get();
        let key = api_key.get();
        let llm = s.llm(&key);
        if before.is_some_and(|before| before != llm) {
            // A new endpoint, model or key: what was known about the old one says nothing.
            link.set(Link::Untried);
        }
        driver.set_llm(llm.clone());
        if let Err(e) = storage::save_settings(&s).and_then(|()| storage::save_api_key(&key)) {
            notices.note(e.in_words(crate::i18n::current()));
        }
        llm
    });
}

/// Brings a restored session up to date (see [`Driver::resume`]).
pub fn resume(driver: &Driver) {
    driver.resume(now());
}
