//! Fixes and formatting: every fix the linter offers, input → exact output through
//! `lint::fixer::fix_game`; idempotence over all fixtures; refusal of any change of meaning; and `fmt`
//! (`lint::export_format::format_game`) input → export format.

use pgn_arbiter::cli::rewrite::{GamePlace, Rewritten, rewrite_text};
use pgn_arbiter::lint::export_format::format_game;
use pgn_arbiter::lint::fixer::{FixPolicy, GameFix, fix_game};
use pgn_arbiter::lint::meaning::{Allowance, change_of_meaning, meaning};
use pgn_arbiter::lint::{LintOptions, Profile};
use pgn_arbiter::syntax::parse;

const SAFE: FixPolicy = FixPolicy {
    unsafe_fixes: false,
};
const UNSAFE: FixPolicy = FixPolicy { unsafe_fixes: true };

fn export() -> LintOptions {
    LintOptions {
        profile: Profile::Export,
        ..LintOptions::default()
    }
}

/// Fixes one game and returns the new text; panics when nothing changed or the fix was refused.
fn fixed(text: &str, options: &LintOptions, policy: FixPolicy) -> String {
    match fix_game(text, options, &[], policy) {
        GameFix::Fixed { text, .. } => text,
        other => panic!("expected a fix, got {other:?}"),
    }
}

fn fix_file(text: &str, options: &LintOptions, policy: FixPolicy) -> Rewritten {
    rewrite_text(text, options, &|t, o, place: GamePlace<'_>| {
        fix_game(t, o, place.ignored, policy)
    })
}

fn fmt_file(text: &str) -> Rewritten {
    rewrite_text(
        text,
        &LintOptions::default(),
        &|t, _, place: GamePlace<'_>| format_game(t, place.is_last),
    )
}

macro_rules! fix_tests {
    ($($name:ident: $options:expr, $policy:expr, $input:literal => $output:literal;)*) => {
        $(
            #[test]
            fn $name() {
                assert_eq!(fixed($input, &$options, $policy), $output);
            }
        )*
    };
}

