//! Questions the conversation already answered: an answer that says more than its question
//! asked ("Where do you want to go?" — "Rome for 5 days") settles the questions still queued
//! from the request's detection that it answers too, and they are not asked.
//!
//! The embedded detector decides, as it decides what a conversation has already said: it reads
//! the request again after the conversation and the answers so far, each answer the user's
//! reply to its question (the shape of a finished exchange's history, `check.rs`). A queued
//! question is settled when the answers' words say what it asks: marking it answered changes
//! nothing in that reading, while after the same exchanges with the words left out it does.
//! So a decision that merely turns quiet once there is a conversation drops nothing, nor does
//! a detail still open; a figure alone ("12") settles nothing; none is ever added back.

use serde::{Deserialize, Serialize};

use super::{Active, Conversation, Env};
use crate::detector::{self, Detector, Verdict};
use crate::phrase::Phrase;
use crate::protocol::config::Mode;
use crate::protocol::input::Answer;
use crate::protocol::language::Language;
use crate::protocol::question::{Question, QuestionId, QuestionSource, Stage};
use crate::protocol::request::{Message, Role};
use crate::protocol::trace::Layer;
use crate::text::preview;

/// A queued question the answers settled before it was asked: it is not asked, and the prompt
/// carries no assumption for it (the answer that says it is there).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct Settled {
    /// The question, kept for its assumption should a changed answer no longer settle it.
    pub(super) question: Question,
    /// The question whose answer settled it.
    pub(super) by: QuestionId,
}

impl Active {
    /// After `question` is answered `answer` (`changed`: a reopened question answered again):
    /// a question an earlier answer settled that the answers no longer settle takes its
    /// assumption, and the queued questions of the request's detection the answers now settle
    /// are dropped. Only the request's own clarification, and never in never-ask mode.
    pub(super) fn settle(
        &mut self,
        question: &Question,
        answer: &Answer,
        changed: bool,
        env: &mut Env,
    ) {
        // A figure alone ("12", "$500") is the value its own question asked for: it has no
        // words to say another detail with, though the detector, reading it apart from its
        // question, takes "12" for a budget as well as a head count.
        let said = (answer.free_text()).filter(|text| text.chars().any(char::is_alphabetic));
        let c = &self.conversation;
        let recheck = changed && !c.settled.is_empty();
        let queued = !c.declined_all && c.queue.iter().any(of_the_detection);
        let asks = question.step == Stage::Request && env.config.mode != Mode::NonInteractive;
        if !asks || !(recheck || (queued && said.is_some())) {
            return;
        }
        let Some(detector) = detector::get().filter(|d| d.ready()) else {
            return;
        };
        let reading = Reading::of(detector, c, c.language(&env.config));
        if recheck {
            self.unsettle(&reading, question, env);
        }
        if let Some(said) = said.filter(|_| queued) {
            self.drop_settled(&reading, question, said, env);
        }
    }

    /// Drops the queued questions of the request's detection that the answers settle, `by`'s
    /// answer `said` the last of them.
    fn drop_settled(&mut self, reading: &Reading<'_>, by: &Question, said: &str, env: &mut Env) {
        let c = &mut self.conversation;
        let known = c.known();
        let (settled, queue): (Vec<Question>, Vec<Question>) = std::mem::take(&mut c.queue)
            .into_iter()
            .partition(|q| of_the_detection(q) && reading.settles(q, &known));
        c.queue = queue;
        for question in settled {
            env.say(
                Layer::Detector,
                "question_settled",
                Phrase::NoteSettled,
                &[&preview(&question.text), &preview(&by.text), &preview(said)],
            );
            c.settled.push(Settled {
                question,
                by: by.id.clone(),
            });
        }
    }

    /// After `changed`'s answer changed: each question an answer settled that the answers no
    /// longer settle is never asked still (none is added back), and takes its assumption.
    fn unsettle(&mut self, reading: &Reading<'_>, changed: &Question, env: &mut Env) {
        let c = &mut self.conversation;
        let known = c.known();
        let (open, settled): (Vec<Settled>, Vec<Settled>) = std::mem::take(&mut c.settled)
            .into_iter()
            .partition(|s| !reading.settles(&s.question, &known));
        c.settled = settled;
        for s in open {
            env.say(
                Layer::Detector,
                "question_unsettled",
                Phrase::NoteUnsettled,
                &[&preview(&changed.text), &preview(&s.question.text)],
            );
            c.unasked.push(s.question);
        }
    }
}

impl Conversation {
    /// Every question this conversation has had: asked, queued, settled or never asked.
    fn known(&self) -> Vec<QuestionId> {
        let settled = self.settled.iter().map(|s| &s.question);
        (self.queue.iter().chain(&self.unasked).chain(settled))
            .map(|q| q.id.clone())
            .chain(self.asked.iter().cloned())
            .collect()
    }
}

