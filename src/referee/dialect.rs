//! Peers' spellings of our moves. Fairy-Stockfish writes a "piece
//! promotion" (the mover turns into the one type its variant promotes it
//! to, no letter chosen) with a trailing `+`, and reads only that spelling
//! back. In our games that is:
//!
//! - Wolf Chess (its built-in `wolf`): a Pawn's promotion to the Elephant,
//!   `a9a10+` for our `a9a10e` (its other promotions carry letters as ours);
//! - Hubbub (`scripts/fsf/hubbub.ini`): the first move of a Scout or
//!   Bishop, which it models as their own unmoved piece types promoted on
//!   leaving their start squares, `e1e4+` for our `e1e4`.
//!
//! In Hubbub it also knows the unmoved Scout and Bishop as their own types
//! (`U`, `C`) and the vacated extra squares as walls, which the position
//! it is sent says (`fsf_position`).
//!
//! Which moves those are, game by game, is data beside its definitions:
//! `scripts/fsf/spellings.txt` (`fsf_spellings`). Every other move is
//! written alike. A peer's token is taken as one of our moves only when
//! exactly one legal move is written so; the referee then judges anything
//! else as it would any unknown move.

use super::fsf_position;
use super::fsf_spellings::spellings;
use super::player::GameView;
use crate::rules::action::Action;
use crate::rules::moves::{Move, MoveKind};
use crate::rules::piece::Piece;
use crate::rules::position::{Pending, Position};
use crate::rules::square::Color;

/// How an engine writes our moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Dialect {
    /// Our own UCI form (menagerie, and engines that learnt it).
    #[default]
    Ours,
    /// Fairy-Stockfish's: `+` for a piece promotion.
    Fsf,
}

/// Whether Fairy-Stockfish writes `m` (legal in `pos`) with a `+`.
fn fsf_plus(pos: &Position, m: Move) -> bool {
    if m.kind() == MoveKind::Drop {
        return false;
    }
    let Some(piece) = pos.piece_at(m.from()) else {
        return false;
    };
    let v = pos.variant();
    let mover = v.letter(Color::White, piece.kind());
    let promotion = m.promotion().map(|k| v.letter(Color::White, k));
    let unmoved = pos.unmoved().contains(m.from());
    spellings().plus.iter().any(|p| {
        p.game == v.name()
            && p.mover == mover
            && p.promotion == promotion
            && (unmoved || !p.unmoved_only)
    })
}

/// Fairy-Stockfish's letter (White's) for `piece` while it has never
/// moved, where its definition gives such a piece a type of its own.
fn fsf_unmoved_letter(pos: &Position, piece: Piece) -> Option<char> {
    let v = pos.variant();
    let mover = v.letter(Color::White, piece.kind());
    spellings()
        .plus
        .iter()
        .find(|p| p.game == v.name() && p.mover == mover)
        .and_then(|p| p.unmoved_letter)
}

/// Whether Fairy-Stockfish's definition of our game lacks `m` (legal in
/// `pos`), such as a promotion (Wolf Chess's built-in one has no Knight and
/// no Nightrider). Told such a move, it would drop it and the rest of the
/// game silently (UCI's `position` stops at the first unknown move).
fn fsf_lacks(pos: &Position, m: Move) -> bool {
    let v = pos.variant();
    let Some(promotion) = m.promotion().map(|k| v.letter(Color::White, k)) else {
        return false;
    };
    spellings()
        .lacks
        .iter()
        .any(|(game, l)| game == v.name() && *l == promotion)
}

impl Dialect {
    /// Whether an engine of this dialect can be told `m` (legal in `pos`).
    pub fn knows(self, pos: &Position, m: Move) -> bool {
        match self {
            Dialect::Ours => true,
            Dialect::Fsf => !fsf_lacks(pos, m),
        }
    }

    /// The engine's spelling of a legal move.
    pub fn move_text(self, pos: &Position, m: Move) -> String {
        let ours = pos.move_text(m);
        match self {
            Dialect::Fsf if fsf_plus(pos, m) => {
                let g = pos.variant().geometry();
                format!("{}{}+", g.name(m.from()), g.name(m.to()))
            }
            _ => ours,
        }
    }

    /// Our text of the one legal move the engine writes `token`, if exactly
    /// one fits; otherwise `token` itself, for the referee to judge.
    pub fn to_ours(self, pos: &Position, token: &str) -> String {
        if self == Dialect::Ours || pos.pending() != Pending::Nothing {
            return token.to_string();
        }
        let moves = pos.legal_moves();
        let mut fits = moves
            .iter()
            .copied()
            .filter(|&m| self.move_text(pos, m) == token);
        match (fits.next(), fits.next()) {
            (Some(m), None) => pos.move_text(m),
            _ => token.to_string(),
        }
    }

