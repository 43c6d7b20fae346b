//! Every `clarify-error` code the widget and the JS API can emit is in `docs/embedding.md`'s
//! events table, and every code the table lists is one they emit: the codes are read from the
//! sources (the JS API's errors, the widget, the loader) and from the engine's failure codes;
//! the typings (`ClarifyError["code"]`, `ClarifyErrorCode`) name the same codes.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use clarify_core::wire::FailureCode;

/// Where a code is written in the sources: a `ClarifyError`'s or the loader's constructor, an
/// event detail's `code` field, a fallback code in the element's JS, an arm of the engine
/// error's mapping.
/// A code is the string literal that follows, after any blank space.
const MARKS: [&str; 5] = ["new(", "code: ", "loadError(", "?? ", "=> "];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a directory") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs" || e == "js") {
            out.push(path);
        }
    }
}

/// A snake_case identifier: what a code looks like (and a message never does).
fn is_code(word: &str) -> bool {
    !word.is_empty()
        && word
            .split('_')
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_lowercase()))
}

/// The codes written in `text` after one of [`MARKS`] (the `=> "…"` arms only in the JS API's
/// error module, where they map the engine's errors).
fn codes_in(text: &str, arms: bool) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for mark in MARKS.iter().filter(|m| arms || **m != "=> ") {
        for (at, _) in text.match_indices(mark) {
            let Some(rest) = text[at + mark.len()..].trim_start().strip_prefix('"') else {
                continue;
            };
            let word = rest.split('"').next().unwrap_or_default();
            if is_code(word) {
                found.insert(word.to_owned());
            }
        }
    }
    found
}

/// The codes the widget and the JS API emit.
fn emitted() -> BTreeSet<String> {
    let mut paths = Vec::new();
    files(&root().join("web/src"), &mut paths);
    files(&root().join("web/js"), &mut paths);
    let mut codes = BTreeSet::new();
    for path in paths {
        let text = fs::read_to_string(&path).expect("a source file");
        codes.extend(codes_in(&text, path.ends_with("js_api/error.rs")));
    }
    // A failed call is emitted with its failure's code; a cancelled one is not told.
    codes.extend(
        FailureCode::ALL
            .into_iter()
            .filter(|c| *c != FailureCode::Cancelled)
            .map(|c| c.as_str().to_owned()),
    );
    codes
}

/// The codes `docs/embedding.md`'s `clarify-error` row lists (its backquoted snake_case words).
fn documented() -> BTreeSet<String> {
    let docs = fs::read_to_string(root().join("docs/embedding.md")).expect("docs/embedding.md");
    let row = docs
        .lines()
        .find(|l| l.starts_with("| `clarify-error` |"))
        .expect("the events table has a clarify-error row");
    row.split('`')
        .skip(1)
        .step_by(2)
        .filter(|w| is_code(w))
        .map(str::to_owned)
        .collect()
}

/// The codes the typings name: the JS API's `ClarifyError["code"]` and the element's
/// `ClarifyErrorCode` (the quoted snake_case words of each union).
fn typed() -> BTreeSet<String> {
    let union = |path: &str, from: &str, to: &str| -> Vec<String> {
        let text = fs::read_to_string(root().join(path)).expect("a typings file");
        let start = text.find(from).expect("the union") + from.len();
        let rest = &text[start..];
        let block = &rest[..rest.find(to).expect("the union's end")];
        block
            .split('"')
            .skip(1)
            .step_by(2)
            .filter(|w| is_code(w))
            .map(str::to_owned)
            .collect()
    };
    let mut codes = BTreeSet::new();
    codes.extend(union(
        "web/src/js_api/types.rs",
        "export interface ClarifyError",
        "}",
    ));
    // After the JS API's union, which it names first.
    codes.extend(union(
        "web/js/clarify-element.d.ts",
        "| ClarifyError[\"code\"]\n",
        ";",
    ));
    codes
}

#[test]
fn every_code_emitted_is_typed() {
    let (emitted, typed) = (emitted(), typed());
    let untyped: Vec<_> = emitted.difference(&typed).collect();
    let stale: Vec<_> = typed.difference(&emitted).collect();
    assert!(
        untyped.is_empty() && stale.is_empty(),
        "codes emitted but not in the typings: {untyped:?}; typed but never emitted: {stale:?}"
    );
}

#[test]
fn every_code_emitted_is_documented_and_every_code_documented_is_emitted() {
    let (emitted, documented) = (emitted(), documented());
    assert!(emitted.contains("endpoint_refused") && emitted.contains("wasm_blocked"));
    let missing: Vec<_> = emitted.difference(&documented).collect();
    let stale: Vec<_> = documented.difference(&emitted).collect();
    assert!(
        missing.is_empty() && stale.is_empty(),
        "codes emitted but not in docs/embedding.md's clarify-error row: {missing:?}; \
         listed there but never emitted: {stale:?}"
    );
}
