//! The session: one clarification conversation, driven by [`Session::handle`].
//!
//! [`Session::handle`] lives here. An input is first checked against the state ([`check`]); a
//! refused one is a typed error and changes nothing, an accepted one is applied by a transition
//! that cannot fail. How the conversation moves on (asking, following up, running steps,
//! generating) is in [`flow`], and how a user's answer is checked and read is in [`reply`].

mod calls;
mod check;
mod flow;
mod follow_up;
mod invariants;
mod json;
mod language;
mod queries;
mod reply;
mod settle;
mod start;
mod steps;
mod translate;

use serde::{Deserialize, Serialize};

use crate::phrase::Phrase;
use crate::protocol::config::Config;
use crate::protocol::effect::Effect;
use crate::protocol::error::Error;
use crate::protocol::input::Input;
use crate::protocol::language::Language;
use crate::protocol::prompt::{EnrichedPrompt, HandoffPackage, Resolution, SourceDocument};
use crate::protocol::question::{Question, QuestionId};
use crate::protocol::request::Message;
use crate::protocol::status::{PausedStep, Progress, Status, StepOutput};
use crate::protocol::time::Millis;
use crate::protocol::trace::{Counters, Layer, TraceEvent};
use check::Checked;
pub(crate) use json::SessionIn;
use settle::Settled;

/// One clarification conversation.
///
/// Methods come in three groups:
/// - queries ([`status`](Self::status), [`current_question`](Self::current_question),
///   [`progress`](Self::progress), [`accepts`](Self::accepts), [`trace`](Self::trace), …), taking `&self`;
/// - [`handle`](Self::handle), the only mutator, which applies one [`Input`];
/// - persistence ([`snapshot`](Self::snapshot), [`restore`](Self::restore)).
///
/// # Termination
/// Whatever the inputs, a session shows at most [`Limits::max_questions`](crate::Limits) questions,
/// never the same id twice, and starts at most [`Limits::max_rounds`](crate::Limits) rounds of
/// clarification on the request plus one question per pipeline step. A user who keeps answering
/// or skipping therefore reaches [`Status::Generating`] after at most `max_questions` answers
/// (plus one `StepCompleted` per step), and a terminal status one generation input later.
#[derive(Debug, Clone, PartialEq)]
pub struct Session {
    env: Env,
    state: State,
}

/// What every session has, whatever its state: its configuration, the host's clock as last
/// told, and the record of its decisions.
#[derive(Debug, Clone, PartialEq)]
struct Env {
    config: Config,
    clock: Millis,
    trace: Vec<TraceEvent>,
    counters: Counters,
    /// The language the trace's reasons are written in: the conversation's, as the user reads
    /// the trace too. Set before every input and when a request starts; never stored.
    speaks: Language,
}

/// Waiting for a request, or working on one: a conversation exists exactly when a phase does.
#[derive(Debug, Clone, PartialEq)]
#[expect(
    clippy::large_enum_variant,
    reason = "a session holds one state; boxing it would only add an allocation per request"
)]
enum State {
    Idle,
    Active(Active),
}

/// A request being clarified: everything known about it and where it stands.
#[derive(Debug, Clone, PartialEq)]
struct Active {
    conversation: Conversation,
    phase: Phase,
}

/// Where a started conversation is; data lives in the variant where it exists.
///
/// JSON: `{"phase": "asking", "question": …}`, the tag first ([`tag_first`](crate::tag_first)).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(remote = "Self", rename_all = "snake_case")]
enum Phase {
    Detecting,
    Asking {
        question: Question,
        asked_at: Millis,
        /// What follows once `question` is resolved.
        #[serde(default, skip_serializing_if = "After::is_next")]
        after: After,
    },
    /// The next question, written in another language than the user's, waits for its
    /// translation; it is shown (and its time starts) when the reply or the failure comes.
    Translating {
        question: Question,
        /// The step that paused for `question`, resumed once it is resolved.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        paused: Option<PausedStep>,
    },
    RunningStep {
        step: String,
        /// Whether the step is resuming after its question; `partial` is then what it had.
        /// (Not an `Option<Value>`: `Some(null)` would not survive a snapshot.)
        #[serde(default)]
        resumed: bool,
        #[serde(default)]
        partial: serde_json::Value,
    },
    Generating {
        streamed: String,
    },
    Completed {
        answer: String,
        /// The user stopped the answer while it streamed: it is what had arrived.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        stopped: bool,
    },
    HandedOff {
        answer: String,
        package: HandoffPackage,
        /// As for [`Phase::Completed`].
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        stopped: bool,
    },
    Failed {
        reason: String,
        /// The text that had streamed when the call failed: shown, marked as cut.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        partial: String,
    },
}

