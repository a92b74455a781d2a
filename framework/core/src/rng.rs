//! The one random-number generator every seeded choice flows from, and the
//! cheap draws the playout loops use.

use rand::{RngCore as _, SeedableRng};

/// A small, fast generator whose streams are fixed by its seed on every
/// platform and crate version (unlike `rand::rngs::SmallRng`), so a seed
/// always replays the same game.
pub type Rng = rand_xoshiro::Xoshiro256PlusPlus;

/// A generator for `seed`. (It also has the CPU asked which path the hot
/// loops take, see [`crate::isa`], before the first move is drawn.)
pub fn seeded(seed: u64) -> Rng {
    crate::isa::path();
    Rng::seed_from_u64(seed)
}

/// A number in `0..n` from one 64-bit draw: the high half of `draw × n`
/// (Lemire's reduction without the rejection step). Each value's chance is
/// off from `1/n` by less than `2^-32` of itself, far below anything a
/// playout can tell, and there is no division and no data-dependent branch.
/// `n` must be at least 1 (`0` gives `0`).
#[inline(always)]
pub fn below(rng: &mut Rng, n: u32) -> u32 {
    ((u128::from(rng.next_u64()) * u128::from(n)) >> 64) as u32
}

/// A uniformly random item of `items` by one [`below`] draw; `None`
/// (and no draw) when it is empty. The games' random playout moves.
#[inline(always)]
pub fn pick<T: Copy>(rng: &mut Rng, items: &[T]) -> Option<T> {
    (!items.is_empty()).then(|| items[below(rng, items.len() as u32) as usize])
}

/// A uniformly random set bit of the non-empty `mask` (its position), from
/// one draw and no branch: [`below`] its popcount, then
/// [`nth_set_bit`](crate::bits::nth_set_bit).
#[inline(always)]
pub fn random_bit(rng: &mut Rng, mask: u64) -> u32 {
    crate::bits::nth_set_bit(mask, below(rng, mask.count_ones()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_pick_and_random_bit_cover_their_range_evenly() {
        let mut rng = seeded(9);
        let mut counts = [0u32; 7];
        for _ in 0..70_000 {
            counts[below(&mut rng, 7) as usize] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_400..10_600).contains(&c)),
            "{counts:?}"
        );
        let mask = 0b1001_0110_0000_0001u64 << 40;
        let mut seen = [0u32; 64];
        for _ in 0..50_000 {
            seen[random_bit(&mut rng, mask) as usize] += 1;
        }
        assert_eq!(pick(&mut rng, &[] as &[u8]), None);
        let mut picked = [0u32; 3];
        for _ in 0..30_000 {
            picked[pick(&mut rng, &[0usize, 1, 2]).unwrap()] += 1;
        }
        assert!(
            picked.iter().all(|&c| (9_400..10_600).contains(&c)),
            "{picked:?}"
        );
        for (bit, &count) in seen.iter().enumerate() {
            match mask >> bit & 1 {
                1 => assert!((9_400..10_600).contains(&count), "bit {bit}: {count}"),
                _ => assert_eq!(count, 0, "bit {bit} is not in the mask"),
            }
        }
    }
}
