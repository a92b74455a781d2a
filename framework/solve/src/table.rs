//! A solved table and its database file.
//!
//! The file is `MAGIC`, the length of a JSON header, the header, the
//! header's CRC-32, the codes (nine bits per position, eight to a group of
//! nine bytes: see [`packed`](super::packed)), then the overflow list (12
//! bytes per entry: index, then plies × 2 + 1 for a win or + 0 for a loss,
//! little-endian), which holds distances over 254 plies. The header names the format and version, the
//! game, the variant, the sizes, the statistics and the CRC-32 of
//! everything after it. Loading checks all of it before a single entry is
//! read, and memory-maps the codes, so opening a database of gigabytes
//! costs one pass of checksumming and no copy.
//!
//! A mapped file must not change: a file cut short under the map kills the
//! process (SIGBUS) at the next read. So a loaded database holds a shared
//! advisory lock (`flock`) for as long as it is mapped, the solver replaces
//! a database by renaming a new file over it (the map keeps the old one),
//! and [`Table::unchanged`] notices a file changed in place anyway.

use std::fmt;
use std::fs::{File, TryLockError};
use std::io::{Read, Write};
use std::ops::Deref;
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::packed::{self, packed_len};
use super::shared::{stamp_of, FileStamp, Shared};
use super::value::{decode, Entry, Value, OVERFLOW};

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
/// How the codes read, written into the header for people.
const ENCODING: &str = "nine bits per position, eight to a group of nine bytes (the low bytes, \
     then the ninth bits): 0 draw, 2k+1 win in k plies, 2k+2 loss in k plies, 511 see overflow";

/// Which positions a table covers: the game, the variant, the size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Identity {
    /// The game's registry name.
    pub game: String,
    /// The variant the table depends on (see [`Indexed::table_variant`](super::Indexed::table_variant)).
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
    /// The mapped file was changed in place while in use.
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

/// The packed codes: built in memory, or mapped from a checked file.
enum Codes {
    Owned(Vec<u8>),
    /// The packed codes are `map[offset..offset + len]`; `file` holds the
    /// shared lock, and `stamp` is what it was when mapped.
    Mapped {
        map: memmap2::Mmap,
        offset: usize,
        len: usize,
        file: File,
        path: String,
        stamp: FileStamp,
    },
}

