//! What the user is told when the embedded detector stands in for an LLM detection: plain
//! words in the user's language; the technical reason goes to the trace, never here.

use super::language::Language;

/// Why an LLM detection gave way to the embedded detector.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Fallback {
    /// The call failed: unreachable, refused, timed out.
    NoAnswer,
    /// A reply came but could not be read as a detection result.
    Unreadable,
}

/// What the user is told when the embedded detector stands in for the LLM: plain words, in
/// the session's language ([`Language::of_session`]). The technical reason belongs in the trace.
pub(super) fn fallback_notice(fallback: Fallback, language: &str, request: &str) -> String {
    let text = match (fallback, Language::of_session(language, request)) {
        (Fallback::NoAnswer, Language::English) => {
            "The AI model did not answer, so the built-in checker looked at your request \
             instead (details in the trace)."
        }
        (Fallback::Unreadable, Language::English) => {
            "The AI model's reply could not be understood, so the built-in checker looked at \
             your request instead (details in the trace)."
        }
        (Fallback::NoAnswer, Language::Simplified) => {
            "AI 模型没有回应，已改由内置检查器分析你的请求（详情见追踪记录）。"
        }
        (Fallback::Unreadable, Language::Simplified) => {
            "无法理解 AI 模型的回复，已改由内置检查器分析你的请求（详情见追踪记录）。"
        }
        (Fallback::NoAnswer, Language::Traditional) => {
            "AI 模型沒有回應，已改由內建檢查器分析你的請求（詳情見追蹤記錄）。"
        }
        (Fallback::Unreadable, Language::Traditional) => {
            "無法理解 AI 模型的回覆，已改由內建檢查器分析你的請求（詳情見追蹤記錄）。"
        }
    };
    text.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fallback_notice_is_plain_and_in_the_users_language() {
        let en = fallback_notice(Fallback::NoAnswer, "en", "Plan a trip to Paris");
        assert!(en.starts_with("The AI model did not answer"), "{en}");
        assert!(!en.contains("HTTP") && !en.contains("JSON"));
        let unreadable = fallback_notice(Fallback::Unreadable, "en", "Plan a trip");
        assert!(
            unreadable.contains("could not be understood"),
            "{unreadable}"
        );
        // Chinese by the setting, or by the request's own words.
        for (tag, request, expected) in [
            ("zh", "Plan a trip", "AI 模型没有回应"),
            ("zh-Hans", "幫我寫一篇文章", "AI 模型没有回应"),
            ("en", "帮我写一篇关于旅行的文章", "AI 模型没有回应"),
            ("en", "幫我寫一篇關於旅行的文章", "AI 模型沒有回應"),
            ("zh-TW", "Plan a trip", "AI 模型沒有回應"),
            ("zh-Hant-HK", "Plan a trip", "AI 模型沒有回應"),
            (
                "en",
                "Explain 量子 computing in simple words",
                "The AI model",
            ),
            ("zho", "Plan a trip", "The AI model"),
        ] {
            let n = fallback_notice(Fallback::NoAnswer, tag, request);
            assert!(n.starts_with(expected), "{tag} {request}: {n}");
        }
    }
}
