//! Reading and writing the files the REPL and the arena keep: bounded
//! reads of regular files only, atomic replacement, and the lock that keeps
//! two writers out of one directory.
//!
//! A result file is never rewritten in place: it is either appended to,
//! cut at a byte offset (`File::set_len`), or replaced whole by a temporary
//! file renamed over it, so a kill at any moment leaves the old or the new
//! contents, never an empty or half-written file. Only a regular file is
//! ever replaced: what else a path names is written through (a FIFO, a
//! terminal, `/dev/null`, the process's own `/dev/stdout`) or refused (a
//! directory, a disk), as [`write_target`] decides for every writer.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// The longest record line read (a game of a million plies fits easily).
pub const MAX_LINE_BYTES: usize = 64 << 20;

/// The largest settings file read.
pub const MAX_SETTINGS_BYTES: u64 = 1 << 20;

/// Opens `path` for reading if it is a regular file: a FIFO would block
/// the open and every read, and a device such as `/dev/zero` never ends.
/// The path is checked before the open (so a FIFO is never opened) and the
/// open file again after (in case the path changed in between). Every file
/// Tabula reads is opened here.
pub fn open_file(path: &Path) -> io::Result<File> {
    let not_regular = || io::Error::new(io::ErrorKind::InvalidInput, NOT_REGULAR);
    if !fs::metadata(path)?.is_file() {
        return Err(not_regular());
    }
    let file = File::open(path)?;
    match file.metadata()?.is_file() {
        true => Ok(file),
        false => Err(not_regular()),
    }
}

/// Why [`open_file`] refuses a FIFO, a directory or a device.
const NOT_REGULAR: &str = "not a regular file";

/// [`open_file`] with the error as a message naming the file.
pub fn open_regular(path: &Path) -> Result<File, String> {
    open_file(path).map_err(|e| match e.kind() {
        io::ErrorKind::InvalidInput => format!("{} is {NOT_REGULAR}", path.display()),
        _ => format!("cannot read {}: {e}", path.display()),
    })
}

/// Reads the rest of `file`, refusing more than `limit` bytes: the bound
/// comes from the format (a header's announced sizes), never from trust.
pub fn read_at_most(file: &mut File, limit: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("larger than the {limit} bytes its format allows"),
        ));
    }
    Ok(bytes)
}

/// The text of a small regular file of at most `limit` bytes; `None` when
/// there is no such file.
pub fn read_small(path: &Path, limit: u64) -> Result<Option<String>, String> {
    if !path.exists() {
        return Ok(None);
    }
    let file = open_regular(path)?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.len() as u64 > limit {
        return Err(format!(
            "{} is larger than {limit} bytes: not a file Tabula wrote",
            path.display()
        ));
    }
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| format!("{} is not UTF-8 text", path.display()))
}

/// One line of a file of records, with where it starts.
pub struct Line {
    /// Its 1-based number.
    pub number: usize,
    /// Byte offset of its first byte.
    pub offset: u64,
    /// Its bytes, without the newline.
    pub bytes: Vec<u8>,
    /// Whether a newline ended it (only the last line can lack one).
    pub terminated: bool,
}

/// Reads a file line by line, holding one line at a time, each at most
/// [`MAX_LINE_BYTES`] long.
pub struct Lines {
    reader: BufReader<File>,
    path: PathBuf,
    offset: u64,
    number: usize,
}

impl Lines {
    /// The lines of the regular file `path`.
    pub fn open(path: &Path) -> Result<Self, String> {
        Ok(Lines {
            reader: BufReader::new(open_regular(path)?),
            path: path.to_path_buf(),
            offset: 0,
            number: 0,
        })
    }

