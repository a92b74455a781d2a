//! Alpha-beta search: iterative deepening minimax with a transposition
//! table, move ordering (table move, killer moves, history heuristic), the
//! game's evaluation at the horizon and exact scores for finished games,
//! faster wins preferred.
//!
//! Values are the root seat's: it maximises, every other seat minimises.
//! With two players this is negamax; with three or four it is the paranoid
//! search (the others are assumed to play against the root seat), or, with
//! [`Mode::BestReply`], BRS+ (Esser et al. 2013): between two of the root
//! seat's moves only one opponent chooses its move, the others play the
//! move the ordering ranks first, so the search reaches deeper.

mod order;
mod tt;

use std::time::{Duration, Instant};

use rand::seq::SliceRandom;

use crate::search::{ChildStats, Control, History, Progress, SearchReport, PROGRESS_INTERVAL};
use order::Ordering;
use tabula_core::game::{Game, Seat};
use tabula_core::outcome::Outcome;
use tabula_core::rng::{seeded, Rng};
use tabula_core::{Actions, Evaluation, Variant};
use tt::{Bound, Entry, Table};

/// How seats other than the root's are searched with three or more players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every other seat minimises the root seat's value (exact, shallow).
    Paranoid,
    /// BRS+: one opponent chooses per round, the others play their
    /// best-ordered move (approximate, deeper).
    BestReply,
}

/// Budget and knobs of one alpha-beta player.
#[derive(Clone, Debug, PartialEq)]
pub struct AlphaBetaConfig {
    /// The deepest iteration, in plies (BRS+: in the root seat's rounds
    /// and replies). With neither this nor `time`, [`DEFAULT_DEPTH`](Self::DEFAULT_DEPTH).
    pub depth: Option<u32>,
    /// Wall-clock time per move: iterations deepen while it lasts.
    pub time: Option<Duration>,
    /// How seats other than the root's are searched (three or more players).
    pub mode: Mode,
    /// Bytes of transposition table; 0 searches without one.
    pub table_bytes: usize,
    /// Seed of the tie-breaks between equal moves.
    pub seed: u64,
    /// Scores a position that repeats an earlier one — of the game
    /// ([`AlphaBeta::observe`]) or of the line searched — as even: endless
    /// play ends unscored, so a side ahead should make progress. (Values
    /// the table keeps then depend a little on the path that reached them,
    /// as in every engine with repetition draws.)
    pub repeats: bool,
}

impl AlphaBetaConfig {
    /// The depth when neither `depth` nor `time` is given.
    pub const DEFAULT_DEPTH: u32 = 4;
}

impl Default for AlphaBetaConfig {
    fn default() -> Self {
        AlphaBetaConfig {
            depth: None,
            time: None,
            mode: Mode::Paranoid,
            table_bytes: 16 << 20,
            seed: 0,
            repeats: false,
        }
    }
}

/// An evaluation's unit: a seat's expected score 0..1 maps to ±`EVAL`.
const EVAL: i32 = 10_000;
/// A won game's value before subtracting the plies it takes.
const WIN: i32 = 1_000_000;
/// Values beyond this are decided games.
const DECIDED: i32 = WIN - 10_000;
const INFINITY: i32 = i32::MAX - 1;
/// Nodes between looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 1024;

/// The alpha-beta player for one game type.
pub struct AlphaBeta<G: Game + Actions + Evaluation> {
    config: AlphaBetaConfig,
    table: Table<G::Move>,
    ordering: Ordering<G::Move>,
    rng: Rng,
    /// Scratch move lists, one per ply, so the search does not allocate.
    buffers: Vec<Vec<G::Move>>,
    // The search under way:
    root_seat: Seat,
    players: usize,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    aborted: bool,
    started: Instant,
    last_report: Instant,
    /// The last completed iteration's best move, value and depth.
    best_so_far: Option<(G::Move, i32, u32)>,
    /// That iteration's root moves (best first) and principal variation,
    /// for progress reports.
    done_moves: Vec<(G::Move, i32, u64)>,
    done_pv: Vec<G::Move>,
    /// The game before the root, and the keys of the line being searched
    /// by ply (with `repeats`).
    history: History,
    line: Vec<u64>,
}

/// One completed iteration: the root's moves with their values, best first.
struct Iteration<M> {
    depth: u32,
    moves: Vec<(M, i32, u64)>,
}

