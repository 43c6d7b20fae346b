//! The Chinese decision, in Simplified and Traditional script: the rules (`rules.rs`), the task
//! frames read by their Chinese cues, filling words and patterns, and the learned model's
//! character unigrams and bigrams, weighed by the shipped [`Tuning`].

use super::frames::{Cover, Frame, Matched, Pattern, Script, Slot, Table, Words};
use super::rules::{
    after_word, ending_in, finding, holds_any, opening_in, past_words, without_words,
};
use super::*;

impl Tuning {
    /// Whether to ask a Chinese request, given what it shows.
    pub(super) fn asks_chinese(&self, s: &ChineseSignals) -> bool {
        self.chinese_rule_asks(s)
            || match s.task {
                TaskState::None => {
                    let needed = if s.told { self.zh_told_margin } else { 0.0 };
                    let world = if s.world && !s.told {
                        self.zh_world_margin
                    } else {
                        0.0
                    };
                    let replied = s.replied && s.margin >= self.zh_replied_margin;
                    s.margin >= needed + world && !s.material && (!s.earlier || replied)
                }
                // The model has seen few requests that name their kind and leave a critical
                // detail out ("帮我规划一次去东京的旅行" scores as complete), and detail elsewhere
                // does not make up for it: the frame decides, whatever the length.
                TaskState::CriticalOpen if s.directive => true,
                TaskState::CriticalOpen => s.margin >= 0.0 || s.chars <= self.zh_short_chars,
                // The conversation gave the kind's details; its lesser ones were asked or
                // assumed there.
                TaskState::Open if s.conversed => false,
                TaskState::Open => {
                    s.chars <= ZH_TASK_MAX_CHARS
                        && (s.margin >= self.zh_open_margin
                            || (s.chars <= self.zh_short_chars && !s.world))
                }
                TaskState::Settled | TaskState::Complete => {
                    s.named_open
                        && !s.material
                        && !s.conversed
                        && s.margin >= self.zh_settled_margin
                }
            }
    }

    /// Whether the rule that fired on a Chinese request is trusted: the request is short, or
    /// the model too finds it vague enough.
    fn chinese_rule_asks(&self, s: &ChineseSignals) -> bool {
        s.rule
            && (s.margin >= self.zh_rule_margin
                || s.chars <= self.zh_short_chars
                || s.missing_material)
    }
}

/// What the Chinese decision weighs, computed once per request.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct ChineseSignals {
    /// A rule fired.
    pub(super) rule: bool,
    /// Whether the request is of a known kind (`None`: no kind; `Settled`, `Complete`: every
    /// needed detail given; `Open`, `CriticalOpen`: an important or a critical detail left open).
    pub(super) task: TaskState,
    /// The request's Chinese characters.
    pub(super) chars: usize,
    /// The model's score minus its threshold (minus infinity without a model).
    pub(super) margin: f32,
    /// The request carries its material ("这段代码有什么问题：\nprint(x", 解方程：3x + 7 = 25, or
    /// a quoted term: "“内卷”是什么意思？"): the generic question would ask for what is there.
    pub(super) material: bool,
    /// There is a conversation before the request: the generic question would ask what it
    /// said.
    pub(super) earlier: bool,
    /// The assistant replied in the conversation before the request, and the user's own
    /// messages there neither wrote a name nor told a situation at length (see
    /// [`zh_replied_untold`]).
    pub(super) replied: bool,
    /// The model read the request after the user's earlier messages (see [`model_text`]).
    pub(super) told: bool,
    /// The conversation gave a detail of the request's kind (one with a reply in it; the
    /// user's own words only when they told the situation or [`ZH_TOLD_DETAILS`] of its
    /// details), or told the user's situation.
    pub(super) conversed: bool,
    /// A rule found the user's own material named and not given ("帮我检查一下这篇作文"), a
    /// thing pointed at and named nowhere ("这套房子值得买吗"), or a pronoun opening the request,
    /// with nothing before it to stand for ("這樣的薪水在台北夠生活嗎"), or a follow-up picking one
    /// of the things listed just before it without saying which ("那種要多久澆一次水？"): asked
    /// whatever the model says, as in English.
    pub(super) missing_material: bool,
    /// The request asks for the task to be done ("帮我规划…", "给我推荐…"), or names an outright
    /// one (see [`zh_directs`]): a critical detail left open is then asked whatever the model
    /// says.
    pub(super) directive: bool,
    /// A question about the world ("多肉植物冬天怎么养？", "猫常吐毛球正常吗？": it asks how, why
    /// or whether, `zh-question-words`, neither asks for a task to be done, see [`zh_directs`],
    /// nor speaks of the user's own case, see [`zh_own_case`]): a lesser detail of its kind is
    /// the model's to ask, however short the question.
    pub(super) world: bool,
    /// An open slot of its kind is one its question would name ([`asked_at_length`]): all a
    /// kind with its needed details given can still be asked, its helpful ones.
    pub(super) named_open: bool,
}

/// The user's own material a missing-context finding asks for, as a Chinese question names it:
/// as a Chinese request writes it ("这段代码", "您的简历"), or the English request's noun ("my
/// resume": 您的“resume”, in the quotation marks of the script); `None` for any other finding.
pub(super) fn own_material_in_chinese(f: &Finding, traditional: bool) -> Option<String> {
    let (own, noun) = artifact_of(&f.evidence);
    let chinese_text = f.evidence.chars().next().is_some_and(is_cjk);
    let material = match (chinese_text, traditional) {
        (true, _) => f.evidence.clone(),
        (false, true) => format!("您的「{noun}」"),
        (false, false) => format!("您的“{noun}”"),
    };
    (f.kind == Kind::MissingContext && (chinese_text || own)).then_some(material)
}

