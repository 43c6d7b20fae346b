//! Reads a catalogue of wordings (a folder of one JSON file per language) at build time, checks
//! it, and writes the Rust that looks its words up. The engine's catalogue (`core/data/words`),
//! the app's and widget's (`web/words`) and the terminal's (`cli/words`) are read by this one
//! module, included by each crate's `build.rs`.
//!
//! `en.json` names every key: `{"key": {"message": "…", "description": "…"}}` (the layout of
//! the WebExtensions' `messages.json`); the description becomes the key's doc comment. Every
//! other language is a flat `{"key": "…"}`. The build fails, naming the file and the key, when a
//! language lacks a key, has a key English does not, leaves a wording of words in English, puts
//! other slots (`{0}`, `{1}`) in a wording than English does, or writes an ASCII colon where Chinese
//! and Japanese write a full-width one.
//!
//! The generated code keeps the English wordings in the binary (one text and the ends of its
//! wordings) and the other languages as packs: embedded when `embed_all` (native builds), else
//! installed at run time from a file the shell fetches (the browser), so a page downloads only
//! the languages it shows.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// Every language a catalogue is written in, as BCP 47 tags, in the order of the engine's
/// `Language` enum.
pub const TAGS: [&str; 10] = [
    "en", "zh-Hans", "zh-Hant", "ja", "ko", "es", "fr", "de", "pt", "it",
];

/// One key of a catalogue: its name in the files, English wording and description.
pub struct Entry {
    pub key: String,
    pub message: String,
    pub description: String,
}

/// A catalogue read from its folder and checked.
pub struct Catalogue {
    /// The keys, in byte order (the order `serde_json` reads them in).
    pub entries: Vec<Entry>,
    /// The folder, for the generated `include_str!`s.
    pub dir: std::path::PathBuf,
}

/// Reads and checks the catalogue in `dir`: every key in every language.
///
/// # Panics
/// On a catalogue that fails a check: the build stops with what is wrong and where.
pub fn read(dir: &Path) -> Catalogue {
    println!("cargo::rerun-if-changed={}", dir.display());
    let en_path = dir.join("en.json");
    let en: serde_json::Map<String, serde_json::Value> = parse(&en_path);
    let mut entries = Vec::new();
    for (key, value) in &en {
        let field = |name: &str| {
            value
                .get(name)
                .and_then(|v| v.as_str())
                .unwrap_or_else(|| panic!("{}: {key} has no {name}", en_path.display()))
                .to_owned()
        };
        assert!(
            key.chars().all(|c| c.is_ascii_alphanumeric()),
            "{}: the key {key:?} is not a plain name",
            en_path.display()
        );
        entries.push(Entry {
            key: key.clone(),
            message: field("message"),
            description: field("description"),
        });
    }
    for tag in &TAGS[1..] {
        let path = dir.join(format!("{tag}.json"));
        let words: BTreeMap<String, String> = parse(&path);
        for key in words.keys() {
            assert!(
                en.contains_key(key),
                "{}: {key} is no key of en.json",
                path.display()
            );
        }
        for entry in &entries {
            let text = words
                .get(&entry.key)
                .unwrap_or_else(|| panic!("{}: {} is missing", path.display(), entry.key));
            assert_eq!(
                slots(text),
                slots(&entry.message),
                "{}: {} holds other slots than English",
                path.display(),
                entry.key
            );
            let words = entry
                .message
                .split_whitespace()
                .filter(|w| w.chars().filter(|c| c.is_alphabetic()).count() >= 2)
                .count();
            assert!(
                !(words >= 2 && *text == entry.message),
                "{}: {} is the English wording",
                path.display(),
                entry.key
            );
            if matches!(*tag, "zh-Hans" | "zh-Hant" | "ja") {
                assert!(
                    !ascii_colon(text),
                    "{}: {} writes an ASCII colon where {tag} writes ：",
                    path.display(),
                    entry.key
                );
            }
        }
    }
    Catalogue {
        entries,
        dir: dir.to_path_buf(),
    }
}

