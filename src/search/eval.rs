//! Static evaluation from the variant's table: piece values derived from
//! how the pieces move, centralisation, pawn advancement, and the extinction
//! race. Scores are centipawns from the side to move's point of view.

use crate::piece::Kind;
use crate::position::Position;
use crate::square::{Color, Square};
use crate::variant::Variant;

pub struct Evaluator {
    /// Value of each kind, in centipawns.
    pub values: Vec<i32>,
    /// Centralisation bonus per square (same for both colours).
    centre: Vec<i32>,
    promoters: u32,
    extinction: Option<Kind>,
}

/// Average number of squares a kind reaches from each square of an empty
/// board: the basis of its value.
fn mobility(v: &Variant, kind: usize) -> f64 {
    let g = &v.geometry;
    let t = &v.pieces[0][kind];
    let info = &v.kinds[kind];
    let mut total = 0u32;
    let mut squares = 0u32;
    for sq in g.squares() {
        let mut reach = t.quiet[sq.index()] | t.capture[sq.index()];
        for r in &t.riders {
            reach |= v.rays.ride(r.ray, sq, crate::bitboard::Bitboard::EMPTY);
        }
        for r in &t.sliders {
            reach |= v.rays.slide(r.ray, sq, crate::bitboard::Bitboard::EMPTY);
        }
        let mut n = reach.count();
        if v.dice_kinds >> kind & 1 != 0 && !v.leaper_targets.is_empty() {
            // A dice piece: the mean over the leapers it may become.
            let sum: u32 = v.leaper_targets.iter().map(|t| t[sq.index()].count()).sum();
            n = sum / v.leaper_targets.len() as u32;
        }
        // A teleport counts for little: it never captures.
        n += info.teleport[0].count().min(4);
        total += n;
        squares += 1;
    }
    total as f64 / squares.max(1) as f64
}

/// Whether every move of the kind keeps it on one square colour.
fn colour_bound(v: &Variant, kind: usize) -> bool {
    let info = &v.kinds[kind];
    v.dice_kinds >> kind & 1 == 0
        && !info.atoms.is_empty()
        && info
            .atoms
            .iter()
            .all(|a| a.vectors.iter().all(|&(x, y)| (x + y) % 2 == 0))
}

impl Evaluator {
    pub fn new(v: &Variant) -> Evaluator {
        let values = (0..v.kind_count())
            .map(|k| {
                if v.royal_kinds >> k & 1 != 0 {
                    return 0;
                }
                if v.promoters >> k & 1 != 0
                    && v.kinds[k]
                        .atoms
                        .iter()
                        .all(|a| a.reach == crate::betza::Reach::Leap)
                {
                    // Pawn-like: what it may become matters more than how it moves.
                    return if v.extinction == Some(k as Kind) {
                        250
                    } else {
                        100
                    };
                }
                let mut value = 35.0 * mobility(v, k) + 120.0;
                if colour_bound(v, k) {
                    value *= 0.75;
                }
                value as i32
            })
            .collect();
        let g = &v.geometry;
        let (cx, cy) = (
            (g.width() as f64 - 1.0) / 2.0,
            (g.height() as f64 - 1.0) / 2.0,
        );
        let centre = (0..g.cells())
            .map(|s| {
                let sq = Square(s as u8);
                let dx = (g.file_of(sq) as f64 - cx).abs();
                let dy = (g.rank_of(sq) as f64 - cy).abs();
                (8.0 - 2.0 * (dx + dy)).max(-8.0) as i32
            })
            .collect();
        Evaluator {
            values,
            centre,
            promoters: v.promoters,
            extinction: v.extinction,
        }
    }

    /// The position's value for the side to move.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let v = &**pos.variant();
        let g = &v.geometry;
        let mut score = [0i32; 2];
        for c in Color::BOTH {
            for kind in 0..v.kind_count() {
                let value = self.values[kind];
                for sq in pos.pieces(c, kind as Kind) {
                    score[c.index()] +=
                        value + self.centre[sq.index()] * (value.min(600) / 100 + 1);
                    if self.promoters >> kind & 1 != 0 {
                        // Closer to promotion is better, and more so near the end.
                        let rank = g.rank_of(sq) as i32;
                        let progress = match c {
                            Color::White => rank,
                            Color::Black => g.height() as i32 - 1 - rank,
                        };
                        score[c.index()] += progress * progress * 2;
                    }
                }
            }
            if let Some(k) = self.extinction {
                // Few pawns left is a danger in itself.
                let n = pos.pieces(c, k).count() as i32;
                score[c.index()] -= match n {
                    0 => 0,
                    1 => 400,
                    2 => 150,
                    _ => 0,
                };
            }
        }
        let us = pos.side_to_move().index();
        score[us] - score[1 - us]
    }
}
