//! The schema of the detector's data file, `core/data/detector.toml`, and its checks: read by
//! `core/build.rs` (included with `#[path]`), which refuses a bad entry by naming it and what
//! was expected, and by the crate's tests.
//!
//! Languages are columns: every wording is a table keyed by a language tag of `languages`
//! (`ask.en`, `ask.zh-Hans`…), and every cue or filling list by a tag of `cue-languages`
//! (`cues.en`, `filled.zh`). Word lists are strings of words separated by spaces.
//!
//! The build puts the checked file in the shape of the detector's table ([`stored`]) and
//! serializes it for the crate to embed (`build.rs`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The whole file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Detector {
    /// The languages every wording is written in (`en` first).
    pub languages: Vec<String>,
    /// The languages the matcher reads cues in ([`CUE_LANGUAGES`] lists those it knows).
    pub cue_languages: Vec<String>,
    /// Named word lists a slot fills from (`vocabularies = ["currencies"]`), by language.
    #[serde(default)]
    pub vocabulary: BTreeMap<String, BTreeMap<String, String>>,
    #[serde(default)]
    pub frame: Vec<Frame>,
    /// The questions not tied to a slot: `fallback`, `pronoun` and the rules' (`name`,
    /// `paste`, `which-material`, `recency`, `measure`, `compare`, `goal`).
    #[serde(default)]
    pub general: Vec<General>,
    /// Well-known names that commonly mean several things ("Georgia", "Java").
    #[serde(default)]
    pub name: Vec<Name>,
    /// The word lists the rules and the matcher read, by name (`Words::Name` in the Rust):
    /// words separated by spaces or line breaks.
    #[serde(default)]
    pub words: BTreeMap<String, String>,
    /// Latin-script languages the detector does not read, told by their own common words.
    #[serde(default)]
    pub unread_language: Vec<UnreadLanguage>,
    /// Scripts of languages the detector does not read, by their Unicode blocks.
    #[serde(default)]
    pub unread_script: Vec<UnreadLetters>,
    /// Latin-script languages the detector does not read, told by letters only they write.
    #[serde(default)]
    pub unread_letters: Vec<UnreadLetters>,
    /// The languages read by their columns alone (`ja`, `ko`, `es`, `fr`, `de`, `pt`, `it`):
    /// per frame and slot of `frame`, the language's cues, filling words and questions, with its
    /// vocabularies and the material rule's words. Checked by `core/columns.rs`, in the build
    /// script only: the crate's tests read the schema without it.
    #[serde(default)]
    #[cfg_attr(test, allow(dead_code))]
    pub columns: BTreeMap<String, toml::Table>,
}

/// A language the detector does not read and its common words that English does not write.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnreadLanguage {
    /// How the trace names it ("Spanish").
    pub name: String,
    /// In byte order, at most 64, each at most 8 bytes.
    pub words: String,
}

/// A language or script the detector does not read, told by its letters.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnreadLetters {
    /// How the trace names it ("Greek", "Cyrillic script").
    pub name: String,
    /// Letters, each one of it.
    #[serde(default)]
    pub letters: String,
    /// Unicode blocks of its letters, as hexadecimal ranges ("0370-03FF").
    #[serde(default)]
    pub blocks: Vec<String>,
}

impl UnreadLetters {
    /// Its letters and blocks as ranges of characters, a letter a range of one; `None` for a
    /// block that is not two hexadecimal characters joined by `-`, in order.
    fn ranges(&self) -> Option<Vec<(char, char)>> {
        let block = |b: &String| {
            let (from, to) = b.split_once('-')?;
            let hex = |h: &str| char::from_u32(u32::from_str_radix(h, 16).ok()?);
            Some((hex(from)?, hex(to)?)).filter(|(from, to)| from <= to)
        };
        let letters = self.letters.chars().map(|c| Some((c, c)));
        letters.chain(self.blocks.iter().map(block)).collect()
    }
}

/// An ambiguous name and its meanings.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Name {
    /// As written, capitalised.
    pub name: String,
    /// Two to four.
    pub meaning: Vec<Meaning>,
}

/// One meaning of an ambiguous name.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Meaning {
    /// The option that names it, by language.
    pub label: BTreeMap<String, String>,
    /// Lower-case words of a request that pick this meaning, by cue language.
    pub picked_by: BTreeMap<String, String>,
}

