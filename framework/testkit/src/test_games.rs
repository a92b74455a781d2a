//! Small games with known answers, for the framework's own tests.

use tabula_core::draw::{picture, Caption};
use tabula_core::error::{MoveError, PositionError};
use tabula_core::outcome::{even_scores, Outcome, Scores, MAX_PLAYERS};
use tabula_core::params::{ParamError, ParamSpec, Params};
use tabula_core::prelude::*;

/// Nim for `players` seats in turn: take 1–3 stones, whoever takes the
/// last stone wins. With two players a count that is a multiple of 4 is
/// lost for the seat to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Nim {
    /// Stones left on the heap.
    pub left: u8,
    /// The seat to move, from 0.
    pub to_move: usize,
    /// How many seats play in turn.
    pub variant: Seats,
}

/// The variant of [`Nim`]: how many seats play in turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seats {
    /// Seats in turn.
    pub players: usize,
}

impl Nim {
    /// `left` stones, `to_move` (from 0) to move, `players` seats.
    pub fn at(left: u8, to_move: usize, players: usize) -> Self {
        Nim {
            left,
            to_move,
            variant: Seats { players },
        }
    }
}

impl Variant for Seats {
    type State = Nim;
    const NAME: &'static str = "nim";
    const DESCRIPTION: &'static str = "take 1-3 stones, last stone wins";
    const PARAMS: &'static [ParamSpec] = &[];
    const RULES: &'static str = "";
    fn new(_: &Params) -> Result<Self, ParamError> {
        Ok(Seats { players: 2 })
    }
    fn start(&self) -> Nim {
        Nim::at(10, 0, self.players)
    }
    fn players(&self) -> usize {
        self.players
    }
    fn action_count(&self) -> usize {
        3
    }
    /// The stones left, then the seat to move counted from the observer.
    fn observation_shape(&self) -> Vec<usize> {
        vec![1 + self.players]
    }
}

impl Game for Nim {
    type Move = u8;
    type Variant = Seats;
    fn variant(&self) -> &Seats {
        &self.variant
    }
    fn to_move(&self) -> usize {
        self.to_move
    }
    fn outcome(&self) -> Option<Outcome> {
        let players = self.variant.players;
        let last = (self.to_move + players - 1) % players;
        (self.left == 0).then(|| Outcome::win(last))
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.left > 0 {
            moves.extend((1..=3).filter(|&n| n <= self.left));
        }
    }
    fn play(&mut self, mv: u8) {
        self.left -= mv;
        self.to_move = (self.to_move + 1) % self.variant.players;
    }
    fn key(&self) -> u64 {
        let players = self.variant.players as u64;
        tabula_core::key::of(&[self.left.into(), self.to_move as u64, players])
    }
}

impl Actions for Nim {
    fn action(&self, mv: u8) -> usize {
        usize::from(mv) - 1
    }
    fn action_move(&self, action: usize) -> Option<u8> {
        (action < 3).then(|| action as u8 + 1)
    }
}

impl Observation for Nim {
    fn observe(&self, seat: usize, out: &mut [f32]) {
        let players = self.variant.players;
        out.fill(0.0);
        out[0] = self.left.into();
        out[1 + (self.to_move + players - seat) % players] = 1.0;
    }
}

/// No heuristic: an unfinished game is an even share.
impl Evaluation for Nim {
    fn evaluate(&self) -> Scores {
        self.outcome()
            .map_or_else(|| even_scores(self.variant.players), |o| o.scores())
    }
}

impl Notation for Nim {
    fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        text.trim()
            .parse()
            .map_err(|_| MoveError::syntax(text, "1-3"))
    }
    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }
    /// `LEFT SEAT`, seats from 1 (the same players as the variant).
    fn position(&self) -> String {
        format!("{} {}", self.left, self.to_move + 1)
    }
    fn read_position(variant: &Seats, text: &str) -> Result<Self, PositionError> {
        let (left, seat) = number_and_seat(text, variant.players, "expected `LEFT SEAT`")?;
        Ok(Nim::at(left, seat, variant.players))
    }
}

impl Drawing for Nim {
    fn render(&self, view: &View<'_, Self>) -> String {
        board(self, view, &format!("{} stones", self.left))
    }
}

impl Picture for Nim {
    fn svg(&self, view: &View<'_, Self>) -> String {
        picture_of(self, view, &["1", "2", "3"])
    }
}

