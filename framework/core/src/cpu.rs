//! Which CPU this program runs on and which instructions it was built to
//! use, so that speed figures from different machines can be told apart
//! (`tabula bench` prints this first).

use serde::Serialize;

/// The machine a measurement was taken on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CpuInfo {
    /// The CPU's own name (`cpuid` brand string on x86-64, else the OS's
    /// `model name`), or `unknown`.
    pub model: String,
    /// Vendor, family and model numbers (`AuthenticAMD family 0x19 model
    /// 0x1`), or empty where the CPU does not say.
    pub signature: String,
    /// Hardware threads the OS lets this process use.
    pub threads: usize,
    /// The target architecture (`x86_64`, `aarch64`, ...).
    pub arch: &'static str,
    /// Instruction-set extensions the binary was compiled to assume
    /// (`-C target-cpu` / `target-feature`), among those that matter here.
    pub built_with: Vec<&'static str>,
    /// The same extensions as this CPU reports them at run time.
    pub cpu_has: Vec<&'static str>,
    /// The code the hot loops run ([`crate::isa`]): `x86-64-v3`,
    /// `x86-64-v3 without pdep` or `baseline`.
    pub path: &'static str,
    /// How the playouts find the n-th set bit: `pdep` or `portable`
    /// (see [`crate::bits`]).
    pub select: &'static str,
}

impl CpuInfo {
    /// Describes this machine and this build.
    pub fn detect() -> CpuInfo {
        let (model, signature) = identity();
        CpuInfo {
            model,
            signature,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            arch: std::env::consts::ARCH,
            built_with: built_with(),
            cpu_has: cpu_has(),
            path: crate::isa::path().name(),
            select: if crate::bits::uses_pdep() {
                "pdep"
            } else {
                "portable"
            },
        }
    }
}

impl std::fmt::Display for CpuInfo {
    /// Two lines: the CPU, then the instruction sets.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let list = |v: &[&str]| match v.is_empty() {
            true => "baseline only".to_string(),
            false => v.join(" "),
        };
        write!(f, "cpu: {}", self.model)?;
        if !self.signature.is_empty() {
            write!(f, " ({})", self.signature)?;
        }
        writeln!(f, ", {} threads, {}", self.threads, self.arch)?;
        write!(
            f,
            "built with: {}; cpu has: {}; hot loops: {}; n-th set bit: {}",
            list(&self.built_with),
            list(&self.cpu_has),
            self.path,
            self.select
        )
    }
}

/// The extensions worth naming: those the playouts and the compiler's
/// code for them can use (bit counting and deposit, wide vectors).
#[cfg(target_arch = "x86_64")]
macro_rules! x86_features {
    ($with:ident) => {
        [
            ("sse4.2", $with!("sse4.2")),
            ("popcnt", $with!("popcnt")),
            ("lzcnt", $with!("lzcnt")),
            ("bmi1", $with!("bmi1")),
            ("bmi2", $with!("bmi2")),
            ("avx", $with!("avx")),
            ("avx2", $with!("avx2")),
            ("fma", $with!("fma")),
            ("avx512f", $with!("avx512f")),
        ]
    };
}

#[cfg(target_arch = "x86_64")]
fn built_with() -> Vec<&'static str> {
    macro_rules! built {
        ($f:tt) => {
            cfg!(target_feature = $f)
        };
    }
    let features = x86_features!(built);
    features.iter().filter(|f| f.1).map(|f| f.0).collect()
}

#[cfg(target_arch = "x86_64")]
fn cpu_has() -> Vec<&'static str> {
    macro_rules! has {
        ($f:tt) => {
            std::arch::is_x86_feature_detected!($f)
        };
    }
    let features = x86_features!(has);
    features.iter().filter(|f| f.1).map(|f| f.0).collect()
}

#[cfg(target_arch = "x86_64")]
fn identity() -> (String, String) {
    use core::arch::x86_64::__cpuid;
    #[allow(unused_unsafe)]
    // SAFETY: `cpuid` exists on every x86-64 CPU; leaves above the
    // highest one reported are not asked.
    let (vendor, signature, top) =
        unsafe { (__cpuid(0), __cpuid(1).eax, __cpuid(0x8000_0000).eax) };
    let bytes = |regs: &[u32]| -> String {
        let raw: Vec<u8> = regs.iter().flat_map(|r| r.to_le_bytes()).collect();
        String::from_utf8_lossy(&raw)
            .trim_matches(|c: char| c == '\0' || c.is_whitespace())
            .to_string()
    };
    let model = if top >= 0x8000_0004 {
        #[allow(unused_unsafe)]
        // SAFETY: as above; the brand-string leaves exist (checked).
        let leaves = unsafe {
            [
                __cpuid(0x8000_0002),
                __cpuid(0x8000_0003),
                __cpuid(0x8000_0004),
            ]
        };
        bytes(
            &leaves
                .iter()
                .flat_map(|l| [l.eax, l.ebx, l.ecx, l.edx])
                .collect::<Vec<_>>(),
        )
    } else {
        String::new()
    };
    let base_family = (signature >> 8) & 0xF;
    let family = match base_family {
        0xF => base_family + ((signature >> 20) & 0xFF),
        f => f,
    };
    let model_number = match base_family {
        0x6 | 0xF => ((signature >> 4) & 0xF) | ((signature >> 12) & 0xF0),
        _ => (signature >> 4) & 0xF,
    };
    let signature = format!(
        "{} family {family:#x} model {model_number:#x}",
        bytes(&[vendor.ebx, vendor.edx, vendor.ecx])
    );
    let model = if model.is_empty() {
        os_model_name()
    } else {
        model
    };
    (model, signature)
}

#[cfg(not(target_arch = "x86_64"))]
fn built_with() -> Vec<&'static str> {
    let mut features = Vec::new();
    if cfg!(target_feature = "neon") {
        features.push("neon");
    }
    features
}

#[cfg(not(target_arch = "x86_64"))]
fn cpu_has() -> Vec<&'static str> {
    Vec::new()
}

#[cfg(not(target_arch = "x86_64"))]
fn identity() -> (String, String) {
    (os_model_name(), String::new())
}

/// The first `model name` (or `Model`) line of `/proc/cpuinfo`, where
/// there is one.
fn os_model_name() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .filter_map(|line| line.split_once(':'))
                .find(|(key, _)| matches!(key.trim(), "model name" | "Model"))
                .map(|(_, value)| value.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_machine_and_the_build() {
        let info = CpuInfo::detect();
        assert!(!info.model.is_empty());
        assert!(info.threads >= 1);
        // Whatever the build assumes, the CPU running it must have.
        #[cfg(target_arch = "x86_64")]
        for feature in &info.built_with {
            assert!(
                info.cpu_has.contains(feature),
                "{feature} missing at run time"
            );
        }
        let text = info.to_string();
        assert!(
            text.starts_with("cpu: ") && text.contains("built with: "),
            "{text}"
        );
        assert!(text.contains(info.select) && text.contains(info.path));
    }
}
