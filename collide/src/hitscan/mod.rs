//! World queries: the first body (or every body) a ray or a moving shape meets, exactly, among
//! a frame's bodies or a set of static obstacles; the bodies that hold a point or meet a shape,
//! and the body nearest to a point.
//!
//! The casts over bodies are in `bodies.rs`, those over static obstacles in `statics.rs`, the
//! point and area queries over bodies in `point.rs`; what they share is here.

mod bodies;
mod point;
mod statics;

pub use statics::{cast_ray_static, cast_ray_static_all, cast_shape_static, cast_shape_static_all};

use collide_core::{Motion, ShapeRef};
use glam::Vec2;

use crate::Body;
use collide_world::{QueryFilter, WorldHit};

/// How far past the best hit so far (as a fraction of the ray) a first-hit walk still looks.
///
/// Why a walk may stop there and still give what a loop over every body gives: each body's box
/// holds its end-of-frame shape. The pass widens the swept bounds by four ulps of their
/// magnitude, which covers the hair by which an `f32` box (a hull's vertices rotated in
/// `f32`) can miss the shape that [`cast_ray`] tests in `f64`. So, in exact arithmetic, the ray
/// enters a body's box no later than the body itself. Both fractions are computed in `f64`
/// and rounded once to `f32`, each within about an ulp of 1 (2⁻²⁴) of its exact value. A box
/// entered more than 2⁻²⁰ after the best hit therefore holds no hit at or before it, not even
/// a tie (which would go to the smaller id).
pub(crate) const RAY_MARGIN: f32 = 1.0 / 1_048_576.0;

/// Nearest first: by `t`, then id.
pub(crate) fn by_time(a: &WorldHit, b: &WorldHit) -> core::cmp::Ordering {
    a.impact.t.total_cmp(&b.impact.t).then(a.id.cmp(&b.id))
}

/// Keeps the nearer of two hits (the smaller id on a tie).
pub(crate) fn nearer(best: Option<WorldHit>, hit: WorldHit) -> Option<WorldHit> {
    match best {
        Some(b) if by_time(&b, &hit).is_le() => Some(b),
        _ => Some(hit),
    }
}

/// The box `shape` sweeps along `motion`, or `None` when it is not finite.
pub(crate) fn swept_box(shape: ShapeRef<'_>, motion: &Motion) -> Option<collide_core::Aabb> {
    let body = Body::new(shape, motion.start, motion.end).with_rotation(motion.rotation);
    let bounds = body.swept_bounds();
    (body.is_finite() && bounds.is_finite()).then_some(bounds)
}

