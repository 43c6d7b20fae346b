//! The chat column: the request box and the conversation so far (the request, each question
//! with its answer, and what the engine told the user).

use clarify_core::{Answer, NoticeKind, QuestionId, Resolution};
use leptos::either::Either;
use leptos::html;
use leptos::prelude::*;

use super::state::{Note, Reader};
use crate::i18n::{Chrome, Word, use_chrome};
use crate::storage;

/// The request box, for views that send focus back to it ("Start over"). Provided with the
/// [`Engine`].
#[derive(Debug, Clone, Copy, Default)]
pub struct RequestBox(pub NodeRef<html::Textarea>);

impl RequestBox {
    /// Moves focus to the request box once the views have caught up with the change just
    /// made (it may be drawn only then).
    pub fn focus_soon(self) {
        focus_soon(move || self.0.try_get_untracked().flatten().map(Into::into));
    }
}

/// Moves focus to the element `element` gives, once the views have caught up with the change
/// just made (it may be drawn only then, or gone: then nothing moves).
pub fn focus_soon(element: impl FnOnce() -> Option<web_sys::HtmlElement> + 'static) {
    set_timeout(
        move || {
            if let Some(e) = element() {
                let _ = e.focus();
            }
        },
        std::time::Duration::ZERO,
    );
}

/// The request box, several lines high: Enter sends, Shift+Enter breaks the line, and an
/// Enter that ends an IME composition only confirms the composition.
///
/// While a question is pending the box is for a new request only, and its label, placeholder
/// and button say so: what is typed there is never taken as the question's answer (that is
/// given on the card). Its button, "New request", leaves the question for what is typed, or
/// with nothing typed clears the conversation, so the box is ready for one.
///
/// The box is the [`RequestBox`] in context when there is one, so "Start over" can send focus
/// back to it; a form mounted on its own needs none.
#[component]
pub fn RequestForm(
    /// Called with the text; `Err` is shown under the box.
    on_send: Callback<String, Result<(), String>>,
    /// Whether a question is pending (changes the label, the placeholder and the button).
    #[prop(into)]
    pending: Signal<bool>,
    /// Whether sending is possible now (from [`clarify_core::Session::accepts`]).
    #[prop(into)]
    enabled: Signal<bool>,
    /// Keep the unsent text in `localStorage`, so a reload keeps it (the app does; a widget,
    /// whose page owns its storage, does not).
    #[prop(optional)]
    keep_draft: bool,
    /// The placeholder suggests a request the demo's knowledge base answers (the app); a
    /// widget, which has no demo data, asks for anything.
    #[prop(optional)]
    example: bool,
) -> impl IntoView {
    let t = use_chrome();
    let area = use_context::<RequestBox>().unwrap_or_default().0;
    let text = RwSignal::new(if keep_draft {
        storage::load_draft()
    } else {
        String::new()
    });
    let error = RwSignal::new(None::<String>);
    let set_text = move |value: String| {
        // A request is being typed: the detector's data is fetched now, and the columns of
        // its language when the detector reads it by them, so they are there when the request
        // is sent (an answer to a pending question needs none).
        if !pending.get_untracked() && !value.trim().is_empty() {
            crate::detector::prefetch_for(&value);
        }
        if keep_draft {
            storage::save_draft(&value);
        }
        let _ = text.try_set(value);
    };
    let send = move || {
        if !enabled.get_untracked() {
            return;
        }
        // Blank text starts nothing; while a question is pending it clears the conversation.
        if !pending.get_untracked() && text.with_untracked(|t| t.trim().is_empty()) {
            let _ = error.try_set(Some(t.t(Word::RequestEmpty)));
            return;
        }
        match on_send.run(text.get_untracked()) {
            Ok(()) => {
                set_text(String::new());
                let _ = error.try_set(None);
                if let Some(area) = area.get_untracked() {
                    let _ = area.focus();
                }
            }
            Err(message) => {
                let _ = error.try_set(Some(message));
            }
        }
    };
    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        send();
    };
    let on_keydown = move |ev: leptos::ev::KeyboardEvent| {
        // 229: the key that ends a composition, in browsers that report no `isComposing`.
        let composing = ev.is_composing() || ev.key_code() == 229;
        if ev.key() == "Enter" && !ev.shift_key() && !composing {
            ev.prevent_default();
            send();
        }
    };
    view! {
        <form class="request" on:submit=on_submit data-testid="request-form">
            <label for="request" class="request-label" data-testid="request-label">
                {move || if pending.get() { t.t(Word::PendingLabel) } else { t.t(Word::RequestLabel) }}
            </label>
            <div class="request-row">
                <textarea
                    id="request"
                    data-testid="request"
                    node_ref=area
                    rows="2"
                    autocomplete="off"
                    placeholder=move || {
                        if pending.get() {
                            t.t(Word::PendingPlaceholder)
                        } else if example {
                            t.t(Word::RequestExample)
                        } else {
                            t.t(Word::RequestPlaceholder)
                        }
                    }
                    prop:value=move || text.get()
                    on:input=move |ev| set_text(event_target_value(&ev))
                    on:keydown=on_keydown
                ></textarea>
                <button type="submit" data-testid="submit" disabled=move || !enabled.get()>
                    {move || if pending.get() { t.t(Word::NewRequest) } else { t.t(Word::Send) }}
                </button>
            </div>
            <p class="request-error" role="alert" data-testid="request-error">
                {move || error.get()}
            </p>
        </form>
    }
}

