"""The lines of a label cache of `menagerie tune --label-cache F`: a
comment header, then `FEN<TAB>score` a line, the score in centipawns for
the side to move."""


def entries(path):
    """(fen, score for the side to move) of every readable line."""
    with open(path) as f:
        for line in f:
            if line.startswith("#"):
                continue
            fen, _, score = line.rstrip("\n").partition("\t")
            try:
                yield fen, int(score)
            except ValueError:
                continue
