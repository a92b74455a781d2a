//! An engine's processes as one group: started in a process group of its
//! own (so that the children it forks can be ended with it), tied to
//! Tabula's life on Linux (so that a killed arena leaves no engine behind),
//! and ended as a group: SIGTERM, then SIGKILL to whatever is left.
//!
//! Not covered: a process that leaves the group (`setsid`, `setpgid`)
//! escapes both; so do grandchildren when Tabula itself dies, since the
//! parent-death signal reaches the engine's own process only.

use std::io;
use std::process::{Child, Command};
use std::time::Duration;

/// How often [`end`] looks whether the group is gone.
#[cfg(unix)]
const POLL: Duration = Duration::from_millis(5);

/// Starts `command` as the leader of a new process group, killed when
/// Tabula dies (Linux).
#[cfg_attr(not(unix), allow(unused_mut))]
pub fn spawn(mut command: Command) -> io::Result<Child> {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
    }
    #[cfg(target_os = "linux")]
    {
        death::arm(&mut command);
        death::spawn(command)
    }
    #[cfg(not(target_os = "linux"))]
    command.spawn()
}

/// Ends the group that `child` leads: SIGTERM to every process in it, then
/// SIGKILL to those left after `grace`; `child` is reaped. Elsewhere than
/// on unix only `child` is killed.
pub fn end(child: &mut Child, grace: Duration) {
    #[cfg(not(unix))]
    let _ = grace;
    #[cfg(unix)]
    {
        // The group keeps the leader's id while any member lives, so the id
        // cannot name another group until then.
        let group = child.id() as libc::pid_t;
        signal(group, libc::SIGTERM);
        let deadline = std::time::Instant::now() + grace;
        while !gone(group, child) && std::time::Instant::now() < deadline {
            std::thread::sleep(POLL);
        }
        signal(group, libc::SIGKILL);
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// Sends `signal` to every process in `group`.
#[cfg(unix)]
fn signal(group: libc::pid_t, signal: libc::c_int) {
    // SAFETY: kill() has no memory effects; a group that is gone is ESRCH.
    unsafe { libc::kill(-group, signal) };
}

/// Whether no process of `group` is left; reaps its leader, `child`, once
/// it exits (an unreaped leader is still a member).
#[cfg(unix)]
fn gone(group: libc::pid_t, child: &mut Child) -> bool {
    let _ = child.try_wait();
    // SAFETY: signal 0 only checks that the group exists.
    let result = unsafe { libc::kill(-group, 0) };
    result == -1 && io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH)
}

/// The parent-death signal (Linux): an engine gets SIGKILL when the thread
/// that started it exits. So that this means "when Tabula dies", every
/// engine is started from one thread that lives as long as the process.
#[cfg(target_os = "linux")]
mod death {
    use std::io;
    use std::os::unix::process::CommandExt;
    use std::process::{Child, Command};
    use std::sync::mpsc::{self, Sender};
    use std::sync::Mutex;

    type Request = (Command, Sender<io::Result<Child>>);

    /// The starting thread's mailbox, once it runs.
    static STARTER: Mutex<Option<Sender<Request>>> = Mutex::new(None);

    /// Has the child ask for SIGKILL when its parent thread exits.
    pub fn arm(command: &mut Command) {
        let parent = std::process::id() as libc::pid_t;
        // SAFETY: between fork and exec the closure calls only prctl and
        // getppid, which are async-signal-safe, and allocates nothing.
        unsafe {
            command.pre_exec(move || {
                if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) == -1 {
                    return Err(io::Error::last_os_error());
                }
                // Tabula died before the signal was armed.
                if libc::getppid() != parent {
                    return Err(io::Error::from_raw_os_error(libc::ESRCH));
                }
                Ok(())
            })
        };
    }

    /// Spawns `command` on the starting thread (started on first use).
    pub fn spawn(command: Command) -> io::Result<Child> {
        let (reply, answer) = mpsc::channel();
        let mut starter = STARTER.lock().unwrap_or_else(|p| p.into_inner());
        if starter.is_none() {
            *starter = Some(start()?);
        }
        let mailbox = starter.as_ref().expect("started above");
        if let Err(mpsc::SendError((command, _))) = mailbox.send((command, reply)) {
            *starter = None;
            return Err(io::Error::other(format!(
                "the thread that starts engines is gone; not started: {command:?}"
            )));
        }
        drop(starter);
        answer
            .recv()
            .unwrap_or_else(|_| Err(io::Error::other("the thread that starts engines is gone")))
    }

    /// The starting thread, which never ends.
    fn start() -> io::Result<Sender<Request>> {
        let (send, requests) = mpsc::channel::<Request>();
        std::thread::Builder::new()
            .name("tabula-engines".into())
            .spawn(move || {
                for (mut command, reply) in requests {
                    let _ = reply.send(command.spawn());
                }
            })?;
        Ok(send)
    }
}
