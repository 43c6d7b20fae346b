//! The detector's columns for the languages it reads by their words alone (Japanese, Korean,
//! Spanish, French, German, Portuguese, Italian): the `[columns.<tag>]` tables of
//! `data/detector.toml`, keyed by the frame and slot names of its frames. The build reads each, refuses a bad entry by
//! naming it (a frame or slot the table does not have, a wording without its four parts, a
//! question without its language's question mark…), and gives it back as one pack per
//! language (the table serialized with postcard, in the field order of the matcher's `Pack` in
//! `src/detect/columns.rs`), which `build.rs` writes as that language's data file
//! (`clarify-detector-<tag>.bin`: compiled in natively, fetched on demand by the browser), and
//! the few words of each Latin-script pack that tell its language ([`tell`]), which go into the
//! detector's own data file.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize, Serializer};

/// The languages with columns, in the order of the crate's `Language` enum after Chinese.
pub const TAGS: [&str; 7] = ["ja", "ko", "es", "fr", "de", "pt", "it"];

/// One language's file. Its fields, and those of the tables in it, are serialized in the order
/// the matcher's pack reads them (postcard names no field).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct Draft {
    language: String,
    script: Script,
    #[serde(default)]
    capital_nouns: bool,
    words: Words,
    material: Material,
    pointer: Rule,
    thing: Rule,
    choice: Rule,
    figures: Rule,
    part: Rule,
    /// The question of a request the model finds clearly vague and nothing names: what should
    /// the answer focus on? No words of its own.
    vague: Rule,
    frame: BTreeMap<String, Frame>,
}

/// How a language's entries are matched, in the order of the matcher's `Script`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
enum Script {
    Latin,
    Hangul,
    Kana,
}

/// The language's typed vocabularies.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct Words {
    #[serde(default)]
    letters: String,
    #[serde(default)]
    identify: Vec<String>,
    /// Written with every other word that tells the language ([`read`]).
    #[serde(default)]
    tells: Vec<String>,
    #[serde(default)]
    trigrams: String,
    /// Read only to tell the language: written into `tells` ([`read`]).
    #[serde(default, skip_serializing)]
    endings: Vec<String>,
    directives: Vec<String>,
    #[serde(default)]
    or: Vec<String>,
    #[serde(default)]
    numbers: Vec<String>,
    #[serde(default)]
    time: Vec<String>,
    #[serde(default)]
    time_units: Vec<String>,
    #[serde(default)]
    place_before: Vec<String>,
    #[serde(default)]
    place_in: Vec<String>,
    #[serde(default)]
    place_after: Vec<String>,
    #[serde(default)]
    places: Vec<String>,
    #[serde(default)]
    topic_before: Vec<String>,
    #[serde(default)]
    compare: Vec<String>,
    #[serde(default)]
    general: Vec<String>,
    #[serde(default)]
    of: Vec<String>,
}

/// The words of the user's own material named and not given, and its question.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct Material {
    by: Vec<String>,
    own: Vec<String>,
    this: Vec<String>,
    the: Vec<String>,
    nouns: Vec<String>,
    verbs: Vec<String>,
    /// Words that ask a text to be written again in another way ("más formal", "freundlicher").
    restyle: Vec<String>,
    /// Words of an earlier message that say the user is writing something ("escribirle").
    writes: Vec<String>,
    /// Words that say when a material noun was made, after it in a Latin script ("del verbale
    /// di stamattina") and before it in Japanese and Korean ("어제 회의록"): the user's own copy,
    /// however long the request.
    #[serde(default)]
    when: Vec<String>,
    /// Set phrases whose material noun names a known thing, not a text of the user's ("Satz
    /// des Pythagoras").
    #[serde(default)]
    named: Vec<String>,
    /// The text, as a question names it when only the conversation spoke of it ("el texto").
    text: String,
    /// The user's possessive as the question says it, opening the phrase ("mi" → "tu"; German
    /// asks in the accusative: "meinem Aufsatz" → "Ihren Aufsatz").
    yours: BTreeMap<String, String>,
    /// The same before a noun of `masculine` ("mein Code" → "Ihren Code").
    #[serde(default)]
    yours_masculine: BTreeMap<String, String>,
    /// Nouns whose possessive the question writes otherwise (German masculine nouns; the last
    /// part of a compound decides: "*vertrag").
    #[serde(default)]
    masculine: Vec<String>,
    /// A possessive inside the phrase, in the case its own words give it ("die Mail von meinem
    /// Chef" → "von Ihrem Chef"); empty where `yours` serves there too.
    #[serde(default)]
    kept: BTreeMap<String, String>,
    ask: String,
    why: String,
    /// None: written empty, where a slot's question has its options (the matcher reads both
    /// questions alike).
    #[serde(skip_deserializing)]
    options: Vec<String>,
    assume: String,
}

