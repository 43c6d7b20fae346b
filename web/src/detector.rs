//! The offline detector in the browser. The wasm leaves it out, its code and its data, and
//! fetches both on demand: the detector as a WebAssembly module of its own,
//! `clarify-detector.wasm` (the `clarify-detector` crate; about 40 KB of a first load's gzip
//! otherwise), and its data, `clarify-detector.bin` (its knowledge and the model's weights),
//! beside the wasm (resolved against the wasm glue's own URL, as the language files are; the
//! package's loader names their URLs, which bundlers resolve as they resolve the wasm's),
//! fetched once per page when the user starts typing a request ([`prefetch`]) or, at the
//! latest, when a session asks for it (`Effect::LoadDetector`, [`load`]). The module checks the
//! data ([`clarify_core::install_detector`], in the module), and the engine then reaches the
//! module through a [`Relay`] ([`clarify_core::detector`]); a fetch that fails (offline,
//! missing, damaged) is forgotten, so a later request tries again, and the request that waited
//! is answered as asked, with a notice (the driver's).
//!
//! The languages the detector reads by their columns (Japanese, Korean, Spanish, French,
//! German, Portuguese, Italian) have a data file each, `clarify-detector-<tag>.bin`, about 9 KB
//! of gzip, beside the detector's own (or where the package's loader says), fetched the same
//! way, once per page and language, when a request in that language is typed
//! ([`prefetch_for`]: the engine tells the language from the detector's data) or at the latest
//! when a session asks for it (`Effect::LoadColumns`, [`load_columns`]); the engine checks it
//! ([`clarify_core::install_columns`], in the module). An English page fetches none of them.

use std::cell::RefCell;

