//! The food on the board and the woken pieces, shown on XBoard's board
//! as coloured dots: XBoard 4.9.1 draws a dot on every square an engine's
//! `highlight` marks, at any time, until the person picks up a piece or
//! completes a move. Lower-case colours show without making the square a
//! legal target. At rest, counts 1-6 take six colours; a woken piece,
//! which XBoard still draws asleep (it never sees a piece wake), a dot of
//! the colour that stands out on it. While a piece is held its targets
//! take XBoard's colours (yellow, red, magenta, blue, cyan), so the food
//! changes colour: green on a target (a find there), white elsewhere.

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
            SquareNote::Promoted(c) => Some(woken_dot(c)),
        };
    }
    marks
}

/// A target with food on it: a find there.
const FOOD_TARGET: char = 'G';
/// Food on a square that is no target, while a piece is held.
const FOOD_ELSEWHERE: char = 'w';

/// Move marks (upper case) with the notes, which stay off the mover's own
/// pieces: XBoard takes a click on a marked piece of one's own for a move
/// there, not for picking that piece up instead (`backend.c`, LeftClick:
/// a second piece of one's own is picked up only where `marker` is 0).
pub(crate) fn with_notes(pos: &Position, moves: &Marks) -> Marks {
    let mover = pos.side_to_move();
    let own = |sq| pos.piece_at(sq).is_some_and(|p| p.color() == mover);
    let mut marks = moves.clone();
    for (sq, note) in pos.square_notes() {
        let cell = sq.index();
        marks[cell] = match (moves[cell], note) {
            (Some('Y' | 'R'), SquareNote::Count(_)) => Some(FOOD_TARGET),
            (Some(mark), _) => Some(mark),
            (None, _) if own(sq) => None,
            (None, SquareNote::Count(_)) => Some(FOOD_ELSEWHERE),
            (None, SquareNote::Promoted(c)) => Some(woken_dot(c)),
        };
    }
    marks
}

/// Black on a white piece, white on a black one.
fn woken_dot(c: Color) -> char {
    match c {
        Color::White => 'd',
        Color::Black => 'w',
    }
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

    #[test]
    fn a_held_piece_shows_its_targets_and_the_food_apart() {
        let v = variants::load("truffle").expect("truffle");
        // White's woken Rook on a1 may go to a2 (a truffle: a find), a3 (none)
        // or take the Sow on a4 (truffles); c1 holds truffles under a
        // woken Knight.
        let fen = "4+k3/8/8/8/s7/8/8/+R1+N1K3[] w - - 0 1 \
                   truffles=00000000/00000000/00000000/00000000/20000000/00000000/10000000/00400000 \
                   stores=0/0";
        let pos = Position::from_fen(v, fen).expect("fen");
        let a1 = pos.variant().geometry().parse_square("a1").expect("a1");
        let moves = super::super::highlight::first_leg(&pos, a1);
        let marks = with_notes(&pos, &moves);
        let fen = super::super::highlight::color_fen(&pos, &marks);
        // No count colours: green where a find may follow the move (the
        // capture on a4 too), yellow a plain target, nothing on the own
        // woken Knight on c1 (XBoard would take it for a target).
        assert_eq!(fen, "4w3/8/8/8/G7/Y7/G7/1Y6");
    }
}
