//! How much shallower a late quiet move is searched first: the deeper the
//! node and the later the move, the more (a reduction that grows with the
//! logarithms of both, as in the strong engines), so that at high depth
//! the moves ordering ranks last cost little more than a null window.

use std::sync::OnceLock;

/// Depths and move indices beyond these share the last entry.
const DEPTHS: usize = 64;
const MOVES: usize = 64;

/// `ln(depth) * ln(move) / DIVISOR + BASE`, rounded down.
const BASE: f64 = 0.5;
const DIVISOR: f64 = 2.0;

fn table() -> &'static [[u8; MOVES]; DEPTHS] {
    static TABLE: OnceLock<[[u8; MOVES]; DEPTHS]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [[0u8; MOVES]; DEPTHS];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                let plies = BASE + (d as f64).ln() * (m as f64).ln() / DIVISOR;
                *r = plies.max(0.0) as u8;
            }
        }
        t
    })
}

/// The reduction of the quiet move at `index` (0 is the first searched) of
/// a node `depth` plies from the horizon, before the adjustments for the
/// node's kind; never so much that the move reaches the horizon at once.
pub(super) fn late_move_reduction(depth: i32, index: usize, pv_node: bool, killer: bool) -> i32 {
    if depth < 3 || index < 2 {
        return 0;
    }
    let d = (depth as usize).min(DEPTHS - 1);
    let m = (index + 1).min(MOVES - 1);
    let mut r = table()[d][m] as i32;
    // Where the line matters, or the move cut elsewhere at this ply, it
    // is trusted more.
    r -= pv_node as i32 + killer as i32;
    r.clamp(0, depth - 2)
}

/// The reduction of a late quiet move in the games with dice: one ply
/// from the fourth move at depth 3, two from the ninth. The logarithmic
/// table, measured in Wolf Chess, scored 41/6/53 in Carnival at 100 ms a
/// move against this (100 games): a throw can turn any line, and a move
/// ordered late there is not the weak move it is in chess.
pub(super) fn dice_reduction(depth: i32, index: usize) -> i32 {
    match depth >= 3 && index >= 3 {
        true => 1 + (index >= 8) as i32,
        false => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::{dice_reduction, late_move_reduction};

    #[test]
    fn dice_games_reduce_one_ply_from_the_fourth_move_and_two_from_the_ninth() {
        assert_eq!(dice_reduction(2, 30), 0, "too shallow");
        assert_eq!(dice_reduction(3, 2), 0, "the third move");
        assert_eq!(dice_reduction(3, 3), 1, "the fourth move");
        assert_eq!(dice_reduction(9, 8), 2, "the ninth move");
        assert_eq!(dice_reduction(30, 60), 2, "never more");
    }

    #[test]
    fn reductions_grow_with_depth_and_lateness_and_stop_short_of_the_horizon() {
        assert_eq!(late_move_reduction(2, 30, false, false), 0, "too shallow");
        assert_eq!(late_move_reduction(8, 1, false, false), 0, "an early move");
        let early = late_move_reduction(8, 3, false, false);
        let late = late_move_reduction(8, 30, false, false);
        assert!(early >= 1 && late > early, "{early} then {late}");
        assert!(late_move_reduction(16, 30, false, false) > late, "deeper");
        assert_eq!(
            late_move_reduction(3, 60, false, false),
            1,
            "depth - 2 at most"
        );
        let pv = late_move_reduction(8, 30, true, false);
        assert_eq!(pv, late - 1, "one less on the principal variation");
    }
}
