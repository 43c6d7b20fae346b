//! The learned layer: a logistic regression over hashed word unigrams, bigrams (for Chinese,
//! character unigrams and bigrams) and a proper-noun cue, trained by `scripts/train-detector`
//! on English and Chinese requests and shipped as 8 KB of 4-bit weights (16,384 buckets, each a
//! code into a table of 16 values).
//!
//! Training data: IN3 train (Qian et al., 2024, "Tell Me More!", OpenBMB/Tell_Me_More,
//! Apache-2.0), GSM8K questions (OpenAI, MIT) and the project's own English and Chinese
//! requests; `data/MANIFEST.md` lists them. The feature extraction must match the script's
//! `features` exactly.

/// Magic, bucket count, bias, threshold, then the 16 values of the 4-bit codes.
const HEADER: usize = 16 + 4 * LEVELS;
const LEVELS: usize = 16;
/// Only the first tokens count, so a 100 KB request costs no more than a long sentence.
const MAX_TOKENS: usize = 64;
/// Tokens per length feature, and the most length features after `L0`.
const LENGTH_STEP: usize = 4;
const LENGTH_CAP: usize = 8;

/// The installed model (the weights file `scripts/train-detector` writes, in the detector's
/// data), parsed once per call (a few loads: no allocation); `None` before it is installed.
pub(crate) fn shipped() -> Option<Model<'static>> {
    Model::parse(super::data::get()?.model)
}

/// A parsed weights file: a view into its bytes.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Model<'a> {
    buckets: u32,
    bias: f32,
    threshold: f32,
    /// The 16 weight values a 4-bit code stands for; code 0 is 0.0.
    table: [f32; LEVELS],
    /// Two codes per byte, the even bucket in the low nibble.
    codes: &'a [u8],
}

impl<'a> Model<'a> {
    /// Reads a weights file as `scripts/train-detector` writes it; `None` if it is not one.
    pub(crate) fn parse(bytes: &'a [u8]) -> Option<Self> {
        if bytes.get(..4)? != b"CLM2" {
            return None;
        }
        let word = |at: usize| -> Option<[u8; 4]> { bytes.get(at..at + 4)?.try_into().ok() };
        let buckets = u32::from_le_bytes(word(4)?);
        let mut table = [0.0; LEVELS];
        for (i, v) in table.iter_mut().enumerate() {
            *v = f32::from_le_bytes(word(16 + 4 * i)?);
        }
        let codes = bytes.get(HEADER..)?;
        if !buckets.is_power_of_two() || buckets < 2 || codes.len() != buckets as usize / 2 {
            return None;
        }
        Some(Self {
            buckets,
            bias: f32::from_le_bytes(word(8)?),
            threshold: f32::from_le_bytes(word(12)?),
            table,
            codes,
        })
    }

    /// The vagueness score for `text`: at or above [`Model::threshold`] means "ask first".
    ///
    /// Deterministic and allocation-free; linear in the first [`MAX_TOKENS`] tokens.
    pub(crate) fn score(&self, text: &str) -> f32 {
        let mut sum = 0.0f64;
        let mut count: u32 = 0;
        for_each_feature(text, self.buckets - 1, |index| {
            sum += f64::from(self.weight(index));
            count += 1;
        });
        // `count` is at least 1 (the end bigram).
        let norm = 1.0 / f64::from(count.max(1)).sqrt();
        (f64::from(self.bias) + norm * sum) as f32
    }

    /// The decision threshold: the equal-error point of cross-validation on the training data.
    pub(crate) fn threshold(&self) -> f32 {
        self.threshold
    }

    fn weight(&self, index: u32) -> f32 {
        let byte = self.codes.get(index as usize / 2).copied().unwrap_or(0);
        let code = if index.is_multiple_of(2) {
            byte & 0x0F
        } else {
            byte >> 4
        };
        self.table[usize::from(code)]
    }
}

/// Calls `f` with the bucket of every feature of `text`, as `features()` in the script does:
/// per token a unigram, a bigram with the previous token (`^` at the start) and, for a proper
/// noun cue (an ASCII word starting with A–Z that does not open a sentence), the feature `P`;
/// then the end bigram (`$`) and the length features (`L0`, `L1`… one per four tokens).
fn for_each_feature(text: &str, mask: u32, mut f: impl FnMut(u32)) {
    let mut word = [0u8; 64];
    let mut prev = [0u8; 64];
    let mut prev_len = 1;
    prev[0] = b'^';
    let proper_noun = Fnv::new().byte(b'P').bucket(mask);
    // A bigram: the two tokens with a space between.
    let bigram = |prev: &[u8], next: &[u8]| {
        (Fnv::new().byte(b'b').bytes(prev).byte(b' ').bytes(next)).bucket(mask)
    };
    let mut tokens = 0;
    for token in Tokens::new(text).take(MAX_TOKENS) {
        tokens += 1;
        let len = token.as_bytes(&mut word).len();
        f(Fnv::new().byte(b'w').bytes(&word[..len]).bucket(mask));
        f(bigram(&prev[..prev_len], &word[..len]));
        if matches!(token, Token::Ascii { proper: true, .. }) {
            f(proper_noun);
        }
        prev[..len].copy_from_slice(&word[..len]);
        prev_len = len;
    }
    f(bigram(&prev[..prev_len], b"$"));
    // Length: `L0`, then one more per LENGTH_STEP tokens up to `L8`.
    for k in 0..=(tokens / LENGTH_STEP).min(LENGTH_CAP) {
        f(Fnv::new().byte(b'L').byte(b'0' + k as u8).bucket(mask));
    }
}

