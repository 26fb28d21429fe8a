//! `--shard K/N`: one of N slices of a match, so that its games can run on
//! several machines and be pooled after. A slice is whole pairs, pair `p`
//! going to shard `p mod N + 1`: every shard gets openings from the whole
//! file and a share of the late pairs, and each game is the one the single
//! run would play at its index (opening, dice, colours, seed).

use std::fmt;

/// Shard `index` (from 1) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// Parses `K/N`, 1 <= K <= N.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("shard '{text}': give K/N with 1 <= K <= N, as 2/4");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let index: usize = k.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count || count > 1_000_000 {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Whether the game at `index` (from 0) is this shard's.
    pub fn plays(&self, game: usize) -> bool {
        (game / 2) % self.count == self.index - 1
    }

    /// This shard's games (0-based indices, in order) of a match of `games`.
    pub fn games(&self, games: usize) -> Vec<usize> {
        (0..games).filter(|&g| self.plays(g)).collect()
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_whole_pairs_and_together_cover_the_match() {
        let shards: Vec<Shard> = (1..=3)
            .map(|k| Shard::parse(&format!("{k}/3")).unwrap())
            .collect();
        assert_eq!(shards[0].games(14), [0, 1, 6, 7, 12, 13]);
        assert_eq!(shards[1].games(14), [2, 3, 8, 9]);
        assert_eq!(shards[2].games(14), [4, 5, 10, 11]);
        let mut all: Vec<usize> = shards.iter().flat_map(|s| s.games(14)).collect();
        all.sort_unstable();
        assert_eq!(all, (0..14).collect::<Vec<_>>());
        assert_eq!(shards[1].to_string(), "2/3");
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "-1/2", ""] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }
}
