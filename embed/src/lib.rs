//! The embeddable bundle: `clarify-web`'s JS API ([`Clarifier`]) and the widget's card
//! ([`WidgetCard`], the app's question card and the views around it) in a wasm module of its
//! own, without the app's page, for pages that add Clarify with one script tag.
//!
//! `scripts/build-embed` builds it into `target/embed/` together with the custom element
//! (`web/js/clarify-element.js`), which mounts a `WidgetCard` in each element's shadow root.
#![forbid(unsafe_code)]

pub use clarify_web::js_api::Clarifier;
pub use clarify_web::widget::WidgetCard;
