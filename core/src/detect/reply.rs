//! What a follow-up leaves open of the assistant's reply just before it: one of the things
//! the reply listed, picked and not named, or another of a kind the conversation named once; a
//! detail it asked that the follow-up did not answer, part by part; the material it asked for;
//! what happens now after a fix that failed.

use super::{
    Cues, Finding, Given, Kind, LIST_SEPARATORS, any_in_list, char_listed, chinese, directs,
    holds_material, in_list, in_list_at, is_cjk, is_number, is_time, list, rules, script_counts,
    users_words, word_list, words_of, writes_a_name,
};
use crate::detect::frames::Words;
use crate::protocol::request::{Message, Role};

/// What a follow-up leaves open of the assistant's reply just before it, in English (`words`)
/// or Chinese (no `words`): one of the things it listed, picked and not named
/// ([`picked_unnamed`]), or another of a kind named once ([`other_unnamed`]); the detail it
/// asked that the follow-up did not answer
/// ([`unanswered_question`]); and, when the follow-up gives no material, the material it asked
/// for ([`material_asked_for`]) or what happens now after a fix that failed ([`still_failing`]).
pub(super) fn reply_findings(
    findings: &mut Vec<Finding>,
    text: &str,
    words: &[&str],
    given: Given<'_>,
) {
    let Some(reply) = given.earlier.last().filter(|m| m.role == Role::Assistant) else {
        return;
    };
    if !findings.iter().any(|f| f.kind == Kind::AmbiguousReference)
        && let Some(evidence) = (picked_unnamed(text, words, reply, &users_words(given.earlier)))
            .or_else(|| other_unnamed(text, words, given.earlier))
            .or_else(|| one_of_two(text, words, given.earlier))
    {
        findings.push(rules::finding(Kind::AmbiguousReference, evidence));
    }
    // "Yes please" after "…a formal version, or a casual one?": which is still to say.
    if let Some(choice) = yes_to_a_choice(text, words, &reply.content) {
        findings.push(rules::finding(Kind::MissingContext, choice));
    }
    // "原信：「…」我想回：预计下周三出货": what it quotes answers what was asked.
    let quotes = given.material || given.quoted || given.after_colon;
    if let Some(question) = unanswered_question(text, words, reply, quotes) {
        findings.push(rules::finding(Kind::MissingContext, question));
    }
    let follow_up = Message::new(Role::User, text);
    let gives = quotes || holds_material(&[follow_up]);
    let defers = if words.is_empty() {
        rules::holds_any(text, Words::ZhDefersMaterial)
    } else {
        rules::phrase_in(words, Words::DefersMaterial).is_some()
    };
    if !gives
        && !defers
        && let Some(material) = material_asked_for(reply)
    {
        findings.push(rules::finding(Kind::MissingContext, material));
    }
    if !gives && let Some(failure) = still_failing(text, words) {
        findings.push(rules::finding(Kind::MissingContext, failure));
    }
    if !gives && let Some(blanks) = placeholders_unfilled(text, words, reply) {
        findings.push(rules::finding(Kind::MissingContext, blanks));
    }
}

/// The reply's last question when it offers a choice ("Would you like a formal version, or a
/// casual one?", 要正式一点还是轻松一点？) and the follow-up only agrees (`affirmations`,
/// `zh-acknowledgements`: "Yes please", 好的): agreeing picks neither.
fn yes_to_a_choice(text: &str, words: &[&str], reply: &str) -> Option<String> {
    const AGREEING_WORDS: usize = 4;
    let agrees = if words.is_empty() {
        let bare = text.trim_matches(|c: char| !c.is_alphanumeric());
        in_list(Words::ZhAcknowledgements, bare)
    } else {
        words.len() <= AGREEING_WORDS && words.iter().all(|w| in_list(Words::Affirmations, w))
    };
    let question = own_words(reply)[0]
        .split_inclusive(SENTENCE_ENDS)
        .map(str::trim)
        .rfind(|s| s.ends_with(['?', '？']))?;
    let offers = offers_choices(question, question.contains(is_cjk));
    (agrees && offers).then(|| question.to_owned())
}

/// Whether a sentence of a reply offers choices, joined by `alternatives` ("Chiffon, sponge or
/// cheesecake?") or in Chinese by `zh-alternatives` (文艺一点还是搞笑一点).
fn offers_choices(sentence: &str, chinese: bool) -> bool {
    if chinese {
        rules::holds_any(sentence, Words::ZhAlternatives)
    } else {
        any_in_list(
            &words_of(&sentence.to_ascii_lowercase()),
            Words::Alternatives,
        )
    }
}

/// The placeholders of a draft in the reply ("[Name]", "[date]", 【日期】) that the follow-up asks
/// to have filled in (`fill-in`, `zh-fill-in`: "fill in my info") or names ("the new date isn't
/// right, fix it") without giving what goes there (a figure or a name): those it names, else
/// all, at most [`BLANKS`], listed as the reply wrote them.
fn placeholders_unfilled(text: &str, words: &[&str], reply: &Message) -> Option<String> {
    const LONGEST: usize = 30;
    let mut blanks: Vec<&str> = Vec::new();
    for (at, open) in reply.content.match_indices(['[', '【']) {
        let close = if open == "[" { ']' } else { '】' };
        let rest = &reply.content[at..];
        let blank = (rest.find(close)).map(|end| &rest[..end + close.len_utf8()]);
        if let Some(blank) = blank.filter(|b| b.chars().count() <= LONGEST && !blanks.contains(b)) {
            blanks.push(blank);
        }
    }
    let inner = |b: &str| b.trim_matches(['[', ']', '【', '】']).to_ascii_lowercase();
    let named: Vec<&str> = if words.is_empty() {
        blanks
            .iter()
            .copied()
            .filter(|b| text.contains(&inner(b)))
            .collect()
    } else {
        // "change the dates" names "[start date]": a word said as it is or with an ending.
        let said = |w: &&str| words.iter().any(|f| same_word(w, f));
        let names = |b: &&str| words_of(&inner(b)).iter().any(said);
        blanks.iter().copied().filter(names).collect()
    };
    let fill = if words.is_empty() {
        rules::holds_any(text, Words::ZhFillIn)
    } else {
        rules::phrase_in(words, Words::FillIn).is_some()
    };
    // "原因寫家裡有事": what goes there follows a placeholder's name.
    let told = |b: &&str| {
        (text.split(&inner(b)).skip(1))
            .any(|after| rules::opening_in(after, Words::ZhFillGiven).is_some())
    };
    let given = text.contains(|c: char| c.is_ascii_digit())
        || writes_a_name(text)
        || (words.is_empty() && named.iter().any(told));
    let asked = if named.is_empty() { &blanks } else { &named };
    let joiner = if words.is_empty() { "、" } else { ", " };
    (!asked.is_empty() && (fill || !named.is_empty()) && !given).then(|| {
        asked
            .iter()
            .take(BLANKS)
            .copied()
            .collect::<Vec<_>>()
            .join(joiner)
    })
}

/// The most placeholders a question lists.
const BLANKS: usize = 4;

/// A short follow-up saying the fix of the assistant's reply failed and giving no error
/// (`still-failing`: "still not working", "还是不行"): what happens now is asked. The evidence
/// is the words that say so.
fn still_failing(text: &str, words: &[&str]) -> Option<String> {
    const FAILURE_WORDS: usize = 12;
    const FAILURE_CHARS: usize = 16;
    if words.is_empty() {
        let short = script_counts(text).0 <= FAILURE_CHARS;
        let failure = list(word_list(Words::ZhStillFailing)).find(|w| text.contains(w));
        failure.filter(|_| short).map(str::to_owned)
    } else {
        let (at, phrase) = rules::phrase_in(words, Words::StillFailing)?;
        let said = &words[at..at + phrase.split('+').count()];
        (words.len() <= FAILURE_WORDS).then(|| said.join(" "))
    }
}

/// Whether a missing-context finding's evidence is a failure told ([`still_failing`]).
pub(super) fn tells_failure(evidence: &str) -> bool {
    let words: Vec<&str> = evidence.split(' ').collect();
    rules::phrase_in(&words, Words::StillFailing).is_some()
        || list(word_list(Words::ZhStillFailing)).any(|w| evidence == w)
}

/// The material the assistant's last reply asked to be pasted or sent, as its question names
/// it: "my intro" for "Paste the intro here…" (the first word of `artifacts` after a verb of
/// `asks-material` said to the user in its clause, else "my text" after one of `asks-text`),
/// 会议记录 for "请把会议记录贴上来" (what stands between 把 and the verb of `zh-asks-material`,
/// else the first of `zh-materials` after it).
fn material_asked_for(reply: &Message) -> Option<String> {
    let mut sentences = reply.content.split_inclusive(SENTENCE_ENDS);
    sentences.find_map(|sentence| {
        if sentence.contains(is_cjk) {
            let verb = list(word_list(Words::ZhAsksMaterial)).find_map(|v| sentence.find(v))?;
            let before = &sentence[..verb];
            let named = (before.rfind('把')).map(|at| before[at + '把'.len_utf8()..].trim());
            let material =
                || list(word_list(Words::ZhMaterials)).find(|m| sentence[verb..].contains(m));
            named
                .filter(|n| !n.is_empty())
                .or_else(material)
                .map(str::to_owned)
        } else {
            // Within the verb's clause: "Paste what you've written so far, or … a conclusion"
            // asks for the text, not the conclusion to come.
            let lower = sentence.to_ascii_lowercase();
            let clause = lower
                .split([',', ';'])
                .find(|c| words_of(c).iter().any(|w| in_list(Words::AsksMaterial, w)))?;
            let words = words_of(clause);
            let verb = words.iter().position(|w| in_list(Words::AsksMaterial, w))?;
            let addressed = |w: &&str| {
                [Words::DirectivePolite, Words::AsksLead, Words::Affirmations]
                    .iter()
                    .any(|&list| in_list(list, w))
            };
            if !words[..verb].iter().all(addressed) {
                return None;
            }
            let noun = words[verb..].iter().find(|w| in_list(Words::Artifacts, w));
            let text = in_list(Words::AsksText, words[verb]).then_some("text");
            Some(format!("my {}", noun.copied().or(text)?))
        }
    })
}