/// The Chinese decision: the rules, then task frames with a slot left open.
///
/// `given.history` or `given.material`: there is a conversation or supplied material for a
/// pronoun to refer to.
pub(super) fn decide(
    text: &str,
    cjk: usize,
    given: Given<'_>,
    with_questions: bool,
    scorer: Scorer<'_>,
    out: &mut Assessment,
) {
    // The model reads Chinese too (character unigrams and bigrams): a request of no known kind
    // gets the generic question when the model finds it vague, and a rule's finding or a
    // kind's open detail is asked about when the request is short or the model agrees enough.
    out.model_score = scorer.model.map(|m| m.score(&model_text(given, text)));
    let margin = (out.model_score.zip(scorer.model))
        .map_or(f32::NEG_INFINITY, |(score, m)| score - m.threshold());
    // Past this length no rule fires (they read terse requests) and only a critical detail
    // left open is asked, unless the model finds the request vague.
    let long = cjk > ZH_TASK_MAX_CHARS && margin < 0.0;
    let directs = zh_directs(text);
    if long && !directs {
        return decide_long(text, margin, given, with_questions, scorer, out);
    }
    let lower = text.to_ascii_lowercase();
    let head = &zh_instruction(text, given);
    let table = knowledge();
    let (recognised, only_critical) = zh_kinds(table, head, text, cjk, given);
    let reading = ZhReading::of(text, &lower, CharSet::of(text)).spending(table, &recognised);
    let slots = slots_of(table, &recognised);
    let lead = zh_first_named(table, &recognised, head);
    // A question about a rule or a norm (`zh-general-facts`: "个人所得税的起征点是多少？", "报告
    // 一般要包含哪些部分？"), not the user's own case: its kind's details (the user's income,
    // the report's topic) are no part of it.
    let general_fact = holds_any(text, Words::ZhGeneralFacts) && !zh_own_case(text);
    let outright = recognised.iter().any(|&i| table.frames[i].outright);
    let open: Vec<SlotRef<'_>> = (slots.iter().copied())
        .filter(|r| {
            (!general_fact || r.slot.general)
                && (!reading.fills(r.slot, given) || zh_names_another(r, text))
                && !r.defers(table, &recognised)
                && !said_before(r.slot, text, given)
                && (!only_critical || r.slot.priority == Priority::Critical)
                && (cjk <= ZH_TASK_MAX_CHARS
                    || lead.is_some_and(|i| std::ptr::eq(&table.frames[i], r.frame)))
        })
        .collect();
    out.findings = match long {
        false => rule_findings(text, cjk, given, &reading, &recognised),
        // Past the rules' length, `rules::chinese` reads only material.
        true => {
            let has = |w: &str| reading.has(w);
            let found = rules::chinese(text, cjk, true, material_given(given), true, has);
            long_findings(text, given, found)
        }
    };
    let situation = situation_told(given);
    // "一年最多能存多少？": a general fact's figure is the rule's, none of the user's own.
    let (figures_given, found) = (long || general_fact, &mut out.findings);
    let (unresolved, place) = zh_unresolved(text, given, figures_given, situation, &open, found);
    // Chinese weighs a kind with its details all given alike, a critical one among them or not.
    let task = english_task(&slots, &open);
    // A terse request of a known kind with every slot filled ("我头疼三天了，吃了止痛药也没用")
    // has nothing missing that a question could name, and a calculation that gives its operands
    // ("240的15%是多少？", "解方程 3x + 7 = 22") is no terse keyword list.
    let operands = zh_gives_operands(text);
    let terse = matches!(task, TaskState::Settled | TaskState::Complete) || operands;
    // A terse follow-up ("短一点", "换成英文") goes on with the conversation: no keyword list.
    out.findings
        .retain(|f| !((terse || given.history) && f.kind == Kind::UnderspecifiedRequest));
    let signals = ChineseSignals {
        rule: !out.findings.is_empty(),
        task,
        chars: cjk,
        margin,
        material: given.material || given.after_colon || given.quoted || operands,
        earlier: given.history && !given.told,
        replied: zh_replied(text, given),
        told: given.told,
        conversed: zh_conversed(&slots, text, given, situation),
        missing_material: missing_material(&out.findings, text) || unresolved,
        directive: directs
            || place
            || zh_names_its_own(table, &recognised, head)
            || (!general_fact && outright),
        world: holds_any(text, Words::ZhQuestionWords) && !directs && !zh_own_case(text),
        named_open: open.iter().any(|r| asked_at_length(cjk, r)),
    };
    out.needs_clarification = scorer.tuning.asks_chinese(&signals);
    #[cfg(test)]
    {
        out.chinese_signals = Some(signals);
    }
    if !out.needs_clarification {
        let mut note = why_not_asked(&slots, &open, margin, |slot| reading.filler(slot, given));
        if general_fact && outright {
            note.push_str("; it asks a general fact, not the user's own case");
        }
        out.cues.push(note);
    } else if with_questions {
        ask_in_chinese(text, given.earlier, &signals, scorer.tuning, open, out);
    }
}

/// The kinds a Chinese request's instruction (`head`) names, else those of the task before it
/// goes on with ([`zh_kinds_before`]); and whether they are the task's before, of which only
/// what it cannot do without is asked.
fn zh_kinds(
    table: &Table,
    head: &str,
    text: &str,
    cjk: usize,
    given: Given<'_>,
) -> (Vec<usize>, bool) {
    let in_head = table.holding(head);
    let recognised = recognise(table, |f| in_head.names(&f.zh));
    match recognised.is_empty() {
        true => (zh_kinds_before(table, text, cjk, given), true),
        false => (recognised, false),
    }
}

/// The kinds the user's last earlier message names when it directs a task, which a short
/// Chinese follow-up naming none and only stating goes on with ("四个人，想吃川菜" after
/// "帮我订个周末的餐厅" and the reply's questions): their details the conversation left open are
/// still to ask. Not when the follow-up asks or directs something of its own, nor when the
/// conversation holds material, which the follow-up works on.
fn zh_kinds_before(table: &Table, text: &str, cjk: usize, given: Given<'_>) -> Vec<usize> {
    let last = given.earlier.iter().rev().find(|m| m.role == Role::User);
    let states = cjk <= ZH_FOLLOW_UP_CHARS
        && !super::reply::asks_or_directs(text, &[])
        && !holds_any(text, Words::ZhDontKnow);
    let directed = |m: &&Message| zh_directs(&m.content);
    let Some(m) = (last.filter(directed)).filter(|_| states && !holds_material(given.earlier))
    else {
        return Vec::new();
    };
    let before = table.holding(&without_literals(&m.content, 1));
    recognise(table, |f| before.names(&f.zh))
}

/// Whether the request or the conversation holds material, or the request a quotation: what
/// a Chinese request's pointer may point at.
fn material_given(given: Given<'_>) -> bool {
    given.material || given.quoted || holds_material(given.earlier)
}

/// What a long Chinese request misses of the rules' findings (`found`): a value the text is to
/// state, however long the request, and material its first clause works on and does not hold
/// ("幫我把上個月的業績整理成簡報大綱，…"); later clauses tell the circumstances ("…，会把进度报告
/// 发给他").
fn long_findings(text: &str, given: Given<'_>, found: Vec<Finding>) -> Vec<Finding> {
    let first_clause = text.split(|c| char_listed(Words::ZhClauseEnds, c)).next();
    let worked_on = |f: &Finding| {
        let material = rules::ending_in(&f.evidence, Words::ZhMaterials);
        f.kind == Kind::MissingContext
            && (first_clause.zip(material)).is_some_and(|(c, m)| c.contains(m))
    };
    (value_finding(text, given).into_iter())
        .chain(found.into_iter().filter(worked_on))
        .collect()
}

