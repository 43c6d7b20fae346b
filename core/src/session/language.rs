//! The session's language and a question's: which one the user reads, which one a question
//! is written in, and so whether a question must be translated before it is shown.
//!
//! The engine tells English from Chinese, and Simplified from Traditional Chinese by the
//! characters only one of them uses (kanji beside kana are Japanese, not Chinese); the other
//! languages it writes are named by the configured tag, and a question's by the detector's
//! language identification ([`detect::unread_language`]).

use crate::detect;
use crate::protocol::language::{Language, Tag};
use crate::protocol::question::Question;
use crate::protocol::request::{Message, Role};
use crate::text::is_cjk;

impl Language {
    /// The session's language, from the configured tag and the request's own script: the
    /// language a tag names (Japanese for `ja`, Portuguese for `pt-BR`, Traditional for
    /// `zh-Hant`/`zh-TW`/`zh-HK`/`zh-MO`…) wins; else Chinese when the tag is `zh` or the
    /// request is written mostly in Chinese (Traditional for a request in Traditional
    /// characters), English otherwise. This is what
    /// [`Session::language`](crate::Session::language) says once a request is started; a
    /// shell may ask it before (to write its own first line in that language).
    pub fn of_session(tag: &str, request: &str) -> Self {
        let tagged = Tag::read(tag);
        match tagged {
            // The common case, an English request under a non-Chinese tag: one pass over bytes.
            Tag::Other if request.is_ascii() => Self::English,
            Tag::Named(language) => language,
            Tag::Other | Tag::Chinese => match Written::of(request) {
                // Traditional only on evidence: without marker characters either way, Simplified.
                Some(Written::Chinese(variant)) => variant.unwrap_or(Self::Simplified),
                Some(Written::English) | None if tagged == Tag::Chinese => Self::Simplified,
                Some(Written::English) | None => Self::English,
            },
        }
    }

    /// [`Language::of_session`] for a request after the user's earlier messages: a Chinese
    /// request with as many Traditional-only as Simplified-only characters ("那要煮多久？") is
    /// in the script of the user's last earlier message that shows one, unless the tag names it.
    pub fn of_conversation(tag: &str, request: &str, history: &[Message]) -> Self {
        let unmarked = !matches!(Tag::read(tag), Tag::Named(_))
            && Written::of(request) == Some(Written::Chinese(None));
        let earlier = || {
            (history.iter().rev().filter(|m| m.role == Role::User)).find_map(|m| match Written::of(
                &m.content,
            ) {
                Some(Written::Chinese(variant)) => variant,
                _ => None,
            })
        };
        unmarked
            .then(earlier)
            .flatten()
            .unwrap_or_else(|| Self::of_session(tag, request))
    }

