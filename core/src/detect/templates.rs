//! Question templates per kind of task, in English and Chinese.
//!
//! The English topics and their options follow the details IN3's annotators most often found
//! missing (duration and budget of a trip, dietary restrictions, skill level, operating system,
//! audience, time frame of "latest"…; IN3, Qian et al., 2024, Apache-2.0).

use crate::protocol::question::Priority;

use super::Kind;

/// A question the detector can ask about one detail of one kind of task.
///
/// It is asked only when the request is a task of that kind (a `triggers` word, and an
/// `intents` word when that list is not empty) and leaves the detail open (no `given` cue).
/// The word lists are single strings of space-separated words: a slice of strings would cost
/// eight bytes of pointer per word in the WebAssembly build.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Template {
    /// The vagueness kind it resolves.
    pub kind: Kind,
    /// The kind of task, as the trace names it (`trip`, `booking`, `writing`…).
    pub task: &'static str,
    /// The detail it asks about, as the trace names it (`duration`, `audience`…).
    pub detail: &'static str,
    /// Lower-case words (or word stems of four letters or more) that name the task's subject.
    pub triggers: &'static str,
    /// Words that make it a request to do that task ("recommend", "plan"); empty: any.
    pub intents: &'static str,
    /// Cues that the detail is given: words or stems, `$` (looked for in the text), or one of
    /// the computed cues `#time`, `#number`, `#place`, `#topic`, `#name` (see `detect.rs`).
    pub given: &'static str,
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
    (task, detail): (&'static str, &'static str),
    triggers: &'static str,
    intents: &'static str,
    given: &'static str,
    text: &'static str,
    why: &'static str,
    options: &'static [&'static str],
    priority: Priority,
    assumption: &'static str,
) -> Template {
    Template {
        kind,
        task,
        detail,
        triggers,
        intents,
        given,
        text,
        why,
        options,
        priority,
        assumption,
    }
}

use Kind::{AmbiguousReference as Amb, UnderspecifiedParameter as Param};
use Priority::{Critical, Important};

/// Words that ask for something to be written.
const WRITE: &str = "write draft compose create prepare make help need";
const TRIP: &str = "trip travel vacation holiday itinerary getaway honeymoon";
const WRITTEN: &str = "essay letter email post article speech story poem blog report summary newsletter announcement bio toast proposal landing slogan caption resume description";

