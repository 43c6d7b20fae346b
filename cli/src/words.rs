//! The terminal's own words (headings, prompts, help) in the conversation's language, from its
//! catalogue `cli/words/*.json` (one file per language, every key in every language, checked by
//! the build). What the engine writes (questions, notices, assumptions, the offline answer)
//! comes from the engine already in that language; these surround it, so a conversation reads
//! in one language from the first line to the last.

use clarify_core::{Language, Priority, Status, fill_in};

include!(concat!(env!("OUT_DIR"), "/words.rs"));

/// The terminal's words in one language.
#[derive(Debug, Clone, Copy)]
pub struct Words {
    /// The language these words are in (the engine's refusals are put in it too).
    pub language: Language,
}

impl Words {
    /// The words for `language`.
    pub fn of(language: Language) -> Self {
        Self { language }
    }

    /// `word` in this language.
    pub fn own(self, word: Word) -> &'static str {
        word.text(self.language)
    }

    /// `word` in this language, its slots filled with `args`.
    pub fn fill(self, word: Word, args: &[&str]) -> String {
        fill_in(self.own(word), args)
    }

    /// `word` as a heading line: `── Answer ──`.
    pub fn heading(self, word: Word) -> String {
        self.heading_of(self.own(word))
    }

    /// `text` as a heading line: `── Status: completed ──`.
    pub fn heading_of(self, text: &str) -> String {
        format!("── {text} ──")
    }

    /// `text` as a label before what it names: `Question 1 of 2: `, `第 1 题，共 2 题：`.
    pub fn label(self, text: &str) -> String {
        self.fill(Word::Label, &[text])
    }

    /// A priority's badge.
    pub fn priority(self, priority: Priority) -> &'static str {
        self.own(match priority {
            Priority::Critical => Word::Critical,
            Priority::Important => Word::Important,
            Priority::Helpful => Word::Helpful,
        })
    }

    /// A status's name.
    pub fn status_name(self, status: Status) -> &'static str {
        self.own(match status {
            Status::Idle => Word::StatusIdle,
            Status::Analyzing => Word::StatusAnalyzing,
            Status::AwaitingClarification => Word::StatusAwaitingClarification,
            Status::Generating => Word::StatusGenerating,
            Status::Completed => Word::StatusCompleted,
            Status::HandedOff => Word::StatusHandedOff,
            Status::Failed => Word::StatusFailed,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_terminal_speaks_each_language() {
        let zh = Words::of(Language::Simplified);
        assert_eq!(zh.priority(Priority::Helpful), "有帮助");
        let en = Words::of(Language::English);
        assert_eq!(en.priority(Priority::Critical), "Critical");
        assert_eq!(en.heading(Word::Answer), "── Answer ──");
        assert_eq!(en.status_name(Status::HandedOff), "handed_off");
        let hant = Words::of(Language::Traditional);
        assert_eq!(
            hant.label(&hant.fill(Word::QuestionOf, &["1", "2"])),
            "第 1 題，共 2 題："
        );
        let ja = Words::of(Language::Japanese);
        assert_eq!(
            ja.label(&ja.fill(Word::QuestionOf, &["1", "2"])),
            "質問 1/2："
        );
        assert_eq!(
            Words::of(Language::German).heading(Word::Answer),
            "── Antwort ──"
        );
        for language in Language::ALL {
            for word in Word::ALL {
                let text = word.text(language);
                assert!(!text.is_empty(), "{word:?} {language:?}");
                if language != Language::English && word.english().len() > 12 {
                    assert_ne!(text, word.english(), "{word:?} {language:?} is English");
                }
            }
        }
    }
}
