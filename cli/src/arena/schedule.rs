//! Who plays whom, in which seat, with which seed.
//!
//! A round of a 2-player game is every ordered pair of distinct agents
//! (every pairing in both seat orders). A round of an N-player game is the
//! n rotations of one order of the agents: lineup `r` puts agent
//! `order[(r + seat) % n]` in `seat`, so every agent sits in every seat
//! exactly once per round. The order is shuffled per round (from the seed)
//! so that neighbours vary. Games are listed round by round, each round
//! over every game, so an interrupted run has results for every game.

/// One game of the tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scheduled {
    /// Position in the schedule: the key of its record.
    pub index: usize,
    /// Index into the tournament's games.
    pub game: usize,
    pub round: usize,
    /// Agent index (into the tournament's agents) per seat.
    pub seats: Vec<usize>,
    /// The game's seed; seat `s` plays with [`agent_seed`]`(seed, s)`.
    pub seed: u64,
}

/// SplitMix64: a strong, fixed mixing function for deriving seeds.
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The seed of the game at `index` of a tournament with seed `seed`.
pub fn game_seed(seed: u64, index: usize) -> u64 {
    mix(mix(seed) ^ index as u64)
}

/// The seed of the agent in `seat` of a game with seed `game_seed`.
pub fn agent_seed(game_seed: u64, seat: usize) -> u64 {
    mix(game_seed ^ mix(seat as u64 + 1))
}

/// The seat lineups of one round for `players` seats and `agents` agents.
pub fn round_lineups(players: usize, agents: usize, round_seed: u64) -> Vec<Vec<usize>> {
    assert!(players >= 1 && agents >= 1);
    if players == 2 {
        let mut lineups = Vec::new();
        for a in 0..agents {
            for b in a + 1..agents {
                lineups.push(vec![a, b]);
                lineups.push(vec![b, a]);
            }
        }
        return lineups;
    }
    let mut order: Vec<usize> = (0..agents).collect();
    shuffle(&mut order, round_seed);
    (0..agents)
        .map(|r| {
            (0..players)
                .map(|seat| order[(r + seat) % agents])
                .collect()
        })
        .collect()
}

/// A Fisher–Yates shuffle driven by [`mix`] (the modulo bias is far below
/// anything a schedule could notice).
fn shuffle(items: &mut [usize], seed: u64) {
    for i in (1..items.len()).rev() {
        let j = (mix(seed ^ mix(i as u64)) % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

/// The whole schedule: `players[g]` is the seat count of game `g`.
pub fn schedule(players: &[usize], agents: usize, rounds: usize, seed: u64) -> Vec<Scheduled> {
    let mut games = Vec::new();
    for round in 0..rounds {
        for (game, &p) in players.iter().enumerate() {
            let round_seed = mix(seed ^ mix((round * players.len() + game) as u64) ^ 0xA5A5);
            for seats in round_lineups(p, agents, round_seed) {
                let index = games.len();
                games.push(Scheduled {
                    index,
                    game,
                    round,
                    seats,
                    seed: game_seed(seed, index),
                });
            }
        }
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    /// counts[agent][seat] over the whole schedule of one game.
    fn seat_counts(players: usize, agents: usize, rounds: usize) -> Vec<Vec<usize>> {
        let mut counts = vec![vec![0; players]; agents];
        for g in schedule(&[players], agents, rounds, 7) {
            assert_eq!(g.seats.len(), players);
            for (seat, &a) in g.seats.iter().enumerate() {
                counts[a][seat] += 1;
            }
        }
        counts
    }

    #[test]
    fn every_agent_sits_in_every_seat_equally_often() {
        for players in [2, 3, 4] {
            for agents in 2..=6 {
                let counts = seat_counts(players, agents, 3);
                let first = counts[0][0];
                assert!(first > 0);
                assert!(
                    counts.iter().flatten().all(|&c| c == first),
                    "{players} players, {agents} agents: {counts:?}"
                );
            }
        }
    }

    #[test]
    fn two_player_rounds_hold_every_pairing_in_both_orders() {
        let games = schedule(&[2], 3, 1, 1);
        let mut pairs: Vec<Vec<usize>> = games.iter().map(|g| g.seats.clone()).collect();
        pairs.sort();
        assert_eq!(
            pairs,
            vec![
                vec![0, 1],
                vec![0, 2],
                vec![1, 0],
                vec![1, 2],
                vec![2, 0],
                vec![2, 1]
            ]
        );
    }

    #[test]
    fn many_player_lineups_have_distinct_agents_when_there_are_enough() {
        for g in schedule(&[4, 3], 5, 4, 3) {
            let mut seats = g.seats.clone();
            seats.sort();
            seats.dedup();
            assert_eq!(seats.len(), g.seats.len(), "{g:?}");
        }
    }

    #[test]
    fn schedules_interleave_games_and_seeds_are_stable() {
        let a = schedule(&[2, 3], 3, 2, 11);
        let b = schedule(&[2, 3], 3, 2, 11);
        assert_eq!(a, b);
        assert_eq!(a.len(), 2 * (6 + 3));
        let games: Vec<usize> = a.iter().map(|g| g.game).collect();
        assert_eq!(&games[..9], &[0, 0, 0, 0, 0, 0, 1, 1, 1]);
        assert!(a.iter().enumerate().all(|(i, g)| g.index == i));
        let mut seeds: Vec<u64> = a.iter().map(|g| g.seed).collect();
        seeds.sort();
        seeds.dedup();
        assert_eq!(seeds.len(), a.len());
        assert_ne!(schedule(&[2], 2, 1, 12)[0].seed, a[0].seed);
    }
}