    /// The next line, `None` at the end of the file.
    pub fn next_line(&mut self) -> Result<Option<Line>, String> {
        let mut bytes = Vec::new();
        let read = (&mut self.reader)
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut bytes)
            .map_err(|e| format!("cannot read {}: {e}", self.path.display()))?;
        if read == 0 {
            return Ok(None);
        }
        self.number += 1;
        let terminated = bytes.last() == Some(&b'\n');
        if terminated {
            bytes.pop();
        }
        if bytes.len() > MAX_LINE_BYTES {
            return Err(format!(
                "{} line {} is longer than {} MiB",
                self.path.display(),
                self.number,
                MAX_LINE_BYTES >> 20
            ));
        }
        let line = Line {
            number: self.number,
            offset: self.offset,
            bytes,
            terminated,
        };
        self.offset += read as u64;
        Ok(Some(line))
    }
}

/// The longest command line the REPL and `tabula engine` read: far more
/// than any position with its moves, far less than a memory problem.
pub const MAX_COMMAND_BYTES: usize = 1 << 20;

/// One line of a stream read by [`BoundedLines`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoundedLine {
    /// The line's bytes, without the newline.
    Line(Vec<u8>),
    /// A line longer than the bound, read past and dropped; its length.
    TooLong(usize),
}

/// The lines of any stream (stdin, a pipe), each held only up to `max`
/// bytes: a longer line is read past in pieces and reported, so that no
/// input can make one line take memory without bound.
pub struct BoundedLines<R> {
    reader: R,
    max: usize,
}

impl<R: BufRead> BoundedLines<R> {
    /// The lines of `reader`, each at most `max` bytes.
    pub fn new(reader: R, max: usize) -> Self {
        BoundedLines { reader, max }
    }
}

impl<R: BufRead> Iterator for BoundedLines<R> {
    type Item = std::io::Result<BoundedLine>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut line = Vec::new();
        let mut length = 0;
        loop {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Some(Err(e)),
            };
            if buffer.is_empty() {
                // The end: a last line without a newline, or nothing.
                return match length {
                    0 => None,
                    _ if length > self.max => Some(Ok(BoundedLine::TooLong(length))),
                    _ => Some(Ok(BoundedLine::Line(line))),
                };
            }
            let (piece, ended) = match buffer.iter().position(|&b| b == b'\n') {
                Some(at) => (&buffer[..at], Some(at + 1)),
                None => (buffer, None),
            };
            length += piece.len();
            if length <= self.max {
                line.extend_from_slice(piece);
            } else {
                line = Vec::new();
            }
            let used = ended.unwrap_or(piece.len());
            self.reader.consume(used);
            if ended.is_some() {
                return Some(Ok(match length > self.max {
                    true => BoundedLine::TooLong(length),
                    false => BoundedLine::Line(line),
                }));
            }
        }
    }
}

fn io_error(path: &Path) -> impl Fn(std::io::Error) -> String + '_ {
    move |e| format!("cannot write {}: {e}", path.display())
}

/// Flushes a directory's entry list to disk, so a rename in it survives a
/// power cut. (Best effort: not every file system allows it.)
pub fn sync_dir(dir: &Path) {
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

/// Replaces `path` with `bytes` atomically: a temporary file beside it is
/// written, synced and renamed over it. Every file Tabula writes whole is
/// written so: a full disk or a kill keeps the old contents. What is at
/// `path` decides how (see [`write_target`]): a FIFO or a terminal is
/// written through, never replaced; a directory or a block device is
/// refused.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    replace(path, bytes).map_err(io_error(path))
}

/// [`write_atomic`] with the system's error, for callers with error types
/// of their own.
pub fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    replace_with(path, |out| out.write_all(bytes), |e| e)
}

/// [`write_atomic`] with the contents streamed by `write`.
pub fn write_atomic_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<(), String>,
) -> Result<(), String> {
    replace_with(path, write, io_error(path))
}

/// Where a write to a path lands, decided by what is there before
/// anything is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WriteTarget {
    /// Nothing yet, or a regular file: replaced whole by a temporary file
    /// renamed over it. Behind a symbolic link this is the file the link
    /// leads to (the link stays, as an editor's save keeps it).
    Replace(PathBuf),
    /// A FIFO or a character device (a terminal, `/dev/null`): written
    /// through, as a shell's `>` writes it, and never replaced. A FIFO
    /// waits for its reader, as it does for the shell.
    Through(PathBuf),
    /// `/dev/stdout` or `/dev/fd/1`: this process's standard output,
    /// whatever it is connected to (a pipe, a terminal, a file a shell
    /// redirected it to, which is appended to, never replaced).
    Stdout,
    /// `/dev/stderr` or `/dev/fd/2`: this process's standard error.
    Stderr,
}

