//! The question timer: a pending question expires at its deadline even while the page stays
//! open, because the engine is told the time when the deadline passes.

use std::time::Duration;

use clarify_core::{Input, Millis};
use leptos::prelude::*;

use super::state::Engine;
use crate::driver::now;

/// Keeps one browser timer set for the pending question's deadline; when it fires the engine
/// gets [`Input::Tick`]. A new deadline replaces the timer, none clears it, and so does the
/// app going away.
pub fn expire_pending_question(engine: Engine) {
    let timer = StoredValue::new(None::<TimeoutHandle>);
    let deadline = engine.view.deadline();
    Effect::new(move |_| {
        clear(timer);
        if let Some(at) = deadline.get() {
            arm(engine, timer, at);
        }
    });
    on_cleanup(move || clear(timer));
}

/// Sets the timer for `at`. Should the engine not expire the question on that tick (the
/// clocks disagree by a millisecond), the timer is set again for what remains.
fn arm(engine: Engine, timer: StoredValue<Option<TimeoutHandle>>, at: Millis) {
    let wait = at.saturating_sub(now()).min(i32::MAX as u64);
    let handle = set_timeout_with_handle(
        move || {
            let _ = engine.send(Input::Tick { now: now() });
            if engine.view.deadline().try_get_untracked().flatten() == Some(at) {
                arm(engine, timer, at);
            }
        },
        Duration::from_millis(wait.max(1)),
    );
    let _ = timer.try_set_value(handle.ok());
}

fn clear(timer: StoredValue<Option<TimeoutHandle>>) {
    if let Some(handle) = timer.try_update_value(Option::take).flatten() {
        handle.clear();
    }
}
