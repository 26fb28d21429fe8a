//! The search stays bounded where the quiescence search once exploded
//! (issue 56): counted in nodes, never in time, so the machine's load
//! cannot decide the result.

use menagerie::rules::position::Position;
use menagerie::rules::variants;
use menagerie::search::{Limits, Searcher};

/// Nodes of a depth-`depth` search, cut at `cap` nodes (a search that
/// would take millions stops soon after the cap, and fails the bound).
fn nodes_to_depth(variant: &str, fen: &str, depth: u32, cap: u64) -> u64 {
    let v = variants::load(variant).expect("built-in game");
    let mut pos = Position::from_fen(v, fen).expect("valid FEN");
    let mut s = Searcher::new(16);
    let limits = Limits {
        nodes: Some(cap),
        ..Limits::depth(depth)
    };
    s.search(&mut pos, &limits, &mut |_| {}).nodes
}

#[test]
fn promotions_on_both_sides_keep_depth_3_small() {
    // Three pawns a side one step from promoting, queens and minor pieces
    // hanging: 174 M nodes at depth 3 before the quiescence search was
    // bounded (underpromotions, no table, promotions ordered last).
    let fen = "R4RK1/1PP1QPPP/P1NP1N2/2B1P1b1/2b1p1B1/p1np1n2/1pp1qppp/r4rk1 w - - 0 10";
    let nodes = nodes_to_depth("chess", fen, 3, 1_000_000);
    assert!(nodes < 250_000, "{nodes} nodes");
}
