#!/usr/bin/env bash
# Shows how XBoard 4.9.1's hands work under each parent variant an engine
# may name in `setup ... WxH+S_PARENT`, for Truffle Hunt, whose captures
# go three ways by our rules (a pig to the capturer's hand, an active piece
# taken by a pig to its owner's hand asleep, anything else out of the game):
#   taken:  Black's Hog takes White's Rook (b7a1), then White drops a Rook
#           (R@c3): legal by our rules when that Rook was awake;
#   empty:  White drops a Queen (Q@c3) at the first move, both hands empty;
#   pig:    Black's Hog takes White's Sow (b7a2), then Black drops a Sow
#           (S@b7): legal by our rules, the pig is Black's.
# XBoard refuses an engine's drop of a piece its hand lacks ("Forfeit due to
# invalid move ... res=25") under every parent but bughouse, with Test
# Legality off too; under bughouse it accepts every drop, and it never puts
# a captured piece in a hand, so a person has nothing to drop. Under fairy
# and crazyhouse a captured piece goes to the capturer's hand, under super
# and great back to its owner's. Hence src/xboard/hands.rs: our engine
# keeps the fairy parent and leaves out the drops XBoard's hands lack.
#
# Two scripted engines describe Truffle Hunt as menagerie does (`setup`,
# `piece`) and play fixed moves (Test Legality off: XBoard takes any move
# of a piece); prints XBoard's saved moves for each parent.
#
#   scripts/xboard-truffle-hands.sh
#
# Needs: apt-get install -y xboard xvfb python3
set -euo pipefail

XBOARD="${XBOARD:-/usr/games/xboard}"
WORK="$(mktemp -d)"
XVFB_PID=
trap '[ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null; rm -rf "$WORK"' EXIT

LIB="$(cd "$(dirname "${BASH_SOURCE[0]}")/lib" && pwd)"
# The `setup` and `piece` lines menagerie sends for Truffle Hunt, under the
# parent variant given.
write_setup() {
    local parent="$1"
    cat >"$WORK/setup-$parent.txt" <<SETUP
setup (.NBRQSHA....++++K.nbrqsha....++++k) 8x8+7_$parent rnbqkbnr/shhsshhs/8/8/8/8/SHHSSHHS/RNBQKBNR[] w KQkq - 0 1
piece S& WfnD
piece H& FfnA
piece K& 
piece Q& 
piece R& 
piece B& 
piece N& 
piece A& K
piece +Q& Q
piece +R& R
piece +B& B
piece +N& N
SETUP
}

# shellcheck source=scripts/lib/xvfb.sh
. "$LIB/xvfb.sh"
start_xvfb 96
display="$XVFB_DISPLAY"

play() {
    local name="$1" parent="$2" moves="$3"
    write_setup "$parent"
    local engine="python3 $LIB/scripted_engine.py '$moves' $WORK/setup-$parent.txt truffle"
    DISPLAY=":$display" timeout -k 5 60 "$XBOARD" -fcp "$engine" -fd "$WORK" -scp "$engine" -sd "$WORK" \
        -variant truffle -testLegality false -mg 1 -tc 0:15 -inc 0 -saveSettingsOnExit false \
        -popupExitMessage false -autoCallFlag true \
        -sgf "$WORK/$name-$parent.pgn" -debug -nameOfDebugFile "$WORK/$name-$parent.debug" >/dev/null 2>&1 || true
    printf '%-6s %-10s ' "$name" "$parent"
    if [ -s "$WORK/$name-$parent.pgn" ]; then
        grep -v '^\[' "$WORK/$name-$parent.pgn" | tr '\n' ' ' | sed -E 's/\{-{5,}[^}]*\}//; s/^ +//'
        echo
    else
        # A forfeit at the first move leaves no game to save.
        grep -m1 -o 'Forfeit due to [^}]*' "$WORK/$name-$parent.debug" || echo "(no game saved)"
    fi
}

taken="a2a3 b7a1 R@c3 h7h6 c3c4 h6h5"
empty="Q@c3 h7h6 a2a3 R@h4 c3c4 h6h5"
pig="h2h3 b7a2 h3h4 S@b7 h4h5 g7g6"
for parent in fairy crazyhouse bughouse super great; do
    play taken "$parent" "$taken"
    play empty "$parent" "$empty"
    play pig "$parent" "$pig"
done
echo "(a game that runs out of scripted moves ends on time)"
