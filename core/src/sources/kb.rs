//! The knowledge base: documents with keywords, clarifying questions and a handoff flag,
//! and a deterministic keyword search.

use serde::{Deserialize, Serialize};

use super::text::{Haystack, id_line};
use super::{Document, DocumentQuestion, SourceError};

/// A host's knowledge base: `{"documents": [Document, …]}` (format in the [module docs](super)).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnowledgeBase {
    /// The documents, in the host's order (which breaks ties in [`search`](Self::search)).
    pub documents: Vec<Document>,
}

/// A document that matched a request, with its score and the keywords that matched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoredDocument<'a> {
    /// The document.
    pub document: &'a Document,
    /// Higher is better; phrases and Chinese keywords weigh more than single words.
    pub score: u32,
    /// The keywords found in the request.
    pub matched: Vec<&'a str>,
}

impl KnowledgeBase {
    /// Parses and validates a knowledge base.
    ///
    /// # Errors
    /// [`SourceError::Json`] with line and column for malformed JSON or a wrong shape;
    /// [`SourceError::Invalid`] naming the document (position, id, line) for an empty or
    /// duplicate id, an empty question, or a question with one or more than four options.
    pub fn from_json(json: &str) -> Result<Self, SourceError> {
        let kb: Self = serde_json::from_str(json).map_err(|e| SourceError::json(&e))?;
        for (i, doc) in kb.documents.iter().enumerate() {
            let invalid = |reason: String| SourceError::Invalid {
                what: "document",
                index: i + 1,
                id: doc.id.clone(),
                line: id_line(json, i),
                reason,
            };
            if doc.id.trim().is_empty() {
                return Err(invalid("the id is empty".into()));
            }
            if kb.documents[..i].iter().any(|d| d.id == doc.id) {
                return Err(invalid("another document has the same id".into()));
            }
            for (q, dq) in doc.clarifying_questions.iter().enumerate() {
                let (text, options) = match dq {
                    DocumentQuestion::Text(t) => (t, 0),
                    DocumentQuestion::Detailed { text, options, .. } => (text, options.len()),
                };
                if text.trim().is_empty() {
                    return Err(invalid(format!("clarifying question {} is empty", q + 1)));
                }
                if options == 1 || options > 4 {
                    return Err(invalid(format!(
                        "clarifying question {} has {options} options; give none or 2 to 4",
                        q + 1
                    )));
                }
            }
        }
        Ok(kb)
    }

    /// The document that best matches `request`, if any keyword matches at all.
    pub fn search(&self, request: &str) -> Option<&Document> {
        self.rank(request).first().map(|s| s.document)
    }

    /// Every document with at least one matching keyword, best first; ties keep the host's
    /// order. Deterministic: no randomness, no hashing order.
    ///
    /// In a long request (more than [`LONG_REQUEST_WORDS`] words) one shared English word is no
    /// topic match: a document needs a phrase, a Chinese keyword or two of its keywords. A
    /// keyword inside a quote is text the request works on ("count the cells that contain
    /// \"refund\""), not its topic.
    pub fn rank(&self, request: &str) -> Vec<ScoredDocument<'_>> {
        let hay = Haystack::new(request);
        let quotes = hay.quotes(usize::MAX);
        let quoted = |(s, e): (usize, usize)| quotes.iter().any(|&(a, b)| a <= s && e <= b);
        let long = request.split_whitespace().count() > LONG_REQUEST_WORDS;
        // One English word weighs 2; a phrase, two words or a two-character Chinese keyword 3+.
        let needed = if long { weight("a") + 1 } else { 1 };
        let mut out: Vec<ScoredDocument<'_>> = self
            .documents
            .iter()
            .filter_map(|document| {
                let mut score = 0;
                let mut matched = Vec::new();
                for kw in &document.keywords {
                    if hay.find(kw, true).is_some_and(|span| !quoted(span)) {
                        score += weight(kw);
                        matched.push(kw.as_str());
                    }
                }
                (score >= needed).then_some(ScoredDocument {
                    document,
                    score,
                    matched,
                })
            })
            .collect();
        crate::text::sort_short_by(&mut out, |a, b| b.score.cmp(&a.score));
        out
    }
}