/// Where a write to `path` lands: a new or regular file is replaced
/// atomically, a FIFO or a character device written through, the
/// process's own streams used as they are. Refused: a directory, a block
/// device (a disk: never what a save means), a socket, and a symbolic link
/// to nothing (the file it names would be made somewhere unexpected).
/// Every writer asks here first, so that no write ever replaces a device
/// with a regular file (`save /dev/null` run as root once did).
pub fn write_target(path: &Path) -> io::Result<WriteTarget> {
    let named = |streams: [&str; 3]| streams.iter().any(|s| path == Path::new(s));
    if named(["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"]) {
        return Ok(WriteTarget::Stdout);
    }
    if named(["/dev/stderr", "/dev/fd/2", "/proc/self/fd/2"]) {
        return Ok(WriteTarget::Stderr);
    }
    let meta = match fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return match fs::symlink_metadata(path) {
                Ok(_) => Err(io::Error::new(
                    io::ErrorKind::NotFound,
                    "it is a symbolic link to nothing; remove it or name the file itself",
                )),
                Err(_) => Ok(WriteTarget::Replace(path.to_path_buf())),
            };
        }
        Err(e) => return Err(e),
    };
    let kind = meta.file_type();
    if kind.is_file() {
        let linked = fs::symlink_metadata(path)?.file_type().is_symlink();
        return Ok(WriteTarget::Replace(match linked {
            true => fs::canonicalize(path)?,
            false => path.to_path_buf(),
        }));
    }
    match special(&kind) {
        Special::Stream => Ok(WriteTarget::Through(path.to_path_buf())),
        Special::Refused(what) => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "it is {what}; Tabula writes regular files, and writes through to FIFOs \
                 and character devices"
            ),
        )),
    }
}

/// What a file that is not a regular file is, to a writer.
enum Special {
    /// A FIFO or a character device: written through.
    Stream,
    /// Anything else, named for the error.
    Refused(&'static str),
}

fn special(kind: &fs::FileType) -> Special {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() || kind.is_char_device() {
            return Special::Stream;
        }
        if kind.is_block_device() {
            return Special::Refused("a block device");
        }
        if kind.is_socket() {
            return Special::Refused("a socket");
        }
    }
    Special::Refused(match kind.is_dir() {
        true => "a directory",
        false => "not a regular file",
    })
}

/// The one writer of whole files: the contents streamed by `write` go
/// where [`write_target`] says, a regular file's through a temporary file
/// beside it, synced and renamed over it; `io` turns the system's errors
/// into the caller's.
pub fn replace_with<E>(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<(), E>,
    io: impl Fn(io::Error) -> E,
) -> Result<(), E> {
    match write_target(path).map_err(&io)? {
        WriteTarget::Replace(file) => replace_file(&file, write, io),
        WriteTarget::Through(stream) => {
            let out = OpenOptions::new().write(true).open(stream).map_err(&io)?;
            write_through(out, write, io)
        }
        WriteTarget::Stdout => write_through(io::stdout().lock(), write, io),
        WriteTarget::Stderr => write_through(io::stderr().lock(), write, io),
    }
}

/// Streams `write`'s contents into `out` as they come: a stream has no
/// old contents to keep.
fn write_through<E>(
    out: impl Write,
    write: impl FnOnce(&mut dyn Write) -> Result<(), E>,
    io: impl Fn(io::Error) -> E,
) -> Result<(), E> {
    let mut out = BufWriter::with_capacity(1 << 16, out);
    write(&mut out)?;
    out.flush().map_err(io)
}

