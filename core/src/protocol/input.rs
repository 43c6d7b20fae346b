//! Inputs: facts and commands from the world outside the engine.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::protocol::document::{Document, EntityLookup};
use crate::protocol::question::{ChoiceId, QuestionId};
use crate::protocol::request::{Message, Usage};
use crate::protocol::time::Millis;
use strum::{IntoStaticStr, VariantArray, VariantNames};

/// The longest user text (a request, a message, a typed answer) the engine accepts, in bytes.
///
/// Longer text is refused with [`Error::TextTooLong`](crate::Error::TextTooLong) and the session
/// is unchanged, so a pasted megabyte never reaches a prompt or a snapshot, and a pending
/// question stays pending. 64 KiB is far more than any question needs.
pub const MAX_TEXT_BYTES: usize = 64 * 1024;

/// Something that happened outside the engine; fed to [`Session::handle`](crate::Session::handle).
///
/// In JSON an input is an object tagged by `type`, e.g. `{"type": "skip", "question": "q-…"}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Input {
    /// The user submitted a request.
    Start {
        /// The request as typed.
        request: String,
        /// What the host already knows: history, a retrieved document, entity lookups.
        #[serde(default)]
        context: Context,
        /// The time of submission.
        now: Millis,
    },
    /// A chat message from the user. While a question is pending it IS that question's answer
    /// (a number picks an option, `?` means "I don't know", anything else is free text) and never
    /// a new request (so "12" answers "Which Android version?"). When idle it starts a new request;
    /// after a finished exchange, that exchange is its history and none of the questions it
    /// showed, answered or skipped, is shown again.
    Message {
        /// The text as typed.
        text: String,
        /// The time it was sent.
        now: Millis,
    },
    /// The LLM answered the detection request.
    DetectionReceived {
        /// The assistant message's text (JSON, parsed leniently); an unreadable one falls back
        /// to the embedded detector. Named `reply` in JSON.
        #[serde(rename = "reply")]
        text: String,
        /// Token counts, if the endpoint reported them.
        #[serde(default)]
        usage: Option<Usage>,
    },
    /// The detection request could not be completed (network, HTTP error, timeout, cancel).
    DetectionFailed {
        /// Why, for the trace and the user notice.
        reason: String,
    },
    /// The user chose not to wait for the endpoint's detection: the embedded detector looks at
    /// the request now, and the endpoint's reply, should it still come, is refused. Only the
    /// detection is given up; the answer is still the endpoint's. Accepted while detection runs.
    DetectOffline {
        /// The time of the choice.
        now: Millis,
    },
    /// The user answered the pending question.
    Answer {
        /// The question answered; must be the pending one.
        question: QuestionId,
        /// What they said. Named `reply` in JSON.
        #[serde(rename = "reply")]
        answer: UserAnswer,
        /// The time of the answer.
        now: Millis,
    },
    /// The user skipped the pending question ("I don't know" when given as a button, or "Skip").
    Skip {
        /// The question skipped; must be the pending one.
        question: QuestionId,
        /// The time of the skip.
        now: Millis,
    },
    /// "Change": the user wants to change the answer to `question`, answered earlier in the
    /// request's clarification while another question is still pending. That question comes
    /// back as the pending one (its earlier answer stands until a new one is given, and is
    /// [`Session::reopened_answer`](crate::Session::reopened_answer)); answering it replaces the
    /// earlier answer, and the question that was pending comes back after it. Refused once a
    /// pipeline step or generation has started.
    Reopen {
        /// The answered question to change.
        question: QuestionId,
        /// The time of the request.
        now: Millis,
    },
    /// "Continue anyway" / skip all: the pending question and every queued one are declined,
    /// nothing more is asked in this conversation, and the engine proceeds with the assumptions
    ///. Accepted while a question is pending or while detection runs.
    SkipAll {
        /// The time of the request.
        now: Millis,
    },
    /// Time passed; a pending question past its deadline times out.
    Tick {
        /// The current time.
        now: Millis,
    },
    /// A pipeline step finished.
    StepCompleted {
        /// The step's name, as in [`Config::steps`](crate::Config::steps).
        step: String,
        /// The step's output, kept as the pipeline's partial result.
        output: serde_json::Value,
    },
    /// A pipeline step wants to ask one question before it can finish.
    StepNeedsClarification {
        /// The step's name.
        step: String,
        /// The step's clarification request as JSON text (`needs_clarification` plus either
        /// `clarification_question` and `clarification_options` or `ambiguity_details`). Named
        /// `reply` in JSON.
        #[serde(rename = "reply")]
        json: String,
        /// What the step computed so far; given back when the step resumes.
        #[serde(default)]
        partial: serde_json::Value,
    },
    /// A piece of the streamed final answer.
    GenerationChunk {
        /// The text of the piece.
        text: String,
    },
    /// The final answer is complete.
    GenerationCompleted {
        /// The whole answer; if empty, the streamed chunks are used.
        #[serde(default)]
        text: String,
        /// Token counts, if the endpoint reported them.
        #[serde(default)]
        usage: Option<Usage>,
    },
    /// The user stopped the answer while it streamed: what arrived is the answer, and the session
    /// records that it was stopped (see [`Session::stopped`](crate::Session::stopped)).
    GenerationStopped,
    /// The final answer could not be produced; the session fails but keeps every answer.
    GenerationFailed {
        /// Why.
        reason: String,
    },
    /// Retry the failed generation (or step) with everything gathered so far.
    Retry,
    /// Forget everything and return to idle ("Start over").
    Reset,
    /// The LLM answered a translation request.
    TranslationReceived {
        /// The question the request translated; must be the one awaiting its translation.
        question: QuestionId,
        /// The assistant message's text (JSON, parsed leniently); an unreadable one leaves the
        /// question as written. Named `reply` in JSON.
        #[serde(rename = "reply")]
        text: String,
        /// Token counts, if the endpoint reported them.
        #[serde(default)]
        usage: Option<Usage>,
    },
    /// The translation request could not be completed (no endpoint, network, HTTP error,
    /// timeout, cancel); the question is shown as written.
    TranslationFailed {
        /// The question the request translated; must be the one awaiting its translation.
        question: QuestionId,
        /// Why, for the trace.
        reason: String,
    },
}

