//! A solved table and its database file.
//!
//! The file is `MAGIC`, the length of a JSON header, the header, the
//! header's CRC-32, the codes (nine bits per position, eight to a group of
//! nine bytes: see [`packed`](super::packed)), then the overflow list (12
//! bytes per entry: index, then plies × 2 + 1 for a win or + 0 for a loss,
//! little-endian), which holds distances over 254 plies. The header names the format and version, the
//! game, the variant, the sizes, the statistics and the CRC-32 of
//! everything after it. Loading checks all of it before a single entry is
//! read, in one pass over the file.
//!
//! A loaded table never depends on the file staying as it was checked. A
//! table of up to [`IN_MEMORY_BYTES`] is read into memory whole, so a
//! file changed or deleted afterwards changes nothing. A larger one (the
//! full Diffusion table is 2.45 GB) is read where it lies, one group of
//! nine bytes per lookup (a positioned read served by the page cache,
//! which every process using the file shares, as a map would be), and is
//! never memory-mapped: a mapped file cut short kills the process with
//! SIGBUS at its next read, while a read past the end of a file cut short
//! is an error ([`DbError::Changed`]). While such a table is in use it
//! holds a shared advisory lock (`flock`) on the file, the solver replaces
//! a database by renaming a new file over it (the open file keeps the old
//! one), and [`Table::unchanged`] notices a file rewritten in place at the
//! same size.

use std::fmt;
use std::fs::{File, TryLockError};
use std::io::{Read, Write};
use std::path::Path;
use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::packed::{self, packed_len, CODES, GROUP};
use super::shared::{stamp_of, FileStamp, Shared};
use super::value::{decode, Code, Entry, Value, OVERFLOW};

/// The format name in every database header.
pub const FORMAT: &str = "tabula-solution";
/// The database version this build writes and reads. Version 1 had one
/// code byte per position and sent distances over 126 plies to the
/// overflow list; it is refused with the command that rebuilds it.
pub const VERSION: u32 = 2;
/// The first bytes of every database file.
const MAGIC: &[u8; 16] = b"TABULA-SOLUTION\n";
/// No honest header comes near this; a larger length is corruption.
const MAX_HEADER: u32 = 1 << 20;
/// Bytes per overflow entry.
const OVERFLOW_BYTES: u64 = 12;
/// The largest table (its codes, in bytes) read into memory whole when it
/// is loaded; a larger one is read from its file a lookup at a time. The
/// environment variable `TABULA_DB_IN_MEMORY` (a number of bytes) sets
/// another bound: `0` reads every table from its file, a bound above the
/// table reads it into memory (the fastest lookups, for the memory).
pub const IN_MEMORY_BYTES: u64 = 512 << 20;
/// The environment variable that overrides [`IN_MEMORY_BYTES`].
pub const IN_MEMORY_VARIABLE: &str = "TABULA_DB_IN_MEMORY";
/// Bytes read at a time while a database is checked: whole groups.
const CHUNK_BYTES: usize = GROUP << 20;
/// How the codes read, written into the header for people.
const ENCODING: &str = "nine bits per position, eight to a group of nine bytes (the low bytes, \
     then the ninth bits): 0 draw, 2k+1 win in k plies, 2k+2 loss in k plies, 511 see overflow";

/// Which positions a table covers: the game, the variant, the size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Identity {
    /// The game's registry name.
    pub game: String,
    /// The variant the table depends on (see [`Indexed::variant`](super::Indexed::variant)).
    pub variant: String,
    /// Entries in the table.
    pub positions: u64,
}

impl fmt::Display for Identity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}({}), {} positions",
            self.game, self.variant, self.positions
        )
    }
}

/// What a table holds, counted once when it is built.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// Positions the side to move wins.
    pub wins: u64,
    /// Positions the side to move loses.
    pub losses: u64,
    /// Positions neither side can win.
    pub draws: u64,
    /// Indices no game reaches (not counted above).
    pub unreachable: u64,
    /// The longest distance of a win or loss, in plies.
    pub max_plies: u32,
    /// Seconds the build took.
    pub seconds: f64,
}

