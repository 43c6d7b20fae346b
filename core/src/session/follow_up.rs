//! The second round: a free-text answer that is itself vague gets one follow-up.

use super::flow::rules;
use super::{Active, Env, count};
use crate::detector;
use crate::phrase::Phrase;
use crate::protocol::config::Mode;
use crate::protocol::input::Answer;
use crate::protocol::language::Language;
use crate::protocol::question::{Question, QuestionId, QuestionSource, Stage};
use crate::protocol::trace::Layer;
use crate::text::preview;

impl Active {
    /// The second round: a free-text answer that is itself vague gets ONE follow-up,
    /// within [`Limits::max_rounds`](crate::Limits::max_rounds) and the budget, never a repeat.
    pub(super) fn follow_up(&mut self, question: &Question, answer: &Answer, env: &mut Env) {
        let text = answer.free_text();
        let may_ask = question.step == Stage::Request
            && env.config.mode != Mode::NonInteractive
            && !self.conversation.declined_all;
        if let (Some(text), true) = (text, may_ask)
            && let Some(vague) = self.names_nothing(text, env)
        {
            self.ask_follow_up(question, text, vague, env);
        }
    }

    /// The detector's questions about `text` when it names nothing definite (missing context
    /// and ambiguous references), as opposed to merely being terse: an answer like "12" is
    /// terse by nature, but "tell me more about that" still names nothing.
    fn names_nothing(&self, text: &str, env: &Env) -> Option<Vec<Question>> {
        let c = &self.conversation;
        // The request is context for the answer ("It shows a white screen" refers to the app
        // in "My app crashes"), unless the request itself referred to nothing.
        let mut context = c.history.clone();
        let detector = detector::get()?;
        let language = c.language(&env.config);
        let request_refers = detector.refers(&c.request, &c.history, language).is_some();
        if !request_refers {
            context.push(crate::protocol::request::Message::new(
                crate::protocol::request::Role::User,
                c.request.clone(),
            ));
        }
        detector.refers(text, &context, language)
    }

    /// Queues one follow-up to `question`, whose answer `text` names nothing definite
    /// (`vague`, the detector's questions about it), unless a limit or a repeat bars it.
    fn ask_follow_up(
        &mut self,
        question: &Question,
        text: &str,
        vague: Vec<Question>,
        env: &mut Env,
    ) {
        let limits = env.config.limits;
        let c = &self.conversation;
        let said = preview(text);
        let rule = rules(&vague);
        if c.rounds >= limits.max_rounds {
            let rounds = limits.max_rounds.to_string();
            env.say(
                Layer::Limit,
                "round_limit_reached",
                Phrase::NoteVagueAtRoundLimit,
                &[&said, &rule, &rounds],
            );
        } else if count(c.asked.len()) >= limits.max_questions {
            let budget = limits.max_questions.to_string();
            env.say(
                Layer::Limit,
                "budget_reached",
                Phrase::NoteVagueAtBudget,
                &[&said, &budget],
            );
        } else {
            let candidate = vague
                .into_iter()
                .find(|q| !c.seen(&q.id))
                .unwrap_or_else(|| generic_follow_up(text, c.language(&env.config)));
            if c.seen(&candidate.id) {
                env.say(
                    Layer::Limit,
                    "repeat_dropped",
                    Phrase::NoteVagueFollowUpAsked,
                    &[&said, &candidate.text],
                );
            } else {
                let follow = Question {
                    priority: question.priority,
                    source: QuestionSource::FollowUp {
                        of: question.id.clone(),
                    },
                    ..candidate
                };
                let c = &mut self.conversation;
                c.rounds = c.rounds.saturating_add(1);
                let rounds = [c.rounds.to_string(), limits.max_rounds.to_string()];
                c.queue.insert(0, follow);
                env.say(
                    Layer::Detector,
                    "follow_up",
                    Phrase::NoteFollowUp,
                    &[&said, &rule, &rounds[0], &rounds[1]],
                );
            }
        }
    }
}

/// The generic follow-up, used when the detector's own question was already asked, in
/// `language`. Its id is the same in every language, so it is never asked twice.
fn generic_follow_up(answer: &str, language: Language) -> Question {
    let said = preview(answer);
    Question {
        id: QuestionId::derive(&Stage::Request, Phrase::WhichAspect.text(Language::English)),
        step: Stage::Request,
        text: Phrase::WhichAspect.text(language).into(),
        why: Phrase::AnswerIsVague.fill(language, &[&said]),
        options: Vec::new(),
        multiple: false,
        recommended: None,
        allow_skip: true,
        allow_free_text: true,
        priority: crate::protocol::question::Priority::Important,
        assumption: Phrase::TakeAnswerAsIs.fill(language, &[&said]),
        source: QuestionSource::Detector {
            rule: "generic_follow_up".into(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generic_follow_up_is_in_the_users_language_with_one_id() {
        let english = generic_follow_up("that thing", Language::English);
        assert_eq!(english.text, "About which specific aspect?");
        assert_eq!(english.why, "\"that thing\" could mean several things.");
        let simplified = generic_follow_up("那个", Language::Simplified);
        let traditional = generic_follow_up("那個", Language::Traditional);
        assert_eq!(simplified.text, "具体是指哪一方面？");
        assert_eq!(traditional.text, "具體是指哪一方面？");
        assert_eq!(traditional.why, "「那個」可能有好幾種意思。");
        assert_eq!(
            simplified.assumption,
            "按字面理解“那个”，并涵盖它几种可能的意思。"
        );
        // One question whatever the language: asked once, never again in another script.
        assert_eq!(english.id, simplified.id);
        assert_eq!(english.id, traditional.id);
    }
}
