//! The REPL's text: move lists, the history, search reports, results.

use std::fmt::Write as _;

use tabula::table::{Column, TextTable};

use tabula::excerpt;
use tabula_session::{Exact, ExactValue, GameOver, Proof, Session, Thought};

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

/// A proven result in words: `win`, `loss`, and for a result every seat
/// shares `draw` (two players) or `shared win`.
fn proof_words(proof: Proof, players: usize) -> &'static str {
    match proof {
        Proof::Win => "win",
        Proof::Loss => "loss",
        Proof::Shared if players == 2 => "draw",
        Proof::Shared => "shared win",
    }
}

/// `  [value 0.62, 10000 iterations in 0.03 s, 94375 nodes; pv D e C]`
/// after an agent's move, or for a search by depth (alpha-beta)
/// `  [value 0.55, depth 7, 412388 nodes in 0.99 s; pv D e C]`; a proven
/// result in words instead of a value (`proven draw`, and `proven win in
/// 49` where the search knows the distance, as `perfect` does), never a
/// fraction that reads as something else; `  [forced: the only legal
/// move]` when there was no choice (a search that stopped at once would
/// read like a proven loss); nothing for an agent that does not search.
/// `players` is the game's number of seats.
pub fn search_line(thought: &Thought, players: usize) -> String {
    if thought.forced {
        return "  [forced: the only legal move]".to_string();
    }
    let Some(s) = &thought.search else {
        return String::new();
    };
    let result = match (s.proven, s.distance) {
        (Some(proof), Some(plies)) => format!("proven {} in {plies}", proof_words(proof, players)),
        (Some(proof), None) => format!("proven {}", proof_words(proof, players)),
        (None, _) => format!("value {:.2}", s.value),
    };
    let work = match (s.depth, s.iterations) {
        // A table lookup (`perfect`) did no search to speak of.
        _ if s.nodes == 0 => String::new(),
        (Some(depth), _) => format!(", depth {depth}, {} nodes in {:.2} s", s.nodes, s.seconds),
        (None, iterations) => format!(
            ", {} iterations in {:.2} s, {} nodes",
            iterations.unwrap_or(0),
            s.seconds,
            s.nodes
        ),
    };
    format!("  [{result}{work}; pv {}]", s.pv.join(" "))
}

/// `win in 51`, `draw`, or a bare margin `+2`, as `solve` lists values.
fn value_text(value: ExactValue) -> String {
    match value {
        ExactValue::Margin(margin) => format!("{margin:+}"),
        value => value.to_string(),
    }
}

/// What the loaded database says of move `thought.mv`, after an agent's
/// move: `  [database: win in 51, a best move]`, or what the move kept
/// beside what the best kept, `  [database: loss in 52; best a: win in
/// 51]`; nothing without a database for the position.
pub fn exact_line(thought: &Thought) -> String {
    let Some(judged) = thought.exact.as_ref().and_then(|e| e.judge(&thought.mv)) else {
        return String::new();
    };
    match (judged.perfect, judged.best.first()) {
        (false, Some(best)) => format!(
            "  [database: {}; best {best}: {}]",
            judged.played, judged.position
        ),
        _ => format!("  [database: {}, a best move]", judged.played),
    }
}

/// The position's exact value and every move's, best first, the best
/// marked: what `solve` prints, and `hint` with a database loaded.
pub fn exact_text(session: &Session, exact: &Exact) -> String {
    let game = session.current();
    let seat = game.seat_name(game.to_move());
    let mut text = match (session.result(), exact.value) {
        (Some(over), _) => format!("the game is over: {}\n", over.result),
        (None, ExactValue::Margin(margin)) => format!(
            "{seat} to move secures a margin of {margin:+} (its store minus the other's at the end)\n"
        ),
        (None, value) => format!("{seat} to move: {value}\n"),
    };
    for m in &exact.moves {
        let best = if m.best { "  (best)" } else { "" };
        let _ = writeln!(text, "  {:<6} {}{best}", m.mv, value_text(m.value));
    }
    text
}

/// Moves `hint`'s table shows.
const HINT_MOVES: usize = 8;