impl Input {
    /// The input's kind, as used in errors and by [`Session::accepts`](crate::Session::accepts).
    pub fn kind(&self) -> InputKind {
        match self {
            Self::Start { .. } => InputKind::Start,
            Self::Message { .. } => InputKind::Message,
            Self::DetectionReceived { .. } => InputKind::DetectionReceived,
            Self::DetectionFailed { .. } => InputKind::DetectionFailed,
            Self::DetectOffline { .. } => InputKind::DetectOffline,
            Self::Answer { .. } => InputKind::Answer,
            Self::Skip { .. } => InputKind::Skip,
            Self::Reopen { .. } => InputKind::Reopen,
            Self::SkipAll { .. } => InputKind::SkipAll,
            Self::Tick { .. } => InputKind::Tick,
            Self::StepCompleted { .. } => InputKind::StepCompleted,
            Self::StepNeedsClarification { .. } => InputKind::StepNeedsClarification,
            Self::GenerationChunk { .. } => InputKind::GenerationChunk,
            Self::GenerationCompleted { .. } => InputKind::GenerationCompleted,
            Self::GenerationStopped => InputKind::GenerationStopped,
            Self::GenerationFailed { .. } => InputKind::GenerationFailed,
            Self::Retry => InputKind::Retry,
            Self::Reset => InputKind::Reset,
            Self::TranslationReceived { .. } => InputKind::TranslationReceived,
            Self::TranslationFailed { .. } => InputKind::TranslationFailed,
        }
    }
}

/// What the host knows about a request when it starts.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Context {
    /// Earlier messages of the conversation, oldest first.
    #[serde(default)]
    pub history: Vec<Message>,
    /// The knowledge-base document retrieval found for the request, if any.
    #[serde(default)]
    pub document: Option<Document>,
    /// Entity catalog lookups for the names the request mentions.
    #[serde(default)]
    pub entities: Vec<EntityLookup>,
}

/// What the user said to a question (as given). Stored as an [`Answer`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum UserAnswer {
    /// One or more options (several only where the question allows it).
    Choices {
        /// The chosen options' ids.
        choices: Vec<ChoiceId>,
    },
    /// Free text.
    Text {
        /// The text.
        text: String,
    },
    /// Options plus a free-text note.
    ChoicesWithText {
        /// The chosen options' ids.
        choices: Vec<ChoiceId>,
        /// The note.
        text: String,
    },
    /// "I don't know — use your best judgment".
    DontKnow,
}

