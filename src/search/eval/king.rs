//! King safety, where a royal piece is checkmated: the enemy pieces that
//! attack the squares around it, the pawn-like pieces shielding it, and
//! where it stands (at home in the middle game, central in an ending).

use super::weights::{Term, Weights};
use crate::rules::bitboard::Bitboard;
use crate::rules::square::{Color, Square};
use crate::rules::variant::Variant;

pub struct KingTerms {
    /// Per square: the squares one king step away, and itself.
    pub zone: Vec<Bitboard>,
    /// Per colour and square: the squares one to four ranks ahead on its
    /// file and the next, a rank a bitboard (the first two shield a king,
    /// enemy pawns on all four storm it).
    ahead: [Vec<[Bitboard; STORM_RANKS]>; 2],
    /// Per square: centrality, 0 at the edge of the grid.
    centre: Vec<i32>,
    /// Per kind: attack units.
    pub units: Vec<i32>,
    /// Centipawns per shielding pawn on the first and second rank ahead.
    shield_weight: (i32, i32),
    /// Danger from `units` of attack (a piece's units: its value / 250, 1
    /// to 4, per square of the zone it attacks): `units^2 * danger / 64` for
    /// two attackers or more, at most `max_danger`; one attacker: `units *
    /// lone`.
    danger: i32,
    lone: i32,
    max_danger: i32,
    /// Centipawns per step of centrality: ending, middle game (a penalty).
    centre_weight: (i32, i32),
    /// Centipawns per storming pawn on the first rank ahead.
    storm_weight: i32,
}

/// How many ranks ahead of a king enemy pawns count as a storm.
const STORM_RANKS: usize = 4;

impl KingTerms {
    pub fn new(v: &Variant, values: &[i32], weights: &Weights) -> Option<KingTerms> {
        v.royal()?;
        let g = &v.geometry();
        let (w, h) = (g.width() as i32, g.height() as i32);
        let mut zone = Vec::new();
        let mut ahead = [Vec::new(), Vec::new()];
        let mut centre = Vec::new();
        for i in 0..g.cells() {
            let sq = Square(i as u8);
            let mut z = Bitboard::EMPTY;
            for dx in -1..=1 {
                for dy in -1..=1 {
                    if let Some(s) = g.offset(sq, dx, dy) {
                        z.insert(s);
                    }
                }
            }
            if g.squares().contains(sq) {
                z.insert(sq);
            }
            zone.push(z);
            for c in Color::BOTH {
                let mut rows = [Bitboard::EMPTY; STORM_RANKS];
                for (n, row) in rows.iter_mut().enumerate() {
                    for dx in -1..=1 {
                        if let Some(s) = g.offset(sq, dx, (n as i32 + 1) * c.forward()) {
                            row.insert(s);
                        }
                    }
                }
                ahead[c.index()].push(rows);
            }
            let (f, r) = (g.file_of(sq) as i32, g.rank_of(sq) as i32);
            centre.push(f.min(w - 1 - f).min(r).min(h - 1 - r).min(3));
        }
        let units = values.iter().map(|&x| (x / 250).clamp(1, 4)).collect();
        Some(KingTerms {
            zone,
            ahead,
            centre,
            units,
            shield_weight: (
                weights.term(Term::ShieldNear),
                weights.term(Term::ShieldFar),
            ),
            danger: weights.term(Term::Danger),
            lone: weights.term(Term::Lone),
            max_danger: weights.term(Term::MaxDanger),
            centre_weight: (
                weights.term(Term::CentreEnd),
                weights.term(Term::CentreMiddle),
            ),
            storm_weight: weights.term(Term::Storm),
        })
    }

    /// The safety of `color`'s king on `king`: `attackers` enemy pieces
    /// hit its zone for `units`; `pawns` are its pawn-like pieces, and
    /// `storming` the enemy's.
    pub fn evaluate(
        &self,
        color: Color,
        king: Square,
        (attackers, units): (i32, i32),
        (pawns, storming): (Bitboard, Bitboard),
        phase: i32,
    ) -> i32 {
        let danger = match attackers {
            0 => 0,
            1 => units * self.lone,
            _ => (units * units * self.danger / 64).min(self.max_danger),
        };
        let [near, far, ..] = self.ahead[color.index()][king.index()];
        let (w_near, w_far) = self.shield_weight;
        let shield = w_near * (near & pawns).count() as i32 + w_far * (far & pawns).count() as i32;
        let storm = self.storm(color, king, storming);
        let centre = self.centre[king.index()];
        let (end, middle) = self.centre_weight;
        let place = (end * centre * (256 - phase) - middle * centre * phase) / 256;
        // The danger is the attackers' own measure; a shield matters while
        // there are pieces to attack.
        (shield - storm) * phase / 256 - danger + place
    }

    /// The storm against `color`'s king on `king` by the enemy pawn-like
    /// pieces `storming`: the weight for each on the first rank ahead, a
    /// quarter less a rank further.
    fn storm(&self, color: Color, king: Square, storming: Bitboard) -> i32 {
        let rows = &self.ahead[color.index()][king.index()];
        let quarters: i32 = rows
            .iter()
            .enumerate()
            .map(|(n, &row)| (STORM_RANKS - n) as i32 * (row & storming).count() as i32)
            .sum();
        self.storm_weight * quarters / STORM_RANKS as i32
    }

    /// Whether enemy pawns storming a king count (the evaluation gathers
    /// them only then).
    pub fn counts_storms(&self) -> bool {
        self.storm_weight != 0
    }
}
