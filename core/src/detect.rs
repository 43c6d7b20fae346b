//! The embedded detector (E3d): decides offline whether a request needs clarification.

use crate::analysis::{Analysis, CLARIFY_STEP};
use crate::question::{Choice, ChoiceId, Priority, Question, QuestionId, QuestionSource};
use crate::request::Message;

/// Detects vagueness in `request`, given the conversation so far, without any LLM.
pub fn detect(request: &str, history: &[Message]) -> Analysis {
    let lower = request.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let pronoun = words
        .iter()
        .any(|w| matches!(*w, "it" | "that" | "this" | "them" | "those"));
    let mut questions = Vec::new();
    if pronoun && history.is_empty() && words.len() <= 8 {
        questions.push(question(
            "What specific topic or thing are you referring to?",
            "The request refers to something that was not mentioned before.",
            &[],
            Priority::Critical,
            "pronoun_without_antecedent",
        ));
    }
    if words.iter().any(|w| *w == "trip" || *w == "travel")
        && !words.iter().any(|w| w.ends_with("days") || *w == "week")
    {
        questions.push(question(
            "How long is the trip?",
            "Duration changes the whole plan.",
            &["A weekend", "About a week", "Two weeks or more"],
            Priority::Critical,
            "underspecified_parameter",
        ));
    }
    Analysis {
        needs_clarification: !questions.is_empty(),
        questions,
    }
}

fn question(text: &str, why: &str, options: &[&str], priority: Priority, rule: &str) -> Question {
    Question {
        id: QuestionId::derive(CLARIFY_STEP, text),
        step: CLARIFY_STEP.into(),
        text: text.into(),
        why: why.into(),
        options: options
            .iter()
            .enumerate()
            .map(|(i, label)| Choice {
                id: ChoiceId(format!("o{}", i + 1)),
                label: (*label).into(),
                description: None,
            })
            .collect(),
        multiple: false,
        allow_skip: true,
        allow_free_text: true,
        priority,
        assumption: format!("No answer to \"{text}\": use the most common interpretation."),
        source: QuestionSource::Detector { rule: rule.into() },
    }
}
