//! The settings panel: endpoint, model, endpoint kind, API key, question budget, never-ask, language and
//! "Test connection".
//!
//! Edits apply at once to the signals the app owns; the app stores them (the key apart from
//! everything else) and uses them for the next request.

use clarify_core::exchange::Endpoint;
use clarify_core::profile::ProfileKind;
use leptos::prelude::*;

use crate::driver::Link;
use crate::i18n::{Word, use_chrome};
use crate::llm;
use crate::storage::Settings;

/// The settings form.
#[component]
pub fn SettingsPanel(
    /// The settings being edited.
    settings: RwSignal<Settings>,
    /// The API key being edited (stored apart from the settings and the session).
    api_key: RwSignal<String>,
) -> impl IntoView {
    let t = use_chrome();
    // What is typed in the endpoint field; it reaches the settings only when it can be an
    // endpoint (or is empty: offline).
    let endpoint = RwSignal::new(settings.with_untracked(|s| s.endpoint.clone()));
    let endpoint_invalid = RwSignal::new(false);
    let edit_endpoint = move |text: String| {
        let usable = text.trim().is_empty() || Endpoint::check_url(&text).is_ok();
        if usable {
            settings.update(|s| s.endpoint = text.clone());
            endpoint_invalid.set(false);
        }
        endpoint.set(text);
    };

    view! {
        <section class="settings" data-testid="settings" aria-labelledby="settings-title">
            <h2 id="settings-title">{move || t.t(Word::Settings)}</h2>
            <label for="set-endpoint">{move || t.t(Word::Endpoint)}</label>
            <input
                id="set-endpoint"
                data-testid="set-endpoint"
                type="url"
                placeholder="http://127.0.0.1:8081/v1"
                aria-invalid=move || if endpoint_invalid.get() { "true" } else { "false" }
                aria-describedby="set-endpoint-error"
                prop:value=move || endpoint.get()
                on:input=move |ev| edit_endpoint(event_target_value(&ev))
                on:change=move |_| {
                    let typed = endpoint.get_untracked();
                    endpoint_invalid
                        .set(!typed.trim().is_empty() && Endpoint::check_url(&typed).is_err());
                }
            />
            <p id="set-endpoint-error" class="settings-error" role="alert" data-testid="endpoint-error">
                {move || endpoint_invalid.get().then(|| t.t(Word::EndpointInvalid))}
            </p>
            <label for="set-model">{move || t.t(Word::Model)}</label>
            <input
                id="set-model"
                data-testid="set-model"
                placeholder="gpt-4o-mini"
                prop:value=move || settings.with(|s| s.model.clone())
                on:input=move |ev| settings.update(|s| s.model = event_target_value(&ev))
            />
            <label for="set-profile">{move || t.t(Word::Profile)}</label>
            <select
                id="set-profile"
                data-testid="set-profile"
                on:change=move |ev| settings.update(|s| s.profile = event_target_value(&ev))
            >
                <option value="" prop:selected=move || settings.with(|s| s.profile.is_empty())>
                    {move || t.t(Word::ProfileAuto)}
                </option>
                {ProfileKind::ALL
                    .into_iter()
                    .map(|kind| {
                        view! {
                            <option
                                value=kind.name()
                                prop:selected=move || settings.with(|s| s.profile == kind.name())
                            >
                                {kind.name()}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
            <label for="set-key">{move || t.t(Word::ApiKey)}</label>
            <input
                id="set-key"
                data-testid="set-key"
                type="password"
                autocomplete="off"
                prop:value=move || api_key.get()
                on:input=move |ev| api_key.set(event_target_value(&ev))
            />
            <label class="settings-check">
                <input
                    type="checkbox"
                    data-testid="set-remember-key"
                    prop:checked=move || settings.with(|s| s.remember_key)
                    on:change=move |ev| {
                        settings.update(|s| s.remember_key = event_target_checked(&ev));
                    }
                />
                {move || t.t(Word::RememberKey)}
            </label>
            <p class="settings-note">{move || t.t(Word::ApiKeyNote)}</p>
            <label for="set-budget">{move || t.t(Word::Budget)}</label>
            <input
                id="set-budget"
                data-testid="set-budget"
                type="number"
                min="1"
                max="10"
                prop:value=move || settings.with(|s| s.max_questions.to_string())
                on:input=move |ev| {
                    if let Ok(n) = event_target_value(&ev).trim().parse::<u32>() {
                        settings.update(|s| s.max_questions = n.clamp(1, 10));
                    }
                }
            />
            <label class="settings-check">
                <input
                    type="checkbox"
                    data-testid="set-never-ask"
                    prop:checked=move || settings.with(|s| s.never_ask)
                    on:change=move |ev| settings.update(|s| s.never_ask = event_target_checked(&ev))
                />
                {move || t.t(Word::NeverAsk)}
            </label>
            <label for="set-language">{move || t.t(Word::Language)}</label>
            <select
                id="set-language"
                data-testid="set-language"
                on:change=move |ev| settings.update(|s| s.language = event_target_value(&ev))
            >
                <option value="auto" prop:selected=move || settings.with(|s| s.language == "auto")>
                    {move || t.t(Word::LanguageAuto)}
                </option>
                {LANGUAGES
                    .into_iter()
                    .map(|(value, name)| {
                        view! {
                            <option
                                value=value
                                prop:selected=move || settings.with(|s| s.language == value)
                            >
                                {name}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
            <ConnectionTest settings=settings api_key=api_key />
        </section>
    }
}

/// The language setting's choices besides "Follow the browser": the tag it keeps and each
/// language's name in itself. `zh` leaves Chinese's script to the request (the chrome is
/// Simplified); `zh-Hant` asks for Traditional.
const LANGUAGES: [(&str, &str); 10] = [
    ("en", "English"),
    ("zh", "简体中文"),
    ("zh-Hant", "繁體中文"),
    ("ja", "日本語"),
    ("ko", "한국어"),
    ("es", "Español"),
    ("fr", "Français"),
    ("de", "Deutsch"),
    ("pt", "Português"),
    ("it", "Italiano"),
];

/// "Test connection": a small call to the endpoint as configured, in at most three requests,
/// which finds out what it accepts (the system role, a JSON schema or JSON mode, reasoning);
/// its outcome is shown beside the button and becomes what the app knows of the link (the
/// banner's "Connected"), followed by what was learned of the endpoint and model, by the test or
/// by the conversation (shown from the start when something was): "The endpoint accepts: no
/// system role · JSON mode only · reasoning model".
#[component]
fn ConnectionTest(settings: RwSignal<Settings>, api_key: RwSignal<String>) -> impl IntoView {
    let t = use_chrome();
    let accepts = move || {
        settings
            .with_untracked(|s| s.llm(""))
            .and_then(|s| llm::accepts(&s, t.language()))
            .map(|accepts| t.fill(Word::Accepts, &[&accepts]))
            .unwrap_or_default()
    };
    let status = RwSignal::new(accepts());
    let link = use_context::<RwSignal<Link>>();
    let test = move |_| {
        let Some(llm_settings) = settings.with_untracked(|s| s.llm(&api_key.get_untracked()))
        else {
            status.set(t.t(Word::NoEndpoint));
            return;
        };
        status.set(t.t(Word::Testing));
        leptos::task::spawn_local(async move {
            // A small request shaped like detection's where an endpoint may refuse it: what
            // works for it works for the conversation, and what had to change is said.
            let (result, state) = match llm::probe(&llm_settings).await {
                Ok(reply) => {
                    let r = &reply.report;
                    let adapted: Vec<&str> =
                        r.adaptations.iter().map(|a| a.change.code()).collect();
                    let mut said = format!(
                        "{} — {}, {}: {}",
                        t.t(Word::Connected),
                        llm_settings.model,
                        r.profile.name(),
                        r.shape.summary()
                    );
                    if !adapted.is_empty() {
                        said.push_str(&t.fill(Word::Adapted, &[&adapted.join(", ")]));
                    }
                    said.push(' ');
                    said.push_str(&accepts());
                    (said, Link::Reached)
                }
                Err(e) => {
                    let said = e.in_words(t.language());
                    (said.clone(), Link::Failed(said))
                }
            };
            if let Some(link) = link {
                let _ = link.try_set(state);
            }
            let _ = status.try_set(result);
        });
    };

    view! {
        <div class="settings-test">
            <button type="button" data-testid="test-connection" on:click=test>
                {move || t.t(Word::TestConnection)}
            </button>
            <span role="status" data-testid="test-result">
                {move || status.get()}
            </span>
        </div>
    }
}
