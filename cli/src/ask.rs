//! `clarify ask`: one conversation in the terminal, interactive or not.

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clarify_core::profile::ProfileKind;
use clarify_core::sources::{self, Catalog, Document, KnowledgeBase};
use clarify_core::wire::FailureCode;
use clarify_core::{
    Config, Detection, Input, Language, Message, Mode, Progress, Question, Role, Session, Status,
    UserAnswer,
};

use crate::driver::{self, Action, Asker, Llm, Offline};
use crate::error::CliError;
use crate::http::HttpLlm;
use crate::words::Word;
use crate::words::Words;

/// Options of `clarify ask`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The request to clarify: not blank, and at most 65536 bytes (64 KiB) of UTF-8.
    request: String,
    /// An earlier message of the conversation, from the user; repeat it for several, oldest
    /// first.
    ///
    /// The engine takes them as the history before REQUEST (as `eval`'s `context` and a
    /// replayed `start` input's `context.history`): what they already say is not asked again,
    /// and an endpoint reads them before the request. Blank ones are left out; each may be as
    /// long as a request.
    #[arg(long, value_name = "TEXT")]
    earlier: Vec<String>,
    /// Never ask: skip every question and print the assumptions and open questions (the
    /// default when stdin is not a terminal).
    #[arg(long, conflicts_with = "interactive")]
    non_interactive: bool,
    /// Ask even when stdin is not a terminal (answers are read line by line from stdin).
    #[arg(long)]
    interactive: bool,
    /// The user's language as a BCP 47 tag (`en`, `zh-Hans`, `zh-TW`, `es`…): the questions,
    /// the terminal's words and the answer are in it. Without it, the request's own language
    /// (one of the ten the engine writes: English, Simplified and Traditional Chinese,
    /// Japanese, Korean, Spanish, French, German, Portuguese, Italian), else English. A tag
    /// that is not a well-formed BCP 47 tag (`xx-@@`) is a usage error; a well-formed one for
    /// a language the engine does not write (`nl`) means English.
    #[arg(long, value_name = "TAG", value_parser = language_tag)]
    language: Option<String>,
    /// Ask at most this many questions (the engine's default is 3).
    #[arg(long, value_name = "N")]
    max_questions: Option<u32>,
    /// A knowledge base JSON file to use instead of the built-in demo.
    #[arg(long, value_name = "FILE")]
    kb: Option<PathBuf>,
    /// An entity catalog JSON file to use instead of the built-in demo.
    #[arg(long, value_name = "FILE")]
    catalog: Option<PathBuf>,
    /// Print the outcome, or the error, as one JSON object on stdout (questions and notes go to
    /// stderr).
    ///
    /// A conversation prints `{"status", "answer", "handoff", "assumptions", "open_questions",
    /// "prompt", "counters", "trace"}`: `status` is how the session ended (`completed`,
    /// `handed_off` or `failed`), `prompt` the enriched prompt it built (a failed answer keeps
    /// it), and `assumptions` and `open_questions` are that prompt's. A failed session's object
    /// adds `"error": {"code": CODE, "message": TEXT}`: why the answer could not be produced,
    /// CODE the failed call's kind (`unreachable`, `timeout`, `unauthorized`, `not_found`,
    /// `rate_limited`, `server_error`, `endpoint_refused`…) or `generation_failed`.
    ///
    /// An error that kept the conversation from running prints `{"status": "error", "error":
    /// {"code": CODE, "message": TEXT}}` instead, CODE one of `usage` (the command line),
    /// `empty_request`, `request_too_long`, `earlier_too_long`, `unreadable_file`,
    /// `invalid_knowledge_base`, `invalid_catalog`, `missing_api_key` or `session_error`; the
    /// exit status is 2.
    #[arg(long)]
    json: bool,
    /// An OpenAI-compatible endpoint (e.g. `http://127.0.0.1:8080/v1`): the LLM detects
    /// ambiguity (the embedded detector is the fallback) and streams the final answer.
    #[arg(long, value_name = "URL", requires = "model", value_parser = endpoint_url)]
    endpoint: Option<String>,
    /// The model name sent to the endpoint.
    #[arg(long, value_name = "NAME", requires = "endpoint")]
    model: Option<String>,
    /// The kind of endpoint (`openai`, `openai-reasoning`, `azure`, `anthropic`, `gemini`,
    /// `deepseek`, `mistral`, `groq`, `openrouter`, `ollama`, `vllm`, `lmstudio`, `llamacpp`,
    /// `generic`): what its requests may carry and how the key is sent. By default it is chosen
    /// from the URL and the model; a refused parameter is dropped or renamed either way.
    #[arg(long, value_name = "NAME", requires = "endpoint", value_parser = profile_name)]
    profile: Option<ProfileKind>,
    /// The environment variable holding the endpoint's API key (sent only in the key header
    /// to the endpoint; never printed).
    #[arg(long, value_name = "VAR", requires = "endpoint")]
    api_key_env: Option<String>,
    /// Seconds each LLM call may take, retries excluded.
    #[arg(long, value_name = "SECS", default_value_t = 120)]
    timeout: u64,
    /// Cap every LLM call's `max_tokens` at N (cost or time control).
    #[arg(long, value_name = "N", requires = "endpoint")]
    max_tokens: Option<u32>,
    /// Append one JSON line per LLM call (purpose, attempts, status, usage; no text, no key).
    #[arg(long, value_name = "FILE", requires = "endpoint")]
    llm_log: Option<PathBuf>,
}

