//! An engine as a child process: lines written to its standard input, lines
//! read from its standard output by a reader thread, with deadlines, so a
//! silent engine never blocks the referee.

use crate::text_lines::read_capped_line;
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::log::IoLog;

/// Lines read ahead of the referee.
const LINES_QUEUED: usize = 4096;
/// The longest line kept; engines' lines are far shorter.
const LINE_BYTES: usize = 64 * 1024;

/// Why talking to an engine process failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProcessError {
    /// The program could not be started.
    Spawn(String),
    /// Its output ended (it exited or crashed).
    Exited,
    /// Writing to it failed (it is gone).
    Write(String),
    /// No line came before the deadline.
    Timeout,
}

impl std::fmt::Display for ProcessError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProcessError::Spawn(e) => write!(f, "cannot start: {e}"),
            ProcessError::Exited => write!(f, "the engine exited"),
            ProcessError::Write(e) => write!(f, "cannot write to the engine: {e}"),
            ProcessError::Timeout => write!(f, "no answer in time"),
        }
    }
}

impl std::error::Error for ProcessError {}

/// A running engine. Dropping it kills the process.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    log: IoLog,
}

impl EngineProcess {
    /// Starts `program` with `args` (in `dir` if given); its standard error
    /// is discarded.
    pub fn spawn(
        program: &str,
        args: &[String],
        dir: Option<&str>,
        log: IoLog,
    ) -> Result<EngineProcess, ProcessError> {
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(d) = dir {
            command.current_dir(d);
        }
        // A group of its own: whatever the engine starts (a wrapper script's
        // child) is ended with it.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| ProcessError::Spawn(format!("{program}: {e}")))?;
        let stdin = child.stdin.take();
        let Some(stdout) = child.stdout.take() else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(ProcessError::Spawn(format!("{program}: no stdout")));
        };
        // Bounded: an engine that floods its output waits for the referee
        // instead of filling the memory.
        let (tx, rx) = mpsc::sync_channel(LINES_QUEUED);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            // A line is cut at LINE_BYTES; the rest of it is skipped.
            while read_capped_line(&mut reader, LINE_BYTES, &mut buf).is_some() {
                // Bad UTF-8 is garbage, not a reason to stop reading.
                let line = String::from_utf8_lossy(&buf).into_owned();
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(EngineProcess {
            child,
            stdin,
            lines: rx,
            log,
        })
    }

    /// Writes one line.
    pub fn send(&mut self, line: &str) -> Result<(), ProcessError> {
        self.log.write('>', line);
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(ProcessError::Write("input closed".to_string()));
        };
        stdin
            .write_all(line.as_bytes())
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush())
            .map_err(|e| ProcessError::Write(e.to_string()))
    }

    /// The next line, waiting at most until `deadline`.
    pub fn recv(&mut self, deadline: Instant) -> Result<String, ProcessError> {
        // Past the deadline even a queued line is too late: an engine that
        // talks without end must still run out of time.
        let now = Instant::now();
        if now >= deadline {
            return Err(ProcessError::Timeout);
        }
        let wait = deadline - now;
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                self.log.write('<', &line);
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(ProcessError::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(ProcessError::Exited),
        }
    }

    /// Asks the engine to stop with `quit_line`, waits up to `grace`, then kills it.
    pub fn shutdown(mut self, quit_line: &str, grace: Duration) {
        let _ = self.send(quit_line);
        self.stdin = None;
        let end = Instant::now() + grace;
        while Instant::now() < end {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        // Drop ends what is left of its group.
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        // The whole group, even when the engine itself has exited: a
        // wrapper that did not `exec` leaves its child behind.
        kill_group(&self.child);
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// Kills every process of the child's group (its id is the child's).
#[cfg(unix)]
fn kill_group(child: &Child) {
    if let Ok(group) = libc::pid_t::try_from(child.id()) {
        // SAFETY: kill() takes plain integers and touches no memory of ours.
        unsafe {
            libc::kill(-group, libc::SIGKILL);
        }
    }
}

#[cfg(not(unix))]
fn kill_group(_child: &Child) {}