/// English task templates, most specific first. At most two are asked per request.
pub(crate) static ENGLISH: &[Template] = &[
    t(
        Param,
        ("trip", "duration"),
        TRIP,
        "",
        "day days week weeks weekend night nights month #number",
        "How long is the trip?",
        "Duration changes the whole plan.",
        &["A weekend", "About a week", "Two weeks or more"],
        Critical,
        "Assume a trip of about a week.",
    ),
    t(
        Param,
        ("trip", "budget"),
        TRIP,
        "",
        "$ budget under cheap luxury price afford #number",
        "What is your budget?",
        "Options differ widely by price.",
        &["Economy", "Mid-range", "Premium"],
        Important,
        "Assume a mid-range budget.",
    ),
    t(
        Param,
        ("booking", "time"),
        "table reservation ticket tickets flight room appointment",
        "book booking reserve reservation schedule",
        "#time",
        "For which date and time?",
        "A booking is for a specific date and time.",
        &["Today", "Tomorrow", "This weekend"],
        Critical,
        "Assume the earliest available time and say so.",
    ),
    t(
        Param,
        ("booking", "party size"),
        "table reservation room",
        "book booking reserve reservation",
        "#number people persons guests me two couple family alone solo",
        "For how many people?",
        "The size of the party decides what can be booked.",
        &["1", "2", "3–4", "5 or more"],
        Important,
        "Assume two people.",
    ),
    t(
        Param,
        ("booking", "place"),
        "table reservation flight room ticket tickets",
        "book booking reserve reservation",
        "#place #name",
        "Where: which place, city or destination?",
        "A booking needs a place.",
        &[],
        Critical,
        "Assume somewhere near you and say so.",
    ),
    t(
        Param,
        ("purchase", "budget"),
        "laptop phone gift car camera headphones tv computer bike",
        "buy purchase recommend suggest best good which should afford",
        "$ budget under cheap luxury price #number #name",
        "What is your budget?",
        "Options differ widely by price.",
        &["Economy", "Mid-range", "Premium"],
        Important,
        "Assume a mid-range budget.",
    ),
    t(
        Param,
        ("recipe", "diet"),
        "recipe recipes cook cooking meal meals menu dish dishes baking snack snacks",
        "",
        "vegan vegetarian gluten keto halal kosher allerg dairy paleo",
        "Any dietary restrictions or preferences?",
        "Recipes change with what you can eat.",
        &["None", "Vegetarian", "Vegan", "Gluten-free"],
        Important,
        "Assume no dietary restrictions.",
    ),
    t(
        Param,
        ("fitness plan", "level"),
        "workout exercise fitness training gym routine",
        "plan routine program programme create make design suggest recommend best start",
        "beginner beginners advanced intermediate experienced easy simple everyone anyone gentle",
        "What is your current fitness level?",
        "A plan must match what you can do today.",
        &["Beginner", "Intermediate", "Advanced"],
        Important,
        "Assume a beginner.",
    ),
    t(
        Param,
        ("learning", "level"),
        // Not "course": a meal's courses, a golf course and "of course" are no lessons.
        "learn tutorial tutorials teach lesson lessons",
        "",
        "beginner beginners advanced intermediate basics introduction experienced",
        "What is your current level?",
        "Material for beginners and experts differs.",
        &["Beginner", "Intermediate", "Advanced"],
        Important,
        "Assume a beginner.",
    ),
    t(
        Param,
        ("setup", "operating system"),
        "install setup configure driver uninstall update",
        "how install setup configure uninstall help",
        "linux ubuntu debian windows macos mac fedora centos android ios iphone arch",
        "Which operating system is it for?",
        "Commands and tools differ by system.",
        &["Linux", "macOS", "Windows"],
        Critical,
        "Assume a recent Linux distribution.",
    ),
    t(
        Param,
        ("code", "language"),
        "code program script function algorithm app class",
        "write implement create build make code develop generate",
        "python javascript java rust c go golang typescript ruby php sql bash shell kotlin swift scala r haskell perl lua matlab latex html css powershell excel vba dart elixir julia c++ c# cpp",
        "Which programming language should it use?",
        "The code depends on the language and its libraries.",
        &["Python", "JavaScript", "Rust", "Java"],
        Critical,
        "Assume Python.",
    ),
    t(
        Param,
        ("data analysis", "data"),
        "data dataset datasets statistics",
        "analyze analyse analysis visualize visualise chart plot clean",
        "csv excel sql json pandas database spreadsheet table",
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
        Param,
        ("writing", "topic"),
        WRITTEN,
        WRITE,
        "#topic",
        "What should it be about?",
        "Nothing in the request says what the text is about.",
        &[],
        Critical,
        "Assume a general topic and say so.",
    ),
    t(
        Param,
        ("writing", "audience"),
        WRITTEN,
        WRITE,
        "formal casual friendly audience tone professional funny persuasive for to #name",
        "Who is it for, and what tone should it have?",
        "Audience and tone shape every sentence.",
        &["Formal", "Friendly", "Persuasive"],
        Important,
        "Assume a neutral, friendly tone for a general audience.",
    ),
    t(
        Param,
        ("recommendation", "taste"),
        "movie movies film films book books novel novels song songs music show shows series podcast podcasts anime game games",
        "recommend recommendation recommendations suggest suggestion suggestions good best ideas",
        "genre comedy comedies horror drama thriller romance romantic fantasy jazz rock pop classical sci fiction mystery documentary like similar kids children family #name",
        "Which genres or styles do you like?",
        "Recommendations depend on taste.",
        &["Drama", "Comedy", "Thriller", "Documentary"],
        Important,
        "Assume a broad mix of popular picks.",
    ),
    t(
        Param,
        ("local search", "place"),
        "weather forecast restaurant restaurants nearby nearest events festival festivals concert concerts store stores shops doctor dentist cafe cafes bars",
        "",
        "#place #name here me",
        "Which city or area?",
        "The answer depends on where you are.",
        &[],
        Critical,
        "Assume no particular location and give general advice.",
    ),
    t(
        Amb,
        ("news", "time frame"),
        "latest recent newest news trend trends developments advances",
        "",
        "today week month year #number yesterday now currently",
        "What time frame counts as recent?",
        "\"Latest\" means something different for news, research and products.",
        &["The past week", "The past month", "The past year"],
        Important,
        "Assume the past month.",
    ),
    t(
        Amb,
        ("research", "focus"),
        "research papers studies advances developments science",
        "",
        "#topic #name",
        "Which specific area or aspect should it focus on?",
        "The field is broad; a focus makes the answer useful.",
        &[],
        Important,
        "Assume an overview of the main directions.",
    ),
    t(
        Amb,
        ("comparison", "criteria"),
        "compare comparison versus vs difference differences",
        "",
        "criteria terms cost price performance speed features pros cons in",
        "On which criteria should they be compared?",
        "A comparison is only as useful as its criteria.",
        &["Cost", "Performance", "Ease of use", "Overall"],
        Important,
        "Assume an overall comparison covering cost, performance and ease of use.",
    ),
    t(
        Amb,
        ("recommendation", "measure"),
        "best top recommend suggest",
        "what what's whats which recommend suggest best top",
        "for under budget to in of cheapest fastest #name #number",
        "What matters most to you in the choice?",
        "The right pick depends on what matters most to you.",
        &["Price", "Quality", "Popularity", "Ease of use"],
        Important,
        "Assume overall quality and popularity.",
    ),
];

