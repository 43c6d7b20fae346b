//! The terminal's own words (headings, prompts, help), in the conversation's language. What
//! the engine writes (questions, notices, assumptions, the offline answer) comes from the
//! engine already in that language; these surround it, so a Chinese conversation reads in
//! Chinese from the first line to the last.

use clarify_core::{Language, Priority, Status};

/// Every phrase the terminal prints around the engine's output.
pub struct Words {
    /// The language these words are in (the engine's refusals are put in it too).
    pub language: Language,
    /// First line, offline, with the demo's sources.
    pub offline_demo: &'static str,
    /// First line, offline, with the user's own knowledge base or catalog.
    pub offline_own: &'static str,
    /// First line, online: `{model}`, `{endpoint}` and the sources filled in.
    pub online: &'static str,
    /// In `online`: the demo's sources, or the user's own.
    pub demo_sources: &'static str,
    pub own_sources: &'static str,
    /// Before the matched document's title.
    pub matched_document: &'static str,
    /// "Question n of m" with `{n}` and `{m}`.
    pub question_of: &'static str,
    pub why: &'static str,
    pub recommended: &'static str,
    pub pick_one: &'static str,
    pub pick_several: &'static str,
    pub free_text: &'static str,
    /// How to give several lines (a pasted text or code) to a question without options.
    pub paste: &'static str,
    pub dont_know: &'static str,
    pub skip: &'static str,
    /// Joins the help's parts.
    pub separator: &'static str,
    pub note: &'static str,
    /// An answer the engine refused: `{error}` filled in (the engine's own words for it).
    pub not_accepted: &'static str,
    pub answer: &'static str,
    pub handoff: &'static str,
    pub assumptions: &'static str,
    pub open_questions: &'static str,
    pub status: &'static str,
    /// The answer failed: `{reason}` filled in.
    pub retry: &'static str,
    /// The help under a question's options: `{help}` filled in.
    pub help: &'static str,
    /// Critical, important, helpful.
    pub priorities: [&'static str; 3],
    /// Idle, analyzing, awaiting clarification, generating, completed, handed off, failed.
    pub statuses: [&'static str; 7],
}

impl Words {
    /// The words for `language`.
    pub fn of(language: Language) -> &'static Self {
        match language {
            Language::English => &ENGLISH,
            Language::Simplified => &SIMPLIFIED,
            Language::Traditional => &TRADITIONAL,
        }
    }

    /// A priority's name.
    pub fn priority(&self, priority: Priority) -> &'static str {
        let [critical, important, helpful] = self.priorities;
        match priority {
            Priority::Critical => critical,
            Priority::Important => important,
            Priority::Helpful => helpful,
        }
    }

    /// A status's name.
    pub fn status_name(&self, status: Status) -> &'static str {
        let [
            idle,
            analyzing,
            awaiting,
            generating,
            completed,
            handed_off,
            failed,
        ] = self.statuses;
        match status {
            Status::Idle => idle,
            Status::Analyzing => analyzing,
            Status::AwaitingClarification => awaiting,
            Status::Generating => generating,
            Status::Completed => completed,
            Status::HandedOff => handed_off,
            Status::Failed => failed,
        }
    }
}

static ENGLISH: Words = Words {
    language: Language::English,
    offline_demo: "Offline mode: embedded detector, the demo knowledge base and catalog.",
    offline_own: "Offline mode: embedded detector, your knowledge base and catalog.",
    online: "Online mode: {model} at {endpoint} (embedded detector as fallback), {sources} knowledge base and catalog.",
    demo_sources: "the demo",
    own_sources: "your",
    matched_document: "Matched document: ",
    question_of: "Question {n} of {m}: ",
    why: "Why: ",
    recommended: " (recommended)",
    pick_one: "a number picks an option",
    pick_several: "numbers (1,3) pick options",
    free_text: "text answers freely",
    paste: "a line of \"\"\" starts several lines, another ends them",
    dont_know: "? = I don't know",
    skip: "Enter = skip, ! = skip all",
    separator: ", ",
    note: "Note: ",
    not_accepted: "  {error} Try again.",
    answer: "── Answer ──",
    handoff: "── Handoff ──\nConnecting you to an agent… ",
    assumptions: "── Assumptions ──",
    open_questions: "── Open questions ──",
    status: "── Status: {status} ──",
    retry: "\nThe answer could not be produced: {reason}\nYour answers are kept. Type r and Enter to retry, Enter to stop.\n> ",
    help: "  ({help})\n> ",
    priorities: ["critical", "important", "helpful"],
    statuses: [
        "idle",
        "analyzing",
        "awaiting_clarification",
        "generating",
        "completed",
        "handed_off",
        "failed",
    ],
};

