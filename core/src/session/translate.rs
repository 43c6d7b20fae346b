//! The translation micro-chain: a question written in another language than the user's (a
//! knowledge-base question in English for a Chinese user, say) is translated by the LLM before
//! it is shown. The question keeps its id and its options' ids, so answers, repeat detection
//! and the budget do not notice; without an LLM, or when the translation fails, the question
//! is shown as written and the trace says why.

use super::{Active, After, Env, Phase};
use crate::analysis;
use crate::phrase::Phrase;
use crate::protocol::config::Detection;
use crate::protocol::effect::Effect;
use crate::protocol::language::{Language, Tag};
use crate::protocol::question::Question;
use crate::protocol::status::PausedStep;
use crate::protocol::trace::Layer;
use crate::text::preview;

impl Active {
    /// Shows `question` (`paused`, the step that paused for it), or first asks the LLM to
    /// translate it when it is written in another language than the user's and an LLM is
    /// configured.
    pub(super) fn translate_or_show(
        &mut self,
        question: Question,
        paused: Option<PausedStep>,
        env: &mut Env,
        fx: &mut Vec<Effect>,
    ) {
        let c = &self.conversation;
        let reader = reader_of(
            &question,
            &env.config.language,
            &c.request,
            c.language(&env.config),
        );
        match (reader, env.config.detection) {
            (None, Detection::Llm | Detection::Embedded) => {
                self.show(question, After::resume(paused), env, fx);
            }
            (Some(reader), Detection::Llm) => {
                let tag = reader.tag();
                env.counters.llm_calls = env.counters.llm_calls.saturating_add(1);
                env.say(
                    Layer::Llm,
                    "translation_requested",
                    Phrase::NoteTranslationRequested,
                    &[&preview(&question.text), tag],
                );
                fx.push(Effect::RequestTranslation {
                    question: question.id.clone(),
                    request: analysis::translation_request(&question, tag),
                });
                self.phase = Phase::Translating { question, paused };
            }
            (Some(reader), Detection::Embedded) => {
                env.say(
                    Layer::Llm,
                    "not_translated",
                    Phrase::NoteNotTranslated,
                    &[&preview(&question.text), reader.tag()],
                );
                self.show(question, After::resume(paused), env, fx);
            }
        }
    }

    /// Shows the translation in `text` of `question` (the question awaiting it, `paused` the
    /// step that paused for it), or the question as written when the reply is unusable or
    /// changes nothing.
    pub(super) fn translated(
        &mut self,
        question: Question,
        paused: Option<PausedStep>,
        text: &str,
        env: &mut Env,
        fx: &mut Vec<Effect>,
    ) {
        let shown = match analysis::parse_translation(text, &question) {
            Ok(translation) if translation != question => {
                env.say(
                    Layer::Llm,
                    "translated",
                    Phrase::NoteTranslated,
                    &[&preview(&question.text), &preview(&translation.text)],
                );
                translation
            }
            Ok(_) => {
                env.say(
                    Layer::Llm,
                    "translation_unusable",
                    Phrase::NoteTranslationNoChange,
                    &[],
                );
                question
            }
            Err(e) => {
                env.say(
                    Layer::Llm,
                    "translation_unusable",
                    Phrase::NoteTranslationUnusable,
                    &[&e.to_string()],
                );
                question
            }
        };
        self.show(shown, After::resume(paused), env, fx);
    }

    /// Shows `question` as written: its translation could not be had.
    pub(super) fn translation_failed(
        &mut self,
        question: Question,
        paused: Option<PausedStep>,
        reason: &str,
        env: &mut Env,
        fx: &mut Vec<Effect>,
    ) {
        env.say(
            Layer::Llm,
            "translation_failed",
            Phrase::NoteTranslationFailed,
            &[&reason.chars().take(240).collect::<String>()],
        );
        self.show(question, After::resume(paused), env, fx);
    }
}

/// The `reader`'s language when `question` is written in another one, else `None`.
///
/// English text for an English reader, the usual case, is settled by a pass over the bytes
/// without working out either language.
fn reader_of(question: &Question, tag: &str, request: &str, reader: Language) -> Option<Language> {
    let chinese_tag = Tag::read(tag) != Tag::Other;
    let ascii = !chinese_tag && request.is_ascii() && question.text.is_ascii();
    (!ascii && reader.differs_from(question)).then_some(reader)
}

