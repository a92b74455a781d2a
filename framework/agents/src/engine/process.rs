//! An engine's process: started with pipes, its output read line by line
//! on a thread (so that every read has a deadline), its stderr kept in a
//! bounded log, and killed when it misbehaves.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The longest line an engine may send (a principal variation of a few
/// thousand moves); a longer one is protocol garbage.
pub const MAX_LINE: usize = 64 * 1024;

/// How many lines the engine may write before they are read.
const LINES_AHEAD: usize = 256;

/// How much of an engine's stderr is kept: the last this many bytes.
pub const MAX_LOG: usize = 64 * 1024;

/// How long a closing engine is given to exit before it is killed, and an
/// engine that closed its output to report its exit status.
const GRACE: Duration = Duration::from_millis(500);

/// What the engine wrote to stderr (its last [`MAX_LOG`] bytes) and the
/// agent's own notes, shared with the thread that reads stderr.
#[derive(Debug, Default)]
pub struct Log {
    bytes: Vec<u8>,
    dropped: usize,
}

impl Log {
    fn push(&mut self, bytes: &[u8]) {
        self.bytes.extend_from_slice(bytes);
        if self.bytes.len() > 2 * MAX_LOG {
            let cut = self.bytes.len() - MAX_LOG;
            self.bytes.drain(..cut);
            self.dropped += cut;
        }
    }

    /// Adds a line of the agent's own, marked `[tabula]`.
    pub fn note(&mut self, text: &str) {
        if !self.bytes.is_empty() && !self.bytes.ends_with(b"\n") {
            self.bytes.push(b'\n');
        }
        self.push(format!("[tabula] {text}\n").as_bytes());
    }

    /// The text so far, emptied; `None` when there is none.
    pub fn take(&mut self) -> Option<String> {
        if self.bytes.is_empty() {
            return None;
        }
        let start = self.bytes.len().saturating_sub(MAX_LOG);
        let dropped = self.dropped + start;
        let mut text = String::new();
        if dropped > 0 {
            text = format!("[tabula] ... {dropped} earlier bytes dropped ...\n");
        }
        text += &String::from_utf8_lossy(&self.bytes[start..]);
        self.bytes.clear();
        self.dropped = 0;
        Some(text)
    }
}

/// A line from the engine's stdout, or why there are no more.
enum Line {
    Text(String),
    TooLong,
    Closed,
}

/// What waiting for a line gave.
pub enum Received {
    /// A line, without its line break.
    Line(String),
    /// Nothing before the deadline.
    Timeout,
}

/// A running engine.
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    /// Signals that the stderr thread has read everything.
    stderr_done: Receiver<()>,
    exited: Option<ExitStatus>,
}

/// Finds `program` as the operating system would: a path (resolved in
/// `dir` when relative) or a name on `PATH`.
pub fn locate(program: &str, dir: Option<&Path>) -> Result<PathBuf, String> {
    let path = Path::new(program);
    if path.components().count() > 1 || path.is_absolute() {
        let full = match dir {
            Some(dir) if path.is_relative() => dir.join(path),
            _ => path.to_path_buf(),
        };
        // Absolute, so that the child's working directory cannot change it.
        return match full.canonicalize() {
            Ok(found) if found.is_file() => Ok(found),
            _ => Err(format!("program `{}` not found", full.display())),
        };
    }
    let search = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&search)
        .flat_map(|dir| [dir.join(program), dir.join(format!("{program}.exe"))])
        .find(|candidate| candidate.is_file())
        .map(|_| PathBuf::from(program))
        .ok_or_else(|| format!("program `{program}` not found on PATH"))
}

