//! The engine core the protocols talk to: the game being played, the search
//! running in its own thread, and the settings. It never prints; results go
//! to the callbacks the protocol layer gives it (the Stockfish split).

use crate::rules::action::Action;
use crate::rules::piece::Kind;
use crate::rules::position::{Pending, Position};
use crate::rules::variants;
use crate::search::eval::weights::Weights;
use crate::search::limits::{DEFAULT_MOVE_OVERHEAD, MAX_MOVE_OVERHEAD};
use crate::search::smp::{Pool, MAX_THREADS};
use crate::search::{GameWeights, Limits, SearchInfo, Searcher, MAX_MULTIPV};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

pub type InfoCallback = Box<dyn FnMut(&SearchInfo, &Position) + Send>;
pub type DoneCallback = Box<dyn FnOnce(Option<Action>, &Position) + Send>;
/// The counts below each root action, or None when stopped.
pub type PerftCallback = Box<dyn FnOnce(Option<Vec<(Action, u64)>>, &Position) + Send>;

/// Sleeps until `stop` is set; `Engine::stop` wakes the thread at once.
fn wait_for_stop(stop: &AtomicBool) {
    while !stop.load(Ordering::Relaxed) {
        std::thread::park_timeout(std::time::Duration::from_millis(50));
    }
}

pub struct Engine {
    position: Position,
    searcher: Arc<Mutex<Pool>>,
    stop: Arc<AtomicBool>,
    running: Option<JoinHandle<()>>,
    hash_mib: usize,
    threads: usize,
    multipv: usize,
    /// What each move costs beyond its search (`Move Overhead`).
    move_overhead: Duration,
    /// A promotion piece given with its move, to play after the throw.
    promotion_ahead: Option<Kind>,
    /// A weights file's text (`EvalWeights`), and its weights for the
    /// current game where they fit it.
    weights_text: Option<String>,
    /// The searcher of `evaluate`, apart from the search's; made again
    /// when the weights change.
    evaluation: Option<Searcher>,
    weights: Option<GameWeights>,
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}

impl Engine {
    pub const DEFAULT_HASH_MIB: usize = 64;