impl Deref for Codes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Codes::Owned(codes) => codes,
            Codes::Mapped {
                map, offset, len, ..
            } => &map[*offset..*offset + *len],
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
            codes: Codes::Owned(codes),
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

    /// The entry of the position with index `index`, for its side to move.
    ///
    /// # Panics
    /// If the table does not [cover](Table::covers) `index`.
    pub fn get(&self, index: u64) -> Entry {
        assert!(self.covers(index), "index {index} is beyond the table");
        let code = packed::get(&self.codes, index);
        if code == OVERFLOW {
            return self.overflow_entry(index);
        }
        decode(code)
    }

    fn overflow_entry(&self, index: u64) -> Entry {
        match self.overflow.binary_search_by_key(&index, |&(i, _)| i) {
            Ok(at) => self.overflow[at].1,
            // A finished build always has it, and loading checks a file's.
            Err(_) => panic!("no overflow entry for index {index}"),
        }
    }

    /// `Err(Changed)` if the mapped file changed size or time since it was
    /// loaded (rewritten in place, against the lock): reading on could
    /// meet a hole in the map. Cheap (one `fstat`): call it before use.
    pub fn unchanged(&self) -> Result<(), DbError> {
        match &self.codes {
            Codes::Owned(_) => Ok(()),
            Codes::Mapped {
                file, path, stamp, ..
            } => match file.metadata() {
                Ok(meta) if stamp_of(&meta) == *stamp => Ok(()),
                _ => Err(DbError::Changed { path: path.clone() }),
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
    fn header_bytes(&self) -> (Vec<u8>, Vec<u8>) {
        let overflow = self.overflow_bytes();
        let mut crc = crc32fast::Hasher::new();
        crc.update(&self.codes);
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
        (json, overflow)
    }

    /// Writes the database to `path` (through a temporary file beside it,
    /// renamed at the end, so an interrupted write leaves no half file
    /// under the name). Returns the bytes written.
    pub fn save(&self, path: &Path) -> Result<u64, DbError> {
        let io = |error| DbError::Io {
            path: path.display().to_string(),
            error,
        };
        let (header, overflow) = self.header_bytes();
        let write = |out: &mut dyn Write| -> std::io::Result<()> {
            out.write_all(MAGIC)?;
            out.write_all(&(header.len() as u32).to_le_bytes())?;
            out.write_all(&header)?;
            out.write_all(&crc32fast::hash(&header).to_le_bytes())?;
            out.write_all(&self.codes)?;
            out.write_all(&overflow)
        };
        tabula_core::files::replace_with(path, |out| write(out).map_err(io), io)?;
        Ok(MAGIC.len() as u64 + 8 + (header.len() + self.codes.len() + overflow.len()) as u64)
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
    /// header. The codes are memory-mapped, not copied.
    pub fn load(path: &Path) -> Result<Table, DbError> {
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
        let stamp = stamp_of(&file.metadata().map_err(io)?);
        // SAFETY: the map is read-only, and the file is locked against
        // writers that keep the rule (see the module's documentation);
        // the checksum below catches a file changed before this point.
        let map = unsafe { memmap2::Mmap::map(&file) }.map_err(io)?;
        let positions = header.covered;
        let overflow_start = offset + packed_len(positions) as usize;
        if map.len() as u64 != overflow_start as u64 + OVERFLOW_BYTES * header.overflow {
            return Err(DbError::Length {
                path: name,
                expected: overflow_start as u64 + OVERFLOW_BYTES * header.overflow,
                actual: map.len() as u64,
            });
        }
        let crc = crc32fast::hash(&map[offset..]);
        if crc != header.crc32 {
            return Err(DbError::Corrupt {
                path: name,
                reason: format!(
                    "the table's checksum is {crc:08x}, the header says {:08x}",
                    header.crc32
                ),
            });
        }
        let mut overflow = Vec::with_capacity(header.overflow as usize);
        for chunk in map[overflow_start..].chunks_exact(OVERFLOW_BYTES as usize) {
            let index = u64::from_le_bytes(chunk[..8].try_into().expect("8 bytes"));
            let word = u32::from_le_bytes(chunk[8..].try_into().expect("4 bytes"));
            let entry = match word % 2 {
                1 => Entry::win(word / 2),
                _ => Entry::loss(word / 2),
            };
            overflow.push((index, entry));
        }
        let corrupt = |reason: String| DbError::Corrupt {
            path: path.display().to_string(),
            reason,
        };
        if overflow.windows(2).any(|w| w[0].0 >= w[1].0)
            || overflow.last().is_some_and(|&(i, _)| i >= positions)
        {
            return Err(corrupt("the overflow list is out of order".to_string()));
        }
        // A checksum proves the bytes unchanged, not meaningful: every
        // code that sends the reader to the list must find its entry there.
        let codes = &map[offset..overflow_start];
        let sent = packed::fold(
            codes,
            positions,
            |sent: &mut u64, code| *sent += u64::from(code == OVERFLOW),
            |a, b| a + b,
        );
        if sent != overflow.len() as u64
            || overflow
                .iter()
                .any(|&(i, _)| packed::get(codes, i) != OVERFLOW)
        {
            return Err(corrupt(format!(
                "{sent} codes refer to the overflow list of {} entries, not one entry each",
                overflow.len()
            )));
        }
        if packed::padding(codes, positions) != 0 {
            return Err(corrupt("the last group's padding is not zero".to_string()));
        }
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::Random);
        Ok(Table {
            complete: header.covered == header.identity.positions,
            identity: header.identity,
            layers: header.layers,
            stats: header.stats,
            codes: Codes::Mapped {
                map,
                offset,
                len: overflow_start - offset,
                file,
                path: name,
                stamp,
            },
            covered: positions,
            overflow,
        })
    }
}

/// The tables loaded by [`Table::shared`], by file.
static SHARED: Shared<Table> = Shared::new();

impl Table {
    /// The database at `path`, loaded once per process and shared: every
    /// agent of a tournament (the arena builds one per game, several games
    /// at a time) uses the same mapped table. A file changed on disk since
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
