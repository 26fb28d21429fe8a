//! The search: iterative-deepening alpha-beta (principal variation search,
//! transposition table, quiescence, null move, late-move reductions, check
//! extension) over decision nodes, and expectimax over the dice: a throw is
//! the probability-weighted mean of its outcomes, averaged as expected
//! scores, and a choice after a throw is a decision of the side that threw.
//! It knows nothing of any game beyond the rules core's interface, and never
//! prints: progress goes to a callback.

pub mod eval;
pub mod tt;

use crate::action::Action;
use crate::moves::{Move, MoveKind};
use crate::outcome::Outcome;
use crate::position::{Pending, Position};
use eval::Evaluator;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tt::{Bound, Entry, Table};

/// Mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INFINITY: i32 = MATE + 1;
const MAX_PLY: usize = 96;

/// When to stop.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    /// Clock of the side to act, its increment and moves to the time control.
    pub time_left: Option<Duration>,
    pub increment: Duration,
    pub moves_to_go: Option<u32>,
    pub infinite: bool,
}

impl Limits {
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    /// (soft, hard) time budgets: no new iteration after the soft one, stop
    /// at once at the hard one. Never more than a fraction of the clock.
    fn budget(&self) -> (Option<Duration>, Option<Duration>) {
        if self.infinite {
            return (None, None);
        }
        if let Some(t) = self.movetime {
            return (Some(t), Some(t));
        }
        let Some(left) = self.time_left else {
            return (None, None);
        };
        let moves = self.moves_to_go.unwrap_or(30).clamp(1, 50);
        let share = left / moves + self.increment * 3 / 4;
        let margin = Duration::from_millis(30).min(left / 10);
        let hard = (share * 3).min(left.saturating_sub(margin) / 2);
        (Some(share.min(hard)), Some(hard))
    }
}

/// What the callback hears after each completed iteration.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    pub depth: u32,
    pub seldepth: u32,
    /// For the side to act; mates as `MATE - plies`.
    pub score: i32,
    pub nodes: u64,
    pub time: Duration,
    pub pv: Vec<Action>,
}

#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Option<Action>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Action>,
}

/// One search thread's state.
pub struct Searcher {
    pub tt: Table,
    /// Star1 pruning at chance nodes (off: plain expectimax, for tests).
    pub chance_pruning: bool,
    /// The depth of the current iteration.
    root_depth: i32,
    /// Null move and late-move reductions (off: a plain alpha-beta whose
    /// value does not depend on the windows, for tests).
    pub reductions: bool,
    eval: Option<(String, Evaluator)>,
    killers: [[u32; 2]; MAX_PLY],
    history: Vec<i32>,
    nodes: u64,
    seldepth: u32,
    stop: Arc<AtomicBool>,
    start: Instant,
    hard: Option<Duration>,
    node_limit: Option<u64>,
    stopped: bool,
}

/// A child's value for the parent, or "stopped".
type Value = Option<i32>;

fn expected(v: i32) -> f64 {
    if v >= MATE_BOUND {
        1.0
    } else if v <= -MATE_BOUND {
        0.0
    } else {
        1.0 / (1.0 + 10f64.powf(-v as f64 / 400.0))
    }
}

/// The child window's ends in centipawns, widened by one so that rounding
/// never makes a window narrower than the expected-score one.
fn cp_lower(e: f64) -> i32 {
    if e <= 0.0 {
        -INFINITY
    } else if e >= 1.0 {
        INFINITY - 1
    } else {
        from_expected(e) - 1
    }
}

fn cp_upper(e: f64) -> i32 {
    if e >= 1.0 {
        INFINITY
    } else if e <= 0.0 {
        -INFINITY + 1
    } else {
        from_expected(e) + 1
    }
}

fn from_expected(s: f64) -> i32 {
    let s = s.clamp(1e-9, 1.0 - 1e-9);
    let v = 400.0 * (s / (1.0 - s)).log10();
    (v.round() as i32).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
}

impl Searcher {
    pub fn new(hash_mib: usize) -> Searcher {
        Searcher {
            tt: Table::new(hash_mib),
            chance_pruning: true,
            root_depth: 0,
            reductions: true,
            eval: None,
            killers: [[0; 2]; MAX_PLY],
            history: vec![0; 2 * 128 * 128],
            nodes: 0,
            seldepth: 0,
            stop: Arc::new(AtomicBool::new(false)),
            start: Instant::now(),
            hard: None,
            node_limit: None,
            stopped: false,
        }
    }

