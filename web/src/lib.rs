//! Clarify in the browser: the Leptos app that renders a [`clarify_core::Session`].
//!
//! The app only translates between the page and the engine: user actions become
//! [`clarify_core::Input`]s, and the session's state is rendered as it is.
#![forbid(unsafe_code)]

pub mod detector;
pub mod driver;
pub mod i18n;
#[cfg(feature = "js-api")]
pub mod js_api;
pub mod llm;
pub mod storage;
pub mod ui;
#[cfg(feature = "widget")]
pub mod widget;

#[cfg(feature = "app")]
use wasm_bindgen::prelude::*;

/// Mounts the app into `#clarify-app` when the page has one (the demo page does; embedding
/// pages use the JS API instead), beside the shell `index.html` painted, which then hands over
/// what was typed there and goes (`web/assets/shell.js`). Left out without the `app` feature
/// (the embeddable bundle).
#[cfg(feature = "app")]
#[wasm_bindgen(start)]
pub fn start() {
    // A panic's message goes to the console, except in the size build (scripts/env), whose
    // panics abort at once: no hook would run there, so none is linked.
    #[cfg(not(panic = "immediate-abort"))]
    console_error_panic_hook::set_once();
    let app = leptos::prelude::document().get_element_by_id("clarify-app");
    if let Some(el) = app.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        // The page's language's words come with the first load: fetched before the first
        // paint when they are not English, so the app never shows English first.
        let language = storage::load_settings().unwrap_or_default().lang();
        wasm_bindgen_futures::spawn_local(async move {
            let _ = i18n::prepare(language).await;
            leptos::mount::mount_to(el, ui::App).forget();
        });
    }
}
