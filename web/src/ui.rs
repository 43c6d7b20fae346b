//! The app's views. Components render the session; they never decide what happens next.
//!
//! [`App`] owns a [`Driver`], mirrors its session into a signal, saves it after every
//! transition and passes the pieces down: [`RequestForm`], [`Conversation`], [`QuestionCard`],
//! [`AnswerView`], [`HandoffNotice`], [`TracePanel`] and [`SettingsPanel`].

mod answer;
mod conversation;
mod question_card;
mod settings;
mod trace;

use std::cell::Cell;
use std::rc::Rc;

use clarify_core::{Effect as EngineEffect, Input, InputKind, Session, Status, UserAnswer, demo};
use leptos::__reexports::send_wrapper::SendWrapper;
use leptos::prelude::*;

pub use answer::{AnswerView, FailureNotice, HandoffNotice};
pub use conversation::{Conversation, RequestForm};
pub use question_card::{Outcome, PriorityBadge, QuestionCard};
pub use settings::SettingsPanel;
pub use trace::{TracePanel, layer_name};

use crate::driver::{Driver, now};
use crate::storage::{self, Settings};

/// The whole page, driving the session saved in `localStorage` (see [`ClarifyApp`]).
#[component]
pub fn App() -> impl IntoView {
    view! { <ClarifyApp /> }
}

