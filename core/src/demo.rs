//! The built-in demo: a support bot's knowledge base and entity catalog, so offline mode
//! shows every source of questions without any host data.
//!
//! Try "my app crashes" (a document asks "Which Android version?" then "Describe the error"),
//! "I want a refund" (a document that hands off to a human after the answer), "Is the Pro
//! waterproof?" (three catalog entries are called "Pro"), "悠遊卡 投遞的格式、成效" (three
//! campaigns called 悠遊卡, then the report's questions), "我的应用一直闪退" (the crash
//! document's English questions, translated first when an LLM is configured) and "Plan a trip
//! to Paris" (no document: the embedded detector asks). The web app and the CLI both call [`context`], so
//! they behave the same.
//!
//! The data lives in `core/data/demo_kb.json` and `core/data/demo_catalog.json`, embedded at
//! build time; it is also the worked example of the JSON formats in [`crate::sources`].

use std::sync::OnceLock;

use crate::protocol::input::Context;
use crate::protocol::request::Message;
use crate::sources::{self, Catalog, KnowledgeBase};

/// The demo knowledge-base JSON, as shipped.
pub const KNOWLEDGE_BASE_JSON: &str = include_str!(concat!(env!("OUT_DIR"), "/demo_kb.json"));
/// The demo catalog JSON, as shipped.
pub const CATALOG_JSON: &str = include_str!(concat!(env!("OUT_DIR"), "/demo_catalog.json"));

/// The demo knowledge base (parsed once).
pub fn knowledge_base() -> &'static KnowledgeBase {
    static KB: OnceLock<KnowledgeBase> = OnceLock::new();
    // The shipped file is checked by a test; an empty base is the harmless fallback.
    KB.get_or_init(|| KnowledgeBase::from_json(KNOWLEDGE_BASE_JSON).unwrap_or_default())
}

/// The demo entity catalog (parsed once).
pub fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| Catalog::from_json(CATALOG_JSON).unwrap_or_default())
}

/// The [`Context`] for `request` against the demo data, for
/// [`Input::Start`](crate::Input::Start).
pub fn context(request: &str, history: &[Message]) -> Context {
    sources::context(request, history, knowledge_base(), catalog())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Config, Effect, Input, Session, Status};

    #[test]
    fn shipped_demo_data_is_valid() {
        assert!(KnowledgeBase::from_json(KNOWLEDGE_BASE_JSON).is_ok());
        assert!(Catalog::from_json(CATALOG_JSON).is_ok());
        assert!(knowledge_base().documents.len() >= 5);
        assert!(catalog().entities.len() >= 5);
    }

    #[test]
    fn shipped_demo_data_says_what_the_authored_files_say() {
        for (shipped, authored) in [
            (KNOWLEDGE_BASE_JSON, include_str!("../data/demo_kb.json")),
            (CATALOG_JSON, include_str!("../data/demo_catalog.json")),
        ] {
            assert!(shipped.len() < authored.len());
            let read = |text| serde_json::from_str::<serde_json::Value>(text).expect("JSON");
            assert_eq!(read(shipped), read(authored));
        }
    }

    #[test]
    fn app_crash_finds_the_android_document() {
        let c = context("my app crashes", &[]);
        let doc = c.document.expect("a document");
        assert_eq!(doc.id, "crash-android");
        assert!(!doc.requires_handoff);
    }

    #[test]
    fn a_request_about_the_world_finds_no_support_document() {
        // The demo is a support bot's: its documents are found by what users of the app say,
        // not by a word that many requests share.
        for request in [
            "Can you predict the next stock market crash?",
            "What's a strong password?",
            "Where can I get a PS5 for the best price?",
            "What's the cost of living in Tokyo?",
            "Write an invoice template",
        ] {
            let c = context(request, &[]);
            assert!(c.document.is_none(), "{request}: {:?}", c.document);
        }
        for (request, id) in [
            ("My app keeps crashing", "crash-android"),
            ("I forgot my password", "password-reset"),
            ("Which plan should I pick?", "plans"),
        ] {
            assert_eq!(context(request, &[]).document.expect(request).id, id);
        }
    }

    #[test]
    fn refund_requires_handoff() {
        let c = context("I want a refund, I was charged twice", &[]);
        assert!(c.document.expect("a document").requires_handoff);
    }

    #[test]
    fn pro_matches_three_entities() {
        let c = context("Is the Pro waterproof?", &[]);
        assert_eq!(c.entities.len(), 1);
        assert_eq!(c.entities[0].matches.len(), 3);
    }

    #[test]
    fn crash_conversation_asks_the_documents_questions_in_order() {
        let mut s = Session::new(Config::default());
        let request = "my app crashes";
        let fx = s
            .handle(Input::Start {
                request: request.into(),
                context: context(request, &[]),
                now: 0,
            })
            .unwrap();
        let Some(Effect::Ask { question, .. }) = fx.last() else {
            panic!("{fx:?}")
        };
        assert_eq!(question.text, "Which Android version?");
        assert_eq!(s.status(), Status::AwaitingClarification);
    }

    /// The crash document's questions are English: with an LLM, a Chinese user sees them only
    /// after they are translated.
    #[test]
    fn a_chinese_crash_report_gets_the_english_question_translated() {
        let mut s = Session::new(Config {
            detection: crate::Detection::Llm,
            ..Config::default()
        });
        let request = "我的应用一直闪退";
        let fx = s
            .handle(Input::Start {
                request: request.into(),
                context: context(request, &[]),
                now: 0,
            })
            .unwrap();
        assert!(
            matches!(fx.last(), Some(Effect::RequestTranslation { .. })),
            "{fx:?}"
        );
    }

    #[test]
    fn chinese_request_finds_the_report_and_the_namesakes() {
        let c = context("悠遊卡 投遞的格式、成效", &[]);
        assert_eq!(
            c.document.expect("a document").id,
            "easycard-campaign-report"
        );
        assert_eq!(c.entities[0].matches.len(), 3);
    }
}
