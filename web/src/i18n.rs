//! The app's own words (the card chrome, buttons, notices) in English, Simplified Chinese and
//! Traditional Chinese, read at compile time from the core's catalogue of wordings
//! ([`Phrase`]), which the terminal reads too: a badge or a button is worded once.
//!
//! Questions and answers come from the engine in the user's language; only the fixed labels
//! around them are gathered here, in [`Texts`]. The language follows the setting, or the browser when it is "auto";
//! while a conversation whose request is written in Chinese is shown it follows the language the
//! engine writes that conversation in ([`clarify_core::Session::language`]), so a request written
//! in Traditional characters gets Traditional chrome.
//!
//! The views read the language from Leptos context ([`provide_lang`], [`use_lang`]) rather than
//! from a prop handed down through every component.

use clarify_core::{Language, Phrase, Priority};
use leptos::prelude::{Signal, provide_context, use_context};

/// The chrome's side of a [`Language`] (the one language type of the engine, the app and the
/// widget): the words in it, the tag a setting keeps, the language a setting names.
pub trait Chrome: Copy {
    /// The language for a setting: `"en"`, `"zh"`, `"zh-Hant"`, or anything else for the
    /// browser's language.
    fn resolve(setting: &str) -> Self;
    /// The tag a setting keeps and the engine is given ([`clarify_core::Config::language`]):
    /// `"zh"` leaves the script to the request, `"zh-Hant"` asks for Traditional.
    fn setting_tag(self) -> &'static str;
    /// The words in this language.
    fn texts(self) -> &'static Texts;
}

impl Chrome for Language {
    fn resolve(setting: &str) -> Self {
        match setting {
            "en" => Self::English,
            "zh" => Self::Simplified,
            "zh-Hant" => Self::Traditional,
            _ => Self::from_tag(&browser_language()),
        }
    }

    fn setting_tag(self) -> &'static str {
        match self {
            Self::English => "en",
            Self::Simplified => "zh",
            Self::Traditional => "zh-Hant",
        }
    }

    fn texts(self) -> &'static Texts {
        match self {
            Self::English => &EN,
            Self::Simplified => &ZH,
            Self::Traditional => &ZH_HANT,
        }
    }
}

/// Makes `lang` the language of every view below the calling component.
pub fn provide_lang(lang: Signal<Language>) {
    provide_context(ChromeLang(lang));
}

/// The language provided by an enclosing view, or the browser's when none was provided (a card
/// mounted on its own).
pub fn use_lang() -> Signal<Language> {
    use_context::<ChromeLang>().map_or_else(|| Signal::stored(Language::resolve("auto")), |c| c.0)
}

/// The context value behind [`provide_lang`]: its own type, so no other `Signal<Language>` in
/// context is mistaken for it.
#[derive(Debug, Clone, Copy)]
struct ChromeLang(Signal<Language>);

