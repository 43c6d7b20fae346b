//! Browser tests of the app and the question card, in headless Chromium.
//!
//! Each test mounts into a fresh element, acts on real DOM nodes found by `data-testid`, and
//! lets Leptos and the browser run their tasks before asserting.
#![allow(missing_docs, clippy::unwrap_used)]

use std::sync::{Arc, Mutex};

use clarify_core::Language;
use clarify_core::{
    Choice, ChoiceId, Config, Effect, Input, Priority, Progress, Question, QuestionId,
    QuestionSource, Session, Status, UserAnswer,
};
use clarify_web::driver::Driver;
use clarify_web::i18n::{Messages, install_words, provide_chrome};
use clarify_web::storage::{API_KEY_KEY, SESSION_KEY, SETTINGS_KEY};
use clarify_web::ui::{AnswerView, ClarifyApp, QuestionCard};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

// ---------------------------------------------------------------------------------------------
// The card

#[wasm_bindgen_test]
async fn card_shows_badge_question_why_options_and_progress() {
    let (mounted, _replies) = mount_card(
        question(Priority::Critical, false),
        Language::English,
        Ok(()),
    );
    tick().await;
    let card = mounted.get("question-card");

    let badge = mounted.get("priority");
    assert_eq!(
        text(&badge),
        "Critical",
        "the priority is written, not only coloured"
    );
    assert_eq!(badge.get_attribute("data-priority").unwrap(), "critical");
    assert_eq!(
        text(&mounted.get("question-text")),
        "Which Android version?"
    );
    assert!(text(&mounted.get("question-why")).contains("Fixes differ by version"));
    assert_eq!(text(&mounted.get("progress")), "Question 1 of 2");

    let group = mounted.get("options");
    assert_eq!(group.get_attribute("role").unwrap(), "radiogroup");
    let labelled_by = group.get_attribute("aria-labelledby").unwrap();
    assert_eq!(mounted.get("question-text").id(), labelled_by);
    assert_eq!(card.get_attribute("aria-labelledby").unwrap(), labelled_by);
    let options = mounted.all("option");
    assert_eq!(options.len(), 2);
    for option in &options {
        assert_eq!(option.get_attribute("role").unwrap(), "radio");
        assert_eq!(option.get_attribute("aria-checked").unwrap(), "false");
    }
    let descriptions: Vec<String> = mounted.all("option-description").iter().map(text).collect();
    assert_eq!(descriptions, ["Released 2023", "Released 2022"]);
    assert!(
        mounted
            .get("dont-know")
            .text_content()
            .unwrap()
            .contains("I don't know")
    );
    assert!(
        mounted.find("free-text").is_none(),
        "no free text unless the question allows it"
    );

    let active = document().active_element().unwrap();
    assert!(
        card.is_same_node(Some(&active)),
        "focus moves to the card when it appears"
    );
}

#[wasm_bindgen_test]
async fn every_priority_has_its_own_words() {
    for (priority, en, zh) in [
        (Priority::Critical, "Critical", "关键"),
        (Priority::Important, "Important", "重要"),
        (Priority::Helpful, "Helpful", "有帮助"),
    ] {
        let (m, _) = mount_card(question(priority, false), Language::English, Ok(()));
        assert_eq!(text(&m.get("priority")), en);
        drop(m);
        let (m, _) = mount_card(question(priority, false), Language::Simplified, Ok(()));
        assert_eq!(text(&m.get("priority")), zh);
    }
}

#[wasm_bindgen_test]
async fn continue_waits_for_an_answer_then_sends_the_choice() {
    let (m, replies) = mount_card(
        question(Priority::Important, false),
        Language::English,
        Ok(()),
    );
    let continue_ = m.get("continue");
    assert!(
        disabled(&continue_),
        "Continue is disabled until there is an answer"
    );

    let options = m.all("option");
    options[1].click();
    tick().await;
    assert_eq!(options[1].get_attribute("aria-checked").unwrap(), "true");
    assert_eq!(options[0].get_attribute("aria-checked").unwrap(), "false");
    assert!(!disabled(&continue_));

    continue_.click();
    tick().await;
    // The reply is handed over after the browser painted "Continuing…".
    settle().await;
    assert_eq!(
        replies.get().as_slice(),
        [UserAnswer::Choices {
            choices: vec![ChoiceId("a13".into())]
        }]
    );
    assert_eq!(text(&continue_), "Continuing…");
    assert!(
        disabled(&continue_),
        "no second answer while the first is on its way"
    );
}

#[wasm_bindgen_test]
async fn digits_pick_an_option_and_enter_continues() {
    let (m, replies) = mount_card(
        question(Priority::Critical, false),
        Language::English,
        Ok(()),
    );
    let card = m.get("question-card");
    key(&card, "2");
    tick().await;
    assert_eq!(
        m.all("option")[1].get_attribute("aria-checked").unwrap(),
        "true"
    );
    key(&card, "1");
    tick().await;
    assert_eq!(
        m.all("option")[0].get_attribute("aria-checked").unwrap(),
        "true"
    );
    assert_eq!(
        m.all("option")[1].get_attribute("aria-checked").unwrap(),
        "false"
    );
    key(&card, "9");
    key(&card, "Enter");
    settle().await;
    assert_eq!(
        replies.get().as_slice(),
        [UserAnswer::Choices {
            choices: vec![ChoiceId("a14".into())]
        }]
    );
}

#[wasm_bindgen_test]
async fn several_choices_use_checkboxes_and_are_all_sent() {
    let (m, replies) = mount_card(question(Priority::Helpful, true), Language::English, Ok(()));
    assert_eq!(m.get("options").get_attribute("role").unwrap(), "group");
    let options = m.all("option");
    for option in &options {
        assert_eq!(option.get_attribute("role").unwrap(), "checkbox");
        option.click();
    }
    tick().await;
    m.get("continue").click();
    settle().await;
    assert_eq!(
        replies.get().as_slice(),
        [UserAnswer::Choices {
            choices: vec![ChoiceId("a14".into()), ChoiceId("a13".into())]
        }]
    );
}

#[wasm_bindgen_test]
async fn the_recommended_option_is_marked_in_words_and_in_its_name() {
    let mut q = question(Priority::Important, false);
    q.recommended = Some(ChoiceId("a13".into()));
    let (m, _) = mount_card(q.clone(), Language::English, Ok(()));
    let marks = m.all("recommended");
    assert_eq!(marks.len(), 1, "one option is recommended");
    assert_eq!(text(&marks[0]), "Recommended");
    let options = m.all("option");
    assert!(
        options[1].contains(Some(&marks[0])),
        "the mark is on the recommended option"
    );
    let names: Vec<String> = options[1]
        .get_attribute("aria-labelledby")
        .unwrap()
        .split(' ')
        .map(|id| text(&by_id(&m, id)))
        .collect();
    assert_eq!(
        names,
        ["Android 13", "Recommended"],
        "what is read is what is seen"
    );
    assert!(
        m.find("choose-several").is_none(),
        "a single-choice card says nothing about several"
    );
    drop(m);
    let (m, _) = mount_card(q, Language::Simplified, Ok(()));
    assert_eq!(text(&m.get("recommended")), "推荐");
}

#[wasm_bindgen_test]
async fn a_multi_select_card_is_a_group_of_checkboxes_for_keyboard_and_screen_readers() {
    let (m, replies) = mount_card(question(Priority::Helpful, true), Language::English, Ok(()));
    let group = m.get("options");
    let hint = m.get("choose-several");
    assert_eq!(text(&hint), "Choose all that apply.");
    assert_eq!(
        group.get_attribute("aria-describedby").unwrap(),
        hint.id(),
        "the group says that several may be chosen"
    );
    let options = m.all("option");
    for option in &options {
        assert_eq!(
            option.get_attribute("tabindex").unwrap(),
            "0",
            "every checkbox is in the tab order"
        );
    }
    // Space toggles the focused checkbox; a digit toggles its option; a second Space unticks.
    options[0].focus().unwrap();
    key(&options[0], " ");
    key(&options[0], "2");
    tick().await;
    assert_eq!(options[0].get_attribute("aria-checked").unwrap(), "true");
    assert_eq!(options[1].get_attribute("aria-checked").unwrap(), "true");
    key(&options[0], " ");
    tick().await;
    assert_eq!(options[0].get_attribute("aria-checked").unwrap(), "false");
    key(&options[0], " ");
    tick().await;
    key(&options[1], "Enter");
    settle().await;
    assert_eq!(
        replies.get().as_slice(),
        [UserAnswer::Choices {
            choices: vec![ChoiceId("a13".into()), ChoiceId("a14".into())]
        }]
    );
}

