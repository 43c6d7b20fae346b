//! The session: one clarification conversation, driven by [`Session::handle`].

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::analysis::{self, CLARIFY_STEP};
use crate::config::{Config, Detection, Mode};
use crate::detect;
use crate::effect::Effect;
use crate::enrich::{EnrichedPrompt, HandoffPackage, Resolution, SourceDocument};
use crate::error::{Error, InputKind};
use crate::input::{Answer, Context, Input, Millis, Reply};
use crate::question::{Choice, ChoiceId, Question, QuestionId, QuestionSource};
use crate::request::{ChatRequest, Message, Purpose, Role};
use crate::trace::{Counters, Layer, TraceEvent};

/// What a host shows (E2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Waiting for a request.
    Idle,
    /// Deciding whether to ask (detection or a pipeline step is running).
    Analyzing,
    /// A question is pending.
    AwaitingClarification,
    /// The final answer is being produced.
    Generating,
    /// Done.
    Completed,
    /// Done, and a human takes over.
    HandedOff,
    /// The final answer could not be produced; every answer is kept and [`Input::Retry`] works.
    Failed,
}

impl Status {
    /// Whether the session has finished (completed, handed off or failed).
    pub fn is_terminal(self) -> bool {
        matches!(self, Self::Completed | Self::HandedOff | Self::Failed)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        f.write_str(&name)
    }
}

/// "Question n of m": where the user is in the budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// 1-based number of the pending question (0 when none is pending).
    pub current: u32,
    /// How many questions this session will ask at most, given what is queued and the budget.
    pub total: u32,
}

/// One clarification conversation.
///
/// Methods come in three groups:
/// - queries ([`status`](Self::status), [`current_question`](Self::current_question),
///   [`progress`](Self::progress), [`accepts`](Self::accepts), [`trace`](Self::trace), …), taking `&self`;
/// - [`handle`](Self::handle), the only mutator, which applies one [`Input`];
/// - persistence ([`snapshot`](Self::snapshot), [`restore`](Self::restore)).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Session {
    config: Config,
    phase: Phase,
    #[serde(default)]
    convo: Option<Conversation>,
    #[serde(default)]
    clock: Millis,
    #[serde(default)]
    trace: Vec<TraceEvent>,
    #[serde(default)]
    counters: Counters,
}

/// Where the session is; data lives in the variant where it exists.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
enum Phase {
    Idle,
    Detecting,
    Asking {
        question: Question,
        asked_at: Millis,
    },
    RunningStep {
        step: String,
        partial: Option<serde_json::Value>,
    },
    Generating {
        streamed: String,
    },
    Completed {
        answer: String,
    },
    HandedOff {
        answer: String,
        package: HandoffPackage,
    },
    Failed {
        reason: String,
    },
}

/// Everything known about the current request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Conversation {
    request: String,
    history: Vec<Message>,
    document: Option<SourceDocument>,
    requires_handoff: bool,
    /// Questions waiting to be asked, in asking order.
    queue: Vec<Question>,
    /// Ids of every question shown, so none is shown twice.
    asked: Vec<QuestionId>,
    resolutions: Vec<Resolution>,
    /// Assumptions for questions that were never shown (budget, never-ask mode).
    unasked: Vec<Question>,
    rounds: u32,
    /// Index of the next pipeline step to run.
    next_step: usize,
    step_outputs: Vec<(String, serde_json::Value)>,
    /// The step that paused for the pending question, and its partial result.
    paused: Option<(String, serde_json::Value)>,
}

impl Session {
    /// A new idle session.
    pub fn new(config: Config) -> Self {
        Self {
            config,
            phase: Phase::Idle,
            convo: None,
            clock: 0,
            trace: Vec::new(),
            counters: Counters::default(),
        }
    }

