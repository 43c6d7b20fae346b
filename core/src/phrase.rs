//! Every sentence the engine writes for the user, in each [`Language`]: notices, the
//! assumptions of questions it frames, the questions it makes for the catalog and follow-ups,
//! the handoff's reason, the enriched prompt's headings, the offline answer, refusals told to
//! the user ([`Error::in_words`]), a call's failure, and the decision trace's reasons. The
//! chrome around them (the app's and widget's labels and buttons, the terminal's headings) is
//! the shells' own: `web/words` and `cli/words`.
//!
//! The wordings are data, one JSON file per language in `core/data/words` (`en.json` holds each
//! phrase's English and what it is for). The build reads them (`core/catalogue.rs`): it writes
//! the [`Phrase`] enum from the English file's keys and fails when a language lacks a phrase,
//! holds other slots than English, or puts an ASCII colon where Chinese and Japanese write ：.
//!
//! English is compiled in. A native build embeds every language; in the browser a language's
//! phrases are [`install`]ed from the file the shell fetches when the page shows that language,
//! and until then the English wording stands in.
//!
//! A wording may hold slots `{0}`, `{1}` for text filled in at run time (a question, a label, a
//! title, a number); [`Phrase::fill`] puts them in. What the user typed and what a host's data
//! says are quoted as they are, never translated. The decision trace's decision names are
//! identifiers and stay English. Sentences meant only for the LLM (its instructions, JSON
//! schemas) are not here: they stay English.

use crate::protocol::error::{AnswerFault, Error, ReopenFault};
use crate::protocol::language::Language;

include!(concat!(env!("OUT_DIR"), "/phrase.rs"));

impl Phrase {
    /// The wording in `language` with `{0}`, `{1}`… replaced by `args` in order, in one pass
    /// over the wording: a quoted text that itself holds `{1}` stays as it is.
    pub fn fill(self, language: Language, args: &[&str]) -> String {
        fill_in(self.text(language), args)
    }
}

/// Installs `language`'s phrases (phrase key → wording, the form of `core/data/words/*.json`),
/// fetched by a shell that does not embed them. A language keeps the phrases installed first.
///
/// # Errors
/// [`UnknownPhrase`] for a key no phrase has; nothing is installed then.
pub fn install(
    language: Language,
    words: std::collections::BTreeMap<String, String>,
) -> Result<(), UnknownPhrase> {
    packs::install(language as usize, words).map_err(|key| UnknownPhrase { key })
}

/// A language file names a phrase the engine does not have.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no phrase is called {key:?}")]
pub struct UnknownPhrase {
    /// The key as the file wrote it.
    pub key: String,
}

/// `text` with `{0}`, `{1}`… replaced by `args` in order, in one pass over `text`: a quoted
/// text that itself holds `{1}` stays as it is.
pub fn fill_in(text: &str, args: &[&str]) -> String {
    let mut out = String::with_capacity(text.len() + args.iter().map(|a| a.len()).sum::<usize>());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let (before, from) = rest.split_at(open);
        out.push_str(before);
        let slot = from
            .get(1..3)
            .filter(|s| s.ends_with('}'))
            .and_then(|s| s.get(..1)?.parse::<usize>().ok())
            .and_then(|i| args.get(i));
        match slot {
            Some(arg) => {
                out.push_str(arg);
                rest = from.get(3..).unwrap_or_default();
            }
            None => {
                out.push('{');
                rest = from.get(1..).unwrap_or_default();
            }
        }
    }
    out.push_str(rest);
    out
}

/// `text` in the quotation marks of `language`: "…" in English, “…” in Simplified Chinese,
/// Korean and Portuguese, 「…」 in Traditional Chinese and Japanese, «…» in Spanish and
/// Italian, « … » in French, „…“ in German.
pub(crate) fn quoted(text: &str, language: Language) -> String {
    match language {
        Language::English => format!("\"{text}\""),
        Language::Simplified | Language::Korean | Language::Portuguese => format!("“{text}”"),
        Language::Traditional | Language::Japanese => format!("「{text}」"),
        Language::Spanish | Language::Italian => format!("«{text}»"),
        Language::French => format!("«\u{a0}{text}\u{a0}»"),
        Language::German => format!("„{text}“"),
    }
}