/// Why a database file was refused.
#[derive(Debug, Error)]
pub enum DbError {
    /// The file could not be read or written.
    #[error("{path}: {error}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        error: std::io::Error,
    },
    /// Not a database of this format at all.
    #[error("{path}: not a Tabula solution database (no `{}` header)", FORMAT)]
    NotADatabase {
        /// The file.
        path: String,
    },
    /// A database of another version.
    #[error("{path}: database version {found}, this build reads version {VERSION}; {advice}")]
    Version {
        /// The file.
        path: String,
        /// The version the file says it has.
        found: u32,
        /// What to do: the command that rebuilds an older file.
        advice: String,
    },
    /// The file is shorter (or longer) than its header says.
    #[error(
        "{path}: truncated or padded: the header announces {expected} bytes, the file has {actual}"
    )]
    Length {
        /// The file.
        path: String,
        /// The size the header implies.
        expected: u64,
        /// The size on disk.
        actual: u64,
    },
    /// A checksum or a field does not match: the file was damaged.
    #[error("{path}: corrupt: {reason}")]
    Corrupt {
        /// The file.
        path: String,
        /// What does not match.
        reason: String,
    },
    /// The file a table is read from was changed in place while in use.
    #[error("{path}: changed on disk while in use; load it again")]
    Changed {
        /// The file.
        path: String,
    },
    /// Another process holds the file's exclusive lock: it is being written.
    #[error("{path}: another process is writing it (it holds the file's lock)")]
    Locked {
        /// The file.
        path: String,
    },
    /// `TABULA_DB_IN_MEMORY` is set to what is not a number of bytes.
    #[error("{IN_MEMORY_VARIABLE}=`{value}` is not a number of bytes")]
    Setting {
        /// What the variable holds.
        value: String,
    },
    /// A sound database of another game or variant.
    #[error("{path}: the database solves {found}, not {expected}")]
    Mismatch {
        /// The file.
        path: String,
        /// What the file covers.
        found: Box<Identity>,
        /// What was asked for.
        expected: Box<Identity>,
    },
}

/// The JSON header of a database file.
#[derive(Serialize, Deserialize)]
struct Header {
    format: String,
    version: u32,
    #[serde(flatten)]
    identity: Identity,
    encoding: String,
    /// Entries stored: all positions, or the first layers' only.
    covered: u64,
    /// How many layers those are.
    layers: usize,
    overflow: u64,
    stats: Stats,
    /// CRC-32 of the codes and the overflow list.
    crc32: u32,
}

/// The packed codes: in memory (built, or read from a file small enough),
/// or in their file, read a group at a time (see the module's docs).
enum Codes {
    Memory(Vec<u8>),
    Disk(OnDisk),
}

/// A large table's codes where they lie: `len` bytes from `offset` of
/// `file`, which holds the shared lock; `stamp` is what the file was when
/// checked.
struct OnDisk {
    file: File,
    offset: u64,
    len: u64,
    path: String,
    stamp: FileStamp,
}

impl OnDisk {
    /// Fills `bytes` from `at` bytes into the codes; a file cut short
    /// since it was checked is [`DbError::Changed`], not a crash.
    fn read(&self, bytes: &mut [u8], at: u64) -> Result<(), DbError> {
        read_at(&self.file, bytes, self.offset + at).map_err(|error| match error.kind() {
            std::io::ErrorKind::UnexpectedEof => DbError::Changed {
                path: self.path.clone(),
            },
            _ => DbError::Io {
                path: self.path.clone(),
                error,
            },
        })
    }

    /// Calls `each` with the packed codes in order, a chunk of whole
    /// groups at a time.
    fn chunks(&self, mut each: impl FnMut(&[u8]) -> Result<(), DbError>) -> Result<(), DbError> {
        let mut chunk = vec![0u8; CHUNK_BYTES];
        let mut at = 0;
        while at < self.len {
            let n = (self.len - at).min(CHUNK_BYTES as u64) as usize;
            self.read(&mut chunk[..n], at)?;
            each(&chunk[..n])?;
            at += n as u64;
        }
        Ok(())
    }
}

/// `bytes.len()` bytes of `file` from `offset`, without moving a cursor
/// (lookups from several threads share the file).
fn read_at(file: &File, bytes: &mut [u8], offset: u64) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        std::os::unix::fs::FileExt::read_exact_at(file, bytes, offset)
    }
    #[cfg(windows)]
    {
        let (mut done, mut offset) = (0, offset);
        while done < bytes.len() {
            match std::os::windows::fs::FileExt::seek_read(file, &mut bytes[done..], offset)? {
                0 => return Err(std::io::ErrorKind::UnexpectedEof.into()),
                n => (done, offset) = (done + n, offset + n as u64),
            }
        }
        Ok(())
    }
}

