//! Chance nodes: Star1, Star2, merged throws and plain expectimax return
//! exactly the same value at a fixed depth; the table changes only the work
//! (where its entries are used, values can depend on the search order).

use menagerie::bench::{chance_positions, CHANCE_CONFIGS};
use menagerie::position::Position;
use menagerie::search::{Limits, Searcher};

/// Score and nodes of a plain alpha-beta (no reductions, the table only
/// ordering moves) with the chance nodes of `config`.
fn exact_search(pos: &Position, depth: u32, config: usize) -> (i32, u64) {
    let mut s = CHANCE_CONFIGS[config].searcher(16);
    s.reductions = false;
    s.tt_cutoffs = false;
    let mut p = pos.clone();
    let r = s.search(&mut p, &Limits::depth(depth), &mut |_| {});
    (r.score, r.nodes)
}

/// Every configuration gives the expectimax value; the nodes of each.
fn agree(positions: &[Position], depth: u32) -> Vec<u64> {
    let mut nodes = vec![0; CHANCE_CONFIGS.len()];
    for pos in positions {
        let (plain, n) = exact_search(pos, depth, 0);
        nodes[0] += n;
        for (c, total) in nodes.iter_mut().enumerate().skip(1) {
            let (v, n) = exact_search(pos, depth, c);
            assert_eq!(
                v,
                plain,
                "{} at depth {depth}: {}",
                CHANCE_CONFIGS[c].name,
                pos.to_fen()
            );
            *total += n;
        }
    }
    for (c, n) in CHANCE_CONFIGS.iter().zip(&nodes) {
        eprintln!("depth {depth} {}: {n} nodes", c.name);
    }
    nodes
}

#[test]
fn star1_star2_and_merging_return_the_expectimax_value_at_depth_1() {
    let positions = chance_positions();
    assert_eq!(positions.len(), 20);
    let nodes = agree(&positions, 1);
    assert!(nodes[1] < nodes[0], "Star1 prunes");
}

#[test]
fn star1_star2_and_merging_return_the_expectimax_value_at_depth_2() {
    // The Carnival position quickest to search, every Truffle Hunt one.
    let positions = chance_positions();
    let picked: Vec<Position> = [3, 14, 15, 16, 17, 18, 19]
        .iter()
        .map(|&i| positions[i].clone())
        .collect();
    let nodes = agree(&picked, 2);
    assert!(nodes[2] < nodes[1], "Star2 prunes more than Star1");
    assert!(nodes[1] < nodes[0], "Star1 prunes");
}

#[test]
fn truffle_hunt_agrees_at_depth_3() {
    let positions = chance_positions();
    agree(&positions[14..], 3);
}

#[test]
fn the_table_changes_the_work_not_the_value_at_depth_1() {
    for pos in chance_positions() {
        let (v, _) = exact_search(&pos, 1, 4);
        let mut s = Searcher::new(16);
        s.reductions = false;
        let mut p = pos.clone();
        let r = s.search(&mut p, &Limits::depth(1), &mut |_| {});
        assert_eq!(r.score, v, "{}", pos.to_fen());
    }
}
