//! Building [`Game::key`](crate::Game::key) values: a 64-bit mix of the
//! words that make a state.
//!
//! ```
//! let a = tabula_core::key::of(&[0x44_4444, 1]);
//! assert_eq!(a, tabula_core::key::of(&[0x44_4444, 1]));
//! assert_ne!(a, tabula_core::key::of(&[0x44_4444, 0]));
//! assert_ne!(a, tabula_core::key::of(&[1, 0x44_4444]), "word order matters");
//! ```

/// SplitMix64's finaliser: a bijection on `u64` whose every output bit
/// depends on every input bit.
#[inline]
pub const fn mix(x: u64) -> u64 {
    let x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    let x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A key for the sequence `words`: each word is added to the running value
/// and mixed, so two sequences of the same length collide only by chance
/// (about 2⁻⁶⁴ per pair).
#[inline]
pub fn of(words: &[u64]) -> u64 {
    words.iter().fold(0x7461_6275_6c61_6b65, |key, &word| {
        mix(key.wrapping_add(word))
    }) // "tabulake"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_changes_change_many_bits() {
        let base = of(&[0, 0, 0]);
        for word in 0..3 {
            for bit in 0..64 {
                let mut words = [0u64; 3];
                words[word] = 1 << bit;
                let flipped = (of(&words) ^ base).count_ones();
                assert!(
                    (12..=52).contains(&flipped),
                    "word {word} bit {bit}: {flipped}"
                );
            }
        }
    }
}
