//! Model and checkpoint files: a magic line, one JSON header line, the
//! floats (little-endian `f32`), and a CRC-32 of everything before it.
//! The header names the game variant and the network's shape, so a file
//! meant for another game, another variant or another network is refused
//! with the reason, and so is a truncated or altered one.

use std::io::Read as _;
use std::path::Path;

use serde::{Deserialize, Serialize};
use tabula_core::files;

use super::net::{Net, Shape, MAX_PARAMETER};

/// The first line of a model file.
pub const MODEL_MAGIC: &str = "tabula-az-model 1";
/// The first line of a training checkpoint. Format 2 keeps policy
/// targets over the legal moves only (format 1 kept every action's).
pub const CHECKPOINT_MAGIC: &str = "tabula-az-checkpoint 2";

/// Why a model or checkpoint file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file is not a valid file of the expected kind.
    #[error("{path}: {reason}")]
    Corrupt {
        /// The file.
        path: String,
        /// What is wrong.
        reason: String,
    },
    /// The file is valid but made for another game, variant or network.
    #[error("{path} was trained for {found}, not {expected}")]
    Mismatch {
        /// The file.
        path: String,
        /// What the file is for.
        found: String,
        /// What it was asked to serve.
        expected: String,
    },
}

/// What a model file says about itself.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelHeader {
    /// The game variant's spec text, e.g. `diffusion(width=6)`.
    pub game: String,
    /// The game's observation shape.
    pub observation: Vec<usize>,
    /// The network's sizes.
    pub shape: Shape,
}

impl ModelHeader {
    /// The header for game variant `game` with this observation and shape.
    pub fn new(game: &str, observation: Vec<usize>, shape: Shape) -> Self {
        ModelHeader {
            game: game.to_string(),
            observation,
            shape,
        }
    }

    /// What the header serves, for messages:
    /// `diffusion(width=6) (observation [4, 6], 36 actions, 2 players)`.
    pub fn describe(&self) -> String {
        format!(
            "{} (observation {:?}, {} actions, {} players)",
            self.game, self.observation, self.shape.actions, self.shape.players
        )
    }

    /// Checks that a model with this header can play `expected`'s game
    /// (the network's width and depth may differ).
    pub fn check(&self, path: &Path, expected: &ModelHeader) -> Result<(), ModelError> {
        let same = self.game == expected.game
            && self.observation == expected.observation
            && self.shape.inputs == expected.shape.inputs
            && self.shape.actions == expected.shape.actions
            && self.shape.players == expected.shape.players;
        match same {
            true => Ok(()),
            false => Err(ModelError::Mismatch {
                path: path.display().to_string(),
                found: self.describe(),
                expected: expected.describe(),
            }),
        }
    }
}

