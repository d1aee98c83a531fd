//! Every rule of the catalogue (`Rule::ALL`) on its fixture in `tests/fixtures/lint/<rule-id>.pgn`,
//! through the real `pgn-arbiter check` binary: the human and JSON outputs are snapshots, and each test
//! asserts the one fact it is about (the rule fires on the expected bytes). Then the tricky cases.

use pgn_arbiter::lint::Rule;
use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the binary from the crate root, feeding `stdin` when given; returns stdout.
fn run(args: &[&str], stdin: Option<&[u8]>) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.unwrap_or_default()).unwrap();
    drop(input);
    let output = child.wait_with_output().unwrap();
    String::from_utf8(output.stdout).unwrap()
}

fn fixture_path(id: &str) -> String {
    format!("tests/fixtures/lint/{id}.pgn")
}

fn profile_of(id: &str) -> &'static str {
    Rule::from_id(id).expect("a rule id").profile().as_str()
}

fn parse_json_lines(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

/// `check` on a fixture in both formats: (human output, JSON findings, JSON pretty-printed).
fn check_fixture(id: &str) -> (String, Vec<Value>, String) {
    let path = fixture_path(id);
    let profile = profile_of(id);
    let human = run(&["check", "--profile", profile, &path], None);
    let json = parse_json_lines(&run(
        &["check", "--profile", profile, "--format", "json", &path],
        None,
    ));
    let pretty = json
        .iter()
        .map(|v| serde_json::to_string_pretty(v).unwrap())
        .collect::<Vec<_>>()
        .join("\n");
    (human, json, pretty)
}

/// `check --format json` on PGN text given on stdin.
fn check(text: &str, extra: &[&str]) -> Vec<Value> {
    let mut args = vec!["check", "--format", "json"];
    args.extend_from_slice(extra);
    args.push("-");
    parse_json_lines(&run(&args, Some(text.as_bytes())))
}

fn rules_of(findings: &[Value]) -> Vec<&str> {
    findings
        .iter()
        .map(|f| f["rule"].as_str().unwrap())
        .collect()
}

fn find<'a>(findings: &'a [Value], id: &str) -> &'a Value {
    findings
        .iter()
        .find(|f| f["rule"] == id)
        .unwrap_or_else(|| panic!("`{id}` does not fire: {findings:#?}"))
}

/// Snapshots both outputs of `id`'s fixture and asserts that `id` fires on the bytes of `span`,
/// found right after the first occurrence of `before` in the fixture.
fn assert_rule_fires(id: &str, before: &str, span: &str) {
    let bytes = std::fs::read(format!(
        "{}/{}",
        env!("CARGO_MANIFEST_DIR"),
        fixture_path(id)
    ))
    .unwrap();
    let (human, json, pretty) = check_fixture(id);
    insta::assert_snapshot!(format!("{id}__human"), human);
    insta::assert_snapshot!(format!("{id}__json"), pretty);
    let finding = find(&json, id);
    let needle = [before.as_bytes(), span.as_bytes()].concat();
    let at = bytes
        .windows(needle.len().max(1))
        .position(|w| needle.is_empty() || w == needle.as_slice())
        .unwrap();
    let start = at + before.len();
    assert_eq!(
        (
            finding["byte_start"].as_u64().unwrap() as usize,
            finding["byte_end"].as_u64().unwrap() as usize
        ),
        (start, start + span.len()),
        "`{id}` fires at the wrong bytes: {finding:#}"
    );
}

macro_rules! rule_tests {
    ($($name:ident: $id:literal at $before:expr, $span:expr;)*) => {
        $(
            #[test]
            fn $name() {
                assert_rule_fires($id, $before, $span);
            }
        )*

        /// The rule ids the tests above cover.
        const COVERED: &[&str] = &[$($id,)*];
    };
}