impl Args {
    /// Whether the outcome, or the error, is printed as JSON.
    pub fn json(&self) -> bool {
        self.json
    }
}

/// The exit status of a conversation that ran but did not end well: the answer could not be
/// produced (`"status": "failed"`). Every answer is kept, and the report, the JSON object
/// included, is printed all the same.
pub const EXIT_FAILED: u8 = 1;

/// The transport `args` ask for: the endpoint's, or none (offline); it speaks `language`.
fn transport(args: &Args, language: Language) -> Result<Option<HttpLlm>, CliError> {
    let (Some(endpoint), Some(model)) = (&args.endpoint, &args.model) else {
        return Ok(None);
    };
    let api_key = match &args.api_key_env {
        Some(var) => {
            Some(std::env::var(var).map_err(|_| CliError::MissingApiKey { var: var.clone() })?)
        }
        None => None,
    };
    let mut llm = HttpLlm::new(
        endpoint,
        model,
        api_key,
        std::time::Duration::from_secs(args.timeout.max(1)),
    );
    if let Some(cap) = args.max_tokens {
        llm.cap_tokens(cap);
    }
    if let Some(kind) = args.profile {
        llm.use_profile(kind);
    }
    llm.speak(language);
    if let Some(path) = &args.llm_log {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| CliError::unreadable(path, e))?;
        llm.log_to(file);
    }
    Ok(Some(llm))
}

/// The `--earlier` messages as the conversation's history, oldest first: blank ones left out,
/// each held to the engine's limit on user text.
fn history(args: &Args) -> Result<Vec<Message>, CliError> {
    let mut history = Vec::new();
    for (i, text) in args.earlier.iter().enumerate() {
        if text.len() > clarify_core::MAX_TEXT_BYTES {
            return Err(CliError::EarlierTooLong {
                number: i + 1,
                got: text.len(),
            });
        }
        if !text.trim().is_empty() {
            history.push(Message::new(Role::User, text.clone()));
        }
    }
    Ok(history)
}

impl Args {
    /// The language tag the session is configured with: `--language`, else the request's own
    /// language when the detector reads it as one the engine writes, else English.
    fn tag(&self) -> String {
        let own = clarify_core::detect::unread_language(&self.request).and_then(Language::named);
        (self.language.clone()).unwrap_or_else(|| own.map_or("en", Language::tag).to_owned())
    }
}

