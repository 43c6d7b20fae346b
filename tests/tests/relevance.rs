//! The relevance file: every request of `relevance/requests.txt` runs through an offline
//! `Session` (default configuration, no knowledge base or catalog) and the questions it shows
//! are compared with the ones written under it.
//!
//! Format: `> request` (a line break in a request is written `\n`), then one `? question` line
//! per question the session shows (the first, then each next one as the previous is skipped),
//! or `= no question`. Lines starting with `#` and blank lines are kept. `BLESS=1 cargo test -p
//! clarify-tests --test relevance` rewrites the observed lines; review the diff for fit.

use std::fmt::Write as _;
use std::path::Path;

use clarify_core::{Config, Context, Effect, Input, Session};

#[test]
fn relevance_file_replays_exactly() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("relevance/requests.txt");
    let text = std::fs::read_to_string(&path).expect("relevance/requests.txt is readable");
    let mut observed = String::new();
    let mut requests = 0;
    for line in text.lines() {
        if line.starts_with('?') || line.starts_with('=') {
            continue;
        }
        observed.push_str(line);
        observed.push('\n');
        if let Some(request) = line.strip_prefix("> ") {
            requests += 1;
            let questions = shown(&request.replace("\\n", "\n"));
            if questions.is_empty() {
                observed.push_str("= no question\n");
            }
            for q in questions {
                let _ = writeln!(observed, "? {q}");
            }
        }
    }
    assert!(
        requests >= 150,
        "expected at least 150 requests, found {requests}"
    );
    if observed == text {
        return;
    }
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&path, &observed).expect("relevance file is writable");
        return;
    }
    let (n, (want, got)) = text
        .lines()
        .zip(observed.lines())
        .enumerate()
        .find(|(_, (a, b))| a != b)
        .unwrap_or((text.lines().count(), ("(end)", "(more lines)")));
    panic!(
        "relevance/requests.txt line {}: expected {want:?}, observed {got:?} (BLESS=1 accepts the new questions; review them for fit)",
        n + 1
    );
}

/// The question texts an offline session shows for `request`, skipping each in turn.
fn shown(request: &str) -> Vec<String> {
    let mut session = Session::new(Config::default());
    let mut effects = session
        .handle(Input::Start {
            request: request.to_owned(),
            context: Context::default(),
            now: 0,
        })
        .expect("a non-empty request starts");
    let mut out = Vec::new();
    while let Some(q) = effects.iter().find_map(|e| {
        if let Effect::Ask { question, .. } = e {
            Some(question.clone())
        } else {
            None
        }
    }) {
        out.push(q.text.clone());
        effects = session
            .handle(Input::Skip {
                question: q.id,
                now: 0,
            })
            .expect("the pending question can be skipped");
    }
    out
}
