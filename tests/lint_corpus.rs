//! The linter against the shared corpus (`../shared/corpus`, see its INDEX.md):
//!
//! - the clean real samples (`pgn/real/*.pgn`) give no finding at error severity under the default
//!   `import` profile (warning/info counts by rule are printed);
//! - the error corpora (`pgn/disservin`, `pgn/fastchess`, `pgn/python-chess`): every expectation in
//!   their `expectations.json` / `cases.json` is checked against what our parser, replay and rules
//!   report. Expectations our policy answers differently are listed with the reason, never skipped
//!   silently. Each expectation and what we report for it is printed (`cargo test -- --nocapture`).
//!
//! Without the corpus the tests print a notice and pass, except with `CI=true`, where they fail.

use pgn_arbiter::cli::check::{Progress, check_stream};
use pgn_arbiter::cli::findings::Finding;
use pgn_arbiter::cli::printers::{Printer, Summary};
use pgn_arbiter::lint::context::GameContext;
use pgn_arbiter::lint::rules::setup;
use pgn_arbiter::lint::{LintOptions, Severity, meaning};
use pgn_arbiter::rules::{CastlingMode, FenFormat, Position};
use pgn_arbiter::syntax::{Game, NodeKind, parse};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

// ---------------------------------------------------------------------------------------------
// Harness

fn corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if dir.join("INDEX.md").is_file() {
        return Some(dir);
    }
    let msg = format!("the shared corpus is missing at {}", dir.display());
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("{msg} (required when CI=true)");
    }
    eprintln!("NOTICE: {msg}; skipping this corpus test");
    None
}

/// One finding, flattened for assertions.
#[derive(Debug, Clone)]
struct Found {
    game: usize,
    rule: &'static str,
    severity: Severity,
    message: String,
    line: u64,
}

struct Collect(Vec<Found>);

impl Printer for Collect {
    fn finding(&mut self, _path: &str, f: &Finding) -> std::io::Result<()> {
        self.0.push(Found {
            game: f.game,
            rule: f.diagnostic.rule.id(),
            severity: f.diagnostic.severity,
            message: f.diagnostic.message.clone(),
            line: f.start.line,
        });
        Ok(())
    }
    fn finish(&mut self, _summary: &Summary) -> std::io::Result<()> {
        Ok(())
    }
}

/// Lints a file exactly as `check` does (streaming, file-level rules included).
fn lint_file(path: &Path) -> (Vec<Found>, Summary) {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    lint_reader(file, &path.display().to_string())
}

fn lint_text(text: &str) -> Vec<Found> {
    lint_reader(text.as_bytes(), "<case>").0
}

fn lint_reader(reader: impl std::io::Read + Send, name: &str) -> (Vec<Found>, Summary) {
    let mut printer = Collect(Vec::new());
    let mut summary = Summary::default();
    check_stream(
        reader,
        name,
        &LintOptions::default(),
        &mut printer,
        &mut summary,
        &Progress::hidden(),
    )
    .expect("read");
    (printer.0, summary)
}

fn rules_of(found: &[Found]) -> BTreeMap<(&'static str, &'static str), usize> {
    let mut by_rule = BTreeMap::new();
    for f in found {
        *by_rule.entry((f.severity.as_str(), f.rule)).or_insert(0) += 1;
    }
    by_rule
}

