//! `clarify replay`: runs a recorded conversation and prints what the engine did.
//!
//! After the steps come the final state: status, answers, the enriched prompt, the counters
//! and the decision trace (what was decided, by which layer, and why).
//!
//! The recording is `{"config"?: Config, "inputs": [Input, …]}` in the engine's JSON format,
//! e.g. `{"inputs": [{"type": "start", "request": "Plan a trip", "now": 0},
//! {"type": "skip_all", "now": 1}]}`. An input the engine refuses is printed with its error and
//! the replay goes on: golden files can record misuse too.

use std::path::Path;
use std::process::ExitCode;

use clarify_core::{Config, Input, Session};
use serde::Deserialize;

use crate::error::CliError;

#[derive(Deserialize)]
struct Recording {
    #[serde(default)]
    config: Config,
    inputs: Vec<Input>,
}

/// Runs `clarify replay`.
///
/// # Errors
/// [`CliError::Unreadable`] for a file that cannot be read, [`CliError::Recording`] for one
/// that is not a recording.
pub fn run(path: &Path, json: bool) -> Result<ExitCode, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| CliError::unreadable(path, e))?;
    let recording: Recording =
        serde_json::from_str(&text).map_err(|reason| CliError::Recording {
            path: path.to_path_buf(),
            reason,
        })?;
    let mut session = Session::new(recording.config);
    let mut steps = Vec::new();
    for (i, input) in recording.inputs.into_iter().enumerate() {
        let shown = serde_json::to_value(&input).unwrap_or_default();
        let result = session.handle(input);
        if !json {
            crate::outln!("> #{} {shown}", i + 1);
            match &result {
                Ok(effects) => {
                    for e in effects {
                        crate::outln!("< {}", serde_json::to_string(e).unwrap_or_default());
                    }
                }
                Err(e) => crate::outln!("! {e}"),
            }
        }
        steps.push(match result {
            Ok(effects) => serde_json::json!({ "input": shown, "effects": effects }),
            Err(e) => serde_json::json!({ "input": shown, "error": e.to_string() }),
        });
    }
    let prompt = session.enriched_prompt();
    let resolutions: Vec<serde_json::Value> = session
        .resolutions()
        .iter()
        .map(|r| {
            serde_json::json!({
                "question": r.question.text,
                "answer": r.answer,
                "answer_text": r.answer_text(),
            })
        })
        .collect();
    if json {
        let value = serde_json::json!({
            "steps": steps,
            "final": {
                "status": session.status(),
                "resolutions": resolutions,
                "enriched_prompt": prompt.as_ref().map(|p| p.render()),
                "answer": session.answer(),
                "handoff": session.handoff(),
                "counters": session.counters(),
                "trace": session.trace(),
            },
        });
        crate::outln!("{value}");
        return Ok(ExitCode::SUCCESS);
    }
    crate::outln!("\n── Final state ──");
    crate::outln!("status: {}", session.status());
    crate::outln!("resolutions:");
    for r in session.resolutions() {
        crate::outln!("- {} → {}", r.question.text, r.answer_text());
    }
    if let Some(p) = prompt {
        crate::outln!("enriched prompt:\n{}", p.render());
    }
    crate::outln!("trace:");
    for event in session.trace() {
        let layer = serde_json::to_value(event.layer).unwrap_or_default();
        let layer = layer.as_str().unwrap_or_default();
        crate::outln!(
            "- [{}] {layer} {}: {}",
            event.at,
            event.decision,
            event.reason
        );
    }
    Ok(ExitCode::SUCCESS)
}
