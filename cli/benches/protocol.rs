//! What the engine protocol costs: moves per second of a `random` agent
//! in process, through the protocol to `tabula engine random`, and through
//! it to the Python example `random_engine.py`, at the start and after 40
//! plies (so `position` carries 40 moves the engine replays).
//! `cargo bench -p tabula-cli --bench protocol`; criterion's `elem/s` is
//! moves per second.

use std::hint::black_box;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput};
use tabula::agents::AnyControl;
use tabula::{AnyAgent, AnyGame};

/// `python3`'s own path (not a wrapper script), if there is one.
fn python() -> Option<String> {
    let output = Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .ok()?;
    let path = String::from_utf8_lossy(&output.stdout).trim().to_string();
    (output.status.success() && !path.is_empty()).then_some(path)
}

/// `text` quoted for a spec.
fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The agent `spec` for `start`, told of `moves` (so an engine's `position`
/// carries them), and the position they reach.
fn seated(
    spec: &str,
    start: &dyn AnyGame,
    moves: &[String],
) -> (Box<dyn AnyAgent>, Box<dyn AnyGame>) {
    let registry = tabula_games::registry();
    let spec = registry.parse_agent(spec).unwrap();
    let mut agent = registry.agent(start, &spec, 1).unwrap();
    let mut state = start.clone_box();
    for mv in moves {
        let before = state.clone_box();
        state.play(mv).unwrap();
        agent.observe(before.as_ref(), mv);
    }
    (agent, state)
}

fn suite(c: &mut Criterion, game: &str) {
    let registry = tabula_games::registry();
    let start = registry.create(game).unwrap();
    // 40 plies of a random game, or as many as it lasted.
    let mut moves = Vec::new();
    let (mut random, _) = seated("random(seed=3)", start.as_ref(), &[]);
    let mut state = start.clone_box();
    while moves.len() < 40 {
        let mv = random
            .choose(state.as_ref(), &AnyControl::default())
            .unwrap()
            .mv;
        let mut next = state.clone_box();
        next.play(&mv).unwrap();
        if next.outcome().is_some() {
            break;
        }
        state = next;
        moves.push(mv);
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let tabula = env!("CARGO_BIN_EXE_tabula");
    let mut agents = vec![
        ("in-process", "random".to_string()),
        (
            "tabula-engine",
            format!("engine(cmd={})", quoted(&format!("{tabula} engine random"))),
        ),
    ];
    match python() {
        Some(python) => {
            let script = root.join("examples/engines/random_engine.py");
            let cmd = format!("{python} {}", script.display());
            agents.push(("python-engine", format!("engine(cmd={})", quoted(&cmd))));
        }
        None => eprintln!("no python3: the Python engine is not measured"),
    }
    let mut group = c.benchmark_group(format!("protocol/{game}"));
    group.throughput(Throughput::Elements(1));
    for (name, spec) in &agents {
        for (at, history) in [("start", &moves[..0]), ("after-40-plies", &moves[..])] {
            let (mut agent, position) = seated(spec, start.as_ref(), history);
            let control = AnyControl::default();
            group.bench_function(BenchmarkId::new(*name, at), |b| {
                b.iter(|| {
                    agent
                        .choose(black_box(position.as_ref()), &control)
                        .unwrap()
                        .mv
                })
            });
        }
    }
    group.finish();
}

fn main() {
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    suite(&mut c, "diffusion");
    suite(&mut c, "differo");
    c.final_summary();
}
