//! A royal piece that cannot move (a sleeping King) is mated by any check
//! its side cannot answer by taking the checker or blocking. The search
//! sees a mate one move ahead only when it has the depth; these terms let
//! it see the threat earlier: an enemy piece that can move next to a
//! checking square the royal piece's side does not defend, and one that
//! can move next to a square from which it would have such a check.

use crate::rules::bitboard::Bitboard;
use crate::rules::piece::Kind;
use crate::rules::position::Position;
use crate::rules::square::{Color, Square};

/// Centipawns per enemy piece with such a check: with `color` to move and
/// the piece under attack (it may be taken), with `color` to move and the
/// piece safe (the check is mate unless it can be blocked or the square
/// covered), and with the enemy to move (mate unless blocked).
pub const CHECK: [i32; 3] = [100, 400, 600];
/// At most this many pieces count.
pub const MAX_CHECKERS: usize = 2;
/// Centipawns per enemy piece one move further away (it can move next to
/// a square, not defended, from which it would have such a check), in
/// the same three cases.
pub const APPROACH: [i32; 3] = [30, 150, 150];
/// At most this many approaching pieces count.
pub const MAX_APPROACHING: usize = 2;

/// The penalty for `color`, whose royal piece on `king` cannot move, with
/// `defended` the squares its pieces attack.
pub fn penalty(pos: &Position, color: Color, king: Square, defended: Bitboard) -> i32 {
    let v = &**pos.variant();
    let them = color.opposite();
    let occ = pos.occupied();
    let mode = pos.mode(them);
    let open = !defended & !pos.ours(them);
    let to_move = pos.side_to_move() == color;
    let mut worst = [0i32; MAX_CHECKERS];
    let mut approaching = [0i32; MAX_APPROACHING];
    let weight = |table: [i32; 3], sq| match (to_move, defended.contains(sq)) {
        (true, true) => table[0],
        (true, false) => table[1],
        (false, _) => table[2],
    };
    for kind in 0..v.kind_count() {
        let attackers = pos.pieces(them, kind as Kind);
        if attackers.is_empty() {
            continue;
        }
        let blockers = pos.lame_blockers(kind as Kind);
        // A piece of `color` reaches the squares from which an enemy
        // piece of the same kind reaches its square (colours mirror the
        // directions).
        let from = |sq| v.reach(color, kind, sq, occ, blockers, false, mode).1;
        let checks = from(king) & open;
        if checks.is_empty() {
            continue;
        }
        let before = checks.into_iter().fold(Bitboard::EMPTY, |b, c| b | from(c)) & open;
        for sq in attackers {
            let unmoved = pos.unmoved().contains(sq);
            let (quiet, capture) = v.reach(them, kind, sq, occ, blockers, unmoved, mode);
            let landing = (quiet & !occ) | (capture & pos.ours(color));
            if (landing & checks).any() {
                keep_worst(&mut worst, weight(CHECK, sq));
            } else if (landing & before).any() {
                keep_worst(&mut approaching, weight(APPROACH, sq));
            }
        }
    }
    worst.iter().sum::<i32>() + approaching.iter().sum::<i32>()
}

/// Keeps the largest weights in `worst`, largest first.
fn keep_worst(worst: &mut [i32], weight: i32) {
    if let Some(i) = worst.iter().position(|&w| weight > w) {
        worst[i..].rotate_right(1);
        worst[i] = weight;
    }
}