/// The session's configuration from `args`.
fn config(args: &Args, interactive: bool, online: bool) -> Config {
    let mut config = Config {
        mode: if interactive {
            Mode::Interactive
        } else {
            Mode::NonInteractive
        },
        language: args.tag(),
        ..Config::default()
    };
    if let Some(n) = args.max_questions {
        config.limits.max_questions = n;
    }
    if online {
        config.detection = Detection::Llm;
    }
    config
}

/// Runs `clarify ask`: exit status 0 when the session completed or handed off, 1
/// ([`EXIT_FAILED`]) when it did not.
///
/// # Errors
/// What kept the conversation from running: a source or log file, the key's variable, an
/// `--earlier` message, or the engine's refusal of the request.
pub fn run(args: &Args) -> Result<ExitCode, CliError> {
    // Refused before anything is printed or read, as the session would refuse it.
    Session::check_request(&args.request)?;
    let (kb, catalog) = load_sources(args)?;
    let history = history(args)?;
    let interactive = args.interactive || (!args.non_interactive && io::stdin().is_terminal());
    let language = Language::of_conversation(&args.tag(), &args.request, &history);
    let words = Words::of(language);
    let mut online = transport(args, language)?;
    let mut session = Session::new(config(args, interactive, online.is_some()));
    let context = sources::context(&args.request, &history, &kb, &catalog);
    let mut out: Box<dyn Write> = if args.json {
        Box::new(io::stderr())
    } else {
        Box::new(io::stdout())
    };
    announce(&mut out, args, words, context.document.as_ref());
    let stdin = io::stdin();
    let mut asker = Terminal {
        input: stdin.lock(),
        out,
        interactive,
        streamed: false,
        words,
    };
    let start = Input::Start {
        request: args.request.clone(),
        context,
        now: 0,
    };
    let llm: &mut dyn Llm = match &mut online {
        Some(http) => http,
        None => &mut Offline,
    };
    let outcome = driver::run(&mut session, start, llm, &mut asker)?;
    let streamed = asker.streamed;
    report(
        &session,
        outcome,
        asker.out,
        streamed,
        args.json,
        interactive,
    );
    Ok(match session.status() {
        Status::Completed | Status::HandedOff => ExitCode::SUCCESS,
        // The driver runs a conversation to its end; one that stopped short did not end well.
        Status::Failed
        | Status::Idle
        | Status::Analyzing
        | Status::AwaitingClarification
        | Status::Generating => ExitCode::from(EXIT_FAILED),
    })
}

/// The first lines: offline or online, whose sources, and the document the request matched.
fn announce(out: &mut dyn Write, args: &Args, words: Words, document: Option<&Document>) {
    let own = args.kb.is_some() || args.catalog.is_some();
    let _ = match (&args.endpoint, &args.model) {
        (Some(endpoint), Some(model)) => writeln!(
            out,
            "{}",
            words.fill(
                Word::Online,
                &[
                    model,
                    endpoint,
                    words.own(if own {
                        Word::OwnSources
                    } else {
                        Word::DemoSources
                    }),
                ],
            )
        ),
        _ => writeln!(
            out,
            "{}",
            words.own(if own {
                Word::OfflineOwn
            } else {
                Word::OfflineDemo
            })
        ),
    };
    if let Some(document) = document {
        let _ = writeln!(
            out,
            "{}{}",
            words.own(Word::MatchedDocument),
            document.title
        );
    }
}

/// The knowledge base and catalog given on the command line, or the demo's.
fn load_sources(args: &Args) -> Result<(KnowledgeBase, Catalog), CliError> {
    let kb = match &args.kb {
        Some(path) => {
            KnowledgeBase::from_json(&read(path)?).map_err(|reason| CliError::KnowledgeBase {
                path: path.clone(),
                reason,
            })?
        }
        None => clarify_core::demo::knowledge_base().clone(),
    };
    let catalog = match &args.catalog {
        Some(path) => Catalog::from_json(&read(path)?).map_err(|reason| CliError::Catalog {
            path: path.clone(),
            reason,
        })?,
        None => clarify_core::demo::catalog().clone(),
    };
    Ok((kb, catalog))
}