impl Error {
    /// What to tell the user about this refusal, in `language`: plain words, no ids (the
    /// `Display` text, in English with the ids, is for logs and developers).
    pub fn in_words(&self, language: Language) -> String {
        match self {
            Self::UnexpectedInput { .. } => Phrase::NotNow.text(language).to_owned(),
            Self::NotPendingQuestion { .. } => Phrase::NotPending.text(language).to_owned(),
            Self::NotReopenable { reason, .. } => {
                Phrase::CannotChange.fill(language, &[Phrase::from(*reason).text(language)])
            }
            Self::UnknownChoice { .. } => Phrase::NoSuchOption.text(language).to_owned(),
            Self::InvalidAnswer { reason, .. } => {
                Phrase::AnswerRefused.fill(language, &[Phrase::from(*reason).text(language)])
            }
            Self::EmptyRequest => Phrase::EmptyRequest.text(language).to_owned(),
            Self::TextTooLong { limit, .. } => {
                Phrase::TooLong.fill(language, &[&limit.to_string()])
            }
            Self::UnexpectedStep { .. } => Phrase::StepNotRunning.text(language).to_owned(),
        }
    }
}

impl From<ReopenFault> for Phrase {
    fn from(fault: ReopenFault) -> Self {
        match fault {
            ReopenFault::Pending => Self::ReopenPending,
            ReopenFault::Unanswered => Self::ReopenUnanswered,
            ReopenFault::UsedByStep => Self::ReopenUsedByStep,
        }
    }
}

impl From<AnswerFault> for Phrase {
    fn from(fault: AnswerFault) -> Self {
        match fault {
            AnswerFault::NoOptionChosen => Self::NoOptionChosen,
            AnswerFault::SeveralOnSingleChoice => Self::SeveralOnSingleChoice,
            AnswerFault::SameOptionTwice => Self::SameOptionTwice,
            AnswerFault::NoFreeText => Self::NoFreeText,
            AnswerFault::EmptyAnswer => Self::EmptyAnswer,
            AnswerFault::NoDontKnow => Self::NoDontKnow,
        }
    }
}

/// The English wording, what the [`Error`]'s `Display` (for logs and developers) says;
/// [`Error::in_words`] says it in the user's language.
impl std::fmt::Display for ReopenFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(Phrase::from(*self).text(Language::English))
    }
}

