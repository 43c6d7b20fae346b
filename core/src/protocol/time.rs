//! Time as the host tells it.

/// Milliseconds since the Unix epoch, as told by the host. The engine never reads a clock.
pub type Millis = u64;
