//! FEN validity cases from the shared corpus (`../shared/corpus/fen/{python-chess,shakmaty}.json`):
//! our loader must agree with the source library on valid/invalid, and for an invalid FEN report an
//! error of the matching kind ([`matches_status`]). Where the project's policy differs from the
//! library, the case is listed in [`EXCEPTIONS`] with our verdict and why; every exception is still
//! checked against our verdict, and an exception that no longer differs fails the test.
//!
//! Cases at `level: "syntax"` were judged by the library's FEN parser alone, without building a
//! position: there we compare only the syntax verdict ([`FenError::is_syntax`]).
//!
//! For valid FENs we also check the written forms the source gives (`normalized` X-FEN, `shredder`,
//! castling rook squares, the legal-ep form, the legal move count) and that `to_fen` reloads to an
//! equal position.

mod common;

use pgn_arbiter::rules::{CastlingMode, FenError, FenFormat, LoadedFen, Position, load_fen};
use serde_json::Value;

/// Our verdict on an exception case (so far every exception is a FEN we refuse with this kind of
/// error; a case we load where the library refuses would be `Ours::Valid`).
enum Ours {
    /// We refuse it with this kind of error.
    Invalid(fn(&FenError) -> bool),
}

/// Cases where the project's policy differs from the source library (case id, our verdict, why).
const EXCEPTIONS: &[(&str, Ours, &str)] = &[
    (
        "python-chess-fen-025",
        Ours::Invalid(|e| matches!(e, FenError::MissingKing { .. })),
        "the source asserts only how fen() writes the ep square of this board (no verdict, valid: null); \
         the board has no black king, so we refuse it",
    ),
    (
        "shakmaty-fen-003",
        Ours::Invalid(|e| matches!(e, FenError::FieldCount { found: 7 })),
        "shakmaty reads fields in order and stops at the castling field `KQQKBNR`; we count the fields \
         first and report 7 fields, one problem that explains the rest",
    ),
    (
        "shakmaty-fen-004",
        Ours::Invalid(|e| matches!(e, FenError::CastlingSyntax { text } if text.is_empty())),
        "two spaces after the side: splitting on single spaces makes the castling field empty, so we \
         name the castling field where shakmaty names the ep field; both refuse it",
    ),
    (
        "shakmaty-fen-008",
        Ours::Invalid(|e| matches!(e, FenError::RankCount { found: 9 })),
        "a trailing `/` is lichess's empty crazyhouse pocket; crazyhouse is an unsupported variant here \
         and a standard FEN has exactly 8 ranks",
    ),
    (
        "shakmaty-fen-009",
        Ours::Invalid(|e| matches!(e, FenError::FieldCount { found: 7 })),
        "the `+0+0` suffix counts three-check checks; three-check is an unsupported variant, and a \
         standard FEN has at most 6 fields",
    ),
    (
        "shakmaty-fen-010",
        Ours::Invalid(|e| matches!(e, FenError::FieldCount { found: 7 })),
        "`1+2` is three-check's remaining-checks field (three-check is an unsupported variant); a \
         standard FEN has at most 6 fields",
    ),
];

