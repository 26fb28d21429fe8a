//! What the dice and counters of a game say now, in words, for a person
//! watching the game in a GUI that cannot draw them.

use crate::rules::action::{Action, Find};
use crate::rules::position::{Pending, Position};
use crate::rules::square::{Color, Square};

/// What a square holds that a board of plain pieces does not show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareNote {
    /// A counter on the square (Truffle Hunt's truffles), above zero.
    Count(u8),
    /// A piece in its promoted form, such as a woken piece, which a GUI
    /// that never sees it change still draws in its first form.
    Promoted(Color),
}

/// What the dice and counters say now, in words: `headline` is what a
/// person needs first (the last throw, then what the side to move moves
/// with, or the stores), short enough for a window title that may be cut;
/// `details` the rest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChanceStatus {
    pub headline: String,
    pub details: String,
}

impl ChanceStatus {
    /// Both parts in one line.
    pub fn whole(&self) -> String {
        if self.details.is_empty() {
            self.headline.clone()
        } else {
            format!("{} | {}", self.headline, self.details)
        }
    }
}

impl Position {
    /// The state the board does not show, or None in a game without dice
    /// or counters. `find_faces`: the faces of the last throw when it was
    /// a find (the position keeps only what was found).
    pub fn chance_status(&self, find_faces: Option<&[u8]>) -> Option<ChanceStatus> {
        let v = self.variant();
        let mut headline = Vec::new();
        let mut details = Vec::new();
        let last = self.last_throw(find_faces);
        if let Some(throw) = last {
            headline.push(throw);
        }
        if v.chance.is_some() {
            let mover = self.side_to_move();
            headline.push(format!("{}: {}", title(mover), self.mode_words(mover)));
            let other = mover.opposite();
            details.push(format!("{}: {}", title(other), self.mode_words(other)));
        } else if v.hunt.is_some() {
            // White's store first, as in the FEN's field.
            headline.push(format!("stores {}/{}", self.stores[0], self.stores[1]));
        } else {
            return None;
        }
        if let Some(step) = self.pending_words() {
            details.push(step);
        }
        Some(ChanceStatus {
            headline: headline.join(" | "),
            details: details.join(" | "),
        })
    }

    /// A side's mode: its title and name (`Camel 3:1`).
    fn mode_words(&self, side: Color) -> String {
        let v = self.variant();
        let mode = self.mode(side);
        let name = v.mode_name(mode);
        match name.trim() {
            "" | "-" => v.mode_title(mode).to_string(),
            name => format!("{} {name}", v.mode_title(mode)),
        }
    }

    /// What the game waits for after a move, in words.
    fn pending_words(&self) -> Option<String> {
        let actor = title(self.side_to_move().opposite());
        Some(match self.pending() {
            Pending::Choose(..) => {
                let v = self.variant();
                let word = v.chance.as_ref().map_or("mode", |c| &c.choice);
                format!("{actor} chooses a {word}")
            }
            Pending::Activate => format!("{actor} may wake pieces"),
            Pending::Promote(_) => format!("{actor} chooses its promotion"),
            Pending::Roll | Pending::Find(_) => format!("{actor} throws"),
            Pending::Nothing => return None,
        })
    }

    /// Whether the game has square notes at all (counters or promoted
    /// forms), so that a GUI showing them must be told when they go.
    pub fn has_square_notes(&self) -> bool {
        let v = self.variant();
        v.hunt.is_some() || v.kinds.iter().any(|k| k.def.plus)
    }

    /// Every square with something the pieces do not show: a promoted
    /// piece, else the square's counter. Empty in games without either.
    pub fn square_notes(&self) -> Vec<(Square, SquareNote)> {
        let v = self.variant();
        let counters = v.hunt.is_some();
        let mut notes = Vec::new();
        for sq in v.geometry.squares() {
            let piece = self.piece_at(sq);
            if let Some(p) = piece.filter(|p| v.kinds[p.kind() as usize].def.plus) {
                notes.push((sq, SquareNote::Promoted(p.color())));
            } else if counters && self.food[sq.index()] > 0 {
                notes.push((sq, SquareNote::Count(self.food[sq.index()])));
            }
        }
        notes
    }

    /// The last throw of the game and the side that threw it: the dice
    /// (`White 5+2`), or a find with its faces when known (`White 5+3:
    /// truffle kept`, else `White: truffle kept`).
    fn last_throw(&self, find_faces: Option<&[u8]>) -> Option<String> {
        // Each move after the throw passed the turn once more.
        let mut side = self.side_to_move();
        for action in self.actions_played().rev() {
            match action {
                Action::Move(_) | Action::Null => side = side.opposite(),
                Action::Roll(a, 0) => return Some(format!("{} {a}", title(side.opposite()))),
                Action::Roll(a, b) => return Some(format!("{} {a}+{b}", title(side.opposite()))),
                Action::Find(find) => {
                    let unit = self
                        .variant()
                        .hunt
                        .as_ref()
                        .map_or("food", |h| &h.unit_word);
                    let what = match find {
                        Find::No => format!("no {unit}"),
                        Find::Eat => format!("{unit} eaten"),
                        Find::Keep => format!("{unit} kept"),
                    };
                    let faces: Vec<String> = find_faces
                        .unwrap_or_default()
                        .iter()
                        .map(|f| f.to_string())
                        .collect();
                    let thrower = title(side.opposite());
                    return Some(match faces.is_empty() {
                        true => format!("{thrower}: {what}"),
                        false => format!("{thrower} {}: {what}", faces.join("+")),
                    });
                }
                Action::Choose(_) | Action::Activate(_) | Action::Promote(_) => {}
            }
        }
        None
    }
}

fn title(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::position::Position;
    use crate::rules::variants;

    #[test]
    fn the_throw_and_the_movers_mode_come_first_the_rest_after() {
        let v = variants::load("carnival").expect("carnival");
        let mut pos = Position::startpos(v);
        for step in ["e2e3", "roll:3:1", "e7e6", "roll:6:6"] {
            pos.play_action_text(step).expect("legal");
        }
        let status = pos.chance_status(None).expect("a dice game");
        assert_eq!(status.headline, "Black 6+6 | White: Camel 3:1");
        assert_eq!(status.details, "Black: Knight 2:1 | Black chooses a knight");
    }

    #[test]
    fn a_find_says_its_faces_and_the_games_food() {
        let v = variants::load("mining").expect("mining");
        let mut pos = Position::startpos(v);
        for step in ["b2b3", "find:keep"] {
            pos.play_action_text(step).expect("legal");
        }
        let status = pos.chance_status(Some(&[6, 1])).expect("a hunt");
        assert_eq!(status.headline, "White 6+1: ore kept | stores 1/0");
        let status = pos.chance_status(None).expect("a hunt");
        assert_eq!(status.headline, "White: ore kept | stores 1/0");
        assert!(Position::startpos(variants::load("chess").expect("chess"))
            .chance_status(None)
            .is_none());
    }
}
