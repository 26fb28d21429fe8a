//! The search: iterative-deepening alpha-beta (the root and the pace of
//! its iterations under a clock, `root.rs` and `pace.rs`; principal
//! variation search, transposition table, quiescence, null move,
//! late-move reductions, check extension) over decision nodes
//! (`decision.rs`, `quiescence.rs`), and expectimax over the dice: a throw
//! is the probability-weighted mean of its outcomes, averaged as expected
//! scores (with Star1 and Star2 pruning, `chance_node.rs`), and a choice
//! after a throw is a decision of the side that threw. It knows nothing of
//! any game beyond the rules core's interface, and never prints: progress
//! goes to a callback.
//! Several threads share one table (`smp.rs`).

mod chance_bounds;
mod chance_node;
mod chance_probcut;
mod chance_tree;
mod correction;
mod decision;
pub mod eval;
pub mod limits;
mod ordering;
mod pace;
pub mod profile;
mod quiescence;
mod quiescence_moves;
mod reductions;
mod root;
pub mod score;
pub mod smp;
pub mod tt;

use crate::rules::action::Action;
use crate::rules::moves::Move;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::rules::square::Color;
use crate::rules::variant::Variant;
use correction::CorrectionHistory;
use eval::{Evaluator, SearchSettings, Tally};
pub use limits::Limits;
use score::{from_tt, to_tt, Logistic};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tt::{Bound, Entry, Table};

/// Mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;

/// The moves to mate a score stands for: positive when the side it is for
/// mates, negative when it is mated; `None` for a score that is no mate.
pub fn mate_in_moves(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-((MATE + score + 1) / 2))
    } else {
        None
    }
}
const INFINITY: i32 = MATE + 1;
/// The first half-width of the root's aspiration window, in centipawns.
const ASPIRATION: i32 = 25;
/// The futility margin, in centipawns: per ply of depth in the dice
/// games, the margin at the frontier away from them (`FUTILITY_PER_PLY`).
const FUTILITY: i32 = 150;
/// Away from the dice: quiet moves searched to this depth or less (after
/// their reduction) may be futile, with a margin of `FUTILITY` and this
/// much per ply they would be searched to.
const FUTILITY_DEPTH: i32 = 6;
const FUTILITY_PER_PLY: i32 = 100;
/// Slots of the evaluation cache (a power of two).
const EVAL_CACHE: usize = 1 << 14;
/// Reverse futility away from the dice: to this depth, with this margin
/// per ply of depth, in centipawns.
const REVERSE_FUTILITY_DEPTH: i32 = 6;
const REVERSE_FUTILITY: i32 = 100;
/// What a capture may gain beyond its victim's value (delta pruning).
const DELTA_MARGIN: i32 = 200;
/// Move-count pruning where every move raises a throw: at depth 1 away from
/// the principal variation, the quiet moves ordered after this many are not
/// searched.
const LATE_MOVES: usize = 8;
/// Move-count pruning away from the dice: to this depth.
const LATE_MOVE_DEPTH: i32 = 4;
const MAX_PLY: usize = 96;
/// The most principal variations reported at once (UCI `MultiPV`).
pub const MAX_MULTIPV: usize = 64;

/// What the callback hears after each completed iteration, once per line
/// with several principal variations.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    pub depth: u32,
    pub seldepth: u32,
    /// Which line (1 is the best) when several are searched.
    pub multipv: u32,
    /// For the side to act; mates as `MATE - plies`.
    pub score: i32,
    /// Of every thread.
    pub nodes: u64,
    pub time: Duration,
    pub pv: Vec<Action>,
    /// Permille of the table in use.
    pub hashfull: u32,
}

#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Option<Action>,
    pub score: i32,
    pub depth: u32,
    /// Of this thread.
    pub nodes: u64,
    pub pv: Vec<Action>,
}

