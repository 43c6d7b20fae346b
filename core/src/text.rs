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

/// `text` with its typographic single quotes written as `'` ("Karen’s", "I’m", "l’été", "‘who’
/// or ‘whom’"), as phones and word processors type them: the product's word lists, phrases and
/// replies are written with the ASCII one, and a quotation between them is read as one.
pub(crate) fn plain_apostrophes(text: &str) -> std::borrow::Cow<'_, str> {
    if typographic(text) {
        text.replace(['‘', '’'], "'").into()
    } else {
        text.into()
    }
}

/// Whether `text` holds a typographic single quote (each looked for alone: a search for one
/// character skips along the text).
pub(crate) fn typographic(text: &str) -> bool {
    text.contains('’') || text.contains('‘')
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

/// How many Traditional-only and Simplified-only characters `text` holds: which Chinese script
/// it is written in, for the session's language, the detector's wordings and the phrases.
pub(crate) fn script_markers(text: &str) -> (usize, usize) {
    text.chars().fold((0, 0), |(trad, simp), c| {
        (
            trad + usize::from(traditional_only(c)),
            simp + usize::from(simplified_only(c)),
        )
    })
}

/// A common character written only in Traditional script.
fn traditional_only(c: char) -> bool {
    TRADITIONAL_ONLY.binary_search(&c).is_ok()
}

/// A common character written only in Simplified script.
fn simplified_only(c: char) -> bool {
    SIMPLIFIED_ONLY.binary_search(&c).is_ok()
}

/// Common characters written only in Traditional script, in code point order (a binary search
/// finds one; a test checks the order).
#[rustfmt::skip]
static TRADITIONAL_ONLY: [char; 231] = [
    '來', '個', '們', '備', '傳', '傷', '傾', '價', '儲', '兒', '內', '兩', '劃', '劇', '動', '務', '區', '員',
    '問', '單', '嗎', '國', '園', '圖', '報', '場', '塊', '壓', '壞', '媽', '學', '實', '寫', '寵', '寶', '對',
    '導', '師', '帶', '幣', '幫', '幾', '廁', '廠', '廣', '廳', '張', '後', '從', '悶', '愛', '應', '戲', '換',
    '擇', '據', '數', '於', '時', '書', '會', '東', '條', '業', '樂', '樓', '樣', '機', '權', '歐', '歡', '歲',
    '歷', '氣', '況', '減', '準', '溫', '濕', '災', '為', '無', '煩', '熱', '燈', '營', '狀', '獸', '現', '畫',
    '療', '癢', '發', '種', '筆', '約', '紙', '級', '組', '結', '絡', '給', '統', '經', '網', '緊', '線', '總',
    '續', '義', '習', '聞', '聯', '聲', '聽', '腦', '膚', '與', '舊', '華', '萬', '薦', '藝', '藥', '蘋', '處',
    '號', '術', '裝', '裡', '見', '規', '視', '親', '覺', '觀', '訂', '計', '訊', '記', '設', '詢', '試', '話',
    '該', '認', '語', '說', '誰', '課', '請', '論', '證', '識', '譯', '議', '護', '讀', '變', '讓', '讚', '貓',
    '貨', '貴', '買', '貸', '費', '資', '賣', '車', '較', '輕', '轉', '辦', '這', '連', '進', '遊', '運', '過',
    '達', '遞', '遠', '適', '選', '還', '邊', '鄰', '醫', '釋', '銀', '銷', '錄', '錢', '錯', '鐘', '鐵', '長',
    '門', '開', '間', '關', '陽', '隊', '際', '險', '雙', '雜', '雞', '離', '難', '雲', '電', '頁', '預', '領',
    '頭', '題', '顏', '顧', '風', '飛', '飯', '飲', '館', '馬', '驗', '體', '鳥', '麼', '點',
];

/// Their Simplified forms, in code point order, less those Traditional writes too (里, 于, 万).
#[rustfmt::skip]
static SIMPLIFIED_ONLY: [char; 225] = [
    '与', '业', '东', '两', '个', '为', '么', '义', '乐', '习', '书', '买', '亲', '从', '们', '价', '会', '传',
    '伤', '体', '倾', '储', '儿', '关', '兽', '内', '写', '况', '减', '几', '划', '剧', '办', '务', '动', '区',
    '医', '华', '单', '卖', '厂', '厅', '历', '压', '厕', '双', '发', '变', '号', '后', '吗', '听', '员', '园',
    '国', '图', '场', '坏', '块', '声', '处', '备', '头', '妈', '学', '宝', '实', '宠', '对', '导', '岁', '币',
    '师', '带', '帮', '广', '应', '开', '张', '录', '总', '戏', '护', '报', '择', '换', '据', '数', '无', '旧',
    '时', '术', '机', '杂', '权', '条', '来', '样', '楼', '欢', '欧', '气', '温', '游', '湿', '灯', '灾', '点',
    '烦', '热', '爱', '状', '现', '电', '画', '疗', '痒', '离', '种', '笔', '紧', '约', '级', '纸', '线', '组',
    '经', '结', '给', '络', '统', '续', '网', '联', '肤', '脑', '艺', '苹', '荐', '药', '营', '装', '见', '观',
    '规', '视', '觉', '计', '订', '认', '让', '议', '讯', '记', '论', '设', '证', '识', '译', '试', '话', '询',
    '该', '语', '说', '请', '读', '课', '谁', '货', '贵', '贷', '费', '资', '赞', '车', '转', '轻', '较', '边',
    '达', '过', '运', '还', '这', '进', '远', '连', '适', '选', '递', '邻', '释', '钟', '钱', '铁', '银', '销',
    '错', '长', '门', '问', '间', '闷', '闻', '队', '阳', '际', '险', '难', '页', '顾', '预', '领', '题', '颜',
    '风', '飞', '饭', '饮', '馆', '马', '验', '鸟', '鸡',
];

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

    #[test]
    fn the_script_lists_are_in_order() {
        // A binary search in a list out of order misses words that are in it.
        for list in [&TRADITIONAL_ONLY[..], &SIMPLIFIED_ONLY[..]] {
            assert!(list.windows(2).all(|w| w[0] < w[1]), "{list:?}");
        }
        assert!(traditional_only('這') && simplified_only('这') && !traditional_only('这'));
    }

    #[test]
    fn cantonese_small_talk_reads_as_traditional() {
        // Hong Kong writes Traditional; this line has no other character of the lists.
        assert_eq!(script_markers("今晚好悶呀，陪我傾下偈啦"), (2, 0));
        assert_eq!(script_markers("今晚好闷呀"), (0, 1));
    }

    #[test]
    fn a_short_traditional_request_is_told_by_its_common_characters() {
        // Each of these was answered in Simplified when the lists held fewer characters.
        for text in [
            "好無聊喔",
            "小朋友一直咳嗽，要不要帶去看醫生？",
            "裝潢大概要抓多少預算",
            "居留證延期要準備哪些文件？",
        ] {
            let (traditional, simplified) = script_markers(text);
            assert!(traditional > 0 && simplified == 0, "{text}");
        }
        assert_eq!(script_markers("装修大概要多少预算"), (0, 2));
    }
}
