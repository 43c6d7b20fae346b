//! The question card: one pending question with its options, "I don't know", free text and
//! Continue.
//!
//! Self-contained: it takes the question, the progress and callbacks, holds only what the user
//! is composing (selection, text), reads its chrome from context, finds
//! its own elements from its root rather than the document, and styles itself from
//! `web/assets/card.css` — so it can be mounted alone, in a shadow root too.

use clarify_core::{Answer, Choice, ChoiceId, Millis, Priority, Progress, Question, UserAnswer};
use leptos::ev::KeyboardEvent;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::i18n::{Chrome, Word, use_chrome};
use clarify_core::Language;

/// The result of handing an answer to the host: `Err` carries a message shown on the card.
pub type Outcome = Result<(), String>;

/// One pending question as a card.
///
/// Keyboard: digits pick an option, arrows move between radio options, Space toggles the
/// focused option, Enter continues (Shift+Enter is a new line in the text box). Focus moves to
/// the card when it appears. The hint under the card names only the keys that apply, and is
/// hidden on touch screens (card.css).
#[component]
pub fn QuestionCard(
    /// The pending question.
    question: Question,
    /// "Question n of m" (from [`clarify_core::Session::progress`]).
    progress: Progress,
    /// Called with the user's reply (options, text, both, or "I don't know").
    on_answer: Callback<UserAnswer, Outcome>,
    /// "Skip this and the remaining questions". Hidden when absent.
    #[prop(optional)]
    on_skip_all: Option<Callback<(), Outcome>>,
    /// The earlier answer, when the question was reopened to change it
    /// ([`clarify_core::Session::reopened_answer`]): its options and text start selected, and
    /// the card says that the earlier answer stands unless a new one is given.
    #[prop(optional_no_strip)]
    previous: Option<Answer>,
    /// Whether focus moves to the card when it appears (the default). The widget passes `false`
    /// when the question did not follow the user's own action there, so that a page's script
    /// starting a conversation never takes focus from what the user is doing on the page.
    #[prop(default = true)]
    take_focus: bool,
    /// Digits pick an option wherever focus is on the page, outside a text field (the app);
    /// without it, only while focus is in the card (a widget shares its page with others).
    #[prop(optional)]
    page_keys: bool,
    /// The answer half-given on this question earlier (options picked, text typed) and kept
    /// across a reload; an earlier answer being changed wins over it.
    #[prop(optional_no_strip)]
    saved: Option<Answer>,
    /// Called with what is picked and typed whenever it changes (`None` once nothing is), to
    /// keep it.
    #[prop(optional)]
    on_draft: Option<Callback<Option<Answer>>>,
    /// The language the question is written in, when the chrome's may differ: the question's
    /// own text is marked with it (screen readers, fonts). Without it, the chrome's.
    #[prop(optional, into)]
    question_lang: Option<Language>,
    /// When the question times out ([`clarify_core::Session::deadline`]): within the hour,
    /// the card shows the time left.
    #[prop(optional_no_strip)]
    deadline: Option<Millis>,
) -> impl IntoView {
    let t = use_chrome();
    let own = Signal::derive(move || question_lang.unwrap_or_else(|| t.language()).tag());
    let base = question.id.as_str().to_owned();
    let text_id = format!("{base}-text");
    let why_id = format!("{base}-why");
    let last = progress.current >= progress.total;
    let (labelled_by, described_by) = (text_id.clone(), described_by(&why_id, deadline));
    let card = NodeRef::<html::Section>::new();
    let draft = Draft::new(
        &question,
        previous.as_ref().or(saved.as_ref()),
        on_answer,
        on_draft,
    );
    let changing = previous
        .as_ref()
        .map(|previous| changing_note(draft, previous, t));
    if page_keys {
        let listener = window_event_listener(leptos::ev::keydown, move |ev| {
            on_page_key(&ev, draft, card);
        });
        on_cleanup(move || listener.remove());
    }

    // Focus the card when it appears, so keyboard and screen-reader users land on it.
    Effect::new(move || {
        if let Some(el) = card.get().filter(|_| take_focus) {
            let _ = el.focus();
        }
    });

    let alone = question.options.is_empty();
    let options = (!alone).then(|| {
        view! {
            <OptionList
                options=question.options
                recommended=question.recommended
                base=base.clone()
                labelled_by=text_id.clone()
                draft=draft
                t=t
                own=own
            />
        }
    });
    let free_text = question.allow_free_text.then(|| {
        view! { <FreeText id=format!("{base}-free") draft=draft t=t alone=alone /> }
    });
    let assumption = (!question.assumption.is_empty()).then(|| {
        view! {
            <p class="qcard-assumption" data-testid="assumption">
                {move || t.t(Word::Assumption)}
                <span lang=move || own.get()>{question.assumption.clone()}</span>
            </p>
        }
    });

    view! {
        <section
            class="qcard"
            data-testid="question-card"
            data-priority=question.priority.as_str()
            aria-labelledby=labelled_by
            aria-describedby=described_by
            tabindex="-1"
            node_ref=card
            on:keydown=move |ev| on_key(&ev, draft, card)
        >
            <header class="qcard-head">
                <PriorityBadge priority=question.priority t=t />
                <span class="qcard-progress" data-testid="progress">
                    {move || t.progress(progress.current, progress.total)}
                </span>
            </header>
            {deadline.map(|deadline| view! { <TimeLeft deadline=deadline id=time_id(&why_id) t=t /> })}
            {changing}
            <h2
                class="qcard-question"
                id=text_id
                data-testid="question-text"
                dir="auto"
                lang=move || own.get()
            >
                {question.text}
            </h2>
            <p class="qcard-why" id=why_id data-testid="question-why">
                <span class="qcard-why-label">{move || t.t(Word::Why)}</span>
                <span lang=move || own.get()>{question.why}</span>
            </p>
            {options}
            {free_text}
            {assumption}
            <p class="qcard-error" role="alert" data-testid="card-error">
                {move || draft.error.get()}
            </p>
            <CardActions
                draft=draft
                allow_skip=question.allow_skip
                on_skip_all=on_skip_all
                last=last
                t=t
            />
            <p class="qcard-hint" data-testid="keys-hint">
                {move || keys_hint(t, draft.count)}
            </p>
        </section>
    }
}

