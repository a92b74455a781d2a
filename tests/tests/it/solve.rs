//! The exact solver on Diffusion width 4 (1.7 million positions, solved
//! once per test binary): every entry is consistent with its moves, an
//! independent brute-force search agrees, the database file round-trips
//! and refuses damage, and the `perfect` agent plays by it.

use std::path::PathBuf;
use std::sync::OnceLock;

use tabula::rng::seeded;
use tabula::solve::{solve, DbError, Entry, Indexed, Table, Value};
use tabula::{play_game, AnyAgent, Game, Outcome};
use tabula_games::Diffusion;

fn width4() -> Diffusion {
    Diffusion::from_spec("diffusion(width=4)").unwrap()
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| solve(&width4(), None).unwrap())
}

/// The value for the side to move of a finished game.
fn final_entry(state: &Diffusion, outcome: Outcome) -> Entry {
    if outcome.is_winner(state.to_move()) {
        Entry::win(0)
    } else {
        Entry::loss(0)
    }
}

/// The table's entry for `state`, or the rules' when the game is over.
fn lookup(table: &Table, state: &Diffusion) -> Entry {
    match state.outcome() {
        Some(outcome) => final_entry(state, outcome),
        None => table.get(state.index()).unwrap(),
    }
}

/// A file name of this test run's own.
fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("tabula-solve-{}-{name}", std::process::id()))
}

#[test]
fn every_entry_agrees_with_its_moves() {
    let start = width4();
    let table = table();
    assert_eq!(table.identity().positions, 6u64.pow(8));
    let stats = table.stats();
    assert_eq!(stats.unreachable, 1);
    assert_eq!(
        stats.wins + stats.losses + stats.draws + stats.unreachable,
        6u64.pow(8)
    );
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    let mut moves = Vec::new();
    for index in 1..table.identity().positions {
        let state = start.position_at(index).unwrap();
        let entry = table.get(index).unwrap();
        if let Some(outcome) = state.outcome() {
            assert_eq!(entry, final_entry(&state, outcome), "{}", state.position());
            continue;
        }
        state.legal_moves(&mut moves);
        // Each move's value for the opponent, who is to move after it.
        let children: Vec<Entry> = moves
            .iter()
            .map(|&mv| {
                let mut child = state.clone();
                child.play(mv);
                lookup(table, &child)
            })
            .collect();
        let position = state.position();
        match (entry.value, entry.plies) {
            (Value::Win, Some(d)) => {
                wins += 1;
                // A move to the opponent's loss at d - 1 (an immediate win
                // is a loss in 0 for the opponent), none to a faster one.
                assert!(
                    children.contains(&Entry::loss(d - 1)),
                    "{position}: {entry}"
                );
                assert!(
                    children
                        .iter()
                        .all(|c| c.value != Value::Loss || c.plies >= Some(d - 1)),
                    "{position}: {entry} has a faster win"
                );
            }
            (Value::Loss, Some(d)) => {
                losses += 1;
                // Every move leads to an opponent's win, the slowest at d - 1.
                assert!(
                    children.iter().all(|c| c.value == Value::Win),
                    "{position}: {entry} has a move that does not lose"
                );
                assert_eq!(
                    children.iter().filter_map(|c| c.plies).max(),
                    Some(d - 1),
                    "{position}: {entry}"
                );
            }
            (Value::Draw, None) => {
                draws += 1;
                assert!(
                    children.iter().all(|c| c.value != Value::Loss),
                    "{position}: a draw with a winning move"
                );
                assert!(
                    children.iter().any(|c| c.value == Value::Draw),
                    "{position}: a draw with no drawing move"
                );
            }
            _ => panic!("{position}: malformed entry {entry:?}"),
        }
    }
    let finished = 6u64.pow(8) - 1 - wins - losses - draws;
    assert!(finished > 0);
    // Width 4 has no draw: every position is won or lost (the framework's
    // own tests check draws on a game with cycles).
    assert_eq!(draws, stats.draws);
    assert_eq!(draws, 0, "{stats:?}");
    assert!(wins > 0 && losses > 0, "{stats:?}");
}

