//! What the shared tests exercise of each game: its table of parameter
//! sets (a [`Plan`]), and the [`GameVisitor`] through which cross-game
//! tests, benchmarks and tools reach every game of a catalog with its type.
//!
//! These are declarations a game crate makes about itself, so they live in
//! the rules core; the checks that read them are in the test kit
//! (`tabula-testkit`), which no release binary links.

use crate::game::FullGame;

/// One parameter set of a game's test [`Plan`], and how hard the tests
/// play it.
#[derive(Debug, Clone, Copy)]
pub struct Case {
    /// The game's spec text, e.g. `diffusion(width=4,stones=2)`.
    pub spec: &'static str,
    /// Conformance games to play (scaled to what the variant costs).
    pub games: usize,
    /// See `Config::check_every` (`tabula-testkit`).
    pub check_every: usize,
    /// `Some(plies)` for a parameter set whose random games need not end:
    /// they are stopped after that many plies (see `Config::unbounded`).
    pub stop_at: Option<usize>,
}

impl Case {
    /// `games` conformance games of `spec`, every ply checked, bounded.
    pub const fn new(spec: &'static str, games: usize) -> Self {
        Case {
            spec,
            games,
            check_every: 1,
            stop_at: None,
        }
    }

    /// Thins the text checks out to every `plies` plies.
    pub const fn check_every(self, plies: usize) -> Self {
        Case {
            check_every: plies,
            ..self
        }
    }

    /// Declares random games of this parameter set unbounded, stopped
    /// after `plies` plies.
    pub const fn unbounded(self, plies: usize) -> Self {
        Case {
            stop_at: Some(plies),
            ..self
        }
    }
}

/// Work done once for each game type of a catalog, with that game's test
/// plan: how cross-game tests, benchmarks and other tools reach every
/// shipped game *with its type* from the one list of games
/// (`tabula_games::each_game`), so that no other per-game list exists and a
/// new game is covered everywhere by its catalog line alone.
pub trait GameVisitor {
    /// Called once per game, in the catalog's order.
    fn visit<G: FullGame>(&mut self, plan: &'static Plan);
}

/// How the shared tests exercise one game: its one table of parameter sets
/// (read by the conformance, property and soak tests) and what the suite
/// must know of its notation and game length.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    /// The parameter sets, the defaults first.
    pub cases: &'static [Case],
    /// See `Config::case_sensitive_moves`.
    pub case_sensitive_moves: bool,
    /// The length bound of the bounded variants: generous, far beyond the
    /// longest random game measured.
    pub max_plies: usize,
}

impl Plan {
    /// The case with this spec text.
    pub fn case(&self, spec: &str) -> Option<&'static Case> {
        self.cases.iter().find(|v| v.spec == spec)
    }

    /// The parameter sets a per-game check plays when it cannot afford
    /// them all: the defaults, and the first set with more players than
    /// the defaults, if any (so that checks of perspective meet three or
    /// four players where a game has them). `G` is the plan's game.
    pub fn representative<G: FullGame>(&self) -> Vec<&'static str> {
        let players = |spec: &str| G::from_spec(spec).map_or(0, |g| g.players());
        let default = self.cases[0].spec;
        let mut specs = vec![default];
        if let Some(more) = self
            .cases
            .iter()
            .find(|v| players(v.spec) > players(default))
        {
            specs.push(more.spec);
        }
        specs
    }
}