    /// Whether `question` is written in another language than this one, and so should be
    /// translated before it is shown. Text in no clear language (digits, symbols) never is.
    pub(super) fn differs_from(self, question: &Question) -> bool {
        // The common case, English text for an English reader, costs one pass over bytes.
        if self == Self::English && question.text.is_ascii() {
            return false;
        }
        match Written::of(&question.text) {
            None => false,
            Some(Written::Chinese(variant)) => {
                !self.is_chinese() || variant.is_some_and(|v| v != self)
            }
            Some(Written::English) => {
                let named = crate::detector::get()
                    .and_then(|d| d.unread_language(&question.text))
                    .and_then(|name| Self::named(&name));
                named.unwrap_or(Self::English) != self
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
        if text.chars().any(detect::is_kana) {
            // Japanese: its kanji are not Chinese. The engine has no Japanese wording.
            return Some(Self::English);
        }
        let cjk = text.chars().filter(|&c| is_cjk(c)).count();
        let latin_words = text
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| !w.is_empty())
            .count();
        if cjk > 0 && cjk >= latin_words {
            let (traditional, simplified) = crate::text::script_markers(text);
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
    use crate::protocol::config::{Config, Detection};
    use crate::protocol::effect::Effect;
    use crate::protocol::input::{Context, Input, UserAnswer};
    use crate::protocol::question::{ChoiceId, QuestionId, QuestionSource, Stage};
    use crate::protocol::status::Status;
    use crate::session::Session;

    fn question(text: &str) -> Question {
        Question {
            id: QuestionId("q".into()),
            step: Stage::Request,
            text: text.into(),
            why: String::new(),
            options: Vec::new(),
            multiple: false,
            recommended: None,
            allow_skip: true,
            allow_free_text: true,
            priority: crate::protocol::question::Priority::Important,
            assumption: String::new(),
            source: QuestionSource::Llm,
        }
    }

    #[test]
    fn a_request_in_neither_script_takes_the_script_of_the_users_earlier_messages() {
        let told = |text: &str| vec![Message::new(Role::User, text.to_owned())];
        let traditional = told("我買了一包義大利麵，想做給小孩吃。");
        for (tag, history, expected) in [
            ("", traditional.clone(), Language::Traditional),
            ("zh", traditional.clone(), Language::Traditional),
            ("zh", told("我买了一包意大利面"), Language::Simplified),
            ("zh", Vec::new(), Language::Simplified),
            // The tag names the script: it wins.
            ("zh-CN", traditional.clone(), Language::Simplified),
        ] {
            let language = Language::of_conversation(tag, "那要煮多久？", &history);
            assert_eq!(language, expected, "{tag} {history:?}");
        }
        // The request's own script wins over the conversation's.
        let language = Language::of_conversation("", "那要煮多久呢？这个", &traditional);
        assert_eq!(language, Language::Simplified);
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
            // Kanji with kana is Japanese, never Chinese.
            ("en", "東京への旅行を計画して", Language::English),
            ("", "東京への旅行を計画して", Language::English),
        ] {
            assert_eq!(
                Language::of_session(tag, request),
                expected,
                "{tag} {request}"
            );
        }
        assert_eq!(Language::Traditional.tag(), "zh-Hant");
    }

    /// Every string in `effects` the user sees: questions (text, why, options, assumption),
    /// notices, the answer, the rendered prompt and the offline answer, the handoff package.
    /// Requests meant only for the LLM are left out: they may stay English.
    fn user_facing(effects: &[Effect]) -> Vec<String> {
        let mut out = Vec::new();
        for effect in effects {
            match effect {
                Effect::Ask { question, .. } => {
                    out.extend([
                        question.text.clone(),
                        question.why.clone(),
                        question.assumption.clone(),
                    ]);
                    for option in &question.options {
                        out.push(option.label.clone());
                        out.extend(option.description.clone());
                    }
                }
                Effect::Notice { message, .. } => out.push(message.clone()),
                Effect::AppendAnswer { text } => out.push(text.clone()),
                Effect::RunStep { prompt, .. } | Effect::RequestGeneration { prompt, .. } => {
                    out.extend([prompt.render(), prompt.offline_answer()]);
                    out.extend(prompt.assumptions.iter().cloned());
                }
                Effect::Complete { answer, prompt, .. } => {
                    out.extend([answer.clone(), prompt.render()]);
                }
                Effect::HandOff { package } => {
                    out.extend([package.reason.clone(), package.answer.clone()]);
                    out.extend(package.assumptions.iter().cloned());
                    out.extend(package.questions.iter().map(|r| r.answer_text()));
                }
                Effect::StatusChanged { .. }
                | Effect::RequestDetection { .. }
                | Effect::RequestTranslation { .. }
                | Effect::LoadDetector
                | Effect::LoadColumns { .. } => {}
            }
        }
        out
    }

    /// The sentences of `text` written in English only: two Latin words or more and no Chinese
    /// character. What the user typed (`<user_input>` blocks) is theirs and is left out, and so
    /// is quoted text ("…", “…”, 「…」), so an English sentence quoting Chinese still counts.
    fn english_sentences(text: &str) -> Vec<String> {
        let mut kept = String::new();
        let mut rest = text;
        while let Some(open) = rest.find("<user_input>") {
            let Some(close) = rest[open..].find("</user_input>") else {
                break;
            };
            kept.push_str(&rest[..open]);
            rest = &rest[open + close + "</user_input>".len()..];
        }
        kept.push_str(rest);
        let mut unquoted = String::new();
        let mut closing = None;
        for c in kept.chars() {
            match (closing, c) {
                (None, '"') => closing = Some('"'),
                (None, '“') => closing = Some('”'),
                (None, '「') => closing = Some('」'),
                (Some(end), c) if c == end => closing = None,
                (Some(_), '\n') => {
                    closing = None;
                    unquoted.push('\n');
                }
                (Some(_), _) => {}
                (None, c) => unquoted.push(c),
            }
        }
        unquoted
            .split(['\n', '.', '?', '!', ';', '。', '？', '！', '；'])
            .filter(|s| {
                let words = s
                    .split(|c: char| !c.is_ascii_alphabetic())
                    .filter(|w| w.len() >= 2)
                    .count();
                words >= 2 && !s.chars().any(is_cjk)
            })
            .map(|s| s.trim().to_owned())
            .collect()
    }

    /// One input, built from the effects so far.
    type Step<'a> = &'a dyn Fn(&[Effect]) -> Input;

    /// Runs `inputs` and returns every effect.
    fn run(session: &mut Session, inputs: &[Step<'_>]) -> Vec<Effect> {
        let mut all = Vec::new();
        for input in inputs {
            let input = input(&all);
            let effects = session
                .handle(input.clone())
                .unwrap_or_else(|e| panic!("{input:?} refused: {e}; effects so far {all:?}"));
            all.extend(effects);
        }
        all
    }

    fn last_question(effects: &[Effect]) -> QuestionId {
        effects
            .iter()
            .rev()
            .find_map(|e| {
                if let Effect::Ask { question, .. } = e {
                    Some(question.id.clone())
                } else {
                    None
                }
            })
            .expect("a question was asked")
    }

    fn offline(effects: &[Effect]) -> Input {
        let prompt = effects
            .iter()
            .rev()
            .find_map(|e| {
                if let Effect::RequestGeneration { prompt, .. } = e {
                    Some(prompt)
                } else {
                    None
                }
            })
            .expect("generation was requested");
        Input::GenerationCompleted {
            text: prompt.offline_answer(),
            usage: None,
        }
    }

    /// Conversations in Traditional Chinese that meet every sentence the engine writes: LLM
    /// questions skipped and timed out, a failed and an unreadable detection, a document and
    /// the catalog's questions, the offline answer and a handoff. Not one sentence the user
    /// sees is English only.
    #[test]
    fn a_traditional_chinese_session_shows_no_english_sentence() {
        let mut seen = llm_questions_skipped_and_timed_out();
        seen.extend(failed_detections_then_continue());
        seen.extend(document_and_catalog_questions());
        let count = |f: fn(&Effect) -> bool| seen.iter().filter(|e| f(e)).count();
        // A timeout and two fallbacks; four answers, one of them handed off.
        assert_eq!(count(|e| matches!(e, Effect::Notice { .. })), 3);
        assert_eq!(count(|e| matches!(e, Effect::Complete { .. })), 4);
        assert_eq!(count(|e| matches!(e, Effect::HandOff { .. })), 1);
        let english: Vec<String> = user_facing(&seen)
            .iter()
            .flat_map(|text| english_sentences(text))
            .collect();
        assert!(english.is_empty(), "English sentences: {english:#?}");
    }

    /// The trace the user can open is in the conversation's language and script too: a
    /// conversation set to Chinese whose request is English, an answer changed, a question
    /// skipped, the answer stopped, and Start over. The detector's cues (task and rule names,
    /// after "←") are identifiers and stay as they are.
    #[test]
    fn the_trace_of_a_chinese_conversation_is_in_its_script() {
        for (tag, traditional) in [("zh-Hant", true), ("zh-Hans", false)] {
            let mut s = Session::new(Config {
                language: tag.into(),
                ..Config::default()
            });
            let first = std::cell::RefCell::new(None);
            let choose = |id: &'static str| {
                move |fx: &[Effect]| Input::Answer {
                    question: last_question(fx),
                    answer: UserAnswer::Choices {
                        choices: vec![ChoiceId(id.into())],
                    },
                    now: 1_000,
                }
            };
            run(
                &mut s,
                &[
                    &start("Plan a trip to Paris"),
                    &|fx| {
                        *first.borrow_mut() = Some(last_question(fx));
                        choose("o1")(fx)
                    },
                    &|_| Input::Reopen {
                        question: first.borrow().clone().expect("asked"),
                        now: 2_000,
                    },
                    &choose("o2"),
                    &|fx| Input::Skip {
                        question: last_question(fx),
                        now: 3_000,
                    },
                    &|_| Input::GenerationChunk {
                        text: "第一天".into(),
                    },
                    &|_| Input::GenerationStopped,
                    &|_| Input::Reset,
                ],
            );
            let decisions: Vec<&str> = s.trace().iter().map(|t| t.decision.as_str()).collect();
            for d in ["started", "detected", "question_asked", "answer_recorded"] {
                assert!(decisions.contains(&d), "{tag}: no {d} in {decisions:?}");
            }
            for d in [
                "answer_reopened",
                "answer_changed",
                "generation_stopped",
                "reset",
            ] {
                assert!(decisions.contains(&d), "{tag}: no {d} in {decisions:?}");
            }
            for t in s.trace() {
                let reason = t.reason.split(" ← ").next().unwrap_or_default();
                let chinese = reason.chars().filter(|&c| is_cjk(c)).count();
                assert!(chinese >= 2, "{tag} {}: {}", t.decision, t.reason);
                assert!(
                    english_sentences(reason).is_empty(),
                    "{tag} {}: {}",
                    t.decision,
                    t.reason
                );
                let (only_traditional, only_simplified) = crate::text::script_markers(reason);
                let other = if traditional {
                    only_simplified
                } else {
                    only_traditional
                };
                assert_eq!(other, 0, "{tag} {}: {}", t.decision, t.reason);
            }
        }
    }

    /// A Config that detects with the LLM, in the language `tag`, with a one-minute timeout.
    fn llm(tag: &str) -> Config {
        Config {
            detection: Detection::Llm,
            language: tag.into(),
            question_timeout_ms: Some(60_000),
            ..Config::default()
        }
    }

    /// A step of [`run`] that starts `request` at time 0.
    fn start(request: &'static str) -> impl Fn(&[Effect]) -> Input {
        move |_: &[Effect]| Input::Start {
            request: request.into(),
            context: Context::default(),
            now: 0,
        }
    }

    /// The LLM's questions in Traditional Chinese: one skipped, one timed out; then the offline
    /// answer.
    fn llm_questions_skipped_and_timed_out() -> Vec<Effect> {
        let reply = r#"{"needs_clarification": true, "questions": [
            {"question": "要寄給誰？", "options": ["主管", "客戶"], "recommended": 2,
             "priority": "critical"},
            {"question": "大約要寫多長？", "options": ["一段", "一頁"], "priority": "important"}]}"#;
        let mut seen = Vec::new();
        let mut s = Session::new(llm("en"));
        seen.extend(run(
            &mut s,
            &[
                &start("幫我寫一封請假的郵件給大家"),
                &|_| Input::DetectionReceived {
                    text: reply.into(),
                    usage: None,
                },
                &|fx| Input::Skip {
                    question: last_question(fx),
                    now: 1_000,
                },
                &|_| Input::Tick { now: 120_000 },
                &offline,
            ],
        ));
        assert_eq!(s.status(), Status::Completed);
        assert_eq!(s.language(), Language::Traditional);

        seen
    }

