//! An agent that gives up, or answers with an illegal move, loses that
//! game, with the reason recorded; the game is never an error.

use tabula::agents::{AnyControl, Forfeit};
use tabula::{play_game, AgentSpec, AnyAgent, AnyDecision, AnyGame};

/// Plays its first legal move until move `fail_at`, then fails as told.
struct Failing {
    spec: AgentSpec,
    fail_at: u32,
    made: u32,
    illegal: bool,
}

impl AnyAgent for Failing {
    fn spec(&self) -> &AgentSpec {
        &self.spec
    }

    fn choose(&mut self, game: &dyn AnyGame, _: &AnyControl<'_>) -> Result<AnyDecision, Forfeit> {
        self.made += 1;
        if self.made < self.fail_at {
            let mv = game.legal_moves()[0].clone();
            return Ok(AnyDecision { mv, search: None });
        }
        if self.illegal {
            return Ok(AnyDecision {
                mv: "zz".to_string(),
                search: None,
            });
        }
        Err(Forfeit::new("crashed (exit status 3)"))
    }

    fn observe(&mut self, _: &dyn AnyGame, _: &str) {}
}

#[test]
fn a_failing_seat_loses_with_its_reason() {
    let registry = tabula_games::registry();
    let start = registry.create("differo").unwrap();
    let random = registry.parse_agent("random(seed=2)").unwrap();
    for illegal in [false, true] {
        for failing_seat in 0..2 {
            let mut agents: Vec<Box<dyn AnyAgent>> = (0..2)
                .map(|seat| -> Box<dyn AnyAgent> {
                    if seat == failing_seat {
                        Box::new(Failing {
                            spec: AgentSpec::human(),
                            fail_at: 3,
                            made: 0,
                            illegal,
                        })
                    } else {
                        registry.agent(start.as_ref(), &random, 1).unwrap()
                    }
                })
                .collect();
            let played = play_game(start.as_ref(), &mut agents, 1000).unwrap();
            let (seat, reason) = played.forfeit.expect("a forfeit");
            assert_eq!(seat, failing_seat);
            let expected = if illegal { "illegal move" } else { "crashed" };
            assert!(reason.contains(expected), "{reason}");
            let outcome = played.outcome.expect("a forfeit decides the game");
            assert!(outcome.is_winner(1 - failing_seat) && !outcome.is_winner(failing_seat));
            assert_eq!(played.moves_made[failing_seat], 3);
            assert_eq!(played.moves.len(), 4 + failing_seat);
        }
    }
}
