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
pub fn is_cjk(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}' | '\u{F900}'..='\u{FAFF}')
}

/// Sorts `items` by `order`, keeping equal items in their order (as `slice::sort_by` does).
///
/// Insertion sort, for the engine's short lists (a request's questions, the names it mentions):
/// quadratic, but each call site costs a small loop in the WebAssembly bundle where the standard
/// library's stable sort costs several kilobytes per element type and comparison.
pub(crate) fn sort_short_by<T>(
    items: &mut [T],
    mut order: impl FnMut(&T, &T) -> std::cmp::Ordering,
) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && order(&items[j - 1], &items[j]) == std::cmp::Ordering::Greater {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
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

    #[test]
    fn a_short_sort_orders_like_the_stable_sort() {
        // Keys with many ties; the second field records the original position.
        let mut seed = 7u32;
        for len in 0..40 {
            let items: Vec<(u32, usize)> = (0..len)
                .map(|i| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    ((seed >> 16) % 5, i)
                })
                .collect();
            let mut expected = items.clone();
            expected.sort_by_key(|&(k, _)| k);
            let mut sorted = items;
            sort_short_by(&mut sorted, |a, b| a.0.cmp(&b.0));
            assert_eq!(sorted, expected, "length {len}");
        }
    }
}
