//! `clarify eval`: what the user gets, against labelled requests.
//!
//! By default every line runs through a real offline [`Session`] (default configuration, the
//! line's `context` as history) and counts as "asks" when the session shows at least one
//! question, so the figures include every layer between the request and the user: rules,
//! model, templates and, with `--demo`, the demo knowledge base and catalog. `--model-only`
//! scores the detector's decision alone, as earlier versions did.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::ExitCode;

use clarify_core::{Config, Context, Effect, Input, Message, Question, Role, Session, detect};
use serde::{Deserialize, Serialize};

/// Options of `clarify eval`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A JSONL file: `{"text", "label", "context"?}` or IN3's `{"task", "vague"}` per line.
    file: PathBuf,
    /// Print one JSON object: n, accuracy, precision, recall, f1, macro_f1,
    /// balanced_accuracy, false_ask_rate and ask_recall.
    #[arg(long)]
    json: bool,
    /// Print every line that asks, with the questions the user would see (for review).
    #[arg(long)]
    show_questions: bool,
    /// Give each session the built-in demo knowledge base and catalog (as `clarify ask` does).
    #[arg(long, conflicts_with = "model_only")]
    demo: bool,
    /// Score the embedded detector's decision alone instead of the whole session.
    #[arg(long)]
    model_only: bool,
}

/// The figures `clarify eval` reports; "positive" means "needs clarification".
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Metrics {
    /// Lines counted.
    pub n: usize,
    /// Share of correct decisions.
    pub accuracy: f64,
    /// Of the requests the detector asked about, the share that needed it.
    pub precision: f64,
    /// Of the requests that needed clarification, the share it asked about.
    pub recall: f64,
    /// Harmonic mean of precision and recall.
    pub f1: f64,
    /// Mean of the F1 of both classes.
    pub macro_f1: f64,
    /// Mean of the recall of both classes (0.5 for "always ask").
    pub balanced_accuracy: f64,
    /// Of the clear requests (label false), the share asked about.
    pub false_ask_rate: f64,
    /// Of the requests that needed clarification (label true), the share asked about; the
    /// same figure as `recall`, under the name the product's targets use.
    pub ask_recall: f64,
}

/// Counts of decisions against labels.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Confusion {
    /// Asked, and it was needed.
    pub tp: usize,
    /// Asked, but the request was clear (a false ask).
    pub fp: usize,
    /// Did not ask, and the request was clear.
    pub tn: usize,
    /// Did not ask, but it was needed.
    pub fn_: usize,
}

impl Confusion {
    /// Adds one decision.
    pub fn add(&mut self, predicted: bool, label: bool) {
        match (predicted, label) {
            (true, true) => self.tp += 1,
            (true, false) => self.fp += 1,
            (false, false) => self.tn += 1,
            (false, true) => self.fn_ += 1,
        }
    }

    /// The metrics; a ratio with a zero denominator is 0.
    pub fn metrics(&self) -> Metrics {
        let ratio = |a: usize, b: usize| if b == 0 { 0.0 } else { a as f64 / b as f64 };
        let f1 = |p: f64, r: f64| {
            if p + r == 0.0 {
                0.0
            } else {
                2.0 * p * r / (p + r)
            }
        };
        let n = self.tp + self.fp + self.tn + self.fn_;
        let precision = ratio(self.tp, self.tp + self.fp);
        let recall = ratio(self.tp, self.tp + self.fn_);
        let neg_precision = ratio(self.tn, self.tn + self.fn_);
        let neg_recall = ratio(self.tn, self.tn + self.fp);
        let pos_f1 = f1(precision, recall);
        Metrics {
            n,
            accuracy: ratio(self.tp + self.tn, n),
            precision,
            recall,
            f1: pos_f1,
            macro_f1: (pos_f1 + f1(neg_precision, neg_recall)) / 2.0,
            balanced_accuracy: (recall + neg_recall) / 2.0,
            false_ask_rate: ratio(self.fp, self.tn + self.fp),
            ask_recall: recall,
        }
    }
}

