//! Question templates per kind of task, in English and Chinese.
//!
//! The English topics and their options follow the details IN3's annotators most often found
//! missing (duration and budget of a trip, dietary restrictions, skill level, operating system,
//! audience, time frame of "latest"…; IN3, Qian et al., 2024, Apache-2.0).

use crate::protocol::question::Priority;

use super::Kind;

/// A question the detector can ask, with the words that make it relevant.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Template {
    /// The vagueness kind it resolves.
    pub kind: Kind,
    /// Lower-case words (or word stems of four letters or more) that select it.
    pub triggers: &'static [&'static str],
    /// Words that show the detail is already given; any of them suppresses the template.
    pub given: &'static [&'static str],
    pub text: &'static str,
    pub why: &'static str,
    pub options: &'static [&'static str],
    pub priority: Priority,
    pub assumption: &'static str,
}

// One positional constructor keeps the table readable: one template per block.
#[allow(clippy::too_many_arguments)]
const fn t(
    kind: Kind,
    triggers: &'static [&'static str],
    given: &'static [&'static str],
    text: &'static str,
    why: &'static str,
    options: &'static [&'static str],
    priority: Priority,
    assumption: &'static str,
) -> Template {
    Template {
        kind,
        triggers,
        given,
        text,
        why,
        options,
        priority,
        assumption,
    }
}

use Kind::{AmbiguousReference as Amb, UnderspecifiedParameter as Param};
use Priority::{Critical, Helpful, Important};