crate::tag_first::impl_tag_first!(Phase, "phase");

/// What follows once the question on screen is resolved (answered, skipped, declined or timed
/// out).
///
/// JSON: `{"then": "resume", "paused": …}`; [`After::Next`] is not written.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(remote = "Self", rename_all = "snake_case")]
enum After {
    /// The conversation goes on: the next queued question, the next step, or generation.
    #[default]
    Next,
    /// The step that paused for this question resumes (after any question queued before it).
    Resume { paused: PausedStep },
    /// This question is an answered one reopened to change its answer: `waiting`, the question
    /// that was pending then, comes back once it is answered again.
    Return { waiting: Box<Question> },
}

crate::tag_first::impl_tag_first!(After, "then");

impl After {
    fn is_next(&self) -> bool {
        matches!(self, Self::Next)
    }

    /// A step's pause, or nothing: what follows a question asked on its way.
    fn resume(paused: Option<PausedStep>) -> Self {
        paused.map_or(Self::Next, |paused| Self::Resume { paused })
    }
}

/// Everything known about the current request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Conversation {
    request: String,
    history: Vec<Message>,
    document: Option<SourceDocument>,
    requires_handoff: bool,
    /// Questions waiting to be asked, in asking order.
    queue: Vec<Question>,
    /// Ids of every question shown, so none is shown twice.
    asked: Vec<QuestionId>,
    /// Ids of the questions shown in the session's earlier exchanges, when this request is a
    /// message sent after one finished: answered or skipped there, none is shown again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    shown_before: Vec<QuestionId>,
    resolutions: Vec<Resolution>,
    /// Questions never shown (budget, round or step limit, never-ask mode, "Continue anyway"):
    /// their assumptions apply and they stay open.
    unasked: Vec<Question>,
    /// Queued questions the answers settled before they were asked ([`settle`]): never asked,
    /// no assumption.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    settled: Vec<Settled>,
    /// Clarification rounds on the request: 1 for the request itself, +1 per follow-up.
    rounds: u32,
    /// The user chose "Continue anyway": nothing more is asked in this conversation.
    #[serde(default)]
    declined_all: bool,
    /// The request is in a language the embedded detector does not read and was taken as
    /// written: the prompt says so among its assumptions.
    #[serde(default)]
    as_written: bool,
    /// The columns the session asked the host for ([`Effect::LoadColumns`]): the host's reply,
    /// `DetectOffline`, detects with what is then installed rather than ask for them again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    columns_asked: Option<Language>,
    /// Index of the next pipeline step to run.
    next_step: usize,
    /// Times the current step has paused (asked or tried to ask).
    #[serde(default)]
    step_pauses: u32,
    step_outputs: Vec<StepOutput>,
}

impl Session {
    /// A new idle session.
    pub fn new(config: Config) -> Self {
        Self {
            env: Env {
                clock: 0,
                trace: Vec::new(),
                speaks: Language::of_session(&config.language, ""),
                config,
                counters: Counters::default(),
            },
            state: State::Idle,
        }
    }