/// One search thread's state.
pub struct Searcher {
    /// Shared by every thread of a pool.
    pub tt: Arc<Table>,
    /// Star1 at chance nodes: windows for the outcomes and cuts (off with
    /// `star2` off: plain expectimax, for tests and measurements).
    pub star1: bool,
    /// Star2: a probe of each outcome with one move before full searches.
    pub star2: bool,
    /// Throws that cannot matter searched once (`chance_node.rs`).
    pub merge_outcomes: bool,
    /// At the horizon, throws that differ only in the thrower's mode
    /// share one quiescence search (`chance_node.rs`).
    pub share_horizon: bool,
    /// Chance and choice nodes in the table, and the outcomes' bounds read
    /// from it (`chance_node.rs`).
    pub chance_tt: bool,
    /// A throw cut by a shallower search of it where every move throws
    /// (`chance_probcut.rs`; needs `reductions`).
    pub chance_probcut: bool,
    /// The quiet moves of dice pieces pruned like any other where the
    /// game's weights ask for it (`search.prune_dice_pieces`).
    pub dice_piece_pruning: bool,
    /// Values and bounds taken from the table (off: it only orders moves,
    /// and the value no longer depends on what was searched before).
    pub tt_cutoffs: bool,
    /// Null move and late-move reductions (off: a plain alpha-beta whose
    /// value does not depend on the windows, for tests).
    pub reductions: bool,
    /// Lines searched and reported at the root.
    pub multipv: usize,
    /// The depth of the current iteration.
    root_depth: i32,
    /// Whether the game being searched has chance events.
    dice: bool,
    /// Whether every move raises a throw (dice after every move; a hunter
    /// throws only when it moves onto counters).
    throws_every_move: bool,
    /// The switches the weights of the game being searched set for the
    /// search (read once at the root).
    settings: SearchSettings,
    /// The game's expected-score scale, for the chance nodes (from
    /// `settings`).
    logistic: Logistic,
    eval: Option<(Arc<Variant>, Evaluator)>,
    /// Weights that replace a game's own (`set_weights`).
    weights: Option<GameWeights>,
    /// Evaluations by position hash (`EVAL_CACHE` slots, one way).
    eval_cache: Vec<(u64, i32)>,
    /// The last position asked whether the side to move is in check (by
    /// hash), and the answer: a child is asked by the move loop, then by
    /// its own node, then by the quiescence search.
    check_memo: (u64, bool),
    killers: [[u32; 2]; MAX_PLY],
    /// Per ply: the best move of the last child searched at the throw of
    /// that ply (the children differ in a mode or a store, and their best
    /// moves are mostly the same: tried right after the table's move).
    sibling: [u32; MAX_PLY],
    history: Vec<i32>,
    /// By the side to move and the previous move's squares: the reply
    /// that last cut after it.
    countermoves: Vec<u32>,
    /// How far searches found the evaluation off, by pawn structure.
    correction: CorrectionHistory,
    /// Per ply: the move made there (0 for a null move), for the reply's
    /// countermove.
    played: [u32; MAX_PLY],
    /// Per ply: `order`'s scratch list, kept to spare an allocation a node.
    order_scratch: Vec<Vec<(std::cmp::Reverse<i32>, usize, Move)>>,
    nodes: u64,
    seldepth: u32,
    stop: Arc<AtomicBool>,
    start: Instant,
    hard: Option<Duration>,
    node_limit: Option<u64>,
    stopped: bool,
    /// This thread's node count for the others to read, and theirs.
    published: Arc<AtomicU64>,
    others: Vec<Arc<AtomicU64>>,
    /// 0 for the main thread; helpers skip some iterations.
    helper: usize,
}

/// Evaluation weights and the game they are for.
pub type GameWeights = (String, Arc<eval::weights::Weights>);

/// A child's value for the parent, or "stopped".
type Value = Option<i32>;

impl Searcher {
    pub fn new(hash_mib: usize) -> Searcher {
        Searcher::with_table(
            Arc::new(Table::new(hash_mib)),
            Arc::new(AtomicBool::new(false)),
        )
    }

    /// A searcher over a shared table, stopped by `stop`.
    pub fn with_table(tt: Arc<Table>, stop: Arc<AtomicBool>) -> Searcher {
        Searcher {
            tt,
            star1: true,
            star2: true,
            merge_outcomes: true,
            share_horizon: true,
            chance_tt: true,
            chance_probcut: true,
            dice_piece_pruning: true,
            tt_cutoffs: true,
            reductions: true,
            multipv: 1,
            root_depth: 0,
            dice: false,
            throws_every_move: false,
            settings: SearchSettings::default(),
            logistic: Logistic::default(),
            eval: None,
            weights: None,
            eval_cache: vec![(0, 0); EVAL_CACHE],
            check_memo: (0, false),
            killers: [[0; 2]; MAX_PLY],
            sibling: [0; MAX_PLY],
            history: vec![0; 2 * 128 * 128],
            countermoves: vec![0; 2 * 128 * 128],
            correction: CorrectionHistory::new(),
            played: [0; MAX_PLY],
            order_scratch: vec![Vec::new(); MAX_PLY],
            nodes: 0,
            seldepth: 0,
            stop,
            start: Instant::now(),
            hard: None,
            node_limit: None,
            stopped: false,
            published: Arc::new(AtomicU64::new(0)),
            others: Vec::new(),
            helper: 0,
        }
    }

