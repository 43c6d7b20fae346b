//! The detector's knowledge is data (`core/data/detector.toml`) and its Rust the matcher, the
//! mechanisms and the model. Two counts hold that, and fail when a change moves knowledge back
//! into the code:
//! - the detector's Rust (`core/src/detect.rs` and `core/src/detect/`): lines that are neither
//!   blank, a comment, nor in a test module, at most [`MAX_DETECTOR_LINES`];
//! - string literals in `core/src`, outside `phrase.rs` (the engine's generated wordings) and
//!   test modules, at most [`MAX_LITERALS`].
//!
//! A module compiled for the tests only (`#[cfg(test)] mod schema;`: the data file's checks,
//! which the build script runs) counts as a test. `cargo test -p clarify-core --test
//! detector_size -- --nocapture` prints both figures.

use std::fs;
use std::path::{Path, PathBuf};

mod common;
use common::rust_files;

/// The most lines of Rust the detector may have, tests and comments left out: today's figure,
/// lowered as knowledge moves into the data file (issue 43 aims at 1,800; 3,999 before the data
/// file, 3,648 after it; raised once to 3,856 by eleven new mechanisms: pointing with
/// "this"/"these", material said to be attached, answering someone, "there", an earlier exchange,
/// a person pronoun in a conversation, Chinese clauses that instruct, among others; then by
/// reading the knowledge from the installed data file, or none before it is installed, and by
/// the faster Chinese cue search). 890 more are the matcher of the languages read by their
/// columns (`detect/columns.rs`, issue 45), whose knowledge is all in the data file. Raised to
/// 4,926 by seven more, their words in the data file: a question about the user's own case,
/// something of the user's named and not described, a topic of the user's own that says nothing
/// of it, candidates pointed at, what a pronoun goes with, "until then", what someone sent; 92
/// more for the columns' mechanisms for the blind draws' misses: a word pointing at nothing
/// said, a slot filled by its words alone, a comparison answered, a time that is no place, one
/// English word outweighed; 27 that load each language's columns from a data file of its own,
/// which the browser fetches on demand (the pack read from the installed file, the words that
/// tell a Latin-script language before its pack is there, `columns_wanted`); then eight Chinese
/// mechanisms, their words in the data file too: a thing pointed at and named nowhere, someone's
/// message, an amount asked with no figures, a question about the world or about a norm, the
/// user's own thing of a kind, a kind of place that is no destination, a quoted passage as
/// material; and 9 for an instruction asking a fact of a name ("Find the capital city of
/// Tasmania"), which the generic question would ask what the name says; 7 for two tests the
/// English rules and the frames' topic share rather than each writing them; 157 for the
/// columns read with their own learned model (a critical slot asked whatever the length, a
/// choice among options not named, a thing named as known and not said, an amount that turns
/// on the user's own figures, set phrases that name no thing, the model read from each
/// language's data file), their words and wordings in the data file; 8 for an error named by
/// its type with no code given ("I keep getting a KeyError"), its words in the data file; 7 for
/// the columns' naming rules asking only when the model is sure, and the user's own figures; 31
/// for the English question about the thing a vague request names ("the hotel") in the place of
/// the one that names nothing; 10 fewer after a session that moved the words of a time, a
/// number, a subject, small talk, a generic superlative, a Chinese directive and more into the
/// data file and added material a verb works on, candidates pointed at after "between", a slot
/// said to be decided or asked, a directive that names no kind, a Chinese matter or place
/// pointed at, every language's quotation marks, the conversation's quoted material in the
/// columns, and a how-to question's operation on the user's thing; 135 more for the mechanisms of
/// 2026-11-29's afternoon: an amount of money (`names_an_amount`), the material a conversation
/// named and never gave, the user's query or code that misbehaves, the columns' instruction
/// before a colon, a Chinese place pointed at and left to its slot, and a short choice; 56 for
/// the word lists' hash set (one lookup instead of a search of each list's text: the vague
/// English request 60k/s → 130k/s), and the Chinese mechanisms of 2026-11-29's evening, their
/// words in the data file: a demonstrative that is the material, code in a problem or failure
/// state, a count between a demonstrative and its measure word, a figure no unit of time follows;
/// 3 for a request of no known kind that quotes its text; 2 for "that" after a noun, which
/// begins a clause and names no thing; 108 for the question a request of no known kind gets
/// about what it names in the place of the generic one (issue 43: every question names a slot
/// or the request's words): a thing to make, the thing of an of-phrase, the user's own thing as
/// a Chinese clause's subject, a Chinese text pointed at asked for; their words in the data file;
/// 41 for a numbered part of a text not given ("clause 7"), a number before a unit of a text's
/// length that fills nothing ("150 words") and the text's subject said after its "for" that
/// does, a Chinese instruction naming whom it writes to first, a thing pointed at after a time
/// gone by; 3 for the columns' `tells`, words read only to tell a language; 8 for asking a
/// request of no known kind from the model's threshold when its question names what it leaves
/// out, and a thing's name that stops before what the thing does; 63 for the trace's words that
/// filled each slot (issue 43: "the trace says why … each slot and the words that filled it");
/// 44 for a kind that replaces another only when named in the same sentence or before it
/// (issue 43's itinerary with every detail but its destination); 15 for an estimate ("about 3
/// minutes") that fills no slot its word would fill before anything else; 1 for a general
/// question's word filled in its assumption too; 3 for a table of the patterns' names read both
/// ways (by the data file's reader and by the trace); 94 for the night of 2026-11-29's
/// mechanisms, their words in the data file: what a reply answers is not made by its verb, a
/// judgement's demonstrative whatever follows, a short first sentence's pronoun, a likeness to a
/// thing known and not named (English and Chinese), a choice whose candidates the conversation
/// named, "is it … to" whose "it" stands for what follows, the user as the object of a word
/// that fills by its object, and the trace's slots when nothing is left to ask; 30 for an "it"
/// that a question's phrase cannot stand for ("How many people can it seat?") and a short first
/// sentence's material read as a short request's; 12 for a material whose word names a kind
/// with its critical slot open, which that slot's question asks ("split the bill"); 6 for the
/// Chinese text 把 makes a verb's object ("把自傳縮到300字"); 1 for a demonstrative after 按; 40
/// for a short follow-up of no kind that goes on with the conversation's ("What should I pack?"
/// after "I'm going on a trip next month"); 7 for a Chinese choice whose candidates the
/// conversation named, and a place pointed at that the conversation went to ("去那边"); 8 for
/// the first sentence's length passed to the English rules rather than read twice; 149 for the
/// mechanisms of 2026-11-30, their words in the data file: a conversation of greetings only is
/// none, a list or code after an earlier colon is material, a colon between digits introduces
/// nothing ("at 7:30pm"), a directive's object that names a kind said before, a "for" phrase
/// that says which thing, a Chinese cue after a negation,
/// and in the columns a numbered part of a text not given, a text only the conversation spoke
/// of, and a material said to be made at a time ("das Protokoll von gestern"); 60 for the
/// mechanisms of 2026-11-30's morning: the columns' choice and figures asked in a follow-up
/// whose conversation does not say them, the user's own material that misbehaves ("Pourquoi
/// ma requête renvoie des doublons ?"), and each frame's naming sought once (the vague English
/// request spent a sixth of its time seeking it again); 35 for speed: a column entry found by
/// its first word's key and a request's words read once for every language it may be in (the
/// bench's Spanish request 681k → 233k instructions), the Chinese terms found once per request
/// (465k → 318k); 12 for a filling word that names only the kind ("for my trip next week")
/// and the user's material followed by how it is to change ("make this email sound warmer");
/// 13 for a Chinese formula in letters or signs ("∫ x·e^x dx") and a Chinese thing pointed at
/// that the request named before and does not ask to look over; 2 for the Chinese words a
/// destination follows read from the data file; 3 for seeking a formula's operators only in a
/// request that has one.
const MAX_DETECTOR_LINES: usize = 6_362;

