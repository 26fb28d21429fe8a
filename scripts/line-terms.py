#!/usr/bin/env python3
"""Where our search and Fairy-Stockfish's evaluation part: for each
position of an `am` suite (scripts/data/refuted.epd) where ENGINE's search
to DEPTH still plays the move to avoid, the peer's `eval` term table at
the end of ENGINE's principal variation less the table at the position
itself, signed for the side that moved, averaged over those positions.
The terms that fall most are what our evaluation misses along the lines
it is content with. A diagnostic, not part of the test suite.

    scripts/line-terms.py ENGINE DEPTH [SUITE.epd]

Needs python-chess and numpy (for scripts/fsf-eval-terms.py, whose
`traces` reads the term tables).
"""
import collections
import importlib.util
import os
import subprocess
import sys

import chess

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("terms", os.path.join(HERE, "fsf-eval-terms.py"))
terms = importlib.util.module_from_spec(spec)
spec.loader.exec_module(terms)
from tactics import FSF  # noqa: E402


def principal_variation(engine, fen, depth):
    """ENGINE's principal variation at `depth`, in UCI."""
    args = [engine, "search", "--variant", "chess", "--fen", fen, "--depth", str(depth)]
    out = subprocess.run(args, capture_output=True, text=True, timeout=600).stdout
    lines = [l for l in out.splitlines() if l.startswith(f"depth {depth} ") and " pv " in l]
    return lines[-1].split(" pv ")[1].split() if lines else []


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    engine, depth = sys.argv[1], int(sys.argv[2])
    suite = sys.argv[3] if len(sys.argv) > 3 else os.path.join(HERE, "data", "refuted.epd")
    commands, signs = [], []
    with open(suite) as f:
        for line in f:
            board = chess.Board()
            avoid = {m.uci() for m in board.set_epd(line).get("am", [])}
            pv = principal_variation(engine, board.fen(), depth)
            if not pv or pv[0] not in avoid:
                continue
            end = board.copy()
            for move in pv:
                end.push_uci(move)
            commands += [f"position fen {board.fen()}", f"position fen {end.fen()}"]
            signs.append(1 if board.turn == chess.WHITE else -1)
    tables = terms.traces(FSF, "chess", commands)
    change = collections.defaultdict(float)
    for i, sign in enumerate(signs):
        before, after = tables[2 * i], tables[2 * i + 1]
        for term in after:
            change[term] += sign * (after[term] - before.get(term, 0.0))
    for term in sorted(change, key=change.get):
        print(f"{term:20s} {change[term] / max(len(signs), 1):+.3f}")
    print(f"{len(signs)} positions where depth {depth} plays the move to avoid")


if __name__ == "__main__":
    main()