rule_tests! {
    castling_after_the_rook_moved_is_an_illegal_move: "illegal-move" at "6. ", "O-O";
    knight_move_two_knights_can_make_is_ambiguous: "ambiguous-move" at "3. ", "Nd2";
    file_that_no_other_knight_needs_is_over_disambiguation: "over-disambiguated" at "1. ", "Ngf3";
    rank_given_where_the_file_would_do_is_the_wrong_disambiguator: "wrong-disambiguator" at "1. ", "R2c2";
    mate_without_hash_is_a_check_suffix_warning: "check-suffix" at "4. ", "Qxf7";
    capture_without_x_is_a_capture_marker_warning: "capture-marker" at "exd5 ", "Qd5";
    promotion_without_equals_sign_is_a_promotion_format_warning: "promotion-format" at "1. ", "e8Q";
    pawn_reaching_the_last_rank_without_a_piece_is_a_missing_promotion: "promotion-missing" at "1. ", "e8";
    promotion_to_a_king_is_a_wrong_promotion_piece: "promotion-piece" at "1. ", "e8=K";
    castling_with_zeros_is_a_castling_notation_warning: "castling-notation" at "4. ", "0-0";
    move_with_its_origin_square_is_long_algebraic: "long-algebraic" at "1. ", "e2-e4";
    pawn_move_with_a_p_is_a_pawn_letter_warning: "pawn-letter" at "1. ", "Pe4";
    lower_case_piece_letter_is_a_piece_case_warning: "piece-case" at "1. ", "nf3";
    en_passant_capture_marked_ep_is_an_ep_suffix_warning: "ep-suffix" at "exd6 ", "e.p.";
    null_move_in_the_main_line_is_reported: "null-move" at "e4 ", "--";
    game_without_termination_marker_misses_its_result: "missing-result" at "e4 e5", "";
    game_with_two_termination_markers_has_multiple_results: "multiple-results" at "1-0 ", "0-1";
    moves_after_the_result_make_the_result_not_last: "result-not-last" at "1-0 ", "2. Nf3";
    marker_that_disagrees_with_the_result_tag_is_a_result_mismatch: "result-mismatch" at "e5 ", "0-1";
    white_win_after_black_mates_contradicts_the_position: "result-contradicts-position" at "Qh4# ", "1-0";
    result_tag_that_is_no_result_is_a_bad_result_value: "bad-result-value" at "[Result \"", "1:0";
    fen_with_seven_ranks_is_a_fen_syntax_error: "fen-syntax" at "[FEN \"", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1";
    fen_without_a_black_king_is_a_fen_kings_error: "fen-kings" at "[FEN \"", "8/8/8/8/8/8/8/4K3 w - - 0 1";
    fen_with_a_pawn_on_rank_eight_is_reported: "fen-pawns-on-back-rank" at "[FEN \"", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1";
    castling_right_without_its_rook_is_a_fen_castling_rights_error: "fen-castling-rights" at "[FEN \"", "4k3/8/8/8/8/8/8/4K3 w K - 0 1";
    en_passant_square_without_a_pawn_is_a_fen_ep_square_error: "fen-ep-square" at "[FEN \"", "4k3/8/8/8/8/8/8/4K3 w - e6 0 1";
    side_not_to_move_in_check_is_a_fen_opposite_check_error: "fen-opposite-check" at "[FEN \"", "4k3/8/8/8/8/8/8/4RK2 w - - 0 1";
    double_check_by_two_knights_is_an_impossible_check: "fen-impossible-check" at "[FEN \"", "4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1";
    setup_tag_without_fen_is_reported: "setup-without-fen" at "", "[SetUp \"1\"]";
    fen_tag_without_setup_is_reported: "fen-without-setup" at "", "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]";
    chess960_castling_rights_without_variant_tag_are_reported: "chess960-without-variant" at "[FEN \"", "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1";
    crazyhouse_is_an_unsupported_variant: "unsupported-variant" at "[Variant \"", "Crazyhouse";
    game_with_only_an_event_tag_misses_the_seven_tag_roster: "seven-tag-roster" at "", "";
    date_before_site_breaks_the_tag_order: "tag-order" at "", "[Event \"Roster out of order\"]\n[Date \"1972.07.11\"]\n[Site \"Reykjavik\"]\n[Round \"1\"]\n[White \"Spassky, Boris\"]\n[Black \"Fischer, Robert James\"]\n[Result \"*\"]";
    second_site_tag_is_a_duplicate_tag: "duplicate-tag" at "", "[Site \"There\"]";
    tag_name_with_a_dash_is_reported: "tag-name" at "[", "White-Elo";
    stray_backslash_in_a_tag_value_is_a_tag_escape_warning: "tag-escape" at "C:", "\\";
    unterminated_tag_string_is_a_tag_syntax_error: "tag-syntax" at "[Event ", "\"An unterminated string]";
    iso_date_is_a_date_format_warning: "date-format" at "[Date \"", "2024-05-01";
    word_for_a_round_is_a_round_format_warning: "round-format" at "[Round \"", "first";
    rating_with_a_plus_is_an_elo_format_warning: "elo-format" at "[WhiteElo \"", "2700+";
    minutes_in_words_are_a_time_control_format_warning: "time-control-format" at "[TimeControl \"", "5 min";
    plycount_that_does_not_match_the_main_line_is_reported: "plycount-mismatch" at "[PlyCount \"", "3";
    move_two_numbered_three_is_a_move_number_warning: "move-number" at "e5 ", "3.";
    variation_never_closed_is_an_unbalanced_parenthesis: "unbalanced-parenthesis" at "e4 ", "(";
    variation_without_moves_is_empty: "empty-variation" at "e4 ", "()";
    variation_before_any_move_is_reported: "variation-before-first-move" at "", "(";
    comment_never_closed_is_reported_at_its_brace: "unterminated-comment" at "e4 ", "{";
    closing_brace_outside_a_comment_is_a_stray_brace: "stray-brace" at "e4 ", "}";
    brace_inside_a_comment_is_a_nested_comment_warning: "nested-comment" at "{a ", "{";
    at_sign_is_an_unknown_token: "unknown-token" at "e4 ", "@";
    angle_bracket_is_a_reserved_token: "reserved-token" at "e4 ", "<";
    nag_above_255_is_out_of_range: "nag-range" at "e4 ", "$256";
    exclamation_mark_is_a_suffix_annotation_in_the_export_profile: "suffix-annotation" at "e4", "!";
    line_over_255_characters_is_too_long: "line-too-long" at &format!("1. e4 {{{}ver", "very ".repeat(49)), &format!("y {}long}} *", "very ".repeat(10));
    tab_between_moves_is_reported: "tab" at "e4", "\t";
    bell_character_is_a_control_character: "control-character" at "ring", "\u{7}";
    latin1_file_is_reported_as_not_utf8_once: "encoding" at "", "";
    byte_order_mark_is_reported: "bom" at "", "\u{feff}";
    movetext_right_under_the_tags_misses_a_blank_line: "missing-blank-line" at "[Event \"No blank line after the tags\"]", "";
    same_game_twice_is_a_duplicate_game: "duplicate-game" at "*\n\n", "";
}

