//! The position Fairy-Stockfish is sent in a game with capture-only
//! squares (Hubbub's extra squares, `menagerie-hubbub-open` in
//! scripts/fsf/hubbub.ini). Its definition lets any piece onto those
//! squares; ours only a capture of the piece standing there, so once
//! vacated a square is gone for good. Fairy-Stockfish has no such rule,
//! but it has walls: from the last move that vacated one of them, it is
//! sent that position as a FEN, the vacated squares written as walls
//! (`*`), then the moves since. Its repetition history then starts there,
//! which happens at most once per such square.

use crate::rules::bitboard::Bitboard;
use crate::rules::piece::Piece;
use crate::rules::position::Position;
use crate::rules::square::Color;

/// The capture-only squares of `pos` that stand empty: walls for good.
pub fn vacated(pos: &Position) -> Bitboard {
    pos.variant().capture_only() & !pos.occupied()
}

/// `pos` as a FEN for Fairy-Stockfish: the cells in `walls` written `*`
/// and every piece that has never moved and has a letter of its own
/// there (`unmoved_letter`, White's) written with that letter.
pub fn fen_with_walls(
    pos: &Position,
    walls: Bitboard,
    unmoved_letter: impl Fn(&Position, Piece) -> Option<char>,
) -> String {
    pos.to_fen_with(|sq, piece| {
        if walls.contains(sq) {
            return Some("*".to_string());
        }
        let p = piece.filter(|_| pos.unmoved().contains(sq))?;
        let letter = unmoved_letter(pos, p)?;
        Some(match p.color() {
            Color::White => letter.to_string(),
            Color::Black => letter.to_ascii_lowercase().to_string(),
        })
    })
}
