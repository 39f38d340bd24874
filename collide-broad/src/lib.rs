//! `collide-broad`: which pairs to test, and the collision pass that tests them in time order.
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
//! The [`pass`] module runs a whole frame: [`Body`]s in, swept bounds, a broad phase, the
//! core's narrow phase for each candidate pair, and every hit sorted by its time of impact and
//! handed to the caller in that order ([`CollisionPass::run`]); a hit on a body an earlier hit
//! used up is dropped. Neither the broad phases nor the pass allocate once their buffers have
//! grown.
//!
//! Two guard rails keep a bad frame from stalling or aborting a game. Objects crowded at one
//! point (a pool parked at the origin) whose layers never interact cost each broad phase
//! about what as many scattered objects cost, not a test per pair. And the pass accepts at
//! most [`CollisionPass::max_pairs`] candidate pairs a frame: a frame with more stops there
//! and returns [`Error::TooManyPairs`] ([`BroadPhase::pairs_at_most`] is the broad phases'
//! side of it).
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
//!     Proxy::new(0, shot, Layers::new(SHOT, ALIEN)),
//!     Proxy::new(1, Aabb::new(Vec2::new(150.0, 0.0), Vec2::splat(7.0)), Layers::new(ALIEN, SHOT)),
//!     Proxy::new(2, Aabb::new(Vec2::new(160.0, 0.0), Vec2::splat(7.0)), Layers::new(ALIEN, SHOT)),
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
mod cell_table;
mod error;
mod grid;
mod hitscan;
mod layer_runs;
mod obstacles;
pub mod pass;
mod proxy;
mod quadtree;
mod skin;
mod slide;
mod sort_and_sweep;
mod static_bodies;
mod static_index;
mod static_occupancy;
mod static_sparse;
mod static_world;
mod tiles;

pub use any::{AnyBroadPhase, BroadPhaseKind};
pub use broad_phase::BroadPhase;
pub use brute_force::BruteForce;
pub use error::Error;
pub use grid::Grid;
pub use hitscan::{
    cast_ray_static, cast_ray_static_all, cast_shape_static, cast_shape_static_all, Hitscan,
    WorldHit,
};
pub use obstacles::{Obstacle, Obstacles};
pub use pass::{
    Body, CollisionPass, PassHit, PassStats, Reaction, Response, Turn, Used, DEFAULT_MAX_TURNS,
};
pub use proxy::{segment_entry, Proxy};
pub use quadtree::QuadTree;
pub use slide::{move_and_slide, Slide, SlideContact, SlideSettings, Surface, MAX_SLIDES};
pub use sort_and_sweep::SortAndSweep;
pub use static_bodies::{StaticBodies, StaticBody, StaticHandle};
pub use static_world::{StaticWorld, WorldObstacle, TILE_IDS};
pub use tiles::{TileCell, TileContact, TileHit, TileMap};

pub use collide_core;

// The README's Rust examples run as doctests, so the front page cannot drift from the API.
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
