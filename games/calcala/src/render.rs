//! The REPL board: the grid with coordinates on all four sides, the path
//! of the last move (replayed with [`trace`]) marked on the pits and told
//! in words, the captures, whose turn it is or the result.

use std::fmt::Write as _;

use tabula_core::draw::text::{self, Glyph};
use tabula_core::draw::{legend, Caption, Grid, Touched};
use tabula_core::{Drawing, Style, View};

use crate::geometry::{Pit, PITS, SIDE};
use crate::sowing::{Event, MAX_RELAYS};
use crate::state::{trace, Calcala, Move};

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

/// The marks Calcala's boards use.
pub(crate) const TOUCHED: [Touched; 3] = [Touched::PickedUp, Touched::Sown, Touched::Captured];

impl Mark {
    /// The mark every mancala board draws for it.
    pub(crate) fn touched(self) -> Option<Touched> {
        match self {
            Mark::None => None,
            Mark::Sown => Some(Touched::Sown),
            Mark::PickedUp => Some(Touched::PickedUp),
            Mark::Captured => Some(Touched::Captured),
        }
    }
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
///  1    2   2   2   2   3*  2  1
///  2    2   2   2   2   0^  2  2
/// ```
pub(crate) fn render(game: &Calcala, view: &View<'_, Calcala>) -> String {
    let events = view.last.map(|(before, mv)| trace(before, mv));
    let marks = events.as_deref().map_or([Mark::None; PITS], marks);
    let grid = Grid::new(SIDE, SIDE).rank_one_at_top().upper_case();
    let board = grid.text(3, view.color, |col, row| {
        let index = row * SIDE + col;
        let count = Glyph::new(game.board[index].to_string());
        let style = match marks[index] {
            Mark::None => return count,
            Mark::Sown => Style::Highlight,
            Mark::PickedUp => Style::Cyan,
            Mark::Captured => Style::Red,
        };
        let sign = marks[index].touched().map_or(' ', Touched::sign);
        count.style(style).mark(text::Mark::Sign(sign))
    });
    let mut caption = Caption::new(view.color);
    if let Some(events) = &events {
        caption.last_move(view, &format!(": {}", describe(events)));
        caption.line(format!("  {}", legend(&TOUCHED, false)));
    }
    let mut captures = String::from("Captures:");
    for seat in 0..game.player_count() {
        let _ = write!(captures, "  {}: {}", seat_name(seat), game.captures(seat));
    }
    let _ = write!(captures, "   ({} on the board)", game.stones_on_board());
    caption.line(captures);
    caption.status(game, None);
    caption.under(&board)
}

impl Drawing for Calcala {
    fn render(&self, view: &View<'_, Calcala>) -> String {
        render(self, view)
    }

    /// The sowing path, its relays and the capture, in words.
    fn explain_move(&self, mv: Move) -> Option<String> {
        Some(describe(&trace(self, mv)))
    }
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
