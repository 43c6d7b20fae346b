//! The shell around the engine: applies inputs, performs effects, feeds their results back.
//!
//! Everything the terminal does goes through two ports, so other front ends and transports plug
//! in without touching the loop:
//! - [`Llm`]: sends a [`ChatRequest`] and returns the reply text. [`Offline`] answers nothing
//!   (the engine then uses the embedded detector and the offline template); an
//!   OpenAI-compatible HTTP transport (`--endpoint URL --model NAME --api-key-env VAR`)
//!   implements the same trait.
//! - [`Asker`]: shows a question and returns the user's action.

use std::collections::VecDeque;

use clarify_core::exchange::CallReport;
use clarify_core::wire::FailureCode;
use clarify_core::{
    ChatRequest, Effect, EnrichedPrompt, HandoffPackage, Input, Millis, Progress, Question,
    Session, Usage, UserAnswer,
};

/// What a transport returns for one call.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LlmReply {
    /// The assistant's text.
    pub text: String,
    /// Token counts, if the endpoint reported them.
    pub usage: Option<Usage>,
}

/// Why a call failed: the failure's kind, when an endpoint was called, and what to tell the
/// user (the reason the session records).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LlmError {
    /// The kind of failure (`unreachable`, `timeout`…); `None` when no endpoint was called.
    pub code: Option<FailureCode>,
    /// What happened, in the conversation's language.
    pub message: String,
}

impl From<&str> for LlmError {
    /// A failure that no endpoint's call had: its message alone.
    fn from(message: &str) -> Self {
        Self {
            code: None,
            message: message.to_owned(),
        }
    }
}

/// A chat-completion transport.
pub trait Llm {
    /// Sends `request`; returns the assistant's reply, or why it failed.
    fn complete(&mut self, request: &ChatRequest) -> Result<LlmReply, LlmError>;

    /// Sends `request` streamed, calling `on_text` with each piece as it arrives. The default
    /// sends it whole and reports the text as one piece.
    fn stream(
        &mut self,
        request: &ChatRequest,
        on_text: &mut dyn FnMut(&str),
    ) -> Result<LlmReply, LlmError> {
        let reply = self.complete(request)?;
        on_text(&reply.text);
        Ok(reply)
    }

    /// Whether a real endpoint is behind this transport (otherwise generation uses the offline
    /// template).
    fn is_online(&self) -> bool;

    /// The report of the last call (what was adapted, a refusal), once; `None` when there is
    /// nothing to tell.
    fn take_report(&mut self) -> Option<CallReport> {
        None
    }
}

/// No endpoint: offline mode.
#[derive(Debug, Default)]
pub struct Offline;

impl Llm for Offline {
    fn complete(&mut self, _request: &ChatRequest) -> Result<LlmReply, LlmError> {
        Err("no LLM endpoint is configured".into())
    }

    fn is_online(&self) -> bool {
        false
    }
}

/// What the user did with a question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Answered it.
    Answer(UserAnswer),
    /// Skipped it.
    Skip,
    /// Skipped it and every remaining question ("Continue anyway").
    SkipAll,
}

/// Shows questions and notices to the user.
pub trait Asker {
    /// Shows `question` and returns what the user did.
    fn ask(&mut self, question: &Question, progress: Progress) -> Action;
    /// Tells the user something that did not stop the session.
    fn notice(&mut self, message: &str);
    /// Reports an input the engine refused (the question is asked again).
    fn refused(&mut self, error: &clarify_core::Error);
    /// Shows a piece of the final answer as it streams in from the endpoint.
    fn answer_text(&mut self, _text: &str) {}
    /// The answer could not be produced (`reason`); returns whether to try again (every answer
    /// is kept, no question is asked again). `kept` says whether the user gave any answer to
    /// keep. The default gives up.
    fn retry(&mut self, _reason: &str, _kept: bool) -> bool {
        false
    }
}

/// How a conversation ended.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    /// The final answer, if generation completed.
    pub answer: Option<String>,
    /// The enriched prompt the answer was built from.
    pub prompt: Option<EnrichedPrompt>,
    /// The handoff package, if a human takes over.
    pub handoff: Option<HandoffPackage>,
    /// Notices shown along the way.
    pub notices: Vec<String>,
    /// The kind of the last failed call for the answer, if one failed after an endpoint was
    /// called.
    pub failure: Option<FailureCode>,
}

