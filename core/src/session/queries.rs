//! What a host can read from a session: status, the pending question, progress, results.

use super::{
    Active, Conversation, PausedStep, Phase, Progress, Session, State, Status, StepOutput, check,
    count,
};
use crate::protocol::config::Config;
use crate::protocol::input::InputKind;
use crate::protocol::prompt::{EnrichedPrompt, HandoffPackage, Resolution};
use crate::protocol::question::Question;
use crate::protocol::time::Millis;
use crate::protocol::trace::{Counters, TraceEvent};

impl Session {
    /// The current status.
    pub fn status(&self) -> Status {
        match &self.state {
            State::Idle => Status::Idle,
            State::Active(active) => active.phase.status(),
        }
    }

    /// The pending question, if one is on screen.
    pub fn current_question(&self) -> Option<&Question> {
        match &self.state.active()?.phase {
            Phase::Asking { question, .. } => Some(question),
            Phase::Detecting
            | Phase::Translating { .. }
            | Phase::RunningStep { .. }
            | Phase::Generating { .. }
            | Phase::Completed { .. }
            | Phase::HandedOff { .. }
            | Phase::Failed { .. } => None,
        }
    }

    /// The question awaiting its translation, if one is: pending, but not yet shown (see
    /// [`Effect::RequestTranslation`](crate::Effect::RequestTranslation)).
    pub fn translating(&self) -> Option<&Question> {
        match &self.state.active()?.phase {
            Phase::Translating { question } => Some(question),
            Phase::Detecting
            | Phase::Asking { .. }
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
        self.state.active()?.deadline(&self.env.config)
    }

    /// "Question n of m".
    pub fn progress(&self) -> Progress {
        self.state.active().map_or(
            Progress {
                current: 0,
                total: 0,
            },
            |active| active.progress(&self.env.config),
        )
    }

    /// Whether an input of `kind` could be accepted now (drives enabled buttons).
    ///
    /// `false` means [`handle`](Self::handle) rejects every input of that kind with
    /// [`Error::UnexpectedInput`](crate::Error::UnexpectedInput); `true` means it accepts a
    /// well-formed one. The answer comes from the same check `handle` runs.
    pub fn accepts(&self, kind: InputKind) -> bool {
        check::accepts(self.state.active(), kind)
    }

    /// The configuration the session was created with.
    pub fn config(&self) -> &Config {
        &self.env.config
    }

    /// Every decision so far and why.
    pub fn trace(&self) -> &[TraceEvent] {
        &self.env.trace
    }

    /// Counters over the session's life.
    pub fn counters(&self) -> Counters {
        self.env.counters
    }

    /// Questions resolved so far, in asking order. Never loses an answer, whatever happens next.
    pub fn resolutions(&self) -> &[Resolution] {
        self.state.conversation().map_or(&[], |c| &c.resolutions)
    }

    /// Questions that were never shown (a limit, never-ask mode or "Continue anyway"); their
    /// assumptions apply and they are listed as open questions.
    pub fn unasked(&self) -> &[Question] {
        self.state.conversation().map_or(&[], |c| &c.unasked)
    }

    /// The original request, once started.
    pub fn request(&self) -> Option<&str> {
        self.state.conversation().map(|c| c.request.as_str())
    }

    /// The enriched prompt built from everything gathered so far.
    pub fn enriched_prompt(&self) -> Option<EnrichedPrompt> {
        self.state.conversation().map(Conversation::prompt)
    }

    /// The outputs of the pipeline steps that have finished, in order.
    pub fn step_outputs(&self) -> &[StepOutput] {
        self.state.conversation().map_or(&[], |c| &c.step_outputs)
    }

    /// The step that paused for the pending question, with its partial result.
    pub fn paused_step(&self) -> Option<&PausedStep> {
        self.state.conversation()?.paused.as_ref()
    }

    /// Clarification rounds started on the request so far: 1 once detection ran, plus one per
    /// follow-up question.
    pub fn rounds(&self) -> u32 {
        self.state.conversation().map_or(0, |c| c.rounds)
    }

    /// The final (or partial, while streaming) answer.
    pub fn answer(&self) -> Option<&str> {
        self.state.active()?.answer()
    }

    /// The handoff package, once handed off.
    pub fn handoff(&self) -> Option<&HandoffPackage> {
        match &self.state.active()?.phase {
            Phase::HandedOff { package, .. } => Some(package),
            Phase::Detecting
            | Phase::Asking { .. }
            | Phase::Translating { .. }
            | Phase::RunningStep { .. }
            | Phase::Generating { .. }
            | Phase::Completed { .. }
            | Phase::Failed { .. } => None,
        }
    }

    /// Why the session failed, if it did.
    pub fn failure(&self) -> Option<&str> {
        match &self.state.active()?.phase {
            Phase::Failed { reason } => Some(reason),
            Phase::Detecting
            | Phase::Asking { .. }
            | Phase::Translating { .. }
            | Phase::RunningStep { .. }
            | Phase::Generating { .. }
            | Phase::Completed { .. }
            | Phase::HandedOff { .. } => None,
        }
    }
}

impl Active {
    /// The final (or partial, while streaming) answer.
    pub(super) fn answer(&self) -> Option<&str> {
        match &self.phase {
            Phase::Generating { streamed } => Some(streamed),
            Phase::Completed { answer } | Phase::HandedOff { answer, .. } => Some(answer),
            Phase::Detecting
            | Phase::Asking { .. }
            | Phase::Translating { .. }
            | Phase::RunningStep { .. }
            | Phase::Failed { .. } => None,
        }
    }

    /// When the pending question expires, if one is pending and questions expire.
    pub(super) fn deadline(&self, config: &Config) -> Option<Millis> {
        match &self.phase {
            Phase::Asking { asked_at, .. } => config
                .question_timeout_ms
                .map(|t| asked_at.saturating_add(t)),
            Phase::Detecting
            | Phase::Translating { .. }
            | Phase::RunningStep { .. }
            | Phase::Generating { .. }
            | Phase::Completed { .. }
            | Phase::HandedOff { .. }
            | Phase::Failed { .. } => None,
        }
    }

    /// "Question n of m".
    pub(super) fn progress(&self, config: &Config) -> Progress {
        let c = &self.conversation;
        let asked = count(c.asked.len());
        let left = config.limits.max_questions.saturating_sub(asked);
        let queued = count(c.queue.len()).min(left);
        Progress {
            current: if matches!(self.phase, Phase::Asking { .. }) {
                asked
            } else {
                0
            },
            total: asked.saturating_add(queued),
        }
    }
}