#[wasm_bindgen_test]
async fn change_on_an_earlier_answer_brings_its_card_back_and_the_new_answer_replaces_it() {
    clear_storage();
    let m = mount_app();
    start(&m, "Plan a trip to Paris").await;
    let first = text(&m.get("question-text"));
    let labels: Vec<String> = m.all("option-label").iter().map(text).collect();
    m.all("option")[0].click();
    tick().await;
    m.get("continue").click();
    settle().await;
    let second = text(&m.get("question-text"));
    assert_ne!(second, first);

    let change = m.get("change-answer");
    assert_eq!(text(&change), "Change");
    assert!(
        change.get_attribute("aria-label").unwrap().contains(&first),
        "the button names the question whose answer it changes"
    );
    change.click();
    settle().await;
    assert_eq!(
        text(&m.get("question-text")),
        first,
        "the earlier card is back"
    );
    assert_eq!(text(&m.get("progress")), "Question 1 of 2");
    assert!(
        m.find("changing").is_some(),
        "the card says a change is under way"
    );
    let options = m.all("option");
    assert_eq!(
        options[0].get_attribute("aria-checked").unwrap(),
        "true",
        "the earlier answer is pre-selected"
    );
    assert!(
        m.find("change-answer").is_none(),
        "no Change on the answer being changed"
    );
    let active = document().active_element().unwrap();
    assert!(
        m.get("question-card").is_same_node(Some(&active)),
        "focus moves to the card"
    );

    options[2].click();
    tick().await;
    m.get("continue").click();
    settle().await;
    assert_eq!(
        text(&m.get("question-text")),
        second,
        "the waiting question comes back"
    );
    let answers: Vec<String> = m.all("conv-answer").iter().map(text).collect();
    assert_eq!(answers, [labels[2].clone()], "replaced, not added");
    assert!(m.find("changing").is_none());
    assert!(m.find("change-answer").is_some());

    m.get("dont-know").click();
    settle().await;
    assert!(m.find("question-card").is_none());
    assert!(
        m.find("change-answer").is_none(),
        "nothing changes once the answer is written"
    );
    assert!(text(&m.get("answer-text")).contains(&labels[2]));
}

#[wasm_bindgen_test]
async fn a_change_can_be_kept_and_the_card_it_displaced_comes_back_as_it_was_left() {
    clear_storage();
    let m = mount_app();
    start(&m, "Plan a trip to Paris").await;
    let labels: Vec<String> = m.all("option-label").iter().map(text).collect();
    m.all("option")[0].click();
    tick().await;
    m.get("continue").click();
    settle().await;
    let second = text(&m.get("question-text"));
    // Half an answer on the second card: an option picked, nothing sent.
    m.all("option")[1].click();
    tick().await;

    m.get("change-answer").click();
    settle().await;
    m.get("keep-answer").click();
    settle().await;
    assert_eq!(
        text(&m.get("question-text")),
        second,
        "the second card is back"
    );
    assert_eq!(
        m.all("option")[1].get_attribute("aria-checked").unwrap(),
        "true",
        "with the option picked on it before the change"
    );
    let answers: Vec<String> = m.all("conv-answer").iter().map(text).collect();
    assert_eq!(answers, [labels[0].clone()], "the earlier answer kept");
    assert!(m.find("changing").is_none());
}

#[wasm_bindgen_test]
async fn free_text_alone_or_with_a_choice_is_sent_as_typed() {
    let mut q = question(Priority::Critical, false);
    q.allow_free_text = true;
    let (m, replies) = mount_card(q.clone(), Language::English, Ok(()));
    type_into(&m.get("free-text"), "  Android 12 on a Pixel  ");
    tick().await;
    assert!(!disabled(&m.get("continue")), "typed text is an answer");
    m.get("continue").click();
    settle().await;
    assert_eq!(
        replies.get().as_slice(),
        [UserAnswer::Text {
            text: "Android 12 on a Pixel".into()
        }]
    );
    drop(m);

    let (m, replies) = mount_card(q, Language::English, Ok(()));
    m.all("option")[0].click();
    type_into(&m.get("free-text"), "beta build");
    tick().await;
    m.get("continue").click();
    settle().await;
    assert_eq!(
        replies.get().as_slice(),
        [UserAnswer::ChoicesWithText {
            choices: vec![ChoiceId("a14".into())],
            text: "beta build".into()
        }]
    );
}

/// A question without options is answered in words, often with a pasted text or code: its box
/// is taller than the one under options.
#[wasm_bindgen_test]
async fn a_question_without_options_gets_a_taller_box() {
    let mut q = question(Priority::Critical, false);
    q.allow_free_text = true;
    let (m, _) = mount_card(q.clone(), Language::English, Ok(()));
    assert_eq!(
        m.get("free-text").get_attribute("rows").as_deref(),
        Some("2")
    );
    drop(m);
    q.options.clear();
    let (m, _) = mount_card(q, Language::English, Ok(()));
    assert_eq!(
        m.get("free-text").get_attribute("rows").as_deref(),
        Some("6")
    );
}

#[wasm_bindgen_test]
async fn dont_know_is_its_own_answer_and_only_where_allowed() {
    let (m, replies) = mount_card(
        question(Priority::Critical, false),
        Language::English,
        Ok(()),
    );
    m.get("dont-know").click();
    settle().await;
    assert_eq!(replies.get().as_slice(), [UserAnswer::DontKnow]);
    drop(m);

    let mut q = question(Priority::Critical, false);
    q.allow_skip = false;
    let (m, _) = mount_card(q, Language::English, Ok(()));
    assert!(m.find("dont-know").is_none());
}

#[wasm_bindgen_test]
async fn a_refused_answer_is_shown_on_the_card_and_can_be_retried() {
    let (m, replies) = mount_card(
        question(Priority::Critical, false),
        Language::English,
        Err("question q-1 is not the pending question".into()),
    );
    m.all("option")[0].click();
    tick().await;
    m.get("continue").click();
    settle().await;
    assert_eq!(replies.get().len(), 1);
    assert!(text(&m.get("card-error")).contains("not the pending question"));
    assert_eq!(text(&m.get("continue")), "Continue");
    assert!(!disabled(&m.get("continue")));
}

#[wasm_bindgen_test]
async fn card_chrome_follows_the_language() {
    let (m, _) = mount_card(
        question(Priority::Critical, false),
        Language::Japanese,
        Ok(()),
    );
    assert_eq!(text(&m.get("progress")), "質問 1/2");
    assert_eq!(text(&m.get("continue")), "続ける");
    drop(m);
    let (m, _) = mount_card(
        question(Priority::Critical, false),
        Language::Simplified,
        Ok(()),
    );
    assert_eq!(text(&m.get("progress")), "第 1 题，共 2 题");
    // A full-width colon after the label, as "如果跳过：" has, never an ASCII one.
    let why = text(&m.get("question-why"));
    assert!(why.starts_with("为什么重要：Fixes"), "{why}");
    assert_eq!(text(&m.get("continue")), "继续");
    assert!(text(&m.get("dont-know")).contains("我不知道"));
    assert_eq!(Language::from_tag("zh-TW"), Language::Traditional);
    assert_eq!(Language::from_tag("zh-Hant-HK"), Language::Traditional);
    assert_eq!(Language::from_tag("zh-CN"), Language::Simplified);
    assert_eq!(Language::from_tag("en-GB"), Language::English);
}

#[wasm_bindgen_test]
async fn streamed_answer_grows_as_chunks_arrive() {
    let text_signal = RwSignal::new(String::new());
    let streaming = RwSignal::new(true);
    let m = Mounted::new(move || {
        view! { <AnswerView text=text_signal streaming=streaming /> }
    });
    text_signal.set("Hel".into());
    tick().await;
    assert_eq!(text(&m.get("answer-text")), "Hel");
    assert_eq!(m.get("answer").get_attribute("aria-busy").unwrap(), "true");
    text_signal.set("Hello, world".into());
    streaming.set(false);
    tick().await;
    assert_eq!(text(&m.get("answer-text")), "Hello, world");
    assert_eq!(m.get("answer").get_attribute("aria-busy").unwrap(), "false");
}

// ---------------------------------------------------------------------------------------------
// The app

#[wasm_bindgen_test]
async fn offline_app_says_so_and_asks_the_demo_question() {
    clear_storage();
    let m = mount_app();
    assert!(text(&m.get("offline-banner")).contains("Offline mode"));
    start(&m, "my app crashes").await;
    assert_eq!(text(&m.get("question-text")), "Which Android version?");
    assert_eq!(text(&m.get("progress")), "Question 1 of 2");
    assert_eq!(text(&m.get("conv-request")), "You: my app crashes");
}

#[wasm_bindgen_test]
async fn reload_in_the_middle_of_a_question_shows_it_again_with_the_answers_given() {
    clear_storage();
    let m = mount_app();
    start(&m, "my app crashes").await;
    let first_label = text(&m.all("option-label")[0]);
    m.all("option")[0].click();
    tick().await;
    m.get("continue").click();
    settle().await;
    let pending = text(&m.get("question-text"));
    assert_ne!(
        pending, "Which Android version?",
        "the second question is pending"
    );
    let progress = text(&m.get("progress"));
    assert!(
        local(SESSION_KEY).unwrap().contains(&first_label),
        "saved after the answer"
    );
    drop(m);

    // A new page: a new App restores from storage.
    let m = mount_app();
    assert_eq!(text(&m.get("question-text")), pending);
    assert_eq!(text(&m.get("progress")), progress);
    let answers: Vec<String> = m.all("conv-answer").iter().map(text).collect();
    assert_eq!(answers, [first_label]);

    // And the restored question can be answered.
    m.get("dont-know").click();
    settle().await;
    assert!(m.find("question-card").is_none());
    assert!(text(&m.get("answer-text")).contains("my app crashes"));
}

