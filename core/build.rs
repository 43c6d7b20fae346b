//! Reads and checks the detector's data file (`data/detector.toml`, schema in
//! `src/detect/schema.rs`) and writes the compact form of it that the crate embeds
//! (`knowledge.bin`): what every wasm bundle downloads, so each byte counts.
//!
//! The checked file is first written as lines (`frame`, `slot`, `ask-en` …, see
//! `schema::render`); the compact form says the same as those lines, in fewer bytes:
//! - no comments, blank lines or indentation, and no spaces around a wording's `|` and `;`;
//! - the most repeated keys in one letter (`E` for `ask-en`, `S` for `slot`);
//! - a `map` line of Simplified → Traditional character pairs, learnt from the table's own
//!   `ask-hans` / `ask-hant` pairs (for each character, the Traditional one its aligned lines
//!   use most);
//! - an `ask-hant` line that the map makes from its `ask-hans` line, character by character,
//!   exactly as authored, is left out (the parser makes it again); one the map makes except
//!   for a few characters becomes a `fix` line naming those (`fix 20劃`); any other stays;
//! - in a Chinese word list, a word whose Traditional form (by the map) is also in the list is
//!   written once with a `+` (`旅馆+` for `旅馆 旅館`).
//!
//! It is stored with its English wordings and its Chinese in two blocks after the rest
//! ([`in_blocks`]), in bytes rather than UTF-8, two a Chinese character instead of three
//! ([`encoded`]). The data file itself holds no such encoding: it reads as written.
//! `frames.rs` parses both forms; its tests hold the compact one to give the lines of the data
//! file, wording for wording and word for word.

use std::collections::BTreeMap;
use std::path::Path;

#[path = "catalogue.rs"]
mod catalogue;
#[path = "columns.rs"]
mod columns;
#[path = "src/detect/schema.rs"]
#[allow(dead_code)]
mod schema;

fn main() {
    words();
    let packs = language_columns();
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let (blob, words) = knowledge();
    std::fs::write(Path::new(&out).join("knowledge.bin"), &blob).expect("OUT_DIR is writable");
    std::fs::write(Path::new(&out).join("words.rs"), words).expect("OUT_DIR is writable");
    let weights = Path::new("data/detector.bin");
    println!("cargo::rerun-if-changed={}", weights.display());
    let model = std::fs::read(weights).expect("core/data/detector.bin is readable");
    let tell = columns::tell(&packs);
    let sections = [
        (*b"KNOW", &blob[..]),
        (*b"MODL", &model[..]),
        (*b"TELL", tell.as_bytes()),
    ];
    detector_data(&out, &sections);
    let columns_weights = Path::new("data/detector-columns.bin");
    println!("cargo::rerun-if-changed={}", columns_weights.display());
    let columns_model =
        std::fs::read(columns_weights).expect("core/data/detector-columns.bin is readable");
    columns_data(&out, &packs, &columns_model);
    std::fs::write(Path::new(&out).join("lowercase.rs"), lowercase_runs())
        .expect("OUT_DIR is writable");
    for name in ["demo_kb.json", "demo_catalog.json"] {
        let source = Path::new("data").join(name);
        println!("cargo::rerun-if-changed={}", source.display());
        let json = std::fs::read_to_string(&source).expect("the demo data is readable");
        std::fs::write(Path::new(&out).join(name), minified_json(&json))
            .expect("OUT_DIR is writable");
    }
}

/// The format of the detector's data files (the container's layout, not its contents).
const FORMAT: u32 = 1;

/// The detector's data file, `OUT_DIR/clarify-detector.bin` (`src/detect/data.rs` reads it;
/// the web builds serve it beside the wasm), and the header this build expects of it,
/// `OUT_DIR/detector_data.rs`: the magic, the format, the payload's FNV-1a hash and length,
/// then each section as its tag, its length and its bytes. The hash names the data as well as
/// checking it: a file from another build, or damaged on the way, is refused with a typed error.
fn detector_data(out: &str, sections: &[([u8; 4], &[u8])]) {
    let (file, hash, len) = container(sections);
    let out = Path::new(out);
    std::fs::write(out.join("clarify-detector.bin"), file).expect("OUT_DIR is writable");
    let expected = format!(
        "/// The detector data this build reads (written by `build.rs`).\n\
         const EXPECTED: Header = Header {{ format: {FORMAT}, hash: {hash:#018x}, len: {len} }};\n"
    );
    std::fs::write(out.join("detector_data.rs"), expected).expect("OUT_DIR is writable");
}

