use clarify_core::{Language, detect};
fn pad(s: &str) -> String {
    let mut o: String = s.chars().take(100).collect();
    while o.chars().count() < 100 {
        o.push('.');
    }
    o
}
fn main() {
    let which: usize = std::env::args().nth(1).unwrap().parse().unwrap();
    let n: usize = std::env::args().nth(2).unwrap().parse().unwrap();
    let reqs = [
        (
            "I would like to plan a trip to Paris next month with my family, somewhere nice to stay and eat well",
            Language::English,
        ),
        (
            "Find the capital city of Tasmania and the population of its largest city according to the census.",
            Language::English,
        ),
        (
            "Tell me more about it, and how does that compare to the approach from the paper we discussed before",
            Language::English,
        ),
        (
            "悠遊卡 投遞的格式、成效，請幫我整理最近的報表，包含曝光、點擊與轉換，並比較不同投遞格式的差異與建議，以及下一季的預算規劃與目標設定，謝謝您的協助與說明，我們會在週五前確認並回覆給行銷團隊參考使用",
            Language::Traditional,
        ),
        ("悠遊卡 投遞的格式、成效", Language::Traditional),
        (
            "Quiero organizar una fiesta para mi hermana el mes que viene, algo bonito y que no salga muy caro",
            Language::Spanish,
        ),
    ];
    let (r, l) = reqs[which];
    let r = pad(r);
    let mut k = 0;
    for _ in 0..n {
        let (a, _) = detect::detect_traced_in(std::hint::black_box(&r), &[], l);
        k += a.needs_clarification as usize;
    }
    println!("{k}");
}
