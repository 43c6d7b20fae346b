//! The chat column: the conversation, the pending question, the working line, the answer, the
//! handoff or the failure, the request box and the trace. Each part reads the [`Engine`] from
//! context and wakes only when its own part of the session changes, so the widget's card
//! (`crate::widget`) mounts [`WorkingLine`] and [`Ending`] as they are.

use clarify_core::{Input, Status, UserAnswer};
use leptos::prelude::*;

use super::answer::{AnswerView, FailureNotice, HandoffNotice};
use super::conversation::{Conversation, RequestForm};
use super::question_card::QuestionCard;
use super::state::{Engine, Notices, use_engine};
use super::trace::TracePanel;
use crate::driver::now;
use crate::i18n::use_lang;
use crate::storage::Settings;

/// The chat column; `settings` configure the session a new request starts.
#[component]
pub fn Chat(settings: RwSignal<Settings>) -> impl IntoView {
    use_engine().map(|engine| {
        let view = engine.view;
        let status = view.status();
        let accepting = view.accepting();
        let answering = Memo::new(move |_| status.get() == Status::AwaitingClarification);
        let can_send = Memo::new(move |_| accepting.with(|a| a.start || a.message));
        let on_send = Callback::new(move |text: String| {
            engine.submit(text, || settings.with_untracked(Settings::config))
        });
        view! {
            <main class="chat">
                <Conversation
                    request=view.request()
                    resolutions=view.resolutions()
                    notices=view.notices()
                />
                <PendingQuestion />
                <WorkingLine />
                <Ending />
                <RequestForm on_send=on_send answering=answering enabled=can_send />
                <TracePanel events=view.trace() counters=view.counters() />
            </main>
        }
    })
}

/// The pending question's card, fresh for every question the engine asks.
#[component]
fn PendingQuestion() -> impl IntoView {
    use_engine().map(|engine| move || question_card(engine))
}

/// The card for the pending question, if there is one.
fn question_card(engine: Engine) -> impl IntoView {
    engine.view.pending().get().map(|p| {
        let id = p.question.id.clone();
        let on_answer = Callback::new(move |answer: UserAnswer| {
            engine.send(Input::Answer {
                question: id.clone(),
                answer,
                now: now(),
            })
        });
        let on_skip_all = Callback::new(move |()| engine.send(Input::SkipAll { now: now() }));
        view! {
            <QuestionCard
                question=p.question
                progress=p.progress
                on_answer=on_answer
                on_skip_all=on_skip_all
            />
        }
    })
}

/// What the engine is busy with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Working {
    /// Detection (or a pipeline step) runs.
    Thinking,
    /// The answer is being written and no text has come yet.
    Writing,
}

/// "Thinking about your request…" / "Writing the answer…", with "Continue anyway" while the
/// engine accepts it.
#[component]
pub fn WorkingLine() -> impl IntoView {
    use_engine().map(working_line)
}

fn working_line(engine: Engine) -> impl IntoView {
    let lang = use_lang();
    let notices = use_context::<Notices>().unwrap_or_default();
    let status = engine.view.status();
    let answer = engine.view.answer();
    let accepting = engine.view.accepting();
    let working = Memo::new(move |_| match status.get() {
        Status::Analyzing => Some(Working::Thinking),
        Status::Generating if answer.with(String::is_empty) => Some(Working::Writing),
        Status::Idle
        | Status::AwaitingClarification
        | Status::Generating
        | Status::Completed
        | Status::HandedOff
        | Status::Failed => None,
    });
    let skip_all = move || {
        accepting.with(|a| a.skip_all).then(|| {
            view! {
                <button
                    type="button"
                    class="qcard-link"
                    data-testid="working-continue-anyway"
                    on:click=move |_| {
                        if let Err(e) = engine.send(Input::SkipAll { now: now() }) {
                            notices.note(e);
                        }
                    }
                >
                    {move || lang.get().texts().continue_anyway}
                </button>
            }
        })
    };
    move || {
        working.get().map(|w| {
            let t = lang.get().texts();
            let line = match w {
                Working::Thinking => t.thinking,
                Working::Writing => t.writing,
            };
            view! {
                <p class="working" role="status" data-testid="working">
                    <span class="spinner" aria-hidden="true"></span>
                    {line}
                    {skip_all}
                </p>
            }
        })
    }
}

/// How the session ended, or is ending: the answer (as it streams), then the handoff notice,
/// or the failure with Retry.
#[component]
pub fn Ending() -> impl IntoView {
    use_engine().map(outcome)
}

fn outcome(engine: Engine) -> impl IntoView {
    let view = engine.view;
    let (status, answer, accepting) = (view.status(), view.answer(), view.accepting());
    let has_answer = Memo::new(move |_| !answer.with(String::is_empty));
    let streaming = Memo::new(move |_| status.get() == Status::Generating);
    let can_retry = Memo::new(move |_| accepting.with(|a| a.retry));
    let notices = use_context::<Notices>().unwrap_or_default();
    let handoff = view.handoff();
    let failure = view.failure();
    view! {
        {move || {
            has_answer.get().then(|| view! { <AnswerView text=answer streaming=streaming /> })
        }}
        {move || handoff.get().map(|package| view! { <HandoffNotice package=package /> })}
        {move || {
            failure
                .get()
                .map(|reason| {
                    let on_retry = Callback::new(move |()| {
                        if let Err(e) = engine.send(Input::Retry) {
                            notices.note(e);
                        }
                    });
                    view! { <FailureNotice reason=reason on_retry=on_retry can_retry=can_retry /> }
                })
        }}
    }
}
