//! `tabula serve`: the web page, from the `tabula-web` library. This only
//! reads the command line (the operator's offers to the page and the
//! limits on what it may cause), says where to point the browser, and
//! opens it when asked. The trust model itself is `tabula-web`'s, written
//! up in docs/web.md ("Security").

use std::io::Write as _;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use tabula::Registry;
use tabula_web::{Limits, Options, Server};

#[derive(Args)]
pub struct ServeArgs {
    /// The port to listen on; 0 picks a free one.
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on. Beyond this machine's loopback every
    /// request needs the token (drawn at start and printed in the page's
    /// address, or given with --token).
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Results folders (`tabula arena --out DIR`) to replay and watch; the
    /// only folders the page reads.
    #[arg(long, num_args = 1..)]
    results: Vec<PathBuf>,
    /// The folder tournaments started from the page write into.
    #[arg(long)]
    arena: Option<PathBuf>,
    /// A solution database, `[NAME=]FILE` (NAME: the file's stem), for the
    /// exact values and `perfect(db=NAME)`; repeat for more.
    #[arg(long, value_name = "[NAME=]FILE", value_parser = named_file)]
    db: Vec<(String, PathBuf)>,
    /// A model file, `[NAME=]FILE`, for `az(model=NAME)`; repeat for more.
    #[arg(long, value_name = "[NAME=]FILE", value_parser = named_file)]
    model: Vec<(String, PathBuf)>,
    /// An outside engine the page may seat as `engine(cmd=NAME)`: `NAME=COMMAND`
    /// (the page sees the name only); repeat for more. Without it the page
    /// runs no program.
    #[arg(long, value_name = "NAME=COMMAND", value_parser = named_command)]
    engine: Vec<(String, String)>,
    /// The secret every request must carry (else TABULA_TOKEN, else one is
    /// drawn when listening beyond loopback). Letters, digits, `-_.~`.
    #[arg(long)]
    token: Option<String>,
    /// A host name the page may be reached by, besides localhost and IP
    /// addresses (other names are refused, against DNS rebinding); repeat
    /// for more.
    #[arg(long, value_name = "NAME")]
    allow_host: Vec<String>,
    /// Searches running at once over all tabs.
    #[arg(long, default_value_t = Limits::default().max_searches)]
    max_searches: usize,
    /// Threads one search from the page may use.
    #[arg(long, default_value_t = Limits::default().max_threads)]
    max_threads: u64,
    /// Tree nodes one search from the page may hold (MCTS `max_nodes`; a
    /// tree search's iterations where it has no node limit).
    #[arg(long, default_value_t = Limits::default().max_nodes)]
    max_nodes: u64,
    /// Fixed memory one agent from the page may take, in MiB (alpha-beta's
    /// table).
    #[arg(long, value_name = "MIB", default_value_t = Limits::default().max_table_mb)]
    max_table: u64,
    /// The longest an agent from the page thinks per move (`60s`, `2m`).
    #[arg(long, value_name = "TIME", default_value = "60s", value_parser = duration)]
    max_move_time: Duration,
    /// Tournaments from the page playing at once.
    #[arg(long, default_value_t = Limits::default().max_tournaments)]
    max_tournaments: usize,
    /// Agents in one tournament from the page.
    #[arg(long, default_value_t = Limits::default().max_tournament_agents)]
    max_tournament_agents: usize,
    /// Games one tournament from the page may schedule.
    #[arg(long, default_value_t = Limits::default().max_tournament_games)]
    max_tournament_games: usize,
    /// Disk one tournament from the page may fill, in MiB; it stops there.
    #[arg(long, value_name = "MIB", default_value_t = Limits::default().max_tournament_mb)]
    max_tournament_mb: u64,
    /// Open HTTP connections.
    #[arg(long, default_value_t = Limits::default().max_connections)]
    max_connections: usize,
    /// Open HTTP connections from one address.
    #[arg(long, default_value_t = Limits::default().max_per_address)]
    max_per_address: usize,
    /// Open tabs (a game each); beyond, the tab idle longest gives way.
    #[arg(long, default_value_t = Limits::default().max_tabs)]
    max_tabs: usize,
    /// Open tabs from one address; beyond, its tab idle longest gives way.
    #[arg(long, default_value_t = Limits::default().max_tabs_per_address)]
    max_tabs_per_address: usize,
    /// How long a request's headers may take, and a connection may idle.
    #[arg(long, value_name = "TIME", default_value = "10s", value_parser = duration)]
    header_timeout: Duration,
    /// How long a tab may go without a message before it closes.
    #[arg(long, value_name = "TIME", default_value = "60m", value_parser = duration)]
    idle_timeout: Duration,
    /// How long Ctrl-C waits for connections to close and tournaments to
    /// record their games under way.
    #[arg(long, value_name = "TIME", default_value = "3s", value_parser = duration)]
    shutdown_grace: Duration,
    /// Open the page in the default browser.
    #[arg(long)]
    open: bool,
}