/// The detail the assistant's last reply asked for that the follow-up leaves unanswered, as a
/// question in the reply's words ([`asked_parts`]): "Which county is your property in?" before
/// "can i pay with a credit card tho"; "How big is each bedroom?" before "rent is 2400" (which
/// answers the rent the same question asked); "预算大概多少？" before "家里90平，养了一只猫". The
/// first part the follow-up does not answer (one asked with a question mark before one stated)
/// is asked: by any follow-up that asks or directs
/// something else, by a short one ([`ANSWER_WORDS`]) that only states, unless the part asks yes
/// or no (which any statement answers). A part is answered by its own words said again
/// ("rent"), or by what the follow-up gives ([`Answers`]); the user saying they do not know
/// (`dont-know`) answers all.
fn unanswered_question(
    text: &str,
    words: &[&str],
    reply: &Message,
    material: bool,
) -> Option<String> {
    let asks = asks_or_directs(text, words);
    let (unsure, short) = if words.is_empty() {
        let short = script_counts(text).0 <= ANSWER_WORDS * 2;
        (rules::holds_any(text, Words::ZhDontKnow), short)
    } else {
        let unsure = rules::phrase_in(words, Words::DontKnow).is_some();
        (unsure, words.len() <= ANSWER_WORDS)
    };
    // "just write it, I'll fill in the details myself": what the reply asked is left to the user.
    let leaves = if words.is_empty() {
        rules::holds_any(text, Words::ZhLeavesDetails)
    } else {
        rules::phrase_in(words, Words::LeavesDetails).is_some()
    };
    if unsure || material || leaves {
        return None;
    }
    // A part asked with a question mark before one stated, in what answers them as in what is
    // asked: "Indian" answers "Which passport do you hold?", not "It depends on your citizenship".
    let mut parts = asked_parts(&reply.content);
    parts.sort_by_key(|p| p.stated);
    let picks = picks_an_item(text, words, &reply.content);
    // "第二个方法具体怎么操作": a follow-up that takes up one of the things the reply listed and
    // asks its own question about it has moved on from the reply's.
    if picks && asks {
        return None;
    }
    if picks {
        parts.retain(|p| !p.after_list);
    }
    let said: Vec<bool> = parts
        .iter()
        .map(|p| p.said_in(text, words, &parts))
        .collect();
    let mut answers = Answers::of(text, words, &reply.content);
    let picked = picked_choice(text, words, &reply.content);
    // A part said again takes what answers it ("rent is 2400", "从上海出发"), but a place its
    // clause names in words of its own: "在张江上班" leaves "上海" for the city.
    for (part, _) in parts.iter().zip(&said).filter(|(_, said)| **said) {
        let clauses = text.split(|c| char_listed(Words::ZhClauseEnds, c));
        let own_place = part.answer == Answer::Place
            && words.is_empty()
            && (clauses.clone().find(|c| part.said_in(c, words, &parts)))
                .is_some_and(|c| !chinese::zh_place(c));
        if !own_place {
            answers.take(part.answer, true);
        }
    }
    let mut answered: Vec<bool> = Vec::with_capacity(parts.len());
    for (at, (part, &said)) in parts.iter().zip(&said).enumerate() {
        // "你大概去几天？" after "这要看你去几天…": the same part asked again, answered once.
        let again = (parts[..at].iter().zip(&answered))
            .find(|(before, _)| before.text.contains(part.text) || part.text.contains(before.text));
        let answer = match again {
            Some((_, &before)) => before,
            None => {
                // "蛙泳" after a list and "你想先学哪种泳姿？": what a reply asks after its list
                // any statement answers, as a choice's.
                said || picked.as_ref().is_some_and(|p| p.answers(part))
                    || (asks && part.asks_task())
                    || (part.after_list && answers.take(Answer::Choice, false))
                    || answers.take(part.answer, false)
            }
        };
        answered.push(answer);
    }
    // "north facing, grey sofa and oak floors" after "which direction does the room face, and
    // what are the main colors of your furniture and floor?": a statement of as many pieces as
    // the parts answers each in its own words.
    let pieces = (text.split(LIST_SEPARATORS)).filter(|p| p.chars().any(char::is_alphanumeric));
    let listed = !asks && !words.is_empty() && parts.len() >= 2 && pieces.count() == parts.len();
    let told = |p: &Part<'_>| matches!(p.answer, Answer::Words | Answer::Whether) && listed;
    // "取决于天数和消费习惯。你去几天、主要去哪些城市?": what the reply asks with a question mark
    // is what it wants; what it only states is left open when it asks nothing.
    let questioned = parts.iter().any(|p| !p.stated);
    let open = |(part, answered): (&Part<'_>, &bool)| {
        let answered = *answered || told(part) || (part.stated && questioned);
        let stated = short && part.answer != Answer::Whether;
        (!answered && (asks || stated)).then(|| part.question())
    };
    parts.iter().zip(&answered).find_map(open)
}

/// The statements of a Chinese follow-up that open as an answer does (`zh-answer-openers`:
/// "主要是她总喂孩子吃零食", "是布偶"), each answering one part that other words would.
fn zh_answers_opened(text: &str) -> usize {
    let clauses = text.split(['。', '！', '，', ',', '；', ' ']);
    let opened = |c: &&str| {
        rules::opening_in(c.trim(), Words::ZhAnswerOpeners).is_some() && !asks_or_directs(c, &[])
    };
    clauses.filter(opened).count()
}

/// Whether an English follow-up is nothing but a capitalised name or two, no word of agreement
/// nor a place's preposition: "Indian" after "Which passport do you hold?", not "From Chicago.".
fn name_alone(text: &str, words: &[&str]) -> bool {
    let capitalised = |w: &str| w.starts_with(|c: char| c.is_ascii_uppercase());
    (1..=NAME_WORDS).contains(&words.len())
        && text.split_whitespace().all(capitalised)
        && !any_in_list(words, Words::Affirmations)
        && !any_in_list(words, Words::AnswerPlaceBefore)
}

/// Whether a follow-up picks an item of the reply's list by its number ("选1"), or, when the
/// reply has a list, by its rank ("the second one", 第二个; not 第一次 after no list) or as the
/// one it describes (`item-picks`: "the one about the robot").
pub(super) fn picks_an_item(text: &str, words: &[&str], reply: &str) -> bool {
    // "1. 50/30/20法则；2. 先存后花": numbered in its lines or within one.
    let listed = reply.lines().any(|line| is_list_item(line.trim())) || numbers_items(reply);
    picked_number(text, reply).is_some()
        || (listed
            && (words.iter().any(|w| in_list(Words::Ordinals, w))
                || rules::phrase_in(words, Words::ItemPicks).is_some()
                || zh_ranks(text)))
}

/// Whether a Chinese text says a rank: 第 before a numeral ("第二个", "第3条").
pub(super) fn zh_ranks(text: &str) -> bool {
    let ranked = |(at, _): (usize, &str)| {
        (text[at + '第'.len_utf8()..].chars().next())
            .is_some_and(|c| c.is_ascii_digit() || char_listed(Words::ZhNumerals, c))
    };
    text.match_indices('第').any(ranked)
}

/// Whether a reply numbers two things or more ("1." "2、" "3)"), in its lines or within one.
fn numbers_items(reply: &str) -> bool {
    numbered_at(reply, '1').is_some() && numbered_at(reply, '2').is_some()
}

/// Where the reply numbers a thing `n` ("1." "2、" "3)"): the digit alone before a mark of
/// `number-marks`.
fn numbered_at(reply: &str, n: char) -> Option<usize> {
    let at = reply.match_indices(n).find(|(at, _)| {
        let before = reply[..*at].chars().next_back();
        let after = reply[at + 1..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric())
            && after.is_some_and(|c| char_listed(Words::NumberMarks, c))
    });
    at.map(|(at, _)| at)
}

/// Whether two English words are one word, said as it is or with an ending: the shorter has four
/// letters or more and opens the longer ("rent" and "rent", "date" and "dates"; not "pet" and
/// "pets").
fn same_word(a: &str, b: &str) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    short.len() >= 4 && long.starts_with(short)
}

/// The most words (twice as many Chinese characters) of a follow-up that only states and still
/// leaves a part of the reply's question open: a longer one tells its own matter.
const ANSWER_WORDS: usize = 25;

/// The characters of a thing a Chinese part asks which kind of ("什么场合").
const KIND_CHARS: usize = 2;

/// The most words of an English follow-up that is only a name ("Indian", "New Zealand").
const NAME_WORDS: usize = 2;

/// What answers a part of the reply's question, besides its own words said again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Answer {
    /// A sum of money (`asks-money`: "your budget", 预算多少): a figure with its currency, a
    /// plain one of three digits or more ("300以内"), or any figure when the follow-up names
    /// what it is ("rent is 12 hundred").
    Money,
    /// A count, a size or a length of time (`asks-amount`, `asks-figure`: "how big", 几口人,
    /// "how long"): a small figure, a plain large one, a time ("since Monday"), or a sum of
    /// money when the follow-up names what it is.
    Figure,
    /// An age or a school year (`asks-age`, `zh-asks-age`: "how old", 多大, 几年级): a figure,
    /// not a time ("每天磨蹭到十一点" says no grade, 晚上 no age).
    Age,
    /// When (`asks-time`, `zh-asks-time`: "what will your last day be", 什么时候): a time or a
    /// date ("friday", 下周三, 5号), or a small figure ("the 12th").
    Time,
    /// A place (`asks-place`, `zh-asks-place`: "roughly where do you live", 在哪个城市): a name
    /// ("we're in Ohio", 在杭州).
    Place,
    /// The user's goal (`asks-goal`, `zh-asks-goal`: "What's your goal?", 目的是什么): a
    /// follow-up that says one (`states-goal`, `zh-states-goal`), even in its own question.
    Goal,
    /// Yes or no (`zh-asks-whether`, "whether": "whether you have pets", 有没有忌口的食物):
    /// anything the follow-up states ("她爱吃辣，不吃香菜").
    Whether,
    /// One of the choices a Chinese question offers with no word that asks ("你用的是苹果还是
    /// 安卓？"): a pick, or anything the follow-up states but an acknowledgement ("好的，具体怎么
    /// 弄" leaves it open; "都要" answers it).
    Choice,
    /// Anything else ("which two models", 发生了什么事): its words said again, a name or a model,
    /// or a statement long enough to tell it ([`STATED_WORDS`]).
    Words,
}

