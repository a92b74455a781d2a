//! One counting global allocator for the test binary, and a way to run a
//! measurement alone in a process of its own.
//!
//! The memory tests measure the whole heap. In a binary whose other tests
//! run on other threads at the same time, they would count those tests'
//! allocations too; so [`alone`] reruns the measuring test in a child
//! process of this binary with only that test selected and counting on.
//! Everywhere else the allocator costs one relaxed load per call.

use std::alloc::{GlobalAlloc, Layout, System};
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicIsize, AtomicUsize, Ordering};

/// Set in the child process [`alone`] starts.
const CHILD: &str = "TABULA_TEST_HEAP_ALONE";

static COUNTING: AtomicBool = AtomicBool::new(false);
/// Calls to `alloc` and `realloc`.
pub static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);
/// Bytes allocated and not yet freed.
pub static LIVE: AtomicIsize = AtomicIsize::new(0);
/// Bytes ever allocated (a reallocation counts its new size).
pub static ALLOCATED: AtomicUsize = AtomicUsize::new(0);
/// The highest `LIVE` has been since [`reset_peak`].
pub static PEAK: AtomicIsize = AtomicIsize::new(0);

struct Counting;

fn grew(bytes: usize) {
    let now = LIVE.fetch_add(bytes as isize, Ordering::Relaxed) + bytes as isize;
    PEAK.fetch_max(now, Ordering::Relaxed);
    ALLOCATED.fetch_add(bytes, Ordering::Relaxed);
    ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
}

fn shrank(bytes: usize) {
    LIVE.fetch_sub(bytes as isize, Ordering::Relaxed);
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            grew(layout.size());
        }
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if COUNTING.load(Ordering::Relaxed) {
            shrank(layout.size());
        }
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            // The new block arrives before the old one leaves: what a
            // moving reallocation costs at its peak.
            grew(new_size);
            shrank(layout.size());
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Starts a peak measurement at the heap's present level.
pub fn reset_peak() {
    PEAK.store(LIVE.load(Ordering::Relaxed), Ordering::Relaxed);
}

/// Runs `measure` alone: in the child process (counting on), runs it; in
/// the test run itself, starts that child with only the test `name` (its
/// path in this binary, e.g. `memory::a_long_game`) selected and fails
/// with the child's output unless it passed.
pub fn alone(name: &str, measure: impl FnOnce()) {
    if std::env::var_os(CHILD).is_some() {
        COUNTING.store(true, Ordering::Relaxed);
        measure();
        return;
    }
    let output = Command::new(std::env::current_exe().expect("the test binary's path"))
        .args([name, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, "1")
        .output()
        .expect("the test binary starts again");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    eprint!("{stderr}");
    assert!(
        output.status.success(),
        "{name}, run alone, failed:\n{stdout}\n{stderr}"
    );
    assert!(
        stdout.contains("1 passed"),
        "{name} did not run in its own process:\n{stdout}"
    );
}
