//! What a host tells the session about its calls to the endpoint, besides their replies: what
//! the request had to do without, and a refusal nothing fixed.

use super::Session;
use crate::exchange::CallReport;
use crate::phrase::Phrase;
use crate::profile::Change;
use crate::protocol::effect::{Effect, NoticeKind};
use crate::protocol::request::Purpose;
use crate::protocol::trace::Layer;
use crate::wire::FailureCode;

impl Session {
    /// Records in the trace how a call went: each change made to its request after a refusal
    /// (`request_adapted`, with the server's words), and a refusal no change fixed (its code,
    /// `endpoint_refused`). A detection or translation request refused that way is also told to
    /// the user, in their language (`Effect::Notice`): the embedded detector, or the question as
    /// written, then stands in for the endpoint, and the user should know why. A refused answer
    /// has no stand-in: the notice says which setting to change (the model, the endpoint kind)
    /// beside the failure's Retry and Copy prompt. Only the trace changes; call it before the input that
    /// carries the reply or the failure.
    pub fn record_call(&mut self, report: &CallReport) -> Vec<Effect> {
        self.env.speaks = self.language();
        for adaptation in &report.adaptations {
            let phrase = match adaptation.change {
                Change::MaxCompletionTokens => Phrase::NoteAdaptedMaxCompletionTokens,
                Change::MaxTokens => Phrase::NoteAdaptedMaxTokens,
                Change::NoTokenLimit => Phrase::NoteAdaptedNoTokenLimit,
                Change::NoTemperature => Phrase::NoteAdaptedNoTemperature,
                Change::SchemaWithoutLimits => Phrase::NoteAdaptedSchema,
                Change::JsonObject => Phrase::NoteAdaptedJsonObject,
                Change::InstructionsOnly => Phrase::NoteAdaptedInstructions,
                Change::NoStreamUsage => Phrase::NoteAdaptedNoStreamUsage,
                Change::SystemInUser => Phrase::NoteAdaptedSystemInUser,
                Change::MergedTurns => Phrase::NoteAdaptedMergedTurns,
                Change::MoreReasoningRoom => Phrase::NoteAdaptedMoreReasoningRoom,
            };
            let said = crate::wire::preview(&adaptation.said, 160);
            self.env
                .say(Layer::Llm, "request_adapted", phrase, &[&said]);
        }
        let Some(failure) = &report.failure else {
            return Vec::new();
        };
        let code = failure.code();
        if code != FailureCode::EndpointRefused {
            return Vec::new();
        }
        let words = failure
            .server_words()
            .map_or_else(|| failure.to_string(), str::to_owned);
        self.env.say(
            Layer::Llm,
            code.as_str(),
            Phrase::EndpointRefused,
            &[&words],
        );
        // The answer has no stand-in: the user is told what to change.
        let (kind, message) = match report.purpose {
            Purpose::Detection => (
                NoticeKind::DetectionRefused,
                Phrase::EndpointRefused.fill(self.language(), &[&words]),
            ),
            Purpose::Translation => (
                NoticeKind::TranslationRefused,
                Phrase::EndpointRefused.fill(self.language(), &[&words]),
            ),
            Purpose::Generation => (
                NoticeKind::AnswerRefused,
                Phrase::AnswerRefusedFix.fill(self.language(), &[&words, report.profile.name()]),
            ),
        };
        vec![Effect::Notice { kind, message }]
    }
}

#[cfg(test)]
mod tests {
    use crate::exchange::CallReport;
    use crate::profile::{Adaptation, Change, ProfileKind, Refused, Shape};
    use crate::protocol::request::Purpose;
    use crate::wire::CallError;
    use crate::{Config, Detection, Effect, Input, NoticeKind, Session};

    fn detecting(request: &str) -> Session {
        let mut session = Session::new(Config {
            detection: Detection::Llm,
            ..Config::default()
        });
        let fx = session
            .handle(Input::Start {
                request: request.into(),
                context: crate::Context::default(),
                now: 0,
            })
            .unwrap();
        assert!(
            fx.iter()
                .any(|e| matches!(e, Effect::RequestDetection { .. }))
        );
        session
    }

    fn report(failure: Option<CallError>) -> CallReport {
        CallReport {
            purpose: Purpose::Detection,
            profile: ProfileKind::Generic,
            shape: Shape::reasoning(),
            adaptations: vec![Adaptation {
                refused: Refused::MaxTokens,
                change: Change::MaxCompletionTokens,
                said: "Unsupported parameter: 'max_tokens'".into(),
            }],
            failure,
            reasoning: false,
        }
    }

