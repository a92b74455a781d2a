//! The non-interactive subcommands: `list`, `agents`, `bench`, `perft`.

use std::time::{Duration, Instant};

use tabula::bench::BenchConfig;
use tabula::Registry;

/// The games with their descriptions and parameters, for `tabula list`
/// and the REPL's `games`.
pub fn games_table(registry: &Registry) -> String {
    let mut text = String::new();
    for game in registry.games() {
        text += &format!("{:<16} {}\n", game.name(), game.description());
        for p in game.param_specs() {
            text += &format!(
                "{:<18}{} ({}): {}\n",
                "",
                p.usage(),
                p.describe_values(),
                p.help
            );
        }
    }
    text.trim_end().to_string()
}

/// The agent kinds with their descriptions and parameters, for
/// `tabula agents` and the REPL's `agents`: derived from the kinds' own
/// parameter tables, so it cannot drift from what the parser accepts.
pub fn agents_table(registry: &Registry) -> String {
    let mut text = format!("{:<16} {}\n", tabula::agents::HUMAN, "a person at the REPL");
    for kind in registry.agent_kinds() {
        text += &format!("{:<16} {}\n", kind.name, kind.description);
        for p in kind.params {
            text += &format!(
                "{:<18}{} ({}): {}\n",
                "",
                p.usage(),
                p.describe_values(),
                p.help
            );
        }
    }
    text.trim_end().to_string()
}

pub fn bench(
    registry: &Registry,
    games: &[String],
    seconds: f64,
    threads: usize,
    parallel: tabula::mcts::Parallel,
    json: bool,
) -> Result<(), String> {
    if !(0.01..=600.0).contains(&seconds) {
        return Err(format!(
            "--seconds must be between 0.01 and 600, not {seconds}"
        ));
    }
    let specs = if games.is_empty() || games.iter().any(|g| g == "all") {
        registry.names()
    } else {
        games.to_vec()
    };
    // Check every spec before measuring anything.
    let games = specs
        .iter()
        .map(|spec| registry.create(spec).map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    if !(1..=64).contains(&threads) {
        return Err(format!("--threads must be between 1 and 64, not {threads}"));
    }
    let config = BenchConfig {
        duration: Duration::from_secs_f64(seconds),
        threads,
        parallel,
        ..BenchConfig::default()
    };
    let cpu = tabula::cpu::CpuInfo::detect();
    if !json {
        println!("{cpu}");
        println!(
            "{:<28} {:>14} {:>12} {:>13} {:>14} {:>10} {:>13}",
            "game",
            "random plies/s",
            "plies/game",
            "playouts/s",
            "mcts iter/s",
            "bytes/node",
            "ab nodes/s"
        );
    }
    let mut reports = Vec::new();
    for game in &games {
        let r = registry
            .entry_of(game.as_ref())
            .and_then(|entry| entry.bench(game.as_ref(), &config))
            .map_err(|e| e.to_string())?;
        if json {
            reports.push(r);
        } else {
            println!(
                "{:<28} {:>14} {:>12.1} {:>13} {:>14} {:>10} {:>13}",
                r.game,
                si(r.random_plies_per_sec),
                r.plies_per_playout,
                si(r.playouts_per_sec),
                si(r.mcts_iterations_per_sec),
                r.bytes_per_node,
                si(r.alphabeta_nodes_per_sec)
            );
        }
    }
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&serde_json::json!({ "machine": cpu, "games": reports }))
                .map_err(|e| e.to_string())?
        );
    }
    Ok(())
}

/// `12.3M`, `456k`: rates at a glance.
fn si(x: f64) -> String {
    match x {
        x if x >= 1e6 => format!("{:.2}M", x / 1e6),
        x if x >= 1e3 => format!("{:.1}k", x / 1e3),
        x => format!("{x:.0}"),
    }
}

pub fn perft(
    registry: &Registry,
    game: &str,
    depth: usize,
    position: Option<&str>,
) -> Result<(), String> {
    if depth > 64 {
        return Err(format!("depth {depth} is too deep (at most 64)"));
    }
    let mut state = registry.create(game).map_err(|e| e.to_string())?;
    if let Some(position) = position {
        state = state.with_position(position).map_err(|e| e.to_string())?;
    }
    let entry = registry
        .entry_of(state.as_ref())
        .map_err(|e| e.to_string())?;
    let started = Instant::now();
    for d in 1..=depth {
        let count = entry.perft(state.as_ref(), d).map_err(|e| e.to_string())?;
        println!(
            "perft {d}: {count}  ({:.2} s)",
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
