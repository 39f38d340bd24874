//! `collide-testkit`: what the workspace's tests, benches and report share, and nothing a game
//! needs: the seeded generator and a counting global allocator.
//!
//! - [`SplitMix64`]: the one seeded random number generator of the tests (the scene's own,
//!   re-exported), so a failing case is the same case on every machine;
//! - [`alloc`]: [`CountingAllocator`](alloc::CountingAllocator), installed as the global
//!   allocator of a test or binary to prove that a frame or a query allocates nothing.
//!
//! Not published: it is a dev-dependency of the published crates (by path only, which
//! `cargo publish` leaves out).
#![warn(missing_docs)]

pub mod alloc;

pub use collide_scene::SplitMix64;