/// A kind of task.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Frame {
    pub name: String,
    /// Words naming the task's subject, by cue language.
    #[serde(default)]
    pub cues: BTreeMap<String, String>,
    /// Words making it a request to do the task, by cue language (none: any request).
    #[serde(default)]
    pub intents: BTreeMap<String, String>,
    /// Phrases naming the task as a cue does, whose words say it only together, joined by "+"
    /// ("near+me"), by cue language; English only, as Chinese cues are read as substrings.
    #[serde(default)]
    pub phrases: BTreeMap<String, String>,
    /// More general frames whose questions give way to this one's.
    #[serde(default)]
    pub replaces: Vec<String>,
    /// A catch-all that gives way to any frame that is not one.
    #[serde(default)]
    pub only_alone: bool,
    /// Its critical slots are asked of a question too.
    #[serde(default)]
    pub outright: bool,
    #[serde(default)]
    pub slot: Vec<Slot>,
}

/// One fact a complete request of the frame's kind gives, and its question.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Slot {
    pub name: String,
    pub priority: Priority,
    pub kind: Kind,
    /// Words that fill it, by cue language.
    #[serde(default)]
    pub filled: BTreeMap<String, String>,
    /// Vocabularies whose words fill it too.
    #[serde(default)]
    pub vocabularies: Vec<String>,
    /// Typed patterns that fill it, by cue language.
    #[serde(default)]
    pub by: BTreeMap<String, Vec<Pattern>>,
    /// A rule whose question already asks it.
    pub covered_by: Option<Cover>,
    /// It says what the piece the request asks for is (a text's topic, its audience), not a
    /// fact of the user's world: an earlier request for another piece does not give it.
    #[serde(default)]
    pub piece: bool,
    /// A question about the general rule still needs it: there is no rule without it (a visa's
    /// country: "签证一般要办多久").
    #[serde(default)]
    pub general: bool,
    /// Its filling words name the kind's own thing (a medicine by its name): the thing also
    /// named only by the kind's own word ("my medication", 降压药) is another, still unnamed.
    #[serde(default)]
    pub instance: bool,
    /// Its question, by language.
    pub ask: BTreeMap<String, Wording>,
}

/// A question in one language.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Wording {
    pub text: String,
    pub why: String,
    /// None, or two to four.
    pub options: Vec<String>,
    pub assume: String,
}

/// A question not tied to a slot.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct General {
    pub name: GeneralName,
    pub priority: Priority,
    pub kind: Kind,
    pub ask: BTreeMap<String, Wording>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GeneralName {
    Fallback,
    Pronoun,
    Name,
    Paste,
    WhichMaterial,
    Recency,
    Measure,
    Compare,
    Goal,
    Figures,
    Describe,
    Thing,
    Made,
    Part,
    Person,
    Picked,
    Unanswered,
    Failed,
    Unnamed,
    Placeholders,
    Value,
    Resize,
}

/// Every general question, each of which the detector asks.
const GENERAL_NAMES: [GeneralName; 22] = [
    GeneralName::Fallback,
    GeneralName::Pronoun,
    GeneralName::Name,
    GeneralName::Paste,
    GeneralName::WhichMaterial,
    GeneralName::Recency,
    GeneralName::Measure,
    GeneralName::Compare,
    GeneralName::Goal,
    GeneralName::Figures,
    GeneralName::Describe,
    GeneralName::Thing,
    GeneralName::Made,
    GeneralName::Part,
    GeneralName::Person,
    GeneralName::Picked,
    GeneralName::Unanswered,
    GeneralName::Failed,
    GeneralName::Unnamed,
    GeneralName::Placeholders,
    GeneralName::Value,
    GeneralName::Resize,
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Priority {
    Critical,
    Important,
    Helpful,
}

/// The kind of vagueness an open slot is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Param,
    Ambiguous,
    Request,
    Pronoun,
    Missing,
}

/// A computed way for a request to fill a slot (the typed vocabularies the matcher computes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pattern {
    Time,
    Number,
    Count,
    Place,
    Topic,
    Name,
    PlaceName,
    Quote,
    Material,
    Amount,
    Percentage,
    Described,
    Route,
    Destination,
    Story,
    Object,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cover {
    Material,
    Recency,
    Measure,
}

/// The cue languages the matcher reads: `en` word by word, `zh` as substrings.
pub const CUE_LANGUAGES: [&str; 2] = ["en", "zh"];

/// The file `text`, read and checked: an error names the first bad entry and what was expected.
pub fn read(text: &str) -> Result<Detector, String> {
    let detector: Detector = toml::from_str(text).map_err(|e| e.to_string())?;
    check(&detector)?;
    Ok(detector)
}

