//! perft: counting the leaf nodes of the legal move tree, the standard test
//! of a move generator. The last ply is counted in bulk, without playing it.

use crate::moves::Move;
use crate::position::Position;
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Leaf nodes at `depth`.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal(),
        _ => {
            let moves = pos.legal_moves();
            let mut nodes = 0;
            for &m in moves.iter() {
                pos.make_move(m);
                nodes += perft(pos, depth - 1);
                pos.unmake_move();
            }
            nodes
        }
    }
}

/// Leaf nodes below each root move, in generation order, with the root
/// moves spread over rayon's threads. `progress` is called after each root
/// move is done with (done, total).
pub fn divide(
    pos: &Position,
    depth: u32,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves: Vec<Move> = pos.legal_moves().to_vec();
    let total = moves.len();
    let done = AtomicUsize::new(0);
    moves
        .par_iter()
        .map(|&m| {
            let mut p = pos.clone();
            p.make_move(m);
            let n = perft(&mut p, depth - 1);
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
            (m, n)
        })
        .collect()
}
