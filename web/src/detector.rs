//! The embedded detector's data in the browser. The wasm leaves it out (its knowledge and the
//! model's weights, about 58 KB of a first load's gzip) and fetches it on demand: one file,
//! `clarify-detector.bin`, beside the wasm (resolved against the wasm glue's own URL, as the
//! language files are; the package's loader names its own URL, which bundlers resolve as they
//! resolve the wasm's), fetched once per page when the user starts typing a request
//! ([`prefetch`]) or, at the latest, when a session asks for it (`Effect::LoadDetector`,
//! [`load`]). The engine checks what came ([`clarify_core::install_detector`]); a fetch that
//! fails (offline, missing, damaged) is forgotten, so a later request tries again, and the
//! request that waited is answered as asked, with a notice (the driver's).

use std::cell::RefCell;

use clarify_core::DetectorDataError;
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
}

thread_local! {
    /// The fetch in flight or done, shared by every session of the page: it resolves to
    /// `null`, or to the failure's words (a promise that never rejects, so a prefetch nobody
    /// awaited leaves no unhandled rejection).
    static LOADING: RefCell<Option<js_sys::Promise>> = const { RefCell::new(None) };
    /// Where the file is, when the host said (the package's loader); else beside the wasm.
    static SOURCE: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Fetches the data in the background unless it is installed or on its way: what typing a
/// request does, so the data is there by the time it is sent.
pub fn prefetch() {
    if !clarify_core::detector_installed() {
        let _ = loading();
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
    let outcome = wasm_bindgen_futures::JsFuture::from(loading()).await;
    match outcome {
        Ok(v) if v.is_null() => Ok(()),
        Ok(v) => Err(v.as_string().unwrap_or_default()),
        Err(e) => Err(e.as_string().unwrap_or_default()),
    }
}

/// Sets where the data file is (a URL, absolute or relative to the page), before it is
/// fetched: the package's loader passes the URL its bundler resolved.
pub fn set_source(url: String) {
    SOURCE.with(|s| *s.borrow_mut() = Some(url));
}

/// The fetch in flight, started if none is.
fn loading() -> js_sys::Promise {
    LOADING.with(|l| {
        l.borrow_mut()
            .get_or_insert_with(|| {
                wasm_bindgen_futures::future_to_promise(async {
                    match fetch_and_install().await {
                        Ok(()) => Ok(JsValue::NULL),
                        Err(e) => {
                            // Forgotten, so the next request tries again.
                            LOADING.with(|l| l.borrow_mut().take());
                            web_sys::console::warn_1(&format!("clarify: {e}").into());
                            Ok(JsValue::from_str(&e.to_string()))
                        }
                    }
                })
            })
            .clone()
    })
}

async fn fetch_and_install() -> Result<(), DetectorError> {
    let base = crate::i18n::glue_url();
    let named = SOURCE.with(|s| s.borrow().clone());
    let url = web_sys::Url::new_with_base(named.as_deref().unwrap_or(FILE), &base)
        .map_or_else(|_| FILE.to_owned(), |u| u.href());
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
    clarify_core::install_detector(&bytes).map_err(|error| DetectorError::Data { url, error })
}