/// English topic templates, most specific first. At most two are asked per request.
pub(crate) static ENGLISH: &[Template] = &[
    t(
        Param,
        &[
            "trip",
            "travel",
            "vacation",
            "holiday",
            "itinerary",
            "visit",
        ],
        &[
            "day", "days", "week", "weeks", "weekend", "night", "nights", "month",
        ],
        "How long is the trip?",
        "Duration changes the whole plan.",
        &["A weekend", "About a week", "Two weeks or more"],
        Critical,
        "Assume a trip of about a week.",
    ),
    t(
        Param,
        &[
            "trip", "travel", "vacation", "hotel", "flight", "buy", "purchase", "cheap", "afford",
            "laptop", "phone", "gift", "car",
        ],
        &["$", "budget", "under", "cheap", "luxury", "price"],
        "What is your budget?",
        "Options differ widely by price.",
        &["Economy", "Mid-range", "Premium"],
        Important,
        "Assume a mid-range budget.",
    ),
    t(
        Param,
        &[
            "recipe",
            "meal",
            "cook",
            "dinner",
            "lunch",
            "breakfast",
            "diet",
            "food",
            "dish",
            "bake",
        ],
        &[
            "vegan",
            "vegetarian",
            "gluten",
            "keto",
            "halal",
            "kosher",
            "allerg",
        ],
        "Any dietary restrictions or preferences?",
        "Recipes change with what you can eat.",
        &["None", "Vegetarian", "Vegan", "Gluten-free"],
        Important,
        "Assume no dietary restrictions.",
    ),
    t(
        Param,
        &[
            "workout", "exercise", "fitness", "training", "gym", "yoga", "run", "running",
        ],
        &["beginner", "beginners", "advanced", "intermediate"],
        "What is your current fitness level?",
        "A plan must match what you can do today.",
        &["Beginner", "Intermediate", "Advanced"],
        Important,
        "Assume a beginner.",
    ),
    t(
        Param,
        &[
            "learn", "course", "tutorial", "guide", "teach", "study", "lesson", "class",
        ],
        &[
            "beginner",
            "beginners",
            "advanced",
            "intermediate",
            "basics",
            "introduction",
        ],
        "What is your current level?",
        "Material for beginners and experts differs.",
        &["Beginner", "Intermediate", "Advanced"],
        Important,
        "Assume a beginner.",
    ),
    t(
        Param,
        &[
            "install",
            "bash",
            "shell",
            "command",
            "terminal",
            "backup",
            "setup",
            "configure",
            "driver",
        ],
        &[
            "linux", "ubuntu", "debian", "windows", "macos", "mac", "fedora", "centos", "android",
            "ios",
        ],
        "Which operating system is it for?",
        "Commands and tools differ by system.",
        &["Linux", "macOS", "Windows"],
        Critical,
        "Assume a recent Linux distribution.",
    ),
    t(
        Param,
        &[
            "code",
            "program",
            "script",
            "function",
            "implement",
            "algorithm",
            "app",
            "api",
        ],
        &[
            "python",
            "javascript",
            "java",
            "rust",
            "c",
            "go",
            "typescript",
            "ruby",
            "php",
            "sql",
            "bash",
        ],
        "Which programming language should it use?",
        "The code depends on the language and its libraries.",
        &["Python", "JavaScript", "Rust", "Java"],
        Critical,
        "Assume Python.",
    ),
    t(
        Param,
        &[
            "code", "program", "script", "function", "python", "solve", "parse", "convert",
        ],
        &[
            "input", "output", "format", "return", "returns", "csv", "json",
        ],
        "What should the input and output look like?",
        "Edge cases and format decide how the code is written.",
        &[
            "A function I can call",
            "A command-line script",
            "A notebook cell",
        ],
        Helpful,
        "Assume a plain function with a short usage example.",
    ),
    t(
        Param,
        &[
            "data",
            "dataset",
            "analyze",
            "analyse",
            "analysis",
            "chart",
            "spreadsheet",
            "csv",
            "excel",
            "report",
            "statistics",
        ],
        &["csv", "excel", "sql", "json", "pandas", "database"],
        "What form is the data in, and what should come out?",
        "The method depends on the data's format and the result you want.",
        &[
            "A CSV or spreadsheet",
            "A database table",
            "An online data set",
        ],
        Important,
        "Assume a CSV file and a short written summary.",
    ),
    t(
        Amb,
        &[
            "latest", "recent", "new", "newest", "current", "news", "trend", "trends", "update",
            "updates",
        ],
        &[
            "today", "week", "month", "year", "2020", "2021", "2022", "2023", "2024", "2025",
            "2026",
        ],
        "What time frame counts as recent?",
        "\"Latest\" means something different for news, research and products.",
        &["The past week", "The past month", "The past year"],
        Important,
        "Assume the past month.",
    ),
    t(
        Amb,
        &[
            "research", "paper", "papers", "study", "studies", "advances", "science",
        ],
        &[],
        "Which specific area or aspect should it focus on?",
        "The field is broad; a focus makes the answer useful.",
        &[],
        Important,
        "Assume an overview of the main directions.",
    ),
    t(
        Param,
        &[
            "movie", "film", "book", "novel", "song", "music", "show", "series", "game", "podcast",
            "anime",
        ],
        &[
            "genre", "comedy", "horror", "drama", "thriller", "romance", "fantasy", "jazz", "rock",
            "pop",
        ],
        "Which genres or styles do you like?",
        "Recommendations depend on taste.",
        &["Drama", "Comedy", "Thriller", "Documentary"],
        Important,
        "Assume a broad mix of popular picks.",
    ),
    t(
        Param,
        &[
            "essay",
            "landing",
            "page",
            "website",
            "bio",
            "slogan",
            "copy",
            "description",
            "announcement",
            "letter",
            "email",
            "post",
            "article",
            "speech",
            "story",
            "poem",
            "blog",
            "resume",
            "newsletter",
            "caption",
        ],
        &["formal", "casual", "friendly", "audience", "words", "tone"],
        "Who is it for, and what tone should it have?",
        "Audience and tone shape every sentence.",
        &["Formal", "Friendly", "Persuasive"],
        Important,
        "Assume a neutral, friendly tone for a general audience.",
    ),
    t(
        Param,
        &[
            "weather",
            "restaurant",
            "restaurants",
            "near",
            "nearby",
            "local",
            "events",
            "store",
            "shop",
            "doctor",
            "gym",
        ],
        &["in", "at"],
        "Which city or area?",
        "The answer depends on where you are.",
        &[],
        Critical,
        "Assume no particular location and give general advice.",
    ),
    t(
        Amb,
        &[
            "best",
            "good",
            "top",
            "better",
            "ideal",
            "recommend",
            "suggest",
        ],
        &["for", "under", "budget"],
        "Best by which measure?",
        "\"Best\" depends on what matters most to you.",
        &["Price", "Quality", "Popularity", "Ease of use"],
        Important,
        "Assume overall quality and popularity.",
    ),
    t(
        Amb,
        &[
            "compare",
            "comparison",
            "versus",
            "vs",
            "difference",
            "differences",
        ],
        &["criteria", "terms", "cost", "price", "performance", "speed"],
        "On which criteria should they be compared?",
        "A comparison is only as useful as its criteria.",
        &["Cost", "Performance", "Ease of use", "Overall"],
        Important,
        "Assume an overall comparison covering cost, performance and ease of use.",
    ),
    t(
        Param,
        &[
            "explain",
            "summarize",
            "summarise",
            "overview",
            "describe",
            "information",
            "info",
            "tell",
        ],
        &["brief", "briefly", "detailed", "short", "simple", "eli5"],
        "How much detail do you want?",
        "A quick overview and a deep dive are different answers.",
        &[
            "A short overview",
            "A detailed explanation",
            "Technical depth",
        ],
        Helpful,
        "Assume a short overview.",
    ),
];

/// The question asked when the request is vague but no topic template fits (seed 002's
/// generic fallback).
pub(crate) static ENGLISH_FALLBACK: Template = t(
    Kind::UnderspecifiedRequest,
    &[],
    &[],
    "Could you tell me more about what you need? Specifically, what should the answer focus on?",
    "The request leaves out details the answer depends on.",
    &[],
    Critical,
    "Assume the most common interpretation and say so.",
);

