//! The match: pairs of games (same opening, same dice, colours swapped)
//! shared among threads, progress on stderr, the PGN in game order, the
//! result and its statistics on stdout, and the SPRT stop.

use super::cli::{EngineSpec, MatchArgs, MatchCommand, Protocol};
use super::clock::Limits;
use super::game::{self, GameRecord, GameSetup, Score, Termination};
use super::log::IoLog;
use super::openings::{self, Opening};
use super::pgn;
use super::player::{self, GameView};
use super::resume::{self, Outcome};
use super::shard::Shard;
use super::stats::{Decision, Sprt, Tally};
use crate::rules::variant::Variant;
use crate::rules::variants;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

type BoxError = Box<dyn std::error::Error>;

/// A match, ready to run.
pub struct MatchConfig {
    pub engines: [EngineSpec; 2],
    /// Each engine's limits (its own, or the match's).
    pub limits: [Limits; 2],
    pub variant: Arc<Variant>,
    pub openings: Vec<Opening>,
    /// An even number.
    pub games: usize,
    /// The slice of the games this run plays, if not all.
    pub shard: Option<Shard>,
    /// The games this run plays (0-based indices, in order).
    pub schedule: Vec<usize>,
    pub seed: u64,
    pub concurrency: usize,
    pub margin: Duration,
    pub untimed: Duration,
    pub max_plies: Option<u32>,
    pub pgn: Option<String>,
    /// Keep the games already in the PGN file and play the others.
    pub resume: bool,
    pub log: IoLog,
    pub sprt: Option<Sprt>,
}

/// What a match came to.
pub struct Summary {
    /// Every game.
    pub tally: Tally,
    /// The games decided on the board: all but the peer rules infractions
    /// (whose pairs leave the pentanomial).
    pub board: Tally,
    /// Every game's outcome, in game order (a resumed match's earlier
    /// games first).
    pub outcomes: Vec<Outcome>,
    pub decision: Option<Decision>,
    pub llr: Option<f64>,
}

impl MatchConfig {
    pub fn from_args(args: &MatchArgs) -> Result<MatchConfig, BoxError> {
        if args.engine.len() != 2 {
            return Err(format!("a match needs two --engine, got {}", args.engine.len()).into());
        }
        let mut e0 = EngineSpec::parse(&args.engine[0])?;
        let mut e1 = EngineSpec::parse(&args.engine[1])?;
        // A game from a file: the engines are given the file (the option
        // Fairy-Stockfish and menagerie both have) unless told otherwise.
        for e in [&mut e0, &mut e1] {
            if !e.options.iter().any(|(k, _)| k == "VariantPath") {
                for file in variants::files_of(&args.variant) {
                    e.options.push(("VariantPath".to_string(), file));
                }
            }
        }
        let global = args.limits()?;
        let mut limits = [Limits::default(), Limits::default()];
        for (i, e) in [&e0, &e1].into_iter().enumerate() {
            limits[i] = if e.limits.is_empty() {
                global.clone()
            } else {
                e.limits.clone()
            };
            limits[i]
                .validate()
                .map_err(|err| format!("engine {}: {err}", e.name))?;
            if e.protocol == Protocol::Xboard && limits[i].nodes.is_some() {
                return Err(format!("engine {}: XBoard has no node limit", e.name).into());
            }
        }
        if args.resume && args.pgn.is_none() {
            return Err("--resume goes on from the --pgn file: give it".into());
        }
        let shard = args.shard.as_deref().map(Shard::parse).transpose()?;
        if shard.is_some() && args.sprt.is_some() {
            return Err("a sequential test decides on all the shards' games: give --sprt to `menagerie pool`, not to a shard".into());
        }
        let games = (args.games.max(1) as usize).div_ceil(2) * 2;
        let schedule = match shard {
            Some(s) => s.games(games),
            None => (0..games).collect(),
        };
        let variant = variants::load(&args.variant)?;
        let openings = match &args.openings {
            Some(path) => openings::load(path, &variant)?,
            None => vec![Opening::default()],
        };
        let log = match &args.log {
            // A resumed match's log goes on after the earlier run's.
            Some(path) => IoLog::new(Some(Arc::new(Mutex::new(
                std::fs::OpenOptions::new()
                    .write(true)
                    .create(true)
                    .append(args.resume)
                    .truncate(!args.resume)
                    .open(path)?,
            )))),
            None => IoLog::default(),
        };
        Ok(MatchConfig {
            engines: [e0, e1],
            limits,
            variant,
            openings,
            games,
            shard,
            schedule,
            seed: args.seed,
            concurrency: args.concurrency.max(1),
            margin: Duration::from_millis(args.timemargin),
            untimed: Duration::from_millis(args.move_timeout.max(1)),
            max_plies: args.max_plies,
            pgn: args.pgn.clone(),
            resume: args.resume,
            log,
            sprt: args.sprt()?,
        })
    }