/// The conversation: the request, then each resolved question and its answer.
#[component]
pub fn Conversation(
    /// The request as typed, once started.
    #[prop(into)]
    request: Signal<Option<String>>,
    /// Questions resolved so far, in asking order.
    #[prop(into)]
    resolutions: Signal<Vec<Resolution>>,
    /// Messages the engine gave the user (fallbacks, limits), each with the number of
    /// questions resolved when it came: it is shown before the turn of that index. A visitor
    /// ([`Reader::Visitor`]) reads each in the chrome's plain words ([`visitor_word`]).
    #[prop(into)]
    notices: Signal<Vec<Note>>,
    /// The answered questions whose answers can be changed now
    /// ([`clarify_core::Session::reopenable`]): their answers offer "Change".
    #[prop(optional, into)]
    reopenable: Signal<Vec<QuestionId>>,
    /// "Change" on an answer: reopens its question; `Err` is the engine's refusal.
    #[prop(optional)]
    on_change: Option<Callback<QuestionId, Result<(), String>>>,
) -> impl IntoView {
    let t = use_chrome();
    let error = RwSignal::new(None::<String>);
    let change = move |id: QuestionId, question: String| {
        let cb = on_change?;
        let open = reopenable.with(|r| r.contains(&id));
        open.then(|| {
            let label = format!("{}{question}", t.t(Word::ChangeAnswerTo));
            view! {
                <button
                    type="button"
                    class="turn-change"
                    data-testid="change-answer"
                    aria-label=label
                    on:click=move |_| {
                        let outcome = cb.run(id.clone());
                        let _ = error.try_set(outcome.err());
                    }
                >
                    {move || t.t(Word::Change)}
                </button>
            }
        })
    };
    let reader = Reader::current();
    let turns = Memo::new(move |_| {
        resolutions.with(|resolved| notices.with(|notes| turns_of(resolved, notes, reader)))
    });
    let row = move |turn: Turn| match turn {
        Turn::Note(_, said) => {
            // The app's user has the trace, where the reason of a fallback is.
            let see_trace = matches!(
                said,
                Said::Engine(
                    NoticeKind::DetectionFailed | NoticeKind::DetectionUnreadable,
                    _
                )
            )
            .then_some(move || t.t(Word::SeeTrace));
            let text = move || match &said {
                Said::Engine(_, text) => text.clone(),
                Said::Chrome(word) => t.t(*word),
            };
            Either::Left(view! {
                <li class="turn turn-note" data-testid="engine-notice">
                    {text}
                    {see_trace.map(|w| view! { " " {w} })}
                </li>
            })
        }
        Turn::Resolved(r) => {
            let kind = answer_kind(&r.answer);
            // Without an answer the user's turn says what they did, and the assumption the
            // engine made is its own note, never words in the user's mouth.
            let non_answer = non_answer(&r.answer);
            let clip = Clip::new(r.answer_text());
            let said = move || non_answer.map_or_else(|| clip.shown(), |word| t.t(word));
            let more = non_answer.is_none().then(|| clip.toggle(t)).flatten();
            let assumed = non_answer.map(|_| {
                let assumption = r.question.assumption.clone();
                view! {
                    <li class="turn turn-note" data-testid="conv-assumption">
                        {move || t.t(Word::TurnAssumed)}
                        {assumption}
                    </li>
                }
            });
            let (id, question) = (r.question.id, r.question.text);
            let asked = question.clone();
            let change = move || change(id.clone(), asked.clone());
            Either::Right(view! {
                <li class="turn turn-bot" dir="auto">{question}</li>
                <li class="turn turn-user" data-testid="conv-answer-turn" data-kind=kind>
                    <span data-testid="conv-answer" data-kind=kind dir="auto" id=clip.id()>
                        {said}
                    </span>
                    {more}
                    {change}
                </li>
                {assumed}
            })
        }
    };
    view! {
        <ol class="conversation" data-testid="conversation" aria-live="polite">
            {move || {
                request
                    .get()
                    .map(|r| {
                        let clip = Clip::new(r);
                        view! {
                            <li class="turn turn-user" data-testid="conv-request">
                                <span class="sr-only">{t.t(Word::You)} ": "</span>
                                <bdi dir="auto" id=clip.id()>{move || clip.shown()}</bdi>
                                {clip.toggle(t)}
                            </li>
                        }
                    })
            }}
            <For each=move || turns.get() key=Turn::key children=row />
        </ol>
        <p class="request-error" role="alert" data-testid="change-error">
            {move || error.get()}
        </p>
    }
}

