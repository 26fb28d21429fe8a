//! Piece values derived from how the pieces move: the squares a piece
//! reaches on an empty board and on a typical board (40% of the squares
//! occupied, which shortens the rides: the range term), colour binding, and
//! the variant table's overrides.

use crate::rules::bitboard::Bitboard;
use crate::rules::piece::Kind;
use crate::rules::square::{Color, Square};
use crate::rules::variant::Variant;

/// Value of a piece reaching `m` squares: `BASE + PER_SQUARE * m`
/// (fitted so that the chess Knight is 320 and the Queen 900).
pub const BASE: f64 = 18.8;
pub const PER_SQUARE: f64 = 57.4;
/// The mobility part of a piece bound to one square colour counts this
/// much (fitted so that the chess Bishop is 330).
pub const COLOUR_BOUND: f64 = 0.86;
/// Share of the empty board's count in the mix (the rest: the typical board).
pub const EMPTY_SHARE: f64 = 0.4;
/// Density of the typical board and how many random boards it averages.
pub const TYPICAL_DENSITY: f64 = 0.5;
const TYPICAL_BOARDS: u32 = 12;
/// A pawn-like piece is worth `100 * sqrt(w / PAWN_W)`, `w` its mean count
/// (moves and captures weighing half each): the orthodox pawn's is 1.375.
pub const PAWN_W: f64 = 1.375;

/// The weighted count of a reach: moves and captures half each.
fn weighted(q: Bitboard, x: Bitboard) -> f64 {
    0.5 * (q.count() + x.count()) as f64
}

/// A piece that promotes and only leaps: its value comes from what it may
/// become, not from how it moves.
pub fn pawn_like(v: &Variant, kind: usize) -> bool {
    v.promoters() >> kind & 1 != 0 && v.only_leaps(kind as Kind)
}

/// Whether every move of the kind keeps it on one square colour.
pub fn colour_bound(v: &Variant, kind: usize) -> bool {
    v.colour_bound(kind as Kind)
}

/// A deterministic pseudo-random generator for the typical boards.
struct Lcg(u64);

impl Lcg {
    fn unit(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// One kind's movement figures.
#[derive(Clone, Debug, Default)]
pub struct Mobility {
    /// Mean weighted count on the empty board, per square it stands on.
    pub empty: f64,
    /// The same on the typical board.
    pub typical: f64,
    /// Per colour, per square: the weighted count on the empty board.
    pub per_square: [Vec<f64>; 2],
}

/// A kind's figures; a kind the modes change has the mean over the modes.
pub fn mobility(v: &Variant, kind: usize) -> Mobility {
    let g = &v.geometry();
    let squares = g.squares();
    let modes: Vec<usize> = if v.mode_kinds() >> kind & 1 != 0 {
        (0..v.mode_count()).collect()
    } else {
        vec![v.start_mode()]
    };
    let per_mode = modes.len() as f64;
    let teleport = |c: Color, sq: Square| -> f64 {
        let t = v.teleport_squares(kind as Kind, c);
        // A teleport never captures and mostly lands nowhere useful.
        0.5 * ((t & !Bitboard::from_square(sq)).count().min(4)) as f64
    };
    let mut out = Mobility::default();
    for c in Color::BOTH {
        out.per_square[c.index()] = (0..g.cells())
            .map(|i| {
                let sq = Square(i as u8);
                if !squares.contains(sq) {
                    return 0.0;
                }
                let sum: f64 = modes
                    .iter()
                    .map(|&m| {
                        let (q, x) =
                            v.reach(c, kind, sq, Bitboard::EMPTY, Bitboard::EMPTY, false, m);
                        weighted(q, x)
                    })
                    .sum();
                sum / per_mode + teleport(c, sq)
            })
            .collect();
    }
    let n = squares.count().max(1) as f64;
    out.empty = out.per_square[0].iter().sum::<f64>() / n;
    let mut rng = Lcg(0x6d65_6e61_6765_7269 ^ kind as u64);
    let mut total = 0.0;
    for _ in 0..TYPICAL_BOARDS {
        let mut occupied = Bitboard::EMPTY;
        for sq in squares {
            if rng.unit() < TYPICAL_DENSITY {
                occupied.insert(sq);
            }
        }
        for sq in squares {
            let occ = occupied & !Bitboard::from_square(sq);
            let sum: f64 = modes
                .iter()
                .map(|&m| {
                    let (q, x) = v.reach(Color::White, kind, sq, occ, occ, false, m);
                    weighted(q, x)
                })
                .sum();
            total += sum / per_mode + teleport(Color::White, sq);
        }
    }
    out.typical = total / (n * TYPICAL_BOARDS as f64);
    out
}

/// The value of a piece with these figures (not pawn-like, not royal).
pub fn from_mobility(m: &Mobility, bound: bool) -> f64 {
    let mix = EMPTY_SHARE * m.empty + (1.0 - EMPTY_SHARE) * m.typical;
    BASE + PER_SQUARE * mix * if bound { COLOUR_BOUND } else { 1.0 }
}

/// A pawn-like kind's value: from its mean weighted count off the
/// promotion zone.
pub fn pawn_value(v: &Variant, kind: usize) -> f64 {
    let zone = v.promotion_zone(Color::White);
    let mut total = 0.0;
    let mut n = 0.0;
    for sq in v.geometry().squares() & !zone {
        let (q, x) = v.reach(
            Color::White,
            kind,
            sq,
            Bitboard::EMPTY,
            Bitboard::EMPTY,
            false,
            0,
        );
        total += weighted(q, x);
        n += 1.0;
    }
    let w = if n > 0.0 { total / n } else { PAWN_W };
    100.0 * (w / PAWN_W).sqrt()
}

/// Derived values of every kind (royal kinds 0), before overrides and the
/// game terms (modes, hunting, extinction) adjust them.
pub fn derived(v: &Variant, figures: &[Mobility]) -> Vec<f64> {
    (0..v.kind_count())
        .map(|k| {
            if v.royal_kinds() >> k & 1 != 0 {
                0.0
            } else if pawn_like(v, k) {
                pawn_value(v, k)
            } else {
                from_mobility(&figures[k], colour_bound(v, k))
            }
        })
        .collect()
}
