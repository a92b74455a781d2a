//! Every command that reads a file, fed what is not a file Tabula wrote: a
//! FIFO, a directory, `/dev/zero`, a truncated file and a forged one whose
//! checksums are valid. Each must end with an error naming the file, under
//! a memory limit, and never hang, panic or abort. Then: a database changed
//! in place while mapped, and saves that fail without losing the old file.

use std::fs::{self, File};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};

use serde_json::Value;

use crate::common::{end_or_kill, poll_until, scratch, tabula, tabula_in, width4_db};

/// What a command reads.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Kind {
    Database,
    /// A score-margin table (Kalah).
    Margins,
    Model,
    Checkpoint,
    Record,
}

/// A command that reads a file of its kind: its arguments and standard
/// input for the file at `path`, with `dir` to set up in.
struct Reader {
    name: &'static str,
    kind: Kind,
    command: fn(path: &str, dir: &Path) -> (Vec<String>, String),
}

fn words(args: &[&str]) -> Vec<String> {
    args.iter().map(|a| a.to_string()).collect()
}

const READERS: &[Reader] = &[
    Reader {
        name: "solve --db",
        kind: Kind::Database,
        command: |p, _| {
            (
                words(&["solve", "diffusion(width=4)", "--db", p]),
                "".into(),
            )
        },
    },
    Reader {
        name: "solve load",
        kind: Kind::Database,
        command: |p, _| {
            let stdin = format!("new diffusion(width=4)\nsolve load {p}\n");
            (words(&["play"]), stdin)
        },
    },
    Reader {
        name: "perfect",
        kind: Kind::Database,
        command: |p, _| {
            // The agent is built when it is to move.
            let stdin = format!("new diffusion(width=4)\nagent 2 perfect(db={p})\nplay A\n");
            (words(&["play"]), stdin)
        },
    },
    Reader {
        name: "analyse --db",
        kind: Kind::Database,
        command: |p, dir| {
            let games = dir.join("games.jsonl");
            fs::write(&games, "").unwrap();
            (
                words(&["analyse", games.to_str().unwrap(), "--db", p]),
                "".into(),
            )
        },
    },
    Reader {
        name: "solve --db (margins)",
        kind: Kind::Margins,
        command: |p, _| (words(&["solve", KALAH, "--db", p]), "".into()),
    },
    Reader {
        name: "solve load (margins)",
        kind: Kind::Margins,
        command: |p, _| (words(&["play"]), format!("new {KALAH}\nsolve load {p}\n")),
    },
    Reader {
        name: "perfect (margins)",
        kind: Kind::Margins,
        command: |p, _| {
            // B passes the turn: the agent is built, then asked to move.
            let stdin = format!("new {KALAH}\nagent 2 perfect(db={p})\nplay B\n");
            (words(&["play"]), stdin)
        },
    },
    Reader {
        name: "az",
        kind: Kind::Model,
        command: |p, _| (words(&["play"]), format!("agent 2 az(model={p})\nplay D\n")),
    },
    Reader {
        name: "train --resume",
        kind: Kind::Checkpoint,
        command: |p, dir| {
            let out = dir.join("run");
            fs::create_dir_all(&out).unwrap();
            std::os::unix::fs::symlink(p, out.join("checkpoint.az")).unwrap();
            let out = out.to_str().unwrap();
            let args = ["train", "diffusion(width=4)", "--out", out];
            let mut args = words(&args);
            args.extend(words(&["--iterations", "1", "--resume"]));
            (args, "".into())
        },
    },
    Reader {
        name: "load",
        kind: Kind::Record,
        command: |p, _| (words(&["play"]), format!("load {p}\n")),
    },
    Reader {
        name: "analyse results",
        kind: Kind::Record,
        command: |p, _| (words(&["analyse", p, "--db", width4_db()]), "".into()),
    },
];

/// The Kalah variant whose margin table the margin readers are given.
const KALAH: &str = "kalah(pits=2,seeds=2)";

/// The address space a reader may use: far more than any of these files
/// needs, far less than reading `/dev/zero` or a forged size takes.
const MEMORY_KB: u64 = 4 << 20;

