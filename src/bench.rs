//! `bench`: a fixed search over positions of every game, whose total node
//! count is the search's signature (the same binary always gives the same).

use crate::rules::position::Position;
use crate::rules::variants;
use crate::search::{Limits, Searcher};
use std::time::Instant;

/// (variant, FEN or `None` for the start, depth).
pub const POSITIONS: &[(&str, Option<&str>, u32)] = &[
    ("chess", None, 7),
    (
        "chess",
        Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        5,
    ),
    (
        "chess",
        Some("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
        9,
    ),
    ("wolf", None, 5),
    ("hubbub", None, 5),
    ("pawneaters", None, 4),
    ("carnival", None, 2),
    ("carnival-oblique", None, 2),
    ("truffle", None, 3),
];

pub struct BenchResult {
    pub nodes: u64,
    pub seconds: f64,
}

/// Runs the bench on one thread with a fresh table of `hash_mib`.
pub fn run(hash_mib: usize, mut progress: impl FnMut(&str, u64)) -> BenchResult {
    let start = Instant::now();
    let mut nodes = 0;
    for &(name, fen, depth) in POSITIONS {
        let Ok(v) = variants::load(name) else {
            continue;
        };
        let mut pos = match fen {
            None => Position::startpos(v),
            Some(f) => match Position::from_fen(v, f) {
                Ok(p) => p,
                Err(_) => continue,
            },
        };
        let mut searcher = Searcher::new(hash_mib);
        let result = searcher.search(&mut pos, &Limits::depth(depth), &mut |_| {});
        nodes += result.nodes;
        progress(name, result.nodes);
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

/// The chance search's test set: 14 Carnival and 6 Truffle Hunt positions.
pub fn chance_positions() -> Vec<Position> {
    let mut positions = dice_positions("carnival", 14);
    positions.extend(dice_positions("truffle", 6));
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
