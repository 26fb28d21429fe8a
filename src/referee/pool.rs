//! `menagerie pool`: the games of several PGN files the referee wrote,
//! from runs of one test (the same two engines, other seeds), counted as
//! one match: W/D/L, the pentanomial of the pairs, the Elo and the SPRT's
//! log-likelihood ratio over them all. Within a file the games `Round`
//! 2k-1 and 2k are a pair, as the referee plays them.

use super::cli::parse_sprt;
use super::pgn::check_whole;
use super::runner::{elo_line, score_text};
use super::stats::Tally;
use crate::replay::pgn::{read_games, PgnGame};
use std::path::PathBuf;

type BoxError = Box<dyn std::error::Error>;

#[derive(clap::Args, Debug)]
pub struct PoolCommand {
    /// PGN files the referee wrote (`menagerie match --pgn`).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The engine whose score is counted (its name in White and Black).
    #[arg(long)]
    pub first: String,
    /// Leave out the games a peer's approximate rules ended (and their
    /// pairs), as the match's "on the board" figures do.
    #[arg(long)]
    pub board_only: bool,
    /// The test to report the LLR of: `elo0=0 elo1=10 [alpha=0.05 beta=0.05]`.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub sprt: Option<Vec<String>>,
}

/// `first`'s half-points in one game and the game's 0-based index, or
/// `None` for a game without a result; an error for a game `first` did not
/// play or without a round.
fn game_points(game: &PgnGame, first: &str) -> Result<Option<(usize, u8)>, String> {
    let round: usize = game
        .tag("Round")
        .and_then(|r| r.parse().ok())
        .filter(|&r| r >= 1)
        .ok_or_else(|| format!("the game at line {} has no round number", game.line))?;
    let white_points = match game.tag("Result") {
        Some("1-0") => 2,
        Some("0-1") => 0,
        Some("1/2-1/2") => 1,
        _ => return Ok(None),
    };
    let points = if game.tag("White") == Some(first) {
        white_points
    } else if game.tag("Black") == Some(first) {
        2 - white_points
    } else {
        return Err(format!(
            "{first} did not play the game at line {}",
            game.line
        ));
    };
    Ok(Some((round - 1, points)))
}

/// The tally of one file's games.
pub fn tally_pgn(text: &str, first: &str, board_only: bool) -> Result<Tally, String> {
    let games = read_games(text).map_err(|e| e.to_string())?;
    let mut points = Vec::new();
    for game in &games {
        check_whole(game)?;
        let by_peer_rules = game.tag("Termination") == Some("peer rules infraction");
        if board_only && by_peer_rules {
            continue;
        }
        points.extend(game_points(game, first)?);
    }
    Ok(Tally::from_games(&points))
}

/// One line per file, then the pooled figures.
pub fn report(command: &PoolCommand) -> Result<String, BoxError> {
    let sprt = parse_sprt(command.sprt.as_deref())?;
    let names = [command.first.as_str(), "the other"];
    let mut out = String::new();
    let mut total = Tally::default();
    for file in &command.files {
        let text = std::fs::read_to_string(file)
            .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        let t = tally_pgn(&text, &command.first, command.board_only)
            .map_err(|e| format!("{}: {e}", file.display()))?;
        let score = score_text(names, &t);
        out.push_str(&format!(
            "{}: {score}, pentanomial {:?}\n",
            file.display(),
            t.penta
        ));
        out.push_str(&format!("  {}", elo_line(&t)));
        total.add_tally(&t);
    }
    let score = score_text(names, &total);
    out.push_str(&format!("Pooled: {score}, pentanomial {:?}\n", total.penta));
    out.push_str(&format!("  {}", elo_line(&total)));
    if let Some(s) = sprt {
        let (lo, hi) = s.bounds();
        out.push_str(&format!(
            "  SPRT elo0={} elo1={}: LLR {:.2} (bounds {lo:.2}, {hi:.2})\n",
            s.elo0,
            s.elo1,
            s.llr(&total)
        ));
    }
    Ok(out)
}

/// `menagerie pool`.
pub fn run_cli(command: PoolCommand) -> Result<(), BoxError> {
    use std::io::Write;
    let text = report(&command)?;
    let _ = std::io::stdout().write_all(text.as_bytes());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::tally_pgn;

    fn game(round: u32, white: &str, black: &str, result: &str, termination: &str) -> String {
        format!(
            "[Round \"{round}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n\
             [Termination \"{termination}\"]\n\n1. e2e4 e7e5 {result}\n\n"
        )
    }

    #[test]
    fn games_pair_by_round_and_count_for_the_first_engine_in_either_colour() {
        let text = [
            game(1, "new", "base", "1-0", "normal"),
            game(2, "base", "new", "1-0", "normal"),
            game(3, "new", "base", "1/2-1/2", "normal"),
            game(4, "base", "new", "0-1", "normal"),
            game(5, "new", "base", "0-1", "normal"),
        ]
        .concat();
        let t = tally_pgn(&text, "new", false).unwrap();
        assert_eq!((t.wins, t.draws, t.losses), (2, 1, 2));
        // Pair 1: 1 + 0 points; pair 2: 1/2 + 1; game 5 has no partner.
        assert_eq!(t.penta, [0, 0, 1, 1, 0]);
        let base = tally_pgn(&text, "base", false).unwrap();
        assert_eq!((base.wins, base.losses), (2, 2));
        assert_eq!(base.penta, [0, 1, 1, 0, 0]);
    }

    #[test]
    fn peer_rules_endings_leave_with_their_pair_when_asked() {
        let text = [
            game(1, "new", "peer", "1-0", "peer rules infraction"),
            game(2, "peer", "new", "0-1", "normal"),
            game(3, "new", "peer", "1-0", "normal"),
            game(4, "peer", "new", "1-0", "normal"),
        ]
        .concat();
        let all = tally_pgn(&text, "new", false).unwrap();
        assert_eq!((all.wins, all.losses, all.penta), (3, 1, [0, 0, 1, 0, 1]));
        let board = tally_pgn(&text, "new", true).unwrap();
        assert_eq!(
            (board.wins, board.losses, board.penta),
            (2, 1, [0, 0, 1, 0, 0])
        );
    }

    #[test]
    fn a_game_cut_short_is_an_error_naming_its_line() {
        let one = game(1, "a", "b", "1-0", "normal");
        let cut = format!("{one}{}", &game(2, "b", "a", "1-0", "normal")[..90]);
        let err = tally_pgn(&cut, "a", false).unwrap_err();
        assert!(err.contains("line 9 is cut short"), "{err}");
        let glued = format!("{}{one}", &one[..one.len() - 6]);
        let err = tally_pgn(&glued, "a", false).unwrap_err();
        assert!(err.contains("line 1 is cut short"), "{err}");
    }

    #[test]
    fn a_game_without_the_engine_or_a_round_is_an_error() {
        let text = game(1, "a", "b", "1-0", "normal");
        assert!(tally_pgn(&text, "new", false)
            .unwrap_err()
            .contains("did not play"));
        let no_round = text.replace("[Round \"1\"]\n", "");
        assert!(tally_pgn(&no_round, "a", false)
            .unwrap_err()
            .contains("round"));
    }
}
