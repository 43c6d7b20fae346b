//! The embedded detector: decides offline, in microseconds, whether a request needs
//! clarification and which questions to ask — in English and Chinese (the Chinese decision in
//! `detect/chinese.rs`), and by their columns (and their own model) in Japanese, Korean,
//! Spanish, French, German, Portuguese and Italian (`detect/columns.rs`).
//!
//! The layers, cheapest first:
//! 1. **Rules** ([`Kind`]): a pronoun with no antecedent ("tell me more about it" with no
//!    history), a missing artifact ("use the method from the paper"), an ambiguous reference
//!    ("compare them"), an underspecified parameter ("how many examples are enough?"), and for
//!    Chinese a terse keyword list ("悠遊卡 投遞的格式、成效") or a pronoun. A rule that fires
//!    decides "ask" on its own.
//! 2. **Well-known ambiguous names** ([`names`]): "Georgia", "Jordan", "Java"… with nothing in
//!    the request that picks a meaning get "which one do you mean?".
//! 3. **Clear by construction**: a request longer than any vague one in the training data, a
//!    factual question about a named subject ("Who plays Simon's dad in The Inbetweeners?") and
//!    a recognised task whose details are all given ("Book a table for 4 at 7pm at Nopa") are
//!    answered without asking. Quoted literals (`Output "X" if …`) are never read as requests.
//! 4. **A learned model** for English and Chinese: logistic regression over hashed word (and,
//!    for Chinese, character) unigrams and bigrams and a proper-noun cue, trained by
//!    `scripts/train-detector` on the sources listed in `data/MANIFEST.md` and embedded as 8 KB
//!    of quantised weights.
//! 5. **Task frames** ([`frames`], from `core/data/detector.toml`): a question is asked only
//!    for a slot of a kind of task the request is (a trip's length, a booking's time, a
//!    translation's target language…) that it leaves open; a vague request of no known kind
//!    is asked about the thing it names as known ("the hotel"), else the generic focus question.
//!
//! Every question's [`QuestionSource::Detector`] names the kind that fired, and
//! [`detect_traced`] gives the cue behind each question for the trace. Only the first 4 KB of a
//! request are read, so cost is bounded.

mod chinese;
mod columns;
pub(crate) mod data;
mod frames;
mod model;
mod names;
mod reply;
mod rules;
#[cfg(test)]
mod schema;

use crate::analysis::Analysis;
use crate::protocol::language::Language as UserLanguage;
use crate::protocol::question::{
    Choice, ChoiceId, Priority, Question, QuestionId, QuestionSource, Stage,
};
use crate::protocol::request::{Message, Role};
pub(crate) use crate::text::is_cjk;
use strum::{IntoStaticStr, VariantArray, VariantNames};

#[cfg(test)]
use chinese::ChineseSignals;
use chinese::{ZhReading, own_material_in_chinese};
use frames::{Cover, Filling, Frame, General, Pattern, Script, Slot, Words};
use reply::{is_list_item, picks_an_item, reply_findings, tells_failure};

/// The detector's knowledge as the build writes it from `core/data/detector.toml`: the frames,
/// their slots and vocabularies, and every wording, checked at build time
/// (`detect/schema.rs`) and serialized (`core/build.rs`). It reaches the detector in the
/// detector's data file, beside the learned model's weights ([`data`]); this copy is the tests'.
#[cfg(test)]
const KNOWLEDGE: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/knowledge.bin"));

/// The detector's knowledge, read from its installed data once, on first use: the one place it
/// is loaded. Empty (no frame, no word) before the data is installed ([`data`]).
pub(crate) fn knowledge() -> &'static frames::Table {
    static KNOWLEDGE_READ: std::sync::OnceLock<frames::Table> = std::sync::OnceLock::new();
    static NONE: std::sync::OnceLock<frames::Table> = std::sync::OnceLock::new();
    // Once read, the table stands for the program's life (the tests can hide the data again).
    #[cfg(not(test))]
    if let Some(table) = KNOWLEDGE_READ.get() {
        return table;
    }
    match data::get() {
        Some(data) => KNOWLEDGE_READ.get_or_init(|| frames::Table::read(data.knowledge)),
        None => NONE.get_or_init(frames::Table::default),
    }
}

/// The word list `which` of the data file, each word between spaces.
pub(crate) fn word_list(which: Words) -> &'static str {
    knowledge().word_list(which)
}

/// Whether `c` is a character of the data file's list `which`, a list of single characters.
pub(crate) fn char_listed(which: Words, c: char) -> bool {
    knowledge().char_listed(which, c)
}

/// Whether `word` is a word of the data file's list `which`.
#[inline]
pub(crate) fn in_list(which: Words, word: &str) -> bool {
    knowledge().listed(which, word)
}

/// Whether `words[at]` is a word of the data file's list `which` (none is, past the end).
fn in_list_at(words: &[&str], at: usize, which: Words) -> bool {
    words.get(at).is_some_and(|w| in_list(which, w))
}

/// Whether any of `words` is a word of the data file's list `which`.
fn any_in_list(words: &[&str], which: Words) -> bool {
    words.iter().any(|w| in_list(which, w))
}

/// Detects vagueness in `request`, given the conversation so far, without any LLM.
///
/// Returns at most three questions, critical first. An empty request needs no clarification
/// (the session rejects it before detection).
pub fn detect(request: &str, history: &[Message]) -> Analysis {
    detect_traced(request, history).0
}

/// [`detect`], with the cue that made each question, in the questions' order: the rule and
/// its words, the ambiguous name, or the task kind and the detail it leaves open.
pub fn detect_traced(request: &str, history: &[Message]) -> (Analysis, Vec<String>) {
    traced(assess(request, history))
}

/// [`detect_traced`] with the questions worded in `language`, the conversation's: a
/// Chinese conversation gets Chinese questions in its own script whatever the request's
/// language or script, where the detector has a Chinese wording of the question (all but an
/// ambiguous name's meanings, which stay as the name list gives them).
pub fn detect_traced_in(
    request: &str,
    history: &[Message],
    language: UserLanguage,
) -> (Analysis, Vec<String>) {
    traced(assess_in(request, history, language))
}

/// The questions of `assessment` in asking order, at most [`MAX_QUESTIONS`], with their cues.
///
/// When nothing is asked, the cues are the reasons (a language the detector does not read, a
/// vague decision too weak for a question that names nothing), for the trace.
fn traced(assessment: Assessment) -> (Analysis, Vec<String>) {
    let (mut questions, mut cues) = (assessment.questions, assessment.cues);
    if !questions.is_empty() {
        let mut pairs: Vec<(Question, String)> = questions.into_iter().zip(cues).collect();
        crate::text::sort_short_by(&mut pairs, |a, b| a.0.priority.cmp(&b.0.priority));
        pairs.truncate(MAX_QUESTIONS);
        (questions, cues) = pairs.into_iter().unzip();
    }
    let analysis = Analysis {
        needs_clarification: assessment.needs_clarification && !questions.is_empty(),
        questions,
    };
    (analysis, cues)
}

/// Whether `request` is a task that works on the text it quotes (a frame with a slot filled by
/// a quote: translate, summarise, proofread…), or asks about those words themselves (what they
/// mean, where they come from, what comes next, which cells contain them: `quote-questions`):
/// the quote is its material, not a name to look up.
pub(crate) fn works_on_quote(request: &str) -> bool {
    let text = clip(request, MAX_BYTES);
    let lower = text.to_ascii_lowercase();
    let words = words_of(&lower);
    let has = |w: &str| text.contains(w);
    if any_in_list(&words, Words::QuoteQuestions)
        || list(word_list(Words::ZhQuoteQuestions)).any(has)
    {
        return true;
    }
    let cues = Cues::of(text, &lower, &words);
    knowledge().frames.iter().any(|f| {
        let quoted = f.slots.iter().any(|s| {
            s.en.patterns.contains(&Pattern::Quote) || s.zh.patterns.contains(&Pattern::Quote)
        });
        let english = !f.en.is_empty() && cues.matched.names(&f.en);
        let chinese =
            list(f.zh.cues).any(has) && (f.zh.intents.is_empty() || list(f.zh.intents).any(has));
        quoted && (english || chinese)
    })
}

/// Whether the detector would ask before answering `request` (no history).
pub fn is_vague(request: &str) -> bool {
    evaluate(request, &[], Wording::Decision, model::shipped(), &TUNING).needs_clarification
}

/// The detector's full reasoning for one request: decision, language, model score, the rules
/// that fired and the questions it would ask.
pub fn assess(request: &str, history: &[Message]) -> Assessment {
    assess_in(request, history, UserLanguage::English)
}

/// [`assess`] with the questions worded in `language` (see [`detect_traced_in`]).
pub fn assess_in(request: &str, history: &[Message], language: UserLanguage) -> Assessment {
    let wording = Wording::of(language);
    evaluate(request, history, wording, model::shipped(), &TUNING)
}

/// [`assess`] with a given model and tuning, building the questions in `wording` (none for
/// [`Wording::Decision`]).
fn evaluate(
    request: &str,
    history: &[Message],
    wording: Wording,
    model: Option<model::Model<'_>>,
    tuning: &Tuning,
) -> Assessment {
    let untagged = without_tags(clip(request, MAX_BYTES));
    let plain = crate::text::plain_apostrophes(&untagged);
    let text = plain.as_ref();
    let mut out = Assessment {
        wording,
        ..Assessment::default()
    };
    if text.trim().is_empty() {
        return out;
    }
    let history = plain_messages(history);
    let history = conversation(&history);
    // Quoted literals inside an instruction (`Output "yes" if …`) are data, not the request.
    let unquoted = unquoted(text);
    let named_by_quote = quotation_neighbours(text);
    // Read with the literals: a quoted passage after the instruction is its material.
    let given = Given {
        history: !history.is_empty(),
        earlier: history,
        told: !history.is_empty()
            && history.iter().all(|m| m.role == Role::User)
            && !holds_material(history),
        material: supplies_material(text),
        literal: unquoted.len() != text.len(),
        quoted: has_quote(text),
        quoted_sentence: quotes_a_sentence(text),
        after_colon: has_text_after_colon(text),
        named_by_quote: &named_by_quote,
    };
    let text = unquoted.as_str();
    let (cjk, latin_words) = script_counts(text);
    if let Some(name) = unread_of(text, cjk, latin_words) {
        if let Some(language) = UserLanguage::named(name)
            && let Some(pack) = columns::pack(language)
        {
            out.language = Language::Columns;
            // These languages' own model, from the same data file as their pack.
            let model = data::columns_model(language).and_then(model::Model::parse);
            let score = model.map(|m| (m.score(&model_text(given, text)), m.threshold()));
            columns::assess(pack, text, given, score, &mut out);
            return out;
        }
        // Its questions would be in a language the user did not write in, or would misread
        // it: the request is answered as it stands, and the trace says why.
        out.language = Language::Other;
        out.cues.push(format!(
            "written in {name}, which the detector does not read: answered as asked"
        ));
        return out;
    }
    if mostly_cjk(cjk, latin_words) {
        out.language = Language::Chinese;
    }
    let scorer = Scorer { model, tuning };
    if is_small_talk(text, cjk) {
        out.cues
            .push("small talk (a greeting, thanks, a laugh): answered as it is".to_owned());
    } else if out.language == Language::Chinese {
        // Supplied material is what 这个 or 这句话 refers to, as an earlier turn would be.
        let with_questions = wording != Wording::Decision;
        match emergency(text, &[]) {
            Some(sign) => out.cues.push(emergency_cue(&sign)),
            None => chinese::decide(text, cjk, given, with_questions, scorer, &mut out),
        }
    } else {
        english(text, given, scorer, &mut out);
    }
    out
}

/// The text the learned model reads: the request, after the user's earlier messages when the
/// conversation has no reply in it yet (the host's context, or messages sent one after another:
/// "I'm learning to code", then "why doesn't my loop ever stop"). They are what the user has
/// said so far, and whether that says enough is the model's finding. After a reply the model
/// reads the request alone, and the conversation is left to fill the details it names.
fn model_text<'t>(given: Given<'_>, text: &'t str) -> std::borrow::Cow<'t, str> {
    if !given.told {
        return text.into();
    }
    let mut all = String::new();
    for m in given.earlier {
        all.push_str(&m.content);
        all.push(' ');
    }
    all.push_str(text);
    all.into()
}

/// `history` with the user's and the host's messages as [`crate::text::plain_apostrophes`]
/// writes them; the assistant's stay as written, to be told apart as the product's own questions.
fn plain_messages(history: &[Message]) -> std::borrow::Cow<'_, [Message]> {
    let typed = |m: &Message| m.role != Role::Assistant && crate::text::typographic(&m.content);
    if !history.iter().any(typed) {
        return history.into();
    }
    let plain = |m: &Message| {
        let typed = typed(m).then(|| crate::text::plain_apostrophes(&m.content).into_owned());
        Message::new(m.role, typed.unwrap_or_else(|| m.content.clone()))
    };
    history.iter().map(plain).collect()
}

/// The conversation as the detector reads it: none when the user's every message in it is small
/// talk and the host gave no context ("Salut !", then "Tu peux m'aider à choisir une mutuelle
/// ?"): a greeting, and the reply to it, fill no detail and are no antecedent. A greeting
/// quotes nothing and introduces nothing ("Aqui o código: print('Olá' + 5)" is no greeting).
fn conversation(history: &[Message]) -> &[Message] {
    let greeting = |text: &str| {
        is_small_talk(text, script_counts(text).0)
            && !has_quote(text)
            && !text.contains([':', '：', '(', '='])
    };
    let greeted = history.iter().any(|m| m.role == Role::User)
        && history.iter().all(|m| match m.role {
            Role::User => greeting(&m.content),
            Role::Assistant => true,
            Role::System => false,
        });
    if greeted { &[] } else { history }
}

/// The sign of a medical emergency happening now that `text` tells (`emergencies`, read in the
/// English request's `words`; `zh-emergencies`, in a Chinese one's text when there are none:
/// "chest pain", "can't breathe", 嘴角歪): a question would only delay the answer, which is to
/// get help at once.
fn emergency(text: &str, words: &[&str]) -> Option<String> {
    /// Words (Chinese characters) before a sign within which a denial (`denials`,
    /// `zh-unnamed-negations`) takes it back.
    const DENIAL_REACH: usize = 6;
    if words.is_empty() {
        let denied = |before: &str| {
            let near = before.char_indices().rev().nth(DENIAL_REACH - 1);
            rules::holds_any(
                &before[near.map_or(0, |(at, _)| at)..],
                Words::ZhUnnamedNegations,
            )
        };
        let signs = list(word_list(Words::ZhEmergencies));
        let told = |w: &&str| text.match_indices(*w).any(|(at, _)| !denied(&text[..at]));
        return signs.into_iter().find(told).map(str::to_owned);
    }
    let (at, sign) = rules::phrase_in(words, Words::Emergencies)?;
    let before = &words[at.saturating_sub(DENIAL_REACH)..at];
    let denied = before.iter().any(|w| in_list(Words::Denials, w));
    (!denied).then(|| sign.replace('+', " "))
}

/// What the trace says of a request that tells an emergency's `sign`.
fn emergency_cue(sign: &str) -> String {
    format!("an emergency happening now (\"{sign}\"): answered at once, nothing asked")
}

/// Chinese characters besides its greeting or thanks that small talk may hold ("好的谢谢").
const SMALL_TALK_BESIDES: usize = 2;

/// Whether `text` is small talk: a short greeting, thanks or laugh with no task in it ("hey
/// how's it going", "lol that's hilarious", 早上好呀). A question to it would answer nothing.
fn is_small_talk(text: &str, cjk: usize) -> bool {
    const MAX_WORDS: usize = 6;
    const MAX_CHARS: usize = 8;
    /// The most characters of an invitation to chat that is small talk.
    const CHAT_CHARS: usize = 16;
    if cjk > 0 {
        let holds = |which: Words| list(word_list(which)).any(|w| text.contains(w));
        // "陪我聊会儿天吧", "隨便傾下偈啦": company asked for, not a task; how to chat with
        // someone, or a chat to write, is one.
        let chat = cjk <= CHAT_CHARS
            && holds(Words::ZhChat)
            && !holds(Words::ZhHow)
            && !chinese::zh_directs(text);
        // "谢谢你", "好的谢谢": little besides; "翻成日文，謝謝" is a task with thanks.
        let besides = || script_counts(&rules::without_words(text, Words::ZhSmallTalk)).0;
        let pleasantry =
            cjk <= MAX_CHARS && holds(Words::ZhSmallTalk) && besides() <= SMALL_TALK_BESIDES;
        return pleasantry || chat;
    }
    // Each run between spaces with a letter or a digit holds a word at least: a longer text is
    // told apart before it is read.
    let runs = text
        .split_whitespace()
        .filter(|r| r.contains(char::is_alphanumeric));
    if runs.count() > MAX_WORDS {
        return false;
    }
    let lower = text.to_ascii_lowercase();
    let words = words_of(&lower);
    // "its due friday lol im cooked" tells when, which a laugh does not.
    let tells_when = (words.iter()).any(|w| is_number(w) || is_time(w, None));
    // "cool, fill in my info": a directive after the small talk.
    let chat = |w: &&str| in_list(Words::SmallTalk, w) || in_list(Words::Interjections, w);
    let past_small_talk = &words[words.iter().position(|w| !chat(w)).unwrap_or(words.len())..];
    words.len() <= MAX_WORDS
        && any_in_list(&words, Words::SmallTalk)
        && directs(past_small_talk).is_none()
        && !any_in_list(&words, Words::SmallTalkAsks)
        && !tells_when
        || words.len() <= 4 && words.first().is_some_and(|w| in_list(Words::Greetings, w))
}

/// The language `request` is written in when it is neither English nor Chinese: one the
/// detector reads by its columns (Japanese, Korean, Spanish…; a question of the columns is in
/// its language word for word), or one it does not read ([`not_read`]).
pub fn unread_language(request: &str) -> Option<&'static str> {
    columns::wording_language(request).or_else(|| {
        let text = unquoted(request);
        let (cjk, latin_words) = script_counts(&text);
        unread_of(&text, cjk, latin_words)
    })
}

/// The language whose columns the detector would read `request` with when they are not
/// installed yet (the WebAssembly build installs each language's data file on demand): a
/// session waits for them ([`Effect::LoadColumns`](crate::Effect::LoadColumns)), and a shell
/// may fetch them while the request is typed. `None` for a request in English or Chinese, in a
/// language without columns, or whose columns are there. Told from the detector's data, so
/// `None` before it is installed, unless the script tells (Japanese, Korean).
pub fn columns_wanted(request: &str) -> Option<UserLanguage> {
    let language = UserLanguage::named(not_read(request)?)?;
    columns::has_columns(language).then_some(language)
}

/// [`unread_language`] of a request's unquoted `text`, given its counts of CJK characters and
/// Latin words.
fn unread_of(text: &str, cjk: usize, latin_words: usize) -> Option<&'static str> {
    unread_script(text).or_else(|| {
        (!mostly_cjk(cjk, latin_words))
            .then(|| columns::identify(text).or_else(|| unread_latin(text)))
            .flatten()
    })
}

/// The language `request` is written in when the detector reads it by neither English nor
/// Chinese nor its installed columns (Russian, Arabic, Dutch…; Japanese and the other columns'
/// languages in the WebAssembly build until their data file is installed): such a request gets
/// no offline question, and the session says so.
pub fn not_read(request: &str) -> Option<&'static str> {
    unread_language(request)
        .filter(|name| UserLanguage::named(name).and_then(columns::pack).is_none())
}

/// The language of `text` when its script shows one the detector does not read: Japanese (any
/// kana, whatever its kanji: 東京への旅行を計画して is not Chinese), Korean (Hangul), or a
/// script of the data file's `unread-script` with more letters in the text than ASCII and CJK ones (an English
/// request naming "Δx" stays English, as does 请问π的前十位小数是多少). Quoted text is not counted.
fn unread_script(text: &str) -> Option<&'static str> {
    let scripts = &knowledge().unread_scripts;
    let mut counts = vec![0usize; scripts.len()];
    // Letters of the scripts the detector reads: ASCII and CJK.
    let mut read = 0;
    let mut quoted = false;
    // What a request quotes is its object, not its language: 韩语“감사합니다”是什么意思？
    for c in text.chars() {
        match c {
            '"' => quoted = !quoted,
            _ if c.is_ascii() => read += usize::from(!quoted && c.is_ascii_alphabetic()),
            '“' | '「' | '『' => quoted = true,
            '”' | '」' | '』' => quoted = false,
            _ if quoted => {}
            _ if is_kana(c) => return Some("Japanese"),
            '\u{AC00}'..='\u{D7AF}' | '\u{1100}'..='\u{11FF}' | '\u{3130}'..='\u{318F}' => {
                return Some("Korean");
            }
            _ if is_cjk(c) => read += 1,
            _ if let Some(i) = marked_by(scripts, c) => counts[i] += 1,
            _ => {}
        }
    }
    let (i, &most) = counts.iter().enumerate().max_by_key(|&(_, n)| *n)?;
    (most > read).then_some(scripts[i].0)
}

/// Which of `marks` (names, each with its letters as ranges of characters) writes `c`.
fn marked_by(marks: &[(&str, Vec<(char, char)>)], c: char) -> Option<usize> {
    marks
        .iter()
        .position(|(_, ranges)| ranges.iter().any(|&(from, to)| (from..=to).contains(&c)))
}

/// Hiragana or katakana (full or half width): the mark of Japanese text.
pub(crate) fn is_kana(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{30FF}' | '\u{31F0}'..='\u{31FF}' | '\u{FF66}'..='\u{FF9D}')
}

/// The language of a Latin-script `text` that is not English: no common English word that
/// only English writes, more of another language's own words than of the English words it
/// shares ("plan", "in"), and two of them at least ("Écris une lettre de motivation", "Plan een
/// reis naar Rome"), or one beside an accented letter and no English word ("Planifica un viaje
/// a París"); a word in lower case with a letter of the data file's `unread-letters` ("Napisz wiadomość do
/// szefa"; a capitalised one may be a name: "Pierogi in Łódź") comes before the latter. English with a
/// foreign name or phrase in it keeps its English words and stays English; most English
/// requests are settled by their first common word.
fn unread_latin(text: &str) -> Option<&'static str> {
    let unread = &knowledge().unread;
    // Each language's listed words seen, as bits of their places in its list: each counts
    // once ("x+y = 4z, x*y = 4z^2" is no Spanish).
    let mut seen = vec![0u64; unread.len()];
    let mut english = 0;
    let mut accented = false;
    let mut marked = None;
    for word in text
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
    {
        accented |= word.chars().any(|c| matches!(c, '\u{C0}'..='\u{24F}'));
        // Only a word in lower case (a name is capitalised), told without Unicode's tables.
        let lower_case = |c: char| {
            c.is_ascii_lowercase() || ('\u{DF}'..='\u{FF}').contains(&c) || letter_mark(c).is_some()
        };
        if marked.is_none() && !word.is_ascii() && word.chars().next().is_some_and(lower_case) {
            marked = word.chars().find_map(letter_mark);
        }
        // ASCII lower-casing in a stack buffer: no allocation, and no Unicode case tables in
        // the WebAssembly build. No listed word is longer than the buffer.
        let mut buf = [0u8; 8];
        let Some(bytes) = buf.get_mut(..word.len()) else {
            continue;
        };
        bytes.copy_from_slice(word.as_bytes());
        lower_latin1(bytes);
        let lower = std::str::from_utf8(bytes).unwrap_or_default();
        if listed(&knowledge().english, &lower) {
            // An English word no other listed language writes settles it at once; one they
            // write too ("plan", "in") is counted against their words.
            if !listed(&knowledge().english_shared, &lower) {
                return None;
            }
            english += 1;
            // No English word is in a foreign list (a test holds them apart).
            continue;
        }
        for ((_, words), seen) in unread.iter().zip(&mut seen) {
            if let Ok(at) = words.binary_search(&lower) {
                *seen |= 1 << at;
            }
        }
    }
    let (best, count) = seen
        .iter()
        .map(|s| s.count_ones())
        .enumerate()
        .max_by_key(|&(i, n)| (n, std::cmp::Reverse(i)))?;
    let name = unread[best].0;
    let weak = count == 1 && accented && english == 0;
    (count >= 2 && count > english)
        .then_some(name)
        .or(marked)
        .or(weak.then_some(name))
}

/// The language a lower-case letter marks: one of the data file's `unread-letters`, letters
/// that among the languages a request is likely written in only it writes.
fn letter_mark(c: char) -> Option<&'static str> {
    let letters = &knowledge().unread_letters;
    marked_by(letters, c).map(|i| letters[i].0)
}

/// Lower-cases ASCII and Latin-1 capitals in UTF-8 `bytes` ("Écris" → "écris") without the
/// Unicode case tables: a Latin-1 capital is 0xC3 then 0x80–0x9E (0x97 is "×"), its small
/// letter 0x20 further.
fn lower_latin1(bytes: &mut [u8]) {
    bytes.make_ascii_lowercase();
    for i in 1..bytes.len() {
        if bytes[i - 1] == 0xC3 && (0x80..=0x9E).contains(&bytes[i]) && bytes[i] != 0x97 {
            bytes[i] += 0x20;
        }
    }
}

/// Whether `x` is in `sorted`, a list in increasing order.
fn listed<T: Ord>(sorted: &[T], x: &T) -> bool {
    sorted.binary_search(x).is_ok()
}

/// What the request comes with besides its words (by default: nothing).
#[derive(Clone, Copy, Default)]
struct Given<'h> {
    /// There is a conversation before it.
    history: bool,
    /// The conversation's earlier messages: what they say is not asked again.
    earlier: &'h [Message],
    /// The conversation is the user's alone, no reply in it yet, and holds no material (a
    /// follow-up works on that): the model reads it with the request (see [`model_text`]).
    told: bool,
    /// It quotes something: a span between quotation marks.
    quoted: bool,
    /// It quotes a sentence ([`quotes_a_sentence`]): what its "this sentence" points at.
    quoted_sentence: bool,
    /// Text follows a colon ("Proofread: Their going…").
    after_colon: bool,
    /// It carries its own material after the instruction (see [`supplies_material`]).
    material: bool,
    /// It quotes a literal inside an instruction (see [`without_literals`]).
    literal: bool,
    /// The words right before and after its quotations, lower-cased: what each quotation names
    /// ("the error \"TypeError: …\"" names the error; see [`quotation_neighbours`]).
    named_by_quote: &'h [String],
}

impl Given<'_> {
    /// What an earlier message `m` comes with, read as a request of its own: `text` is its
    /// words without their quoted literals ([`unquoted`]), `material` whether it carries
    /// material.
    fn of_earlier(m: &Message, text: &str, material: bool) -> Self {
        Given {
            quoted: has_quote(text),
            after_colon: has_text_after_colon(text),
            material,
            literal: text.len() != m.content.len(),
            ..Given::default()
        }
    }
}

/// The learned model with the decision's tuning, as the English decision uses them.
#[derive(Clone, Copy)]
struct Scorer<'a> {
    model: Option<model::Model<'a>>,
    tuning: &'a Tuning,
}

/// How the English decision weighs the model's score against the request's cues. Chosen by
/// cross-validation of the whole decision on the training files (`product_cross_validation`
/// below, fed by `scripts/train-detector --folds DIR`), never on a test file.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Tuning {
    /// Added to the model's threshold for a request of no known task kind.
    pub generic_margin: f32,
    /// Added on top of that when the model read the request after the user's earlier messages
    /// ([`model_text`]): what they tell of the user's situation reads as vague to a model that
    /// learned on requests, so the generic question asks a clearer finding.
    pub told_margin: f32,
    /// Added to the model's threshold for a task with a detail left open.
    pub open_margin: f32,
    /// Added to the model's threshold for a task with every critical and important slot
    /// filled (then only its open helpful slots are asked, if it has any).
    pub settled_margin: f32,
    /// The same for a task whose critical slots (a trip's length, a booking's time and
    /// place) are filled along with the rest.
    pub complete_margin: f32,
    /// Added to the model's threshold for a request longer than [`LONG_WORDS`] that leaves a
    /// critical detail of its task open without directing the task: a story that names the
    /// kind and gives everything but that detail ("I'm putting together a 7-day itinerary…
    /// museums, hikes and good food, moderate budget…" and no destination). Picked on the seen
    /// draws' per-line flips: 0.5 put 48 lines right and 2 wrong, 0.0 51 and 4, −0.5 52 and 7.
    pub long_open_margin: f32,
    /// Words up to which a request that leaves a critical detail of its task open ("What's
    /// the weather?", "How do I install Docker?") is asked about whatever the model says.
    pub short_words: usize,
    /// Words up to which a request that leaves an important detail of its task open
    /// ("Recommend some movies", "Make me a playlist") is asked about whatever the model says:
    /// so short a request seldom says more than its kind.
    pub open_short_words: usize,
    /// A request of no known task kind gets the generic question only up to this many words.
    pub generic_max_words: usize,
    /// Added to the model's threshold for a Chinese request a rule finds vague (它 with nothing
    /// before it, 哪个 with no things to choose from): the rules read words, and a complete
    /// request uses the same words ("一个圆的半径是3厘米，求它的面积").
    pub zh_rule_margin: f32,
    /// Added to the model's threshold for a Chinese request of a known kind with a needed
    /// detail left open: a cue word names a kind the request is not ("番茄炒蛋怎么做好吃" is
    /// no search for a place to eat).
    pub zh_open_margin: f32,
    /// Characters up to which a Chinese request a rule finds vague, or of a kind with a detail
    /// left open, is asked about whatever the model says: so short a request says little more
    /// than its kind ("帮我订个酒店").
    pub zh_short_chars: usize,
    /// The model's margin from which a Chinese request of no known kind read after the user's
    /// earlier messages is asked the generic question (`told_margin`'s Chinese).
    pub zh_told_margin: f32,
    /// The model's margin from which a Chinese request whose kind has its needed details all
    /// given is asked a helpful one it leaves open ("给我推荐一款适合我的跑鞋": what it must
    /// suit); `settled_margin`'s Chinese.
    pub zh_settled_margin: f32,
    /// Added to the model's threshold for the generic question on a Chinese question about the
    /// world (`ChineseSignals::world`: "隔夜菜到底能不能吃", "孕妇能吃螃蟹吗"): asked as said, it
    /// leaves nothing out that the generic question could name. Picked on the seen draws'
    /// per-line flips: 0.5 put 13 lines right and 4 wrong, 1.0 20 and 28.
    pub zh_world_margin: f32,
    /// The model's margin from which a Chinese follow-up of no known kind, after the
    /// assistant's reply, is asked the generic question ("那我要換多少日幣比較夠" after "下個月要去
    /// 日本玩" and a reply): below it the conversation is taken to say what the follow-up
    /// leaves out. Read on the role-tagged draws d339–d348: from 3.0, 12 vague follow-ups asked
    /// and no complete one (2.0 asked 3 complete ones more); English's margins do not tell them
    /// apart, so English keeps asking none.
    pub zh_replied_margin: f32,
}

impl Tuning {
    /// Whether to ask, given what the request shows. A critical detail left open by a request
    /// to do the task is asked whatever the score and the length: detail elsewhere in the
    /// request does not make up for the one the task cannot do without (an itinerary's pace and
    /// interests without its destination). A question or a story that only mentions the kind
    /// ("I'm planning a trip to Boston. What are the landmarks?") is left to the model, which a
    /// long one must convince by a margin.
    fn asks(&self, s: &Signals) -> bool {
        match s.task {
            _ if s.rule => true,
            _ if s.clear => false,
            TaskState::CriticalOpen if s.directive => true,
            TaskState::CriticalOpen if s.long => s.margin >= self.long_open_margin,
            _ if s.long => false,
            TaskState::None if s.complete => false,
            // The question would name nothing the request leaves out: only a confident
            // "vague" asks it.
            // The model reads the request alone: with a conversation before it, a question
            // that names nothing would ask what the conversation said.
            TaskState::None if s.earlier => false,
            TaskState::None => {
                let needed = if s.named { 0.0 } else { self.generic_margin }
                    + if s.told { self.told_margin } else { 0.0 };
                s.margin >= needed && s.words <= self.generic_max_words
            }
            // The model reads the request alone: a follow-up whose details the conversation
            // gave looks vague to it and is not, and its kind's lesser details were asked or
            // assumed there.
            TaskState::Complete | TaskState::Settled | TaskState::Open if s.conversed => false,
            TaskState::Complete => s.margin >= self.complete_margin,
            TaskState::Settled => s.margin >= self.settled_margin,
            TaskState::Open => s.margin >= self.open_margin || s.words <= self.open_short_words,
            TaskState::CriticalOpen => s.margin >= self.open_margin || s.words <= self.short_words,
        }
    }
}

/// What the English decision weighs, computed once per request.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Signals {
    /// A rule fired (or an ambiguous name was found): ask whatever else holds.
    rule: bool,
    /// Clear by construction: material supplied, a factual question about a name.
    clear: bool,
    /// Longer than any vague request of the training data: only a critical detail left open
    /// is asked.
    long: bool,
    /// There is a conversation before the request, and the model read the request alone, or
    /// the request leans on a place the conversation names.
    earlier: bool,
    /// The model read the request after the user's earlier messages (see [`model_text`]).
    told: bool,
    /// The conversation gave a detail of the request's kind: one with a reply in it, or the
    /// user's own words telling their situation (see [`SITUATION_WORDS`]).
    conversed: bool,
    /// The request directs a task (see [`directs`]), or names an outright one, and leaves a
    /// critical detail of it open (see [`directed_task`]).
    directive: bool,
    /// Which task kinds the request is, and whether it leaves their details open.
    task: TaskState,
    /// A request of no known kind names what its question would ask about (see
    /// [`rules::thing_named`]): the question names something it leaves out.
    named: bool,
    /// The request shows it is complete where the model does not see it: it quotes its
    /// material ("Give me three synonyms for \"happy\""), refines its instruction in a further
    /// sentence, or gives every operand of a calculation (see [`says_what_it_needs`]).
    complete: bool,
    /// The request's word count.
    words: usize,
    /// The model's score minus its threshold.
    margin: f32,
}

/// The request's task kinds and their details.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TaskState {
    /// No known task kind.
    None,
    /// Task kinds whose details are all given, a critical one among them (a booking's time
    /// and place).
    Complete,
    /// Task kinds whose details are all given, none of them critical.
    Settled,
    /// A task kind with an important detail left open, none critical.
    Open,
    /// A task kind with a critical detail left open (a trip's length, a booking's time).
    CriticalOpen,
}

