//! ChanceProbCut at throws (Schadd, Winands and Uiterwijk 2009): the dice
//! games have no null move (passing would skip a throw), so a throw far
//! outside its window is found by a shallower search of the same throw
//! instead. Where that search, with a null window a margin beyond beta
//! (below alpha), lands beyond it, the deeper one is taken to land beyond
//! beta (below alpha) too, and the node is cut there. The shallower
//! search is the throw's own (Star1 and Star2 over its children, each
//! `CHANCE_PROBCUT_REDUCTION` plies shallower), and what it stores in the
//! table orders the full search when there is no cut.
//!
//! Only in the games whose weights set its margin
//! (`search.chance_probcut`), where a match showed that it gains: where a
//! throw has many children, the shallower searches may cost more than the
//! cuts save.

use super::chance_node::Throw;
use super::eval::EVAL_BOUND;
use super::{Searcher, Value};
use crate::rules::position::Position;

/// Throws this deep or deeper may be cut.
const CHANCE_PROBCUT_DEPTH: i32 = 2;
/// How much shallower the searches that decide the cut are.
const CHANCE_PROBCUT_REDUCTION: i32 = 2;

impl Searcher {
    /// The throw's value bound if a shallower search puts it a margin
    /// beyond the window (Some(None): out of time); None to search it.
    pub(super) fn chance_probcut(&mut self, pos: &mut Position, t: &Throw) -> Option<Value> {
        let margin = self.settings.chance_probcut;
        let able = self.chance_probcut && self.reductions && self.throws_every_move && margin > 0;
        if !able || t.pv || t.depth < CHANCE_PROBCUT_DEPTH {
            return None;
        }
        let depth = t.depth - CHANCE_PROBCUT_REDUCTION;
        let shallow = Throw {
            depths: self.outcome_depths(t.tree, &t.order, depth),
            depth,
            pv: false,
            pruning: true,
            ..t.clone()
        };
        let far = EVAL_BOUND - margin;
        if t.beta.abs() < far {
            let beta = t.beta + margin;
            let window = Throw {
                alpha: beta - 1,
                beta,
                ..shallow.clone()
            };
            match self.search_throw(pos, &window) {
                None => return Some(None),
                Some(v) if v >= beta => return Some(Some(t.beta)),
                Some(_) => {}
            }
        }
        if t.alpha.abs() < far {
            let alpha = t.alpha - margin;
            let window = Throw {
                alpha,
                beta: alpha + 1,
                ..shallow
            };
            match self.search_throw(pos, &window) {
                None => return Some(None),
                Some(v) if v <= alpha => return Some(Some(t.alpha)),
                Some(_) => {}
            }
        }
        None
    }
}