/// How a question was resolved. The variants are never conflated. JSON: `{"kind": "text",
/// "text": …}`, the tag first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self", rename_all = "snake_case")]
pub enum Answer {
    /// The user chose option(s).
    Choices {
        /// The chosen options' ids.
        choices: Vec<ChoiceId>,
    },
    /// The user typed an answer.
    Text {
        /// The text.
        text: String,
    },
    /// The user chose option(s) and added a note.
    ChoicesWithText {
        /// The chosen options' ids.
        choices: Vec<ChoiceId>,
        /// The note.
        text: String,
    },
    /// The user said "I don't know"; the assumption applies.
    DontKnow,
    /// The user skipped the question; the assumption applies.
    Skipped,
    /// The user declined all questions ("Continue anyway") or never-ask mode skipped it.
    Declined,
    /// Nobody answered before the deadline.
    TimedOut,
}
crate::tag_first::impl_tag_first!(Answer, "kind");

impl Answer {
    /// Whether the user supplied information (as opposed to the assumption applying).
    pub fn is_informative(&self) -> bool {
        match self {
            Self::Choices { .. } | Self::Text { .. } | Self::ChoicesWithText { .. } => true,
            Self::DontKnow | Self::Skipped | Self::Declined | Self::TimedOut => false,
        }
    }

    /// The words the user wrote, if the answer has any: a free answer's text, with or without
    /// options chosen.
    pub fn free_text(&self) -> Option<&str> {
        match self {
            Self::Text { text } | Self::ChoicesWithText { text, .. } => Some(text),
            Self::Choices { .. }
            | Self::DontKnow
            | Self::Skipped
            | Self::Declined
            | Self::TimedOut => None,
        }
    }
}

impl From<UserAnswer> for Answer {
    fn from(reply: UserAnswer) -> Self {
        match reply {
            UserAnswer::Choices { choices } => Self::Choices { choices },
            UserAnswer::Text { text } => Self::Text { text },
            UserAnswer::ChoicesWithText { choices, text } => {
                Self::ChoicesWithText { choices, text }
            }
            UserAnswer::DontKnow => Self::DontKnow,
        }
    }
}

/// The kinds of [`Input`](crate::Input), for errors and for [`Session::accepts`](crate::Session::accepts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, IntoStaticStr, VariantNames, VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum InputKind {
    /// [`Input::Start`](crate::Input::Start).
    Start,
    /// [`Input::Message`](crate::Input::Message).
    Message,
    /// [`Input::DetectionReceived`](crate::Input::DetectionReceived).
    DetectionReceived,
    /// [`Input::DetectionFailed`](crate::Input::DetectionFailed).
    DetectionFailed,
    /// [`Input::DetectOffline`](crate::Input::DetectOffline).
    DetectOffline,
    /// [`Input::Answer`](crate::Input::Answer).
    Answer,
    /// [`Input::Skip`](crate::Input::Skip).
    Skip,
    /// [`Input::Reopen`](crate::Input::Reopen).
    Reopen,
    /// [`Input::SkipAll`](crate::Input::SkipAll).
    SkipAll,
    /// [`Input::Tick`](crate::Input::Tick).
    Tick,
    /// [`Input::StepCompleted`](crate::Input::StepCompleted).
    StepCompleted,
    /// [`Input::StepNeedsClarification`](crate::Input::StepNeedsClarification).
    StepNeedsClarification,
    /// [`Input::GenerationChunk`](crate::Input::GenerationChunk).
    GenerationChunk,
    /// [`Input::GenerationCompleted`](crate::Input::GenerationCompleted).
    GenerationCompleted,
    /// [`Input::GenerationStopped`](crate::Input::GenerationStopped).
    GenerationStopped,
    /// [`Input::GenerationFailed`](crate::Input::GenerationFailed).
    GenerationFailed,
    /// [`Input::Retry`](crate::Input::Retry).
    Retry,
    /// [`Input::Reset`](crate::Input::Reset).
    Reset,
    /// [`Input::TranslationReceived`](crate::Input::TranslationReceived).
    TranslationReceived,
    /// [`Input::TranslationFailed`](crate::Input::TranslationFailed).
    TranslationFailed,
}
crate::unit_enum::impl_unit_enum!(InputKind);

impl InputKind {
    /// Every kind, in declaration order.
    pub const ALL: [Self; 20] = [
        Self::Start,
        Self::Message,
        Self::DetectionReceived,
        Self::DetectionFailed,
        Self::DetectOffline,
        Self::Answer,
        Self::Skip,
        Self::Reopen,
        Self::SkipAll,
        Self::Tick,
        Self::StepCompleted,
        Self::StepNeedsClarification,
        Self::GenerationChunk,
        Self::GenerationCompleted,
        Self::GenerationStopped,
        Self::GenerationFailed,
        Self::Retry,
        Self::Reset,
        Self::TranslationReceived,
        Self::TranslationFailed,
    ];
}

impl fmt::Display for InputKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
