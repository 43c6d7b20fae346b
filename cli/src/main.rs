//! `clarify`: the Clarify engine in a terminal.
//!
//! - `clarify ask "REQUEST"` runs one clarification conversation (offline by default: the
//!   embedded detector and the built-in demo knowledge base and catalog).
//! - `clarify eval FILE.jsonl` measures what an offline session asks on labelled requests.
//! - `clarify replay FILE.json` runs a recorded conversation and prints effects and final state.

mod ask;
mod driver;
mod error;
mod eval;
mod http;
mod output;
mod replay;
mod words;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use error::CliError;

/// Asks the few questions that make a vague request precise.
#[derive(Debug, Parser)]
#[command(name = "clarify", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Clarify one request, then print the answer (offline: a template showing the enriched
    /// prompt).
    ///
    /// Interactive when stdin is a terminal: each question shows its priority, why it matters
    /// and numbered options. Type a number to pick an option, `?` for "I don't know", any other
    /// text as a free answer (several lines, such as pasted code, between two lines of `"""`),
    /// an empty line to skip the question, `!` to skip all remaining questions. When stdin is
    /// not a terminal, or with --non-interactive, every question is auto-skipped and the
    /// assumptions and open questions are printed. A number that is none of the options is
    /// taken for a typo and the question waits for another line.
    ///
    /// Exit status: 0 when the session completed or handed off; 1 when it failed (the answer
    /// could not be produced: the report, or the --json object, is printed all the same, its
    /// status `failed`); 2 when an error kept the conversation from running (a usage error, a
    /// refused request, an unreadable or invalid file, an unset key variable), reported as one
    /// JSON object with --json (see --json).
    Ask(Box<ask::Args>),
    /// Measure what the user gets on a JSONL file: each line runs through an offline session
    /// and counts as "asks" when the session shows at least one question.
    ///
    /// Each line is `{"text": "...", "label": true|false, "context"?: "..." | ["...", ...]}`
    /// (label true = needs clarification; `context` the user's earlier message, or messages
    /// oldest first, each a string or `{"role": "user"|"assistant", "content": "..."}` for a
    /// conversation with the assistant's turns) or IN3's `{"task": "...", "vague": true|false, ...}`. A bad line
    /// (not JSON, no text or label, a field of the wrong type, or a request the engine refuses:
    /// empty or over 64 KiB) is reported on stderr with its number and why, and the rest are
    /// still counted; --json counts them as `skipped` and lists them as `skipped_lines`.
    ///
    /// Exit status: 0 when at least one line was counted; 1 when none was (an empty file, or
    /// every line skipped: the figures are `null` with --json, and a message says why); 2 when
    /// the file cannot be read or the command line is wrong, reported as one JSON object with
    /// --json, as `ask --json` does.
    Eval(eval::Args),
    /// Run a recorded conversation: `{"config"?: {...}, "inputs": [Input, ...]}` in the
    /// engine's JSON format. Prints every input's effects (or error) and the final state.
    ///
    /// Exit status: 0 when it ran (an input the engine refuses is part of the replay); 2 when
    /// the file cannot be read, is not a recording, or the command line is wrong, reported with
    /// --json as one object: `{"status": "error", "error": {"code": CODE, "message": TEXT}}`,
    /// CODE `unreadable_file`, `invalid_recording` or `usage`.
    ///
    /// Each input is an object tagged by `type`, as `Session::handle` takes it (the engine's
    /// `Input`; docs/engine.md): `start` (`request`, `now`, and `context` with the earlier
    /// messages as `history`), `answer`, `message`, `skip`, `skip_all`,
    /// `generation_completed`… `config` is the engine's `Config` (`mode`, `limits`, `language`…).
    /// For example:
    ///
    /// {"config": {"limits": {"max_questions": 1}}, "inputs": [{"type": "start", "request":
    /// "Plan a trip", "context": {"history": [{"role": "user", "content": "I live in Lyon"}]},
    /// "now": 0}, {"type": "message", "text": "1", "now": 1}, {"type": "generation_completed",
    /// "text": "Bon voyage"}]}
    Replay {
        /// The recording.
        file: PathBuf,
        /// Print one JSON object instead of text (an error too).
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        // `ask`, `eval` and `replay` with `--json` report a usage error as JSON too; help, the
        // version and every other usage error are the parser's.
        Err(e) if e.use_stderr() && error::wants_json(&args) => {
            let message = error::usage_message(&e.render().to_string());
            return failed(&CliError::Usage(message), true);
        }
        Err(e) => e.exit(),
    };
    let (result, json) = match cli.command {
        Command::Ask(args) => (ask::run(&args), args.json()),
        Command::Eval(args) => (eval::run(&args), args.json()),
        Command::Replay { file, json } => (replay::run(&file, json), json),
    };
    result.unwrap_or_else(|e| failed(&e, json))
}

/// Reports why a command could not run: one JSON object on stdout with `json`, else a line on
/// stderr; exit status 2 either way.
fn failed(error: &CliError, json: bool) -> ExitCode {
    if json {
        crate::outln!("{}", error.to_json());
    } else {
        eprintln!("clarify: {error}");
    }
    ExitCode::from(error::EXIT_ERROR)
}