/// Whether the conversation gave the details of a Chinese request's kind (`slots`): one of them
/// in a conversation with a reply in it; in the user's own words, when they told the situation
/// or [`ZH_TOLD_DETAILS`] of the details.
fn zh_conversed(slots: &[SlotRef<'_>], text: &str, given: Given<'_>, situation: bool) -> bool {
    let said = (slots.iter())
        .filter(|r| said_before(r.slot, text, given))
        .count();
    (said > 0 && !given.told) || situation || said >= ZH_TOLD_DETAILS
}

/// The instruction of a Chinese request, whose cues name its kinds: material after it is worked
/// on, not asked for, and neither is a quoted passage: 天气 in a sentence to translate
/// ("翻译成英文：今天天气很好", "把“由于天气原因，航班延误”翻译成英文") names no weather request.
fn zh_instruction(text: &str, given: Given<'_>) -> String {
    // Material follows the first colon or line break.
    let material_follows = given.material || given.after_colon;
    let head = (text.split(['：', ':', '\n']).next()).filter(|_| material_follows);
    without_literals(head.unwrap_or(text), 1)
}

/// Whether a Chinese request names its own thing of a `recognised` kind: a cue after one of
/// `zh-own-possessives`, or a cue that holds one ("我的车一启动就有异响"), whose details only the
/// user has; or code that fails (`zh-failure-states`: "程式一直跳錯誤訊息"), which is the user's.
fn zh_names_its_own(table: &Table, recognised: &[usize], head: &str) -> bool {
    let own = |c: &str, at: usize| {
        list(word_list(Words::ZhOwnPossessives))
            .any(|p| head[..at].ends_with(p) || c.starts_with(p))
    };
    rules::zh_code_in_state(head, |w| head.contains(w), Words::ZhFailureStates).is_some()
        || recognised.iter().any(|&i| {
            list(table.frames[i].zh.cues).any(|c| head.match_indices(c).any(|(at, _)| own(c, at)))
        })
}

/// What a Chinese request leans on and does not hold, added to `findings`, and whether any
/// was: asked at any length and whatever the model says. A thing pointed at and named nowhere
/// ("这套房子值得买吗？纠结好久了": what is around it does not say which; see
/// [`rules::zh_pointing`]), or an amount of the user's own case (`zh-figures-asked`: "帮我算一下
/// 刷墙需要多少钱") with no figure to compute it from in the request or the conversation, whose
/// question quotes its clause. With `figures_given` only the thing pointed at: a long request's
/// detail may give the figures under other words, and a general fact's figure is the rule's. A
/// place pointed at is left to an `open` slot that asks one, which is then asked whatever the
/// model says ("去那邊玩四天三夜，行程怎麼排？"). `situation`: an earlier message told the
/// user's situation, which a thing pointed at may be of. Returns whether something was left
/// unresolved, and whether that was a place left to the open slot.
fn zh_unresolved(
    text: &str,
    given: Given<'_>,
    figures_given: bool,
    situation: bool,
    open: &[SlotRef<'_>],
    findings: &mut Vec<Finding>,
) -> (bool, bool) {
    let earlier: Vec<&str> = given.earlier.iter().map(|m| m.content.as_str()).collect();
    let earlier = earlier.join("\n");
    let place_open = (open.iter()).any(|r| {
        (r.slot.zh.patterns.iter()).any(|p| matches!(p, Pattern::Place | Pattern::Destination))
    });
    // Material given, or asked for already, is what a demonstrative points at; a long reply of
    // the assistant's is material only where it names what is pointed at (said before).
    let own: Vec<Message> = (given.earlier.iter())
        .filter(|m| m.role == Role::User)
        .cloned()
        .collect();
    let material = given.material || given.quoted || given.after_colon || holds_material(&own);
    let material_asked = findings.iter().any(|f| f.kind == Kind::MissingContext);
    let pointing =
        rules::zh_pointing(text, &earlier, situation).filter(|_| !material && !material_asked);
    // "这次去那边的行程": a place pointed at is what an open slot that asks a place asks.
    let place_left = place_open
        && (pointing.as_ref())
            .is_some_and(|e| e.ends_with(|c| word_list(Words::ZhPlaceWords).contains(c)));
    let pointed = pointing.filter(|_| !place_left);
    if let Some(evidence) = &pointed {
        let kind = Kind::PronounWithoutAntecedent;
        findings.retain(|f| f.kind != kind);
        findings.insert(0, finding(kind, evidence.as_str()));
    }
    let computable =
        figures_given || given.material || zh_gives_figure(text) || zh_gives_figure(&earlier);
    let asked = list(word_list(Words::ZhFiguresAsked)).find(|w| !computable && text.contains(w));
    let figures = asked.and_then(|w| rules::clause_of(text, w));
    findings.extend((figures.as_deref()).map(|e| finding(Kind::UnderspecifiedParameter, e)));
    (pointed.is_some() || figures.is_some(), place_left)
}

/// A Chinese text as its slots are read: its characters, and its Latin words ("用Python写"),
/// which the English filling words apply to.
pub(super) struct ZhReading<'a> {
    text: &'a str,
    chars: CharSet,
    latin: Vec<&'a str>,
    matched: Matched,
    /// The characters spent naming the recognised kinds and filling their other slots (see
    /// [`ZhReading::spending`]).
    spent: usize,
    /// Its clauses that say something is to be told and do not tell it (see
    /// [`untold_clauses`]), found once: most requests have none.
    untold: Vec<&'a str>,
}

impl<'a> ZhReading<'a> {
    /// `lower` is the ASCII lower-cased copy of `text`.
    pub(super) fn of(text: &'a str, lower: &'a str, chars: CharSet) -> Self {
        let mut latin = words_of(lower);
        latin.retain(|w| w.is_ascii());
        Self {
            matched: knowledge().matching(&latin),
            text,
            chars,
            latin,
            spent: 0,
            untold: untold_clauses(text),
        }
    }

    /// Counts the characters of the words that name one of the `recognised` kinds, ask for it,
    /// fill one of its slots other than its subject ("老师让写一篇读后感，800字，帮我写一下":
    /// 读后感, 写, 老师, 字) or say how a text is laid out (`zh-form`: 页, 开场, 结论): a
    /// request says what it is about in the characters left over, and a long request made only
    /// of its kind, its form and its other details says no more about its subject than a short
    /// one.
    fn spending(mut self, table: &Table, recognised: &[usize]) -> Self {
        let mut spent = vec![false; self.text.len()];
        for frame in recognised.iter().map(|&i| &table.frames[i]) {
            let asking = list(frame.zh.cues).chain(list(frame.zh.intents));
            let others = (frame.slots.iter())
                .filter(|s| !s.zh.patterns.contains(&Pattern::Topic))
                .flat_map(|s| list(s.zh.words));
            let form = list(word_list(Words::ZhForm));
            for word in (asking.chain(others).chain(form)).filter(|w| self.chars.may_contain(w)) {
                for (at, _) in self.text.match_indices(word) {
                    spent[at..at + word.len()].fill(true);
                }
            }
        }
        let spent_chars = self.text.char_indices().filter(|&(at, _)| spent[at]);
        self.spent = spent_chars.count();
        self
    }

    /// Whether the text holds `word`.
    fn has(&self, word: &str) -> bool {
        self.chars.may_contain(word) && self.text.contains(word)
    }

    /// The first of `slot`'s Chinese words the text says (not only as decided or asked: see
    /// [`decided_unsaid`]).
    fn word_filling(&self, slot: &Slot) -> Option<&'static str> {
        list(slot.zh.words).find(|w| {
            self.has(w) && !decided_unsaid(self.text, w) && !told_as_unsaid(&self.untold, w)
        })
    }

    /// The first of `slot`'s Chinese patterns the text shows.
    fn pattern_filling(&self, slot: &Slot, given: Given<'_>) -> Option<Pattern> {
        (slot.zh.patterns.iter().copied()).find(|&p| self.shows(p, given))
    }

    /// What fills `slot` (see [`ZhReading::fills`]), for the trace: its word as the request
    /// writes it, or the pattern's name.
    fn filler(&self, slot: &Slot, given: Given<'_>) -> String {
        let word =
            (self.word_filling(slot)).or_else(|| knowledge().word_in(&self.latin, slot.en.list));
        match word {
            Some(w) => format!("\"{w}\""),
            None => (self.pattern_filling(slot, given)).map_or_else(String::new, pattern_named),
        }
    }

    /// Whether the text fills `slot`: one of its Chinese words or patterns, or an English
    /// filling word among its Latin words.
    pub(super) fn fills(&self, slot: &Slot, given: Given<'_>) -> bool {
        self.word_filling(slot).is_some()
            || self.pattern_filling(slot, given).is_some()
            || self.matched.has(slot.en.list)
            || (slot.en.signs.iter()).any(|g| self.latin.iter().any(|w| word_matches(w, g)))
    }

    /// Whether the text shows `pattern` (see [`Pattern`]); a topic in the characters the
    /// kind and other details leave (see [`ZhReading::spending`]).
    pub(super) fn shows(&self, pattern: Pattern, given: Given<'_>) -> bool {
        let text = self.text;
        match pattern {
            Pattern::Time => {
                holds_any(text, Words::ZhTimes)
                    || text.bytes().any(|b| b.is_ascii_digit())
                    || text.chars().zip(text.chars().skip(1)).any(|(a, b)| {
                        char_listed(Words::ZhNumerals, a)
                            && a != '一'
                            && char_listed(Words::ZhClock, b)
                    })
            }
            Pattern::Count => zh_count(text),
            Pattern::Number => zh_figure(text),
            Pattern::Place => zh_place(text),
            // A country alone is no destination of a day-by-day plan or a forecast, nor is
            // where the trip starts.
            Pattern::Destination => {
                zh_place(&without_origins(&without_words(text, Words::ZhCountries)))
            }
            // However much else it says, a text about a new thing it does not name leaves its
            // subject to ask (see [`zh_new_thing_unnamed`]).
            Pattern::Topic => {
                text.contains(['：', ':'])
                    || (text.chars().count().saturating_sub(self.spent) >= ZH_TOPIC_CHARS
                        && !zh_new_thing_unnamed(text)
                        && !self.untold.iter().any(|c| untold(c)))
            }
            // A title, or a Latin word: "Python", "iPhone", "Nopa"; not a loan word for a kind of
            // thing ("设计个logo", "做个PPT").
            Pattern::Name | Pattern::PlaceName => {
                text.contains('《')
                    || text.split(|c: char| !c.is_ascii_alphabetic()).any(|w| {
                        w.len() >= 2 && !in_list(Words::ZhLoanwords, &w.to_ascii_lowercase())
                    })
            }
            Pattern::Quote => given.literal || text.contains(['“', '「', '『', '"']),
            Pattern::Material => given.material || given.after_colon,
            Pattern::Amount => names_an_amount(text),
            Pattern::Percentage => super::names_a_percentage(text),
            // A route's ends name where they are, not only what they are ("从机场去市区").
            Pattern::Route => {
                names_a_destination(text)
                    || zh_named_place(&without_words(text, Words::ZhKindsOfPlace))
            }
            Pattern::Story => zh_tells_a_story(text),
            Pattern::Described | Pattern::Object => false,
        }
    }
}

