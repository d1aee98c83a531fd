//! The real corpus samples parse with zero syntax errors, and the game, move and comment counts match
//! pgn-reader's.

use std::ops::ControlFlow;
use std::path::PathBuf;

use pgn_arbiter::syntax::{GameReader, parse};
use pgn_reader::{RawComment, Reader, SanPlus, Skip, Visitor};

const REAL: [&str; 3] = [
    "lichess-2025-05-sample.pgn",
    "twic1599-sample.pgn",
    "lichess-classical-100.pgn",
];

/// The corpus file, or `None` (with a notice) when ../shared is missing outside CI.
fn corpus(name: &str) -> Option<Vec<u8>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/pgn/real")
        .join(name);
    match std::fs::read(&path) {
        Ok(bytes) => Some(bytes),
        Err(e) => {
            if std::env::var("CI").as_deref() == Ok("true") {
                panic!("corpus file {} is required in CI: {e}", path.display());
            }
            eprintln!(
                "NOTICE: skipping, corpus file {} not found: {e}",
                path.display()
            );
            None
        }
    }
}

#[derive(Default, Debug, PartialEq, Eq)]
struct Counts {
    games: usize,
    moves: usize,
    comments: usize,
}

impl Visitor for Counts {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(())
    }
    fn san(&mut self, _movetext: &mut (), _san: SanPlus) -> ControlFlow<Self::Output> {
        self.moves += 1;
        ControlFlow::Continue(())
    }
    fn comment(
        &mut self,
        _movetext: &mut (),
        _comment: RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        self.comments += 1;
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self, _movetext: &mut ()) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(false))
    }
    fn end_game(&mut self, _movetext: ()) -> Self::Output {
        self.games += 1;
    }
}

fn pgn_reader_counts(bytes: &[u8]) -> Counts {
    let mut counts = Counts::default();
    Reader::new(bytes)
        .visit_all_games(&mut counts)
        .expect("pgn-reader reads the sample");
    counts
}

#[test]
fn real_samples_have_no_syntax_errors_and_match_pgn_reader_counts() {
    for name in REAL {
        let Some(bytes) = corpus(name) else { return };
        let text = std::str::from_utf8(&bytes).expect("real samples are UTF-8");
        let parsed = parse(text);
        let errors: Vec<_> = parsed.errors().take(5).collect();
        assert!(errors.is_empty(), "{name}: {errors:?}");
        let ours = Counts {
            games: parsed.games.len(),
            moves: parsed.games.iter().map(|g| g.n_moves()).sum(),
            comments: parsed.games.iter().map(|g| g.n_brace_comments()).sum(),
        };
        assert_eq!(ours, pgn_reader_counts(&bytes), "{name}");
        assert!(parsed.games.iter().all(|g| g.result.is_some()), "{name}");
    }
}

#[test]
fn streaming_the_real_samples_gives_the_whole_file_games() {
    for name in REAL {
        let Some(bytes) = corpus(name) else { return };
        let text = std::str::from_utf8(&bytes).expect("UTF-8");
        let whole = parse(text).games;
        let streamed: Vec<_> = GameReader::with_chunk_size(&bytes[..], 4096)
            .map(|g| g.expect("read"))
            .collect();
        assert_eq!(streamed.len(), whole.len(), "{name}");
        for (s, g) in streamed.iter().zip(&whole) {
            assert_eq!(&s.game, g);
            assert_eq!(s.text, g.text(text));
            assert_eq!(s.byte_offset, g.offset as u64);
        }
    }
}

#[test]
fn every_real_game_extent_tiles_the_file() {
    for name in REAL {
        let Some(bytes) = corpus(name) else { return };
        let text = std::str::from_utf8(&bytes).expect("UTF-8");
        let games = parse(text).games;
        let mut at = 0;
        for g in &games {
            assert_eq!(g.offset, at);
            at += g.len;
        }
        assert_eq!(at as usize, text.len());
    }
}
