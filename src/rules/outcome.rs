//! How a game ends: the rules of every variant, read from its table.

use crate::rules::def::NoMoveOutcome;
use crate::rules::position::Position;
use crate::rules::square::Color;

/// Why a game is over.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Ending {
    Checkmate,
    Stalemate,
    /// A side has none of the variant's extinction kind left.
    Extinction,
    FiftyMoves,
    Repetition,
}

/// The result of a finished game.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    Win(Color, Ending),
    Draw(Ending),
}

impl Position {
    /// The game's result if the game is over in this position, else `None`.
    /// Draw claims (fifty moves, repetition) count as made at once.
    pub fn outcome(&self) -> Option<Outcome> {
        let v = &**self.variant();
        let us = self.side_to_move();
        let them = us.opposite();
        if let Some(k) = v.extinction {
            // Both at once (a capture of the last enemy pawn by promoting
            // one's own last pawn): neither side keeps a pawn, a draw.
            return match (self.pieces(us, k).any(), self.pieces(them, k).any()) {
                (true, true) => self.end_by_rule(),
                (false, false) => Some(Outcome::Draw(Ending::Extinction)),
                (false, true) => Some(Outcome::Win(them, Ending::Extinction)),
                (true, false) => Some(Outcome::Win(us, Ending::Extinction)),
            };
        }
        self.end_by_rule()
    }

    /// Whether a side has lost its last piece of the variant's extinction
    /// kind: the game is over, whatever the moves (cheap: no move is made).
    pub fn extinct(&self) -> bool {
        self.variant.extinction.is_some_and(|k| {
            self.pieces(self.side, k).is_empty() || self.pieces(self.side.opposite(), k).is_empty()
        })
    }

    fn end_by_rule(&self) -> Option<Outcome> {
        let v = &**self.variant();
        let us = self.side_to_move();
        if self.count_legal() == 0 {
            if self.in_check() {
                return Some(Outcome::Win(us.opposite(), Ending::Checkmate));
            }
            return Some(match v.stalemate {
                NoMoveOutcome::Draw => Outcome::Draw(Ending::Stalemate),
                NoMoveOutcome::Loss => Outcome::Win(us.opposite(), Ending::Stalemate),
                NoMoveOutcome::Win => Outcome::Win(us, Ending::Stalemate),
            });
        }
        if v.fifty_move_plies > 0 && self.halfmove_clock() >= v.fifty_move_plies {
            return Some(Outcome::Draw(Ending::FiftyMoves));
        }
        if v.repetitions > 0 && self.repetitions() >= v.repetitions {
            return Some(Outcome::Draw(Ending::Repetition));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variants;

    fn outcome(variant: &str, fen: &str) -> Option<Outcome> {
        let v = variants::load(variant).unwrap();
        Position::from_fen(v, fen).unwrap().outcome()
    }

    #[test]
    fn orthodox_endings() {
        // Fool's mate.
        assert_eq!(
            outcome(
                "chess",
                "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
            ),
            Some(Outcome::Win(Color::Black, Ending::Checkmate))
        );
        assert_eq!(
            outcome("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
            Some(Outcome::Draw(Ending::Stalemate))
        );
        assert_eq!(
            outcome("chess", "7k/8/6K1/8/8/8/8/R7 b - - 100 80"),
            Some(Outcome::Draw(Ending::FiftyMoves))
        );
        assert_eq!(outcome("chess", "7k/8/6K1/8/8/8/8/R7 b - - 99 80"), None);
    }

    #[test]
    fn threefold_repetition() {
        let v = variants::load("chess").unwrap();
        let mut p = Position::startpos(v);
        for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
            p.play_text(m).unwrap();
            assert_eq!(p.outcome(), None);
        }
        p.play_text("f6g8").unwrap();
        assert_eq!(p.outcome(), Some(Outcome::Draw(Ending::Repetition)));
    }

    #[test]
    fn pawn_eaters_extinction() {
        assert_eq!(
            outcome("pawneaters", "8/7p/8/8/8/8/8/R7 w - - 0 1"),
            Some(Outcome::Win(Color::Black, Ending::Extinction))
        );
        assert_eq!(
            outcome("pawneaters", "8/7p/8/8/8/8/8/R7 b - - 0 1"),
            Some(Outcome::Win(Color::Black, Ending::Extinction))
        );
        assert_eq!(
            outcome("pawneaters", "8/8/8/8/8/8/8/R6r w - - 0 1"),
            Some(Outcome::Draw(Ending::Extinction))
        );
        // Promoting the last pawn loses.
        let v = variants::load("pawneaters").unwrap();
        let mut p = Position::from_fen(v, "8/P6p/8/8/8/8/8/8 w - - 0 1").unwrap();
        p.play_text("a7a8r").unwrap();
        assert_eq!(
            p.outcome(),
            Some(Outcome::Win(Color::Black, Ending::Extinction))
        );
        // Pawns on both sides but no move: stalemate, a draw.
        assert_eq!(
            outcome("pawneaters", "8/8/8/8/8/p7/P7/8 w - - 0 1"),
            Some(Outcome::Draw(Ending::Stalemate))
        );
    }
}
