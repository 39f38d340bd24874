//! Point and area queries over a static world: the obstacles that hold a point, those a shape
//! at a pose overlaps, and the nearest one to a point.
//!
//! Each works on any [`Obstacles`] (a [`TileMap`](crate::TileMap), a
//! [`StaticBodies`](crate::StaticBodies), a [`StaticWorld`](crate::StaticWorld), a slice): the
//! set's [`near`](Obstacles::near) lists the candidates around the query's box, and each is
//! then tested exactly on its real shape, so the answer is the one a loop over every obstacle
//! gives.

use collide_core::{contains_point, project_point, Aabb, Pose, Probe, ShapeRef};
use glam::Vec2;

use crate::{Obstacle, Obstacles, QueryFilter};

/// The nearest point of the world to a query point: what [`nearest_obstacle`] (and the
/// front door's `Hitscan::nearest_body`) answers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NearestPoint {
    /// The obstacle's id (or the body's index).
    pub id: u32,
    /// Its point nearest to the query point: on its outline, or the query point itself when
    /// that is inside it or on its outline.
    pub point: Vec2,
    /// Unit, out of the obstacle: towards the query point when it is outside; when it is
    /// inside or on the outline, the outward normal of that obstacle's face nearest to it (for
    /// a tile inside a solid region, that face may be one it shares with a neighbour).
    pub normal: Vec2,
    /// How far the query point is from it: `0` inside or on its outline.
    pub distance: f32,
}

impl NearestPoint {
    /// Where `shape` at `pose` is nearest to `point`, as the answer for `id`, if it lies
    /// within `max_distance` ([`project_point`]).
    #[must_use]
    pub fn of(
        id: u32,
        shape: ShapeRef<'_>,
        pose: &Pose,
        point: Vec2,
        max_distance: f32,
    ) -> Option<Self> {
        let p = project_point(shape, pose, point)?;
        (p.distance <= max_distance).then_some(NearestPoint {
            id,
            point: p.point,
            normal: p.normal,
            distance: p.distance,
        })
    }

    /// The nearer of `best` so far and `self` (the smaller id on a tie).
    #[must_use]
    pub fn nearer(self, best: Option<NearestPoint>) -> NearestPoint {
        match best {
            Some(b)
                if b.distance
                    .total_cmp(&self.distance)
                    .then(b.id.cmp(&self.id))
                    .is_le() =>
            {
                b
            }
            _ => self,
        }
    }
}

/// `bounds` grown by four ulps of its reach, as the collision pass grows a body's box: a box
/// computed in `f32` can end a rounding step short of the shape the exact tests see.
pub(crate) fn widened(bounds: Aabb) -> Aabb {
    let reach = bounds.center.abs() + bounds.half_extents;
    Aabb::new(
        bounds.center,
        bounds.half_extents + reach * (4.0 * f32::EPSILON),
    )
}

/// The box around the disc of `radius` about `point`, widened; `None` when the point or the
/// radius is not finite. A disc wider than the box can hold (a radius of `f32::MAX`, "no
/// limit") gets the whole plane.
fn disc_box(point: Vec2, radius: f32) -> Option<Aabb> {
    if !(point.is_finite() && radius.is_finite()) {
        return None;
    }
    let b = widened(Aabb::new(point, Vec2::splat(radius)));
    Some(if b.is_finite() { b } else { WHOLE_PLANE })
}

/// Every finite point.
const WHOLE_PLANE: Aabb = Aabb::new(Vec2::ZERO, Vec2::splat(f32::MAX));

/// Calls `visit` with every obstacle near `area` that `filter` allows.
fn each_allowed<'s>(
    obstacles: &'s (impl Obstacles + ?Sized),
    area: &Aabb,
    filter: &QueryFilter<'_>,
    mut visit: impl FnMut(Obstacle<'s>),
) {
    obstacles.near(area, filter.layers, &mut |o: Obstacle<'s>| {
        if filter.allows_obstacle(&o) {
            visit(o);
        }
    });
}

/// Sorts ids ascending and drops repeats (a set may list one obstacle under two cells).
fn sorted_ids(out: &mut Vec<u32>) {
    out.sort_unstable();
    out.dedup();
}

/// Every obstacle `filter` allows that holds `point` strictly inside its real shape, by id
/// ascending, into `out` (cleared first).
///
/// Strict, as every overlap in collide is ([`contains_point`]): a point on an outline, or on
/// the face between two tiles, is in neither. Sensors take part only where the filter
/// [includes them](QueryFilter::include_sensors). A non-finite point finds nothing. Allocates
/// nothing once `out` has room.
///
/// ```
/// use collide_world::{obstacles_at_point, QueryFilter, TileMap};
/// use glam::Vec2;
///
/// let map = TileMap::from_rows(&["#.", "##"], Vec2::splat(16.0), Vec2::ZERO)?;
/// let mut ids = Vec::new();
/// obstacles_at_point(&map, Vec2::new(20.0, 8.0), QueryFilter::default(), &mut ids);
/// assert_eq!(ids.len(), 1);
/// obstacles_at_point(&map, Vec2::new(16.0, 8.0), QueryFilter::default(), &mut ids);
/// assert!(ids.is_empty()); // on the face between two tiles
/// # Ok::<(), collide_world::Error>(())
/// ```
pub fn obstacles_at_point<'f>(
    obstacles: &(impl Obstacles + ?Sized),
    point: Vec2,
    filter: impl Into<QueryFilter<'f>>,
    out: &mut Vec<u32>,
) {
    out.clear();
    let Some(area) = disc_box(point, 0.0) else {
        return;
    };
    each_allowed(obstacles, &area, &filter.into(), |o| {
        if contains_point(o.shape, &o.pose, point) {
            out.push(o.id);
        }
    });
    sorted_ids(out);
}

