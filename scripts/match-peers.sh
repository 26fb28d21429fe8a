#!/usr/bin/env bash
# Play menagerie against the peers in standard chess through `menagerie match`:
# Debian's Fairy-Stockfish over UCI and Fairy-Max over XBoard, both at --tc
# (Fairy-Max has no setboard, so the openings are move lists from the start
# position). Not part of the test suite: it needs
# `apt-get install -y fairy-stockfish fairymax` and takes minutes to hours.
#
# With --current-fsf it plays instead the current Fairy-Stockfish, built by
# scripts/build-fsf.sh into peers/fsf/ (needs g++ and pip, 1 to 3 minutes
# of compile), in Wolf Chess (its built-in `wolf`) and Hubbub
# (scripts/fsf/hubbub.ini, loaded with its VariantPath option) at --tc.
# Games that Fairy-Stockfish's approximate rules end (a move legal in its
# rules, not in ours) are reported apart, with the Elo of the others.
#
# With --against-build REV it plays instead this tree's build against the
# build of git revision REV (built in a worktree under --out) in the dice
# games at --tc: issue 18 measures its dice-game gains against 8b18451, and
# in the games added after it against the first build that played them
# (docs/engine.md).
#
# Usage: scripts/match-peers.sh [--games N] [--concurrency C] [--seed S] [--out DIR]
#                                [--xboard-menagerie PATH] [--resume]
#        scripts/match-peers.sh --current-fsf [--variants "wolf hubbub"] [--tc 10+0.1]
#                                [--games N] [--concurrency C] [--seed S] [--out DIR]
#                                [--resume]
#        scripts/match-peers.sh --against-build REV [--variants "carnival carnival-oblique truffle"]
#                                [--tc 10+0.1] [--games N] [--concurrency C] [--seed S] [--out DIR]
#                                [--resume]
#   --games N        games per match (default 20)
#   --concurrency C  games at once (default 2)
#   --seed S         match seed (default 1)
#   --out DIR        where the PGN files, engine logs and the copy of the
#                    binary played go (default target/match-peers)
#   --xboard-menagerie PATH
#                    also play our engine over UCI against a menagerie binary
#                    that speaks XBoard (PATH), in every game, dice included
#   --current-fsf    play the current Fairy-Stockfish in our games instead
#   --against-build REV
#                    play the build of git revision REV in the dice games instead
#   --variants LIST  games for --current-fsf, of chess, wolf and hubbub (default
#                    wolf and hubbub),
#                    or for --against-build (default carnival carnival-oblique truffle)
#   --tc TC          time control of every match (default 10+0.1)
#   --peer-tc TC     with --current-fsf: Fairy-Stockfish's own clock instead
#                    (time odds: --tc 10+0.1 --peer-tc 2.5+0.025 gives it a
#                    quarter); its files are named after it
#   --resume         go on with matches cut short: keep the games already in
#                    their PGN files under --out (same seed) and play the rest
#
# Exit status: 0 when both matches ran, 1 on a failure, 2 if a peer is missing,
# 64 on a usage error.
set -euo pipefail

usage() {
    sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "$0"
}

games=20
concurrency=2
seed=1
out=target/match-peers
xboard_menagerie=
current_fsf=
against_build=
variants=
tc=10+0.1
peer_tc=
resume=()
while [ $# -gt 0 ]; do
    case "$1" in
        --games) games="$2"; shift 2 ;;
        --concurrency) concurrency="$2"; shift 2 ;;
        --seed) seed="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        --xboard-menagerie) xboard_menagerie="$2"; shift 2 ;;
        --current-fsf) current_fsf=1; shift ;;
        --against-build) against_build="$2"; shift 2 ;;
        --variants) variants="$2"; shift 2 ;;
        --tc) tc="$2"; shift 2 ;;
        --peer-tc) peer_tc="$2"; shift 2 ;;
        --resume) resume=(--resume); shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 64 ;;
    esac
done

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bin="${CARGO_TARGET_DIR:-$root/target}/release/menagerie"

# Builds this tree and plays a copy of its binary (in --out), so that a
# build during a long match does not change the engine of later games.
build_pinned() {
    cargo build --release --quiet
    mkdir -p "$out"
    cp "$bin" "$out/menagerie-under-test"
    bin="$out/menagerie-under-test"
}

