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

/// `c` lower-cased, the same characters as `char::to_lowercase` gives (one, or two for İ).
///
/// The engine lower-cases to make question ids insensitive to case. The standard library's
/// mapping is a table of about 1,460 character pairs (12 KB of every wasm bundle); the build
/// script writes the same mapping from that function as about 180 runs of characters that move
/// by the same amount (A–Z, À–Þ, Ā ā Ă ă …), and a test holds the two equal for every character.
pub(crate) fn lowercase(c: char) -> impl Iterator<Item = char> {
    let (one, two) = match c {
        'A'..='Z' => (c.to_ascii_lowercase(), None),
        '\0'..='\u{7F}' => (c, None),
        '\u{130}' => ('i', Some('\u{307}')),
        _ => (lowercase_by_runs(c), None),
    };
    std::iter::once(one).chain(two)
}

include!(concat!(env!("OUT_DIR"), "/lowercase.rs"));

/// `c` lower-cased by [`LOWERCASE_RUNS`] (a character no run holds is its own lower case).
fn lowercase_by_runs(c: char) -> char {
    let code = u32::from(c);
    let at = LOWERCASE_RUNS.partition_point(|&(first, ..)| first <= code);
    let Some(&(first, count, stride, delta)) = at.checked_sub(1).map(|i| &LOWERCASE_RUNS[i]) else {
        return c;
    };
    let offset = code - first;
    let stride = u32::from(stride);
    if offset % stride == 0 && offset / stride < u32::from(count) {
        char::from_u32(code.wrapping_add_signed(delta)).unwrap_or(c)
    } else {
        c
    }
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
    fn lowercase_gives_what_the_standard_library_gives_for_every_character() {
        let mut differing = 0;
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let ours: String = lowercase(c).collect();
            let std: String = c.to_lowercase().collect();
            assert_eq!(ours, std, "{c:?} (U+{:04X})", u32::from(c));
            differing += usize::from(ours != c.to_string());
        }
        assert!(differing > 1_400, "{differing} characters change case");
        assert!(LOWERCASE_RUNS.len() < 250, "{} runs", LOWERCASE_RUNS.len());
    }

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
