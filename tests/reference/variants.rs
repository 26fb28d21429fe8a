//! Piece and variant tables for the reference move generator.
//!
//! Everything the generator knows about a game lives here, as data. A new
//! variant is a new `static Variant` (plus any new `PieceDef`s) and one more
//! line in `variant_by_name`; the generator in `mod.rs` should not need to
//! change unless a genuinely new *kind* of rule appears.
//!
//! Conventions:
//! * Vectors are written from White's point of view: `dy > 0` is "forward".
//!   For Black the generator negates `dy`, exactly like a real board flip.
//! * Every direction is listed explicitly (no symmetry expansion), so what you
//!   read is exactly what the generator does. A compound piece is the plain
//!   concatenation of its parts' lists (`join`).
//! * Coordinates are the grid's: x = 0 is file `a`, y = 0 is rank `1`.

/// How far a vector reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// One jump of (dx, dy); squares in between are irrelevant (knight, king).
    Leap,
    /// Repeated (dx, dy) steps until blocked by a piece, a hole or the board
    /// edge. Each step is itself a jump, so only the squares it lands on
    /// matter: with (1, 2) this is the Nightrider, every intermediate landing
    /// square empty, capturing only on the last one.
    Slide,
    /// A slide of at most this many steps (the Old Elephant).
    Range(usize),
}

/// What a vector may do on the square it lands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Normal piece: move to an empty square or capture an enemy.
    MoveOrCapture,
    /// Only to an empty square (pawn push, Pawn Eater's bishop move).
    MoveOnly,
    /// Only onto an enemy (pawn capture); also the en-passant vector.
    CaptureOnly,
}

#[derive(Clone, Copy, Debug)]
pub struct Vector {
    pub dx: i32,
    pub dy: i32,
    pub reach: Reach,
    pub mode: Mode,
    /// Only while the piece has never moved (it still stands on its start
    /// square and has not left it): the pawn's double step, the Hubbub
    /// Scout's knight move and Bishop's camel move.
    pub first_move_only: bool,
    /// A straight two-square leap over the midpoint `(dx / 2, dy / 2)`,
    /// which must be an empty square (a lame leap). Afterwards the midpoint
    /// is the en-passant square and this piece the one that can be taken
    /// there.
    pub double_step: bool,
    /// A two-square leap along a line (dx and dy even) over the midpoint
    /// `(dx / 2, dy / 2)`, which must be empty or hold a `leapable` piece
    /// (Truffle Hunt's pig two-steps). It moves or captures as `mode` says
    /// and leaves no en-passant square.
    pub lame: bool,
    /// Some((bx, by)): a lame leap in the Xiangqi way, blocked when the
    /// square (bx, by) away from the start (White's view, like dx, dy)
    /// holds any piece: the Horse's orthogonal neighbour in the direction
    /// of its longer step, the Elephant's diagonal square passed over.
    pub blocker: Option<(i32, i32)>,
}

const fn vector(dx: i32, dy: i32, reach: Reach, mode: Mode) -> Vector {
    Vector {
        dx,
        dy,
        reach,
        mode,
        first_move_only: false,
        double_step: false,
        lame: false,
        blocker: None,
    }
}

const fn leap(dx: i32, dy: i32) -> Vector {
    vector(dx, dy, Reach::Leap, Mode::MoveOrCapture)
}

const fn slide(dx: i32, dy: i32) -> Vector {
    vector(dx, dy, Reach::Slide, Mode::MoveOrCapture)
}

/// A slide of at most `n` steps, moving or capturing.
const fn range(dx: i32, dy: i32, n: usize) -> Vector {
    vector(dx, dy, Reach::Range(n), Mode::MoveOrCapture)
}

const fn move_only(dx: i32, dy: i32) -> Vector {
    vector(dx, dy, Reach::Leap, Mode::MoveOnly)
}

const fn slide_move_only(dx: i32, dy: i32) -> Vector {
    vector(dx, dy, Reach::Slide, Mode::MoveOnly)
}

const fn capture_only(dx: i32, dy: i32) -> Vector {
    vector(dx, dy, Reach::Leap, Mode::CaptureOnly)
}

/// The same vector, available only while the piece has never moved.
const fn initial(v: Vector) -> Vector {
    Vector {
        first_move_only: true,
        ..v
    }
}

/// The pawn-style first-move double step straight forward: move-only, over
/// an empty square, leaves an en-passant square behind.
const fn double_step() -> Vector {
    Vector {
        first_move_only: true,
        double_step: true,
        ..move_only(0, 2)
    }
}

/// A two-square leap over a midpoint that only a `leapable` piece may
/// occupy, moving or capturing.
const fn lame(dx: i32, dy: i32) -> Vector {
    Vector {
        lame: true,
        ..leap(dx, dy)
    }
}

/// A leap that any piece on the square (bx, by) blocks (Xiangqi's `n`).
const fn blocked_leap(dx: i32, dy: i32, bx: i32, by: i32) -> Vector {
    Vector {
        blocker: Some((bx, by)),
        ..leap(dx, dy)
    }
}

/// `a` followed by `b`, for compound pieces (`N` must be the sum of lengths).
const fn join<const N: usize>(a: &[Vector], b: &[Vector]) -> [Vector; N] {
    assert!(a.len() + b.len() == N);
    let mut out = [leap(0, 0); N];
    let mut i = 0;
    while i < a.len() {
        out[i] = a[i];
        i += 1;
    }
    while i < N {
        out[i] = b[i - a.len()];
        i += 1;
    }
    out
}

/// The vectors of the leaper `(a, b)`: every sign and both orders, each
/// listed once (so 8 for `a != b`, 4 for `a == b`).
pub fn leaper_vectors((a, b): Leaper) -> Vec<Vector> {
    let (a, b) = (i32::from(a), i32::from(b));
    let mut out: Vec<Vector> = Vec::new();
    for (dx, dy) in [
        (a, b),
        (b, a),
        (b, -a),
        (a, -b),
        (-a, -b),
        (-b, -a),
        (-b, a),
        (-a, b),
    ] {
        if !out.iter().any(|v| (v.dx, v.dy) == (dx, dy)) {
            out.push(leap(dx, dy));
        }
    }
    out
}

/// One kind of piece. Flags default to "plain piece" via `PLAIN`.
#[derive(Debug)]
pub struct PieceDef {
    /// FEN / promotion letter, lowercase. White pieces are written uppercase.
    pub letter: char,
    pub vectors: &'static [Vector],
    /// The side loses if this piece can be captured: a move that leaves any
    /// own royal piece attacked is illegal. A variant without royal pieces
    /// (Pawn Eaters) simply has no check at all.
    pub royal: bool,
    /// Its moves reset the halfmove clock (pawns, and Wolf's Sergeant: the
    /// pieces that only go forward).
    pub resets_clock: bool,
    /// Its `CaptureOnly` leaps may also land on the en-passant square and
    /// capture the piece that just double-stepped over it.
    pub takes_en_passant: bool,
    /// Its en-passant capture is written in two legs, `d5e5,e5e6` (to the
    /// victim, then to the en-passant square), because it has a quiet move to
    /// the same square (the Pawn Eater). Otherwise just `d5e6`, unless the
    /// piece's mode gives it a quiet move there too (Monty Python's Pawn in
    /// drag: see `RefPosition::move_text`).
    pub ep_two_legs: bool,
    /// Letters it must turn into on reaching `Variant::promotion_rank` (one
    /// move per choice); empty: it does not promote.
    pub promotions: &'static [char],
    /// Pieces with these letters cannot capture it (Pawn Eaters: pawns
    /// cannot take a Pawn Eater).
    pub immune_from: &'static [char],
    /// Some(n): may instead jump, without capturing, to any empty square
    /// except those on the opponent's n back ranks (Shamanic Rook, n = 2).
    pub teleport: Option<usize>,
    /// The king of castling.
    pub castling_king: bool,
    /// The rook of castling.
    pub castling_rook: bool,
    /// Eurofighter first move: while it has never moved it may instead make
    /// two of its own single steps in a row (each one as its vectors allow:
    /// straight forward onto an empty square, diagonally forward onto an
    /// enemy), any combination, capturing up to twice. The square after the
    /// first step is then the en-passant square, and this piece, wherever it
    /// now stands, the one taken there. Vectors must be single leaps.
    pub eurofighter: bool,
    /// Moves and captures as its side's current dice leaper
    /// (`RefPosition::knights`) instead of by `vectors` (Carnival's Knight).
    pub dice_leaper: bool,
    /// Written with a `+` before its letter (`+K`, `+n`): Truffle Hunt's
    /// active pieces. The kind with the same letter and no `plus` is its
    /// inactive form. Letters are unique per (letter, plus).
    pub plus: bool,
    /// Some(n): an inactive piece that its owner may activate for n
    /// truffles from its store, turning it into the `plus` kind with the
    /// same letter.
    pub activation_cost: Option<u8>,
    /// Faces of the truffle die on which it finds a truffle when it ends a
    /// move on a square with truffles (or the food of another Food Hunt
    /// game); empty: it does not hunt (see `Variant::truffles`).
    pub finds_on: &'static [u8],
    /// Faces of the second throw, after a find, on which it eats what it
    /// found (otherwise it is kept in the store); empty: it never eats, so
    /// `find:eat` is no outcome of its finds (Mining's Generals).
    pub eats_on: &'static [u8],
    /// Captured, it joins the capturer's reserve as the capturer's piece of
    /// the same kind (the pigs).
    pub defects: bool,
    /// The active (`plus`) pieces it captures go back to their owner's
    /// reserve, inactive (the pigs). Other captured pieces (unless they
    /// `defect`) leave the game.
    pub returns_active: bool,
    /// `lame` leaps may pass over it (pigs and inactive pieces).
    pub leapable: bool,
    /// Drop games: the rank, counted from its owner's side (0 = first
    /// rank), on whose empty squares it may be dropped from the reserve.
    pub drop_rank: usize,
    /// Some: a promotion (or demotion) of its own, judged on the rank
    /// where each of its moves ends (see `Change`), besides or instead of
    /// `promotions` on the variant's `promotion_rank`.
    pub change: Option<&'static Change>,
    /// Some(letter): captured (and `defects`), it joins the capturer's
    /// reserve as the piece with this letter, not as itself, so it is
    /// never in a reserve (Oyster Hunt's Goldtusk, as a Walrus).
    pub captured_as: Option<char>,
}

