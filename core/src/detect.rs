//! The embedded detector (E3d): decides offline, in microseconds, whether a request needs
//! clarification and which questions to ask — in English and Chinese.
//!
//! Three layers, cheapest first:
//! 1. **Rules** ([`Kind`]): a pronoun with no antecedent ("tell me more about it" with no
//!    history), a missing artifact ("use the method from the paper"), an ambiguous reference
//!    ("compare them"), an underspecified parameter ("how many examples are enough?"), and for
//!    Chinese a terse keyword list ("悠遊卡 投遞的格式、成效", seed 003) or a pronoun. A rule
//!    that fires decides "ask" on its own.
//! 2. **A learned model** for English: logistic regression over hashed word unigrams, bigrams
//!    and a proper-noun cue, trained on IN3 train by `scripts/train-detector` and embedded as
//!    16 KB of quantised weights (IN3: Qian et al., 2024, OpenBMB/Tell_Me_More, Apache-2.0).
//!    It decides "ask" for requests that leave out what the answer depends on ("Find a recipe
//!    for homemade pizza") and "answer" for specific ones ("Find the capital city of Tasmania").
//! 3. **Question templates** per kind of task (trip → duration and budget, recipe → dietary
//!    restrictions, code → language…, mined from the details IN3's annotators found missing),
//!    with options where they can be named; a generic question when none fits.
//!
//! Every question's [`QuestionSource::Detector`] names the kind that fired (`missing_context`,
//! `pronoun_without_antecedent`, `ambiguous_reference`, `underspecified_parameter`,
//! `underspecified_request`). Only the first 4 KB of a request are read, so cost is bounded.

mod model;
mod rules;
mod templates;

use serde::{Deserialize, Serialize};

use crate::analysis::Analysis;
use crate::protocol::question::{
    Choice, ChoiceId, Priority, Question, QuestionId, QuestionSource, Stage,
};
use crate::protocol::request::Message;

use templates::{Template, ZhText};

/// Detects vagueness in `request`, given the conversation so far, without any LLM.
///
/// Returns at most three questions, critical first. An empty request needs no clarification
/// (the session rejects it before detection).
pub fn detect(request: &str, history: &[Message]) -> Analysis {
    let assessment = assess(request, history);
    let mut questions = assessment.questions;
    questions.sort_by_key(|q| q.priority);
    questions.truncate(MAX_QUESTIONS);
    Analysis {
        needs_clarification: assessment.needs_clarification && !questions.is_empty(),
        questions,
    }
}

/// Whether the detector would ask before answering `request` (no history); what `clarify eval`
/// measures.
pub fn is_vague(request: &str) -> bool {
    evaluate(request, &[], false).needs_clarification
}

/// The detector's full reasoning for one request: decision, language, model score, the rules
/// that fired and the questions it would ask.
pub fn assess(request: &str, history: &[Message]) -> Assessment {
    evaluate(request, history, true)
}

/// [`assess`], building the questions only when `with_questions` (eval needs the decision only).
fn evaluate(request: &str, history: &[Message], with_questions: bool) -> Assessment {
    let text = clip(request, MAX_BYTES);
    let mut out = Assessment {
        needs_clarification: false,
        language: Language::English,
        model_score: None,
        findings: Vec::new(),
        questions: Vec::new(),
    };
    if text.trim().is_empty() {
        return out;
    }
    let has_history = !history.is_empty();
    let cjk = text.chars().filter(|c| is_cjk(*c)).count();
    // ASCII lower-casing keeps Unicode case tables out of the WebAssembly build (13 KB).
    let lower = text.to_ascii_lowercase();
    let words = words_of(&lower);
    let latin_words = words.iter().filter(|w| w.is_ascii()).count();
    if cjk > 0 && cjk >= latin_words {
        out.language = Language::Chinese;
        out.findings = rules::chinese(text, cjk, has_history);
        out.needs_clarification = !out.findings.is_empty();
        if out.needs_clarification && with_questions {
            out.questions = chinese_questions(text, &out.findings);
        }
        return out;
    }
    let score = model::score(text);
    out.model_score = Some(score);
    out.findings = rules::english(&words, has_history);
    out.needs_clarification = !out.findings.is_empty() || score >= model::threshold();
    if out.needs_clarification && with_questions {
        out.questions = english_questions(text, &words, &out.findings);
    }
    out
}

