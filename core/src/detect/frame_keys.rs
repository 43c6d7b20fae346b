/// The frames table's most repeated keys, each with the one letter that stands for it in the
/// compact form: `core/build.rs` writes the letters, `frames.rs` reads them back. Included by
/// both, so the two cannot disagree.
const SHORT_KEYS: [(&str, &str); 13] = [
    ("ask-en", ENGLISH_WORDING),
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

/// The short key of an English wording: the stored form moves these lines' values, and those of
/// every line with Chinese in it, to two blocks after the table (see `build.rs`).
const ENGLISH_WORDING: &str = "E";

/// The compact form is stored in bytes rather than UTF-8, since most of its Chinese would take
/// three bytes a character: an ASCII character is its own byte; a CJK ideograph (`IDEOGRAPHS`)
/// is two bytes, `IDEOGRAPH_BASE + (offset >> 8)` and `offset & 0xFF`, its offset from the
/// first;
/// a character of `OTHER_CHARS` is one byte, `OTHER_BASE` plus its place there; any other is
/// `RAW_UTF8` and its UTF-8. It gzips
/// about 1 KB smaller than the same text in UTF-8.
const OTHER_CHARS: &str = "é–、。《》，：；？（）「」·“”…";
const OTHER_BASE: u8 = 0xE0;
/// Any other character (a language added to the data file brings its own: "ñ", "ー") is this
/// byte, then the character in UTF-8.
const RAW_UTF8: u8 = 0xFF;
/// The CJK ideographs the stored form writes in two bytes, and the first byte's base.
const IDEOGRAPHS: std::ops::RangeInclusive<char> = '\u{4E00}'..='\u{9FFF}';
const IDEOGRAPH_BASE: u8 = 0x80;