/// Whether a clause after the first tells of someone ("帮我写一段爸妈结婚三十周年的祝酒词，他们是
/// 八十年代在纺织厂认识的"): it opens with one of `zh-story-subjects` and has
/// [`ZH_STORY_CHARS`] characters or more.
fn zh_tells_a_story(text: &str) -> bool {
    let mut clauses = text
        .split(['，', '。', '！', '？', '；', ',', '\n'])
        .skip(1);
    clauses.any(|clause| {
        let clause = clause.trim();
        opening_in(clause, Words::ZhStorySubjects).is_some()
            && clause.chars().count() >= ZH_STORY_CHARS
    })
}

/// Characters from which a clause that opens with a person tells a story ([`zh_tells_a_story`]).
const ZH_STORY_CHARS: usize = 10;

/// Whether every mention of `word` in a Chinese request leaves it unsaid: it says only that it
/// is decided, in its clause ("目的地我们已经定好了", "地點已經決定了": the user has it and has not said it),
/// asks it ("要买多少平方": `zh-asking`, just before), or measures the change wanted ("减10斤":
/// `zh-changes` just before, as "lose 10 pounds" in English), or follows a text's length ("八百字的
/// 读后感": `zh-text-lengths`), so it is still to ask.
fn decided_unsaid(text: &str, word: &str) -> bool {
    /// Characters after the word within which a `zh-decided` word says so.
    const REACH: usize = 8;
    /// Characters before the word within which a `zh-changes` word makes it the change.
    const CHANGE_REACH: usize = 4;
    text.match_indices(word).all(|(at, _)| {
        // In the same clause: "三天，目的地已经定好了" says the days.
        let clause =
            text[at + word.len()..].split(['，', '。', '；', '！', '？', ',', ';', '!', '?']);
        let after: String = clause.take(1).flat_map(str::chars).take(REACH).collect();
        let mut before = text[..at].chars().rev().take(CHANGE_REACH);
        // "八百字的读后感": what comes before 的 is the text's length, no subject.
        let length =
            word.starts_with('的') && ending_in(&text[..at], Words::ZhTextLengths).is_some();
        holds_any(&after, Words::ZhDecided)
            || (opening_in(&after, Words::ZhDemonstratives).is_some()
                && !holds_any(word, Words::ZhPeople))
            // "发给她的": to someone named nowhere before.
            || (in_list(Words::ZhForPerson, word)
                && opening_in(&after, Words::ZhOpeningPersons).is_some()
                && !holds_any(&text[..at], Words::ZhPeople))
            || ending_in(&text[..at], Words::ZhAsking).is_some()
            || before.any(|c| char_listed(Words::ZhChanges, c))
            || length
    })
}

/// Whether a work recommended to a taste that is given has the measure of its 推荐 or 最好: a
/// `recognised` frame asking for the measure, or replacing the one that does, with its slots
/// filled (as `fills` says).
fn measure_given(table: &Table, recognised: &[usize], fills: impl Fn(&Slot) -> bool) -> bool {
    let asks_measure = |f: &Frame| f.slots.iter().any(|s| s.covered_by == Some(Cover::Measure));
    let replaced_asks =
        |f: &Frame| (f.replaces.iter()).any(|r| asks_measure(&table.frames[r.index()]));
    recognised.iter().map(|&i| &table.frames[i]).any(|f| {
        (asks_measure(f) || replaced_asks(f))
            && (f.slots.iter()).all(|s| s.priority == Priority::Helpful || fills(s))
    })
}

/// Of the `recognised` frames that give way to none of the others ([`frame_defers`]: "规划一下
/// 行程" plans a trip), the one whose Chinese cue comes first in `head` from the clause that
/// directs the task ([`zh_directed_at`]), else anywhere: in a long request, the task; the rest
/// say what it is about ("帮我写一份周报，本周…修了12个bug" writes a report and debugs nothing;
/// "想跳槽去字节…，帮我写一段面试自我介绍" introduces and looks for no job).
fn zh_first_named(table: &Table, recognised: &[usize], head: &str) -> Option<usize> {
    let from = zh_directed_at(head).unwrap_or(0);
    let first_cue = |i: usize| {
        (list(table.frames[i].zh.cues).flat_map(|w| head.match_indices(w)))
            .map(|(at, _)| (at < from, at))
            .min()
    };
    (recognised.iter().copied())
        .filter(|&i| !frame_defers(&table.frames[i], table, recognised))
        .min_by_key(|&i| first_cue(i).unwrap_or((true, usize::MAX)))
}

/// Whether a Chinese text speaks of the user's own case: one of `zh-own-case` ("我", "坏了"),
/// not inside one of `zh-not-own-case` ("我国的税率").
fn zh_own_case(text: &str) -> bool {
    holds_any(&without_words(text, Words::ZhNotOwnCase), Words::ZhOwnCase)
}