/// Every check no single field's type makes: names, references, languages, option counts.
pub fn check(d: &Detector) -> Result<(), String> {
    check_languages(d)?;
    for (name, lists) in &d.vocabulary {
        check_name("vocabulary", name)?;
        check_lists(&format!("vocabulary {name}"), "words", lists, d)?;
    }
    for (i, f) in d.frame.iter().enumerate() {
        check_frame(f, &d.frame[..i], d)?;
    }
    for (i, g) in d.general.iter().enumerate() {
        let entry = format!("general {}", lower(g.name));
        if d.general[..i].iter().any(|h| h.name == g.name) {
            return Err(format!(
                "{entry}: given twice (expected one entry per name)"
            ));
        }
        check_wordings(&entry, &g.ask, d)?;
    }
    for (i, n) in d.name.iter().enumerate() {
        check_ambiguous_name(n, &d.name[..i], d)?;
    }
    for u in &d.unread_language {
        check_unread(u, d)?;
    }
    for (what, list) in [
        ("unread-script", &d.unread_script),
        ("unread-letters", &d.unread_letters),
    ] {
        for u in list {
            let entry = format!("{what} {:?}", u.name);
            if u.name.trim().is_empty() || u.letters.contains(char::is_whitespace) {
                return Err(format!(
                    "{entry}: expected a name and letters with no space"
                ));
            }
            if u.ranges().is_none_or(|r| r.is_empty()) {
                return Err(format!(
                    "{entry}: expected letters or blocks such as \"0370-03FF\""
                ));
            }
        }
    }
    for (name, list) in &d.words {
        check_name("words", name)?;
        if list.split_whitespace().next().is_none() {
            return Err(format!("words {name}: empty (expected words)"));
        }
    }
    for needed in GENERAL_NAMES {
        if !d.general.iter().any(|g| g.name == needed) {
            let name = lower(needed);
            return Err(format!(
                "general {name}: missing (expected a [[general]] entry named {name:?})"
            ));
        }
    }
    Ok(())
}

fn check_languages(d: &Detector) -> Result<(), String> {
    if d.languages.first().map(String::as_str) != Some("en") {
        return Err(format!(
            "languages: expected \"en\" first, found {:?}",
            d.languages
        ));
    }
    for (i, tag) in d.languages.iter().enumerate() {
        if d.languages[..i].contains(tag) {
            return Err(format!("languages: {tag:?} given twice"));
        }
        let well_formed = tag.split('-').all(|part| {
            (1..=8).contains(&part.len()) && part.bytes().all(|b| b.is_ascii_alphanumeric())
        }) && tag.starts_with(|c: char| c.is_ascii_lowercase());
        if !well_formed || tag == "hans" || tag == "hant" {
            return Err(format!(
                "languages: {tag:?} (expected a language tag such as \"ja\" or \"zh-Hans\")"
            ));
        }
    }
    for tag in &d.cue_languages {
        if !CUE_LANGUAGES.contains(&tag.as_str()) {
            return Err(format!(
                "cue-languages: the matcher reads no {tag:?} (expected one of {CUE_LANGUAGES:?})"
            ));
        }
    }
    Ok(())
}

fn check_frame(f: &Frame, before: &[Frame], d: &Detector) -> Result<(), String> {
    check_name("frame", &f.name)?;
    let entry = format!("frame {}", f.name);
    if before.iter().any(|g| g.name == f.name) {
        return Err(format!(
            "{entry}: given twice (expected unique frame names)"
        ));
    }
    check_lists(&entry, "cues", &f.cues, d)?;
    check_lists(&entry, "intents", &f.intents, d)?;
    check_lists(&entry, "phrases", &f.phrases, d)?;
    if let Some(tag) = f.phrases.keys().find(|t| *t != "en") {
        return Err(format!("{entry}: phrases.{tag} (expected phrases.en only)"));
    }
    // English phrases alone may name a kind ("my+age"): no single word of theirs does.
    for tag in &d.cue_languages {
        if !f.cues.contains_key(tag) && !f.phrases.contains_key(tag) {
            return Err(format!(
                "{entry}: no cues.{tag} (expected cues or phrases in every cue language)"
            ));
        }
    }
    if let Some(other) = before
        .iter()
        .find(|g| g.cues == f.cues && g.intents == f.intents)
    {
        return Err(format!(
            "{entry}: the same cues and intents as frame {}",
            other.name
        ));
    }
    for target in &f.replaces {
        if *target == f.name || !d.frame.iter().any(|g| g.name == *target) {
            return Err(format!(
                "{entry}: replaces {target:?} (expected another frame's name)"
            ));
        }
    }
    if f.slot.is_empty() {
        return Err(format!(
            "{entry}: no slot (expected at least one [[frame.slot]])"
        ));
    }
    for (i, s) in f.slot.iter().enumerate() {
        check_name(&format!("{entry}, slot"), &s.name)?;
        let entry = format!("{entry}, slot {}", s.name);
        if f.slot[..i].iter().any(|t| t.name == s.name) {
            return Err(format!(
                "{entry}: given twice (expected unique slot names in a frame)"
            ));
        }
        check_lists(&entry, "filled", &s.filled, d)?;
        for (tag, patterns) in &s.by {
            if !d.cue_languages.contains(tag) || patterns.is_empty() {
                return Err(format!(
                    "{entry}: by.{tag} (expected a non-empty list in a cue language)"
                ));
            }
        }
        for v in &s.vocabularies {
            if !d.vocabulary.contains_key(v) {
                return Err(format!(
                    "{entry}: vocabulary {v:?} (expected a [vocabulary.{v}] table)"
                ));
            }
        }
        check_wordings(&entry, &s.ask, d)?;
    }
    Ok(())
}

