//! The app's views. Components render the session; they never decide what happens next.
//!
//! [`ClarifyApp`] owns a [`Driver`](crate::driver::Driver) and puts what its views share in
//! Leptos context: the chrome ([`crate::i18n::use_chrome`]), the [`Engine`] (the driver plus a
//! [`SessionView`], one signal per part of the session), the [`Notices`] and the
//! [`RequestBox`]. Plain functions do the wiring, for the app and the widget alike:
//! [`persistence`] (load, save after every transition, resume), [`cross_tab`] (another tab's
//! writes) and [`timer`] (the pending question's deadline).
//!
//! The components: [`SessionCard`] (the [`Conversation`], the [`QuestionCard`], the
//! [`WorkingLine`], the [`Ending`] with [`AnswerView`], [`HandoffNotice`] and
//! [`FailureNotice`], the [`RequestForm`]), [`StartOver`] and [`NoticeList`] — shared by the
//! app and the widget (`crate::widget`, which mounts them compact in a shadow root) — and the
//! app's [`TracePanel`] and [`SettingsPanel`]. The question card takes everything it needs as
//! props (its language from context when not given), so it can be mounted on its own.

mod answer;
mod app;
mod chat;
mod conversation;
pub mod cross_tab;
pub mod persistence;
mod question_card;
mod session_card;
mod settings;
pub(crate) mod state;
pub mod timer;
mod trace;

use leptos::prelude::*;

pub use answer::{AnswerView, FailureNotice, HandoffNotice};
pub use app::ClarifyApp;
pub use chat::{Ending, WorkingLine};
pub use conversation::{Conversation, RequestBox, RequestForm};
pub use question_card::{Outcome, PriorityBadge, QuestionCard};
pub use session_card::{NoticeList, SessionCard, StartOver};
pub use settings::SettingsPanel;
pub use state::{Accepting, Engine, Note, Notices, Pending, Reader, SessionView};
pub use trace::{TracePanel, layer_word};

/// The whole page, driving the session saved in `localStorage` (see [`ClarifyApp`]).
#[component]
pub fn App() -> impl IntoView {
    view! { <ClarifyApp /> }
}