/// Prints how the session ended: as one JSON object on stdout with `json`, else the answer,
/// the handoff, and (when not interactive or something stayed open) assumptions and open
/// questions on `out`.
///
/// The assumptions and open questions are those of the enriched prompt the session built: the
/// one the answer was generated from, or, when no answer came (a failed session), the one it
/// holds, with every answer the user gave.
fn report(
    session: &Session,
    outcome: driver::Outcome,
    mut out: Box<dyn Write>,
    streamed: bool,
    json: bool,
    interactive: bool,
) {
    let built = outcome.prompt.or_else(|| session.enriched_prompt());
    let prompt = built.clone().unwrap_or_default();
    let words = Words::of(session.language());
    if json {
        let mut value = serde_json::json!({
            "status": session.status(),
            "answer": outcome.answer,
            "handoff": outcome.handoff,
            "assumptions": prompt.assumptions,
            "open_questions": prompt.open_questions,
            "prompt": built,
            "counters": session.counters(),
            "trace": session.trace(),
        });
        if let Some(error) = failure(session, outcome.failure) {
            value["error"] = error;
        }
        crate::outln!("{value}");
        return;
    }
    if streamed {
        // The answer was printed as it arrived.
        let _ = writeln!(out);
    } else if let Some(answer) = &outcome.answer {
        let _ = writeln!(out, "\n{}\n{answer}", words.heading(Word::Answer));
    }
    if let Some(handoff) = &outcome.handoff {
        let _ = writeln!(
            out,
            "{}\n{} {}",
            words.heading_of(words.own(Word::Handoff)),
            words.own(Word::Connecting),
            handoff.reason
        );
    }
    if !interactive || !prompt.open_questions.is_empty() {
        let _ = writeln!(out, "{}", words.heading(Word::Assumptions));
        for a in &prompt.assumptions {
            let _ = writeln!(out, "- {a}");
        }
        let _ = writeln!(out, "{}", words.heading_of(words.own(Word::OpenQuestions)));
        for q in &prompt.open_questions {
            let _ = writeln!(out, "- {q}");
        }
    }
    let _ = writeln!(
        out,
        "{}",
        words.heading_of(&words.fill(Word::Status, &[words.status_name(session.status())]))
    );
}

/// The code `ask --json` gives a failed session whose call failed without a kind of its own.
const GENERATION_FAILED: &str = "generation_failed";

/// Why `session` failed, as `ask --json`'s `error`: `{"code", "message"}`, the code the failed
/// call's kind (`unreachable`, `timeout`, `unauthorized`…, the engine's `FailureCode`), else
/// [`GENERATION_FAILED`], and the message the reason the session recorded. `None` when the
/// session did not fail.
fn failure(session: &Session, code: Option<FailureCode>) -> Option<serde_json::Value> {
    let message = session.failure()?;
    let code = code.map_or(GENERATION_FAILED, FailureCode::as_str);
    Some(serde_json::json!({ "code": code, "message": message }))
}

/// Reads `--endpoint`: an absolute http(s) URL, or a usage error that says what came.
fn endpoint_url(url: &str) -> Result<String, String> {
    clarify_core::exchange::Endpoint::check_url(url)
        .map(|()| url.trim().to_owned())
        .map_err(|e| e.to_string())
}

/// Reads `--language`: a well-formed BCP 47 tag, or a usage error that says what came.
fn language_tag(tag: &str) -> Result<String, String> {
    Language::negotiate(tag)
        .map(|_| tag.trim().to_owned())
        .map_err(|e| e.to_string())
}

/// Reads `--profile`: a profile's name, or a usage error listing them.
fn profile_name(name: &str) -> Result<ProfileKind, String> {
    ProfileKind::parse(name).map_err(|e| e.to_string())
}

