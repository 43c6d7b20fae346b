//! Versioned snapshots: the whole session as JSON, restored with validation and migrated
//! from older versions.
//!
//! ```json
//! {"clarify_snapshot": 2, "session": {"config": {…}, "phase": {"phase": "asking", …}, …}}
//! ```
//!
//! Version history:
//! - 1: pipeline steps stored as `[name, value]` pairs; `rounds` counted every batch of questions.
//! - 2: steps stored as `{"step", "output"}` / `{"step", "partial"}` objects; `rounds` counts
//!   clarification rounds on the request (1, plus one per follow-up); `declined_all` added; a
//!   running step says whether it is `resumed` (version 1's `partial: null` could not tell a
//!   fresh step from one resumed with a null partial result); `step_pauses` counts the current
//!   step's pauses.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::session::{Session, SessionIn};

/// The snapshot format this build writes.
pub const SNAPSHOT_VERSION: u32 = 2;

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
            1 => {
                let raw: SnapshotIn<Value> = serde_json::from_str(snapshot).map_err(malformed)?;
                // Back to text, so the migrated session is read by the same decoder as a
                // current one.
                let migrated = migrate_v1(raw.session)?.to_string();
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
