//! Bit tricks the playout loops share: finding the `n`-th set bit of a mask,
//! so a game can pick a uniformly random member of a bit set with one
//! random number and no branch.
//!
//! `pdep` (BMI2) does it in one instruction on Intel since Haswell and on
//! AMD since Zen 3, but AMD's Zen 1 and Zen 2 run it in microcode, taking
//! tens to hundreds of cycles. So it is used only on the fast path of
//! [`crate::isa`], which is taken on a CPU that has BMI2 and is not one of
//! those; otherwise a portable broadword select runs (about 20 simple
//! instructions, no branch).

/// The position of the `n`-th set bit of `x`, counting from 0 at the
/// lowest: `nth_set_bit(0b10110, 1) == 2`. `n` must be below
/// `x.count_ones()`; otherwise the result is unspecified (but no panic in
/// release builds).
#[inline(always)]
pub fn nth_set_bit(x: u64, n: u32) -> u32 {
    debug_assert!(n < x.count_ones(), "bit {n} of {x:#x}");
    #[cfg(target_arch = "x86_64")]
    if crate::isa::pdep_chosen() {
        // SAFETY: `pdep` is chosen only on a CPU with BMI2. Inlined into
        // code compiled for it (`fast_copy!`), this is the one
        // instruction; elsewhere, a call.
        return unsafe { core::arch::x86_64::_pdep_u64(1 << (n & 63), x) }.trailing_zeros();
    }
    nth_set_bit_portable(x, n)
}

/// [`nth_set_bit`] without BMI2: the bytes' bit counts summed by one
/// multiply give each byte's running total, a SWAR compare finds the byte
/// holding the bit, and a table the bit within that byte. No branch.
#[inline]
pub fn nth_set_bit_portable(x: u64, n: u32) -> u32 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = ONES << 7;
    let mut s = x - ((x >> 1) & 0x5555_5555_5555_5555);
    s = (s & 0x3333_3333_3333_3333) + ((s >> 2) & 0x3333_3333_3333_3333);
    s = (s + (s >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    // Byte i: the set bits in bytes 0..=i (at most 64, so bit 7 is free).
    let totals = s.wrapping_mul(ONES);
    // Bit 7 of byte i set where bytes 0..=i hold more than n set bits.
    let beyond = ((totals | HIGHS) - ONES * u64::from(n.min(63) + 1)) & HIGHS;
    let shift = (beyond | 1 << 63).trailing_zeros() & !7;
    let before = ((totals << 8) >> shift) as u32 & 0xFF;
    let byte = (x >> shift) as usize & 0xFF;
    shift + u32::from(SELECT_IN_BYTE[byte][n.wrapping_sub(before) as usize & 7])
}

/// `SELECT_IN_BYTE[b][k]`: the position of the `k`-th set bit of byte `b`.
static SELECT_IN_BYTE: [[u8; 8]; 256] = select_in_byte();

const fn select_in_byte() -> [[u8; 8]; 256] {
    let mut table = [[0; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut bit, mut k) = (0, 0);
        while bit < 8 {
            if byte & (1 << bit) != 0 {
                table[byte][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
}

/// Whether [`nth_set_bit`] uses the `pdep` instruction in this process
/// (asking the CPU first if no one has yet).
pub fn uses_pdep() -> bool {
    crate::isa::path() == crate::isa::Path::Fast
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngCore as _;

    #[test]
    fn nth_set_bit_agrees_with_a_plain_scan() {
        let mut rng = crate::rng::seeded(3);
        let mut masks = vec![1, 1 << 63, u64::MAX, 0x8000_0000_0000_0001];
        masks.extend((0..2000).map(|_| rng.next_u64() & rng.next_u64()));
        for x in masks {
            let ones: Vec<u32> = (0..64).filter(|&b| x >> b & 1 != 0).collect();
            for (n, &bit) in ones.iter().enumerate() {
                assert_eq!(nth_set_bit_portable(x, n as u32), bit, "{x:#x} {n}");
                assert_eq!(nth_set_bit(x, n as u32), bit, "{x:#x} {n}");
                #[cfg(target_arch = "x86_64")]
                if std::arch::is_x86_feature_detected!("bmi2") {
                    // SAFETY: the CPU has BMI2 (checked).
                    let deposited = unsafe { core::arch::x86_64::_pdep_u64(1 << n, x) };
                    assert_eq!(deposited.trailing_zeros(), bit, "{x:#x} {n}");
                }
            }
        }
    }
}
