//! Where a protocol adapter's replies go: one writer shared by the
//! protocol's loop and the search thread, each reply a whole line flushed
//! at once. UCI and XBoard both write through it.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// Where replies go; shared with the search thread.
pub type Output = Arc<Mutex<dyn Write + Send>>;

/// Prints one reply and flushes: the search thread prints too.
pub(crate) fn say(out: &Output, reply: impl std::fmt::Display) {
    if let Ok(mut o) = out.lock() {
        let _ = writeln!(o, "{reply}");
        let _ = o.flush();
    }
}