/// A plain depth-limited search that knows nothing of tables: the exact
/// entry when the game is decided within `depth` plies, else `None`.
fn brute_force(state: &Diffusion, depth: u32) -> Option<Entry> {
    if let Some(outcome) = state.outcome() {
        return Some(final_entry(state, outcome));
    }
    if depth == 0 {
        return None;
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let (mut fastest_win, mut slowest_loss, mut all_lose) = (None::<u32>, 0, true);
    for mv in moves {
        let mut child = state.clone();
        child.play(mv);
        match brute_force(&child, depth - 1) {
            Some(Entry {
                value: Value::Loss,
                plies: Some(k),
            }) => fastest_win = Some(fastest_win.map_or(k + 1, |w| w.min(k + 1))),
            Some(Entry {
                value: Value::Win,
                plies: Some(k),
            }) => slowest_loss = slowest_loss.max(k + 1),
            _ => all_lose = false,
        }
    }
    match fastest_win {
        Some(plies) => Some(Entry::win(plies)),
        None if all_lose => Some(Entry::loss(slowest_loss)),
        None => None,
    }
}

#[test]
fn brute_force_agrees_on_random_positions() {
    use rand::Rng as _;
    const DEPTH: u32 = 7;
    let start = width4();
    let table = table();
    let mut rng = seeded(14);
    let (mut decided, mut undecided) = (0, 0);
    while decided < 150 || undecided < 40 {
        let index = rng.random_range(1..table.identity().positions);
        let state = start.position_at(index).unwrap();
        let entry = table.get(index).unwrap();
        let near = entry.plies.is_some_and(|p| p <= DEPTH);
        if (near && decided >= 150) || (!near && undecided >= 40) {
            continue;
        }
        let found = brute_force(&state, DEPTH);
        if near {
            decided += 1;
            assert_eq!(found, Some(entry), "{}", state.position());
        } else {
            undecided += 1;
            assert_eq!(found, None, "{}: table says {entry}", state.position());
        }
    }
}

#[test]
fn start_positions_have_values() {
    let table = table();
    for stones in 1..=5 {
        let start = Diffusion::from_spec(&format!("diffusion(width=4,stones={stones})")).unwrap();
        let entry = table.get(start.index()).unwrap();
        // Every start is decided or drawn; the entry is well formed.
        assert_eq!(entry.plies.is_some(), entry.value != Value::Draw);
        let analysis = tabula::solve::analyse(table, &start).unwrap().unwrap();
        assert_eq!(analysis.entry, entry);
        let best = analysis
            .moves
            .iter()
            .map(|m| m.1)
            .min_by(|a, b| a.better(*b));
        assert_eq!(best, Some(entry), "stones={stones}");
    }
}

#[test]
fn the_database_round_trips_and_refuses_damage() {
    let table = table();
    let path = temp_file("round-trip.db");
    let size = table.save(&path).unwrap();
    assert_eq!(std::fs::metadata(&path).unwrap().len(), size);
    let loaded = Table::load(&path).unwrap();
    assert_eq!(loaded.identity(), table.identity());
    assert_eq!(loaded.stats(), table.stats());
    for index in 0..table.identity().positions {
        assert_eq!(loaded.get(index).unwrap(), table.get(index).unwrap());
    }
    assert_eq!(
        Table::read_identity(&path).unwrap(),
        (table.identity().clone(), true)
    );
    let bytes = std::fs::read(&path).unwrap();
    let damaged = temp_file("damaged.db");
    let refuse = |bytes: &[u8]| {
        std::fs::write(&damaged, bytes).unwrap();
        Table::load(&damaged).unwrap_err()
    };
    // A flipped bit in the table.
    let mut flipped = bytes.clone();
    let at = bytes.len() - 1000;
    flipped[at] ^= 4;
    let error = refuse(&flipped);
    assert!(matches!(error, DbError::Corrupt { .. }), "{error}");
    assert!(error.to_string().contains("checksum"), "{error}");
    // A flipped bit in the header.
    let mut flipped = bytes.clone();
    flipped[40] ^= 1;
    let error = refuse(&flipped);
    assert!(matches!(error, DbError::Corrupt { .. }), "{error}");
    // Truncated, padded.
    let error = refuse(&bytes[..bytes.len() - 1]);
    assert!(matches!(error, DbError::Length { .. }), "{error}");
    assert!(error.to_string().contains("truncated"), "{error}");
    let error = refuse(&bytes[..200]);
    assert!(matches!(error, DbError::Length { .. }), "{error}");
    let error = refuse(&bytes[..10]);
    assert!(matches!(error, DbError::Length { .. }), "{error}");
    let mut padded = bytes.clone();
    padded.push(0);
    let error = refuse(&padded);
    assert!(matches!(error, DbError::Length { .. }), "{error}");
    // Not a database at all; empty.
    let error = refuse(b"{\"format\":\"tabula-record\"}");
    assert!(matches!(error, DbError::NotADatabase { .. }), "{error}");
    let error = refuse(b"");
    assert!(matches!(error, DbError::NotADatabase { .. }), "{error}");
    // Other versions, with a sound header checksum: an older file is
    // refused with the command that rebuilds it.
    let length = u32::from_le_bytes(bytes[16..20].try_into().unwrap()) as usize;
    let header = String::from_utf8(bytes[20..20 + length].to_vec()).unwrap();
    let with_version = |version: u32| {
        let changed = header.replace("\"version\":2", &format!("\"version\":{version}"));
        assert_ne!(changed, header);
        let mut other = bytes[..20].to_vec();
        other.extend_from_slice(changed.as_bytes());
        other.extend_from_slice(&crc32(changed.as_bytes()).to_le_bytes());
        other.extend_from_slice(&bytes[20 + length + 4..]);
        other
    };
    let error = refuse(&with_version(3));
    assert!(
        matches!(error, DbError::Version { found: 3, .. }),
        "{error}"
    );
    assert!(error.to_string().contains("newer Tabula"), "{error}");
    let error = refuse(&with_version(1));
    assert!(
        matches!(error, DbError::Version { found: 1, .. }),
        "{error}"
    );
    assert!(
        error.to_string().contains(&format!(
            "rebuild it with `tabula solve \"diffusion(width=4,blocks=halves)\" --db {}`",
            damaged.display()
        )),
        "{error}"
    );
    // A sound database of another variant is refused by the check.
    let wanted = tabula::solve::Identity {
        variant: "width=4,blocks=rows".to_string(),
        ..table.identity().clone()
    };
    let error = loaded.check("round-trip.db", &wanted).unwrap_err();
    assert!(matches!(error, DbError::Mismatch { .. }), "{error}");
    assert!(error.to_string().contains("blocks=rows"), "{error}");
    // A missing file is an I/O error naming it.
    let error = Table::load(&temp_file("missing.db")).unwrap_err();
    assert!(error.to_string().contains("missing.db"), "{error}");
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(&damaged);
}

/// CRC-32 (IEEE), bit by bit: the header checksum, computed independently.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// Positions from seeded random games, with the table's entry.
fn positions_from_games(count: usize, seed: u64) -> Vec<(Diffusion, Entry)> {
    use rand::Rng as _;
    let table = table();
    let mut rng = seeded(seed);
    let mut found = Vec::new();
    let mut moves = Vec::new();
    while found.len() < count {
        let stones = rng.random_range(1..=5);
        let mut state =
            Diffusion::from_spec(&format!("diffusion(width=4,stones={stones})")).unwrap();
        for _ in 0..rng.random_range(0..30) {
            if state.outcome().is_some() {
                break;
            }
            state.legal_moves(&mut moves);
            state.play(moves[rng.random_range(0..moves.len())]);
        }
        if state.outcome().is_none() {
            let entry = table.get(state.index()).unwrap();
            found.push((state, entry));
        }
    }
    found
}

#[test]
fn perfect_wins_won_positions_and_holds_drawn_ones() {
    let registry = tabula_games::registry();
    let table = table();
    let path = temp_file("perfect.db");
    table.save(&path).unwrap();
    let perfect = registry
        .parse_agent(&format!("perfect(db={})", path.display()))
        .unwrap();
    let opponents = ["random", "mcts(iterations=300)"];
    let (mut won, mut drawn) = (0, 0);
    for (i, (state, entry)) in positions_from_games(60, 5).into_iter().enumerate() {
        if entry.value == Value::Loss {
            continue;
        }
        let game = registry
            .create("diffusion(width=4)")
            .unwrap()
            .with_position(&state.position())
            .unwrap();
        let opponent = registry.parse_agent(opponents[i % 2]).unwrap();
        let seat = state.to_move();
        let mut agents: Vec<Box<dyn AnyAgent>> = vec![
            registry.agent(game.as_ref(), &opponent, i as u64).unwrap(),
            registry.agent(game.as_ref(), &opponent, i as u64).unwrap(),
        ];
        agents[seat] = registry.agent(game.as_ref(), &perfect, i as u64).unwrap();
        let played = play_game(game.as_ref(), &mut agents, 300).unwrap();
        assert!(played.forfeit.is_none(), "{:?}", played.forfeit);
        match entry.value {
            Value::Win => {
                won += 1;
                assert_eq!(
                    played.outcome,
                    Some(Outcome::win(seat)),
                    "{}",
                    state.position()
                );
                // The opponent can only shorten the way.
                assert!(played.moves.len() as u32 <= entry.plies.unwrap());
            }
            _ => {
                drawn += 1;
                assert_ne!(
                    played.outcome,
                    Some(Outcome::win(1 - seat)),
                    "{}",
                    state.position()
                );
            }
        }
    }
    assert!(won > 5, "only {won} won positions");
    let _ = drawn;
    let _ = std::fs::remove_file(&path);
}

#[test]
fn perfect_against_itself_follows_the_table() {
    // With best play on both sides the game takes exactly the table's
    // distance, and a drawn start never ends.
    let registry = tabula_games::registry();
    let table = table();
    let path = temp_file("selfplay.db");
    table.save(&path).unwrap();
    let perfect = registry
        .parse_agent(&format!("perfect(db={},seed=3)", path.display()))
        .unwrap();
    for (state, entry) in positions_from_games(40, 9) {
        let game = registry
            .create("diffusion(width=4)")
            .unwrap()
            .with_position(&state.position())
            .unwrap();
        let mut agents: Vec<Box<dyn AnyAgent>> = (0..2)
            .map(|s| registry.agent(game.as_ref(), &perfect, s).unwrap())
            .collect();
        let played = play_game(game.as_ref(), &mut agents, 200).unwrap();
        match (entry.value, entry.plies) {
            (Value::Draw, _) => assert!(played.adjudicated(), "{}", state.position()),
            (value, Some(plies)) => {
                assert_eq!(played.moves.len() as u32, plies, "{}", state.position());
                let winner = if value == Value::Win {
                    state.to_move()
                } else {
                    1 - state.to_move()
                };
                assert_eq!(played.outcome, Some(Outcome::win(winner)));
            }
            _ => unreachable!(),
        }
    }
    let _ = std::fs::remove_file(&path);
}

#[test]
fn perfect_refuses_what_its_database_does_not_cover() {
    let registry = tabula_games::registry();
    let table = table();
    let path = temp_file("refuse.db");
    table.save(&path).unwrap();
    let perfect = registry
        .parse_agent(&format!("perfect(db={})", path.display()))
        .unwrap();
    // Another width, another block kind, another game.
    for spec in ["diffusion", "diffusion(width=4,blocks=rows)", "calcala"] {
        let game = registry.create(spec).unwrap();
        let error = registry.agent(game.as_ref(), &perfect, 0).err().unwrap();
        let text = error.to_string();
        assert!(
            text.contains("not diffusion") || text.contains("no solver"),
            "{spec}: {text}"
        );
    }
    // Every stones setting of width 4 shares the table.
    for stones in 1..=5 {
        let game = registry
            .create(&format!("diffusion(width=4,stones={stones})"))
            .unwrap();
        assert!(registry.agent(game.as_ref(), &perfect, 0).is_ok());
    }
    // No database, a missing file, a damaged one.
    let game = registry.create("diffusion(width=4)").unwrap();
    let none = registry.parse_agent("perfect").unwrap();
    let error = registry.agent(game.as_ref(), &none, 0).err().unwrap();
    assert!(error.to_string().contains("db=FILE"), "{error}");
    let missing = registry
        .parse_agent(&format!(
            "perfect(db={})",
            temp_file("nowhere.db").display()
        ))
        .unwrap();
    assert!(registry.agent(game.as_ref(), &missing, 0).is_err());
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    let damaged = temp_file("refuse-damaged.db");
    std::fs::write(&damaged, &bytes).unwrap();
    let spec = registry
        .parse_agent(&format!("perfect(db={})", damaged.display()))
        .unwrap();
    // The header is sound, so building works; the first move checks the
    // whole file and forfeits with the reason.
    let mut agent = registry.agent(game.as_ref(), &spec, 0).unwrap();
    let forfeit = agent
        .choose(game.as_ref(), &Default::default())
        .unwrap_err();
    assert!(forfeit.reason.contains("checksum"), "{}", forfeit.reason);
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(&damaged);
}

#[test]
fn wider_boards_are_refused_with_their_table_size() {
    let start = Diffusion::from_spec("diffusion(width=8)").unwrap();
    let error = solve(&start, None).unwrap_err().to_string();
    assert!(error.contains("2821109907456 positions"), "{error}");
    assert!(error.contains("2.82 TB"), "{error}");
    assert!(error.contains("width=8"), "{error}");
}
