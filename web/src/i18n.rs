//! The chrome's words: the app's and the widget's labels, buttons and banners, one keyed
//! catalogue in ten languages (`web/words/*.json`, read and checked by the build: every key in
//! every language). Questions, notices and assumptions come from the engine, already in the
//! conversation's language; only the fixed words around them are here.
//!
//! The wasm carries English. Another language's words are fetched when a page first shows it:
//! one small file per language, `words/<tag>.json`, holding the chrome's words and the engine's
//! sentences for that language ([`clarify_core::install_phrases`]). The package's loader names
//! where a bundler put each file ([`words_from`]); without that, the file is looked for beside
//! the wasm (resolved against the wasm glue's own URL, so a widget on another origin finds it
//! where its wasm came from). Each file is fetched once per page: once installed its words stay
//! for the page's life, and a file that could not be fetched or read is said once on the
//! console and not asked for again. Until it arrives, or when it cannot be had, the chrome and
//! the engine's sentences stay English.
//!
//! The chrome's language is the host's choice (the app's setting, the widget's `language`),
//! else the browser's (`navigator.languages`); it never follows a request's language. A host
//! overrides any word by its key ([`Messages`], the `messages` option and property).
//!
//! The views read the chrome from Leptos context ([`provide_chrome`], [`use_chrome`]) rather
//! than from a prop handed down through every component.

use std::cell::RefCell;
use std::collections::BTreeMap;

use clarify_core::{Language, Priority, fill_in};
use leptos::prelude::*;
use wasm_bindgen::prelude::*;

include!(concat!(env!("OUT_DIR"), "/words.rs"));

/// Words a host sets in place of the catalogue's, by key.
pub type Messages = BTreeMap<Word, String>;

/// The chrome of the views below the component that provided it: the language asked for, the
/// language whose words are shown (the one asked for once its words are at hand, English until
/// then) and the host's own words. `Copy`: signals only.
#[derive(Debug, Clone, Copy)]
pub struct Chrome {
    /// The language whose words are shown.
    shown: RwSignal<Language>,
    /// The host's words, which win over the catalogue's.
    messages: Signal<Messages>,
}

impl Chrome {
    /// `word` in the chrome's language, or the host's word for it (tracked: a view that calls
    /// this re-renders when the language or the host's words change).
    pub fn t(self, word: Word) -> String {
        self.messages
            .with(|m| m.get(&word).cloned())
            .unwrap_or_else(|| word.text(self.shown.get()).to_owned())
    }

    /// `word` with its slots `{0}`, `{1}`… filled with `args`.
    pub fn fill(self, word: Word, args: &[&str]) -> String {
        fill_in(&self.t(word), args)
    }

    /// The language whose words are shown (for `lang` attributes).
    pub fn language(self) -> Language {
        self.shown.get()
    }

    /// The badge text for `priority`.
    pub fn priority(self, priority: Priority) -> String {
        self.t(match priority {
            Priority::Critical => Word::Critical,
            Priority::Important => Word::Important,
            Priority::Helpful => Word::Helpful,
        })
    }

    /// "Question 1 of 2".
    pub fn progress(self, current: u32, total: u32) -> String {
        self.fill(
            Word::QuestionOf,
            &[&current.to_string(), &total.max(current).to_string()],
        )
    }
}

/// Makes the chrome in `wanted` (with the host's `messages`) the chrome of every view below the
/// calling component, fetching a language's words the first time it is wanted.
pub fn provide_chrome(wanted: Signal<Language>, messages: Signal<Messages>) -> Chrome {
    let first = wanted.get_untracked();
    let shown = RwSignal::new(if Word::is_installed(first) {
        first
    } else {
        Language::English
    });
    Effect::new(move || {
        let language = wanted.get();
        if Word::is_installed(language) {
            shown.set(language);
            return;
        }
        leptos::task::spawn_local(async move {
            if prepare(language).await.is_ok() && wanted.try_get_untracked() == Some(language) {
                let _ = shown.try_set(language);
            }
        });
    });
    let chrome = Chrome { shown, messages };
    provide_context(chrome);
    chrome
}

/// The chrome provided by an enclosing view, or English without the host's words when none
/// was provided (a card mounted on its own).
pub fn use_chrome() -> Chrome {
    use_context::<Chrome>().unwrap_or_else(|| Chrome {
        shown: RwSignal::new(Language::English),
        messages: Signal::stored(Messages::new()),
    })
}

/// The chrome's language where a view is being built (untracked), else the browser's (before
/// the app has provided its chrome): what a notice written now is worded in.
pub fn current() -> Language {
    use_context::<Chrome>().map_or_else(browser_language, |c| c.shown.get_untracked())
}

