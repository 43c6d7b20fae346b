//! `<clarify-widget>`'s attributes read into the JS API's `ClarifierOptions`, with the reason an
//! attribute is invalid, for the page's developer (the console and `clarify-error`, in English;
//! the visitor reads a plain line in the card).

use leptos::prelude::window;
use wasm_bindgen::JsValue;
use web_sys::Element;

use crate::i18n::Word;
use crate::js_api::error::ClarifyError;
use clarify_core::Language;

/// Attributes taken as text, with their option names.
const TEXT: [(&str, &str); 5] = [
    ("endpoint", "endpoint"),
    ("model", "model"),
    ("profile", "profile"),
    ("api-key", "apiKey"),
    ("language", "language"),
];
/// Attributes that must be whole numbers.
const NUMBERS: [(&str, &str); 4] = [
    ("max-questions", "maxQuestions"),
    ("max-rounds", "maxRounds"),
    ("question-timeout-ms", "questionTimeoutMs"),
    ("endpoint-timeout-ms", "endpointTimeoutMs"),
];
/// Attributes that are on unless set to `"false"`.
const FLAGS: [(&str, &str); 1] = [("never-ask", "neverAsk")];

/// The options `el`'s attributes give (only those present), with the element's `messages`
/// property: `model` and `api-key` only with an `endpoint`. A `language` that is not a
/// well-formed tag is left out (the element says so itself, see `WidgetCard::set_language`).
///
/// # Errors
/// `bad_attribute`, saying which attribute and why, in English: a number that is not a whole
/// number, `model` or `api-key` without an endpoint.
pub fn options(el: &Element) -> Result<js_sys::Object, ClarifyError> {
    let bad = |word: Word, args: &[&str]| {
        ClarifyError::new("bad_attribute", clarify_core::fill_in(word.english(), args))
    };
    let options = js_sys::Object::new();
    let set = |key: &str, value: JsValue| {
        let _ = js_sys::Reflect::set(&options, &key.into(), &value);
    };
    let endpoint = el
        .get_attribute("endpoint")
        .is_some_and(|e| !e.trim().is_empty());
    for (attr, key) in TEXT {
        let Some(value) = el.get_attribute(attr) else {
            continue;
        };
        let needs_endpoint = matches!(attr, "model" | "api-key");
        if needs_endpoint && !endpoint {
            if value.is_empty() {
                continue;
            }
            return Err(bad(Word::AttrNeedsEndpoint, &[attr]));
        }
        if attr == "language" && Language::negotiate(&value).is_err() {
            continue;
        }
        set(key, value.into());
    }
    for (attr, key) in NUMBERS {
        let Some(value) = el.get_attribute(attr) else {
            continue;
        };
        let value = value.trim();
        let whole = (1..=9).contains(&value.len()) && value.bytes().all(|b| b.is_ascii_digit());
        match value.parse::<u32>() {
            Ok(n) if whole => set(key, n.into()),
            _ => return Err(bad(Word::AttrNumber, &[attr, value])),
        }
    }
    for (attr, key) in FLAGS {
        if let Some(value) = el.get_attribute(attr) {
            set(key, (value != "false").into());
        }
    }
    if let Ok(messages) = js_sys::Reflect::get(el, &"messages".into())
        && messages.is_object()
    {
        set("messages", messages);
    }
    Ok(options)
}

/// Whether the page is one where a key in its markup is seen only by the person running it
/// (a file, `localhost`, a loopback address).
pub fn local_page() -> bool {
    let location = window().location();
    let (protocol, host) = (location.protocol(), location.hostname());
    protocol.as_deref() == Ok("file:")
        || host.is_ok_and(|h| {
            matches!(h.as_str(), "localhost" | "127.0.0.1" | "[::1]") || h.ends_with(".localhost")
        })
}
