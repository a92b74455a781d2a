//! Opening suites: a file of start positions, one a line, played one per
//! round so that every pairing meets each opening from both seats. A line
//! is a position text in the game's notation or moves from the game's
//! start, told apart by the rules (a line the game reads as a position is
//! one) or marked `position:` / `moves:`. A suite is read and every line
//! checked through the rules before any game starts, so a bad line stops
//! the run at once with its line number instead of forfeiting games later.
//!
//! ```text
//! # comments and blank lines are skipped
//! [diffusion]          # the lines below are Diffusion's (a spec: any form)
//! D f
//! A c B
//! 550444/444044 B      # a position
//! position: 444444/444444 B
//! [differo]
//! ...
//! ```
//!
//! A file without `[GAME]` headers gives its lines to every game.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use tabula::{AnyGame, Registry};

use super::schedule::mix;

/// Which opening round `r` plays.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OpeningsOrder {
    /// Line `r mod n`: the file's order, over again when it runs out.
    #[default]
    Sequential,
    /// The file's lines shuffled by the seed, a new shuffle each time
    /// through.
    Random,
}

impl FromStr for OpeningsOrder {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text.trim() {
            "sequential" => Ok(OpeningsOrder::Sequential),
            "random" => Ok(OpeningsOrder::Random),
            other => Err(format!(
                "--openings-order: `{}` is neither sequential nor random",
                tabula::excerpt(other)
            )),
        }
    }
}

impl fmt::Display for OpeningsOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OpeningsOrder::Sequential => "sequential",
            OpeningsOrder::Random => "random",
        })
    }
}

/// One line of a suite, as the game writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Opening {
    /// Moves from the game's start.
    Moves(Vec<String>),
    /// A position text: games start there.
    Position(String),
}

/// The marks that say what a line is, where the rules should not guess.
const POSITION_MARK: &str = "position:";
const MOVES_MARK: &str = "moves:";

/// Every game's openings, checked against its rules.
#[derive(Debug, Clone)]
pub struct Suite {
    /// Per game of the tournament: its openings.
    lines: Vec<Vec<Opening>>,
    order: OpeningsOrder,
    seed: u64,
    /// FNV-1a of the file's bytes, so that a resume can tell another file.
    pub fingerprint: String,
}

/// The largest suite file read: a suite is small text.
const MAX_BYTES: u64 = 16 << 20;

impl Suite {
    /// Reads `path` for the games `starts` (in the tournament's order),
    /// replaying every line through the rules.
    pub fn read(
        registry: &Registry,
        path: &Path,
        starts: &[Box<dyn AnyGame>],
        order: OpeningsOrder,
        seed: u64,
    ) -> Result<Suite, String> {
        let text = tabula::files::read_small(path, MAX_BYTES)
            .map_err(|e| format!("--openings: {e}"))?
            .ok_or_else(|| format!("--openings: {}: no such file", path.display()))?;
        let at = |line: usize| format!("--openings: {}:{line}", path.display());
        let mut lines: Vec<Vec<Opening>> = vec![Vec::new(); starts.len()];
        // The games the lines being read belong to: all until a header.
        let mut current: Vec<usize> = (0..starts.len()).collect();
        let mut headers = false;
        for (number, raw) in text.lines().enumerate().map(|(i, l)| (i + 1, l)) {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            if let Some(spec) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                let game = registry
                    .create(spec.trim())
                    .map_err(|e| format!("{}: {e}", at(number)))?;
                let index = starts
                    .iter()
                    .position(|s| s.spec() == game.spec())
                    .ok_or_else(|| {
                        format!("{}: `{}` is not one of --games", at(number), game.spec())
                    })?;
                current = vec![index];
                headers = true;
                continue;
            }
            for &g in &current {
                let opening = read_line(starts[g].as_ref(), line)
                    .map_err(|e| format!("{}: {e}", at(number)))?;
                lines[g].push(opening);
            }
        }
        for (g, start) in starts.iter().enumerate() {
            if lines[g].is_empty() {
                return Err(format!(
                    "--openings: {} has no opening for {}{}",
                    path.display(),
                    start.spec(),
                    if headers {
                        " (no [GAME] section names it)"
                    } else {
                        ""
                    }
                ));
            }
        }
        Ok(Suite {
            lines,
            order,
            seed,
            fingerprint: format!("{:016x}", fnv1a(text.as_bytes())),
        })
    }

    /// The most openings any game has: the rounds that play each once.
    pub fn longest(&self) -> usize {
        self.lines.iter().map(Vec::len).max().unwrap_or(0)
    }

    /// The opening round `round` of game `game` plays.
    pub fn opening(&self, game: usize, round: usize) -> &Opening {
        let lines = &self.lines[game];
        let n = lines.len();
        let (cycle, place) = (round / n, round % n);
        let index = match self.order {
            OpeningsOrder::Sequential => place,
            OpeningsOrder::Random => {
                let seed = mix(mix(self.seed ^ 0x0be7_1265) ^ mix(game as u64 + 1) ^ cycle as u64);
                permutation(n, seed)[place]
            }
        };
        &lines[index]
    }
}