/// The Rust for `catalogue`: `pub enum {name}` (one variant per key, `Self::ALL`, `key`,
/// `from_key`), its English text, its packs (`install`) and `text(language)`. `language` is
/// the path of the `Language` type, `embed_all` whether every language is compiled in.
pub fn rust(
    catalogue: &Catalogue,
    name: &str,
    doc: &str,
    language: &str,
    embed_all: bool,
) -> String {
    let n = catalogue.entries.len();
    let mut out = String::new();
    for line in doc.lines() {
        let _ = writeln!(out, "/// {line}");
    }
    out += "#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]\n";
    let _ = writeln!(out, "pub enum {name} {{");
    for entry in &catalogue.entries {
        let _ = writeln!(
            out,
            "    /// {}\n    {},",
            entry.description,
            variant(&entry.key)
        );
    }
    out += "}\n\n";
    let _ = writeln!(out, "impl {name} {{");
    // Each crate uses the part of the generated API its shell needs.
    let _ = writeln!(
        out,
        "    /// Every key, in the catalogue's order.\n    #[allow(dead_code)]\n    pub const ALL: [Self; {n}] = ["
    );
    for entry in &catalogue.entries {
        let _ = writeln!(out, "        Self::{},", variant(&entry.key));
    }
    out += "    ];\n\n";
    out += "    /// The key's name in the catalogue's files.\n    #[allow(dead_code)]\n    pub const fn key(self) -> &'static str {\n        KEYS[self as usize]\n    }\n\n";
    out += "    /// The key named `key` in the catalogue's files.\n    #[allow(dead_code)]\n    pub fn from_key(key: &str) -> Option<Self> {\n        KEYS.iter().position(|k| *k == key).map(|i| Self::ALL[i])\n    }\n\n";
    let _ = writeln!(
        out,
        "    /// The wording in `language`, slots unfilled: English when `language` is not installed\n    /// or leaves this key out.\n    pub fn text(self, language: {language}) -> &'static str {{\n        packs::text(language as usize, self as usize).unwrap_or_else(|| self.english())\n    }}\n"
    );
    let _ = writeln!(
        out,
        "    /// Whether `language`'s wordings are at hand (English always).\n    #[allow(dead_code)]\n    pub fn is_installed(language: {language}) -> bool {{\n        language as usize == 0 || packs::installed(language as usize)\n    }}\n"
    );
    out += "    /// The English wording.\n    pub fn english(self) -> &'static str {\n        let i = self as usize;\n        let start = if i == 0 { 0 } else { ENDS[i - 1] as usize };\n        EN.get(start..ENDS[i] as usize).unwrap_or_default()\n    }\n}\n\n";
    let _ = writeln!(
        out,
        "/// The name of each key in the files.\nstatic KEYS: [&str; {n}] = ["
    );
    for entry in &catalogue.entries {
        let _ = writeln!(out, "    {:?},", entry.key);
    }
    out += "];\n\n";
    let mut english = String::new();
    let mut ends = Vec::new();
    for entry in &catalogue.entries {
        english += &entry.message;
        assert!(
            english.len() <= usize::from(u16::MAX),
            "the English text is too long"
        );
        ends.push(english.len());
    }
    let _ = writeln!(
        out,
        "/// Every English wording, one after another.\nstatic EN: &str = {english:?};"
    );
    let _ = writeln!(
        out,
        "/// Where each English wording of [`EN`] ends.\nstatic ENDS: [u16; {n}] = {ends:?};\n"
    );
    out += "/// The other languages' wordings: installed from a pack, or embedded.\nmod packs {\n";
    out += "    use std::sync::OnceLock;\n\n";
    let _ = writeln!(
        out,
        "    /// Each language's wordings by key, once installed.\n    static INSTALLED: [OnceLock<Vec<Option<&'static str>>>; {}] = [const {{ OnceLock::new() }}; {}];\n",
        TAGS.len(),
        TAGS.len()
    );
    out += "    /// The packs compiled in, by language.\n";
    let _ = writeln!(
        out,
        "    static EMBEDDED: [Option<&str>; {}] = [",
        TAGS.len()
    );
    for tag in TAGS {
        if embed_all && tag != "en" {
            let path = catalogue.dir.join(format!("{tag}.json"));
            let _ = writeln!(
                out,
                "        Some(include_str!({:?})),",
                path.display().to_string()
            );
        } else {
            out += "        None,\n";
        }
    }
    out += "    ];\n\n";
    out += r#"    /// The wording of key `key` in language `language`, if installed or embedded.
    pub(super) fn text(language: usize, key: usize) -> Option<&'static str> {
        let slot = INSTALLED.get(language)?;
        let pack = match (slot.get(), EMBEDDED.get(language).copied().flatten()) {
            (Some(pack), _) => pack,
            (None, Some(json)) => slot.get_or_init(|| {
                let words = serde_json::from_str(json).unwrap_or_default();
                pack(words).unwrap_or_default()
            }),
            (None, None) => return None,
        };
        pack.get(key).copied().flatten()
    }

    /// Whether language `language`'s pack is installed or embedded.
    #[allow(dead_code)]
    pub(super) fn installed(language: usize) -> bool {
        INSTALLED.get(language).is_some_and(|slot| slot.get().is_some())
            || EMBEDDED.get(language).copied().flatten().is_some()
    }

    /// Installs `words` (key → wording) as language `language`'s. A language installed
    /// once keeps its words: a second install changes nothing.
    #[allow(dead_code)]
    pub(super) fn install(
        language: usize,
        words: std::collections::BTreeMap<String, String>,
    ) -> Result<(), String> {
        let pack = pack(words)?;
        if let Some(slot) = INSTALLED.get(language) {
            let _ = slot.set(pack);
        }
        Ok(())
    }

    /// `words` by key, every wording kept for the program's life (a pack is installed once
    /// per language); `Err` names a key the catalogue does not have.
    fn pack(
        words: std::collections::BTreeMap<String, String>,
    ) -> Result<Vec<Option<&'static str>>, String> {
        let mut pack = vec![None; super::KEYS.len()];
        for (key, text) in words {
            let Some(i) = super::KEYS.iter().position(|k| *k == key) else {
                return Err(key);
            };
            pack[i] = Some(&*Box::leak(text.into_boxed_str()));
        }
        Ok(pack)
    }
}
"#;
    out
}

/// The variant for a key: its first letter upper-cased (`dontKnow` → `DontKnow`).
fn variant(key: &str) -> String {
    let mut chars = key.chars();
    chars
        .next()
        .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

/// The slots `{0}`, `{1}`… of `text`, sorted.
fn slots(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out: Vec<u8> = bytes
        .windows(3)
        .filter(|w| w[0] == b'{' && w[1].is_ascii_digit() && w[2] == b'}')
        .map(|w| w[1])
        .collect();
    out.sort_unstable();
    out
}

/// Whether `text` has an ASCII colon used as punctuation (before a space, the end, or a CJK
/// character), not one inside a URL, a time or a slot.
fn ascii_colon(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    chars.iter().enumerate().any(|(i, &c)| {
        c == ':'
            && chars
                .get(i + 1)
                .is_none_or(|&next| next == ' ' || u32::from(next) >= 0x2E80)
    })
}

fn parse<T: serde::de::DeserializeOwned>(path: &Path) -> T {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: cannot be read: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