    /// Applies `input` and returns the work the host must do next, in order.
    ///
    /// A [`Effect::StatusChanged`] comes first whenever the status changed.
    ///
    /// The input is checked first, against the state and without changing it; only an accepted
    /// input reaches the transition, which cannot fail.
    ///
    /// # Errors
    /// [`Error::UnexpectedInput`] if `input` does not fit the current status, and
    /// [`Error::NotPendingQuestion`], [`Error::NotReopenable`], [`Error::UnknownChoice`],
    /// [`Error::InvalidAnswer`], [`Error::EmptyRequest`], [`Error::TextTooLong`], [`Error::UnexpectedStep`] for stale or
    /// malformed actions. On error the session is unchanged.
    pub fn handle(&mut self, input: Input) -> Result<Vec<Effect>, Error> {
        let before = self.status();
        self.env.speaks = self.language();
        let checked = check::check(&self.env, self.state.active_mut(), input)?;
        let mut fx = Vec::new();
        match checked {
            Checked::Reset => {
                self.state = State::Idle;
                self.env
                    .say(Layer::Session, "reset", Phrase::NoteReset, &[]);
            }
            Checked::Tick { now } => self.env.advance_clock(now),
            Checked::Start {
                request,
                context,
                shown_before,
                now,
            } => {
                self.env.advance_clock(now);
                let started = Active::start(request, context, shown_before, &mut self.env, &mut fx);
                self.state = State::Active(started);
            }
            Checked::Active(active, accepted) => active.apply(accepted, &mut self.env, &mut fx),
        }
        self.env.speaks = self.language();
        let after = self.status();
        if after != before {
            fx.insert(0, Effect::StatusChanged { status: after });
        }
        Ok(fx)
    }
}

impl State {
    fn active(&self) -> Option<&Active> {
        match self {
            Self::Idle => None,
            Self::Active(active) => Some(active),
        }
    }

    fn active_mut(&mut self) -> Option<&mut Active> {
        match self {
            Self::Idle => None,
            Self::Active(active) => Some(active),
        }
    }

    fn conversation(&self) -> Option<&Conversation> {
        self.active().map(|a| &a.conversation)
    }
}

impl Env {
    fn add_usage(&mut self, usage: Option<crate::protocol::request::Usage>) {
        if let Some(u) = usage {
            self.counters.prompt_tokens =
                self.counters.prompt_tokens.saturating_add(u.prompt_tokens);
            self.counters.completion_tokens = self
                .counters
                .completion_tokens
                .saturating_add(u.completion_tokens);
        }
    }

    fn advance_clock(&mut self, now: Millis) {
        self.clock = self.clock.max(now);
    }

    /// Notes a decision whose reason is `phrase`, its slots filled with `slots`, in the
    /// conversation's language.
    fn say(&mut self, layer: Layer, decision: &str, phrase: Phrase, slots: &[&str]) {
        let reason = phrase.fill(self.speaks, slots);
        self.note(layer, decision, &reason);
    }

    fn note(&mut self, layer: Layer, decision: &str, reason: &str) {
        self.trace.push(TraceEvent {
            at: self.clock,
            layer,
            decision: decision.into(),
            reason: reason.into(),
        });
    }
}

impl Phase {
    /// The step that paused for the pending question.
    fn paused(&self) -> Option<&PausedStep> {
        match self {
            Self::Asking {
                after: After::Resume { paused },
                ..
            }
            | Self::Translating {
                paused: Some(paused),
                ..
            } => Some(paused),
            Self::Asking { .. }
            | Self::Translating { paused: None, .. }
            | Self::Detecting
            | Self::RunningStep { .. }
            | Self::Generating { .. }
            | Self::Completed { .. }
            | Self::HandedOff { .. }
            | Self::Failed { .. } => None,
        }
    }

    fn status(&self) -> Status {
        match self {
            Self::Detecting | Self::Translating { .. } | Self::RunningStep { .. } => {
                Status::Analyzing
            }
            Self::Asking { .. } => Status::AwaitingClarification,
            Self::Generating { .. } => Status::Generating,
            Self::Completed { .. } => Status::Completed,
            Self::HandedOff { .. } => Status::HandedOff,
            Self::Failed { .. } => Status::Failed,
        }
    }
}

impl Conversation {
    /// The language the user reads in this conversation ([`Language::of_conversation`]).
    fn language(&self, config: &Config) -> Language {
        Language::of_conversation(&config.language, &self.request, &self.history)
    }

