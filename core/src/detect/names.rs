//! Well-known names that commonly mean several things ("Georgia", "Jordan", "Java"): the
//! entity question for hosts without a catalog of their own.
//!
//! A name counts only when written with its capital (an ASCII word starting with A–Z that does
//! not open the request, or the whole request is about it) and when no word of the request
//! already points at one meaning ("Java code", "Amazon rainforest").

/// One ambiguous name: its spelling and its common meanings, each with words that select it.
pub(crate) struct Name {
    /// The name as written, capitalised.
    pub name: &'static str,
    /// Up to four meanings: the option label and the lower-case words that pick this meaning,
    /// space-separated (one string, not a slice: no pointer per word in the wasm).
    pub meanings: &'static [(&'static str, &'static str)],
}

/// The built-in list, kept short: names where each meaning is common enough that guessing
/// would often be wrong.
pub(crate) static NAMES: &[Name] = &[
    n(
        "Georgia",
        &[
            (
                "Georgia, the U.S. state",
                "atlanta state savannah peach usa us",
            ),
            ("Georgia, the country", "tbilisi caucasus country georgian"),
        ],
    ),
    n(
        "Jordan",
        &[
            ("Jordan, the country", "amman petra country kingdom"),
            ("Michael Jordan", "michael bulls nba basketball"),
            ("The Jordan River", "river"),
            ("Air Jordan shoes", "shoes sneakers nike air"),
        ],
    ),
    n(
        "Mercury",
        &[
            (
                "Mercury, the planet",
                "planet orbit sun solar weather surface atmosphere gravity distance",
            ),
            (
                "Mercury, the element",
                "element toxic thermometer poisoning metal",
            ),
            ("Mercury, the Roman god", "god roman myth mythology"),
            ("Freddie Mercury", "freddie queen singer"),
        ],
    ),
    n(
        "Java",
        &[
            (
                "Java, the programming language",
                "code program programming class jvm compile spring android projects github developer developers using library libraries framework version hard easy difficult learn learning tutorial language sun microsystems invented",
            ),
            ("Java, the island", "island indonesia jakarta bali"),
            ("Java coffee", "coffee cup"),
        ],
    ),
    n(
        "Amazon",
        &[
            (
                "Amazon, the company",
                "prime order shipping aws bezos stock seller delivery buy price prices deal deals product products review reviews shop shopping cheapest rated kindle audible books season app alexa",
            ),
            ("The Amazon River", "river"),
            (
                "The Amazon rainforest",
                "rainforest forest jungle deforestation",
            ),
        ],
    ),
    n(
        "Apple",
        &[
            (
                "Apple, the company",
                "iphone mac ipad ios stock macbook company watch",
            ),
            ("The fruit", "fruit pie tree eat recipe juice"),
        ],
    ),
    n(
        "Jaguar",
        &[
            ("Jaguar, the animal", "animal cat jungle habitat wild"),
            ("Jaguar, the car maker", "car cars land rover drive model"),
        ],
    ),
    n(
        "Turkey",
        &[
            (
                "Turkey, the country",
                "istanbul ankara country visit travel",
            ),
            (
                "Turkey, the bird",
                "roast thanksgiving cook bird recipe meat",
            ),
        ],
    ),
    n(
        "Washington",
        &[
            (
                "Washington, D.C.",
                "dc d.c capital white congress monument memorial",
            ),
            ("Washington State", "seattle state spokane"),
            ("George Washington", "george president delaware cherry"),
        ],
    ),
    n(
        "Phoenix",
        &[
            ("Phoenix, Arizona", "arizona city az"),
            ("The mythical phoenix", "bird myth mythology fire ashes"),
            ("Joaquin Phoenix", "joaquin actor"),
        ],
    ),
    n(
        "Columbia",
        &[
            ("Columbia University", "university college ivy"),
            ("Columbia, South Carolina", "carolina sc"),
            ("Columbia Sportswear", "jacket sportswear clothing"),
        ],
    ),
    n(
        "Cambridge",
        &[
            ("Cambridge, England", "england uk university king's"),
            (
                "Cambridge, Massachusetts",
                "massachusetts mit harvard boston",
            ),
        ],
    ),
    n(
        "Saturn",
        &[
            (
                "Saturn, the planet",
                "planet rings moons orbit weather temperature surface atmosphere gravity climate distance far big size day year",
            ),
            ("Saturn, the Roman god", "god roman myth"),
            ("The Saturn V rocket", "rocket apollo nasa v"),
        ],
    ),
    n(
        "Mars",
        &[
            (
                "Mars, the planet",
                "planet rover mission orbit nasa red colony live humans terraform colonize weather temperature surface atmosphere gravity climate distance far big size day year",
            ),
            ("Bruno Mars", "bruno song songs singer"),
            ("Mars, the Roman god", "god roman war"),
        ],
    ),
    n(
        "Corona",
        &[
            ("The Corona beer", "beer drink"),
            ("The coronavirus", "virus covid pandemic vaccine"),
            ("The sun's corona", "sun solar eclipse"),
        ],
    ),
    n(
        "Delta",
        &[
            ("Delta Air Lines", "flight airline airlines baggage miles"),
            ("A river delta", "river nile mississippi"),
            ("The Delta variant", "variant covid virus"),
        ],
    ),
    n(
        "Titanic",
        &[
            (
                "The ship",
                "ship sank sink sunk iceberg sinking 1912 passengers survivors",
            ),
            ("The 1997 film", "film movie dicaprio cameron actor cast"),
        ],
    ),
];