/// Each language's columns as a data file of its own, `OUT_DIR/clarify-detector-<tag>.bin`
/// (the container of [`detector_data`] with two sections, `COLS`, the pack's JSON, and `MODL`,
/// the weights of the model the languages read by columns share, `model`): what the
/// browser fetches when a request in that language is typed or sent. With them
/// `OUT_DIR/columns_data.rs`, the header this build expects of each, by tag, and
/// `OUT_DIR/columns_embedded.rs`, the files compiled in (the `embedded-detector` feature).
fn columns_data(out: &str, packs: &[columns::Pack], model: &[u8]) {
    let out = Path::new(out);
    let mut expected = format!(
        "/// Each language's columns file this build reads, by tag (written by `build.rs`).\n\
         const COLUMNS_EXPECTED: [(&str, Header); {}] = [\n",
        packs.len()
    );
    let mut embedded = String::from("[\n");
    for pack in packs {
        let json = pack.json.to_string();
        let (file, hash, len) = container(&[(*b"COLS", json.as_bytes()), (*b"MODL", model)]);
        let path = out.join(format!("clarify-detector-{}.bin", pack.tag));
        std::fs::write(&path, file).expect("OUT_DIR is writable");
        expected += &format!(
            "    ({:?}, Header {{ format: {FORMAT}, hash: {hash:#018x}, len: {len} }}),\n",
            pack.tag
        );
        embedded += &format!("    include_bytes!({:?}) as &[u8],\n", path.display());
    }
    expected += "];\n";
    embedded += "]\n";
    std::fs::write(out.join("columns_data.rs"), expected).expect("OUT_DIR is writable");
    std::fs::write(out.join("columns_embedded.rs"), embedded).expect("OUT_DIR is writable");
}

/// A data file of `sections`, with its payload's hash and length: `CLKD`, the format, the
/// FNV-1a hash and the length of the payload, then each section as its tag, its length and
/// its bytes.
fn container(sections: &[([u8; 4], &[u8])]) -> (Vec<u8>, u64, u32) {
    let mut payload = Vec::new();
    for (tag, bytes) in sections {
        payload.extend_from_slice(tag);
        let len = u32::try_from(bytes.len()).expect("a section is under 4 GB");
        payload.extend_from_slice(&len.to_le_bytes());
        payload.extend_from_slice(bytes);
    }
    let hash = payload.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    let len = u32::try_from(payload.len()).expect("the data is under 4 GB");
    let mut file = b"CLKD".to_vec();
    file.extend_from_slice(&FORMAT.to_le_bytes());
    file.extend_from_slice(&hash.to_le_bytes());
    file.extend_from_slice(&len.to_le_bytes());
    file.extend_from_slice(&payload);
    (file, hash, len)
}

/// The detector's knowledge (`data/detector.toml`), read, checked and compacted into the blob
/// the crate embeds. A bad entry stops the build with a message naming it and what was
/// expected (`src/detect/schema.rs` holds the checks).
/// With it, the Rust naming its word lists (`schema::words_enum`).
fn knowledge() -> (Vec<u8>, String) {
    let source = Path::new("data/detector.toml");
    println!("cargo::rerun-if-changed={}", source.display());
    let text = std::fs::read_to_string(source).expect("core/data/detector.toml is readable");
    let detector = schema::read(&text).unwrap_or_else(|problem| {
        eprintln!("error: core/data/detector.toml: {problem}");
        std::process::exit(1);
    });
    let blob = encoded(&in_blocks(&compact(&schema::render(&detector))));
    (blob, schema::words_enum(&detector))
}

/// The engine's wordings (`data/words`): the [`Phrase`] enum and its tables. Every language but
/// English is compiled in natively; the wasm installs the one it shows from a fetched file.
fn words() {
    let dir =
        Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("data/words");
    let catalogue = catalogue::read(&dir);
    let embed = std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() != Ok("wasm32");
    let doc =
        "One sentence, heading or label the engine writes for the user (`data/words/en.json`).";
    let rust = catalogue::rust(
        &catalogue,
        "Phrase",
        doc,
        "crate::protocol::language::Language",
        embed,
    );
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(Path::new(&out).join("phrase.rs"), rust).expect("OUT_DIR is writable");
}

/// The detector's columns for the languages it reads by their words alone (`[columns.<tag>]`
/// of `data/detector.toml`), checked against its frames: each becomes a data file of its own
/// ([`columns_data`]).
fn language_columns() -> Vec<columns::Pack> {
    let root = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).to_owned();
    let detector = std::fs::read_to_string(root.join("data/detector.toml"))
        .expect("core/data/detector.toml is readable");
    columns::read_all(&detector)
}

/// `json` without the whitespace between its tokens: the demo data is authored indented for
/// reading, and every wasm bundle that embeds it downloads it.
fn minified_json(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    let (mut in_string, mut escaped) = (false, false);
    for c in json.chars() {
        if in_string {
            in_string = escaped || c != '"';
            escaped = !escaped && c == '\\';
        } else if c == '"' {
            in_string = true;
        } else if c.is_whitespace() {
            continue;
        }
        out.push(c);
    }
    out
}