# One match against the current Fairy-Stockfish in one of our games.
current_fsf_match() {
    local v="$1" fsf="$2" peer=() name="current-fsf-$1"
    case "$v" in
        chess|wolf) peer=() ;;
        hubbub) peer=(option.VariantPath="$root/scripts/fsf/hubbub.ini" variant=menagerie-hubbub-open) ;;
        *) echo "match-peers: no Fairy-Stockfish definition of $v" >&2; return 64 ;;
    esac
    if [ -n "$peer_tc" ]; then
        peer+=(tc="$peer_tc")
        name="$name-peer-$peer_tc"
    fi
    echo "== menagerie vs Fairy-Stockfish (current, UCI), $v, $tc${peer_tc:+, Fairy-Stockfish $peer_tc}"
    "$bin" match --variant "$v" --openings "openings/$v.txt" \
        --engine cmd="$bin" name=menagerie \
        --engine cmd="$fsf" name=Fairy-Stockfish option.Hash=16 notation=fsf "${peer[@]}" \
        --tc "$tc" --games "$games" --concurrency "$concurrency" --seed "$seed" \
        --pgn "$out/$name.pgn" --log "$out/$name.log" "${resume[@]}"
}

# One match against the build of another revision in a dice game. Builds
# before 1ae1c39 chose a Carnival promotion with the move, before the throw.
against_build_match() {
    local v="$1" old="$2" rev="$3" promotion=()
    if ! git merge-base --is-ancestor 1ae1c39 "$rev"; then
        promotion=(promotion=with-move)
    fi
    echo "== menagerie vs menagerie $rev, $v, $tc"
    "$bin" match --variant "$v" --openings "openings/$v.txt" \
        --engine cmd="$bin" name=menagerie \
        --engine cmd="$old" name="$rev" "${promotion[@]}" \
        --tc "$tc" --games "$games" --concurrency "$concurrency" --seed "$seed" \
        --max-plies 300 --pgn "$out/build-$rev-$v.pgn" --log "$out/build-$rev-$v.log" "${resume[@]}"
}

if [ -n "$against_build" ]; then
    rev="$(git rev-parse --short "$against_build^{commit}")" || exit 64
    tree="$out/build-$rev"
    mkdir -p "$out"
    [ -d "$tree" ] || git worktree add --detach "$tree" "$rev" >/dev/null
    (cd "$tree" && cargo build --release --quiet) || { echo "match-peers: building $rev failed" >&2; exit 2; }
    build_pinned
    for v in ${variants:-carnival carnival-oblique truffle}; do
        against_build_match "$v" "$tree/target/release/menagerie" "$rev"
    done
    exit 0
fi

if [ -n "$current_fsf" ]; then
    fsf="$(scripts/build-fsf.sh)" || { echo "match-peers: building Fairy-Stockfish failed" >&2; exit 2; }
    build_pinned
    for v in ${variants:-wolf hubbub}; do
        current_fsf_match "$v" "$fsf"
    done
    exit 0
fi
fsf="$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)"
fmax="$(command -v fairymax || echo /usr/games/fairymax)"
for p in "$fsf" "$fmax"; do
    if [ ! -x "$p" ]; then
        echo "match-peers: $p not found (apt-get install -y fairy-stockfish fairymax)" >&2
        exit 2
    fi
done

build_pinned

echo "== menagerie vs Fairy-Stockfish (UCI), chess, $tc"
"$bin" match --variant chess --openings openings/chess.txt \
    --engine cmd="$bin" name=menagerie \
    --engine cmd="$fsf" name=Fairy-Stockfish option.Hash=16 \
    --tc "$tc" --games "$games" --concurrency "$concurrency" --seed "$seed" \
    --pgn "$out/fairy-stockfish.pgn" --log "$out/fairy-stockfish.log" "${resume[@]}"

echo "== menagerie vs Fairy-Max (XBoard), chess, $tc"
"$bin" match --variant chess --openings openings/chess.txt \
    --engine cmd="$bin" name=menagerie \
    --engine cmd="$fmax" proto=xboard name=Fairy-Max \
    --tc "$tc" --games "$games" --concurrency "$concurrency" --seed "$seed" \
    --pgn "$out/fairymax.pgn" --log "$out/fairymax.log" "${resume[@]}"

if [ -n "$xboard_menagerie" ]; then
    for v in chess wolf hubbub pawneaters carnival truffle; do
        echo "== menagerie (UCI, nodes=20000) vs menagerie (XBoard, depth 1), $v"
        "$bin" match --variant "$v" --openings "openings/$v.txt" \
            --engine cmd="$bin" name=uci nodes=20000 \
            --engine cmd="$xboard_menagerie" proto=xboard name=xboard depth=1 \
            --games "$games" --concurrency "$concurrency" --seed "$seed" --max-plies 200 \
            --pgn "$out/xboard-$v.pgn" --log "$out/xboard-$v.log" "${resume[@]}"
    done
fi
