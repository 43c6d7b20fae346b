//! What a host can read from a session: status, the pending question, progress, results.

use super::{
    Active, After, PausedStep, Phase, Progress, Session, State, Status, StepOutput, check, count,
};
use crate::protocol::config::{Config, Detection};
use crate::protocol::error::Error;
use crate::protocol::input::Answer;
use crate::protocol::input::InputKind;
use crate::protocol::language::Language;
use crate::protocol::prompt::{EnrichedPrompt, HandoffPackage, Resolution};
use crate::protocol::question::{Question, QuestionId};
use crate::protocol::request::ChatRequest;
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
            Phase::Translating { question, .. } => Some(question),
            Phase::Detecting
            | Phase::Asking { .. }
            | Phase::RunningStep { .. }
            | Phase::Generating { .. }
            | Phase::Completed { .. }
            | Phase::HandedOff { .. }
            | Phase::Failed { .. } => None,
        }
    }

    /// The language whose columns the session waits for ([`Effect::LoadColumns`](crate::Effect::LoadColumns)):
    /// a host that restores a session waiting for them fetches them again (and the
    /// detector's data, which the restored page has not installed either) before it replies
    /// `DetectOffline`.
    pub fn columns_awaited(&self) -> Option<Language> {
        let active = self.state.active()?;
        match active.phase {
            Phase::Detecting => active.conversation.columns_asked,
            Phase::Asking { .. }
            | Phase::Translating { .. }
            | Phase::RunningStep { .. }
            | Phase::Generating { .. }
            | Phase::Completed { .. }
            | Phase::HandedOff { .. }
            | Phase::Failed { .. } => None,
        }
    }

    /// The endpoint's detection request the session waits for
    /// ([`Effect::RequestDetection`](crate::Effect::RequestDetection)): a host restoring a
    /// session whose detection was in flight when its snapshot was taken sends it again, as no
    /// call of its own runs for it, and replies as to the first. `None` unless the session is
    /// detecting with an endpoint and has not fallen back to the embedded detector.
    pub fn detection_awaited(&self) -> Option<ChatRequest> {
        let active = self.state.active()?;
        let detecting =
            matches!(active.phase, Phase::Detecting) && self.env.config.detection == Detection::Llm;
        let fell_back = || {
            self.env
                .trace
                .iter()
                .rev()
                .take_while(|e| e.decision != "detection_requested")
                .any(|e| matches!(e.decision.as_str(), "detection_failed" | "reply_unusable"))
        };
        if !detecting || fell_back() {
            return None;
        }
        let c = &active.conversation;
        Some(crate::analysis::detection_request(
            &c.request,
            &c.history,
            &self.env.config,
        ))
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
        check::accepts(&self.env, self.state.active(), kind)
    }

    /// Whether `request` would be taken as a new request ([`Input::Start`](crate::Input::Start)):
    /// the check `handle` runs on it, for a host that screens requests before it starts a
    /// session, or without one (`clarify eval --model-only`).
    ///
    /// # Errors
    /// [`Error::EmptyRequest`](crate::Error::EmptyRequest) for a blank request,
    /// [`Error::TextTooLong`](crate::Error::TextTooLong) for one over
    /// [`MAX_TEXT_BYTES`](crate::MAX_TEXT_BYTES).
    pub fn check_request(request: &str) -> Result<(), Error> {
        check::check_request(request)
    }

    /// The earlier answer of the pending question when it was reopened to be changed
    /// ([`Input::Reopen`](crate::Input::Reopen)): it stands until a new answer replaces it, and
    /// a card shows it pre-selected. `None` for a question asked for the first time.
    pub fn reopened_answer(&self) -> Option<&Answer> {
        let active = self.state.active()?;
        match &active.phase {
            Phase::Asking {
                question,
                after: After::Return { .. },
                ..
            } => active
                .conversation
                .resolutions
                .iter()
                .find(|r| r.question.id == question.id)
                .map(|r| &r.answer),
            Phase::Asking {
                after: After::Next | After::Resume { .. },
                ..
            }
            | Phase::Translating { .. }
            | Phase::Detecting
            | Phase::RunningStep { .. }
            | Phase::Generating { .. }
            | Phase::Completed { .. }
            | Phase::HandedOff { .. }
            | Phase::Failed { .. } => None,
        }
    }

    /// Whether the answer to `question` can be changed now ([`Input::Reopen`](crate::Input::Reopen)
    /// would be accepted): it was answered in the request's clarification, another question
    /// is pending, and no pipeline step or generation has started. Drives "Change" buttons;
    /// the answer comes from the same check [`handle`](Self::handle) runs.
    pub fn can_reopen(&self, question: &QuestionId) -> bool {
        check::can_reopen(&self.env, self.state.active(), question)
    }

    /// The resolved questions whose answers can be changed now (see
    /// [`can_reopen`](Self::can_reopen)), in asking order.
    pub fn reopenable(&self) -> Vec<&QuestionId> {
        self.resolutions()
            .iter()
            .map(|r| &r.question.id)
            .filter(|id| self.can_reopen(id))
            .collect()
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

    /// The language the user reads: the one every sentence the engine writes for them is in
    /// (notices, the assumptions and questions it frames, the enriched prompt's headings, the
    /// offline answer). The configured tag's when it names Chinese, else the request's script;
    /// before a request, the tag's alone.
    pub fn language(&self) -> Language {
        match self.state.conversation() {
            Some(c) => c.language(&self.env.config),
            None => Language::of_session(&self.env.config.language, ""),
        }
    }

    /// The original request, once started.
    pub fn request(&self) -> Option<&str> {
        self.state.conversation().map(|c| c.request.as_str())
    }

    /// The enriched prompt built from everything gathered so far.
    pub fn enriched_prompt(&self) -> Option<EnrichedPrompt> {
        self.state
            .conversation()
            .map(|c| c.prompt(c.language(&self.env.config)))
    }

    /// The outputs of the pipeline steps that have finished, in order.
    pub fn step_outputs(&self) -> &[StepOutput] {
        self.state.conversation().map_or(&[], |c| &c.step_outputs)
    }

    /// The step that paused for the pending question, with its partial result.
    pub fn paused_step(&self) -> Option<&PausedStep> {
        self.state.active()?.phase.paused()
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

    /// Whether the user stopped the answer while it streamed, so that it is what had arrived
    /// rather than the whole answer.
    pub fn stopped(&self) -> bool {
        self.state
            .active()
            .is_some_and(|active| match &active.phase {
                Phase::Completed { stopped, .. } | Phase::HandedOff { stopped, .. } => *stopped,
                Phase::Detecting
                | Phase::Asking { .. }
                | Phase::Translating { .. }
                | Phase::RunningStep { .. }
                | Phase::Generating { .. }
                | Phase::Failed { .. } => false,
            })
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
            Phase::Failed { reason, .. } => Some(reason),
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
    /// The final (or partial, while streaming) answer; after a failure, the text that had
    /// arrived, if any.
    pub(super) fn answer(&self) -> Option<&str> {
        match &self.phase {
            Phase::Generating { streamed } => Some(streamed),
            Phase::Completed { answer, .. } | Phase::HandedOff { answer, .. } => Some(answer),
            Phase::Failed { partial, .. } => (!partial.is_empty()).then_some(partial.as_str()),
            Phase::Detecting
            | Phase::Asking { .. }
            | Phase::Translating { .. }
            | Phase::RunningStep { .. } => None,
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
        // The pending question's place among the asked: the last one, unless an earlier
        // question was reopened to change its answer.
        let current = match &self.phase {
            Phase::Asking { question, .. } => c
                .asked
                .iter()
                .position(|id| id == &question.id)
                .map_or(asked, |i| count(i).saturating_add(1)),
            Phase::Detecting
            | Phase::Translating { .. }
            | Phase::RunningStep { .. }
            | Phase::Generating { .. }
            | Phase::Completed { .. }
            | Phase::HandedOff { .. }
            | Phase::Failed { .. } => 0,
        };
        Progress {
            current,
            total: asked.saturating_add(queued),
        }
    }
}
