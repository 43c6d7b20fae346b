//! Small text helpers shared by the engine's modules.

/// At most 60 characters of `text`, with "…" when it was cut; for traces and notices.
pub(crate) fn preview(text: &str) -> String {
    const CHARS: usize = 60;
    let mut p: String = text.chars().take(CHARS).collect();
    if text.chars().nth(CHARS).is_some() {
        p.push('…');
    }
    p
}

/// Whether `c` is a CJK ideograph: the unified block, extension A, or the compatibility block.
pub(crate) fn is_cjk(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}' | '\u{F900}'..='\u{FAFF}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_preview_cuts_at_sixty_characters_not_bytes() {
        let long = "我".repeat(61);
        let p = preview(&long);
        assert_eq!(p.chars().count(), 61);
        assert!(p.ends_with('…'));
        assert_eq!(preview(&"我".repeat(60)), "我".repeat(60));
    }

    #[test]
    fn ideographs_are_cjk_and_kana_and_latin_are_not() {
        assert!(['悠', '卡', '㐀', '豈', '\u{FA0E}'].into_iter().all(is_cjk));
        assert!(!['a', 'ア', '한', '1'].into_iter().any(is_cjk));
    }
}
