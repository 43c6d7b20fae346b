//! How a conversation moves on: applying an accepted input, queueing questions, asking the
//! next one, following up on a vague answer, pausing and resuming pipeline steps, generating
//! and handing off.

use super::check::{Accepted, Pending, Then};
use super::{Active, After, Conversation, Env, PausedStep, Phase, StepOutput, count};
use crate::analysis;
use crate::detector::{self, Verdict};
use crate::phrase::{Phrase, quoted};
use crate::protocol::config::{Detection, Mode};
use crate::protocol::effect::{Effect, NoticeKind};
use crate::protocol::input::Answer;
use crate::protocol::language::Language;
use crate::protocol::prompt::{EnrichedPrompt, HandoffPackage, Resolution};
use crate::protocol::question::{Priority, Question, QuestionSource, Stage};
use crate::protocol::trace::{Counters, Layer};
use crate::text::preview;

/// The decision of a detection, the LLM's or the embedded detector's, in the trace.
const DETECTED: &str = "detected";

impl Active {
    /// Applies an input [`check`](super::check::check) accepted. Cannot fail.
    pub(super) fn apply(&mut self, accepted: Accepted, env: &mut Env, fx: &mut Vec<Effect>) {
        match accepted {
            Accepted::Resolve {
                pending,
                answer,
                now,
                from_message,
            } => {
                env.advance_clock(now);
                if from_message {
                    env.say(
                        Layer::Session,
                        "message_is_answer",
                        Phrase::NoteMessageIsAnswer,
                        &[],
                    );
                }
                self.resolve(pending, answer, env, fx);
            }
            Accepted::Reopen {
                question,
                earlier,
                waiting,
                now,
            } => {
                env.advance_clock(now);
                self.reopen(question, &earlier, waiting, env, fx);
            }
            Accepted::DeclineAll { pending, now } => {
                env.advance_clock(now);
                self.decline_all(pending, env, fx);
            }
            Accepted::Expire { pending, now } => {
                env.advance_clock(now);
                self.expire(pending, env, fx);
            }
            Accepted::DeclineDetection { now } => {
                env.advance_clock(now);
                self.decline_detection(env, fx);
            }
            Accepted::Detected { text, usage } => {
                env.add_usage(usage);
                self.detection_reply(&text, env, fx);
            }
            Accepted::DetectionFailed { reason } => self.detection_failed(&reason, env, fx),
            Accepted::DetectOffline { now } => {
                env.advance_clock(now);
                self.detect_offline(env, fx);
            }
            Accepted::StepCompleted { step, output } => {
                self.step_completed(StepOutput { step, output }, env, fx);
            }
            Accepted::StepAsks {
                step,
                json,
                partial,
            } => self.step_question(step, &json, partial, env, fx),
            Accepted::Chunk { text } => {
                // `check` accepts a chunk only while generating.
                if let Phase::Generating { streamed } = &mut self.phase {
                    streamed.push_str(&text);
                }
                fx.push(Effect::AppendAnswer { text });
            }
            Accepted::Generated {
                answer,
                usage,
                stopped,
            } => {
                env.add_usage(usage);
                self.finish(answer, stopped, env, fx);
            }
            Accepted::GenerationFailed { reason } => self.generation_failed(reason, env),
            Accepted::StoppedBeforeText => self.stopped_before_text(env),
            Accepted::Retry => {
                env.say(Layer::Session, "retry", Phrase::NoteRetry, &[]);
                self.proceed(None, env, fx);
            }
            Accepted::Translated {
                question,
                paused,
                text,
                usage,
            } => {
                env.add_usage(usage);
                self.translated(question, paused, &text, env, fx);
            }
            Accepted::TranslationFailed {
                question,
                paused,
                reason,
            } => {
                self.translation_failed(question, paused, &reason, env, fx);
            }
        }
    }

    /// "Continue anyway" before any question: nothing will be asked in this conversation.
    fn decline_detection(&mut self, env: &mut Env, fx: &mut Vec<Effect>) {
        self.conversation.declined_all = true;
        env.say(
            Layer::Session,
            "declined_all",
            Phrase::NoteDeclinedBeforeQuestions,
            &[],
        );
        self.proceed(None, env, fx);
    }

