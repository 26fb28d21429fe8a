#!/usr/bin/env bash
# Perft of every game both menagerie and Fairy-Stockfish load, by both
# engines: our library of Fairy-Stockfish's games
# (src/rules/variants/library/fairy-stockfish.ini) and the sections of
# Fairy-Stockfish's own variants.ini that menagerie accepts. Builds
# Fairy-Stockfish (scripts/build-fsf.sh) if absent and menagerie (release),
# then runs scripts/compare_fsf_variants.py with the arguments given.
#
#   scripts/compare-fsf-variants.sh --fsf-ini PATH/variants.ini
#   scripts/compare-fsf-variants.sh --fsf-ini PATH --write-doc docs/variant-files.md --write-vectors
#   scripts/compare-fsf-variants.sh --fsf-ini PATH --only capablanca,gothic
#
# variants.ini is not in the pyffish source package that build-fsf.sh
# builds from: give Fairy-Stockfish's src/variants.ini of the same version
# (--fsf-ini, or FSF_VARIANTS_INI, or peers/fsf/variants.ini).
# Needs: pyffish (pip install pyffish). Exits non-zero if a game disagrees.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
fsf="$(scripts/build-fsf.sh)"
python3 -c 'import pyffish' 2>/dev/null || { echo "compare-fsf-variants: pip install pyffish" >&2; exit 1; }
cargo build --release --quiet
exec python3 scripts/compare_fsf_variants.py --fsf "$fsf" "$@"
