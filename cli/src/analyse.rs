//! `tabula analyse`: every agent's moves in a tournament's games judged
//! against perfect play from a solved game's database, printed and
//! written as `accuracy.json` and `accuracy.svg`. The judging is the
//! `tabula-judge` library's; this is its front end.

use crate::out::{out, outln};
use std::path::{Path, PathBuf};

use tabula::Registry;
use tabula_judge::Database;

/// The `analyse` subcommand's options.
#[derive(clap::Args, Debug)]
pub struct AnalyseArgs {
    /// A tournament's directory (with its games.jsonl), or a games.jsonl.
    results: PathBuf,
    /// The database built by `tabula solve GAME --db FILE` for the games'
    /// variant (win/loss, or score margin for Kalah); records of other
    /// games or variants are skipped.
    #[arg(long)]
    db: PathBuf,
    /// Where accuracy.json and accuracy.svg go (default: the results directory).
    #[arg(long)]
    out: Option<PathBuf>,
}

pub fn run(registry: &Registry, args: AnalyseArgs) -> Result<(), String> {
    let games = match args.results.is_dir() {
        true => args.results.join("games.jsonl"),
        false => args.results.clone(),
    };
    let out = match &args.out {
        Some(out) => out.clone(),
        None => games
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from(".")),
    };
    let text = |e: tabula_judge::JudgeError| e.to_string();
    let database = Database::open(registry, &args.db).map_err(text)?;
    let report = tabula_judge::analyse(&database, &games).map_err(text)?;
    // The files first: a reader that stops reading ends the program.
    let (json, svg) = report.write(&out).map_err(text)?;
    out!("{}", report.text());
    outln!("wrote {} and {}", json.display(), svg.display());
    Ok(())
}
