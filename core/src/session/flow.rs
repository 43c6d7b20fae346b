//! How a conversation moves on: queueing questions, asking the next one, following up on a
//! vague answer, pausing and resuming pipeline steps, generating and handing off.

use super::{
    Conversation, PausedStep, Phase, Session, StepOutput, count, is_request_step, preview,
};
use crate::analysis::{self, CLARIFY_STEP};
use crate::config::Mode;
use crate::detect;
use crate::effect::Effect;
use crate::enrich::{HandoffPackage, Resolution};
use crate::input::Answer;
use crate::question::{Question, QuestionId, QuestionSource};
use crate::trace::Layer;

/// Seed 002's generic follow-up, used when the detector's own question was already asked.
const GENERIC_FOLLOW_UP: &str = "About which specific aspect?";

impl Session {
    /// Reads an LLM detection reply; an unusable one falls back to the embedded detector.
    pub(super) fn detection_reply(&mut self, reply: &str, fx: &mut Vec<Effect>) {
        match analysis::parse_detection(reply, CLARIFY_STEP) {
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
            } else if max_rounds == 0 && is_request_step(&q.step) {
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

    /// Seed 002's second round: a free-text answer that is itself vague gets ONE follow-up,
    /// within [`Limits::max_rounds`](crate::Limits::max_rounds) and the budget, never a repeat.
    fn follow_up(&mut self, question: &Question, answer: &Answer) {
        let text = match answer {
            Answer::Text { text } | Answer::ChoicesWithText { text, .. } => text.as_str(),
            Answer::Choices { .. }
            | Answer::DontKnow
            | Answer::Skipped
            | Answer::Declined
            | Answer::TimedOut => return,
        };
        if !is_request_step(&question.step) || self.config.mode == Mode::NonInteractive {
            return;
        }
        let limits = self.config.limits;
        let Some(c) = &self.convo else { return };
        if c.declined_all {
            return;
        }
        // Only reference-type vagueness counts: an answer like "12" is terse by nature, but
        // "tell me more about that" still names nothing (seed 002).
        // The request is context for the answer ("It shows a white screen" refers to the app
        // in "My app crashes"), unless the request itself referred to nothing (seed 002).
        let mut context = c.history.clone();
        let request_refers = detect::assess(&c.request, &c.history)
            .findings
            .iter()
            .any(|f| is_reference_kind(f.kind));
        if !request_refers {
            context.push(crate::request::Message::new(
                crate::request::Role::User,
                c.request.clone(),
            ));
        }
        let a = detect::assess(text, &context);
        let vague: Vec<Question> = a
            .questions
            .into_iter()
            .filter(|q| is_reference_rule(&q.source))
            .collect();
        if !a.findings.iter().any(|f| is_reference_kind(f.kind)) {
            return;
        }
        let a = crate::analysis::Analysis {
            needs_clarification: true,
            questions: vague,
        };
        let said = preview(text);
        if c.rounds >= limits.max_rounds {
            let reason = format!(
                "The answer \"{said}\" is still vague ({}), but the round limit ({}) is reached; proceeding with best effort.",
                rules(&a.questions),
                limits.max_rounds
            );
            return self.note(Layer::Limit, "round_limit_reached", &reason);
        }
        if count(c.asked.len()) >= limits.max_questions {
            let reason = format!(
                "The answer \"{said}\" is still vague, but the question budget ({}) is spent; proceeding with best effort.",
                limits.max_questions
            );
            return self.note(Layer::Limit, "budget_reached", &reason);
        }
        let rule = rules(&a.questions);
        let candidate = a
            .questions
            .into_iter()
            .find(|q| !c.seen(&q.id))
            .unwrap_or_else(|| generic_follow_up(text));
        if c.seen(&candidate.id) {
            let reason = format!(
                "The answer \"{said}\" is still vague, but its follow-up \"{}\" was already asked; proceeding with best effort.",
                candidate.text
            );
            return self.note(Layer::Limit, "repeat_dropped", &reason);
        }
        let follow = Question {
            priority: question.priority,
            source: QuestionSource::FollowUp {
                of: question.id.clone(),
            },
            ..candidate
        };
        let Some(c) = &mut self.convo else { return };
        c.rounds = c.rounds.saturating_add(1);
        let reason = format!(
            "The answer \"{said}\" is itself vague ({rule}); asking one follow-up (round {} of {}).",
            c.rounds, limits.max_rounds
        );
        c.queue.insert(0, follow);
        self.note(Layer::Detector, "follow_up", &reason);
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

    /// Whether the next run of `step` may ask: interactive, not declined, budget left, and
    /// fewer than [`Limits::max_per_step`](crate::Limits::max_per_step) pauses and questions.
    fn step_may_ask(&self, step: &str) -> bool {
        let Some(c) = &self.convo else { return false };
        let per_step = self.config.limits.max_per_step;
        self.config.mode == Mode::Interactive
            && !c.declined_all
            && c.step_pauses < per_step
            && c.asked_in_step(step) < per_step
            && count(c.asked.len()) < self.config.limits.max_questions
    }

    /// A step paused for a question (seed 004): remember it and its partial result, ask at
    /// most one question (or record it as open when the step may not ask), then re-run it.
    ///
    /// A step pauses at most `max_per_step` times. One that asks again after that (it was
    /// re-run with `allow_clarification: false`) is taken to have finished with its partial
    /// result, so no host step can keep the pipeline from ending.
    pub(super) fn step_question(
        &mut self,
        step: String,
        reply: &str,
        partial: serde_json::Value,
        fx: &mut Vec<Effect>,
    ) {
        let may_ask = self.step_may_ask(&step);
        let per_step = self.config.limits.max_per_step;
        let mut questions = match analysis::parse_detection(reply, &step) {
            Ok(a) if a.needs_clarification => a.questions,
            Ok(_) => Vec::new(),
            Err(e) => {
                self.note(
                    Layer::Step,
                    "reply_unusable",
                    &format!("Step {step}'s clarification reply was unusable ({e}); no question comes of it."),
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
            self.note(
                Layer::Limit,
                "step_limit",
                &format!(
                    "Step {step} may not ask here (one question per pause, {per_step} pause(s) per step, the budget, never-ask mode or \"Continue anyway\"); its question stays open with its assumption."
                ),
            );
        }
        let Some(c) = &mut self.convo else { return };
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
            self.note(
                Layer::Limit,
                "step_finished_by_limit",
                &format!("Step {step} asked again after its last allowed pause; its partial result is taken as its output."),
            );
            return self.proceed(fx);
        }
        c.step_pauses = c.step_pauses.saturating_add(1);
        c.paused = Some(PausedStep {
            step: step.clone(),
            partial,
        });
        self.note(
            Layer::Step,
            "step_paused",
            &format!("Step {step} paused with its partial result."),
        );
        self.enqueue(questions);
        self.proceed(fx);
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

fn generic_follow_up(answer: &str) -> Question {
    Question {
        id: QuestionId::derive(CLARIFY_STEP, GENERIC_FOLLOW_UP),
        step: CLARIFY_STEP.into(),
        text: GENERIC_FOLLOW_UP.into(),
        why: format!("\"{}\" could mean several things.", preview(answer)),
        options: Vec::new(),
        multiple: false,
        allow_skip: true,
        allow_free_text: true,
        priority: crate::question::Priority::Important,
        assumption: format!(
            "Take \"{}\" at face value and cover its likely readings.",
            preview(answer)
        ),
        source: QuestionSource::Detector {
            rule: "generic_follow_up".into(),
        },
    }
}

/// Whether a detector finding means the text names nothing definite (seed 002's missing
/// context and ambiguous references), as opposed to merely being terse.
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

/// The detector rules behind `questions`, for the trace.
fn rules(questions: &[Question]) -> String {
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
