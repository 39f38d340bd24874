//! What an LDtk project loads into: levels, their IntGrid layers as tile maps, entities.

use std::collections::BTreeMap;

use collide_world::TileMap;
use glam::Vec2;
use serde_json::Value;

#[cfg(doc)]
use crate::axis::YAxis;

/// An LDtk project's levels, loaded.
///
/// ```
/// use collide_levels::{LdtkOptions, LdtkProject};
/// use collide_world::TileShape;
///
/// let project = LdtkProject::load("tests/data/ldtk/platforms.ldtk", &LdtkOptions::new())?;
/// let level = project.level("Level_0").unwrap();
/// let ground = level.int_grid("Collisions").unwrap();
/// assert_eq!((ground.width(), ground.height()), (12, 8));
/// // y down: the map's rows are the editor's, and the floor is its bottom row.
/// assert_eq!(ground.shape(0, 7), Some(TileShape::Solid));
/// let coin = level.entities.iter().find(|e| e.identifier == "Coin").unwrap();
/// assert_eq!(coin.position, glam::Vec2::new(88.0, 88.0));
/// # Ok::<(), collide_levels::Error>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct LdtkProject {
    /// Every level, in the project's order (the worlds' levels one world after another).
    pub levels: Vec<LdtkLevel>,
}

/// One level of an LDtk project.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct LdtkLevel {
    /// The level's identifier (`Level_0`).
    pub identifier: String,
    /// The level's unique id.
    pub iid: String,
    /// The editor's pixel of the level's top-left corner in its world (`(0, 0)` in the linear
    /// world layouts, where LDtk places no level).
    pub world_position: Vec2,
    /// Its IntGrid layers, in the level's order (LDtk's: the top layer first).
    pub int_grids: Vec<IntGridLayer>,
    /// The entities of its entity layers.
    pub entities: Vec<LdtkEntity>,
}

/// An IntGrid layer as a tile map: a cell per IntGrid cell, the layer's grid size as its cell
/// size, and its top-left corner (the level's world position plus the layer's offsets) as the
/// map's origin with [`YAxis::Down`] (with [`YAxis::Up`], the origin is its bottom-left corner
/// in the world and the rows are turned over).
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct IntGridLayer {
    /// The layer's identifier.
    pub identifier: String,
    /// Its cells; one-way cells block from the top of the editor's screen
    /// ([`YAxis::up`]).
    pub map: TileMap,
}

/// An entity of an LDtk level: where a game puts a coin, an enemy, the player.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct LdtkEntity {
    /// The entity's identifier (its definition's name: `Coin`).
    pub identifier: String,
    /// The instance's unique id.
    pub iid: String,
    /// The identifier of the layer it is on.
    pub layer: String,
    /// Its pivot point in the world (LDtk's `px`, moved by the level's position and the
    /// layer's offsets).
    pub position: Vec2,
    /// The centre of its box in the world.
    pub center: Vec2,
    /// Its width and height, in pixels: finite and never negative (a file that says
    /// otherwise is an error naming the entity).
    pub size: Vec2,
    /// Its grid cell in the layer, as LDtk counts it (row `0` at the top).
    pub cell: (i64, i64),
    /// Its fields by identifier, each value as the JSON holds it.
    pub fields: BTreeMap<String, Value>,
}

impl LdtkProject {
    /// The level of this identifier.
    #[must_use]
    pub fn level(&self, identifier: &str) -> Option<&LdtkLevel> {
        self.levels.iter().find(|l| l.identifier == identifier)
    }
}

impl LdtkLevel {
    /// The map of the IntGrid layer of this identifier: the first, where several layers have it
    /// (all of them are in [`int_grids`](Self::int_grids)).
    #[must_use]
    pub fn int_grid(&self, identifier: &str) -> Option<&TileMap> {
        self.int_grids
            .iter()
            .find(|l| l.identifier == identifier)
            .map(|l| &l.map)
    }
}
