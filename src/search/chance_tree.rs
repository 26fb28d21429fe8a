//! A throw unfolded: its outcomes, and the distinct positions they lead to.
//!
//! An outcome is a throw with its probability; after it the thrower may
//! still have choices to make (a mode a throw offers, a promotion, waking
//! sleeping pieces one at a time). Every sequence of choices ends in a
//! *settled* position, where the opponent moves. The outcome's value, for
//! the side to move, is the least of its settled positions' values (the
//! thrower picks what is worst for its opponent), so the search needs only
//! the settled positions, each searched once however many throws and
//! choices reach it: the *children*. Two dice's 21 throws and 40 options
//! may lead to 15 children, one per mode; waking a then b and b then a
//! are one child.

use crate::rules::action::Action;
use crate::rules::position::{Pending, Position};

pub(super) struct ChanceTree {
    /// Per outcome (those with a positive probability, in the rules
    /// core's order).
    pub probs: Vec<f64>,
    /// Outcome `i`'s children are `members[start[i]..start[i + 1]]`.
    start: Vec<usize>,
    members: Vec<usize>,
    /// Child `c` is reached by `actions[path[c]..path[c + 1]]`.
    path: Vec<usize>,
    actions: Vec<Action>,
    /// Per child: its position's hash.
    pub hashes: Vec<u64>,
    /// Per child: the probability of the outcomes that reach it, each
    /// shared among its children (the order in which they are searched).
    mass: Vec<f64>,
    /// Per child: the outcomes that reach it, as bits (unused with more
    /// than 64 outcomes: `reaches` asks `members` then).
    reached_by: Vec<u64>,
}

impl ChanceTree {
    /// The pending throw of `pos` unfolded. With `merge`, a position is one
    /// child however it is reached (found by its hash), and when the
    /// thrower's mode cannot matter (`Position::mode_may_matter`) every throw
    /// stands for one representative; without, every sequence of throw and
    /// choices is a child of its own (plain expectimax).
    pub fn expand(pos: &mut Position, merge: bool) -> ChanceTree {
        let list: Vec<(Action, f64)> = pos
            .chance_outcomes()
            .into_iter()
            .filter(|&(_, p)| p > 0.0)
            .collect();
        let mut tree = ChanceTree {
            probs: Vec::with_capacity(list.len()),
            start: vec![0],
            members: Vec::new(),
            path: vec![0],
            actions: Vec::new(),
            hashes: Vec::new(),
            mass: Vec::new(),
            reached_by: Vec::new(),
        };
        let mode_merge = merge
            && list.len() > 1
            && pos.pending() == Pending::Roll
            && !pos.mode_may_matter(pos.side_to_move().opposite());
        if mode_merge {
            if let Some(rep) = representative(pos, &list) {
                let hash = pos.hash();
                pos.unmake_move();
                tree.add_child(&[rep], hash);
                for &(_, p) in &list {
                    tree.probs.push(p);
                    tree.members.push(0);
                    tree.start.push(tree.members.len());
                }
                tree.mass[0] = 1.0;
                tree.index_outcomes();
                return tree;
            }
        }
        let mut trail = Vec::new();
        for &(throw, p) in &list {
            if pos.apply(throw).is_err() {
                continue;
            }
            trail.push(throw);
            let first = tree.members.len();
            tree.collect(pos, &mut trail, first, merge);
            trail.pop();
            pos.unmake_move();
            let n = tree.members.len() - first;
            if n == 0 {
                continue;
            }
            tree.probs.push(p);
            tree.start.push(tree.members.len());
            for k in first..tree.members.len() {
                tree.mass[tree.members[k]] += p / n as f64;
            }
        }
        tree.index_outcomes();
        tree
    }

    fn index_outcomes(&mut self) {
        let many = self.outcomes() > 64;
        self.reached_by = vec![if many { u64::MAX } else { 0 }; self.children()];
        if many {
            return;
        }
        for i in 0..self.outcomes() {
            for k in self.start[i]..self.start[i + 1] {
                self.reached_by[self.members[k]] |= 1 << i;
            }
        }
    }

    /// Whether child `c` is one of outcome `i`'s.
    #[inline]
    pub fn reaches(&self, i: usize, c: usize) -> bool {
        if self.outcomes() <= 64 {
            self.reached_by[c] >> i & 1 != 0
        } else {
            self.members(i).contains(&c)
        }
    }

    /// Adds the settled positions below `pos` (reached by `trail`) to the
    /// outcome whose members start at `first`.
    fn collect(&mut self, pos: &mut Position, trail: &mut Vec<Action>, first: usize, merge: bool) {
        if pos.pending().is_choice() {
            let mut any = false;
            for option in pos.choice_actions() {
                if pos.apply(option).is_err() {
                    continue;
                }
                trail.push(option);
                self.collect(pos, trail, first, merge);
                trail.pop();
                pos.unmake_move();
                any = true;
            }
            if any {
                return;
            }
            // A choice without options (never in our games): the position
            // itself stands, as the search would find it.
        }
        let hash = pos.hash();
        let known = if merge {
            self.hashes.iter().position(|&h| h == hash)
        } else {
            None
        };
        let child = known.unwrap_or_else(|| self.add_child(trail, hash));
        if !self.members[first..].contains(&child) {
            self.members.push(child);
        }
    }

    fn add_child(&mut self, trail: &[Action], hash: u64) -> usize {
        self.actions.extend_from_slice(trail);
        self.path.push(self.actions.len());
        self.hashes.push(hash);
        self.mass.push(0.0);
        self.hashes.len() - 1
    }

    pub fn outcomes(&self) -> usize {
        self.probs.len()
    }

    pub fn children(&self) -> usize {
        self.hashes.len()
    }

    /// Outcome `i`'s children.
    pub fn members(&self, i: usize) -> &[usize] {
        &self.members[self.start[i]..self.start[i + 1]]
    }

    /// Child `c`'s probability: of the outcomes it belongs to, shared
    /// among each outcome's children.
    pub fn mass(&self, c: usize) -> f64 {
        self.mass[c]
    }

    /// The children, most probable first.
    pub fn search_order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.children()).collect();
        order.sort_by(|&a, &b| self.mass[b].total_cmp(&self.mass[a]));
        order
    }

    /// Plays the actions from the throw to child `c`; false (and nothing
    /// played) if the rules core refuses one.
    pub fn enter(&self, pos: &mut Position, c: usize) -> bool {
        let actions = &self.actions[self.path[c]..self.path[c + 1]];
        for (k, &a) in actions.iter().enumerate() {
            if pos.apply(a).is_err() {
                (0..k).for_each(|_| pos.unmake_move());
                return false;
            }
        }
        true
    }

    /// Takes back what `enter` played.
    pub fn leave(&self, pos: &mut Position, c: usize) {
        (self.path[c]..self.path[c + 1]).for_each(|_| pos.unmake_move());
    }
}

/// The first throw that leaves nothing to choose, played on `pos`.
fn representative(pos: &mut Position, list: &[(Action, f64)]) -> Option<Action> {
    for &(a, _) in list {
        if pos.apply(a).is_ok() {
            if pos.pending() == Pending::Nothing {
                return Some(a);
            }
            pos.unmake_move();
        }
    }
    None
}
