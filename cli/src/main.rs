//! `tabula`: the command line over every game Tabula ships.

fn main() -> std::process::ExitCode {
    tabula_cli::main_with(tabula_games::registry())
}