impl Answer {
    /// What answers a part, by the lists of its words (`asks`, given each kind's English and
    /// Chinese list): money before a figure ("how much is the rent"), a figure before a place,
    /// a place before a yes or no (`whether`), other words last.
    fn of(asks: impl Fn([Words; 2]) -> bool, whether: bool) -> Self {
        if asks([Words::AsksMoney, Words::ZhAsksMoney]) {
            Answer::Money
        } else if asks([Words::AsksAge, Words::ZhAsksAge]) {
            Answer::Age
        } else if asks([Words::AsksTime, Words::ZhAsksTime]) {
            Answer::Time
        } else if asks([Words::AsksAmount, Words::ZhAsksAmount])
            || asks([Words::AsksFigure, Words::ZhAsksFigure])
        {
            Answer::Figure
        } else if asks([Words::AsksPlace, Words::ZhAsksPlace]) {
            Answer::Place
        } else if asks([Words::AsksGoal, Words::ZhAsksGoal]) {
            Answer::Goal
        } else if whether {
            Answer::Whether
        } else {
            Answer::Words
        }
    }
}

/// The words (twice as many Chinese characters) of the follow-up's statements that tell what
/// a part asked in its own way: "We live in a flat and both work full time, 9 to 5." tells
/// "What's your situation like?"; "mostly energy use and capacity" does not say which models.
const STATED_WORDS: usize = 8;

/// The words (twice as many Chinese characters) a statement spends on each part of other words
/// it answers past the first two: "its for a marketing coordinator role at a tech startup" tells
/// the role and the company, not the background a third part asked.
const PART_WORDS: usize = 4;

/// One detail a reply's question asked for: "how big is each bedroom" of "What's the total
/// rent, and how big is each bedroom?", 请假的时间、原因 of "请告诉我请假的时间、原因，以及邮件发给谁".
#[derive(Debug)]
struct Part<'r> {
    text: &'r str,
    answer: Answer,
    /// Whether the reply asks it after a list of its own ("1. Swimming 2. Piano … How old is
    /// your child?"): a follow-up that picks an item goes on without it.
    after_list: bool,
    /// Whether the reply states it rather than asks it ("It depends on how you drive"): a part
    /// asked with a question mark is asked first.
    stated: bool,
}

impl Part<'_> {
    /// Whether the follow-up says the part's own words again: an English word of four letters
    /// or more but `reply-filler` ("rent", "pets" as "pet"), two Chinese characters together
    /// neither of which is of `zh-reply-filler` (家里, 发给); none that another of the reply's
    /// `parts` asks too ("the average price per item, and the variable cost per item": "item"
    /// says neither).
    fn said_in(&self, text: &str, words: &[&str], parts: &[Part<'_>]) -> bool {
        let shared = |w: &str| {
            (parts.iter()).any(|p| p.text != self.text && p.text.to_ascii_lowercase().contains(w))
        };
        if words.is_empty() {
            let chars: Vec<char> = self.text.chars().collect();
            let filler = |c: &char| !is_cjk(*c) || char_listed(Words::ZhReplyFiller, *c);
            (chars.windows(2))
                .filter(|pair| !pair.iter().any(filler))
                .map(String::from_iter)
                .any(|pair| text.contains(&pair) && !shared(&pair))
                || self.kind_named(text)
        } else {
            let lower = self.text.to_ascii_lowercase();
            let content = |w: &&str| w.len() >= 4 && !in_list(Words::ReplyFiller, w);
            (words_of(&lower).iter().filter(|w| content(w) && !shared(w)))
                .any(|w| words.iter().any(|f| same_word(w, f)))
        }
    }

    /// Whether a Chinese follow-up names a kind of the thing the part asks which kind of (its
    /// first one or two characters after one of `zh-asks-kind`, none of `zh-reply-filler`): a
    /// word that ends as the thing does, "电压力锅" for "用什么锅", "红色" for "什么颜色"; not
    /// one counted, pointed at or owned ("那件事", "孩子的事": `zh-not-kinds`).
    fn kind_named(&self, text: &str) -> bool {
        let thing_end = |(_, _, after): (&str, &str, &str)| {
            let thing = after.chars().take(KIND_CHARS);
            let thing = thing.take_while(|&c| is_cjk(c) && !char_listed(Words::ZhReplyFiller, c));
            thing.last()
        };
        let asked = rules::occurrences(self.text, list(word_list(Words::ZhAsksKind)));
        let Some(end) = asked.filter_map(thing_end).next() else {
            return false;
        };
        let chars: Vec<char> = text.chars().collect();
        let kind = |c: char| is_cjk(c) && !char_listed(Words::ZhNotKinds, c);
        (chars.windows(2)).any(|pair| kind(pair[0]) && pair[1] == end)
    }

    /// Whether the part asks, in Chinese, what task the user wants done (`zh-asks-task`: 你想统计
    /// 什么): a follow-up that directs or asks one answers it ("算一下所有已付款的金额总和").
    fn asks_task(&self) -> bool {
        rules::holds_any(self.text, Words::ZhAsksTask)
    }

    /// The part asked as a question: "How big is each bedroom?", "预算大概多少？".
    fn question(&self) -> String {
        let mut chars = self.text.chars();
        let first = chars.next().map(|c| c.to_ascii_uppercase());
        let mark = if self.text.contains(is_cjk) {
            '？'
        } else {
            '?'
        };
        first.into_iter().chain(chars).chain([mark]).collect()
    }
}

/// What a follow-up gives to answer with: its figures and times, those that are money and the
/// plain large ones apart ("$3,000", "€50", "四千", "2400 dollars" are money; "2400" and
/// "1,400" plain; "90平", "二十公里", "next friday" figures), the names it writes, and how
/// much it states: the words (Chinese characters) of its sentences and clauses that neither ask
/// nor direct.
#[derive(Debug)]
struct Answers {
    money: usize,
    other: usize,
    /// Figures of three digits or more with no currency ("300以内", "1,400"): money or not.
    plain: usize,
    /// Times and dates ("friday", "7pm", 晚上, 5号): they answer when, not how many.
    times: usize,
    places: usize,
    /// Latin names in a Chinese follow-up the reply did not offer, each answering one part
    /// that other words would.
    named: usize,
    stated: usize,
    /// The parts of other words its statements have answered, each by [`PART_WORDS`].
    told_parts: usize,
    /// Whether it states something besides acknowledging ([`Answer::Choice`]).
    told: bool,
    /// Whether it says what the user wants ([`Answer::Goal`]).
    goal: bool,
}

impl Answers {
    fn of(text: &str, words: &[&str], reply: &str) -> Self {
        // "小米14，系统是澎湃OS", "PostgreSQL": a Latin name in Chinese names the thing asked,
        // unless the reply offered it ("用Python" after "用Python可以吗？"). A model opens with
        // its letters ("X50", "A54"); "15K" is a sum.
        let latin = |w: &str| {
            w.len() >= 2 && w.starts_with(|c: char| c.is_ascii_alphabetic()) && !reply.contains(w)
        };
        let named = words.is_empty() && text.split(|c: char| !c.is_ascii_alphanumeric()).any(latin);
        let place = names_a_place(text, words);
        let mut answers = Answers {
            money: 0,
            other: 0,
            plain: 0,
            times: 0,
            places: usize::from(place),
            named: usize::from(named || name_alone(text, words)) + zh_answers_opened(text),
            stated: stated(text, words.is_empty()),
            told_parts: 0,
            told: tells_more_than_acknowledging(text),
            goal: if words.is_empty() {
                rules::holds_any(text, Words::ZhStatesGoal)
            } else {
                rules::phrase_in(words, Words::StatesGoal).is_some()
            },
        };
        const PLAIN_DIGITS: usize = 3;
        let mut count = |money: bool, figure: &str| {
            let digits = figure.chars().filter(char::is_ascii_digit).count();
            *(if money {
                &mut answers.money
            } else if digits >= PLAIN_DIGITS {
                &mut answers.plain
            } else {
                &mut answers.other
            }) += 1;
        };
        if words.is_empty() {
            // A run of numerals but a lone 一, which more often means "a" ("一下", "一只"),
            // unless a unit of `zh-quantity-units` follows ("一斤").
            let numeral = |c: char| c.is_ascii_digit() || char_listed(Words::ZhNumerals, c);
            let mut rest = text;
            while let Some(start) = rest.find(numeral) {
                let end = rest[start..]
                    .find(|c| !numeral(c))
                    .map_or(rest.len(), |e| start + e);
                let weighed = rules::opening_in(&rest[end..], Words::ZhQuantityUnits).is_some();
                let run = &rest[start..end];
                let lone = run == "一" && !weighed;
                // "2000日元", "五千块": the currency's mark within two characters after.
                let mut after = rest[end..].chars().take(2);
                // "5号", "十一点": a date or a time of day.
                let dated = (rest[end..].chars().next())
                    .is_some_and(|c| char_listed(Words::ZhDateMarks, c));
                if !lone && dated {
                    answers.times += 1;
                } else if !lone {
                    let money = run.contains(|c| char_listed(Words::ZhMoneyMarks, c))
                        || after.any(|c| char_listed(Words::ZhMoneyMarks, c));
                    count(money, run);
                }
                rest = &rest[end..];
            }
            answers.times += list(word_list(Words::ZhTimes))
                .filter(|t| text.contains(t))
                .count();
        } else {
            for (at, w) in words.iter().enumerate() {
                let next = words.get(at + 1);
                let digits = w.contains(|c: char| c.is_ascii_digit());
                let money = w.contains(['$', '£', '€', '¥'])
                    || (digits && w.ends_with('k'))
                    || next.is_some_and(|n| in_list(Words::CurrencyWords, n));
                if is_time(w, next) {
                    answers.times += 1;
                } else if is_number(w) && *w != "one" {
                    count(money, w);
                }
            }
            // "just me", "the two of us": a count said in words.
            if let Some((_, phrase)) = rules::phrase_in(words, Words::CountPhrases) {
                count(false, phrase);
            }
            // "$2,400": the sign stands before the word, outside it.
            let signs = text.match_indices(['$', '£', '€', '¥']);
            let signed = signs.filter(|(at, sign)| {
                text[at + sign.len()..].starts_with(|c: char| c.is_ascii_digit())
            });
            let mut signed = signed.count();
            for pool in [&mut answers.plain, &mut answers.other] {
                let moved = signed.min(*pool);
                (*pool, signed) = (*pool - moved, signed - moved);
                answers.money += moved;
            }
        }
        answers
    }