    /// The enriched prompt so far, its headings in `language`.
    ///
    /// Each distinct assumption is listed once, where it first applies: several questions may
    /// fall back on the same one (the detector's generic "the most common interpretation"), and
    /// a prompt that says it twice reads as two things to assume.
    fn prompt(&self, language: Language) -> EnrichedPrompt {
        let as_written = self
            .as_written
            .then(|| Phrase::AssumeAsWritten.text(language).to_owned());
        let skipped = self
            .resolutions
            .iter()
            .filter(|r| !r.answer.is_informative())
            .map(|r| r.question.assumption.clone());
        let unasked = self.unasked.iter().map(|q| q.assumption.clone());
        let mut assumptions: Vec<String> = Vec::new();
        for assumption in as_written.into_iter().chain(skipped).chain(unasked) {
            if !assumptions.contains(&assumption) {
                assumptions.push(assumption);
            }
        }
        EnrichedPrompt {
            request: self.request.clone(),
            document: self.document.clone(),
            answered: self
                .resolutions
                .iter()
                .filter(|r| r.answer.is_informative())
                .cloned()
                .collect(),
            assumptions,
            open_questions: self.unasked.iter().map(|q| q.text.clone()).collect(),
            language,
        }
    }

    /// Whether `id` was shown (in this exchange or an earlier one of the session), is waiting
    /// to be shown, or was settled by the answers.
    fn seen(&self, id: &QuestionId) -> bool {
        self.asked.contains(id)
            || self.shown_before.contains(id)
            || self.queue.iter().any(|q| &q.id == id)
            || self.settled.iter().any(|s| &s.question.id == id)
    }

    /// Questions of `step` shown so far.
    fn asked_in_step(&self, step: &str) -> u32 {
        count(
            self.resolutions
                .iter()
                .filter(|r| r.question.step.step_name() == Some(step))
                .count(),
        )
    }
}

