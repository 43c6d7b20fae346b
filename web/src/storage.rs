//! Browser storage (`localStorage`): the session snapshot, the settings and the API key.
//!
//! Three keys, kept apart so that the key never travels with a snapshot:
//! - [`SESSION_KEY`]: [`Session::snapshot`] after every transition;
//! - [`SETTINGS_KEY`]: [`Settings`] as JSON `{endpoint, model, profile, maxQuestions, neverAsk,
//!   language}`;
//! - [`API_KEY_KEY`]: the API key alone;
//! - [`DRAFT_KEY`]: what is half-typed in the request box, and beside the session's key
//!   ([`Place`]) the pending question's id with the options picked and the text typed on its
//!   card, so a reload keeps both.
//!
//! Nothing here panics: storage that is missing, full or holds garbage is reported as a
//! [`StorageError`] and the app starts fresh. A refused write of a session
//! ([`Place::save_session`]) makes room and tries again; if it still fails, the session is kept
//! for this tab (`sessionStorage`), and the answers the stored snapshot lacks are named beside
//! it (`<key>.notKept`), so a reload never brings back an older session without saying what
//! it lost. A snapshot a newer build wrote is never
//! overwritten: it stays as it is, byte for byte, until the user starts over
//! ([`Place::forget`]), so the newer build finds it again.

use std::fmt;

use clarify_core::{Answer, Config, Detection, Mode, QuestionId, RestoreError, Session};
use serde::{Deserialize, Serialize};

use crate::i18n::{self, Word};
use crate::llm::LlmSettings;
use clarify_core::Language;

/// Where the session snapshot is kept.
pub const SESSION_KEY: &str = "clarify.session";
/// Where the settings are kept.
pub const SETTINGS_KEY: &str = "clarify.settings";
/// Where the API key is kept, apart from everything else.
pub const API_KEY_KEY: &str = "clarify.apiKey";
/// Where the request box's unsent text is kept.
pub const DRAFT_KEY: &str = "clarify.draft";

/// What the user chose in the settings panel (the API key is stored apart).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    /// OpenAI-compatible base URL; empty means offline.
    pub endpoint: String,
    /// Model name sent to the endpoint.
    pub model: String,
    /// The kind of endpoint by name (`azure`, `openai-reasoning`, …); empty: chosen from the
    /// URL and the model.
    pub profile: String,
    /// Question budget per session.
    pub max_questions: u32,
    /// "Never ask me": every question is auto-skipped with its assumption.
    pub never_ask: bool,
    /// `"auto"` (follow the browser), `"en"` or `"zh"`.
    pub language: String,
    /// Keep the API key in `localStorage` ([`API_KEY_KEY`]); otherwise it lives in the page's
    /// memory only, and a reload forgets it.
    pub remember_key: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            endpoint: String::new(),
            model: String::new(),
            profile: String::new(),
            max_questions: 3,
            never_ask: false,
            language: "auto".into(),
            remember_key: false,
        }
    }
}

impl Settings {
    /// Whether a usable endpoint is configured: an absolute http(s) URL (otherwise the app
    /// runs offline; the settings form refuses anything else).
    pub fn online(&self) -> bool {
        clarify_core::exchange::Endpoint::check_url(&self.endpoint).is_ok()
    }

    /// The language of the chrome and of new sessions.
    pub fn lang(&self) -> Language {
        i18n::resolve(&self.language)
    }

    /// The engine configuration for a new session under these settings.
    pub fn config(&self) -> Config {
        let mut config = Config::default();
        config.limits.max_questions = self.max_questions.clamp(1, 10);
        config.mode = if self.never_ask {
            Mode::NonInteractive
        } else {
            Mode::Interactive
        };
        config.detection = if self.online() {
            Detection::Llm
        } else {
            Detection::Embedded
        };
        config.language = match self.language.as_str() {
            // Simplified as the browser's language leaves the script to the request, as `zh`.
            "auto" | "" if self.lang() == Language::Simplified => "zh".into(),
            "auto" | "" => self.lang().tag().into(),
            tag => tag.into(),
        };
        config
    }

