//! `collide-testkit`: what the workspace's tests, benches and report share, and nothing a game
//! needs: the seeded generator and a counting global allocator.
//!
//! - [`SplitMix64`]: the one seeded random number generator of the tests, the benchmark scene
//!   and the demo, so a failing case is the same case on every machine;
//! - [`alloc`]: [`CountingAllocator`](alloc::CountingAllocator), installed as the global
//!   allocator of a test or binary to prove that a frame or a query allocates nothing.
//!
//! It depends on no collide crate, so every crate may use it in its tests without a dependency
//! cycle; `collide-scene` builds its seeded scenes on its generator.
#![warn(missing_docs)]

pub mod alloc;
mod rng;

pub use rng::SplitMix64;