    /// The user did not wait for the endpoint's detection, or the host has loaded the
    /// detector's data (or given up on it): the embedded detector looks now.
    fn detect_offline(&mut self, env: &mut Env, fx: &mut Vec<Effect>) {
        if env.config.detection == Detection::Llm {
            env.say(
                Layer::Session,
                "detected_offline",
                Phrase::NoteDetectedOffline,
                &[],
            );
        }
        if !self.wait_for_columns(env, fx) {
            self.detect_embedded(env);
            self.proceed(None, env, fx);
        }
    }

    /// The running step finished with `output`: the next step, or generation, follows.
    fn step_completed(&mut self, output: StepOutput, env: &mut Env, fx: &mut Vec<Effect>) {
        env.say(
            Layer::Step,
            "step_completed",
            Phrase::NoteStepCompleted,
            &[&output.step],
        );
        let c = &mut self.conversation;
        c.step_outputs.push(output);
        c.next_step = c.next_step.saturating_add(1);
        c.step_pauses = 0;
        self.proceed(None, env, fx);
    }

    /// The answer could not be produced: every answer is kept, and Retry may try again.
    fn generation_failed(&mut self, reason: String, env: &mut Env) {
        env.say(
            Layer::Session,
            "generation_failed",
            Phrase::NoteGenerationFailed,
            &[&preview(&reason)],
        );
        let partial = match &mut self.phase {
            Phase::Generating { streamed } => std::mem::take(streamed),
            Phase::Detecting
            | Phase::Asking { .. }
            | Phase::Translating { .. }
            | Phase::RunningStep { .. }
            | Phase::Completed { .. }
            | Phase::HandedOff { .. }
            | Phase::Failed { .. } => String::new(),
        };
        self.phase = Phase::Failed { reason, partial };
    }

    /// Stopped before any text arrived: nothing to keep as the answer, so the call failed and
    /// Retry asks again.
    fn stopped_before_text(&mut self, env: &mut Env) {
        let language = self.conversation.language(&env.config);
        let reason = Phrase::StoppedBeforeText.text(language).to_owned();
        self.generation_failed(reason, env);
    }

    fn detection_failed(&mut self, reason: &str, env: &mut Env, fx: &mut Vec<Effect>) {
        env.say(
            Layer::Llm,
            "detection_failed",
            Phrase::NoteDetectionFailed,
            &[&reason.chars().take(240).collect::<String>()],
        );
        self.notice(
            NoticeKind::DetectionFailed,
            Phrase::FallbackNoAnswer,
            env,
            fx,
        );
        self.detect_embedded_or_wait(env, fx);
    }

    /// Reads the text of an LLM detection reply; a reply cut short keeps its complete
    /// questions, and an unusable one falls back to the embedded detector; then the
    /// conversation goes on.
    fn detection_reply(&mut self, text: &str, env: &mut Env, fx: &mut Vec<Effect>) {
        let language = self.conversation.language(&env.config);
        match analysis::parse_detection(text, &Stage::Request, language) {
            Ok(a) => {
                self.llm_detected(a, env);
                self.proceed(None, env, fx);
            }
            Err(e) => match analysis::salvage_detection(text, &Stage::Request, language) {
                Some(a) => {
                    env.say(
                        Layer::Llm,
                        "reply_cut",
                        Phrase::NoteReplyCut,
                        &[&e.to_string(), &a.questions.len().to_string()],
                    );
                    self.llm_detected(a, env);
                    self.proceed(None, env, fx);
                }
                None => {
                    env.say(
                        Layer::Llm,
                        "reply_unusable",
                        Phrase::NoteReplyUnusable,
                        &[&e.to_string()],
                    );
                    self.notice(
                        NoticeKind::DetectionUnreadable,
                        Phrase::FallbackUnreadable,
                        env,
                        fx,
                    );
                    self.detect_embedded_or_wait(env, fx);
                }
            },
        }
    }

    /// Queues what the LLM's detection found.
    fn llm_detected(&mut self, a: analysis::Analysis, env: &mut Env) {
        if a.needs_clarification {
            env.say(
                Layer::Llm,
                DETECTED,
                Phrase::NoteLlmAmbiguous,
                &[&a.questions.len().to_string()],
            );
            self.enqueue(a.questions, env);
        } else {
            env.say(Layer::Llm, DETECTED, Phrase::NoteLlmClear, &[]);
        }
    }

    /// Tells the user `phrase` (a fallback, a timeout) in their language; the technical
    /// reason, if any, goes to the trace, never here.
    fn notice(&self, kind: NoticeKind, phrase: Phrase, env: &Env, fx: &mut Vec<Effect>) {
        fx.push(Effect::Notice {
            kind,
            message: phrase
                .text(self.conversation.language(&env.config))
                .to_owned(),
        });
    }