fn summary_of(found: &[Found]) -> String {
    if found.is_empty() {
        return "nothing".to_string();
    }
    rules_of(found)
        .iter()
        .map(|((sev, rule), n)| format!("{rule}({sev})×{n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn has(found: &[Found], rule: &str) -> bool {
    found.iter().any(|f| f.rule == rule)
}

fn errors(found: &[Found]) -> Vec<&Found> {
    found
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .collect()
}

/// The main line of a game as our rules module replays it.
#[derive(Debug, Default)]
struct Mainline {
    /// `None` when the start position is invalid or the variant unsupported.
    start: Option<(Position, CastlingMode)>,
    /// SAN tokens of the main line as written (syntax only).
    sans: Vec<String>,
    /// UCI of the moves replayed before the first illegal one.
    ucis: Vec<String>,
    /// The FEN after the last replayed move.
    final_fen: Option<String>,
    /// The first move that could not be played, with the reason.
    stopped: Option<(String, String)>,
    /// Positions reached (board, turn, castling, ep), for repetition counts.
    keys: Vec<String>,
}

fn position_key(p: &Position) -> String {
    // Board, side and castling from the FEN, and the en-passant square only when a capture there is
    // legal (FIDE 9.2: positions are the same when the same moves are possible).
    let fen = p.to_fen(FenFormat::XFen);
    let fields: Vec<&str> = fen.split(' ').take(3).collect();
    format!("{} {:?}", fields.join(" "), p.legal_ep_square())
}

fn mainline(game: &Game, text: &str) -> Mainline {
    let options = LintOptions::default();
    let mut cx = GameContext {
        game,
        text,
        options: &options,
        ignored: Vec::new(),
        diagnostics: Vec::new(),
    };
    let mut out = Mainline {
        start: setup::check(&mut cx).map(|s| (s.position, s.mode)),
        ..Mainline::default()
    };
    for (_, node) in game.mainline_nodes() {
        if matches!(node.kind, NodeKind::Move { .. }) {
            out.sans.push(node.range.slice(text).to_string());
        }
    }
    let Some((start, mode)) = out.start.clone() else {
        return out;
    };
    let mut position = start;
    out.keys.push(position_key(&position));
    for san in &out.sans {
        match position.play_san(san, mode) {
            Ok(resolved) => {
                out.ucis.push(
                    resolved
                        .m
                        .map_or_else(|| "0000".to_string(), |m| m.to_uci(mode)),
                );
                out.keys.push(position_key(&position));
            }
            Err(e) => {
                out.stopped = Some((san.clone(), e.to_string()));
                break;
            }
        }
    }
    out.final_fen = Some(position.to_fen(FenFormat::XFen));
    out
}

/// A comment's text without its delimiters, trimmed.
fn comment_text(raw: &str) -> String {
    let inner = raw
        .strip_prefix('{')
        .map(|s| s.strip_suffix('}').unwrap_or(s))
        .or_else(|| raw.strip_prefix(';'));
    inner.unwrap_or(raw).trim().to_string()
}

fn headers(game: &Game, text: &str) -> Vec<(String, String)> {
    game.tags
        .iter()
        .map(|t| (t.name(text).to_string(), t.value(text).into_owned()))
        .collect()
}

/// A row of the printed report: the expectation, what we found, and whether it holds.
struct Report {
    rows: Vec<(String, String, String, Verdict)>,
}

#[derive(Debug, Clone, PartialEq)]
enum Verdict {
    Ok,
    /// Our policy answers differently; the reason.
    Policy(&'static str),
    Fail,
}

impl Report {
    fn new() -> Report {
        Report { rows: Vec::new() }
    }
    fn check(&mut self, case: &str, expectation: &str, ours: impl Into<String>, ok: bool) {
        let v = if ok { Verdict::Ok } else { Verdict::Fail };
        self.rows
            .push((case.to_string(), expectation.to_string(), ours.into(), v));
    }
    fn policy(
        &mut self,
        case: &str,
        expectation: &str,
        ours: impl Into<String>,
        reason: &'static str,
    ) {
        self.rows.push((
            case.to_string(),
            expectation.to_string(),
            ours.into(),
            Verdict::Policy(reason),
        ));
    }
    fn finish(self, title: &str) {
        println!("\n== {title}: {} expectations", self.rows.len());
        let mut failures = Vec::new();
        for (case, expectation, ours, verdict) in &self.rows {
            let tag = match verdict {
                Verdict::Ok => "ok    ".to_string(),
                Verdict::Policy(_) => "POLICY".to_string(),
                Verdict::Fail => "FAIL  ".to_string(),
            };
            println!("{tag} [{case}] expect: {expectation}\n         ours: {ours}");
            if let Verdict::Policy(reason) = verdict {
                println!("         why:  {reason}");
            }
            if *verdict == Verdict::Fail {
                failures.push(format!("[{case}] {expectation}: ours {ours}"));
            }
        }
        let n_policy = self
            .rows
            .iter()
            .filter(|r| matches!(r.3, Verdict::Policy(_)))
            .count();
        println!(
            "== {title}: {} ok, {n_policy} answered differently by policy, {} failed",
            self.rows.len() - n_policy - failures.len(),
            failures.len()
        );
        assert!(
            failures.is_empty(),
            "{title}: expectations not met:\n{}",
            failures.join("\n")
        );
    }
}

// ---------------------------------------------------------------------------------------------
// (a) Clean real samples

/// Error findings in the real samples that are genuine problems of the file, with the reason. Each
/// entry: (file name, game number, rule id, why). Empty: the samples are clean.
const REAL_SAMPLE_EXCEPTIONS: &[(&str, usize, &str, &str)] = &[];

#[test]
fn real_samples_have_no_errors() {
    let Some(corpus) = corpus() else { return };
    let expected_games: HashMap<&str, usize> = [
        ("lichess-2025-05-sample.pgn", 438),
        ("twic1599-sample.pgn", 1110),
        ("lichess-classical-100.pgn", 100),
    ]
    .into();
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus.join("pgn/real"))
        .expect("pgn/real")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 3,
        "expected the three real samples, found {files:?}"
    );
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let (found, summary) = lint_file(&path);
        println!(
            "{name}: {} games, {} moves; findings by rule: {}",
            summary.n_games,
            summary.n_moves,
            summary_of(&found)
        );
        if let Some(&n) = expected_games.get(name.as_str()) {
            assert_eq!(summary.n_games, n, "{name}: game count (INDEX.md)");
        }
        let unexpected: Vec<String> = errors(&found)
            .into_iter()
            .filter(|f| {
                !REAL_SAMPLE_EXCEPTIONS.iter().any(|(file, game, rule, _)| {
                    *file == name && *game == f.game && *rule == f.rule
                })
            })
            .map(|f| {
                format!(
                    "{name}:{} game {} [{}] {}",
                    f.line, f.game, f.rule, f.message
                )
            })
            .collect();
        assert!(
            unexpected.is_empty(),
            "error findings in a clean real sample:\n{}",
            unexpected.join("\n")
        );
    }
}

// ---------------------------------------------------------------------------------------------
// (b) Disservin/chess-library expectations

/// What chess-library's test visitors see, modelled on our syntax tree (see the `note` of
/// expectations.json): games started/ended, movetext sections started, main-line SAN with the
/// comment after each move, headers; `MyVisitor` skips games whose `Result` tag is `*`.
#[derive(Debug, Default)]
struct Visit {
    games: usize,
    move_starts: usize,
    /// Moves of the last game read (a leading comment with no move counts as one empty move).
    count: usize,
    moves: Vec<String>,
    comments: Vec<String>,
    headers: Vec<String>,
}

