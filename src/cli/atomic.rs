//! Atomic file replacement: write a temporary file beside the target, sync it, give it the target's
//! permissions, then rename it over the target. A failure at any point leaves the target as it was
//! and removes the temporary file.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "pgn".into(), |n| n.to_string_lossy().into_owned());
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    dir.join(format!(".{name}.pgn-arbiter-{}.tmp", std::process::id()))
}

/// Replaces the contents of `path` with what `write` writes, atomically.
pub fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let tmp = temp_path(path);
    let result = (|| {
        let permissions = fs::metadata(path)?.permissions();
        let mut file = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)?;
        write(&mut file)?;
        file.flush()?;
        file.sync_all()?;
        drop(file);
        fs::set_permissions(&tmp, permissions)?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer that fails after `limit` bytes, like a full disk or a killed process.
    struct FailingWriter<'a> {
        inner: &'a mut dyn Write,
        limit: usize,
    }

    impl Write for FailingWriter<'_> {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.limit == 0 {
                return Err(io::Error::other("disk full"));
            }
            let n = buf.len().min(self.limit);
            self.limit -= n;
            self.inner.write(&buf[..n])
        }
        fn flush(&mut self) -> io::Result<()> {
            self.inner.flush()
        }
    }

    #[test]
    fn an_interrupted_write_leaves_the_original_file_and_no_temporary_file() {
        let dir = std::env::temp_dir().join(format!("pgn-arbiter-atomic-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.pgn");
        let original = "[Event \"original\"]\n\n1. e4 *\n";
        fs::write(&path, original).unwrap();
        let replacement = "[Event \"replacement\"]\n\n1. d4 *\n".repeat(100);
        for limit in [0, 1, 10, replacement.len() / 2, replacement.len() - 1] {
            let result = write_atomically(&path, |out| {
                let mut failing = FailingWriter { inner: out, limit };
                failing.write_all(replacement.as_bytes())
            });
            assert!(
                result.is_err(),
                "the write failing after {limit} bytes must fail"
            );
            assert_eq!(
                fs::read_to_string(&path).unwrap(),
                original,
                "failed after {limit} bytes"
            );
            let leftovers: Vec<_> = fs::read_dir(&dir)
                .unwrap()
                .flatten()
                .map(|e| e.file_name())
                .collect();
            assert_eq!(
                leftovers.len(),
                1,
                "no temporary file may remain: {leftovers:?}"
            );
        }
        write_atomically(&path, |out| out.write_all(replacement.as_bytes())).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), replacement);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("pgn-arbiter-perm-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.pgn");
        fs::write(&path, "1. e4 *\n").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        write_atomically(&path, |out| out.write_all(b"1. d4 *\n")).unwrap();
        assert_eq!(
            fs::metadata(&path).unwrap().permissions().mode() & 0o777,
            0o640
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
