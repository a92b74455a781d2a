//! Inputs the fuzz targets in `fuzz/` found, replayed as plain tests (see
//! `fuzz/README.md`). Each names the target that found it.

use tabula::GameRecord;

/// `specs`: a time budget that is not whole milliseconds printed as
/// `211ms` and so read back as another agent (saved games changed it).
#[test]
fn agent_spec_with_a_sub_millisecond_time_round_trips() {
    let registry = tabula_games::registry();
    let parse = |text: &str| registry.parse_agent(text).unwrap();
    let text = "mcts(iterations=100,time=.21111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111s,c=2)";
    let spec = parse(text);
    let printed = spec.to_string();
    assert_eq!(parse(&printed), spec, "{printed}");
    for text in [
        "mcts(time=2.0001s)",
        "mcts(time=1.5ms)",
        "mcts(time=0.000000001s)",
    ] {
        let spec = parse(text);
        let printed = spec.to_string();
        assert_eq!(parse(&printed), spec, "{text} -> {printed}");
    }
    // A time that rounds to nothing is refused, not printed as `0s` (which
    // would not read back).
    let err = registry
        .parse_agent("mcts(time=0.0000000001s)")
        .unwrap_err()
        .to_string();
    assert!(err.contains("mcts") && err.contains("time"), "{err}");
    // Exact seconds and milliseconds keep their short forms.
    for text in ["mcts(time=2s)", "mcts(time=500ms)", "mcts(time=1500ms)"] {
        assert_eq!(parse(text).to_string(), text);
    }
}

/// `records`: a float among a record's extra fields changed when the
/// record was written and read again (JSON floats did not parse exactly).
#[test]
fn record_extra_floats_round_trip() {
    let text = r#"{"format":"tabula-record","version":1,"game":"calcala,),:,2,2/2,2,2,2,2,2/2e2,22,2 1*0,0,0","moves":["C3-NE"],"resu tao2n(":4444144444444444444444444444444444444}"#;
    let record = GameRecord::from_json(text).unwrap();
    let json = record.to_json();
    let again = GameRecord::from_json(&json).unwrap();
    assert_eq!(again, record);
    assert_eq!(again.to_json(), json);
    assert!(record.replay(&tabula_games::registry(), None).is_err());
}
