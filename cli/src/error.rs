//! Why a `clarify` command (`ask`, `eval`, `replay`) could not run, and how it says so.
//!
//! Each error has a stable machine-readable [`code`](CliError::code) beside its message, so a
//! script that asked for `--json` reads every outcome, a failure to start included, as one JSON
//! object on stdout:
//!
//! ```json
//! {"status": "error", "error": {"code": "empty_request", "message": "the request is empty"}}
//! ```
//!
//! `"status": "error"` is no status a session has (and `eval`'s and `replay`'s objects have no
//! `status`), so one look at `status` tells the two apart.
//! Without `--json` the message goes to stderr as `clarify: MESSAGE`. Either way the exit
//! status is 2 ([`EXIT_ERROR`]).

use std::fmt;
use std::path::{Path, PathBuf};

use clarify_core::sources::SourceError;
use serde::Serialize;

/// The exit status of a run that stopped on a [`CliError`] (a usage error of any command
/// included).
pub const EXIT_ERROR: u8 = 2;

/// Why a `clarify` command could not run.
#[derive(Debug)]
pub enum CliError {
    /// The command line is wrong: a bad `--endpoint` URL, an unknown `--profile`, `--endpoint`
    /// without `--model`, a missing request or file, a `--language` that is no language tag…
    /// The message is the argument parser's.
    Usage(String),
    /// The engine refused the request (empty, too long) or, in a conversation, an input.
    Refused(clarify_core::Error),
    /// An `--earlier` message is longer than the engine takes any user text.
    EarlierTooLong {
        /// Its place among the `--earlier` messages, from 1.
        number: usize,
        /// Its length in bytes.
        got: usize,
    },
    /// A file named on the command line (`--kb`, `--catalog`, `--llm-log`, the file `eval` or
    /// `replay` reads) could not be read or opened.
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What the system said.
        reason: std::io::Error,
    },
    /// `--kb` is not a knowledge base.
    KnowledgeBase {
        /// The file.
        path: PathBuf,
        /// What is wrong, and where.
        reason: SourceError,
    },
    /// `--catalog` is not an entity catalog.
    Catalog {
        /// The file.
        path: PathBuf,
        /// What is wrong, and where.
        reason: SourceError,
    },
    /// `--api-key-env` names a variable that is not set (the key itself is never shown).
    MissingApiKey {
        /// The variable's name.
        var: String,
    },
    /// `replay`'s file is not a recording: not JSON, or not `{"config"?, "inputs"}` in the
    /// engine's format.
    Recording {
        /// The file.
        path: PathBuf,
        /// What is wrong, and where (its line and column).
        reason: serde_json::Error,
    },
}

impl CliError {
    /// The error's stable name: one of `usage`, `empty_request`, `request_too_long`,
    /// `earlier_too_long`, `unreadable_file`, `invalid_knowledge_base`, `invalid_catalog`,
    /// `missing_api_key`, `session_error` (`ask`), `invalid_recording` (`replay`).
    pub fn code(&self) -> &'static str {
        match self {
            Self::Usage(_) => "usage",
            Self::Refused(clarify_core::Error::EmptyRequest) => "empty_request",
            Self::Refused(clarify_core::Error::TextTooLong { .. }) => "request_too_long",
            Self::Refused(_) => "session_error",
            Self::EarlierTooLong { .. } => "earlier_too_long",
            Self::Unreadable { .. } => "unreadable_file",
            Self::KnowledgeBase { .. } => "invalid_knowledge_base",
            Self::Catalog { .. } => "invalid_catalog",
            Self::MissingApiKey { .. } => "missing_api_key",
            Self::Recording { .. } => "invalid_recording",
        }
    }

    /// The error as `--json` prints it: `{"status": "error", "error": {"code", "message"}}`,
    /// in that order.
    pub fn to_json(&self) -> String {
        let shown = Shown {
            status: "error",
            error: Body {
                code: self.code(),
                message: self.to_string(),
            },
        };
        serde_json::to_string(&shown).unwrap_or_default()
    }

    /// A file that could not be read or opened.
    pub fn unreadable(path: &Path, reason: std::io::Error) -> Self {
        Self::Unreadable {
            path: path.to_path_buf(),
            reason,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Usage(message) => f.write_str(message),
            Self::Refused(error) => write!(f, "{error}"),
            Self::EarlierTooLong { number, got } => write!(
                f,
                "--earlier #{number}: the text is {got} bytes long; at most {} are accepted",
                clarify_core::MAX_TEXT_BYTES
            ),
            Self::Unreadable { path, reason } => write!(f, "{}: {reason}", path.display()),
            Self::KnowledgeBase { path, reason } | Self::Catalog { path, reason } => {
                write!(f, "{}: {reason}", path.display())
            }
            Self::MissingApiKey { var } => write!(
                f,
                "--api-key-env: the environment variable {var} is not set (or not UTF-8)"
            ),
            // The reason ends with its line and column.
            Self::Recording { path, reason } => write!(f, "{}: {reason}", path.display()),
        }
    }
}