    fn setup(&self, index: usize) -> GameSetup<'_> {
        let pair = index / 2;
        let swap = index % 2 == 1;
        let (w, b) = if swap { (1, 0) } else { (0, 1) };
        GameSetup {
            index,
            pair: pair as u64,
            variant: &self.variant,
            opening: &self.openings[pair % self.openings.len()],
            engines: [&self.engines[w], &self.engines[b]],
            limits: [self.limits[w].clone(), self.limits[b].clone()],
            seed: self.seed,
            margin: self.margin,
            untimed: self.untimed,
            max_plies: self.max_plies,
            log: self.log.clone(),
        }
    }

    /// Starts each engine once on the first opening, so that a bad command,
    /// an unknown variant or a missing feature stops the match before it
    /// starts; an engine without `name=` takes the name it gives.
    pub fn probe(&mut self) -> Result<(), BoxError> {
        let mut names = Vec::new();
        let opening = &self.openings[0];
        let (pos, steps) = game::replay_opening(opening, &self.variant)?;
        for (e, limits) in self.engines.iter().zip(&self.limits) {
            let fail = |f: player::Fault| format!("engine {}: {f}", e.name);
            let log = self.log.tagged(format!("probe {}", e.name));
            let mut p = player::start(e, self.variant.name(), log).map_err(fail)?;
            let view = GameView {
                variant: self.variant.name(),
                start_fen: opening.fen.as_deref(),
                steps: &steps,
                position: &pos,
            };
            let r = p.new_game(&view, limits);
            names.push(match (e.named, p.id_name()) {
                (false, Some(n)) if !n.trim().is_empty() => n.trim().to_string(),
                _ => e.name.clone(),
            });
            p.end_game("*", "probe");
            r.map_err(fail)?;
        }
        if names[0] == names[1] {
            names[1] = format!("{} (2)", names[1]);
        }
        for (e, n) in self.engines.iter_mut().zip(names) {
            e.name = n;
        }
        Ok(())
    }
}

/// What the tally and the report keep of a game.
fn outcome(g: &GameRecord) -> Outcome {
    Outcome {
        index: g.index,
        first_points: first_engine_points(g),
        termination: g.termination,
        reason: g.reason.clone(),
    }
}

/// Half-points of the match's first engine in a game.
fn first_engine_points(g: &GameRecord) -> u8 {
    let white = match g.score {
        Score::WhiteWins => 2,
        Score::Draw => 1,
        Score::BlackWins => 0,
    };
    if g.white_engine == 0 {
        white
    } else {
        2 - white
    }
}

fn score_line(cfg: &MatchConfig, t: &Tally) -> String {
    score_text([&cfg.engines[0].name, &cfg.engines[1].name], t)
}

pub(super) fn score_text(names: [&str; 2], t: &Tally) -> String {
    format!(
        "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
        names[0],
        names[1],
        t.wins,
        t.losses,
        t.draws,
        t.score(),
        t.games()
    )
}

