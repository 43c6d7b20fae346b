//! The embedded detector as the session reaches it: through the [`Detector`] a process has,
//! so a build can leave the detector's code out and take it on demand.
//!
//! A native build (the `embedded-detector` feature: the CLI, the native tests) reaches the
//! detector compiled into it, [`BuiltIn`], with nothing to install. The browser builds leave
//! the detector out of the first load, its code as well as its data (about 40 KB of gzip a page
//! would otherwise download before anything is typed): a WebAssembly module of its own,
//! `clarify-detector.wasm`, built from this crate, holds [`BuiltIn`] and answers [`Call`]s
//! written as JSON ([`serve`]); the shell fetches it when the user starts a request, hands it
//! the detector's data, and [`install`]s a [`Relay`] that carries each call there and back.
//! Until one is installed a session that needs the detector asks for it
//! ([`Effect::LoadDetector`](crate::Effect::LoadDetector)) and waits, as it waits for the data.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::analysis::Analysis;
use crate::detect;
use crate::protocol::language::Language;
use crate::protocol::question::{Question, QuestionSource};
use crate::protocol::request::Message;

/// What the session asks of the offline detector.
pub trait Detector: Sync {
    /// Whether it can read requests: its data is there (installed, or compiled in).
    fn ready(&self) -> bool;
    /// The language whose columns it would read `request` with and does not have yet (see
    /// [`detect::columns_wanted`]).
    fn columns_wanted(&self, request: &str) -> Option<Language>;
    /// Whether it has the columns of `language`.
    fn columns_installed(&self, language: Language) -> bool;
    /// Its questions about `request` after `history`, worded in `language`, with their cues;
    /// `None` when it could not read the request at all.
    fn detect(&self, request: &str, history: &[Message], language: Language) -> Option<Verdict>;
    /// Its questions about what `text` points at and does not hold (a pronoun, a thing of the
    /// user's named and not given), after `history`, worded in `language`; `None` when `text`
    /// points at nothing unresolved.
    fn refers(&self, text: &str, history: &[Message], language: Language) -> Option<Vec<Question>>;
    /// The name of the language `text` is written in when it is neither English nor Chinese
    /// (see [`detect::unread_language`]).
    fn unread_language(&self, text: &str) -> Option<String>;
    /// Whether `request` is a task that works on the text it quotes (see
    /// [`detect::works_on_quote`]).
    fn works_on_quote(&self, request: &str) -> bool;
}

/// What the detector concluded about one request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    /// Whether to ask, and what.
    pub analysis: Analysis,
    /// The cue that made each question, in the questions' order; when nothing is asked, why.
    pub cues: Vec<String>,
    /// Nothing is asked because the request is in a language the detector does not read.
    pub as_written: bool,
}

/// Installs the detector's data from `bytes` (see [`detect::data::install_detector`]) and makes
/// the detector of this crate, [`BuiltIn`], the one sessions reach, unless another was
/// installed: what a host without the `embedded-detector` feature does once it has fetched
/// `clarify-detector.bin` (and the detector's own WebAssembly module, in its memory).
///
/// # Errors
/// [`DetectorDataError`](detect::data::DetectorDataError) for a file that is cut short,
/// damaged, of another format or of another build; nothing is installed then.
pub fn install_detector(bytes: &[u8]) -> Result<(), detect::data::DetectorDataError> {
    detect::data::install_detector(bytes)?;
    install(&BuiltIn);
    Ok(())
}

/// Makes `detector` the one every session of this process reaches. The first one installed
/// stays.
pub fn install(detector: &'static dyn Detector) {
    let _ = INSTALLED.set(detector);
}

/// The detector sessions reach: the one installed, else the one compiled in (the
/// `embedded-detector` feature), else none.
pub fn get() -> Option<&'static dyn Detector> {
    if let Some(installed) = INSTALLED.get() {
        return Some(*installed);
    }
    compiled_in()
}

/// Whether a detector that can read requests is there.
pub fn ready() -> bool {
    get().is_some_and(|d| d.ready())
}

static INSTALLED: OnceLock<&'static dyn Detector> = OnceLock::new();

#[cfg(feature = "embedded-detector")]
fn compiled_in() -> Option<&'static dyn Detector> {
    Some(&BuiltIn)
}

#[cfg(not(feature = "embedded-detector"))]
fn compiled_in() -> Option<&'static dyn Detector> {
    None
}

/// The detector of this crate (`detect`), with its data installed or compiled in.
#[derive(Debug, Clone, Copy)]
pub struct BuiltIn;

impl Detector for BuiltIn {
    fn ready(&self) -> bool {
        detect::data::detector_installed()
    }

