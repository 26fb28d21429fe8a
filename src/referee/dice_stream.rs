//! The referee's dice. Each throw comes from (seed, pair, side, turn,
//! throw of the turn), not from the moves: both games of a pair show each
//! colour the same dice on the same turn, whoever plays it, and a seed
//! replays a match exactly.

use crate::dice::DiceRoller;
use crate::rules::square::Color;

fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The faces shown by `dice` (faces per die, in the order thrown) at
/// `side`'s `throw`-th throw (from 0) after its `turn`-th move (from 1) in
/// pair `pair`.
pub fn throw(seed: u64, pair: u64, side: Color, turn: u32, throw: u32, dice: &[u8]) -> Vec<u8> {
    let side = match side {
        Color::White => 0,
        Color::Black => 1,
    };
    let mut k = splitmix(seed);
    for x in [pair, side, turn as u64, throw as u64] {
        k = splitmix(k ^ x);
    }
    let mut r = DiceRoller::new(k);
    dice.iter().map(|&faces| r.die(faces as u32)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::faces::DICE;

    #[test]
    fn throws_depend_on_every_coordinate_and_nothing_else() {
        let a = throw(1, 0, Color::White, 1, 0, &DICE);
        assert_eq!(a, throw(1, 0, Color::White, 1, 0, &DICE));
        let mut seen = std::collections::HashSet::new();
        for turn in 1..1000 {
            seen.insert(throw(1, 0, Color::White, turn, 0, &DICE));
        }
        assert_eq!(seen.len(), 36);
        let differs = |f: &dyn Fn(u32) -> Vec<u8>| {
            (1..40).any(|t| f(t) != throw(1, 0, Color::White, t, 0, &DICE))
        };
        assert!(differs(&|t| throw(2, 0, Color::White, t, 0, &DICE)));
        assert!(differs(&|t| throw(1, 1, Color::White, t, 0, &DICE)));
        assert!(differs(&|t| throw(1, 0, Color::Black, t, 0, &DICE)));
        assert!(differs(&|t| throw(1, 0, Color::White, t, 1, &DICE)));
    }
}