/// A rule's words and its question: the words that point at something the request does not
/// say (`pointer`), that ask to choose among options not named (`choice`), that ask an amount
/// of the user's own (`figures`), that name a numbered part of a text (`part`: "Aufgabe 3b",
/// "問3"); a thing named as known and not said (`thing`) has no words of its own. {0}, where
/// written, is what the request said.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct Rule {
    #[serde(default)]
    words: Vec<String>,
    /// The figures' words of the user's own ("me", "ich"): one is needed too.
    #[serde(default)]
    mine: Vec<String>,
    /// The part's words written after its number ("3번 문제"): `words` come before it.
    #[serde(default)]
    after_number: Vec<String>,
    /// The pointing words that point only when nothing follows them: a verb whose unsaid
    /// subject is the thing ("¿Cuánto cuesta?"; not "¿Cuánto cuesta el abono?").
    #[serde(default)]
    last: Vec<String>,
    ask: String,
    why: String,
    /// None, as the material's question.
    #[serde(skip_deserializing)]
    options: Vec<String>,
    assume: String,
}

/// A frame's column: its cues and intents, and its slots' (every other key is a slot).
#[derive(Debug, Clone, Deserialize)]
struct Frame {
    cues: Vec<String>,
    intents: Vec<String>,
    #[serde(flatten)]
    slots: BTreeMap<String, Slot>,
}

impl Serialize for Frame {
    /// Its slots as a table of their own: postcard writes no flattened map.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (&self.cues, &self.intents, &self.slots).serialize(s)
    }
}

/// A slot's column: the words that fill it and its question.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct Slot {
    filled: Vec<String>,
    /// Written as its four parts, as the rules' questions are.
    #[serde(serialize_with = "wording_parts")]
    ask: String,
    /// Filled by its words alone, not by the slot's typed patterns.
    #[serde(default)]
    alone: bool,
}

/// A slot's question `TEXT | WHY | OPTION; OPTION | ASSUMPTION` (checked by [`wording`]) as
/// its text, reason, options and assumption.
fn wording_parts<S: Serializer>(line: &str, s: S) -> Result<S::Ok, S::Error> {
    let mut parts = line.split('|').map(str::trim);
    let mut next = || parts.next().unwrap_or_default();
    let (text, why, options, assume) = (next(), next(), next(), next());
    let options: Vec<&str> = options
        .split(';')
        .map(str::trim)
        .filter(|o| !o.is_empty())
        .collect();
    (text, why, options, assume).serialize(s)
}

/// One language's columns, checked: its tag, the table as JSON (for the checks across
/// languages) and as read.
pub struct Pack {
    pub tag: &'static str,
    json: serde_json::Value,
    draft: Draft,
}

impl Pack {
    /// The pack as the matcher reads it (postcard).
    pub fn bytes(&self) -> Vec<u8> {
        postcard::to_allocvec(&self.draft).expect("a pack serializes")
    }
}