    /// The embedded detector's questions, then the conversation goes on; or, before the
    /// detector's data is installed, the request waits for it ([`Effect::LoadDetector`]; the
    /// host replies `DetectOffline`, which runs [`Active::detect_offline`]).
    /// So too when the request is in a language read by columns that are not installed
    /// ([`Active::wait_for_columns`]).
    pub(super) fn detect_embedded_or_wait(&mut self, env: &mut Env, fx: &mut Vec<Effect>) {
        if detector::ready() {
            if !self.wait_for_columns(env, fx) {
                self.detect_embedded(env);
                self.proceed(None, env, fx);
            }
        } else {
            env.say(
                Layer::Detector,
                "detector_awaited",
                Phrase::NoteDetectorAwaited,
                &[],
            );
            self.phase = Phase::Detecting;
            fx.push(Effect::LoadDetector);
        }
    }

    /// Before the embedded detector reads a request in a language it reads by columns whose
    /// data is not installed (a wasm build fetches each language's on demand): the request
    /// waits for them, once per language and conversation, in the analyzing state
    /// ([`Effect::LoadColumns`]); the host replies `DetectOffline` whether it could install
    /// them or not, and the detector then reads the request with what is there (without them,
    /// it is answered as written). `true` when it waits.
    fn wait_for_columns(&mut self, env: &mut Env, fx: &mut Vec<Effect>) -> bool {
        let c = &mut self.conversation;
        let Some(language) = detector::get().and_then(|d| d.columns_wanted(&c.request)) else {
            return false;
        };
        if c.columns_asked == Some(language) {
            return false;
        }
        c.columns_asked = Some(language);
        // The trace's sentence is the detector data's: the columns are its data for the
        // language (the decision's name tells them apart).
        env.say(
            Layer::Detector,
            "columns_awaited",
            Phrase::NoteDetectorAwaited,
            &[],
        );
        self.phase = Phase::Detecting;
        fx.push(Effect::LoadColumns { language });
        true
    }

    /// Queues the embedded detector's questions for the request. Without the detector's data
    /// (the host could not load it), nothing: the request is answered as asked.
    pub(super) fn detect_embedded(&mut self, env: &mut Env) {
        let c = &self.conversation;
        let verdict =
            detector::get().and_then(|d| d.detect(&c.request, &c.history, c.language(&env.config)));
        let Some(Verdict {
            analysis: a,
            cues,
            as_written,
        }) = verdict
        else {
            env.say(
                Layer::Detector,
                "detector_missing",
                Phrase::NoteDetectorMissing,
                &[],
            );
            return;
        };
        self.conversation.as_written = as_written;
        if a.needs_clarification {
            let made: Vec<String> = a
                .questions
                .iter()
                .zip(&cues)
                .map(|(q, cue)| format!("{} ← {cue}", quoted(&preview(&q.text), env.speaks)))
                .collect();
            let slots = [rules(&a.questions), made.join("; ")];
            env.say(
                Layer::Detector,
                DETECTED,
                Phrase::NoteDetectorVague,
                &[&slots[0], &slots[1]],
            );
        } else if let Some(reason) = cues.first() {
            env.say(
                Layer::Detector,
                DETECTED,
                Phrase::NoteDetectorAnswers,
                &[reason],
            );
        } else {
            env.say(Layer::Detector, DETECTED, Phrase::NoteDetectorClear, &[]);
        }
        if a.needs_clarification {
            self.enqueue(a.questions, env);
        }
    }

    /// Adds questions to the queue, dropping repeats and keeping critical first (a stable sort,
    /// so a document's order holds among equals).
    pub(super) fn enqueue(&mut self, questions: Vec<Question>, env: &mut Env) {
        let max_rounds = env.config.limits.max_rounds;
        let c = &mut self.conversation;
        for q in questions {
            if c.seen(&q.id) || c.unasked.iter().any(|u| u.id == q.id) {
                env.say(
                    Layer::Limit,
                    "repeat_dropped",
                    Phrase::NoteAlreadyQueued,
                    &[&preview(&q.text)],
                );
            } else if max_rounds == 0 && q.step == Stage::Request {
                env.say(
                    Layer::Limit,
                    "round_limit_reached",
                    Phrase::NoteNoRound,
                    &[&preview(&q.text)],
                );
                c.unasked.push(q);
            } else {
                c.queue.push(q);
            }
        }
        crate::text::sort_short_by(&mut c.queue, |a, b| a.priority.cmp(&b.priority));
    }

