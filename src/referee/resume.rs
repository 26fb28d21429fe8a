//! `menagerie match --resume`: a match cut short (a stopped run, a machine
//! that went down) goes on from its PGN file. A game is a function of the
//! seed and its index (opening, dice, colours), so the games already in the
//! file are counted as they are and the match plays the others. Only whole
//! pairs are kept: a lone last game is cut from the file and played again,
//! and so is a last game cut short while it was written.

use super::game::Termination;
use super::pgn::check_whole;
use crate::replay::pgn::{read_games, PgnGame, PgnResult};

/// What the tally and the report need of a finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// 0-based game number in the match.
    pub index: usize,
    /// Half-points of the match's first engine.
    pub first_points: u8,
    pub termination: Termination,
    pub reason: String,
}

/// The match a PGN file must belong to.
pub struct Expected<'a> {
    /// The engines' names, the match's first engine first.
    pub names: [&'a str; 2],
    pub seed: u64,
    pub variant: &'a str,
    /// The games the run plays, in order (all, or a shard's).
    pub schedule: &'a [usize],
    /// The shard, as its games' `Shard` tag gives it.
    pub shard: Option<String>,
}

/// The earlier games to keep, and how much of the file they fill.
#[derive(Debug, Default)]
pub struct Earlier {
    pub outcomes: Vec<Outcome>,
    /// The file's bytes before the first game not kept.
    pub kept_bytes: usize,
    /// The line of a last game cut short, dropped.
    pub cut_line: Option<usize>,
}

/// Reads the games of an interrupted match from `text` (a PGN file the
/// referee wrote): an error if the file is of another match, or its games
/// are not the match's first ones in order.
pub fn read_earlier(text: &str, expected: &Expected) -> Result<Earlier, String> {
    let (whole, cut_line) = without_cut_tail(text)?;
    let games = read_games(whole).map_err(|e| format!("cannot resume: {e}"))?;
    let mut outcomes = Vec::with_capacity(games.len());
    for (n, game) in games.iter().enumerate() {
        let index = *expected.schedule.get(n).ok_or_else(|| {
            format!(
                "cannot resume: the game at line {} is more than the match's {}",
                game.line,
                expected.schedule.len()
            )
        })?;
        let outcome = outcome_of(game, index, expected)
            .map_err(|e| format!("cannot resume from the game at line {}: {e}", game.line))?;
        outcomes.push(outcome);
    }
    let kept = outcomes.len() / 2 * 2;
    outcomes.truncate(kept);
    let kept_bytes = match games.get(kept) {
        Some(lone) => offset_of_line(text, lone.line),
        None => whole.len(),
    };
    Ok(Earlier {
        outcomes,
        kept_bytes,
        cut_line,
    })
}

/// The games the referee wrote whole, and the line of a last game cut
/// short (left out). Only the last game can be cut: the referee writes
/// one game at a time, each ending in its result and a blank line. Any
/// other flaw is an error naming its line.
fn without_cut_tail(text: &str) -> Result<(&str, Option<usize>), String> {
    if all_whole(text).is_ok() && (text.is_empty() || text.ends_with('\n')) {
        return Ok((text, None));
    }
    let last_start = match text.rfind("\n[Event ") {
        Some(at) => at + 1,
        None if text.starts_with("[Event ") => 0,
        None => return Err(all_whole(text).err().unwrap_or_else(|| not_ended(text))),
    };
    let whole = &text[..last_start];
    all_whole(whole)?;
    Ok((whole, Some(whole.matches('\n').count() + 1)))
}

/// An error unless every game of `text` reads and is whole.
fn all_whole(text: &str) -> Result<(), String> {
    let games = read_games(text).map_err(|e| format!("cannot resume: {e}"))?;
    games
        .iter()
        .try_for_each(check_whole)
        .map_err(|e| format!("cannot resume: {e}"))
}

fn not_ended(text: &str) -> String {
    let line = text.matches('\n').count() + 1;
    format!("cannot resume: the file stops in line {line}, not at the end of a game")
}

/// The game at `index`, checked against the match.
fn outcome_of(game: &PgnGame, index: usize, expected: &Expected) -> Result<Outcome, String> {
    let round = game.tag("Round").unwrap_or("none");
    if round != (index + 1).to_string() {
        return Err(format!("round {round} where {} was due", index + 1));
    }
    let seed = game.tag("Seed").unwrap_or("none");
    if seed != expected.seed.to_string() {
        return Err(format!("seed {seed}, not {}", expected.seed));
    }
    if game.tag("Shard") != expected.shard.as_deref() {
        let shard = |s: Option<&str>| s.map_or("no shard".to_string(), |s| format!("shard {s}"));
        return Err(format!(
            "{}, not {}",
            shard(game.tag("Shard")),
            shard(expected.shard.as_deref())
        ));
    }
    let variant = game.tag("Variant").unwrap_or("none");
    if variant != expected.variant {
        return Err(format!("variant {variant}, not {}", expected.variant));
    }
    // The first engine plays White in even games (as the runner pairs them).
    let first_is_white = index.is_multiple_of(2);
    let (white, black) = if first_is_white {
        (expected.names[0], expected.names[1])
    } else {
        (expected.names[1], expected.names[0])
    };
    if game.tag("White") != Some(white) || game.tag("Black") != Some(black) {
        return Err(format!(
            "{} - {}, where {white} - {black} were due",
            game.tag("White").unwrap_or("?"),
            game.tag("Black").unwrap_or("?")
        ));
    }
    let white_points = match game.tag("Result").and_then(PgnResult::from_tag) {
        Some(PgnResult::WhiteWins) => 2,
        Some(PgnResult::Draw) => 1,
        Some(PgnResult::BlackWins) => 0,
        _ => return Err("no result".to_string()),
    };
    let termination = game
        .tag("Termination")
        .and_then(Termination::from_text)
        .ok_or("no termination the referee writes")?;
    Ok(Outcome {
        index,
        first_points: if first_is_white {
            white_points
        } else {
            2 - white_points
        },
        termination,
        reason: game.reason.clone().unwrap_or_default(),
    })
}

