//! Keeping the API key out of what an endpoint sends back.
//!
//! An endpoint may quote the key it was sent: OpenAI's 401 says "Incorrect API key provided:
//! sk-…", a proxy may echo the request's headers in its error page, and a model may repeat a key
//! that was pasted into a request. Everything a host shows, saves, traces, logs or emits of a
//! reply comes out of the [`Exchange`](crate::exchange::Exchange), which passes it through one
//! [`Redactor`] first: every occurrence of the configured key becomes [`REDACTED`], and in the
//! server's and the network layer's own words (an error) so does any `Bearer …` credential,
//! the value of an `Authorization` header. Streamed text is redacted across chunk boundaries:
//! the end of a piece that could be the start of the key is held back until the next piece
//! says whether it is.

use std::borrow::Cow;

use crate::wire::{CallError, HostWords};

/// What stands in for a key or a credential in text.
pub const REDACTED: &str = "[redacted]";

/// Shortest key looked for in text. A shorter "key" is a placeholder a local server asks for
/// ("none", "ollama"), not a secret, and would match ordinary words of a model's answer.
pub const MIN_KEY_CHARS: usize = 8;

/// Shortest token after `Bearer ` taken for a credential in an error text.
const MIN_BEARER_CHARS: usize = 8;

/// Removes one key from text; see the [module](self) docs.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Redactor {
    /// The key looked for (trimmed); `None` without a key or with one shorter than
    /// [`MIN_KEY_CHARS`].
    key: Option<String>,
    /// Streamed text held back: the end of the text so far that could begin the key.
    held: String,
}

impl std::fmt::Debug for Redactor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Redactor").finish_non_exhaustive()
    }
}

impl Redactor {
    /// A redactor of `key` (none: only `Bearer` credentials in errors are removed).
    pub fn new(key: Option<&str>) -> Self {
        let key = key
            .map(str::trim)
            .filter(|k| k.chars().count() >= MIN_KEY_CHARS)
            .map(str::to_owned);
        Self {
            key,
            held: String::new(),
        }
    }

    /// `text` without the key.
    pub fn text<'a>(&self, text: &'a str) -> Cow<'a, str> {
        match &self.key {
            Some(key) if text.contains(key.as_str()) => Cow::Owned(text.replace(key, REDACTED)),
            _ => Cow::Borrowed(text),
        }
    }

    /// `text` of an error (the server's or the network layer's words) without the key and
    /// without any `Bearer` credential.
    pub fn words(&self, text: &str) -> String {
        without_bearer(&self.text(text))
    }

    /// The next piece of a stream, redacted: the text that can be shown now. What could be the
    /// start of the key is held back for the next piece or [`flush`](Self::flush).
    pub fn stream(&mut self, piece: &str) -> String {
        let Some(key) = &self.key else {
            return piece.to_owned();
        };
        let mut text = std::mem::take(&mut self.held);
        text.push_str(piece);
        let text = text.replace(key.as_str(), REDACTED);
        let keep = held_back(&text, key);
        self.held = text[keep..].to_owned();
        text[..keep].to_owned()
    }

    /// The text held back at the end of a stream (it was not the key after all).
    pub fn flush(&mut self) -> String {
        std::mem::take(&mut self.held)
    }

    /// `error` with the key and any `Bearer` credential removed from what the server and the
    /// network layer said.
    pub fn error(&self, mut error: CallError) -> CallError {
        match &mut error {
            CallError::Unauthorized { detail, .. }
            | CallError::NotFound { detail, .. }
            | CallError::RateLimited { detail }
            | CallError::Server { detail, .. }
            | CallError::Rejected { detail, .. }
            | CallError::Interrupted { detail, .. }
            | CallError::BadReply(detail)
            | CallError::StreamError(detail)
            | CallError::Unreachable {
                detail: HostWords::Said(detail),
                ..
            }
            | CallError::Blocked {
                reason: HostWords::Said(detail),
                ..
            }
            | CallError::Refused {
                reason: HostWords::Said(detail),
                ..
            } => *detail = self.words(detail),
            CallError::Unreachable { .. }
            | CallError::Offline
            | CallError::Blocked { .. }
            | CallError::Refused { .. }
            | CallError::Timeout { .. }
            | CallError::Cancelled
            | CallError::TooLarge { .. }
            | CallError::ReasoningCut => {}
        }
        error
    }
}

/// Where the text that may be shown ends: before the longest end of `text` that is a proper
/// start of `key` (an occurrence of the whole key is already replaced).
fn held_back(text: &str, key: &str) -> usize {
    let mut from = text.len().saturating_sub(key.len().saturating_sub(1));
    while from < text.len() {
        if text.is_char_boundary(from) && key.starts_with(&text[from..]) {
            return from;
        }
        from += 1;
    }
    text.len()
}

