//! The hand-optimised Diffusion playout of issue 19: the yardstick for
//! Tabula's random-move path, as fast as this game's playouts get.
//!
//! Width 6 and Steere's halves only. The whole position is one `u64` of
//! 3-bit pits (12 pits, 36 bits); a ply is
//! - a uniform choice among the non-empty pits: their count by popcount,
//!   an index by a multiply-high of one random word, and the pit by finding
//!   that set bit (`pdep` with BMI2, a portable broadword select without);
//! - the sowing: one table look-up of the increments, masked by the pits
//!   already at 5 (their stone leaves the board), and one addition;
//! - the end test: two masks.
//!
//! It draws from the same generator as Tabula (Xoshiro256++), so the two
//! differ only in everything between the generator and the rules. Stores
//! are not counted: a playout needs only the winner.

use tabula::rng::Rng;

use crate::target;

/// Bit `3p` for every pit `p`: the low bit of each 3-bit field.
const LOW: u64 = 0o1111_1111_1111;
/// The fields of A's block (columns a-c of both rows) and of B's.
const BLOCK_A: u64 = 0o0001_1100_0111;
const BLOCK_B: u64 = LOW & !BLOCK_A;

/// `SOW[3p][count]`: what sowing `count` stones from pit `p` adds, one in
/// the low bit of each receiving pit's field. Indexed by the field's bit
/// position so a ply needs no division by 3.
static SOW: [[u64; 8]; 36] = sow_table();

const fn sow_table() -> [[u64; 8]; 36] {
    let mut table = [[0; 8]; 36];
    let mut pit = 0;
    while pit < 12 {
        let mut count = 1;
        while count <= 5 {
            let mut add = table[3 * pit][count - 1];
            if let Some(t) = target(pit, count - 1) {
                add += 1 << (3 * t);
            }
            table[3 * pit][count] = add;
            count += 1;
        }
        pit += 1;
    }
    table
}

/// The start: 4 stones in every pit.
pub const START: u64 = LOW * 4;

/// The low bit of every non-empty pit's field.
#[inline(always)]
fn nonempty(cells: u64) -> u64 {
    (cells | cells >> 1 | cells >> 2) & LOW
}

/// The low bit of every field holding 5 (binary 101).
#[inline(always)]
fn full(cells: u64) -> u64 {
    cells & (cells >> 2) & !(cells >> 1) & LOW
}

/// Sows the pit whose field starts at bit `shift`.
#[inline(always)]
fn sow(cells: u64, shift: u32) -> u64 {
    let count = (cells >> shift) & 7;
    let add = SOW[shift as usize][count as usize] & !full(cells);
    (cells & !(7 << shift)) + add
}

/// Index `0..k` from one random word: the high half of `word × k`.
#[inline(always)]
fn below(word: u64, k: u32) -> u32 {
    ((u128::from(word) * u128::from(k)) >> 64) as u32
}

/// Plays one random game from `cells` (A to move when `a_to_move`) and
/// returns the plies played and whether A won, choosing the pit with `nth`
/// (the position of the `n`-th set bit of a mask).
#[inline(always)]
fn playout_with(mut cells: u64, rng: &mut Rng, nth: impl Fn(u64, u32) -> u32) -> (u32, bool) {
    use rand::RngCore as _;
    let mut plies = 0;
    loop {
        let live = nonempty(cells);
        let shift = nth(live, below(rng.next_u64(), live.count_ones()));
        cells = sow(cells, shift);
        plies += 1;
        let live = nonempty(cells);
        if live & BLOCK_A == 0 {
            return (plies, true);
        }
        if live & BLOCK_B == 0 {
            return (plies, false);
        }
    }
}

