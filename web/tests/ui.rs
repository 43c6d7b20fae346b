//! Browser tests of the app, in headless Chromium.
#![allow(missing_docs)]

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn query(selector: &str) -> Option<web_sys::HtmlElement> {
    document()
        .query_selector(selector)
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into().ok())
}

/// Lets Leptos flush its effects and the browser run its tasks.
async fn tick() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

#[wasm_bindgen_test]
async fn clicking_an_option_completes_the_session() {
    let host = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&host).unwrap();
    let _handle = leptos::mount::mount_to(host.unchecked_into(), clarify_web::ui::App);

    let input: web_sys::HtmlInputElement = query("[data-testid=request]").unwrap().unchecked_into();
    input.set_value("Plan a trip to Paris");
    input
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    query("[data-testid=submit]").unwrap().click();
    tick().await;

    let card = query("[data-testid=question-card]").expect("a question card is shown");
    assert!(card.text_content().unwrap().contains('?'));

    // Pick the first option of every question until the session completes (the budget is 3).
    let first = query("[data-testid=option]")
        .unwrap()
        .text_content()
        .unwrap();
    for _ in 0..3 {
        let Some(option) = query("[data-testid=option]") else {
            break;
        };
        option.click();
        tick().await;
    }

    assert!(
        query("[data-testid=question-card]").is_none(),
        "no question is left"
    );
    let answer = query("[data-testid=answer]")
        .expect("the answer is shown")
        .text_content()
        .unwrap();
    assert!(
        answer.contains(&first),
        "the enriched prompt carries the answer {first:?}: {answer}"
    );
}