fix_tests! {
    zero_castling_is_rewritten_with_letters: LintOptions::default(), SAFE,
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *\n" => "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\n";
    promotion_gets_its_equals_sign: LintOptions::default(), SAFE,
        "[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. e8Q *\n" => "[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. e8=Q *\n";
    long_algebraic_becomes_san: LintOptions::default(), SAFE,
        "1. e2-e4 e5 2. Ng1f3 *\n" => "1. e4 e5 2. Nf3 *\n";
    pawn_letter_is_dropped: LintOptions::default(), SAFE, "1. Pe4 *\n" => "1. e4 *\n";
    lower_case_piece_is_capitalised: LintOptions::default(), SAFE, "1. nf3 *\n" => "1. Nf3 *\n";
    attached_ep_suffix_is_dropped: LintOptions::default(), SAFE,
        "1. e4 Nf6 2. e5 d5 3. exd6e.p. *\n" => "1. e4 Nf6 2. e5 d5 3. exd6 *\n";
    detached_ep_suffix_is_removed_with_its_space: LintOptions::default(), SAFE,
        "1. e4 Nf6 2. e5 d5 3. exd6 e.p. *\n" => "1. e4 Nf6 2. e5 d5 3. exd6 *\n";
    mate_gets_its_hash: LintOptions::default(), SAFE,
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n" => "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
    missing_capture_marker_is_added: LintOptions::default(), SAFE,
        "1. e4 d5 2. exd5 Qd5 *\n" => "1. e4 d5 2. exd5 Qxd5 *\n";
    needless_disambiguation_is_removed: LintOptions::default(), SAFE, "1. Ngf3 *\n" => "1. Nf3 *\n";
    rank_disambiguator_becomes_the_file: LintOptions::default(), SAFE,
        "[FEN \"4k3/8/8/2R5/8/8/1R6/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. R2c2 *\n" => "[FEN \"4k3/8/8/2R5/8/8/1R6/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Rbc2 *\n";
    wrong_move_number_is_corrected: LintOptions::default(), SAFE, "1. e4 e5 3. Nf3 *\n" => "1. e4 e5 2. Nf3 *\n";
    export_profile_inserts_missing_move_numbers: export(), SAFE,
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 {good} e5 Nf3 *\n"
        => "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 {good} 1... e5 2. Nf3 *\n";
    export_profile_turns_suffixes_into_nags: export(), SAFE,
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4! e5?! *\n"
        => "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 $1 1... e5 $6 *\n";
    export_profile_puts_the_roster_first_in_order: export(), SAFE,
        "[Event \"E\"]\n[Date \"2024.01.01\"]\n[Site \"S\"]\n[Round \"1\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n"
        => "[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n";
    empty_variation_is_removed: LintOptions::default(), SAFE, "1. e4 () e5 *\n" => "1. e4  e5 *\n";
    tab_becomes_a_space: LintOptions::default(), SAFE, "1. e4\te5 *\n" => "1. e4 e5 *\n";
    blank_line_is_inserted_after_the_tags: LintOptions::default(), SAFE,
        "[Event \"E\"]\n1. e4 *\n" => "[Event \"E\"]\n\n1. e4 *\n";
    stray_backslash_in_a_tag_is_escaped: LintOptions::default(), SAFE,
        "[Site \"C:\\games\"]\n\n1. e4 *\n" => "[Site \"C:\\\\games\"]\n\n1. e4 *\n";
    plycount_is_corrected: LintOptions::default(), SAFE,
        "[PlyCount \"3\"]\n\n1. e4 e5 *\n" => "[PlyCount \"2\"]\n\n1. e4 e5 *\n";
    setup_tag_is_added_to_a_fen: LintOptions::default(), SAFE,
        "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n1. Kd2 *\n" => "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n1. Kd2 *\n";
    setup_zero_is_set_to_one: LintOptions::default(), SAFE,
        "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n[SetUp \"0\"]\n\n1. Kd2 *\n" => "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Kd2 *\n";
    oddly_spelled_result_marker_is_rewritten: LintOptions::default(), SAFE, "1. e4 e5 ½–½\n" => "1. e4 e5 1/2-1/2\n";
    unsafe_fix_adds_the_missing_result: LintOptions::default(), UNSAFE, "1. e4 e5\n" => "1. e4 e5 *\n";
    unsafe_fix_sets_the_result_tag_to_the_marker: LintOptions::default(), UNSAFE,
        "[Result \"1-0\"]\n\n1. e4 e5 0-1\n" => "[Result \"0-1\"]\n\n1. e4 e5 0-1\n";
    unsafe_fix_replaces_a_result_tag_that_is_no_result: LintOptions::default(), UNSAFE,
        "[Result \"1:0\"]\n\n1. e4 e5 1-0\n" => "[Result \"1-0\"]\n\n1. e4 e5 1-0\n";
    unsafe_fix_scores_a_mate_for_the_winner: LintOptions::default(), UNSAFE,
        "1. f3 e5 2. g4 Qh4# 1-0\n" => "1. f3 e5 2. g4 Qh4# 0-1\n";
    unsafe_fix_adds_the_chess960_variant_tag: LintOptions::default(), UNSAFE,
        "[FEN \"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1\"]\n[SetUp \"1\"]\n\n1. e4 *\n"
        => "[Variant \"Chess960\"]\n[FEN \"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1\"]\n[SetUp \"1\"]\n\n1. e4 *\n";
}

#[test]
fn byte_order_mark_is_removed_by_fix() {
    let out = fix_file(
        "\u{feff}[Event \"E\"]\n\n1. e4 *\n",
        &LintOptions::default(),
        SAFE,
    );
    assert_eq!(out.text, "[Event \"E\"]\n\n1. e4 *\n");
}

#[test]
fn safe_fix_policy_leaves_unsafe_fixes_alone() {
    assert_eq!(
        fix_game(
            "[Result \"1-0\"]\n\n1. e4 e5 0-1\n",
            &LintOptions::default(),
            &[],
            SAFE
        ),
        GameFix::Unchanged
    );
}

#[test]
fn ambiguous_move_is_never_fixed_by_itself_even_with_unsafe_fixes() {
    assert_eq!(
        fix_game(
            "1. Nf3 d5 2. d3 Nc6 3. Nd2 *\n",
            &LintOptions::default(),
            &[],
            UNSAFE
        ),
        GameFix::Unchanged
    );
}

fn fixtures() -> Vec<(String, String)> {
    let dir = format!("{}/tests/fixtures/lint", env!("CARGO_MANIFEST_DIR"));
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| {
            let path = e.unwrap().path();
            let text = String::from_utf8(std::fs::read(&path).unwrap()).ok()?;
            Some((
                path.file_name().unwrap().to_string_lossy().into_owned(),
                text,
            ))
        })
        .collect();
    out.sort();
    out
}

