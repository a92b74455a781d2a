//! Agent specs read and print through the kinds' parameter tables.

use tabula_agents::{AgentKind, BuildContext, EngineKind, EngineSettings, RandomKind, Settings};
use tabula_core::{Game, Params};
use tabula_testkit::test_games::Nim;

use crate::Registry;

fn registry() -> Registry {
    Registry::builder().build()
}

#[test]
fn specs_round_trip() {
    let registry = registry();
    for text in [
        "human",
        "random",
        "random(seed=1)",
        "mcts",
        "mcts(iterations=5000,c=1.4,seed=7)",
        "mcts(time=2s)",
        "mcts(time=500ms,solver=off)",
        "mcts(time=250us)",
        "mcts(time=7ns)",
        "mcts(iterations=100,reuse=off,threads=2)",
        "mcts(time=1s,threads=4,parallel=tree)",
        "mcts(max_nodes=5000)",
    ] {
        let spec = registry.parse_agent(text).unwrap();
        assert_eq!(spec.to_string(), text);
        assert_eq!(registry.parse_agent(&spec.to_string()).unwrap(), spec);
    }
    let spec = registry
        .parse_agent("MCTS( time = 1.5s, c=1.0, solver=yes )")
        .unwrap();
    assert_eq!(spec.to_string(), "mcts(time=1500ms)");
}

#[test]
fn errors_name_the_agent_and_its_choices() {
    let registry = registry();
    let error = |text: &str| registry.parse_agent(text).unwrap_err().to_string();
    let err = error("alphazero");
    assert!(
        err.contains("human, random, greedy, mcts, alphabeta, engine"),
        "{err}"
    );
    let err = error("mcts(depth=3)");
    assert!(err.contains("mcts") && err.contains("iterations"), "{err}");
    // The error names the kind that was written, not another one.
    let err = error("random(seed=abc)");
    assert!(err.starts_with("random:") && err.contains("seed"), "{err}");
    let err = error("random(c=1)");
    assert!(err.contains("random has no parameter `c`"), "{err}");
    for bad in [
        "mcts(iterations=0)",
        "mcts(time=2)",
        "mcts(time=-1s)",
        "mcts(time=0s)",
        "mcts(time=0.0000000001s)",
        "mcts(time=25h)",
        "mcts(time=1e9s)",
        "mcts(c=x)",
        "mcts(c=nan)",
        "mcts(c=inf)",
        "mcts(solver=maybe)",
        "random(seed=-1)",
        "human(x=1)",
        "mcts(seed=1,seed=2)",
        "mcts(threads=65)",
        "mcts(parallel=leaf)",
    ] {
        assert!(registry.parse_agent(bad).is_err(), "{bad} accepted");
    }
}

#[test]
fn durations_read_exactly_and_print_shortest() {
    use std::time::Duration;
    use tabula_core::params::{format_duration, parse_duration};
    for (text, nanos, printed) in [
        ("2s", 2_000_000_000, "2s"),
        ("1.5s", 1_500_000_000, "1500ms"),
        (".25ms", 250_000, "250us"),
        ("1m", 60_000_000_000, "60s"),
        ("0.2111111111111111111111111s", 211_111_111, "211111111ns"),
        ("3ns", 3, "3ns"),
    ] {
        let d = parse_duration(text).unwrap();
        assert_eq!(d, Duration::from_nanos(nanos), "{text}");
        assert_eq!(format_duration(d), printed);
        assert_eq!(parse_duration(printed), Some(d));
    }
    for bad in [
        "",
        "s",
        "1",
        "1x",
        "-1s",
        "1.2.3s",
        "0s",
        "0.0000000001s",
        ".s",
        "9999999999999999s",
    ] {
        assert_eq!(parse_duration(bad), None, "{bad}");
    }
}

#[test]
fn the_registry_lists_every_kind_with_its_parameters() {
    let registry = registry();
    assert_eq!(
        registry.agent_names(),
        [
            "human",
            "random",
            "greedy",
            "mcts",
            "alphabeta",
            "engine",
            "perfect",
            "az"
        ]
    );
    let mcts = registry.agent_kinds().find(|k| k.name == "mcts").unwrap();
    let names: Vec<&str> = mcts.params.iter().map(|p| p.name).collect();
    for name in [
        "iterations",
        "time",
        "c",
        "seed",
        "max_plies",
        "max_nodes",
        "solver",
        "reuse",
        "threads",
    ] {
        assert!(names.contains(&name), "{name}");
    }
}