const fn n(name: &'static str, meanings: &'static [(&'static str, &'static str)]) -> Name {
    Name { name, meanings }
}

/// The first listed name in `text` whose meaning no word of the request settles.
///
/// `words` are the request's lower-case words. A name at the very start counts only when the
/// request is at most three words ("Jordan?"), since a capital there says nothing. `may_hold`
/// is a quick filter: false when no word of the request can be the name.
pub(crate) fn ambiguous<'a>(
    text: &str,
    words: &[&str],
    may_hold: impl Fn(&str) -> bool,
) -> Option<&'a Name> {
    NAMES.iter().find(|entry| {
        if !may_hold(entry.name) {
            return false;
        }
        let found = text.match_indices(entry.name).any(|(i, _)| {
            let end = i + entry.name.len();
            let before_ok = text[..i]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric());
            let after_ok = text[end..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_alphanumeric());
            let opens = text[..i].trim().is_empty();
            before_ok && after_ok && (!opens || words.len() <= 3)
        });
        found
            && !entry
                .meanings
                .iter()
                .any(|(_, cues)| super::list(cues).any(|c| words.contains(&c)))
    })
}

/// Each meaning's label in Chinese, Simplified then Traditional, for a Chinese conversation
/// whose request names one of these in English.
static IN_CHINESE: &[(&str, &str, &str)] = &[
    (
        "Georgia, the U.S. state",
        "佐治亚州（美国）",
        "喬治亞州（美國）",
    ),
    ("Georgia, the country", "格鲁吉亚（国家）", "喬治亞（國家）"),
    ("Jordan, the country", "约旦（国家）", "約旦（國家）"),
    ("Michael Jordan", "迈克尔·乔丹", "麥可·喬丹"),
    ("The Jordan River", "约旦河", "約旦河"),
    ("Air Jordan shoes", "Air Jordan 球鞋", "Air Jordan 球鞋"),
    ("Mercury, the planet", "水星（行星）", "水星（行星）"),
    ("Mercury, the element", "汞（化学元素）", "汞（化學元素）"),
    (
        "Mercury, the Roman god",
        "墨丘利（罗马神话）",
        "墨丘利（羅馬神話）",
    ),
    ("Freddie Mercury", "弗雷迪·默丘里", "佛萊迪·墨裘瑞"),
    (
        "Java, the programming language",
        "Java 编程语言",
        "Java 程式語言",
    ),
    ("Java, the island", "爪哇岛", "爪哇島"),
    ("Java coffee", "爪哇咖啡", "爪哇咖啡"),
    ("Amazon, the company", "亚马逊公司", "亞馬遜公司"),
    ("The Amazon River", "亚马逊河", "亞馬遜河"),
    ("The Amazon rainforest", "亚马逊雨林", "亞馬遜雨林"),
    ("Apple, the company", "苹果公司", "蘋果公司"),
    ("The fruit", "苹果（水果）", "蘋果（水果）"),
    ("Jaguar, the animal", "美洲豹（动物）", "美洲豹（動物）"),
    (
        "Jaguar, the car maker",
        "捷豹（汽车品牌）",
        "捷豹（汽車品牌）",
    ),
    ("Turkey, the country", "土耳其（国家）", "土耳其（國家）"),
    ("Turkey, the bird", "火鸡（鸟类）", "火雞（鳥類）"),
    ("Washington, D.C.", "华盛顿特区", "華盛頓特區"),
    ("Washington State", "华盛顿州", "華盛頓州"),
    ("George Washington", "乔治·华盛顿", "喬治·華盛頓"),
    ("Phoenix, Arizona", "亚利桑那州凤凰城", "亞利桑那州鳳凰城"),
    ("The mythical phoenix", "神话中的凤凰", "神話中的鳳凰"),
    ("Joaquin Phoenix", "杰昆·菲尼克斯", "瓦昆·菲尼克斯"),
    ("Columbia University", "哥伦比亚大学", "哥倫比亞大學"),
    (
        "Columbia, South Carolina",
        "南卡罗来纳州哥伦比亚市",
        "南卡羅來納州哥倫比亞市",
    ),
    (
        "Columbia Sportswear",
        "Columbia 运动服饰",
        "Columbia 運動服飾",
    ),
    ("Cambridge, England", "英国剑桥", "英國劍橋"),
    (
        "Cambridge, Massachusetts",
        "马萨诸塞州剑桥市",
        "麻薩諸塞州劍橋市",
    ),
    ("Saturn, the planet", "土星（行星）", "土星（行星）"),
    (
        "Saturn, the Roman god",
        "萨图恩（罗马神话）",
        "薩圖恩（羅馬神話）",
    ),
    ("The Saturn V rocket", "土星五号火箭", "農神五號火箭"),
    ("Mars, the planet", "火星（行星）", "火星（行星）"),
    ("Bruno Mars", "布鲁诺·马尔斯", "布魯諾·馬爾斯"),
    (
        "Mars, the Roman god",
        "马尔斯（罗马神话）",
        "馬爾斯（羅馬神話）",
    ),
    ("The Corona beer", "科罗娜啤酒", "可樂娜啤酒"),
    ("The coronavirus", "冠状病毒", "冠狀病毒"),
    ("The sun's corona", "日冕", "日冕"),
    ("Delta Air Lines", "达美航空", "達美航空"),
    ("A river delta", "河流三角洲", "河流三角洲"),
    ("The Delta variant", "Delta 变异株", "Delta 變異株"),
    ("The ship", "泰坦尼克号（邮轮）", "鐵達尼號（郵輪）"),
    ("The 1997 film", "1997 年的电影", "1997 年的電影"),
];

