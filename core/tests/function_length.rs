//! No function in the engine (`core/src`) or the CLI (`cli/src`) is longer than
//! [`MAX_LINES`] lines, tests included: a function that long does several things, and the
//! reader has to hold them all at once. A table of data belongs in a `static`, not in a
//! function body. The browser crate (`web/src`), whose view functions lay out markup, may go to
//! [`MAX_VIEW_LINES`].
//!
//! A function is found by a line that starts (after indentation) with `fn`, `pub fn`,
//! `pub(crate) fn`, `async fn`… and has a body; it ends at the first later line that closes a
//! brace at the same indentation, which is how `cargo fmt` lays out every function.

use std::fs;
use std::path::Path;

mod common;
use common::rust_files;

/// The longest a function of the engine or the CLI may be, from its `fn` line to its closing
/// brace.
const MAX_LINES: usize = 100;

/// The longest a function of the browser crate may be (a view's markup counts).
const MAX_VIEW_LINES: usize = 150;

#[test]
fn no_function_is_longer_than_the_limit() {
    assert_no_long_functions(&["core/src", "cli/src"], MAX_LINES);
}

#[test]
fn no_view_function_is_longer_than_its_limit() {
    assert_no_long_functions(&["web/src"], MAX_VIEW_LINES);
}

fn assert_no_long_functions(dirs: &[&str], max: usize) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for dir in dirs {
        files.extend(rust_files(&root.join(dir)));
    }
    assert!(files.len() > 10, "the sources were not found: {files:?}");
    let too_long: Vec<String> = files
        .iter()
        .flat_map(|file| {
            let text = fs::read_to_string(file).expect("a source file");
            long_functions(&text, max)
                .into_iter()
                .map(move |(line, name, len)| {
                    format!("{}:{line} {name}: {len} lines", file.display())
                })
        })
        .collect();
    assert!(
        too_long.is_empty(),
        "functions over {max} lines:\n{}",
        too_long.join("\n")
    );
}

#[test]
fn a_long_function_is_found() {
    let body = "    let x = 1;\n".repeat(MAX_LINES);
    let text = format!(
        "fn short() {{\n}}\n\nimpl A {{\n    pub(crate) fn long(&self) {{\n{body}    }}\n}}\n"
    );
    assert_eq!(
        long_functions(&text, MAX_LINES),
        [(5, "long".to_owned(), MAX_LINES + 2)]
    );
    assert!(long_functions(&text, MAX_LINES + 2).is_empty());
    let declared = "trait T {\n    fn f(&self);\n}\n";
    assert!(long_functions(declared, MAX_LINES).is_empty());
}

/// Every function of `text` over `max` lines: its first line (1-based), name and length.
fn long_functions(text: &str, max: usize) -> Vec<(usize, String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(name) = function_name(line) else {
            continue;
        };
        if line.trim_end().ends_with(';') {
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        let end = lines[i + 1..]
            .iter()
            .position(|l| {
                l.len() - l.trim_start().len() == indent && l.trim_start().starts_with('}')
            })
            .map_or(lines.len(), |k| i + 1 + k);
        let len = end - i + 1;
        if len > max {
            found.push((i + 1, name.to_owned(), len));
        }
    }
    found
}

/// The name of the function a line declares, if it declares one.
fn function_name(line: &str) -> Option<&str> {
    let mut rest = line.trim_start();
    for prefix in [
        "pub(crate) ",
        "pub(super) ",
        "pub ",
        "const ",
        "async ",
        "unsafe ",
    ] {
        rest = rest.strip_prefix(prefix).unwrap_or(rest);
    }
    let rest = rest.strip_prefix("fn ")?;
    let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_'))?;
    Some(&rest[..end])
}
