//! What a follow-up leaves open of the assistant's reply just before it: one of the things
//! the reply listed, picked and not named; a detail it asked that the follow-up did not answer;
//! the material it asked for; what happens now after a fix that failed.

use super::{
    Finding, Given, Kind, LIST_SEPARATORS, char_listed, chinese, directs, holds_material, in_list,
    in_list_at, is_cjk, is_number, list, rules, script_counts, word_list, words_of,
};
use crate::detect::frames::Words;
use crate::protocol::request::{Message, Role};

/// What a follow-up leaves open of the assistant's reply just before it, in English (`words`)
/// or Chinese (no `words`): one of the things it listed, picked and not named
/// ([`picked_unnamed`]); the detail it asked that the follow-up did not answer
/// ([`unanswered_question`]); and, when the follow-up gives no material, the material it asked
/// for ([`material_asked_for`]) or what happens now after a fix that failed ([`still_failing`]).
pub(super) fn reply_findings(
    findings: &mut Vec<Finding>,
    text: &str,
    words: &[&str],
    given: Given<'_>,
) {
    let Some(reply) = given.earlier.last().filter(|m| m.role == Role::Assistant) else {
        return;
    };
    if !findings.iter().any(|f| f.kind == Kind::AmbiguousReference)
        && let Some(evidence) = picked_unnamed(text, words, reply)
    {
        findings.push(rules::finding(Kind::AmbiguousReference, evidence));
    }
    if let Some(question) = unanswered_question(text, words, reply, given.material) {
        findings.push(rules::finding(Kind::MissingContext, question));
    }
    let follow_up = Message::new(Role::User, text);
    let gives = given.material || given.quoted || given.after_colon || holds_material(&[follow_up]);
    if !gives && let Some(material) = material_asked_for(reply) {
        findings.push(rules::finding(Kind::MissingContext, material));
    }
    if !gives && let Some(failure) = still_failing(text, words) {
        findings.push(rules::finding(Kind::MissingContext, failure));
    }
}

/// A short follow-up saying the fix of the assistant's reply failed and giving no error
/// (`still-failing`: "still not working", "还是不行"): what happens now is asked. The evidence
/// is the words that say so.
fn still_failing(text: &str, words: &[&str]) -> Option<String> {
    const FAILURE_WORDS: usize = 8;
    if words.is_empty() {
        let short = script_counts(text).0 <= FAILURE_WORDS * 2;
        let failure = list(word_list(Words::ZhStillFailing)).find(|w| text.contains(w));
        failure.filter(|_| short).map(str::to_owned)
    } else {
        let (at, phrase) = rules::phrase_in(words, Words::StillFailing)?;
        let said = &words[at..at + phrase.split('+').count()];
        (words.len() <= FAILURE_WORDS).then(|| said.join(" "))
    }
}

/// Whether a missing-context finding's evidence is a failure told ([`still_failing`]).
pub(super) fn tells_failure(evidence: &str) -> bool {
    let words: Vec<&str> = evidence.split(' ').collect();
    rules::phrase_in(&words, Words::StillFailing).is_some()
        || list(word_list(Words::ZhStillFailing)).any(|w| evidence == w)
}

/// The material the assistant's last reply asked to be pasted or sent, as its question names
/// it: "my intro" for "Paste the intro here…" (the first word of `artifacts` after a verb of
/// `asks-material` in its clause, else "my text" after one of `asks-text`), 会议记录 for "请把会议记录贴上来" (what stands
/// between 把 and the verb of `zh-asks-material`, else the first of `zh-materials` after it).
fn material_asked_for(reply: &Message) -> Option<String> {
    let sentences = reply.content.split_inclusive(SENTENCE_ENDS);
    sentences.into_iter().find_map(|sentence| {
        if sentence.contains(is_cjk) {
            let verb = list(word_list(Words::ZhAsksMaterial)).find_map(|v| sentence.find(v))?;
            let before = &sentence[..verb];
            let named = (before.rfind('把')).map(|at| before[at + '把'.len_utf8()..].trim());
            let material =
                || list(word_list(Words::ZhMaterials)).find(|m| sentence[verb..].contains(m));
            named
                .filter(|n| !n.is_empty())
                .or_else(material)
                .map(str::to_owned)
        } else {
            // Within the verb's clause: "Paste what you've written so far, or … a conclusion"
            // asks for the text, not the conclusion to come.
            let lower = sentence.to_ascii_lowercase();
            let clause = lower
                .split([',', ';'])
                .find(|c| words_of(c).iter().any(|w| in_list(Words::AsksMaterial, w)))?;
            let words = words_of(clause);
            let verb = words.iter().position(|w| in_list(Words::AsksMaterial, w))?;
            let noun = words[verb..].iter().find(|w| in_list(Words::Artifacts, w));
            let text = in_list(Words::AsksText, words[verb]).then_some("text");
            Some(format!("my {}", noun.copied().or(text)?))
        }
    })
}