/// What the Chinese rules find in a request (`cjk` its CJK characters, `reading` its slots
/// read, `recognised` its kinds), and the choice of a follow-up whose conversation names no
/// candidates, joins none (`zh-candidates`: "苹果和联想") and counts none ("两个手机套餐"):
/// "选哪个好？" after "我们公司年底要办年会" asks for them, as in English.
fn rule_findings(
    text: &str,
    cjk: usize,
    given: Given<'_>,
    reading: &ZhReading<'_>,
    recognised: &[usize],
) -> Vec<Finding> {
    // A quoted sentence is what 这句话 points at, as material after the instruction is.
    let referent = given.history || given.material || given.quoted || operated(text);
    let material_given = material_given(given);
    let measure_given = measure_given(knowledge(), recognised, |s| reading.fills(s, given));
    let has = |w: &str| reading.has(w);
    let mut found = rules::chinese(text, cjk, referent, material_given, measure_given, has);
    // A text the conversation never named is none of the material only the assistant's replies
    // hold: "另外帮我看看这份合同" after a recipe.
    if material_only_replied(given) {
        let unsaid = rules::chinese(text, cjk, referent, false, measure_given, has);
        let new = never_named(&found, unsaid, given.earlier);
        found.extend(new);
    }
    let mut findings = without_candidates_named(found, given.earlier);
    // "两个套餐" counts the candidates and names none: they are still to ask, unless it gives
    // their figures ("一个月租39元…，一个59元…").
    let described =
        |text: &str| zh_counts_things(text) && text.contains(|c: char| c.is_ascii_digit());
    let sets_up = |m: &Message| holds_any(&m.content, Words::ZhCandidates) || described(&m.content);
    // "500左右，哪个最实用" after a reply listing four gifts: the list holds the candidates.
    let listed = |m: &Message| {
        m.role == Role::Assistant
            && m.content.lines().filter(|l| is_list_item(l.trim())).count() >= 2
    };
    if given.history
        && !given.earlier.last().is_some_and(listed)
        && !candidates_named(given.earlier)
        && !given.earlier.iter().any(sets_up)
        && !findings.iter().any(|f| f.kind == Kind::AmbiguousReference)
        && let Some(which) = rules::zh_choice_without_candidates(text)
    {
        findings.push(finding(Kind::AmbiguousReference, which));
    }
    if !findings.iter().any(|f| f.kind == Kind::MissingContext)
        && let Some(condition) = rules::zh_condition_unnamed(text)
    {
        findings.push(finding(Kind::MissingContext, condition));
    }
    findings.extend(value_finding(text, given));
    reply_findings(&mut findings, text, &[], given);
    // "帮我想想怎么回" after "老师刚在家长群里发了个通知": a short follow-up works on the text
    // the user said they received or wrote, which the conversation only spoke of; unless it
    // names another text of its own.
    let told = || {
        let mut user = given.earlier.iter().rev().filter(|m| m.role == Role::User);
        user.find_map(|m| rules::zh_material_told(&m.content))
    };
    let names_another = |told: &str| {
        list(word_list(Words::ZhMaterials)).any(|m| text.contains(m) && !told.contains(m))
    };
    if cjk <= ZH_FOLLOW_UP_CHARS
        && !material_given
        && !findings.iter().any(|f| f.kind == Kind::MissingContext)
        && let Some(told) = told().filter(|t| !names_another(t))
    {
        findings.push(finding(Kind::MissingContext, told));
    }
    // "先给我列一下最基础的语法点" after "我最近在学一门新语言": a kind the conversation spoke of
    // and no message named (see [`super::kind_leaned_on`]), unless the follow-up asks which.
    let named = rules::zh_names_a_thing(text)
        || (given.earlier.iter()).any(|m| rules::zh_names_a_thing(&m.content));
    if findings.is_empty()
        && !named
        && !rules::holds_any(text, Words::ZhAsksWhich)
        && zh_directs(text)
        && let Some(kind) = super::kind_leaned_on(&[], given.earlier)
    {
        findings.push(finding(Kind::MissingContext, kind));
    }
    findings
}

/// A value a Chinese text to write is asked to state and not given ([`rules::value_unstated`]),
/// or an amount to change without the new one ([`rules::change_unsized`]: 多做点).
fn value_finding(text: &str, given: Given<'_>) -> Option<Finding> {
    let value = rules::value_unstated(text, &[], &users_words(given.earlier))
        .or_else(|| rules::change_unsized(text, &[]))?;
    Some(finding(Kind::UnderspecifiedParameter, value))
}

/// Whether a Chinese request's findings say something it works on is missing: material, a
/// value to state, a pronoun it opens with, a pick not named.
fn missing_material(findings: &[Finding], text: &str) -> bool {
    findings.iter().any(|f| {
        f.kind == Kind::MissingContext
            || (f.kind == Kind::UnderspecifiedParameter && rules::is_users_amount(&f.evidence))
            || (f.kind == Kind::PronounWithoutAntecedent && text.starts_with(&f.evidence))
            || (f.kind == Kind::AmbiguousReference && super::picks(&f.evidence))
    })
}

/// Chinese characters up to which a follow-up works on a text the conversation spoke of.
const ZH_FOLLOW_UP_CHARS: usize = 20;

/// Whether a Chinese text counts the things it speaks of ("两个手机套餐", "三款车"): a count of
/// `zh-pointed-counts` before a measure word of `zh-measure-words`.
fn zh_counts_things(text: &str) -> bool {
    text.chars().zip(text.chars().skip(1)).any(|(a, b)| {
        char_listed(Words::ZhPointedCounts, a) && char_listed(Words::ZhMeasureWords, b)
    })
}

/// Whether a Chinese text gives a figure: a digit, a count ("3天", "两个人") or one of
/// `zh-figure-marks` ("预算一千").
fn zh_gives_figure(text: &str) -> bool {
    text.bytes().any(|b| b.is_ascii_digit())
        || zh_count(text)
        || text.contains(|c| word_list(Words::ZhFigureMarks).contains(c))
}

/// Whether a Chinese request is a calculation that gives its operands: digits and an operator,
/// a percent or an equals sign; or a formula in letters ("化简 sin²x + cos²x", "∫ x·e^x dx": a
/// sign of `math-signs`, or an operator between two Latin letters or digits).
pub(super) fn zh_gives_operands(text: &str) -> bool {
    let operator = |c: char| char_listed(Words::Operators, c);
    text.contains(operator) && (text.bytes().any(|b| b.is_ascii_digit()) || operated(text))
        || text.contains(|c: char| !c.is_ascii() && char_listed(Words::MathSigns, c))
}

/// Whether a clause of a Chinese request opens by asking for something to be done (after a
/// polite 请 or 你): "帮我…", "给我推荐…", "我想去…", "订一张…", not a question about the
/// world ("离婚的时候房子怎么分？").
pub(super) fn zh_directs(text: &str) -> bool {
    zh_directed_at(text).is_some()
}

/// Where the first clause of a Chinese request that asks for something to be done begins (see
/// [`zh_directs`]). Any clause may give the instruction, after the situation ("下个月想带爸妈出去
/// 玩五天，…，帮我排个详细行程").
fn zh_directed_at(text: &str) -> Option<usize> {
    (text.split(['，', '。', '！', '？', '；', ',', '\n']))
        .find(|clause| {
            let rest = past_words(clause.trim_start(), Words::ZhPolite);
            // "给领导写个请假条": the instruction may name whom the text goes to first.
            let to_someone =
                after_word(rest, Words::ZhToPerson).and_then(|r| after_word(r, Words::ZhPeople));
            // "把这份报告总结一下": 把 opens an instruction, and 一下 (`zh-softeners`) softens one.
            let opens = |r: &str| after_word(r, Words::ZhDirectiveDo).is_some();
            opens(rest) || to_someone.is_some_and(opens) || holds_any(rest, Words::ZhSofteners)
        })
        // The clause is a slice of `text`: its start's distance from the text's.
        .map(|clause| clause.as_ptr() as usize - text.as_ptr() as usize)
}

