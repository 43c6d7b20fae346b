//! The invariants every session holds; checked when a snapshot is restored, so a hand-edited
//! or corrupted snapshot cannot produce a session the transition function never would.

use super::{Active, After, Phase, Session, State, count};
use crate::protocol::config::Config;
use crate::protocol::question::{Question, Stage};

impl Session {
    /// Checks the invariants a restored session must hold; `Err` names the first one broken.
    pub(crate) fn check_invariants(&self) -> Result<(), String> {
        match &self.state {
            State::Idle => Ok(()),
            State::Active(active) => active.check_invariants(&self.env.config),
        }
    }
}

impl Active {
    fn check_invariants(&self, config: &Config) -> Result<(), String> {
        self.check_conversation(config)?;
        self.check_settled()?;
        self.check_phase(config)
    }

    /// A question the answers settled was never asked, queued nor left unasked, is settled
    /// once, and by an answered question.
    fn check_settled(&self) -> Result<(), String> {
        let c = &self.conversation;
        for (i, s) in c.settled.iter().enumerate() {
            let id = &s.question.id;
            let broken = c.asked.contains(id)
                || c.queue.iter().any(|q| &q.id == id)
                || c.unasked.iter().any(|q| &q.id == id)
                || c.settled.iter().skip(i + 1).any(|o| &o.question.id == id)
                || !c.resolutions.iter().any(|r| r.question.id == s.by);
            if broken {
                return Err(format!(
                    "settled question {id} was also asked, queued, left unasked or settled, or {} has no answer",
                    s.by
                ));
            }
        }
        Ok(())
    }

    /// The budget, the asked and answered questions, the queue and a paused step.
    fn check_conversation(&self, config: &Config) -> Result<(), String> {
        let limits = &config.limits;
        let c = &self.conversation;
        if count(c.asked.len()) > limits.max_questions {
            return Err(format!(
                "{} questions were asked, more than the budget of {}",
                c.asked.len(),
                limits.max_questions
            ));
        }
        for (i, id) in c.asked.iter().enumerate() {
            if c.asked.iter().skip(i + 1).any(|other| other == id) {
                return Err(format!("question {id} was asked twice"));
            }
        }
        for (i, r) in c.resolutions.iter().enumerate() {
            if c.resolutions
                .iter()
                .skip(i + 1)
                .any(|o| o.question.id == r.question.id)
            {
                return Err(format!("question {} has two answers", r.question.id));
            }
            if !c.asked.contains(&r.question.id) {
                return Err(format!(
                    "question {} has an answer but was never asked",
                    r.question.id
                ));
            }
        }
        if c.next_step > config.steps.len() {
            return Err(format!(
                "step {} of {} is next",
                c.next_step,
                config.steps.len()
            ));
        }
        for (i, q) in c.queue.iter().enumerate() {
            if c.asked.contains(&q.id) || c.queue.iter().skip(i + 1).any(|o| o.id == q.id) {
                return Err(format!(
                    "queued question {} was asked or queued before",
                    q.id
                ));
            }
            answerable(q).map_err(|e| format!("queued question {}: {e}", q.id))?;
        }
        if let Some(paused) = self.phase.paused()
            && config.steps.get(c.next_step) != Some(&paused.step)
        {
            return Err(format!(
                "step {:?} is paused but is not the next step",
                paused.step
            ));
        }
        Ok(())
    }

    /// What the phase holds agrees with the conversation.
    fn check_phase(&self, config: &Config) -> Result<(), String> {
        let c = &self.conversation;
        match &self.phase {
            phase @ (Phase::Asking { question, .. } | Phase::Translating { question, .. }) => {
                let waiting = match phase {
                    Phase::Asking {
                        after: After::Return { waiting },
                        ..
                    } => Some(&**waiting),
                    Phase::Asking { .. }
                    | Phase::Translating { .. }
                    | Phase::Detecting
                    | Phase::RunningStep { .. }
                    | Phase::Generating { .. }
                    | Phase::Completed { .. }
                    | Phase::HandedOff { .. }
                    | Phase::Failed { .. } => None,
                };
                if !c.asked.contains(&question.id) {
                    return Err(format!(
                        "the pending question {} is not among the asked",
                        question.id
                    ));
                }
                let answered = |id| c.resolutions.iter().any(|r| &r.question.id == id);
                match waiting {
                    None if answered(&question.id) => {
                        return Err(format!(
                            "the pending question {} is already answered",
                            question.id
                        ));
                    }
                    None => {}
                    Some(waiting) => {
                        reopened(question, waiting)?;
                        if !answered(&question.id) {
                            return Err(format!(
                                "question {} is reopened but has no answer to change",
                                question.id
                            ));
                        }
                        if !c.asked.contains(&waiting.id) || answered(&waiting.id) {
                            return Err(format!(
                                "the waiting question {} is not an asked, unanswered one",
                                waiting.id
                            ));
                        }
                        answerable(waiting).map_err(|e| format!("the waiting question: {e}"))?;
                    }
                }
                answerable(question).map_err(|e| format!("the pending question: {e}"))?;
            }
            Phase::RunningStep { step, .. } => {
                if config.steps.get(c.next_step) != Some(step) {
                    return Err(format!("step {step:?} is running but is not the next step"));
                }
            }
            Phase::Detecting
            | Phase::Generating { .. }
            | Phase::Completed { .. }
            | Phase::HandedOff { .. }
            | Phase::Failed { .. } => {}
        }
        Ok(())
    }
}

/// A reopened question and the one waiting behind it both belong to the request's own
/// clarification.
fn reopened(question: &Question, waiting: &Question) -> Result<(), String> {
    if question.id == waiting.id {
        return Err(format!("question {} waits behind itself", question.id));
    }
    if question.step != Stage::Request || waiting.step != Stage::Request {
        return Err(format!(
            "question {} is reopened outside the request's clarification",
            question.id
        ));
    }
    Ok(())
}

/// A question the user can answer: 0 or 2–4 options with distinct ids, and free text when it
/// has no options.
fn answerable(q: &Question) -> Result<(), String> {
    if q.options.len() == 1 || q.options.len() > 4 {
        return Err(format!(
            "{} options; 0 or 2 to 4 are allowed",
            q.options.len()
        ));
    }
    if q.options.is_empty() && !q.allow_free_text {
        return Err("it cannot be answered at all".into());
    }
    for (i, c) in q.options.iter().enumerate() {
        if q.options.iter().skip(i + 1).any(|d| d.id == c.id) {
            return Err(format!("option {} appears twice", c.id));
        }
    }
    if let Some(id) = &q.recommended
        && q.choice(id).is_none()
    {
        return Err(format!(
            "the recommended option {id} is not among its options"
        ));
    }
    Ok(())
}