/// Whether `q` is one of the request's questions the embedded detector asked: the ones whose
/// slot it can tell an answer fills.
fn of_the_detection(q: &Question) -> bool {
    q.step == Stage::Request && matches!(q.source, QuestionSource::Detector { .. })
}

/// The detector's reading of the request after the conversation and the answers so far, with
/// their words (`said`) and without (`unsaid`).
struct Reading<'d> {
    detector: &'d dyn Detector,
    request: String,
    language: Language,
    said: Exchanges,
    unsaid: Exchanges,
}

/// A conversation as the detector reads it, and its verdict on the request after it.
struct Exchanges {
    history: Vec<Message>,
    verdict: Option<Verdict>,
}

impl<'d> Reading<'d> {
    /// The reading of `c`'s request after its history and each answered question of the
    /// request's clarification, asked by the assistant and answered by the user (in words, or
    /// with nothing said).
    fn of(detector: &'d dyn Detector, c: &Conversation, language: Language) -> Self {
        let mut said = c.history.clone();
        let mut unsaid = c.history.clone();
        let answered = c.resolutions.iter().filter(|r| r.answer.is_informative());
        for r in answered.filter(|r| r.question.step == Stage::Request) {
            said.extend(exchange(&r.question, r.answer_text()));
            unsaid.extend(exchange(&r.question, String::new()));
        }
        let read = |history: Vec<Message>| Exchanges {
            verdict: detector.detect(&c.request, &history, language),
            history,
        };
        Self {
            detector,
            request: c.request.clone(),
            language,
            said: read(said),
            unsaid: read(unsaid),
        }
    }

    /// Whether the answers' words settle `q`: once they are said, `q` answered adds nothing
    /// the detector reads, though without them it does; and they bring up no new question
    /// (none of `known`, none asked without the words) that could take `q`'s place among the
    /// few the detector asks.
    fn settles(&self, q: &Question, known: &[QuestionId]) -> bool {
        let (Some(said), Some(unsaid)) = (&self.said.verdict, &self.unsaid.verdict) else {
            return false;
        };
        let new = |n: &&Question| {
            !known.contains(&n.id) && !unsaid.analysis.questions.iter().any(|u| u.id == n.id)
        };
        let crowded = (said.analysis.questions.iter())
            .filter(new)
            .any(|n| n.priority <= q.priority);
        !crowded
            && self.answered(q, &self.unsaid.history).as_ref() != Some(unsaid)
            && self.answered(q, &self.said.history).as_ref() == Some(said)
    }

    /// The detector's verdict after `history` and `q` asked and answered.
    fn answered(&self, q: &Question, history: &[Message]) -> Option<Verdict> {
        let mut history = history.to_vec();
        history.extend(exchange(q, String::new()));
        self.detector.detect(&self.request, &history, self.language)
    }
}

