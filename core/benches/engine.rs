//! The engine's cost: one transition, and whole conversations.
//!
//! `cargo bench -p clarify-core --bench engine`
//!
//! - `transition/answer`: one `Answer` to a pending question (validation, recording, asking the
//!   next question), on a clone of a session prepared outside the timing.
//! - `transition/skip_to_generation`: one `Skip` that ends clarification and builds the
//!   generation request.
//! - `conversation/five_turns_llm`: a whole five-turn conversation with LLM detection — start,
//!   the detection reply (parsed), two answers, the final answer — plus a snapshot.
//! - `conversation/four_turns_embedded`: the same without the detection reply: the embedded
//!   detector decides inside `start`.

use std::hint::black_box;

use clarify_core::{Config, Detection, Effect, Input, Session, UserAnswer};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};

const DETECTION_REPLY: &str = r#"{"needs_clarification": true, "ambiguity_details": [
  {"aspect": "search_scope", "description": "The search scope is unclear",
   "clarification_question": "Would you like to search in all documents or only recent ones?",
   "possible_options": ["all_documents", "recent_documents"], "priority": "critical"},
  {"aspect": "output_format", "description": "Output format preference not specified",
   "clarification_question": "How would you like the results formatted?",
   "possible_options": ["summary", "detailed_report", "bullet_points"]}]}"#;

fn llm_config() -> Config {
    Config {
        detection: Detection::Llm,
        ..Config::default()
    }
}

fn start(request: &str) -> Input {
    Input::Start {
        request: request.into(),
        context: Default::default(),
        now: 0,
    }
}

/// A session with the first of two questions pending.
fn asking() -> Session {
    let mut s = Session::new(llm_config());
    let _ = s.handle(start("Find information about the topic"));
    let _ = s.handle(Input::DetectionReceived {
        text: DETECTION_REPLY.into(),
        usage: None,
    });
    s
}

/// Answers the pending question with its first option (or text if it has none).
fn answer(s: &mut Session, now: u64) -> Vec<Effect> {
    let Some(q) = s.current_question() else {
        return Vec::new();
    };
    let reply = match q.options.first() {
        Some(c) => UserAnswer::Choices {
            choices: vec![c.id.clone()],
        },
        None => UserAnswer::Text {
            text: "renewable energy".into(),
        },
    };
    let input = Input::Answer {
        question: q.id.clone(),
        answer: reply,
        now,
    };
    s.handle(input).unwrap_or_default()
}

fn conversation(config: Config, request: &str, reply: Option<&str>) -> String {
    let mut s = Session::new(config);
    let _ = black_box(s.handle(start(request)));
    if let Some(reply) = reply {
        let _ = black_box(s.handle(Input::DetectionReceived {
            text: reply.into(),
            usage: None,
        }));
    }
    black_box(answer(&mut s, 1_000));
    black_box(answer(&mut s, 2_000));
    let _ = black_box(s.handle(Input::GenerationCompleted {
        text: "Here is a digest.".into(),
        usage: None,
    }));
    s.snapshot()
}

fn bench(c: &mut Criterion) {
    let pending = asking();
    let mut group = c.benchmark_group("transition");
    group.bench_function("answer", |b| {
        b.iter_batched(
            || pending.clone(),
            |mut s| answer(&mut s, 1_000),
            BatchSize::SmallInput,
        );
    });
    let mut last = asking();
    answer(&mut last, 1_000);
    group.bench_function("skip_to_generation", |b| {
        b.iter_batched(
            || last.clone(),
            |mut s| {
                let id = s.current_question().map(|q| q.id.clone());
                id.map(|question| {
                    s.handle(Input::Skip {
                        question,
                        now: 2_000,
                    })
                })
            },
            BatchSize::SmallInput,
        );
    });
    group.finish();

    let mut group = c.benchmark_group("conversation");
    group.bench_function("five_turns_llm", |b| {
        b.iter(|| {
            conversation(
                llm_config(),
                "Find information about the topic",
                Some(DETECTION_REPLY),
            )
        });
    });
    group.bench_function("four_turns_embedded", |b| {
        b.iter(|| conversation(Config::default(), "Plan a trip to Paris", None));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