/// An hour, in seconds: a question that times out sooner shows the time left.
const HOUR: u64 = 3600;

/// From this many seconds left, the time is marked urgent and said once to screen readers.
const SOON: u64 = 10;

/// The time left to answer, shown once the question times out within the hour: "Time left:
/// 2:05", counted down by a browser interval while the card lives. It is a `timer`, which
/// screen readers do not announce as it changes (they read it with the card's description when
/// focus lands on the card, and whenever the user reads it); [`SOON`] seconds before the end a
/// status line says, once, how many seconds are left.
#[component]
fn TimeLeft(
    /// When the question times out.
    deadline: Millis,
    /// The timer's id, which the card's description names.
    id: String,
    t: Chrome,
) -> impl IntoView {
    let left = RwSignal::new(seconds_left(deadline));
    let handle = set_interval_with_handle(
        move || {
            let now = seconds_left(deadline);
            if left.try_get_untracked().is_some_and(|l| l != now) {
                left.set(now);
            }
        },
        std::time::Duration::from_millis(250),
    )
    .ok();
    on_cleanup(move || {
        if let Some(handle) = handle {
            handle.clear();
        }
    });
    // The seconds left when it turned urgent, kept: the status line says it once.
    let warned = Memo::new(move |before: Option<&Option<u64>>| {
        before
            .copied()
            .flatten()
            .or_else(|| Some(left.get()).filter(|l| *l <= SOON))
    });
    view! {
        <p
            class="qcard-time"
            role="timer"
            id=id
            data-testid="time-left"
            data-urgent=move || (left.get() <= SOON).then_some("true")
            hidden=move || { left.get() >= HOUR }
        >
            {move || (left.get() < HOUR).then(|| t.fill(Word::TimeLeft, &[&clock(left.get())]))}
        </p>
        <span class="sr-only" role="status" data-testid="time-warning">
            {move || warned.get().map(|s| t.fill(Word::SecondsLeft, &[&s.to_string()]))}
        </span>
    }
}

/// The ids of what describes the card: why it is asked (`why_id`), and the time left when it
/// runs out within the hour, which screen readers so read once, when focus lands on the card.
fn described_by(why_id: &str, deadline: Option<Millis>) -> String {
    match deadline.filter(|d| seconds_left(*d) < HOUR) {
        Some(_) => format!("{why_id} {}", time_id(why_id)),
        None => why_id.to_owned(),
    }
}

/// The time left's id, beside the reason's (`why_id`).
fn time_id(why_id: &str) -> String {
    format!("{why_id}-time")
}

