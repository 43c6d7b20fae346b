//! The trace panel: every decision the engine made and why, plus the counters.

use clarify_core::{Counters, Layer, TraceEvent};
use leptos::prelude::*;

use crate::i18n::{Word, use_chrome};

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
    let t = use_chrome();
    let counter_items = move || {
        let c = counters.get();
        let labels = [
            Word::CounterAsked,
            Word::CounterAnswered,
            Word::CounterSkipped,
            Word::CounterTimedOut,
            Word::CounterLlmCalls,
            Word::CounterTokens,
        ]
        .map(|w| t.t(w));
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
                        <td class="trace-layer">{t.t(layer_word(e.layer))}</td>
                        <td class="trace-decision">{e.decision}</td>
                        <td>{e.reason}</td>
                    </tr>
                }
            })
            .collect_view()
    };
    view! {
        <details class="trace" data-testid="trace">
            <summary>{move || t.t(Word::Trace)}</summary>
            <ul class="trace-counters" data-testid="counters">
                {counter_items}
            </ul>
            <table>
                <tbody>{rows}</tbody>
            </table>
        </details>
    }
}

/// The chrome's word for a layer's name in the trace.
pub fn layer_word(layer: Layer) -> Word {
    match layer {
        Layer::Session => Word::LayerSession,
        Layer::Llm => Word::LayerLlm,
        Layer::Detector => Word::LayerDetector,
        Layer::Document => Word::LayerDocument,
        Layer::Catalog => Word::LayerCatalog,
        Layer::Limit => Word::LayerLimit,
        Layer::Step => Word::LayerStep,
        Layer::Timeout => Word::LayerTimeout,
    }
}