#[cfg(test)]
mod tests {
    use crate::protocol::config::Config;
    use crate::protocol::effect::Effect;
    use crate::protocol::error::Error;
    use crate::protocol::input::{Context, Input, InputKind, UserAnswer};
    use crate::protocol::question::ChoiceId;
    use crate::protocol::status::Status;
    use crate::session::Session;

    const DOCUMENT: &str = r#"{"id": "crash", "title": "Crashes", "content": "Update the app.",
        "clarifying_questions": [{"text": "Which Android version?", "why": "Fixes differ.",
        "options": ["Android 14", "Android 13"], "priority": "critical"}]}"#;

    fn start(config: Config, request: &str) -> (Session, Vec<Effect>) {
        let mut s = Session::new(config);
        let fx = s
            .handle(Input::Start {
                request: request.into(),
                context: Context {
                    document: Some(serde_json::from_str(DOCUMENT).unwrap()),
                    ..Context::default()
                },
                now: 1,
            })
            .unwrap();
        (s, fx)
    }

    fn llm() -> Config {
        Config {
            detection: crate::protocol::config::Detection::Llm,
            ..Config::default()
        }
    }

    #[test]
    fn a_question_in_another_language_waits_for_its_translation() {
        let (mut s, fx) = start(llm(), "我的应用一直闪退");
        let Some(Effect::RequestTranslation { question, request }) = fx.last() else {
            panic!("{fx:?}")
        };
        assert!(request.messages[0].content.contains("Simplified Chinese"));
        assert_eq!(s.status(), Status::Analyzing);
        assert_eq!(
            s.current_question(),
            None,
            "not shown before its translation"
        );
        assert_eq!(s.deadline(), None, "its time starts when it is shown");
        assert!(s.accepts(InputKind::TranslationReceived));
        assert!(!s.accepts(InputKind::Message));
        // A snapshot taken mid-translation restores to the same session.
        assert_eq!(Session::restore(&s.snapshot()).unwrap(), s);
        let id = question.clone();
        let fx = s
            .handle(Input::TranslationReceived {
                question: id.clone(),
                text: r#"{"text": "哪个 Android 版本？", "options": ["安卓 14", "安卓 13"]}"#
                    .into(),
                usage: None,
            })
            .unwrap();
        let Some(Effect::Ask { question, progress }) = fx.last() else {
            panic!("{fx:?}")
        };
        assert_eq!((question.id.clone(), progress.current), (id.clone(), 1));
        assert_eq!(question.text, "哪个 Android 版本？");
        assert_eq!(question.options[1].id, ChoiceId("o2".into()));
        assert_eq!(question.options[1].label, "安卓 13");
        assert!(s.deadline().is_some());
        // The same reply again is stale: refused, nothing changes.
        let before = s.clone();
        let err = s.handle(Input::TranslationFailed {
            question: id,
            reason: "late".into(),
        });
        assert!(matches!(err, Err(Error::UnexpectedInput { .. })), "{err:?}");
        assert_eq!(s, before);
    }

    #[test]
    fn an_answer_given_during_the_translation_is_kept() {
        let (mut s, fx) = start(llm(), "我的应用一直闪退");
        let Some(Effect::RequestTranslation { question, .. }) = fx.last() else {
            panic!("{fx:?}")
        };
        s.handle(Input::Answer {
            question: question.clone(),
            answer: UserAnswer::Choices {
                choices: vec![ChoiceId("o1".into())],
            },
            now: 2,
        })
        .unwrap();
        assert_eq!(s.resolutions().len(), 1);
        let before = s.clone();
        assert!(
            s.handle(Input::TranslationReceived {
                question: question.clone(),
                text: "{}".into(),
                usage: None,
            })
            .is_err()
        );
        assert_eq!(s, before);
    }

    #[test]
    fn the_same_language_or_no_llm_shows_the_question_at_once() {
        let (s, fx) = start(llm(), "my app keeps crashing");
        assert!(matches!(fx.last(), Some(Effect::Ask { .. })), "{fx:?}");
        assert!(!s.trace().iter().any(|t| t.decision.starts_with("transl")));
        let (s, fx) = start(Config::default(), "我的应用一直闪退");
        assert!(matches!(fx.last(), Some(Effect::Ask { .. })), "{fx:?}");
        assert!(s.trace().iter().any(|t| t.decision == "not_translated"));
    }
}
