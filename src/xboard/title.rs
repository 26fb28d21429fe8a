//! What XBoard's window title says while a game of dice or food is under
//! way: the title is `xboard: ` and the engine's name, which the engine
//! may change at any time (`feature myname`).

use crate::rules::status::ChanceStatus;

/// Room for our part of XBoard's title (`xboard: ` and ours): on the
/// 525-pixel window a window manager shows about 60 characters before it
/// cuts the title (openbox cuts in the middle, others at the end).
const TITLE_ROOM: usize = 48;

/// The window title while a game is under way: what a person needs first
/// (`headline`), and the rest when the whole fits uncut.
pub(crate) fn title_of(status: &ChanceStatus) -> String {
    let whole = status.whole();
    match whole.chars().count() <= TITLE_ROOM {
        true => whole,
        false => status.headline.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_status_keeps_its_headline() {
        let short = ChanceStatus {
            headline: "White 5+2 | Black: Knight 2:1".to_string(),
            details: "White: Satyr 5:2".to_string(),
        };
        assert_eq!(
            title_of(&short),
            "White 5+2 | Black: Knight 2:1 | White: Satyr 5:2"
        );
        let long = ChanceStatus {
            details: "White: Queen as in Shogi and Makruk 5:5".to_string(),
            ..short
        };
        assert_eq!(title_of(&long), "White 5+2 | Black: Knight 2:1");
    }
}
