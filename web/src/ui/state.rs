//! What the app's views share through Leptos context: the [`Engine`] (the driver and a
//! [`SessionView`] of its session) and the app's [`Notices`].
//!
//! The views never hold a copy of the whole [`Session`]. After each transition
//! [`SessionView::sync`] sets one signal per part the views show, and only when that part
//! changed, so a streamed chunk wakes the answer and nothing else.

use clarify_core::{
    Answer, Config, Counters, Effect, Error, HandoffPackage, Input, InputKind, Language, Millis,
    NoticeKind, Progress, Question, QuestionId, Resolution, Session, Status, TraceEvent, demo,
};
use leptos::prelude::*;

use crate::driver::{Driver, now};

/// The session the views drive: send it inputs, read its parts as signals. `Copy`, so every
/// handler can own one.
#[derive(Debug, Clone, Copy)]
pub struct Engine {
    driver: StoredValue<Driver, LocalStorage>,
    /// The session's parts as signals.
    pub view: SessionView,
    /// Told of every input the session refuses, whichever view sent it (the widget's element
    /// turns it into a `clarify-error` event).
    refused: Option<Callback<Error>>,
    /// The model is thinking: reasoning, no text yet (the wait line says so).
    pub thinking: RwSignal<bool>,
}

impl Engine {
    /// Wraps `driver`; the signals start from its session as it is now.
    pub fn new(driver: Driver) -> Self {
        let view = driver.with(SessionView::new);
        let thinking = RwSignal::new(false);
        driver.on_thinking(move |t| {
            let _ = thinking.try_set(t);
        });
        Self {
            driver: StoredValue::new_local(driver),
            view,
            refused: None,
            thinking,
        }
    }

    /// The same engine, calling `refused` with each refusal before [`Engine::send`] returns it.
    pub fn reporting_refusals(self, refused: Callback<Error>) -> Self {
        Self {
            refused: Some(refused),
            ..self
        }
    }

    /// Sends `input` to the session; `Err` carries the engine's refusal in words for the user,
    /// in the conversation's language.
    pub fn send(&self, input: Input) -> Result<(), String> {
        self.driver
            .try_with_value(|d| {
                d.send(input).map_err(|e| {
                    let words = d.with(|s| e.in_words(s.language()));
                    if let Some(refused) = self.refused {
                        refused.run(e);
                    }
                    words
                })
            })
            .unwrap_or_else(|| Err("the app was closed".into()))
    }

    /// "New request": leaves the conversation for a new one on `text` under `config`, or, with
    /// nothing typed, for an idle session (the previous one comes back if the engine refuses).
    pub fn start_new(&self, text: String, config: impl FnOnce() -> Config) -> Result<(), String> {
        if text.trim().is_empty() {
            return self.send(Input::Reset);
        }
        let Some(previous) = self.driver.try_with_value(|d| d.with(Clone::clone)) else {
            return Err("the app was closed".into());
        };
        let context = demo::context(&text, &[]);
        self.replace(Session::new(config()));
        self.send(Input::Start {
            request: text,
            context,
            now: now(),
        })
        .inspect_err(|_| self.replace(previous))
    }

    /// Whether the session accepts an input of `kind` now, read without tracking.
    pub fn accepts(&self, kind: InputKind) -> bool {
        self.driver
            .try_with_value(|d| d.with(|s| s.accepts(kind)))
            .unwrap_or(false)
    }

    /// Replaces the session and tells every subscriber.
    pub fn replace(&self, session: Session) {
        self.driver.try_with_value(|d| d.replace(session));
    }

    /// Runs `f` with the driver, unless the app is gone.
    pub fn with_driver<R>(&self, f: impl FnOnce(&Driver) -> R) -> Option<R> {
        self.driver.try_with_value(f)
    }
}

/// The pending question as the card shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Pending {
    /// The question.
    pub question: Question,
    /// "Question n of m".
    pub progress: Progress,
    /// How many times the engine has asked so far: a new ask shows a fresh card even when
    /// the question is equal to the last one.
    pub shown: u32,
    /// The earlier answer when the question was reopened to change it.
    pub previous: Option<Answer>,
    /// The language the question is written in (the conversation's), which the chrome around
    /// it may not share.
    pub lang: Language,
}