/// Plays the match; progress goes to `progress` (stderr from the CLI).
pub fn run_match(cfg: &mut MatchConfig, progress: &mut dyn Write) -> Result<Summary, BoxError> {
    cfg.probe()?;
    let cfg = &*cfg;
    let (earlier, pgn_file) = open_pgn(cfg)?;
    let path = cfg.pgn.as_deref().unwrap_or_default();
    if let Some(line) = earlier.cut_line {
        let _ = writeln!(
            progress,
            "The game at line {line} of {path} was cut short: dropped, to be played again"
        );
    }
    if !earlier.outcomes.is_empty() {
        let _ = writeln!(
            progress,
            "Resumed: {} games kept from {path}",
            earlier.outcomes.len()
        );
    }
    let mut results = Results::new(cfg, pgn_file, earlier.outcomes);
    let next = AtomicUsize::new(results.written);
    let stop = AtomicBool::new(results.decision.is_some());
    let to_play = cfg.schedule.len().saturating_sub(results.written);
    let (tx, rx) = mpsc::channel::<Played>();
    std::thread::scope(|scope| {
        for _ in 0..cfg.concurrency.min(to_play) {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || play_games(cfg, next, stop, tx));
        }
        drop(tx);
        for (i, r) in rx {
            let done = match r {
                Ok(g) => results.record(i, g, progress),
                Err(e) => results.fail(i, e),
            };
            if done {
                stop.store(true, Ordering::SeqCst);
            }
        }
    });
    results.into_summary()
}

/// The PGN file to write the games to, and the earlier games it keeps
/// when the match resumes (whole pairs; the file is cut after them).
fn open_pgn(cfg: &MatchConfig) -> Result<(resume::Earlier, Option<std::fs::File>), BoxError> {
    let Some(path) = &cfg.pgn else {
        return Ok((resume::Earlier::default(), None));
    };
    let exists = std::path::Path::new(path).exists();
    if !(cfg.resume && exists) {
        return Ok((
            resume::Earlier::default(),
            Some(std::fs::File::create(path)?),
        ));
    }
    let text = crate::file_input::read_text(path, super::pool::MAX_PGN_BYTES)
        .map_err(|e| format!("cannot resume from {path}: {e}"))?;
    let expected = resume::Expected {
        names: [&cfg.engines[0].name, &cfg.engines[1].name],
        seed: cfg.seed,
        variant: cfg.variant.name(),
        schedule: &cfg.schedule,
        shard: cfg.shard.map(|s| s.to_string()),
    };
    let earlier = resume::read_earlier(&text, &expected).map_err(|e| format!("{path}: {e}"))?;
    let file = std::fs::OpenOptions::new().append(true).open(path)?;
    file.set_len(earlier.kept_bytes as u64)?;
    Ok((earlier, Some(file)))
}

/// A game's index and its record, or why it could not be played.
type Played = (usize, Result<GameRecord, String>);

/// A worker: plays the next game not yet taken until the match is over or
/// stopped, and sends each result, by index, to the collector.
fn play_games(cfg: &MatchConfig, next: &AtomicUsize, stop: &AtomicBool, tx: mpsc::Sender<Played>) {
    while !stop.load(Ordering::SeqCst) {
        let Some(&i) = cfg.schedule.get(next.fetch_add(1, Ordering::SeqCst)) else {
            break;
        };
        let mut r = game::play(&cfg.setup(i));
        if let Ok(g) = &mut r {
            g.white_engine = i % 2;
        }
        if tx.send((i, r)).is_err() {
            break;
        }
    }
}

/// The games played so far, as they come in from the workers in any
/// order: the tally, the sequential test's decision, and the PGN file,
/// written in the order of the games.
struct Results<'a> {
    cfg: &'a MatchConfig,
    pgn_file: Option<std::fs::File>,
    /// The games of a resumed match's PGN file, in order.
    earlier: Vec<Outcome>,
    /// Played games by index (a map: `--games` may be huge under an SPRT).
    games: std::collections::BTreeMap<usize, GameRecord>,
    tally: Tally,
    /// The games of the schedule before this place are in the PGN file.
    written: usize,
    decision: Option<Decision>,
    failure: Option<String>,
}