/// A detection fallback happened before the first question: the conversation shows its
/// notice there, not after the answers given since.
#[wasm_bindgen_test]
async fn a_detection_fallback_is_told_before_the_first_question() {
    clear_storage();
    let config = Config {
        detection: clarify_core::Detection::Llm,
        ..Config::default()
    };
    let mut s = Session::new(config);
    let _ = s
        .handle(Input::Start {
            request: "Plan a trip to Paris".into(),
            context: Default::default(),
            now: js_sys::Date::now() as u64,
        })
        .unwrap();
    let driver = Driver::new(s, None);
    let m = {
        let driver = driver.clone();
        Mounted::new(move || view! { <ClarifyApp driver=driver /> })
    };
    tick().await;
    driver
        .send(Input::DetectionFailed {
            reason: "HTTP 503 Service Unavailable".into(),
        })
        .unwrap();
    settle().await;
    m.all("option")[0].click();
    tick().await;
    m.get("continue").click();
    settle().await;
    let turns: Vec<(String, String)> = m
        .get("conversation")
        .query_selector_all("li")
        .map(|list| {
            (0..list.length())
                .filter_map(|i| list.item(i))
                .filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
                .map(|e| (e.get_attribute("data-testid").unwrap_or_default(), text(&e)))
                .collect()
        })
        .unwrap_or_default();
    let kinds: Vec<&str> = turns.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        kinds,
        ["conv-request", "engine-notice", "", "conv-answer-turn"],
        "{turns:?}"
    );
    assert!(
        turns[1].1.starts_with("The AI model did not answer") && !turns[1].1.contains("503"),
        "{turns:?}"
    );
}

#[wasm_bindgen_test]
async fn start_over_clears_the_saved_session() {
    clear_storage();
    let m = mount_app();
    start(&m, "my app crashes").await;
    assert!(local(SESSION_KEY).is_some());
    m.get("start-over").click();
    settle().await;
    assert!(m.find("question-card").is_none());
    assert!(local(SESSION_KEY).is_none(), "the saved session is gone");
    drop(m);
    let m = mount_app();
    assert!(m.find("question-card").is_none(), "a reload starts fresh");
}

#[wasm_bindgen_test]
async fn unusable_saved_sessions_give_a_notice_and_a_fresh_start() {
    for (saved, expect) in [
        ("garbage{", "could not be restored"),
        ("{\"unrelated\": true}", "not a Clarify snapshot"),
        (
            "{\"clarify_snapshot\": 99, \"session\": {}}",
            "newer Clarify is kept",
        ),
        ("{\"clarify_snapshot\": 0, \"session\": {}}", "version 0"),
        (
            "{\"clarify_snapshot\": 1, \"session\": 7}",
            "not a Clarify snapshot",
        ),
    ] {
        clear_storage();
        set_local(SESSION_KEY, saved);
        let m = mount_app();
        let notice = text(&m.get("notice"));
        assert!(notice.contains(expect), "{saved:?}: {notice}");
        let newer = saved.contains("99");
        assert!(newer || notice.contains("Starting fresh"), "{notice}");
        start(&m, "my app crashes").await;
        assert!(
            m.find("question-card").is_some(),
            "{saved:?}: the app still works"
        );
    }
    clear_storage();
    set_local(SETTINGS_KEY, "[1,2");
    let m = mount_app();
    assert!(text(&m.get("notice")).contains("settings could not be read"));
    assert!(m.find("offline-banner").is_some());
}

#[wasm_bindgen_test]
async fn full_storage_gives_a_notice_and_the_app_keeps_working() {
    clear_storage();
    let m = mount_app();
    // Fill localStorage until the browser refuses a write.
    let mut chunk = "x".repeat(1 << 20);
    for i in 0..64 {
        if storage().set_item(&format!("filler.{i}"), &chunk).is_err() {
            if chunk.len() < 1024 {
                break;
            }
            chunk.truncate(chunk.len() / 2);
        }
    }
    start(&m, "my app crashes").await;
    let notice = m.find("notice").map(|n| text(&n)).unwrap_or_default();
    clear_storage();
    assert!(notice.contains("kept for this tab only"), "{notice:?}");
    assert_eq!(text(&m.get("question-text")), "Which Android version?");
}

#[wasm_bindgen_test]
async fn html_from_the_user_is_shown_as_text() {
    clear_storage();
    let m = mount_app();
    let evil =
        "<img src=x onerror=\"window.__xss=1\"><script>window.__xss=2</script> my app crashes";
    start(&m, evil).await;
    assert_eq!(text(&m.get("conv-request")), format!("You: {evil}"));
    m.get("dont-know").click();
    settle().await;
    m.get("continue-anyway").click();
    settle().await;
    assert!(text(&m.get("answer-text")).contains("<img src=x"));
    assert!(
        m.host.query_selector("img, script").unwrap().is_none(),
        "no element was created"
    );
    let flag = js_sys::Reflect::get(&window(), &"__xss".into()).unwrap();
    assert!(flag.is_undefined(), "no handler ran");
}

/// Markup an attacker could put in an LLM reply or in user text: tags with handlers, a script,
/// SVG, a `javascript:` link and Markdown that would render as a link or an image.
const HOSTILE: &[&str] = &[
    "<img src=x onerror=\"window.__xss=1\">",
    "<script>window.__xss=2</script>",
    "<svg onload=\"window.__xss=3\"></svg>",
    "<a href=\"javascript:window.__xss=4\">link</a>",
    "[click](javascript:window.__xss=5)",
    "![x](x\" onerror=\"window.__xss=6)",
];

#[wasm_bindgen_test]
async fn markup_from_the_llm_is_text_in_the_card_the_trace_and_the_answer() {
    clear_storage();
    let evil = HOSTILE.concat();
    let config = Config {
        detection: clarify_core::Detection::Llm,
        ..Config::default()
    };
    let mut s = Session::new(config);
    let _ = s
        .handle(Input::Start {
            request: "Plan a trip".into(),
            context: Default::default(),
            // Now, so the app's Tick on load does not time the question out.
            now: js_sys::Date::now() as u64,
        })
        .unwrap();
    let reply = serde_json::json!({
        "needs_clarification": true,
        "ambiguity_details": [{
            "clarification_question": format!("{evil} Which city?"),
            "description": evil,
            "possible_options": [HOSTILE[0], HOSTILE[3], HOSTILE[4]],
            "priority": "critical",
        }],
    });
    let _ = s
        .handle(Input::DetectionReceived {
            text: reply.to_string(),
            usage: None,
        })
        .unwrap();
    let question = s
        .current_question()
        .expect("the LLM's question is pending")
        .id
        .clone();
    let card = {
        let driver = Driver::new(s.clone(), None);
        Mounted::new(move || view! { <ClarifyApp driver=driver /> })
    };
    tick().await;
    assert_eq!(
        text(&card.get("question-text")),
        format!("{evil} Which city?")
    );
    let labels: Vec<String> = card.all("option").iter().map(text).collect();
    assert!(labels.iter().any(|l| l.contains(HOSTILE[3])), "{labels:?}");
    let rows: Vec<String> = card.all("trace-row").iter().map(text).collect();
    assert!(
        rows.iter().any(|r| r.contains("Asking \"<img src=x")),
        "the trace quotes the question as text: {rows:?}"
    );
    assert_no_markup(&card);
    drop(card);

    // The user answers with the same markup; the LLM streams markup back as the answer.
    let _ = s
        .handle(Input::Answer {
            question,
            answer: UserAnswer::Text { text: evil.clone() },
            now: js_sys::Date::now() as u64,
        })
        .unwrap();
    assert_eq!(s.status(), Status::Generating);
    let driver = Driver::new(s, None);
    let m = {
        let driver = driver.clone();
        Mounted::new(move || view! { <ClarifyApp driver=driver /> })
    };
    tick().await;
    for chunk in HOSTILE {
        driver
            .send(Input::GenerationChunk {
                text: (*chunk).into(),
            })
            .unwrap();
    }
    driver
        .send(Input::GenerationCompleted {
            text: String::new(),
            usage: None,
        })
        .unwrap();
    settle().await;
    assert_eq!(text(&m.get("answer-text")), evil);
    assert!(
        text(&m.host).contains(HOSTILE[1]),
        "the user's answer shows as text in the conversation"
    );
    assert_no_markup(&m);
}

/// Fails if any element or handler came from [`HOSTILE`] markup, or if a handler ran.
fn assert_no_markup(m: &Mounted) {
    assert!(
        m.host
            .query_selector("img, script, svg, a[href^='javascript'], [onerror], [onload]")
            .unwrap()
            .is_none(),
        "no element came from the markup: {}",
        m.host.inner_html()
    );
    let flag = js_sys::Reflect::get(&window(), &"__xss".into()).unwrap();
    assert!(flag.is_undefined(), "no handler ran");
}

