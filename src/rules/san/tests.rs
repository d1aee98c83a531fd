//! Unit tests: one per deviation kind and per illegal reason.
