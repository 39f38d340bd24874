//! The casts over static obstacles: the first obstacle (or every one) a ray or a moving shape
//! meets, on any [`Obstacles`].

use collide_core::{contact, time_of_impact, Circle, Hit, Impact, Motion, ShapeRef};
use glam::Vec2;

use super::{by_time, nearer, swept_box};
use crate::pass::statics::{is_point, stopping, with_own_normal};
use crate::Body;
use collide_broad::buffers::keep_headroom;
use collide_world::{refine_hit_among, working_skin, Obstacle, Obstacles, QueryFilter, WorldHit};

/// The box around the segment `from → to`, widened as the pass widens a body's swept box
/// (see [`Body::swept_bounds`]), or `None` when an end is not finite. Unwidened, a box built
/// from its corners (a centre and half extents, each rounded) could end a rounding step short
/// of the segment, and with an obstacle's box rounded short of its shape, leave out one the
/// ray enters (a circle 8.9 million units out, where an ulp is a unit).
fn segment_box(from: Vec2, to: Vec2) -> Option<collide_core::Aabb> {
    let point = Body::new(Circle { radius: 0.0 }, from, to);
    (from.is_finite() && to.is_finite()).then(|| point.swept_bounds())
}

/// `impact` of `shape` moving along `motion` on obstacle `o`, as the set reports it to the
/// pass and to `move_and_slide` ([`refined_hit`]): a tile map's face rule (no hit through
/// the face between two solid cells, a flat floor's normal at its seams) and a one-way
/// platform's rule (met only coming down onto it from above).
fn as_the_set_says<O: Obstacles + ?Sized>(
    obstacles: &O,
    o: &Obstacle<'_>,
    shape: ShapeRef<'_>,
    motion: &Motion,
    impact: Impact,
    filter: &QueryFilter<'_>,
) -> Option<Impact> {
    let hit = Hit {
        impact,
        contact: None,
        by_sweep: true,
    };
    // A filter that leaves obstacles out may expose a face the set counts as a seam.
    let refined = if filter.is_layers_only() {
        obstacles.refine_hit(o.id, shape, motion, hit)
    } else {
        let keeps = |n: &Obstacle<'_>| filter.allows_obstacle(n);
        refine_hit_among(obstacles, o.id, shape, motion, hit, &keeps)
    }?;
    let refined = with_own_normal(shape, motion, &hit, refined);
    stopping(o, shape, motion, refined).map(|h| h.impact)
}

/// The hit of a point moving along `motion` on a seam of the set ([`Obstacles::seam_hit`]:
/// between two obstacles it grazes, inside the region they fill), if `filter` allows the
/// obstacle named; with a filter that leaves obstacles out, a seam of the set without them
/// ([`Obstacles::seam_hit_kept`]: one beside an obstacle left out is none). It stands for
/// that obstacle: the casts take no other hit on it.
fn seam_hit_allowed(
    obstacles: &(impl Obstacles + ?Sized),
    shape: ShapeRef<'_>,
    motion: &Motion,
    filter: &QueryFilter<'_>,
) -> Option<WorldHit> {
    if !is_point(shape) {
        return None;
    }
    let (from, to, layers) = (motion.start, motion.end, filter.layers);
    let found = if filter.is_layers_only() {
        obstacles.seam_hit(from, to, layers, true)
    } else {
        let keeps = |o: &Obstacle<'_>| filter.allows_obstacle(o);
        obstacles.seam_hit_kept(from, to, layers, true, &keeps)
    }?;
    let o = obstacles.obstacle(found.id)?;
    filter.allows_obstacle(&o).then_some(WorldHit {
        id: o.id,
        impact: found.impact,
    })
}

/// Calls `visit` with the exact ray hit on every obstacle near the segment that `filter`
/// allows, as the set reports it ([`as_the_set_says`]); a ray that starts inside a solid
/// obstacle, or on its face (to rounding) heading in, meets it at `t = 0` whatever the set
/// says of the nearest face.
fn each_ray_hit<'s>(
    obstacles: &'s (impl Obstacles + ?Sized),
    from: Vec2,
    to: Vec2,
    filter: &QueryFilter<'_>,
    mut visit: impl FnMut(WorldHit),
) {
    let Some(area) = segment_box(from, to) else {
        return;
    };
    let point = Circle { radius: 0.0 };
    let seam = seam_hit_allowed(obstacles, point.into(), &Motion::linear(from, to), filter);
    let seam_id = seam.map(|h| h.id);
    if let Some(h) = seam {
        visit(h);
    }
    obstacles.near(&area, filter.layers, &mut |o: Obstacle<'s>| {
        if !filter.allows_obstacle(&o) || Some(o.id) == seam_id {
            return;
        }
        let Some(h) = obstacles.cast_ray_on(&o, from, to) else {
            return;
        };
        let (point, path) = (Circle { radius: 0.0 }, Motion::linear(from, to));
        let said = as_the_set_says(obstacles, &o, point.into(), &path, h, filter);
        // A point cannot be sunk: inside is inside.
        let at_once = || met_inside(from_its_start(h, &o, from), &o, to - from, || true);
        let Some(h) = said.or_else(at_once) else {
            return;
        };
        visit(WorldHit {
            id: o.id,
            impact: h,
        });
    });
}

