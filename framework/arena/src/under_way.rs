//! The games under way: each is a small file in the results folder while
//! it is played, so that a watcher in any process (a page attached to a
//! running `tabula arena`) can draw its board.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

/// The folder in a results folder that holds the games under way, one
/// file each (`INDEX.json`), while a tournament plays.
pub const PLAYING_DIR: &str = "playing";

/// How often a game under way rewrites its file at most: a watcher polls
/// about once a second, and fast agents must not pay a write per move.
const REWRITE_EVERY: Duration = Duration::from_millis(250);

/// A game under way: what a page needs to draw its board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameInProgress {
    /// Its index in the schedule, from 0.
    pub index: usize,
    pub round: usize,
    /// The game's spec, as records write it.
    pub game: String,
    /// The agents by seat.
    pub agents: Vec<String>,
    /// The moves so far, from the start (the opening's included).
    pub moves: Vec<String>,
}

/// The largest file of a game under way that is read: a long game's
/// moves take a few kilobytes.
const MAX_FILE: u64 = 1 << 20;

/// The games `dir`'s tournament is playing now, by index. A file is
/// replaced whole (written aside, then renamed), so a reader sees an
/// earlier or a later version, never half of one; one that vanished as
/// its game ended is skipped. Only regular files in a real folder inside
/// `dir` are read (no link out of it, no pipe to wait on), up to
/// [`MAX_FILE`]. Empty when nothing plays.
pub fn in_progress(dir: &Path) -> Vec<GameInProgress> {
    in_progress_first(dir, usize::MAX)
}

/// [`in_progress`], reading only the `max` files of the lowest indexes
/// (by their names): a watcher's work stays bounded whatever the folder
/// holds.
pub fn in_progress_first(dir: &Path, max: usize) -> Vec<GameInProgress> {
    let folder = dir.join(PLAYING_DIR);
    if !fs::symlink_metadata(&folder).is_ok_and(|m| m.is_dir()) {
        return Vec::new();
    }
    let Ok(entries) = fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut files: Vec<(usize, PathBuf)> = entries
        .flatten()
        .filter_map(|e| {
            let path = e.path();
            let index = path
                .file_name()?
                .to_str()?
                .strip_suffix(".json")?
                .parse()
                .ok()?;
            Some((index, path))
        })
        .collect();
    files.sort_unstable_by_key(|(index, _)| *index);
    let mut games: Vec<GameInProgress> = files
        .into_iter()
        .filter(|(_, path)| {
            fs::symlink_metadata(path).is_ok_and(|m| m.is_file() && m.len() <= MAX_FILE)
        })
        .take(max)
        .filter_map(|(_, path)| serde_json::from_slice(&fs::read(path).ok()?).ok())
        .collect();
    games.sort_by_key(|g| g.index);
    games
}

/// Removes what a tournament stopped short (a crash, a kill) left of its
/// games under way.
pub(crate) fn clear(dir: &Path) {
    let _ = fs::remove_dir_all(dir.join(PLAYING_DIR));
}

/// One game's file while it is played; removed when dropped (the game
/// recorded, or failed). Writing it is best effort: a watcher only misses
/// an update, and the tournament never stops for it.
pub(crate) struct Watched {
    path: PathBuf,
    game: GameInProgress,
    /// Moves before the ones the game loop reports (an opening).
    opening: usize,
    written: Option<Instant>,
}

impl Watched {
    /// The file of `game` in `dir`'s playing folder, written at once.
    pub(crate) fn start(dir: &Path, game: GameInProgress) -> Watched {
        let folder = dir.join(PLAYING_DIR);
        let _ = fs::create_dir_all(&folder);
        let mut watched = Watched {
            path: folder.join(format!("{}.json", game.index)),
            opening: game.moves.len(),
            game,
            written: None,
        };
        watched.write();
        watched
    }

    /// The game loop's moves so far (after the opening); the file is
    /// rewritten when the last write is old enough.
    pub(crate) fn moved(&mut self, played: &[String]) {
        if self.written.is_some_and(|t| t.elapsed() < REWRITE_EVERY) {
            return;
        }
        self.game.moves.truncate(self.opening);
        self.game.moves.extend_from_slice(played);
        self.write();
    }

    fn write(&mut self) {
        self.written = Some(Instant::now());
        let aside = self.path.with_extension("json.part");
        let Ok(text) = serde_json::to_vec(&self.game) else {
            return;
        };
        if fs::write(&aside, text).is_ok() {
            let _ = fs::rename(&aside, &self.path);
        }
    }
}

impl Drop for Watched {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_under_way_is_read_back_while_played_and_gone_once_dropped() {
        let dir = std::env::temp_dir().join(format!("tabula-live-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        assert!(in_progress(&dir).is_empty());
        let game = GameInProgress {
            index: 7,
            round: 1,
            game: "kalah".into(),
            agents: vec!["random".into(), "mcts".into()],
            moves: vec!["a".into()],
        };
        let mut watched = Watched::start(&dir, game.clone());
        assert_eq!(in_progress(&dir), [game]);
        // Due again (as after a quarter second): the opening stays first.
        watched.written = None;
        watched.moved(&["b".into(), "c".into()]);
        let moves = &in_progress(&dir)[0].moves;
        assert_eq!(moves, &["a", "b", "c"]);
        // A half-written file beside it is not read, nor one that is
        // not JSON, nor a link.
        let playing = dir.join(PLAYING_DIR);
        fs::write(playing.join("8.json.part"), "{").unwrap();
        fs::write(playing.join("9.json"), "{").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(playing.join("7.json"), playing.join("10.json")).unwrap();
        assert_eq!(in_progress(&dir).len(), 1);
        drop(watched);
        assert!(in_progress(&dir).is_empty());
        clear(&dir);
        assert!(!dir.join(PLAYING_DIR).exists());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_watcher_reads_only_the_first_games_asked_for() {
        let dir = std::env::temp_dir().join(format!("tabula-first-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let watched: Vec<Watched> = [12, 3, 40, 7]
            .into_iter()
            .map(|index| {
                let game = GameInProgress {
                    index,
                    round: 0,
                    game: "kalah".into(),
                    agents: vec!["random".into(), "mcts".into()],
                    moves: Vec::new(),
                };
                Watched::start(&dir, game)
            })
            .collect();
        let first: Vec<usize> = in_progress_first(&dir, 2).iter().map(|g| g.index).collect();
        assert_eq!(first, [3, 7]);
        assert_eq!(in_progress(&dir).len(), 4);
        drop(watched);
        fs::remove_dir_all(&dir).unwrap();
    }
}