/// Runs `clarify eval`.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let file =
        std::fs::File::open(&args.file).map_err(|e| format!("{}: {e}", args.file.display()))?;
    let mut confusion = Confusion::default();
    let mut bad = 0;
    for (i, line) in BufReader::new(file).lines().enumerate() {
        let number = i + 1;
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                eprintln!("{}:{number}: unreadable line: {e}", args.file.display());
                bad += 1;
                continue;
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        let decided = parse_line(&line)
            .and_then(|example| Ok((asks(&example, number, args)?, example.label)));
        match decided {
            Ok((predicted, label)) => confusion.add(predicted, label),
            Err(reason) => {
                eprintln!("{}:{number}: skipped: {reason}", args.file.display());
                bad += 1;
            }
        }
    }
    let m = confusion.metrics();
    if args.json {
        crate::outln!("{}", serde_json::to_string(&m).map_err(|e| e.to_string())?);
    } else {
        print_report(&m, &confusion, bad);
    }
    Ok(if m.n == 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// Whether the product asks about `example` (line `number`): the session shows a question, or
/// with `--model-only` the detector says it needs clarification. With `--show-questions`, a line
/// that asks is printed with its questions.
///
/// # Errors
/// The engine's refusal of the request, as text.
fn asks(example: &Example, number: usize, args: &Args) -> Result<bool, String> {
    let history: Vec<Message> = example
        .context
        .iter()
        .filter(|c| !c.trim().is_empty())
        .map(|c| Message::new(Role::User, c.clone()))
        .collect();
    if args.model_only {
        return Ok(detect::assess(&example.text, &history).needs_clarification);
    }
    let questions = asked(&example.text, &history, args.demo)?;
    if args.show_questions && !questions.is_empty() {
        let label = if example.label { "vague" } else { "clear" };
        crate::outln!("{number} [{label}] {}", example.text);
        for q in &questions {
            crate::outln!("    ? {}", q.text);
        }
    }
    Ok(!questions.is_empty())
}

/// The questions an offline session shows first for `request`: the first one asked, and the
/// rest of its queue as the engine would ask them when each is skipped.
///
/// # Errors
/// The engine's refusal (e.g. an empty request), as text.
pub fn asked(request: &str, history: &[Message], demo: bool) -> Result<Vec<Question>, String> {
    let context = if demo {
        clarify_core::demo::context(request, history)
    } else {
        Context {
            history: history.to_vec(),
            ..Context::default()
        }
    };
    let mut session = Session::new(Config::default());
    let mut effects = session
        .handle(Input::Start {
            request: request.to_owned(),
            context,
            now: 0,
        })
        .map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    // Skipping shows the next queued question; the budget and round limits end the loop.
    while let Some(q) = effects.iter().find_map(|e| {
        if let Effect::Ask { question, .. } = e {
            Some(question.clone())
        } else {
            None
        }
    }) {
        let id = q.id.clone();
        out.push(q);
        effects = session
            .handle(Input::Skip {
                question: id,
                now: 0,
            })
            .map_err(|e| e.to_string())?;
    }
    Ok(out)
}

/// One labelled request.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Example {
    text: String,
    label: bool,
    context: Option<String>,
}

#[derive(Deserialize)]
struct RawLine {
    #[serde(default, alias = "task")]
    text: Option<String>,
    #[serde(default, alias = "vague")]
    label: Option<bool>,
    #[serde(default)]
    context: Option<String>,
}

/// Reads one line: its request, label and context. A request the engine would refuse (empty,
/// or over its size limit) makes the line bad, whether the session or the detector alone
/// decides, so both count the same lines.
fn parse_line(line: &str) -> Result<Example, String> {
    let raw: RawLine = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
    let text = raw.text.ok_or("no \"text\" (or IN3 \"task\") field")?;
    Session::check_request(&text).map_err(|e| e.to_string())?;
    let label = raw
        .label
        .ok_or("no boolean \"label\" (or IN3 \"vague\") field")?;
    Ok(Example {
        text,
        label,
        context: raw.context,
    })
}