/// `text` with the token after each `Bearer ` (or `bearer `) of at least
/// [`MIN_BEARER_CHARS`] characters replaced.
fn without_bearer(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    // "earer " after a letter, so the letter before it can be looked at.
    while let Some(at) = rest.get(1..).and_then(|r| r.find("earer ")).map(|i| i + 1) {
        let (before, after) = rest.split_at(at + "earer ".len());
        out.push_str(before);
        let scheme = matches!(before.as_bytes()[at - 1], b'B' | b'b');
        let len = after
            .find(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | ',' | ';'))
            .unwrap_or(after.len());
        let token = &after[..len];
        out.push_str(if scheme && token.chars().count() >= MIN_BEARER_CHARS {
            REDACTED
        } else {
            token
        });
        rest = &after[len..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    const KEY: &str = "sk-5ecret-key-42";

    #[test]
    fn the_key_is_replaced_everywhere_in_a_text() {
        let r = Redactor::new(Some(KEY));
        assert_eq!(
            r.text("Incorrect API key provided: sk-5ecret-key-42. Again: sk-5ecret-key-42"),
            "Incorrect API key provided: [redacted]. Again: [redacted]"
        );
        assert!(matches!(r.text("nothing here"), Cow::Borrowed(_)));
        // A key given with spaces around it is looked for without them.
        let r = Redactor::new(Some("  sk-5ecret-key-42\n"));
        assert_eq!(r.text("x sk-5ecret-key-42 y"), "x [redacted] y");
    }

    #[test]
    fn short_placeholders_are_not_looked_for_in_text() {
        let r = Redactor::new(Some("ollama"));
        assert_eq!(r.text("ollama runs models"), "ollama runs models");
        let mut r = Redactor::new(None);
        assert_eq!(r.stream("sk-anything"), "sk-anything");
    }

    #[test]
    fn bearer_credentials_are_removed_from_error_words() {
        let r = Redactor::new(None);
        assert_eq!(
            r.words("got header Authorization: Bearer abcdefgh12345, rejected"),
            "got header Authorization: Bearer [redacted], rejected"
        );
        assert_eq!(
            r.words("Bearer \"tok-123456789\" and bearer short, wearer tok-123456789"),
            "Bearer \"tok-123456789\" and bearer short, wearer tok-123456789"
        );
        assert_eq!(r.words("bearer tok-123456789"), "bearer [redacted]");
        assert_eq!(
            r.words("earer x Bearer tok-123456789"),
            "earer x Bearer [redacted]"
        );
        assert_eq!(r.words("ünïcödé Bearer"), "ünïcödé Bearer");
    }

    #[test]
    fn a_key_split_across_pieces_never_shows() {
        let mut r = Redactor::new(Some(KEY));
        let mut shown: String = ["Your key is sk-5ec", "ret-k", "ey-42, and sk-", "5x done"]
            .into_iter()
            .map(|p| r.stream(p))
            .collect();
        shown.push_str(&r.flush());
        assert_eq!(shown, "Your key is [redacted], and sk-5x done");
        // Held-back text that turns out not to be the key comes out at once with the next piece.
        let mut r = Redactor::new(Some(KEY));
        assert_eq!(r.stream("a sk-"), "a ");
        assert_eq!(r.stream("no"), "sk-no");
    }

    #[test]
    fn errors_lose_the_key_and_bearer_tokens_in_every_quoted_field() {
        let r = Redactor::new(Some(KEY));
        let said = format!(": Incorrect API key provided: {KEY}");
        for error in [
            CallError::Unauthorized {
                status: 401,
                detail: said.clone(),
            },
            CallError::Server {
                status: 500,
                detail: said.clone(),
            },
            CallError::RateLimited {
                detail: said.clone(),
            },
            CallError::Rejected {
                status: 400,
                detail: said.clone(),
            },
            CallError::NotFound {
                model: "m".into(),
                detail: said.clone(),
            },
            CallError::BadReply(said.clone()),
            CallError::StreamError(said.clone()),
            CallError::Interrupted {
                received: 3,
                detail: said.clone(),
            },
            CallError::Unreachable {
                endpoint: "http://h".into(),
                detail: HostWords::Said(said),
            },
            CallError::Blocked {
                endpoint: "http://h".into(),
                reason: format!("Authorization: Bearer {KEY}x").into(),
            },
        ] {
            let shown = r.error(error).to_string();
            assert!(!shown.contains("5ecret"), "{shown}");
            assert!(shown.contains(REDACTED), "{shown}");
        }
    }

    proptest! {
        #[test]
        fn any_chunking_of_a_streamed_text_shows_what_the_whole_text_shows(
            before in "[a-z sk5-]{0,20}",
            after in "[a-z sk5-]{0,20}",
            cuts in proptest::collection::vec(0..40usize, 0..8),
        ) {
            let whole = format!("{before}{KEY}{after}{KEY}");
            let mut r = Redactor::new(Some(KEY));
            let mut shown = String::new();
            let mut from = 0;
            for cut in cuts {
                let to = (from + cut).min(whole.len());
                shown.push_str(&r.stream(&whole[from..to]));
                prop_assert!(!shown.contains(KEY));
                from = to;
            }
            shown.push_str(&r.stream(&whole[from..]));
            shown.push_str(&r.flush());
            prop_assert_eq!(&shown, &r.text(&whole).into_owned());
            prop_assert!(!shown.contains("5ecret"));
        }
    }
}
