//! The board: pits, who owns them, and the sowing of every pit, as tables
//! computed at compile time for each width.
//!
//! Pits are numbered `row × width + column`, row 0 being the upper row (North's
//! side) and row 1 the lower row (South's side). A position's pit counts are
//! packed four bits each into one `u128` (a pit never holds more than 5),
//! so the tables give a whole sowing as one number to add.

/// The widest board (`width` 12): 24 pits, 96 bits of nibbles.
pub(crate) const MAX_PITS: usize = 24;
const LEFT_STORE: u8 = MAX_PITS as u8;
const RIGHT_STORE: u8 = LEFT_STORE + 1;

/// A small pit, and so a move: index `row × width + column`, row 0 being
/// the upper row (North's side) and row 1 the lower row (South's side).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Pit(pub u8);

/// Who owns which pits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Blocks {
    /// Steere's rule: South owns the left half, North the right half.
    Halves,
    /// Diffusion v2: South owns the lower row, North the upper row.
    Rows,
}

/// Every nibble's lowest bit, and the masks the overflow test uses.
const ONES: u128 = u128::MAX / 0xF;
const SEVENS: u128 = ONES * 7;
pub(crate) const EIGHTS: u128 = ONES * 8;
pub(crate) const SIXES: u128 = ONES * 6;

/// The index of a width (4, 6, … 12) into the tables.
pub(crate) fn width_index(width: usize) -> usize {
    width / 2 - 2
}

/// The five sowing positions of every pit, per even width 4..=12, fixed by
/// the rules: lower-row pits sow E, NE, N, NW, W; upper-row pits W, SW, S,
/// SE, E. A position past either end is that end's store.
pub(crate) static SOWING: [[[u8; 5]; MAX_PITS]; 5] = [
    sowing_table(4),
    sowing_table(6),
    sowing_table(8),
    sowing_table(10),
    sowing_table(12),
];

const fn sowing_table(width: usize) -> [[u8; 5]; MAX_PITS] {
    // (row offset, column offset) per sowing step, for each row.
    const UPPER: [(i32, i32); 5] = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1)];
    const LOWER: [(i32, i32); 5] = [(0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1)];
    let mut table = [[0u8; 5]; MAX_PITS];
    let mut pit = 0;
    while pit < 2 * width {
        let (row, col) = ((pit / width) as i32, (pit % width) as i32);
        let steps = if row == 0 { UPPER } else { LOWER };
        let mut k = 0;
        while k < 5 {
            let (r, c) = (row + steps[k].0, col + steps[k].1);
            table[pit][k] = if c < 0 {
                LEFT_STORE
            } else if c >= width as i32 {
                RIGHT_STORE
            } else {
                (r * width as i32 + c) as u8
            };
            k += 1;
        }
        pit += 1;
    }
    table
}

/// The pits `pit` sows into on a board of this width index, in order
/// (`None` for a store).
pub(crate) fn sowing_order(width_index: usize, pit: Pit) -> impl Iterator<Item = Option<Pit>> {
    SOWING[width_index][pit.0 as usize]
        .into_iter()
        .map(|t| (t < LEFT_STORE).then_some(Pit(t)))
}

/// What sowing `count` stones from a pit adds: one per target pit's
/// nibble, and the stones that go straight to each store.
#[derive(Clone, Copy)]
pub(crate) struct Sowing {
    pub(crate) add: u128,
    /// The pits that receive a stone (each becomes or stays non-empty).
    pub(crate) filled: u32,
    pub(crate) stores: [u8; 2],
}

/// `SOWINGS[width index][pit][count]`, built from [`SOWING`].
pub(crate) static SOWINGS: [[[Sowing; 6]; MAX_PITS]; 5] =
    [sowings(0), sowings(1), sowings(2), sowings(3), sowings(4)];

const fn sowings(width_index: usize) -> [[Sowing; 6]; MAX_PITS] {
    let targets = &SOWING[width_index];
    let none = Sowing {
        add: 0,
        filled: 0,
        stores: [0; 2],
    };
    let mut table = [[none; 6]; MAX_PITS];
    let mut pit = 0;
    while pit < MAX_PITS {
        let mut count = 1;
        while count <= 5 {
            let mut sowing = table[pit][count - 1];
            let target = targets[pit][count - 1];
            if target >= LEFT_STORE {
                sowing.stores[(target - LEFT_STORE) as usize] += 1;
            } else {
                sowing.add += 1 << (4 * target as u32);
                sowing.filled |= 1 << target;
            }
            table[pit][count] = sowing;
            count += 1;
        }
        pit += 1;
    }
    table
}

/// Pit masks per width index: each seat's block for both block kinds
/// (`[kind][seat]`).
pub(crate) static BLOCKS: [[[u32; 2]; 2]; 5] =
    [blocks(4), blocks(6), blocks(8), blocks(10), blocks(12)];

const fn blocks(width: usize) -> [[u32; 2]; 2] {
    let row = (1u32 << width) - 1;
    let left = (1u32 << (width / 2)) - 1;
    let left_half = left | left << width;
    [
        [left_half, (row | row << width) & !left_half],
        [row << width, row],
    ]
}

/// Nibble masks of the right half's pits (the right store's side).
pub(crate) static RIGHT_HALF: [u128; 5] = [
    right_half(4),
    right_half(6),
    right_half(8),
    right_half(10),
    right_half(12),
];

const fn right_half(width: usize) -> u128 {
    let row = (1u128 << (4 * width)) - 1;
    let left = (1u128 << (2 * width)) - 1;
    (row | row << (4 * width)) & !(left | left << (4 * width))
}

/// Bit 3 of each nibble that is non-zero.
#[inline]
pub(crate) fn nonzero_nibbles(cells: u128) -> u128 {
    (((cells & SEVENS) + SEVENS) | cells) & EIGHTS
}
