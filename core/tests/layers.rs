//! The crates' layers. The core: the protocol at the bottom, pure services above it, the
//! session above those, the demo on top. The browser crate (`web/`): the words, the fetch
//! layer, storage and the driver, then the views in `ui/` bottom first, then the JS API and
//! the widget. Every module has a place in its crate's order ([`ORDER`], [`WEB_ORDER`]), and
//! may use only modules placed before it (or itself), so no import cycle can form and each
//! crate reads from the bottom up. This test reads every source file's `crate::…` and
//! `super::…` paths (test modules, which come last in a file, excepted) and checks them
//! against that order.

use std::fs;
use std::path::{Path, PathBuf};

mod common;
use common::rust_files;

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
            "detector",
            "sources",
            "enrich",
            "wire",
            "profile",
            "redact",
            "exchange",
        ],
    ),
    ("session", &["session", "snapshot"]),
    ("demo", &["demo", ROOT]),
];

/// Every module of the browser crate, bottom first. A view module uses only the views above
/// it in this list; `ui` is the views' re-exports, for the JS API and the widget.
const WEB_ORDER: &[(&str, &[&str])] = &[
    (
        "services",
        &["i18n", "llm", "detector", "storage", "driver"],
    ),
    (
        "views",
        &[
            "ui::state",
            "ui::timer",
            "ui::answer",
            "ui::trace",
            "ui::question_card",
            "ui::settings",
            "ui::conversation",
            "ui::chat",
            "ui::cross_tab",
            "ui::persistence",
            "ui::session_card",
            "ui::app",
            "ui",
        ],
    ),
    (
        "hosts",
        &[
            "js_api::error",
            "js_api::types",
            "js_api::reply",
            "js_api::options",
            "js_api::state",
            "js_api",
            "widget::attributes",
            "widget",
            ROOT,
        ],
    ),
];

/// The folders of the browser crate whose files count as modules of their own (`ui/chat.rs`
/// is `ui::chat`); everywhere else a path counts by its first segment.
const WEB_NESTED: &[&str] = &["ui", "js_api", "widget"];

/// What a path through the crate root's re-exports (`crate::Question`, `crate::{…}`) counts
/// as: the top, so only the demo may take that shortcut.
const ROOT: &str = "<root>";

/// One crate's source folder, its order, and the folders whose files are modules of their own.
struct Layers {
    src: PathBuf,
    order: &'static [(&'static str, &'static [&'static str])],
    nested: &'static [&'static str],
}

fn core() -> Layers {
    Layers {
        src: Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        order: ORDER,
        nested: &["protocol"],
    }
}

fn web() -> Layers {
    Layers {
        src: Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/src"),
        order: WEB_ORDER,
        nested: WEB_NESTED,
    }
}

#[test]
fn no_module_uses_a_module_above_it() {
    let broken = core().broken();
    assert!(
        broken.is_empty(),
        "imports against the layers:\n{}",
        broken.join("\n")
    );
}

#[test]
fn no_module_of_the_browser_crate_uses_a_module_above_it() {
    let broken = web().broken();
    assert!(
        broken.is_empty(),
        "imports against the layers of web/src:\n{}",
        broken.join("\n")
    );
}

#[test]
fn every_module_has_a_place() {
    for layers in [core(), web()] {
        for file in rust_files(&layers.src) {
            let module = layers.key(&module_of(&layers.src, &file));
            if module != "lib" {
                layers.rank(&module);
            }
        }
    }
}

#[test]
fn a_circle_is_found() {
    let layers = web();
    let file = layers.src.join("ui/conversation.rs");
    let module = layers.key(&module_of(&layers.src, &file));
    let used = paths_in(
        &module_of(&layers.src, &file),
        "use super::session_card::RequestBox;",
    );
    assert_eq!(module, "ui::conversation");
    assert_eq!(layers.key(&used[0]), "ui::session_card");
    assert!(layers.rank("ui::session_card") > layers.rank(&module));
}

impl Layers {
    /// Every use of a module placed at or above the user, as "file (module) uses module".
    fn broken(&self) -> Vec<String> {
        let mut broken = Vec::new();
        for file in rust_files(&self.src) {
            let path = module_of(&self.src, &file);
            let module = self.key(&path);
            if module == "lib" {
                continue; // the crate root declares and re-exports every layer
            }
            let text = fs::read_to_string(&file).expect("a source file");
            for used in paths_in(&path, &text) {
                let used = self.key(&used);
                if used != module && self.rank(&used) >= self.rank(&module) {
                    broken.push(format!(
                        "{} ({module}) uses {used}",
                        file.strip_prefix(&self.src).unwrap_or(&file).display()
                    ));
                }
            }
        }
        broken
    }

    /// The module a path names, as the order spells it: a nested folder's modules by their
    /// second segment, every other by its first.
    fn key(&self, path: &[String]) -> String {
        match path {
            [first, second, ..] if self.nested.contains(&first.as_str()) => {
                format!("{first}::{second}")
            }
            [first, ..] => first.clone(),
            [] => ROOT.to_owned(),
        }
    }

    fn rank(&self, module: &str) -> usize {
        self.order
            .iter()
            .flat_map(|(_, modules)| modules.iter())
            .position(|m| *m == module)
            .unwrap_or_else(|| panic!("module {module} has no place in the layer table"))
    }
}

/// `src/session/flow.rs` → `["session", "flow"]`; `src/protocol.rs` → `["protocol"]`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).expect("under src");
    rel.with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect()
}

/// Every `crate::a::b` path in code (comments skipped), as `["a", "b"]`, and every
/// `super::b` path of the module at `module` as its parent's path followed by `b`.
fn paths_in(module: &[String], text: &str) -> Vec<Vec<String>> {
    let parent = &module[..module.len().saturating_sub(1)];
    let mut out = Vec::new();
    for line in text.lines() {
        if line.trim() == "#[cfg(test)]" {
            break; // tests come last and may use anything
        }
        let code = line.split("//").next().unwrap_or_default();
        let mut rest = code;
        while let Some((i, prefix)) = next_path(rest) {
            let after = &rest[i + prefix.len()..];
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
            if prefix == "super::" && after.starts_with('{') {
                // `use super::{a, b::C};`: each item is a path of its own.
                let group = after[1..].split('}').next().unwrap_or_default();
                for item in group.split(',') {
                    let name: String = item
                        .trim()
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    let mut full = parent.to_vec();
                    if !name.is_empty() && !name.starts_with(char::is_uppercase) {
                        full.push(name);
                    }
                    out.push(full);
                }
            } else if prefix == "super::" {
                let mut full = parent.to_vec();
                full.extend(path.into_iter().filter(|p| p != ROOT));
                out.push(full);
            } else if !path.is_empty() {
                out.push(path);
            }
            rest = after;
        }
    }
    out
}

/// Where the next `crate::` or `super::` path starts in `code` (not inside a longer name), and
/// which of the two it is.
fn next_path(code: &str) -> Option<(usize, &'static str)> {
    ["crate::", "super::"]
        .into_iter()
        .filter_map(|prefix| {
            code.match_indices(prefix)
                .find(|(i, _)| {
                    code[..*i]
                        .chars()
                        .next_back()
                        .is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
                })
                .map(|(i, _)| (i, prefix))
        })
        .min_by_key(|(i, _)| *i)
}
