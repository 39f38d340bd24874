//! A tile map as [`Obstacles`]: one rectangle per solid cell, so `move_and_slide` walks on it.

use collide_core::{Aabb, Layers, Pose};

use super::TileMap;
use crate::obstacles::touches;
use crate::{Obstacle, Obstacles};

/// Each solid cell under the area is one [`Obstacle`]: the cell's rectangle
/// ([`TileMap::cell_rect`]) at its centre, with its [`cell_index`](TileMap::cell_index) as id
/// and the map's [`layers`](TileMap::layers); only the cells whose rectangle's box touches the
/// area are listed. Listing costs the cells under the area plus a cell of margin each way,
/// whatever the map's size.
///
/// ```
/// use collide_broad::{move_and_slide, SlideSettings, TileMap};
/// use collide_core::{Rect, Rot};
/// use glam::Vec2;
///
/// let map = TileMap::from_rows(&["......", "######"], Vec2::splat(16.0), Vec2::ZERO)?;
/// let body = Rect { half_extents: Vec2::new(5.0, 7.0) };
/// let settings = SlideSettings::new(Vec2::Y);
/// // Resting on the floor (its top at y = 16), walking right across two seams.
/// let step = move_and_slide(body, Rot::IDENTITY, Vec2::new(10.0, 23.005), Vec2::new(40.0, -1.0), &map, &settings);
/// assert!(step.on_floor && !step.on_wall);
/// assert!((step.position.x - 50.0).abs() < 1e-4);
/// # Ok::<(), collide_broad::Error>(())
/// ```
impl Obstacles for TileMap {
    fn near<'s>(&'s self, area: &Aabb, layers: Layers, visit: &mut dyn FnMut(Obstacle<'s>)) {
        if !self.layers().interacts(layers) {
            return;
        }
        let rect = self.cell_rect();
        self.solid_cells_under(area, false, |x, y| {
            let pose = Pose::from_position(self.cell_center(x, y));
            let id = self.cell_index(x, y);
            let o = Obstacle::new(id, rect, pose).with_layers(self.layers());
            // The cell walk has a cell of margin for rounding; the obstacles themselves are
            // held to the area, so that a body resting on a floor and moving along it is
            // offered no floor cell at all.
            if touches(&o.bounds(), area) {
                visit(o);
            }
            false
        });
    }
}