impl Codes {
    /// Code `index`.
    fn get(&self, index: u64) -> Result<Code, DbError> {
        match self {
            Codes::Memory(bytes) => Ok(packed::get(bytes, index)),
            Codes::Disk(disk) => {
                let mut group = [0u8; GROUP];
                disk.read(&mut group, index / CODES * GROUP as u64)?;
                Ok(packed::get(&group, index % CODES))
            }
        }
    }

    /// Bytes of packed codes.
    fn len(&self) -> u64 {
        match self {
            Codes::Memory(bytes) => bytes.len() as u64,
            Codes::Disk(disk) => disk.len,
        }
    }

    /// Calls `each` with the packed bytes in order, a chunk at a time.
    fn chunks(&self, mut each: impl FnMut(&[u8]) -> Result<(), DbError>) -> Result<(), DbError> {
        match self {
            Codes::Memory(bytes) => each(bytes),
            Codes::Disk(disk) => disk.chunks(each),
        }
    }
}

/// The value of every position of one variant of a game.
pub struct Table {
    identity: Identity,
    /// The layers stored (the first ones), and whether they are all.
    layers: usize,
    complete: bool,
    stats: Stats,
    codes: Codes,
    /// How many positions the codes cover (the first ones).
    covered: u64,
    /// The entries whose distance does not fit a code, by index.
    overflow: Vec<(u64, Entry)>,
}

impl fmt::Debug for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table")
            .field("identity", &self.identity)
            .field("stats", &self.stats)
            .finish_non_exhaustive()
    }
}

impl Table {
    /// A table from the packed codes of the first `covered` positions and
    /// the overflow entries (sorted here).
    pub(crate) fn new(
        identity: Identity,
        (layers, complete): (usize, bool),
        stats: Stats,
        (codes, covered): (Vec<u8>, u64),
        mut overflow: Vec<(u64, Entry)>,
    ) -> Self {
        debug_assert!(covered <= identity.positions);
        debug_assert_eq!(codes.len() as u64, packed_len(covered));
        overflow.sort_by_key(|&(index, _)| index);
        Table {
            identity,
            layers,
            complete,
            stats,
            codes: Codes::Memory(codes),
            covered,
            overflow,
        }
    }

    /// The game, variant and size the table covers.
    pub fn identity(&self) -> &Identity {
        &self.identity
    }

    /// Counts of wins, losses and draws, the longest distance, the build time.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Whether the table holds every position of its variant, not only
    /// the first layers (`tabula solve --layers`).
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// How many layers (the first ones) the table holds.
    pub fn layers(&self) -> usize {
        self.layers
    }

    /// Whether the table holds the entry of index `index`.
    pub fn covers(&self, index: u64) -> bool {
        index < self.covered
    }

    /// Entries the table holds: all its variant's positions when complete.
    pub fn covered(&self) -> u64 {
        self.covered
    }

    /// The entry of the position with index `index`, for its side to move;
    /// an error only for a large table read from its file (see the
    /// module's docs) whose file was cut short while in use.
    ///
    /// # Panics
    /// If the table does not [cover](Table::covers) `index`.
    pub fn get(&self, index: u64) -> Result<Entry, DbError> {
        assert!(self.covers(index), "index {index} is beyond the table");
        let code = self.codes.get(index)?;
        if code == OVERFLOW {
            return Ok(self.overflow_entry(index));
        }
        Ok(decode(code))
    }

    fn overflow_entry(&self, index: u64) -> Entry {
        match self.overflow.binary_search_by_key(&index, |&(i, _)| i) {
            Ok(at) => self.overflow[at].1,
            // A finished build always has it, and loading checks a file's.
            Err(_) => panic!("no overflow entry for index {index}"),
        }
    }

    /// Whether the table is held in memory (built, or loaded from a file
    /// of at most [`IN_MEMORY_BYTES`]) rather than read from its file.
    pub fn in_memory(&self) -> bool {
        matches!(self.codes, Codes::Memory(_))
    }

