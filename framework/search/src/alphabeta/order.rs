//! Move ordering: the table's move first, then the killer moves of the ply
//! (moves that cut off a sibling), then by the history heuristic (how
//! often and how deep a move cut off anywhere, kept per action number).

/// Killer moves per ply and history scores per action, for one search.
pub(crate) struct Ordering<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<u32>,
    /// Scratch for [`sort`](Self::sort): each move's sort key, then the
    /// moves in their new order.
    keys: Vec<u64>,
    sorted: Vec<M>,
}

impl<M> Default for Ordering<M> {
    fn default() -> Self {
        Ordering {
            killers: Vec::new(),
            history: Vec::new(),
            keys: Vec::new(),
            sorted: Vec::new(),
        }
    }
}

/// Bits of a sort key that hold the move's index in its list: the rank
/// takes the other 34.
const INDEX_BITS: u32 = 30;

impl<M: Copy + Eq> Ordering<M> {
    /// Forgets the last search's killers and history, for a game of
    /// `actions` action numbers.
    pub fn clear(&mut self, actions: usize) {
        self.killers.clear();
        self.history.clear();
        self.history.resize(actions, 0);
    }

    /// Orders `moves` best first; ties keep their order. `action` numbers
    /// a move. Each move is ranked once (not at every comparison) into a
    /// key that sorts as a plain integer: the rank from the top, then the
    /// index, so the sort needs no comparison function and stays stable,
    /// and is one sort of `u64`s for every game (a sort by a closure is
    /// compiled again for each game and call). A list too long for the key
    /// (2^30 moves) is left as it is: the order only speeds the search up.
    #[inline(always)]
    pub fn sort(
        &mut self,
        moves: &mut [M],
        ply: usize,
        table_move: Option<M>,
        action: impl Fn(M) -> usize,
    ) {
        let killers = self.killers.get(ply).copied().unwrap_or([None, None]);
        let history = &self.history;
        // The table's move, the two killers, then the history score
        // (below 2^32): 2^32 + 2 down to 0.
        let rank = |mv: M| -> u64 {
            if Some(mv) == table_move {
                (1 << 32) + 2
            } else if Some(mv) == killers[0] {
                (1 << 32) + 1
            } else if Some(mv) == killers[1] {
                1 << 32
            } else {
                u64::from(history.get(action(mv)).copied().unwrap_or(0))
            }
        };
        if moves.len() >= 1 << INDEX_BITS {
            return;
        }
        self.keys.clear();
        self.keys.extend(
            moves
                .iter()
                .enumerate()
                .map(|(i, &mv)| ((1 << 33) - rank(mv)) << INDEX_BITS | i as u64),
        );
        self.keys.sort_unstable();
        self.sorted.clear();
        self.sorted.extend(
            self.keys
                .iter()
                .map(|&key| moves[(key & ((1 << INDEX_BITS) - 1)) as usize]),
        );
        moves.copy_from_slice(&self.sorted);
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
