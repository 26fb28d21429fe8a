#!/usr/bin/env bash
# The tuning loop of one game (docs/engine.md, "Tuning"): self-play games
# of the engine built from this tree, from many generated openings, then
# `menagerie tune` on them, then a sequential test of the fitted weights
# (option EvalWeights) against the game's own.
#
#   scripts/tune.sh GAME [GAMES] [MOVETIME_MS]
#
#   GAMES        self-play games (default 1200), 20 ms a move by default
#   OUT=dir      where openings, games and weights go (default target/tune)
#   PLAYER=spec  the engine of the self-play games, as `match --engine`
#                takes it (default: this tree's); a stronger peer's games
#                teach what wins against better play than ours, e.g.
#                PLAYER="cmd=$PWD/peers/fsf/fairy-stockfish notation=fsf option.Hash=16"
#                (games its rules cut short are left out of the fit)
#   SPRT=0       stop after the fit (no match)
#   TC=2+0.02    the match's time control
#
# The weights are kept only if the match accepts them: copy them to
# src/search/profiles/GAME.search (keep its bench lines).
set -euo pipefail
cd "$(dirname "$0")/.."
GAME=${1:?usage: scripts/tune.sh GAME [GAMES] [MOVETIME_MS]}
GAMES=${2:-1200}
MOVETIME=${3:-20}
OUT=${OUT:-target/tune}
TC=${TC:-2+0.02}
mkdir -p "$OUT"
cargo build --release --quiet
M=target/release/menagerie
read -r -a PLAYER_SPEC <<< "${PLAYER:-cmd=$M}"
$M match --variant "$GAME" --make-openings $((GAMES / 2)) --opening-plies 10 \
    --opening-depth 2 --opening-margin 200 --seed 41 --out "$OUT/$GAME-openings.txt"
$M match --variant "$GAME" --openings "$OUT/$GAME-openings.txt" \
    --engine "${PLAYER_SPEC[@]}" name=a movetime=$MOVETIME \
    --engine "${PLAYER_SPEC[@]}" name=b movetime=$MOVETIME \
    --games "$GAMES" --concurrency 2 --max-plies 400 --seed 42 --pgn "$OUT/$GAME.pgn" \
    > "$OUT/$GAME-selfplay.txt"
$M tune --variant "$GAME" "$OUT/$GAME.pgn" --out "$OUT/$GAME.weights"
cat "$OUT/$GAME.weights"
if [ "${SPRT:-1}" = 0 ]; then exit 0; fi
$M match --variant "$GAME" --openings "openings/$GAME.txt" \
    --engine cmd=$M name=tuned "option.EvalWeights=$PWD/$OUT/$GAME.weights" \
    --engine cmd=$M name=own --tc "$TC" --games 3000 --concurrency 2 --max-plies 300 \
    --seed 43 --sprt elo0=0 elo1=10 --pgn "$OUT/$GAME-sprt.pgn"
