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

use crate::error::CliError;

/// Options of `clarify eval`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A JSONL file: `{"text", "label", "context"?}` or IN3's `{"task", "vague"}` per line.
    file: PathBuf,
    /// Print one JSON object: n, accuracy, precision, recall, f1, macro_f1,
    /// balanced_accuracy, false_ask_rate and ask_recall (each `null` when no line was counted),
    /// skipped (how many lines were not counted) and skipped_lines (their numbers), and, when
    /// no line was counted, a message saying why. An error that kept the file from being read
    /// is `{"status": "error", "error": {"code", "message"}}` instead.
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

impl Args {
    /// Whether the figures, or the error, are printed as JSON.
    pub fn json(&self) -> bool {
        self.json
    }
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

    /// The metrics, or `None` when no decision was counted (every figure is undefined then);
    /// otherwise a ratio with a zero denominator is 0.
    pub fn metrics(&self) -> Option<Metrics> {
        let ratio = |a: usize, b: usize| if b == 0 { 0.0 } else { a as f64 / b as f64 };
        let f1 = |p: f64, r: f64| {
            if p + r == 0.0 {
                0.0
            } else {
                2.0 * p * r / (p + r)
            }
        };
        let n = self.tp + self.fp + self.tn + self.fn_;
        if n == 0 {
            return None;
        }
        let precision = ratio(self.tp, self.tp + self.fp);
        let recall = ratio(self.tp, self.tp + self.fn_);
        let neg_precision = ratio(self.tn, self.tn + self.fn_);
        let neg_recall = ratio(self.tn, self.tn + self.fp);
        let pos_f1 = f1(precision, recall);
        Some(Metrics {
            n,
            accuracy: ratio(self.tp + self.tn, n),
            precision,
            recall,
            f1: pos_f1,
            macro_f1: (pos_f1 + f1(neg_precision, neg_recall)) / 2.0,
            balanced_accuracy: (recall + neg_recall) / 2.0,
            false_ask_rate: ratio(self.fp, self.tn + self.fp),
            ask_recall: recall,
        })
    }
}

/// Runs `clarify eval`: exit status 0 when at least one line was counted, 1 when none was (an
/// empty file, or every line skipped).
///
/// # Errors
/// [`CliError::Unreadable`] when the file cannot be opened.
pub fn run(args: &Args) -> Result<ExitCode, CliError> {
    let file = std::fs::File::open(&args.file).map_err(|e| CliError::unreadable(&args.file, e))?;
    let tally = tally(BufReader::new(file), args);
    let metrics = tally.confusion.metrics();
    let nothing = metrics.is_none().then(|| Nothing {
        file: args.file.clone(),
        skipped: tally.skipped.len(),
    });
    if args.json {
        let shown = Shown::new(metrics.as_ref(), &tally.skipped, nothing.as_ref());
        // A struct, written in its fields' order.
        crate::outln!("{}", serde_json::to_string(&shown).unwrap_or_default());
    } else if let Some(m) = &metrics {
        print_report(m, &tally.confusion, tally.skipped.len());
    }
    if let (Some(nothing), false) = (&nothing, args.json) {
        eprintln!("clarify: {nothing}");
    }
    Ok(if metrics.is_some() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// What the lines of a file came to: the decisions against their labels, and the numbers of
/// the lines that could not be counted.
#[derive(Debug, Default)]
struct Tally {
    confusion: Confusion,
    skipped: Vec<usize>,
}

/// Runs every line of `input` (blank lines aside), reporting each one skipped on stderr as
/// `FILE:LINE: skipped: WHY`.
fn tally(input: impl BufRead, args: &Args) -> Tally {
    let mut tally = Tally::default();
    for (i, line) in input.lines().enumerate() {
        let number = i + 1;
        let decided = match line {
            Ok(line) if line.trim().is_empty() => continue,
            Ok(line) => parse_line(&line)
                .and_then(|example| Ok((asks(&example, number, args)?, example.label))),
            Err(e) => Err(LineFault::Unreadable(e)),
        };
        match decided {
            Ok((predicted, label)) => tally.confusion.add(predicted, label),
            Err(fault) => {
                eprintln!("{}:{number}: skipped: {fault}", args.file.display());
                tally.skipped.push(number);
            }
        }
    }
    tally
}

/// Why no line of a file was counted, so that no figure is defined.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Nothing {
    /// The file.
    file: PathBuf,
    /// How many of its lines were skipped (none: it holds no line but blank ones).
    skipped: usize,
}

impl std::fmt::Display for Nothing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let file = self.file.display();
        match self.skipped {
            0 => write!(
                f,
                "{file}: nothing to count: the file is empty (or only blank lines)"
            ),
            1 => write!(f, "{file}: nothing to count: its one line was skipped"),
            n => write!(
                f,
                "{file}: nothing to count: all {n} of its lines were skipped"
            ),
        }
    }
}