/// Reads every language's columns of the data file `detector` (its text), checks them against
/// its frames and slots, and gives them in the order of [`TAGS`]. A bad entry stops the build
/// with a message naming it.
pub fn read_all(detector: &str) -> Vec<Pack> {
    let file: toml::Table =
        toml::from_str(detector).unwrap_or_else(|e| fail(&format!("core/data/detector.toml: {e}")));
    let known = known(&file);
    let columns = file.get("columns").and_then(toml::Value::as_table);
    let packs = TAGS
        .iter()
        .map(|&tag| {
            let Some(table) = columns
                .and_then(|c| c.get(tag))
                .and_then(toml::Value::as_table)
            else {
                fail(&format!("core/data/detector.toml: no [columns.{tag}]"));
            };
            let draft = read(tag, table, &known).unwrap_or_else(|problem| {
                fail(&format!(
                    "core/data/detector.toml, columns.{tag}: {problem}"
                ))
            });
            let json = serde_json::to_value(table).expect("a TOML table is JSON");
            Pack { tag, json, draft }
        })
        .collect::<Vec<_>>();
    exclusive_tells(&packs);
    packs
}

/// Stops the build when a word that tells a language (`words.tells`) is a word of another
/// language's columns, or a letter of its `words.letters` one of another's: a request in that
/// language would be told as this one ("aniversario", Spanish too, told a request Portuguese).
fn exclusive_tells(packs: &[Pack]) {
    fn words(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::String(s) => out.push(s.clone()),
            serde_json::Value::Array(a) => a.iter().for_each(|x| words(x, out)),
            serde_json::Value::Object(o) => o.values().for_each(|x| words(x, out)),
            serde_json::Value::Null | serde_json::Value::Bool(_) | serde_json::Value::Number(_) => {
            }
        }
    }
    let letters = |p: &Pack| {
        p.json["words"]["letters"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    };
    for pack in packs {
        for other in packs.iter().filter(|o| o.tag != pack.tag) {
            if let Some(c) = letters(pack).chars().find(|&c| letters(other).contains(c)) {
                fail(&format!(
                    "core/data/detector.toml, columns.{}: words.letters has {c:?}, a letter of columns.{} too",
                    pack.tag, other.tag
                ));
            }
        }
        let mut tells = Vec::new();
        words(&pack.json["words"]["tells"], &mut tells);
        for other in packs.iter().filter(|o| o.tag != pack.tag) {
            let mut theirs = Vec::new();
            words(&other.json, &mut theirs);
            if let Some(t) = tells.iter().find(|t| theirs.contains(t)) {
                fail(&format!(
                    "core/data/detector.toml, columns.{}: words.tells has {t:?}, a word of columns.{} too",
                    pack.tag, other.tag
                ));
            }
        }
    }
}

/// What tells each Latin-script language from the others before its pack is there: the words
/// the matcher's language identification reads (`letters`, `tells`, which [`read`] made every
/// word that tells the language, and `trigrams`), as packs by tag (postcard; no other words,
/// no frames). It goes into the detector's own data file, so a browser that has fetched none of
/// the packs tells a request's language as a native build, which has them all, does, and so
/// knows which pack to fetch.
pub fn tell(packs: &[Pack]) -> Vec<u8> {
    let tellers: BTreeMap<&str, Draft> = packs
        .iter()
        .filter(|p| p.draft.script == Script::Latin)
        .map(|p| {
            let d = p.draft.clone();
            let teller = Draft {
                words: Words {
                    letters: d.words.letters,
                    tells: d.words.tells,
                    trigrams: d.words.trigrams,
                    ..Words::default()
                },
                material: Material::default(),
                pointer: Rule::default(),
                thing: Rule::default(),
                choice: Rule::default(),
                figures: Rule::default(),
                part: Rule::default(),
                vague: Rule::default(),
                frame: BTreeMap::new(),
                ..d
            };
            (p.tag, teller)
        })
        .collect();
    postcard::to_allocvec(&tellers).expect("the packs serialize")
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(1);
}

