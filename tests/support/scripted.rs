//! Input for a protocol adapter run in-process, fed as a GUI feeds it:
//! lines, and waits for a reply before the lines that follow (a GUI waits
//! for `bestmove` before it sends `quit`; the end of the input stops a
//! search as a GUI that died would).

use std::collections::VecDeque;
use std::io::{BufRead, Read};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Where an adapter writes; the script reads it to know when to go on.
pub type Output = Arc<Mutex<Vec<u8>>>;

/// The longest a wait lasts; then the input ends and the test's own
/// checks say what was missing.
const WAIT_LIMIT: Duration = Duration::from_secs(30);

enum Step {
    Bytes(Vec<u8>),
    /// Until the output holds this line (whole; a final `*` matches any
    /// line that starts with the rest).
    WaitFor(String),
    Pause(Duration),
}

pub struct Scripted {
    steps: VecDeque<Step>,
    out: Output,
    current: Vec<u8>,
    at: usize,
}

impl Scripted {
    pub fn new(out: &Output) -> Scripted {
        Scripted {
            steps: VecDeque::new(),
            out: out.clone(),
            current: Vec::new(),
            at: 0,
        }
    }

    /// A script in text: every line is sent, except that a line
    /// `@wait TEXT` waits for the output line TEXT and `@pause MS` waits
    /// that many milliseconds.
    pub fn text(out: &Output, script: &str) -> Scripted {
        let mut s = Scripted::new(out);
        for line in script.lines() {
            let pause = line.strip_prefix("@pause ").and_then(|ms| ms.parse().ok());
            s = match (line.strip_prefix("@wait "), pause) {
                (Some(text), _) => s.wait_for(text),
                (None, Some(ms)) => s.pause(Duration::from_millis(ms)),
                (None, None) => s.send(format!("{line}\n").as_bytes()),
            };
        }
        s
    }

    pub fn send(mut self, bytes: &[u8]) -> Scripted {
        self.steps.push_back(Step::Bytes(bytes.to_vec()));
        self
    }

    pub fn wait_for(mut self, line: &str) -> Scripted {
        self.steps.push_back(Step::WaitFor(line.to_string()));
        self
    }

    pub fn pause(mut self, time: Duration) -> Scripted {
        self.steps.push_back(Step::Pause(time));
        self
    }

    fn output_has(&self, wanted: &str) -> bool {
        let bytes = self.out.lock().map(|b| b.clone()).unwrap_or_default();
        String::from_utf8_lossy(&bytes).lines().any(|l| {
            l == wanted || (wanted.ends_with('*') && l.starts_with(&wanted[..wanted.len() - 1]))
        })
    }
}

impl Read for Scripted {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Scripted {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        while self.at >= self.current.len() {
            match self.steps.pop_front() {
                None => return Ok(&[]),
                Some(Step::Bytes(b)) => {
                    self.current = b;
                    self.at = 0;
                }
                Some(Step::Pause(time)) => std::thread::sleep(time),
                Some(Step::WaitFor(line)) => {
                    let start = Instant::now();
                    while !self.output_has(&line) && start.elapsed() < WAIT_LIMIT {
                        std::thread::sleep(Duration::from_millis(2));
                    }
                }
            }
        }
        Ok(&self.current[self.at..])
    }

    fn consume(&mut self, n: usize) {
        self.at += n;
    }
}
