//! The shared drawing and position text, on a small two-row game of its
//! own (a move banks the pit's seeds): the board's geometry, the position
//! text and its errors, the marks on the board and in the picture.

use tabula_core::{
    Actions, Game, MoveError, Notation, Outcome, ParamError, ParamSpec, Params, PositionError,
    Seat, Variant, View,
};

use crate::{pit_at, pit_letter, TwoRows, Words};

/// Two pits a side; a move puts the pit's seeds in the mover's bank; the
/// game ends when the side to move has no seeds.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Bank {
    variant: BankVariant,
    board: [u8; 4],
    banks: [u8; 2],
    to_move: Seat,
}

/// Bank's only variant.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct BankVariant;

impl Variant for BankVariant {
    type State = Bank;
    const NAME: &'static str = "bank";
    const DESCRIPTION: &'static str = "bank a pit's seeds";
    const PARAMS: &'static [ParamSpec] = &[];
    const RULES: &'static str = "Move a pit's seeds to your bank.";

    fn new(_: &Params) -> Result<Self, ParamError> {
        Ok(BankVariant)
    }

    fn start(&self) -> Bank {
        Bank {
            variant: BankVariant,
            board: [1; 4],
            banks: [0, 0],
            to_move: 0,
        }
    }

    fn players(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        ["South", "North"][seat].to_string()
    }

    fn action_count(&self) -> usize {
        2
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![0]
    }
}

impl Game for Bank {
    type Move = u8;
    type Variant = BankVariant;

    fn variant(&self) -> &BankVariant {
        &self.variant
    }

    fn to_move(&self) -> Seat {
        self.to_move
    }

    fn outcome(&self) -> Option<Outcome> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let [south, north] = self.banks;
        (moves.is_empty()).then(|| match south.cmp(&north) {
            std::cmp::Ordering::Greater => Outcome::win(0),
            std::cmp::Ordering::Less => Outcome::win(1),
            std::cmp::Ordering::Equal => Outcome::draw(2),
        })
    }

    fn key(&self) -> u64 {
        tabula_core::key::of(&[u64::from(u32::from_le_bytes(self.board))])
    }

    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        let side = &self.board[2 * self.to_move..][..2];
        moves.extend((0..2).filter(|&pit| side[usize::from(pit)] > 0));
    }

    fn play(&mut self, mv: u8) {
        let pit = 2 * self.to_move + usize::from(mv);
        self.banks[self.to_move] += std::mem::take(&mut self.board[pit]);
        self.to_move = 1 - self.to_move;
    }
}

impl Actions for Bank {
    fn action(&self, mv: u8) -> usize {
        usize::from(mv)
    }

    fn action_move(&self, action: usize) -> Option<u8> {
        (action < 2).then_some(action as u8)
    }
}

impl Notation for Bank {
    fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        match text {
            "A" | "a" => Ok(0),
            "B" | "b" => Ok(1),
            _ => Err(MoveError::syntax(text, "A or B")),
        }
    }

    fn format_move(&self, mv: u8) -> String {
        tabula_core::notation::letter(usize::from(mv), self.to_move == 0).to_string()
    }

    fn position(&self) -> String {
        crate::format_position(self)
    }

    fn read_position(variant: &BankVariant, text: &str) -> Result<Bank, PositionError> {
        crate::parse_position(&variant.start(), text)
    }
}

impl TwoRows for Bank {
    const WORDS: Words = Words {
        title: "Bank",
        banks: "banks",
        banks_in_full: "banked seeds",
        pit: "pit",
    };

    fn board(&self) -> &[u8] {
        &self.board
    }

    fn banks(&self) -> [u8; 2] {
        self.banks
    }

    fn with_board(&self, board: &[u8], banks: [u8; 2], to_move: Seat) -> Result<Self, String> {
        let board = board.try_into().map_err(|_| "not 4 pits".to_string())?;
        Ok(Bank {
            variant: BankVariant,
            board,
            banks,
            to_move,
        })
    }

    fn result_text(&self) -> Option<String> {
        crate::final_score(self)
    }
}