    /// Plain expectimax at chance nodes (Star1 and Star2 off) or not.
    pub fn set_chance_pruning(&mut self, on: bool) {
        self.star1 = on;
        self.star2 = on;
    }

    /// The flag that stops a running search (set from another thread; the
    /// owner clears it before starting the next search).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Forgets the last game: an empty table in place of a used one (the
    /// helpers of a pool are handed it by `Pool::new_game`), no history.
    pub fn new_game(&mut self) {
        if self.tt.is_used() {
            let fresh = Arc::new(self.tt.emptied());
            tt::release(std::mem::replace(&mut self.tt, fresh));
        }
        self.clear_history();
    }

    /// A new empty table of the same size in place of this searcher's
    /// own (not shared with others: for a searcher of its own).
    pub fn empty_table(&mut self) {
        self.tt = Arc::new(self.tt.emptied());
    }

    pub(crate) fn clear_history(&mut self) {
        self.history.iter_mut().for_each(|h| *h = 0);
        self.countermoves.iter_mut().for_each(|c| *c = 0);
        self.correction.clear();
        self.killers = [[0; 2]; MAX_PLY];
        self.sibling = [0; MAX_PLY];
    }

    fn evaluator(&mut self, pos: &Position) -> &Evaluator {
        let name = pos.variant().name();
        // By the game itself, not its name: a loaded file may replace a game.
        if self
            .eval
            .as_ref()
            .is_some_and(|(v, _)| !Arc::ptr_eq(v, pos.variant()))
        {
            self.eval = None;
        }
        if self.eval.is_none() {
            self.eval_cache.iter_mut().for_each(|e| *e = (0, 0));
        }
        let weights = &self.weights;
        let (_, e) = self.eval.get_or_insert_with(|| {
            let v = pos.variant();
            let e = match weights {
                Some((game, w)) if *game == name => Evaluator::with_weights(v, w),
                _ => Evaluator::new(v),
            };
            (v.clone(), e)
        });
        e
    }

    /// Evaluates the game named with these weights instead of its own
    /// (`None`: every game its own).
    pub fn set_weights(&mut self, weights: Option<GameWeights>) {
        self.weights = weights;
        self.eval = None;
    }

    /// Static evaluation for the side to move (remembered by the hash: a
    /// throw's children are probed with it, then searched).
    pub fn evaluate(&mut self, pos: &Position) -> i32 {
        self.cached_eval(pos, |e, pos| e.evaluate(pos))
    }

    /// The evaluation the pruning reads: away from the dice, corrected by
    /// what searches found in the same pawn structure (`correction.rs`).
    fn static_eval(&mut self, pos: &Position) -> i32 {
        let raw = self.evaluate(pos);
        self.corrected(pos, raw)
    }

    /// `raw`, the position's evaluation, with its correction if any.
    fn corrected(&self, pos: &Position, raw: i32) -> i32 {
        if !self.corrects() {
            return raw;
        }
        raw + self.correction.correction(pos, self.pawn_kinds())
    }

    /// The kinds the evaluator counts as pawns (read after an evaluation).
    fn pawn_kinds(&self) -> u32 {
        self.eval.as_ref().map_or(0, |(_, e)| e.pawn_kinds())
    }

    /// Whether the evaluation is corrected (and the correction learnt):
    /// away from the dice, with the pruning on.
    fn corrects(&self) -> bool {
        self.reductions && !self.dice
    }

    /// Learns from a decision node's result: its value against `raw`, the
    /// node's evaluation taken before its moves were searched (after them
    /// the cache has usually lost it), where the value says something
    /// about the position's quiet worth (not in check, no capture or
    /// promotion best, not a mate, and a bound on the side of the
    /// evaluation it bounds).
    fn learn_correction(&mut self, pos: &Position, raw: i32, value: i32, bound: Bound, depth: i32) {
        if !self.corrects() || value.abs() >= MATE_BOUND {
            return;
        }
        let telling = match bound {
            Bound::Exact => true,
            Bound::Lower => value > raw,
            Bound::Upper => value < raw,
        };
        if telling {
            let pawns = self.pawn_kinds();
            self.correction.learn(pos, pawns, value - raw, depth);
        }
    }

    /// The same from the tally of a position that differs only in
    /// `color`'s mode (`Evaluator::tally_without_mode`).
    fn evaluate_from(&mut self, pos: &Position, base: &Tally, color: Color) -> i32 {
        self.cached_eval(pos, |e, pos| e.evaluate_from(pos, base, color))
    }

