//! The instruction set the hot loops run with, chosen once per process at
//! run time, so that one portable binary runs on any x86-64 CPU and still
//! at full speed on a recent one.
//!
//! The playout, MCTS and alpha-beta loops are generic over the game, so
//! their speed comes from the whole inlined call tree (the game's move
//! choice and rules, the random numbers, the bit tricks of [`crate::bits`])
//! being compiled for the CPU: `popcnt` counts a mask's bits in one
//! instruction instead of a dozen, `pdep` finds its n-th set bit in one
//! instead of twenty, `tzcnt`/`shlx` shave the rest. So each search's
//! loop is compiled twice ([`fast_copy!`](crate::fast_copy)), once for the
//! x86-64-v3 level (Haswell, Zen 1 and later: AVX2, BMI1, BMI2, FMA,
//! LZCNT, MOVBE, POPCNT) and once for the baseline, and the CPU's answer,
//! asked once, picks one. Results never depend on which: the rules are
//! integer code, no float operation is fused or reordered, and `pdep` and
//! the portable select find the same bit.
//!
//! `TABULA_CPU=baseline` in the environment forces the baseline path (to
//! compare the two, or to rule the fast path out); it is read once, before
//! the first search.

use std::sync::atomic::{AtomicU8, Ordering};

/// Which code the hot loops run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Path {
    /// Compiled for the CPU's x86-64-v3 features, with `pdep` for the
    /// n-th set bit.
    Fast,
    /// The same, but with the portable select instead of `pdep`: AMD's
    /// Zen 1 and Zen 2 run `pdep` in microcode (tens to hundreds of cycles).
    FastWithoutPdep,
    /// Compiled for the build's target alone (any x86-64 by default).
    Baseline,
}

impl Path {
    /// The name `tabula bench` prints.
    pub fn name(self) -> &'static str {
        match self {
            Path::Fast => "x86-64-v3",
            Path::FastWithoutPdep => "x86-64-v3 without pdep",
            Path::Baseline => "baseline",
        }
    }
}

const UNKNOWN: u8 = 0;
const FAST: u8 = 1;
const FAST_WITHOUT_PDEP: u8 = 2;
const BASELINE: u8 = 3;
static STATE: AtomicU8 = AtomicU8::new(UNKNOWN);

/// The path this process runs (asked of the CPU, and of `TABULA_CPU`, on
/// the first call).
#[inline(always)]
pub fn path() -> Path {
    match STATE.load(Ordering::Relaxed) {
        FAST => Path::Fast,
        FAST_WITHOUT_PDEP => Path::FastWithoutPdep,
        BASELINE => Path::Baseline,
        _ => detect(),
    }
}

/// Whether [`crate::bits::nth_set_bit`] uses `pdep`: the fast path was
/// chosen (not asked here, so that the check stays one load in the hot
/// loops; until [`path`] has run, the portable select runs).
#[inline(always)]
pub(crate) fn pdep_chosen() -> bool {
    STATE.load(Ordering::Relaxed) == FAST
}

#[cold]
fn detect() -> Path {
    let path = choose(std::env::var("TABULA_CPU").ok().as_deref());
    let state = match path {
        Path::Fast => FAST,
        Path::FastWithoutPdep => FAST_WITHOUT_PDEP,
        Path::Baseline => BASELINE,
    };
    STATE.store(state, Ordering::Relaxed);
    path
}

/// The path for this CPU, with `TABULA_CPU`'s value.
fn choose(setting: Option<&str>) -> Path {
    if setting.is_some_and(|s| s.trim().eq_ignore_ascii_case("baseline")) || !has_v3() {
        return Path::Baseline;
    }
    match pdep_is_microcoded() {
        true => Path::FastWithoutPdep,
        false => Path::Fast,
    }
}

