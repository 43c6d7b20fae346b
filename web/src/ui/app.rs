//! The whole page: [`ClarifyApp`] wires a driver to storage, other tabs and the question timer,
//! puts the shared state in context, and lays out the header, the banner, the notices, the
//! settings and the chat column.

use clarify_core::Session;
use leptos::prelude::*;

use super::chat::Chat;
use super::session_card::{NoticeList, RequestBox, StartOver};
use super::settings::SettingsPanel;
use super::state::{Engine, Notices};
use super::{persistence, timer};
use crate::driver::{Driver, Link};
use crate::i18n::{Messages, Word, provide_chrome, use_chrome};
use crate::storage::{Place, Settings};

/// The whole page: header, settings, conversation, question card, answer, trace.
///
/// Without a `driver` the app restores the session saved in `localStorage` (or starts fresh,
/// with a notice, when what is saved is unusable) and drives it with the saved settings.
///
/// Below it, views find the chrome ([`crate::i18n::use_chrome`]), the [`Engine`] and the app's
/// [`Notices`] in context.
#[component]
pub fn ClarifyApp(
    /// Drive this session instead of the saved one (tests, embedders).
    #[prop(optional)]
    driver: Option<Driver>,
) -> impl IntoView {
    let notices = Notices::new();
    let (settings, api_key) = persistence::load_settings(notices);
    let restored = driver.is_none();
    let driver = driver.unwrap_or_else(|| {
        settings.with_untracked(|s| persistence::open_saved(s, &api_key.get_untracked(), notices))
    });
    let engine = Engine::new(driver.clone());
    // The chrome follows the setting (or the browser's languages), never a request's language.
    let wanted = Memo::new(move |_| settings.with(Settings::lang));
    let t = provide_chrome(wanted.into(), Signal::stored(Messages::new()));
    // The page's language follows the chrome's, for screen readers, fonts and hyphenation.
    Effect::new(move |_| {
        let tag = t.language().tag();
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", tag);
        }
    });
    provide_context(engine);
    provide_context(notices);
    provide_context(RequestBox::default());

    let fresh = move || Session::new(settings.with_untracked(Settings::config));
    persistence::keep(
        &driver,
        engine.view,
        Some(Place::app()),
        fresh,
        notices,
        None,
    );
    let link = RwSignal::new(Link::Untried);
    driver.on_link(move |state| {
        let _ = link.try_set(state);
    });
    provide_context(link);
    persistence::save_settings(driver.clone(), settings, api_key, link, notices);
    if restored {
        persistence::resume(&driver);
    }
    timer::expire_pending_question(engine);

    let show_settings = RwSignal::new(false);
    view! {
        <div class="app" data-testid="app-ready" lang=move || t.language().tag()>
            <AppHeader show_settings=show_settings />
            <section class="app-status" aria-label=move || t.t(Word::StatusRegion)>
                <ModeBanner settings=settings link=link />
                <NoticeList />
            </section>
            <div id="settings-panel" class="settings-wrap" class:open=move || show_settings.get()>
                <Show when=move || show_settings.get()>
                    <SettingsPanel settings=settings api_key=api_key />
                </Show>
            </div>
            <Chat settings=settings />
        </div>
    }
}

/// The title, "Start over" and the settings toggle.
#[component]
fn AppHeader(show_settings: RwSignal<bool>) -> impl IntoView {
    let t = use_chrome();
    view! {
        <header class="app-head">
            <h1>"Clarify"</h1>
            <div class="app-actions">
                <StartOver place=Some(Place::app()) />
                <button
                    type="button"
                    data-testid="settings-toggle"
                    aria-expanded=move || if show_settings.get() { "true" } else { "false" }
                    aria-controls="settings-panel"
                    on:click=move |_| show_settings.update(|v| *v = !*v)
                >
                    {move || t.t(Word::Settings)}
                </button>
            </div>
        </header>
    }
}

/// Offline, or the endpoint and model the app talks to, and what is known about it: "Connected"
/// only once a call has succeeded.
#[component]
fn ModeBanner(settings: RwSignal<Settings>, link: RwSignal<Link>) -> impl IntoView {
    let t = use_chrome();
    let endpoint = Memo::new(move |_| {
        settings.with(|s| {
            s.online().then(|| {
                let mut line = s.endpoint.trim().to_owned();
                if !s.model.trim().is_empty() {
                    line.push_str(" · ");
                    line.push_str(s.model.trim());
                }
                line
            })
        })
    });
    move || match endpoint.get() {
        Some(endpoint) => {
            let (state, (before, after), why) = match link.get() {
                Link::Untried => (
                    "untried",
                    (
                        t.t(Word::OnlineUntriedBefore),
                        t.t(Word::OnlineUntriedAfter),
                    ),
                    None,
                ),
                Link::Reached => ("reached", (t.t(Word::Online), String::new()), None),
                Link::Failed(why) => (
                    "failed",
                    (t.t(Word::OnlineFailedBefore), t.t(Word::OnlineFailedAfter)),
                    Some(why),
                ),
            };
            let mut line = before;
            line.push_str(&endpoint);
            line.push_str(&after);
            if let Some(why) = why {
                line.push_str(&why);
            }
            view! {
                <p
                    class="mode mode-online"
                    data-testid="online-banner"
                    data-link=state
                    role="status"
                >
                    {line}
                </p>
            }
            .into_any()
        }
        None => view! {
            <p class="mode mode-offline" data-testid="offline-banner">{t.t(Word::Offline)}</p>
        }
        .into_any(),
    }
}