/// A piece's own promotion, judged where a move ends, ranks counted from
/// its owner's side (0 = first rank): a move ending on a `may` rank is two
/// moves, one leaving the piece as it is and one (written with the new
/// letter as suffix) turning it into `into`; a move ending on a `must`
/// rank only the second. Oyster Hunt's Walrus may become a Goldtusk on
/// its 7th rank and must on its 8th; the Goldtusk may turn back into a
/// Walrus on its 3rd to 6th ranks and must on its 2nd.
#[derive(Debug)]
pub struct Change {
    pub into: char,
    pub may: &'static [usize],
    pub must: &'static [usize],
}

const PLAIN: PieceDef = PieceDef {
    letter: '?',
    vectors: &[],
    royal: false,
    resets_clock: false,
    takes_en_passant: false,
    ep_two_legs: false,
    promotions: &[],
    immune_from: &[],
    teleport: None,
    castling_king: false,
    castling_rook: false,
    eurofighter: false,
    dice_leaper: false,
    plus: false,
    activation_cost: None,
    finds_on: &[],
    eats_on: &[],
    defects: false,
    returns_active: false,
    leapable: false,
    drop_rank: 0,
    change: None,
    captured_as: None,
};

/// One castling move, for White; Black's is the same mirrored along the
/// ranks, with the letter in lower case. x values are files (0 = `a`).
#[derive(Debug)]
pub struct Castling {
    /// FEN letter of the right, upper case (`K`: the rook on the last file's
    /// side, `Q`: the first file's side).
    pub letter: char,
    /// Rank of king and rook counted from White's side (0 = rank 1).
    pub rank: usize,
    pub king_from: usize,
    pub king_to: usize,
    pub rook_from: usize,
    pub rook_to: usize,
}

/// A whole game: board shape, pieces, start position, promotion, castling.
#[derive(Debug)]
pub struct Variant {
    pub name: &'static str,
    pub width: usize,
    pub height: usize,
    /// The board as a picture, top rank first, one character a cell:
    /// `.` an ordinary square, `*` a hole (no square at all: slides stop
    /// there as at the edge, leaps cannot land there; `*` in a FEN),
    /// `c` a square that can be entered only by capturing the piece on it
    /// (Hubbub's extra squares). Empty: every cell is an ordinary square.
    pub shape: &'static [&'static str],
    pub pieces: &'static [PieceDef],
    pub start_fen: &'static str,
    /// Rank (counted from the mover's side, 0 = its first rank) on which a
    /// piece with promotion choices promotes.
    pub promotion_rank: usize,
    pub castling: &'static [Castling],
    /// Some(letter): a side with no piece of this kind has lost, and a
    /// position where either side has none has no moves at all.
    pub extinction: Option<char>,
    /// Dice games: after every move the mover throws two dice, which fix the
    /// leaper its `dice_leaper` pieces move as (see `Dice`).
    pub dice: Option<&'static Dice>,
    /// Drop games: captured pieces may go to a reserve (see
    /// `PieceDef::defects`, `returns_active`), written as FEN holdings
    /// `[...]`, and be put back on the board instead of a move.
    pub drops: Option<&'static Drops>,
    /// Truffle Hunt and the other Food Hunt games: per-square truffle
    /// (food) counts, a store per side, the truffle die of hunting pieces
    /// (`PieceDef::finds_on`, `eats_on`) and activation of inactive pieces
    /// (`PieceDef::activation_cost`).
    pub truffles: Option<&'static Truffles>,
    /// Mode-dice games (Up and Down, Multipawn, Army and Piece
    /// Orientation, Monty Python): after every move the mover throws, and the throw is
    /// its *mode*, which says how its pieces move (see `ModeDice`).
    pub modes: Option<&'static ModeDice>,
}

/// The rules for putting pieces from the reserve back on the board.
#[derive(Debug)]
pub struct Drops {
    /// (letter, n): a drop of a piece with this letter is refused if
    /// afterwards its owner has more than n pieces with this letter (active
    /// or inactive form) on squares of the colour it was dropped on.
    pub colour_limits: &'static [(char, usize)],
}

/// Truffle Hunt's counters and its die; the same for the other Food Hunt
/// games (Butterfly Hunt, Mining, Nut Hunt, Shrimp Hunt), whose food is
/// written under another word.
#[derive(Debug)]
pub struct Truffles {
    /// The FEN field's word before `=`: `truffles`, `butterflies`, `ore`,
    /// `nuts`, `shrimps` (one of `FOOD_WORDS`).
    pub word: &'static str,
    /// Faces of the truffle die.
    pub faces: u8,
    /// The most a store holds; a truffle kept beyond it is lost.
    pub store_max: u8,
    /// The most truffles a square may hold (in a FEN; play only lowers
    /// the counts).
    pub square_max: u8,
}

/// A leaper `(a, b)`, always written with `a >= b`: it jumps `a` squares
/// along one axis and `b` along the other, in every direction (8 for
/// `a != b`, 4 for the diagonal `a == b`).
pub type Leaper = (u8, u8);

/// The dice of a dice game: two dice of `faces` faces each.
#[derive(Debug)]
pub struct Dice {
    pub faces: u8,
    /// Every leaper a side's knights can become, with its name.
    pub leapers: &'static [(u8, u8, &'static str)],
    /// What a throw `(x, y)`, `x >= y`, gives: the leapers the thrower must
    /// pick one from (just one: no choice).
    pub offers: fn(u8, u8) -> Vec<Leaper>,
    /// A pawn reaching the far rank stays a pawn until its mover has thrown
    /// (and chosen a leaper, if offered); then the mover picks the piece.
    pub promotes_after_throw: bool,
}

// ---------------------------------------------------------------- shared

const KNIGHT: &[Vector] = &[
    leap(1, 2),
    leap(2, 1),
    leap(2, -1),
    leap(1, -2),
    leap(-1, -2),
    leap(-2, -1),
    leap(-2, 1),
    leap(-1, 2),
];

const BISHOP: &[Vector] = &[slide(1, 1), slide(1, -1), slide(-1, -1), slide(-1, 1)];

const ROOK: &[Vector] = &[slide(1, 0), slide(0, -1), slide(-1, 0), slide(0, 1)];

const QUEEN: &[Vector] = &[
    slide(1, 0),
    slide(0, -1),
    slide(-1, 0),
    slide(0, 1),
    slide(1, 1),
    slide(1, -1),
    slide(-1, -1),
    slide(-1, 1),
];

const KING: &[Vector] = &[
    leap(1, 0),
    leap(0, -1),
    leap(-1, 0),
    leap(0, 1),
    leap(1, 1),
    leap(1, -1),
    leap(-1, -1),
    leap(-1, 1),
];

/// Push one straight ahead, double step on its first move, capture one
/// diagonally ahead.
const PAWN: &[Vector] = &[
    move_only(0, 1),
    double_step(),
    capture_only(1, 1),
    capture_only(-1, 1),
];

const fn pawn(promotions: &'static [char]) -> PieceDef {
    PieceDef {
        letter: 'p',
        vectors: PAWN,
        resets_clock: true,
        takes_en_passant: true,
        promotions,
        ..PLAIN
    }
}

const fn piece(letter: char, vectors: &'static [Vector]) -> PieceDef {
    PieceDef {
        letter,
        vectors,
        ..PLAIN
    }
}

const KING_DEF: PieceDef = PieceDef {
    letter: 'k',
    vectors: KING,
    royal: true,
    castling_king: true,
    ..PLAIN
};