/// Calls `visit` with the exact sweep hit on every obstacle near the swept box that `filter`
/// allows, as the set reports it ([`as_the_set_says`]).
fn each_shape_hit<'s>(
    obstacles: &'s (impl Obstacles + ?Sized),
    shape: ShapeRef<'_>,
    motion: &Motion,
    filter: &QueryFilter<'_>,
    mut visit: impl FnMut(WorldHit),
) {
    let Some(area) = swept_box(shape, motion) else {
        return;
    };
    let seam = seam_hit_allowed(obstacles, shape, motion, filter);
    let seam_id = seam.map(|h| h.id);
    if let Some(h) = seam {
        visit(h);
    }
    obstacles.near(&area, filter.layers, &mut |o: Obstacle<'s>| {
        if !filter.allows_obstacle(&o) || Some(o.id) == seam_id {
            return;
        }
        let at = Motion::new(o.pose.position, o.pose.position, o.pose.rotation);
        let Some(i) = time_of_impact(shape, motion, o.shape, &at) else {
            return;
        };
        let said = as_the_set_says(obstacles, &o, shape, motion, i, filter);
        let sunk = || sunk_in(shape, motion, &o);
        let Some(i) = said.or_else(|| met_inside(i, &o, motion.travel(), sunk)) else {
            return;
        };
        visit(WorldHit {
            id: o.id,
            impact: i,
        });
    });
}

/// The hit `i` that the set dropped, where the cast starts inside the solid obstacle `o`
/// (`inside`, asked only then) and the set says its nearest face is no face (between two
/// tiles) or sees no way out: met at once all the same, with the travel's direction as the
/// normal (`X` without one), as `TileMap::cast_segment` gives it.
fn met_inside(
    i: Impact,
    o: &Obstacle<'_>,
    travel: Vec2,
    inside: impl FnOnce() -> bool,
) -> Option<Impact> {
    (i.t == 0.0 && o.one_way.is_none() && inside()).then(|| Impact {
        normal: travel.try_normalize().unwrap_or(Vec2::X),
        ..i
    })
}

/// The ray's hit `h` on `o` moved to the ray's start (`t = 0`) where the two lie within the
/// rounding of the coordinates (four ulps of the largest, [`working_skin`]): a ray starting on
/// the face between two tiles a rounding step off the cell's edge as computed starts inside
/// the region they fill, as one exactly on the edge does.
fn from_its_start(h: Impact, o: &Obstacle<'_>, from: Vec2) -> Impact {
    let boxes = [o.bounds(), collide_core::Aabb::from_min_max(from, from)];
    let off = (h.point - from).abs().max_element();
    if off <= working_skin(0.0, &boxes) {
        Impact {
            t: 0.0,
            point: from,
            ..h
        }
    } else {
        h
    }
}

/// Whether `shape` where `motion` starts overlaps obstacle `o` deeper than the rounding of
/// the coordinates (four ulps of the largest, [`working_skin`]): inside it, not a hair into
/// a tile's rect placed at its rounded centre while resting on the grid line.
fn sunk_in(shape: ShapeRef<'_>, motion: &Motion, o: &Obstacle<'_>) -> bool {
    let start = motion.start_pose();
    let boxes = [shape.aabb(&start), o.bounds()];
    contact(shape, &start, o.shape, &o.pose).is_some_and(|c| c.depth > working_skin(0.0, &boxes))
}

