//! The rule layer: vagueness the learned model cannot see (it was trained on single English
//! requests without conversation), in English and Chinese.

use super::{Finding, Kind, Words, in_list, knowledge, list, word_list};

/// The words of the data file's list `which`.
fn words_of(which: Words) -> impl Iterator<Item = &'static str> {
    list(word_list(which))
}

/// Whether `text` holds a word of the data file's list `which`: looked for only where a
/// character that starts one stands.
pub(super) fn holds_any(text: &str, which: Words) -> bool {
    let table = knowledge();
    (text.char_indices())
        .any(|(at, c)| (table.starting_with(which, c).iter()).any(|w| text[at..].starts_with(w)))
}

/// Each place in `text` where one of `words` stands, word by word: the text before it, the word
/// and the text after it.
pub(super) fn occurrences(
    text: &str,
    words: impl Iterator<Item = &'static str>,
) -> impl Iterator<Item = (&str, &'static str, &str)> {
    words.flat_map(move |w| {
        (text.match_indices(w)).map(move |(at, _)| (&text[..at], w, &text[at + w.len()..]))
    })
}

/// The first word of the data file's list `which` that `text` opens with.
pub(crate) fn opening_in(text: &str, which: Words) -> Option<&'static str> {
    let first = text.chars().next()?;
    (knowledge().starting_with(which, first).iter())
        .find(|w| text.starts_with(*w))
        .copied()
}

/// The first word of the data file's list `which` that `text` ends with.
pub(super) fn ending_in(text: &str, which: Words) -> Option<&'static str> {
    let last = text.chars().next_back()?;
    (knowledge().ending_with(which, last).iter())
        .find(|w| text.ends_with(*w))
        .copied()
}

/// `text` past the first word of the data file's list `which` that it opens with, if it opens
/// with one.
pub(super) fn after_word(text: &str, which: Words) -> Option<&str> {
    opening_in(text, which).map(|w| &text[w.len()..])
}

/// `text` past every word of the data file's list `which` that opens it, one after another
/// ("请问那么…" past `zh-openers`).
pub(super) fn past_words(text: &str, which: Words) -> &str {
    std::iter::successors(Some(text), |rest| after_word(rest, which))
        .last()
        .unwrap_or(text)
}

/// `text` without any word of the data file's list `which`.
pub(super) fn without_words(text: &str, which: Words) -> String {
    words_of(which).fold(text.to_owned(), |t, w| t.replace(w, ""))
}

/// Whether one of `words` is a word of the data file's list `which`.
fn any_listed<'a>(words: impl IntoIterator<Item = &'a &'a str>, which: Words) -> bool {
    words.into_iter().any(|w| in_list(which, w))
}

/// Whether one of the first `upto` words is written as a name.
fn named_upto(proper: &[bool], upto: usize) -> bool {
    proper.iter().take(upto).any(|p| *p)
}

/// `rule`'s evidence, read only when it `applies`.
fn when<T>(applies: bool, rule: impl FnOnce() -> Option<T>) -> Option<T> {
    applies.then(rule).flatten()
}

/// Where the first word of the data file's list `which` stands in `words`.
fn first_listed(words: &[&str], which: Words) -> Option<usize> {
    words.iter().position(|w| in_list(which, w))
}

/// Where the last word of the data file's list `which` stands in `words`.
fn last_listed(words: &[&str], which: Words) -> Option<usize> {
    words.iter().rposition(|w| in_list(which, w))
}

/// Whether the word at `at` is one of the data file's list `which`.
pub(super) fn listed_at(words: &[&str], at: usize, which: Words) -> bool {
    words.get(at).is_some_and(|w| in_list(which, w))
}

/// Whether the words end before `at` or the word there is one of the data file's list `which`.
fn ends_or_listed(words: &[&str], at: usize, which: Words) -> bool {
    words.get(at).is_none_or(|w| in_list(which, w))
}

/// Whether the word before `at` is one of the data file's list `which`.
fn preceded_by(words: &[&str], at: usize, which: Words) -> bool {
    at.checked_sub(1).is_some_and(|j| in_list(which, words[j]))
}

/// Whether the words right before `at` are one of the phrases of the data file's list `which`
/// (its words joined by "+": "what+is").
pub(super) fn phrase_before(words: &[&str], at: usize, which: Words) -> bool {
    // Only the phrases that end as the word before `at` does can end there.
    let last = at.checked_sub(1).and_then(|j| words[j].chars().next_back());
    let ending = last.map_or(&[][..], |c| knowledge().ending_with(which, c));
    ending.iter().any(|phrase| {
        let n = phrase.split('+').count();
        at >= n && phrase.split('+').eq(words[at - n..at].iter().copied())
    })
}

/// Where the first word of the data file's list `which` stands that a word `next` accepts
/// follows.
fn listed_before(words: &[&str], which: Words, next: impl Fn(&str) -> bool) -> Option<usize> {
    (words.windows(2)).position(|p| in_list(which, p[0]) && next(p[1]))
}

/// A finding of `kind` on `evidence`.
pub(super) fn finding(kind: Kind, evidence: impl Into<String>) -> Finding {
    Finding {
        kind,
        evidence: evidence.into(),
    }
}

/// Whether `word` (lower-case) is one of the `pronouns` (detector.toml), which need an
/// antecedent wherever they appear.
pub(crate) fn is_pronoun(word: &str) -> bool {
    in_list(Words::Pronouns, word)
}

/// Words up to which a request is short: every rule reads it, a longer one only where a verb
/// works on what is missing.
const SHORT_WORDS: usize = 12;
/// A possessive among the first this many words may lack an antecedent ("What is their price?").
const POSSESSIVE_REACH: usize = 3;
/// Words from the material's determiner within which a `problem-states` (detector.toml) word
/// says what is wrong with it.
const PROBLEM_REACH: usize = 10;
/// Words before the material within which an `act-on` (detector.toml) word counts.
const ACT_REACH: usize = 4;

/// English rules over lower-case word tokens (apostrophes kept inside words).
///
/// `proper`: which words the request writes as names (a capital that opens no sentence), read
/// from its text, since the words here are lower-case. `has_history`: something is there a
/// pronoun may stand for (a conversation, material, a quotation); `conversation`: an earlier
/// exchange exists, which alone shows what "what we discussed" was. `has_material`: the request or the conversation holds
/// material ("the document" may be it). `first_sentence`: how many of the words the first
/// sentence holds.
pub(crate) fn english(
    words: &[&str],
    proper: &[bool],
    (has_history, conversation): (bool, bool),
    has_material: bool,
    first_sentence: usize,
) -> Vec<Finding> {
    let mut found = Vec::new();
    let short = words.len() <= SHORT_WORDS;
    // A short first sentence reads as a short request, unless the request quotes or pastes
    // what follows it ("How do I speed up this query? SELECT …").
    let short_upto = if short {
        words.len()
    } else if first_sentence <= SHORT_WORDS && !has_history {
        first_sentence
    } else {
        0
    };
    if !has_history {
        found.extend(pronoun_unresolved(words, proper, first_sentence));
    }
    // "How do I get there?", "Is 140 high?", "Follow up about what we discussed": a place, what
    // a figure measures or an earlier conversation the request leans on, with none here; a
    // quotation stands for no earlier exchange ("the column I told you about … says "Done""),
    // though pasted material may quote one.
    let leaning = when(!has_history, || {
        there_without_place(words, proper)
            .or_else(|| figure_unmeasured(words))
            .or_else(|| then_without_time(words))
            .or_else(|| recurring_unsaid(words))
    })
    .or_else(|| when(!conversation && !has_material, || earlier_exchange(words)))
    // "the bus from here to the airport": where the user is, and no place named.
    .or_else(|| when(!has_history, || here_leaned_on(words, proper)));
    found.extend(leaning.map(|e| finding(Kind::PronounWithoutAntecedent, e)));
    if !has_history {
        let unnamed = when(short, || choice_without_candidates(words))
            .or_else(|| candidates_pointed_at(words));
        found.extend(unnamed.map(|e| finding(Kind::AmbiguousReference, e)));
    }
    if !has_material {
        let missing = artifact_not_given(words, proper, (short_upto, first_sentence))
            .or_else(|| error_without_code(words))
            .or_else(|| problem_not_given(words))
            .or_else(|| numbered_part(words, proper))
            .or_else(|| defined_unsaid(words))
            // In a longer request, only what the user is sure to have and not to have said:
            // "Write a cover letter for this job. I have 3 years in…".
            .or_else(|| {
                let material = |e: &String| short || is_pointed_material(e);
                when(!has_history, || pointed_at(words, false).filter(material))
            })
            .or_else(|| when(!has_history, || own_thing_undescribed(words, proper)))
            .or_else(|| when(!has_history, || likeness_unnamed(words, proper)))
            .or_else(|| answered_sender(words))
            .or_else(|| told_unsaid(words))
            .or_else(|| when(!has_history, || event_unnamed(words)));
        // "these two laptops": candidates pointed at are asked for once, as candidates.
        let asked = |e: &String| found.iter().any(|f| f.evidence == *e);
        let missing = missing.filter(|e| !asked(e));
        // "her text", "what he texted": asking for the text asks who wrote it too.
        let holder = |e: &str| (missing.as_ref()).is_some_and(|m| m.split(' ').any(|w| w == e));
        found.retain(|f| f.kind != Kind::PronounWithoutAntecedent || !holder(&f.evidence));
        found.extend(missing.map(|e| finding(Kind::MissingContext, e)));
    }
    // "i have an injury": a condition is no material, asked whatever the conversation holds.
    if !found.iter().any(|f| f.kind == Kind::MissingContext) {
        found.extend(condition_unnamed(words).map(|e| finding(Kind::MissingContext, e)));
    }
    let superlative = when(words.len() <= 8, || generic_superlative(words));
    found.extend(superlative.map(|e| finding(Kind::AmbiguousReference, e)));
    // "how long does it take?" after a recipe, "a day trip from there" after Lisbon: the
    // conversation says what "it" is.
    let leans = conversation && any_listed(words, Words::LeaningWords);
    let parameter = (short && !leans && underspecified_parameter(words))
        .then(|| words[..words.len().min(4)].join(" "));
    found.extend(parameter.map(|e| finding(Kind::UnderspecifiedParameter, e)));
    found
}

/// A condition said to be there and not named (`unnamed-openers`, `condition-kinds`,
/// `unnamed-conditions`; after `kinded-openers` only with a kind; or someone's, "my dad's"):
/// "My mom has a health condition though", "she has another chronic illness", "some dietary
/// restrictions"; not one a name or its matter follows ("a condition called POTS", "an allergy
/// to peanuts", `named-after`).
pub(crate) fn condition_unnamed(words: &[&str]) -> Option<String> {
    (0..words.len()).find_map(|at| {
        // "my husband's diet": someone's, by their name for them.
        let owner = words[at].ends_with("'s") && is_person_word(words[at].trim_end_matches("'s"));
        if !in_list(Words::UnnamedOpeners, words[at]) && !owner {
            return None;
        }
        let kinds = (words[at + 1..].iter()).take_while(|w| in_list(Words::ConditionKinds, w));
        let kinds = kinds.count();
        // "some dietary restrictions", not "satisfies some condition".
        if in_list(Words::KindedOpeners, words[at]) && kinds == 0 {
            return None;
        }
        let noun = at + 1 + kinds;
        let named = words
            .get(noun + 1)
            .is_some_and(|w| in_list(Words::NamedAfter, w));
        let condition = words
            .get(noun)
            .is_some_and(|w| in_list(Words::UnnamedConditions, w));
        (condition && !named).then(|| words[at..=noun].join(" "))
    })
}

/// A kind of thing a message of the user's speaks of and does not name ("I'm learning a new
/// language for a trip", "我在学一门新语言", `unnamed-kinds`, `zh-unnamed-kinds`): a follow-up
/// that works on it leans on which one. The evidence is the kind with its article ("a
/// language"; 语言).
pub(crate) fn kind_unnamed(message: &str) -> Option<String> {
    if message.contains(super::is_cjk) {
        return occurrences(message, words_of(Words::ZhUnnamedKindOpeners)).find_map(
            |(_, _, after)| {
                let after = after.strip_prefix('新').unwrap_or(after);
                opening_in(after, Words::ZhUnnamedKinds).map(str::to_owned)
            },
        );
    }
    let lower = message.to_ascii_lowercase();
    let words = super::words_of(&lower);
    (0..words.len()).find_map(|at| {
        if !in_list(Words::UnnamedKindOpeners, words[at]) {
            return None;
        }
        let qualified = usize::from(listed_at(&words, at + 1, Words::UnnamedKindQualifiers));
        let kind = at + 1 + qualified;
        (listed_at(&words, kind, Words::UnnamedKinds)
            && !listed_at(&words, kind + 1, Words::NamedAfter))
        .then(|| format!("{} {}", words[at], words[kind]))
    })
}

/// Whether a missing-context finding's `evidence` is a kind [`kind_unnamed`] found.
pub(crate) fn is_unnamed_kind(evidence: &str) -> bool {
    let last = evidence.rsplit(' ').next().unwrap_or_default();
    in_list(Words::UnnamedKinds, last) || in_list(Words::ZhUnnamedKinds, evidence)
}

/// A Chinese condition said to be there and not named: one of `zh-unnamed-conditions` after
/// one of `zh-unnamed-openers` ("还有个慢性病", "她有过敏"), not denied ("没有过敏") nor named
/// after (`zh-named-after`: "慢性病是高血压").
pub(crate) fn zh_condition_unnamed(text: &str) -> Option<&'static str> {
    let ends_in = |before: &str, which| list(word_list(which)).any(|w| before.ends_with(w));
    list(word_list(Words::ZhUnnamedConditions)).find(|c| {
        text.match_indices(c).any(|(at, _)| {
            let before = &text[..at];
            let opener = list(word_list(Words::ZhUnnamedOpeners)).find(|o| before.ends_with(o));
            let denied = opener.is_some_and(|o| {
                ends_in(&before[..before.len() - o.len()], Words::ZhUnnamedNegations)
                    || ends_in(before, Words::ZhUnnamedNegations)
            });
            let after = &text[at + c.len()..];
            let named = list(word_list(Words::ZhNamedAfter)).any(|n| after.starts_with(n));
            opener.is_some() && !denied && !named
        })
    })
}

/// A value a text to write is asked to state and that neither the request nor the user's
/// earlier messages give (`earlier`): in English a verb of `value-verbs` ("mention", "include")
/// before, within three words, one of `value-words` ("the salary range") or one of
/// `value-generic` after one of `value-qualifiers` ("a specific number"), in a request that
/// directs a text (`value-texts`, said in it or in the user's earlier messages); in Chinese one
/// of `zh-value-words` in a sentence with one of `zh-write-in` ("把薪资范围也写上", "加上价格"
/// after a draft), a text (`zh-value-texts`) named in the request or before, and a request that
/// directs it or follows a conversation. A figure of the value's kind gives it: a rate
/// (`value-rates`, `zh-value-rates`) a percent, a date (`value-dates`, `zh-value-dates`) a time
/// or a date, a bare number any figure but a percent, and any other value a sum of money. The
/// evidence is the value as written.
pub(crate) fn value_unstated(text: &str, words: &[&str], earlier: &str) -> Option<String> {
    if words.is_empty() {
        return zh_value_unstated(text, earlier);
    }
    if !words.iter().any(|w| in_list(Words::ValueVerbs, w)) {
        return None;
    }
    // A follow-up works on the text its conversation named ("Good, but add the actual numbers").
    let all = format!("{text} {earlier}");
    let lower_all = all.to_ascii_lowercase();
    let clause_directs =
        |c: &str| super::directs(&super::words_of(&c.to_ascii_lowercase())).is_some();
    if !super::words_of(&lower_all)
        .iter()
        .any(|w| in_list(Words::ValueTexts, w))
        || !text.split([',', '.', ';']).any(clause_directs)
    {
        return None;
    }
    const WITHIN: usize = 3;
    (0..words.len()).find_map(|at| {
        if !in_list(Words::ValueVerbs, words[at]) {
            return None;
        }
        let after = &words[at + 1..(at + 1 + WITHIN + 1).min(words.len())];
        let noun = after
            .iter()
            .position(|w| in_list(Words::ValueWords, w) || in_list(Words::ValueGeneric, w))?;
        let qualified = after[..noun]
            .iter()
            .any(|w| in_list(Words::ValueQualifiers, w));
        // "the legal deadline", "the average salary": a value the answer knows, not the user.
        if after[..noun].iter().any(|w| in_list(Words::KnownValues, w)) {
            return None;
        }
        let generic = in_list(Words::ValueGeneric, after[noun]);
        // "my salary expectations": the value without its determiner.
        let determiner =
            |w: &&str| in_list(Words::Articles, w) || in_list(Words::UserPossessives, w);
        let start = after[..noun]
            .iter()
            .position(|w| !determiner(w))
            .unwrap_or(noun);
        // "the salary range": a value word after the value's own goes with it.
        let end = (noun + 1..after.len().min(noun + 2))
            .find(|&i| in_list(Words::ValueWords, after[i]))
            .map_or(noun + 1, |i| i + 1);
        ((!generic || qualified) && !value_given(&all, after[noun]))
            .then(|| after[start..end].join(" "))
    })
}

/// Whether `all` (the request and the user's earlier messages) gives a figure of the kind of
/// the English value `noun` ([`value_unstated`]).
fn value_given(all: &str, noun: &str) -> bool {
    let tokens: Vec<&str> = all.split_whitespace().collect();
    let digits = |t: &str| t.contains(|c: char| c.is_ascii_digit());
    let percent = |i: usize| {
        digits(tokens[i])
            && (tokens[i].contains('%') || tokens.get(i + 1).is_some_and(|n| *n == "percent"))
    };
    if in_list(Words::ValueRates, noun) {
        return (0..tokens.len()).any(percent);
    }
    if in_list(Words::ValueDates, noun) {
        let lower = all.to_ascii_lowercase();
        let words = super::words_of(&lower);
        return (words.iter().enumerate()).any(|(i, w)| super::is_time(w, words.get(i + 1)));
    }
    if in_list(Words::ValueGeneric, noun) {
        return (0..tokens.len()).any(|i| digits(tokens[i]) && !percent(i));
    }
    // "$4,200", "85k", "1200 dollars".
    (0..tokens.len()).any(|i| {
        let t = tokens[i];
        let signed = t.contains(['$', '£', '€', '¥']) && digits(t);
        let thousands = digits(t) && t.trim_end_matches(['.', ',']).ends_with(['k', 'K']);
        let named = tokens.get(i + 1).is_some_and(|n| {
            in_list(
                Words::CurrencyWords,
                n.to_ascii_lowercase().trim_end_matches(['.', ',']),
            )
        });
        signed || thousands || (digits(t) && named)
    })
}

/// An amount to change without the new one (`unsized-changes`: "make it for more people",
/// "scale it up"; `zh-unsized-changes`: 多做点): the words that ask it, unless the request writes
/// a figure ("scale it up for 12").
pub(crate) fn change_unsized(text: &str, words: &[&str]) -> Option<String> {
    if text.contains(|c: char| c.is_ascii_digit()) {
        return None;
    }
    if words.is_empty() {
        let numeral = text.contains(|c| super::char_listed(Words::ZhNumerals, c));
        let change = list(word_list(Words::ZhUnsizedChanges)).find(|c| text.contains(c));
        return change.filter(|_| !numeral).map(str::to_owned);
    }
    let (_, phrase) = phrase_in(words, Words::UnsizedChanges)?;
    let counted = words.iter().any(|w| super::is_number(w));
    (!counted).then(|| phrase.replace('+', " "))
}

/// Whether a parameter finding's evidence is a change [`change_unsized`] found.
pub(crate) fn is_unsized(evidence: &str) -> bool {
    let words: Vec<&str> = evidence.split(' ').collect();
    phrase_in(&words, Words::UnsizedChanges)
        .is_some_and(|(_, p)| p.split('+').count() == words.len())
        || list(word_list(Words::ZhUnsizedChanges)).any(|v| v == evidence)
}

