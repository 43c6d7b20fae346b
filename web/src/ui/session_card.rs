//! The views around the question card that the app and the widget share: [`SessionCard`] (the
//! conversation so far with "Change", the pending question, the working line, the ending and
//! the request box), [`StartOver`] and [`NoticeList`]. The app lays them out on its page; the
//! widget (`crate::widget`) in its shadow root, compact. Both read the [`Engine`], the
//! [`Notices`] and the [`RequestBox`] from context: a view mounted without them is a bug.

use clarify_core::{Input, QuestionId, Status, UserAnswer};
use leptos::either::Either;
use leptos::prelude::*;

use super::chat::{Ending, WorkingLine};
use super::conversation::{Conversation, RequestBox, RequestForm, focus_soon};
use super::question_card::QuestionCard;
use super::state::{Engine, Notices};
use crate::driver::{Driver, now};
use crate::i18n::{Word, use_chrome};
use crate::storage::Place;

/// The session as a card: the request and the answers so far (each with "Change" while it can
/// change), the engine's notes among them, the pending question, what the engine is busy with,
/// the answer or the handoff or the failure, and the request box.
///
/// While a question is pending the request box is for a new request only, and says so: an
/// answer is given on the question's card and nowhere else.
#[component]
pub fn SessionCard(
    /// Starts a conversation on the text of the request box (a new one in place of the
    /// pending question's, when one is pending); `Err` is shown under the box.
    on_start: Callback<String, Result<(), String>>,
    /// Where the answer half-given on the pending question is kept across reloads (nowhere
    /// when `None`).
    place: Option<Place>,
    /// A card on someone else's page (the widget): compact, with the request box only while
    /// idle; a question takes focus only when the user's own action in the card brought it up,
    /// and digits pick options only while focus is in the card.
    #[prop(optional)]
    embedded: bool,
) -> impl IntoView {
    let engine = expect_context::<Engine>();
    let view = engine.view;
    let place = StoredValue::new(place);
    // Set when the user acts in the card, taken by the next question card.
    let acted = StoredValue::new(false);
    let (status, accepting) = (view.status(), view.accepting());
    let pending = Memo::new(move |_| status.get() == Status::AwaitingClarification);
    let idle = Memo::new(move |_| status.get() == Status::Idle);
    let can_send = Signal::derive(move || pending.get() || accepting.with(|a| a.start));
    let on_send = Callback::new(move |text: String| {
        acted.set_value(true);
        // A new conversation may ask a question of the same id: no old draft.
        place.with_value(|p| p.as_ref().map(Place::forget_answer_draft));
        on_start.run(text)
    });
    let on_change = Callback::new(move |question: QuestionId| {
        acted.set_value(true);
        engine.send(Input::Reopen {
            question,
            now: now(),
        })
    });
    let request_form = move || {
        view! {
            <RequestForm
                on_send=on_send
                pending=pending
                enabled=can_send
                keep_draft=!embedded
                example=!embedded
            />
        }
    };
    let request_form = if embedded {
        Either::Left(move || idle.get().then(request_form))
    } else {
        Either::Right(request_form())
    };
    view! {
        <Conversation
            request=view.request()
            resolutions=view.resolutions()
            notices=view.notices()
            reopenable=view.reopenable()
            on_change=on_change
        />
        {move || pending_question(engine, place, acted, embedded)}
        <WorkingLine />
        <Ending />
        {request_form}
    }
}

/// The card for the pending question, fresh for every question the engine asks. The options
/// picked and the text typed on it are kept at `place` until they are sent. A question reopened
/// to change its answer keeps nothing there: the draft of the question it displaced stays, and
/// that card comes back as it was left.
fn pending_question(
    engine: Engine,
    place: StoredValue<Option<Place>>,
    acted: StoredValue<bool>,
    embedded: bool,
) -> Option<impl IntoView> {
    let pending = engine.view.pending().get()?;
    let take_focus = !embedded || acted.try_update_value(std::mem::take).unwrap_or(false);
    let id = pending.question.id.clone();
    let saved = place.with_value(|p| p.as_ref().and_then(|p| p.load_answer_draft(&id)));
    let reopened = pending.previous.is_some();
    let kept = id.clone();
    let on_draft = Callback::new(move |draft| {
        if !reopened {
            place.with_value(|p| p.as_ref().map(|p| p.save_answer_draft(&kept, draft)));
        }
    });
    let on_answer = Callback::new(move |answer: UserAnswer| {
        acted.set_value(true);
        let input = Input::Answer {
            question: id.clone(),
            answer,
            now: now(),
        };
        engine.send(input).inspect(|()| {
            if !reopened {
                place.with_value(|p| p.as_ref().map(Place::forget_answer_draft));
            }
        })
    });
    let on_skip_all = Callback::new(move |()| {
        acted.set_value(true);
        engine.send(Input::SkipAll { now: now() })
    });
    Some(view! {
        <QuestionCard
            question=pending.question
            progress=pending.progress
            question_lang=pending.lang
            on_answer=on_answer
            on_skip_all=on_skip_all
            take_focus=take_focus
            previous=pending.previous
            page_keys=!embedded
            saved=saved
            on_draft=on_draft
            deadline=engine.view.deadline().get_untracked()
        />
    })
}

