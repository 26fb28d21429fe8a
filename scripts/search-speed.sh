#!/usr/bin/env bash
# Search speed of two menagerie builds whose searches are the same tree:
# fixed-depth searches from the first N openings of a game
# (scripts/depth-time.sh), run RUNS times by each build, alternating, and
# the median time of each reported with their ratio (new / old: below 1 is
# faster). The node counts must agree: for a change of speed alone, not of
# the search. Not part of the test suite.
#
# Usage: scripts/search-speed.sh OLD NEW VARIANT DEPTH [N] [RUNS]
#   N     openings (default 10)
#   RUNS  timed runs of each build (default 5)
#
# Exit status: 0 on success, 1 on a node-count mismatch, 64 on a usage error.
set -euo pipefail

if [ $# -lt 4 ]; then
    sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "$0" >&2
    exit 64
fi
old=$1 new=$2 variant=$3 depth=$4 count=${5:-10} runs=${6:-5}
here="$(dirname "$0")"

# "NODES MS" of one build's run.
run() {
    "$here/depth-time.sh" "$1" "$variant" "$depth" "$count" |
        sed 's/.*: \([0-9]*\) nodes, \([0-9]*\) ms/\1 \2/'
}

median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }

old_ms=() new_ms=()
for _ in $(seq "$runs"); do
    read -r old_nodes t <<<"$(run "$old")"
    old_ms+=("$t")
    read -r new_nodes t <<<"$(run "$new")"
    new_ms+=("$t")
    if [ "$old_nodes" != "$new_nodes" ]; then
        echo "search-speed: node counts differ: $old_nodes (old), $new_nodes (new)" >&2
        exit 1
    fi
done
o=$(printf '%s\n' "${old_ms[@]}" | median)
n=$(printf '%s\n' "${new_ms[@]}" | median)
echo "$variant depth $depth, $count openings, $old_nodes nodes: old $o ms, new $n ms, ratio $(awk -v a="$n" -v b="$o" 'BEGIN {printf "%.3f", a / b}')"