    pub fn new() -> Engine {
        let variant = variants::load("chess").unwrap_or_else(|e| unreachable!("chess: {e}"));
        let pool = Pool::new(Self::DEFAULT_HASH_MIB, 1);
        Engine {
            position: Position::startpos(variant),
            stop: pool.stop_flag(),
            searcher: Arc::new(Mutex::new(pool)),
            running: None,
            hash_mib: Self::DEFAULT_HASH_MIB,
            threads: 1,
            multipv: 1,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
            promotion_ahead: None,
            weights_text: None,
            evaluation: None,
            weights: None,
        }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn variant_name(&self) -> &str {
        self.position.variant().name()
    }

    /// Switches the game; the position becomes its start. On error nothing changes.
    pub fn set_variant(&mut self, name: &str) -> Result<(), variants::LoadError> {
        let v = variants::load(name)?;
        self.stop();
        self.position = Position::startpos(v);
        self.promotion_ahead = None;
        self.apply_weights();
        Ok(())
    }

    /// Loads a game file (docs/variant-files.md): its games join the ones
    /// known, for every engine of the process. An empty path loads
    /// nothing. A bad file is refused whole and nothing changes; its
    /// problems come back one a line. The current game is kept.
    pub fn load_variants(&mut self, path: &str) -> Result<Vec<String>, String> {
        let path = path.trim();
        if path.is_empty() || path == "<empty>" {
            return Ok(Vec::new());
        }
        variants::add_file(path).map_err(|p| p.to_string())
    }

    /// Sets the position from a FEN (or the start) and the actions played
    /// since; on error the position stays as it was.
    pub fn set_position(&mut self, fen: Option<&str>, actions: &[String]) -> Result<(), String> {
        let v = self.position.variant().clone();
        let mut p = match fen {
            None => Position::startpos(v),
            Some(f) => Position::from_fen(v, f).map_err(|e| format!("bad FEN: {e}"))?,
        };
        let mut ahead = None;
        for a in actions {
            play_step(&mut p, a, &mut ahead)?;
        }
        self.stop();
        self.position = p;
        self.promotion_ahead = ahead;
        Ok(())
    }

    /// Plays one action on the current position.
    pub fn play(&mut self, text: &str) -> Result<Action, String> {
        self.stop();
        let mut ahead = self.promotion_ahead;
        let action = play_step(&mut self.position, text, &mut ahead)?;
        self.promotion_ahead = ahead;
        Ok(action)
    }

    /// The largest table: 8 GiB, a third of the machines we run on.
    pub const MAX_HASH_MIB: usize = 8192;

    /// A new table of `mib` mebibytes (1 to `MAX_HASH_MIB`); a size out
    /// of that range is refused and the table stays as it was.
    pub fn set_hash(&mut self, mib: u64) -> Result<(), String> {
        let max = Self::MAX_HASH_MIB as u64;
        if !(1..=max).contains(&mib) {
            return Err(format!("hash size {mib} MiB is not within 1 to {max}"));
        }
        self.hash_mib = mib as usize;
        self.rebuild();
        Ok(())
    }

    /// Search threads (1 to 64); one is deterministic. The table is new.
    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.clamp(1, MAX_THREADS);
        self.rebuild();
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Lines searched and reported (1 to 64).
    pub fn set_multipv(&mut self, n: usize) {
        self.stop();
        self.multipv = n.clamp(1, MAX_MULTIPV);
    }

    pub fn multipv(&self) -> usize {
        self.multipv
    }

    /// What each move costs beyond its search, kept back from the clock
    /// (`Move Overhead`, 0 to 5000 ms); a value out of range is refused.
    pub fn set_move_overhead(&mut self, millis: u64) -> Result<(), String> {
        let max = MAX_MOVE_OVERHEAD.as_millis() as u64;
        if millis > max {
            return Err(format!(
                "move overhead {millis} ms is not within 0 to {max}"
            ));
        }
        self.move_overhead = Duration::from_millis(millis);
        Ok(())
    }

    fn rebuild(&mut self) {
        self.stop();
        if let Ok(mut s) = self.searcher.lock() {
            // The old table goes before the new one comes: never both.
            *s = Pool::new(1, 1);
            *s = Pool::new(self.hash_mib, self.threads);
            s.set_weights(self.weights.clone());
            self.stop = s.stop_flag();
        }
    }

    /// Evaluates with the weights of a file (`menagerie tune`'s), or with
    /// each game's own for an empty path. A file that cannot be read or
    /// whose lines are wrong is refused and nothing changes. The weights
    /// apply to every game they fit (their pieces' symbols are the game's);
    /// in the others the game's own are used.
    pub fn set_eval_weights(&mut self, path: &str) -> Result<(), String> {
        let path = path.trim();
        let text = if path.is_empty() || path == "<empty>" {
            None
        } else {
            let text =
                crate::file_input::read_text(path, crate::search::eval::weights::MAX_WEIGHTS_BYTES)
                    .map_err(|e| format!("cannot read weights file '{path}': {e}"))?;
            Weights::check(&text).map_err(|e| format!("{path}: {e}"))?;
            Some(text)
        };
        self.weights_text = text;
        self.apply_weights();
        Ok(())
    }

    /// The weights file read for the current game.
    fn apply_weights(&mut self) {
        self.evaluation = None;
        let v = self.position.variant();
        self.weights = self
            .weights_text
            .as_ref()
            .and_then(|text| match Weights::parse(v, text) {
                Ok(w) => Some((v.name().to_string(), Arc::new(w))),
                Err(e) => {
                    log::warn!("the weights file does not fit {}: {e}", v.name());
                    None
                }
            });
        self.stop();
        if let Ok(mut s) = self.searcher.lock() {
            s.set_weights(self.weights.clone());
        }
    }

    /// The current position's static evaluation and its quiescence
    /// search's value, both in centipawns for the side to move, with the
    /// weights in use. Neither depends on what was searched or evaluated
    /// before: a searcher of its own, which never runs the main search
    /// (so it learns no correction or history), and an empty table each
    /// time (the quiescence search reads the table).
    pub fn evaluate(&mut self) -> (i32, i32) {
        let weights = &self.weights;
        let s = self.evaluation.get_or_insert_with(|| {
            let mut s = Searcher::new(1);
            s.set_weights(weights.clone());
            s
        });
        s.empty_table();
        let mut pos = self.position.clone();
        (s.evaluate(&pos), s.quiescence(&mut pos))
    }

    pub fn new_game(&mut self) {
        self.stop();
        if let Ok(mut s) = self.searcher.lock() {
            s.new_game();
        }
    }

    /// Starts searching the current position in a thread of its own, the
    /// `Move Overhead` setting kept back from its clock. An infinite
    /// search (`go infinite`, `go ponder`, analysis) reports its result
    /// only once stopped, even when it has nothing left to search: the
    /// protocols promise that.
    pub fn go(&mut self, limits: Limits, mut on_info: InfoCallback, on_done: DoneCallback) {
        self.stop();
        let limits = Limits {
            move_overhead: self.move_overhead,
            ..limits
        };
        self.stop.store(false, Ordering::Relaxed);
        let searcher = self.searcher.clone();
        let pos = self.position.clone();
        let multipv = self.multipv;
        let stop = self.stop.clone();
        self.running = Some(std::thread::spawn(move || {
            let shown = pos.clone();
            let best = match searcher.lock() {
                Ok(mut s) => {
                    s.main.multipv = multipv;
                    s.search(&pos, &limits, &mut |info| on_info(info, &shown))
                        .best
                }
                Err(_) => None,
            };
            if limits.infinite {
                wait_for_stop(&stop);
            }
            on_done(best, &shown);
        }));
    }

    /// Counts the move tree below each action of the current position to
    /// `depth` in the search thread (`go perft`), so that the protocol
    /// still answers while it counts; `stop` ends it, and then `on_done`
    /// gets None.
    pub fn perft(&mut self, depth: u32, on_done: PerftCallback) {
        self.stop();
        self.stop.store(false, Ordering::Relaxed);
        let pos = self.position.clone();
        let stop = self.stop.clone();
        self.running = Some(std::thread::spawn(move || {
            let expanded = pos.variant().has_chance_steps();
            let counts =
                crate::rules::perft::divide_until(&pos, depth, expanded, &stop, &|_, _| {});
            on_done(counts, &pos);
        }));
    }

    /// Stops a running search (its result is still reported) and waits for it.
    pub fn stop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(handle) = &self.running {
            handle.thread().unpark();
        }
        self.wait();
    }

    /// Waits for a running search to finish by itself.
    pub fn wait(&mut self) {
        if let Some(handle) = self.running.take() {
            let _ = handle.join();
        }
    }

    pub fn is_searching(&self) -> bool {
        self.running.as_ref().is_some_and(|h| !h.is_finished())
    }
}

/// Plays one step. A promotion given with its move (`a7a8q`) in a game
/// whose promotions wait for the throw is the move, with the piece kept in
/// `ahead` and played when the promotion falls due.
fn play_step(p: &mut Position, text: &str, ahead: &mut Option<Kind>) -> Result<Action, String> {
    let action = match p.play_action_text(text) {
        Ok(a) => a,
        Err(e) => match p.promotion_ahead(text) {
            Some((m, kind)) => {
                p.make_move(m);
                *ahead = Some(kind);
                Action::Move(m)
            }
            None => return Err(e.to_string()),
        },
    };
    if let (Pending::Promote(_), Some(kind)) = (p.pending(), *ahead) {
        p.apply_promotion(kind).map_err(|e| e.to_string())?;
        *ahead = None;
    }
    Ok(action)
}