impl Process {
    /// Starts `argv` in `dir` with `TABULA_SEED=seed` in its environment;
    /// its stderr goes to `log`.
    pub fn start(
        argv: &[String],
        dir: Option<&Path>,
        seed: u64,
        log: Arc<Mutex<Log>>,
    ) -> Result<Process, String> {
        let program = locate(&argv[0], dir)?;
        let mut command = Command::new(program);
        command
            .args(&argv[1..])
            .env("TABULA_SEED", seed.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(dir) = dir {
            command.current_dir(dir);
        }
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start `{}`: {e}", argv.join(" ")))?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take().expect("stderr is piped");
        // Bounded: an engine that floods its output between moves blocks
        // on its pipe instead of filling our memory.
        let (send, lines) = mpsc::sync_channel(LINES_AHEAD);
        thread::spawn(move || read_lines(stdout, send));
        let (done, stderr_done) = mpsc::channel();
        thread::spawn(move || {
            read_log(stderr, &log);
            let _ = done.send(());
        });
        Ok(Process {
            stdin: child.stdin.take(),
            child,
            lines,
            stderr_done,
            exited: None,
        })
    }

    /// Sends lines, in one write (so the engine wakes up once); an `Err`
    /// says why the engine cannot take them.
    pub fn send(&mut self, lines: &[&str]) -> Result<(), String> {
        let stdin = self.stdin.as_mut().ok_or("the engine's input is closed")?;
        let mut text = String::new();
        for line in lines {
            text.push_str(line);
            text.push('\n');
        }
        let written = stdin
            .write_all(text.as_bytes())
            .and_then(|()| stdin.flush());
        written.map_err(|_| self.closed())
    }

    /// The next line, waiting until `deadline`; an `Err` says why there
    /// will be none (the engine crashed, closed its output, or sent a line
    /// too long to be one).
    pub fn receive(&mut self, deadline: Instant) -> Result<Received, String> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Line::Text(text)) => Ok(Received::Line(text)),
            Ok(Line::TooLong) => Err(format!(
                "protocol error: a line longer than {MAX_LINE} bytes"
            )),
            Ok(Line::Closed) | Err(RecvTimeoutError::Disconnected) => Err(self.closed()),
            Err(RecvTimeoutError::Timeout) => Ok(Received::Timeout),
        }
    }

    /// Why the engine stopped talking: its exit status once it has one.
    fn closed(&mut self) -> String {
        match self.wait(GRACE) {
            Some(status) if status.success() => format!("the engine exited ({status})"),
            Some(status) => format!("crashed ({status})"),
            None => "the engine closed its output".to_string(),
        }
    }

    /// Waits up to `grace` for the engine to exit; its status if it did.
    fn wait(&mut self, grace: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + grace;
        while self.exited.is_none() {
            match self.child.try_wait() {
                Ok(Some(status)) => self.exited = Some(status),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                _ => break,
            }
        }
        self.exited
    }

    /// Ends the engine: `quit` (when `polite`), then a kill if it has not
    /// exited within the grace time. Its stderr is read to the end (or for
    /// the grace time) so that the log is complete.
    pub fn stop(&mut self, polite: bool) {
        if polite && self.exited.is_none() {
            let _ = self.send(&["quit"]);
        }
        self.stdin = None;
        let grace = if polite { GRACE } else { Duration::ZERO };
        if self.wait(grace).is_none() {
            let _ = self.child.kill();
            if let Ok(status) = self.child.wait() {
                self.exited = Some(status);
            }
        }
        let _ = self.stderr_done.recv_timeout(GRACE);
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if self.exited.is_none() {
            self.stop(true);
        }
    }
}

/// The log, even if a thread panicked while holding it.
pub fn lock(log: &Mutex<Log>) -> std::sync::MutexGuard<'_, Log> {
    log.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Reads stdout line by line into `send` until it closes or a line is too
/// long (then the engine is killed anyway).
fn read_lines(stdout: impl Read, send: mpsc::SyncSender<Line>) {
    let mut reader = BufReader::new(stdout);
    loop {
        let mut bytes = Vec::new();
        let read = reader
            .by_ref()
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut bytes);
        let line = match read {
            Ok(0) | Err(_) => Line::Closed,
            Ok(_) if bytes.ends_with(b"\n") => {
                bytes.pop();
                if bytes.ends_with(b"\r") {
                    bytes.pop();
                }
                Line::Text(String::from_utf8_lossy(&bytes).into_owned())
            }
            Ok(_) if bytes.len() > MAX_LINE => Line::TooLong,
            // The last line, without a line break.
            Ok(_) => Line::Text(String::from_utf8_lossy(&bytes).into_owned()),
        };
        let last = !matches!(line, Line::Text(_));
        if send.send(line).is_err() || last {
            return;
        }
    }
}

/// Copies stderr into the log until it closes.
fn read_log(mut stderr: impl Read, log: &Mutex<Log>) {
    let mut buffer = [0u8; 4096];
    loop {
        match stderr.read(&mut buffer) {
            Ok(0) | Err(_) => return,
            Ok(n) => lock(log).push(&buffer[..n]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_keeps_the_end_and_counts_what_it_dropped() {
        let mut log = Log::default();
        assert_eq!(log.take(), None);
        for _ in 0..3 * MAX_LOG / 1000 {
            log.push(&[b'x'; 1000]);
        }
        log.note("killed");
        let text = log.take().unwrap();
        assert!(text.starts_with("[tabula] ... "), "{}", &text[..40]);
        assert!(text.ends_with("x\n[tabula] killed\n"));
        assert!(text.len() < MAX_LOG + 100);
        assert_eq!(log.take(), None);
    }

    #[test]
    fn programs_are_found_on_the_path_or_by_their_path() {
        assert!(locate("sh", None).is_ok());
        let err = locate("no-such-program-tabula", None).unwrap_err();
        assert!(err.contains("not found on PATH"), "{err}");
        let err = locate("./nowhere/x.py", Some(Path::new("/tmp"))).unwrap_err();
        assert!(err.contains("/tmp/./nowhere/x.py"), "{err}");
    }
}