/// A text of the conversation longer than this many characters is shown cut to them.
const CLIP_CHARS: usize = 300;

/// A text of the conversation of more lines than this is shown cut to them.
const CLIP_LINES: usize = 5;

/// A text of the conversation (the request, an answer typed), cut to its first lines when it is
/// long, until the user asks for all of it: a pasted page would otherwise make a bubble taller
/// than the page. The text cut is what the page holds, so screen readers read what is shown,
/// and the button says whether it is whole (`aria-expanded`).
#[derive(Debug, Clone, Copy)]
struct Clip {
    text: StoredValue<String>,
    /// Where the text is cut (a byte index), when it is long.
    cut: Option<usize>,
    /// The user asked for all of it.
    whole: RwSignal<bool>,
    /// The text's element's id, which the button names (`aria-controls`).
    id: u32,
}

impl Clip {
    fn new(text: String) -> Self {
        let by_lines = text.match_indices('\n').nth(CLIP_LINES - 1).map(|(i, _)| i);
        let by_chars = text.char_indices().nth(CLIP_CHARS).map(|(i, _)| i);
        let cut = match (by_lines, by_chars) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Self {
            text: StoredValue::new(text),
            cut,
            whole: RwSignal::new(false),
            id: next_clip(),
        }
    }

    /// The text's element's id.
    fn id(self) -> String {
        format!("clip-{}", self.id)
    }

    /// The text as shown: whole, or cut with "…".
    fn shown(self) -> String {
        match self.cut.filter(|_| !self.whole.get()) {
            Some(at) => self
                .text
                .with_value(|t| format!("{}…", t.get(..at).unwrap_or(t).trim_end())),
            None => self.text.get_value(),
        }
    }

    /// "Show all" / "Show less" for a long text; nothing for a short one.
    fn toggle(self, t: Chrome) -> Option<impl IntoView + use<>> {
        self.cut?;
        let whole = self.whole;
        Some(view! {
            <button
                type="button"
                class="turn-more"
                data-testid="show-all"
                aria-controls=self.id()
                aria-expanded=move || if whole.get() { "true" } else { "false" }
                on:click=move |_| whole.update(|w| *w = !*w)
            >
                {move || if whole.get() { t.t(Word::ShowLess) } else { t.t(Word::ShowAll) }}
            </button>
        })
    }
}

/// A fresh number for a [`Clip`]'s id.
fn next_clip() -> u32 {
    thread_local! {
        static NEXT: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    }
    NEXT.with(|n| {
        let id = n.get();
        n.set(id.wrapping_add(1));
        id
    })
}

