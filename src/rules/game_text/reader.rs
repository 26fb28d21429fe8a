//! A section's settings as the key readers take them: each key read at
//! most once, every refusal kept with its line, and what no reader took
//! reported at the end (an unknown key is an error, never ignored).

use crate::rules::game_text::inherit::Setting;
use crate::rules::game_text::problem::Problem;
use crate::rules::game_text::support;

pub struct Reader<'a> {
    settings: &'a [Setting],
    used: Vec<bool>,
    problems: Vec<Problem>,
    /// Where the section's header is, for problems of no one key.
    file: String,
    line: usize,
}

impl<'a> Reader<'a> {
    pub fn new(settings: &'a [Setting], file: &str, line: usize) -> Reader<'a> {
        Reader {
            settings,
            used: vec![false; settings.len()],
            problems: Vec::new(),
            file: file.to_string(),
            line,
        }
    }

    /// The setting of `key`, taken.
    pub fn get(&mut self, key: &str) -> Option<&'a Setting> {
        let i = self.settings.iter().position(|s| s.key == key)?;
        self.used[i] = true;
        Some(&self.settings[i])
    }

    /// The value of `key` read by `parse`; a refusal is kept and gives `None`.
    pub fn read<T>(
        &mut self,
        key: &str,
        parse: impl FnOnce(&str) -> Result<T, String>,
    ) -> Option<T> {
        let s = self.get(key)?;
        match parse(&s.value) {
            Ok(v) => Some(v),
            Err(why) => {
                self.refuse(s, why);
                None
            }
        }
    }

    /// `read`, or `default` where the key is absent or refused.
    pub fn read_or<T>(
        &mut self,
        key: &str,
        default: T,
        parse: impl FnOnce(&str) -> Result<T, String>,
    ) -> T {
        self.read(key, parse).unwrap_or(default)
    }

    /// Every setting whose key `matches`, taken, in order.
    pub fn family(&mut self, matches: impl Fn(&str) -> bool) -> Vec<&'a Setting> {
        let mut out = Vec::new();
        for (i, s) in self.settings.iter().enumerate() {
            if !self.used[i] && matches(&s.key) {
                self.used[i] = true;
                out.push(s);
            }
        }
        out
    }

    /// Keeps a problem of a setting: at its line, or, for a setting this
    /// game inherits, at the game's header, saying where it was set.
    pub fn refuse(&mut self, s: &Setting, why: String) {
        let (file, line, note) = self.where_set(s);
        self.problems
            .push(Problem::at(&file, line, &s.key, format!("{why}{note}")));
    }

    fn where_set(&self, s: &Setting) -> (String, usize, String) {
        match s.inherited {
            true => {
                let note = format!(" (as inherited from {}:{})", s.file, s.line);
                (self.file.clone(), self.line, note)
            }
            false => (s.file.clone(), s.line, String::new()),
        }
    }

    /// Keeps a problem of the key's line if it is set, else of the header.
    pub fn refuse_key(&mut self, key: &str, why: String) {
        match self.settings.iter().find(|s| s.key == key) {
            Some(s) => self.refuse(s, why),
            None => self.refuse_section(why),
        }
    }

    /// Keeps a problem of the section as a whole.
    pub fn refuse_section(&mut self, why: String) {
        self.problems
            .push(Problem::at(&self.file, self.line, "", why));
    }

    /// Where a later problem of `key` is told: (file, line, a note on
    /// where an inherited value was set), as `refuse` tells it.
    pub fn place(&self, key: &str) -> (String, usize, String) {
        match self.settings.iter().find(|s| s.key == key) {
            Some(s) => self.where_set(s),
            None => (self.file.clone(), self.line, String::new()),
        }
    }

    /// The problems, the keys no reader took among them.
    pub fn finish(mut self) -> Vec<Problem> {
        for (i, s) in self.settings.iter().enumerate() {
            if !self.used[i] {
                let why = support::unknown_key_reason(&s.key);
                self.problems
                    .push(Problem::at(&s.file, s.line, &s.key, why));
            }
        }
        self.problems
    }
}
