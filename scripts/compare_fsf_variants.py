#!/usr/bin/env python3
"""Perft of every game both menagerie and Fairy-Stockfish load, by both.

The games: every section of our library file (src/rules/variants/library/
fairy-stockfish.ini, compared with Fairy-Stockfish's built-in game of the
same name), and every section of Fairy-Stockfish's own variants.ini that
`menagerie check` accepts. One bad section refuses a whole file, so each
section of variants.ini is checked alone: written to a temporary file with
its parents (those of variants.ini, or for a Fairy-Stockfish built-in parent
our library's section of that name).

For each game: perft from the start position to depth 4 (less where that
passes 5M nodes), and perft of positions reached by seeded random games
(10-40 plies, by pyffish) to depth 3 (less where that passes 1M nodes), by
both engines; Fairy-Stockfish through UCI (`go perft`).

Prints a Markdown table and the refused sections with our first reason;
with --write-doc FILE, also puts them between the lines
`<!-- fsf-comparison:start -->` and `<!-- fsf-comparison:end -->` of FILE.
With --write-vectors, writes tests/perft/library/<game>.perft (the counts
as Fairy-Stockfish gives them) for every library game that agrees.
Exits 1 if a game both engines load disagrees.

  scripts/compare-fsf-variants.sh [--fsf-ini PATH] [--only a,b] [--write-doc docs/variant-files.md]

Needs: pyffish (pip install pyffish), a Fairy-Stockfish binary
(scripts/build-fsf.sh), Fairy-Stockfish's src/variants.ini (--fsf-ini; its
text is not in the pyffish package).
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIBRARY = os.path.join(ROOT, "src/rules/variants/library/fairy-stockfish.ini")
VECTORS = os.path.join(ROOT, "tests/perft/library")
START_MAX_DEPTH, START_BUDGET = 4, 5_000_000
RANDOM_MAX_DEPTH, RANDOM_BUDGET = 3, 1_000_000
# Counts above this are tagged R (release builds only) in the vector files.
DEBUG_BUDGET = 1_000_000
MARK_START, MARK_END = "<!-- fsf-comparison:start -->", "<!-- fsf-comparison:end -->"


# --- ini files --------------------------------------------------------------

class Section:
    def __init__(self, name, parent, lines):
        self.name, self.parent, self.lines = name, parent, lines

    def text(self):
        head = f"[{self.name}:{self.parent}]" if self.parent else f"[{self.name}]"
        return "\n".join([head] + self.lines) + "\n"


def read_sections(text):
    """Sections of an ini text, in order, each with its raw lines (comments
    dropped). Like Fairy-Stockfish, text before the first header is skipped."""
    sections, current = [], None
    for raw in text.splitlines():
        line = raw.rstrip("\r")
        if line.startswith("[") and "]" in line:
            head = line[1:line.index("]")]
            name, _, parent = head.partition(":")
            current = Section(name.strip(), parent.strip() or None, [])
            sections.append(current)
        elif current is not None and line.strip() and line[0] not in "#;":
            current.lines.append(line)
    return sections


def chain_text(name, fsf_sections, library_sections):
    """The text of `name` and its parents (ancestors first), or None when a
    parent is neither in variants.ini nor our library (then menagerie's
    own built-ins, such as chess, must hold it)."""
    out, at, seen = [], name, set()
    while at and at not in seen:
        seen.add(at)
        section = fsf_sections.get(at) or library_sections.get(at)
        if section is None:
            break  # chess, or a Fairy-Stockfish built-in we do not have
        out.append(section)
        at = section.parent
    return "".join(s.text() for s in reversed(out))


# --- engines ----------------------------------------------------------------

class Menagerie:
    def __init__(self, binary):
        self.binary = binary

    def check(self, path):
        """None if the file loads, else its first problem (key: message)."""
        p = subprocess.run([self.binary, "check", path], capture_output=True, text=True)
        if p.returncode == 0:
            return None
        for line in (p.stdout + p.stderr).splitlines():
            if line.startswith(path + ":") and "problem(s)" not in line:
                rest = line[len(path) + 1:]
                rest = re.sub(r"^\d+: ", "", rest)
                return rest.strip()
        return (p.stdout + p.stderr).strip().splitlines()[0]

    def perft(self, ini, variant, depth, fen=None, moves=None):
        cmd = [self.binary, "--variants", ini, "perft", "--variant", variant, "--depth", str(depth)]
        if fen:
            cmd += ["--fen", fen]
        if moves:
            cmd += ["--moves"] + moves
        p = subprocess.run(cmd, capture_output=True, text=True)
        m = re.search(r"Nodes searched: (\d+)", p.stdout)
        if not m:
            return "error: " + (p.stderr.strip() or p.stdout.strip()).splitlines()[-1][:200]
        return int(m.group(1))


class Fsf:
    def __init__(self, binary, ini):
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name VariantPath value {ini}")
        self.variant = None

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("Fairy-Stockfish quit")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def perft(self, variant, depth, fen=None):
        if variant != self.variant:
            self.send(f"setoption name UCI_Variant value {variant}")
            self.variant = variant
        self.send("position startpos" if fen is None else f"position fen {fen}")
        self.send(f"go perft {depth}")
        line = self.wait("Nodes searched:")[-1]
        return int(line.split(":")[1])

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


# --- FEN --------------------------------------------------------------------

def to_menagerie_fen(fen):
    """Fairy-Stockfish's FEN as menagerie writes it, where the rules are the
    same: the promoted-piece mark `Q~` is our `+Q`; the en passant field of
    a custom piece's initial leap (Fairy-Stockfish lists the squares passed
    over and the one landed on, `b5c6`) is our two-leg form `d7c6,c6b5`."""
    fields = fen.split(" ")
    fields[0] = re.sub(r"([A-Za-z])~", r"+\1", fields[0])
    if len(fields) > 3:
        squares = re.findall(r"([a-z])(\d+)", fields[3])
        if len(squares) == 2:
            # The mover is the side not to move; its piece went away from
            # its own side: the landing square is the one further on.
            sign = -1 if fields[1] == "w" else 1
            (f1, r1), (f2, r2) = [(ord(f) - 97, int(r)) for f, r in squares]
            (mf, mr), (tf, tr) = sorted([(f1, r1), (f2, r2)], key=lambda s: sign * s[1])
            of, orank = 2 * mf - tf, 2 * mr - tr
            sq = lambda f, r: f"{chr(97 + f)}{r}"
            fields[3] = f"{sq(of, orank)}{sq(mf, mr)},{sq(mf, mr)}{sq(tf, tr)}"
    return " ".join(fields)


def random_positions(sf, variant, count, seed):
    """`count` (moves, FEN) of seeded random games of 10-40 plies (stopping
    early where a game ends)."""
    rng = random.Random(seed ^ zlib.crc32(variant.encode()))
    start = sf.start_fen(variant)
    promoted = sf.captures_to_hand(variant)
    out, tries = [], 0
    while len(out) < count and tries < count * 10:
        tries += 1
        moves = []
        for _ in range(rng.randint(10, 40)):
            legal = sf.legal_moves(variant, start, moves)
            if not legal:
                break
            moves.append(rng.choice(sorted(legal)))
        while moves and not sf.legal_moves(variant, start, moves):
            moves.pop()
        fen = sf.get_fen(variant, start, moves, False, False, promoted)
        if fen not in [f for _, f in out]:
            out.append((moves, fen))
    return out


def fsf_counts(fsf, variant, max_depth, budget, fen=None):
    """[(depth, nodes)] from 1 to the deepest within the budget."""
    counts = []
    for depth in range(1, max_depth + 1):
        if len(counts) >= 2 and counts[-2][1] > 0:
            estimate = counts[-1][1] * counts[-1][1] / counts[-2][1]
            if estimate > 4 * budget:
                break
        nodes = fsf.perft(variant, depth, fen)
        if nodes > budget and counts:
            break
        counts.append((depth, nodes))
        if nodes == 0:
            break
    return counts


# --- comparison -------------------------------------------------------------

class Result:
    def __init__(self, name, source):
        self.name, self.source = name, source
        self.start = None          # (depth, fsf nodes)
        self.cases = []            # (fen, [(depth, nodes)]) as FSF gives them
        self.compared = 0
        self.mismatches = []       # text
        self.fen_problems = []     # agree after the moves, not from the FEN

    @property
    def agrees(self):
        return not self.mismatches


def compare(name, source, ini, menagerie, fsf, sf, args):
    r = Result(name, source)
    start = fsf_counts(fsf, name, START_MAX_DEPTH, START_BUDGET)
    depth, nodes = start[-1]
    ours = menagerie.perft(ini, name, depth)
    r.start = (depth, nodes)
    start_fen = sf.start_fen(name)
    if ours != nodes:
        r.mismatches.append(f"start perft({depth}): menagerie {ours}, Fairy-Stockfish {nodes}")
    r.cases.append((to_menagerie_fen(start_fen), start))
    for moves, fen in random_positions(sf, name, args.positions, args.seed):
        counts = fsf_counts(fsf, name, RANDOM_MAX_DEPTH, RANDOM_BUDGET, fen)
        depth, nodes = counts[-1]
        r.compared += 1
        # After the moves from the start (each engine's own state, no FEN
        # read), then from the FEN (what the vector file will hold).
        ours = menagerie.perft(ini, name, depth, moves=moves)
        if ours != nodes:
            r.mismatches.append(f"start, moves {' '.join(moves)} (`{fen}`) perft({depth}): "
                                f"menagerie {ours}, Fairy-Stockfish {nodes}")
            continue
        ours = menagerie.perft(ini, name, depth, fen=to_menagerie_fen(fen))
        if ours != nodes:
            r.fen_problems.append(f"`{fen}` perft({depth}) from the FEN: menagerie {ours}, "
                                  f"Fairy-Stockfish {nodes} (the same after the moves)")
            continue
        r.cases.append((to_menagerie_fen(fen), counts))
    return r


def write_vectors(r):
    os.makedirs(VECTORS, exist_ok=True)
    lines = [
        f"# Perft vectors for {r.name}, a game of the library",
        "# (src/rules/variants/library/fairy-stockfish.ini), counted by the current",
        "# Fairy-Stockfish (its built-in game of this name): the start position,",
        "# then positions of seeded random games. Format as tests/perft/chess.perft;",
        f"# counts above {DEBUG_BUDGET} are R (release builds only).",
        "# Written by scripts/compare-fsf-variants.sh.",
    ]
    for fen, counts in r.cases:
        tags = " ".join(f";{'R' if n > DEBUG_BUDGET else 'D'}{d} {n}" for d, n in counts)
        lines.append(f"{fen} {tags}")
    with open(os.path.join(VECTORS, f"{r.name}.perft"), "w") as f:
        f.write("\n".join(lines) + "\n")


def report(results, refused, fsf_version):
    agree = [r for r in results if r.agrees]
    disagree = [r for r in results if not r.agrees]
    out = [
        f"Perft of menagerie against Fairy-Stockfish ({fsf_version}), "
        f"written by `scripts/compare-fsf-variants.sh`: {len(agree)} games agree, "
        f"{len(disagree)} disagree, {len(refused)} sections of Fairy-Stockfish's "
        "variants.ini are refused by menagerie. Start: perft to depth 4 (less past "
        f"{START_BUDGET:,} nodes); random: positions of seeded random games, perft to depth 3 "
        f"(less past {RANDOM_BUDGET:,} nodes).",
        "",
        "| variant | source | start depth | start nodes | random positions | result |",
        "|---|---|---|---|---|---|",
    ]
    for r in results:
        verdict = "agree" if r.agrees else f"**disagree** ({len(r.mismatches)})"
        if r.fen_problems:
            verdict += f", {len(r.fen_problems)} FEN not read alike"
        out.append(f"| {r.name} | {r.source} | {r.start[0]} | {r.start[1]} | {r.compared} | {verdict} |")
    if disagree:
        out += ["", "Disagreements:", ""]
        for r in disagree:
            for m in r.mismatches:
                out.append(f"- {r.name}: {m}")
    fen_notes = [(r.name, m) for r in results for m in r.fen_problems]
    if fen_notes:
        out += ["", "Positions that agree after the moves but whose FEN menagerie reads "
                "otherwise (left out of the vector files):", ""]
        out += [f"- {n}: {m}" for n, m in fen_notes]
    out += ["", "Sections of Fairy-Stockfish's variants.ini that menagerie refuses "
            "(the first problem `menagerie check` names):", ""]
    for name, why in refused:
        out.append(f"- `{name}`: {why}")
    return "\n".join(out) + "\n"


def write_doc(path, text):
    if not os.path.exists(path):
        print(f"{path}: no such file; not written", file=sys.stderr)
        return
    with open(path) as f:
        doc = f.read()
    if MARK_START not in doc or MARK_END not in doc:
        print(f"{path}: no {MARK_START} / {MARK_END} lines; not written", file=sys.stderr)
        return
    head, rest = doc.split(MARK_START, 1)
    _, tail = rest.split(MARK_END, 1)
    with open(path, "w") as f:
        f.write(head + MARK_START + "\n" + text + MARK_END + tail)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--fsf", default=os.path.join(ROOT, "peers/fsf/fairy-stockfish"))
    ap.add_argument("--menagerie", default=os.path.join(ROOT, "target/release/menagerie"))
    ap.add_argument("--fsf-ini", default=os.environ.get("FSF_VARIANTS_INI",
                                                       os.path.join(ROOT, "peers/fsf/variants.ini")),
                    help="Fairy-Stockfish's src/variants.ini (of the version built)")
    ap.add_argument("--library", default=LIBRARY)
    ap.add_argument("--positions", type=int, default=5, help="random positions a game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", help="comma-separated game names")
    ap.add_argument("--no-fsf-ini", action="store_true", help="only the library's games")
    ap.add_argument("--write-doc", metavar="FILE")
    ap.add_argument("--write-vectors", action="store_true",
                    help="write tests/perft/library/<game>.perft for agreeing library games")
    args = ap.parse_args()

    import pyffish as sf

    if not os.path.exists(args.fsf_ini):
        sys.exit(f"no Fairy-Stockfish variants.ini at {args.fsf_ini} (--fsf-ini)")
    fsf_text = open(args.fsf_ini).read()
    sf.load_variant_config(fsf_text)
    fsf_sections = {s.name: s for s in read_sections(fsf_text)}
    library_sections = {s.name: s for s in read_sections(open(args.library).read())}
    only = set(args.only.split(",")) if args.only else None
    menagerie = Menagerie(args.menagerie)
    fsf = Fsf(args.fsf, os.path.abspath(args.fsf_ini))

    # pyffish (random games) and the binary (perft) must be the same engine.
    check_fen = sf.get_fen("capablanca", sf.start_fen("capablanca"), ["e2e4", "f7f5"])
    py_count = sum(len(sf.legal_moves("capablanca", check_fen, [m]))
                   for m in sf.legal_moves("capablanca", check_fen, []))
    if py_count != fsf.perft("capablanca", 2, check_fen):
        sys.exit("pyffish and the Fairy-Stockfish binary disagree: versions differ?")
    version = "pyffish %d.%d.%d" % sf.version()

    problem = menagerie.check(args.library)
    if problem:
        sys.exit(f"{args.library}: {problem}")
    games = []  # (name, source, ini)
    for name in library_sections:
        if any(l.replace(" ", "") == "template=true" for l in library_sections[name].lines):
            continue
        games.append((name, "library", args.library))
    refused = []
    tmp = tempfile.mkdtemp(prefix="fsf-compare-")
    if not args.no_fsf_ini:
        for name, section in fsf_sections.items():
            if only and name not in only:
                continue
            path = os.path.join(tmp, f"{name}.ini")
            with open(path, "w") as f:
                f.write(chain_text(name, fsf_sections, library_sections))
            why = menagerie.check(path)
            if why:
                refused.append((name, why))
            elif name not in sf.variants():
                refused.append((name, "(Fairy-Stockfish does not load it)"))
            else:
                games.append((name, "variants.ini", path))

    results, failed = [], False
    for name, source, ini in games:
        if only and name not in only:
            continue
        r = compare(name, source, ini, menagerie, fsf, sf, args)
        print(f"{name}: {'agree' if r.agrees else 'DISAGREE'} "
              f"(start d{r.start[0]} {r.start[1]}, {r.compared} positions)", file=sys.stderr)
        for m in r.mismatches + r.fen_problems:
            print(f"  {m}", file=sys.stderr)
        results.append(r)
        failed |= not r.agrees
        if args.write_vectors and source == "library" and r.agrees:
            write_vectors(r)
    fsf.close()

    text = report(results, refused, version)
    print(text)
    if args.write_doc:
        write_doc(args.write_doc, text)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
