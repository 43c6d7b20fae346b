//! Sessions and settings in `localStorage`: what is loaded at start, what is saved after every
//! transition (the app's session and a widget's, each at its [`Place`]) and every settings
//! edit, and how a restored session catches up.

use clarify_core::Session;
use leptos::prelude::*;

use super::cross_tab::{self, RemoteWrite};
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
    let place = Place::app();
    let session = place.load_session().unwrap_or_else(|e| {
        notices.note(e.in_words(crate::i18n::current()));
        None
    });
    if let Some(lost) = place.not_kept() {
        notices.note(lost.in_words(crate::i18n::current()));
    }
    Driver::new(
        session.unwrap_or_else(|| Session::new(settings.config())),
        settings.llm(api_key),
    )
    .key_in_settings()
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
    overruled: Option<Callback<crate::storage::Overruled>>,
) {
    let remote = RemoteWrite::default();
    let saving = (place.clone(), remote.clone());
    // The last save's notice: a later save's replaces it (the answers not kept grow, or
    // storage has room again).
    let told = StoredValue::new_local(None::<String>);
    let me = cross_tab::view_id();
    let following = place.map(|place| {
        cross_tab::follow_other_tabs(driver.clone(), place, fresh, notices, remote, overruled, me)
    });
    let subscription = driver.subscribe(move |s, effects| {
        view.sync(s, effects);
        if let (Some(place), false) = (&saving.0, saving.1.active()) {
            let saved = place.save_session(s);
            if saved.is_ok() {
                cross_tab::tell_same_page(place, me);
            }
            let now = saved.err().map(|e| e.in_words(crate::i18n::current()));
            let before = told.try_update_value(|t| std::mem::replace(t, now.clone()));
            if let Some(Some(before)) = before.filter(|b| *b != now) {
                notices.dismiss(&before);
            }
            if let Some(now) = now {
                notices.note(now);
            }
        }
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
        if let Err(e) =
            storage::save_settings(&s).and_then(|()| storage::save_api_key(&key, s.remember_key))
        {
            notices.note(e.in_words(crate::i18n::current()));
        }
        llm
    });
}

/// Brings a restored session up to date (see [`Driver::resume`]).
pub fn resume(driver: &Driver) {
    driver.resume(now());
}
