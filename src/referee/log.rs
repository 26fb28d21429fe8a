//! The optional log of everything said to and by the engines (`--log FILE`).

use std::io::Write;
use std::sync::{Arc, Mutex};

/// Where engine input and output is logged; `None` logs nothing.
#[derive(Clone, Default)]
pub struct IoLog {
    file: Option<Arc<Mutex<std::fs::File>>>,
    prefix: String,
}

impl IoLog {
    pub fn new(file: Option<Arc<Mutex<std::fs::File>>>) -> IoLog {
        IoLog {
            file,
            prefix: String::new(),
        }
    }

    /// The same log, its lines tagged with `prefix` (game and engine).
    pub fn tagged(&self, prefix: String) -> IoLog {
        IoLog {
            file: self.file.clone(),
            prefix,
        }
    }

    /// Logs a line sent (`>`) or received (`<`).
    pub fn write(&self, direction: char, line: &str) {
        if let Some(f) = &self.file {
            if let Ok(mut f) = f.lock() {
                let _ = writeln!(f, "{} {direction} {line}", self.prefix);
            }
        }
    }
}