    /// Sessions in each language past English and Chinese (a detection that failed, then
    /// "Continue anyway"; the detector's questions skipped and timed out; the offline answer)
    /// show none of the engine's English wordings: its notices, assumptions and the enriched
    /// prompt's headings are in the session's language.
    #[test]
    fn a_session_in_each_other_language_shows_none_of_the_engines_english() {
        use crate::phrase::Phrase;
        // The English wordings' fragments between slots long enough to be telling.
        let fragments: Vec<&str> = Phrase::ALL
            .iter()
            .flat_map(|p| p.english().split(['{', '}']))
            .map(str::trim)
            .filter(|f| f.len() >= 12 && f.contains(' '))
            .collect();
        for tag in ["ja", "ko", "es", "fr", "de", "pt", "it"] {
            let mut seen = Vec::new();
            let mut offline_session = Session::new(Config {
                language: tag.into(),
                question_timeout_ms: Some(60_000),
                ..Config::default()
            });
            seen.extend(run(
                &mut offline_session,
                &[
                    &start("Plan a trip to Paris"),
                    &|fx| Input::Skip {
                        question: last_question(fx),
                        now: 1_000,
                    },
                    &|_| Input::Tick { now: 120_000 },
                    &offline,
                ],
            ));
            assert_eq!(offline_session.status(), Status::Completed, "{tag}");
            let mut failed = Session::new(llm(tag));
            seen.extend(run(
                &mut failed,
                &[
                    &start("Plan a trip to Paris"),
                    &|_| Input::DetectionFailed {
                        reason: "HTTP 502".into(),
                    },
                    &|_| Input::SkipAll { now: 1_000 },
                    &offline,
                ],
            ));
            let count = |f: fn(&Effect) -> bool| seen.iter().filter(|e| f(e)).count();
            assert!(
                count(|e| matches!(e, Effect::Notice { .. })) >= 2,
                "{tag}: {seen:?}"
            );
            for text in user_facing(&seen) {
                for fragment in &fragments {
                    assert!(!text.contains(fragment), "{tag}: {fragment:?} in {text}");
                }
            }
        }
    }

