//! Saved games: every registered game survives a save/load round trip
//! mid-game, and damaged records give their specific errors.

use tabula::agents::AnyControl;
use tabula::{AnyAgent, AnyGame, GameRecord, RecordError};

/// A game `plies` random moves in, with its record.
fn mid_game(spec: &str, plies: usize) -> (Box<dyn AnyGame>, GameRecord) {
    let registry = tabula_games::registry();
    let start = registry.create(spec).unwrap();
    let random = registry.parse_agent("random").unwrap();
    let mut agent: Box<dyn AnyAgent> = registry.agent(start.as_ref(), &random, 11).unwrap();
    let mut state = start.clone();
    let mut moves = Vec::new();
    while moves.len() < plies && state.outcome().is_none() {
        let mv = agent
            .choose(state.as_ref(), &AnyControl::default())
            .unwrap()
            .mv;
        moves.push(state.play(&mv).unwrap());
    }
    let mut record = GameRecord::new(start.as_ref(), true, moves);
    record.agents = vec!["human".into(); start.players()];
    (state, record)
}

#[test]
fn every_game_round_trips_mid_game() {
    let registry = tabula_games::registry();
    for name in registry.names() {
        let (state, record) = mid_game(&name, 15);
        let loaded = GameRecord::from_json(&record.to_json()).unwrap();
        assert_eq!(loaded, record, "{name}");
        let states = loaded.replay(&registry, None).unwrap();
        assert_eq!(
            states.last().unwrap().position(),
            state.position(),
            "{name}"
        );
        assert_eq!(states.len(), record.moves.len() + 1);
        let partial = loaded.replay(&registry, Some(3)).unwrap();
        assert_eq!(partial.len(), 4, "{name}: replay up to a ply");
    }
}

#[test]
fn a_record_from_a_set_up_position_keeps_it() {
    let registry = tabula_games::registry();
    let start = registry
        .create("diffusion")
        .unwrap()
        .with_position("001200/001000 A")
        .unwrap();
    let record = GameRecord::new(start.as_ref(), false, vec!["d".into()]);
    let states = GameRecord::from_json(&record.to_json())
        .unwrap()
        .replay(&registry, None)
        .unwrap();
    assert_eq!(states[1].position(), "002000/002000 B");
}

#[test]
fn damaged_records_say_what_is_wrong() {
    let registry = tabula_games::registry();
    let (_, mut record) = mid_game("diffusion", 6);
    record.moves[3] = "z".into();
    let err = record.replay(&registry, None).unwrap_err();
    assert!(matches!(err, RecordError::Move { ply: 4, .. }), "{err}");

    let (_, good) = mid_game("diffusion", 6);
    let json = good.to_json();
    assert!(matches!(
        GameRecord::from_json("{\"format\""),
        Err(RecordError::Corrupt(_))
    ));
    assert!(matches!(
        GameRecord::from_json("[1,2]"),
        Err(RecordError::Corrupt(_))
    ));
    let future = json.replace("\"version\":1", "\"version\":2");
    assert!(matches!(
        GameRecord::from_json(&future),
        Err(RecordError::UnsupportedVersion(2))
    ));
    let other = json.replace("tabula-record", "chess-pgn");
    assert!(matches!(
        GameRecord::from_json(&other),
        Err(RecordError::WrongFormat(_))
    ));
    let missing = json.replace("\"moves\"", "\"mvs\"");
    assert!(matches!(
        GameRecord::from_json(&missing),
        Err(RecordError::Corrupt(_))
    ));
    let unknown = json.replace("\"diffusion\"", "\"checkers\"");
    let err = GameRecord::from_json(&unknown)
        .unwrap()
        .replay(&registry, None)
        .unwrap_err();
    assert!(err.to_string().contains("unknown game `checkers`"), "{err}");
    let too_far = GameRecord::from_json(&json)
        .unwrap()
        .replay(&registry, Some(99));
    assert!(matches!(
        too_far,
        Err(RecordError::PlyOutOfRange { asked: 99, .. })
    ));
}
