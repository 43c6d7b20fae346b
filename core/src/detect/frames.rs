//! The detector's knowledge as read at run time: the task frames (the kinds of task it
//! recognises, the slots a complete request of each kind fills, each slot's question in every
//! language of the data file), the general and rule questions, the ambiguous names, the word
//! lists and the languages it does not read.
//!
//! It is data, `core/data/detector.toml`: `build.rs` reads and checks it (`schema.rs`), puts
//! it in the shape of the types below (`schema::stored`) and writes it with postcard.
//! [`Table::read`] deserializes that and builds the indexes the matcher looks words up in.
//! postcard names a field by its place and an enum's variant by its index, so the types here
//! and `schema::stored`'s keep the same fields and variants in the same order; the tests hold
//! the table read to say what the data file says.

use rustc_hash::{FxHashMap, FxHashSet};
use serde::Deserialize;

use crate::protocol::question::Priority;

use super::Kind;

/// The frames and the general questions, in the table's order, with what is made of their
/// word lists when the table is read (the fields `#[serde(skip)]` leaves out).
#[derive(Debug, Default, Deserialize)]
pub(crate) struct Table {
    pub frames: Vec<Frame>,
    general: Vec<(General, GeneralQuestion)>,
    /// Well-known names that commonly mean several things, in the table's order.
    pub names: Vec<Name>,
    /// The word lists of `[words]`, in the order of [`Words`], each word between spaces.
    #[serde(borrow)]
    word_lists: Vec<&'static str>,
    /// Latin-script languages the detector does not read: each name with its common words in
    /// byte order, as the build checks (a binary search finds a word; each request's words are
    /// looked up in every list).
    #[serde(borrow)]
    pub unread: Vec<(&'static str, Vec<&'static str>)>,
    /// Scripts of languages the detector does not read, each with how the trace names it and
    /// its Unicode blocks as ranges of characters.
    #[serde(borrow)]
    pub unread_scripts: Vec<(&'static str, Vec<(char, char)>)>,
    /// Latin-script languages the detector does not read, each with the letters only it writes
    /// (ranges of characters).
    #[serde(borrow)]
    pub unread_letters: Vec<(&'static str, Vec<(char, char)>)>,
    /// Every word of the word lists with its list's place, for [`Table::listed`].
    #[serde(skip)]
    listed: FxHashSet<(usize, &'static str)>,
    /// The openings of each list's words ([`super::Openings`]): most words a list lacks are told
    /// apart by one bit, before a lookup in [`Table::listed`]'s set.
    #[serde(skip)]
    openings: Vec<super::Openings>,
    /// Every character of the word lists with its list's place, for [`Table::char_listed`].
    #[serde(skip)]
    chars: FxHashSet<(usize, char)>,
    /// The words of each list by their first character, and by their last, in the list's order:
    /// where a word stands in a text is looked for only where its character is
    /// ([`Table::starting_with`], [`Table::ending_with`]).
    #[serde(skip)]
    firsts: FxHashMap<(usize, char), Vec<&'static str>>,
    #[serde(skip)]
    lasts: FxHashMap<(usize, char), Vec<&'static str>>,
    /// The word lists read for every word of a request, split and sorted once: the English words
    /// that settle a request is English, those the unread languages write too, the two-word
    /// names a cue inside names no task (`cue-before`, `cue-after`) and the Chinese terms.
    #[serde(skip)]
    pub english: Vec<&'static str>,
    #[serde(skip)]
    pub english_shared: Vec<&'static str>,
    #[serde(skip)]
    pub cue_before: Vec<(&'static str, &'static str)>,
    #[serde(skip)]
    pub cue_after: Vec<(&'static str, &'static str)>,
    #[serde(skip)]
    pub zh_terms: Vec<&'static str>,
    /// Every English word of the frames' word lists with the lists it is in ([`ListId`]): the
    /// lists a request's words match are found by looking its words up here, once, instead of
    /// scanning every list.
    #[serde(skip)]
    en_index: FxHashMap<&'static str, Vec<ListId>>,
    /// Which of the English word lists are a frame's cues.
    #[serde(skip)]
    en_cue_lists: Matched,
    /// Every Chinese cue and intent word with its list, by its first character: the lists a
    /// request holds a word of are found in one pass over its characters.
    #[serde(skip)]
    zh_index: FxHashMap<char, Vec<(&'static str, ListId, bool)>>,
}

/// An English word list of the table (a frame's cues or intents, a slot's filling words),
/// numbered when the table is read.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct ListId(u16);

/// The word lists a request's words match (see [`Table::matching`], [`Table::holding`]).
#[derive(Debug, Default)]
pub(crate) struct Matched {
    lists: Vec<u64>,
    /// English: where each word stands that matches a list, with the list and whether it names
    /// what the list does there (a cue inside a two-word name does not), in the words' order,
    /// once for each way it matches (itself, a stem): found once, where the frames and the slots
    /// look for a list's words.
    places: Vec<(usize, ListId, bool)>,
}

impl Matched {
    /// Whether the words matched make a task of the kind `r` describes: a cue word, and an
    /// intent word when there are any.
    pub(crate) fn names(&self, r: &Recognition) -> bool {
        self.has(r.cue_list) && (r.intents.is_empty() || self.has(r.intent_list))
    }

    /// Whether a word of the request matches a word of the list `id`.
    pub(crate) fn has(&self, id: ListId) -> bool {
        let i = usize::from(id.0);
        (self.lists.get(i / 64)).is_some_and(|b| b & (1 << (i % 64)) != 0)
    }

    fn insert(&mut self, id: ListId) {
        let i = usize::from(id.0);
        if self.lists.len() <= i / 64 {
            self.lists.resize(i / 64 + 1, 0);
        }
        self.lists[i / 64] |= 1 << (i % 64);
    }

    /// Where the words that match a word of the list `id` stand (a stem included), in order; a
    /// word that matches it two ways is there twice.
    pub(crate) fn positions(&self, id: ListId) -> impl Iterator<Item = usize> + '_ {
        (self.places.iter().filter(move |p| p.1 == id)).map(|p| p.0)
    }

    /// Where the first word stands that matches the list `id` as [`Table::matching`] reads it:
    /// a cue inside a two-word name ("gift card") is none.
    pub(crate) fn first(&self, id: ListId) -> Option<usize> {
        (self.places.iter().find(|p| p.1 == id && p.2)).map(|p| p.0)
    }
}

/// A well-known name that commonly means several things ("Georgia", "Java").
#[derive(Debug, Deserialize)]
pub(crate) struct Name {
    /// The name as written, capitalised.
    pub name: &'static str,
    /// Two to four.
    pub meanings: Vec<Meaning>,
}

/// One meaning of an ambiguous name.
#[derive(Debug, Deserialize)]
pub(crate) struct Meaning {
    /// Lower-case words that pick this meaning, space-separated.
    pub picked_by: &'static str,
    /// The option naming it, by language tag.
    labels: Vec<(&'static str, &'static str)>,
}

impl Meaning {
    /// The option naming this meaning, in `script`.
    pub(crate) fn label(&self, script: Script) -> &'static str {
        in_script(&self.labels, script).copied().unwrap_or_default()
    }
}

/// One kind of task.
#[derive(Debug, Deserialize)]
pub(crate) struct Frame {
    /// How the trace names it (`trip`, `table-booking`).
    pub name: &'static str,
    /// How an English request is recognised as one.
    pub en: Recognition,
    /// How a Chinese request (either script) is recognised as one.
    pub zh: Recognition,
    /// The more general frames whose questions give way to this one's when both are
    /// recognised (a film is recommended to a taste, not by "what matters most"; a cover
    /// letter's role and background say more than a text's topic and tone).
    pub replaces: Vec<FrameId>,
    /// A catch-all kind ("make a plan", "give me advice"): its questions give way to any other
    /// frame's.
    pub only_alone: bool,
    /// Its critical details are asked whatever the learned model says, for a question as for
    /// an instruction ("How much tax will I owe?"): its cues and intents name the task
    /// precisely enough.
    pub outright: bool,
    pub slots: Vec<Slot>,
}

/// A frame's index in [`Table::frames`], checked when the table is read ([`Table::read`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub(crate) struct FrameId(usize);

impl FrameId {
    pub(crate) fn index(self) -> usize {
        self.0
    }
}

/// The cues of a frame in one language: a cue word, and an intent word when there are any.
#[derive(Debug, Default, Clone, Copy, Deserialize)]
pub(crate) struct Recognition {
    /// Space-separated words naming the task's subject ("trip", "旅行").
    pub cues: &'static str,
    /// Space-separated words making it a request to do the task ("book", "订"); empty: any.
    pub intents: &'static str,
    /// Space-separated phrases naming it as a cue does, their words joined by "+" ("near+me").
    pub phrases: &'static str,
    /// The lists of `cues` and `intents` in the table's index of their language.
    #[serde(skip)]
    pub cue_list: ListId,
    #[serde(skip)]
    pub intent_list: ListId,
    /// The list of the first words of `phrases`: a phrase is looked for only in a request that
    /// holds one.
    #[serde(skip)]
    pub phrase_list: ListId,
}

impl Recognition {
    /// Whether the frame can be recognised in this language at all: by a cue or a phrase.
    pub(crate) fn is_empty(&self) -> bool {
        self.cues.is_empty() && self.phrases.is_empty()
    }
}

/// One fact a complete request of the frame's kind gives.
#[derive(Debug, Deserialize)]
pub(crate) struct Slot {
    /// How the trace names it (`duration`, `party-size`).
    pub name: &'static str,
    pub priority: Priority,
    /// The kind of vagueness an open slot is.
    pub kind: Kind,
    /// How an English request fills it.
    pub en: Filling,
    /// How a Chinese request fills it.
    pub zh: Filling,
    /// The rule whose question, when it fires, asks this slot already.
    pub covered_by: Option<Cover>,
    /// It says what the requested piece is, not a fact of the user's world (see
    /// [`super::said_before`]).
    pub piece: bool,
    /// A question about the general rule still needs it (a visa's country).
    pub general: bool,
    /// Its filling words name the kind's own thing: one named only by the kind's own word is
    /// another, still unnamed (see [`super::names_another`]).
    pub instance: bool,
    pub wording: Wordings,
}

/// How a request fills a slot: one of the words, or one of the patterns.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct Filling {
    /// Space-separated words (English: words or stems; a word with a sign such as `$` is looked
    /// for in the text) or Chinese substrings.
    pub words: &'static str,
    pub patterns: Vec<Pattern>,
    /// English: the list of the words made of letters and digits in the table's index.
    #[serde(skip)]
    pub list: ListId,
    /// English: the words with a sign (`$`, `c++`, `i'm`), looked for as they are.
    #[serde(skip)]
    pub signs: Vec<&'static str>,
}

/// A computed way for a request to fill a slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, strum::IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
pub(crate) enum Pattern {
    /// A time or a date ("7pm", "tomorrow", "周五", "8点").
    Time,
    /// A number, in digits or words.
    Number,
    /// A counted amount ("3 days", "两个人", "五天").
    Count,
    /// A named place ("in Paris", "北京", "台北市").
    Place,
    /// The request says what it is about ("about the sea", a brief of eight words that carry a
    /// subject, a colon).
    Topic,
    /// A proper noun.
    Name,
    /// A proper noun that can name a place: not a nationality ("Lisbon", not the "Italian" of
    /// "a good Italian restaurant", which still needs a city).
    PlaceName,
    /// Quoted material ("Translate 'thank you'", 「谢谢」).
    Quote,
    /// Material after the instruction: after a colon or on the next lines.
    Material,
    /// An amount of money ("$85", "2,000 euros", "3000元", "the bill was 240"; not "18%",
    /// "5 people", "a 30-year loan"): see [`names_an_amount`](super::names_an_amount).
    Amount,
    /// A percentage ("6.5%", "4 percent"): see [`names_a_percentage`](super::names_a_percentage).
    Percentage,
    /// A text's subject said after its "for" ("a product description for a steel water
    /// bottle"; not "for our new item"): see `describes` and `not-described` in detector.toml.
    /// English only.
    Described,
    /// A route: two names joined by a dash ("Boston-Denver", "Paris–Lisbonne"), which say
    /// where a trip starts and where it goes.
    Route,
    /// A place to go: a `place-name`, but not where the user lives or comes from, nor one ruled
    /// out ("I live in Lyon", "a flight from Boston", "not Rome": `not-destinations` before it).
    /// In Chinese, a place finer than a country (`zh-countries`: "去日本玩五天" leaves the city).
    Destination,
    /// A story told of someone after the first sentence: one that opens with one of
    /// `story-subjects` ("…for my dad's retirement party. He taught chemistry for 35 years…").
    /// English only.
    Story,
    /// The word after one of `topic-before` names the thing itself ("translate hello"), unless
    /// it is of `not-a-topic` ("translate the bit about delivery terms"). English only.
    Object,
}

/// A rule whose question also asks for a slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub(crate) enum Cover {
    /// "Could you paste your code here?": the user's own material shows the slot once pasted.
    Material,
    /// "Recent in which specific area, and how recent?"
    Recency,
    /// "Best for what specific task, and judged by which measure?"
    Measure,
}

