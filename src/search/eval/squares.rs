//! Square tables: what a piece is worth on its square beyond its value, in
//! the middle game and in the ending, blended by the game phase. The
//! weights give them from White's point of view; Black's are the same
//! tables with the ranks counted from its own end.

use super::weights::{Phase, Weights};
use crate::rules::bitboard::Bitboard;
use crate::rules::piece::Kind;
use crate::rules::square::{Color, Square};
use crate::rules::variant::Variant;

pub(super) struct SquareTerms {
    cells: usize,
    /// Per colour and phase: `kind * cells + cell`.
    table: [[Vec<i32>; 2]; 2],
}

impl SquareTerms {
    /// The tables of `w`, or `None` where they are all 0.
    pub fn new(v: &Variant, w: &Weights) -> Option<SquareTerms> {
        if !w.has_squares() {
            return None;
        }
        let g = v.geometry();
        let cells = g.cells();
        let n = v.kind_count();
        let mut table = [
            [vec![0; n * cells], vec![0; n * cells]],
            [vec![0; n * cells], vec![0; n * cells]],
        ];
        for color in Color::BOTH {
            for phase in Phase::BOTH {
                let t = &mut table[color.index()][phase as usize];
                for kind in 0..n {
                    for sq in g.squares() {
                        let own = own_view(v, color, sq).index();
                        t[kind * cells + sq.index()] = w.square(phase, kind as Kind, own);
                    }
                }
            }
        }
        Some(SquareTerms { cells, table })
    }

    /// The middle-game and ending sums of `color`'s `pieces` of `kind`.
    pub fn sum(&self, color: Color, kind: usize, pieces: Bitboard) -> [i32; 2] {
        let [middle, end] = &self.table[color.index()];
        let base = kind * self.cells;
        let mut out = [0; 2];
        for sq in pieces {
            out[0] += middle[base + sq.index()];
            out[1] += end[base + sq.index()];
        }
        out
    }
}

/// `sq` as `color` sees it: Black's ranks counted from its own end (where
/// that cell is a hole of the board, the square itself).
pub fn own_view(v: &Variant, color: Color, sq: Square) -> Square {
    let g = v.geometry();
    match color {
        Color::White => sq,
        Color::Black => {
            let rank = g.height() as i32 - 1 - g.rank_of(sq) as i32;
            g.square(g.file_of(sq) as i32, rank).unwrap_or(sq)
        }
    }
}

/// The middle-game and ending sums blended by `phase` (256: all middle
/// game, 0: all ending).
pub fn blend(sums: [i32; 2], phase: i32) -> i32 {
    (sums[0] * phase + sums[1] * (256 - phase)) / 256
}
