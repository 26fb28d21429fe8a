#!/usr/bin/env bash
# Nodes and time of fixed-depth searches from the first N openings of a game
# (openings/<game>.txt), summed: a quick measure of how much a search change
# costs or saves. Not part of the test suite.
#
# Usage: scripts/depth-time.sh BINARY VARIANT DEPTH [N]   (N defaults to 10)
set -euo pipefail

if [ $# -lt 3 ]; then
    sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "$0" >&2
    exit 64
fi
bin=$1 variant=$2 depth=$3 count=${4:-10}
openings="$(dirname "$0")/../openings/$variant.txt"
nodes=0 ms=0
# Skip the header line; each opening is "startpos moves ...".
while read -r line; do
    moves=${line#startpos moves }
    # shellcheck disable=SC2086 # the moves are separate arguments
    last=$("$bin" search --variant "$variant" --moves $moves --depth "$depth" |
        grep "^depth $depth " | tail -1)
    n=$(sed 's/.* nodes \([0-9]*\) .*/\1/' <<<"$last")
    t=$(sed 's/.* time \([0-9]*\) .*/\1/' <<<"$last")
    nodes=$((nodes + n)) ms=$((ms + t))
done < <(grep -v '^#' "$openings" | head -n "$count")
echo "$variant depth $depth, $count openings: $nodes nodes, $ms ms"
