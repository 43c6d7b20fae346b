//! Checking and reading what the user said to a question.

use crate::phrase::Phrase;
use crate::protocol::error::AnswerFault;
use crate::protocol::error::Error;
use crate::protocol::input::{MAX_TEXT_BYTES, UserAnswer};
use crate::protocol::language::Language;
use crate::protocol::question::{ChoiceId, Question, QuestionId};

/// Whether a typed message says "I don't know": a lone question mark (`?`, or the full-width
/// `？` of Chinese and Japanese input), or a reply of [`Phrase::DontKnowReplies`] in any of
/// the engine's languages, whatever the session's (a user may answer in another language than
/// the request's). Case, the spaces between words, a typographic apostrophe (`’`) and
/// punctuation that ends the reply (`.`, `!`, `?`, `…`, `。`, `！`, `？`) do not matter.
///
/// The replies are data, each language's in its own words file (`core/data/words/*.json`);
/// a language whose words a browser has not installed yet adds none of its own.
fn says_dont_know(text: &str) -> bool {
    let mut chars = text.trim().chars();
    if let (Some('?' | '？'), None) = (chars.next(), chars.next()) {
        return true;
    }
    let said = normalized(text);
    !said.is_empty()
        && Language::ALL.into_iter().any(|language| {
            Phrase::DontKnowReplies
                .text(language)
                .split('|')
                .any(|reply| normalized(reply) == said)
        })
}

/// Punctuation that may end a reply without changing what it says.
const ENDS: [char; 7] = ['.', '!', '?', '…', '。', '！', '？'];

/// `text` as [`says_dont_know`] compares it: lower case, one space between words, `’` as `'`,
/// without the punctuation that ends it.
fn normalized(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in crate::text::plain_apostrophes(text).split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(word.chars().flat_map(crate::text::lowercase));
    }
    let kept = out.trim_end_matches(ENDS).trim_end().len();
    out.truncate(kept);
    out
}

/// Rejects user text longer than [`MAX_TEXT_BYTES`].
pub(super) fn check_length(text: &str) -> Result<(), Error> {
    if text.len() > MAX_TEXT_BYTES {
        Err(Error::TextTooLong {
            limit: MAX_TEXT_BYTES,
            got: text.len(),
        })
    } else {
        Ok(())
    }
}

pub(super) fn check_pending(pending: &Question, got: &QuestionId) -> Result<(), Error> {
    if &pending.id == got {
        Ok(())
    } else {
        Err(Error::NotPendingQuestion {
            expected: pending.id.clone(),
            got: got.clone(),
        })
    }
}

pub(super) fn check_step(running: &str, got: &str) -> Result<(), Error> {
    if running == got {
        Ok(())
    } else {
        Err(Error::UnexpectedStep {
            expected: running.to_owned(),
            got: got.to_owned(),
        })
    }
}

/// Checks `reply` against what `q` allows: known options, one unless several are allowed, free
/// text only where it is accepted, nothing empty or too long.
pub(super) fn validate(q: &Question, reply: &UserAnswer) -> Result<(), Error> {
    let check_choices = |choices: &[ChoiceId]| -> Result<(), Error> {
        if choices.is_empty() {
            return Err(Error::InvalidAnswer {
                question: q.id.clone(),
                reason: AnswerFault::NoOptionChosen,
            });
        }
        for c in choices {
            if q.choice(c).is_none() {
                return Err(Error::UnknownChoice {
                    question: q.id.clone(),
                    choice: c.clone(),
                });
            }
        }
        if choices.len() > 1 && !q.multiple {
            return Err(Error::InvalidAnswer {
                question: q.id.clone(),
                reason: AnswerFault::SeveralOnSingleChoice,
            });
        }
        for (i, c) in choices.iter().enumerate() {
            if choices.iter().skip(i + 1).any(|d| d == c) {
                return Err(Error::InvalidAnswer {
                    question: q.id.clone(),
                    reason: AnswerFault::SameOptionTwice,
                });
            }
        }
        Ok(())
    };
    let check_text = |text: &str| -> Result<(), Error> {
        check_length(text)?;
        if !q.allow_free_text {
            Err(Error::InvalidAnswer {
                question: q.id.clone(),
                reason: AnswerFault::NoFreeText,
            })
        } else if text.trim().is_empty() {
            Err(Error::InvalidAnswer {
                question: q.id.clone(),
                reason: AnswerFault::EmptyAnswer,
            })
        } else {
            Ok(())
        }
    };
    match reply {
        UserAnswer::Choices { choices } => check_choices(choices),
        UserAnswer::Text { text } => check_text(text),
        UserAnswer::ChoicesWithText { choices, text } => {
            check_choices(choices).and_then(|()| check_text(text))
        }
        UserAnswer::DontKnow if q.allow_skip => Ok(()),
        UserAnswer::DontKnow => Err(Error::InvalidAnswer {
            question: q.id.clone(),
            reason: AnswerFault::NoDontKnow,
        }),
    }
}

