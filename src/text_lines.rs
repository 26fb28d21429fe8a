//! Input lines for the protocols. A GUI may send bytes that are not UTF-8
//! (a Latin-1 player name in XBoard's `name`): such a line is read with
//! replacement characters instead of ending the session.

use std::io::BufRead;

/// The lines of `input`, without their line ends, until its end or a read
/// error.
pub fn lossy_lines(mut input: impl BufRead) -> impl Iterator<Item = String> {
    std::iter::from_fn(move || {
        let mut bytes = Vec::new();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => None,
            Ok(_) => {
                while bytes.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
                    bytes.pop();
                }
                Some(String::from_utf8_lossy(&bytes).into_owned())
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::lossy_lines;

    #[test]
    fn bad_bytes_are_replaced_not_fatal() {
        let input: &[u8] = b"name J\xfcrgen\r\nping 1\nlast";
        let lines: Vec<String> = lossy_lines(input).collect();
        assert_eq!(lines, ["name J\u{fffd}rgen", "ping 1", "last"]);
    }
}
