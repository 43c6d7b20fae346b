//! Browser tests of the widget's card (`WidgetCard`) in a shadow root, in headless Chromium:
//! clicks, keys and typing reach the Leptos handlers inside the shadow tree even when the page
//! stops every event at the element, the chrome follows the language, and focus moves only
//! after the user's own action.
//!
//! Events are dispatched the way the browser sends real ones (`composed`, so they could cross
//! the shadow boundary), at elements inside the shadow root, under a page element that stops
//! their propagation: a handler Leptos delegated to `window` would never see them.
#![allow(missing_docs, clippy::unwrap_used)]

use std::cell::RefCell;
use std::rc::Rc;

use clarify_web::js_api::Clarifier;
use clarify_web::widget::WidgetCard;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn typing_and_clicking_in_the_shadow_root_start_a_conversation() {
    let w = Widget::mount();
    w.type_into("request", "Plan a trip to Paris");
    assert!(
        !w.get("submit").has_attribute("disabled"),
        "the request box is enabled while idle"
    );
    w.get("submit").click();
    settle().await;

    assert_eq!(w.clarifier.status(), "awaiting_clarification");
    let card = w.get("question-card");
    assert_eq!(
        text(&w.get("question-text")),
        w.question_text(),
        "the card shows the pending question"
    );
    assert!(w.find("request").is_none(), "no request box while asking");
    assert!(
        w.root
            .active_element()
            .is_some_and(|a| a.is_same_node(Some(&card))),
        "a question the user's request brought up takes focus"
    );
}

#[wasm_bindgen_test]
async fn digits_arrows_and_enter_answer_from_the_keyboard() {
    let w = Widget::mount();
    w.start_from_page("Plan a trip to Paris");
    settle().await;
    let options = w.all("option");
    assert!(options.len() >= 2, "the trip question has options");
    let card = w.get("question-card");

    key(&card, "2");
    tick().await;
    assert_eq!(checked(&w), [1], "the digit 2 picks the second option");
    key(&w.all("option")[1], "ArrowDown");
    tick().await;
    assert_eq!(
        checked(&w),
        [2 % options.len()],
        "ArrowDown moves to the next option"
    );
    let picked = w.all("option")[2 % options.len()].clone();
    let active = w.root.active_element().unwrap();
    assert!(
        active.is_same_node(Some(&picked)),
        "focus follows the arrow"
    );

    key(&picked, "Enter");
    settle().await;
    let state = w.clarifier.state().unwrap();
    let resolutions: js_sys::Array = get(&state, "resolutions").dyn_into().unwrap();
    assert_eq!(resolutions.length(), 1, "Enter answered the question");
    let answer = get(&resolutions.get(0), "answer");
    assert_eq!(get(&answer, "kind"), "choices");
}

#[wasm_bindgen_test]
async fn a_click_on_an_option_and_continue_answer_it() {
    let w = Widget::mount();
    w.start_from_page("Plan a trip to Paris");
    settle().await;
    let first = w.question_text();
    let continue_ = w.get("continue");
    assert!(continue_.has_attribute("disabled"));

    w.all("option")[0].click();
    tick().await;
    assert_eq!(checked(&w), [0]);
    assert!(
        !continue_.has_attribute("disabled"),
        "Continue is enabled once picked"
    );
    continue_.click();
    settle().await;

    let state = w.clarifier.state().unwrap();
    let resolutions: js_sys::Array = get(&state, "resolutions").dyn_into().unwrap();
    assert_eq!(resolutions.length(), 1, "the click answered the question");
    let asked = get(&get(&resolutions.get(0), "question"), "text");
    assert_eq!(asked.as_string().unwrap(), first);
}

#[wasm_bindgen_test]
async fn the_card_has_the_apps_badge_why_assumption_and_roles() {
    let w = Widget::mount();
    w.start_from_page("Plan a trip to Paris");
    settle().await;

    let badge = w.get("priority");
    let priority = badge.get_attribute("data-priority").unwrap();
    let word = match priority.as_str() {
        "critical" => "Critical",
        "important" => "Important",
        "helpful" => "Helpful",
        other => panic!("unknown priority {other}"),
    };
    assert_eq!(text(&badge), word);
    assert!(
        badge
            .query_selector(".qcard-badge-shape")
            .unwrap()
            .is_some(),
        "the badge has its shape"
    );
    assert!(text(&w.get("question-why")).starts_with("Why this matters"));
    let assumption = text(&w.get("assumption"));
    assert!(
        assumption.starts_with("If you skip: ") && !assumption.contains("assume: Assume"),
        "{assumption}"
    );
    assert_eq!(
        text(&w.get("progress")),
        format!("Question 1 of {}", w.total())
    );

    let group = w.get("options");
    assert_eq!(group.get_attribute("role").unwrap(), "radiogroup");
    let labelled_by = group.get_attribute("aria-labelledby").unwrap();
    let label = w.root.get_element_by_id(&labelled_by).unwrap();
    assert_eq!(
        label.text_content().unwrap(),
        w.question_text(),
        "the group is named by the question, inside the shadow root"
    );
    for option in w.all("option") {
        assert_eq!(option.get_attribute("role").unwrap(), "radio");
        assert_eq!(option.get_attribute("aria-checked").unwrap(), "false");
    }
    assert_eq!(
        w.root.active_element(),
        None,
        "a question a page's script started does not take focus"
    );
}

