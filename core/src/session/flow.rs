//! How a conversation moves on: queueing questions, asking the next one, following up on a
//! vague answer, pausing and resuming pipeline steps, generating and handing off.

use super::{Conversation, PausedStep, Phase, Session, count, preview};
use crate::analysis;
use crate::config::Mode;
use crate::detect;
use crate::effect::Effect;
use crate::enrich::{HandoffPackage, Resolution};
use crate::input::Answer;
use crate::question::{Question, QuestionSource, Stage};
use crate::trace::Layer;

impl Session {
    /// Reads an LLM detection reply; an unusable one falls back to the embedded detector.
    pub(super) fn detection_reply(&mut self, reply: &str, fx: &mut Vec<Effect>) {
        match analysis::parse_detection(reply, &Stage::Request) {
            Ok(a) if a.needs_clarification => {
                self.note(
                    Layer::Llm,
                    "detected",
                    &format!(
                        "The LLM found the request ambiguous ({} question(s)).",
                        a.questions.len()
                    ),
                );
                self.enqueue(a.questions);
            }
            Ok(_) => self.note(Layer::Llm, "detected", "The LLM found the request clear."),
            Err(e) => {
                self.note(
                    Layer::Llm,
                    "reply_unusable",
                    &format!(
                        "The detection reply was unusable ({e}); the embedded detector decides instead."
                    ),
                );
                fx.push(Effect::Notice {
                    message: format!(
                        "The LLM's reply could not be read ({e}); using the built-in detector."
                    ),
                });
                self.detect_embedded();
            }
        }
    }

    pub(super) fn detect_embedded(&mut self) {
        let Some(c) = &self.convo else { return };
        let a = detect::detect(&c.request, &c.history);
        let why = if a.needs_clarification {
            format!(
                "The embedded detector found the request vague ({}).",
                rules(&a.questions)
            )
        } else {
            "The embedded detector found the request clear.".to_owned()
        };
        self.note(Layer::Detector, "detected", &why);
        if a.needs_clarification {
            self.enqueue(a.questions);
        }
    }

    /// Adds questions to the queue, dropping repeats and keeping critical first (a stable sort,
    /// so a document's order holds among equals).
    pub(super) fn enqueue(&mut self, questions: Vec<Question>) {
        let max_rounds = self.config.limits.max_rounds;
        let Some(c) = &mut self.convo else { return };
        let mut notes = Vec::new();
        for q in questions {
            if c.seen(&q.id) || c.unasked.iter().any(|u| u.id == q.id) {
                notes.push((
                    Layer::Limit,
                    "repeat_dropped",
                    format!("\"{}\" was already asked or queued.", preview(&q.text)),
                ));
            } else if max_rounds == 0 && q.step == Stage::Request {
                notes.push((
                    Layer::Limit,
                    "round_limit_reached",
                    format!(
                        "No clarification round is allowed; \"{}\" takes its assumption.",
                        preview(&q.text)
                    ),
                ));
                c.unasked.push(q);
            } else {
                c.queue.push(q);
            }
        }
        c.queue.sort_by_key(|q| q.priority);
        for (layer, decision, reason) in notes {
            self.note(layer, decision, &reason);
        }
    }

    /// Asks the next question, resumes a paused step, runs the next step, or generates.
    pub(super) fn proceed(&mut self, fx: &mut Vec<Effect>) {
        let mode = self.config.mode;
        let max = self.config.limits.max_questions;
        let clock = self.clock;
        let Some(c) = &mut self.convo else { return };
        // Never-ask mode, "Continue anyway" and a spent budget all skip what is queued.
        let skip_reason = if mode == Mode::NonInteractive {
            Some((
                Layer::Session,
                "auto_skipped",
                "Never-ask mode: the question is recorded as open with its assumption.".to_owned(),
            ))
        } else if c.declined_all {
            Some((
                Layer::Session,
                "auto_skipped",
                "The user chose to continue without questions: the question takes its assumption."
                    .to_owned(),
            ))
        } else if count(c.asked.len()) >= max {
            Some((
                Layer::Limit,
                "budget_reached",
                format!("The question budget ({max}) is spent; proceeding with assumptions."),
            ))
        } else {
            None
        };
        if !c.queue.is_empty() {
            if let Some((layer, decision, reason)) = skip_reason {
                let skipped = std::mem::take(&mut c.queue);
                c.unasked.extend(skipped);
                self.note(layer, decision, &reason);
                return self.proceed(fx);
            }
            let next = c.queue.remove(0);
            c.asked.push(next.id.clone());
            self.counters.questions_asked = self.counters.questions_asked.saturating_add(1);
            self.note(
                Layer::Session,
                "question_asked",
                &format!("Asking \"{}\" ({}).", preview(&next.text), next.priority),
            );
            self.phase = Phase::Asking {
                question: next.clone(),
                asked_at: clock,
            };
            let progress = self.progress();
            fx.push(Effect::Ask {
                question: next,
                progress,
            });
            return;
        }
        if let Some(PausedStep { step, partial }) = c.paused.take() {
            let prompt = c.prompt();
            self.phase = Phase::RunningStep {
                step: step.clone(),
                resumed: true,
                partial: partial.clone(),
            };
            self.note(
                Layer::Step,
                "step_resumed",
                &format!(
                    "Step {step} resumes with its partial result; earlier steps are not run again."
                ),
            );
            let allow = self.step_may_ask(&step);
            fx.push(Effect::RunStep {
                step,
                prompt,
                partial: Some(partial),
                allow_clarification: allow,
            });
            return;
        }
        if let Some(step) = self.config.steps.get(c.next_step).cloned() {
            let allow = self.step_may_ask(&step);
            let Some(c) = &self.convo else { return };
            let prompt = c.prompt();
            self.phase = Phase::RunningStep {
                step: step.clone(),
                resumed: false,
                partial: serde_json::Value::Null,
            };
            self.note(
                Layer::Step,
                "step_started",
                &format!("Running step {step}."),
            );
            fx.push(Effect::RunStep {
                step,
                prompt,
                partial: None,
                allow_clarification: allow,
            });
            return;
        }
        let prompt = c.prompt();
        let request =
            crate::enrich::generation_request(&prompt, &self.config, &c.history, &c.step_outputs);
        if self.config.detection == crate::config::Detection::Llm {
            self.counters.llm_calls = self.counters.llm_calls.saturating_add(1);
        }
        self.phase = Phase::Generating {
            streamed: String::new(),
        };
        self.note(
            Layer::Session,
            "generating",
            "Every question is resolved; producing the answer from the enriched prompt.",
        );
        fx.push(Effect::RequestGeneration { request, prompt });
    }

