//! The app's own words (the card chrome, buttons, notices) in English, Simplified Chinese and
//! Traditional Chinese.
//!
//! Questions and answers come from the engine in the user's language; only the fixed labels
//! around them live here. The language follows the setting, or the browser when it is "auto";
//! while a conversation whose request is written in Chinese is shown it follows the language the
//! engine writes that conversation in ([`clarify_core::Session::language`]), so a request written
//! in Traditional characters gets Traditional chrome.
//!
//! The views read the language from Leptos context ([`provide_lang`], [`use_lang`]) rather than
//! from a prop handed down through every component.

use clarify_core::{Language, Priority};
use leptos::prelude::{Signal, provide_context, use_context};

/// A language the chrome is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    /// English.
    En,
    /// Chinese in Simplified characters.
    Zh,
    /// Chinese in Traditional characters.
    ZhHant,
}

impl Lang {
    /// The language for a setting: `"en"`, `"zh"`, `"zh-Hant"`, or anything else for the
    /// browser's language.
    pub fn resolve(setting: &str) -> Self {
        match setting {
            "en" => Self::En,
            "zh" => Self::Zh,
            "zh-Hant" => Self::ZhHant,
            _ => Self::from_tag(&browser_language()),
        }
    }

    /// The language for a BCP 47 tag: Traditional Chinese for `zh-Hant`, `zh-TW`, `zh-HK` and
    /// `zh-MO`, Simplified for any other `zh` tag, English otherwise.
    pub fn from_tag(tag: &str) -> Self {
        let tag = tag.to_ascii_lowercase();
        let mut parts = tag.split(['-', '_']);
        if parts.next() != Some("zh") {
            return Self::En;
        }
        if parts.any(|p| matches!(p, "hant" | "tw" | "hk" | "mo")) {
            Self::ZhHant
        } else {
            Self::Zh
        }
    }

    /// The tag passed to the engine ([`clarify_core::Config::language`]): `"zh"` leaves the
    /// script to the request, `"zh-Hant"` asks for Traditional.
    pub fn tag(self) -> &'static str {
        match self {
            Self::En => "en",
            Self::Zh => "zh",
            Self::ZhHant => "zh-Hant",
        }
    }

    /// The tag of the page's `lang` attribute: `en`, `zh-Hans` or `zh-Hant`.
    pub fn html_tag(self) -> &'static str {
        match self {
            Self::En => "en",
            Self::Zh => "zh-Hans",
            Self::ZhHant => "zh-Hant",
        }
    }

    /// The chrome for the language the engine writes in ([`clarify_core::Session::language`]).
    pub fn of(language: Language) -> Self {
        match language {
            Language::English => Self::En,
            Language::Simplified => Self::Zh,
            Language::Traditional => Self::ZhHant,
        }
    }

    /// The language the engine writes in for this chrome (the reverse of [`Lang::of`]).
    pub fn language(self) -> Language {
        match self {
            Self::En => Language::English,
            Self::Zh => Language::Simplified,
            Self::ZhHant => Language::Traditional,
        }
    }

    /// The words in this language.
    pub fn texts(self) -> &'static Texts {
        match self {
            Self::En => &EN,
            Self::Zh => &ZH,
            Self::ZhHant => &ZH_HANT,
        }
    }
}

/// Makes `lang` the language of every view below the calling component.
pub fn provide_lang(lang: Signal<Lang>) {
    provide_context(ChromeLang(lang));
}

/// The language provided by an enclosing view, or the browser's when none was provided (a card
/// mounted on its own).
pub fn use_lang() -> Signal<Lang> {
    use_context::<ChromeLang>().map_or_else(|| Signal::stored(Lang::resolve("auto")), |c| c.0)
}

/// The context value behind [`provide_lang`]: its own type, so no other `Signal<Lang>` in
/// context is mistaken for it.
#[derive(Debug, Clone, Copy)]
struct ChromeLang(Signal<Lang>);

