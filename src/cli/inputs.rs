//! What `check`, `fix` and `fmt` read: files, folders (recursively, `*.pgn`) and `-` for stdin.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// One input to process.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// Standard input (`-`).
    Stdin,
    /// A file.
    File(PathBuf),
}

impl Input {
    /// The name to print: the path as given, or `<stdin>`.
    pub fn display(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_string(),
            Input::File(path) => path.display().to_string(),
        }
    }
}

/// Expands the command-line paths into inputs. Folders are walked recursively for `*.pgn` files in
/// sorted order; a folder reached twice through symbolic links is a loop and is reported. Problems
/// (missing paths, unreadable folders, loops) are returned as messages; the other inputs still run.
pub fn collect(paths: &[PathBuf]) -> (Vec<Input>, Vec<String>) {
    let mut inputs = Vec::new();
    let mut problems = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            inputs.push(Input::Stdin);
            continue;
        }
        match std::fs::metadata(path) {
            Err(e) => problems.push(format!("cannot read `{}`: {}", path.display(), e)),
            Ok(meta) if meta.is_dir() => {
                let mut visited = HashSet::new();
                walk(path, &mut visited, &mut inputs, &mut problems);
            }
            Ok(_) => inputs.push(Input::File(path.clone())),
        }
    }
    (inputs, problems)
}

fn walk(
    dir: &Path,
    visited: &mut HashSet<PathBuf>,
    inputs: &mut Vec<Input>,
    problems: &mut Vec<String>,
) {
    // An explicit stack: deep folder trees never overflow.
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let canonical = match std::fs::canonicalize(&dir) {
            Ok(c) => c,
            Err(e) => {
                problems.push(format!("cannot read folder `{}`: {}", dir.display(), e));
                continue;
            }
        };
        if !visited.insert(canonical.clone()) {
            problems.push(format!(
                "folder loop: `{}` leads back to `{}`, which is already being checked; skipped",
                dir.display(),
                canonical.display()
            ));
            continue;
        }
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) => {
                problems.push(format!("cannot read folder `{}`: {}", dir.display(), e));
                continue;
            }
        };
        let mut files = Vec::new();
        let mut dirs = Vec::new();
        for entry in entries.flatten() {
            let path = entry.path();
            match std::fs::metadata(&path) {
                Ok(meta) if meta.is_dir() => dirs.push(path),
                Ok(_)
                    if path
                        .extension()
                        .is_some_and(|e| e.eq_ignore_ascii_case("pgn")) =>
                {
                    files.push(path)
                }
                Ok(_) => {}
                Err(e) => problems.push(format!("cannot read `{}`: {}", path.display(), e)),
            }
        }
        files.sort();
        dirs.sort();
        inputs.extend(files.into_iter().map(Input::File));
        stack.extend(dirs.into_iter().rev());
    }
}
