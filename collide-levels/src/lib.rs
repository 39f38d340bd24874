//! Levels from the [LDtk](https://ldtk.io) and [Tiled](https://www.mapeditor.org) editors as
//! collide's static world: tile maps with shaped cells, static bodies, and the points a game
//! places things at.
//!
//! - **LDtk** ([`LdtkProject`]): each level's IntGrid layers become
//!   [`TileMap`](collide_world::TileMap)s, a cell's IntGrid value its byte (or the byte or
//!   tile shape [`LdtkOptions`] map it to), the layer's grid size the map's cell size and its
//!   place in the world the map's origin; its entities become [`LdtkEntity`]s. Projects with
//!   levels saved in `.ldtkl` files of their own load too.
//! - **Tiled** ([`TiledMap`]): each tile layer of a `.tmx` (XML) or `.tmj` (JSON) map becomes
//!   a tile map whose cells take the tile shape of their tile's collision objects (a full
//!   cell, a half, a 45° or half-rise slope; a one-way top with the custom property `one_way`
//!   on the tile or the layer), from CSV or base64 data (plain, zlib or gzip) and embedded,
//!   `.tsx` or `.tsj` tilesets;
//!   its object layers' rectangles, polygons (a concave one as several convex pieces) and
//!   circles become [`StaticBodies`](collide_world::StaticBodies).
//!
//! Both editors draw with y down; [`YAxis`] picks what the loaders produce (y down, the
//! editor's pixels as they are, by default; or y up, for Bevy).
//!
//! A bad file is an [`Error`] naming the file, and the level, layer, cell, tileset, tile or
//! object it is about, never a panic. The loaders read only regular files of at most
//! [`MAX_FILE_BYTES`]: a project naming a device, a directory or a pipe as a level file or
//! tileset gets an error. A level file or tileset may lie anywhere its project names, `..`
//! included, as Tiled writes tilesets shared between maps.
//!
//! ```
//! use collide_core::Rect;
//! use collide_levels::{LdtkOptions, LdtkProject, YAxis};
//! use collide_world::{Character, CharacterSettings};
//! use glam::Vec2;
//!
//! // Load a level y up, and drop a character onto its floor.
//! let options = LdtkOptions::new().with_y_axis(YAxis::Up);
//! let project = LdtkProject::load("tests/data/ldtk/platforms.ldtk", &options)?;
//! let floor = project.levels[0].int_grid("Collisions").unwrap();
//! let body = Rect { half_extents: Vec2::new(4.0, 6.0) };
//! let settings = CharacterSettings::new(YAxis::Up.up());
//! let mut player = Character::new(body, Vec2::new(24.0, -40.0), settings).unwrap();
//! for _ in 0..60 {
//!     player.move_by(Vec2::new(0.0, -2.0), floor);
//! }
//! assert!(player.on_floor());
//! // It rests (a skin above) on the floor row's top: 16 pixels above the level's bottom,
//! // y = -128 + 16.
//! assert!((player.position().y - (-112.0 + 6.0)).abs() < 0.05);
//! # Ok::<(), collide_levels::Error>(())
//! ```

#![warn(missing_docs)]
// `Error` (the file and every place in it: level, layer, cell, tileset, tile, object) is
// larger than clippy's 128 bytes. A loader returns one once per failed load, never on a hot
// path, and boxing its public fields would break its users for nothing.
#![allow(clippy::result_large_err)]

mod axis;
mod convex_pieces;
mod error;
mod ldtk;
mod outline;
mod read;
mod tiled;

pub use axis::YAxis;
pub use error::{Error, ErrorKind};
pub use ldtk::{IntGridLayer, LdtkEntity, LdtkLevel, LdtkOptions, LdtkProject};
pub use read::MAX_FILE_BYTES;
pub use tiled::{TiledLayer, TiledMap, TiledObject, TiledObjectShape, TiledOptions};
