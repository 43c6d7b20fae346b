//! The protocol: the types a host and the engine exchange, and nothing that decides anything.
//!
//! Modules here import only modules listed before them in this file (a test in
//! `core/tests/layers.rs` holds every module of the crate to its layer), so the protocol reads
//! from the bottom up.

pub(crate) mod config;
pub(crate) mod document;
pub(crate) mod effect;
pub(crate) mod error;
pub(crate) mod input;
pub(crate) mod language;
pub(crate) mod prompt;
pub(crate) mod question;
pub(crate) mod request;
pub(crate) mod status;
pub(crate) mod time;
pub(crate) mod trace;
