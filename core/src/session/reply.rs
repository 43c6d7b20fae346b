//! Checking and reading what the user said to a question.

use crate::protocol::error::Error;
use crate::protocol::input::{Answer, MAX_TEXT_BYTES, UserAnswer};
use crate::protocol::question::{ChoiceId, Question, QuestionId};

/// Phrases a typed message uses for "I don't know", compared case-insensitively.
const DONT_KNOW: &[&str] = &[
    "?",
    "i don't know",
    "i dont know",
    "don't know",
    "dont know",
    "idk",
    "no idea",
    "not sure",
    "不知道",
    "不清楚",
];

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
                reason: "no option chosen",
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
                reason: "several options chosen on a single-choice question",
            });
        }
        for (i, c) in choices.iter().enumerate() {
            if choices.iter().skip(i + 1).any(|d| d == c) {
                return Err(Error::InvalidAnswer {
                    question: q.id.clone(),
                    reason: "the same option is chosen twice",
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
                reason: "this question does not take free text",
            })
        } else if text.trim().is_empty() {
            Err(Error::InvalidAnswer {
                question: q.id.clone(),
                reason: "the answer is empty",
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
            reason: "this question does not offer \"I don't know\"",
        }),
    }
}

/// Reads a chat message as the answer to `q`: `2` picks the second option, an option's
/// label or id picks it, `?` or "I don't know" means "I don't know", anything else is free text.
pub(super) fn answer_from_message(q: &Question, text: &str) -> Result<Answer, Error> {
    check_length(text)?;
    let t = text.trim();
    if q.allow_skip && DONT_KNOW.iter().any(|p| p.eq_ignore_ascii_case(t)) {
        return Ok(Answer::DontKnow);
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
        return Ok(Answer::Choices {
            choices: vec![choice.id.clone()],
        });
    }
    let reply = UserAnswer::Text { text: t.to_owned() };
    validate(q, &reply)?;
    Ok(reply.into())
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
            answer_from_message(&q, " 2 ").unwrap(),
            Answer::Choices {
                choices: vec![ChoiceId("o2".into())]
            }
        );
        assert_eq!(
            answer_from_message(&q, "12").unwrap(),
            Answer::Text { text: "12".into() }
        );
        assert_eq!(answer_from_message(&q, "idk").unwrap(), Answer::DontKnow);
        assert_eq!(
            answer_from_message(&q, "ios").unwrap(),
            Answer::Choices {
                choices: vec![ChoiceId("o2".into())]
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
            answer_from_message(&q, &long),
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
            allow_skip: true,
            allow_free_text: true,
            priority: Priority::Important,
            assumption: "Both.".into(),
            source: QuestionSource::Llm,
        }
    }
}
