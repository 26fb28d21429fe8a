//! The XBoard (CECP v2) adapter: lines parsed by `engine-protocol` into
//! typed commands, applied to the engine core, replies formatted by
//! `engine-protocol`. What a game looks like to XBoard comes from
//! `dialect`; dice and choices follow the convention written down in
//! `engine-protocol/README.md` ("Dice: tokens and conversation").
//!
//! One thread reads the input; this loop owns the game and hears both the
//! input lines and the search's results as events, so a result can never
//! race a command that changed the game.

mod clock;
mod dialect;
mod hands;
mod highlight;
mod notes;
mod session;
mod slots;
mod title;

pub use dialect::{xbetza, Dialect};

use crate::replies::Output;
use crate::text_lines::InputLine;
use std::io::BufRead;
use std::sync::mpsc;

/// What the loop hears.
pub(crate) enum Event {
    Line(String),
    /// A line longer than the cap, dropped.
    TooLong,
    /// A search finished: its serial number and the action it chose (text).
    Done(u64, Option<String>),
    Eof,
}

/// Runs the protocol until `quit` or the end of the input. `first` is a
/// line already read (the `xboard` that chose the protocol). The end of
/// the input (the GUI is gone) is `quit`: a running search stops at once.
pub fn run(input: Box<dyn BufRead + Send>, out: Output, first: Option<String>) {
    let (tx, rx) = mpsc::channel();
    if let Some(line) = first {
        let _ = tx.send(Event::Line(line));
    }
    let reader = tx.clone();
    std::thread::spawn(move || {
        for line in crate::text_lines::lossy_lines(input) {
            let event = match line {
                InputLine::Text(t) => Event::Line(t),
                InputLine::TooLong => Event::TooLong,
            };
            if reader.send(event).is_err() {
                return;
            }
        }
        let _ = reader.send(Event::Eof);
    });
    let mut session = session::Session::new(out, tx);
    loop {
        let event = if let Some(patience) = session.patience() {
            match rx.recv_timeout(patience) {
                Ok(e) => e,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    session.out_of_patience();
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        } else {
            match rx.recv() {
                Ok(e) => e,
                Err(_) => break,
            }
        };
        let go_on = match event {
            Event::Line(line) => session.line(&line),
            Event::TooLong => {
                session.line_too_long();
                true
            }
            Event::Done(serial, best) => {
                session.search_done(serial, best);
                true
            }
            Event::Eof => false,
        };
        if !go_on {
            break;
        }
    }
    session.stop();
}