    /// Asks the next question (`paused`, the step that paused for the question pending until
    /// now, then waits behind it), resumes `paused`, runs the next step, or generates.
    pub(super) fn proceed(
        &mut self,
        paused: Option<PausedStep>,
        env: &mut Env,
        fx: &mut Vec<Effect>,
    ) {
        self.skip_queue_if_barred(env);
        if !self.conversation.queue.is_empty() {
            self.ask_next(paused, env, fx);
        } else if let Some(paused) = paused {
            self.resume_step(paused, env, fx);
        } else if let Some(step) = env.config.steps.get(self.conversation.next_step).cloned() {
            self.run_step(step, env, fx);
        } else {
            self.generate(env, fx);
        }
    }

    /// Never-ask mode, "Continue anyway" and a spent budget all move what is queued to the
    /// unasked questions, whose assumptions apply.
    fn skip_queue_if_barred(&mut self, env: &mut Env) {
        let c = &mut self.conversation;
        let max = env.config.limits.max_questions;
        let barred = if c.queue.is_empty() {
            None
        } else if env.config.mode == Mode::NonInteractive {
            Some((Layer::Session, "auto_skipped", Phrase::NoteNeverAsk))
        } else if c.declined_all {
            Some((Layer::Session, "auto_skipped", Phrase::NoteDeclinedQuestion))
        } else if count(c.asked.len()) >= max {
            Some((Layer::Limit, "budget_reached", Phrase::NoteBudgetSpent))
        } else {
            None
        };
        if let Some((layer, decision, phrase)) = barred {
            let skipped = std::mem::take(&mut c.queue);
            c.unasked.extend(skipped);
            env.say(layer, decision, phrase, &[&max.to_string()]);
        }
    }

    fn ask_next(&mut self, paused: Option<PausedStep>, env: &mut Env, fx: &mut Vec<Effect>) {
        let c = &mut self.conversation;
        let next = c.queue.remove(0);
        c.asked.push(next.id.clone());
        env.counters.questions_asked = env.counters.questions_asked.saturating_add(1);
        env.say(
            Layer::Session,
            "question_asked",
            Phrase::NoteAsking,
            &[
                &preview(&next.text),
                priority_word(next.priority, env.speaks),
            ],
        );
        self.translate_or_show(next, paused, env, fx);
    }

    /// Puts `question` on screen, `after` behind it: it is pending from now on, and its time
    /// starts.
    pub(super) fn show(
        &mut self,
        question: Question,
        after: After,
        env: &Env,
        fx: &mut Vec<Effect>,
    ) {
        self.phase = Phase::Asking {
            question: question.clone(),
            asked_at: env.clock,
            after,
        };
        fx.push(Effect::Ask {
            question,
            progress: self.progress(&env.config),
        });
    }

    fn resume_step(&mut self, paused: PausedStep, env: &mut Env, fx: &mut Vec<Effect>) {
        let PausedStep { step, partial } = paused;
        let prompt = self
            .conversation
            .prompt(self.conversation.language(&env.config));
        self.phase = Phase::RunningStep {
            step: step.clone(),
            resumed: true,
            partial: partial.clone(),
        };
        env.say(
            Layer::Step,
            "step_resumed",
            Phrase::NoteStepResumed,
            &[&step],
        );
        let allow = self.step_may_ask(&step, env);
        fx.push(Effect::RunStep {
            step,
            prompt,
            partial: Some(partial),
            allow_clarification: allow,
        });
    }

    fn run_step(&mut self, step: String, env: &mut Env, fx: &mut Vec<Effect>) {
        let allow = self.step_may_ask(&step, env);
        let prompt = self
            .conversation
            .prompt(self.conversation.language(&env.config));
        self.phase = Phase::RunningStep {
            step: step.clone(),
            resumed: false,
            partial: serde_json::Value::Null,
        };
        env.say(
            Layer::Step,
            "step_started",
            Phrase::NoteStepStarted,
            &[&step],
        );
        fx.push(Effect::RunStep {
            step,
            prompt,
            partial: None,
            allow_clarification: allow,
        });
    }