/// Whole seconds from now until `deadline`, rounded up (0 once it has passed).
fn seconds_left(deadline: Millis) -> u64 {
    deadline.saturating_sub(crate::driver::now()).div_ceil(1000)
}

/// `seconds` as minutes and seconds: `2:05`.
fn clock(seconds: u64) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// On the card of a reopened question: that a change is under way, and "Keep my answer", which
/// sends the earlier answer again (one the user gave, not an assumption).
fn changing_note(draft: Draft, previous: &Answer, t: Chrome) -> impl IntoView + use<> {
    let keep = as_reply(previous).map(|reply| {
        view! {
            <button
                type="button"
                class="qcard-link"
                data-testid="keep-answer"
                disabled=move || draft.submitting.get()
                on:click=move |_| draft.send(reply.clone())
            >
                {move || t.t(Word::KeepAnswer)}
            </button>
        }
    });
    view! {
        <p class="qcard-changing" data-testid="changing">
            {move || t.t(Word::Changing)}
            " "
            {keep}
        </p>
    }
}

/// The reply that gives `answer` again; `None` for an assumption the user never gave as such.
fn as_reply(answer: &Answer) -> Option<UserAnswer> {
    match answer {
        Answer::Choices { choices } => Some(UserAnswer::Choices {
            choices: choices.clone(),
        }),
        Answer::Text { text } => Some(UserAnswer::Text { text: text.clone() }),
        Answer::ChoicesWithText { choices, text } => Some(UserAnswer::ChoicesWithText {
            choices: choices.clone(),
            text: text.clone(),
        }),
        Answer::DontKnow => Some(UserAnswer::DontKnow),
        Answer::Skipped | Answer::Declined | Answer::TimedOut => None,
    }
}

/// The priority as text and colour (and a shape), never colour alone.
#[component]
pub fn PriorityBadge(
    /// The question's priority.
    priority: Priority,
    /// The chrome the label is in; without it, the chrome in context.
    #[prop(optional)]
    t: Option<Chrome>,
) -> impl IntoView {
    let t = t.unwrap_or_else(use_chrome);
    view! {
        <span class="qcard-badge" data-priority=priority.as_str() data-testid="priority">
            <span class="qcard-badge-shape" aria-hidden="true"></span>
            {move || t.priority(priority)}
        </span>
    }
}

/// What the user is composing on one card, and handing it over.
#[derive(Clone, Copy)]
struct Draft {
    /// Indexes of the picked options, in picking order.
    selected: RwSignal<Vec<usize>>,
    /// The free text as typed.
    text: RwSignal<String>,
    /// Set from Continue until the host refuses the answer (or the card goes).
    submitting: RwSignal<bool>,
    /// The host's refusal, shown on the card.
    error: RwSignal<Option<String>>,
    choices: StoredValue<Vec<ChoiceId>>,
    count: usize,
    multiple: bool,
    on_answer: Callback<UserAnswer, Outcome>,
    /// Told what is picked and typed after every change, in the same task (a reload may
    /// follow at once).
    on_change: Option<Callback<Option<Answer>>>,
    /// The question, to read text typed alone as a message to it is read.
    question: StoredValue<Question>,
}

impl Draft {
    /// An empty draft, or one holding `previous` (the earlier answer being changed).
    fn new(
        question: &Question,
        previous: Option<&Answer>,
        on_answer: Callback<UserAnswer, Outcome>,
        on_change: Option<Callback<Option<Answer>>>,
    ) -> Self {
        let choices: Vec<ChoiceId> = question.options.iter().map(|c| c.id.clone()).collect();
        let (picked, typed): (&[ChoiceId], &str) = match previous {
            Some(Answer::Choices { choices }) => (choices, ""),
            Some(Answer::Text { text }) => (&[], text),
            Some(Answer::ChoicesWithText { choices, text }) => (choices, text),
            Some(Answer::DontKnow | Answer::Skipped | Answer::Declined | Answer::TimedOut)
            | None => (&[], ""),
        };
        let selected: Vec<usize> = picked
            .iter()
            .filter_map(|id| choices.iter().position(|c| c == id))
            .collect();
        Self {
            selected: RwSignal::new(selected),
            text: RwSignal::new(typed.to_owned()),
            submitting: RwSignal::new(false),
            error: RwSignal::new(None),
            count: choices.len(),
            choices: StoredValue::new(choices),
            multiple: question.multiple,
            on_answer,
            on_change,
            question: StoredValue::new(question.clone()),
        }
    }