use clarify_core::Language;
use clarify_core::detector::Relay;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// The data file's name, beside the wasm.
const FILE: &str = "clarify-detector.bin";
/// The detector module's name, beside the data file.
const MODULE: &str = "clarify-detector.wasm";

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
    /// What came is not this build's data, or this build's columns of the language asked for.
    #[error("{url}: {reason}")]
    Data {
        /// What was fetched.
        url: String,
        /// The detector's check.
        reason: String,
    },
    /// What came is not a detector module the browser can run.
    #[error("{url}: {reason}")]
    Module {
        /// What was fetched.
        url: String,
        /// The browser's or the module's words.
        reason: String,
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
    /// The detector module, once it runs.
    static RUNNING: RefCell<Option<Module>> = const { RefCell::new(None) };
    /// Where the detector module is, when the host said (else beside the detector's data).
    static MODULE_SOURCE: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// The engine's way to the detector module ([`carry`]).
static RELAY: Relay = Relay { carry };

/// Whether the detector can read requests: the module runs with its data (or, in the browser
/// tests, the detector is compiled in).
pub fn ready() -> bool {
    clarify_core::detector::ready()
}

/// The language whose columns the detector would read `text` with and has not installed.
pub fn columns_wanted(text: &str) -> Option<Language> {
    clarify_core::detector::get().and_then(|d| d.columns_wanted(text))
}

fn columns_installed(language: Language) -> bool {
    clarify_core::detector::get().is_some_and(|d| d.columns_installed(language))
}

/// Fetches the data in the background unless it is installed or on its way: what typing a
/// request does, so the data is there by the time it is sent.
pub fn prefetch() {
    if !ready() {
        let _ = loading(None);
    }
}

/// What typing the request `text` does: fetches the detector's data in the background, and
/// the columns of the language `text` is written in, when the detector reads it by columns and
/// they are not installed (told once the data is there: at once when it is, else when its fetch
/// ends, from the text typed by then). An English or Chinese request fetches no columns.
pub fn prefetch_for(text: &str) {
    if ready() {
        if let Some(language) = columns_wanted(text) {
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
    if ready() {
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
    if columns_installed(language) {
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

/// Sets where the detector module is (a URL, absolute or relative to the page), before it is
/// fetched: the package's loader passes the URL its bundler resolved.
pub fn set_module_source(url: String) {
    MODULE_SOURCE.with(|m| *m.borrow_mut() = Some(url));
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
                if let (None, Some(language)) = (what, columns_wanted(&typed)) {
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

/// Where the detector module is: where the host said, else beside the detector's data.
fn module_url() -> String {
    let named = MODULE_SOURCE.with(|m| m.borrow().clone());
    web_sys::Url::new_with_base(named.as_deref().unwrap_or(MODULE), &url_of(None))
        .map_or_else(|_| MODULE.to_owned(), |u| u.href())
}

/// Fetches what `what` needs and hands it to the detector module, which checks it: for the
/// detector (`None`), the module and its data, fetched at once, then the relay to it installed
/// in the engine; for a language, its columns.
async fn fetch_and_install(what: Option<Language>) -> Result<(), DetectorError> {
    let Some(language) = what else {
        let (code_url, data_url) = (module_url(), url_of(None));
        let (code, data) =
            futures_util::future::join(fetch_bytes(&code_url), fetch_bytes(&data_url)).await;
        // The data's failure first: it names the file a host is told to serve.
        let (data, code) = (data?, code?);
        let module = Module::run(&code)
            .await
            .map_err(|reason| DetectorError::Module {
                url: code_url,
                reason,
            })?;
        module
            .answer(&module.install, &data, None)
            .map_err(|reason| DetectorError::Data {
                url: data_url,
                reason,
            })?;
        RUNNING.with(|r| *r.borrow_mut() = Some(module));
        clarify_core::detector::install(&RELAY);
        return Ok(());
    };
    let url = url_of(what);
    let bytes = fetch_bytes(&url).await?;
    RUNNING
        .with(|r| {
            let running = r.borrow();
            let module = running.as_ref().ok_or("the detector is not running")?;
            // The module names a language by its place in `Language::ALL`, the enum's order.
            let answer = module.answer(&module.install_columns, &bytes, Some(language as usize));
            answer.map(drop)
        })
        .map_err(|reason| DetectorError::Data { url, reason })
}

/// The bytes at `url`.
async fn fetch_bytes(url: &str) -> Result<Vec<u8>, DetectorError> {
    let unreachable = |e: gloo_net::Error| DetectorError::Unreachable {
        url: url.to_owned(),
        reason: e.to_string(),
    };
    let response = gloo_net::http::Request::get(url)
        .send()
        .await
        .map_err(unreachable)?;
    if !response.ok() {
        return Err(DetectorError::Http {
            url: url.to_owned(),
            status: response.status(),
        });
    }
    response.binary().await.map_err(unreachable)
}

/// Carries a call to the detector module and its answer back: what [`RELAY`] does.
fn carry(call: &str) -> Result<String, String> {
    RUNNING.with(|r| {
        let running = r.borrow();
        let module = running.as_ref().ok_or("the detector is not running")?;
        module.answer(&module.call, call.as_bytes(), None)
    })
}

/// The detector module running: its memory and its exports (see the `clarify-detector` crate).
struct Module {
    memory: js_sys::WebAssembly::Memory,
    input: js_sys::Function,
    call: js_sys::Function,
    install: js_sys::Function,
    install_columns: js_sys::Function,
    output: js_sys::Function,
}

impl Module {
    /// Compiles and starts the module `code`; the words of what failed otherwise.
    async fn run(code: &[u8]) -> Result<Self, String> {
        let started = js_sys::WebAssembly::instantiate_buffer(code, &js_sys::Object::new());
        let started = wasm_bindgen_futures::JsFuture::from(started)
            .await
            .map_err(words)?;
        let instance = js_sys::Reflect::get(&started, &"instance".into()).map_err(words)?;
        let exports = js_sys::Reflect::get(&instance, &"exports".into()).map_err(words)?;
        let export = |name: &str| -> Result<JsValue, String> {
            let found = js_sys::Reflect::get(&exports, &name.into()).map_err(words)?;
            if found.is_undefined() {
                return Err(format!("it exports no {name}"));
            }
            Ok(found)
        };
        let function = |name: &str| -> Result<js_sys::Function, String> {
            export(name)?
                .dyn_into()
                .map_err(|_| format!("its {name} is not a function"))
        };
        Ok(Self {
            memory: export("memory")?
                .dyn_into()
                .map_err(|_| "its memory is not a memory".to_owned())?,
            input: function("input")?,
            call: function("call")?,
            install: function("install")?,
            install_columns: function("install_columns")?,
            output: function("output")?,
        })
    }

    /// Writes `input` into the module, calls `export` (with `arg`, when given) and reads its
    /// answer: the text after `+`, or the words after `-` as the error.
    fn answer(
        &self,
        export: &js_sys::Function,
        input: &[u8],
        arg: Option<usize>,
    ) -> Result<String, String> {
        let at = self
            .input
            .call1(&JsValue::NULL, &JsValue::from(input.len()))
            .map_err(words)?;
        self.memory_at(&at, input.len())?.copy_from(input);
        let len = match arg {
            None => export.call0(&JsValue::NULL),
            Some(arg) => export.call1(&JsValue::NULL, &JsValue::from(arg)),
        }
        .map_err(words)?;
        let len = len.as_f64().unwrap_or_default() as usize;
        let at = self.output.call0(&JsValue::NULL).map_err(words)?;
        let answer = String::from_utf8(self.memory_at(&at, len)?.to_vec())
            .map_err(|e| format!("its answer is not UTF-8: {e}"))?;
        match answer.split_at_checked(1) {
            Some(("+", text)) => Ok(text.to_owned()),
            Some(("-", error)) => Err(error.to_owned()),
            _ => Err(format!("its answer is not one: {answer:?}")),
        }
    }

    /// The `len` bytes of the module's memory at the address `at` (a number).
    fn memory_at(&self, at: &JsValue, len: usize) -> Result<js_sys::Uint8Array, String> {
        let start = at.as_f64().ok_or("an address is not a number")? as u32;
        let end = start
            .checked_add(u32::try_from(len).map_err(|e| e.to_string())?)
            .ok_or("an address is out of range")?;
        let memory = js_sys::Uint8Array::new(&self.memory.buffer());
        if end > memory.length() {
            return Err("an address is out of its memory".to_owned());
        }
        Ok(memory.subarray(start, end))
    }
}

/// The words of a JS error.
fn words(e: JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| format!("{e:?}"))
}