/// The Chinese label of the meaning labelled `english`, Traditional or Simplified; `None` for
/// a label the table does not have.
pub(crate) fn in_chinese(english: &str, traditional: bool) -> Option<&'static str> {
    IN_CHINESE
        .iter()
        .find(|(label, ..)| *label == english)
        .map(|&(_, simplified, trad)| if traditional { trad } else { simplified })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_meaning_has_a_chinese_label_in_each_script() {
        use crate::detect::script_markers;
        for name in NAMES {
            for (label, _) in name.meanings {
                let simplified = in_chinese(label, false).unwrap_or_else(|| panic!("{label}"));
                let traditional = in_chinese(label, true).unwrap_or_else(|| panic!("{label}"));
                assert_eq!(
                    script_markers(simplified).0,
                    0,
                    "Traditional in {simplified}"
                );
                assert_eq!(
                    script_markers(traditional).1,
                    0,
                    "Simplified in {traditional}"
                );
            }
        }
    }

    fn name_in(text: &str) -> Option<&'static str> {
        let lower = text.to_ascii_lowercase();
        let words = super::super::words_of(&lower);
        ambiguous(text, &words, |_| true).map(|n| n.name)
    }

    #[test]
    fn a_bare_ambiguous_name_is_found() {
        assert_eq!(name_in("What is the capital of Georgia?"), Some("Georgia"));
        assert_eq!(name_in("Tell me about Jordan"), Some("Jordan"));
        assert_eq!(name_in("Mercury?"), Some("Mercury"));
    }

    #[test]
    fn a_word_that_picks_a_meaning_settles_it() {
        assert_eq!(name_in("Write Java code that sorts a list"), None);
        assert_eq!(name_in("How big is the Amazon rainforest?"), None);
        assert_eq!(name_in("Find the top Java projects on GitHub"), None);
        assert_eq!(name_in("learn Rust"), None);
        assert_eq!(name_in("Is Java hard to learn?"), None);
        assert_eq!(name_in("Resize an image using Python"), None);
        assert_eq!(name_in("Find the cheapest vacuum cleaners on Amazon"), None);
        assert_eq!(
            name_in("What is the capital of Georgia, the country?"),
            None
        );
    }

    #[test]
    fn lower_case_words_and_longer_words_are_not_names() {
        assert_eq!(name_in("I ate an apple and some turkey"), None);
        assert_eq!(name_in("Georgian wine"), None);
        assert_eq!(name_in("Apple pie recipe"), None);
    }

    #[test]
    fn every_name_has_two_to_four_meanings() {
        for entry in NAMES {
            assert!((2..=4).contains(&entry.meanings.len()), "{}", entry.name);
        }
    }
}
