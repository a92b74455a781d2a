//! Standard output for a reader that may stop reading: `tabula list |
//! head -1` closes the pipe after one line, and `println!` panics on the
//! next write. Every command prints through here instead: a closed pipe
//! ends the program quietly with status 0 (the reader has what it wanted,
//! and a script under `set -o pipefail` goes on), as a program killed by
//! SIGPIPE would end, but without a signal. Tabula cannot take SIGPIPE
//! itself: it writes to engines' pipes and to the web page's sockets, and
//! an engine that quits must not kill the tournament. Other failures to
//! print (a full disk behind a redirection) end it with an error.

use std::fmt;
use std::io::{self, Write};

/// Prints to standard output through [`Stdout`] (see the module).
macro_rules! outln {
    () => {
        $crate::out::print(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::out::print(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// [`outln!`] without the newline.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::out::print(format_args!($($arg)*))
    };
}

pub(crate) use {out, outln};

/// Writes `text` to standard output and flushes it, ending the program as
/// the module says when it cannot.
pub fn print(text: fmt::Arguments<'_>) {
    let mut stdout = Stdout;
    let _ = stdout.write_fmt(text).and_then(|()| stdout.flush());
}

/// Standard output as a writer for the REPL's commands: a write into a
/// closed pipe ends the program quietly, so no command reports "Broken
/// pipe" for every line still to come.
pub struct Stdout;

impl Write for Stdout {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        io::stdout().lock().write(bytes).map_err(ended)
    }

    fn flush(&mut self) -> io::Result<()> {
        io::stdout().lock().flush().map_err(ended)
    }
}

/// The end of a program whose standard output failed.
fn ended(error: io::Error) -> io::Error {
    if error.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    let _ = writeln!(
        io::stderr(),
        "error: cannot write to standard output: {error}"
    );
    std::process::exit(2)
}
