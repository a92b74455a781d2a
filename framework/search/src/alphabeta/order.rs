//! Move ordering: the table's move first, then the killer moves of the ply
//! (moves that cut off a sibling), then by the history heuristic (how
//! often and how deep a move cut off anywhere, kept per action number).

/// Killer moves per ply and history scores per action, for one search.
pub(crate) struct Ordering<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<u32>,
}

impl<M> Default for Ordering<M> {
    fn default() -> Self {
        Ordering {
            killers: Vec::new(),
            history: Vec::new(),
        }
    }
}

impl<M: Copy + Eq> Ordering<M> {
    /// Forgets the last search's killers and history, for a game of
    /// `actions` action numbers.
    pub fn clear(&mut self, actions: usize) {
        self.killers.clear();
        self.history.clear();
        self.history.resize(actions, 0);
    }

    /// Orders `moves` best first; ties keep their order. `action` numbers
    /// a move.
    pub fn sort(
        &self,
        moves: &mut [M],
        ply: usize,
        table_move: Option<M>,
        action: impl Fn(M) -> usize,
    ) {
        let killers = self.killers.get(ply).copied().unwrap_or([None, None]);
        let rank = |mv: &M| -> u64 {
            if Some(*mv) == table_move {
                u64::MAX
            } else if Some(*mv) == killers[0] {
                u64::MAX - 1
            } else if Some(*mv) == killers[1] {
                u64::MAX - 2
            } else {
                u64::from(self.history.get(action(*mv)).copied().unwrap_or(0))
            }
        };
        moves.sort_by_key(|mv| std::cmp::Reverse(rank(mv)));
    }

    /// `mv` (action number `action`) cut off the search at `ply` with
    /// `depth` plies left.
    pub fn cut(&mut self, mv: M, action: usize, ply: usize, depth: u32) {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        let slot = &mut self.killers[ply];
        if slot[0] != Some(mv) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
        if let Some(score) = self.history.get_mut(action) {
            *score = score.saturating_add(depth * depth);
        }
    }
}
