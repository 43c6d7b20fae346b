//! The detector's knowledge as read at run time: the task frames (the kinds of task it
//! recognises, the slots a complete request of each kind fills, each slot's question in every
//! language of the data file), the general and rule questions, the ambiguous names, the word
//! lists and the languages it does not read.
//!
//! It is data, `core/data/detector.toml`, checked by the build (`schema.rs`) and embedded in the
//! compact form `build.rs` writes (no comments; Traditional wordings and word forms that a
//! character map of the table makes from the Simplified ones left out, and those it makes but
//! for a few characters written as a `fix` line naming them, in two bytes a Chinese character
//! rather than three), decoded once and read into the types below (the word lists and wordings
//! stay slices of the decoded text, but for the Traditional ones made again when the table is
//! read, so the table costs its own bytes and little more). A malformed entry is a
//! [`TableError`] naming its line: the build writes none, and a damaged blob gives a table that
//! recognises nothing rather than a panic. The checks across entries are the build's; tests and
//! debug builds repeat them here.

use rustc_hash::FxHashSet;

use crate::protocol::question::Priority;

use super::Kind;

/// The table as authored (the lines the build makes of `core/data/detector.toml`), for the test
/// that the compact form says the same.
#[cfg(test)]
fn authored() -> &'static str {
    static AUTHORED: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    AUTHORED.get_or_init(|| {
        let text = include_str!("../../data/detector.toml");
        let detector = super::schema::read(text).unwrap_or_else(|e| panic!("{e}"));
        super::schema::render(&detector)
    })
}

impl Table {
    /// The table in the compact form's bytes, as `build.rs` writes it (see [`OTHER_CHARS`]):
    /// decoded and read once, for the program's life ([`super::knowledge`] keeps it); the word
    /// lists and wordings are slices of the decoded text. A damaged blob gives an empty table
    /// (no frame recognised), never a panic.
    pub(crate) fn read(stored: &[u8]) -> Self {
        Self::parse(leak(merged(&decoded(stored)))).unwrap_or_default()
    }
}

/// The compact form's lines from the stored form, whose English wordings and lines with
/// Chinese have their values in two blocks after the table (`build.rs`, `in_blocks`), each
/// left in the table as its key and a space. A block that runs short leaves values empty: the
/// table then fails to parse, and nothing panics.
fn merged(stored: &str) -> String {
    let mut parts = stored.split('\0');
    let table = parts.next().unwrap_or_default();
    let mut english = parts.next().unwrap_or_default().lines();
    let mut chinese = parts.next().unwrap_or_default().lines();
    let mut out = String::with_capacity(stored.len());
    for line in table.lines() {
        out.push_str(line);
        if let Some(key) = line.strip_suffix(' ') {
            let block = if key == ENGLISH_WORDING {
                &mut english
            } else {
                &mut chinese
            };
            out.push_str(block.next().unwrap_or_default());
        }
        out.push('\n');
    }
    out
}

/// Text from the compact form's bytes ([`OTHER_CHARS`] says how they are written). A pair cut
/// short or a byte past the other characters becomes U+FFFD: a damaged table reads wrong or
/// fails to parse, and never panics.
fn decoded(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 3 / 2);
    let mut rest = bytes.iter();
    while let Some(&b) = rest.next() {
        let c = match b {
            0..=0x7F => Some(char::from(b)),
            IDEOGRAPH_BASE..OTHER_BASE => rest.next().and_then(|&low| {
                let offset = u32::from(b - IDEOGRAPH_BASE) << 8 | u32::from(low);
                char::from_u32(*IDEOGRAPHS.start() as u32 + offset)
            }),
            RAW_UTF8 => {
                let len = match rest.as_slice().first() {
                    Some(0xC0..=0xDF) => 2,
                    Some(0xE0..=0xEF) => 3,
                    _ => 4,
                };
                let all = rest.as_slice();
                let raw = &all[..len.min(all.len())];
                let c = std::str::from_utf8(raw).ok().and_then(|s| s.chars().next());
                rest = all[raw.len()..].iter();
                c
            }
            _ => OTHER_CHARS.chars().nth(usize::from(b - OTHER_BASE)),
        };
        out.push(c.unwrap_or('\u{FFFD}'));
    }
    out
}

