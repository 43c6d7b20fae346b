//! The trace panel: every decision the engine made and why, plus the counters.

use clarify_core::{Counters, Layer, TraceEvent};
use leptos::prelude::*;

use crate::i18n::{Chrome, Texts, use_lang};

/// A collapsible table of [`TraceEvent`]s (layer, decision, reason) and the [`Counters`].
#[component]
pub fn TracePanel(
    /// The session's trace, oldest first.
    #[prop(into)]
    events: Signal<Vec<TraceEvent>>,
    /// The session's counters.
    #[prop(into)]
    counters: Signal<Counters>,
) -> impl IntoView {
    let lang = use_lang();
    let t = move || lang.get().texts();
    let counter_items = move || {
        let c = counters.get();
        let labels = t().counters;
        let values = [
            c.questions_asked.to_string(),
            c.answered.to_string(),
            c.skipped.to_string(),
            c.timed_out.to_string(),
            c.llm_calls.to_string(),
            (c.prompt_tokens + c.completion_tokens).to_string(),
        ];
        labels
            .into_iter()
            .zip(values)
            .map(|(label, value)| {
                view! {
                    <li>
                        <span class="trace-count">{value}</span>
                        " "
                        {label}
                    </li>
                }
            })
            .collect_view()
    };
    let rows = move || {
        events
            .get()
            .into_iter()
            .map(|e| {
                view! {
                    <tr data-testid="trace-row">
                        <td class="trace-layer">{layer_name(e.layer, t())}</td>
                        <td class="trace-decision">{e.decision}</td>
                        <td>{e.reason}</td>
                    </tr>
                }
            })
            .collect_view()
    };
    view! {
        <details class="trace" data-testid="trace">
            <summary>{move || t().trace}</summary>
            <ul class="trace-counters" data-testid="counters">
                {counter_items}
            </ul>
            <table>
                <tbody>{rows}</tbody>
            </table>
        </details>
    }
}

/// The layer's name as shown in the trace, in the chrome's words.
pub fn layer_name(layer: Layer, texts: &Texts) -> &'static str {
    let index = match layer {
        Layer::Session => 0,
        Layer::Llm => 1,
        Layer::Detector => 2,
        Layer::Document => 3,
        Layer::Catalog => 4,
        Layer::Limit => 5,
        Layer::Step => 6,
        Layer::Timeout => 7,
    };
    texts.layers[index]
}
