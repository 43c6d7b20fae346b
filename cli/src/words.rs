//! The terminal's own words (headings, prompts, help) in the conversation's language, read from
//! the engine's catalogue of wordings ([`Phrase`]). What the engine writes (questions, notices,
//! assumptions, the offline answer) comes from the engine already in that language; these
//! surround it, so a Chinese conversation reads in Chinese from the first line to the last. A
//! badge or a heading the app shows too (a priority, "Recommended", "Answer", "Assumptions")
//! is the app's phrase.

use clarify_core::{CliPhrase, Language, Phrase, Priority, Status};

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

    /// `phrase`, one the app shows too, in this language.
    pub fn say(self, phrase: Phrase) -> &'static str {
        phrase.text(self.language)
    }

    /// `phrase`, the terminal's own, in this language.
    pub fn own(self, phrase: CliPhrase) -> &'static str {
        phrase.text(self.language)
    }

    /// `phrase`, the terminal's own, in this language, its slots filled with `args`.
    pub fn fill(self, phrase: CliPhrase, args: &[&str]) -> String {
        phrase.fill(self.language, args)
    }

    /// `phrase` as a heading line: `── Answer ──`.
    pub fn heading(self, phrase: Phrase) -> String {
        self.heading_of(self.say(phrase))
    }

    /// `text` as a heading line: `── Status: completed ──`.
    pub fn heading_of(self, text: &str) -> String {
        format!("── {text} ──")
    }

    /// `text` as a label before what it names: `Question 1 of 2: `, `第 1 题，共 2 题：`.
    pub fn label(self, text: &str) -> String {
        self.fill(CliPhrase::Label, &[text])
    }

    /// A priority's badge.
    pub fn priority(self, priority: Priority) -> &'static str {
        self.say(match priority {
            Priority::Critical => Phrase::PriorityCritical,
            Priority::Important => Phrase::PriorityImportant,
            Priority::Helpful => Phrase::PriorityHelpful,
        })
    }

    /// A status's name.
    pub fn status_name(self, status: Status) -> &'static str {
        self.own(match status {
            Status::Idle => CliPhrase::StatusIdle,
            Status::Analyzing => CliPhrase::StatusAnalyzing,
            Status::AwaitingClarification => CliPhrase::StatusAwaitingClarification,
            Status::Generating => CliPhrase::StatusGenerating,
            Status::Completed => CliPhrase::StatusCompleted,
            Status::HandedOff => CliPhrase::StatusHandedOff,
            Status::Failed => CliPhrase::StatusFailed,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_terminal_and_the_app_show_the_same_badges() {
        let zh = Words::of(Language::Simplified);
        assert_eq!(zh.priority(Priority::Helpful), "有帮助");
        let en = Words::of(Language::English);
        assert_eq!(en.priority(Priority::Critical), "Critical");
        assert_eq!(en.heading(Phrase::UiAnswer), "── Answer ──");
        assert_eq!(en.status_name(Status::HandedOff), "handed_off");
        assert_eq!(
            Words::of(Language::Traditional)
                .label(&Phrase::QuestionOf.fill(Language::Traditional, &["1", "2"])),
            "第 1 題，共 2 題："
        );
    }
}