    /// What the engine is sent before `go`: the start (a FEN, or `None`
    /// for the start position) and the game's tokens since in its
    /// spelling, replayed from the start (the referee checked every token,
    /// so the replay cannot fail; if it did, the rest would go as they
    /// are). Fairy-Stockfish starts again from a FEN with walls after each
    /// move that vacated a capture-only square (`fsf_position`).
    pub fn position_request(self, game: &GameView) -> (Option<String>, Vec<String>) {
        let start_fen = game.start_fen.map(str::to_string);
        let ours = || game.steps.iter().map(|s| s.token.clone()).collect();
        if self == Dialect::Ours {
            return (start_fen, ours());
        }
        let variant = game.position.variant().clone();
        let replay = match game.start_fen {
            Some(f) => Position::from_fen(variant, f).ok(),
            None => Some(Position::startpos(variant)),
        };
        let Some(mut pos) = replay else {
            return (start_fen, ours());
        };
        // In a game with capture-only squares, a start FEN is written in
        // its letters too (its unmoved Scouts and Bishops).
        let mut walls = fsf_position::vacated(&pos);
        let closes = pos.variant().capture_only().any();
        let fen =
            |pos: &Position, walls| fsf_position::fen_with_walls(pos, walls, fsf_unmoved_letter);
        let mut start = match closes && (walls.any() || start_fen.is_some()) {
            true => Some(fen(&pos, walls)),
            false => start_fen,
        };
        let mut out = Vec::with_capacity(game.steps.len());
        let mut replayed = 0;
        for step in game.steps {
            let Ok(action) = pos.parse_action(&step.token) else {
                break;
            };
            let text = match action {
                Action::Move(m) => self.move_text(&pos, m),
                _ => step.token.clone(),
            };
            if pos.apply(action).is_err() {
                break;
            }
            replayed += 1;
            out.push(text);
            let now = fsf_position::vacated(&pos);
            if now != walls {
                walls = now;
                start = Some(fen(&pos, walls));
                out.clear();
            }
        }
        // Whatever did not replay goes as it is.
        out.extend(game.steps[replayed..].iter().map(|s| s.token.clone()));
        (start, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::player::{Step, StepKind};
    use crate::rules::variants;

    fn position(game: &str, fen: Option<&str>) -> Position {
        let v = variants::load(game).expect("a built-in game");
        match fen {
            Some(f) => Position::from_fen(v, f).expect("a good FEN"),
            None => Position::startpos(v),
        }
    }

    fn legal(pos: &Position, text: &str) -> Move {
        pos.parse_move(text).expect("a legal move")
    }

    /// Plays `tokens` on `pos`: the game's steps.
    fn play(pos: &mut Position, tokens: &[&str]) -> Vec<Step> {
        tokens
            .iter()
            .map(|t| {
                let actor = pos.side_to_move();
                pos.play_action_text(t).expect("legal");
                Step {
                    token: t.to_string(),
                    kind: StepKind::Move,
                    actor,
                    pips: None,
                }
            })
            .collect()
    }

    #[test]
    fn wolf_pawn_to_elephant_is_a_plus() {
        let pos = position("wolf", Some("4r2k/PP6/8/8/8/8/8/8/8/K7 w - - 0 1"));
        let fsf = Dialect::Fsf;
        assert_eq!(fsf.move_text(&pos, legal(&pos, "a9a10e")), "a9a10+");
        assert_eq!(fsf.move_text(&pos, legal(&pos, "a9a10q")), "a9a10q");
        assert_eq!(fsf.to_ours(&pos, "a9a10+"), "a9a10e");
        assert_eq!(fsf.to_ours(&pos, "b9e10+"), "b9e10+", "not a pawn's move");
        assert_eq!(fsf.to_ours(&pos, "a9a10w"), "a9a10w");
        // Our own spelling from an engine that writes ours stays as it is.
        assert_eq!(Dialect::Ours.to_ours(&pos, "a9a10+"), "a9a10+");
    }

    #[test]
    fn moves_fsf_lacks_are_known() {
        let pos = position("wolf", Some("4r2k/PP6/8/8/8/8/8/8/8/K7 w - - 0 1"));
        for (text, known) in [("a9a10h", false), ("a9a10n", false), ("a9a10e", true)] {
            assert_eq!(Dialect::Fsf.knows(&pos, legal(&pos, text)), known, "{text}");
            assert!(Dialect::Ours.knows(&pos, legal(&pos, text)));
        }
        // A Hubbub bishop takes the unmoved scout on f1 (an extra square):
        // the open definition has that capture too.
        let fen = "1***2***1/*4k2r*/*3gp3*/*1p2p1pb*/*rP1s1s2*/*pG3Pp1*/*1bR3P1*/*8*/*6KR*/B***SS***B b k - 1 36";
        let pos = position("hubbub", Some(fen));
        assert!(Dialect::Fsf.knows(&pos, legal(&pos, "c4f1")));
        assert!(Dialect::Fsf.knows(&pos, legal(&pos, "c4d3")));
    }

    #[test]
    fn wolf_sergeant_promotes_with_letters_only() {
        // A Sergeant becomes no Elephant in either rule set: no '+' fits.
        let pos = position("wolf", Some("7k/S7/8/8/8/8/8/8/8/K7 w - - 0 1"));
        assert_eq!(Dialect::Fsf.to_ours(&pos, "a9a10+"), "a9a10+");
        assert_eq!(Dialect::Fsf.to_ours(&pos, "a9a10q"), "a9a10q");
    }

    #[test]
    fn hubbub_first_scout_and_bishop_moves_are_plus() {
        let pos = position("hubbub", None);
        let fsf = Dialect::Fsf;
        assert_eq!(fsf.move_text(&pos, legal(&pos, "e1e4")), "e1e4+");
        assert_eq!(fsf.move_text(&pos, legal(&pos, "a1b4")), "a1b4+");
        assert_eq!(fsf.move_text(&pos, legal(&pos, "e3e4")), "e3e4");
        assert_eq!(fsf.to_ours(&pos, "e1e4+"), "e1e4");
        assert_eq!(fsf.to_ours(&pos, "j1i4+"), "j1i4");
        assert_eq!(fsf.to_ours(&pos, "e3e4"), "e3e4");
        assert_eq!(fsf.to_ours(&pos, "e3e4+"), "e3e4+", "a pawn's step");
    }

    #[test]
    fn fsf_starts_again_after_each_vacated_extra_square() {
        let mut pos = position("hubbub", None);
        let tokens = ["e1e4", "e10e7", "e4e5", "e7e6"];
        let steps = play(&mut pos, &tokens);
        let view = GameView {
            variant: "hubbub",
            start_fen: None,
            steps: &steps,
            position: &pos,
        };
        // Each first move vacates an extra square: Fairy-Stockfish starts
        // again from there, the square a wall, the unmoved pieces its own
        // types (U, C), the moved Scouts ours.
        let (fen, moves) = Dialect::Fsf.position_request(&view);
        assert_eq!(
            fen.as_deref(),
            Some("c****u***c/*rnlgklnr*/*pppppppp*/*3s4*/*8*/*8*/*3S4*/*PPPPPPPP*/*RNLGKLNR*/C****U***C w KQkq - 2 2")
        );
        // The position after the second move, the moves after it.
        assert_eq!(moves, vec!["e4e5", "e7e6"]);
        assert_eq!(
            Dialect::Ours.position_request(&view),
            (None, tokens.iter().map(|t| t.to_string()).collect())
        );
    }

    #[test]
    fn fsf_tokens_follow_the_pieces_history_from_the_start_fen() {
        let start = "4r2k/PP6/8/8/8/8/8/8/8/K7 w - - 0 1";
        let mut pos = position("wolf", Some(start));
        let tokens = ["a9a10e", "h10h9", "b9b10q"];
        let steps = play(&mut pos, &tokens);
        let view = GameView {
            variant: "wolf",
            start_fen: Some(start),
            steps: &steps,
            position: &pos,
        };
        // No capture-only squares: the start FEN as it is, every move.
        assert_eq!(
            Dialect::Fsf.position_request(&view),
            (
                Some(start.to_string()),
                vec!["a9a10+".to_string(), "h10h9".into(), "b9b10q".into()]
            )
        );
    }

    #[test]
    fn fsf_moves_after_the_last_wall_follow_the_pieces_history() {
        let mut pos = position("hubbub", None);
        let tokens = ["e1e4", "e8e7", "f1f4"];
        let steps = play(&mut pos, &tokens);
        let view = GameView {
            variant: "hubbub",
            start_fen: None,
            steps: &steps[..2],
            position: &pos,
        };
        let (fen, moves) = Dialect::Fsf.position_request(&view);
        assert!(
            fen.as_deref()
                .is_some_and(|f| f.ends_with("C****U***C b KQkq - 1 1")),
            "{fen:?}"
        );
        assert_eq!(moves, vec!["e8e7"]);
        // Before any square is vacated: the start position.
        let view = GameView {
            steps: &steps[..0],
            ..view
        };
        assert_eq!(Dialect::Fsf.position_request(&view), (None, vec![]));
        // A start FEN goes in Fairy-Stockfish's letters.
        let start = position("hubbub", None).to_fen();
        let from_fen = GameView {
            start_fen: Some(&start),
            ..view
        };
        assert_eq!(
            Dialect::Fsf.position_request(&from_fen).0.as_deref(),
            Some("c***uu***c/*rnlgklnr*/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/*RNLGKLNR*/C***UU***C w KQkq - 0 1")
        );
    }
}