/// Every fixed label the app shows.
#[derive(Debug)]
pub struct Texts {
    /// Badge: critical.
    pub critical: &'static str,
    /// Badge: important.
    pub important: &'static str,
    /// Badge: helpful.
    pub helpful: &'static str,
    /// "Question" in "Question 1 of 2".
    pub question_of: (&'static str, &'static str, &'static str),
    /// Heading above "why".
    pub why: &'static str,
    /// The "I don't know" button.
    pub dont_know: &'static str,
    /// Label of the free-text box under options.
    pub free_text: &'static str,
    /// Label of the free-text box of a question without options.
    pub free_text_alone: &'static str,
    /// Placeholder of the free-text box.
    pub free_text_placeholder: &'static str,
    /// The Continue button.
    pub continue_: &'static str,
    /// The Continue button while the answer is being sent.
    pub continuing: &'static str,
    /// "Continue anyway" (skip every remaining question).
    pub continue_anyway: &'static str,
    /// Keyboard hint under the card: its start, what digits do (after "1–n"), and Enter.
    pub keys_hint: [&'static str; 3],
    /// The mark on the option the question recommends.
    pub recommended: &'static str,
    /// Under a question that takes several options.
    pub choose_several: &'static str,
    /// On the card of a question reopened to change its answer.
    pub changing: &'static str,
    /// The button on an earlier answer that reopens its question.
    pub change: &'static str,
    /// The accessible name of that button, before the question's text.
    pub change_answer_to: &'static str,
    /// "If you skip:" before the assumption the engine makes then, with the space its script
    /// puts after a colon (none after a full-width one).
    pub assumption: &'static str,
    /// Label of the request box.
    pub request_label: &'static str,
    /// Label of the request box while a question is pending: what is typed answers it.
    pub answer_label: &'static str,
    /// Beside the box while a question is pending: leave it and start what is typed instead.
    pub new_request: &'static str,
    /// Under the completed answer: copies the enriched prompt.
    pub copy_prompt: &'static str,
    /// After the prompt was copied.
    pub copied: &'static str,
    /// When the browser refused to copy, before its reason.
    pub copy_failed: &'static str,
    /// Stops the answer while it is written.
    pub stop: &'static str,
    /// Under an answer the user stopped.
    pub stopped: &'static str,
    /// Placeholder of the request box when idle.
    pub request_placeholder: &'static str,
    /// Placeholder of the request box while a question is pending.
    pub answer_placeholder: &'static str,
    /// The send button.
    pub send: &'static str,
    /// "Start over".
    pub start_over: &'static str,
    /// Offline banner.
    pub offline: &'static str,
    /// Online banner prefix, once a call to the endpoint succeeded.
    pub online: &'static str,
    /// Online banner before and after the endpoint, before any call ended.
    pub online_untried: (&'static str, &'static str),
    /// Online banner before and after the endpoint, then the reason, after a call failed.
    pub online_failed: (&'static str, &'static str),
    /// The name of the region holding the mode banner and the notices.
    pub status_region: &'static str,
    /// Under the endpoint field when what was typed cannot be an endpoint.
    pub endpoint_invalid: &'static str,
    /// While detection runs.
    pub thinking: &'static str,
    /// While the answer is written.
    pub writing: &'static str,
    /// Heading of the answer.
    pub answer: &'static str,
    /// Handoff notice.
    pub connecting: &'static str,
    /// Heading of the handoff package.
    pub handoff_package: &'static str,
    /// Handoff package: request.
    pub pkg_request: &'static str,
    /// Handoff package: questions.
    pub pkg_questions: &'static str,
    /// Handoff package: assumptions.
    pub pkg_assumptions: &'static str,
    /// Handoff package: reason.
    pub pkg_reason: &'static str,
    /// Failure heading.
    pub failed: &'static str,
    /// Retry button.
    pub retry: &'static str,
    /// The trace panel's summary.
    pub trace: &'static str,
    /// The counters' labels: asked, answered, skipped, timed out, LLM calls, tokens.
    pub counters: [&'static str; 6],
    /// After "the endpoint refused the API key (HTTP 401)": where the user fixes it.
    pub check_key: &'static str,
    /// Why a call was not sent: the page's Content-Security-Policy (naming `connect-src`).
    pub csp_refused: &'static str,
    /// Why a reply could not be read: the server does not allow the page's origin (CORS).
    pub cors_blocked: &'static str,
    /// What a network error may mean: nothing answers, or CORS.
    pub no_answer: &'static str,
    /// Why detection, a translation or the answer did not go on: no endpoint is set.
    pub endpoint_missing: &'static str,
    /// Why detection, a translation or the answer was redone or shown as written after a
    /// reload: detecting, translating, writing the answer.
    pub reloaded: [&'static str; 3],
    /// The trace's names for the parts of the engine that decide: session, LLM, detector,
    /// document, catalog, limit, step, timeout.
    pub layers: [&'static str; 8],
    /// Settings panel heading / toggle.
    pub settings: &'static str,
    /// Endpoint field.
    pub endpoint: &'static str,
    /// Model field.
    pub model: &'static str,
    /// The endpoint-kind field's label, and its first choice (chosen from the URL and model).
    pub profile: [&'static str; 2],
    /// API key field.
    pub api_key: &'static str,
    /// Note under the API key field.
    pub api_key_note: &'static str,
    /// Question budget field.
    pub budget: &'static str,
    /// Never-ask toggle.
    pub never_ask: &'static str,
    /// Language field.
    pub language: &'static str,
    /// Language choice: follow the browser.
    pub language_auto: &'static str,
    /// Test connection button.
    pub test_connection: &'static str,
    /// While the test runs.
    pub testing: &'static str,
    /// The test succeeded.
    pub connected: &'static str,
    /// Test without an endpoint.
    pub no_endpoint: &'static str,
    /// "You" in the conversation.
    pub you: &'static str,
    /// Dismiss a notice.
    pub dismiss: &'static str,
    /// Another tab's session replaced an answer given here; the question follows.
    pub other_tab_took_over: &'static str,
}

impl Texts {
    /// The badge text for `priority`.
    pub fn priority(&self, priority: Priority) -> &'static str {
        match priority {
            Priority::Critical => self.critical,
            Priority::Important => self.important,
            Priority::Helpful => self.helpful,
        }
    }

    /// "Question 1 of 2".
    pub fn progress(&self, current: u32, total: u32) -> String {
        let (a, b, c) = self.question_of;
        let mut s = String::from(a);
        s.push_str(&current.to_string());
        s.push_str(b);
        s.push_str(&total.max(current).to_string());
        s.push_str(c);
        s
    }
}

pub(crate) static EN: Texts = Texts {
    critical: "Critical",
    important: "Important",
    helpful: "Helpful",
    question_of: ("Question ", " of ", ""),
    why: "Why this matters",
    dont_know: "I don't know — use your best judgment",
    free_text: "Or describe in your own words",
    free_text_alone: "Describe it in your own words",
    free_text_placeholder: "Type your answer here…",
    continue_: "Continue",
    continuing: "Continuing…",
    continue_anyway: "Continue anyway",
    keys_hint: ["Keys: ", " pick an option, ", "Enter continues."],
    recommended: "Recommended",
    choose_several: "Choose all that apply.",
    changing: "Changing your earlier answer: it stays as it was unless you continue with a new one.",
    change: "Change",
    change_answer_to: "Change your answer to: ",
    assumption: "If you skip: ",
    request_label: "Your request",
    answer_label: "Your answer",
    new_request: "New request",
    copy_prompt: "Copy prompt",
    copied: "Copied",
    copy_failed: "Could not copy: ",
    stop: "Stop",
    stopped: "Stopped: the answer ends where you stopped it.",
    request_placeholder: "Ask anything, e.g. \u{201c}my app crashes\u{201d}",
    answer_placeholder: "Answer the question above…",
    send: "Send",
    start_over: "Start over",
    offline: "Offline mode: no LLM endpoint is configured. The embedded detector and a demo support knowledge base ask the questions, and the answer shows the enriched prompt. Add an endpoint in Settings to use an LLM.",
    online: "Connected to ",
    online_untried: (
        "LLM endpoint ",
        " — not tried yet: the next request, or Test connection in Settings, checks it.",
    ),
    online_failed: ("The last call to ", " failed: "),
    status_region: "Connection and notices",
    endpoint_invalid: "Not used: the endpoint must be an absolute http:// or https:// URL, e.g. http://127.0.0.1:8081/v1. The app keeps the last valid one.",
    thinking: "Thinking about your request…",
    writing: "Writing the answer…",
    answer: "Answer",
    connecting: "Connecting you to an agent…",
    handoff_package: "What the agent receives",
    pkg_request: "Request",
    pkg_questions: "Questions and answers",
    pkg_assumptions: "Assumptions",
    pkg_reason: "Why a person is needed",
    failed: "The answer could not be produced. Your answers are kept.",
    retry: "Retry",
    trace: "Trace: every decision and why",
    counters: [
        "asked",
        "answered",
        "skipped",
        "timed out",
        "LLM calls",
        "tokens",
    ],
    check_key: "; check the key in the settings",
    csp_refused: "the page's Content-Security-Policy does not allow it; add the endpoint's origin to the policy's connect-src",
    cors_blocked: "the browser blocked its reply (CORS): the server must allow this page's origin and the Authorization and Content-Type headers",
    no_answer: "the browser reports a network error: nothing answers there, or the server does not allow this page's origin (CORS)",
    endpoint_missing: "no LLM endpoint is configured",
    reloaded: [
        "the page was reloaded before detection finished",
        "the page was reloaded before the translation finished",
        "the page was reloaded while the answer was being written",
    ],
    layers: [
        "session", "llm", "detector", "document", "catalog", "limit", "step", "timeout",
    ],
    settings: "Settings",
    endpoint: "LLM endpoint (OpenAI-compatible base URL)",
    model: "Model",
    profile: ["Endpoint kind", "From the URL and model"],
    api_key: "API key",
    api_key_note: "Kept in this browser only, apart from the session; never logged.",
    budget: "Question budget",
    never_ask: "Never ask me questions (use best-effort assumptions)",
    language: "Language",
    language_auto: "Follow the browser",
    test_connection: "Test connection",
    testing: "Testing…",
    connected: "Connected: the endpoint answered.",
    no_endpoint: "No endpoint is set; the app runs offline.",
    you: "You",
    dismiss: "Dismiss",
    other_tab_took_over: "Another tab took over this conversation; your answer here is not in it: ",
};

static ZH: Texts = Texts {
    critical: "关键",
    important: "重要",
    helpful: "有帮助",
    question_of: ("第 ", " 题，共 ", " 题"),
    why: "为什么重要",
    dont_know: "我不知道——请你判断",
    free_text: "或者用你自己的话描述",
    free_text_alone: "用你自己的话描述",
    free_text_placeholder: "在这里输入你的回答…",
    continue_: "继续",
    continuing: "正在继续…",
    continue_anyway: "直接继续",
    keys_hint: ["按键：", " 选择选项，", "Enter 继续。"],
    recommended: "推荐",
    choose_several: "可多选。",
    changing: "正在修改之前的回答：除非你提交新的回答，原回答保持不变。",
    change: "修改",
    change_answer_to: "修改你对此问题的回答：",
    assumption: "如果跳过：",
    request_label: "你的请求",
    answer_label: "你的回答",
    new_request: "新请求",
    copy_prompt: "复制提示词",
    copied: "已复制",
    copy_failed: "无法复制：",
    stop: "停止",
    stopped: "已停止：回答到你停止的地方为止。",
    request_placeholder: "随便问，例如“我的应用崩溃了”",
    answer_placeholder: "回答上面的问题…",
    send: "发送",
    start_over: "重新开始",
    offline: "离线模式：未配置 LLM 端点。由内置检测器和演示知识库提问，回答会展示增强后的提示词。在设置中添加端点即可使用 LLM。",
    online: "已连接 ",
    online_untried: (
        "LLM 端点 ",
        " —— 尚未试过：下一次请求或设置里的“测试连接”会检查它。",
    ),
    online_failed: ("最近一次调用 ", " 失败："),
    status_region: "连接状态与通知",
    endpoint_invalid: "未采用：端点必须是以 http:// 或 https:// 开头的完整地址，例如 http://127.0.0.1:8081/v1。应用继续使用上一个有效的端点。",
    thinking: "正在分析你的请求…",
    writing: "正在撰写回答…",
    answer: "回答",
    connecting: "正在为你转接人工客服…",
    handoff_package: "客服将收到的信息",
    pkg_request: "请求",
    pkg_questions: "问题与回答",
    pkg_assumptions: "假设",
    pkg_reason: "需要人工的原因",
    failed: "无法生成回答。你的回答都已保留。",
    retry: "重试",
    trace: "追踪：每个决定及其原因",
    counters: ["已提问", "已回答", "已跳过", "已超时", "LLM 调用", "令牌"],
    check_key: "；请在设置中检查密钥",
    csp_refused: "页面的 Content-Security-Policy 不允许这样做；请把端点的来源加入策略的 connect-src",
    cors_blocked: "浏览器拦截了它的回复（CORS）：服务器必须允许此页面的来源以及 Authorization 和 Content-Type 标头",
    no_answer: "浏览器报告网络错误：那里没有服务在回应，或服务器不允许此页面的来源（CORS）",
    endpoint_missing: "尚未设置 LLM 端点",
    reloaded: [
        "检测完成前页面已重新加载",
        "翻译完成前页面已重新加载",
        "撰写回答时页面已重新加载",
    ],
    layers: [
        "会话",
        "LLM",
        "检查器",
        "文档",
        "目录",
        "限制",
        "步骤",
        "超时",
    ],
    settings: "设置",
    endpoint: "LLM 端点（兼容 OpenAI 的基础 URL）",
    model: "模型",
    profile: ["端点类型", "按 URL 和模型判断"],
    api_key: "API 密钥",
    api_key_note: "只保存在本浏览器中，与会话分开存放，从不记录。",
    budget: "问题上限",
    never_ask: "不要向我提问（使用最佳假设）",
    language: "语言",
    language_auto: "跟随浏览器",
    test_connection: "测试连接",
    testing: "测试中…",
    connected: "已连接：端点有响应。",
    no_endpoint: "未设置端点；应用以离线模式运行。",
    you: "你",
    dismiss: "关闭",
    other_tab_took_over: "另一个标签页接管了这个对话，你在这里的回答没有保留：",
};

static ZH_HANT: Texts = Texts {
    critical: "關鍵",
    important: "重要",
    helpful: "有幫助",
    question_of: ("第 ", " 題，共 ", " 題"),
    why: "為什麼重要",
    dont_know: "我不知道——請你判斷",
    free_text: "或者用你自己的話描述",
    free_text_alone: "用你自己的話描述",
    free_text_placeholder: "在這裡輸入你的回答…",
    continue_: "繼續",
    continuing: "正在繼續…",
    continue_anyway: "直接繼續",
    keys_hint: ["按鍵：", " 選擇選項，", "Enter 繼續。"],
    recommended: "推薦",
    choose_several: "可複選。",
    changing: "正在修改之前的回答：除非你送出新的回答，原回答保持不變。",
    change: "修改",
    change_answer_to: "修改你對此問題的回答：",
    assumption: "如果跳過：",
    request_label: "你的請求",
    answer_label: "你的回答",
    new_request: "新請求",
    copy_prompt: "複製提示詞",
    copied: "已複製",
    copy_failed: "無法複製：",
    stop: "停止",
    stopped: "已停止：回答到你停止的地方為止。",
    request_placeholder: "隨便問，例如「我的應用程式當機了」",
    answer_placeholder: "回答上面的問題…",
    send: "傳送",
    start_over: "重新開始",
    offline: "離線模式：未設定 LLM 端點。由內建偵測器和示範知識庫提問，回答會展示增強後的提示詞。在設定中新增端點即可使用 LLM。",
    online: "已連線 ",
    online_untried: (
        "LLM 端點 ",
        " —— 尚未試過：下一次請求或設定裡的「測試連線」會檢查它。",
    ),
    online_failed: ("最近一次呼叫 ", " 失敗："),
    status_region: "連線狀態與通知",
    endpoint_invalid: "未採用：端點必須是以 http:// 或 https:// 開頭的完整網址，例如 http://127.0.0.1:8081/v1。應用程式繼續使用上一個有效的端點。",
    thinking: "正在分析你的請求…",
    writing: "正在撰寫回答…",
    answer: "回答",
    connecting: "正在為你轉接真人客服…",
    handoff_package: "客服將收到的資訊",
    pkg_request: "請求",
    pkg_questions: "問題與回答",
    pkg_assumptions: "假設",
    pkg_reason: "需要真人的原因",
    failed: "無法產生回答。你的回答都已保留。",
    retry: "重試",
    trace: "追蹤：每個決定及其原因",
    counters: ["已提問", "已回答", "已略過", "已逾時", "LLM 呼叫", "權杖"],
    check_key: "；請在設定中檢查金鑰",
    csp_refused: "頁面的 Content-Security-Policy 不允許這樣做；請把端點的來源加入政策的 connect-src",
    cors_blocked: "瀏覽器攔截了它的回覆（CORS）：伺服器必須允許此頁面的來源以及 Authorization 和 Content-Type 標頭",
    no_answer: "瀏覽器回報網路錯誤：那裡沒有服務在回應，或伺服器不允許此頁面的來源（CORS）",
    endpoint_missing: "尚未設定 LLM 端點",
    reloaded: [
        "偵測完成前頁面已重新載入",
        "翻譯完成前頁面已重新載入",
        "撰寫回答時頁面已重新載入",
    ],
    layers: [
        "工作階段",
        "LLM",
        "檢查器",
        "文件",
        "目錄",
        "限制",
        "步驟",
        "逾時",
    ],
    settings: "設定",
    endpoint: "LLM 端點（相容 OpenAI 的基礎 URL）",
    model: "模型",
    profile: ["端點類型", "依 URL 和模型判斷"],
    api_key: "API 金鑰",
    api_key_note: "只儲存在本瀏覽器中，與工作階段分開存放，從不記錄。",
    budget: "問題上限",
    never_ask: "不要向我提問（使用最佳假設）",
    language: "語言",
    language_auto: "跟隨瀏覽器",
    test_connection: "測試連線",
    testing: "測試中…",
    connected: "已連線：端點有回應。",
    no_endpoint: "未設定端點；應用程式以離線模式執行。",
    you: "你",
    dismiss: "關閉",
    other_tab_took_over: "另一個分頁接管了這段對話，你在這裡的回答沒有保留：",
};

/// The browser's preferred language (`navigator.language`), or `""` outside a browser.
fn browser_language() -> String {
    web_sys::window()
        .and_then(|w| w.navigator().language())
        .unwrap_or_default()
}