/// The English wording, what the [`Error`]'s `Display` (for logs and developers) says;
/// [`Error::in_words`] says it in the user's language.
impl std::fmt::Display for AnswerFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(Phrase::from(*self).text(Language::English))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::is_cjk;
    use crate::text::script_markers;

    /// The slots `{0}`, `{1}`… a wording holds.
    fn slots(text: &str) -> Vec<usize> {
        (0..4)
            .filter(|i| text.contains(&format!("{{{i}}}")))
            .collect()
    }

    /// Every phrase, named, with its wordings in every language.
    fn rows() -> Vec<(String, [&'static str; 10])> {
        Phrase::ALL
            .iter()
            .map(|p| (format!("{p:?}"), Language::ALL.map(|l| p.text(l))))
            .collect()
    }

    #[test]
    fn every_phrase_is_written_in_every_language() {
        for (phrase, texts) in rows() {
            let en = texts[0];
            let letters = unslotted(en)
                .chars()
                .filter(char::is_ascii_alphabetic)
                .count();
            assert!(!en.chars().any(is_cjk), "{phrase} en: {en}");
            for (language, text) in Language::ALL.into_iter().zip(texts) {
                assert!(
                    !text.trim().is_empty(),
                    "{phrase} has no {language:?} wording"
                );
                // The same slots in every language, so no quoted text is dropped in one of them.
                assert_eq!(slots(en), slots(text), "{phrase} {language:?} slots");
                if letters < 3 {
                    continue;
                }
                // Each wording is in its language's script wherever the English has words.
                let script: fn(char) -> bool = match language {
                    Language::Simplified | Language::Traditional => is_cjk,
                    Language::Japanese => |c| crate::detect::is_kana(c) || is_cjk(c),
                    Language::Korean => |c| ('\u{AC00}'..='\u{D7AF}').contains(&c),
                    Language::English
                    | Language::Spanish
                    | Language::French
                    | Language::German
                    | Language::Portuguese
                    | Language::Italian => |c| c.is_alphabetic(),
                };
                assert!(text.chars().any(script), "{phrase} {language:?}: {text}");
                if language != Language::English {
                    assert_ne!(text, en, "{phrase} {language:?} is the English wording");
                }
            }
        }
    }

    #[test]
    fn every_language_has_its_own_wording_of_every_phrase() {
        for phrase in Phrase::ALL {
            for language in &Language::ALL[1..] {
                assert_ne!(
                    phrase.text(*language),
                    phrase.english(),
                    "{phrase:?} {language:?}"
                );
            }
        }
    }

    /// `text` without its slots.
    fn unslotted(text: &str) -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            rest = rest[open..].split_once('}').map_or("", |(_, after)| after);
        }
        out.push_str(rest);
        out
    }

    /// The phrases written alike in Simplified and Traditional: their characters and words are
    /// the same in both scripts. Any other phrase must differ, so a Traditional row copied from
    /// the Simplified one (or the reverse) fails here.
    const SAME_IN_BOTH_SCRIPTS: &[&str] = &[
        "AcceptsReasoning",
        "AnswerDeclined",
        "AnswerLabel",
        "AnswerRefused",
        "EmptyAnswer",
        "NoteCompleted",
        "PriorityImportant",
    ];

    #[test]
    fn only_the_phrases_listed_read_alike_in_both_scripts() {
        let alike: Vec<String> = rows()
            .into_iter()
            .filter(|(_, texts)| texts[1] == texts[2])
            .map(|(phrase, _)| phrase)
            .collect();
        assert_eq!(alike, SAME_IN_BOTH_SCRIPTS, "{alike:#?}");
    }

    #[test]
    fn no_two_phrases_say_the_same_in_english() {
        let rows = rows();
        for (i, (a, texts)) in rows.iter().enumerate() {
            for (b, other) in &rows[i + 1..] {
                assert_ne!(texts[0], other[0], "{a} and {b}: one wording, one phrase");
            }
        }
    }

    #[test]
    fn each_chinese_wording_is_in_its_own_script() {
        for (phrase, texts) in rows() {
            let [_, hans, hant, ..] = texts;
            // Characters only Traditional uses never appear in Simplified, and the reverse.
            let (traditional, _) = script_markers(hans);
            assert_eq!(traditional, 0, "{phrase} zh-Hans has Traditional: {hans}");
            let (_, simplified) = script_markers(hant);
            assert_eq!(simplified, 0, "{phrase} zh-Hant has Simplified: {hant}");
            // And each script quotes its own way.
            assert!(!hans.contains('「'), "{phrase}: {hans}");
            assert!(!hant.contains('“'), "{phrase}: {hant}");
        }
    }

    #[test]
    fn every_phrase_is_listed() {
        // `ALL` is what the tests above walk: every variant, in declaration order, once.
        for (i, phrase) in Phrase::ALL.iter().enumerate() {
            assert_eq!(*phrase as usize, i, "{phrase:?} out of place in ALL");
            assert_eq!(Phrase::from_key(phrase.key()), Some(*phrase));
        }
    }

    #[test]
    fn an_installed_pack_names_only_phrases() {
        let words = [("NoSuchPhrase".to_owned(), "x".to_owned())]
            .into_iter()
            .collect();
        assert_eq!(
            install(Language::German, words),
            Err(UnknownPhrase {
                key: "NoSuchPhrase".into()
            })
        );
        assert_eq!(
            Phrase::EmptyRequest.text(Language::German),
            "Die Anfrage ist leer."
        );
    }

    #[test]
    fn every_reason_an_error_carries_is_told_in_each_language() {
        use crate::protocol::question::QuestionId;
        let q = || QuestionId("q".into());
        let answers = [
            AnswerFault::NoOptionChosen,
            AnswerFault::SeveralOnSingleChoice,
            AnswerFault::SameOptionTwice,
            AnswerFault::NoFreeText,
            AnswerFault::EmptyAnswer,
            AnswerFault::NoDontKnow,
        ]
        .map(|reason| {
            (
                Phrase::from(reason),
                Error::InvalidAnswer {
                    question: q(),
                    reason,
                },
            )
        });
        let reopens = [
            ReopenFault::Pending,
            ReopenFault::Unanswered,
            ReopenFault::UsedByStep,
        ]
        .map(|reason| {
            (
                Phrase::from(reason),
                Error::NotReopenable {
                    question: q(),
                    reason,
                },
            )
        });
        for (phrase, e) in answers.into_iter().chain(reopens) {
            for language in Language::ALL {
                let said = e.in_words(language);
                assert!(!said.is_empty(), "{phrase:?} {language:?}");
                assert!(said.contains(phrase.text(language)), "{phrase:?}: {said}");
            }
            let english = phrase.text(Language::English);
            assert!(e.to_string().ends_with(english), "{phrase:?}: {e}");
        }
    }

    #[test]
    fn fill_puts_each_argument_in_its_slot() {
        assert_eq!(
            Phrase::MentionNamesSeveral.fill(Language::English, &["3", "Pro"]),
            "3 entries are called \"Pro\"."
        );
        assert_eq!(
            Phrase::AssumeRecommended.fill(Language::Traditional, &["哪個城市？", "台北"]),
            "「哪個城市？」未獲回答：假設為建議選項「台北」。"
        );
        assert_eq!(
            Phrase::AssumeRecommended.fill(Language::Japanese, &["どの街？", "京都"]),
            "「どの街？」への回答なし：おすすめの選択肢「京都」とみなします。"
        );
        // Quoted text is never read as a slot.
        assert_eq!(
            Phrase::AssumeRecommended.fill(Language::English, &["Which {1}?", "{0}"]),
            "No answer to \"Which {1}?\": assume \"{0}\" (the recommended option)."
        );
    }
}