/// The question asked when the request is plainly vague but no task template fits (seed 002's
/// generic fallback).
pub(crate) static ENGLISH_FALLBACK: Template = t(
    Kind::UnderspecifiedRequest,
    ("none", "focus"),
    "",
    "",
    "",
    "Could you tell me more about what you need? Specifically, what should the answer focus on?",
    "The request leaves out details the answer depends on.",
    &[],
    Critical,
    "Assume the most common interpretation and say so.",
);

/// The question for a recognised task whose details are all given when the model still finds
/// the request vague: what else matters, rather than what the request is about (which it says).
pub(crate) static ENGLISH_SETTLED: Template = t(
    Kind::UnderspecifiedParameter,
    ("settled", "preferences"),
    "",
    "",
    "",
    "Anything else I should take into account, such as a preference or a constraint?",
    "The main details are given; a preference can still change the answer.",
    &[],
    Important,
    "Go with the details given and say so.",
);

/// Chinese task templates, matched as substrings: asked when a `triggers` word is there, an
/// `intents` word too when that list is not empty, and no `given` cue. Each has a Traditional
/// and a Simplified form; the detector picks by the script of the request.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ZhTemplate {
    pub kind: Kind,
    /// The kind of task and the detail asked about, as the trace names them.
    pub task: &'static str,
    pub detail: &'static str,
    pub triggers: &'static str,
    pub intents: &'static str,
    /// Substrings, or the computed cues `#time` and `#number` (see `detect.rs`).
    pub given: &'static str,
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