impl<'a> Results<'a> {
    /// The results so far: none, or the `earlier` games (whole pairs)
    /// of a resumed match, counted and already in the PGN file.
    fn new(cfg: &'a MatchConfig, pgn_file: Option<std::fs::File>, earlier: Vec<Outcome>) -> Self {
        let points: Vec<(usize, u8)> = earlier.iter().map(|o| (o.index, o.first_points)).collect();
        let tally = Tally::from_games(&points);
        Results {
            cfg,
            pgn_file,
            decision: cfg.sprt.as_ref().and_then(|s| s.decision(&tally)),
            written: earlier.len(),
            earlier,
            games: Default::default(),
            tally,
            failure: None,
        }
    }

    /// Game `i` could not be played: the match stops and fails.
    fn fail(&mut self, i: usize, why: String) -> bool {
        self.failure = Some(format!("game {}: {why}", i + 1));
        true
    }

    /// Counts game `i` and reports it; true once the sequential test has
    /// decided (the match stops).
    fn record(&mut self, i: usize, g: GameRecord, progress: &mut dyn Write) -> bool {
        let _ = writeln!(
            progress,
            "Finished game {} ({} vs {}): {} {{{}}}",
            i + 1,
            g.names[0],
            g.names[1],
            g.score.text(),
            g.reason
        );
        self.tally.add_game(first_engine_points(&g));
        self.games.insert(i, g);
        self.count_pair(i / 2);
        let _ = writeln!(progress, "{}", score_line(self.cfg, &self.tally));
        self.write_ready_games();
        self.decision.is_some()
    }

    /// Once both games of `pair` are in, counts the pair and asks the
    /// sequential test (which decides once).
    fn count_pair(&mut self, pair: usize) {
        let (Some(a), Some(b)) = (self.games.get(&(2 * pair)), self.games.get(&(2 * pair + 1)))
        else {
            return;
        };
        self.tally
            .add_pair(first_engine_points(a) + first_engine_points(b));
        if let (Some(s), None) = (&self.cfg.sprt, self.decision) {
            self.decision = s.decision(&self.tally);
        }
    }

    /// Writes to the PGN file the games that follow the last written one
    /// without a gap.
    fn write_ready_games(&mut self) {
        while let Some(g) = self
            .cfg
            .schedule
            .get(self.written)
            .and_then(|i| self.games.get(i))
        {
            if let Some(f) = self.pgn_file.as_mut() {
                let mut tags = vec![
                    ("Seed".to_string(), self.cfg.seed.to_string()),
                    ("Pair".to_string(), (g.pair + 1).to_string()),
                    (
                        "TimeControl".to_string(),
                        limits_text(self.cfg, g.white_engine),
                    ),
                ];
                if let Some(shard) = self.cfg.shard {
                    tags.push(("Shard".to_string(), shard.to_string()));
                    tags.push(("Games".to_string(), self.cfg.games.to_string()));
                }
                let _ = f.write_all(pgn::write(g, self.cfg.variant.name(), &tags).as_bytes());
            }
            self.written += 1;
        }
    }

    fn into_summary(self) -> Result<Summary, BoxError> {
        if let Some(e) = self.failure {
            return Err(e.into());
        }
        let mut outcomes = self.earlier;
        outcomes.extend(self.games.values().map(outcome));
        Ok(Summary {
            llr: self.cfg.sprt.as_ref().map(|s| s.llr(&self.tally)),
            tally: self.tally,
            board: board_tally(&outcomes),
            outcomes,
            decision: self.decision,
        })
    }
}

fn limits_text(cfg: &MatchConfig, white_engine: usize) -> String {
    let (w, b) = (&cfg.limits[white_engine], &cfg.limits[1 - white_engine]);
    if w == b {
        w.describe()
    } else {
        format!("White {}; Black {}", w.describe(), b.describe())
    }
}

/// The tally of the games decided on the board.
pub(super) fn board_tally(outcomes: &[Outcome]) -> Tally {
    let kept: Vec<(usize, u8)> = outcomes
        .iter()
        .filter(|o| o.termination != Termination::PeerRulesInfraction)
        .map(|o| (o.index, o.first_points))
        .collect();
    Tally::from_games(&kept)
}