/// The text of a file named on the command line.
fn read(path: &Path) -> Result<String, CliError> {
    std::fs::read_to_string(path).map_err(|e| CliError::unreadable(path, e))
}

/// Questions on `out`, answers line by line from `input`.
struct Terminal<R, W> {
    input: R,
    out: W,
    /// Whether someone answers on `input` (otherwise a failed answer is not retried).
    interactive: bool,
    /// Whether answer text has been printed as it streamed.
    streamed: bool,
    /// The terminal's own words, in the conversation's language.
    words: Words,
}

impl<R: BufRead, W: Write> Asker for Terminal<R, W> {
    fn ask(&mut self, q: &Question, progress: Progress) -> Action {
        self.show(q, progress);
        loop {
            let mut line = String::new();
            let typed = match self.input.read_line(&mut line) {
                // End of input: nobody is there to answer, so continue with assumptions.
                Ok(0) | Err(_) => return Action::SkipAll,
                Ok(_) if line.trim() == PASTE_FENCE => self.read_pasted(),
                Ok(_) => line,
            };
            match parse_answer(q, typed.trim()) {
                Ok(action) => return action,
                // A typo, most likely: said at once, and the question waits for another line.
                Err(NoSuchOption { number }) => {
                    let last = q.options.len().to_string();
                    let said = self.words.fill(Word::NoSuchOption, &[&number, &last]);
                    let _ = write!(self.out, "{said}");
                    let _ = self.out.flush();
                }
            }
        }
    }

    fn notice(&mut self, message: &str) {
        let _ = writeln!(self.out, "{}{message}", self.words.own(Word::Note));
    }

    fn refused(&mut self, error: &clarify_core::Error) {
        let _ = writeln!(
            self.out,
            "{}",
            self.words
                .fill(Word::NotAccepted, &[&error.in_words(self.words.language)])
        );
    }

    fn answer_text(&mut self, text: &str) {
        if !self.streamed {
            self.streamed = true;
            let _ = write!(self.out, "\n{}\n", self.words.heading(Word::Answer));
        }
        let _ = write!(self.out, "{text}");
        let _ = self.out.flush();
    }

    fn retry(&mut self, reason: &str, kept: bool) -> bool {
        let _ = writeln!(self.out, "{}", self.words.fill(Word::Failed, &[reason]));
        // Said only where there are answers to keep: a one-shot run that answered nothing has
        // none.
        if kept {
            let _ = writeln!(self.out, "{}", self.words.own(Word::AnswersKept));
        }
        // Only someone at the terminal is offered to retry: a script is never asked.
        if !self.interactive {
            let _ = self.out.flush();
            return false;
        }
        let _ = write!(self.out, "{}", self.words.own(Word::Retry));
        let _ = self.out.flush();
        self.streamed = false;
        let mut line = String::new();
        matches!(self.input.read_line(&mut line), Ok(n) if n > 0 && line.trim() == "r")
    }
}

