//! The session's language and a question's: which one the user reads, which one a question
//! is written in, and so whether a question must be translated before it is shown.
//!
//! The engine tells English from Chinese, and Simplified from Traditional Chinese by the
//! characters only one of them uses; any other language counts as English.

use crate::detect;
use crate::protocol::question::Question;
use crate::text::is_cjk;

/// A language the user reads: the one notices are written in and questions are shown in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Language {
    English,
    Simplified,
    Traditional,
}

impl Language {
    /// The session's language, from the configured tag and the request's own script: Chinese
    /// when the tag is a `zh` tag or the request is written mostly in Chinese (Traditional for
    /// `zh-Hant`/`zh-TW`/`zh-HK`/`zh-MO` tags, or a request in Traditional characters),
    /// English otherwise. A script named by the tag wins over the request's.
    pub(super) fn of_session(tag: &str, request: &str) -> Self {
        let tag = tag.trim().to_ascii_lowercase();
        let chinese_tag = tag == "zh" || tag.starts_with("zh-") || tag.starts_with("zh_");
        let tagged = |subtags: &[&str]| {
            chinese_tag
                && tag
                    .split(['-', '_'])
                    .skip(1)
                    .any(|part| subtags.contains(&part))
        };
        if tagged(&["hant", "tw", "hk", "mo"]) {
            Self::Traditional
        } else if tagged(&["hans", "cn", "sg"]) {
            Self::Simplified
        } else if let Some(Written::Chinese(variant)) = Written::of(request) {
            // Traditional only on evidence: without marker characters either way, Simplified.
            variant.unwrap_or(Self::Simplified)
        } else if chinese_tag {
            Self::Simplified
        } else {
            Self::English
        }
    }

    /// The BCP 47 tag a translation request names.
    pub(super) fn tag(self) -> &'static str {
        match self {
            Self::English => "en",
            Self::Simplified => "zh-Hans",
            Self::Traditional => "zh-Hant",
        }
    }

    /// Whether `question` is written in another language than this one, and so should be
    /// translated before it is shown. Text in no clear language (digits, symbols) never is.
    pub(super) fn differs_from(self, question: &Question) -> bool {
        // The common case, English text for an English reader, costs one pass over bytes.
        if self == Self::English && question.text.is_ascii() {
            return false;
        }
        match (self, Written::of(&question.text)) {
            (_, None) => false,
            (Self::English, Some(Written::English)) => false,
            (Self::English, Some(Written::Chinese(_))) => true,
            (Self::Simplified | Self::Traditional, Some(Written::English)) => true,
            (Self::Simplified | Self::Traditional, Some(Written::Chinese(variant))) => {
                variant.is_some_and(|v| v != self)
            }
        }
    }
}

/// What a piece of text is written in, as far as its characters tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Written {
    /// Latin letters outnumber Chinese characters.
    English,
    /// Mostly Chinese; the variant when marker characters tell it.
    Chinese(Option<Language>),
}

impl Written {
    /// `None` when `text` has neither Latin words nor Chinese characters.
    fn of(text: &str) -> Option<Self> {
        let cjk = text.chars().filter(|&c| is_cjk(c)).count();
        let latin_words = text
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| !w.is_empty())
            .count();
        if cjk > 0 && cjk >= latin_words {
            let (traditional, simplified) = detect::script_markers(text);
            Some(Self::Chinese(if traditional > simplified {
                Some(Language::Traditional)
            } else if simplified > traditional {
                Some(Language::Simplified)
            } else {
                None
            }))
        } else if latin_words > 0 {
            Some(Self::English)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::question::{QuestionId, QuestionSource, Stage};

    fn question(text: &str) -> Question {
        Question {
            id: QuestionId("q".into()),
            step: Stage::Request,
            text: text.into(),
            why: String::new(),
            options: Vec::new(),
            multiple: false,
            allow_skip: true,
            allow_free_text: true,
            priority: crate::protocol::question::Priority::Important,
            assumption: String::new(),
            source: QuestionSource::Llm,
        }
    }

    #[test]
    fn the_session_language_follows_the_tag_then_the_request() {
        for (tag, request, expected) in [
            ("en", "my app crashes", Language::English),
            ("en", "我的应用一直闪退", Language::Simplified),
            (
                "en",
                "我的應用程式一直閃退，這個怎麼辦",
                Language::Traditional,
            ),
            ("zh", "my app crashes", Language::Simplified),
            ("zh-TW", "my app crashes", Language::Traditional),
            (
                "zh-Hans",
                "我的應用程式一直閃退，這個怎麼辦",
                Language::Simplified,
            ),
            (
                "en",
                "Explain 量子 computing in simple words",
                Language::English,
            ),
            ("zho", "my app crashes", Language::English),
        ] {
            assert_eq!(
                Language::of_session(tag, request),
                expected,
                "{tag} {request}"
            );
        }
        assert_eq!(Language::Traditional.tag(), "zh-Hant");
    }

    #[test]
    fn a_question_differs_only_in_another_clear_language() {
        let english = question("Which Android version?");
        let simplified = question("您想查看哪个时间段的报表？");
        let traditional = question("您想查詢哪一段時間的成效？");
        let plain_chinese = question("您想看哪一段的成效？");
        let digits = question("1 / 2 / 3?");
        assert!(!Language::English.differs_from(&english));
        assert!(Language::English.differs_from(&simplified));
        assert!(Language::Simplified.differs_from(&english));
        assert!(Language::Traditional.differs_from(&english));
        assert!(!Language::Simplified.differs_from(&simplified));
        assert!(Language::Simplified.differs_from(&traditional));
        assert!(Language::Traditional.differs_from(&simplified));
        assert!(!Language::Traditional.differs_from(&plain_chinese));
        assert!(!Language::Simplified.differs_from(&plain_chinese));
        assert!(!Language::English.differs_from(&digits));
        assert!(!Language::Simplified.differs_from(&digits));
    }
}