/// `eval --json`'s object: the figures (`null` when no line was counted), the skipped lines,
/// and why nothing was counted when nothing was.
#[derive(Debug, Serialize)]
struct Shown<'a> {
    n: usize,
    accuracy: Option<f64>,
    precision: Option<f64>,
    recall: Option<f64>,
    f1: Option<f64>,
    macro_f1: Option<f64>,
    balanced_accuracy: Option<f64>,
    false_ask_rate: Option<f64>,
    ask_recall: Option<f64>,
    skipped: usize,
    skipped_lines: &'a [usize],
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
}

impl<'a> Shown<'a> {
    fn new(m: Option<&Metrics>, skipped: &'a [usize], nothing: Option<&Nothing>) -> Self {
        Self {
            n: m.map_or(0, |m| m.n),
            accuracy: m.map(|m| m.accuracy),
            precision: m.map(|m| m.precision),
            recall: m.map(|m| m.recall),
            f1: m.map(|m| m.f1),
            macro_f1: m.map(|m| m.macro_f1),
            balanced_accuracy: m.map(|m| m.balanced_accuracy),
            false_ask_rate: m.map(|m| m.false_ask_rate),
            ask_recall: m.map(|m| m.ask_recall),
            skipped: skipped.len(),
            skipped_lines: skipped,
            message: nothing.map(ToString::to_string),
        }
    }
}

/// Whether the product asks about `example` (line `number`): the session shows a question, or
/// with `--model-only` the detector says it needs clarification. With `--show-questions`, a line
/// that asks is printed with its questions.
///
/// # Errors
/// The engine's refusal of the request.
fn asks(example: &Example, number: usize, args: &Args) -> Result<bool, LineFault> {
    let history: Vec<Message> = (example.context.iter())
        .filter(|c| !c.content.trim().is_empty())
        .cloned()
        .collect();
    if args.model_only {
        return Ok(detect::assess(&example.text, &history).needs_clarification);
    }
    let questions = asked(&example.text, &history, args.demo).map_err(LineFault::Refused)?;
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
/// The engine's refusal (e.g. an empty request).
pub fn asked(
    request: &str,
    history: &[Message],
    demo: bool,
) -> Result<Vec<Question>, clarify_core::Error> {
    let context = if demo {
        clarify_core::demo::context(request, history)
    } else {
        Context {
            history: history.to_vec(),
            ..Context::default()
        }
    };
    let mut session = Session::new(Config::default());
    let mut effects = session.handle(Input::Start {
        request: request.to_owned(),
        context,
        now: 0,
    })?;
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
        effects = session.handle(Input::Skip {
            question: id,
            now: 0,
        })?;
    }
    Ok(out)
}

/// One labelled request.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Example {
    text: String,
    label: bool,
    /// The conversation's earlier messages, oldest first.
    context: Vec<Message>,
}

/// Why a line of the file is not counted.
#[derive(Debug)]
enum LineFault {
    /// The line could not be read (not UTF-8, or the read failed).
    Unreadable(std::io::Error),
    /// The line is not JSON.
    NotJson(serde_json::Error),
    /// The line is JSON but not an object (what it is, in short).
    NotObject(String),
    /// Neither `text` nor IN3's `task`.
    NoText,
    /// Neither `label` nor IN3's `vague`.
    NoLabel,
    /// A field holds what it cannot: its name as written, what it takes, and what it held (in
    /// short, as JSON).
    WrongType {
        field: &'static str,
        takes: &'static str,
        got: String,
    },
    /// The engine refuses the request (empty, or over its size limit).
    Refused(clarify_core::Error),
}