#[test]
fn the_registry_says_what_an_agent_reaches_beyond_the_process() {
    let registry = registry();
    let reach = |text: &str| registry.agent_reach(&registry.parse_agent(text).unwrap());
    for contained in ["random", "mcts(threads=2)", "alphabeta", "az", "human"] {
        assert!(reach(contained).is_contained(), "{contained}");
    }
    let engine = reach(r#"engine(cmd="python3 e.py",dir=/tmp)"#);
    assert_eq!(engine.program, Some(("cmd", "python3 e.py".to_string())));
    assert_eq!(engine.paths, [("dir", "/tmp".to_string())]);
    assert_eq!(
        reach("perfect(db=/etc/shadow)").paths,
        [("db", "/etc/shadow".to_string())]
    );
    assert_eq!(
        reach("az(model=m.tnn)").paths,
        [("model", "m.tnn".to_string())]
    );
    // The kind runs a program even when none is given (it cannot play so).
    let engine = registry.agent_kinds().find(|k| k.name == "engine").unwrap();
    assert_eq!(engine.program, Some("cmd"));
}

#[test]
#[should_panic(expected = "registered twice")]
fn a_kind_cannot_be_registered_twice() {
    let _ = Registry::builder().agent::<RandomKind>();
}

#[test]
fn specs_are_checked_when_the_agent_is_built() {
    let registry = Registry::builder().game::<Nim>().build();
    let spec = registry
        .parse_agent("engine(cmd=\"sh -c 'exit 0'\",time=500ms,margin=2s,startup=60s)")
        .unwrap();
    assert_eq!(
        spec.to_string(),
        "engine(cmd=\"sh -c 'exit 0'\",time=500ms,margin=2s,startup=60s)"
    );
    let game = registry.create("nim").unwrap();
    assert!(registry.agent(game.as_ref(), &spec, 1).is_ok());
    for (text, why) in [
        ("engine", "give the program to run"),
        ("engine(cmd=\"sh 'x\")", "is not a command line"),
        ("engine(cmd=no-such-program-tabula)", "not found on PATH"),
        ("engine(cmd=sh,dir=/no/such/dir)", "is not a directory"),
        ("engine(cmd=./nowhere.py,dir=/tmp)", "not found"),
    ] {
        let spec = registry.parse_agent(text).unwrap();
        let err = registry.agent(game.as_ref(), &spec, 1).err().expect(text);
        assert!(err.to_string().contains(why), "{text}: {err}");
    }
    // The kind builds through the one path a registry uses, told the
    // variant's spec; the program starts at the first move.
    let start = Nim::new(&Params::default()).unwrap();
    let settings = EngineSettings::from_params(spec.params()).unwrap();
    let built = EngineKind::build(&settings, &BuildContext::new(1, &start, "nim"));
    assert!(built.is_ok());
}

/// Any agent may carry a display name: it prints last, reads back, is not
/// one of the kind's parameters, and is checked.
#[test]
fn a_display_name_rides_on_any_spec() {
    let registry = registry();
    let spec = registry
        .parse_agent("mcts(name=\"fast one\",iterations=100)")
        .unwrap();
    assert_eq!(spec.to_string(), "mcts(iterations=100,name=\"fast one\")");
    assert_eq!(spec.label(), Some("fast one"));
    assert_eq!(spec.display_name(), "fast one");
    assert_eq!(registry.parse_agent(&spec.to_string()).unwrap(), spec);
    let plain = registry.parse_agent("mcts(iterations=100)").unwrap();
    assert_eq!(plain.display_name(), "mcts(iterations=100)");
    assert_ne!(plain, spec);
    let long = format!("random(name={})", "x".repeat(41));
    let err = registry.parse_agent(&long).unwrap_err().to_string();
    assert!(err.contains("display name"), "{err}");
}
