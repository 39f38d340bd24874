//! The map's own queries on shaped cells, each cell's exact shape at a time: what the
//! overlap tests, the sweeps and the segment walk use where a whole cell's box would be wrong,
//! and the one-way cells' rule for them.

use collide_core::{cast_ray, overlaps, time_of_impact, Impact, Motion, Pose, ShapeRef};
use glam::Vec2;

use super::{TileMap, TileShape};
use crate::WorldHit;

impl TileMap {
    /// Whether cell `(x, y)` is a one-way cell.
    fn is_one_way(&self, x: u32, y: u32) -> bool {
        self.get(x, y) == Some(TileShape::OneWayTop.as_byte())
    }

    /// The shape of cell `(x, y)` where it stands ([`cell_shape`](Self::cell_shape)) for the
    /// map's own queries, `None` for an empty or a one-way cell: what stands inside a one-way
    /// platform passes through it, so it never overlaps nor touches it.
    pub(super) fn blocking_shape(&self, x: u32, y: u32) -> Option<(ShapeRef<'_>, Pose)> {
        if self.is_one_way(x, y) {
            None
        } else {
            self.cell_shape(x, y)
        }
    }

    /// The impact of `shape` moving along `motion` on cell `(x, y)`'s own shape: a one-way
    /// cell's only where the shape comes down onto its top from outside it (not overlapping
    /// it at the start), as its obstacle in `move_and_slide` would stop it.
    pub(super) fn shaped_impact(
        &self,
        shape: ShapeRef<'_>,
        motion: &Motion,
        x: u32,
        y: u32,
    ) -> Option<Impact> {
        let (cell, at) = self.cell_shape(x, y)?;
        let impact = time_of_impact(shape, motion, cell, &Motion::stationary(at.position))?;
        if self.is_one_way(x, y) {
            let up = self.one_way_up();
            let onto_top = motion.travel().dot(up) < 0.0
                && self.face_normal(x, y, impact.normal) == Some(-up)
                && !overlaps(shape, &motion.start_pose(), cell, &at);
            return onto_top.then_some(impact);
        }
        Some(impact)
    }

    /// The hit of the segment `from + d · t` on cell `(x, y)`'s own shape, exactly
    /// ([`collide_core::cast_ray`]), on a map with shaped cells: the walk only says the
    /// segment passes inside the cell's box. A one-way cell is hit only through its top,
    /// coming down from outside it.
    pub(super) fn shaped_segment_hit(
        &self,
        x: u32,
        y: u32,
        from: Vec2,
        d: Vec2,
    ) -> Option<WorldHit> {
        let (shape, at) = self.cell_shape(x, y)?;
        let impact = cast_ray(shape, &at, from, from + d)?;
        if self.is_one_way(x, y) && !(impact.t > 0.0 && impact.normal == -self.one_way_up()) {
            return None;
        }
        Some(WorldHit {
            id: self.cell_index(x, y),
            impact,
        })
    }
}
