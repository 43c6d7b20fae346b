//! The app's views. Components render the session; they never decide what happens next.
//!
//! [`ClarifyApp`] owns a [`Driver`](crate::driver::Driver) and puts what its views share in
//! Leptos context: the language ([`crate::i18n::use_lang`]), the [`Engine`] (the driver plus a
//! [`SessionView`], one signal per part of the session) and the app's [`Notices`]. Plain
//! functions do the wiring: [`persistence`] (load, save after every transition, resume),
//! [`cross_tab`] (another tab's writes) and [`timer`] (the pending question's deadline).
//!
//! The components: [`RequestForm`], [`Conversation`], [`QuestionCard`], [`WorkingLine`],
//! [`Ending`] ([`AnswerView`], [`HandoffNotice`], [`FailureNotice`]), [`TracePanel`] and
//! [`SettingsPanel`]. The card takes everything it needs as props (its language from context
//! when not given), so it can be mounted on its own; the widget (`crate::widget`) mounts it with
//! the working line, the ending and the request box in a shadow root.

mod answer;
mod app;
mod chat;
mod conversation;
pub mod cross_tab;
pub mod persistence;
mod question_card;
mod settings;
mod state;
pub mod timer;
mod trace;

use leptos::prelude::*;

pub use answer::{AnswerView, FailureNotice, HandoffNotice};
pub use app::ClarifyApp;
pub use chat::{Ending, WorkingLine};
pub use conversation::{Conversation, RequestForm, focus_request_box};
pub use question_card::{Outcome, PriorityBadge, QuestionCard};
pub use settings::SettingsPanel;
pub use state::{Accepting, Engine, Notices, Pending, SessionView, use_engine};
pub use trace::{TracePanel, layer_name};

/// The whole page, driving the session saved in `localStorage` (see [`ClarifyApp`]).
#[component]
pub fn App() -> impl IntoView {
    view! { <ClarifyApp /> }
}