/// The frames and the general questions, in the table's order.
#[derive(Debug, Default)]
pub(crate) struct Table {
    pub frames: Vec<Frame>,
    general: Vec<(General, GeneralQuestion)>,
    /// Well-known names that commonly mean several things, in the table's order.
    pub names: Vec<Name>,
    /// The tags of the languages every wording is in (the `languages` line; English first).
    languages: Vec<&'static str>,
    /// The word lists of `[words]`, in the order of [`Words`], each word between spaces.
    word_lists: Vec<&'static str>,
    /// Every word of those lists with its list's place, for [`Table::listed`].
    listed: FxHashSet<(usize, &'static str)>,
    /// Latin-script languages the detector does not read: each name with its common words,
    /// sorted (a binary search finds a word; each request's words are looked up in every list).
    pub unread: Vec<(&'static str, Vec<&'static str>)>,
    /// The word lists read for every word of a request, split and sorted once: the English words
    /// that settle a request is English, those the unread languages write too, the two-word
    /// names a cue inside names no task (`cue-before`, `cue-after`) and the Chinese terms.
    pub english: Vec<&'static str>,
    pub english_shared: Vec<&'static str>,
    pub cue_before: Vec<(&'static str, &'static str)>,
    pub cue_after: Vec<(&'static str, &'static str)>,
    pub zh_terms: Vec<&'static str>,
    /// Every English word of the frames' word lists with the list it is in ([`ListId`]),
    /// sorted: the lists a request's words match are found by looking its words up here, once,
    /// instead of scanning every list.
    en_index: Vec<(&'static str, ListId)>,
    /// Where each word's entries start in `en_index`, by the word's hash (open addressing).
    en_starts: Starts,
    /// How many English word lists the index knows.
    en_lists: usize,
    /// Which of them are a frame's cues.
    en_cue_lists: Matched,
    /// Every Chinese cue and intent word with its first character and its list, sorted: the
    /// lists a request holds a word of are found in one pass over its characters.
    zh_index: Vec<(char, &'static str, ListId)>,
    /// Where each first character's entries start in `zh_index`, by the character's hash.
    zh_starts: Starts,
    /// How many Chinese word lists the index knows.
    zh_lists: usize,
    /// Simplified → Traditional character pairs, sorted (the compact form's `map` line): they
    /// make the Traditional wordings and word forms the compact form leaves out.
    to_traditional: Vec<(char, char)>,
}

/// An English word list of the table (a frame's cues or intents, a slot's filling words),
/// numbered when the table is read.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct ListId(u16);

/// The English word lists a request's words match (see [`Table::matching`]).
#[derive(Debug, Default)]
pub(crate) struct Matched(Vec<u64>);

impl Matched {
    /// Whether the words matched make a task of the kind `r` describes: a cue word, and an
    /// intent word when there are any.
    pub(crate) fn names(&self, r: &Recognition) -> bool {
        self.has(r.cue_list) && (r.intents.is_empty() || self.has(r.intent_list))
    }

    /// Whether a word of the request matches a word of the list `id`.
    pub(crate) fn has(&self, id: ListId) -> bool {
        let i = usize::from(id.0);
        self.0.get(i / 64).is_some_and(|b| b & (1 << (i % 64)) != 0)
    }

    fn insert(&mut self, id: ListId) {
        let i = usize::from(id.0);
        if let Some(b) = self.0.get_mut(i / 64) {
            *b |= 1 << (i % 64);
        }
    }
}

/// A well-known name that commonly means several things ("Georgia", "Java").
#[derive(Debug)]
pub(crate) struct Name {
    /// The name as written, capitalised.
    pub name: &'static str,
    /// Two to four.
    pub meanings: Vec<Meaning>,
}

/// One meaning of an ambiguous name.
#[derive(Debug)]
pub(crate) struct Meaning {
    /// Lower-case words that pick this meaning, space-separated.
    pub picked_by: &'static str,
    /// The option naming it, by language tag.
    labels: Vec<(&'static str, &'static str)>,
}

impl Meaning {
    /// The option naming this meaning, in `script`.
    pub(crate) fn label(&self, script: Script) -> &'static str {
        let tag = script.tag();
        self.labels
            .iter()
            .find(|(t, _)| *t == tag)
            .or(self.labels.first())
            .map_or("", |(_, l)| l)
    }
}

/// One kind of task.
#[derive(Debug)]
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

/// An open-addressing hash table from a key to its run of entries in a sorted index: a key is
/// found with one hash and, nearly always, one comparison of hashes and one of keys.
#[derive(Debug, Default)]
struct Starts(Vec<Run>);

/// A key's run in the index: its hash, and where its entries start and end (`end` 0: empty).
#[derive(Debug, Default, Clone, Copy)]
struct Run {
    hash: u32,
    start: u32,
    end: u32,
}

impl Starts {
    /// The table for a sorted index whose keys hash to `hashes`; `same(i, j)`: entries `i` and
    /// `j` have the same key.
    fn of(hashes: impl Iterator<Item = u32>, same: impl Fn(usize, usize) -> bool) -> Self {
        let hashes: Vec<u32> = hashes.collect();
        let size = (hashes.len() * 2).next_power_of_two().max(2);
        let mut slots = vec![Run::default(); size];
        let mut start = 0;
        for end in 1..=hashes.len() {
            if end < hashes.len() && same(end - 1, end) {
                continue;
            }
            let hash = hashes[start];
            let mut at = hash as usize & (size - 1);
            while slots[at].end != 0 {
                at = (at + 1) & (size - 1);
            }
            let to_u32 = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
            slots[at] = Run {
                hash,
                start: to_u32(start),
                end: to_u32(end),
            };
            start = end;
        }
        Self(slots)
    }

    /// The entries of the key hashing to `hash`; `is(i)`: entry `i` has the key.
    fn find(&self, hash: u32, is: impl Fn(usize) -> bool) -> std::ops::Range<usize> {
        let mask = self.0.len().wrapping_sub(1);
        let mut at = hash as usize & mask;
        while let Some(run) = self.0.get(at).filter(|r| r.end != 0) {
            if run.hash == hash && is(run.start as usize) {
                return run.start as usize..run.end as usize;
            }
            at = (at + 1) & mask;
        }
        0..0
    }
}

/// FNV-1a of a word's bytes.
fn hash_word(word: &str) -> u32 {
    word.bytes().fold(0x811c_9dc5, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// A character's hash (Fibonacci hashing of its code point).
fn hash_char(c: char) -> u32 {
    (c as u32).wrapping_mul(0x9E37_79B1).rotate_right(16)
}

/// A frame's index in [`Table::frames`], checked when the table is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FrameId(usize);

impl FrameId {
    pub(crate) fn index(self) -> usize {
        self.0
    }
}

/// The cues of a frame in one language: a cue word, and an intent word when there are any.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Recognition {
    /// Space-separated words naming the task's subject ("trip", "旅行").
    pub cues: &'static str,
    /// Space-separated words making it a request to do the task ("book", "订"); empty: any.
    pub intents: &'static str,
    /// The lists of `cues` and `intents` in the table's index of their language.
    pub cue_list: ListId,
    pub intent_list: ListId,
}

impl Recognition {
    /// Whether the frame can be recognised in this language at all.
    pub(crate) fn is_empty(&self) -> bool {
        self.cues.is_empty()
    }
}

/// One fact a complete request of the frame's kind gives.
#[derive(Debug)]
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
    pub wording: Wordings,
}

/// How a request fills a slot: one of the words, or one of the patterns.
#[derive(Debug, Default)]
pub(crate) struct Filling {
    /// Space-separated words (English: words or stems; a word with a sign such as `$` is looked
    /// for in the text) or Chinese substrings.
    pub words: &'static str,
    pub patterns: Vec<Pattern>,
    /// English: the list of the words made of letters and digits in the table's index.
    pub list: ListId,
    /// English: the words with a sign (`$`, `c++`, `i'm`), looked for as they are.
    pub signs: Vec<&'static str>,
}

/// A computed way for a request to fill a slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pattern {
    /// A time or a date ("7pm", "tomorrow", "周五", "8点").
    Time,
    /// A number, in digits or words.
    Number,
    /// A counted amount ("3 days", "两个人", "五天").
    Count,
    /// A named place ("in Paris", "北京", "台北市").
    Place,
    /// The request says what it is about ("about the sea", ten words or more, a colon).
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
    /// A text's subject said after its "for" ("a product description for a steel water
    /// bottle"; not "for our new item"): see `describes` and `not-described` in detector.toml.
    /// English only.
    Described,
}

/// A rule whose question also asks for a slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Wording {
    pub text: &'static str,
    pub why: &'static str,
    pub options: Vec<&'static str>,
    pub assumption: &'static str,
}