const ZH_TRIP: &str = "旅行 旅遊 旅游 行程 出國 出国 度假 自由行";
const ZH_WRITE: &str = "寫 写 撰寫 撰写 起草 擬 拟 做";
const ZH_WRITTEN: &str = "總結 总结 報告 报告 文章 郵件 邮件 信 演講稿 演讲稿 作文 文案 摘要 心得 周報 周报 週報 簡介 简介";
/// Words that say what a piece of writing is about: a topic marker, or a named subject.
const ZH_TOPIC: &str = "關於 关于 主題 主题 介紹 介绍 針對 针对 有關 有关 以 的總結 的总结 的報告 的报告 的文章 的郵件 的邮件 的信 的摘要 的心得 的簡介 的简介 這篇 这篇 這份 这份 上面 以下 下面 說明 说明 通知";

pub(crate) static CHINESE: &[ZhTemplate] = &[
    ZhTemplate {
        kind: Param,
        task: "campaign report",
        detail: "time range",
        triggers: "成效 效果 表現 表现 績效 绩效 報表 报表",
        intents: "",
        given: "#time 今年 本季 上季 季度 最近",
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
        task: "campaign report",
        detail: "format",
        triggers: "格式 投遞 投递 版位 素材",
        intents: "",
        given: "橫幅 横幅 影音 视频 推播 推送 全部",
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
        kind: Param,
        task: "trip",
        detail: "duration",
        triggers: ZH_TRIP,
        intents: "",
        given: "#number 週末 周末 天 日遊 日游 星期",
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
    ZhTemplate {
        kind: Param,
        task: "trip",
        detail: "budget",
        triggers: ZH_TRIP,
        intents: "",
        given: "預算 预算 元 塊 块 萬 万 經濟 经济 豪華 豪华 便宜 窮遊 穷游",
        traditional: z(
            "您的預算大約多少？",
            "預算決定住宿與交通的選擇。",
            &["經濟", "中等", "高檔"],
            "假設為中等預算。",
        ),
        simplified: z(
            "您的预算大约多少？",
            "预算决定住宿与交通的选择。",
            &["经济", "中等", "高档"],
            "假设为中等预算。",
        ),
        priority: Important,
    },
    ZhTemplate {
        kind: Param,
        task: "ticket booking",
        detail: "date",
        triggers: "票 機位 机位 航班 車次 车次",
        intents: "訂 订 買 买 預約 预约 搶 抢",
        given: "#time",
        traditional: z(
            "哪一天、大約幾點出發？",
            "班次與票價依日期和時間而定。",
            &["今天", "明天", "這個週末"],
            "假設為最近可訂的班次。",
        ),
        simplified: z(
            "哪一天、大约几点出发？",
            "班次与票价依日期和时间而定。",
            &["今天", "明天", "这个周末"],
            "假设为最近可订的班次。",
        ),
        priority: Critical,
    },
    ZhTemplate {
        kind: Param,
        task: "ticket booking",
        detail: "transport",
        triggers: "票",
        intents: "訂 订 買 买 搶 抢",
        given: "機票 机票 飛機 飞机 航班 高鐵 高铁 火車 火车 動車 动车 巴士 客運 客运 船 電影 电影 門票 门票 演唱會 演唱会 車票 车票",
        traditional: z(
            "想搭什麼交通工具？",
            "不同交通工具的票要在不同地方訂。",
            &["飛機", "高鐵", "火車", "巴士"],
            "假設為高鐵或火車。",
        ),
        simplified: z(
            "想坐什么交通工具？",
            "不同交通工具的票要在不同地方订。",
            &["飞机", "高铁", "火车", "大巴"],
            "假设为高铁或火车。",
        ),
        priority: Important,
    },
    ZhTemplate {
        kind: Param,
        task: "restaurant booking",
        detail: "time",
        triggers: "位子 座位 餐廳 餐厅 桌",
        intents: "訂 订 預約 预约",
        given: "#time",
        traditional: z(
            "要訂哪一天、幾點？",
            "訂位需要日期與時間。",
            &["今天晚上", "明天中午", "這個週末"],
            "假設為今天晚上。",
        ),
        simplified: z(
            "要订哪一天、几点？",
            "订位需要日期与时间。",
            &["今天晚上", "明天中午", "这个周末"],
            "假设为今天晚上。",
        ),
        priority: Critical,
    },
    ZhTemplate {
        kind: Param,
        task: "writing",
        detail: "topic",
        triggers: ZH_WRITTEN,
        intents: ZH_WRITE,
        given: ZH_TOPIC,
        traditional: z(
            "要寫的內容是關於什麼？",
            "請求沒有說明要寫的主題或材料。",
            &[],
            "假設為一般主題，並在回答中說明。",
        ),
        simplified: z(
            "要写的内容是关于什么？",
            "请求没有说明要写的主题或材料。",
            &[],
            "假设为一般主题，并在回答中说明。",
        ),
        priority: Critical,
    },
    ZhTemplate {
        kind: Param,
        task: "writing",
        detail: "audience",
        triggers: ZH_WRITTEN,
        intents: ZH_WRITE,
        given: "給 给 對象 对象 讀者 读者 正式 輕鬆 轻松 語氣 语气 老闆 老板 客戶 客户 同事 老師 老师",
        traditional: z(
            "寫給誰看？語氣要正式還是輕鬆？",
            "讀者與語氣決定用詞與結構。",
            &["正式", "輕鬆", "說服性"],
            "假設為一般讀者、語氣中性友善。",
        ),
        simplified: z(
            "写给谁看？语气要正式还是轻松？",
            "读者与语气决定用词与结构。",
            &["正式", "轻松", "说服性"],
            "假设为一般读者、语气中性友善。",
        ),
        priority: Important,
    },
    ZhTemplate {
        kind: Param,
        task: "recommendation",
        detail: "taste",
        triggers: "書 书 電影 电影 歌 音樂 音乐 劇 剧 小說 小说 遊戲 游戏 動畫 动画 動漫 动漫 漫畫 漫画",
        intents: "推薦 推荐 介紹 介绍 好看 好聽 好听 值得",
        given: "類型 类型 喜歡 喜欢 科幻 愛情 爱情 懸疑 悬疑 喜劇 喜剧 恐怖 歷史 历史 動作 动作 古典 搖滾 摇滚 流行 類似 类似 像",
        traditional: z(
            "您喜歡哪一類的作品？",
            "推薦要看個人口味。",
            &["劇情", "喜劇", "懸疑", "紀錄片"],
            "假設推薦各類熱門作品。",
        ),
        simplified: z(
            "您喜欢哪一类的作品？",
            "推荐要看个人口味。",
            &["剧情", "喜剧", "悬疑", "纪录片"],
            "假设推荐各类热门作品。",
        ),
        priority: Important,
    },
    ZhTemplate {
        kind: Param,
        task: "local search",
        detail: "place",
        triggers: "天氣 天气 餐廳 餐厅 附近 好吃",
        intents: "",
        given: "市 省 縣 县 區 区 北京 上海 台北 臺北 香港 廣州 广州 深圳 東京 东京 這裡 这里 我家",
        traditional: z(
            "是哪個城市或地區？",
            "答案取決於地點。",
            &[],
            "假設不限地點，給一般建議。",
        ),
        simplified: z(
            "是哪个城市或地区？",
            "答案取决于地点。",
            &[],
            "假设不限地点，给一般建议。",
        ),
        priority: Critical,
    },
    ZhTemplate {
        kind: Amb,
        task: "news",
        detail: "time frame",
        triggers: "最新 最近 近期",
        intents: "",
        given: "#time 今年 本週 本周 這週 这周",
        traditional: z(
            "您指的是多近的時間範圍？",
            "時間範圍會改變答案。",
            &["過去一週", "過去一個月", "過去一年"],
            "假設為過去一個月。",
        ),
        simplified: z(
            "您指的是多近的时间范围？",
            "时间范围会改变答案。",
            &["过去一周", "过去一个月", "过去一年"],
            "假设为过去一个月。",
        ),
        priority: Important,
    },
    ZhTemplate {
        kind: Amb,
        task: "recommendation",
        detail: "measure",
        triggers: "最好 最佳 推薦 推荐 哪個好 哪个好",
        intents: "",
        given: "便宜 性價比 性价比 預算 预算 品質 质量 口碑 適合 适合 《 像 类似 類似",
        traditional: z(
            "您最看重哪一點？",
            "不同標準會選出不同答案。",
            &["價格", "品質", "口碑", "易用性"],
            "假設以整體品質與口碑為準。",
        ),
        simplified: z(
            "您最看重哪一点？",
            "不同标准会选出不同答案。",
            &["价格", "质量", "口碑", "易用性"],
            "假设以整体质量与口碑为准。",
        ),
        priority: Important,
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

/// The question for a recognised task whose details are all given, in Chinese (the English one
/// is [`ENGLISH_SETTLED`]): Traditional, then Simplified.
pub(crate) static ZH_SETTLED: (ZhText, ZhText) = (
    z(
        "還有什麼需要我考慮的嗎？例如偏好或限制。",
        "主要細節都已給出；偏好仍可能改變回答。",
        &[],
        "按已給出的細節回答，並在回答中說明。",
    ),
    z(
        "还有什么需要我考虑的吗？例如偏好或限制。",
        "主要细节都已给出；偏好仍可能改变回答。",
        &[],
        "按已给出的细节回答，并在回答中说明。",
    ),
);

/// Chinese wordings of the English templates that no Chinese template shares a task and
/// detail with, for a Chinese conversation whose request is written in English: the task and
/// detail, then Traditional and Simplified.
static ZH_FOR_ENGLISH: &[((&str, &str), ZhText, ZhText)] = &[
    (
        ("booking", "time"),
        z(
            "要預訂哪一天、幾點？",
            "預訂需要具體的日期和時間。",
            &["今天", "明天", "這個週末"],
            "假設為最早可訂的時間，並在回答中說明。",
        ),
        z(
            "要预订哪一天、几点？",
            "预订需要具体的日期和时间。",
            &["今天", "明天", "这个周末"],
            "假设为最早可订的时间，并在回答中说明。",
        ),
    ),
    (
        ("booking", "party size"),
        z(
            "一共幾個人？",
            "人數決定能訂到什麼。",
            &["1", "2", "3–4", "5 人以上"],
            "假設為兩人。",
        ),
        z(
            "一共几个人？",
            "人数决定能订到什么。",
            &["1", "2", "3–4", "5 人以上"],
            "假设为两人。",
        ),
    ),
    (
        ("booking", "place"),
        z(
            "在哪裡：哪個地點、城市或目的地？",
            "預訂需要一個地點。",
            &[],
            "假設在您附近，並在回答中說明。",
        ),
        z(
            "在哪里：哪个地点、城市或目的地？",
            "预订需要一个地点。",
            &[],
            "假设在您附近，并在回答中说明。",
        ),
    ),
    (
        ("purchase", "budget"),
        z(
            "您的預算是多少？",
            "不同價位的選擇差別很大。",
            &["經濟", "中等", "高端"],
            "假設為中等預算。",
        ),
        z(
            "您的预算是多少？",
            "不同价位的选择差别很大。",
            &["经济", "中等", "高端"],
            "假设为中等预算。",
        ),
    ),
    (
        ("recipe", "diet"),
        z(
            "有沒有飲食限制或偏好？",
            "食譜要配合您能吃的東西。",
            &["沒有", "素食", "純素", "無麩質"],
            "假設沒有飲食限制。",
        ),
        z(
            "有没有饮食限制或偏好？",
            "食谱要配合您能吃的东西。",
            &["没有", "素食", "纯素", "无麸质"],
            "假设没有饮食限制。",
        ),
    ),
    (
        ("fitness plan", "level"),
        z(
            "您目前的體能程度如何？",
            "計畫必須符合您現在做得到的。",
            &["初學者", "中級", "高級"],
            "假設為初學者。",
        ),
        z(
            "您目前的体能水平如何？",
            "计划必须符合您现在做得到的。",
            &["初学者", "中级", "高级"],
            "假设为初学者。",
        ),
    ),
    (
        ("learning", "level"),
        z(
            "您目前的程度如何？",
            "給初學者和專家的內容不同。",
            &["初學者", "中級", "高級"],
            "假設為初學者。",
        ),
        z(
            "您目前的程度如何？",
            "给初学者和专家的内容不同。",
            &["初学者", "中级", "高级"],
            "假设为初学者。",
        ),
    ),
    (
        ("setup", "operating system"),
        z(
            "是用在哪個作業系統上？",
            "指令和工具因系統而異。",
            &["Linux", "macOS", "Windows"],
            "假設為較新的 Linux 發行版。",
        ),
        z(
            "是用在哪个操作系统上？",
            "命令和工具因系统而异。",
            &["Linux", "macOS", "Windows"],
            "假设为较新的 Linux 发行版。",
        ),
    ),
    (
        ("code", "language"),
        z(
            "要用哪種程式語言？",
            "程式碼取決於語言和它的函式庫。",
            &["Python", "JavaScript", "Rust", "Java"],
            "假設為 Python。",
        ),
        z(
            "要用哪种编程语言？",
            "代码取决于语言和它的库。",
            &["Python", "JavaScript", "Rust", "Java"],
            "假设为 Python。",
        ),
    ),
    (
        ("data analysis", "data"),
        z(
            "資料是什麼形式？需要得出什麼結果？",
            "方法取決於資料的格式和您要的結果。",
            &["CSV 或試算表", "資料庫表格", "網路上的資料集"],
            "假設為 CSV 檔案，並給出簡短的文字總結。",
        ),
        z(
            "数据是什么形式？需要得出什么结果？",
            "方法取决于数据的格式和您要的结果。",
            &["CSV 或电子表格", "数据库表", "网上的数据集"],
            "假设为 CSV 文件，并给出简短的文字总结。",
        ),
    ),
    (
        ("research", "focus"),
        z(
            "應該聚焦在哪個具體領域或方面？",
            "這個領域很廣，有了重點回答才有用。",
            &[],
            "假設概述主要方向。",
        ),
        z(
            "应该聚焦在哪个具体领域或方面？",
            "这个领域很广，有了重点回答才有用。",
            &[],
            "假设概述主要方向。",
        ),
    ),
    (
        ("comparison", "criteria"),
        z(
            "要按哪些標準來比較？",
            "比較有沒有用，取決於它的標準。",
            &["成本", "效能", "易用性", "綜合"],
            "假設做綜合比較，涵蓋成本、效能和易用性。",
        ),
        z(
            "要按哪些标准来比较？",
            "比较有没有用，取决于它的标准。",
            &["成本", "性能", "易用性", "综合"],
            "假设做综合比较，涵盖成本、性能和易用性。",
        ),
    ),
];

/// The Chinese wording (Traditional, Simplified) of the English template asking about `detail`
/// of `task`: the Chinese template of the same task and detail, or its own Chinese wording;
/// `None` when there is neither.
pub(crate) fn in_chinese(task: &str, detail: &str) -> Option<(ZhText, ZhText)> {
    let same = |(t, d): (&str, &str)| t == task && d == detail;
    if same((ENGLISH_FALLBACK.task, ENGLISH_FALLBACK.detail)) {
        return Some(ZH_FALLBACK);
    }
    if same((ENGLISH_SETTLED.task, ENGLISH_SETTLED.detail)) {
        return Some(ZH_SETTLED);
    }
    CHINESE
        .iter()
        .find(|t| same((t.task, t.detail)))
        .map(|t| (t.traditional, t.simplified))
        .or_else(|| {
            ZH_FOR_ENGLISH
                .iter()
                .find(|(key, ..)| same(*key))
                .map(|&(_, traditional, simplified)| (traditional, simplified))
        })
}
