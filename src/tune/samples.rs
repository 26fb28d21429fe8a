//! Positions for the tuner, taken from games the referee wrote (`menagerie
//! match --pgn`): quiet ones (no capture or promotion changes their value:
//! the quiescence search returns the evaluation), labelled with the game's
//! result.

use crate::replay::pgn::{read_games, PgnGame, PgnResult};
use crate::rules::action::Action;
use crate::rules::position::{Pending, Position};
use crate::rules::square::Color;
use crate::rules::variant::Variant;
use crate::search::Searcher;
use rayon::prelude::*;
use std::sync::Arc;

/// One position and how its game ended, for White: 1, 1/2 or 0.
#[derive(Clone)]
pub struct Sample {
    pub pos: Position,
    pub white_score: f64,
    /// The game it comes from (index over all games read).
    pub game: usize,
}

/// What reading the games found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SampleCount {
    pub games: usize,
    /// Games of another variant, unfinished, lost on time or by an
    /// infraction, or whose moves do not replay.
    pub skipped_games: usize,
    pub positions: usize,
    /// Positions kept (quiet, no pending throw, not in check).
    pub kept: usize,
}

/// Which positions of a game are read.
#[derive(Clone, Copy, Debug)]
pub struct SampleFilter {
    /// Plies skipped after the start (the opening book's and the first
    /// moves out of it).
    pub skip_plies: usize,
}

/// The quiet positions of every game of `variant` in the PGN texts.
pub fn read(
    variant: &Arc<Variant>,
    texts: &[String],
    filter: SampleFilter,
) -> Result<(Vec<Sample>, SampleCount), String> {
    let mut count = SampleCount::default();
    let mut candidates = Vec::new();
    for text in texts {
        let games = read_games(text).map_err(|e| format!("PGN: {e:?}"))?;
        for game in &games {
            let index = count.games;
            count.games += 1;
            match positions_of(variant, game, filter) {
                Some((positions, white_score)) => {
                    count.positions += positions.len();
                    candidates.extend(positions.into_iter().map(|pos| Sample {
                        pos,
                        white_score,
                        game: index,
                    }));
                }
                None => count.skipped_games += 1,
            }
        }
    }
    let kept: Vec<Sample> = candidates
        .into_par_iter()
        .map_init(
            || Searcher::new(1),
            |searcher, mut s| is_quiet(searcher, &mut s.pos).then_some(s),
        )
        .flatten()
        .collect();
    count.kept = kept.len();
    Ok((kept, count))
}

/// The game's positions after `skip_plies` where a move is due and the
/// side to move is not in check (each set up afresh, without the game's
/// history), with White's score; `None` for a game to leave out.
fn positions_of(
    variant: &Arc<Variant>,
    game: &PgnGame,
    filter: SampleFilter,
) -> Option<(Vec<Position>, f64)> {
    if game.tag("Variant") != Some(variant.name()) {
        return None;
    }
    if !matches!(game.tag("Termination"), Some("normal" | "adjudication")) {
        return None;
    }
    let white_score = match game.result? {
        PgnResult::WhiteWins => 1.0,
        PgnResult::BlackWins => 0.0,
        PgnResult::Draw => 0.5,
        PgnResult::Unfinished => return None,
    };
    let mut pos = match game.tag("FEN") {
        Some(fen) => Position::from_fen(variant.clone(), fen).ok()?,
        None => Position::startpos(variant.clone()),
    };
    let mut out = Vec::new();
    let mut plies = 0;
    for token in &game.moves {
        if let Action::Move(_) = pos.play_action_text(token).ok()? {
            plies += 1;
        }
        if plies > filter.skip_plies && pos.pending() == Pending::Nothing && !pos.in_check() {
            if let Ok(fresh) = Position::from_fen(variant.clone(), &pos.to_fen()) {
                out.push(fresh);
            }
        }
    }
    Some((out, white_score))
}

/// Whether the quiescence search leaves the evaluation as it is.
fn is_quiet(searcher: &mut Searcher, pos: &mut Position) -> bool {
    if pos.outcome().is_some() {
        return false;
    }
    searcher.evaluate(pos) == searcher.quiescence(pos)
}

/// White's share of a score for the side to move.
pub fn for_white(pos: &Position, score: i32) -> i32 {
    match pos.side_to_move() {
        Color::White => score,
        Color::Black => -score,
    }
}