/// The whole page: header, settings, conversation, question card, answer, trace.
///
/// Without a `driver` the app restores the session saved in `localStorage` (or starts fresh,
/// with a notice, when what is saved is unusable) and drives it with the saved settings.
#[component]
pub fn ClarifyApp(
    /// Drive this session instead of the saved one (tests, embedders).
    #[prop(optional)]
    driver: Option<Driver>,
) -> impl IntoView {
    let notices = RwSignal::new(Vec::<String>::new());
    let settings = RwSignal::new(storage::load_settings().unwrap_or_else(|e| {
        notices.update(|n| n.push(e.to_string()));
        Settings::default()
    }));
    let api_key = RwSignal::new(storage::load_api_key());
    let restored = driver.is_none();
    let driver = driver.unwrap_or_else(|| {
        settings.with_untracked(|s| {
            let session = storage::load_session().unwrap_or_else(|e| {
                notices.update(|n| n.push(e.to_string()));
                None
            });
            Driver::new(
                session.unwrap_or_else(|| Session::new(s.config())),
                s.llm(&api_key.get_untracked()),
            )
        })
    });

    let session = RwSignal::new(driver.with(Clone::clone));
    let engine_notices = RwSignal::new(Vec::<String>::new());
    // Set while a session from another tab is applied, so it is not written straight back.
    let remote = Rc::new(Cell::new(false));
    let subscription = {
        let remote = Rc::clone(&remote);
        driver.subscribe(move |s, effects| {
            let _ = session.try_set(s.clone());
            for effect in effects {
                match effect {
                    EngineEffect::Notice { message } => {
                        let _ = engine_notices.try_update(|n| n.push(message.clone()));
                    }
                    EngineEffect::StatusChanged {
                        status: Status::Idle | Status::Analyzing,
                    } => {
                        let _ = engine_notices.try_update(Vec::clear);
                    }
                    EngineEffect::StatusChanged { .. }
                    | EngineEffect::RequestDetection { .. }
                    | EngineEffect::Ask { .. }
                    | EngineEffect::RunStep { .. }
                    | EngineEffect::RequestGeneration { .. }
                    | EngineEffect::AppendAnswer { .. }
                    | EngineEffect::Complete { .. }
                    | EngineEffect::HandOff { .. } => {}
                }
            }
            if !remote.get()
                && let Err(e) = storage::save_session(s)
            {
                note(notices, e.to_string());
            }
        })
    };

    // Another tab wrote the session: show it here, so neither tab loses the other's answers.
    let storage_listener = {
        let driver = driver.clone();
        window_event_listener(leptos::ev::storage, move |ev: web_sys::StorageEvent| {
            if ev.key().as_deref() != Some(storage::SESSION_KEY) {
                return;
            }
            // The stored value, not the event's: when both tabs write at once the events
            // cross, and only what storage holds now is what both tabs will agree on.
            let next = storage::load_session().map(|stored| {
                stored.unwrap_or_else(|| Session::new(settings.with_untracked(Settings::config)))
            });
            match next {
                Ok(s) => {
                    if driver.with(|mine| *mine == s) {
                        return;
                    }
                    if let Some(question) = driver.with(|mine| displaced_answer(mine, &s)) {
                        let texts = settings.with_untracked(Settings::lang).texts();
                        note(
                            notices,
                            format!("{}“{question}”", texts.other_tab_took_over),
                        );
                    }
                    remote.set(true);
                    driver.replace(s);
                    remote.set(false);
                }
                Err(e) => note(notices, e.to_string()),
            }
        })
    };
    {
        let driver = SendWrapper::new(driver.clone());
        on_cleanup(move || {
            driver.unsubscribe(subscription);
            storage_listener.remove();
        });
    }

    // Settings apply to the next request; the key is stored apart from everything else.
    {
        let driver = driver.clone();
        Effect::new(move |_| {
            let s = settings.get();
            let key = api_key.get();
            driver.set_llm(s.llm(&key));
            if let Err(e) = storage::save_settings(&s).and_then(|()| storage::save_api_key(&key)) {
                note(notices, e.to_string());
            }
        });
    }

    if restored {
        resume(&driver);
    }

    let driver = StoredValue::new_local(driver);
    let send = move |input: Input| -> Result<(), String> {
        driver
            .with_value(|d| d.send(input))
            .map_err(|e| e.to_string())
    };
    // A pending question expires at its deadline even while the page stays open.
    let timer = StoredValue::new_local(None::<TimeoutHandle>);
    Effect::new(move |_| {
        let deadline = session.with(Session::deadline);
        timer.update_value(|t| {
            if let Some(handle) = t.take() {
                handle.clear();
            }
        });
        if let Some(at) = deadline {
            let wait = at.saturating_sub(now()).min(i32::MAX as u64);
            let handle = set_timeout_with_handle(
                move || {
                    let _ = send(Input::Tick { now: now() });
                },
                std::time::Duration::from_millis(wait),
            );
            timer.set_value(handle.ok());
        }
    });
    let lang = settings::lang_of(settings);
    let t = move || lang.get().texts();
    let status = Signal::derive(move || session.with(Session::status));
    let accepts = move |kind: InputKind| session.with(|s| s.accepts(kind));

    let on_send = Callback::new(move |text: String| -> Result<(), String> {
        if accepts(InputKind::Answer) {
            return send(Input::Message { text, now: now() });
        }
        // A new request starts a new session under the current settings.
        let previous = driver.with_value(|d| d.with(Clone::clone));
        let context = demo::context(&text, &[]);
        driver.with_value(|d| d.replace(Session::new(settings.with_untracked(Settings::config))));
        send(Input::Start {
            request: text,
            context,
            now: now(),
        })
        .inspect_err(|_| driver.with_value(|d| d.replace(previous)))
    });
    let start_over = move |_| {
        let _ = send(Input::Reset);
        storage::clear_session();
        notices.set(Vec::new());
    };
    let show_settings = RwSignal::new(false);

    let card = move || {
        session.with(|s| {
            let question = s.current_question()?.clone();
            let progress = s.progress();
            let id = question.id.clone();
            let on_answer = Callback::new(move |reply: UserAnswer| {
                send(Input::Answer {
                    question: id.clone(),
                    answer: reply,
                    now: now(),
                })
            });
            let on_skip_all = Callback::new(move |()| send(Input::SkipAll { now: now() }));
            Some(view! {
                <QuestionCard
                    question=question
                    progress=progress
                    lang=lang
                    on_answer=on_answer
                    on_skip_all=on_skip_all
                />
            })
        })
    };
    let working = move || {
        let line = match status.get() {
            Status::Analyzing => t().thinking,
            Status::Generating if session.with(|s| s.answer().is_none_or(str::is_empty)) => {
                t().writing
            }
            Status::Idle
            | Status::AwaitingClarification
            | Status::Generating
            | Status::Completed
            | Status::HandedOff
            | Status::Failed => return None,
        };
        Some(view! {
            <p class="working" role="status" data-testid="working">
                <span class="spinner" aria-hidden="true"></span>
                {line}
                {accepts(InputKind::SkipAll)
                    .then(|| {
                        view! {
                            <button
                                type="button"
                                class="qcard-link"
                                data-testid="working-continue-anyway"
                                on:click=move |_| {
                                    if let Err(e) = send(Input::SkipAll { now: now() }) {
                                        note(notices, e);
                                    }
                                }
                            >
                                {t().continue_anyway}
                            </button>
                        }
                    })}
            </p>
        })
    };
    let answer = move || {
        let text = session.with(|s| s.answer().map(str::to_owned))?;
        if text.is_empty() {
            return None;
        }
        Some(view! {
            <AnswerView
                text=Signal::derive(move || {
                    session.with(|s| s.answer().unwrap_or_default().to_owned())
                })
                streaming=Signal::derive(move || status.get() == Status::Generating)
                lang=lang
            />
        })
    };
    let handoff = move || {
        session.with(|s| {
            s.handoff()
                .cloned()
                .map(|package| view! { <HandoffNotice package=package lang=lang /> })
        })
    };
    let failure = move || {
        session.with(|s| {
            s.failure().map(|reason| {
                let on_retry = Callback::new(move |()| {
                    if let Err(e) = send(Input::Retry) {
                        note(notices, e);
                    }
                });
                view! {
                    <FailureNotice
                        reason=reason.to_owned()
                        on_retry=on_retry
                        can_retry=Signal::derive(move || accepts(InputKind::Retry))
                        lang=lang
                    />
                }
            })
        })
    };
    let notice_list = move || {
        notices
            .get()
            .into_iter()
            .enumerate()
            .map(|(i, n)| {
                view! {
                    <li class="notice" role="alert" data-testid="notice">
                        <span>{n}</span>
                        <button
                            type="button"
                            class="qcard-link"
                            on:click=move |_| {
                                notices
                                    .update(|list| {
                                        if i < list.len() {
                                            list.remove(i);
                                        }
                                    });
                            }
                        >
                            {t().dismiss}
                        </button>
                    </li>
                }
            })
            .collect_view()
    };
    let mode = move || {
        settings.with(|s| {
            if s.online() {
                let mut line = String::from(t().online);
                line.push_str(s.endpoint.trim());
                if !s.model.trim().is_empty() {
                    line.push_str(" · ");
                    line.push_str(s.model.trim());
                }
                view! { <p class="mode mode-online" data-testid="online-banner">{line}</p> }
                    .into_any()
            } else {
                view! { <p class="mode mode-offline" data-testid="offline-banner">{t().offline}</p> }
                    .into_any()
            }
        })
    };

    view! {
        <div class="app" data-testid="app-ready" lang=move || lang.get().tag()>
            <header class="app-head">
                <h1>"Clarify"</h1>
                <div class="app-actions">
                    <button
                        type="button"
                        data-testid="start-over"
                        disabled=move || status.get() == Status::Idle
                        on:click=start_over
                    >
                        {move || t().start_over}
                    </button>
                    <button
                        type="button"
                        data-testid="settings-toggle"
                        aria-expanded=move || if show_settings.get() { "true" } else { "false" }
                        aria-controls="settings-panel"
                        on:click=move |_| show_settings.update(|v| *v = !*v)
                    >
                        {move || t().settings}
                    </button>
                </div>
            </header>
            {mode}
            <ul class="notices">{notice_list}</ul>
            <div id="settings-panel" class="settings-wrap" class:open=move || show_settings.get()>
                <Show when=move || show_settings.get()>
                    <SettingsPanel settings=settings api_key=api_key />
                </Show>
            </div>
            <main class="chat">
                <Conversation
                    request=Signal::derive(move || session.with(|s| s.request().map(str::to_owned)))
                    resolutions=Signal::derive(move || session.with(|s| s.resolutions().to_vec()))
                    notices=engine_notices
                    lang=lang
                />
                {card}
                {working}
                {answer}
                {handoff}
                {failure}
                <RequestForm
                    on_send=on_send
                    answering=Signal::derive(move || status.get() == Status::AwaitingClarification)
                    enabled=Signal::derive(move || {
                        accepts(InputKind::Start) || accepts(InputKind::Message)
                    })
                    lang=lang
                />
                <TracePanel
                    events=Signal::derive(move || session.with(|s| s.trace().to_vec()))
                    counters=Signal::derive(move || session.with(Session::counters))
                    lang=lang
                />
            </main>
        </div>
    }
}