/// The columns of the table `table` for `tag`, checked.
fn read(
    tag: &str,
    table: &toml::Table,
    known: &BTreeMap<String, Vec<String>>,
) -> Result<Draft, String> {
    let d: Draft = table
        .clone()
        .try_into()
        .map_err(|e: toml::de::Error| e.to_string())?;
    if d.language != tag {
        return Err(format!("language is {:?}, expected {tag:?}", d.language));
    }
    let w = &d.words;
    if let Some(c) = w
        .letters
        .chars()
        .find(|c| c.is_ascii() || !c.is_alphabetic())
    {
        return Err(format!(
            "words.letters has {c:?}, expected letters English does not write"
        ));
    }
    if let Some(e) = w
        .endings
        .iter()
        .find(|e| e.len() < 3 || !e.starts_with('*') || e[1..].contains(['*', ' ']))
    {
        return Err(format!(
            "words.endings has {e:?}, expected `*` and a word's ending of two letters or more"
        ));
    }
    let trigram = |entry: &&str| {
        entry.split_once(':').is_some_and(|(t, n)| {
            t.chars().count() == 3
                && t.chars().all(|c| c == '_' || c.is_lowercase())
                && n.parse::<u32>().is_ok()
        })
    };
    if let Some(t) = w.trigrams.split_whitespace().find(|t| !trigram(t)) {
        return Err(format!(
            "words.trigrams has {t:?}, expected three lower-case letters or `_` (a word's edge), `:` and a count"
        ));
    }
    let m = &d.material;
    let lists = [
        ("words.identify", &w.identify),
        ("words.tells", &w.tells),
        ("words.or", &w.or),
        ("words.directives", &w.directives),
        ("words.numbers", &w.numbers),
        ("words.time", &w.time),
        ("words.time_units", &w.time_units),
        ("words.place_before", &w.place_before),
        ("words.place_in", &w.place_in),
        ("words.place_after", &w.place_after),
        ("words.places", &w.places),
        ("words.topic_before", &w.topic_before),
        ("words.compare", &w.compare),
        ("words.general", &w.general),
        ("words.of", &w.of),
        ("thing.words", &d.thing.words),
        ("choice.words", &d.choice.words),
        ("figures.words", &d.figures.words),
        ("figures.mine", &d.figures.mine),
        ("part.words", &d.part.words),
        ("part.after_number", &d.part.after_number),
        ("pointer.last", &d.pointer.last),
        ("material.by", &m.by),
        ("material.own", &m.own),
        ("material.this", &m.this),
        ("material.the", &m.the),
        ("material.nouns", &m.nouns),
        ("material.verbs", &m.verbs),
        ("material.restyle", &m.restyle),
        ("material.writes", &m.writes),
        ("material.when", &m.when),
        ("material.named", &m.named),
        ("pointer.words", &d.pointer.words),
    ];
    for (name, list) in lists {
        empty_entry(list).map_err(|e| format!("{name}: {e}"))?;
    }
    for (field, value) in [("ask", &m.ask), ("why", &m.why), ("assume", &m.assume)] {
        if !value.contains("{0}") {
            return Err(format!("material.{field} has no {{0}} for the material"));
        }
    }
    for (name, p) in [
        ("pointer", &d.pointer),
        ("thing", &d.thing),
        ("choice", &d.choice),
        ("figures", &d.figures),
        ("part", &d.part),
        ("vague", &d.vague),
    ] {
        wording(tag, &format!("{} | {} | | {}", p.ask, p.why, p.assume))
            .map_err(|e| format!("{name}: {e}"))?;
    }
    if m.text.trim().is_empty() {
        return Err("material.text is empty: the question about a text only spoken of".to_owned());
    }
    if !d.part.ask.contains("{0}") {
        return Err("part.ask has no {0} for the part".to_owned());
    }
    for key in (m.yours.keys())
        .chain(m.yours_masculine.keys())
        .chain(m.kept.keys())
    {
        if !m.own.contains(key) && !m.this.contains(key) && !m.the.contains(key) {
            return Err(format!(
                "material.yours, yours_masculine or kept maps {key:?}, which is no own, this or the word"
            ));
        }
    }
    if m.yours_masculine.is_empty() != m.masculine.is_empty() {
        return Err("material.yours_masculine and masculine come together".to_owned());
    }
    for (name, frame) in &d.frame {
        let Some(slots) = known.get(name) else {
            return Err(format!(
                "frame {name}: the detector's table has no such frame"
            ));
        };
        if frame.cues.is_empty() {
            return Err(format!("frame {name}: no cues"));
        }
        for (slot, s) in &frame.slots {
            if !slots.contains(slot) {
                return Err(format!(
                    "frame {name}: the detector's table has no slot {slot}"
                ));
            }
            wording(tag, &s.ask).map_err(|e| format!("frame {name}, slot {slot}: {e}"))?;
            if s.ask.contains("{0}") {
                return Err(format!(
                    "frame {name}, slot {slot}: a {{0}} in ask, which a slot's question fills with nothing"
                ));
            }
            empty_entry(&s.filled).map_err(|e| format!("frame {name}, slot {slot}: {e}"))?;
        }
        for list in [&frame.cues, &frame.intents] {
            empty_entry(list).map_err(|e| format!("frame {name}: {e}"))?;
        }
    }
    // The matcher tells a Latin-script language by all these words alike ("el", "*zione",
    // "quiero", "mi", "esto"): written as one list, `tells`.
    let mut telling: Vec<String> = [
        &w.identify,
        &w.endings,
        &w.directives,
        &m.verbs,
        &m.own,
        &m.this,
        &d.pointer.words,
        &d.choice.words,
        &d.figures.words,
        &d.part.words,
    ]
    .into_iter()
    .flatten()
    .cloned()
    .collect();
    telling.sort();
    telling.dedup();
    let mut d = d;
    if d.script == Script::Latin {
        d.words.tells.extend(telling);
    }
    Ok(d)
}