/// The script a question is worded in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Script {
    English,
    Simplified,
    Traditional,
}

/// A question in one script.
#[derive(Debug, Default, Clone, PartialEq, Eq, Deserialize)]
pub(crate) struct Wording {
    pub text: &'static str,
    pub why: &'static str,
    pub options: Vec<&'static str>,
    pub assumption: &'static str,
}

/// A question in each language of the data file (its `languages`; English first), by the
/// language's tag.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct Wordings(#[serde(borrow)] Vec<(&'static str, Wording)>);

impl Wordings {
    /// The wording in `script`; English when the table has none in it.
    pub(crate) fn get(&self, script: Script) -> &Wording {
        static NONE: std::sync::LazyLock<Wording> = std::sync::LazyLock::new(Wording::default);
        in_script(&self.0, script).unwrap_or(&NONE)
    }
}

/// What `columns` (by language tag, English first) hold in `script`; the first when they hold
/// nothing in it.
fn in_script<'a, T>(columns: &'a [(&'static str, T)], script: Script) -> Option<&'a T> {
    let tag = script.tag();
    (columns.iter().find(|(t, _)| *t == tag))
        .or(columns.first())
        .map(|(_, value)| value)
}

impl Script {
    /// The Chinese script, Traditional or Simplified.
    pub(crate) fn chinese(traditional: bool) -> Self {
        if traditional {
            Self::Traditional
        } else {
            Self::Simplified
        }
    }

    /// The language tag of the script's column in the data file.
    pub(crate) fn tag(self) -> &'static str {
        match self {
            Script::English => "en",
            Script::Simplified => "zh-Hans",
            Script::Traditional => "zh-Hant",
        }
    }
}

/// The questions not tied to a slot: the fallback, and the rules' questions. Their wordings
/// hold placeholders the detector fills: `{word}`, `{name}`, `{first}`, `{noun}`,
/// `{material}`, `{evidence}` (`core/data/detector.toml` says what each stands for).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub(crate) enum General {
    /// A vague request of no known kind: what should the answer focus on?
    Fallback,
    /// A pronoun with nothing to refer to; `{word}` in its wording is the pronoun.
    Pronoun,
    /// A well-known name with several meanings: which one?
    Name,
    /// The user's own material, named and not given: could you paste it?
    Paste,
    /// Material named and not given, not the user's: which one?
    WhichMaterial,
    /// "Recent" in which area, and how recent?
    Recency,
    /// "Best" for what, by which measure?
    Measure,
    /// A comparison whose items are not named.
    Compare,
    /// A parameter that depends on the user's goal.
    Goal,
    /// An amount of the user's own case asked with none of the figures it is computed from.
    Figures,
    /// Something of the user's the answer turns on, named and not described: tell me about it.
    Describe,
    /// A vague request of no known kind that names a thing as known ("the hotel", "my math"):
    /// which one, and what about it matters? `{word}` is the thing as the request says it.
    Thing,
    /// A vague request of no known kind that asks to make a thing it says nothing of ("Create
    /// a quiz."): what should it hold, and what for? `{word}` is the thing.
    Made,
    /// A numbered part of a text the request does not give ("clause 7"): which text, pasted.
    Part,
    /// A pronoun for one person with no one named before it ("is she too young for…"): who
    /// they are, and what about them the answer needs. `{word}` is the pronoun.
    Person,
    /// A follow-up that picks one of the things listed just before it without saying which
    /// ("is that one ok…"): which one? `{word}` is the words that pick.
    Picked,
    /// A detail the assistant's last reply asked for and the follow-up left unanswered: the
    /// question again. `{word}` is the question as the reply wrote it.
    Unanswered,
    /// A short follow-up saying the reply's fix failed, with no error in it: what happens now?
    Failed,
    /// A condition said to be there and not named ("my mom has a health condition", "还有个慢性
    /// 病"): which one? `{noun}` is the condition as the request says it.
    Unnamed,
    /// The placeholders of a draft in the reply ("[date]", 【姓名】) that a follow-up asks to have
    /// filled in without saying what goes there: what does? `{word}` lists them.
    Placeholders,
    /// A value a text to write is asked to state and not given ("mention a specific number",
    /// 把薪资范围也写上): what is it? `{word}` is the value as the request says it.
    Value,
    /// An amount to change without the new one ("make it for more people", 多做点): to what?
    Resize,
}