/// The shipped tuning, picked by `product_cross_validation` on the training data alone (each
/// line decided by the model of the folds that did not see it, and counted as asked only when a
/// question is shown, as the product counts it; the figures are the mean of three splits): of
/// the tunings that keep the ask recall on IN3 train at 0.78 or more (0.781) and ask within 0.005
/// of the fewest complete training requests, the one most reluctant to ask the generic question
/// (0.081 of them asked; 0.059 of those outside IN3), balanced accuracy 0.866. The generic
/// question, which names nothing the request leaves out, is asked only from 0.25 above the
/// model's threshold; a task with a detail left open is asked about from the threshold up, or at
/// any score when the request is four words or fewer; a task whose needed slots are all filled
/// is asked its helpful slots from the threshold up, or from 0.5 above it when a critical slot
/// is among the filled. Below these the request is answered as asked and the trace says why. In
/// Chinese, a rule's finding is asked about from the threshold up and an important open detail
/// from 1.0 above it, or at any score up to 10 characters (0.046 of the complete Chinese
/// training requests asked, against 0.149 with no gate; the recall 0.943 against 0.952).
pub(crate) const TUNING: Tuning = Tuning {
    generic_margin: 0.25,
    told_margin: 0.5,
    open_margin: 0.0,
    settled_margin: 0.0,
    complete_margin: 0.5,
    long_open_margin: 0.5,
    short_words: 6,
    open_short_words: 4,
    generic_max_words: 30,
    zh_rule_margin: 0.0,
    zh_open_margin: 1.0,
    zh_short_chars: 10,
    zh_told_margin: 1.5,
    zh_settled_margin: 2.0,
    zh_world_margin: 0.5,
    zh_replied_margin: 3.0,
};

/// Whether an English request is clear by how it is made: it supplies its material; it is of
/// `no_kind` and quotes its text ("Fix the grammar: 'Me and him goes…'", "Is it 'could of' or
/// 'could have'?"); or it asks a fact of a name, unless about the user's own case ("How many
/// Benadryl can I give my dog?"), or the general rule of anyone ("How many calories does an
/// average adult need?"); or, of `no_kind`, it asks a general fact ("diff between roth ira and
/// traditional ira?").
fn clear_by_construction(given: Given<'_>, no_kind: bool, cues: &Cues, words: &[&str]) -> bool {
    let of_anyone =
        in_list_at(words, 0, Words::QuestionOpeners) && any_in_list(words, Words::Anyone);
    given.material
        || (no_kind && (given.quoted || asks_a_general_fact(words)))
        || ((cues.factual_about_a_name(words) || of_anyone) && !about_own_case(words))
}

/// The English decision on `text`: rules, names, the clear-by-construction cues, tasks, then the
/// model.
fn english(text: &str, given: Given<'_>, scorer: Scorer<'_>, out: &mut Assessment) {
    // ASCII lower-casing keeps Unicode case tables out of the WebAssembly build (13 KB).
    let lower = &text.to_ascii_lowercase();
    let words = &words_of(lower);
    if let Some(sign) = emergency(text, words) {
        out.cues.push(emergency_cue(&sign));
        return;
    }
    let cues = Cues::of(text, lower, words);
    let first_sentence = first_sentence_words(lower, words);
    let (findings, name) = english_rules(text, words, &cues, given, first_sentence);
    out.findings = findings;
    let score = scorer
        .model
        .map_or(0.0, |m| m.score(&model_text(given, text)));
    let threshold = scorer.model.map_or(f32::INFINITY, |m| m.threshold());
    out.model_score = Some(score);
    let table = knowledge();
    let recognised = english_kinds(table, &cues, lower, words, given, &out.findings);
    let slots = slots_of(table, &recognised);
    let general_fact = asks_a_general_fact(words);
    let open: Vec<SlotRef<'_>> = slots
        .iter()
        .copied()
        .filter(|r| {
            (!general_fact || r.slot.general)
                && (!cues.fills(text, words, &r.slot.en, given) || names_another(r, words))
                && !defers_in_english(r, &recognised, (words, &cues.matched), first_sentence)
                && !said_before(r.slot, text, given)
        })
        .collect();
    // What a request of no known kind names, for its question.
    // After the user's own messages, what the request names was likely told there: the
    // question asks what the answer should focus on instead ("the airport" after "I'm flying
    // out of Denver tomorrow morning").
    let named = (slots.is_empty() && !given.told)
        .then(|| rules::thing_named(words, &cues.proper))
        .flatten();
    let question = asking_sentence(lower, words);
    let matched = (words.as_slice(), &cues.matched);
    let lead = directed_task(table, &recognised, matched, &open, first_sentence, question);
    // "What time is it there right now?" after "I'm moving to Lisbon": the conversation names
    // the place the request leans on, and that was all it lacked.
    let leans = given.told
        && (given.earlier.iter()).any(|m| writes_a_name(&m.content))
        && rules::there_without_place(words, &cues.proper).is_some();
    let signals = Signals {
        rule: !out.findings.is_empty(),
        clear: clear_by_construction(given, slots.is_empty(), &cues, words),
        long: words.len() > LONG_WORDS,
        earlier: given.history && (!given.told || leans),
        told: given.told,
        conversed: !given.earlier.is_empty()
            && (!given.told || (given.earlier.iter()).any(|m| tells_situation(&m.content)))
            && slots.iter().any(|r| said_before(r.slot, text, given)),
        directive: lead.is_some_and(|(_, critical_open)| critical_open),
        task: english_task(&slots, &open),
        named: named.is_some(),
        complete: given.literal || says_what_it_needs(text, words, &cues.proper),
        words: words.len(),
        margin: score - threshold,
    };
    out.needs_clarification = scorer.tuning.asks(&signals);
    out.cues
        .extend(unasked_reason(scorer.tuning, &signals).map(str::to_owned));
    let filler = |slot: &Slot| cues.filler(text, words, &slot.en, given);
    let why_not = || why_not_asked(&slots, &open, signals.margin, filler);
    if !out.needs_clarification && out.cues.is_empty() {
        out.cues.push(why_not());
    }
    #[cfg(test)]
    {
        out.kinds = recognised.iter().map(|&i| table.frames[i].name).collect();
        out.signals = Some(signals);
    }
    if !out.needs_clarification || out.wording == Wording::Decision {
        return;
    }
    let settled = signals.clear || signals.long;
    let asked = ask_findings(out, name, (&slots, &open), settled);
    if !signals.clear {
        let mut open = not_asked_by_others(open.clone(), &asked);
        // A long request is asked only what its task cannot do without, and a request that
        // directs a task only about that task: the others it names say what it is about.
        open.retain(|r| {
            (!signals.long || r.slot.priority == Priority::Critical)
                && lead.is_none_or(|(frame, _)| std::ptr::eq(frame, r.frame))
        });
        // Helpful slots last: they are asked only when nothing more needed is open.
        crate::text::sort_short_by(&mut open, |a, b| a.slot.priority.cmp(&b.slot.priority));
        ask_open_details(&one_place(open), out);
    }
    if out.questions.is_empty() && slots.is_empty() {
        ask_generic(None, named, out.wording.script(), out);
    }
    if out.questions.is_empty() {
        out.cues.push(format!("{NOTHING_TO_NAME} ({})", why_not()));
    }
}

/// Whether the conversation's material is only in the assistant's replies ("Here's a plan…:
/// Saturday — chem practice…"): the user gave none, in the request or before it.
fn material_only_replied(given: Given<'_>) -> bool {
    let users: Vec<Message> = (given.earlier.iter())
        .filter(|m| m.role == Role::User)
        .cloned()
        .collect();
    !given.material && !given.quoted && holds_material(given.earlier) && !holds_material(&users)
}

/// The findings of texts the conversation never named, of `unsaid` (the rules' findings with
/// the conversation's material set aside) that `found` does not hold: the noun of "my essay",
/// the last two characters of "这份合同", said nowhere before (the noun of "the message I" is
/// "message").
fn never_named(
    found: &[Finding],
    unsaid: impl IntoIterator<Item = Finding>,
    earlier: &[Message],
) -> Vec<Finding> {
    let named = |f: &Finding| {
        let noun = if f.evidence.contains(is_cjk) {
            let chars: Vec<char> = f.evidence.chars().collect();
            String::from_iter(&chars[chars.len().saturating_sub(2)..])
        } else {
            // "the message I": the noun before who has it.
            let mut words = f.evidence.rsplit(' ').skip_while(|w| rules::is_someone(w));
            words.next().unwrap_or_default().to_owned()
        };
        (earlier.iter()).any(|m| m.content.to_ascii_lowercase().contains(&noun))
    };
    // "这个", "这些": too common a pointer to say a text other than the reply's ("把这个做成表格").
    let generic = |f: &Finding| {
        let mut chars = f.evidence.chars();
        (chars.next()).is_some_and(|d| char_listed(Words::ZhDemonstratives, d))
            && (chars.next()).is_some_and(|m| char_listed(Words::ZhNotPairMeasures, m))
    };
    (unsaid.into_iter())
        .filter(|f| f.kind == Kind::MissingContext && !named(f) && !generic(f))
        .filter(|f| !found.contains(f))
        .collect()
}

/// The English rules' findings, among them the well-known ambiguous name the request leaves
/// open, which is returned besides for its question.
fn english_rules(
    text: &str,
    words: &[&str],
    cues: &Cues,
    given: Given<'_>,
    first_sentence: usize,
) -> (Vec<Finding>, Option<&'static frames::Name>) {
    // Supplied material is what a pronoun or "the file" refers to, as an earlier turn would be.
    let material = given.material || holds_material(given.earlier);
    // A quotation in the request is what its "it" stands for ("\"The only thing we have to
    // fear…\" — who said it?", "Is it 'could of' or 'could have'?").
    let referent = given.history || given.material || given.literal || given.quoted;
    let referents = (referent, given.history);
    let mut findings = rules::english(words, &cues.proper, referents, material, first_sentence);
    // A text of the user's the conversation never named is none of the material only the
    // assistant's replies hold ("oh also can you check my essay" after a study plan), and no
    // text named nowhere before is the material a follow-up moves the task on from ("do the
    // same for the message I sent my professor").
    let moved_on = given.history && rules::phrase_in(words, Words::NewObject).is_some();
    if material_only_replied(given) || moved_on {
        let unsaid = rules::english(words, &cues.proper, referents, false, first_sentence);
        // "the injury I mentioned", "here's the error": a thing the user says what they did
        // with, or says comes with the request, is theirs too.
        let defined = rules::defined_unsaid(words);
        let own = (unsaid.into_iter()).filter(|f| {
            moved_on
                || rules::is_the_users(&f.evidence)
                || defined.as_ref() == Some(&f.evidence)
                || rules::announced(words, &f.evidence)
                || rules::is_told(&f.evidence)
        });
        findings.extend(never_named(&findings, own, given.earlier));
    }
    unsaid_by_user(&mut findings, text, words, given);
    // "It fails on the second line, why?" after "I've got a shell script…": a part of the text
    // the user's last message spoke of asks for that text, as that message names it.
    let numbered =
        |f: &Finding| f.kind == Kind::MissingContext && rules::is_numbered_part(&f.evidence);
    if !material
        && findings.iter().all(numbered)
        && let Some(told) = part_of_told(words, given.earlier, !findings.is_empty())
    {
        findings = vec![told];
    }
    // "Explain it like I'm five: how does a rainbow form?": what follows the colon is what a
    // pronoun before it stands for.
    if let Some((head, _)) = split_at_colon(text).filter(|_| given.after_colon) {
        let head = head.to_ascii_lowercase();
        let before = words_of(&head);
        findings.retain(|f| {
            f.kind != Kind::PronounWithoutAntecedent || !before.contains(&f.evidence.as_str())
        });
    }
    without_quoted_material(&mut findings, text, words, given);
    let mut findings = without_candidates_named(findings, given.earlier);
    // A missing artifact is named as the request writes it ("your Python script").
    for f in findings
        .iter_mut()
        .filter(|f| f.kind == Kind::MissingContext)
    {
        f.evidence = as_written(text, &f.evidence);
    }
    if given.history {
        conversation_findings(&mut findings, (text, words), cues, given, material);
        // "the other season I mentioned", asked which one is meant: asked once.
        let picked: Vec<String> = (findings.iter())
            .filter(|f| f.kind == Kind::AmbiguousReference)
            .map(|f| f.evidence.to_ascii_lowercase())
            .collect();
        findings.retain(|f| {
            f.kind != Kind::MissingContext || !picked.contains(&f.evidence.to_ascii_lowercase())
        });
    }
    let name = (!given.material && words.len() <= NAME_MAX_WORDS)
        .then(|| names::ambiguous(text, words, |name| cues.openings.may_contain(name)))
        .flatten();
    if let Some(n) = name {
        findings.push(rules::finding(Kind::AmbiguousReference, n.name));
    }
    (findings, name)
}

/// The text the user's last message spoke of and did not hold ("I got my MRI report back
/// today"), which a follow-up works on by a part of it: a `numbered` one ("the second line"),
/// or one of `parts-of-text` after "the" and before one of `part-pointers` ("what does the part
/// about L4-L5 mean?"). Asked for as that message names it.
fn part_of_told(words: &[&str], earlier: &[Message], numbered: bool) -> Option<Finding> {
    let on_a_part = numbered
        || words.windows(3).any(|w| {
            w[0] == "the" && in_list(Words::PartsOfText, w[1]) && in_list(Words::PartPointers, w[2])
        });
    if !on_a_part {
        return None;
    }
    let told = earlier.iter().rev().find(|m| m.role == Role::User)?;
    let lower = told.content.to_ascii_lowercase();
    let told_words = words_of(&lower);
    let cues = Cues::of(&told.content, &lower, &told_words);
    let first = first_sentence_words(&lower, &told_words);
    let found = rules::english(&told_words, &cues.proper, (false, false), false, first);
    let material = found.into_iter().find(|f| f.kind == Kind::MissingContext)?;
    Some(rules::finding(
        Kind::MissingContext,
        as_written(&told.content, &material.evidence),
    ))
}

/// The material findings a quotation of the request gives. "What does the error \"TypeError:
/// …\" mean?": the quotation after the material names it. "What did McLuhan mean by 'the
/// medium is the message'?": a word of a quotation is none of the user's material. "Is this
/// sentence in passive voice? \"The cake was eaten…\"": what "this" points at is the quoted
/// sentence, wherever it stands.
fn without_quoted_material(
    findings: &mut Vec<Finding>,
    text: &str,
    words: &[&str],
    given: Given<'_>,
) {
    if !findings.iter().any(|f| f.kind == Kind::MissingContext) {
        return;
    }
    let unquoted = outside_single_quotes(&text.to_ascii_lowercase());
    let own = words_of(&unquoted);
    let this_quoted = |e: &str| {
        given.quoted_sentence
            && (e.split(' ').next()).is_some_and(|d| in_list(Words::Demonstratives, d))
    };
    findings.retain(|f| {
        let noun = f.evidence.rsplit(' ').next().unwrap_or_default();
        let quoted = words.contains(&noun) && !own.contains(&noun);
        f.kind != Kind::MissingContext
            || !(given.named_by_quote.iter().any(|w| w == noun)
                || quoted
                || this_quoted(&f.evidence))
    });
}

/// What only the user knows and the request does not give: a value the text to write is to
/// state ([`rules::value_unstated`]), the new amount of a change ([`rules::change_unsized`]), a
/// thing someone chose or liked ([`rules::chosen_by_someone`]).
fn unsaid_by_user(findings: &mut Vec<Finding>, text: &str, words: &[&str], given: Given<'_>) {
    // "Draft an email asking for a raise… it should mention a specific number": which.
    if let Some(value) = rules::value_unstated(text, words, &users_words(given.earlier)) {
        findings.push(rules::finding(Kind::UnderspecifiedParameter, value));
    }
    // "make it for more people": for how many; not "scale it up for everyone" after "lasagna
    // for 12 people", whose figure the user gave.
    let users = users_words(given.earlier).to_ascii_lowercase();
    let counted = (words_of(&users).windows(2))
        .any(|p| is_number(p[0]) && in_list(Words::CountedPeople, p[1]));
    let everyone = counted && any_in_list(words, Words::Everyone);
    if !everyone && let Some(change) = rules::change_unsized(text, words) {
        findings.push(rules::finding(Kind::UnderspecifiedParameter, change));
    }
    // "the two walkers his physio recommended": which, unless the conversation said it; in one
    // sentence ("after the trip. My manager told me…" is none). "the last one I loved" after "a
    // book like": one question on what the user means, and "which book" already asks it.
    let told_by_user = |said: &[&str]| said.iter().any(|w| in_list(Words::ChosenSubjects, w));
    let referred = findings.iter().any(|f| {
        matches!(
            f.kind,
            Kind::MissingContext | Kind::AmbiguousReference | Kind::PronounWithoutAntecedent
        )
    });
    if let Some((thing, key, said)) = rules::chosen_by_someone(words)
        && text.to_ascii_lowercase().contains(&said.join(" "))
        && !(given.earlier.iter()).any(|m| m.content.to_ascii_lowercase().contains(key))
        && !(referred && told_by_user(said))
    {
        findings.push(rules::finding(Kind::MissingContext, thing));
    }
}

/// The user's own earlier messages, joined: where a value the request asks for may have been
/// given ("my target is 85k" before "mention the number").
fn users_words(earlier: &[Message]) -> String {
    let user = earlier.iter().filter(|m| m.role == Role::User);
    user.map(|m| m.content.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a follow-up leans on and its conversation did not give: someone a pronoun stands for,
/// the candidates of a choice, what "this" points at, a place "there" is, the material the
/// conversation only named.
fn conversation_findings(
    findings: &mut Vec<Finding>,
    (text, words): (&str, &[&str]),
    cues: &Cues,
    given: Given<'_>,
    material: bool,
) {
    // A conversation gives "him" someone to stand for only when it names someone.
    if !given.material
        && !given.earlier.iter().any(|m| names_a_person(&m.content))
        && let Some(evidence) = rules::person_without_antecedent(words, &cues.proper)
    {
        findings.push(rules::finding(Kind::PronounWithoutAntecedent, evidence));
    }
    // "what about for her sister?" after advice for "my 9 month old": someone else, and what
    // the advice turned on is not said of them.
    if given.earlier.iter().any(|m| names_an_age(&m.content))
        && let Some(evidence) = rules::someone_else(words)
    {
        findings.push(rules::finding(Kind::PronounWithoutAntecedent, evidence));
    }
    reply_findings(findings, text, words, given);
    choice_findings(findings, past_interjections(words), given.earlier);
    // "is it safe to give her this" after "We just adopted a puppy": a "this" that ends the
    // request after its verb points at what the user has in front of them, which a
    // conversation without material does not show.
    // "How much should I charge for this one?": the same, with its "one".
    let one = words.last().is_some_and(|w| in_list(Words::Ones, w));
    let pointing = &words[..words.len() - usize::from(one)];
    let last = pointing.len().saturating_sub(1);
    if !material
        && last > 0
        && rules::ends_pointing(pointing, last)
        && !in_list(Words::ToldAbout, pointing[last - 1])
    {
        findings.push(rules::finding(
            Kind::PronounWithoutAntecedent,
            pointing[last],
        ));
    }
    // "What time is it there right now?" after "My sister just moved abroad": a place the
    // conversation never named.
    // "how do I adjust it for the altitude here?" after a recipe: where the user is, too.
    if !given.earlier.iter().any(|m| writes_a_name(&m.content))
        && let Some(evidence) = rules::there_without_place(words, &cues.proper)
            .or_else(|| rules::here_leaned_on(words, &cues.proper))
    {
        findings.push(rules::finding(Kind::PronounWithoutAntecedent, evidence));
    }
    unsaid_findings(findings, words, cues, given, material);
    // "Make it shorter" after "I'm working on a LinkedIn post about…": the pronoun stands
    // for material the conversation named and never gave. "Write the reply for me" after
    // "My coworker sent me a message": the reply needs the message.
    // A numbered part ("It fails on the second line") is of that material too.
    let answers = any_in_list(words, Words::Answering);
    let part = |f: &Finding| rules::is_numbered_part(&f.evidence);
    let asked_for = findings
        .iter()
        .any(|f| f.kind == Kind::MissingContext && !part(f));
    if !material
        && !asked_for
        && (rules::acts_on_pronoun(words) || answers)
        && let Some(noun) = material_named(given.earlier)
    {
        // Someone's message, when the user answers it or was sent it: asked for as given
        // to them ("the message I" got).
        let evidence = if answers || noun == MESSAGE {
            format!("the {noun} I")
        } else {
            format!("my {noun}")
        };
        findings.retain(|f| !part(f));
        findings.push(rules::finding(Kind::MissingContext, evidence));
    }
}

/// What a follow-up names and its conversation never spoke of: a thing pointed at, something of
/// the user's whose particulars the answer turns on.
fn unsaid_findings(
    findings: &mut Vec<Finding>,
    words: &[&str],
    cues: &Cues,
    given: Given<'_>,
    material: bool,
) {
    // "Is that breed okay with toddlers?" after "We're thinking about adopting a cat": a thing
    // pointed at that the conversation never named, by its word or by a name ("these two" may
    // be what it counted).
    let unsaid = |e: &String| {
        let noun = e
            .rsplit(' ')
            .next()
            .unwrap_or_default()
            .trim_end_matches('s');
        // By the word itself ("a breeder" names no breed).
        let said = |m: &Message| {
            let lower = m.content.to_ascii_lowercase();
            words_of(&lower)
                .iter()
                .any(|w| w.trim_end_matches('s') == noun)
        };
        !is_number(noun) && !given.earlier.iter().any(said)
    };
    if !material
        && findings.is_empty()
        && !given.earlier.iter().any(|m| writes_a_name(&m.content))
        && let Some(evidence) = rules::pointed_at(words, true).filter(unsaid)
    {
        findings.push(rules::finding(Kind::PronounWithoutAntecedent, evidence));
    }
    // "Give me the 50 most useful phrases" after "I'm learning a new language": a kind the
    // conversation spoke of and no message named (see [`kind_leaned_on`]).
    let named =
        cues.proper.contains(&true) || given.earlier.iter().any(|m| writes_a_name(&m.content));
    if findings.is_empty()
        && !named
        && directs(words).is_some()
        && let Some(kind) = kind_leaned_on(words, given.earlier)
    {
        findings.push(rules::finding(Kind::MissingContext, kind));
    }
    // "can you adjust it so it fits my budget" after a grocery list: something of the user's
    // whose particulars the answer turns on, which the conversation never spoke of (a figure
    // gives them: "£400 of interest from my savings account").
    if findings.is_empty()
        && !words.iter().any(|w| is_number(w))
        && let Some(evidence) = rules::own_thing_undescribed(words, &cues.proper).filter(unsaid)
    {
        findings.push(rules::finding(Kind::MissingContext, evidence));
    }
}

/// A kind of thing the user's earlier message spoke of and did not name ([`rules::kind_unnamed`]:
/// "I'm learning a new language", 我在学一门新语言), which a follow-up that directs a task
/// (`words`, none for Chinese) leans on ("Give me the 50 most useful phrases to learn first"):
/// not one that chooses ("which one is better for a beginner?"), nor after a reply that asks
/// which (哪) or sets out candidates (`、`, or commas), whose words the follow-up answers with.
pub(crate) fn kind_leaned_on(words: &[&str], earlier: &[Message]) -> Option<String> {
    let chooses = words.iter().any(|w| in_list(Words::Choosing, w));
    let replied = |m: &Message| {
        let lower = m.content.to_ascii_lowercase();
        let reply = words_of(&lower);
        m.role == Role::Assistant
            && (reply.iter().any(|w| in_list(Words::Choosing, w))
                || m.content.contains(['哪', '、'])
                || m.content.matches(',').count() >= CANDIDATE_COMMAS)
    };
    if chooses || earlier.iter().any(replied) {
        return None;
    }
    (earlier.iter())
        .filter(|m| m.role == Role::User)
        .find_map(|m| rules::kind_unnamed(&m.content))
}

/// Commas from which a reply sets out candidates ("piano, ukulele, violin and recorder").
const CANDIDATE_COMMAS: usize = 2;

/// What a follow-up's choice leans on and its conversation left open: the candidates, when it
/// named none, or what the choice must suit, when it named them and told nothing of the user.
fn choice_findings(findings: &mut Vec<Finding>, asked: &[&str], earlier: &[Message]) {
    // "Which one is better for me?" after "I'm trying to decide what to get for my
    // commute", "ok which of the two should I get?" after "I'm looking at laptops": a
    // conversation that names no candidates leaves them to ask.
    let named = candidates_named(earlier);
    if !named
        && !findings.iter().any(|f| f.kind == Kind::AmbiguousReference)
        && let Some(evidence) =
            rules::choice_without_candidates(asked).or_else(|| rules::candidates_pointed_at(asked))
    {
        findings.push(rules::finding(Kind::AmbiguousReference, evidence));
    }
    // "Which one is better for me?" after the difference between a Roth and a traditional IRA:
    // the conversation named the candidates and told nothing of the user's case, which the
    // choice must suit.
    if named
        && !(earlier.iter()).any(|m| m.role == Role::User && tells_situation(&m.content))
        && rules::choice_without_candidates(asked).is_some()
        && (rules::phrase_in(asked, Words::ForTheUser))
            .is_some_and(|(at, p)| at + p.split('+').count() == asked.len())
    {
        findings.push(rules::finding(
            Kind::UnderspecifiedParameter,
            asked.join(" "),
        ));
    }
}

/// The task state of an English request whose recognised kinds have these `slots`, of which
/// these are `open`.
fn english_task(slots: &[SlotRef<'_>], open: &[SlotRef<'_>]) -> TaskState {
    match open.iter().map(|r| r.slot.priority).min() {
        _ if slots.is_empty() => TaskState::None,
        Some(Priority::Critical) => TaskState::CriticalOpen,
        Some(Priority::Important) => TaskState::Open,
        // A helpful slot is asked along with others, never on its own: it is assumed instead.
        _ if slots.iter().any(|r| r.slot.priority == Priority::Critical) => TaskState::Complete,
        _ => TaskState::Settled,
    }
}

/// Why a request is answered without a question, for the trace: its kinds, which of their
/// slots it gives and by what (`filler`: a word, a pattern, or nothing when another kind or the
/// conversation answers it), which it leaves open, and the model's score against its threshold
/// ("task trip: destination "tokyo", duration a count given; budget open; the model scores
/// -1.20 against its threshold").
fn why_not_asked(
    slots: &[SlotRef<'_>],
    open: &[SlotRef<'_>],
    margin: f32,
    filler: impl Fn(&Slot) -> String,
) -> String {
    let model = format!("the model scores {margin:+.2} against its threshold");
    if slots.is_empty() {
        return format!("no task kind; {model}");
    }
    let is_open = |r: &SlotRef<'_>| open.iter().any(|o| std::ptr::eq(o.slot, r.slot));
    let names = |want_open: bool| {
        let named =
            (slots.iter().filter(|r| is_open(r) == want_open)).map(|r| match filler(r.slot) {
                by if by.is_empty() || want_open => r.slot.name.to_owned(),
                by => format!("{} {by}", r.slot.name),
            });
        Some(named.collect::<Vec<_>>().join(", ")).filter(|n| !n.is_empty())
    };
    let mut kinds: Vec<&str> = slots.iter().map(|r| r.frame.name).collect();
    kinds.dedup();
    let given = names(false).unwrap_or_else(|| "nothing".to_owned());
    let left = names(true).map_or_else(String::new, |l| format!("; {l} open"));
    format!("task {}: {given} given{left}; {model}", kinds.join(", "))
}

/// A pattern as the trace names what it found ("a time", "an amount").
fn pattern_named(p: Pattern) -> String {
    let name = p.name();
    let vowel = name.starts_with(['a', 'e', 'i', 'o', 'u']);
    let article = if vowel { "an" } else { "a" };
    format!("{article} {name}")
}

/// Why a request found vague gets no question: every detail its kind needs is given, so a
/// question would name nothing it leaves out.
const NOTHING_TO_NAME: &str = "vague, but its kind has no detail left open: answered as asked";

/// The question in `script` for a request found vague that is of no known kind, about what it
/// names (see [`rules::Named`]): the thing it names as known ("Could you say more about "the
/// hotel"…?"), the thing it asks to make ("What should the quiz cover…?"), the user's own thing
/// ("能说说您的機車的具体情况吗？"); else the generic "what should the answer focus on?". Its
/// cue is `cue`, else that the model found it vague. A request of a known kind with every slot
/// filled gets none: nothing is missing that a question could name.
fn ask_generic(
    cue: Option<String>,
    named: Option<rules::Named>,
    script: Script,
    out: &mut Assessment,
) {
    let cue = cue.unwrap_or_else(|| String::from("no task kind; vague by the model"));
    let q = match named {
        Some(rules::Named::Known(thing)) => general_question(General::Thing, script, &thing),
        Some(rules::Named::Made(thing)) => general_question(General::Made, script, &thing),
        Some(rules::Named::Own(noun)) => {
            rule_wording(General::Describe, script, &[("noun", &noun)], None, None)
        }
        None => general_question(General::Fallback, script, ""),
    };
    if let Some(q) = q {
        push_unique(out, q, cue);
    }
}

/// Why a request the model finds vague is answered without a question: the only question it
/// would get names nothing, and the model's score is below the margin for asking it.
fn unasked_reason(tuning: &Tuning, signals: &Signals) -> Option<&'static str> {
    let sure = Signals {
        margin: f32::INFINITY,
        ..*signals
    };
    let generic = signals.task == TaskState::None;
    (generic && !tuning.asks(signals) && signals.margin >= 0.0 && tuning.asks(&sure)).then_some(
        "vague by the model, too weakly for a question naming nothing: answered as asked",
    )
}

/// Whether a rule's question already asks about `slot`: "Recent in which specific area,
/// and how recent?" asks both the time frame and the field, and "Best for what specific task,
/// and judged by which measure?" the measure, so the slots' own questions would ask a second
/// time. "Could you paste your code here?" makes the code's language, a text's topic and the
/// data's form plain once answered.
fn asked_by_a_rule(slot: &Slot, findings: &[Finding]) -> bool {
    findings.iter().any(|f| match slot.covered_by {
        // Once the material the request points to is given ("Could you paste your code
        // here?", "Which paragraph are you referring to?", "What is 'it'?"), it shows the
        // text, its topic, language or form.
        Some(Cover::Material) => matches!(
            f.kind,
            Kind::MissingContext | Kind::PronounWithoutAntecedent
        ),
        // A recency's question asks the time frame, a measure's the measure.
        Some(cover @ (Cover::Recency | Cover::Measure)) => {
            f.kind == Kind::AmbiguousReference
                && f.evidence.contains(' ')
                && is_recency(&f.evidence) == (cover == Cover::Recency)
        }
        None => false,
    })
}

/// Whether a rule asks for material named by one of `slot`'s words: "Could you tell me about
/// your budget?" (of "my budget") asks the budget slot's question.
fn named_by_a_rule(slot: &Slot, findings: &[Finding]) -> bool {
    findings.iter().any(|f| {
        let noun = f.evidence.rsplit(' ').next().unwrap_or_default();
        let noun = noun.to_ascii_lowercase();
        f.kind == Kind::MissingContext
            && (knowledge().position_in(&[noun.as_str()], slot.en.list)).is_some()
    })
}

/// The open slots whose question nothing else asks: not a rule's ("Could you paste your code
/// here?", "Could you tell me about your budget?"), nor the first open slot that asks for the
/// request's material ("能否把要修改的文字贴在这里？" for 帮我改一下代码: the code, once pasted,
/// shows its language).
fn not_asked_by_others<'t>(open: Vec<SlotRef<'t>>, findings: &[Finding]) -> Vec<SlotRef<'t>> {
    let material = open
        .iter()
        .find(|r| {
            r.slot.priority == Priority::Critical && r.slot.en.patterns.contains(&Pattern::Material)
        })
        .map(|r| r.slot);
    open.into_iter()
        .filter(|r| {
            !asked_by_a_rule(r.slot, findings)
                && !named_by_a_rule(r.slot, findings)
                && (r.slot.covered_by != Some(Cover::Material)
                    || material.is_none_or(|m| std::ptr::eq(m, r.slot)))
        })
        .collect()
}

/// Of `open`, in the order they would be asked, those left once one asks where: one place
/// answers each kind's "where" (a city break and its hotel; a lease and the law on it).
fn one_place<'t>(open: impl IntoIterator<Item = SlotRef<'t>>) -> Vec<SlotRef<'t>> {
    let mut placed = false;
    let mut first_place = |r: &SlotRef<'_>| {
        let place =
            (r.slot.en.patterns.iter()).any(|p| matches!(p, Pattern::Place | Pattern::Destination));
        let first = !(place && placed);
        placed |= place;
        first
    };
    open.into_iter().filter(|r| first_place(r)).collect()
}

