//! Effects: work the host must carry out after a transition.

use serde::{Deserialize, Serialize};
use strum::{IntoStaticStr, VariantArray, VariantNames};

use crate::protocol::language::Language;
use crate::protocol::prompt::{EnrichedPrompt, HandoffPackage};
use crate::protocol::question::{Question, QuestionId};
use crate::protocol::request::ChatRequest;
use crate::protocol::status::{Progress, Status};

/// Work for the host, returned by [`Session::handle`](crate::Session::handle) in order.
#[must_use = "effects describe work the host must carry out"]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Effect {
    /// The status changed; update what the user sees.
    StatusChanged {
        /// The new status.
        status: Status,
    },
    /// Send `request` to the LLM; reply with [`Input::DetectionReceived`](crate::Input::DetectionReceived)
    /// or [`Input::DetectionFailed`](crate::Input::DetectionFailed).
    RequestDetection {
        /// The request to send.
        request: ChatRequest,
    },
    /// Show `question` and wait for its answer.
    Ask {
        /// The question.
        question: Question,
        /// "Question n of m".
        progress: Progress,
    },
    /// Run (or resume) a pipeline step; reply with [`Input::StepCompleted`](crate::Input::StepCompleted)
    /// or [`Input::StepNeedsClarification`](crate::Input::StepNeedsClarification).
    RunStep {
        /// The step's name.
        step: String,
        /// The prompt with everything gathered so far.
        prompt: EnrichedPrompt,
        /// What the step computed before it paused, when it is resuming.
        partial: Option<serde_json::Value>,
        /// Whether the step must not ask (its one question was used, or never-ask mode).
        allow_clarification: bool,
    },
    /// Produce the final answer from the enriched prompt: send `request` to the LLM (streamed), or
    /// offline, render [`EnrichedPrompt::offline_answer`]. Reply with chunks and
    /// [`Input::GenerationCompleted`](crate::Input::GenerationCompleted).
    RequestGeneration {
        /// The request to send.
        request: ChatRequest,
        /// The prompt it was built from.
        prompt: EnrichedPrompt,
    },
    /// Show a piece of the streamed answer.
    AppendAnswer {
        /// The piece.
        text: String,
    },
    /// The session is complete; deliver the answer.
    Complete {
        /// The final answer.
        answer: String,
        /// The prompt it was built from.
        prompt: EnrichedPrompt,
        /// The user stopped the answer while it streamed: `answer` is what had arrived.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        stopped: bool,
    },
    /// After the answer, a human takes over: show "Connecting you to an agent…".
    HandOff {
        /// Everything the agent needs.
        package: HandoffPackage,
    },
    /// The embedded detector is needed and its data is not installed (a wasm build, which
    /// leaves it out): fetch the data file, hand it to
    /// [`install_detector`](crate::install_detector), then reply
    /// [`Input::DetectOffline`](crate::Input::DetectOffline). Reply so also when the data could
    /// not be had: the request is then answered as asked, without questions. Until then the
    /// status is analyzing.
    LoadDetector,
    /// The request is written in a language the embedded detector reads by its columns
    /// (Japanese, Korean, Spanish, French, German, Portuguese, Italian) and that language's are
    /// not installed (a wasm build, which fetches each language's on demand): fetch its data
    /// file, `clarify-detector-<tag>.bin` (the detector's data too, if it is not installed),
    /// hand it to [`install_columns`](crate::install_columns), then reply
    /// [`Input::DetectOffline`](crate::Input::DetectOffline). Reply so also when it could not
    /// be had: the request is then answered as written, without questions, and the next
    /// request asks for it again. Until then the status is analyzing. Never emitted natively,
    /// where every language's columns are compiled in.
    LoadColumns {
        /// The language whose columns are wanted.
        language: Language,
    },
    /// Tell the user something that did not stop the session (a fallback, a limit reached).
    Notice {
        /// What happened, so a shell can word it for its reader: a widget's visitor, who has
        /// neither the settings nor the trace, gets a plain line of its own in place of
        /// `message`.
        kind: NoticeKind,
        /// What happened, in a sentence, in the conversation's language.
        message: String,
    },
    /// The next question is written in another language than the user's: send `request` to
    /// the LLM and reply with [`Input::TranslationReceived`](crate::Input::TranslationReceived)
    /// or [`Input::TranslationFailed`](crate::Input::TranslationFailed) naming `question`. The
    /// question is shown (an [`Effect::Ask`]) once the reply or the failure comes: translated,
    /// or as written.
    RequestTranslation {
        /// The question being translated; it keeps this id.
        question: QuestionId,
        /// The request to send.
        request: ChatRequest,
    },
}

/// What an [`Effect::Notice`] tells of, written as its snake-case name (`"timed_out"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, IntoStaticStr, VariantNames, VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum NoticeKind {
    /// The endpoint's detection failed; the embedded detector asked instead.
    DetectionFailed,
    /// The endpoint's detection reply could not be read; the embedded detector asked instead.
    DetectionUnreadable,
    /// The endpoint refused the detection request and nothing adapted fixed it (a
    /// [`NoticeKind::DetectionFailed`] notice follows with the fallback).
    DetectionRefused,
    /// The endpoint refused a question's translation and nothing adapted fixed it: the
    /// question is shown as written.
    TranslationRefused,
    /// The endpoint refused the answer's request and nothing adapted fixed it: the message
    /// names the settings to check (the model, the endpoint's kind).
    AnswerRefused,
    /// The pending question timed out and took its assumption.
    TimedOut,
    /// The host could not load the embedded detector's data (or a language's columns), so the
    /// request is answered as written. The engine never says this itself: a host that
    /// replies [`Input::DetectOffline`](crate::Input::DetectOffline) without the data tells
    /// it in its own words.
    DetectorMissing,
}
crate::unit_enum::impl_unit_enum!(NoticeKind);