/// Upper bound on inputs per conversation; the engine terminates far sooner, this only
/// guards the shell against a bug.
const MAX_STEPS: usize = 1_000;
/// Times a refused answer is asked again before the question is skipped.
const MAX_RETRIES: usize = 5;

/// Runs `start` to the end: performs every effect with `llm` and `asker` until the session
/// completes, hands off or fails.
pub fn run(
    session: &mut Session,
    start: Input,
    llm: &mut dyn Llm,
    asker: &mut dyn Asker,
) -> Result<Outcome, clarify_core::Error> {
    let mut outcome = Outcome::default();
    let mut clock: Millis = 0;
    let mut pending = VecDeque::from([start]);
    let mut steps = 0;
    while let Some(input) = pending.pop_front() {
        steps += 1;
        if steps > MAX_STEPS {
            break;
        }
        let failed = if let Input::GenerationFailed { reason } = &input {
            Some(reason.clone())
        } else {
            None
        };
        // What the session says about the call whose result `input` carries comes first.
        let told = llm
            .take_report()
            .map(|report| session.record_call(&report))
            .unwrap_or_default();
        let effects = told.into_iter().chain(session.handle(input)?);
        if let Some(reason) = failed
            && asker.retry(&reason, answered(session))
        {
            pending.push_back(Input::Retry);
        }
        for effect in effects {
            clock += 1;
            if let Some(next) = perform(session, effect, clock, llm, asker, &mut outcome) {
                pending.push_back(next);
            }
        }
    }
    Ok(outcome)
}

/// Whether the user gave any answer that informs the prompt (not a skip or "I don't know").
fn answered(session: &Session) -> bool {
    session
        .resolutions()
        .iter()
        .any(|r| r.answer.is_informative())
}

/// Carries out one effect; returns the input that reports its result, if any.
fn perform(
    session: &mut Session,
    effect: Effect,
    now: Millis,
    llm: &mut dyn Llm,
    asker: &mut dyn Asker,
    outcome: &mut Outcome,
) -> Option<Input> {
    match effect {
        Effect::StatusChanged { .. } | Effect::AppendAnswer { .. } => None,
        Effect::RequestDetection { request } => Some(match llm.complete(&request) {
            Ok(reply) => Input::DetectionReceived {
                text: reply.text,
                usage: reply.usage,
            },
            Err(e) => Input::DetectionFailed { reason: e.message },
        }),
        Effect::RequestTranslation { question, request } => Some(match llm.complete(&request) {
            Ok(reply) => Input::TranslationReceived {
                question,
                text: reply.text,
                usage: reply.usage,
            },
            Err(e) => Input::TranslationFailed {
                question,
                reason: e.message,
            },
        }),
        Effect::Ask { question, progress } => {
            Some(answer(session, &question, progress, now, asker))
        }
        Effect::RunStep { step, .. } => Some(Input::StepCompleted {
            step,
            output: serde_json::Value::Null,
        }),
        Effect::RequestGeneration { request, prompt } => {
            if !llm.is_online() {
                return Some(Input::GenerationCompleted {
                    text: prompt.offline_answer(),
                    usage: None,
                });
            }
            // Each piece is shown and fed to the engine as it arrives; the completed input then
            // carries no text, so the engine keeps what streamed.
            let result = llm.stream(&request, &mut |text| {
                asker.answer_text(text);
                let _ = session.handle(Input::GenerationChunk {
                    text: text.to_owned(),
                });
            });
            Some(match result {
                Ok(reply) => Input::GenerationCompleted {
                    text: String::new(),
                    usage: reply.usage,
                },
                Err(e) => {
                    outcome.failure = e.code;
                    Input::GenerationFailed { reason: e.message }
                }
            })
        }
        Effect::Complete { answer, prompt, .. } => {
            outcome.answer = Some(answer);
            outcome.prompt = Some(prompt);
            None
        }
        Effect::HandOff { package } => {
            outcome.handoff = Some(package);
            None
        }
        Effect::Notice { message, .. } => {
            asker.notice(&message);
            outcome.notices.push(message);
            None
        }
        // The CLI compiles the detector's data and every language's columns in (the
        // `embedded-detector` feature), so the engine never asks for them; were it asked, there
        // is nothing to fetch, and the request is answered as asked.
        Effect::LoadDetector | Effect::LoadColumns { .. } => Some(Input::DetectOffline { now }),
    }
}