/// Reads one line of a suite for the game `start`: marked, or a position
/// if the game reads it as one, else moves. Refuses what is neither, and a
/// position or moves that end the game.
fn read_line(start: &dyn AnyGame, line: &str) -> Result<Opening, String> {
    if let Some(text) = line.strip_prefix(POSITION_MARK) {
        return position(start, text.trim());
    }
    if let Some(moves) = line.strip_prefix(MOVES_MARK) {
        return replay(start, &words(moves)).map(Opening::Moves);
    }
    match position(start, line) {
        Ok(opening) => Ok(opening),
        // A line that reads as a position but is over is said as such.
        Err(e) if start.with_position(line).is_ok() => Err(e),
        Err(as_position) => replay(start, &words(line))
            .map(Opening::Moves)
            .map_err(|as_moves| {
                format!(
                    "neither moves from the start ({as_moves}) nor a position of {} \
                     ({as_position}); mark the line `moves:` or `position:` to say which",
                    start.spec()
                )
            }),
    }
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// The position `text` of the game `start` (as the game writes it back),
/// checked by its rules; refused if the game is over there.
fn position(start: &dyn AnyGame, text: &str) -> Result<Opening, String> {
    let state = start.with_position(text).map_err(|e| {
        format!(
            "`{}` is not a position of {}: {e}",
            tabula::excerpt(text),
            start.spec()
        )
    })?;
    if state.outcome().is_some() {
        return Err(format!(
            "the position `{}` is a finished game",
            tabula::excerpt(text)
        ));
    }
    Ok(Opening::Position(state.position()))
}

/// Plays `moves` from `start`; the moves as the game writes them. Refuses
/// an illegal move (naming it) and an opening that ends the game.
fn replay(start: &dyn AnyGame, moves: &[String]) -> Result<Vec<String>, String> {
    let mut state = start.clone_box();
    let mut played = Vec::with_capacity(moves.len());
    for (i, mv) in moves.iter().enumerate() {
        let text = state.play(mv).map_err(|e| {
            format!(
                "move {} `{}` is not legal in {}: {e}",
                i + 1,
                tabula::excerpt(mv),
                start.spec()
            )
        })?;
        played.push(text);
        if state.outcome().is_some() {
            return Err(format!(
                "the opening ends the game at move {} `{}`",
                i + 1,
                tabula::excerpt(mv)
            ));
        }
    }
    Ok(played)
}

/// `0..n` shuffled (Fisher–Yates) by `seed`.
fn permutation(n: usize, seed: u64) -> Vec<usize> {
    let mut items: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        let j = (mix(seed ^ mix(i as u64)) % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
    items
}

/// FNV-1a, 64 bits: a fixed hash that is the same on every platform and
/// version, unlike the standard hasher.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn suite(text: &str, games: &[&str], order: OpeningsOrder) -> Result<Suite, String> {
        let registry = tabula_games::registry();
        let starts: Vec<Box<dyn AnyGame>> =
            games.iter().map(|g| registry.create(g).unwrap()).collect();
        let path = std::env::temp_dir().join(format!(
            "tabula-openings-{}-{}",
            std::process::id(),
            fnv1a(text.as_bytes())
        ));
        std::fs::write(&path, text).unwrap();
        let read = Suite::read(&registry, &path, &starts, order, 5);
        let _ = std::fs::remove_file(&path);
        read
    }

    fn moves(list: &[&str]) -> Opening {
        Opening::Moves(list.iter().map(|m| m.to_string()).collect())
    }

    fn first_move(opening: &Opening) -> String {
        match opening {
            Opening::Moves(moves) => moves[0].clone(),
            Opening::Position(text) => panic!("a position: {text}"),
        }
    }

    #[test]
    fn positions_are_read_by_the_rules_beside_moves_and_marked_lines_are_not_guessed() {
        let registry = tabula_games::registry();
        // Each game's own position after two moves, as the game writes it.
        let mut text = String::new();
        let mut expected = Vec::new();
        let names = registry.names();
        for name in &names {
            let mut state = registry.create(name).unwrap();
            for _ in 0..2 {
                let mv = state.legal_moves()[0].clone();
                state.play(&mv).unwrap();
            }
            text += &format!(
                "[{name}]\n{}\nposition: {}\n",
                state.position(),
                state.position()
            );
            expected.push(state.position());
        }
        let games: Vec<&str> = names.iter().map(String::as_str).collect();
        let s = suite(&text, &games, OpeningsOrder::Sequential).unwrap();
        for (g, position) in expected.into_iter().enumerate() {
            let want = Opening::Position(position);
            assert_eq!(
                (s.opening(g, 0), s.opening(g, 1)),
                (&want, &want),
                "{}",
                games[g]
            );
        }
        // Diffusion's start with A to move: a position, not moves.
        let mixed = suite(
            "D f\n444444/444444 A\n",
            &["diffusion"],
            OpeningsOrder::Sequential,
        )
        .unwrap();
        assert_eq!(mixed.opening(0, 0), &moves(&["D", "f"]));
        assert_eq!(
            mixed.opening(0, 1),
            &Opening::Position("444444/444444 A".into())
        );
        // A finished game, however its line is written.
        let mut over = registry.create("diffusion(width=4)").unwrap();
        while over.outcome().is_none() {
            let mv = over.legal_moves()[0].clone();
            over.play(&mv).unwrap();
        }
        let finished = over.position();
        for (line, game, says) in [
            (
                "position: D f".to_string(),
                "diffusion",
                ":1: `D f` is not a position of diffusion",
            ),
            (finished.clone(), "diffusion(width=4)", "is a finished game"),
            (
                format!("position: {finished}"),
                "diffusion(width=4)",
                "is a finished game",
            ),
            (
                "444444/44444 A".to_string(),
                "diffusion",
                "nor a position of diffusion",
            ),
        ] {
            let error = suite(&line, &[game], OpeningsOrder::Sequential).unwrap_err();
            assert!(error.contains(says), "{line}: {error}");
        }
    }

    #[test]
    fn a_marked_line_is_read_as_marked_only() {
        let error = suite(
            "moves: 444444/444444 A",
            &["diffusion"],
            OpeningsOrder::Sequential,
        )
        .unwrap_err();
        assert!(
            error.contains(":1: move 1 `444444/444444` is not legal"),
            "{error}"
        );
    }

    #[test]
    fn lines_are_replayed_and_a_bad_one_is_named_by_its_number() {
        let good = suite(
            "# two openings\nD\n\nD f  # a comment\n",
            &["diffusion"],
            OpeningsOrder::Sequential,
        )
        .unwrap();
        assert_eq!(good.longest(), 2);
        assert_eq!(good.opening(0, 1), &moves(&["D", "f"]));
        assert_eq!(good.opening(0, 2), &moves(&["D"]));
        let bad = suite("D\nD f\nD D\n", &["diffusion"], OpeningsOrder::Sequential).unwrap_err();
        assert!(
            bad.contains(":3: neither moves from the start (move 2 `D` is not legal"),
            "{bad}"
        );
        let marked = suite("moves: D D\n", &["diffusion"], OpeningsOrder::Sequential).unwrap_err();
        assert!(marked.contains(":1: move 2 `D` is not legal"), "{marked}");
    }

    #[test]
    fn sections_give_each_game_its_own_lines() {
        let text = "[diffusion(width=4)]\nA\n[tictactoe]\nb2\nb2 a1\n";
        let s = suite(
            text,
            &["diffusion(width=4)", "tictactoe"],
            OpeningsOrder::Sequential,
        )
        .unwrap();
        assert_eq!((s.lines[0].len(), s.lines[1].len()), (1, 2));
        let unknown = suite("[differo]\n", &["diffusion"], OpeningsOrder::Sequential).unwrap_err();
        assert!(
            unknown.contains(":1: `differo` is not one of --games"),
            "{unknown}"
        );
        let missing = suite(
            "[diffusion]\nD\n",
            &["diffusion", "tictactoe"],
            OpeningsOrder::Sequential,
        )
        .unwrap_err();
        assert!(missing.contains("no opening for tictactoe"), "{missing}");
    }

    #[test]
    fn a_random_order_plays_each_line_once_per_pass_and_follows_the_seed() {
        let text: String = ["A", "B", "C", "D", "E", "F"].join("\n");
        let s = suite(&text, &["diffusion"], OpeningsOrder::Random).unwrap();
        for pass in 0..3 {
            let mut seen: Vec<String> = (0..6)
                .map(|r| first_move(s.opening(0, pass * 6 + r)))
                .collect();
            seen.sort();
            assert_eq!(seen, ["A", "B", "C", "D", "E", "F"]);
        }
        let order: Vec<String> = (0..6).map(|r| first_move(s.opening(0, r))).collect();
        assert_ne!(order, ["A", "B", "C", "D", "E", "F"], "not shuffled");
        assert_eq!("random".parse::<OpeningsOrder>(), Ok(OpeningsOrder::Random));
        assert!("shuffled".parse::<OpeningsOrder>().is_err());
    }
}