/// What [`assess`] concluded, with its evidence.
#[derive(Debug, Clone, PartialEq)]
pub struct Assessment {
    /// Whether to ask before answering.
    pub needs_clarification: bool,
    /// The language the request was read as; questions are in it.
    pub language: Language,
    /// The learned model's score (English only); at or above the threshold means vague.
    pub model_score: Option<f32>,
    /// The rules that fired.
    pub findings: Vec<Finding>,
    /// The questions, in no particular order (see [`detect`] for the asking order).
    pub questions: Vec<Question>,
}

/// The language the detector read a request as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Language {
    /// English (and any other Latin-script text): rules and the learned model.
    English,
    /// Chinese, Traditional or Simplified (CJK characters dominate): rules only.
    Chinese,
}

/// One rule that fired, with the words that triggered it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The kind of vagueness.
    pub kind: Kind,
    /// The words of the request that triggered the rule, e.g. `it` or `the paper`.
    pub evidence: String,
}

/// The kinds of vagueness the detector names in a question's source (seed 002).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// The request refers to something it does not provide ("use the method from the paper").
    MissingContext,
    /// A pronoun with nothing earlier to refer to ("tell me more about it").
    PronounWithoutAntecedent,
    /// Several interpretations ("the best approach", "recent advances", "compare them").
    AmbiguousReference,
    /// A detail the answer depends on is missing ("plan a trip" without its length).
    UnderspecifiedParameter,
    /// The request as a whole is too terse to act on; asked as a general question.
    UnderspecifiedRequest,
}

impl Kind {
    /// The snake_case name used in [`QuestionSource::Detector`] and the trace.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::MissingContext => "missing_context",
            Self::PronounWithoutAntecedent => "pronoun_without_antecedent",
            Self::AmbiguousReference => "ambiguous_reference",
            Self::UnderspecifiedParameter => "underspecified_parameter",
            Self::UnderspecifiedRequest => "underspecified_request",
        }
    }
}

const MAX_QUESTIONS: usize = 3;
const MAX_TOPIC_QUESTIONS: usize = 2;
/// Bytes of a request the detector reads; the rest cannot change a decision about intent.
const MAX_BYTES: usize = 4096;