/// Runs `tabula ARGS` under [`MEMORY_KB`], killed and failed if it hangs;
/// its exit status and standard error.
fn run_bounded(what: &str, args: &[String], stdin: &str, dir: &Path) -> (ExitStatus, String) {
    let stderr = dir.join("stderr");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_KB} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(File::create(&stderr).unwrap())
        .spawn()
        .unwrap();
    // A hung child may never read: write from another thread.
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_string();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(stdin.as_bytes());
    });
    end_or_kill(&mut child, what);
    let status = child.wait().unwrap();
    writer.join().unwrap();
    (status, fs::read_to_string(&stderr).unwrap())
}

/// The CRC-32 (IEEE) both formats use.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0xEDB8_8320 & (crc & 1).wrapping_neg());
        }
    }
    !crc
}

/// A database's parts: its header and the bytes after it (codes, overflow).
fn split_db(bytes: &[u8]) -> (Value, Vec<u8>) {
    let length = u32::from_le_bytes(bytes[16..20].try_into().unwrap()) as usize;
    let header = serde_json::from_slice(&bytes[20..20 + length]).unwrap();
    (header, bytes[20 + length + 4..].to_vec())
}

/// A database with `header` and `body`, every checksum valid.
fn join_db(mut header: Value, body: &[u8]) -> Vec<u8> {
    header["crc32"] = crc32(body).into();
    let json = serde_json::to_vec(&header).unwrap();
    let mut bytes = b"TABULA-SOLUTION\n".to_vec();
    bytes.extend((json.len() as u32).to_le_bytes());
    bytes.extend(&json);
    bytes.extend(crc32(&json).to_le_bytes());
    bytes.extend(body);
    bytes
}

/// A margin table's parts: its header and its entries.
fn split_margins(bytes: &[u8]) -> (Value, Vec<u8>) {
    let length = u32::from_le_bytes(bytes[15..19].try_into().unwrap()) as usize;
    let header = serde_json::from_slice(&bytes[19..19 + length]).unwrap();
    (header, bytes[19 + length..].to_vec())
}

/// A margin table with `header` and `entries`, its checksum valid.
fn join_margins(mut header: Value, entries: &[u8]) -> Vec<u8> {
    header["crc32"] = crc32(entries).into();
    let json = serde_json::to_vec(&header).unwrap();
    let mut bytes = b"TABULA-MARGINS\n".to_vec();
    bytes.extend((json.len() as u32).to_le_bytes());
    bytes.extend(&json);
    bytes.extend(entries);
    bytes
}

/// A model or checkpoint's parts: magic line, header, floats' bytes.
fn split_az(bytes: &[u8]) -> (&[u8], Value, &[u8]) {
    let mut lines = bytes.splitn(3, |&b| b == b'\n');
    let magic = lines.next().unwrap();
    let header = serde_json::from_slice(lines.next().unwrap()).unwrap();
    let rest = lines.next().unwrap();
    (magic, header, &rest[..rest.len() - 4])
}

/// A model or checkpoint file with a valid checksum.
fn join_az(magic: &[u8], header: &Value, floats: &[u8]) -> Vec<u8> {
    let mut bytes = [magic, b"\n"].concat();
    bytes.extend(serde_json::to_vec(header).unwrap());
    bytes.push(b'\n');
    bytes.extend(floats);
    let crc = crc32(&bytes);
    bytes.extend(crc.to_le_bytes());
    bytes
}

/// A valid file of each kind Tabula writes, made by the program.
fn valid(kind: Kind, dir: &Path) -> Vec<u8> {
    match kind {
        Kind::Database => fs::read(width4_db()).unwrap(),
        Kind::Margins => {
            let path = dir.join("valid-margins.db");
            let run = tabula(&["solve", KALAH, "--db", path.to_str().unwrap()], "");
            assert!(run.ok, "{}", run.stderr);
            fs::read(path).unwrap()
        }
        Kind::Model => fs::read(repo().join("games/diffusion/models/az.az")).unwrap(),
        Kind::Checkpoint => {
            let out = dir.join("valid-run");
            let args = [
                "train",
                "diffusion(width=4)",
                "--out",
                out.to_str().unwrap(),
                "--iterations",
                "1",
                "--hidden",
                "8",
                "--blocks",
                "1",
                "--simulations",
                "4",
                "--games",
                "2",
                "--eval-every",
                "0",
            ];
            let run = tabula(&args, "");
            assert!(run.ok, "{}", run.stderr);
            fs::read(out.join("checkpoint.az")).unwrap()
        }
        Kind::Record => unreachable!("records are text, checked by hostile::"),
    }
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .into()
}