    /// Sets the typed text.
    fn type_text(self, text: String) {
        self.text.set(text);
        self.changed();
    }

    /// Tells `on_change` what is picked and typed now.
    fn changed(self) {
        if let Some(told) = self.on_change {
            told.run(self.reply().map(Answer::from));
        }
    }

    fn can_continue(self) -> bool {
        let has_answer =
            !self.selected.with(Vec::is_empty) || !self.text.with(|t| t.trim().is_empty());
        has_answer && !self.submitting.get()
    }

    /// Hands `reply` over after the browser has painted "Continuing…".
    fn send(self, reply: UserAnswer) {
        self.submitting.set(true);
        self.error.set(None);
        set_timeout(
            move || {
                // The card may be gone already (the session moved on before the timer): then
                // there is nobody to hand the reply to. A refused answer keeps the card.
                if let Some(Err(message)) = self.on_answer.try_run(reply) {
                    let _ = self.error.try_set(Some(message));
                    let _ = self.submitting.try_set(false);
                }
            },
            std::time::Duration::ZERO,
        );
    }

    /// The picked options and the typed text as a reply, or `None` when there is neither.
    fn reply(self) -> Option<UserAnswer> {
        let choices: Vec<ChoiceId> = self.choices.with_value(|ids| {
            self.selected
                .get_untracked()
                .into_iter()
                .filter_map(|i| ids.get(i).cloned())
                .collect()
        });
        let typed = self.text.get_untracked().trim().to_owned();
        match (choices.is_empty(), typed.is_empty()) {
            (false, true) => Some(UserAnswer::Choices { choices }),
            (true, false) => Some(UserAnswer::Text { text: typed }),
            (false, false) => Some(UserAnswer::ChoicesWithText {
                choices,
                text: typed,
            }),
            (true, true) => None,
        }
    }

    fn submit(self) {
        if self.can_continue()
            && let Some(r) = self.reply()
        {
            self.send(self.read(r));
        }
    }

    /// Text typed alone is read as a message to the pending question is
    /// ([`UserAnswer::from_message`]): `2` picks the second option, `?` or "I don't know" in
    /// any of the engine's languages is "I don't know"; text the reading refuses goes as typed,
    /// for the engine to say why.
    fn read(self, reply: UserAnswer) -> UserAnswer {
        match reply {
            UserAnswer::Text { text } => self
                .question
                .try_with_value(|q| UserAnswer::from_message(q, &text).ok())
                .flatten()
                .unwrap_or(UserAnswer::Text { text }),
            other @ (UserAnswer::Choices { .. }
            | UserAnswer::ChoicesWithText { .. }
            | UserAnswer::DontKnow) => other,
        }
    }

    /// Picks option `i` (a radio) or toggles it (a checkbox).
    fn pick(self, i: usize) {
        if i >= self.count || self.submitting.get_untracked() {
            return;
        }
        self.selected.update(|s| {
            if self.multiple {
                if let Some(at) = s.iter().position(|&x| x == i) {
                    s.remove(at);
                } else {
                    s.push(i);
                }
            } else {
                *s = vec![i];
            }
        });
        self.changed();
    }
}

/// The options as radios (one answer) or checkboxes (several, with "Choose all that apply"
/// as the group's description).
#[component]
fn OptionList(
    options: Vec<Choice>,
    /// The option the question recommends, marked "Recommended".
    recommended: Option<ChoiceId>,
    /// The card's id prefix.
    base: String,
    /// The id of the question text, which names the group.
    labelled_by: String,
    draft: Draft,
    t: Chrome,
    /// The `lang` of the options' own words (the question's).
    own: Signal<&'static str>,
) -> impl IntoView {
    let multiple = draft.multiple;
    let several_id = format!("{base}-several");
    let several = multiple.then(|| {
        view! {
            <p class="qcard-several" id=several_id.clone() data-testid="choose-several">
                {move || t.t(Word::ChooseSeveral)}
            </p>
        }
    });
    let options = options
        .into_iter()
        .enumerate()
        .map(|(i, choice)| {
            let marked = recommended.as_ref() == Some(&choice.id);
            option_view(i, choice, marked, &base, draft, (t, own))
        })
        .collect_view();
    view! {
        {several}
        <div
            class="qcard-options"
            role=if multiple { "group" } else { "radiogroup" }
            aria-labelledby=labelled_by
            aria-describedby=multiple.then_some(several_id)
            data-testid="options"
        >
            {options}
        </div>
    }
}