/// The byte offset at which line `line` (from 1) of `text` starts.
pub(super) fn offset_of_line(text: &str, line: usize) -> usize {
    if line <= 1 {
        return 0;
    }
    text.match_indices('\n')
        .nth(line - 2)
        .map_or(text.len(), |(at, _)| at + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXPECTED: Expected = Expected {
        names: ["new", "old"],
        seed: 31,
        variant: "chess",
        schedule: &[0, 1, 2, 3, 4, 5],
        shard: None,
    };

    fn game(round: usize, white: &str, black: &str, result: &str, termination: &str) -> String {
        format!(
            "[Event \"menagerie match\"]\n[Round \"{round}\"]\n[White \"{white}\"]\n\
             [Black \"{black}\"]\n[Result \"{result}\"]\n[Variant \"chess\"]\n\
             [Termination \"{termination}\"]\n[Seed \"31\"]\n\n1. e2e4 e7e5 {{why {round}}} {result}\n\n"
        )
    }

    #[test]
    fn whole_pairs_are_kept_and_a_lone_last_game_is_cut() {
        let two = [
            game(1, "new", "old", "1-0", "normal"),
            game(2, "old", "new", "1-0", "time forfeit"),
        ]
        .concat();
        let text = format!("{two}{}", game(3, "new", "old", "0-1", "normal"));
        let earlier = read_earlier(&text, &EXPECTED).unwrap();
        assert_eq!(earlier.kept_bytes, two.len());
        assert_eq!(
            earlier.outcomes,
            vec![
                Outcome {
                    index: 0,
                    first_points: 2,
                    termination: Termination::Normal,
                    reason: "why 1".to_string()
                },
                Outcome {
                    index: 1,
                    first_points: 0,
                    termination: Termination::TimeForfeit,
                    reason: "why 2".to_string()
                },
            ]
        );
        let whole = read_earlier(&two, &EXPECTED).unwrap();
        assert_eq!((whole.outcomes.len(), whole.kept_bytes), (2, two.len()));
        let empty = read_earlier("", &EXPECTED).unwrap();
        assert_eq!((empty.outcomes.len(), empty.kept_bytes), (0, 0));
    }

    #[test]
    fn a_file_of_another_match_is_refused_with_the_reason() {
        let cases = [
            (game(2, "new", "old", "1-0", "normal"), "round 2 where 1"),
            (game(1, "old", "new", "1-0", "normal"), "new - old were due"),
            (game(1, "new", "old", "*", "normal"), "no result"),
            (game(1, "new", "old", "1-0", "resigned"), "termination"),
            (
                game(1, "new", "old", "1-0", "normal").replace("\"31\"", "\"7\""),
                "seed 7, not 31",
            ),
            (
                game(1, "new", "old", "1-0", "normal").replace("\"chess\"", "\"wolf\""),
                "variant wolf",
            ),
        ];
        for (text, why) in cases {
            let err = read_earlier(&text, &EXPECTED).unwrap_err();
            assert!(err.contains(why), "{err}");
            assert!(err.contains("line 1"), "{err}");
        }
        let broken = "[Round \"1\"]\n\n1. e2e4 {no end";
        assert!(read_earlier(broken, &EXPECTED)
            .unwrap_err()
            .starts_with("cannot resume"));
    }

    #[test]
    fn a_last_game_cut_short_is_dropped_and_anything_else_refused() {
        let pair = [
            game(1, "new", "old", "1-0", "normal"),
            game(2, "old", "new", "1-0", "normal"),
        ]
        .concat();
        let third = game(3, "new", "old", "0-1", "normal");
        // Cut in its moves, in its comment, in its tags, before its blank line.
        let in_moves = third.find("e7e5").unwrap() + 2;
        let in_comment = third.find("why").unwrap();
        for cut in [in_moves, in_comment, 30, third.len() - 2] {
            let text = format!("{pair}{}", &third[..cut]);
            let earlier = read_earlier(&text, &EXPECTED).unwrap();
            assert_eq!(earlier.outcomes.len(), 2, "cut at {cut}");
            assert_eq!(earlier.kept_bytes, pair.len());
            assert_eq!(earlier.cut_line, Some(pair.lines().count() + 1));
        }
        // The second game of a pair cut: its pair goes with it.
        let first = game(1, "new", "old", "1-0", "normal");
        let cut = format!("{first}{}", &game(2, "old", "new", "1-0", "normal")[..120]);
        let earlier = read_earlier(&cut, &EXPECTED).unwrap();
        assert_eq!((earlier.outcomes.len(), earlier.kept_bytes), (0, 0));
        // A cut game with the next one glued on (what an old resume wrote).
        let glued = format!("{}{pair}", &third[..in_moves]);
        let err = read_earlier(&glued, &EXPECTED).unwrap_err();
        assert!(err.contains("line 1 is cut short"), "{err}");
    }

    #[test]
    fn line_offsets() {
        assert_eq!(offset_of_line("a\nbc\nd", 1), 0);
        assert_eq!(offset_of_line("a\nbc\nd", 2), 2);
        assert_eq!(offset_of_line("a\nbc\nd", 3), 5);
        assert_eq!(offset_of_line("a\nbc\nd", 9), 6);
    }
}
