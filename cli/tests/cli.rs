//! The built `clarify` binary, driven as a user or a script would.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn clarify(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_clarify"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A run that never reads its stdin (not interactive) may have exited before the write.
    let written = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes());
    if let Err(e) = written {
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe,
            "stdin accepts input"
        );
    }
    child.wait_with_output().expect("the binary finishes")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn temp_file(name: &str, contents: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("clarify-cli-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).expect("temp file written");
    path
}

fn repo_file(path: &str) -> String {
    format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn eval_reports_a_bad_line_by_number_and_counts_the_rest() {
    let file = temp_file(
        "eval.jsonl",
        "{\"text\": \"Plan a trip to Paris\", \"label\": true}\n\
         {\"text\": \"oops\", \"label\": \n\
         {\"text\": \"Find the capital city of Tasmania.\", \"label\": false}\n\
         {\"task\": \"Tell me more about it\", \"vague\": true}\n",
    );
    let out = clarify(&["eval", file.to_str().unwrap(), "--json"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains(":2: skipped"), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("one JSON object");
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "accuracy",
            "ask_recall",
            "balanced_accuracy",
            "f1",
            "false_ask_rate",
            "macro_f1",
            "n",
            "precision",
            "recall",
            "skipped",
            "skipped_lines"
        ]
    );
    assert_eq!(v["n"], 3);
    assert_eq!(v["accuracy"], 1.0);
    assert_eq!(v["skipped"], 1);
    assert_eq!(v["skipped_lines"], serde_json::json!([2]));
}

/// A line of JSON with a field of the wrong type is told as such, not as "not JSON".
#[test]
fn eval_names_the_field_of_the_wrong_type() {
    let file = temp_file(
        "eval-types.jsonl",
        "{\"text\": \"Plan a trip to Paris\", \"label\": \"yes\"}\n\
         {\"text\": \"Plan a trip to Paris\", \"label\": true, \"context\": 5}\n\
         {\"text\": \"Plan a trip to Paris\", \"label\": true}\n",
    );
    let out = clarify(&["eval", file.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let told = stderr(&out);
    assert!(
        told.contains(":1: skipped: label must be true or false, got \"yes\"\n"),
        "{told}"
    );
    assert!(
        told.contains(":2: skipped: context must be a string, or a list of strings or {\"role\", \"content\"} objects, got 5\n"),
        "{told}"
    );
    assert!(!told.contains("not JSON"), "{told}");
}

/// With nothing to count, no figure is made up: `null` in the JSON, a message, exit status 1.
#[test]
fn eval_of_an_empty_or_all_bad_file_says_so_and_exits_1() {
    let empty = temp_file("eval-nothing.jsonl", "\n  \n");
    let bad = temp_file("eval-all-bad.jsonl", "{oops\n\n[1]\n");
    for (file, skipped, said) in [
        (&empty, serde_json::json!([]), "the file is empty"),
        (
            &bad,
            serde_json::json!([1, 3]),
            "all 2 of its lines were skipped",
        ),
    ] {
        let path = file.to_str().unwrap();
        let out = clarify(&["eval", path, "--json"], "");
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        let v: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("one JSON object");
        assert_eq!(v["n"], 0, "{v}");
        for key in ["accuracy", "precision", "recall", "f1", "ask_recall"] {
            assert!(v[key].is_null(), "{key}: {v}");
        }
        assert_eq!(v["skipped_lines"], skipped, "{v}");
        assert!(
            v["message"].as_str().unwrap_or_default().contains(said),
            "{v}"
        );
        let out = clarify(&["eval", path], "");
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(stdout(&out), "");
        assert!(stderr(&out).contains(said), "{}", stderr(&out));
    }
}

/// `eval --json` and `replay --json` report every error as `ask --json` does: one object on
/// stdout, exit status 2.
#[test]
fn every_error_of_json_eval_and_replay_is_one_json_object() {
    let recording = temp_file(
        "bad-replay-json.json",
        "{\"inputs\": [\n  {\"type\": \"nope\"}\n]}",
    );
    let recording = recording.to_str().unwrap();
    let cases: [(&[&str], &str, &str); 6] = [
        (
            &["eval", "/no/such/file.jsonl", "--json"],
            "unreadable_file",
            "/no/such/file.jsonl",
        ),
        (&["eval", "--json", "--bogus", "f"], "usage", "--bogus"),
        (&["eval", "--json"], "usage", "<FILE>"),
        (
            &["replay", "/no/such/recording.json", "--json"],
            "unreadable_file",
            "/no/such/recording.json",
        ),
        (&["replay", "--json", "f", "--bogus"], "usage", "--bogus"),
        (
            &["replay", recording, "--json"],
            "invalid_recording",
            "line 2",
        ),
    ];
    for (args, code, said) in cases {
        let (status, error) = json_error(args);
        assert_eq!(status, Some(2), "{args:?}");
        assert_eq!(error["code"], code, "{args:?}: {error}");
        let message = error["message"].as_str().unwrap_or_default();
        assert!(message.contains(said), "{args:?}: {message}");
    }
}

/// A `--language` that is no BCP 47 tag is a usage error, not English in disguise.
#[test]
fn a_language_that_is_no_tag_is_a_usage_error() {
    let (status, error) = json_error(&["ask", "--json", "--language", "xx-@@", "Plan a trip"]);
    assert_eq!(status, Some(2));
    assert_eq!(error["code"], "usage", "{error}");
    let message = error["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("\"xx-@@\" is not a BCP 47 language tag"),
        "{message}"
    );
    let out = clarify(&["ask", "--language", "xx-@@", "Plan a trip"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "");
    assert!(stderr(&out).contains("--language"), "{}", stderr(&out));
    // A well-formed tag of a language the engine does not write means English.
    let out = clarify(&["ask", "--language", "nl-BE", "Plan a trip to Paris"], "");
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn eval_reads_in3_natively() {
    let out = clarify(&["eval", &repo_file("data/in3/test.jsonl")], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("n                  108"), "{text}");
    assert!(text.contains("balanced_accuracy"), "{text}");
    assert!(text.contains("false_ask_rate"), "{text}");
    assert!(text.contains("ask_recall"), "{text}");
}

#[test]
fn eval_counts_what_the_session_shows_and_the_demo_only_on_request() {
    // The complete Chinese request is asked about only through the demo knowledge base's
    // campaign-report document: the session with --demo counts it, the detector alone and the
    // session without the demo data do not.
    let file = temp_file(
        "eval-session.jsonl",
        "{\"text\": \"請把悠遊卡上個月的點擊率報表寄給我\", \"label\": true}\n\
         {\"text\": \"Plan a trip to Paris\", \"label\": true}\n",
    );
    let path = file.to_str().unwrap();
    let rate = |args: &[&str]| {
        let out = clarify(args, "");
        assert!(out.status.success(), "{}", stderr(&out));
        let v: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("one JSON object");
        v["ask_recall"].as_f64().expect("ask_recall")
    };
    assert_eq!(rate(&["eval", path, "--json", "--demo"]), 1.0);
    assert_eq!(rate(&["eval", path, "--json"]), 0.5);
    assert_eq!(rate(&["eval", path, "--json", "--model-only"]), 0.5);
    let out = clarify(&["eval", path, "--show-questions", "--demo"], "");
    let text = stdout(&out);
    assert!(
        text.contains("1 [vague] 請把悠遊卡上個月的點擊率報表寄給我"),
        "{text}"
    );
    assert!(text.contains("    ? 您想查詢哪一段時間的成效？"), "{text}");
    assert!(text.contains("    ? How long is the trip?"), "{text}");
}

#[test]
fn non_interactive_ask_prints_assumptions_and_open_questions() {
    let out = clarify(&["ask", "Plan a trip to Paris", "--non-interactive"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let open = text
        .split("── Open questions ──")
        .nth(1)
        .expect("open questions");
    assert!(open.contains("- How long is the trip?"), "{text}");
    assert!(text.contains("- Assume a trip of about a week."), "{text}");
    assert!(text.contains("── Status: completed ──"), "{text}");
}

#[test]
fn piped_stdin_without_a_flag_never_asks() {
    let out = clarify(&["ask", "Plan a trip to Paris"], "1\n");
    let text = stdout(&out);
    assert!(!text.contains("Question 1 of"), "{text}");
    assert!(text.contains("── Open questions ──"), "{text}");
}

#[test]
fn interactive_ask_reads_answers_from_stdin() {
    let out = clarify(
        &["ask", "my app crashes", "--interactive"],
        "3\nIt closes when I open the camera\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("[Critical] Question 1 of 2: Which Android version?"),
        "{text}"
    );
    assert!(text.contains("  3) Android 12"), "{text}");
    assert!(
        text.contains("Answer: <user_input>Android 12</user_input>"),
        "{text}"
    );
    assert!(
        text.contains("<user_input>It closes when I open the camera</user_input>"),
        "{text}"
    );
}

#[test]
fn interactive_dont_know_skip_and_end_of_input_use_assumptions() {
    let out = clarify(&["ask", "Plan a trip to Paris", "--interactive"], "?\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Assume a trip of about a week."), "{text}");
    assert!(text.contains("── Status: completed ──"), "{text}");
}

#[test]
fn a_refused_answer_is_asked_again() {
    // "1,2" names two options of a single-choice question: the engine refuses it.
    let out = clarify(
        &["ask", "Is the Pro waterproof?", "--interactive"],
        "1,2\n2\n",
    );
    let text = stdout(&out);
    assert!(
        text.contains("The answer was not accepted: several options chosen on a single-choice question. Try again."),
        "{text}"
    );
    assert!(text.contains("Subscription plan"), "{text}");
}

#[test]
fn refund_hands_off_after_the_answer() {
    let out = clarify(&["ask", "I want a refund", "--non-interactive"], "");
    let text = stdout(&out);
    let answer = text.find("── Answer ──").expect("answer");
    let handoff = text.find("Connecting you to an agent").expect("handoff");
    assert!(answer < handoff, "{text}");
    assert!(text.contains("── Status: handed_off ──"), "{text}");
}

#[test]
fn json_ask_prints_one_object() {
    let out = clarify(&["ask", "悠遊卡 投遞的格式、成效", "--json"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(v["status"], "completed");
    assert_eq!(v["open_questions"][0], "您指的是哪一個「悠遊卡」？");
}

#[test]
fn bad_requests_fail_cleanly_or_work() {
    let out = clarify(&["ask", "   ", "--non-interactive"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("empty"), "{}", stderr(&out));
    // The engine accepts up to 64 KB; a 100 KB paste is refused with a clear message.
    let huge = "Plan a trip to Paris 🙂 ".repeat(4_000);
    let out = clarify(&["ask", &huge, "--non-interactive"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("at most 65536"), "{}", stderr(&out));
    let big = "Plan a trip to Paris 🙂 ".repeat(2_000);
    let out = clarify(&["ask", &big, "--non-interactive", "--json"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let mixed = "Help me 修復 the 🚀 app: the app crashes — ça plante 💥";
    let out = clarify(&["ask", mixed, "--non-interactive"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("The app crashes on Android"));
}

#[test]
fn malformed_knowledge_base_names_the_line() {
    let kb = temp_file("kb.json", "{\"documents\": [\n  {\"title\": \"no id\"}\n]}");
    let out = clarify(&["ask", "x", "--kb", kb.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("line 2"), "{}", stderr(&out));
    let catalog = temp_file(
        "catalog.json",
        "{\"entities\": [\n{\"id\": \"a\", \"name\": \"A\"},\n{\"id\": \"a\", \"name\": \"B\"}]}",
    );
    let out = clarify(&["ask", "x", "--catalog", catalog.to_str().unwrap()], "");
    assert!(
        stderr(&out).contains("entity #2 (id \"a\", line 3): another entity has the same id"),
        "{}",
        stderr(&out)
    );
}

/// A question without options takes several lines between two `"""` lines (a pasted text or
/// code), blank lines and indentation kept.
#[test]
fn a_pasted_answer_keeps_its_lines() {
    let code = "fn main() {\n    let v = vec![1, 2, 3];\n\n    println!(\"{}\", v[3]);\n}";
    let out = clarify(
        &["ask", "Debug my code", "--interactive"],
        &format!("\"\"\"\n{code}\n\"\"\"\n"),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Could you paste your code here?"), "{text}");
    assert!(
        text.contains("a line of \"\"\" starts several lines"),
        "{text}"
    );
    assert!(
        text.contains(&format!("Answer: <user_input>{code}</user_input>")),
        "{text}"
    );
}

#[test]
fn replay_prints_effects_errors_and_the_final_state() {
    let file = temp_file(
        "replay.json",
        r#"{"config": {"limits": {"max_questions": 1}},
            "inputs": [
              {"type": "start", "request": "Plan a trip to Paris", "now": 0},
              {"type": "skip", "question": "q-not-pending", "now": 1},
              {"type": "message", "text": "1", "now": 2},
              {"type": "generation_completed", "text": "Bon voyage"}
            ]}"#,
    );
    let out = clarify(&["replay", file.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("< {\"type\":\"ask\""), "{text}");
    assert!(text.contains("! question q-not-pending"), "{text}");
    assert!(text.contains("status: completed"), "{text}");
    assert!(
        text.contains("- How long is the trip? → A weekend"),
        "{text}"
    );
    assert!(text.contains("trace:\n- [0] session started:"), "{text}");
    assert!(text.contains("limit budget_reached:"), "{text}");
    let out = clarify(&["replay", file.to_str().unwrap(), "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(v["final"]["status"], "completed");
    assert!(v["steps"][1]["error"].is_string());
    let trace = v["final"]["trace"].as_array().expect("a trace");
    assert!(
        trace.iter().any(|e| e["decision"] == "question_asked"),
        "{trace:?}"
    );
    assert_eq!(v["final"]["counters"]["questions_asked"], 1);
}

#[test]
fn replay_of_a_malformed_file_names_the_line() {
    let file = temp_file(
        "bad-replay.json",
        "{\"inputs\": [\n  {\"type\": \"nope\"}\n]}",
    );
    let out = clarify(&["replay", file.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("line 2"), "{}", stderr(&out));
}

/// Nothing answers at the endpoint (port 9 refuses): the failure is told in the conversation's
/// language, and every answer is kept.
#[test]
fn a_dead_endpoint_is_told_in_the_conversations_language() {
    let dead = [
        "--endpoint",
        "http://127.0.0.1:9/v1",
        "--model",
        "m",
        "--timeout",
        "2",
    ];
    for (language, said) in [
        ("en", "cannot reach the endpoint http://127.0.0.1:9/v1"),
        ("zh-TW", "無法連線到端點 http://127.0.0.1:9/v1"),
        ("zh-Hans", "无法连接端点 http://127.0.0.1:9/v1"),
    ] {
        let mut args = vec!["ask", "--language", language];
        args.extend(dead);
        args.push("Plan a trip to Paris");
        let o = clarify(&args, "");
        let all = format!("{}{}", stdout(&o), stderr(&o));
        assert!(all.contains(said), "{language}: {all}");
    }
}

/// Without `--language`, the conversation is in the request's own language: its questions
/// and the terminal's words alike.
#[test]
fn without_a_language_the_request_says_which() {
    for (request, heading, question) in [
        (
            "Hilf mir bei meinem Problem",
            "Offene Fragen",
            "Worauf soll sich die Antwort",
        ),
        (
            "Resérvame un hotel",
            "Preguntas abiertas",
            "¿En qué ciudad o zona?",
        ),
        ("Plan a trip", "Open questions", "Where do you want to go?"),
    ] {
        let o = clarify(&["ask", "--non-interactive", request], "");
        let all = stdout(&o);
        assert!(
            all.contains(heading) && all.contains(question),
            "{request}: {all}"
        );
    }
    // A tag given wins.
    let o = clarify(
        &[
            "ask",
            "--non-interactive",
            "--language",
            "en",
            "Resérvame un hotel",
        ],
        "",
    );
    assert!(stdout(&o).contains("Open questions"), "{}", stdout(&o));
}

#[test]
fn a_reader_that_goes_away_ends_the_output_quietly() {
    // More output than a pipe holds (about 250 KB against 64 KB), so the run must write after
    // the reader has gone, whatever the timing.
    let lines: String = (0..1500)
        .map(|i| format!("{{\"text\": \"Plan a trip for me, number {i}\", \"label\": true}}\n"))
        .collect();
    let file = temp_file("many.jsonl", &lines);
    let mut child = Command::new(env!("CARGO_BIN_EXE_clarify"))
        .args([
            "eval",
            file.to_str().expect("a UTF-8 path"),
            "--show-questions",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("the binary finishes");
    let _ = std::fs::remove_file(&file);
    assert!(
        out.status.success(),
        "exit {:?}: {}",
        out.status,
        stderr(&out)
    );
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
}

/// An endpoint on a free 127.0.0.1 port that echoes the `Authorization` value it was sent:
/// `/refuse/…` its key in a 401 as OpenAI words it, `/echo/…` in the model's text (a JSON reply, or a
/// stream split inside the key when the request asks for one). Serves until the test ends.
fn echoing_endpoint() -> String {
    use std::io::{BufRead, BufReader, Read};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let url = format!("http://{}", listener.local_addr().expect("an address"));
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let mut reader = BufReader::new(stream.try_clone().expect("a stream"));
            let (mut line, mut path, mut auth, mut length) = (String::new(), None, None, 0);
            while reader.read_line(&mut line).is_ok_and(|n| n > 0) && line != "\r\n" {
                let lower = line.to_ascii_lowercase();
                if path.is_none() {
                    path = line.split(' ').nth(1).map(str::to_owned);
                } else if lower.starts_with("authorization:") {
                    auth = Some(line["authorization:".len()..].trim().to_owned());
                } else if let Some(n) = lower.strip_prefix("content-length:") {
                    length = n.trim().parse().unwrap_or(0);
                }
                line.clear();
            }
            let mut body = vec![0; length];
            let _ = reader.read_exact(&mut body);
            let said = auth.unwrap_or_default();
            let streamed = String::from_utf8_lossy(&body).contains("\"stream\":true");
            let (status, kind, reply) = if path.unwrap_or_default().starts_with("/refuse") {
                let key = said.trim_start_matches("Bearer ");
                let message = format!("Incorrect API key provided: {key}");
                (
                    401,
                    "application/json",
                    serde_json::json!({"error": {"message": message}}).to_string(),
                )
            } else if streamed {
                let (a, b) = said.split_at(said.len() / 2);
                let event = |t: &str| {
                    format!(
                        "data: {}\n\n",
                        serde_json::json!({"choices": [{"delta": {"content": t}}]})
                    )
                };
                (
                    200,
                    "text/event-stream",
                    format!(
                        "{}{}data: [DONE]\n\n",
                        event(&format!("You sent {a}")),
                        event(b)
                    ),
                )
            } else {
                let content = format!("You sent {said}");
                (
                    200,
                    "application/json",
                    serde_json::json!({"choices": [{"message": {"content": content}}]}).to_string(),
                )
            };
            let mut out = stream;
            let _ = write!(
                out,
                "HTTP/1.1 {status} X\r\ncontent-type: {kind}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{reply}",
                reply.len()
            );
        }
    });
    url
}

/// A key the endpoint echoes, in its 401 or in the model's text, is in nothing the CLI prints
/// or logs: not the JSON outcome (its trace and failure), not stderr, not the `--llm-log` file.
#[test]
fn a_key_the_endpoint_echoes_is_never_printed_or_logged() {
    const KEY: &str = "sk-cli-5ecret-echoed-key";
    let base = echoing_endpoint();
    for route in ["refuse", "echo"] {
        let log = temp_file(&format!("echo-{route}.jsonl"), "");
        let endpoint = format!("{base}/{route}/v1");
        let mut child = Command::new(env!("CARGO_BIN_EXE_clarify"));
        child
            .args([
                "ask",
                "--json",
                "--non-interactive",
                "--endpoint",
                &endpoint,
            ])
            .args([
                "--model",
                "m",
                "--api-key-env",
                "CLARIFY_TEST_KEY",
                "--llm-log",
            ])
            .arg(&log)
            .arg("Plan a trip to Paris")
            .env("CLARIFY_TEST_KEY", KEY)
            .stdin(Stdio::null());
        let o = child.output().expect("the binary runs");
        let logged = std::fs::read_to_string(&log).expect("the log");
        let all = format!("{}\n{}\n{logged}", stdout(&o), stderr(&o));
        assert!(!logged.is_empty(), "{route}: calls were logged");
        assert!(!all.contains("5ecret"), "{route}: {all}");
        let told = if route == "refuse" {
            "provided: [redacted]"
        } else {
            "You sent Bearer [redacted]"
        };
        assert!(all.contains(told), "{route}: {all}");
    }
}

/// `ask --json`'s object for a run that stopped on an error: its exit status and `error`.
fn json_error(args: &[&str]) -> (Option<i32>, serde_json::Value) {
    let out = clarify(args, "");
    let text = stdout(&out);
    let v: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{args:?}: {e}: {text:?}"));
    assert_eq!(v["status"], "error", "{args:?}: {v}");
    assert!(v["error"]["message"].is_string(), "{args:?}: {v}");
    assert_eq!(v.as_object().map(|o| o.len()), Some(2), "{args:?}: {v}");
    (out.status.code(), v["error"].clone())
}

#[test]
fn every_error_of_json_ask_is_one_json_object() {
    let (code, error) = json_error(&["ask", "--json", ""]);
    assert_eq!(code, Some(2));
    assert_eq!(
        error,
        serde_json::json!({"code": "empty_request", "message": "the request is empty"})
    );
    let huge = "Plan a trip to Paris 🙂 ".repeat(4_000);
    let kb = temp_file(
        "json-kb.json",
        "{\"documents\": [\n  {\"title\": \"no id\"}\n]}",
    );
    let kb = kb.to_str().unwrap();
    let too_long_earlier = "a".repeat(clarify_core::MAX_TEXT_BYTES + 1);
    let cases: [(&[&str], &str, &str); 8] = [
        (
            &["ask", "--json", &huge],
            "request_too_long",
            "at most 65536",
        ),
        (
            &["ask", "--json", "--kb", "/no/such/kb.json", "x"],
            "unreadable_file",
            "/no/such/kb.json",
        ),
        (
            &["ask", "--json", "--kb", kb, "x"],
            "invalid_knowledge_base",
            "line 2",
        ),
        (
            &[
                "ask",
                "x",
                "--json",
                "--endpoint",
                "not-a-url",
                "--model",
                "m",
            ],
            "usage",
            "--endpoint",
        ),
        (
            &["ask", "--json", "--endpoint", "http://127.0.0.1:9/v1", "x"],
            "usage",
            "--model",
        ),
        (&["ask", "--json"], "usage", "<REQUEST>"),
        (
            &[
                "ask",
                "--json",
                "--endpoint",
                "http://127.0.0.1:9/v1",
                "--model",
                "m",
                "--api-key-env",
                "CLARIFY_TEST_SURELY_UNSET",
                "x",
            ],
            "missing_api_key",
            "CLARIFY_TEST_SURELY_UNSET",
        ),
        (
            &["ask", "--json", "--earlier", &too_long_earlier, "x"],
            "earlier_too_long",
            "--earlier #1",
        ),
    ];
    for (args, code, said) in cases {
        let (status, error) = json_error(args);
        assert_eq!(status, Some(2), "{args:.5?}");
        assert_eq!(error["code"], code, "{args:.5?}: {error}");
        let message = error["message"].as_str().unwrap_or_default();
        assert!(message.contains(said), "{args:.5?}: {message}");
    }
    // Without --json the same error is a line on stderr, and stdout stays empty.
    let out = clarify(&["ask", ""], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "");
    assert_eq!(stderr(&out), "clarify: the request is empty\n");
}

#[test]
fn ask_help_states_the_size_limit_the_json_shapes_and_the_exit_status() {
    let out = clarify(&["ask", "--help"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let help = stdout(&out);
    assert!(
        help.contains(&format!("at most {} bytes", clarify_core::MAX_TEXT_BYTES)),
        "{help}"
    );
    assert!(
        help.contains(r#"{"status": "error", "error": {"code": CODE, "message": TEXT}}"#),
        "{help}"
    );
    assert!(help.contains("`empty_request`"), "{help}");
    assert!(help.contains("Exit status: 0"), "{help}");
    assert!(help.contains("1 when it failed"), "{help}");
    assert!(help.contains("--earlier <TEXT>"), "{help}");
}

/// Nothing answers at the endpoint: the session fails after building its prompt. The run says
/// so in its exit status, reports that prompt's assumptions and open questions, and offers no
/// retry, since nobody is there to take it.
#[test]
fn a_failed_session_exits_1_with_the_prompt_it_built_and_asks_nothing() {
    let dead = [
        "ask",
        "--non-interactive",
        "--endpoint",
        "http://127.0.0.1:9/v1",
        "--model",
        "x",
        "--timeout",
        "2",
        "fix my essay",
    ];
    let mut json = dead.to_vec();
    json.push("--json");
    let out = clarify(&json, "");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("one JSON object");
    assert_eq!(v["status"], "failed");
    let open = v["open_questions"].as_array().expect("open questions");
    assert!(!open.is_empty(), "{v}");
    assert_eq!(v["open_questions"], v["prompt"]["open_questions"], "{v}");
    assert_eq!(v["assumptions"], v["prompt"]["assumptions"], "{v}");
    assert!(!v["assumptions"].as_array().unwrap().is_empty(), "{v}");
    assert_eq!(v["error"]["code"], "unreachable", "{v}");
    let message = v["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("cannot reach the endpoint"), "{v}");
    let told = stderr(&out);
    assert!(told.contains("The answer could not be produced"), "{told}");
    // Nothing was answered, so nothing is said to be kept.
    assert!(!told.contains("Your answers are kept"), "{told}");
    assert!(!told.contains("Type r"), "{told}");
    assert!(!told.trim_end().ends_with('>'), "{told}");
    let out = clarify(&dead, "");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(!text.contains("Type r"), "{text}");
    let open = text
        .split("── Open questions ──")
        .nth(1)
        .expect("open questions");
    assert!(open.contains(open_question(&v)), "{text}");
    assert!(text.contains("── Status: failed ──"), "{text}");
}

/// Someone answered before the answer failed: their answers are said to be kept.
#[test]
fn a_failed_answer_says_the_answers_given_are_kept() {
    let args = [
        "ask",
        "--interactive",
        "--json",
        "--endpoint",
        "http://127.0.0.1:9/v1",
        "--model",
        "x",
        "--timeout",
        "2",
        "Plan a trip to Paris",
    ];
    let out = clarify(&args, "2\n");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let told = stderr(&out);
    assert!(told.contains("The answer could not be produced"), "{told}");
    assert!(told.contains("Your answers are kept."), "{told}");
}

fn open_question(v: &serde_json::Value) -> &str {
    v["open_questions"][0].as_str().unwrap_or_default()
}

#[test]
fn eval_skips_an_empty_or_over_long_request_like_any_bad_line() {
    let long = "a ".repeat(clarify_core::MAX_TEXT_BYTES);
    let file = temp_file(
        "eval-empty.jsonl",
        &format!(
            "{{\"text\": \"Plan a trip to Paris\", \"label\": true}}\n\
             {{\"text\": \"\", \"label\": true}}\n\
             {{\"text\": \"Find the capital city of Tasmania.\", \"label\": false}}\n\
             {{\"text\": \"{long}\", \"label\": false}}\n"
        ),
    );
    for mode in [None, Some("--model-only")] {
        let mut args = vec!["eval", file.to_str().unwrap(), "--json"];
        args.extend(mode);
        let out = clarify(&args, "");
        assert!(out.status.success(), "{mode:?}: {}", stderr(&out));
        let told = stderr(&out);
        assert!(told.contains(":2: skipped: the request is empty"), "{told}");
        assert!(told.contains(":4: skipped: the text is"), "{told}");
        let v: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("one JSON object");
        assert_eq!(v["n"], 2, "{mode:?}: {v}");
    }
    let out = clarify(&["eval", file.to_str().unwrap()], "");
    assert!(
        stdout(&out).contains("skipped lines      2"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_number_that_is_no_option_is_asked_again() {
    let out = clarify(
        &["ask", "Plan a trip to Paris", "--interactive"],
        "9\n2\n\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("9 is not an option: type a number from 1 to 3"),
        "{text}"
    );
    assert!(
        text.contains("Answer: <user_input>About a week</user_input>"),
        "{text}"
    );
    assert!(!text.contains("<user_input>9</user_input>"), "{text}");
}

#[test]
fn an_assumption_two_questions_share_is_printed_once() {
    let out = clarify(&["ask", "--non-interactive", "Which one should I buy?"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let listed = text.split("── Assumptions ──").nth(1).expect("assumptions");
    assert_eq!(
        listed
            .matches("- Assume the most common interpretation and say so.")
            .count(),
        1,
        "{text}"
    );
}

#[test]
fn earlier_messages_are_the_conversations_history() {
    let open = |args: &[&str]| {
        let out = clarify(args, "");
        assert!(out.status.success(), "{}", stderr(&out));
        let v: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("one JSON object");
        v["open_questions"].clone()
    };
    let request = "Plan a trip to Paris";
    let alone = open(&["ask", "--json", "--non-interactive", request]);
    assert_eq!(alone[0], "How long is the trip?", "{alone}");
    let after = open(&[
        "ask",
        "--json",
        "--non-interactive",
        "--earlier",
        "Hello!",
        "--earlier",
        "I'm going to Paris for a week",
        request,
    ]);
    assert!(
        !after.as_array().unwrap().contains(&alone[0]),
        "the duration said earlier is asked again: {after}"
    );
    // A blank one is left out.
    assert_eq!(
        open(&[
            "ask",
            "--json",
            "--non-interactive",
            "--earlier",
            " ",
            request
        ]),
        alone
    );
}

/// The example of `replay --help` is a recording `replay` runs, its history included.
#[test]
fn replays_help_example_runs() {
    let out = clarify(&["replay", "--help"], "");
    let help = stdout(&out);
    let example = help
        .lines()
        .find(|l| l.trim_start().starts_with("{\"config\""))
        .unwrap_or_else(|| panic!("an example in {help}"));
    assert!(example.contains("\"history\""), "{example}");
    let file = temp_file("help-example.json", example);
    let out = clarify(&["replay", file.to_str().unwrap(), "--json"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(v["final"]["status"], "completed", "{v}");
    assert!(
        v["steps"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["error"].is_null()),
        "{v}"
    );
}
