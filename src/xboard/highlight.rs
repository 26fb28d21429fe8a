//! What XBoard marks when a person picks up a piece (`lift`), so that every
//! legal move can be entered with the mouse, with the rules XBoard's own
//! Betza cannot follow (XBoard 4.9.1's `MarkByFEN`):
//!
//! - a final square reached by one legal move only is marked as a target
//!   (`Y` quiet, `R` capture, `M` promotion: XBoard asks for the piece):
//!   XBoard sends the move as `from to`, a two-leg one over an empty
//!   middle square included (the straight two-step), and the session finds
//!   the one legal move that joins the two squares;
//! - where two paths lead to one square (Carnival's d2xc3xd4 and d2xe3xd4),
//!   or the first leg captures (XBoard removes the victim only when it
//!   knows the middle square), the final square is reached through the
//!   middle one, marked `C`: dropping there, XBoard asks again (`lift` of
//!   the middle square) and the continuation marks the second legs'
//!   targets, and the middle square itself again when the move may stop
//!   there.

use crate::rules::moves::{Move, MoveKind};
use crate::rules::piece::Kind;
use crate::rules::position::Position;
use crate::rules::square::{Color, Square};

/// One mark per grid cell (`None`: unmarked, so not a legal target).
pub(crate) type Marks = Vec<Option<char>>;

/// The marks for a piece picked up on `from`.
pub(crate) fn first_leg(pos: &Position, from: Square) -> Marks {
    let moves = moves_from(pos, from);
    let forced = promotion_letters(pos, &moves).len() == 1;
    let mut marks: Marks = vec![None; pos.variant().geometry().cells()];
    for m in &moves {
        let to = m.to();
        let paths_differ = moves
            .iter()
            .any(|o| o.to() == to && via(pos, o) != via(pos, m));
        let mid = via(pos, m).filter(|_| paths_differ || takes_on_the_way(pos, m));
        if let Some(mid) = mid {
            // The person says which path: by the middle square.
            marks[mid.index()] = Some('C');
        } else if marks[to.index()] != Some('C') {
            marks[to.index()] = Some(target_mark(pos, m));
        }
    }
    if forced {
        force_lone_promotions(pos, &moves, &mut marks);
    }
    marks
}

/// A square reached only by promotions to the one piece this piece may
/// become (Oyster Hunt's Walrus on the last rank) is marked `B`: XBoard
/// then plays that piece (our `choice`) without asking. Marked `M`, XBoard
/// 4.9.1 starts its promotion sweep at its Queen, and when the Queen has a
/// promoted form (`+Q`, a woken Queen) that sweep cycles between the
/// pieces with such forms and never reaches ours: XBoard hangs.
fn force_lone_promotions(pos: &Position, moves: &[Move], marks: &mut Marks) {
    for m in moves {
        let to = m.to();
        let stays_possible = moves
            .iter()
            .any(|o| o.to() == to && target_mark(pos, o) != 'M');
        if marks[to.index()] == Some('M') && !stays_possible {
            marks[to.index()] = Some('B');
        }
    }
}

/// The marks after the piece from `from` was dropped on the middle square
/// `mid` of a two-leg move.
pub(crate) fn second_leg(pos: &Position, from: Square, mid: Square) -> Marks {
    let moves = moves_from(pos, from);
    let mut marks: Marks = vec![None; pos.variant().geometry().cells()];
    for m in moves.iter().filter(|m| via(pos, m) == Some(mid)) {
        marks[m.to().index()] = Some(target_mark(pos, m));
    }
    // Dropping on the middle square again ends the move there: XBoard then
    // sends the one-leg move, when there is one.
    if moves.iter().any(|m| via(pos, m).is_none() && m.to() == mid) {
        marks[mid.index()] = Some('C');
    }
    marks
}

/// The squares a piece of `kind` in the mover's hand may be dropped on.
pub(crate) fn drops(pos: &Position, kind: Kind) -> Marks {
    let mut marks: Marks = vec![None; pos.variant().geometry().cells()];
    for m in pos.legal_moves().iter() {
        if m.kind() == MoveKind::Drop && m.drop_kind() == kind {
            marks[m.to().index()] = Some('Y');
        }
    }
    marks
}

/// The letters of the pieces the piece on `from` may promote to, in the
/// order the rules list them (lower case, as in move texts).
pub(crate) fn promotion_choice(pos: &Position, from: Square) -> Vec<char> {
    promotion_letters(pos, &moves_from(pos, from))
}

/// The letters of the pieces these moves may promote to, in order.
fn promotion_letters(pos: &Position, moves: &[Move]) -> Vec<char> {
    let v = pos.variant();
    let mut letters = Vec::new();
    for &m in moves {
        // A promotion that waits for the throw: XBoard asks with the move.
        let later = pos.promotions_after_throw(m);
        for kind in m.promotion().into_iter().chain(later.iter().copied()) {
            let letter = v.letter(Color::Black, kind);
            if !letters.contains(&letter) {
                letters.push(letter);
            }
        }
    }
    letters
}

/// Whether `first_leg` marks `sq` as the middle of two-leg moves.
pub(crate) fn is_middle(marks: &Marks, sq: Square) -> bool {
    marks.get(sq.index()) == Some(&Some('C'))
}

fn moves_from(pos: &Position, from: Square) -> Vec<Move> {
    pos.legal_moves()
        .iter()
        .copied()
        .filter(|m| m.kind() != MoveKind::Drop && m.from() == from)
        .collect()
}

