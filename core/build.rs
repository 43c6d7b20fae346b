//! Reads and checks the detector's data file (`data/detector.toml`, schema in
//! `src/detect/schema.rs`) and writes what the crate embeds: the knowledge in the shape of the
//! detector's table (`schema::stored`), serialized with postcard (`knowledge.bin`, which
//! `frames.rs` deserializes), in the detector's data file with the model's weights; the
//! wordings' catalogue; each language's columns; the demo data.

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
        (*b"TELL", &tell[..]),
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
/// (the container of [`detector_data`] with two sections, `COLS`, the pack (postcard), and `MODL`,
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
        let (file, hash, len) = container(&[(*b"COLS", &pack.bytes()), (*b"MODL", model)]);
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

/// The detector's knowledge (`data/detector.toml`), read, checked and serialized into the
/// blob the crate embeds. A bad entry stops the build with a message naming it and what was
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
    let blob = postcard::to_allocvec(&schema::stored(&detector)).expect("the table serializes");
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
