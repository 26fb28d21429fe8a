//! Space: the safe squares a side holds in the centre of its own half, the
//! ones behind its pawns counted twice, worth more the more pieces it has
//! to use them (middle game only). Without it a side could be pushed back
//! by a wall of advancing pawns long before the evaluation saw a problem.

use crate::rules::bitboard::Bitboard;
use crate::rules::position::Position;
use crate::rules::square::Color;
use crate::rules::variant::Variant;

/// How many ranks behind a pawn count as sheltered by it.
const SHELTER: i32 = 3;

pub struct SpaceTerms {
    /// Sixteenths of a centipawn per square and piece (`Term::Space`).
    weight: i32,
    pawn_kinds: u32,
    /// Per colour: the central files, from its second rank to the middle.
    area: [Bitboard; 2],
    /// Per colour and square: the squares up to `SHELTER` behind it on its
    /// file.
    behind: [Vec<Bitboard>; 2],
}

impl SpaceTerms {
    /// The term for a game whose pawn-like kinds are `pawn_kinds`; none
    /// without a weight or pawns.
    pub fn new(v: &Variant, pawn_kinds: u32, weight: i32) -> Option<SpaceTerms> {
        if weight == 0 || pawn_kinds == 0 {
            return None;
        }
        let g = v.geometry();
        let (width, height) = (g.width() as i32, g.height() as i32);
        let own_rank = |c: Color, r: i32| match c {
            Color::White => r,
            Color::Black => height - 1 - r,
        };
        let mut area = [Bitboard::EMPTY; 2];
        let mut behind = [
            vec![Bitboard::EMPTY; g.cells()],
            vec![Bitboard::EMPTY; g.cells()],
        ];
        for sq in g.squares() {
            let (f, r) = (g.file_of(sq) as i32, g.rank_of(sq) as i32);
            for c in Color::BOTH {
                let own = own_rank(c, r);
                let central = f >= width / 4 && f < width - width / 4;
                if central && own >= 1 && own < height / 2 {
                    area[c.index()] |= Bitboard::from_square(sq);
                }
                behind[c.index()][sq.index()] = (1..=SHELTER)
                    .filter_map(|d| g.offset(sq, 0, -d * c.forward()))
                    .fold(Bitboard::EMPTY, |b, s| b | Bitboard::from_square(s));
            }
        }
        Some(SpaceTerms {
            weight,
            pawn_kinds,
            area,
            behind,
        })
    }

    /// `color`'s space at `phase` (256 the middle game), given where the
    /// enemy's pawns attack and where any enemy piece does.
    pub fn evaluate(
        &self,
        pos: &Position,
        color: Color,
        phase: i32,
        (enemy_pawns, enemy): (Bitboard, Bitboard),
    ) -> i32 {
        let c = color.index();
        let pawns = pos.pieces_of_kinds(color, self.pawn_kinds);
        let safe = self.area[c] & !pawns & !enemy_pawns;
        let sheltered = pawns.fold(Bitboard::EMPTY, |b, sq| b | self.behind[c][sq.index()]);
        let squares = (safe.count() + (safe & sheltered & !enemy).count()) as i32;
        let pieces = (pos.ours(color) & !pawns).count() as i32;
        squares * pieces * self.weight * phase / (16 * 256)
    }
}