/// The first static obstacle the segment `from → to` enters, exactly (ties to the smaller
/// id), among those `filter` allows (a plain [`Layers`](collide_core::Layers) allows those
/// on interacting layers). A segment that only reaches a surface where it ends touches it,
/// which is no hit (overlap is strict), as in `TileMap::cast_segment`: every hit has
/// `t < 1`.
///
/// Sensors ([`Obstacle::sensor`]) are skipped unless the filter
/// [includes them](QueryFilter::include_sensors): a laser goes through a coin. The same holds
/// for every cast and query over static obstacles.
///
/// Each hit is the set's, as a body in the pass or `move_and_slide` meets it
/// ([`Obstacles::refine_hit`], then [`Obstacle::stops_from`]): on a
/// [`TileMap`](crate::TileMap) no hit through the face between two solid cells, and a flat
/// floor's normal at its seams; a one-way platform only coming down onto it from above (a
/// laser passes up through it, as through a one-way tile in `TileMap::cast_segment`); through
/// a tile's corner, the normal `TileMap::cast_segment` documents. A ray
/// that starts inside a solid obstacle meets it at `t = 0` (the normal: the nearest face's
/// where the set keeps it, else the ray's own direction), as does one starting on the face
/// between two solid tiles (to the rounding of the coordinates) and heading into either. A
/// ray running exactly along the seam of two solid tiles, which it enters neither of, meets
/// them where both begin ([`Obstacles::seam_hit`]). The same holds for the shape casts.
///
/// Works on any [`Obstacles`]: a [`StaticBodies`](crate::StaticBodies) (its index lists the
/// candidates) or a slice of [`Obstacle`]s.
///
/// ```
/// use collide::{cast_ray_static, StaticBodies};
/// use collide_core::{Layers, Pose, Rect};
/// use glam::Vec2;
///
/// let mut level = StaticBodies::new();
/// let wall = Rect { half_extents: Vec2::new(1.0, 50.0) };
/// let handle = level.add(wall, Pose::from_position(Vec2::new(30.0, 0.0)), Layers::ALL)?;
/// level.refresh();
/// let hit = cast_ray_static(&level, Vec2::ZERO, Vec2::new(100.0, 0.0), Layers::ALL).unwrap();
/// assert_eq!((hit.id, hit.impact.t, hit.impact.normal), (handle.id(), 0.29, Vec2::X));
/// # Ok::<(), collide::Error>(())
/// ```
#[must_use]
pub fn cast_ray_static<'f>(
    obstacles: &(impl Obstacles + ?Sized),
    from: Vec2,
    to: Vec2,
    filter: impl Into<QueryFilter<'f>>,
) -> Option<WorldHit> {
    let mut best = None;
    each_ray_hit(obstacles, from, to, &filter.into(), |h| {
        best = nearer(best, h)
    });
    best
}

/// Every static obstacle the segment `from → to` enters among those `filter` allows, nearest
/// first (by `t`, then id), into `out` (cleared first).
pub fn cast_ray_static_all<'f>(
    obstacles: &(impl Obstacles + ?Sized),
    from: Vec2,
    to: Vec2,
    filter: impl Into<QueryFilter<'f>>,
    out: &mut Vec<WorldHit>,
) {
    out.clear();
    each_ray_hit(obstacles, from, to, &filter.into(), |h| out.push(h));
    out.sort_unstable_by(by_time);
    keep_headroom(out);
}

/// The first static obstacle `shape` meets moving along `motion` (the exact sweep; ties to the
/// smaller id), among those whose boxes its swept box meets ([`Obstacles::near`]) and that
/// `filter` allows.
///
/// Each hit is the set's, as for [`cast_ray_static`]. A shape that starts inside a solid
/// obstacle (deeper than the rounding of its coordinates) meets it at `t = 0`, moving or not:
/// with the nearest face's normal where the set keeps one, else the travel's direction (`+x`
/// for no travel).
#[must_use]
pub fn cast_shape_static<'s, 'f>(
    obstacles: &(impl Obstacles + ?Sized),
    shape: impl Into<ShapeRef<'s>>,
    motion: &Motion,
    filter: impl Into<QueryFilter<'f>>,
) -> Option<WorldHit> {
    let mut best = None;
    each_shape_hit(obstacles, shape.into(), motion, &filter.into(), |h| {
        best = nearer(best, h);
    });
    best
}

/// Every static obstacle `shape` meets moving along `motion` among those `filter` allows,
/// nearest first (by `t`, then id), into `out` (cleared first).
pub fn cast_shape_static_all<'s, 'f>(
    obstacles: &(impl Obstacles + ?Sized),
    shape: impl Into<ShapeRef<'s>>,
    motion: &Motion,
    filter: impl Into<QueryFilter<'f>>,
    out: &mut Vec<WorldHit>,
) {
    out.clear();
    each_shape_hit(obstacles, shape.into(), motion, &filter.into(), |h| {
        out.push(h)
    });
    out.sort_unstable_by(by_time);
    keep_headroom(out);
}