    /// Whether something is left to answer a part of `answer`: money takes a sum of money and a
    /// figure a small figure, either a plain large one ("300以内"), and the other when the
    /// follow-up `said` the part's words ("rent is 2400"); a yes or no takes any statement, a
    /// place or other words a name, and other words a long statement.
    fn take(&mut self, answer: Answer, said: bool) -> bool {
        let pool = match answer {
            Answer::Whether => return self.stated > 0,
            Answer::Choice => return self.told,
            Answer::Words if self.places > 0 => return true,
            Answer::Words
                if self.stated >= STATED_WORDS.max(PART_WORDS * (self.told_parts + 1)) =>
            {
                self.told_parts += 1;
                return true;
            }
            Answer::Words if self.named > 0 => Some(&mut self.named),
            Answer::Money if self.money > 0 => Some(&mut self.money),
            Answer::Time if self.times > 0 => Some(&mut self.times),
            Answer::Figure | Answer::Age | Answer::Time if self.other > 0 => Some(&mut self.other),
            Answer::Money | Answer::Figure | Answer::Age if self.plain > 0 => Some(&mut self.plain),
            Answer::Figure if self.times > 0 => Some(&mut self.times),
            Answer::Money if said && self.other > 0 => Some(&mut self.other),
            Answer::Figure if said && self.money > 0 => Some(&mut self.money),
            Answer::Place if self.places > 0 => Some(&mut self.places),
            Answer::Goal => return self.goal,
            Answer::Money
            | Answer::Figure
            | Answer::Age
            | Answer::Time
            | Answer::Place
            | Answer::Words => None,
        };
        pool.map(|n| *n -= 1).is_some()
    }
}

/// Whether a follow-up names a place or a thing by its name, in English (`words`) or Chinese: a
/// name it writes with its capital, a country or a city however written ("japan"), a country's
/// letters in capitals ("US"), a model written with its digits ("Netgear Nighthawk
/// R7000"), a word after a preposition of place ("from denver"), a name and its number
/// wherever it stands ("Windows 11"); in Chinese a place, or a name before `zh-near` after
/// where a verb of place (`zh-place-verbs`) or the clause opens ("我就住虹桥附近"; not
/// "我就住附近").
fn names_a_place(text: &str, words: &[&str]) -> bool {
    if words.is_empty() {
        let bound = |c: char| char_listed(Words::ZhPlaceVerbs, c) || "，,。 ".contains(c);
        let near = |(at, _): (usize, &str)| {
            let name = text[..at].rsplit(bound).next().unwrap_or_default();
            script_counts(name).0 >= 2
        };
        return chinese::zh_place(text)
            || list(word_list(Words::ZhNear)).any(|n| text.match_indices(n).any(near));
    }
    let model =
        |w: &str| w.contains(|c: char| c.is_ascii_digit()) && w.contains(char::is_alphabetic);
    let content = |w: &str| {
        w.len() >= 4 && w.chars().all(char::is_alphabetic) && !in_list(Words::ReplyFiller, w)
    };
    let placed = |p: &[&str]| in_list(Words::AnswerPlaceBefore, p[0]) && content(p[1]);
    let pieces: Vec<&str> = text.split_whitespace().collect();
    let numbered = |p: &[&str]| {
        p[0].starts_with(|c: char| c.is_alphabetic())
            && p[0].chars().any(|c| c.is_ascii_uppercase())
            && p[1].starts_with(|c: char| c.is_ascii_digit())
    };
    let coded = |piece: &str| {
        let letters = piece.trim_matches(|c: char| !c.is_alphanumeric());
        letters.chars().all(|c| c.is_ascii_uppercase())
            && in_list(Words::CountryCodes, &letters.to_ascii_lowercase())
    };
    writes_a_name(text)
        || words.iter().any(|w| super::written_as_a_place(w))
        || pieces.iter().any(|p| coded(p))
        || words.iter().any(|w| model(w))
        || words.windows(2).any(placed)
        || pieces.windows(2).any(numbered)
}

/// One of the choices a sentence of the reply offers, joined by `alternatives` ("Chiffon, sponge
/// or cheesecake?", 文艺一点还是搞笑一点), that the follow-up names ("yes, chiffon", 搞笑一点).
struct Picked<'r> {
    choice: String,
    /// The sentence that offers it, or its numbered list from the first number on.
    offered: &'r str,
    /// The reply's own words, of which `offered` and every part are slices.
    reply: &'r str,
    /// Whether `offered` is nothing but the choices, each short enough to be one whole.
    listed: bool,
}

impl Picked<'_> {
    /// Whether the pick answers `part`: the part offers the choice ("are you going for rare,
    /// medium, or well-done"), or asks which with a list of its choices alone right after it,
    /// nothing but punctuation and particles between ("想做哪种？戚风、海绵还是芝士蛋糕？", "给谁的
    /// 呢？长辈、朋友还是恋人？", "主要用途是什麼呢？1. 文書上網"; not "要介紹什麼呢？想走搞笑、
    /// 文青還是簡單清楚的風格？").
    fn answers(&self, part: &Part<'_>) -> bool {
        let at = |s: &str| s.as_ptr() as usize - self.reply.as_ptr() as usize;
        let end = at(part.text) + part.text.len();
        let between = self.reply.get(end..at(self.offered));
        let bare = |c: char| !c.is_alphanumeric() || char_listed(Words::ZhReplyParticles, c);
        let next = between.is_some_and(|b| b.chars().all(bare));
        let offers = part.text.to_ascii_lowercase().contains(&self.choice);
        // "Want help with likely questions, or with what to ask them?": a part that is the
        // other choice of the sentence picked from is no detail left.
        let start = at(part.text);
        let inside = start > at(self.offered) && end <= at(self.offered) + self.offered.len();
        let alternative = || {
            let before = self.reply[at(self.offered)..start]
                .trim_end()
                .to_ascii_lowercase();
            (words_of(&before).last()).is_some_and(|w| in_list(Words::Alternatives, w))
                || list(word_list(Words::ZhAlternatives)).any(|a| before.ends_with(a))
        };
        offers || (inside && alternative()) || (next && self.listed && part.answer == Answer::Words)
    }
}

/// The numbered choice of the reply the follow-up names by its number alone ("选3吧", "1，然後要
/// 輕一點", "2 please" after "1. Guitar 2. Piano 3. Ukulele"): the reply numbers two choices or
/// more ("1." "2、" "3)"), and the follow-up writes one of those numbers as a word of its own.
fn picked_number<'r>(text: &str, reply: &'r str) -> Option<Picked<'r>> {
    let numbered = |n: char| numbered_at(reply, n);
    let first = numbered('1')?;
    numbered('2')?;
    let lone = |(at, n): (usize, char)| {
        let before = text[..at].chars().next_back();
        let after = text[at + 1..].chars().next();
        let apart = |c: Option<char>| !c.is_some_and(|c| c.is_ascii_alphanumeric());
        (apart(before) && apart(after) && numbered(n).is_some()).then_some(n)
    };
    let number = text
        .char_indices()
        .filter(|(_, c)| c.is_ascii_digit())
        .find_map(lone)?;
    Some(Picked {
        choice: number.to_string(),
        offered: &reply[first..],
        reply,
        listed: true,
    })
}

/// The choice of the reply the follow-up names ([`Picked`]). A choice is an item of the clause
/// that offers it of up to [`CHOICE_WORDS`] words (twice as many Chinese characters), none of
/// them filler; a longer one is read by its last word ("do you want chiffon") or its last two
/// characters (你想做戚风).
fn picked_choice<'r>(text: &str, words: &[&str], reply: &'r str) -> Option<Picked<'r>> {
    const CHOICE_WORDS: usize = 3;
    let reply = own_words(reply)[0];
    if let Some(picked) = picked_number(text, reply) {
        return Some(picked);
    }
    let sentences = reply.split(SENTENCE_ENDS);
    let found = if words.is_empty() {
        let offering = |s: &&str| offers_choices(s, true);
        sentences.filter(offering).find_map(|offered| {
            let clause = offered.split(['，', ',']).find(|c| offering(c))?;
            let joined = list(word_list(Words::ZhAlternatives))
                .fold(clause.to_owned(), |c, alternative| {
                    c.replace(alternative, "、")
                });
            let chars = |item: &str| item.chars().filter(|c| is_cjk(*c)).collect::<Vec<_>>();
            let listed = joined
                .split('、')
                .all(|i| chars(i).len() <= CHOICE_WORDS + 1);
            let choice = joined.split('、').find_map(|item| {
                let chars = chars(item);
                let choice = String::from_iter(choice_of(&chars, CHOICE_WORDS + 1, 2));
                let filler = choice.chars().all(|c| char_listed(Words::ZhReplyFiller, c));
                (choice.chars().count() >= 2 && !filler && text.contains(&choice)).then_some(choice)
            })?;
            Some((choice, offered, listed))
        })
    } else {
        let offering = |s: &&str| offers_choices(s, false);
        sentences.filter(offering).find_map(|offered| {
            let lower = offered.to_ascii_lowercase();
            let pieces = lower.split([',', ';']).map(words_of).collect::<Vec<_>>();
            let items =
                || (pieces.iter()).flat_map(|p| p.split(|w| in_list(Words::Alternatives, w)));
            let listed = items().all(|item| item.len() <= CHOICE_WORDS);
            let choice = items().find_map(|item| {
                let choice = choice_of(item, CHOICE_WORDS, 1);
                let content =
                    !choice.is_empty() && !choice.iter().any(|w| in_list(Words::ReplyFiller, w));
                (content && words.windows(choice.len()).any(|w| w == choice))
                    .then(|| choice.join(" "))
            })?;
            Some((choice, offered, listed))
        })
    };
    let (choice, offered, listed) = found?;
    Some(Picked {
        choice,
        offered,
        reply,
        listed,
    })
}