/// The most string literals `core/src` may hold outside `phrase.rs` and test modules: today's
/// figure, lowered as wordings and word lists move into data (issue 43 aims at 1,100; 2,096
/// before the data file, 1,470 after it; 1,549 with the mechanisms above, mostly the words
/// their patterns match; 59 more in `detect/columns.rs`: its trace's sentences, the script
/// names, the accent table); 70 more with the seven mechanisms above, the function words their
/// patterns read ("my", "with", "until", "both"); 6 more for the keys of the columns' pointing
/// words and comparisons, and a few in the Chinese mechanisms (a trace's reason, the quotation
/// marks a conversation names a thing in), and "the" of a fact asked of a name; 17 for the
/// columns' model-read rules: their keys in the data file, the model's finding in the trace;
/// 1 for the code an error named by its type asks for; 1 for the key of the user's own figures;
/// 13 for the English thing a vague request names (its determiners, "your", "of"); 102 fewer
/// once the words of a time, a number, a subject, small talk and the like moved into the data
/// file; 4 for the port the session reaches the detector through (`detector.rs`: its calls'
/// JSON tag and case, the feature that compiles the detector in), no wording; 20 for those
/// mechanisms (the determiners before a material a conversation named, the pronouns a verb works
/// on, the currency signs and Chinese numerals of an amount); 5 for the naming of a request of
/// no known kind (its articles, the possessive 的, a trace's cue); 3 for a numbered part of a
/// text (its name in the data file's list of general questions, the "of" that says whose, the
/// space between the part and its number); 1 for the pattern's name in the data file; 1 for the
/// key of the columns' `tells`; 4 for a thing's name (the endings "ing" and "ed" that stop it,
/// the "and" of a pair an of-phrase says); 6 for the trace's words that filled each slot (its
/// quotation marks, the article of a pattern's name); 1 fewer for a general question's
/// placeholder written once; 16 for the night of 2026-11-29's mechanisms (the words they
/// compare one by one: "last", "one", "the", "is", "to", "'s"); 13 for those of a question's
/// phrase ("what", "how", "many", its auxiliaries) and "your"; 2 for 把 as a pointer; 12 for
/// the mechanisms of 2026-11-30 (the columns' keys `part`, `after_number`, `restyle`, `writes`,
/// `text` and `when`, the colon, list and code signs of earlier material, "for" and "same" and
/// the demonstratives a "for" phrase is not).
const MAX_LITERALS: usize = 1_701;