/// An ambiguous name: a capitalised word, given once, with two to four meanings, each labelled
/// in every language and picked by some words.
fn check_ambiguous_name(n: &Name, before: &[Name], d: &Detector) -> Result<(), String> {
    let entry = format!("name {:?}", n.name);
    let capitalised = n
        .name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_uppercase())
        && n.name.chars().all(|c| c.is_ascii_alphanumeric());
    if !capitalised {
        return Err(format!("{entry}: expected one ASCII word with its capital"));
    }
    if before.iter().any(|m| m.name == n.name) {
        return Err(format!("{entry}: given twice"));
    }
    if !(2..=4).contains(&n.meaning.len()) {
        return Err(format!(
            "{entry}: {} meanings (expected 2 to 4)",
            n.meaning.len()
        ));
    }
    for m in &n.meaning {
        let english = m.label.get("en").map_or("", String::as_str);
        let at = format!("{entry}, meaning {english:?}");
        for tag in &d.languages {
            if m.label
                .get(tag)
                .is_none_or(|l| l.trim().is_empty() || l.contains('\n'))
            {
                return Err(format!(
                    "{at}: no label.{tag} (expected a label in every language)"
                ));
            }
        }
        if let Some(tag) = m.label.keys().find(|t| !d.languages.contains(t)) {
            return Err(format!(
                "{at}: label.{tag} (expected a language of {:?})",
                d.languages
            ));
        }
        check_lists(&at, "picked-by", &m.picked_by, d)?;
        if m.picked_by.keys().ne(["en"]) {
            return Err(format!(
                "{at}: expected picked-by.en alone (names are read in English)"
            ));
        }
    }
    Ok(())
}

/// A language not read: a name, and at most 64 words of at most 8 bytes in byte order (read
/// into a stack buffer, counted in a 64-bit set), none of them in `english-common`.
fn check_unread(u: &UnreadLanguage, d: &Detector) -> Result<(), String> {
    let entry = format!("unread-language {:?}", u.name);
    if u.name.is_empty() || !u.name.chars().all(|c| c.is_ascii_alphabetic()) {
        return Err(format!("{entry}: expected a name of letters"));
    }
    let words: Vec<&str> = u.words.split_whitespace().collect();
    if words.is_empty() || words.len() > 64 || words.iter().any(|w| w.len() > 8) {
        return Err(format!(
            "{entry}: expected 1 to 64 words of at most 8 bytes"
        ));
    }
    if let Some(w) = words.windows(2).find(|w| w[0] >= w[1]) {
        return Err(format!(
            "{entry}: {:?} before {:?} (expected byte order)",
            w[0], w[1]
        ));
    }
    let english = d.words.get("english-common").map_or("", String::as_str);
    if let Some(w) = words
        .iter()
        .find(|w| english.split_whitespace().any(|e| e == **w))
    {
        return Err(format!(
            "{entry}: {w:?} is in english-common too (expected words English does not write)"
        ));
    }
    Ok(())
}

/// Word lists keyed by cue language: known languages, words present.
fn check_lists(
    entry: &str,
    field: &str,
    lists: &BTreeMap<String, String>,
    d: &Detector,
) -> Result<(), String> {
    for (tag, words) in lists {
        if !d.cue_languages.contains(tag) {
            return Err(format!(
                "{entry}: {field}.{tag} (expected a language of cue-languages {:?})",
                d.cue_languages
            ));
        }
        if words.split_whitespace().next().is_none() {
            return Err(format!("{entry}: {field}.{tag} is empty (expected words)"));
        }
    }
    Ok(())
}