    fn columns_wanted(&self, request: &str) -> Option<Language> {
        detect::columns_wanted(request)
    }

    fn columns_installed(&self, language: Language) -> bool {
        detect::data::columns_installed(language)
    }

    fn detect(&self, request: &str, history: &[Message], language: Language) -> Option<Verdict> {
        if !self.ready() {
            return None;
        }
        let (analysis, cues) = detect::detect_traced_in(request, history, language);
        let as_written = !analysis.needs_clarification && detect::not_read(request).is_some();
        Some(Verdict {
            analysis,
            cues,
            as_written,
        })
    }

    fn refers(&self, text: &str, history: &[Message], language: Language) -> Option<Vec<Question>> {
        let a = detect::assess_in(text, history, language);
        let refers = a.findings.iter().any(|f| is_reference_kind(f.kind));
        refers.then(|| {
            a.questions
                .into_iter()
                .filter(|q| is_reference_rule(&q.source))
                .collect()
        })
    }

    fn unread_language(&self, text: &str) -> Option<String> {
        detect::unread_language(text).map(str::to_owned)
    }

    fn works_on_quote(&self, request: &str) -> bool {
        detect::works_on_quote(request)
    }
}

/// Whether a detector finding means the text names nothing definite (missing context and
/// ambiguous references), as opposed to merely being terse.
fn is_reference_kind(kind: detect::Kind) -> bool {
    match kind {
        detect::Kind::MissingContext
        | detect::Kind::PronounWithoutAntecedent
        | detect::Kind::AmbiguousReference => true,
        detect::Kind::UnderspecifiedParameter | detect::Kind::UnderspecifiedRequest => false,
    }
}

fn is_reference_rule(source: &QuestionSource) -> bool {
    match source {
        QuestionSource::Detector { rule } => [
            detect::Kind::MissingContext,
            detect::Kind::PronounWithoutAntecedent,
            detect::Kind::AmbiguousReference,
        ]
        .iter()
        .any(|k| k.as_str() == rule),
        QuestionSource::Llm
        | QuestionSource::Document { .. }
        | QuestionSource::Catalog { .. }
        | QuestionSource::Step
        | QuestionSource::FollowUp { .. } => false,
    }
}

/// One question to a detector elsewhere, as [`Relay`] writes it and [`serve`] reads it. A
/// language is its tag.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "call", rename_all = "snake_case")]
pub enum Call {
    /// [`Detector::ready`]
    Ready,
    /// [`Detector::columns_wanted`]
    ColumnsWanted {
        /// The request.
        text: String,
    },
    /// [`Detector::columns_installed`]
    ColumnsInstalled {
        /// The language's tag.
        language: String,
    },
    /// [`Detector::detect`]
    Detect {
        /// The request.
        text: String,
        /// The conversation before it.
        history: Vec<Message>,
        /// The tag of the language its questions are worded in.
        language: String,
    },
    /// [`Detector::refers`]
    Refers {
        /// The text.
        text: String,
        /// The conversation before it.
        history: Vec<Message>,
        /// The tag of the language its questions are worded in.
        language: String,
    },
    /// [`Detector::unread_language`]
    UnreadLanguage {
        /// The text.
        text: String,
    },
    /// [`Detector::works_on_quote`]
    WorksOnQuote {
        /// The request.
        text: String,
    },
}

/// Answers `call` (a [`Call`]'s JSON) with [`BuiltIn`], as JSON: the answer of the trait's
/// method of the same name. What the detector's own WebAssembly module runs for each call.
///
/// # Errors
/// The words of the parse error when `call` is not a [`Call`].
pub fn serve(call: &str) -> Result<String, String> {
    let call: Call = serde_json::from_str(call).map_err(|e| e.to_string())?;
    let d = BuiltIn;
    let answer = match call {
        Call::Ready => serde_json::to_string(&d.ready()),
        Call::ColumnsWanted { text } => {
            serde_json::to_string(&d.columns_wanted(&text).map(Language::tag))
        }
        Call::ColumnsInstalled { language } => {
            serde_json::to_string(&d.columns_installed(Language::from_tag(&language)))
        }
        Call::Detect {
            text,
            history,
            language,
        } => serde_json::to_string(&d.detect(&text, &history, Language::from_tag(&language))),
        Call::Refers {
            text,
            history,
            language,
        } => serde_json::to_string(&d.refers(&text, &history, Language::from_tag(&language))),
        Call::UnreadLanguage { text } => serde_json::to_string(&d.unread_language(&text)),
        Call::WorksOnQuote { text } => serde_json::to_string(&d.works_on_quote(&text)),
    };
    answer.map_err(|e| e.to_string())
}