#[test]
fn every_rule_of_the_catalogue_has_a_fixture_and_a_test() {
    for rule in Rule::ALL {
        assert!(COVERED.contains(&rule.id()), "no test for `{}`", rule.id());
        let path = format!("{}/{}", env!("CARGO_MANIFEST_DIR"), fixture_path(rule.id()));
        assert!(
            std::path::Path::new(&path).is_file(),
            "no fixture for `{}`",
            rule.id()
        );
    }
    assert_eq!(COVERED.len(), Rule::ALL.len());
}

#[test]
fn every_rule_has_a_section_in_docs_rules_md_with_its_severity_and_profile() {
    let docs =
        std::fs::read_to_string(format!("{}/docs/rules.md", env!("CARGO_MANIFEST_DIR"))).unwrap();
    for rule in Rule::ALL {
        let heading = format!("\n## {}\n", rule.id());
        let at = docs
            .find(&heading)
            .unwrap_or_else(|| panic!("no `## {}` section", rule.id()));
        let section = &docs[at + heading.len()..];
        let section = &section[..section.find("\n## ").unwrap_or(section.len())];
        assert!(
            section.contains(&format!("Severity: {}", rule.default_severity().as_str())),
            "{}",
            rule.id()
        );
        assert!(
            section.contains(&format!("Profile: {}", rule.profile().as_str())),
            "{}",
            rule.id()
        );
    }
}

#[test]
fn pinned_knight_does_not_make_move_ambiguous() {
    let findings = check(
        r#"[FEN "4k3/8/8/8/4b3/5N2/8/1N5K w - - 0 1"]
[SetUp "1"]

1. Nd2 *
"#,
        &[],
    );
    assert_eq!(rules_of(&findings), Vec::<&str>::new());
}