/// Which inputs the buttons offer now (from [`Session::accepts`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Accepting {
    /// A new request.
    pub start: bool,
    /// A message in the request box.
    pub message: bool,
    /// "Continue anyway".
    pub skip_all: bool,
    /// "Ask the built-in questions now", while the endpoint's detection is awaited.
    pub detect_offline: bool,
    /// Retry after a failure.
    pub retry: bool,
}

impl Accepting {
    fn of(s: &Session) -> Self {
        Self {
            start: s.accepts(InputKind::Start),
            message: s.accepts(InputKind::Message),
            skip_all: s.accepts(InputKind::SkipAll),
            // Not while the detector's data is on its way (offline): the built-in questions
            // are what is being waited for.
            detect_offline: s.accepts(InputKind::DetectOffline)
                && s.config().detection == clarify_core::Detection::Llm,
            retry: s.accepts(InputKind::Retry),
        }
    }
}

/// The session's parts, one signal each. Read-only outside this module.
#[derive(Debug, Clone, Copy)]
pub struct SessionView {
    status: RwSignal<Status>,
    pending: RwSignal<Option<Pending>>,
    request: RwSignal<Option<String>>,
    resolutions: RwSignal<Vec<Resolution>>,
    answer: RwSignal<String>,
    /// The user stopped the answer: it is what had arrived.
    stopped: RwSignal<bool>,
    handoff: RwSignal<Option<HandoffPackage>>,
    failure: RwSignal<Option<String>>,
    trace: RwSignal<Vec<TraceEvent>>,
    counters: RwSignal<Counters>,
    deadline: RwSignal<Option<Millis>>,
    accepting: RwSignal<Accepting>,
    /// The answered questions whose answers can be changed now.
    reopenable: RwSignal<Vec<QuestionId>>,
    /// Each engine notice with the number of questions resolved when it came, so the
    /// conversation shows it where it happened (a detection fallback before the first question).
    notices: RwSignal<Vec<Note>>,
    /// When the conversation the notices belong to started ([`started`]).
    notices_of: RwSignal<Option<Millis>>,
}

impl SessionView {
    /// Signals holding `s` as it is now.
    pub fn new(s: &Session) -> Self {
        Self {
            status: RwSignal::new(s.status()),
            pending: RwSignal::new(s.current_question().map(|q| Pending {
                question: q.clone(),
                progress: s.progress(),
                shown: 0,
                previous: s.reopened_answer().cloned(),
                lang: s.language(),
            })),
            request: RwSignal::new(s.request().map(str::to_owned)),
            resolutions: RwSignal::new(s.resolutions().to_vec()),
            answer: RwSignal::new(s.answer().unwrap_or_default().to_owned()),
            stopped: RwSignal::new(s.stopped()),
            handoff: RwSignal::new(s.handoff().cloned()),
            failure: RwSignal::new(s.failure().map(str::to_owned)),
            trace: RwSignal::new(s.trace().to_vec()),
            counters: RwSignal::new(s.counters()),
            deadline: RwSignal::new(s.deadline()),
            accepting: RwSignal::new(Accepting::of(s)),
            reopenable: RwSignal::new(reopenable(s)),
            notices: RwSignal::new(Vec::new()),
            notices_of: RwSignal::new(started(s)),
        }
    }