/// Option `i`: its key, a mark, the label, "Recommended" where it is, and the description.
///
/// Radios rove: only the checked one (else the first) is in the tab order, and arrows move
/// between them. Checkboxes are each in the tab order, as a group of checkboxes is.
fn option_view(
    i: usize,
    choice: Choice,
    recommended: bool,
    base: &str,
    draft: Draft,
    (t, own): (Chrome, Signal<&'static str>),
) -> impl IntoView + use<> {
    let selected = draft.selected;
    let checked = move || selected.with(|s| s.contains(&i));
    let multiple = draft.multiple;
    let tabindex = move || {
        let first_checked = selected.with(|s| s.first().copied()).unwrap_or(0);
        if multiple || first_checked == i {
            "0"
        } else {
            "-1"
        }
    };
    let id = option_id(base, i);
    let label_id = format!("{id}-label");
    let mark_id = format!("{id}-recommended");
    // The mark is part of the option's name, so what is read is what is seen.
    let labelled_by = if recommended {
        format!("{label_id} {mark_id}")
    } else {
        label_id.clone()
    };
    let mark = recommended.then(|| {
        view! {
            <span class="qcard-recommended" id=mark_id data-testid="recommended">
                {move || t.t(Word::Recommended)}
            </span>
        }
    });
    view! {
        <div
            id=id
            class="qcard-option"
            class:checked=checked
            role=if draft.multiple { "checkbox" } else { "radio" }
            aria-checked=move || if checked() { "true" } else { "false" }
            aria-labelledby=labelled_by
            tabindex=tabindex
            data-index=i.to_string()
            data-testid="option"
            on:click=move |_| draft.pick(i)
        >
            <span class="qcard-key" aria-hidden="true">{(i + 1).to_string()}</span>
            <span class="qcard-mark" aria-hidden="true"></span>
            <span class="qcard-option-text">
                <span
                    class="qcard-label"
                    id=label_id
                    data-testid="option-label"
                    lang=move || own.get()
                >
                    {choice.label}
                </span>
                {mark}
                {choice
                    .description
                    .map(|d| {
                        view! {
                            <span
                                class="qcard-desc"
                                data-testid="option-description"
                                lang=move || own.get()
                            >
                                {d}
                            </span>
                        }
                    })}
            </span>
        </div>
    }
}

/// "Or describe in your own words" under options; alone, "Describe it in your own words", in
/// a box tall enough for what such a question often asks for (a pasted text or code).
#[component]
fn FreeText(id: String, draft: Draft, t: Chrome, alone: bool) -> impl IntoView {
    view! {
        <div class="qcard-free">
            <label for=id.clone() data-testid="free-text-label">
                {move || if alone { t.t(Word::FreeTextAlone) } else { t.t(Word::FreeText) }}
            </label>
            <textarea
                id=id
                data-testid="free-text"
                rows=if alone { "6" } else { "2" }
                placeholder=move || t.t(Word::FreeTextPlaceholder)
                prop:value=move || draft.text.get()
                on:input=move |ev| draft.type_text(event_target_value(&ev))
                disabled=move || draft.submitting.get()
            ></textarea>
        </div>
    }
}

/// Continue, "I don't know" (when the question allows it) and "Skip this and the remaining
/// questions" (when the host offers it; "Skip this question" on the `last` one).
#[component]
fn CardActions(
    draft: Draft,
    allow_skip: bool,
    on_skip_all: Option<Callback<(), Outcome>>,
    last: bool,
    t: Chrome,
) -> impl IntoView {
    let submitting = draft.submitting;
    let dont_know = allow_skip.then(|| {
        view! {
            <button
                type="button"
                class="qcard-secondary"
                data-testid="dont-know"
                disabled=move || submitting.get()
                on:click=move |_| draft.send(UserAnswer::DontKnow)
            >
                {move || t.t(Word::DontKnow)}
            </button>
        }
    });
    let skip_all = on_skip_all.map(|cb| {
        view! {
            <button
                type="button"
                class="qcard-link"
                data-testid="continue-anyway"
                disabled=move || submitting.get()
                on:click=move |_| {
                    if let Err(message) = cb.run(()) {
                        draft.error.set(Some(message));
                    }
                }
            >
                {move || t.t(if last { Word::SkipLast } else { Word::SkipRemaining })}
            </button>
        }
    });
    view! {
        <div class="qcard-actions">
            <button
                type="button"
                class="qcard-primary"
                data-testid="continue"
                disabled=move || !draft.can_continue()
                aria-busy=move || if submitting.get() { "true" } else { "false" }
                on:click=move |_| draft.submit()
            >
                {move || if submitting.get() { t.t(Word::Continuing) } else { t.t(Word::Continue) }}
            </button>
            {dont_know}
            {skip_all}
        </div>
    }
}

/// The card's keyboard: digits, arrows, Space and Enter (see [`QuestionCard`]).
fn on_key(ev: &KeyboardEvent, draft: Draft, card: NodeRef<html::Section>) {
    let target = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
    let is = |tag: &str| {
        target
            .as_ref()
            .is_some_and(|t| t.tag_name().eq_ignore_ascii_case(tag))
    };
    let (in_text, on_button) = (is("textarea"), is("button"));
    let option = target
        .as_ref()
        .and_then(|t| t.get_attribute("data-index"))
        .and_then(|i| i.parse::<usize>().ok());
    let count = draft.count;
    let key = ev.key();
    match key.as_str() {
        "Enter" if !ev.shift_key() && !on_button => {
            ev.prevent_default();
            draft.submit();
        }
        " " if option.is_some() => {
            ev.prevent_default();
            if let Some(i) = option {
                draft.pick(i);
            }
        }
        "ArrowDown" | "ArrowRight" | "ArrowUp" | "ArrowLeft" if option.is_some() => {
            ev.prevent_default();
            let i = option.unwrap_or(0);
            let next = if matches!(key.as_str(), "ArrowDown" | "ArrowRight") {
                (i + 1) % count
            } else {
                (i + count - 1) % count
            };
            if !draft.multiple {
                draft.pick(next);
            }
            focus_option(card, next);
        }
        _ if !in_text && !ev.ctrl_key() && !ev.meta_key() && !ev.alt_key() => {
            if let Some(i) = digit(&key).filter(|&i| i < count) {
                ev.prevent_default();
                draft.pick(i);
                focus_option(card, i);
            }
        }
        _ => {}
    }
}

/// A digit pressed outside the card and outside any text field picks that option (see
/// [`QuestionCard`]'s `page_keys`); inside the card, the card's own handler has it.
fn on_page_key(ev: &KeyboardEvent, draft: Draft, card: NodeRef<html::Section>) {
    if ev.default_prevented() || ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
        return;
    }
    let target = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
    let typing = target.as_ref().is_some_and(|t| {
        matches!(
            t.tag_name().to_ascii_lowercase().as_str(),
            "input" | "textarea" | "select"
        ) || t.closest("[contenteditable]").ok().flatten().is_some()
    });
    let Some(root) = card.get_untracked() else {
        return;
    };
    let inside = target.as_ref().is_some_and(|t| root.contains(Some(t)));
    if typing || inside {
        return;
    }
    if let Some(i) = digit(&ev.key()).filter(|&i| i < draft.count) {
        ev.prevent_default();
        draft.pick(i);
        focus_option(card, i);
    }
}