/// A word list with an empty entry is refused: it would match everything.
fn empty_entry(list: &[String]) -> Result<(), String> {
    match list.iter().find(|w| w.trim().trim_matches('*').is_empty()) {
        Some(w) => Err(format!("the entry {w:?} matches any word")),
        None => Ok(()),
    }
}

/// Checks `TEXT | WHY | OPTION; OPTION | ASSUMPTION`: four parts, none or two to four
/// options, a question ending in the language's question mark, no ASCII `?` or `:` in Japanese.
fn wording(tag: &str, line: &str) -> Result<(), String> {
    let parts: Vec<&str> = line.split('|').map(str::trim).collect();
    let [text, why, options, assume] = parts[..] else {
        return Err(format!(
            "{} parts in ask, expected 4: TEXT | WHY | OPTIONS | ASSUMPTION",
            parts.len()
        ));
    };
    let options: Vec<&str> = options
        .split(';')
        .map(str::trim)
        .filter(|o| !o.is_empty())
        .collect();
    if options.len() == 1 || options.len() > 4 {
        return Err(format!(
            "{} options, expected none or 2 to 4",
            options.len()
        ));
    }
    if text.is_empty() || why.is_empty() || assume.is_empty() {
        return Err("an empty text, reason or assumption".to_owned());
    }
    let mark = if tag == "ja" { '？' } else { '?' };
    // "…を教えてください。", "…알려 주세요.": a request to tell, not a question.
    let asks = text.contains(mark)
        || (tag == "ja" && text.ends_with("ください。"))
        || (tag == "ko" && text.ends_with("주세요."));
    if !asks {
        return Err(format!("the question {text:?} has no {mark}"));
    }
    if tag == "ja" && [text, why, assume].iter().any(|s| s.contains(['?', ':'])) {
        return Err(format!("{text:?}: Japanese writes ？ and ："));
    }
    if tag == "es" && text.contains('?') && !text.contains('¿') {
        return Err(format!("{text:?}: Spanish opens a question with ¿"));
    }
    Ok(())
}

/// The frame and slot names of the data file's frames (`[[frame]]`, `[[frame.slot]]`).
fn known(file: &toml::Table) -> BTreeMap<String, Vec<String>> {
    let name = |v: &toml::Value| {
        v.get("name")
            .and_then(toml::Value::as_str)
            .map(str::to_owned)
    };
    let frames = file.get("frame").and_then(toml::Value::as_array);
    frames
        .into_iter()
        .flatten()
        .filter_map(|f| {
            let slots = f.get("slot").and_then(toml::Value::as_array);
            Some((
                name(f)?,
                slots.into_iter().flatten().filter_map(name).collect(),
            ))
        })
        .collect()
}
