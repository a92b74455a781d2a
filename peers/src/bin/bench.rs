//! `tabula bench --all`'s measurement without the rest of the command line
//! (the web stack, the REPL): every registered game's random plies/s, MCTS
//! iterations/s and alpha-beta nodes/s through `tabula::bench`, one JSON
//! line per game. Cheap to build twice, so that a portable build and a
//! `-C target-cpu=native` build can be run in turns and compared:
//!
//! ```text
//! bench [SECONDS]
//! ```

use std::process::ExitCode;
use std::time::Duration;

use tabula::bench::BenchConfig;

fn main() -> ExitCode {
    let seconds = match std::env::args().nth(1).map(|s| s.parse::<f64>()) {
        None => 1.0,
        Some(Ok(s)) if (0.01..=600.0).contains(&s) => s,
        Some(_) => {
            eprintln!("usage: bench [SECONDS] (0.01 to 600)");
            return ExitCode::FAILURE;
        }
    };
    let config = BenchConfig {
        duration: Duration::from_secs_f64(seconds),
        ..BenchConfig::default()
    };
    let registry = tabula_games::registry();
    println!("{}", tabula::cpu::CpuInfo::detect());
    for name in registry.names() {
        let report = registry
            .create(&name)
            .map_err(|e| e.to_string())
            .and_then(|game| {
                registry
                    .entry_of(game.as_ref())
                    .and_then(|entry| entry.bench(game.as_ref(), &config))
                    .map_err(|e| e.to_string())
            });
        match report {
            Ok(report) => println!("{}", serde_json::to_string(&report).expect("JSON")),
            Err(e) => {
                eprintln!("{name}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