/// Writes a file: magic line, `header` as one JSON line, the `sections`'
/// floats in order, and the checksum. Written to a temporary file first
/// and renamed, so a crash never leaves a half-written file in place.
pub(crate) fn write<H: Serialize>(
    path: &Path,
    magic: &str,
    header: &H,
    sections: &[&[f32]],
) -> Result<(), ModelError> {
    let io = |source| ModelError::Io {
        path: path.display().to_string(),
        source,
    };
    let mut bytes = format!("{magic}\n").into_bytes();
    serde_json::to_writer(&mut bytes, header).expect("headers serialise");
    bytes.push(b'\n');
    for section in sections {
        for v in section.iter() {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
    }
    let crc = crc32fast::hash(&bytes);
    bytes.extend_from_slice(&crc.to_le_bytes());
    files::replace(path, &bytes).map_err(io)
}

/// The longest magic line and header line read before the header says
/// how long the file is.
const MAX_HEAD: u64 = 1 << 20;

/// Reads a file written by [`write`]: its header and all its floats,
/// checked against the magic line, the size `floats` computes from the
/// header (which also checks the header's fields against the format's
/// limits), and the checksum. Only a regular file is opened (a FIFO would
/// hang, `/dev/zero` never ends), and no more is read than the header
/// announces.
pub(crate) fn read<H: for<'de> Deserialize<'de>>(
    path: &Path,
    magic: &str,
    floats: impl FnOnce(&H) -> Result<usize, String>,
) -> Result<(H, Vec<f32>), ModelError> {
    let name = path.display().to_string();
    let io = |source| ModelError::Io {
        path: name.clone(),
        source,
    };
    let corrupt = |reason: &str| ModelError::Corrupt {
        path: name.clone(),
        reason: reason.to_string(),
    };
    let mut file = files::open_file(path).map_err(io)?;
    let size = file.metadata().map_err(io)?.len();
    let mut bytes = Vec::new();
    (&mut file)
        .take(MAX_HEAD)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    let rest = bytes
        .strip_prefix(format!("{magic}\n").as_bytes())
        .ok_or_else(|| corrupt(&wrong_kind(&bytes, magic)))?;
    let end = rest
        .iter()
        .position(|&b| b == b'\n')
        .ok_or_else(|| corrupt("no header line"))?;
    let header: H = serde_json::from_slice(&rest[..end])
        .map_err(|e| corrupt(&format!("unreadable header: {e}")))?;
    let count = floats(&header).map_err(|reason| corrupt(&reason))?;
    let body_start = (magic.len() + 2 + end) as u64;
    let expected = (count as u64)
        .checked_mul(4)
        .and_then(|n| n.checked_add(body_start + 4))
        .ok_or_else(|| corrupt("impossible sizes in the header"))?;
    if expected != size {
        return Err(corrupt(&format!(
            "truncated or padded: the header announces {expected} bytes, the file has {size}"
        )));
    }
    let more = expected.saturating_sub(bytes.len() as u64);
    bytes.extend(files::read_at_most(&mut file, more).map_err(io)?);
    if bytes.len() as u64 != expected {
        return Err(corrupt("changed while being read"));
    }
    let (data, crc) = bytes.split_at(bytes.len() - 4);
    if crc32fast::hash(data) != u32::from_le_bytes(crc.try_into().expect("4 bytes")) {
        return Err(corrupt("checksum mismatch: the file is damaged"));
    }
    let floats = data[body_start as usize..]
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes(b.try_into().expect("4 bytes")))
        .collect();
    Ok((header, floats))
}

/// Why a file's first line is not `magic`: another format of the same
/// kind (written by another version of Tabula), or not that kind at all.
fn wrong_kind(bytes: &[u8], magic: &str) -> String {
    let (kind, version) = magic
        .rsplit_once(' ')
        .expect("magic lines end in a version");
    let first = bytes.split(|&b| b == b'\n').next().unwrap_or_default();
    let first = String::from_utf8_lossy(&first[..first.len().min(64)]);
    match first.strip_prefix(kind).and_then(|v| v.strip_prefix(' ')) {
        Some(found) => format!(
            "format {found} of `{kind}`, and this version of Tabula reads format {version} only"
        ),
        None => format!("not a file of kind `{magic}`"),
    }
}

/// Saves `net` as a model file for the variant `header` names.
pub fn save_model(path: &Path, header: &ModelHeader, net: &Net) -> Result<(), ModelError> {
    assert_eq!(header.shape, net.shape(), "header and network agree");
    write(path, MODEL_MAGIC, header, &[net.parameters()])
}

/// Loads a model file: its header and its network, refused when damaged.
pub fn load_model(path: &Path) -> Result<(ModelHeader, Net), ModelError> {
    let (header, params): (ModelHeader, Vec<f32>) = read(path, MODEL_MAGIC, |h: &ModelHeader| {
        h.shape.check().map(|()| h.shape.parameter_count())
    })?;
    let net = Net::from_parameters(header.shape, params).expect("sized by its header");
    check_parameters(path, net.parameters())?;
    Ok((header, net))
}

/// Refuses parameters no training makes: not finite, or so large that the
/// network's answers would overflow to infinity and NaN.
pub(crate) fn check_parameters(path: &Path, params: &[f32]) -> Result<(), ModelError> {
    match params.iter().all(|p| p.abs() <= MAX_PARAMETER) {
        true => Ok(()),
        false => Err(ModelError::Corrupt {
            path: path.display().to_string(),
            reason: format!("a parameter is not a number of at most {MAX_PARAMETER} in size"),
        }),
    }
}