/// Defines a function compiled for the fast path: the x86-64-v3 features
/// (`rustc --print cfg -C target-cpu=x86-64-v3`) that code generation
/// uses. Everything it calls that is `#[inline(always)]` — the hot loop
/// itself, and in it the game's move choice and rules, [`crate::rng`],
/// [`crate::bits`] — is compiled into it for those features, however large;
/// what it calls out of line runs the baseline code. So each hot loop is
/// an `#[inline(always)]` function with two callers, itself (the baseline)
/// and a copy defined with this macro, and its caller picks one by
/// [`fast`]:
///
/// ```ignore
/// let iterations = if tabula_core::isa::fast() {
///     // SAFETY: `fast` is true only on a CPU with the fast path's features.
///     unsafe { self.grow_fast(root) }
/// } else {
///     self.grow(root)
/// };
/// ```
///
/// The copy is `unsafe` to call (off x86-64 it is a plain `unsafe fn`,
/// which [`fast`] never lets run). (A closure handed to a function with
/// these features would be compiled for them only if the optimiser chose
/// to inline it, which a large loop defeats: the MCTS iteration ran the
/// baseline code that way.)
#[macro_export]
macro_rules! fast_copy {
    ($(#[$attr:meta])* $vis:vis fn $($rest:tt)*) => {
        $(#[$attr])*
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx,avx2,bmi1,bmi2,fma,lzcnt,movbe,popcnt")]
        $vis fn $($rest)*

        $(#[$attr])*
        #[cfg(not(target_arch = "x86_64"))]
        $vis unsafe fn $($rest)*
    };
}

/// Whether the fast copies ([`fast_copy!`](crate::fast_copy)) run: the CPU
/// has the fast path (and it was not turned off), and the build does not
/// already target it (`-C target-cpu=native` on a recent CPU compiles
/// everything for it; `TABULA_CPU=baseline` then turns off only `pdep`).
#[inline(always)]
pub fn fast() -> bool {
    let built_for_v3 = cfg!(all(
        target_feature = "avx2",
        target_feature = "bmi1",
        target_feature = "bmi2",
        target_feature = "fma",
        target_feature = "lzcnt",
        target_feature = "movbe",
        target_feature = "popcnt"
    ));
    cfg!(target_arch = "x86_64") && !built_for_v3 && path() != Path::Baseline
}

/// Whether the CPU has every feature of the v3 level.
fn has_v3() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        has!("avx")
            && has!("avx2")
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

/// Whether this CPU runs `pdep` in microcode: AMD (and Hygon) families
/// before 0x19 (Zen 3).
fn pdep_is_microcoded() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::__cpuid;
        #[allow(unused_unsafe)]
        // SAFETY: `cpuid` exists on every x86_64 CPU.
        let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1).eax) };
        let amd_like = matches!(
            (vendor.ebx, vendor.edx, vendor.ecx),
            // "AuthenticAMD", "HygonGenuine"
            (0x6874_7541, 0x6974_6E65, 0x444D_4163) | (0x6F67_7948, 0x6E65_476E, 0x656E_6975)
        );
        let base = (signature >> 8) & 0xF;
        let family = if base == 0xF {
            base + ((signature >> 20) & 0xFF)
        } else {
            base
        };
        amd_like && family < 0x19
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_setting_can_only_turn_the_fast_path_off() {
        assert_eq!(choose(Some("baseline")), Path::Baseline);
        assert_eq!(choose(Some(" Baseline\n")), Path::Baseline);
        let detected = choose(None);
        assert_eq!(choose(Some("auto")), detected);
        assert_eq!(detected == Path::Baseline, !has_v3());
        // The path this process runs is the detected one, or baseline when
        // the tests run with TABULA_CPU=baseline.
        assert!(path() == detected || path() == Path::Baseline);
    }

    #[inline(always)]
    fn work() -> u32 {
        (1..10_000u64)
            .map(|x| x.count_ones() * x.trailing_zeros())
            .sum()
    }

    crate::fast_copy! {
        fn work_fast() -> u32 {
            work()
        }
    }

    #[test]
    fn both_paths_compute_the_same() {
        if fast() {
            // SAFETY: `fast` is true only on a CPU with the features.
            assert_eq!(unsafe { work_fast() }, work());
        }
        // Σ popcount(x)·tz(x) over 1..10000, computed outside Rust.
        assert_eq!(work(), 54_627);
    }
}