/// An item a reply offers as the choice it names: all of it when it has at most `most` words
/// (characters), else its last `keep` ("do you want chiffon" → "chiffon").
fn choice_of<T>(item: &[T], most: usize, keep: usize) -> &[T] {
    let from = if item.len() > most {
        item.len() - keep
    } else {
        0
    };
    &item[from..]
}

/// The details the reply asks for, part by part, in its order: the parts of each question
/// ("Who should it be addressed to, what will your last day be, and what tone?") and of each
/// request for details ("Tell me your budget and whether you have pets, and I can narrow it
/// down."; "请告诉我请假的时间、原因，以及邮件发给谁"). Not an offer of help (`offers`: "What
/// would you like to know?"), nor a yes-or-no question ("有没有做过评估？" asks a detail only
/// in a request, "方便说一下老人的年龄吗？").
fn asked_parts(reply: &str) -> Vec<Part<'_>> {
    let mut parts = Vec::new();
    for (at, own) in own_words(reply).into_iter().enumerate() {
        let before = parts.len();
        for sentence in own.split_inclusive(SENTENCE_ENDS).map(str::trim) {
            if sentence.contains(is_cjk) {
                zh_parts(sentence, &mut parts);
            } else {
                en_parts(sentence, &mut parts);
            }
        }
        parts[before..]
            .iter_mut()
            .for_each(|p| p.after_list = at > 0);
    }
    parts
}

/// The reply's own words, where its questions are, as slices of it: all of it but a draft and
/// what follows it, and but a list. A draft opens after a line ending with a colon ("以下是草稿：",
/// "主管您好：") that no list item follows, at a line that opens a draft ([`opens_draft`]) or at
/// a quotation after a colon ("Here's a draft: 'Hey…'", 好的:'值此中秋佳节…'); a draft's own
/// question ("想请问贵司是否…？", "Could you let me know when…?") is not the reply's. A list
/// ("Popular ones:\n1. …", "可以从这几点入手：\n- …") is skipped, and the reply's words go on
/// after it ("孩子现在多大？").
fn own_words(reply: &str) -> Vec<&str> {
    let mut own = Vec::new();
    let (mut start, mut at) = (0, 0);
    let mut listing = false;
    let mut lines = reply.split_inclusive('\n');
    while let Some(line) = lines.next() {
        let trimmed = line.trim();
        if listing && (trimmed.is_empty() || is_list_item(trimmed)) {
            at += line.len();
            start = at;
            continue;
        }
        listing = false;
        // "Here's a draft: 'Hey! … what time should I come?'": a quotation a colon opens.
        let quoted = line.match_indices([':', '：']).find(|(colon, mark)| {
            let after = line[colon + mark.len()..].trim_start();
            after.starts_with(['\'', '"', '‘', '“', '「', '『'])
        });
        if let Some((colon, _)) = quoted {
            own.push(&reply[start..at + colon]);
            return own;
        }
        if opens_draft(trimmed) {
            own.push(&reply[start..at]);
            return own;
        }
        if trimmed.ends_with([':', '：']) {
            own.push(&reply[start..at]);
            at += line.len();
            start = at;
            let next = lines.clone().map(str::trim).find(|l| !l.is_empty());
            if !next.is_some_and(is_list_item) {
                return own;
            }
            listing = true;
            continue;
        }
        at += line.len();
    }
    own.push(&reply[start..]);
    own
}

/// Whether a line of a reply is an item of a list: a bullet ("- ", "• ", "* ") or a number
/// with its mark (`number-marks`: "1.", "2、", "3)").
pub(super) fn is_list_item(line: &str) -> bool {
    let digits = line
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(line.len());
    let numbered = digits > 0
        && (list(word_list(Words::NumberMarks))).any(|mark| line[digits..].starts_with(mark));
    line.starts_with(['-', '•', '*', '·']) || numbered
}

/// Whether a line of a reply opens a draft: a subject ("Subject: Leaking kitchen tap"), a
/// greeting to someone ending with a comma ("Dear Mr. Okafor,", "Hi Mark,"), or a Chinese one
/// opening the line ("房東您好，家裡的冷氣…").
fn opens_draft(line: &str) -> bool {
    /// The most words of a greeting line ("Dear Mr. Okafor,").
    const GREETING_WORDS: usize = 4;
    let lower = line.to_ascii_lowercase();
    let words = words_of(&lower);
    let subject = in_list_at(&words, 0, Words::DraftSubjects) && line.contains(':');
    let greeting = in_list_at(&words, 0, Words::DraftGreetings)
        && line.ends_with(',')
        && words.len() <= GREETING_WORDS;
    let first_clause = line
        .split(['，', ',', '：', ':'])
        .next()
        .unwrap_or_default();
    let zh_greeting = list(word_list(Words::ZhDraftGreetings)).any(|g| first_clause.ends_with(g))
        && first_clause.chars().count() <= CONTINUED_WORDS * 2;
    subject || greeting || zh_greeting
}

/// Whether a follow-up, or one of its sentences or clauses, asks (a question mark, a question's
/// opening or, in Chinese, a question word) or directs something to be done ("帮我定个菜单",
/// "just tell me which"), in English (`words`, lower-case) or Chinese (no `words`).
pub(super) fn asks_or_directs(text: &str, words: &[&str]) -> bool {
    if words.is_empty() {
        let zh_asks = [
            Words::ZhQuestionWords,
            Words::ZhAsksDetail,
            Words::ZhAsksAmount,
        ];
        text.contains(['？', '?'])
            || zh_asks.into_iter().any(|list| rules::holds_any(text, list))
            || chinese::zh_directs(text)
    } else {
        // "the cheaper one i guess, just give me your pick": a clause after a comma directs too.
        let clause_directs = |c: &str| directs(&words_of(&c.to_ascii_lowercase())).is_some();
        // "ok so which one", "the first pays more. which one should I take": a question opens
        // a sentence, after an agreement or a connective.
        let lead = |w: &&str| in_list(Words::QuestionLeads, w);
        let opens_question = |sentence: &str| {
            let lower = sentence.to_ascii_lowercase();
            let words = words_of(&lower);
            let first = words.iter().copied().find(|w| !lead(w));
            first.is_some_and(|w| in_list(Words::QuestionOpeners, w))
        };
        text.contains('?')
            || text.split_inclusive(SENTENCE_ENDS).any(opens_question)
            || text.split([',', ';']).any(clause_directs)
    }
}

/// The words of a follow-up's statements (in Chinese, half the characters of its clauses):
/// its sentences and clauses that neither ask (a question mark, a question's opening or word)
/// nor direct ("帮我定个菜单").
fn stated(text: &str, chinese: bool) -> usize {
    if chinese {
        let clauses = text.split_inclusive(['。', '！', '？', '?', '，', ',', '；', ' ']);
        let states = |c: &&str| !asks_or_directs(c, &[]);
        clauses
            .filter(states)
            .map(|c| script_counts(c).0)
            .sum::<usize>()
            / 2
    } else {
        let clauses = text
            .split_inclusive(SENTENCE_ENDS)
            .flat_map(|s| s.split([',', ';']));
        let words = clauses
            .map(|s| (s, s.to_ascii_lowercase()))
            .filter_map(|(s, lower)| {
                let words = words_of(&lower);
                (!asks_or_directs(s, &words)).then_some(words.len())
            });
        words.sum()
    }
}

/// Whether a follow-up to a Chinese reply takes all the choices (`zh-all-choices`: "都算一下")
/// or has a clause that states (neither asks nor directs) and is more than an acknowledgement
/// (`zh-acknowledgements`: 好的, 收到): "WPS", "干透了 那咋办".
fn tells_more_than_acknowledging(text: &str) -> bool {
    let ends = ['。', '！', '？', '?', '，', ',', '；', ' '];
    rules::holds_any(text, Words::ZhAllChoices)
        || text.split_inclusive(ends).any(|clause| {
            let bare = clause.trim().trim_end_matches(ends).trim();
            let acknowledges = in_list(Words::ZhAcknowledgements, bare);
            !bare.is_empty() && !asks_or_directs(clause, &[]) && !acknowledges
        })
}

/// The most words of a detail listed after a comma in a request for details ("a bit about
/// your background").
const LISTED_WORDS: usize = 6;

/// The most Chinese characters of each choice in a bare list of them ("签证、行程还是交通？").
const CHOICE_CHARS: usize = 4;

/// The most words (twice as many Chinese characters) of a clause that goes on with the part
/// before it, naming what it may be ("price, capacity, energy use", 放台面上); a longer one
/// explains, and the details asked end ("where you live: most counties have a treasurer…").
const CONTINUED_WORDS: usize = 4;