/// The language a setting names: a BCP 47 tag ([`Language::negotiate`]), or the browser's
/// languages for `"auto"` (and for anything that is not a well-formed tag).
pub fn resolve(setting: &str) -> Language {
    match setting {
        "auto" | "" => browser_language(),
        tag => Language::negotiate(tag).unwrap_or_else(|_| browser_language()),
    }
}

/// The first of the browser's preferred languages (`navigator.languages`) that the chrome is
/// written in, else English; English outside a browser.
pub fn browser_language() -> Language {
    let Some(navigator) = web_sys::window().map(|w| w.navigator()) else {
        return Language::English;
    };
    let tags: Vec<String> = navigator
        .languages()
        .iter()
        .filter_map(|t| t.as_string())
        .collect();
    if tags.is_empty() {
        return Language::from_tag(&navigator.language().unwrap_or_default());
    }
    Language::negotiate_list(tags.iter().map(String::as_str))
}

/// Fetches and installs `language`'s words unless they are at hand, once per page: every caller
/// waits on the same fetch, and a language whose file could not be had is not fetched again.
///
/// # Errors
/// [`WordsError::Told`] when the file could not be fetched or read (the first caller's error,
/// told on the console); the chrome and the engine's sentences stay English then.
pub async fn prepare(language: Language) -> Result<(), WordsError> {
    if Word::is_installed(language) {
        return Ok(());
    }
    let load = LOADS.with(|loads| {
        let mut loads = loads.borrow_mut();
        let slot = loads.get_mut(language as usize)?;
        Some(slot.get_or_insert_with(|| start_fetch(language)).clone())
    });
    let Some(load) = load else {
        return Err(WordsError::Unloadable(language.tag().to_owned()));
    };
    match wasm_bindgen_futures::JsFuture::from(load).await {
        Ok(outcome) => outcome
            .as_string()
            .map_or(Ok(()), |message| Err(WordsError::Told(message))),
        Err(_) => Err(WordsError::Unloadable(language.tag().to_owned())),
    }
}

/// Fetches and installs `language`'s words; the promise resolves to `null` once they are
/// installed, or to why they could not be, which the console is told.
fn start_fetch(language: Language) -> js_sys::Promise {
    wasm_bindgen_futures::future_to_promise(async move {
        let Err(e) = fetch_words(language).await else {
            return Ok(JsValue::NULL);
        };
        let message = e.to_string();
        web_sys::console::error_1(
            &format!(
                "clarify-embed: {message}. To fix: serve the package's words/{}.json as JSON (a bundler emits it from the package's loader), or set the language to English.",
                language.tag()
            )
            .into(),
        );
        Ok(JsValue::from(message))
    })
}

/// Resolves once every words file being fetched now has come or failed.
pub async fn settled() {
    let loads: Vec<js_sys::Promise> =
        LOADS.with(|l| l.borrow().iter().flatten().cloned().collect());
    for load in loads {
        let _ = wasm_bindgen_futures::JsFuture::from(load).await;
    }
}

thread_local! {
    /// Each language's fetch of its words, by [`Language`] index, started at most once per page:
    /// resolves to `null` once installed, or to why the file could not be had.
    static LOADS: RefCell<[Option<js_sys::Promise>; LANGUAGES]> = const { RefCell::new([const { None }; LANGUAGES]) };
    /// Where each language's file is, by [`Language`] index, as the package's loader gave it.
    static SOURCES: RefCell<[Option<String>; LANGUAGES]> = const { RefCell::new([const { None }; LANGUAGES]) };
}

/// How many languages there are: one slot each in `LOADS` and `SOURCES`.
const LANGUAGES: usize = Language::ALL.len();

/// The language a tag names ([`Language::from_tag`]), or the browser's without a tag.
pub(crate) fn language_of(tag: Option<&str>) -> Language {
    tag.map_or_else(browser_language, Language::from_tag)
}

/// Whether the words of the language `tag` names (the browser's languages without one) are at
/// hand.
#[cfg(feature = "js-api")]
#[wasm_bindgen(js_name = wordsReady)]
pub fn words_ready(tag: Option<String>) -> bool {
    Word::is_installed(language_of(tag.as_deref()))
}

/// Where the words file of the language tagged `tag` (`words/<tag>.json`) is: the package's
/// loader passes the URL its bundler resolved for each. Without it the file is looked for
/// beside the wasm. A tag that names no language of the chrome is ignored.
#[cfg(feature = "js-api")]
#[wasm_bindgen(js_name = wordsFrom, skip_typescript)]
pub fn words_from(tag: String, url: String) {
    if let Some(language) = Language::ALL.into_iter().find(|l| l.tag() == tag) {
        SOURCES.with(|s| {
            if let Some(slot) = s.borrow_mut().get_mut(language as usize) {
                *slot = Some(url);
            }
        });
    }
}

