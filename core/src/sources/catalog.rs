//! The entity catalog: named things a request may mention, several of which may share a
//! name (zero matches → ask what they mean; one → proceed; several → ask which).

use serde::{Deserialize, Serialize};

use super::text::{Haystack, id_line};
use super::{Entity, EntityLookup, SourceError};

/// A host's entity catalog: `{"entities": [Entity, …]}` (format in the [module docs](super)).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Catalog {
    /// The entities, in the host's order (the order of options when several share a name).
    pub entities: Vec<Entity>,
}

impl Catalog {
    /// Parses and validates a catalog.
    ///
    /// # Errors
    /// [`SourceError::Json`] with line and column for malformed JSON or a wrong shape;
    /// [`SourceError::Invalid`] naming the entity (position, id, line) for an empty or
    /// duplicate id or an empty name.
    pub fn from_json(json: &str) -> Result<Self, SourceError> {
        let catalog: Self = serde_json::from_str(json).map_err(|e| SourceError::json(&e))?;
        for (i, e) in catalog.entities.iter().enumerate() {
            let invalid = |reason: &str| SourceError::Invalid {
                what: "entity",
                index: i + 1,
                id: e.id.clone(),
                line: id_line(json, i),
                reason: reason.to_owned(),
            };
            if e.id.trim().is_empty() {
                return Err(invalid("the id is empty"));
            }
            if e.name.trim().is_empty() {
                return Err(invalid("the name is empty"));
            }
            if catalog.entities[..i].iter().any(|o| o.id == e.id) {
                return Err(invalid("another entity has the same id"));
            }
        }
        Ok(catalog)
    }

    /// The entities `request` mentions, one lookup per mention, in the order they appear.
    ///
    /// Names and aliases match as whole words (ASCII case-insensitive) or, for Chinese, as
    /// substrings; where two names overlap ("Pro" inside "Pro Max") the longer one wins. A
    /// quoted term that names nothing in the catalog yields a lookup with no matches when the
    /// user asks about it (a question, or nothing but the quote); a quote inside an instruction
    /// (`Output "X" if …`) is a literal to use, not a name to resolve.
    pub fn lookup(&self, request: &str) -> Vec<EntityLookup> {
        let hay = Haystack::new(request);
        // (start, end, name) for every distinct name or alias found.
        let mut spans: Vec<(usize, usize, String)> = Vec::new();
        for e in &self.entities {
            for name in std::iter::once(&e.name).chain(&e.aliases) {
                let key = name.trim().to_ascii_lowercase();
                if spans.iter().any(|(_, _, k)| *k == key) {
                    continue;
                }
                if let Some((s, end)) = hay.find(&key, false) {
                    spans.push((s, end, key));
                }
            }
        }
        crate::text::sort_short_by(&mut spans, |a, b| {
            (b.1 - b.0).cmp(&(a.1 - a.0)).then(a.0.cmp(&b.0))
        });
        let mut taken: Vec<(usize, usize, String)> = Vec::new();
        for span in spans {
            if !taken.iter().any(|t| span.0 < t.1 && t.0 < span.1) {
                taken.push(span);
            }
        }
        let mut out: Vec<(usize, EntityLookup)> = taken
            .into_iter()
            .map(|(s, e, key)| {
                let matches = self
                    .entities
                    .iter()
                    .filter(|ent| {
                        std::iter::once(&ent.name)
                            .chain(&ent.aliases)
                            .any(|n| n.trim().to_ascii_lowercase() == key)
                    })
                    .cloned()
                    .collect();
                (
                    s,
                    EntityLookup {
                        mention: hay.slice(s, e).to_owned(),
                        matches,
                    },
                )
            })
            .collect();
        for (s, e) in hay.quoted() {
            if !asks_about(request, s, e) {
                continue;
            }
            let overlaps = out
                .iter()
                .any(|(start, l)| s < start + l.mention.len() && *start < e);
            if !overlaps {
                out.push((
                    s,
                    EntityLookup {
                        mention: hay.slice(s, e).trim().to_owned(),
                        matches: Vec::new(),
                    },
                ));
            }
        }
        crate::text::sort_short_by(&mut out, |a, b| a.0.cmp(&b.0));
        out.into_iter().map(|(_, l)| l).collect()
    }
}

/// Whether the quote at `start..end` in `request` is something the user asks about: the request
/// is a question, or has few words beside the quote, and is not a task that works on the text
/// it quotes (请把“谢谢你的帮助”翻译成日语 asks for a translation, not what the phrase names).
fn asks_about(request: &str, start: usize, end: usize) -> bool {
    /// Words from which a quote is a sentence someone said, not the name of a thing.
    const SENTENCE_WORDS: usize = 4;
    let quoted = request.get(start..end).unwrap_or_default();
    // "Stay hungry, stay foolish" — who said it?": a quotation, asked about as it stands.
    let sentence =
        quoted.contains([',', '，']) || quoted.split_whitespace().count() >= SENTENCE_WORDS;
    if sentence || crate::detector::get().is_some_and(|d| d.works_on_quote(request)) {
        return false;
    }
    let trimmed = request.trim_end();
    if trimmed.ends_with('?') || trimmed.ends_with('？') {
        return true;
    }
    let beside = request[..start]
        .chars()
        .chain(request[end..].chars())
        .filter(|c| c.is_alphanumeric())
        .count();
    beside < 12
}