/// The Chinese questions of a request the decision asks (its `signals` weighed with `tuning`):
/// the rules' that name what is missing (when the rules are trusted), then the `open` slots
/// (helpful ones only when nothing more needed is open), else the general one, about what the
/// request names when it names something.
fn ask_in_chinese(
    text: &str,
    earlier: &[Message],
    signals: &ChineseSignals,
    tuning: &Tuning,
    mut open: Vec<SlotRef<'_>>,
    out: &mut Assessment,
) {
    let needed = matches!(signals.task, TaskState::Open | TaskState::CriticalOpen);
    let rules = tuning.chinese_rule_asks(signals);
    open.retain(|r| asked_at_length(signals.chars, r));
    // Unless the wording says, the script the session would read: the request's (its
    // Traditional-only or Simplified-only characters, whichever are more), else the user's
    // earlier messages', else Simplified, the script of most readers of Chinese.
    let more_traditional =
        crate::Language::of_conversation("", text, earlier) == crate::Language::Traditional;
    let script = Script::chinese(out.wording.traditional().unwrap_or(more_traditional));
    // "帮我把下面的文字改得更正式一点": the kind's question for its material ("能否把要修改的文字贴在
    // 这里？") says better than "what do you mean?" what 下面的 points at.
    let asks_material = open.iter().any(|r| {
        r.slot.priority == Priority::Critical && r.slot.zh.patterns.contains(&Pattern::Material)
    });
    // Rules the model does not trust to decide still word its question better than the general
    // one when no open slot would be asked ("帮我回一下老板刚发的那封邮件" → "那封邮件").
    let worded = rules || open.is_empty();
    let findings: Vec<Finding> = (out.findings.iter())
        .filter(|f| worded && !(asks_material && f.kind == Kind::PronounWithoutAntecedent))
        .cloned()
        .collect();
    for f in &findings {
        let question = if f.kind == Kind::PronounWithoutAntecedent {
            // "那封邮件" pointed at is the user's material: asked for, not what it means; a clause
            // leaning on nothing ("接着往下续写一段") is no thing to paste.
            let material = finding(Kind::MissingContext, f.evidence.as_str());
            let thing = [Words::ZhDemonstratives, Words::ZhMaterialPointers]
                .into_iter()
                .any(|pointers| opening_in(&f.evidence, pointers).is_some());
            ending_in(&f.evidence, Words::ZhMaterials)
                .filter(|_| thing)
                .and_then(|_| rule_question(&material, None, script, None))
                .or_else(|| {
                    general_question(super::pronoun_general(&f.evidence), script, &f.evidence)
                })
        } else if (f.kind == Kind::UnderspecifiedParameter && !needed)
            || f.kind == Kind::MissingContext
            // "哪个更好？": which things are meant is asked before any criterion.
            || (f.kind == Kind::AmbiguousReference
                && (f.evidence.starts_with('哪') || super::picks(&f.evidence)))
        {
            rule_question(f, None, script, Some(fallback_assumption(script)))
        } else {
            None
        };
        if let Some(q) = question {
            push_unique(out, q, rule_cue(f, None));
        }
    }
    let mut open = not_asked_by_others(open, &findings);
    open.retain(|r| !needed || r.slot.priority != Priority::Helpful);
    // Helpful slots only when nothing more needed is open.
    crate::text::sort_short_by(&mut open, |a, b| a.slot.priority.cmp(&b.slot.priority));
    let mut open = one_place(open);
    let keep = if needed { MAX_TOPIC_QUESTIONS } else { 1 };
    open.truncate(keep.min(MAX_QUESTIONS.saturating_sub(out.questions.len())));
    for r in open {
        let cue = format!("task {}, {} left open", r.frame.name, r.slot.name);
        push_unique(out, slot_question(r.slot, script), cue);
    }
    if out.questions.is_empty() {
        let cue = findings.first().map(|f| rule_cue(f, None));
        ask_generic(cue, rules::zh_thing_named(text), script, out);
    }
}

/// CJK characters above which a Chinese request with a task kind is complete enough.
const ZH_TASK_MAX_CHARS: usize = 30;

/// A long request that does not ask for a task to be done says enough: nothing is read further
/// (most long requests, and the cheapest path), unless a story ends in a short question that
/// asks ("我们首付准备了80万，…。这套房子值得买吗？"): that is decided as a follow-up to the
/// story, as if sent after it. `margin`: the model's score minus its threshold.
fn decide_long(
    text: &str,
    margin: f32,
    given: Given<'_>,
    with_questions: bool,
    scorer: Scorer<'_>,
    out: &mut Assessment,
) {
    let Some((story, question)) = zh_story_and_question(text) else {
        out.cues.push(format!(
            "long, and no task asked for; the model scores {margin:+.2} against its threshold"
        ));
        return;
    };
    let mut earlier = given.earlier.to_vec();
    earlier.push(Message::new(Role::User, story.to_owned()));
    let told = given.told || given.earlier.is_empty();
    let after_story = Given {
        history: true,
        earlier: &earlier,
        told: told && !holds_material(&earlier),
        ..given
    };
    out.cues
        .push("a story, then the sentence that asks: read as its follow-up".into());
    let cjk = question.chars().filter(|&c| is_cjk(c)).count();
    decide(question, cjk, after_story, with_questions, scorer, out);
}

/// A long request's story and the short sentence after it that asks (it ends in a question
/// mark, and the story holds a sentence of its own): `None` for any other request.
fn zh_story_and_question(text: &str) -> Option<(&str, &str)> {
    let trimmed = text.trim_end();
    let body = trimmed.strip_suffix(['？', '?'])?;
    let start = body
        .rfind(['。', '！', '？', '!', '?', '；', '\n'])
        .map(|i| i + body[i..].chars().next().map_or(1, char::len_utf8))?;
    let (story, question) = (trimmed[..start].trim(), trimmed[start..].trim());
    let chars = question.chars().filter(|&c| is_cjk(c)).count();
    (chars > 0 && chars <= ZH_TASK_MAX_CHARS && !story.is_empty()).then_some((story, question))
}

/// Whether an open slot is asked of a Chinese request of `chars` characters: a long request is
/// asked only what its task cannot do without.
fn asked_at_length(chars: usize, r: &SlotRef<'_>) -> bool {
    chars <= ZH_TASK_MAX_CHARS || r.slot.priority == Priority::Critical
}

/// CJK characters from which an earlier message tells the user's situation: a follow-up after
/// it is not asked its kind's lesser details ("今晚吃什么好？" after what the fridge holds).
const ZH_SITUATION_CHARS: usize = 24;

/// How many of a kind's details the user's own earlier messages give for them to have told the
/// situation, whatever their length: "帮我排一下行程" after "我们下个月去东京玩5天" (the place and
/// the days) leaves the lesser details (the budget) to the model, and after "下个月要去日本玩"
/// (the place alone) asks the days.
const ZH_TOLD_DETAILS: usize = 2;

/// Whether the assistant replied before the request while the user's own messages said little:
/// no name ("索尼WH-1000XM5" is what "这款" is), no figure ("贷了800万，利率2.185%") and fewer than [`ZH_SITUATION_CHARS`] characters
/// in all (a cat's age and state told over two messages is what "这种情况" is).
fn zh_replied_untold(given: Given<'_>) -> bool {
    let mut own = given.earlier.iter().filter(|m| m.role == Role::User);
    given.earlier.iter().any(|m| m.role == Role::Assistant)
        && own_chars(given) < ZH_SITUATION_CHARS
        && !own.any(|m| {
            let c = &m.content;
            writes_a_name(c) || rules::holds_latin_word(c) || c.bytes().any(|b| b.is_ascii_digit())
        })
}

/// Whether the follow-up `text` comes after a reply that told it nothing of the user's
/// ([`zh_replied_untold`]), pointing at nothing ("这款值得买吗？": what it points at, the
/// conversation said), not asking the question before of another thing ([`zh_swapped`]) and
/// picking no item of the reply's list.
fn zh_replied(text: &str, given: Given<'_>) -> bool {
    let reply = given.earlier.last().filter(|m| m.role == Role::Assistant);
    // "第三个" after a numbered list: the item says what it is.
    let picks = reply.is_some_and(|r| picks_an_item(text, &[], &r.content));
    zh_replied_untold(given)
        && !holds_any(text, Words::ZhPronouns)
        && !zh_swapped(text, given)
        && !picks
}