/// Replaces the regular file (or the new one) at `path` by a temporary
/// file beside it, renamed over it once written and synced. A file
/// replaced keeps its permissions (a save kept private stays private).
fn replace_file<E>(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<(), E>,
    io: impl Fn(io::Error) -> E,
) -> Result<(), E> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let Some(name) = path.file_name() else {
        return Err(io(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a file name",
        )));
    };
    // This process's own temporary name, so that two programs writing the
    // same file never share one.
    let temp = dir.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    // A leftover in the way (a FIFO would block the create) goes first.
    let _ = fs::remove_file(&temp);
    let kept = fs::metadata(path).ok().map(|meta| meta.permissions());
    let written = File::create(&temp)
        .map_err(&io)
        .and_then(|file| match kept {
            Some(permissions) => file
                .set_permissions(permissions)
                .map(|()| file)
                .map_err(&io),
            None => Ok(file),
        })
        .and_then(|file| {
            let mut out = BufWriter::with_capacity(1 << 20, file);
            write(&mut out)?;
            let file = out.into_inner().map_err(|e| io(e.into_error()))?;
            file.sync_all().map_err(&io)
        })
        .and_then(|()| fs::rename(&temp, path).map_err(&io));
    if let Err(e) = written {
        // Nothing is left behind: the target is as it was.
        let _ = fs::remove_file(&temp);
        return Err(e);
    }
    sync_dir(dir);
    Ok(())
}

/// An advisory lock on a directory's lock file, held until dropped.
pub struct DirLock {
    _file: Option<File>,
}

/// What a lock is for: writing (one at a time) or reading (many at once,
/// none while a writer holds it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LockMode {
    /// One writer, and no reader meanwhile.
    Write,
    /// Any number of readers, and no writer meanwhile.
    Read,
}

