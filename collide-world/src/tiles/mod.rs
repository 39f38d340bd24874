//! Tile maps: a rectangle of cells, empty, solid or shaped (half tiles, slopes, one-way
//! platforms), and exact queries on it that never catch on the seams between tiles.
//!
//! - `map`: [`TileMap`], its constructors, cells and world coordinates;
//! - `shape`: [`TileShape`], what each cell byte means, and each shape's outline;
//! - `legend`: [`TileMap::from_rows`], a map drawn as text a character per shape;
//! - `hulls`: the shaped cells' own shapes (a half tile's rectangle, a slope's hull);
//! - `coords`: where cells lie in the world, and the cells under a point or a box;
//! - `limits`: the sizes and coordinates a map may have;
//! - `scan`: finding solid cells eight cell bytes (a 64-bit word) at a time, and a bit per
//!   16 × 16 block, for the casts to skip empty runs;
//! - `cells`: which cells the face rule reads: the map's own, or those a query keeps;
//! - `faces`: which faces of a solid cell are exposed, and the rule every query applies
//!   ([`TileMap::face_normal`]);
//! - `exact`: the queries on shaped cells, a cell's exact shape at a time, and one-way cells;
//! - `joints`: the face rule for any outline, and at the vertices where shapes meet;
//! - `overlap`: [`TileMap::overlaps`] and [`TileMap::contacts`] of a placed shape;
//! - `sweep`: [`TileMap::time_of_impact`] of a moving shape;
//! - `axes`: a moving hull's face normals as separating axes, that rule cells out before
//!   the sweep's exact test;
//! - `segment`: [`TileMap::cast_segment`], a cell walk;
//! - `segment_far`: cutting a segment to the map for the walk, exactly from far away;
//! - `sensors`: tile values that only report what meets them, kept apart from the solid cells;
//! - `obstacles`: the map as [`Obstacles`](crate::Obstacles), for `move_and_slide` and the pass;

mod axes;
mod cells;
mod coords;
mod exact;
pub(crate) mod faces;
mod grid_line;
mod hulls;
mod joints;
mod legend;
mod limits;
mod map;
mod obstacles;
mod overlap;
mod scan;
mod segment;
mod segment_far;
mod sensors;
mod shape;
mod sweep;

pub use map::{TileCell, TileMap};
pub use shape::TileShape;
