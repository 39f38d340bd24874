//! `collide`: 2D collision for games that never loses a shot.
//!
//! A per-frame overlap test only sees where things are at the end of each frame, so a bullet
//! that moves farther in one frame than its target is wide passes straight through it. collide
//! indexes every moving body by the box covering its whole path, sweeps exactly whenever the
//! end-of-frame test misses a pair that moved relative to each other, and hands the hits over
//! in the order they happened.
//!
//! This is the front door: one dependency, one `use collide::prelude::*`. It holds the
//! collision pass ([`CollisionPass`]) and the world queries ([`Hitscan`], [`cast_ray_static`]),
//! and re-exports the crates under it:
//!
//! Every item of those crates is also at this crate's root (`collide::TileMap`,
//! `collide::Grid`, `collide::time_of_impact`).
//!
//! - [`core`] (`collide-core`): shapes, poses, layers and the queries on one pair of shapes;
//! - [`broad`] (`collide-broad`): the broad phases behind [`BroadPhase`];
//! - [`world`] (`collide-world`): the static world ([`TileMap`],
//!   [`StaticBodies`]), [`move_and_slide`] and the [`Character`] that remembers its floor.
//!
//! # Determinism
//!
//! With the `deterministic` feature, the same inputs give the same bits on every IEEE-754
//! target Rust supports, debug or release, any `target-cpu`, every broad phase: what rollback
//! netcode needs. What is promised and what is not: [`core`'s docs](core#determinism).
//!
//! # Example
//!
//! ```
//! use collide::prelude::*;
//!
//! // A bullet that moves 400 units this frame passes an enemy 8 units wide: the pass finds it.
//! let bodies = [
//!     Body::new(Circle { radius: 1.0 }, Vec2::new(0.0, 0.0), Vec2::new(400.0, 0.0)),
//!     Body::new(Rect { half_extents: Vec2::splat(4.0) }, Vec2::new(200.0, 0.0), Vec2::new(200.0, 0.0)),
//! ];
//! let mut pass = CollisionPass::default();
//! let mut hits = Vec::new();
//! pass.run(&bodies, &(), |hit| {
//!     hits.push((hit.a, hit.b, hit.impact.t));
//!     Response::a(Reaction::Used)
//! })?;
//! assert_eq!(hits.len(), 1);
//! # Ok::<(), collide::Error>(())
//! ```
#![warn(missing_docs)]

mod hitscan;
pub mod pass;
pub mod prelude;

pub use hitscan::{
    cast_ray_static, cast_ray_static_all, cast_shape_static, cast_shape_static_all, Hitscan,
};
pub use pass::{
    Body, CollisionPass, Other, Outcome, PassHit, PassSettings, PassStats, Reaction, Response,
    Turn, DEFAULT_MAX_PAIRS, DEFAULT_MAX_TURNS,
};
pub use pass::{ContactEvent, ContactEvents, OtherKey, Touching};

pub use collide_broad as broad;
pub use collide_core as core;
pub use collide_world as world;

// Every crate's items at the front door's root too, so a game names `collide::TileMap` or
// `collide::Grid` without knowing which crate holds it. `Error` is the one name two of them
// share; the front door's own [`Error`] takes either.
pub use collide_broad::*;
pub use collide_core::*;
pub use collide_world::*;

mod error;
pub use error::Error;

// The README's Rust examples run as doctests, so the front page cannot drift from the API.
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
