//! Input lines for the protocols and the referee. A GUI may send bytes that
//! are not UTF-8 (a Latin-1 player name in XBoard's `name`): such a line is
//! read with replacement characters instead of ending the session. A line
//! is never held whole past a cap: a peer that sends no newline must not
//! fill the memory.

use std::io::BufRead;

/// The longest command line the protocols read (1 MiB; a FEN with a long
/// move list is a few kilobytes).
pub const MAX_COMMAND_BYTES: usize = 1 << 20;

/// Reads one line into `buf` (cleared first), keeping at most `cap` bytes
/// of it and reading the rest of it to the newline without keeping it.
/// Returns None at the end of the input (or on a read error) when nothing
/// was read, else whether the line was cut.
pub fn read_capped_line(input: &mut impl BufRead, cap: usize, buf: &mut Vec<u8>) -> Option<bool> {
    buf.clear();
    let mut cut = false;
    let mut read_any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        if chunk.is_empty() {
            break;
        }
        read_any = true;
        let (part, ends) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], true),
            None => (chunk, false),
        };
        let room = cap.saturating_sub(buf.len());
        cut |= part.len() > room;
        buf.extend_from_slice(&part[..part.len().min(room)]);
        let used = part.len() + usize::from(ends);
        input.consume(used);
        if ends {
            break;
        }
    }
    if !read_any {
        return None;
    }
    while buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Some(cut)
}

/// One input line of a protocol.
#[derive(Debug, PartialEq, Eq)]
pub enum InputLine {
    Text(String),
    /// A line longer than `MAX_COMMAND_BYTES`, dropped whole.
    TooLong,
}

/// The lines of `input`, without their line ends, until its end or a read
/// error.
pub fn lossy_lines(mut input: impl BufRead) -> impl Iterator<Item = InputLine> {
    let mut bytes = Vec::new();
    std::iter::from_fn(move || {
        let cut = read_capped_line(&mut input, MAX_COMMAND_BYTES, &mut bytes)?;
        Some(if cut {
            InputLine::TooLong
        } else {
            InputLine::Text(String::from_utf8_lossy(&bytes).into_owned())
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(input: &[u8]) -> Vec<InputLine> {
        lossy_lines(input).collect()
    }

    #[test]
    fn bad_bytes_are_replaced_not_fatal() {
        let lines = texts(b"name J\xfcrgen\r\nping 1\nlast");
        let want = ["name J\u{fffd}rgen", "ping 1", "last"].map(|s| InputLine::Text(s.into()));
        assert_eq!(lines, want);
    }

    #[test]
    fn a_line_past_the_cap_is_dropped_and_the_next_one_read() {
        let mut input = vec![b'x'; MAX_COMMAND_BYTES + 10];
        input.extend_from_slice(b"\nisready\n");
        let lines = texts(&input);
        assert_eq!(
            lines,
            [InputLine::TooLong, InputLine::Text("isready".into())]
        );
        // Exactly at the cap is still a line.
        let mut input = vec![b'y'; MAX_COMMAND_BYTES];
        input.push(b'\n');
        assert!(matches!(&texts(&input)[..], [InputLine::Text(t)] if t.len() == MAX_COMMAND_BYTES));
    }

    #[test]
    fn the_rest_of_a_cut_line_is_not_kept() {
        // A reader that yields a long line in small chunks: the buffer
        // never grows past the cap.
        let input = std::io::BufReader::with_capacity(7, &b"abcdefghijklmnopqrstuvwxyz\nok"[..]);
        let mut reader = input;
        let mut buf = Vec::new();
        assert_eq!(read_capped_line(&mut reader, 5, &mut buf), Some(true));
        assert_eq!(buf, b"abcde");
        assert_eq!(read_capped_line(&mut reader, 5, &mut buf), Some(false));
        assert_eq!(buf, b"ok");
        assert_eq!(read_capped_line(&mut reader, 5, &mut buf), None);
    }
}
