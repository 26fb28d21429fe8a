//! The game's state as the page reads it.

use super::json::{list, object, string};
use crate::engine::Engine;

/// The state in JSON: the game, its FEN, the side to act, the status the
/// board cannot show (dice, modes, food), and every legal step's text.
pub fn of(engine: &Engine) -> String {
    let pos = engine.position();
    let actions = list(
        pos.legal_actions()
            .into_iter()
            .map(|a| string(&pos.action_text(a))),
    );
    let status = pos
        .chance_status(None)
        .map_or("null".to_string(), |s| string(&s.whole()));
    object(&[
        ("variant", string(engine.variant_name())),
        ("fen", string(&pos.to_fen())),
        ("status", status),
        ("actions", actions),
    ])
}
