//! The embedded detector's data in the browser. The wasm leaves it out (its knowledge and the
//! model's weights, about 58 KB of a first load's gzip) and fetches it on demand: one file,
//! `clarify-detector.bin`, beside the wasm (resolved against the wasm glue's own URL, as the
//! language files are; the package's loader names its own URL, which bundlers resolve as they
//! resolve the wasm's), fetched once per page when the user starts typing a request
//! ([`prefetch`]) or, at the latest, when a session asks for it (`Effect::LoadDetector`,
//! [`load`]). The engine checks what came ([`clarify_core::install_detector`]); a fetch that
//! fails (offline, missing, damaged) is forgotten, so a later request tries again, and the
//! request that waited is answered as asked, with a notice (the driver's).
//!
//! The languages the detector reads by their columns (Japanese, Korean, Spanish, French,
//! German, Portuguese, Italian) have a data file each, `clarify-detector-<tag>.bin`, about 9 KB
//! of gzip, beside the detector's own (or where the package's loader says), fetched the same
//! way, once per page and language, when a request in that language is typed
//! ([`prefetch_for`]: the engine tells the language from the detector's data) or at the latest
//! when a session asks for it (`Effect::LoadColumns`, [`load_columns`]); the engine checks it
//! ([`clarify_core::install_columns`]). An English page fetches none of them.

use std::cell::RefCell;

use clarify_core::{ColumnsDataError, DetectorDataError, Language};
use wasm_bindgen::prelude::*;

/// The file's name, beside the wasm.
const FILE: &str = "clarify-detector.bin";

/// Why the detector's data is not there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DetectorError {
    /// The request did not reach a server (offline, blocked).
    #[error("{url} could not be fetched: {reason}")]
    Unreachable {
        /// What was fetched.
        url: String,
        /// The browser's words.
        reason: String,
    },
    /// The server answered with an error.
    #[error("{url} answered HTTP {status}")]
    Http {
        /// What was fetched.
        url: String,
        /// The status.
        status: u16,
    },
    /// What came is not this build's data.
    #[error("{url}: {error}")]
    Data {
        /// What was fetched.
        url: String,
        /// The engine's check.
        error: DetectorDataError,
    },
    /// What came is not this build's columns of the language asked for.
    #[error("{url}: {error}")]
    Columns {
        /// What was fetched.
        url: String,
        /// The engine's check.
        error: ColumnsDataError,
    },
}

