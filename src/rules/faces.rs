//! What the faces of thrown dice stand for, and the odds of each outcome,
//! worked out from the faces and nowhere else: every combination of faces
//! is equally likely and stands for one outcome. Search, evaluation,
//! self-play, the referee and the protocols' `pips` all read these.

use crate::rules::action::{Action, Find};

/// Faces of each die a pig throws: a find die and an eat die.
pub const DICE: [u8; 2] = [6, 6];

/// A throw after a move as an action: one die is `Roll(a, 0)`; two dice
/// are in the order thrown when told apart (`ordered`), else larger first.
pub fn roll_of(pips: &[u8], ordered: bool) -> Action {
    match *pips {
        [a] => Action::Roll(a, 0),
        [a, b] if ordered => Action::Roll(a, b),
        [a, b] => Action::Roll(a.max(b), a.min(b)),
        // The compiler admits one or two dice.
        _ => Action::Roll(0, 0),
    }
}

/// A hunter's throw: the first die finds food when it shows one of the
/// `finds` highest faces; the second, read only after a find, eats it when
/// it shows one of the `eats` highest (0: never), else the food is kept.
pub fn find_outcome((finds, eats): (u8, u8), pips: &[u8]) -> Action {
    let wins = |p: u8, faces: u8| p > 6 - faces.min(6);
    Action::Find(match (wins(pips[0], finds), wins(pips[1], eats)) {
        (false, _) => Find::No,
        (true, true) => Find::Eat,
        (true, false) => Find::Keep,
    })
}

/// Each outcome of throwing `dice` (faces per die) with its probability,
/// most likely first (among equals, the one higher faces show first).
pub fn outcome_odds<T: PartialEq>(dice: &[u8], outcome: impl Fn(&[u8]) -> T) -> Vec<(T, f64)> {
    let total: u32 = dice.iter().map(|&f| f as u32).product();
    let mut counts: Vec<(T, u32)> = Vec::new();
    let mut pips: Vec<u8> = dice.to_vec();
    for _ in 0..total {
        let o = outcome(&pips);
        match counts.iter_mut().find(|(x, _)| *x == o) {
            Some((_, n)) => *n += 1,
            None => counts.push((o, 1)),
        }
        next_down(&mut pips, dice);
    }
    // A stable sort keeps the order of first appearance among equals.
    counts.sort_by_key(|c| std::cmp::Reverse(c.1));
    counts
        .into_iter()
        .map(|(o, n)| (o, n as f64 / total as f64))
        .collect()
}

/// The next combination of faces counting down, the last die fastest:
/// (6, 6), (6, 5), ... (6, 1), (5, 6), ...
pub(in crate::rules) fn next_down(pips: &mut [u8], dice: &[u8]) {
    for i in (0..pips.len()).rev() {
        if pips[i] > 1 {
            pips[i] -= 1;
            return;
        }
        pips[i] = dice[i];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn odds_of(odds: &[(Action, f64)], a: Action) -> f64 {
        odds.iter().find(|(o, _)| *o == a).map_or(0.0, |o| o.1)
    }

    #[test]
    fn two_dice_read_as_a_set() {
        let odds = outcome_odds(&DICE, |p| roll_of(p, false));
        assert_eq!(odds.len(), 21);
        assert!((odds_of(&odds, Action::Roll(6, 5)) - 2.0 / 36.0).abs() < 1e-12);
        assert!((odds_of(&odds, Action::Roll(3, 3)) - 1.0 / 36.0).abs() < 1e-12);
        // Most likely first: the fifteen mixed throws, then the doubles.
        assert_eq!(odds[0].0, Action::Roll(6, 5));
        assert_eq!(odds[15].0, Action::Roll(6, 6));
        let total: f64 = odds.iter().map(|o| o.1).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }

    #[test]
    fn ordered_dice_and_one_die() {
        assert_eq!(outcome_odds(&DICE, |p| roll_of(p, true)).len(), 36);
        let one = outcome_odds(&[6], |p| roll_of(p, false));
        assert_eq!(one[0], (Action::Roll(6, 0), 1.0 / 6.0));
        assert_eq!(one.len(), 6);
    }

    #[test]
    fn a_pigs_finds_follow_its_winning_faces() {
        // A Sow wins on 5-6 (one in three): no find 2/3, eaten 1/9, kept 2/9.
        let sow = outcome_odds(&DICE, |p| find_outcome((2, 2), p));
        let find = |o| Action::Find(o);
        assert!((odds_of(&sow, find(Find::No)) - 2.0 / 3.0).abs() < 1e-12);
        assert!((odds_of(&sow, find(Find::Eat)) - 1.0 / 9.0).abs() < 1e-12);
        assert!((odds_of(&sow, find(Find::Keep)) - 2.0 / 9.0).abs() < 1e-12);
        // A Boar wins on a 6 only.
        let boar = outcome_odds(&DICE, |p| find_outcome((1, 1), p));
        assert!((odds_of(&boar, find(Find::Keep)) - 5.0 / 36.0).abs() < 1e-12);
        assert_eq!(boar[0].0, find(Find::No));
        // A piece that is no pig never finds.
        assert_eq!(
            outcome_odds(&DICE, |p| find_outcome((0, 0), p)),
            vec![(find(Find::No), 1.0)]
        );
    }

    #[test]
    fn the_eat_die_is_read_only_after_a_find() {
        assert_eq!(find_outcome((2, 2), &[4, 6]), Action::Find(Find::No));
        assert_eq!(find_outcome((2, 2), &[5, 6]), Action::Find(Find::Eat));
        assert_eq!(find_outcome((2, 2), &[6, 4]), Action::Find(Find::Keep));
    }
}
