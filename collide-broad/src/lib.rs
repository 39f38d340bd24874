//! `collide-broad`: which pairs of moving boxes to test.
//!
//! A [`BroadPhase`] turns a frame's boxes into candidate pairs. Four implementations return
//! the same set of pairs: [`Grid`] (a spatial hash over an unbounded world), [`SortAndSweep`]
//! (insertion sort on x, cheap when little moved), [`QuadTree`] (loose, for very uneven sizes)
//! and [`BruteForce`] (every pair tested: the reference the others match). [`AnyBroadPhase`] picks one
//! at run time by [`BroadPhaseKind`].
//!
//! Boxes are the **swept** bounds of each body: the shape at the start of the frame
//! and at the end, so a bullet that moves 500 units in a frame is a candidate against
//! everything along its path, not only what it ends next to.
//!
//! Crowds stay cheap: objects crowded at one point (a pool parked at the origin) whose layers
//! never interact cost each broad phase about what as many scattered objects cost, not a test
//! per pair. A caller that must bound a frame's work asks [`BroadPhase::pairs_at_most`], which
//! stops at a limit and returns [`Error::TooManyPairs`]. None of them allocate once their
//! buffers have grown.
//!
//! The collision pass that runs a whole frame on top of a broad phase is in the front-door
//! crate `collide`.
//!
//! # Example
//!
//! ```
//! use collide_broad::{BroadPhase, BroadPhaseKind, Proxy};
//! use collide_core::{Aabb, Layers};
//! use glam::Vec2;
//!
//! const SHOT: u32 = 1;
//! const ALIEN: u32 = 2;
//! // A shot that travels 300 units this frame, swept from start to end, and two aliens.
//! let shot = Aabb::new(Vec2::ZERO, Vec2::splat(2.0)).expanded(Vec2::new(300.0, 0.0));
//! let proxies = [
//!     Proxy::new(0, shot, Layers::on(SHOT).with_mask(ALIEN)),
//!     Proxy::new(1, Aabb::new(Vec2::new(150.0, 0.0), Vec2::splat(7.0)), Layers::on(ALIEN).with_mask(SHOT)),
//!     Proxy::new(2, Aabb::new(Vec2::new(160.0, 0.0), Vec2::splat(7.0)), Layers::on(ALIEN).with_mask(SHOT)),
//! ];
//! let mut pairs = Vec::new();
//! for kind in BroadPhaseKind::ALL {
//!     let mut broad = kind.build();
//!     broad.update_pairs(&proxies, &mut pairs);
//!     pairs.sort_unstable();
//!     assert_eq!(pairs, [(0, 1), (0, 2)], "{kind}"); // aliens never pair with each other
//! }
//! ```
#![warn(missing_docs)]

mod any;
mod broad_phase;
mod brute_force;
pub mod buffers;
mod error;
mod grid;
mod layer_runs;
mod level_cells;
mod proxy;
mod quadtree;
mod sort_and_sweep;

pub use any::{AnyBroadPhase, BroadPhaseKind};
pub use broad_phase::BroadPhase;
pub use brute_force::BruteForce;
pub use error::Error;
pub use grid::Grid;
#[doc(hidden)]
pub use level_cells::LevelCells;
pub use proxy::{segment_entry, Proxy};
pub use quadtree::QuadTree;
pub use sort_and_sweep::SortAndSweep;

pub use collide_core;
