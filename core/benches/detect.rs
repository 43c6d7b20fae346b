//! Speed of the embedded detector on 100-character requests (target: ≥ 100,000 requests/s on
//! one core, i.e. ≤ 10 µs each), through the product's own path: the session calls
//! [`detect::detect_traced_in`] with the conversation's language, which reads the request, scores
//! it with the model, matches the frames table and words the questions with their cues. The
//! requests are the ones `web/tests/bench.rs` times in the browser.
//!
//! `cargo bench -p clarify-core --bench detect`

use std::hint::black_box;

use clarify_core::{Language, detect};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Requests of exactly 100 characters: vague, clear, pronoun, Chinese (clear), Chinese (vague: a
/// terse request padded with full stops), Spanish (vague, read by its columns and their model).
fn requests() -> Vec<String> {
    [
        "I would like to plan a trip to Paris next month with my family, somewhere nice to stay and eat well",
        "Find the capital city of Tasmania and the population of its largest city according to the census.",
        "Tell me more about it, and how does that compare to the approach from the paper we discussed before",
        "悠遊卡 投遞的格式、成效，請幫我整理最近的報表，包含曝光、點擊與轉換，並比較不同投遞格式的差異與建議，以及下一季的預算規劃與目標設定，謝謝您的協助與說明，我們會在週五前確認並回覆給行銷團隊參考使用",
        "悠遊卡 投遞的格式、成效",
        "Quiero organizar una fiesta para mi hermana el mes que viene, algo bonito y que no salga muy caro",
    ]
    .iter()
    .map(|s| pad_to_100(s))
    .collect()
}

fn pad_to_100(s: &str) -> String {
    let mut out: String = s.chars().take(100).collect();
    while out.chars().count() < 100 {
        out.push('.');
    }
    out
}

fn bench(c: &mut Criterion) {
    let requests = requests();
    let mut group = c.benchmark_group("detect_100_chars");
    group.throughput(Throughput::Elements(1));
    // The language the session passes, and whether the product asks: checked before timing,
    // so a changed decision cannot leave the bench timing another branch unnoticed.
    let cases = [
        ("vague_en", Language::English, true),
        ("clear_en", Language::English, false),
        ("pronoun_en", Language::English, false),
        ("chinese_clear", Language::Traditional, false),
        ("chinese_vague", Language::Traditional, true),
        ("columns_es", Language::Spanish, true),
    ];
    for ((name, language, asks), request) in cases.into_iter().zip(&requests) {
        let (analysis, _) = detect::detect_traced_in(request, &[], language);
        assert_eq!(
            analysis.needs_clarification, asks,
            "{name}: the detector's decision on this request changed"
        );
        group.bench_function(name, |b| {
            b.iter(|| detect::detect_traced_in(black_box(request), black_box(&[]), language));
        });
    }
    group.bench_function("is_vague_mix", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % requests.len();
            detect::is_vague(black_box(&requests[i]))
        });
    });
    group.finish();
    let huge = "Plan a trip to Paris 🙂 ".repeat(4_000);
    c.bench_function("detect_100_kb", |b| {
        b.iter(|| detect::detect(black_box(&huge), black_box(&[])));
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