/// Every obstacle `filter` allows that `shape`, placed at `pose`, overlaps (exactly, on both
/// real shapes: [`overlaps`](collide_core::overlaps)), by id ascending, into `out` (cleared
/// first).
///
/// Strict: a shape that only touches an obstacle does not overlap it. Sensors take part only
/// where the filter includes them. Non-finite input, or a shape of invalid size, finds
/// nothing. Allocates nothing once `out` has room.
pub fn obstacles_overlapping<'s, 'f>(
    obstacles: &(impl Obstacles + ?Sized),
    shape: impl Into<ShapeRef<'s>>,
    pose: &Pose,
    filter: impl Into<QueryFilter<'f>>,
    out: &mut Vec<u32>,
) {
    out.clear();
    // The shape's box and, for a polygon, its world lanes, once for every candidate.
    let probe = Probe::new(shape, pose);
    let area = widened(probe.aabb());
    if !(pose.is_finite() && area.is_finite()) {
        return;
    }
    each_allowed(obstacles, &area, &filter.into(), |o| {
        if probe.overlaps(o.shape, &o.pose) {
            out.push(o.id);
        }
    });
    sorted_ids(out);
}

/// The obstacle `filter` allows nearest to `point`, if one lies within `max_distance` of it
/// (at that distance or nearer): its id, its nearest point, the normal there and the distance
/// (see [`NearestPoint`]). Ties go to the smaller id.
///
/// "Is there ground within 2 units below the feet" is the nearest obstacle to the feet within
/// 2, with a normal that points up. A point inside an obstacle is at distance `0` from it.
/// Sensors take part only where the filter includes them. A non-finite point, or a
/// `max_distance` that is negative or not finite, finds nothing.
///
/// ```
/// use collide_world::{nearest_obstacle, QueryFilter, TileMap};
/// use glam::Vec2;
///
/// let map = TileMap::from_rows(&["....", "####"], Vec2::splat(16.0), Vec2::ZERO)?;
/// let feet = Vec2::new(24.0, 17.5); // y up: the floor's top is at y = 16
/// let ground = nearest_obstacle(&map, feet, 2.0, QueryFilter::default()).unwrap();
/// assert_eq!((ground.point, ground.normal, ground.distance), (Vec2::new(24.0, 16.0), Vec2::Y, 1.5));
/// assert!(nearest_obstacle(&map, feet + Vec2::Y, 2.0, QueryFilter::default()).is_none());
/// # Ok::<(), collide_world::Error>(())
/// ```
#[must_use]
pub fn nearest_obstacle<'f>(
    obstacles: &(impl Obstacles + ?Sized),
    point: Vec2,
    max_distance: f32,
    filter: impl Into<QueryFilter<'f>>,
) -> Option<NearestPoint> {
    if max_distance.is_nan() || max_distance < 0.0 {
        return None;
    }
    let area = disc_box(point, max_distance)?;
    let mut best: Option<NearestPoint> = None;
    each_allowed(obstacles, &area, &filter.into(), |o| {
        if let Some(near) = NearestPoint::of(o.id, o.shape, &o.pose, point, max_distance) {
            best = Some(near.nearer(best));
        }
    });
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use collide_core::{Circle, Layers, Rect};

    fn world() -> [Obstacle<'static>; 3] {
        let square = Rect {
            half_extents: Vec2::ONE,
        };
        [
            Obstacle::new(5, square, Pose::from_position(Vec2::ZERO)),
            Obstacle::new(
                2,
                Circle { radius: 1.0 },
                Pose::from_position(Vec2::new(1.5, 0.0)),
            )
            .with_sensor(true),
            Obstacle::new(9, square, Pose::from_position(Vec2::new(0.5, 0.0)))
                .with_layers(Layers::on(2).with_mask(2)),
        ]
    }

    /// The filter's layers, exclusions and sensor flag each take an obstacle out.
    #[test]
    fn the_filter_decides_who_takes_part() {
        let world = world();
        let mut ids = Vec::new();
        let p = Vec2::new(0.8, 0.0);
        obstacles_at_point(&world[..], p, QueryFilter::default(), &mut ids);
        assert_eq!(ids, [5, 9]);
        obstacles_at_point(
            &world[..],
            p,
            QueryFilter::default().with_sensors(true),
            &mut ids,
        );
        assert_eq!(ids, [2, 5, 9]);
        let not_five = [5];
        let filter = QueryFilter::new(Layers::on(1).with_mask(1)).excluding(&not_five);
        obstacles_at_point(&world[..], p, filter, &mut ids);
        assert!(ids.is_empty());
    }

    /// The nearest obstacle, with ties to the smaller id; none beyond the distance or for a
    /// bad distance.
    #[test]
    fn nearest_keeps_the_nearest_and_the_smaller_id() {
        let world = world();
        let p = Vec2::new(0.0, 3.0);
        let near = nearest_obstacle(&world[..], p, 2.0, QueryFilter::default()).unwrap();
        assert_eq!((near.id, near.distance, near.normal), (5, 2.0, Vec2::Y));
        assert!(nearest_obstacle(&world[..], p, 1.9, QueryFilter::default()).is_none());
        for bad in [-1.0, f32::NAN, f32::INFINITY] {
            assert!(nearest_obstacle(&world[..], p, bad, QueryFilter::default()).is_none());
        }
        let inside = nearest_obstacle(&world[..], Vec2::new(0.7, 0.0), 1.0, QueryFilter::default());
        assert_eq!(inside.map(|n| (n.id, n.distance)), Some((5, 0.0)));
    }
}