#[test]
fn the_detector_keeps_its_knowledge_in_data() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    files.extend(rust_files(&root));
    assert!(files.len() > 10, "the sources were not found: {files:?}");
    let test_only = test_only_modules(&files);
    let (mut lines, mut literals) = (0, 0);
    for file in files.iter().filter(|f| !test_only.contains(f)) {
        let text = fs::read_to_string(file).expect("a source file");
        let counted = count(&text);
        let relative = file.strip_prefix(&root).expect("under src");
        // `detect/data.rs` is the data file's container and its check, no knowledge.
        let container = relative == Path::new("detect/data.rs");
        if (relative == Path::new("detect.rs") || relative.starts_with("detect")) && !container {
            lines += counted.lines;
        }
        if relative != Path::new("phrase.rs") && !container {
            literals += counted.literals;
        }
    }
    println!(
        "detector lines (non-test, non-comment): {lines}; string literals in core/src: {literals}"
    );
    assert!(
        lines <= MAX_DETECTOR_LINES,
        "the detector's Rust has {lines} lines, over {MAX_DETECTOR_LINES}: knowledge belongs in core/data/detector.toml"
    );
    assert!(
        literals <= MAX_LITERALS,
        "core/src holds {literals} string literals, over {MAX_LITERALS}: wordings and word lists belong in data"
    );
}

#[test]
fn comments_tests_and_literals_are_told_apart() {
    let text = r##"//! A module.
use a; // "not a literal"

/// Doc "not a literal".
fn f() -> &'static str {
    let c = '"';
    let s = r#"one "raw" literal"#;
    /* "block comment" */
    "two"
}

#[cfg(test)]
mod tests {
    fn g() { let _ = "in a test"; }
}
fn h() {}
"##;
    let counted = count(text);
    assert_eq!(counted.literals, 2, "literals");
    // use a; fn f; let c; let s; "two"; }; fn h — the test module and comments left out.
    assert_eq!(counted.lines, 7, "lines");
}

/// What a source file counts for.
#[derive(Debug, Default, PartialEq)]
struct Counted {
    lines: usize,
    literals: usize,
}

