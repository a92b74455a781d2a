//! Writing to an engine's stdin with a deadline: the pipe is non-blocking,
//! so an engine that stops reading cannot hold the game past its time.

use std::io::{self, Write};
use std::process::ChildStdin;
use std::time::Instant;

/// What a write with a deadline did.
#[derive(Debug, PartialEq, Eq)]
pub enum Written {
    All,
    /// The deadline passed with the pipe still full.
    Timeout,
}

/// Makes writes to `pipe` return at once when it is full.
pub fn nonblocking(pipe: &ChildStdin) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::fd::AsRawFd;
        let fd = pipe.as_raw_fd();
        // SAFETY: fcntl on a descriptor we own, with integer arguments.
        let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
        if flags == -1 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) } == -1
        {
            return Err(io::Error::last_os_error());
        }
    }
    #[cfg(not(unix))]
    let _ = pipe;
    Ok(())
}

/// Writes all of `bytes` to `pipe` (made [`nonblocking`]) unless
/// `deadline` passes first.
pub fn write_by(pipe: &mut ChildStdin, mut bytes: &[u8], deadline: Instant) -> io::Result<Written> {
    while !bytes.is_empty() {
        match pipe.write(bytes) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(n) => bytes = &bytes[n..],
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                if !writable(pipe, deadline)? {
                    return Ok(Written::Timeout);
                }
            }
            Err(e) => return Err(e),
        }
    }
    Ok(Written::All)
}

/// Waits until `pipe` takes more bytes (or is closed); `false` when
/// `deadline` passes first.
#[cfg(unix)]
fn writable(pipe: &ChildStdin, deadline: Instant) -> io::Result<bool> {
    use std::os::fd::AsRawFd;
    let mut poll = libc::pollfd {
        fd: pipe.as_raw_fd(),
        events: libc::POLLOUT,
        revents: 0,
    };
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Ok(false);
        }
        // Rounded up, so that the deadline is never cut short.
        let ms = left.as_millis().saturating_add(1).min(i32::MAX as u128) as libc::c_int;
        // SAFETY: one pollfd, owned here, for the duration of the call.
        match unsafe { libc::poll(&mut poll, 1, ms) } {
            -1 if io::Error::last_os_error().kind() == io::ErrorKind::Interrupted => {}
            -1 => return Err(io::Error::last_os_error()),
            0 => {}
            _ => return Ok(true),
        }
    }
}

/// Elsewhere than on unix writes block, so the pipe is always writable.
#[cfg(not(unix))]
fn writable(_: &ChildStdin, _: Instant) -> io::Result<bool> {
    Ok(true)
}