/// One row of the conversation, its own key: a row is redrawn only when it changes (a changed
/// answer is a new row). A conversation holds a few dozen rows at most, so a note sized like a
/// resolution costs nothing that boxing would save (on wasm32, with 4-byte pointers, the
/// variants are close enough that the lint is quiet).
#[derive(Debug, Clone, PartialEq)]
#[allow(clippy::large_enum_variant)]
enum Turn {
    /// A message of the engine, with its place among the notices.
    Note(usize, Said),
    /// A question and its answer.
    Resolved(Resolution),
}

/// A notice as its reader reads it.
#[derive(Debug, Clone, PartialEq)]
enum Said {
    /// The engine's own sentence (the app's user, who has the settings and the trace).
    Engine(NoticeKind, String),
    /// The chrome's plain line for a visitor.
    Chrome(Word),
}

impl Turn {
    /// What tells the row apart: a note's place and text, a question's id and answer.
    fn key(&self) -> String {
        match self {
            Self::Note(i, Said::Engine(_, text)) => format!("note {i} {text}"),
            Self::Note(i, Said::Chrome(word)) => format!("note {i} {}", word.key()),
            Self::Resolved(r) => {
                let kind = answer_kind(&r.answer);
                format!("{} {kind} {}", r.question.id.as_str(), r.answer_text())
            }
        }
    }
}

/// The rows: each resolved question after the engine's notices that came before it, then the
/// notices that came after the last. A visitor's notices are the chrome's plain lines; one
/// with none is left out.
fn turns_of(resolved: &[Resolution], notices: &[Note], reader: Reader) -> Vec<Turn> {
    let notes_at = |at: usize, last: bool| {
        notices
            .iter()
            .enumerate()
            .filter(move |(_, n)| n.at == at || (last && n.at > at))
            .filter_map(move |(i, n)| {
                let said = match reader {
                    Reader::AppUser => Said::Engine(n.kind, n.message.clone()),
                    Reader::Visitor => Said::Chrome(visitor_word(n.kind)?),
                };
                Some(Turn::Note(i, said))
            })
    };
    let mut turns = Vec::new();
    for (i, r) in resolved.iter().enumerate() {
        turns.extend(notes_at(i, false));
        turns.push(Turn::Resolved(r.clone()));
    }
    turns.extend(notes_at(resolved.len(), true));
    turns
}

/// A notice as a visitor reads it: a plain line, without the settings, the endpoint or the
/// server's words the engine's sentence may name (those go to the page's developer, on the
/// console and in the element's events). `None` where another view says it already: a
/// refused detection is followed by the fallback's notice, a refused answer by the failure.
pub fn visitor_word(kind: NoticeKind) -> Option<Word> {
    match kind {
        NoticeKind::DetectionFailed | NoticeKind::DetectionUnreadable => Some(Word::NoticeGeneral),
        NoticeKind::TranslationRefused => Some(Word::NoticeAsWritten),
        NoticeKind::TimedOut => Some(Word::NoticeTimedOut),
        NoticeKind::DetectorMissing => Some(Word::NoticeNoQuestions),
        NoticeKind::DetectionRefused | NoticeKind::AnswerRefused => None,
    }
}

/// The word that says a turn without an answer; `None` for an answer.
fn non_answer(answer: &Answer) -> Option<Word> {
    match answer {
        Answer::Choices { .. } | Answer::Text { .. } | Answer::ChoicesWithText { .. } => None,
        Answer::DontKnow => Some(Word::TurnDontKnow),
        Answer::Skipped | Answer::Declined => Some(Word::TurnSkipped),
        Answer::TimedOut => Some(Word::TurnTimedOut),
    }
}

/// How a question was resolved, as a `data-kind` for styling and tests.
fn answer_kind(answer: &Answer) -> &'static str {
    match answer {
        Answer::Choices { .. } => "choices",
        Answer::Text { .. } => "text",
        Answer::ChoicesWithText { .. } => "choices_with_text",
        Answer::DontKnow => "dont_know",
        Answer::Skipped => "skipped",
        Answer::Declined => "declined",
        Answer::TimedOut => "timed_out",
    }
}
