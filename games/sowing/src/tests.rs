//! The board's geometry: which pit stands where, and its letter.

use crate::{pit_at, pit_letter};

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
