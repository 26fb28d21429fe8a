#!/bin/bash
# Lets XBoard (under Xvfb) play our engine against itself in one game and
# save the game as PGN, for `menagerie replay` and its test fixtures.
#
#   scripts/xboard-save-game.sh GAME TEST_LEGALITY SECONDS OUT_DIR [ENGINE]
#
# GAME is XBoard's name (normal, wolf, hubbub, pawneaters, carnival,
# carnival-oblique, truffle); both engines throw from DiceSeed=11, so
# `menagerie replay --dice-seed 11` recomputes their throws (DICE_SEED=N
# in the environment gives another seed). Writes
# OUT_DIR/GAME.pgn and XBoard's debug log OUT_DIR/GAME.debug.
set -eu
game=$1 legality=$2 secs=$3 out=$4
engine=${5:-$(dirname "$0")/../target/release/menagerie}
engine=$(realpath "$engine")
mkdir -p "$out"
d=91
while [ -e /tmp/.X11-unix/X$d ] || [ -e /tmp/.X$d-lock ]; do d=$((d + 1)); done
Xvfb :$d -screen 0 1280x1024x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null' EXIT
sleep 1
DISPLAY=:$d timeout -k 5 $((secs + 10)) /usr/games/xboard \
    -fcp "$engine xboard" -fd "$out" -scp "$engine xboard" -sd "$out" \
    -firstOptions "DiceSeed=${DICE_SEED:-11}" -secondOptions "DiceSeed=${DICE_SEED:-11}" \
    -variant "$game" -mode TwoMachines -tc 0:30 -inc 0.2 \
    -testLegality "$legality" -popupExitMessage false -autoCallFlag true -saveSettingsOnExit false \
    -size Medium -sgf "$out/$game.pgn" \
    -debug -nameOfDebugFile "$out/$game.debug" >"$out/$game.out" 2>&1 &
board=$!
sleep "$secs"
kill $board 2>/dev/null || true
wait $board 2>/dev/null || true
