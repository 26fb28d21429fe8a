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
    let v = pos.variant();
    let g = v.geometry();
    let mut board = String::new();
    for rank in (0..g.height()).rev() {
        let mut empty = 0;
        for file in 0..g.width() {
            let cell = g.square(file as i32, rank as i32);
            let text = match cell {
                None => Some("*".to_string()),
                Some(sq) if walls.contains(sq) => Some("*".to_string()),
                Some(sq) => pos.piece_at(sq).map(|p| {
                    match unmoved_letter(pos, p).filter(|_| pos.unmoved().contains(sq)) {
                        Some(c) if p.color() == Color::Black => c.to_ascii_lowercase().to_string(),
                        Some(c) => c.to_string(),
                        None => v.symbol(p.color(), p.kind()),
                    }
                }),
            };
            match text {
                None => empty += 1,
                Some(t) => {
                    if empty > 0 {
                        board.push_str(&empty.to_string());
                        empty = 0;
                    }
                    board.push_str(&t);
                }
            }
        }
        if empty > 0 {
            board.push_str(&empty.to_string());
        }
        if rank > 0 {
            board.push('/');
        }
    }
    // Side to move, castling, en passant and the counters as ours.
    let ours = pos.to_fen();
    match ours.split_once(' ') {
        Some((_, rest)) => format!("{board} {rest}"),
        None => board,
    }
}
