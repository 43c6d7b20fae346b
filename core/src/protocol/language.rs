//! The language a user reads: English, Simplified or Traditional Chinese, Japanese, Korean,
//! Spanish, French, German, Portuguese or Italian. The session works it out from the configured
//! tag and the request (see `Session::language`); every sentence the engine writes for the user
//! is written in it. A shell negotiates the language of its chrome with [`Language::negotiate`].

use strum::{IntoStaticStr, VariantArray, VariantNames};

/// A language the user reads. Any language the engine does not write counts as English.
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    IntoStaticStr,
    VariantNames,
    VariantArray,
)]
pub enum Language {
    /// English (and every language the engine does not write).
    #[default]
    #[strum(serialize = "en")]
    English,
    /// Chinese in Simplified characters.
    #[strum(serialize = "zh-Hans")]
    Simplified,
    /// Chinese in Traditional characters.
    #[strum(serialize = "zh-Hant")]
    Traditional,
    /// Japanese.
    #[strum(serialize = "ja")]
    Japanese,
    /// Korean.
    #[strum(serialize = "ko")]
    Korean,
    /// Spanish.
    #[strum(serialize = "es")]
    Spanish,
    /// French.
    #[strum(serialize = "fr")]
    French,
    /// German.
    #[strum(serialize = "de")]
    German,
    /// Portuguese.
    #[strum(serialize = "pt")]
    Portuguese,
    /// Italian.
    #[strum(serialize = "it")]
    Italian,
}
crate::unit_enum::impl_unit_enum!(Language);

impl Language {
    /// Every language, English first, in the order of the wordings' files.
    pub const ALL: [Self; 10] = [
        Self::English,
        Self::Simplified,
        Self::Traditional,
        Self::Japanese,
        Self::Korean,
        Self::Spanish,
        Self::French,
        Self::German,
        Self::Portuguese,
        Self::Italian,
    ];

    /// The BCP 47 tag: `en`, `zh-Hans`, `zh-Hant`, `ja`, `ko`, `es`, `fr`, `de`, `pt` or `it`.
    pub fn tag(self) -> &'static str {
        self.as_str()
    }

    /// The language a BCP 47 tag names ([`Language::negotiate`]), English for a tag that is
    /// not well formed.
    pub fn from_tag(tag: &str) -> Self {
        Self::negotiate(tag).unwrap_or_default()
    }

    /// The language written for a well-formed BCP 47 `tag`, falling back from the tag to its
    /// language and then to English: `pt-BR` → Portuguese, `zh-HK` and `zh-TW` → Traditional,
    /// `zh` and `zh-CN` → Simplified, `nl` → English.
    ///
    /// # Errors
    /// [`BadTag`] when `tag` is not a well-formed BCP 47 tag (`xx-invalid!!`, `""`, `en-`).
    pub fn negotiate(tag: &str) -> Result<Self, BadTag> {
        if !well_formed(tag) {
            return Err(BadTag {
                tag: tag.to_owned(),
            });
        }
        Ok(match Tag::read(tag) {
            Tag::Other => Self::English,
            Tag::Chinese => Self::Simplified,
            Tag::Named(language) => language,
        })
    }

    /// The first of `tags` (a browser's `navigator.languages`, most preferred first) whose
    /// language the engine writes, else English: `["nl", "de-AT"]` → German.
    pub fn negotiate_list<'a>(tags: impl IntoIterator<Item = &'a str>) -> Self {
        tags.into_iter()
            .filter(|tag| well_formed(tag))
            .find_map(|tag| match Tag::read(tag) {
                Tag::Chinese => Some(Self::Simplified),
                Tag::Named(language) => Some(language),
                Tag::Other => {
                    let primary = tag.trim().split(['-', '_']).next().unwrap_or_default();
                    primary.eq_ignore_ascii_case("en").then_some(Self::English)
                }
            })
            .unwrap_or_default()
    }

    /// The language a language identifier names ("Japanese", "Spanish": the detector's names).
    pub fn named(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|l| l.english_name() == name)
    }

    /// The language's English name, as the detector and the LLM's instructions name it.
    pub fn english_name(self) -> &'static str {
        match self {
            Self::English => "English",
            Self::Simplified => "Simplified Chinese",
            Self::Traditional => "Traditional Chinese",
            Self::Japanese => "Japanese",
            Self::Korean => "Korean",
            Self::Spanish => "Spanish",
            Self::French => "French",
            Self::German => "German",
            Self::Portuguese => "Portuguese",
            Self::Italian => "Italian",
        }
    }

    /// Whether this is English (the default, left out of serialized prompts).
    pub fn is_english(&self) -> bool {
        *self == Self::English
    }

    /// Whether this is Chinese, in either script.
    pub fn is_chinese(self) -> bool {
        matches!(self, Self::Simplified | Self::Traditional)
    }
}

/// A language tag that is not a well-formed BCP 47 tag.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{tag:?} is not a BCP 47 language tag (such as \"en\", \"pt-BR\" or \"zh-Hant\")")]
pub struct BadTag {
    /// The tag as it came.
    pub tag: String,
}

/// Whether `tag` is a well-formed BCP 47 tag (RFC 5646's syntax, `_` taken for `-`): a primary
/// language subtag of 2–3 or 5–8 letters (or `x` for private use), then subtags of 1–8 letters
/// and digits, a one-character subtag (an extension's singleton) never last.
fn well_formed(tag: &str) -> bool {
    let mut subtags = tag.trim().split(['-', '_']);
    let primary = subtags.next().unwrap_or_default();
    let letters = primary.bytes().all(|b| b.is_ascii_alphabetic());
    let primary_ok =
        letters && matches!(primary.len(), 2 | 3 | 5..=8) || primary.eq_ignore_ascii_case("x");
    let rest: Vec<&str> = subtags.collect();
    let rest_ok = rest
        .iter()
        .all(|s| (1..=8).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric()));
    let singleton_last =
        rest.last().is_some_and(|s| s.len() == 1) || (primary.len() == 1 && rest.is_empty());
    primary_ok && rest_ok && !singleton_last
}

