//! Writes the chrome's words (`words/*.json`, one file per language) as the `Word` enum and its
//! English table (the other languages are fetched by the page that shows them; the build fails
//! on a language that lacks a word, see `core/catalogue.rs`), and the widget's stylesheet (the app's `card.css`, then the frame's `widget.css`) into
//! `OUT_DIR` without comments and runs of whitespace: the widget carries it inside its wasm, so
//! every byte of it is downloaded. The app links `card.css` as a file, minified after the build.

use std::{env, fs, path::Path};

#[path = "../core/catalogue.rs"]
mod catalogue;

fn main() {
    let dir = Path::new(&env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("words");
    let words = catalogue::read(&dir);
    let doc = "One word of the app's and the widget's chrome: a label, a button, a banner (`web/words/en.json`).\nA host overrides any of them by its key (`messages`).";
    let rust = catalogue::rust(&words, "Word", doc, "clarify_core::Language", false);
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("words.rs");
    fs::write(&out, rust).unwrap_or_else(|e| panic!("writing {}: {e}", out.display()));
    let keys: Vec<String> = words
        .entries
        .iter()
        .map(|e| format!("{:?}", e.key))
        .collect();
    let ts = format!(
        "/** A word of the widget's chrome that a host may set (`messages`): the keys of `web/words/en.json`. */\nexport type MessageKey =\n  | {};\n\n/** Words of the chrome to show instead of the catalogue's, by key. */\nexport type Messages = Partial<Record<MessageKey, string>>;\n",
        keys.join("\n  | ")
    );
    let section = format!(
        "#[wasm_bindgen(typescript_custom_section)]\nconst TS_MESSAGES: &'static str = {ts:?};\n"
    );
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("messages_ts.rs");
    fs::write(&out, section).unwrap_or_else(|e| panic!("writing {}: {e}", out.display()));

    let mut css = String::new();
    for file in ["assets/card.css", "assets/widget.css"] {
        println!("cargo::rerun-if-changed={file}");
        css += &fs::read_to_string(file).unwrap_or_else(|e| panic!("reading {file}: {e}"));
        css.push('\n');
    }
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("widget.css");
    fs::write(&out, compact(&css)).unwrap_or_else(|e| panic!("writing {}: {e}", out.display()));
}

/// `css` without `/* … */` comments, with each run of whitespace made one space and none beside
/// `{`, `}`, `;` or `,`. Spaces before `:` stay (`a :hover` is a descendant selector).
fn compact(css: &str) -> String {
    let mut bare = String::with_capacity(css.len());
    let mut rest = css;
    while let Some(start) = rest.find("/*") {
        bare += &rest[..start];
        rest = rest[start + 2..]
            .find("*/")
            .map_or("", |end| &rest[start + 2 + end + 2..]);
    }
    bare += rest;
    let mut out = String::with_capacity(bare.len());
    for word in bare.split_whitespace() {
        let glued = out.ends_with(['{', '}', ';', ',']) || word.starts_with(['{', '}', ';', ',']);
        if !out.is_empty() && !glued {
            out.push(' ');
        }
        out += word;
    }
    out
}