    /// Records `answer` for the pending question, follows up if it is itself vague, moves on.
    pub(super) fn resolve(&mut self, answer: Answer, fx: &mut Vec<Effect>) {
        let Some(question) = self.record(answer.clone()) else {
            return;
        };
        self.follow_up(&question, &answer);
        self.proceed(fx);
    }

    /// Stores `answer` for the pending question and returns that question.
    fn record(&mut self, answer: Answer) -> Option<Question> {
        let Phase::Asking { question, .. } = &self.phase else {
            return None;
        };
        let question = question.clone();
        let counter = match &answer {
            Answer::Choices { .. } | Answer::Text { .. } | Answer::ChoicesWithText { .. } => {
                &mut self.counters.answered
            }
            Answer::DontKnow | Answer::Skipped | Answer::Declined => &mut self.counters.skipped,
            Answer::TimedOut => &mut self.counters.timed_out,
        };
        *counter = counter.saturating_add(1);
        self.note(
            Layer::Session,
            "answer_recorded",
            &format!(
                "\"{}\" resolved as {}.",
                preview(&question.text),
                answer_kind(&answer)
            ),
        );
        let at = self.clock;
        if let Some(c) = &mut self.convo {
            c.resolutions.push(Resolution {
                question: question.clone(),
                answer,
                at,
            });
        }
        Some(question)
    }

    /// "Continue anyway": the pending question is declined, so is everything queued, and nothing
    /// more is asked in this conversation.
    pub(super) fn decline_all(&mut self, fx: &mut Vec<Effect>) {
        self.record(Answer::Declined);
        if let Some(c) = &mut self.convo {
            c.declined_all = true;
        }
        self.note(
            Layer::Session,
            "declined_all",
            "The user chose to continue without more questions; every remaining question takes its assumption.",
        );
        self.proceed(fx);
    }

    /// Times out the pending question once its deadline has passed (E9).
    pub(super) fn expire(&mut self, fx: &mut Vec<Effect>) {
        let Some(deadline) = self.deadline() else {
            return;
        };
        if self.clock >= deadline {
            self.note(
                Layer::Timeout,
                "timed_out",
                "The question was not answered in time; its assumption applies.",
            );
            fx.push(Effect::Notice {
                message: "The question timed out; continuing with its stated assumption.".into(),
            });
            self.resolve(Answer::TimedOut, fx);
        }
    }

    /// The answer is complete: deliver it, then hand off if the source requires a human (E11).
    pub(super) fn finish(&mut self, answer: String, fx: &mut Vec<Effect>) {
        let Some(c) = &self.convo else { return };
        let prompt = c.prompt();
        fx.push(Effect::Complete {
            answer: answer.clone(),
            prompt: prompt.clone(),
        });
        if c.requires_handoff {
            let package = handoff_package(c, &answer, &prompt.assumptions);
            self.note(
                Layer::Document,
                "handed_off",
                "The source document requires a human; handing off after the answer.",
            );
            fx.push(Effect::HandOff {
                package: package.clone(),
            });
            self.phase = Phase::HandedOff { answer, package };
        } else {
            self.note(Layer::Session, "completed", "The answer is complete.");
            self.phase = Phase::Completed { answer };
        }
    }
}

fn handoff_package(c: &Conversation, answer: &str, assumptions: &[String]) -> HandoffPackage {
    HandoffPackage {
        request: c.request.clone(),
        answer: answer.to_owned(),
        questions: c.resolutions.clone(),
        assumptions: assumptions.to_vec(),
        reason: c.document.as_ref().map_or_else(
            || "The request requires a human.".to_owned(),
            |d| format!("Document \"{}\" requires a human.", d.title),
        ),
    }
}

/// The detector rules behind `questions`, for the trace.
pub(super) fn rules(questions: &[Question]) -> String {
    let names: Vec<&str> = questions
        .iter()
        .filter_map(|q| match &q.source {
            QuestionSource::Detector { rule } => Some(rule.as_str()),
            QuestionSource::Llm
            | QuestionSource::Document { .. }
            | QuestionSource::Catalog { .. }
            | QuestionSource::Step
            | QuestionSource::FollowUp { .. } => None,
        })
        .collect();
    if names.is_empty() {
        "no rule named".to_owned()
    } else {
        names.join(", ")
    }
}

fn answer_kind(a: &Answer) -> &'static str {
    match a {
        Answer::Choices { .. } => "a chosen option",
        Answer::Text { .. } => "free text",
        Answer::ChoicesWithText { .. } => "an option with a note",
        Answer::DontKnow => "\"I don't know\"",
        Answer::Skipped => "skipped",
        Answer::Declined => "declined",
        Answer::TimedOut => "timed out",
    }
}