    /// The evaluation cache in front of `compute`.
    #[inline]
    fn cached_eval(
        &mut self,
        pos: &Position,
        compute: impl FnOnce(&Evaluator, &Position) -> i32,
    ) -> i32 {
        let key = pos.hash();
        let slot = (key as usize) & (EVAL_CACHE - 1);
        if self.eval.is_some() && self.eval_cache[slot].0 == key {
            return self.eval_cache[slot].1;
        }
        let v = compute(self.evaluator(pos), pos);
        self.eval_cache[slot] = (key, v);
        v
    }

    /// The tally for `evaluate_from`.
    fn tally_without_mode(&mut self, pos: &Position, color: Color) -> Tally {
        self.evaluator(pos).tally_without_mode(pos, color)
    }

    fn out_of_time(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes & 1023 == 0 {
            self.published.store(self.nodes, Ordering::Relaxed);
            let late = self.hard.is_some_and(|h| self.start.elapsed() >= h);
            let many = self.node_limit.is_some_and(|n| self.nodes >= n);
            if late || many || self.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Nodes of this thread and of the helpers.
    fn all_nodes(&self) -> u64 {
        self.nodes
            + self
                .others
                .iter()
                .map(|n| n.load(Ordering::Relaxed))
                .sum::<u64>()
    }

    /// The quiescence search's value of `pos` for the side to move, with
    /// no limit (the tuner keeps the positions where it is the evaluation).
    pub fn quiescence(&mut self, pos: &mut Position) -> i32 {
        self.start = Instant::now();
        self.stopped = false;
        self.hard = None;
        self.node_limit = None;
        self.dice = pos.variant().has_chance_steps();
        self.throws_every_move = pos.variant().throws_every_move();
        match self.quiesce(pos, -INFINITY, INFINITY, 0, 0) {
            Some(v) => v,
            None => self.evaluate(pos),
        }
    }

    /// A draw by the fifty-move rule or repetition (not at the root).
    fn rule_draw(&self, pos: &Position, ply: usize) -> bool {
        let v = &**pos.variant();
        ply > 0
            && ((v.fifty_move_plies() > 0 && pos.halfmove_clock() >= v.fifty_move_plies())
                || (v.repetitions() > 0 && pos.repetitions() >= 2))
    }

    /// Whether the side to move is in check, remembered for the last
    /// position asked.
    #[inline]
    fn in_check(&mut self, pos: &Position) -> bool {
        let key = pos.hash();
        if self.check_memo.0 != key {
            self.check_memo = (key, pos.in_check());
        }
        self.check_memo.1
    }

    /// The depth of a decision node: checks are extended, but not without
    /// end, and not in games with dice, where a throw gives check as often
    /// as not (a dice knight checks from afar) and every extended check
    /// costs a full ply of throws: there the quiescence search answers
    /// checks at the horizon.
    fn extended(&mut self, pos: &Position, depth: i32, ply: usize) -> (i32, bool) {
        let in_check = self.in_check(pos);
        if in_check && !self.dice && ply as i32 <= 2 * self.root_depth {
            (depth + 1, true)
        } else {
            (depth, in_check)
        }
    }

    /// The value of `entry` (the node's, probed once by the caller, which
    /// also orders by its move) when it decides the node at this window.
    fn tt_cut(
        &self,
        entry: Option<Entry>,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Option<i32> {
        if !self.tt_cutoffs {
            return None;
        }
        let e = entry?;
        if (e.depth as i32) < depth {
            return None;
        }
        let score = from_tt(e.score, ply);
        let usable = match e.bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
        usable.then_some(score)
    }

    /// Stores a value found with the window (alpha, beta).
    fn tt_store(
        &self,
        key: u64,
        best: u32,
        value: i32,
        depth: i32,
        window: (i32, i32),
        ply: usize,
    ) {
        self.tt.store(Entry {
            key,
            best,
            score: to_tt(value, ply),
            // -1: the quiescence search's plies that do not answer checks.
            depth: depth.clamp(-1, i8::MAX as i32) as i16,
            bound: bound_of(value, window),
        });
    }

    /// The kinds' values in centipawns, from the evaluator.
    fn values(&self) -> &[i32] {
        self.eval.as_ref().map_or(&[], |(_, e)| &e.values)
    }

    /// A kind's value in centipawns, from the evaluator.
    fn piece_value(&self, kind: crate::rules::piece::Kind) -> i32 {
        self.values().get(kind as usize).copied().unwrap_or(100)
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
        let pawnish = v.promoters() | v.royal_kinds();
        (pos.ours(us) & !pos.pieces_of_kinds(us, pawnish)).any()
    }
}

/// What a value found with the window (alpha, beta) says of the node.
fn bound_of(value: i32, (alpha, beta): (i32, i32)) -> Bound {
    if value >= beta {
        Bound::Lower
    } else if value > alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}
