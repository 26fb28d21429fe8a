//! Physical dice: which dice a pending chance event throws, and which
//! outcome the faces shown stand for. The protocols (XBoard's `dice` and
//! `pips`) and the match referee roll real dice; the search works with the
//! outcomes and their probabilities (`chance_outcomes`). The two views
//! agree: every face combination is equally likely and maps to one outcome.

use crate::rules::action::Action;
use crate::rules::chance::ActionError;
use crate::rules::faces::{find_outcome, next_down, roll_of, DICE};
use crate::rules::position::{Pending, Position};

impl Position {
    /// The dice the pending event throws, or `None` when no throw is due.
    pub fn dice_due(&self) -> Option<&[u8]> {
        match self.pending() {
            Pending::Roll => self.variant.chance.as_ref().map(|c| &c.dice[..]),
            Pending::Find(_) => Some(&DICE[..]),
            _ => None,
        }
    }

    /// Faces that show the outcome `action` of the pending throw (the
    /// highest such faces), for telling a peer a throw it did not see.
    pub fn pips_of(&self, action: Action) -> Option<Vec<u8>> {
        let dice = self.dice_due()?;
        let mut pips = dice.to_vec();
        let total: u32 = dice.iter().map(|&f| f as u32).product();
        for _ in 0..total {
            if self.outcome_of_pips(&pips).ok() == Some(action) {
                return Some(pips);
            }
            next_down(&mut pips, dice);
        }
        None
    }

    /// The outcome that the faces `pips` (one per die of `dice_due`, each
    /// from 1) stand for (`faces.rs` says how).
    pub fn outcome_of_pips(&self, pips: &[u8]) -> Result<Action, ActionError> {
        let text = pips
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join("/");
        let Some(dice) = self.dice_due() else {
            return Err(ActionError::NotPending(format!("pips {text}")));
        };
        let fits =
            pips.len() == dice.len() && pips.iter().zip(dice).all(|(p, f)| (1..=*f).contains(p));
        if !fits {
            return Err(ActionError::Malformed(format!("pips {text}")));
        }
        match self.pending() {
            Pending::Roll => {
                let ordered = self.variant.chance.as_ref().is_some_and(|c| c.ordered);
                Ok(roll_of(pips, ordered))
            }
            Pending::Find(sq) => Ok(find_outcome(self.find_faces(sq), pips)),
            _ => Err(ActionError::NotPending(format!("pips {text}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::action::Action;
    use crate::rules::position::Position;
    use crate::rules::variants;

    /// Counting the face pairs of each outcome gives back the probabilities
    /// the search uses, in every chance position a few random games reach.
    #[test]
    fn pips_agree_with_outcome_probabilities() {
        for name in ["carnival", "carnival-oblique", "truffle"] {
            let v = variants::load(name).expect("variant");
            let mut checked = 0;
            for seed in 0..40u64 {
                let mut pos = Position::startpos(v.clone());
                let record = crate::selfplay::random_game(pos.clone(), seed, 60);
                for step in &record.steps {
                    if pos.dice_due().is_some() {
                        let mut counts: Vec<(Action, u32)> = Vec::new();
                        for a in 1..=6u8 {
                            for b in 1..=6u8 {
                                let o = pos.outcome_of_pips(&[a, b]).expect("outcome");
                                match counts.iter_mut().find(|(a, _)| *a == o) {
                                    Some((_, n)) => *n += 1,
                                    None => counts.push((o, 1)),
                                }
                            }
                        }
                        let outcomes = pos.chance_outcomes();
                        let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
                        assert!((total - 1.0).abs() < 1e-9);
                        for (o, p) in outcomes {
                            let n = counts.iter().find(|(a, _)| *a == o).map_or(0, |c| c.1);
                            assert!((n as f64 / 36.0 - p).abs() < 1e-9, "{name}: {o:?}");
                        }
                        checked += 1;
                    } else {
                        assert!(pos.outcome_of_pips(&[1, 1]).is_err());
                    }
                    pos.apply(step.action).expect("replay");
                }
            }
            assert!(checked > 20, "{name}: only {checked} throws seen");
        }
    }
}
