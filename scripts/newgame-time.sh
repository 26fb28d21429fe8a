#!/usr/bin/env bash
# How long a new game takes after a search with a large table: the
# milliseconds from `ucinewgame` to `readyok`, and the engine's resident
# memory then. Not part of the test suite.
#
# Usage: scripts/newgame-time.sh BINARY [HASH_MIB]   (HASH_MIB defaults to 8192)
set -euo pipefail

if [ $# -lt 1 ]; then
    sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "$0" >&2
    exit 64
fi
binary=$1 hash=${2:-8192}
coproc ENGINE { exec "$binary" uci; }
send() { echo "$1" >&"${ENGINE[1]}"; }
wait_for() { while read -r line <&"${ENGINE[0]}"; do [[ $line == "$1"* ]] && return; done; }
send uci; wait_for uciok
send "setoption name Hash value $hash"; send isready; wait_for readyok
send "position startpos"; send "go depth 8"; wait_for bestmove
start=$(date +%s%N)
send ucinewgame; send isready; wait_for readyok
end=$(date +%s%N)
echo "ucinewgame to readyok: $(( (end - start) / 1000000 )) ms; resident $(ps -o rss= -p "$ENGINE_PID") KiB"
send quit