/// The damaged files of `kind`: name, bytes, and what the refusal says.
fn damaged(kind: Kind, dir: &Path) -> Vec<(&'static str, Vec<u8>, &'static str)> {
    if kind == Kind::Record {
        return Vec::new();
    }
    let good = valid(kind, dir);
    let mut files = vec![("truncated", good[..good.len() / 2].to_vec(), "truncated")];
    match kind {
        Kind::Database => {
            // A code saying "see the overflow list", which has no entry.
            let (header, mut body) = split_db(&good);
            assert_eq!(
                header["overflow"], 0,
                "the width-4 database has no overflow"
            );
            // Codes are nine bits, eight to a group of nine bytes (the low
            // bytes, then the ninth bits): code 511 for the first position.
            body[0] = 0xFF;
            body[8] |= 1;
            files.push(("forged-overflow", join_db(header, &body), "overflow list"));
        }
        Kind::Margins => {
            // An entry larger than the seeds on its board, and layers of
            // another variant, every checksum valid.
            let (header, mut entries) = split_margins(&good);
            *entries.last_mut().unwrap() = 100;
            let out_of_range = join_margins(header.clone(), &entries);
            files.push(("forged-entry", out_of_range, "out of range"));
            let (mut header, entries) = split_margins(&good);
            header["layers"][1] = 5.into();
            header["layers"][2] = (header["layers"][2].as_u64().unwrap() - 1).into();
            files.push((
                "forged-layers",
                join_margins(header, &entries),
                "layer sizes",
            ));
        }
        Kind::Model | Kind::Checkpoint => {
            let (magic, header, floats) = split_az(&good);
            let mut deep = header.clone();
            let shape = match kind {
                Kind::Model => &mut deep["shape"],
                _ => &mut deep["model"]["shape"],
            };
            shape["blocks"] = (1u64 << 40).into();
            files.push(("forged-blocks", join_az(magic, &deep, floats), "blocks"));
            let huge: Vec<u8> = floats
                .chunks(4)
                .flat_map(|_| 1e30f32.to_le_bytes())
                .collect();
            let huge = join_az(magic, &header, &huge);
            files.push(("forged-weights", huge, "parameter"));
        }
        Kind::Record => {}
    }
    files
}