    /// The fetch layer's settings, or `None` offline.
    pub fn llm(&self, api_key: &str) -> Option<LlmSettings> {
        self.online().then(|| LlmSettings {
            endpoint: self.endpoint.trim().to_owned(),
            model: self.model.trim().to_owned(),
            api_key: (!api_key.is_empty()).then(|| api_key.to_owned()),
            profile: clarify_core::profile::ProfileKind::parse(&self.profile).ok(),
            client: Default::default(),
        })
    }
}

/// What a tab does after another tab wrote the session it shows (the `storage` event).
#[derive(Debug)]
pub enum Follow {
    /// Storage holds the session this tab shows: nothing to do.
    Same,
    /// Show `session`, the one storage holds now.
    Replace {
        /// The session to show.
        session: Box<Session>,
        /// The first question this tab had answered whose answer `session` does not hold: the
        /// user's answer here was overruled by the other tab, and should be told so.
        overruled: Option<Overruled>,
    },
}

/// An answer given in this tab that another tab's session dropped (as the widget's
/// `clarify-overruled` tells it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Overruled {
    /// The question's text.
    pub question: String,
    /// The answer given here, as the conversation shows it (the options' labels, the text
    /// typed), so the user need not type it again; `None` for a non-answer ("I don't know", a
    /// skip), whose assumption the other session may hold as well.
    pub answer: Option<String>,
}

/// Decides what this tab shows after another tab wrote its session's key: what storage holds
/// now (`stored`; `None` when the key was removed, "Start over"), not the event's value — when
/// two tabs write at once their events cross, and only what storage holds is what both tabs
/// will agree on. `fresh` makes the idle session shown after a removal.
///
/// # Errors
/// [`StorageError::Session`] when `stored` is not a snapshot this build can restore.
pub fn follow(
    mine: &Session,
    stored: Option<&str>,
    fresh: impl FnOnce() -> Session,
) -> Result<Follow, StorageError> {
    let session = match stored {
        Some(text) => restore(text)?,
        None => fresh(),
    };
    if *mine == session {
        return Ok(Follow::Same);
    }
    let overruled = overruled_answer(mine, &session);
    Ok(Follow::Replace {
        session: Box::new(session),
        overruled,
    })
}

/// The first question answered in `mine` whose answer `theirs` does not hold, with that
/// answer: what a user would lose, unseen, if another tab's session silently replaced this one.
pub fn overruled_answer(mine: &Session, theirs: &Session) -> Option<Overruled> {
    mine.resolutions()
        .iter()
        .find(|r| {
            !theirs
                .resolutions()
                .iter()
                .any(|t| t.question.id == r.question.id && t.answer == r.answer)
        })
        .map(|r| Overruled {
            question: r.question.text.clone(),
            answer: r.answer.is_informative().then(|| r.answer_text()),
        })
}

/// Why a stored value could not be used or saved.
#[derive(Debug)]
pub enum StorageError {
    /// The browser gives no `localStorage` (disabled, private mode) or refused a write (full).
    Unavailable(String),
    /// The stored session is not a usable snapshot (garbage, foreign, old or future version).
    Session(RestoreError),
    /// The place holds a snapshot a newer build wrote: it is kept, and this session is not
    /// saved over it.
    Newer,
    /// Storage is full: the session is kept for this tab only (a reload keeps it, closing the
    /// tab loses it); these answers are not in the stored snapshot.
    ThisTab(Vec<String>),
    /// Storage is full, for this tab too: these answers will not survive a reload.
    NotKept(Vec<String>),
    /// A reload after storage was full: these answers were not kept.
    WereNotKept(Vec<String>),
    /// The stored settings are not valid JSON settings.
    Settings(String),
}