fn print_report(m: &Metrics, c: &Confusion, bad: usize) {
    crate::outln!("n                  {}", m.n);
    crate::outln!("accuracy           {:.3}", m.accuracy);
    crate::outln!("precision          {:.3}", m.precision);
    crate::outln!("recall             {:.3}", m.recall);
    crate::outln!("f1                 {:.3}", m.f1);
    crate::outln!("macro_f1           {:.3}", m.macro_f1);
    crate::outln!("balanced_accuracy  {:.3}", m.balanced_accuracy);
    let clear = c.tn + c.fp;
    crate::outln!(
        "false_ask_rate     {:.3} ({} of {clear} clear requests asked about)",
        m.false_ask_rate,
        c.fp
    );
    crate::outln!(
        "ask_recall         {:.3} ({} of {} vague requests asked about)",
        m.ask_recall,
        c.tp,
        c.tp + c.fn_
    );
    crate::outln!(
        "confusion          asked&vague {} · asked&clear {} · answered&clear {} · answered&vague {}",
        c.tp,
        c.fp,
        c.tn,
        c.fn_
    );
    let vague = c.tp + c.fn_;
    if m.n > 0 {
        crate::outln!(
            "baseline           always ask: accuracy {:.3}, balanced_accuracy 0.500",
            vague as f64 / m.n as f64
        );
    }
    if bad > 0 {
        crate::outln!("skipped lines      {bad} (see stderr)");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_line_shapes_parse() {
        let a = parse_line(r#"{"text": "Plan a trip", "label": true}"#).unwrap();
        assert!(a.label);
        let b = parse_line(r#"{"task": "Find X", "vague": false, "category": "c"}"#).unwrap();
        assert_eq!(b.text, "Find X");
        assert!(!b.label);
        assert!(parse_line(r#"{"text": "no label"}"#).is_err());
        assert!(parse_line("{not json").is_err());
    }

    #[test]
    fn a_request_the_engine_refuses_is_a_bad_line() {
        assert_eq!(
            parse_line(r#"{"text": "", "label": true}"#),
            Err("the request is empty".into())
        );
        assert_eq!(
            parse_line(r#"{"task": "  ", "vague": false}"#),
            Err("the request is empty".into())
        );
        let long = "a".repeat(clarify_core::MAX_TEXT_BYTES + 1);
        let line = serde_json::json!({"text": long, "label": false}).to_string();
        let reason = parse_line(&line).unwrap_err();
        assert!(reason.contains("at most 65536"), "{reason}");
    }

    #[test]
    fn metrics_match_hand_computation() {
        let mut c = Confusion::default();
        for (p, l) in [
            (true, true),
            (true, true),
            (true, false),
            (false, false),
            (false, true),
        ] {
            c.add(p, l);
        }
        let m = c.metrics();
        assert_eq!(m.n, 5);
        assert!((m.accuracy - 0.6).abs() < 1e-9);
        assert!((m.precision - 2.0 / 3.0).abs() < 1e-9);
        assert!((m.recall - 2.0 / 3.0).abs() < 1e-9);
        assert!((m.balanced_accuracy - (2.0 / 3.0 + 0.5) / 2.0).abs() < 1e-9);
        assert!((m.macro_f1 - (2.0 / 3.0 + 0.5) / 2.0).abs() < 1e-9);
    }

    #[test]
    fn always_ask_scores_half_balanced_accuracy() {
        let mut c = Confusion::default();
        for l in [true, true, true, false] {
            c.add(true, l);
        }
        assert!((c.metrics().balanced_accuracy - 0.5).abs() < 1e-9);
        assert_eq!(Confusion::default().metrics().accuracy, 0.0);
    }
}
