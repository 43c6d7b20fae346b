//! Whole-conversation transcripts: every `transcripts/*.txt` is replayed through
//! `clarify_core::Session` and compared with what the file says happened.
//!
//! The file format is described in `tests/README.md`. Lines starting with `#`, `config`, `>`,
//! `|` and `?` are written by hand; lines starting with `<`, `!` and `~`, and everything after
//! `== end`, are the engine's observed behaviour. `BLESS=1 cargo test -p clarify-tests --test
//! transcripts` rewrites the observed lines; `?` lines are checks that must hold either way.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use clarify_core::{
    Answer, ChoiceId, Config, Effect, Input, Question, QuestionId, QuestionSource, Session,
    TraceEvent, UserAnswer,
};

#[test]
fn transcripts() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("transcripts");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("transcripts/ exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 30,
        "expected at least 30 transcripts, found {}",
        files.len()
    );
    let bless = std::env::var_os("BLESS").is_some();
    let mut failures = Vec::new();
    for file in &files {
        let name = file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text = std::fs::read_to_string(file).expect("readable transcript");
        let (observed, check_failures) = match run(&text) {
            Ok(out) => out,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        for f in check_failures {
            failures.push(format!("{name}: {f}"));
        }
        if observed != text {
            if bless {
                std::fs::write(file, &observed).expect("writable transcript");
            } else {
                failures.push(format!("{name}: {}", first_difference(&text, &observed)));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} transcript problem(s) (run with BLESS=1 to accept new output, then review the diff):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// One hand-written item of a transcript.
enum Item {
    /// A comment, blank line or `config` line, kept as is.
    Verbatim(String),
    /// An input line with its `|` continuation lines and `?` checks.
    Input {
        line: String,
        payload: Vec<String>,
        checks: Vec<String>,
    },
}

fn parse(text: &str) -> Result<Vec<Item>, String> {
    let mut items: Vec<Item> = Vec::new();
    for line in text.lines() {
        if line.starts_with("== end") {
            break;
        }
        if line.starts_with('<') || line.starts_with('!') || line.starts_with('~') {
            continue;
        }
        if let Some(rest) = line.strip_prefix('|') {
            let rest = rest.strip_prefix(' ').unwrap_or(rest);
            match items.last_mut() {
                Some(Item::Input {
                    payload, checks, ..
                }) if checks.is_empty() => {
                    payload.push(rest.to_owned());
                }
                Some(Item::Verbatim(v)) if v.starts_with("config") => {
                    v.push('\n');
                    v.push_str(line);
                }
                Some(_) | None => return Err(format!("`|` line without an input: {line}")),
            }
        } else if line.starts_with('?') {
            match items.last_mut() {
                Some(Item::Input { checks, .. }) => checks.push(line.to_owned()),
                Some(Item::Verbatim(_)) | None => {
                    return Err(format!("`?` check without an input: {line}"));
                }
            }
        } else if line.starts_with('>') {
            items.push(Item::Input {
                line: line.to_owned(),
                payload: Vec::new(),
                checks: Vec::new(),
            });
        } else {
            items.push(Item::Verbatim(line.to_owned()));
        }
    }
    while matches!(items.last(), Some(Item::Verbatim(v)) if v.trim().is_empty()) {
        items.pop();
    }
    Ok(items)
}

/// Replays a transcript; returns the file as it should read, and failed `?` checks.
fn run(text: &str) -> Result<(String, Vec<String>), String> {
    let items = parse(text)?;
    let mut config = Config::default();
    for item in &items {
        if let Item::Verbatim(v) = item
            && let Some(json) = v.strip_prefix("config")
        {
            let json: String = json
                .lines()
                .map(|l| l.trim_start_matches('|'))
                .collect::<Vec<_>>()
                .join("\n");
            config = merged_config(&json)?;
        }
    }
    let mut driver = Driver {
        session: Session::new(config),
        now: 0,
        last: Outcome::None,
        trace_len: 0,
    };
    let mut out = String::new();
    let mut failures = Vec::new();
    for item in &items {
        match item {
            Item::Verbatim(v) => {
                out.push_str(v);
                out.push('\n');
            }
            Item::Input {
                line,
                payload,
                checks,
            } => {
                out.push_str(line);
                out.push('\n');
                for p in payload {
                    out.push_str(if p.is_empty() { "|" } else { "| " });
                    out.push_str(p);
                    out.push('\n');
                }
                let before = driver.session.clone();
                driver.trace_len = driver.session.trace().len();
                let command = line.trim_start_matches('>').trim();
                for observed in driver.step(command, &payload.join("\n"))? {
                    out.push_str(&observed);
                    out.push('\n');
                }
                for check in checks {
                    out.push_str(check);
                    out.push('\n');
                    if let Err(e) = driver.check(check, &before) {
                        failures.push(format!("{line}\n  {check}\n  failed: {e}"));
                    }
                }
            }
        }
    }
    out.push_str("\n== end\n");
    out.push_str(&summary(&driver.session));
    Ok((out, failures))
}

/// What the last input did.
enum Outcome {
    None,
    Effects(Vec<Effect>),
    Error(String),
}

struct Driver {
    session: Session,
    now: u64,
    last: Outcome,
    trace_len: usize,
}

impl Driver {
    /// Applies one `>` line; returns the observed lines.
    fn step(&mut self, command: &str, payload: &str) -> Result<Vec<String>, String> {
        let (verb, rest) = command.split_once(' ').unwrap_or((command, ""));
        let rest = expand(rest.trim());
        let payload = expand(payload);
        let mut lines = Vec::new();
        if let Some(restore) = self.persistence(verb, &rest, &payload)? {
            lines.push(restore);
            return Ok(lines);
        }
        let input = self.input(verb, &rest, &payload)?;
        match self.session.handle(input) {
            Ok(effects) => {
                for e in &effects {
                    lines.extend(render_effect(e));
                }
                self.last = Outcome::Effects(effects);
            }
            Err(e) => {
                lines.push(format!("! error: {e}"));
                self.last = Outcome::Error(e.to_string());
            }
        }
        let new: Vec<&TraceEvent> = self.session.trace().iter().skip(self.trace_len).collect();
        if !new.is_empty() {
            let names: Vec<&str> = new.iter().map(|t| t.decision.as_str()).collect();
            lines.push(format!("~ {}", names.join(", ")));
        }
        Ok(lines)
    }

    /// `snapshot_restore`, `restore_file` and `restore` replace the session itself.
    fn persistence(
        &mut self,
        verb: &str,
        rest: &str,
        payload: &str,
    ) -> Result<Option<String>, String> {
        let text = match verb {
            "snapshot_restore" => {
                let snapshot = self.session.snapshot();
                let restored = Session::restore(&snapshot)
                    .map_err(|e| format!("own snapshot failed to restore: {e}"))?;
                if restored != self.session {
                    return Err("restore(snapshot(s)) differs from s".into());
                }
                self.session = restored;
                self.last = Outcome::None;
                return Ok(Some(format!(
                    "~ restored from its own snapshot; status {}",
                    self.session.status()
                )));
            }
            "restore_file" => {
                let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rest);
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?
            }
            "restore" => text_arg(rest, payload),
            _ => return Ok(None),
        };
        Ok(Some(match Session::restore(&text) {
            Ok(s) => {
                self.session = s;
                self.last = Outcome::None;
                format!("~ restored; status {}", self.session.status())
            }
            Err(e) => {
                self.last = Outcome::Error(e.to_string());
                format!("! restore error: {e}")
            }
        }))
    }

    fn input(&mut self, verb: &str, rest: &str, payload: &str) -> Result<Input, String> {
        let user_now = |d: &mut Self| {
            d.now += 1000;
            d.now
        };
        let current = |d: &Self| -> Result<QuestionId, String> {
            d.session
                .current_question()
                .map(|q| q.id.clone())
                .ok_or_else(|| "no question is pending".to_owned())
        };
        Ok(match verb {
            "start" => Input::Start {
                request: text_arg(rest, ""),
                context: if payload.trim().is_empty() {
                    Default::default()
                } else {
                    serde_json::from_str(payload).map_err(|e| format!("context JSON: {e}"))?
                },
                now: user_now(self),
            },
            "message" => Input::Message {
                text: text_arg(rest, payload),
                now: user_now(self),
            },
            "answer" | "answer_to" => {
                let (question, rest) = if verb == "answer_to" {
                    let (id, rest) = rest.split_once(' ').unwrap_or((rest, ""));
                    (QuestionId(id.to_owned()), rest)
                } else {
                    (current(self)?, rest)
                };
                let (kind, rest) = rest.split_once(' ').unwrap_or((rest, ""));
                let choices = |s: &str| s.split_whitespace().map(|c| ChoiceId(c.into())).collect();
                let reply = match kind {
                    "choice" => UserAnswer::Choices {
                        choices: choices(rest),
                    },
                    "text" => UserAnswer::Text {
                        text: text_arg(rest, payload),
                    },
                    "choice_text" => {
                        let (ids, text) = rest.split_once(" / ").unwrap_or((rest, ""));
                        UserAnswer::ChoicesWithText {
                            choices: choices(ids),
                            text: text.to_owned(),
                        }
                    }
                    "dont_know" => UserAnswer::DontKnow,
                    other => return Err(format!("unknown answer kind {other:?}")),
                };
                Input::Answer {
                    question,
                    answer: reply,
                    now: user_now(self),
                }
            }
            "skip" => Input::Skip {
                question: if rest.is_empty() {
                    current(self)?
                } else {
                    QuestionId(rest.to_owned())
                },
                now: user_now(self),
            },
            "reopen" => Input::Reopen {
                question: QuestionId(rest.to_owned()),
                now: user_now(self),
            },
            "detect_offline" => Input::DetectOffline {
                now: user_now(self),
            },
            "skip_all" => Input::SkipAll {
                now: user_now(self),
            },
            "tick" => {
                let ms: u64 = rest
                    .trim_start_matches('+')
                    .replace('_', "")
                    .parse()
                    .map_err(|e| format!("tick +MS: {e}"))?;
                self.now += ms;
                Input::Tick { now: self.now }
            }
            "detection_received" => Input::DetectionReceived {
                text: text_arg(rest, payload),
                usage: None,
            },
            "detection_failed" => Input::DetectionFailed {
                reason: rest.to_owned(),
            },
            "step_completed" => {
                let (step, json) = rest.split_once(' ').unwrap_or((rest, "null"));
                Input::StepCompleted {
                    step: step.to_owned(),
                    output: serde_json::from_str(json).map_err(|e| format!("output: {e}"))?,
                }
            }
            "step_needs_clarification" => {
                let (step, json) = rest.split_once(' ').unwrap_or((rest, "null"));
                Input::StepNeedsClarification {
                    step: step.to_owned(),
                    json: payload.to_owned(),
                    partial: serde_json::from_str(json).map_err(|e| format!("partial: {e}"))?,
                }
            }
            "chunk" => Input::GenerationChunk {
                text: text_arg(rest, payload),
            },
            "generation_completed" => Input::GenerationCompleted {
                text: text_arg(rest, payload),
                usage: None,
            },
            "stop" => Input::GenerationStopped,
            "generate_offline" => Input::GenerationCompleted {
                text: self
                    .session
                    .enriched_prompt()
                    .map(|p| p.offline_answer())
                    .unwrap_or_default(),
                usage: None,
            },
            "generation_failed" => Input::GenerationFailed {
                reason: rest.to_owned(),
            },
            "translation_received" | "translation_received_for" => {
                let (question, text) = if verb == "translation_received_for" {
                    let (id, text) = rest.split_once(' ').unwrap_or((rest, ""));
                    (QuestionId(id.to_owned()), text_arg(text, payload))
                } else {
                    (self.translating()?, text_arg(rest, payload))
                };
                Input::TranslationReceived {
                    question,
                    text,
                    usage: None,
                }
            }
            "translation_failed" => Input::TranslationFailed {
                question: self.translating()?,
                reason: rest.to_owned(),
            },
            "retry" => Input::Retry,
            "reset" => Input::Reset,
            "json" => serde_json::from_str(&format!("{rest}{payload}"))
                .map_err(|e| format!("input JSON: {e}"))?,
            other => return Err(format!("unknown input {other:?}")),
        })
    }

    /// The question awaiting its translation.
    fn translating(&self) -> Result<QuestionId, String> {
        self.session
            .translating()
            .map(|q| q.id.clone())
            .ok_or_else(|| "no question awaits its translation".to_owned())
    }

    /// Evaluates one `?` check after its input.
    fn check(&self, check: &str, before: &Session) -> Result<(), String> {
        let check = check.trim_start_matches('?').trim();
        let (what, arg) = check.split_once(' ').unwrap_or((check, ""));
        let arg = arg.trim();
        let effects: &[Effect] = match &self.last {
            Outcome::Effects(e) => e,
            Outcome::None | Outcome::Error(_) => &[],
        };
        let since = &self.session.trace()[self.trace_len.min(self.session.trace().len())..];
        let ok = match what {
            "status" => self.session.status().to_string() == arg,
            "error" => matches!(&self.last, Outcome::Error(e) if e.contains(arg)),
            "unchanged" => matches!(self.last, Outcome::Error(_)) && &self.session == before,
            "no" => !effects.iter().any(|e| effect_name(e) == arg),
            "effect" => effects.iter().any(|e| effect_name(e) == arg),
            "decided" => since.iter().any(|t| t.decision == arg),
            "not_decided" => !since.iter().any(|t| t.decision == arg),
            "trace_lacks" => !self.session.trace().iter().any(|t| t.decision == arg),
            "asked" => self.session.counters().questions_asked.to_string() == arg,
            "resolutions" => self.session.resolutions().len().to_string() == arg,
            "prompt_contains" => self
                .session
                .enriched_prompt()
                .is_some_and(|p| p.render().contains(arg)),
            "prompt_lacks" => self
                .session
                .enriched_prompt()
                .is_some_and(|p| !p.render().contains(arg)),
            "reason_contains" => since.iter().any(|t| t.reason.contains(arg)),
            "answer_contains" => self.session.answer().is_some_and(|a| a.contains(arg)),
            "can_reopen" => self.session.can_reopen(&QuestionId(arg.to_owned())),
            "cannot_reopen" => !self.session.can_reopen(&QuestionId(arg.to_owned())),
            "reopened_answer" => self
                .session
                .reopened_answer()
                .is_some_and(|a| answer_label(a) == arg),
            "answer_of" => {
                let (id, label) = arg.split_once(' ').unwrap_or((arg, ""));
                self.session
                    .resolutions()
                    .iter()
                    .any(|r| r.question.id.as_str() == id && answer_label(&r.answer) == label)
            }
            "last_answer" => self
                .session
                .resolutions()
                .last()
                .is_some_and(|r| answer_label(&r.answer) == arg),
            other => return Err(format!("unknown check {other:?}")),
        };
        if ok {
            Ok(())
        } else {
            Err(format!(
                "status {}, last outcome {}",
                self.session.status(),
                match &self.last {
                    Outcome::None => "none".to_owned(),
                    Outcome::Error(e) => format!("error {e}"),
                    Outcome::Effects(e) => e.iter().map(effect_name).collect::<Vec<_>>().join(", "),
                }
            ))
        }
    }
}

/// `Config::default()` with the fields of `json` laid over it.
fn merged_config(json: &str) -> Result<Config, String> {
    let mut base = serde_json::to_value(Config::default()).map_err(|e| e.to_string())?;
    let patch: serde_json::Value =
        serde_json::from_str(json).map_err(|e| format!("config JSON: {e}"))?;
    merge(&mut base, patch);
    serde_json::from_value(base).map_err(|e| format!("config: {e}"))
}

fn merge(base: &mut serde_json::Value, patch: serde_json::Value) {
    match (base, patch) {
        (serde_json::Value::Object(b), serde_json::Value::Object(p)) => {
            for (k, v) in p {
                merge(b.entry(k).or_insert(serde_json::Value::Null), v);
            }
        }
        (b, p) => *b = p,
    }
}

/// The text argument: the rest of the line (a JSON string if quoted), else the payload.
fn text_arg(rest: &str, payload: &str) -> String {
    if rest.starts_with('"')
        && let Ok(s) = serde_json::from_str::<String>(rest)
    {
        return s;
    }
    if rest.is_empty() {
        payload.to_owned()
    } else {
        rest.to_owned()
    }
}

/// Expands `{repeat:N:TEXT}` into TEXT repeated N times (for very long inputs).
fn expand(text: &str) -> String {
    let Some(start) = text.find("{repeat:") else {
        return text.to_owned();
    };
    let Some(end) = text[start..].find('}').map(|e| e + start) else {
        return text.to_owned();
    };
    let inner = &text[start + "{repeat:".len()..end];
    let (n, unit) = inner.split_once(':').unwrap_or((inner, ""));
    let n: usize = n.replace('_', "").parse().unwrap_or(0);
    format!(
        "{}{}{}",
        &text[..start],
        unit.repeat(n),
        expand(&text[end + 1..])
    )
}

fn effect_name(e: &Effect) -> &'static str {
    match e {
        Effect::StatusChanged { .. } => "status",
        Effect::RequestDetection { .. } => "request_detection",
        Effect::Ask { .. } => "ask",
        Effect::RunStep { .. } => "run_step",
        Effect::RequestGeneration { .. } => "request_generation",
        Effect::AppendAnswer { .. } => "append",
        Effect::Complete { .. } => "complete",
        Effect::HandOff { .. } => "hand_off",
        Effect::Notice { .. } => "notice",
        Effect::RequestTranslation { .. } => "request_translation",
        Effect::LoadDetector => "load_detector",
        Effect::LoadColumns { .. } => "load_columns",
    }
}

fn render_effect(e: &Effect) -> Vec<String> {
    match e {
        Effect::StatusChanged { status } => vec![format!("< status {status}")],
        Effect::RequestDetection { request } => {
            let last = request.messages.last().map_or("", |m| m.content.as_str());
            vec![format!(
                "< request_detection: {} message(s), schema {}, last {}",
                request.messages.len(),
                if request.response_format.is_some() {
                    "yes"
                } else {
                    "no"
                },
                quote(last, 60)
            )]
        }
        Effect::Ask { question, progress } => {
            render_question(question, progress.current, progress.total)
        }
        Effect::RunStep {
            step,
            partial,
            allow_clarification,
            ..
        } => vec![format!(
            "< run_step {step} allow_clarification={allow_clarification} partial={}",
            partial
                .as_ref()
                .map_or("none".to_owned(), |p| p.to_string())
        )],
        Effect::RequestGeneration { request, .. } => vec![format!(
            "< request_generation: {} message(s), stream {}",
            request.messages.len(),
            request.stream
        )],
        Effect::AppendAnswer { text } => vec![format!("< append {}", quote(text, 60))],
        Effect::Complete {
            answer, stopped, ..
        } => vec![format!(
            "< complete {}{}",
            quote(answer, 70),
            if *stopped {
                " (stopped by the user)"
            } else {
                ""
            }
        )],
        Effect::HandOff { package } => vec![format!(
            "< hand_off {} (questions {}, assumptions {})",
            quote(&package.reason, 70),
            package.questions.len(),
            package.assumptions.len()
        )],
        Effect::Notice { message, .. } => vec![format!("< notice {}", quote(message, 100))],
        Effect::LoadDetector => vec!["< load_detector".to_owned()],
        Effect::LoadColumns { language } => vec![format!("< load_columns {}", language.tag())],
        Effect::RequestTranslation { question, request } => {
            let system = request.messages.first().map_or("", |m| m.content.as_str());
            vec![format!(
                "< request_translation {question}: {} message(s), schema {}, max_tokens {}, {}",
                request.messages.len(),
                if request.response_format.is_some() {
                    "yes"
                } else {
                    "no"
                },
                request.max_tokens.unwrap_or_default(),
                quote(system.split('.').next().unwrap_or_default(), 60)
            )]
        }
    }
}

fn render_question(q: &Question, current: u32, total: u32) -> Vec<String> {
    let source = match &q.source {
        QuestionSource::Llm => "llm".to_owned(),
        QuestionSource::Document { document } => format!("document {document}"),
        QuestionSource::Catalog { mention } => format!("catalog {mention:?}"),
        QuestionSource::Detector { rule } => format!("detector {rule}"),
        QuestionSource::Step => format!("step {}", q.step),
        QuestionSource::FollowUp { of } => format!("follow-up of {of}"),
    };
    let mut lines = vec![format!(
        "< ask {} {} {} ({current} of {total}) from {source}",
        q.id,
        q.priority,
        quote(&q.text, 100)
    )];
    let mut extras: Vec<String> = q
        .options
        .iter()
        .map(|c| {
            let mut option = format!("{}={}", c.id, quote(&c.label, 40));
            if q.recommended.as_ref() == Some(&c.id) {
                option.push_str(" (recommended)");
            }
            option
        })
        .collect();
    if q.multiple {
        extras.push("several allowed".into());
    }
    if q.allow_skip {
        extras.push("I don't know".into());
    }
    if q.allow_free_text {
        extras.push("free text".into());
    }
    lines.push(format!("<   {}", extras.join(" · ")));
    lines
}

fn answer_label(a: &Answer) -> String {
    match a {
        Answer::Choices { choices } => format!(
            "choices {}",
            choices
                .iter()
                .map(|c| c.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        ),
        Answer::Text { text } => format!("text {}", quote(text, 60)),
        Answer::ChoicesWithText { choices, text } => format!(
            "choices {} with text {}",
            choices
                .iter()
                .map(|c| c.as_str())
                .collect::<Vec<_>>()
                .join(" "),
            quote(text, 60)
        ),
        Answer::DontKnow => "dont_know".into(),
        Answer::Skipped => "skipped".into(),
        Answer::Declined => "declined".into(),
        Answer::TimedOut => "timed_out".into(),
    }
}

fn summary(s: &Session) -> String {
    let mut out = String::new();
    let c = s.counters();
    let _ = writeln!(out, "status: {}", s.status());
    if s.stopped() {
        let _ = writeln!(out, "stopped: the answer is what had arrived");
    }
    let _ = writeln!(
        out,
        "counters: asked {}, answered {}, skipped {}, timed out {}, llm calls {}, tokens {}+{}, rounds {}",
        c.questions_asked,
        c.answered,
        c.skipped,
        c.timed_out,
        c.llm_calls,
        c.prompt_tokens,
        c.completion_tokens,
        s.rounds()
    );
    for r in s.resolutions() {
        let _ = writeln!(
            out,
            "resolved: {} -> {}",
            quote(&r.question.text, 60),
            answer_label(&r.answer)
        );
    }
    for q in s.unasked() {
        let _ = writeln!(out, "unasked: {}", quote(&q.text, 60));
    }
    for o in s.step_outputs() {
        let _ = writeln!(out, "step output: {} {}", o.step, o.output);
    }
    if let Some(p) = s.paused_step() {
        let _ = writeln!(out, "paused: {} {}", p.step, p.partial);
    }
    if let Some(a) = s.answer() {
        let _ = writeln!(out, "answer: {}", quote(a, 70));
    }
    if let Some(h) = s.handoff() {
        let _ = writeln!(
            out,
            "handoff: {}",
            serde_json::to_string(h).unwrap_or_default()
        );
    }
    if let Some(f) = s.failure() {
        let _ = writeln!(out, "failure: {}", quote(f, 70));
    }
    if let Some(p) = s.enriched_prompt() {
        out.push_str("enriched prompt:\n");
        for line in p.render().lines() {
            let _ = writeln!(out, "  | {line}");
        }
    }
    out
}

/// `text` as a JSON string, cut to `max` characters.
fn quote(text: &str, max: usize) -> String {
    let count = text.chars().count();
    if count > max {
        let cut: String = text.chars().take(max).collect();
        format!("{}…(+{} chars)", serde_json::Value::from(cut), count - max)
    } else {
        serde_json::Value::from(text).to_string()
    }
}

fn first_difference(expected: &str, observed: &str) -> String {
    for (i, (e, o)) in expected.lines().zip(observed.lines()).enumerate() {
        if e != o {
            return format!("line {}:\n  file:     {e}\n  observed: {o}", i + 1);
        }
    }
    format!(
        "the file has {} lines, the replay {}",
        expected.lines().count(),
        observed.lines().count()
    )
}