/// Whether a parameter finding is one only the user can settle, whatever the request's kind: a
/// value to state ([`is_value`]) or a new amount ([`is_unsized`]).
pub(crate) fn is_users_amount(evidence: &str) -> bool {
    is_value(evidence) || is_unsized(evidence)
}

/// Whether a parameter finding's evidence is a value [`value_unstated`] found: it ends with one
/// of `value-words` or `value-generic` and opens with no article, or is one of `zh-value-words`.
pub(crate) fn is_value(evidence: &str) -> bool {
    let first = evidence.split(' ').next().unwrap_or_default();
    if in_list(Words::Articles, first) {
        return false;
    }
    let last = evidence.rsplit(' ').next().unwrap_or_default();
    in_list(Words::ValueWords, last)
        || in_list(Words::ValueGeneric, last)
        || list(word_list(Words::ZhValueWords)).any(|v| v == evidence)
}

/// [`value_unstated`] in Chinese.
fn zh_value_unstated(text: &str, earlier: &str) -> Option<String> {
    if !holds_any(text, Words::ZhWriteIn) {
        return None;
    }
    let all = format!("{text}{earlier}");
    let directs = super::chinese::zh_directs(text) || !earlier.is_empty();
    if !holds_any(&all, Words::ZhValueTexts) || !directs {
        return None;
    }
    let numeral = |c: char| c.is_ascii_digit() || super::char_listed(Words::ZhNumerals, c);
    let marked = |marks| {
        all.char_indices().any(|(at, c)| {
            numeral(c)
                && (all[at + c.len_utf8()..].chars().next())
                    .is_some_and(|m| super::char_listed(marks, m))
        })
    };
    let given = |v: &str| {
        if list(word_list(Words::ZhValueRates)).any(|r| r == v) {
            all.contains(|c| super::char_listed(Words::ZhPercentMarks, c))
        } else if list(word_list(Words::ZhValueDates)).any(|d| d == v) {
            holds_any(&all, Words::ZhTimes) || marked(Words::ZhDateMarks)
        } else if list(word_list(Words::ZhValueGeneric)).any(|g| g == v) {
            all.contains(|c: char| c.is_ascii_digit())
        } else {
            marked(Words::ZhMoneyMarks)
        }
    };
    let sentences = text.split(['。', '！', '？', '!', '?']);
    sentences
        .filter(|s| holds_any(s, Words::ZhWriteIn))
        .find_map(|s| list(word_list(Words::ZhValueWords)).find(|v| s.contains(v)))
        .filter(|v| !given(v))
        .map(str::to_owned)
}

/// A pronoun or a standalone demonstrative with nothing before it to stand for ("Tell me more
/// about it", "Is this legal in my state?"), in a short request, a short first sentence, or as
/// the object of a verb that works on material.
fn pronoun_unresolved(words: &[&str], proper: &[bool], first_sentence: usize) -> Option<Finding> {
    // "Is it normal for a baby to do this at her age?", "my cat keeps doing that thing at 4am":
    // a demonstrative in the first sentence stands for something done, and no thing named
    // before it is that, however long the request ("How do I do that?" after a sentence that
    // tells it is another matter; "that thing where he spins" says what it is).
    let done = |i: usize| {
        let described = (words.get(i + 1)).is_some_and(|w| in_list(Words::OpenPlaceholders, w))
            && (words.get(i + 2)).is_some_and(|w| in_list(Words::PlaceholderClauses, w));
        // A far one that comes back is asked as it comes ("doing that thing again").
        let far = in_list(Words::FarDemonstratives, words[i]) && recurring_unsaid(words).is_none();
        i > 0
            && i < first_sentence
            && in_list(Words::DoingVerbs, words[i - 1])
            && (in_list(Words::NearDemonstratives, words[i]) || far)
            && !described
            && is_standalone_demonstrative(words, &words[i], first_sentence)
    };
    let i = words.iter().enumerate().position(|(i, w)| {
        (is_pronoun(w)
            && (i < POSSESSIVE_REACH || !in_list(Words::Possessives, w))
            && !match piece_described(words, i, first_sentence) {
                Some(piece) => {
                    thing_before(&words[piece..i - 1], proper.get(piece..i).unwrap_or(&[]))
                }
                None => {
                    let before = &words[..pairs_with(words, i)
                        .unwrap_or_else(|| outside_its_phrase(words, i))
                        .min(asked_of(words, i))
                        .min(used_on(words, i))];
                    if in_list(Words::OnePersonPronouns, w) {
                        someone_before(before, proper)
                    } else {
                        has_antecedent(before, proper, 1)
                    }
                }
            }
            && !(*w == "her" && i + 1 < words.len() && names_someone(&words[..i]))
            && !refers_to_nothing(words, i))
            || (is_standalone_demonstrative(words, w, first_sentence)
                && (told_last(words, i)
                    || done(i)
                    || !(has_antecedent(&words[..pairs_with(words, i).unwrap_or(i)], proper, 1)
                        && (in_list(Words::FarDemonstratives, w)
                            || has_antecedent(&words[..i], proper, 2))
                        && !ends_pointing(words, i)
                        && !ends_pointing(&words[..first_sentence.min(words.len())], i))))
    })?;
    let kind = if preceded_by(words, i, Words::Comparing) {
        Kind::AmbiguousReference
    } else {
        Kind::PronounWithoutAntecedent
    };
    // "Can you translate this into Spanish for my landlord? He doesn't…": a pronoun
    // a verb that works on material takes as its object stands for that material,
    // however long the request around it.
    let acted_on = preceded_by(words, i, Words::ActOn) && !has_antecedent(&words[..i], proper, 1);
    // "Help me come up with a name for it. Short, easy to spell…": a short first
    // sentence that leans on the pronoun is as short a request, whatever follows.
    let opens = i < first_sentence
        && first_sentence <= SHORT_WORDS
        && !in_list(Words::AnyonePronouns, words[i]);
    // "Write a birthday message for her, something sweet…": whom the text is for, with no one
    // named before it, however long the request.
    let for_someone =
        in_list(Words::RecipientPronouns, words[i]) && preceded_by(words, i, Words::PurposeWords);
    let short = words.len() <= SHORT_WORDS;
    let described = piece_described(words, i, first_sentence).is_some();
    let asked = short || opens || kind == Kind::AmbiguousReference || acted_on || for_someone;
    (asked || described || done(i)).then(|| finding(kind, words[i]))
}

/// Where the piece stands that a directive creates ("Write an email to my landlord asking when
/// they're going to fix it", "Write a post announcing it") when the "it" at `i` is in the
/// description that follows it, a participle on: the piece is being made, so it is not what
/// "it" stands for, and neither is the person it goes to. A noun in "-ing" after a determiner
/// ("for the wedding") is no participle, and "make it" says nothing of a thing ("saying I can't
/// make it").
fn piece_described(words: &[&str], i: usize, first_sentence: usize) -> Option<usize> {
    let start = super::directs(words).filter(|&s| in_list(Words::CreateVerbs, words[s]))?;
    let piece = (start + 1..(start + super::DIRECTED_WITHIN).min(i))
        .find(|&at| in_list(Words::Artifacts, words[at]))?;
    let participle = (piece + 1..i).any(|at| {
        words[at].ends_with("ing")
            && !in_list(Words::Determiners, words[at - 1])
            && !words[at - 1].ends_with("'s")
    });
    let made = in_list(Words::MakingVerbs, words[i - 1]);
    (words[i] == "it" && i < first_sentence && participle && !made).then_some(piece)
}

/// Whether `description`, the piece being made and the words after it up to the verb of "it",
/// names a thing "it" may stand for: a name, or a word of four letters or more that is no
/// person, no participle, no adverb in "-ly", no contraction, no verb after "to" and none of
/// `not-antecedents`.
fn thing_before(description: &[&str], proper: &[bool]) -> bool {
    let thing = |(w, before): (&&str, &&str)| {
        w.len() >= 4
            && *before != "to"
            && !in_list(Words::NotAntecedents, w)
            && !in_list(Words::People, w)
            && !w.ends_with("ing")
            && !w.ends_with("ly")
            && !w.contains('\'')
    };
    let after_piece = description.iter().skip(1).zip(description);
    proper.iter().skip(1).any(|p| *p) || after_piece.into_iter().any(thing)
}

/// Where the words that may hold the antecedent of the "it" at `i` end when it is the subject
/// of the auxiliary right after a question's phrase ("How many people can it seat?", "What
/// channel is it on?"): before the question word, since what the phrase asks is not what "it"
/// stands for ("Who wrote Dune, and when was it published?" keeps Dune).
fn asked_of(words: &[&str], i: usize) -> usize {
    let auxiliary = |w: &str| in_list(Words::HowTo, w) || in_list(Words::BeForms, w);
    let asking = i >= 3 && words[i] == "it" && auxiliary(words[i - 1]);
    // A phrase of a noun ("what channel", "how many people"), not "how cold is it".
    let of_a_noun = |&q: &usize| {
        let phrase = &words[q + 1..i - 1];
        !phrase.iter().any(|w| auxiliary(w))
            && (words[q] != "how" || listed_at(phrase, 0, Words::HowAmounts))
    };
    let question = last_listed(&words[..i.saturating_sub(2)], Words::QuestionWords);
    question.filter(|q| asking && of_a_noun(q)).unwrap_or(i)
}

/// Where the words that may hold the antecedent of the pronoun at `i` end when something is
/// used on it ("Can I use bleach to clean it?", "Is it OK to put vinegar on them?"): before the
/// verb of using (`using-verbs`), since what is used on a thing is not the thing.
fn used_on(words: &[&str], i: usize) -> usize {
    const REACH: usize = 5;
    let on = preceded_by(words, i, Words::UsedOn) || (i >= 2 && words[i - 2] == "to");
    let using = (i.saturating_sub(REACH)..i).rfind(|&k| in_list(Words::UsingVerbs, words[k]));
    using.filter(|_| on).unwrap_or(i)
}

/// "How many days until then?", "Will it be ready by then?": a time the request leans on, with
/// no time or date named before it.
fn then_without_time(words: &[&str]) -> Option<String> {
    let at = listed_before(words, Words::UntilThen, |w| w == "then")?;
    let timed = (words[..at].iter().enumerate())
        .any(|(i, w)| super::is_time(w, words.get(i + 1)) || super::is_number(w));
    (!timed).then(|| words[at + 1].to_owned())
}

/// "My car is making that noise again", "the cat is doing that thing again": a thing pointed at
/// with a far demonstrative as one that comes back (`recurring`), which only the user has seen.
fn recurring_unsaid(words: &[&str]) -> Option<String> {
    const REACH: usize = 3;
    let again = words.iter().position(|w| in_list(Words::Recurring, w))?;
    let that = (again.saturating_sub(REACH)..again)
        .find(|&i| in_list(Words::FarDemonstratives, words[i]))?;
    (again > that + 1).then(|| words[that..again].join(" "))
}

/// "How do I get there?", "How long to drive there?", "What time is it there now?": "there"
/// after a verb of going, or for where a time or the weather is, with no
/// name before it for a place (the airport of "get there from the airport" is where the trip
/// starts, not where it goes).
pub(crate) fn there_without_place(words: &[&str], proper: &[bool]) -> Option<String> {
    let i = words.iter().position(|w| *w == "there")?;
    let going = preceded_by(words, i, Words::Going);
    // "What time is it there right now?": where the user means, after a subject.
    let where_it_is = preceded_by(words, i, Words::ThereSubjects)
        && ends_or_listed(words, i + 1, Words::RightNow);
    ((going || where_it_is) && !named_upto(proper, i)).then(|| words[i].to_owned())
}

/// Where the earliest phrase of the data file's list `which` (its words joined by `+`:
/// "how+many") stands in `words`, and the phrase.
pub(crate) fn phrase_in(words: &[&str], which: Words) -> Option<(usize, &'static str)> {
    // A word whose opening starts no phrase of the list is passed over at once.
    let opens = |&at: &usize| knowledge().may_start(which, words[at]);
    (0..words.len()).filter(opens).find_map(|at| {
        // Only the phrases that start as the word does.
        let phrases = knowledge().starting_with(which, words[at].chars().next()?);
        let matches = |p: &&&str| p.starts_with(words[at]) && phrase_at(words, at, p);
        phrases.iter().find(matches).map(|&phrase| (at, phrase))
    })
}

/// Whether `phrase` (its words joined by `+`: "near+me") stands in `words` from `at`.
pub(crate) fn phrase_at(words: &[&str], at: usize, phrase: &str) -> bool {
    (phrase.split('+').enumerate()).all(|(k, w)| words.get(at + k) == Some(&w))
}

/// "Which one is better?", "Which ones should I keep?", "Which is better?": a choice among
/// things the request does not name. Not when it names them ("which one of these laptops",
/// "which is faster, A or B", "between X and Y"), nor "which is" before more than "better" or
/// "best" ("Which is the largest ocean?", "Which is better for kids?").
pub(crate) fn choice_without_candidates(words: &[&str]) -> Option<String> {
    let ["which", one, rest @ ..] = words else {
        return None;
    };
    let choice = in_list(Words::Ones, one)
        || *one == "is" && matches!(rest, [w] if in_list(Words::BetterBest, w));
    (choice && !any_listed(words, Words::NamesTheCandidates)).then(|| (*one).to_owned())
}

/// A choice whose candidates the request points at without naming, at any length: "which
/// program should I pick, I got into both", "the cheaper one or the one with more RAM?",
/// "these two funds". With a "between" the request names them.
pub(crate) fn candidates_pointed_at(words: &[&str]) -> Option<String> {
    // "between the two laptops I'm looking at" points at them as much as "these two" does.
    let between_named =
        (words.windows(2)).any(|p| p[0] == "between" && !in_list(Words::BetweenPointers, p[1]));
    if between_named || !any_listed(words, Words::Choosing) {
        return None;
    }
    words.iter().enumerate().find_map(|(i, w)| match *w {
        w if in_list(Words::BothEither, w) && ends_or_listed(words, i + 1, Words::AfterBoth) => {
            Some(w.to_owned())
        }
        "two" if preceded_by(words, i, Words::TwoPointers) => Some(format!("{} two", words[i - 1])),
        "one"
            if preceded_by(words, i, Words::WhichOne)
                && ends_or_listed(words, i + 1, Words::AfterWhichOne) =>
        {
            Some(format!("{} one", words[i - 1]))
        }
        _ => None,
    })
}

/// Whether the request works on the material whose determiner stands at `at`: the user says
/// something is wrong with it ("my SQL query on the orders table is super slow": then the
/// answer needs it, however long the request), a verb that works on material comes shortly
/// before ("proofread", "reply to"), a question asks its state or meaning ("Are my results
/// normal?", "Does this clause mean…"), how it is to change follows it ("make this email
/// sound warmer"), or the request says it comes with it (`announcing`: "Here's my son's report
/// card — what should I…").
fn works_on(words: &[&str], at: usize) -> bool {
    let before = || words[..at].iter().rev().take(ACT_REACH);
    any_listed(words[at..].iter().take(PROBLEM_REACH), Words::ProblemStates)
        || any_listed(before(), Words::ActOn)
        || any_listed(before(), Words::Announcing)
        || preceded_by(words, at, Words::AsksState)
        || listed_at(words, at + 2, Words::ChangeComplements)
}

/// Whether the request says it comes with the material `evidence` names (`announcing`:
/// "here's the error"), which then is the user's, and missing when none follows.
pub(crate) fn announced(words: &[&str], evidence: &str) -> bool {
    let named: Vec<&str> = evidence.split(' ').collect();
    (words
        .windows(named.len())
        .position(|w| w == named.as_slice()))
    .is_some_and(|at| any_listed(words[..at].iter().rev().take(ACT_REACH), Words::Announcing))
}

/// The artifact a request refers to without giving it: "the method from the paper" (the last
/// artifact is the anchor: the paper), "my cover letter", "this customer complaint" (the
/// user's own or one pointed to, with a word between).
/// What follows a verb that makes something new is not missing ("Write my essay").
///
/// In a longer request (not `short`), only the user's own material that the request acts on
/// counts ("Can you look over my essay and tell me if the argument holds up? It's for…"):
/// there, "the report" is more often a thing of the world than the user's copy.
///
/// `reach`: the words within which the request reads as short (all of a short one, the first
/// sentence of one that opens with a short sentence: "Can you tell me what this error means?
/// I've been stuck on it for an hour."), and the first sentence's words, past which no name of
/// it goes ("my deposit? Lease ended…" names no "deposit lease").
fn artifact_not_given(words: &[&str], proper: &[bool], reach: (usize, usize)) -> Option<String> {
    let (short_upto, first_sentence) = reach;
    if let Some(evidence) = attached(words).or_else(|| given_to_you(words)) {
        return Some(evidence);
    }
    // "your slides" in a longer request is the reader's, said in general.
    let short = |at: usize| at < short_upto && (short_upto == words.len() || words[at] != "your");
    let possessive = |det: &str| in_list(Words::OwnDeterminers, det);
    let made_from = |at: usize| {
        preceded_by(words, at, Words::MadeFrom) && any_listed(&words[..at], Words::CreateVerbs)
    };
    // "the methods section for my lab report": a part of the user's text is written from the
    // rest of it.
    let part_of = |at: usize| {
        at >= 2
            && in_list(Words::PartJoins, words[at - 1])
            && in_list(Words::TextParts, words[at - 2])
    };
    let acted_on = |at: usize| short(at) || works_on(words, at) || made_from(at) || part_of(at);
    for (i, pair) in words.windows(2).enumerate().rev() {
        if let Some(evidence) = sent_material(words, proper, i) {
            return Some(evidence);
        }
        if !may_name_material(words, proper, i) {
            continue;
        }
        // "the paragraph I wrote", "the email she sent": material someone has, named by who;
        // after what it is about too ("that article about the Fed I was reading").
        let by = words.get(i + 2).filter(|w| is_someone(w)).or_else(|| {
            let about = listed_at(words, i + 2, Words::SaysWhat);
            let had = |j: usize| (j + 1..j + 3).any(|k| listed_at(words, k, Words::HadVerbs));
            let mut reach = (i + 3..words.len().min(i + 3 + ABOUT_REACH)).filter(|_| about);
            (reach.find(|&j| in_list(Words::Givers, words[j]) && had(j))).map(|j| &words[j])
        });
        // "reply to her text", "proofread his essay": someone's material, when worked on.
        let answered = answers_someone(&words[..i]);
        let worked_on = answered || preceded_by(words, i, Words::ActOn);
        // "reply to Karen's email": a name's, when answered (a famous name's essay is read).
        let named_owner = answered && proper.get(i) == Some(&true) && pair[0].ends_with("'s");
        if let [det, noun] = pair
            && (in_list(Words::MaterialDeterminers, det) || named_owner)
            && (worked_on || !in_list(Words::PersonPossessives, det))
            && (in_list(Words::Artifacts, noun)
                || (in_list(Words::People, noun)
                    && answers_someone(&words[..i])
                    && !listed_at(words, i + 2, Words::Artifacts))
                || (in_list(Words::PointingDeterminers, det)
                    && (words.len() <= WORK_REACH || !proper.contains(&true))
                    && in_list(Words::Works, noun)))
            && (short(i)
                || named_owner
                || (answered && in_list(Words::People, noun))
                || ((possessive(det) || by.is_some()) && acted_on(i))
                || (*det == "the" && governed(words, i)))
        {
            // "explain your code" after "implement …": the code is the answer's own, as is
            // what a verb that makes something new makes ("Write the code for a login page").
            // "Write tests for my function" makes tests, not the function.
            let object = !preceded_by(words, i, Words::ObjectOf);
            let own = ((possessive(det) || *det == "your") && made_before(words, i) && object)
                || (*det == "the" && preceded_by(words, i, Words::CreateVerbs));
            // "the function of setopt", "the formula for …", "the diff between roth and
            // traditional": the phrase says which; "the poem 'Road Not Taken'": the title does.
            let title = proper.get(i + 2) == Some(&true)
                || (*det == "the" && words.get(i + 2).is_some_and(|w| super::is_number(w)));
            let of = matches!(words.get(i + 2), Some(&"of" | &"between"));
            let named =
                (*det == "the" && (of || for_what(words, i + 2))) || (by.is_none() && title);
            let compared = *noun == "same" && same_as_named(words, proper, i);
            // "What's the formula for the area of a trapezoid?": what the question asks for is
            // its answer, not something the user has ("What's the answer to number 4?" still
            // leans on the user's worksheet).
            let asked_for = phrase_before(words, i, Words::AskingFor)
                && listed_at(words, i + 2, Words::Describing);
            // "the file system", "the JSON format": the artifact's word names a kind of thing,
            // not the user's copy of one (which "the code snippet" still is).
            let modifier = listed_at(words, i + 2, Words::KindsOfThing);
            let placed = term_asked(words, i);
            if own || named || compared || asked_for || modifier || placed || operated_on(words, i)
            {
                continue;
            }
            // Who has it, after the noun, unless "my" says so.
            return Some(match by.filter(|_| !possessive(det)) {
                Some(by) => format!("{det} {noun} {by}"),
                None => words[i..i + 2].join(" "),
            });
        }
    }
    material_of_three(words, first_sentence, acted_on)
}