/// The search line, what its numbers are, and a table of the best moves,
/// for `hint`; `seat` is the name of the seat the values are for, of
/// `players`.
pub fn search_table(thought: &Thought, seat: &str, players: usize) -> String {
    let search_line = search_line(thought, players);
    let Some(s) = thought.search.as_ref().filter(|_| !thought.forced) else {
        return format!("{}\n", search_line.trim());
    };
    // The position's value (MCTS: the mean of every iteration, weaker
    // tries included) sits below the best move's, which reads as a
    // contradiction unless said.
    let meaning = match s.depth {
        _ if s.nodes == 0 => {
            format!("values are {seat}'s proven results with best play, from the agent's database")
        }
        Some(_) => format!(
            "values are {seat}'s expected score (0 to 1) at the depth searched; \
             the position's is its best move's"
        ),
        None => format!(
            "values are {seat}'s expected score (0 to 1): the position's is the mean of all \
             {} iterations, tries of weaker moves included; a move's, the mean of those \
             through it",
            s.iterations.unwrap_or(0)
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
        // A proven move's value is its result, in words.
        let (value, note) = match m.proven {
            Some(proof) => (proof_words(proof, players).to_string(), " (proven)"),
            None => (format!("{:.3}", m.value), ""),
        };
        let cells = [
            m.mv.clone(),
            m.visits.to_string(),
            format!("{:.1}%", 100.0 * m.share),
            value,
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
    use tabula::solve::Entry;
    use tabula_session::{ExactMove, SearchAnalysis};

    fn thought(search: Option<SearchAnalysis>, exact: Option<Exact>) -> Thought {
        Thought {
            seat: 0,
            agent: "mcts".to_string(),
            mv: "C".to_string(),
            forced: false,
            search,
            exact,
        }
    }

    fn search(proven: Option<Proof>, distance: Option<u32>, nodes: usize) -> SearchAnalysis {
        SearchAnalysis {
            value: 0.19,
            proven,
            distance,
            iterations: Some(if nodes == 0 { 0 } else { 10000 }),
            nodes,
            seconds: 0.01,
            pv: vec!["C".into(), "b".into()],
            depth: None,
            moves: Vec::new(),
        }
    }

    #[test]
    fn a_forced_move_says_so_instead_of_a_value() {
        let thought = Thought {
            forced: true,
            ..thought(None, None)
        };
        assert_eq!(search_line(&thought, 2), "  [forced: the only legal move]");
        assert_eq!(
            search_table(&thought, "South", 2),
            "[forced: the only legal move]\n"
        );
    }

    /// A proven result reads as what it is, never as a fraction.
    #[test]
    fn a_proven_result_is_said_in_words() {
        let draw = thought(Some(search(Some(Proof::Shared), None, 5000)), None);
        assert_eq!(
            search_line(&draw, 2),
            "  [proven draw, 10000 iterations in 0.01 s, 5000 nodes; pv C b]"
        );
        assert!(search_line(&draw, 3).contains("proven shared win"));
        // `perfect` knows the distance and searched nothing.
        let perfect = thought(Some(search(Some(Proof::Win), Some(49), 0)), None);
        assert_eq!(search_line(&perfect, 2), "  [proven win in 49; pv C b]");
        let open = thought(Some(search(None, None, 5000)), None);
        assert!(search_line(&open, 2).starts_with("  [value 0.19, "));
    }

    /// With a database, an agent's move is shown beside what it kept.
    #[test]
    fn the_database_judges_an_agents_move() {
        let exact = Exact {
            value: ExactValue::Result(Entry::win(51)),
            moves: vec![
                ExactMove {
                    mv: "a".into(),
                    value: ExactValue::Result(Entry::win(51)),
                    best: true,
                },
                ExactMove {
                    mv: "C".into(),
                    value: ExactValue::Result(Entry::loss(52)),
                    best: false,
                },
            ],
        };
        let lost = thought(None, Some(exact.clone()));
        assert_eq!(
            exact_line(&lost),
            "  [database: loss in 52; best a: win in 51]"
        );
        let best = Thought {
            mv: "a".into(),
            ..lost
        };
        assert_eq!(exact_line(&best), "  [database: win in 51, a best move]");
        assert_eq!(exact_line(&thought(None, None)), "");
    }
}
