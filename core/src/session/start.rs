//! Starting a conversation: gathering questions from the document, the catalog and detection.

use super::{Active, Conversation, Env, Phase};
use crate::analysis;
use crate::phrase::Phrase;
use crate::protocol::config::Detection;
use crate::protocol::document::{Document, EntityLookup};
use crate::protocol::effect::Effect;
use crate::protocol::input::Context;
use crate::protocol::prompt::SourceDocument;
use crate::protocol::question::QuestionId;
use crate::protocol::trace::Layer;
use crate::text::preview;

impl Active {
    /// Starts a conversation about `request` (already checked): document questions, entity
    /// questions, then detection (embedded at once, or an LLM request) unless a source already
    /// supplied questions; none of `shown_before`, the questions the session's earlier exchanges
    /// showed, is shown again.
    pub(super) fn start(
        request: String,
        context: Context,
        shown_before: Vec<QuestionId>,
        env: &mut Env,
        fx: &mut Vec<Effect>,
    ) -> Self {
        let Context {
            history,
            document,
            entities,
        } = context;
        let mut active = Self {
            conversation: Conversation {
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
                shown_before,
                resolutions: Vec::new(),
                unasked: Vec::new(),
                settled: Vec::new(),
                rounds: 1,
                declined_all: false,
                as_written: false,
                columns_asked: None,
                next_step: 0,
                step_pauses: 0,
                step_outputs: Vec::new(),
            },
            // Replaced below: by detection, or by `proceed`, which always sets a phase.
            phase: Phase::Detecting,
        };
        // From here on the trace speaks the conversation's language.
        env.speaks = active.conversation.language(&env.config);
        env.say(Layer::Session, "started", Phrase::NoteStarted, &[]);
        let from_sources = active.source_questions(document, entities, env);
        if from_sources {
            env.say(
                Layer::Session,
                "detection_skipped",
                Phrase::NoteDetectionSkipped,
                &[],
            );
            active.proceed(None, env, fx);
        } else {
            active.detect(env, fx);
        }
        active
    }

    /// Detection, at once by the embedded detector (then the conversation goes on), or by an
    /// LLM request.
    fn detect(&mut self, env: &mut Env, fx: &mut Vec<Effect>) {
        match env.config.detection {
            Detection::Llm => {
                let c = &self.conversation;
                let request = analysis::detection_request(&c.request, &c.history, &env.config);
                env.counters.llm_calls = env.counters.llm_calls.saturating_add(1);
                env.say(
                    Layer::Llm,
                    "detection_requested",
                    Phrase::NoteDetectionRequested,
                    &[],
                );
                self.phase = Phase::Detecting;
                fx.push(Effect::RequestDetection { request });
            }
            Detection::Embedded => self.detect_embedded_or_wait(env, fx),
        }
    }

    /// Queues the document's and the catalog's questions; `true` if there were any.
    fn source_questions(
        &mut self,
        document: Option<Document>,
        entities: Vec<EntityLookup>,
        env: &mut Env,
    ) -> bool {
        let mut from_sources = false;
        if let Some(doc) = document {
            let questions =
                crate::sources::document_questions(&doc, self.conversation.language(&env.config));
            env.say(
                Layer::Document,
                "document_matched",
                Phrase::NoteDocumentMatched,
                &[&doc.id, &questions.len().to_string()],
            );
            from_sources |= !questions.is_empty();
            self.enqueue(questions, env);
        }
        for lookup in entities {
            match crate::sources::entity_question(&lookup, self.conversation.language(&env.config))
            {
                Some(q) => {
                    env.say(
                        Layer::Catalog,
                        "entity_ambiguous",
                        Phrase::NoteEntityAmbiguous,
                        &[&preview(&lookup.mention), &lookup.matches.len().to_string()],
                    );
                    from_sources = true;
                    self.enqueue(vec![q], env);
                }
                None => env.say(
                    Layer::Catalog,
                    "entity_resolved",
                    Phrase::NoteEntityResolved,
                    &[&preview(&lookup.mention)],
                ),
            }
        }
        from_sources
    }
}
