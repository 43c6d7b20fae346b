//! A session in JSON, as snapshots hold it: `{"config", "phase", "convo", "clock", "trace",
//! "counters"}`, where an idle session has `{"phase": "idle"}` and `"convo": null`.
//!
//! The shape predates [`State`]: the phase and the conversation are side by side, so reading
//! one back checks that they fit together (a conversation exactly when not idle).

use serde::ser::SerializeStruct;
use serde::{Deserialize, Serialize};

use super::{Active, Conversation, Env, Phase, Session, State};
use crate::protocol::config::Config;
use crate::protocol::language::Language;
use crate::protocol::time::Millis;
use crate::protocol::trace::{Counters, TraceEvent};
use crate::tag_first::{self, TagFirst};

#[derive(Serialize)]
struct SessionOut<'a> {
    config: &'a Config,
    phase: PhaseJson<&'a Phase>,
    convo: Option<&'a Conversation>,
    clock: Millis,
    trace: &'a [TraceEvent],
    counters: Counters,
}

/// A session as read from JSON, before its phase and conversation are checked to fit.
#[derive(Deserialize)]
pub(crate) struct SessionIn {
    config: Config,
    phase: PhaseJson<Phase>,
    #[serde(default)]
    convo: Option<Conversation>,
    #[serde(default)]
    clock: Millis,
    #[serde(default)]
    trace: Vec<TraceEvent>,
    #[serde(default)]
    counters: Counters,
}

/// `{"phase": "idle"}` or one of [`Phase`]'s objects, `{"phase": "asking", …}`.
enum PhaseJson<P> {
    Idle,
    Active(P),
}

/// The phase of an idle session, which has no [`Phase`].
const IDLE: &str = "idle";

impl Serialize for PhaseJson<&Phase> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Idle => {
                let mut object = serializer.serialize_struct("Phase", 1)?;
                object.serialize_field(<Phase as TagFirst>::TAG, IDLE)?;
                object.end()
            }
            Self::Active(phase) => phase.serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for PhaseJson<Phase> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(match tag_first::deserialize_or_none(deserializer, IDLE)? {
            tag_first::Read::None => Self::Idle,
            tag_first::Read::Variant(phase) => Self::Active(phase),
        })
    }
}

impl Serialize for Session {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (phase, convo) = match &self.state {
            State::Idle => (PhaseJson::Idle, None),
            State::Active(active) => (PhaseJson::Active(&active.phase), Some(&active.conversation)),
        };
        SessionOut {
            config: &self.env.config,
            phase,
            convo,
            clock: self.env.clock,
            trace: &self.env.trace,
            counters: self.env.counters,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Session {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Self::try_from(SessionIn::deserialize(deserializer)?).map_err(serde::de::Error::custom)
    }
}

impl TryFrom<SessionIn> for Session {
    type Error = String;

    /// Puts the phase and the conversation together; `Err` says which is missing.
    fn try_from(raw: SessionIn) -> Result<Self, String> {
        let state = match (raw.phase, raw.convo) {
            (PhaseJson::Idle, None) => State::Idle,
            (PhaseJson::Active(phase), Some(conversation)) => State::Active(Active {
                conversation,
                phase,
            }),
            (PhaseJson::Idle, Some(_)) => {
                return Err("an idle session has a conversation".into());
            }
            (PhaseJson::Active(phase), None) => {
                return Err(format!(
                    "status {} needs a conversation, and there is none",
                    phase.status()
                ));
            }
        };
        let mut session = Self {
            env: Env {
                config: raw.config,
                clock: raw.clock,
                trace: raw.trace,
                counters: raw.counters,
                speaks: Language::English,
            },
            state,
        };
        session.env.speaks = session.language();
        Ok(session)
    }
}
