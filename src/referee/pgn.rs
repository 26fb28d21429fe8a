//! Games as PGN. The movetext holds the game's tokens as the rules core
//! reads them (`e2e4 roll:6:4 knight:4:2`), not SAN: moves in UCI form,
//! throws and choices as their own tokens, each after the move it follows.
//! A White move is numbered `N.`, a Black move that does not follow its
//! White move directly `N...`. Comments: `{opening}` after the opening's
//! last token, the reason the game ended before the result.

use super::game::{GameRecord, Termination};
use super::player::{Step, StepKind};
use crate::replay::pgn::PgnGame;
use crate::rules::square::Color;

/// Tag values quote `"` and `\`.
fn quoted(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Comments may not hold `}`.
fn comment(s: &str) -> String {
    format!("{{{}}}", s.replace('}', ")"))
}

/// The PGN of a game; `tags` are extra (name, value) pairs after the
/// standard ones.
pub fn write(g: &GameRecord, variant: &str, tags: &[(String, String)]) -> String {
    let moves = g.steps.iter().filter(|s| s.kind == StepKind::Move).count();
    let mut all: Vec<(String, String)> = vec![
        ("Event".into(), "menagerie match".into()),
        ("Site".into(), "?".into()),
        ("Date".into(), "????.??.??".into()),
        ("Round".into(), (g.index + 1).to_string()),
        ("White".into(), g.names[0].clone()),
        ("Black".into(), g.names[1].clone()),
        ("Result".into(), g.score.text().into()),
        ("Variant".into(), variant.into()),
    ];
    if let Some(f) = &g.start_fen {
        all.push(("SetUp".into(), "1".into()));
        all.push(("FEN".into(), f.clone()));
    }
    all.push(("Termination".into(), g.termination.text().into()));
    all.push(("PlyCount".into(), moves.to_string()));
    all.extend(tags.iter().cloned());
    let reason = match g.termination != Termination::Normal || !g.reason.is_empty() {
        true => Some(g.reason.as_str()),
        false => None,
    };
    let movetext = Movetext {
        steps: &g.steps,
        start_fullmove: g.start_fullmove,
        opening_len: g.opening_len,
        reason,
        result: g.score.text(),
    };
    text(&all, &movetext)
}

/// A game's steps as PGN movetext.
pub struct Movetext<'a> {
    pub steps: &'a [Step],
    pub start_fullmove: u32,
    /// The first `opening_len` steps are the opening (0: none).
    pub opening_len: usize,
    /// Why the game ended, as a comment before the result.
    pub reason: Option<&'a str>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'a str,
}

/// A game's PGN from its tags, in order, and its movetext.
pub fn text(tags: &[(String, String)], m: &Movetext) -> String {
    let mut out = String::new();
    for (k, v) in tags {
        out.push_str(&format!("[{k} \"{}\"]\n", quoted(v)));
    }
    out.push('\n');
    let mut words: Vec<String> = Vec::new();
    let mut number = m.start_fullmove;
    let mut need_number = true;
    for (i, s) in m.steps.iter().enumerate() {
        if s.kind == StepKind::Move {
            match s.actor {
                Color::White => words.push(format!("{number}.")),
                Color::Black if need_number => words.push(format!("{number}...")),
                Color::Black => {}
            }
            if s.actor == Color::Black {
                number += 1;
            }
            need_number = false;
        }
        words.push(s.token.clone());
        if i + 1 == m.opening_len {
            words.push(comment("opening"));
            need_number = true;
        }
    }
    if let Some(reason) = m.reason {
        words.push(comment(reason));
    }
    words.push(m.result.to_string());
    // Lines of at most 79 characters (a longer word stands alone).
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// Whether a game read back from a referee's file is whole: its moves end
/// in a result token, the one its `Result` tag gives. A game cut short
/// (the referee stopped while writing it) has none, or has the next
/// game's tags glued on where its moves stop.
pub fn check_whole(game: &PgnGame) -> Result<(), String> {
    let tag = game.tag("Result").unwrap_or("none");
    match game.result {
        None => Err(format!(
            "the game at line {} is cut short: its moves end without a result",
            game.line
        )),
        Some(r) if r.text() != tag => Err(format!(
            "the game at line {} ends in {} where its Result tag says {tag}",
            game.line,
            r.text()
        )),
        Some(_) => Ok(()),
    }
}

/// `first`'s half-points in one game and the game's 0-based index, or
/// `None` for a game without a result; an error for a game `first` did not
/// play or without a round.
pub fn game_points(game: &PgnGame, first: &str) -> Result<Option<(usize, u8)>, String> {
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

#[cfg(test)]
mod tests {
    use super::super::game::Score;
    use super::super::player::Step;
    use super::*;

    fn step(token: &str, kind: StepKind, actor: Color) -> Step {
        Step {
            token: token.to_string(),
            kind,
            actor,
            pips: None,
        }
    }

    #[test]
    fn written_games_read_back() {
        let g = GameRecord {
            index: 2,
            pair: 1,
            names: ["A \"x\"".to_string(), "B".to_string()],
            white_engine: 0,
            start_fen: None,
            start_side: Color::White,
            start_fullmove: 1,
            opening_len: 3,
            steps: vec![
                step("e2e4", StepKind::Move, Color::White),
                step("roll:6:4", StepKind::Throw, Color::White),
                step("knight:4:2", StepKind::Choice, Color::White),
                step("e7e5", StepKind::Move, Color::Black),
                step("roll:3:1", StepKind::Throw, Color::Black),
            ],
            score: Score::Draw,
            termination: Termination::Adjudication,
            reason: "draw by adjudication after 1 moves".to_string(),
            final_fen: String::new(),
        };
        let text = write(&g, "carnival", &[("Seed".to_string(), "7".to_string())]);
        assert!(
            text.contains("1. e2e4 roll:6:4 knight:4:2 {opening} 1... e7e5 roll:3:1"),
            "{text}"
        );
        // Read back by the one PGN reader, the replay's.
        let back = crate::replay::pgn::read_games(&(text.clone() + &text)).expect("reads");
        assert_eq!(back.len(), 2);
        assert_eq!(
            back[0].moves,
            vec!["e2e4", "roll:6:4", "knight:4:2", "e7e5", "roll:3:1"]
        );
        assert_eq!(back[0].result.map(|r| r.text()), Some("1/2-1/2"));
        assert_eq!(back[0].tag("White"), Some("A \"x\""));
        assert_eq!(back[1].tag("Seed"), Some("7"));
    }
}
