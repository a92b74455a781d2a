//! Sowing a move: one routine that plays it and, generic over an
//! [`Observer`], can also report every stone for the REPL's path display.
//!
//! Endless relays are found with Brent's cycle detection over the states at
//! relay moments (board, pit, direction): only a compare against one saved
//! state per relay, so the common short move pays almost nothing. Once a
//! cycle of length λ is found, the turn is replayed from its first relay
//! moment to find where the cycle starts (μ), which gives exactly the moment
//! the rules name: the first that repeats an earlier one (moment μ + λ, whose
//! board equals moment μ's).

use crate::geometry::{heading, heading_pit, next, Direction, Heading, Pit, PITS};

/// A turn that reaches this many relay moments ends as an endless relay
/// does (no capture), a decision of this implementation. Random play from
/// every setup stays far below it (the longest chain seen in a million
/// random moves had 446,380 relays), but a hand-made position with hundreds
/// of stones can relay for billions of steps before its cycle closes; no
/// player would sow that long.
pub const MAX_RELAYS: usize = 1_000_000;

/// Relay moments a move may take inside a random playout. A longer chain
/// ends the playout before that move, scored by the evaluation (see
/// [`Game::play_in_playout`](tabula_core::Game::play_in_playout)): one move's
/// cost stays bounded there, and the real rule is never changed. Of 1.5
/// million random moves from the five setups, 26 relayed longer.
pub const PLAYOUT_RELAYS: usize = 2_000;

/// The pits of the board, stone counts indexed by [`Pit::index`].
pub(crate) type Board = [u8; PITS];

/// How a sowing ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Sown {
    /// The last stone fell into an empty pit; this many stones were taken
    /// from the next one.
    Captured(u8),
    /// A relay moment repeated an earlier one, or the chain reached
    /// [`MAX_RELAYS`]: the turn ends, no capture.
    Ended,
    /// The chain reached the caller's limit below [`MAX_RELAYS`]; the board
    /// is left mid-move, to be thrown away.
    Stopped,
}

/// Hears what a sowing does, step by step. Every method defaults to doing
/// nothing, so `()` observes at no cost in the hot path.
pub(crate) trait Observer {
    /// `stones` were taken from `pit` to sow (the move's own pit first, then relays).
    fn pick_up(&mut self, _pit: usize, _stones: u8) {}
    /// One stone was dropped into `pit`.
    fn drop_stone(&mut self, _pit: usize) {}
    /// The last stone landed in an occupied pit: relay moment number `_moment`.
    fn relay_moment(&mut self, _moment: usize) {}
    /// The last stone landed in an empty pit; `stones` were captured from `pit`.
    fn capture(&mut self, _pit: usize, _stones: u8) {}
    /// Relay moment `moment` repeated an earlier one: the turn ends there.
    fn endless(&mut self, _moment: usize) {}
    /// The chain reached [`MAX_RELAYS`] relay moments: the turn ends there.
    fn capped(&mut self) {}
}

impl Observer for () {}

/// The state at a relay moment: enough to determine the rest of the turn.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Moment {
    at: Heading,
    board: Board,
}

/// Picks up the stones at `at`'s pit and sows them onwards; returns the
/// heading of the pit the last stone landed in.
fn leg(board: &mut Board, mut at: Heading, obs: &mut impl Observer) -> Heading {
    let pit = heading_pit(at);
    let mut hand = board[pit];
    board[pit] = 0;
    obs.pick_up(pit, hand);
    while hand > 0 {
        at = next(at);
        board[heading_pit(at)] += 1;
        obs.drop_stone(heading_pit(at));
        hand -= 1;
    }
    at
}

/// Sows the move from `pit` towards `dir` on `board`, relaying at most
/// `limit` times (at most [`MAX_RELAYS`]). The pit must not be empty.
pub(crate) fn sow(
    board: &mut Board,
    pit: Pit,
    dir: Direction,
    limit: usize,
    obs: &mut impl Observer,
) -> Sown {
    let mut at = leg(board, heading(pit, dir), obs);
    // Brent's cycle detection over relay moments, set up at the first one.
    let mut moments = 0;
    let mut first = Moment {
        at,
        board: [0; PITS],
    };
    let mut saved = first;
    let (mut power, mut distance) = (1, 0);
    loop {
        let landed = heading_pit(at);
        if board[landed] == 1 {
            let target = heading_pit(next(at));
            let stones = board[target];
            board[target] = 0;
            obs.capture(target, stones);
            return Sown::Captured(stones);
        }
        obs.relay_moment(moments);
        if moments == MAX_RELAYS {
            obs.capped();
            return Sown::Ended;
        }
        if moments == limit {
            return Sown::Stopped;
        }
        if moments == 0 {
            first = Moment { at, board: *board };
            saved = first;
        } else {
            distance += 1;
            if saved.at == at && saved.board == *board {
                let repeat = end_endless(board, first, distance);
                obs.endless(repeat);
                return Sown::Ended;
            }
            if distance == power {
                saved = Moment { at, board: *board };
                power *= 2;
                distance = 0;
            }
        }
        moments += 1;
        at = leg(board, at, obs);
    }
}

/// Given the first relay moment and the cycle length, leaves `board` as it
/// was at the first repeated moment and returns that moment's number.
fn end_endless(board: &mut Board, first: Moment, cycle: usize) -> usize {
    let advance = |m: &mut Moment| m.at = leg(&mut m.board, m.at, &mut ());
    let (mut slow, mut fast) = (first, first);
    (0..cycle).for_each(|_| advance(&mut fast));
    let mut start = 0;
    while slow != fast {
        advance(&mut slow);
        advance(&mut fast);
        start += 1;
    }
    *board = slow.board;
    start + cycle
}

/// One step of a traced move, for display.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Event {
    /// Stones taken from a pit: the move's own pit, then each relay.
    PickUp {
        /// The pit emptied.
        pit: Pit,
        /// The stones taken.
        stones: u8,
    },
    /// One stone dropped.
    Drop(Pit),
    /// The last stone fell into an empty pit; the next pit's stones were taken.
    Capture {
        /// The pit captured from.
        pit: Pit,
        /// The stones captured (0 when it was empty).
        stones: u8,
    },
    /// The relay reached a state it had been in before this turn; the turn ends.
    Endless,
    /// The relay chain reached [`MAX_RELAYS`] relays; the turn ends.
    RelayCap,
}

/// An [`Observer`] that records a move's events in order.
#[derive(Default, Debug)]
pub(crate) struct Trace {
    pub events: Vec<Event>,
    /// Where each relay moment began in `events`.
    moments: Vec<usize>,
}

impl Observer for Trace {
    fn pick_up(&mut self, pit: usize, stones: u8) {
        self.events.push(Event::PickUp {
            pit: Pit::from_index(pit),
            stones,
        });
    }
    fn drop_stone(&mut self, pit: usize) {
        self.events.push(Event::Drop(Pit::from_index(pit)));
    }
    fn relay_moment(&mut self, moment: usize) {
        debug_assert_eq!(moment, self.moments.len());
        self.moments.push(self.events.len());
    }
    fn capture(&mut self, pit: usize, stones: u8) {
        self.events.push(Event::Capture {
            pit: Pit::from_index(pit),
            stones,
        });
    }
    fn endless(&mut self, moment: usize) {
        // The detection ran past the repeat; the turn really ended there.
        self.events.truncate(self.moments[moment]);
        self.moments.truncate(moment + 1);
        self.events.push(Event::Endless);
    }
    fn capped(&mut self) {
        self.events.push(Event::RelayCap);
    }
}