/// The host's `messages` (an object of key → word) read into [`Messages`].
///
/// # Errors
/// [`WordsError::UnknownKey`] for a key the catalogue does not have, [`WordsError::NotText`] for
/// a value that is not a string.
pub fn messages_from(object: &JsValue) -> Result<Messages, WordsError> {
    let mut messages = Messages::new();
    if object.is_undefined() || object.is_null() {
        return Ok(messages);
    }
    let Some(object) = object.dyn_ref::<js_sys::Object>() else {
        return Err(WordsError::NotText("messages".into()));
    };
    for entry in js_sys::Object::entries(object).iter() {
        let pair: js_sys::Array = entry.unchecked_into();
        let key = pair.get(0).as_string().unwrap_or_default();
        let word = Word::from_key(&key).ok_or_else(|| WordsError::UnknownKey(key.clone()))?;
        let text = pair.get(1).as_string().ok_or(WordsError::NotText(key))?;
        messages.insert(word, text);
    }
    Ok(messages)
}

/// Why a language's words or a host's words could not be taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WordsError {
    /// A key no word of the chrome (or sentence of the engine) has.
    #[error("no word is called {0:?}")]
    UnknownKey(String),
    /// A word that is not a string.
    #[error("the word {0:?} is not a string")]
    NotText(String),
    /// A language file that could not be fetched or read.
    #[error("the words could not be loaded: {0}")]
    Unloadable(String),
    /// A language file that could not be had, as the console told it once per page.
    #[error("{0}")]
    Told(String),
}

/// Installs `language`'s words from its two catalogues' files: the engine's
/// (`core/data/words/<tag>.json`) and the chrome's (`web/words/<tag>.json`). What
/// [`fetch_words`] does with the file it fetched; tests call it with the files themselves.
///
/// # Errors
/// [`WordsError`] for a file that is not JSON of strings or names an unknown key.
pub fn install_words(language: Language, engine: &str, chrome: &str) -> Result<(), WordsError> {
    let read = |json: &str| {
        serde_json::from_str::<BTreeMap<String, String>>(json)
            .map_err(|e| WordsError::Unloadable(e.to_string()))
    };
    clarify_core::install_phrases(language, read(engine)?)
        .map_err(|e| WordsError::UnknownKey(e.key))?;
    packs::install(language as usize, read(chrome)?).map_err(WordsError::UnknownKey)
}

/// One language's file as the build writes it: `{"engine": {…}, "chrome": {…}}`.
#[derive(serde::Deserialize)]
struct LanguageFile {
    engine: BTreeMap<String, String>,
    chrome: BTreeMap<String, String>,
}

/// Fetches and installs `language`'s words from where the loader said ([`words_from`]), else
/// `words/<tag>.json` beside the wasm. A page a server sent in the file's place (a development
/// server's fallback) is told apart from the file.
async fn fetch_words(language: Language) -> Result<(), WordsError> {
    let relative = SOURCES
        .with(|s| s.borrow().get(language as usize).cloned().flatten())
        .unwrap_or_else(|| format!("words/{}.json", language.tag()));
    let url = web_sys::Url::new_with_base(&relative, &glue_url())
        .map_err(|_| WordsError::Unloadable(format!("{relative}: not a URL")))?
        .href();
    let unloadable = |e: gloo_net::Error| WordsError::Unloadable(format!("{url}: {e}"));
    let response = gloo_net::http::Request::get(&url)
        .send()
        .await
        .map_err(unloadable)?;
    if !response.ok() {
        return Err(WordsError::Unloadable(format!(
            "{url}: HTTP {}",
            response.status()
        )));
    }
    let kind = response.headers().get("content-type").unwrap_or_default();
    if kind.starts_with("text/html") {
        return Err(WordsError::Unloadable(format!(
            "{url}: the server sent an HTML page"
        )));
    }
    let file: LanguageFile = response.json().await.map_err(unloadable)?;
    clarify_core::install_phrases(language, file.engine)
        .map_err(|e| WordsError::UnknownKey(e.key))?;
    packs::install(language as usize, file.chrome).map_err(WordsError::UnknownKey)
}

#[wasm_bindgen]
extern "C" {
    /// The URL of the wasm-bindgen glue module (`import.meta.url`), which sits beside the wasm.
    #[wasm_bindgen(thread_local_v2, js_namespace = ["import", "meta"], js_name = url)]
    static GLUE_URL: String;
}

/// Where the wasm was loaded from, or the page's address when that cannot be told.
pub(crate) fn glue_url() -> String {
    let url = GLUE_URL.with(Clone::clone);
    if url.is_empty() {
        document().url().unwrap_or_default()
    } else {
        url
    }
}