impl std::error::Error for CliError {}

/// [`CliError::to_json`]'s object: a struct, so `status` comes first.
#[derive(Serialize)]
struct Shown {
    status: &'static str,
    error: Body,
}

/// The `error` member of [`Shown`].
#[derive(Serialize)]
struct Body {
    code: &'static str,
    message: String,
}

impl From<clarify_core::Error> for CliError {
    fn from(error: clarify_core::Error) -> Self {
        Self::Refused(error)
    }
}

/// The commands that print one JSON object with `--json`, an error included.
const JSON_COMMANDS: [&str; 3] = ["ask", "eval", "replay"];

/// Whether the command line `args` (the program's name first) runs `ask`, `eval` or `replay`
/// with `--json`: read before the parser, so a usage error of such a command is reported as
/// JSON too. Only what comes before a `--` counts (after it, `--json` is a request's text or a
/// file's name).
pub fn wants_json(args: &[String]) -> bool {
    let mut rest = args.iter().skip(1).map(String::as_str);
    rest.next().is_some_and(|c| JSON_COMMANDS.contains(&c))
        && rest.take_while(|a| *a != "--").any(|a| a == "--json")
}

/// The message of a usage error as the parser renders it, on one line: its first paragraph
/// without the `error: ` prefix (the usage lines and the pointer to `--help` that follow are
/// for a person at a terminal).
pub fn usage_message(rendered: &str) -> String {
    let first = rendered.split("\n\n").next().unwrap_or_default();
    let line = first
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    line.strip_prefix("error: ").unwrap_or(&line).to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_error_has_its_code_and_the_json_shape() {
        let empty = CliError::from(clarify_core::Error::EmptyRequest);
        assert_eq!(
            empty.to_json(),
            r#"{"status":"error","error":{"code":"empty_request","message":"the request is empty"}}"#
        );
        let long = CliError::from(clarify_core::Error::TextTooLong {
            limit: 65_536,
            got: 70_000,
        });
        assert_eq!(long.code(), "request_too_long");
        let key = CliError::MissingApiKey { var: "K".into() };
        assert_eq!(key.code(), "missing_api_key");
        assert!(key.to_string().contains("K is not set"), "{key}");
    }

    #[test]
    fn json_is_wanted_by_ask_eval_and_replay_before_a_double_dash() {
        let args = |line: &str| -> Vec<String> { line.split(' ').map(String::from).collect() };
        assert!(wants_json(&args("clarify ask --json --endpoint x")));
        assert!(wants_json(&args("clarify ask x --model m --json")));
        assert!(!wants_json(&args("clarify ask -- --json")));
        assert!(wants_json(&args("clarify replay f --json")));
        assert!(wants_json(&args("clarify eval --json --bogus f")));
        assert!(!wants_json(&args("clarify eval -- --json")));
        assert!(!wants_json(&args("clarify help --json")));
        assert!(!wants_json(&args("clarify ask x")));
    }

    #[test]
    fn a_usage_error_is_one_line() {
        let rendered = "error: the following required arguments were not provided:\n  \
                        --model <NAME>\n\nUsage: clarify ask --endpoint <URL> --model <NAME> \
                        <REQUEST>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            usage_message(rendered),
            "the following required arguments were not provided: --model <NAME>"
        );
    }
}
