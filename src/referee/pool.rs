//! `menagerie pool`: the games of several PGN files the referee wrote,
//! from runs of one test (the same two engines, other seeds), counted as
//! one match: W/D/L, the pentanomial of the pairs, the Elo and the SPRT's
//! log-likelihood ratio over them all. Within a file the games `Round`
//! 2k-1 and 2k are a pair, as the referee plays them. The files of one
//! match's shards (`match --shard K/N`) are merged into that match instead:
//! its figures, its sequential test walked in its order, and with `--pgn`
//! its games in one file as the single run writes them.

use super::cli::parse_sprt;
use super::pgn::{check_whole, game_points};
use super::resume::Outcome;
use super::runner::{board_tally, elo_line, figures, score_text, Summary};
use super::shard_merge::{is_shard_file, merge, outcome, Merged, MALFORMED};
use super::stats::{Decision, Sprt, Tally};
use crate::file_input::read_text;
use crate::replay::pgn::read_games;
use std::path::PathBuf;

/// The largest PGN file read (a million games of a few kilobytes).
pub const MAX_PGN_BYTES: usize = 4 << 30;

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
    /// Shards only: write the merged games here, in the match's order.
    #[arg(long)]
    pub pgn: Option<PathBuf>,
}

/// The tally of one file's games.
pub fn tally_pgn(text: &str, first: &str, board_only: bool) -> Result<Tally, String> {
    let games = read_games(text).map_err(|e| format!("{e} ({MALFORMED})"))?;
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
    let mut files = Vec::with_capacity(command.files.len());
    for file in &command.files {
        let text = read_text(&file.to_string_lossy(), MAX_PGN_BYTES)
            .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        files.push((file.display().to_string(), text));
    }
    let shards = files.iter().filter(|(_, t)| is_shard_file(t)).count();
    if shards > 0 {
        if shards < files.len() {
            return Err("give either a match's shards or whole runs, not both".into());
        }
        return shard_report(command, &files, sprt.as_ref());
    }
    if command.pgn.is_some() {
        return Err("--pgn merges a match's shards: these files are whole runs".into());
    }
    let names = [command.first.as_str(), "the other"];
    let mut out = String::new();
    let mut total = Tally::default();
    for (file, text) in &files {
        let t = tally_pgn(text, &command.first, command.board_only)
            .map_err(|e| format!("{file}: {e}"))?;
        let score = score_text(names, &t);
        out.push_str(&format!("{file}: {score}, pentanomial {:?}\n", t.penta));
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

/// The shards merged: how many, then the match's figures as the
/// single run reports them.
fn shard_report(
    command: &PoolCommand,
    files: &[(String, String)],
    sprt: Option<&Sprt>,
) -> Result<String, BoxError> {
    let merged = merge(files)?;
    let first = command.first.as_str();
    let other = other_engine(&merged, first)?;
    let mut outcomes = Vec::with_capacity(merged.games.len());
    for g in &merged.games {
        outcomes.push(outcome(&g.game, first)?);
    }
    let (tally, decided) = in_match_order(&outcomes, sprt);
    let summary = Summary {
        llr: sprt.map(|s| s.llr(&tally)),
        board: board_tally(&outcomes),
        decision: decided.map(|(d, _)| d),
        tally,
        outcomes,
    };
    let mut out = format!(
        "Pooled {} shards: {} games of a {}-game match\n",
        merged.count,
        merged.games.len(),
        merged.total
    );
    out.push_str(&figures([first, &other], &summary, sprt));
    if let Some((_, game)) = decided {
        out.push_str(&format!(
            "  (the test decided after game {game}: a single run would have stopped there)\n"
        ));
    }
    if let Some(path) = &command.pgn {
        let text: String = merged
            .games
            .iter()
            .map(|g| without_shard_tags(&g.text))
            .collect();
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(out)
}

/// The other engine's name, from the first game.
fn other_engine(merged: &Merged, first: &str) -> Result<String, String> {
    let g = &merged.games[0].game;
    match (g.tag("White"), g.tag("Black")) {
        (Some(w), Some(b)) if w == first => Ok(b.to_string()),
        (Some(w), Some(b)) if b == first => Ok(w.to_string()),
        _ => Err(format!("{first} did not play the game at line {}", g.line)),
    }
}

/// The tally of the games in the match's order, and where the sequential
/// test decided (after which game, from 1), as a single run counts them.
fn in_match_order(outcomes: &[Outcome], sprt: Option<&Sprt>) -> (Tally, Option<(Decision, usize)>) {
    let mut tally = Tally::default();
    let mut decided = None;
    for (n, o) in outcomes.iter().enumerate() {
        tally.add_game(o.first_points);
        if o.index % 2 == 1 && n > 0 && outcomes[n - 1].index + 1 == o.index {
            tally.add_pair(outcomes[n - 1].first_points + o.first_points);
            if let (Some(s), None) = (sprt, decided) {
                decided = s.decision(&tally).map(|d| (d, o.index + 1));
            }
        }
    }
    (tally, decided)
}

/// A game's text as the single run writes it: without the shard's tags.
fn without_shard_tags(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("[Shard \"") && !l.starts_with("[Games \""))
        .map(|l| format!("{l}\n"))
        .collect()
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