    /// `Err(Changed)` if the file a table is read from changed size or
    /// time since it was loaded (rewritten in place, against the lock):
    /// its values may no longer be the ones checked. Cheap (one `fstat`):
    /// call it before use. A table in memory is never changed.
    pub fn unchanged(&self) -> Result<(), DbError> {
        match &self.codes {
            Codes::Memory(_) => Ok(()),
            Codes::Disk(disk) => match disk.file.metadata() {
                Ok(meta) if stamp_of(&meta) == disk.stamp => Ok(()),
                _ => Err(DbError::Changed {
                    path: disk.path.clone(),
                }),
            },
        }
    }

    /// Refuses the table unless it covers `expected`.
    pub fn check(&self, path: &str, expected: &Identity) -> Result<(), DbError> {
        check_identity(path, &self.identity, expected)
    }

    fn overflow_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(self.overflow.len() * OVERFLOW_BYTES as usize);
        for &(index, entry) in &self.overflow {
            let plies = entry.plies.unwrap_or(0);
            let word = plies * 2 + u32::from(entry.value == Value::Win);
            bytes.extend_from_slice(&index.to_le_bytes());
            bytes.extend_from_slice(&word.to_le_bytes());
        }
        bytes
    }

    /// The header's JSON and the overflow bytes it checksums.
    fn header_bytes(&self) -> Result<(Vec<u8>, Vec<u8>), DbError> {
        let overflow = self.overflow_bytes();
        let mut crc = crc32fast::Hasher::new();
        self.codes.chunks(|chunk| {
            crc.update(chunk);
            Ok(())
        })?;
        crc.update(&overflow);
        let header = Header {
            format: FORMAT.to_string(),
            version: VERSION,
            identity: self.identity.clone(),
            encoding: ENCODING.to_string(),
            covered: self.covered,
            layers: self.layers,
            overflow: self.overflow.len() as u64,
            stats: self.stats.clone(),
            crc32: crc.finalize(),
        };
        let json = serde_json::to_vec(&header).expect("a header serializes");
        Ok((json, overflow))
    }

    /// Writes the database to `path` (through a temporary file beside it,
    /// renamed at the end, so an interrupted write leaves no half file
    /// under the name). Returns the bytes written.
    pub fn save(&self, path: &Path) -> Result<u64, DbError> {
        let io = |error| DbError::Io {
            path: path.display().to_string(),
            error,
        };
        let (header, overflow) = self.header_bytes()?;
        let write = |out: &mut dyn Write| -> Result<(), DbError> {
            out.write_all(MAGIC).map_err(io)?;
            out.write_all(&(header.len() as u32).to_le_bytes())
                .map_err(io)?;
            out.write_all(&header).map_err(io)?;
            out.write_all(&crc32fast::hash(&header).to_le_bytes())
                .map_err(io)?;
            self.codes
                .chunks(|chunk| out.write_all(chunk).map_err(io))?;
            out.write_all(&overflow).map_err(io)
        };
        tabula_core::files::replace_with(path, write, io)?;
        Ok(MAGIC.len() as u64 + 8 + header.len() as u64 + self.codes.len() + overflow.len() as u64)
    }

    /// The identity in the header of the database at `path`, and whether
    /// the table is complete, checked (magic, version, header checksum, file
    /// length) without reading the table: cheap, for refusing a wrong file
    /// early.
    pub fn read_identity(path: &Path) -> Result<(Identity, bool), DbError> {
        let header = read_header(path)?.0;
        let complete = header.covered == header.identity.positions;
        Ok((header.identity, complete))
    }

    /// Loads and checks the database at `path`: magic, version, header
    /// checksum, file length, then the checksum of every byte after the
    /// header and the meaning of what it covers. A table of up to
    /// [`IN_MEMORY_BYTES`] (or `TABULA_DB_IN_MEMORY`) is read into memory,
    /// a larger one read from the file as it is used.
    pub fn load(path: &Path) -> Result<Table, DbError> {
        Table::load_with(path, in_memory_bytes()?)
    }

    /// [`Table::load`], reading the table into memory when its codes take
    /// at most `in_memory` bytes.
    pub fn load_with(path: &Path, in_memory: u64) -> Result<Table, DbError> {
        let name = path.display().to_string();
        let (header, offset, file) = read_header(path)?;
        match file.try_lock_shared() {
            // A file system without locks: the stamp check remains.
            Ok(()) | Err(TryLockError::Error(_)) => {}
            Err(TryLockError::WouldBlock) => return Err(DbError::Locked { path: name }),
        }
        let io = |error| DbError::Io {
            path: name.clone(),
            error,
        };
        let corrupt = |reason: String| DbError::Corrupt {
            path: name.clone(),
            reason,
        };
        let stamp = stamp_of(&file.metadata().map_err(io)?);
        let positions = header.covered;
        let len = packed_len(positions);
        let disk = OnDisk {
            file,
            offset: offset as u64,
            len,
            path: name.clone(),
            stamp,
        };
        // One pass over the codes: their checksum, how many send the
        // reader to the overflow list, and a copy when they are kept.
        let mut crc = crc32fast::Hasher::new();
        let mut kept = Vec::new();
        let keep = len <= in_memory;
        if keep {
            kept.try_reserve_exact(len as usize).map_err(|_| {
                io(std::io::Error::new(
                    std::io::ErrorKind::OutOfMemory,
                    format!("{len} bytes of table do not fit in memory"),
                ))
            })?;
        }
        let (mut sent, mut first, mut padding) = (0u64, 0u64, 0);
        disk.chunks(|chunk| {
            crc.update(chunk);
            let here = (positions - first).min(chunk.len() as u64 / GROUP as u64 * CODES);
            sent += packed::fold(
                chunk,
                here,
                |sent: &mut u64, code| *sent += u64::from(code == OVERFLOW),
                |a, b| a + b,
            );
            if first + here == positions {
                padding = packed::padding(chunk, here);
            }
            first += here;
            if keep {
                kept.extend_from_slice(chunk);
            }
            Ok(())
        })?;
        let mut list = vec![0u8; (header.overflow * OVERFLOW_BYTES) as usize];
        disk.read(&mut list, len)?;
        crc.update(&list);
        let crc = crc.finalize();
        if crc != header.crc32 {
            return Err(corrupt(format!(
                "the table's checksum is {crc:08x}, the header says {:08x}",
                header.crc32
            )));
        }
        let overflow: Vec<(u64, Entry)> = list
            .chunks_exact(OVERFLOW_BYTES as usize)
            .map(|chunk| {
                let index = u64::from_le_bytes(chunk[..8].try_into().expect("8 bytes"));
                let word = u32::from_le_bytes(chunk[8..].try_into().expect("4 bytes"));
                let entry = match word % 2 {
                    1 => Entry::win(word / 2),
                    _ => Entry::loss(word / 2),
                };
                (index, entry)
            })
            .collect();
        if overflow.windows(2).any(|w| w[0].0 >= w[1].0)
            || overflow.last().is_some_and(|&(i, _)| i >= positions)
        {
            return Err(corrupt("the overflow list is out of order".to_string()));
        }
        if padding != 0 {
            return Err(corrupt("the last group's padding is not zero".to_string()));
        }
        let codes = match keep {
            // The file is no longer needed, nor its lock.
            true => Codes::Memory(kept),
            false => Codes::Disk(disk),
        };
        // A checksum proves the bytes unchanged, not meaningful: every
        // code that sends the reader to the list must find its entry there.
        let mut listed = true;
        for &(index, _) in &overflow {
            listed &= codes.get(index)? == OVERFLOW;
        }
        if sent != overflow.len() as u64 || !listed {
            return Err(corrupt(format!(
                "{sent} codes refer to the overflow list of {} entries, not one entry each",
                overflow.len()
            )));
        }
        Ok(Table {
            complete: header.covered == header.identity.positions,
            identity: header.identity,
            layers: header.layers,
            stats: header.stats,
            codes,
            covered: positions,
            overflow,
        })
    }
}