/// "my lab report", "my teammate's pull request": the user's (or someone's) material named in
/// three words, its kind between, when `acted_on` (see [`artifact_not_given`]).
fn material_of_three(
    words: &[&str],
    first_sentence: usize,
    acted_on: impl Fn(usize) -> bool,
) -> Option<String> {
    let possessive = |det: &str| in_list(Words::OwnDeterminers, det);
    (0..words.len().saturating_sub(2)).rev().find_map(|i| {
        let [det, kind, noun] = [words[i], words[i + 1], words[i + 2]];
        // "my teammate's pull request": named with whose it is.
        let whose = someones(&words[..=i]);
        // "Write tests for my function" makes tests, not the function, as a pair reads it.
        let made = made_before(words, i) && !preceded_by(words, i, Words::ObjectOf);
        let material = (possessive(det) || whose || (det == "the" && answers_someone(&words[..i])))
            && in_list(Words::Artifacts, noun)
            && !in_list(Words::Artifacts, kind)
            && !listed_at(words, i + 3, Words::KindsOfThing)
            && !made
            && acted_on(i)
            && !term_asked(words, i)
            && !operated_on(words, i)
            && !(i < first_sentence && i + 2 >= first_sentence);
        material.then(|| words[i - usize::from(whose)..i + 3].join(" "))
    })
}

/// "The contract my landlord sent", "the letter the council sent me", "a reply to the letter
/// from the council": what someone sent the user (the material pointed at from `i`), asked for
/// as theirs ("your landlord's contract") or as sent ("the letter"), with who sent it.
fn sent_material(words: &[&str], proper: &[bool], i: usize) -> Option<String> {
    if !in_list(Words::PointingDeterminers, words[i]) {
        return None;
    }
    // "the job description the recruiter sent me": a word before the material's may say which.
    let noun = (i + 1..words.len().min(i + 3)).find(|&at| in_list(Words::Artifacts, words[at]))?;
    let after = noun + 1;
    if let Some(sender) = sent_by(&words[after..]) {
        return Some(words[i..after + sender].join(" "));
    }
    let from =
        noun == i + 1 && from_someone(&words[after..], proper.get(after + 2)) && works_on(words, i);
    from.then(|| words[i..after + 3].join(" "))
}

/// Whether the words from `i` may name material, a work or a person after a determiner or a
/// name: those that cannot are passed over at once.
fn may_name_material(words: &[&str], proper: &[bool], i: usize) -> bool {
    let nouns = [Words::Artifacts, Words::People, Words::Works];
    (in_list(Words::MaterialDeterminers, words[i]) || proper.get(i) == Some(&true))
        && nouns.into_iter().any(|list| in_list(list, words[i + 1]))
}

/// "The numbers I sent you", "the list I gave you earlier", "the notes I shared with you":
/// material the user says they gave the assistant, which the request does not hold, at any
/// length and whatever the thing is called. Returned as its determiner, noun and giver ("the
/// numbers I"), which asks for it to be pasted.
fn given_to_you(words: &[&str]) -> Option<String> {
    (0..words.len()).find_map(|i| {
        let [det, noun, giver, verb] = words.get(i..i + 4)?.try_into().ok()?;
        (in_list(Words::Givers, giver)
            && in_list(Words::Sent, verb)
            && in_list(Words::MaterialDeterminers, det)
            && noun.len() >= 3
            && noun.bytes().all(|b| b.is_ascii_alphabetic())
            && phrase_in(&words[i + 4..], Words::ToYou).is_some_and(|(at, _)| at == 0))
        .then(|| format!("{det} {noun} {giver}"))
    })
}

/// "The pattern I need", "the article I mentioned", "the genre I like": a thing the user names
/// by what they want or said of it, and does not say (`defined-by` after one of `givers`, last
/// in the request or before a word of `defined-ends`, or `told-someone` and whom: "the thing I
/// told her I'd change"; a determiner of `material-determiners` within two words before). Not
/// an amount the answer is to find ("the minimum I need": `not-defined`).
pub(crate) fn defined_unsaid(words: &[&str]) -> Option<String> {
    (2..words.len()).find_map(|i| {
        let (noun, giver, verb) = (words[i - 1], words[i], words.get(i + 1)?);
        let ends = (words.get(i + 2)).is_none_or(|w| in_list(Words::DefinedEnds, w));
        // "the thing I told her I'd change": said to someone, whatever follows.
        let told = in_list(Words::ToldSomeone, verb)
            && words
                .get(i + 2)
                .is_some_and(|w| in_list(Words::PeoplePronouns, w));
        let defined = in_list(Words::Givers, giver)
            && ((in_list(Words::DefinedBy, verb) && ends) || told)
            && !in_list(Words::NotDefined, noun)
            && noun.bytes().all(|b| b.is_ascii_alphabetic());
        let det = (i.saturating_sub(3)..i - 1)
            .find(|&d| in_list(Words::MaterialDeterminers, words[d]))?;
        defined.then(|| words[det..i].join(" "))
    })
}

/// Whether "the same" at `i` is the same as something named: before it in the request ("Is
/// all wheat the same?") or right after it ("the same as what tylenol has").
fn same_as_named(words: &[&str], proper: &[bool], i: usize) -> bool {
    has_antecedent(&words[..i], proper.get(..i).unwrap_or_default(), 1)
        || words.get(i + 2) == Some(&"as")
}

/// Whether a "for" at `at` says which thing the one before it is: "the formula for compound
/// interest". Not "the code for my website" (the user's own), nor "the recipe for 8 people",
/// "the table for me" (whom it serves), nor "the deadline for filing" (the user's act, which
/// leaves open what is filed). "The same for Python" still points back.
fn for_what(words: &[&str], at: usize) -> bool {
    words.get(at) == Some(&"for")
        && at.checked_sub(1).is_some_and(|i| words[i] != "same")
        && words.get(at + 1).is_some_and(|w| {
            !(in_list(Words::ForWhom, w) || super::is_number(w) || w.ends_with("ing"))
        })
}

/// "What does escrow mean on my mortgage statement?", "what is APR on my card statement": a
/// question on what a term the request names means or is, with the user's material (at `at`)
/// only where they saw it. Not when a word points ("what does this line mean on my statement",
/// "what are the fees on my bill": the line and the fees are the material's).
fn term_asked(words: &[&str], at: usize) -> bool {
    const REACH: usize = 7;
    let before = &words[..at];
    matches!(before, [first, .., place] if in_list(Words::QuestionWords, first)
        && in_list(Words::SeenOn, place))
        && before.len() <= REACH
        && (any_listed(before, Words::MeanForms) || listed_at(before, 1, Words::BeForms))
        && !any_listed(before, Words::MaterialDeterminers)
        && !any_listed(before, Words::Pronouns)
}

/// "How do I undo my last commit?", "What command deletes my branch?": a question on how to do
/// an operation (`operations`) on the user's thing (named at `at`) asks for the method, not
/// for the thing. "Back to" answers it ("What should I write back to my sister's message?").
fn operated_on(words: &[&str], at: usize) -> bool {
    // The question may follow a tool's name ("git: how do I…").
    any_listed(words.iter().take(3), Words::QuestionWords)
        && (0..at).any(|i| in_list(Words::Operations, words[i]) && words[i + 1] != "to")
}

/// Whether a verb works on a pronoun ("translate it", "proofread this", "make it shorter"), the
/// pronoun is what misbehaves ("it keeps crashing on line 40", "this is too slow") or what is
/// judged ("is that fair?"): the request acts on the material the pronoun stands for.
pub(crate) fn acts_on_pronoun(words: &[&str]) -> bool {
    const MISBEHAVES_WITHIN: usize = 3;
    const REMADE_WITHIN: usize = 2;
    // "make it shorter", "make it sound more professional".
    let remade = |i: usize| {
        words[i - 1] == "make"
            && (words.iter().skip(i + 1).take(REMADE_WITHIN))
                .any(|w| in_list(Words::MoreLess, w) || w.ends_with("er"))
    };
    // "What did she mean by that?": what the words said is asked about.
    let meant = |i: usize| i > 1 && words[i - 1] == "by" && in_list(Words::MeanForms, words[i - 2]);
    let acted_on =
        |i: usize| i > 0 && (in_list(Words::ActOn, words[i - 1]) || remade(i) || meant(i));
    let wrong = |i: usize| {
        any_listed(
            words.iter().skip(i + 1).take(MISBEHAVES_WITHIN),
            Words::ProblemStates,
        )
    };
    // "Does that seem fair?" after "Finally got the quote back from the roofer.": judged.
    let judged = |i: usize| any_listed(words.iter().skip(i + 1).take(JUDGED_WITHIN), Words::Judged);
    (0..words.len()).any(|i| {
        in_list(Words::ActedOnPronouns, words[i]) && (acted_on(i) || wrong(i) || judged(i))
    })
}

/// Words after a pronoun within which a word of `judged` judges what it stands for.
const JUDGED_WITHIN: usize = 3;

/// Whether a verb that makes something new (`create-verbs`) comes before `at`: what it makes
/// is the answer's own ("Write my essay"), unless what it makes answers the thing at `at`
/// ("Write a reply to my landlord's email": the reply is made, the email is the landlord's).
fn made_before(words: &[&str], at: usize) -> bool {
    last_listed(&words[..at], Words::CreateVerbs)
        .is_some_and(|verb| !(verb..=at).any(|j| answers_someone(&words[..j])))
}

/// "Can you scale the recipe up so it serves 10 instead of 4?": material that a verb works on
/// (the word after `at`, an article) is the user's copy, not a thing of the world, unless the
/// request named it before ("a 400-page book… finish the book").
fn governed(words: &[&str], at: usize) -> bool {
    let noun = words[at + 1];
    preceded_by(words, at, Words::ActOn)
        && in_list(Words::Artifacts, noun)
        && !words[..at].contains(&noun)
}

/// An error named by its type, as a program prints it ("KeyError", "NullPointerException":
/// a word ending in one of `error-names`), that the user met (`error-met`: "I keep getting"),
/// when the request gives no code: the code that raises it is what the answer needs.
fn error_without_code(words: &[&str]) -> Option<String> {
    let met = any_listed(words, Words::ErrorMet);
    (met && words.iter().any(|w| names_an_error(w))).then(|| "my code".to_owned())
}

/// Whether `word` (lower-case) names an error by its type, as a program prints it ("keyerror",
/// "nullpointerexception": a word ending in one of `error-names`).
pub(crate) fn names_an_error(word: &str) -> bool {
    let last = word.chars().next_back();
    let names = last.map_or(&[][..], |c| knowledge().ending_with(Words::ErrorNames, c));
    (names.iter()).any(|e| word.len() > e.len() + 1 && word.ends_with(e))
}

/// A maths operation with no problem to work on ("Solve for x", "Can you simplify?"): one of
/// `solve-verbs` followed by nothing or by "for" and the unknown, in a request with no number.
fn problem_not_given(words: &[&str]) -> Option<String> {
    let at = first_listed(words, Words::SolveVerbs)?;
    let bare = matches!(words[at + 1..], [] | ["for", _]);
    (bare && !words.iter().any(|w| super::is_number(w))).then(|| "the problem".to_owned())
}

/// A bare figure judged with nothing saying what it measures ("Is 140 high?", "is 72 good for
/// her"): a short question whose number, right after its verb, is followed by one of
/// `judgements` and by no unit.
fn figure_unmeasured(words: &[&str]) -> Option<String> {
    const MAX_WORDS: usize = 12;
    let [be, figure, judged, ..] = words else {
        return None;
    };
    // "120/80" reads as a blood pressure: a reading that says what it measures.
    let bare = in_list(Words::BeForms, be)
        && super::is_number(figure)
        && !figure.contains('/')
        && in_list(Words::Judgements, judged);
    (bare && words.len() <= MAX_WORDS).then(|| (*figure).to_owned())
}

/// What a vague request of no known kind names, which its question quotes instead of asking
/// what the answer should focus on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Named {
    /// A thing named as known: "the hotel", "your math", "your kid's school".
    Known(String),
    /// A thing the request asks to make and says nothing of: "quiz" of "Create a quiz.",
    /// "开会通知" of "帮我写个开会通知".
    Made(String),
    /// The user's own thing, named and not described: "機車" of "我的機車要換哪一種機油？".
    Own(String),
}

/// A numbered part of a text the request does not give ("What does clause 7 mean?", "Summarize
/// chapter 3", "Make the second paragraph sound more professional"): one of `numbered-parts`
/// before a number or after "the" and an ordinal, the request's only number (a word
/// problem's "4 rows" counts things), in a request that names no work and says of no text whose
/// part it is ("chapter 3 of Dune"). The evidence is the part as written.
fn numbered_part(words: &[&str], proper: &[bool]) -> Option<String> {
    // "the second paragraph": an ordinal of `ordinals` before the part numbers it too.
    let ordinal = |i: usize| {
        words[i] == "the"
            && in_list(Words::Ordinals, words[i + 1])
            && in_list(Words::NumberedParts, words[i + 2])
    };
    let (at, len) = listed_before(words, Words::NumberedParts, super::is_number)
        .map(|at| (at, 2))
        .or_else(|| {
            (0..words.len().saturating_sub(2))
                .find(|&i| ordinal(i))
                .map(|at| (at, 3))
        })?;
    // "problem 4 of chapter 2" names whose part it is; "of her homework" only whose text.
    let of_own = (words.get(at + len + 1)).is_some_and(|w| {
        in_list(Words::UserPossessives, w) || in_list(Words::PersonPossessives, w)
    });
    let whose = words.get(at + len) == Some(&"of") && !of_own
        || proper.contains(&true)
        || words.iter().filter(|w| super::is_number(w)).count() > 1;
    // "the summary section, 250 words max": the number says how long, not which.
    let length = listed_at(words, at + len, Words::TextLengths);
    (!whose && !length).then(|| words[at..at + len].join(" "))
}

/// Whether a missing-context finding's `evidence` is a numbered part of a text (see
/// [`numbered_part`]).
pub(crate) fn is_numbered_part(evidence: &str) -> bool {
    let ordinal = |rest: &str| {
        (rest.split_once(' ')).is_some_and(|(o, part)| {
            in_list(Words::Ordinals, o) && in_list(Words::NumberedParts, part)
        })
    };
    (evidence.split_once(' ')).is_some_and(|(part, n)| {
        (in_list(Words::NumberedParts, part) && super::is_number(n))
            || (part == "the" && ordinal(n))
    })
}

/// The thing a vague English request of no known kind names. As known: the first "the",
/// "this", "that", "my" or "our" before a word that is none of `phrase-ends`, with the word
/// after unless it is one (two words at most): "the hotel" of "how do I get to the hotel from
/// the airport", "your math" of "check if my math is right"; a name says which ("the
/// Louvre"), and so does an of-phrase, whose own thing is then the one named ("your novel" of
/// "write the opening of my novel"). Else a thing to make, "a" or "an" after one of
/// `create-verbs` or `making-verbs`: "quiz" of "Create a quiz.".
pub(crate) fn thing_named(words: &[&str], proper: &[bool]) -> Option<Named> {
    known_thing(words, proper)
        .map(Named::Known)
        .or_else(|| thing_to_make(words).map(Named::Made))
}

/// Words of a thing's name that a question quotes.
const THING_WORDS: usize = 2;

/// The words after `at` that name a thing: up to [`THING_WORDS`] words of letters, none of
/// `phrase-ends`; a word after the first that ends in "ing" or "ed" goes on with what the
/// thing does ("my join returning duplicates"), not its name.
fn thing_words<'a>(words: &[&'a str], at: usize) -> Vec<&'a str> {
    words[at..]
        .iter()
        .take(THING_WORDS)
        .enumerate()
        .take_while(|(i, w)| {
            !in_list(Words::PhraseEnds, w)
                && w.chars().all(|c| c.is_ascii_alphabetic())
                && !(*i > 0 && (w.ends_with("ing") || w.ends_with("ed")))
        })
        .map(|(_, w)| *w)
        .collect()
}

/// The thing a request names as known (see [`thing_named`]), from its first determiner on, as
/// a question says it.
fn known_thing(words: &[&str], proper: &[bool]) -> Option<String> {
    // "that" after a noun begins a clause ("a one-liner that finds…"), not a thing; "this
    // morning" and "this month" say when.
    let determiner = |i: usize| {
        let det = match words[i] {
            "that" => i == 0 || in_list(Words::BeforeThatPronoun, words[i - 1]),
            w => in_list(Words::KnownDeterminers, w),
        };
        let when = super::is_time(words[i], words.get(i + 1));
        det && !when && !words.get(i + 1).is_some_and(|w| super::is_time(w, None))
    };
    let at = (0..words.len()).find(|&i| determiner(i))?;
    let phrase = thing_words(words, at + 1);
    let first = phrase.first()?;
    let mut after = at + 1 + phrase.len();
    // "the benefits and drawbacks of…": the of-phrase says which of both.
    if words.get(after) == Some(&"and") && words.get(after + 2) == Some(&"of") {
        after += 2;
    }
    if for_what(words, after) {
        return None;
    }
    if words.get(after) == Some(&"of") {
        let next = after + 1;
        let of_a_thing = next < words.len() && determiner(next);
        return when(of_a_thing, || {
            known_thing(&words[next..], proper.get(next..).unwrap_or_default())
        });
    }
    // "the Louvre": a name says which.
    let named = proper.get(at + 1) == Some(&true);
    let det = match words[at] {
        det if in_list(Words::UserPossessives, det) => "your",
        det => det,
    };
    (!named && !in_list(Words::NotObjects, first)).then(|| format!("{det} {}", phrase.join(" ")))
}

/// The thing a request asks to make: "a" or "an" right after one of `create-verbs` or
/// `making-verbs` ("Create a quiz.", "Organize a meeting."), or after the one word between
/// ("Make me a list"); its name ends there, before one of `phrase-ends` or the request's end
/// ("a personal web page" is more than the two words a question quotes).
fn thing_to_make(words: &[&str]) -> Option<String> {
    let making = |w: &str| in_list(Words::CreateVerbs, w) || in_list(Words::MakingVerbs, w);
    let verb = words.iter().position(|w| making(w))?;
    let article = (verb + 1..words.len().min(verb + 3))
        .find(|&i| in_list(Words::IndefiniteArticles, words[i]))?;
    let phrase = thing_words(words, article + 1);
    let ends = ends_or_listed(words, article + 1 + phrase.len(), Words::PhraseEnds);
    (!phrase.is_empty() && ends).then(|| phrase.join(" "))
}