impl StorageError {
    /// What to tell the user, in `language` (the chrome's words; the cause as the browser or
    /// the engine said it).
    pub fn in_words(&self, language: Language) -> String {
        let (word, why) = match self {
            Self::Unavailable(why) => (Word::StorageUnavailable, why.clone()),
            Self::Session(RestoreError::UnsupportedVersion { .. }) | Self::Newer => {
                (Word::NewerKept, String::new())
            }
            Self::Session(e) => (Word::SessionUnusable, e.to_string()),
            Self::Settings(why) => (Word::SettingsUnreadable, why.clone()),
            Self::ThisTab(_) => (Word::KeptForTab, String::new()),
            Self::NotKept(lost) => (Word::NotKeptNow, quoted(lost)),
            Self::WereNotKept(lost) => (Word::NotKeptAfter, quoted(lost)),
        };
        clarify_core::fill_in(word.text(language), &[&why])
    }
}

/// The English words, for logs and for hosts that read the error's message.
impl fmt::Display for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.in_words(Language::English))
    }
}

/// Where one session is kept: its snapshot under a key, and the answer half-given on its
/// pending question beside it (`<key>.answerDraft`). The app keeps its session at
/// [`SESSION_KEY`]; a widget at its `storage-key`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    key: String,
}

impl Place {
    /// The app's place, [`SESSION_KEY`].
    pub fn app() -> Self {
        Self::at(SESSION_KEY)
    }

    /// The place whose snapshot is kept under `key`.
    pub fn at(key: &str) -> Self {
        Self { key: key.into() }
    }

    /// The key of the snapshot (the `storage` event names it when another tab writes).
    pub fn key(&self) -> &str {
        &self.key
    }

    /// The saved session, if there is one: this tab's copy when storage was full at its last
    /// save, else the stored one.
    ///
    /// # Errors
    /// [`StorageError::Session`] when the stored value is not a snapshot this build can
    /// restore.
    pub fn load_session(&self) -> Result<Option<Session>, StorageError> {
        let copy = tab_storage().and_then(|s| s.get_item(&self.key).ok().flatten());
        if let Some(session) = copy.as_deref().and_then(|c| restore(c).ok()) {
            return Ok(Some(session));
        }
        self.stored()?.as_deref().map(restore).transpose()
    }

    /// After a reload: the answers a full storage did not keep (named when the last save
    /// failed), unless this tab's copy holds them.
    pub fn not_kept(&self) -> Option<StorageError> {
        let copy = tab_storage().and_then(|s| s.get_item(&self.key).ok().flatten());
        if copy.is_some() {
            return None;
        }
        let marker = get(&self.not_kept_key()).ok().flatten()?;
        let lost: Vec<String> = marker
            .split('\n')
            .filter(|t| !t.is_empty())
            .map(str::to_owned)
            .collect();
        (!lost.is_empty()).then_some(StorageError::WereNotKept(lost))
    }

    /// The stored snapshot as text, if there is one.
    ///
    /// # Errors
    /// [`StorageError::Unavailable`] when the browser refuses the read.
    pub fn stored(&self) -> Result<Option<String>, StorageError> {
        get(&self.key)
    }

