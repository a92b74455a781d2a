//! The non-interactive subcommands: `list`, `agents`, `bench`, `perft`.

use crate::out::{out, outln};
use std::time::{Duration, Instant};

use tabula::bench::BenchConfig;
use tabula::table::{Column, TextTable};
use tabula::{ParamSpec, Registry};

/// The games with their descriptions and parameters, for `tabula list`
/// and the REPL's `games`.
pub fn games_table(registry: &Registry) -> String {
    let mut text = String::new();
    for game in registry.games() {
        describe(
            &mut text,
            game.name(),
            game.description(),
            game.param_specs(),
        );
    }
    text.trim_end().to_string()
}

/// The agent kinds with their descriptions and parameters, for
/// `tabula agents` and the REPL's `agents`: derived from the kinds' own
/// parameter tables, so it cannot drift from what the parser accepts.
pub fn agents_table(registry: &Registry) -> String {
    let mut text = String::new();
    describe(
        &mut text,
        tabula::agents::HUMAN,
        "a person at the REPL",
        &[],
    );
    for kind in registry.agent_kinds() {
        describe(&mut text, kind.name, kind.description, kind.params);
    }
    text.trim_end().to_string()
}

/// A name and its description on one line, then a line per parameter:
/// usage, values, help.
fn describe(text: &mut String, name: &str, description: &str, params: &[ParamSpec]) {
    *text += &format!("{name:<16} {description}\n");
    for p in params {
        *text += &format!(
            "{:<18}{} ({}): {}\n",
            "",
            p.usage(),
            p.describe_values(),
            p.help
        );
    }
}

/// Refuses a `TABULA_CPU` other than `auto` or `baseline` (the hot loops'
/// path, `tabula::isa`), so that a typo does not silently measure the
/// other path.
pub fn check_cpu_setting() -> Result<(), String> {
    let Some(value) = std::env::var_os("TABULA_CPU") else {
        return Ok(());
    };
    let value = value.to_string_lossy();
    match value.trim().to_ascii_lowercase().as_str() {
        "" | "auto" | "baseline" => Ok(()),
        _ => Err(format!(
            "TABULA_CPU must be `auto` or `baseline`, not `{}`",
            tabula::excerpt(&value)
        )),
    }
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
        // Not the value itself: `1e300` would print as 300 digits.
        return Err("--seconds must be between 0.01 and 600".to_string());
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
    // Printed a game at a time, as each is measured: the columns' widths
    // are fixed in advance.
    let table = TextTable::new(vec![
        Column::left("game").width(28),
        Column::right("random plies/s").width(14),
        Column::right("plies/game").width(12),
        Column::right("playouts/s").width(13),
        Column::right("mcts iter/s").width(14),
        Column::right("bytes/node").width(10),
        Column::right("ab nodes/s").width(13),
    ]);
    if !json {
        outln!("{cpu}");
        out!("{}", table.header());
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
            out!(
                "{}",
                table.line(&[
                    r.game.clone(),
                    si(r.random_plies_per_sec),
                    format!("{:.1}", r.plies_per_playout),
                    si(r.playouts_per_sec),
                    si(r.mcts_iterations_per_sec),
                    r.bytes_per_node.to_string(),
                    si(r.alphabeta_nodes_per_sec),
                ])
            );
        }
    }
    if json {
        outln!(
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
    // Depth 0 counts the one position itself, as perft always does.
    for d in depth.min(1)..=depth {
        let count = entry.perft(state.as_ref(), d).map_err(|e| e.to_string())?;
        outln!(
            "perft {d}: {count}  ({:.2} s)",
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
