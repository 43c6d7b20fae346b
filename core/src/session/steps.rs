//! Host-defined pipeline steps: each may pause for a question a bounded number
//! of times, keeps its partial result while paused, and resumes where it stopped.

use super::{Active, Env, PausedStep, StepOutput, count};
use crate::analysis;
use crate::phrase::Phrase;
use crate::protocol::config::Mode;
use crate::protocol::effect::Effect;
use crate::protocol::question::{QuestionSource, Stage};
use crate::protocol::trace::Layer;

impl Active {
    /// Whether the next run of `step` may ask: interactive, not declined, budget left, and
    /// fewer than [`Limits::max_per_step`](crate::Limits::max_per_step) pauses and questions.
    pub(super) fn step_may_ask(&self, step: &str, env: &Env) -> bool {
        let c = &self.conversation;
        let per_step = env.config.limits.max_per_step;
        env.config.mode == Mode::Interactive
            && !c.declined_all
            && c.step_pauses < per_step
            && c.asked_in_step(step) < per_step
            && count(c.asked.len()) < env.config.limits.max_questions
    }

    /// A step paused for a question: remember it and its partial result, ask at
    /// most one question (or record it as open when the step may not ask), then re-run it.
    ///
    /// A step pauses at most `max_per_step` times. One that asks again after that (it was
    /// re-run with `allow_clarification: false`) is taken to have finished with its partial
    /// result, so no host step can keep the pipeline from ending.
    pub(super) fn step_question(
        &mut self,
        step: String,
        json: &str,
        partial: serde_json::Value,
        env: &mut Env,
        fx: &mut Vec<Effect>,
    ) {
        let may_ask = self.step_may_ask(&step, env);
        let per_step = env.config.limits.max_per_step;
        let language = self.conversation.language(&env.config);
        let stage = Stage::Step(step.clone());
        let mut questions = match analysis::parse_detection(json, &stage, language) {
            Ok(a) if a.needs_clarification => a.questions,
            Ok(_) => Vec::new(),
            Err(e) => {
                env.say(
                    Layer::Step,
                    "reply_unusable",
                    Phrase::NoteStepReplyUnusable,
                    &[&step, &e.to_string()],
                );
                Vec::new()
            }
        };
        for q in &mut questions {
            q.source = QuestionSource::Step;
        }
        let keep = if may_ask { 1.min(questions.len()) } else { 0 };
        let extra = questions.split_off(keep);
        if !extra.is_empty() {
            env.say(
                Layer::Limit,
                "step_limit",
                Phrase::NoteStepMayNotAsk,
                &[&step, &per_step.to_string()],
            );
        }
        let c = &mut self.conversation;
        for q in extra {
            if !c.seen(&q.id) && !c.unasked.iter().any(|u| u.id == q.id) {
                c.unasked.push(q);
            }
        }
        if c.step_pauses >= per_step.max(1) {
            c.step_outputs.push(StepOutput {
                step: step.clone(),
                output: partial,
            });
            c.next_step = c.next_step.saturating_add(1);
            c.step_pauses = 0;
            env.say(
                Layer::Limit,
                "step_finished_by_limit",
                Phrase::NoteStepOverLimit,
                &[&step],
            );
            self.proceed(None, env, fx);
        } else {
            c.step_pauses = c.step_pauses.saturating_add(1);
            env.say(Layer::Step, "step_paused", Phrase::NoteStepPaused, &[&step]);
            self.enqueue(questions, env);
            self.proceed(Some(PausedStep { step, partial }), env, fx);
        }
    }
}