impl<G: Game + Actions + Evaluation> AlphaBeta<G> {
    /// A player with these settings and an empty table.
    ///
    /// # Panics
    /// If the table's memory cannot be had; [`AlphaBeta::try_new`] says so
    /// instead.
    pub fn new(config: AlphaBetaConfig) -> Self {
        Self::try_new(config).expect("the transposition table fits in memory")
    }

    /// A player with these settings, or `None` when its table's memory
    /// cannot be had.
    pub fn try_new(config: AlphaBetaConfig) -> Option<Self> {
        Some(AlphaBeta {
            table: Table::with_bytes(config.table_bytes)?,
            ordering: Ordering::default(),
            rng: seeded(config.seed),
            buffers: Vec::new(),
            config,
            root_seat: 0,
            players: 2,
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            aborted: false,
            started: Instant::now(),
            last_report: Instant::now(),
            best_so_far: None,
            done_moves: Vec::new(),
            done_pv: Vec::new(),
            history: History::default(),
            line: Vec::new(),
        })
    }

    /// Told of a move of the game, so that positions before the next root
    /// count as repetitions (with `repeats`).
    pub fn observe(&mut self, before: &G, mv: G::Move) {
        if !self.config.repeats {
            return;
        }
        self.history.passed(before, mv);
    }

    /// The player's settings.
    pub fn config(&self) -> &AlphaBetaConfig {
        &self.config
    }

    /// Searches `root` by iterative deepening within the configured budget,
    /// or `control`'s limit (`iterations` is then a node budget), until
    /// `control` asks it to stop. Depth 1 always completes.
    ///
    /// # Panics
    /// If the game is already over.
    pub fn search(&mut self, root: &G, control: &Control<'_, G::Move>) -> SearchReport<G::Move> {
        self.started = Instant::now();
        self.last_report = self.started;
        let (time, nodes) = match control.limit.is_set() {
            true => (control.limit.time, control.limit.iterations),
            false => (self.config.time, None),
        };
        let max_depth = match (self.config.depth, time, nodes) {
            (Some(d), _, _) => d.max(1),
            (None, None, None) => AlphaBetaConfig::DEFAULT_DEPTH,
            _ => 200,
        };
        self.deadline = time.map(|t| self.started + t);
        self.node_limit = nodes.unwrap_or(u64::MAX);
        self.root_seat = root.to_move();
        self.players = root.players();
        self.nodes = 0;
        self.table.generation = self.table.generation.wrapping_add(1);
        self.ordering.clear(root.variant().action_count());
        self.best_so_far = None;
        self.done_moves.clear();
        self.done_pv.clear();
        self.history.start_at(root.key());
        self.line.clear();
        self.line.push(root.key());

        let mut moves = Vec::new();
        root.legal_moves(&mut moves);
        assert!(
            root.outcome().is_none() && !moves.is_empty(),
            "search called on a finished game"
        );
        // Shuffled once, so that equal moves are chosen by the seed.
        moves.shuffle(&mut self.rng);
        let mut order: Vec<(G::Move, i32, u64)> = moves.iter().map(|&m| (m, 0, 0)).collect();
        let mut done: Option<Iteration<G::Move>> = None;
        for depth in 1..=max_depth {
            self.aborted = false;
            let Some(iteration) = self.iterate(root, depth, &order, control) else {
                break;
            };
            order = iteration.moves.clone();
            let best = iteration.moves[0].1;
            self.best_so_far = Some((iteration.moves[0].0, best, depth));
            if control.progress.is_some() {
                self.done_moves.clone_from(&iteration.moves);
                self.done_pv = self.principal_variation(root, iteration.moves[0].0, depth);
            }
            self.last_report = Instant::now();
            control.report(&self.progress());
            done = Some(iteration);
            // A proven result cannot change with depth, and a single move
            // needs no search: stop early only for these.
            if best.abs() >= DECIDED || moves.len() == 1 {
                break;
            }
            // Otherwise the whole budget is used: the next iteration runs
            // until the clock stops it, and an aborted iteration is
            // discarded, so the move is the last complete depth's best.
            if self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
            {
                break;
            }
        }
        let done = done.expect("depth 1 always completes");
        self.report(root, done)
    }

