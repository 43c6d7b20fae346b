//! Starting a conversation: gathering questions from the document, the catalog and detection.

use super::{Conversation, Phase, Session, preview};
use crate::analysis;
use crate::config::Detection;
use crate::effect::Effect;
use crate::enrich::SourceDocument;
use crate::error::Error;
use crate::input::Context;
use crate::request::{Message, Role};
use crate::trace::Layer;

impl Session {
    /// Starts a conversation about `request`: document questions, entity questions, then
    /// detection (embedded at once, or an LLM request) unless a source already supplied questions.
    pub(super) fn start(
        &mut self,
        request: String,
        context: Context,
        fx: &mut Vec<Effect>,
    ) -> Result<(), Error> {
        if request.trim().is_empty() {
            return Err(Error::EmptyRequest);
        }
        let Context {
            history,
            document,
            entities,
        } = context;
        self.convo = Some(Conversation {
            request,
            history,
            document: document.as_ref().map(|d| SourceDocument {
                id: d.id.clone(),
                title: d.title.clone(),
                content: d.content.clone(),
            }),
            requires_handoff: document.as_ref().is_some_and(|d| d.requires_handoff),
            queue: Vec::new(),
            asked: Vec::new(),
            resolutions: Vec::new(),
            unasked: Vec::new(),
            rounds: 1,
            declined_all: false,
            next_step: 0,
            step_pauses: 0,
            step_outputs: Vec::new(),
            paused: None,
        });
        self.note(Layer::Session, "started", "A new request arrived.");
        let mut from_sources = false;
        if let Some(doc) = document {
            let questions = crate::sources::document_questions(&doc);
            self.note(
                Layer::Document,
                "document_matched",
                &format!(
                    "Document {} declares {} clarifying question(s); retrieval is not run again.",
                    doc.id,
                    questions.len()
                ),
            );
            from_sources |= !questions.is_empty();
            self.enqueue(questions);
        }
        for lookup in entities {
            match crate::sources::entity_question(&lookup) {
                Some(q) => {
                    self.note(
                        Layer::Catalog,
                        "entity_ambiguous",
                        &format!(
                            "\"{}\" matches {} catalog entries.",
                            preview(&lookup.mention),
                            lookup.matches.len()
                        ),
                    );
                    from_sources = true;
                    self.enqueue(vec![q]);
                }
                None => self.note(
                    Layer::Catalog,
                    "entity_resolved",
                    &format!(
                        "\"{}\" matches exactly one catalog entry; nothing to ask.",
                        preview(&lookup.mention)
                    ),
                ),
            }
        }
        if from_sources {
            self.note(
                Layer::Session,
                "detection_skipped",
                "The knowledge base or catalog already supplied the questions.",
            );
            self.proceed(fx);
            return Ok(());
        }
        match self.config.detection {
            Detection::Llm => {
                if let Some(c) = &self.convo {
                    let request = analysis::detection_request(&c.request, &c.history, &self.config);
                    self.counters.llm_calls = self.counters.llm_calls.saturating_add(1);
                    self.note(
                        Layer::Llm,
                        "detection_requested",
                        "Asking the LLM whether the request is ambiguous.",
                    );
                    self.phase = Phase::Detecting;
                    fx.push(Effect::RequestDetection { request });
                }
            }
            Detection::Embedded => {
                self.detect_embedded();
                self.proceed(fx);
            }
        }
        Ok(())
    }

    /// The finished exchange as history for a follow-on request.
    pub(super) fn finished_history(&self) -> Vec<Message> {
        let Some(c) = &self.convo else {
            return Vec::new();
        };
        let mut h = c.history.clone();
        h.push(Message::new(Role::User, c.request.clone()));
        if let Some(a) = self.answer() {
            h.push(Message::new(Role::Assistant, a));
        }
        h
    }
}
