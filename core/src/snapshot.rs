//! Versioned snapshots: the whole session as JSON, restored with validation and migrated
//! from older versions.
//!
//! ```json
//! {"clarify_snapshot": 3, "session": {"config": {…}, "phase": {"phase": "asking", …}, …}}
//! ```
//!
//! Version history:
//! - 1: pipeline steps stored as `[name, value]` pairs; `rounds` counted every batch of questions.
//! - 2: steps stored as `{"step", "output"}` / `{"step", "partial"}` objects; `rounds` counts
//!   clarification rounds on the request (1, plus one per follow-up); `declined_all` added; a
//!   running step says whether it is `resumed` (version 1's `partial: null` could not tell a
//!   fresh step from one resumed with a null partial result); `step_pauses` counts the current
//!   step's pauses.
//! - 3: what only a phase can have moved into it: a reopened question's `waiting` and a step
//!   paused for the pending question (the conversation's `paused`) into the asking phase's
//!   `after` (`{"then": "return", "waiting": …}`, `{"then": "resume", "paused": …}`) or the
//!   translating phase's `paused`; an answer the user stopped (the conversation's `stopped`)
//!   into the completed or handed-off phase's `stopped`.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::session::{Session, SessionIn};

/// The snapshot format this build writes.
pub const SNAPSHOT_VERSION: u32 = 3;

/// Why a snapshot could not be restored.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RestoreError {
    /// The snapshot was written by a newer build.
    #[error(
        "snapshot version {found} is newer than this build supports ({supported}); reload the page to update"
    )]
    UnsupportedVersion {
        /// The snapshot's version.
        found: u32,
        /// The newest version this build reads.
        supported: u32,
    },
    /// The text is not a Clarify snapshot.
    #[error("not a Clarify snapshot: {0}")]
    Malformed(String),
    /// The snapshot parses but describes a session that cannot exist (hand-edited or corrupted).
    #[error("the snapshot describes an impossible session: {0}")]
    Inconsistent(String),
}

#[derive(Serialize)]
struct SnapshotOut<'a> {
    clarify_snapshot: u32,
    session: &'a Session,
}

/// A snapshot's session read as `T` (its version read before, by [`SnapshotVersion`]): the
/// session's own types for the current version, a [`Value`] for an older one that is migrated
/// first.
#[derive(Deserialize)]
struct SnapshotIn<T> {
    session: T,
}

/// Just the version: the session is skipped unread, so the text can then be read straight into
/// the type its version calls for (each session type has one JSON decoder, reading text, and
/// none reading a [`Value`]).
#[derive(Deserialize)]
struct SnapshotVersion {
    clarify_snapshot: u32,
}

impl Session {
    /// Whether `snapshot` was written by a newer build than this one: a host keeps such a
    /// snapshot as it is, for that build, rather than write over it.
    pub fn is_newer_snapshot(snapshot: &str) -> bool {
        serde_json::from_str::<SnapshotVersion>(snapshot)
            .is_ok_and(|v| v.clarify_snapshot > SNAPSHOT_VERSION)
    }

    /// The whole session as versioned JSON. Contains no secrets: API keys never enter the engine.
    pub fn snapshot(&self) -> String {
        serde_json::to_string(&SnapshotOut {
            clarify_snapshot: SNAPSHOT_VERSION,
            session: self,
        })
        .unwrap_or_default()
    }

    /// Restores a session from [`snapshot`](Self::snapshot) output of this or an older version.
    ///
    /// Older versions are migrated; the result is checked for consistency (the pending question
    /// was asked, within the budget, never twice, …) before it is returned.
    ///
    /// # Errors
    /// [`RestoreError::UnsupportedVersion`] for a snapshot from a newer build,
    /// [`RestoreError::Malformed`] for anything that is not a snapshot, and
    /// [`RestoreError::Inconsistent`] for a snapshot of an impossible session.
    pub fn restore(snapshot: &str) -> Result<Self, RestoreError> {
        let malformed = |e: serde_json::Error| RestoreError::Malformed(e.to_string());
        let version: SnapshotVersion = serde_json::from_str(snapshot).map_err(malformed)?;
        let session: SessionIn = match version.clarify_snapshot {
            0 => {
                return Err(RestoreError::Malformed(
                    "version 0 does not exist; versions start at 1".into(),
                ));
            }
            old @ (1 | 2) => {
                let raw: SnapshotIn<Value> = serde_json::from_str(snapshot).map_err(malformed)?;
                let v2 = if old == 1 {
                    migrate_v1(raw.session)?
                } else {
                    raw.session
                };
                // Back to text, so the migrated session is read by the same decoder as a
                // current one.
                let migrated = migrate_v2(v2)?.to_string();
                serde_json::from_str(&migrated).map_err(malformed)?
            }
            SNAPSHOT_VERSION => {
                let raw: SnapshotIn<SessionIn> =
                    serde_json::from_str(snapshot).map_err(malformed)?;
                raw.session
            }
            found => {
                return Err(RestoreError::UnsupportedVersion {
                    found,
                    supported: SNAPSHOT_VERSION,
                });
            }
        };
        let session = Self::try_from(session).map_err(RestoreError::Inconsistent)?;
        session
            .check_invariants()
            .map_err(RestoreError::Inconsistent)?;
        Ok(session)
    }
}

