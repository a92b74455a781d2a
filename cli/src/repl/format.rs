//! The REPL's text: move lists, the history, search reports, results.

use std::fmt::Write as _;

use tabula::table::{Column, TextTable};

use tabula::excerpt;
use tabula_session::{GameOver, Proof, Session, Thought};

/// `1 move`, `3 moves`.
pub fn plural(n: usize, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

/// The columns help and move lists wrap at: the terminal's, at most 100.
pub fn text_width() -> usize {
    textwrap::termwidth().min(100)
}

/// `game over: North wins`.
pub fn game_over(over: &GameOver) -> String {
    format!("game over: {}", over.result)
}

/// `moves PREFIX`: the legal moves that start with `prefix` (those from
/// a cell, `B2`, or of a kind, `drop`), exactly as written or else in any
/// case; all of them for an empty prefix. Grid Diffusion's second stage
/// lists hundreds of moves, too many to read for the one wanted.
pub fn moves_matching(moves: Vec<String>, prefix: &str) -> Result<Vec<String>, String> {
    if prefix.is_empty() {
        return Ok(moves);
    }
    if prefix.contains(char::is_whitespace) {
        return Err("usage: moves [PREFIX], e.g. `moves B2`".to_string());
    }
    let exact: Vec<String> = moves
        .iter()
        .filter(|m| m.starts_with(prefix))
        .cloned()
        .collect();
    if !exact.is_empty() {
        return Ok(exact);
    }
    let lower = prefix.to_ascii_lowercase();
    let any_case: Vec<String> = moves
        .iter()
        .filter(|m| m.to_ascii_lowercase().starts_with(&lower))
        .cloned()
        .collect();
    if !any_case.is_empty() {
        return Ok(any_case);
    }
    Err(format!(
        "no legal move starts with `{}` ({} here; `moves` lists them)",
        excerpt(prefix),
        plural(moves.len(), "legal move")
    ))
}

/// The legal moves for people: one line while they fit, else one line per
/// piece or cell they start from (`B2-B6 B2-E2`), so hundreds of moves
/// stay readable; moves without an origin (`pass`) come last.
pub fn moves_text(moves: &[String]) -> String {
    let origin = |mv: &str| {
        let head = mv
            .split(|c: char| !c.is_ascii_alphanumeric())
            .next()
            .unwrap_or(mv);
        (head.len() < mv.len()).then(|| head.to_string())
    };
    if moves.len() <= 30 || moves.iter().all(|m| origin(m).is_none()) {
        return textwrap::fill(&moves.join(" "), text_width());
    }
    let mut groups: Vec<(Option<String>, Vec<&str>)> = Vec::new();
    for mv in moves {
        let key = origin(mv);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, group)) => group.push(mv),
            None => groups.push((key, vec![mv])),
        }
    }
    groups.sort_by_key(|(key, _)| key.is_none());
    let rows: Vec<String> = groups
        .iter()
        .map(|(_, group)| textwrap::fill(&group.join(" "), text_width()))
        .collect();
    format!("{} moves:\n{}", moves.len(), rows.join("\n"))
}

/// The moves so far, numbered by rounds of the seats, from the start.
pub fn history_text(session: &Session) -> String {
    let moves = session.moves();
    if moves.is_empty() {
        return "no moves yet".to_string();
    }
    let start = session.start();
    let players = start.players().max(1);
    let width = moves.iter().map(String::len).max().unwrap_or(1);
    // A `setup` position may give the move to a later seat: pad its round.
    let mut cells: Vec<&str> = vec![".."; start.to_move().min(players - 1)];
    cells.extend(moves.iter().map(String::as_str));
    let mut text = String::new();
    for (round, row) in cells.chunks(players).enumerate() {
        let row: Vec<String> = row.iter().map(|m| format!("{m:<width$}")).collect();
        let _ = writeln!(text, "{:>3}. {}", round + 1, row.join("  ").trim_end());
    }
    text.trim_end().to_string()
}

/// `  [value 0.62, 10000 iterations in 0.03 s, 94375 nodes; pv D e C]`
/// after an agent's move; `  [forced: the only legal move]` when there
/// was no choice (a search that stopped at once would read like a proven
/// loss); nothing for an agent that does not search.
pub fn search_line(thought: &Thought) -> String {
    if thought.forced {
        return "  [forced: the only legal move]".to_string();
    }
    let Some(s) = &thought.search else {
        return String::new();
    };
    let proven = match s.proven {
        Some(Proof::Win) => ", proven win",
        Some(Proof::Loss) => ", proven loss",
        Some(Proof::Shared) => ", proven shared result",
        None => "",
    };
    format!(
        "  [value {:.2}{proven}, {} iterations in {:.2} s, {} nodes; pv {}]",
        s.value,
        s.iterations,
        s.seconds,
        s.nodes,
        s.pv.join(" ")
    )
}

/// Moves `hint`'s table shows.
const HINT_MOVES: usize = 8;

/// The search line, what its numbers are, and a table of the best moves,
/// for `hint`; `seat` is the name of the seat the values are for.
pub fn search_table(thought: &Thought, seat: &str) -> String {
    let search_line = search_line(thought);
    let Some(s) = thought.search.as_ref().filter(|_| !thought.forced) else {
        return format!("{}\n", search_line.trim());
    };
    // The position's value (MCTS: the mean of every iteration, weaker
    // tries included) sits below the best move's, which reads as a
    // contradiction unless said.
    let meaning = match s.depth {
        Some(_) => format!(
            "values are {seat}'s expected score (0 to 1) at the depth searched; \
             the position's is its best move's"
        ),
        None => format!(
            "values are {seat}'s expected score (0 to 1): the position's is the mean of all \
             {} iterations, tries of weaker moves included; a move's, the mean of those \
             through it",
            s.iterations
        ),
    };
    // Printed at the columns' own widths, as rows are: a long move
    // widens its own line only.
    let table = TextTable::new(vec![
        Column::left("move").width(8),
        Column::right("visits").width(7),
        Column::right("share").width(7),
        Column::right("value").width(7),
        Column::left(""),
    ])
    .indent("  ");
    let mut text = format!(
        "{}\n{}\n{}",
        search_line.trim(),
        textwrap::fill(&meaning, text_width()),
        table.header()
    );
    for m in s.moves.iter().take(HINT_MOVES) {
        let note = if m.proven.is_some() { " (proven)" } else { "" };
        let cells = [
            m.mv.clone(),
            m.visits.to_string(),
            format!("{:.1}%", 100.0 * m.share),
            format!("{:.3}", m.value),
            note.to_string(),
        ];
        text += &table.line(&cells);
    }
    if s.moves.len() > HINT_MOVES {
        let _ = writeln!(text, "  ({HINT_MOVES} best of {} moves)", s.moves.len());
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_forced_move_says_so_instead_of_a_value() {
        let thought = Thought {
            seat: 0,
            agent: "mcts".to_string(),
            mv: "a".to_string(),
            forced: true,
            search: None,
        };
        assert_eq!(search_line(&thought), "  [forced: the only legal move]");
        assert_eq!(
            search_table(&thought, "South"),
            "[forced: the only legal move]\n"
        );
    }
}