/// The standard library's lower-case mapping as runs, Rust source for `text::lowercase`.
///
/// A run is `(first, count, stride, delta)`: the characters `first`, `first + stride`, … (`count`
/// of them) each lower-case to themselves plus `delta`. The mapping is read from this toolchain's
/// own `char::to_lowercase`, so the engine gives the same answers as that function, from about
/// 180 runs instead of the standard library's table of about 1,460 pairs. One character
/// lower-cases to two (İ, U+0130, to i and U+0307); `text::lowercase` writes that one itself.
fn lowercase_runs() -> String {
    let mut mapped: Vec<(u32, i64)> = Vec::new();
    for c in (0..=0x10FFFF).filter_map(char::from_u32) {
        let lower: Vec<char> = c.to_lowercase().collect();
        match lower.as_slice() {
            [l] if *l == c => {}
            [l] => mapped.push((
                u32::from(c),
                i64::from(u32::from(*l)) - i64::from(u32::from(c)),
            )),
            ['i', '\u{307}'] if c == '\u{130}' => {}
            _ => panic!(
                "{c:?} lower-cases to {lower:?}: text::lowercase knows only U+0130 as a two-character case"
            ),
        }
    }
    let mut runs: Vec<(u32, u32, u32, i64)> = Vec::new();
    for (c, delta) in mapped {
        if let Some((first, count, stride, d)) = runs.last_mut() {
            let last = *first + (*count - 1) * *stride;
            let step = c - last;
            if *d == delta && (*count == 1 && step <= 2 || *count > 1 && step == *stride) {
                *stride = step;
                *count += 1;
                continue;
            }
        }
        runs.push((c, 1, 1, delta));
    }
    let mut out = format!(
        "static LOWERCASE_RUNS: [(u32, u16, u8, i32); {}] = [\n",
        runs.len()
    );
    for (first, count, stride, delta) in runs {
        out.push_str(&format!("    ({first}, {count}, {stride}, {delta}),\n"));
    }
    out.push_str("];\n");
    out
}

/// The compact form of the authored table `text`.
fn compact(text: &str) -> String {
    let tightened: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(tight)
        .collect();
    let lines: Vec<&str> = tightened.iter().map(String::as_str).collect();
    let map = learn_map(&lines);
    let mut out = String::from("map ");
    for (s, t) in &map {
        out.push(*s);
        out.push(*t);
    }
    out.push('\n');
    let mut hans = None;
    for line in lines {
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "ask-hans" => hans = Some(value),
            "ask-hant" if let Some(fixes) = hans.and_then(|h| fixes(&map, h, value)) => {
                if !fixes.is_empty() {
                    out.push_str("fix ");
                    out.push_str(&fixes);
                    out.push('\n');
                }
                continue;
            }
            "zh" | "zh-if" | "zh-filled" => {
                out.push_str(key);
                out.push(' ');
                out.push_str(&fold_words(&map, value));
                out.push('\n');
                continue;
            }
            _ => {}
        }
        out.push_str(line);
        out.push('\n');
    }
    out.lines().map(short_key).collect::<Vec<_>>().join("\n") + "\n"
}

include!("src/detect/frame_keys.rs");

/// `compact` with the values of its English wordings and of its lines with Chinese in them
/// moved to two blocks after it, each line's value left as its key and a space (the compact
/// form's lines never end with one): text of one kind together gzips about 0.5 KB smaller,
/// and brotli's by 0.4 KB. `frames.rs` puts them back.
fn in_blocks(compact: &str) -> String {
    let (mut table, mut english, mut chinese) = (String::new(), Vec::new(), Vec::new());
    for line in compact.lines() {
        assert!(
            !line.ends_with(' '),
            "a compact line ends with a space: {line:?}"
        );
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        let block = if key == ENGLISH_WORDING {
            &mut english
        } else if value.contains(|c| IDEOGRAPHS.contains(&c)) {
            &mut chinese
        } else {
            table.push_str(line);
            table.push('\n');
            continue;
        };
        block.push(value);
        table.push_str(key);
        table.push_str(" \n");
    }
    format!("{table}\0{}\0{}", english.join("\n"), chinese.join("\n"))
}

/// `text` in the compact form's bytes ([`OTHER_CHARS`] and [`RAW_UTF8`] say how).
fn encoded(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c as u8);
        } else if IDEOGRAPHS.contains(&c) {
            let offset = c as u32 - *IDEOGRAPHS.start() as u32;
            out.extend([IDEOGRAPH_BASE + (offset >> 8) as u8, (offset & 0xFF) as u8]);
        } else {
            let Some(i) = OTHER_CHARS.chars().position(|o| o == c) else {
                out.push(RAW_UTF8);
                out.extend(c.encode_utf8(&mut [0; 4]).bytes());
                continue;
            };
            out.push(OTHER_BASE + i as u8);
        }
    }
    out
}

