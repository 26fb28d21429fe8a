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

impl Position {
    /// One line on the state the board does not show (the last throw and
    /// each side's mode; the stores and the last find), or None in a game
    /// without dice or counters.
    pub fn chance_status(&self) -> Option<String> {
        let mut parts = Vec::new();
        if let Some((thrower, throw)) = self.last_throw() {
            parts.push(format!("{} threw {throw}", title(thrower)));
        }
        let v = self.variant();
        if v.chance.is_some() {
            let [w, b] = Color::BOTH.map(|c| {
                let mode = self.mode(c);
                format!("{} {}", v.mode_title(mode), v.mode_name(mode))
            });
            parts.push(format!("White {w}, Black {b}"));
        } else if self.variant().hunt.is_some() {
            parts.push(format!(
                "stores White {}, Black {}",
                self.stores[0], self.stores[1]
            ));
        } else {
            return None;
        }
        let actor = title(self.side_to_move().opposite());
        match self.pending() {
            Pending::Choose(..) => {
                let word = v.chance.as_ref().map_or("mode", |c| &c.choice);
                parts.push(format!("{actor} chooses a {word}"))
            }
            Pending::Activate => parts.push(format!("{actor} may wake pieces")),
            Pending::Promote(_) => parts.push(format!("{actor} chooses its promotion")),
            Pending::Roll | Pending::Find(_) => parts.push(format!("{actor} throws")),
            Pending::Nothing => {}
        }
        Some(parts.join(" | "))
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

    /// The last throw of the game with the side that threw it: the dice, or
    /// a pig's find.
    fn last_throw(&self) -> Option<(Color, String)> {
        // Each move after the throw passed the turn once more.
        let mut side = self.side_to_move();
        for action in self.actions_played().rev() {
            match action {
                Action::Move(_) | Action::Null => side = side.opposite(),
                Action::Roll(a, 0) => return Some((side.opposite(), a.to_string())),
                Action::Roll(a, b) => return Some((side.opposite(), format!("{a} and {b}"))),
                Action::Find(find) => {
                    let what = match find {
                        Find::No => "no truffle",
                        Find::Eat => "a truffle, eaten",
                        Find::Keep => "a truffle, stored",
                    };
                    return Some((side.opposite(), what.to_string()));
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