const ROOK_DEF: PieceDef = PieceDef {
    letter: 'r',
    vectors: ROOK,
    castling_rook: true,
    ..PLAIN
};

// ---------------------------------------------------------------- chess

const CHESS_PIECES: &[PieceDef] = &[
    pawn(&['q', 'r', 'b', 'n']),
    piece('n', KNIGHT),
    piece('b', BISHOP),
    ROOK_DEF,
    piece('q', QUEEN),
    KING_DEF,
];

/// e1-g1 with the h1 rook to f1, e1-c1 with the a1 rook to d1.
const CHESS_CASTLING: &[Castling] = &[
    Castling {
        letter: 'K',
        rank: 0,
        king_from: 4,
        king_to: 6,
        rook_from: 7,
        rook_to: 5,
    },
    Castling {
        letter: 'Q',
        rank: 0,
        king_from: 4,
        king_to: 2,
        rook_from: 0,
        rook_to: 3,
    },
];

pub static CHESS: Variant = Variant {
    name: "chess",
    width: 8,
    height: 8,
    shape: &[],
    pieces: CHESS_PIECES,
    start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    promotion_rank: 7,
    castling: CHESS_CASTLING,
    extinction: None,
    dice: None,
    drops: None,
    truffles: None,
    modes: None,
};

// ---------------------------------------------------------------- Petty Chess

/// Petty Chess (examples/petty.ini, a game from Fairy-Stockfish's
/// variants.ini): chess on 5 files and 6 ranks, the pawns without their
/// double step, no castling.
const PETTY_PIECES: &[PieceDef] = &[
    PieceDef {
        vectors: &[move_only(0, 1), capture_only(1, 1), capture_only(-1, 1)],
        ..pawn(&['q', 'r', 'b', 'n'])
    },
    piece('n', KNIGHT),
    piece('b', BISHOP),
    piece('r', ROOK),
    piece('q', QUEEN),
    PieceDef {
        castling_king: false,
        ..KING_DEF
    },
];

pub static PETTY: Variant = Variant {
    name: "petty",
    width: 5,
    height: 6,
    shape: &[],
    pieces: PETTY_PIECES,
    start_fen: "qkbnr/ppppp/5/5/PPPPP/QKBNR w - - 0 1",
    promotion_rank: 5,
    castling: &[],
    extinction: None,
    dice: None,
    drops: None,
    truffles: None,
    modes: None,
};

// ---------------------------------------------------------------- Wolf Chess

/// Knight steps repeated in one direction; every landing square on the way
/// must be empty (that is just `Reach::Slide` on knight vectors).
const NIGHTRIDER: &[Vector] = &[
    slide(1, 2),
    slide(2, 1),
    slide(2, -1),
    slide(1, -2),
    slide(-1, -2),
    slide(-2, -1),
    slide(-2, 1),
    slide(-1, 2),
];

const FOX: [Vector; 12] = join(BISHOP, KNIGHT);
const WOLF: [Vector; 12] = join(ROOK, KNIGHT);
const ELEPHANT: [Vector; 16] = join(QUEEN, NIGHTRIDER);

/// One step straight or diagonally forward, moving or capturing; on its
/// first move also a double step straight forward (not capturing). Never
/// takes en passant, but may be taken en passant after its double step.
const SERGEANT: &[Vector] = &[leap(-1, 1), leap(0, 1), leap(1, 1), double_step()];

const WOLF_PIECES: &[PieceDef] = &[
    pawn(&['q', 'r', 'b', 'h', 'w', 'f', 'n', 'e']),
    PieceDef {
        letter: 's',
        vectors: SERGEANT,
        resets_clock: true,
        promotions: &['q', 'r', 'b', 'h', 'w', 'f', 'n'],
        ..PLAIN
    },
    piece('n', NIGHTRIDER),
    piece('h', KNIGHT),
    piece('b', BISHOP),
    piece('r', ROOK),
    piece('q', QUEEN),
    piece('f', &FOX),
    piece('w', &WOLF),
    piece('e', &ELEPHANT),
    KING_DEF,
];

pub static WOLF_CHESS: Variant = Variant {
    name: "wolf",
    width: 8,
    height: 10,
    shape: &[],
    pieces: WOLF_PIECES,
    start_fen: "qwfrbbnk/pssppssp/1pp2pp1/8/8/8/8/1PP2PP1/PSSPPSSP/KNBBRFWQ w - - 0 1",
    promotion_rank: 9,
    castling: &[],
    extinction: None,
    dice: None,
    drops: None,
    truffles: None,
    modes: None,
};

// ---------------------------------------------------------------- Hubbub

/// Leaps 2 or 3 squares orthogonally, or steps one square diagonally.
const LION: &[Vector] = &[
    leap(2, 0),
    leap(0, -2),
    leap(-2, 0),
    leap(0, 2),
    leap(3, 0),
    leap(0, -3),
    leap(-3, 0),
    leap(0, 3),
    leap(1, 1),
    leap(1, -1),
    leap(-1, -1),
    leap(-1, 1),
];

/// One step or a 3-square leap orthogonally (the Scout without its
/// first-move knight move; also the Gryphon's non-knight part).
const WAZIR_THREELEAPER: &[Vector] = &[
    leap(1, 0),
    leap(0, -1),
    leap(-1, 0),
    leap(0, 1),
    leap(3, 0),
    leap(0, -3),
    leap(-3, 0),
    leap(0, 3),
];

const INITIAL_KNIGHT: &[Vector] = &[
    initial(leap(1, 2)),
    initial(leap(2, 1)),
    initial(leap(2, -1)),
    initial(leap(1, -2)),
    initial(leap(-1, -2)),
    initial(leap(-2, -1)),
    initial(leap(-2, 1)),
    initial(leap(-1, 2)),
];

const INITIAL_CAMEL: &[Vector] = &[
    initial(leap(1, 3)),
    initial(leap(3, 1)),
    initial(leap(3, -1)),
    initial(leap(1, -3)),
    initial(leap(-1, -3)),
    initial(leap(-3, -1)),
    initial(leap(-3, 1)),
    initial(leap(-1, 3)),
];

const SCOUT: [Vector; 16] = join(WAZIR_THREELEAPER, INITIAL_KNIGHT);
const GRYPHON: [Vector; 16] = join(KNIGHT, WAZIR_THREELEAPER);
const HUBBUB_BISHOP: [Vector; 12] = join(BISHOP, INITIAL_CAMEL);

const HUBBUB_PIECES: &[PieceDef] = &[
    pawn(&['r', 'b', 'l', 'g']),
    piece('n', KNIGHT),
    piece('b', &HUBBUB_BISHOP),
    ROOK_DEF,
    piece('l', LION),
    piece('s', &SCOUT),
    piece('g', &GRYPHON),
    KING_DEF,
];

/// Page names e1-g1 with the h1 rook to f1, e1-c1 with the a1 rook to d1;
/// on the grid (file a = page x, rank 1 = page rank 0) that is f2-h2 with
/// i2 to g2, and f2-d2 with b2 to e2.
const HUBBUB_CASTLING: &[Castling] = &[
    Castling {
        letter: 'K',
        rank: 1,
        king_from: 5,
        king_to: 7,
        rook_from: 8,
        rook_to: 6,
    },
    Castling {
        letter: 'Q',
        rank: 1,
        king_from: 5,
        king_to: 3,
        rook_from: 1,
        rook_to: 4,
    },
];

pub static HUBBUB: Variant = Variant {
    name: "hubbub",
    width: 10,
    height: 10,
    // Page files x a b c d e f g h z are grid files a..j, page ranks 0..9
    // are grid ranks 1..10. The 8x8 board is grid b2-i9; the extra squares
    // are page x0 d0 e0 z0 / x9 d9 e9 z9 (grid a1 e1 f1 j1 / a10 e10 f10 j10).
    shape: &[
        "c***cc***c", // rank 10 = page rank 9
        "*........*",
        "*........*",
        "*........*",
        "*........*",
        "*........*",
        "*........*",
        "*........*",
        "*........*",
        "c***cc***c", // rank 1 = page rank 0
    ],
    pieces: HUBBUB_PIECES,
    start_fen: "b***ss***b/*rnlgklnr*/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/*RNLGKLNR*/B***SS***B w KQkq - 0 1",
    // Page rank 8 (grid rank 9): the eighth rank of the 8x8 board.
    promotion_rank: 8,
    castling: HUBBUB_CASTLING,
    extinction: None,
    dice: None,
    drops: None,
    truffles: None,
    modes: None,
};

// ---------------------------------------------------------------- Pawn Eaters

/// Rook, or instead a non-capturing jump anywhere empty outside the
/// opponent's two back ranks (`teleport`).
const SHAMANIC_ROOK: PieceDef = PieceDef {
    letter: 'r',
    vectors: ROOK,
    teleport: Some(2),
    ..PLAIN
};

/// Moves as a bishop without capturing; captures (anything, en passant
/// included) only one step diagonally forward.
const PAWN_EATER: &[Vector] = &[
    slide_move_only(1, 1),
    slide_move_only(1, -1),
    slide_move_only(-1, -1),
    slide_move_only(-1, 1),
    capture_only(1, 1),
    capture_only(-1, 1),
];

