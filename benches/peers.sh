#!/usr/bin/env bash
# Peers on the same ≥100 MB input as benches/check.rs, and pgn-arbiter's peak memory on 1 GB.
# Usage: bash benches/peers.sh   (installs pgn-extract, GNU time and python-chess when missing)
set -euo pipefail
cd "$(dirname "$0")/.."
REAL=../shared/corpus/pgn/real
[ -d "$REAL" ] || { echo "missing $REAL" >&2; exit 2; }
TMP=${TMPDIR:-/tmp}/pgn-arbiter-peers.$$
mkdir -p "$TMP"; trap 'rm -rf "$TMP"' EXIT
# Debian installs it in /usr/games, often not on PATH.
export PATH="$PATH:/usr/games"
command -v pgn-extract >/dev/null || { apt-get update -qq && apt-get install -y -qq pgn-extract; }
[ -x /usr/bin/time ] || { apt-get update -qq && apt-get install -y -qq time; }
python3 -c 'import chess' 2>/dev/null || python3 -m pip install -q chess || python3 -m pip install -q --break-system-packages chess
cargo build --release -q
BIN=${CARGO_TARGET_DIR:-target}/release/pgn-arbiter

make_input() { # $1 = bytes, $2 = file
  : > "$2"; for f in "$REAL"/*.pgn; do cat "$f"; printf '\n\n'; done > "$TMP/sample.pgn"
  while [ "$(stat -c %s "$2")" -lt "$1" ]; do cat "$TMP/sample.pgn" >> "$2"; done
}
mbps() { python3 -c "print(f'{$1/1e6/$2:.1f}')"; }
seconds() { # wall seconds of a command that must succeed
  /usr/bin/time -o "$TMP/time" -f '%e' "$@" >/dev/null 2>"$TMP/stderr" || { echo "FAIL: $*: $(tail -n3 "$TMP/stderr")" >&2; exit 1; }
  tail -n1 "$TMP/time"
}

make_input 100000000 "$TMP/100mb.pgn"
SIZE=$(stat -c %s "$TMP/100mb.pgn")
cat > "$TMP/replay.py" <<'PY'
import sys, chess.pgn
n = 0
with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
    while (game := chess.pgn.read_game(f)) is not None:
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
        n += 1
print(n, "games")
PY
T_ARB=$(seconds "$BIN" check --exit-zero "$TMP/100mb.pgn")
T_EXT=$(seconds pgn-extract -r -s "$TMP/100mb.pgn")
T_PY=$(seconds python3 "$TMP/replay.py" "$TMP/100mb.pgn")
echo "| tool (same $((SIZE / 1000000)) MB input) | seconds | MB/s |"
echo "|---|---|---|"
echo "| pgn-arbiter check (all cores) | $T_ARB | $(mbps "$SIZE" "$T_ARB") |"
echo "| pgn-extract -r | $T_EXT | $(mbps "$SIZE" "$T_EXT") |"
echo "| python-chess read_game + replay | $T_PY | $(mbps "$SIZE" "$T_PY") |"

rm -f "$TMP/100mb.pgn"
make_input 1000000000 "$TMP/1gb.pgn"
RSS=$(/usr/bin/time -f 'rss=%M' "$BIN" check --exit-zero --format json "$TMP/1gb.pgn" 2>&1 >/dev/null | sed -n 's/^rss=//p')
echo "pgn-arbiter check on $(($(stat -c %s "$TMP/1gb.pgn") / 1000000)) MB: peak RSS $((RSS / 1024)) MB (limit 100 MB)"
[ "$RSS" -lt 102400 ] || { echo "FAIL: peak RSS over 100 MB" >&2; exit 1; }