/// A general question with its priority and kind.
#[derive(Debug, Deserialize)]
#[serde(bound(deserialize = "'de: 'static"))]
pub(crate) struct GeneralQuestion {
    pub priority: Priority,
    pub kind: Kind,
    pub wording: Wordings,
}

impl Table {
    /// Every wording of the table: the slots' and the general questions'.
    #[cfg(test)]
    pub(crate) fn wordings(&self) -> impl Iterator<Item = &Wordings> {
        self.frames
            .iter()
            .flat_map(|f| f.slots.iter().map(|s| &s.wording))
            .chain(self.general.iter().map(|(_, q)| &q.wording))
    }

    /// The general question `which`; the build checks that the data file has each.
    pub(crate) fn general(&self, which: General) -> Option<&GeneralQuestion> {
        (self.general.iter().find(|(g, _)| *g == which)).map(|(_, q)| q)
    }

    /// The table from the bytes `build.rs` wrote (postcard), read once for the program's life
    /// ([`super::knowledge`] keeps it): its words and wordings are slices of a copy of the
    /// bytes kept as long. Bytes that are not a whole table of this build's shape, or whose
    /// frames replace a frame it lacks, give an empty table (no frame recognised), never a
    /// panic.
    pub(crate) fn read(stored: &[u8]) -> Self {
        let stored: &'static [u8] = Box::leak(stored.into());
        let Ok((mut table, [])) = postcard::take_from_bytes::<Self>(stored) else {
            return Self::default();
        };
        let frames = table.frames.len();
        if (table.frames.iter().flat_map(|f| &f.replaces)).any(|r| r.0 >= frames) {
            return Self::default();
        }
        table.index();
        table.split_lists();
        table
    }

