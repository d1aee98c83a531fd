//! Unit tests: one per deviation kind and per illegal reason, each with a FEN.

use super::*;
use crate::rules::{CastlingMode, CastlingSide, Position, Role, Square};

const STANDARD: CastlingMode = CastlingMode::Standard;

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(name: &str) -> Square {
    Square::parse(name).expect("square")
}

/// Resolves `san` and returns the move in UCI and its deviations.
fn resolve(fen: &str, san: &str) -> (String, Vec<Deviation>) {
    let resolved = position(fen)
        .resolve_san(san, STANDARD)
        .unwrap_or_else(|e| panic!("{san} in {fen}: {e}"));
    let uci = resolved
        .m
        .map_or_else(|| "0000".to_string(), |m| m.to_uci(STANDARD));
    (uci, resolved.deviations.iter().collect())
}

fn illegal(fen: &str, san: &str) -> IllegalReason {
    match position(fen).resolve_san(san, STANDARD) {
        Err(SanError::Illegal { reason }) => reason,
        other => panic!("{san} in {fen}: expected illegal, got {other:?}"),
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const CASTLE: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
const PROMOTE: &str = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";

#[test]
fn canonical_san_has_no_deviation() {
    assert_eq!(resolve(START, "Nf3"), ("g1f3".into(), vec![]));
    assert_eq!(resolve(START, "e4"), ("e2e4".into(), vec![]));
    assert_eq!(resolve(CASTLE, "O-O-O"), ("e1c1".into(), vec![]));
}

#[test]
fn castling_spelled_with_zeros_lowercase_or_unicode_dashes_resolves_with_deviations() {
    assert_eq!(
        resolve(CASTLE, "0-0"),
        ("e1g1".into(), vec![Deviation::CastlingZero])
    );
    assert_eq!(
        resolve(CASTLE, "O-0"),
        ("e1g1".into(), vec![Deviation::CastlingZero])
    );
    assert_eq!(
        resolve(CASTLE, "o-o-o"),
        ("e1c1".into(), vec![Deviation::CastlingLowercase])
    );
    for dash in ['–', '—', '‑', '−'] {
        let san = format!("O{dash}O");
        assert_eq!(
            resolve(CASTLE, &san),
            ("e1g1".into(), vec![Deviation::CastlingUnicodeDash]),
            "{san}"
        );
    }
}

#[test]
fn castling_written_as_a_king_move_resolves_to_castling() {
    assert_eq!(
        resolve(CASTLE, "e1g1"),
        ("e1g1".into(), vec![Deviation::CastlingAsKingMove])
    );
    assert_eq!(
        resolve(CASTLE, "e1h1"),
        ("e1g1".into(), vec![Deviation::CastlingAsKingMove])
    );
    assert_eq!(
        resolve(CASTLE, "Kc1"),
        ("e1c1".into(), vec![Deviation::CastlingAsKingMove])
    );
    // King onto its own rook needs the origin written: `Kh1` alone is not castling.
    assert!(matches!(
        illegal(CASTLE, "Kh1"),
        IllegalReason::NoPieceReaches {
            role: Role::King,
            ..
        }
    ));
}

#[test]
fn promotion_spellings_resolve_with_deviations() {
    let cases: [(&str, &[Deviation]); 6] = [
        ("e8=Q", &[]),
        ("e8Q", &[Deviation::PromotionWithoutEquals]),
        ("e8=q", &[Deviation::PromotionLowercase]),
        ("e8(Q)", &[Deviation::PromotionParentheses]),
        ("e8/Q", &[Deviation::PromotionSlash]),
        (
            "e8q",
            &[
                Deviation::PromotionWithoutEquals,
                Deviation::PromotionLowercase,
            ],
        ),
    ];
    for (san, deviations) in cases {
        assert_eq!(
            resolve(PROMOTE, san),
            ("e7e8q".into(), deviations.to_vec()),
            "{san}"
        );
    }
    assert_eq!(resolve(PROMOTE, "e8=N").0, "e7e8n");
}

#[test]
fn long_algebraic_and_uci_resolve_with_one_deviation() {
    for san in ["e2-e4", "e2e4"] {
        assert_eq!(
            resolve(START, san),
            ("e2e4".into(), vec![Deviation::LongAlgebraic]),
            "{san}"
        );
    }
    for san in ["Ng1f3", "Ng1-f3", "g1f3"] {
        assert_eq!(
            resolve(START, san),
            ("g1f3".into(), vec![Deviation::LongAlgebraic]),
            "{san}"
        );
    }
    let fen = "4k3/8/8/8/8/5p2/8/4K1N1 w - - 0 1";
    for san in ["Ng1xf3", "Nxg1f3", "Ng1:f3"] {
        assert_eq!(
            resolve(fen, san),
            ("g1f3".into(), vec![Deviation::LongAlgebraic]),
            "{san}"
        );
    }
}

#[test]
fn full_square_disambiguation_is_canonical_when_needed() {
    let fen = "N3k2N/8/8/3N4/N4N1N/2R5/1R6/4K3 w - - 0 1";
    assert_eq!(resolve(fen, "Nh4g6"), ("h4g6".into(), vec![]));
}

#[test]
fn pawn_letter_and_lowercase_piece_letters_are_deviations() {
    assert_eq!(
        resolve(START, "Pe4"),
        ("e2e4".into(), vec![Deviation::PawnLetter])
    );
    assert_eq!(
        resolve(START, "nf3"),
        ("g1f3".into(), vec![Deviation::PieceCase])
    );
}

#[test]
fn lowercase_b_is_a_pawn_capture_first_and_a_bishop_only_when_no_pawn_fits() {
    // Both a b-pawn and a bishop can take on c3: `bxc3` is the pawn.
    let fen = "4k3/8/8/8/8/2p5/1P6/B3K3 w - - 0 1";
    assert_eq!(resolve(fen, "bxc3"), ("b2c3".into(), vec![]));
    // No b-pawn: `bxc3` and `bc3` are a bishop with a lower-case letter.
    let fen = "4k3/8/8/8/8/2p5/8/B3K3 w - - 0 1";
    assert_eq!(
        resolve(fen, "bxc3"),
        ("a1c3".into(), vec![Deviation::PieceCase])
    );
    assert_eq!(
        resolve(fen, "bc3"),
        (
            "a1c3".into(),
            vec![Deviation::PieceCase, Deviation::MissingCapture]
        )
    );
}

#[test]
fn en_passant_suffix_is_a_deviation() {
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    assert_eq!(
        resolve(fen, "exd6e.p."),
        ("e5d6".into(), vec![Deviation::EnPassantSuffix])
    );
    assert_eq!(
        resolve(fen, "exd6ep"),
        ("e5d6".into(), vec![Deviation::EnPassantSuffix])
    );
}

#[test]
fn capture_markers_missing_or_spurious_are_deviations() {
    let fen = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
    assert_eq!(
        resolve(fen, "ed5"),
        ("e4d5".into(), vec![Deviation::MissingCapture])
    );
    assert_eq!(
        resolve(START, "Nxf3"),
        ("g1f3".into(), vec![Deviation::SpuriousCapture])
    );
}

#[test]
fn check_suffixes_missing_spurious_or_wrong_are_deviations() {
    let check = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"; // Ra8+ checks, does not mate
    assert_eq!(resolve(check, "Ra8+"), ("a1a8".into(), vec![]));
    assert_eq!(
        resolve(check, "Ra8"),
        ("a1a8".into(), vec![Deviation::MissingCheck])
    );
    assert_eq!(
        resolve(check, "Ra8#"),
        ("a1a8".into(), vec![Deviation::MateForCheck])
    );
    assert_eq!(
        resolve(check, "Ra7+"),
        ("a1a7".into(), vec![Deviation::SpuriousCheck])
    );
    assert_eq!(
        resolve(check, "Ra8++"),
        ("a1a8".into(), vec![Deviation::DoublePlus])
    );
    let mate = "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1"; // Ra8# mates
    assert_eq!(resolve(mate, "Ra8#"), ("a1a8".into(), vec![]));
    assert_eq!(
        resolve(mate, "Ra8"),
        ("a1a8".into(), vec![Deviation::MissingMate])
    );
    assert_eq!(
        resolve(mate, "Ra8+"),
        ("a1a8".into(), vec![Deviation::CheckForMate])
    );
    assert_eq!(
        resolve(mate, "Ra8++"),
        ("a1a8".into(), vec![Deviation::DoublePlus])
    );
}

#[test]
fn needless_or_wrong_disambiguators_are_deviations() {
    assert_eq!(
        resolve(START, "Ngf3"),
        ("g1f3".into(), vec![Deviation::OverDisambiguated])
    );
    assert_eq!(
        resolve(START, "N1f3"),
        ("g1f3".into(), vec![Deviation::OverDisambiguated])
    );
    // Rooks on b2 and c3 both reach c2: the file is canonical (`Rbc2`), the rank works but is wrong.
    let fen = "4k3/8/8/8/8/2R5/1R6/4K3 w - - 0 1";
    assert_eq!(resolve(fen, "Rbc2"), ("b2c2".into(), vec![]));
    assert_eq!(
        resolve(fen, "R2c2"),
        ("b2c2".into(), vec![Deviation::WrongDisambiguator])
    );
    assert_eq!(
        resolve(fen, "R3c2"),
        ("c3c2".into(), vec![Deviation::WrongDisambiguator])
    );
}

#[test]
fn null_moves_resolve_to_no_move() {
    for san in ["--", "Z0", "0000"] {
        assert_eq!(parse_san(san).map(|p| p.kind), Ok(SanKind::Null), "{san}");
        assert_eq!(resolve(START, san), ("0000".into(), vec![]));
    }
    let mut pos = position(START);
    let resolved = pos.play_san("--", STANDARD).expect("null move");
    assert_eq!(resolved.m, None);
    assert_eq!(pos.turn(), crate::rules::Color::Black);
}

#[test]
fn syntax_errors_are_reported_as_data() {
    assert_eq!(parse_san(""), Err(SanSyntaxError::Empty));
    assert_eq!(parse_san("O-O\n"), Err(SanSyntaxError::Whitespace));
    assert_eq!(parse_san("N@f3"), Err(SanSyntaxError::Drop));
    assert_eq!(parse_san("Nf"), Err(SanSyntaxError::NoDestination));
    assert_eq!(parse_san("e8="), Err(SanSyntaxError::BadPromotion));
    assert_eq!(parse_san("Nf3f3f3"), Err(SanSyntaxError::Malformed));
    assert_eq!(parse_san(&"x".repeat(100)), Err(SanSyntaxError::TooLong));
}

#[test]
fn pinned_knight_does_not_make_move_ambiguous() {
    let fen = "4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1";
    assert_eq!(resolve(fen, "Nf3"), ("g1f3".into(), vec![]));
    // The writer does not disambiguate against the pinned knight either.
    let pos = position(fen);
    let m = pos.resolve_san("Nf3", STANDARD).unwrap().m.unwrap();
    assert_eq!(pos.san(&m), "Nf3");
}

#[test]
fn nd2_with_two_knights_lists_both_candidates() {
    let pos = position("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    match pos.resolve_san("Nd2", STANDARD) {
        Err(err @ SanError::Ambiguous { .. }) => {
            let SanError::Ambiguous { candidates } = &err else {
                unreachable!()
            };
            let froms: Vec<Square> = candidates.iter().map(|m| m.from).collect();
            assert_eq!(froms, vec![sq("b1"), sq("f3")]);
            assert_eq!(
                err.to_string(),
                "ambiguous move: knights on b1 and f3 can both move to d2"
            );
        }
        other => panic!("expected ambiguous, got {other:?}"),
    }
}

#[test]
fn no_piece_reaches_names_colour_role_and_square() {
    let reason = illegal(START, "Nd4");
    assert_eq!(
        reason,
        IllegalReason::NoPieceReaches {
            color: crate::rules::Color::White,
            role: Role::Knight,
            to: sq("d4")
        }
    );
    assert_eq!(reason.to_string(), "no white knight can reach d4");
    // A pawn capture written without its file is no capture (`f6` is never `exf6`).
    assert!(matches!(
        illegal("4k3/8/5p2/4P3/8/8/8/4K3 w - - 0 1", "f6"),
        IllegalReason::NoPieceReaches { .. }
    ));
}

#[test]
fn long_algebraic_from_an_empty_or_enemy_square_says_so() {
    assert_eq!(
        illegal(START, "e3e4"),
        IllegalReason::EmptyOrigin { from: sq("e3") }
    );
    assert_eq!(
        illegal(START, "e7e5"),
        IllegalReason::NotYourPiece {
            from: sq("e7"),
            role: Role::Pawn
        }
    );
}

#[test]
fn pinned_piece_names_its_pinner() {
    let reason = illegal("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "Nf3");
    assert_eq!(
        reason,
        IllegalReason::Pinned {
            role: Role::Knight,
            from: sq("d2"),
            pinner_role: Role::Bishop,
            pinner: sq("b4")
        }
    );
    assert_eq!(
        reason.to_string(),
        "the knight on d2 is pinned by the bishop on b4"
    );
}

#[test]
fn move_that_ignores_check_names_the_checker() {
    // The e8 rook checks; Nc3 does nothing about it.
    let reason = illegal("4r1k1/8/8/8/8/8/8/1N2K3 w - - 0 1", "Nc3");
    assert_eq!(
        reason,
        IllegalReason::LeavesKingInCheck {
            role: Role::Knight,
            from: sq("b1"),
            checker_role: Role::Rook,
            checker: sq("e8")
        }
    );
    // The king may not step onto an attacked square.
    let reason = illegal("3r2k1/8/8/8/8/8/8/4K3 w - - 0 1", "Kd1");
    assert_eq!(
        reason,
        IllegalReason::LeavesKingInCheck {
            role: Role::King,
            from: sq("e1"),
            checker_role: Role::Rook,
            checker: sq("d8")
        }
    );
    assert_eq!(
        reason.to_string(),
        "the king on e1 cannot move there: the king would be in check from the rook on d8"
    );
}

#[test]
fn en_passant_exposing_the_king_along_the_rank_names_the_rook() {
    // Both pawns leave the rank: the capturing pawn is pinned by the rook through the other pawn.
    let reason = illegal("8/8/8/KPp4r/8/8/8/7k w - c6 0 2", "bxc6");
    assert_eq!(
        reason,
        IllegalReason::Pinned {
            role: Role::Pawn,
            from: sq("b5"),
            pinner_role: Role::Rook,
            pinner: sq("h5")
        }
    );
}

#[test]
fn castling_after_rook_moved_says_right_lost() {
    let mut pos = position("r3k2r/p7/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for san in ["Rh2", "a6", "Rh1", "a5"] {
        pos.play_san(san, STANDARD)
            .unwrap_or_else(|e| panic!("{san}: {e}"));
    }
    let err = pos.resolve_san("O-O", STANDARD).unwrap_err();
    assert_eq!(
        err,
        SanError::Illegal {
            reason: IllegalReason::CastlingRightLost {
                side: CastlingSide::KingSide
            }
        }
    );
    assert_eq!(
        err.to_string(),
        "illegal move: the kingside castling right is lost"
    );
    // The queenside right is intact.
    assert!(pos.resolve_san("O-O-O", STANDARD).is_ok());
    // `e1g1` spelled as a king move explains itself the same way.
    assert_eq!(pos.resolve_san("e1g1", STANDARD).unwrap_err(), err);
}

#[test]
fn castling_through_a_piece_names_the_square() {
    let reason = illegal("4k3/8/8/8/8/8/8/4KB1R w K - 0 1", "O-O");
    assert_eq!(
        reason,
        IllegalReason::CastlingPathBlocked {
            side: CastlingSide::KingSide,
            square: sq("f1")
        }
    );
    assert_eq!(reason.to_string(), "kingside castling path blocked at f1");
}

#[test]
fn castling_through_an_attacked_square_names_square_and_attacker() {
    let reason = illegal("4kr2/8/8/8/8/8/8/4K2R w K - 0 1", "O-O");
    assert_eq!(
        reason,
        IllegalReason::CastlingThroughCheck {
            side: CastlingSide::KingSide,
            square: sq("f1"),
            attacker_role: Role::Rook,
            attacker: sq("f8")
        }
    );
}

#[test]
fn castling_out_of_check_names_the_checker() {
    let reason = illegal("4k3/8/8/8/1b6/8/8/4K2R w K - 0 1", "O-O");
    assert_eq!(
        reason,
        IllegalReason::CastlingOutOfCheck {
            checker_role: Role::Bishop,
            checker: sq("b4")
        }
    );
}

#[test]
fn stale_en_passant_says_not_available() {
    // The d-pawn stands on d5 but no en-passant square is set.
    let reason = illegal("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2", "exd6");
    assert_eq!(reason, IllegalReason::NoEnPassant { to: sq("d6") });
    assert_eq!(reason.to_string(), "en passant on d6 is not available");
}

#[test]
fn promotion_problems_are_reasons() {
    assert_eq!(
        illegal(PROMOTE, "e8"),
        IllegalReason::PromotionMissing { to: sq("e8") }
    );
    assert_eq!(illegal(START, "e4=Q"), IllegalReason::PromotionNotAllowed);
    assert_eq!(
        illegal(PROMOTE, "e8=K"),
        IllegalReason::WrongPromotion { role: Role::King }
    );
}

#[test]
fn writer_disambiguates_by_file_then_rank_then_square_and_marks_mate() {
    let pos = position("N3k2N/8/8/3N4/N4N1N/2R5/1R6/4K3 w - - 0 1");
    let san_of = |uci: &str| {
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.to_uci(STANDARD) == uci)
            .expect(uci);
        pos.san(&m)
    };
    assert_eq!(san_of("b2c2"), "Rbc2");
    assert_eq!(san_of("a4b6"), "N4b6");
    assert_eq!(san_of("h4g6"), "Nh4g6");
    let mate = position("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1");
    let m = mate.resolve_san("Ra8", STANDARD).unwrap().m.unwrap();
    assert_eq!(mate.san(&m), "Ra8#");
    assert_eq!(mate.san_without_suffix(&m), "Ra8");
}

#[test]
fn chess960_castling_is_written_and_read_as_o_o() {
    let pos = crate::rules::load_fen(
        "3r1k1r/4pp2/8/8/8/8/8/4RKR1 w Gd - 1 1",
        Some(CastlingMode::Chess960),
    )
    .unwrap()
    .position;
    let resolved = pos.resolve_san("O-O", CastlingMode::Chess960).unwrap();
    let m = resolved.m.unwrap();
    assert_eq!(m.to_uci(CastlingMode::Chess960), "f1g1");
    assert_eq!(pos.san(&m), "O-O");
    assert_eq!(
        pos.resolve_san("f1g1", CastlingMode::Chess960)
            .unwrap()
            .deviations
            .iter()
            .collect::<Vec<_>>(),
        vec![Deviation::CastlingAsKingMove]
    );
}
