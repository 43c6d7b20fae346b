//! The embeddable bundle: `clarify-web`'s JS API ([`Clarifier`]) in a wasm module of its own,
//! without the Leptos app, for pages that add Clarify with one script tag.
//!
//! `scripts/build-embed` builds it into `target/embed/` together with the custom element
//! (`web/js/clarify-element.js`).
#![forbid(unsafe_code)]

pub use clarify_web::js_api::Clarifier;