    /// Saves `session` here, unless a newer build's snapshot is kept here. A refused write
    /// makes room (Clarify's own entries that can be rebuilt) and tries again; if that fails
    /// too, the answers the stored snapshot lacks are named beside it (removing the stored
    /// snapshot when even that name does not fit) and the session is kept for this tab.
    ///
    /// # Errors
    /// [`StorageError::Unavailable`] without storage; [`StorageError::Newer`] when the place
    /// holds a newer build's snapshot; [`StorageError::ThisTab`] or [`StorageError::NotKept`]
    /// when storage is full.
    pub fn save_session(&self, session: &Session) -> Result<(), StorageError> {
        let stored = self.stored()?;
        if stored.as_deref().is_some_and(Session::is_newer_snapshot) {
            return Err(StorageError::Newer);
        }
        let snapshot = session.snapshot();
        if set(&self.key, &snapshot).is_ok() || make_room() && set(&self.key, &snapshot).is_ok() {
            put_or_remove(&self.not_kept_key(), "");
            if let Some(tab) = tab_storage() {
                let _ = tab.remove_item(&self.key);
            }
            return Ok(());
        }
        let kept = stored.as_deref().and_then(|s| restore(s).ok());
        let mut lost = answered(session, kept.as_ref());
        if set(&self.not_kept_key(), &lines(&lost)).is_err() {
            // The older snapshot goes, so that no reload brings it back unexplained.
            put_or_remove(&self.key, "");
            lost = answered(session, None);
            let _ = set(&self.not_kept_key(), &lines(&lost));
        }
        let in_tab = tab_storage().is_some_and(|tab| {
            let kept = tab.set_item(&self.key, &snapshot).is_ok();
            if !kept {
                // An older copy of this tab's would hide what was not kept.
                let _ = tab.remove_item(&self.key);
            }
            kept
        });
        Err(if in_tab {
            StorageError::ThisTab(lost)
        } else {
            StorageError::NotKept(lost)
        })
    }

    /// Forgets the session and its draft answer ("Start over", or a snapshot that cannot be
    /// restored), this tab's copy and what was not kept of it.
    pub fn forget(&self) {
        put_or_remove(&self.key, "");
        put_or_remove(&self.not_kept_key(), "");
        if let Some(tab) = tab_storage() {
            let _ = tab.remove_item(&self.key);
        }
        self.forget_answer_draft();
    }

    /// The answer half-given on the card of `question`: the options picked and the text typed
    /// but not yet sent, or `None` when the draft kept belongs to another question or there
    /// is none.
    pub fn load_answer_draft(&self, question: &QuestionId) -> Option<Answer> {
        let text = get(&self.draft_key()).ok().flatten()?;
        let draft: AnswerDraft = serde_json::from_str(&text).ok()?;
        (draft.question == *question).then_some(draft.answer)
    }

    /// Keeps `answer` as the draft answer to `question`; `None` forgets any draft. A refused
    /// write loses only the draft, so it is not reported.
    pub fn save_answer_draft(&self, question: &QuestionId, answer: Option<Answer>) {
        let json = answer
            .map(|answer| AnswerDraft {
                question: question.clone(),
                answer,
            })
            .and_then(|d| serde_json::to_string(&d).ok())
            .unwrap_or_default();
        put_or_remove(&self.draft_key(), &json);
    }

    /// Forgets the draft answer (it was sent, or a new conversation starts).
    pub fn forget_answer_draft(&self) {
        put_or_remove(&self.draft_key(), "");
    }

    fn draft_key(&self) -> String {
        format!("{}.answerDraft", self.key)
    }

    /// Where the answers a full storage did not keep are named.
    fn not_kept_key(&self) -> String {
        format!("{}.notKept", self.key)
    }
}

/// The texts of the questions answered in `mine` whose answers `kept` lacks (all of them
/// without a `kept` session).
fn answered(mine: &Session, kept: Option<&Session>) -> Vec<String> {
    mine.resolutions()
        .iter()
        .filter(|r| {
            kept.is_none_or(|kept| {
                !kept
                    .resolutions()
                    .iter()
                    .any(|k| k.question.id == r.question.id && k.answer == r.answer)
            })
        })
        // One line each where they are kept.
        .map(|r| r.question.text.replace(['\n', '\r'], " "))
        .collect()
}

/// `“a” “b”` for a notice.
fn quoted(texts: &[String]) -> String {
    let mut out = String::new();
    for t in texts {
        out.push_str(" “");
        out.push_str(t);
        out.push('”');
    }
    out
}

