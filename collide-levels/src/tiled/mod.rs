//! Tiled maps: tile layers as [`TileMap`](collide_world::TileMap)s whose cells take their
//! tile's collision shape, and object layers as [`StaticBodies`](collide_world::StaticBodies)
//! and objects a game reads.

use std::path::Path;

use crate::error::Error;
use crate::read::read_text;

mod build;
mod data;
mod map;
mod model;
mod objects;
mod shapes;
mod tileset;
mod tmj;
mod tmx;
mod xml;

pub use map::{TiledLayer, TiledMap, TiledObject, TiledObjectShape, TiledOptions};

impl TiledMap {
    /// Loads the map at `path`: Tiled's JSON when its name ends in `.tmj` or `.json`, its XML
    /// (`.tmx`) otherwise; and the tilesets it names (found beside it: `.tsx`, or `.tsj` from
    /// a JSON map).
    ///
    /// # Errors
    ///
    /// An [`Error`] naming the file (the map's or a tileset's), and the layer, cell, tileset,
    /// tile or object it is about: a file that cannot be read, is not Tiled's XML or JSON, holds a
    /// tile whose collision objects are no tile shape or an object no body can be made of, or
    /// is past a limit (see [`TiledMap`]'s).
    pub fn load(path: impl AsRef<Path>, options: &TiledOptions) -> Result<Self, Error> {
        let path = path.as_ref();
        let (file, text) = read_text(path)?;
        let json = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("tmj") || e.eq_ignore_ascii_case("json"));
        let map = if json {
            tmj::parse(&file, &text, path.parent())?
        } else {
            tmx::parse(&file, &text, path.parent())?
        };
        build::build(&file, &map, options.y_axis())
    }

    /// The map whose `.tmx` XML is `text`, named `file` in errors. A tileset in a file of its
    /// own is an error: [`load`](Self::load) finds those files.
    ///
    /// # Errors
    ///
    /// As [`load`](Self::load).
    pub fn from_tmx(file: &str, text: &str, options: &TiledOptions) -> Result<Self, Error> {
        let map = tmx::parse(file, text, None)?;
        build::build(file, &map, options.y_axis())
    }

    /// The map whose `.tmj` JSON is `text`, named `file` in errors. A tileset in a file of its
    /// own is an error: [`load`](Self::load) finds those files.
    ///
    /// # Errors
    ///
    /// As [`load`](Self::load).
    pub fn from_tmj(file: &str, text: &str, options: &TiledOptions) -> Result<Self, Error> {
        let map = tmj::parse(file, text, None)?;
        build::build(file, &map, options.y_axis())
    }
}
