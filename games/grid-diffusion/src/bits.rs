//! A fixed-size bit set over the cells of any board up to 19x19.
//!
//! Six words cover 384 ≥ 361 cells. A fixed size keeps the state `Copy`
//! and lets life and death be computed with a few shifts per word instead
//! of a loop over cells.

use std::ops::{BitAnd, BitOr, BitXor, Not};

/// Words per bit set.
pub(crate) const WORDS: usize = 6;
/// The most cells a board may have (19x19).
pub(crate) const MAX_CELLS: usize = 361;

const _: () = assert!(WORDS * 64 >= MAX_CELLS);

/// A set of cells, bit `i` standing for cell index `i`.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub(crate) struct Bits([u64; WORDS]);

impl Bits {
    pub(crate) const EMPTY: Bits = Bits([0; WORDS]);

    #[inline(always)]
    pub(crate) fn single(cell: usize) -> Bits {
        let mut bits = Bits::EMPTY;
        bits.set(cell);
        bits
    }

    /// Whether `cell` is in the set; cells beyond the capacity never are.
    #[inline(always)]
    pub(crate) fn has(self, cell: usize) -> bool {
        cell < WORDS * 64 && (self.0[cell / 64] >> (cell % 64)) & 1 == 1
    }

    #[inline(always)]
    pub(crate) fn set(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    #[inline(always)]
    pub(crate) fn clear(&mut self, cell: usize) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }

    #[inline(always)]
    pub(crate) fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    #[inline(always)]
    pub(crate) fn is_empty(self) -> bool {
        self.0.iter().fold(0, |acc, w| acc | w) == 0
    }

    /// Every cell index raised by `k` (1 ≤ k < 64); bits past the end are lost.
    #[inline(always)]
    pub(crate) fn shl(self, k: u32) -> Bits {
        let w = self.0;
        let mut out = [0; WORDS];
        out[0] = w[0] << k;
        for i in 1..WORDS {
            out[i] = w[i] << k | w[i - 1] >> (64 - k);
        }
        Bits(out)
    }

    /// Every cell index lowered by `k` (1 ≤ k < 64); bits below 0 are lost.
    #[inline(always)]
    pub(crate) fn shr(self, k: u32) -> Bits {
        let w = self.0;
        let mut out = [0; WORDS];
        for i in 0..WORDS - 1 {
            out[i] = w[i] >> k | w[i + 1] << (64 - k);
        }
        out[WORDS - 1] = w[WORDS - 1] >> k;
        Bits(out)
    }

    /// The lowest cell, if any.
    pub(crate) fn first(self) -> Option<usize> {
        self.iter().next()
    }

    /// The `k`-th cell in increasing order (0-based); `k < self.count()`.
    #[inline(always)]
    pub(crate) fn select(self, mut k: u32) -> usize {
        for (i, &word) in self.0.iter().enumerate() {
            let ones = word.count_ones();
            if k < ones {
                return i * 64 + select64(word, k) as usize;
            }
            k -= ones;
        }
        unreachable!("select past the end of a bit set")
    }

    /// The cells in increasing order.
    pub(crate) fn iter(self) -> Ones {
        Ones {
            bits: self.0,
            word: 0,
        }
    }
}

/// The position of the `k`-th set bit of `x` (k < popcount): halve the
/// search three times, then clear the few remaining low bits.
#[inline(always)]
fn select64(mut x: u64, mut k: u32) -> u32 {
    let mut base = 0;
    for width in [32, 16, 8] {
        let low = (x & ((1u64 << width) - 1)).count_ones();
        if k >= low {
            k -= low;
            x >>= width;
            base += width;
        }
    }
    for _ in 0..k {
        x &= x - 1;
    }
    base + x.trailing_zeros()
}

/// Iterator over the cells of a [`Bits`].
pub(crate) struct Ones {
    bits: [u64; WORDS],
    word: usize,
}

impl Iterator for Ones {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        while self.word < WORDS {
            let w = self.bits[self.word];
            if w != 0 {
                self.bits[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $op:tt) => {
        impl $trait for Bits {
            type Output = Bits;
            #[inline(always)]
            fn $method(mut self, rhs: Bits) -> Bits {
                // A plain loop: `array::from_fn` would be a call the
                // optimiser may leave out of line (and so off the fast path).
                for (w, r) in self.0.iter_mut().zip(rhs.0) {
                    *w $op r;
                }
                self
            }
        }
    };
}

bit_op!(BitAnd, bitand, &=);
bit_op!(BitOr, bitor, |=);
bit_op!(BitXor, bitxor, ^=);

impl Not for Bits {
    type Output = Bits;
    #[inline(always)]
    fn not(mut self) -> Bits {
        for w in &mut self.0 {
            *w = !*w;
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn select_iter_and_shifts_agree() {
        let mut b = Bits::EMPTY;
        for cell in [0, 5, 63, 64, 100, 200, 360] {
            b.set(cell);
        }
        let cells: Vec<usize> = b.iter().collect();
        assert_eq!(cells, vec![0, 5, 63, 64, 100, 200, 360]);
        for (k, &cell) in cells.iter().enumerate() {
            assert_eq!(b.select(k as u32), cell);
        }
        assert_eq!(
            b.shl(19).iter().collect::<Vec<_>>(),
            vec![19, 24, 82, 83, 119, 219, 379]
        );
        assert_eq!(
            b.shr(1).iter().collect::<Vec<_>>(),
            vec![4, 62, 63, 99, 199, 359]
        );
        assert_eq!(b.count(), 7);
        assert!(!b.has(1000));
    }
}
