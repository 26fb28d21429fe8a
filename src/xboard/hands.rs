//! What XBoard 4.9.1's hands hold in a game with holdings (Truffle Hunt),
//! so that we never send a drop XBoard refuses.
//!
//! Under its `fairy` parent XBoard puts every captured piece in the
//! capturer's hand, as the type its board shows (XBoard never sees a
//! piece wake: a woken piece is taken as its sleeping kind), and takes a
//! piece out of the hand for each drop. An engine's drop of a piece its
//! hand does not hold is forfeited as impossible, with Test Legality on or
//! off. Our rules send captures elsewhere (a pig to the capturer, an
//! active piece taken by a pig to its owner, asleep, anything else out of
//! the game), so a drop legal by our rules may be one XBoard refuses; such
//! drops are left out of our choice.
//!
//! No parent of 4.9.1 does better: under `bughouse` XBoard accepts every
//! drop but never puts a captured piece in a hand, so a person would have
//! nothing to drop; under `crazyhouse` it checks as `fairy` does; under
//! `super` and `great` a captured piece goes back to its owner, wrong for
//! every pig taken; and an engine cannot set XBoard's hands during a game.

use crate::rules::action::Action;
use crate::rules::moves::{Move, MoveKind};
use crate::rules::piece::{Kind, MAX_KINDS};
use crate::rules::position::{Pending, Position};
use crate::rules::square::{Color, Square};
use crate::rules::variant::Variant;

/// Each side's hand as XBoard holds it, by our kind (White's first).
pub(crate) type Hands = [[u8; MAX_KINDS]; 2];

/// XBoard's hands after the game so far: the start's hands, then every
/// capture to the capturer and every drop out of the dropper's hand.
pub(crate) fn xboard_hands(pos: &Position) -> Hands {
    let played: Vec<Action> = pos.actions_played().collect();
    let mut walk = pos.clone();
    for _ in 0..played.len() {
        walk.unmake_move();
    }
    let v = pos.variant().clone();
    let mut hands = [[0; MAX_KINDS]; 2];
    for (color, hand) in [Color::White, Color::Black]
        .into_iter()
        .zip(hands.iter_mut())
    {
        for (kind, n) in hand.iter_mut().enumerate().take(v.kind_count()) {
            *n = walk.in_hand(color, kind as Kind);
        }
    }
    for action in played {
        match action {
            Action::Move(m) => {
                let us = walk.side_to_move();
                let hand = &mut hands[us.index()];
                if m.kind() == MoveKind::Drop {
                    let n = &mut hand[m.drop_kind() as usize];
                    *n = n.saturating_sub(1);
                }
                for sq in victims(m) {
                    if let Some(p) = walk.piece_at(sq).filter(|p| p.color() != us) {
                        let n = &mut hand[shown_kind(&v, p.kind()) as usize];
                        *n = n.saturating_add(1);
                    }
                }
                walk.make_move(m);
            }
            other => {
                if walk.apply(other).is_err() {
                    break;
                }
            }
        }
    }
    hands
}

/// The root moves we may send: every legal action, less the drops XBoard's
/// hands would refuse. None when nothing is left out (or everything would
/// be: then the search chooses among all, and XBoard may refuse).
pub(crate) fn playable_actions(pos: &Position) -> Option<Vec<Action>> {
    if !pos.variant().uses_hands() || pos.pending() != Pending::Nothing {
        return None;
    }
    let hand = xboard_hands(pos)[pos.side_to_move().index()];
    let legal = pos.legal_moves();
    let kept: Vec<Action> = legal
        .iter()
        .filter(|m| m.kind() != MoveKind::Drop || hand[m.drop_kind() as usize] > 0)
        .map(|&m| Action::Move(m))
        .collect();
    (!kept.is_empty() && kept.len() < legal.iter().count()).then_some(kept)
}

/// The squares a move captures on, as XBoard applies it.
fn victims(m: Move) -> Vec<Square> {
    match m.kind() {
        MoveKind::Drop | MoveKind::Castle => Vec::new(),
        MoveKind::EnPassant => vec![m.extra()],
        MoveKind::TwoLeg => vec![m.extra(), m.to()],
        _ => vec![m.to()],
    }
}

/// The kind XBoard's board shows for ours: a `+` (woken) kind as the kind
/// of the same letter without it.
fn shown_kind(v: &Variant, kind: Kind) -> Kind {
    let d = v.piece(kind);
    if !d.plus {
        return kind;
    }
    (0..v.kind_count())
        .map(|k| k as Kind)
        .find(|&b| !v.piece(b).plus && v.piece(b).letter == d.letter)
        .unwrap_or(kind)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variants;

    #[test]
    fn a_rook_our_rules_return_is_in_the_capturers_hand_in_xboard() {
        // Black's Hog takes White's woken Rook: our rules give it back to
        // White, asleep; XBoard puts it in Black's hand, as a Rook. (White's
        // Sow on h3 keeps a move that is not a drop.)
        let v = variants::load("truffle").expect("truffle");
        let fen = "4k3/8/8/8/8/7S/1h6/+R3K3[] b - - 0 1";
        let mut pos = Position::from_fen(v.clone(), fen).expect("fen");
        let rook = v.kind_of_letter('R').expect("R") as usize;
        let m = pos.parse_move("b2a1").expect("b2a1");
        pos.apply(Action::Move(m)).expect("b2a1");
        assert_eq!(pos.in_hand(Color::White, rook as Kind), 1);
        let hands = xboard_hands(&pos);
        assert_eq!(hands[Color::Black.index()][rook], 1);
        assert_eq!(hands[Color::White.index()][rook], 0);
        if pos.pending() != Pending::Nothing {
            return;
        }
        // White may drop the Rook by our rules; XBoard would refuse it.
        let drops = |actions: &[Action]| {
            actions
                .iter()
                .filter(|a| matches!(a, Action::Move(m) if m.kind() == MoveKind::Drop))
                .count()
        };
        assert!(drops(&pos.legal_actions()) > 0);
        let kept = playable_actions(&pos).expect("some drops left out");
        assert_eq!(drops(&kept), 0);
        assert!(!kept.is_empty());
    }

    #[test]
    fn when_only_refused_drops_are_left_the_search_keeps_them() {
        let v = variants::load("truffle").expect("truffle");
        let fen = "4k3/8/8/8/8/8/1h6/+R3K3[] b - - 0 1";
        let mut pos = Position::from_fen(v, fen).expect("fen");
        let m = pos.parse_move("b2a1").expect("b2a1");
        pos.apply(Action::Move(m)).expect("b2a1");
        if pos.pending() == Pending::Nothing {
            assert_eq!(playable_actions(&pos), None);
        }
    }

    #[test]
    fn a_drop_xboard_holds_stays() {
        let v = variants::load("truffle").expect("truffle");
        let fen = "4k3/8/8/8/8/8/8/4K3[R] w - - 0 1";
        let pos = Position::from_fen(v, fen).expect("fen");
        assert_eq!(playable_actions(&pos), None);
    }
}