    fn generate(&mut self, env: &mut Env, fx: &mut Vec<Effect>) {
        let c = &self.conversation;
        let prompt = c.prompt(c.language(&env.config));
        let request =
            crate::enrich::generation_request(&prompt, &env.config, &c.history, &c.step_outputs);
        if env.config.detection == Detection::Llm {
            env.counters.llm_calls = env.counters.llm_calls.saturating_add(1);
        }
        self.phase = Phase::Generating {
            streamed: String::new(),
        };
        env.say(Layer::Session, "generating", Phrase::NoteGenerating, &[]);
        fx.push(Effect::RequestGeneration { request, prompt });
    }

    /// Records `answer` for the pending question, follows up if it is itself vague, moves on:
    /// back to the question that was waiting when this one was reopened, else onwards.
    fn resolve(&mut self, pending: Pending, answer: Answer, env: &mut Env, fx: &mut Vec<Effect>) {
        let Pending { question, then } = pending;
        match then {
            Then::Proceed { paused } => {
                self.record(&question, answer.clone(), env);
                self.settle(&question, &answer, false, env);
                self.follow_up(&question, &answer, env);
                self.proceed(paused, env, fx);
            }
            Then::Change { waiting } => {
                self.replace_answer(&question, &answer, env);
                self.settle(&question, &answer, true, env);
                self.follow_up(&question, &answer, env);
                self.ask_again(waiting, env, fx);
            }
        }
    }

    /// "Change": shows `question`, answered `earlier`, again; `waiting` comes back once it is
    /// answered (the question on screen, or the one that waited for it when that one is itself
    /// reopened: its earlier answer then simply stands).
    fn reopen(
        &mut self,
        question: Question,
        earlier: &Answer,
        waiting: Question,
        env: &mut Env,
        fx: &mut Vec<Effect>,
    ) {
        env.say(
            Layer::Session,
            "answer_reopened",
            Phrase::NoteReopened,
            &[
                &preview(&question.text),
                answer_kind(earlier).text(env.speaks),
                &preview(&waiting.text),
            ],
        );
        let waiting = Box::new(waiting);
        self.show(question, After::Return { waiting }, env, fx);
    }

    /// Ends the change of `reopened`'s answer without a new one ("Continue anyway" or the
    /// deadline, said by `why`): the earlier answer stands.
    fn drop_change(reopened: &Question, why: Phrase, env: &mut Env) {
        env.say(
            Layer::Session,
            "change_dropped",
            Phrase::NoteChangeDropped,
            &[why.text(env.speaks), &preview(&reopened.text)],
        );
    }

    /// Shows `question` again: it was on screen when another was reopened. It is already
    /// among the asked, so it counts once against the budget.
    fn ask_again(&mut self, question: Question, env: &mut Env, fx: &mut Vec<Effect>) {
        env.say(
            Layer::Session,
            "question_resumed",
            Phrase::NoteQuestionResumed,
            &[&preview(&question.text)],
        );
        self.show(question, After::Next, env, fx);
    }

    /// Replaces the answer of the reopened `question` with `answer`, where the earlier one
    /// stood.
    fn replace_answer(&mut self, question: &Question, answer: &Answer, env: &mut Env) {
        let answered = self.conversation.resolutions.iter_mut();
        for r in answered.filter(|r| r.question.id == question.id) {
            let counter = tally(&mut env.counters, &r.answer);
            *counter = counter.saturating_sub(1);
            let counter = tally(&mut env.counters, answer);
            *counter = counter.saturating_add(1);
            env.say(
                Layer::Session,
                "answer_changed",
                Phrase::NoteAnswerChanged,
                &[
                    &preview(&question.text),
                    answer_kind(&r.answer).text(env.speaks),
                    answer_kind(answer).text(env.speaks),
                ],
            );
            r.answer = answer.clone();
            r.at = env.clock;
        }
    }

    /// Stores `answer` for `question`, the pending one (on screen or awaiting its
    /// translation).
    fn record(&mut self, question: &Question, answer: Answer, env: &mut Env) {
        let counter = tally(&mut env.counters, &answer);
        *counter = counter.saturating_add(1);
        env.say(
            Layer::Session,
            "answer_recorded",
            Phrase::NoteAnswerRecorded,
            &[
                &preview(&question.text),
                answer_kind(&answer).text(env.speaks),
            ],
        );
        self.conversation.resolutions.push(Resolution {
            question: question.clone(),
            answer,
            at: env.clock,
        });
    }