pub(super) fn elo_line(t: &Tally) -> String {
    match t.elo() {
        Some((e, lo, hi)) => format!(
            "Elo difference: {:+.1} (95% interval {:+.1} to {:+.1}), from {} pairs\n",
            e + 0.0,
            lo + 0.0,
            hi + 0.0,
            t.pairs()
        ),
        None => "Elo difference: no finished pair\n".to_string(),
    }
}

/// The games a peer's approximate rules ended, each with its reason, and
/// the result of the others: the strength measured on the board.
fn board_report(names: [&str; 2], s: &Summary) -> String {
    let apart: Vec<&Outcome> = s
        .outcomes
        .iter()
        .filter(|g| g.termination == Termination::PeerRulesInfraction)
        .collect();
    if apart.is_empty() {
        return String::new();
    }
    let mut out = format!(
        "Peer rules infractions (counted apart): {} games\n",
        apart.len()
    );
    for g in &apart {
        out.push_str(&format!("  game {}: {}\n", g.index + 1, g.reason));
    }
    let b = &s.board;
    out.push_str(&format!(
        "On the board (without them): {}\n",
        score_text(names, b)
    ));
    out.push_str("On the board, ");
    out.push_str(&elo_line(b));
    out
}

/// The final report.
pub fn report(cfg: &MatchConfig, s: &Summary) -> String {
    let mut out = String::new();
    let shard = cfg.shard.map_or(String::new(), |k| {
        format!(", shard {k} of a {}-game match", cfg.games)
    });
    out.push_str(&format!(
        "Match: {} ({}) vs {} ({}), {}, {} games, seed {}{shard}\n",
        cfg.engines[0].name,
        cfg.limits[0].describe(),
        cfg.engines[1].name,
        cfg.limits[1].describe(),
        cfg.variant.name(),
        s.outcomes.len(),
        cfg.seed
    ));
    out.push_str(&figures(
        [&cfg.engines[0].name, &cfg.engines[1].name],
        s,
        cfg.sprt.as_ref(),
    ));
    out
}

/// The figures of a match's games (the score, Elo, endings and the
/// sequential test): the match's report, and the pool of its shards.
pub(super) fn figures(names: [&str; 2], s: &Summary, sprt: Option<&Sprt>) -> String {
    let t = &s.tally;
    let mut out = String::new();
    out.push_str(&score_text(names, t));
    out.push('\n');
    out.push_str(&format!(
        "W/D/L of {}: {}/{}/{}\n",
        names[0], t.wins, t.draws, t.losses
    ));
    out.push_str(&elo_line(t));
    out.push_str(&format!(
        "Pentanomial (pairs by {}'s points 0, 1/2, 1, 3/2, 2): {:?}\n",
        names[0], t.penta
    ));
    let count = |k: Termination| s.outcomes.iter().filter(|o| o.termination == k).count();
    out.push_str(&format!(
        "Endings: normal {}, adjudication {}, time forfeit {}, rules infraction {}, abandoned {}, peer rules infraction {}\n",
        count(Termination::Normal),
        count(Termination::Adjudication),
        count(Termination::TimeForfeit),
        count(Termination::RulesInfraction),
        count(Termination::Abandoned),
        count(Termination::PeerRulesInfraction)
    ));
    out.push_str(&board_report(names, s));
    if let (Some(sp), Some(llr)) = (sprt, s.llr) {
        let (lo, hi) = sp.bounds();
        let verdict = match s.decision {
            Some(Decision::AcceptH1) => "H1 accepted",
            Some(Decision::AcceptH0) => "H0 accepted",
            None => "no decision",
        };
        out.push_str(&format!(
            "SPRT elo0={} elo1={} alpha={} beta={}: LLR {llr:.2} (bounds {lo:.2}, {hi:.2}): {verdict}\n",
            sp.elo0, sp.elo1, sp.alpha, sp.beta
        ));
    }
    out
}

