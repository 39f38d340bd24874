//! `collide-scene`: the shmup benchmark scene and its frame loop.
//!
//! One seeded scene serves the benchmarks, the report and `collide demo`, so all three measure
//! and show the same thing:
//!
//! - [`Scene`]: half player bullets (radius-2 circles moving 7.5 units per frame straight up),
//!   half 32×32 enemies moving 1.5 units per frame, on a wrap-around field whose size keeps the
//!   density of 100 objects on 640×360 at every count; uniform or clustered ([`SceneKind`]);
//! - [`Palette`]: the shape of each object's [`Slot`]; the standard one, or one with the
//!   caller's own hull enemies;
//! - [`FrameRunner`]: one frame as the benchmarks time it (move every object, update the broad
//!   phase, run the collision pass), allocation-free in steady state, and its
//!   [`FrameState`], saved and restored for rollback;
//! - [`SplitMix64`]: the seeded generator everything random comes from.
//!
//! ```
//! use collide::BroadPhaseKind;
//! use collide_scene::{FrameRunner, SceneConfig};
//!
//! let mut runner = FrameRunner::new(&SceneConfig::uneven(1_000), BroadPhaseKind::Grid, true);
//! let mut hits = 0;
//! for _ in 0..10 {
//!     let stats = runner.frame()?;
//!     hits += stats.discrete_hits + stats.swept_hits;
//! }
//! assert!(hits > 0);
//! # Ok::<(), collide::Error>(())
//! ```
#![warn(missing_docs)]

mod frame;
mod level;
mod palette;
mod scene;

pub use collide_testkit::SplitMix64;
pub use frame::{FrameRunner, FrameState};
pub use level::{Level, LevelKind, LEVEL_BODIES, LEVEL_CELL, LEVEL_TILES, STATIC_LAYER};
pub use palette::{Palette, Slot, BIG_ENEMY_SCALE, BULLET_RADIUS, ENEMY_SIZE, HULL_ENEMY_RADIUS};
pub use scene::{
    field_size, Object, Role, Scene, SceneConfig, SceneKind, BASE_FIELD, BASE_OBJECTS,
    BULLET_LAYER, BULLET_SPEED, DEFAULT_SEED, ENEMY_LAYER, ENEMY_SPEED,
};