/// A question's wordings: one per language of the file, each complete, with the same number of
/// options (none, or two to four).
fn check_wordings(
    entry: &str,
    ask: &BTreeMap<String, Wording>,
    d: &Detector,
) -> Result<(), String> {
    for tag in ask.keys() {
        if !d.languages.contains(tag) {
            return Err(format!(
                "{entry}: ask.{tag} (expected a language of languages {:?})",
                d.languages
            ));
        }
    }
    let mut count = None;
    for tag in &d.languages {
        let Some(w) = ask.get(tag) else {
            return Err(format!(
                "{entry}: no ask.{tag} (expected a wording in every language)"
            ));
        };
        let at = format!("{entry}, ask.{tag}");
        for (field, value) in [("text", &w.text), ("why", &w.why), ("assume", &w.assume)] {
            if value.trim().is_empty() || value.contains(['|', '\n']) {
                return Err(format!(
                    "{at}.{field}: expected a non-empty line without '|'"
                ));
            }
        }
        let n = w.options.len();
        if n == 1 || n > 4 {
            return Err(format!("{at}.options: expected none or 2 to 4, found {n}"));
        }
        if w.options
            .iter()
            .any(|o| o.trim().is_empty() || o.contains([';', '|', '\n']))
        {
            return Err(format!(
                "{at}.options: expected non-empty options without ';' or '|'"
            ));
        }
        if *count.get_or_insert(n) != n {
            return Err(format!(
                "{at}.options: {n} options where {} has {}",
                d.languages[0],
                count.unwrap_or(0)
            ));
        }
    }
    Ok(())
}

/// Lower-case ASCII words joined by `-`.
fn check_name(what: &str, name: &str) -> Result<(), String> {
    let ok = !name.is_empty()
        && name.split('-').all(|w| {
            !w.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        });
    if ok {
        Ok(())
    } else {
        Err(format!(
            "{what} {name:?}: expected a name of lower-case words joined by -"
        ))
    }
}

/// The checked file in the shape of the detector's table (`frames::Table` and the types it
/// holds), which `build.rs` serializes with postcard and `Table::read` deserializes. postcard
/// writes a struct's fields by their place and an enum's variant by its index: the structs
/// below have `frames.rs`'s fields in its order, `GeneralName`, `Pattern` and `Cover` its
/// enums' variants in theirs, and a priority or a kind is written as the name the engine's
/// `Priority` and `Kind` read.
#[derive(Debug, Serialize)]
pub struct Stored<'a> {
    frames: Vec<StoredFrame<'a>>,
    general: Vec<(GeneralName, StoredQuestion<'a>)>,
    names: Vec<StoredName<'a>>,
    /// The lists of `words`, in the order of their names, each word between spaces.
    word_lists: Vec<String>,
    unread: Vec<(&'a str, Vec<&'a str>)>,
    unread_scripts: Vec<(&'a str, Vec<(char, char)>)>,
    unread_letters: Vec<(&'a str, Vec<(char, char)>)>,
}

#[derive(Debug, Serialize)]
struct StoredFrame<'a> {
    name: &'a str,
    /// The English and Chinese cues, intents and phrases, each list's words separated by one
    /// space.
    en: (String, String, String),
    zh: (String, String, String),
    /// The frames replaced, by their place in the file.
    replaces: Vec<usize>,
    only_alone: bool,
    outright: bool,
    slots: Vec<StoredSlot<'a>>,
}

#[derive(Debug, Serialize)]
struct StoredSlot<'a> {
    name: &'a str,
    priority: &'static str,
    kind: &'static str,
    /// The English and Chinese filling words (the slot's own and its vocabularies') and
    /// patterns.
    en: (String, Vec<Pattern>),
    zh: (String, Vec<Pattern>),
    covered_by: Option<Cover>,
    piece: bool,
    general: bool,
    instance: bool,
    wording: Vec<(&'a str, StoredWording<'a>)>,
}

#[derive(Debug, Serialize)]
struct StoredWording<'a> {
    text: &'a str,
    why: &'a str,
    options: Vec<&'a str>,
    assumption: &'a str,
}

#[derive(Debug, Serialize)]
struct StoredQuestion<'a> {
    priority: &'static str,
    kind: &'static str,
    wording: Vec<(&'a str, StoredWording<'a>)>,
}

#[derive(Debug, Serialize)]
struct StoredName<'a> {
    name: &'a str,
    /// Each meaning's words of `picked-by.en`, and its labels in the order of `languages`.
    meanings: Vec<(String, Vec<(&'a str, &'a str)>)>,
}

