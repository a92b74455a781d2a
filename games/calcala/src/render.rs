//! The REPL board: the grid with coordinates on all four sides, the path
//! of the last move (replayed with [`trace`]) marked on the pits and told
//! in words, the captures, whose turn it is or the result.

use std::fmt::Write as _;

use tabula_core::notation::letter;
use tabula_core::{Style, View};

use crate::geometry::{Pit, PITS, SIDE};
use crate::sowing::{Event, MAX_RELAYS};
use crate::state::{trace, Calcala};

/// Legs of a long relay shown before the path is cut short.
const SHOWN_LEGS: usize = 12;

/// What the last move did to a pit, strongest first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Mark {
    None,
    Sown,
    PickedUp,
    Captured,
}

/// What `events` did to each pit, strongest mark kept.
pub(crate) fn marks(events: &[Event]) -> [Mark; PITS] {
    let mut marks = [Mark::None; PITS];
    for event in events {
        let (pit, mark) = match *event {
            Event::PickUp { pit, .. } => (pit, Mark::PickedUp),
            Event::Drop(pit) => (pit, Mark::Sown),
            Event::Capture { pit, .. } => (pit, Mark::Captured),
            Event::Endless | Event::RelayCap => continue,
        };
        let slot = &mut marks[pit.index()];
        *slot = (*slot).max(mark);
    }
    marks
}

/// ```text
///       A   B   C   D   E   F
///  1    2   2   2   2   3*  2    1
///  2    2   2   2   2   0^  2    2
/// ```
pub(crate) fn render(game: &Calcala, view: &View<'_, Calcala>) -> String {
    let events = view
        .last
        .map(|(before, mv)| (before.to_move as usize, mv, trace(before, mv)));
    let marks = events
        .as_ref()
        .map_or([Mark::None; PITS], |(_, _, events)| marks(events));

    let mut lines = Vec::new();
    let mut letters = String::from("    ");
    for col in 0..SIDE {
        let _ = write!(letters, "{:>3} ", letter(col, true));
    }
    let letters = letters.trim_end().to_string();
    lines.push(letters.clone());
    for row in 0..SIDE {
        let mut line = format!("{:>2}  ", row + 1);
        for col in 0..SIDE {
            let index = row * SIDE + col;
            let count = format!("{:>3}", game.board[index]);
            let (style, sign) = match marks[index] {
                Mark::None => (None, ' '),
                Mark::Sown => (Some(Style::Highlight), '*'),
                Mark::PickedUp => (Some(Style::Cyan), '^'),
                Mark::Captured => (Some(Style::Red), 'x'),
            };
            match style {
                Some(style) => line.push_str(&view.paint(&count, style)),
                None => line.push_str(&count),
            }
            line.push(sign);
        }
        let _ = write!(line, "  {}", row + 1);
        lines.push(line);
    }
    lines.push(letters);
    if let Some((seat, mv, events)) = &events {
        lines.push(format!(
            "Last move: {} {mv}: {}",
            seat_name(*seat),
            describe(events)
        ));
        lines.push("  (^ picked up, * sown, x captured)".to_string());
    }
    let mut captures = String::from("Captures:");
    for seat in 0..game.player_count() {
        let _ = write!(captures, "  {}: {}", seat_name(seat), game.captures(seat));
    }
    let _ = write!(captures, "   ({} on the board)", game.stones_on_board());
    lines.push(captures);
    lines.push(match game.result() {
        Some(outcome) => {
            let result = outcome.describe(game.player_count(), seat_name);
            format!("Game over: {}", view.paint(&result, Style::Bold))
        }
        None => format!("Player {} to move", game.to_move + 1),
    });
    lines.join("\n")
}

/// How a seat is called: `player 1` …
pub(crate) fn seat_name(seat: usize) -> String {
    format!("player {}", seat + 1)
}

/// The path in words: `C3 (4) → D2 E1 F6 A5; relay A5 (3) → …; …`.
pub(crate) fn describe(events: &[Event]) -> String {
    let mut text = String::new();
    let mut legs = 0;
    let mut last_drop: Option<Pit> = None;
    for event in events {
        match *event {
            Event::PickUp { pit, stones } => {
                legs += 1;
                if legs > SHOWN_LEGS {
                    continue;
                }
                if legs > 1 {
                    text.push_str("; relay ");
                }
                let _ = write!(text, "{pit} ({stones}) →");
            }
            Event::Drop(pit) => {
                last_drop = Some(pit);
                if legs <= SHOWN_LEGS {
                    let _ = write!(text, " {pit}");
                }
            }
            Event::Capture { pit, stones } => {
                if legs > SHOWN_LEGS {
                    let _ = write!(text, "; … {} more relays", legs - SHOWN_LEGS);
                }
                let landed = last_drop.map(|p| p.to_string()).unwrap_or_default();
                match stones {
                    0 => {
                        let _ = write!(text, "; {landed} was empty, nothing to capture in {pit}");
                    }
                    n => {
                        let _ = write!(text, "; {landed} was empty, captured {n} from {pit}");
                    }
                }
            }
            Event::Endless => {
                if legs > SHOWN_LEGS {
                    let _ = write!(text, "; … {} more relays", legs - SHOWN_LEGS);
                }
                let landed = last_drop.map(|p| p.to_string()).unwrap_or_default();
                let _ = write!(
                    text,
                    "; relay at {landed} repeats an earlier state (endless relay): \
                     the turn ends, no capture"
                );
            }
            Event::RelayCap => {
                if legs > SHOWN_LEGS {
                    let _ = write!(text, "; … {} more relays", legs - SHOWN_LEGS);
                }
                let _ = write!(
                    text,
                    "; the relay chain reached the cap of {MAX_RELAYS} relays \
                     without repeating a state: the turn ends, no capture"
                );
            }
        }
    }
    text
}