/// The parts of an English sentence that asks ([`asked_parts`]): it ends with a question mark
/// or asks for details (`asks-request`: "tell me", "if you share"), from after those words.
/// Its clauses, split at commas and "and", are each a part when they open with a word of
/// `part-openers` (in a request, `request-openers` too: "your", "the"; after a part,
/// `yes-no-openers`: "and does she have…"); one that opens otherwise continues the part before
/// it ("what matters most — price, capacity"), and one opening with `reply-ends` ("I can
/// narrow it down") ends them.
fn en_parts<'r>(sentence: &'r str, parts: &mut Vec<Part<'r>>) {
    let lower = sentence.to_ascii_lowercase();
    let words = words_of(&lower);
    let request = rules::phrase_in(&words, Words::AsksRequest).map(|(at, phrase)| {
        let last = words[at + phrase.split('+').count() - 1];
        last.as_ptr() as usize - lower.as_ptr() as usize + last.len()
    });
    if !sentence.ends_with('?') && request.is_none() {
        return;
    }
    let body = request.unwrap_or(0);
    let mut current: Option<(usize, usize, usize)> = None;
    let mut listing = false;
    // A part's kind and whether it offers help are read in the clause that opens it ("what are
    // the two offers"), not in the things it goes on to name ("role, pay, anything else").
    let close = |part: Option<(usize, usize, usize)>, parts: &mut Vec<Part<'r>>| {
        let Some((start, opening, end)) = part else {
            return;
        };
        let text = sentence[start..end]
            .trim()
            .trim_end_matches(['?', '.', '!']);
        let words = words_of(&lower[start..opening]);
        let asks = |list| rules::phrase_in(&words, list).is_some();
        // "Can you tell me a bit about each…" asks for details, not yes or no.
        let whether = start >= body
            && (in_list_at(&words, 0, Words::AsksWhether)
                || in_list_at(&words, 0, Words::YesNoOpeners));
        let answer = Answer::of(|[en, _]| asks(en), whether);
        if !asks(Words::Offers) && !text.is_empty() {
            parts.push(Part {
                text,
                answer,
                after_list: false,
                stated: !sentence.ends_with('?'),
            });
        }
    };
    for (start, end) in en_clauses(&lower, body) {
        let clause = words_of(&lower[start..end]);
        let skipped = clause
            .iter()
            .take_while(|w| in_list(Words::ReplyConnectives, w));
        let opening = &clause[skipped.count()..];
        let Some(&first) = opening.first() else {
            continue;
        };
        if in_list(Words::ReplyEnds, first) {
            break;
        }
        let from = first.as_ptr() as usize - lower.as_ptr() as usize;
        let head = &opening[..opening.len().min(3)];
        let asking = (head.iter().take(2)).any(|w| in_list(Words::PartOpeners, w))
            || rules::phrase_in(head, Words::AsksAmount).is_some();
        let requested = request.is_some() && in_list(Words::RequestOpeners, first);
        // "Could you tell me a bit about him - what he was like…": a request for a description
        // is one part, the sentence.
        if request.is_some() && current.is_none() && !(asking || requested) {
            close(Some((0, end, lower.len())), parts);
            return;
        }
        // "How old is she, and does she have any other symptoms?": a yes or no after a part.
        let yes_no = current.is_some() && in_list(Words::YesNoOpeners, first);
        // "I'll need your age, sex, height and weight": after a detail requested by its noun,
        // each noun listed after a comma is a detail of its own ("gas and electricity prices"
        // is one).
        // "…, the company, and a bit about your background": the last noun after ", and".
        let before = lower[..from].trim_end();
        let joined = (before.rsplit_once(' '))
            .filter(|(_, last)| in_list(Words::ReplyConnectives, last))
            .map(|(head, _)| head);
        let after_comma =
            before.ends_with(',') || joined.is_some_and(|b| b.trim_end().ends_with(','));
        let listed = listing && after_comma && opening.len() <= LISTED_WORDS;
        if asking || requested || yes_no || listed {
            close(current.take(), parts);
            current = Some((from, end, end));
            listing = (requested || listed) && opening.len() <= CONTINUED_WORDS;
        } else if opening.len() <= CONTINUED_WORDS
            && let Some((_, _, last)) = current.as_mut()
        {
            *last = end;
        } else if current.is_some() {
            break;
        }
    }
    close(current, parts);
}

/// The clauses of a lowercased English sentence from `body` on, as byte ranges: split at
/// commas, semicolons, colons and dashes, and at " and ", " or " and " - ".
fn en_clauses(lower: &str, body: usize) -> Vec<(usize, usize)> {
    let mut clauses = Vec::new();
    let mut start = body;
    let ends = lower[body..].match_indices([',', ';', ':', '—', '?', '.']);
    let joins = ([" and ", " or ", " - "].into_iter()).flat_map(|j| lower[body..].match_indices(j));
    let mut cuts: Vec<(usize, usize)> = (ends.chain(joins))
        .map(|(at, s)| (body + at, body + at + s.len()))
        .collect();
    cuts.sort_unstable();
    for (at, after) in cuts {
        if at > start {
            clauses.push((start, at));
        }
        start = start.max(after);
    }
    if start < lower.len() {
        clauses.push((start, lower.len()));
    }
    clauses
}

/// The parts of a Chinese sentence that asks ([`asked_parts`]): it ends with a question mark
/// and asks no yes or no (ending with `zh-reply-particles`' 吗), or asks for details
/// (`zh-asks-request`: 告诉我, 方便说一下), from after those words. Its clauses, split at
/// commas and 、, are each a part when they ask (`zh-asks-detail`, `zh-asks-amount`,
/// `zh-asks-whether`) or open with `zh-reply-connectives` (还有, 以及), and in a request the
/// first; one that does neither continues the part before it (嵌入橱柜、放台面上).
fn zh_parts<'r>(sentence: &'r str, parts: &mut Vec<Part<'r>>) {
    let zh_holds = |text: &str, list| rules::holds_any(text, list);
    let request = (list(word_list(Words::ZhAsksRequest)))
        .filter_map(|w| sentence.find(w).map(|at| at + w.len()))
        .min();
    let asked = sentence.trim_end_matches(SENTENCE_ENDS);
    let yes_no = asked.ends_with(|c| char_listed(Words::ZhYesNo, c));
    // "需要我具体说说每一步怎么操作吗？": an offer the user may take, whatever it names.
    if (request.is_none() && (!sentence.ends_with(['？', '?']) || yes_no))
        || (yes_no && zh_holds(sentence, Words::ZhOffersToDo))
    {
        return;
    }
    let asks_in = |text: &str| {
        [
            Words::ZhAsksDetail,
            Words::ZhAsksAmount,
            Words::ZhAsksWhether,
        ]
        .into_iter()
        .any(|list| zh_holds(text, list))
    };
    // "你用的是苹果还是安卓？", "吐出来的是毛球、没消化的猫粮，还是黄水？": a question between
    // choices with no word that asks is asked from its first clause ([`Answer::Choice`]); not a
    // bare list of them, short and saying no "you" ("签证、行程还是交通？"), which goes on with
    // the question before it.
    let items = list(word_list(Words::ZhAlternatives)).fold(asked.to_owned(), |a, alternative| {
        a.replace(alternative, "、")
    });
    let bare_list = !zh_holds(asked, Words::ZhReplyPersons)
        && (items.split(['、', '，', ','])).all(|i| script_counts(i).0 <= CHOICE_CHARS);
    let choice = sentence.ends_with(['？', '?'])
        && request.is_none()
        && zh_holds(asked, Words::ZhAlternatives)
        && !asks_in(asked)
        && !bare_list;
    let mut current: Option<(usize, usize, bool)> = None;
    let close = |part: Option<(usize, usize, bool)>, parts: &mut Vec<Part<'r>>| {
        let Some((start, end, chosen)) = part else {
            return;
        };
        let text =
            sentence[start..end].trim_end_matches(|c| char_listed(Words::ZhReplyParticles, c));
        let answer = if chosen {
            Answer::Choice
        } else {
            Answer::of(
                |[_, zh]| zh_holds(text, zh),
                zh_holds(text, Words::ZhAsksWhether),
            )
        };
        if !zh_holds(text, Words::ZhOffers) && !text.is_empty() {
            parts.push(Part {
                text,
                answer,
                after_list: false,
                stated: !sentence.ends_with(['？', '?']),
            });
        }
    };
    let body = request.unwrap_or(0);
    let mut start = body;
    for clause in asked[body..].split_inclusive(['，', ',', '、', '；', '：', ':']) {
        let end = start + clause.len();
        // "可以先看看几个常见原因：": what a colon opens is asked, not the words before it.
        if clause.ends_with(['：', ':']) {
            start = end;
            continue;
        }
        let bare = clause.trim_end_matches(['，', ',', '、', '；']);
        let joined = rules::past_words(bare, Words::ZhReplyConnectives);
        let from = start + (bare.len() - rules::past_words(joined, Words::ZhReplyPersons).len());
        let text = &sentence[from..start + bare.len()];
        // "收到，你想算月供还是总利息？": an acknowledgement before the choices asks nothing.
        let acknowledges = in_list(Words::ZhAcknowledgements, bare);
        let chosen = choice && current.is_none() && !acknowledges;
        let opens =
            asks_in(text) || joined.len() < bare.len() || (request.is_some() && current.is_none());
        if opens || chosen {
            close(current.take(), parts);
            current = Some((from, start + bare.len(), chosen && !opens));
        } else if script_counts(bare).0 <= CONTINUED_WORDS * 2
            && let Some((_, last, _)) = current.as_mut()
        {
            *last = start + bare.len();
        } else if current.is_some() {
            break;
        }
        start = end;
    }
    close(current, parts);
}

/// Another of a kind the conversation did not name twice, so which one is not said: "the other
/// flour" after a recipe with one flour, "the other job I mentioned" after one job, 另外那封
/// after one email (`zh-others` and a measure word). Not "the other one" (a pick, read by
/// [`picked_unnamed`]), nor a group ("the other parents"), nor a phrase of `not-others` ("the
/// other day", "the other side").
fn other_unnamed(text: &str, words: &[&str], earlier: &[Message]) -> Option<String> {
    if words.is_empty() {
        let (at, other) =
            list(word_list(Words::ZhOthers)).find_map(|o| text.find(o).map(|at| (at, o)))?;
        let measure = text[at + other.len()..].chars().next()?;
        char_listed(Words::ZhMeasureWords, measure).then(|| format!("{other}{measure}"))
    } else {
        let at = (words.windows(3)).position(|w| {
            in_list(Words::PlaceholderPointers, w[0])
                && in_list(Words::Others, w[1])
                && !w[2].ends_with('s')
                && !in_list(Words::NotOthers, w[2])
        })?;
        let noun = words[at + 2];
        let lower: Vec<String> = earlier
            .iter()
            .map(|m| m.content.to_ascii_lowercase())
            .collect();
        let said = (lower.iter().flat_map(|m| words_of(m)))
            .filter(|w| w.starts_with(noun))
            .count();
        (said < 2).then(|| words[at..at + 3].join(" "))
    }
}