    /// Brings every signal up to `s` after a transition that produced `effects`. A signal is
    /// written (and its readers woken) only when its part changed; a streamed chunk is appended
    /// to the answer, not copied with it.
    pub fn sync(&self, s: &Session, effects: &[Effect]) {
        refresh(self.status, s.status());
        refresh(self.counters, s.counters());
        refresh(self.deadline, s.deadline());
        refresh(self.accepting, Accepting::of(s));
        refresh(self.stopped, s.stopped());
        refresh_with(
            self.reopenable,
            |r| r.iter().eq(s.reopenable()),
            || reopenable(s),
        );
        self.sync_pending(s, effects);
        refresh_with(
            self.request,
            |r| r.as_deref() == s.request(),
            || s.request().map(str::to_owned),
        );
        refresh_with(
            self.resolutions,
            |r| r.as_slice() == s.resolutions(),
            || s.resolutions().to_vec(),
        );
        refresh_with(
            self.trace,
            |t| t.as_slice() == s.trace(),
            || s.trace().to_vec(),
        );
        refresh_with(
            self.handoff,
            |h| h.as_ref() == s.handoff(),
            || s.handoff().cloned(),
        );
        refresh_with(
            self.failure,
            |f| f.as_deref() == s.failure(),
            || s.failure().map(str::to_owned),
        );
        self.answer.maybe_update(|shown| {
            let next = s.answer().unwrap_or_default();
            grow_to(shown, next)
        });
        self.sync_notices(s, effects);
    }

    /// The session's status.
    pub fn status(&self) -> ReadSignal<Status> {
        self.status.read_only()
    }

    /// The pending question, if one is on screen.
    pub fn pending(&self) -> ReadSignal<Option<Pending>> {
        self.pending.read_only()
    }

    /// The request as typed, once started.
    pub fn request(&self) -> ReadSignal<Option<String>> {
        self.request.read_only()
    }

    /// Questions resolved so far, in asking order.
    pub fn resolutions(&self) -> ReadSignal<Vec<Resolution>> {
        self.resolutions.read_only()
    }

    /// The answer so far (`""` before the first chunk and when there is none).
    pub fn answer(&self) -> ReadSignal<String> {
        self.answer.read_only()
    }

    /// Whether the user stopped the answer, so that it is what had arrived.
    pub fn stopped(&self) -> ReadSignal<bool> {
        self.stopped.read_only()
    }

    /// The handoff package, once handed off.
    pub fn handoff(&self) -> ReadSignal<Option<HandoffPackage>> {
        self.handoff.read_only()
    }

    /// Why the session failed, if it did.
    pub fn failure(&self) -> ReadSignal<Option<String>> {
        self.failure.read_only()
    }

    /// Every decision so far and why.
    pub fn trace(&self) -> ReadSignal<Vec<TraceEvent>> {
        self.trace.read_only()
    }

    /// Counters over the session's life.
    pub fn counters(&self) -> ReadSignal<Counters> {
        self.counters.read_only()
    }

    /// When the pending question expires, if it can.
    pub fn deadline(&self) -> ReadSignal<Option<Millis>> {
        self.deadline.read_only()
    }

    /// Which inputs the buttons offer now.
    pub fn accepting(&self) -> ReadSignal<Accepting> {
        self.accepting.read_only()
    }

    /// The answered questions whose answers can be changed now ("Change" on their bubbles).
    pub fn reopenable(&self) -> ReadSignal<Vec<QuestionId>> {
        self.reopenable.read_only()
    }

    /// What the engine told the user since the request started (fallbacks, limits), each with
    /// the number of questions resolved when it came.
    pub fn notices(&self) -> ReadSignal<Vec<Note>> {
        self.notices.read_only()
    }

    fn sync_pending(&self, s: &Session, effects: &[Effect]) {
        let asked = effects.iter().any(|e| matches!(e, Effect::Ask { .. }));
        let progress = s.progress();
        let question = s.current_question();
        self.pending.maybe_update(|pending| {
            let same = match (pending.as_ref(), question) {
                (Some(p), Some(q)) => !asked && p.question == *q && p.progress == progress,
                (None, None) => true,
                (Some(_), None) | (None, Some(_)) => false,
            };
            if same {
                return false;
            }
            let shown = pending.as_ref().map_or(0, |p| p.shown.wrapping_add(1));
            *pending = question.map(|q| Pending {
                question: q.clone(),
                progress,
                shown,
                previous: s.reopened_answer().cloned(),
                lang: s.language(),
            });
            true
        });
    }

