//! The language a user reads: English, Simplified or Traditional Chinese. The session works it
//! out from the configured tag and the request (see `Session::language`); every sentence the
//! engine writes for the user is written in it.

use serde::{Deserialize, Serialize};

/// A language the user reads. Any language the engine does not write counts as English.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Language {
    /// English (and every language the engine does not write).
    #[default]
    #[serde(rename = "en")]
    English,
    /// Chinese in Simplified characters.
    #[serde(rename = "zh-Hans")]
    Simplified,
    /// Chinese in Traditional characters.
    #[serde(rename = "zh-Hant")]
    Traditional,
}

impl Language {
    /// Every language, English first.
    pub const ALL: [Self; 3] = [Self::English, Self::Simplified, Self::Traditional];

    /// The BCP 47 tag: `en`, `zh-Hans` or `zh-Hant`.
    pub fn tag(self) -> &'static str {
        match self {
            Self::English => "en",
            Self::Simplified => "zh-Hans",
            Self::Traditional => "zh-Hant",
        }
    }

    /// Whether this is English (the default, left out of serialized prompts).
    pub fn is_english(&self) -> bool {
        *self == Self::English
    }
}
