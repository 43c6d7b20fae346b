//! Matching names and keywords in a request: whole words for Latin script, substrings for
//! Chinese, ASCII case-insensitive so byte offsets stay those of the original text.

/// Bytes of a request that are searched; enough for any real request, and it bounds the cost of
/// a 100 KB paste.
const MAX_BYTES: usize = 16 * 1024;

/// A request prepared for matching.
pub(super) struct Haystack<'a> {
    original: &'a str,
    lower: String,
}

impl<'a> Haystack<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        let original = text
            .get(..text.floor_char_boundary(MAX_BYTES))
            .unwrap_or_default();
        Self {
            original,
            lower: original.to_ascii_lowercase(),
        }
    }

    /// The first occurrence of `needle` as `(start, end)` byte offsets, or `None`.
    ///
    /// A needle with Latin letters or digits at its edges must sit on word boundaries; with
    /// `stem`, a needle of four bytes or more may go on with an inflection (`crash` finds
    /// `crashes`, `my plan` does not find `my plants`). Other needles (Chinese) match anywhere.
    pub(super) fn find(&self, needle: &str, stem: bool) -> Option<(usize, usize)> {
        let needle = needle.trim().to_ascii_lowercase();
        if needle.is_empty() {
            return None;
        }
        let starts_word = needle.chars().next().is_some_and(char::is_alphanumeric)
            && needle.chars().next().is_some_and(|c| c.is_ascii());
        let ends_word = needle
            .chars()
            .last()
            .is_some_and(|c| c.is_ascii_alphanumeric());
        let allow_stem = stem && needle.len() >= 4;
        for (start, m) in self.lower.match_indices(needle.as_str()) {
            let end = start + m.len();
            let before_ok = !starts_word
                || self.lower[..start]
                    .chars()
                    .next_back()
                    .is_none_or(|c| !c.is_alphanumeric());
            if !before_ok {
                continue;
            }
            if !ends_word {
                return Some((start, end));
            }
            let word_end = self.lower[end..]
                .char_indices()
                .find(|(_, c)| !c.is_alphanumeric())
                .map_or(self.lower.len(), |(i, _)| end + i);
            if word_end == end {
                return Some((start, end));
            }
            if allow_stem && crate::detect::is_inflection(&self.lower[end..word_end]) {
                return Some((start, word_end));
            }
        }
        None
    }

    /// The original text between byte offsets from [`find`](Self::find).
    pub(super) fn slice(&self, start: usize, end: usize) -> &'a str {
        self.original.get(start..end).unwrap_or_default()
    }

    /// Terms in quotes: "…", “…”, 「…」, 『…』, with their byte spans; up to 40 characters, the
    /// length of a name.
    pub(super) fn quoted(&self) -> Vec<(usize, usize)> {
        self.quotes(40)
    }

    /// Every quoted span of up to `max_chars` characters: "…", “…”, 「…」, 『…』.
    pub(super) fn quotes(&self, max_chars: usize) -> Vec<(usize, usize)> {
        const PAIRS: [(char, char); 4] = [('"', '"'), ('“', '”'), ('「', '」'), ('『', '』')];
        let mut out = Vec::new();
        for (open, close) in PAIRS {
            let mut from = 0;
            while let Some(i) = self.original[from..].find(open) {
                let start = from + i + open.len_utf8();
                let Some(j) = self.original[start..].find(close) else {
                    break;
                };
                let end = start + j;
                let term = self.original[start..end].trim();
                if !term.is_empty() && term.chars().count() <= max_chars {
                    out.push((start, end));
                }
                from = end + close.len_utf8();
            }
        }
        out.extend(self.single_quotes(max_chars));
        out.sort_unstable();
        out
    }

    /// Spans quoted in ASCII single quotes ("Rewrite this: 'Your delivery was late…'"): one
    /// opens where no letter or digit stands before it and closes where none stands after, so
    /// an apostrophe ("don't", "the kids' room") is neither.
    fn single_quotes(&self, max_chars: usize) -> Vec<(usize, usize)> {
        let text = &self.original;
        let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
        let marks: Vec<usize> = text.match_indices('\'').map(|(i, _)| i).collect();
        let opens =
            |i: usize| !word(text[..i].chars().next_back()) && word(text[i + 1..].chars().next());
        let closes = |i: usize| !word(text[i + 1..].chars().next());
        let mut out = Vec::new();
        let mut at = 0;
        while let Some(&open) = marks[at..].iter().find(|&&i| opens(i)) {
            let start = open + 1;
            let Some(&close) = marks.iter().find(|&&i| i > open && closes(i)) else {
                break;
            };
            if text[start..close].chars().count() <= max_chars {
                out.push((start, close));
            }
            at = marks
                .iter()
                .position(|&i| i == close)
                .map_or(marks.len(), |p| p + 1);
        }
        out
    }
}

/// 1-based line of the `index`-th (0-based) `"id"` key in `json`, or 0 if there is none; how
/// load errors point at an entry.
pub(super) fn id_line(json: &str, index: usize) -> usize {
    json.match_indices("\"id\"")
        .filter(|(i, _)| json[i + 4..].trim_start().starts_with(':'))
        .nth(index)
        .map_or(0, |(i, _)| json[..i].matches('\n').count() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_quotes_quote_and_apostrophes_do_not() {
        let h = Haystack::new("Rewrite this: 'Your delivery was late and I don't want it.' Thanks");
        let quoted = h.quotes(usize::MAX);
        assert_eq!(quoted.len(), 1);
        let (s, e) = quoted[0];
        assert_eq!(
            &h.original[s..e],
            "Your delivery was late and I don't want it."
        );
        assert!(
            Haystack::new("the kids' room isn't big")
                .quotes(usize::MAX)
                .is_empty()
        );
    }

    #[test]
    fn whole_words_case_insensitive() {
        let h = Haystack::new("My PRO keeps crashing, not a problem");
        assert_eq!(h.find("pro", false), Some((3, 6)));
        assert_eq!(h.find("prob", false), None);
        assert_eq!(h.find("crash", true), Some((13, 21)));
        assert_eq!(h.find("crash", false), None);
        let h = Haystack::new("Water my plants; my plans changed");
        assert_eq!(h.find("my plan", true), Some((17, 25)));
    }

    #[test]
    fn chinese_matches_as_substring() {
        let h = Haystack::new("悠遊卡 投遞的格式、成效");
        assert_eq!(h.slice(0, 9), "悠遊卡");
        assert!(h.find("悠遊卡", false).is_some());
        assert!(h.find("成效", false).is_some());
    }

    #[test]
    fn quoted_terms_are_found() {
        let h = Haystack::new("Is \"Zeta\" or 「悠遊卡」 better?");
        let terms: Vec<&str> = h.quoted().into_iter().map(|(s, e)| h.slice(s, e)).collect();
        assert_eq!(terms, ["Zeta", "悠遊卡"]);
    }

    #[test]
    fn id_line_counts_lines() {
        let json = "{\"documents\": [\n {\"id\": \"a\"},\n {\"id\": \"b\"}]}";
        assert_eq!(id_line(json, 0), 2);
        assert_eq!(id_line(json, 1), 3);
        assert_eq!(id_line(json, 2), 0);
    }
}