#[cfg(test)]
mod tests {
    use super::*;

    const CATALOG: &str = r#"{"entities": [
        {"id": "pro-phone", "name": "Pro", "description": "Smartphone"},
        {"id": "pro-plan", "name": "Pro", "description": "Subscription plan"},
        {"id": "pro-max", "name": "Pro Max", "description": "Large smartphone"},
        {"id": "easycard-brand", "name": "悠遊卡", "description": "品牌活動"},
        {"id": "easycard-student", "name": "悠遊卡", "description": "學生卡推廣", "aliases": ["學生悠遊卡"]}
    ]}"#;

    fn ids(l: &EntityLookup) -> Vec<&str> {
        l.matches.iter().map(|e| e.id.as_str()).collect()
    }

    #[test]
    fn a_shared_name_yields_every_namesake() {
        let c = Catalog::from_json(CATALOG).unwrap();
        let found = c.lookup("My pro keeps crashing");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].mention, "pro");
        assert_eq!(ids(&found[0]), ["pro-phone", "pro-plan"]);
    }

    #[test]
    fn the_longest_name_wins() {
        let c = Catalog::from_json(CATALOG).unwrap();
        let found = c.lookup("Is the Pro Max waterproof?");
        assert_eq!(found.len(), 1);
        assert_eq!(ids(&found[0]), ["pro-max"]);
        let found = c.lookup("學生悠遊卡 成效");
        assert_eq!(ids(&found[0]), ["easycard-student"]);
    }

    #[test]
    fn chinese_names_match_inside_text() {
        let c = Catalog::from_json(CATALOG).unwrap();
        let found = c.lookup("悠遊卡 投遞的格式、成效");
        assert_eq!(found[0].mention, "悠遊卡");
        assert_eq!(ids(&found[0]), ["easycard-brand", "easycard-student"]);
    }

    #[test]
    fn an_unknown_quoted_term_has_no_matches() {
        let c = Catalog::from_json(CATALOG).unwrap();
        let found = c.lookup("Does \"Zeta Ultra\" work with the Pro Max?");
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].mention, "Zeta Ultra");
        assert!(found[0].matches.is_empty());
        assert_eq!(ids(&found[1]), ["pro-max"]);
    }

    #[test]
    fn a_quoted_sentence_is_a_quotation_not_a_name() {
        let c = Catalog::from_json(CATALOG).unwrap();
        for request in [
            "\"Stay hungry, stay foolish\" — where does it come from?",
            "Who first said \"the medium is the message\"?",
        ] {
            assert!(c.lookup(request).is_empty(), "{request}");
        }
        assert_eq!(c.lookup("What is \"Zeta Ultra\"?").len(), 1);
    }

    #[test]
    fn a_quote_inside_an_instruction_is_a_literal() {
        let c = Catalog::from_json(CATALOG).unwrap();
        assert!(
            c.lookup("Output \"X\" if the sentence contains a color, else \"Y\".")
                .is_empty()
        );
        assert!(
            c.lookup("把句子裡的「好」換成「很好」，其餘保持不變。")
                .is_empty()
        );
        let found = c.lookup("Tell me about \"Zeta\"");
        assert_eq!(found.len(), 1);
        assert!(found[0].matches.is_empty());
        // A phrase to translate or proofread is the task's material, not a name to look up.
        for request in [
            "请把“谢谢你的帮助”翻译成日语",
            "Translate \"Zeta\" into French",
            "Proofread \"Zeta is grate\"",
        ] {
            assert!(c.lookup(request).is_empty(), "{request}");
        }
    }

    #[test]
    fn nothing_mentioned_nothing_found() {
        let c = Catalog::from_json(CATALOG).unwrap();
        assert!(c.lookup("improve my productivity").is_empty());
        assert!(c.lookup("").is_empty());
        assert!(c.lookup(&"🙂 Pro ".repeat(20_000)).len() == 1);
    }

    #[test]
    fn invalid_entities_are_named() {
        let err =
            Catalog::from_json("{\"entities\": [\n{\"id\": \"a\", \"name\": \" \"}]}").unwrap_err();
        assert_eq!(
            err.to_string(),
            "entity #1 (id \"a\", line 2): the name is empty"
        );
        let err = Catalog::from_json("{\"entities\": [{\"id\": \"a\"}]}").unwrap_err();
        assert!(err.to_string().contains("missing field `name`"), "{err}");
    }
}
