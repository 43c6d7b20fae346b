//! Integration tests of clarify-core: see `tests/`.