/// Brings a restored session up to date: expired questions time out, and work that was in
/// flight when the page went away (detection, the answer) is redone rather than waited for.
fn resume(driver: &Driver) {
    let _ = driver.send(Input::Tick { now: now() });
    match driver.with(Session::status) {
        Status::Analyzing if driver.with(|s| s.accepts(InputKind::DetectionFailed)) => {
            let _ = driver.send(Input::DetectionFailed {
                reason: "the page was reloaded before detection finished".into(),
            });
        }
        Status::Generating => {
            let _ = driver.send(Input::GenerationFailed {
                reason: "the page was reloaded while the answer was being written".into(),
            });
            let _ = driver.send(Input::Retry);
        }
        Status::Idle
        | Status::Analyzing
        | Status::AwaitingClarification
        | Status::Completed
        | Status::HandedOff
        | Status::Failed => {}
    }
}

/// The first question answered in `mine` whose answer `theirs` does not hold: what a user
/// would lose, unseen, if another tab's session silently replaced this one.
fn displaced_answer(mine: &Session, theirs: &Session) -> Option<String> {
    mine.resolutions()
        .iter()
        .find(|r| {
            !theirs
                .resolutions()
                .iter()
                .any(|t| t.question.id == r.question.id && t.answer == r.answer)
        })
        .map(|r| r.question.text.clone())
}

/// Adds `message` to the app's notices unless it is already shown.
fn note(notices: RwSignal<Vec<String>>, message: String) {
    let _ = notices.try_update(|n| {
        if !n.contains(&message) {
            n.push(message);
        }
    });
}