/// `d` in the shape of the detector's table (see [`Stored`]).
pub fn stored(d: &Detector) -> Stored<'_> {
    let frames = d.frame.iter().map(|f| {
        let recognition = |tag: &str| {
            let list = |l: &BTreeMap<String, String>| words_of(l.get(tag));
            (list(&f.cues), list(&f.intents), list(&f.phrases))
        };
        let replaces = f.replaces.iter();
        StoredFrame {
            name: &f.name,
            en: recognition("en"),
            zh: recognition("zh"),
            replaces: replaces
                .filter_map(|r| d.frame.iter().position(|g| g.name == *r))
                .collect(),
            only_alone: f.only_alone,
            outright: f.outright,
            slots: f.slot.iter().map(|s| stored_slot(s, d)).collect(),
        }
    });
    let general = d.general.iter().map(|g| {
        let (priority, kind) = (priority_name(g.priority), kind_name(g.kind));
        let wording = stored_wordings(&g.ask, d);
        (
            g.name,
            StoredQuestion {
                priority,
                kind,
                wording,
            },
        )
    });
    let names = d.name.iter().map(|n| StoredName {
        name: &n.name,
        meanings: (n.meaning.iter())
            .map(|m| (words_of(m.picked_by.get("en")), labels(&m.label, d)))
            .collect(),
    });
    Stored {
        frames: frames.collect(),
        general: general.collect(),
        names: names.collect(),
        word_lists: d
            .words
            .values()
            .map(|l| format!(" {} ", words_of(Some(l))))
            .collect(),
        unread: (d.unread_language.iter())
            .map(|u| (u.name.as_str(), u.words.split_whitespace().collect()))
            .collect(),
        unread_scripts: marks(&d.unread_script),
        unread_letters: marks(&d.unread_letters),
    }
}

/// Each of `list` by its name, with its letters as ranges (checked by [`check`]).
fn marks(list: &[UnreadLetters]) -> Vec<(&str, Vec<(char, char)>)> {
    (list.iter())
        .map(|u| (u.name.as_str(), u.ranges().unwrap_or_default()))
        .collect()
}

fn stored_slot<'a>(s: &'a Slot, d: &'a Detector) -> StoredSlot<'a> {
    let filling = |tag: &str| {
        let vocabularies = s.vocabularies.iter().map(|v| d.vocabulary.get(v)?.get(tag));
        let lists: Vec<&String> = s
            .filled
            .get(tag)
            .into_iter()
            .chain(vocabularies.flatten())
            .collect();
        let words: Vec<String> = lists.into_iter().map(|l| words_of(Some(l))).collect();
        (words.join(" "), s.by.get(tag).cloned().unwrap_or_default())
    };
    StoredSlot {
        name: &s.name,
        priority: priority_name(s.priority),
        kind: kind_name(s.kind),
        en: filling("en"),
        zh: filling("zh"),
        covered_by: s.covered_by,
        piece: s.piece,
        general: s.general,
        instance: s.instance,
        wording: stored_wordings(&s.ask, d),
    }
}

/// A question's wordings in the order of `languages`, each field and option trimmed.
fn stored_wordings<'a>(
    ask: &'a BTreeMap<String, Wording>,
    d: &'a Detector,
) -> Vec<(&'a str, StoredWording<'a>)> {
    let wording = |w: &'a Wording| StoredWording {
        text: w.text.trim(),
        why: w.why.trim(),
        options: w.options.iter().map(|o| o.trim()).collect(),
        assumption: w.assume.trim(),
    };
    (d.languages.iter())
        .filter_map(|tag| Some((tag.as_str(), wording(ask.get(tag)?))))
        .collect()
}

/// A meaning's labels in the order of `languages`.
fn labels<'a>(label: &'a BTreeMap<String, String>, d: &'a Detector) -> Vec<(&'a str, &'a str)> {
    (d.languages.iter())
        .filter_map(|tag| Some((tag.as_str(), label.get(tag)?.trim())))
        .collect()
}

/// A word list's words separated by one space (a list may be written on several lines).
fn words_of(list: Option<&String>) -> String {
    list.map_or(String::new(), |l| {
        l.split_whitespace().collect::<Vec<_>>().join(" ")
    })
}

/// The engine's name of a priority (`Priority` in `protocol/question.rs`).
fn priority_name(p: Priority) -> &'static str {
    match p {
        Priority::Critical => "critical",
        Priority::Important => "important",
        Priority::Helpful => "helpful",
    }
}

/// The engine's name of a kind of vagueness (`Kind` in `detect.rs`).
fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Param => "underspecified_parameter",
        Kind::Ambiguous => "ambiguous_reference",
        Kind::Request => "underspecified_request",
        Kind::Pronoun => "pronoun_without_antecedent",
        Kind::Missing => "missing_context",
    }
}

