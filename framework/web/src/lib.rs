//! Tabula's web page, served by `tabula serve`: play any game by clicking
//! its board against agents whose search streams live, replay the games of
//! results folders, and start or watch tournaments. The page drives the
//! library's [`Session`](tabula_session::Session) and tournament API, so it
//! plays exactly as the REPL does; every asset is compiled into the binary,
//! so it works offline.
//!
//! The server binds to 127.0.0.1 unless told otherwise, reads only the
//! folders given on its command line (named by number in the API, never by
//! path), refuses requests from other sites, and bounds the searches it runs.

mod api;
mod assets;
mod error;
mod guard;
mod limits;
mod play;
mod replay;
mod session;
mod study;
mod tournament;
mod view;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use tabula::Registry;

pub use error::ApiError;

/// What `tabula serve` was told.
#[derive(Debug, Clone)]
pub struct Options {
    /// The address to bind: 127.0.0.1 unless the user says otherwise.
    pub host: String,
    /// The port; 0 picks a free one.
    pub port: u16,
    /// Results folders to replay and watch (`--results`).
    pub results: Vec<PathBuf>,
    /// Where tournaments started from the page write their folders
    /// (`--arena`); without it the page cannot start one.
    pub arena: Option<PathBuf>,
    /// A solution database for the analysis (`--db`).
    pub db: Option<PathBuf>,
    /// Searches running at once over all connections.
    pub max_searches: usize,
    /// Open connections (browser tabs) at once.
    pub max_connections: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            host: "127.0.0.1".to_string(),
            port: 8080,
            results: Vec::new(),
            arena: None,
            db: None,
            max_searches: 4,
            max_connections: 32,
        }
    }
}

/// What every request handler shares.
pub(crate) struct App {
    registry: Registry,
    options: Options,
    /// The results folders, canonical: the only folders read.
    results: Vec<PathBuf>,
    limits: limits::Limits,
    tournaments: tournament::Tournaments,
}

/// A server bound to its address, ready to serve.
pub struct Server {
    listener: tokio::net::TcpListener,
    app: Arc<App>,
    runtime: tokio::runtime::Runtime,
}

impl Server {
    /// Checks the options and binds the address; nothing is served yet.
    pub fn bind(registry: Registry, options: Options) -> Result<Server, String> {
        let Some(first) = registry.names().into_iter().next() else {
            return Err("the registry holds no games to serve".to_string());
        };
        registry
            .create(&first)
            .map_err(|e| format!("cannot start {first}: {e}"))?;
        let results = replay::check_folders(&options.results)?;
        if let Some(dir) = &options.arena {
            std::fs::create_dir_all(dir).map_err(|e| format!("--arena {}: {e}", dir.display()))?;
        }
        if let Some(db) = &options.db {
            if !db.is_file() {
                return Err(format!("--db {}: no such file", db.display()));
            }
        }
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
        let address = format!("{}:{}", options.host, options.port);
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind(&address))
            .map_err(|e| format!("cannot listen on {address}: {e}"))?;
        let app = Arc::new(App {
            limits: limits::Limits::new(options.max_searches, options.max_connections),
            tournaments: tournament::Tournaments::default(),
            registry,
            results,
            options,
        });
        Ok(Server {
            listener,
            app,
            runtime,
        })
    }

    /// The address it listens on.
    pub fn address(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound listener has an address")
    }

    /// Serves until the process ends (or Ctrl-C).
    pub fn run(self) -> Result<(), String> {
        let router = api::router(Arc::clone(&self.app));
        let service = router.into_make_service_with_connect_info::<SocketAddr>();
        let served = self.runtime.block_on(async move {
            axum::serve(self.listener, service)
                .with_graceful_shutdown(async {
                    let _ = tokio::signal::ctrl_c().await;
                })
                .await
                .map_err(|e| format!("the server stopped: {e}"))
        });
        // Ctrl-C: the tournaments' games under way are recorded first.
        if self.app.tournaments.running() > 0 {
            eprintln!("tabula serve: finishing the tournaments' games under way");
        }
        self.app.tournaments.stop_all();
        served
    }
}
