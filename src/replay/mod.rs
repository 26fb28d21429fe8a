//! `menagerie replay`: reads PGN games and replays each in the rules core;
//! any step that does not fit, wrong check mark or wrong result is a
//! mismatch named by game, ply and token. It reads two forms:
//!
//! - **The project's own** (`steps.rs`), which the referee and the browser
//!   board write: a game whose `Event` tag starts with `menagerie `
//!   (`menagerie match`, `menagerie board`). Its tokens are the rules
//!   core's own, every throw and choice written out: each is played as it
//!   stands, and a `DiceSeed` tag holds the throws to that seed.
//! - **XBoard's** (any other game): SAN moves, with the dice our XBoard
//!   session threw recomputed from `--dice-seed` and the choices it made
//!   found again.

mod game;
mod matcher;
pub mod pgn;
pub mod san;
mod steps;
mod verdict;
mod xboard_view;

pub use game::Replayed;
pub use pgn::{PgnError, PgnGame, PgnResult};
pub use verdict::{MarkCheck, Mismatch, Problem};

use crate::rules::position::Position;
use crate::rules::variants;
use crate::xboard::Dialect;

/// How choices (not in the PGN) are found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ChoiceMode {
    /// Only the option drawn from the dice, as two engines play them.
    Drawn,
    /// Any option under which the rest of the game replays, the drawn
    /// one tried first (a person's choices, or the engine's own).
    Inferred,
}

#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// The engines' `DiceSeed` option.
    pub dice_seed: u64,
    pub choices: ChoiceMode,
    pub marks: MarkCheck,
    /// States the choice search may visit before it gives up.
    pub max_tries: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            dice_seed: 0,
            choices: ChoiceMode::Inferred,
            marks: MarkCheck::Written,
            max_tries: 1_000_000,
        }
    }
}

/// Why a game could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The game or its start position cannot be set up.
    Setup(String),
    Mismatch(Mismatch),
}

impl std::fmt::Display for GameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameError::Setup(e) => write!(f, "{e}"),
            GameError::Mismatch(m) => write!(f, "{m}"),
        }
    }
}

/// One game's replay.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// From 1, in the file's order.
    pub number: usize,
    /// The game's name as the PGN gives it: XBoard's, or ours in the
    /// project's form.
    pub variant: String,
    /// Moves (throws and choices not counted).
    pub plies: usize,
    pub result: PgnResult,
    pub outcome: Result<Replayed, GameError>,
}

impl GameReport {
    pub fn is_ok(&self) -> bool {
        self.outcome.is_ok()
    }

    /// One line: what was replayed and how the game ended, or the mismatch.
    pub fn line(&self) -> String {
        let head = format!("game {} ({})", self.number, self.variant);
        match &self.outcome {
            Ok(r) if r.own_form_seeded.is_some() => format!(
                "{head}: ok, {} plies, {} throws ({}), {} choices, result {} ({})",
                self.plies,
                r.throws,
                match r.own_form_seeded {
                    Some(true) => "each the one its DiceSeed throws",
                    _ => "each legal",
                },
                r.choices,
                self.result.text(),
                r.ending
            ),
            Ok(r) => format!(
                "{head}: ok, {} plies, {} throws recomputed, {} choices ({} as drawn, {} inferred otherwise), {} checks unmarked, {} marked by XBoard's picture only, {} ambiguous moves settled by XBoard's own rules, result {} ({})",
                self.plies,
                r.throws,
                r.choices,
                r.choices - r.inferred,
                r.inferred,
                r.unmarked,
                r.marked_by_xboard,
                r.settled_by_xboard,
                self.result.text(),
                r.ending
            ),
            Err(e) => format!("{head}: MISMATCH at {e}"),
        }
    }
}

/// Replays every game of a PGN text.
pub fn replay_pgn(text: &str, options: &Options) -> Result<Vec<GameReport>, PgnError> {
    let games = pgn::read_games(text)?;
    Ok(games
        .iter()
        .enumerate()
        .map(|(i, g)| replay_game(i + 1, g, options))
        .collect())
}

/// Replays one game. A game in the project's form goes to `steps.rs`
/// (`options` do not apply to it). Otherwise it is XBoard's: the game from
/// `[Variant]` (none: chess), the start from `[FEN]` in XBoard's letters
/// (none: the game's start).
pub fn replay_game(number: usize, game: &PgnGame, options: &Options) -> GameReport {
    if steps::is_ours(game) {
        return steps::replay_game(number, game);
    }
    let variant = game.tag("Variant").unwrap_or("normal").to_string();
    let result = written_result(game);
    let outcome = replay_moves(game, &variant, result, options);
    GameReport {
        number,
        variant,
        plies: game.moves.len(),
        result,
        outcome,
    }
}

fn replay_moves(
    game: &PgnGame,
    variant: &str,
    result: PgnResult,
    options: &Options,
) -> Result<Replayed, GameError> {
    let (mut pos, dialect) = start(game, variant)?;
    results_agree(game)?;
    let mut sans = Vec::with_capacity(game.moves.len());
    for (i, token) in game.moves.iter().enumerate() {
        let san = san::parse(token).map_err(|e| {
            GameError::Mismatch(Mismatch {
                ply: i + 1,
                token: Some(token.clone()),
                problem: Problem::Unreadable(e),
            })
        })?;
        sans.push(san);
    }
    let script = game::Script {
        tokens: &game.moves,
        sans: &sans,
        result,
        reason: game.reason.as_deref(),
    };
    game::replay(&mut pos, &script, &dialect, options).map_err(GameError::Mismatch)
}

/// The game's result: the movetext's, else the `Result` tag's, else `*`.
fn written_result(game: &PgnGame) -> PgnResult {
    game.result
        .or_else(|| game.tag("Result").and_then(PgnResult::from_tag))
        .unwrap_or(PgnResult::Unfinished)
}

/// The `Result` tag and the movetext's result, where both are given, agree.
fn results_agree(game: &PgnGame) -> Result<(), GameError> {
    if let (Some(tag), Some(text)) = (
        game.tag("Result").and_then(PgnResult::from_tag),
        game.result,
    ) {
        if tag != text {
            return Err(GameError::Setup(format!(
                "the Result tag says {} and the moves end {}",
                tag.text(),
                text.text()
            )));
        }
    }
    Ok(())
}

fn start(game: &PgnGame, variant: &str) -> Result<(Position, Dialect), GameError> {
    let ours = Dialect::our_name(variant);
    let v = variants::load(ours)
        .map_err(|e| GameError::Setup(format!("unknown game '{variant}': {e}")))?;
    let dialect = Dialect::new(&v);
    let pos = match game.tag("FEN") {
        Some(fen) => Position::from_fen(v, &dialect.fen_from_xboard(fen))
            .map_err(|e| GameError::Setup(format!("could not read the FEN '{fen}': {e}")))?,
        None => Position::startpos(v),
    };
    Ok((pos, dialect))
}