/// What follows each thing a Chinese request makes: after one of `zh-make-verbs` and a measure
/// word of `zh-measure-words`, a count or a softener of `zh-softeners` between ("帮我写个开会通知",
/// "做一張表", "寫一個倒數計時器").
fn zh_made(text: &str) -> impl Iterator<Item = &str> {
    occurrences(text, words_of(Words::ZhMakeVerbs)).filter_map(|(_, _, after)| {
        let rest = after_word(after, Words::ZhSofteners).unwrap_or(after);
        let rest = rest.trim_start_matches(|c| {
            super::char_listed(Words::ZhNumerals, c)
                || super::char_listed(Words::ZhPointedCounts, c)
        });
        let measure = rest.chars().next()?;
        super::char_listed(Words::ZhMeasureWords, measure).then(|| &rest[measure.len_utf8()..])
    })
}

/// The thing a vague Chinese request of no known kind names: one to make, after one of
/// `zh-make-verbs` and a measure word (`zh-measure-words`; a count or a softener of
/// `zh-softeners`, 一下, between: "帮我写个开会通知", "做一張表"), else the user's own, the
/// subject of a clause after one of `zh-own-possessives` that ends in 的 ("我的機車要…"), not a
/// demonstrative's ("我的那台": [`zh_pointing`] reads it). Only a noun that ends where the
/// request's words say it does (see [`zh_noun`]) is quoted.
pub(crate) fn zh_thing_named(text: &str) -> Option<Named> {
    let made = zh_made(text).find_map(|rest| {
        let (noun, whole) = zh_noun(rest);
        (whole && !noun.is_empty()).then_some(noun)
    });
    made.map(Named::Made).or_else(|| {
        // "我的快递到哪了": the clause opens with it ("以我的薪水…" is about something else).
        let opens = |before: &str| {
            let before = before.trim_end();
            before.is_empty() || before.ends_with(zh_clause_end)
        };
        let possessives = words_of(Words::ZhOwnPossessives).filter(|p| p.ends_with('的'));
        occurrences(text, possessives).find_map(|(before, _, rest)| {
            let (noun, whole) = zh_noun(rest);
            // The noun is the clause's subject when what a subject is followed by comes next
            // (`zh-after-subject`: "我的保險會…"), not a verb or an adjective ("我的电脑开不了机").
            let subject = || opening_in(&rest.trim_start()[noun.len()..], Words::ZhAfterSubject);
            let pointed = rest.starts_with(|c| super::char_listed(Words::ZhDemonstratives, c));
            (opens(before) && !pointed && whole && !noun.is_empty() && subject().is_some())
                .then_some(Named::Own(noun))
        })
    })
}

/// The noun that opens `rest`: up to [`NOUN_REACH`] Chinese characters, letters or digits,
/// before one of `zh-noun-ends`; and whether it ends there (or at the text's end or a punctuation mark) rather than at the
/// reach ("血压高不" of "我的血压高不高" does not).
fn zh_noun(rest: &str) -> (String, bool) {
    // One of `zh-inner-ends` ends the noun it follows, not one it begins ("那家饭店").
    let noun_char = |i: usize, c: &char| {
        (super::is_cjk(*c) || c.is_ascii_alphanumeric())
            && !super::char_listed(Words::ZhNounEnds, *c)
            && (i == 0 || !super::char_listed(Words::ZhInnerEnds, *c))
    };
    let rest = rest.trim_start();
    // A word in Latin letters is a noun whole ("呢份 offer"), however long.
    let latin = rest.starts_with(|c: char| c.is_ascii_alphabetic());
    let reach = if latin { rest.len() } else { NOUN_REACH };
    let noun: String = (rest.chars().enumerate())
        .take_while(|(i, c)| noun_char(*i, c) && (!latin || c.is_ascii_alphanumeric()))
        .map(|(_, c)| c)
        .take(reach)
        .collect();
    // One character is a noun only before a mark or the end ("做一张表", not the 开 of "开会通知").
    let whole = match rest[noun.len()..].chars().next() {
        None => true,
        Some(c) if noun.chars().count() == 1 => !super::is_cjk(c) && !c.is_ascii_alphanumeric(),
        Some(c) => !noun_char(1, &c),
    };
    (noun, whole)
}

/// Something of the user's whose particulars the answer turns on, named with "my" or "our" and
/// nothing said of it ("Is my business idea any good?", "Is my flight delayed?", "Write three
/// ad headlines for my product"): the `own-things` of detector.toml. A name, a number or a word
/// that goes on to describe it gives its particulars ("my flight to Denver", "my product, a
/// bamboo toothbrush"); a question on how to do something is answered in general ("How do I
/// cancel my order?").
pub(crate) fn own_thing_undescribed(words: &[&str], proper: &[bool]) -> Option<String> {
    const REACH: usize = 4;
    if matches!(words, ["how", ..]) || proper.contains(&true) {
        return None;
    }
    // "Write a tweet for our shop": what serves it is asked by the text's own kind.
    let makes_for = |at: usize| {
        at > 0 && words[at - 1] == "for" && any_listed(&words[..at], Words::CreateVerbs)
    };
    // "My flight is canceled: can I sue?" opens with the user's situation, which it tells.
    let at = first_listed(words, Words::UserPossessives).filter(|&at| at > 0 && !makes_for(at))?;
    let noun = at + 1 + last_listed(&words[at + 1..words.len().min(at + 3)], Words::OwnThings)?;
    let described = describes(&words[noun + 1..words.len().min(noun + 1 + REACH)]);
    // "my account number": a detail of it is asked about, not the thing.
    let detail = listed_at(words, noun + 1, Words::KindsOfThing);
    (!described && !detail).then(|| words[at..=noun].join(" "))
}

/// A health event of the user's pointed at and not named ("How long after the procedure can she
/// eat normally?", "is it normal to be this tired after the shot?"): the `own-events` of
/// detector.toml right after "the", "this" or "that" ("the flu shot", "the knee surgery" name
/// theirs).
fn event_unnamed(words: &[&str]) -> Option<String> {
    let pointed =
        |p: &[&str]| in_list(Words::PlaceholderPointers, p[0]) && in_list(Words::OwnEvents, p[1]);
    words.windows(2).find(|p| pointed(p)).map(|p| p.join(" "))
}

/// Whether `after`, the words after something of the user's, go on to describe it: a number or
/// a word of `particulars` ("my new job as a designer", "my trip to Japan").
pub(crate) fn describes(after: &[&str]) -> bool {
    any_listed(after, Words::Particulars) || after.iter().any(|w| super::is_number(w))
}

/// Whether an ambiguous-reference finding's `evidence` points at candidates without naming
/// them ("the cheaper one", "these two"; see [`candidates_pointed_at`]).
pub(crate) fn points_at_candidates(evidence: &str) -> bool {
    evidence.ends_with(" one") || evidence.ends_with(" two")
}

/// Whether a missing-context finding's `evidence` ("my business idea") is one of the user's
/// `own-things`, asked about rather than asked for.
pub(crate) fn is_own_thing(evidence: &str) -> bool {
    let lower = evidence.to_ascii_lowercase();
    let noun = lower.rsplit(' ').next().unwrap_or_default();
    is_the_users(&lower) && in_list(Words::OwnThings, noun)
}

/// A thing someone chose, spoke of or liked and the request does not name: "the two walkers
/// his physio recommended", "the one my mom's doctor mentioned", "the one my wife liked", "the
/// one she's allergic to" (`chosen-determiners`, a count, the thing; owners of `chosen-owners`
/// or a name's; a person of `people` or `advisers`, or a subject of `chosen-subjects`; a verb
/// of `chosen-verbs`). The user knows which; an answer cannot. Returns the thing as said ("the
/// two walkers"), the word a conversation that named it would have said (the thing's noun; for
/// "the one", "the two" the person, or after a pronoun its verb) and the words from the thing
/// to the verb.
pub(crate) fn chosen_by_someone<'a, 'w>(
    words: &'a [&'w str],
) -> Option<(String, &'w str, &'a [&'w str])> {
    const THING: usize = 3;
    const OWNERS: usize = 2;
    let pronoun = |w: &str| in_list(Words::ChosenSubjects, w);
    let person = |w: &str| in_list(Words::People, w) || in_list(Words::Advisers, w) || pronoun(w);
    let owner = |w: &str| in_list(Words::ChosenOwners, w) || w.ends_with("'s");
    (0..words.len()).find_map(|at| {
        if !in_list(Words::ChosenDeterminers, words[at]) {
            return None;
        }
        // The thing runs to its owner: "the knee brace my physio…", "the one my mom's doctor…".
        let rest = words.get(at + 1..)?;
        let end = rest
            .iter()
            .take(THING + 1)
            .position(|w| owner(w) || person(w))?;
        let after = &rest[end..];
        let who = after.iter().take(OWNERS + 1).position(|w| person(w))?;
        let owned = after[..who].iter().all(|w| owner(w));
        // "the second one but my husband likes…": a joining word ends the thing before.
        let whole = !rest[..end].iter().any(|w| in_list(Words::DefinedEnds, w));
        let noun = *rest[..end].last()?;
        // After a pronoun, only "the one", "the things" or what the user told of ("the artist
        // I mentioned"): "the lemon cake she likes" names it well enough.
        let told = |w: &str| in_list(Words::ToldVerbs, w);
        let unnamed = in_list(Words::Ones, noun) || in_list(Words::OpenPlaceholders, noun);
        let verb = after.get(who + 1).copied().unwrap_or_default();
        let chosen = if pronoun(after[who]) {
            words[at] == "the"
                && in_list(Words::ChosenSubjectVerbs, verb)
                && (unnamed || told(verb))
        } else {
            in_list(Words::ChosenVerbs, verb)
        };
        // "the one I liked": a conversation that said which would have said its verb; "the
        // one I told you about" any conversation may have said.
        let key = if !in_list(Words::NumberWords, noun) {
            noun
        } else if pronoun(after[who]) && told(verb) {
            ""
        } else if pronoun(after[who]) {
            verb
        } else {
            after[who]
        };
        (owned && whole && chosen).then(|| {
            (
                words[at..=at + end].join(" "),
                key,
                &words[at..at + end + who + 3],
            )
        })
    })
}

/// Whether `evidence` (lower-case) opens with one of `user-possessives` before more words ("my
/// cover letter").
pub(crate) fn is_the_users(evidence: &str) -> bool {
    (evidence.split_once(' ')).is_some_and(|(det, _)| in_list(Words::UserPossessives, det))
}

/// A thing a short request points at with "this" or "these" and neither holds nor names: "Is
/// this phone worth buying?", "Convert these measurements to grams." Pointing needs something
/// to point at, which a request without material or conversation does not have. Not a time
/// ("this weekend"), a kind ("this kind of bug"), a word that cannot be the thing ("this is"),
/// what is said of a pronoun "this" ("Is this legal?", "Is this overkill?"),
/// nor a thing the request named before ("Write an interview question. Why this question?").
pub(crate) fn pointed_at(words: &[&str], far_too: bool) -> Option<String> {
    let not_the_thing = [
        Words::NotPointedAt,
        Words::AfterStandalone,
        Words::Judgements,
        Words::Laughs,
    ];
    words.windows(2).enumerate().find_map(|(i, pair)| {
        let [det, noun] = [pair[0], pair[1]];
        // With `far_too`, a far one too, only after a question's opening ("Is that breed…",
        // "What does that number mean?"); elsewhere it more often opens a clause ("a recipe that
        // takes…").
        let far = far_too
            && in_list(Words::FarDemonstratives, det)
            && preceded_by(words, i, Words::QuestionOpeners);
        ((in_list(Words::NearDemonstratives, det) || far)
            && !preceded_by(words, i, Words::PresentBefore)
            && noun.len() >= 3
            && !(words[..i].iter()).any(|w| w.starts_with(noun.trim_end_matches('s')))
            && noun.bytes().all(|b| b.is_ascii_alphabetic())
            && !not_the_thing.into_iter().any(|list| in_list(list, noun))
            && !(i + 2 == words.len() && preceded_by(words, i, Words::BeForms))
            && !questions_subject(words, i)
            && !super::is_time(noun, None))
        .then(|| format!("{det} {noun}"))
    })
}

/// Whether a thing pointed at ([`pointed_at`]: "this job") is one of `pointed-material`,
/// which a longer request still leans on.
fn is_pointed_material(evidence: &str) -> bool {
    let noun = evidence.rsplit(' ').next().unwrap_or_default();
    in_list(Words::PointedMaterial, noun)
}

/// "The attached spreadsheet", "the file below": material the request says it holds, at any
/// length; [`artifact_not_given`] is called only when the request holds none.
fn attached(words: &[&str]) -> Option<String> {
    // "I attached a photo of the rash": the first material named after the user attached it.
    const NAMED_WITHIN: usize = 3;
    if let Some((at, phrase)) = phrase_in(words, Words::Attaching) {
        let after = at + phrase.split('+').count();
        let noun =
            (words[after..].iter().take(NAMED_WITHIN)).find(|w| in_list(Words::Artifacts, w));
        if let (Some(noun), Some(attached)) = (noun, phrase.rsplit('+').next()) {
            return Some(format!("the {attached} {noun}"));
        }
    }
    (0..words.len().saturating_sub(2)).find_map(|i| {
        let [det, second, third] = [words[i], words[i + 1], words[i + 2]];
        // "the attached spreadsheet": where the material is, then the material; a short word
        // before it names which ("the attached Q2 report").
        let named = third.len() < 3 && listed_at(words, i + 3, Words::Artifacts);
        let place_first = in_list(Words::KnownDeterminers, det)
            && is_attached(second)
            && (third.len() >= 3 || in_list(Words::Artifacts, third) || named)
            && !in_list(Words::NotPointedAt, third);
        // "the file below": the material, then where it is.
        let material_first = in_list(Words::AttachedDeterminers, det)
            && in_list(Words::Artifacts, second)
            && in_list(Words::AfterMaterial, third);
        let end = i + 3 + usize::from(named);
        (place_first || material_first).then(|| words[i..end].join(" "))
    })
}

/// Whether `word` (lower-case) says the material is with the request ("attached").
pub(crate) fn is_attached(word: &str) -> bool {
    in_list(Words::Attached, word)
}

/// "A book like the last one I loved", "something similar to this one": what the answer is to
/// resemble, known to the user and named nowhere (by what they did with it, "last", or "this
/// one"); returned as its determiner and noun ("the book", "this one").
fn likeness_unnamed(words: &[&str], proper: &[bool]) -> Option<String> {
    /// Words after the determiner within which the noun comes.
    const REACH: usize = 3;
    let start = (words.windows(2))
        .position(|p| in_list(Words::Likeness, p[0]) && (p[0] == "like" || p[1] == "to"))?;
    let det_at = start + usize::from(words[start] != "like") + 1;
    let det = *(words.get(det_at)).filter(|w| in_list(Words::PointingDeterminers, w))?;
    // The words after the determiner, up to someone who did something with the thing.
    let from = det_at + 1;
    let phrase = &words[from..words.len().min(from + REACH)];
    let end = (phrase.iter().position(|w| is_someone(w))).unwrap_or(phrase.len());
    let last = *phrase[..end].last()?;
    let lived = end < phrase.len()
        || any_listed(&phrase[..end], Words::LivedBefore)
        || (det != "the" && last == "one" && from + end == words.len());
    let named = proper.iter().skip(from).take(end).any(|p| *p);
    // "a book like the last one": the one is of the kind named before.
    let noun = match last {
        one if in_list(Words::Ones, one) => words[..start]
            .iter()
            .rfind(|w| in_list(Words::Works, w) || in_list(Words::Artifacts, w))
            .unwrap_or(&last),
        noun => noun,
    };
    (lived && !named).then(|| format!("{det} {noun}"))
}

/// The words naming who sent the material whose words `after` follow: one of the user's people,
/// a possessive and a person, with a verb of sending after them ("my mother-in-law sent", "our
/// landlord wrote"); someone's pronoun with its verb of sending ("the email they sent
/// yesterday", "the note she sent home"); or one or two words after a determiner whose verb of
/// sending goes to the user (`sent-to-user`: "the council sent me", "the insurance company
/// emailed us").
fn sent_by(after: &[&str]) -> Option<usize> {
    const REACH: usize = 4;
    let own = matches!(after, [det, person, ..]
        if in_list(Words::UserPossessives, det) && is_person(person));
    if own && any_listed(after[1..].iter().take(REACH), Words::Sent) {
        return Some(2);
    }
    let to_user = |at: usize| {
        listed_at(after, at, Words::Sent) && listed_at(after, at + 1, Words::SentToUser)
    };
    match after.first() {
        // Not the user's own sending ("the email I sent to my boss"): what they ask is how.
        Some(w) if in_list(Words::PeoplePronouns, w) => {
            listed_at(after, 1, Words::Sent).then_some(1)
        }
        Some(w) if in_list(Words::PointingDeterminers, w) => (2..=3).find(|&at| to_user(at)),
        _ => None,
    }
}

/// Whether the words `after` material say it came from someone a determiner introduces ("the
/// letter from the council", "the email from my boss"); not from a name or a number (`who_proper`:
/// whether the word after the determiner is capitalised), which is more often the world's ("the
/// speech from Martin Luther King", "the results from the 2020 census").
fn from_someone(after: &[&str], who_proper: Option<&bool>) -> bool {
    matches!(after, [from, det, who, ..] if in_list(Words::CameFrom, from)
        && in_list(Words::MaterialDeterminers, det)
        && !super::is_number(who))
        && who_proper != Some(&true)
}

/// "My boss emailed me about the deadline, help me write back": one of the user's people
/// sent them something (one of `sent` before "me") that the request answers (`answering`):
/// what they sent, returned as whose it is ("my boss", "my son's teacher"). A word may stand
/// between the person and the verb ("my boss just emailed me").
fn answered_sender(words: &[&str]) -> Option<String> {
    const REACH: usize = 3;
    let answers = words.iter().any(|w| in_list(Words::Answering, w));
    let sent = words
        .windows(2)
        .position(|p| in_list(Words::Sent, p[0]) && in_list(Words::SentTo, p[1]));
    let at = sent.filter(|_| answers)?;
    let person = (at.saturating_sub(2)..at)
        .rev()
        .find(|&i| is_person(words[i]))?;
    let det = (person.saturating_sub(REACH)..person)
        .find(|&i| in_list(Words::UserPossessives, words[i]))?;
    Some(words[det..=person].join(" "))
}

/// "Respond to what she wrote in the review", "help me reply to what my landlord said": what
/// someone told the user (`told-openers`, a person, one of `told`), which a request answering
/// it or working on it (`answering`, `act-on` just before) does not hold. The evidence is the
/// words as written ("what she wrote"), asked to be pasted.
fn told_unsaid(words: &[&str]) -> Option<String> {
    const WHO_WORDS: usize = 2;
    (1..words.len()).find_map(|at| {
        let worked_on = answers_someone(&words[..at])
            || in_list(Words::Answering, words[at - 1])
            || in_list(Words::ActOn, words[at - 1]);
        if !(worked_on && in_list(Words::ToldOpeners, words[at])) {
            return None;
        }
        let who = &words[at + 1..words.len().min(at + 1 + WHO_WORDS)];
        let person = |w: &&str| in_list(Words::PeoplePronouns, w) || is_person(w);
        let verb = (at + 2..words.len().min(at + 2 + WHO_WORDS))
            .find(|&v| in_list(Words::Told, words[v]))?;
        (who.iter().take(verb - at - 1).any(person)).then(|| words[at..=verb].join(" "))
    })
}

/// Whether a finding's evidence is what someone told the user ([`told_unsaid`]).
pub(crate) fn is_told(evidence: &str) -> bool {
    (evidence.split_once(' ')).is_some_and(|(first, _)| in_list(Words::ToldOpeners, first))
}

/// Whether `upto` ends with someone's possessive after "my" or "our" ("my teammate's" in
/// "my teammate's pull request"): the user's people's material is theirs to give.
fn someones(upto: &[&str]) -> bool {
    matches!(upto, [.., det, whose] if in_list(Words::UserPossessives, det)
        && (whose.ends_with("'s") || whose.ends_with("s'")))
}

/// Whether `before` ends with a verb of answering and its "to" ("reply to", "respond to", "write
/// back to"): what is answered is what that person wrote, which the request does not hold.
fn answers_someone(before: &[&str]) -> bool {
    matches!(before, [.., answer, "to"] if in_list(Words::Answering, answer))
}

/// "What should I say to him?": a person pronoun with no one named before it in the request.
pub(crate) fn person_without_antecedent(words: &[&str], proper: &[bool]) -> Option<String> {
    words.iter().enumerate().find_map(|(i, w)| {
        // "Her name is Dana Whitfield": the name follows.
        let named_after = matches!(words.get(i + 1..i + 3), Some(["name", "is"]));
        (in_list(Words::PersonPronouns, w)
            && !named_after
            && !names_someone(&words[..i])
            && !words[..i]
                .iter()
                .any(|b| is_person(b) || in_list(Words::Together, b))
            && !named_upto(proper, i))
        .then(|| (*w).to_owned())
    })
}

/// Another person a follow-up turns the conversation to (`turn-openers`, then a possessive and
/// one of `people` or `person-nouns`): "what about for her sister?", "how about my son"; the
/// person as said.
pub(crate) fn someone_else(words: &[&str]) -> Option<String> {
    let (at, opener) = phrase_in(words, Words::TurnOpeners)?;
    let mut rest = &words[at + opener.split('+').count()..];
    if rest.first() == Some(&"for") {
        rest = &rest[1..];
    }
    let owner =
        |w: &&str| in_list(Words::PersonPossessives, w) || in_list(Words::UserPossessives, w);
    (rest.first().is_some_and(owner) && rest.get(1).is_some_and(|w| is_person_word(w)))
        .then(|| rest[..2].join(" "))
}

/// Whether `word` (lower-case) names a person: one of `people` or `person-nouns`.
pub(crate) fn is_person_word(word: &str) -> bool {
    is_person(word) || in_list(Words::PersonNouns, word)
}

/// Whether `word` (lower-case) is one of the `people` (detector.toml) a request may answer.
pub(crate) fn is_person(word: &str) -> bool {
    in_list(Words::People, word)
}

/// Words up to which a request that points at one of the `works` (detector.toml) leaves it unnamed: a longer
/// one usually says which.
const WORK_REACH: usize = 8;

/// Words after the preposition of what material is about within which the one who has it may
/// follow, with one of `had-verbs` ("that article about the Fed I was reading").
const ABOUT_REACH: usize = 3;

/// Whether `word` (lower-case) is a subject pronoun that says who has the material before it
/// ("the paragraph I wrote", "the email she sent", "the presentation I'm giving").
pub(crate) fn is_someone(word: &str) -> bool {
    in_list(Words::Someone, word)
}

/// Whether `head` (an instruction before a colon) names the user's own artifact ("Improve my
/// cover letter"): what follows the colon is then that artifact.
pub(crate) fn names_own_artifact(head: &str) -> bool {
    let lower = head.to_ascii_lowercase();
    let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric()).collect();
    // "I need a SQL query for our monthly report: top 5 customers…": what the text is for is
    // not the text the colon gives.
    let served = |e: &str| {
        let first = e.split(' ').next();
        (words.windows(2)).any(|p| p[0] == "for" && Some(p[1]) == first)
    };
    artifact_not_given(&words, &[], (words.len(), words.len()))
        .is_some_and(|e| is_the_users(&e) && !served(&e))
}