    /// Applies `input` and returns the work the host must do next, in order.
    ///
    /// # Errors
    /// [`Error::UnexpectedInput`] if `input` does not fit the current status, and
    /// [`Error::NotPendingQuestion`], [`Error::UnknownChoice`], [`Error::InvalidAnswer`],
    /// [`Error::EmptyRequest`], [`Error::UnexpectedStep`] for stale or malformed actions.
    /// On error the session is unchanged.
    pub fn handle(&mut self, input: Input) -> Result<Vec<Effect>, Error> {
        let mut next = self.clone();
        let effects = next.apply(input)?;
        *self = next;
        Ok(effects)
    }

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

    /// "Question n of m".
    pub fn progress(&self) -> Progress {
        let Some(c) = &self.convo else {
            return Progress {
                current: 0,
                total: 0,
            };
        };
        let asked = c.asked.len() as u32;
        let pending = u32::from(self.current_question().is_some());
        let left = self.config.limits.max_questions.saturating_sub(asked);
        let queued = (c.queue.len() as u32).min(left);
        Progress {
            current: if pending == 1 { asked } else { 0 },
            total: asked + queued,
        }
    }

    /// Whether an input of `kind` would be accepted now (drives enabled buttons).
    pub fn accepts(&self, kind: InputKind) -> bool {
        let status = self.status();
        match kind {
            InputKind::Start => status == Status::Idle || status.is_terminal(),
            InputKind::Message | InputKind::Tick | InputKind::Reset => true,
            InputKind::DetectionReceived | InputKind::DetectionFailed => {
                matches!(self.phase, Phase::Detecting)
            }
            InputKind::Answer | InputKind::Skip | InputKind::SkipAll => {
                status == Status::AwaitingClarification
            }
            InputKind::StepCompleted | InputKind::StepNeedsClarification => {
                matches!(self.phase, Phase::RunningStep { .. })
            }
            InputKind::GenerationChunk
            | InputKind::GenerationCompleted
            | InputKind::GenerationFailed => status == Status::Generating,
            InputKind::Retry => status == Status::Failed,
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

    /// The original request, once started.
    pub fn request(&self) -> Option<&str> {
        self.convo.as_ref().map(|c| c.request.as_str())
    }

    /// The enriched prompt built from everything gathered so far.
    pub fn enriched_prompt(&self) -> Option<EnrichedPrompt> {
        self.convo.as_ref().map(|c| c.prompt(self.config.mode))
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

    // The transition function. `self` is a scratch copy: on `Err` it is thrown away.
    fn apply(&mut self, input: Input) -> Result<Vec<Effect>, Error> {
        let kind = input_kind(&input);
        let mut fx = Effects::default();
        let before = self.status();
        match (&self.phase, input) {
            (_, Input::Reset) => {
                self.phase = Phase::Idle;
                self.convo = None;
                self.note(Layer::Session, "reset", "The user started over.");
            }
            (_, Input::Tick { now }) => {
                self.advance_clock(now);
                self.expire(&mut fx);
            }
            (
                Phase::Idle
                | Phase::Completed { .. }
                | Phase::HandedOff { .. }
                | Phase::Failed { .. },
                Input::Start {
                    request,
                    context,
                    now,
                },
            ) => {
                self.advance_clock(now);
                self.start(request, context, &mut fx)?;
            }
            (
                Phase::Idle | Phase::Completed { .. } | Phase::HandedOff { .. },
                Input::Message { text, now },
            ) => {
                self.advance_clock(now);
                let history = self.finished_history();
                self.start(
                    text,
                    Context {
                        history,
                        ..Context::default()
                    },
                    &mut fx,
                )?;
            }
            (Phase::Asking { question, .. }, Input::Message { text, now }) => {
                let answer = answer_from_message(question, &text)?;
                self.advance_clock(now);
                self.note(Layer::Session, "message_is_answer", "A question was pending, so the message answers it; no detection or search runs.");
                self.resolve(answer, &mut fx);
            }
            (
                Phase::Asking { question, .. },
                Input::Answer {
                    question: id,
                    reply,
                    now,
                },
            ) => {
                check_pending(question, &id)?;
                validate_reply(question, &reply)?;
                self.advance_clock(now);
                self.resolve(reply.into(), &mut fx);
            }
            (Phase::Asking { question, .. }, Input::Skip { question: id, now }) => {
                check_pending(question, &id)?;
                self.advance_clock(now);
                self.resolve(Answer::Skipped, &mut fx);
            }
            (Phase::Asking { .. }, Input::SkipAll { now }) => {
                self.advance_clock(now);
                self.decline_all(&mut fx);
            }
            (Phase::Detecting, Input::DetectionReceived { reply, usage }) => {
                if let Some(u) = usage {
                    self.counters.prompt_tokens += u.prompt_tokens;
                    self.counters.completion_tokens += u.completion_tokens;
                }
                match analysis::parse_detection(&reply, CLARIFY_STEP) {
                    Ok(a) => {
                        let why = if a.needs_clarification {
                            "The LLM found the request ambiguous."
                        } else {
                            "The LLM found the request clear."
                        };
                        self.note(Layer::Llm, "detected", why);
                        self.enqueue(a.questions);
                    }
                    Err(e) => {
                        self.note(Layer::Llm, "reply_unusable", &format!("The detection reply was unusable ({e}); the embedded detector decides instead."));
                        fx.push(Effect::Notice { message: format!("The LLM's reply could not be read ({e}); using the built-in detector.") });
                        self.detect_embedded();
                    }
                }
                self.proceed(&mut fx);
            }
            (Phase::Detecting, Input::DetectionFailed { reason }) => {
                self.note(
                    Layer::Llm,
                    "detection_failed",
                    &format!("Detection failed ({reason}); the embedded detector decides instead."),
                );
                fx.push(Effect::Notice {
                    message: format!(
                        "The LLM could not be reached ({reason}); using the built-in detector."
                    ),
                });
                self.detect_embedded();
                self.proceed(&mut fx);
            }
            (Phase::RunningStep { step, .. }, Input::StepCompleted { step: got, output }) => {
                check_step(step, &got)?;
                if let Some(c) = &mut self.convo {
                    c.step_outputs.push((got.clone(), output));
                    c.next_step += 1;
                }
                self.note(
                    Layer::Step,
                    "step_completed",
                    &format!("Step {got} finished."),
                );
                self.proceed(&mut fx);
            }
            (
                Phase::RunningStep { step, .. },
                Input::StepNeedsClarification {
                    step: got,
                    reply,
                    partial,
                },
            ) => {
                check_step(step, &got)?;
                self.step_question(got, &reply, partial, &mut fx);
            }
            (Phase::Generating { .. }, Input::GenerationChunk { text }) => {
                if let Phase::Generating { streamed } = &mut self.phase {
                    streamed.push_str(&text);
                }
                fx.push(Effect::AppendAnswer { text });
            }
            (Phase::Generating { streamed }, Input::GenerationCompleted { text, usage }) => {
                let answer = if text.is_empty() {
                    streamed.clone()
                } else {
                    text
                };
                if let Some(u) = usage {
                    self.counters.prompt_tokens += u.prompt_tokens;
                    self.counters.completion_tokens += u.completion_tokens;
                }
                self.finish(answer, &mut fx);
            }
            (Phase::Generating { .. }, Input::GenerationFailed { reason }) => {
                self.note(Layer::Session, "generation_failed", &format!("The answer could not be produced ({reason}); every answer is kept and Retry is possible."));
                self.phase = Phase::Failed { reason };
            }
            (Phase::Failed { .. }, Input::Retry) => {
                self.note(
                    Layer::Session,
                    "retry",
                    "Retrying with everything gathered so far.",
                );
                self.proceed(&mut fx);
            }
            (
                Phase::Idle
                | Phase::Detecting
                | Phase::Asking { .. }
                | Phase::RunningStep { .. }
                | Phase::Generating { .. }
                | Phase::Completed { .. }
                | Phase::HandedOff { .. }
                | Phase::Failed { .. },
                Input::Start { .. }
                | Input::Message { .. }
                | Input::DetectionReceived { .. }
                | Input::DetectionFailed { .. }
                | Input::Answer { .. }
                | Input::Skip { .. }
                | Input::SkipAll { .. }
                | Input::StepCompleted { .. }
                | Input::StepNeedsClarification { .. }
                | Input::GenerationChunk { .. }
                | Input::GenerationCompleted { .. }
                | Input::GenerationFailed { .. }
                | Input::Retry,
            ) => {
                return Err(Error::UnexpectedInput {
                    status: before,
                    input: kind,
                });
            }
        }
        let after = self.status();
        let mut out = fx.0;
        if after != before {
            out.insert(0, Effect::StatusChanged { status: after });
        }
        Ok(out)
    }

    fn start(&mut self, request: String, context: Context, fx: &mut Effects) -> Result<(), Error> {
        if request.trim().is_empty() {
            return Err(Error::EmptyRequest);
        }
        let Context {
            history,
            document,
            entities,
        } = context;
        self.convo = Some(Conversation {
            request,
            history,
            document: document.as_ref().map(|d| SourceDocument {
                id: d.id.clone(),
                title: d.title.clone(),
                content: d.content.clone(),
            }),
            requires_handoff: document.as_ref().is_some_and(|d| d.requires_handoff),
            queue: Vec::new(),
            asked: Vec::new(),
            resolutions: Vec::new(),
            unasked: Vec::new(),
            rounds: 0,
            next_step: 0,
            step_outputs: Vec::new(),
            paused: None,
        });
        self.note(Layer::Session, "started", "A new request arrived.");
        if let Some(doc) = document {
            let questions = crate::sources::document_questions(&doc);
            self.note(
                Layer::Document,
                "document_matched",
                &format!(
                    "Document {} declares {} clarifying question(s).",
                    doc.id,
                    questions.len()
                ),
            );
            self.enqueue(questions);
        }
        for lookup in entities {
            match crate::sources::entity_question(&lookup) {
                Some(q) => {
                    self.note(
                        Layer::Catalog,
                        "entity_ambiguous",
                        &format!(
                            "\"{}\" matches {} catalog entries.",
                            lookup.mention,
                            lookup.matches.len()
                        ),
                    );
                    self.enqueue(vec![q]);
                }
                None => self.note(
                    Layer::Catalog,
                    "entity_resolved",
                    &format!("\"{}\" matches exactly one catalog entry.", lookup.mention),
                ),
            }
        }
        let document_asks = self
            .convo
            .as_ref()
            .is_some_and(|c| !c.queue.is_empty() && c.document.is_some());
        match self.config.detection {
            Detection::Llm if !document_asks => {
                let c = self.convo.as_ref().expect("set above");
                let request = analysis::detection_request(&c.request, &c.history, &self.config);
                self.counters.llm_calls += 1;
                self.note(
                    Layer::Llm,
                    "detection_requested",
                    "Asking the LLM whether the request is ambiguous.",
                );
                self.phase = Phase::Detecting;
                fx.push(Effect::RequestDetection { request });
            }
            Detection::Llm | Detection::Embedded => {
                if !document_asks {
                    self.detect_embedded();
                }
                self.proceed(fx);
            }
        }
        Ok(())
    }

    fn detect_embedded(&mut self) {
        let Some(c) = &self.convo else { return };
        let a = detect::detect(&c.request, &c.history);
        let why = if a.needs_clarification {
            let rules: Vec<String> = a
                .questions
                .iter()
                .filter_map(|q| match &q.source {
                    QuestionSource::Detector { rule } => Some(rule.clone()),
                    _ => None,
                })
                .collect();
            format!(
                "The embedded detector found the request vague ({}).",
                rules.join(", ")
            )
        } else {
            "The embedded detector found the request clear.".to_owned()
        };
        self.note(Layer::Detector, "detected", &why);
        self.enqueue(a.questions);
    }

    /// Adds questions to the queue as one round, dropping repeats and keeping critical first.
    fn enqueue(&mut self, questions: Vec<Question>) {
        let Some(c) = &mut self.convo else { return };
        if questions.is_empty() {
            return;
        }
        c.rounds += 1;
        for q in questions {
            let seen = c.asked.contains(&q.id) || c.queue.iter().any(|p| p.id == q.id);
            if seen {
                self.trace.push(TraceEvent {
                    at: self.clock,
                    layer: Layer::Limit,
                    decision: "repeat_dropped".into(),
                    reason: format!("\"{}\" was already asked or queued.", q.text),
                });
                continue;
            }
            c.queue.push(q);
        }
        c.queue.sort_by_key(|q| q.priority);
    }

    /// Asks the next question, runs the next step, or generates the answer.
    fn proceed(&mut self, fx: &mut Effects) {
        let mode = self.config.mode;
        let max = self.config.limits.max_questions;
        let clock = self.clock;
        let Some(c) = &mut self.convo else { return };
        if let Some(next) = (!c.queue.is_empty()).then(|| c.queue.remove(0)) {
            if mode == Mode::NonInteractive {
                c.unasked.push(next);
                self.note(
                    Layer::Session,
                    "auto_skipped",
                    "Never-ask mode: the question is recorded as open with its assumption.",
                );
                return self.proceed(fx);
            }
            if c.asked.len() as u32 >= max {
                c.unasked.push(next);
                c.unasked.append(&mut c.queue);
                self.note(
                    Layer::Limit,
                    "budget_reached",
                    &format!("The question budget ({max}) is spent; proceeding with assumptions."),
                );
                return self.proceed(fx);
            }
            c.asked.push(next.id.clone());
            self.counters.questions_asked += 1;
            self.note(
                Layer::Session,
                "question_asked",
                &format!("Asking \"{}\" ({}).", next.text, next.priority),
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
        if let Some((step, partial)) = c.paused.take() {
            self.phase = Phase::RunningStep {
                step: step.clone(),
                partial: Some(partial.clone()),
            };
            let prompt = c.prompt(mode);
            fx.push(Effect::RunStep {
                step,
                prompt,
                partial: Some(partial),
                allow_clarification: false,
            });
            return;
        }
        if let Some(step) = self.config.steps.get(c.next_step).cloned() {
            let asked_here = c
                .asked
                .iter()
                .filter(|id| {
                    c.resolutions
                        .iter()
                        .any(|r| &r.question.id == *id && r.question.step == step)
                })
                .count() as u32;
            let allow = mode == Mode::Interactive
                && asked_here < self.config.limits.max_per_step
                && (c.asked.len() as u32) < max;
            self.phase = Phase::RunningStep {
                step: step.clone(),
                partial: None,
            };
            let prompt = c.prompt(mode);
            fx.push(Effect::RunStep {
                step,
                prompt,
                partial: None,
                allow_clarification: allow,
            });
            return;
        }
        let prompt = c.prompt(mode);
        let request = generation_request(&prompt, &self.config);
        self.counters.llm_calls += u32::from(self.config.detection == Detection::Llm);
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

    fn resolve(&mut self, answer: Answer, fx: &mut Effects) {
        self.record(answer);
        self.proceed(fx);
    }

    /// Stores `answer` for the pending question; the caller moves on.
    fn record(&mut self, answer: Answer) {
        let Phase::Asking { question, .. } = &self.phase else {
            return;
        };
        let question = question.clone();
        match &answer {
            Answer::Choices { .. } | Answer::Text { .. } | Answer::ChoicesWithText { .. } => {
                self.counters.answered += 1
            }
            Answer::DontKnow | Answer::Skipped | Answer::Declined => self.counters.skipped += 1,
            Answer::TimedOut => self.counters.timed_out += 1,
        }
        self.note(
            Layer::Session,
            "answer_recorded",
            &format!(
                "\"{}\" resolved as {}.",
                question.text,
                answer_kind(&answer)
            ),
        );
        if let Some(c) = &mut self.convo {
            c.resolutions.push(Resolution {
                question,
                answer,
                at: self.clock,
            });
        }
    }

    fn decline_all(&mut self, fx: &mut Effects) {
        self.record(Answer::Declined);
        if let Some(c) = &mut self.convo {
            c.unasked.append(&mut c.queue);
        }
        self.note(Layer::Session, "declined_all", "The user chose to continue without more questions; every remaining question takes its assumption.");
        self.proceed(fx);
    }

    fn expire(&mut self, fx: &mut Effects) {
        let Phase::Asking { asked_at, .. } = &self.phase else {
            return;
        };
        let Some(timeout) = self.config.question_timeout_ms else {
            return;
        };
        if self.clock.saturating_sub(*asked_at) >= timeout {
            self.note(
                Layer::Timeout,
                "timed_out",
                "The question was not answered in time; its assumption applies.",
            );
            self.resolve(Answer::TimedOut, fx);
        }
    }

    fn step_question(
        &mut self,
        step: String,
        reply: &str,
        partial: serde_json::Value,
        fx: &mut Effects,
    ) {
        let questions = analysis::parse_detection(reply, &step)
            .map(|a| a.questions)
            .unwrap_or_default();
        if let Some(c) = &mut self.convo {
            c.paused = Some((step.clone(), partial));
        }
        let mut questions = questions;
        for q in &mut questions {
            q.source = QuestionSource::Step;
        }
        questions.truncate(self.config.limits.max_per_step as usize);
        self.note(
            Layer::Step,
            "step_paused",
            &format!("Step {step} paused for a question."),
        );
        self.enqueue(questions);
        self.proceed(fx);
    }

    fn finish(&mut self, answer: String, fx: &mut Effects) {
        let Some(c) = &self.convo else { return };
        let prompt = c.prompt(self.config.mode);
        fx.push(Effect::Complete {
            answer: answer.clone(),
            prompt: prompt.clone(),
        });
        if c.requires_handoff {
            let package = HandoffPackage {
                request: c.request.clone(),
                answer: answer.clone(),
                questions: c.resolutions.clone(),
                assumptions: prompt.assumptions.clone(),
                reason: c.document.as_ref().map_or_else(String::new, |d| {
                    format!("Document \"{}\" requires a human.", d.title)
                }),
            };
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

    fn finished_history(&self) -> Vec<Message> {
        let Some(c) = &self.convo else {
            return Vec::new();
        };
        let mut h = c.history.clone();
        h.push(Message::new(Role::User, c.request.clone()));
        if let Some(a) = self.answer() {
            h.push(Message::new(Role::Assistant, a));
        }
        h
    }

    fn advance_clock(&mut self, now: Millis) {
        self.clock = self.clock.max(now);
    }

    fn note(&mut self, layer: Layer, decision: &str, reason: &str) {
        self.trace.push(TraceEvent {
            at: self.clock,
            layer,
            decision: decision.into(),
            reason: reason.into(),
        });
    }
}

impl Conversation {
    fn prompt(&self, mode: Mode) -> EnrichedPrompt {
        let mut assumptions = Vec::new();
        let mut open = Vec::new();
        for r in &self.resolutions {
            if !r.answer.is_informative() {
                assumptions.push(r.question.assumption.clone());
            }
        }
        for q in &self.unasked {
            assumptions.push(q.assumption.clone());
            if mode == Mode::NonInteractive {
                open.push(q.text.clone());
            }
        }
        EnrichedPrompt {
            request: self.request.clone(),
            document: self.document.clone(),
            answered: self
                .resolutions
                .iter()
                .filter(|r| r.answer.is_informative())
                .cloned()
                .collect(),
            assumptions,
            open_questions: open,
        }
    }
}

#[derive(Default)]
struct Effects(Vec<Effect>);

impl Effects {
    fn push(&mut self, e: Effect) {
        self.0.push(e);
    }
}

fn generation_request(prompt: &EnrichedPrompt, _config: &Config) -> ChatRequest {
    ChatRequest {
        purpose: Purpose::Generation,
        messages: vec![
            Message::new(
                Role::System,
                "Answer the user's request using the details they gave. State any assumptions briefly.",
            ),
            Message::new(Role::User, prompt.render()),
        ],
        response_format: None,
        max_tokens: Some(512),
        temperature: Some(0.3),
        stream: true,
    }
}

fn check_pending(pending: &Question, got: &QuestionId) -> Result<(), Error> {
    if &pending.id == got {
        Ok(())
    } else {
        Err(Error::NotPendingQuestion {
            expected: pending.id.clone(),
            got: got.clone(),
        })
    }
}

fn check_step(running: &str, got: &str) -> Result<(), Error> {
    if running == got {
        Ok(())
    } else {
        Err(Error::UnexpectedStep {
            expected: running.to_owned(),
            got: got.to_owned(),
        })
    }
}

fn validate_reply(q: &Question, reply: &Reply) -> Result<(), Error> {
    let check_choices = |choices: &[ChoiceId]| -> Result<(), Error> {
        if choices.is_empty() {
            return Err(Error::InvalidAnswer {
                question: q.id.clone(),
                reason: "no option chosen",
            });
        }
        if choices.len() > 1 && !q.multiple {
            return Err(Error::InvalidAnswer {
                question: q.id.clone(),
                reason: "several options chosen on a single-choice question",
            });
        }
        for c in choices {
            if q.choice(c).is_none() {
                return Err(Error::UnknownChoice {
                    question: q.id.clone(),
                    choice: c.clone(),
                });
            }
        }
        Ok(())
    };
    let check_text = |text: &str| -> Result<(), Error> {
        if !q.allow_free_text {
            Err(Error::InvalidAnswer {
                question: q.id.clone(),
                reason: "this question does not take free text",
            })
        } else if text.trim().is_empty() {
            Err(Error::InvalidAnswer {
                question: q.id.clone(),
                reason: "the answer is empty",
            })
        } else {
            Ok(())
        }
    };
    match reply {
        Reply::Choices { choices } => check_choices(choices),
        Reply::Text { text } => check_text(text),
        Reply::ChoicesWithText { choices, text } => {
            check_choices(choices).and_then(|()| check_text(text))
        }
        Reply::DontKnow if q.allow_skip => Ok(()),
        Reply::DontKnow => Err(Error::InvalidAnswer {
            question: q.id.clone(),
            reason: "this question does not offer \"I don't know\"",
        }),
    }
}

/// Reads a chat message as the answer to `q`: `2` picks the second option, an option's label
/// picks it, `?` means "I don't know", anything else is free text.
fn answer_from_message(q: &Question, text: &str) -> Result<Answer, Error> {
    let t = text.trim();
    if t == "?" && q.allow_skip {
        return Ok(Answer::DontKnow);
    }
    if let Ok(n) = t.parse::<usize>() {
        if let Some(choice) = n.checked_sub(1).and_then(|i| q.options.get(i)) {
            return Ok(Answer::Choices {
                choices: vec![choice.id.clone()],
            });
        }
    }
    if let Some(choice) = q
        .options
        .iter()
        .find(|c: &&Choice| c.label.eq_ignore_ascii_case(t))
    {
        return Ok(Answer::Choices {
            choices: vec![choice.id.clone()],
        });
    }
    let reply = Reply::Text { text: t.to_owned() };
    validate_reply(q, &reply)?;
    Ok(reply.into())
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

fn input_kind(input: &Input) -> InputKind {
    match input {
        Input::Start { .. } => InputKind::Start,
        Input::Message { .. } => InputKind::Message,
        Input::DetectionReceived { .. } => InputKind::DetectionReceived,
        Input::DetectionFailed { .. } => InputKind::DetectionFailed,
        Input::Answer { .. } => InputKind::Answer,
        Input::Skip { .. } => InputKind::Skip,
        Input::SkipAll { .. } => InputKind::SkipAll,
        Input::Tick { .. } => InputKind::Tick,
        Input::StepCompleted { .. } => InputKind::StepCompleted,
        Input::StepNeedsClarification { .. } => InputKind::StepNeedsClarification,
        Input::GenerationChunk { .. } => InputKind::GenerationChunk,
        Input::GenerationCompleted { .. } => InputKind::GenerationCompleted,
        Input::GenerationFailed { .. } => InputKind::GenerationFailed,
        Input::Retry => InputKind::Retry,
        Input::Reset => InputKind::Reset,
    }
}
