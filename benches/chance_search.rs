//! Nodes of the chance search at depths 3 and 4 on the test set of
//! `tests/search.rs` (14 Carnival and 6 Truffle Hunt positions), for plain
//! expectimax, Star1, Star2, chance nodes in the table and merged throws:
//! `cargo bench --bench chance_search [-- [carnival|truffle] [no-expectimax] [unshared] DEPTH...]`
//! (without expectimax, which takes long, the ratios are to Star1;
//! `unshared` searches every child of the horizon's throws).

use menagerie::bench::{chance_positions, chance_run, CHANCE_CONFIGS};
use std::time::Instant;

fn main() {
    let depths: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let depths = if depths.is_empty() {
        vec![3, 4]
    } else {
        depths
    };
    let skip_plain = std::env::args().any(|a| a == "no-expectimax");
    let share = !std::env::args().any(|a| a == "unshared");
    let only = std::env::args().skip(1).find(|a| {
        a.parse::<u32>().is_err() && a != "no-expectimax" && a != "unshared" && !a.starts_with('-')
    });
    let positions: Vec<_> = chance_positions()
        .into_iter()
        .filter(|p| only.as_deref().is_none_or(|v| p.variant().name() == v))
        .collect();
    println!("{} positions", positions.len());
    for depth in depths {
        let mut base = None;
        for c in CHANCE_CONFIGS.iter().skip(skip_plain as usize) {
            let start = Instant::now();
            let (nodes, _) = chance_run(&positions, depth, &|| {
                let mut s = c.searcher(16);
                s.share_horizon = share;
                s
            });
            let base = *base.get_or_insert(nodes);
            println!(
                "depth {depth} {:<16} {:>12} nodes {:>7.2}x fewer {:>8.2} s",
                c.name,
                nodes,
                base as f64 / nodes.max(1) as f64,
                start.elapsed().as_secs_f64()
            );
        }
    }
}
