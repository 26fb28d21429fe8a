//! Games played by random choice, with seeded dice: every game replays
//! exactly from its seed. (The search will replace random moves; the dice
//! stay the seeded roller's.)

use crate::dice::DiceRoller;
use crate::rules::action::Action;
use crate::rules::outcome::Outcome;
use crate::rules::position::{Pending, Position};

/// One step of a game as it happened: the action and its text.
pub struct Step {
    pub action: Action,
    pub text: String,
}

pub struct GameRecord {
    pub start_fen: String,
    pub steps: Vec<Step>,
    pub outcome: Option<Outcome>,
    pub final_fen: String,
}

/// Plays from `pos` to the end (or `max_plies` moves) choosing moves and
/// choices at random and throwing the dice, all from `seed`.
pub fn random_game(pos: Position, seed: u64, max_plies: u32) -> GameRecord {
    play_game(pos, seed, max_plies, &mut |p, roller| {
        let actions = p.legal_actions();
        (!actions.is_empty()).then(|| actions[roller.below(actions.len())])
    })
}

/// Plays from `pos` to the end (or `max_plies` moves): `decide` picks each
/// move and choice; the dice are thrown from `seed`.
pub fn play_game(
    mut pos: Position,
    seed: u64,
    max_plies: u32,
    decide: &mut dyn FnMut(&mut Position, &mut DiceRoller) -> Option<Action>,
) -> GameRecord {
    let mut roller = DiceRoller::new(seed);
    let start_fen = pos.to_fen();
    let mut steps = Vec::new();
    let mut plies = 0;
    loop {
        let action = match pos.pending() {
            Pending::Roll | Pending::Find(_) => {
                // The dice the event throws, read by the rules (`faces.rs`).
                let dice = pos.dice_due().unwrap_or(&[]);
                let pips: Vec<u8> = dice.iter().map(|&f| roller.die(f as u32)).collect();
                match pos.outcome_of_pips(&pips) {
                    Ok(a) => a,
                    Err(_) => break,
                }
            }
            Pending::Choose(..) | Pending::Activate | Pending::Promote(_) => {
                match decide(&mut pos, &mut roller) {
                    Some(a) => a,
                    None => break,
                }
            }
            Pending::Nothing => {
                if pos.outcome().is_some() || plies >= max_plies {
                    break;
                }
                plies += 1;
                match decide(&mut pos, &mut roller) {
                    Some(a) => a,
                    None => break,
                }
            }
        };
        let text = pos.action_text(action);
        if pos.apply(action).is_err() {
            break;
        }
        steps.push(Step { action, text });
    }
    GameRecord {
        start_fen,
        outcome: pos.outcome(),
        final_fen: pos.to_fen(),
        steps,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variants;

    #[test]
    fn dice_are_uniform_enough_and_seeded() {
        let mut r = DiceRoller::new(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[r.die(6) as usize - 1] += 1;
        }
        for c in counts {
            assert!((9_400..10_600).contains(&c), "{counts:?}");
        }
        let a: Vec<u8> = (0..20).map(|_| DiceRoller::new(3).die(6)).collect();
        assert!(a.iter().all(|&x| x == a[0]));
    }

    #[test]
    fn the_same_seed_gives_the_same_game() {
        for name in ["carnival", "carnival-oblique", "truffle", "wolf"] {
            let v = variants::load(name).unwrap();
            let a = random_game(Position::startpos(v.clone()), 7, 300);
            let b = random_game(Position::startpos(v.clone()), 7, 300);
            let texts = |g: &GameRecord| g.steps.iter().map(|s| s.text.clone()).collect::<Vec<_>>();
            assert_eq!(texts(&a), texts(&b));
            assert_eq!(a.final_fen, b.final_fen);
            let c = random_game(Position::startpos(v), 8, 300);
            assert_ne!(texts(&a), texts(&c));
            // The record replays in the rules core.
            let mut p = Position::startpos(variants::load(name).unwrap());
            for s in &a.steps {
                p.play_action_text(&s.text).unwrap();
            }
            assert_eq!(p.to_fen(), a.final_fen);
        }
    }
}