/// Slides one to three squares straight forward or one or two squares
/// diagonally backward, capturing on any of them; never jumps.
const OLD_ELEPHANT: &[Vector] = &[range(0, 1, 3), range(1, -1, 2), range(-1, -1, 2)];

const PAWN_EATERS_PIECES: &[PieceDef] = &[
    pawn(&['r', 'n', 'e', 'o']),
    SHAMANIC_ROOK,
    piece('n', KNIGHT),
    PieceDef {
        letter: 'e',
        vectors: PAWN_EATER,
        takes_en_passant: true,
        ep_two_legs: true,
        immune_from: &['p'],
        ..PLAIN
    },
    piece('o', OLD_ELEPHANT),
];

pub static PAWN_EATERS: Variant = Variant {
    name: "pawneaters",
    width: 8,
    height: 8,
    shape: &[],
    pieces: PAWN_EATERS_PIECES,
    start_fen: "rneooenr/pppppppp/8/8/8/8/PPPPPPPP/RNEOOENR w - - 0 1",
    promotion_rank: 7,
    castling: &[],
    extinction: Some('p'),
    dice: None,
    drops: None,
    truffles: None,
    modes: None,
};

// ---------------------------------------------------------------- Carnival

/// The Eurofighter pawn's single steps: straight forward onto an empty
/// square, diagonally forward capturing (en passant included). Its first
/// move may be two of them in a row (`eurofighter`).
const EUROFIGHTER_PAWN: &[Vector] = &[move_only(0, 1), capture_only(1, 1), capture_only(-1, 1)];

/// The Eurofighter pawn of the dice games, promoting to Q, R, B or N.
const EUROFIGHTER_PAWN_DEF: PieceDef = PieceDef {
    letter: 'p',
    vectors: EUROFIGHTER_PAWN,
    resets_clock: true,
    takes_en_passant: true,
    eurofighter: true,
    promotions: &['q', 'r', 'b', 'n'],
    ..PLAIN
};

const CARNIVAL_PIECES: &[PieceDef] = &[
    EUROFIGHTER_PAWN_DEF,
    // The Knight: no vectors of its own, it moves as its side's leaper.
    PieceDef {
        letter: 'n',
        dice_leaper: true,
        ..PLAIN
    },
    piece('b', BISHOP),
    ROOK_DEF,
    piece('q', QUEEN),
    KING_DEF,
];

/// `(a, b)` with the larger number first.
fn larger_first(a: u8, b: u8) -> Leaper {
    (a.max(b), a.min(b))
}

/// The fifteen leapers of Carnival of the Animals: the 10 oblique and the 5
/// diagonal ones with both numbers from 1 to 5 (the page's names; its
/// "Carriage" under 6 and 4 is the 4:2 Charolais).
const CARNIVAL_LEAPERS: &[(u8, u8, &str)] = &[
    (2, 1, "Knight"),
    (3, 1, "Camel"),
    (3, 2, "Zebra"),
    (4, 1, "Giraffe"),
    (4, 2, "Charolais"),
    (4, 3, "Antelope"),
    (5, 1, "Zemel"),
    (5, 2, "Satyr"),
    (5, 3, "Gimel"),
    (5, 4, "Rector"),
    (1, 1, "Ferz"),
    (2, 2, "Elephant"),
    (3, 3, "Tripper"),
    (4, 4, "Commuter"),
    (5, 5, "Quitter"),
];

/// Carnival: two numbers from 1 to 5 give that leaper; a 6 and x (1..5)
/// the choice of (x, 1) .. (x, 5), the 6 standing for any of 1..5; double
/// six, any of the fifteen.
fn carnival_offers(x: u8, y: u8) -> Vec<Leaper> {
    match (x, y) {
        (6, 6) => CARNIVAL_LEAPERS.iter().map(|&(a, b, _)| (a, b)).collect(),
        (6, n) => (1..=5).map(|m| larger_first(n, m)).collect(),
        _ => vec![larger_first(x, y)],
    }
}

static CARNIVAL_DICE: Dice = Dice {
    faces: 6,
    leapers: CARNIVAL_LEAPERS,
    offers: carnival_offers,
    promotes_after_throw: true,
};

/// All Oblique: the fifteen oblique leapers with numbers from 1 to 6.
const OBLIQUE_LEAPERS: &[(u8, u8, &str)] = &[
    (2, 1, "Knight"),
    (3, 1, "Camel"),
    (3, 2, "Zebra"),
    (4, 1, "Giraffe"),
    (4, 2, "Charolais"),
    (4, 3, "Antelope"),
    (5, 1, "Zemel"),
    (5, 2, "Satyr"),
    (5, 3, "Gimel"),
    (5, 4, "Rector"),
    (6, 1, "Flamingo"),
    (6, 2, "Crane"),
    (6, 3, "Chamois"),
    (6, 4, "Zherolais"),
    (6, 5, "Parson"),
];

/// All Oblique: two different numbers give that leaper; a double n the
/// choice of (n, m) for the five m != n from 1 to 6.
fn oblique_offers(x: u8, y: u8) -> Vec<Leaper> {
    if x == y {
        (1..=6)
            .filter(|&m| m != x)
            .map(|m| larger_first(x, m))
            .collect()
    } else {
        vec![larger_first(x, y)]
    }
}

static OBLIQUE_DICE: Dice = Dice {
    faces: 6,
    leapers: OBLIQUE_LEAPERS,
    offers: oblique_offers,
    promotes_after_throw: true,
};

/// Carnival of the Animals: chess with Eurofighter pawns and dice knights.
pub static CARNIVAL: Variant = Variant {
    name: "carnival",
    width: 8,
    height: 8,
    shape: &[],
    pieces: CARNIVAL_PIECES,
    start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 knights=2:1/2:1",
    promotion_rank: 7,
    castling: CHESS_CASTLING,
    extinction: None,
    dice: Some(&CARNIVAL_DICE),
    drops: None,
    truffles: None,
    modes: None,
};

/// The same game with the All Oblique dice.
pub static CARNIVAL_OBLIQUE: Variant = Variant {
    name: "carnival-oblique",
    width: 8,
    height: 8,
    shape: &[],
    pieces: CARNIVAL_PIECES,
    start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 knights=2:1/2:1",
    promotion_rank: 7,
    castling: CHESS_CASTLING,
    extinction: None,
    dice: Some(&OBLIQUE_DICE),
    drops: None,
    truffles: None,
    modes: None,
};

// ---------------------------------------------------------------- Truffle Hunt

/// One step orthogonally (backward and sideways too), or two straight
/// forward over a pig, an inactive piece or nothing; moving or capturing.
const SOW: &[Vector] = &[leap(1, 0), leap(0, -1), leap(-1, 0), leap(0, 1), lame(0, 2)];

/// One step diagonally (backward too), or two diagonally forward over a
/// pig, an inactive piece or nothing; moving or capturing.
const BOAR: &[Vector] = &[
    leap(1, 1),
    leap(1, -1),
    leap(-1, -1),
    leap(-1, 1),
    lame(2, 2),
    lame(-2, 2),
];

/// A pig: hunts truffles (finding one on the faces `finds_on`, eating it
/// on the same faces of a second throw), changes sides when captured,
/// sends captured active pieces home inactive, can be leapt by pigs, is
/// dropped on its owner's second rank, never promotes. Pig moves reset the
/// fifty-move count.
const fn pig(letter: char, vectors: &'static [Vector], finds_on: &'static [u8]) -> PieceDef {
    hunter(letter, vectors, finds_on, finds_on)
}

/// A hunter of any Food Hunt game: a pig, except that it eats on the faces
/// `eats_on` (none: it never eats, every find goes to the store).
const fn hunter(
    letter: char,
    vectors: &'static [Vector],
    finds_on: &'static [u8],
    eats_on: &'static [u8],
) -> PieceDef {
    PieceDef {
        letter,
        vectors,
        resets_clock: true,
        finds_on,
        eats_on,
        defects: true,
        returns_active: true,
        leapable: true,
        drop_rank: 1,
        ..PLAIN
    }
}

/// An inactive piece: no moves, no captures, no attacks (a king is still
/// royal: it can be attacked); can be leapt by pigs; activated for `cost`.
const fn inactive(letter: char, cost: u8, royal: bool) -> PieceDef {
    PieceDef {
        letter,
        royal,
        activation_cost: Some(cost),
        leapable: true,
        ..PLAIN
    }
}

/// An active piece: the orthodox moves, written with `+`. The active
/// King and Rook castle as in chess (a sleeping one cannot move at all).
const fn active(letter: char, vectors: &'static [Vector], royal: bool) -> PieceDef {
    PieceDef {
        letter,
        vectors,
        royal,
        plus: true,
        castling_king: letter == 'k',
        castling_rook: letter == 'r',
        ..PLAIN
    }
}