/// The bound of [`Table::load`]: `TABULA_DB_IN_MEMORY`, else
/// [`IN_MEMORY_BYTES`]; read once per process.
fn in_memory_bytes() -> Result<u64, DbError> {
    static BOUND: OnceLock<Result<u64, String>> = OnceLock::new();
    BOUND
        .get_or_init(|| match std::env::var(IN_MEMORY_VARIABLE) {
            Err(_) => Ok(IN_MEMORY_BYTES),
            Ok(value) => value.trim().parse().map_err(|_| value),
        })
        .clone()
        .map_err(|value| DbError::Setting {
            value: tabula_core::excerpt(&value),
        })
}

/// The tables loaded by [`Table::shared`], by file.
static SHARED: Shared<Table> = Shared::new();

impl Table {
    /// The database at `path`, loaded once per process and shared: every
    /// agent of a tournament (the arena builds one per game, several games
    /// at a time) uses the same loaded table. A file changed on disk since
    /// it was loaded is loaded again.
    pub fn shared(path: &Path) -> Result<Arc<Table>, DbError> {
        let io = |error| DbError::Io {
            path: path.display().to_string(),
            error,
        };
        SHARED.get(path, io, |_| true, || Table::load(path))
    }
}

/// `Err(Mismatch)` unless `found` is `expected`.
pub(crate) fn check_identity(
    path: &str,
    found: &Identity,
    expected: &Identity,
) -> Result<(), DbError> {
    if found == expected {
        Ok(())
    } else {
        Err(DbError::Mismatch {
            path: path.to_string(),
            found: Box::new(found.clone()),
            expected: Box::new(expected.clone()),
        })
    }
}

