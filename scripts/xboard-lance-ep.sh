#!/usr/bin/env bash
# Shows what XBoard 4.9.1 does to Wolf Chess's Sergeant, which our adapter
# puts on XBoard's Lance type (the only type besides the Pawn that XBoard
# lets promote): XBoard applies a Lance's move as a Pawn's, so a Sergeant's
# diagonal step onto an empty square in the far half is an en passant
# capture to it, and it removes the piece behind the target square. With
# Test Legality on it does so at every such step; with it off when the file
# stepped onto is XBoard's en passant file (the opponent's last move was a
# double step that landed beside an enemy Pawn). A later move of the removed
# piece is forfeited as invalid.
#
# Our adapter no longer does this: it puts the Sergeant on XBoard's Man type
# and has Wolf Chess played with Test Legality off, where XBoard applies an
# engine's promotion to any type. The last two games below show that with
# the Sergeant on the Man type nothing is removed.
#
# Two scripted engines describe Wolf Chess as menagerie did (`setup`,
# `piece`) and play fixed legal moves (XBoard's ranks, from 0):
#   far half:  Black's Sergeant e4-d3, then White's d4-d5 (the Pawn XBoard removed)
#   e.p. file: White's c2-c4 beside Black's Pawn on d4, Black's Sergeant b4-c3,
#              then White's c4-c5
# Each under Test Legality on and off with the Sergeant on the Lance type,
# then with it off and the Sergeant on the Man type; prints XBoard's saved
# moves.
#
#   scripts/xboard-lance-ep.sh
#
# Needs: apt-get install -y xboard xvfb python3
set -euo pipefail

XBOARD="${XBOARD:-/usr/games/xboard}"
WORK="$(mktemp -d)"
XVFB_PID=
trap '[ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null; rm -rf "$WORK"' EXIT

LIB="$(cd "$(dirname "${BASH_SOURCE[0]}")/lib" && pwd)"
# The `setup` and `piece` lines menagerie sent for Wolf Chess, with the
# piece table given (which of XBoard's types each of our pieces takes).
write_setup() {
    local table="$1" lower
    lower="$(printf '%s' "$table" | tr 'A-Z' 'a-z')"
    cat >"$WORK/setup-$table.txt" <<SETUP
setup ($table$lower) 8x10+0_fairy qwfrbbnk/pssppssp/1pp2pp1/8/8/8/8/1PP2PP1/PSSPPSSP/KNBBRFWQ w - - 0 1
piece P& fmWfcFifmnD
piece S& fWfFifmnD
piece N& N0
piece H& N
piece B& B
piece R& R
piece F& BN
piece W& RN
piece Q& Q
piece E& QN0
piece K& K
SETUP
}

# shellcheck source=scripts/lib/xvfb.sh
. "$LIB/xvfb.sh"
start_xvfb 95
display="$XVFB_DISPLAY"

play() {
    local name="$1" legality="$2" moves="$3" table="${4:-PHBRQ.EFW...N.....SK}"
    write_setup "$table"
    local engine="python3 $LIB/scripted_engine.py '$moves' $WORK/setup-$table.txt wolf"
    DISPLAY=":$display" timeout -k 5 60 "$XBOARD" -fcp "$engine" -fd "$WORK" -scp "$engine" -sd "$WORK" \
        -variant wolf -testLegality "$legality" -mg 1 -tc 0:30 -inc 0 -saveSettingsOnExit false \
        -popupExitMessage false -autoCallFlag true \
        -sgf "$WORK/$name-$legality.pgn" -debug -nameOfDebugFile "$WORK/$name-$legality.debug" >/dev/null 2>&1 || true
    echo "$name, Test Legality $legality${4:+, the Sergeant on the Man type}:"
    grep -v '^\[' "$WORK/$name-$legality.pgn" | tr '\n' ' ' | sed -E 's/\{-{5,}[^}]*\}//; s/^ +//'
    echo
}

far="d1d3 c8d7 d3d4 d7d6 a1a2 d6e5 a2a3 e5e4 h1h2 e4d3 d4d5 h8h7"
ep="a1a2 d8d6 a2a3 d6d5 h1h2 d5d4 h2h3 c8d7 h3h4 d7c6 a3a4 c6b5 e1e2 b5b4 c2c4 b4c3 c4c5 h8h7"
for legality in true false; do
    play far-half "$legality" "$far"
    play ep-file "$legality" "$ep"
done
play far-half-man false "$far" PHBRQ.EFW.S.NK
play ep-file-man false "$ep" PHBRQ.EFW.S.NK
echo "(a game that runs out of scripted moves ends on time)"