/// A question in each language of the table (its `languages` line; English first), by the
/// language's tag.
#[derive(Debug, Default)]
pub(crate) struct Wordings(Vec<(&'static str, Wording)>);

impl Wordings {
    /// The wording in `script`; English when the table has none in it.
    pub(crate) fn get(&self, script: Script) -> &Wording {
        static NONE: Wording = Wording {
            text: "",
            why: "",
            options: Vec::new(),
            assumption: "",
        };
        let tag = script.tag();
        self.0
            .iter()
            .find(|(t, _)| *t == tag)
            .or(self.0.first())
            .map_or(&NONE, |(_, w)| w)
    }
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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
}

const GENERAL: [(General, &str); 14] = [
    (General::Fallback, "fallback"),
    (General::Pronoun, "pronoun"),
    (General::Name, "name"),
    (General::Paste, "paste"),
    (General::WhichMaterial, "which-material"),
    (General::Recency, "recency"),
    (General::Measure, "measure"),
    (General::Compare, "compare"),
    (General::Goal, "goal"),
    (General::Figures, "figures"),
    (General::Describe, "describe"),
    (General::Thing, "thing"),
    (General::Made, "made"),
    (General::Part, "part"),
];

/// A general question with its priority and kind.
#[derive(Debug)]
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

    /// The general question `which`; the table is checked to have each.
    pub(crate) fn general(&self, which: General) -> Option<&GeneralQuestion> {
        self.general
            .iter()
            .find(|(g, _)| *g == which)
            .map(|(_, q)| q)
    }
}

/// What is wrong with the table, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum TableError {
    #[error("frames table line {line}: expected {expected}, found {found:?}")]
    Line {
        line: usize,
        expected: &'static str,
        found: String,
    },
    #[error("frames table, {entry}: {problem}")]
    Entry { entry: String, problem: String },
}

