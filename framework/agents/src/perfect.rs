//! `perfect`: plays by the database of a solved game: a win/loss table,
//! or a score-margin table (Kalah) in `perfect_margin`.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use super::best_line::{best_line, decision};
use super::random::SEED;
use super::{Agent, AgentKind, BuildContext, BuildError, Decision, Forfeit};
use tabula_core::game::Game;
use tabula_core::outcome::Outcome;
use tabula_core::params::ParamKind;
use tabula_core::rng::{seeded, Rng};
use tabula_search::search::{ChildStats, Control};
use tabula_solve::margin::is_margin_database;
use tabula_solve::{DbError, Entry, Identity, Indexer, Table, Value};

/// The `perfect` agent kind: every move from the database `tabula solve`
/// builds. By a win/loss table it wins as fast as possible and loses as
/// slowly as possible; by a margin table it secures the best final margin.
/// It chooses among equally good moves by its seed.
pub struct PerfectKind;

crate::agent_settings! {
    /// What a `perfect(...)` spec sets.
    kind "perfect";
    pub struct PerfectSettings {
        /// the database built by `tabula solve GAME --db FILE` for this game and variant
        pub db: Option<PathBuf> = ParamKind::Verbatim { expected: "a database file" }.unset(),
        /// the agent's own seed (default: the seat's seed from the REPL or the arena)
        pub seed: Option<u64> = SEED,
    }
}

impl AgentKind for PerfectKind {
    type Settings = PerfectSettings;
    const DESCRIPTION: &'static str =
        "perfect play from a solved game's database: the fastest win, else a draw, else the slowest loss; or the best score margin";

    fn build<G: Game>(
        settings: &PerfectSettings,
        context: &BuildContext<'_, G>,
    ) -> Result<Box<dyn Agent<G>>, BuildError> {
        let no_solver = || {
            BuildError::from(format!(
                "{} has no solver, so no database to play from",
                G::NAME
            ))
        };
        if context.indexer.is_none() && context.scorer.is_none() {
            return Err(no_solver());
        }
        let path = settings.db.clone().ok_or(
            "perfect needs its database: perfect(db=FILE), built by `tabula solve GAME --db FILE`",
        )?;
        // The file's first bytes say which kind of table it is; a game may
        // be solved either way (or both).
        let margins = is_margin_database(&path);
        match (margins, context.indexer, context.scorer) {
            (true, _, Some(scorer)) => super::perfect_margin::build(path, scorer, context),
            (false, Some(indexer), _) => build_table(path, indexer, context),
            (true, _, None) => Err(format!(
                "{} is a score-margin database, but {} is solved by win/loss: \
                 `tabula solve GAME --db FILE` builds its database",
                path.display(),
                G::NAME
            )
            .into()),
            (false, None, Some(scorer)) => match Table::read_identity(&path) {
                Ok((found, _)) => Err(format!(
                    "{} is the win/loss database of {found}, but {} is solved by score margin: \
                     `tabula solve GAME --db FILE` builds its margin database",
                    path.display(),
                    G::NAME
                )
                .into()),
                // Neither kind: reading it as a margin table says what is wrong.
                Err(_) => super::perfect_margin::build(path, scorer, context),
            },
            (_, None, None) => Err(no_solver()),
        }
    }
}

/// A `perfect` agent playing by the win/loss table at `path`.
fn build_table<G: Game>(
    path: PathBuf,
    indexer: Indexer<G>,
    context: &BuildContext<'_, G>,
) -> Result<Box<dyn Agent<G>>, BuildError> {
    // Only the header here (building must be cheap); the table is
    // loaded at the first move, once for every agent using the file.
    let (found, complete) = Table::read_identity(&path).map_err(|e| e.to_string())?;
    let expected = (indexer.identity)(context.start);
    if found != expected {
        return Err(format!("{} solves {found}, not {expected}", path.display()).into());
    }
    if !complete {
        return Err(format!(
            "{} holds only the first layers of {found}; perfect play needs them all",
            path.display()
        )
        .into());
    }
    Ok(Box::new(PerfectAgent {
        path,
        expected,
        indexer,
        table: None,
        rng: seeded(context.seed),
    }))
}

/// The agent: the database, loaded at its first move.
struct PerfectAgent<G: Game> {
    path: PathBuf,
    expected: Identity,
    indexer: Indexer<G>,
    table: Option<Arc<Table>>,
    rng: Rng,
}

/// The expected score of an entry for its side.
fn score(entry: Entry) -> f32 {
    match entry.value {
        Value::Win => 1.0,
        Value::Draw => 0.5,
        Value::Loss => 0.0,
    }
}

/// The proven result of an entry of `seat` (two players).
fn proven(entry: Entry, seat: usize) -> Outcome {
    match entry.value {
        Value::Win => Outcome::win(seat),
        Value::Loss => Outcome::win(1 - seat),
        Value::Draw => Outcome::draw(2),
    }
}

/// A game forfeited for what went wrong with the database.
fn forfeit(error: DbError) -> Forfeit {
    Forfeit::new(error.to_string())
}

impl<G: Game> PerfectAgent<G> {
    fn table(&mut self) -> Result<Arc<Table>, Forfeit> {
        if let Some(table) = &self.table {
            // A file changed under the map would kill the process.
            table.unchanged().map_err(forfeit)?;
            return Ok(Arc::clone(table));
        }
        let table = Table::shared(&self.path).map_err(forfeit)?;
        table
            .check(&self.path.display().to_string(), &self.expected)
            .map_err(forfeit)?;
        self.table = Some(Arc::clone(&table));
        Ok(table)
    }
}

impl<G: Game> Agent<G> for PerfectAgent<G> {
    fn choose(
        &mut self,
        state: &G,
        _: &Control<'_, G::Move>,
    ) -> Result<Decision<G::Move>, Forfeit> {
        let started = Instant::now();
        let table = self.table()?;
        let identity = (self.indexer.identity)(state);
        if identity != self.expected {
            return Err(Forfeit::new(format!(
                "asked to play {identity} with a database of {}",
                self.expected
            )));
        }
        let analyse = |state: &G| (self.indexer.analyse)(&table, state).map_err(forfeit);
        let analysis = analyse(state)?
            .ok_or_else(|| Forfeit::new("the database does not cover this position"))?;
        let line = best_line(state, &analysis.best_moves(), &mut self.rng, |line| {
            Ok(analyse(line)?.and_then(|a| a.best_moves().first().copied()))
        })?;
        let seat = state.to_move();
        let mut moves = analysis.moves;
        moves.sort_by(|a, b| a.1.better(b.1));
        let children = moves
            .iter()
            .map(|&(mv, entry)| ChildStats {
                mv,
                visits: 0,
                value: score(entry),
                proven: Some(proven(entry, seat)),
            })
            .collect();
        let value = (score(analysis.entry), proven(analysis.entry, seat));
        Ok(decision(
            line,
            value,
            children,
            analysis.entry.plies,
            started,
        ))
    }
}