    /// The lists read for every word of a request, split and sorted once (see [`Table::english`]).
    fn split_lists(&mut self) {
        let pairs = |list| sorted(super::list(list).filter_map(|p| p.split_once('+')));
        self.english = sorted(super::list(self.word_list(Words::EnglishCommon)));
        self.english_shared = sorted(super::list(self.word_list(Words::EnglishShared)));
        self.cue_before = pairs(self.word_list(Words::CueBefore));
        self.cue_after = pairs(self.word_list(Words::CueAfter));
        self.zh_terms = super::list(self.word_list(Words::ZhTerms)).collect();
        self.listed = (self.word_lists.iter().enumerate())
            .flat_map(|(which, list)| super::list(list).map(move |word| (which, word)))
            .collect();
        self.openings = (self.word_lists.iter())
            .map(|list| super::Openings::of(super::list(list)))
            .collect();
        self.chars = (self.word_lists.iter().enumerate())
            .flat_map(|(which, list)| list.chars().map(move |c| (which, c)))
            .filter(|(_, c)| !c.is_whitespace())
            .collect();
        for (which, list) in self.word_lists.iter().enumerate() {
            let ends = |w: &'static str| Some((w, w.chars().next()?, w.chars().next_back()?));
            for (word, first, last) in super::list(list).filter_map(ends) {
                self.firsts.entry((which, first)).or_default().push(word);
                self.lasts.entry((which, last)).or_default().push(word);
            }
        }
    }

