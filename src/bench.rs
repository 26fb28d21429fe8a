//! `bench`: a fixed search over positions of every game, whose total node
//! count is the search's signature (the same binary always gives the same).

use crate::rules::position::Position;
use crate::rules::variants;
use crate::search::profile::profile;
use crate::search::{Limits, Searcher};
use std::time::Instant;

pub struct BenchResult {
    pub nodes: u64,
    pub seconds: f64,
}

/// Runs the bench on one thread with a fresh table of `hash_mib`.
pub fn run(hash_mib: usize, mut progress: impl FnMut(&str, u64)) -> BenchResult {
    let start = Instant::now();
    let mut nodes = 0;
    // Every built-in game, each with its profile's positions.
    let mut positions = Vec::new();
    for name in variants::builtin_names() {
        let Ok(v) = variants::load(&name) else {
            continue;
        };
        for (fen, depth) in profile(&name).bench {
            positions.push((v.clone(), fen, depth));
        }
    }
    for (v, fen, depth) in positions {
        let name = v.name().to_string();
        let mut pos = match fen {
            None => Position::startpos(v),
            Some(f) => match Position::from_fen(v, &f) {
                Ok(p) => p,
                Err(_) => continue,
            },
        };
        let mut searcher = Searcher::new(hash_mib);
        let result = searcher.search(&mut pos, &Limits::depth(depth), &mut |_| {});
        nodes += result.nodes;
        progress(&name, result.nodes);
    }
    BenchResult {
        nodes,
        seconds: start.elapsed().as_secs_f64(),
    }
}

/// Positions of a dice game from seeded random play (4 to 11 plies), at a
/// point where a move is due and the game is not over.
pub fn dice_positions(variant: &str, count: usize) -> Vec<Position> {
    let Ok(v) = variants::load(variant) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut seed = 1;
    while out.len() < count && seed < 10_000 {
        let record =
            crate::selfplay::random_game(Position::startpos(v.clone()), seed, 4 + seed as u32 % 8);
        seed += 1;
        let mut p = Position::startpos(v.clone());
        if record.steps.iter().any(|s| p.apply(s.action).is_err()) {
            continue;
        }
        if p.pending() == crate::rules::position::Pending::Nothing && p.outcome().is_none() {
            out.push(p);
        }
    }
    out
}

/// The chance search's test set: each game's share of positions from
/// random play (its profile's `chanceBench`), in the order of the games.
pub fn chance_positions() -> Vec<Position> {
    let mut positions = Vec::new();
    for name in variants::builtin_names() {
        positions.extend(dice_positions(&name, profile(&name).chance_bench));
    }
    positions
}

/// A configuration of the chance nodes (`Searcher`'s switches).
#[derive(Clone, Copy, Debug)]
pub struct ChanceConfig {
    pub name: &'static str,
    pub star1: bool,
    pub star2: bool,
    pub merge: bool,
    pub chance_tt: bool,
}

/// From plain expectimax to everything on, one step at a time.
pub const CHANCE_CONFIGS: &[ChanceConfig] = &[
    ChanceConfig {
        name: "expectimax",
        star1: false,
        star2: false,
        merge: false,
        chance_tt: false,
    },
    ChanceConfig {
        name: "star1",
        star1: true,
        star2: false,
        merge: false,
        chance_tt: false,
    },
    ChanceConfig {
        name: "star2",
        star1: true,
        star2: true,
        merge: false,
        chance_tt: false,
    },
    ChanceConfig {
        name: "star2+tt",
        star1: true,
        star2: true,
        merge: false,
        chance_tt: true,
    },
    ChanceConfig {
        name: "star2+tt+merge",
        star1: true,
        star2: true,
        merge: true,
        chance_tt: true,
    },
];

impl ChanceConfig {
    pub fn searcher(&self, hash_mib: usize) -> Searcher {
        let mut s = Searcher::new(hash_mib);
        s.star1 = self.star1;
        s.star2 = self.star2;
        s.merge_outcomes = self.merge;
        s.chance_tt = self.chance_tt;
        s
    }
}

/// Searches each position to `depth` with a fresh searcher `make` builds:
/// (total nodes, each score).
pub fn chance_run(
    positions: &[Position],
    depth: u32,
    make: &dyn Fn() -> Searcher,
) -> (u64, Vec<i32>) {
    let mut nodes = 0;
    let mut scores = Vec::new();
    for pos in positions {
        let mut s = make();
        let mut p = pos.clone();
        let r = s.search(&mut p, &Limits::depth(depth), &mut |_| {});
        nodes += r.nodes;
        scores.push(r.score);
    }
    (nodes, scores)
}