/// "The best approach" and "recent advances": a superlative or recency word on a
/// generic noun, with nothing saying for what or in which field.
fn generic_superlative(words: &[&str]) -> Option<String> {
    let i = listed_before(words, Words::Superlatives, |w| {
        in_list(Words::GenericNouns, w)
    })?;
    (!any_listed(&words[i + 2..], Words::Scopes)).then(|| words[i..i + 2].join(" "))
}

/// Whether the pronoun at `i` stands for nothing earlier: an "it" that only fills the subject
/// ("Is it safe to burn paper?", "How long does it take to boil an egg?", "Does it rain in
/// Hawaii?", "Is it going to rain tomorrow?", "Is it raining in Seattle?", "Is it worth it to
/// see Dune in IMAX?", "How does it feel to fail?") or a "they" for people in general ("Do they
/// still make encyclopedias?", "How do they calculate the CPI?").
///
/// Out of line: inlined into its caller, it made the app's wasm about 100 bytes larger in gzip.
#[inline(never)]
fn refers_to_nothing(words: &[&str], i: usize) -> bool {
    // "Is it actually dangerous…": an adverb between changes nothing.
    let skip = usize::from(words[i] == "it" && listed_at(words, i + 1, Words::Hedges));
    let next = words.get(i + 1 + skip).copied();
    let after = words.get(i + 2 + skip).copied();
    match words[i] {
        "it" => {
            // "Is it safe to take while breastfeeding?": the verb's object is "it".
            let to = (i + 1..words.len().min(i + 5)).find(|&k| words[k] == "to");
            if to.is_some_and(|k| k + 1 < words.len() && object_left(words, k + 1)) {
                return false;
            }
            let be_before = preceded_by(words, i, Words::BeSingular);
            let next_in = |list| next.is_some_and(|w| in_list(list, w));
            // "How does it feel to fail?", "What does it mean if…": a verb, then what it says.
            let verb_then = |verb, then| next_in(verb) && after.is_some_and(|w| in_list(then, w));
            (be_before && next_in(Words::Judgements) && after.is_some())
                // "Is it cheaper to drive or fly?", "How much is it to fly…", "Is it rude not to
                // tip?": what "it" stands for follows ("toxic to my cat" is no verb).
                || (be_before && {
                    let to = if next == Some("to") { i + 1 + skip } else { i + 2 + skip };
                    let to = to + usize::from(words.get(to) == Some(&"not"));
                    words.get(to) == Some(&"to")
                        && next.is_some_and(|w| !w.ends_with("ing"))
                        && to + 1 < words.len()
                        && !listed_at(words, to + 1, Words::Determiners)
                })
                || (be_before && i >= 2 && words[i - 2] == "time")
                || (next_in(Words::TakeForms) && after.is_some())
                || any_listed(words[i + 1..].iter().take(3), Words::Precipitation)
                || (i > 0 && words[i - 1] == "worth" && next.is_some())
                || verb_then(Words::FeelForms, Words::AfterFeel)
                || verb_then(Words::MeanForms, Words::AfterMean)
        }
        "they" => {
            let asks = preceded_by(words, i, Words::DoForms);
            let verb = i + 1 + usize::from(next.is_some_and(|w| in_list(Words::TheyAdverbs, w)));
            // Its verb, then an object.
            asks && (words.get(verb + 1))
                .is_some_and(|w| w.len() >= 3 && !in_list(Words::NotObjects, w))
        }
        _ => false,
    }
}

/// Whether the verb at `at` takes an object (`object-verbs`) and none follows it, the request
/// ending or going on with when or how (`object-gaps`): "Is it safe to take while
/// breastfeeding?" takes "it", which stands for something.
fn object_left(words: &[&str], at: usize) -> bool {
    in_list(Words::ObjectVerbs, words[at])
        && words
            .get(at + 1)
            .is_none_or(|w| in_list(Words::ObjectGaps, w))
}

/// Whether `before` holds something a pronoun after it may stand for: someone or something of
/// the user's, a name, or `needed` words each of four letters or more that is none of
/// `not-antecedents`, or of letters and digits ("ps5").
///
/// "This" or "these" need two such words to point back into the request rather than at
/// something the user sees and the request does not hold: they point outward far more often
/// than "it" or "that" refer back, so one word of the request's own ("How much should I
/// charge for this?", "How do I cite this?") is not enough ("Compare bitcoin and gold: is this
/// a bubble?").
fn has_antecedent(before: &[&str], proper: &[bool], needed: usize) -> bool {
    let word = |w: &&&str| {
        (w.len() >= 4 && !in_list(Words::NotAntecedents, w))
            || (w.bytes().any(|b| b.is_ascii_digit()) && w.bytes().any(|b| b.is_ascii_alphabetic()))
    };
    names_someone(before)
        || named_upto(proper, before.len())
        || before.iter().filter(word).nth(needed - 1).is_some()
}

/// Whether `before` names a person or an animal that a "she" or "him" after it may stand for:
/// a name, the user's own someone ("my son", "my 7 year old"), or one of `people`,
/// `person-nouns` or `animals`.
fn someone_before(before: &[&str], proper: &[bool]) -> bool {
    let person =
        |w: &&str| is_person(w) || in_list(Words::PersonNouns, w) || in_list(Words::Animals, w);
    let aged =
        |p: &[&str]| in_list(Words::UserPossessives, p[0]) && p[1].starts_with(char::is_numeric);
    names_someone(before)
        || named_upto(proper, before.len())
        || before.iter().any(person)
        || before.windows(2).any(aged)
}

/// Whether the demonstrative at `i` ends the request after its verb or preposition ("Can my dog
/// eat this?", "Can I drink alcohol with this?"), or with only a preposition after it ("What
/// setting do I wash this on?", `stranded`): there it points at what the user has in front of
/// them, whatever the request said before; "like this" and "as this" compare, and "… is this:"
/// presents what follows.
pub(crate) fn ends_pointing(words: &[&str], i: usize) -> bool {
    let last =
        i + 1 == words.len() || (i + 2 == words.len() && in_list(Words::Stranded, words[i + 1]));
    last && in_list(Words::NearDemonstratives, words[i])
        && i > 0
        && !in_list(Words::LikenedBy, words[i - 1])
}

/// Where the words that may hold the antecedent of the pronoun at `i` end when it is what
/// something goes with ("Suggest a wine to go with it", "What dessert would go well with
/// that?"): before the thing that goes with it, which cannot be its own companion.
fn pairs_with(words: &[&str], i: usize) -> Option<usize> {
    let before = words.get(..i)?;
    let [.., verb, "with"] = before else {
        return None;
    };
    // A verb that does not pair is looked for one word further back, if there is one.
    let verb = (before.len() - 2).checked_sub(usize::from(!in_list(Words::Pairing, verb)))?;
    let paired = in_list(Words::Pairing, before.get(verb)?);
    paired.then(|| last_listed(&before[..verb], Words::PhraseOpeners).unwrap_or(verb))
}

/// Where the words that may hold the antecedent of the pronoun at `i` end. An object pronoun
/// is not the word right before it, its verb ("How often should I water it?"). One after "of",
/// "about", "for" or "between" completes the phrase before it, which cannot be what it stands
/// for either: in "Describe the taste of it", "Explain the difference between them" and "Write
/// a song about her" the taste, the difference and the song are the pronoun's own phrase, so
/// only "describe", "explain" and "write" come before (nothing to refer to), while "the
/// history of Rome and the significance of it" keeps Rome.
fn outside_its_phrase(words: &[&str], i: usize) -> usize {
    let Some(preposition) = i.checked_sub(1) else {
        return i;
    };
    if !in_list(Words::AntecedentPrepositions, words[preposition]) {
        // "Tell my students they did well": a subject may follow its antecedent at once, and
        // a pronoun a verb follows is one ("Fix my code, it crashes").
        let object = in_list(Words::ObjectPronouns, words[i])
            && !listed_at(words, i + 1, Words::SubjectVerbs)
            && !listed_at(words, i + 1, Words::ProblemStates);
        return if object { preposition } else { i };
    }
    // The phrase's noun and up to two words before it, back to its article.
    let reach = preposition.saturating_sub(3);
    last_listed(&words[reach..preposition], Words::Articles).map_or(reach, |j| reach + j)
}

/// "写段生日祝福，发给她的": 他 or 她 after 给 (`zh-for-person`), with no one of `zh-people`
/// named before it, is whom the text or the gift goes to, named nowhere.
fn zh_recipient_unnamed(text: &str) -> Option<&'static str> {
    text.char_indices().find_map(|(at, c)| {
        let to = word_list(Words::ZhForPerson).contains(c);
        let person = opening_in(&text[at + c.len_utf8()..], Words::ZhOpeningPersons)?;
        let named = words_of(Words::ZhPeople).any(|w| text[..at].contains(w));
        (to && !named).then_some(person)
    })
}

/// Whether `before` names someone or something of the user's, however short its noun ("my mom",
/// "our cat"): the antecedent of a later "her" even across the phrase a possessive "her" opens
/// ("What should I get my mom for her birthday?"), which no other word before it can be ("Write
/// a song about her life").
fn names_someone(before: &[&str]) -> bool {
    (before.windows(2)).any(|p| in_list(Words::UserPossessives, p[0]) && p[1].len() >= 3)
}

/// Whether the demonstrative at `i` ends the request after a verb of telling (`told`, then
/// at most `laughs`): "what does it mean when a guy says that lol" leans on words it does not
/// hold.
fn told_last(words: &[&str], i: usize) -> bool {
    i > 0
        && in_list(Words::Told, words[i - 1])
        && words[i + 1..].iter().all(|w| in_list(Words::Laughs, w))
}

/// Whether the demonstrative `w` (near or far) stands alone as a pronoun: nothing that it could
/// modify follows it.
fn is_standalone_demonstrative(words: &[&str], w: &&str, first_sentence: usize) -> bool {
    let demonstrative =
        in_list(Words::NearDemonstratives, w) || in_list(Words::FarDemonstratives, w);
    // The word after the first occurrence of `w` decides.
    let first = || words.iter().position(|x| x == w);
    let Some(i) = demonstrative.then(first).flatten() else {
        return false;
    };
    // "that" after a noun or verb is usually a conjunction ("make sure that …"), not when it
    // is what was said ("when a guy says that").
    let conjunction = *w == "that"
        && i > 0
        && !in_list(Words::BeforeThatPronoun, words[i - 1])
        && !told_last(words, i);
    // "Is this legal?": the subject of a judgement that ends the request, or one that a
    // judgement word follows, whatever is said after it ("Is this legal in my state?").
    let judged = preceded_by(words, i, Words::JudgingBe);
    // "Is it safe to give my dog this? He's been limping…": the first sentence ends with it.
    let ends_sentence = i + 1 == first_sentence;
    !conjunction
        && (ends_sentence
            || questions_subject(words, i)
            || told_last(words, i)
            || words.get(i + 1).is_none_or(|next| {
                in_list(Words::AfterStandalone, next)
                    || (judged && (i + 2 == words.len() || in_list(Words::Judgements, next)))
            }))
}

/// Whether the demonstrative at `i` is the subject of a question, whose verb follows it with a
/// preposition or the end after (`after-a-verb`): "Can this go in the dishwasher?", "Will this
/// fit in my car?"; not "Will this recipe work?".
fn questions_subject(words: &[&str], i: usize) -> bool {
    let auxiliary = |w: &str| in_list(Words::YesNoOpeners, w) || in_list(Words::ModalOpeners, w);
    i > 0
        && auxiliary(words[i - 1])
        && words.len() > i + 1
        && (words.get(i + 2)).is_none_or(|w| in_list(Words::AfterAVerb, w))
}

/// An underspecified parameter: "how many … enough" (one of `parameter-openers` among the first
/// words, and a word of `suitable`), "which X should I use", not when a purpose says what the
/// choice is for.
fn underspecified_parameter(words: &[&str]) -> bool {
    const OPENS_WITHIN: usize = 3;
    let opener = phrase_in(words, Words::ParameterOpeners).is_some_and(|(at, _)| at < OPENS_WITHIN);
    let enough = any_listed(words, Words::Suitable);
    let which_should = (words.first()).is_some_and(|w| in_list(Words::ChoiceOpeners, w))
        && (words.windows(3))
            .any(|p| p[0] == "should" && p[1] == "i" && in_list(Words::ShouldVerbs, p[2]));
    // "What's a good way to teach a kid to ski?", "What software should I use for editing
    // videos?": the purpose says what the choice is for.
    let purpose = any_listed(words.iter().skip(2), Words::PurposeWords);
    ((opener && enough) || which_should) && !purpose
}

/// "哪个更好？", "選哪個？": a choice among things the request does not name. "Which one"
/// followed by a comparison or by nothing; not when a noun follows ("哪个城市"), the request
/// names the candidates, or a superlative before it says which one is meant ("世界上最高的山是
/// 哪个？"; "最近哪个好？" is asked about by the 最近 rule).
pub(crate) fn zh_choice_without_candidates(text: &str) -> Option<&'static str> {
    let which = occurrences(text, words_of(Words::ZhWhich)).find(|(before, _, after)| {
        let next = after.chars().find(|c| !c.is_whitespace());
        !before.contains("最") && next.is_none_or(|c| super::char_listed(Words::ZhAfterWhich, c))
    });
    which
        .filter(|_| !holds_any(text, Words::ZhCandidates))
        .map(|(_, w, _)| w)
}

/// Whether "these two" (`pronoun`: 这两, 這兩, ending in a count of `zh-pointed-counts`) follows
/// the ones it stands for, joined by a word of `zh-candidates` before it ("0050 跟 0056 這兩檔
/// ETF 有什麼差別？").
fn two_named_before(text: &str, pronoun: &str) -> bool {
    let joined = |at: usize| holds_any(&text[..at], Words::ZhCandidates);
    pronoun.ends_with(|c| super::char_listed(Words::ZhPointedCounts, c))
        && text.find(pronoun).is_some_and(joined)
}

/// Whether the clause that ends `before` lists things with 、: a demonstrative after it sums the
/// list up ("水电瓦斯、网络、地址变更那些").
fn lists_before(before: &str) -> bool {
    let clause = before.rsplit(zh_clause_end).next().unwrap_or_default();
    clause.contains('、')
}

/// Whether the clause `before` a "this sentence" is the sentence itself ("路漫漫其修远兮这句话是什么
/// 意思"): words of its own, not a description of it ("他说的那句话"), a person ("老板这句话"), nor
/// an instruction ("帮我翻译这句话").
fn zh_sentence_before(before: &str) -> bool {
    let clause = before.rsplit(zh_clause_end).next().unwrap_or_default();
    // Who said the sentence, or what is asked of it.
    let said_or_asked = [
        Words::ZhPeople,
        Words::ZhPronouns,
        Words::ZhPolite,
        Words::ZhDirectiveDo,
    ];
    clause.chars().filter(|&c| super::is_cjk(c)).count() >= 2
        && !clause.ends_with('的')
        && !said_or_asked.into_iter().any(|l| holds_any(clause, l))
}

/// The words of `rest` (what comes after a pointer) up to the material's word `m`, when `m`
/// follows the pointer: at once for a word of one character (话), within [`MATERIAL_REACH`]
/// characters for a longer one ("这篇英语作文"), after a number of any length, the part's
/// ("第三题", "第12段"), or after the time it was made ("把上周的会议纪要整理成报告").
fn stands_after<'r>(rest: &'r str, m: &str) -> Option<&'r str> {
    let i = rest.find(m)?;
    // "这张信用卡" holds no letter (信): a longer word begins there.
    if opening_in(&rest[i..], Words::ZhNotMaterials).is_some() {
        return None;
    }
    let between = &rest[..i];
    let end = i + m.len();
    // "这封客诉信": a word of one character may end a longer one, the modifier before it short
    // and the word ending there; not a longer word that is no material ("这个问题").
    let ends_word = (rest[end..].chars().next()).is_none_or(|c| !super::is_cjk(c))
        && ending_in(&rest[..end], Words::ZhNotMaterialEnds).is_none();
    // A word of one character follows at once: nothing between, which the number test passes.
    let follows = ((m.chars().count() > 1 || ends_word)
        && between.chars().count() <= MATERIAL_REACH)
        || (between.chars())
            .all(|c| c.is_ascii_digit() || super::char_listed(Words::ZhNumerals, c))
        || (between.strip_suffix('的')).is_some_and(|time| in_list(Words::ZhPastTimes, time));
    follows.then(|| &rest[..i + m.len()])
}

