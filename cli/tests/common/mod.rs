//! What the integration tests share: running the `tabula` binary.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// One run's output.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub ok: bool,
}

/// Runs `tabula ARGS` with `stdin` piped in.
pub fn tabula(args: &[&str], stdin: &str) -> Run {
    tabula_in(Path::new("."), args, stdin)
}

/// Runs `tabula ARGS` in directory `dir` with `stdin` piped in.
pub fn tabula_in(dir: &Path, args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabula starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        ok: output.status.success(),
    }
}