/// A [`Detector`] elsewhere, reached by `carry`: it takes a [`Call`]'s JSON and gives back the
/// answer's JSON ([`serve`]'s), or the words of what went wrong on the way. A call that fails,
/// or whose answer is not what the call expects, is answered as a detector without its data
/// would: not ready, nothing asked.
#[derive(Debug, Clone, Copy)]
pub struct Relay {
    /// Carries a call there and its answer back.
    pub carry: fn(&str) -> Result<String, String>,
}

impl Relay {
    fn ask<T: serde::de::DeserializeOwned>(&self, call: &Call) -> Option<T> {
        let call = serde_json::to_string(call).ok()?;
        let answer = (self.carry)(&call).ok()?;
        serde_json::from_str(&answer).ok()
    }
}

impl Detector for Relay {
    fn ready(&self) -> bool {
        self.ask(&Call::Ready).unwrap_or(false)
    }

    fn columns_wanted(&self, request: &str) -> Option<Language> {
        let tag: Option<String> = self.ask(&Call::ColumnsWanted {
            text: request.to_owned(),
        })?;
        tag.map(|t| Language::from_tag(&t))
    }

    fn columns_installed(&self, language: Language) -> bool {
        self.ask(&Call::ColumnsInstalled {
            language: language.tag().to_owned(),
        })
        .unwrap_or(false)
    }

    fn detect(&self, request: &str, history: &[Message], language: Language) -> Option<Verdict> {
        self.ask::<Option<Verdict>>(&Call::Detect {
            text: request.to_owned(),
            history: history.to_vec(),
            language: language.tag().to_owned(),
        })?
    }

    fn refers(&self, text: &str, history: &[Message], language: Language) -> Option<Vec<Question>> {
        self.ask::<Option<Vec<Question>>>(&Call::Refers {
            text: text.to_owned(),
            history: history.to_vec(),
            language: language.tag().to_owned(),
        })?
    }

    fn unread_language(&self, text: &str) -> Option<String> {
        self.ask::<Option<String>>(&Call::UnreadLanguage {
            text: text.to_owned(),
        })?
    }

    fn works_on_quote(&self, request: &str) -> bool {
        self.ask(&Call::WorksOnQuote {
            text: request.to_owned(),
        })
        .unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::request::Role;

    fn relay() -> Relay {
        Relay { carry: serve }
    }

    #[test]
    fn a_relayed_detector_answers_as_the_built_in_one() {
        let earlier = vec![Message::new(
            Role::User,
            "I'm going to Tokyo for a week in May with my wife".to_owned(),
        )];
        let cases: [(&str, &[Message], Language); 8] = [
            ("Plan a trip", &[], Language::English),
            ("Plan a trip", &[], Language::Traditional),
            ("Now plan the trip for us", &earlier, Language::English),
            ("Proofread the paragraph I wrote", &[], Language::English),
            ("帮我写一封请假邮件", &[], Language::Simplified),
            ("What is the capital of France?", &[], Language::English),
            ("Привет, как дела?", &[], Language::English),
            ("Tell me more about it", &[], Language::German),
        ];
        for (text, history, language) in cases {
            assert_eq!(
                relay().detect(text, history, language),
                BuiltIn.detect(text, history, language),
                "{text}"
            );
            assert_eq!(
                relay().refers(text, history, language),
                BuiltIn.refers(text, history, language),
                "{text}"
            );
            assert_eq!(relay().unread_language(text), BuiltIn.unread_language(text));
            assert_eq!(relay().columns_wanted(text), BuiltIn.columns_wanted(text));
            assert_eq!(relay().works_on_quote(text), BuiltIn.works_on_quote(text));
        }
        assert!(relay().ready());
        assert!(relay().columns_installed(Language::Spanish));
        assert!(!relay().columns_installed(Language::English));
    }

    #[test]
    fn a_relay_that_cannot_reach_its_detector_asks_nothing() {
        let dead = Relay {
            carry: |_| Err("the module is not there".to_owned()),
        };
        let garbled = Relay {
            carry: |_| Ok("{\"not\": \"an answer\"".to_owned()),
        };
        for relay in [dead, garbled] {
            assert!(!relay.ready());
            assert_eq!(relay.detect("Plan a trip", &[], Language::English), None);
            assert_eq!(
                relay.refers("Tell me more about it", &[], Language::English),
                None
            );
            assert_eq!(relay.columns_wanted("¿Me ayudas con esto?"), None);
            assert!(!relay.works_on_quote("Translate \"hello\" into French"));
        }
    }

    #[test]
    fn a_call_that_is_not_one_is_refused_with_its_reason() {
        let err = serve("{\"call\": \"launch\"}").unwrap_err();
        assert!(err.contains("launch"), "{err}");
    }
}