fn visit(text: &str, skip_star: bool) -> Visit {
    let mut v = Visit::default();
    for game in parse(text).games {
        let gtext = game.text(text);
        v.games += 1;
        let mut skipped = false;
        for (name, value) in headers(&game, gtext) {
            v.headers.push(format!("{name} {value}"));
            if skip_star && name == "Result" && value == "*" {
                skipped = true;
                break;
            }
        }
        if skipped {
            continue;
        }
        v.move_starts += 1;
        let mut count = 0;
        let mut pending_comment = false;
        for (_, node) in game.mainline_nodes() {
            match node.kind {
                NodeKind::Move { .. } => {
                    v.moves.push(node.range.slice(gtext).to_string());
                    v.comments.push(String::new());
                    pending_comment = true;
                    count += 1;
                }
                NodeKind::Comment { .. } => {
                    let c = comment_text(node.range.slice(gtext));
                    if pending_comment {
                        *v.comments.last_mut().unwrap() = c;
                        pending_comment = false;
                    } else if count == 0 {
                        v.moves.push(String::new());
                        v.comments.push(c);
                        count += 1;
                    }
                }
                _ => {}
            }
        }
        v.count = count;
    }
    v
}

/// A C++ string literal's value.
fn cpp_string(s: &str) -> String {
    let inner = s.trim().trim_start_matches('"').trim_end_matches('"');
    inner.replace("\\\"", "\"").replace("\\\\", "\\")
}

fn index_of(expr: &str, len: usize) -> Option<usize> {
    if let Ok(i) = expr.parse() {
        return Some(i);
    }
    let k: usize = expr.rsplit('-').next()?.trim().parse().ok()?;
    len.checked_sub(k)
}

/// The findings each disservin file must produce (rule ids), and why. Files not listed here must
/// produce no error finding at all.
const DISSERVIN_FINDINGS: &[(&str, &[&str], &str)] = &[
    (
        "corrupted.pgn",
        &["illegal-move", "missing-result"],
        "the file is cut off mid-move (`63. Kx`)",
    ),
    (
        "backslash_header.pgn",
        &["tag-syntax"],
        "`[Event \"Tournament \\\"]`: the backslash escapes the closing quote",
    ),
    (
        "unescaped_quote_header.pgn",
        &["tag-syntax"],
        "`\"` inside tag values is not escaped",
    ),
    (
        "black2move.pgn",
        &["illegal-move", "missing-result", "fen-without-setup"],
        "genuinely illegal: `0-0-0` for black with the queen on d8 (chess-library only counts SAN tokens); no result; FEN without SetUp",
    ),
    (
        "castling.pgn",
        &["missing-result", "castling-notation"],
        "`0-0` castling; no termination marker",
    ),
    ("newline.pgn", &["missing-result"], "no termination marker"),
    (
        "no_moves.pgn",
        &["missing-result"],
        "tags only: no termination marker",
    ),
    (
        "threefold_repetition.pgn",
        &["missing-result"],
        "no termination marker (the repetition is legal)",
    ),
    (
        "empty_body.pgn",
        &["bad-result-value", "missing-result"],
        "game 1: `[Result \"?\"]` and no movetext",
    ),
    (
        "skip.pgn",
        &["result-mismatch"],
        "game 1: `[Result \"*\"]` against the marker",
    ),
    (
        "square_bracket_in_header.pgn",
        &["result-mismatch"],
        "`[Result \"*\"]` against the marker",
    ),
    (
        "no_moves_but_game_termination_2.pgn",
        &["result-mismatch"],
        "`[Result \"0-1\"]` but marker `1/2-1/2`",
    ),
    (
        "no_moves_but_game_termination_3.pgn",
        &["result-mismatch"],
        "`[Result \"0-1\"]` but marker `*`",
    ),
    (
        "no_moves_but_comment_followed_by_termination_marker.pgn",
        &["setup-without-fen", "duplicate-game"],
        "`[SetUp \"1\"]` without a FEN tag; the second game repeats the first",
    ),
];

