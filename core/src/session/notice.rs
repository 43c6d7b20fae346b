//! What the user is told when the embedded detector stands in for an LLM detection: plain
//! words in the user's language; the technical reason goes to the trace, never here.

use crate::detect;

/// Why an LLM detection gave way to the embedded detector.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Fallback {
    /// The call failed: unreachable, refused, timed out.
    NoAnswer,
    /// A reply came but could not be read as a detection result.
    Unreadable,
}

/// What the user is told when the embedded detector stands in for the LLM: plain words, in
/// the user's language — Chinese when `language` is a `zh` tag or the request is written
/// mostly in Chinese (Traditional for `zh-Hant`/`zh-TW`/`zh-HK`/`zh-MO` tags, or a `zh` request
/// in Traditional characters), English otherwise. The technical reason belongs in the trace.
pub(super) fn fallback_notice(fallback: Fallback, language: &str, request: &str) -> String {
    let text = match (fallback, notice_script(language, request)) {
        (Fallback::NoAnswer, Script::English) => {
            "The AI model did not answer, so the built-in checker looked at your request \
             instead (details in the trace)."
        }
        (Fallback::Unreadable, Script::English) => {
            "The AI model's reply could not be understood, so the built-in checker looked at \
             your request instead (details in the trace)."
        }
        (Fallback::NoAnswer, Script::Simplified) => {
            "AI 模型没有回应，已改由内置检查器分析你的请求（详情见追踪记录）。"
        }
        (Fallback::Unreadable, Script::Simplified) => {
            "无法理解 AI 模型的回复，已改由内置检查器分析你的请求（详情见追踪记录）。"
        }
        (Fallback::NoAnswer, Script::Traditional) => {
            "AI 模型沒有回應，已改由內建檢查器分析你的請求（詳情見追蹤記錄）。"
        }
        (Fallback::Unreadable, Script::Traditional) => {
            "無法理解 AI 模型的回覆，已改由內建檢查器分析你的請求（詳情見追蹤記錄）。"
        }
    };
    text.to_owned()
}

/// The language and script of a notice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Script {
    English,
    Simplified,
    Traditional,
}

/// See [`fallback_notice`].
fn notice_script(language: &str, request: &str) -> Script {
    let tag = language.trim().to_ascii_lowercase();
    let chinese_tag = tag == "zh" || tag.starts_with("zh-") || tag.starts_with("zh_");
    let tagged = |subtags: &[&str]| {
        chinese_tag
            && tag
                .split(['-', '_'])
                .skip(1)
                .any(|part| subtags.contains(&part))
    };
    let cjk = request
        .chars()
        .filter(|c| matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}'))
        .count();
    let latin_words = request
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| !w.is_empty())
        .count();
    let chinese_text = cjk > 0 && cjk >= latin_words;
    if tagged(&["hant", "tw", "hk", "mo"]) {
        Script::Traditional
    } else if tagged(&["hans", "cn", "sg"]) {
        Script::Simplified
    } else if chinese_text {
        // Traditional only on evidence: without marker characters either way, Simplified.
        let (traditional, simplified) = detect::script_markers(request);
        if traditional > simplified {
            Script::Traditional
        } else {
            Script::Simplified
        }
    } else if chinese_tag {
        Script::Simplified
    } else {
        Script::English
    }
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