/// `menagerie match`.
pub fn run_cli(command: MatchCommand) -> Result<(), BoxError> {
    let args = command.0;
    if let Some(n) = args.make_openings {
        let v = variants::load(&args.variant)?;
        let list = openings::generate(
            &v,
            n,
            args.opening_plies,
            args.seed,
            args.opening_depth,
            args.opening_margin,
        );
        let mut text = format!(
            "# {} openings for {}: menagerie match --make-openings {n} --variant {} --opening-plies {} --opening-depth {} --opening-margin {} --seed {}\n",
            list.len(),
            v.name(),
            v.name(),
            args.opening_plies,
            args.opening_depth,
            args.opening_margin,
            args.seed
        );
        for o in &list {
            text.push_str(&o.line());
            text.push('\n');
        }
        match &args.out {
            Some(path) => std::fs::write(path, text)?,
            // A closed pipe (`| head`) ends the output, not the program.
            None => {
                let _ = std::io::stdout().write_all(text.as_bytes());
            }
        }
        if list.len() < n {
            let _ = writeln!(
                std::io::stderr(),
                "only {} balanced openings found",
                list.len()
            );
        }
        return Ok(());
    }
    let mut cfg = MatchConfig::from_args(&args)?;
    let mut err = std::io::stderr();
    let summary = run_match(&mut cfg, &mut err)?;
    let _ = std::io::stdout().write_all(report(&cfg, &summary).as_bytes());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::square::Color;

    fn record(index: usize, score: Score, termination: Termination) -> GameRecord {
        GameRecord {
            index,
            pair: (index / 2) as u64,
            names: ["a".to_string(), "b".to_string()],
            white_engine: index % 2,
            start_fen: None,
            start_side: Color::White,
            start_fullmove: 1,
            opening_len: 0,
            steps: Vec::new(),
            score,
            termination,
            reason: format!("reason {}", index + 1),
            final_fen: String::new(),
        }
    }

    #[test]
    fn peer_rules_infractions_are_reported_apart() {
        use Score::*;
        use Termination::*;
        // Engine a plays White in even games. Game 4: b (White) breaks our
        // rules by its own; a wins it, but not on the board.
        let games = [
            record(0, WhiteWins, Normal),
            record(1, WhiteWins, Normal),
            record(2, Draw, Normal),
            record(3, BlackWins, PeerRulesInfraction),
        ];
        let outcomes: Vec<Outcome> = games.iter().map(outcome).collect();
        let all = Tally::from_games(
            &outcomes
                .iter()
                .map(|o| (o.index, o.first_points))
                .collect::<Vec<_>>(),
        );
        let summary = Summary {
            tally: all,
            board: board_tally(&outcomes),
            outcomes,
            decision: None,
            llr: None,
        };
        assert_eq!(
            (
                summary.tally.wins,
                summary.tally.draws,
                summary.tally.losses
            ),
            (2, 1, 1)
        );
        let b = &summary.board;
        assert_eq!((b.wins, b.draws, b.losses, b.pairs()), (1, 1, 1, 1));
        assert_eq!(b.penta, [0, 0, 1, 0, 0]);
        let text = board_report(["a", "b"], &summary);
        assert!(
            text.contains("Peer rules infractions (counted apart): 1 games"),
            "{text}"
        );
        assert!(text.contains("game 4: reason 4"), "{text}");
        assert!(
            text.contains("On the board (without them): Score of a vs b: 1 - 1 - 1"),
            "{text}"
        );
        assert!(
            text.contains("On the board, Elo difference: +0.0"),
            "{text}"
        );
    }

    #[test]
    fn no_board_report_without_infractions() {
        let outcomes = vec![outcome(&record(
            0,
            Score::Draw,
            Termination::RulesInfraction,
        ))];
        let summary = Summary {
            tally: Tally::default(),
            board: board_tally(&outcomes),
            outcomes,
            decision: None,
            llr: None,
        };
        assert_eq!(board_report(["a", "b"], &summary), "");
    }
}
