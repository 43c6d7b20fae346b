//! What a host can read from a session: status, the pending question, progress, results.

use super::{Conversation, PausedStep, Phase, Progress, Session, Status, StepOutput, count};
use crate::config::Config;
use crate::enrich::{EnrichedPrompt, HandoffPackage, Resolution};
use crate::error::InputKind;
use crate::input::Millis;
use crate::question::Question;
use crate::trace::{Counters, TraceEvent};

impl Session {
    /// The current status.
    pub fn status(&self) -> Status {
        match &self.phase {
            Phase::Idle => Status::Idle,
            Phase::Detecting | Phase::RunningStep { .. } => Status::Analyzing,
            Phase::Asking { .. } => Status::AwaitingClarification,
            Phase::Generating { .. } => Status::Generating,
            Phase::Completed { .. } => Status::Completed,
            Phase::HandedOff { .. } => Status::HandedOff,
            Phase::Failed { .. } => Status::Failed,
        }
    }

    /// The pending question, if one is on screen.
    pub fn current_question(&self) -> Option<&Question> {
        match &self.phase {
            Phase::Asking { question, .. } => Some(question),
            Phase::Idle
            | Phase::Detecting
            | Phase::RunningStep { .. }
            | Phase::Generating { .. }
            | Phase::Completed { .. }
            | Phase::HandedOff { .. }
            | Phase::Failed { .. } => None,
        }
    }

    /// When the pending question expires, if it can ([`Config::question_timeout_ms`]).
    ///
    /// A host sets a timer for this moment and then sends [`Input::Tick`](crate::Input::Tick).
    pub fn deadline(&self) -> Option<Millis> {
        match &self.phase {
            Phase::Asking { asked_at, .. } => self
                .config
                .question_timeout_ms
                .map(|t| asked_at.saturating_add(t)),
            Phase::Idle
            | Phase::Detecting
            | Phase::RunningStep { .. }
            | Phase::Generating { .. }
            | Phase::Completed { .. }
            | Phase::HandedOff { .. }
            | Phase::Failed { .. } => None,
        }
    }

    /// "Question n of m".
    pub fn progress(&self) -> Progress {
        let Some(c) = &self.convo else {
            return Progress {
                current: 0,
                total: 0,
            };
        };
        let asked = count(c.asked.len());
        let left = self.config.limits.max_questions.saturating_sub(asked);
        let queued = count(c.queue.len()).min(left);
        Progress {
            current: if self.current_question().is_some() {
                asked
            } else {
                0
            },
            total: asked.saturating_add(queued),
        }
    }

    /// Whether an input of `kind` could be accepted now (drives enabled buttons).
    ///
    /// `false` means [`handle`](Self::handle) rejects every input of that kind with
    /// [`Error::UnexpectedInput`](crate::Error::UnexpectedInput); `true` means it accepts a well-formed one.
    pub fn accepts(&self, kind: InputKind) -> bool {
        let asking = matches!(self.phase, Phase::Asking { .. });
        match kind {
            InputKind::Start => matches!(
                self.phase,
                Phase::Idle
                    | Phase::Completed { .. }
                    | Phase::HandedOff { .. }
                    | Phase::Failed { .. }
            ),
            InputKind::Message => {
                asking
                    || matches!(
                        self.phase,
                        Phase::Idle | Phase::Completed { .. } | Phase::HandedOff { .. }
                    )
            }
            InputKind::Tick | InputKind::Reset => true,
            InputKind::DetectionReceived | InputKind::DetectionFailed => {
                matches!(self.phase, Phase::Detecting)
            }
            InputKind::Answer | InputKind::Skip => asking,
            InputKind::SkipAll => asking || matches!(self.phase, Phase::Detecting),
            InputKind::StepCompleted | InputKind::StepNeedsClarification => {
                matches!(self.phase, Phase::RunningStep { .. })
            }
            InputKind::GenerationChunk
            | InputKind::GenerationCompleted
            | InputKind::GenerationFailed => matches!(self.phase, Phase::Generating { .. }),
            InputKind::Retry => matches!(self.phase, Phase::Failed { .. }),
        }
    }

    /// The configuration the session was created with.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Every decision so far and why (E14).
    pub fn trace(&self) -> &[TraceEvent] {
        &self.trace
    }

    /// Counters over the session's life (E14).
    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// Questions resolved so far, in asking order. Never loses an answer, whatever happens next.
    pub fn resolutions(&self) -> &[Resolution] {
        self.convo.as_ref().map_or(&[], |c| &c.resolutions)
    }

    /// Questions that were never shown (a limit, never-ask mode or "Continue anyway"); their
    /// assumptions apply and they are listed as open questions.
    pub fn unasked(&self) -> &[Question] {
        self.convo.as_ref().map_or(&[], |c| &c.unasked)
    }

    /// The original request, once started.
    pub fn request(&self) -> Option<&str> {
        self.convo.as_ref().map(|c| c.request.as_str())
    }

    /// The enriched prompt built from everything gathered so far.
    pub fn enriched_prompt(&self) -> Option<EnrichedPrompt> {
        self.convo.as_ref().map(Conversation::prompt)
    }

    /// The outputs of the pipeline steps that have finished, in order (E15).
    pub fn step_outputs(&self) -> &[StepOutput] {
        self.convo.as_ref().map_or(&[], |c| &c.step_outputs)
    }

    /// The step that paused for the pending question, with its partial result (E15).
    pub fn paused_step(&self) -> Option<&PausedStep> {
        self.convo.as_ref().and_then(|c| c.paused.as_ref())
    }

    /// Clarification rounds started on the request so far (E7): 1 once detection ran, plus one
    /// per follow-up question.
    pub fn rounds(&self) -> u32 {
        self.convo.as_ref().map_or(0, |c| c.rounds)
    }

    /// The final (or partial, while streaming) answer.
    pub fn answer(&self) -> Option<&str> {
        match &self.phase {
            Phase::Generating { streamed } => Some(streamed),
            Phase::Completed { answer } | Phase::HandedOff { answer, .. } => Some(answer),
            Phase::Idle
            | Phase::Detecting
            | Phase::Asking { .. }
            | Phase::RunningStep { .. }
            | Phase::Failed { .. } => None,
        }
    }

    /// The handoff package, once handed off.
    pub fn handoff(&self) -> Option<&HandoffPackage> {
        match &self.phase {
            Phase::HandedOff { package, .. } => Some(package),
            Phase::Idle
            | Phase::Detecting
            | Phase::Asking { .. }
            | Phase::RunningStep { .. }
            | Phase::Generating { .. }
            | Phase::Completed { .. }
            | Phase::Failed { .. } => None,
        }
    }

    /// Why the session failed, if it did.
    pub fn failure(&self) -> Option<&str> {
        match &self.phase {
            Phase::Failed { reason } => Some(reason),
            Phase::Idle
            | Phase::Detecting
            | Phase::Asking { .. }
            | Phase::RunningStep { .. }
            | Phase::Generating { .. }
            | Phase::Completed { .. }
            | Phase::HandedOff { .. } => None,
        }
    }
}
