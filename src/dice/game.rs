//! The dice a session throws itself (an XBoard session when the GUI
//! throws none, as XBoard 4.9.1 has no `dice` command; the browser board
//! always): a function of the `DiceSeed`
//! option, the position and the number of steps (moves, throws and
//! choices) played since the game's start, so that two copies of the
//! engine following the same game throw the same dice without talking, and
//! `menagerie replay` recomputes every throw of a saved game.

use super::DiceRoller;
use crate::rules::action::Action;
use crate::rules::position::Position;

/// One die a face count in `faces`, each from 1.
pub fn game_dice(seed: u64, pos: &Position, steps: usize, faces: &[u8]) -> Vec<u8> {
    let mut key = seed ^ pos.hash();
    key ^= (steps as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut roller = DiceRoller::new(key);
    faces.iter().map(|&f| roller.die(f as u32)).collect()
}

/// The throw due now, as the session makes it; `None` when none is due.
pub fn thrown(seed: u64, pos: &Position, steps: usize) -> Option<Action> {
    thrown_with_faces(seed, pos, steps).map(|(action, _)| action)
}

/// The throw due now and the faces that show it, one a die.
pub fn thrown_with_faces(seed: u64, pos: &Position, steps: usize) -> Option<(Action, Vec<u8>)> {
    let faces = game_dice(seed, pos, steps, pos.dice_due()?);
    let action = pos.outcome_of_pips(&faces).ok()?;
    Some((action, faces))
}

/// The choice two engines that cannot pass choices draw between them: a
/// die with one face per option picks the option (the session's `advance`
/// draws it the same way).
pub fn drawn_choice(seed: u64, pos: &Position, steps: usize) -> Option<Action> {
    let options = pos.choice_actions();
    let [n] = game_dice(seed, pos, steps, &[options.len().clamp(1, 255) as u8])[..] else {
        return None;
    };
    options.get(n as usize - 1).copied()
}
