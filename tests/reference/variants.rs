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
//!   read is exactly what the generator does.

/// How far a vector reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// One jump of (dx, dy); squares in between are irrelevant (knight, king).
    Leap,
    /// Repeated (dx, dy) steps until blocked by a piece or the board edge
    /// (rook, bishop, and e.g. the Nightrider with (1, 2)).
    Slide,
}

/// What a vector may do on the square it lands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Normal piece: move to an empty square or capture an enemy.
    MoveOrCapture,
    /// Only to an empty square (pawn push).
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
}

const fn leap(dx: i32, dy: i32) -> Vector {
    Vector {
        dx,
        dy,
        reach: Reach::Leap,
        mode: Mode::MoveOrCapture,
    }
}

const fn slide(dx: i32, dy: i32) -> Vector {
    Vector {
        dx,
        dy,
        reach: Reach::Slide,
        mode: Mode::MoveOrCapture,
    }
}

const fn move_only(dx: i32, dy: i32) -> Vector {
    Vector {
        dx,
        dy,
        reach: Reach::Leap,
        mode: Mode::MoveOnly,
    }
}

const fn capture_only(dx: i32, dy: i32) -> Vector {
    Vector {
        dx,
        dy,
        reach: Reach::Leap,
        mode: Mode::CaptureOnly,
    }
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
    /// Counts as a pawn for the halfmove clock (its moves reset it).
    pub pawn: bool,
    /// Relative rank (0 = own back rank) on which each `MoveOnly` leap may
    /// also be taken twice, if both squares are empty. Chess pawn: Some(1).
    pub double_step_rank: Option<usize>,
    /// Its `CaptureOnly` leaps may also land on the en-passant square and
    /// capture the piece that just double-stepped over it.
    pub en_passant: bool,
    /// Must turn into one of `Variant::promotions` on the last rank.
    pub promotes: bool,
    /// The king side of castling: moves two squares towards a castling rook.
    pub castling_king: bool,
    /// The rook side of castling: must stand in a back-rank corner.
    pub castling_rook: bool,
}

const PLAIN: PieceDef = PieceDef {
    letter: '?',
    vectors: &[],
    royal: false,
    pawn: false,
    double_step_rank: None,
    en_passant: false,
    promotes: false,
    castling_king: false,
    castling_rook: false,
};

/// A whole game: board shape, pieces, start position, promotion choices.
#[derive(Debug)]
pub struct Variant {
    pub name: &'static str,
    pub width: usize,
    pub height: usize,
    /// Squares that do not exist (Hubbub). Sliders stop at them like at the
    /// board edge, leapers cannot land on them. FEN ranks count them as
    /// ordinary empty squares (a piece there is a parse error).
    pub holes: &'static [(usize, usize)],
    pub pieces: &'static [PieceDef],
    pub start_fen: &'static str,
    /// Letters a promoting piece may become.
    pub promotions: &'static [char],
}

// ---------------------------------------------------------------- chess

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

/// Push one straight ahead (doubled from the second rank via
/// `double_step_rank`), capture one diagonally ahead.
const PAWN: &[Vector] = &[move_only(0, 1), capture_only(1, 1), capture_only(-1, 1)];

const CHESS_PIECES: &[PieceDef] = &[
    PieceDef {
        letter: 'p',
        vectors: PAWN,
        pawn: true,
        double_step_rank: Some(1),
        en_passant: true,
        promotes: true,
        ..PLAIN
    },
    PieceDef {
        letter: 'n',
        vectors: KNIGHT,
        ..PLAIN
    },
    PieceDef {
        letter: 'b',
        vectors: BISHOP,
        ..PLAIN
    },
    PieceDef {
        letter: 'r',
        vectors: ROOK,
        castling_rook: true,
        ..PLAIN
    },
    PieceDef {
        letter: 'q',
        vectors: QUEEN,
        ..PLAIN
    },
    PieceDef {
        letter: 'k',
        vectors: KING,
        royal: true,
        castling_king: true,
        ..PLAIN
    },
];

pub static CHESS: Variant = Variant {
    name: "chess",
    width: 8,
    height: 8,
    holes: &[],
    pieces: CHESS_PIECES,
    start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    promotions: &['q', 'r', 'b', 'n'],
};

/// The variant registry used by `RefPosition::from_fen` / `startpos`.
pub fn variant_by_name(name: &str) -> Option<&'static Variant> {
    match name {
        "chess" => Some(&CHESS),
        _ => None,
    }
}
