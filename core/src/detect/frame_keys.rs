/// The frames table's most repeated keys, each with the one letter that stands for it in the
/// compact form: `core/build.rs` writes the letters, `frames.rs` reads them back. Included by
/// both, so the two cannot disagree.
const SHORT_KEYS: [(&str, &str); 13] = [
    ("ask-en", "E"),
    ("ask-hans", "H"),
    ("ask-hant", "T"),
    ("en-filled", "F"),
    ("zh-filled", "Z"),
    ("en-by", "B"),
    ("zh-by", "Y"),
    ("covered-by", "C"),
    ("slot", "S"),
    ("frame", "K"),
    ("en-if", "I"),
    ("zh-if", "J"),
    ("replaces", "R"),
];