/// Asks about the details the request left open, at most [`MAX_TOPIC_QUESTIONS`] of them; a
/// slot whose question a rule already asks ("the paper") adds nothing.
fn ask_open_details(open: &[SlotRef<'_>], out: &mut Assessment) {
    let mut topical = 0;
    for r in open {
        if topical == MAX_TOPIC_QUESTIONS {
            break;
        }
        let cue = format!("task {}, {} left open", r.frame.name, r.slot.name);
        let q = slot_question(r.slot, out.wording.script());
        topical += usize::from(push_unique(out, q, cue));
    }
}

/// The question of a rule's finding in `script`: an ambiguous name's own question with its
/// meanings, a pronoun's, or the general question its kind and evidence call for, with the
/// assumption `assume` in place of its own when given. The request's words are quoted as they
/// were written (in Chinese, 「…」 in Traditional and “…” in Simplified, in the wordings).
fn rule_question(
    f: &Finding,
    name: Option<&frames::Name>,
    script: Script,
    assume: Option<&str>,
) -> Option<Question> {
    let e = f.evidence.as_str();
    let has = |w: &str| e.contains(w);
    let (own, noun) = material_of(e);
    // "this query", "these notes": material the user has in front of them, theirs to paste, as
    // is what someone sent them ("the letter from the council").
    let det = (e.split_once(' ')).map(|(det, _)| det.to_ascii_lowercase());
    let near = det
        .as_deref()
        .is_some_and(|d| in_list(Words::NearDemonstratives, d));
    // "her text", "Karen's email": someone's material the user has, asked for as theirs.
    let held = det
        .filter(|d| in_list(Words::PersonPossessives, d))
        .or_else(|| (e.split_once(' ')).and_then(|(d, _)| d.ends_with("'s").then(|| d.to_owned())));
    let pointed = (near || held.is_some() || from_sender(e))
        && in_list(Words::Artifacts, &noun.to_ascii_lowercase());
    let which = match f.kind {
        Kind::MissingContext if e.ends_with(['?', '？']) => {
            return general_question(General::Unanswered, script, e);
        }
        // "[date], [Name]": the placeholders of a draft.
        Kind::MissingContext if e.starts_with(['[', '【']) => {
            return general_question(General::Placeholders, script, e);
        }
        Kind::MissingContext if tells_failure(e) => {
            return general_question(General::Failed, script, e);
        }
        // "a health condition", 慢性病: which one.
        Kind::MissingContext if unnamed_condition(e) => General::Unnamed,
        Kind::AmbiguousReference if name.is_some_and(|n| n.name == e) => {
            return name_question(name?, script);
        }
        Kind::PronounWithoutAntecedent => return general_question(pronoun_general(e), script, e),
        // "the same", "these two": what they stand for is asked as a pronoun's would be.
        Kind::MissingContext
            if in_list(Words::PointingBack, &noun)
                || (near && in_list(Words::NumberWords, &noun)) =>
        {
            return general_question(General::Pronoun, script, e);
        }
        Kind::UnderspecifiedRequest => return None,
        Kind::MissingContext
            if rules::is_own_thing(e)
                || in_list(Words::DescribedNotPasted, &noun.to_ascii_lowercase()) =>
        {
            General::Describe
        }
        Kind::MissingContext if rules::is_numbered_part(e) => General::Part,
        // "what she wrote": pasted as the request says it.
        Kind::MissingContext if rules::is_told(e) => {
            // "what my landlord said": your landlord.
            let yours = |w| in_list(Words::UserPossessives, &str::to_ascii_lowercase(w));
            let told: Vec<&str> = (e.split(' '))
                .map(|w| if yours(w) { "your" } else { w })
                .collect();
            let told = told.join(" ");
            let values = [("material", told.as_str()), ("evidence", e)];
            return rule_wording(General::Paste, script, &values, None, assume);
        }
        Kind::MissingContext if own || pointed || e.starts_with(is_cjk) => General::Paste,
        Kind::MissingContext => General::WhichMaterial,
        Kind::AmbiguousReference if picks(e) => {
            return general_question(General::Picked, script, e);
        }
        Kind::AmbiguousReference if is_recency(e) => General::Recency,
        Kind::AmbiguousReference if rules::points_at_candidates(e) => General::Compare,
        Kind::AmbiguousReference if e.contains(' ') => General::Measure,
        Kind::AmbiguousReference => General::Compare,
        Kind::UnderspecifiedParameter if rules::is_value(e) => {
            return general_question(General::Value, script, e);
        }
        Kind::UnderspecifiedParameter if rules::is_unsized(e) => {
            return general_question(General::Resize, script, e);
        }
        // An amount asked for with no figures (`zh-figures-asked`).
        Kind::UnderspecifiedParameter if list(word_list(Words::ZhFiguresAsked)).any(has) => {
            General::Figures
        }
        Kind::UnderspecifiedParameter => General::Goal,
    };
    let material = match script {
        Script::English if own && held.is_none() => Some(format!("your {noun}")),
        Script::English => Some(format!("{} {noun}", held.as_deref().unwrap_or("the"))),
        Script::Simplified | Script::Traditional => {
            own_material_in_chinese(f, script == Script::Traditional)
        }
    };
    let values = [
        ("noun", noun.as_str()),
        ("evidence", e),
        ("material", material.as_deref().unwrap_or_default()),
    ];
    rule_wording(which, script, &values, None, assume)
}

/// The general question of a pronoun with nothing before it to stand for: who, for a person's
/// ("she", 他), what it refers to for any other.
fn pronoun_general(pronoun: &str) -> General {
    let someone_else = pronoun
        .rsplit(' ')
        .next()
        .is_some_and(rules::is_person_word);
    if in_list(Words::PersonPronouns, pronoun)
        || in_list(Words::ZhOpeningPersons, pronoun)
        || someone_else
    {
        General::Person
    } else {
        General::Pronoun
    }
}

/// The trace's cue for a rule's finding: the ambiguous name it is, or its rule and evidence.
fn rule_cue(f: &Finding, name: Option<&frames::Name>) -> String {
    match name.filter(|n| f.kind == Kind::AmbiguousReference && n.name == f.evidence) {
        Some(n) => format!("ambiguous name \"{}\"", n.name),
        None => format!("rule {}: \"{}\"", f.kind.as_str(), f.evidence),
    }
}

/// The question about an ambiguous name in `script`; its options are the name's meanings.
fn name_question(n: &frames::Name, script: Script) -> Option<Question> {
    let options: Vec<&str> = n.meanings.iter().map(|m| m.label(script)).collect();
    let first = options.first().copied().unwrap_or(n.name);
    let values = [("name", n.name), ("first", first)];
    rule_wording(General::Name, script, &values, Some(&options), None)
}

/// The general question `which` in `script`, its placeholders filled from `values`, with
/// `options` in the place of its own and the assumption `assume` in the place of its own, each
/// when given.
fn rule_wording(
    which: General,
    script: Script,
    values: &[(&str, &str)],
    options: Option<&[&str]>,
    assume: Option<&str>,
) -> Option<Question> {
    let g = knowledge().general(which)?;
    let w = g.wording.get(script);
    let assumption = assume.map_or_else(|| filled(w.assumption, values), str::to_owned);
    Some(question(
        &filled(w.text, values),
        &filled(w.why, values),
        options.unwrap_or(&w.options),
        g.priority,
        g.kind,
        &assumption,
    ))
}

/// `template` with each `{key}` of `values` replaced by its value, in one pass: the request's
/// words put in are never read for placeholders.
fn filled(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some((before, after)) = rest.split_once('{') {
        out.push_str(before);
        rest = after;
        // The value of the placeholder `after` opens with, and the text past its `}`.
        let value = values
            .iter()
            .find_map(|(k, v)| Some((v, after.strip_prefix(k)?.strip_prefix('}')?)));
        if let Some((v, tail)) = value {
            out.push_str(v);
            rest = tail;
        } else {
            out.push('{');
        }
    }
    out.push_str(rest);
    out
}

/// `evidence`, found in the lower-cased words of `text`, as `text` writes it ("my Python
/// script"); as it is when the words are not found together.
fn as_written(text: &str, evidence: &str) -> String {
    // "FIX MY ESSAY": a request in capitals is not echoed in them.
    let shouted = !text.bytes().any(|b| b.is_ascii_lowercase());
    let Some(at) = text
        .to_ascii_lowercase()
        .find(evidence)
        .filter(|_| !shouted)
    else {
        return evidence.to_owned();
    };
    // A hyphenated word stays whole ("this non-compete", not "this non").
    let rest = &text[at + evidence.len()..];
    let hyphenated = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '-'))
        .unwrap_or(rest.len());
    let whole = if rest.starts_with('-') { hyphenated } else { 0 };
    text[at..at + evidence.len() + whole].to_owned()
}

/// What a missing-context finding's evidence ("the paper", "my cover letter") names, and
/// whether it is the user's own (then the question asks for it rather than which one).
/// "the paragraph I" (from "the paragraph I wrote") is the user's own, as "my paragraph" is.
fn artifact_of(evidence: &str) -> (bool, &str) {
    let Some((det, rest)) = evidence.split_once(' ') else {
        return (false, evidence);
    };
    let own = in_list(Words::UserPossessives, &det.to_ascii_lowercase());
    // "the job description the recruiter" (sent me): a word before the material's noun says
    // which, and the noun ends where the sender begins.
    let modified = matches!(rest.splitn(3, ' ').collect::<Vec<_>>()[..], [_, noun, sender]
        if in_list(Words::Artifacts, &noun.to_ascii_lowercase())
            && sender_named(&sender.to_ascii_lowercase()));
    let noun_end = (rest.match_indices(' ').nth(usize::from(modified))).map(|(at, _)| at);
    let Some((first, second)) = noun_end.map(|at| (&rest[..at], &rest[at + 1..])) else {
        return (own, rest);
    };
    // "the client's complaint" (answered in "a reply to the client's complaint"): someone's
    // material the user has, theirs to give as their own is.
    let own = own || first.ends_with("'s");
    let second_lower = second.to_ascii_lowercase();
    if from_sender(evidence) {
        // "the letter from the council": the letter, the council's.
        (own, first)
    } else if rules::is_attached(&first.to_ascii_lowercase()) {
        // "the attached spreadsheet": the user meant to give it.
        (true, second)
    } else if in_list(Words::AfterMaterial, &second_lower)
        || (!own && (rules::is_someone(&second_lower) || sender_named(&second_lower)))
    {
        // "the text below", "the paragraph I" (wrote), "the letter the council" (sent me): the
        // same.
        (true, first)
    } else {
        (own, rest)
    }
}

/// Whether `words` (after material's noun in a finding's evidence) name who sent it with a
/// determiner ("the council" of "the letter the council", sent the user).
fn sender_named(words: &str) -> bool {
    (words.split_once(' ')).is_some_and(|(det, _)| in_list(Words::PointingDeterminers, det))
}

/// Whether a finding's evidence names material by whom it came from ("the letter from the
/// council", "this text from my ex"): what someone sent the user, theirs to paste.
fn from_sender(evidence: &str) -> bool {
    let lower = evidence.to_ascii_lowercase();
    let mut after = lower.split(' ').skip(2);
    after
        .next()
        .is_some_and(|from| in_list(Words::CameFrom, from))
        && after
            .next()
            .is_some_and(|det| in_list(Words::MaterialDeterminers, det))
}

/// [`artifact_of`], with a person's material named as their message: "my landlord" (from "reply
/// to my landlord") is asked for as "your landlord's message", "my son's teacher" as "your son's
/// teacher's message", "the contract my landlord" (sent) as "your landlord's contract".
fn material_of(evidence: &str) -> (bool, String) {
    let (own, noun) = artifact_of(evidence);
    // "mother-in-law", and "son's teacher": the person is the last of someone's.
    let last = noun.rsplit(' ').next().unwrap_or(noun);
    let head = last.split('-').next().unwrap_or(last);
    // "the contract my landlord" (sent): the landlord's contract.
    let sent = match evidence.splitn(4, ' ').collect::<Vec<_>>()[..] {
        [_, thing, det, person] if in_list(Words::UserPossessives, &det.to_ascii_lowercase()) => {
            Some((person, thing))
        }
        _ => None,
    };
    let whose =
        sent.or_else(|| rules::is_person(&head.to_ascii_lowercase()).then_some((noun, MESSAGE)));
    match whose {
        Some((person, thing)) => (own || sent.is_some(), format!("{person}'s {thing}")),
        None => (own, noun.to_owned()),
    }
}

/// Whether `text` (an earlier message) names or refers to a person or an animal: a personal
/// pronoun ("he's" too), one of the people a request may speak of ("my landlord"), one of the
/// `animals`, or a capitalised word inside a sentence.
/// `words` past the interjections that open a follow-up ("ok", "so", "alright": `interjections`).
fn past_interjections<'w>(words: &'w [&'w str]) -> &'w [&'w str] {
    let at = (words.iter())
        .position(|w| !in_list(Words::Interjections, w))
        .unwrap_or(words.len());
    &words[at..]
}

/// Whether `text` writes a name with its capital ("Lisbon", "Dana"; "abroad" names no place):
/// what a later "there" or "him" may stand for.
fn writes_a_name(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    let words = words_of(&lower);
    Cues::of(text, &lower, &words).proper.contains(&true)
}

fn names_a_person(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    // "my girlfriend's birthday": the person, whose the thing is.
    let named = |w: &&str| {
        let w = w.split(['\'', '’']).next().unwrap_or(w);
        in_list(Words::PeoplePronouns, w) || rules::is_person(w) || in_list(Words::Animals, w)
    };
    writes_a_name(text) || words_of(&lower).iter().any(named) || names_an_age(text)
}

/// Whether `text` says someone by their age ("a 3 year old", "my 9 month old", "a
/// 10-year-old girl", "my 2 yo"): advice for them turns on it.
fn names_an_age(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    let words = words_of(&lower);
    let aged = |w: &str| list(word_list(Words::AgedWords)).any(|a| w.ends_with(a));
    (0..words.len()).any(|at| {
        let w = &words[at..];
        w[0].starts_with(|c: char| c.is_ascii_digit())
            && (aged(w[0])
                || w.get(1).is_some_and(|u| aged(u))
                || (w.get(1).is_some_and(|u| in_list(Words::AgeUnits, u))
                    && w.get(2) == Some(&"old")))
    })
}

/// The material (`artifacts`: a post, an email, a draft) the user's latest message naming one
/// names first, its subject ("a Python script" of "a Python script that reads a CSV"): what a
/// later "it" they ask to work on, or say is failing, stands for.
/// One named with a determiner ("a LinkedIn post", "my essay") and not one the message asks to
/// be made ("Write a quick note…": then it is the answer's own).
fn material_named(earlier: &[Message]) -> Option<String> {
    const DETERMINER_REACH: usize = 3;
    earlier
        .iter()
        .rev()
        .filter(|m| m.role == Role::User)
        .find_map(|m| {
            let lower = m.content.to_ascii_lowercase();
            let words = words_of(&lower);
            // "Write a quick note…", "Can you give me a recipe…", "What's a good recipe…": a
            // piece the message asks for is the answer's own, not material of the user's.
            let opening = words.iter().find(|w| !in_list(Words::DirectivePolite, w));
            let asks = opening.is_some_and(|w| in_list(Words::DirectiveDo, w))
                || in_list_at(&words, 0, Words::QuestionOpeners);
            let determiner = |w: &str| in_list(Words::ArtifactDeterminers, w);
            let determiner_of = |at: usize| {
                let reach = &words[at.saturating_sub(DETERMINER_REACH)..at];
                reach.iter().rev().find(|w| determiner(w)).copied()
            };
            let indefinite = |w: &str| in_list(Words::IndefiniteArticles, w);
            let made = |at: usize| {
                any_in_list(&words[..at], Words::CreateVerbs)
                    || (asks && determiner_of(at).is_some_and(indefinite))
            };
            let determined = |at: usize| determiner_of(at).is_some();
            // After one of `verb-before` the word is a verb, and "will" is the noun only right
            // after its determiner ("my will", not "the delivery will arrive").
            let before = |at: usize| at.checked_sub(1).map_or("", |b| words[b]);
            let verb = |at: usize| {
                in_list(Words::VerbBefore, before(at))
                    || (words[at] == "will" && !determiner(before(at)))
            };
            // "My friend texted me something weird": what was sent is a message, unnamed.
            let sent = (words.windows(2)).any(|p| in_list(Words::Sent, p[0]) && p[1] == "me");
            // "I need to email my professor": the message the user is to send, which a request
            // to polish "it" works on.
            let to_send = |at: usize| before(at) == "to";
            (0..words.len())
                .find(|&at| {
                    in_list(Words::Artifacts, words[at])
                        && !made(at)
                        && ((determined(at) && !verb(at)) || to_send(at))
                })
                .map(|at| words[at].to_owned())
                .or_else(|| sent.then(|| MESSAGE.to_owned()))
        })
}

/// What the user was sent is asked for as, when the conversation does not name it.
const MESSAGE: &str = "message";

/// Asks the questions of the findings that do not give way to the request's kinds
/// ([`gives_way`]) and returns those findings: one that gives way covers no slot either ("the
/// repair my mechanic suggested" gives way to the quote's job, which is then asked).
fn ask_findings(
    out: &mut Assessment,
    name: Option<&frames::Name>,
    (slots, open): (&[SlotRef<'_>], &[SlotRef<'_>]),
    settled: bool,
) -> Vec<Finding> {
    let asked: Vec<Finding> = (out.findings.iter())
        .filter(|f| !gives_way(f, slots, open, settled))
        .cloned()
        .collect();
    for f in &asked {
        if let Some(q) = rule_question(f, name, out.wording.script(), None) {
            push_unique(out, q, rule_cue(f, name));
        }
    }
    asked
}

/// Whether the rule's finding `f` gives way to the request's kinds (`slots`, of which `open`
/// are open; `settled`: the request is clear by construction or long). A recognised kind says
/// what is missing better than "what matters most to you?": by its open slot, or, with every
/// slot filled, by asking nothing. "Can you split the bill for us?": the bill's total, the
/// kind's critical slot, is what "which bill?" would ask. "How much milk should she drink?": the
/// kind's open slot of the person (`person-slots`) asks what matters of her better than "who is
/// she?".
fn gives_way(f: &Finding, slots: &[SlotRef<'_>], open: &[SlotRef<'_>], settled: bool) -> bool {
    // A value the text is to state or a new amount ([`rules::is_users_amount`]) is no slot of a
    // kind.
    let value = rules::is_users_amount(&f.evidence);
    (f.kind == Kind::UnderspecifiedParameter && !value && !slots.is_empty() && !settled)
        || (f.kind == Kind::MissingContext && names_a_critical_open_kind(&f.evidence, open))
        || (f.kind == Kind::PronounWithoutAntecedent
            && in_list(Words::OnePersonPronouns, &f.evidence)
            && open
                .iter()
                .any(|r| in_list(Words::PersonSlots, r.slot.name)))
}

/// Whether the noun of a missing material's `evidence` ("the bill") names a kind whose critical
/// slot is `open`: that slot's question asks what the material would say. The user's own
/// material is theirs to paste; one of their `own-things` ("my injury") is what the slot asks.
fn names_a_critical_open_kind(evidence: &str, open: &[SlotRef<'_>]) -> bool {
    let (own, noun) = material_of(evidence);
    // "a food allergy": the allergy.
    let noun = noun
        .rsplit(' ')
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    (!own || rules::is_own_thing(evidence))
        && open.iter().any(|r| {
            r.slot.priority == Priority::Critical
                && r.slot.covered_by.is_none()
                && knowledge()
                    .position_in(&[noun.as_str()], r.frame.en.cue_list)
                    .is_some()
        })
}

/// `findings` less the question of a choice's criteria when the conversation (`earlier`) named
/// what the choice is among ("Which one should I buy?" after "between the Sony … and the Bose
/// …", "我该买哪个？" after "在纠结小米14和iPhone 15").
fn without_candidates_named(mut findings: Vec<Finding>, earlier: &[Message]) -> Vec<Finding> {
    if candidates_named(earlier) {
        findings.retain(|f| {
            f.kind != Kind::UnderspecifiedParameter || rules::is_users_amount(&f.evidence)
        });
    }
    findings
}

/// Whether an earlier message of the user's names what a choice is among: two names, or
/// things set against each other ("between … and …", "… or …", "… vs …"), not counted
/// ("between two laptops").
fn candidates_named(earlier: &[Message]) -> bool {
    earlier.iter().filter(|m| m.role == Role::User).any(|m| {
        let lower = m.content.to_ascii_lowercase();
        let words = words_of(&lower);
        let proper = Cues::of(&m.content, &lower, &words).proper;
        // "between two laptops", "between a few laptops" count them and name none.
        let counted = |at: usize| {
            let article = usize::from(rules::listed_at(&words, at + 1, Words::Articles));
            rules::listed_at(&words, at + 1 + article, Words::NumberWords)
        };
        // "Company A … Company B": letters name candidates, if nothing else.
        let letters = (m.content.split(|c: char| !c.is_ascii_alphanumeric()))
            .filter(|t| matches!(t.as_bytes(), [b'A'..=b'Z']) && *t != "I")
            .count();
        proper.iter().filter(|p| **p).count() + letters >= 2
            || (0..words.len()).any(|at| in_list(Words::SetsAgainst, words[at]) && !counted(at))
            || list(word_list(Words::ZhSetsAgainst)).any(|w| m.content.contains(w))
    })
}

/// The marks that separate the things of a list, in English and Chinese.
const LIST_SEPARATORS: [char; 6] = [',', '，', '、', ';', '；', '\n'];

/// Whether an earlier message gives material a follow-up can work on: material after its
/// instruction, a quoted passage ("It opens with 'Since the dawn of time…'"), a list or code
/// after a colon, or a message long enough to be the text itself.
fn holds_material(earlier: &[Message]) -> bool {
    const COLON_WORDS: usize = 6;
    const COLON_CHARS: usize = 12;
    // A list or code after a colon ("My grandma's shortbread: 1 cup butter, 1/2 cup sugar, 2
    // cups flour", "我的Python寫：for i in range(10) print(i)") is the material a later
    // "double the recipe", "這段程式為什麼跑不動？" works on.
    let listed = |text: &str| {
        split_at_colon(text).is_some_and(|(_, rest)| {
            rest.matches(LIST_SEPARATORS).count() >= 2
                || rest.contains(['(', '=', '{'])
                || rest.split_whitespace().count() >= COLON_WORDS
                || rest
                    .chars()
                    .filter(|c| !c.is_ascii() && c.is_alphabetic())
                    .count()
                    >= COLON_CHARS
        })
    };
    earlier.iter().any(|m| {
        supplies_material(&m.content)
            || pasted(&m.content)
            || listed(&m.content)
            || has_quote(&m.content)
            || m.content.split_whitespace().count() > LONG_WORDS
            || m.content.chars().filter(|&c| is_cjk(c)).count() > LONG_WORDS
    })
}

/// Whether the request names, besides what fills `r`'s slot, another of the kind's own things
/// by the kind's word alone: "Can I take ibuprofen with my medication?" names the ibuprofen and
/// not the medication. The word before a piece it describes ("a pill chart") names none.
fn names_another(r: &SlotRef<'_>, words: &[&str]) -> bool {
    let table = knowledge();
    let describes = |at: usize| {
        words
            .get(at + 1)
            .is_some_and(|w| in_list(Words::Artifacts, w))
    };
    r.slot.instance
        && (table.positions_in(words, r.frame.en.cue_list)).any(|at| {
            table.position_in(&words[at..=at], r.slot.en.list).is_none() && !describes(at)
        })
}

/// Whether the Chinese `text` names, besides what fills `r`'s slot, another of the kind's own
/// things by the kind's word alone: "布洛芬能和降压药一起吃吗" names the 布洛芬 and not the 降压药.
fn zh_names_another(r: &SlotRef<'_>, text: &str) -> bool {
    // More times the kind's word than inside the named things' words ("阿莫西林" holds none).
    let within_names = |c: &str| -> usize {
        (list(r.slot.zh.words).filter(|w| w.contains(c)))
            .map(|w| text.matches(w).count())
            .sum()
    };
    r.slot.instance && list(r.frame.zh.cues).any(|c| text.matches(c).count() > within_names(c))
}

/// Whether an earlier message of the conversation, the user's or the host's context, gives
/// what `slot` asks for, read as that message is written: a detail said before ("We're going
/// to Tokyo for a week") is never asked again, nor is the slot's question once answered. What
/// the assistant said is not the user's. What a piece is about is the piece's own: when `text`,
/// the request, names its piece ("Write an email"), an earlier request for another piece
/// ("Write a haiku about rain") gives it nothing.
fn said_before(slot: &Slot, text: &str, given: Given<'_>) -> bool {
    if given.earlier.is_empty() {
        return false;
    }
    // The slot's own question, answered earlier in the conversation.
    let asked = |m: &Message| {
        m.role == Role::Assistant
            && [Script::English, Script::Simplified, Script::Traditional]
                .iter()
                .any(|s| slot.wording.get(*s).text == m.content)
    };
    if (given.earlier.windows(2)).any(|p| asked(&p[0]) && p[1].role == Role::User) {
        return true;
    }
    // "now do one for my manager too", "再帮我写一个调休的": the same kind for another, whose
    // critical details the conversation gave only for the first.
    if slot.priority == Priority::Critical && turns_to_another(text, given.earlier) {
        return false;
    }
    // "can i put it together friday night and just bake it saturday?" after a lasagna recipe,
    // "a preview text to go with it" after three subject lines: the thing a slot covered by
    // material asks for is the piece the assistant made (not another of the kind's things:
    // "can he take it with his blood pressure pill?").
    let made = given.earlier.last().is_some_and(made_a_piece);
    if slot.covered_by == Some(Cover::Material) && !slot.instance && made && refers_back(text) {
        return true;
    }
    // A request that asks for its own piece ("Write a limerick"), not one that goes on with the
    // conversation's ("Now a limerick").
    let piece = (slot.piece).then(|| piece_asked(text)).flatten();
    // What the user or the host said before, read as it is written.
    let mut not_the_assistants = given.earlier.iter().filter(|m| m.role != Role::Assistant);
    not_the_assistants.any(|m| {
        let text = unquoted(&m.content);
        let material = holds_material(std::slice::from_ref(m));
        let own = Given::of_earlier(m, &text, material);
        let lower = text.to_ascii_lowercase();
        if piece.is_some() && piece_asked(&text).is_some_and(|p| Some(p) != piece) {
            return false;
        }
        let (cjk, latin_words) = script_counts(&text);
        if mostly_cjk(cjk, latin_words) {
            ZhReading::of(&text, &lower, CharSet::of(&text)).fills(slot, own)
        } else {
            let words = words_of(&lower);
            Cues::of(&text, &lower, &words).fills(&text, &words, &slot.en, own)
        }
    })
}

/// Whether `m` is the assistant's reply that made a piece: lines of a list, a recipe, a draft
/// or code ([`MADE_LINES`] or more).
fn made_a_piece(m: &Message) -> bool {
    let lines = m.content.lines().filter(|l| !l.trim().is_empty()).count();
    m.role == Role::Assistant && lines >= MADE_LINES
}

/// Lines from which a reply holds a made piece.
const MADE_LINES: usize = 3;

/// Whether an English follow-up works on a thing by a pronoun that is no clause's subject
/// (`acted-on-pronouns` but "that" and "this", not after one of `yes-no-openers`,
/// `reply-connectives` or `subject-before`): "bake it saturday", "to go with it"; not "it keeps
/// crashing", "does it work", "if it rains".
fn refers_back(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    let words = words_of(&lower);
    let subject_before = |w: &str| {
        [
            Words::YesNoOpeners,
            Words::ReplyConnectives,
            Words::SubjectBefore,
        ]
        .iter()
        .any(|&list| in_list(list, w))
    };
    (1..words.len()).any(|at| {
        in_list(Words::ActedOnPronouns, words[at])
            && !in_list(Words::Demonstratives, words[at])
            && !subject_before(words[at - 1])
    })
}

/// Whether a follow-up asks for the same kind again for another matter: "one for" and a thing
/// or a person the conversation never named, said to be different (`new-instance`,
/// `different`: "one for my manager too, but for something different"; "Now one for my boss"
/// after a birthday message is the same message), or a time's own one ("this month's one"); in
/// Chinese 再 and a measure word after the verb that makes it, with what it is for before 的
/// (`zh-new-instance`: "再帮我写一个调休的").
fn turns_to_another(text: &str, earlier: &[Message]) -> bool {
    let said = |w: &str| (earlier.iter()).any(|m| m.content.to_ascii_lowercase().contains(w));
    let (cjk, latin_words) = script_counts(text);
    if mostly_cjk(cjk, latin_words) {
        let Some(at) = list(word_list(Words::ZhNewInstance)).find_map(|w| text.find(w)) else {
            return false;
        };
        // "再帮我写一个调休的": the two characters before 的 say what it is for.
        let what = text[at..].split('的').next().unwrap_or_default();
        let chars: Vec<char> = what.chars().collect();
        let named = String::from_iter(&chars[chars.len().saturating_sub(2)..]);
        return what.len() < text[at..].len() && chars.len() >= 2 && !said(&named);
    }
    let lower = text.to_ascii_lowercase();
    let words = words_of(&lower);
    let Some((at, phrase)) = rules::phrase_in(&words, Words::NewInstance) else {
        return false;
    };
    let after = &words[at + phrase.split('+').count()..];
    let noun = after
        .iter()
        .take(3)
        .find(|w| !in_list(Words::MaterialDeterminers, w) && !in_list(Words::Articles, w));
    // "Now one for my boss" after a birthday message is the same message for another.
    let different = words.iter().any(|w| in_list(Words::Different, w));
    phrase.ends_with("'s") || (different && noun.is_some_and(|n| !said(n)))
}

/// The piece `text` asks to be made, named by its first cue of a frame with a slot that says
/// what its piece is ("Write an email": "email"; "帮我写一封邮件": 邮件), when it asks for
/// something to be done (see [`directs`]).
fn piece_asked(text: &str) -> Option<String> {
    let table = knowledge();
    let frames = (table.frames.iter()).filter(|f| f.slots.iter().any(|s| s.piece));
    let (cjk, latin_words) = script_counts(text);
    if mostly_cjk(cjk, latin_words) {
        let cues = frames.flat_map(|f| list(f.zh.cues));
        let first = cues.filter_map(|c| Some((text.find(c)?, c))).min();
        return first
            .filter(|_| chinese::zh_directs(text))
            .map(|(_, c)| c.to_owned());
    }
    let lower = text.to_ascii_lowercase();
    let words = words_of(&lower);
    let matched = table.matching(&words);
    let at = frames.filter_map(|f| named_at(f, &matched, &words)).min();
    at.filter(|_| directs(&words).is_some())
        .map(|at| words[at].to_owned())
}

/// The kinds an English request names (see [`tasks_named`]). A short follow-up that names no
/// kind and no name of its own goes on with the conversation's ("How much food should I get?"
/// after "I'm planning my daughter's birthday party"); not when a rule's `findings` named what
/// is missing, nor when the conversation gave material or the candidates of a choice: they say
/// it.
fn english_kinds(
    table: &frames::Table,
    cues: &Cues,
    lower: &str,
    words: &[&str],
    given: Given<'_>,
    findings: &[Finding],
) -> Vec<usize> {
    let named = tasks_named(table, cues, words, lower, given);
    if named.is_empty()
        && findings.is_empty()
        && words.len() <= FOLLOW_UP_WORDS
        && !cues.proper.contains(&true)
        && !material_worked_on(lower, words, given.earlier)
        // Two names are a choice's candidates to a follow-up that chooses, a route's ends or a
        // trip's places to one that does not ("roughly how long will it take?").
        && !(any_in_list(words, Words::Choosing) && candidates_named(given.earlier))
    {
        kinds_before(table, given.earlier, words)
    } else {
        named
    }
}

/// Whether a follow-up works on material of the conversation: the user's, or the assistant's
/// unless the follow-up asks or directs something of its own with no pronoun or demonstrative
/// pointing at it ("and for my son?" after a long answer on a dose; not "make it shorter",
/// "scale that down" after a draft, nor "intermediate" answering it).
fn material_worked_on(text: &str, words: &[&str], earlier: &[Message]) -> bool {
    let mut users = earlier.iter().filter(|m| m.role != Role::Assistant);
    let points = (words.iter()).any(|w| rules::is_pronoun(w) || in_list(Words::Demonstratives, w));
    users.any(|m| holds_material(std::slice::from_ref(m)))
        || ((points || !reply::asks_or_directs(text, words)) && holds_material(earlier))
}

/// Words up to which a follow-up that names no kind takes the conversation's.
const FOLLOW_UP_WORDS: usize = 12;

/// The kinds the user's last earlier message names, in English (a Chinese conversation's are
/// read by the Chinese decision); when it names none, the outright ones whose cue it says and
/// whose intent the follow-up (`now`) does to what it names: "how do i contest it" after "got a
/// parking ticket this morning".
fn kinds_before(table: &frames::Table, earlier: &[Message], now: &[&str]) -> Vec<usize> {
    let Some(m) = earlier.iter().rev().find(|m| m.role == Role::User) else {
        return Vec::new();
    };
    let text = unquoted(&m.content);
    let lower = text.to_ascii_lowercase();
    let words = words_of(&lower);
    let own = Given::of_earlier(m, &text, supplies_material(&text));
    let before = Cues::of(&text, &lower, &words);
    let kinds = tasks_named(table, &before, &words, &lower, own);
    if kinds.is_empty() {
        let done_to_it = |f: &Frame| {
            (table.positions_in(now, f.en.intent_list))
                .any(|at| now.get(at + 1).is_some_and(|w| rules::is_pronoun(w)))
        };
        return recognise(table, |f| {
            f.outright && named_at(f, &before.matched, &words).is_some() && done_to_it(f)
        });
    }
    // A message that directed a task goes on with it, the kinds named first after its verb:
    // the rest said what it is about ("a note to my professor… for a job interview" looks for
    // no job).
    let Some(verb) = directs(&words) else {
        return kinds;
    };
    let after =
        |i: usize| named_at(&table.frames[i], &before.matched, &words).filter(|&at| at > verb);
    let first = kinds.iter().filter_map(|&i| after(i)).min();
    kinds
        .into_iter()
        .filter(|&i| first.is_none() || after(i) == first)
        .collect()
}

/// The indices of the frames of `table` that `is` recognises, in the table's order.
fn recognise(table: &frames::Table, is: impl Fn(&Frame) -> bool) -> Vec<usize> {
    (0..table.frames.len())
        .filter(|&i| is(&table.frames[i]))
        .collect()
}

/// The frames an English request is: those its instruction names. Before a colon with text
/// after it, that is the words before the colon, as in Chinese: "Translate to French: book a
/// table for two" books nothing.
fn tasks_named(
    table: &frames::Table,
    cues: &Cues,
    words: &[&str],
    lower: &str,
    given: Given<'_>,
) -> Vec<usize> {
    let instruction = (lower.split_once(':').filter(|_| given.after_colon)).map(|(i, _)| i);
    let head = instruction.map(words_of);
    let head_matched = head.as_ref().map(|h| table.matching(h));
    let matched = head_matched.as_ref().unwrap_or(&cues.matched);
    let words = head.as_deref().unwrap_or(words);
    // A phrase stands for a cue word; the intents still decide.
    recognise(table, |f| {
        !f.en.is_empty()
            && (f.en.intents.is_empty() || matched.has(f.en.intent_list))
            && (matched.has(f.en.cue_list)
                || (matched.has(f.en.phrase_list) && phrase_start(words, f.en.phrases).is_some()))
    })
}

/// Where `words` first name `frame`, given the lists they match ([`frames::Table::matching`]):
/// by a cue word, or where a cue phrase begins.
fn named_at(frame: &Frame, matched: &frames::Matched, words: &[&str]) -> Option<usize> {
    let phrase = phrase_start(words, frame.en.phrases);
    matched
        .first(frame.en.cue_list)
        .into_iter()
        .chain(phrase)
        .min()
}

/// Where the first of `phrases` (space-separated, each phrase's words joined by "+": "near+me")
/// begins in `words`.
fn phrase_start(words: &[&str], phrases: &str) -> Option<usize> {
    (phrases.split_whitespace())
        .filter_map(|p| {
            let first = p.split('+').next()?;
            (0..words.len()).find(|&at| words[at] == first && rules::phrase_at(words, at, p))
        })
        .min()
}

/// One slot of a recognised frame.
#[derive(Clone, Copy)]
struct SlotRef<'t> {
    frame: &'t Frame,
    slot: &'t Slot,
}

impl SlotRef<'_> {
    /// Whether its frame's questions give way to another frame the request is (`recognised`,
    /// indices into `table`): one that replaces it, or for a catch-all frame any that is not
    /// one.
    fn defers(&self, table: &frames::Table, recognised: &[usize]) -> bool {
        frame_defers(self.frame, table, recognised)
    }
}