/// The lines with code and the string literals of `text`, outside comments and `#[cfg(test)]`
/// modules.
fn count(text: &str) -> Counted {
    let code = code_only(text);
    let mut counted = Counted::default();
    let mut skip_depth: Option<usize> = None;
    let mut depth = 0usize;
    let mut test_pending = false;
    for line in code.lines() {
        let trimmed = line.trim();
        if skip_depth.is_none() && trimmed.starts_with("#[cfg(test)]") {
            test_pending = true;
        }
        let in_test = skip_depth.is_some() || test_pending;
        let opens = line.matches('{').count();
        let closes = line.matches('}').count();
        if test_pending && trimmed.starts_with("mod ") && opens > 0 {
            skip_depth = Some(depth);
            test_pending = false;
        } else if test_pending && !trimmed.starts_with("#[") && !trimmed.is_empty() {
            // A test-only item other than a module: that one item is left out.
            test_pending = false;
            if opens > closes {
                skip_depth = Some(depth);
            }
        }
        depth = (depth + opens).saturating_sub(closes);
        if !in_test && !trimmed.is_empty() {
            counted.lines += 1;
            counted.literals += line.matches('\u{1}').count();
        }
        if skip_depth.is_some_and(|d| depth <= d) {
            skip_depth = None;
        }
    }
    counted
}

/// `text` with comments removed, each string literal replaced by one `\u{1}`, and each
/// character literal by `' '`, line breaks kept; braces inside literals then never count.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                if chars[i] == '\n' {
                    out.push('\n');
                }
                i += 1;
            }
            i += 2;
        } else if let Some(hashes) = raw_string_start(&chars, i) {
            i += 2 + hashes + usize::from(chars[i] == 'b');
            let closing: String = std::iter::once('"')
                .chain("#".repeat(hashes).chars())
                .collect();
            let closing: Vec<char> = closing.chars().collect();
            while i < chars.len() && !chars[i..].starts_with(&closing) {
                if chars[i] == '\n' {
                    out.push('\n');
                }
                i += 1;
            }
            i += closing.len();
            out.push('\u{1}');
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                if chars.get(i) == Some(&'\n') {
                    out.push('\n');
                }
                i += 1;
            }
            i += 1;
            out.push('\u{1}');
        } else if c == '\'' && is_char_literal(&chars, i) {
            i += 1;
            while i < chars.len() && chars[i] != '\'' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The number of `#` of a raw string literal starting at `i` (`r"`, `r#"`, `br"`…).
fn raw_string_start(chars: &[char], i: usize) -> Option<usize> {
    let before_is_ident = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
    if before_is_ident {
        return None;
    }
    let start = if chars[i] == 'b' { i + 1 } else { i };
    if chars.get(start) != Some(&'r') {
        return None;
    }
    let hashes = chars[start + 1..].iter().take_while(|c| **c == '#').count();
    (chars.get(start + 1 + hashes) == Some(&'"')).then_some(hashes)
}

/// Whether the `'` at `i` opens a character literal rather than a lifetime or a label.
fn is_char_literal(chars: &[char], i: usize) -> bool {
    matches!(
        (chars.get(i + 1), chars.get(i + 2)),
        (Some('\\'), _) | (Some(_), Some('\''))
    )
}

/// The files of modules declared `#[cfg(test)] mod NAME;` (compiled for the tests only, as
/// `detect/schema.rs`, which the build script includes too): `dir/NAME.rs` beside the
/// declaring `dir.rs`, or in the declaring `mod.rs`'s or `lib.rs`'s folder.
fn test_only_modules(files: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for file in files {
        let text = fs::read_to_string(file).expect("a source file");
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        let dir = match file.file_stem().and_then(|s| s.to_str()) {
            Some("lib" | "mod" | "main") => file.parent().map(Path::to_path_buf),
            _ => Some(file.with_extension("")),
        };
        for pair in lines.windows(2) {
            if let (["#[cfg(test)]", declared], Some(dir)) = (pair, &dir)
                && let Some(name) = declared
                    .strip_prefix("mod ")
                    .and_then(|m| m.strip_suffix(';'))
            {
                out.push(dir.join(format!("{name}.rs")));
            }
        }
    }
    out
}