/// Reads and checks the header: returns it, the offset of the codes, and
/// the open file.
fn read_header(path: &Path) -> Result<(Header, usize, File), DbError> {
    let name = path.display().to_string();
    let io = |error| DbError::Io {
        path: name.clone(),
        error,
    };
    let corrupt = |reason: String| DbError::Corrupt {
        path: name.clone(),
        reason,
    };
    let mut file = tabula_core::files::open_file(path).map_err(io)?;
    let actual = file.metadata().map_err(io)?.len();
    let mut prefix = [0u8; 20];
    if actual < prefix.len() as u64 {
        return Err(
            if actual > 0 && MAGIC.starts_with(&read_all(&mut file).map_err(io)?) {
                DbError::Length {
                    path: name.clone(),
                    expected: prefix.len() as u64,
                    actual,
                }
            } else {
                DbError::NotADatabase { path: name.clone() }
            },
        );
    }
    file.read_exact(&mut prefix).map_err(io)?;
    if &prefix[..16] != MAGIC {
        return Err(DbError::NotADatabase { path: name.clone() });
    }
    let length = u32::from_le_bytes(prefix[16..].try_into().expect("4 bytes"));
    if length > MAX_HEADER {
        return Err(corrupt(format!("a header of {length} bytes")));
    }
    let header_end = prefix.len() as u64 + u64::from(length) + 4;
    if actual < header_end {
        return Err(DbError::Length {
            path: name.clone(),
            expected: header_end,
            actual,
        });
    }
    let mut json = vec![0u8; length as usize + 4];
    file.read_exact(&mut json).map_err(io)?;
    let stored = u32::from_le_bytes(json[length as usize..].try_into().expect("4 bytes"));
    json.truncate(length as usize);
    if crc32fast::hash(&json) != stored {
        return Err(corrupt("the header's checksum does not match".to_string()));
    }
    let value: serde_json::Value =
        serde_json::from_slice(&json).map_err(|e| corrupt(format!("header: {e}")))?;
    if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(DbError::NotADatabase { path: name.clone() });
    }
    match value.get("version").and_then(|v| v.as_u64()) {
        Some(v) if v == u64::from(VERSION) => {}
        Some(v) => {
            let field = |key: &str| value.get(key).and_then(|f| f.as_str()).unwrap_or("?");
            let advice = match v < u64::from(VERSION) {
                true => format!(
                    "it was written by an older Tabula: rebuild it with \
                     `tabula solve \"{}({})\" --db {name}`",
                    field("game"),
                    field("variant")
                ),
                false => "it was written by a newer Tabula: read it with that".to_string(),
            };
            return Err(DbError::Version {
                path: name.clone(),
                found: v.min(u64::from(u32::MAX)) as u32,
                advice,
            });
        }
        None => return Err(corrupt("the header has no version".to_string())),
    }
    let header: Header =
        serde_json::from_value(value).map_err(|e| corrupt(format!("header: {e}")))?;
    if header.covered > header.identity.positions {
        return Err(corrupt(format!(
            "{} entries for {} positions",
            header.covered, header.identity.positions
        )));
    }
    let expected = header_end
        .checked_add(packed_len(header.covered))
        .and_then(|n| n.checked_add(header.overflow.checked_mul(OVERFLOW_BYTES)?))
        .ok_or_else(|| corrupt("impossible sizes in the header".to_string()))?;
    if expected != actual {
        return Err(DbError::Length {
            path: name.clone(),
            expected,
            actual,
        });
    }
    Ok((header, header_end as usize, file))
}

fn read_all(file: &mut File) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)?;
    Ok(bytes)
}
