#!/bin/sh
# Checks that a match split into shards gives what the single run gives: four
# shards of a 200-game Carnival match, pooled, against the single run with the same seed
# (the same PGN byte for byte, the same figures). Not part of the test suite
# (tests/match_shards.rs checks a 12-game match).
#
# Usage: scripts/check-shards.sh [BINARY] [DIR]
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
B=${1:-$root/target/release/menagerie}
D=${2:-${TMPDIR:-/tmp}/menagerie-shards}
mkdir -p "$D" && cd "$D"
common="--variant carnival --openings $root/openings/carnival.txt --engine cmd=$B name=a nodes=3000 --engine cmd=$B name=b nodes=2600 --games 200 --seed 56"
$B match $common --concurrency 2 --sprt elo0=-3 elo1=3 alpha=0.0001 beta=0.0001 --pgn single.pgn > single.out 2> single.err
for k in 1 2 3 4; do $B match $common --shard $k/4 --pgn shard$k.pgn > shard$k.out 2> shard$k.err & done
wait
$B pool --first a shard1.pgn shard2.pgn shard3.pgn shard4.pgn --pgn merged.pgn --sprt elo0=-3 elo1=3 alpha=0.0001 beta=0.0001 > pool.out
cmp merged.pgn single.pgn && echo "merged.pgn = single.pgn, byte for byte ($(grep -c '^\[Round' merged.pgn) games)"
grep -E "^(Score|W/D/L|Elo|Pentanomial|Endings|SPRT)" single.out > single.figures
grep -E "^(Score|W/D/L|Elo|Pentanomial|Endings|SPRT)" pool.out > pool.figures
diff single.figures pool.figures && echo "figures identical:" && cat pool.figures
