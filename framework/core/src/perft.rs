//! Perft: the standard check of a move generator, here in the rules core
//! so that a game crate's own tests (through `tabula-testkit`), the
//! searches' playouts and `tabula perft` count with the one function.

use crate::game::Game;

/// The number of positions reached after exactly `depth` plies; finished
/// games are not expanded. The standard check of a move generator.
pub fn perft<G: Game>(state: &G, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    if state.outcome().is_some() {
        return 0;
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&mv| {
            let mut next = state.clone();
            next.play(mv);
            perft(&next, depth - 1)
        })
        .sum()
}
