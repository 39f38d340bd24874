//! The map's own queries on shaped cells, each cell's exact shape at a time: what the
//! overlap tests, the sweeps and the segment walk use where a whole cell's box would be wrong,
//! and the one-way cells' rule for them.

use collide_core::{
    cast_ray, cast_ray_box, time_of_impact, Circle, Impact, Motion, Pose, ShapeRef, DEFAULT_SKIN,
};
use glam::Vec2;

use super::cells::AsIs;
use super::{TileMap, TileShape};
use crate::{working_skin, Obstacle, WorldHit};

impl TileMap {
    /// Whether cell `(x, y)` is a one-way cell.
    pub(super) fn is_one_way(&self, x: u32, y: u32) -> bool {
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
    /// cell's only where the shape comes down onto it from above (not overlapping it, nor
    /// reaching below its top, at the start), onto its top or an outer corner within
    /// [`ONE_WAY_MAX_ANGLE`](crate::ONE_WAY_MAX_ANGLE) of it, as its obstacle in
    /// `move_and_slide` would stop it ([`Obstacle::stops_from`], with the face rule's normal).
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
            // The rule of its obstacle in `move_and_slide`, on the normal the face rule gives
            // it there: the top's, or an outer corner's own (a ledge met on its corner).
            let normal = self.face_normal(x, y, impact.normal)?;
            let platform = Obstacle::new(self.cell_index(x, y), cell, at).with_one_way(up);
            let start = motion.start_pose();
            let met = Impact { normal, ..impact };
            let tolerance = working_skin(DEFAULT_SKIN, &[shape.aabb(&start)]);
            let onto_top = platform.stops_from(shape, &start, motion.travel(), &met, tolerance);
            return onto_top.then_some(impact);
        }
        Some(impact)
    }

    /// The hit of the segment `from + d · t` on cell `(x, y)`'s own shape, exactly
    /// ([`collide_core::cast_ray`]), on a map with shaped cells: the walk only says the
    /// segment passes inside the cell's box. A whole cell is its grid box, as on a map of
    /// whole cells. A one-way cell is hit only through its top, coming down from outside it,
    /// where no cell above covers the top. A start inside the cell has the segment's own direction
    /// as its normal, as on a map of whole cells (the nearest face's, which `cast_ray` gives,
    /// made the answer depend on whether the map held any shaped cell).
    pub(super) fn shaped_segment_hit(
        &self,
        x: u32,
        y: u32,
        from: Vec2,
        d: Vec2,
    ) -> Option<WorldHit> {
        let mut impact = if self.shape(x, y) == Some(TileShape::Solid) {
            // A whole cell covers its grid box, as on a map of whole cells: its `Rect`, placed
            // at a rounded centre, may stand a rounding step off the box's edges.
            let (lo, hi) = (self.cell_min(x, y), self.cell_min(x + 1, y + 1));
            cast_ray_box(lo, hi, from, from + d)?
        } else {
            let (shape, at) = self.cell_shape(x, y)?;
            cast_ray(shape, &at, from, from + d)?
        };
        if self.is_one_way(x, y) {
            let up = self.one_way_up();
            // Through a top that a cell above covers, only from the line between them: no
            // landing, as on that top's face ([`face_normal`](Self::face_normal)).
            let exposed = || self.face_normal(x, y, -up).is_some();
            let through_top = impact.t > 0.0 && impact.normal == -up && exposed();
            let on_top = impact.t == 0.0 && self.starts_on_top(x, y, from, d);
            if !(through_top || on_top) {
                return None;
            }
            impact.normal = -up;
        } else if impact.t == 0.0 {
            impact.normal = d.try_normalize().unwrap_or(Vec2::X);
        } else if self.face_normal(x, y, impact.normal).is_none() {
            // Through a whole cell's corner where two faces tie, the one the map exposes.
            if let Some(normal) = self.through_the_corner(&AsIs, x, y, &impact, d) {
                impact.normal = normal;
            }
        } else if let Some(normal) = self.covered_corner_normal(&AsIs, (x, y), &impact, d) {
            impact.normal = normal; // the face it names is covered at that corner
        }
        Some(WorldHit {
            id: self.cell_index(x, y),
            impact,
        })
    }

    /// Whether a segment from `from` along `d`, which starts touching or inside one-way cell
    /// `(x, y)`, starts on its top (exposed, and within rounding of its level) and goes down
    /// into it: it lands there at once, as a body resting on the platform would
    /// ([`Obstacle::stops_from`]).
    pub(super) fn starts_on_top(&self, x: u32, y: u32, from: Vec2, d: Vec2) -> bool {
        let Some((cell, at)) = self.cell_shape(x, y) else {
            return false;
        };
        let up = self.one_way_up();
        let point = Circle { radius: 0.0 };
        let platform = Obstacle::new(self.cell_index(x, y), cell, at).with_one_way(up);
        let start = Pose::from_position(from);
        // The point of the top's level below or above the start: a start on the cell's side,
        // below its top, is no start on the top.
        let level = cell.reach(&at, up);
        let top = Impact {
            t: 0.0,
            point: from + up * (level - from.dot(up)),
            normal: -up,
        };
        let tolerance = working_skin(DEFAULT_SKIN, &[point.aabb(&start)]);
        d.dot(up) < 0.0
            && self.face_normal(x, y, -up).is_some()
            && platform.stops_from(point.into(), &start, d, &top, tolerance)
    }
}