/// The order of this table is also the order of the FEN holdings (`[...]`,
/// White's then Black's): S H K Q R B N.
const TRUFFLE_PIECES: &[PieceDef] = &[
    pig('s', SOW, &[5, 6]),
    pig('h', BOAR, &[6]),
    inactive('k', 6, true),
    inactive('q', 5, false),
    inactive('r', 4, false),
    inactive('b', 3, false),
    inactive('n', 3, false),
    active('k', KING, true),
    active('q', QUEEN, false),
    active('r', ROOK, false),
    active('b', BISHOP, false),
    active('n', KNIGHT, false),
];

/// At most one Bishop and four Boars of a side on squares of one colour.
static TRUFFLE_DROPS: Drops = Drops {
    colour_limits: &[('b', 1), ('h', 4)],
};

static TRUFFLE_DICE: Truffles = Truffles {
    word: "truffles",
    faces: 6,
    store_max: 6,
    square_max: 6,
};

/// Truffle Hunt Chess: inactive back ranks, Sows and Boars that hunt
/// truffles on ranks 3-6 to pay for activating them; reserves and drops.
pub static TRUFFLE: Variant = Variant {
    name: "truffle",
    width: 8,
    height: 8,
    shape: &[],
    pieces: TRUFFLE_PIECES,
    start_fen: "rnbqkbnr/shhsshhs/8/8/8/8/SHHSSHHS/RNBQKBNR[] w KQkq - 0 1 \
                truffles=00000000/00000000/66666666/66666666/66666666/66666666/00000000/00000000 \
                stores=0/0",
    promotion_rank: 7,
    castling: CHESS_CASTLING,
    extinction: None,
    dice: None,
    drops: Some(&TRUFFLE_DROPS),
    truffles: Some(&TRUFFLE_DICE),
    modes: None,
};

// ---------------------------------------------------------------- Food Hunt

// Butterfly Hunt, Mining, Nut Hunt and Shrimp Hunt: Truffle Hunt with
// other hunters and another food (issue 17's decided rules). The sleeping
// back ranks, their waking costs, the active pieces, stores, finds, capture
// fates, drops and castling are Truffle Hunt's.

/// The words of the food fields of every Food Hunt game (`truffles=`,
/// ...): a FEN field starting with one of them and `=` is a food field,
/// an error in every game but the one whose word it is.
pub const FOOD_WORDS: &[&str] = &[
    "truffles",
    "butterflies",
    "ore",
    "nuts",
    "shrimps",
    "oysters",
];

/// A game's hunters, then the sleeping and the awake K Q R B N, as in
/// Truffle Hunt's table. The order is also that of the FEN holdings.
macro_rules! food_pieces {
    ($($hunter:expr),+ $(,)?) => {
        &[
            $($hunter,)+
            inactive('k', 6, true),
            inactive('q', 5, false),
            inactive('r', 4, false),
            inactive('b', 3, false),
            inactive('n', 3, false),
            active('k', KING, true),
            active('q', QUEEN, false),
            active('r', ROOK, false),
            active('b', BISHOP, false),
            active('n', KNIGHT, false),
        ]
    };
}

/// The die of every Food Hunt game but the food's word: six faces, a store
/// of at most 6, at most 6 on a square.
const fn food_dice(word: &'static str) -> Truffles {
    Truffles {
        word,
        faces: 6,
        store_max: 6,
        square_max: 6,
    }
}

/// A Food Hunt game: chess castling (on ranks 1 and `height`), drops.
const fn food_game(
    name: &'static str,
    height: usize,
    pieces: &'static [PieceDef],
    start_fen: &'static str,
    drops: &'static Drops,
    food: &'static Truffles,
) -> Variant {
    Variant {
        name,
        width: 8,
        height,
        shape: &[],
        pieces,
        start_fen,
        promotion_rank: height - 1,
        castling: CHESS_CASTLING,
        extinction: None,
        dice: None,
        drops: Some(drops),
        truffles: Some(food),
        modes: None,
    }
}

/// At most one Bishop of a side on squares of one colour.
static BISHOP_LIMIT: Drops = Drops {
    colour_limits: &[('b', 1)],
};

/// Butterfly Hunt (`WAZIR`, `FERZ` as in the mode games below): Wazirs where the Sows stand, Ferzes where the Boars
/// stand; both find and eat on 5 or 6. Holdings W F K Q R B N.
const BUTTERFLY_PIECES: &[PieceDef] = food_pieces![
    hunter('w', WAZIR, &[5, 6], &[5, 6]),
    hunter('f', FERZ, &[5, 6], &[5, 6]),
];

/// At most one Bishop and four Ferzes of a side on squares of one colour.
static BUTTERFLY_DROPS: Drops = Drops {
    colour_limits: &[('b', 1), ('f', 4)],
};

static BUTTERFLIES: Truffles = food_dice("butterflies");

/// Butterfly Hunt: a Food Hunt game whose hunters are the Wazir and Ferz.
pub static BUTTERFLYHUNT: Variant = food_game(
    "butterflyhunt",
    8,
    BUTTERFLY_PIECES,
    "rnbqkbnr/wffwwffw/8/8/8/8/WFFWWFFW/RNBQKBNR[] w KQkq - 0 1 \
     butterflies=00000000/00000000/66666666/66666666/66666666/66666666/00000000/00000000 \
     stores=0/0",
    &BUTTERFLY_DROPS,
    &BUTTERFLIES,
);

/// Mining (`GOLD` `WfF`, `SILVER` `FfW`, as in the mode games below): Gold
/// Generals where the Sows stand (finding on 5 or 6), Silver
/// Generals where the Boars stand (finding on 6); neither ever eats: every
/// find goes to the store. Holdings G S K Q R B N.
const MINING_PIECES: &[PieceDef] = food_pieces![
    hunter('g', GOLD, &[5, 6], &[]),
    hunter('s', SILVER, &[6], &[]),
];

static ORE: Truffles = food_dice("ore");

/// Mining: a Food Hunt game whose hunters (the Generals) never eat.
pub static MINING: Variant = food_game(
    "mining",
    8,
    MINING_PIECES,
    "rnbqkbnr/gssggssg/8/8/8/8/GSSGGSSG/RNBQKBNR[] w KQkq - 0 1 \
     ore=00000000/00000000/66666666/66666666/66666666/66666666/00000000/00000000 \
     stores=0/0",
    &BISHOP_LIMIT,
    &ORE,
);

/// The Squirrel (`NnAnD`): every square at distance two. The knight leap
/// always leaps; the straight (Dabbaba) and diagonal (Alfil) two-square
/// jumps, all directions, pass only over nothing, a hunter or a sleeping
/// piece (of either side).
const SQUIRREL: &[Vector] = &[
    leap(1, 2),
    leap(2, 1),
    leap(2, -1),
    leap(1, -2),
    leap(-1, -2),
    leap(-2, -1),
    leap(-2, 1),
    leap(-1, 2),
    lame(2, 0),
    lame(0, -2),
    lame(-2, 0),
    lame(0, 2),
    lame(2, 2),
    lame(2, -2),
    lame(-2, -2),
    lame(-2, 2),
];

/// Nut Hunt: eight Squirrels a side, finding and eating on 6. Holdings
/// S K Q R B N.
const NUT_PIECES: &[PieceDef] = food_pieces![hunter('s', SQUIRREL, &[6], &[6])];

static NUTS: Truffles = food_dice("nuts");

/// Nut Hunt: a Food Hunt game whose hunter is the Squirrel.
pub static NUTHUNT: Variant = food_game(
    "nuthunt",
    8,
    NUT_PIECES,
    "rnbqkbnr/ssssssss/8/8/8/8/SSSSSSSS/RNBQKBNR[] w KQkq - 0 1 \
     nuts=00000000/00000000/66666666/66666666/66666666/66666666/00000000/00000000 \
     stores=0/0",
    &BISHOP_LIMIT,
    &NUTS,
);

/// The Flamingo: the (1, 6) leaper, all eight ways, never blocked.
const FLAMINGO: &[Vector] = &[
    leap(1, 6),
    leap(6, 1),
    leap(6, -1),
    leap(1, -6),
    leap(-1, -6),
    leap(-6, -1),
    leap(-6, 1),
    leap(-1, 6),
];

/// Shrimp Hunt: eight Flamingos a side, finding and eating on 5 or 6.
/// Holdings F K Q R B N.
const SHRIMP_PIECES: &[PieceDef] = food_pieces![hunter('f', FLAMINGO, &[5, 6], &[5, 6])];

static SHRIMPS: Truffles = food_dice("shrimps");

/// Shrimp Hunt: a Food Hunt game on 8 files and 12 ranks; Flamingos on
/// ranks 2 and 11 (dropped there), sleeping armies on ranks 1 and 12
/// (dropped there, castling there), shrimps on ranks 3-10.
pub static SHRIMPHUNT: Variant = food_game(
    "shrimphunt",
    12,
    SHRIMP_PIECES,
    "rnbqkbnr/ffffffff/8/8/8/8/8/8/8/8/FFFFFFFF/RNBQKBNR[] w KQkq - 0 1 \
     shrimps=00000000/00000000/66666666/66666666/66666666/66666666/66666666/66666666/\
     66666666/66666666/00000000/00000000 stores=0/0",
    &BISHOP_LIMIT,
    &SHRIMPS,
);

