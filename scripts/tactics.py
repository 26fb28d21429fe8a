#!/usr/bin/env python3
"""How many positions of a chess test suite (EPD with `bm`, such as
scripts/data/wac.epd, Reinfeld's 300 "Win at Chess" positions, or `am`,
such as the blunders `scripts/refuted.py` gathers) an engine solves: its
best move after a fixed time or depth must be one of `bm` and none of
`am`.
A check of the search's tactics, ours against the peer's; not part of
the test suite.

    scripts/tactics.py ENGINE LIMIT [EPD] [--jobs N] [--show]

ENGINE is a menagerie binary (run as `ENGINE search --variant chess`) or
`fsf` for peers/fsf/fairy-stockfish (UCI). LIMIT is milliseconds (`200`)
or a depth (`d8`). Needs python-chess (`pip install chess`) to read the
suite's moves.
"""
import argparse
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

import chess

HERE = os.path.dirname(os.path.abspath(__file__))
FSF = os.path.join(HERE, "..", "peers", "fsf", "fairy-stockfish")


def load(path):
    """(fen, best moves, moves to avoid, id) for each line of the suite,
    the moves in UCI."""
    items = []
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            board = chess.Board()
            ops = board.set_epd(line)
            best = {m.uci() for m in ops.get("bm", [])}
            avoid = {m.uci() for m in ops.get("am", [])}
            items.append((board.fen(), best, avoid, ops.get("id", line[:20])))
    return items


def ours(binary, fen, limit):
    args = [binary, "search", "--variant", "chess", "--fen", fen]
    args += ["--depth", limit[1:]] if limit.startswith("d") else ["--movetime", limit]
    out = subprocess.run(args, capture_output=True, text=True, timeout=600).stdout
    return next((l.split()[1] for l in out.splitlines() if l.startswith("bestmove")), None)


def peer(fen, limit):
    go = f"depth {limit[1:]}" if limit.startswith("d") else f"movetime {limit}"
    p = subprocess.Popen([FSF], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    p.stdin.write(f"uci\nposition fen {fen}\ngo {go}\n")
    p.stdin.flush()
    best = None
    for line in p.stdout:
        if line.startswith("bestmove"):
            best = line.split()[1]
            break
    p.stdin.write("quit\n")
    p.stdin.flush()
    p.wait()
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("engine")
    ap.add_argument("limit")
    ap.add_argument("epd", nargs="?", default=os.path.join(HERE, "data", "wac.epd"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--show", action="store_true", help="list the positions missed")
    a = ap.parse_args()
    items = load(a.epd)

    def solve(item):
        fen, best, avoid, name = item
        move = peer(fen, a.limit) if a.engine == "fsf" else ours(a.engine, fen, a.limit)
        return (not best or move in best) and move not in avoid, name

    with ThreadPoolExecutor(a.jobs) as pool:
        results = list(pool.map(solve, items))
    solved = sum(ok for ok, _ in results)
    print(f"{solved}/{len(results)} solved")
    if a.show:
        print(" ".join(name for ok, name in results if not ok))


if __name__ == "__main__":
    main()
