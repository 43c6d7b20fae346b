//! Writes the terminal's words (`words/*.json`, one file per language) as the `Word` enum and
//! its tables, every language compiled in; the build fails on a language that lacks a word (see
//! `core/catalogue.rs`).

use std::path::Path;

#[path = "../core/catalogue.rs"]
mod catalogue;

fn main() {
    let dir = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("words");
    let catalogue = catalogue::read(&dir);
    let doc =
        "One of the terminal's own words: a heading, a prompt, a line of help (`words/en.json`).";
    let rust = catalogue::rust(&catalogue, "Word", doc, "clarify_core::Language", true);
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(Path::new(&out).join("words.rs"), rust).expect("OUT_DIR is writable");
}