/// Words above which a request is long enough that a single shared word says little about its
/// topic.
const LONG_REQUEST_WORDS: usize = 25;

/// A keyword's weight: two per English word (a phrase is stronger evidence than a word), and
/// one plus one per character for Chinese, at most six.
fn weight(keyword: &str) -> u32 {
    let cjk = keyword.chars().filter(|c| !c.is_ascii()).count() as u32;
    if cjk > 0 {
        (1 + cjk).min(6)
    } else {
        2 * keyword.split_whitespace().count() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_shared_word_in_a_long_request_is_no_topic_match() {
        let kb = KnowledgeBase::from_json(KB).unwrap();
        let brief = "Write a blog post of about 800 words for small bakery owners on how to \
            photograph their cakes for social media, with natural light, cheap props and phone \
            settings; mention that the course we sell is priced fairly and ask for a refund";
        assert!(kb.search(brief).is_none(), "{:?}", kb.rank(brief));
        assert_eq!(
            kb.search("I want a refund").map(|d| d.id.as_str()),
            Some("refund")
        );
        let long_on_topic = format!("{brief}, and give me my money back");
        assert_eq!(
            kb.search(&long_on_topic).map(|d| d.id.as_str()),
            Some("refund")
        );
    }

    const KB: &str = r#"{"documents": [
        {"id": "crash", "title": "Crashes", "keywords": ["crash", "keeps closing", "閃退"],
         "clarifying_questions": ["Which Android version?"]},
        {"id": "refund", "title": "Refunds", "keywords": ["refund", "money back"], "requires_handoff": true}
    ]}"#;

    #[test]
    fn search_finds_by_word_stem_phrase_and_chinese() {
        let kb = KnowledgeBase::from_json(KB).unwrap();
        assert_eq!(kb.search("My app crashes on start").unwrap().id, "crash");
        assert_eq!(kb.search("I want my MONEY BACK").unwrap().id, "refund");
        assert_eq!(kb.search("App 一直閃退").unwrap().id, "crash");
        assert!(kb.search("What is the weather?").is_none());
    }

    #[test]
    fn a_keyword_inside_a_quote_is_text_worked_on() {
        let kb = KnowledgeBase::from_json(KB).unwrap();
        assert!(
            kb.search("How do I count the cells in column B that contain \"refund\"?")
                .is_none()
        );
        assert_eq!(kb.search("How do I get a refund?").unwrap().id, "refund");
    }

    #[test]
    fn a_phrase_outweighs_a_single_word() {
        let kb = KnowledgeBase::from_json(KB).unwrap();
        let ranked = kb.rank("refund? it keeps closing");
        assert_eq!(ranked[0].document.id, "crash");
        assert_eq!(ranked[0].score, 4);
        assert_eq!(ranked[1].score, 2);
    }

    #[test]
    fn malformed_json_names_line_and_column() {
        let err = KnowledgeBase::from_json("{\"documents\": [\n  {\"title\": \"no id\"}\n]}")
            .unwrap_err();
        let SourceError::Json { line, .. } = &err else {
            panic!("{err:?}")
        };
        assert_eq!(*line, 2);
        assert!(err.to_string().contains("missing field `id`"), "{err}");
    }

    #[test]
    fn invalid_entry_names_the_document_and_its_line() {
        let json = "{\"documents\": [\n {\"id\": \"a\"},\n {\"id\": \"b\",\n  \"clarifying_questions\": [{\"text\": \"Which?\", \"options\": [\"only\"]}]}]}";
        let err = KnowledgeBase::from_json(json).unwrap_err();
        assert_eq!(
            err.to_string(),
            "document #2 (id \"b\", line 3): clarifying question 1 has 1 options; give none or 2 to 4"
        );
        let dup = KnowledgeBase::from_json("{\"documents\": [{\"id\": \"a\"}, {\"id\": \"a\"}]}")
            .unwrap_err();
        assert!(dup.to_string().contains("same id"), "{dup}");
    }

    #[test]
    fn huge_and_odd_requests_are_handled() {
        let kb = KnowledgeBase::from_json(KB).unwrap();
        let huge = format!("{} crash", "🙂 x ".repeat(30_000));
        assert!(kb.rank(&huge).len() <= 2);
        assert!(kb.search("").is_none());
    }
}