/// The option a digit key picks: `"1"` is option 0; other keys pick none.
fn digit(key: &str) -> Option<usize> {
    let d = key.parse::<usize>().ok().filter(|_| key.len() == 1)?;
    d.checked_sub(1)
}

/// "Keys: 1–3 pick an option, Enter continues.": the digits only when there are options to
/// pick.
fn keys_hint(t: Chrome, count: usize) -> String {
    let [start, pick, enter] = [Word::KeysStart, Word::KeysPick, Word::KeysEnter].map(|w| t.t(w));
    let mut hint = start;
    if count >= 2 {
        hint.push_str("1–");
        hint.push_str(&count.to_string());
        hint.push_str(&pick);
    } else if count == 1 {
        hint.push('1');
        hint.push_str(&pick);
    }
    hint.push_str(&enter);
    hint
}

/// Moves focus to option `i`, found under the card's own root (not the document, which cannot
/// see into a shadow root).
fn focus_option(card: NodeRef<html::Section>, i: usize) {
    let selector = format!("[data-index=\"{i}\"]");
    if let Some(el) = card
        .get_untracked()
        .and_then(|c| c.query_selector(&selector).ok().flatten())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = el.focus();
    }
}

fn option_id(base: &str, i: usize) -> String {
    let mut id = String::from(base);
    id.push_str("-opt-");
    id.push_str(&i.to_string());
    id
}