    /// A failed detection, then "Continue anyway"; an unreadable one, then the same.
    fn failed_detections_then_continue() -> Vec<Effect> {
        let mut seen = Vec::new();
        for detection in [
            Input::DetectionFailed {
                reason: "HTTP 502".into(),
            },
            Input::DetectionReceived {
                text: "<html>502</html>".into(),
                usage: None,
            },
        ] {
            let mut s = Session::new(llm("zh-TW"));
            seen.extend(run(
                &mut s,
                &[
                    &start("悠遊卡 投遞的格式、成效"),
                    &|_| detection.clone(),
                    &|_| Input::SkipAll { now: 1_000 },
                    &offline,
                ],
            ));
            assert_eq!(s.status(), Status::Completed);
        }

        seen
    }

    /// A document that needs a human (one question without a reason), and the catalog: a name
    /// with three entries and a quoted one with none.
    fn document_and_catalog_questions() -> Vec<Effect> {
        let mut seen = Vec::new();
        let context: Context = serde_json::from_str(
            r#"{"document": {"id": "refund", "title": "退費與重複扣款", "content": "重複扣款會全額退費。",
                 "clarifying_questions": ["是哪一筆訂單？"], "requires_handoff": true},
                "entities": [
                 {"mention": "悠遊卡", "matches": [
                   {"id": "a", "name": "悠遊卡", "description": "品牌形象活動"},
                   {"id": "b", "name": "悠遊卡", "description": "學生卡推廣活動"},
                   {"id": "c", "name": "悠遊卡", "description": "聯名信用卡活動"}]},
                 {"mention": "黑卡", "matches": []}]}"#,
        )
        .expect("a context");
        let mut s = Session::new(Config {
            language: "zh-Hant".into(),
            ..Config::default()
        });
        seen.extend(run(
            &mut s,
            &[
                &|_| Input::Start {
                    request: "悠遊卡和「黑卡」被重複扣款了，我要退費".into(),
                    context: context.clone(),
                    now: 0,
                },
                &|fx| Input::Answer {
                    question: last_question(fx),
                    answer: UserAnswer::Choices {
                        choices: vec![ChoiceId("b".into())],
                    },
                    now: 1_000,
                },
                &|fx| Input::Skip {
                    question: last_question(fx),
                    now: 2_000,
                },
                &|fx| Input::Skip {
                    question: last_question(fx),
                    now: 3_000,
                },
                &offline,
            ],
        ));
        assert_eq!(s.status(), Status::HandedOff);
        assert_eq!(s.resolutions().len(), 3, "{:?}", s.resolutions());

        seen
    }

    /// Every refusal a user can meet, told in Traditional Chinese without an English sentence,
    /// while its `Display` (for logs) stays as it was.
    #[test]
    fn refusals_are_told_in_the_users_language() {
        let mut s = Session::new(Config {
            detection: Detection::Llm,
            ..Config::default()
        });
        let mut refusals = Vec::new();
        let mut refuse = |s: &mut Session, input: Input| {
            let before = s.clone();
            let e = s.handle(input).expect_err("refused");
            assert_eq!(*s, before);
            refusals.push(e);
        };
        refuse(&mut s, Input::Retry);
        refuse(
            &mut s,
            Input::Start {
                request: " ".into(),
                context: Context::default(),
                now: 0,
            },
        );
        ask_two_questions(&mut s);
        let pending = s.current_question().expect("a question").id.clone();
        let choose = |ids: &[&str]| UserAnswer::Choices {
            choices: ids.iter().map(|id| ChoiceId((*id).into())).collect(),
        };
        for answer in [
            choose(&[]),
            choose(&["o1", "o1"]),
            choose(&["o9"]),
            UserAnswer::Text { text: "  ".into() },
            UserAnswer::Text {
                text: "長".repeat(crate::protocol::input::MAX_TEXT_BYTES),
            },
        ] {
            refuse(
                &mut s,
                Input::Answer {
                    question: pending.clone(),
                    answer,
                    now: 1,
                },
            );
        }
        refuse(
            &mut s,
            Input::Answer {
                question: QuestionId("q-elsewhere".into()),
                answer: choose(&["o1"]),
                now: 1,
            },
        );
        for question in [pending.clone(), QuestionId("q-elsewhere".into())] {
            refuse(&mut s, Input::Reopen { question, now: 1 });
        }
        s.handle(Input::Answer {
            question: pending,
            answer: choose(&["o1", "o2"]),
            now: 2,
        })
        .expect("several allowed");
        let single = s.current_question().expect("the second").id.clone();
        refuse(
            &mut s,
            Input::Answer {
                question: single,
                answer: choose(&["o1", "o2"]),
                now: 3,
            },
        );
        assert_eq!(refusals.len(), 11, "{refusals:?}");
        for e in &refusals {
            let said = e.in_words(Language::Traditional);
            assert!(said.chars().any(is_cjk), "{e}: {said}");
            assert!(english_sentences(&said).is_empty(), "{e}: {said}");
            assert!(!said.contains("q-"), "an id is no words for a user: {said}");
        }
        // English stays as the Display said it, less the ids.
        let several = refusals.last().expect("one");
        assert_eq!(
            several.in_words(Language::English),
            "The answer was not accepted: several options chosen on a single-choice question."
        );
        assert_eq!(
            several.in_words(Language::Simplified),
            "回答未被接受：这是单选题，却选了多个选项。"
        );
    }

    /// Starts a Traditional-Chinese trip request on `s` and gives it the LLM's two questions:
    /// cities (several may be chosen), then companions (one).
    fn ask_two_questions(s: &mut Session) {
        s.handle(Input::Start {
            request: "幫我規劃一趟旅行".into(),
            context: Context::default(),
            now: 0,
        })
        .expect("started");
        s.handle(Input::DetectionReceived {
            text: r#"{"needs_clarification": true, "questions": [
                {"question": "想去哪些城市？", "options": ["台北", "台南", "花蓮"], "multiple": true},
                {"question": "幾個人同行？", "options": ["一人", "兩人"]}]}"#
                .into(),
            usage: None,
        })
        .expect("questions");
    }

    #[test]
    fn the_english_sentence_check_finds_english_and_spares_user_text() {
        assert_eq!(
            english_sentences("假設為中等預算。\nThe question timed out; continuing."),
            ["The question timed out"]
        );
        assert!(english_sentences("問題：Which Android version?").is_empty());
        assert_eq!(
            english_sentences("Which \"悠遊卡\" do you mean?"),
            ["Which  do you mean"]
        );
        assert!(english_sentences("「Which city?」未獲回答。").is_empty());
        assert!(english_sentences("<user_input>plan a trip</user_input>\n").is_empty());
        assert!(english_sentences("<user_input> 區塊裡的文字").is_empty());
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