impl UserAnswer {
    /// Reads a chat message as the answer to `q`, as a session does while the question
    /// is pending: `2` picks the second option (`1, 3` picks two where several are allowed),
    /// an option's label or id picks it, `?` or
    /// "I don't know" means "I don't know" (where the question allows it), anything else is
    /// free text.
    ///
    /// # Errors
    /// [`Error::TextTooLong`], or [`Error::InvalidAnswer`] for free text the question does not
    /// accept.
    pub fn from_message(q: &Question, text: &str) -> Result<Self, Error> {
        check_length(text)?;
        let t = text.trim();
        if q.allow_skip && says_dont_know(t) {
            return Ok(UserAnswer::DontKnow);
        }
        let by_number = t
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| q.options.get(i));
        let by_name = || {
            q.options
                .iter()
                .find(|c| c.label.trim().eq_ignore_ascii_case(t) || c.id.as_str() == t)
        };
        if let Some(choice) = by_number.or_else(by_name) {
            return Ok(UserAnswer::Choices {
                choices: vec![choice.id.clone()],
            });
        }
        if let Some(choices) = several_numbers(q, t) {
            return Ok(UserAnswer::Choices { choices });
        }
        let answer = UserAnswer::Text { text: t.to_owned() };
        validate(q, &answer)?;
        Ok(answer)
    }
}

