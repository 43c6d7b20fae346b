//! The app's shell: `index.html` paints the header, the connection line and the request box
//! before the wasm arrives, and `web/assets/shell.js` keeps what is typed there and holds a
//! send (Enter or Send). When the engine starts, [`take`] reads what the shell holds and removes
//! it; once the app is mounted, [`hand_over`] gives the app's request box the focus and sends a
//! held request, as if the user had sent it just then.

use wasm_bindgen::JsCast;
use web_sys::{Event, EventInit, HtmlElement, HtmlFormElement, HtmlTextAreaElement};

/// What the user did in the shell before the engine was ready.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Early {
    /// The text in the shell's request box.
    pub text: String,
    /// Whether the user sent it (Enter or Send) while the engine loaded.
    pub queued: bool,
    /// Whether the shell's box had the focus.
    pub focused: bool,
}

/// Removes the shell from `root` and returns what it held; `None` when the page has none (a
/// test's page).
pub fn take(root: &HtmlElement) -> Option<Early> {
    let shell = root.query_selector("#clarify-shell").ok().flatten()?;
    let area = shell
        .query_selector("textarea")
        .ok()
        .flatten()
        .and_then(|a| a.dyn_into::<HtmlTextAreaElement>().ok());
    let text = area
        .as_ref()
        .map(HtmlTextAreaElement::value)
        .unwrap_or_default();
    let focused = area
        .is_some_and(|a| leptos::prelude::document().active_element().as_ref() == Some(a.as_ref()));
    let early = Early {
        queued: shell.has_attribute("data-queued") && !text.trim().is_empty(),
        text,
        focused,
    };
    shell.remove();
    Some(early)
}

/// After the app is mounted: the app's request box holds the shell's text (typed there as if
/// in the app's own box, so it is kept like any draft), takes the focus when the shell's box
/// had it (or nothing had), and a held request is sent through the app's own form, unless a
/// restored question is pending (the user had not seen it; the text stays in the box).
pub fn hand_over(early: &Early) {
    let document = leptos::prelude::document();
    let find = |selector: &str| document.query_selector(selector).ok().flatten();
    let on_body = document
        .active_element()
        .is_none_or(|a| a.tag_name().eq_ignore_ascii_case("body"));
    let area = find("[data-testid=request]").and_then(|a| a.dyn_into::<HtmlTextAreaElement>().ok());
    let Some(area) = area else {
        return;
    };
    if !early.text.is_empty() && area.value() != early.text {
        area.set_value(&early.text);
        let init = EventInit::new();
        init.set_bubbles(true);
        if let Ok(input) = Event::new_with_event_init_dict("input", &init) {
            let _ = area.dispatch_event(&input);
        }
    }
    if early.focused || on_body {
        let _ = area.focus();
    }
    let pending = find("[data-testid=question-card]").is_some();
    if early.queued
        && !pending
        && let Some(form) =
            find("[data-testid=request-form]").and_then(|f| f.dyn_into::<HtmlFormElement>().ok())
    {
        let _ = form.request_submit();
    }
}