/// The Rust of the enum naming the file's word lists, in their order in the stored table
/// (`words.rs` in `OUT_DIR`): code that reads a list the file lacks does not compile.
pub fn words_enum(d: &Detector) -> String {
    let mut out = String::from(
        "/// A word list of `[words]` in `core/data/detector.toml` (written by `core/build.rs`).\n\
         #[derive(Debug, Clone, Copy, PartialEq, Eq)]\n\
         #[allow(dead_code, clippy::enum_variant_names)]\n\
         pub(crate) enum Words {\n",
    );
    for name in d.words.keys() {
        let camel: String = name
            .split('-')
            .map(|w| w[..1].to_ascii_uppercase() + &w[1..])
            .collect();
        out.push_str(&format!("    {camel},\n"));
    }
    out.push_str("}\n");
    out
}

/// An enum value's name as the file writes it (`PlaceName` → `place-name`).
fn lower(value: impl std::fmt::Debug) -> String {
    let mut out = String::new();
    for (i, c) in format!("{value:?}").chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('-');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small valid file: one frame of one slot, and the general questions.
    fn good() -> String {
        let general: String = GENERAL_NAMES
            .iter()
            .map(|g| {
                format!(
                    "\n[[general]]\nname = \"{}\"\npriority = \"critical\"\nkind = \"request\"\n\
                     ask.en = {{ text = \"A?\", why = \"B.\", options = [], assume = \"C.\" }}\n\
                     ask.zh-Hans = {{ text = \"甲？\", why = \"乙。\", options = [], assume = \"丙。\" }}\n\
                     ask.zh-Hant = {{ text = \"甲？\", why = \"乙。\", options = [], assume = \"丙。\" }}\n",
                    lower(*g)
                )
            })
            .collect();
        format!("{GOOD_FRAMES}{general}")
    }

    const GOOD_FRAMES: &str = r#"
languages = ["en", "zh-Hans", "zh-Hant"]
cue-languages = ["en", "zh"]

[vocabulary.lengths]
en = "week weekend"

[[frame]]
name = "trip"
cues.en = "trip"
cues.zh = "旅行"

[[frame.slot]]
name = "days"
priority = "critical"
kind = "param"
vocabularies = ["lengths"]
by.en = ["number"]
ask.en = { text = "How long?", why = "It matters.", options = ["A week", "Two weeks"], assume = "Assume a week." }
ask.zh-Hans = { text = "多久？", why = "重要。", options = ["一周", "两周"], assume = "假设一周。" }
ask.zh-Hant = { text = "多久？", why = "重要。", options = ["一週", "兩週"], assume = "假設一週。" }

"#;

    #[test]
    fn a_word_list_on_several_lines_is_stored_as_one() {
        let text = good().replace(
            "vocabularies = [\"lengths\"]",
            "filled.zh = \"\"\"\n天 晚\n周\"\"\"\nvocabularies = [\"lengths\"]",
        );
        let d = read(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(stored(&d).frames[0].slots[0].zh.0, "天 晚 周");
    }

    #[test]
    fn a_good_file_is_stored_in_the_tables_shape() {
        let d = read(&good()).unwrap_or_else(|e| panic!("{e}"));
        let s = stored(&d);
        let frame = &s.frames[0];
        assert_eq!(
            (frame.name, &frame.en.0[..], &frame.zh.0[..]),
            ("trip", "trip", "旅行")
        );
        let slot = &frame.slots[0];
        assert_eq!(
            (slot.priority, slot.kind),
            ("critical", "underspecified_parameter")
        );
        // The slot's vocabulary is among its filling words.
        assert_eq!(slot.en, ("week weekend".to_owned(), vec![Pattern::Number]));
        let tags: Vec<&str> = slot.wording.iter().map(|(t, _)| *t).collect();
        assert_eq!(tags, ["en", "zh-Hans", "zh-Hant"]);
        assert_eq!(slot.wording[2].1.options, ["一週", "兩週"]);
        assert_eq!(s.general.len(), GENERAL_NAMES.len());
    }

    /// A language is a column: adding its tag and its wordings is all a file needs.
    #[test]
    fn another_language_is_one_more_column() {
        let with_es = good()
            .replace("\"zh-Hant\"]", "\"zh-Hant\", \"es\"]")
            .replace(
                "ask.zh-Hant = { text = \"多久？\"",
                "ask.es = { text = \"¿Cuánto tiempo?\", why = \"Importa.\", options = [\"Una semana\", \"Dos\"], assume = \"Una semana.\" }\nask.zh-Hant = { text = \"多久？\"",
            )
            .replace(
                "ask.zh-Hant = { text = \"甲？\"",
                "ask.es = { text = \"¿A?\", why = \"B.\", options = [], assume = \"C.\" }\nask.zh-Hant = { text = \"甲？\"",
            );
        let d = read(&with_es).unwrap_or_else(|e| panic!("{e}"));
        let (tag, es) = &stored(&d).frames[0].slots[0].wording[3];
        assert_eq!((*tag, es.text), ("es", "¿Cuánto tiempo?"));
        assert_eq!(es.options, ["Una semana", "Dos"]);
        // Without its wordings, the new column is refused, naming what is missing.
        let without = good().replace("\"zh-Hant\"]", "\"zh-Hant\", \"es\"]");
        let err = read(&without).err().unwrap_or_default();
        assert!(err.contains("frame trip, slot days: no ask.es"), "{err}");
    }

    /// Each broken entry is refused with a message naming the entry and what was expected.
    #[test]
    fn a_broken_entry_is_refused_naming_it() {
        let cases = [
            // A language's wording missing.
            (
                good().replace("ask.zh-Hant = { text = \"多久？\", why = \"重要。\", options = [\"一週\", \"兩週\"], assume = \"假設一週。\" }\n", ""),
                "frame trip, slot days: no ask.zh-Hant",
            ),
            // One option; five options; counts differing between languages.
            (good().replace("[\"A week\", \"Two weeks\"]", "[\"A week\"]"), "ask.en.options: expected none or 2 to 4, found 1"),
            (good().replace("[\"A week\", \"Two weeks\"]", "[\"A\", \"B\", \"C\", \"D\", \"E\"]"), "found 5"),
            (good().replace("[\"一周\", \"两周\"]", "[\"一周\", \"两周\", \"三周\"]"), "ask.zh-Hans.options: 3 options where en has 2"),
            // An empty assumption.
            (good().replace("assume = \"Assume a week.\"", "assume = \"\""), "ask.en.assume: expected a non-empty line"),
            // An unknown priority, pattern or field.
            (good().replace("priority = \"critical\"\nkind = \"param\"", "priority = \"urgent\"\nkind = \"param\""), "urgent"),
            (good().replace("by.en = [\"number\"]", "by.en = [\"#number\"]"), "#number"),
            (good().replace("by.en = [\"number\"]", "by.en = [\"number\"]\nwhen.en = \"7pm\""), "unknown field `when`"),
            // A vocabulary that does not exist; a frame replacing none; no zh cues.
            (good().replace("vocabularies = [\"lengths\"]", "vocabularies = [\"spans\"]"), "vocabulary \"spans\" (expected a [vocabulary.spans] table)"),
            (good().replace("cues.zh = \"旅行\"", "cues.zh = \"旅行\"\nreplaces = [\"journey\"]"), "frame trip: replaces \"journey\" (expected another frame's name)"),
            (good().replace("cues.zh = \"旅行\"\n", ""), "frame trip: no cues.zh"),
            (good().replace("cues.en = \"trip\"\n", ""), "frame trip: no cues.en"),
            (good().replace("cues.zh = \"旅行\"", "cues.zh = \"旅行\"\nphrases.zh = \"去+玩\""), "frame trip: phrases.zh (expected phrases.en only)"),
            // A cue language the matcher does not read; a bad frame name; a general missing.
            (good().replace("cues.en = \"trip\"", "cues.en = \"trip\"\ncues.ja = \"旅行\""), "cues.ja (expected a language of cue-languages"),
            (good().replace("name = \"trip\"", "name = \"Trip\""), "frame \"Trip\": expected a name"),
            (good().replace("name = \"pronoun\"", "name = \"fallback\""), "general fallback: given twice"),
        ];
        let one_meaning = "[[name]]\nname = \"Georgia\"\n[[name.meaning]]\nlabel.en = \"A\"\n\
            label.zh-Hans = \"甲\"\nlabel.zh-Hant = \"甲\"\npicked-by.en = \"a\"\n";
        let cases = cases.into_iter().chain([(
            format!("{}{one_meaning}", good()),
            "name \"Georgia\": 1 meanings (expected 2 to 4)",
        )]);
        for (file, expected) in cases {
            let err = read(&file)
                .err()
                .unwrap_or_else(|| panic!("accepted:\n{file}"));
            assert!(err.contains(expected), "{err:?} does not say {expected:?}");
        }
    }

    /// The shipped file passes the checks.
    #[test]
    fn the_shipped_file_is_valid() {
        let d = read(include_str!("../../data/detector.toml")).unwrap_or_else(|e| panic!("{e}"));
        assert!(d.frame.len() >= 60);
        let words = words_enum(&d);
        assert!(words.contains("    Artifacts,\n") && words.contains("    ZhPronouns,\n"));
    }
}