/// `n` as a `u32`, saturating (a session never holds 4 billion questions).
fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::input::{Context, UserAnswer};

    #[test]
    fn an_idle_session_accepts_only_a_request_a_message_a_tick_or_a_reset() {
        let s = Session::new(Config::default());
        let accepted: Vec<InputKindName> = crate::protocol::input::InputKind::ALL
            .into_iter()
            .filter(|k| s.accepts(*k))
            .map(|k| k.as_str())
            .collect();
        assert_eq!(accepted, ["start", "message", "tick", "reset"]);
    }

    #[test]
    fn a_refused_answer_leaves_the_session_as_it_was() {
        let mut s = asking();
        let before = s.clone();
        let err = s.handle(Input::Answer {
            question: QuestionId("q-other".into()),
            answer: UserAnswer::DontKnow,
            now: 5,
        });
        assert!(matches!(err, Err(Error::NotPendingQuestion { .. })));
        assert_eq!(s, before);
    }

    #[test]
    fn the_deadline_is_the_ask_time_plus_the_timeout() {
        let s = asking();
        assert_eq!(s.deadline(), Some(1_000 + 24 * 60 * 60 * 1000));
    }

    #[test]
    fn a_session_over_its_budget_is_inconsistent() {
        let mut s = asking();
        s.env.config.limits.max_questions = 0;
        assert!(s.check_invariants().is_err());
    }

    #[test]
    fn without_the_detector_data_a_request_waits_for_it_and_the_host_is_asked_to_load_it() {
        crate::detect::data::without_data(|| {
            let mut s = Session::new(Config::default());
            let fx = s.handle(start("Plan a trip to Paris")).unwrap();
            assert!(fx.contains(&Effect::LoadDetector), "{fx:?}");
            assert_eq!(s.status(), Status::Analyzing);
            assert!(decided(&s, "detector_awaited"));
            assert_eq!(s.request(), Some("Plan a trip to Paris"));
            // The host could not load it: the request is answered as asked.
            let fx = s.handle(Input::DetectOffline { now: 2_000 }).unwrap();
            assert!(decided(&s, "detector_missing"));
            assert!(
                fx.iter()
                    .any(|e| matches!(e, Effect::RequestGeneration { .. })),
                "{fx:?}"
            );
            assert_ne!(s.status(), Status::AwaitingClarification);
        });
    }

    #[test]
    fn once_the_data_is_there_the_waiting_request_gets_its_questions() {
        let mut s = crate::detect::data::without_data(|| {
            let mut s = Session::new(Config::default());
            let _ = s.handle(start("Plan a trip to Paris")).unwrap();
            s
        });
        let fx = s.handle(Input::DetectOffline { now: 2_000 }).unwrap();
        assert!(fx.iter().any(|e| matches!(e, Effect::Ask { .. })), "{fx:?}");
        assert_eq!(s.status(), Status::AwaitingClarification);
        assert!(!decided(&s, "detector_missing"));
    }

    /// This build's columns file of `language`, as a browser would fetch it.
    fn columns_file(tag: &str) -> &'static [u8] {
        const FILES: [&[u8]; 7] = include!(concat!(env!("OUT_DIR"), "/columns_embedded.rs"));
        let i = ["ja", "ko", "es", "fr", "de", "pt", "it"]
            .iter()
            .position(|t| *t == tag)
            .unwrap();
        FILES[i]
    }

    fn asked(fx: &[Effect]) -> Option<String> {
        fx.iter().find_map(|e| {
            if let Effect::Ask { question, .. } = e {
                Some(question.text.clone())
            } else {
                None
            }
        })
    }

    #[test]
    fn a_request_in_a_language_whose_columns_are_not_installed_waits_for_them() {
        use crate::detect::data::{install_columns, without_columns};
        without_columns(|| {
            let mut s = Session::new(Config::default());
            let fx = s.handle(start("Planifica un viaje")).unwrap();
            let load = Effect::LoadColumns {
                language: Language::Spanish,
            };
            assert!(fx.contains(&load), "{fx:?}");
            assert!(!fx.contains(&Effect::LoadDetector), "{fx:?}");
            assert_eq!(s.status(), Status::Analyzing);
            assert!(decided(&s, "columns_awaited"));
            assert_eq!(s.columns_awaited(), Some(Language::Spanish));
            // A reload while it waits: the restored session still says what it waits for.
            let restored = Session::restore(&s.snapshot()).unwrap();
            assert_eq!(restored.columns_awaited(), Some(Language::Spanish));
            // The host installs them and replies: the question, in the request's language.
            install_columns(Language::Spanish, columns_file("es")).unwrap();
            let fx = s.handle(Input::DetectOffline { now: 2_000 }).unwrap();
            assert_eq!(asked(&fx).as_deref(), Some("¿Adónde quieres ir?"), "{fx:?}");
            assert_eq!(s.status(), Status::AwaitingClarification);
            assert_eq!(s.columns_awaited(), None);
        });
    }

    #[test]
    fn columns_that_could_not_be_had_answer_the_request_as_written_and_the_next_asks_again() {
        crate::detect::data::without_columns(|| {
            let mut s = Session::new(Config::default());
            let fx = s.handle(start("旅行の計画を立てて")).unwrap();
            let load = Effect::LoadColumns {
                language: Language::Japanese,
            };
            assert!(fx.contains(&load), "{fx:?}");
            // The fetch failed: the host replies all the same, and is not asked again.
            let fx = s.handle(Input::DetectOffline { now: 2_000 }).unwrap();
            assert!(!fx.contains(&load), "{fx:?}");
            assert_eq!(asked(&fx), None, "{fx:?}");
            assert_ne!(s.status(), Status::Analyzing);
            assert_eq!(s.request(), Some("旅行の計画を立てて"));
            let prompt = s.enriched_prompt().unwrap();
            assert!(
                prompt
                    .assumptions
                    .iter()
                    .any(|a| a == crate::phrase::Phrase::AssumeAsWritten.text(s.language())),
                "{:?}",
                prompt.assumptions
            );
            // The next request asks for them again.
            let _ = s.handle(Input::Reset).unwrap();
            let fx = s.handle(start("旅行の計画を立てて")).unwrap();
            assert!(fx.contains(&load), "{fx:?}");
        });
    }

    #[test]
    fn an_english_or_chinese_request_never_waits_for_columns() {
        crate::detect::data::without_columns(|| {
            for request in [
                "Plan a trip to Paris",
                "帮我写一份简报",
                "Plan een reis naar Rome",
            ] {
                let mut s = Session::new(Config::default());
                let fx = s.handle(start(request)).unwrap();
                assert!(
                    !fx.iter().any(|e| matches!(e, Effect::LoadColumns { .. })),
                    "{request}: {fx:?}"
                );
                assert_ne!(s.status(), Status::Analyzing, "{request}");
            }
        });
    }

    #[test]
    fn without_the_detector_data_the_columns_are_asked_for_once_it_is_there() {
        use crate::detect::data::{without_columns, without_data};
        without_columns(|| {
            let mut s = without_data(|| {
                let mut s = Session::new(Config::default());
                let fx = s.handle(start("Planifica un viaje")).unwrap();
                assert!(fx.contains(&Effect::LoadDetector), "{fx:?}");
                s
            });
            // The detector's data came: now the request's language is told, and its columns
            // asked for.
            let fx = s.handle(Input::DetectOffline { now: 2_000 }).unwrap();
            let load = Effect::LoadColumns {
                language: Language::Spanish,
            };
            assert!(fx.contains(&load), "{fx:?}");
            assert_eq!(s.status(), Status::Analyzing);
        });
    }

    fn start(request: &str) -> Input {
        Input::Start {
            request: request.into(),
            context: Context::default(),
            now: 1_000,
        }
    }

    fn decided(s: &Session, decision: &str) -> bool {
        s.trace().iter().any(|e| e.decision == decision)
    }

    type InputKindName = &'static str;

    #[test]
    fn an_assumption_several_questions_share_is_listed_once() {
        let mut s = asking();
        let pending = s.current_question().cloned().expect("a pending question");
        let State::Active(active) = &mut s.state else {
            panic!("a started session is active");
        };
        let c = &mut active.conversation;
        let shared = "Assume the most common interpretation and say so.";
        let question = |id: &str, assumption: &str| {
            let mut q = pending.clone();
            q.id = QuestionId(id.into());
            q.assumption = assumption.into();
            q
        };
        let skipped = Resolution {
            question: question("q-skipped", shared),
            answer: crate::protocol::input::Answer::Skipped,
            at: 1_000,
        };
        let unasked = vec![
            question("q-a", shared),
            question("q-b", "Assume a mid-range budget."),
            question("q-c", shared),
        ];
        c.resolutions.push(skipped);
        c.unasked = unasked;
        let prompt = c.prompt(Language::English);
        assert_eq!(
            prompt.assumptions,
            [shared, "Assume a mid-range budget."],
            "each distinct assumption once, in the order they first apply"
        );
        // Every question still left open is named: only the assumptions are merged.
        assert_eq!(prompt.open_questions.len(), 3);
    }

    #[test]
    fn a_request_whose_questions_share_an_assumption_lists_it_once() {
        for request in [
            "Which one should I buy?",
            "Is the dose I'm taking too high?",
        ] {
            let mut s = Session::new(Config {
                mode: crate::protocol::config::Mode::NonInteractive,
                ..Config::default()
            });
            s.handle(start(request)).unwrap();
            let prompt = s.enriched_prompt().expect("a started session has a prompt");
            assert!(prompt.open_questions.len() >= 2, "{request}: {prompt:?}");
            let mut distinct = prompt.assumptions.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(
                distinct.len(),
                prompt.assumptions.len(),
                "{request}: {:?}",
                prompt.assumptions
            );
        }
    }

    #[test]
    fn a_request_is_screened_as_start_checks_it() {
        let long = "a".repeat(crate::MAX_TEXT_BYTES + 1);
        for request in ["", " \n ", long.as_str(), "Plan a trip"] {
            let started = Session::new(Config::default())
                .handle(start(request))
                .map(|_| ());
            assert_eq!(Session::check_request(request), started, "{request:.20}");
        }
        assert_eq!(Session::check_request(""), Err(Error::EmptyRequest));
    }

    fn asking() -> Session {
        let mut s = Session::new(Config::default());
        s.handle(Input::Start {
            request: "Plan a trip to Paris".into(),
            context: Context::default(),
            now: 1_000,
        })
        .unwrap();
        assert_eq!(s.status(), Status::AwaitingClarification);
        s
    }
}
