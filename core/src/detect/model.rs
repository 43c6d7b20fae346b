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
        let (header, codes) = bytes.split_at_checked(HEADER)?;
        let word = |at: usize| u32::from_le_bytes(std::array::from_fn(|i| header[at + i]));
        let float = |at: usize| f32::from_bits(word(at));
        let buckets = word(4);
        let sized =
            buckets.is_power_of_two() && buckets >= 2 && codes.len() == buckets as usize / 2;
        (header.starts_with(b"CLM2") && sized).then(|| Self {
            buckets,
            bias: float(8),
            threshold: float(12),
            table: std::array::from_fn(|i| float(16 + 4 * i)),
            codes,
        })
    }

    /// The vagueness score for `text`: at or above [`Model::threshold`] means "ask first".
    ///
    /// Deterministic and allocation-free; linear in the first [`MAX_TOKENS`] tokens.
    pub(crate) fn score(&self, text: &str) -> f32 {
        let (mut sum, mut count) = (0.0f64, 0u32);
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
        // The even bucket in the low nibble.
        let code = (byte >> (4 * (index % 2))) & 0x0F;
        self.table[usize::from(code)]
    }
}

/// Calls `f` with the bucket of every feature of `text`, as `features()` in the script does:
/// per token a unigram, a bigram with the previous token (`^` at the start) and, for a proper
/// noun cue (an ASCII word starting with A–Z that does not open a sentence), the feature `P`;
/// then the end bigram (`$`) and the length features (`L0`, `L1`… one per four tokens).
fn for_each_feature(text: &str, mask: u32, mut f: impl FnMut(u32)) {
    // A bigram hashes two tokens with a space between: `bigram` holds the hash of the previous
    // token and the space, which the next token completes.
    let mut bigram = Fnv::BASIS.byte(b'b').byte(b'^').byte(b' ');
    let mut count = 0;
    for (token, proper) in tokens(text).take(MAX_TOKENS) {
        count += 1;
        // Lower-cased, at most 64 bytes kept.
        let word = token.bytes().take(64).map(|b| b.to_ascii_lowercase());
        f(Fnv::BASIS.byte(b'w').bytes(word.clone()).bucket(mask));
        f(bigram.bytes(word.clone()).bucket(mask));
        if proper {
            f(Fnv::BASIS.byte(b'P').bucket(mask));
        }
        bigram = Fnv::BASIS.byte(b'b').bytes(word).byte(b' ');
    }
    f(bigram.byte(b'$').bucket(mask));
    // Length: `L0`, then one more per LENGTH_STEP tokens up to `L8`.
    for k in 0..=(count / LENGTH_STEP).min(LENGTH_CAP) {
        f(Fnv::BASIS.byte(b'L').byte(b'0' + k as u8).bucket(mask));
    }
}

/// The tokens of a text: runs of ASCII letters and digits, and single other alphanumeric
/// characters (a CJK character, an accented letter); each with whether it is a proper noun cue
/// (it starts with A–Z and does not open a sentence: it is not the first token, and no `.`, `?`
/// or `!` stands between it and the token before).
fn tokens(text: &str) -> impl Iterator<Item = (&str, bool)> {
    let mut rest = text;
    // Whether the next token opens a sentence.
    let mut opens = true;
    std::iter::from_fn(move || {
        let start = rest.find(char::is_alphanumeric)?;
        opens |= rest[..start].contains(['.', '?', '!']);
        rest = &rest[start..];
        let first = rest.chars().next()?;
        let len = if first.is_ascii() {
            rest.find(|c: char| !c.is_ascii_alphanumeric())
                .unwrap_or(rest.len())
        } else {
            first.len_utf8()
        };
        let proper = !opens && first.is_ascii_uppercase();
        opens = false;
        let (token, after) = rest.split_at(len);
        rest = after;
        Some((token, proper))
    })
}

/// 32-bit FNV-1a, as `fnv1a` in the training script.
#[derive(Clone, Copy)]
struct Fnv(u32);

impl Fnv {
    /// The offset basis: the hash of no bytes.
    const BASIS: Self = Self(0x811C_9DC5);

    fn byte(self, b: u8) -> Self {
        Self((self.0 ^ u32::from(b)).wrapping_mul(0x0100_0193))
    }

    fn bytes(self, bytes: impl IntoIterator<Item = u8>) -> Self {
        bytes.into_iter().fold(self, Self::byte)
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
            ("Find the capital city of Tasmania.", -5.7190),
            ("Find a recipe for homemade pizza.", -2.7803),
            ("Tell me more about it", -5.0187),
            ("悠遊卡 投遞的格式、成效", -6.9169),
            ("", -1.8027),
            (
                "Is Paris in France? Yes. Compare LeBron James and Michael Jordan, e.g. Stats.",
                -8.3493,
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
        let toks: Vec<&str> = tokens("Hi, 悠遊卡 x2!").map(|(t, _)| t).collect();
        assert_eq!(toks, ["Hi", "悠", "遊", "卡", "x2"]);
    }

    #[test]
    fn capitalised_words_inside_a_sentence_are_proper_noun_cues() {
        let proper: Vec<bool> = tokens("Is Paris big? Yes. Ask NASA, e.g. Bob 悠 Kim")
            .map(|(_, proper)| proper)
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
