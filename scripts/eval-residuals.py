#!/usr/bin/env python3
"""What our static evaluation misses against Fairy-Stockfish's labels: a
diagnostic for choosing the next evaluation term, not part of the tests.

From a label cache of `menagerie tune --label-engine ... --label-cache F`
(quiet chess positions and Fairy-Stockfish's depth-D score of each), it
takes N positions at random, asks ENGINE's `eval` (UCI, not standard) for
its static evaluation and Fairy-Stockfish's `eval` for its term table,
and fits the label as a multiple of our evaluation. What is left (the
residual, in centipawns for White) is then explained term by term: for
each of the peer's terms (middlegame and endgame columns, for White), the
share of the residual's variance it explains alone and its slope, the
largest first. A term that explains much is one our evaluation lacks or
weighs wrongly.

    scripts/eval-residuals.py ENGINE CACHE [--positions N] [--weights FILE] [--fsf FSF]

`--weights` gives ENGINE a weights file (`EvalWeights`). Needs numpy;
FSF defaults to peers/fsf/fairy-stockfish.
"""
import argparse
import importlib.util
import os
import random
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("terms", os.path.join(HERE, "fsf-eval-terms.py"))
terms = importlib.util.module_from_spec(spec)
spec.loader.exec_module(terms)
sys.path.insert(0, os.path.join(HERE, "lib"))
import label_cache  # noqa: E402

# Labels beyond this (cp) are decided games, not evaluation.
CAP = 600


def read_cache(path, n):
    """N (fen, label for White) pairs of the cache, at random (seed 1)."""
    rows = []
    for fen, cp in label_cache.entries(path):
        white = cp if fen.split()[1] == "w" else -cp
        if abs(white) <= CAP:
            rows.append((fen, white))
    random.Random(1).shuffle(rows)
    return rows[:n]


def our_evals(engine, fens, weights=None):
    """ENGINE's static evaluation of each position, in cp for White."""
    p = subprocess.Popen([engine, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, bufsize=1)
    if weights:
        p.stdin.write(f"setoption name EvalWeights value {weights}\n")
    out = []
    for fen in fens:
        p.stdin.write(f"position fen {fen}\neval\nisready\n")
        p.stdin.flush()
        value = None
        for line in iter(p.stdout.readline, ""):
            if line.startswith("readyok"):
                break
            if line.startswith("Static evaluation"):
                value = round(float(line.split()[2]) * 100)
        out.append(value)
    p.stdin.write("quit\n")
    p.stdin.close()
    p.wait()
    return out


def main():
    parser = argparse.ArgumentParser(usage=__doc__)
    parser.add_argument("engine")
    parser.add_argument("cache")
    parser.add_argument("--positions", type=int, default=20000)
    parser.add_argument("--weights")
    parser.add_argument("--fsf", default=os.path.join(HERE, "..", "peers", "fsf", "fairy-stockfish"))
    args = parser.parse_args()
    rows = read_cache(args.cache, args.positions)
    ours = our_evals(args.engine, [fen for fen, _ in rows], args.weights)
    tables = terms.traces(args.fsf, "chess", [f"position fen {fen}" for fen, _ in rows])
    keep = [i for i, x in enumerate(ours) if x is not None and tables[i]]
    label = np.array([rows[i][1] for i in keep], dtype=float)
    mine = np.array([ours[i] for i in keep], dtype=float)
    scale = (mine @ label) / (mine @ mine)
    residual = label - scale * mine
    print(f"{len(keep)} positions; label = {scale:.3f} * ours + residual; "
          f"label sd {label.std():.1f} cp, residual sd {residual.std():.1f} cp "
          f"(ours explains {1 - residual.var() / label.var():.1%})")
    names = sorted({k for i in keep for k in tables[i]} - {"Total.mg", "Total.eg"})
    peer = np.array([[tables[i].get(k, 0.0) * 100 for k in names] for i in keep])
    for what, x in (("the peer's terms", peer), ("ours and the peer's terms",
                                                   np.column_stack([mine, peer]))):
        x = np.column_stack([x, np.ones(len(keep))])
        fitted = x @ np.linalg.lstsq(x, label, rcond=None)[0]
        print(f"{what} (least squares, each column its own weight) explain "
              f"{1 - (label - fitted).var() / label.var():.1%} of the label")
    rows_out = []
    for name in names:
        x = np.array([tables[i].get(name, 0.0) * 100 for i in keep])
        if x.std() == 0:
            continue
        r = np.corrcoef(x, residual)[0, 1]
        slope = (x - x.mean()) @ (residual - residual.mean()) / ((x - x.mean()) @ (x - x.mean()))
        rows_out.append((r * r, name, slope, x.std()))
    print(f"{'term':<18} {'explains':>8} {'slope':>7} {'sd (cp)':>8}")
    for share, name, slope, sd in sorted(rows_out, reverse=True):
        print(f"{name:<18} {share:>8.1%} {slope:>7.2f} {sd:>8.1f}")


if __name__ == "__main__":
    main()
