//! Tabula's web page, served by `tabula serve`: play any game by clicking
//! its board against agents whose search streams live, replay the games of
//! results folders, and start or watch tournaments. The page drives the
//! library's [`Session`](tabula_session::Session) and tournament API, so it
//! plays exactly as the REPL does; every asset is compiled into the binary,
//! so it works offline.
//!
//! Clients of the page are not the operator (the `trust` module): they
//! seat only agents that compute in memory, or the engines and files the
//! operator names; everything they can cause is bounded by [`Limits`];
//! connections time out and cannot lock one another out (`listen`,
//! `tabs`); beyond this machine's loopback every request needs a token
//! (`guard`). `docs/web.md` ("Security") states the model.

mod api;
mod assets;
mod error;
mod guard;
mod limits;
mod listen;
mod notes;
mod play;
mod replay;
mod session;
mod study;
mod tabs;
mod tournament;
mod trust;
mod view;

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tabula::Registry;
use tokio::sync::{watch, Semaphore};

pub use error::ApiError;
pub use limits::Limits;

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
    /// Outside programs the page may seat, by name (`--engine NAME=COMMAND`):
    /// `engine(cmd=NAME)`.
    pub engines: Vec<(String, String)>,
    /// Solution databases, by name (`--db NAME=FILE`): for the exact values,
    /// and for `perfect(db=NAME)`.
    pub databases: Vec<(String, PathBuf)>,
    /// Other files agents from the page may read, by name (`--model
    /// NAME=FILE`): `az(model=NAME)`.
    pub models: Vec<(String, PathBuf)>,
    /// The secret every request must carry (`--token`); drawn at start when
    /// the server listens beyond loopback and none is given.
    pub token: Option<String>,
    /// Host names the page may be reached by besides `localhost` and IP
    /// addresses (`--allow-host`).
    pub allow_hosts: Vec<String>,
    /// What clients may cause.
    pub limits: Limits,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            host: "127.0.0.1".to_string(),
            port: 8080,
            results: Vec::new(),
            arena: None,
            engines: Vec::new(),
            databases: Vec::new(),
            models: Vec::new(),
            token: None,
            allow_hosts: Vec::new(),
            limits: Limits::default(),
        }
    }
}

/// What every request handler shares.
pub(crate) struct App {
    registry: Registry,
    /// The results folders, canonical: the only folders read.
    results: Vec<PathBuf>,
    /// The `--arena` folder, canonical.
    arena: Option<PathBuf>,
    /// The `--db` files, canonical, in order.
    databases: Vec<PathBuf>,
    trust: trust::Trust,
    access: guard::Access,
    searches: limits::Slots,
    tabs: tabs::Tabs,
    /// Folder reads (listings, standings, boards) at once: each may read a
    /// whole records file.
    reads: Arc<Semaphore>,
    tournaments: tournament::Tournaments,
    /// Turns true when the server stops: tabs close.
    stopping: watch::Sender<bool>,
}

/// Folder reads at once.
const READS: usize = 2;

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
        let arena = match &options.arena {
            Some(dir) => std::fs::create_dir_all(dir)
                .and_then(|()| dir.canonicalize())
                .map(Some)
                .map_err(|e| format!("--arena {}: {e}", dir.display()))?,
            None => None,
        };
        let mut files = options.databases.clone();
        files.extend(options.models.iter().cloned());
        let folders: Vec<PathBuf> = results.iter().chain(&arena).cloned().collect();
        let trust = trust::Trust::new(
            &registry,
            &options.engines,
            &files,
            &folders,
            options.limits.clone(),
        )?;
        let databases = options
            .databases
            .iter()
            .filter_map(|(_, path)| path.canonicalize().ok())
            .collect();
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .max_blocking_threads(8)
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
        let address = format!("{}:{}", options.host, options.port);
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind(&address))
            .map_err(|e| format!("cannot listen on {address}: {e}"))?;
        let bound = listener
            .local_addr()
            .map_err(|e| format!("cannot listen on {address}: {e}"))?;
        let token = match (&options.token, bound.ip().is_loopback()) {
            (Some(token), _) => {
                guard::check_token(token)?;
                Some(token.clone())
            }
            (None, true) => None,
            (None, false) => Some(guard::new_token()?),
        };
        let limits = &options.limits;
        let app = Arc::new(App {
            searches: limits::Slots::new(limits.max_searches),
            tabs: tabs::Tabs::new(limits.max_tabs, limits.max_tabs_per_address),
            reads: Arc::new(Semaphore::new(READS)),
            tournaments: tournament::Tournaments::default(),
            access: guard::Access {
                allowed_hosts: options.allow_hosts.clone(),
                token,
                cookie: format!("tabula_token_{}", bound.port()),
            },
            stopping: watch::Sender::new(false),
            registry,
            results,
            arena,
            databases,
            trust,
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

    /// The token every request must carry, if the server has one.
    pub fn token(&self) -> Option<&str> {
        self.app.access.token.as_deref()
    }

    /// The page's address: the one to open, with the token when there is
    /// one (the page keeps it in a cookie and drops it from the address).
    pub fn url(&self) -> String {
        let address = self.address();
        let host = match address.ip() {
            IpAddr::V4(ip) if ip.is_unspecified() => "127.0.0.1".to_string(),
            IpAddr::V6(ip) if ip.is_unspecified() => "[::1]".to_string(),
            IpAddr::V4(ip) => ip.to_string(),
            IpAddr::V6(ip) => format!("[{ip}]"),
        };
        match self.token() {
            Some(token) => format!("http://{host}:{}/?token={token}", address.port()),
            None => format!("http://{host}:{}/", address.port()),
        }
    }

    /// Serves until Ctrl-C, then stops within the grace time
    /// (`--shutdown-grace`) whatever the clients do: connections close,
    /// tournaments start no new game and record the games under way that
    /// finish in time; a second Ctrl-C quits at once.
    pub fn run(self) -> Result<(), String> {
        let Server {
            listener,
            app,
            runtime,
        } = self;
        let grace = app.trust.limits().shutdown_grace;
        let router = api::router(Arc::clone(&app));
        let unfinished = runtime.block_on(async {
            let limits = app.trust.limits().clone();
            let stop = app.stopping.subscribe();
            let serving =
                tokio::spawn(async move { listen::serve(listener, router, &limits, stop).await });
            if tokio::signal::ctrl_c().await.is_err() {
                // No signal handling here: serve until the process ends.
                let _ = serving.await;
                return Vec::new();
            }
            eprintln!("tabula serve: stopping (Ctrl-C again quits at once)");
            tokio::spawn(async {
                if tokio::signal::ctrl_c().await.is_ok() {
                    eprintln!("tabula serve: quit");
                    std::process::exit(130);
                }
            });
            app.stopping.send_replace(true);
            app.tournaments.interrupt_all();
            let tournaments = Arc::clone(&app);
            let joined = tokio::task::spawn_blocking(move || tournaments.tournaments.join());
            let _ = tokio::time::timeout(grace, async {
                let _ = serving.await;
                let _ = joined.await;
            })
            .await;
            app.tournaments.still_playing()
        });
        for dir in unfinished {
            eprintln!(
                "tabula serve: the games under way in {} were not recorded in time; \
                 `tabula arena --resume --out {}` with its settings plays them",
                dir.display(),
                dir.display()
            );
        }
        // What is left (a search, a tab's thread) ends with the process.
        runtime.shutdown_timeout(Duration::from_millis(100));
        Ok(())
    }
}