fn bank() -> BankVariant {
    BankVariant
}

#[test]
fn south_reads_left_to_right_below_north_right_to_left_above() {
    // Six pits a side: South's A-F are 0-5 below, North's a-f 6-11 above
    // from North's left (South's right).
    let below: Vec<usize> = (0..6).map(|col| pit_at(6, 1, col)).collect();
    let above: Vec<usize> = (0..6).map(|col| pit_at(6, 0, col)).collect();
    assert_eq!(below, [0, 1, 2, 3, 4, 5]);
    assert_eq!(above, [11, 10, 9, 8, 7, 6]);
    let letters = |row| {
        (0..6)
            .map(|col| pit_letter(6, row, col))
            .collect::<String>()
    };
    assert_eq!(letters(1), "ABCDEF");
    assert_eq!(letters(0), "fedcba");
    assert_eq!((pit_at(1, 0, 0), pit_letter(1, 0, 0)), (1, 'a'));
}

#[test]
fn the_position_text_round_trips_and_says_what_is_wrong() {
    let state = bank().parse_position("1,2/3,4 5,6 n").unwrap();
    assert_eq!(state.position(), "1,2/3,4 5,6 N");
    assert_eq!(
        (state.board, state.banks, state.to_move),
        ([1, 2, 3, 4], [5, 6], 1)
    );
    for (bad, reason) in [
        ("", "SOUTH/NORTH BANKS SIDE"),
        ("1,1/1,1 0,0", "SOUTH/NORTH BANKS SIDE"),
        ("1,1/1,1 0,0 S extra", "SOUTH/NORTH BANKS SIDE"),
        ("1,1/1,1 0,0 X", "side to move must be S or N, not `X`"),
        (
            "1,1,1/1,1 0,0 S",
            "South's row needs 2 counts, found 3 in `1,1,1`",
        ),
        ("1,1/1 0,0 S", "North's row needs 2 counts, found 1 in `1`"),
        ("1,1-1,1 0,0 S", "rows"),
        ("1,1/1,1/1 0,0 S", "rows"),
        ("1,x/1,1 0,0 S", "`x` is not a seed count 0-255"),
        ("1,-1/1,1 0,0 S", "`-1` is not a seed count 0-255"),
        ("256,1/1,1 0,0 S", "`256` is not a seed count 0-255"),
        ("1,1/1,1 0 S", "banks must be `SOUTH,NORTH`, not `0`"),
        (
            "1,1/1,1 0,0,0 S",
            "banks must be `SOUTH,NORTH`, not `0,0,0`",
        ),
    ] {
        let error = bank().parse_position(bad).unwrap_err().to_string();
        assert!(error.contains(reason), "{bad:?}: {error}");
    }
}

#[test]
fn the_board_marks_the_last_move_and_names_the_banks() {
    let before = bank().parse_position("1,0/0,2 0,0 S").unwrap();
    let mut after = before.clone();
    after.play(0);
    let view = View {
        last: Some((&before, 0)),
        color: false,
    };
    let board = crate::render(&after, &view);
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(lines[0], "          b   a", "{board}");
    assert_eq!(lines[1], "  [ 0]    2   0          North", "{board}");
    assert_eq!(lines[2], "          0^  0   [ 1]*  South", "{board}");
    assert_eq!(lines[3], "          A   B", "{board}");
    assert!(
        board.contains("banked seeds (North left, South right)"),
        "{board}"
    );
    assert!(board.contains("Last move: South A"), "{board}");
    assert!(board.ends_with("North to move"), "{board}");
    let svg = crate::svg(&after, &view);
    assert!(
        svg.contains("Bank") && svg.contains("banks: North left"),
        "{svg}"
    );
    for pit in ["A", "B", "a", "b"] {
        assert!(
            svg.contains(&format!(r#"data-cell="{pit}""#)),
            "{pit}: {svg}"
        );
    }
    let mut over = after.clone();
    over.play(1);
    assert!(crate::render(&over, &View::plain()).ends_with("North wins 2-1"));
}