/// Every fixed label the app shows.
#[derive(Debug)]
pub struct Texts {
    /// Badge: critical.
    pub critical: &'static str,
    /// Badge: important.
    pub important: &'static str,
    /// Badge: helpful.
    pub helpful: &'static str,
    /// The language these words are in.
    pub written_in: Language,
    /// Heading above "why".
    pub why: &'static str,
    /// The "I don't know" button.
    pub dont_know: &'static str,
    /// Label of the free-text box under options.
    pub free_text: &'static str,
    /// Label of the free-text box of a question without options.
    pub free_text_alone: &'static str,
    /// Placeholder of the free-text box.
    pub free_text_placeholder: &'static str,
    /// The Continue button.
    pub continue_: &'static str,
    /// The Continue button while the answer is being sent.
    pub continuing: &'static str,
    /// "Continue anyway" on the working line (stop waiting, ask nothing more).
    pub continue_anyway: &'static str,
    /// On the question card: skip this and every remaining question, and say so.
    pub skip_remaining: &'static str,
    /// Keyboard hint under the card: its start, what digits do (after "1–n"), and Enter.
    pub keys_hint: [&'static str; 3],
    /// The mark on the option the question recommends.
    pub recommended: &'static str,
    /// Under a question that takes several options.
    pub choose_several: &'static str,
    /// On the card of a question reopened to change its answer.
    pub changing: &'static str,
    /// The button on an earlier answer that reopens its question.
    pub change: &'static str,
    /// The accessible name of that button, before the question's text.
    pub change_answer_to: &'static str,
    /// "If you skip:" before the assumption the engine makes then, with the space its script
    /// puts after a colon (none after a full-width one).
    pub assumption: &'static str,
    /// Label of the request box.
    pub request_label: &'static str,
    /// Label of the request box while a question is pending: what is typed there is a new
    /// request that leaves the question (answers go on the card).
    pub pending_label: &'static str,
    /// The request box's button while a question is pending: leave it and start what is typed
    /// instead (with nothing typed, clear the conversation).
    pub new_request: &'static str,
    /// Under the completed answer: copies the enriched prompt.
    pub copy_prompt: &'static str,
    /// After the prompt was copied.
    pub copied: &'static str,
    /// When the browser refused to copy, before its reason.
    pub copy_failed: &'static str,
    /// Stops the answer while it is written.
    pub stop: &'static str,
    /// Under an answer the user stopped.
    pub stopped: &'static str,
    /// Placeholder of the request box when idle.
    pub request_placeholder: &'static str,
    /// Placeholder of the request box while a question is pending.
    pub pending_placeholder: &'static str,
    /// The send button.
    pub send: &'static str,
    /// "Start over".
    pub start_over: &'static str,
    /// Offline banner.
    pub offline: &'static str,
    /// Online banner prefix, once a call to the endpoint succeeded.
    pub online: &'static str,
    /// Online banner before and after the endpoint, before any call ended.
    pub online_untried: (&'static str, &'static str),
    /// Online banner before and after the endpoint, then the reason, after a call failed.
    pub online_failed: (&'static str, &'static str),
    /// The name of the region holding the mode banner and the notices.
    pub status_region: &'static str,
    /// Under the endpoint field when what was typed cannot be an endpoint.
    pub endpoint_invalid: &'static str,
    /// While detection runs.
    pub thinking: &'static str,
    /// While the answer is written.
    pub writing: &'static str,
    /// After a few seconds waiting on the endpoint's detection.
    pub waiting_detecting: &'static str,
    /// After a few seconds waiting on the endpoint's answer.
    pub waiting_writing: &'static str,
    /// While a reasoning model thinks.
    pub model_thinking: &'static str,
    /// Gives up waiting on the endpoint's detection for the embedded detector's questions.
    pub detect_offline: &'static str,
    /// Opens the prompt sent to the endpoint.
    pub sent_prompt: &'static str,
    /// Heading of the answer.
    pub answer: &'static str,
    /// Handoff notice.
    pub connecting: &'static str,
    /// Heading of the handoff package.
    pub handoff_package: &'static str,
    /// Handoff package: request.
    pub pkg_request: &'static str,
    /// Handoff package: questions.
    pub pkg_questions: &'static str,
    /// Handoff package: assumptions.
    pub pkg_assumptions: &'static str,
    /// Handoff package: reason.
    pub pkg_reason: &'static str,
    /// Failure heading.
    pub failed: &'static str,
    /// Retry button.
    pub retry: &'static str,
    /// The trace panel's summary.
    pub trace: &'static str,
    /// The counters' labels: asked, answered, skipped, timed out, LLM calls, tokens.
    pub counters: [&'static str; 6],
    /// After "the endpoint refused the API key (HTTP 401)": where the user fixes it.
    pub check_key: &'static str,
    /// Why detection, a translation or the answer did not go on: no endpoint is set.
    pub endpoint_missing: &'static str,
    /// Why detection, a translation or the answer was redone or shown as written after a
    /// reload: detecting, translating, writing the answer.
    pub reloaded: [&'static str; 3],
    /// The trace's names for the parts of the engine that decide: session, LLM, detector,
    /// document, catalog, limit, step, timeout.
    pub layers: [&'static str; 8],
    /// Settings panel heading / toggle.
    pub settings: &'static str,
    /// Endpoint field.
    pub endpoint: &'static str,
    /// Model field.
    pub model: &'static str,
    /// The endpoint-kind field's label, and its first choice (chosen from the URL and model).
    pub profile: [&'static str; 2],
    /// API key field.
    pub api_key: &'static str,
    /// Note under the API key field.
    pub api_key_note: &'static str,
    /// Question budget field.
    pub budget: &'static str,
    /// Never-ask toggle.
    pub never_ask: &'static str,
    /// Language field.
    pub language: &'static str,
    /// Language choice: follow the browser.
    pub language_auto: &'static str,
    /// Test connection button.
    pub test_connection: &'static str,
    /// While the test runs.
    pub testing: &'static str,
    /// The test succeeded.
    pub connected: &'static str,
    /// Test without an endpoint.
    pub no_endpoint: &'static str,
    /// "You" in the conversation.
    pub you: &'static str,
    /// Dismiss a notice.
    pub dismiss: &'static str,
    /// Another tab's session replaced an answer given here; the question follows.
    pub other_tab_took_over: &'static str,
}

impl Texts {
    /// The badge text for `priority`.
    pub fn priority(&self, priority: Priority) -> &'static str {
        match priority {
            Priority::Critical => self.critical,
            Priority::Important => self.important,
            Priority::Helpful => self.helpful,
        }
    }

    /// "Question 1 of 2".
    pub fn progress(&self, current: u32, total: u32) -> String {
        Phrase::QuestionOf.fill(
            self.written_in,
            &[&current.to_string(), &total.max(current).to_string()],
        )
    }
}

pub(crate) static EN: Texts = Texts::of(Language::English);
static ZH: Texts = Texts::of(Language::Simplified);
static ZH_HANT: Texts = Texts::of(Language::Traditional);

impl Texts {
    /// The chrome in `language`, read from the core's catalogue ([`Phrase`]) at compile time.
    const fn of(language: Language) -> Self {
        Self {
            written_in: language,
            critical: Phrase::PriorityCritical.text(language),
            important: Phrase::PriorityImportant.text(language),
            helpful: Phrase::PriorityHelpful.text(language),
            why: Phrase::UiWhy.text(language),
            dont_know: Phrase::UiDontKnow.text(language),
            free_text: Phrase::UiFreeText.text(language),
            free_text_alone: Phrase::UiFreeTextAlone.text(language),
            free_text_placeholder: Phrase::UiFreeTextPlaceholder.text(language),
            continue_: Phrase::UiContinue.text(language),
            continuing: Phrase::UiContinuing.text(language),
            continue_anyway: Phrase::UiContinueAnyway.text(language),
            skip_remaining: Phrase::UiSkipRemaining.text(language),
            keys_hint: [
                Phrase::UiKeysStart.text(language),
                Phrase::UiKeysPick.text(language),
                Phrase::UiKeysEnter.text(language),
            ],
            recommended: Phrase::UiRecommended.text(language),
            choose_several: Phrase::UiChooseSeveral.text(language),
            changing: Phrase::UiChanging.text(language),
            change: Phrase::UiChange.text(language),
            change_answer_to: Phrase::UiChangeAnswerTo.text(language),
            assumption: Phrase::UiAssumption.text(language),
            request_label: Phrase::UiRequestLabel.text(language),
            pending_label: Phrase::UiPendingLabel.text(language),
            new_request: Phrase::UiNewRequest.text(language),
            copy_prompt: Phrase::UiCopyPrompt.text(language),
            copied: Phrase::UiCopied.text(language),
            copy_failed: Phrase::UiCopyFailed.text(language),
            stop: Phrase::UiStop.text(language),
            stopped: Phrase::UiStopped.text(language),
            request_placeholder: Phrase::UiRequestPlaceholder.text(language),
            pending_placeholder: Phrase::UiPendingPlaceholder.text(language),
            send: Phrase::UiSend.text(language),
            start_over: Phrase::UiStartOver.text(language),
            offline: Phrase::UiOffline.text(language),
            online: Phrase::UiOnline.text(language),
            online_untried: (
                Phrase::UiOnlineUntriedBefore.text(language),
                Phrase::UiOnlineUntriedAfter.text(language),
            ),
            online_failed: (
                Phrase::UiOnlineFailedBefore.text(language),
                Phrase::UiOnlineFailedAfter.text(language),
            ),
            status_region: Phrase::UiStatusRegion.text(language),
            endpoint_invalid: Phrase::UiEndpointInvalid.text(language),
            thinking: Phrase::UiThinking.text(language),
            writing: Phrase::UiWriting.text(language),
            waiting_detecting: Phrase::UiWaitingDetecting.text(language),
            waiting_writing: Phrase::UiWaitingWriting.text(language),
            model_thinking: Phrase::UiModelThinking.text(language),
            detect_offline: Phrase::UiDetectOffline.text(language),
            sent_prompt: Phrase::UiSentPrompt.text(language),
            answer: Phrase::UiAnswer.text(language),
            connecting: Phrase::UiConnecting.text(language),
            handoff_package: Phrase::UiHandoffPackage.text(language),
            pkg_request: Phrase::UiPkgRequest.text(language),
            pkg_questions: Phrase::UiPkgQuestions.text(language),
            pkg_assumptions: Phrase::UiPkgAssumptions.text(language),
            pkg_reason: Phrase::UiPkgReason.text(language),
            failed: Phrase::UiFailed.text(language),
            retry: Phrase::UiRetry.text(language),
            trace: Phrase::UiTrace.text(language),
            counters: [
                Phrase::UiCounterAsked.text(language),
                Phrase::UiCounterAnswered.text(language),
                Phrase::AnswerSkipped.text(language),
                Phrase::AnswerTimedOut.text(language),
                Phrase::UiCounterLlmCalls.text(language),
                Phrase::UiCounterTokens.text(language),
            ],
            check_key: Phrase::UiCheckKey.text(language),
            endpoint_missing: Phrase::UiEndpointMissing.text(language),
            reloaded: [
                Phrase::UiReloadedDetecting.text(language),
                Phrase::UiReloadedTranslating.text(language),
                Phrase::UiReloadedWriting.text(language),
            ],
            layers: [
                Phrase::LayerSession.text(language),
                Phrase::LayerLlm.text(language),
                Phrase::LayerDetector.text(language),
                Phrase::LayerDocument.text(language),
                Phrase::LayerCatalog.text(language),
                Phrase::LayerLimit.text(language),
                Phrase::LayerStep.text(language),
                Phrase::LayerTimeout.text(language),
            ],
            settings: Phrase::UiSettings.text(language),
            endpoint: Phrase::UiEndpoint.text(language),
            model: Phrase::UiModel.text(language),
            profile: [
                Phrase::UiProfile.text(language),
                Phrase::UiProfileAuto.text(language),
            ],
            api_key: Phrase::UiApiKey.text(language),
            api_key_note: Phrase::UiApiKeyNote.text(language),
            budget: Phrase::UiBudget.text(language),
            never_ask: Phrase::UiNeverAsk.text(language),
            language: Phrase::UiLanguage.text(language),
            language_auto: Phrase::UiLanguageAuto.text(language),
            test_connection: Phrase::UiTestConnection.text(language),
            testing: Phrase::UiTesting.text(language),
            connected: Phrase::UiConnected.text(language),
            no_endpoint: Phrase::UiNoEndpoint.text(language),
            you: Phrase::UiYou.text(language),
            dismiss: Phrase::UiDismiss.text(language),
            other_tab_took_over: Phrase::UiOtherTabTookOver.text(language),
        }
    }
}

/// The browser's preferred language (`navigator.language`), or `""` outside a browser.
fn browser_language() -> String {
    web_sys::window()
        .and_then(|w| w.navigator().language())
        .unwrap_or_default()
}
