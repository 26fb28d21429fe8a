//! Pieces whose moves the dice decide (the kinds a game's modes change):
//! the expected value of such a piece over the throws to come, with the
//! mode its side has now weighing for its next move.

use super::values::{self, Mobility};
use crate::rules::bitboard::Bitboard;
use crate::rules::position::{Pending, Position};
use crate::rules::square::Color;
use crate::rules::variant::{Effect, Variant};

/// The current mode's share of a piece's value (it is used for one move;
/// the throws after that decide the rest).
pub const NOW_SHARE: i32 = 1;
pub const SHARE_OF: i32 = 4;

pub struct ModeTerms {
    /// Kinds whose moves differ between modes.
    pub kinds: u32,
    /// `value[mode][kind]`: a piece's value while its side is in the mode.
    pub value: Vec<Vec<i32>>,
    /// Per kind, its value over a throw: the mean over the throws, a throw
    /// that offers a choice counting the mode the thrower would choose.
    pub expected: Vec<i32>,
}

impl ModeTerms {
    pub fn new(v: &Variant) -> Option<ModeTerms> {
        if !v.has_dice() || v.mode_kinds() == 0 {
            return None;
        }
        let kinds = v.mode_kinds();
        let value: Vec<Vec<i32>> = (0..v.mode_count())
            .map(|mode| {
                (0..v.kind_count())
                    .map(|kind| match kinds >> kind & 1 {
                        0 => 0,
                        _ => value_in_mode(v, kind, mode),
                    })
                    .collect()
            })
            .collect();
        let mut expected = vec![0.0f64; v.kind_count()];
        for (p, effect) in v.throw_effects() {
            let mode = match effect {
                Effect::Set(m) => *m as usize,
                Effect::Choose(options) => best_mode(&value, options),
            };
            for (e, x) in expected.iter_mut().zip(&value[mode]) {
                *e += p * *x as f64;
            }
        }
        Some(ModeTerms {
            kinds,
            value,
            expected: expected.iter().map(|e| e.round() as i32).collect(),
        })
    }

    /// The value of one of `color`'s pieces of `kind` (a mode kind) in
    /// `pos`: its mode now for the next move, the expectation for the
    /// throws after it. A side about to throw or to choose has no mode yet.
    pub fn piece_value(&self, pos: &Position, color: Color, kind: usize) -> i32 {
        let expected = self.expected[kind];
        let blend = |now: i32| (NOW_SHARE * now + (SHARE_OF - NOW_SHARE) * expected) / SHARE_OF;
        let actor = pos.side_to_move().opposite();
        if color == actor {
            match pos.pending() {
                Pending::Roll => return expected,
                Pending::Choose(..) => {
                    let best = best_mode(&self.value, &pos.choices());
                    return blend(self.value[best][kind]);
                }
                _ => {}
            }
        }
        let now = self
            .value
            .get(pos.mode(color))
            .map_or(expected, |v| v[kind]);
        blend(now)
    }
}

/// The mode among `options` whose pieces are worth most (one of each
/// kind): the thrower's choice.
fn best_mode(value: &[Vec<i32>], options: &[u8]) -> usize {
    options
        .iter()
        .map(|&m| m as usize)
        .max_by_key(|&m| value[m].iter().sum::<i32>())
        .unwrap_or(0)
}

/// A piece's value from its mean reach on the empty board in `mode` (what
/// a leap reaches does not depend on the board).
fn value_in_mode(v: &Variant, kind: usize, mode: usize) -> i32 {
    let n = v.geometry().squares().count().max(1) as f64;
    let empty = Bitboard::EMPTY;
    let m: f64 = v
        .geometry()
        .squares()
        .map(|sq| {
            let (reach, _) = v.reach(Color::White, kind, sq, empty, empty, false, mode);
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
}
