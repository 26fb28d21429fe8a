//! Options that name a file (`EvalWeights`, `VariantPath`) in both
//! protocols: what is not a regular file (a device, a named pipe) is
//! refused at once by name, before it is opened (opening a pipe blocks
//! until someone writes to it; a device may never end), and the engine
//! goes on answering.

use crate::support::scripted::{Output, Scripted};
use menagerie::{uci, xboard};
use std::io::BufRead;
use std::path::PathBuf;
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

/// Far beyond the milliseconds the refusals take: only a blocked engine
/// waits this long.
const HANG_LIMIT: Duration = Duration::from_secs(60);

#[derive(Clone, Copy, Debug)]
enum Protocol {
    Uci,
    Xboard,
}

/// Runs `script` (see `Scripted::text`) to its end in a thread; the
/// output, or a failure if the adapter has not ended within `HANG_LIMIT`.
fn run(protocol: Protocol, script: &str) -> String {
    let buffer: Output = Arc::new(Mutex::new(Vec::new()));
    let input: Box<dyn BufRead + Send> = Box::new(Scripted::text(&buffer, script));
    let out = buffer.clone();
    let (done, ended) = mpsc::channel();
    std::thread::spawn(move || {
        match protocol {
            Protocol::Uci => uci::run(input, out, None),
            Protocol::Xboard => xboard::run(input, out, None),
        }
        let _ = done.send(());
    });
    let ended = ended.recv_timeout(HANG_LIMIT).is_ok();
    let text = String::from_utf8_lossy(&buffer.lock().unwrap()).into_owned();
    assert!(ended, "{protocol:?} blocked; so far:\n{text}");
    text
}

/// Sets each option to `path` and asks whether the engine is still there.
fn set_both_options(protocol: Protocol, path: &str) -> String {
    let script = match protocol {
        Protocol::Uci => format!(
            "uci\nsetoption name EvalWeights value {path}\n\
             setoption name VariantPath value {path}\nisready\n@wait readyok\nquit\n"
        ),
        Protocol::Xboard => format!(
            "xboard\nprotover 2\noption EvalWeights={path}\n\
             option VariantPath={path}\nping 1\n@wait pong 1\nquit\n"
        ),
    };
    run(protocol, &script)
}

fn check_refused(protocol: Protocol, path: &str, out: &str) {
    let answered = match protocol {
        Protocol::Uci => "readyok",
        Protocol::Xboard => "pong 1",
    };
    assert!(out.lines().any(|l| l == answered), "{protocol:?}:\n{out}");
    let refusals = out
        .lines()
        .filter(|l| l.contains(path) && l.contains("not a regular file"))
        .count();
    assert_eq!(
        refusals, 2,
        "{protocol:?}: both options refuse {path}:\n{out}"
    );
}

#[test]
fn a_device_is_refused_by_both_options() {
    for protocol in [Protocol::Uci, Protocol::Xboard] {
        let out = set_both_options(protocol, "/dev/zero");
        check_refused(protocol, "/dev/zero", &out);
    }
}

/// A named pipe in a directory of its own.
struct Fifo {
    dir: PathBuf,
    path: String,
}

impl Fifo {
    fn new(name: &str) -> Fifo {
        let dir = std::env::temp_dir().join(format!("menagerie-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&path).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo {}", path.display());
        let path = path.display().to_string();
        Fifo { dir, path }
    }
}

impl Drop for Fifo {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[test]
fn a_named_pipe_is_refused_without_waiting_for_a_writer() {
    for protocol in [Protocol::Uci, Protocol::Xboard] {
        let fifo = Fifo::new(&format!("{protocol:?}-fifo"));
        let out = set_both_options(protocol, &fifo.path);
        check_refused(protocol, &fifo.path, &out);
    }
}
