//! The offline detector as a WebAssembly module of its own, `clarify-detector.wasm`: the
//! browser builds leave the detector's code out of their first load and fetch this module when
//! the user starts a request, with the detector's data (`clarify-detector.bin`), which they
//! hand to it here.
//!
//! It imports nothing and exports its memory and five functions, on bytes:
//! - `input(len)`: makes room for `len` bytes and returns their address in `memory`; the host
//!   writes there what the next call reads (a call's JSON, or a data file);
//! - `call()`: answers the JSON [`Call`](clarify_core::detector::Call) in the input
//!   ([`clarify_core::detector::serve`]);
//! - `install()`: installs the input as the detector's data
//!   ([`clarify_core::install_detector`]);
//! - `install_columns(language)`: installs the input as the columns of the language at that
//!   index of [`Language::ALL`] ([`clarify_core::install_columns`]);
//! - `output()`: the address of the last answer.
//!
//! Each of `call`, `install` and `install_columns` returns the length of its answer: a `+`
//! and the answer's JSON (for the installs, nothing more), or a `-` and the words of what went
//! wrong.

use std::cell::RefCell;

use clarify_core::Language;

thread_local! {
    /// What the host wrote for the next call.
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The last call's answer.
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Makes room for `len` bytes of input and returns where they start.
#[allow(unsafe_code)] // the export's name is kept as written; nothing here is unsafe otherwise
#[unsafe(no_mangle)]
pub extern "C" fn input(len: usize) -> *mut u8 {
    INPUT.with(|input| {
        let mut input = input.borrow_mut();
        input.clear();
        input.resize(len, 0);
        input.as_mut_ptr()
    })
}

/// Answers the call in the input; returns the answer's length.
#[allow(unsafe_code)] // the export's name is kept as written
#[unsafe(no_mangle)]
pub extern "C" fn call() -> usize {
    let answer = INPUT.with(|input| match std::str::from_utf8(&input.borrow()) {
        Ok(call) => clarify_core::detector::serve(call),
        Err(e) => Err(format!("the call is not UTF-8: {e}")),
    });
    answer_with(answer)
}

/// Installs the input as the detector's data; returns the answer's length.
#[allow(unsafe_code)] // the export's name is kept as written
#[unsafe(no_mangle)]
pub extern "C" fn install() -> usize {
    installed(INPUT.with(|input| clarify_core::install_detector(&input.borrow())))
}

/// Installs the input as the columns of the language at `language` in [`Language::ALL`];
/// returns the answer's length.
#[allow(unsafe_code)] // the export's name is kept as written
#[unsafe(no_mangle)]
pub extern "C" fn install_columns(language: usize) -> usize {
    let Some(language) = Language::ALL.get(language).copied() else {
        return answer_with(Err(format!("no language has the index {language}")));
    };
    installed(INPUT.with(|input| clarify_core::install_columns(language, &input.borrow())))
}

/// Where the last answer starts.
#[allow(unsafe_code)] // the export's name is kept as written
#[unsafe(no_mangle)]
pub extern "C" fn output() -> *const u8 {
    OUTPUT.with(|output| output.borrow().as_ptr())
}

/// An install's outcome as the output: nothing after the `+`, or the check's words.
fn installed(done: Result<(), impl std::fmt::Display>) -> usize {
    answer_with(done.map(|()| String::new()).map_err(|e| e.to_string()))
}

/// Keeps `answer` as the output, marked `+` or `-`; returns its length.
fn answer_with(answer: Result<String, String>) -> usize {
    let (mark, text) = match answer {
        Ok(text) => (b'+', text),
        Err(text) => (b'-', text),
    };
    OUTPUT.with(|output| {
        let mut output = output.borrow_mut();
        output.clear();
        output.push(mark);
        output.extend_from_slice(text.as_bytes());
        output.len()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes `bytes` as the input, as the host does through `input`'s address.
    fn give(bytes: &[u8]) {
        INPUT.with(|input| *input.borrow_mut() = bytes.to_vec());
    }

    fn answer(len: usize) -> String {
        OUTPUT.with(|output| {
            let output = output.borrow();
            assert_eq!(output.len(), len);
            String::from_utf8(output.clone()).unwrap()
        })
    }

    #[test]
    fn a_call_is_answered_after_a_plus_and_a_failure_after_a_minus() {
        give(br#"{"call": "ready"}"#);
        let ready = answer(call());
        assert!(ready == "+true" || ready == "+false", "{ready}");
        give(br#"{"call": "unread_language", "text": "Wie spaet ist es in Tokio?"}"#);
        assert!(answer(call()).starts_with('+'));
        give(b"not a call");
        assert!(answer(call()).starts_with('-'));
        give(&[0xff, 0xfe]);
        assert!(answer(call()).contains("not UTF-8"));
    }

    #[test]
    fn data_that_is_not_the_detector_s_is_refused_with_its_reason() {
        give(b"CLKD but nothing after");
        let refused = answer(install());
        assert!(refused.starts_with('-') && refused.len() > 1, "{refused}");
        give(b"CLKD");
        let refused = answer(install_columns(Language::ALL.len()));
        assert!(refused.contains("no language has the index"), "{refused}");
    }

    #[test]
    fn the_input_has_the_room_asked_for() {
        let at = input(16);
        assert!(!at.is_null());
        INPUT.with(|input| assert_eq!(input.borrow().len(), 16));
    }
}