impl std::fmt::Display for LineFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Unreadable(e) => write!(f, "unreadable line: {e}"),
            Self::NotJson(e) => write!(f, "not JSON: {e}"),
            Self::NotObject(got) => write!(f, "not a JSON object: got {got}"),
            Self::NoText => f.write_str("no \"text\" (or IN3 \"task\") field"),
            Self::NoLabel => f.write_str("no \"label\" (or IN3 \"vague\") field"),
            Self::WrongType { field, takes, got } => {
                write!(f, "{field} must be {takes}, got {got}")
            }
            Self::Refused(e) => write!(f, "{e}"),
        }
    }
}

/// The longest part of a wrong value a [`LineFault`] quotes, in characters.
const QUOTED: usize = 60;

/// The field of `line` named `name` or, failing that, `alias`, with the name it was found under;
/// a `null` field counts as absent.
fn field<'a>(
    line: &'a serde_json::Map<String, serde_json::Value>,
    name: &'static str,
    alias: Option<&'static str>,
) -> Option<(&'static str, &'a serde_json::Value)> {
    [Some(name), alias]
        .into_iter()
        .flatten()
        .find_map(|n| line.get(n).filter(|v| !v.is_null()).map(|v| (n, v)))
}

/// `value` as a [`LineFault`] quotes it: its JSON, cut short.
fn quoted(value: &serde_json::Value) -> String {
    clarify_core::wire::preview(&value.to_string(), QUOTED)
}

/// `value`, one earlier message or a list of them (oldest first), or the fault of field `name`
/// holding something else. A string is the user's; an object `{"role", "content"}` says who
/// wrote it, so a conversation keeps the assistant's turns apart from what the user told.
fn messages(name: &'static str, value: &serde_json::Value) -> Result<Vec<Message>, LineFault> {
    let fault = || LineFault::WrongType {
        field: name,
        takes: r#"a string, or a list of strings or {"role", "content"} objects"#,
        got: quoted(value),
    };
    let message = |m: &serde_json::Value| match m.as_str() {
        Some(text) => Some(Message::new(Role::User, text)),
        None => Message::deserialize(m).ok(),
    };
    match value.as_array() {
        Some(many) => many.iter().map(|m| message(m).ok_or_else(fault)).collect(),
        None => value
            .as_str()
            .map(|one| vec![Message::new(Role::User, one)])
            .ok_or_else(fault),
    }
}

/// `value`, a string, or the fault of field `name` holding something else.
fn string<'a>(name: &'static str, value: &'a serde_json::Value) -> Result<&'a str, LineFault> {
    value.as_str().ok_or_else(|| LineFault::WrongType {
        field: name,
        takes: "a string",
        got: quoted(value),
    })
}