/// The position text, with the caption every board ends with.
fn board<G: Notation>(state: &G, view: &View<'_, G>, line: &str) -> String {
    let mut caption = Caption::new(view.color);
    caption.last_move(view, "").status(state, None);
    // The last move's board stands out, as every board's last move does.
    let line = match view.last {
        Some(_) => view.paint(line, tabula_core::Style::Highlight),
        None => line.to_string(),
    };
    caption.under(&[line])
}

/// A picture of the caption, with a click target for each move text.
fn picture_of<G: Notation>(state: &G, view: &View<'_, G>, moves: &[&str]) -> String {
    let mut svg = picture::titled(300.0, 160.0, G::Variant::NAME);
    for (i, mv) in moves.iter().enumerate() {
        let label = format!("cell {mv}, the move {mv}");
        picture::target(&mut svg, (40.0 + 40.0 * i as f64, 60.0), 15.0, mv, &label);
    }
    let mut caption = Caption::new(false);
    caption.last_move(view, "").status(state, None);
    caption.draw(&mut svg, 100.0);
    svg.finish()
}

/// The position text of these games, `NUMBER SEAT` with seats from 1 (at
/// most `players`), as the number and the seat from 0.
fn number_and_seat(
    text: &str,
    players: usize,
    expected: &str,
) -> Result<(u8, usize), PositionError> {
    let bad = || PositionError::new(text, expected);
    let (number, seat) = text.trim().split_once(' ').ok_or_else(bad)?;
    let number: u8 = number.parse().map_err(|_| bad())?;
    let seat: usize = seat.parse().map_err(|_| bad())?;
    if !(1..=players).contains(&seat) {
        return Err(bad());
    }
    Ok((number, seat - 1))
}

/// A token on cells `0..=LAST`, moved one cell left (`0`) or right (`1`)
/// by the seat to move; it wins for seat 0 at `LAST` and for seat 1 at 0.
/// Each side can undo the other's step, so positions repeat and a game can
/// go on for ever: for what a search does with repetitions. Its evaluation
/// is how far the token has come towards seat 0's end.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shuttle {
    /// The token's cell, 0 to `LAST`.
    pub cell: u8,
    /// The seat to move, 0 or 1.
    pub to_move: usize,
}

/// The one variant of [`Shuttle`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Track;

impl Shuttle {
    /// The last cell, seat 0's goal.
    pub const LAST: u8 = 6;

    /// The token on `cell`, `to_move` to move.
    pub fn at(cell: u8, to_move: usize) -> Self {
        Shuttle { cell, to_move }
    }
}

impl Variant for Track {
    type State = Shuttle;
    const NAME: &'static str = "shuttle";
    const DESCRIPTION: &'static str = "move the token one cell either way, to your end";
    const PARAMS: &'static [ParamSpec] = &[];
    const RULES: &'static str = "";
    fn new(_: &Params) -> Result<Self, ParamError> {
        Ok(Track)
    }
    fn start(&self) -> Shuttle {
        Shuttle::at(Shuttle::LAST / 2, 0)
    }
    fn players(&self) -> usize {
        2
    }
    fn action_count(&self) -> usize {
        2
    }
    /// The cell, then whether the observer is to move.
    fn observation_shape(&self) -> Vec<usize> {
        vec![2]
    }
}

impl Game for Shuttle {
    type Move = u8;
    type Variant = Track;
    fn variant(&self) -> &Track {
        &Track
    }
    fn to_move(&self) -> usize {
        self.to_move
    }
    fn outcome(&self) -> Option<Outcome> {
        match self.cell {
            0 => Some(Outcome::win(1)),
            Self::LAST => Some(Outcome::win(0)),
            _ => None,
        }
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.outcome().is_none() {
            moves.extend([0, 1]);
        }
    }
    fn play(&mut self, mv: u8) {
        match mv {
            0 => self.cell -= 1,
            _ => self.cell += 1,
        }
        self.to_move = 1 - self.to_move;
    }
    fn key(&self) -> u64 {
        tabula_core::key::of(&[self.cell.into(), self.to_move as u64])
    }
}

impl Evaluation for Shuttle {
    fn evaluate(&self) -> Scores {
        let mut scores = [0.0; MAX_PLAYERS];
        scores[0] = f32::from(self.cell) / f32::from(Self::LAST);
        scores[1] = 1.0 - scores[0];
        scores
    }
}