impl<R, W: Write> Terminal<R, W> {
    /// Shows `q`: its priority and place, why it matters, its numbered options (the
    /// recommended one marked) and the help line that ends in the prompt.
    fn show(&mut self, q: &Question, progress: Progress) {
        let out = &mut self.out;
        let words = self.words;
        let _ = writeln!(
            out,
            "\n[{}] {}{}",
            words.priority(q.priority),
            words.label(&words.fill(
                Word::QuestionOf,
                &[&progress.current.to_string(), &progress.total.to_string()]
            )),
            q.text
        );
        if !q.why.is_empty() {
            let _ = writeln!(out, "  {}{}", words.own(Word::Why), q.why);
        }
        for (i, c) in q.options.iter().enumerate() {
            let mark = if q.recommended.as_ref() == Some(&c.id) {
                words.fill(Word::Marked, &[words.own(Word::Recommended)])
            } else {
                String::new()
            };
            match &c.description {
                Some(d) => {
                    let _ = writeln!(out, "  {}) {}{mark} — {d}", i + 1, c.label);
                }
                None => {
                    let _ = writeln!(out, "  {}) {}{mark}", i + 1, c.label);
                }
            }
        }
        let mut help = Vec::new();
        if !q.options.is_empty() {
            help.push(if q.multiple {
                words.own(Word::PickSeveral)
            } else {
                words.own(Word::PickOne)
            });
        }
        if q.allow_free_text {
            help.push(words.own(Word::FreeText));
            if q.options.is_empty() {
                help.push(words.own(Word::Paste));
            }
        }
        if q.allow_skip {
            help.push(words.own(Word::DontKnow));
        }
        help.push(words.own(Word::Skip));
        let _ = write!(
            out,
            "{}",
            words.fill(Word::Help, &[&help.join(words.own(Word::Separator))])
        );
        let _ = out.flush();
    }
}

/// A line of only this starts a multi-line answer (a pasted text or code); another ends it.
const PASTE_FENCE: &str = "\"\"\"";

impl<R: BufRead, W> Terminal<R, W> {
    /// The lines after an opening [`PASTE_FENCE`], up to the closing one or the end of input,
    /// blank lines and indentation kept.
    fn read_pasted(&mut self) -> String {
        let mut pasted = String::new();
        let mut line = String::new();
        while matches!(self.input.read_line(&mut line), Ok(n) if n > 0)
            && line.trim() != PASTE_FENCE
        {
            pasted.push_str(&line);
            line.clear();
        }
        pasted
    }
}

/// A line of option numbers one of which names no option of the question: `number`, as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
struct NoSuchOption {
    number: String,
}

/// Reads a typed line as an answer to `q`: empty skips, `!` skips the rest, several numbers
/// (`1,3`) pick several options; anything else is read as the chat reads a message (one
/// number or label picks an option, `?` means "I don't know", the rest is free text).
///
/// # Errors
/// [`NoSuchOption`] for a line of only numbers, on a question with options, that names no
/// option (`9` to three options, `1, 9`, `0`): almost always a typo, which as free text would
/// be recorded as the answer "9". A number that is an option's label (`12` for "Which Android
/// version?") picks it, and on a question without options a number is the answer.
fn parse_answer(q: &Question, line: &str) -> Result<Action, NoSuchOption> {
    match line {
        "" => return Ok(Action::Skip),
        "!" => return Ok(Action::SkipAll),
        _ => {}
    }
    if let Some(choices) = several_options(q, line) {
        return Ok(Action::Answer(UserAnswer::Choices { choices }));
    }
    let answer = UserAnswer::from_message(q, line);
    if !matches!(answer, Ok(UserAnswer::Choices { .. }))
        && let Some(number) = no_such_option(q, line)
    {
        return Err(NoSuchOption { number });
    }
    // Text the question refuses goes to the session anyway, which says why and asks again.
    Ok(Action::Answer(answer.unwrap_or_else(|_| {
        UserAnswer::Text {
            text: line.to_owned(),
        }
    })))
}