#[wasm_bindgen_test]
async fn handoff_shows_the_answer_first_then_connects_to_an_agent() {
    clear_storage();
    let m = mount_app();
    start(&m, "I want a refund, I was charged twice").await;
    m.all("option")[0].click();
    tick().await;
    m.get("continue").click();
    settle().await;
    m.get("continue-anyway").click();
    settle().await;
    let answer = m.get("answer");
    let handoff = m.get("handoff");
    assert!(text(&m.get("handoff-connecting")).contains("Connecting you to an agent…"));
    // DOCUMENT_POSITION_FOLLOWING: the handoff comes after the answer.
    assert_ne!(answer.compare_document_position(&handoff) & 4, 0);
    let package = text(&m.get("handoff-package"));
    assert!(
        package.contains("I want a refund, I was charged twice"),
        "{package}"
    );
    assert!(
        package.contains("What went wrong with the payment?"),
        "{package}"
    );
}

#[wasm_bindgen_test]
async fn trace_panel_shows_each_decision_and_the_counters() {
    clear_storage();
    let m = mount_app();
    start(&m, "my app crashes").await;
    m.get("dont-know").click();
    settle().await;
    let rows: Vec<String> = m.all("trace-row").iter().map(text).collect();
    assert!(
        rows.iter()
            .any(|r| r.starts_with("session") && r.contains("started")),
        "{rows:?}"
    );
    assert!(
        rows.iter().any(|r| r.contains("question_asked")),
        "{rows:?}"
    );
    assert!(
        rows.iter().all(|r| r.split_whitespace().count() > 2),
        "every row has a reason"
    );
    let counters = text(&m.get("counters"));
    assert!(counters.contains("2 asked"), "{counters}");
    assert!(counters.contains("1 skipped"), "{counters}");
}

#[wasm_bindgen_test]
async fn settings_are_saved_with_the_key_apart_from_the_session() {
    clear_storage();
    let m = mount_app();
    m.get("settings-toggle").click();
    tick().await;
    type_into(&m.get("set-endpoint"), "http://127.0.0.1:9/v1");
    type_into(&m.get("set-model"), "smollm2");
    type_into(&m.get("set-key"), "sk-secret-42");
    type_into(&m.get("set-budget"), "2");
    tick().await;
    assert_eq!(
        local(API_KEY_KEY),
        None,
        "a key is remembered only when asked"
    );
    m.get("set-remember-key").click();
    tick().await;
    let settings: serde_json::Value = serde_json::from_str(&local(SETTINGS_KEY).unwrap()).unwrap();
    assert_eq!(
        settings,
        serde_json::json!({"endpoint": "http://127.0.0.1:9/v1", "model": "smollm2",
            "profile": "", "maxQuestions": 2, "neverAsk": false, "language": "auto",
            "rememberKey": true})
    );
    assert_eq!(local(API_KEY_KEY).unwrap(), "sk-secret-42");
    let banner = text(&m.get("online-banner"));
    assert!(banner.contains("http://127.0.0.1:9/v1"), "{banner}");
    assert!(
        banner.contains("not tried yet") && !banner.contains("Connected"),
        "a URL in the settings is no connection: {banner}"
    );

    start(&m, "my app crashes").await;
    settle().await;
    let saved = local(SESSION_KEY).unwrap();
    assert!(
        !saved.contains("sk-secret"),
        "the key never enters the snapshot"
    );
    assert!(!m.get("trace").inner_html().contains("sk-secret"));
}

#[wasm_bindgen_test]
async fn the_settings_form_refuses_an_endpoint_that_is_not_an_absolute_http_url() {
    clear_storage();
    let m = mount_app();
    m.get("settings-toggle").click();
    tick().await;
    let field = m.get("set-endpoint");
    for typed in ["not a url", "/v1", "ftp://127.0.0.1/v1"] {
        type_into(&field, typed);
        field
            .dispatch_event(&web_sys::Event::new("change").unwrap())
            .unwrap();
        tick().await;
        assert!(
            text(&m.get("endpoint-error")).contains("absolute http://"),
            "{typed} is refused"
        );
        assert_eq!(field.get_attribute("aria-invalid").as_deref(), Some("true"));
        assert!(
            m.find("offline-banner").is_some(),
            "{typed} leaves the app offline"
        );
        assert!(!local(SETTINGS_KEY).unwrap_or_default().contains(typed));
    }
    type_into(&field, "https://llm.example/v1");
    tick().await;
    assert_eq!(text(&m.get("endpoint-error")), "");
    assert_eq!(
        field.get_attribute("aria-invalid").as_deref(),
        Some("false")
    );
    assert!(text(&m.get("online-banner")).contains("https://llm.example/v1"));
}

#[wasm_bindgen_test]
async fn test_connection_without_an_endpoint_says_offline() {
    clear_storage();
    let m = mount_app();
    m.get("settings-toggle").click();
    tick().await;
    m.get("test-connection").click();
    settle().await;
    assert!(text(&m.get("test-result")).contains("No endpoint"));
}