/// One random playout from `cells` with the fastest select this CPU has:
/// `pdep`, in a copy of the loop compiled for x86-64-v3, when the CPU has
/// those features (chosen at run time, as Tabula does); otherwise the
/// portable select, compiled for the build's target.
pub fn playout(cells: u64, rng: &mut Rng) -> (u32, bool) {
    #[cfg(target_arch = "x86_64")]
    if uses_pdep() {
        // SAFETY: the CPU has every feature `playout_v3` is compiled for.
        return unsafe { playout_v3(cells, rng) };
    }
    playout_with(cells, rng, nth_set_bit_portable)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx,avx2,bmi1,bmi2,fma,lzcnt,movbe,popcnt")]
fn playout_v3(cells: u64, rng: &mut Rng) -> (u32, bool) {
    playout_with(cells, rng, |x, n| {
        // SAFETY: inlined into `playout_v3`, on a CPU with BMI2.
        unsafe { nth_set_bit_pdep(x, n) }
    })
}

/// One random playout with the portable select, compiled for the build's
/// target, whatever the CPU.
pub fn playout_portable(cells: u64, rng: &mut Rng) -> (u32, bool) {
    playout_with(cells, rng, nth_set_bit_portable)
}

/// Whether [`playout`] uses `pdep` on this CPU.
pub fn uses_pdep() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        has!("avx2")
            && has!("bmi1")
            && has!("bmi2")
            && has!("fma")
            && has!("lzcnt")
            && has!("movbe")
            && has!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// The position of the `n`-th set bit of `x` (`n` < popcount), by `pdep`:
/// deposit a single bit at the `n`-th one of `x`.
///
/// # Safety
/// The CPU must have BMI2.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub unsafe fn nth_set_bit_pdep(x: u64, n: u32) -> u32 {
    // SAFETY: the caller's promise.
    unsafe { core::arch::x86_64::_pdep_u64(1 << n, x) }.trailing_zeros()
}

/// The position of the `n`-th set bit of `x` (`n` < popcount) without
/// BMI2: byte counts summed by a multiply find the byte (a SWAR compare),
/// a table the bit within it. No branch.
#[inline(always)]
pub fn nth_set_bit_portable(x: u64, n: u32) -> u32 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut s = x - ((x >> 1) & 0x5555_5555_5555_5555);
    s = (s & 0x3333_3333_3333_3333) + ((s >> 2) & 0x3333_3333_3333_3333);
    s = (s + (s >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    // Byte i of `prefix`: the ones in bytes 0..=i.
    let prefix = s.wrapping_mul(ONES);
    // High bit of byte i set when bytes 0..=i hold more than n ones.
    let above =
        ((prefix | 0x8080_8080_8080_8080) - ONES * u64::from(n + 1)) & 0x8080_8080_8080_8080;
    let byte = above.trailing_zeros() - 7;
    let before = ((prefix << 8) >> byte) as u32 & 0xFF;
    let bits = (x >> byte) as usize & 0xFF;
    byte + u32::from(SELECT_IN_BYTE[bits][(n - before) as usize & 7])
}

/// `SELECT_IN_BYTE[b][k]`: the position of the `k`-th set bit of byte `b`.
static SELECT_IN_BYTE: [[u8; 8]; 256] = select_in_byte();

const fn select_in_byte() -> [[u8; 8]; 256] {
    let mut table = [[0; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut bit, mut k) = (0, 0);
        while bit < 8 {
            if b & (1 << bit) != 0 {
                table[b][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selects_agree_with_a_plain_scan() {
        let mut rng = tabula::rng::seeded(3);
        for _ in 0..10_000 {
            use rand::RngCore as _;
            let x = rng.next_u64() & rng.next_u64();
            let ones: Vec<u32> = (0..64).filter(|&b| x >> b & 1 != 0).collect();
            for (n, &bit) in ones.iter().enumerate() {
                assert_eq!(nth_set_bit_portable(x, n as u32), bit, "{x:#x} {n}");
                #[cfg(target_arch = "x86_64")]
                if std::arch::is_x86_feature_detected!("bmi2") {
                    // SAFETY: the CPU has BMI2 (checked).
                    assert_eq!(unsafe { nth_set_bit_pdep(x, n as u32) }, bit);
                }
            }
        }
    }

    #[test]
    fn sowing_matches_the_peer_board() {
        use board_game::board::Board as _;
        // Play the same random moves on both boards and compare the pits.
        let mut rng = tabula::rng::seeded(5);
        for _ in 0..200 {
            let (mut cells, mut peer) = (START, crate::PeerDiffusion::default());
            while !peer.is_done() {
                use rand::RngCore as _;
                let live = nonempty(cells);
                let shift = nth_set_bit_portable(live, below(rng.next_u64(), live.count_ones()));
                cells = sow(cells, shift);
                peer.play(shift as usize / 3).unwrap();
                let pits: Vec<u64> = (0..12).map(|p| cells >> (3 * p) & 7).collect();
                assert_eq!(pits, peer.pits().map(u64::from));
            }
            let live = nonempty(cells);
            assert!(live & BLOCK_A == 0 || live & BLOCK_B == 0);
        }
    }
}
