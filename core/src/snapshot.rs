//! Versioned snapshots (E13): the whole session as JSON, restored with validation.

use serde::{Deserialize, Serialize};

use crate::session::Session;

/// The snapshot format this build writes.
pub const SNAPSHOT_VERSION: u32 = 1;

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
}

#[derive(Serialize)]
struct SnapshotOut<'a> {
    clarify_snapshot: u32,
    session: &'a Session,
}

#[derive(Deserialize)]
struct SnapshotIn {
    clarify_snapshot: u32,
    session: serde_json::Value,
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

    /// Restores a session from [`snapshot`](Self::snapshot) output.
    ///
    /// # Errors
    /// [`RestoreError::UnsupportedVersion`] for a snapshot from a newer build and
    /// [`RestoreError::Malformed`] for anything that is not a valid snapshot.
    pub fn restore(snapshot: &str) -> Result<Self, RestoreError> {
        let raw: SnapshotIn =
            serde_json::from_str(snapshot).map_err(|e| RestoreError::Malformed(e.to_string()))?;
        if raw.clarify_snapshot > SNAPSHOT_VERSION || raw.clarify_snapshot == 0 {
            return Err(RestoreError::UnsupportedVersion {
                found: raw.clarify_snapshot,
                supported: SNAPSHOT_VERSION,
            });
        }
        serde_json::from_value(raw.session).map_err(|e| RestoreError::Malformed(e.to_string()))
    }
}
