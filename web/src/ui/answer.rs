//! The final answer (streamed as it grows), the handoff notice and a failure with Retry.

use clarify_core::{HandoffPackage, Language};
use leptos::either::Either;
use leptos::prelude::*;

use super::state::Reader;
use crate::i18n::{Word, use_chrome};

/// The answer, re-rendered as streamed text arrives. Always text, never HTML.
#[component]
pub fn AnswerView(
    /// The answer so far.
    #[prop(into)]
    text: Signal<String>,
    /// Whether more text is still coming.
    #[prop(into)]
    streaming: Signal<bool>,
) -> impl IntoView {
    let t = use_chrome();
    view! {
        <section
            class="answer"
            data-testid="answer"
            aria-live="polite"
            aria-busy=move || if streaming.get() { "true" } else { "false" }
        >
            <h2 tabindex="-1" data-testid="answer-heading">
                {move || t.t(Word::Answer)}
            </h2>
            <div class="answer-text" data-testid="answer-text" dir="auto">
                {move || text.get()}
            </div>
        </section>
    }
}

/// "Connecting you to an agent…" and what the agent receives, shown after the answer.
#[component]
pub fn HandoffNotice(
    /// Everything the agent receives.
    package: HandoffPackage,
) -> impl IntoView {
    let t = use_chrome();
    let questions = package
        .questions
        .iter()
        .map(|r| {
            let q = r.question.text.clone();
            let a = r.answer_text();
            view! {
                <li>
                    <span class="handoff-q">{q}</span>
                    " — "
                    <span class="handoff-a">{a}</span>
                </li>
            }
        })
        .collect_view();
    let assumptions = (!package.assumptions.is_empty()).then(|| {
        let items = package
            .assumptions
            .iter()
            .map(|a| view! { <li>{a.clone()}</li> })
            .collect_view();
        view! {
            <dt>{move || t.t(Word::PkgAssumptions)}</dt>
            <dd>
                <ul>{items}</ul>
            </dd>
        }
    });
    view! {
        <section class="handoff" data-testid="handoff">
            <p
                class="handoff-connecting"
                role="status"
                tabindex="-1"
                data-testid="handoff-connecting"
            >
                <span class="spinner" aria-hidden="true"></span>
                {move || t.t(Word::Connecting)}
            </p>
            <details class="handoff-package" open data-testid="handoff-package">
                <summary>{move || t.t(Word::HandoffPackage)}</summary>
                <dl>
                    <dt>{move || t.t(Word::PkgRequest)}</dt>
                    <dd>{package.request.clone()}</dd>
                    <dt>{move || t.t(Word::PkgQuestions)}</dt>
                    <dd>
                        <ul>{questions}</ul>
                    </dd>
                    {assumptions}
                    <dt>{move || t.t(Word::PkgReason)}</dt>
                    <dd>{package.reason}</dd>
                </dl>
            </details>
        </section>
    }
}

/// The answer could not be produced: why, and Retry (every answer is kept). A visitor
/// ([`Reader::Visitor`]) reads a plain line in place of the technical reason.
#[component]
pub fn FailureNotice(
    /// Why it failed.
    reason: String,
    /// Retry with everything gathered so far.
    on_retry: Callback<()>,
    /// Whether Retry is accepted now (from [`clarify_core::Session::accepts`]).
    #[prop(into)]
    can_retry: Signal<bool>,
) -> impl IntoView {
    let t = use_chrome();
    let reason = match Reader::current() {
        Reader::AppUser => Either::Left(reason),
        Reader::Visitor => {
            // The driver says an answer failed offline by promising the retry.
            let offline = Language::ALL
                .into_iter()
                .any(|l| reason.ends_with(Word::RetryOnline.text(l)));
            let plain = if offline {
                Word::FailedOffline
            } else {
                Word::FailedTryAgain
            };
            Either::Right(move || t.t(plain))
        }
    };
    view! {
        <section class="failure" role="alert" tabindex="-1" data-testid="failure">
            <p>{move || t.t(Word::Failed)}</p>
            <p class="failure-reason" data-testid="failure-reason">{reason}</p>
            <button
                type="button"
                data-testid="retry"
                disabled=move || !can_retry.get()
                on:click=move |_| on_retry.run(())
            >
                {move || t.t(Word::Retry)}
            </button>
        </section>
    }
}
