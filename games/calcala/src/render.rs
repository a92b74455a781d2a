//! The REPL board: the grid with coordinates, the path of the last move
//! (replayed with [`trace`]), the captures and whose turn it is.

use std::fmt::Write as _;

use tabula::notation::letter;
use tabula::{Style, View};

use crate::geometry::{Pit, PITS, SIDE};
use crate::sowing::{Event, MAX_RELAYS};
use crate::state::{trace, Calcala};

/// Legs of a long relay shown before the path is cut short.
const SHOWN_LEGS: usize = 12;

/// What the last move did to a pit, strongest first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Mark {
    None,
    Sown,
    PickedUp,
    Captured,
}

pub(crate) fn render(game: &Calcala, view: &View<'_, Calcala>) -> String {
    let mut out = String::new();
    let events = view
        .last
        .map(|(before, mv)| (before.to_move as usize + 1, mv, trace(before, mv)));
    let mut marks = [Mark::None; PITS];
    for event in events.iter().flat_map(|(_, _, events)| events) {
        let (pit, mark) = match *event {
            Event::PickUp { pit, .. } => (pit, Mark::PickedUp),
            Event::Drop(pit) => (pit, Mark::Sown),
            Event::Capture { pit, .. } => (pit, Mark::Captured),
            Event::Endless | Event::RelayCap => continue,
        };
        let slot = &mut marks[pit.index()];
        *slot = (*slot).max(mark);
    }

    out.push_str("    ");
    for col in 0..SIDE {
        let _ = write!(out, "{:>3} ", letter(col, true));
    }
    out.push('\n');
    for row in 0..SIDE {
        let _ = write!(out, "{:>2}  ", row + 1);
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
                Some(style) => out.push_str(&view.paint(&count, style)),
                None => out.push_str(&count),
            }
            out.push(sign);
        }
        out.push('\n');
    }

    if let Some((seat, mv, events)) = &events {
        let _ = writeln!(out, "Last move: player {seat} {mv}: {}", describe(events));
        out.push_str("  (^ picked up, * sown, x captured)\n");
    }
    out.push_str("Captures:");
    for seat in 0..game.player_count() {
        let _ = write!(out, "  player {}: {}", seat + 1, game.captures(seat));
    }
    let _ = writeln!(out, "   ({} on the board)", game.stones_on_board());
    match game.result() {
        Some(outcome) => {
            let result =
                outcome.describe(game.player_count(), |seat| format!("player {}", seat + 1));
            let _ = writeln!(out, "Game over: {}", view.paint(&result, Style::Bold));
        }
        None => {
            let _ = writeln!(out, "Player {} to move", game.to_move + 1);
        }
    }
    out
}

/// The path in words: `C3 (4) → D2 E1 F6 A5; relay A5 (3) → …; …`.
fn describe(events: &[Event]) -> String {
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