/// A token: a run of ASCII letters and digits (lower-cased, at most 64 bytes kept) or a single
/// other alphanumeric character (a CJK character, an accented letter).
enum Token<'a> {
    /// `proper`: the word starts with A–Z and does not open a sentence (it is not the first
    /// token, and no `.`, `?` or `!` stands between it and the token before).
    Ascii {
        text: &'a str,
        proper: bool,
    },
    Char(char),
}

impl Token<'_> {
    /// Writes the token's bytes (lower-cased) into `buf` and returns them.
    fn as_bytes<'b>(&self, buf: &'b mut [u8]) -> &'b [u8] {
        match self {
            Self::Ascii { text, .. } => {
                let n = text.len().min(64).min(buf.len());
                for (d, b) in buf.iter_mut().zip(text.bytes().take(n)) {
                    *d = b.to_ascii_lowercase();
                }
                &buf[..n]
            }
            // A buffer holds 64 bytes, a character at most 4.
            Self::Char(c) => c.encode_utf8(buf).as_bytes(),
        }
    }
}

struct Tokens<'a> {
    text: &'a str,
    pos: usize,
    /// Whether the next token opens a sentence.
    opens: bool,
}

impl<'a> Tokens<'a> {
    fn new(text: &'a str) -> Self {
        Self {
            text,
            pos: 0,
            opens: true,
        }
    }

    fn ascii(&mut self, text: &'a str) -> Token<'a> {
        let proper = !self.opens && text.as_bytes().first().is_some_and(u8::is_ascii_uppercase);
        self.opens = false;
        Token::Ascii { text, proper }
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        let rest = self.text.get(self.pos..)?;
        let mut start = None;
        for (i, c) in rest.char_indices() {
            if c.is_ascii_alphanumeric() {
                start.get_or_insert(i);
                continue;
            }
            if let Some(s) = start {
                self.pos += i;
                return rest.get(s..i).map(|w| self.ascii(w));
            }
            if matches!(c, '.' | '?' | '!') {
                self.opens = true;
            } else if !c.is_ascii() && c.is_alphanumeric() {
                self.pos += i + c.len_utf8();
                self.opens = false;
                return Some(Token::Char(c));
            }
        }
        self.pos = self.text.len();
        start.and_then(|s| rest.get(s..)).map(|w| self.ascii(w))
    }
}

/// 32-bit FNV-1a, as `fnv1a` in the training script.
struct Fnv(u32);

impl Fnv {
    fn new() -> Self {
        Self(0x811C_9DC5)
    }

    fn byte(self, b: u8) -> Self {
        Self((self.0 ^ u32::from(b)).wrapping_mul(0x0100_0193))
    }

    fn bytes(self, bytes: &[u8]) -> Self {
        bytes.iter().fold(self, |h, b| h.byte(*b))
    }

    /// The hash's bucket among those `mask` (their count less one) numbers.
    fn bucket(self, mask: u32) -> u32 {
        self.0 & mask
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn model_scores_match_training_script() {
        // Printed by `scripts/train-detector` for its PARITY requests.
        let expected = [
            ("Find the capital city of Tasmania.", -3.5634),
            ("Find a recipe for homemade pizza.", -1.6306),
            ("Tell me more about it", -4.8705),
            ("悠遊卡 投遞的格式、成效", -5.1907),
            ("", -2.2826),
            (
                "Is Paris in France? Yes. Compare LeBron James and Michael Jordan, e.g. Stats.",
                -7.7171,
            ),
        ];
        for (text, want) in expected {
            let got = shipped().unwrap().score(text);
            assert!((got - want).abs() < 1e-3, "{text:?}: {got} != {want}");
        }
    }

    #[test]
    fn columns_model_scores_match_training_script() {
        // Printed by `scripts/train-detector --columns` for its PARITY_COLUMNS requests.
        let expected = [
            ("¿Es buena la oferta?", 1.0131),
            ("Wie viel Elterngeld bekomme ich?", 2.8329),
            ("この物件って相場より高い？", 0.8199),
            ("둘 중에 뭐가 나아?", 3.5776),
            ("Qual é a capital de Portugal?", -4.0210),
        ];
        let weights =
            super::super::data::columns_model(crate::protocol::language::Language::Spanish);
        let model = Model::parse(weights.expect("the columns file")).expect("its model");
        for (text, want) in expected {
            let got = model.score(text);
            assert!((got - want).abs() < 1e-3, "{text:?}: {got} != {want}");
        }
    }

    #[test]
    fn the_shipped_model_loads() {
        let m = shipped().expect("detector.bin is well formed");
        assert_eq!(m.buckets, 16384);
        assert_eq!(m.table[0], 0.0);
        assert!(m.threshold.is_finite());
    }

    #[test]
    fn tokens_split_ascii_runs_and_single_other_characters() {
        let toks: Vec<String> = Tokens::new("Hi, 悠遊卡 x2!")
            .map(|t| String::from_utf8_lossy(t.as_bytes(&mut [0; 64])).into_owned())
            .collect();
        assert_eq!(toks, ["hi", "悠", "遊", "卡", "x2"]);
    }

    #[test]
    fn capitalised_words_inside_a_sentence_are_proper_noun_cues() {
        let proper: Vec<bool> = Tokens::new("Is Paris big? Yes. Ask NASA, e.g. Bob 悠 Kim")
            .map(|t| matches!(t, Token::Ascii { proper: true, .. }))
            .collect();
        // Is Paris big Yes Ask NASA e g Bob 悠 Kim
        assert_eq!(
            proper,
            [
                false, true, false, false, false, true, false, false, false, false, true
            ]
        );
    }

    #[test]
    fn long_tokens_and_long_requests_are_bounded() {
        let long = "a".repeat(100_000);
        let m = shipped().unwrap();
        assert!(m.score(&long).is_finite());
        let many = "word ".repeat(20_000);
        assert!(m.score(&many).is_finite());
    }
}