#[wasm_bindgen_test]
async fn the_chrome_follows_the_language() {
    let w = Widget::mount();
    w.card.set_language(Some("zh-CN".into()));
    w.start_from_page("Plan a trip to Paris");
    settle().await;
    assert_eq!(
        text(&w.get("progress")),
        format!("第 1 题，共 {} 题", w.total())
    );
    assert!(text(&w.get("question-why")).starts_with("为什么重要"));
    assert!(
        ["关键", "重要", "有帮助"].contains(&text(&w.get("priority")).as_str()),
        "the badge is in Chinese"
    );
    assert_eq!(w.frame().get_attribute("lang").unwrap(), "zh-Hans");

    // A tag falls back to its language: pt-BR is Portuguese, zh-HK Traditional.
    for (tag, lang, progress) in [
        ("pt-BR", "pt", "Pergunta 1 de"),
        ("zh-HK", "zh-Hant", "第 1 題"),
        ("ja", "ja", "質問 1/"),
    ] {
        w.card.set_language(Some(tag.into()));
        tick().await;
        assert!(text(&w.get("progress")).starts_with(progress), "{tag}");
        assert_eq!(w.frame().get_attribute("lang").unwrap(), lang);
    }

    w.card.set_language(Some("en".into()));
    tick().await;
    assert_eq!(
        text(&w.get("progress")),
        format!("Question 1 of {}", w.total()),
        "the chrome switches at once, mid-question"
    );
    assert_eq!(w.frame().get_attribute("lang").unwrap(), "en");
}

/// A `language` that is not a BCP 47 tag gives English and its own `clarify-error`.
#[wasm_bindgen_test]
async fn an_invalid_language_gives_english_and_an_error() {
    let w = Widget::mount();
    w.card.set_language(Some("de".into()));
    tick().await;
    assert_eq!(text(&w.get("submit")), "Senden");
    w.card.set_language(Some("xx-invalid!!".into()));
    settle().await;
    assert_eq!(text(&w.get("submit")), "Send");
    assert_eq!(w.frame().get_attribute("lang").unwrap(), "en");
    assert_eq!(w.refused().as_slice(), ["bad_language"]);
}

/// The widget carries no demo data, so its request box suggests no demo request; the app's does.
#[wasm_bindgen_test]
async fn the_widgets_placeholder_suggests_no_demo_request() {
    let w = Widget::mount();
    tick().await;
    let placeholder = w.get("request").get_attribute("placeholder").unwrap();
    assert_eq!(placeholder, "Ask anything…");
}