/// `line` with its key shortened to the one letter the parser reads back ([`SHORT_KEYS`]): the
/// keys repeat on most of the table's lines.
fn short_key(line: &str) -> String {
    let (key, value) = line.split_once(' ').unwrap_or((line, ""));
    match SHORT_KEYS.iter().find(|(long, _)| *long == key) {
        Some((_, short)) => format!("{short} {value}"),
        None => line.to_owned(),
    }
}

/// An `ask-` line without the spaces around its separators (`TEXT|WHY|A;B|ASSUMPTION`): the
/// parser trims every field and option. Any other line as it is.
fn tight(line: &str) -> String {
    let Some((key, value)) = line.split_once(' ').filter(|(k, _)| k.starts_with("ask-")) else {
        return line.to_owned();
    };
    let fields: Vec<String> = value
        .split('|')
        .enumerate()
        .map(|(i, field)| match i {
            // Only the options field is a list: a text may hold a ';' of its own.
            2 => field
                .split(';')
                .map(str::trim)
                .collect::<Vec<_>>()
                .join(";"),
            _ => field.trim().to_owned(),
        })
        .collect();
    format!("{key} {}", fields.join("|"))
}

/// For each character of an `ask-hans` line aligned with its `ask-hant` line (same length),
/// the Traditional character used most often, when it differs from the Simplified one.
fn learn_map(lines: &[&str]) -> BTreeMap<char, char> {
    let mut counts: BTreeMap<char, BTreeMap<char, usize>> = BTreeMap::new();
    let mut hans: Option<&str> = None;
    for line in lines {
        if let Some(v) = line.strip_prefix("ask-hans ") {
            hans = Some(v);
        } else if let (Some(h), Some(t)) = (hans, line.strip_prefix("ask-hant "))
            && h.chars().count() == t.chars().count()
        {
            for (a, b) in h.chars().zip(t.chars()) {
                *counts.entry(a).or_default().entry(b).or_default() += 1;
            }
        }
    }
    counts
        .into_iter()
        .filter_map(|(s, seen)| {
            // The most used; on a tie, the first in code-point order (deterministic).
            let (t, _) = seen.into_iter().fold(
                (s, 0),
                |best, (c, n)| if n > best.1 { (c, n) } else { best },
            );
            (t != s).then_some((s, t))
        })
        .collect()
}

/// The `fix` line's value for a Traditional line that the map makes from its Simplified line
/// except for a few characters (规划 is 規劃 where the map, from most lines, says 划 → 畫):
/// each differing character as its position in the line and the character the line has
/// (`20劃`); empty when the map makes the whole line. None when the lines are not aligned character by character, or a differing
/// character is an ASCII digit, which the position before it would swallow.
fn fixes(map: &BTreeMap<char, char>, hans: &str, hant: &str) -> Option<String> {
    let made: Vec<char> = traditional(map, hans).chars().collect();
    let authored: Vec<char> = hant.chars().collect();
    if made.len() != authored.len() {
        return None;
    }
    let mut fixes = Vec::new();
    for (i, (m, a)) in made.iter().zip(&authored).enumerate() {
        if m != a {
            if a.is_ascii_digit() {
                return None;
            }
            fixes.push(format!("{i}{a}"));
        }
    }
    Some(fixes.join(" "))
}

/// `text` with each character the map knows in its Traditional form.
fn traditional(map: &BTreeMap<char, char>, text: &str) -> String {
    text.chars().map(|c| *map.get(&c).unwrap_or(&c)).collect()
}

/// A Chinese word list with each word whose Traditional form (by the map) is also listed
/// written once, with a `+`; the Traditional forms so covered, each claimed by one word only,
/// are left out.
fn fold_words(map: &BTreeMap<char, char>, value: &str) -> String {
    let words: Vec<&str> = value.split_whitespace().collect();
    let mut claimed: Vec<String> = Vec::new();
    let mut marked: Vec<bool> = Vec::new();
    for w in &words {
        let t = traditional(map, w);
        let derives = t != *w && words.contains(&t.as_str()) && !claimed.contains(&t);
        if derives {
            claimed.push(t);
        }
        marked.push(derives);
    }
    words
        .iter()
        .zip(marked)
        .filter(|(w, plus)| *plus || !claimed.iter().any(|c| c == *w))
        .map(|(w, plus)| {
            if plus {
                format!("{w}+")
            } else {
                (*w).to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}
