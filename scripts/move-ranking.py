#!/usr/bin/env python3
"""How well our evaluation ranks the moves of a position, judged by
Fairy-Stockfish's search: a diagnostic for evaluation changes, not part of
the tests.

A label's loss (`menagerie tune`) scores a position's value; a move is
chosen among the positions after each move of one node. This script
measures that choice. For N quiet chess positions of a label cache
(`menagerie tune --label-cache F`), Fairy-Stockfish scores every legal
move at depth D (`MultiPV`, kept in a JSON file beside the cache for the
next run), and ENGINE values each move by its quiescence search after it
(`eval`, UCI; with `--weights FILE` as `EvalWeights`). Printed:
- regret: the peer's score of its best move less its score of the move
  our values rank first, in centipawns (the mean, and the share of
  positions where it is 50 cp or more);
- agreement: how often our first move is the peer's;
- tau: Kendall's rank correlation of the two orders, mean over positions.
With `--versus FILE` (`own` for the game's own weights) the same is
measured for a second weights file, and the difference of the two on the
same positions (the first less the second, with its standard error).

    scripts/move-ranking.py ENGINE CACHE [--weights FILE] [--versus FILE] [--positions N] [--depth D] [--fsf FSF]

Needs python-chess.
"""
import argparse
import json
import os
import random
import subprocess
import sys

import chess

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import label_cache  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
# Positions whose label is beyond this (cp) are decided; their moves differ
# by mate scores, not by evaluation.
CAP = 400
MATE = 10_000


def positions(cache, n):
    """N FENs of the cache with |label| <= CAP, at random (seed 2)."""
    fens = [fen for fen, score in label_cache.entries(cache) if abs(score) <= CAP]
    random.Random(2).shuffle(fens)
    return fens[:n]


class Uci:
    def __init__(self, command):
        self.p = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)

    def send(self, text):
        self.p.stdin.write(text + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        lines = []
        for line in iter(self.p.stdout.readline, ""):
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                break
        return lines

    def close(self):
        self.send("quit")
        self.p.wait()


def peer_scores(fsf, fen, depth):
    """The peer's score of each legal move at `depth`, for the mover."""
    moves = len(list(chess.Board(fen).legal_moves))
    fsf.send(f"setoption name MultiPV value {moves}")
    fsf.send(f"position fen {fen}")
    fsf.send(f"go depth {depth}")
    scores = {}
    for line in fsf.until("bestmove"):
        t = line.split()
        if "multipv" not in t or "pv" not in t or "score" not in t:
            continue
        if int(t[t.index("depth") + 1]) != depth:
            continue
        i = t.index("score")
        value = int(t[i + 2])
        if t[i + 1] == "mate":
            value = MATE if value > 0 else -MATE
        scores[t[t.index("pv") + 1]] = value
    return scores


def our_scores(ours, fen, moves):
    """Our quiescence value after each move, for the mover."""
    out = {}
    for move in moves:
        ours.send(f"position fen {fen} moves {move}")
        ours.send("eval")
        ours.send("isready")
        for line in ours.until("readyok"):
            if line.startswith("Quiescence search"):
                out[move] = -int(line.split(", ")[1].split()[0])
    return out


def kendall(a, b):
    """Kendall's tau of two equal-length lists (ties count half)."""
    n, s = len(a), 0.0
    for i in range(n):
        for j in range(i + 1, n):
            x, y = a[i] - a[j], b[i] - b[j]
            s += 1 if x * y > 0 else -1 if x * y < 0 else 0
    pairs = n * (n - 1) / 2
    return s / pairs if pairs else 0.0


def main():
    parser = argparse.ArgumentParser(usage=__doc__)
    parser.add_argument("engine")
    parser.add_argument("cache")
    parser.add_argument("--weights")
    parser.add_argument("--versus")
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--fsf", default=os.path.join(HERE, "..", "peers", "fsf", "fairy-stockfish"))
    args = parser.parse_args()
    store = f"{args.cache}.multipv{args.depth}.json"
    known = json.load(open(store)) if os.path.exists(store) else {}
    fens = positions(args.cache, args.positions)
    fsf = Uci([args.fsf])
    fsf.send("uci")
    fsf.send("setoption name Hash value 16")
    for fen in fens:
        if fen not in known:
            known[fen] = peer_scores(fsf, fen, args.depth)
    fsf.close()
    with open(store, "w") as f:
        json.dump(known, f)
    first = measure(args.engine, args.weights, fens, known)
    report(args.weights or "own", first, args.depth)
    if args.versus:
        second = measure(args.engine, None if args.versus == "own" else args.versus, fens, known)
        report(args.versus, second, args.depth)
        for name, i in (("regret", 0), ("tau", 2)):
            mean, error = mean_and_error([a[i] - b[i] for a, b in zip(first, second)])
            print(f"{name}: the first less the second {mean:+.3f} (+-{error:.3f})")


def measure(engine, weights, fens, known):
    """Per position: (regret, our first is the peer's best, tau)."""
    ours = Uci([engine, "uci"])
    if weights:
        ours.send(f"setoption name EvalWeights value {weights}")
    out = []
    for fen in fens:
        peer = known[fen]
        mine = our_scores(ours, fen, list(peer))
        moves = [m for m in peer if m in mine]
        if len(moves) < 2:
            continue
        first = max(moves, key=lambda m: mine[m])
        best = max(peer[m] for m in moves)
        tau = kendall([peer[m] for m in moves], [mine[m] for m in moves])
        out.append((min(best - peer[first], 1000), peer[first] == best, tau))
    ours.close()
    return out


def mean_and_error(xs):
    n = len(xs)
    mean = sum(xs) / n
    return mean, (sum((x - mean) ** 2 for x in xs) / (n - 1) / n) ** 0.5


def report(name, rows, depth):
    n = len(rows)
    mean, error = mean_and_error([r[0] for r in rows])
    print(f"{name}: {n} positions, the peer at depth {depth}: mean regret {mean:.1f} cp "
          f"(+-{error:.1f}), 50 cp or more in {sum(r[0] >= 50 for r in rows) / n:.1%}, "
          f"our first move the peer's best in {sum(r[1] for r in rows) / n:.1%}, "
          f"tau {sum(r[2] for r in rows) / n:.3f}")


if __name__ == "__main__":
    main()