/// One of two (or a few) things of a kind the user named, picked by the follow-up and not named:
/// "it" in "Can you write an appeal for it" after "a parking ticket and a speeding ticket", "the
/// card" after "two credit cards", 这张 in "那这张最低还款是多少" after "两张信用卡". Not when the
/// follow-up names one ("the speeding one", "Chase", 招行这张), or takes them together or compares
/// them (`pair-alls`: "both", "which"; `zh-pair-alls`).
fn one_of_two(text: &str, words: &[&str], earlier: &[Message]) -> Option<String> {
    let said = (earlier.iter())
        .filter(|m| m.role == Role::User)
        .map(|m| m.content.as_str());
    if words.is_empty() {
        if rules::holds_any(text, Words::ZhPairAlls) {
            return None;
        }
        said.filter_map(zh_pair).find_map(|(measure, names)| {
            let named = names.iter().any(|n| text.contains(n.as_str()));
            zh_pick(text, measure).filter(|_| !named)
        })
    } else {
        if words.iter().any(|w| in_list(Words::PairAlls, w)) {
            return None;
        }
        said.filter_map(en_pair).find_map(|(noun, names)| {
            let named = names.iter().any(|n| words.contains(&n.as_str()));
            en_pick(words, &noun).filter(|_| !named)
        })
    }
}

/// Two or more of a kind an English message names, as the kind's word (singular) and the words
/// that tell them apart: "two credit cards, a Chase Freedom… and a Capital One…" (card; chase,
/// freedom, capital, one), "a parking ticket and a speeding ticket" (ticket; parking, speeding).
/// The words that tell them apart are its names (`Cues::proper`), and the ones before a word
/// said twice.
fn en_pair(message: &str) -> Option<(String, Vec<String>)> {
    let lower = message.to_ascii_lowercase();
    let ws = words_of(&lower);
    let proper = Cues::of(message, &lower, &ws).proper;
    let mut names: Vec<String> = (ws.iter().zip(&proper))
        .filter(|(_, proper)| **proper)
        .map(|(w, _)| (*w).to_owned())
        .collect();
    // "two credit cards": a count, then a word for many within the next three.
    let counted = (ws.iter().enumerate())
        .filter(|(_, w)| in_list(Words::PairCounts, w))
        .find_map(|(at, _)| {
            let many = |w: &&&str| w.len() >= 4 && w.ends_with('s') && !in_list(Words::NotPairs, w);
            ws[at + 1..].iter().take(3).find(many)
        })
        .map(|w| w.strip_suffix('s').unwrap_or(w).to_owned());
    // "a parking ticket and a speeding ticket", "car insurance and home insurance": one word
    // twice, each after a word of its own, "and" or "or" just before the second (or before its
    // "a", "the", "my").
    let determiner = |w: &str| {
        in_list(Words::PlaceholderPointers, w)
            || in_list(Words::UnnamedOpeners, w)
            || in_list(Words::UserPossessives, w)
    };
    let joined = |k: usize| {
        let join = |at: usize| in_list(Words::PairJoins, ws[at]);
        (k >= 3 && join(k - 2)) || (k >= 4 && determiner(ws[k - 2]) && join(k - 3))
    };
    let repeated = || {
        (1..ws.len()).find_map(|j| {
            let modifier = |w: &str| !determiner(w) && !rules::is_pronoun(w);
            (j + 2..ws.len().min(j + 5)).find_map(|k| {
                (ws[j] == ws[k]
                    && ws[j].len() >= 4
                    && ws[j - 1] != ws[k - 1]
                    && modifier(ws[j - 1])
                    && modifier(ws[k - 1])
                    && joined(k))
                .then(|| {
                    (
                        ws[j].to_owned(),
                        [ws[j - 1].to_owned(), ws[k - 1].to_owned()],
                    )
                })
            })
        })
    };
    match counted {
        Some(noun) => Some((noun, names)),
        None => repeated().map(|(noun, apart)| {
            names.extend(apart);
            (noun, names)
        }),
    }
}

/// The English words that pick one of a pair of `noun` without naming it: "it" after a word of
/// `pair-pick-before` ("an appeal for it"; "make it shorter" acts on the reply), "this one",
/// "the card".
fn en_pick(words: &[&str], noun: &str) -> Option<String> {
    let pointer = |w: &str| in_list(Words::PlaceholderPointers, w);
    let it = |p: &[&str]| in_list(Words::PairPickBefore, p[0]) && p[1] == "it";
    if words.windows(2).any(it) {
        return Some("it".to_owned());
    }
    let demonstrative =
        |w: &str| in_list(Words::NearDemonstratives, w) || in_list(Words::FarDemonstratives, w);
    (words.windows(2))
        .find(|p| (demonstrative(p[0]) && p[1] == "one") || (pointer(p[0]) && p[1] == noun))
        .map(|p| p.join(" "))
}

/// Two or more of a kind a Chinese message names, as the measure word that counts them and the
/// names that tell them apart: "两张信用卡，招行欠了一万二，建行欠了八千" (张; 招行, 建行),
/// "两套房子，一套在朝阳…，一套在通州…" (套; 朝阳, 通州). A name is the first two characters of
/// each clause after the count, past "一" and the measure word and a 在 or 是.
fn zh_pair(message: &str) -> Option<(char, Vec<String>)> {
    let chars: Vec<char> = message.chars().collect();
    let at = (chars.windows(2)).position(|p| {
        char_listed(Words::ZhPointedCounts, p[0])
            && char_listed(Words::ZhMeasureWords, p[1])
            && !char_listed(Words::ZhNotPairMeasures, p[1])
    })?;
    let measure = chars[at + 1];
    let clause_end = |c: char| matches!(c, '，' | ',' | '、' | '；' | '。' | '：');
    let after: String = chars[at..].iter().collect();
    let names = (after.split(clause_end).skip(1))
        .map(|clause| {
            let clause = clause.trim_start_matches(['一', measure]);
            let clause = clause.trim_start_matches(['在', '是']);
            clause
                .chars()
                .take_while(|&c| is_cjk(c))
                .take(2)
                .collect::<String>()
        })
        .filter(|name| name.chars().count() == 2)
        .collect();
    Some((measure, names))
}

/// The Chinese words that pick one of a pair counted by `measure` without naming it: 这张, 那套.
fn zh_pick(text: &str, measure: char) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    (chars.windows(2))
        .find(|p| char_listed(Words::ZhDemonstratives, p[0]) && p[1] == measure)
        .map(String::from_iter)
}

/// The marks that end a sentence of a reply, in English and Chinese.
const SENTENCE_ENDS: [char; 7] = ['.', '!', '?', '。', '！', '？', '\n'];

