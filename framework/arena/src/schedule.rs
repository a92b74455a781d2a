//! Who plays whom, in which seat, with which seed.
//!
//! A round of a 2-player game is every ordered pair of distinct agents
//! (every pairing in both seat orders). A round of an N-player game is the
//! n rotations of one order of the agents: lineup `r` puts agent
//! `order[(r + seat) % n]` in `seat`, so every agent sits in every seat
//! exactly once per round. The order is shuffled per round (from the seed)
//! so that neighbours vary. Games are listed round by round, each round
//! over every game, so an interrupted run has results for every game.

use std::ops::Range;

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

/// The seed of the random opening of round `round` of game `game`: one
/// per round and game, so every pairing meets it from both seats.
pub fn opening_seed(seed: u64, game: usize, round: usize) -> u64 {
    mix(mix(mix(seed) ^ mix(game as u64 + 1)) ^ round as u64)
}

/// A Fisher–Yates shuffle driven by [`mix`] (the modulo bias is far below
/// anything a schedule could notice).
fn shuffle(items: &mut [usize], seed: u64) {
    for i in (1..items.len()).rev() {
        let j = (mix(seed ^ mix(i as u64)) % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

/// The tournament's schedule, computed game by game from the index rather
/// than held in memory: `--rounds` in the billions costs nothing until
/// played, and a shard is a plain range of indexes.
#[derive(Debug, Clone)]
pub struct Schedule {
    /// Seat count of each game.
    players: Vec<usize>,
    agents: usize,
    seed: u64,
    /// Where each game's lineups start within a round, and the round size.
    offsets: Vec<usize>,
    per_round: usize,
    len: usize,
    /// In a gauntlet, the agent every lineup holds.
    gauntlet: Option<usize>,
}

impl Schedule {
    /// The schedule a results folder's `settings` fix, with each game's
    /// seat count; `whose` names the folder's games in an error ("the
    /// tournament's", "the shards'").
    pub(crate) fn of_settings(
        registry: &tabula::Registry,
        settings: &crate::Settings,
        whose: &str,
    ) -> Result<(Vec<usize>, Self), String> {
        let mut players = Vec::new();
        for game in &settings.games {
            let start = registry
                .create(game)
                .map_err(|e| format!("{whose} game {game}: {e}"))?;
            players.push(start.players());
        }
        let schedule = Self::with_gauntlet(
            &players,
            settings.agents.len(),
            settings.rounds,
            settings.seed,
            settings.gauntlet,
        )?;
        Ok((players, schedule))
    }

    /// The schedule of `rounds` rounds; `players[g]` is the seat count of
    /// game `g`. Fails when the games do not fit in a `usize`.
    #[cfg(test)]
    pub fn new(players: &[usize], agents: usize, rounds: usize, seed: u64) -> Result<Self, String> {
        Self::with_gauntlet(players, agents, rounds, seed, None)
    }

    /// [`Schedule::new`] for a gauntlet of agent `gauntlet` (2-player
    /// games only): a round is its pairing with every other agent, each
    /// in both seat orders, the lower-numbered agent first.
    pub fn with_gauntlet(
        players: &[usize],
        agents: usize,
        rounds: usize,
        seed: u64,
        gauntlet: Option<usize>,
    ) -> Result<Self, String> {
        if let Some(g) = gauntlet {
            if g >= agents || players.iter().any(|&p| p != 2) {
                return Err(
                    "--gauntlet: a gauntlet is of one of the agents, in 2-player games".to_string(),
                );
            }
        }
        if agents < 2 || players.is_empty() || players.contains(&0) {
            return Err("a tournament needs at least one game and two agents".to_string());
        }
        let mut offsets = Vec::with_capacity(players.len());
        let mut per_round = 0usize;
        for &p in players {
            offsets.push(per_round);
            per_round = per_round
                .checked_add(match gauntlet {
                    Some(_) => 2 * (agents - 1),
                    None => lineups_per_round(p, agents),
                })
                .ok_or("too many agents")?;
        }
        let len = per_round.checked_mul(rounds).ok_or_else(|| {
            format!(
                "--rounds {rounds} with {per_round} games a round is more than {} games",
                usize::MAX
            )
        })?;
        Ok(Schedule {
            players: players.to_vec(),
            agents,
            seed,
            offsets,
            per_round,
            len,
            gauntlet,
        })
    }

    /// How many games the schedule holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The game at `index` (below [`Schedule::len`]).
    pub fn game(&self, index: usize) -> Scheduled {
        assert!(index < self.len, "game {index} of {}", self.len);
        let (round, slot) = (index / self.per_round, index % self.per_round);
        let game = self.offsets.partition_point(|&o| o <= slot) - 1;
        let lineup = slot - self.offsets[game];
        let n_games = self.players.len();
        // `round * n_games + game` may wrap for astronomical --rounds; the
        // seed only needs to be a fixed function of (round, game).
        let round_seed =
            mix(self.seed ^ mix(round.wrapping_mul(n_games).wrapping_add(game) as u64) ^ 0xA5A5);
        Scheduled {
            index,
            game,
            round,
            seats: match self.gauntlet {
                Some(g) => gauntlet_seats(g, lineup),
                None => lineup_seats(self.players[game], self.agents, round_seed, lineup),
            },
            seed: game_seed(self.seed, index),
        }
    }

    /// The indexes of shard `shard` of `count` (from 0): the schedule cut
    /// into `count` contiguous ranges whose sizes differ by at most one.
    pub fn shard(&self, shard: usize, count: usize) -> Range<usize> {
        assert!(shard < count);
        let cut = |k: usize| (self.len as u128 * k as u128 / count as u128) as usize;
        cut(shard)..cut(shard + 1)
    }
}

/// Lineups in one round of a `players`-seat game among `agents` agents.
fn lineups_per_round(players: usize, agents: usize) -> usize {
    if players == 2 {
        agents * (agents - 1)
    } else {
        agents
    }
}

/// The seats of lineup `lineup` of a gauntlet round of agent `g`: its
/// pairing with each other agent in turn, the lower index first, then
/// swapped.
fn gauntlet_seats(g: usize, lineup: usize) -> Vec<usize> {
    let other = lineup / 2;
    let other = if other >= g { other + 1 } else { other };
    let (a, b) = (g.min(other), g.max(other));
    if lineup % 2 == 1 {
        vec![b, a]
    } else {
        vec![a, b]
    }
}

/// The seats of lineup `lineup` of a round (see the module doc).
fn lineup_seats(players: usize, agents: usize, round_seed: u64, lineup: usize) -> Vec<usize> {
    if players == 2 {
        // Pairs (a, b) with a < b in order, each as [a, b] then [b, a].
        let (mut pair, swap) = (lineup / 2, lineup % 2 == 1);
        let mut a = 0;
        while pair >= agents - 1 - a {
            pair -= agents - 1 - a;
            a += 1;
        }
        let b = a + 1 + pair;
        return if swap { vec![b, a] } else { vec![a, b] };
    }
    let mut order: Vec<usize> = (0..agents).collect();
    shuffle(&mut order, round_seed);
    (0..players)
        .map(|seat| order[(lineup + seat) % agents])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The whole schedule, computed game by game.
    fn schedule(players: &[usize], agents: usize, rounds: usize, seed: u64) -> Vec<Scheduled> {
        let s = Schedule::new(players, agents, rounds, seed).unwrap();
        (0..s.len()).map(|i| s.game(i)).collect()
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

    /// The schedule as it was built before it became lazy: round by round,
    /// game by game, every lineup of [`round_lineups`].
    fn listed(players: &[usize], agents: usize, rounds: usize, seed: u64) -> Vec<Scheduled> {
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

    #[test]
    fn a_gauntlet_round_is_one_agent_against_each_other_in_both_orders() {
        let s = Schedule::with_gauntlet(&[2], 4, 2, 1, Some(2)).unwrap();
        assert_eq!(s.len(), 12);
        let round: Vec<Vec<usize>> = (0..6).map(|i| s.game(i).seats).collect();
        assert_eq!(
            round,
            [[0, 2], [2, 0], [1, 2], [2, 1], [2, 3], [3, 2]].map(|p| p.to_vec())
        );
        assert!(Schedule::with_gauntlet(&[3], 4, 1, 1, Some(0)).is_err());
    }

    #[test]
    fn each_game_computed_from_its_index_equals_the_listed_schedule() {
        for players in [vec![2], vec![3], vec![2, 4, 3], vec![4, 2]] {
            for agents in 2..=6 {
                assert_eq!(
                    schedule(&players, agents, 3, 5),
                    listed(&players, agents, 3, 5),
                    "{players:?}, {agents} agents"
                );
            }
        }
    }

    #[test]
    fn a_huge_schedule_costs_nothing_and_one_too_large_is_refused() {
        let s = Schedule::new(&[2, 3], 4, usize::MAX / 16, 1).unwrap();
        assert_eq!(s.len(), (usize::MAX / 16) * 16);
        let last = s.game(s.len() - 1);
        assert_eq!((last.game, last.seats.len()), (1, 3));
        let err = Schedule::new(&[2], 3, usize::MAX, 1).unwrap_err();
        assert!(err.contains("--rounds"), "{err}");
        // What a damaged settings file could ask for is refused, not a panic.
        assert!(Schedule::new(&[2], 1, 1, 1).is_err());
        assert!(Schedule::new(&[], 3, 1, 1).is_err());
        assert!(Schedule::new(&[0], 3, 1, 1).is_err());
    }

    #[test]
    fn shards_partition_the_schedule_in_balanced_ranges() {
        for players in [vec![2], vec![2, 3], vec![4, 2, 3]] {
            for agents in 2..=5 {
                for rounds in [1, 2, 7] {
                    let s = Schedule::new(&players, agents, rounds, 1).unwrap();
                    for count in [1, 2, 3, 5, 8, 13, 100] {
                        let mut next = 0;
                        let (mut smallest, mut largest) = (usize::MAX, 0);
                        for shard in 0..count {
                            let range = s.shard(shard, count);
                            assert_eq!(range.start, next, "shards must tile");
                            next = range.end;
                            smallest = smallest.min(range.len());
                            largest = largest.max(range.len());
                        }
                        assert_eq!(next, s.len());
                        assert!(largest - smallest <= 1, "{smallest}..{largest}");
                    }
                }
            }
        }
        let huge = Schedule::new(&[2], 2, usize::MAX / 2, 1).unwrap();
        assert_eq!(huge.shard(2, 3).end, huge.len());
    }

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