    /// The engine's notices belong to the conversation that made them: a new request (one
    /// that asks nothing, or asks at once, too), a reset or another session forgets them.
    fn sync_notices(&self, s: &Session, effects: &[Effect]) {
        let started = started(s);
        if self.notices_of.get_untracked() != started {
            self.notices_of.set(started);
            if !self.notices.with_untracked(Vec::is_empty) {
                self.notices.set(Vec::new());
            }
        }
        for effect in effects {
            if let Effect::Notice { kind, message } = effect {
                let note = Note {
                    at: s.resolutions().len(),
                    kind: *kind,
                    message: message.clone(),
                };
                self.notices.update(|n| n.push(note));
            }
        }
    }
}

/// One of the engine's notices in the conversation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// The number of questions resolved when it came: it is shown before the turn of that
    /// index.
    pub at: usize,
    /// What it tells of.
    pub kind: NoticeKind,
    /// The engine's sentence, in the conversation's language.
    pub message: String,
}

/// The app's own notices (storage trouble, another tab taking over), each shown once until
/// dismissed.
#[derive(Debug, Clone, Copy)]
pub struct Notices(RwSignal<Vec<String>>);

impl Notices {
    /// No notices.
    pub fn new() -> Self {
        Self(RwSignal::new(Vec::new()))
    }

    /// Adds `message` unless it is already shown.
    pub fn note(&self, message: String) {
        let _ = self.0.try_update(|n| {
            if !n.contains(&message) {
                n.push(message);
            }
        });
    }

    /// Removes `message` (each is shown once, so it names its notice).
    pub fn dismiss(&self, message: &str) {
        self.0.update(|list| list.retain(|m| m != message));
    }

    /// Removes every notice.
    pub fn clear(&self) {
        self.0.set(Vec::new());
    }

    /// The notices, oldest first.
    pub fn list(&self) -> ReadSignal<Vec<String>> {
        self.0.read_only()
    }
}

impl Default for Notices {
    fn default() -> Self {
        Self::new()
    }
}

/// Who reads the card: the app's user, who has the trace and the settings, or a visitor of a
/// page that embeds the widget, who has neither and is told failures in plain words (their
/// technical reason goes to the page's developer). In context; the app's user when absent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Reader {
    /// The app's user.
    #[default]
    AppUser,
    /// A visitor of a page that embeds the widget.
    Visitor,
}

impl Reader {
    /// The reader in context.
    pub fn current() -> Self {
        use_context::<Self>().unwrap_or_default()
    }
}

/// When the conversation shown started (its last `started` decision in the trace), `None`
/// while idle: a new value is a new request.
pub fn started(s: &Session) -> Option<Millis> {
    if s.status() == Status::Idle {
        return None;
    }
    s.trace()
        .iter()
        .rev()
        .find(|e| e.decision == "started")
        .map(|e| e.at)
}

/// The ids of the questions whose answers can be changed now.
fn reopenable(s: &Session) -> Vec<QuestionId> {
    s.reopenable().into_iter().cloned().collect()
}

/// Sets `signal` to `next` unless it already holds that value.
fn refresh<T: PartialEq + Send + Sync + 'static>(signal: RwSignal<T>, next: T) {
    signal.maybe_update(|v| {
        if *v == next {
            return false;
        }
        *v = next;
        true
    });
}

/// Sets `signal` to `make()` unless `unchanged` says it holds that value already: the
/// comparison borrows, so an unchanged part is never copied.
fn refresh_with<T: Send + Sync + 'static>(
    signal: RwSignal<T>,
    unchanged: impl FnOnce(&T) -> bool,
    make: impl FnOnce() -> T,
) {
    if !signal.with_untracked(unchanged) {
        signal.set(make());
    }
}

/// Makes `shown` equal to `next`, appending when `next` only grew; whether anything changed.
fn grow_to(shown: &mut String, next: &str) -> bool {
    match next.strip_prefix(shown.as_str()) {
        Some("") => false,
        Some(rest) => {
            shown.push_str(rest);
            true
        }
        None => {
            shown.clear();
            shown.push_str(next);
            true
        }
    }
}