/// Whether `frame`'s questions give way to another frame the request is (`recognised`, indices
/// into `table`): one that replaces it, or for a catch-all frame any that is not one.
fn frame_defers(frame: &Frame, table: &frames::Table, recognised: &[usize]) -> bool {
    frame_defers_to(frame, table, recognised, |_| true)
}

/// [`frame_defers`], where only the frames `may_replace` says (indices into `table`) replace
/// `frame`.
fn frame_defers_to(
    frame: &Frame,
    table: &frames::Table,
    recognised: &[usize],
    may_replace: impl Fn(usize) -> bool,
) -> bool {
    let mut others = recognised
        .iter()
        .filter_map(|&i| Some((i, table.frames.get(i)?)))
        .filter(|(_, f)| !std::ptr::eq(*f, frame));
    // A frame that replaces `frame` but is asked only alone gives way to it in turn ("孩子每天睡
    // 几个小时": `for-a-child` replaces `parenting`, which it is not alone with): one of the two
    // keeps its questions.
    let yields_to = |f: &Frame| f.only_alone && !frame.only_alone;
    (frame.only_alone && others.clone().any(|(_, f)| !f.only_alone))
        || others.any(|(i, f)| {
            may_replace(i)
                && !yields_to(f)
                && (f.replaces.iter()).any(|r| std::ptr::eq(&table.frames[r.index()], frame))
        })
}

/// Whether the frame of `r` gives way to another kind of an English request's `recognised` (see
/// [`frame_defers`]): a kind that replaces it does, unless named only in a sentence after the
/// first, which named `r`'s kind (the car of "Plan a 5-day itinerary for us. … No car." buys
/// nothing); `first_sentence` is the first sentence's count of `words`, which match `matched`.
fn defers_in_english(
    r: &SlotRef<'_>,
    recognised: &[usize],
    (words, matched): (&[&str], &frames::Matched),
    first_sentence: usize,
) -> bool {
    let table = knowledge();
    let later =
        |frame: &Frame| named_at(frame, matched, words).is_none_or(|at| at >= first_sentence);
    let mine = later(r.frame);
    frame_defers_to(r.frame, table, recognised, |j| {
        mine || !later(&table.frames[j])
    })
}

/// How many words the first sentence of an English request (`lower`) has: up to a full stop,
/// question or exclamation mark before a space, or a line break.
fn first_sentence_words(lower: &str, words: &[&str]) -> usize {
    let end = (lower.char_indices())
        .find(|&(i, c)| ends_sentence(lower, i, c))
        .map_or(lower.len(), |(i, _)| i);
    words_before(lower, words, end)
}

/// The `words` of an English request (`lower`) of the sentence that asks its question after a
/// story: the one that ends at its first question mark, when another sentence comes before it
/// ("I just got a $10,000 bonus. How much of it goes to taxes?" asks from "how" to "taxes").
/// None when no sentence asks, or the first one does.
fn asking_sentence<'w>(lower: &str, words: &'w [&'w str]) -> &'w [&'w str] {
    let Some(mark) = lower.find('?') else {
        return run_on_question(lower, words);
    };
    let start = (lower[..mark].char_indices())
        .rev()
        .find(|&(i, c)| ends_sentence(lower, i, c))
        .map_or(0, |(i, _)| i + 1);
    let start = words_before(lower, words, start);
    if start == 0 {
        return &[];
    }
    &words[start..words_before(lower, words, mark)]
}

/// The question a message typed with no mark at all ends on: from the last word of
/// `run-on-openers` after its first word, when two words or more follow ("my employer hasnt
/// paid me overtime for like 3 months what are my rights").
fn run_on_question<'w>(lower: &str, words: &'w [&'w str]) -> &'w [&'w str] {
    const ASKED_WORDS: usize = 2;
    if lower.contains(['.', '!', '?', '\n', ',', ';']) {
        return &[];
    }
    let opener = (1..words.len()).rfind(|&i| in_list(Words::RunOnOpeners, words[i]));
    opener
        .filter(|&i| words.len() - i > ASKED_WORDS)
        .map_or(&[], |i| &words[i..])
}

/// How many of `words`, slices of `lower` in order, start before its byte `at`.
fn words_before(lower: &str, words: &[&str], at: usize) -> usize {
    let base = lower.as_ptr() as usize;
    words.partition_point(|w| (w.as_ptr() as usize).saturating_sub(base) < at)
}

/// Whether the character `c` at `i` of `lower` ends a sentence: a full stop, question or
/// exclamation mark before a space, or a line break.
fn ends_sentence(lower: &str, i: usize, c: char) -> bool {
    c == '\n' || (matches!(c, '.' | '?' | '!') && lower[i + 1..].starts_with(char::is_whitespace))
}

/// Every slot of the `recognised` frames of `table`, in the table's order.
fn slots_of<'t>(table: &'t frames::Table, recognised: &[usize]) -> Vec<SlotRef<'t>> {
    recognised
        .iter()
        .filter_map(|&i| table.frames.get(i))
        .flat_map(|frame| frame.slots.iter().map(move |slot| SlotRef { frame, slot }))
        .collect()
}

/// The question of `slot`, worded in `script`.
fn slot_question(slot: &Slot, script: Script) -> Question {
    let w = slot.wording.get(script);
    question(
        w.text,
        w.why,
        &w.options,
        slot.priority,
        slot.kind,
        w.assumption,
    )
}

/// A general question of the table in `script`, `{word}` in it standing for `word`.
fn general_question(which: General, script: Script, word: &str) -> Option<Question> {
    rule_wording(which, script, &[("word", word)], None, None)
}

/// The assumption of the general fallback question in `script`: the most common reading.
fn fallback_assumption(script: Script) -> &'static str {
    knowledge()
        .general(General::Fallback)
        .map_or("", |g| g.wording.get(script).assumption)
}

/// What [`assess`] concluded, with its evidence.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Assessment {
    /// Whether to ask before answering.
    pub needs_clarification: bool,
    /// The language the request was read as; the questions are in it unless the conversation
    /// asked for Chinese ([`assess_in`]).
    pub language: Language,
    /// The learned model's score (English and Chinese); at or above the threshold means vague.
    pub model_score: Option<f32>,
    /// The rules that fired.
    pub findings: Vec<Finding>,
    /// The questions, in no particular order (see [`detect`] for the asking order).
    pub questions: Vec<Question>,
    /// For each question, the cue that made it (see [`detect_traced`]).
    pub cues: Vec<String>,
    /// The language the questions are worded in.
    wording: Wording,
    /// What the English decision weighed (for the cross-validation of the tuning).
    #[cfg(test)]
    signals: Option<Signals>,
    /// What the Chinese decision weighed (the same).
    #[cfg(test)]
    chinese_signals: Option<ChineseSignals>,
    /// The English task kinds recognised, by name (for the cross-validation's dump).
    #[cfg(test)]
    kinds: Vec<&'static str>,
}

/// The language the detector read a request as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, IntoStaticStr, VariantNames, VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum Language {
    /// English (and any other Latin-script text): rules and the learned model.
    #[default]
    English,
    /// Chinese, Traditional or Simplified (CJK characters dominate): rules, task kinds and
    /// the learned model.
    Chinese,
    /// Japanese, Korean, Spanish, French, German, Portuguese or Italian, read by its columns of
    /// the table and these languages' own learned model: the material rule, task kinds, and
    /// what a vague request of no known kind leaves unsaid.
    Columns,
    /// A language the detector does not read (Russian, Arabic, Hindi…): it asks nothing
    /// offline, rather than ask in another language or misread the request.
    Other,
}
crate::unit_enum::impl_unit_enum!(Language);

/// One rule that fired, with the words that triggered it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The kind of vagueness.
    pub kind: Kind,
    /// The words of the request that triggered the rule, e.g. `it` or `the paper`.
    pub evidence: String,
}

/// The kinds of vagueness the detector names in a question's source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, IntoStaticStr, VariantNames, VariantArray)]
#[strum(serialize_all = "snake_case")]
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
crate::unit_enum::impl_unit_enum!(Kind);

const MAX_QUESTIONS: usize = 3;
const MAX_TOPIC_QUESTIONS: usize = 2;
/// Bytes of a request the detector reads; the rest cannot change a decision about intent.
const MAX_BYTES: usize = 4096;
/// Words above which a request is complete enough to answer unless a rule fires: no vague
/// request in IN3 train is longer than 28 words.
const LONG_WORDS: usize = 30;
/// Words from which an earlier message tells the user's situation: after it, the details a
/// follow-up's kind shares with it were given and its lesser ones are not asked. A shorter
/// one of the user's own ("My girlfriend's birthday is next month.") gives what it says and
/// leaves the rest to ask ("Gift ideas for her?": what she likes, the budget).
const SITUATION_WORDS: usize = 12;

/// Whether an earlier message is long enough to tell the user's situation
/// ([`SITUATION_WORDS`]).
fn tells_situation(message: &str) -> bool {
    words_of(message).len() >= SITUATION_WORDS
}
/// Ambiguous names are asked about only in requests up to this many words: in a longer one the
/// rest of the request says which meaning it is about.
const NAME_MAX_WORDS: usize = 15;
/// Letters and digits outside a quoted span from which it is a literal inside an instruction.
const LITERAL_BESIDE: usize = 12;

/// In which language the detector words its questions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Wording {
    /// In the request's own language and script.
    #[default]
    AsWritten,
    /// In Chinese, Simplified characters.
    Simplified,
    /// In Chinese, Traditional characters.
    Traditional,
    /// No questions: the decision alone.
    Decision,
}

impl Wording {
    /// The wording for a conversation in `language`: English leaves the request's own.
    fn of(language: UserLanguage) -> Self {
        match language {
            UserLanguage::Simplified => Self::Simplified,
            UserLanguage::Traditional => Self::Traditional,
            // The table words its questions in English and Chinese only: another language's
            // conversation gets them as the request is written (and translated by an LLM).
            UserLanguage::English
            | UserLanguage::Japanese
            | UserLanguage::Korean
            | UserLanguage::Spanish
            | UserLanguage::French
            | UserLanguage::German
            | UserLanguage::Portuguese
            | UserLanguage::Italian => Self::AsWritten,
        }
    }

    /// The script of the questions about an English request: English unless the conversation
    /// is Chinese.
    fn script(self) -> Script {
        self.traditional().map_or(Script::English, Script::chinese)
    }

    /// For a Chinese wording, whether it is Traditional; `None` otherwise.
    fn traditional(self) -> Option<bool> {
        match self {
            Self::Simplified => Some(false),
            Self::Traditional => Some(true),
            Self::AsWritten | Self::Decision => None,
        }
    }
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
        options: (1..)
            .zip(options)
            .map(|(i, label)| Choice {
                id: ChoiceId(format!("o{i}")),
                label: (*label).into(),
                description: None,
            })
            .collect(),
        multiple: false,
        recommended: None,
        allow_skip: true,
        allow_free_text: true,
        priority,
        assumption: assumption.into(),
        source: QuestionSource::Detector {
            rule: kind.as_str().into(),
        },
    }
}

/// Whether an ambiguous-reference finding is a pick among things listed before
/// (`reply::picked_unnamed`): "that one", "one of them", 那種; another of a kind named once
/// (`reply::other_unnamed`): "the other flour"; or one of two of a kind the user named
/// (`reply::one_of_two`): "it", "the card", 这张.
fn picks(evidence: &str) -> bool {
    let first = evidence.split(' ').next().unwrap_or_default();
    let pointer =
        in_list(Words::NearDemonstratives, first) || in_list(Words::FarDemonstratives, first);
    let zh_pointer = evidence.starts_with(|c| char_listed(Words::ZhDemonstratives, c));
    // "the other flour", 另外那封: another of a kind named once or not at all.
    let other = (evidence.split(' ').nth(1)).is_some_and(|w| in_list(Words::Others, w))
        || list(word_list(Words::ZhOthers)).any(|o| evidence.starts_with(o));
    // "it", "the card": one of two of a kind the user named (`reply::one_of_two`), or of the
    // things a reply listed, as "one of them" is.
    let one_of_two = evidence == "it"
        || in_list(Words::PicksOf, &evidence.replace(' ', "+"))
        || (evidence.split(' ').count() == 2
            && in_list(Words::PlaceholderPointers, first)
            && !rules::points_at_candidates(evidence));
    (pointer && evidence.ends_with(" one"))
        || (zh_pointer && evidence.chars().count() == 2)
        || other
        || one_of_two
}

/// Whether a missing-context finding's evidence is a condition said and not named
/// (`rules::condition_unnamed`: "a health condition"; 慢性病), or a kind of thing
/// ([`rules::kind_unnamed`]: "a language"; 乐器): which one is asked.
fn unnamed_condition(evidence: &str) -> bool {
    let (first, last) = (evidence.split(' ').next(), evidence.rsplit(' ').next());
    let opens = |w: &str| in_list(Words::UnnamedOpeners, w) || w.ends_with("'s");
    (first.is_some_and(|w| opens(&w.to_ascii_lowercase()))
        && last.is_some_and(|w| in_list(Words::UnnamedConditions, w)))
        || list(word_list(Words::ZhUnnamedConditions)).any(|c| c == evidence)
        || rules::is_unnamed_kind(evidence)
}

/// Whether an ambiguous-reference finding is about recency ("recent advances").
fn is_recency(evidence: &str) -> bool {
    evidence.starts_with("recent") || evidence.starts_with("latest")
}

/// Adds `q` and its cue unless a question with the same id is there; reports whether it was
/// added.
fn push_unique(out: &mut Assessment, q: Question, cue: String) -> bool {
    if out.questions.iter().any(|p| p.id == q.id) {
        return false;
    }
    out.questions.push(q);
    out.cues.push(cue);
    true
}

/// What the request's words show, computed once per request: which two-letter openings its
/// words have (a filter that skips nearly every trigger without looking at the words) and which
/// of its words are proper nouns (an ASCII word with a capital that does not open a sentence,
/// not "I", nor a day or a month: "in March" names no place or person).
struct Cues {
    openings: Openings,
    proper: Vec<bool>,
    /// The address of the lower-cased text the words are slices of (see [`Cues::clause_ends`]).
    base: usize,
    /// The frames table's English word lists that the words match.
    matched: frames::Matched,
    /// The words that can say what the request is about: not of `form` or `no-subject`, no
    /// number (see [`TOPIC_WORDS`]).
    subject_words: usize,
}

/// A 1,024-bit set of words' first two bytes, hashed: a trigger whose opening is not in a
/// request's set matches no word of it (a stem shares its word's opening), and a word whose
/// opening is not in a list's set is not in the list, so most of either cost one bit test.
#[derive(Debug, Default)]
struct Openings([u64; 16]);

impl Openings {
    /// The slot of a word's first two bytes, ASCII case ignored ("Georgia" and "georgia" share
    /// one).
    fn slot(word: &str) -> usize {
        let b = word.as_bytes();
        let first = usize::from(b.first().map_or(0, u8::to_ascii_lowercase));
        // A phrase's first word ends at its "+".
        let second = b.get(1).filter(|&&c| c != b'+');
        let second = usize::from(second.map_or(0, u8::to_ascii_lowercase));
        (first * 31 + second) & 1023
    }

    /// The openings of `words`.
    fn of<'w>(words: impl Iterator<Item = &'w str>) -> Self {
        let mut openings = Self::default();
        for word in words {
            let i = Self::slot(word);
            openings.0[i / 64] |= 1 << (i % 64);
        }
        openings
    }

    fn may_contain(&self, word: &str) -> bool {
        let i = Self::slot(word);
        self.0[i / 64] & (1 << (i % 64)) != 0
    }
}

impl Cues {
    /// `words` are slices of `lower`, the ASCII lower-cased copy of `text` (same byte offsets).
    fn of(text: &str, lower: &str, words: &[&str]) -> Self {
        let openings = Openings::of(words.iter().copied());
        let base = lower.as_ptr() as usize;
        let proper = words
            .iter()
            .enumerate()
            .map(|(i, w)| {
                let at = (w.as_ptr() as usize).saturating_sub(base);
                let capital = text.as_bytes().get(at).is_some_and(u8::is_ascii_uppercase);
                // A sentence opens after a closing quote or bracket too ("…'wear and tear.' Is").
                let before = text.get(..at).unwrap_or_default().trim_end();
                let before = before.trim_end_matches(['\'', '"', '”', ')']);
                let opens = i == 0 || before.ends_with(['.', '?', '!', ':', '\n']);
                // "to get a B", "column C": a letter alone names no one and no place.
                let letter = w.len() == 1;
                capital
                    && !opens
                    && !letter
                    && !in_list(Words::FirstPerson, w)
                    && !in_list(Words::Times, w)
            })
            .collect();
        let subject_words = (words.iter())
            .filter(|w| !in_list(Words::Form, w) && !in_list(Words::NoSubject, w) && !is_number(w))
            .count();
        Self {
            openings,
            proper,
            base,
            matched: knowledge().matching(words),
            subject_words,
        }
    }

    /// Whether the request fills a slot as `filling` says: one of its words (a word with a
    /// sign such as `$` is looked for in the text), or one of its patterns.
    fn fills(&self, text: &str, words: &[&str], filling: &Filling, given: Given<'_>) -> bool {
        // "about 3 minutes": an estimate, not what the text is about.
        let estimate = |at: usize| {
            in_list(Words::Approximations, words[at])
                && words.get(at + 1).is_some_and(|w| is_number(w))
        };
        // "for me": the user says whom, not what for.
        let names_people = || {
            let people: Vec<&str> = list(word_list(Words::People)).collect();
            knowledge().position_in(&people, filling.list).is_some()
        };
        // "for under $1000": a price, not what for.
        let empty = |at: usize| {
            in_list(Words::FilledByObject, words[at])
                && ((in_list_at(words, at + 1, Words::TheAsker) && !names_people())
                    || in_list_at(words, at + 1, Words::PriceBounds)
                    || (at > 0 && in_list(Words::OwnPreposition, words[at - 1])))
        };
        // "for my trip next week", "for the job I'm applying to", "this job": the kind, not which.
        let bare = |at: usize| {
            in_list(Words::BareKinds, words[at])
                && at > 0
                && (in_list(Words::Determiners, words[at - 1])
                    || in_list(Words::PointingDeterminers, words[at - 1]))
                && !(in_list_at(words, at + 1, Words::SaysWhich) && at + 2 < words.len())
        };
        // "include where to eat": the place of something else than the going.
        let elsewhere = |at: usize| {
            words[at] == "where"
                && words.get(at + 1) == Some(&"to")
                && words.get(at + 2).is_some_and(|v| !in_list(Words::Going, v))
        };
        // "lose about 10 pounds": the change wanted, not the body's weight.
        let change =
            |at: usize| any_in_list(&words[at.saturating_sub(CHANGE_REACH)..at], Words::Changes);
        // "172cm", "70kg": a figure written with its unit fills as the unit does.
        let unit = |w: &&str| {
            let unit = w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            unit.len() < w.len() && knowledge().position_in(&[unit], filling.list).is_some()
        };
        (self.matched.has(filling.list)
            && self.matched.positions(filling.list).any(|at| {
                !estimate(at) && !empty(at) && !bare(at) && !elsewhere(at) && !change(at)
            }))
            || words.iter().any(unit)
            || filling.signs.iter().any(|g| text.contains(g))
            || filling
                .patterns
                .iter()
                .any(|p| self.pattern(text, words, *p, given))
    }

    /// What fills a slot as `filling` says, for the trace: its word as the request writes it
    /// ("\"tokyo\""), or the pattern's name ("a time").
    fn filler(&self, text: &str, words: &[&str], filling: &Filling, given: Given<'_>) -> String {
        let word = (self.matched.positions(filling.list).next())
            .map(|at| words[at])
            .or_else(|| filling.signs.iter().copied().find(|g| text.contains(g)));
        match word {
            Some(w) => format!("\"{w}\""),
            None => filling
                .patterns
                .iter()
                .find(|p| self.pattern(text, words, **p, given))
                .map_or_else(String::new, |p| pattern_named(*p)),
        }
    }

    /// Whether the word at `i` is a name that can name a place: written as a name, and not a
    /// nationality or a time ("Lisbon", not "Italian" or "May"), or a country or a city however
    /// written ("japan", "lisbon").
    fn place_name_at(&self, words: &[&str], i: usize) -> bool {
        (self.proper.get(i) == Some(&true)
            && !in_list(Words::Nationalities, words[i])
            && !is_time(words[i], None))
            || written_as_a_place(words[i])
    }

    /// Whether the request shows `pattern` (see [`Pattern`]).
    fn pattern(&self, text: &str, words: &[&str], pattern: Pattern, given: Given<'_>) -> bool {
        match pattern {
            Pattern::Time => words
                .iter()
                .enumerate()
                .any(|(i, w)| is_time(w, words.get(i + 1))),
            // "around 150 words" says how long a text is, not anything it is about.
            // "$200" is an amount, not how many of anything; "Pegasus 41" a model's name.
            // A number is no ordinal ("her 7th birthday", "in 7th grade"), a count no time
            // either ("at 7pm").
            Pattern::Number | Pattern::Count => (words.iter().enumerate()).any(|(i, w)| {
                let named =
                    i > 0 && self.proper.get(i - 1) == Some(&true) && !is_time(words[i - 1], None);
                let ordinal = in_list(
                    Words::OrdinalEndings,
                    w.trim_start_matches(char::is_numeric),
                );
                let counted = !ordinal && (pattern == Pattern::Number || !is_time(w, None));
                // "our new one", "the red one": a thing, no number.
                let thing = in_list(Words::Ones, w)
                    && (1..=2).any(|k| i >= k && in_list(Words::Determiners, words[i - k]));
                is_number(w)
                    && counted
                    && !thing
                    && !named
                    && !in_list_at(words, i + 1, Words::TextLengths)
                    && !self.after_currency(text, w)
            }),
            // A month or a day is a time, not a place: "in May" says when.
            Pattern::Place => words.windows(2).enumerate().any(|(i, p)| {
                in_list(Words::PlacePrepositions, p[0])
                    && (self.proper.get(i + 1) == Some(&true) || written_as_a_place(p[1]))
                    && !is_time(p[1], None)
            }),
            // "Friday" and "May" say when, not who.
            Pattern::Name => (self.proper.iter().zip(words)).any(|(p, w)| *p && !is_time(w, None)),
            // "Classic French films" names a taste; "a good Italian restaurant" no place: a
            // nationality or language, capitalised, says what kind of thing, not which place.
            Pattern::PlaceName => (0..words.len()).any(|i| self.place_name_at(words, i)),
            // "I live in Lyon", "a flight from Boston", "not Rome": where the user is, or what
            // they rule out, is no place to go; "a US citizen" says whose passport.
            Pattern::Destination => (0..words.len()).any(|i| {
                self.place_name_at(words, i)
                    && !rules::phrase_before(words, i, Words::NotDestinations)
                    && !in_list_at(words, i + 1, Words::Citizenship)
            }),
            Pattern::Topic => {
                // "an apology for what happened at dinner": what it tells is pointed at, not told,
                // wherever the clause goes on.
                let untold = |at: usize| untold_story(&words[at..]);
                // "I messed up big time": that something went wrong, not what (not "messed up
                // the report").
                let confessed = || {
                    rules::phrase_in(words, Words::UntoldWrongs).is_some_and(|(at, phrase)| {
                        !in_list_at(words, at + phrase.split('+').count(), Words::Determiners)
                    })
                };
                // "cover what happened last night? Really hoping it does": words enough, and
                // what they are about is untold.
                let told = || !(0..words.len()).any(untold);
                (self.subject_words >= TOPIC_WORDS && !self.subject_unsaid(text, words))
                    && !confessed()
                    && told()
                    || text.contains([':', '\n'])
                    || words.windows(2).enumerate().any(|(i, p)| {
                        // "on Sunday", "for tomorrow's meeting" say when, not what about.
                        let when =
                            in_list(Words::WhenBefore, p[0]) && is_time(p[1], words.get(i + 2));
                        !when
                            && !untold(i + 1)
                            && ((in_list(Words::SaysWhat, p[0])
                                && !is_number(p[1])
                                && !self.own_unspecified(words, i + 1))
                                || (in_list(Words::TopicBefore, p[0])
                                    && !in_list(Words::NotATopic, p[1])))
                    })
                    || described(words)
                    || tells_what(words)
            }
            Pattern::Described => described(words),
            Pattern::Object => (words.windows(2))
                .any(|p| in_list(Words::TopicBefore, p[0]) && !in_list(Words::NotATopic, p[1])),
            Pattern::Route => names_a_route(text),
            Pattern::Story => tells_a_story(text),
            Pattern::Quote => given.literal || given.quoted,
            Pattern::Material => given.material || given.after_colon,
            Pattern::Amount => names_an_amount(text),
            Pattern::Percentage => names_a_percentage(text),
        }
    }

    /// Whether the words from `at` name something of the user's own, or a `placeholders` noun,
    /// and nothing about it ("about my new job", "announcing our launch", "about the problem",
    /// "about the money thing"):
    /// the subject is named, its particulars are not, so it says no more than "about something
    /// of mine". A name, a number or a word that goes on to describe it ("my new job as a
    /// designer at Figma", "my trip to Japan", "the problem of evil") gives them.
    fn own_unspecified(&self, words: &[&str], at: usize) -> bool {
        const REACH: usize = 4;
        let end = words.len().min(at + 1 + REACH);
        let placeholder_at =
            |k: usize| in_list_at(words, k, Words::Placeholders) && words.get(k + 1) != Some(&"of");
        let placeholder = placeholder_at(at + 1)
            || (in_list_at(words, at + 1, Words::PlaceholderQualifiers) && placeholder_at(at + 2))
            || in_list_at(words, at + 2, Words::OpenPlaceholders);
        (in_list_at(words, at, Words::UserPossessives)
            || (in_list_at(words, at, Words::PlaceholderPointers) && placeholder))
            && !self
                .proper
                .get(at + 1..end)
                .is_some_and(|p| p.contains(&true))
            && !rules::describes(&words[(at + 1).min(end)..end])
    }

    /// Whether a text's subject is only said to be told: named as the user's own in three words
    /// or fewer after a word that says what a text tells, the clause ending there ("A post
    /// announcing my new job. Humble, thank my old team, 120 words", "the launch announcement for
    /// our new product": the other words say how the text is written, and "a photo of my
    /// sourdough loaf" says what the photo shows), or pointed at and not told ("an apology for
    /// what happened at dinner").
    fn subject_unsaid(&self, text: &str, words: &[&str]) -> bool {
        let named_only =
            |at: usize| (at + 1..words.len().min(at + 4)).any(|j| self.clause_ends(text, words[j]));
        words.windows(2).enumerate().any(|(i, p)| {
            let says = (in_list(Words::SaysWhat, p[0]) && p[0] != "of")
                || (in_list(Words::Describing, p[0])
                    && rules::phrase_before(words, i, Words::TextsFor));
            (says
                && self.own_unspecified(words, i + 1)
                && named_only(i + 1)
                && !self.proper[i..].contains(&true))
                || ((says || in_list(Words::TopicBefore, p[0])) && untold_story(&words[i + 1..]))
        })
    }

    /// Whether `word`, one of the request's words, follows a currency sign in `text` ("$200"):
    /// an amount.
    fn after_currency(&self, text: &str, word: &str) -> bool {
        let at = (word.as_ptr() as usize).saturating_sub(self.base);
        let before = text.get(..at).unwrap_or_default().trim_end();
        before.ends_with(|c| char_listed(Words::CurrencySigns, c))
    }

    /// Whether a clause ends after `word`, a word of `text`: a stop, a comma or a question mark
    /// follows it, or nothing does.
    fn clause_ends(&self, text: &str, word: &str) -> bool {
        let after = (word.as_ptr() as usize).saturating_sub(self.base) + word.len();
        let rest = text.get(after..).unwrap_or_default().trim_start();
        rest.is_empty() || rest.starts_with(['.', ',', ';', '!', '?', '\n'])
    }

    /// A factual question about a named subject: it opens with who/what/when/where/which (or
    /// "how many/much/old/…") and names something with a capital ("Who plays Simon's dad in
    /// The Inbetweeners?").
    fn factual_about_a_name(&self, words: &[&str]) -> bool {
        let opener = match words {
            ["how", second, ..] => in_list(Words::HowFactual, second),
            [first, _, ..] => in_list(Words::FactualOpeners, first),
            _ => false,
        };
        opener && self.proper.iter().any(|p| *p)
    }
}

/// Whether the request says what it needs where the learned model, which reads words rather
/// than structure, does not see it; the generic question ("what should the answer focus on?")
/// would then ask for what is already there:
/// - it opens with its instruction and refines it in a further sentence ("Think of a
///   motivational quote. Try to keep it positive and sweet."), unlike a request that opens with
///   the user's situation ("I want to start meditating. Propose a guide.") or a question;
/// - it is a calculation that gives its operands ("Convert 5 miles to kilometers", "What is 15%
///   of 80?"), unlike one whose operand is an unnamed thing ("Solve a 5 kyu problem", "Convert
///   a Word file into a PDF").
fn says_what_it_needs(text: &str, words: &[&str], proper: &[bool]) -> bool {
    refines_its_instruction(text, words)
        || gives_its_operands(words)
        || a_fact_of_a_name(words, proper)
}

/// Whether the request asks for a fact of something it names, as an instruction: "Find the
/// capital city of Tasmania", "Tell me the population of Lagos", "Name the members of ABBA".
/// The generic question would ask what the name already says.
fn a_fact_of_a_name(words: &[&str], proper: &[bool]) -> bool {
    let opens = matches!(words, [first, ..] if in_list(Words::FactOpeners, first));
    let the = words.iter().take(4).position(|w| *w == "the");
    opens && the.is_some_and(|at| proper.iter().skip(at + 1).any(|p| *p))
}

/// The task a request directs (see [`directs`]): of the `recognised` frames, the one whose cue
/// comes first, since the rest name what the task is about ("Write an email to my landlord asking to fix the heater" writes an email and
/// debugs nothing). Else an outright frame named early on ("How much tax will I owe?").
/// With the frame, whether it leaves a critical detail open: only the directed task's slots are
/// asked, and its critical ones whatever the model says. `matched`: the lists `words` match.
fn directed_task<'t>(
    table: &'t frames::Table,
    recognised: &[usize],
    (words, matched): (&[&str], &frames::Matched),
    open: &[SlotRef<'t>],
    first_sentence: usize,
    question: &[&str],
) -> Option<(&'t Frame, bool)> {
    let start = directs(words);
    // How many words, from the first, it takes to name the frame `i` by one of its cues (all
    // of them when none does).
    let named_within = |i: usize| {
        let at = named_at(&table.frames[i], matched, words);
        at.map_or(words.len(), |at| at + 1)
    };
    let critical_open = |frame: &Frame| {
        open.iter()
            .any(|r| std::ptr::eq(r.frame, frame) && r.slot.priority == Priority::Critical)
    };
    // A frame whose questions give way to another's is no task of its own here: one that
    // replaces it, unless named only after the first sentence, which named this one (see
    // [`defers_in_english`]).
    let later = |i: usize| named_within(i) > first_sentence;
    let gives_way = |i: usize| {
        frame_defers_to(&table.frames[i], table, recognised, |j| {
            later(i) || !later(j)
        })
    };
    // The task directed is the directive's object, a few words after its verb: a cue further
    // on names what the task is about ("Write a dialogue between two trees about the weather").
    // Of frames named by the same word ("a speech": writing, and a speech), the one that leaves
    // a critical detail open is the task: it knows what the request lacks.
    let key = |&(i, at): &(usize, usize)| (at, !critical_open(&table.frames[i]));
    let named = (recognised.iter()).filter(|&&i| !gives_way(i));
    let named: Vec<(usize, usize)> = named.map(|&i| (i, named_within(i))).collect();
    let (first, at) = named.iter().copied().min_by_key(key)?;
    let object = |s: usize, at: usize| at > s && at <= s + DIRECTED_WITHIN;
    // "…a surprise 40th birthday dinner for my wife, about 12 people… Can you suggest some
    // restaurants?": when the kind a story named before the directive has its critical details,
    // the first the directive's object names that lacks one of its own.
    let directed = start.filter(|&s| at <= s && !critical_open(&table.frames[first]));
    let lacking = |s: usize| {
        move |&(i, at): &(usize, usize)| object(s, at) && critical_open(&table.frames[i])
    };
    let directed = directed.and_then(|s| named.iter().copied().filter(lacking(s)).min_by_key(key));
    let (first, at) = directed.unwrap_or((first, at));
    if start.is_some_and(|s| object(s, at)) {
        let frame = &table.frames[first];
        return Some((frame, critical_open(frame)));
    }
    // A kind named before the directive, with its critical detail open, is the task when the
    // directive's object names it again ([`object_names`]), or names no kind
    // ([`Words::PlanWords`]) and it is the only kind named before: "I'm planning a 5-day trip…
    // Can you put together a day-by-day plan?"; not the flight a complaint to an airline tells
    // of ("…lost my suitcase on the outbound flight… Can you write it?").
    let named_first = |i: usize| start.is_some_and(|s| named_within(i) <= s && !gives_way(i));
    let before = |i: usize| critical_open(&table.frames[i]) && named_first(i);
    let again = start.and_then(|s| object_names(table, recognised, words, s, before));
    let generic = start.is_some_and(|s| {
        let object = &words[s..(s + DIRECTED_WITHIN).min(words.len())];
        any_in_list(object, Words::PlanWords)
    });
    let mut named_before = recognised
        .iter()
        .copied()
        .filter(|&i| generic && named_first(i));
    let only = named_before
        .next()
        .filter(|&i| named_before.next().is_none() && before(i));
    // Else a task named precisely enough is asked as a question too, named early on; and any
    // task is, when the question is about the user's own case (see [`about_own_case`]). After
    // a story that sets it up, the sentence that asks counts as the question, for a task it
    // names ("I just got a $10,000 bonus. How much of it goes to taxes?"), not one the story
    // names ("…he kept my deposit. What are my options?").
    let own = about_own_case(words);
    let own_question = about_own_case(question);
    let general = asks_how_to(question);
    let asked = || {
        let in_the_question = table.matching(question);
        recognised.iter().copied().find(|&i| {
            let f = &table.frames[i];
            let in_question = || {
                let at = named_at(f, &in_the_question, question);
                at.is_some_and(|at| at < OUTRIGHT_WITHIN)
            };
            critical_open(f)
                && (own
                    || f.outright && named_within(i) <= OUTRIGHT_WITHIN
                    || (own_question || f.outright && !general) && in_question())
        })
    };
    again
        .or(only)
        .or_else(asked)
        .map(|i| (&table.frames[i], true))
}