fn english_questions(text: &str, words: &[&str], findings: &[Finding]) -> Vec<Question> {
    let mut out: Vec<Question> = Vec::new();
    for f in findings {
        let (text, why, priority) = match f.kind {
            Kind::PronounWithoutAntecedent => (
                "What specific topic or thing are you referring to?".to_owned(),
                format!(
                    "\"{}\" refers to something that was not mentioned before.",
                    f.evidence
                ),
                Priority::Critical,
            ),
            Kind::MissingContext => {
                let noun = f.evidence.split(' ').nth(1).unwrap_or("one");
                (
                    format!("Which {noun} are you referring to?"),
                    format!(
                        "The request mentions \"{}\" but does not include or name it.",
                        f.evidence
                    ),
                    Priority::Critical,
                )
            }
            Kind::AmbiguousReference if is_recency(&f.evidence) => (
                "Recent in which specific area, and how recent?".to_owned(),
                format!(
                    "\"{}\" depends on the field and the time frame.",
                    f.evidence
                ),
                Priority::Critical,
            ),
            Kind::AmbiguousReference if f.evidence.contains(' ') => (
                "Best for what specific task, and judged by which measure?".to_owned(),
                format!(
                    "\"{}\" has no single answer without a task and a measure.",
                    f.evidence
                ),
                Priority::Critical,
            ),
            Kind::AmbiguousReference => (
                "Which specific items would you like compared?".to_owned(),
                format!("\"{}\" does not say which items are meant.", f.evidence),
                Priority::Critical,
            ),
            Kind::UnderspecifiedParameter => (
                "What is it for, and which constraints matter (size, accuracy, budget)?".to_owned(),
                format!(
                    "\"{}…\" has no single answer without the task and its constraints.",
                    f.evidence
                ),
                Priority::Important,
            ),
            Kind::UnderspecifiedRequest => continue,
        };
        push_unique(
            &mut out,
            question(
                &text,
                &why,
                &[],
                priority,
                f.kind,
                "Assume the most common interpretation and say so.",
            ),
        );
    }
    let mut topical = 0;
    // Words a rule already asks about ("the paper") do not select topic templates as well.
    let evidence: Vec<&str> = findings
        .iter()
        .flat_map(|f| f.evidence.split(' '))
        .collect();
    let free: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !evidence.contains(w))
        .collect();
    let words = free.as_slice();
    let initials = Initials::of(words);
    for t in templates::ENGLISH {
        if topical == MAX_TOPIC_QUESTIONS {
            break;
        }
        let triggered = initials.any_word(words, t.triggers);
        // A non-alphanumeric "given" marker (`$`) is looked for in the text itself.
        let given = || {
            initials.any_word(words, t.given)
                || t.given
                    .iter()
                    .any(|g| !g.bytes().all(|b| b.is_ascii_alphanumeric()) && text.contains(g))
        };
        if triggered && !given() && push_unique(&mut out, from_template(t)) {
            topical += 1;
        }
    }
    if out.is_empty() {
        out.push(from_template(&templates::ENGLISH_FALLBACK));
    }
    out
}

fn chinese_questions(text: &str, findings: &[Finding]) -> Vec<Question> {
    let traditional = is_traditional(text);
    let pick = |pair: &(ZhText, ZhText)| if traditional { pair.0 } else { pair.1 };
    let mut out = Vec::new();
    for f in findings {
        if f.kind == Kind::PronounWithoutAntecedent {
            let z = pick(&templates::ZH_PRONOUN);
            push_unique(
                &mut out,
                question(
                    z.text,
                    z.why,
                    z.options,
                    Priority::Critical,
                    f.kind,
                    z.assumption,
                ),
            );
        }
    }
    for t in templates::CHINESE {
        if out.len() >= MAX_QUESTIONS {
            break;
        }
        if t.triggers.iter().any(|tr| text.contains(tr)) {
            let z = if traditional {
                t.traditional
            } else {
                t.simplified
            };
            push_unique(
                &mut out,
                question(z.text, z.why, z.options, t.priority, t.kind, z.assumption),
            );
        }
    }
    if out.is_empty() {
        let z = pick(&templates::ZH_FALLBACK);
        out.push(question(
            z.text,
            z.why,
            z.options,
            Priority::Critical,
            Kind::UnderspecifiedRequest,
            z.assumption,
        ));
    }
    out
}

fn from_template(t: &Template) -> Question {
    question(t.text, t.why, t.options, t.priority, t.kind, t.assumption)
}

fn question(
    text: &str,
    why: &str,
    options: &[&str],
    priority: Priority,
    kind: Kind,
    assumption: &str,
) -> Question {
    Question {
        id: QuestionId::derive(&Stage::Request, text),
        step: Stage::Request,
        text: text.into(),
        why: why.into(),
        options: options
            .iter()
            .enumerate()
            .map(|(i, label)| Choice {
                id: ChoiceId(format!("o{}", i + 1)),
                label: (*label).into(),
                description: None,
            })
            .collect(),
        multiple: false,
        allow_skip: true,
        allow_free_text: true,
        priority,
        assumption: assumption.into(),
        source: QuestionSource::Detector {
            rule: kind.as_str().into(),
        },
    }
}

/// Whether an ambiguous-reference finding is about recency ("recent advances").
fn is_recency(evidence: &str) -> bool {
    evidence.starts_with("recent") || evidence.starts_with("latest")
}