/// Asks until the user gives an answer the engine accepts (checked on a copy of the session,
/// so a refused answer changes nothing), then returns it as the input.
fn answer(
    session: &Session,
    question: &Question,
    progress: Progress,
    now: Millis,
    asker: &mut dyn Asker,
) -> Input {
    for _ in 0..MAX_RETRIES {
        let input = to_input(question, asker.ask(question, progress), now);
        match session.clone().handle(input.clone()) {
            Ok(_) => return input,
            Err(e) => asker.refused(&e),
        }
    }
    Input::Skip {
        question: question.id.clone(),
        now,
    }
}

fn to_input(question: &Question, action: Action, now: Millis) -> Input {
    match action {
        Action::Answer(reply) => Input::Answer {
            question: question.id.clone(),
            answer: reply,
            now,
        },
        Action::Skip => Input::Skip {
            question: question.id.clone(),
            now,
        },
        Action::SkipAll => Input::SkipAll { now },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clarify_core::{Config, Detection, Purpose, UserAnswer};

    /// Answers a translation request with `translation`, or fails with `Err` when it is `None`;
    /// any other request is a test failure (the demo document supplies the questions).
    struct Translator {
        translation: Option<&'static str>,
        calls: Vec<Purpose>,
    }

    impl Llm for Translator {
        fn complete(&mut self, request: &ChatRequest) -> Result<LlmReply, LlmError> {
            self.calls.push(request.purpose);
            self.translation
                .map(|text| LlmReply {
                    text: text.into(),
                    usage: None,
                })
                .ok_or_else(|| "HTTP 503 from the endpoint".into())
        }

        fn is_online(&self) -> bool {
            false
        }
    }

    /// Shows nothing, answers each question with its first option, and keeps what it saw.
    #[derive(Default)]
    struct Shown(Vec<Question>);

    impl Asker for Shown {
        fn ask(&mut self, question: &Question, _progress: Progress) -> Action {
            self.0.push(question.clone());
            question.options.first().map_or(Action::Skip, |c| {
                Action::Answer(UserAnswer::Choices {
                    choices: vec![c.id.clone()],
                })
            })
        }
        fn notice(&mut self, _message: &str) {}
        fn refused(&mut self, error: &clarify_core::Error) {
            panic!("refused: {error}");
        }
    }

    fn run_crash_request(translation: Option<&'static str>) -> (Session, Translator, Shown) {
        let mut session = Session::new(Config {
            detection: Detection::Llm,
            ..Config::default()
        });
        let request = "我的应用一直闪退";
        let start = Input::Start {
            request: request.into(),
            context: clarify_core::demo::context(request, &[]),
            now: 0,
        };
        let mut llm = Translator {
            translation,
            calls: Vec::new(),
        };
        let mut shown = Shown::default();
        run(&mut session, start, &mut llm, &mut shown).expect("the conversation runs");
        (session, llm, shown)
    }

    #[test]
    fn an_english_document_question_is_shown_translated_with_its_ids() {
        let (session, llm, shown) = run_crash_request(Some(
            r#"{"text": "您的 Android 版本是多少？", "options": ["14 或更新", "13", "12", "11 或更旧"]}"#,
        ));
        assert_eq!(llm.calls.first(), Some(&Purpose::Translation));
        let first = &shown.0[0];
        assert_eq!(first.text, "您的 Android 版本是多少？");
        assert_eq!(first.options[0].label, "14 或更新");
        let original = &session.resolutions()[0].question;
        assert_eq!(first.id, original.id);
        assert!(session.status().is_terminal(), "{}", session.status());
    }

    #[test]
    fn a_failed_translation_shows_the_question_as_written() {
        let (session, _, shown) = run_crash_request(None);
        assert_eq!(shown.0[0].text, "Which Android version?");
        let reason = session
            .trace()
            .iter()
            .find(|t| t.decision == "translation_failed")
            .map(|t| t.reason.clone())
            .unwrap_or_default();
        assert!(reason.contains("HTTP 503"), "{reason}");
        assert_eq!(session.resolutions().len(), shown.0.len());
    }
}