/// Reads one line: its request, label and context. A request the engine would refuse (empty,
/// or over its size limit) makes the line bad, whether the session or the detector alone
/// decides, so both count the same lines.
fn parse_line(line: &str) -> Result<Example, LineFault> {
    let value: serde_json::Value = serde_json::from_str(line).map_err(LineFault::NotJson)?;
    let Some(object) = value.as_object() else {
        return Err(LineFault::NotObject(quoted(&value)));
    };
    let (name, text) = field(object, "text", Some("task")).ok_or(LineFault::NoText)?;
    let text = string(name, text)?.to_owned();
    Session::check_request(&text).map_err(LineFault::Refused)?;
    let (name, label) = field(object, "label", Some("vague")).ok_or(LineFault::NoLabel)?;
    let label = label.as_bool().ok_or_else(|| LineFault::WrongType {
        field: name,
        takes: "true or false",
        got: quoted(label),
    })?;
    let context = match field(object, "context", None) {
        Some((name, context)) => messages(name, context)?,
        None => Vec::new(),
    };
    Ok(Example {
        text,
        label,
        context,
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

    /// Why `line` is bad, as `eval` reports it.
    fn fault(line: &str) -> String {
        parse_line(line).expect_err(line).to_string()
    }

    #[test]
    fn a_request_the_engine_refuses_is_a_bad_line() {
        assert_eq!(
            fault(r#"{"text": "", "label": true}"#),
            "the request is empty"
        );
        assert_eq!(
            fault(r#"{"task": "  ", "vague": false}"#),
            "the request is empty"
        );
        let long = "a".repeat(clarify_core::MAX_TEXT_BYTES + 1);
        let line = serde_json::json!({"text": long, "label": false}).to_string();
        let reason = fault(&line);
        assert!(reason.contains("at most 65536"), "{reason}");
    }

    #[test]
    fn a_field_of_the_wrong_type_is_named_with_what_it_held() {
        assert_eq!(
            fault(r#"{"text": "Plan a trip", "label": "yes"}"#),
            r#"label must be true or false, got "yes""#
        );
        assert_eq!(
            fault(r#"{"task": "Plan a trip", "vague": 1}"#),
            "vague must be true or false, got 1"
        );
        assert_eq!(
            fault(r#"{"text": "Plan a trip", "label": true, "context": ["Lyon", 5]}"#),
            r#"context must be a string, or a list of strings or {"role", "content"} objects, got ["Lyon",5]"#
        );
        assert!(
            fault(r#"{"text": "Plan it", "label": true, "context": [{"role": "bot", "content": "Hi"}]}"#)
                .starts_with("context must be"),
        );
        assert_eq!(
            fault(r#"{"text": 42, "label": true}"#),
            "text must be a string, got 42"
        );
        assert_eq!(fault(r#"[1, 2]"#), "not a JSON object: got [1,2]");
        assert!(
            fault("{oops").starts_with("not JSON: "),
            "{}",
            fault("{oops")
        );
        assert_eq!(
            fault(r#"{"text": "Plan a trip"}"#),
            r#"no "label" (or IN3 "vague") field"#
        );
        // A null is no value, as an absent field.
        let ok = parse_line(r#"{"text": "Plan a trip", "label": true, "context": null}"#);
        assert_eq!(ok.map(|e| e.context).ok(), Some(vec![]));
        // Several earlier messages, oldest first, as `--earlier` repeated.
        let ok = parse_line(r#"{"text": "Plan it", "label": true, "context": ["Lyon", "May"]}"#);
        let user = |text: &str| Message::new(Role::User, text);
        assert_eq!(
            ok.map(|e| e.context).ok(),
            Some(vec![user("Lyon"), user("May")])
        );
        // The assistant's turns say who wrote them; a string stays the user's.
        let line = r#"{"text": "And in May?", "label": false, "context": ["Lyon in June?",
            {"role": "assistant", "content": "Warm."}]}"#;
        assert_eq!(
            parse_line(&line.replace('\n', " ")).map(|e| e.context).ok(),
            Some(vec![
                user("Lyon in June?"),
                Message::new(Role::Assistant, "Warm.")
            ])
        );
    }

    #[test]
    fn nothing_counted_is_told_and_no_figure_is_made_up() {
        let empty = Nothing {
            file: "f.jsonl".into(),
            skipped: 0,
        };
        assert!(empty.to_string().contains("the file is empty"), "{empty}");
        let shown = Shown::new(
            None,
            &[2, 5],
            Some(&Nothing {
                skipped: 2,
                ..empty
            }),
        );
        let v = serde_json::to_value(&shown).unwrap();
        assert_eq!(v["n"], 0);
        assert!(v["accuracy"].is_null() && v["ask_recall"].is_null(), "{v}");
        assert_eq!(v["skipped"], 2);
        assert_eq!(v["skipped_lines"], serde_json::json!([2, 5]));
        assert_eq!(
            v["message"],
            "f.jsonl: nothing to count: all 2 of its lines were skipped"
        );
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
        let m = c.metrics().expect("five decisions");
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
        assert!((c.metrics().unwrap().balanced_accuracy - 0.5).abs() < 1e-9);
        assert_eq!(Confusion::default().metrics(), None);
    }
}