/// Ray and shape casts over a frame's bodies, through the broad phase that indexes them.
///
/// The broad phase must hold each body under its index in `bodies` as its id, with a box that
/// holds the body's shape at the end of the frame: what [`CollisionPass`](crate::CollisionPass)
/// gives it (the swept bounds), so after [`CollisionPass::detect`](crate::CollisionPass::detect)
/// or [`run`](crate::CollisionPass::run), `pass.broad_phase()` and the same `bodies` are
/// ready. The broad phase lists the candidates ([`BroadPhase::cast_segment_until`][until] for
/// a ray's first hit: nearest first, stopping soon after the nearest hit;
/// [`BroadPhase::cast_segment`][segment] for all of a ray's hits;
/// [`BroadPhase::query_point`][point] for a point, [`BroadPhase::query_aabb`][query] for a
/// moving shape or an area); each is then
/// tested exactly on its real shape at its end-of-frame pose ([`cast_ray`][ray],
/// [`time_of_impact`][toi]), so the answer is the one a loop over every body would
/// give. A moving shape is tested against the bodies whose boxes its swept box overlaps, the
/// collision pass's own rule. Disabled bodies, bodies with non-finite positions, and bodies
/// the query's [`QueryFilter`] refuses are skipped: its layers must
/// [interact](collide_core::Layers::interacts) with the body's, and its exclusions and predicate name
/// bodies by their index. Sensor bodies ([`Body::sensor`]) are skipped too, unless the filter
/// [includes sensors](QueryFilter::include_sensors): a laser goes through a coin. Every query
/// takes a plain [`Layers`](collide_core::Layers) too.
///
/// Beside the casts, a `Hitscan` answers the point and area queries of a frame: every body
/// that holds a point ([`bodies_at_point`](Self::bodies_at_point)), every body a shape at a
/// pose overlaps ([`bodies_overlapping`](Self::bodies_overlapping)), and the nearest body to a
/// point within a distance ([`nearest_body`](Self::nearest_body)).
///
/// A `Hitscan` keeps its candidate buffers from query to query: reuse one, and queries
/// allocate nothing in steady state.
///
/// [until]: collide_broad::BroadPhase::cast_segment_until
/// [segment]: collide_broad::BroadPhase::cast_segment
/// [point]: collide_broad::BroadPhase::query_point
/// [query]: collide_broad::BroadPhase::query_aabb
/// [ray]: collide_core::cast_ray
/// [toi]: collide_core::time_of_impact
///
/// ```
/// use collide::{Body, BroadPhase, CollisionPass, Hitscan};
/// use collide_core::{Circle, Layers};
/// use glam::Vec2;
///
/// const LASER: u32 = 1;
/// const ENEMY: u32 = 2;
/// let enemy = Layers::on(ENEMY).with_mask(LASER);
/// let big = Circle { radius: 20.0 };
/// let small = Circle { radius: 3.0 };
/// // A big round enemy whose box the laser enters first (at x = 10), but whose body it only
/// // reaches (x ≈ 23.8) behind the small one (x = 15), which stands inside that box.
/// let bodies = [
///     Body::stationary(big, Vec2::new(30.0, 19.0)).with_layers(enemy),
///     Body::stationary(small, Vec2::new(18.0, 0.0)).with_layers(enemy),
/// ];
/// let mut pass = CollisionPass::default();
/// pass.detect(&bodies, &())?;
/// let (from, to) = (Vec2::ZERO, Vec2::new(100.0, 0.0));
///
/// let mut scratch = Vec::new();
/// let by_box = pass.broad_phase().first_on_segment(from, to, &mut scratch);
/// assert_eq!(by_box.map(|(_, id)| id), Some(0)); // the big enemy's box comes first: wrong
///
/// let mut hitscan = Hitscan::new();
/// let hit = hitscan
///     .cast_ray(pass.broad_phase(), &bodies, from, to, Layers::on(LASER).with_mask(ENEMY))
///     .expect("the laser hits the small enemy");
/// assert_eq!(hit.id, 1);
/// assert_eq!((hit.impact.t, hit.impact.point, hit.impact.normal), (0.15, Vec2::new(15.0, 0.0), Vec2::X));
/// # Ok::<(), collide::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Hitscan {
    segment: Vec<(f32, u32)>,
    ids: Vec<u32>,
}

impl Hitscan {
    /// A hitscan with empty buffers.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }
}

/// Whether a body takes part in a query: enabled, finite, not a sensor unless the filter sees
/// sensors, allowed by the filter.
#[inline(always)]
pub(crate) fn takes_part(body: &Body<'_>, id: u32, filter: &QueryFilter<'_>) -> bool {
    body.enabled && body.is_finite() && filter.sees(body.sensor) && filter.allows(id, body.layers)
}

/// The box around the disc of `radius` about `point`, widened as the pass widens a body's
/// swept box (four ulps of its reach), so that a body whose shape reaches the disc has a box
/// that strictly overlaps it; `None` when the point or the radius is not finite. Written out
/// rather than through [`Body::swept_bounds`]: a point query is a few tens of ns, and that
/// call was a fifth of it.
#[inline]
pub(crate) fn point_box(point: Vec2, radius: f32) -> Option<collide_core::Aabb> {
    if !(point.is_finite() && radius.is_finite()) {
        return None;
    }
    // A reach wider than a box can hold (`f32::MAX`, "no limit") gets the whole plane.
    let whole_plane = collide_core::Aabb::new(Vec2::ZERO, Vec2::splat(f32::MAX));
    Some(widened_box(collide_core::Aabb::new(point, Vec2::splat(radius))).unwrap_or(whole_plane))
}

/// `bounds` grown by four ulps of its reach (see [`Body::swept_bounds`]); `None` when it is
/// not finite.
#[inline]
pub(crate) fn widened_box(bounds: collide_core::Aabb) -> Option<collide_core::Aabb> {
    let reach = bounds.center.abs() + bounds.half_extents;
    let b = collide_core::Aabb::new(
        bounds.center,
        bounds.half_extents + reach * (4.0 * f32::EPSILON),
    );
    b.is_finite().then_some(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_box_holds_its_point_and_refuses_bad_input() {
        let b = point_box(Vec2::new(3.0, -2.0), 0.0).unwrap();
        assert!(b.contains_point(Vec2::new(3.0, -2.0)) && b.size().x > 0.0);
        assert!(point_box(Vec2::NAN, 1.0).is_none());
        assert!(point_box(Vec2::ZERO, f32::INFINITY).is_none());
    }
}
