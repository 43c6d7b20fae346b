//! The crate's layers: the protocol at the bottom, pure services above it, the session above
//! those, the demo on top. Every module has a place in [`ORDER`], and may use only modules
//! placed before it (or itself), so no import cycle can form and the crate reads from the
//! bottom up. This test reads every source file's `crate::…` paths (test modules, which come
//! last in a file, excepted) and checks them against that order.

use std::fs;
use std::path::{Path, PathBuf};

/// Every module, bottom first, by layer.
const ORDER: &[(&str, &[&str])] = &[
    ("helpers", &["text", "tag_first", "unit_enum"]),
    (
        "protocol",
        &[
            "protocol::time",
            "protocol::language",
            "protocol::request",
            "protocol::question",
            "protocol::config",
            "protocol::trace",
            "protocol::status",
            "protocol::document",
            "protocol::input",
            "protocol::prompt",
            "protocol::error",
            "protocol::effect",
            "protocol",
        ],
    ),
    (
        "services",
        &[
            "phrase",
            "reasoning",
            "analysis",
            "detect",
            "sources",
            "enrich",
            "wire",
            "profile",
            "exchange",
        ],
    ),
    ("session", &["session", "snapshot"]),
    ("demo", &["demo", ROOT]),
];

/// What a path through the crate root's re-exports (`crate::Question`, `crate::{…}`) counts
/// as: the top, so only the demo may take that shortcut.
const ROOT: &str = "<root>";

#[test]
fn no_module_uses_a_module_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut broken = Vec::new();
    for file in rust_files(&src) {
        let module = key(&module_of(&src, &file));
        if module == "lib" {
            continue; // the crate root declares and re-exports every layer
        }
        let text = fs::read_to_string(&file).expect("a source file");
        for used in crate_paths(&text) {
            let used = key(&used);
            if used != module && rank(&used) >= rank(&module) {
                broken.push(format!(
                    "{} ({module}) uses {used}",
                    file.strip_prefix(&src).unwrap_or(&file).display()
                ));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "imports against the layers:\n{}",
        broken.join("\n")
    );
}

#[test]
fn every_module_has_a_place() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for file in rust_files(&src) {
        let module = key(&module_of(&src, &file));
        if module != "lib" {
            rank(&module);
        }
    }
}

/// The module a path names, as [`ORDER`] spells it: the protocol's modules by their second
/// segment, every other by its first.
fn key(path: &[String]) -> String {
    match path {
        [first, second, ..] if first == "protocol" => format!("protocol::{second}"),
        [first, ..] => first.clone(),
        [] => ROOT.to_owned(),
    }
}

fn rank(module: &str) -> usize {
    ORDER
        .iter()
        .flat_map(|(_, modules)| modules.iter())
        .position(|m| *m == module)
        .unwrap_or_else(|| panic!("module {module} has no place in the layer table"))
}

/// `src/session/flow.rs` → `["session", "flow"]`; `src/protocol.rs` → `["protocol"]`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).expect("under src");
    rel.with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect()
}

/// Every `crate::a::b` path in code (comments skipped), as `["a", "b"]`.
fn crate_paths(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for line in text.lines() {
        if line.trim() == "#[cfg(test)]" {
            break; // tests come last and may use anything
        }
        let code = line.split("//").next().unwrap_or_default();
        let mut rest = code;
        while let Some(i) = rest.find("crate::") {
            let after = &rest[i + "crate::".len()..];
            let mut path = Vec::new();
            let mut tail = after;
            loop {
                let end = tail
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(tail.len());
                let name = &tail[..end];
                if name.is_empty() || name.starts_with(char::is_uppercase) {
                    if path.is_empty() {
                        // `crate::Question`, `crate::{…}`: the root's re-exports, any layer.
                        path.push(ROOT.to_owned());
                    }
                    break;
                }
                path.push(name.to_owned());
                match tail[end..].strip_prefix("::") {
                    Some(t) => tail = t,
                    None => break,
                }
            }
            if !path.is_empty() {
                out.push(path);
            }
            rest = after;
        }
    }
    out
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).expect("a directory") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}
