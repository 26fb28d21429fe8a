//! Dice for the games that throw them: the seeded roller, and the game
//! dice that a throw's position and step number decide (what the XBoard
//! session and the browser board throw, and `menagerie replay` recomputes).

pub mod game;
mod roller;

pub use game::{drawn_choice, game_dice, thrown, thrown_with_faces};
pub use roller::DiceRoller;
