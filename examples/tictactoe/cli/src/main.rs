//! `tabula-tictactoe`: the whole `tabula` command line, with tic-tac-toe
//! and the `opportunist` agent registered beside the shipped games and
//! agents. Registering is the only step.

use tabula::Registry;
use tabula_example_tictactoe::{Opportunist, TicTacToe};

fn main() -> std::process::ExitCode {
    let registry = Registry::builder()
        .agent::<Opportunist>()
        .games(tabula_games::catalog)
        .game::<TicTacToe>()
        .build();
    tabula_cli::main_with(registry)
}
