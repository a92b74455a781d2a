//! Agents seen through text, for the REPL, tournaments and the engine
//! protocol: any agent of any game behind one object-safe trait.

use std::time::Duration;

use super::{Agent, AgentSpec, Forfeit};
use tabula_core::any::{AnyGame, Boxed};
use tabula_core::game::FullGame;
use tabula_core::outcome::Outcome;
use tabula_core::{Notation, Variant};
use tabula_search::search::{ChildStats, Control, Progress, ProgressSink, SearchReport};

/// An agent that plays the game it was built for, through text.
pub trait AnyAgent: Send {
    /// The spec it was built from.
    fn spec(&self) -> &AgentSpec;
    /// Chooses a move for the seat to move in `game`, steered by `control`.
    /// `Err` when the agent gives up (see [`Forfeit`]), chooses an illegal
    /// move, or is asked about a finished game or another game than the
    /// one it was built for.
    fn choose(
        &mut self,
        game: &dyn AnyGame,
        control: &AnyControl<'_>,
    ) -> Result<AnyDecision, Forfeit>;
    /// Told of every move played from `before` (see [`Agent::observe`]).
    fn observe(&mut self, before: &dyn AnyGame, mv: &str);
    /// The agent's log of its game, e.g. an outside engine's stderr (see
    /// [`Agent::take_log`]); the arena keeps it in its results directory.
    /// The default has none.
    fn take_log(&mut self) -> Option<String> {
        None
    }
}

/// [`Control`] with moves as text.
pub type AnyControl<'a> = Control<'a, String>;

/// A chosen move as text, with search statistics when there was a search.
#[derive(Debug, Clone)]
pub struct AnyDecision {
    /// The canonical text of the chosen move.
    pub mv: String,
    /// The search's summary; `None` for agents that do not search.
    pub search: Option<SearchSummary>,
}

/// A search report with moves as text.
#[derive(Debug, Clone)]
pub struct SearchSummary {
    /// Iterations (MCTS) or nodes (alpha-beta) searched; 0 when there was
    /// only one legal move.
    pub iterations: u64,
    /// Nodes in the tree at the end (MCTS), or searched (alpha-beta).
    pub nodes: usize,
    /// Wall-clock time the search took.
    pub elapsed: Duration,
    /// The expected score of the seat to move.
    pub value: f32,
    /// `(move, visits, value, proven)` of the root's moves, best first.
    pub moves: Vec<(String, u32, f32, Option<Outcome>)>,
    /// The principal variation, starting with the move chosen.
    pub pv: Vec<String>,
    /// The root's result when the search proved it.
    pub proven: Option<Outcome>,
    /// The depth completed, for searches that go by depth.
    pub depth: Option<u32>,
    /// With `proven`, the plies to the end with best play, when the
    /// search knows them (see [`SearchReport::distance`]).
    pub distance: Option<u32>,
}

impl SearchSummary {
    /// The expected score of the seat to move after playing `mv`, by this
    /// search: that move's value among the root's moves (its proven result
    /// counted fully), else the root's value; `None` when the search did
    /// no work (a single legal move).
    pub fn value_of(&self, mv: &str) -> Option<f32> {
        if self.iterations == 0 {
            return None;
        }
        let listed = self.moves.iter().find(|(m, ..)| m == mv);
        Some(listed.map_or(self.value, |&(_, _, value, _)| value))
    }

    /// `report` with its moves written as text, from `root`.
    pub fn of<G: Notation>(root: &G, report: &SearchReport<G::Move>) -> Self {
        let pv = format_line(root, &report.pv);
        SearchSummary {
            iterations: report.iterations,
            nodes: report.nodes,
            elapsed: report.elapsed,
            value: report.value,
            moves: report
                .children
                .iter()
                .map(|c| (root.format_move(c.mv), c.visits, c.value, c.proven))
                .collect(),
            pv,
            proven: report.proven,
            depth: report.depth,
            distance: report.distance,
        }
    }
}

/// A line of moves from `root` as text, each written in the position it
/// is played from.
fn format_line<G: Notation>(root: &G, moves: &[G::Move]) -> Vec<String> {
    let mut line = root.clone();
    moves
        .iter()
        .map(|&mv| {
            let text = line.format_move(mv);
            line.play(mv);
            text
        })
        .collect()
}

/// A typed agent behind [`AnyAgent`]: what a registry hands out.
pub struct TypedAgent<G: FullGame> {
    agent: Box<dyn Agent<G>>,
    spec: AgentSpec,
}

impl<G: FullGame> TypedAgent<G> {
    /// `agent`, built from `spec`, seen through the erased view.
    pub fn new(agent: Box<dyn Agent<G>>, spec: AgentSpec) -> Self {
        TypedAgent { agent, spec }
    }

    fn state<'a>(&self, game: &'a dyn AnyGame) -> Result<&'a G, Forfeit> {
        game.as_any()
            .downcast_ref::<Boxed<G>>()
            .map(|boxed| &boxed.state)
            .ok_or_else(|| {
                Forfeit::new(format!(
                    "built for {}, given {}",
                    G::Variant::NAME,
                    game.name()
                ))
            })
    }
}

impl<G: FullGame> AnyAgent for TypedAgent<G> {
    fn spec(&self) -> &AgentSpec {
        &self.spec
    }

    fn observe(&mut self, before: &dyn AnyGame, mv: &str) {
        let Ok(state) = self.state(before) else {
            return;
        };
        if let Ok(mv) = state.parse_move(mv) {
            self.agent.observe(state, mv);
        }
    }

    fn take_log(&mut self) -> Option<String> {
        self.agent.take_log()
    }

    fn choose(
        &mut self,
        game: &dyn AnyGame,
        control: &AnyControl<'_>,
    ) -> Result<AnyDecision, Forfeit> {
        let state = self.state(game)?;
        if state.outcome().is_some() {
            return Err(Forfeit::new("asked to move in a finished game"));
        }
        let sink = control.progress.map(|sink| {
            move |p: &Progress<G::Move>| {
                sink(&Progress {
                    elapsed: p.elapsed,
                    iterations: p.iterations,
                    best: p.best.map(|mv| state.format_move(mv)),
                    value: p.value,
                    depth: p.depth,
                    moves: p
                        .moves
                        .iter()
                        .map(|c| ChildStats {
                            mv: state.format_move(c.mv),
                            visits: c.visits,
                            value: c.value,
                            proven: c.proven,
                        })
                        .collect(),
                    root_visits: p.root_visits,
                    pv: format_line(state, &p.pv),
                })
            }
        });
        let typed = Control {
            limit: control.limit,
            stop: control.stop,
            progress: sink.as_ref().map(|s| s as ProgressSink<G::Move>),
        };
        let decision = self.agent.choose(state, &typed)?;
        let mv = decision.mv;
        if !state.is_legal(mv) {
            return Err(Forfeit::new(format!(
                "illegal move {}",
                state.format_move(mv)
            )));
        }
        Ok(AnyDecision {
            mv: state.format_move(mv),
            search: decision.search.map(|r| SearchSummary::of(state, &r)),
        })
    }
}
