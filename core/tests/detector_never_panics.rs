//! The detector reads any request in any language without panicking, in a debug build (where
//! an arithmetic overflow panics) as in the browser's release build (where a slice out of
//! bounds still does).
//!
//! Random characters rarely make the structures the rules look for ("help with it", "the
//! paragraph I wrote", "把这段"), so the requests here are sequences of the detector's own
//! words: every word of every list, cue and wording in `core/data/detector.toml`, mixed with
//! the short function words and marks the rules read around them, in every language the
//! detector answers in, with and without a conversation before.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use clarify_core::detect::detect_traced_in;
use clarify_core::{Language, Message, Role};
use proptest::prelude::*;
use strum::VariantArray;

/// Words and marks the rules read around the listed words; drawn as often as all the listed
/// words together, so that the structures around them come up.
const GLUE: &[&str] = &[
    "it",
    "this",
    "that",
    "these",
    "them",
    "her",
    "him",
    "my",
    "your",
    "the",
    "a",
    "with",
    "to",
    "for",
    "of",
    "about",
    "between",
    "is",
    "be",
    "i",
    "we",
    "you",
    "how",
    "what",
    "which",
    "one",
    "two",
    "then",
    "there",
    "like",
    "and",
    "or",
    "help",
    "me",
    "12",
    "3",
    "$40",
    "5pm",
    "?",
    ".",
    ",",
    ":",
    "\n",
    "\"",
    "'",
    "’",
    "“",
    "”",
    "「",
    "」",
    "《",
    "》",
    "：",
    "，",
    "。",
    "？",
    "的",
    "把",
    "这",
    "這",
    "那",
    "个",
    "個",
    "我",
    "你",
    "帮我",
    "一下",
    "哪个",
    "第",
    "三",
    "这句话",
    "この",
    "その",
    "내",
    "이",
    "mi",
    "este",
    "ce",
    "mein",
    "diese",
    "il",
    "o",
    "de",
    "que",
];

/// Every whitespace-separated word (and each part of a `+`-joined phrase) of the data file's
/// strings.
fn listed_words() -> &'static Vec<String> {
    static WORDS: OnceLock<Vec<String>> = OnceLock::new();
    WORDS.get_or_init(|| {
        let text =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/detector.toml"))
                .expect("core/data/detector.toml is readable");
        let value: toml::Value = toml::from_str(&text).expect("the data file is TOML");
        let mut words = BTreeSet::new();
        collect(&value, &mut words);
        words.into_iter().collect()
    })
}

fn collect(value: &toml::Value, out: &mut BTreeSet<String>) {
    match value {
        toml::Value::String(s) => {
            for word in s.split(|c: char| c.is_whitespace() || c == '+') {
                if !word.is_empty() {
                    out.insert(word.to_owned());
                }
            }
        }
        toml::Value::Array(items) => items.iter().for_each(|v| collect(v, out)),
        toml::Value::Table(table) => table.values().for_each(|v| collect(v, out)),
        toml::Value::Integer(_)
        | toml::Value::Float(_)
        | toml::Value::Boolean(_)
        | toml::Value::Datetime(_) => {}
    }
}

/// A token: a listed word (`listed` is true) or a glue word, chosen by `index`.
fn token(listed: bool, index: usize) -> &'static str {
    if listed {
        let words = listed_words();
        &words[index % words.len()]
    } else {
        GLUE[index % GLUE.len()]
    }
}

/// A request made of `picks`, joined by spaces or (for the scripts written without them)
/// by nothing.
fn request(picks: &[(bool, usize)], spaced: bool) -> String {
    let tokens: Vec<&str> = picks.iter().map(|&(l, i)| token(l, i)).collect();
    tokens.join(if spaced { " " } else { "" })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn any_sequence_of_the_detectors_words_is_read_without_panicking(
        picks in proptest::collection::vec((any::<bool>(), any::<usize>()), 0..18),
        earlier in proptest::collection::vec((any::<bool>(), any::<usize>()), 0..8),
        spaced in any::<bool>(),
        conversation in any::<bool>(),
        language in 0..Language::VARIANTS.len(),
    ) {
        let text = request(&picks, spaced);
        let history = if conversation {
            vec![
                Message { role: Role::User, content: request(&earlier, spaced) },
                Message { role: Role::Assistant, content: request(&earlier[earlier.len() / 2..], spaced) },
            ]
        } else {
            Vec::new()
        };
        let (_, trace) = detect_traced_in(&text, &history, Language::VARIANTS[language]);
        // Every decision on a request says why, asked or not.
        prop_assert!(text.trim().is_empty() || !trace.is_empty(), "no trace for {text:?}");
    }
}