#[test]
fn every_reader_refuses_what_is_not_its_file() {
    // Short paths: the REPL shortens long messages.
    let work = scratch("fr");
    fs::create_dir_all(&work).unwrap();
    let mut damaged_by_kind = Vec::new();
    let mut failures = Vec::new();
    for (i, reader) in READERS.iter().enumerate() {
        let bad = work.join(format!("b{i}"));
        fs::create_dir_all(&bad).unwrap();
        let fifo = bad.join("fifo");
        assert!(Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success());
        let folder = bad.join("dir");
        fs::create_dir(&folder).unwrap();
        let mut cases: Vec<(String, PathBuf, &str)> = vec![
            ("a FIFO".into(), fifo, "not a regular file"),
            ("/dev/zero".into(), "/dev/zero".into(), "not a regular file"),
        ];
        // A directory given to `analyse` is a results folder.
        if reader.name != "analyse results" {
            cases.push(("a directory".into(), folder, "not a regular file"));
        }
        if !damaged_by_kind.iter().any(|(k, _)| *k == reader.kind) {
            let files = damaged(reader.kind, &work);
            damaged_by_kind.push((reader.kind, files));
        }
        let (_, files) = damaged_by_kind
            .iter()
            .find(|(k, _)| *k == reader.kind)
            .unwrap();
        for (name, bytes, says) in files {
            let path = bad.join(name);
            fs::write(&path, bytes).unwrap();
            cases.push((name.to_string(), path, says));
        }
        for (case, path, says) in cases {
            let dir = work.join(format!("r{i}-{}", case.replace('/', "")));
            fs::create_dir_all(&dir).unwrap();
            let (args, stdin) = (reader.command)(path.to_str().unwrap(), &dir);
            let what = format!("{} on {case}", reader.name);
            let (status, stderr) = run_bounded(&what, &args, &stdin, &dir);
            // The train run names the checkpoint, a link to the file.
            let named = match reader.kind {
                Kind::Checkpoint => "checkpoint.az".to_string(),
                _ => path.display().to_string(),
            };
            let refused = status.code().is_some_and(|c| c != 0)
                && stderr.contains(&named)
                && stderr.contains(says)
                && !stderr.contains("panicked");
            if !refused {
                failures.push(format!("{what}: {status}, stderr:\n{stderr}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let _ = fs::remove_dir_all(&work);
}

/// A REPL with its standard input open, its output going to a file; it
/// reads databases of over `in_memory` bytes from their files.
fn repl(dir: &Path, in_memory: &str) -> (Child, PathBuf, PathBuf) {
    let (stdout, stderr) = (dir.join("stdout"), dir.join("stderr"));
    let child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .arg("play")
        .env("TABULA_DB_IN_MEMORY", in_memory)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(File::create(&stdout).unwrap())
        .stderr(File::create(&stderr).unwrap())
        .spawn()
        .unwrap();
    (child, stdout, stderr)
}

/// A table read from its file (as a large one is) is locked while in use,
/// and a file cut short under it is refused by name, not read; a table
/// read into memory (as a small one is) holds no lock and keeps answering
/// whatever becomes of its file.
#[test]
fn a_database_changed_in_place_is_refused_or_not_needed() {
    let dir = scratch("files-in-place");
    fs::create_dir_all(&dir).unwrap();
    let db = dir.join("w4.db");
    for in_memory in ["0", "1000000000"] {
        fs::copy(width4_db(), &db).unwrap();
        let (mut child, stdout, stderr) = repl(&dir, in_memory);
        let mut input = child.stdin.take().unwrap();
        let load = format!(
            "new diffusion(width=4)\nsolve load {}\nsolve\n",
            db.display()
        );
        input.write_all(load.as_bytes()).unwrap();
        let read = |path: &Path| fs::read_to_string(path).unwrap_or_default();
        poll_until("the first solve", || read(&stdout).contains("best"));
        let file = fs::OpenOptions::new().write(true).open(&db).unwrap();
        let locked = matches!(file.try_lock(), Err(fs::TryLockError::WouldBlock));
        // One that ignores the lock: cut in place under the table.
        file.set_len(1000).unwrap();
        input.write_all(b"solve\nquit\n").unwrap();
        drop(input);
        end_or_kill(&mut child, "the REPL after the change");
        let status = child.wait().unwrap();
        let err = read(&stderr);
        if in_memory == "0" {
            assert!(locked, "the database is locked while read from");
            assert_eq!(status.code(), Some(1), "an error, not SIGBUS: {status}");
            assert!(err.contains("changed on disk while in use"), "{err}");
            assert!(err.contains("w4.db"), "{err}");
        } else {
            assert!(!locked, "a table in memory needs no lock");
            assert!(status.success(), "{status}: {err}");
            assert_eq!(read(&stdout).matches("South to move: win in 53").count(), 2);
        }
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_failed_save_keeps_the_old_file() {
    let dir = scratch("files-save");
    fs::create_dir_all(&dir).unwrap();
    let (save, svg) = (dir.join("game.json"), dir.join("board.svg"));
    let commands = format!(
        "play D\nsave {}\nshow --svg {}\n",
        save.display(),
        svg.display()
    );
    let run = tabula(&["play"], &commands);
    assert!(run.ok, "{}", run.stderr);
    let (old_save, old_svg) = (fs::read(&save).unwrap(), fs::read(&svg).unwrap());
    assert!(!old_save.is_empty() && !old_svg.is_empty());
    // No file may grow past 0 bytes: every write fails (by EFBIG or by
    // SIGXFSZ), and must leave the old files whole.
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -f 0 && exec \"$0\" play")
        .arg(env!("CARGO_BIN_EXE_tabula"))
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let again = format!(
        "play e\nsave {}\nshow --svg {}\n",
        save.display(),
        svg.display()
    );
    let _ = input.write_all(again.as_bytes());
    drop(input);
    end_or_kill(&mut child, "the REPL saving under ulimit -f 0");
    assert!(!child.wait().unwrap().success());
    assert_eq!(fs::read(&save).unwrap(), old_save, "the old save is whole");
    assert_eq!(fs::read(&svg).unwrap(), old_svg, "the old picture is whole");
    let _ = fs::remove_dir_all(&dir);
}

/// `save` and `show --svg` never turn what is not a regular file into one
/// (as root, `save /dev/null` once did): a device and a FIFO are written
/// through, `/dev/stdout` is the REPL's own output, a directory is refused
/// and a symbolic link to a file keeps its link.
#[test]
#[cfg(unix)]
fn saves_write_through_streams_and_never_replace_devices() {
    use std::os::unix::fs::{symlink, FileTypeExt};
    let dir = scratch("files-targets");
    fs::create_dir_all(&dir).unwrap();
    let kind = |name: &str| fs::symlink_metadata(dir.join(name)).unwrap().file_type();
    // The issue's own: a device node where the save goes (as root; a link
    // to /dev/null where mknod is not allowed).
    let made = Command::new("mknod")
        .args(["dev", "c", "1", "3"])
        .current_dir(&dir)
        .stderr(Stdio::null())
        .status()
        .unwrap();
    if !made.success() {
        symlink("/dev/null", dir.join("dev")).unwrap();
    }
    assert!(Command::new("mkfifo")
        .arg(dir.join("fifo"))
        .status()
        .unwrap()
        .success());
    fs::create_dir(dir.join("folder")).unwrap();
    fs::write(dir.join("game.json"), "old").unwrap();
    symlink("game.json", dir.join("link")).unwrap();
    let reader = {
        let fifo = dir.join("fifo");
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    let commands = "new diffusion(width=4)\nplay D\nsave dev\nshow --svg dev\nsave fifo\n\
                    save folder\nsave link\nsave /dev/stdout\nshow --svg /dev/stdout\n";
    let run = tabula_in(&dir, &["play"], commands);
    assert!(fs::metadata(dir.join("dev"))
        .unwrap()
        .file_type()
        .is_char_device());
    assert!(kind("fifo").is_fifo() && kind("folder").is_dir() && kind("link").is_symlink());
    let through_fifo = reader.join().unwrap();
    assert!(through_fifo.contains("\"moves\""), "{through_fifo}");
    assert!(
        run.stderr
            .contains("cannot write folder: it is a directory"),
        "{}",
        run.stderr
    );
    let saved = fs::read_to_string(dir.join("game.json")).unwrap();
    assert!(saved.contains("\"moves\""), "{saved}");
    // The REPL's own output carries the save and the picture, in order.
    let save_at = run.stdout.find("\"moves\"").expect("the save on stdout");
    let svg_at = run.stdout.find("<svg").expect("the picture on stdout");
    assert!(save_at < svg_at, "{}", run.stdout);
    let _ = fs::remove_dir_all(&dir);
}

/// Rewrites `db` in place, as `cp` onto it does (cut to nothing, then
/// written back in two steps), leaving it as it was.
fn rewrite_in_place(db: &Path, bytes: &[u8]) {
    let mut file = fs::OpenOptions::new().write(true).open(db).unwrap();
    file.set_len(0).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(2));
    file.write_all(&bytes[..bytes.len() / 2]).unwrap();
    file.flush().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(2));
    file.write_all(&bytes[bytes.len() / 2..]).unwrap();
}

/// How `perfect` games went while their database was rewritten.
#[derive(Debug, Default)]
struct Soak {
    rewrites: usize,
    arenas: usize,
    games: usize,
    forfeits: usize,
}

/// An endless arena of `perfect` against `random` (its database read as
/// `in_memory` says) while `db` is rewritten in place `rewrites` times;
/// an arena that ends with an error (a new game's agent finding no
/// database mid-rewrite) is resumed, and every rewrite happens while an
/// arena runs. Each must end by an error or by Ctrl-C, never by a signal.
/// Every [`RESUMES`]th arena starts a new results folder: a resume reads
/// every game before it, and this test is about the database, not about
/// reading thousands of records a hundred times over.
fn soak(dir: &Path, db: &Path, in_memory: Option<&str>, rewrites: usize) -> Soak {
    const RESUMES: usize = 10;
    let bytes = fs::read(db).unwrap();
    let mode = in_memory.unwrap_or("default");
    let out = |arena: usize| dir.join(format!("soak-{mode}-{}", arena / RESUMES));
    let mut soak = Soak::default();
    let start = |arena: usize| {
        let out = out(arena);
        let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
        command
            .args(["arena", "--games", "diffusion(width=4)", "--agents"])
            .arg(format!("perfect(db={})", db.display()))
            .args(["random", "--rounds", "1000000", "--threads", "2", "--out"])
            .arg(&out)
            .args((!arena.is_multiple_of(RESUMES)).then_some("--resume"))
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        if let Some(bound) = in_memory {
            command.env("TABULA_DB_IN_MEMORY", bound);
        }
        command.spawn().unwrap()
    };
    let games = |arena: usize| out(arena).join("games.jsonl");
    let played = |arena: usize| fs::read_to_string(games(arena)).map_or(0, |t| t.lines().count());
    let ended = |child: &mut Child| -> (ExitStatus, String) {
        end_or_kill(child, "the soaked arena");
        let mut stderr = String::new();
        let _ = std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr);
        (child.wait().unwrap(), stderr)
    };
    let check = |status: ExitStatus, stderr: &str| {
        assert_eq!(
            status.code(),
            Some(2),
            "an error, never a signal: {status}\n{stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
    };
    while soak.rewrites < rewrites {
        let number = soak.arenas;
        let mut arena = start(number);
        soak.arenas += 1;
        let before = played(number);
        poll_until("a game of the arena", || {
            played(number) > before || arena.try_wait().unwrap().is_some()
        });
        while soak.rewrites < rewrites && arena.try_wait().unwrap().is_none() {
            rewrite_in_place(db, &bytes);
            soak.rewrites += 1;
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        if arena.try_wait().unwrap().is_none() {
            let interrupted = Command::new("kill")
                .args(["-INT", &arena.id().to_string()])
                .status()
                .unwrap();
            assert!(interrupted.success());
        }
        // Stopped by Ctrl-C, or by a new game's agent finding no database
        // (also in the instant before Ctrl-C came).
        let (status, stderr) = ended(&mut arena);
        check(status, &stderr);
        assert!(
            stderr.contains("interrupted") || stderr.contains(&db.display().to_string()),
            "{stderr}"
        );
    }
    for folder in (0..soak.arenas).step_by(RESUMES) {
        let text = fs::read_to_string(games(folder)).unwrap();
        soak.games += text.lines().count();
        soak.forfeits += text
            .lines()
            .filter(|l| !l.contains("\"forfeit\":null"))
            .count();
    }
    soak
}

/// A database rewritten in place under a running arena (once SIGBUS in
/// two runs of four) ends games or the arena with an error naming it,
/// never the process, whether the table is held in memory (the width-4
/// table is) or read from its file (`TABULA_DB_IN_MEMORY=0`, as a table
/// over 512 MiB is): 100 rewrites each.
#[test]
fn a_database_rewritten_under_an_arena_is_an_error_never_a_crash() {
    let dir = scratch("files-soak");
    fs::create_dir_all(&dir).unwrap();
    let db = dir.join("w4.db");
    for in_memory in [Some("0"), None] {
        fs::copy(width4_db(), &db).unwrap();
        let soak = soak(&dir, &db, in_memory, 100);
        eprintln!("TABULA_DB_IN_MEMORY={in_memory:?}: {soak:?}");
        assert_eq!(soak.rewrites, 100);
        assert!(soak.games > 0, "{soak:?}");
    }
    let _ = fs::remove_dir_all(&dir);
}

/// `TABULA_DB_IN_MEMORY` that is no number of bytes is refused by name
/// when a database is loaded, rather than read as some default.
#[test]
fn a_bad_in_memory_bound_is_refused() {
    let run = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["solve", "diffusion(width=4)", "--db", width4_db()])
        .env("TABULA_DB_IN_MEMORY", "lots")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(!run.status.success());
    assert!(
        stderr.contains("TABULA_DB_IN_MEMORY=`lots` is not a number of bytes"),
        "{stderr}"
    );
}