/// One text a line.
fn lines(texts: &[String]) -> String {
    let mut out = String::new();
    for t in texts {
        out.push_str(t);
        out.push('\n');
    }
    out
}

/// Removes what Clarify keeps that can be rebuilt (what endpoints were learned to accept);
/// whether there was anything to remove.
fn make_room() -> bool {
    let Ok(storage) = storage() else {
        return false;
    };
    let had = storage
        .get_item(crate::llm::LEARNED_KEY)
        .ok()
        .flatten()
        .is_some();
    let _ = storage.remove_item(crate::llm::LEARNED_KEY);
    had
}

/// This tab's storage (`sessionStorage`), if the browser gives one.
fn tab_storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.session_storage().ok().flatten())
}

/// The answer half-given on a pending question, as kept in storage.
#[derive(Debug, Serialize, Deserialize)]
struct AnswerDraft {
    question: QuestionId,
    answer: Answer,
}

/// Restores a snapshot read from storage.
///
/// # Errors
/// [`StorageError::Session`] when `text` is not a snapshot this build can restore.
pub fn restore(text: &str) -> Result<Session, StorageError> {
    Session::restore(text).map_err(StorageError::Session)
}

/// The saved settings, or the defaults when none are saved. A key kept from before the
/// "remember" choice existed counts as remembered.
///
/// # Errors
/// [`StorageError::Settings`] when the stored value is not settings JSON.
pub fn load_settings() -> Result<Settings, StorageError> {
    let mut settings: Settings = match get(SETTINGS_KEY)? {
        None => Settings::default(),
        Some(text) => {
            serde_json::from_str(&text).map_err(|e| StorageError::Settings(e.to_string()))?
        }
    };
    settings.remember_key |= !load_api_key().is_empty();
    Ok(settings)
}

/// Saves `settings` under [`SETTINGS_KEY`].
///
/// # Errors
/// [`StorageError::Unavailable`] when the browser refuses the write.
pub fn save_settings(settings: &Settings) -> Result<(), StorageError> {
    let json = serde_json::to_string(settings).unwrap_or_default();
    set(SETTINGS_KEY, &json)
}

/// The saved API key, or `""`.
pub fn load_api_key() -> String {
    get(API_KEY_KEY).ok().flatten().unwrap_or_default()
}

/// Saves the API key under [`API_KEY_KEY`] when it is to be `remembered`; removes it when
/// empty or not to be remembered.
///
/// # Errors
/// [`StorageError::Unavailable`] when the browser refuses the write.
pub fn save_api_key(key: &str, remembered: bool) -> Result<(), StorageError> {
    if key.is_empty() || !remembered {
        if let Ok(storage) = storage() {
            let _ = storage.remove_item(API_KEY_KEY);
        }
        return Ok(());
    }
    set(API_KEY_KEY, key)
}

/// The request box's unsent text, or `""`.
pub fn load_draft() -> String {
    get(DRAFT_KEY).ok().flatten().unwrap_or_default()
}

/// Keeps the request box's unsent text (forgets it when empty). A refused write loses only
/// the draft, so it is not reported.
pub fn save_draft(text: &str) {
    put_or_remove(DRAFT_KEY, text);
}

fn put_or_remove(key: &str, value: &str) {
    if let Ok(storage) = storage() {
        let _ = if value.is_empty() {
            storage.remove_item(key)
        } else {
            storage.set_item(key, value)
        };
    }
}

fn storage() -> Result<web_sys::Storage, StorageError> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| StorageError::Unavailable("no localStorage".into()))
}

fn get(key: &str) -> Result<Option<String>, StorageError> {
    storage()?
        .get_item(key)
        .map_err(|_| StorageError::Unavailable("reading was refused".into()))
}

fn set(key: &str, value: &str) -> Result<(), StorageError> {
    storage()?
        .set_item(key, value)
        .map_err(|_| StorageError::Unavailable("the write was refused; storage may be full".into()))
}
