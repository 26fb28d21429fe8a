//! The kinds of value a key takes: yes/no, numbers, files, ranks, squares
//! and regions, piece symbols, and per-piece lists (`s:qrbn w:g`). Each
//! reader returns the reason a value is refused, the caller adds where.

/// `true` or `false` (also `yes`/`no`, `on`/`off`, `1`/`0`).
pub fn boolean(value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "true" | "yes" | "on" | "1" => Ok(true),
        "false" | "no" | "off" | "0" => Ok(false),
        _ => Err(format!("'{value}' is not true or false")),
    }
}

/// A whole number from `least` to `most`.
pub fn number(value: &str, least: u32, most: u32) -> Result<u32, String> {
    match value.parse::<u32>() {
        Ok(n) if (least..=most).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{value}' is not a whole number from {least} to {most}"
        )),
    }
}

/// A file by letter (`a` is the first) or by count (`8`: the eighth):
/// its index from 0.
pub fn file(value: &str, most: u8) -> Result<u8, String> {
    let bad = || format!("'{value}' is not a file: a letter from a, or a number from 1");
    let index = match value.parse::<u8>() {
        Ok(n) if n >= 1 => n - 1,
        Ok(_) => return Err(bad()),
        Err(_) => match value.as_bytes() {
            [c] if c.is_ascii_lowercase() => c - b'a',
            _ => return Err(bad()),
        },
    };
    match index < most {
        true => Ok(index),
        false => Err(format!("file '{value}' is beyond the board's {most} files")),
    }
}

/// A rank, counted from 1: its index from 0.
pub fn rank(value: &str, height: u8) -> Result<u8, String> {
    match value.parse::<u8>() {
        Ok(r) if (1..=height).contains(&r) => Ok(r - 1),
        _ => Err(format!("'{value}' is not a rank from 1 to {height}")),
    }
}

/// Ranks counted from 1, as a list and ranges: `1-6`, `3`, `2,4,6`,
/// `3-6 8`. Their indices from 0, in the order written.
pub fn ranks(value: &str, height: u8) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    for part in value.split([',', ' ']).filter(|p| !p.is_empty()) {
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (rank(a, height)?, rank(b, height)?);
                if a > b {
                    return Err(format!("'{part}': a range of ranks goes upwards"));
                }
                out.extend(a..=b);
            }
            None => out.push(rank(part, height)?),
        }
    }
    match out.is_empty() {
        true => Err("no rank given".to_string()),
        false => Ok(out),
    }
}

/// A set of grid cells, as (file, rank) from 0: square names (`e4`),
/// whole ranks (`*1`), whole files (`a*`), separated by spaces.
pub fn region(value: &str, width: u8, height: u8) -> Result<Vec<(u8, u8)>, String> {
    let mut cells = Vec::new();
    for token in value.split_whitespace() {
        if token == "-" {
            break;
        }
        if let Some(r) = token.strip_prefix('*') {
            let r = rank(r, height)?;
            cells.extend((0..width).map(|f| (f, r)));
        } else if let Some(f) = token.strip_suffix('*') {
            let f = file(f, width)?;
            cells.extend((0..height).map(|r| (f, r)));
        } else {
            cells.push(square(token, width, height)?);
        }
    }
    cells.sort();
    cells.dedup();
    Ok(cells)
}

/// A square's name (`a1`, `j10`) as (file, rank) from 0.
pub fn square(token: &str, width: u8, height: u8) -> Result<(u8, u8), String> {
    let bad = || format!("'{token}' is not a square of a {width}x{height} board");
    let mut chars = token.chars();
    let f = chars
        .next()
        .filter(char::is_ascii_lowercase)
        .ok_or_else(bad)?;
    let f = file(&f.to_string(), width).map_err(|_| bad())?;
    let r = rank(chars.as_str(), height).map_err(|_| bad())?;
    Ok((f, r))
}

/// Piece symbols written one after another (`qrbn`, `+r+b`, `Q R`), as
/// upper-case symbols (`Q`, `+R`); either case is read, `-` is none.
pub fn symbols(value: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    if value.trim() == "-" {
        return Ok(out);
    }
    let mut plus = false;
    for c in value.chars().filter(|c| !c.is_whitespace() && *c != ',') {
        match c {
            '+' if !plus => plus = true,
            c if c.is_ascii_alphabetic() => {
                let letter = c.to_ascii_uppercase();
                out.push(if plus {
                    format!("+{letter}")
                } else {
                    letter.to_string()
                });
                plus = false;
            }
            _ => return Err(format!("'{value}': '{c}' is not a piece letter")),
        }
    }
    if plus {
        return Err(format!("'{value}' ends with '+'"));
    }
    Ok(out)
}

/// One piece symbol.
pub fn symbol(value: &str) -> Result<String, String> {
    match symbols(value)?.as_slice() {
        [one] => Ok(one.clone()),
        _ => Err(format!("'{value}' is not one piece letter")),
    }
}

/// A per-piece list: `s:qrbn w:g` as (symbol, text after the colon).
pub fn per_piece(value: &str) -> Result<Vec<(String, String)>, String> {
    let mut out: Vec<(String, String)> = Vec::new();
    for item in value.split_whitespace() {
        let Some((who, what)) = item.split_once(':') else {
            return Err(format!("'{item}' is not 'letter:value'"));
        };
        let who = symbol(who)?;
        if out.iter().any(|(w, _)| *w == who) {
            return Err(format!("{who} is given twice"));
        }
        out.push((who, what.to_string()));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_and_refuse() {
        assert_eq!(ranks("1-3 5", 8), Ok(vec![0, 1, 2, 4]));
        assert!(ranks("9", 8).is_err());
        assert!(ranks("3-1", 8).is_err());
        assert_eq!(file("h", 8), Ok(7));
        assert_eq!(file("10", 10), Ok(9));
        assert!(file("i", 8).is_err());
        assert_eq!(
            region("a* *1", 2, 3),
            Ok(vec![(0, 0), (0, 1), (0, 2), (1, 0)])
        );
        assert_eq!(square("j10", 10, 10), Ok((9, 9)));
        assert_eq!(
            symbols("q+rB"),
            Ok(vec!["Q".into(), "+R".into(), "B".into()])
        );
        assert!(symbols("q+").is_err());
        assert!(symbols("q1").is_err());
        assert_eq!(
            per_piece("s:qrbn w:7"),
            Ok(vec![("S".into(), "qrbn".into()), ("W".into(), "7".into())])
        );
        assert!(per_piece("s:q s:r").is_err());
        assert!(boolean("maybe").is_err());
    }
}
