//! A sans-IO clarification engine: it reads no clock, makes no network call and touches no
//! storage, so the same code runs in the browser (WebAssembly), in a CLI and in tests.
//!
//! A [`Session`] notices an ambiguous request, asks at most [`Limits::max_questions`] questions one
//! at a time, critical first, and resumes the pipeline with an [`EnrichedPrompt`]. The host feeds
//! it [`Input`]s and carries out the [`Effect`]s that [`Session::handle`] returns.
//!
//! ```
//! use clarify_core::{Config, Effect, Input, UserAnswer, Session, Status};
//!
//! let mut session = Session::new(Config::default()); // offline: the embedded detector decides
//! let effects = session.handle(Input::Start {
//!     request: "Plan a trip to Paris".into(),
//!     context: Default::default(),
//!     now: 0,
//! })?;
//! let Some(Effect::Ask { question, .. }) = effects.last() else { panic!("expected a question") };
//! assert_eq!(session.status(), Status::AwaitingClarification);
//!
//! // The user picks the first option; the next question (critical first) follows.
//! let choice = question.options[0].id.clone();
//! let effects = session.handle(Input::Answer {
//!     question: question.id.clone(),
//!     answer: UserAnswer::Choices { choices: vec![choice] },
//!     now: 1_000,
//! })?;
//! assert!(matches!(effects.last(), Some(Effect::Ask { .. })));
//!
//! // "Continue anyway": the rest takes its stated assumptions, and generation starts.
//! let effects = session.handle(Input::SkipAll { now: 2_000 })?;
//! let Some(Effect::RequestGeneration { prompt, .. }) = effects.last() else { panic!() };
//! assert!(prompt.render().contains("A weekend"));
//! assert_eq!(session.status(), Status::Generating);
//!
//! // Offline, the host answers with the template; the session completes.
//! session.handle(Input::GenerationCompleted { text: prompt.offline_answer(), usage: None })?;
//! assert_eq!(session.status(), Status::Completed);
//! # Ok::<(), clarify_core::Error>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod tag_first;
pub mod text;
mod unit_enum;

mod protocol;

mod phrase;

pub mod analysis;
pub mod detect;
pub mod detector;
mod enrich;
pub mod exchange;
pub mod profile;
pub mod reasoning;
pub mod redact;
pub mod sources;
pub mod wire;

mod session;
mod snapshot;

pub mod demo;

pub use detect::columns_wanted;
pub use detect::data::{
    ColumnsDataError, DetectorDataError, columns_installed, detector_installed, install_columns,
};
pub use detector::install_detector;
pub use phrase::{Phrase, UnknownPhrase, fill_in, install as install_phrases};
pub use protocol::config::{Config, Detection, Limits, Mode};
pub use protocol::effect::{Effect, NoticeKind};
pub use protocol::error::{AnswerFault, Error, ReopenFault};
pub use protocol::input::{Answer, Context, Input, InputKind, MAX_TEXT_BYTES, UserAnswer};
pub use protocol::language::{Language, Tag};
pub use protocol::prompt::{EnrichedPrompt, HandoffPackage, Resolution, SourceDocument};
pub use protocol::question::{
    Choice, ChoiceId, Priority, Question, QuestionId, QuestionSource, Stage,
};
pub use protocol::request::{ChatRequest, Message, Purpose, Role, Usage};
pub use protocol::status::{PausedStep, Progress, Status, StepOutput};
pub use protocol::time::Millis;
pub use protocol::trace::{Counters, Layer, TraceEvent};
pub use session::Session;
pub use snapshot::{RestoreError, SNAPSHOT_VERSION};

/// The Rust examples of the README and the engine's guide, compiled and run as doctests so that
/// they cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
#[doc = include_str!("../../docs/engine.md")]
struct DocumentationExamples;