/// Whether a short Chinese follow-up asks the user's question or task before it again of
/// another thing (`zh-swap-openers` … `zh-swap-ends`: "那坐飞机呢" after "北京到西安坐高铁要多
/// 久？", "那重庆呢" after "下周去成都玩三天，帮我排个行程"): the message and the reply say what
/// it asks. A rank ("那第二个呢") picks, and swaps nothing.
fn zh_swapped(text: &str, given: Given<'_>) -> bool {
    const SWAP_CHARS: usize = 12;
    let asked = (given.earlier.iter().rev().find(|m| m.role == Role::User)).is_some_and(|m| {
        m.content.trim_end().ends_with(['？', '?'])
            || holds_any(&m.content, Words::ZhQuestionWords)
            || zh_directs(&m.content)
    });
    let trimmed = text.trim().trim_end_matches(['？', '?', '。']);
    asked
        && !super::reply::zh_ranks(text)
        && script_counts(text).0 <= SWAP_CHARS
        && opening_in(trimmed, Words::ZhSwapOpeners).is_some()
        && ending_in(trimmed, Words::ZhSwapEnds).is_some()
}

/// Whether the earlier messages are long enough to tell the user's situation
/// ([`ZH_SITUATION_CHARS`]): one of them, or the user's own together, told in short messages
/// one after another ("我家猫三岁了，已经绝育", then "最近老是在床上尿尿").
fn situation_told(given: Given<'_>) -> bool {
    let long = |m: &Message| script_counts(&m.content).0 >= ZH_SITUATION_CHARS;
    own_chars(given) >= ZH_SITUATION_CHARS || given.earlier.iter().any(long)
}

/// The CJK characters of the user's own earlier messages, together.
fn own_chars(given: Given<'_>) -> usize {
    (given.earlier.iter().filter(|m| m.role == Role::User))
        .map(|m| script_counts(&m.content).0)
        .sum()
}

/// Whether a Chinese text names a place: a place unit (not in a word that names none: "省钱",
/// "有什么区别"), a destination after a word for going or a trip, or a well-known place's name.
pub(super) fn zh_place(text: &str) -> bool {
    names_a_destination(text) || zh_named_place(text)
}

/// `text` without where a trip starts: from each of `zh-origins` up to one of `zh-origin-ends`
/// ("从上海出发去杭州" reads "出发去杭州").
fn without_origins(text: &str) -> String {
    let mut rest = text;
    let mut kept = String::with_capacity(text.len());
    while let Some((at, origin)) = list(word_list(Words::ZhOrigins))
        .filter_map(|o| rest.find(o).map(|at| (at, o)))
        .min()
    {
        kept.push_str(&rest[..at]);
        let after = &rest[at + origin.len()..];
        let end = after.find(|c| char_listed(Words::ZhOriginEnds, c));
        rest = &after[end.unwrap_or(after.len())..];
    }
    kept + rest
}

/// Whether a Chinese text names a place by its unit ("…市", "…区") or as one of `zh-place-names`.
fn zh_named_place(text: &str) -> bool {
    (without_words(text, Words::ZhUnitsInWords)).contains(|c| char_listed(Words::ZhPlaceUnits, c))
        || list(word_list(Words::ZhPlaceNames)).any(|name| text.contains(name))
}

/// Whether a Chinese text speaks of a new thing of the user's and does not name it: one of
/// `zh-placeholders` ("宣传我们店的新品，", "介紹我們家新推出的甜點") not followed by a name, a
/// Latin word or [`ZH_NAMED_CHARS`] characters before a noun's end (`zh-noun-ends`: "新品芒果綠茶",
/// "新推出的桂花拿鐵").
fn zh_new_thing_unnamed(text: &str) -> bool {
    list(word_list(Words::ZhPlaceholders)).any(|p| {
        text.match_indices(p).any(|(at, _)| {
            let rest = &text[at + p.len()..];
            let rest = rest.strip_prefix('的').unwrap_or(rest);
            let noun = rest
                .chars()
                .take_while(|&c| is_cjk(c) && !char_listed(Words::ZhNounEnds, c));
            !rest.starts_with(|c: char| c.is_ascii_alphabetic()) && noun.count() < ZH_NAMED_CHARS
        })
    })
}

/// Whether a clause of a Chinese text tells something only as a thing to tell: a telling word
/// (`zh-telling`) and, at the clause's end, a word for what is told (`zh-untold-ends`: "解释一下项
/// 目延期的原因"), or a question word in it (`zh-untold-asks`: "说一下这个月房租哪天能交上"); or a
/// saying word and a word for any thing (`zh-saying`, `zh-any-things`: "说东西坏了"); or a wrong
/// owned and no more (`zh-untold-wrongs`: "我搞砸了"). The reason, the day or the thing is the
/// user's, unsaid.
fn untold(clause: &str) -> bool {
    const CONFESSION_CHARS: usize = 4;
    let what = ending_in(clause, Words::ZhUntoldEnds).is_some();
    let any_thing = holds_any(clause, Words::ZhSaying) && holds_any(clause, Words::ZhAnyThings);
    // "我真的搞砸了": that something went wrong, not what (not "我把报告搞砸了").
    let confessed = ending_in(clause, Words::ZhUntoldWrongs)
        .is_some_and(|w| clause.chars().count() - w.chars().count() <= CONFESSION_CHARS);
    holds_any(clause, Words::ZhTelling) && (what || holds_any(clause, Words::ZhUntoldAsks))
        || any_thing
        || confessed
}

/// The clauses of a Chinese text, between its clause marks (`zh-clause-ends`), that [`untold`]
/// reads or that end with a word for what is told ("请假的原因").
fn untold_clauses(text: &str) -> Vec<&str> {
    (text
        .split(|c| char_listed(Words::ZhClauseEnds, c))
        .map(str::trim))
    .filter(|c| ending_in(c, Words::ZhUntoldEnds).is_some() || untold(c))
    .collect()
}

/// Whether `word`, which fills a slot, says only that something is to be told: it stands in
/// one of the `untold` clauses ([`untold_clauses`]) that [`untold`] reads, or is itself the end
/// that clause names ("请假的原因").
fn told_as_unsaid(untold_clauses: &[&str], word: &str) -> bool {
    let word = word.trim_matches(|c| char_listed(Words::ZhClauseEnds, c));
    (untold_clauses.iter())
        .any(|c| c.contains(word) && (untold(c) || ending_in(c, Words::ZhUntoldEnds) == Some(word)))
}

/// The fewest characters after a new thing ([`zh_new_thing_unnamed`]) that name it.
const ZH_NAMED_CHARS: usize = 3;

/// A counted amount in a Chinese request: a numeral and a measure word ("3天", "两个人"); "一个"
/// alone is an article ("做一个计划": `zh-article-measures`), not a count.
fn zh_count(text: &str) -> bool {
    text.chars().zip(text.chars().skip(1)).any(|(a, b)| {
        (a.is_ascii_digit() || char_listed(Words::ZhNumerals, a))
            && char_listed(Words::ZhCountMeasures, b)
            && !(a == '一' && char_listed(Words::ZhArticleMeasures, b))
    })
}

/// A figure in a Chinese request: digits or a count ([`zh_count`]) that none of
/// `zh-length-units` follows ("身高170", "两个人"; not "一天", "3个月", "一千字").
pub(super) fn zh_figure(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    let numeral = |c: char| c.is_ascii_digit() || char_listed(Words::ZhNumerals, c);
    let starts = |i: usize| numeral(chars[i]) && (i == 0 || !numeral(chars[i - 1]));
    (0..chars.len()).filter(|&i| starts(i)).any(|i| {
        let mut after = chars[i..].iter().skip_while(|&&c| numeral(c) || c == '.');
        // After a measure word ("3个月"), the unit is the word after it.
        let unit = match after.next() {
            Some('个' | '個') => after.next(),
            unit => unit,
        };
        // "一千字" says how long a text is, as "一天" says how long a time.
        let length = unit.is_some_and(|&u| char_listed(Words::ZhLengthUnits, u));
        let count = || zh_count(&chars[i..].iter().take(4).collect::<String>());
        !length && (chars[i].is_ascii_digit() || count())
    })
}

