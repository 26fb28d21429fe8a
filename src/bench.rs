//! `bench`: a fixed search over positions of every game, whose total node
//! count is the search's signature (the same binary always gives the same).

use crate::position::Position;
use crate::search::{Limits, Searcher};
use crate::variants;
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
