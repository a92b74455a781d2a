//! Move ordering: the table's move first, then the killer moves of the ply
//! (moves that cut off a sibling), then by the history heuristic (how
//! often and how deep a move cut off anywhere).

use std::collections::HashMap;
use std::hash::Hash;

/// Killer moves per ply and history scores per move, for one search.
pub(crate) struct Ordering<M> {
    killers: Vec<[Option<M>; 2]>,
    history: HashMap<M, u32>,
}

impl<M> Default for Ordering<M> {
    fn default() -> Self {
        Ordering {
            killers: Vec::new(),
            history: HashMap::new(),
        }
    }
}

impl<M: Copy + Eq + Hash> Ordering<M> {
    /// Forgets the last search's killers and history.
    pub fn clear(&mut self) {
        self.killers.clear();
        self.history.clear();
    }

    /// Orders `moves` best first; ties keep their order.
    pub fn sort(&self, moves: &mut [M], ply: usize, table_move: Option<M>) {
        let killers = self.killers.get(ply).copied().unwrap_or([None, None]);
        let rank = |mv: &M| -> u64 {
            if Some(*mv) == table_move {
                u64::MAX
            } else if Some(*mv) == killers[0] {
                u64::MAX - 1
            } else if Some(*mv) == killers[1] {
                u64::MAX - 2
            } else {
                u64::from(self.history.get(mv).copied().unwrap_or(0))
            }
        };
        moves.sort_by_key(|mv| std::cmp::Reverse(rank(mv)));
    }

    /// `mv` cut off the search at `ply` with `depth` plies left.
    pub fn cut(&mut self, mv: M, ply: usize, depth: u32) {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        let slot = &mut self.killers[ply];
        if slot[0] != Some(mv) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
        let score = self.history.entry(mv).or_insert(0);
        *score = score.saturating_add(depth * depth);
    }
}