/// Characters, past those its kind and other details take, from which a Chinese request says
/// enough about its own subject.
const ZH_TOPIC_CHARS: usize = 18;

#[cfg(test)]
mod tests {
    use crate::protocol::request::{Message, Role};

    fn questions(earlier: &str, request: &str) -> Vec<String> {
        let history: Vec<Message> = (!earlier.is_empty())
            .then(|| Message {
                role: Role::User,
                content: earlier.to_owned(),
            })
            .into_iter()
            .collect();
        let analysis = super::super::detect(request, &history);
        analysis.questions.into_iter().map(|q| q.text).collect()
    }

    #[test]
    fn a_clause_that_tells_only_what_is_to_be_told_tells_nothing() {
        use super::{told_as_unsaid, untold, untold_clauses};
        let told = |text, word| told_as_unsaid(&untold_clauses(text), word);
        assert!(untold("解释一下项目延期的原因"));
        assert!(untold("说一下这个月房租哪天能交上"));
        assert!(!untold("解释一下项目延期是因为供应商缺货"));
        assert!(!untold("项目延期的原因"));
        // The telling word fills no subject there, nor does the end it names.
        assert!(told("帮我写信，说明需要修缮的问题", "，说"));
        assert!(told("帮我写请假条，说明一下请假的原因", "原因"));
        assert!(!told("帮我写请假条，原因是家里有事", "原因"));
    }

    #[test]
    fn a_terse_follow_up_goes_on_with_the_conversation() {
        for follow_up in ["短一点", "换成英文", "短一點"] {
            assert_eq!(
                questions(
                    "写一封邮件给房东，说家里暖气坏了三天了，请他这周内派人来修",
                    follow_up
                ),
                Vec::<String>::new(),
                "{follow_up}"
            );
        }
    }

    #[test]
    fn what_the_conversation_names_is_what_a_thing_pointed_at_is() {
        // (earlier message, follow-up, the words pointed at, whether they are asked about)
        for (earlier, request, pointed, asked) in [
            // A name is no material of the user's: the query is still to paste.
            (
                "我们用的是MySQL 8，表里大概有五百万行数据。",
                "这条查询怎么优化？",
                "这条查询",
                true,
            ),
            // A thing, not material: the name is what it points at.
            ("我在看iPhone 15 Pro", "这款值得买吗？", "这款", false),
            // A noun asked which of is not named; said, it is.
            (
                "孩子今年高考，考了612分，在纠结报什么专业。",
                "这个专业好就业吗？",
                "这个专业",
                true,
            ),
            (
                "孩子今年高考，想报计算机专业。",
                "这个专业好就业吗？",
                "这个专业",
                false,
            ),
        ] {
            let questions = questions(earlier, request);
            let found = questions.iter().any(|q| q.contains(pointed));
            assert_eq!(found, asked, "{earlier} {request}: {questions:?}");
        }
    }

    #[test]
    fn a_word_right_before_a_demonstrative_points_and_does_not_tell() {
        assert!(super::decided_unsaid(
            "帮我写一封求职信，应聘这个职位",
            "应聘"
        ));
        assert!(!super::decided_unsaid(
            "帮我写一封求职信，应聘字节跳动的产品经理",
            "应聘"
        ));
        // A person before a demonstrative is whose the thing is: "老板那封信" is the boss's.
        assert!(!super::decided_unsaid("帮我回复老板那封信", "老板"));
    }

    #[test]
    fn a_long_story_then_a_short_question_reads_the_question_as_its_follow_up() {
        let story = "我们首付准备了80万，两个人月收入加起来三万五，公积金都正常交，没有别的贷款。";
        let asked = questions("", &format!("{story}这套房子值得买吗？"));
        assert!(!asked.is_empty(), "the house is named nowhere: {asked:?}");
        // The story names the house: nothing is pointed at unnamed.
        let named = "我们看中了上海浦东张江的一套89平两居室，总价520万，首付准备了160万，两个人月收入加起来四万五。";
        let asked = questions("", &format!("{named}这套房子值得买吗？"));
        assert!(asked.is_empty(), "{asked:?}");
        assert_eq!(
            super::zh_story_and_question("我下个月要去东京玩。那边冷吗？"),
            Some(("我下个月要去东京玩。", "那边冷吗？"))
        );
        assert_eq!(super::zh_story_and_question("那边冷吗？"), None);
        assert_eq!(
            super::zh_story_and_question("我下个月要去东京玩。帮我排个行程"),
            None
        );
    }

    #[test]
    fn a_packing_list_asks_the_trip_s_place_and_a_move_s_asks_nothing() {
        let packing = |asked: &[String]| asked.iter().any(|q| q.contains("是什么行程"));
        let asked = questions("", "我下周去出差五天，帮我看看带什么衣服合适");
        assert!(packing(&asked), "five days name no place: {asked:?}");
        let asked = questions("", "我下周去成都出差五天，帮我看看带什么衣服合适");
        assert!(!packing(&asked), "{asked:?}");
        // A move's checklist is one every move needs.
        let asked = questions("", "帮我列一个搬家前一周的打包清单");
        assert!(asked.is_empty(), "{asked:?}");
    }

    #[test]
    fn a_medicine_pointed_at_is_the_one_the_conversation_named_by_its_form() {
        let pointed = |asked: &[String]| asked.iter().any(|q| q.contains("这个药"));
        let asked = questions(
            "医生给我开了奥美拉唑肠溶胶囊，一天一次",
            "这个药饭前吃还是饭后吃？",
        );
        assert!(!pointed(&asked), "{asked:?}");
        // Nothing named: which medicine is still to ask.
        let asked = questions("我最近胃不舒服", "这个药饭前吃还是饭后吃？");
        assert!(pointed(&asked), "{asked:?}");
    }

    #[test]
    fn two_kinds_that_each_ask_where_ask_it_once() {
        // A lease and the law on it: one place answers both.
        let asked = questions("", "房东不退押金，这合法吗？");
        let wheres = asked.iter().filter(|q| q.contains("在哪"));
        assert_eq!(wheres.count(), 1, "{asked:?}");
    }

    #[test]
    fn a_follow_up_choice_asks_for_the_candidates_the_conversation_never_named() {
        let compare = "您想比较哪些具体的项目？";
        let asked = questions("我们公司年底要办年会。", "选哪个好？");
        assert!(asked.iter().any(|q| q == compare), "{asked:?}");
        // Counted and not said: "两个套餐" names neither.
        let asked = questions("营业厅给了我两个套餐让我选", "哪个更划算？");
        assert!(asked.iter().any(|q| q == compare), "{asked:?}");
        // Named, joined, or counted with their figures before: the conversation set them up.
        for earlier in [
            "我在看苹果和联想的笔记本。",
            "我在看MacBook Air和ThinkPad X1。",
            "我在看两个手机套餐，一个月租39元，一个59元。",
        ] {
            let asked = questions(earlier, "哪个更划算？");
            assert!(!asked.iter().any(|q| q == compare), "{earlier}: {asked:?}");
        }
    }

    #[test]
    fn a_review_or_comment_pointed_at_is_asked_for() {
        for (request, named) in [
            ("帮我回复一下这条评论，语气客气一点。", "这条评论"),
            ("幫我回覆這則負評，要有誠意。", "這則負評"),
        ] {
            let asked = questions("", request);
            assert!(
                asked.iter().any(|q| q.contains(named)),
                "{request}: {asked:?}"
            );
        }
    }
}