static SIMPLIFIED: Words = Words {
    language: Language::Simplified,
    offline_demo: "离线模式：内置检查器，演示用的知识库和目录。",
    offline_own: "离线模式：内置检查器，你的知识库和目录。",
    online: "在线模式：{endpoint} 上的 {model}（内置检查器作为后备），{sources}知识库和目录。",
    demo_sources: "演示用的",
    own_sources: "你的",
    matched_document: "匹配的文档：",
    question_of: "第 {n} 题，共 {m} 题：",
    why: "原因：",
    recommended: "（推荐）",
    pick_one: "输入编号选择选项",
    pick_several: "输入多个编号（1,3）选择多个选项",
    free_text: "也可以直接输入文字回答",
    paste: "单独一行 \"\"\" 开始多行文字，再一行 \"\"\" 结束",
    dont_know: "? = 我不知道",
    skip: "Enter = 跳过，! = 全部跳过",
    separator: "，",
    note: "提示：",
    not_accepted: "  {error}请再试一次。",
    answer: "── 回答 ──",
    handoff: "── 转接人工 ──\n正在为你转接客服人员… ",
    assumptions: "── 假设 ──",
    open_questions: "── 未决问题 ──",
    status: "── 状态：{status} ──",
    retry: "\n无法生成回答：{reason}\n你的回答都已保留。输入 r 并按 Enter 重试，直接按 Enter 结束。\n> ",
    help: "  （{help}）\n> ",
    priorities: ["关键", "重要", "参考"],
    statuses: [
        "空闲",
        "分析中",
        "等待回答",
        "生成中",
        "已完成",
        "已转接人工",
        "失败",
    ],
};

static TRADITIONAL: Words = Words {
    language: Language::Traditional,
    offline_demo: "離線模式：內建檢查器，示範用的知識庫和目錄。",
    offline_own: "離線模式：內建檢查器，你的知識庫和目錄。",
    online: "線上模式：{endpoint} 上的 {model}（內建檢查器作為備援），{sources}知識庫和目錄。",
    demo_sources: "示範用的",
    own_sources: "你的",
    matched_document: "符合的文件：",
    question_of: "第 {n} 題，共 {m} 題：",
    why: "原因：",
    recommended: "（建議）",
    pick_one: "輸入編號選擇選項",
    pick_several: "輸入多個編號（1,3）選擇多個選項",
    free_text: "也可以直接輸入文字回答",
    paste: "單獨一行 \"\"\" 開始多行文字，再一行 \"\"\" 結束",
    dont_know: "? = 我不知道",
    skip: "Enter = 略過，! = 全部略過",
    separator: "，",
    note: "提示：",
    not_accepted: "  {error}請再試一次。",
    answer: "── 回答 ──",
    handoff: "── 轉接專人 ──\n正在為你轉接客服人員… ",
    assumptions: "── 假設 ──",
    open_questions: "── 未決問題 ──",
    status: "── 狀態：{status} ──",
    retry: "\n無法產生回答：{reason}\n你的回答都已保留。輸入 r 並按 Enter 重試，直接按 Enter 結束。\n> ",
    help: "  （{help}）\n> ",
    priorities: ["關鍵", "重要", "參考"],
    statuses: [
        "閒置",
        "分析中",
        "等待回答",
        "產生中",
        "已完成",
        "已轉接專人",
        "失敗",
    ],
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field of `w`, in order.
    fn fields(w: &Words) -> Vec<&'static str> {
        let mut all = vec![
            w.offline_demo,
            w.offline_own,
            w.online,
            w.demo_sources,
            w.own_sources,
            w.matched_document,
            w.question_of,
            w.why,
            w.recommended,
            w.pick_one,
            w.pick_several,
            w.free_text,
            w.paste,
            w.dont_know,
            w.skip,
            w.separator,
            w.note,
            w.not_accepted,
            w.answer,
            w.handoff,
            w.assumptions,
            w.open_questions,
            w.status,
            w.retry,
            w.help,
        ];
        all.extend(w.priorities);
        all.extend(w.statuses);
        all
    }

    #[test]
    fn the_words_say_their_language() {
        for language in Language::ALL {
            assert_eq!(Words::of(language).language, language);
        }
    }

    #[test]
    fn every_language_has_every_phrase_with_the_same_slots() {
        let english = fields(Words::of(Language::English));
        for language in [Language::Simplified, Language::Traditional] {
            let words = fields(Words::of(language));
            for (en, zh) in english.iter().zip(words) {
                assert_eq!(
                    en.is_empty(),
                    zh.is_empty(),
                    "{language:?}: {en:?} / {zh:?}"
                );
                for slot in [
                    "{model}",
                    "{endpoint}",
                    "{sources}",
                    "{n}",
                    "{m}",
                    "{error}",
                    "{status}",
                    "{reason}",
                ] {
                    assert_eq!(
                        en.contains(slot),
                        zh.contains(slot),
                        "{language:?} {slot}: {zh}"
                    );
                }
                // Chinese wherever the English has words (the separator aside).
                let mut unslotted = String::new();
                let mut in_slot = false;
                for c in en.chars() {
                    match c {
                        '{' => in_slot = true,
                        '}' => in_slot = false,
                        c if !in_slot => unslotted.push(c),
                        _ => {}
                    }
                }
                if unslotted.chars().filter(char::is_ascii_alphabetic).count() >= 3 {
                    assert!(
                        zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                        "{language:?} is not Chinese: {zh}"
                    );
                }
            }
        }
    }
}
