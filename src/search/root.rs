//! The root: iterative deepening over the actions of the side to act,
//! each iteration's lines reported through the callback, and when to stop
//! (the limits, a mate found, the pace of the iterations under a clock).

use super::limits::Limits;
use super::pace::Pace;
use super::score::Logistic;
use super::{SearchInfo, SearchResult, Searcher, Value, ASPIRATION, INFINITY, MATE, MATE_BOUND};
use super::{MAX_MULTIPV, MAX_PLY};
use crate::rules::action::Action;
use crate::rules::position::{Pending, Position};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// The root's actions with their values after an iteration, best first:
/// the first `lines` exact, the others upper bounds.
type Scored = Vec<(Action, i32)>;

impl Searcher {
    /// Searches for the best action of the side to act: a move, or the
    /// choice after a throw. A pending throw is not a decision: `best` is
    /// then `None`. With `multipv` above one, that many lines are searched
    /// exactly and reported, best first.
    pub fn search(
        &mut self,
        pos: &mut Position,
        limits: &Limits,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.load_settings(pos);
        // With a clock, the share of the soft budget follows the iterations.
        let (soft, hard) = limits.budget_over(self.settings.moves_left);
        let clocked = soft < hard;
        let actions = self.start_search(pos, limits, hard);
        let mut result = SearchResult {
            best: actions.first().copied(),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: actions.first().copied().into_iter().collect(),
        };
        // One move needs no search, unless the search is to go on until told
        // (analysis wants its lines).
        if actions.len() <= 1 && limits.depth.is_none() && !limits.infinite {
            return result;
        }
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .min(MAX_PLY as u32 - 8);
        let lines = self.multipv.clamp(1, MAX_MULTIPV).min(actions.len().max(1));
        let mut order = actions;
        let mut pace = Pace::new();
        for depth in 1..=max_depth {
            // Lazy SMP: helpers skip every other iteration, in turn, so that
            // the threads do not all search the same depth.
            if self.helper > 0
                && depth > 1
                && depth < max_depth
                && (depth as usize + self.helper).is_multiple_of(2)
            {
                continue;
            }
            let scored = self.iteration(pos, &mut order, depth, lines, result.score);
            // A stopped iteration still counts when its first action (the
            // best of the last one) was searched: every action it ranks
            // first was searched exactly, and beat or replaced that one.
            if self.stopped && depth > 1 && (lines > 1 || scored.is_empty()) {
                break;
            }
            if lines > 1 && !self.stopped {
                order = scored.iter().map(|&(a, _)| a).collect();
            }
            if let Some(&(action, score)) = scored.first() {
                pace.iteration(action, score);
                result.best = Some(action);
                result.score = score;
                result.depth = depth;
                result.pv = self.principal_variation(pos, action, depth);
                result.nodes = self.nodes;
                self.report(pos, &scored[..lines.min(scored.len())], &result, info);
                let mate_found = score.abs() >= MATE_BOUND && MATE - score.abs() <= depth as i32;
                if mate_found && limits.depth.is_none() && !limits.infinite {
                    break;
                }
            }
            let elapsed = self.start.elapsed();
            let paced_out = match soft {
                Some(s) if clocked => !pace.may_go_on(elapsed, s),
                Some(s) => elapsed >= s / 2,
                None => false,
            };
            if self.stopped || paced_out {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// The game's search switches (its weights' `search.*` keys), read
    /// before the clock is shared since one of them shares it.
    fn load_settings(&mut self, pos: &Position) {
        self.settings = self.evaluator(pos).search_settings();
        if self.logistic.scale() != self.settings.chance_scale {
            self.logistic = Logistic::new(self.settings.chance_scale);
        }
    }

    /// Resets the counters and limits for a search of `pos` (`hard`: the
    /// time after which it stops, if any), and gives the root's actions
    /// (none where a throw is pending).
    fn start_search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        hard: Option<Duration>,
    ) -> Vec<Action> {
        self.start = Instant::now();
        self.tt.mark_used();
        self.nodes = 0;
        self.published.store(0, Ordering::Relaxed);
        self.stopped = false;
        // A hash of another game's position may name this one's.
        self.check_memo = (0, false);
        self.hard = hard;
        self.node_limit = limits.nodes;
        self.dice = pos.variant().has_chance_steps();
        self.throws_every_move = pos.variant().throws_every_move();
        let mut actions: Vec<Action> = match pos.pending() {
            Pending::Roll | Pending::Find(_) => Vec::new(),
            _ => pos.legal_actions(),
        };
        if !limits.searchmoves.is_empty() {
            actions.retain(|a| limits.searchmoves.contains(a));
        }
        actions
    }

    /// One iteration at `depth` over the actions in `order` (the best
    /// moved to the front as found), the first `lines` with full windows
    /// (one line: in an aspiration window around `last`, the score of the
    /// iteration before); the others against the `lines`-th best.
    fn iteration(
        &mut self,
        pos: &mut Position,
        order: &mut Vec<Action>,
        depth: u32,
        lines: usize,
        last: i32,
    ) -> Scored {
        self.seldepth = 0;
        self.root_depth = depth as i32;
        let mut scored: Scored = Vec::new();
        for action in order.clone() {
            let full = scored.len() < lines;
            let alpha = if full { -INFINITY } else { scored[lines - 1].1 };
            let aspired = (full && lines == 1 && depth > 1).then_some(last);
            let Some(v) = self.root_child(pos, action, depth, alpha, full, aspired) else {
                break;
            };
            let at = scored
                .iter()
                .position(|&(_, s)| v > s)
                .unwrap_or(scored.len());
            scored.insert(at, (action, v));
            if at == 0 {
                // Keep the best first for the next iteration.
                order.retain(|&a| a != action);
                order.insert(0, action);
            }
        }
        scored
    }

    /// Reports an iteration's `lines` (best first; the first's line is
    /// `result`'s).
    fn report(
        &self,
        pos: &Position,
        lines: &[(Action, i32)],
        result: &SearchResult,
        info: &mut dyn FnMut(&SearchInfo),
    ) {
        let hashfull = self.tt.hashfull();
        for (k, &(a, s)) in lines.iter().enumerate() {
            info(&SearchInfo {
                depth: result.depth,
                seldepth: self.seldepth.max(result.depth),
                multipv: k as u32 + 1,
                score: s,
                nodes: self.all_nodes(),
                time: self.start.elapsed(),
                pv: if k == 0 {
                    result.pv.clone()
                } else {
                    self.principal_variation(pos, a, result.depth)
                },
                hashfull,
            });
        }
    }

    /// The value of a root action for the side to act; searched with a full
    /// window (first in an aspiration window around `aspired`, the last
    /// iteration's score), or with a null one at `alpha` first.
    fn root_child(
        &mut self,
        pos: &mut Position,
        action: Action,
        depth: u32,
        alpha: i32,
        full: bool,
        aspired: Option<i32>,
    ) -> Value {
        let before = pos.ply();
        self.played[0] = 0;
        match action {
            Action::Move(m) => {
                self.played[0] = m.raw();
                pos.make_move(m)
            }
            other => {
                if pos.apply(other).is_err() {
                    return Some(-INFINITY);
                }
            }
        }
        let d = depth as i32 - 1;
        // After a move the opponent is to move; after a choice the side to
        // move is the chooser's opponent too: the child's value is negated.
        let v = if let Some(guess) = aspired.filter(|g| g.abs() < MATE_BOUND) {
            self.aspiration(pos, d, guess)
        } else if full {
            self.negamax(pos, d, -INFINITY, INFINITY, 1, true)
                .map(|v| -v)
        } else {
            match self.negamax(pos, d, -alpha - 1, -alpha, 1, false) {
                Some(v) if -v > alpha => self.negamax(pos, d, -INFINITY, -alpha, 1, true),
                other => other,
            }
            .map(|v| -v)
        };
        // A search stopped by its budget returns at once from every depth,
        // leaving its moves on the board: take them all back.
        while pos.ply() > before {
            pos.unmake_move();
        }
        v
    }

    /// The exact value of the root action just played (for the side that
    /// played it), searched in windows around `guess` that widen fourfold
    /// after each fail: a narrow window prunes most of all at chance nodes,
    /// whose children's windows follow from it.
    fn aspiration(&mut self, pos: &mut Position, depth: i32, guess: i32) -> Value {
        let mut delta = ASPIRATION;
        let (mut lo, mut hi) = (guess - delta, guess + delta);
        loop {
            if delta > 16 * ASPIRATION {
                (lo, hi) = (-INFINITY, INFINITY);
            }
            let v = -self.negamax(pos, depth, -hi, -lo, 1, true)?;
            if v <= lo && lo > -INFINITY {
                lo = (v - delta).max(-INFINITY);
            } else if v >= hi && hi < INFINITY {
                hi = (v + delta).min(INFINITY);
            } else {
                return Some(v);
            }
            delta *= 4;
        }
    }

    fn principal_variation(&self, pos: &Position, first: Action, depth: u32) -> Vec<Action> {
        let mut pv = vec![first];
        let mut p = pos.clone();
        if p.apply(first).is_err() {
            return pv;
        }
        for _ in 1..depth {
            if p.pending() != Pending::Nothing {
                break;
            }
            let Some(e) = self.tt.probe(p.hash()) else {
                break;
            };
            let Some(&m) = p.legal_moves().iter().find(|m| m.raw() == e.best) else {
                break;
            };
            pv.push(Action::Move(m));
            p.make_move(m);
        }
        pv
    }
}
