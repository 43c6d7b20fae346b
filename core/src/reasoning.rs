//! A reasoning model's thinking, taken out of its text: DeepSeek-R1 and Qwen3 served without a
//! reasoning parser (Ollama, vLLM, llama.cpp) begin their text with a `<think>…</think>` block,
//! which may hold a draft of the very JSON asked for. Whoever reads a reply — the exchange as
//! it streams, the detection and translation parsers — reads what follows the block; the
//! thinking is counted, never kept, so it reaches no page, prompt, snapshot or event.

/// Opening tags of a reasoning block at the start of a reply's text, and their closing tags.
const REASONING_TAGS: [(&str, &str); 3] = [
    ("<think>", "</think>"),
    ("<thinking>", "</thinking>"),
    ("<reasoning>", "</reasoning>"),
];

/// Takes a reasoning model's thinking out of its text as the text arrives: a `<think>`,
/// `<thinking>` or `<reasoning>` block at the start (after blank space), whole or split across
/// pieces anywhere — in the tag, in the block, in the closing tag. What follows the block
/// (blank space trimmed) is the text; a reply that starts otherwise is passed through as it
/// comes, and a block never closed is all reasoning. The reasoning is counted, never kept.
#[derive(Debug, Clone, Default)]
pub struct ReasoningFilter {
    state: FilterState,
    /// Text held back: a possible opening tag, or the end of the block that may start its
    /// closing tag.
    held: String,
    reasoning_chars: usize,
}

/// Where a [`ReasoningFilter`] is in the text.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
enum FilterState {
    /// Nothing but blank space yet.
    #[default]
    Start,
    /// Inside a block that ends with this closing tag.
    Inside(&'static str),
    /// After the block: blank space is dropped until the text begins.
    After,
    /// The text.
    Text,
}

impl ReasoningFilter {
    /// Feeds the next piece; returns the text it releases (often empty while reasoning).
    pub fn push(&mut self, piece: &str) -> String {
        match self.state {
            FilterState::Text => return piece.to_owned(),
            FilterState::After => {
                let text = piece.trim_start();
                if !text.is_empty() {
                    self.state = FilterState::Text;
                }
                return text.to_owned();
            }
            FilterState::Start | FilterState::Inside(_) => {}
        }
        self.held.push_str(piece);
        if self.state == FilterState::Start {
            let started = self.held.trim_start();
            if started.is_empty() {
                return String::new();
            }
            if let Some((open, close)) = REASONING_TAGS.iter().find(|(o, _)| started.starts_with(o))
            {
                let rest = started[open.len()..].to_owned();
                self.held = rest;
                self.state = FilterState::Inside(close);
            } else if REASONING_TAGS.iter().any(|(o, _)| o.starts_with(started)) {
                return String::new();
            } else {
                self.state = FilterState::Text;
                return std::mem::take(&mut self.held);
            }
        }
        let FilterState::Inside(close) = self.state else {
            return String::new();
        };
        if let Some(at) = self.held.find(close) {
            self.reasoning_chars += self.held[..at].chars().count();
            let after = self.held[at + close.len()..].to_owned();
            self.held.clear();
            self.state = FilterState::After;
            return self.push(&after);
        }
        // Keep what may be the start of the closing tag; the rest is reasoning.
        let mut keep = self.held.len().saturating_sub(close.len() - 1);
        while !self.held.is_char_boundary(keep) {
            keep -= 1;
        }
        self.reasoning_chars += self.held[..keep].chars().count();
        self.held.drain(..keep);
        String::new()
    }

    /// The text ends: what was held back as a possible opening tag is text after all; a block
    /// never closed was reasoning.
    pub fn finish(&mut self) -> String {
        let held = std::mem::take(&mut self.held);
        match self.state {
            FilterState::Start => {
                self.state = FilterState::Text;
                held
            }
            FilterState::Inside(_) => {
                self.reasoning_chars += held.chars().count();
                String::new()
            }
            FilterState::After | FilterState::Text => String::new(),
        }
    }

    /// Whether the model is inside its reasoning block.
    pub fn is_inside(&self) -> bool {
        matches!(self.state, FilterState::Inside(_))
    }

    /// Characters of reasoning seen so far.
    pub fn reasoning_chars(&self) -> usize {
        self.reasoning_chars
    }
}

/// `text` without a leading reasoning block (see [`ReasoningFilter`]): what a reply's reader
/// (the detection and translation parsers) reads, whoever fetched it.
#[inline(never)]
pub fn without_reasoning(text: &str) -> String {
    let mut filter = ReasoningFilter::default();
    let mut out = filter.push(text);
    out.push_str(&filter.finish());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reply as DeepSeek-R1 served without a reasoning parser sends it: a block holding a
    /// draft of the JSON, blank lines, then the reply.
    const REPLY: &str = "<think>\nThe user says {\"needs_clarification\": false}… </ no.\n</think>\n\n{\"needs_clarification\": true}";
    const TEXT: &str = "{\"needs_clarification\": true}";

    fn filtered(pieces: &[&str]) -> (String, usize) {
        let mut filter = ReasoningFilter::default();
        let mut out: String = pieces.iter().map(|p| filter.push(p)).collect();
        out.push_str(&filter.finish());
        (out, filter.reasoning_chars())
    }

    #[test]
    fn a_leading_block_is_taken_out_whole_or_split_at_any_character() {
        let (whole, reasoning) = filtered(&[REPLY]);
        assert_eq!(whole, TEXT);
        assert!(reasoning > 30, "{reasoning}");
        let cuts: Vec<usize> = REPLY.char_indices().map(|(i, _)| i).collect();
        for &i in &cuts {
            assert_eq!(
                filtered(&[&REPLY[..i], &REPLY[i..]]).0,
                TEXT,
                "split at {i}"
            );
            for &j in cuts.iter().filter(|&&j| j > i).step_by(3) {
                let three = [&REPLY[..i], &REPLY[i..j], &REPLY[j..]];
                assert_eq!(filtered(&three).0, TEXT, "split at {i}/{j}");
            }
        }
        let chars: Vec<String> = REPLY.chars().map(String::from).collect();
        let one_by_one: Vec<&str> = chars.iter().map(String::as_str).collect();
        assert_eq!(filtered(&one_by_one), (TEXT.to_owned(), reasoning));
    }

    #[test]
    fn each_tag_is_read_and_other_text_passes_through_as_it_comes() {
        for (open, close) in REASONING_TAGS {
            let reply = format!("  {open}draft{close} Answer");
            assert_eq!(filtered(&[&reply]).0, "Answer", "{open}");
        }
        for plain in [
            "Answer <think>x</think>",
            "<thing>",
            "<",
            "  ",
            "<b>bold</b>",
            "",
        ] {
            assert_eq!(filtered(&[plain]).0, plain);
            assert_eq!(without_reasoning(plain), plain);
        }
        // Text that begins like a tag and is not one is released once it differs.
        let mut filter = ReasoningFilter::default();
        assert_eq!(filter.push("<thi"), "");
        assert_eq!(filter.push("s is text"), "<this is text");
        assert_eq!(filter.push(" and more"), " and more");
    }

    #[test]
    fn a_block_never_closed_is_all_reasoning() {
        let mut filter = ReasoningFilter::default();
        assert_eq!(filter.push("<think>I must think about "), "");
        assert!(filter.is_inside());
        assert_eq!(filter.push("this for a long time </thi"), "");
        assert_eq!(filter.finish(), "");
        assert_eq!(
            filter.reasoning_chars(),
            "I must think about this for a long time </thi".len()
        );
    }
}