/// The host's `messages` override any word of the chrome, in any language.
#[wasm_bindgen_test]
async fn the_hosts_messages_override_the_chrome() {
    let w = Widget::mount();
    w.card.set_language(Some("fr".into()));
    let options =
        js_sys::JSON::parse(r#"{"messages": {"send": "Ask away", "dontKnow": "No idea"}}"#)
            .unwrap();
    w.clarifier
        .configure(Some(options.unchecked_into()))
        .unwrap();
    w.card.set_messages(&w.clarifier);
    tick().await;
    assert_eq!(text(&w.get("submit")), "Ask away");
    w.start_from_page("Plan a trip to Paris");
    settle().await;
    assert_eq!(text(&w.get("dont-know")), "No idea");
    assert_eq!(
        text(&w.get("continue")),
        "Continuer",
        "the other words are the language's"
    );
}

#[wasm_bindgen_test]
async fn a_traditional_request_leaves_the_chrome_as_set_and_focus_follows_the_user() {
    let w = Widget::mount();
    w.type_into("request", "我的應用程式一直閃退，這個怎麼辦");
    w.get("submit").click();
    settle().await;
    assert_eq!(w.frame().get_attribute("lang").unwrap(), "en");
    assert_eq!(text(&w.get("continue")), "Continue");
    while w.find("question-card").is_some() {
        w.get("dont-know").click();
        settle().await;
    }
    let focused = |w: &Widget| {
        w.root
            .active_element()
            .and_then(|a| a.get_attribute("data-testid"))
            .unwrap_or_default()
    };
    assert_eq!(
        focused(&w),
        "all-set",
        "the ending's line, not the page's body"
    );
    w.get("start-over").focus().unwrap();
    w.get("start-over").click();
    settle().await;
    assert_eq!(focused(&w), "request", "the box, after Start over");
}

#[wasm_bindgen_test]
async fn the_answer_and_start_over_follow_the_session() {
    let w = Widget::mount();
    w.start_from_page("Plan a trip to Paris");
    settle().await;
    w.get("continue-anyway").click();
    settle().await;
    assert_eq!(w.clarifier.status(), "completed");
    assert!(w.find("all-set").is_some());

    w.get("start-over").click();
    settle().await;
    assert_eq!(w.clarifier.status(), "idle");
    assert!(
        w.find("answer").is_none(),
        "the answer goes with the session"
    );
    assert!(w.find("request").is_some(), "the request box is back");
}

#[wasm_bindgen_test]
async fn a_refused_request_is_shown_under_the_box() {
    let w = Widget::mount();
    w.type_into("request", "   ");
    w.get("submit").click();
    settle().await;
    assert_eq!(w.clarifier.status(), "idle");
    assert!(
        !text(&w.get("request-error")).is_empty(),
        "the element's refusal is shown under the box"
    );
}

#[wasm_bindgen_test]
async fn hiding_removes_the_views_and_their_listener() {
    let w = Widget::mount();
    let shown = w.clarifier.listener_count();
    assert!(shown >= 1, "the card follows its session");
    w.type_into("request", "Plan a trip to Paris");
    w.get("submit").click();
    settle().await;
    assert!(w.find("question-card").is_some());
    w.card.hide();
    tick().await;
    assert!(w.find("question-card").is_none());
    assert_eq!(
        w.clarifier.listener_count(),
        1,
        "hidden, its views follow nothing; one listener keeps what happens for its return"
    );
    w.clarifier.reset().unwrap();
    w.start_from_page("Plan a trip to Paris");
    settle().await;
    assert!(
        w.find("question-card").is_none(),
        "a hidden card does not follow its session"
    );
    w.card.show(&w.clarifier);
    assert!(
        w.find("question-card").is_some(),
        "shown again, the pending question is drawn at once"
    );
    assert_eq!(
        w.clarifier.listener_count(),
        shown,
        "and follows it as before"
    );
}

#[wasm_bindgen_test]
async fn a_refusal_in_the_card_is_told_to_the_element() {
    let w = Widget::mount();
    w.start_from_page("Plan a trip to Paris");
    settle().await;
    // The page's script moves the session on; the card is drawn until the next render.
    w.clarifier.skip_all().unwrap();
    w.get("continue-anyway").click();
    assert_eq!(
        w.refused().as_slice(),
        ["unexpected_input"],
        "the element hears the refusal (and emits clarify-error)"
    );
}

/// A refusal of the failure's Retry (a view the widget shares with the app, outside the card)
/// reaches the element too.
#[wasm_bindgen_test]
async fn a_refused_retry_is_told_to_the_element() {
    use clarify_core::{Config, Input, Session};
    let w = Widget::mount();
    let mut failed = Session::new(Config::default());
    for input in [
        Input::Start {
            request: "Plan a trip to Paris".into(),
            context: Default::default(),
            now: 0,
        },
        Input::SkipAll { now: 1 },
        Input::GenerationFailed {
            reason: "the endpoint went away".into(),
        },
    ] {
        failed.handle(input).unwrap();
    }
    w.clarifier
        .restore(JsValue::from(failed.snapshot()))
        .unwrap();
    settle().await;
    assert_eq!(w.clarifier.status(), "failed");
    // The page's script starts over; the failure is drawn until the next render.
    w.clarifier.reset().unwrap();
    w.get("retry").click();
    assert_eq!(
        w.refused().as_slice(),
        ["unexpected_input"],
        "the element hears the refused Retry (and emits clarify-error)"
    );
}

/// With a storage key, the answer half-given on the card (an option picked, text typed)
/// survives a reload — a new element's card over the session it restores from storage — and
/// is forgotten once sent.
#[wasm_bindgen_test]
async fn a_half_given_answer_survives_a_reload_with_a_storage_key() {
    let key = "widget-test-drafts";
    let storage = local_storage();
    storage.clear().unwrap();
    let w = Widget::keeping(Some(key));
    w.start_from_page("Plan a trip to Paris");
    settle().await;
    w.all("option")[1].click();
    w.type_into("free-text", "ten days in May");
    settle().await;
    drop(w);

    let again = Widget::keeping(Some(key));
    settle().await;
    assert_eq!(
        again.clarifier.status(),
        "awaiting_clarification",
        "the session came back from storage"
    );
    let field = again.get("free-text");
    let typed = js_sys::Reflect::get(&field, &"value".into()).unwrap();
    assert_eq!(typed.as_string().unwrap(), "ten days in May");
    assert_eq!(checked(&again), [1], "the picked option too");
    let shown = again.details("clarify-question");
    assert_eq!(shown.len(), 1, "the restored question is told as shown");
    assert_eq!(
        get(&get(&shown[0], "question"), "text")
            .as_string()
            .unwrap(),
        again.question_text()
    );

    again.get("continue").click();
    settle().await;
    assert_eq!(again.total(), 2);
    assert!(
        storage
            .get_item(&format!("{key}.answerDraft"))
            .unwrap()
            .is_none(),
        "a sent answer leaves no draft"
    );
    assert_eq!(
        storage.get_item(key).unwrap(),
        Some(again.clarifier.snapshot()),
        "every change is saved"
    );
}

/// A stored snapshot that cannot be restored is reported (`clarify-error`, `bad_snapshot`, and
/// the error line), forgotten, and the widget starts fresh.
#[wasm_bindgen_test]
async fn an_unusable_stored_snapshot_is_reported_and_forgotten() {
    let key = "widget-test-garbage";
    let storage = local_storage();
    storage.set_item(key, "{garbage").unwrap();
    let w = Widget::keeping(Some(key));
    settle().await;
    assert_eq!(w.refused(), ["bad_snapshot"]);
    assert!(!text(&w.get("error")).is_empty());
    assert_eq!(storage.get_item(key).unwrap(), None);
    assert_eq!(w.clarifier.status(), "idle");
}

/// Another tab wrote the same storage key with a session that lacks the answer given here:
/// this widget shows what storage holds, says so in a notice and tells the element
/// (`clarify-overruled`); it does not write storage back.
#[wasm_bindgen_test]
async fn another_tab_overruling_an_answer_is_followed_and_told() {
    let key = "widget-test-tabs";
    let storage = local_storage();
    storage.clear().unwrap();
    let w = Widget::keeping(Some(key));
    w.start_from_page("Plan a trip to Paris");
    settle().await;
    let asked = w.question_text();
    let other = Clarifier::new(None).unwrap();
    other.restore(w.clarifier.snapshot().into()).unwrap();
    w.all("option")[0].click();
    tick().await;
    w.get("continue").click();
    settle().await;
    other.dont_know(JsValue::from(question_id(&other))).unwrap();
    let theirs = other.snapshot();
    storage.set_item(key, &theirs).unwrap();
    let init = web_sys::StorageEventInit::new();
    init.set_key(Some(key));
    init.set_storage_area(Some(&storage));
    let ev = web_sys::StorageEvent::new_with_event_init_dict("storage", &init).unwrap();
    web_sys::window().unwrap().dispatch_event(&ev).unwrap();
    settle().await;

    assert_eq!(
        w.clarifier.snapshot(),
        theirs,
        "this tab shows storage's session"
    );
    assert_eq!(
        storage.get_item(key).unwrap(),
        Some(theirs),
        "and did not write it back"
    );
    let told = w.details("clarify-overruled");
    assert_eq!(told.len(), 1);
    assert_eq!(get(&told[0], "question"), asked);
    assert!(text(&w.get("notice")).contains(&asked));
}

/// The widget shows the conversation so far: the request, the earlier answers, and "Change"
/// on an answer that can still change, which brings its question back.
#[wasm_bindgen_test]
async fn the_conversation_so_far_is_shown_with_change() {
    let w = Widget::mount();
    w.start_from_page("Plan a trip to Paris");
    settle().await;
    assert_eq!(text(&w.get("conv-request")), "You: Plan a trip to Paris");
    let first = w.question_text();
    w.all("option")[0].click();
    tick().await;
    w.get("continue").click();
    settle().await;
    assert_eq!(w.all("conv-answer").len(), 1, "the earlier answer is shown");
    w.get("change-answer").click();
    settle().await;
    assert_eq!(w.question_text(), first, "Change brings its question back");
    assert!(w.find("changing").is_some());
}

/// `clarify-answer` is told for every answer given, and again when an answer is changed
/// (Change, then a new answer): the number of answers stays, the answer does not.
#[wasm_bindgen_test]
async fn a_changed_answer_is_told_to_the_element_too() {
    let w = Widget::mount();
    w.start_from_page("Plan a trip to Paris");
    settle().await;
    let first = question_id(&w.clarifier);
    w.all("option")[0].click();
    tick().await;
    w.get("continue").click();
    settle().await;
    assert_eq!(w.details("clarify-answer").len(), 1);

    w.clarifier.reopen(JsValue::from(first.as_str())).unwrap();
    settle().await;
    assert_eq!(
        w.details("clarify-answer").len(),
        1,
        "reopening alone changes nothing"
    );
    w.all("option")[1].click();
    tick().await;
    w.get("continue").click();
    settle().await;
    let told = w.details("clarify-answer");
    assert_eq!(told.len(), 2, "the changed answer is told");
    let question = get(&get(&told[1], "question"), "id");
    assert_eq!(question.as_string().unwrap(), first);
    let choices: js_sys::Array = get(&get(&told[1], "answer"), "choices").dyn_into().unwrap();
    let before: js_sys::Array = get(&get(&told[0], "answer"), "choices").dyn_into().unwrap();
    assert_ne!(choices.get(0), before.get(0), "with the new choice");
    let previous: js_sys::Array = get(&get(&told[1], "previous"), "choices")
        .dyn_into()
        .unwrap();
    assert_eq!(previous.get(0), before.get(0), "and the answer it replaces");
    assert!(
        get(&told[0], "previous").is_null(),
        "a first answer replaces none"
    );
}

#[wasm_bindgen_test]
async fn an_answer_overtaken_by_the_page_is_dropped_without_an_error() {
    let errors = Rc::new(RefCell::new(Vec::<String>::new()));
    let sink = Rc::clone(&errors);
    let on_error = Closure::<dyn Fn(web_sys::Event)>::new(move |e: web_sys::Event| {
        sink.borrow_mut().push(
            get(&e, "message")
                .as_string()
                .unwrap_or_else(|| "an error".into()),
        );
    });
    let window = web_sys::window().unwrap();
    window
        .add_event_listener_with_callback("error", on_error.as_ref().unchecked_ref())
        .unwrap();

    let w = Widget::mount();
    w.start_from_page("Plan a trip to Paris");
    settle().await;
    w.all("option")[0].click();
    tick().await;
    // Continue hands the reply over on the next timer; the page's script moves on first, so
    // the card is gone (and its callbacks with it) when the timer runs.
    w.get("continue").click();
    w.clarifier.skip_all().unwrap();
    settle().await;
    window
        .remove_event_listener_with_callback("error", on_error.as_ref().unchecked_ref())
        .unwrap();

    assert!(
        errors.borrow().is_empty(),
        "no error: {:?}",
        errors.borrow()
    );
    assert_eq!(w.clarifier.status(), "completed");
    w.get("start-over").click();
    settle().await;
    assert_eq!(w.clarifier.status(), "idle", "the card keeps working");
}

/// A question that timed out is told to the visitor in a plain line, not the engine's sentence
/// about its "stated assumption".
#[wasm_bindgen_test]
async fn a_timed_out_question_is_told_to_the_visitor_in_plain_words() {
    let w = Widget::mount();
    w.configure(r#"{"questionTimeoutMs": 200}"#);
    w.start_from_page("Plan a trip to Paris");
    settle().await;
    assert!(w.find("question-card").is_some());
    sleep(700).await;
    settle().await;
    let notes: Vec<String> = w.all("engine-notice").iter().map(text).collect();
    assert!(!notes.is_empty(), "the timeout is told");
    for note in &notes {
        assert_eq!(
            note, "There was no answer in time, so the most likely one was assumed.",
            "{notes:?}"
        );
    }
}

/// Offline, the answer is the enriched prompt, which is the page's (`clarify-done`): the
/// visitor reads a plain line instead, and no prompt to open or copy.
#[wasm_bindgen_test]
async fn offline_the_visitor_reads_a_plain_line_in_place_of_the_prompt() {
    let w = Widget::mount();
    w.start_from_page("Plan a trip to Paris");
    settle().await;
    w.get("continue-anyway").click();
    settle().await;
    assert_eq!(w.clarifier.status(), "completed");
    assert_eq!(
        text(&w.get("all-set")),
        "Thanks \u{2014} that's everything we need."
    );
    let shown = w.frame().text_content().unwrap_or_default();
    assert!(!shown.contains("Offline mode"), "{shown}");
    assert!(!shown.contains("<user_input>"), "{shown}");
    assert!(w.find("copy-prompt").is_none() && w.find("sent-prompt").is_none());
    let done = w.details("clarify-done");
    assert_eq!(done.len(), 1);
    let prompt = get(&done[0], "prompt").as_string().unwrap();
    assert!(
        prompt.contains("Plan a trip to Paris"),
        "the page has the prompt"
    );
}

/// A snapshot at the storage key that cannot be restored is a plain line for the visitor; the
/// reason is the developer's (`clarify-error`).
#[wasm_bindgen_test]
async fn an_unusable_snapshot_is_a_plain_line_for_the_visitor() {
    let key = "widget-test-plain-garbage";
    local_storage().set_item(key, "{garbage").unwrap();
    let w = Widget::keeping(Some(key));
    settle().await;
    assert_eq!(
        text(&w.get("error")),
        "Your earlier conversation could not be restored, so this is a fresh start."
    );
    let told = w.details("clarify-error");
    let message = get(&told[0], "message").as_string().unwrap();
    assert!(
        !message.is_empty() && !message.contains("fresh start"),
        "{message}"
    );
}

/// A long request is cut to its first lines in the conversation, with "Show all", a button that
/// says whether the text is whole; the whole text is one click away.
#[wasm_bindgen_test]
async fn a_long_request_is_cut_with_show_all() {
    let w = Widget::mount();
    let long = "Plan a trip to Paris for my family.\n".repeat(1700);
    assert!(long.len() > 60_000);
    w.start_from_page(&long);
    settle().await;
    let bubble = w.get("conv-request");
    assert!(
        bubble.offset_height() < 200,
        "the bubble is {} px tall",
        bubble.offset_height()
    );
    let toggle = w.get("show-all");
    assert_eq!(toggle.tag_name(), "BUTTON");
    assert_eq!(toggle.get_attribute("aria-expanded").unwrap(), "false");
    assert_eq!(text(&toggle), "Show all");
    let controlled = toggle.get_attribute("aria-controls").unwrap();
    assert!(w.root.get_element_by_id(&controlled).is_some());
    toggle.click();
    tick().await;
    assert_eq!(toggle.get_attribute("aria-expanded").unwrap(), "true");
    assert_eq!(text(&toggle), "Show less");
    assert!(
        text(&w.get("conv-request")).len() > 60_000,
        "the whole request"
    );
    toggle.click();
    tick().await;
    assert!(w.get("conv-request").offset_height() < 200, "cut again");
    w.card.set_language(Some("de".into()));
    tick().await;
    assert_eq!(text(&w.get("show-all")), "Alles anzeigen");
}

/// While a question is pending, "Start over" leads back to the request box; with answers
/// given it first says what starting over clears, and "Keep my answers" keeps them. Leaving is
/// `clarify-reset`, never `clarify-done`.
#[wasm_bindgen_test]
async fn start_over_is_offered_while_a_question_is_pending() {
    let w = Widget::mount();
    w.start_from_page("Plan a trip to Paris");
    settle().await;
    assert!(w.find("question-card").is_some());
    w.all("option")[0].click();
    tick().await;
    w.get("continue").click();
    settle().await;
    assert_eq!(w.clarifier.status(), "awaiting_clarification");

    w.get("start-over").click();
    settle().await;
    assert_eq!(w.clarifier.status(), "awaiting_clarification", "not yet");
    assert_eq!(
        text(&w.get("start-over-warning")),
        "Starting over clears your answers so far."
    );
    w.get("keep-answers").click();
    settle().await;
    assert!(w.find("start-over-warning").is_none());
    assert_eq!(w.clarifier.status(), "awaiting_clarification");
    assert!(
        w.find("question-card").is_some(),
        "the question is still there"
    );

    w.get("start-over").click();
    settle().await;
    w.get("confirm-start-over").click();
    settle().await;
    assert_eq!(w.clarifier.status(), "idle");
    assert!(w.find("request").is_some(), "the request box is back");
    assert_eq!(w.details("clarify-reset").len(), 1);
    assert!(w.details("clarify-done").is_empty());

    // With nothing answered there is nothing to lose: at once.
    w.start_from_page("Plan a trip to Paris");
    settle().await;
    w.get("start-over").click();
    settle().await;
    assert_eq!(w.clarifier.status(), "idle");
    assert_eq!(w.details("clarify-reset").len(), 2);
}

/// A question that times out within the hour shows the time left, as a timer screen readers
/// are not told of every second (its text is in the card's description), in the visitor's
/// language; a few seconds before the end, a status line says it once.
#[wasm_bindgen_test]
async fn a_question_that_times_out_soon_shows_the_time_left() {
    let w = Widget::mount();
    w.configure(r#"{"questionTimeoutMs": 90000}"#);
    w.start_from_page("Plan a trip to Paris");
    settle().await;
    let left = w.get("time-left");
    assert!(!left.hidden(), "{}", left.outer_html());
    assert!(
        ["Time left: 1:30", "Time left: 1:29"].contains(&text(&left).as_str()),
        "{}",
        text(&left)
    );
    assert_eq!(left.get_attribute("role").unwrap(), "timer");
    assert!(left.get_attribute("aria-live").is_none_or(|l| l == "off"));
    let described = w
        .get("question-card")
        .get_attribute("aria-describedby")
        .unwrap();
    assert!(
        described.split(' ').any(|id| id == left.id()),
        "{described}"
    );
    assert_eq!(text(&w.get("time-warning")), "");
    w.card.set_language(Some("fr".into()));
    tick().await;
    assert!(text(&w.get("time-left")).starts_with("Temps restant : 1:"));

    let soon = Widget::mount();
    soon.configure(r#"{"questionTimeoutMs": 5000}"#);
    soon.start_from_page("Plan a trip to Paris");
    settle().await;
    assert_eq!(
        soon.get("time-left")
            .get_attribute("data-urgent")
            .as_deref(),
        Some("true")
    );
    let warning = text(&soon.get("time-warning"));
    assert!(
        ["5 seconds left to answer", "4 seconds left to answer"].contains(&warning.as_str()),
        "{warning}"
    );
    drop(soon);

    // The default limit (a day) shows nothing.
    let calm = Widget::mount();
    calm.start_from_page("Plan a trip to Paris");
    settle().await;
    assert!(calm.find("time-left").is_none_or(|t| t.hidden()));
}

// ---------------------------------------------------------------------------------------------
// Helpers

/// A `WidgetCard` in the shadow root of an element whose parent stops every event the card
/// handles, as a hostile page might; removed on drop.
struct Widget {
    page: web_sys::HtmlElement,
    root: web_sys::ShadowRoot,
    card: WidgetCard,
    clarifier: Rc<Clarifier>,
    /// The events the card told the element to dispatch: their types and details.
    events: Rc<RefCell<Vec<(String, JsValue)>>>,
    /// The element's `start(text)`, kept alive while the card may call it.
    _start: Closure<dyn Fn(JsValue) -> JsValue>,
    /// The element's `emit(type, detail)`.
    _emit: Closure<dyn Fn(JsValue, JsValue)>,
    /// The page's listener that stops every event.
    _stop: Closure<dyn Fn(web_sys::Event)>,
}

impl Widget {
    fn mount() -> Self {
        Self::keeping(None)
    }

    /// What clarify-element.js does when an element (with a `storage-key`) is connected.
    fn keeping(key: Option<&str>) -> Self {
        let document = web_sys::window().unwrap().document().unwrap();
        let page: web_sys::HtmlElement = document.create_element("div").unwrap().unchecked_into();
        let stop = Closure::<dyn Fn(web_sys::Event)>::new(|e: web_sys::Event| e.stop_propagation());
        for kind in ["click", "keydown", "input", "submit", "focusin"] {
            page.add_event_listener_with_callback(kind, stop.as_ref().unchecked_ref())
                .unwrap();
        }
        let host = document.create_element("div").unwrap();
        page.append_child(&host).unwrap();
        document.body().unwrap().append_child(&page).unwrap();
        let root = host
            .attach_shadow(&web_sys::ShadowRootInit::new(web_sys::ShadowRootMode::Open))
            .unwrap();

        install_all_words();
        let clarifier = Rc::new(Clarifier::new(None).unwrap());
        let session = Rc::clone(&clarifier);
        // What clarify-element.js passes: `null` when the request started, else the message.
        let start =
            Closure::<dyn Fn(JsValue) -> JsValue>::new(move |request: JsValue| {
                match session.start(request, None) {
                    Ok(()) => JsValue::NULL,
                    Err(e) => get(&e, "message"),
                }
            });
        let events = Rc::new(RefCell::new(Vec::new()));
        let sink = Rc::clone(&events);
        let emit = Closure::<dyn Fn(JsValue, JsValue)>::new(move |kind: JsValue, detail| {
            sink.borrow_mut()
                .push((kind.as_string().unwrap_or_default(), detail));
        });
        let card = WidgetCard::new(
            root.clone(),
            start.as_ref().unchecked_ref::<js_sys::Function>().clone(),
            emit.as_ref().unchecked_ref::<js_sys::Function>().clone(),
        )
        .unwrap();
        card.set_language(Some("en".into()));
        card.set_storage_key(key.map(Into::into));
        card.restore(&clarifier);
        card.show(&clarifier);
        Self {
            page,
            root,
            card,
            clarifier,
            events,
            _start: start,
            _emit: emit,
            _stop: stop,
        }
    }

    /// The details of the events of type `kind` told so far.
    fn details(&self, kind: &str) -> Vec<JsValue> {
        self.events
            .borrow()
            .iter()
            .filter(|(k, _)| k == kind)
            .map(|(_, d)| d.clone())
            .collect()
    }

    /// The codes of the refusals told to the element (`clarify-error`).
    fn refused(&self) -> Vec<String> {
        self.details("clarify-error")
            .iter()
            .map(|d| get(d, "code").as_string().unwrap_or_default())
            .collect()
    }

    /// Configures the clarifier with `options` (JSON), as the element does with its attributes.
    fn configure(&self, options: &str) {
        let options = js_sys::JSON::parse(options).unwrap();
        self.clarifier
            .configure(Some(options.unchecked_into()))
            .unwrap();
        self.card.set_messages(&self.clarifier);
    }

    /// What a page's script does: starts through the JS API, not through the card.
    fn start_from_page(&self, request: &str) {
        self.clarifier.start(request.into(), None).unwrap();
    }

    fn question_text(&self) -> String {
        get(&self.clarifier.question().unwrap(), "text")
            .as_string()
            .unwrap()
    }

    /// The number of questions the session plans to ask.
    fn total(&self) -> u32 {
        get(&self.clarifier.progress().unwrap(), "total")
            .as_f64()
            .unwrap() as u32
    }

    fn frame(&self) -> web_sys::Element {
        self.root.query_selector(".clarify").unwrap().unwrap()
    }

    fn find(&self, testid: &str) -> Option<web_sys::HtmlElement> {
        self.root
            .query_selector(&format!("[data-testid={testid}]"))
            .unwrap()
            .map(JsCast::unchecked_into)
    }

    fn get(&self, testid: &str) -> web_sys::HtmlElement {
        self.find(testid)
            .unwrap_or_else(|| panic!("no [data-testid={testid}] in {}", self.frame().inner_html()))
    }

    fn all(&self, testid: &str) -> Vec<web_sys::HtmlElement> {
        let list = self
            .root
            .query_selector_all(&format!("[data-testid={testid}]"))
            .unwrap();
        (0..list.length())
            .filter_map(|i| list.item(i))
            .map(JsCast::unchecked_into)
            .collect()
    }

    /// Types `value` as the browser does: the value changes, then a composed `input` event.
    fn type_into(&self, testid: &str, value: &str) {
        let field = self.get(testid);
        js_sys::Reflect::set(&field, &"value".into(), &value.into()).unwrap();
        let init = web_sys::EventInit::new();
        init.set_bubbles(true);
        init.set_composed(true);
        let ev = web_sys::Event::new_with_event_init_dict("input", &init).unwrap();
        field.dispatch_event(&ev).unwrap();
    }
}

impl Drop for Widget {
    fn drop(&mut self) {
        self.card.hide();
        self.page.remove();
    }
}

/// Installs every language's words from the catalogues themselves, as a page does from the
/// files it fetches (the test runner serves no `words/` folder).
fn install_all_words() {
    macro_rules! words {
        ($($language:ident $tag:literal),*) => {$(
            clarify_web::i18n::install_words(
                clarify_core::Language::$language,
                include_str!(concat!("../../core/data/words/", $tag, ".json")),
                include_str!(concat!("../words/", $tag, ".json")),
            )
            .unwrap();
        )*};
    }
    words!(Simplified "zh-Hans", Traditional "zh-Hant", Japanese "ja", Korean "ko", Spanish "es",
        French "fr", German "de", Portuguese "pt", Italian "it");
}

/// The indexes of the options marked checked.
fn checked(w: &Widget) -> Vec<usize> {
    w.all("option")
        .iter()
        .enumerate()
        .filter(|(_, o)| o.get_attribute("aria-checked").as_deref() == Some("true"))
        .map(|(i, _)| i)
        .collect()
}

/// A key press as the browser sends it to `target`: bubbling, cancelable, composed.
fn key(target: &web_sys::HtmlElement, key: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    init.set_cancelable(true);
    init.set_composed(true);
    let ev = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    target.dispatch_event(&ev).unwrap();
}

fn local_storage() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

/// The id of `clarifier`'s pending question.
fn question_id(clarifier: &Clarifier) -> String {
    get(&clarifier.question().unwrap(), "id")
        .as_string()
        .unwrap()
}

fn text(e: &web_sys::HtmlElement) -> String {
    e.text_content().unwrap_or_default().trim().to_owned()
}

fn get(value: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(value, &key.into()).unwrap()
}

/// Lets the browser run the timers and tasks queued so far (Leptos renders in a task).
async fn tick() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

async fn settle() {
    for _ in 0..4 {
        tick().await;
    }
}
