use super::*;

fn load(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn rooks(position: &Position) -> Vec<String> {
    position.castling_rooks().map(|s| s.to_string()).collect()
}

#[test]
fn xfen_reads_outermost_rooks_and_inner_file_letters() {
    // K/Q: the outermost rook on each side of the king; G: the inner g1 rook (h1 also has a rook).
    let p = load("rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11");
    assert_eq!(rooks(&p), ["g1", "a8", "g8"]);
    let p = load("1r1k1r2/5p2/8/8/8/8/3N4/R5KR b KQkq - 0 1");
    assert_eq!(rooks(&p), ["a1", "h1", "b8", "f8"]);
}

#[test]
fn xfen_writes_kq_for_outermost_and_file_letters_for_inner_rooks() {
    for fen in [
        STARTING_FEN,
        "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11",
        "rkbqrbnn/pppppppp/8/8/8/8/PPPPPPPP/RKBQRBNN w KQkq - 0 1",
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 3 40",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    ] {
        assert_eq!(load(fen).to_fen(FenFormat::XFen), fen);
    }
}

#[test]
fn shredder_fen_reads_and_writes_file_letters() {
    let cases = [
        (
            STARTING_FEN,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
        ),
        (
            "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11",
            "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gga - 4 11",
        ),
        (
            "rkbqrbnn/pppppppp/8/8/8/8/PPPPPPPP/RKBQRBNN w KQkq - 0 1",
            "rkbqrbnn/pppppppp/8/8/8/8/PPPPPPPP/RKBQRBNN w EAea - 0 1",
        ),
    ];
    for (xfen, shredder) in cases {
        let p = load(xfen);
        assert_eq!(p.to_fen(FenFormat::Shredder), shredder);
        // Shredder-FEN reads back to the same position, and writes back as X-FEN.
        let q = load(shredder);
        assert_eq!(q, p);
        assert_eq!(q.to_fen(FenFormat::XFen), xfen);
        assert_eq!(q.to_fen(FenFormat::Shredder), shredder);
    }
}

#[test]
fn castling_rights_on_the_corner_king_do_not_overflow() {
    // A black king on h8 has no h-side: `k` names no rook (this once overflowed a shift).
    let errors = Position::from_fen("r6k/8/8/8/8/8/8/4K3 b k - 0 1").unwrap_err();
    assert!(errors.0.contains(&FenError::CastlingWithoutRook {
        color: Color::Black,
        right: 'k'
    }));
    assert!(
        load("r6k/8/8/8/8/8/8/4K3 b q - 0 1")
            .castling_rooks()
            .contains(Square::parse("a8").unwrap())
    );
}

#[test]
fn castling_rooks_unchecked_needs_no_board() {
    let rooks = castling_rooks_unchecked("KQkq").unwrap();
    assert_eq!(rooks, Bitboard(0x8100_0000_0000_0081));
    assert_eq!(castling_rooks_unchecked("Eb").unwrap().count(), 2);
    assert_eq!(castling_rooks_unchecked("-").unwrap(), Bitboard::EMPTY);
    assert!(castling_rooks_unchecked("KX").is_err());
}

#[test]
fn one_specific_error_per_problem() {
    let first = |fen: &str| load_fen(fen, Some(CastlingMode::Standard)).unwrap_err().0;
    assert!(matches!(
        first("8/8/8 w - - 0 1")[0],
        FenError::RankCount { found: 3 }
    ));
    assert!(matches!(
        first("4k3/8/8/8/8/8/8/4K2 w - - 0 1")[0],
        FenError::RankFill { squares: 7, .. }
    ));
    assert!(matches!(
        first("4k3/8/8/8/8/8/8/4Kx2 w - - 0 1")[0],
        FenError::BoardCharacter { character: 'x', .. }
    ));
    assert!(matches!(
        first("4k3/8/8/8/8/8/8/4K3 x - - 0 1")[0],
        FenError::Side { .. }
    ));
    assert!(matches!(
        first("4k3/8/8/8/8/8/8/4K3 w - - x 1")[0],
        FenError::HalfmoveClock { .. }
    ));
    assert!(matches!(
        first("4k3/8/8/8/8/8/8/4K3 w - - 0 x")[0],
        FenError::FullmoveNumber { .. }
    ));
    assert!(matches!(
        first("4k3/8/8/8/8/8/8/4K3 w KBQ - 0 1")[0],
        FenError::CastlingSyntax { .. }
    ));
    assert!(matches!(
        first("4k3/8/8/8/8/8/8/8 w - - 0 1")[0],
        FenError::MissingKing {
            color: Color::White
        }
    ));
    assert!(matches!(
        first("4k3/8/8/8/8/8/8/P3K3 w - - 0 1")[0],
        FenError::PawnOnBackRank { .. }
    ));
    assert!(matches!(
        first("4k3/8/8/8/8/8/4K3/7R w K - 0 1")[0],
        FenError::CastlingWithoutKing { .. }
    ));
    assert!(matches!(
        first("4k3/8/8/8/8/8/8/4K3 w K - 0 1")[0],
        FenError::CastlingWithoutRook { .. }
    ));
    assert!(matches!(
        first("4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1")[0],
        FenError::CastlingNotStandard { .. }
    ));
    assert!(matches!(
        first("4k3/8/8/8/8/8/8/4K3 w - e3 0 1")[0],
        FenError::EpWrongRank { .. }
    ));
    assert!(matches!(
        first("4k3/8/4n3/4p3/8/8/8/4K3 w - e6 0 1")[0],
        FenError::EpOccupied { .. }
    ));
    assert!(matches!(
        first("4k3/8/8/8/8/8/8/4K3 w - e6 0 1")[0],
        FenError::EpNoPawn { .. }
    ));
    assert!(matches!(
        first("4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 1")[0],
        FenError::EpOriginOccupied { .. }
    ));
    assert!(matches!(
        first("4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1")[0],
        FenError::OppositeCheck { .. }
    ));
    assert!(matches!(
        first("8/8/N7/2k5/N7/8/8/3K4 b - - 0 1")[0],
        FenError::ImpossibleCheck { .. }
    ));
    assert!(matches!(
        first("4k3/8/8/8/8/NNNNNNNN/PPPPPPPP/NNNNK3 w - - 0 1")[0],
        FenError::TooManyPieces { .. }
    ));
    assert!(matches!(
        first("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1")[0],
        FenError::TooManyPawns { .. }
    ));
}

#[test]
fn too_much_material_loads_with_a_warning() {
    // Two queens with all eight pawns on the board: composed, not played, but judgeable.
    let loaded = load_fen("4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", None).unwrap();
    assert!(matches!(
        loaded.warnings[..],
        [FenWarning::TooMuchMaterial {
            promoted: 1,
            missing_pawns: 0,
            ..
        }]
    ));
}

#[test]
fn soft_problems_load_with_a_warning() {
    // After 1.e4 no black pawn can capture on e3: the square is dropped with a warning.
    let loaded = load_fen(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        None,
    )
    .unwrap();
    assert_eq!(
        loaded.warnings,
        [FenWarning::EpNotCapturable {
            square: Square::parse("e3").unwrap()
        }]
    );
    assert_eq!(loaded.position.ep_square(), None);
    // An impossible check loads on request, with a warning.
    let fen = "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1";
    assert!(load_fen(fen, None).is_err());
    let loaded = load_fen_with(
        fen,
        FenOptions {
            allow_impossible_check: true,
            ..FenOptions::default()
        },
    )
    .unwrap();
    assert!(matches!(
        loaded.warnings[..],
        [FenWarning::ImpossibleCheck { .. }]
    ));
}

#[test]
fn partial_fens_and_fullmove_zero_default() {
    assert_eq!(
        load("4k3/8/8/8/8/8/8/4K3").to_fen(FenFormat::XFen),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    );
    assert_eq!(load("4k3/8/8/8/8/8/8/4K3 b - - 0 0").fullmove_number(), 1);
}