/// Locks `dir/name`, refusing when another process holds it. On a file
/// system without locks (some cluster file systems) it warns and goes on.
pub fn lock_dir(dir: &Path, name: &str, mode: LockMode) -> Result<DirLock, String> {
    let path = dir.join(name);
    let opened = match mode {
        LockMode::Write => OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path),
        // A reader creates nothing: a directory without a lock file has no
        // writer, and may be read-only.
        LockMode::Read if !path.exists() => return Ok(DirLock { _file: None }),
        LockMode::Read => File::open(&path),
    };
    let file = opened.map_err(|e| format!("cannot open the lock file {}: {e}", path.display()))?;
    let locked = match mode {
        LockMode::Write => file.try_lock(),
        LockMode::Read => file.try_lock_shared(),
    };
    match locked {
        Ok(()) => Ok(DirLock { _file: Some(file) }),
        Err(TryLockError::WouldBlock) => Err(format!(
            "another tabula arena is writing to {} (it holds {}); wait for it to finish{}",
            dir.display(),
            path.display(),
            match mode {
                LockMode::Write => ", or choose another directory",
                LockMode::Read => " before reading its results",
            }
        )),
        Err(TryLockError::Error(e)) => {
            eprintln!(
                "warning: cannot lock {} ({e}); make sure no other arena writes to {}",
                path.display(),
                dir.display()
            );
            Ok(DirLock { _file: None })
        }
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn long_lines_are_read_past_not_held() {
        let input = format!("short\n{}\nnext\nlast", "x".repeat(100));
        let lines: Vec<BoundedLine> =
            BoundedLines::new(std::io::BufReader::with_capacity(7, input.as_bytes()), 10)
                .map(Result::unwrap)
                .collect();
        assert_eq!(
            lines,
            [
                BoundedLine::Line(b"short".to_vec()),
                BoundedLine::TooLong(100),
                BoundedLine::Line(b"next".to_vec()),
                BoundedLine::Line(b"last".to_vec()),
            ]
        );
        let empty: Vec<_> = BoundedLines::new("".as_bytes(), 10).collect();
        assert!(empty.is_empty());
        let blank: Vec<_> = BoundedLines::new("\n".as_bytes(), 10)
            .map(Result::unwrap)
            .collect();
        assert_eq!(blank, [BoundedLine::Line(Vec::new())]);
    }

    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("tabula-files-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn lines_carry_offsets_and_whether_they_ended() {
        let dir = scratch("lines");
        let path = dir.join("f");
        fs::write(&path, "ab\n\ncd\nef").unwrap();
        let mut lines = Lines::open(&path).unwrap();
        let mut seen = Vec::new();
        while let Some(l) = lines.next_line().unwrap() {
            seen.push((l.number, l.offset, l.bytes, l.terminated));
        }
        assert_eq!(
            seen,
            vec![
                (1, 0, b"ab".to_vec(), true),
                (2, 3, b"".to_vec(), true),
                (3, 4, b"cd".to_vec(), true),
                (4, 7, b"ef".to_vec(), false),
            ]
        );
        let _ = fs::remove_dir_all(&dir);
    }

    /// Held by the tests that start a process and by the lock test: a
    /// child forked while a lock file is open shares its lock until it
    /// execs, so the lock test's "released" could still be held.
    static FORKING: std::sync::Mutex<()> = std::sync::Mutex::new(());

    #[test]
    fn devices_fifos_and_directories_are_refused() {
        let _forking = FORKING.lock().unwrap_or_else(|e| e.into_inner());
        for path in ["/dev/zero", "/dev/null", "/"] {
            let err = open_regular(Path::new(path)).unwrap_err();
            assert!(err.contains("not a regular file"), "{err}");
        }
        let dir = scratch("fifo");
        let fifo = dir.join("fifo");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let err = Lines::open(&fifo).err().unwrap();
        assert!(err.contains("not a regular file"), "{err}");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn small_files_are_bounded_and_atomic_writes_replace() {
        let dir = scratch("small");
        let path = dir.join("s.json");
        assert_eq!(read_small(&path, 10).unwrap(), None);
        write_atomic(&path, b"0123456789").unwrap();
        assert_eq!(read_small(&path, 10).unwrap().unwrap(), "0123456789");
        assert!(read_small(&path, 9).unwrap_err().contains("larger"));
        write_atomic(&path, b"new").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        // Nothing beside it: no temporary file is left, after a success
        // or after a failed rename (onto a directory), and a path with no
        // file name is refused.
        fs::create_dir(dir.join("taken")).unwrap();
        assert!(write_atomic(&dir.join("taken"), b"x").is_err());
        assert!(write_atomic(Path::new("/"), b"x").is_err());
        let mut names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        names.sort();
        assert_eq!(names, ["s.json", "taken"]);
        let _ = fs::remove_dir_all(&dir);
    }

    /// Runs `command` with `args`, saying whether it succeeded.
    fn run(command: &str, args: &[&std::ffi::OsStr]) -> bool {
        let _forking = FORKING.lock().unwrap_or_else(|e| e.into_inner());
        std::process::Command::new(command)
            .args(args)
            .status()
            .unwrap_or_else(|e| panic!("{command}: {e}"))
            .success()
    }

    /// A write to a device, a FIFO, a directory or a symbolic link never
    /// replaces it: streams are written through, the rest refused, a link
    /// to a regular file replaces that file. Root (as in a container) is
    /// the case that matters: it may rename over anything, and makes its
    /// own device nodes here. Where `mknod` is not allowed, `/dev/null`
    /// itself stands in for the character device (and no block device is
    /// tried).
    #[test]
    #[cfg(unix)]
    fn writes_never_replace_what_is_not_a_regular_file() {
        use std::os::unix::fs::{symlink, FileTypeExt, MetadataExt, PermissionsExt};
        let dir = scratch("targets");
        let kind = |path: &Path| fs::symlink_metadata(path).unwrap().file_type();
        let made = |name: &str, args: &[&str]| {
            let path = dir.join(name);
            let mut all = vec![path.as_os_str()];
            all.extend(args.iter().map(std::ffi::OsStr::new));
            run("mknod", &all).then_some(path)
        };
        // A character device (1, 3 is what /dev/null is): written through.
        // Asked first, so that a writer that would replace it fails here,
        // before `/dev/null` itself could be replaced.
        let device = made("dev", &["c", "1", "3"]).unwrap_or_else(|| PathBuf::from("/dev/null"));
        let rdev = fs::metadata(&device).unwrap().rdev();
        assert_eq!(
            write_target(&device).unwrap(),
            WriteTarget::Through(device.clone())
        );
        write_atomic(&device, b"into the device").unwrap();
        assert!(kind(&device).is_char_device(), "{device:?} was replaced");
        assert_eq!(fs::metadata(&device).unwrap().rdev(), rdev);
        // A block device: refused, before it is opened.
        if let Some(block) = made("block", &["b", "7", "250"]) {
            let err = write_atomic(&block, b"x").unwrap_err();
            assert!(err.contains("it is a block device"), "{err}");
            assert!(kind(&block).is_block_device());
        }
        // A FIFO: written through to its reader.
        let fifo = dir.join("fifo");
        assert!(run("mkfifo", &[fifo.as_os_str()]));
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read(&fifo).unwrap())
        };
        write_atomic(&fifo, b"through the pipe").unwrap();
        assert_eq!(reader.join().unwrap(), b"through the pipe");
        assert!(kind(&fifo).is_fifo());
        // A directory, and a link to one: refused, left as they were.
        let folder = dir.join("folder");
        fs::create_dir(&folder).unwrap();
        symlink(&folder, dir.join("to-folder")).unwrap();
        for path in [folder.clone(), dir.join("to-folder")] {
            let err = write_atomic(&path, b"x").unwrap_err();
            assert!(err.contains("it is a directory"), "{err}");
        }
        assert!(kind(&folder).is_dir() && kind(&dir.join("to-folder")).is_symlink());
        // A link to a device: written through, the link kept.
        let to_device = dir.join("to-device");
        symlink(&device, &to_device).unwrap();
        write_atomic(&to_device, b"x").unwrap();
        assert!(kind(&to_device).is_symlink() && kind(&device).is_char_device());
        // A link to a regular file: that file replaced, atomically, with
        // its permissions; the link kept.
        let file = dir.join("file");
        fs::write(&file, "old").unwrap();
        fs::set_permissions(&file, fs::Permissions::from_mode(0o600)).unwrap();
        let link = dir.join("link");
        symlink("file", &link).unwrap();
        assert_eq!(
            write_target(&link).unwrap(),
            WriteTarget::Replace(fs::canonicalize(&file).unwrap())
        );
        write_atomic(&link, b"new").unwrap();
        assert!(kind(&link).is_symlink());
        assert_eq!(fs::read_to_string(&file).unwrap(), "new");
        assert_eq!(fs::metadata(&file).unwrap().mode() & 0o777, 0o600);
        // A link to nothing: refused, nothing made where it points.
        let dangling = dir.join("dangling");
        symlink("nowhere", &dangling).unwrap();
        let err = write_atomic(&dangling, b"x").unwrap_err();
        assert!(err.contains("symbolic link to nothing"), "{err}");
        assert!(!dir.join("nowhere").exists());
        // No temporary file is left anywhere.
        let mut names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.ends_with(".tmp"))
            .collect();
        names.sort();
        assert!(names.is_empty(), "{names:?}");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_second_writer_is_refused_and_readers_share() {
        let _forking = FORKING.lock().unwrap_or_else(|e| e.into_inner());
        let dir = scratch("lock");
        let first = lock_dir(&dir, "l", LockMode::Write).unwrap();
        let second = lock_dir(&dir, "l", LockMode::Write).err().unwrap();
        assert!(second.contains("another tabula arena"), "{second}");
        assert!(lock_dir(&dir, "l", LockMode::Read).is_err());
        drop(first);
        let a = lock_dir(&dir, "l", LockMode::Read).unwrap();
        let b = lock_dir(&dir, "l", LockMode::Read).unwrap();
        assert!(lock_dir(&dir, "l", LockMode::Write).is_err());
        drop((a, b));
        assert!(lock_dir(&dir, "l", LockMode::Write).is_ok());
        let _ = fs::remove_dir_all(&dir);
    }
}
