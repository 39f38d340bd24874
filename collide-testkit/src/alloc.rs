//! A counting global allocator, to prove "0 bytes allocated per frame".
//!
//! Install it in a binary, bench or test (never in a library crate):
//!
//! ```
//! use collide_testkit::alloc::{self as alloc_count, CountingAllocator};
//!
//! #[global_allocator]
//! static ALLOC: CountingAllocator = CountingAllocator;
//!
//! fn main() {
//!     assert!(alloc_count::is_installed());
//!     let before = alloc_count::snapshot();
//!     let v = std::hint::black_box(vec![1u8; 100]);
//!     let used = alloc_count::snapshot().since(before);
//!     assert_eq!(used.allocations, 1);
//!     assert!(used.bytes >= 100);
//!     drop(v);
//! }
//! ```
//!
//! Then [`snapshot`] before and after the code under test; the difference is what it
//! allocated. Those counters are process-wide and relaxed: measure one thread at a time. In a
//! test, where the harness's own threads may allocate while the test runs, take
//! [`thread_snapshot`] instead: it counts only what the calling thread allocated.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);

thread_local! {
    static THREAD_ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    static THREAD_BYTES: Cell<u64> = const { Cell::new(0) };
}

/// The system allocator, counting every allocation and its bytes (a `realloc` counts as one
/// allocation of the new size).
#[derive(Clone, Copy, Debug, Default)]
pub struct CountingAllocator;

// The workspace denies unsafe code; implementing `GlobalAlloc` is unsafe by definition. Each
// method forwards its arguments unchanged to `System`, so it upholds exactly the contract the
// caller already upholds for us; the only addition is two relaxed atomic increments.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        // SAFETY: forwarded unchanged; the caller guarantees a non-zero-size layout.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        // SAFETY: forwarded unchanged, as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` through this allocator with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        // SAFETY: forwarded unchanged; `ptr`/`layout` came from `System` through this allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

fn count(bytes: usize) {
    ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    BYTES.fetch_add(bytes as u64, Ordering::Relaxed);
    // `try_with`: a thread's locals may already be gone while it shuts down.
    let _ = THREAD_ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
    let _ = THREAD_BYTES.try_with(|n| n.set(n.get() + bytes as u64));
}

/// Totals since the process started.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AllocSnapshot {
    /// Number of allocations (including reallocations).
    pub allocations: u64,
    /// Bytes requested by them.
    pub bytes: u64,
}

impl AllocSnapshot {
    /// What was allocated between `earlier` and `self`.
    #[must_use]
    pub fn since(self, earlier: AllocSnapshot) -> AllocSnapshot {
        AllocSnapshot {
            allocations: self.allocations.wrapping_sub(earlier.allocations),
            bytes: self.bytes.wrapping_sub(earlier.bytes),
        }
    }
}

/// The counters now.
#[must_use]
pub fn snapshot() -> AllocSnapshot {
    AllocSnapshot {
        allocations: ALLOCATIONS.load(Ordering::Relaxed),
        bytes: BYTES.load(Ordering::Relaxed),
    }
}

/// The counters of the calling thread alone: what it allocated since it started.
#[must_use]
pub fn thread_snapshot() -> AllocSnapshot {
    AllocSnapshot {
        allocations: THREAD_ALLOCATIONS.with(Cell::get),
        bytes: THREAD_BYTES.with(Cell::get),
    }
}

/// Whether [`CountingAllocator`] is this process's global allocator (an allocation moves the
/// counters). Without it every count reads 0, which would be a false "allocation-free".
#[must_use]
pub fn is_installed() -> bool {
    let before = snapshot();
    let probe = std::hint::black_box(vec![0u8; 64]);
    let after = snapshot();
    drop(probe);
    after.allocations > before.allocations
}
