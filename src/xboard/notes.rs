//! The truffles on the board and the woken pieces, shown on XBoard's board
//! as coloured dots: XBoard 4.9.1 draws a dot on every square an engine's
//! `highlight` marks, at any time, until the person picks up a piece or
//! completes a move. Lower-case colours show without making the square a
//! legal target. Counts 1-6 take six colours; a woken piece, which XBoard
//! still draws asleep (it never sees a piece wake), a dot of the colour
//! that stands out on it.

use super::highlight::Marks;
use crate::rules::position::Position;
use crate::rules::square::{Color, Square};
use crate::rules::status::SquareNote;

/// The colour of a count, from 1 up: yellow, red, magenta, blue, cyan,
/// green.
const COUNT_COLOURS: [char; 6] = ['y', 'r', 'm', 'b', 'c', 'g'];

/// The notes as marks, one per grid cell; none on squares in `skip`.
pub(crate) fn note_marks(pos: &Position, skip: impl Fn(Square) -> bool) -> Marks {
    let mut marks: Marks = vec![None; pos.variant().geometry().cells()];
    for (sq, note) in pos.square_notes() {
        if skip(sq) {
            continue;
        }
        marks[sq.index()] = match note {
            SquareNote::Count(n) => COUNT_COLOURS.get(n as usize - 1).copied(),
            // Black on a white piece, white on a black one.
            SquareNote::Promoted(Color::White) => Some('d'),
            SquareNote::Promoted(Color::Black) => Some('w'),
        };
    }
    marks
}

/// Move marks (upper case) over the notes, which stay off the mover's own
/// pieces: XBoard takes a click on a marked piece of one's own for a move
/// there, not for picking that piece up instead.
pub(crate) fn with_notes(pos: &Position, moves: &Marks) -> Marks {
    let mover = pos.side_to_move();
    let own = |sq| pos.piece_at(sq).is_some_and(|p| p.color() == mover);
    let mut marks = note_marks(pos, own);
    for (cell, mark) in moves.iter().enumerate() {
        if mark.is_some() {
            marks[cell] = *mark;
        }
    }
    marks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variants;

    #[test]
    fn truffles_and_woken_pieces_are_dots() {
        let v = variants::load("truffle").expect("truffle");
        let fen = "4+k3/8/8/8/8/8/8/4K2+N[] w - - 0 1 \
                   truffles=00000000/00000000/00000000/00000000/00000000/00000000/00000000/30000000 \
                   stores=0/0";
        let pos = Position::from_fen(v, fen).expect("fen");
        let marks = note_marks(&pos, |_| false);
        let fen = super::super::highlight::color_fen(&pos, &marks);
        // a1 holds 3 truffles (magenta), h1 a woken White Knight (black
        // dot), e8 the woken Black King (white dot); the sleeping King none.
        assert_eq!(fen, "4w3/8/8/8/8/8/8/m6d");
    }
}