// ---------------------------------------------------------------- Oyster Hunt

/// `NnD`, the Carpenter: the knight leap, which always leaps, and the
/// straight two-square jump in all four directions, over nothing, a
/// hunter or a sleeping piece only.
const CARPENTER: [Vector; 12] = join(KNIGHT, &[lame(2, 0), lame(0, -2), lame(-2, 0), lame(0, 2)]);

/// `fWfnA`, the Walrus: one step straight forward, or the diagonal
/// two-square jump forward either way (lame, as the Carpenter's).
const WALRUS: &[Vector] = &[leap(0, 1), lame(2, 2), lame(-2, 2)];

/// `WfnA`, the Goldtusk: one step orthogonally any way, or the Walrus's
/// forward diagonal jump.
const GOLDTUSK: [Vector; 6] = join(WAZIR, &[lame(2, 2), lame(-2, 2)]);

/// The Walrus may become a Goldtusk on its 7th rank, must on its 8th.
const WALRUS_PROMOTES: Change = Change {
    into: 'g',
    may: &[6],
    must: &[7],
};

/// The Goldtusk may turn back into a Walrus on its 3rd to 6th ranks, must
/// on its 2nd.
const GOLDTUSK_DEMOTES: Change = Change {
    into: 'w',
    may: &[2, 3, 4, 5],
    must: &[1],
};

/// Oyster Hunt: Carpenters where Truffle Hunt's Sows stand, finding and
/// eating on 6 (the Boar's odds); Walruses where the Boars stand, finding
/// and eating on 5 or 6 (the Sow's); the Goldtusk, a promoted Walrus, a
/// hunter in every way (jumped over, sends awake pieces home, defects) but
/// that it never hunts, and taken it joins the reserve as a Walrus, so it
/// is never in a reserve. Holdings C W K Q R B N (no G).
const OYSTER_PIECES: &[PieceDef] = food_pieces![
    hunter('c', &CARPENTER, &[6], &[6]),
    PieceDef {
        change: Some(&WALRUS_PROMOTES),
        ..hunter('w', WALRUS, &[5, 6], &[5, 6])
    },
    PieceDef {
        change: Some(&GOLDTUSK_DEMOTES),
        captured_as: Some('w'),
        ..hunter('g', &GOLDTUSK, &[], &[])
    },
];

static OYSTERS: Truffles = food_dice("oysters");

/// Oyster Hunt: a Food Hunt game whose Walrus promotes to a Goldtusk and
/// back.
pub static OYSTERHUNT: Variant = food_game(
    "oysterhunt",
    8,
    OYSTER_PIECES,
    "rnbqkbnr/cwwccwwc/8/8/8/8/CWWCCWWC/RNBQKBNR[] w KQkq - 0 1 \
     oysters=00000000/00000000/66666666/66666666/66666666/66666666/00000000/00000000 \
     stores=0/0",
    &BISHOP_LIMIT,
    &OYSTERS,
);

// ---------------------------------------------------------------- mode dice

/// The kind of a Eurofighter two-step, by its legs, first leg first: `Q`
/// a quiet step straight forward, `C` a capturing step diagonally forward.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TwoStep {
    QQ,
    QC,
    CQ,
    CC,
}

impl TwoStep {
    /// The kind of the two-step whose first and second legs go straight
    /// (quiet) or not (diagonal, capturing).
    pub fn of(first_straight: bool, second_straight: bool) -> TwoStep {
        match (first_straight, second_straight) {
            (true, true) => TwoStep::QQ,
            (true, false) => TwoStep::QC,
            (false, true) => TwoStep::CQ,
            (false, false) => TwoStep::CC,
        }
    }
}

/// Every kind: Eurofighter pawns, unrestricted.
pub const ALL_TWO_STEPS: &[TwoStep] = &[TwoStep::QQ, TwoStep::QC, TwoStep::CQ, TwoStep::CC];

/// The dice of a mode-dice game. After every move the mover throws
/// `dice` dice of `faces` faces, told apart (first die first); the faces
/// are the mover's *mode* until its next throw, and say how its pieces move
/// on its next move and, until then, what they attack. There is never a
/// choice after a throw. Before its first throw a side moves as in chess
/// (its pieces' table vectors, Eurofighter pawns), may castle and may make
/// every kind of two-step. The functions below get the throw as its faces
/// (one in one-die games, two in Piece Orientation).
#[derive(Debug)]
pub struct ModeDice {
    /// 1 or 2.
    pub dice: usize,
    pub faces: u8,
    /// The FEN register holding both sides' modes: `die` (`die=3/-`) or
    /// `dice` (`dice=3:1/-`).
    pub register: &'static str,
    /// How a piece with this letter moves under the throw, given where it
    /// stands (the back-rank exception, Monty Python's King's court); None:
    /// as in chess, by its table vectors.
    pub moves: fn(throw: &[u8], letter: char, standing: Standing) -> Option<&'static [Vector]>,
    /// May a piece with this letter, standing so, make Monty Python's lure
    /// under the throw (see `RefPosition::push_lures`)? Its other moves are
    /// still `moves`.
    pub lures: fn(throw: &[u8], letter: char, standing: Standing) -> bool,
    /// May the side castle under the throw?
    pub castles: fn(throw: &[u8]) -> bool,
    /// The two-step kinds the side's pawns may make under the throw. These
    /// are also the kinds of enemy two-steps they may take en passant (so
    /// the page says for Multipawn; in the other games both are all or
    /// nothing together).
    pub two_steps: fn(throw: &[u8]) -> &'static [TwoStep],
    /// The en-passant field is the two-step itself as its move text
    /// (`d2d3,d3e4`, Multipawn), not Carnival's `I` or `I>V`: the kind of
    /// the two-step decides who may take it.
    pub ep_field_is_move: bool,
}

/// Where a piece stands, as far as a mode's moves care.
#[derive(Clone, Copy, Debug, Default)]
pub struct Standing {
    /// On the rank where the enemy's pieces start (its last rank).
    pub on_enemy_back_rank: bool,
    /// On one of the eight squares next to its own King.
    pub next_to_own_king: bool,
}

/// `fW`: one step straight forward, moving or capturing (the Shogi and
/// Xiangqi pawns).
const FORWARD_STEP: &[Vector] = &[leap(0, 1)];

/// `fR`: a slide straight forward (the Lance; Up and Down's face-1 Rook).
const LANCE: &[Vector] = &[slide(0, 1)];

/// `fB`: the two forward diagonal slides (Up and Down's face-2 Bishop).
const FORWARD_BISHOP: &[Vector] = &[slide(1, 1), slide(-1, 1)];

/// `ffN`: the two forwardmost knight leaps (the Shogi Knight, the Helm).
const SHOGI_KNIGHT: &[Vector] = &[leap(1, 2), leap(-1, 2)];

/// `FfW`: one step diagonally or straight forward (the Silver General, the
/// Makruk Khon; Up and Down's face-1 King).
const SILVER: &[Vector] = &[
    leap(1, 1),
    leap(1, -1),
    leap(-1, -1),
    leap(-1, 1),
    leap(0, 1),
];

/// `WfF`: one step orthogonally or diagonally forward (the Gold General;
/// Up and Down's face-2 King).
const GOLD: &[Vector] = &[
    leap(1, 0),
    leap(0, -1),
    leap(-1, 0),
    leap(0, 1),
    leap(1, 1),
    leap(-1, 1),
];

/// `F`: one step diagonally (the Advisor, the Met).
const FERZ: &[Vector] = &[leap(1, 1), leap(1, -1), leap(-1, -1), leap(-1, 1)];

/// `W`: one step orthogonally (the General).
const WAZIR: &[Vector] = &[leap(1, 0), leap(0, -1), leap(-1, 0), leap(0, 1)];

/// `nN`: the Xiangqi Horse, each knight leap blocked by the square
/// orthogonally next to the start in the direction of its longer step.
const HORSE: &[Vector] = &[
    blocked_leap(1, 2, 0, 1),
    blocked_leap(2, 1, 1, 0),
    blocked_leap(2, -1, 1, 0),
    blocked_leap(1, -2, 0, -1),
    blocked_leap(-1, -2, 0, -1),
    blocked_leap(-2, -1, -1, 0),
    blocked_leap(-2, 1, -1, 0),
    blocked_leap(-1, 2, 0, 1),
];

/// `ffNnN`: the Helmed Mao, the Horse whose two forwardmost leaps are free
/// (a union is free where either part is free, and the Shogi Knight's part
/// is).
const HELMED_MAO: &[Vector] = &[
    leap(1, 2),
    blocked_leap(2, 1, 1, 0),
    blocked_leap(2, -1, 1, 0),
    blocked_leap(1, -2, 0, -1),
    blocked_leap(-1, -2, 0, -1),
    blocked_leap(-2, -1, -1, 0),
    blocked_leap(-2, 1, -1, 0),
    leap(-1, 2),
];

