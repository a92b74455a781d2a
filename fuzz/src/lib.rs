//! The checks the fuzz targets run, one function per target, so a crash
//! input can be replayed outside libFuzzer too.

use std::sync::OnceLock;

use tabula::rng::seeded;
use tabula::plan::{GameVisitor, Plan};
use tabula::{AnyGame, FullGame, GameRecord, Registry};

/// Games and variants the move and position targets pick from by the
/// first input byte: every parameter set of every shipped game's test plan
/// (`tabula_games::each_game`), so a new game is fuzzed by its catalog line.
pub fn game_specs() -> &'static [&'static str] {
    struct Specs(Vec<&'static str>);
    impl GameVisitor for Specs {
        fn visit<G: FullGame>(&mut self, plan: &'static Plan) {
            self.0.extend(plan.cases.iter().map(|v| v.spec));
        }
    }
    static SPECS: OnceLock<Vec<&'static str>> = OnceLock::new();
    SPECS.get_or_init(|| {
        let mut specs = Specs(Vec::new());
        tabula_games::each_game(&mut specs);
        specs.0
    })
}

/// The shipped catalog, built once.
pub fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(tabula_games::registry)
}

fn game(index: u8) -> Box<dyn AnyGame> {
    let specs = game_specs();
    let spec = specs[index as usize % specs.len()];
    registry().create(spec).expect("the fuzz specs are valid")
}

/// Plays `plies` random legal moves (fewer if the game ends).
fn random_plies(game: &mut Box<dyn AnyGame>, seed: u64, plies: usize) {
    use rand::Rng as _;
    let mut rng = seeded(seed);
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = &moves[rng.random_range(0..moves.len())];
        game.play(mv).expect("a listed move is legal");
    }
}

/// Input: game index, 8 seed bytes, a ply count, then move texts separated
/// by newlines. Each text is played on the random reachable state: an
/// accepted move must have been listed, a rejected one leaves the position
/// unchanged, and a listed move's own text is never rejected.
pub fn moves(data: &[u8]) {
    if data.len() < 10 {
        return;
    }
    let mut state = game(data[0]);
    let seed = u64::from_le_bytes(data[1..9].try_into().unwrap());
    random_plies(&mut state, seed, data[9] as usize);
    let text = String::from_utf8_lossy(&data[10..]);
    for line in text.split('\n') {
        let before = state.position();
        let legal = state.legal_moves();
        match state.play(line) {
            Ok(canonical) => {
                assert!(legal.contains(&canonical), "{line:?} played but not listed");
            }
            Err(e) => {
                assert_eq!(
                    state.position(),
                    before,
                    "{line:?} rejected ({e}) but changed"
                );
                assert!(
                    !legal.iter().any(|m| m == line.trim()),
                    "listed {line:?} rejected: {e}"
                );
            }
        }
        let _ = state.render(None, false);
    }
}

/// Input: game index, then a position text. An accepted position prints a
/// text that reads back to itself, and every one of its legal moves plays.
pub fn positions(data: &[u8]) {
    let Some((&index, rest)) = data.split_first() else {
        return;
    };
    let template = game(index);
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok(state) = template.with_position(text) else {
        return;
    };
    let printed = state.position();
    let again = state
        .with_position(&printed)
        .unwrap_or_else(|e| panic!("{printed:?} does not read back: {e}"));
    assert_eq!(again.position(), printed);
    assert_eq!(again.outcome(), state.outcome());
    let _ = state.render(None, false);
    let _ = state.svg(None);
    let moves = state.legal_moves();
    assert_eq!(moves.is_empty(), state.outcome().is_some(), "{printed}");
    for mv in moves {
        let mut next = state.clone();
        next.play(&mv).expect("a listed move is legal");
        let _ = next.position();
        let _ = next.outcome();
        let _ = next.legal_moves();
        let _ = next.render(Some((state.as_ref(), &mv)), false);
        let _ = next.svg(Some((state.as_ref(), &mv)));
        let _ = state.explain_move(&mv);
    }
}

/// Input: a spec text, read as a game spec and as an agent spec. Accepted
/// specs print a text that reads back to the same thing.
pub fn specs(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(game) = registry().create(text) {
        let spec = game.spec();
        let again = registry()
            .create(&spec)
            .unwrap_or_else(|e| panic!("{spec:?} does not read back: {e}"));
        assert_eq!(again.spec(), spec);
        assert_eq!(again.position(), game.position());
    }
    if let Ok(agent) = registry().parse_agent(text) {
        let printed = agent.to_string();
        let again = registry()
            .parse_agent(&printed)
            .unwrap_or_else(|e| panic!("{printed:?} does not read back: {e}"));
        assert_eq!(again, agent);
    }
}

/// Input: a save file. A record that loads replays (or is rejected with an
/// error), and prints JSON that reads back to the same record.
pub fn records(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = GameRecord::from_json(text) else {
        return;
    };
    let json = record.to_json();
    let again = GameRecord::from_json(&json).expect("a written record reads back");
    assert_eq!(again.to_json(), json);
    if let Ok(states) = record.replay(registry(), None) {
        assert_eq!(states.len(), record.moves.len() + 1);
        for agent in &record.agents {
            let _ = registry().parse_agent(agent);
        }
    }
    let _ = record.replay(registry(), Some(record.moves.len() / 2));
}
