//! Well-known names that commonly mean several things ("Georgia", "Jordan", "Java"): the
//! entity question for hosts without a catalog of their own.
//!
//! A name counts only when written with its capital (an ASCII word starting with A–Z that does
//! not open the request, or the whole request is about it) and not followed by another capital
//! word ("Amazon Echo Dot" is one longer name), and when no word of the request already points
//! at one meaning ("Java code", "Amazon rainforest"). The names, their meanings
//! and the words that pick each are data (`[[name]]` in `core/data/detector.toml`).

use super::frames::Name;

/// The first listed name in `text` whose meaning no word of the request settles.
///
/// `words` are the request's lower-case words. A name at the very start counts only when the
/// request is at most three words ("Jordan?"), since a capital there says nothing. `may_hold`
/// is a quick filter: false when no word of the request can be the name.
pub(crate) fn ambiguous(
    text: &str,
    words: &[&str],
    may_hold: impl Fn(&str) -> bool,
) -> Option<&'static Name> {
    // No letter or digit next to the name: it is a word of its own.
    let apart = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
    super::knowledge().names.iter().find(|entry| {
        let standing_alone = |(i, _): (usize, &str)| {
            let opens = text[..i].trim().is_empty();
            let after = &text[i + entry.name.len()..];
            // "Amazon Echo Dot", "Georgia Tech": a capital word right after makes one longer name.
            let longer = (after.strip_prefix(' '))
                .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_uppercase()))
                && !after.starts_with(" I ");
            apart(text[..i].chars().next_back())
                && apart(after.chars().next())
                && !longer
                && (!opens || words.len() <= 3)
        };
        may_hold(entry.name)
            && text.match_indices(entry.name).any(standing_alone)
            && !(entry.meanings.iter())
                .any(|m| super::list(m.picked_by).any(|c| words.contains(&c)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_meaning_has_a_chinese_label_in_each_script() {
        use crate::detect::frames::Script;
        use crate::text::script_markers;
        for name in &super::super::knowledge().names {
            for m in &name.meanings {
                let simplified = m.label(Script::Simplified);
                let traditional = m.label(Script::Traditional);
                assert!(!simplified.is_empty() && !traditional.is_empty());
                assert_eq!(
                    script_markers(simplified).0,
                    0,
                    "Traditional in {simplified}"
                );
                assert_eq!(
                    script_markers(traditional).1,
                    0,
                    "Simplified in {traditional}"
                );
            }
        }
    }

    fn name_in(text: &str) -> Option<&'static str> {
        let lower = text.to_ascii_lowercase();
        let words = super::super::words_of(&lower);
        ambiguous(text, &words, |_| true).map(|n| n.name)
    }

    #[test]
    fn a_bare_ambiguous_name_is_found() {
        assert_eq!(name_in("What is the capital of Georgia?"), Some("Georgia"));
        assert_eq!(name_in("Tell me about Jordan"), Some("Jordan"));
        assert_eq!(name_in("Mercury?"), Some("Mercury"));
    }

    #[test]
    fn a_word_that_picks_a_meaning_settles_it() {
        assert_eq!(name_in("Write Java code that sorts a list"), None);
        assert_eq!(name_in("How big is the Amazon rainforest?"), None);
        assert_eq!(name_in("Find the top Java projects on GitHub"), None);
        assert_eq!(name_in("learn Rust"), None);
        assert_eq!(name_in("Is Java hard to learn?"), None);
        assert_eq!(name_in("Resize an image using Python"), None);
        assert_eq!(name_in("Find the cheapest vacuum cleaners on Amazon"), None);
        assert_eq!(
            name_in("What is the capital of Georgia, the country?"),
            None
        );
        assert_eq!(name_in("Does an Amazon Echo Dot work with Hue?"), None);
        assert_eq!(name_in("Is Georgia Tech a good school?"), None);
        assert_eq!(name_in("Should I visit Georgia I wonder"), Some("Georgia"));
    }

    #[test]
    fn lower_case_words_and_longer_words_are_not_names() {
        assert_eq!(name_in("I ate an apple and some turkey"), None);
        assert_eq!(name_in("Georgian wine"), None);
        assert_eq!(name_in("Apple pie recipe"), None);
    }

    #[test]
    fn every_name_has_two_to_four_meanings() {
        for entry in &super::super::knowledge().names {
            assert!((2..=4).contains(&entry.meanings.len()), "{}", entry.name);
        }
    }
}
