//! What a Tiled map loads into: tile layers as tile maps, static bodies, objects.

use std::collections::BTreeMap;

use collide_world::{StaticBodies, StaticHandle, TileMap};
use glam::Vec2;

use crate::axis::YAxis;

/// How a Tiled map is loaded: which way world y points.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TiledOptions {
    y_axis: YAxis,
}

impl TiledOptions {
    /// Options with y down ([`YAxis::Down`]).
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Which way world y points in what the loader produces.
    #[must_use]
    pub fn with_y_axis(mut self, y_axis: YAxis) -> Self {
        self.y_axis = y_axis;
        self
    }

    /// Which way world y points.
    #[must_use]
    pub fn y_axis(&self) -> YAxis {
        self.y_axis
    }
}

/// A Tiled map, loaded: its tile layers as tile maps, its object layers as static bodies and
/// a list of objects.
///
/// **Tile layers.** A cell takes the tile shape of its tile's collision objects (drawn in
/// the tileset editor): one rectangle or polygon filling the cell, half of it, or one of the
/// 45° or half-rise slopes of [`TileShape`](collide_world::TileShape), turned as the cell
/// flips its tile. A tile whose custom property `one_way` is `true`, or any tile on a layer
/// whose `one_way` is, is a one-way top (it must fill the cell); it blocks from the top of
/// the editor's screen ([`YAxis::up`]). A tile with no collision object leaves its cell empty;
/// one whose objects are no such shape (two objects, an ellipse, a quarter of the cell) is an
/// error naming the layer, the cell, the tileset, the tile and (when it has one) its object.
/// A solid cell holds `1`.
///
/// **Object layers.** Rectangles (turned ones as hulls), convex polygons and circles (an
/// ellipse as wide as it is tall) become static bodies on every layer, and a concave polygon
/// (an L, U or T, stairs) one hull per convex piece, together covering exactly it; an object
/// whose property `one_way` is `true`, or any on a layer whose `one_way` is, a one-way
/// platform facing the top of the screen (every piece of it). Points, lines, tile objects,
/// text and rectangles with no area are listed but make no body, and so is every object of a
/// layer whose property `collide` is `false` (coins, spawn points). A polygon whose edges
/// cross or touch, or an oval, is an error.
///
/// **Limits.** A map's size must be one a [`TileMap`](collide_world::TileMap) can have (at
/// most [`TileMap::MAX_SIDE`](collide_world::TileMap::MAX_SIDE) cells a side and
/// [`TileMap::MAX_CELLS`](collide_world::TileMap::MAX_CELLS) in all), its tile layers
/// hold at most [`MAX_TOTAL_CELLS`](Self::MAX_TOTAL_CELLS) cells together, and groups nest
/// at most [`MAX_GROUP_DEPTH`](Self::MAX_GROUP_DEPTH) deep; a map past any is an error.
///
/// ```
/// use collide_levels::{TiledMap, TiledOptions};
/// use collide_world::TileShape;
///
/// let map = TiledMap::load("tests/data/tiled/platforms.tmx", &TiledOptions::new())?;
/// let ground = map.layer("ground").unwrap();
/// assert_eq!((ground.width(), ground.height()), (10, 6));
/// // y down: the bottom row of the editor is the map's row 5.
/// assert_eq!(ground.shape(0, 5), Some(TileShape::Solid));
/// assert_eq!(ground.shape(6, 2), Some(TileShape::OneWayTop));
/// assert_eq!(map.bodies.len(), 4);
/// # Ok::<(), collide_levels::Error>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct TiledMap {
    /// The map's size in cells: every tile layer's, and one a
    /// [`TileMap`](collide_world::TileMap) can have (a map whose header says otherwise is an
    /// error).
    pub size: (u32, u32),
    /// The size of its cells, in pixels.
    pub tile_size: Vec2,
    /// Its tile layers, in the file's order (bottom layer first), groups' layers in place.
    pub layers: Vec<TiledLayer>,
    /// The static bodies of its object layers (refreshed: ready for queries).
    pub bodies: StaticBodies,
    /// Every object of its object layers, in the file's order.
    pub objects: Vec<TiledObject>,
}

/// A tile layer as a tile map: a cell per tile, the map's tile size as its cell size, and the
/// layer's top-left corner (its offsets) as its origin with [`YAxis::Down`] (with
/// [`YAxis::Up`] the origin is its bottom-left corner and the rows are turned over).
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct TiledLayer {
    /// The layer's name.
    pub name: String,
    /// Its cells.
    pub map: TileMap,
}

/// An object of an object layer, in world points: where Tiled draws it, moved by its layer's
/// offset and its groups' as a tile layer is.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct TiledObject {
    /// Its id in the map.
    pub id: u32,
    /// Its name.
    pub name: String,
    /// Its class (its type, in older files).
    pub class: String,
    /// The name of its layer.
    pub layer: String,
    /// Tiled's position of it: a rectangle's or ellipse's top-left corner in the editor, a
    /// polygon's origin, a point, a tile object's bottom-left corner.
    pub position: Vec2,
    /// The centre of a rectangle's, ellipse's, text's or tile object's box; the position of
    /// the others.
    pub center: Vec2,
    /// Its width and height, in pixels.
    pub size: Vec2,
    /// Its rotation, clockwise degrees on the editor's screen.
    pub rotation: f32,
    /// What it is.
    pub shape: TiledObjectShape,
    /// Its custom properties, each value as the file writes it.
    pub properties: BTreeMap<String, String>,
    /// The static bodies it became: none for points, lines, tile objects, text, rectangles
    /// with no area and objects of a layer that does not collide; one for a rectangle, a
    /// circle or a convex polygon of at most
    /// [`MAX_HULL_VERTICES`](collide_core::MAX_HULL_VERTICES) corners; one per convex piece
    /// (each of at most that many corners) of a concave or larger polygon.
    pub bodies: Vec<StaticHandle>,
}

/// What a Tiled object is.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum TiledObjectShape {
    /// A rectangle.
    Rect,
    /// An ellipse.
    Ellipse,
    /// A point.
    Point,
    /// A closed polygon: its corners in the world.
    Polygon(Vec<Vec2>),
    /// An open line: its points in the world.
    Polyline(Vec<Vec2>),
    /// A tile placed as an object: its global tile id, flip bits and all.
    Tile(u32),
    /// A text box.
    Text,
}

impl TiledMap {
    /// How deep groups may nest: a group inside more than `MAX_GROUP_DEPTH - 1` others is an
    /// error naming it (the loaders read groups recursively, and Tiled's JSON parser stops
    /// at a depth not much more than twice this).
    pub const MAX_GROUP_DEPTH: usize = 32;

    /// The most cells a map's tile layers hold in all, as many as one
    /// [`TileMap`](collide_world::TileMap) may: a layer's tile ids take 4 bytes a cell while
    /// it loads, so a map's take at most 1 GiB however many layers it has. A map whose layers
    /// say they hold more is an error before any layer's data is read.
    pub const MAX_TOTAL_CELLS: usize = TileMap::MAX_CELLS;

    /// The most points one polygon object may have: splitting a polygon into convex pieces
    /// takes time that grows with the square of its points (a thousand take milliseconds, two
    /// hundred thousand a minute). A polygon with more is an error naming its object.
    pub const MAX_POLYGON_POINTS: usize = 1024;

    /// The map of the tile layer of this name: the first, where several layers have it (all of
    /// them are in [`layers`](Self::layers)).
    #[must_use]
    pub fn layer(&self, name: &str) -> Option<&TileMap> {
        self.layers.iter().find(|l| l.name == name).map(|l| &l.map)
    }
}