/// The kind, of the `recognised` ones `named_before` accepts (the request named it before its
/// directive and left its critical detail open), that the directive at `start` names again as
/// its object ("I'm planning a 10-day trip… Can you put together a day-by-day itinerary?").
/// The object ends at a pronoun ("Can you write it? Just leave blanks for the flight number").
fn object_names(
    table: &frames::Table,
    recognised: &[usize],
    words: &[&str],
    start: usize,
    named_before: impl Fn(usize) -> bool,
) -> Option<usize> {
    let end = (start + DIRECTED_WITHIN + 1).min(words.len());
    let end = (start + 1..end)
        .find(|&i| rules::is_pronoun(words[i]))
        .unwrap_or(end);
    let object = table.matching(&words[start..end]);
    recognised
        .iter()
        .copied()
        .find(|&i| object.has(table.frames[i].en.cue_list) && named_before(i))
}

/// Where the request's directive begins, when it opens by asking for something to be done: an imperative ("Plan a
/// five-day itinerary…", "Please book…", "Can you write…", "Help me find…") or a need ("I need a
/// hotel…", "I'd like a toast for…"), not a question about the world ("How do I…", "What
/// are…") nor the user's situation ("I'm planning a trip to Boston. What…").
fn directs(words: &[&str]) -> Option<usize> {
    let act = |w: &str| in_list(Words::DirectiveDo, w);
    let need = |w: &str| in_list(Words::DirectiveNeed, w);
    let at = words
        .iter()
        .position(|w| !in_list(Words::DirectivePolite, w))?;
    match &words[at..] {
        [first, ..] if act(first) => Some(at),
        [first, second, ..]
            if need(first) && need(second) && !in_list(Words::NeedObjectOpeners, second) =>
        {
            Some(at + 1)
        }
        // Further on, after the situation: "I have two weeks off in March and want an itinerary
        // that…", "I'm organizing a gala for 200 guests… Can you draft a plan?".
        _ => words
            .windows(2)
            .position(|p| {
                (in_list(Words::WantVerbs, p[0]) && in_list(Words::WantObjects, p[1]))
                    || (in_list(Words::BeforeADirective, p[0]) && act(p[1]))
            })
            .map(|i| i + 1),
    }
}

/// Whether the request is a question about the user's own case: it opens as a question and
/// is about something of the user's ("What kind of oil does my car take?", "Is my non-compete
/// valid?", "How many Benadryl can I give my dog?"), or asks how much, how many, what size or
/// whether the user must, as the user ("How much tax will I owe?", "What size breaker do I
/// need?", "Do I have to file a return?"). Its answer turns on the particulars of that case, as a
/// task's turns on its details, so a critical detail its kind leaves open is asked whatever the
/// model says. A question on how to do something ("How do I know if my house has a leak?",
/// "What should I do if my child gets too much homework?") or on the general rule ("How many
/// Benadryl can a dog take?") is answered.
fn about_own_case(words: &[&str]) -> bool {
    let Some(first) = words.first().filter(|w| in_list(Words::QuestionOpeners, w)) else {
        return false;
    };
    let how_to = asks_how_to(words);
    let mine = !how_to
        && words.windows(2).any(|p| {
            in_list(Words::UserPossessives, p[0]) && !in_list(Words::NotMineAfterMy, p[1])
        });
    let as_the_user = any_in_list(words, Words::AsTheUser);
    let amount = in_list_at(words, 1, Words::Amounts);
    let must =
        in_list(Words::MustAsked, first) && (2..5).any(|at| in_list_at(words, at, Words::Must));
    // "Should I pay off the loan early or invest?": a choice only the user's facts settle.
    let choice = matches!(words, ["should", who, ..] if in_list(Words::AskingSubjects, who));
    mine || choice || (as_the_user && (amount || must))
}

/// Whether `word` is a country or a city however it is written ("japan", "lisbon").
fn written_as_a_place(word: &str) -> bool {
    in_list(Words::Countries, word) || in_list(Words::Cities, word)
}

/// Whether a request asks about a rule or a norm (`general-facts`: "What's the difference
/// between a tax deduction and a tax credit?"), not the user's own case: it asks none of the
/// user's own details.
fn asks_a_general_fact(words: &[&str]) -> bool {
    (rules::phrase_in(words, Words::GeneralFacts).is_some() || defines(words))
        && !any_in_list(words, Words::UserPossessives)
        && !any_in_list(words, Words::AsTheUser)
}

/// Whether a question opens by asking what a kind of thing is (`what-is`, an indefinite article:
/// "What is a tax return?"), not which one is good, fair or safe (`judged`: "What's a good
/// laptop?").
fn defines(words: &[&str]) -> bool {
    (1..words.len().min(3)).any(|at| {
        rules::phrase_before(words, at, Words::WhatIs)
            && rules::listed_at(words, at, Words::IndefiniteArticles)
            && words
                .get(at + 1)
                .is_some_and(|noun| !in_list(Words::Judged, noun))
    })
}

/// Whether a question asks how something is done ("How do I…", "How does… work", "What
/// should I do if…"), not what the user's own case comes to.
fn asks_how_to(words: &[&str]) -> bool {
    match words {
        ["how", second, ..] => in_list(Words::HowTo, second),
        ["what", "should", who, "do", ..] => in_list(Words::AskingSubjects, who),
        _ => false,
    }
}

/// Words after a directive's verb within which its object names the task directed.
const DIRECTED_WITHIN: usize = 6;
/// Words from the start, or from the start of the sentence that asks, within which an outright
/// task (see `Frame::outright`) is named.
const OUTRIGHT_WITHIN: usize = 10;

/// Whether the request's first sentence is an instruction (not a question, not the user's
/// situation) and another sentence of at least three words follows it.
fn refines_its_instruction(text: &str, words: &[&str]) -> bool {
    let situation = |w: &str| in_list(Words::Situation, w);
    if words.first().is_none_or(|w| situation(w)) {
        return false;
    }
    // A sentence ends at '.', '!' or '?' followed by a space and a capital ("Inc. for" does not).
    let bytes = text.as_bytes();
    let end = (1..bytes.len().saturating_sub(2)).find(|&i| {
        matches!(bytes[i], b'.' | b'!' | b'?')
            && bytes[i + 1] == b' '
            && bytes[i + 2].is_ascii_uppercase()
    });
    end.is_some_and(|i| {
        let (first, rest) = (&text[..i], &text[i + 1..]);
        bytes[i] != b'?'
            && first.split_whitespace().count() >= 3
            && rest.split_whitespace().count() >= 3
    })
}

/// Whether the request is a calculation (convert, calculate, solve…, "what is", "how many", or
/// about a mathematical object: "Find the four smallest perfect numbers") whose operands are
/// numbers it gives, with no unnamed or absent thing among them ("a", "the given", "this",
/// "my").
fn gives_its_operands(words: &[&str]) -> bool {
    let calculation = match words {
        ["what", "is", ..] => true,
        // Not "How many do I need for 40 guests?": of what is not said.
        ["how", amount, ..] => {
            in_list(Words::HowAmounts, amount) && !in_list_at(words, 2, Words::HowTo)
        }
        [first, ..] => in_list(Words::Calculate, first),
        [] => false,
    };
    // The number first: it rules out most requests with the cheapest test.
    words.iter().any(|w| is_number(w))
        && (calculation || any_in_list(words, Words::Mathematical))
        && !any_in_list(words, Words::Ungiven)
}

/// Words before a filling word within which a `changes` word makes it the change wanted.
const CHANGE_REACH: usize = 3;

/// Words from which a request says enough about its own subject ("Write a post" does not;
/// a brief of eight words that carry a subject does), counted without the words of `form` and
/// `no-subject` ("Can you write it for me? Keep it polite and short." says nothing of it).
const TOPIC_WORDS: usize = 8;

/// A number: digits, or a number word (`number-words`: up to twelve, "few").
pub(crate) fn is_number(word: &str) -> bool {
    word.bytes().any(|b| b.is_ascii_digit()) || in_list(Words::NumberWords, word)
}

/// A time or date: "7pm", "19:30", "tonight", "friday", "march", "tomorrow", "next week"…
pub(crate) fn is_time(word: &str, next: Option<&&str>) -> bool {
    let digits = word.bytes().any(|b| b.is_ascii_digit());
    (digits
        && (word.ends_with("am")
            || word.ends_with("pm")
            || word.contains(':')
            || next.is_some_and(|n| in_list(Words::ClockWords, n))))
        || in_list(Words::Times, word)
        || (in_list(Words::ThisOrNext, word) && next.is_some_and(|n| in_list(Words::NextPeriods, n)))
        // "mid-October", "late-May": still a time, however it is hyphenated.
        || word.split_once('-').is_some_and(|(part, time)| {
            in_list(Words::TimeParts, part) && is_time(time, None)
        })
}

/// A 1,024-bit set of the request's characters outside ASCII, hashed: a word whose first
/// character is not in it is not in the request, so most Chinese cues cost one bit test
/// instead of a substring search.
struct CharSet([u64; 16]);

impl CharSet {
    fn of(text: &str) -> Self {
        let mut set = Self([0; 16]);
        for c in text.chars().filter(|c| !c.is_ascii()) {
            let i = Self::slot(c);
            set.0[i / 64] |= 1 << (i % 64);
        }
        set
    }

    fn slot(c: char) -> usize {
        (c as usize).wrapping_mul(0x9E37_79B1) >> 7 & 1023
    }

    /// False only when `word` cannot be in the text: one of its characters beyond ASCII is
    /// not. Every character is tested, since a word's first is often a common one (这, 我).
    fn may_contain(&self, word: &str) -> bool {
        word.chars().filter(|c| !c.is_ascii()).all(|c| {
            let i = Self::slot(c);
            self.0[i / 64] & (1 << (i % 64)) != 0
        })
    }
}

/// Whether `text` names an amount of money: a number with a currency sign or word before or
/// after it ("$85", "2,000 euros", "80k", "3000元"), or a bare number of two digits or more
/// that no word of another measure follows (`currency-signs`, `money` and `not-money` in
/// detector.toml): "the bill came to 240" names one; "18%", "5 people", "a 30-year loan" and
/// "6 months" do not.
pub(crate) fn names_an_amount(text: &str) -> bool {
    const BARE_DIGITS: usize = 2;
    let sign = |c: char| char_listed(Words::CurrencySigns, c);
    // A Chinese amount written in words ("二十万", "三千块").
    let in_words = text.chars().zip(text.chars().skip(1)).any(|(a, b)| {
        is_cjk(a)
            && char_listed(Words::ZhAmountNumerals, a)
            && in_list(Words::Money, &b.to_string())
    });
    if in_words {
        return true;
    }
    figures(text).any(|f| {
        f.before.trim_end().ends_with(sign)
            || in_list(Words::Money, &f.unit)
            || (f.digits >= BARE_DIGITS && !in_list(Words::NotMoney, &f.unit))
    })
}

/// Whether `text` gives a percentage ("6.5%", "4 percent"): a loan's rate. One that the word
/// after it makes a share of something else ("10% down", "20% off": `percent-shares`) is none.
pub(crate) fn names_a_percentage(text: &str) -> bool {
    figures(text).any(|f| {
        let next = f
            .after
            .get(f.unit.len()..)
            .and_then(|a| a.split_whitespace().next());
        let next = next.map(|w| w.trim_end_matches(|c: char| !c.is_alphanumeric()));
        let share = next.is_some_and(|w| in_list(Words::PercentShares, &w.to_ascii_lowercase()));
        in_list(Words::PercentUnits, &f.unit) && !share
    })
}

/// A number written in digits, as [`figures`] finds it.
struct Figure<'a> {
    /// The text before the number since the last figure (where a currency sign would be).
    before: &'a str,
    /// How many digits the number has.
    digits: usize,
    /// What follows it, lower-cased: "%", a Chinese character, or a word ("euros", "people").
    unit: String,
    /// The text after the number, from its unit on.
    after: &'a str,
}

/// The numbers written in digits in `text`, each with what comes before and after it ("2,000
/// euros", "$85", "6.5%", "3000元").
fn figures(text: &str) -> impl Iterator<Item = Figure<'_>> {
    let mut rest = text;
    std::iter::from_fn(move || {
        let at = rest.find(|c: char| c.is_ascii_digit())?;
        let (before, tail) = rest.split_at(at);
        let run = tail
            .find(|c: char| !(c.is_ascii_digit() || c == ',' || c == '.'))
            .unwrap_or(tail.len());
        let number = tail[..run].trim_end_matches([',', '.']);
        rest = &tail[number.len()..];
        let after = rest.trim_start_matches([' ', '-']);
        let unit: String = match after.chars().next() {
            Some(c) if is_cjk(c) => c.to_string(),
            Some('%') => "%".to_owned(),
            _ => after
                .chars()
                .take_while(|c| c.is_alphabetic())
                .flat_map(char::to_lowercase)
                .collect(),
        };
        let digits = number.chars().filter(char::is_ascii_digit).count();
        Some(Figure {
            before,
            digits,
            unit,
            after,
        })
    })
}

/// Whether `words` open with a thing told only as what happened ("what happened at dinner",
/// "everything she did for me", "what I said"): one of `untold-openers`, then within
/// [`UNTOLD_REACH`] words one of `untold-verbs`.
fn untold_story(words: &[&str]) -> bool {
    words
        .first()
        .is_some_and(|w| in_list(Words::UntoldOpeners, w))
        && (words.iter().skip(1).take(UNTOLD_REACH)).any(|w| in_list(Words::UntoldVerbs, w))
}

/// Words after an untold story's opener within which its verb comes.
const UNTOLD_REACH: usize = 3;

/// Whether the words tell someone something and say what ("tell my boss that I'll be late",
/// "let my landlord know the heater is broken"): a verb of `tells`, then within
/// [`TOLD_WITHIN`] words one of `told-by`, and what is told after it.
fn tells_what(words: &[&str]) -> bool {
    const TOLD_WITHIN: usize = 4;
    let told = |i: usize| {
        let by = (i + 1..(i + 1 + TOLD_WITHIN).min(words.len()))
            .find(|&j| in_list(Words::ToldBy, words[j]));
        by.is_some_and(|j| j + 2 < words.len())
    };
    (0..words.len()).any(|i| in_list(Words::Tells, words[i]) && told(i))
}

/// Whether a text's subject is said after its "for" (one of `describes`: "a product description
/// for a steel water bottle"), with none of `not-described` after it ("for our new item").
fn described(words: &[&str]) -> bool {
    words.windows(3).enumerate().any(|(i, t)| {
        t[1] == "for"
            && in_list(Words::Describes, t[0])
            && !any_in_list(&words[i + 2..], Words::NotDescribed)
            && !untold_story(&words[i + 2..])
    })
}

/// Whether a sentence after the first tells of someone ("…for my dad's retirement party. He
/// taught high school chemistry for 35 years…"): it opens with one of `story-subjects` and has
/// [`STORY_WORDS`] words or more.
fn tells_a_story(text: &str) -> bool {
    let ends = (text.char_indices())
        .filter(|&(i, c)| ends_sentence(text, i, c))
        .map(|(i, c)| i + c.len_utf8());
    let bounds: Vec<usize> = ends.chain([text.len()]).collect();
    bounds.windows(2).any(|b| {
        let mut s = text[b[0]..b[1]].split_whitespace();
        let opens = s.next().map(str::to_ascii_lowercase);
        opens.is_some_and(|w| in_list(Words::StorySubjects, &w)) && s.count() + 1 >= STORY_WORDS
    })
}

/// Words from which a sentence that opens with a person tells a story ([`tells_a_story`]).
const STORY_WORDS: usize = 6;

/// Whether `text` writes a route as two names joined by a dash ("Boston-Denver", "Paris–Lisbonne",
/// "NYC-LAX"): where a trip starts and where it goes.
pub(crate) fn names_a_route(text: &str) -> bool {
    const NAME_LETTERS: usize = 3;
    let name = |s: &str| {
        s.chars().count() >= NAME_LETTERS
            && s.starts_with(char::is_uppercase)
            && s.chars().all(char::is_alphabetic)
    };
    let dashed = (text.split(|c: char| c.is_whitespace() || c.is_ascii_punctuation() && c != '-'))
        .any(|t| {
            t.split_once(['-', '–', '—'])
                .is_some_and(|(a, b)| name(a) && name(b))
        });
    // "a flight Dublin to Barcelona": two names joined by "to", the first inside its sentence
    // ("Talk to Mary" opens with a verb).
    let words: Vec<&str> = text.split_whitespace().collect();
    let inside = |at: usize| at > 0 && !words[at - 1].ends_with(['.', '!', '?', ':']);
    dashed
        || (words.windows(3).enumerate()).any(|(at, w)| {
            inside(at)
                && name(w[0])
                && w[1] == "to"
                && name(w[2].trim_end_matches(|c: char| c.is_ascii_punctuation()))
        })
}

/// Whether a Chinese request names where it goes: 去 or another word of `zh-going-to` before a
/// name ("去日本", "飞三亚"; not 去哪, 去旅行, 去一趟, 去年), or a name just before a word for a
/// trip or a stay ("日本旅行", "花蓮旅遊", "东京行程", "京都旅馆"; not 一次旅行, 毕业旅行, 附近
/// 旅馆); `zh-not-a-name` holds the characters that start or end no name there.
pub(crate) fn names_a_destination(text: &str) -> bool {
    // A kind of place after 去 ("去海边", "去爬山") is no destination.
    let kind_of_place =
        |at: usize| list(word_list(Words::ZhKindsOfPlace)).any(|w| text[at..].starts_with(w));
    let cues = list(word_list(Words::ZhGoingTo)).chain(list(word_list(Words::ZhTripWords)));
    cues.into_iter().any(|cue| {
        text.match_indices(cue).any(|(i, _)| {
            let c = if in_list(Words::ZhGoingTo, cue) {
                if kind_of_place(i + cue.len()) {
                    return false;
                }
                text[i + cue.len()..].chars().next()
            } else {
                text[..i]
                    .chars()
                    .next_back()
                    .filter(|&c| !char_listed(Words::ZhNotBeforeTrip, c))
            };
            c.is_some_and(|c| is_cjk(c) && !char_listed(Words::ZhNotAName, c))
        })
    })
}

