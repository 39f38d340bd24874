//! A Tiled map as the file says it, before any of it becomes collide's: what the format
//! parser produces and the conversion reads.

use std::collections::BTreeMap;

use glam::Vec2;

use super::map::TiledMap;
use crate::error::{invalid, Error};
use crate::read::cell_count;

/// Custom properties by name, each value as the file writes it (`"true"`, `"3"`).
pub(crate) type Properties = BTreeMap<String, String>;

/// Whether the property `name` is the boolean `true`.
pub(crate) fn is_true(properties: &Properties, name: &str) -> bool {
    properties.get(name).is_some_and(|v| v == "true")
}

/// An error when a group inside `depth - 1` others nests too deep: the format parsers
/// recurse into groups, so a file nesting thousands of them would overflow the stack.
pub(crate) fn check_depth(file: &str, depth: usize) -> Result<(), Error> {
    if depth > TiledMap::MAX_GROUP_DEPTH {
        let what = format!(
            "a group inside {} others (groups nest at most {} deep)",
            depth - 1,
            TiledMap::MAX_GROUP_DEPTH
        );
        return Err(invalid(file, what));
    }
    Ok(())
}

/// An error when tile layers of these sizes (`width`, `height`) hold more than
/// [`TiledMap::MAX_TOTAL_CELLS`] cells in all. Asked before any layer's data is decoded: a
/// small compressed layer inflates to 4 bytes a cell, and a map may have any number. A size
/// no layer can have counts none here (its layer is an error of its own).
pub(crate) fn check_total_cells(
    file: &str,
    sizes: impl Iterator<Item = (u32, u32)>,
) -> Result<(), Error> {
    let cells = sizes
        .map(|(w, h)| cell_count(w, h).unwrap_or(0))
        .fold(0, usize::saturating_add);
    if cells > TiledMap::MAX_TOTAL_CELLS {
        let what = format!(
            "tile layers of {cells} cells in all (a map's hold at most {})",
            TiledMap::MAX_TOTAL_CELLS
        );
        return Err(invalid(file, what));
    }
    Ok(())
}

/// The map: its size, its tilesets and its layers (groups flattened, their offsets added).
/// Each tile layer is the map's size, as Tiled saves a fixed-size map (`build` checks it).
pub(crate) struct Map {
    pub width: u32,
    pub height: u32,
    pub tile_size: Vec2,
    pub tilesets: Vec<Tileset>,
    pub layers: Vec<Layer>,
}

/// A tileset, embedded or from its own file.
pub(crate) struct Tileset {
    pub first_gid: u32,
    /// What errors call it (see [`label`](super::tileset::label)).
    pub label: String,
    pub tile_size: Vec2,
    /// How many tiles it holds, when the file says.
    pub tile_count: Option<u32>,
    /// The tiles that say something (properties, collision objects), by local id.
    pub tiles: BTreeMap<u32, Tile>,
}

/// One tile of a tileset.
#[derive(Default)]
pub(crate) struct Tile {
    pub properties: Properties,
    /// Its collision objects, in the tile's pixels (y down from its top-left corner).
    pub objects: Vec<Object>,
}

/// A layer.
pub(crate) struct Layer {
    pub name: String,
    /// The editor's pixel of the layer's top-left corner (its offsets and its groups').
    pub offset: Vec2,
    pub properties: Properties,
    pub kind: LayerKind,
}

/// What a layer holds.
pub(crate) enum LayerKind {
    /// A tile layer: its size in cells and a global tile id (flip bits and all) a cell, row
    /// by row from the top.
    Tiles {
        width: u32,
        height: u32,
        gids: Vec<u32>,
    },
    /// An object layer.
    Objects(Vec<Object>),
}

/// An object: in an object layer, or a tile's collision object.
#[derive(Clone, Debug, Default)]
pub(crate) struct Object {
    pub id: u32,
    pub name: String,
    pub class: String,
    /// Its position, in pixels: the top-left of a rectangle or an ellipse's box, the origin
    /// of a polygon's points.
    pub position: Vec2,
    pub size: Vec2,
    /// Clockwise degrees about `position`.
    pub rotation: f32,
    pub kind: ObjectKind,
    pub properties: Properties,
}

/// An object's shape.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) enum ObjectKind {
    /// A rectangle of the object's size.
    #[default]
    Rect,
    /// An ellipse filling the object's size.
    Ellipse,
    /// A point.
    Point,
    /// A closed polygon, its points from the object's position.
    Polygon(Vec<Vec2>),
    /// An open line, its points from the object's position.
    Polyline(Vec<Vec2>),
    /// A tile drawn as an object, by its global id.
    Tile(u32),
    /// A text box.
    Text,
}