    /// The words of the list `which` that start with `c`, in the list's order.
    pub(crate) fn starting_with(&self, which: Words, c: char) -> &[&'static str] {
        self.firsts
            .get(&(which as usize, c))
            .map_or(&[], Vec::as_slice)
    }

    /// The words of the list `which` that end with `c`, in the list's order.
    pub(crate) fn ending_with(&self, which: Words, c: char) -> &[&'static str] {
        self.lasts
            .get(&(which as usize, c))
            .map_or(&[], Vec::as_slice)
    }

    /// The word list `which`, each word between spaces (a word is looked up with
    /// [`Table::listed`]); a list the table lacks is empty.
    pub(crate) fn word_list(&self, which: Words) -> &'static str {
        self.word_lists.get(which as usize).copied().unwrap_or(" ")
    }

    /// Whether `word` is a word of the list `which`; a list the table lacks holds none.
    ///
    /// Asked some hundreds of times a request, mostly of a word the list lacks: the test of its
    /// opening is compiled into each caller, the set's lookup ([`Table::holds`]) is called.
    #[inline]
    pub(crate) fn listed(&self, which: Words, word: &str) -> bool {
        self.may_start(which, word) && self.holds(which, word)
    }

    /// Whether the list `which` holds `word` ([`Table::listed`]'s second step).
    #[inline(never)]
    fn holds(&self, which: Words, word: &str) -> bool {
        self.listed.contains(&(which as usize, word))
    }

    /// Whether `word` shares its first two bytes with a word of the list `which`, or with the
    /// first word of one of its phrases ("from+here"): a word that does not is none of them and
    /// starts none.
    #[inline]
    pub(crate) fn may_start(&self, which: Words, word: &str) -> bool {
        (self.openings.get(which as usize)).is_some_and(|o| o.may_contain(word))
    }

    /// Whether `c` is a character of the list `which` (a list of single characters, or one
    /// whose words are runs of them).
    pub(crate) fn char_listed(&self, which: Words, c: char) -> bool {
        self.chars.contains(&(which as usize, c))
    }

    /// Numbers the English and the Chinese word lists and sorts their words into their indexes.
    fn index(&mut self) {
        let mut index: FxHashMap<&'static str, Vec<ListId>> = FxHashMap::default();
        let mut next = 0u16;
        let mut add = |words: &mut dyn Iterator<Item = &'static str>| {
            let id = ListId(next);
            next = next.saturating_add(1);
            for w in words {
                index.entry(w).or_default().push(id);
            }
            id
        };
        let mut zh_index: FxHashMap<char, Vec<(&'static str, ListId, bool)>> = FxHashMap::default();
        let mut zh_next = 0u16;
        let mut add_zh = |words: &'static str, cue: bool| {
            let id = ListId(zh_next);
            zh_next = zh_next.saturating_add(1);
            for (first, w) in super::list(words).filter_map(|w| Some((w.chars().next()?, w))) {
                zh_index.entry(first).or_default().push((w, id, cue));
            }
            id
        };
        for frame in &mut self.frames {
            frame.en.cue_list = add(&mut super::list(frame.en.cues));
            frame.en.intent_list = add(&mut super::list(frame.en.intents));
            let phrases = frame.en.phrases.split_whitespace();
            frame.en.phrase_list = add(&mut phrases.filter_map(|p| p.split('+').next()));
            frame.zh.cue_list = add_zh(frame.zh.cues, true);
            frame.zh.intent_list = add_zh(frame.zh.intents, false);
            for slot in &mut frame.slots {
                slot.en.list = add(&mut super::list(slot.en.words).filter(|w| plain(w)));
                slot.en.signs = super::list(slot.en.words).filter(|w| !plain(w)).collect();
            }
        }
        self.en_index = index;
        self.en_cue_lists = Matched::default();
        for frame in &self.frames {
            self.en_cue_lists.insert(frame.en.cue_list);
        }
        self.zh_index = zh_index;
    }

    /// The Chinese cue and intent lists of which `text` holds a word (as a substring), not
    /// after a word that negates it (`zh-negations`: "没有贷款" names no loan); a cue inside one
    /// of `zh-terms` names no task ("怎么去除" goes nowhere), as an English cue inside a two-word
    /// name does not.
    pub(crate) fn holding(&self, text: &str) -> Matched {
        let mut matched = Matched::default();
        // Where each negation ends, found once: a cue starting there is negated.
        let negations: Vec<usize> = super::list(self.word_list(Words::ZhNegations))
            .flat_map(|n| text.match_indices(n).map(move |(at, _)| at + n.len()))
            .collect();
        let negated = |at: usize| negations.contains(&at);
        let terms = super::zh_term_spans(text);
        for (i, c) in text.char_indices() {
            let rest = &text[i..];
            for (word, id, cue) in self.zh_index.get(&c).into_iter().flatten() {
                let in_a_term = || super::inside_a_term(&terms, i, word);
                if opens_with(rest, word) && !(*cue && in_a_term()) && !negated(i) {
                    matched.insert(*id);
                }
            }
        }
        matched
    }

    /// The English word lists that `words` (lower-case) match: a list matches when one of its
    /// words is a request's word, or a stem of four letters or more of it followed by one of
    /// the inflections [`super::word_matches`] knows ("plan" matches "planning"). A word of a
    /// two-word term ("machine learning") matches no frame's cues (see [`super::in_a_term`]), only
    /// the other lists.
    pub(crate) fn matching(&self, words: &[&str]) -> Matched {
        let mut matched = Matched::default();
        matched.places.reserve(words.len());
        for (i, word) in words.iter().enumerate() {
            // Whether the word is inside a two-word name: asked only of a word that is a cue.
            let mut in_a_term = None;
            for key in std::iter::once(*word).chain(super::stems(word)) {
                for &id in self.en_index.get(key).into_iter().flatten() {
                    let cue = self.en_cue_lists.has(id);
                    let names =
                        !cue || !*in_a_term.get_or_insert_with(|| super::in_a_term(words, i));
                    if names {
                        matched.insert(id);
                    }
                    matched.places.push((i, id, names));
                }
            }
        }
        matched
    }

    /// The first of `words` that matches a word of the list `id` (as [`Table::matching`]
    /// reads it, a stem included), as the request writes it.
    pub(crate) fn word_in<'w>(&self, words: &[&'w str], id: ListId) -> Option<&'w str> {
        self.position_in(words, id).map(|at| words[at])
    }

    /// Where the first of `words` that matches a word of the list `id` stands (see
    /// [`Table::word_in`]).
    pub(crate) fn position_in(&self, words: &[&str], id: ListId) -> Option<usize> {
        self.positions_in(words, id).next()
    }

    /// Where each of `words` that matches a word of the list `id` stands.
    pub(crate) fn positions_in<'a>(
        &'a self,
        words: &'a [&str],
        id: ListId,
    ) -> impl Iterator<Item = usize> + 'a {
        (0..words.len()).filter(move |&at| {
            std::iter::once(words[at])
                .chain(super::stems(words[at]))
                .any(|key| self.en_index.get(key).is_some_and(|ids| ids.contains(&id)))
        })
    }
}

