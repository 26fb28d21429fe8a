//! perft: counting the leaf nodes of the legal move tree, the standard test
//! of a move generator. The last ply is counted in bulk, without playing it.
//!
//! Dice games have two modes. Frozen (`perft` on a position with
//! `set_frozen(true)`): moves only, the dice state stays as it is. Expanded
//! (`perft_expanded`): a ply is a move followed by every distinct throw and
//! every option of a choice, and the count is of distinct sequences.

use crate::action::Action;
use crate::position::{Pending, Position};
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

/// Leaf sequences at `depth` plies of move + throw + choice. A throw or
/// choice pending at the start is resolved first, without using depth.
pub fn perft_expanded(pos: &mut Position, depth: u32) -> u64 {
    match pos.pending() {
        Pending::Roll | Pending::Choose(..) | Pending::Find(_) | Pending::Activate => {
            let mut nodes = 0;
            for action in pos.legal_actions() {
                if pos.apply(action).is_ok() {
                    nodes += perft_expanded(pos, depth);
                    pos.unmake_move();
                }
            }
            nodes
        }
        Pending::Nothing if depth == 0 => 1,
        Pending::Nothing => {
            let moves = pos.legal_moves();
            let mut nodes = 0;
            for &m in moves.iter() {
                pos.make_move(m);
                nodes += perft_expanded(pos, depth - 1);
                pos.unmake_move();
            }
            nodes
        }
    }
}

/// Leaf nodes below each root action (a move, or a throw or choice in
/// expanded mode), in generation order, with the root actions spread over
/// rayon's threads. `progress` is called after each root action is done
/// with (done, total).
pub fn divide(
    pos: &Position,
    depth: u32,
    expanded: bool,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<(Action, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let actions = pos.legal_actions();
    let total = actions.len();
    let done = AtomicUsize::new(0);
    actions
        .par_iter()
        .filter_map(|&action| {
            let mut p = pos.clone();
            p.apply(action).ok()?;
            let n = match (expanded, action) {
                (true, Action::Move(_)) => perft_expanded(&mut p, depth - 1),
                // A throw or choice at the root uses no depth.
                (true, _) => perft_expanded(&mut p, depth),
                (false, _) => perft(&mut p, depth - 1),
            };
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
            Some((action, n))
        })
        .collect()
}