/// `nA`: the Xiangqi Elephant, a 2:2 leap blocked by the square it passes.
const XIANGQI_ELEPHANT: &[Vector] = &[
    blocked_leap(2, 2, 1, 1),
    blocked_leap(2, -2, 1, -1),
    blocked_leap(-2, -2, -1, -1),
    blocked_leap(-2, 2, -1, 1),
];

/// `FfWnA`: the Silverfearful (Silver plus Xiangqi Elephant).
const SILVERFEARFUL: [Vector; 9] = join(SILVER, XIANGQI_ELEPHANT);

/// `fWfcF`: the Pointpawn, one step straight forward moving or capturing,
/// or diagonally forward capturing (en passant too: only these diagonal
/// capture-only steps take en passant).
const POINTPAWN: &[Vector] = &[leap(0, 1), capture_only(1, 1), capture_only(-1, 1)];

/// `RfB`: the Goldrider.
const GOLDRIDER: [Vector; 6] = join(ROOK, FORWARD_BISHOP);

/// `BfR`: the Silverrider (and Up and Down's face-1 Queen).
const SILVERRIDER: [Vector; 5] = join(BISHOP, LANCE);

/// `BfW`: the Silverbishop (its F steps are in its Bishop slides already).
const SILVERBISHOP: [Vector; 5] = join(BISHOP, FORWARD_STEP);

/// `Nff(4,2)`: the Nightpig, the Knight plus the two 4:2 leaps going four
/// ranks forward; true leaps, nothing in between blocks them.
const NIGHTPIG: [Vector; 10] = join(KNIGHT, &[leap(2, 4), leap(-2, 4)]);

/// The orthodox army with Eurofighter pawns (the same in every mode game;
/// the modes change how the pieces move, not what they are).
const MODE_PIECES: &[PieceDef] = &[
    EUROFIGHTER_PAWN_DEF,
    piece('n', KNIGHT),
    piece('b', BISHOP),
    ROOK_DEF,
    piece('q', QUEEN),
    KING_DEF,
];

/// A mode game: the orthodox board, setup and castling, its own dice.
const fn mode_game(
    name: &'static str,
    start_fen: &'static str,
    modes: &'static ModeDice,
) -> Variant {
    Variant {
        name,
        width: 8,
        height: 8,
        shape: &[],
        pieces: MODE_PIECES,
        start_fen,
        promotion_rank: 7,
        castling: CHESS_CASTLING,
        extinction: None,
        dice: None,
        drops: None,
        truffles: None,
        modes: Some(modes),
    }
}

fn always(_throw: &[u8]) -> bool {
    true
}

fn never_lures(_throw: &[u8], _letter: char, _standing: Standing) -> bool {
    false
}

fn all_two_steps(_throw: &[u8]) -> &'static [TwoStep] {
    ALL_TWO_STEPS
}

fn as_in_chess(_throw: &[u8], _letter: char, _standing: Standing) -> Option<&'static [Vector]> {
    None
}

/// Up and Down: face 1 no backward or sideways orthogonal moves, 2 no
/// backward diagonal moves, 3 Knights only their two forwardmost leaps
/// (Helm), 4 Knights plus the forward 4:2 leaps (Nightpig), 5 Bishops plus
/// the forward Rook slide (Silverrider), 6 Rooks plus the forward Bishop
/// slides (Goldrider). Pawns never change.
fn updown_moves(throw: &[u8], letter: char, _: Standing) -> Option<&'static [Vector]> {
    Some(match (throw[0], letter) {
        (1, 'r') => LANCE,
        (1, 'q') => &SILVERRIDER,
        (1, 'k') => SILVER,
        (2, 'b') => FORWARD_BISHOP,
        (2, 'q') => &GOLDRIDER,
        (2, 'k') => GOLD,
        (3, 'n') => SHOGI_KNIGHT,
        (4, 'n') => &NIGHTPIG,
        (5, 'b') => &SILVERRIDER,
        (6, 'r') => &GOLDRIDER,
        _ => return None,
    })
}

/// Up and Down: face 1 forbids castling (the Rook may not go sideways).
fn updown_castles(throw: &[u8]) -> bool {
    throw[0] != 1
}

static UPDOWN_DICE: ModeDice = ModeDice {
    dice: 1,
    faces: 6,
    register: "die",
    moves: updown_moves,
    castles: updown_castles,
    two_steps: all_two_steps,
    ep_field_is_move: false,
    lures: never_lures,
};

/// Up and Down Chess: one die changes how the pieces but the pawns move.
pub static UPDOWN: Variant = mode_game(
    "updown",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 die=-/-",
    &UPDOWN_DICE,
);

/// Multipawn: the two-step kinds of each face (Ancient, European, Warhead,
/// Trident, Helmsman, Eurofighter pawns).
fn multipawn_two_steps(throw: &[u8]) -> &'static [TwoStep] {
    match throw[0] {
        1 => &[],
        2 => &[TwoStep::QQ],
        3 => &[TwoStep::CC],
        4 => &[TwoStep::QQ, TwoStep::CC],
        5 => &[TwoStep::QC, TwoStep::CQ],
        _ => ALL_TWO_STEPS,
    }
}

static MULTIPAWN_DICE: ModeDice = ModeDice {
    dice: 1,
    faces: 6,
    register: "die",
    moves: as_in_chess,
    castles: always,
    two_steps: multipawn_two_steps,
    ep_field_is_move: true,
    lures: never_lures,
};

/// Multipawn Chess: one die decides the pawns' two-steps and en passant.
pub static MULTIPAWN: Variant = mode_game(
    "multipawn",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 die=-/-",
    &MULTIPAWN_DICE,
);

/// The Shogi piece on each piece's starting square (Bishops and Rooks of
/// Shogi ignored): Pawn, Lance, Shogi Knight, Silver, Gold, King.
fn shogi_form(letter: char) -> &'static [Vector] {
    match letter {
        'p' => FORWARD_STEP,
        'r' => LANCE,
        'n' => SHOGI_KNIGHT,
        'b' => SILVER,
        'q' => GOLD,
        _ => KING,
    }
}

/// Army Orientation: 1 Shogi, 2 Xiangqi, 3 both, 4 chess, 5 Shogi and
/// chess, 6 Up and Down's faces 4-6 at once. Under face 1 a Rook or
/// Knight on the enemy back rank moves as in chess.
fn army_moves(throw: &[u8], letter: char, standing: Standing) -> Option<&'static [Vector]> {
    let face = throw[0];
    if face == 1 && standing.on_enemy_back_rank && matches!(letter, 'r' | 'n') {
        return None;
    }
    Some(match (face, letter) {
        (1, _) => shogi_form(letter),
        (2, 'p') => FORWARD_STEP,
        (2, 'r') => ROOK,
        (2, 'n') => HORSE,
        (2, 'b') => XIANGQI_ELEPHANT,
        (2, 'q') => FERZ,
        (2, 'k') => WAZIR,
        (3, 'p') => FORWARD_STEP,
        (3, 'r') => ROOK,
        (3, 'n') => HELMED_MAO,
        (3, 'b') => &SILVERFEARFUL,
        (3, 'q' | 'k') => KING,
        (5, 'p') => POINTPAWN,
        (5, 'b') => &SILVERBISHOP,
        (6, 'r') => &GOLDRIDER,
        (6, 'n') => &NIGHTPIG,
        (6, 'b') => &SILVERRIDER,
        _ => return None,
    })
}

/// Army Orientation: castling, two-steps and en passant only under 4-6.
fn army_castles(throw: &[u8]) -> bool {
    throw[0] >= 4
}

fn army_two_steps(throw: &[u8]) -> &'static [TwoStep] {
    if throw[0] >= 4 {
        ALL_TWO_STEPS
    } else {
        &[]
    }
}

static ARMY_DICE: ModeDice = ModeDice {
    dice: 1,
    faces: 6,
    register: "die",
    moves: army_moves,
    castles: army_castles,
    two_steps: army_two_steps,
    ep_field_is_move: false,
    lures: never_lures,
};

/// Army Orientation Chess: one die changes how the whole army moves.
pub static ARMY_ORIENTATION: Variant = mode_game(
    "armyorientation",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 die=-/-",
    &ARMY_DICE,
);

/// Piece Orientation's first die: the type it picks.
fn picked_type(throw: &[u8]) -> char {
    ['p', 'r', 'n', 'b', 'q', 'k'][usize::from(throw[0]) - 1]
}