thread_local! {
    /// The fetches in flight or done, shared by every session of the page: the detector's data
    /// (`None`) and each language's columns (`Some`). Each resolves to `null`, or to the
    /// failure's words (a promise that never rejects, so a prefetch nobody awaited leaves no
    /// unhandled rejection).
    static LOADING: RefCell<Vec<(Option<Language>, js_sys::Promise)>> = const { RefCell::new(Vec::new()) };
    /// Where the files are, when the host said (the package's loader): the detector's data
    /// (`None`), each language's columns (else beside the detector's data).
    static SOURCES: RefCell<Vec<(Option<Language>, String)>> = const { RefCell::new(Vec::new()) };
    /// The request last typed, while the detector's data is on its way: once it is installed,
    /// its language's columns are fetched too.
    static TYPED: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Fetches the data in the background unless it is installed or on its way: what typing a
/// request does, so the data is there by the time it is sent.
pub fn prefetch() {
    if !clarify_core::detector_installed() {
        let _ = loading(None);
    }
}

/// What typing the request `text` does: fetches the detector's data in the background, and
/// the columns of the language `text` is written in, when the detector reads it by columns and
/// they are not installed (told once the data is there: at once when it is, else when its fetch
/// ends, from the text typed by then). An English or Chinese request fetches no columns.
pub fn prefetch_for(text: &str) {
    if clarify_core::detector_installed() {
        if let Some(language) = clarify_core::columns_wanted(text) {
            let _ = loading(Some(language));
        }
    } else {
        TYPED.with(|t| text.clone_into(&mut t.borrow_mut()));
        prefetch();
    }
}

/// The data, installed: at once when it is, else when the fetch in flight (or a new one) ends.
///
/// # Errors
/// The words of the [`DetectorError`] when it could not be had; the next call fetches again.
pub async fn load() -> Result<(), String> {
    if clarify_core::detector_installed() {
        return Ok(());
    }
    settled(loading(None)).await
}

/// The columns of `language` installed: at once when they are, else when the fetch in flight
/// (or a new one) ends. The detector's data comes first, when it is not there.
///
/// # Errors
/// The words of the [`DetectorError`] when either could not be had; the next call fetches
/// again.
pub async fn load_columns(language: Language) -> Result<(), String> {
    load().await?;
    if clarify_core::columns_installed(language) {
        return Ok(());
    }
    settled(loading(Some(language))).await
}

/// Sets where the data file is (a URL, absolute or relative to the page), before it is
/// fetched: the package's loader passes the URL its bundler resolved.
pub fn set_source(url: String) {
    set(None, url);
}

/// Sets where the columns file of the language tagged `tag` is (a URL, absolute or relative to
/// the page), before it is fetched: the package's loader passes the URL its bundler resolved.
/// A tag the detector reads no columns for is ignored.
pub fn set_columns_source(tag: &str, url: String) {
    if let Some(language) = Language::ALL.into_iter().find(|l| l.tag() == tag) {
        set(Some(language), url);
    }
}

fn set(what: Option<Language>, url: String) {
    SOURCES.with(|s| {
        let mut sources = s.borrow_mut();
        sources.retain(|(w, _)| *w != what);
        sources.push((what, url));
    });
}

/// What a fetch's promise (which never rejects) resolved to: `null` when installed, else the
/// failure's words.
async fn settled(promise: js_sys::Promise) -> Result<(), String> {
    let outcome = wasm_bindgen_futures::JsFuture::from(promise).await;
    match outcome {
        Ok(v) if v.is_null() => Ok(()),
        Ok(v) => Err(v.as_string().unwrap_or_default()),
        Err(e) => Err(e.as_string().unwrap_or_default()),
    }
}

/// The fetch of `what` (the detector's data, or a language's columns) in flight, started if
/// none is. One that fails is forgotten, so the next request fetches again; once the detector's
/// data is installed, the columns of the request typed meanwhile are fetched.
fn loading(what: Option<Language>) -> js_sys::Promise {
    let found = LOADING.with(|l| {
        let l = l.borrow();
        l.iter().find(|(w, _)| *w == what).map(|(_, p)| p.clone())
    });
    if let Some(promise) = found {
        return promise;
    }
    let promise = wasm_bindgen_futures::future_to_promise(async move {
        match fetch_and_install(what).await {
            Ok(()) => {
                let typed = TYPED.with(|t| std::mem::take(&mut *t.borrow_mut()));
                if let (None, Some(language)) = (what, clarify_core::columns_wanted(&typed)) {
                    let _ = loading(Some(language));
                }
                Ok(JsValue::NULL)
            }
            Err(e) => {
                LOADING.with(|l| l.borrow_mut().retain(|(w, _)| *w != what));
                web_sys::console::warn_1(&format!("clarify: {e}").into());
                Ok(JsValue::from_str(&e.to_string()))
            }
        }
    });
    LOADING.with(|l| l.borrow_mut().push((what, promise.clone())));
    promise
}

/// Where the file of `what` is: where the host said; else the detector's data beside the wasm,
/// and a language's columns beside the detector's data.
fn url_of(what: Option<Language>) -> String {
    let named = SOURCES.with(|s| {
        let sources = s.borrow();
        sources
            .iter()
            .find(|(w, _)| *w == what)
            .map(|(_, url)| url.clone())
    });
    let (file, base) = match what {
        None => (FILE.to_owned(), crate::i18n::glue_url()),
        Some(language) => (
            format!("clarify-detector-{}.bin", language.tag()),
            url_of(None),
        ),
    };
    web_sys::Url::new_with_base(named.as_deref().unwrap_or(&file), &base).map_or(file, |u| u.href())
}

/// Fetches the file of `what` and hands it to the engine, which checks it.
async fn fetch_and_install(what: Option<Language>) -> Result<(), DetectorError> {
    let url = url_of(what);
    let unreachable = |e: gloo_net::Error| DetectorError::Unreachable {
        url: url.clone(),
        reason: e.to_string(),
    };
    let response = gloo_net::http::Request::get(&url)
        .send()
        .await
        .map_err(unreachable)?;
    if !response.ok() {
        return Err(DetectorError::Http {
            url,
            status: response.status(),
        });
    }
    let bytes = response.binary().await.map_err(unreachable)?;
    match what {
        None => clarify_core::install_detector(&bytes)
            .map_err(|error| DetectorError::Data { url, error }),
        Some(language) => clarify_core::install_columns(language, &bytes)
            .map_err(|error| DetectorError::Columns { url, error }),
    }
}
