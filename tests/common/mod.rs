//! Helpers shared by the integration tests.

use std::path::{Path, PathBuf};

/// The path of `relative` inside the shared corpus (`../shared/corpus` beside the repository).
///
/// The corpus is required when `CI=true`: a missing path panics there. Elsewhere a missing corpus
/// prints a notice and gives `None`, so a clone without `../shared` still runs the other tests.
pub fn shared_corpus(relative: &str) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus")
        .join(relative);
    if path.exists() {
        return Some(path);
    }
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!(
            "{} is required when CI=true (the shared corpus sits beside the repository)",
            path.display()
        );
    }
    eprintln!(
        "NOTICE: {} not found; skipping the tests that need it",
        path.display()
    );
    None
}
