//! Writes the widget's stylesheet (the app's `card.css`, then the frame's `widget.css`) into
//! `OUT_DIR` without comments and runs of whitespace: the widget carries it inside its wasm, so
//! every byte of it is downloaded. The app links `card.css` as a file, minified after the build.

use std::{env, fs, path::Path};

fn main() {
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
