//! The lexical layer of a game file: `[name]` and `[name:parent]` section
//! headers, `key = value` lines, `#` and `;` comment lines, each remembered
//! with its line number for the errors.

use crate::rules::game_text::problem::Problem;

/// Largest game file read, in bytes.
pub const MAX_FILE_BYTES: usize = 1 << 20;
/// Longest line of a game file, in bytes.
pub const MAX_LINE_BYTES: usize = 4096;
/// Most sections one file may hold.
pub const MAX_SECTIONS: usize = 1000;

/// One `key = value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: String,
    pub value: String,
    pub line: usize,
}

/// One section as written: its header and its lines in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub name: String,
    pub parent: Option<String>,
    /// The header's line.
    pub line: usize,
    /// The file it was read from, for the errors (`-` for a text).
    pub file: String,
    pub entries: Vec<Entry>,
}

/// Whether `name` may name a game: small letters, digits, `-` and `_`.
pub fn is_game_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
}

/// The sections of a file's text, or every line that is wrong.
pub fn read_sections(file: &str, text: &str) -> Result<Vec<Section>, Vec<Problem>> {
    if text.len() > MAX_FILE_BYTES {
        let why = format!(
            "the file has {} bytes, at most {MAX_FILE_BYTES} are read",
            text.len()
        );
        return Err(vec![Problem::at(file, 0, "", why)]);
    }
    let mut sections: Vec<Section> = Vec::new();
    let mut problems = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let problem = |why: String| Problem::at(file, line, "", why);
        if raw.len() > MAX_LINE_BYTES {
            problems.push(problem(format!("a line of at most {MAX_LINE_BYTES} bytes")));
            continue;
        }
        let content = strip_comment(raw).trim();
        if content.is_empty() {
            continue;
        }
        if content.starts_with('[') {
            match header(content) {
                Ok((name, parent)) => sections.push(Section {
                    name,
                    parent,
                    line,
                    file: file.to_string(),
                    entries: Vec::new(),
                }),
                Err(why) => problems.push(problem(why)),
            }
            if sections.len() > MAX_SECTIONS {
                problems.push(problem(format!("more than {MAX_SECTIONS} sections")));
                break;
            }
            continue;
        }
        let Some((key, value)) = content.split_once('=') else {
            problems.push(problem(format!(
                "'{content}' is neither a section header '[name]' nor a 'key = value' line"
            )));
            continue;
        };
        let key = key.trim();
        let Some(section) = sections.last_mut() else {
            problems.push(Problem::at(
                file,
                line,
                key,
                "a key before any section".into(),
            ));
            continue;
        };
        if key.is_empty() || key.contains(char::is_whitespace) {
            problems.push(problem(format!(
                "'{key}' is not a key (one word before '=')"
            )));
            continue;
        }
        if let Some(first) = section.entries.iter().find(|e| e.key == key) {
            let why = format!(
                "set twice in [{}] (first on line {})",
                section.name, first.line
            );
            problems.push(Problem::at(file, line, key, why));
            continue;
        }
        section.entries.push(Entry {
            key: key.to_string(),
            value: value.trim().to_string(),
            line,
        });
    }
    match problems.is_empty() {
        true => Ok(sections),
        false => Err(problems),
    }
}

/// A line without its comment: a line that starts with `#` or `;` is all
/// comment, and so is the rest of a line from a `#` after a space.
fn strip_comment(raw: &str) -> &str {
    let t = raw.trim_start();
    if t.starts_with('#') || t.starts_with(';') {
        return "";
    }
    match raw.find(" #").or_else(|| raw.find("\t#")) {
        Some(i) => &raw[..i],
        None => raw,
    }
}

/// `[name]` or `[name:parent]`.
fn header(content: &str) -> Result<(String, Option<String>), String> {
    let Some(inner) = content.strip_prefix('[').and_then(|c| c.strip_suffix(']')) else {
        return Err(format!(
            "'{content}': a section header is '[name]' or '[name:parent]'"
        ));
    };
    let (name, parent) = match inner.split_once(':') {
        Some((n, p)) => (n.trim(), Some(p.trim())),
        None => (inner.trim(), None),
    };
    for n in std::iter::once(name).chain(parent) {
        if !is_game_name(n) {
            return Err(format!(
                "'{n}' is not a game name: 1 to 64 small letters, digits, '-' or '_'"
            ));
        }
    }
    if parent == Some(name) {
        return Err(format!("'{name}' names itself as its parent"));
    }
    Ok((name.to_string(), parent.map(str::to_string)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_keys_and_comments() {
        let text = "# a file\n[a]\nmaxRank = 8 # eight\n; note\n[b:a]\nx=1\n";
        let s = read_sections("f", text).expect("reads");
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].entries[0].value, "8");
        assert_eq!(s[0].entries[0].line, 3);
        assert_eq!(s[1].parent.as_deref(), Some("a"));
        assert_eq!(s[1].entries[0].key, "x");
    }

    #[test]
    fn every_bad_line_is_named() {
        let text = "x = 1\n[A]\n[a]\nno equals\n[b:b]\n";
        let e = read_sections("f", text).expect_err("bad");
        let lines: Vec<usize> = e.iter().map(|p| p.line).collect();
        assert_eq!(lines, [1, 2, 4, 5]);
    }
}