    /// One iteration at `depth`, root moves in `order`; `None` when the
    /// budget ran out first (depth 1 never stops early).
    fn iterate(
        &mut self,
        root: &G,
        depth: u32,
        order: &[(G::Move, i32, u64)],
        control: &Control<'_, G::Move>,
    ) -> Option<Iteration<G::Move>> {
        let mut results = Vec::with_capacity(order.len());
        let mut alpha = -INFINITY;
        for &(mv, _, _) in order {
            let before = self.nodes;
            let mut child = root.clone();
            child.play(mv);
            // The best move's value is exact; the others' are upper bounds.
            let value = match tabula_core::isa::fast() {
                true => {
                    self.value::<true>(&child, depth - 1, 1, alpha, INFINITY, control, depth > 1)
                }
                false => {
                    self.value::<false>(&child, depth - 1, 1, alpha, INFINITY, control, depth > 1)
                }
            };
            if self.aborted {
                return None;
            }
            alpha = alpha.max(value);
            results.push((mv, value, self.nodes - before));
        }
        // Stable: among equal values the earlier (previous best, or the
        // seed's shuffle) stays first.
        results.sort_by_key(|r| std::cmp::Reverse(r.1));
        Some(Iteration {
            depth,
            moves: results,
        })
    }

    /// The root seat's value of `state`, searched `depth` more plies, within
    /// the window `alpha..beta`, on the fast path of the CPU
    /// ([`tabula_core::isa`]) when `FAST`. The search is recursive, so it
    /// cannot be inlined into one dispatched closure: each path has its own
    /// copy of the recursion instead, the fast one compiled for the v3
    /// level in [`value_fast`](Self::value_fast).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn value<const FAST: bool>(
        &mut self,
        state: &G,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
        control: &Control<'_, G::Move>,
        may_stop: bool,
    ) -> i32 {
        if FAST {
            // SAFETY: `FAST` is true only below the check in `iterate` that
            // the CPU has the fast path's features (`isa::fast`).
            return unsafe { self.value_fast(state, depth, ply, alpha, beta, control, may_stop) };
        }
        self.value_baseline(state, depth, ply, alpha, beta, control, may_stop)
    }

    tabula_core::fast_copy! {
        /// [`value`](Self::value)'s fast copy: the recursion compiled for
        /// the CPU's fast path.
        #[allow(clippy::too_many_arguments)]
        fn value_fast(
            &mut self,
            state: &G,
            depth: u32,
            ply: usize,
            alpha: i32,
            beta: i32,
            control: &Control<'_, G::Move>,
            may_stop: bool,
        ) -> i32 {
            self.value_in::<true>(state, depth, ply, alpha, beta, control, may_stop)
        }
    }

    /// [`value`](Self::value)'s baseline copy.
    #[allow(clippy::too_many_arguments)]
    fn value_baseline(
        &mut self,
        state: &G,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
        control: &Control<'_, G::Move>,
        may_stop: bool,
    ) -> i32 {
        self.value_in::<false>(state, depth, ply, alpha, beta, control, may_stop)
    }

    /// The search itself, inlined into each copy.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn value_in<const FAST: bool>(
        &mut self,
        state: &G,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        control: &Control<'_, G::Move>,
        may_stop: bool,
    ) -> i32 {
        self.nodes += 1;
        if may_stop && self.nodes > self.node_limit {
            self.aborted = true;
        }
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            if may_stop && self.out_of_budget(control) {
                self.aborted = true;
            }
            if control.progress.is_some() && self.last_report.elapsed() >= PROGRESS_INTERVAL {
                self.last_report = Instant::now();
                control.report(&self.progress());
            }
        }
        if self.aborted {
            return 0;
        }
        if let Some(outcome) = state.outcome() {
            return self.terminal(outcome, ply);
        }
        if self.config.repeats && self.repeats(state.key(), ply) {
            return to_eval(1.0 / self.players as f32);
        }
        if depth == 0 {
            return self.evaluate(state);
        }
        let key = self.key(state);
        let mut table_move = None;
        if let Some(entry) = self.table.get(key) {
            table_move = entry.best;
            if u32::from(entry.depth) >= depth {
                let value = from_table(entry.value, ply);
                match entry.bound {
                    Bound::Exact => return value,
                    Bound::Lower => alpha = alpha.max(value),
                    Bound::Upper => beta = beta.min(value),
                }
                if alpha >= beta {
                    return value;
                }
            }
        }
        let maximizing = state.to_move() == self.root_seat;
        if !maximizing && self.players > 2 && self.config.mode == Mode::BestReply {
            return self.best_reply::<FAST>(state, depth, ply, alpha, beta, control, may_stop);
        }
        let mut moves = self.take_buffer(ply);
        state.legal_moves(&mut moves);
        self.ordering
            .sort(&mut moves, ply, table_move, |m| state.action(m));
        let (alpha0, beta0) = (alpha, beta);
        let mut best = if maximizing { -INFINITY } else { INFINITY };
        let mut best_move = None;
        for &mv in &moves {
            let mut child = state.clone();
            child.play(mv);
            let value =
                self.value::<FAST>(&child, depth - 1, ply + 1, alpha, beta, control, may_stop);
            if self.aborted {
                break;
            }
            if (maximizing && value > best) || (!maximizing && value < best) {
                best = value;
                best_move = Some(mv);
            }
            if maximizing {
                alpha = alpha.max(value);
            } else {
                beta = beta.min(value);
            }
            if alpha >= beta {
                self.ordering.cut(mv, state.action(mv), ply, depth);
                break;
            }
        }
        self.buffers[ply] = moves;
        if !self.aborted {
            let bound = if best <= alpha0 {
                Bound::Upper
            } else if best >= beta0 {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table.put(Entry {
                key,
                value: to_table(best, ply),
                depth: depth.min(255) as u8,
                bound,
                generation: self.table.generation,
                best: best_move,
            });
        }
        best
    }

    /// BRS+: the root seat's opponents until its next turn, one of them
    /// choosing (every move of every opponent is tried in turn), the others
    /// playing their best-ordered move.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn best_reply<const FAST: bool>(
        &mut self,
        state: &G,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
        control: &Control<'_, G::Move>,
        may_stop: bool,
    ) -> i32 {
        let mut best = INFINITY;
        let mut before_chooser = state.clone();
        while before_chooser.outcome().is_none() && before_chooser.to_move() != self.root_seat {
            let mut moves = self.take_buffer(ply);
            before_chooser.legal_moves(&mut moves);
            let table_move = self
                .table
                .get(self.key(&before_chooser))
                .and_then(|e| e.best);
            self.ordering
                .sort(&mut moves, ply, table_move, |m| state.action(m));
            for &mv in &moves {
                let mut after = before_chooser.clone();
                after.play(mv);
                self.play_ordered_until_root(&mut after, ply + 1);
                let value = self.value::<FAST>(
                    &after,
                    depth - 1,
                    ply + 1,
                    alpha,
                    beta.min(best),
                    control,
                    may_stop,
                );
                if self.aborted {
                    self.buffers[ply] = moves;
                    return 0;
                }
                if value < best {
                    best = value;
                }
                if best <= alpha {
                    self.ordering.cut(mv, state.action(mv), ply, depth);
                    self.buffers[ply] = moves;
                    return best;
                }
            }
            // The next opponent chooses; this one plays its ordered move.
            let first = moves[0];
            self.buffers[ply] = moves;
            before_chooser.play(first);
        }
        if best == INFINITY {
            // Every opponent's turn passed without a choice: the root
            // seat is to move or the game ended.
            return self.value::<FAST>(
                &before_chooser,
                depth - 1,
                ply + 1,
                alpha,
                beta,
                control,
                may_stop,
            );
        }
        best
    }

    /// Plays each opponent's best-ordered move until the root seat is to
    /// move or the game ends.
    fn play_ordered_until_root(&mut self, state: &mut G, ply: usize) {
        while state.outcome().is_none() && state.to_move() != self.root_seat {
            let mut moves = self.take_buffer(ply);
            state.legal_moves(&mut moves);
            let table_move = self.table.get(self.key(state)).and_then(|e| e.best);
            self.ordering
                .sort(&mut moves, ply, table_move, |m| state.action(m));
            let first = moves[0];
            self.buffers[ply] = moves;
            state.play(first);
        }
    }

    /// Whether the position with `key`, at `ply`, repeats one earlier on
    /// the line or in the game; if not, it joins the line.
    #[inline(always)]
    fn repeats(&mut self, key: u64, ply: usize) -> bool {
        self.line.truncate(ply);
        if self.line.contains(&key) || self.history.contains(key) {
            return true;
        }
        self.line.push(key);
        false
    }

    #[inline(always)]
    fn take_buffer(&mut self, ply: usize) -> Vec<G::Move> {
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        std::mem::take(&mut self.buffers[ply])
    }

    fn out_of_budget(&self, control: &Control<'_, G::Move>) -> bool {
        control.stopped() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The table key: the position's, and the root seat's, whose values
    /// the table holds.
    #[inline(always)]
    fn key(&self, state: &G) -> u64 {
        state.key() ^ (self.root_seat as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// A finished game's value: decided games by their distance.
    #[inline(always)]
    fn terminal(&self, outcome: Outcome, ply: usize) -> i32 {
        let score = outcome.score(self.root_seat);
        if score >= 1.0 {
            WIN - ply as i32
        } else if score <= 0.0 {
            -(WIN - ply as i32)
        } else {
            to_eval(score)
        }
    }

    /// The evaluation at the horizon (an even share without one).
    #[inline(always)]
    fn evaluate(&self, state: &G) -> i32 {
        let score = state.evaluate()[self.root_seat];
        to_eval(score).clamp(-EVAL, EVAL)
    }

    /// The search so far: the last completed iteration's moves.
    fn progress(&self) -> Progress<G::Move> {
        let moves = self
            .done_moves
            .iter()
            .map(|&(mv, value, nodes)| self.child_stats(mv, value, nodes))
            .collect();
        Progress {
            best: self.best_so_far.map(|b| b.0),
            value: self.best_so_far.map(|b| to_score(b.1)),
            depth: self.best_so_far.map(|b| b.2),
            pv: self.done_pv.clone(),
            ..Progress::counts(self.started.elapsed(), self.nodes)
        }
        .with_moves(moves)
    }

    /// A root move's statistics: its nodes as visits, its value as a score.
    fn child_stats(&self, mv: G::Move, value: i32, nodes: u64) -> ChildStats<G::Move> {
        ChildStats {
            mv,
            visits: nodes.min(u64::from(u32::MAX)) as u32,
            value: to_score(value),
            proven: (self.players == 2)
                .then(|| decided(value, self.root_seat, 2))
                .flatten(),
        }
    }

    fn report(&mut self, root: &G, done: Iteration<G::Move>) -> SearchReport<G::Move> {
        let seat = self.root_seat;
        let best_value = done.moves[0].1;
        let proven = (self.config.mode == Mode::Paranoid || self.players == 2)
            .then(|| decided(best_value, seat, self.players))
            .flatten();
        let mut children: Vec<ChildStats<G::Move>> = done
            .moves
            .iter()
            .map(|&(mv, value, nodes)| self.child_stats(mv, value, nodes))
            .collect();
        // The root's order is the search's: by value, the best first.
        let best = children[0].mv;
        children.sort_by(|a, b| b.value.total_cmp(&a.value));
        SearchReport {
            best,
            iterations: self.nodes,
            // The nodes searched: what a depth-first search's work is
            // counted in (the table's fill says little to a reader).
            nodes: self.nodes.try_into().unwrap_or(usize::MAX),
            elapsed: self.started.elapsed(),
            value: to_score(best_value),
            pv: self.principal_variation(root, best, done.depth),
            proven,
            children,
            depth: Some(done.depth),
            distance: None,
        }
    }

    /// The best move, then the table's best moves from there on.
    fn principal_variation(&self, root: &G, best: G::Move, depth: u32) -> Vec<G::Move> {
        let mut pv = vec![best];
        let mut state = root.clone();
        state.play(best);
        while pv.len() < depth as usize && state.outcome().is_none() {
            let Some(mv) = self.table.get(self.key(&state)).and_then(|e| e.best) else {
                break;
            };
            if !state.is_legal(mv) {
                break;
            }
            pv.push(mv);
            state.play(mv);
        }
        pv
    }
}

fn to_eval(score: f32) -> i32 {
    ((2.0 * score - 1.0) * EVAL as f32).round() as i32
}

/// A value as the root seat's expected score 0..=1.
fn to_score(value: i32) -> f32 {
    if value >= DECIDED {
        1.0
    } else if value <= -DECIDED {
        0.0
    } else {
        ((value as f32 / EVAL as f32 + 1.0) / 2.0).clamp(0.0, 1.0)
    }
}

/// The outcome a decided value proves: the root seat's win, or with two
/// players its loss.
fn decided(value: i32, seat: Seat, players: usize) -> Option<Outcome> {
    if value >= DECIDED {
        Some(Outcome::win(seat))
    } else if value <= -DECIDED && players == 2 {
        Some(Outcome::win(1 - seat))
    } else {
        None
    }
}

/// Decided values count plies from the root; the table stores them
/// counted from the node, so they hold wherever the node is met.
fn to_table(value: i32, ply: usize) -> i32 {
    match value {
        v if v >= DECIDED => v + ply as i32,
        v if v <= -DECIDED => v - ply as i32,
        v => v,
    }
}

fn from_table(value: i32, ply: usize) -> i32 {
    match value {
        v if v >= DECIDED => v - ply as i32,
        v if v <= -DECIDED => v + ply as i32,
        v => v,
    }
}

#[cfg(test)]
mod tests;