/// On a question that takes several options, two or more distinct option numbers separated by
/// commas or spaces (`1, 3`): the options they pick.
fn several_numbers(q: &Question, text: &str) -> Option<Vec<ChoiceId>> {
    if !q.multiple {
        return None;
    }
    let mut picked: Vec<ChoiceId> = Vec::new();
    for part in text
        .split(|c: char| c == ',' || c == '，' || c.is_whitespace())
        .filter(|p| !p.is_empty())
    {
        let choice = part
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| q.options.get(i))?;
        if !picked.contains(&choice.id) {
            picked.push(choice.id.clone());
        }
    }
    (picked.len() >= 2).then_some(picked)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::question::Stage;
    use crate::protocol::question::{Choice, Priority, QuestionSource};

    #[test]
    fn a_number_picks_an_option_and_other_text_is_free_text() {
        let q = question(&["Android", "iOS"]);
        assert_eq!(
            UserAnswer::from_message(&q, " 2 ").unwrap(),
            UserAnswer::Choices {
                choices: vec![ChoiceId("o2".into())]
            }
        );
        assert_eq!(
            UserAnswer::from_message(&q, "12").unwrap(),
            UserAnswer::Text { text: "12".into() }
        );
        assert_eq!(
            UserAnswer::from_message(&q, "idk").unwrap(),
            UserAnswer::DontKnow
        );
        assert_eq!(
            UserAnswer::from_message(&q, "ios").unwrap(),
            UserAnswer::Choices {
                choices: vec![ChoiceId("o2".into())]
            }
        );
    }

    #[test]
    fn i_dont_know_is_understood_in_every_language() {
        let q = question(&["Android", "iOS"]);
        for said in [
            "?",
            "？",
            "idk",
            "I don't know",
            "I don’t know.",
            "  no   idea ",
            "不知道",
            "不确定",
            "不確定",
            "わからない",
            "分かりません。",
            "모르겠어요",
            "No sé",
            "ni idea",
            "Je ne sais pas",
            "je sais pas !",
            "Weiß nicht",
            "Keine Ahnung",
            "Não sei",
            "nao sei",
            "Non lo so",
            "boh",
        ] {
            assert_eq!(
                UserAnswer::from_message(&q, said),
                Ok(UserAnswer::DontKnow),
                "{said:?}"
            );
        }
        // Words around a phrase make free text, and a question without "I don't know" takes
        // the phrase as text.
        for said in [
            "I don't know yet, ask me later",
            "no sé, quizás iOS",
            "??",
            "Nein",
        ] {
            assert_eq!(
                UserAnswer::from_message(&q, said),
                Ok(UserAnswer::Text {
                    text: said.to_owned()
                }),
                "{said:?}"
            );
        }
        let mut strict = q;
        strict.allow_skip = false;
        assert_eq!(
            UserAnswer::from_message(&strict, "keine Ahnung"),
            Ok(UserAnswer::Text {
                text: "keine Ahnung".into()
            })
        );
    }

    #[test]
    fn every_language_lists_its_own_replies_for_i_dont_know() {
        for language in Language::ALL {
            let replies = Phrase::DontKnowReplies.text(language);
            let own: Vec<&str> = replies.split('|').collect();
            assert!(own.len() >= 2, "{language:?}: {replies}");
            for reply in own {
                assert!(!reply.trim().is_empty(), "{language:?}: an empty reply");
                assert!(says_dont_know(reply), "{language:?}: {reply}");
            }
        }
    }

    #[test]
    fn several_numbers_pick_several_options_only_where_allowed() {
        let mut q = question(&["Vegetarian", "Vegan", "Gluten-free"]);
        let ids = |v: &[&str]| v.iter().map(|i| ChoiceId((*i).into())).collect::<Vec<_>>();
        assert_eq!(
            UserAnswer::from_message(&q, "1, 3").unwrap(),
            UserAnswer::Text {
                text: "1, 3".into()
            },
            "a single-choice question reads it as text"
        );
        q.multiple = true;
        assert_eq!(
            UserAnswer::from_message(&q, "1, 3").unwrap(),
            UserAnswer::Choices {
                choices: ids(&["o1", "o3"])
            }
        );
        assert_eq!(
            UserAnswer::from_message(&q, "3 1 3").unwrap(),
            UserAnswer::Choices {
                choices: ids(&["o3", "o1"])
            }
        );
        assert_eq!(
            UserAnswer::from_message(&q, "1, 9").unwrap(),
            UserAnswer::Text {
                text: "1, 9".into()
            }
        );
    }

    #[test]
    fn unknown_and_duplicate_options_are_refused() {
        let q = question(&["Android", "iOS"]);
        let unknown = UserAnswer::Choices {
            choices: vec![ChoiceId("o9".into())],
        };
        assert!(matches!(
            validate(&q, &unknown),
            Err(Error::UnknownChoice { .. })
        ));
        let twice = UserAnswer::Choices {
            choices: vec![ChoiceId("o1".into()), ChoiceId("o1".into())],
        };
        assert!(matches!(
            validate(&q, &twice),
            Err(Error::InvalidAnswer { .. })
        ));
    }

    #[test]
    fn text_over_the_limit_is_refused() {
        let q = question(&[]);
        let long = "a".repeat(MAX_TEXT_BYTES + 1);
        assert!(matches!(
            UserAnswer::from_message(&q, &long),
            Err(Error::TextTooLong { .. })
        ));
    }

    fn question(labels: &[&str]) -> Question {
        Question {
            id: QuestionId::derive(&Stage::Request, "Which platform?"),
            step: Stage::Request,
            text: "Which platform?".into(),
            why: String::new(),
            options: labels
                .iter()
                .enumerate()
                .map(|(i, l)| Choice {
                    id: ChoiceId(format!("o{}", i + 1)),
                    label: (*l).into(),
                    description: None,
                })
                .collect(),
            multiple: false,
            recommended: None,
            allow_skip: true,
            allow_free_text: true,
            priority: Priority::Important,
            assumption: "Both.".into(),
            source: QuestionSource::Llm,
        }
    }
}