/// `text` without the HTML tags a rich-text field may send ("fix my <b>essay</b>" reads "fix my
/// essay"): a tag of `html-tags`, opening or closing, is no word of the request.
fn without_tags(text: &str) -> std::borrow::Cow<'_, str> {
    let tag = |after: &str| {
        let close = after.find('>')?;
        let name = after[..close].trim_start_matches('/');
        let name = name.split(|c: char| c.is_whitespace() || c == '/').next()?;
        in_list(Words::HtmlTags, &name.to_ascii_lowercase()).then_some(close)
    };
    if !text.contains('<') {
        return text.into();
    }
    let (mut out, mut rest) = (String::with_capacity(text.len()), text);
    while let Some(open) = rest.find('<') {
        let after = &rest[open + 1..];
        out.push_str(&rest[..open]);
        match tag(after) {
            Some(close) => {
                if !out.ends_with(char::is_whitespace) && !out.is_empty() {
                    out.push(' ');
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push('<');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out.into()
}

/// Whether an earlier message reads as a text pasted rather than said to the assistant ("Whales
/// are mammals. They breathes air…" before "fix my essay"): sentences of at least
/// `PASTED_WORDS` words in all, none a question, none of them speaking to the assistant or of
/// the user (`speaking-words`: "you", "please", "I", "my"); or an error a program printed,
/// named by its type ("ZeroDivisionError: division by zero").
fn pasted(text: &str) -> bool {
    const PASTED_WORDS: usize = 10;
    let lower = text.to_ascii_lowercase();
    let words = words_of(&lower);
    // A sentence ends at a stop before a space or the end ("sales_q1.csv" ends none), or with
    // the text.
    let ends = text.trim_end().char_indices().filter(|&(at, c)| {
        matches!(c, '.' | '!')
            && text[at + 1..]
                .chars()
                .next()
                .is_none_or(char::is_whitespace)
    });
    let printed = words.iter().any(|w| rules::names_an_error(w));
    printed
        || (words.len() >= PASTED_WORDS
            && ends.count() + usize::from(!text.trim_end().ends_with(['.', '!'])) >= 2
            && !text.contains(['?', '？'])
            && !any_in_list(&words, Words::SpeakingWords))
}

/// Whether the request carries its own material after the instruction: a line break followed
/// by more text ("Rewrite the given text …\n\nIf you'd told me …"), or a colon after an
/// instruction that points ahead to it ("Translate this into French: I love cheese",
/// "把这句话翻译成英文：我爱你") or names the user's own text ("Improve my cover letter: Dear
/// Ms Lee, …"). The task then works on what is given, so nothing is missing
/// that a question could supply.
fn supplies_material(text: &str) -> bool {
    let text = text.trim();
    let has_words = |s: &str| s.chars().any(char::is_alphanumeric);
    let after_line = text
        .split_once('\n')
        .is_some_and(|(head, rest)| has_words(head) && has_words(rest));
    // "fix the grammar: me and him goes to the store yesterday": a short instruction to work on
    // a text, then a sentence of it.
    let works_on = |head: &str, rest: &str| {
        let head = head.to_ascii_lowercase();
        let words = words_of(&head);
        words.len() <= ACT_ON_HEAD
            && any_in_list(&words, Words::ActOn)
            && rest.split_whitespace().count() >= ACT_ON_TEXT
    };
    let after_colon = split_at_colon(text).is_some_and(|(head, rest)| {
        (points_ahead(head) || rules::names_own_artifact(head) || works_on(head, rest))
            && has_words(rest)
    });
    after_line || after_colon || holds_code(text) || quotes_a_text(text)
}

/// Whether `text` quotes a passage long enough to be the text a task works on ("make this
/// message sound less passive-aggressive? \"As I've mentioned several times already, …\""):
/// [`QUOTED_TEXT`] words or more between a pair of quotation marks, not a phrase or a title.
fn quotes_a_text(text: &str) -> bool {
    QUOTE_PAIRS.iter().any(|&(open, close)| {
        text.split_once(open)
            .and_then(|(_, rest)| rest.split_once(close))
            .is_some_and(|(inside, _)| inside.split_whitespace().count() >= QUOTED_TEXT)
    })
}

/// Whether `text` holds code or a formula written inline, with no colon or line before it
/// ("Why does =IF(B2>=60,1,0) give an error?", "for i in range(10) print(i) fails"): that many
/// of the brackets and signs code is written with, an opening bracket among them. A name with
/// its parentheses ("parse()", "f(x)") is not enough, nor is a numbered list ("1) b 2) d").
fn holds_code(text: &str) -> bool {
    let signs = text.matches(['(', ')', '{', '}', '[', ']', '=', ';', '<', '>']);
    (text.contains(['(', '{', '[']) && signs.count() >= CODE_SIGNS) || writes_a_query(text)
}

/// Whether `text` writes a query in its language's capitals ("SELECT name, COUNT(*) FROM
/// orders"): the two words of a pair of `query-keywords` ("SELECT+FROM"), in that order.
fn writes_a_query(text: &str) -> bool {
    let words = || text.split(|c: char| !c.is_ascii_alphabetic());
    // Most texts hold no keyword at all, which a search of the text tells before its words.
    list(word_list(Words::QueryKeywords))
        .filter_map(|pair| pair.split_once('+'))
        .any(|(a, b)| text.contains(a) && words().skip_while(|w| *w != a).any(|w| w == b))
}

/// Words up to which an instruction before a colon is short enough for what follows it to be
/// the text it works on, and the words from which that text is a text ([`supplies_material`]).
const ACT_ON_HEAD: usize = 4;
const ACT_ON_TEXT: usize = 6;

/// Words from which a quotation is a passage of the user's text ([`quotes_a_text`]).
const QUOTED_TEXT: usize = 8;

/// Signs of code ([`holds_code`]) that make inline material.
const CODE_SIGNS: usize = 4;

/// Whether `text` quotes something: a non-empty span between a pair of quotation marks, or a
/// title between Chinese title marks ("《三体》": the work is named; its words are still read).
fn has_quote(text: &str) -> bool {
    QUOTE_PAIRS
        .iter()
        .chain([&('\'', '\''), &('《', '》')])
        .any(|&(open, close)| {
            text.match_indices(open).any(|(at, _)| {
                let (before, rest) = (&text[..at], &text[at + open.len_utf8()..]);
                // An apostrophe inside a word ("Here's … 'hey can i…'") opens no quote.
                let opens = open != '\'' || !before.ends_with(char::is_alphanumeric);
                opens
                    && rest
                        .split_once(close)
                        .is_some_and(|(inside, _)| inside.chars().any(char::is_alphanumeric))
            })
        })
}

/// Whether `text` quotes a sentence: words enough between a pair of quotation marks
/// ([`QUOTED_SENTENCE_WORDS`]; "'however'" is a word, not the sentence it sits in).
fn quotes_a_sentence(text: &str) -> bool {
    QUOTE_PAIRS.iter().any(|&(open, close)| {
        text.match_indices(open).any(|(at, _)| {
            let rest = &text[at + open.len_utf8()..];
            (rest.split_once(close)).is_some_and(|(inside, _)| {
                inside.split_whitespace().count() >= QUOTED_SENTENCE_WORDS
            })
        })
    })
}

/// Words from which a quotation is a sentence.
const QUOTED_SENTENCE_WORDS: usize = 3;

/// The words, lower-cased, each right before or right after a quotation of `text` (a colon or
/// spaces between): "the error \"TypeError: …\"", "the phrase 'break a leg'", "the \"To be, or
/// not to be\" speech" give "error", "phrase", "speech".
fn quotation_neighbours(text: &str) -> Vec<String> {
    let is_word = |c: char| c.is_alphanumeric() || c == '\'';
    let mut named = Vec::new();
    for &(open, close) in QUOTE_PAIRS.iter().chain([&('\'', '\'')]) {
        for (at, _) in text.match_indices(open) {
            let rest = &text[at + open.len_utf8()..];
            let before = text[..at].trim_end_matches([' ', ':']);
            // A quotation opens after a space or a colon, and names the word after it when a
            // space follows it (no apostrophe of "don't" opens or closes one).
            let (Some(end), true) = (rest.find(close), before.len() < at) else {
                continue;
            };
            let after = rest[end + close.len_utf8()..].strip_prefix(' ');
            let word_after = after.and_then(|a| a.trim_start().split(|c: char| !is_word(c)).next());
            let word_before = before.rsplit(|c: char| !is_word(c)).next();
            let words = [word_before, word_after].into_iter().flatten();
            named.extend(words.filter(|w| !w.is_empty()).map(str::to_ascii_lowercase));
        }
    }
    named
}

/// Whether text follows a colon after an instruction ("Proofread: …", "翻译：…").
pub(crate) fn has_text_after_colon(text: &str) -> bool {
    split_at_colon(text).is_some_and(|(head, rest)| {
        head.chars().any(char::is_alphanumeric) && rest.chars().any(char::is_alphanumeric)
    })
}

/// `text` before and after its first colon that introduces something: not one between two
/// digits, which writes a time or a ratio ("at 7:30pm", "16:9").
pub(crate) fn split_at_colon(text: &str) -> Option<(&str, &str)> {
    let digit_at = |at: Option<char>| at.is_some_and(|c| c.is_ascii_digit());
    let at = text.char_indices().find(|&(at, c)| {
        (c == ':' || c == '：')
            && !(digit_at(text[..at].chars().next_back())
                && digit_at(text[at + c.len_utf8()..].chars().next()))
    })?;
    Some((&text[..at.0], &text[at.0 + at.1.len_utf8()..]))
}

/// Whether an instruction has a word that points to what follows it: "this", "these", "the
/// following", "below", or in Chinese 这/這 or 以下/下面; not a time's "this" ("Plan the party
/// this Saturday: 10 kids…").
fn points_ahead(head: &str) -> bool {
    let lower = head.to_ascii_lowercase();
    let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric()).collect();
    (0..words.len())
        .any(|i| in_list(Words::PointsAhead, words[i]) && !in_list_at(&words, i + 1, Words::Times))
        || list(word_list(Words::ZhPointsAhead)).any(|w| head.contains(w))
}

/// The quotation marks of the languages the detector reads, each opening with its closing: the
/// German pair („…“) before the English one whose opening mark is the German closing.
const QUOTE_PAIRS: [(char, char); 7] = [
    ('"', '"'),
    ('„', '“'),
    ('“', '”'),
    ('‘', '’'),
    ('«', '»'),
    ('「', '」'),
    ('『', '』'),
];

/// `text` without quoted literals that sit inside an instruction: a quoted span (`"…"`, `“…”`,
/// `„…“`, `«…»`, `「…」`, `‘…’`) is dropped when `beside` letters or digits are outside it, so
/// `Output "X" if …` is read as `Output if …`; a request that is nothing but a quote is kept
/// whole.
fn without_literals(text: &str, beside: usize) -> String {
    let mut out = text.to_owned();
    for (open, close) in QUOTE_PAIRS {
        let mut from = 0;
        while let Some(i) = out[from..].find(open).map(|i| from + i) {
            let start = i + open.len_utf8();
            let Some(j) = out[start..].find(close) else {
                break;
            };
            let end = start + j + close.len_utf8();
            let outside = out[..i].chars().chain(out[end..].chars());
            if outside.filter(|c| c.is_alphanumeric()).count() < beside {
                from = end;
            } else {
                // A quoted sentence keeps its end: "…of "wear and tear." Is that legal?"
                let sentence = out[start..start + j].trim_end().ends_with(['.', '?', '!']);
                out.replace_range(i..end, if sentence { ". " } else { " " });
                from = i + 1;
            }
        }
    }
    // A sentence between ASCII single quotes is a literal too ("'Me and him went to the store.'
    // Is that right?"); a word so quoted is not ("the 'email' column").
    let sentences: Vec<(usize, usize)> = single_quoted(&out)
        .filter(|&(open, close)| out[open + 1..close].trim_end().ends_with(['.', '?', '!']))
        .collect();
    for (open, close) in sentences.into_iter().rev() {
        let outside = out[..open].chars().chain(out[close + 1..].chars());
        if outside.filter(|c| c.is_alphanumeric()).count() >= beside {
            out.replace_range(open..=close, ". ");
        }
    }
    out
}

/// `text` without what its ASCII single quotes quote ("what did McLuhan mean by 'the medium is
/// the message'?").
fn outside_single_quotes(text: &str) -> String {
    let (mut out, mut from) = (String::new(), 0);
    for (open, close) in single_quoted(text) {
        out.push_str(&text[from..open]);
        out.push(' ');
        from = close + 1;
    }
    out + &text[from..]
}

/// Where `text`'s ASCII single quotes open and close a quotation: at an apostrophe after no
/// letter or digit, and at the next one before none, so the apostrophes of "don't" and "the
/// kids' room" quote nothing.
fn single_quoted(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mark = |from: usize, opening: bool| {
        let mut marks = text[from..].match_indices('\'').map(|(at, _)| from + at);
        marks.find(|&at| {
            if opening {
                !text[..at].ends_with(char::is_alphanumeric)
            } else {
                !text[at + 1..].starts_with(char::is_alphanumeric)
            }
        })
    };
    let mut from = 0;
    std::iter::from_fn(move || {
        let open = mark(from, true)?;
        let close = mark(open + 1, false)?;
        from = close + 1;
        Some((open, close))
    })
}

/// The words of a space-separated list (the frames' and names' word lists): a plain byte
/// scan, cheaper than the general `split` searchers on such short words.
pub(crate) fn list(words: &str) -> impl Iterator<Item = &str> {
    let mut rest = words;
    std::iter::from_fn(move || {
        loop {
            if rest.is_empty() {
                return None;
            }
            let end = rest.bytes().position(|b| b == b' ').unwrap_or(rest.len());
            let (word, tail) = rest.split_at(end);
            rest = tail.get(1..).unwrap_or_default();
            if !word.is_empty() {
                return Some(word);
            }
        }
    })
}

/// The inflections after which a trigger of four letters or more still matches a word. Not
/// "-er": it makes a doer or a thing of a verb ("teacher", "planner", "shower"), which is
/// not the task the verb names. In the code, not the data file: the knowledge base's matcher
/// reads them too, in the browser's app, where the detector's data is not.
const ENDINGS: &[&str] = &[
    "s", "es", "ed", "d", "ing", "ies", "y", "ic", "al", "ion", "ions", "ation", "ations", "ment",
    "ments", "ly", "ning", "ned", "ling", "led", "en", "ens", "ist", "ists", "ity",
];

/// Whether `rest`, what follows a stem in a word, is one of [`ENDINGS`]: the knowledge base's
/// keywords match their inflections as the frames' words do.
pub(crate) fn is_inflection(rest: &str) -> bool {
    ENDINGS.contains(&rest)
}

/// A trigger matches a word exactly, or as a stem of four letters or more followed by an
/// inflection ("recipe" matches "recipes", "plan" matches "planning"; "exam" does not match
/// "examples", nor "plan" "plants" or "planner"), unless the word is one of `uninflected`.
fn word_matches(word: &str, trigger: &str) -> bool {
    word == trigger || stems(word).any(|stem| stem == trigger)
}

/// Whether `text` writes an operation: an operator of `operators` between two letters or digits,
/// spaces aside ("17 × 23", "a+b"). It is the material a word pointing at it stands for ("17 ×
/// 23, ça fait combien ?").
pub(crate) fn operated(text: &str) -> bool {
    let signs: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let operand = |c: &char| c.is_ascii_alphanumeric();
    (signs.windows(3))
        .any(|w| char_listed(Words::Operators, w[1]) && operand(&w[0]) && operand(&w[2]))
}

/// Where each term of `zh-terms` (`core/data/detector.toml`) and each title between 《》 stand
/// in `text`, as byte ranges: found once per request, then asked of every cue found in it
/// ([`inside_a_term`]). A title names a work, whatever its words ("《天气之子》" is no weather).
pub(crate) fn zh_term_spans(text: &str) -> Vec<std::ops::Range<usize>> {
    let titles =
        (text.match_indices('《')).filter_map(|(at, _)| Some(at..at + text[at..].find('》')?));
    knowledge()
        .zh_terms
        .iter()
        .flat_map(|t| text.match_indices(t).map(|(at, m)| at..at + m.len()))
        .chain(titles)
        .collect()
}

/// Whether `word`, found at byte `at`, is inside one of `terms` ([`zh_term_spans`]).
pub(crate) fn inside_a_term(terms: &[std::ops::Range<usize>], at: usize, word: &str) -> bool {
    terms
        .iter()
        .any(|t| t.start <= at && at + word.len() <= t.end)
}

/// Whether `words[i]` is a cue inside one of the two-word names of `cue-before` and
/// `cue-after` (`core/data/detector.toml`).
pub(crate) fn in_a_term(words: &[&str], i: usize) -> bool {
    let word = words[i];
    words
        .get(i + 1)
        .is_some_and(|next| listed(&knowledge().cue_before, &(word, *next)))
        || (i > 0 && listed(&knowledge().cue_after, &(words[i - 1], word)))
}

/// The stems of four letters or more that `word` is one of [`ENDINGS`] away from: the
/// triggers other than itself that [`word_matches`] it.
fn stems(word: &str) -> impl Iterator<Item = &str> {
    let last = word.as_bytes().last().copied();
    // A stem has four letters or more and the shortest ending one: a shorter word has none.
    let endings = if word.len() > 4 { ENDINGS } else { &[] };
    endings
        .iter()
        .filter_map(move |e| {
            // The last byte first: most endings are ruled out without a string comparison.
            (e.as_bytes().last().copied() == last && word.len() >= e.len() + 4)
                .then(|| word.strip_suffix(e))
                .flatten()
        })
        // A word of `uninflected` has no stem; looked up only for a word that has one.
        .filter(move |_| !in_list(Words::Uninflected, word))
}

/// How many CJK characters `text` holds, and how many of its words (as [`words_of`] splits
/// them) are all ASCII, in one pass.
fn script_counts(text: &str) -> (usize, usize) {
    let (mut cjk, mut latin) = (0, 0);
    // The word being read: whether it has a letter or digit yet, whether all of them (and its
    // inner apostrophes) are ASCII, and whether a curly apostrophe waits for a next letter.
    let (mut letters, mut ascii, mut curly) = (false, true, false);
    for c in text.chars() {
        let cjk_char = is_cjk(c);
        cjk += usize::from(cjk_char);
        if cjk_char || !(c.is_alphanumeric() || c == '\'' || c == '’') {
            latin += usize::from(letters && ascii);
            (letters, ascii, curly) = (false, true, false);
        } else if c == '’' {
            curly = true;
        } else if c != '\'' {
            // A curly apostrophe between letters stays in the word, which is then not ASCII.
            ascii &= c.is_ascii() && !(curly && letters);
            letters = true;
            curly = false;
        }
    }
    (cjk, latin + usize::from(letters && ascii))
}

/// Whether a text of `cjk` CJK characters and `latin_words` ASCII words is read as Chinese:
/// it has CJK characters, at least as many as ASCII words.
fn mostly_cjk(cjk: usize, latin_words: usize) -> bool {
    cjk > 0 && cjk >= latin_words
}

/// The first [`MAX_BYTES`] of `text` without the quoted literals inside its instruction (see
/// [`without_literals`]): what the detector reads of a request.
fn unquoted(text: &str) -> String {
    without_literals(clip(text, MAX_BYTES), LITERAL_BESIDE)
}

/// Lower-case words: runs of letters, digits and inner apostrophes (`what's`).
fn words_of(lower: &str) -> Vec<&str> {
    // A figure's separator between two digits joins them: "5.9", "120/80", "19:30", "1,200".
    let digit = |at: usize| lower.as_bytes().get(at).is_some_and(u8::is_ascii_digit);
    let mut at = 0;
    lower
        .split(|c: char| {
            let joins =
                matches!(c, '.' | ',' | '/' | ':') && at > 0 && digit(at - 1) && digit(at + 1);
            at += c.len_utf8();
            !(c.is_alphanumeric() || c == '\'' || c == '’' || joins) || is_cjk(c)
        })
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

/// The longest prefix of `s` of at most `max` bytes that ends on a character boundary.
fn clip(s: &str, max: usize) -> &str {
    &s[..s.floor_char_boundary(max)]
}

#[cfg(test)]
mod tests {
    use super::chinese::{zh_figure, zh_gives_operands};
    use super::*;
    use crate::text::script_markers;

    #[test]
    fn a_chinese_figure_is_a_number_no_unit_of_time_follows() {
        for text in ["身高170，体重65公斤", "两个人吃", "我今年38岁", "月薪12000"]
        {
            assert!(zh_figure(text), "{text}");
        }
        for text in [
            "我想减肥，一天该吃多少热量",
            "每3个月体检一次",
            "两周能瘦多少",
            "我该怎么办",
        ] {
            assert!(!zh_figure(text), "{text}");
        }
    }

    /// An amount of money is a number with a currency sign or word, or with no other unit.
    #[test]
    fn an_amount_of_money_is_a_number_with_a_currency_or_no_other_unit() {
        for text in [
            "the bill came to $240",
            "about 2,000 euros",
            "I make 85k a year",
            "预算3000元",
            "预算二十万左右",
            "the total was 96",
        ] {
            assert!(names_an_amount(text), "{text}");
        }
        for text in [
            "6.5% rate, 30-year fixed",
            "5 people and an 18% tip",
            "for 6 months",
            "3 adults",
            "孩子3岁",
            "no figures at all",
        ] {
            assert!(!names_an_amount(text), "{text}");
        }
    }

    /// A percentage is a number followed by a percent sign or word; a term, an amount or a
    /// share of something else is not.
    #[test]
    fn a_percentage_is_a_number_with_a_percent_sign_or_word() {
        for text in [
            "at 6.5% fixed",
            "4 percent interest",
            "利率3.1%",
            "10% down, 7%",
        ] {
            assert!(names_a_percentage(text), "{text}");
        }
        let not = [
            "over 30 years",
            "$320,000",
            "贷三十年",
            "18 people",
            "10% down,",
            "20% off",
        ];
        for text in not {
            assert!(!names_a_percentage(text), "{text}");
        }
    }

    /// How much food to get is asked how many will eat, after a conversation that did not say:
    /// an ordinal counts no one ("my daughter's 7th birthday").
    #[test]
    fn how_much_food_to_get_is_asked_how_many_will_eat() {
        let feeding = |q: &Question| q.text == "How many people are you feeding?";
        for (earlier, request) in [
            (
                "I'm hosting Thanksgiving this year.",
                "How big of a turkey should I buy?",
            ),
            (
                "It's my daughter's 7th birthday party.",
                "How many pizzas should I order?",
            ),
        ] {
            let asked = asked_after(earlier, request);
            assert!(asked.iter().any(feeding), "{request}: {asked:?}");
        }
        let told = asked_after("We're 12 adults.", "How big of a turkey should I buy?");
        assert!(!told.iter().any(feeding), "{told:?}");
    }

    /// The questions `request` gets after one earlier message of the user's, `earlier`.
    pub(super) fn asked_after(earlier: &str, request: &str) -> Vec<Question> {
        let history = [Message::new(Role::User, earlier)];
        detect(request, &history).questions
    }

    #[test]
    fn material_given_earlier_says_what_the_seller_would() {
        let request =
            "I bought headphones on sale 10 days ago and already opened them. Can I return them?";
        let seller = |q: &Question| q.text.starts_with("Which shop");
        // The shop is asked for its policy; a policy pasted before is that policy.
        let policy = "Here's the return policy: 'Sale items are final sale. Opened electronics are subject to a 15% restocking fee.'";
        assert!(!asked_after(policy, request).iter().any(seller));
        let asked = asked_after("I'm so annoyed with online shopping.", request);
        assert!(asked.iter().any(seller), "{asked:?}");
    }

    #[test]
    fn a_quoted_sentence_is_a_literal_that_ends_its_sentence() {
        // The sentence after it opens with a capital that names no place.
        for quoted in ["'wear and tear.'", "\"wear and tear.\"", "‘wear and tear.’"] {
            let text = format!("My landlord is keeping my deposit for {quoted} Is that legal?");
            let asked = detect(&text, &[]).questions;
            assert!(asked.iter().any(|q| q.text.contains("country")), "{text}");
        }
        // What it quotes is not the request's own words: the store is no place to look for.
        let grammar = "'Me and him went to the store.' Is that grammatically correct?";
        assert_eq!(detect(grammar, &[]).questions, []);
    }

    #[test]
    fn a_long_story_of_a_kind_asks_its_critical_detail_when_the_model_finds_it_vague() {
        let itinerary = "I'm putting together a 7-day itinerary for my partner and me in October. We want a mix of museums, a couple of easy hikes and really good food, nothing too touristy, a moderate budget, and we'd rather take trains than drive.";
        let asked = detect(itinerary, &[]).questions;
        assert_eq!(asked[0].text, "Where do you want to go?", "{itinerary}");
        let story = |margin| Signals {
            rule: false,
            clear: false,
            long: true,
            earlier: false,
            told: false,
            conversed: false,
            directive: false,
            task: TaskState::CriticalOpen,
            named: false,
            complete: false,
            words: 45,
            margin,
        };
        assert!(TUNING.asks(&story(TUNING.long_open_margin)));
        assert!(!TUNING.asks(&story(TUNING.long_open_margin - 0.1)));
        // An important detail open in a long story is left to the model, as before.
        let open = Signals {
            task: TaskState::Open,
            ..story(5.0)
        };
        assert!(!TUNING.asks(&open));
    }

    #[test]
    fn a_thing_a_question_asks_for_is_its_answer_not_the_users_material() {
        let asked = |text: &str| detect(text, &[]).questions;
        assert_eq!(asked("What's the formula for the volume of a cone?"), []);
        assert_eq!(asked("what is the formula of kinetic energy"), []);
        // Without "for" or "of" it is still something of the user's.
        let worksheet = "What's the answer to number 4?";
        assert!(!asked(worksheet).is_empty(), "{worksheet}");
    }

    #[test]
    fn a_count_of_nothing_named_gives_no_operands() {
        assert!(!gives_its_operands(&words_of(
            "how many should we order for 35 people"
        )));
        assert!(gives_its_operands(&words_of(
            "how many eggs for 3 cakes if each takes 4"
        )));
        assert!(
            !detect("How many do I need for 12 kids?", &[])
                .questions
                .is_empty()
        );
    }

    #[test]
    fn the_sentence_that_asks_names_the_task_after_a_story() {
        let asked = |text: &str| detect(text, &[]).questions;
        // The kind named in the question, past the first ten words: its detail is asked.
        let bonus = "I just got a $10,000 bonus. How much of it is going to go to taxes?";
        assert!(
            asked(bonus).iter().any(|q| q.text.contains("country")),
            "{bonus}"
        );
        let house = "My grandmother left me a small rental house last year and I finally sold it in October for about $240,000. How much will I have to pay in taxes?";
        assert!(asked(house)[0].text.contains("country"), "{house}");
        // A kind the story names, not the question: "options" asks nothing of tax deductions.
        let deposit = "My landlord hasn't returned my deposit. It's been 45 days since I moved out of my apartment in California, and he hasn't sent any itemized list of deductions. What are my options?";
        assert!(
            asked(deposit).iter().all(|q| !q.text.contains("income")),
            "{deposit}"
        );
        // A question on how it works is answered; so is a kind named after the question.
        let how = "I started doing freelance design in Ohio this year and my clients don't withhold anything. How do estimated tax payments work, and when is each one due?";
        assert_eq!(asked(how), [], "{how}");
        let write = "They lost my suitcase on the outbound flight and I paid $430 for clothes. Can you write the complaint to the airline? Just leave blanks for the flight number.";
        assert!(
            asked(write).iter().all(|q| !q.text.contains("flying")),
            "{write}"
        );
    }

    #[test]
    fn typographic_quotes_are_read_as_ascii_ones() {
        // As a phone or a word processor types them: the same questions as the ASCII ones.
        let texts = |q: Vec<Question>| q.into_iter().map(|q| q.text).collect::<Vec<_>>();
        for (typed, asked) in [
            (
                "Draft a reply to Karen’s email, keep it friendly",
                vec!["Could you paste Karen's email here?"],
            ),
            (
                "Can you summarize the article I’m reading?",
                vec!["Could you paste your article here?"],
            ),
            ("What’s the capital of Australia?", vec![]),
        ] {
            assert_eq!(texts(detect(typed, &[]).questions), asked, "{typed}");
            let ascii = typed.replace('’', "'");
            assert_eq!(texts(detect(&ascii, &[]).questions), asked, "{ascii}");
        }
        // In an earlier message, too: "I’m going to Tokyo" names where the trip goes.
        let trip = asked_after(
            "I’m going to Tokyo for a week in May with my wife; our budget’s about $4,000",
            "Great, now plan the trip for us.",
        );
        assert!(texts(trip).is_empty());
    }

    #[test]
    fn a_question_typed_on_after_a_statement_is_the_asking_sentence() {
        let text = "my boss owes me three weeks of pay what can i do about it";
        let words = words_of(text);
        assert_eq!(
            asking_sentence(text, &words),
            ["what", "can", "i", "do", "about", "it"]
        );
        // A mark anywhere leaves it to the marks; a question word just before the end asks
        // nothing.
        let marked = "my boss owes me pay. what can i do about it";
        assert!(asking_sentence(marked, &words_of(marked)).is_empty());
        let short = "my boss owes me pay so what now";
        assert!(asking_sentence(short, &words_of(short)).is_empty());
    }

    #[test]
    fn a_question_of_its_own_after_a_long_answer_goes_on_with_the_users_kind() {
        let answer = "For adults the usual over-the-counter dose is 200 to 400 mg every 4 to 6 \
                      hours as needed, without exceeding 1,200 mg in a day unless a doctor says \
                      otherwise. Take it with food, and avoid it if you have stomach ulcers.";
        let history = [
            Message::new(Role::User, "how much ibuprofen can i take for a headache"),
            Message::new(Role::Assistant, answer),
        ];
        let asked = detect("and for my son?", &history).questions;
        assert!(
            asked.iter().any(|q| q.text.contains("age and weight")),
            "{asked:?}"
        );
        // Pointed at, the answer is the material the follow-up works on.
        let shorter = detect("can you make that shorter?", &history).questions;
        assert!(shorter.is_empty(), "{shorter:?}");
    }

    #[test]
    fn a_follow_up_to_the_users_own_words_is_read_with_them() {
        // Only the user has spoken: the model reads what they said with the request.
        let told = [
            ("I'm thinking about upgrading my phone.", "Is it worth it?"),
            ("我最近在考慮要不要換工作", "你覺得我該去嗎？"),
            ("Je suis en terminale.", "Tu peux m'aider pour ma dissert ?"),
        ];
        for (earlier, request) in told {
            let asked = asked_after(earlier, request);
            assert_eq!(asked.len(), 1, "{request}: {asked:?}");
            // What the request names is likely told there: the question names nothing.
            let rule = Kind::UnderspecifiedRequest.as_str().into();
            assert_eq!(asked[0].source, QuestionSource::Detector { rule });
            // After a reply, the model reads the request alone and the conversation answers it.
            let history = [
                Message::new(Role::User, earlier),
                Message::new(Role::Assistant, "Sure, tell me more."),
            ];
            let asked = detect(request, &history).questions;
            assert!(asked.is_empty(), "{request}: {asked:?}");
        }
        // Material in the conversation is what a follow-up works on.
        let asked = asked_after(
            "Here's my intro: \"Social media have changed the way teenagers talks to each other.\"",
            "can you check it for grammar?",
        );
        assert!(asked.is_empty(), "{asked:?}");
    }

    #[test]
    fn a_short_message_of_the_users_own_leaves_a_follow_ups_other_details_to_ask() {
        // The conversation said who the gift is for; what she likes is still the user's to say.
        for (earlier, request) in [
            (
                "It's for my sister's 30th birthday next month.",
                "Gift ideas for her?",
            ),
            ("我女朋友下个月生日。", "送什么比较好？"),
        ] {
            let asked = asked_after(earlier, request);
            assert!(!asked.is_empty(), "{request}");
            // Who she is was said: no question asks what "her" stands for.
            assert!(asked.iter().all(|q| !q.text.contains("refer")), "{asked:?}");
        }
        // After a reply, the lesser details were asked or assumed there.
        let history = [
            Message::new(Role::User, "我女朋友下个月生日。"),
            Message::new(Role::Assistant, "好的，我来帮您想想。"),
        ];
        assert!(detect("送什么比较好？", &history).questions.is_empty());
        // What the conversation said is not asked again: the exam of a study plan, the
        // occasion of a party.
        let asked = asked_after("I'm studying for the bar exam.", "Make me a study plan.");
        assert!(
            asked.iter().all(|q| !q.text.contains("exam or subject")),
            "{asked:?}"
        );
        let asked = asked_after("我在学西班牙语，零基础。", "帮我做一个三个月的学习计划。");
        assert!(asked.iter().all(|q| !q.text.contains("科目")), "{asked:?}");
        let asked = asked_after(
            "My wife turns 40 next month.",
            "Plan a surprise party for her.",
        );
        assert!(
            asked.iter().all(|q| !q.text.contains("occasion")),
            "{asked:?}"
        );
    }

    #[test]
    fn a_chinese_reply_asks_for_what_it_answers() {
        let material = Kind::MissingContext.as_str();
        for (earlier, request, asked) in [
            ("", "帮我回一下客户", "能否把客户的消息贴在这里？"),
            ("", "怎麼回覆主管比較好", "能否把主管的訊息貼在這裡？"),
            (
                "我跟男友冷战三天了，他刚刚终于发消息来。",
                "我应该怎么回他比较好？",
                "能否把他的消息贴在这里？",
            ),
            (
                "今天下午被老板叫去单独谈话了。",
                "他这样说是不是想让我走？",
                "能否把他的消息贴在这里？",
            ),
        ] {
            let questions = if earlier.is_empty() {
                detect(request, &[]).questions
            } else {
                asked_after(earlier, request)
            };
            let first = questions.first().expect(request);
            assert_eq!(first.text, asked, "{request}");
            let rule = material.into();
            assert_eq!(first.source, QuestionSource::Detector { rule });
        }
        // What they said is in the request or the conversation.
        let said = detect("他问我周末有没有空，怎么回他", &[]).questions;
        assert!(said.iter().all(|q| !q.text.contains("消息")), "{said:?}");
        let quoted = asked_after("他回我：“再说吧，最近挺忙的。”", "他这么说是什么意思？");
        assert!(quoted.is_empty(), "{quoted:?}");
    }

    #[test]
    fn a_chinese_thing_pointed_at_is_of_the_situation_told_before() {
        let told =
            "我在上海一家公司干了4年零3个月，月薪税前15000，公司说业务调整把我裁了，也没提前通知。";
        let asked = asked_after(told, "这种情况能拿多少补偿？");
        assert!(
            asked.iter().all(|q| !q.text.contains("这种情况")),
            "{asked:?}"
        );
        // A short message tells too little for it.
        let asked = asked_after("我在一家互联网公司上班。", "我这种情况能拿到N+1赔偿吗？");
        assert!(
            asked.iter().any(|q| q.text.contains("这种情况")),
            "{asked:?}"
        );
    }

    #[test]
    fn when_to_go_turns_on_where_and_a_conversation_may_say_it() {
        let asked = asked_after(
            "We're thinking about Kyoto for our honeymoon.",
            "What's the best time of year to go?",
        );
        assert!(asked.is_empty(), "{asked:?}");
        let asked = assess("What's the best time of year to go?", &[]).questions;
        assert_eq!(asked.len(), 1, "{asked:?}");
        assert!(asked[0].text.contains("Which place"), "{asked:?}");
    }

    #[test]
    fn a_follow_up_is_asked_only_what_its_conversation_left_open() {
        // The conversation gives the kind's details: a flight's ends, a bill, a city, the ends
        // of a way (two names a route's, not a choice's candidates, to a follow-up that does
        // not choose).
        for (earlier, request) in [
            (
                "I'm flying from Boston to Chicago on Friday.",
                "How long is the flight usually?",
            ),
            (
                "Dinner came to $184.50 for the 6 of us and we're splitting it evenly.",
                "what's everyone's share with a 20% tip?",
            ),
            ("我下禮拜要去東京玩", "那邊天氣怎樣？要帶外套嗎？"),
            (
                "I'm flying into Lisbon next Thursday for four days.",
                "What's the easiest way to get from the airport to the city center?",
            ),
            (
                "I'm driving from Chicago to Milwaukee tomorrow morning.",
                "roughly how long will it take?",
            ),
        ] {
            let asked = asked_after(earlier, request);
            assert!(asked.is_empty(), "{request}: {asked:?}");
        }
        // What it leaves open is asked: a grade is no homework problem, a country no city.
        for (earlier, request, asks) in [
            (
                "My daughter is in 4th grade.",
                "Can you help her with her math homework tonight?",
                "paste the problem",
            ),
            ("我下禮拜要去日本玩", "那邊天氣怎樣？要帶外套嗎？", "城市"),
        ] {
            let asked = asked_after(earlier, request);
            assert!(
                asked.iter().any(|q| q.text.contains(asks)),
                "{request}: {asked:?}"
            );
        }
        // Alone, a flight and a way ask their ends.
        let flight = assess("How long is the flight usually?", &[]).questions;
        assert!(
            flight.iter().any(|q| q.text.starts_with("Which flight")),
            "{flight:?}"
        );
        let way = "What's the easiest way to get from the airport to the city center?";
        let texts: Vec<String> = assess(way, &[])
            .questions
            .into_iter()
            .map(|q| q.text)
            .collect();
        assert_eq!(texts, ["From where to where?"]);
    }

    #[test]
    fn a_follow_up_after_the_users_situation_is_not_asked_its_lesser_details() {
        let cases = [
            (
                "冰箱里只有鸡蛋、番茄、半颗白菜和一点五花肉，我懒得出门",
                "今晚吃什么好？",
            ),
            (
                "Vamos a Ciudad de México 5 días en marzo, somos pareja y nos encanta la comida callejera y los museos",
                "Hazme un itinerario",
            ),
        ];
        for (earlier, request) in cases {
            let asked = asked_after(earlier, request);
            assert!(asked.is_empty(), "{request}: {asked:?}");
        }
        // Two of a trip's details told, however briefly, are the situation; the place alone
        // leaves the days to ask, and a party's count is no number of days.
        let asked = asked_after("我们下周去首尔玩4天，想多逛逛", "帮我排个行程");
        assert!(asked.is_empty(), "{asked:?}");
        for earlier in ["我们下周去首尔玩", "下周去首尔，一家三口"] {
            let asked = asked_after(earlier, "帮我排个行程");
            assert!(
                asked.iter().any(|q| q.text.contains("多久")),
                "{earlier}: {asked:?}"
            );
        }
    }

    #[test]
    fn a_chinese_criterion_or_time_frame_is_the_conversations() {
        for (earlier, request) in [
            (
                "我的表叫 orders，字段有 id, user_id, amount, created_at，用的是 MySQL 8。",
                "怎么查每个用户最近的一笔订单？",
            ),
            (
                "我有一台2019款16寸的MacBook Pro",
                "能升级到最新的 macOS 吗？",
            ),
        ] {
            let asked = asked_after(earlier, request);
            assert!(asked.is_empty(), "{request}: {asked:?}");
        }
        // With nothing before it, "recent" has no time frame.
        assert!(!detect("最近有什么好看的电影？", &[]).questions.is_empty());
    }

    #[test]
    fn a_chinese_instruction_on_quoted_material_is_no_keyword_list() {
        for request in [
            "给“周末露营装备清单”这篇小红书笔记起5个吸睛的标题。",
            "把“我们会尽快处理您的问题”换几种更有温度的说法，客服用",
        ] {
            let asked = detect(request, &[]).questions;
            assert!(asked.is_empty(), "{request}: {asked:?}");
        }
    }

    #[test]
    fn a_greeting_before_the_request_is_no_conversation() {
        // As asked with nothing before it, in English and in a language read by its columns.
        for request in [
            "How long will it take to get there?",
            "¿Puedo tomar esto estando embarazada?",
        ] {
            let alone = detect(request, &[]).questions;
            assert!(!alone.is_empty(), "{request}");
            for greeting in ["Hi there!", "¡Hola!"] {
                assert_eq!(
                    asked_after(greeting, request),
                    alone,
                    "{greeting} / {request}"
                );
            }
        }
        // A message that carries something is no greeting, whatever its words.
        assert!(
            asked_after("Aqui o código: print('Olá' + 5)", "Por que tá dando erro?").is_empty()
        );
    }

    #[test]
    fn a_list_after_a_colon_earlier_is_the_material_a_follow_up_works_on() {
        let q = asked_after(
            "My grandma's shortbread: 1 cup butter, 1/2 cup powdered sugar, 2 cups flour.",
            "Can you double the recipe and convert it to grams?",
        );
        assert!(q.is_empty(), "{q:?}");
        let q = asked_after(
            "My grandma makes the best shortbread.",
            "Can you double the recipe and convert it to grams?",
        );
        assert!(!q.is_empty());
    }

    #[test]
    fn chinese_material_above_is_what_the_conversation_gave_or_is_asked_for() {
        let request = "把上面那份会议纪要整理成要点。";
        let asked = asked_after("今天开会开了三个小时，累死了。", request);
        assert_eq!(
            asked.first().map(|q| q.text.as_str()),
            Some("能否把上面那份会议纪要贴在这里？")
        );
        assert!(
            asked_after(
                "会议纪要：1. 预算通过；2. 下周上线；3. 小王负责测试。",
                request
            )
            .is_empty()
        );
        // A passage said before is what 这段 works on, whatever the kind asks of its text.
        let passage = "本店即日起推出秋季限定商品，誠摯歡迎各位顧客蒞臨品嚐，數量有限，售完為止。";
        let request = "幫我把這段改得比較口語一點，要放在IG上。";
        assert!(asked_after(passage, request).is_empty());
        assert!(!asked_after("我在經營一家甜點店。", request).is_empty());
    }

    #[test]
    fn an_error_pointed_at_after_a_conversation_that_never_gave_it_is_asked_for() {
        let asked = asked_after("我在用 Django 架一個網站。", "這個錯誤是什麼意思？");
        assert_eq!(
            asked.first().map(|q| q.text.as_str()),
            Some("能否把這個錯誤貼在這裡？")
        );
        assert!(
            detect(
                "这个错误怎么解决：ModuleNotFoundError: No module named 'numpy'",
                &[]
            )
            .questions
            .is_empty()
        );
        // A calculation in German is read as German, not as a vague English request.
        assert!(
            detect("Berechne 12 % von 2.450 €.", &[])
                .questions
                .is_empty()
        );
    }

    #[test]
    fn a_passage_quoted_earlier_is_the_sentence_a_follow_up_points_at() {
        let request = "Can you make this sentence less cliché?";
        let quoted = "My essay opens with 'Since the dawn of time, humans have loved stories.'";
        assert!(asked_after(quoted, request).is_empty());
        assert!(!asked_after("My essay opens with a cliché.", request).is_empty());
    }

    #[test]
    fn code_written_inline_earlier_or_in_the_request_is_the_material_pointed_at() {
        for (earlier, request) in [
            (
                "In C2 I typed =IF(B2>=60,\"pass\",\"fail\" and it shows an error.",
                "What is wrong with this formula?",
            ),
            (
                "我在 C2 写了 =IF(B2>=60,1,0)，一直报错。",
                "这个公式哪里错了？",
            ),
        ] {
            let q = asked_after(earlier, request);
            assert!(q.is_empty(), "{request}: {q:?}");
            assert!(!asked_after("I use Excel at work.", request).is_empty());
        }
        assert!(
            detect("Why does this fail? for i in range(10) print(i)", &[])
                .questions
                .is_empty()
        );
        // A name with its parentheses, or a numbered list, holds no code.
        for request in [
            "Fix the bug in my function parse()",
            "Are my answers right? 1) b 2) d 3) a 4) c",
        ] {
            assert!(!detect(request, &[]).questions.is_empty(), "{request}");
        }
    }

    #[test]
    fn a_directive_whose_object_names_the_kind_said_before_asks_its_critical_detail() {
        let request = "I'm planning a 10-day trip in mid-October with my partner. We love \
            hiking, small wineries and good street food, and we'd rather avoid big crowds. Can \
            you put together a day-by-day itinerary?";
        let q = detect(request, &[]).questions;
        assert!(
            q.iter().any(|q| q.text == "Where do you want to go?"),
            "{q:?}"
        );
        // The object ends at a pronoun: a kind named after it is what the text is about.
        let request = "I'm writing a complaint to the airline. They lost my suitcase on the \
            outbound flight and I had to buy clothes for four days; I kept the receipts, about \
            $430. Can you write it? Just leave blanks for the flight number.";
        assert!(detect(request, &[]).questions.is_empty());
    }

    #[test]
    fn a_short_follow_up_of_no_kind_goes_on_with_the_conversations_kind() {
        let open = asked_after(
            "I'm going on a trip next month, super excited!",
            "What should I do first?",
        );
        assert!(
            open.iter().any(|q| q.text == "Where do you want to go?"),
            "{open:?}"
        );
        // The conversation said where and how long; a name of its own, or candidates named
        // before, keep the follow-up to itself.
        for (earlier, request) in [
            (
                "I'm going to Lisbon for a week next month.",
                "What should I pack?",
            ),
            (
                "I'm going on a trip next month.",
                "What's the weather like in Lisbon?",
            ),
            (
                "I'm deciding between a trip to Rome or Madrid.",
                "Which one would you pick?",
            ),
        ] {
            let asked = asked_after(earlier, request);
            assert!(
                asked
                    .iter()
                    .all(|q| !q.text.contains("Where do you want to go")),
                "{earlier} / {request}: {asked:?}"
            );
        }
    }

    #[test]
    fn the_bodys_figures_said_before_are_not_asked_again() {
        let request = "How many calories should I eat per day to lose weight?";
        let body = "What are your age, sex, height, weight and activity level?";
        assert!(
            asked_after("I want to lose weight.", request)
                .iter()
                .any(|q| q.text == body)
        );
        let asked = asked_after(
            "I'm a 34-year-old woman, 5'6\", 180 lb, I walk about 8k steps a day.",
            request,
        );
        assert!(asked.iter().all(|q| q.text != body), "{asked:?}");
    }

    #[test]
    fn a_text_that_tells_someone_something_says_its_subject() {
        let about = |request: &str| {
            let asked = detect(request, &[]).questions;
            asked.iter().any(|q| q.text == "What should it be about?")
        };
        for told in [
            "Write an email to tell my boss that I'll be late tomorrow",
            "Write a message to let my landlord know the heater is broken",
            "Draft a note to remind my neighbors that the water will be off Tuesday",
        ] {
            assert!(!about(told), "{told}");
        }
        for untold in [
            "Write an email to tell my boss",
            "Write a message to let them know",
        ] {
            assert!(about(untold), "{untold}");
        }
    }

    #[test]
    fn a_conversation_that_names_someone_or_an_animal_gives_him_or_her_a_referent() {
        let him = "Who do you mean by \"him\", and what should I know about them (their age, for example)?";
        let asks_him = |earlier: &str, request: &str| {
            asked_after(earlier, request).iter().any(|q| q.text == him)
        };
        assert!(!asks_him(
            "We just adopted a cat",
            "help me pick a name for him!"
        ));
        assert!(!asks_him(
            "We adopted a three-legged tabby, he's super chill",
            "help me pick a name for him!"
        ));
        // A breed names the animal.
        assert!(!asks_him(
            "My beagle is 9 and getting slower",
            "Should I switch him to senior food?"
        ));
        assert!(asks_him(
            "I had a rough day at work",
            "What should I say to him?"
        ));
    }

    #[test]
    fn a_quotation_after_the_material_names_it() {
        for named in [
            "What does the error \"TypeError: 'NoneType' object is not subscriptable\" mean in Python?",
            "What does the error \"division by zero\" mean?",
            "Why did the samurai have a katana in the movie \u{2018}Snow Hunter\u{2019}?",
        ] {
            assert!(detect(named, &[]).questions.is_empty(), "{named}");
        }
        assert_eq!(
            texts("what does the error mean"),
            ["Which error are you referring to?"]
        );
        assert_eq!(
            quotation_neighbours("the error: \"X\", don't 'go'"),
            ["error", "don't"]
        );
        assert_eq!(
            quotation_neighbours("in the \"To be, or not to be\" speech"),
            ["the", "speech"]
        );
    }

    #[test]
    fn a_word_in_single_quotes_is_no_material_of_the_users() {
        for quoted in [
            "What did McLuhan mean by 'the medium is the message'?",
            "What does 'per my last email' actually imply?",
        ] {
            assert!(detect(quoted, &[]).questions.is_empty(), "{quoted}");
        }
        // Outside the quotation the same word is the user's: "my landlord's message".
        assert!(!texts("Reply to my landlord's message, say 'no thanks'").is_empty());
        assert_eq!(
            outside_single_quotes("don't read 'the medium is the message', the kids' room"),
            "don't read  , the kids' room"
        );
    }

    #[test]
    fn an_earlier_request_for_another_piece_lends_it_no_topic() {
        let about = ["What should it be about?", "要写的内容是关于什么？"];
        let topic_asked = |earlier: &str, request: &str| {
            let asked = asked_after(earlier, request);
            asked.iter().any(|q| about.contains(&q.text.as_str()))
        };
        for (earlier, request) in [
            ("Write a haiku about rain", "Write an email"),
            ("Write a poem about autumn", "Write a limerick"),
            ("写一首关于雨的诗", "帮我写一封邮件"),
        ] {
            assert!(topic_asked(earlier, request), "{earlier} / {request}");
        }
        // What the user said of their situation, the same piece asked for again, or a
        // follow-up that goes on with the piece before: the topic is given.
        for (earlier, request) in [
            (
                "I need to tell my team that Friday's review is moved to Monday.",
                "Write an email",
            ),
            (
                "Write an email to my landlord about the broken heater",
                "Write the email again, shorter",
            ),
            ("Write a poem about autumn", "Now a limerick"),
        ] {
            assert!(!topic_asked(earlier, request), "{earlier} / {request}");
        }
    }

    #[test]
    fn a_choice_whose_candidates_the_conversation_named_is_not_asked_its_criteria() {
        for (earlier, request) in [
            (
                "I'm deciding between the Sony WH-1000XM5 and the Bose QC Ultra for flights.",
                "Which one should I buy?",
            ),
            (
                "在纠结小米14和iPhone 15，主要拍照和打游戏，预算五千左右。",
                "我该买哪个？",
            ),
            // Candidates named by a letter.
            (
                "Option A: $85k, fully remote. Option B: $78k, hybrid, a shorter commute.",
                "Which one should I pick?",
            ),
        ] {
            let asked = asked_after(earlier, request);
            assert!(asked.is_empty(), "{earlier} / {request}: {asked:?}");
        }
        // Two offers not described, or none named: which they are is still the question.
        for (earlier, request) in [
            (
                "I got two job offers this week.",
                "Which one should I take?",
            ),
            (
                "I'm looking for a new tablet for my mother.",
                "Which one is better for her?",
            ),
        ] {
            let asked = asked_after(earlier, request);
            assert!(!asked.is_empty(), "{earlier} / {request}");
        }
        // "between two laptops", "between a few laptops" count them: which they are is asked,
        // by name.
        for earlier in [
            "I'm trying to decide between two laptops for my daughter.",
            "I'm choosing between a few laptops for college.",
        ] {
            let asked = asked_after(earlier, "Which one is better value?");
            let texts: Vec<&str> = asked.iter().map(|q| q.text.as_str()).collect();
            assert_eq!(
                texts,
                ["Which specific items would you like compared?"],
                "{earlier}"
            );
        }
    }

    #[test]
    fn a_this_that_ends_a_follow_up_points_at_what_the_conversation_does_not_show() {
        let asked = asked_after(
            "We just adopted a puppy last weekend, she's a 10 week old beagle",
            "is it safe to give her this",
        );
        let texts: Vec<&str> = asked.iter().map(|q| q.text.as_str()).collect();
        assert_eq!(texts, ["What does \"this\" refer to?"]);
        // The material the conversation pasted is what it points at.
        let asked = asked_after(
            "Here's my function:\ndef total(xs):\n    return sum(x for x in xs if x > 0)",
            "Can you add type hints to this",
        );
        assert!(asked.is_empty(), "{asked:?}");
        // What a follow-up is worried about is what the conversation told.
        let asked = asked_after(
            "My cat is 12 and has started drinking way more water than usual and peeing a lot.",
            "should i be worried about this?",
        );
        assert!(asked.is_empty(), "{asked:?}");
    }

    #[test]
    fn a_follow_up_asks_what_the_conversation_only_spoke_of() {
        // What someone sent, meant or is answered, never pasted.
        for (earlier, request) in [
            (
                "My friend texted me something weird last night after the party.",
                "what did she mean by that??",
            ),
            (
                "My coworker sent me a really passive-aggressive message on Slack.",
                "write the reply for me, keep it professional",
            ),
            // Judged: the estimate is what is fair or not.
            (
                "The plumber finally sent over his estimate.",
                "is that reasonable?",
            ),
        ] {
            let asked = asked_after(earlier, request);
            assert_eq!(asked.len(), 1, "{request}: {asked:?}");
            assert!(
                asked[0].text.contains("paste"),
                "{request}: {}",
                asked[0].text
            );
        }
        // The candidates of a choice, after openers, and a place "there" stands for.
        let asked = asked_after(
            "I'm looking at laptops for college, mostly writing and some photo editing.",
            "ok which of the two should I get?",
        );
        assert_eq!(asked.len(), 1, "{asked:?}");
        let asked = asked_after(
            "My sister just moved abroad for work.",
            "What time is it there right now?",
        );
        assert!(asked[0].text.contains("\"there\""), "{asked:?}");
        // Said in the conversation: nothing to ask.
        for (earlier, request) in [
            (
                "I'm moving to Lisbon next month.",
                "What time is it there right now?",
            ),
            (
                "My boss emailed me: \"Can we move the meeting to 3pm?\"",
                "write the reply for me",
            ),
        ] {
            let asked = asked_after(earlier, request);
            assert!(asked.is_empty(), "{request}: {asked:?}");
        }
        // The candidates named: which two is not asked (what the choice must suit may be).
        let asked = asked_after(
            "I can't decide between the Dell XPS and the MacBook Air.",
            "ok which of the two should I get?",
        );
        assert!(asked.iter().all(|q| !q.text.contains("which")), "{asked:?}");
    }

    #[test]
    fn a_pronoun_worked_on_asks_for_the_material_the_conversation_only_named() {
        let named = asked_after(
            "I'm working on a LinkedIn post about leaving my job after eight years.",
            "Make it shorter.",
        );
        assert_eq!(named.len(), 1, "{named:?}");
        assert!(named[0].text.contains("post"), "{}", named[0].text);
        // A pronoun that misbehaves stands for the material too: the message's subject, not
        // what it works on.
        let named = asked_after(
            "I've got a shell script that backs up a folder of PDF files every night.",
            "It fails on the second line, why?",
        );
        assert_eq!(named.len(), 1, "{named:?}");
        assert!(named[0].text.contains("script"), "{}", named[0].text);
        // Given, or the answer's own to write: the post is not asked for (a detail of its kind
        // may be, when no draft came between).
        for earlier in [
            "Here's my post: 'After eight years I'm leaving Acme. Thank you all, it was a ride.'",
            "Write a LinkedIn post about leaving my job after eight years.",
            "Can you give me a LinkedIn post about leaving my job after eight years?",
            "What's a good LinkedIn post about leaving my job after eight years?",
        ] {
            let asked = asked_after(earlier, "Make it shorter.");
            assert!(
                asked.iter().all(|q| !q.text.contains("post")),
                "{earlier}: {asked:?}"
            );
        }
        // A word of material used as a verb names none: "will" after a noun is a modal, "post"
        // after one a verb.
        for earlier in [
            "Tell the supplier the delivery will arrive next Wednesday.",
            "The team will post soon.",
        ] {
            let asked = asked_after(earlier, "Translate it into German.");
            assert!(
                asked.iter().all(|q| !q.text.contains("your")),
                "{earlier}: {asked:?}"
            );
        }
        let will = asked_after("My grandfather left a will.", "Explain it to me.");
        assert!(will.iter().any(|q| q.text.contains("will")), "{will:?}");
        // The message the user is to send ("I need to email…"), remade within two words.
        let draft = asked_after(
            "I need to email my professor about an extension.",
            "Can you make it sound more professional?",
        );
        assert!(draft.iter().any(|q| q.text.contains("email")), "{draft:?}");
    }

    #[test]
    fn an_occasion_says_what_a_poem_is_about() {
        assert!(!detect("Write a short poem.", &[]).questions.is_empty());
        for request in [
            "Write a short poem for my aunt's retirement party.",
            "给我爸爸的退休写一首诗",
        ] {
            let asked = detect(request, &[]).questions;
            assert!(asked.is_empty(), "{request}: {asked:?}");
        }
    }

    #[test]
    fn placeholders_are_filled_in_one_pass() {
        let values = [("name", "{first}"), ("first", "Georgia, the country")];
        assert_eq!(
            filled("Which {name}? Assume {first}; {other} and {", &values),
            "Which {first}? Assume Georgia, the country; {other} and {"
        );
    }

    #[test]
    fn the_place_names_are_read() {
        let given = Given::default();
        let places = |text: &str| {
            let lower = text.to_ascii_lowercase();
            ZhReading::of(text, &lower, CharSet::of(text)).shows(Pattern::Place, given)
        };
        assert!(places("月薪2万在杭州，租房和买房哪个更划算？"));
        assert!(places("幫我找一間高雄的民宿"));
        assert!(places("推荐一家芝加哥适合约会的餐厅"));
        assert!(!places("帮我找一家民宿"));
        // A destination: after 去, or just before a word for a trip or a stay.
        for named in [
            "帮我规划一次去日本的7天旅行",
            "幫我規劃一趟日本旅行",
            "花蓮旅遊行程",
            "京都旅馆推荐",
        ] {
            assert!(places(named), "{named}");
        }
        for unnamed in [
            "我想去旅游",
            "帮我做一个旅行计划",
            "国庆旅游去哪里好",
            "帮我找附近的旅馆",
            "去年的行程",
        ] {
            assert!(!places(unnamed), "{unnamed}");
        }
    }

    #[test]
    fn the_language_word_lists_are_apart_and_short() {
        let english = |w: &str| in_list(Words::EnglishCommon, w);
        for (name, words) in &knowledge().unread {
            // A list's words are counted in a 64-bit set, and longer words are skipped before
            // the lists are read.
            assert!(words.windows(2).all(|w| w[0] < w[1]), "{name}");
            assert!(
                words.iter().all(|w| w.len() <= 8) && words.len() <= 64,
                "{name}"
            );
            assert!(!words.iter().any(|w| english(w)), "{name}");
        }
        assert!(english("about") && english("your"));
        let spanish = &knowledge().unread[0].1;
        assert!(!english("el") && spanish.contains(&"el"));
        assert!(list(word_list(Words::EnglishShared)).all(english));
        assert!(listed(&knowledge().cue_after, &("machine", "learning")));
    }

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
    fn a_person_no_one_named_is_asked_who_they_are() {
        let who = "Who do you mean by \"she\", and what should I know about them (their age, for example)?";
        assert!(texts("is she too young to start swimming lessons").contains(&who.to_owned()));
        assert!(texts("how long should he be napping during the day")[0].starts_with("Who do"));
        assert!(
            !texts("My daughter is 4. Is she too young to start swimming lessons?")
                .contains(&who.to_owned())
        );
        let zh = "您说的“他”是谁？能说说这个人的情况（比如年龄）吗？";
        assert_eq!(texts("他是哪一年去世的？"), [zh]);
    }

    #[test]
    fn a_person_pronoun_needs_someone_named_in_the_conversation() {
        let person = |earlier: &str| {
            let history = [Message::new(Role::User, earlier)];
            assess("What should I say to him?", &history)
                .findings
                .iter()
                .any(|f| f.kind == Kind::PronounWithoutAntecedent)
        };
        assert!(person(
            "I have a big presentation tomorrow and I'm nervous."
        ));
        assert!(!person("My brother hasn't called me in months."));
        assert!(!person("I met Daniel at the conference last week."));
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
    fn short_vague_requests_get_their_questions() {
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
    fn recency_is_asked_about_once_in_every_wording() {
        use crate::protocol::language::Language as Conversation;
        // A question about the time frame, and one about the field, in any wording.
        let about_time = |t: &str| t.contains("recent") || t.contains("多近");
        let about_area = |t: &str| t.contains("area") || t.contains("領域") || t.contains("领域");
        for request in [
            "What are the latest advances?",
            "Recent advances",
            "What are the latest developments?",
            "最新的进展是什么？",
            "最新的進展是什麼？",
        ] {
            for language in [
                Conversation::English,
                Conversation::Simplified,
                Conversation::Traditional,
            ] {
                let asked = asked_in(request, language);
                let texts: Vec<&str> = asked.iter().map(|q| q.text.as_str()).collect();
                let times = texts.iter().filter(|t| about_time(t)).count();
                let areas = texts.iter().filter(|t| about_area(t)).count();
                assert_eq!(times, 1, "{request} ({language:?}): {texts:?}");
                assert!(areas <= 1, "{request} ({language:?}): {texts:?}");
            }
        }
    }

    #[test]
    fn the_measure_of_best_is_asked_about_once() {
        for request in ["What are the best practices?", "What's the best option?"] {
            let asked = texts(request);
            let measures = asked
                .iter()
                .filter(|t| t.contains("measure") || t.contains("matters most"))
                .count();
            assert_eq!(measures, 1, "{request}: {asked:?}");
        }
    }

    #[test]
    fn the_users_own_text_not_given_is_asked_for() {
        for (request, asked) in [
            ("Make my resume better", "Could you paste your resume here?"),
            (
                "Improve my cover letter",
                "Could you paste your cover letter here?",
            ),
            ("Debug my code", "Could you paste your code here?"),
            (
                "Why is my Python script slow?",
                "Could you paste your Python script here?",
            ),
        ] {
            let a = detect(request, &[]);
            let texts: Vec<&str> = a.questions.iter().map(|q| q.text.as_str()).collect();
            assert_eq!(texts.first(), Some(&asked), "{request}: {texts:?}");
            // Skipped, it is answered without the material, not by reading the request otherwise.
            let skip = &a.questions[0].assumption;
            assert!(
                skip.starts_with("Answer from the request alone, without your"),
                "{request}: {skip}"
            );
            // Once pasted, the text shows its topic and the code its language.
            assert!(
                !texts
                    .iter()
                    .any(|t| t.contains("about?") || t.contains("language")),
                "{request}: {texts:?}"
            );
        }
        // "Write my essay" makes a new text: its topic is open, not the essay.
        let essay = detect("Write my essay", &[]);
        assert!(
            essay.questions.iter().all(|q| !q.text.contains("paste")),
            "{essay:?}"
        );
        // Pasted after a colon, it is given.
        assert!(
            !detect(
                "Improve my cover letter: Dear Ms Lee, I am writing to apply",
                &[]
            )
            .needs_clarification
        );
        let (zh, _) = detect_traced_in(
            "Fix my essay",
            &[],
            crate::protocol::language::Language::Simplified,
        );
        assert_eq!(zh.questions[0].text, "能否把您的“essay”贴在这里？");
        assert_eq!(
            zh.questions[0].assumption,
            "不看您的“essay”，只根据请求回答，并在回答中说明。"
        );
    }

    #[test]
    fn material_after_a_colon_is_what_this_refers_to() {
        // The instruction before a colon names the task, and the text after it is given even
        // when it holds a task's words (a booking, the weather): they are to be translated.
        for request in [
            "Translate this into French: I love cheese",
            "Summarize the following: the meeting moved to Friday and the budget was cut",
            "Translate to French: book a table for two",
            "翻译成英文：今天天气很好。",
            "翻譯成英文：這家店的火鍋很好吃，但是週末要排隊一個小時。",
        ] {
            let a = detect(request, &[]);
            assert!(!a.needs_clarification, "{request}: {a:?}");
        }
        // Without anything after the colon, or with an instruction that does not point ahead,
        // the colon supplies nothing.
        assert!(detect("Translate this:", &[]).needs_clarification);
        assert!(detect("Fix this", &[]).needs_clarification);
        assert!(detect("翻译成英文", &[]).needs_clarification);
        assert!(detect("book a table for two", &[]).needs_clarification);
        let trip = detect("Plan a trip: Paris", &[]);
        assert!(trip.needs_clarification, "{trip:?}");
    }

    #[test]
    fn a_recommendation_of_a_work_asks_taste_not_a_measure() {
        let texts = |request| -> Vec<String> {
            detect(request, &[])
                .questions
                .into_iter()
                .map(|q| q.text)
                .collect()
        };
        assert_eq!(
            texts("Recommend a movie"),
            ["Which genres or styles do you like?"]
        );
        assert_eq!(texts("推荐一部电影"), ["您喜欢哪一类的作品？"]);
        // A product gets its use and what matters most, in words that do not quote a "best"
        // never said.
        assert_eq!(
            texts("推荐一款手机"),
            ["您的预算是多少？", "主要用来做什么？最看重哪一点？"]
        );
        assert!(
            texts("What's the best phone")
                .contains(&"What will you mainly use it for, and what matters most?".to_owned())
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
        assert_eq!(a.questions[0].text, "您最看重哪一點？");
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
    fn a_terse_traditional_chinese_query_is_asked_in_traditional_chinese() {
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
        assert_eq!(a.questions[0].text, "您说的“这个”具体指什么？");
    }

    #[test]
    fn a_request_that_says_what_it_needs_does_not_get_the_generic_question() {
        for complete in [
            "Convert 5 miles to kilometers",
            "Convert 72 degrees Fahrenheit to Celsius",
            "Calculate 18% of 240",
            "Design a board game for two players. Each round should take about five minutes.",
            "Invent a new card game. It should use a standard deck and suit four players.",
            "Come up with a name for a bakery. It should sound warm and old-fashioned.",
            "Translate \"see you tomorrow\" into Spanish.",
            "List three rhymes for \"orange\".",
            "Find the four smallest perfect numbers.",
        ] {
            assert!(
                texts(complete).is_empty(),
                "{complete}: {:?}",
                texts(complete)
            );
        }
        // An operand that is not given, a situation before the instruction, a bare
        // instruction: the generic question still fits.
        for vague in [
            "Convert a Word file into a PDF.",
            "I want to start meditating. Propose a beginner's guide.",
        ] {
            assert_eq!(texts(vague), [fallback_text()], "{vague}");
        }
        // A bare instruction of a known kind asks for the slot it leaves open instead.
        assert_eq!(
            texts("Design a logo.").first().map(String::as_str),
            Some("What is it for: which brand, event or message?")
        );
    }

    #[test]
    fn material_that_is_named_but_not_given_is_asked_about() {
        // Pointed at with "this": the user has it in front of them.
        assert_eq!(
            texts("Translate this paragraph into German."),
            ["Could you paste the paragraph here?"]
        );
        assert_eq!(
            texts("Count the words in the paragraph."),
            ["Which paragraph are you referring to?"]
        );
        assert_eq!(
            texts("Output \"yes\" if the sentence is a question."),
            ["Which sentence are you referring to?"]
        );
        // Given after the instruction, it is there to be read.
        assert!(
            texts("Count the words in the paragraph below.\n\nThe cat sat on the mat.").is_empty()
        );
    }

    #[test]
    fn where_the_user_lives_or_starts_or_rules_out_is_no_place_to_go() {
        for earlier in [
            "I live in Lyon",
            "I am from Berlin",
            "Not Rome, we've done it.",
            "Somewhere warm but not Spain",
        ] {
            let asked = asked_after(earlier, "Plan a trip for me");
            assert!(
                asked.iter().any(|q| q.text == "Where do you want to go?"),
                "{earlier}: {asked:?}"
            );
        }
        let asked = asked_after("I'm going to Tokyo for a week in May", "Plan a trip for me");
        assert!(asked.iter().all(|q| !q.text.contains("go")), "{asked:?}");
        assert_eq!(
            texts("Book a flight from Boston")
                .first()
                .map(String::as_str),
            Some("Where are you flying to?")
        );
    }

    #[test]
    fn a_story_pointed_at_and_not_told_is_asked() {
        assert!(untold_story(&["what", "happened", "at", "dinner"]));
        assert!(untold_story(&["everything", "she", "did"]));
        assert!(!untold_story(&["what", "to", "expect"]));
        // Its kind's detail is asked, however long the request; a told one is not.
        assert_eq!(
            texts("Write an apology to my sister for what happened at dinner on Sunday."),
            ["What happened, and to whom are you apologising?"]
        );
        assert!(texts("Write an apology to my sister for missing her birthday dinner.").is_empty());
    }

    #[test]
    fn a_route_says_where_a_flight_starts_and_goes() {
        assert!(texts("Book me a flight Boston-Denver on March 2").is_empty());
        assert!(
            assess("Réserve-moi un vol Paris-Lisbonne le 2 mars", &[])
                .questions
                .is_empty()
        );
        // A hyphenated word of no names, or one name, is no route.
        assert!(!names_a_route("a well-known airline to Denver"));
        assert!(!names_a_route("Book a flight to Denver-ish"));
        assert_eq!(
            texts("Book me a flight on March 2 to Denver"),
            ["Flying from which city or airport?"]
        );
    }

    #[test]
    fn a_text_pasted_in_an_earlier_message_is_the_material() {
        let essay = "Whales are mammals. They breathes air and lives in the ocean. Whales is the \
                     biggest animals on earth and they eats krill.";
        assert!(asked_after(essay, "fix my essay").is_empty());
        let email = "Dear tenant, the rent will increase by 50 euros from March. Regards, John";
        assert!(asked_after(email, "reply to my landlord's email").is_empty());
        let traceback = "Traceback (most recent call last): ZeroDivisionError: division by zero";
        assert!(asked_after(traceback, "what does this error mean?").is_empty());
        // Said to the assistant, or of the user's situation: no text pasted.
        for said in [
            "I am writing an essay about whales for school. It is due on Friday and I am stuck.",
            "Can you help with my essay about whales. It is due on Friday and is not done yet.",
            "Thanks, the essay cleanup worked perfectly on essay_q1.docx.",
        ] {
            assert!(!asked_after(said, "fix my essay").is_empty(), "{said}");
        }
    }

    #[test]
    fn what_a_request_points_at_is_asked_for_as_it_is_had() {
        // A pronoun a verb follows is a subject: "my code" is what it stands for.
        assert_eq!(
            texts("Fix my code, it crashes"),
            ["Could you paste your code here?"]
        );
        // Candidates pointed at are asked for once, as candidates.
        let laptops = texts("Which of these two laptops is better for video editing?");
        assert_eq!(
            laptops
                .iter()
                .filter(|q| q.contains("compared") || q.contains("two"))
                .count(),
            1,
            "{laptops:?}"
        );
        assert_eq!(
            texts("Is it safe to take these two together?"),
            ["What does \"these two\" refer to?"]
        );
        // What is shown, not pasted, is described; a hyphenated word stays whole.
        assert_eq!(
            texts("Is this rash contagious?")
                .first()
                .map(String::as_str),
            Some("Could you tell me about your rash?")
        );
        assert_eq!(
            texts("Is this non-compete clause enforceable?"),
            ["Could you paste the non-compete here?"]
        );
        // Someone's material the user answers is asked for as theirs, and who they are with it.
        assert_eq!(
            texts("Help me reply to her text"),
            ["Could you paste her text here?"]
        );
        assert_eq!(
            texts("What should I reply to him?"),
            [
                "Who do you mean by \"him\", and what should I know about them (their age, for example)?"
            ]
        );
        // What follows a colon is what a pronoun before it stands for.
        assert!(texts("Explain it like I'm five: how does a rainbow form?").is_empty());
        // A request in capitals is not echoed in them, nor a rich-text field's tags.
        assert_eq!(texts("FIX MY ESSAY"), ["Could you paste your essay here?"]);
        assert_eq!(
            texts("fix my <b>essay</b> please"),
            ["Could you paste your essay here?"]
        );
        assert_eq!(
            without_tags("a <i>b</i> < c, Vec<String>"),
            "a b  < c, Vec<String>"
        );
    }

    #[test]
    fn chinese_questions_fit_what_the_request_says() {
        let pronoun = |w: &str| format!("您说的“{w}”具体指什么？");
        let is_pronoun = |q: &String| q.starts_with("您说的“") || q.starts_with("您說的「");
        // 应该 is "should", not the pronoun 该: which one to choose depends on the purpose.
        for request in ["我应该学哪个编程语言？", "我應該買哪一台筆電？"] {
            let asked = texts(request);
            assert_eq!(asked.len(), 1, "{request}: {asked:?}");
            assert!(asked[0].starts_with("您的目"), "{request}: {asked:?}");
        }
        // 我该 and 该怎么 are "should" too.
        for request in ["我该用哪个数据库？", "我該怎麼辦？", "该如何开始跑步？"]
        {
            assert!(texts(request).iter().all(|q| !is_pronoun(q)), "{request}");
        }
        // 这件事 still refers back to something not said.
        assert_eq!(texts("这件事该如何处理？"), [pronoun("这件事")]);
        // 这个周末 is the coming weekend; 下面的文字 with nothing below refers to nothing, and
        // the revision's own question asks for it.
        assert!(
            texts("这个周末去哪里玩比较好？")
                .iter()
                .all(|q| !is_pronoun(q))
        );
        assert_eq!(
            texts("帮我把下面的文字改得更正式一点"),
            ["能否把要修改的文字贴在这里？"]
        );
        assert_eq!(
            texts("Can you make this sound more professional?"),
            ["What does \"this\" refer to?"]
        );
        // 这两款手机 refers to two phones said nowhere, asked for by their name; 这两天 is a
        // time.
        assert_eq!(
            texts("帮我比较一下这两款手机").first(),
            Some(&pronoun("这两款手机"))
        );
        assert!(texts("这两天北京天气怎么样").iter().all(|q| !is_pronoun(q)));
        // 动画 is a work, recommended to a taste (asked when the model finds the request vague
        // enough); 最近 is not quoted as 最新.
        assert!(
            texts("推荐几部好看的日本动画")
                .iter()
                .all(|q| q == "您喜欢哪一类的作品？")
        );
        assert_eq!(texts("推荐几部动画"), ["您喜欢哪一类的作品？"]);
        assert!(
            texts("最近有什么好看的电影？")
                .iter()
                .all(|q| !q.contains("最新"))
        );
        // Spaces around a number do not make a keyword list.
        assert!(texts("计算 12 乘以 34 等于多少").is_empty());
        // A calculation is an instruction, in two clauses or one.
        assert!(texts("算一下 15% 的小費，帳單是 80 美元").is_empty());
        // 这句话 with nothing given is a text not given; after a colon, it is what follows.
        // The target language is a slot of its own.
        assert_eq!(
            texts("翻译这句话"),
            ["能否把这句话贴在这里？", "翻译成哪种语言？"]
        );
        assert!(texts("把这个翻译成英文：我爱你").is_empty());
        // A work to a taste that is given: nothing to ask; without the taste, the taste.
        assert!(texts("推荐一本好看的科幻小说").is_empty());
        assert_eq!(texts("推荐一本好看的小说"), ["您喜欢哪一类的作品？"]);
        let novel = texts("Recommend a good sci-fi novel");
        assert!(
            novel.iter().all(|q| !q.contains("matters most")),
            "{novel:?}"
        );
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
        // Bounded work: text past the first 4 KB cannot change the outcome.
        let head = "Tell me more about it. ".repeat(200);
        let huge = format!("{head}{} Plan a trip to Paris.", "And more. ".repeat(9_000));
        assert!(huge.len() > 90_000);
        assert_eq!(detect(&huge, &[]), detect(clip(&huge, MAX_BYTES), &[]));
    }

    fn texts(request: &str) -> Vec<String> {
        detect(request, &[])
            .questions
            .into_iter()
            .map(|q| q.text)
            .collect()
    }

    #[test]
    fn a_word_that_only_points_back_is_asked_what_it_refers_to() {
        assert_eq!(
            texts("Can you do the same for the other one?"),
            ["What does \"the same\" refer to?"]
        );
    }

    #[test]
    fn a_word_after_translate_is_the_text_to_translate() {
        let text = "What text should I translate?".to_owned();
        for given in [
            "Translate hello into French.",
            "translate good morning to German",
        ] {
            assert!(!texts(given).contains(&text), "{given}: {:?}", texts(given));
        }
        for pointed in [
            "Translate a sentence into French",
            "Translate something into Spanish",
        ] {
            assert!(
                texts(pointed).contains(&text),
                "{pointed}: {:?}",
                texts(pointed)
            );
        }
    }

    #[test]
    fn questions_fit_the_task_or_nothing_is_asked() {
        // Every slot of the booking is filled: nothing is missing that a question could name.
        let nopa = texts("Book a table for 4 at 7pm tonight at Nopa in San Francisco.");
        assert!(nopa.is_empty(), "{nopa:?}");
        assert!(
            texts(
                "Write a cover letter for a data analyst job at Acme, 250 words, formal tone. \
                 I have three years of SQL and Tableau at a bank."
            )
            .is_empty()
        );
        let table = texts("book a table");
        assert!(
            table.contains(&"For which date and time?".to_owned()),
            "{table:?}"
        );
        assert!(table.iter().all(|q| !q.contains("genres")), "{table:?}");
        let report = texts("write a report");
        assert!(
            report.contains(&"What should it be about?".to_owned()),
            "{report:?}"
        );
        assert!(report.iter().all(|q| !q.contains("data")), "{report:?}");
        assert_eq!(texts("What's the weather?"), ["For which city or area?"]);
    }

    #[test]
    fn who_a_text_is_for_is_not_what_it_is_about() {
        // "for me", "for our shop": whom it serves; "me" is no place to search in.
        assert_eq!(
            texts("Write an email for me."),
            ["What should it be about?"]
        );
        assert_eq!(
            texts("Write a tweet for our shop."),
            ["What should it be about?"]
        );
        assert_eq!(texts("Find me a restaurant."), ["Which city or area?"]);
        assert_eq!(
            texts("Suggest a name for it."),
            ["What does \"it\" refer to?"]
        );
        // An occasion or a subject after "for" says what it is about.
        for about in [
            "Write a birthday message for my mom",
            "Write a blog post for dog owners about winter walks",
        ] {
            assert!(
                texts(about).iter().all(|q| q != "What should it be about?"),
                "{about}: {:?}",
                texts(about)
            );
        }
    }

    #[test]
    fn a_cue_inside_a_two_word_name_names_no_task_but_still_fills() {
        let kinds = |r: &str| assess(r, &[]).kinds;
        assert!(!kinds("Help me debug my machine learning model").contains(&"learning"));
        assert!(kinds("I want to learn machine learning").contains(&"learning"));
        assert!(!kinds("Compare travel insurance plans").contains(&"trip"));
        let menu = kinds("Create a menu for my restaurant");
        assert!(menu.contains(&"recipe") && !menu.contains(&"local-search"));
        // "restaurant" still fills the servings: a restaurant's menu is for no count of people.
        assert_eq!(
            texts("Create a menu for my restaurant"),
            ["Any dietary restrictions or preferences?"]
        );
        // "teaching" is no inflection of the cue "teach".
        assert!(!kinds("Tips for teaching fractions").contains(&"learning"));
        assert!(kinds("Teach me Spanish").contains(&"learning"));
    }

    #[test]
    fn a_chinese_cue_inside_a_name_names_no_task() {
        let at = |text: &str, word: &str| text.find(word).expect("the word is in the text");
        let in_zh_term =
            |text: &str, at: usize, word: &str| inside_a_term(&zh_term_spans(text), at, word);
        let text = "按修改日期重命名";
        assert!(in_zh_term(text, at(text, "修改"), "修改"));
        assert!(!in_zh_term(
            "帮我修改一下",
            at("帮我修改一下", "修改"),
            "修改"
        ));
        assert!(in_zh_term(
            "我想学机器学习",
            at("我想学机器学习", "学习"),
            "学习"
        ));
        // A term's start that would fall inside another character is no term (and no panic).
        assert!(!in_zh_term("é学aa学习", at("é学aa学习", "学习"), "学习"));
        assert_eq!(
            texts("减脂期想吃鸡胸肉，有什么不柴的做法？"),
            Vec::<String>::new()
        );
        assert!(!texts("我想减肥").is_empty());
        // A title names a work ("天气" in 《天气之子》), a tone no weather ("语气温馨").
        for request in [
            "《天氣之子》跟《你的名字》是同一個導演嗎？",
            "帮我写一条朋友圈，庆祝我爸60大寿，语气温馨一点，不要超过50字",
        ] {
            assert_eq!(texts(request), Vec::<String>::new(), "{request}");
        }
        assert!(!texts("明天天气怎么样？").is_empty());
        // An unclosed title is none.
        assert!(!in_zh_term("《天气", at("《天气", "天气"), "天气"));
    }

    #[test]
    fn a_loan_word_or_the_word_for_a_name_gives_no_subject() {
        // "logo" names the kind of design, not a brand; 店名 is the name asked for, not a shop.
        let subject = |request: &str| texts(request).first().cloned().unwrap_or_default();
        assert_eq!(
            subject("帮我设计个logo"),
            "是为什么设计：哪个品牌、活动或信息？"
        );
        assert_eq!(
            subject("幫我設計個LOGO"),
            "是為什麼設計：哪個品牌、活動或訊息？"
        );
        assert_eq!(subject("帮我想几个店名"), "是给什么起名？想要什么感觉？");
        // Named: the subject is not asked (a style may be).
        for given in ["给我的咖啡店想几个店名", "帮我给Acme设计个logo"] {
            let asked = texts(given);
            assert!(
                asked
                    .iter()
                    .all(|q| !q.contains("什么设计") && !q.contains("给什么")),
                "{given}: {asked:?}"
            );
        }
    }

    #[test]
    fn a_vague_request_with_nothing_to_name_says_why_it_is_not_asked() {
        // The model finds it vague, but every detail of its kind is given (a bakery says what
        // the names are for, as "my shop" would not).
        let (a, cues) = detect_traced("Suggest names for my bakery.", &[]);
        assert!(a.questions.is_empty(), "{:?}", a.questions);
        assert!(
            cues.first()
                .is_some_and(|c| c.contains("its kind has no detail left open")),
            "{cues:?}"
        );
        // Where an input is not said, that is asked, as a helpful detail.
        let (a, cues) = detect_traced("Create a bash script to monitor CPU utilization.", &[]);
        assert_eq!(cues, ["task code, behaviour left open"]);
        assert_eq!(a.questions[0].priority, Priority::Helpful);
    }

    #[test]
    fn factual_questions_about_a_name_and_quoted_literals_are_not_asked_about() {
        assert!(texts("Where was Top of the Lake: China Girl filmed?").is_empty());
        assert!(texts("Who plays Simon's dad in The Inbetweeners?").is_empty());
        let literal = "Output \"yes\" if the sentence contains a date, otherwise output \"no\".";
        assert!(texts(literal).iter().all(|q| !q.contains("yes")));
    }

    #[test]
    fn well_known_ambiguous_names_ask_which_one_with_meanings() {
        let a = detect("What is the capital of Georgia?", &[]);
        assert!(a.needs_clarification);
        assert_eq!(a.questions[0].text, "Which Georgia do you mean?");
        assert!(a.questions[0].options.len() >= 2);
        assert_eq!(
            texts("Tell me about Jordan")[0],
            "Which Jordan do you mean?"
        );
        assert!(
            texts("Tell me about Jordan")
                .iter()
                .all(|q| !q.contains("detail"))
        );
    }

    #[test]
    fn chinese_tasks_ask_in_the_request_script_and_complete_requests_do_not() {
        assert_eq!(texts("帮我写个总结")[0], "要写的内容是关于什么？");
        assert_eq!(texts("订一张去北京的票")[0], "哪一天、大约几点出发？");
        assert_eq!(texts("帮我规划一次去巴黎的旅行")[0], "这趟旅程预计多久？");
        assert!(!texts("写一份报告").is_empty());
        assert!(!texts("它怎么用？").is_empty());
        assert!(
            texts("推荐几本书给我")
                .iter()
                .any(|q| q == "您喜欢哪一类的作品？")
        );
        assert!(texts("帮我订一张明天上午从上海到北京的高铁票").is_empty());
        assert_eq!(texts("幫我訂一張去台北的票")[0], "哪一天、大約幾點出發？");
        // One Traditional-only character is enough to answer in Traditional.
        assert_eq!(texts("我想減肥")[0], "您現在的體重、身高和目標體重是多少？");
    }

    /// Every sentence of `questions` (text, why, options, assumption).
    fn sentences(questions: &[Question]) -> Vec<String> {
        questions
            .iter()
            .flat_map(|q| {
                let labels = q.options.iter().map(|o| o.label.clone());
                [q.text.clone(), q.why.clone(), q.assumption.clone()]
                    .into_iter()
                    .chain(labels)
            })
            .collect()
    }

    /// The questions an offline conversation in `language` gets for `request`.
    fn asked_in(request: &str, language: crate::protocol::language::Language) -> Vec<Question> {
        detect_traced_in(request, &[], language).0.questions
    }

    #[test]
    fn requests_in_languages_the_detector_does_not_read_ask_nothing_and_say_why() {
        for (request, name) in [
            ("Plan een reis naar Rome", "Dutch"),
            ("Schrijf een e-mail aan mijn baas", "Dutch"),
            ("Napisz wiadomość do szefa", "Polish"),
            ("Bana bir tatil planı yap", "Turkish"),
            ("Viết cho tôi một bài thơ", "Vietnamese"),
            ("Напиши письмо начальнику", "Cyrillic script"),
            ("اكتب رسالة إلى مديري", "Arabic script"),
            ("Γράψε ένα ποίημα", "Greek"),
        ] {
            let a = assess(request, &[]);
            assert_eq!(a.language, Language::Other, "{request}");
            assert_eq!(unread_language(request), Some(name), "{request}");
            assert!(!a.needs_clarification, "{request}");
            let (analysis, reasons) = detect_traced(request, &[]);
            assert!(analysis.questions.is_empty(), "{request}");
            assert!(
                reasons.iter().any(|r| r.contains(name)),
                "{request}: {reasons:?}"
            );
        }
    }

    /// Every request of the project's English and Chinese data sets (`data/*/*.jsonl`; the
    /// other languages' are in `data/own/languages/` and `data/blind/seen/`) is English or
    /// Chinese: none may be taken for a language the detector does not read.
    #[test]
    fn no_request_of_the_data_sets_is_taken_for_another_language() {
        let root = format!("{}/../data", env!("CARGO_MANIFEST_DIR"));
        let mut read = 0;
        for dir in std::fs::read_dir(&root).expect("the data directory") {
            let Ok(files) = std::fs::read_dir(dir.expect("an entry").path()) else {
                continue;
            };
            for file in files {
                let path = file.expect("an entry").path();
                if path.extension().is_none_or(|e| e != "jsonl") {
                    continue;
                }
                let text = std::fs::read_to_string(&path).expect("a data file");
                for line in text.lines().filter(|l| !l.trim().is_empty()) {
                    let value: serde_json::Value = serde_json::from_str(line).expect("JSON");
                    let request = value["text"].as_str().or(value["task"].as_str());
                    let request = request.expect("a text or task field");
                    assert_eq!(
                        unread_language(request),
                        None,
                        "{}: {request}",
                        path.display()
                    );
                    read += 1;
                }
            }
        }
        assert!(read > 7000, "read {read} requests");
    }

    #[test]
    fn english_with_foreign_words_and_chinese_stay_read() {
        for request in [
            "Find a café in Paris",
            "Translate 'Je suis fatigué' into English",
            "Plan a trip to São Paulo",
            "What does \"la vie en rose\" mean?",
            "Explain la nouvelle vague",
            "Rent a van in Amsterdam for the weekend",
            "What is the Δ in the Black-Scholes formula?",
            "Best pierogi in Łódź",
            "Hà Nội street food guide",
            "Recommend running shoes",
        ] {
            assert_eq!(
                assess(request, &[]).language,
                Language::English,
                "{request}"
            );
            assert_eq!(unread_language(request), None, "{request}");
        }
        for request in ["帮我订个酒店", "幫我寫一份簡報", "请把这句话翻译成日语"]
        {
            assert_eq!(
                assess(request, &[]).language,
                Language::Chinese,
                "{request}"
            );
        }
    }

    #[test]
    fn vague_chinese_is_asked_about_by_the_model_too() {
        // No task kind names a gap in these: the model's Chinese features decide.
        for request in ["给我一些建议", "帮我改一下", "做个计划吧", "幫我寫一份簡報"]
        {
            assert!(assess(request, &[]).needs_clarification, "{request}");
        }
    }

    #[test]
    fn a_chinese_rule_or_important_detail_waits_for_the_model_unless_the_request_is_short() {
        // Long enough to say what it needs, and complete by the model: the rule's word (它,
        // 这个, 哪个) or the kind's open taste is no gap.
        for request in [
            "一个正方形的边长是5厘米，求它的周长。",
            "請解釋「對牛彈琴」這個成語的意思。",
            "给我推荐几部宫崎骏的动画电影，简单介绍一下剧情",
            "我想看一部好看的科幻电影，最好是最近两年的，有什么推荐",
        ] {
            let a = assess(request, &[]);
            assert!(!a.needs_clarification, "{request}: {:?}", a.questions);
        }
        // Short, whatever the model says; or a critical detail left open, which the model
        // seldom sees missing (it scores both trips below as complete).
        for request in [
            "这个多少钱",
            "它是什么意思",
            "帮我规划一次去成都的旅行",
            "幫我規劃一次去東京的旅行",
        ] {
            let a = assess(request, &[]);
            assert!(
                a.needs_clarification && !a.questions.is_empty(),
                "{request}"
            );
        }
        let gated = Tuning {
            zh_rule_margin: 0.0,
            zh_open_margin: 0.0,
            zh_short_chars: 10,
            ..TUNING
        };
        let signals = |task, chars, margin| ChineseSignals {
            rule: false,
            task,
            chars,
            margin,
            material: false,
            earlier: false,
            replied: false,
            told: false,
            conversed: false,
            missing_material: false,
            directive: true,
            world: false,
            named_open: false,
        };
        // A follow-up of no kind after a reply: the generic question only from the margin up.
        let follow_up = |replied, margin| ChineseSignals {
            earlier: true,
            replied,
            ..signals(TaskState::None, 8, margin)
        };
        assert!(gated.asks_chinese(&follow_up(true, 3.0)));
        assert!(!gated.asks_chinese(&follow_up(true, 2.9)));
        assert!(!gated.asks_chinese(&follow_up(false, 9.0)));
        assert!(gated.asks_chinese(&signals(TaskState::CriticalOpen, 30, -9.0)));
        assert!(gated.asks_chinese(&signals(TaskState::CriticalOpen, 31, -9.0)));
        assert!(!gated.asks_chinese(&signals(TaskState::Open, 11, -0.1)));
        assert!(gated.asks_chinese(&signals(TaskState::Open, 10, -9.0)));
        assert!(gated.asks_chinese(&signals(TaskState::Open, 11, 0.0)));
        assert!(!gated.asks_chinese(&signals(TaskState::Settled, 5, 9.0)));
        let helpful = |margin| ChineseSignals {
            named_open: true,
            ..signals(TaskState::Settled, 20, margin)
        };
        assert!(gated.asks_chinese(&helpful(2.0)) && !gated.asks_chinese(&helpful(1.9)));
        let rule = ChineseSignals {
            rule: true,
            ..signals(TaskState::None, 11, -0.1)
        };
        assert!(!gated.asks_chinese(&rule));
        assert!(gated.asks_chinese(&ChineseSignals { chars: 10, ..rule }));
        // A vague instruction with its material after it has nothing for the generic question.
        assert!(gated.asks_chinese(&signals(TaskState::None, 8, 0.5)));
        let material = signals(TaskState::None, 8, 0.5);
        assert!(!gated.asks_chinese(&ChineseSignals {
            material: true,
            ..material
        }));
    }

    #[test]
    fn a_chinese_conversation_gets_chinese_questions_in_its_script_whatever_the_request() {
        use crate::protocol::language::Language as Conversation;
        let english = [
            "Plan a trip to Paris",
            "Write a poem",
            "Fix the bug in my code",
            "Book a table",
            "Recommend a phone",
            "Help me set up a VPN",
            "Compare these laptops",
            "What's the best one?",
            "Tell me about it",
            "Make a workout plan",
            "Tell me about Jaguar",
            "Teach me a language",
        ];
        for request in english {
            let simplified = asked_in(request, Conversation::Simplified);
            let traditional = asked_in(request, Conversation::Traditional);
            assert!(!simplified.is_empty(), "{request}: no question");
            assert_eq!(simplified.len(), traditional.len(), "{request}");
            for s in sentences(&simplified) {
                // A sentence is Chinese unless it only lists a name or a product.
                let cjk = s.chars().filter(|&c| is_cjk(c)).count();
                assert!(
                    cjk > 0 || !s.contains(' '),
                    "{request}: English in a Simplified conversation: {s}"
                );
                assert_eq!(script_markers(&s).0, 0, "{request}: Traditional: {s}");
            }
            for s in sentences(&traditional) {
                assert_eq!(script_markers(&s).1, 0, "{request}: Simplified: {s}");
            }
        }
        // A request in one script, a conversation in the other: the conversation's.
        assert_eq!(
            asked_in("幫我規劃一趟東京旅行", Conversation::Simplified)[0].text,
            "这趟旅程预计多久？"
        );
        assert_eq!(
            asked_in("帮我规划一趟东京旅行", Conversation::Traditional)[0].text,
            "這趟旅程預計多久？"
        );
        // An English conversation keeps each request's own language and script.
        for request in ["Plan a trip to Paris", "幫我規劃一趟日本旅行"] {
            assert_eq!(
                asked_in(request, Conversation::English),
                detect_traced(request, &[]).0.questions
            );
        }
    }

    /// The English text of a general question of the table.
    fn general_text(which: General) -> String {
        general_question(which, Script::English, "").map_or_else(String::new, |q| q.text)
    }

    fn fallback_text() -> String {
        general_text(General::Fallback)
    }

    #[test]
    fn every_chinese_wording_of_the_table_keeps_to_its_script() {
        for wordings in knowledge().wordings() {
            let words = |script| {
                let w: &frames::Wording = wordings.get(script);
                [w.text, w.why, w.assumption]
                    .into_iter()
                    .chain(w.options.iter().copied())
                    .collect::<Vec<_>>()
            };
            for w in words(Script::Traditional) {
                assert_eq!(script_markers(w).1, 0, "Simplified in Traditional: {w}");
            }
            for w in words(Script::Simplified) {
                assert_eq!(script_markers(w).0, 0, "Traditional in Simplified: {w}");
            }
        }
    }

    #[test]
    fn every_question_has_a_cue_in_the_trace() {
        let (a, cues) = detect_traced("Plan a trip to Paris", &[]);
        assert_eq!(a.questions.len(), cues.len());
        assert_eq!(cues[0], "task trip, duration left open");
    }

    #[test]
    fn a_kind_named_after_the_first_sentence_replaces_no_kind_it_names() {
        let plan = "plan a trip for us. we have no car.";
        assert_eq!(first_sentence_words(plan, &words_of(plan)), 5);
        // A decimal point ends no sentence.
        let price = "costs $5.50 a day";
        assert_eq!(
            first_sentence_words(price, &words_of(price)),
            words_of(price).len()
        );
        let (a, _) = detect_traced(
            "Need a 4-day itinerary for October. Two adults, we like wine and slow mornings, \
             and we'd rather not drive a car.",
            &[],
        );
        assert!(
            a.questions
                .iter()
                .any(|q| q.text == "Where do you want to go?"),
            "{:?}",
            a.questions
        );
    }

    #[test]
    fn a_general_question_fills_its_word_in_every_wording() {
        for text in [
            "Organize a meeting.",
            "Write the opening of my novel.",
            "帮我写份检讨书",
        ] {
            let a = detect(text, &[]);
            let q = a.questions.first().expect(text);
            for wording in [&q.text, &q.why, &q.assumption] {
                assert!(!wording.contains('{'), "{text}: {wording}");
            }
        }
    }

    /// Whether the detector asks `text` a question that starts with `start`.
    fn asks_starting(text: &str, start: &str) -> bool {
        detect(text, &[])
            .questions
            .iter()
            .any(|q| q.text.starts_with(start))
    }

    #[test]
    fn a_chinese_subject_is_said_past_the_words_of_its_kind() {
        // Long enough, but only its kind, its reader and its length: no subject (a book
        // report's subject is its book, asked as such).
        assert!(asks_starting(
            "老师让写一篇心得，800字，帮我写一下",
            "要写的内容"
        ));
        assert!(asks_starting(
            "老师让写一篇读后感，800字，帮我写一下",
            "读的是哪本书"
        ));
        assert!(asks_starting(
            "明天要報告，幫我做簡報大綱，大概十頁，對象是主管",
            "簡報的主題"
        ));
        // The same length saying what it is about.
        assert!(!asks_starting(
            "帮我写一篇读后感，讲《活着》里福贵一家的命运，800字",
            "要写的内容"
        ));
        assert!(!asks_starting(
            "幫我做簡報大綱，介紹我們公司今年在東南亞的新市場",
            "簡報的主題"
        ));
    }

    #[test]
    fn an_estimate_says_how_much_not_what_about() {
        let asks_people = |text: &str| asks_starting(text, "Who is it about");
        assert!(asks_people(
            "Write a toast for my cousin's wedding, about 2 minutes, funny"
        ));
        assert!(!asks_people(
            "Write a toast for my sister's wedding about how she met her husband at a bus stop"
        ));
    }

    #[test]
    fn a_chinese_calculation_gives_its_formula_in_letters_or_signs() {
        for text in [
            "化简 (a+b)² - (a-b)²",
            "求 ∑ 1/n² 的值",
            "计算 2x+3=11 中的 x",
        ] {
            assert!(zh_gives_operands(text), "{text}");
        }
        for text in [
            "帮我算一下这个月的电费",
            "A-B 两个方案哪个好",
            "求一首关于秋天的诗",
        ] {
            assert!(!zh_gives_operands(text), "{text}");
        }
        // An operation written out is what a word pointing at it stands for.
        for request in ["17 × 23, ça fait combien ?", "17 × 23，这个等于多少？"] {
            assert!(operated(request), "{request}");
            assert_eq!(texts(request), Vec::<String>::new(), "{request}");
        }
        assert!(!operated("A-B 两个方案哪个好") && !operated("Ça fait combien ?"));
        assert!(!texts("Ça fait combien ?").is_empty());
    }

    #[test]
    fn a_chinese_amount_of_a_rule_asks_no_figures_of_the_users() {
        // The user's own amount, with nothing to compute it from, asks for the figures.
        assert!(!texts("这个月我能存多少？").is_empty());
        // A rule's limit or norm is a general fact: there are no figures of the user's to ask.
        assert_eq!(
            texts("个人养老金账户一年最多能存多少？"),
            Vec::<String>::new()
        );
    }

    #[test]
    fn a_chinese_destination_follows_a_word_of_going_to() {
        for text in ["下个月去大理住一周", "我周五飞厦门", "下周三飛花蓮玩三天"]
        {
            assert!(names_a_destination(text), "{text}");
        }
        for text in ["我想去旅行", "明天飞一趟", "去年冬天很冷"] {
            assert!(!names_a_destination(text), "{text}");
        }
    }

    #[test]
    fn a_calorie_target_given_needs_no_body_figures() {
        let body = |text: &str| asks_starting(text, "What are your age, sex");
        assert!(body("How much protein should I eat a day?"));
        assert!(!body(
            "Make me a 5-day pescatarian meal plan, about 2000 kcal a day, high protein"
        ));
    }

    #[test]
    fn a_word_naming_only_the_kind_says_not_which() {
        let asks = asks_starting;
        let job = "Which job is it for";
        assert!(asks(
            "Draft a cover letter for the job I'm applying to; I have 4 years in hospital pharmacy.",
            job
        ));
        for said in [
            "Draft a cover letter for a pharmacist job at Boots; I have 4 years in hospital pharmacy.",
            "Draft a cover letter for the job at Boots; I have 4 years in hospital pharmacy.",
        ] {
            assert!(!asks(said, job), "{said}");
        }
        // "within my budget" says there is one, not how much.
        let budget = "What is your budget";
        assert!(asks(
            "Help me pick a laptop within my budget, mostly for photo editing",
            budget
        ));
        assert!(!asks(
            "Recommend a laptop for photo editing on a tight budget",
            budget
        ));
        // Asked once: the rule that asks about "my budget" asks the budget slot's question.
        let asked = texts("What's the best laptop I can get for my budget?");
        assert_eq!(asked, ["Could you tell me about your budget?"]);
        let trip = "For what trip";
        assert!(asks("I need a packing list for my trip on Friday.", trip));
        assert!(!asks(
            "I need a packing list for my ski trip on Friday.",
            trip
        ));
    }

    #[test]
    fn a_request_answered_as_asked_says_what_filled_each_detail() {
        let (a, cues) = detect_traced(
            "Plan a 5-day trip to Kyoto in April with a budget of $2000 for two who love temples",
            &[],
        );
        assert!(a.questions.is_empty());
        let note = cues.join(" ");
        assert!(note.contains("duration \"day\""), "{note}");
        assert!(note.contains("destination a destination"), "{note}");
        assert!(note.contains("budget \"budget\""), "{note}");
        let (_, cues) = detect_traced(
            "我下周想去东京玩五天，预算一万，喜欢美食和购物，帮我规划行程",
            &[],
        );
        let note = cues.join(" ");
        assert!(note.contains("budget \"预算\""), "{note}");
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
    fn script_counts_agree_with_the_words() {
        for text in [
            "",
            "hello world",
            "café au lait",
            "what’s up",
            "’quoted’ words",
            "it's 'fine'",
            "悠遊卡 投遞的格式、成效 abc",
            "x2 y’ ’z 北京 a’b’c",
            "'' ’’ ' a",
        ] {
            let lower = text.to_ascii_lowercase();
            let latin = words_of(&lower).iter().filter(|w| w.is_ascii()).count();
            let cjk = text.chars().filter(|c| is_cjk(*c)).count();
            assert_eq!(script_counts(text), (cjk, latin), "{text:?}");
        }
    }

    /// A medicine named beside one the kind's own word only names ("my medication", 降压药)
    /// leaves that one unnamed; two named ones, or one named twice, leave nothing.
    #[test]
    fn a_thing_named_only_by_its_kind_is_another_unnamed() {
        let frame = (knowledge().frames.iter())
            .find(|f| f.name == "medicine-use")
            .expect("the medicine-use frame");
        let slot = (frame.slots.iter())
            .find(|s| s.instance)
            .expect("an instance slot");
        let r = SlotRef { frame, slot };
        let english = |text: &str| names_another(&r, &words_of(&text.to_ascii_lowercase()));
        assert!(english("Can I take ibuprofen with my medication?"));
        assert!(english("is advil ok with my blood pressure pills"));
        assert!(!english("Does lisinopril interact with metformin?"));
        assert!(!english("Can I take ibuprofen with alcohol?"));
        assert!(zh_names_another(&r, "布洛芬能和我的降压药一起吃吗"));
        assert!(!zh_names_another(&r, "阿莫西林和布洛芬能一起吃吗"));
    }

    #[test]
    fn clip_respects_character_boundaries() {
        assert_eq!(clip("悠遊卡", 4), "悠");
        assert_eq!(clip("abc", 10), "abc");
    }
}

/// Cross-validation of the whole decision on the training files (never a held-out one): each
/// line is decided with the model trained without its fold, for a grid of [`Tuning`]s, so the
/// shipped tuning is chosen on data its model did not see.
///
/// ```sh
/// scripts/train-detector --folds /tmp/folds
/// CLARIFY_CV_DIR=/tmp/folds cargo test -p clarify-core --release --lib -- --ignored product_cross_validation --nocapture
/// ```
#[cfg(test)]
mod cross_validation {
    use super::*;

    /// A training line as `scripts/train-detector --folds` writes it into `lines.jsonl`.
    #[derive(serde::Deserialize)]
    struct Line {
        #[serde(rename = "text")]
        task: String,
        #[serde(rename = "label")]
        vague: bool,
        /// The training file it came from.
        file: String,
    }

    #[derive(Clone, Copy)]
    struct Figures {
        recall: f64,
        false_asks: f64,
        balanced: f64,
    }

    impl std::fmt::Display for Figures {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(
                f,
                "recall {:.3}, false asks {:.3}, balanced accuracy {:.3}",
                self.recall, self.false_asks, self.balanced
            )
        }
    }

    fn figures(decisions: impl Iterator<Item = (bool, bool)>) -> Figures {
        let (mut tp, mut fp, mut pos, mut neg) = (0.0, 0.0, 0.0, 0.0);
        for (asked, vague) in decisions {
            if vague {
                pos += 1.0;
                tp += f64::from(u8::from(asked));
            } else {
                neg += 1.0;
                fp += f64::from(u8::from(asked));
            }
        }
        let recall = tp / pos;
        let false_asks = fp / neg;
        Figures {
            recall,
            false_asks,
            balanced: (recall + 1.0 - false_asks) / 2.0,
        }
    }

    #[test]
    #[ignore = "needs the fold models of scripts/train-detector --folds DIR in CLARIFY_CV_DIR"]
    fn product_cross_validation() {
        // Several directories, separated by ':', are repeats of the cross-validation with
        // other splits (`scripts/train-detector --folds DIR --seed N`): every figure is then
        // the mean over the repeats, so that the pick does not follow one split's noise.
        let dirs = std::env::var("CLARIFY_CV_DIR").expect("CLARIFY_CV_DIR");
        // The training lines as the script read them, in the order of `folds.txt` (IN3's
        // first): one list, the script's, of what is trained on.
        let first = dirs.split(':').next().unwrap_or_default();
        let lines: Vec<Line> = std::fs::read_to_string(format!("{first}/lines.jsonl"))
            .expect("lines.jsonl")
            .lines()
            .map(|l| serde_json::from_str(l).expect("a training line"))
            .collect();
        let in3 = lines.iter().filter(|l| l.file.contains("in3")).count();
        let reads: Vec<Vec<(Read, bool)>> = dirs.split(':').map(|d| read_with(d, &lines)).collect();
        let decide_on = |tuning: &Tuning, from: usize, to: usize| {
            mean(reads.iter().map(|read| {
                figures(
                    read[from..to]
                        .iter()
                        .map(|(r, vague)| (r.asks(tuning), *vague)),
                )
            }))
        };
        let decide = |tuning: &Tuning| decide_on(tuning, 0, lines.len());
        let in3_recall = |tuning: &Tuning| decide_on(tuning, 0, in3).recall;
        // False asks on the complete requests of the other training files (IN3 has few).
        let others_false = |tuning: &Tuning| decide_on(tuning, in3, lines.len()).false_asks;
        if let Ok(path) = std::env::var("CLARIFY_CV_DUMP") {
            let dump: String = reads[0]
                .iter()
                .zip(&lines)
                .map(|((r, vague), l)| {
                    format!(
                        "{}\t{}\t{}\t{}\t{:?}\t{}\n",
                        vague,
                        r.asks(&TUNING),
                        r.decides(&TUNING),
                        kinds_of(&l.task),
                        r,
                        l.task.replace('\n', " ")
                    )
                })
                .collect();
            std::fs::write(path, dump).expect("the dump file");
        }
        let shipped = decide(&TUNING);
        println!(
            "shipped tuning {TUNING:?}: {shipped}, IN3 train recall {:.3}, other complete \
             requests asked {:.3}",
            in3_recall(&TUNING),
            others_false(&TUNING),
        );
        let mut results: Vec<(Tuning, Figures)> =
            tuning_grid().into_iter().map(|t| (t, decide(&t))).collect();
        results.sort_by(|a, b| b.1.balanced.total_cmp(&a.1.balanced));
        for (t, f) in results.iter().take(25) {
            println!("{f}: {t:?}");
        }
        print_picks(&results, in3_recall, others_false);
        print_chinese_picks(&reads);
    }

    /// What each of `lines` shows the decision, each read with the model of its fold in `dir`
    /// (which did not see it), with whether it is vague.
    fn read_with(dir: &str, lines: &[Line]) -> Vec<(Read, bool)> {
        let folds: Vec<usize> = std::fs::read_to_string(format!("{dir}/folds.txt"))
            .expect("folds.txt")
            .split_whitespace()
            .map(|f| f.parse().expect("a fold number"))
            .collect();
        assert_eq!(folds.len(), lines.len());
        let blobs: Vec<Vec<u8>> = (0..=*folds.iter().max().unwrap())
            .map(|k| std::fs::read(format!("{dir}/fold{k}.bin")).expect("a fold model"))
            .collect();
        let models: Vec<model::Model<'_>> = blobs
            .iter()
            .map(|b| model::Model::parse(b).expect("a weights file"))
            .collect();
        // An empty request, or one in a language the detector does not read, has no signals:
        // it never reaches the tuning.
        lines
            .iter()
            .zip(&folds)
            .map(|(l, k)| {
                let a = evaluate(&l.task, &[], Wording::Decision, Some(models[*k]), &TUNING);
                let read = match (a.signals, a.chinese_signals) {
                    (Some(s), _) => Read::English(s, shows_a_question(&l.task, models[*k])),
                    (_, Some(s)) => Read::Chinese(s),
                    _ => Read::Decided(a.needs_clarification),
                };
                (read, l.vague)
            })
            .collect()
    }

    /// Whether the English `request` shows a question once the decision is to ask. Which
    /// questions it gets does not depend on the tuning, only whether it gets them: a request
    /// decided vague whose every open slot a rule already asks, or that names no slot and no
    /// rule's word, shows none, and the product counts it as not asked.
    fn shows_a_question(request: &str, model: model::Model<'_>) -> bool {
        let always = Tuning {
            generic_margin: f32::NEG_INFINITY,
            open_margin: f32::NEG_INFINITY,
            settled_margin: f32::NEG_INFINITY,
            complete_margin: f32::NEG_INFINITY,
            long_open_margin: f32::NEG_INFINITY,
            short_words: usize::MAX,
            open_short_words: usize::MAX,
            generic_max_words: usize::MAX,
            ..TUNING
        };
        !evaluate(request, &[], Wording::AsWritten, Some(model), &always)
            .questions
            .is_empty()
    }

    /// The task kinds an English `request` is recognised as, by name, for the dump.
    fn kinds_of(request: &str) -> String {
        evaluate(request, &[], Wording::Decision, None, &TUNING)
            .kinds
            .join(",")
    }

    /// The mean of each figure over the repeats of the cross-validation.
    fn mean(each: impl Iterator<Item = Figures>) -> Figures {
        let (mut sum, mut n) = ((0.0, 0.0, 0.0), 0.0);
        for f in each {
            sum = (sum.0 + f.recall, sum.1 + f.false_asks, sum.2 + f.balanced);
            n += 1.0;
        }
        Figures {
            recall: sum.0 / n,
            false_asks: sum.1 / n,
            balanced: sum.2 / n,
        }
    }

    /// Prints the Chinese training lines' figures without the model's gate and with the
    /// shipped tuning, and the best Chinese fields of the tuning by [`ZH_RECALL_GIVEN`]'s rule.
    fn print_chinese_picks(reads: &[Vec<(Read, bool)>]) {
        let chinese: Vec<Vec<(Read, bool)>> = reads
            .iter()
            .map(|read| {
                read.iter()
                    .filter(|(r, _)| matches!(r, Read::Chinese(_)))
                    .copied()
                    .collect()
            })
            .collect();
        let decide_chinese = |t: &Tuning| {
            mean(
                chinese
                    .iter()
                    .map(|c| figures(c.iter().map(|(r, vague)| (r.asks(t), *vague)))),
            )
        };
        let ungated = Tuning {
            zh_rule_margin: f32::NEG_INFINITY,
            zh_open_margin: f32::NEG_INFINITY,

            ..TUNING
        };
        let floor = decide_chinese(&ungated).recall - ZH_RECALL_GIVEN;
        println!(
            "Chinese ({} lines): without the model's gate {}; shipped {}",
            chinese[0].len(),
            decide_chinese(&ungated),
            decide_chinese(&TUNING)
        );
        let mut kept: Vec<(Tuning, Figures)> = chinese_grid()
            .into_iter()
            .map(|t| (t, decide_chinese(&t)))
            .filter(|(_, f)| f.recall >= floor)
            .collect();
        kept.sort_by(|a, b| {
            (a.1.false_asks.total_cmp(&b.1.false_asks))
                .then(b.1.recall.total_cmp(&a.1.recall))
                .then(a.0.zh_short_chars.cmp(&b.0.zh_short_chars))
        });
        println!(
            "Chinese, with recall >= {floor:.3}, fewest false asks first (the first is picked):"
        );
        for (t, f) in kept.iter().take(10) {
            println!(
                "{f}: rule margin {}, open margin {}, short {} characters",
                t.zh_rule_margin, t.zh_open_margin, t.zh_short_chars
            );
        }
    }

    /// What one training line showed the decision.
    #[derive(Debug, Clone, Copy)]
    enum Read {
        /// What the decision weighs, and whether a question is shown once it asks.
        English(Signals, bool),
        Chinese(ChineseSignals),
        /// No signals: decided before the tuning is weighed (`true`: asked).
        Decided(bool),
    }

    impl Read {
        fn asks(&self, tuning: &Tuning) -> bool {
            match self {
                Read::English(s, shows) => tuning.asks(s) && *shows,
                Read::Chinese(_) | Read::Decided(_) => self.decides(tuning),
            }
        }

        /// Whether the decision is to ask, whether or not a question is then shown.
        fn decides(&self, tuning: &Tuning) -> bool {
            match self {
                Read::English(s, _) => tuning.asks(s),
                Read::Chinese(s) => tuning.asks_chinese(s),
                Read::Decided(asked) => *asked,
            }
        }
    }

    /// The rule that picks the Chinese fields of the tuning, on the Chinese training lines:
    /// give up at most this much of the recall the rules and open details reach without the
    /// model's gate, then ask as few complete requests as possible (then the higher recall,
    /// then the fewer characters always asked about).
    const ZH_RECALL_GIVEN: f64 = 0.01;

    /// The Chinese margins and lengths the cross-validation tries.
    fn chinese_grid() -> Vec<Tuning> {
        let mut grid = Vec::new();
        for r in -12..=4 {
            for o in -12..=4 {
                for c in [0, 4, 6, 8, 10, 12, 14] {
                    grid.push(Tuning {
                        zh_rule_margin: r as f32 * 0.25,
                        zh_open_margin: o as f32 * 0.25,
                        zh_short_chars: c,
                        ..TUNING
                    });
                }
            }
        }
        grid
    }

    /// The rule that picks the shipped tuning, on the training data alone: keep the ask
    /// recall on IN3 train at 0.78 or more (what the product reaches counting the questions it
    /// shows; no tuning reaches the goal of 0.85 on these folds), then ask as few complete
    /// requests as possible; among the tunings within [`NEAR_FEWEST`] of the fewest,
    /// the highest margin for the generic question (it names nothing the request leaves out),
    /// then the fewest false asks, then the most short requests with an open detail asked.
    const MIN_IN3_RECALL: f64 = 0.78;
    const NEAR_FEWEST: f64 = 0.005;

    fn print_picks(
        results: &[(Tuning, Figures)],
        in3_recall: impl Fn(&Tuning) -> f64,
        others_false: impl Fn(&Tuning) -> f64,
    ) {
        let mut kept: Vec<&(Tuning, Figures)> = results
            .iter()
            .filter(|(t, _)| in3_recall(t) >= MIN_IN3_RECALL)
            .collect();
        kept.sort_by(|a, b| {
            (a.1.false_asks.total_cmp(&b.1.false_asks)).then(b.1.balanced.total_cmp(&a.1.balanced))
        });
        if let Some(fewest) = kept.first().map(|(_, f)| f.false_asks) {
            let picked = kept
                .iter()
                .filter(|(_, f)| f.false_asks <= fewest + NEAR_FEWEST)
                .max_by(|a, b| {
                    (a.0.generic_margin.total_cmp(&b.0.generic_margin))
                        .then(b.1.false_asks.total_cmp(&a.1.false_asks))
                        .then(a.0.open_short_words.cmp(&b.0.open_short_words))
                });
            if let Some((t, f)) = picked {
                println!("picked: {f}, IN3 recall {:.3}: {t:?}", in3_recall(t));
            }
        }
        println!("with IN3 train recall >= {MIN_IN3_RECALL}, fewest false asks first:");
        for (t, f) in kept.iter().take(25) {
            println!(
                "{f}, IN3 recall {:.3}, others asked {:.3}: {t:?}",
                in3_recall(t),
                others_false(t),
            );
        }
    }

    /// The decision margins the cross-validation tries.
    fn tuning_grid() -> Vec<Tuning> {
        let coarse = [0.0, 0.5, 1.0, f32::INFINITY];
        let mut grid = Vec::new();
        for g in -4..=4 {
            for o in -4..=2 {
                for &s in &coarse {
                    for (&c, w) in coarse.iter().flat_map(|c| [0, 3, 4, 5].map(|w| (c, w))) {
                        grid.push(Tuning {
                            generic_margin: g as f32 * 0.25,
                            open_margin: o as f32 * 0.25,
                            settled_margin: s,
                            complete_margin: c,
                            open_short_words: w,
                            ..TUNING
                        });
                    }
                }
            }
        }
        grid
    }
}