#[test]
fn disservin_expectations() {
    let Some(corpus) = corpus() else { return };
    let dir = corpus.join("pgn/disservin");
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("expectations.json")).unwrap())
            .unwrap();
    let mut report = Report::new();
    for case in json["cases"].as_array().unwrap() {
        let name = case["test_case"].as_str().unwrap();
        let file = case["file"].as_str().unwrap().trim_start_matches("pgn/");
        let visitor = case["visitor"].as_str().unwrap();
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let v = visit(&text, visitor == "MyVisitor");
        let (found, _) = lint_file(&dir.join(file));
        let label = format!("{name} / {file}");
        for check in case["checks"].as_array().unwrap() {
            let check = check.as_str().unwrap();
            let (lhs, rhs) = check.split_once(" == ").expect("an equality");
            let lhs = lhs.trim().trim_start_matches("vis->");
            let number = || rhs.trim().parse::<usize>().ok();
            match lhs {
                "count()" => report.check(&label, check, format!("{} main-line moves", v.count), Some(v.count) == number()),
                "gameCount()" => report.check(&label, check, format!("{} games parsed", v.games), Some(v.games) == number()),
                "endCount()" | "moveStartCount()" if file == "unescaped_quote_header.pgn" => report.policy(
                    &label,
                    check,
                    format!("1 game read to its end, tag errors: {}", summary_of(&found)),
                    "chess-library aborts the game at the broken tag; our parser recovers, reads the game, and reports `tag-syntax`",
                ),
                "endCount()" => report.check(&label, check, format!("{} games ended", v.games), Some(v.games) == number()),
                "moveStartCount()" => {
                    report.check(&label, check, format!("{} movetext sections", v.move_starts), Some(v.move_starts) == number())
                }
                "headers().size()" | "headers.size()" if file == "unescaped_quote_header.pgn" => report.policy(
                    &label,
                    check,
                    format!("{} headers", v.headers.len()),
                    "chess-library drops the broken headers; we keep every tag we can read and flag the broken ones",
                ),
                "headers().size()" | "headers.size()" => {
                    report.check(&label, check, format!("{} headers", v.headers.len()), Some(v.headers.len()) == number())
                }
                "res.first" => {
                    // Replayed with our rules module: the final position occurs a third time.
                    let parsed = parse(&text);
                    let game = &parsed.games[0];
                    let line = mainline(game, game.text(&text));
                    let last = line.keys.last().cloned().unwrap_or_default();
                    let n = line.keys.iter().filter(|k| **k == last).count();
                    report.check(
                        &label,
                        check,
                        format!("all {} moves legal, final position reached {n} times", line.ucis.len()),
                        line.stopped.is_none() && n >= 3,
                    );
                }
                "res.second" => report.policy(
                    &label,
                    check,
                    format!("{}; no rule judges draw claims", summary_of(&found)),
                    "a threefold repetition is a draw only when claimed; we check the result against checkmate, stalemate and insufficient material, not repetitions",
                ),
                "parser.readGames(*vis)" | "err" => {
                    let ok = has(&found, "tag-syntax");
                    report.check(&label, check, format!("tag-syntax error: {}", summary_of(&found)), ok);
                }
                _ => {
                    let (list, index) = lhs.split_once('[').expect("an indexed list");
                    let index = index.trim_end_matches(']');
                    let list = list.trim_end_matches("()");
                    let values = match list {
                        "moves" => &v.moves,
                        "comments" => &v.comments,
                        "headers" => &v.headers,
                        other => panic!("unknown list {other} in `{check}`"),
                    };
                    let i = index_of(index, values.len()).unwrap_or_else(|| panic!("index in `{check}`"));
                    let want = cpp_string(rhs);
                    let got = values.get(i).cloned().unwrap_or_else(|| "<none>".to_string());
                    report.check(&label, check, format!("{list}[{i}] = {got:?}"), got == want);
                }
            }
        }
    }
    // What our linter reports for each file: the listed rules must be among the findings, and a
    // file not listed must have no error finding.
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".pgn"))
        .collect();
    files.sort();
    for file in files {
        let (found, _) = lint_file(&dir.join(&file));
        let ours = summary_of(&found);
        match DISSERVIN_FINDINGS.iter().find(|(f, _, _)| *f == file) {
            Some((_, rules, why)) => {
                let missing: Vec<&&str> = rules.iter().filter(|r| !has(&found, r)).collect();
                report.check(
                    &file,
                    &format!("findings {rules:?} ({why})"),
                    ours,
                    missing.is_empty(),
                );
            }
            None => report.check(
                &file,
                "no error finding (a well-formed file)",
                ours,
                errors(&found).is_empty(),
            ),
        }
    }
    report.finish("disservin/chess-library");
}

// ---------------------------------------------------------------------------------------------
// fastchess expectations

