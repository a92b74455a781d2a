//! MAST playouts (Finnsson & Björnsson 2008): the mean score of every action
//! for its mover, over all simulations, steers the playouts.
//!
//! The table is kept per seat and action number for the whole life of the
//! player, from move to move: a good move in one position tends to be a good
//! move in the next.

use rand::Rng as _;

use super::config::Playout;
use tabula_core::game::Game;
use tabula_core::outcome::Scores;
use tabula_core::rng::Rng;
use tabula_core::Actions;

/// The value of an action never played yet: optimistic, so that playouts
/// try every action before the statistics can rule it out.
const UNSEEN: f32 = 1.0;

/// Action statistics per seat and the playout policy that reads them.
pub(crate) struct Mast {
    policy: Playout,
    actions: usize,
    /// Per `seat · actions + action`: samples and score sum for the mover.
    stats: Vec<(u32, f32)>,
    /// Per entry, `exp(Q / temperature)` (Gibbs only).
    weights: Vec<f32>,
}

impl Mast {
    pub fn new(policy: Playout) -> Self {
        Mast {
            policy,
            actions: 0,
            stats: Vec::new(),
            weights: Vec::new(),
        }
    }

    /// Sizes the table for `players` seats and `actions` action numbers;
    /// statistics already gathered for the same sizes are kept.
    pub fn prepare(&mut self, players: usize, actions: usize) {
        if self.actions != actions || self.stats.len() != players * actions {
            self.actions = actions;
            self.stats = vec![(0, 0.0); players * actions];
            if let Playout::Gibbs { temperature } = self.policy {
                self.weights = vec![(UNSEEN / temperature).exp(); players * actions];
            }
        }
    }

    /// The mean score of `action` for `seat`.
    pub fn value(&self, seat: usize, action: usize) -> f32 {
        match self.stats[seat * self.actions + action] {
            (0, _) => UNSEEN,
            (n, sum) => sum / n as f32,
        }
    }

    /// Samples and score sum of `action` for `seat`.
    #[cfg(test)]
    pub fn stats(&self, seat: usize, action: usize) -> (u32, f32) {
        self.stats[seat * self.actions + action]
    }

    /// Adds a simulation's moves, (seat, action) each, and its result.
    pub fn update(&mut self, trail: &[(u8, u32)], scores: &Scores) {
        for &(seat, action) in trail {
            let i = seat as usize * self.actions + action as usize;
            let entry = &mut self.stats[i];
            entry.0 += 1;
            entry.1 += scores[seat as usize];
            if let Playout::Gibbs { temperature } = self.policy {
                self.weights[i] = (entry.1 / entry.0 as f32 / temperature).exp();
            }
        }
    }

    /// The playout's next move, `None` when the game is over.
    pub fn choose<G: Game + Actions>(
        &self,
        state: &G,
        rng: &mut Rng,
        moves: &mut Vec<G::Move>,
    ) -> Option<G::Move> {
        match self.policy {
            Playout::Mast { epsilon } if rng.random::<f32>() >= epsilon => {
                self.greedy(state, rng, moves)
            }
            Playout::Gibbs { .. } => self.gibbs(state, rng, moves),
            _ => state.random_move(rng, moves),
        }
    }

    /// The move with the best value; ties broken uniformly.
    fn greedy<G: Game + Actions>(
        &self,
        state: &G,
        rng: &mut Rng,
        moves: &mut Vec<G::Move>,
    ) -> Option<G::Move> {
        if state.outcome().is_some() {
            return None;
        }
        state.legal_moves(moves);
        let seat = state.to_move();
        let mut best = None;
        let mut best_value = f32::NEG_INFINITY;
        let mut ties = 0;
        for &mv in moves.iter() {
            let value = self.value(seat, state.action(mv));
            if value > best_value {
                (best, best_value, ties) = (Some(mv), value, 1);
            } else if value == best_value {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best = Some(mv);
                }
            }
        }
        best
    }

    /// A move drawn with probability proportional to its weight.
    fn gibbs<G: Game + Actions>(
        &self,
        state: &G,
        rng: &mut Rng,
        moves: &mut Vec<G::Move>,
    ) -> Option<G::Move> {
        if state.outcome().is_some() {
            return None;
        }
        state.legal_moves(moves);
        let base = state.to_move() * self.actions;
        let weight = |mv: G::Move| self.weights[base + state.action(mv)];
        let total: f32 = moves.iter().map(|&mv| weight(mv)).sum();
        let mut draw = rng.random::<f32>() * total;
        for &mv in moves.iter() {
            draw -= weight(mv);
            if draw < 0.0 {
                return Some(mv);
            }
        }
        moves.last().copied()
    }
}