/// Piece Orientation: the picked type moves by the second die (1 Shogi, 2
/// Xiangqi, 3 both, 4 Makruk, 5 Shogi and Makruk, 6 Xiangqi and Makruk),
/// every other type as in chess. Under second die 1 a Rook or Knight on
/// the enemy back rank keeps its chess move.
fn piece_moves(throw: &[u8], letter: char, standing: Standing) -> Option<&'static [Vector]> {
    let how = throw[1];
    if letter != picked_type(throw)
        || (how == 1 && standing.on_enemy_back_rank && matches!(letter, 'r' | 'n'))
    {
        return None;
    }
    Some(match (letter, how) {
        ('p', 1..=3) => FORWARD_STEP,
        ('p', 4) => EUROFIGHTER_PAWN, // the Bia, fmWfcF
        ('p', _) => POINTPAWN,
        ('r', 1) => LANCE,
        ('r', _) => ROOK,
        ('n', 1) => SHOGI_KNIGHT,
        ('n', 2) => HORSE,
        ('n', 3) => HELMED_MAO,
        ('n', _) => KNIGHT,
        ('b', 2) => XIANGQI_ELEPHANT,
        ('b', 3 | 6) => &SILVERFEARFUL,
        ('b', _) => SILVER, // Silver, Khon, or both
        ('q', 1) => GOLD,
        ('q', 2) => FERZ,
        ('q', _) => KING, // Prince, Khun
        ('k', 2) => WAZIR,
        ('k', 4) => FERZ, // the Met
        _ => KING,
    })
}

/// Piece Orientation: Rooks or King picked (first die 2 or 6), no
/// castling.
fn piece_castles(throw: &[u8]) -> bool {
    !matches!(throw[0], 2 | 6)
}

/// Piece Orientation: Pawns picked (first die 1), no two-step and no en
/// passant.
fn piece_two_steps(throw: &[u8]) -> &'static [TwoStep] {
    if throw[0] == 1 {
        &[]
    } else {
        ALL_TWO_STEPS
    }
}

static PIECE_DICE: ModeDice = ModeDice {
    dice: 2,
    faces: 6,
    register: "dice",
    moves: piece_moves,
    castles: piece_castles,
    two_steps: piece_two_steps,
    ep_field_is_move: false,
    lures: never_lures,
};

/// Piece Orientation Chess: two dice, a type and how it moves.
pub static PIECE_ORIENTATION: Variant = mode_game(
    "pieceorientation",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 dice=-/-",
    &PIECE_DICE,
);

// ---------------------------------------------------------------- Monty Python

/// The Pawn in drag: the Silver General's `FfW` (diagonally any way or
/// straight forward, moving or capturing) plus the Eurofighter moves. The
/// forward diagonals are split into a capture-only vector, which also takes
/// en passant, and a move-only one, so that onto the en-passant square it
/// has two moves: the quiet step (`e5d6`, the victim stays) and the capture
/// (written `e5d5,d5d6`). The two-step comes from the pawn's `eurofighter`
/// flag and keeps Eurofighter legs.
const DRAG_PAWN: &[Vector] = &[
    leap(0, 1),
    capture_only(1, 1),
    capture_only(-1, 1),
    move_only(1, 1),
    move_only(-1, 1),
    leap(1, -1),
    leap(-1, -1),
];

/// The Rook in drag, `RF` (the Dragon King).
const DRAG_ROOK: [Vector; 8] = join(ROOK, FERZ);

/// The Knight in drag, `BW` (the Dragon Horse), instead of its leap.
const DRAG_KNIGHT: [Vector; 8] = join(BISHOP, WAZIR);

/// A Knight next to its King under face 6: its leap or its drag move.
const COURT_KNIGHT: [Vector; 16] = join(KNIGHT, &DRAG_KNIGHT);

/// The type each face puts in drag.
fn dragged_type(face: u8) -> char {
    ['p', 'r', 'n', 'b', 'q', 'k'][usize::from(face) - 1]
}

/// A type's drag move as vectors. The Bishop's is the lure, which is no
/// vector move (`montypython_lures`); the King's is none.
fn drag_vectors(letter: char) -> &'static [Vector] {
    match letter {
        'p' => DRAG_PAWN,
        'r' => &DRAG_ROOK,
        'n' => &DRAG_KNIGHT,
        'q' => GOLD,
        _ => &[],
    }
}

/// A piece next to its King under face 6 may use its drag move or its
/// normal move: the union, each square once (the Pawn's and Rook's drag
/// moves contain their normal moves, the Queen's normal move contains the
/// Gold's steps; the Bishop's lure is added by `montypython_lures`).
fn court_vectors(letter: char) -> &'static [Vector] {
    match letter {
        'p' => DRAG_PAWN,
        'r' => &DRAG_ROOK,
        'n' => &COURT_KNIGHT,
        'b' => BISHOP,
        _ => QUEEN,
    }
}

/// Monty Python: the type the face names moves only by its drag move;
/// under face 6 the King does not move (castling aside) and the pieces next
/// to it move by the union of both moves. Everything else as in chess.
fn montypython_moves(throw: &[u8], letter: char, standing: Standing) -> Option<&'static [Vector]> {
    let face = throw[0];
    if face == 6 {
        return match letter {
            'k' => Some(&[]),
            _ if standing.next_to_own_king => Some(court_vectors(letter)),
            _ => None,
        };
    }
    (letter == dragged_type(face)).then(|| drag_vectors(letter))
}

/// Monty Python: a Bishop lures under face 4, and under face 6 when it
/// stands next to its King.
fn montypython_lures(throw: &[u8], letter: char, standing: Standing) -> bool {
    letter == 'b' && (throw[0] == 4 || (throw[0] == 6 && standing.next_to_own_king))
}

static MONTYPYTHON_DICE: ModeDice = ModeDice {
    dice: 1,
    faces: 6,
    register: "die",
    moves: montypython_moves,
    castles: always,
    two_steps: all_two_steps,
    ep_field_is_move: false,
    lures: montypython_lures,
};

/// Monty Python Drag Chess: one die puts a type in drag.
pub static MONTYPYTHON: Variant = mode_game(
    "montypython",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 die=-/-",
    &MONTYPYTHON_DICE,
);

// ---------------------------------------------------------------- Freeze Chess

/// Freeze Chess (examples/freezechess.ini): the die's face is the type of
/// the thrower's pieces that stands still for its next move, 1 Pawns to 5
/// the Queen, 6 none. A frozen piece has no move and attacks nothing;
/// frozen Pawns make no two-step and take none en passant; with the Rooks
/// frozen the side may not castle.
fn freeze_moves(throw: &[u8], letter: char, _: Standing) -> Option<&'static [Vector]> {
    let frozen = match throw[0] {
        1 => 'p',
        2 => 'n',
        3 => 'b',
        4 => 'r',
        5 => 'q',
        _ => return None,
    };
    match letter == frozen {
        true => Some(&[]),
        false => None,
    }
}

fn freeze_castles(throw: &[u8]) -> bool {
    throw[0] != 4
}

fn freeze_two_steps(throw: &[u8]) -> &'static [TwoStep] {
    match throw[0] {
        1 => &[],
        _ => ALL_TWO_STEPS,
    }
}

static FREEZE_DICE: ModeDice = ModeDice {
    dice: 1,
    faces: 6,
    register: "die",
    moves: freeze_moves,
    castles: freeze_castles,
    two_steps: freeze_two_steps,
    ep_field_is_move: false,
    lures: never_lures,
};

pub static FREEZE: Variant = mode_game(
    "freezechess",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 die=-/-",
    &FREEZE_DICE,
);

/// The variant registry used by `RefPosition::from_fen` / `startpos`.
pub fn variant_by_name(name: &str) -> Option<&'static Variant> {
    match name {
        "petty" => Some(&PETTY),
        "freezechess" => Some(&FREEZE),
        "chess" => Some(&CHESS),
        "wolf" => Some(&WOLF_CHESS),
        "hubbub" => Some(&HUBBUB),
        "pawneaters" => Some(&PAWN_EATERS),
        "carnival" => Some(&CARNIVAL),
        "carnival-oblique" => Some(&CARNIVAL_OBLIQUE),
        "truffle" => Some(&TRUFFLE),
        "butterflyhunt" => Some(&BUTTERFLYHUNT),
        "mining" => Some(&MINING),
        "nuthunt" => Some(&NUTHUNT),
        "shrimphunt" => Some(&SHRIMPHUNT),
        "oysterhunt" => Some(&OYSTERHUNT),
        "updown" => Some(&UPDOWN),
        "multipawn" => Some(&MULTIPAWN),
        "armyorientation" => Some(&ARMY_ORIENTATION),
        "pieceorientation" => Some(&PIECE_ORIENTATION),
        "montypython" => Some(&MONTYPYTHON),
        _ => None,
    }
}

/// Every variant the reference knows.
pub const NAMES: &[&str] = &[
    "chess",
    "wolf",
    "hubbub",
    "pawneaters",
    "carnival",
    "carnival-oblique",
    "truffle",
    "butterflyhunt",
    "mining",
    "nuthunt",
    "shrimphunt",
    "oysterhunt",
    "updown",
    "multipawn",
    "armyorientation",
    "pieceorientation",
    "montypython",
    "petty",
    "freezechess",
];