/// Adds `q` unless a question with the same id is there; reports whether it was added.
fn push_unique(out: &mut Vec<Question>, q: Question) -> bool {
    if out.iter().any(|p| p.id == q.id) {
        return false;
    }
    out.push(q);
    true
}

/// Which ASCII letters and digits start the request's words: a cheap filter that skips most
/// trigger comparisons, keeping template matching well under a microsecond.
struct Initials(u64);

impl Initials {
    fn of(words: &[&str]) -> Self {
        Self(words.iter().fold(0, |m, w| m | Self::bit(w)))
    }

    fn bit(word: &str) -> u64 {
        match word.bytes().next() {
            Some(b @ b'a'..=b'z') => 1 << (b - b'a'),
            Some(b @ b'0'..=b'9') => 1 << (26 + b - b'0'),
            Some(_) => 1 << 63,
            None => 0,
        }
    }

    /// Whether any of `words` matches any of `triggers` (see [`word_matches`]).
    fn any_word(&self, words: &[&str], triggers: &[&str]) -> bool {
        triggers
            .iter()
            .any(|tr| self.0 & Self::bit(tr) != 0 && words.iter().any(|w| word_matches(w, tr)))
    }
}

/// A trigger matches a word exactly, or as a stem when it has four letters or more
/// ("recipe" matches "recipes").
fn word_matches(word: &str, trigger: &str) -> bool {
    word == trigger || (trigger.len() >= 4 && word.starts_with(trigger))
}

/// Lower-case words: runs of letters, digits and inner apostrophes (`what's`).
fn words_of(lower: &str) -> Vec<&str> {
    lower
        .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’') || is_cjk(c))
        .map(|w| w.trim_matches(|c| c == '\'' || c == '’'))
        .filter(|w| !w.is_empty())
        .collect()
}

/// Lower-case English words of `text`, as the rules see them (for tests).
#[cfg(test)]
pub(crate) fn english_words(text: &str) -> Vec<String> {
    words_of(&text.to_ascii_lowercase())
        .into_iter()
        .map(str::to_owned)
        .collect()
}

fn is_cjk(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}' | '\u{F900}'..='\u{FAFF}')
}

/// Traditional unless Simplified-only characters outnumber Traditional-only ones.
fn is_traditional(text: &str) -> bool {
    let (mut trad, mut simp) = (0usize, 0usize);
    for c in text.chars() {
        // `matches!` on characters compiles to a jump table: no scan of a marker string.
        if matches!(
            c,
            '這' | '個'
                | '們'
                | '說'
                | '請'
                | '對'
                | '嗎'
                | '麼'
                | '為'
                | '從'
                | '時'
                | '會'
                | '與'
                | '實'
                | '設'
                | '計'
                | '區'
                | '網'
                | '電'
                | '話'
                | '買'
                | '賣'
                | '價'
                | '錢'
                | '遊'
                | '戲'
                | '體'
                | '驗'
                | '學'
                | '習'
                | '開'
                | '關'
                | '門'
                | '問'
                | '題'
                | '點'
                | '資'
                | '訊'
                | '詢'
                | '據'
                | '數'
                | '報'
                | '遞'
                | '種'
                | '際'
                | '動'
                | '現'
                | '發'
                | '還'
                | '過'
                | '樣'
                | '讓'
        ) {
            trad += 1;
        } else if matches!(
            c,
            '这' | '个'
                | '们'
                | '说'
                | '请'
                | '对'
                | '吗'
                | '么'
                | '为'
                | '从'
                | '时'
                | '会'
                | '与'
                | '实'
                | '设'
                | '计'
                | '区'
                | '网'
                | '电'
                | '话'
                | '买'
                | '卖'
                | '价'
                | '钱'
                | '游'
                | '戏'
                | '体'
                | '验'
                | '学'
                | '习'
                | '开'
                | '关'
                | '门'
                | '问'
                | '题'
                | '点'
                | '资'
                | '讯'
                | '询'
                | '据'
                | '数'
                | '报'
                | '递'
                | '种'
                | '际'
                | '动'
                | '现'
                | '发'
                | '还'
                | '过'
                | '样'
                | '让'
        ) {
            simp += 1;
        }
    }
    simp <= trad
}

