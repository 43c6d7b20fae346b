//! The app's views. Components render the session; they never decide what happens next.

use clarify_core::{Config, Effect, Input, Priority, Question, Reply, Session, Status};
use leptos::prelude::*;

/// The whole page: request box, question card, answer.
#[component]
pub fn App() -> impl IntoView {
    let session = RwSignal::new(Session::new(Config::default()));
    let clock = RwSignal::new(0u64);
    let send = move |input: Input| {
        session.update(|s| {
            if let Ok(effects) = s.handle(input) {
                for effect in effects {
                    if let Effect::RequestGeneration { prompt, .. } = effect {
                        let _ = s.handle(Input::GenerationCompleted {
                            text: prompt.offline_answer(),
                            usage: None,
                        });
                    }
                }
            }
        });
    };
    let now = move || {
        clock.update(|c| *c += 1);
        clock.get_untracked()
    };
    let request = RwSignal::new(String::new());
    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let text = request.get_untracked();
        send(Input::Start {
            request: text,
            context: Default::default(),
            now: now(),
        });
    };
    view! {
        <main class="clarify" data-testid="app-ready">
            <h1>"Clarify"</h1>
            <form on:submit=on_submit>
                <label for="request">"Your request"</label>
                <input id="request" data-testid="request" bind:value=request />
                <button type="submit" data-testid="submit">"Send"</button>
            </form>
            {move || {
                session.with(|s| s.current_question().cloned()).map(|q| {
                    view! {
                        <QuestionCard
                            question=q
                            on_reply=Callback::new(move |(id, reply)| {
                                send(Input::Answer { question: id, reply, now: now() })
                            })
                        />
                    }
                })
            }}
            {move || {
                session
                    .with(|s| (s.status() == Status::Completed).then(|| s.answer().map(str::to_owned)))
                    .flatten()
                    .map(|answer| view! { <pre class="answer" data-testid="answer">{answer}</pre> })
            }}
        </main>
    }
}

/// One question: priority badge, text, why, options.
#[component]
pub fn QuestionCard(
    /// The pending question.
    question: Question,
    /// Called with the question's id and the user's reply.
    on_reply: Callback<(clarify_core::QuestionId, Reply)>,
) -> impl IntoView {
    let id = question.id.clone();
    let options = question
        .options
        .into_iter()
        .map(|choice| {
            let id = id.clone();
            let choice_id = choice.id.clone();
            view! {
                <button
                    class="option"
                    data-testid="option"
                    on:click=move |_| {
                        on_reply.run((id.clone(), Reply::Choices { choices: vec![choice_id.clone()] }))
                    }
                >
                    {choice.label}
                </button>
            }
        })
        .collect_view();
    view! {
        <section class="card" data-testid="question-card" aria-labelledby="question-text">
            <PriorityBadge priority=question.priority />
            <h2 id="question-text">{question.text}</h2>
            <p class="why">{question.why}</p>
            <div role="group">{options}</div>
        </section>
    }
}

/// The priority as text and colour, never colour alone.
#[component]
pub fn PriorityBadge(
    /// The question's priority.
    priority: Priority,
) -> impl IntoView {
    view! { <span class="badge" data-priority=priority.as_str()>{priority.as_str()}</span> }
}