    #[test]
    fn adaptations_go_to_the_trace_and_a_final_refusal_is_told_in_the_users_language() {
        let mut session = detecting("帮我规划一次巴黎旅行");
        let refusal = CallError::Rejected {
            status: 400,
            detail: ": Unsupported value: 'reasoning_effort'".into(),
        };
        let fx = session.record_call(&report(Some(refusal)));
        let [
            Effect::Notice {
                kind: NoticeKind::DetectionRefused,
                message,
            },
        ] = fx.as_slice()
        else {
            panic!("{fx:?}")
        };
        assert_eq!(
            message,
            "您的端点拒绝了请求：Unsupported value: 'reasoning_effort'"
        );
        let decisions: Vec<&str> = session
            .trace()
            .iter()
            .map(|t| t.decision.as_str())
            .collect();
        assert!(
            decisions.ends_with(&["request_adapted", "endpoint_refused"]),
            "{decisions:?}"
        );
        let adapted = &session.trace()[session.trace().len() - 2];
        assert!(
            adapted.reason.contains("max_completion_tokens"),
            "{adapted:?}"
        );

        // A call that worked after an adaptation: the trace says so, the user hears nothing.
        let mut session = detecting("Plan a trip to Paris");
        assert!(session.record_call(&report(None)).is_empty());
        assert_eq!(session.trace().last().unwrap().decision, "request_adapted");
        // Other failures are the inputs' to tell.
        let mut session = detecting("Plan a trip to Paris");
        let fx = session.record_call(&CallReport {
            adaptations: Vec::new(),
            ..report(Some(CallError::Timeout { seconds: 5 }))
        });
        assert!(fx.is_empty());
    }

    #[test]
    fn a_refused_answer_says_which_setting_to_change() {
        let mut session = detecting("Plan a trip to Paris");
        let refusal = CallError::Rejected {
            status: 400,
            detail: ": This model's maximum context length is 8 tokens".into(),
        };
        let fx = session.record_call(&CallReport {
            purpose: Purpose::Generation,
            profile: ProfileKind::Vllm,
            ..report(Some(refusal))
        });
        let [
            Effect::Notice {
                kind: NoticeKind::AnswerRefused,
                message,
            },
        ] = fx.as_slice()
        else {
            panic!("{fx:?}")
        };
        assert!(
            message.contains("maximum context length")
                && message.contains("\u{201c}vllm\u{201d}")
                && message.contains("settings"),
            "{message}"
        );
    }

    /// Every notice names what it tells of, so a shell can word it for its reader.
    #[test]
    fn each_notice_names_what_it_tells_of() {
        let kinds = |fx: &[Effect]| -> Vec<NoticeKind> {
            fx.iter()
                .filter_map(|e| {
                    if let Effect::Notice { kind, .. } = e {
                        Some(*kind)
                    } else {
                        None
                    }
                })
                .collect()
        };
        let mut session = detecting("Plan a trip to Paris");
        let fx = session
            .handle(Input::DetectionFailed {
                reason: "no reply".into(),
            })
            .unwrap();
        assert_eq!(kinds(&fx), [NoticeKind::DetectionFailed]);

        let mut session = detecting("Plan a trip to Paris");
        let fx = session
            .handle(Input::DetectionReceived {
                text: "not a detection".into(),
                usage: None,
            })
            .unwrap();
        assert_eq!(kinds(&fx), [NoticeKind::DetectionUnreadable]);
        let deadline = session.deadline().expect("the embedded detector asked");
        let fx = session.handle(Input::Tick { now: deadline + 1 }).unwrap();
        assert_eq!(kinds(&fx), [NoticeKind::TimedOut]);

        let mut session = detecting("Plan a trip to Paris");
        let fx = session.record_call(&CallReport {
            purpose: Purpose::Translation,
            ..report(Some(CallError::Rejected {
                status: 400,
                detail: String::new(),
            }))
        });
        assert_eq!(kinds(&fx), [NoticeKind::TranslationRefused]);

        // A host (the JS API's listeners) reads the kind by its name.
        let written = serde_json::to_string(&NoticeKind::DetectorMissing).unwrap();
        assert_eq!(written, "\"detector_missing\"");
        let read: NoticeKind = serde_json::from_str(&written).unwrap();
        assert_eq!(read, NoticeKind::DetectorMissing);
    }

    #[test]
    fn detection_in_flight_is_awaited_again_after_a_restore_until_it_falls_back() {
        let session = detecting("Write a report");
        let sent = session.detection_awaited().expect("detection is awaited");
        assert_eq!(sent.purpose, Purpose::Detection);
        let mut restored = Session::restore(&session.snapshot()).unwrap();
        assert_eq!(restored.detection_awaited(), Some(sent));
        restored
            .handle(Input::DetectionFailed {
                reason: "no reply".into(),
            })
            .unwrap();
        assert_eq!(restored.detection_awaited(), None);
        let offline = Session::new(Config::default());
        assert_eq!(offline.detection_awaited(), None);
    }
}