/// Characters between a pointer and its material's word of two characters or more ("这篇英语
/// 作文": 2); a word of one character (话) follows its pointer at once.
const MATERIAL_REACH: usize = 2;

/// The user's own text that a Chinese request is about and does not include, as the request
/// names it ("这段代码", or "您的简历" for 我的简历): "帮我看看我的简历" asks for the résumé,
/// "这段代码有什么问题" for the code.
///
/// `has` is the caller's filtered substring search, cheap on words the request cannot hold.
fn zh_own_material(text: &str, has: impl Fn(&str) -> bool) -> Option<String> {
    let reviewed = words_of(Words::ZhReview).any(&has);
    let pointers = words_of(Words::ZhMaterialPointers).filter(|p| has(p));
    for (at, pointer) in pointers.filter_map(|p| text.find(p).map(|at| (at, p))) {
        let before = &text[..at];
        if pointer.ends_with('句') && zh_sentence_before(before) {
            continue;
        }
        let rest = &text[at + pointer.len()..];
        let demonstrative = pointer.starts_with(['这', '這']);
        // The material's word, right after the pointer or a short modifier, and the words up
        // to it as written ("这篇英语作文", "第三题").
        let material = words_of(Words::ZhMaterials)
            .filter(|m| has(m))
            .find_map(|m| Some((m, stands_after(rest, m)?)));
        if let Some((noun, named)) = material {
            let skipped = match pointer {
                // "我的VLOOKUP一直返回#N/A": one that misbehaves is looked at as well.
                "我的" => !reviewed && !holds_any(rest, Words::ZhProblemStates),
                // "怎麼把照片轉成 PDF": how to do it, to any such text; "写个脚本，把…": what a
                // program is to do.
                "把" => holds_any(before, Words::ZhHow) || holds_any(before, Words::ZhCode),
                // "第三题" is a numbered part; "第三季業績" a quarter's, named by its time.
                p if p.starts_with('第') => !named[..named.len() - noun.len()]
                    .chars()
                    .all(|c| c.is_ascii_digit() || super::char_listed(Words::ZhNumerals, c)),
                // "公司让我签竞业协议……这个协议还有效吗？": a thing the request named before and
                // asks about, not one to look over.
                _ => demonstrative && before.contains(noun) && !reviewed,
            };
            if skipped {
                continue;
            }
            // "把我的简历" is the user's, as "我的简历" is.
            let named = named.strip_prefix("我的").unwrap_or(named);
            let whose = match pointer {
                // "上周的会议纪要" says whose already.
                "把" if named.contains('的') => "",
                "我的" | "把" => "您的",
                _ => pointer,
            };
            return Some(String::from(whose) + named);
        }
        // "把这段翻成英文", "帮我润色一下这段": a demonstrative and its measure word are the
        // material itself, the object of 把 or the request's last words.
        let object = before.ends_with('把')
            || (rest.trim_start().chars().next())
                .is_none_or(|c| !(super::is_cjk(c) || c.is_alphanumeric()));
        // "水电燃气、宽带、快递地址这些": right after a list, it sums the list up.
        let listed = before
            .rsplit(zh_clause_end)
            .next()
            .is_some_and(|c| c.contains('、'));
        if demonstrative && object && !listed {
            // What stands between it and the verb names it ("把這份 Excel 的資料按日期排序").
            let named: String = rest
                .chars()
                .take_while(|c| {
                    !super::char_listed(Words::ZhWorking, *c) && !c.is_ascii_punctuation()
                })
                .take(ZH_OBJECT_REACH)
                .collect();
            return Some(String::from(pointer) + named.trim_end());
        }
    }
    if let Some(code) = zh_code_in_state(text, &has, Words::ZhProblemStates) {
        return Some(String::from("您的") + code);
    }
    zh_others_material(text, has)
}

/// The text of someone else's that a Chinese request is about and does not include (see
/// [`zh_own_material`]): a message of one of `zh-people` ("老板发来的邮件", "主管的Line"), a
/// material's inside ("表格里的数字"), a message answered ([`zh_answered`]) or received
/// ([`zh_material_told`]).
fn zh_others_material(text: &str, has: impl Fn(&str) -> bool) -> Option<String> {
    let people = words_of(Words::ZhPeople).filter(|p| has(p));
    let message = occurrences(text, people).find_map(|(before, person, after)| {
        // "写一封给房东的邮件": the person it is written to.
        if before.ends_with(|c| word_list(Words::ZhToPerson).contains(c)) {
            return None;
        }
        let of = opening_in(after, Words::ZhOfPerson)?;
        let rest = &after[of.len()..];
        // The message's word nearest the person, the longest there ("微信", not its "信").
        let (i, noun) = words_of(Words::ZhMessages)
            .filter_map(|m| rest.find(m).map(|i| (i, m)))
            .filter(|(i, _)| rest[..*i].chars().count() <= MATERIAL_REACH)
            .min_by_key(|(i, m)| (*i, usize::MAX - m.len()))?;
        Some(format!("{person}{of}{}", &rest[..i + noun.len()]))
    });
    // "表格里的数字": a material's word right before one of `zh-inside`; not in a question on
    // how to do it ("Python怎么读取一个Excel文件里的第二个sheet").
    let inside = || occurrences(text, words_of(Words::ZhInside));
    message
        .or_else(|| {
            inside()
                .filter(|(_, word, after)| !word.ends_with('第') || zh_numbered_part(after))
                .filter(|(before, _, _)| !holds_any(before, Words::ZhHow))
                .find_map(|(before, _, _)| ending_in(before, Words::ZhMaterials))
                .map(str::to_owned)
        })
        .or_else(|| zh_answered(text))
        .or_else(|| {
            when(words_of(Words::ZhReceived).any(&has), || {
                zh_material_told(text)
            })
        })
}

/// Whether what follows 第 is a number and one of `zh-numbered-parts` ("十二条" of "合同第十二条").
fn zh_numbered_part(after: &str) -> bool {
    let number = |c: char| c.is_ascii_digit() || super::char_listed(Words::ZhNumerals, c);
    let part = after.trim_start_matches(number);
    part.len() < after.len()
        && (part.chars().next()).is_some_and(|c| super::char_listed(Words::ZhNumberedParts, c))
}

/// The message a Chinese request answers or reads and does not hold: one of `zh-answering`
/// before someone ("帮我回一下客户", "我该怎么回他": a person of `zh-people` or
/// `zh-opening-persons`, after at most one of `zh-softeners`) with nothing of what they said
/// (`zh-said`: "他问我周末有没有空，怎么回他"), or after them when the reply ends its clause
/// ("班主任@我了，帮我回一下"), or someone before one of `zh-said-so` ("他这么说是什么意思").
/// The evidence is theirs, as the question asks for it ("客户的消息").
fn zh_answered(text: &str) -> Option<String> {
    let opening = |after: &str| {
        opening_in(after, Words::ZhPeople).or_else(|| opening_in(after, Words::ZhOpeningPersons))
    };
    let ending = |before: &str| {
        ending_in(before, Words::ZhPeople).or_else(|| ending_in(before, Words::ZhOpeningPersons))
    };
    // "班主任在家长群里@我了，帮我回一下": a reply asked for (`zh-reply-asks` before it) that
    // ends its clause answers the one of the user's people the request named last before it
    // ("孩子老师…": the teacher).
    let unaddressed = |before: &str, after: &str| {
        let rest = after_word(after, Words::ZhSofteners).unwrap_or(after);
        let ends = (rest.chars().next()).is_none_or(zh_clause_end);
        let asked = ending_in(before, Words::ZhReplyAsks).is_some();
        when(ends && asked, || {
            occurrences(before, words_of(Words::ZhPeople))
                .max_by_key(|(b, _, _)| b.len())
                .map(|(_, who, _)| who)
        })
    };
    let answered = || {
        let mut replies = occurrences(text, words_of(Words::ZhAnswering));
        // "回复一下这位客户": one pointed at is still someone.
        let after = |a: &str| {
            let a = after_word(a, Words::ZhSofteners).unwrap_or(a);
            opening(after_word(a, Words::ZhPersonPointers).unwrap_or(a))
        };
        when(!holds_any(text, Words::ZhSaid), || {
            replies.find_map(|(b, _, a)| after(a).or_else(|| unaddressed(b, a)))
        })
    };
    let said_so = || occurrences(text, words_of(Words::ZhSaidSo)).find_map(|(b, _, _)| ending(b));
    let who = said_so().or_else(answered)?;
    let (traditional, simplified) = crate::text::script_markers(text);
    let mut message = words_of(Words::ZhAnsweredMessage);
    let message = if traditional > simplified {
        message.nth(1)
    } else {
        message.next()
    }?;
    Some(format!("{who}的{message}"))
}

/// What an earlier exchange the request leans on says, as the request words it ("what we
/// discussed", "where we left off"): the product cannot see what the user saw. "The column I
/// told you about" is quoted with its noun.
fn earlier_exchange(words: &[&str]) -> Option<String> {
    let (at, phrase) = phrase_in(words, Words::EarlierExchange)?;
    let noun = at >= 2 && in_list(Words::Determiners, words[at - 2]);
    let quoted = &words[at - 2 * usize::from(noun)..at + phrase.split('+').count()];
    let capital = |w: &&str| w.replacen('i', "I", in_list(Words::FirstPerson, w).into());
    Some(quoted.iter().map(capital).collect::<Vec<_>>().join(" "))
}

/// "here", when a phrase of where the user is stands in the request ("cafes near here") and
/// no place is named.
pub(crate) fn here_leaned_on(words: &[&str], proper: &[bool]) -> Option<String> {
    phrase_in(words, Words::HerePhrases)?;
    (!proper.contains(&true)).then(|| "here".to_owned())
}

/// The text an earlier message of the user's says they received or wrote, and does not hold
/// ("老师刚在家长群里发了个通知", "房東剛傳了一份新的租約給我"): one of `zh-materials` within
/// [`ZH_TOLD_REACH`] characters after one of `zh-received`, in the same clause. The evidence
/// points at it as the message wrote it, its count turned to 那 ("那个通知", "那份新的租約").
pub(crate) fn zh_material_told(earlier: &str) -> Option<String> {
    occurrences(earlier, words_of(Words::ZhReceived)).find_map(|(_, _, after)| {
        // The text's word that ends last ("一段话": 话, not 段; "一大段微信": 微信).
        let (i, noun) = (words_of(Words::ZhMaterials).chain(words_of(Words::ZhMessages)))
            .filter_map(|m| after.find(m).map(|i| (i, m)))
            .filter(|(i, _)| after[..*i].chars().count() <= ZH_TOLD_REACH)
            .filter(|(i, _)| !holds_any(&after[..*i], Words::ZhClauseEnds))
            .max_by_key(|(i, m)| (i + m.len(), m.len()))?;
        // "推銷電話": a longer word the material's word ends is no material.
        let longer = ending_in(&after[..i + noun.len()], Words::ZhNotMaterialEnds);
        if longer.is_some_and(|w| w.len() > noun.len()) {
            return None;
        }
        // "拿到体检报告，尿酸480", "收到短信说…": the message goes on to tell what the text says.
        let told = &after[i + noun.len()..];
        if told.contains(|c: char| c.is_ascii_digit() || matches!(c, ':' | '：' | '“' | '「'))
            || opening_in(told.trim_start_matches(zh_clause_end), Words::ZhSaysSo).is_some()
        {
            return None;
        }
        let named = &after[..i + noun.len()];
        // "个通知", "份很长的邮件": a count, its noun or a short modifier after it; not a word
        // that opens with a measure ("期末报告的初稿").
        let measure = |c: &char| word_list(Words::ZhMeasureWords).contains(*c);
        let counted = named.chars().next().filter(measure).is_some_and(|c| {
            let rest = &named[c.len_utf8()..];
            let modifier = rest.find('的').map(|at| rest[..at].chars().count());
            rest == noun || modifier.is_some_and(|n| n <= ZH_MODIFIER_REACH)
        });
        Some(match named.strip_prefix('一') {
            Some(counted) => format!("那{counted}"),
            None if counted => format!("那{named}"),
            None => named.to_owned(),
        })
    })
}

/// Characters between a verb of `zh-received` and the text's word ("一份新的租約": 4).
const ZH_TOLD_REACH: usize = 6;

/// Characters of a modifier between a count and its 的 ("一份很长的邮件": 2).
const ZH_MODIFIER_REACH: usize = 2;

/// Characters of the object after 把 and its demonstrative that a question quotes.
const ZH_OBJECT_REACH: usize = 12;

/// Characters before a `zh-code` word within which a verb of making says the answer makes it.
const ZH_MADE_REACH: usize = 4;

/// Characters after a `zh-code` word within which a `zh-problem-states` word says it misbehaves.
const ZH_PROBLEM_REACH: usize = 12;

/// The user's code, query or formula that the request says is in one of the list `states`
/// (`zh-problem-states`: "有个SQL跑得特别慢"; `zh-failure-states`: "程式一跑就當掉"): the answer
/// needs it, as in English. Not one to be made ("帮我写个脚本…报错的话"), but one the user made
/// ("我写的脚本").
pub(crate) fn zh_code_in_state(
    text: &str,
    has: impl Fn(&str) -> bool,
    states: Words,
) -> Option<&str> {
    occurrences(text, words_of(Words::ZhCode).filter(|w| has(w)))
        .find(|(before, _, after)| {
            // "帮我写个脚本": made by the answer; "我写的脚本": the user's own.
            let before: String = before.chars().rev().take(ZH_MADE_REACH).collect();
            let made = before.contains(|c| super::char_listed(Words::ZhCodeMakers, c))
                && !before.contains('的');
            let part_of_another =
                (after.chars().next()).is_some_and(|c| word_list(Words::ZhCodeEnds).contains(c));
            let near: String = after.chars().take(ZH_PROBLEM_REACH).collect();
            !made && !part_of_another && words_of(states).any(|p| near.contains(p))
        })
        .map(|(_, w, _)| w)
}

/// Whether a far demonstrative inside a request, before its `noun` and `measure` word, points
/// at what the user sees and the reader does not ("冷气一直显示那个代码"): not a kind ("那种"),
/// nor what is said of a thing (`before` ends in 是: "长城（不是车，是那个古迹）"), nor what the
/// things `named` before it come to ("iPhone 15 跟 15 Pro…值得多花那些钱吗").
fn zh_seen_only(noun: &str, measure: char, before: &str, named: bool) -> bool {
    !noun.is_empty()
        && !before.ends_with('是')
        && !word_list(Words::ZhKindMeasures).contains(measure)
        && !named
}

/// Whether `c` ends a Chinese clause (`zh-clause-ends`: "，", "。", "?"…).
fn zh_clause_end(c: char) -> bool {
    super::char_listed(Words::ZhClauseEnds, c)
}

/// Whether a Chinese message names a thing: by a title or a quotation (《》, 「」, quotation
/// marks) or by a Latin word ([`holds_latin_word`]).
pub(crate) fn zh_names_a_thing(text: &str) -> bool {
    text.contains(['《', '「', '“', '"']) || holds_latin_word(text)
}

/// Whether a Chinese message writes a Latin word of two letters or more: a brand, a shop or a
/// program named ("在momo買了", "用Excel做").
pub(crate) fn holds_latin_word(text: &str) -> bool {
    (text.split(|c: char| !c.is_ascii_alphabetic())).any(|w| w.len() >= 2)
}

/// A thing a Chinese request points at with a demonstrative and nothing naming it: "这套房子值得
/// 买吗" (at the request's opening, after any of `zh-openers`), "医生开的那个药一天吃几次" (after
/// a clause that describes it). A demonstrative before a measure word (`zh-measure-words`) or a
/// word for a place (`zh-place-words`), not one of `zh-not-pronouns` ("这个月"). It is resolved
/// when its noun was said before it, in the request or in `earlier` (the conversation's
/// messages), or when `earlier` names a thing by a title, a quotation or a Latin name ("iPhone
/// 15"); a bare one ("这家好吃吗") by a conversation that names a thing or counts one with
/// the same measure word ("一家"). A thing, not a place, is also resolved by a `situation` (an
/// earlier message told the user's situation at length: "这种情况能拿多少补偿？" after the job,
/// the pay and the years). The
/// evidence is the demonstrative and its noun, as written ("这套房子"). With no conversation,
/// a clause that leans on an earlier exchange or on what the user remembers
/// (`zh-earlier-exchange`: "我们几点集合来着") points at what the reader never saw too: the
/// evidence is the clause.
pub(crate) fn zh_pointing(text: &str, earlier: &str, situation: bool) -> Option<String> {
    let start = past_words(text.trim_start(), Words::ZhOpeners);
    let opening = text.len() - start.len();
    let named_earlier = zh_names_a_thing(earlier);
    let pointing = |(before, d, after): (&str, &str, &str)| {
        let at = before.len();
        // "我这种情况": after the speaker, it opens the request still; "物业那件事": a matter
        // (`zh-matters`) is pointed at wherever it stands, as is a place gone to ("去那边").
        let before = before.trim_end();
        let here = &text[at..];
        let gone_to = ending_in(before, Words::ZhGoing).is_some()
            && (after.chars().next()).is_some_and(|c| word_list(Words::ZhPlaceWords).contains(c));
        let matter = gone_to || opening_in(after, Words::ZhMatters).is_some();
        // "这两款手机": a count may stand between the demonstrative and its measure word.
        let rest = after.trim_start_matches(|c| super::char_listed(Words::ZhPointedCounts, c));
        let counted = rest.len() != after.len();
        let opens = at == opening || counted || zh_opens_pointing(before, after, opening);
        // "猫咪舔了一点那个", "牠可以吃這個嗎": after a verb, a demonstrative that stands alone
        // for a thing (not a kind, "那种"; nor a side, "导师那边") points as well.
        let inside = !(opens || matter);
        if opening_in(here, Words::ZhNotPronouns).is_some() {
            return None;
        }
        let measure = rest.chars().next()?;
        // Both lists are of single characters.
        let place = word_list(Words::ZhPlaceWords).contains(measure);
        if !place && !word_list(Words::ZhMeasureWords).contains(measure) {
            return None;
        }
        let noun = (!place).then(|| zh_noun(&rest[measure.len_utf8()..]).0);
        let noun = noun.unwrap_or_default();
        let alone =
            !place && noun.is_empty() && !word_list(Words::ZhKindMeasures).contains(measure);
        let far = super::char_listed(Words::ZhFarDemonstratives, d.chars().next()?);
        let seen = far && zh_seen_only(&noun, measure, before, zh_names_a_thing(&text[..at]));
        if inside && !alone && !seen {
            return None;
        }
        // "这三个月": a count of a time's units says how long, not which things.
        let unit = |c: char| super::char_listed(Words::ZhLengthUnits, c);
        if counted && (unit(measure) || noun.starts_with(unit)) {
            return None;
        }
        let head: String = noun.chars().take(2).collect();
        // "0050 跟 0056 這兩檔": things counted are named, or set against each other, before, in
        // their clause.
        let clause = (text[..at].rsplit(zh_clause_end).next()).unwrap_or_default();
        let candidates = zh_names_a_thing(clause) || holds_any(clause, Words::ZhCandidates);
        let resolved = if inside && alone {
            // A near one refers back to what the request said before it ("血压160/95，…这个要紧
            // 吗？") or the conversation did; a far one to what the conversation named.
            (!far && (zh_told_before(before) || !earlier.is_empty()))
                || named_earlier
                || earlier.contains(measure)
        } else if head.is_empty() {
            // "我喜欢的那款": the clause before it says what it is, unless the answer is to be
            // like it ("和我刚看完的那本类似的书": which one is still unsaid); "这款" after "我在
            // 看一款耳机" or a name, the conversation.
            let likened = opening_in(&rest[measure.len_utf8()..], Words::ZhLikeness).is_some();
            // "那边" after "想去日本玩": the conversation's place.
            // "這兩台" after "我想買一台新的吸塵器": one thing counted before is not the two,
            // which only their names say.
            let counted_before = earlier.contains(measure) && !counted;
            (at != opening && !gone_to && !likened && !liked_by_someone(before))
                && (!counted || candidates)
                || named_earlier
                || counted_before
                || (place && super::names_a_destination(earlier))
        } else {
            // "咋关掉那个负一屏" after "我用的是小米14": what the user sees is of the thing named.
            text[..at].contains(&head)
                || zh_noun_named_earlier(&noun, &head, earlier, named_earlier)
                || (inside && named_earlier)
        };
        // A medicine the user takes is theirs to name, however much the conversation told.
        let medicine = opening_in(&noun, Words::ZhMedicines).is_some();
        let said = ending_in(before, Words::ZhSaidBy).is_some() || liked_by_someone(before);
        let uncounted = counted && zh_counted_one_or_asked(earlier, measure);
        let resolved = resolved
            || lists_before(before)
            || (counted && candidates && !said)
            || (situation && !place && !medicine && !said && !uncounted);
        let count = &after[..after.len() - rest.len()];
        (!resolved).then(|| format!("{d}{count}{measure}{noun}"))
    };
    let pointed = occurrences(text, words_of(Words::ZhDemonstratives)).find_map(pointing);
    let leans = || words_of(Words::ZhEarlierExchange).find(|w| text.contains(w));
    // "《红楼梦》…后四十回又是谁续写的": the title is what it leans on.
    // "一斤等于多少克来着": what the user forgot is a fact of the world, not an exchange.
    let leaning =
        earlier.is_empty() && !text.contains('《') && !holds_any(text, Words::ZhGeneralFacts);
    pointed.or_else(|| when(leaning, leans).and_then(|w| clause_of(text, w)))
}