/// Does our error `e` name the problem the library reports as `status`?
fn matches_status(status: &str, e: &FenError) -> bool {
    use FenError::*;
    match status {
        // python-chess STATUS_* flags.
        "BAD_CASTLING_RIGHTS" => matches!(
            e,
            CastlingWithoutKing { .. }
                | CastlingWithoutRook { .. }
                | CastlingDuplicate { .. }
                | CastlingNotStandard { .. }
        ),
        "OPPOSITE_CHECK" => matches!(e, OppositeCheck { .. }),
        "EMPTY" | "NO_WHITE_KING" | "NO_BLACK_KING" => matches!(e, MissingKing { .. }),
        "TOO_MANY_KINGS" => matches!(e, TooManyKings { .. }),
        "TOO_MANY_CHECKERS" | "IMPOSSIBLE_CHECK" => matches!(e, ImpossibleCheck { .. }),
        "INVALID_EP_SQUARE" => {
            matches!(
                e,
                EpWrongRank { .. } | EpOccupied { .. } | EpNoPawn { .. } | EpOriginOccupied { .. }
            )
        }
        "PAWNS_ON_BACKRANK" => matches!(e, PawnOnBackRank { .. }),
        "TOO_MANY_WHITE_PIECES" | "TOO_MANY_BLACK_PIECES" => matches!(e, TooManyPieces { .. }),
        "TOO_MANY_WHITE_PAWNS" | "TOO_MANY_BLACK_PAWNS" => matches!(e, TooManyPawns { .. }),
        // shakmaty errors.
        "ParseFenError::InvalidFen" => matches!(e, FieldCount { .. }),
        "ParseFenError::InvalidBoard" => matches!(
            e,
            RankCount { .. } | RankFill { .. } | BoardCharacter { .. }
        ),
        "ParseFenError::InvalidTurn" => matches!(e, Side { .. }),
        "ParseFenError::InvalidCastling" => {
            matches!(e, CastlingSyntax { .. } | CastlingDuplicate { .. })
        }
        "ParseFenError::InvalidEpSquare" => matches!(e, EpSyntax { .. }),
        "ParseFenError::InvalidHalfmoveClock" => matches!(e, HalfmoveClock { .. }),
        "ParseFenError::InvalidFullmoves" => matches!(e, FullmoveNumber { .. }),
        "PositionErrorKinds::INVALID_EP_SQUARE" => matches_status("INVALID_EP_SQUARE", e),
        "PositionErrorKinds::IMPOSSIBLE_CHECK" => matches_status("IMPOSSIBLE_CHECK", e),
        "PositionErrorKinds::OPPOSITE_CHECK" => matches_status("OPPOSITE_CHECK", e),
        "PositionErrorKinds::BAD_CASTLING_RIGHTS" => matches_status("BAD_CASTLING_RIGHTS", e),
        "PositionErrorKinds::MISSING_KING" => matches!(e, MissingKing { .. }),
        "PositionErrorKinds::TOO_MANY_KINGS" => matches!(e, TooManyKings { .. }),
        "PositionErrorKinds::PAWNS_ON_BACKRANK" => matches!(e, PawnOnBackRank { .. }),
        "PositionErrorKinds::TOO_MUCH_MATERIAL" => {
            matches!(
                e,
                TooManyPieces { .. } | TooManyPawns { .. } | TooMuchMaterial { .. }
            )
        }
        other => panic!("no mapping for library status `{other}`: add it to matches_status"),
    }
}

fn corpus(file: &str) -> Option<Vec<Value>> {
    let path = common::shared_corpus(&format!("fen/{file}"))?;
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).expect("corpus is JSON");
    Some(json["cases"].as_array().expect("cases").clone())
}

/// The library's statuses for an invalid case (`status` list or `error` string); empty if none given.
fn statuses(case: &Value) -> Vec<String> {
    let mut out: Vec<String> = case["status"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|s| s.as_str().map(String::from))
        .collect();
    out.retain(|s| s != "VALID");
    if let Some(e) = case["error"].as_str() {
        out.push(e.to_string());
    }
    out
}

/// `(verdict, errors)`: at syntax level only syntax errors count.
fn our_verdict(
    result: &Result<LoadedFen, pgn_arbiter::rules::FenErrors>,
    syntax_level: bool,
) -> (bool, Vec<FenError>) {
    match result {
        Ok(_) => (true, Vec::new()),
        Err(errors) => {
            let relevant: Vec<FenError> = errors
                .0
                .iter()
                .filter(|e| !syntax_level || e.is_syntax())
                .cloned()
                .collect();
            (relevant.is_empty(), relevant)
        }
    }
}

