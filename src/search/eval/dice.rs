//! Pieces that move as the dice decide (Carnival's knights): the expected
//! value of such a piece over the throws to come, from the chance model,
//! with the leaper it has now weighing for its next move.

use super::values::{self, Mobility};
use crate::rules::bitboard::Bitboard;
use crate::rules::dice::ThrowResult;
use crate::rules::position::{Pending, Position};
use crate::rules::square::Color;
use crate::rules::variant::Variant;

/// The current leaper's share of a dice piece's value (it is used for one
/// move; the throws after that decide the rest).
pub const NOW_SHARE: i32 = 1;
pub const SHARE_OF: i32 = 4;

pub struct DiceTerms {
    /// Kinds that move as the dice leaper.
    pub kinds: u32,
    /// A dice piece's value while it moves as each leaper.
    pub leaper_value: Vec<i32>,
    /// Its value over a throw: the mean over the throws, a throw that
    /// offers a choice counting its best leaper (the thrower chooses).
    pub expected: i32,
}

impl DiceTerms {
    pub fn new(v: &Variant) -> Option<DiceTerms> {
        let model = v.chance()?;
        if v.dice_kinds() == 0 || v.leapers().is_empty() {
            return None;
        }
        let dice_kind = v.dice_kinds().trailing_zeros() as usize;
        let n = v.geometry().squares().count().max(1) as f64;
        let leaper_value: Vec<i32> = (0..v.leapers().len())
            .map(|leaper| {
                // A leap is not blocked: the typical board is the empty one.
                let empty = Bitboard::EMPTY;
                let m: f64 = v
                    .geometry()
                    .squares()
                    .map(|sq| {
                        let (reach, _) =
                            v.reach(Color::White, dice_kind, sq, empty, empty, false, leaper);
                        reach.count() as f64
                    })
                    .sum::<f64>()
                    / n;
                let figures = Mobility {
                    empty: m,
                    typical: m,
                    ..Mobility::default()
                };
                values::from_mobility(&figures, false).round() as i32
            })
            .collect();
        let index = |l| v.leapers().iter().position(|&x| x == l).unwrap_or(0);
        let expected: f64 = v
            .throws()
            .map(|(a, b, p)| {
                let value = match model.resolve(a, b) {
                    ThrowResult::Fixed(l) => leaper_value[index(l)],
                    ThrowResult::Choice(options) => options
                        .iter()
                        .map(|&l| leaper_value[index(l)])
                        .max()
                        .unwrap_or(0),
                };
                p * value as f64
            })
            .sum();
        Some(DiceTerms {
            kinds: v.dice_kinds(),
            leaper_value,
            expected: expected.round() as i32,
        })
    }

    /// The value of one of `color`'s dice pieces in `pos`: its leaper now
    /// for the next move, the expectation for the throws after it. A side
    /// about to throw or to choose has no leaper yet.
    pub fn piece_value(&self, pos: &Position, color: Color) -> i32 {
        let actor = pos.side_to_move().opposite();
        if color == actor {
            match pos.pending() {
                Pending::Roll => return self.expected,
                Pending::Choose(..) => {
                    let v = &**pos.variant();
                    let best = pos
                        .choices()
                        .iter()
                        .filter_map(|l| v.leapers().iter().position(|x| x == l))
                        .map(|i| self.leaper_value[i])
                        .max()
                        .unwrap_or(self.expected);
                    return (NOW_SHARE * best + (SHARE_OF - NOW_SHARE) * self.expected) / SHARE_OF;
                }
                _ => {}
            }
        }
        let now = self
            .leaper_value
            .get(pos.leaper_index(color))
            .copied()
            .unwrap_or(self.expected);
        (NOW_SHARE * now + (SHARE_OF - NOW_SHARE) * self.expected) / SHARE_OF
    }
}
