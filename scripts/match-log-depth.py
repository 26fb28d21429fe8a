#!/usr/bin/env python3
"""What each engine of a match searched before each move, from the log
`menagerie match --log` wrote: the last `info` line with a depth before
each `bestmove` gives that move's depth, nodes and time (its own report).

    scripts/match-log-depth.py LOG [--block N] [--medians]

Prints, per engine, the mean over all its moves, then per block of N moves
(default 10) counted from its first search of each game (moves the
opening book played are not searched, so not counted). With --medians,
per engine the median depth and nodes instead, over the moves whose last
report is not a mate score (an engine that has found a mate may iterate
to hundreds of plies).
"""

import argparse
import collections
import re
import statistics
import sys

LINE = re.compile(r"game (\d+) (?:white|black) (\S+) < (.*)")


def field(text, name):
    m = re.search(r" %s (-?\d+)" % name, text)
    return int(m.group(1)) if m else None


def read(path):
    """Per engine: (game, move index in the game, depth, nodes, ms)."""
    last = {}
    count = collections.Counter()
    moves = collections.defaultdict(list)
    with open(path, errors="replace") as log:
        for line in log:
            m = LINE.match(line)
            if not m:
                continue
            game, name, text = m.groups()
            if text.startswith("info") and field(text, "depth") is not None:
                last[(game, name)] = text
            elif text.startswith("bestmove"):
                info = last.pop((game, name), None)
                index = count[(game, name)]
                count[(game, name)] += 1
                if info is None:
                    continue
                moves[name].append(
                    (
                        game,
                        index,
                        field(info, "depth"),
                        field(info, "nodes") or 0,
                        field(info, "time") or 0,
                        " score mate " in info,
                    )
                )
    return moves


def summary(rows):
    n = len(rows)
    depth = sum(r[2] for r in rows) / n
    nodes = sum(r[3] for r in rows) / n
    ms = sum(r[4] for r in rows) / n
    return "%5d moves  depth %5.2f  nodes %9.0f  time %6.0f ms" % (n, depth, nodes, ms)


def medians(rows):
    kept = [r for r in rows if not r[5]]
    if not kept:
        return "no move without a mate score"
    depth = statistics.median(r[2] for r in kept)
    nodes = statistics.median(r[3] for r in kept)
    return "%5d moves (mate scores left out)  median depth %g  median nodes %g" % (
        len(kept),
        depth,
        nodes,
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log")
    parser.add_argument("--block", type=int, default=10)
    parser.add_argument("--medians", action="store_true")
    args = parser.parse_args()
    moves = read(args.log)
    if not moves:
        sys.exit("no searched moves found in %s" % args.log)
    if args.medians:
        for name, rows in sorted(moves.items()):
            print("%s: %s" % (name, medians(rows)))
        return
    for name, rows in sorted(moves.items()):
        print("%s: %s" % (name, summary(rows)))
        blocks = collections.defaultdict(list)
        for r in rows:
            blocks[r[1] // args.block].append(r)
        for b in sorted(blocks):
            first = b * args.block + 1
            label = "moves %d-%d" % (first, first + args.block - 1)
            print("  %-13s %s" % (label, summary(blocks[b])))


if __name__ == "__main__":
    main()
