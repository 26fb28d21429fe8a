//! The dice themselves: faces from a seeded generator, every face equally
//! likely.

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256StarStar;

/// Throws dice from a seed.
pub struct DiceRoller {
    rng: Xoshiro256StarStar,
}

impl DiceRoller {
    pub fn new(seed: u64) -> DiceRoller {
        DiceRoller {
            rng: Xoshiro256StarStar::seed_from_u64(seed),
        }
    }

    /// One die with `faces` faces: 1..=faces, uniformly.
    pub fn die(&mut self, faces: u32) -> u8 {
        // Rejection sampling keeps every face equally likely.
        let limit = u64::MAX - u64::MAX % faces as u64;
        loop {
            let x = self.rng.next_u64();
            if x < limit {
                return (x % faces as u64) as u8 + 1;
            }
        }
    }

    /// A number in 0..n, for random play.
    pub fn below(&mut self, n: usize) -> usize {
        self.die(n as u32) as usize - 1
    }
}