#[test]
fn fastchess_expectations() {
    let Some(corpus) = corpus() else { return };
    let dir = corpus.join("pgn/fastchess");
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("expectations.json")).unwrap())
            .unwrap();
    let mut report = Report::new();
    for case in json["cases"].as_array().unwrap() {
        let file = case["file"].as_str().unwrap().trim_start_matches("pgn/");
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let parsed = parse(&text);
        let (found, _) = lint_file(&dir.join(file));
        let lines: Vec<Mainline> = parsed
            .games
            .iter()
            .map(|g| mainline(g, g.text(&text)))
            .collect();
        let n = case["games"].as_u64().unwrap() as usize;
        report.check(
            file,
            &format!("games == {n}"),
            format!("{} games", parsed.games.len()),
            parsed.games.len() == n,
        );
        for (i, fen) in case["start_fens"].as_array().unwrap().iter().enumerate() {
            let want = fen.as_str().unwrap();
            let got = lines
                .get(i)
                .and_then(|l| l.start.as_ref())
                .map(|(p, mode)| {
                    let format = if *mode == CastlingMode::Chess960 && !want.contains(" KQkq ") {
                        FenFormat::Shredder
                    } else {
                        FenFormat::XFen
                    };
                    p.to_fen(format)
                });
            report.check(
                file,
                &format!("game {} starts at {want}", i + 1),
                format!("{got:?}"),
                got.as_deref() == Some(want),
            );
        }
        for (i, count) in case["move_counts"].as_array().unwrap().iter().enumerate() {
            let want = count.as_u64().unwrap() as usize;
            let line = &lines[i];
            let game_findings: Vec<Found> =
                found.iter().filter(|f| f.game == i + 1).cloned().collect();
            let ours = format!(
                "{} SAN tokens, {} replayed{}; findings: {}",
                line.sans.len(),
                line.ucis.len(),
                line.stopped
                    .as_ref()
                    .map(|(s, e)| format!(", stopped at `{s}`: {e}"))
                    .unwrap_or_default(),
                summary_of(&game_findings)
            );
            let expectation = format!("game {} keeps {want} plies", i + 1);
            if file == "test.pgn" && i >= 3 {
                // Games 4-6 have a FEN and no moves: nothing to keep.
                report.check(file, &expectation, ours, line.sans.is_empty() && want == 0);
            } else if file == "test_invalid.pgn" && i == 0 {
                // The illegal `4. Ka1`: we replay the 6 plies before it and report it.
                let illegal = game_findings
                    .iter()
                    .any(|f| f.rule == "illegal-move" && f.message.contains("Ka1"));
                report.check(
                    file,
                    &format!("{expectation}; illegal `4. Ka1` found"),
                    ours,
                    line.ucis.len() == want && illegal,
                );
            } else if file == "test_invalid.pgn" && i == 1 {
                report.policy(
                    file,
                    &expectation,
                    ours,
                    "fastchess's opening reader stops game 2 at a repetition (its own rule); the game is legal, we replay all 16 plies and report nothing",
                );
            } else {
                report.check(
                    file,
                    &expectation,
                    ours,
                    line.ucis.len() == want && line.stopped.is_none(),
                );
            }
        }
        for key in ["uci_game1", "uci_game2", "uci_game3"] {
            if let Some(ucis) = case[key].as_array() {
                let i: usize = key.trim_start_matches("uci_game").parse::<usize>().unwrap() - 1;
                let want: Vec<&str> = ucis.iter().map(|u| u.as_str().unwrap()).collect();
                report.check(
                    file,
                    &format!("{key} == {want:?}"),
                    format!("{:?}", lines[i].ucis),
                    lines[i].ucis == want,
                );
            }
        }
        if let Some(last) = case["last_move_game2"].as_str() {
            let played: &Vec<String> = &lines[1].ucis;
            report.check(
                file,
                &format!("game 2's 13th ply is {last}"),
                format!("ply 13 = {:?}", played.get(12)),
                played.get(12).map(String::as_str) == Some(last),
            );
        }
        if file == "dfrc.pgn" {
            // `[Variant "fischerandom"]` with Shredder castling: Chess960, replayed, no error.
            report.check(
                file,
                "Double-FRC games read as Chess960 without errors",
                summary_of(&found),
                errors(&found).is_empty(),
            );
        }
    }
    report.finish("fastchess");
}

// ---------------------------------------------------------------------------------------------
// python-chess expectations

fn san_key(key: &str) -> &str {
    // "1. e4", "1... e5", "3. Bxh8!!" -> the SAN without suffix annotations.
    key.rsplit(' ').next().unwrap().trim_end_matches(['!', '?'])
}