/// Whether what stands `before` a Chinese demonstrative says someone liked, chose or cannot
/// have the thing (`zh-liked-by`: "她最爱吃的那个", "我老婆喜欢的那款"; a person of `zh-people`
/// or `zh-opening-persons`, or 我, in its clause): which one only the user knows.
fn liked_by_someone(before: &str) -> bool {
    let clause = (before.rsplit(zh_clause_end).next()).unwrap_or_default();
    let person = holds_any(clause, Words::ZhPeople)
        || holds_any(clause, Words::ZhOpeningPersons)
        || clause.contains('我');
    ending_in(before, Words::ZhLikedBy).is_some() && person
}

/// Whether what stands `before` a Chinese demonstrative (trimmed; `opening`: where the request
/// opens past its openers) makes it point at something not given, wherever it stands: after a
/// time gone by, something of then, the user's ("把上周那份周报…"); things counted at a clause's
/// opening ("想买台笔记本，这两款哪个更值？"); what the request goes by ("按这个比例"); the
/// user's own ("我这张信用卡"), or one of their people's ("我儿子这道数学题").
fn zh_opens_pointing(before: &str, after: &str, opening: usize) -> bool {
    before.ends_with('的')
        || (before.ends_with(zh_clause_end) && opening_in(after, Words::ZhPointedCounts).is_some())
        || ending_in(before, Words::ZhBy).is_some()
        || before.strip_suffix('我').is_some_and(|b| {
            b.chars().count() <= 1 || b.len() <= opening || b.ends_with(zh_clause_end)
        })
        || ending_in(before, Words::ZhPeople)
            .is_some_and(|p| before[..before.len() - p.len()].ends_with('我'))
        || ending_in(before, Words::ZhPastTimes).is_some()
}

/// Whether the words `before` a near demonstrative that stands alone told what it stands for
/// ("血压160/95，…这个要紧吗？"): a clause, or letters or digits. What is used is not the
/// trouble told before it ("墙角发霉了，用这个能洗掉吗", `zh-using`), only a thing named with
/// its letters or digits ("买了84消毒液，用这个…").
fn zh_told_before(before: &str) -> bool {
    let named = |c: char| c.is_ascii_alphanumeric();
    if ending_in(before, Words::ZhUsing).is_some() {
        return before.contains(named);
    }
    before.contains(|c: char| named(c) || zh_clause_end(c))
}

/// Whether the conversation (`earlier`) says a measure word only after 一 or an asking word
/// ("一台", "哪几款"): it counted one, or asked which, and named none of the things a count
/// points at ("這兩台"), however much the user told.
fn zh_counted_one_or_asked(earlier: &str, measure: char) -> bool {
    let one_or_asked = |(i, _): (usize, &str)| {
        let before = earlier[..i].trim_end_matches(|c| super::char_listed(Words::ZhSomeCount, c));
        before.ends_with('一') || ending_in(before, Words::ZhAsksWhich).is_some()
    };
    earlier.contains(measure) && earlier.match_indices(measure).all(one_or_asked)
}

/// Whether the conversation (`earlier`; `named`: it writes a name) names the `noun` a Chinese
/// demonstrative points at (`head`, its first characters): it says the noun, not only to ask
/// which one ("报什么专业"); or a name, unless the noun is material of the user's, still to
/// paste ("这条查询" after "我们用的是MySQL 8"); or a medicine by its form ("这个药" after
/// "医生给我开了阿莫西林胶囊").
fn zh_noun_named_earlier(noun: &str, head: &str, earlier: &str, named: bool) -> bool {
    let medicine = opening_in(noun, Words::ZhMedicines).is_some()
        && holds_any(earlier, Words::ZhMedicineForms);
    let material = opening_in(noun, Words::ZhMaterials).is_some();
    (earlier.match_indices(head))
        .any(|(i, _)| ending_in(&earlier[..i], Words::ZhAsksWhich).is_none())
        || (named && !material)
        || medicine
}

/// The clause of `text` that holds `word`, up to [`CLAUSE_REACH`] characters: what a question
/// quotes of the request ("帮我算一下刷墙需要多少钱").
pub(crate) fn clause_of(text: &str, word: &str) -> Option<String> {
    text.split(['，', '。', '？', '！', '；', ',', '?', '!', '\n'])
        .find(|clause| clause.contains(word))
        .map(|clause| clause.trim().chars().take(CLAUSE_REACH).collect())
}

/// Characters of a clause that a question quotes.
const CLAUSE_REACH: usize = 20;

/// Characters of the noun a demonstrative points at that its question quotes ("这个保健食品").
const NOUN_REACH: usize = 4;

/// Chinese rules over the request text.
///
/// `cjk` is the number of CJK characters; a terse keyword list ("悠遊卡 投遞的格式、成效")
/// and pronouns without antecedent are flagged. `referent`: a conversation or
/// supplied material gives pronouns something to refer to; `material_given`: the request or the
/// conversation holds material ("这段话" may be it). `measure_given`: the request says by
/// what its 推荐 or 最好 is judged (a work's genre). `has` says whether a word is in `text` (the
/// caller's filtered substring search).
pub(crate) fn chinese(
    text: &str,
    cjk: usize,
    referent: bool,
    material_given: bool,
    measure_given: bool,
    has: impl Fn(&str) -> bool,
) -> Vec<Finding> {
    let mut found = Vec::new();
    let short = cjk <= 16;
    // Pointing at material is asked at any length: detail elsewhere does not hold the text.
    let material = when(!material_given, || zh_own_material(text, &has));
    found.extend(material.map(|e| finding(Kind::MissingContext, e)));
    if !short {
        return found;
    }
    let pronoun = |p: &str| {
        has(p)
            && (!words_of(Words::ZhNotPronouns).any(|w| w.contains(p))
                || without_words(text, Words::ZhNotPronouns).contains(p))
    };
    // "这段代码" is asked for as the text it is, not as a pronoun.
    if found.is_empty()
        && !referent
        && let Some(p) = words_of(Words::ZhPronouns)
            .find(|p| pronoun(p) && !two_named_before(text, p))
            // 他 or 她 opening a request ("他是哪一年去世的？"): the person is the subject, named
            // nowhere before. Later in a request they usually refer back ("我老公…我该怎么跟他谈").
            .or_else(|| opening_in(text.trim_start(), Words::ZhOpeningPersons))
            .or_else(|| zh_recipient_unnamed(text))
    {
        found.push(finding(Kind::PronounWithoutAntecedent, p));
    }
    // A request that names what it is like ("像《三体》一样") has given its measure of "best".
    let reference = measure_given || text.contains('《') || words_of(Words::ZhLikeAWork).any(&has);
    // A conversation, or material given, says what "best" or "recent" is measured by ("有什么
    // 推荐的地方吗？" after where the user lives and with whom).
    let ambiguous = words_of(Words::ZhAmbiguous)
        .find(|w| has(w) && !(reference && in_list(Words::ZhCriterion, w)))
        .or_else(|| zh_choice_without_candidates(text))
        .filter(|_| !referent);
    found.extend(ambiguous.map(|w| finding(Kind::AmbiguousReference, w)));
    let choose = words_of(Words::ZhShouldChoose).find(|w| has(w));
    found.extend(choose.map(|w| finding(Kind::UnderspecifiedParameter, w)));
    // An instruction with its material after a colon, in quotes or earlier is no list of
    // keywords (解方程：3x + 7 = 25, 给“周末露营装备清单”这篇笔记起5个标题), nor is one that
    // makes a counted thing ("用 JavaScript 寫一個倒數計時器，顯示分跟秒").
    let full = words_of(Words::ZhFullSentence).any(has)
        || super::has_text_after_colon(text)
        || material_given
        || zh_made(text).next().is_some();
    let fragments = without_spaces_by_latin(text)
        .split(|c: char| c.is_whitespace() || super::char_listed(Words::ZhKeywordSeparators, c))
        .filter(|f| !f.is_empty())
        .count();
    if !full && (fragments >= 2 || cjk <= 4) {
        let keywords: String = text.trim().chars().take(24).collect();
        found.push(finding(Kind::UnderspecifiedRequest, keywords));
    }
    found
}

