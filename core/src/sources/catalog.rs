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
    /// substrings; where two names overlap ("Pro" inside "Pro Max") the longer one wins. In a
    /// request that names one of the catalog's things, a quoted term that names nothing in it
    /// yields a lookup with no matches when the user asks about it (a question, or nothing but
    /// the quote); a quote inside an instruction
    /// (`Output "X" if …`) is a literal to use, not a name to resolve. A name that ends another
    /// name ("Pro" in "iPhone 15 Pro", "MacBook Pro") is that other thing, and one written in
    /// other case in a request of another language ("pro" in "Traduz pro inglês", "pro Dosis")
    /// is that language's word.
    pub fn lookup(&self, request: &str) -> Vec<EntityLookup> {
        let hay = Haystack::new(request);
        let foreign = crate::detector::get().is_some_and(|d| {
            d.columns_wanted(request).is_some() || d.unread_language(request).is_some()
        });
        // (start, end, name) for every distinct name or alias found.
        let mut spans: Vec<(usize, usize, String)> = Vec::new();
        for e in &self.entities {
            for name in std::iter::once(&e.name).chain(&e.aliases) {
                let key = name.trim().to_ascii_lowercase();
                if spans.iter().any(|(_, _, k)| *k == key) {
                    continue;
                }
                if let Some((s, end)) = hay.find(&key, false) {
                    let as_written = hay.slice(s, end);
                    let same_case = std::iter::once(&e.name)
                        .chain(&e.aliases)
                        .any(|n| n.trim() == as_written);
                    if !ends_another_name(hay.slice(0, s)) && (same_case || !foreign) {
                        spans.push((s, end, key));
                    }
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
        // A quote is one of the catalog's things only beside one it knows ("Does "Zeta Ultra"
        // work with the Pro Max?"): alone, a quoted title, term or saying ("Who painted "The
        // Starry Night"?", "“内卷”是什么意思？") is the reader's to know, not this catalog's.
        let about_the_catalog = !out.is_empty();
        for (s, e) in hay.quoted().into_iter().filter(|_| about_the_catalog) {
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

/// Whether the text `before` a name makes it the end of another name: the word just before it
/// has a digit ("Pixel 8 Pro"), a capital inside it ("iPhone", "MacBook"), or a capital that
/// does not open the sentence ("Surface Pro").
fn ends_another_name(before: &str) -> bool {
    let Some(head) = before.strip_suffix(' ') else {
        return false;
    };
    let word = head.rsplit(char::is_whitespace).next().unwrap_or_default();
    let opens = head[..head.len() - word.len()]
        .trim_end()
        .chars()
        .next_back()
        .is_none_or(|c| ".?!:;\n。？！：；".contains(c));
    let mut letters = word.chars().filter(|c| c.is_alphanumeric());
    let first = letters.next();
    word.chars().any(|c| c.is_ascii_digit())
        || letters.any(char::is_uppercase)
        || (first.is_some_and(char::is_uppercase) && !opens)
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
        assert_eq!(c.lookup("Is \"Zeta Ultra\" cheaper than the Pro?").len(), 2);
    }

    #[test]
    fn a_quote_is_the_catalogs_only_beside_a_thing_it_knows() {
        let c = Catalog::from_json(CATALOG).unwrap();
        for request in [
            "What is \"Zeta Ultra\"?",
            "Who painted \"The Starry Night\" and when?",
            "面试的时候被问到“你最大的缺点是什么”应该怎么回答？",
            "“内卷”是什么意思？",
        ] {
            assert!(c.lookup(request).is_empty(), "{request}");
        }
    }

    #[test]
    fn a_name_that_ends_another_name_is_that_other_thing() {
        let c = Catalog::from_json(CATALOG).unwrap();
        for request in [
            "How do the iPhone 15 Pro and Pixel 8 Pro compare for low-light photos?",
            "Is a used MacBook Pro worth $1,200?",
            "iPad Air 跟 iPad Pro 差在哪裡？",
            "Is the Surface Pro good for drawing?",
        ] {
            assert!(c.lookup(request).is_empty(), "{request}");
        }
        for request in [
            "Pro or Pro Max?",
            "Which is better, Basic or Pro?",
            "My pro crashed",
        ] {
            assert!(!c.lookup(request).is_empty(), "{request}");
        }
    }

    #[test]
    fn a_name_in_other_case_in_another_language_is_that_languages_word() {
        let c = Catalog::from_json(CATALOG).unwrap();
        for request in [
            "Traduz pro inglês: \"Segue em anexo o relatório.\"",
            "Wie viel Ibuprofen-Saft darf sie pro Dosis bekommen?",
        ] {
            assert!(c.lookup(request).is_empty(), "{request}");
        }
        assert_eq!(c.lookup("Mi Pro no enciende").len(), 1);
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
        let found = c.lookup("Is \"Zeta\" as fast as the Pro Max?");
        assert_eq!(found.len(), 2);
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