/// What a follow-up picks, without naming it, from the things the assistant's reply just before
/// it listed (three or more): "that one" in "is that one ok for someone with small hands?" after
/// four guitars; 那種 in "那種要多久澆一次水？" after four plants, 那 and a measure word with more
/// of the sentence after them ("不要剧透那种" ends on them: a kind, not a pick). A listed thing
/// is named by a word the list writes with a capital or a digit ("the Yamaha FG800"), or by
/// its first two Chinese characters (the first one's last two: "可以考虑黄金葛").
fn picked_unnamed(text: &str, words: &[&str], reply: &Message, said: &str) -> Option<String> {
    // A Chinese reply lists with 、; its commas join clauses ("這種大小可以用紗窗補丁貼，撕開…").
    let separators: &[char] = if reply.content.contains(is_cjk) {
        &['、', '\n']
    } else {
        &LIST_SEPARATORS
    };
    let items = (reply.content.split(separators)).filter(|i| !i.trim().is_empty());
    let mut named = false;
    for (i, item) in items.clone().enumerate() {
        let cjk: Vec<char> = item.chars().filter(|&c| is_cjk(c)).collect();
        let two = if i == 0 {
            cjk.len().saturating_sub(2)..cjk.len()
        } else {
            0..cjk.len().min(2)
        };
        named |= two.len() == 2 && text.contains(&String::from_iter(&cjk[two]));
        let marked = |w: &&str| {
            w.len() >= 3 && w.contains(|c: char| c.is_ascii_uppercase() || c.is_ascii_digit())
        };
        let lower = |w: &str| w.to_ascii_lowercase();
        named |= (item
            .split(|c: char| !c.is_ascii_alphanumeric() && c != '-')
            .filter(marked))
        .any(|w| words.contains(&lower(w).as_str()));
    }
    let chinese = text.char_indices().find_map(|(at, c)| {
        let mut rest = text[at..].char_indices().skip(1);
        let ((_, measure), (end, next)) = (rest.next()?, rest.next()?);
        let picked = char_listed(Words::ZhFarDemonstratives, c)
            && char_listed(Words::ZhMeasureWords, measure)
            && is_cjk(next);
        // "选爬山那个吧": the two characters before it name one ("去郊区爬座小山"), or one the
        // user `said` ("那国企那个呢" after "一个是老家的国企").
        let before: Vec<char> = text[..at].chars().rev().take(2).collect();
        let in_an_item = |item: &str| before.iter().all(|&c| is_cjk(c) && item.contains(c));
        let filler = before.iter().any(|&c| char_listed(Words::ZhReplyFiller, c));
        let user_named = !filler && said.contains(&String::from_iter(before.iter().rev()));
        named |= picked && before.len() == 2 && (items.clone().any(in_an_item) || user_named);
        picked.then(|| text[at..at + end].to_owned())
    });
    let pointer = |w| in_list(Words::NearDemonstratives, w) || in_list(Words::FarDemonstratives, w);
    // "that one", "one of them".
    let english = || {
        (words.windows(2))
            .find(|p| pointer(p[0]) && p[1] == "one")
            .map(|p| p.join(" "))
            .or_else(|| rules::phrase_in(words, Words::PicksOf).map(|(_, p)| p.replace('+', " ")))
    };
    chinese
        .or_else(english)
        .filter(|_| !named && items.count() >= 3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sum_is_money_by_its_sign_whatever_the_signs_width() {
        for text in ["about $400", "about €400", "about £40", "about ¥4000", "€"] {
            let lower = text.to_ascii_lowercase();
            let words = words_of(&lower);
            let answers = Answers::of(text, &words, "");
            let expected = usize::from(text.len() > "€".len());
            assert_eq!(answers.money, expected, "{text}");
            assert_eq!(answers.plain + answers.other, 0, "{text}");
        }
    }

    #[test]
    fn a_clause_after_a_comma_may_direct_and_any_sentence_ask() {
        for (text, directs) in [
            ("the cheaper one i guess, just give me your pick", true),
            ("the cheaper one i guess; write it up", true),
            ("the cheaper one i guess, my budget is tight", false),
            // A question opens after an agreement or a connective, in any sentence.
            ("ok so which one", true),
            ("and which is cheaper", true),
            ("ok so my budget is tight", false),
            ("the first one pays more. which one should I take", true),
        ] {
            let lower = text.to_ascii_lowercase();
            assert_eq!(asks_or_directs(text, &words_of(&lower)), directs, "{text}");
        }
    }

    #[test]
    fn a_name_with_its_number_answers_wherever_it_stands() {
        for (text, places) in [
            ("Windows 11", 1),
            ("iPhone 13, latest", 1),
            ("about 11 times", 0),
        ] {
            let lower = text.to_ascii_lowercase();
            assert_eq!(
                Answers::of(text, &words_of(&lower), "").places,
                places,
                "{text}"
            );
        }
    }

    #[test]
    fn which_aspects_is_no_place_and_mainly_answers_it() {
        let reply = "这很常见。具体是在哪些方面有分歧呢？";
        let parts = asked_parts(reply);
        assert_eq!(parts[0].answer, Answer::Words, "{parts:?}");
        assert_eq!(asked_parts("你住在哪？")[0].answer, Answer::Place);
        let reply = Message::new(Role::Assistant, reply);
        assert_eq!(
            unanswered_question("主要是她总喂孩子吃零食", &[], &reply, false),
            None
        );
        assert!(unanswered_question("她总是这样", &[], &reply, false).is_some());
    }

    #[test]
    fn a_chinese_answer_names_a_model_a_sum_or_a_place_near() {
        let answers = Answers::of("荣耀X50", &[], "你用的是什么手机？");
        assert_eq!((answers.named, answers.money), (1, 0));
        let answers = Answers::of("吃饭交通大概 15K", &[], "你其他开销大概多少？");
        assert_eq!((answers.named, answers.money), (0, 1));
        assert_eq!(Answers::of("我就住虹桥附近", &[], "").places, 1);
        assert_eq!(Answers::of("我就住附近", &[], "").places, 0);
        let reply = Message::new(Role::Assistant, "好的，请问延到什么时候？");
        assert_eq!(unanswered_question("还没确定", &[], &reply, false), None);
    }

    #[test]
    fn a_drafts_own_question_after_a_colon_is_not_the_replys() {
        let reply = "Here's a draft: 'Hey! Wouldn't miss it. What time should I come?'";
        assert!(asked_parts(reply).is_empty());
        assert!(asked_parts("好的：「王老师您好，请问明天几点到？」").is_empty());
        assert_eq!(asked_parts("Which day: Saturday or Sunday?").len(), 1);
    }

    #[test]
    fn a_question_after_a_list_is_the_replys_and_a_pick_or_a_statement_leaves_it() {
        let reply = "可以从这几点入手：\n- 找轻松的时机\n- 多听少说教\n孩子现在多大？";
        assert_eq!(own_words(reply), ["", "孩子现在多大？"]);
        let parts = asked_parts(reply);
        assert!(parts.len() == 1 && parts[0].after_list, "{parts:?}");
        let draft = "好的，这是草稿：\n尊敬的王老师：请问明天几点到？";
        assert_eq!(own_words(draft), [""]);
        let reply = Message::new(Role::Assistant, reply);
        for (text, open) in [
            ("帮我推荐几本书", true),
            ("第二个怎么做", false),
            ("十二岁", false),
        ] {
            let asked = unanswered_question(text, &[], &reply, false);
            assert_eq!(asked.is_some(), open, "{text}");
        }
    }

    #[test]
    fn a_choice_asked_with_no_asking_word_is_a_part_an_acknowledgement_leaves_open() {
        let reply = "可以先清理缓存。你用的是苹果还是安卓？我可以给你具体步骤。";
        let parts = asked_parts(reply);
        assert_eq!(parts.len(), 1, "{parts:?}");
        assert_eq!(parts[0].answer, Answer::Choice);
        assert!(asked_parts("需要准备什么？签证、行程还是交通？").is_empty());
        for (text, open) in [
            ("好的，具体怎么弄", true),
            ("要不要换", true),
            ("都要", false),
        ] {
            let asked =
                unanswered_question(text, &[], &Message::new(Role::Assistant, reply), false);
            assert_eq!(asked.is_some(), open, "{text}");
        }
    }

    /// The question a follow-up leaves open of `reply`, read as the detector reads English.
    fn left_open(text: &str, reply: &str) -> Option<String> {
        let lower = text.to_ascii_lowercase();
        let reply = Message::new(Role::Assistant, reply);
        unanswered_question(text, &words_of(&lower), &reply, false)
    }

    #[test]
    fn a_statement_answers_two_parts_of_other_words_and_a_third_by_more_words() {
        let reply = "Happy to help! Could you tell me the job title, the company, and a bit about \
                     your background or the experience you'd like to highlight?";
        assert_eq!(asked_parts(reply).len(), 3);
        let role = "its for a marketing coordinator role at a tech startup";
        let asked = left_open(role, reply);
        assert_eq!(asked.as_deref(), Some("A bit about your background?"));
        let told = "its for a marketing coordinator role at a tech startup, and I ran \
                    the campus radio station for three years";
        assert_eq!(left_open(told, reply), None);
    }

    #[test]
    fn how_high_asks_a_figure_a_figure_for_another_part_leaves_open() {
        let reply = "To give you useful guidance: how old is she, how high is the fever, and \
                     how long has she had it?";
        let asked = left_open("she's 2. she's been kind of cranky and sleepy", reply);
        assert_eq!(asked.as_deref(), Some("How high is the fever?"));
        assert_eq!(
            left_open("she's 2, it's 39.2 and since sunday", reply),
            None
        );
    }

    #[test]
    fn a_chinese_answer_names_a_kind_of_the_thing_asked_or_weighs_it() {
        let reply = Message::new(Role::Assistant, "好呀，你用什么锅？肉大概多少？");
        let open = |text: &str| unanswered_question(text, &[], &reply, false);
        assert_eq!(open("五花肉一斤半，用电压力锅"), None);
        assert_eq!(open("豬肉一斤，用电压力锅"), None);
        assert_eq!(open("用电压力锅").as_deref(), Some("肉大概多少？"));
        assert_eq!(open("肉一公斤").as_deref(), Some("用什么锅？"));
        // Counted, pointed at or owned, the thing's word names no kind of it.
        let reply = Message::new(Role::Assistant, "好的，想跟老师说什么事？");
        let open = |text: &str| unanswered_question(text, &[], &reply, false);
        assert!(open("就是那件事，帮我写客气点").is_some());
        assert!(open("就是孩子的事，帮我写客气点").is_some());
    }

    #[test]
    fn a_capitalised_name_alone_answers_what_is_asked_and_not_what_is_stated() {
        let reply = "It depends on your citizenship. Which passport do you hold?";
        assert_eq!(left_open("Indian", reply), None);
        assert_eq!(left_open("New Zealand", reply), None);
        assert_eq!(
            left_open("Yes", reply).as_deref(),
            Some("Which passport do you hold?")
        );
        // A place said with its preposition answers where, not the other part.
        let reply = "Which city are you flying from, and what dates are you looking at?";
        let asked = left_open("From Chicago.", reply);
        assert_eq!(asked.as_deref(), Some("What dates are you looking at?"));
    }

    #[test]
    fn a_part_asked_with_a_question_mark_is_asked_before_one_stated() {
        let reply = "Whether that's fair depends on local law and your tenancy agreement. \
                     Where are you based?";
        assert_eq!(asked_parts(reply).len(), 2);
        let asked = left_open("so what should I actually say to him", reply);
        assert_eq!(asked.as_deref(), Some("Where are you based?"));
    }

    #[test]
    fn a_longer_follow_up_may_tell_a_failure_a_chinese_one_stays_short() {
        let words = [
            "ok", "that", "fixed", "it", "but", "now", "its", "throwing", "a",
        ];
        let failure = [&words[..], &["different", "error"]].concat();
        assert_eq!(
            still_failing("", &failure).as_deref(),
            Some("different error")
        );
        assert!(still_failing("照做了還是一樣", &[]).is_some());
        assert!(still_failing("第一个试了没用，皮搋子家里也没有，疏通剂哪种好", &[]).is_none());
    }

    #[test]
    fn a_request_for_details_opening_as_a_yes_or_no_asks_for_them() {
        let reply = "Can you tell me a bit about each: salary, role, team?";
        let parts = asked_parts(reply);
        assert_eq!(parts.len(), 1, "{parts:?}");
        assert_eq!(parts[0].answer, Answer::Words);
        let parts = asked_parts("Could you tell me your budget, and do you have pets?");
        assert_eq!(
            parts.last().map(|p| p.answer),
            Some(Answer::Whether),
            "{parts:?}"
        );
    }

    #[test]
    fn a_pick_after_a_name_the_user_said_is_named() {
        let reply = Message::new(
            Role::Assistant,
            "外企的优势：薪资高、氛围平等、成长快。\n劣势：成本高、离家远、不稳定。",
        );
        let said = "一个是上海的外企，一个是老家的国企，我爸现在用的是旧款";
        assert_eq!(picked_unnamed("那国企那个呢", &[], &reply, said), None);
        assert!(picked_unnamed("那个呢", &[], &reply, said).is_some());
        // "用的" says how, not which: 的 names nothing.
        assert!(picked_unnamed("跟我爸现在用的那个比呢", &[], &reply, said).is_some());
    }
}