/// `text` without the spaces next to a Latin letter or a digit: Chinese is often written with
/// a space around a number or an English word ("计算 12 乘以 34"), which does not make the
/// request a list of keywords.
fn without_spaces_by_latin(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let latin = |i: usize| chars.get(i).is_some_and(char::is_ascii_alphanumeric);
    (chars.iter().enumerate())
        .filter(|&(i, c)| !c.is_whitespace() || !(latin(i.wrapping_sub(1)) || latin(i + 1)))
        .map(|(_, c)| *c)
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_message_sent_to_the_user_and_answered_is_asked_for() {
        let sender = |s: &'static str| answered_sender(&s.split(' ').collect::<Vec<_>>());
        assert_eq!(
            sender("my son's teacher emailed me about him help me write back").as_deref(),
            Some("my son's teacher")
        );
        // What was sent named after the verb ("sent a note home").
        assert_eq!(
            sender("my son's teacher sent a note home help me write a response").as_deref(),
            Some("my son's teacher")
        );
        // A word between the sender and the verb.
        assert_eq!(
            sender("my boss just emailed me help me write a reply").as_deref(),
            Some("my boss")
        );
        // Not answered, or not sent to the user: nothing to ask for.
        assert_eq!(sender("my boss emailed me about the deadline"), None);
        assert_eq!(sender("i emailed my boss help me reply"), None);
    }

    #[test]
    fn a_text_the_user_received_is_pointed_at_in_the_messages_words() {
        for (earlier, told) in [
            ("老师刚在家长群里发了个通知", Some("那个通知")),
            ("房東剛傳了一份新的租約給我", Some("那份新的租約")),
            ("老闆剛剛在群組傳了一段話，感覺在暗酸我。", Some("那段話")),
            ("组员刚交了期末报告的初稿", Some("期末报告的初稿")),
            ("我刚拿到单位的体检报告", Some("单位的体检报告")),
            // What the text says, told: nothing to paste.
            ("我刚拿到体检报告，尿酸480 μmol/L", None),
            // No text received, or one too far from its verb.
            ("我刚收到录取结果了，好开心", None),
            ("我发了个朋友圈，然后他给我发了消息", Some("消息")),
        ] {
            assert_eq!(zh_material_told(earlier).as_deref(), told, "{earlier}");
        }
    }

    #[test]
    fn a_piece_being_made_is_not_what_the_it_of_its_description_stands_for() {
        let split = |s: &'static str| s.split(' ').collect::<Vec<_>>();
        let it = |words: &[&str]| words.iter().position(|w| *w == "it").expect("an it");
        let described = |s: &'static str| {
            let words = split(s);
            super::piece_described(&words, it(&words), words.len())
        };
        let email = "write an email to my landlord asking when they're going to fix it";
        assert_eq!(described(email), Some(2));
        let words = split(email);
        let proper = vec![false; words.len()];
        assert!(!thing_before(&words[2..it(&words) - 1], &proper));
        // A thing named in the description is what "it" stands for.
        let heater = split("write an email asking him to fix the heater because it broke");
        assert!(thing_before(&heater[2..it(&heater) - 1], &proper));
        // A noun in "-ing" is no participle; "make it" is no thing; a directive that works on
        // material makes no piece.
        assert_eq!(
            described("write a toast for the wedding and keep it short"),
            None
        );
        assert_eq!(described("draft a text telling him i can't make it"), None);
        assert_eq!(described("fix this error i keep getting it"), None);
    }

    #[test]
    fn a_pronoun_after_with_at_the_start_pairs_with_nothing() {
        assert_eq!(super::pairs_with(&["help", "with", "it"], 2), None);
        assert_eq!(super::pairs_with(&["with", "it"], 1), None);
    }

    use super::*;
    use proptest::prelude::*;

    /// Words the English rules look at (pronouns, prepositions, articles, openers), mixed with
    /// nouns and verbs: sequences of them reach every branch of the pronoun and choice rules.
    const VOCABULARY: &[&str] = &[
        "it", "them", "they", "her", "him", "its", "their", "of", "about", "for", "between",
        "among", "the", "a", "an", "that", "this", "what's", "what", "good", "which", "should",
        "i", "use", "to", "if", "describe", "taste", "water", "my", "essay", "is", "does", "mean",
        "compare", "one", "how", "many", "enough",
    ];

    proptest! {
        /// The rules never panic, and the words before a pronoun's own phrase are a part of
        /// the words before it.
        #[test]
        fn any_sequence_of_rule_words_is_read_without_panicking(
            picks in proptest::collection::vec(0..VOCABULARY.len(), 0..14),
            history in any::<bool>(),
        ) {
            let words: Vec<&str> = picks.iter().map(|&i| VOCABULARY[i]).collect();
            english(&words, &[], (history, history), history, words.len());
            for i in 0..words.len() {
                prop_assert!(outside_its_phrase(&words, i) <= i);
            }
        }
    }

    fn words(s: &str) -> Vec<String> {
        super::super::english_words(s)
    }

    fn kinds(s: &str, history: bool) -> Vec<Kind> {
        let w = words(s);
        let w: Vec<&str> = w.iter().map(String::as_str).collect();
        english(&w, &[], (history, history), history, w.len())
            .into_iter()
            .map(|f| f.kind)
            .collect()
    }

    #[test]
    fn material_said_to_be_given_to_the_assistant_is_missing_at_any_length() {
        for request in [
            "I'm preparing for my team offsite next month and everyone is busy, so keep it short \
             and upbeat. Draft an agenda using the list I gave you earlier.",
            "Make a bar chart of the numbers I sent you and tell me which month was best",
            "Tighten the intro we shared with you",
        ] {
            assert!(
                kinds(request, false).contains(&Kind::MissingContext),
                "{request}"
            );
        }
        // Sent to someone else, not to the assistant: the request asks how, not about it.
        let request = "How do I follow up on the email I sent to my boss last week?";
        assert!(!kinds(request, false).contains(&Kind::MissingContext));
    }

    #[test]
    fn a_chinese_choice_among_things_not_named_is_ambiguous() {
        for request in ["哪个更好？", "哪個比較好？", "选哪个？", "哪一个值得买"]
        {
            assert!(zh_choice_without_candidates(request).is_some(), "{request}");
        }
        for request in [
            "哪个城市最适合旅游？",
            "Python和Rust哪个更快？",
            "咖啡還是茶，哪個比較好？",
            "帮我写一封信",
            "世界上最高的山是哪个？",
            "台灣最長的河流是哪一個？",
        ] {
            assert_eq!(zh_choice_without_candidates(request), None, "{request}");
        }
    }

    #[test]
    fn a_choice_among_things_not_named_is_ambiguous() {
        for request in [
            "Which one is better?",
            "Which ones should I keep?",
            "Which is better?",
            "which one",
        ] {
            assert_eq!(
                kinds(request, false),
                [Kind::AmbiguousReference],
                "{request}"
            );
        }
        for request in [
            "Which one of these laptops is lighter?",
            "Which one is faster, Python or Rust?",
            "Which one is better between tea and coffee?",
        ] {
            assert!(
                !kinds(request, false).contains(&Kind::AmbiguousReference),
                "{request}"
            );
        }
        assert_eq!(kinds("Which one is better?", true), []);
    }

    /// `kind` fires on each of `vague` and on none of `clear` (no conversation before).
    fn fires_only_on(kind: Kind, clear: &[&str], vague: &[&str]) {
        for request in clear {
            assert!(!kinds(request, false).contains(&kind), "{request}");
        }
        for request in vague {
            assert!(kinds(request, false).contains(&kind), "{request}");
        }
    }

    #[test]
    fn an_it_or_they_that_stands_for_nothing_is_not_missing_a_referent() {
        fires_only_on(
            Kind::PronounWithoutAntecedent,
            &[
                "Is it safe to burn paper in a fireplace?",
                "Is it true that honey never goes bad?",
                "Why is it important to stretch before exercising?",
                "How long does it take to boil an egg?",
                "Does it rain in Hawaii?",
                "Is it going to rain tomorrow?",
                "Is it raining in Seattle?",
                "Is it cold outside?",
                "What does it mean if my favorite color is purple?",
                "Is it worth it to see Dune in IMAX?",
                "How does it feel to fail at something?",
                "Do they still make encyclopedias?",
                "How do they calculate the CPI?",
            ],
            &[
                "Is it good?",
                "Is it hot?",
                "Is it going to work?",
                "How long does it take?",
                "What does it mean?",
                "Do they work?",
                "Why do they do that?",
                "Is it safe?",
                "Is it worth it?",
                "How does it feel?",
            ],
        );
    }

    #[test]
    fn an_artifact_the_request_itself_pins_down_is_not_missing() {
        fires_only_on(
            Kind::MissingContext,
            &[
                "Is all wheat the same?",
                "Are Galois fields and finite fields the same thing?",
                "in zsh, what is the function of 'setopt nullglob'",
                "Please implement the Timsort algorithm on Lean 4 and explain your code",
                "Write the code for a login page",
            ],
            &[
                "Write a summary of the paper",
                "Respond to this customer complaint",
                "Improve this prompt",
                "Do the same for Python",
                "Fix the function",
                "Explain your code",
                "Explain the theory",
                "Answer the question",
            ],
        );
    }

    #[test]
    fn material_followed_by_how_it_is_to_change_or_asked_about_is_worked_on() {
        fires_only_on(
            Kind::MissingContext,
            &[
                "Can you make an email for the whole team tomorrow that sounds warm but firm",
                "Write my grandfather's eulogy and make it sound warm, he was a fisherman for 50 years",
            ],
            &[
                "Can you make this email sound warmer before I forward it to the whole team tomorrow",
                "Could you make my resume shorter? I'm applying for nursing jobs at three hospitals and need it tonight",
                "Does this clause mean my landlord can keep the whole deposit if I leave in May?",
            ],
        );
    }

    #[test]
    fn the_same_as_something_named_points_back_to_nothing() {
        let of = |text: &str| {
            let words: Vec<&str> = text.split(' ').collect();
            artifact_not_given(
                &words,
                &vec![false; words.len()],
                (words.len(), words.len()),
            )
        };
        assert_eq!(of("is that the same as what tylenol has"), None);
        assert_eq!(of("can you do the same"), Some("the same".to_owned()));
    }

    #[test]
    fn a_person_pronoun_after_us_may_be_one_of_them() {
        let of = |text: &str| {
            let words: Vec<&str> = text.split(' ').collect();
            person_without_antecedent(&words, &vec![false; words.len()])
        };
        assert_eq!(of("just the two of us but he hates mushrooms"), None);
        assert_eq!(of("her name is dana whitfield"), None);
        assert_eq!(of("what should i say to him"), Some("him".to_owned()));
    }

    #[test]
    fn a_condition_of_someones_or_of_a_kind_is_unnamed() {
        let of = |text: &str| condition_unnamed(&text.split(' ').collect::<Vec<_>>());
        assert_eq!(
            of("about my dad's illness"),
            Some("dad's illness".to_owned())
        );
        assert_eq!(of("given her condition"), Some("her condition".to_owned()));
        assert_eq!(
            of("some dietary restrictions"),
            Some("some dietary restrictions".to_owned())
        );
        assert_eq!(of("satisfies some condition"), None);
    }

    #[test]
    fn a_pronoun_after_a_noun_of_the_request_refers_back() {
        assert_eq!(
            kinds(
                "Explain the concept of bitcoin and how to invest in it",
                false
            ),
            []
        );
        assert_eq!(kinds("I bought a laptop and it keeps crashing", false), []);
        assert_eq!(
            kinds("Can you summarize it for me?", false),
            [Kind::PronounWithoutAntecedent]
        );
        assert_eq!(
            kinds("Make it shorter", false),
            [Kind::PronounWithoutAntecedent]
        );
        // A short name of letters and digits is a noun too.
        assert_eq!(
            kinds("Can you tell me what 5g is and how it works?", false),
            []
        );
        assert_eq!(
            kinds("Explain it in 3 steps", false),
            [Kind::PronounWithoutAntecedent]
        );
    }

    #[test]
    fn the_phrase_a_pronoun_completes_is_not_its_antecedent() {
        fires_only_on(
            Kind::PronounWithoutAntecedent,
            &[
                "Tell me the history of Rome and the significance of it",
                "I bought a laptop and the battery of it dies fast",
                "Write a poem for my grandmother about her garden",
                "What should I get my mom for her birthday?",
                "Call my mom and tell her I'm late",
            ],
            &[
                "Write a song about her life",
                "Describe the taste of it.",
                "Explain the difference between them.",
                "Give a brief biography of her.",
                "How often should I water it?",
                "What should I get him?",
                "Write a song about her",
            ],
        );
    }

    #[test]
    fn a_purpose_or_an_earlier_noun_settles_a_choice_or_a_demonstrative() {
        fires_only_on(
            Kind::UnderspecifiedParameter,
            &[
                "What's a good way to teach a kid to ski?",
                "What software should I use for editing videos?",
                "What should I take if I have a hangover?",
            ],
            &[
                "What's a good learning rate?",
                "Which dataset should I use?",
            ],
        );
        fires_only_on(
            Kind::PronounWithoutAntecedent,
            &[
                "My makeup bottle says hypoallergenic, what does that mean?",
                "I have to write a narrative essay. What does that mean?",
            ],
            &["How does that work?", "What does that mean?"],
        );
    }

    #[test]
    fn short_vague_requests_fire_their_kinds() {
        assert_eq!(
            kinds("Tell me more about it", false),
            [Kind::PronounWithoutAntecedent]
        );
        assert_eq!(
            kinds("How does that work?", false),
            [Kind::PronounWithoutAntecedent]
        );
        assert_eq!(
            kinds("Use the method from the paper", false),
            [Kind::MissingContext]
        );
        assert_eq!(kinds("Compare them", false), [Kind::AmbiguousReference]);
        assert_eq!(
            kinds("How many examples are enough?", false),
            [Kind::UnderspecifiedParameter]
        );
        assert_eq!(
            kinds("Which dataset should I use?", false),
            [Kind::UnderspecifiedParameter]
        );
        assert_eq!(
            kinds("What's a good learning rate?", false),
            [Kind::UnderspecifiedParameter]
        );
    }

    #[test]
    fn possessives_after_the_first_words_refer_back_inside_the_request() {
        assert!(
            kinds(
                "Find the newest version of Django and its documentation",
                false
            )
            .is_empty()
        );
        assert_eq!(
            kinds("What is their price?", false),
            [Kind::PronounWithoutAntecedent]
        );
        // "it" after nouns of the request refers back to one of them.
        assert!(kinds("Explain the idea of bitcoin and how to invest in it", false).is_empty());
    }

    #[test]
    fn history_gives_pronouns_an_antecedent() {
        assert!(kinds("Tell me more about it", true).is_empty());
    }

    #[test]
    fn demonstratives_that_modify_a_noun_do_not_fire() {
        assert!(kinds("What is the weather this weekend in Paris?", false).is_empty());
        assert!(kinds("Make sure that the backup runs nightly", false).is_empty());
    }

    #[test]
    fn a_demonstrative_judged_on_its_own_stands_for_something_unsaid() {
        fires_only_on(
            Kind::PronounWithoutAntecedent,
            &[
                "Is this movie any good?",
                "Is that bridge safe to cross?",
                "Is this seat taken?",
            ],
            &[
                "Is this a good deal?",
                "Is that true?",
                "Is this correct?",
                "Is this legal?",
                "Is this ok?",
            ],
        );
    }

    /// The Chinese rules' findings on `text`, as (kind, evidence); `given`: a conversation or
    /// material is there.
    fn chinese_found(text: &str, given: bool) -> Vec<(Kind, String)> {
        let cjk = text.chars().filter(|&c| crate::text::is_cjk(c)).count();
        chinese(text, cjk, given, given, false, |w| text.contains(w))
            .into_iter()
            .map(|f| (f.kind, f.evidence))
            .collect()
    }

    #[test]
    fn the_users_own_text_named_but_not_given_is_asked_for_as_it_is_named() {
        let found = chinese_found;
        let missing = |e: &str| vec![(Kind::MissingContext, e.to_owned())];
        assert_eq!(found("帮我看看我的简历", false), missing("您的简历"));
        assert_eq!(found("帮我把我的简历翻成英文", false), missing("您的简历"));
        // A demonstrative before the text is no pronoun to ask about.
        assert_eq!(found("这段代码有什么问题", false), missing("这段代码"));
        assert_eq!(
            found("幫我看看這段程式哪裡錯了", false),
            missing("這段程式")
        );
        // 我的 alone does not say the text exists; given after a colon, it is there.
        assert!(found("我的论文题目怎么定", false).is_empty());
        // …and does not hide a text named after it.
        assert_eq!(
            found("我的朋友说这段代码有问题", false),
            missing("这段代码")
        );
        assert_eq!(found("帮我看看这个合同", false), missing("这个合同"));
        assert!(found("帮我检查这段代码：print(1)", true).is_empty());
    }

    /// What an English request of words split at spaces, none a name, names (see
    /// [`thing_named`]).
    fn named(text: &str) -> Option<Named> {
        let words: Vec<&str> = text.split(' ').collect();
        thing_named(&words, &vec![false; words.len()])
    }

    fn known(thing: &str) -> Option<Named> {
        Some(Named::Known(thing.to_owned()))
    }

    fn made(thing: &str) -> Option<Named> {
        Some(Named::Made(thing.to_owned()))
    }

    #[test]
    fn that_after_a_noun_begins_a_clause_and_names_no_thing() {
        assert_eq!(
            named("write a script that finds the biggest files"),
            known("the biggest files")
        );
        assert_eq!(named("is that bridge open"), known("that bridge"));
        // The thing is the script to write, not a "that" thing.
        assert_eq!(named("write a script that finds big files"), made("script"));
    }

    /// `rule` read on `text`'s space-separated words, the first of them flagged as names by
    /// `proper` (the rest not).
    fn read_by(
        rule: fn(&[&str], &[bool]) -> Option<String>,
        text: &str,
        proper: &[bool],
    ) -> Option<String> {
        let words: Vec<&str> = text.split(' ').collect();
        let mut flags = proper.to_vec();
        flags.resize(words.len(), false);
        rule(&words, &flags)
    }

    #[test]
    fn a_likeness_to_a_thing_known_and_not_named_is_asked_which() {
        let like = |text: &str, proper: &[bool]| read_by(likeness_unnamed, text, proper);
        assert_eq!(
            like("recommend a book like the last one i loved", &[]).as_deref(),
            Some("the book")
        );
        assert_eq!(
            like("something similar to the movie we watched", &[]).as_deref(),
            Some("the movie")
        );
        assert_eq!(
            like("recommend a few books similar to this one", &[]).as_deref(),
            Some("this one")
        );
        // Named, or not a thing the user lived: nothing to ask.
        assert_eq!(
            like("novels like the ones by gillian flynn", &[false; 5]),
            None
        );
        assert_eq!(
            like(
                "a book like the great gatsby i loved",
                &[false, false, false, false, true]
            ),
            None
        );
        assert_eq!(like("a city like the ones in europe", &[]), None);
    }

    #[test]
    fn what_a_reply_answers_is_not_what_its_verb_makes() {
        let words = |s: &'static str| s.split(' ').collect::<Vec<_>>();
        assert!(!made_before(
            &words("write a reply to my landlord's email"),
            4
        ));
        assert!(!made_before(
            &words("draft a response to the client's complaint"),
            4
        ));
        assert!(made_before(&words("write my essay"), 1));
        assert_eq!(
            artifact_not_given(&words("write a reply to my landlord's email"), &[], (7, 7))
                .as_deref(),
            Some("my landlord's email")
        );
    }

    #[test]
    fn a_for_phrase_that_names_a_concept_says_which_thing() {
        let said = |text: &str| {
            let words: Vec<&str> = text.split(' ').collect();
            for_what(
                &words,
                words.iter().position(|w| *w == "for").expect("a for"),
            )
        };
        assert!(said("the formula for compound interest"));
        for unsaid in [
            "the code for my website",
            "the recipe for 8 people",
            "the table for me",
            "the deadline for filing",
        ] {
            assert!(!said(unsaid), "{unsaid}");
        }
    }

    #[test]
    fn a_numbered_part_of_a_text_not_given_asks_for_the_text() {
        let part = |text: &str, proper: &[bool]| read_by(numbered_part, text, proper);
        assert_eq!(
            part("explain chapter 7 to me", &[]).as_deref(),
            Some("chapter 7")
        );
        assert_eq!(
            part("what does clause 4 mean", &[]).as_deref(),
            Some("clause 4")
        );
        // Whose part it is: an of-phrase, or a work named.
        assert_eq!(part("explain chapter 7 of the book", &[]), None);
        assert_eq!(
            part("in dune chapter 7 why does he leave", &[false, true]),
            None
        );
        // A word problem's rows count things.
        assert_eq!(part("12 cans in one row 4 rows on a shelf", &[]), None);
        assert!(is_numbered_part("clause 4") && !is_numbered_part("my essay"));
        // An ordinal numbers a part too, of a text the request does not give.
        let said = |s: &'static str| numbered_part(&s.split(' ').collect::<Vec<_>>(), &[]);
        let part = said("make the second paragraph sound more professional");
        assert_eq!(part.as_deref(), Some("the second paragraph"));
        assert!(is_numbered_part("the second paragraph"));
        // Of the user's own text, still not given.
        let part = said("make the second paragraph of my essay shorter");
        assert_eq!(part.as_deref(), Some("the second paragraph"));
    }

    #[test]
    fn a_thing_named_by_what_the_user_wants_and_not_said_is_asked() {
        let said = |s: &'static str| defined_unsaid(&s.split(' ').collect::<Vec<_>>());
        let found = said("rename the files to the naming pattern i need");
        assert_eq!(found.as_deref(), Some("the naming pattern"));
        let found = said("pull out the columns i need then save it");
        assert_eq!(found.as_deref(), Some("the columns"));
        // A verb with its object goes on ("…my partner we like hiking"); an amount is the answer.
        assert_eq!(said("plan a trip for my partner we like hiking"), None);
        assert_eq!(said("what is the minimum i need"), None);
    }

    #[test]
    fn a_thing_pointed_at_after_a_time_gone_by_is_the_users() {
        assert_eq!(
            zh_pointing("帮我看看上周那份合同有没有坑", "", false).as_deref(),
            Some("那份合同")
        );
        // Not after a time to come: 下周这份 is a thing of the plan the request makes; a far
        // one with its noun still points at what the reader never saw.
        assert_eq!(zh_pointing("帮我看看下周这份合同", "", false), None);
        assert_eq!(
            zh_pointing("帮我看看下周那份合同", "", false).as_deref(),
            Some("那份合同")
        );
    }

    #[test]
    fn a_demonstrative_standing_alone_inside_a_request_points() {
        let pointed = |text, earlier| zh_pointing(text, earlier, false);
        assert_eq!(
            pointed("猫刚才舔了一点那个，会中毒吗", "").as_deref(),
            Some("那个")
        );
        // Cantonese demonstratives, and a noun in Latin letters quoted whole.
        assert_eq!(
            pointed("呢份 proposal 幫我睇下", "").as_deref(),
            Some("呢份proposal")
        );
        // A near one refers back to what the request said before it, or the conversation.
        assert_eq!(pointed("血压160/95，这个要紧吗", ""), None);
        assert_eq!(pointed("那这个要烤多久", "我买了一只整鸡"), None);
        // A far one needs the conversation to name it.
        assert_eq!(
            pointed("狗吃了那个会怎样", "我家狗两岁").as_deref(),
            Some("那个")
        );
        // A kind, or a thing the demonstrative goes on to name, is no pointing from inside.
        assert_eq!(pointed("卤肉饭怎么做？要古早味那种", ""), None);
        assert_eq!(pointed("帮我写封辞职信，我在这家公司干了三年", ""), None);
        // A far one with its noun points at what only the user sees, unless said before it, said
        // of a thing, or what named things come to.
        assert_eq!(
            pointed("冷氣一直顯示那個代碼 是壞了嗎", "").as_deref(),
            Some("那個代碼")
        );
        assert_eq!(pointed("我家冷气显示代码E1，那个代码是啥意思", ""), None);
        assert_eq!(pointed("长城（不是车，是那个古迹）有多长？", ""), None);
        assert_eq!(pointed("iPhone 15 跟 15 Pro 值得多花那些钱吗", ""), None);
    }

    #[test]
    fn a_request_of_no_kind_is_asked_about_the_thing_it_names() {
        // An of-phrase says which thing is meant, and its own determiner names the thing.
        assert_eq!(named("write the opening of my novel"), known("your novel"));
        assert_eq!(named("explain the theory of relativity"), None);
        assert_eq!(named("create a quiz"), made("quiz"));
        assert_eq!(named("make me a list"), made("list"));
        // A name cut at two words is not quoted.
        assert_eq!(named("build a personal web page"), None);
        assert_eq!(named("i got a letter from school"), None);
        // What the thing does is no part of its name; both of a pair are said by an of-phrase.
        assert_eq!(
            named("why is my join returning duplicates"),
            known("your join")
        );
        assert_eq!(named("what are the benefits and drawbacks of solar"), None);

        let own = |s: &str| Some(Named::Own(s.to_owned()));
        assert_eq!(zh_thing_named("帮我写个检讨书，一千字"), made("检讨书"));
        assert_eq!(zh_thing_named("幫我做一張表"), made("表"));
        // One character before more words is no noun: 开 of 开会通知.
        assert_eq!(zh_thing_named("帮我写个开会通知"), None);
        assert_eq!(zh_thing_named("我的快递怎么还没到"), own("快递"));
        assert_eq!(zh_thing_named("我的保險會理賠嗎"), own("保險"));
        // The possessive must open the clause, and its noun be the clause's subject.
        assert_eq!(zh_thing_named("以我的薪水大概可以贷多少"), None);
        assert_eq!(zh_thing_named("我的电脑开不了机怎么办"), None);
        assert_eq!(zh_thing_named("我的血压高不高"), None);
    }

    #[test]
    fn a_demonstrative_that_is_the_material_or_code_that_misbehaves_is_asked_for() {
        let found = |text: &str| chinese_found(text, false);
        let missing = |e: &str| vec![(Kind::MissingContext, e.to_owned())];
        // The object of 把, or the request's last words: the demonstrative is the material.
        assert_eq!(found("麻烦把这篇改得口语化一点"), missing("这篇"));
        assert_eq!(found("帮我润色一下这段"), missing("这段"));
        assert_eq!(
            found("幫我把這份 Excel 的資料按日期排序"),
            missing("這份 Excel 的資料")
        );
        // A demonstrative before a noun of time is no material.
        let material = |text: &str| {
            found(text)
                .into_iter()
                .any(|(k, _)| k == Kind::MissingContext)
        };
        assert!(!material("这段时间总是失眠怎么办"));
        // Code, a query or a formula said to misbehave is the user's own, made by them or not.
        assert_eq!(
            found("我的VBA宏一运行就卡死，怎么回事？"),
            missing("您的宏")
        );
        assert_eq!(
            found("我写的那个Python脚本跑起来特别慢"),
            missing("您的脚本")
        );
        // A thing the request named before and asks about is no material to give; one it
        // names and asks to look over is.
        assert!(!material(
            "房东让我签了一份补充协议，说押金不退，这个协议有法律效力吗？"
        ));
        assert!(material("我写了一篇作文，帮我改改这篇作文"));
        // Not one the answer is to make, nor a word that holds a code word.
        assert!(!material("帮我写个脚本，运行出错就发邮件提醒"));
        assert!(!material("程序员加班太多，身体很慢才恢复"));
    }

    #[test]
    fn a_count_between_a_demonstrative_and_its_measure_word_still_points() {
        assert_eq!(
            zh_pointing("这两台笔记本哪台更适合写代码？", "", false).as_deref(),
            Some("这两台笔记本")
        );
        assert_eq!(
            zh_pointing("這兩款哪個好", "", false).as_deref(),
            Some("這兩款")
        );
        // Named in the conversation, it is resolved.
        assert_eq!(
            zh_pointing("这两台笔记本哪台更好？", "我在看两台笔记本", false),
            None
        );
    }

    #[test]
    fn chinese_keyword_lists_and_pronouns_fire() {
        let text = "悠遊卡 投遞的格式、成效";
        let k: Vec<Kind> = chinese(text, 10, false, false, false, |w| text.contains(w))
            .into_iter()
            .map(|f| f.kind)
            .collect();
        assert_eq!(k, [Kind::UnderspecifiedRequest]);
        // A clause that makes a counted thing is a sentence, whatever follows it.
        let made = "用 JavaScript 寫一個倒數計時器，顯示分跟秒";
        assert!(chinese(made, 13, false, false, false, |w| made.contains(w)).is_empty());
        let k: Vec<Kind> = chinese("它怎麼用", 4, false, false, false, |w| {
            "它怎麼用".contains(w)
        })
        .into_iter()
        .map(|f| f.kind)
        .collect();
        assert_eq!(k, [Kind::PronounWithoutAntecedent]);
        let like = "推荐几本像《三体》一样的科幻小说";
        assert!(chinese(like, 14, false, false, false, |w| like.contains(w)).is_empty());
        assert!(
            chinese(
                "請列出台北市今天的天氣預報",
                13,
                false,
                false,
                false,
                |w| { "請列出台北市今天的天氣預報".contains(w) }
            )
            .is_empty()
        );
        let k: Vec<Kind> = chinese("最好的手機是哪一支", 9, false, false, false, |w| {
            "最好的手機是哪一支".contains(w)
        })
        .into_iter()
        .map(|f| f.kind)
        .collect();
        assert_eq!(k, [Kind::AmbiguousReference]);
    }
}