/// Chinese templates keyed by words in the request (matched as substrings). Each has a
/// Traditional and a Simplified form; the detector picks by the script of the request.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ZhTemplate {
    pub kind: Kind,
    pub triggers: &'static [&'static str],
    pub traditional: ZhText,
    pub simplified: ZhText,
    pub priority: Priority,
}

/// One script's wording of a Chinese template.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ZhText {
    pub text: &'static str,
    pub why: &'static str,
    pub options: &'static [&'static str],
    pub assumption: &'static str,
}

const fn z(
    text: &'static str,
    why: &'static str,
    options: &'static [&'static str],
    assumption: &'static str,
) -> ZhText {
    ZhText {
        text,
        why,
        options,
        assumption,
    }
}

pub(crate) static CHINESE: &[ZhTemplate] = &[
    ZhTemplate {
        kind: Param,
        triggers: &[
            "成效", "效果", "表現", "表现", "績效", "绩效", "數據", "数据", "報表", "报表",
        ],
        traditional: z(
            "您想看哪一段時間的成效？",
            "成效數字會隨時間範圍改變。",
            &["最近 7 天", "最近 30 天", "本季", "今年至今"],
            "假設為最近 30 天。",
        ),
        simplified: z(
            "您想看哪一段时间的成效？",
            "成效数字会随时间范围改变。",
            &["最近 7 天", "最近 30 天", "本季", "今年至今"],
            "假设为最近 30 天。",
        ),
        priority: Critical,
    },
    ZhTemplate {
        kind: Param,
        triggers: &["格式", "投遞", "投递", "版位", "素材"],
        traditional: z(
            "您想了解哪一種投遞格式？",
            "不同格式的規格與成效不同。",
            &["橫幅廣告", "影音廣告", "推播訊息", "全部格式"],
            "假設涵蓋全部格式。",
        ),
        simplified: z(
            "您想了解哪一种投递格式？",
            "不同格式的规格与成效不同。",
            &["横幅广告", "视频广告", "推送消息", "全部格式"],
            "假设涵盖全部格式。",
        ),
        priority: Important,
    },
    ZhTemplate {
        kind: Amb,
        triggers: &["最新", "最近", "近期"],
        traditional: z(
            "「最新」是指多近的時間？",
            "時間範圍會改變答案。",
            &["過去一週", "過去一個月", "過去一年"],
            "假設為過去一個月。",
        ),
        simplified: z(
            "“最新”是指多近的时间？",
            "时间范围会改变答案。",
            &["过去一周", "过去一个月", "过去一年"],
            "假设为过去一个月。",
        ),
        priority: Important,
    },
    ZhTemplate {
        kind: Amb,
        triggers: &["最好", "最佳", "推薦", "推荐", "哪個好", "哪个好"],
        traditional: z(
            "「最好」以什麼標準衡量？",
            "不同標準會選出不同答案。",
            &["價格", "品質", "口碑", "易用性"],
            "假設以整體品質與口碑為準。",
        ),
        simplified: z(
            "“最好”以什么标准衡量？",
            "不同标准会选出不同答案。",
            &["价格", "质量", "口碑", "易用性"],
            "假设以整体质量与口碑为准。",
        ),
        priority: Important,
    },
    ZhTemplate {
        kind: Param,
        triggers: &["旅行", "旅遊", "旅游", "行程", "出國", "出国"],
        traditional: z(
            "這趟旅程預計多久？",
            "天數會改變整個規劃。",
            &["週末兩天", "大約一週", "兩週以上"],
            "假設約一週。",
        ),
        simplified: z(
            "这趟旅程预计多久？",
            "天数会改变整个规划。",
            &["周末两天", "大约一周", "两周以上"],
            "假设约一周。",
        ),
        priority: Critical,
    },
];

/// Chinese pronoun question (seed 002's missing context, in Chinese).
pub(crate) static ZH_PRONOUN: (ZhText, ZhText) = (
    z(
        "您指的是什麼？請說明具體的對象。",
        "請求中的代名詞沒有前文可以對應。",
        &[],
        "假設指最常見的對象，並在回答中說明。",
    ),
    z(
        "您指的是什么？请说明具体的对象。",
        "请求中的代词没有前文可以对应。",
        &[],
        "假设指最常见的对象，并在回答中说明。",
    ),
);

/// Chinese generic question when the request is terse but no template fits.
pub(crate) static ZH_FALLBACK: (ZhText, ZhText) = (
    z(
        "請問您具體想了解什麼？",
        "請求太簡短，缺少回答所需的細節。",
        &[],
        "假設為最常見的理解，並在回答中說明。",
    ),
    z(
        "请问您具体想了解什么？",
        "请求太简短，缺少回答所需的细节。",
        &[],
        "假设为最常见的理解，并在回答中说明。",
    ),
);