#[test]
fn python_chess_expectations() {
    let Some(corpus) = corpus() else { return };
    let dir = corpus.join("pgn/python-chess");
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("cases.json")).unwrap()).unwrap();
    let mut report = Report::new();
    for case in json["cases"].as_array().unwrap() {
        let id = format!(
            "{} {}",
            case["id"].as_str().unwrap(),
            case["name"].as_str().unwrap()
        );
        let text = case["pgn"].as_str().unwrap();
        let parsed = parse(text);
        let found = lint_text(text);
        let ours_findings = summary_of(&found);
        let game = parsed.games.first();
        let gtext = game.map(|g| g.text(text)).unwrap_or("");
        let line = game.map(|g| mainline(g, gtext)).unwrap_or_default();
        let mut checked = false;
        if let Some(hs) = case["headers"].as_object() {
            checked = true;
            let ours: Vec<(String, String)> = game.map(|g| headers(g, gtext)).unwrap_or_default();
            for (k, want) in hs {
                let want = want.as_str().unwrap();
                let got = ours.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
                if k == "Result" && got.is_none() {
                    // python-chess fills the Result header from the termination marker.
                    let marker = game
                        .and_then(|g| g.result)
                        .map(|r| r.range.slice(gtext).to_string());
                    report.check(
                        &id,
                        &format!("Result = {want}"),
                        format!("no Result tag; marker {marker:?}"),
                        marker.as_deref() == Some(want),
                    );
                } else if k == "BlackType:" {
                    report.policy(
                        &id,
                        &format!("header {k} = {want}"),
                        format!("{got:?}; {ours_findings}"),
                        "we read the tag too, but `:` is not allowed in a tag name (PGN §8.1.1): reported as `tag-name`",
                    );
                    assert_eq!(got, Some(want));
                    assert!(has(&found, "tag-name"));
                } else {
                    report.check(
                        &id,
                        &format!("header {k} = {want}"),
                        format!("{got:?}"),
                        got == Some(want),
                    );
                }
            }
        }
        if let Some(uci) = case["first_move"].as_str()
            && case["name"] == "test_chess960_without_fen"
        {
            checked = true;
            report.policy(
                &id,
                &format!("first move {uci} (standard start assumed)"),
                ours_findings.clone(),
                "a Chess960 game without a FEN has no known start position (960 are possible): `setup-without-fen`, moves not judged",
            );
            assert!(has(&found, "setup-without-fen"));
        } else if let Some(uci) = case["first_move"].as_str() {
            checked = true;
            report.check(
                &id,
                &format!("first move {uci}"),
                format!("{:?}", line.ucis.first()),
                line.ucis.first().map(String::as_str) == Some(uci),
            );
        }
        if let Some(san) = case["first_move_san"].as_str() {
            checked = true;
            report.check(
                &id,
                &format!("first move SAN {san}"),
                format!("{:?}", line.sans.first()),
                line.sans.first().map(String::as_str) == Some(san),
            );
        }
        if let Some(uci) = case["mainline_first"].as_str()
            && text.starts_with("(((")
        {
            checked = true;
            report.policy(
                &id,
                &format!("main line starts {uci}"),
                format!("{:?}; {ours_findings}", line.ucis.first()),
                "our parser opens a variation at each `(` even before the first move, so `1. c4` sits in unclosed variations with no position to start from: reported (`variation-before-first-move`, `unbalanced-parenthesis`) but not replayed",
            );
            assert!(
                has(&found, "variation-before-first-move") && has(&found, "unbalanced-parenthesis")
            );
        } else if let Some(uci) = case["mainline_first"].as_str() {
            checked = true;
            report.check(
                &id,
                &format!("main line starts {uci}"),
                format!("{:?}", line.ucis.first()),
                line.ucis.first().map(String::as_str) == Some(uci),
            );
        }
        if let Some(uci) = case["variation_first"].as_str() {
            checked = true;
            let g = game.unwrap();
            let m = meaning::meaning(g, gtext);
            let got = m
                .lines
                .get(1)
                .and_then(|l| l.first())
                .and_then(|m| m.as_ref())
                .map(|m| m.to_uci(CastlingMode::Standard));
            report.check(
                &id,
                &format!("variation starts {uci}"),
                format!("{got:?}"),
                got.as_deref() == Some(uci),
            );
        }
        if let Some(uci) = case["last_move"].as_str() {
            checked = true;
            report.check(
                &id,
                &format!("last move {uci}"),
                format!("{:?}; {ours_findings}", line.ucis.last()),
                line.ucis.last().map(String::as_str) == Some(uci),
            );
        }
        if let Some(fen) = case["final_fen"].as_str() {
            checked = true;
            if case["name"] == "test_variants" {
                report.policy(
                    &id,
                    &format!("final FEN {fen}"),
                    ours_findings.clone(),
                    "Atomic is a variant we do not know: reported once as `unsupported-variant`, moves not judged",
                );
                // The snippet has no termination marker: `missing-result` is its only error.
                assert!(
                    has(&found, "unsupported-variant")
                        && errors(&found).iter().all(|f| f.rule == "missing-result")
                );
            } else {
                report.check(
                    &id,
                    &format!("final FEN {fen}"),
                    format!("{:?}", line.final_fen),
                    line.final_fen.as_deref() == Some(fen),
                );
            }
        }
        if let Some(ucis) = case["mainline_uci"].as_array() {
            checked = true;
            let want: Vec<&str> = ucis.iter().map(|u| u.as_str().unwrap()).collect();
            report.check(
                &id,
                &format!("main line {want:?}"),
                format!("{:?}", line.ucis),
                line.ucis == want,
            );
        }
        if let Some(comments) = case["game_comments"].as_array() {
            checked = true;
            let g = game.unwrap();
            let first_move = g.moves(g.mainline);
            let got: Vec<String> = match first_move.first() {
                Some(m) => m
                    .comments_before
                    .iter()
                    .map(|&c| comment_text(g.nodes[c as usize].range.slice(gtext)))
                    .collect(),
                None => g
                    .nodes
                    .iter()
                    .filter(|n| matches!(n.kind, NodeKind::Comment { .. }))
                    .map(|n| comment_text(n.range.slice(gtext)))
                    .collect(),
            };
            let want: Vec<&str> = comments.iter().map(|c| c.as_str().unwrap()).collect();
            report.check(
                &id,
                &format!("game comments {want:?}"),
                format!("{got:?}"),
                got == want,
            );
        }
        if let Some(comments) = case["variation_starting_comments"].as_array() {
            checked = true;
            let g = game.unwrap();
            let var = g.nodes.iter().find_map(|n| match n.kind {
                NodeKind::Variation { first, .. } => Some(first),
                _ => None,
            });
            let got: Vec<String> = var
                .map(|first| g.moves(first))
                .and_then(|ms| ms.first().cloned())
                .map(|m| {
                    m.comments_before
                        .iter()
                        .map(|&c| comment_text(g.nodes[c as usize].range.slice(gtext)))
                        .collect()
                })
                .unwrap_or_default();
            let want: Vec<&str> = comments.iter().map(|c| c.as_str().unwrap()).collect();
            report.check(
                &id,
                &format!("variation comments {want:?}"),
                format!("{got:?}"),
                got == want,
            );
        }
        if let Some(per_move) = case["comments"].as_object() {
            checked = true;
            let g = game.unwrap();
            for (key, want) in per_move {
                let want: Vec<&str> = want
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_str().unwrap())
                    .collect();
                let got: Vec<String> = g
                    .moves(g.mainline)
                    .iter()
                    .find(|m| m.san.slice(gtext) == san_key(key))
                    .map(|m| {
                        m.comments_after
                            .iter()
                            .map(|&c| comment_text(g.nodes[c as usize].range.slice(gtext)))
                            .collect()
                    })
                    .unwrap_or_default();
                report.check(
                    &id,
                    &format!("comments of {key} {want:?}"),
                    format!("{got:?}"),
                    got == want,
                );
            }
        }
        if let Some(nags) = case["nags"].as_object() {
            checked = true;
            let g = game.unwrap();
            for (key, want) in nags {
                let want: Vec<u64> = want
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|n| n.as_u64().unwrap())
                    .collect();
                let got: Vec<u64> = g
                    .moves(g.mainline)
                    .iter()
                    .find(|m| m.san.slice(gtext) == san_key(key))
                    .map(|m| {
                        m.suffixes
                            .iter()
                            .filter_map(|&s| match g.nodes[s as usize].kind {
                                NodeKind::Suffix(suffix) => Some(u64::from(suffix.nag())),
                                _ => None,
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                report.check(
                    &id,
                    &format!("NAGs of {key} {want:?}"),
                    format!("{got:?}"),
                    got == want,
                );
            }
        }
        if let Some(detail) = case["expect_detail"].as_str() {
            checked = true;
            // 6... Bb6 in the variation has NAG $5 and a comment starting at the end of a line.
            let g = game.unwrap();
            let first = g.nodes.iter().find_map(|n| match n.kind {
                NodeKind::Variation { first, .. } => Some(first),
                _ => None,
            });
            let ms = first.map(|f| g.moves(f)).unwrap_or_default();
            let m = ms.first().expect("a move in the variation");
            let nags: Vec<&str> = m
                .nags
                .iter()
                .map(|&n| g.nodes[n as usize].range.slice(gtext))
                .collect();
            let comments: Vec<&str> = m
                .comments_after
                .iter()
                .map(|&c| g.nodes[c as usize].range.slice(gtext))
                .collect();
            let ok =
                m.san.slice(gtext) == "Bb6" && nags == ["$5"] && comments == ["{\n/\\ Ne7, c6}"];
            report.check(
                &id,
                detail,
                format!("{} nags {nags:?} comments {comments:?}", m.san.slice(gtext)),
                ok,
            );
        }
        match &case["games"] {
            Value::Number(n) => {
                checked = true;
                let n = n.as_u64().unwrap() as usize;
                report.check(
                    &id,
                    &format!("games == {n}"),
                    format!("{} games", parsed.games.len()),
                    parsed.games.len() == n,
                );
            }
            Value::Array(games) => {
                checked = true;
                report.check(
                    &id,
                    &format!("games == {}", games.len()),
                    format!("{} games", parsed.games.len()),
                    parsed.games.len() == games.len(),
                );
                for (i, want) in games.iter().enumerate() {
                    let Some(g) = parsed.games.get(i) else {
                        continue;
                    };
                    let gt = g.text(text);
                    let line = mainline(g, gt);
                    if let Some(fen) = want["final_fen"].as_str() {
                        report.check(
                            &id,
                            &format!("game {} final FEN {fen}", i + 1),
                            format!("{:?}", line.final_fen),
                            line.final_fen.as_deref() == Some(fen),
                        );
                    }
                    if let Some(n) = want["errors"].as_u64() {
                        let illegal: Vec<&Found> = found
                            .iter()
                            .filter(|f| f.game == i + 1 && f.rule == "illegal-move")
                            .collect();
                        report.check(
                            &id,
                            &format!("game {} has {n} error (the illegal move)", i + 1),
                            format!(
                                "{} illegal-move: {:?}",
                                illegal.len(),
                                illegal.first().map(|f| &f.message)
                            ),
                            illegal.len() as u64 == n,
                        );
                    }
                    if let Some(hs) = want["headers"].as_object() {
                        for (k, v) in hs {
                            let got = g.tag(gt, k);
                            report.check(
                                &id,
                                &format!("game {} header {k} = {v}", i + 1),
                                format!("{got:?}"),
                                got.as_deref() == v.as_str(),
                            );
                        }
                    }
                }
            }
            _ => {}
        }
        if let Some(n) = case["errors"].as_u64() {
            checked = true;
            let errs = errors(&found);
            let expectation = format!("{n} errors (python-chess's parse errors)");
            if n == 0 && (text.contains(")))") || text.contains("(((")) {
                report.policy(
                    &id,
                    &expectation,
                    ours_findings.clone(),
                    "python-chess silently survives unbalanced parentheses; a linter reports them (`unbalanced-parenthesis`) and still reads the moves",
                );
                assert!(has(&found, "unbalanced-parenthesis"));
            } else {
                report.check(
                    &id,
                    &expectation,
                    ours_findings.clone(),
                    errs.len() as u64 == n,
                );
            }
        }
        if case["name"] == "test_lan" {
            report.policy(
                &id,
                "`e2-e4` accepted",
                ours_findings.clone(),
                "we accept it too, and report `long-algebraic` (warning, fix to SAN)",
            );
        }
        if case["name"] == "test_subgame" {
            checked = true;
            // The 1...Nf6 variation: after 1...Nf6 the position is the note's FEN, then 2. c4 and 2. Nf3.
            let g = game.unwrap();
            let m = meaning::meaning(g, gtext);
            let mut p = Position::new();
            p.play_san("d4", CastlingMode::Standard).unwrap();
            let nf6 = m.lines[1][0].unwrap();
            p.play_unchecked(&nf6);
            let fen = p.to_fen(FenFormat::XFen);
            let want = "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2";
            report.check(
                &id,
                "subgame after 1...Nf6 starts at the note's FEN",
                format!("{fen}; {} lines", m.lines.len()),
                fen == want && m.lines.len() == 3,
            );
        }
        if !checked {
            report.check(
                &id,
                "(no assertion beyond reading the game)",
                ours_findings.clone(),
                !parsed.games.is_empty(),
            );
        }
        println!("   {id}: our findings: {ours_findings}");
    }
    // Files with expectations.
    for case in json["file_cases"].as_array().unwrap() {
        let file = case["file"].as_str().unwrap().trim_start_matches("pgn/");
        let path = dir.join(file);
        let bytes = std::fs::read(&path).unwrap();
        let text = String::from_utf8(bytes).expect("UTF-8");
        let parsed = parse(&text);
        let (found, _) = lint_file(&path);
        let ours = summary_of(&found);
        if let Some(n) = case["games"].as_u64() {
            report.check(
                file,
                &format!("games == {n}"),
                format!("{} games", parsed.games.len()),
                parsed.games.len() as u64 == n,
            );
        }
        let expect = &case["expect"];
        let game_tag = |i: usize, k: &str| {
            parsed
                .games
                .get(i)
                .and_then(|g| g.tag(g.text(&text), k).map(|v| v.into_owned()))
        };
        let first = parsed
            .games
            .first()
            .map(|g| mainline(g, g.text(&text)))
            .unwrap_or_default();
        if let Some(obj) = expect.as_object() {
            for (k, want) in obj {
                match k.as_str() {
                    "game5" | "game6" => {
                        let i: usize = k.trim_start_matches("game").parse::<usize>().unwrap() - 1;
                        for (tag, v) in want.as_object().unwrap() {
                            let got = game_tag(i, tag);
                            report.check(
                                file,
                                &format!("{k} {tag} = {v}"),
                                format!("{got:?}"),
                                got.as_deref() == v.as_str(),
                            );
                        }
                    }
                    "final_fen" => {
                        let w = want.as_str().unwrap();
                        report.check(
                            file,
                            &format!("final FEN {w}"),
                            format!("{:?}; {ours}", first.final_fen),
                            first.final_fen.as_deref() == Some(w),
                        );
                    }
                    "first_move" => {
                        let w = want.as_str().unwrap();
                        report.check(
                            file,
                            &format!("first move {w}"),
                            format!("{:?}", first.ucis.first()),
                            first.ucis.first().map(String::as_str) == Some(w),
                        );
                    }
                    "chess960" => {
                        let got = first
                            .start
                            .as_ref()
                            .map(|(_, mode)| *mode == CastlingMode::Chess960);
                        report.check(
                            file,
                            "read as Chess960",
                            format!("{got:?}"),
                            got == Some(true),
                        );
                    }
                    "start_fen" => {
                        let w = want.as_str().unwrap();
                        let got = first.start.as_ref().map(|(p, _)| p.to_fen(FenFormat::XFen));
                        report.check(
                            file,
                            &format!("start FEN {w}"),
                            format!("{got:?}"),
                            got.as_deref() == Some(w),
                        );
                    }
                    tag => {
                        let got = game_tag(0, tag);
                        report.check(
                            file,
                            &format!("{tag} = {want}"),
                            format!("{got:?}"),
                            got.as_deref() == want.as_str(),
                        );
                    }
                }
            }
        }
        match file {
            "utf8-bom.pgn" => report.check(
                file,
                "BOM read, game intact",
                ours.clone(),
                has(&found, "bom") && errors(&found).is_empty(),
            ),
            "anastasian-lewis.pgn" => report.check(
                file,
                "`Z0` null move read",
                ours.clone(),
                has(&found, "null-move") && errors(&found).is_empty(),
            ),
            "uci-moves.pgn" => report.check(
                file,
                "UCI movetext read",
                ours.clone(),
                has(&found, "long-algebraic") && errors(&found).is_empty(),
            ),
            _ => {}
        }
    }
    // Variant files: reported once per game as unsupported, moves not judged.
    for file in [
        "antichess-programfox.pgn",
        "knightvuillaume-jannlee-zh-lichess.pgn",
        "saturs-jannlee-zh-lichess.pgn",
    ] {
        let (found, summary) = lint_file(&dir.join(file));
        let n_unsupported = found
            .iter()
            .filter(|f| f.rule == "unsupported-variant")
            .count();
        report.policy(
            file,
            "python-chess replays the variant (crazyhouse drops, antichess captures)",
            format!("{} games: {}", summary.n_games, summary_of(&found)),
            "a variant we do not know: `unsupported-variant` once per game, moves not judged, never a flood of false errors",
        );
        assert_eq!(
            n_unsupported, summary.n_games,
            "{file}: one unsupported-variant per game"
        );
        assert!(
            errors(&found).is_empty(),
            "{file}: no error on a variant game"
        );
    }
    // The other files: well-formed, no error.
    for file in [
        "chessbase-empty-line.pgn",
        "cutechess-fischerrandom.pgn",
        "kasparov-deep-blue-1997.pgn",
        "molinari-bordais-1979.pgn",
        "nepomniachtchi-liren-game1.pgn",
        "stockfish-learning.pgn",
    ] {
        let (found, _) = lint_file(&dir.join(file));
        report.check(
            file,
            "no error finding",
            summary_of(&found),
            errors(&found).is_empty(),
        );
    }
    report.finish("python-chess");
}