    /// The flag that stops a running search (set from another thread; the
    /// owner clears it before starting the next search).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    pub fn new_game(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
        self.killers = [[0; 2]; MAX_PLY];
    }

    fn evaluator(&mut self, pos: &Position) -> &Evaluator {
        let name = pos.variant().name;
        if self.eval.as_ref().is_some_and(|(n, _)| n != name) {
            self.eval = None;
        }
        let (_, e) = self
            .eval
            .get_or_insert_with(|| (name.to_string(), Evaluator::new(pos.variant())));
        e
    }

    /// Static evaluation for the side to move.
    pub fn evaluate(&mut self, pos: &Position) -> i32 {
        self.evaluator(pos).evaluate(pos)
    }

    fn out_of_time(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes & 1023 == 0 {
            let late = self.hard.is_some_and(|h| self.start.elapsed() >= h);
            let many = self.node_limit.is_some_and(|n| self.nodes >= n);
            if late || many || self.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Searches for the best action of the side to act: a move, or the
    /// choice after a throw. A pending throw is not a decision: `best` is
    /// then `None`.
    pub fn search(
        &mut self,
        pos: &mut Position,
        limits: &Limits,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.start = Instant::now();
        self.nodes = 0;
        self.stopped = false;
        let (soft, hard) = limits.budget();
        self.hard = hard;
        self.node_limit = limits.nodes;
        let _ = self.evaluator(pos);
        let actions: Vec<Action> = match pos.pending() {
            Pending::Roll | Pending::Find(_) => Vec::new(),
            _ => pos.legal_actions(),
        };
        let mut result = SearchResult {
            best: actions.first().copied(),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: actions.first().copied().into_iter().collect(),
        };
        if actions.len() <= 1 && limits.depth.is_none() {
            return result;
        }
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .min(MAX_PLY as u32 - 8);
        let mut order = actions.clone();
        for depth in 1..=max_depth {
            self.seldepth = 0;
            self.root_depth = depth as i32;
            let mut best: Option<(Action, i32)> = None;
            let mut alpha = -INFINITY;
            for (i, &action) in order.clone().iter().enumerate() {
                let Some(v) = self.root_child(pos, action, depth, alpha, i == 0) else {
                    break;
                };
                if best.is_none_or(|(_, b)| v > b) {
                    best = Some((action, v));
                    alpha = alpha.max(v);
                    // Keep the best first for the next iteration.
                    order.retain(|&a| a != action);
                    order.insert(0, action);
                }
            }
            if self.stopped && depth > 1 {
                break;
            }
            if let Some((action, score)) = best {
                result.best = Some(action);
                result.score = score;
                result.depth = depth;
                result.pv = self.principal_variation(pos, action, depth);
                result.nodes = self.nodes;
                info(&SearchInfo {
                    depth,
                    seldepth: self.seldepth.max(depth),
                    score,
                    nodes: self.nodes,
                    time: self.start.elapsed(),
                    pv: result.pv.clone(),
                });
                if score.abs() >= MATE_BOUND
                    && limits.depth.is_none()
                    && MATE - score.abs() <= depth as i32
                {
                    break;
                }
            }
            if self.stopped || soft.is_some_and(|s| self.start.elapsed() >= s / 2) {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// The value of a root action for the side to act.
    fn root_child(
        &mut self,
        pos: &mut Position,
        action: Action,
        depth: u32,
        alpha: i32,
        first: bool,
    ) -> Value {
        match action {
            Action::Move(m) => pos.make_move(m),
            other => {
                if pos.apply(other).is_err() {
                    return Some(-INFINITY);
                }
            }
        }
        // After a move the opponent is to move; after a choice the side to
        // move is the chooser's opponent too: the child's value is negated.
        let v = if first {
            self.negamax(pos, depth as i32 - 1, -INFINITY, INFINITY, 1)
        } else {
            match self.negamax(pos, depth as i32 - 1, -alpha - 1, -alpha, 1) {
                Some(v) if -v > alpha => self.negamax(pos, depth as i32 - 1, -INFINITY, -alpha, 1),
                other => other,
            }
        };
        pos.unmake_move();
        v.map(|v| -v)
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

    /// The value of `pos` for its side to move.
    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Value {
        self.nodes += 1;
        if self.out_of_time() {
            return None;
        }
        self.seldepth = self.seldepth.max(ply as u32);
        match pos.pending() {
            Pending::Roll | Pending::Find(_) => {
                return self.chance_node(pos, depth, alpha, beta, ply)
            }
            Pending::Choose(..) | Pending::Activate => {
                return self.choice_node(pos, depth, alpha, beta, ply)
            }
            Pending::Nothing => {}
        }
        let v = &**pos.variant();
        if ply > 0 {
            let fifty = v.fifty_move_plies > 0 && pos.halfmove_clock() >= v.fifty_move_plies;
            if fifty || (v.repetitions > 0 && pos.repetitions() >= 2) {
                return Some(0);
            }
        }
        if ply >= MAX_PLY - 2 {
            return Some(self.evaluate(pos));
        }
        let in_check = pos.in_check();
        // Checks are extended, but not without end (dice knights can give
        // check after check).
        let depth = if in_check && ply as i32 <= 2 * self.root_depth {
            depth + 1
        } else {
            depth
        };
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply, 0);
        }
        let key = pos.hash();
        let mut tt_move = 0;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.best;
            if e.depth as i32 >= depth && ply > 0 {
                let score = score_from_tt(e.score, ply);
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    return Some(score);
                }
            }
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Some(self.terminal(pos, ply));
        }
        let pv_node = beta - alpha > 1;
        // Null move: pass and see if the opponent still cannot reach beta.
        if self.reductions
            && !pv_node
            && !in_check
            && depth >= 3
            && v.royal.is_some()
            && v.chance.is_none()
            && self.has_pieces(pos)
            && self.evaluate(pos) >= beta
        {
            pos.make_null_move();
            let r = 2 + depth / 4;
            let value = self.negamax(pos, depth - 1 - r, -beta, -beta + 1, ply + 1);
            pos.unmake_move();
            let value = -value?;
            if value >= beta && value < MATE_BOUND {
                return Some(value);
            }
        }
        let ordered = self.order(pos, &moves, tt_move, ply);
        let mut best = -INFINITY;
        let mut best_move = 0u32;
        let original_alpha = alpha;
        for (i, &m) in ordered.iter().enumerate() {
            let quiet = is_quiet(pos, m);
            pos.make_move(m);
            let mut value;
            if i == 0 {
                value = -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1)?;
            } else {
                // Late quiet moves are searched shallower first.
                let reduction = if self.reductions && quiet && !in_check && depth >= 3 && i >= 3 {
                    1 + (i >= 8) as i32
                } else {
                    0
                };
                value = -self.negamax(pos, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1)?;
                if value > alpha && reduction > 0 {
                    value = -self.negamax(pos, depth - 1, -alpha - 1, -alpha, ply + 1)?;
                }
                if value > alpha && value < beta {
                    value = -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1)?;
                }
            }
            pos.unmake_move();
            if value > best {
                best = value;
                best_move = m.raw();
            }
            if value > alpha {
                alpha = value;
            }
            if alpha >= beta {
                if quiet {
                    let k = &mut self.killers[ply];
                    if k[0] != m.raw() {
                        k[1] = k[0];
                        k[0] = m.raw();
                    }
                    let h = history_index(pos, m);
                    self.history[h] = (self.history[h] + depth * depth).min(1 << 20);
                }
                break;
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry {
            key,
            best: best_move,
            score: score_to_tt(best, ply),
            depth: depth as i16,
            bound,
        });
        Some(best)
    }

    /// A throw: the mean of its outcomes as expected scores. No depth is
    /// used; the side to move does not change.
    fn chance_node(
        &mut self,
        pos: &mut Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Value {
        let outcomes = pos.chance_outcomes();
        // Ballard's Star1: the window (alpha, beta) of the chance node gives
        // each outcome a window of its own, from the outcomes searched so
        // far and the bounds 0 and 1 of an expected score for the rest; an
        // outcome failing its window decides the whole node.
        let (a, b) = (expected(alpha), expected(beta));
        let star1 = self.chance_pruning && (alpha > -INFINITY || beta < INFINITY);
        let mut mean = 0.0;
        let mut seen = 0.0;
        let (mut worst, mut best) = (INFINITY, -INFINITY);
        for (action, p) in outcomes {
            if pos.apply(action).is_err() {
                continue;
            }
            let rest = (1.0 - seen - p).max(0.0);
            let (child_alpha, child_beta) = if star1 && p > 0.0 {
                let lo = (a - mean - rest) / p;
                let hi = (b - mean) / p;
                if lo >= 1.0 || hi <= 0.0 {
                    // Decided without searching this outcome.
                    pos.unmake_move();
                    return Some(if lo >= 1.0 {
                        from_expected(mean + p + rest).min(alpha)
                    } else {
                        from_expected(mean).max(beta)
                    });
                }
                (cp_lower(lo), cp_upper(hi))
            } else {
                (-INFINITY, INFINITY)
            };
            let value = self.negamax(pos, depth, child_alpha, child_beta, ply);
            pos.unmake_move();
            let value = value?;
            let e = expected(value);
            mean += p * e;
            seen += p;
            worst = worst.min(value);
            best = best.max(value);
            if star1 {
                if value <= child_alpha {
                    // Even if every other outcome were a win: at most alpha.
                    return Some(from_expected(mean + rest).min(alpha));
                }
                if value >= child_beta {
                    // Even if every other outcome were a loss: at least beta.
                    return Some(from_expected(mean).max(beta));
                }
            }
        }
        // A mate whatever the dice keeps its distance (the slowest one);
        // anything else is an expectation.
        Some(if worst >= MATE_BOUND {
            worst
        } else if best <= -MATE_BOUND {
            best
        } else {
            from_expected(mean)
        })
    }

    /// The opponent (who threw) chooses: the minimum for the side to move.
    fn choice_node(
        &mut self,
        pos: &mut Position,
        depth: i32,
        alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> Value {
        let mut best = INFINITY;
        for option in pos.choice_actions() {
            if pos.apply(option).is_err() {
                continue;
            }
            let value = self.negamax(pos, depth, alpha, beta, ply);
            pos.unmake_move();
            let value = value?;
            best = best.min(value);
            beta = beta.min(value);
            if best <= alpha {
                break;
            }
        }
        Some(best)
    }

    fn quiesce(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> Value {
        self.nodes += 1;
        if self.out_of_time() {
            return None;
        }
        self.seldepth = self.seldepth.max(ply as u32);
        if pos.pending() != Pending::Nothing || ply >= MAX_PLY - 2 {
            // The throw is not resolved here: the evaluation stands.
            return Some(self.evaluate(pos));
        }
        let in_check = pos.in_check() && qply < 6;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Some(self.terminal(pos, ply));
        }
        let mut best = -INFINITY;
        if !in_check {
            let stand = self.evaluate(pos);
            if stand >= beta {
                return Some(stand);
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let ordered = self.order(pos, &moves, 0, ply.min(MAX_PLY - 1));
        for &m in ordered.iter() {
            if !in_check && is_quiet(pos, m) {
                continue;
            }
            pos.make_move(m);
            let value = -self.quiesce(pos, -beta, -alpha, ply + 1, qply + 1)?;
            pos.unmake_move();
            if value > best {
                best = value;
            }
            if value > alpha {
                alpha = value;
                if alpha >= beta {
                    break;
                }
            }
        }
        Some(best)
    }

    /// The value of a position without moves, by the variant's rules.
    fn terminal(&self, pos: &Position, ply: usize) -> i32 {
        let us = pos.side_to_move();
        match pos.outcome() {
            Some(Outcome::Win(c, _)) if c == us => MATE - ply as i32,
            Some(Outcome::Win(_, _)) => -(MATE - ply as i32),
            _ => 0,
        }
    }

    /// Whether the side to move has pieces besides pawns and king (null
    /// move is unsafe in pawn endings, where zugzwang is common).
    fn has_pieces(&self, pos: &Position) -> bool {
        let v = &**pos.variant();
        let us = pos.side_to_move();
        let pawnish = v.promoters | v.royal_kinds;
        (pos.ours(us) & !pos.pieces_of_kinds(us, pawnish)).any()
    }

    /// TT move, then captures by most valuable victim and least valuable
    /// attacker, then killers, then quiet moves by history.
    fn order(&self, pos: &Position, moves: &[Move], tt_move: u32, ply: usize) -> Vec<Move> {
        let values: &[i32] = self
            .eval
            .as_ref()
            .map(|(_, e)| &e.values[..])
            .unwrap_or(&[]);
        let mut scored: Vec<(i32, Move)> = moves
            .iter()
            .map(|&m| {
                let score = if m.raw() == tt_move {
                    1 << 30
                } else if !is_quiet(pos, m) {
                    let victim = pos
                        .piece_at(m.to())
                        .map(|p| values.get(p.kind() as usize).copied().unwrap_or(100))
                        .unwrap_or(100);
                    let attacker = pos
                        .piece_at(m.from())
                        .map(|p| values.get(p.kind() as usize).copied().unwrap_or(100))
                        .unwrap_or(0);
                    (1 << 24) + victim * 16 - attacker / 16
                } else if self.killers[ply][0] == m.raw() {
                    1 << 22
                } else if self.killers[ply][1] == m.raw() {
                    (1 << 22) - 1
                } else {
                    self.history[history_index(pos, m)]
                };
                (score, m)
            })
            .collect();
        scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        scored.into_iter().map(|(_, m)| m).collect()
    }
}

fn history_index(pos: &Position, m: Move) -> usize {
    pos.side_to_move().index() * 128 * 128 + m.from().index() * 128 + m.to().index()
}

/// Captures and promotions are not quiet.
fn is_quiet(pos: &Position, m: Move) -> bool {
    m.promotion().is_none()
        && m.kind() != MoveKind::EnPassant
        && pos.piece_at(m.to()).is_none()
        && !(m.kind() == MoveKind::TwoLeg && pos.piece_at(m.extra()).is_some())
}

/// Mate scores are stored relative to the node, not the root.
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