/// A slot or general question being read: its wordings arrive one line at a time, each with
/// its language's tag (and the Simplified line as written, from which a missing Traditional
/// one is made).
#[derive(Default)]
struct Partial(Vec<(&'static str, Wording)>, Option<&'static str>);

impl Partial {
    fn has(&self, tag: &str) -> bool {
        self.0.iter().any(|(t, _)| *t == tag)
    }

    /// The wordings in the order of `languages`, each there.
    fn finish(mut self, entry: &str, languages: &[&'static str]) -> Result<Wordings, TableError> {
        let mut wordings = Vec::with_capacity(languages.len());
        for tag in languages {
            let Some(i) = self.0.iter().position(|(t, _)| t == tag) else {
                return Err(TableError::Entry {
                    entry: entry.to_owned(),
                    problem: format!("no ask-{tag} line"),
                });
            };
            wordings.push(self.0.swap_remove(i));
        }
        let counts: Vec<usize> = wordings.iter().map(|(_, w)| w.options.len()).collect();
        if counts.iter().any(|&n| n != counts[0]) {
            return Err(TableError::Entry {
                entry: entry.to_owned(),
                problem: format!("option counts differ between scripts: {counts:?}"),
            });
        }
        Ok(Wordings(wordings))
    }
}

/// What the lines being read belong to.
enum Open {
    Nothing,
    Frame,
    Slot(Partial),
    General(General, Priority, Kind, Partial),
}

impl Table {
    /// Reads a table; any malformed or incomplete entry is an error naming it, and, in tests
    /// and debug builds, so is a table whose entries disagree (see [`Table::validate`]).
    pub(crate) fn parse(text: &'static str) -> Result<Self, TableError> {
        let mut table = Self {
            languages: vec!["en", SIMPLIFIED, TRADITIONAL],
            ..Self::default()
        };
        let mut open = Open::Nothing;
        let mut replaces: Vec<(usize, usize, &'static str)> = Vec::new();
        for (n, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            let key = long_key(key);
            let value = value.trim();
            let at = n + 1;
            match key {
                "map" if matches!(open, Open::Nothing) && table.to_traditional.is_empty() => {
                    table.to_traditional = map_of(value, at)?;
                }
                "frame" | "general" => {
                    table.close(std::mem::replace(&mut open, Open::Nothing))?;
                    open = table.open_entry(key, value, at)?;
                }
                "slot" => {
                    table.close(std::mem::replace(&mut open, Open::Nothing))?;
                    let frame = table.frames.last_mut();
                    let Some(frame) = frame else {
                        return Err(unexpected(at, "a frame before its slots", line));
                    };
                    frame.slots.push(slot_head(value, at)?);
                    open = Open::Slot(Partial::default());
                }
                "name" => {
                    table.close(std::mem::replace(&mut open, Open::Nothing))?;
                    table.names.push(Name {
                        name: value,
                        meanings: Vec::new(),
                    });
                }
                "languages" if table.frames.is_empty() && matches!(open, Open::Nothing) => {
                    table.languages = value.split_whitespace().collect();
                }
                "unread" => {
                    let (name, words) = value.split_once(' ').unwrap_or((value, ""));
                    table.unread.push((name, sorted(words)));
                }
                "words" => {
                    let (_, list) = value.split_once(' ').unwrap_or_default();
                    table.word_lists.push(leak(format!(" {list} ")));
                }
                _ if key == "meaning" || key.starts_with("label-") => {
                    table.name_field(key, value, at, line)?;
                }
                "replaces" | "only-alone" | "outright" => {
                    let frame = table.frames.len().checked_sub(1);
                    let Some(frame) = frame.filter(|_| matches!(open, Open::Frame)) else {
                        return Err(unexpected(at, "a frame's field before its slots", line));
                    };
                    if key == "only-alone" && value.is_empty() {
                        table.frames[frame].only_alone = true;
                    } else if key == "outright" && value.is_empty() {
                        table.frames[frame].outright = true;
                    } else if key == "replaces" && !value.is_empty() {
                        replaces.extend(value.split_whitespace().map(|name| (frame, at, name)));
                    } else {
                        let expected = "replaces NAMES, or only-alone or outright alone";
                        return Err(unexpected(at, expected, line));
                    }
                }
                _ => table.field(&mut open, key, value, at, line)?,
            }
        }
        table.close(open)?;
        for (frame, at, name) in replaces {
            let Some(target) = table.frames.iter().position(|f| f.name == name) else {
                return Err(unexpected(at, "the name of a frame of the table", name));
            };
            if target == frame {
                return Err(unexpected(at, "another frame's name", name));
            }
            table.frames[frame].replaces.push(FrameId(target));
        }
        #[cfg(any(test, debug_assertions))]
        table.validate()?;
        table.index();
        table.split_lists();
        Ok(table)
    }

    /// The lists read for every word of a request, split and sorted once (see [`Table::english`]).
    fn split_lists(&mut self) {
        let pairs = |list: &'static str| -> Vec<(&'static str, &'static str)> {
            let mut pairs: Vec<_> = super::list(list)
                .filter_map(|p| p.split_once('+'))
                .collect();
            pairs.sort_unstable();
            pairs
        };
        self.english = sorted(self.word_list(Words::EnglishCommon));
        self.english_shared = sorted(self.word_list(Words::EnglishShared));
        self.cue_before = pairs(self.word_list(Words::CueBefore));
        self.cue_after = pairs(self.word_list(Words::CueAfter));
        self.zh_terms = super::list(self.word_list(Words::ZhTerms)).collect();
        self.listed = (self.word_lists.iter().enumerate())
            .flat_map(|(which, list)| super::list(list).map(move |word| (which, word)))
            .collect();
    }

    /// `tag` as the table's own `&'static str`, when it is a language of the table: the
    /// `ask-` and `label-` lines' `en`, `hans` and `hant` stand for `en`, `zh-Hans`, `zh-Hant`.
    fn language(&self, tag: &str) -> Option<&'static str> {
        let tag = match tag {
            "hans" => SIMPLIFIED,
            "hant" => TRADITIONAL,
            other => other,
        };
        self.languages.iter().copied().find(|t| *t == tag)
    }

    /// The word list `which`, each word between spaces (a word is looked up with
    /// [`Table::listed`]); a list the blob lacks is empty.
    pub(crate) fn word_list(&self, which: Words) -> &'static str {
        self.word_lists.get(which as usize).copied().unwrap_or(" ")
    }

    /// Whether `word` is a word of the list `which`; a list the blob lacks holds none.
    pub(crate) fn listed(&self, which: Words, word: &str) -> bool {
        self.listed.contains(&(which as usize, word))
    }

    /// A `meaning` line of the last name, or a label of its last meaning.
    fn name_field(
        &mut self,
        key: &str,
        value: &'static str,
        at: usize,
        line: &str,
    ) -> Result<(), TableError> {
        let tag = key.strip_prefix("label-").and_then(|t| self.language(t));
        let Some(name) = self.names.last_mut() else {
            return Err(unexpected(at, "a name before its meanings", line));
        };
        if key == "meaning" {
            name.meanings.push(Meaning {
                picked_by: value,
                labels: Vec::new(),
            });
            return Ok(());
        }
        let (Some(meaning), Some(tag)) = (name.meanings.last_mut(), tag) else {
            return Err(unexpected(
                at,
                "a meaning, then label- and a language of the table",
                line,
            ));
        };
        meaning.labels.push((tag, value));
        Ok(())
    }

    /// Numbers the English word lists and sorts their words into the index.
    fn index(&mut self) {
        let mut index = Vec::new();
        let mut next = 0u16;
        let mut add = |words: &'static str, all: bool| {
            let id = ListId(next);
            next = next.saturating_add(1);
            index.extend(
                super::list(words)
                    .filter(|w| all || w.bytes().all(|b| b.is_ascii_alphanumeric()))
                    .map(|w| (w, id)),
            );
            id
        };
        let mut cue_lists = Vec::new();
        for frame in &mut self.frames {
            frame.en.cue_list = add(frame.en.cues, true);
            cue_lists.push(frame.en.cue_list);
            frame.en.intent_list = add(frame.en.intents, true);
            for slot in &mut frame.slots {
                slot.en.list = add(slot.en.words, false);
                slot.en.signs = super::list(slot.en.words)
                    .filter(|w| !w.bytes().all(|b| b.is_ascii_alphanumeric()))
                    .collect();
            }
        }
        index.sort_unstable();
        self.en_starts = Starts::of(index.iter().map(|(w, _)| hash_word(w)), |i, j| {
            index[i].0 == index[j].0
        });
        self.en_index = index;
        self.en_lists = usize::from(next);
        self.en_cue_lists = Matched(vec![0; self.en_lists.div_ceil(64)]);
        for id in cue_lists {
            self.en_cue_lists.insert(id);
        }
        let mut index = Vec::new();
        let mut next = 0u16;
        for frame in &mut self.frames {
            for (words, list) in [
                (frame.zh.cues, &mut frame.zh.cue_list),
                (frame.zh.intents, &mut frame.zh.intent_list),
            ] {
                *list = ListId(next);
                next = next.saturating_add(1);
                for w in super::list(words) {
                    index.extend(w.chars().next().map(|c| (c, w, *list)));
                }
            }
        }
        index.sort_unstable();
        self.zh_starts = Starts::of(index.iter().map(|e| hash_char(e.0)), |i, j| {
            index[i].0 == index[j].0
        });
        self.zh_index = index;
        self.zh_lists = usize::from(next);
    }

    /// The Chinese cue and intent lists of which `text` holds a word (as a substring), not
    /// after a word that negates it (`zh-negations`: "没有贷款" names no loan).
    pub(crate) fn holding(&self, text: &str) -> Matched {
        let mut matched = Matched(vec![0; self.zh_lists.div_ceil(64)]);
        let index = &self.zh_index;
        // Where each negation ends, found once: a cue starting there is negated.
        let negations: Vec<usize> = super::list(self.word_list(Words::ZhNegations))
            .flat_map(|n| text.match_indices(n).map(move |(at, _)| at + n.len()))
            .collect();
        let negated = |at: usize| negations.contains(&at);
        let terms = super::zh_term_spans(text);
        for (i, c) in text.char_indices() {
            let run = self.zh_starts.find(hash_char(c), |j| index[j].0 == c);
            let rest = &text[i..];
            for (_, word, id) in &index[run] {
                if rest.starts_with(word) && !super::inside_a_term(&terms, i, word) && !negated(i) {
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
        let mut matched = Matched(vec![0; self.en_lists.div_ceil(64)]);
        let index = &self.en_index;
        let run_of = |key: &str| &index[self.en_starts.find(hash_word(key), |i| index[i].0 == key)];
        for (i, word) in words.iter().enumerate() {
            // Whether the word is inside a two-word name: asked only of a word that is a cue.
            let mut in_a_term = None;
            for key in std::iter::once(*word).chain(super::stems(word)) {
                for (_, id) in run_of(key) {
                    let cue = self.en_cue_lists.has(*id);
                    if !cue || !*in_a_term.get_or_insert_with(|| super::in_a_term(words, i)) {
                        matched.insert(*id);
                    }
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

    /// Where the first of `words` that matches a word of the list `id` stands, as
    /// [`Table::matching`] reads them: a cue inside a two-word name ("gift card") is none.
    pub(crate) fn first_match(&self, words: &[&str], id: ListId) -> Option<usize> {
        let cue = self.en_cue_lists.has(id);
        self.positions_in(words, id)
            .find(|&at| !cue || !super::in_a_term(words, at))
    }

    /// Where each of `words` that matches a word of the list `id` stands.
    pub(crate) fn positions_in<'a>(
        &'a self,
        words: &'a [&str],
        id: ListId,
    ) -> impl Iterator<Item = usize> + 'a {
        let index = &self.en_index;
        let run_of =
            move |key: &str| &index[self.en_starts.find(hash_word(key), |i| index[i].0 == key)];
        (0..words.len()).filter(move |&at| {
            std::iter::once(words[at])
                .chain(super::stems(words[at]))
                .any(|key| run_of(key).iter().any(|(_, i)| *i == id))
        })
    }

    /// Starts a `frame` or `general` entry.
    fn open_entry(
        &mut self,
        key: &str,
        value: &'static str,
        at: usize,
    ) -> Result<Open, TableError> {
        if key == "frame" {
            if !is_name(value) {
                return Err(unexpected(
                    at,
                    "a frame name (lower-case words joined by -)",
                    value,
                ));
            }
            self.frames.push(Frame {
                name: value,
                en: Recognition::default(),
                zh: Recognition::default(),
                replaces: Vec::new(),
                only_alone: false,
                outright: false,
                slots: Vec::new(),
            });
            return Ok(Open::Frame);
        }
        let mut parts = value.split_whitespace();
        let which = parts
            .next()
            .and_then(|w| GENERAL.iter().find(|(_, n)| *n == w));
        let Some(&(which, _)) = which else {
            return Err(unexpected(at, "fallback or pronoun", value));
        };
        let priority = priority_of(parts.next(), at)?;
        let kind = kind_of(parts.next(), at)?;
        Ok(Open::General(which, priority, kind, Partial::default()))
    }

    /// Reads one field line of the open frame, slot or general question.
    fn field(
        &mut self,
        open: &mut Open,
        key: &str,
        value: &'static str,
        at: usize,
        line: &str,
    ) -> Result<(), TableError> {
        let value = match key {
            "zh" | "zh-if" | "zh-filled" if value.contains('+') => self.unfold(value, at)?,
            _ => value,
        };
        let script = key.strip_prefix("ask-").map(|tag| self.language(tag));
        match (open, script) {
            (Open::Slot(partial) | Open::General(_, _, _, partial), None) if key == "fix" => {
                let hant = self.fixed_traditional(partial, value, at, line)?;
                partial.0.push((TRADITIONAL, wording_of(hant, at)?));
                Ok(())
            }
            (Open::Slot(partial) | Open::General(_, _, _, partial), Some(tag)) => {
                let Some(tag) = tag else {
                    return Err(unexpected(at, "ask- and a language of the table", line));
                };
                if partial.has(tag) {
                    return Err(unexpected(at, "one ask line per language", line));
                }
                partial.0.push((tag, wording_of(value, at)?));
                if tag == SIMPLIFIED {
                    partial.1 = Some(value);
                }
                Ok(())
            }
            (Open::Frame, None) => {
                let frame = self
                    .frames
                    .last_mut()
                    .ok_or_else(|| unexpected(at, "a frame", line))?;
                let field = match key {
                    "en" => &mut frame.en.cues,
                    "en-if" => &mut frame.en.intents,
                    "zh" => &mut frame.zh.cues,
                    "zh-if" => &mut frame.zh.intents,
                    _ => {
                        return Err(unexpected(
                            at,
                            "en, en-if, zh, zh-if, replaces, only-alone or outright",
                            line,
                        ));
                    }
                };
                set_once(field, value, at, line)
            }
            (Open::Slot(_), None) => {
                let slot = self
                    .frames
                    .last_mut()
                    .and_then(|f| f.slots.last_mut())
                    .ok_or_else(|| unexpected(at, "a slot", line))?;
                slot_field(slot, key, value, at, line)
            }
            _ => Err(unexpected(at, "a field of the entry above", line)),
        }
    }

    /// `text` with each character the map knows in its Traditional form.
    fn traditional(&self, text: &str) -> String {
        let map = &self.to_traditional;
        text.chars()
            .map(|c| match map.binary_search_by_key(&c, |(s, _)| *s) {
                Ok(i) => map[i].1,
                Err(_) => c,
            })
            .collect()
    }

    /// A Chinese word list of the compact form with each `word+` read as the word and its
    /// Traditional form.
    fn unfold(&self, value: &'static str, at: usize) -> Result<&'static str, TableError> {
        if self.to_traditional.is_empty() {
            return Err(unexpected(at, "a map line before a word+", value));
        }
        let mut words: Vec<String> = Vec::new();
        for w in super::list(value) {
            match w.strip_suffix('+') {
                Some(simplified) => {
                    words.push(simplified.to_owned());
                    words.push(self.traditional(simplified));
                }
                None => words.push(w.to_owned()),
            }
        }
        Ok(leak(words.join(" ")))
    }

    /// The Traditional wording of a compact form's `fix` line: the entry's Simplified wording
    /// through the map, with the characters the line lists (`20劃`: the 21st is 劃) in place.
    fn fixed_traditional(
        &self,
        partial: &Partial,
        value: &str,
        at: usize,
        line: &str,
    ) -> Result<&'static str, TableError> {
        let (false, Some(hans)) = (partial.has(TRADITIONAL), partial.1) else {
            return Err(unexpected(
                at,
                "a fix line after ask-hans, instead of ask-hant",
                line,
            ));
        };
        let mut chars: Vec<char> = self.traditional(hans).chars().collect();
        for fix in value.split_whitespace() {
            let digits = fix.find(|c: char| !c.is_ascii_digit()).unwrap_or(fix.len());
            let (at_char, with) = fix.split_at(digits);
            let mut with = with.chars();
            match (at_char.parse::<usize>(), with.next(), with.next()) {
                (Ok(i), Some(c), None) if i < chars.len() => chars[i] = c,
                _ => return Err(unexpected(at, "fixes such as 20劃 within the line", line)),
            }
        }
        Ok(leak(chars.into_iter().collect()))
    }

    /// `partial` with its Traditional wording made from its Simplified one by the map, when
    /// the table has a map and the entry no `ask-hant` line.
    fn with_traditional(&self, mut partial: Partial) -> Result<Partial, TableError> {
        if let (false, Some(hans), false) = (
            partial.has(TRADITIONAL),
            partial.1,
            self.to_traditional.is_empty(),
        ) {
            let hant = leak(self.traditional(hans));
            partial.0.push((TRADITIONAL, wording_of(hant, 0)?));
        }
        Ok(partial)
    }

    /// Ends the entry being read: a slot or a general question must have all three wordings.
    fn close(&mut self, open: Open) -> Result<(), TableError> {
        match open {
            Open::Nothing | Open::Frame => Ok(()),
            Open::Slot(partial) => {
                let partial = self.with_traditional(partial)?;
                let frame = self.frames.last_mut();
                let Some((name, slot)) = frame.and_then(|f| Some((f.name, f.slots.last_mut()?)))
                else {
                    return Ok(());
                };
                let entry = format!("frame {name}, slot {}", slot.name);
                slot.wording = partial.finish(&entry, &self.languages)?;
                Ok(())
            }
            Open::General(which, priority, kind, partial) => {
                let partial = self.with_traditional(partial)?;
                let wording = partial.finish(&format!("general {which:?}"), &self.languages)?;
                if self.general(which).is_some() {
                    return Err(entry(format!("general {which:?}"), "given twice"));
                }
                self.general.push((
                    which,
                    GeneralQuestion {
                        priority,
                        kind,
                        wording,
                    },
                ));
                Ok(())
            }
        }
    }

    /// Checks what no single line shows: every frame has a slot and cues, no two frames share
    /// their cues or a name, every general question is there.
    #[cfg(any(test, debug_assertions))]
    fn validate(&self) -> Result<(), TableError> {
        for (i, f) in self.frames.iter().enumerate() {
            let name = format!("frame {}", f.name);
            if f.slots.is_empty() {
                return Err(entry(name, "no slot"));
            }
            if f.en.is_empty() || f.zh.is_empty() {
                return Err(entry(name, "no en or no zh cues"));
            }
            for r in [f.en, f.zh] {
                if r.cues.is_empty() && !r.intents.is_empty() {
                    return Err(entry(name, "intents without cues"));
                }
            }
            if let Some(s) = f
                .slots
                .iter()
                .enumerate()
                .find_map(|(j, s)| f.slots[..j].iter().any(|t| t.name == s.name).then_some(s))
            {
                return Err(entry(name, format!("slot {} given twice", s.name)));
            }
            for other in &self.frames[..i] {
                if other.name == f.name {
                    return Err(entry(name, "given twice"));
                }
                let cues = |f: &Frame| (f.en.cues, f.en.intents, f.zh.cues, f.zh.intents);
                if cues(other) == cues(f) {
                    return Err(entry(
                        name,
                        format!("the same cues as frame {}", other.name),
                    ));
                }
            }
        }
        match GENERAL.iter().find(|(g, _)| self.general(*g).is_none()) {
            Some((_, missing)) => Err(entry(format!("general {missing}"), "missing")),
            None => Ok(()),
        }
    }
}

/// A slot's head: `NAME PRIORITY KIND`.
fn slot_head(value: &'static str, at: usize) -> Result<Slot, TableError> {
    let mut parts = value.split_whitespace();
    let name = parts.next().filter(|n| is_name(n));
    let Some(name) = name else {
        return Err(unexpected(
            at,
            "a slot name (lower-case words joined by -)",
            value,
        ));
    };
    let priority = priority_of(parts.next(), at)?;
    let kind = kind_of(parts.next(), at)?;
    if let Some(extra) = parts.next() {
        return Err(unexpected(at, "nothing after the slot's kind", extra));
    }
    Ok(Slot {
        name,
        priority,
        kind,
        en: Filling::default(),
        zh: Filling::default(),
        covered_by: None,
        wording: Wordings::default(),
    })
}

/// One filling or cover line of a slot.
fn slot_field(
    slot: &mut Slot,
    key: &str,
    value: &'static str,
    at: usize,
    line: &str,
) -> Result<(), TableError> {
    match key {
        "en-filled" => set_once(&mut slot.en.words, value, at, line),
        "zh-filled" => set_once(&mut slot.zh.words, value, at, line),
        "en-by" | "zh-by" => {
            let patterns = value
                .split_whitespace()
                .map(|p| pattern_of(p).ok_or_else(|| unexpected(at, PATTERNS, p)))
                .collect::<Result<Vec<_>, _>>()?;
            let filling = if key == "en-by" {
                &mut slot.en
            } else {
                &mut slot.zh
            };
            if !filling.patterns.is_empty() || patterns.is_empty() {
                return Err(unexpected(at, "one non-empty line of patterns", line));
            }
            filling.patterns = patterns;
            Ok(())
        }
        "covered-by" if slot.covered_by.is_none() => {
            slot.covered_by = Some(match value {
                "material" => Cover::Material,
                "recency" => Cover::Recency,
                "measure" => Cover::Measure,
                _ => return Err(unexpected(at, "material, recency or measure", value)),
            });
            Ok(())
        }
        _ => Err(unexpected(
            at,
            "en-filled, en-by, zh-filled, zh-by, covered-by or ask-en/hans/hant",
            line,
        )),
    }
}

const PATTERNS: &str =
    "a pattern: time number count place topic name place-name quote material amount described";

/// Each pattern by its name in the data file.
const PATTERN_NAMES: [(&str, Pattern); 11] = [
    ("time", Pattern::Time),
    ("number", Pattern::Number),
    ("count", Pattern::Count),
    ("place", Pattern::Place),
    ("topic", Pattern::Topic),
    ("name", Pattern::Name),
    ("place-name", Pattern::PlaceName),
    ("quote", Pattern::Quote),
    ("material", Pattern::Material),
    ("amount", Pattern::Amount),
    ("described", Pattern::Described),
];

impl Pattern {
    /// The pattern's name in the data file ("time", "place-name").
    pub(crate) fn name(self) -> &'static str {
        PATTERN_NAMES
            .iter()
            .find(|(_, p)| *p == self)
            .map(|(name, _)| *name)
            .unwrap_or_default()
    }
}

fn pattern_of(word: &str) -> Option<Pattern> {
    PATTERN_NAMES
        .iter()
        .find(|(name, _)| *name == word)
        .map(|&(_, p)| p)
}

fn priority_of(word: Option<&str>, at: usize) -> Result<Priority, TableError> {
    match word {
        Some("critical") => Ok(Priority::Critical),
        Some("important") => Ok(Priority::Important),
        Some("helpful") => Ok(Priority::Helpful),
        other => Err(unexpected(
            at,
            "critical, important or helpful",
            other.unwrap_or(""),
        )),
    }
}

fn kind_of(word: Option<&str>, at: usize) -> Result<Kind, TableError> {
    match word {
        Some("param") => Ok(Kind::UnderspecifiedParameter),
        Some("ambiguous") => Ok(Kind::AmbiguousReference),
        Some("request") => Ok(Kind::UnderspecifiedRequest),
        Some("pronoun") => Ok(Kind::PronounWithoutAntecedent),
        Some("missing") => Ok(Kind::MissingContext),
        other => Err(unexpected(
            at,
            "param, ambiguous, request, pronoun or missing",
            other.unwrap_or(""),
        )),
    }
}

include!("frame_keys.rs");

/// The tags of the two Chinese scripts, whose wordings the compact form relates (a Traditional
/// line made from its Simplified one).
const SIMPLIFIED: &str = "zh-Hans";
const TRADITIONAL: &str = "zh-Hant";
include!(concat!(env!("OUT_DIR"), "/words.rs"));

/// The key that a one-letter key of the compact form stands for ([`SHORT_KEYS`]); any other key
/// as it is.
fn long_key(key: &'static str) -> &'static str {
    SHORT_KEYS
        .iter()
        .find(|(_, short)| *short == key)
        .map_or(key, |(long, _)| long)
}

/// `TEXT | WHY | OPTION; OPTION… | ASSUMPTION`, with 0 or 2–4 options.
fn wording_of(value: &'static str, at: usize) -> Result<Wording, TableError> {
    let parts: Vec<&'static str> = value.split('|').map(str::trim).collect();
    let [text, why, options, assumption] = parts[..] else {
        return Err(unexpected(at, "TEXT | WHY | OPTIONS | ASSUMPTION", value));
    };
    if [text, why, assumption].iter().any(|s| s.is_empty()) {
        return Err(unexpected(at, "a text, a reason and an assumption", value));
    }
    let options: Vec<&'static str> = if options.is_empty() {
        Vec::new()
    } else {
        options.split(';').map(str::trim).collect()
    };
    if options.len() == 1 || options.len() > 4 || options.iter().any(|o| o.is_empty()) {
        return Err(unexpected(
            at,
            "no option or 2 to 4 non-empty options",
            value,
        ));
    }
    Ok(Wording {
        text,
        why,
        options,
        assumption,
    })
}

/// The `map` line: pairs of a Simplified and a Traditional character, sorted by the first.
fn map_of(value: &str, at: usize) -> Result<Vec<(char, char)>, TableError> {
    let chars: Vec<char> = value.chars().collect();
    let pairs: Vec<(char, char)> = chars
        .chunks(2)
        .filter_map(|p| Some((p[0], *p.get(1)?)))
        .collect();
    let sorted = pairs.windows(2).all(|p| p[0].0 < p[1].0);
    if !chars.len().is_multiple_of(2) || pairs.is_empty() || !sorted {
        return Err(unexpected(
            at,
            "pairs of characters, sorted by the first",
            value,
        ));
    }
    Ok(pairs)
}

/// The words of `list`, sorted.
fn sorted(list: &'static str) -> Vec<&'static str> {
    let mut words: Vec<&'static str> = super::list(list).collect();
    words.sort_unstable();
    words
}

/// A text made when the table is read, kept for the program's life like the table itself
/// (read once into a static).
fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

fn set_once(
    field: &mut &'static str,
    value: &'static str,
    at: usize,
    line: &str,
) -> Result<(), TableError> {
    if !field.is_empty() || value.is_empty() {
        return Err(unexpected(at, "one non-empty line of this field", line));
    }
    *field = value;
    Ok(())
}

/// Lower-case ASCII words joined by `-`.
fn is_name(s: &str) -> bool {
    !s.is_empty()
        && s.split('-').all(|w| {
            !w.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

/// The error of line `line`: what it should have been, and what it was. The words are for the
/// table's author, who reads them in the tests and debug builds; a release build, which can
/// only embed a table the tests read, keeps the line's number alone (the words cost about 300
/// bytes of the app's gzip).
#[inline(always)]
fn unexpected(line: usize, expected: &'static str, found: &str) -> TableError {
    let explained = cfg!(any(test, debug_assertions));
    TableError::Line {
        line,
        expected: if explained { expected } else { "" },
        found: if explained { found } else { "" }.to_owned(),
    }
}

fn entry(entry: String, problem: impl Into<String>) -> TableError {
    TableError::Entry {
        entry,
        problem: problem.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The embedded blob, decoded and merged: the compact form's lines.
    fn text() -> &'static str {
        leak(merged(&decoded(super::super::KNOWLEDGE)))
    }

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

    #[test]
    fn the_compact_bytes_decode_to_text_and_damage_never_panics() {
        assert_eq!(decoded(b"K trip\n"), "K trip\n");
        // 旅 is U+65C5: offset 0x17C5 from U+4E00.
        assert_eq!(decoded(&[0x97, 0xC5, OTHER_BASE + 3]), "旅。");
        assert_eq!(decoded(&[b'a', 0x97]), "a\u{FFFD}");
        assert_eq!(decoded(&[0xFF]), "\u{FFFD}");
        // Any other character: RAW_UTF8, then its UTF-8 ("ñ" is C3 B1).
        assert_eq!(decoded(&[b'a', RAW_UTF8, 0xC3, 0xB1, b'b']), "añb");
        assert_eq!(decoded(&[RAW_UTF8, 0xE3, 0x83]), "\u{FFFD}");
        assert!(text().contains("旅行") && text().contains("？"));
    }

    proptest::proptest! {
        /// Whatever bytes the stored table holds, they decode, merge and parse (or fail to)
        /// without a panic.
        #[test]
        fn any_stored_bytes_are_read_without_panicking(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..400),
            cut in 0usize..=1,
        ) {
            let mut stored = super::super::KNOWLEDGE[..super::super::KNOWLEDGE.len().min(2_000)].to_vec();
            stored.extend(&bytes);
            stored.truncate(stored.len().saturating_sub(cut));
            let text = merged(&decoded(&stored));
            let _ = Table::parse(Box::leak(text.into_boxed_str()));
            let _ = merged(&decoded(&bytes));
        }
    }

    #[test]
    fn the_blocks_go_back_into_their_lines_and_a_short_block_never_panics() {
        let stored = "K trip\nE \nH \nS length critical param\n\0How long?\0多久？";
        assert_eq!(
            merged(stored),
            "K trip\nE How long?\nH 多久？\nS length critical param\n"
        );
        assert_eq!(merged("E \nH \n"), "E \nH \n");
    }

    #[test]
    fn the_shipped_table_reads_without_error() {
        let table = Table::parse(text()).unwrap_or_else(|e| panic!("{e}"));
        assert!(!table.frames.is_empty());
        assert_eq!(shipped().frames.len(), table.frames.len());
    }

    /// What a table says, line by line, with each word list's words sorted (their order means
    /// nothing).
    fn said(table: &Table) -> Vec<String> {
        let words = |list: &str| {
            let mut w: Vec<&str> = super::super::list(list).collect();
            w.sort_unstable();
            w.join(" ")
        };
        let mut out = Vec::new();
        for f in &table.frames {
            let (en, zh) = (f.en, f.zh);
            out.push(format!(
                "frame {} | {} | {} | {} | {} | {:?} | {}",
                f.name,
                words(en.cues),
                words(en.intents),
                words(zh.cues),
                words(zh.intents),
                f.replaces,
                f.only_alone
            ));
            for s in &f.slots {
                out.push(format!(
                    "slot {} {:?} {:?} | {} {:?} | {} {:?} | {:?}",
                    s.name,
                    s.priority,
                    s.kind,
                    words(s.en.words),
                    s.en.patterns,
                    words(s.zh.words),
                    s.zh.patterns,
                    s.covered_by
                ));
                out.extend(s.wording.0.iter().map(|w| format!("{w:?}")));
            }
        }
        for (g, q) in &table.general {
            out.push(format!("general {g:?} {:?} {:?}", q.priority, q.kind));
            out.extend(q.wording.0.iter().map(|w| format!("{w:?}")));
        }
        out
    }

    /// A listed word that the matching reaches through another word of its list only costs
    /// bytes: an English inflection of a listed stem ("hotels" beside "hotel"), a Chinese word
    /// that holds a listed one (预订 beside 订).
    #[test]
    fn the_lists_hold_no_word_their_matching_already_reaches() {
        let table = Table::parse(authored()).unwrap_or_else(|e| panic!("{e}"));
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

    /// The embedded compact form gives the authored table: every wording (each Traditional one
    /// the map makes is the authored line, character for character), every word of every list.
    #[test]
    fn the_compact_form_says_what_the_authored_table_says() {
        let authored = Table::parse(authored()).unwrap_or_else(|e| panic!("{e}"));
        let compact = Table::parse(text()).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            super::super::KNOWLEDGE.len() < super::authored().len() * 9 / 10,
            "the compact form is no smaller"
        );
        let (a, c) = (said(&authored), said(&compact));
        assert_eq!(a.len(), c.len());
        for (a, c) in a.iter().zip(&c) {
            assert_eq!(a, c);
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

    /// A table made of `body` after a valid general section.
    fn with(body: &str) -> Result<Table, TableError> {
        let general: String = GENERAL
            .iter()
            .map(|(_, name)| {
                format!(
                    "general {name} critical request\n\
                     ask-en A? | B. | | C.\nask-hans 甲？ | 乙。 | | 丙。\nask-hant 甲？ | 乙。 | | 丙。\n"
                )
            })
            .collect();
        Table::parse(Box::leak(format!("{body}\n{general}").into_boxed_str()))
    }

    const GOOD: &str = "frame trip\nen trip\nzh 旅行\nslot days critical param\n\
        en-by number\nask-en How long? | It matters. | A week; Two weeks | Assume a week.\n\
        ask-hans 多久？ | 重要。 | 一周; 两周 | 假设一周。\nask-hant 多久？ | 重要。 | 一週; 兩週 | 假設一週。\n";

    #[test]
    fn a_complete_entry_reads_into_typed_fields() {
        let table = with(GOOD).unwrap_or_else(|e| panic!("{e}"));
        let slot = &table.frames[0].slots[0];
        assert_eq!(slot.en.patterns, vec![Pattern::Number]);
        assert_eq!(slot.priority, Priority::Critical);
        assert_eq!(
            slot.wording.get(Script::Traditional).options,
            vec!["一週", "兩週"]
        );
    }

    /// A language of the `languages` line is one more column: its `ask-` lines are read under
    /// its tag, and an entry without one is refused.
    #[test]
    fn a_language_line_adds_a_column_of_wordings() {
        let general: String = GENERAL
            .iter()
            .map(|(_, name)| {
                format!(
                    "general {name} critical request\nask-en A? | B. | | C.\n\
                     ask-hans 甲？ | 乙。 | | 丙。\nask-hant 甲？ | 乙。 | | 丙。\nask-es ¿A? | B. | | C.\n"
                )
            })
            .collect();
        let slot_es = "ask-es ¿Cuánto? | Importa. | Una; Dos | Una semana.\n";
        let text = format!("languages en zh-Hans zh-Hant es\n{GOOD}{slot_es}{general}");
        let table = Table::parse(leak(text)).unwrap_or_else(|e| panic!("{e}"));
        let wording = &table.frames[0].slots[0].wording;
        let tags: Vec<&str> = wording.0.iter().map(|(t, _)| *t).collect();
        assert_eq!(tags, ["en", "zh-Hans", "zh-Hant", "es"]);
        assert_eq!(wording.0[3].1.text, "¿Cuánto?");
        let missing = format!("languages en zh-Hans zh-Hant es\n{GOOD}{general}");
        assert!(Table::parse(leak(missing)).is_err());
    }

    #[test]
    fn a_fix_line_gives_the_traditional_wording_with_its_characters_in_place() {
        let body = format!(
            "map 两兩周週设設\n{}",
            GOOD.replace(
                "ask-hant 多久？ | 重要。 | 一週; 兩週 | 假設一週。",
                "fix 0长 17周"
            )
        );
        let table = with(&body).unwrap_or_else(|e| panic!("{e}"));
        let hant = table.frames[0].slots[0].wording.get(Script::Traditional);
        assert_eq!(hant.text, "长久？");
        assert_eq!(hant.options, vec!["一週", "兩周"]);
        for bad in ["fix 99長", "fix 0", "fix 長", "fix 0長長"] {
            let body = format!(
                "map 周週\n{}",
                GOOD.replace("ask-hant 多久？ | 重要。 | 一週; 兩週 | 假設一週。", bad)
            );
            assert!(with(&body).is_err(), "{bad}");
        }
    }

    #[test]
    fn malformed_or_incomplete_entries_are_refused() {
        let broken = [
            // A script's wording missing.
            GOOD.replace("ask-hant 多久？ | 重要。 | 一週; 兩週 | 假設一週。\n", ""),
            // One option.
            GOOD.replace("A week; Two weeks", "A week"),
            // Five options.
            GOOD.replace("A week; Two weeks", "A; B; C; D; E"),
            // Options differing in number between scripts.
            GOOD.replace("一周; 两周", "一周; 两周; 三周"),
            // No assumption.
            GOOD.replace(" | Assume a week.", " | "),
            // An unknown pattern, priority, key.
            GOOD.replace("en-by number", "en-by #number"),
            GOOD.replace("critical param", "urgent param"),
            GOOD.replace("en-by number", "en-by number\nen-when 7pm"),
            // No English or no Chinese cues; intents without cues; no slot.
            GOOD.replace("en trip\n", ""),
            GOOD.replace("zh 旅行\n", ""),
            GOOD.replace("en trip\n", "en-if plan\n"),
            "frame trip\nen trip\n".to_owned(),
            // A frame replacing one that does not exist, or itself.
            GOOD.replace("zh 旅行\n", "zh 旅行\nreplaces nothing\n"),
            GOOD.replace("zh 旅行\n", "zh 旅行\nreplaces trip\n"),
            GOOD.replace("zh 旅行\n", "zh 旅行\nonly-alone yes\n"),
            // Two frames with the same cues.
            format!("{GOOD}{}", GOOD.replace("frame trip", "frame journey")),
        ];
        for table in broken {
            assert!(with(&table).is_err(), "accepted:\n{table}");
        }
        assert!(Table::parse(GOOD).is_err(), "no general questions");
    }
}
