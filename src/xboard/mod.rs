//! The XBoard (CECP v2) adapter: lines parsed by `engine-protocol` into
//! typed commands, applied to the engine core, replies formatted by
//! `engine-protocol`. What a game looks like to XBoard comes from
//! `dialect`; dice and choices follow the convention written down in
//! `engine-protocol/README.md` ("Dice: tokens and conversation").
//!
//! One thread reads the input; this loop owns the game and hears both the
//! input lines and the search's results as events, so a result can never
//! race a command that changed the game.

mod dialect;
mod session;

pub use dialect::{xbetza, Dialect};

use crate::uci::Output;
use std::io::BufRead;
use std::sync::mpsc;

/// What the loop hears.
pub(crate) enum Event {
    Line(String),
    /// A search finished: its serial number and the action it chose (text).
    Done(u64, Option<String>),
    Eof,
}

/// Runs the protocol until `quit` or the end of the input. `first` is a
/// line already read (the `xboard` that chose the protocol).
pub fn run(input: Box<dyn BufRead + Send>, out: Output, first: Option<String>) {
    let (tx, rx) = mpsc::channel();
    if let Some(line) = first {
        let _ = tx.send(Event::Line(line));
    }
    let reader = tx.clone();
    std::thread::spawn(move || {
        for line in crate::text_lines::lossy_lines(input) {
            if reader.send(Event::Line(line)).is_err() {
                return;
            }
        }
        let _ = reader.send(Event::Eof);
    });
    let mut session = session::Session::new(out, tx);
    let mut input_ended = false;
    for event in rx {
        let go_on = match event {
            Event::Line(line) => session.line(&line),
            Event::Done(serial, best) => {
                session.search_done(serial, best);
                true
            }
            Event::Eof => {
                input_ended = true;
                true
            }
        };
        // Once the input has ended, a search with limits may still finish
        // and play its move; then we stop.
        if !go_on || (input_ended && !session.thinking()) {
            break;
        }
    }
    session.stop();
}
