//! `tabula serve`: the web page, from the `tabula-web` library. This only
//! reads the command line, says where to point the browser, and opens it
//! when asked.

use std::io::Write as _;
use std::path::PathBuf;

use clap::Args;
use tabula::Registry;
use tabula_web::{Options, Server};

#[derive(Args)]
pub struct ServeArgs {
    /// The port to listen on; 0 picks a free one.
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on. Anything but this machine's loopback
    /// lets other machines play (and read the results folders): a warning
    /// says so.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Results folders (`tabula arena --out DIR`) to replay and watch; the
    /// only folders the page reads.
    #[arg(long, num_args = 1..)]
    results: Vec<PathBuf>,
    /// The folder tournaments started from the page write into.
    #[arg(long)]
    arena: Option<PathBuf>,
    /// A solution database (`tabula solve diffusion --db FILE`) for the
    /// exact values of Diffusion positions.
    #[arg(long)]
    db: Option<PathBuf>,
    /// Searches running at once over all pages.
    #[arg(long, default_value_t = 4)]
    max_searches: usize,
    /// Open the page in the default browser.
    #[arg(long)]
    open: bool,
}

pub fn run(registry: Registry, args: ServeArgs) -> Result<(), String> {
    if !matches!(args.host.as_str(), "127.0.0.1" | "localhost" | "::1") {
        eprintln!(
            "tabula serve: warning: listening on {}: other machines can play here and read \
             the results folders given",
            args.host
        );
    }
    let options = Options {
        host: args.host,
        port: args.port,
        results: args.results,
        arena: args.arena,
        db: args.db,
        max_searches: args.max_searches.max(1),
        ..Options::default()
    };
    let server = Server::bind(registry, options)?;
    let url = format!("http://{}/", server.address());
    // The tests and scripts read the address from this line. A reader
    // gone already stops no server: what it serves is the page.
    let mut stdout = std::io::stdout();
    let _ = writeln!(stdout, "Tabula serves {url} (Ctrl-C stops it)").and_then(|()| stdout.flush());
    if args.open {
        open(&url);
    }
    server.run()
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