#[wasm_bindgen_test]
async fn never_ask_answers_with_assumptions_and_no_card() {
    clear_storage();
    set_local(SETTINGS_KEY, r#"{"neverAsk": true}"#);
    let m = mount_app();
    start(&m, "my app crashes").await;
    assert!(m.find("question-card").is_none());
    let answer = text(&m.get("answer-text"));
    assert!(
        answer.contains("Assumptions") || answer.contains("Open questions"),
        "{answer}"
    );
}

#[wasm_bindgen_test]
async fn chinese_setting_translates_the_page() {
    clear_storage();
    set_local(SETTINGS_KEY, r#"{"language": "zh"}"#);
    let m = mount_app();
    assert!(text(&m.get("offline-banner")).starts_with("离线模式"));
    start(&m, "悠遊卡 投遞的格式、成效").await;
    // The request is written in Traditional characters: the chrome stays the setting's.
    assert_eq!(text(&m.get("continue")), "继续");
    assert!(text(&m.get("progress")).starts_with("第 1 题"));
}

#[wasm_bindgen_test]
async fn another_tab_answering_is_shown_here() {
    clear_storage();
    let m = mount_app();
    start(&m, "my app crashes").await;

    // The other tab answers the first question and saves.
    let mut other = Session::restore(&local(SESSION_KEY).unwrap()).unwrap();
    let q = other.current_question().unwrap().clone();
    let _ = other
        .handle(Input::Answer {
            question: q.id,
            answer: UserAnswer::Choices {
                choices: vec![q.options[0].id.clone()],
            },
            now: 1,
        })
        .unwrap();
    storage_event(Some(&other.snapshot()));
    settle().await;
    assert_ne!(text(&m.get("question-text")), "Which Android version?");
    assert_eq!(
        m.all("conv-answer").len(),
        1,
        "the other tab's answer is kept"
    );

    // The other tab started over.
    storage_event(None);
    settle().await;
    assert!(m.find("question-card").is_none());
}

#[wasm_bindgen_test]
async fn two_tabs_answering_at_once_agree_and_the_overruled_one_is_told() {
    clear_storage();
    let m = mount_app();
    start(&m, "my app crashes").await;
    let pending = local(SESSION_KEY).unwrap();

    // The other tab, on the same question, picks the second option...
    let mut other = Session::restore(&pending).unwrap();
    let q = other.current_question().unwrap().clone();
    let _ = other
        .handle(Input::Answer {
            question: q.id.clone(),
            answer: UserAnswer::Choices {
                choices: vec![q.options[1].id.clone()],
            },
            now: 1,
        })
        .unwrap();
    // ...while this tab picks the first.
    m.all("option")[0].click();
    tick().await;
    m.get("continue").click();
    settle().await;
    let mine = local(SESSION_KEY).unwrap();

    // Our write landed last: the other tab's event arrives, but storage holds ours, so both
    // tabs end on this session and nothing here changes.
    dispatch_storage_event(Some(&other.snapshot()));
    settle().await;
    assert_eq!(local(SESSION_KEY).unwrap(), mine);
    assert_eq!(text(&m.all("conv-answer")[0]), q.options[0].label);
    assert!(m.find("notice").is_none(), "nothing was lost here");

    // The other tab's write landed last: this tab shows it, and says which answer is gone.
    storage_event(Some(&other.snapshot()));
    settle().await;
    let answers: Vec<String> = m.all("conv-answer").iter().map(text).collect();
    assert_eq!(answers, [q.options[1].label.clone()]);
    let notice = text(&m.get("notice"));
    assert!(notice.contains("Another tab took over"), "{notice}");
    assert!(notice.contains(&q.text), "{notice}");
    assert!(
        notice.contains(&format!("“{}”", q.options[0].label)),
        "the answer dropped here is quoted: {notice}"
    );
}

#[wasm_bindgen_test]
async fn an_expired_question_times_out_on_load() {
    clear_storage();
    let mut s = Session::new(Config::default());
    let request = "my app crashes";
    let _ = s
        .handle(Input::Start {
            request: request.into(),
            context: clarify_core::demo::context(request, &[]),
            now: 0, // 1970: long past the 24-hour deadline
        })
        .unwrap();
    set_local(SESSION_KEY, &s.snapshot());
    let m = mount_app();
    settle().await;
    assert_eq!(
        text(&m.get("question-text")),
        "Describe the error",
        "the next question is asked"
    );
    let kinds: Vec<String> = m
        .all("conv-answer")
        .iter()
        .map(|e| e.get_attribute("data-kind").unwrap())
        .collect();
    assert_eq!(kinds.first().map(String::as_str), Some("timed_out"));
}

#[wasm_bindgen_test]
async fn a_question_left_open_past_its_deadline_times_out() {
    clear_storage();
    let mut s = Session::new(Config {
        question_timeout_ms: Some(40),
        ..Config::default()
    });
    let request = "my app crashes";
    let _ = s
        .handle(Input::Start {
            request: request.into(),
            context: clarify_core::demo::context(request, &[]),
            now: clarify_web::driver::now(),
        })
        .unwrap();
    let driver = Driver::new(s, None);
    let m = Mounted::new(move || view! { <ClarifyApp driver=driver /> });
    assert_eq!(text(&m.get("question-text")), "Which Android version?");
    assert!(m.find("conv-answer").is_none());
    // The deadline is 40 ms away; a loaded machine may run the timer late, so the check waits
    // (up to 5 s) for the conversation to show what happened rather than for a fixed time.
    for _ in 0..250 {
        if m.find("conv-answer").is_some() {
            break;
        }
        sleep(20).await;
    }
    settle().await;
    let kind = m.get("conv-answer").get_attribute("data-kind").unwrap();
    assert_eq!(
        kind, "timed_out",
        "nobody answered: typed as timed out, not as an answer"
    );
}

#[wasm_bindgen_test]
async fn the_app_renders_the_answer_as_it_streams() {
    clear_storage();
    let mut s = Session::new(Config::default());
    let request = "Plan a trip to Paris";
    let _ = s
        .handle(Input::Start {
            request: request.into(),
            context: Default::default(),
            now: 0,
        })
        .unwrap();
    let effects = s.handle(Input::SkipAll { now: 1 }).unwrap();
    assert!(matches!(
        effects.last(),
        Some(Effect::RequestGeneration { .. })
    ));
    assert_eq!(s.status(), Status::Generating);
    let driver = Driver::new(s, None);
    let m = {
        let driver = driver.clone();
        Mounted::new(move || view! { <ClarifyApp driver=driver /> })
    };
    assert!(
        m.find("working").is_some(),
        "\"Writing the answer…\" before the first chunk"
    );
    driver
        .send(Input::GenerationChunk {
            text: "Day 1: ".into(),
        })
        .unwrap();
    tick().await;
    assert_eq!(m.get("answer-text").text_content().unwrap(), "Day 1: ");
    driver
        .send(Input::GenerationChunk {
            text: "the Louvre.".into(),
        })
        .unwrap();
    tick().await;
    assert_eq!(text(&m.get("answer-text")), "Day 1: the Louvre.");
    assert_eq!(m.get("answer").get_attribute("aria-busy").unwrap(), "true");
    driver
        .send(Input::GenerationCompleted {
            text: String::new(),
            usage: None,
        })
        .unwrap();
    tick().await;
    assert_eq!(m.get("answer").get_attribute("aria-busy").unwrap(), "false");
    assert_eq!(text(&m.get("answer-text")), "Day 1: the Louvre.");
}

// ---------------------------------------------------------------------------------------------
// The card's loose ends: what the box is for, the key hint, focus, page-wide digits, drafts,
// Traditional chrome, copy, Stop, the multi-line box

/// While a question waits, the answer is given on its card and nowhere else: the box below is
/// for a new request only, and says so. Text sent from it never becomes the question's answer.
#[wasm_bindgen_test]
async fn while_a_question_is_pending_the_box_starts_a_new_request_and_never_answers_it() {
    clear_storage();
    set_local(SETTINGS_KEY, r#"{"language": "en"}"#);
    let m = mount_app();
    assert_eq!(text(&m.get("request-label")), "Your request");
    assert_eq!(text(&m.get("submit")), "Send");
    start(&m, "my app crashes").await;
    assert!(m.find("question-card").is_some());
    assert_eq!(
        text(&m.get("request-label")),
        "Or a new request instead (leaves the question above unanswered)"
    );
    assert_eq!(text(&m.get("submit")), "New request");

    // Enter with text typed: that text is a new request, not the pending question's answer.
    let area = m.get("request");
    type_into(&area, "What is the capital of Australia?");
    area.dispatch_event(&keyboard("Enter", false, false))
        .unwrap();
    settle().await;
    assert_eq!(
        text(&m.get("conv-request")),
        "You: What is the capital of Australia?"
    );
    assert!(
        m.find("conv-answer").is_none(),
        "nothing was filed as an answer"
    );
    assert!(
        area.unchecked_ref::<web_sys::HtmlTextAreaElement>()
            .value()
            .is_empty()
    );

    // With nothing typed: back to idle, the box ready for a request.
    if m.find("question-card").is_none() {
        start(&m, "my app crashes").await;
    }
    m.get("submit").click();
    settle().await;
    assert!(
        m.find("conv-request").is_none(),
        "the conversation is cleared"
    );
    assert!(m.find("question-card").is_none());
    assert_eq!(text(&m.get("request-label")), "Your request");
    assert_eq!(active_testid(), "request", "focus is in the box");
}

/// An option picked on the card but not yet sent is still picked after a reload, and the
/// draft goes once the answer is sent.
#[wasm_bindgen_test]
async fn an_option_picked_but_not_sent_survives_a_reload() {
    clear_storage();
    let m = mount_app();
    start(&m, "my app crashes").await;
    m.all("option")[1].click();
    tick().await;
    drop(m);

    let m = mount_app();
    settle().await;
    let picked: Vec<_> = m
        .all("option")
        .iter()
        .map(|o| o.get_attribute("aria-checked").unwrap())
        .collect();
    assert_eq!(
        picked[..2],
        ["false", "true"],
        "the second option is still picked"
    );
    m.get("continue").click();
    settle().await;
    assert!(
        local(&format!("{SESSION_KEY}.answerDraft")).is_none(),
        "a sent answer leaves no draft"
    );
}

/// The chrome switched to Chinese in the middle of an English question: the question's own
/// words keep their language (`lang="en"`), the chrome around them is marked Chinese.
#[wasm_bindgen_test]
async fn a_question_keeps_its_own_language_when_the_chrome_switches() {
    clear_storage();
    set_local(SETTINGS_KEY, r#"{"language": "en"}"#);
    let m = mount_app();
    start(&m, "my app crashes").await;
    m.get("settings-toggle").click();
    settle().await;
    let select = m.get("set-language");
    js_sys::Reflect::set(&select, &"value".into(), &"zh".into()).unwrap();
    select
        .dispatch_event(&web_sys::Event::new("change").unwrap())
        .unwrap();
    settle().await;
    assert_eq!(text(&m.get("continue")), "继续", "the chrome is Chinese");
    assert_eq!(
        m.get("app-ready").get_attribute("lang").as_deref(),
        Some("zh-Hans")
    );
    let question = m.get("question-text");
    assert_eq!(question.get_attribute("lang").as_deref(), Some("en"));
    assert!(
        m.all("option-label")
            .iter()
            .all(|o| o.get_attribute("lang").as_deref() == Some("en")),
        "the options are the question's words too"
    );
}

/// "Skip this and the remaining questions" says what it does: every question left goes.
#[wasm_bindgen_test]
async fn skipping_from_the_card_says_it_skips_the_remaining_questions() {
    clear_storage();
    set_local(SETTINGS_KEY, r#"{"language": "en"}"#);
    let m = mount_app();
    start(&m, "my app crashes").await;
    assert_eq!(
        text(&m.get("continue-anyway")),
        "Skip this and the remaining questions"
    );
    m.get("continue-anyway").click();
    settle().await;
    assert!(m.find("question-card").is_none());
    assert!(m.find("answer").is_some());
}

#[wasm_bindgen_test]
async fn the_last_question_offers_to_skip_it_not_the_remaining_ones() {
    let card = |current: u32, total: u32| {
        Mounted::new(move || {
            provide_chrome(
                Signal::stored(Language::English),
                Signal::stored(Messages::new()),
            );
            let on_answer = Callback::new(|_: UserAnswer| Ok(()));
            let on_skip_all = Callback::new(|()| Ok(()));
            view! {
                <QuestionCard
                    question=question(Priority::Important, false)
                    progress=Progress { current, total }
                    on_answer=on_answer
                    on_skip_all=on_skip_all
                />
            }
        })
    };
    let m = card(1, 1);
    assert_eq!(text(&m.get("continue-anyway")), "Skip this question");
    drop(m);
    let m = card(2, 3);
    assert_eq!(
        text(&m.get("continue-anyway")),
        "Skip this and the remaining questions"
    );
}

#[wasm_bindgen_test]
async fn a_turn_without_an_answer_says_what_the_user_did_and_the_assumption_is_the_engines() {
    clear_storage();
    set_local(SETTINGS_KEY, r#"{"language": "en"}"#);
    let m = mount_app();
    start(&m, "my app crashes").await;
    m.get("dont-know").click();
    settle().await;
    assert_eq!(text(&m.get("conv-answer")), "I don't know");
    let turn = text(&m.get("conv-answer-turn"));
    let assumed = text(&m.get("conv-assumption"));
    assert!(assumed.starts_with("Assumed: "), "{assumed}");
    let assumption = assumed.trim_start_matches("Assumed: ");
    assert!(
        !assumption.is_empty() && !turn.contains(assumption),
        "the assumption is not in the user's bubble: {turn}"
    );
}

#[wasm_bindgen_test]
async fn a_blank_request_is_refused_in_words() {
    clear_storage();
    set_local(SETTINGS_KEY, r#"{"language": "en"}"#);
    let m = mount_app();
    start(&m, "   ").await;
    assert_eq!(text(&m.get("request-error")), "Type a request first.");
    assert!(m.find("conv-request").is_none());
    start(&m, "my app crashes").await;
    assert_eq!(text(&m.get("request-error")), "");
    assert!(m.find("question-card").is_some());
}

#[wasm_bindgen_test]
async fn the_key_hint_names_the_options_there_are_and_the_assumption_is_said_once() {
    let mut three = question(Priority::Important, false);
    three.options.push(Choice {
        id: ChoiceId("a12".into()),
        label: "Android 12".into(),
        description: None,
    });
    let (m, _) = mount_card(three, Language::English, Ok(()));
    assert_eq!(
        text(&m.get("keys-hint")),
        "Keys: 1–3 pick an option, Enter continues."
    );
    assert_eq!(
        text(&m.get("assumption")),
        "If you skip: The latest Android version."
    );
    drop(m);

    let mut open = question(Priority::Helpful, false);
    open.options.clear();
    open.allow_free_text = true;
    let (m, _) = mount_card(open, Language::Simplified, Ok(()));
    assert_eq!(text(&m.get("keys-hint")), "按键：Enter 继续。");
    assert_eq!(text(&m.get("free-text-label")), "用您自己的话描述");
    // No space after a full-width colon.
    assert_eq!(
        text(&m.get("assumption")),
        "如果跳过：The latest Android version."
    );
    drop(m);
    let mut open = question(Priority::Helpful, false);
    open.options.clear();
    open.allow_free_text = true;
    let (m, _) = mount_card(open, Language::English, Ok(()));
    assert_eq!(text(&m.get("keys-hint")), "Keys: Enter continues.");
    assert_eq!(
        text(&m.get("free-text-label")),
        "Describe it in your own words",
        "no \"Or\" without options to be the alternative to"
    );
}

#[wasm_bindgen_test]
async fn focus_goes_to_the_answer_after_the_last_question_and_to_the_box_after_start_over() {
    clear_storage();
    let m = mount_app();
    start(&m, "my app crashes").await;
    while m.find("question-card").is_some() {
        m.get("dont-know").click();
        settle().await;
    }
    assert!(m.find("answer").is_some());
    assert_eq!(active_testid(), "answer-heading", "not the page's body");

    m.get("start-over").focus().unwrap();
    m.get("start-over").click();
    settle().await;
    assert_eq!(active_testid(), "request");
}

#[wasm_bindgen_test]
async fn digits_pick_an_option_anywhere_on_the_page_but_never_while_typing() {
    clear_storage();
    let m = mount_app();
    start(&m, "my app crashes").await;
    let outside = document().body().unwrap();
    outside.focus().unwrap();
    key(&outside, "2");
    tick().await;
    assert_eq!(
        m.all("option")[1].get_attribute("aria-checked").unwrap(),
        "true",
        "a digit on the page picks"
    );
    key(&m.get("request"), "1");
    tick().await;
    assert_eq!(
        m.all("option")[0].get_attribute("aria-checked").unwrap(),
        "false",
        "a digit typed in the request box is text"
    );
    drop(m);
    assert!(
        document()
            .query_selector("[data-testid=option]")
            .unwrap()
            .is_none()
    );
    // The listener went with the card: a digit now changes nothing and panics nowhere.
    key(&outside, "1");
    tick().await;
}

#[wasm_bindgen_test]
async fn half_typed_text_survives_a_reload_and_stays_on_its_own_question() {
    clear_storage();
    let m = mount_app();
    start(&m, "my app crashes").await;
    m.all("option")[0].click();
    tick().await;
    m.get("continue").click();
    settle().await;
    type_into(&m.get("free-text"), "It closes on st");
    type_into(&m.get("request"), "Also, my watch");
    drop(m);

    let m = mount_app();
    settle().await;
    let free = m
        .get("free-text")
        .unchecked_into::<web_sys::HtmlTextAreaElement>();
    assert_eq!(free.value(), "It closes on st");
    let boxed = m
        .get("request")
        .unchecked_into::<web_sys::HtmlTextAreaElement>();
    assert_eq!(boxed.value(), "Also, my watch");

    drop(m);

    // A draft belongs to its conversation: the same question in a new one starts empty.
    clear_storage();
    let m = mount_app();
    start(&m, "Plan a trip to Paris").await;
    let first = text(&m.get("question-text"));
    type_into(&m.get("free-text"), "Ten days in");
    m.get("start-over").click();
    settle().await;
    start(&m, "Plan a trip to Paris").await;
    assert_eq!(
        text(&m.get("question-text")),
        first,
        "the same question again"
    );
    let free = m
        .get("free-text")
        .unchecked_into::<web_sys::HtmlTextAreaElement>();
    assert_eq!(free.value(), "", "no draft from the conversation before");
}

/// The chrome follows the setting, never the request: a request written in Traditional
/// characters under an English setting gets the engine's Traditional question in English chrome.
#[wasm_bindgen_test]
async fn the_chrome_never_follows_a_request() {
    clear_storage();
    set_local(SETTINGS_KEY, r#"{"language": "en"}"#);
    let m = mount_app();
    tick().await;
    let html = document().document_element().unwrap();
    assert_eq!(html.get_attribute("lang").unwrap(), "en");
    let placeholder = m.get("request").get_attribute("placeholder").unwrap();
    assert!(
        placeholder.contains("my app crashes"),
        "the demo's example: {placeholder}"
    );
    start(&m, "我的應用程式一直閃退，這個怎麼辦").await;
    assert_eq!(html.get_attribute("lang").unwrap(), "en");
    assert_eq!(text(&m.get("submit")), "New request");
    assert_eq!(text(&m.get("start-over")), "Start over");
    assert!(text(&m.get("progress")).starts_with("Question 1"));
    // The engine's own sentence (the assumption it frames) is in the conversation's language.
    let assumption = text(&m.get("assumption"));
    assert!(assumption.contains("未獲回答"), "{assumption}");
    drop(m);

    clear_storage();
    set_local(SETTINGS_KEY, r#"{"language": "zh-Hant"}"#);
    let m = mount_app();
    tick().await;
    assert!(text(&m.get("offline-banner")).starts_with("離線模式"));
    assert_eq!(html.get_attribute("lang").unwrap(), "zh-Hant");
    drop(m);
    clear_storage();
    set_local(SETTINGS_KEY, r#"{"language": "zh"}"#);
    let m = mount_app();
    tick().await;
    assert_eq!(html.get_attribute("lang").unwrap(), "zh-Hans");
    drop(m);
}

#[wasm_bindgen_test]
async fn copy_prompt_says_what_happened() {
    clear_storage();
    let m = mount_app();
    start(&m, "my app crashes").await;
    assert!(m.get("copy-prompt").hidden(), "nothing to copy yet");
    while m.find("question-card").is_some() {
        m.get("dont-know").click();
        settle().await;
    }
    m.get("copy-prompt").click();
    for _ in 0..50 {
        if !text(&m.get("answer-note")).is_empty() {
            break;
        }
        sleep(20).await;
    }
    // Headless, the clipboard may be refused (no permission, no focus): either way it says so.
    let said = text(&m.get("answer-note"));
    assert!(
        said == "Copied" || said.starts_with("Could not copy: "),
        "{said:?}"
    );
}

#[wasm_bindgen_test]
async fn stop_keeps_what_arrived_and_says_it_was_stopped() {
    clear_storage();
    let (m, driver) = mount_generating();
    assert!(!m.get("stop").hidden(), "Stop while the answer is written");
    driver
        .send(Input::GenerationChunk {
            text: "Day 1: the Lou".into(),
        })
        .unwrap();
    tick().await;
    m.get("stop").click();
    settle().await;
    assert_eq!(driver.with(Session::status), Status::Completed);
    assert_eq!(text(&m.get("answer-text")), "Day 1: the Lou");
    assert_eq!(m.get("answer").get_attribute("aria-busy").unwrap(), "false");
    assert!(text(&m.get("answer-note")).starts_with("Stopped"));
    assert!(m.get("stop").hidden());
    assert!(!m.get("copy-prompt").hidden());
    assert!(
        driver
            .send(Input::GenerationChunk {
                text: "vre.".into()
            })
            .is_err(),
        "a late chunk is not added"
    );
    assert!(
        driver.with(Session::stopped),
        "the session records the stop"
    );
    drop(m);
    // A new page restores the session: the answer is still marked as stopped.
    let m = mount_app();
    assert_eq!(text(&m.get("answer-text")), "Day 1: the Lou");
    assert!(
        text(&m.get("answer-note")).starts_with("Stopped"),
        "after a reload: {:?}",
        text(&m.get("answer-note"))
    );
}

#[wasm_bindgen_test]
async fn the_request_box_sends_on_enter_and_breaks_the_line_on_shift_enter() {
    clear_storage();
    let m = mount_app();
    let area = m.get("request");
    assert_eq!(area.tag_name(), "TEXTAREA");
    type_into(&area, "my app");
    let shift = keyboard("Enter", true, false);
    area.dispatch_event(&shift).unwrap();
    assert!(
        !shift.default_prevented(),
        "Shift+Enter is the browser's new line"
    );
    let composing = keyboard("Enter", false, true);
    area.dispatch_event(&composing).unwrap();
    settle().await;
    assert!(!composing.default_prevented());
    assert!(m.find("conv-request").is_none(), "neither sent anything");
    let enter = keyboard("Enter", false, false);
    area.dispatch_event(&enter).unwrap();
    settle().await;
    assert!(enter.default_prevented());
    assert_eq!(text(&m.get("conv-request")), "You: my app");
}

fn keyboard(key: &str, shift: bool, composing: bool) -> web_sys::KeyboardEvent {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_shift_key(shift);
    init.set_is_composing(composing);
    init.set_bubbles(true);
    init.set_cancelable(true);
    web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap()
}

/// The `data-testid` of the focused element (`""` for one without, such as the body).
fn active_testid() -> String {
    document()
        .active_element()
        .and_then(|a| a.get_attribute("data-testid"))
        .unwrap_or_default()
}

/// A session streaming its answer, mounted in the app; the driver feeds it chunks.
fn mount_generating() -> (Mounted, Driver) {
    let mut s = Session::new(Config::default());
    let request = "Plan a trip to Paris";
    let _ = s
        .handle(Input::Start {
            request: request.into(),
            context: Default::default(),
            now: 0,
        })
        .unwrap();
    let _ = s.handle(Input::SkipAll { now: 1 }).unwrap();
    assert_eq!(s.status(), Status::Generating);
    let driver = Driver::new(s, None);
    let m = {
        let driver = driver.clone();
        Mounted::new(move || view! { <ClarifyApp driver=driver /> })
    };
    (m, driver)
}

#[wasm_bindgen_test]
async fn an_input_that_leaves_the_question_pending_keeps_what_the_user_picked() {
    clear_storage();
    let mut s = Session::new(Config::default());
    let request = "my app crashes";
    let _ = s
        .handle(Input::Start {
            request: request.into(),
            context: clarify_core::demo::context(request, &[]),
            now: clarify_web::driver::now(),
        })
        .unwrap();
    let driver = Driver::new(s, None);
    let m = {
        let driver = driver.clone();
        Mounted::new(move || view! { <ClarifyApp driver=driver /> })
    };
    m.all("option")[1].click();
    tick().await;
    let card = m.get("question-card");
    // The question timer's tick, long before the deadline: the engine accepts it and nothing
    // on screen changes.
    driver
        .send(Input::Tick {
            now: clarify_web::driver::now(),
        })
        .unwrap();
    settle().await;
    assert!(card.is_same_node(Some(&m.get("question-card"))));
    assert_eq!(
        m.all("option")[1].get_attribute("aria-checked").unwrap(),
        "true",
        "the pick survives"
    );
    assert!(!disabled(&m.get("continue")));
}

/// Streams a long answer (1,500 chunks of 50 bytes, a task boundary every 20 chunks, as a
/// network stream would) and prints how long the app took; the text must arrive whole.
#[wasm_bindgen_test]
async fn a_long_streamed_answer_arrives_whole() {
    clear_storage();
    let (m, driver) = mount_generating();
    let piece = "0123456789 abcdefghij 0123456789 abcdefghij 01234\n";
    let started = js_sys::Date::now();
    for i in 0..1_500 {
        driver
            .send(Input::GenerationChunk { text: piece.into() })
            .unwrap();
        if i % 20 == 19 {
            tick().await;
        }
    }
    driver
        .send(Input::GenerationCompleted {
            text: String::new(),
            usage: None,
        })
        .unwrap();
    tick().await;
    let elapsed = js_sys::Date::now() - started;
    web_sys::console::log_1(&format!("long streamed answer: 1500 chunks in {elapsed} ms").into());
    let shown = m.get("answer-text").text_content().unwrap();
    assert_eq!(shown.len(), piece.len() * 1_500);
}

// ---------------------------------------------------------------------------------------------
// Helpers

/// A mounted view in its own element; unmounted and removed on drop.
struct Mounted {
    host: web_sys::HtmlElement,
    handle: Option<Box<dyn std::any::Any>>,
}

impl Mounted {
    fn new<V: IntoView + 'static>(f: impl FnOnce() -> V + 'static) -> Self {
        let host: web_sys::HtmlElement = document().create_element("div").unwrap().unchecked_into();
        document().body().unwrap().append_child(&host).unwrap();
        let handle = leptos::mount::mount_to(host.clone(), f);
        Self {
            host,
            handle: Some(Box::new(handle)),
        }
    }

    fn find(&self, testid: &str) -> Option<web_sys::HtmlElement> {
        self.host
            .query_selector(&format!("[data-testid={testid}]"))
            .unwrap()
            .map(JsCast::unchecked_into)
    }

    fn get(&self, testid: &str) -> web_sys::HtmlElement {
        self.find(testid)
            .unwrap_or_else(|| panic!("no [data-testid={testid}] in {}", self.host.inner_html()))
    }

    fn all(&self, testid: &str) -> Vec<web_sys::HtmlElement> {
        let list = self
            .host
            .query_selector_all(&format!("[data-testid={testid}]"))
            .unwrap();
        (0..list.length())
            .filter_map(|i| list.item(i))
            .map(JsCast::unchecked_into)
            .collect()
    }
}

impl Drop for Mounted {
    fn drop(&mut self) {
        drop(self.handle.take());
        self.host.remove();
    }
}

/// The replies a card handed over.
#[derive(Clone, Default)]
struct Replies(Arc<Mutex<Vec<UserAnswer>>>);

impl Replies {
    fn get(&self) -> Vec<UserAnswer> {
        self.0.lock().unwrap().clone()
    }
}

/// The element with `id` under the mounted root.
fn by_id(m: &Mounted, id: &str) -> web_sys::HtmlElement {
    m.host
        .query_selector(&format!("[id=\"{id}\"]"))
        .unwrap()
        .unwrap_or_else(|| panic!("no element with id {id}"))
        .unchecked_into()
}

fn mount_app() -> Mounted {
    install_all_words();
    Mounted::new(|| view! { <ClarifyApp /> })
}

/// Installs every language's words from the catalogues themselves, as a page does from the
/// files it fetches (the test runner serves no `words/` folder).
fn install_all_words() {
    macro_rules! words {
        ($($language:ident $tag:literal),*) => {$(
            install_words(
                Language::$language,
                include_str!(concat!("../../core/data/words/", $tag, ".json")),
                include_str!(concat!("../words/", $tag, ".json")),
            )
            .unwrap();
        )*};
    }
    words!(Simplified "zh-Hans", Traditional "zh-Hant", Japanese "ja", Korean "ko", Spanish "es",
        French "fr", German "de", Portuguese "pt", Italian "it");
}

/// Mounts a card whose `on_answer` records the reply and answers `outcome`.
fn mount_card(q: Question, lang: Language, outcome: Result<(), String>) -> (Mounted, Replies) {
    install_all_words();
    let replies = Replies::default();
    let sink = replies.clone();
    let m = Mounted::new(move || {
        provide_chrome(Signal::stored(lang), Signal::stored(Messages::new()));
        let on_answer = Callback::new(move |reply: UserAnswer| {
            sink.0.lock().unwrap().push(reply);
            outcome.clone()
        });
        view! {
            <QuestionCard
                question=q
                progress=Progress { current: 1, total: 2 }
                on_answer=on_answer
            />
        }
    });
    (m, replies)
}

fn question(priority: Priority, multiple: bool) -> Question {
    let choice = |id: &str, label: &str, description: &str| Choice {
        id: ChoiceId(id.into()),
        label: label.into(),
        description: Some(description.into()),
    };
    Question {
        id: QuestionId("q-1".into()),
        step: clarify_core::Stage::Request,
        text: "Which Android version?".into(),
        why: "Fixes differ by version.".into(),
        options: vec![
            choice("a14", "Android 14", "Released 2023"),
            choice("a13", "Android 13", "Released 2022"),
        ],
        multiple,
        recommended: None,
        allow_skip: true,
        allow_free_text: false,
        priority,
        assumption: "The latest Android version.".into(),
        source: QuestionSource::Llm,
    }
}

async fn start(m: &Mounted, request: &str) {
    type_into(&m.get("request"), request);
    m.get("submit").click();
    settle().await;
}

fn text(e: &web_sys::HtmlElement) -> String {
    e.text_content().unwrap_or_default().trim().to_owned()
}

fn disabled(e: &web_sys::HtmlElement) -> bool {
    e.has_attribute("disabled")
}

fn type_into(e: &web_sys::HtmlElement, value: &str) {
    js_sys::Reflect::set(e, &"value".into(), &value.into()).unwrap();
    e.dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
}

fn key(target: &web_sys::HtmlElement, key: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    init.set_cancelable(true);
    let ev = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    target.dispatch_event(&ev).unwrap();
}

fn storage() -> web_sys::Storage {
    window().local_storage().unwrap().unwrap()
}

fn clear_storage() {
    storage().clear().unwrap();
    // A session kept for the tab when storage was full.
    let tab = web_sys::window()
        .unwrap()
        .session_storage()
        .unwrap()
        .unwrap();
    tab.clear().unwrap();
}

fn local(key: &str) -> Option<String> {
    storage().get_item(key).unwrap()
}

fn set_local(key: &str, value: &str) {
    storage().set_item(key, value).unwrap();
}

/// What the browser fires in this tab when another tab writes `clarify.session`.
fn storage_event(new_value: Option<&str>) {
    match new_value {
        Some(v) => set_local(SESSION_KEY, v),
        None => storage().remove_item(SESSION_KEY).unwrap(),
    }
    dispatch_storage_event(new_value);
}

/// Only the event another tab's write sends, without the write: as when a later write has
/// already replaced it.
fn dispatch_storage_event(new_value: Option<&str>) {
    let init = web_sys::StorageEventInit::new();
    init.set_key(Some(SESSION_KEY));
    init.set_new_value(new_value);
    let ev = web_sys::StorageEvent::new_with_event_init_dict("storage", &init).unwrap();
    window().dispatch_event(&ev).unwrap();
}

/// Lets Leptos flush its effects and the browser run its tasks.
async fn tick() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        window()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

/// Waits `ms` milliseconds.
async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        window()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

/// A few ticks: the card hands answers over on a timeout of its own.
async fn settle() {
    for _ in 0..4 {
        tick().await;
    }
}

/// A failed call is told in the conversation's language: the engine's words for the failure,
/// the page's own explanation (its policy naming `connect-src`), and where to fix a refused
/// key; the server's own words come through as they came. English is as it was.
#[wasm_bindgen_test]
fn call_failures_are_told_in_the_conversation_language() {
    use clarify_core::Language;
    use clarify_core::wire::{CallError, status_error};
    use clarify_web::llm::LlmError;
    let key = LlmError(status_error(
        401,
        r#"{"error": {"message": "Invalid API Key"}}"#,
        "m",
    ));
    assert_eq!(
        key.to_string(),
        "the endpoint refused the API key (HTTP 401); check the key in the settings: Invalid API Key"
    );
    assert_eq!(
        key.in_words(Language::Traditional),
        "端點拒絕了 API 金鑰（HTTP 401）；請在設定中檢查金鑰: Invalid API Key"
    );
    let policy = LlmError(CallError::Refused {
        endpoint: "http://127.0.0.1:9/v1".into(),
        reason: clarify_core::wire::HostWords::PagePolicy,
    });
    let said = policy.in_words(Language::Simplified);
    assert!(
        said.starts_with("此页面不允许连接 http://127.0.0.1:9/v1：页面的")
            && said.contains("connect-src"),
        "{said}"
    );
    assert!(policy.to_string().contains("policy's connect-src"));
}

// ---------------------------------------------------------------------------------------------
// While an endpoint works

/// The app driving a session whose detection was sent to an endpoint that has not answered.
fn detecting_app(config: Config, request: &str) -> (Driver, Mounted) {
    clear_storage();
    // The chrome is the setting's: the configuration's language, as the app would set it.
    set_local(
        SETTINGS_KEY,
        &format!(r#"{{"language": "{}"}}"#, config.language),
    );
    let mut s = Session::new(Config {
        detection: clarify_core::Detection::Llm,
        ..config
    });
    let effects = s
        .handle(Input::Start {
            request: request.into(),
            context: Default::default(),
            now: 0,
        })
        .unwrap();
    assert!(
        effects
            .iter()
            .any(|e| matches!(e, Effect::RequestDetection { .. }))
    );
    let driver = Driver::new(s, None);
    install_all_words();
    let m = {
        let driver = driver.clone();
        Mounted::new(move || view! { <ClarifyApp driver=driver /> })
    };
    (driver, m)
}

#[wasm_bindgen_test]
async fn a_slow_detection_shows_the_time_waited_and_offers_the_built_in_questions() {
    let (driver, m) = detecting_app(Config::default(), "Plan a trip to Paris");
    // The same in Traditional Chinese, waiting alongside.
    let traditional = Config {
        language: "zh-Hant".into(),
        ..Config::default()
    };
    let (_zh, zh) = detecting_app(traditional, "幫我規劃一次巴黎旅行");
    clear_storage();
    settle().await;
    assert_eq!(text(&m.get("working-what")), "Thinking about your request…");
    assert!(m.get("elapsed").hidden() && m.get("detect-offline").hidden());
    assert_eq!(
        m.get("working-what").get_attribute("role").as_deref(),
        Some("status"),
        "what is happening is announced"
    );

    sleep(3_300).await;
    assert_eq!(
        text(&m.get("working-what")),
        "Your endpoint is looking for what the request leaves open…"
    );
    assert_eq!(text(&m.get("elapsed")), "3 s");
    assert!(!m.get("elapsed").hidden() && !m.get("detect-offline").hidden());
    assert!(
        m.get("elapsed").get_attribute("role").is_none(),
        "the seconds are not announced as they count"
    );
    assert_eq!(
        text(&zh.get("working-what")),
        "您的端點正在找出請求中不明確的地方…"
    );
    assert_eq!(text(&zh.get("elapsed")), "3 秒");
    assert_eq!(text(&zh.get("detect-offline")), "立即改用內建問題");

    m.get("detect-offline").click();
    settle().await;
    assert!(m.find("working").is_none());
    assert_eq!(
        text(&m.get("question-text")),
        "How long is the trip?",
        "the embedded detector's question"
    );
    assert!(
        driver.with(|s| s.trace().iter().any(|t| t.decision == "detected_offline")),
        "the engine was told the user's choice"
    );
}

#[wasm_bindgen_test]
async fn with_an_endpoint_the_prompt_sent_can_be_opened_and_copied() {
    // Completed with the offline answer (the prompt itself), or the endpoint's.
    let completed = |request: &str, offline: bool| {
        let mut s = Session::new(Config::default());
        let _ = s
            .handle(Input::Start {
                request: request.into(),
                context: Default::default(),
                now: 0,
            })
            .unwrap();
        let _ = s.handle(Input::SkipAll { now: 1 }).unwrap();
        let text = if offline {
            s.enriched_prompt().unwrap().offline_answer()
        } else {
            "From the model.".into()
        };
        let _ = s
            .handle(Input::GenerationCompleted { text, usage: None })
            .unwrap();
        s
    };
    // Offline the answer is the prompt itself: nothing more to open.
    clear_storage();
    let driver = Driver::new(completed("my app crashes", true), None);
    let m = Mounted::new(move || view! { <ClarifyApp driver=driver /> });
    settle().await;
    assert!(m.get("sent-prompt").hidden());
    assert!(!m.get("copy-prompt").hidden());
    drop(m);

    clear_storage();
    let online = serde_json::json!({"endpoint": "http://127.0.0.1:9/v1", "model": "m"});
    set_local(SETTINGS_KEY, &online.to_string());
    let s = completed("my <b>app</b> crashes", false);
    let rendered = s.enriched_prompt().unwrap().render();
    let driver = Driver::new(s, None);
    let m = {
        let driver = driver.clone();
        Mounted::new(move || view! { <ClarifyApp driver=driver /> })
    };
    settle().await;
    assert_eq!(text(&m.get("answer-text")), "From the model.");
    let sent = m.get("sent-prompt");
    assert!(!sent.hidden());
    assert!(text(&sent).starts_with("Prompt sent to the endpoint"));
    assert_eq!(
        m.get("sent-prompt-text").text_content().unwrap(),
        rendered,
        "the prompt as sent, as text"
    );
    assert!(sent.query_selector("b").unwrap().is_none());
    assert!(!m.get("copy-prompt").hidden());
}

#[wasm_bindgen_test]
async fn the_banner_is_one_live_region_that_follows_the_last_call() {
    clear_storage();
    // Nothing listens on port 9: the detection call fails at once.
    let unreachable = serde_json::json!({"endpoint": "http://127.0.0.1:9/v1", "model": "m"});
    set_local(SETTINGS_KEY, &unreachable.to_string());
    let m = mount_app();
    settle().await;
    let banner = m.get("online-banner");
    assert_eq!(banner.get_attribute("role").as_deref(), Some("status"));
    assert_eq!(
        banner.get_attribute("data-link").as_deref(),
        Some("untried")
    );
    start(&m, "Plan a trip to Paris").await;
    for _ in 0..100 {
        if banner.get_attribute("data-link").as_deref() == Some("failed") {
            break;
        }
        sleep(50).await;
    }
    assert_eq!(
        banner.get_attribute("data-link").as_deref(),
        Some("failed"),
        "the warning state after a failed call"
    );
    assert!(
        m.get("online-banner").is_same_node(Some(&banner)),
        "the words change in the live region already in the page, so they are announced"
    );
    assert!(text(&banner).contains("failed"), "{}", text(&banner));
}
