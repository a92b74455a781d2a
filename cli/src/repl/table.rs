//! The REPL's commands as a table, and what is derived from it: `help`,
//! completion, and the command a mistyped word meant.

use std::fmt::Write as _;

use tabula::{excerpt, Registry};

use super::format::text_width;

/// One REPL command, for `help` and completion.
pub struct Command {
    pub name: &'static str,
    pub args: &'static str,
    pub help: &'static str,
}

pub const COMMANDS: &[Command] = &[
    Command { name: "games", args: "", help: "list the games you can play" },
    Command { name: "agents", args: "", help: "list the agent kinds and their parameters (for `agent SEAT SPEC`)" },
    Command { name: "new", args: "GAME[(key=value,...)]", help: "start a new game, e.g. `new diffusion(width=8)`; seats keep their agents if the player count is unchanged, and an agent to move plays at once (see `help agent`)" },
    Command { name: "show", args: "[--svg FILE]", help: "draw the board; with `--svg FILE`, save it as an SVG picture instead (for docs, issues and replays: `load games.jsonl#N PLY` first)" },
    Command { name: "moves", args: "[PREFIX]", help: "list the legal moves; with PREFIX only those that start with it, e.g. `moves B2` for the moves from B2" },
    Command { name: "history", args: "", help: "the moves played so far, numbered" },
    Command { name: "play", args: "MOVE", help: "play a move (a bare move works too) for a seat a person plays; seated agents then reply until a person is to move. A seat an agent plays takes no typed move: `ai` lets its agent move, `agent SEAT human` takes it over" },
    Command { name: "undo", args: "[N]", help: "take back N moves (default 1); an agent left to move plays at once, so `undo 2` takes back your move and its reply (`pause` first to step back through a game)" },
    Command { name: "redo", args: "[N]", help: "replay N moves taken back (default 1); an agent left to move plays at once unless agents are paused" },
    Command { name: "agent", args: "[SEAT SPEC]", help: "who plays a seat: `agent 2 mcts(iterations=20000)`, `agent 1 random(seed=3)`, `agent 2 human`; no arguments lists the seats. The rule: whenever a command (a move, `ai`, `undo`, `redo`, `load`, `setup`, `new`, seating) leaves an agent's seat to move while a person is seated, that agent plays at once, unless agents are paused; with agents alone only `ai` and `go` move" },
    Command { name: "ai", args: "", help: "the seat to move is played once by its agent (a default MCTS for a human seat), showing its evaluation; an agent then to move replies" },
    Command { name: "pause", args: "", help: "agents stop replying by themselves: they move only on `ai` or `go` (to study a position, or to step through a game with undo and redo)" },
    Command { name: "resume", args: "", help: "agents reply again; one that is to move plays at once" },
    Command { name: "go", args: "[all] [N]", help: "the seated agents play until a human is to move or the game ends, at most 1000 moves (or N moves, up to 1000000); `go all` plays every seat, human seats by the default MCTS; Ctrl-C stops after the current move" },
    Command { name: "hint", args: "", help: "a move to play, without playing it. With a database loaded (`solve load FILE`) that covers the position: perfect play's move and every move's exact value, as `solve` lists them. Otherwise the default MCTS (or the seat's agent) suggests one: the position's value, then the best moves with their visits, share of the visits and value (MCTS: the position's value is the mean of all iterations, so it sits below the best move's; a proven result is given in words)" },
    Command { name: "setup", args: "POSITION", help: "start from a position text (see `rules` for its form); the history starts there" },
    Command { name: "position", args: "", help: "print the position text" },
    Command { name: "state", args: "", help: "print the game as one line of JSON (for scripts)" },
    Command { name: "solve", args: "[load FILE]", help: "the exact value of the position and of every legal move (for Kalah, the best final margin), from the database `solve load FILE` loaded (built by `tabula solve GAME --db FILE`); once it is loaded, `hint` reads perfect play from it and each agent's move is shown with its exact value" },
    Command { name: "rules", args: "", help: "the rules as implemented, with every reading decision" },
    Command { name: "seed", args: "[N]", help: "show or set the seed of agents that name no seed of their own" },
    Command { name: "save", args: "FILE", help: "save the game, its history and the seats as JSON" },
    Command { name: "load", args: "FILE[#N] [PLY]", help: "load a saved game, or record N of a file such as games.jsonl with FILE#N; with PLY only its first PLY moves (`redo` steps on)" },
    Command { name: "help", args: "[COMMAND]", help: "list the commands, or explain one" },
    Command { name: "quit", args: "", help: "leave (also `exit` or end of input)" },
];

/// The command `word` is most likely a misspelling of, if any: within two
/// edits, and fewer edits than the word has letters.
pub fn closest_command(word: &str) -> Option<&'static str> {
    // Edit distance costs length × length: a word much longer than every
    // command (a pasted megabyte) is no misspelling of one.
    if word.len() > 12 {
        return None;
    }
    let word = word.to_ascii_lowercase();
    COMMANDS
        .iter()
        .map(|c| (strsim::damerau_levenshtein(&word, c.name), c.name))
        .filter(|&(distance, name)| distance <= 2 && distance < word.len().min(name.len()))
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, name)| name)
}

/// `help` (every command, and the agents) or `help TOPIC` (a command or
/// an agent kind).
pub fn help(registry: &Registry, topic: &str) -> Result<String, String> {
    if topic.is_empty() {
        let mut text = String::from("commands (a bare move also plays it):\n");
        let indent = " ".repeat(31);
        let options = textwrap::Options::new(text_width())
            .initial_indent("")
            .subsequent_indent(&indent);
        for c in COMMANDS {
            let usage = format!("{} {}", c.name, c.args);
            let line = format!(
                "  {usage:<28} {}",
                c.help.split(';').next().unwrap_or(c.help)
            );
            let _ = writeln!(text, "{}", textwrap::fill(&line, &options));
        }
        let rule = "when agents move: whenever a command leaves an agent's seat to move while a \
                    person is seated, that agent plays at once (`pause` stops that; `help agent`)";
        text.push_str(&textwrap::fill(rule, text_width()));
        text.push('\n');
        let agents = format!(
            "agents: {} (`help AGENT` or `agents` for their parameters)",
            registry.agent_names().join(", ")
        );
        text.push_str(&textwrap::fill(&agents, text_width()));
        return Ok(text);
    }
    let topic = topic.to_ascii_lowercase();
    let detail = textwrap::Options::new(text_width())
        .initial_indent("  ")
        .subsequent_indent("  ");
    if let Some(c) = COMMANDS.iter().find(|c| c.name == topic) {
        return Ok(format!(
            "{} {}\n{}",
            c.name,
            c.args,
            textwrap::fill(c.help, &detail)
        ));
    }
    if let Some(kind) = registry.agent_kinds().find(|k| k.name == topic) {
        let mut text = format!("{}: {}", kind.name, kind.description);
        for p in kind.params {
            let _ = write!(
                text,
                "\n  {} ({}): {}",
                p.usage(),
                p.describe_values(),
                p.help
            );
        }
        return Ok(text);
    }
    Err(format!(
        "no command or agent `{}`; type `help` for the list",
        excerpt(&topic)
    ))
}
