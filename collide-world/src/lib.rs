//! `collide-world`: what stands still in a level, and a kinematic body moving through it.
//!
//! - [`Obstacles`]: the one trait every static set implements (a slice of [`Obstacle`]s,
//!   [`StaticBodies`], [`TileMap`], [`StaticWorld`]), with a lookup by id;
//! - [`StaticBodies`]: static bodies of any shape, added and removed by handle, indexed once;
//! - [`TileMap`]: a byte-per-cell tile map whose queries never report a face between two solid
//!   cells, so nothing catches on the seams between tiles;
//! - [`StaticWorld`]: static bodies and a tile map as one set;
//! - [`move_and_slide`]: a kinematic body moved by a travel vector, stopping a skin short of
//!   what it meets and sliding along it;
//! - point and area queries ([`obstacles_at_point`], [`obstacles_overlapping`],
//!   [`nearest_obstacle`]) over any of these, through a [`QueryFilter`];
//! - [`Character`]: a body that remembers its floor from one move to the next, so that it
//!   snaps to the floor, stops on slopes, climbs steps and rides moving platforms.
//!
//! The front-door crate `collide` re-exports all of it beside the collision pass.
//!
//! # Example
//!
//! ```
//! use collide_core::{Rect, Rot};
//! use collide_world::{move_and_slide, SlideSettings, TileMap};
//! use glam::Vec2;
//!
//! // A floor of 16-unit tiles, y up; a 10 × 14 box falls onto it.
//! let map = TileMap::from_rows(&["....", "####"], Vec2::splat(16.0), Vec2::ZERO)?;
//! let player = Rect { half_extents: Vec2::new(5.0, 7.0) };
//! let settings = SlideSettings::new(Vec2::Y);
//! let moved = move_and_slide(player, Rot::IDENTITY, Vec2::new(24.0, 40.0), Vec2::new(0.0, -30.0), &map, &settings);
//! assert!(moved.on_floor);
//! assert!((moved.position.y - 23.0).abs() < 0.1);
//! # Ok::<(), collide_world::Error>(())
//! ```
#![warn(missing_docs)]

mod character;
mod error;
mod filter;
mod kept;
mod left_out;
mod nearby;
mod obstacles;
mod own_normal;
mod queries;
mod rect_seams;
mod skin;
mod slide;
mod static_bodies;
mod static_world;
mod tiles;
mod world_hit;

pub use character::{
    Character, CharacterMove, CharacterSettings, MAX_CHARACTER_CONTACTS, MAX_CHARACTER_SENSORS,
};
pub use error::Error;
pub use filter::QueryFilter;
pub use left_out::refine_hit_among;
pub use obstacles::{Obstacle, Obstacles, ONE_WAY_MAX_ANGLE};
pub use own_normal::keeps_own_normal;
pub use queries::{nearest_obstacle, obstacles_at_point, obstacles_overlapping, NearestPoint};
pub use skin::working_skin;
pub use slide::{
    move_and_slide, move_and_slide_filtered, SensorHit, Slide, SlideContact, SlideSettings,
    Surface, MAX_SLIDES, MAX_SLIDE_SENSORS, MAX_TRAVEL_RATIO,
};
pub use static_bodies::{StaticBodies, StaticHandle};
pub use static_world::{StaticWorld, TILE_IDS};
pub use tiles::{TileCell, TileMap, TileShape};
pub use world_hit::WorldHit;

pub use collide_broad;
pub use collide_core;