/// `q` asked by the assistant, and the user's reply `answer`.
fn exchange(q: &Question, answer: String) -> [Message; 2] {
    [
        Message::new(Role::Assistant, q.text.clone()),
        Message::new(Role::User, answer),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::config::Config;
    use crate::protocol::input::{Context, Input, UserAnswer};
    use crate::protocol::question::ChoiceId;
    use crate::protocol::status::Status;
    use crate::session::Session;

    fn started(request: &str) -> Session {
        let mut s = Session::new(Config::default());
        s.handle(Input::Start {
            request: request.into(),
            context: Context::default(),
            now: 1_000,
        })
        .unwrap();
        assert_eq!(s.status(), Status::AwaitingClarification, "{request}");
        s
    }

    fn reply(s: &mut Session, answer: UserAnswer) {
        let question = s.current_question().unwrap().id.clone();
        s.handle(Input::Answer {
            question,
            answer,
            now: 2_000,
        })
        .unwrap();
    }

    fn text(text: &str) -> UserAnswer {
        UserAnswer::Text { text: text.into() }
    }

    /// `request`, its first question answered `answer` in words.
    fn answered(request: &str, answer: &str) -> Session {
        let mut s = started(request);
        reply(&mut s, text(answer));
        s
    }

    fn settled(s: &Session) -> Vec<&str> {
        let c = s.state.conversation().unwrap();
        c.settled.iter().map(|q| q.question.text.as_str()).collect()
    }

    fn pending(s: &Session) -> Option<&str> {
        s.current_question().map(|q| q.text.as_str())
    }

    fn assumptions(s: &Session) -> Vec<String> {
        s.enriched_prompt().unwrap().assumptions
    }

    #[test]
    fn an_answer_that_says_how_long_settles_the_trips_length() {
        let s = answered("Plan a trip for me", "Rome for 5 days");
        assert_eq!(settled(&s), ["How long is the trip?"]);
        assert_eq!(pending(&s), None);
        assert_eq!(s.status(), Status::Generating);
        // Not asked, no assumption contradicting the user, and the answer that says it is there.
        assert_eq!(s.counters().questions_asked, 1);
        assert_eq!(s.counters().answered, 1);
        assert!(s.unasked().is_empty());
        assert_eq!(assumptions(&s), Vec::<String>::new());
        let c = s.state.conversation().unwrap();
        assert_eq!(c.settled[0].by, c.resolutions[0].question.id);
        // The trace says which answer settled it.
        let said = s.trace().iter().find(|e| e.decision == "question_settled");
        assert_eq!(
            said.map(|e| e.reason.as_str()),
            Some(
                "\"How long is the trip?\" is not asked: the answer to \"Where do you want to go?\", \"Rome for 5 days\", already says it."
            )
        );
        // A snapshot keeps it, and restores to a session that validates.
        let restored = Session::restore(&s.snapshot()).unwrap();
        assert_eq!(restored, s);
    }

    #[test]
    fn a_flights_dates_said_with_its_destination_are_not_asked() {
        let s = answered("Book me a flight", "Tokyo on June 3");
        assert_eq!(settled(&s), ["On which dates?"]);
        assert_eq!(pending(&s), None);
        assert_eq!(s.counters().questions_asked, 1);
    }

    #[test]
    fn a_chinese_answer_settles_the_chinese_question() {
        let s = answered("帮我规划一次旅行", "北京，玩三天");
        assert_eq!(settled(&s), ["这趟旅程预计多久？"]);
        assert_eq!(pending(&s), None);
        assert_eq!(assumptions(&s), Vec::<String>::new());
        let reason = &s
            .trace()
            .iter()
            .rev()
            .find(|e| e.decision == "question_settled");
        assert_eq!(
            reason.map(|e| e.reason.as_str()),
            Some("不再问“这趟旅程预计多久？”：对“您想去哪里？”的回答“北京，玩三天”已经说明了。")
        );
    }

    #[test]
    fn an_answer_in_a_language_read_by_columns_settles_too() {
        let cases = [
            (
                "Planifica un viaje",
                "Roma, cinco días",
                "¿Cuánto tiempo dura el viaje?",
            ),
            (
                "Plane eine Reise",
                "Nach Rom, fünf Tage",
                "Wie lange dauert die Reise?",
            ),
            (
                "旅行の計画を立てて",
                "ローマに5日間",
                "旅行の期間はどのくらいですか？",
            ),
        ];
        for (request, answer, length) in cases {
            let s = answered(request, answer);
            assert_eq!(settled(&s), [length], "{request}");
            assert_eq!(pending(&s), None, "{request}");
        }
    }

    #[test]
    fn an_answer_settles_the_details_it_says_and_no_other() {
        // What the answer does not say is still asked: "Rome" says where, not how long.
        let open = [
            ["Plan a trip for me", "Rome", "How long is the trip?"],
            [
                "Plan a trip for me",
                "somewhere warm",
                "How long is the trip?",
            ],
            ["Book me a flight", "Tokyo", "On which dates?"],
            ["帮我规划一次旅行", "北京", "这趟旅程预计多久？"],
            [
                "Planifica un viaje",
                "Roma",
                "¿Cuánto tiempo dura el viaje?",
            ],
            // A head count alone is no budget (the detector reads "12" as an amount too).
            ["Plan a birthday party", "12", "What is the budget?"],
        ];
        for [request, answer, next] in open {
            let s = answered(request, answer);
            assert_eq!(settled(&s), Vec::<&str>::new(), "{request} / {answer}");
            assert_eq!(pending(&s), Some(next), "{request} / {answer}");
        }
        // What it says is not: how long and how much; where, when and how many nights.
        let said = [
            [
                "Plan a trip to Paris",
                "A week, on a tight budget",
                "What is your budget?",
            ],
            [
                "Book a hotel",
                "Paris, 3 nights from May 4",
                "For which dates, and how many nights?",
            ],
        ];
        for [request, answer, dropped] in said {
            let s = answered(request, answer);
            assert_eq!(settled(&s), [dropped], "{request} / {answer}");
            assert_eq!(pending(&s), None, "{request} / {answer}");
        }
    }

    #[test]
    fn a_detector_that_turns_quiet_after_a_conversation_drops_nothing_open() {
        // After the trip's length is said, the detector asks nothing more of "Plan a trip to
        // Paris" (its budget is open, but a conversation that gave details is answered as it
        // stands): the budget is not what "5 days" says, so its question stays.
        let how_long = started("Plan a trip to Paris").current_question().cloned();
        let history = exchange(&how_long.unwrap(), "5 days".into());
        let quiet = detector::get()
            .unwrap()
            .detect("Plan a trip to Paris", &history, Language::English)
            .unwrap();
        assert!(quiet.analysis.questions.is_empty(), "{quiet:?}");
        let s = answered("Plan a trip to Paris", "5 days");
        assert_eq!(settled(&s), Vec::<&str>::new());
        assert_eq!(pending(&s), Some("What is your budget?"));
        // In Chinese too: after "北京，玩三天" the detector asks nothing, and of the trip's
        // length and its budget (had it been queued), only the length is settled.
        let s = answered("帮我规划一次旅行", "北京，玩三天");
        let c = s.state.conversation().unwrap();
        let length = &c.settled[0].question;
        let budget = Question {
            text: "您的预算大约多少？".into(),
            ..length.clone()
        };
        let reading = Reading::of(detector::get().unwrap(), c, Language::Simplified);
        let asked = reading
            .said
            .verdict
            .as_ref()
            .map(|v| v.analysis.questions.len());
        assert_eq!(asked, Some(0));
        assert!(reading.settles(length, &c.known()));
        assert!(!reading.settles(&budget, &c.known()));
    }

    #[test]
    fn a_choice_alone_settles_nothing_and_a_choice_with_words_does() {
        let mut s = started("Plan a trip to Georgia");
        let us = || vec![ChoiceId("o1".into())];
        reply(&mut s, UserAnswer::Choices { choices: us() });
        assert_eq!(pending(&s), Some("How long is the trip?"));
        let mut s = started("Plan a trip to Georgia");
        let note = "for a week".into();
        reply(
            &mut s,
            UserAnswer::ChoicesWithText {
                choices: us(),
                text: note,
            },
        );
        assert_eq!(settled(&s), ["How long is the trip?"]);
        assert_eq!(pending(&s), Some("What is your budget?"));
    }

    #[test]
    fn never_ask_mode_settles_nothing() {
        let mut s = started("Plan a trip for me");
        s.env.config.mode = Mode::NonInteractive;
        reply(&mut s, text("Rome for 5 days"));
        assert_eq!(settled(&s), Vec::<&str>::new());
        assert!(!s.trace().iter().any(|e| e.decision == "question_settled"));
        assert_eq!(s.unasked().len(), 1);
    }

    #[test]
    fn a_changed_answer_that_no_longer_says_it_leaves_the_question_to_its_assumption() {
        let mut s = started("Plan a trip to Georgia");
        let georgia = s.current_question().unwrap().id.clone();
        reply(&mut s, text("The US state, for a week"));
        assert_eq!(settled(&s), ["How long is the trip?"]);
        // Changed to words that still say it: it stays settled.
        s.handle(Input::Reopen {
            question: georgia.clone(),
            now: 3_000,
        })
        .unwrap();
        reply(&mut s, text("The state, for seven days"));
        assert_eq!(settled(&s), ["How long is the trip?"]);
        // Changed to "I don't know": the question takes its assumption, and is not asked.
        s.handle(Input::Reopen {
            question: georgia,
            now: 4_000,
        })
        .unwrap();
        reply(&mut s, UserAnswer::DontKnow);
        assert_eq!(settled(&s), Vec::<&str>::new());
        assert_eq!(pending(&s), Some("What is your budget?"));
        let unasked: Vec<&str> = s.unasked().iter().map(|q| q.text.as_str()).collect();
        assert_eq!(unasked, ["How long is the trip?"]);
        assert!(s.trace().iter().any(|e| e.decision == "question_unsettled"));
        assert!(
            assumptions(&s).contains(&"Assume a trip of about a week.".to_owned()),
            "{:?}",
            assumptions(&s)
        );
        assert_eq!(s.counters().questions_asked, 2);
        assert!(s.check_invariants().is_ok());
    }

    #[test]
    fn a_settled_question_also_queued_or_settled_by_no_answer_is_inconsistent() {
        let s = answered("Plan a trip for me", "Rome for 5 days");
        let mut queued = s.clone();
        let Some(active) = queued.state.active_mut() else {
            panic!("no conversation")
        };
        let question = active.conversation.settled[0].question.clone();
        active.conversation.queue.push(question);
        assert!(queued.check_invariants().is_err());
        let mut unanswered = s.clone();
        let Some(active) = unanswered.state.active_mut() else {
            panic!("no conversation")
        };
        active.conversation.settled[0].by = QuestionId("q-0000000000000000".into());
        assert!(unanswered.check_invariants().is_err());
        assert!(s.check_invariants().is_ok());
    }
}