/// The question the assistant's last reply asked for a detail, as it was written, when the
/// follow-up asks or directs something else instead of answering it: "Which county is your
/// property in?" before "can i pay with a credit card tho", "孩子多大了？" before "三四天了 没发烧
/// 吃点什么药好". A question asks a detail with a word of `asks-detail` or `asks-amount` and no
/// offer of help (`offers`: "What would you like to know?"); in Chinese from the clause that
/// asks ("好的，是去哪个国家？" asks from 是). A figure answers a question of an amount, and the
/// user saying they do not know (`dont-know`) answers any.
fn unanswered_question(
    text: &str,
    words: &[&str],
    reply: &Message,
    material: bool,
) -> Option<String> {
    let zh_holds = |text: &str, list| rules::holds_any(text, list);
    let (asks, figure) = if words.is_empty() {
        let asks = text.contains(['？', '?'])
            || [
                Words::ZhQuestionWords,
                Words::ZhAsksDetail,
                Words::ZhAsksAmount,
            ]
            .into_iter()
            .any(|list| zh_holds(text, list))
            || chinese::zh_directs(text);
        // "两百", "五岁", "30年": a numeral but 一, which more often means "a" ("一下").
        let numeral =
            |c: char| c.is_ascii_digit() || (c != '一' && char_listed(Words::ZhNumerals, c));
        (
            asks && !zh_holds(text, Words::ZhDontKnow),
            text.contains(numeral),
        )
    } else {
        let asks = text.contains('?')
            || in_list_at(words, 0, Words::QuestionOpeners)
            || directs(words).is_some();
        let unsure = rules::phrase_in(words, Words::DontKnow).is_some();
        (asks && !unsure, words.iter().any(|w| is_number(w)))
    };
    if !asks || material {
        return None;
    }
    let asked = |sentence: &str| {
        let (start, detail, amount, offers) = if sentence.contains(is_cjk) {
            let asking =
                |c: &str| zh_holds(c, Words::ZhAsksDetail) || zh_holds(c, Words::ZhAsksAmount);
            let clauses = sentence.split_inclusive(['，', ',']);
            let start: usize = clauses.take_while(|c| !asking(c)).map(str::len).sum();
            let from = &sentence[start..];
            let amount = zh_holds(from, Words::ZhAsksAmount);
            (
                start,
                !from.is_empty(),
                amount,
                zh_holds(from, Words::ZhOffers),
            )
        } else {
            let lower = sentence.to_ascii_lowercase();
            let words = words_of(&lower);
            let phrase = |list| rules::phrase_in(&words, list).is_some();
            let amount = phrase(Words::AsksAmount);
            (
                0,
                amount || phrase(Words::AsksDetail),
                amount,
                phrase(Words::Offers),
            )
        };
        (detail && !offers && !(amount && figure)).then(|| sentence[start..].to_owned())
    };
    let sentences = reply.content.split_inclusive(SENTENCE_ENDS);
    let questions = sentences
        .map(str::trim)
        .filter(|s| s.ends_with(['?', '？']));
    questions.rev().find_map(asked)
}

/// The marks that end a sentence of a reply, in English and Chinese.
const SENTENCE_ENDS: [char; 7] = ['.', '!', '?', '。', '！', '？', '\n'];

/// What a follow-up picks, without naming it, from the things the assistant's reply just before
/// it listed (three or more): "that one" in "is that one ok for someone with small hands?" after
/// four guitars; 那種 in "那種要多久澆一次水？" after four plants, 那 and a measure word with more
/// of the sentence after them ("不要剧透那种" ends on them: a kind, not a pick). A listed thing
/// is named by a word the list writes with a capital or a digit ("the Yamaha FG800"), or by
/// its first two Chinese characters (the first one's last two: "可以考虑黄金葛").
fn picked_unnamed(text: &str, words: &[&str], reply: &Message) -> Option<String> {
    // A Chinese reply lists with 、; its commas join clauses ("這種大小可以用紗窗補丁貼，撕開…").
    let separators: &[char] = if reply.content.contains(is_cjk) {
        &['、', '\n']
    } else {
        &LIST_SEPARATORS
    };
    let items = (reply.content.split(separators)).filter(|i| !i.trim().is_empty());
    let mut named = false;
    for (i, item) in items.clone().enumerate() {
        let cjk: Vec<char> = item.chars().filter(|&c| is_cjk(c)).collect();
        let two = if i == 0 {
            cjk.len().saturating_sub(2)..cjk.len()
        } else {
            0..cjk.len().min(2)
        };
        named |= two.len() == 2 && text.contains(&String::from_iter(&cjk[two]));
        let marked = |w: &&str| {
            w.len() >= 3 && w.contains(|c: char| c.is_ascii_uppercase() || c.is_ascii_digit())
        };
        let lower = |w: &str| w.to_ascii_lowercase();
        named |= (item
            .split(|c: char| !c.is_ascii_alphanumeric() && c != '-')
            .filter(marked))
        .any(|w| words.contains(&lower(w).as_str()));
    }
    let chinese = text.char_indices().find_map(|(at, c)| {
        let mut rest = text[at..].char_indices().skip(1);
        let ((_, measure), (end, next)) = (rest.next()?, rest.next()?);
        (char_listed(Words::ZhFarDemonstratives, c)
            && char_listed(Words::ZhMeasureWords, measure)
            && is_cjk(next))
        .then(|| text[at..at + end].to_owned())
    });
    let pointer = |w| in_list(Words::NearDemonstratives, w) || in_list(Words::FarDemonstratives, w);
    let english = || {
        (words.windows(2))
            .find(|p| pointer(p[0]) && p[1] == "one")
            .map(|p| p.join(" "))
    };
    chinese
        .or_else(english)
        .filter(|_| !named && items.count() >= 3)
}