impl Actions for Shuttle {
    fn action(&self, mv: u8) -> usize {
        mv.into()
    }
    fn action_move(&self, action: usize) -> Option<u8> {
        (action < 2).then_some(action as u8)
    }
}

impl Observation for Shuttle {
    fn observe(&self, seat: usize, out: &mut [f32]) {
        out[0] = self.cell.into();
        out[1] = f32::from(u8::from(seat == self.to_move));
    }
}

impl Notation for Shuttle {
    fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        match text.trim() {
            "left" => Ok(0),
            "right" => Ok(1),
            _ => Err(MoveError::syntax(text, "left or right")),
        }
    }
    fn format_move(&self, mv: u8) -> String {
        ["left", "right"][usize::from(mv)].to_string()
    }
    /// `CELL SEAT`, seats from 1.
    fn position(&self) -> String {
        format!("{} {}", self.cell, self.to_move + 1)
    }
    fn read_position(_: &Track, text: &str) -> Result<Self, PositionError> {
        let expected = "expected `CELL SEAT`";
        let (cell, seat) = number_and_seat(text, 2, expected)?;
        if cell > Self::LAST {
            return Err(PositionError::new(text, expected));
        }
        Ok(Shuttle::at(cell, seat))
    }
}

impl Drawing for Shuttle {
    fn render(&self, view: &View<'_, Self>) -> String {
        board(self, view, &format!("the token on cell {}", self.cell))
    }
}

impl Picture for Shuttle {
    fn svg(&self, view: &View<'_, Self>) -> String {
        picture_of(self, view, &["left", "right"])
    }
}

/// A game of pure luck, for measures of skill: the first ply tosses a coin
/// (`heads`: seat 0 wins, `tails`: seat 1 wins), then the seats in turn
/// make [`Coin::FILLER`] moves (`a`, `b` or `c`) that change nothing. Played
/// with the toss as a random opening move (the arena's `opening_plies =
/// 1`), no agent can do better than any other: a skill ladder on it must
/// find no depth.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Coin {
    /// The only variant.
    pub variant: Toss,
    /// The toss: `Some(0)` heads, `Some(1)` tails, `None` before it.
    pub toss: Option<u8>,
    /// Plies played, the toss included.
    pub plies: u8,
    /// The seat to move, 0 or 1.
    pub to_move: usize,
}

