//! `tabula-tictactoe`: the whole `tabula` command line, with tic-tac-toe
//! registered beside the shipped games. Registering is the only step.

fn main() -> std::process::ExitCode {
    let mut registry = tabula_games::registry();
    registry.register::<tabula_example_tictactoe::TicTacToe>();
    tabula_cli::main_with(registry)
}