/// Whether the first leg of a two-leg move captures: XBoard knows of that
/// capture only from a move entered (or sent) leg by leg, never from its
/// two ends, and would leave the victim on the board.
pub(crate) fn takes_on_the_way(pos: &Position, m: &Move) -> bool {
    via(pos, m).is_some_and(|mid| pos.piece_at(mid).is_some())
}

/// The square between the legs of a move written in two legs: a two-leg
/// move, or an en passant capture written through its victim's square
/// (the Pawn Eater's, whose quiet move reaches the same square).
fn via(pos: &Position, m: &Move) -> Option<Square> {
    match m.kind() {
        MoveKind::TwoLeg => Some(m.extra()),
        MoveKind::EnPassant if pos.en_passant_in_two_legs(*m) => Some(m.extra()),
        _ => None,
    }
}

fn target_mark(pos: &Position, m: &Move) -> char {
    if m.promotion().is_some() || !pos.promotions_after_throw(*m).is_empty() {
        'M'
    } else if pos.piece_at(m.to()).is_some() || m.kind() == MoveKind::EnPassant {
        'R'
    } else {
        'Y'
    }
}

/// The marks as XBoard's colour FEN, highest rank first.
pub(crate) fn color_fen(pos: &Position, marks: &Marks) -> String {
    let g = &pos.variant().geometry();
    let mut rows = Vec::new();
    for rank in (0..g.height() as i32).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..g.width() as i32 {
            match g.square(file, rank).and_then(|sq| marks[sq.index()]) {
                Some(c) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variants;

    fn position(fen: &str) -> Position {
        let v = variants::load("carnival").expect("carnival");
        Position::from_fen(v, fen).expect("fen")
    }

    fn marked(pos: &Position, marks: &Marks) -> Vec<String> {
        let g = &pos.variant().geometry();
        let mut out: Vec<String> = g
            .squares()
            .into_iter()
            .filter_map(|sq| Some(format!("{}{}", g.name(sq), marks[sq.index()]?)))
            .collect();
        out.sort();
        out
    }

    fn sq(pos: &Position, name: &str) -> Square {
        pos.variant().geometry().parse_square(name).expect("square")
    }

    #[test]
    fn a_pawn_two_step_is_marked_as_its_end() {
        let pos = Position::startpos(variants::load("carnival").expect("carnival"));
        let marks = first_leg(&pos, sq(&pos, "e2"));
        assert_eq!(marked(&pos, &marks), ["e3Y", "e4Y"]);
    }

    #[test]
    fn two_paths_to_one_square_go_through_their_middles() {
        // d2xc3xd4 and d2xe3xd4: d4 is reached two ways.
        let pos = position("4k3/8/8/8/3n4/2n1n3/3P4/4K3 w - - 0 1");
        let from = sq(&pos, "d2");
        let marks = first_leg(&pos, from);
        assert_eq!(marked(&pos, &marks), ["c3C", "d3Y", "e3C"]);
        // Dropped on c3: the second legs from there, and c3 to stop.
        let second = second_leg(&pos, from, sq(&pos, "c3"));
        assert_eq!(marked(&pos, &second), ["c3C", "c4Y", "d4R"]);
        assert!(is_middle(&marks, sq(&pos, "e3")));
        assert!(!is_middle(&marks, sq(&pos, "d3")));
    }

    #[test]
    fn an_en_passant_written_in_two_legs_goes_through_its_victim() {
        // The Pawn Eater on d5 takes e5 en passant (d5e5,e5e6) or moves
        // quietly to e6 (d5e6): the capture is entered through e5.
        let v = variants::load("pawneaters").expect("pawneaters");
        let pos = Position::from_fen(v, "8/p7/8/3Ep3/8/8/P7/8 w - e6 0 1").expect("fen");
        let from = sq(&pos, "d5");
        let marks = first_leg(&pos, from);
        assert_eq!(marks[sq(&pos, "e5").index()], Some('C'));
        assert_eq!(marks[sq(&pos, "e6").index()], Some('Y'));
        let second = second_leg(&pos, from, sq(&pos, "e5"));
        assert_eq!(marked(&pos, &second), ["e6R"]);
    }

    #[test]
    fn a_piece_in_hand_marks_where_it_may_be_dropped() {
        // Truffle Hunt: a pig is dropped on an empty square of the
        // second rank (two are empty), another piece on the first.
        let v = variants::load("truffle").expect("truffle");
        let fen = "rnbqkbnr/shhsshhs/8/8/8/8/SHH1SHH1/RNB1KBNR[SQ] w - - 0 1";
        let pos = Position::from_fen(v.clone(), fen).expect("fen");
        let sow = v.kind_of_letter('S').expect("S");
        assert_eq!(marked(&pos, &drops(&pos, sow)), ["d2Y", "h2Y"]);
        let queen = v.kind_of_letter('Q').expect("Q");
        assert_eq!(marked(&pos, &drops(&pos, queen)), ["d1Y"]);
        // Nothing of a kind not in hand.
        let hog = v.kind_of_letter('H').expect("H");
        assert!(drops(&pos, hog).iter().all(Option::is_none));
    }

    #[test]
    fn the_colour_fen_has_a_row_a_rank() {
        let pos = Position::startpos(variants::load("carnival").expect("carnival"));
        let marks = first_leg(&pos, sq(&pos, "e2"));
        assert_eq!(color_fen(&pos, &marks), "8/8/8/8/4Y3/4Y3/8/8");
    }
}
