#!/usr/bin/env python3
"""Fits evaluation weights to how Fairy-Stockfish's search ranks the moves
of a node (docs/engine.md, "What the labels say our evaluation lacks"):
coordinate descent on the mean Kendall tau of `scripts/move-ranking.py`,
over the scalar weights and piece values of a weights file, on the first
N positions of its store, with the next M held out; the weights of the
pass with the best held-out tau are written. A diagnostic fit, run before
a match decides; `menagerie tune` fits positions' values, this fits the
order of siblings.

    scripts/rank-tune.py ENGINE CACHE START.weights OUT.weights [--positions N] [--held-out M]
                         [--passes P] [--skip KEY,KEY]

The store `CACHE.multipv8.json` must hold N + M positions (run
`scripts/move-ranking.py ENGINE CACHE --positions N+M` first).
"""
import argparse
import importlib.util
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("ranking", os.path.join(HERE, "move-ranking.py"))
ranking = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ranking)

# Keys that cannot change the order of siblings (every child has the same
# side to move) or are not the evaluation's.
FIXED = ("tempo", "search.")


class Scorer:
    """One engine process that takes weights files and scores a node set."""

    def __init__(self, engine, scratch):
        self.uci = ranking.Uci([engine, "uci"])
        self.scratch = scratch

    def tau(self, lines, nodes):
        with open(self.scratch, "w") as f:
            f.writelines(lines)
        self.uci.send(f"setoption name EvalWeights value {self.scratch}")
        total = 0.0
        for fen, peer in nodes:
            mine = ranking.our_scores(self.uci, fen, list(peer))
            moves = [m for m in peer if m in mine]
            total += ranking.kendall([peer[m] for m in moves], [mine[m] for m in moves])
        return total / len(nodes)


def parse(path):
    """The file's lines, and its scalar keys with their values in order."""
    lines = open(path).read().splitlines(keepends=True)
    keys = []
    for line in lines:
        text = line.split("#")[0].strip()
        if "=" in text and not text.startswith("square."):
            key, value = (x.strip() for x in text.split("=", 1))
            keys.append((key, int(value)))
    return lines, keys


def render(lines, values):
    out = []
    for line in lines:
        text = line.split("#")[0].strip()
        key = text.split("=", 1)[0].strip() if "=" in text else None
        if key in values:
            out.append(f"{key} = {values[key]}\n")
        else:
            out.append(line)
    return out


def main():
    parser = argparse.ArgumentParser(usage=__doc__)
    for name in ("engine", "cache", "start", "out"):
        parser.add_argument(name)
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--held-out", type=int, default=1000)
    parser.add_argument("--passes", type=int, default=6)
    parser.add_argument("--skip", default="")
    args = parser.parse_args()
    store = json.load(open(f"{args.cache}.multipv8.json"))
    fens = ranking.positions(args.cache, args.positions + args.held_out)
    nodes = [(f, store[f]) for f in fens if f in store and len(store[f]) >= 2]
    train, held = nodes[: args.positions], nodes[args.positions:]
    lines, keys = parse(args.start)
    skip = set(filter(None, args.skip.split(",")))
    values = dict(keys)
    free = [k for k, _ in keys if not k.startswith(FIXED) and k not in skip]
    steps = {k: max(2, abs(values[k]) // 5) for k in free}
    scorer = Scorer(args.engine, args.out + ".trial")
    best = scorer.tau(render(lines, values), train)
    kept = (scorer.tau(render(lines, values), held), dict(values))
    print(f"start: tau {best:.4f}, held out {kept[0]:.4f}; fitting {' '.join(free)}", flush=True)
    for number in range(1, args.passes + 1):
        moved = []
        for key in free:
            for sign in (1, -1):
                trial = dict(values)
                trial[key] = max(0, values[key] + sign * steps[key])
                if trial[key] == values[key]:
                    continue
                t = scorer.tau(render(lines, trial), train)
                if t > best:
                    best, values = t, trial
                    moved.append(f"{key}={trial[key]}")
                    break
        held_tau = scorer.tau(render(lines, values), held)
        if held_tau > kept[0]:
            kept = (held_tau, dict(values))
        print(f"pass {number}: tau {best:.4f}, held out {held_tau:.4f}; {' '.join(moved)}", flush=True)
        if not moved:
            if all(s == 1 for s in steps.values()):
                break
            steps = {k: max(1, s // 2) for k, s in steps.items()}
    with open(args.out, "w") as f:
        f.write(f"# fitted by scripts/rank-tune.py on {len(train)} nodes; held-out tau {kept[0]:.4f}\n")
        f.writelines(render(lines, kept[1]))
    print(f"held-out tau best {kept[0]:.4f}; written to {args.out}")


if __name__ == "__main__":
    main()