/// "Start over": leaves the conversation for an idle session (stopping a call in flight),
/// forgets what `place` keeps of it and the notices, and sends focus to the request box.
/// Disabled while idle.
///
/// With `confirm`, a conversation whose answers would be lost (answers given, and no answer
/// yet that used them) is left only once the user confirms it: the button first says what
/// starting over clears, beside "Start over" and "Keep my answers".
#[component]
pub fn StartOver(
    /// Where the session is kept (nothing to forget when `None`).
    place: Option<Place>,
    /// Ask before answers are lost (the widget, whose request box is away mid-conversation).
    #[prop(optional)]
    confirm: bool,
) -> impl IntoView {
    let engine = expect_context::<Engine>();
    let notices = expect_context::<Notices>();
    let request_box = expect_context::<RequestBox>();
    let t = use_chrome();
    let status = engine.view.status();
    let resolutions = engine.view.resolutions();
    let idle = Memo::new(move |_| status.get() == Status::Idle);
    let at_stake = Memo::new(move |_| {
        let open = !matches!(
            status.get(),
            Status::Idle | Status::Completed | Status::HandedOff
        );
        confirm && open && !resolutions.with(Vec::is_empty)
    });
    let asking = RwSignal::new(false);
    let place = StoredValue::new(place);
    let start_over = move || {
        asking.set(false);
        notices.clear();
        engine.with_driver(Driver::cancel);
        if let Err(e) = engine.send(Input::Reset) {
            notices.note(e);
        }
        place.with_value(|p| p.as_ref().map(Place::forget));
        // The button goes disabled (or away), and focus with it: the request box is next.
        request_box.focus_soon();
    };
    let ask = NodeRef::<leptos::html::Button>::new();
    let keep = NodeRef::<leptos::html::Button>::new();
    let on_click = move |_| {
        if at_stake.get_untracked() {
            asking.set(true);
            focus_soon(move || keep.try_get_untracked().flatten().map(Into::into));
        } else {
            start_over();
        }
    };
    let on_keep = move |_| {
        asking.set(false);
        focus_soon(move || ask.try_get_untracked().flatten().map(Into::into));
    };
    let warning = move || {
        (asking.get() && at_stake.get()).then(|| {
            view! {
                <span class="start-over-warning" id="start-over-warning" data-testid="start-over-warning">
                    {move || t.t(Word::StartOverWarning)}
                </span>
                <button
                    type="button"
                    class="start-over"
                    data-testid="confirm-start-over"
                    aria-describedby="start-over-warning"
                    on:click=move |_| start_over()
                >
                    {move || t.t(Word::StartOver)}
                </button>
                <button
                    type="button"
                    data-testid="keep-answers"
                    aria-describedby="start-over-warning"
                    node_ref=keep
                    on:click=on_keep
                >
                    {move || t.t(Word::KeepAnswers)}
                </button>
            }
        })
    };
    view! {
        <button
            type="button"
            class="start-over"
            data-testid="start-over"
            node_ref=ask
            disabled=move || idle.get()
            hidden=move || asking.get() && at_stake.get()
            on:click=on_click
        >
            {move || t.t(Word::StartOver)}
        </button>
        {warning}
    }
}

/// The notices in context (storage trouble, another tab taking over, refusals), each with
/// Dismiss.
#[component]
pub fn NoticeList() -> impl IntoView {
    let t = use_chrome();
    let notices = expect_context::<Notices>();
    view! {
        <ul class="notices">
            <For
                each=move || notices.list().get()
                key=String::clone
                children=move |notice| {
                    let dismissed = notice.clone();
                    view! {
                        <li class="notice" role="alert" data-testid="notice">
                            <span>{notice}</span>
                            <button
                                type="button"
                                class="qcard-link"
                                on:click=move |_| notices.dismiss(&dismissed)
                            >
                                {move || t.t(Word::Dismiss)}
                            </button>
                        </li>
                    }
                }
            />
        </ul>
    }
}