    /// "Continue anyway": the pending question is declined (the one that waited, if the one on
    /// screen was reopened: its earlier answer stands), so is everything queued, and nothing
    /// more is asked in this conversation.
    fn decline_all(&mut self, pending: Pending, env: &mut Env, fx: &mut Vec<Effect>) {
        let Pending { question, then } = pending;
        let (declined, paused) = match then {
            Then::Proceed { paused } => (question, paused),
            Then::Change { waiting } => {
                Self::drop_change(&question, Phrase::DropDeclined, env);
                (waiting, None)
            }
        };
        self.record(&declined, Answer::Declined, env);
        self.conversation.declined_all = true;
        env.say(
            Layer::Session,
            "declined_all",
            Phrase::NoteDeclinedRest,
            &[],
        );
        self.proceed(paused, env, fx);
    }

    /// The pending question's deadline has passed: it times out, or, if it was reopened, its
    /// earlier answer stands and the question that waited is on screen again, with a fresh
    /// deadline.
    fn expire(&mut self, pending: Pending, env: &mut Env, fx: &mut Vec<Effect>) {
        match pending.then {
            Then::Change { waiting } => {
                Self::drop_change(&pending.question, Phrase::DropLate, env);
                self.show(waiting, After::Next, env, fx);
            }
            then @ Then::Proceed { .. } => {
                env.say(Layer::Timeout, "timed_out", Phrase::NoteTimedOut, &[]);
                self.notice(NoticeKind::TimedOut, Phrase::TimedOut, env, fx);
                let pending = Pending {
                    question: pending.question,
                    then,
                };
                self.resolve(pending, Answer::TimedOut, env, fx);
            }
        }
    }

    /// The answer is complete (`stopped`: the user stopped it while it streamed): deliver it,
    /// then hand off if the source requires a human.
    fn finish(&mut self, answer: String, stopped: bool, env: &mut Env, fx: &mut Vec<Effect>) {
        if stopped {
            env.say(
                Layer::Session,
                "generation_stopped",
                Phrase::NoteStopped,
                &[],
            );
        }
        let c = &self.conversation;
        let prompt = c.prompt(c.language(&env.config));
        fx.push(Effect::Complete {
            answer: answer.clone(),
            prompt: prompt.clone(),
            stopped,
        });
        if c.requires_handoff {
            let package = handoff_package(c, &answer, &prompt);
            env.say(Layer::Document, "handed_off", Phrase::NoteHandedOff, &[]);
            fx.push(Effect::HandOff {
                package: package.clone(),
            });
            self.phase = Phase::HandedOff {
                answer,
                package,
                stopped,
            };
        } else {
            env.say(Layer::Session, "completed", Phrase::NoteCompleted, &[]);
            self.phase = Phase::Completed { answer, stopped };
        }
    }
}

/// What the agent receives; the reason is written in the user's language (the prompt's), as
/// the user sees the package too.
fn handoff_package(c: &Conversation, answer: &str, prompt: &EnrichedPrompt) -> HandoffPackage {
    HandoffPackage {
        request: c.request.clone(),
        answer: answer.to_owned(),
        questions: c.resolutions.clone(),
        assumptions: prompt.assumptions.clone(),
        reason: c.document.as_ref().map_or_else(
            || Phrase::HumanNeeded.text(prompt.language).to_owned(),
            |d| Phrase::DocumentNeedsHuman.fill(prompt.language, &[&d.title]),
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

/// The counter an answer of this kind counts in.
fn tally<'a>(counters: &'a mut Counters, answer: &Answer) -> &'a mut u32 {
    match answer {
        Answer::Choices { .. } | Answer::Text { .. } | Answer::ChoicesWithText { .. } => {
            &mut counters.answered
        }
        Answer::DontKnow | Answer::Skipped | Answer::Declined => &mut counters.skipped,
        Answer::TimedOut => &mut counters.timed_out,
    }
}

fn answer_kind(a: &Answer) -> Phrase {
    match a {
        Answer::Choices { .. } => Phrase::AnswerChoice,
        Answer::Text { .. } => Phrase::AnswerText,
        Answer::ChoicesWithText { .. } => Phrase::AnswerChoiceWithText,
        Answer::DontKnow => Phrase::AnswerDontKnow,
        Answer::Skipped => Phrase::AnswerSkipped,
        Answer::Declined => Phrase::AnswerDeclined,
        Answer::TimedOut => Phrase::AnswerTimedOut,
    }
}

/// A question's priority in the trace's words, in `language`.
fn priority_word(priority: Priority, language: Language) -> &'static str {
    match priority {
        Priority::Critical => Phrase::PriorityCritical,
        Priority::Important => Phrase::PriorityImportant,
        Priority::Helpful => Phrase::PriorityHelpful,
    }
    .text(language)
}