/// What a BCP 47 language tag says of the reader's language: the one reading of tags, used by
/// the engine, the app and the terminal alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tag {
    /// A tag that names no language the engine writes but English (`en`, `nl`, `""`): the
    /// engine writes English, or Chinese for a request written in it.
    Other,
    /// Chinese with its script left open (`zh`): the request's script decides.
    Chinese,
    /// A language the engine writes other than English: Chinese in a named script
    /// (Traditional for `zh-Hant`, `zh-TW`, `zh-HK`, `zh-MO`, Simplified for `zh-Hans`,
    /// `zh-CN`, `zh-SG`), Japanese, Korean, Spanish, French, German, Portuguese or Italian
    /// (`pt-BR` is Portuguese). Case and `-`/`_` do not matter.
    Named(Language),
}

impl Tag {
    /// Reads `tag`.
    pub fn read(tag: &str) -> Self {
        let tag = tag.trim().to_ascii_lowercase();
        let mut parts = tag.split(['-', '_']);
        let primary = parts.next().unwrap_or_default();
        if primary != "zh" {
            return Self::read_primary(primary);
        }
        let subtags: Vec<&str> = parts.collect();
        let names = |these: &[&str]| subtags.iter().any(|s| these.contains(s));
        if names(&["hant", "tw", "hk", "mo"]) {
            Self::Named(Language::Traditional)
        } else if names(&["hans", "cn", "sg"]) {
            Self::Named(Language::Simplified)
        } else {
            Self::Chinese
        }
    }

    /// What a primary language subtag other than `zh` names.
    fn read_primary(primary: &str) -> Self {
        match primary {
            "ja" => Self::Named(Language::Japanese),
            "ko" => Self::Named(Language::Korean),
            "es" => Self::Named(Language::Spanish),
            "fr" => Self::Named(Language::French),
            "de" => Self::Named(Language::German),
            "pt" => Self::Named(Language::Portuguese),
            "it" => Self::Named(Language::Italian),
            _ => Self::Other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tag_names_chinese_and_perhaps_its_script() {
        for (tag, read) in [
            ("en", Tag::Other),
            ("", Tag::Other),
            ("zhx", Tag::Other),
            ("zh", Tag::Chinese),
            (" ZH ", Tag::Chinese),
            ("zh-Hant", Tag::Named(Language::Traditional)),
            ("zh_TW", Tag::Named(Language::Traditional)),
            ("zh-Hant-HK", Tag::Named(Language::Traditional)),
            ("zh-CN", Tag::Named(Language::Simplified)),
            ("zh-Hans", Tag::Named(Language::Simplified)),
            ("pt-BR", Tag::Named(Language::Portuguese)),
            ("JA", Tag::Named(Language::Japanese)),
            ("nl", Tag::Other),
        ] {
            assert_eq!(Tag::read(tag), read, "{tag:?}");
        }
        assert_eq!(Language::from_tag("zh"), Language::Simplified);
        assert_eq!(Language::from_tag("zh-MO"), Language::Traditional);
        assert_eq!(Language::from_tag("fr"), Language::French);
        assert_eq!(Language::from_tag("nl"), Language::English);
    }

    #[test]
    fn negotiation_falls_back_from_the_tag_to_its_language_then_english() {
        for (tag, language) in [
            ("pt-BR", Language::Portuguese),
            ("pt", Language::Portuguese),
            ("zh-HK", Language::Traditional),
            ("zh-TW", Language::Traditional),
            ("zh-Hant", Language::Traditional),
            ("zh", Language::Simplified),
            ("zh-CN", Language::Simplified),
            ("ja-JP", Language::Japanese),
            ("ko-KR", Language::Korean),
            ("es-419", Language::Spanish),
            ("fr-CA", Language::French),
            ("de-CH-1996", Language::German),
            ("it", Language::Italian),
            ("en-GB", Language::English),
            ("nl", Language::English),
            ("x-private", Language::English),
            ("sgn-BE-FR", Language::English),
        ] {
            assert_eq!(Language::negotiate(tag), Ok(language), "{tag}");
        }
        for bad in [
            "xx-invalid!!",
            "",
            " ",
            "en-",
            "e",
            "toolongtag",
            "en-abcdefghi",
            "de-x",
            "-en",
        ] {
            assert_eq!(
                Language::negotiate(bad),
                Err(BadTag { tag: bad.into() }),
                "{bad:?}"
            );
        }
        assert_eq!(Language::from_tag("xx-invalid!!"), Language::English);
    }

    #[test]
    fn a_browser_list_gives_its_first_language_the_engine_writes() {
        assert_eq!(
            Language::negotiate_list(["nl", "de-AT", "fr"]),
            Language::German
        );
        assert_eq!(Language::negotiate_list(["en-US", "ja"]), Language::English);
        assert_eq!(
            Language::negotiate_list(["bad!!", "zh-HK"]),
            Language::Traditional
        );
        assert_eq!(Language::negotiate_list([]), Language::English);
        for language in Language::ALL {
            assert_eq!(Language::negotiate(language.tag()), Ok(language));
            assert_eq!(Language::named(language.english_name()), Some(language));
        }
    }
}
