//! Browser tests of the app, in headless Chromium.
#![allow(missing_docs)]

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn query(selector: &str) -> Option<web_sys::HtmlElement> {
    document().query_selector(selector).ok().flatten().and_then(|e| e.dyn_into().ok())
}

async fn tick() {
    // Let Leptos flush its effects.
    leptos::task::tick().await;
}

#[wasm_bindgen_test]
async fn clicking_an_option_completes_the_session() {
    let host = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&host).unwrap();
    let _handle = leptos::mount::mount_to(host.unchecked_into(), clarify_web::ui::App);

    let input: web_sys::HtmlInputElement = query("[data-testid=request]").unwrap().unchecked_into();
    input.set_value("Plan a trip to Paris");
    input.dispatch_event(&web_sys::Event::new("input").unwrap()).unwrap();
    query("[data-testid=submit]").unwrap().click();
    tick().await;

    let card = query("[data-testid=question-card]").expect("a question card is shown");
    assert!(card.text_content().unwrap().contains("How long is the trip?"));
    query("[data-testid=option]").unwrap().click();
    tick().await;

    assert!(query("[data-testid=question-card]").is_none());
    let answer = query("[data-testid=answer]").expect("the answer is shown").text_content().unwrap();
    assert!(answer.contains("A weekend"), "the enriched prompt carries the answer: {answer}");
}
