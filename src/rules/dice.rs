//! Chance models: what the dice of a variant can show, with what
//! probability, and what each throw means.
//!
//! Carnival of the Animals: after every move the mover throws two dice, and
//! the throw fixes the leaper its knights move as (docs/rules/carnival.md).

/// An (m, n) leaper, written larger number first.
pub type Leaper = (u8, u8);

/// Puts the larger number first.
pub fn leaper(a: u8, b: u8) -> Leaper {
    (a.max(b), a.min(b))
}

/// The leaper's traditional name (docs/rules/carnival.md), for people.
pub fn leaper_name(l: Leaper) -> &'static str {
    match leaper(l.0, l.1) {
        (1, 1) => "Ferz",
        (2, 2) => "Elephant",
        (3, 3) => "Tripper",
        (4, 4) => "Commuter",
        (5, 5) => "Quitter",
        (2, 1) => "Knight",
        (3, 1) => "Camel",
        (3, 2) => "Zebra",
        (4, 1) => "Giraffe",
        (4, 2) => "Charolais",
        (4, 3) => "Antelope",
        (5, 1) => "Zemel",
        (5, 2) => "Satyr",
        (5, 3) => "Gimel",
        (5, 4) => "Rector",
        (6, 1) => "Flamingo",
        (6, 2) => "Crane",
        (6, 3) => "Chamois",
        (6, 4) => "Zherolais",
        (6, 5) => "Parson",
        _ => "leaper",
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChanceModel {
    /// Two dice decide the mover's knight leaper. Plain: a 6 gives a choice
    /// (6 and x: the five (x, m); double six: all fifteen). All Oblique
    /// (`oblique`): 6 counts as a number, a double gives the choice.
    KnightDice { oblique: bool },
}

/// What a throw decides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ThrowResult {
    Fixed(Leaper),
    Choice(Vec<Leaper>),
}

impl ChanceModel {
    /// Every leaper a side can have, the start's Knight included.
    pub fn leapers(&self) -> Vec<Leaper> {
        let ChanceModel::KnightDice { oblique } = *self;
        let mut out = Vec::new();
        for a in 1..=6u8 {
            for b in 1..=a {
                let allowed = if oblique { a != b } else { a <= 5 };
                if allowed {
                    out.push((a, b));
                }
            }
        }
        out
    }

    /// The leaper the throw (a, b) with a >= b fixes, or `None` when it
    /// offers a choice (without allocating: every chance node asks).
    pub fn fixed(&self, a: u8, b: u8) -> Option<Leaper> {
        let ChanceModel::KnightDice { oblique } = *self;
        let plain = if oblique { a != b } else { a != 6 };
        plain.then(|| leaper(a, b))
    }

    /// Whether the throw (a, b) with a >= b offers the leaper `l`.
    pub fn offers(&self, a: u8, b: u8, l: Leaper) -> bool {
        let ChanceModel::KnightDice { oblique } = *self;
        let l = leaper(l.0, l.1);
        let in_range = |hi: u8| l.1 >= 1 && l.0 <= hi;
        if self.fixed(a, b).is_some() {
            return false;
        }
        if oblique {
            // A double a: (a, m) with m from 1 to 6, m != a.
            in_range(6) && l.0 != l.1 && (l.0 == a || l.1 == a)
        } else if b == 6 {
            in_range(5)
        } else {
            in_range(5) && (l.0 == b || l.1 == b)
        }
    }

    /// What the throw (a, b) with a >= b decides.
    pub fn resolve(&self, a: u8, b: u8) -> ThrowResult {
        let ChanceModel::KnightDice { oblique } = *self;
        if oblique {
            if a != b {
                return ThrowResult::Fixed(leaper(a, b));
            }
            return ThrowResult::Choice(
                (1..=6).filter(|&m| m != a).map(|m| leaper(a, m)).collect(),
            );
        }
        match (a, b) {
            (6, 6) => ThrowResult::Choice(self.leapers()),
            (6, x) => ThrowResult::Choice((1..=5).map(|m| leaper(x, m)).collect()),
            _ => ThrowResult::Fixed(leaper(a, b)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every throw (larger die first) and its probability.
    fn throws() -> Vec<(u8, u8, f64)> {
        use crate::rules::action::Action;
        use crate::rules::faces::{outcome_odds, throw_outcome, DICE};
        outcome_odds(&DICE, throw_outcome)
            .into_iter()
            .filter_map(|(a, p)| match a {
                Action::Roll(x, y) => Some((x, y, p)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn fixed_and_offers_agree_with_resolve() {
        for oblique in [false, true] {
            let m = ChanceModel::KnightDice { oblique };
            for (a, b, _) in throws() {
                let r = m.resolve(a, b);
                assert_eq!(
                    m.fixed(a, b),
                    match &r {
                        ThrowResult::Fixed(l) => Some(*l),
                        ThrowResult::Choice(_) => None,
                    }
                );
                for x in 0..=7u8 {
                    for y in 0..=x {
                        let offered = matches!(&r, ThrowResult::Choice(o) if o.contains(&(x, y)));
                        assert_eq!(m.offers(a, b, (x, y)), offered, "{a}{b} {x}:{y}");
                    }
                }
            }
        }
    }

    #[test]
    fn probabilities_sum_to_one_and_sequences_count() {
        for oblique in [false, true] {
            let m = ChanceModel::KnightDice { oblique };
            let throws = throws();
            assert_eq!(throws.len(), 21);
            let total: f64 = throws.iter().map(|t| t.2).sum();
            assert!((total - 1.0).abs() < 1e-12);
            let sequences: usize = throws
                .iter()
                .map(|&(a, b, _)| match m.resolve(a, b) {
                    ThrowResult::Fixed(_) => 1,
                    ThrowResult::Choice(c) => c.len(),
                })
                .sum();
            assert_eq!(sequences, if oblique { 45 } else { 55 });
            assert_eq!(m.leapers().len(), 15);
        }
        let plain = ChanceModel::KnightDice { oblique: false };
        assert_eq!(
            plain.resolve(6, 4),
            ThrowResult::Choice(vec![(4, 1), (4, 2), (4, 3), (4, 4), (5, 4)])
        );
        assert_eq!(plain.resolve(3, 1), ThrowResult::Fixed((3, 1)));
    }
}