#[test]
fn en_passant_capture_that_exposes_the_king_on_the_rank_is_illegal_because_the_pawn_is_pinned() {
    let findings = check(
        r#"[FEN "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1"]
[SetUp "1"]

1. exd6 *
"#,
        &[],
    );
    let illegal = find(&findings, "illegal-move");
    assert_eq!(
        illegal["message"],
        "`exd6` is illegal: the pawn on e5 is pinned by the rook on h5; the rest of the main line is not replayed"
    );
}

#[test]
fn castling_after_the_rook_moved_names_the_move_that_lost_the_right() {
    let text = std::fs::read_to_string(fixture_path("illegal-move")).unwrap();
    let findings = check(&text, &[]);
    let illegal = find(&findings, "illegal-move");
    let rook_move = text.find("Rg1").unwrap() as u64;
    assert_eq!(illegal["related"][0]["byte_start"], rook_move);
    assert_eq!(illegal["related"][0]["byte_end"], rook_move + 3);
    assert_eq!(
        illegal["related"][0]["message"],
        "the white kingside castling right was lost with this move"
    );
}

#[test]
fn error_inside_a_variation_does_not_stop_the_main_line() {
    let text = "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 (2. Ke3) 2... Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n";
    let findings = check(text, &[]);
    assert_eq!(rules_of(&findings), ["illegal-move", "check-suffix"]);
    assert!(
        findings[0]["message"]
            .as_str()
            .unwrap()
            .ends_with("the rest of this variation is not replayed")
    );
    assert_eq!(findings[1]["byte_start"], text.find("Qxf7").unwrap() as u64);
}

#[test]
fn variation_starts_from_the_position_before_the_move_it_replaces_nested_too() {
    // `1... e6` is black's alternative to `1... e5`; `2. Nc3` is white's alternative to `2. d4`.
    let findings = check(
        "1. e4 e5 (1... e6 2. d4 (2. Nc3 d5) 2... d5) 2. Nf3 *\n",
        &[],
    );
    assert_eq!(rules_of(&findings), Vec::<&str>::new());
}

#[test]
fn unsupported_variant_is_reported_once_and_its_moves_are_not_judged() {
    let findings = check(
        "[Variant \"Atomic\"]\n\n1. e4 d5 2. Qxf7 Kxe1 3. Zz9 *\n",
        &[],
    );
    assert_eq!(rules_of(&findings), ["unsupported-variant"]);
}

#[test]
fn escape_line_suppresses_a_rule_for_the_next_game_only() {
    let text = r#"[Date "2024-01-01"]

1. e4 *

% pgn-arbiter: ignore date-format
[Date "2024-01-02"]

1. d4 *

[Date "2024-01-03"]

1. c4 *
"#;
    let games: Vec<u64> = check(text, &[])
        .iter()
        .map(|f| f["game"].as_u64().unwrap())
        .collect();
    assert_eq!(games, [1, 3]);
}

#[test]
fn escape_line_right_under_a_game_suppresses_the_rule_in_the_game_after_it() {
    let text = r#"[Date "2024-01-01"]

1. e4 *
% pgn-arbiter: ignore date-format

[Date "2024-01-02"]

1. d4 *
"#;
    let games: Vec<u64> = check(text, &[])
        .iter()
        .map(|f| f["game"].as_u64().unwrap())
        .collect();
    assert_eq!(games, [1]);
}

#[test]
fn select_and_ignore_choose_the_rules_that_run() {
    let text = "[Date \"2024-01-01\"]\n\n1. e4 e5 3. Nf3 *\n";
    assert_eq!(rules_of(&check(text, &[])), ["date-format", "move-number"]);
    assert_eq!(
        rules_of(&check(text, &["--select", "move-number"])),
        ["move-number"]
    );
    assert_eq!(
        rules_of(&check(text, &["--ignore", "move-number"])),
        ["date-format"]
    );
}

#[test]
fn export_rules_do_not_run_in_the_import_profile() {
    let text = std::fs::read_to_string(fixture_path("seven-tag-roster")).unwrap();
    assert_eq!(rules_of(&check(&text, &[])), Vec::<&str>::new());
}
