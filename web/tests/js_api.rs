//! Browser tests of the JS API (`Clarifier`), in headless Chromium: the values JS passes and
//! gets back, the errors it sees, snapshots, and subscriptions that really stop.
#![allow(missing_docs, clippy::unwrap_used)]

use std::cell::RefCell;
use std::rc::Rc;

use clarify_web::js_api::Clarifier;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn start_shows_the_first_question_with_progress() {
    let c = clarifier(r#"{"maxQuestions": 2}"#);
    c.start("Plan a trip to Paris".into(), None).unwrap();

    assert_eq!(c.status(), "awaiting_clarification");
    let state = c.state().unwrap();
    assert_eq!(get(&get(&state, "progress"), "current"), 1);
    let question = c.question().unwrap();
    assert!(get(&question, "text").as_string().unwrap().ends_with('?'));
    assert!(get(&get(&state, "accepts"), "skipAll").as_bool().unwrap());
}

#[wasm_bindgen_test]
fn answering_by_choice_then_skip_all_completes_offline() {
    let c = clarifier(r#"{"maxQuestions": 2}"#);
    c.start("Plan a trip to Paris".into(), None).unwrap();
    let first = question_id(&c);
    let choice = first_choice(&c);

    c.answer(
        first.clone().into(),
        json(&format!(r#"{{"choice": "{choice}"}}"#)),
    )
    .unwrap();
    if c.status() == "awaiting_clarification" {
        assert_ne!(question_id(&c), first, "never the same question twice");
        c.skip_all().unwrap();
    }

    assert_eq!(c.status(), "completed");
    let state = c.state().unwrap();
    let answer = get(&state, "answer").as_string().unwrap();
    assert!(answer.contains("Offline mode"), "{answer}");
    let resolutions: js_sys::Array = get(&state, "resolutions").dyn_into().unwrap();
    assert_eq!(get(&get(&resolutions.get(0), "answer"), "kind"), "choices");
}

#[wasm_bindgen_test]
fn reopen_changes_an_earlier_answer_and_the_waiting_question_comes_back() {
    let c = clarifier(r#"{"maxQuestions": 2}"#);
    c.start("Plan a trip to Paris".into(), None).unwrap();
    let first = question_id(&c);
    let choice = first_choice(&c);
    assert_eq!(
        code(c.reopen(first.clone().into())),
        "not_reopenable",
        "the question on screen"
    );
    let accepts = get(&c.state().unwrap(), "accepts");
    assert!(
        !get(&accepts, "reopen").as_bool().unwrap(),
        "no answer to change yet"
    );
    c.answer(first.clone().into(), choice.into()).unwrap();
    let second = question_id(&c);
    let state = c.state().unwrap();
    let reopenable: js_sys::Array = get(&state, "reopenable").dyn_into().unwrap();
    assert_eq!(reopenable.to_vec(), [JsValue::from(first.clone())]);
    assert!(get(&get(&state, "accepts"), "reopen").as_bool().unwrap());

    c.reopen(first.clone().into()).unwrap();
    assert_eq!(
        question_id(&c),
        first,
        "the earlier question is pending again"
    );
    let state = c.state().unwrap();
    let earlier = get(&state, "reopenedAnswer");
    assert_eq!(get(&earlier, "kind"), "choices");
    assert_eq!(
        get(&get(&state, "progress"), "current"),
        1,
        "its place among the questions"
    );

    c.answer(first.clone().into(), json(r#"{"text": "Ten days"}"#))
        .unwrap();
    assert_eq!(question_id(&c), second, "the waiting question comes back");
    let state = c.state().unwrap();
    assert!(get(&state, "reopenedAnswer").is_null());
    let resolutions: js_sys::Array = get(&state, "resolutions").dyn_into().unwrap();
    assert_eq!(resolutions.length(), 1, "replaced, not added");
    assert_eq!(get(&get(&resolutions.get(0), "answer"), "text"), "Ten days");

    c.skip_all().unwrap();
    assert_eq!(c.status(), "completed");
    assert_eq!(
        code(c.reopen(first.into())),
        "unexpected_input",
        "nothing changes once the answer is generated"
    );
}

#[wasm_bindgen_test]
fn errors_are_clarify_errors_with_stable_codes_and_leave_the_session_unchanged() {
    let c = clarifier("{}");
    assert_eq!(
        code(c.answer("q-1".into(), "a".into())),
        "unexpected_input",
        "answer before start"
    );
    assert_eq!(code(c.skip_all()), "unexpected_input");
    assert_eq!(code(c.start(42.into(), None)), "bad_argument");
    assert_eq!(code(c.start("   ".into(), None)), "empty_request");
    assert_eq!(
        code(c.start(
            "x".into(),
            Some(JsValue::from("not history").unchecked_into())
        )),
        "bad_argument"
    );
    assert_eq!(c.status(), "idle");

    c.start("Plan a trip to Paris".into(), None).unwrap();
    let id = question_id(&c);
    let before = c.snapshot();
    assert_eq!(
        code(c.answer("q-0000".into(), "a".into())),
        "not_pending_question"
    );
    assert_eq!(
        code(c.answer(id.clone().into(), "no-such-choice".into())),
        "unknown_choice"
    );
    assert_eq!(code(c.answer(id.clone().into(), 7.into())), "bad_answer");
    assert_eq!(
        code(c.answer(id.clone().into(), json(r#"{"colour": "red"}"#))),
        "bad_answer"
    );
    assert_eq!(
        code(c.answer(id.into(), json(r#"{"dontKnow": true, "text": "x"}"#))),
        "bad_answer"
    );
    assert_eq!(code(c.answer(JsValue::NULL, "a".into())), "bad_argument");
    assert_eq!(code(c.skip(3.into())), "bad_argument");
    assert_eq!(code(c.start("again".into(), None)), "unexpected_input");
    assert_eq!(
        code(c.stop()),
        "unexpected_input",
        "stop with no answer coming"
    );
    assert_eq!(get(&c.state().unwrap(), "stopped"), false);
    assert_eq!(c.snapshot(), before, "refused inputs change nothing");

    let err = c.skip("q-0000".into()).unwrap_err();
    assert_eq!(get(&err, "name"), "ClarifyError");
    assert!(err.is_instance_of::<js_sys::Error>());
    let message = get(&err, "message").as_string().unwrap();
    assert!(message.contains("not the pending question"), "{message}");
}

#[wasm_bindgen_test]
fn bad_options_are_refused_with_bad_options() {
    for options in [
        r#"{"maxQuestion": 3}"#,
        r#"{"maxQuestions": "three"}"#,
        r#"{"maxQuestions": -1}"#,
        r#"{"neverAsk": "yes"}"#,
        r#"{"model": "gpt"}"#,
        r#"{"messages": {"send": 3}}"#,
        r#"[1, 2]"#,
        r#""options""#,
        r#"{"demo": true}"#,
    ] {
        let Err(err) = Clarifier::new(Some(json(options).unchecked_into())) else {
            panic!("accepted {options}")
        };
        assert_eq!(get(&err, "code"), "bad_options", "{options}");
        assert_eq!(get(&err, "name"), "ClarifyError");
    }
    assert!(Clarifier::new(None).is_ok());
    assert!(Clarifier::new(Some(JsValue::NULL.unchecked_into())).is_ok());
}

/// A `language` that is not a BCP 47 tag and a `messages` key the chrome does not have each
/// have their own code; a tag with fallback and the chrome's keys are taken.
#[wasm_bindgen_test]
fn a_bad_language_and_an_unknown_message_have_their_own_codes() {
    for (options, expected) in [
        (r#"{"language": ""}"#, "bad_language"),
        (r#"{"language": "xx-invalid!!"}"#, "bad_language"),
        (r#"{"messages": {"sendd": "Go"}}"#, "unknown_message"),
    ] {
        let Err(err) = Clarifier::new(Some(json(options).unchecked_into())) else {
            panic!("accepted {options}")
        };
        assert_eq!(get(&err, "code"), expected, "{options}");
        let message = get(&err, "message").as_string().unwrap();
        assert!(message.is_ascii(), "told in English: {message}");
    }
    for options in [
        r#"{"language": "pt-BR"}"#,
        r#"{"language": "zh-HK"}"#,
        r#"{"messages": {"send": "Go", "dontKnow": "No idea"}}"#,
    ] {
        assert!(
            Clarifier::new(Some(json(options).unchecked_into())).is_ok(),
            "{options}"
        );
    }
}

#[wasm_bindgen_test]
fn the_api_key_stays_out_of_snapshots_and_state() {
    let c = clarifier(
        r#"{"endpoint": "http://127.0.0.1:9/v1", "model": "m", "apiKey": "sk-secret-123"}"#,
    );
    c.start("Plan a trip to Paris".into(), None).unwrap();
    let state = js_sys::JSON::stringify(&c.state().unwrap()).unwrap();
    assert!(!c.snapshot().contains("sk-secret"));
    assert!(!String::from(state).contains("sk-secret"));
}

#[wasm_bindgen_test]
fn never_ask_completes_without_asking() {
    let c = clarifier(r#"{"neverAsk": true}"#);
    c.start("Plan a trip to Paris".into(), None).unwrap();
    assert_eq!(c.status(), "completed");
    assert!(c.question().unwrap().is_null());
}

#[wasm_bindgen_test]
fn a_snapshot_restores_the_pending_question_elsewhere() {
    let a = clarifier("{}");
    a.start("Plan a trip to Paris".into(), None).unwrap();
    let pending = question_id(&a);

    let b = clarifier("{}");
    b.restore(a.snapshot().into()).unwrap();
    assert_eq!(b.status(), "awaiting_clarification");
    assert_eq!(question_id(&b), pending);
    b.dont_know(pending.into()).unwrap();
    assert_eq!(
        a.status(),
        "awaiting_clarification",
        "a is independent of b"
    );
}

#[wasm_bindgen_test]
fn foreign_or_broken_snapshots_are_refused_and_change_nothing() {
    let c = clarifier("{}");
    c.start("Plan a trip to Paris".into(), None).unwrap();
    let before = c.snapshot();
    for snapshot in [
        "",
        "not json",
        "{}",
        r#"{"clarify_snapshot": 99, "session": {}}"#,
        r#"{"clarify_snapshot": 2, "session": {"phase": {"phase": "asking"}}}"#,
        r#"{"automerge": [1, 2, 3]}"#,
    ] {
        assert_eq!(
            code(c.restore(snapshot.into())),
            "bad_snapshot",
            "{snapshot}"
        );
    }
    assert_eq!(code(c.restore(5.into())), "bad_argument");
    assert_eq!(c.snapshot(), before);
}

#[wasm_bindgen_test]
fn subscribers_get_state_and_effects_until_they_unsubscribe() {
    let c = clarifier("{}");
    let calls: Calls = Rc::default();
    let seen = Rc::clone(&calls);
    let listener =
        Closure::<dyn Fn(JsValue, JsValue)>::new(move |state: JsValue, effects: JsValue| {
            let effects: js_sys::Array = effects.dyn_into().unwrap();
            let types = effects
                .iter()
                .map(|e| get(&e, "type").as_string().unwrap())
                .collect();
            seen.borrow_mut()
                .push((get(&state, "status").as_string().unwrap(), types));
        });
    let unsubscribe = c.subscribe(listener.as_ref().clone()).unwrap();
    assert_eq!(c.listener_count(), 1);

    c.start("Plan a trip to Paris".into(), None).unwrap();
    assert_eq!(calls.borrow().len(), 1);
    let (status, effects) = calls.borrow()[0].clone();
    assert_eq!(status, "awaiting_clarification");
    assert!(effects.contains(&"ask".to_string()), "{effects:?}");

    unsubscribe.call0(&JsValue::NULL).unwrap();
    unsubscribe.call0(&JsValue::NULL).unwrap(); // a second call does nothing
    assert_eq!(c.listener_count(), 0);
    c.skip_all().unwrap();
    assert_eq!(c.status(), "completed");
    assert_eq!(calls.borrow().len(), 1, "no call after unsubscribe");
}

#[wasm_bindgen_test]
fn a_throwing_listener_does_not_stop_the_session_or_other_listeners() {
    let c = clarifier("{}");
    let thrower = js_sys::Function::new_no_args("throw new Error('listener bug')");
    let _off = c.subscribe(thrower.into()).unwrap();
    let count = Rc::new(RefCell::new(0));
    let seen = Rc::clone(&count);
    let counter = Closure::<dyn Fn()>::new(move || *seen.borrow_mut() += 1);
    let _off2 = c.subscribe(counter.as_ref().clone()).unwrap();

    c.start("Plan a trip to Paris".into(), None).unwrap();
    assert_eq!(c.status(), "awaiting_clarification");
    assert_eq!(*count.borrow(), 1);
    assert_eq!(code(c.subscribe("not a function".into())), "bad_argument");
}

/// A snapshot taken while the request awaited the LLM's detection restores into a session that
/// goes on: nothing of this page is running that call, so detection is redone by the embedded
/// detector, instead of waiting forever.
#[wasm_bindgen_test]
fn a_snapshot_taken_mid_call_restores_into_a_session_that_goes_on() {
    let online = clarifier(r#"{"endpoint": "http://127.0.0.1:9/v1", "model": "m"}"#);
    online.start("Plan a trip to Paris".into(), None).unwrap();
    assert_eq!(online.status(), "analyzing", "awaiting the LLM's detection");
    let detecting = online.snapshot();

    let later = clarifier("{}");
    later.restore(detecting.into()).unwrap();
    assert_eq!(later.status(), "awaiting_clarification");
    assert!(!later.question().unwrap().is_null());
}

#[wasm_bindgen_test]
fn state_is_the_same_object_until_the_session_changes() {
    let c = clarifier("{}");
    let idle = c.state().unwrap();
    assert!(
        js_sys::Object::is(&idle, &c.state().unwrap()),
        "two reads without a change give one object"
    );
    assert!(get(&idle, "started").is_null() && get(&idle, "fallback").is_null());
    let seen = Rc::new(RefCell::new(JsValue::NULL));
    let keep = Rc::clone(&seen);
    let listener =
        Closure::<dyn Fn(JsValue)>::new(move |state: JsValue| *keep.borrow_mut() = state);
    let _off = c.subscribe(listener.as_ref().clone()).unwrap();

    c.start("Plan a trip to Paris".into(), None).unwrap();
    let asking = c.state().unwrap();
    assert!(
        !js_sys::Object::is(&idle, &asking),
        "a change gives a new object"
    );
    assert!(
        js_sys::Object::is(&asking, &seen.borrow()),
        "the listener got the object `state` gives"
    );
    assert!(
        get(&asking, "started").as_f64().is_some(),
        "a conversation started"
    );
    assert!(
        get(&asking, "fallback").is_null(),
        "offline: no endpoint to fall back from"
    );
    c.reset().unwrap();
    assert!(get(&c.state().unwrap(), "started").is_null());
}

#[wasm_bindgen_test]
fn configure_keeps_the_clarifier_and_applies_while_idle_or_at_the_next_start() {
    let c = clarifier(r#"{"maxQuestions": 3}"#);
    let options = |text: &str| Some(json(text).unchecked_into());
    c.configure(options(r#"{"neverAsk": true}"#)).unwrap();
    c.start("Plan a trip to Paris".into(), None).unwrap();
    assert_eq!(c.status(), "completed", "applied at once while idle");

    c.reset().unwrap();
    c.configure(options("{}")).unwrap();
    c.start("Plan a trip to Paris".into(), None).unwrap();
    assert_eq!(c.status(), "awaiting_clarification");
    c.configure(options(r#"{"neverAsk": true}"#)).unwrap();
    assert_eq!(
        c.status(),
        "awaiting_clarification",
        "mid-conversation the pending question stays"
    );
    c.skip_all().unwrap();
    c.reset().unwrap();
    c.start("Plan a trip to Paris".into(), None).unwrap();
    assert_eq!(
        c.status(),
        "completed",
        "the next start used the new options"
    );

    assert_eq!(
        code(c.configure(options(r#"{"maxQuestions": "two"}"#))),
        "bad_options"
    );
}

/// An endpoint that does not answer: detection falls back to the embedded detector, and the
/// state says why.
#[wasm_bindgen_test]
async fn a_failed_detection_call_is_told_as_a_fallback() {
    let c = clarifier(r#"{"endpoint": "http://127.0.0.1:9/v1", "language": "en"}"#);
    c.start("Plan a trip to Paris".into(), None).unwrap();
    for _ in 0..100 {
        if c.status() != "analyzing" {
            break;
        }
        sleep(50).await;
    }
    assert_eq!(c.status(), "awaiting_clarification");
    let fallback = get(&c.state().unwrap(), "fallback");
    assert!(
        fallback.as_string().is_some_and(|r| !r.is_empty()),
        "{fallback:?}"
    );
}

async fn sleep(ms: i32) {
    let p = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(p).await.unwrap();
}

/// Each call a listener got: the status and the effect types.
type Calls = Rc<RefCell<Vec<(String, Vec<String>)>>>;

fn clarifier(options: &str) -> Clarifier {
    Clarifier::new(Some(json(options).unchecked_into())).unwrap()
}

fn json(text: &str) -> JsValue {
    js_sys::JSON::parse(text).unwrap()
}

fn get(value: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(value, &key.into()).unwrap()
}

fn code<T: std::fmt::Debug>(result: Result<T, JsValue>) -> String {
    let err = result.unwrap_err();
    assert_eq!(get(&err, "name"), "ClarifyError");
    get(&err, "code").as_string().unwrap()
}

fn question_id(c: &Clarifier) -> String {
    get(&c.question().unwrap(), "id").as_string().unwrap()
}

fn first_choice(c: &Clarifier) -> String {
    let options: js_sys::Array = get(&c.question().unwrap(), "options").dyn_into().unwrap();
    get(&options.get(0), "id").as_string().unwrap()
}