/// On a question with options, a line of only numbers (separated by commas or spaces): the
/// first that is no option's number.
fn no_such_option(q: &Question, line: &str) -> Option<String> {
    if q.options.is_empty() {
        return None;
    }
    let numbers: Vec<&str> = line
        .split(|c: char| c == ',' || c == '，' || c.is_whitespace())
        .filter(|p| !p.is_empty())
        .collect();
    if !numbers
        .iter()
        .all(|p| p.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    numbers
        .into_iter()
        .find(|p| {
            !p.parse::<usize>()
                .is_ok_and(|n| (1..=q.options.len()).contains(&n))
        })
        .map(str::to_owned)
}

/// Two or more option numbers, all in range: the options they pick.
fn several_options(q: &Question, line: &str) -> Option<Vec<clarify_core::ChoiceId>> {
    let numbers: Vec<&str> = line
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|p| !p.is_empty())
        .collect();
    if numbers.len() < 2 {
        return None;
    }
    numbers
        .iter()
        .map(|p| {
            p.parse::<usize>()
                .ok()
                .and_then(|n| n.checked_sub(1))
                .and_then(|i| q.options.get(i))
                .map(|c| c.id.clone())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn question() -> Question {
        clarify_core::detect::detect("Plan a trip to Paris", &[]).questions[0].clone()
    }

    #[test]
    fn typed_lines_become_typed_answers() {
        let q = question();
        assert_eq!(parse_answer(&q, ""), Ok(Action::Skip));
        assert_eq!(parse_answer(&q, "!"), Ok(Action::SkipAll));
        assert_eq!(
            parse_answer(&q, "?"),
            Ok(Action::Answer(UserAnswer::DontKnow))
        );
        assert_eq!(
            parse_answer(&q, "2"),
            Ok(Action::Answer(UserAnswer::Choices {
                choices: vec![q.options[1].id.clone()]
            }))
        );
        assert_eq!(
            parse_answer(&q, "a weekend"),
            Ok(Action::Answer(UserAnswer::Choices {
                choices: vec![q.options[0].id.clone()]
            }))
        );
        assert_eq!(
            parse_answer(&q, "ten days"),
            Ok(Action::Answer(UserAnswer::Text {
                text: "ten days".into()
            }))
        );
    }

    #[test]
    fn several_numbers_pick_several_options() {
        let q = question();
        assert_eq!(
            parse_answer(&q, "1, 2"),
            Ok(Action::Answer(UserAnswer::Choices {
                choices: vec![q.options[0].id.clone(), q.options[1].id.clone()]
            }))
        );
    }

    #[test]
    fn the_recommended_option_and_several_choices_are_shown() {
        let reply = r#"{"needs_clarification": true, "questions": [
            {"question": "Which cuisine?", "options": ["French", "Italian"], "recommended": 2},
            {"question": "Any dietary restrictions?", "options": ["Vegan", "Gluten-free"], "multiple": true}]}"#;
        let questions = clarify_core::analysis::parse_detection(
            reply,
            &clarify_core::Stage::Request,
            clarify_core::Language::English,
        )
        .unwrap()
        .questions;
        let mut terminal = Terminal {
            input: io::Cursor::new("2\n1, 2\n"),
            out: Vec::new(),
            interactive: true,
            streamed: false,
            words: Words::of(Language::English),
        };
        let progress = Progress {
            current: 1,
            total: 2,
        };
        terminal.ask(&questions[0], progress);
        let several = terminal.ask(&questions[1], progress);
        let shown = String::from_utf8(terminal.out).unwrap();
        assert!(
            shown.contains("  1) French\n  2) Italian (Recommended)\n"),
            "{shown}"
        );
        assert!(shown.contains("numbers (1,3) pick options"), "{shown}");
        assert_eq!(
            several,
            Action::Answer(UserAnswer::Choices {
                choices: questions[1].options.iter().map(|c| c.id.clone()).collect()
            })
        );
    }

    /// A question parsed from a detection reply: `options` as given (none: free text only).
    fn question_with(options: &str) -> Question {
        let reply = format!(
            r#"{{"needs_clarification": true, "questions": [
                {{"question": "How many guests?", "options": {options}}}]}}"#
        );
        clarify_core::analysis::parse_detection(
            &reply,
            &clarify_core::Stage::Request,
            Language::English,
        )
        .unwrap()
        .questions
        .remove(0)
    }

    #[test]
    fn a_number_that_is_no_option_is_a_typo() {
        let q = question();
        assert_eq!(q.options.len(), 3, "{q:?}");
        for (line, number) in [("9", "9"), ("0", "0"), ("12", "12"), ("1, 9", "9")] {
            assert_eq!(
                parse_answer(&q, line),
                Err(NoSuchOption {
                    number: number.into()
                }),
                "{line}"
            );
        }
        // Words around a number make it an answer.
        assert_eq!(
            parse_answer(&q, "9 days"),
            Ok(Action::Answer(UserAnswer::Text {
                text: "9 days".into()
            }))
        );
    }

    #[test]
    fn a_number_is_an_answer_to_a_question_without_options_or_an_options_label() {
        let q = question_with("[]");
        assert!(q.options.is_empty() && q.allow_free_text, "{q:?}");
        assert_eq!(
            parse_answer(&q, "12"),
            Ok(Action::Answer(UserAnswer::Text { text: "12".into() }))
        );
        let q = question_with(r#"["2", "4", "12"]"#);
        assert_eq!(
            parse_answer(&q, "12"),
            Ok(Action::Answer(UserAnswer::Choices {
                choices: vec![q.options[2].id.clone()]
            }))
        );
    }

    #[test]
    fn an_option_number_that_is_no_option_is_asked_again() {
        let q = question();
        let mut terminal = Terminal {
            input: io::Cursor::new("9\n2\n"),
            out: Vec::new(),
            interactive: true,
            streamed: false,
            words: Words::of(Language::English),
        };
        let action = terminal.ask(
            &q,
            Progress {
                current: 1,
                total: 2,
            },
        );
        assert_eq!(
            action,
            Action::Answer(UserAnswer::Choices {
                choices: vec![q.options[1].id.clone()]
            })
        );
        let shown = String::from_utf8(terminal.out).unwrap();
        // The help's prompt, then (after the line typed there) what was wrong and the prompt
        // again.
        assert!(
            shown.ends_with(
                ">   9 is not an option: type a number from 1 to 3, or write your answer in words.\n> "
            ),
            "{shown:?}"
        );
    }

    #[test]
    fn a_failed_answer_offers_a_retry_only_to_someone_at_the_terminal() {
        for interactive in [false, true] {
            let mut terminal = Terminal {
                input: io::Cursor::new("r\n"),
                out: Vec::new(),
                interactive,
                streamed: false,
                words: Words::of(Language::English),
            };
            // Answers are said to be kept only where someone gave any.
            let kept = interactive;
            let retried = terminal.retry("cannot reach the endpoint", kept);
            let shown = String::from_utf8(terminal.out).unwrap();
            assert_eq!(retried, interactive);
            assert_eq!(shown.contains("Your answers are kept."), kept, "{shown}");
            assert!(
                shown.contains("could not be produced: cannot reach the endpoint"),
                "{shown}"
            );
            assert_eq!(shown.contains("Type r"), interactive, "{shown}");
            assert_eq!(shown.ends_with("> "), interactive, "{shown}");
        }
    }

    #[test]
    fn a_chinese_conversation_reads_in_its_script_in_the_terminal() {
        let request = "幫我規劃一趟旅行";
        let language = Language::of_session("en", request);
        assert_eq!(language, Language::Traditional);
        let q = clarify_core::detect::detect(request, &[]).questions[0].clone();
        let mut terminal = Terminal {
            input: io::Cursor::new("\n"),
            out: Vec::new(),
            interactive: true,
            streamed: false,
            words: Words::of(language),
        };
        let action = terminal.ask(
            &q,
            Progress {
                current: 1,
                total: 2,
            },
        );
        assert_eq!(action, Action::Skip);
        terminal.notice("這個問題已逾時");
        let shown = String::from_utf8(terminal.out).unwrap();
        assert!(
            shown.contains("[關鍵] 第 1 題，共 2 題：您想去哪裡？"),
            "{shown}"
        );
        assert!(
            shown.contains("原因：") && shown.contains("提示：這個問題已逾時"),
            "{shown}"
        );
        // No English word of the terminal's own is left (the keys' names aside).
        for word in ["Question", "Why", "number", "skip", "Note", "know"] {
            assert!(!shown.contains(word), "{word} in {shown}");
        }
    }
}
