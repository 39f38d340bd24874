//! `collide-testkit`: what the workspace's tests, benches and report share, and nothing a game
//! needs: the seeded generator and a counting global allocator.
//!
//! - [`SplitMix64`]: the one seeded random number generator of the tests, the benchmark scene
//!   and the demo, so a failing case is the same case on every machine;
//! - [`alloc`]: [`CountingAllocator`](alloc::CountingAllocator), installed as the global
//!   allocator of a test or binary to prove that a frame or a query allocates nothing;
//! - [`golden`]: a run's every body folded into a fixed hash and a per-frame record, so a test
//!   can commit them and name the first frame and body that differ;
//! - `proptest_config` (the `proptest` feature): the property tests' configuration, a fixed
//!   seed and case count, so every run tries the same cases.
//!
//! It depends on no collide crate, so every crate may use it in its tests without a dependency
//! cycle; `collide-scene` builds its seeded scenes on its generator.
#![warn(missing_docs)]

pub mod alloc;
pub mod golden;
mod rng;

pub use rng::SplitMix64;

/// A proptest configuration of `cases` cases from the fixed seed `seed`, that writes no
/// failure file: every run, on every machine, tries the same cases.
#[cfg(feature = "proptest")]
#[must_use]
pub fn proptest_config(cases: u32, seed: u64) -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        cases,
        rng_seed: proptest::test_runner::RngSeed::Fixed(seed),
        failure_persistence: None,
        ..proptest::test_runner::Config::default()
    }
}