pub fn run(registry: Registry, args: ServeArgs) -> Result<(), String> {
    let limits = Limits {
        max_searches: args.max_searches,
        max_threads: args.max_threads.max(1),
        max_nodes: args.max_nodes,
        max_table_mb: args.max_table,
        max_move_time: args.max_move_time,
        max_tournaments: args.max_tournaments,
        max_tournament_agents: args.max_tournament_agents,
        max_tournament_games: args.max_tournament_games,
        max_tournament_mb: args.max_tournament_mb,
        max_connections: args.max_connections,
        max_per_address: args.max_per_address,
        max_tabs: args.max_tabs,
        max_tabs_per_address: args.max_tabs_per_address,
        header_timeout: args.header_timeout,
        idle_timeout: args.idle_timeout,
        shutdown_grace: args.shutdown_grace,
    };
    let options = Options {
        host: args.host,
        port: args.port,
        results: args.results,
        arena: args.arena,
        engines: args.engine,
        databases: args.db,
        models: args.model,
        token: args
            .token
            .or_else(|| std::env::var("TABULA_TOKEN").ok().filter(|t| !t.is_empty())),
        allow_hosts: args.allow_host,
        limits,
    };
    let server = Server::bind(registry, options)?;
    let url = server.url();
    // The tests and scripts read the address from this line. A reader
    // gone already stops no server: what it serves is the page.
    let mut stdout = std::io::stdout();
    let _ = writeln!(stdout, "Tabula serves {url} (Ctrl-C stops it)").and_then(|()| stdout.flush());
    if !server.address().ip().is_loopback() {
        eprintln!(
            "tabula serve: listening on {}: other machines can reach it; every request needs \
             the token in the address above",
            server.address()
        );
    }
    if args.open {
        open(&url);
    }
    server.run()
}

/// `[NAME=]FILE`: a file the page may name; NAME defaults to its stem.
fn named_file(text: &str) -> Result<(String, PathBuf), String> {
    match text.split_once('=') {
        Some((name, file)) if !name.is_empty() && !name.contains(['/', '\\']) => {
            Ok((name.to_string(), PathBuf::from(file)))
        }
        _ => {
            let path = PathBuf::from(text);
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .ok_or("give a file, or NAME=FILE")?;
            Ok((stem, path))
        }
    }
}

/// `NAME=COMMAND`.
fn named_command(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, command)) if !name.is_empty() && !command.trim().is_empty() => {
            Ok((name.to_string(), command.to_string()))
        }
        _ => Err("give NAME=COMMAND, e.g. mine=\"python3 my_engine.py\"".to_string()),
    }
}

/// A time such as `60s`, `500ms` or `2m`.
fn duration(text: &str) -> Result<Duration, String> {
    tabula::parse_duration(text).ok_or_else(|| format!("`{text}` is not a time such as 10s or 2m"))
}

/// Opens `url` in the desktop's browser; where there is none, the
/// address printed above is enough.
fn open(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    if let Err(error) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("tabula serve: cannot open a browser ({opener}: {error}); open {url}");
    }
}