#[test]
fn fixing_fixed_text_changes_nothing_for_every_fixture() {
    for options in [LintOptions::default(), export()] {
        for policy in [SAFE, UNSAFE] {
            for (name, text) in fixtures() {
                let once = fix_file(&text, &options, policy);
                let twice = fix_file(&once.text, &options, policy);
                assert_eq!(
                    twice.text, once.text,
                    "{name} ({:?}, {policy:?})",
                    options.profile
                );
                assert_eq!(twice.n_changes, 0, "{name}");
            }
        }
    }
}

#[test]
fn a_rewrite_that_changes_a_move_is_a_change_of_meaning() {
    let before_text = "1. e4 e5 2. Nf3 *\n";
    let after_text = "1. e4 e5 2. Nc3 *\n";
    let (before, after) = (parse(before_text), parse(after_text));
    let before = meaning(&before.games[0], before_text);
    let after = meaning(&after.games[0], after_text);
    assert_eq!(
        change_of_meaning(&before, &after, Allowance::Exact).as_deref(),
        Some("the moves would change")
    );
    assert_eq!(
        change_of_meaning(&before, &after, Allowance::Unsafe).as_deref(),
        Some("the moves would change")
    );
}

#[test]
fn respelling_a_move_is_not_a_change_of_meaning() {
    let (a, b) = ("1. e4 e5 2. Ng1f3 *\n", "1. e4 e5 2. Nf3 *\n");
    let (pa, pb) = (parse(a), parse(b));
    assert_eq!(
        change_of_meaning(
            &meaning(&pa.games[0], a),
            &meaning(&pb.games[0], b),
            Allowance::Exact
        ),
        None
    );
}

#[test]
fn rewrite_refuses_a_game_whose_moves_would_change_and_keeps_its_text() {
    let text = "[Event \"A\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"B\"]\n\n1. d4 *\n";
    // A rewrite that swaps a move, checked the way `fix` and `fmt` check theirs.
    let swap = |game: &str, _: &LintOptions, _: GamePlace<'_>| {
        let changed = game.replace("Nf3", "Nc3");
        if changed == game {
            return GameFix::Unchanged;
        }
        let (old, new) = (parse(game), parse(&changed));
        match change_of_meaning(
            &meaning(&old.games[0], game),
            &meaning(&new.games[0], &changed),
            Allowance::Exact,
        ) {
            Some(reason) => GameFix::Refused { reason },
            None => GameFix::Fixed {
                text: changed,
                n_fixes: 1,
            },
        }
    };
    let out = rewrite_text(text, &LintOptions::default(), &swap);
    assert_eq!(out.text, text);
    assert_eq!(out.refusals, [(1, "the moves would change".to_string())]);
}

#[test]
fn fmt_writes_the_export_format() {
    let input = "[White \"W\"]\n[Site \"S\"]\n\n1.e4 e5 2.Nf3 {A very long comment that goes on and on so that the line must wrap somewhere} Nc6! 3.Bb5 (3.Bc4 Bc5) a6 $2 *\n";
    let expected = "[Site \"S\"]\n[White \"W\"]\n\n1. e4 e5 2. Nf3 {A very long comment that goes on and on so that the line must\nwrap somewhere} 2... Nc6 $1 3. Bb5 (3. Bc4 Bc5) 3... a6 $2 *\n";
    assert_eq!(fmt_file(input).text, expected);
}

#[test]
fn fmt_keeps_comments_nags_variations_and_escape_lines() {
    let input = "% pgn-arbiter: ignore date-format\n[Event \"E\"]\n\n1. e4 {best by test} $1 (1. d4 (1. c4) d5) e5 *\n";
    let out = fmt_file(input).text;
    assert_eq!(
        out,
        "% pgn-arbiter: ignore date-format\n[Event \"E\"]\n\n1. e4 {best by test} $1 (1. d4 (1. c4) 1... d5) 1... e5 *\n"
    );
}

#[test]
fn fmt_is_idempotent_over_every_fixture() {
    for (name, text) in fixtures() {
        let once = fmt_file(&text);
        let twice = fmt_file(&once.text);
        assert_eq!(twice.text, once.text, "{name}");
    }
}

#[test]
fn fmt_refuses_games_with_syntax_errors() {
    let text = "1. e4 (1. d4 e5 *\n";
    assert!(matches!(format_game(text, true), GameFix::Refused { .. }));
    let out = fmt_file(text);
    assert_eq!(out.text, text);
    assert_eq!(out.refusals.len(), 1);
}