impl Pattern {
    /// The pattern's name in the data file ("time", "place-name"): its variant's, in kebab case.
    pub(crate) fn name(self) -> &'static str {
        self.into()
    }
}

include!(concat!(env!("OUT_DIR"), "/words.rs"));

/// Whether `text` opens with the Chinese cue `word`, a space allowed where the cue turns from
/// Chinese to Latin ("显示 E6" for 显示E).
fn opens_with(text: &str, word: &str) -> bool {
    if text.starts_with(word) {
        return true;
    }
    let turn = word.char_indices().find(|&(at, c)| {
        c.is_ascii_alphanumeric() && word[..at].chars().next_back().is_some_and(super::is_cjk)
    });
    turn.is_some_and(|(at, _)| {
        let (chinese, latin) = word.split_at(at);
        (text.strip_prefix(chinese).and_then(|r| r.strip_prefix(' ')))
            .is_some_and(|r| r.starts_with(latin))
    })
}

/// Whether an English word of a list is made of letters and digits only, as the index holds
/// it; a word with a sign (`$`, `c++`) is looked for in the text as it is.
fn plain(word: &str) -> bool {
    word.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// The `items`, sorted.
fn sorted<T: Ord>(items: impl Iterator<Item = T>) -> Vec<T> {
    let mut sorted: Vec<T> = items.collect();
    sorted.sort_unstable();
    sorted
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::super::{KNOWLEDGE, list, schema};
    use super::*;

    fn shipped() -> &'static Table {
        super::super::knowledge()
    }

    #[test]
    fn a_word_is_listed_only_whole_and_in_its_own_list() {
        let table = shipped();
        assert!(table.listed(Words::ProblemStates, "crashes"));
        // A part of a word, two words together, or a word of another list is not listed.
        assert!(!table.listed(Words::ProblemStates, "crash"));
        assert!(!table.listed(Words::ProblemStates, "slow slower"));
        assert!(!table.listed(Words::ProblemStates, "landlord"));
        for which in [Words::ProblemStates, Words::ActOn, Words::ZhCode] {
            assert!(super::super::list(table.word_list(which)).all(|w| table.listed(which, w)));
        }
    }

    /// The words of a list of the data file, in its order.
    fn words(list: Option<&String>) -> Vec<&str> {
        list.map_or(Vec::new(), |l| l.split_whitespace().collect())
    }

    /// A question's wordings are the data file's, in the order of its languages.
    fn same_wordings(
        read: &Wordings,
        ask: &BTreeMap<String, schema::Wording>,
        d: &schema::Detector,
    ) {
        let tags: Vec<&str> = read.0.iter().map(|(t, _)| *t).collect();
        assert_eq!(tags, d.languages);
        for (tag, w) in &read.0 {
            let a = &ask[*tag];
            let options: Vec<&str> = a.options.iter().map(|o| o.trim()).collect();
            assert_eq!(
                (w.text, w.why, &w.options[..], w.assumption),
                (a.text.trim(), a.why.trim(), &options[..], a.assume.trim())
            );
        }
    }

    /// The embedded table says what `core/data/detector.toml` says: every frame with its cues,
    /// intents, replaced frames and flags; every slot with its priority, kind, filling words
    /// (its vocabularies' too), patterns, cover and wording in every language; every general
    /// question, ambiguous name, word list and language not read.
    #[test]
    fn the_stored_table_says_what_the_data_file_says() {
        let text = include_str!("../../data/detector.toml");
        let d = schema::read(text).unwrap_or_else(|e| panic!("{e}"));
        let table = Table::read(KNOWLEDGE);
        assert!(table.frames.len() >= 60);
        let debug = |v: &dyn std::fmt::Debug| format!("{v:?}");
        let kind = |k: schema::Kind| match k {
            schema::Kind::Param => Kind::UnderspecifiedParameter,
            schema::Kind::Ambiguous => Kind::AmbiguousReference,
            schema::Kind::Request => Kind::UnderspecifiedRequest,
            schema::Kind::Pronoun => Kind::PronounWithoutAntecedent,
            schema::Kind::Missing => Kind::MissingContext,
        };
        assert_eq!(table.frames.len(), d.frame.len());
        for (f, a) in table.frames.iter().zip(&d.frame) {
            assert_eq!(f.name, a.name);
            for (r, tag) in [(f.en, "en"), (f.zh, "zh")] {
                assert_eq!(list(r.cues).collect::<Vec<_>>(), words(a.cues.get(tag)));
                assert_eq!(
                    list(r.intents).collect::<Vec<_>>(),
                    words(a.intents.get(tag))
                );
            }
            let replaced: Vec<&str> = f
                .replaces
                .iter()
                .map(|r| table.frames[r.index()].name)
                .collect();
            assert_eq!(replaced, a.replaces);
            assert_eq!((f.only_alone, f.outright), (a.only_alone, a.outright));
            assert_eq!(f.slots.len(), a.slot.len(), "frame {}", f.name);
            for (s, b) in f.slots.iter().zip(&a.slot) {
                assert_eq!(s.name, b.name);
                assert_eq!(debug(&s.priority), debug(&b.priority));
                assert_eq!(s.kind, kind(b.kind));
                for (filling, tag) in [(&s.en, "en"), (&s.zh, "zh")] {
                    let mut filled = words(b.filled.get(tag));
                    for v in &b.vocabularies {
                        filled.extend(words(d.vocabulary[v].get(tag)));
                    }
                    assert_eq!(list(filling.words).collect::<Vec<_>>(), filled);
                    let patterns = b.by.get(tag).cloned().unwrap_or_default();
                    assert_eq!(debug(&filling.patterns), debug(&patterns));
                }
                assert_eq!(debug(&s.covered_by), debug(&b.covered_by));
                assert_eq!(s.piece, b.piece, "slot {}", s.name);
                assert_eq!(s.instance, b.instance, "slot {}", s.name);
                same_wordings(&s.wording, &b.ask, &d);
            }
        }
        assert_eq!(table.general.len(), d.general.len());
        for ((g, q), a) in table.general.iter().zip(&d.general) {
            assert_eq!(debug(g), debug(&a.name));
            assert_eq!(
                (debug(&q.priority), q.kind),
                (debug(&a.priority), kind(a.kind))
            );
            same_wordings(&q.wording, &a.ask, &d);
        }
        assert_eq!(table.names.len(), d.name.len());
        for (n, a) in table.names.iter().zip(&d.name) {
            assert_eq!(
                (n.name, n.meanings.len()),
                (a.name.as_str(), a.meaning.len())
            );
            for (m, b) in n.meanings.iter().zip(&a.meaning) {
                assert_eq!(
                    list(m.picked_by).collect::<Vec<_>>(),
                    words(b.picked_by.get("en"))
                );
                let labels: Vec<(&str, &str)> = d
                    .languages
                    .iter()
                    .map(|t| (t.as_str(), b.label[t].trim()))
                    .collect();
                assert_eq!(m.labels, labels);
            }
        }
        assert_eq!(table.word_lists.len(), d.words.len());
        for (read, authored) in table.word_lists.iter().zip(d.words.values()) {
            assert!(read.starts_with(' ') && read.ends_with(' '));
            assert_eq!(list(read).collect::<Vec<_>>(), words(Some(authored)));
        }
        let unread: Vec<(&str, Vec<&str>)> = (d.unread_language.iter())
            .map(|u| (u.name.as_str(), words(Some(&u.words))))
            .collect();
        assert_eq!(table.unread, unread);
        assert_eq!(
            table.unread_scripts[0],
            ("Greek", vec![('\u{370}', '\u{3FF}')])
        );
        assert!(
            table
                .unread_letters
                .iter()
                .any(|(name, ranges)| *name == "Vietnamese"
                    && ranges.contains(&('\u{1EA0}', '\u{1EF9}')))
        );
    }

    /// The container's hash keeps a damaged blob from the table; should one come all the same,
    /// cut, lengthened or of another shape, the table is empty.
    #[test]
    fn a_cut_lengthened_or_foreign_blob_gives_an_empty_table() {
        let longer = [KNOWLEDGE, b"\0"].concat();
        let cut = [
            &KNOWLEDGE[..KNOWLEDGE.len() - 1],
            &KNOWLEDGE[..KNOWLEDGE.len() / 2],
        ];
        let foreign: [&[u8]; 3] = [br#"{"frames": []}"#, b"frame trip\n", b""];
        for bad in cut.into_iter().chain([&longer[..]]).chain(foreign) {
            let table = Table::read(bad);
            assert!(
                table.frames.is_empty() && table.names.is_empty(),
                "{} bytes",
                bad.len()
            );
        }
    }

    proptest::proptest! {
        /// Whatever bytes the stored table holds, they are read (or refused) without a panic.
        #[test]
        fn any_stored_bytes_are_read_without_panicking(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..400),
            cut in 0usize..=1,
        ) {
            let mut stored = KNOWLEDGE[..KNOWLEDGE.len().min(2_000)].to_vec();
            stored.extend(&bytes);
            stored.truncate(stored.len().saturating_sub(cut));
            let _ = Table::read(&stored);
            let _ = Table::read(&bytes);
        }
    }

    /// A listed word that the matching reaches through another word of its list only costs
    /// bytes: an English inflection of a listed stem ("hotels" beside "hotel"), a Chinese word
    /// that holds a listed one (预订 beside 订).
    #[test]
    fn the_lists_hold_no_word_their_matching_already_reaches() {
        let table = shipped();
        let mut english = Vec::new();
        let mut chinese = Vec::new();
        for f in &table.frames {
            english.extend([f.en.cues, f.en.intents]);
            chinese.extend([f.zh.cues, f.zh.intents]);
            for slot in &f.slots {
                english.push(slot.en.words);
                chinese.push(slot.zh.words);
            }
        }
        for list in english {
            let words: Vec<&str> = list.split_whitespace().collect();
            for w in &words {
                let reached = super::super::stems(w).find(|s| words.contains(s));
                assert_eq!(reached, None, "{w} in [{list}]");
            }
        }
        for list in chinese {
            let words: Vec<&str> = list.split_whitespace().collect();
            for w in &words {
                let inner = words.iter().find(|o| *o != w && w.contains(*o));
                assert_eq!(inner, None, "{w} in [{list}]");
            }
        }
    }

    /// The index finds exactly the lists a scan of every list finds: for each English word of
    /// the table, inflected and cut short, and for each Chinese cue inside a sentence.
    #[test]
    fn the_indexes_agree_with_a_scan_of_every_list() {
        let table = shipped();
        let mut en: Vec<(&'static str, ListId, bool)> = Vec::new();
        for f in &table.frames {
            en.push((f.en.cues, f.en.cue_list, true));
            en.push((f.en.intents, f.en.intent_list, true));
            for slot in &f.slots {
                en.push((slot.en.words, slot.en.list, false));
            }
        }
        let mut probes: Vec<String> = Vec::new();
        for (words, _, _) in &en {
            for w in super::super::list(words) {
                for ending in ["", "s", "ing", "ed", "ations", "x"] {
                    probes.push(format!("{w}{ending}"));
                }
                probes.push(w[..w.len() - 1].to_owned());
            }
        }
        for probe in &probes {
            let matched = table.matching(&[probe.as_str()]);
            for (words, id, all) in &en {
                let scan = super::super::list(words)
                    .filter(|t| *all || t.bytes().all(|b| b.is_ascii_alphanumeric()))
                    .any(|t| super::super::word_matches(probe, t));
                assert_eq!(matched.has(*id), scan, "{probe:?} against {words:?}");
            }
        }
        for f in &table.frames {
            for w in super::super::list(f.zh.cues).chain(super::super::list(f.zh.intents)) {
                let text = format!("请帮我{w}一下，谢谢");
                let held = table.holding(&text);
                for g in &table.frames {
                    for (words, id) in
                        [(g.zh.cues, g.zh.cue_list), (g.zh.intents, g.zh.intent_list)]
                    {
                        let scan = super::super::list(words).any(|t| text.contains(t));
                        assert_eq!(held.has(id), scan, "{text} against {words:?}");
                    }
                }
            }
        }
    }
}
