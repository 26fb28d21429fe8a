//! perft: counting the leaf nodes of the legal move tree, the standard test
//! of a move generator. The last ply is counted in bulk, without playing it.
//!
//! Dice games have two modes. Frozen (`perft` on a position with
//! `set_frozen(true)`): moves only, the dice state stays as it is. Expanded
//! (`perft_expanded`): a ply is a move followed by every distinct throw and
//! every option of a choice, and the count is of distinct sequences.

use crate::rules::action::Action;
use crate::rules::moves::MoveList;
use crate::rules::position::{Pending, Position};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Leaf nodes at `depth`.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal(),
        _ => {
            let mut moves = MoveList::new();
            pos.generate(&mut moves);
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
        Pending::Roll
        | Pending::Choose(..)
        | Pending::Find(_)
        | Pending::Activate
        | Pending::Promote(_) => {
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
            let mut moves = MoveList::new();
            pos.generate(&mut moves);
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
    let never = AtomicBool::new(false);
    divide_until(pos, depth, expanded, &never, progress).unwrap_or_default()
}

/// `divide` that gives up as soon as it sees `stop` set (it looks between
/// subtrees of a few plies, each counted in milliseconds): None then.
pub fn divide_until(
    pos: &Position,
    depth: u32,
    expanded: bool,
    stop: &AtomicBool,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Option<Vec<(Action, u64)>> {
    if depth == 0 {
        return Some(Vec::new());
    }
    let actions = pos.legal_actions();
    let total = actions.len();
    let done = AtomicUsize::new(0);
    let counts: Vec<Option<(Action, u64)>> = actions
        .par_iter()
        .filter_map(|&action| {
            let mut p = pos.clone();
            p.apply(action).ok()?;
            // A throw or choice at the root uses no depth.
            let below = match (expanded, action) {
                (true, Action::Move(_)) | (false, _) => depth - 1,
                (true, _) => depth,
            };
            let n = count_until(&mut p, below, expanded, stop);
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
            Some(n.map(|n| (action, n)))
        })
        .collect();
    counts.into_iter().collect()
}

/// `perft` or `perft_expanded`, None once `stop` is set.
fn count_until(pos: &mut Position, depth: u32, expanded: bool, stop: &AtomicBool) -> Option<u64> {
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    // Below this depth a subtree is small enough to count without looking.
    match (expanded, depth) {
        (false, 0..=2) => return Some(perft(pos, depth)),
        (true, 0..=1) => return Some(perft_expanded(pos, depth)),
        _ => {}
    }
    let mut nodes = 0;
    if expanded && pos.pending() != Pending::Nothing {
        // A throw or a choice: its outcomes use no depth.
        for action in pos.legal_actions() {
            if pos.apply(action).is_ok() {
                let n = count_until(pos, depth, expanded, stop);
                pos.unmake_move();
                nodes += n?;
            }
        }
    } else {
        let mut moves = MoveList::new();
        pos.generate(&mut moves);
        for &m in moves.iter() {
            pos.make_move(m);
            let n = count_until(pos, depth - 1, expanded, stop);
            pos.unmake_move();
            nodes += n?;
        }
    }
    Some(nodes)
}
