//! Margin tables on disk: `TABULA-MARGINS\n`, the length of a JSON header
//! (u32, little-endian), the header (game, variant, each layer's size, the
//! CRC-32 of the entries), then one signed byte per entry, layer after
//! layer. Loading trusts nothing it has not checked: a wrong, truncated or
//! corrupt file is refused with the reason.

use std::io::Read;
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::shared::Shared;

use super::solver::MarginTable;
use super::Scored;
use tabula_core::variant::Variant;

const MAGIC: &[u8; 15] = b"TABULA-MARGINS\n";

/// The `format` field of a margin database's header.
pub const MARGIN_FORMAT: &str = "tabula-margins";

const VERSION: u32 = 1;

/// Headers are small; a longer length field means a damaged file.
const MAX_HEADER: u32 = 1 << 20;

/// Why a margin database was refused or not written; every one names the file.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {reason}")]
pub struct MarginDbError {
    /// The file.
    pub path: String,
    /// What is wrong with it.
    pub reason: String,
}

#[derive(Serialize, Deserialize)]
struct Header {
    format: String,
    version: u32,
    game: String,
    variant: String,
    layers: Vec<u64>,
    crc32: u32,
}

impl MarginTable {
    /// Writes the table to `path` through a temporary file renamed over it;
    /// returns the bytes written.
    pub fn save(&self, path: &Path) -> Result<u64, MarginDbError> {
        let mut crc = crc32fast::Hasher::new();
        for layer in &self.layers {
            crc.update(&bytes_of(layer));
        }
        let header = Header {
            format: MARGIN_FORMAT.into(),
            version: VERSION,
            game: self.game.clone(),
            variant: self.variant.clone(),
            layers: self.layers.iter().map(|l| l.len() as u64).collect(),
            crc32: crc.finalize(),
        };
        let header = serde_json::to_vec(&header).expect("a header serialises");
        let size = (MAGIC.len() + 4 + header.len()) as u64 + self.len();
        tabula_core::files::write_atomic_with(path, |out| {
            let io = |e: std::io::Error| e.to_string();
            out.write_all(MAGIC).map_err(io)?;
            out.write_all(&(header.len() as u32).to_le_bytes())
                .map_err(io)?;
            out.write_all(&header).map_err(io)?;
            for layer in &self.layers {
                out.write_all(&bytes_of(layer)).map_err(io)?;
            }
            Ok(())
        })
        .map_err(|reason| refuse(path, reason))?;
        Ok(size)
    }

    /// What this table solves.
    pub fn identity(&self) -> MarginIdentity {
        MarginIdentity {
            game: self.game.clone(),
            variant: self.variant.clone(),
            layers: self.layers.len(),
        }
    }

    /// What the database at `path` solves, from its header alone: cheap,
    /// for checking a file before its entries are needed.
    pub fn read_identity(path: &Path) -> Result<MarginIdentity, MarginDbError> {
        let (header, _, _) = read_header(path)?;
        Ok(MarginIdentity {
            game: header.game,
            variant: header.variant,
            layers: header.layers.len(),
        })
    }

    /// Loads the table at `path`, only if it is sound and is the table of
    /// `state`'s game and variant.
    pub fn load<G: Scored>(path: &Path, state: &G) -> Result<MarginTable, MarginDbError> {
        let fail = |reason: String| refuse(path, reason);
        let (header, length, mut file) = read_header(path)?;
        let meta = file.metadata().map_err(|e| fail(e.to_string()))?;
        let variant = state.margin_variant();
        if header.game != G::Variant::NAME || header.variant != variant {
            return Err(fail(format!(
                "the database solves {}({}), not {}({variant})",
                header.game,
                header.variant,
                G::Variant::NAME
            )));
        }
        // A table of more seeds covers every position of fewer.
        let needed = state.max_seeds() as usize + 1;
        if header.layers.len() < needed {
            return Err(fail(format!(
                "the database holds positions of up to {} seeds on the board, this game has {}",
                header.layers.len().saturating_sub(1),
                needed - 1
            )));
        }
        let sizes = header.layers.clone();
        if (0..sizes.len()).any(|s| state.layer_size(s as u32) != sizes[s]) {
            return Err(fail(
                "corrupt: its layer sizes are not this variant's".into(),
            ));
        }
        let expected = (MAGIC.len() + 4) as u64 + u64::from(length) + sizes.iter().sum::<u64>();
        if meta.len() != expected {
            return Err(fail(format!(
                "truncated or padded: the header announces {expected} bytes, the file has {}",
                meta.len()
            )));
        }
        let mut crc = crc32fast::Hasher::new();
        let mut layers = Vec::with_capacity(sizes.len());
        for (seeds, &size) in sizes.iter().enumerate() {
            let mut bytes = vec![0u8; size as usize];
            file.read_exact(&mut bytes)
                .map_err(|e| fail(e.to_string()))?;
            crc.update(&bytes);
            let layer: Vec<i8> = bytes.into_iter().map(|b| b as i8).collect();
            // A gain larger than the seeds on the board is no game's.
            if layer
                .iter()
                .any(|&v| i32::from(v).unsigned_abs() as usize > seeds)
            {
                return Err(fail(format!(
                    "corrupt: an entry out of range in layer {seeds}"
                )));
            }
            layers.push(layer);
        }
        if crc.finalize() != header.crc32 {
            return Err(fail("corrupt: the entries' checksum does not match".into()));
        }
        Ok(MarginTable {
            game: header.game,
            variant: header.variant,
            layers,
        })
    }
}

