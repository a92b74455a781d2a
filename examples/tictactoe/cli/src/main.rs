//! `tabula-tictactoe`: the whole `tabula` command line, with the
//! `opportunist` agent registered beside the shipped games (tic-tac-toe
//! among them: the catalog lists it) and agents. Registering is the only
//! step; a game of a program's own is added the same way, with
//! `.game::<MyGame>()` after the catalog.

use tabula::Registry;
use tabula_example_tictactoe::Opportunist;

fn main() -> std::process::ExitCode {
    let registry = Registry::builder()
        .agent::<Opportunist>()
        .games(tabula_games::catalog)
        .build();
    tabula_cli::main_with(registry)
}