/// Checks the written forms of a valid FEN; returns how many facts were checked.
fn check_valid_forms(id: &str, case: &Value, loaded: &LoadedFen) -> usize {
    let position = &loaded.position;
    let mut facts = 0;
    // Round trip: what we write reloads to the same position, in both castling spellings.
    for format in [FenFormat::XFen, FenFormat::Shredder] {
        let written = position.to_fen(format);
        let again = load_fen(&written, None)
            .unwrap_or_else(|e| panic!("{id}: our {format:?} `{written}` is refused: {e}"));
        assert_eq!(
            &again.position, position,
            "{id}: `{written}` reloads to another position"
        );
        facts += 1;
    }
    // to_fen after from_fen is the identity, modulo documented normalisation: missing fields are
    // written (`- - 0 1`), and an ep square no pawn can capture is dropped (with a warning).
    let fen = case["fen"].as_str().unwrap();
    let mut expected: Vec<String> = fen.split(' ').map(String::from).collect();
    let defaults = ["", "w", "-", "-", "0", "1"];
    while expected.len() < 6 {
        expected.push(defaults[expected.len()].to_string());
    }
    if !loaded.warnings.is_empty() {
        expected[3] = "-".to_string();
    }
    let castling_ok = |written: &str| {
        // Source castling spellings we normalise: `KQkq` for Shredder-style starts is kept by both.
        written == expected[2]
    };
    let written = position.to_fen(FenFormat::XFen);
    let fields: Vec<&str> = written.split(' ').collect();
    assert!(
        castling_ok(fields[2]) || case["normalized"].is_string(),
        "{id}: castling `{}` written as `{}`",
        expected[2],
        fields[2]
    );
    if castling_ok(fields[2]) {
        assert_eq!(
            written,
            expected.join(" "),
            "{id}: to_fen(from_fen(fen)) is not the identity"
        );
        facts += 1;
    }
    if let Some(normalized) = case["normalized"].as_str() {
        assert_eq!(written, normalized, "{id}: X-FEN");
        facts += 1;
    }
    if let Some(shredder) = case["shredder"].as_str() {
        assert_eq!(
            position.to_fen(FenFormat::Shredder),
            shredder,
            "{id}: Shredder-FEN"
        );
        facts += 1;
    }
    if let Some(squares) = case["castling_rook_squares"]
        .as_array()
        .or(case["castling_rights"].as_array())
    {
        let mut got: Vec<String> = position
            .castling_rooks()
            .into_iter()
            .map(|s| s.to_string())
            .collect();
        let mut want: Vec<String> = squares
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect();
        got.sort();
        want.sort();
        assert_eq!(got, want, "{id}: castling rook squares");
        facts += 1;
    }
    for key in ["written_with_en_passant_xfen", "normalized_epd_legal_ep"] {
        if let Some(want) = case[key].as_str() {
            let mut fields: Vec<String> = position
                .to_fen(FenFormat::XFen)
                .split(' ')
                .map(String::from)
                .collect();
            fields[3] = position
                .legal_ep_square()
                .map_or("-".to_string(), |s| s.to_string());
            let n = want.split(' ').count();
            assert_eq!(fields[..n].join(" "), want, "{id}: {key}");
            facts += 1;
        }
    }
    if let Some(n) = case["legal_move_count"].as_u64() {
        assert_eq!(
            position.legal_moves().len() as u64,
            n,
            "{id}: legal move count"
        );
        facts += 1;
    }
    facts
}

#[test]
fn fen_corpus() {
    let mut checked = 0;
    let mut facts = 0;
    let mut used_exceptions = Vec::new();
    let mut failures = Vec::new();
    for file in ["python-chess.json", "shakmaty.json"] {
        let Some(cases) = corpus(file) else { continue };
        for case in &cases {
            let id = case["id"].as_str().expect("id");
            let fen = case["fen"].as_str().expect("fen");
            let syntax_level = case["level"].as_str() == Some("syntax");
            let mode = if case["chess960"].as_bool() == Some(true) {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            };
            let result = std::panic::catch_unwind(|| load_fen(fen, Some(mode)));
            let Ok(result) = result else {
                failures.push(format!("{id}: load_fen panicked on `{fen}`"));
                continue;
            };
            let (ours_valid, errors) = our_verdict(&result, syntax_level);
            checked += 1;
            if let Some((_, ours, why)) = EXCEPTIONS.iter().find(|(e, _, _)| *e == id) {
                used_exceptions.push(id.to_string());
                let Ours::Invalid(kind) = ours;
                let agrees = !ours_valid && errors.iter().any(kind);
                if !agrees {
                    failures.push(format!("{id} `{fen}`: the exception table says otherwise ({why}); we gave {result:?}"));
                }
                continue;
            }
            let Some(valid) = case["valid"].as_bool() else {
                failures.push(format!(
                    "{id}: the source gives no verdict; list it in EXCEPTIONS with ours: {result:?}"
                ));
                continue;
            };
            if valid != ours_valid {
                failures.push(format!(
                    "{id} `{fen}` ({mode:?}): source says valid={valid}, we say {result:?}"
                ));
                continue;
            }
            if valid {
                if let Ok(loaded) = &result
                    && !syntax_level
                {
                    facts += check_valid_forms(id, case, loaded);
                }
            } else {
                let statuses = statuses(case);
                if !statuses.is_empty()
                    && !errors
                        .iter()
                        .any(|e| statuses.iter().any(|s| matches_status(s, e)))
                {
                    failures.push(format!(
                        "{id} `{fen}`: the source says {statuses:?}, we say {errors:?}"
                    ));
                }
            }
        }
    }
    for (id, _, _) in EXCEPTIONS {
        assert!(
            used_exceptions.iter().any(|u| u == id),
            "exception {id} matches no corpus case"
        );
    }
    println!(
        "FEN corpus: {checked} cases checked, {} by the exception table, {facts} written-form facts checked",
        used_exceptions.len()
    );
    for (id, _, why) in EXCEPTIONS {
        println!("  exception {id}: {why}");
    }
    assert!(
        failures.is_empty(),
        "{} FEN corpus failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn from_fen_accepts_the_start_position() {
    assert_eq!(
        Position::from_fen(pgn_arbiter::rules::STARTING_FEN).unwrap(),
        Position::new()
    );
}
