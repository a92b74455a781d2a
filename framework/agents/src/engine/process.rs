//! An engine's process: started with pipes in a process group of its own,
//! its output read line by line on a thread and its input written without
//! blocking (so that every read and write has a deadline), its stderr kept
//! in a bounded log, and its group ended when it stops.

use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::group;
use super::pipe::{self, Written};
use super::Failure;

/// The longest line an engine may send (a principal variation of a few
/// thousand moves); a longer one is protocol garbage.
pub const MAX_LINE: usize = 64 * 1024;

/// How many lines the engine may write before they are read.
const LINES_AHEAD: usize = 256;

/// How much of an engine's stderr is kept: the last this many bytes.
pub const MAX_LOG: usize = 64 * 1024;

/// How long a closing engine is given to exit (and then its group to end
/// on SIGTERM) before it is killed, and an engine that closed its output to
/// report its exit status.
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

    /// The last line the engine wrote (not one of Tabula's notes), cut
    /// to a readable length.
    pub fn last_line(&self) -> Option<String> {
        let text = String::from_utf8_lossy(&self.bytes);
        let line = text
            .lines()
            .rev()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with("[tabula]"))?;
        Some(tabula_core::excerpt(line))
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
    /// Its stderr, for the last words of a crash.
    log: Arc<Mutex<Log>>,
    exited: Option<ExitStatus>,
    /// Its group was ended: nothing of it runs any more.
    ended: bool,
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
    /// its stderr goes to `log`. A failure for want of resources (descriptors,
    /// memory, processes, threads) is Tabula's, not the engine's.
    pub fn start(
        argv: &[String],
        dir: Option<&Path>,
        seed: u64,
        log: Arc<Mutex<Log>>,
    ) -> Result<Process, Failure> {
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
        let cannot = |e: io::Error| {
            let reason = format!("cannot start `{}`: {e}", argv.join(" "));
            if ours(&e) {
                Failure::Tabula(reason)
            } else {
                Failure::Engine(reason)
            }
        };
        let mut child = group::spawn(command).map_err(cannot)?;
        match Self::attach(&mut child, Arc::clone(&log)) {
            Ok((lines, stderr_done)) => Ok(Process {
                stdin: child.stdin.take(),
                child,
                lines,
                stderr_done,
                log,
                exited: None,
                ended: false,
            }),
            Err(e) => {
                group::end(&mut child, Duration::ZERO);
                Err(Failure::Tabula(format!(
                    "cannot start `{}`: {e}",
                    argv.join(" ")
                )))
            }
        }
    }

    /// Makes `child`'s stdin non-blocking and starts the threads that read
    /// its stdout into a channel and its stderr into `log`.
    fn attach(
        child: &mut Child,
        log: Arc<Mutex<Log>>,
    ) -> io::Result<(Receiver<Line>, Receiver<()>)> {
        pipe::nonblocking(child.stdin.as_ref().expect("stdin is piped"))?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take().expect("stderr is piped");
        // Bounded: an engine that floods its output between moves blocks
        // on its pipe instead of filling our memory.
        let (send, lines) = mpsc::sync_channel(LINES_AHEAD);
        let reader = thread::Builder::new().name("engine-stdout".into());
        reader.spawn(move || read_lines(stdout, send))?;
        let (done, stderr_done) = mpsc::channel();
        let reader = thread::Builder::new().name("engine-stderr".into());
        reader.spawn(move || {
            read_log(stderr, &log);
            let _ = done.send(());
        })?;
        Ok((lines, stderr_done))
    }

    /// Sends lines, in one write (so the engine wakes up once), unless
    /// `deadline` passes first; an `Err` says why the engine cannot take
    /// them.
    pub fn send(&mut self, lines: &[&str], deadline: Instant) -> Result<Written, Failure> {
        let stdin = self.stdin.as_mut().ok_or("the engine's input is closed")?;
        let mut text = String::new();
        for line in lines {
            text.push_str(line);
            text.push('\n');
        }
        match pipe::write_by(stdin, text.as_bytes(), deadline) {
            Ok(written) => Ok(written),
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Err(self.closed().into()),
            Err(e) => Err(Failure::Tabula(format!("cannot write to the engine: {e}"))),
        }
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
        let why = match self.wait(GRACE) {
            Some(status) if status.success() => format!("the engine exited ({status})"),
            Some(status) => format!("crashed ({status})"),
            None => "the engine closed its output".to_string(),
        };
        // Its last words on stderr (a traceback's last line) say why.
        let _ = self.stderr_done.recv_timeout(GRACE);
        match lock(&self.log).last_line() {
            Some(last) => format!("{why}; its stderr ends: {last}"),
            None => why,
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

    /// Ends the engine: `quit` (when `polite`) and the grace time to
    /// exit, then its whole process group, children it forked included
    /// (see [`group::end`]). Its stderr is read to the end (or for the
    /// grace time) so that the log is complete.
    pub fn stop(&mut self, polite: bool) {
        if self.ended {
            return;
        }
        if polite && self.exited.is_none() {
            let _ = self.send(&["quit"], Instant::now() + GRACE);
            self.stdin = None;
            self.wait(GRACE);
        }
        self.stdin = None;
        group::end(&mut self.child, GRACE);
        if let Ok(Some(status)) = self.child.try_wait() {
            self.exited.get_or_insert(status);
        }
        self.ended = true;
        let _ = self.stderr_done.recv_timeout(GRACE);
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.stop(true);
    }
}

/// Whether `error`, starting an engine, is Tabula's want of resources
/// (descriptors, memory, processes) rather than the engine's fault.
fn ours(error: &io::Error) -> bool {
    if error.kind() == io::ErrorKind::OutOfMemory {
        return true;
    }
    #[cfg(unix)]
    if let Some(code) = error.raw_os_error() {
        return [libc::EMFILE, libc::ENFILE, libc::ENOMEM, libc::EAGAIN].contains(&code);
    }
    false
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

    /// Regression: an engine that stops reading its input held the game in
    /// a write to a full pipe forever; the write now ends at its deadline.
    #[cfg(unix)]
    #[test]
    fn a_write_to_an_engine_that_does_not_read_ends_at_its_deadline() {
        let argv = ["sh", "-c", "exec sleep 3600"].map(String::from);
        let mut process = Process::start(&argv, None, 1, Arc::default()).unwrap();
        // Far more than any pipe holds.
        let line = "x".repeat(4 << 20);
        let deadline = Instant::now() + Duration::from_millis(50);
        let written = process.send(&[&line], deadline).unwrap();
        assert_eq!(written, Written::Timeout);
        process.stop(false);
        assert!(process.exited.is_some(), "the engine was ended");
    }

    #[cfg(unix)]
    #[test]
    fn only_a_want_of_resources_is_tabulas_failure() {
        for code in [libc::EMFILE, libc::ENFILE, libc::ENOMEM, libc::EAGAIN] {
            assert!(ours(&io::Error::from_raw_os_error(code)), "{code}");
        }
        for code in [libc::ENOENT, libc::EACCES, libc::ENOEXEC] {
            assert!(!ours(&io::Error::from_raw_os_error(code)), "{code}");
        }
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
