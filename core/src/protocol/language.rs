//! The language a user reads: English, Simplified or Traditional Chinese. The session works it
//! out from the configured tag and the request (see `Session::language`); every sentence the
//! engine writes for the user is written in it.

/// A language the user reads. Any language the engine does not write counts as English.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Language {
    /// English (and every language the engine does not write).
    #[default]
    English,
    /// Chinese in Simplified characters.
    Simplified,
    /// Chinese in Traditional characters.
    Traditional,
}
crate::unit_enum::impl_unit_enum!(Language {
    English = "en",
    Simplified = "zh-Hans",
    Traditional = "zh-Hant",
});

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

    /// The language a BCP 47 tag names ([`Tag::read`]): the script it names, Simplified for a
    /// bare `zh`, English for any tag that does not name Chinese.
    pub fn from_tag(tag: &str) -> Self {
        match Tag::read(tag) {
            Tag::Other => Self::English,
            Tag::Chinese => Self::Simplified,
            Tag::Script(language) => language,
        }
    }

    /// Whether this is English (the default, left out of serialized prompts).
    pub fn is_english(&self) -> bool {
        *self == Self::English
    }
}

/// What a BCP 47 language tag says of the reader's language: the one reading of tags, used by
/// the engine, the app and the terminal alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tag {
    /// A tag that does not name Chinese (`en`, `fr-CA`, `""`): the engine writes English.
    Other,
    /// Chinese with its script left open (`zh`): the request's script decides.
    Chinese,
    /// Chinese in a named script: Traditional for `zh-Hant`, `zh-TW`, `zh-HK`, `zh-MO`,
    /// Simplified for `zh-Hans`, `zh-CN`, `zh-SG` (case and `-`/`_` do not matter).
    Script(Language),
}

impl Tag {
    /// Reads `tag`.
    pub fn read(tag: &str) -> Self {
        let tag = tag.trim().to_ascii_lowercase();
        let mut parts = tag.split(['-', '_']);
        if parts.next() != Some("zh") {
            return Self::Other;
        }
        let subtags: Vec<&str> = parts.collect();
        let names = |these: &[&str]| subtags.iter().any(|s| these.contains(s));
        if names(&["hant", "tw", "hk", "mo"]) {
            Self::Script(Language::Traditional)
        } else if names(&["hans", "cn", "sg"]) {
            Self::Script(Language::Simplified)
        } else {
            Self::Chinese
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
            ("zh-Hant", Tag::Script(Language::Traditional)),
            ("zh_TW", Tag::Script(Language::Traditional)),
            ("zh-Hant-HK", Tag::Script(Language::Traditional)),
            ("zh-CN", Tag::Script(Language::Simplified)),
            ("zh-Hans", Tag::Script(Language::Simplified)),
        ] {
            assert_eq!(Tag::read(tag), read, "{tag:?}");
        }
        assert_eq!(Language::from_tag("zh"), Language::Simplified);
        assert_eq!(Language::from_tag("zh-MO"), Language::Traditional);
        assert_eq!(Language::from_tag("fr"), Language::English);
    }
}