impl Coin {
    /// The moves after the toss.
    pub const FILLER: u8 = 6;
    /// Every move's text: the toss's two, then the filler's three.
    const MOVES: [&'static str; 5] = ["heads", "tails", "a", "b", "c"];
}

/// The variant of [`Coin`], the only one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Toss;

impl Variant for Toss {
    type State = Coin;
    const NAME: &'static str = "coin";
    const DESCRIPTION: &'static str = "toss a coin, then make moves that change nothing";
    const PARAMS: &'static [ParamSpec] = &[];
    const RULES: &'static str = "";
    fn new(_: &Params) -> Result<Self, ParamError> {
        Ok(Toss)
    }
    fn start(&self) -> Coin {
        Coin {
            variant: Toss,
            toss: None,
            plies: 0,
            to_move: 0,
        }
    }
    fn players(&self) -> usize {
        2
    }
    fn action_count(&self) -> usize {
        Coin::MOVES.len()
    }
    /// Whether the toss came up heads, whether tails, the plies played,
    /// then whether the observer is to move.
    fn observation_shape(&self) -> Vec<usize> {
        vec![4]
    }
}

impl Game for Coin {
    type Move = u8;
    type Variant = Toss;
    fn variant(&self) -> &Toss {
        &self.variant
    }
    fn to_move(&self) -> usize {
        self.to_move
    }
    fn outcome(&self) -> Option<Outcome> {
        let toss = self.toss?;
        (self.plies > Self::FILLER).then(|| Outcome::win(toss.into()))
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        match self.toss {
            None => moves.extend([0, 1]),
            Some(_) if self.outcome().is_none() => moves.extend([2, 3, 4]),
            Some(_) => {}
        }
    }
    fn play(&mut self, mv: u8) {
        if self.toss.is_none() {
            self.toss = Some(mv);
        }
        self.plies += 1;
        self.to_move = 1 - self.to_move;
    }
    fn key(&self) -> u64 {
        let toss = self.toss.map_or(0, |t| u64::from(t) + 1);
        tabula_core::key::of(&[toss, self.plies.into(), self.to_move as u64])
    }
}

impl Actions for Coin {
    fn action(&self, mv: u8) -> usize {
        mv.into()
    }
    fn action_move(&self, action: usize) -> Option<u8> {
        (action < Self::MOVES.len()).then_some(action as u8)
    }
}

impl Observation for Coin {
    fn observe(&self, seat: usize, out: &mut [f32]) {
        out[0] = f32::from(u8::from(self.toss == Some(0)));
        out[1] = f32::from(u8::from(self.toss == Some(1)));
        out[2] = self.plies.into();
        out[3] = f32::from(u8::from(seat == self.to_move));
    }
}

impl Evaluation for Coin {
    /// Even before the toss; after it the toss's seat has won.
    fn evaluate(&self) -> Scores {
        match self.toss {
            None => even_scores(2),
            Some(toss) => Outcome::win(toss.into()).scores(),
        }
    }
}

impl Notation for Coin {
    fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        let found = (Self::MOVES.iter()).position(|m| m.eq_ignore_ascii_case(text.trim()));
        found
            .map(|i| i as u8)
            .ok_or_else(|| MoveError::syntax(text, "heads, tails, a, b or c"))
    }
    fn format_move(&self, mv: u8) -> String {
        Self::MOVES[usize::from(mv)].to_string()
    }
    /// `TOSS PLIES SEAT`: `-` before the toss, seats from 1.
    fn position(&self) -> String {
        let toss = self.toss.map_or("-", |t| Self::MOVES[usize::from(t)]);
        format!("{toss} {} {}", self.plies, self.to_move + 1)
    }
    fn read_position(_: &Toss, text: &str) -> Result<Self, PositionError> {
        let expected = "expected `TOSS PLIES SEAT`, e.g. `heads 3 2`";
        let bad = || PositionError::new(text, expected);
        let mut words = text.split_whitespace();
        let (Some(toss), Some(rest)) = (words.next(), words.next().zip(words.next())) else {
            return Err(bad());
        };
        if words.next().is_some() {
            return Err(bad());
        }
        let toss = match toss {
            "-" => None,
            "heads" => Some(0),
            "tails" => Some(1),
            _ => return Err(bad()),
        };
        let (plies, seat) = number_and_seat(&format!("{} {}", rest.0, rest.1), 2, expected)?;
        // Before the toss nothing is played; after it, at most the filler,
        // the seats taking turns from seat 0.
        if toss.is_none() != (plies == 0)
            || plies > Self::FILLER + 1
            || seat != usize::from(plies % 2)
        {
            return Err(bad());
        }
        Ok(Coin {
            variant: Toss,
            toss,
            plies,
            to_move: seat,
        })
    }
}

impl Drawing for Coin {
    fn render(&self, view: &View<'_, Self>) -> String {
        board(self, view, &self.position())
    }
}

impl Picture for Coin {
    fn svg(&self, view: &View<'_, Self>) -> String {
        picture_of(self, view, &Self::MOVES)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conformance::{check, Config};

    #[test]
    fn the_coin_passes_the_conformance_suite_and_the_toss_decides() {
        let start = Toss.start();
        let config = Config {
            games: 200,
            ..Config::default()
        };
        assert!(check(&start, &config) > 0);
        for (toss, winner) in [(0, 0), (1, 1)] {
            let mut game = start.clone();
            game.play(toss);
            let mut moves = Vec::new();
            while game.outcome().is_none() {
                game.legal_moves(&mut moves);
                assert_eq!(moves, [2, 3, 4]);
                game.play(moves[usize::from(game.plies) % 3]);
            }
            assert_eq!(game.outcome(), Some(Outcome::win(winner)));
            assert_eq!(game.plies, Coin::FILLER + 1);
        }
        assert_eq!(
            start.variant().parse_position("heads 3 2").unwrap().plies,
            3
        );
        for bad in [
            "- 1 2",
            "heads 0 1",
            "tails 3 1",
            "heads 9 2",
            "x 1 2",
            "heads 1",
        ] {
            assert!(start.variant().parse_position(bad).is_err(), "{bad}");
        }
    }
}
