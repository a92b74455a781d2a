//! The one random-number generator every seeded choice flows from.

use rand::SeedableRng;

/// A small, fast generator whose streams are fixed by its seed on every
/// platform and crate version (unlike `rand::rngs::SmallRng`), so a seed
/// always replays the same game.
pub type Rng = rand_xoshiro::Xoshiro256PlusPlus;

/// A generator for `seed`.
pub fn seeded(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
}