/// The tables loaded by [`MarginTable::shared`], by file.
static SHARED: Shared<MarginTable> = Shared::new();

impl MarginTable {
    /// The table at `path` for `state`'s variant, loaded once per process
    /// and shared: every `perfect` agent of a tournament uses the same
    /// table. A file changed on disk since it was loaded is loaded again.
    pub fn shared<G: Scored>(path: &Path, state: &G) -> Result<Arc<MarginTable>, MarginDbError> {
        SHARED.get(
            path,
            |e| refuse(path, e.to_string()),
            |table| table.covers(state),
            || MarginTable::load(path, state),
        )
    }
}

/// What a margin database solves, as its header says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarginIdentity {
    /// The game's registry name.
    pub game: String,
    /// The variant text (see [`Scored::margin_variant`]).
    pub variant: String,
    /// Layers held: the positions of up to `layers - 1` seeds on the board.
    pub layers: usize,
}

impl MarginIdentity {
    /// The identity of the table `state`'s variant needs.
    pub fn of<G: Scored>(state: &G) -> MarginIdentity {
        MarginIdentity {
            game: G::Variant::NAME.to_string(),
            variant: state.margin_variant(),
            layers: state.max_seeds() as usize + 1,
        }
    }

    /// Whether the table covers every position of `state`'s variant.
    pub fn covers<G: Scored>(&self, state: &G) -> bool {
        self.game == G::Variant::NAME
            && self.variant == state.margin_variant()
            && self.layers > state.max_seeds() as usize
    }
}

impl std::fmt::Display for MarginIdentity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}({}) up to {} seeds",
            self.game,
            self.variant,
            self.layers.saturating_sub(1)
        )
    }
}

/// Whether the file at `path` starts as a margin database does (and so is
/// not a win/loss one): which kind of table a `--db` names.
pub fn is_margin_database(path: &Path) -> bool {
    let mut magic = [0u8; 15];
    std::fs::metadata(path).is_ok_and(|m| m.is_file())
        && std::fs::File::open(path)
            .and_then(|mut file| file.read_exact(&mut magic))
            .is_ok()
        && &magic == MAGIC
}

/// Opens `path` and reads and checks its header; returns the header, its
/// length and the file, positioned at the first entry.
fn read_header(path: &Path) -> Result<(Header, u32, std::fs::File), MarginDbError> {
    let fail = |reason: String| refuse(path, reason);
    // A FIFO or a device would block or never end: only plain files.
    let meta = std::fs::metadata(path).map_err(|e| fail(e.to_string()))?;
    if !meta.is_file() {
        return Err(fail("not a regular file".into()));
    }
    let mut file = std::fs::File::open(path).map_err(|e| fail(e.to_string()))?;
    let mut magic = [0u8; 15];
    let mut length = [0u8; 4];
    file.read_exact(&mut magic)
        .and_then(|()| file.read_exact(&mut length))
        .map_err(|_| fail("not a Tabula margin database (too short)".into()))?;
    if &magic != MAGIC {
        return Err(fail(format!(
            "not a Tabula margin database (no `{MARGIN_FORMAT}` header)"
        )));
    }
    let length = u32::from_le_bytes(length);
    if length > MAX_HEADER {
        return Err(fail(format!("corrupt: a header of {length} bytes")));
    }
    let mut header = vec![0u8; length as usize];
    file.read_exact(&mut header)
        .map_err(|_| fail("truncated inside its header".into()))?;
    let header: Header =
        serde_json::from_slice(&header).map_err(|e| fail(format!("corrupt header: {e}")))?;
    if header.format != MARGIN_FORMAT || header.version != VERSION {
        return Err(fail(format!(
            "format {} version {}, this build reads {MARGIN_FORMAT} version {VERSION}",
            header.format, header.version
        )));
    }
    Ok((header, length, file))
}

fn refuse(path: &Path, reason: String) -> MarginDbError {
    MarginDbError {
        path: path.display().to_string(),
        reason,
    }
}

/// A layer's entries as the bytes written (two's complement); a copy, one
/// layer at a time, rather than an `unsafe` view.
fn bytes_of(layer: &[i8]) -> Vec<u8> {
    layer.iter().map(|&v| v as u8).collect()
}
