//! The `menagerie` command line.

use clap::{Parser, Subcommand};

/// Prints a line to stdout; a closed pipe (a GUI gone, `| head`) is not an error.
macro_rules! outln {
    ($($t:tt)*) => {{
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}

/// `outln!` for stderr.
macro_rules! errln {
    ($($t:tt)*) => {{
        let _ = writeln!(std::io::stderr(), $($t)*);
    }};
}
use menagerie::bench;
use menagerie::replay;
use menagerie::rules::action::Action;
use menagerie::rules::outcome::Outcome;
use menagerie::rules::perft;
use menagerie::rules::position::{Pending, Position};
use menagerie::rules::variants;
use menagerie::search::{mate_in_moves, Limits, Searcher};
use menagerie::selfplay;
use menagerie::uci;
use menagerie::xboard;
use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use std::time::Instant;

#[derive(Parser)]
#[command(name = "menagerie", version, about = "A chess-variant engine")]
struct Cli {
    /// Without a command the engine waits for a protocol: `uci` as the
    /// first line starts UCI, `xboard` starts XBoard.
    #[command(subcommand)]
    command: Option<Command>,
    /// Game files to load first (docs/variant-files.md): their games join
    /// the built-in ones for every command, the engine's included.
    #[arg(long = "variants", global = true, value_name = "FILE")]
    variants: Vec<String>,
}

#[derive(Copy, Clone, PartialEq, Eq, clap::ValueEnum)]
enum DiceMode {
    Expanded,
    Frozen,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree to a depth.
    Perft {
        /// The game.
        #[arg(long, default_value = "chess")]
        variant: String,
        #[arg(long, default_value_t = 5)]
        depth: u32,
        /// Start from this FEN instead of the variant's start position.
        #[arg(long)]
        fen: Option<String>,
        /// Moves in UCI form to play first.
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Worker threads (root moves are shared out among them).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Dice games: `expanded` counts every throw and choice as a branch
        /// of the move before it; `frozen` counts moves only, with the dice
        /// state kept as the position gives it.
        #[arg(long, value_enum, default_value_t = DiceMode::Expanded)]
        dice: DiceMode,
    },
    /// Play a game against itself, with seeded dice, printing every move,
    /// throw and choice, and the result: random moves unless `--movetime` or
    /// `--depth` asks for a search.
    Selfplay {
        /// The game.
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Seed of the dice and of the random choices: a seed replays its game.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop after this many moves.
        #[arg(long, default_value_t = 1000)]
        max_moves: u32,
        /// Search each move for this many milliseconds (else random moves).
        #[arg(long)]
        movetime: Option<u64>,
        /// Search each move to this depth (else random moves).
        #[arg(long)]
        depth: Option<u32>,
    },
    /// Search one position and print the best move.
    Search {
        /// The game.
        #[arg(long, default_value = "chess")]
        variant: String,
        #[arg(long)]
        fen: Option<String>,
        /// Moves, throws and choices to play first.
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
        #[arg(long)]
        depth: Option<u32>,
        /// Milliseconds to search (default 1000 when no depth is given).
        #[arg(long)]
        movetime: Option<u64>,
        /// Transposition table size in MiB.
        #[arg(long, default_value_t = 64)]
        hash: usize,
    },
    /// Search a fixed set of positions of every game; the node count is the
    /// search's signature.
    Bench {
        #[arg(long, default_value_t = 16)]
        hash: usize,
    },
    /// Speak UCI on standard input and output.
    Uci,
    /// Speak XBoard (CECP v2) on standard input and output.
    Xboard,
    /// A board in the browser, with the dice drawn (docs/gui.md): serves a
    /// page on 127.0.0.1 and prints its address, with the token every
    /// request needs (the global `--variants` adds a file's games).
    Gui {
        /// The game.
        #[arg(long)]
        variant: Option<String>,
        /// The port (0: any free one).
        #[arg(long, default_value_t = 0)]
        port: u16,
    },
    /// Play two engines against each other (UCI or XBoard), the referee
    /// owning the rules, the clocks and the dice.
    Match(Box<menagerie::referee::MatchCommand>),
    /// Count the games of several PGN files `match` wrote (runs of one
    /// test) as one match: W/D/L, pentanomial, Elo and the SPRT's LLR; or
    /// merge one match's shards (`match --shard K/N`) back into it.
    Pool(menagerie::referee::pool::PoolCommand),
    /// Fit one game's evaluation weights to the results of games the
    /// referee wrote (Texel's method).
    Tune(menagerie::tune::TuneCommand),
    /// Replay the games of a PGN file, XBoard's or the project's own,
    /// checking every move, check mark and result against the rules; exits
    /// non-zero on any mismatch.
    ///
    /// A game whose Event tag starts with "menagerie " (the referee's
    /// `match --pgn`, the browser board's saved games) is in the project's
    /// form: every throw and choice is written out and played as it stands,
    /// each throw the one its DiceSeed tag throws when it has one. Any
    /// other game is XBoard's: SAN moves, the throws recomputed from
    /// --dice-seed, the choices inferred.
    Replay {
        /// The PGN file.
        file: std::path::PathBuf,
        /// The engines' DiceSeed option (the throws of XBoard's games are
        /// recomputed from it; the project's own games need none).
        #[arg(long, default_value_t = 0)]
        dice_seed: u64,
        /// How choices, which the PGN does not hold, are found.
        #[arg(long, value_enum, default_value_t = replay::ChoiceMode::Inferred)]
        choices: replay::ChoiceMode,
        /// How the check marks are held to the rules.
        #[arg(long, value_enum, default_value_t = replay::MarkCheck::Written)]
        marks: replay::MarkCheck,
    },
    /// List the games menagerie knows.
    Variants,
    /// Check game files: print every problem with its line and key, or
    /// the games each defines. Exits non-zero if a file has a problem.
    Check {
        #[arg(required = true, value_name = "FILE")]
        files: Vec<String>,
    },
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("off"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    for file in &cli.variants {
        if let Err(problems) = variants::add_file(file) {
            errln!("{problems}");
            errln!("error: {file} was not loaded");
            return ExitCode::FAILURE;
        }
    }
    let command = match cli.command {
        Some(c) => c,
        None => return protocol_by_first_line(),
    };
    let result = match command {
        Command::Uci => {
            uci::run(
                std::io::stdin().lock(),
                Arc::new(Mutex::new(std::io::stdout())),
                None,
            );
            Ok(())
        }
        Command::Xboard => {
            xboard::run(
                Box::new(std::io::BufReader::new(std::io::stdin())),
                Arc::new(Mutex::new(std::io::stdout())),
                None,
            );
            Ok(())
        }
        Command::Gui { variant, port } => {
            menagerie::gui::run(menagerie::gui::GuiOptions { variant, port }).map_err(Into::into)
        }
        Command::Perft {
            variant,
            depth,
            fen,
            moves,
            divide,
            threads,
            dice,
        } => run_perft(
            &variant,
            depth,
            fen.as_deref(),
            &moves,
            divide,
            threads,
            dice,
        ),
        Command::Selfplay {
            variant,
            seed,
            max_moves,
            movetime,
            depth,
        } => run_selfplay(&variant, seed, max_moves, movetime, depth),
        Command::Search {
            variant,
            fen,
            moves,
            depth,
            movetime,
            hash,
        } => run_search(&variant, fen.as_deref(), &moves, depth, movetime, hash),
        Command::Bench { hash } => {
            let r = bench::run(hash, |name, nodes| errln!("{name}: {nodes} nodes"));
            outln!("Nodes searched: {}", r.nodes);
            outln!("Time: {:.3} s", r.seconds);
            outln!("Nodes/second: {:.0}", r.nodes as f64 / r.seconds.max(1e-9));
            Ok(())
        }
        Command::Match(args) => menagerie::referee::run_cli(*args),
        Command::Pool(args) => menagerie::referee::pool::run_cli(args),
        Command::Tune(args) => menagerie::tune::run_cli(args),
        Command::Replay {
            file,
            dice_seed,
            choices,
            marks,
        } => return run_replay(&file, replay_options(dice_seed, choices, marks)),
        Command::Variants => {
            for name in variants::names() {
                outln!("{name}");
            }
            Ok(())
        }
        Command::Check { files } => return run_check(&files),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// What a person who starts the engine on a terminal is told.
fn terminal_help() -> String {
    let games = menagerie::rules::variants::names().join(", ");
    format!(
        "\
menagerie: a chess-variant engine. Games: {games}
('menagerie variants' describes them).

It is meant to be run by a chess GUI. In XBoard or WinBoard:
    xboard -fcp \"menagerie xboard\" -variant GAME
In a UCI GUI (or python-chess, cutechess, fastchess), give the command
    menagerie uci
and choose the game with the option UCI_Variant.

From here, type 'uci' or 'xboard' to speak that protocol, or 'quit'.
Subcommands: perft, search, selfplay, bench, match, replay, variants, uci,
xboard; 'menagerie --help' says more."
    )
}

/// `check`: each file read against the built-in games and the files
/// before it, every problem printed.
fn run_check(files: &[String]) -> ExitCode {
    let mut failed = false;
    for file in files {
        let checked = variants::read_file(file).and_then(|text| variants::add_text(file, &text));
        match checked {
            Ok(names) => outln!("{file}: ok, {} game(s): {}", names.len(), names.join(", ")),
            Err(problems) => {
                failed = true;
                outln!("{problems}");
                outln!("{file}: {} problem(s)", problems.0.len());
            }
        }
    }
    match failed {
        true => ExitCode::FAILURE,
        false => ExitCode::SUCCESS,
    }
}

/// Reads the first line and starts the protocol it names. On a terminal a
/// short help comes first; from a GUI's pipe nothing is said until it asks.
fn protocol_by_first_line() -> ExitCode {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        outln!("{}", terminal_help());
    }
    let mut first = String::new();
    loop {
        first.clear();
        match stdin.lock().read_line(&mut first) {
            Ok(0) | Err(_) => return ExitCode::SUCCESS,
            Ok(_) if first.trim().is_empty() => continue,
            Ok(_) => break,
        }
    }
    let out = Arc::new(Mutex::new(std::io::stdout()));
    match first.trim() {
        "uci" => uci::run(stdin.lock(), out, Some(first.trim().to_string())),
        "xboard" => {
            let input = Box::new(std::io::BufReader::new(std::io::stdin()));
            xboard::run(input, out, Some(first.trim().to_string()));
        }
        "quit" => {}
        other => {
            outln!("Error (unknown protocol): '{other}'; send 'uci' or 'xboard' (or run 'menagerie --help')");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

/// The position a command starts from: a FEN or the start, then actions.
fn setup(
    variant: &str,
    fen: Option<&str>,
    moves: &[String],
) -> Result<Position, Box<dyn std::error::Error>> {
    let variant = variants::load(variant)?;
    let mut pos = match fen {
        Some(f) => Position::from_fen(variant, f)
            .map_err(|e| format!("could not read the FEN '{f}': {e}"))?,
        None => Position::startpos(variant),
    };
    for m in moves.iter().flat_map(|m| m.split_whitespace()) {
        pos.play_action_text(m)?;
    }
    Ok(pos)
}

fn run_perft(
    variant: &str,
    depth: u32,
    fen: Option<&str>,
    moves: &[String],
    divide: bool,
    threads: usize,
    dice: DiceMode,
) -> Result<(), Box<dyn std::error::Error>> {
    let mut pos = setup(variant, fen, moves)?;
    let expanded = dice == DiceMode::Expanded && pos.variant().has_chance_steps();
    if dice == DiceMode::Frozen {
        if pos.pending() != Pending::Nothing {
            return Err(
                "frozen perft needs a position where a move is due, not a throw or choice".into(),
            );
        }
        pos.set_frozen(true);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()?;
    let start = Instant::now();
    let show_progress = depth >= 6;
    let progress = |done: usize, total: usize| {
        if show_progress {
            let _ = write!(std::io::stderr(), "\rperft: {done}/{total} root moves done");
            let _ = std::io::stderr().flush();
        }
    };
    let results = pool.install(|| perft::divide(&pos, depth, expanded, &progress));
    if show_progress {
        errln!();
    }
    let nodes: u64 = if depth == 0 {
        1
    } else {
        results.iter().map(|&(_, n)| n).sum()
    };
    let elapsed = start.elapsed().as_secs_f64();
    if divide {
        for &(m, n) in &results {
            outln!("{}: {n}", pos.action_text(m));
        }
        outln!();
    }
    outln!("Nodes searched: {nodes}");
    outln!("Time: {elapsed:.3} s");
    outln!("Nodes/second: {:.0}", nodes as f64 / elapsed.max(1e-9));
    Ok(())
}

fn limits(depth: Option<u32>, movetime: Option<u64>) -> Limits {
    Limits {
        depth,
        movetime: movetime.map(Duration::from_millis),
        ..Limits::default()
    }
}

fn run_search(
    variant: &str,
    fen: Option<&str>,
    moves: &[String],
    depth: Option<u32>,
    movetime: Option<u64>,
    hash: usize,
) -> Result<(), Box<dyn std::error::Error>> {
    let mut pos = setup(variant, fen, moves)?;
    let movetime = if depth.is_none() {
        movetime.or(Some(1000))
    } else {
        movetime
    };
    let mut searcher = Searcher::new(hash);
    let shown = pos.clone();
    let result = searcher.search(&mut pos, &limits(depth, movetime), &mut |info| {
        let pv = shown.actions_text(&info.pv);
        outln!(
            "depth {} seldepth {} score {} nodes {} time {} pv {}",
            info.depth,
            info.seldepth,
            score_text(info.score),
            info.nodes,
            info.time.as_millis(),
            pv.join(" ")
        );
    });
    match result.best {
        Some(a) => outln!("bestmove {}", shown.action_text(a)),
        None => outln!("bestmove (none)"),
    }
    Ok(())
}

fn score_text(score: i32) -> String {
    match mate_in_moves(score) {
        Some(moves) => format!("mate {moves}"),
        None => format!("cp {score}"),
    }
}

fn run_selfplay(
    variant: &str,
    seed: u64,
    max_moves: u32,
    movetime: Option<u64>,
    depth: Option<u32>,
) -> Result<(), Box<dyn std::error::Error>> {
    let variant = variants::load(variant)?;
    let start = Position::startpos(variant);
    let record = if movetime.is_none() && depth.is_none() {
        selfplay::random_game(start.clone(), seed, max_moves)
    } else {
        let mut searcher = Searcher::new(64);
        let lim = limits(depth, movetime);
        selfplay::play_game(start.clone(), seed, max_moves, &mut |p, _| {
            searcher.search(p, &lim, &mut |_| {}).best
        })
    };
    outln!("Variant: {}  Seed: {seed}", start.variant().name());
    outln!("Start: {}", record.start_fen);
    outln!("{}", start.board_text().trim_end());
    // One line a move, with the throw and choice that follow it.
    let mut line = String::new();
    let mut number = 0;
    for step in &record.steps {
        if let Action::Move(_) = step.action {
            if !line.is_empty() {
                outln!("{line}");
            }
            number += 1;
            line = format!("{number:>4}. {}", step.text);
        } else {
            line.push(' ');
            line.push_str(&step.text);
        }
    }
    if !line.is_empty() {
        outln!("{line}");
    }
    let mut end = start.clone();
    for step in &record.steps {
        end.apply(step.action)?;
    }
    outln!("{}", end.board_text().trim_end());
    outln!("Final: {}", record.final_fen);
    match record.outcome {
        Some(Outcome::Win(c, why)) => outln!("Result: {} wins ({why:?})", c.name()),
        Some(Outcome::Draw(why)) => outln!("Result: draw ({why:?})"),
        None => outln!("Result: unfinished after {max_moves} moves"),
    }
    Ok(())
}

fn replay_options(
    dice_seed: u64,
    choices: replay::ChoiceMode,
    marks: replay::MarkCheck,
) -> replay::Options {
    replay::Options {
        dice_seed,
        choices,
        marks,
        ..replay::Options::default()
    }
}

/// One line a game; failure if any game does not replay.
fn run_replay(file: &std::path::Path, options: replay::Options) -> ExitCode {
    let text = match std::fs::read(file) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            errln!("error: cannot read {}: {e}", file.display());
            return ExitCode::FAILURE;
        }
    };
    let reports = match replay::replay_pgn(&text, &options) {
        Ok(r) => r,
        Err(e) => {
            errln!("error: {}: {e}", file.display());
            return ExitCode::FAILURE;
        }
    };
    for r in &reports {
        outln!("{}", r.line());
    }
    let bad = reports.iter().filter(|r| !r.is_ok()).count();
    outln!("{} games, {bad} with a mismatch", reports.len());
    if bad == 0 && !reports.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