/// Version 1 → 2: `[name, value]` pairs become objects, `rounds` is the request's one round
/// (version 1 had no follow-ups), `declined_all` starts false, and a running step with a
/// partial result is a resumed one.
fn migrate_v1(mut session: Value) -> Result<Value, RestoreError> {
    let mut resumed = false;
    if let Some(phase) = session.get_mut("phase").and_then(Value::as_object_mut)
        && phase.get("phase").and_then(Value::as_str) == Some("running_step")
    {
        resumed = phase.get("partial").is_some_and(|p| !p.is_null());
        phase.insert("resumed".into(), Value::Bool(resumed));
    }
    let Some(convo) = session.get_mut("convo").and_then(Value::as_object_mut) else {
        // An idle session has no conversation; nothing else changed.
        return Ok(session);
    };
    let outputs = match convo.remove("step_outputs") {
        Some(Value::Array(pairs)) => pairs
            .into_iter()
            .map(|pair| pair_to_object(pair, "output"))
            .collect::<Result<Vec<_>, _>>()?,
        Some(Value::Null) | None => Vec::new(),
        Some(other) => return Err(not_v1("step_outputs", &other)),
    };
    convo.insert("step_outputs".into(), Value::Array(outputs));
    let paused = match convo.remove("paused") {
        Some(Value::Null) | None => Value::Null,
        Some(pair @ Value::Array(_)) => pair_to_object(pair, "partial")?,
        Some(other) => return Err(not_v1("paused", &other)),
    };
    // Version 1 allowed one pause per step: a paused or resumed step has used it.
    let pauses = u32::from(resumed || !paused.is_null());
    convo.insert("paused".into(), paused);
    convo.insert("step_pauses".into(), Value::from(pauses));
    convo.insert("rounds".into(), Value::from(1));
    convo.insert("declined_all".into(), Value::Bool(false));
    Ok(session)
}

/// Version 2 → 3: the phase holds what only it can have. The conversation's `paused` moves
/// into the asking phase's `after` or the translating phase's `paused`, the asking phase's
/// `waiting` into its `after`, and the conversation's `stopped` into the completed or
/// handed-off phase.
fn migrate_v2(mut session: Value) -> Result<Value, RestoreError> {
    let (paused, stopped) = match session.get_mut("convo").and_then(Value::as_object_mut) {
        Some(convo) => (
            convo.remove("paused").filter(|p| !p.is_null()),
            convo.remove("stopped").unwrap_or(Value::Bool(false)),
        ),
        None => (None, Value::Bool(false)),
    };
    let Some(phase) = session.get_mut("phase").and_then(Value::as_object_mut) else {
        return Ok(session);
    };
    let name = phase
        .get("phase")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    match (name.as_str(), paused) {
        ("asking", paused) => {
            let waiting = phase.remove("waiting").filter(|w| !w.is_null());
            let after = match (waiting, paused) {
                (None, None) => None,
                (Some(waiting), None) => Some(("return", "waiting", waiting)),
                (None, Some(paused)) => Some(("resume", "paused", paused)),
                (Some(_), Some(_)) => {
                    return Err(RestoreError::Inconsistent(
                        "a question is reopened while a step is paused".into(),
                    ));
                }
            };
            if let Some((then, key, value)) = after {
                let mut object = Map::new();
                object.insert("then".into(), Value::from(then));
                object.insert(key.into(), value);
                phase.insert("after".into(), Value::Object(object));
            }
        }
        ("translating", Some(paused)) => {
            phase.insert("paused".into(), paused);
        }
        (_, Some(paused)) => {
            let step = paused.get("step").cloned().unwrap_or_default();
            return Err(RestoreError::Inconsistent(format!(
                "step {step} is paused but no question is pending"
            )));
        }
        (_, None) => {}
    }
    if matches!(name.as_str(), "completed" | "handed_off") && stopped == Value::Bool(true) {
        phase.insert("stopped".into(), stopped);
    }
    Ok(session)
}

/// `["name", value]` → `{"step": "name", value_key: value}`.
fn pair_to_object(pair: Value, value_key: &str) -> Result<Value, RestoreError> {
    match pair {
        Value::Array(items) => match <[Value; 2]>::try_from(items) {
            Ok([step @ Value::String(_), value]) => {
                let mut object = Map::new();
                object.insert("step".into(), step);
                object.insert(value_key.into(), value);
                Ok(Value::Object(object))
            }
            Ok([step, _]) => Err(not_v1("a step name", &step)),
            Err(items) => Err(RestoreError::Malformed(format!(
                "version 1 stores a step as [name, value]; found {} item(s)",
                items.len()
            ))),
        },
        other @ (Value::Null
        | Value::Bool(_)
        | Value::Number(_)
        | Value::String(_)
        | Value::Object(_)) => Err(not_v1("a step", &other)),
    }
}

fn not_v1(what: &str, found: &Value) -> RestoreError {
    let kind = match found {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    };
    RestoreError::Malformed(format!(
        "version 1 expected {what} in its [name, value] form; found {kind}"
    ))
}
