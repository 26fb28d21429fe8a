//! A file of another engine's scores, so that a second fit on the same
//! games asks the engine only for positions it has not scored yet. Its
//! first line names what made the scores (the game, the engine's command
//! and depth); a file made otherwise is refused, not mixed. Each further
//! line is a FEN, a tab, and the engine's score in centipawns for the
//! side to move.

use crate::file_input::read_text;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// A cache file holds at most this many bytes (some ten million scores).
const MAX_CACHE_BYTES: usize = 1 << 30;

/// The scores already known, and the file they live in (none: kept
/// only for this run).
pub struct LabelCache {
    path: Option<PathBuf>,
    header: String,
    scores: HashMap<String, i32>,
}

impl LabelCache {
    /// The scores of `path` made as `header` says; none if the file does
    /// not exist yet.
    pub fn open(path: &Path, header: &str) -> Result<Self, String> {
        let mut cache = LabelCache {
            path: Some(path.to_path_buf()),
            header: header.to_string(),
            scores: HashMap::new(),
        };
        if !path.exists() {
            return Ok(cache);
        }
        let text = read_text(&path.to_string_lossy(), MAX_CACHE_BYTES)?;
        // A last line without its newline was cut short (a run stopped
        // while writing): it is not read, and it is cut off the file so
        // that what is added next starts on a line of its own.
        let whole = match text.rfind('\n') {
            Some(end) => &text[..=end],
            None => "",
        };
        cache.scores = parse(whole, header).map_err(|e| format!("{}: {e}", path.display()))?;
        if whole.len() < text.len() {
            std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .and_then(|f| f.set_len(whole.len() as u64))
                .map_err(|e| format!("cannot mend {}: {e}", path.display()))?;
        }
        Ok(cache)
    }

    /// A cache without a file.
    pub fn in_memory() -> Self {
        LabelCache {
            path: None,
            header: String::new(),
            scores: HashMap::new(),
        }
    }

    pub fn get(&self, fen: &str) -> Option<i32> {
        self.scores.get(fen).copied()
    }

    pub fn len(&self) -> usize {
        self.scores.len()
    }

    /// Adds scores to the cache and to its file (which is created, with
    /// its header, if it does not exist).
    pub fn add(&mut self, new: &[(String, i32)]) -> Result<(), String> {
        for (fen, score) in new {
            self.scores.insert(fen.clone(), *score);
        }
        let Some(path) = &self.path else {
            return Ok(());
        };
        let mut text = String::new();
        if !path.exists() {
            text += &self.header;
            text.push('\n');
        }
        for (fen, score) in new {
            text += &format!("{fen}\t{score}\n");
        }
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .and_then(|mut f| f.write_all(text.as_bytes()))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

/// The scores of a cache file's text, checked against `header`.
fn parse(text: &str, header: &str) -> Result<HashMap<String, i32>, String> {
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("");
    if first != header {
        return Err(format!(
            "made by \"{first}\", not \"{header}\" (name another file)"
        ));
    }
    let mut scores = HashMap::new();
    for (i, line) in lines.enumerate() {
        let number = i + 2;
        let (fen, score) = line
            .split_once('\t')
            .ok_or_else(|| format!("line {number}: not a FEN, a tab and a score"))?;
        let score: i32 = score
            .trim()
            .parse()
            .map_err(|_| format!("line {number}: \"{score}\" is not a score"))?;
        scores.insert(fen.to_string(), score);
    }
    Ok(scores)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("menagerie-cache-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let path = dir.join(name);
        let _ = std::fs::remove_file(&path);
        path
    }

    #[test]
    fn scores_survive_a_reopening() {
        let path = scratch("round.txt");
        let mut cache = LabelCache::open(&path, "# h").expect("no file yet");
        assert_eq!(cache.len(), 0);
        cache.add(&[("8/8 w".to_string(), 31)]).expect("written");
        cache.add(&[("8/8 b".to_string(), -7)]).expect("appended");
        let again = LabelCache::open(&path, "# h").expect("read back");
        assert_eq!(
            (again.get("8/8 w"), again.get("8/8 b")),
            (Some(31), Some(-7))
        );
        assert_eq!(again.len(), 2);
    }

    #[test]
    fn a_line_cut_short_is_dropped_and_written_past() {
        let path = scratch("cut.txt");
        std::fs::write(&path, "# h\nfen a\t5\nfen b\t1").expect("written");
        let mut cache = LabelCache::open(&path, "# h").expect("read");
        assert_eq!((cache.get("fen a"), cache.get("fen b")), (Some(5), None));
        cache.add(&[("fen c".to_string(), 9)]).expect("appended");
        let again = LabelCache::open(&path, "# h").expect("read back");
        assert_eq!((again.get("fen b"), again.get("fen c")), (None, Some(9)));
        assert_eq!(again.len(), 2);
    }

    #[test]
    fn another_makers_file_is_refused() {
        let path = scratch("other.txt");
        LabelCache::open(&path, "# depth 8")
            .and_then(|mut c| c.add(&[("x".to_string(), 1)]))
            .expect("written");
        let err = LabelCache::open(&path, "# depth 10")
            .map(|_| ())
            .expect_err("refused");
        assert!(err.contains("depth 8"), "{err}");
    }

    #[test]
    fn a_bad_line_is_named() {
        let err = parse("# h\nfen\t12\nfen two\n", "# h").expect_err("refused");
        assert!(err.starts_with("line 3"), "{err}");
        let err = parse("# h\nfen\tx\n", "# h").expect_err("refused");
        assert!(err.starts_with("line 2"), "{err}");
    }
}