/// The longest prefix of `s` of at most `max` bytes that ends on a character boundary.
fn clip(s: &str, max: usize) -> &str {
    let mut end = s.len().min(max);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s.get(..end).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::request::Role;

    fn rules_of(a: &Analysis) -> Vec<String> {
        a.questions
            .iter()
            .map(|q| match &q.source {
                QuestionSource::Detector { rule } => rule.clone(),
                QuestionSource::Llm
                | QuestionSource::Document { .. }
                | QuestionSource::Catalog { .. }
                | QuestionSource::Step
                | QuestionSource::FollowUp { .. } => panic!("not a detector question"),
            })
            .collect()
    }

    #[test]
    fn pronoun_without_history_asks_a_critical_question() {
        let a = detect("Tell me more about it", &[]);
        assert!(a.needs_clarification);
        assert_eq!(a.questions[0].priority, Priority::Critical);
        assert_eq!(rules_of(&a)[0], "pronoun_without_antecedent");
    }

    #[test]
    fn pronoun_with_history_is_left_to_the_model() {
        let history = [Message::new(Role::User, "What is DAIL-SQL?")];
        let a = assess("Tell me more about it", &history);
        assert!(
            !a.findings
                .iter()
                .any(|f| f.kind == Kind::PronounWithoutAntecedent)
        );
    }

    #[test]
    fn a_trip_without_duration_asks_how_long_with_options() {
        let a = detect("Plan a trip to Paris", &[]);
        assert!(a.needs_clarification);
        let q = &a.questions[0];
        assert_eq!(q.text, "How long is the trip?");
        assert_eq!(q.options.len(), 3);
        assert_eq!(rules_of(&a)[0], "underspecified_parameter");
    }

    #[test]
    fn code_requests_are_not_asked_about_tone() {
        let a = detect("Write a Python script to rename files", &[]);
        assert!(
            a.questions.iter().all(|q| !q.text.contains("tone")),
            "{a:?}"
        );
        assert!(
            a.questions
                .iter()
                .all(|q| !q.text.contains("programming language"))
        );
    }

    #[test]
    fn seed_002_examples_get_seed_002_questions() {
        let q = |r: &str| detect(r, &[]).questions[0].text.clone();
        assert_eq!(
            q("Use the method from the paper"),
            "Which paper are you referring to?"
        );
        assert_eq!(
            q("What's the best approach?"),
            "Best for what specific task, and judged by which measure?"
        );
        assert_eq!(
            q("Recent advances"),
            "Recent in which specific area, and how recent?"
        );
        let paper = detect("Use the method from the paper", &[]);
        assert!(
            paper.questions.iter().all(|q| !q.text.contains("focus on")),
            "{paper:?}"
        );
    }

    #[test]
    fn compare_them_asks_which_items_then_criteria() {
        let a = detect("Compare them", &[]);
        assert_eq!(
            a.questions[0].text,
            "Which specific items would you like compared?"
        );
        assert_eq!(
            a.questions[1].text,
            "On which criteria should they be compared?"
        );
    }

    #[test]
    fn chinese_best_asks_for_the_criterion() {
        let a = detect("最好的手機是哪一支", &[]);
        assert!(a.needs_clarification);
        assert_eq!(a.questions[0].text, "「最好」以什麼標準衡量？");
    }

    #[test]
    fn a_specific_factual_request_is_clear() {
        for clear in [
            "Find the capital city of Tasmania.",
            "What's the weather in Beijing now?",
        ] {
            let a = assess(clear, &[]);
            assert!(!a.needs_clarification, "{clear}: {a:?}");
            assert!(a.questions.is_empty());
        }
    }

    #[test]
    fn seed_003_chinese_example_asks_in_traditional_chinese() {
        let a = detect("悠遊卡 投遞的格式、成效", &[]);
        assert!(a.needs_clarification);
        assert_eq!(a.questions[0].text, "您想看哪一段時間的成效？");
        assert_eq!(a.questions[0].options.len(), 4);
        assert!(a.questions.iter().any(|q| q.text.contains("投遞格式")));
        assert_eq!(
            assess("悠遊卡 投遞的格式、成效", &[]).language,
            Language::Chinese
        );
    }

    #[test]
    fn simplified_chinese_gets_simplified_questions() {
        let a = detect("这个怎么样", &[]);
        assert!(a.needs_clarification);
        assert_eq!(a.questions[0].text, "您指的是什么？请说明具体的对象。");
    }

    #[test]
    fn vague_request_with_no_topic_gets_the_generic_question() {
        let a = detect("Help me with something", &[]);
        if a.needs_clarification {
            assert!(!a.questions.is_empty());
        }
        let a = detect("How many examples are enough?", &[]);
        assert!(a.needs_clarification);
        assert!(a.questions.iter().all(|q| !q.text.is_empty()));
    }

    #[test]
    fn questions_have_stable_ids_and_at_most_three() {
        let a = detect(
            "Write a script to back up my files and compare them, tell me the best one",
            &[],
        );
        assert!(a.questions.len() <= MAX_QUESTIONS);
        assert_eq!(
            a,
            detect(
                "Write a script to back up my files and compare them, tell me the best one",
                &[]
            )
        );
    }

    #[test]
    fn bad_input_never_panics_and_stays_bounded() {
        let huge = "Plan a trip ".repeat(10_000);
        let emoji = "🙂🙃 it 🚀 悠遊卡 café naïve 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 \u{0}\u{202E}";
        for text in [
            "",
            "   ",
            "\n\t",
            "?",
            "它",
            "🙂",
            emoji,
            huge.as_str(),
            "é".repeat(5000).as_str(),
        ] {
            let a = detect(text, &[]);
            assert!(a.questions.len() <= MAX_QUESTIONS);
        }
        assert!(!detect("", &[]).needs_clarification);
    }

    #[test]
    fn only_the_first_four_kilobytes_are_read() {
        // Bounded work: text past the first 4 KB cannot change the outcome. Here the trip's
        // length ("two weeks") only appears after 90 KB, so the duration is still asked.
        let head = "Plan a trip to Paris. ".repeat(200);
        let huge = format!("{head}{} It lasts two weeks.", "And more. ".repeat(9_000));
        assert!(huge.len() > 90_000);
        let a = detect(&huge, &[]);
        assert!(
            a.questions
                .iter()
                .any(|q| q.text == "How long is the trip?"),
            "{a:?}"
        );
        assert!(
            !detect("Plan a trip to Paris. It lasts two weeks.", &[])
                .questions
                .iter()
                .any(|q| q.text == "How long is the trip?")
        );
    }

    #[test]
    fn random_text_in_any_script_never_panics() {
        const PALETTE: &[char] = &[
            'a', 'Z', ' ', ' ', '\'', '’', '"', '「', '」', '、', '，', '?', '$', '1', '9', '它',
            '這', '个', '悠', '遊', '卡', '最', '好', '🙂', '🚀', '\u{0301}', '\u{202E}', '\u{0}',
            '\n', 'é', 'ß', 'İ', 'ﬁ', 'ا', 'я', '\u{FEFF}', '𝔘',
        ];
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        for _ in 0..2_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = (seed % 300) as usize;
            let text: String = (0..len)
                .map(|i| PALETTE[((seed >> (i % 50)) as usize).wrapping_add(i * 7) % PALETTE.len()])
                .collect();
            let a = detect(&text, &[]);
            assert!(a.questions.len() <= MAX_QUESTIONS);
            let _ = is_vague(&text);
            let _ = crate::demo::context(&text, &[]);
        }
    }

    #[test]
    fn clip_respects_character_boundaries() {
        assert_eq!(clip("悠遊卡", 4), "悠");
        assert_eq!(clip("abc", 10), "abc");
    }
}
