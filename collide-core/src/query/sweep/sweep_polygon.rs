//! Time of impact of two convex polygons (rects and hulls): the separating-axis sweep over
//! the face normals of both, which is exact because shapes only translate during a sweep.

use super::Impact;
use crate::query::all_finite;
use crate::query::polygon::{PolygonPair, SCRATCH};
use crate::{Motion, ShapeRef};
use glam::Vec2;

/// The time of impact of two polygons, at least one of them a hull (two rects take the slab
/// test): `None` for any other pair, for a miss, and for invalid or non-finite input.
///
/// The time is where the open intervals during which the gap along each face normal of
/// either shape is below zero first all hold, so overlap is strict: touching, sliding along a
/// face and touching at the start then parting are no hit. The normal is the face normal of
/// the axis that closed last (for a pair overlapping at the start, of least penetration),
/// from `a` to `b`. The point is on `a`'s touching face line (through its deepest vertex
/// along the normal), at the middle of the span across the normal that the two touching
/// features (a vertex or a face of each) share, with each shape where its own path puts it at
/// `t`.
#[inline]
pub(crate) fn sweep_polygons(
    a: ShapeRef<'_>,
    motion_a: &Motion,
    b: ShapeRef<'_>,
    motion_b: &Motion,
) -> Option<Impact> {
    let valid = |s: ShapeRef<'_>| !matches!(s, ShapeRef::Rect(r) if !r.is_valid());
    if !(valid(a) && valid(b)) {
        return None;
    }
    // Boxes about each shape's origin that hold it however it turns (a hull's, the square
    // around its bounding circle) must meet first: most pairs a game asks about miss by more,
    // and this costs one round of the stored vertices, before any is turned. The slab test
    // takes no squares, so it keeps the sweep's range of scales.
    let (p, d) = (
        motion_a.start - motion_b.start,
        motion_a.travel() - motion_b.travel(),
    );
    if !super::slab::slab_flag(p, d, bounding_box(a) + bounding_box(b)).0 {
        return None;
    }
    let mut scratch = [SCRATCH; 2];
    let pair = PolygonPair::new(a, motion_a, b, motion_b, &mut scratch)?;
    let meeting = pair.exact_sweep(motion_a, motion_a.travel() - motion_b.travel())?;
    all_finite([meeting.point, meeting.normal]).then_some(Impact {
        t: meeting.touch_t,
        point: meeting.point,
        normal: meeting.normal,
        steps: 0,
    })
}

/// The half extents of a box about the polygon's own origin that holds it at any turn: a
/// rect's own (rects do not turn), a hull's the square around its bounding circle.
#[inline(always)]
fn bounding_box(shape: ShapeRef<'_>) -> Vec2 {
    match shape {
        ShapeRef::Rect(r) => r.half_extents,
        ShapeRef::Hull(h) => {
            let squared = h.vertices().iter().fold(0.0, |r, v| {
                let l = v.length_squared();
                if l > r {
                    l
                } else {
                    r
                }
            });
            // Grown by a few roundings: the square root and the turned vertices round.
            Vec2::splat(crate::math::sqrt(squared) * (1.0 + 8.0 * f32::EPSILON))
        }
        ShapeRef::Circle(c) => Vec2::splat(c.radius),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::sweep::{sweep_advance, ADVANCE_TOLERANCE, MAX_ADVANCE_STEPS};
    use crate::{Hull, Rect, Rot, Shape};
    use collide_testkit::SplitMix64;
    use glam::Vec2;

    fn polygon(rng: &mut SplitMix64, hull: bool) -> Shape {
        if !hull && rng.unit() < 0.4 {
            let half = Vec2::new(rng.range(0.5, 20.0), rng.range(0.5, 20.0));
            Shape::Rect(Rect { half_extents: half })
        } else {
            Shape::Hull(Hull::regular(3 + rng.index(14), rng.range(0.5, 20.0)).unwrap())
        }
    }

    fn radius(s: &Shape) -> f32 {
        match s {
            Shape::Rect(r) => r.half_extents.length(),
            Shape::Hull(h) => h.vertices().iter().fold(0.0f32, |m, v| m.max(v.length())),
            Shape::Circle(c) => c.radius,
        }
    }

    /// Where both hit, conservative advancement stops no later than the exact time (to the
    /// rounding) and no earlier than its tolerance allows: along the exact sweep's face the
    /// gap at advancement's time, which closes at the speed along that face until the exact
    /// time, is within the tolerance it stops at.
    #[test]
    fn the_exact_sweep_agrees_with_conservative_advancement() {
        let mut rng = SplitMix64::new(0xCA_5A7);
        let mut both = 0;
        for _ in 0..20_000 {
            let a = polygon(&mut rng, false);
            let b = polygon(&mut rng, matches!(a, Shape::Rect(_)));
            let at = rng.in_box(Vec2::splat(-100.0), Vec2::splat(100.0));
            let from = at + rng.direction() * rng.range(20.0, 80.0);
            let aim = at + rng.in_box(Vec2::splat(-15.0), Vec2::splat(15.0)) - from;
            let travel = aim.normalize() * rng.range(1.0, 300.0);
            let ma = Motion::new(from, from + travel, Rot::from_angle(rng.angle()));
            let mb = Motion::new(at, at, Rot::from_angle(rng.angle()));
            let (sa, sb) = (a.as_shape_ref(), b.as_shape_ref());
            let exact = sweep_polygons(sa, &ma, sb, &mb);
            let (advanced, steps) = sweep_advance(sa, &ma, sb, &mb, true);
            let (Some(e), Some(c)) = (exact, advanced) else {
                continue;
            };
            if steps == MAX_ADVANCE_STEPS || e.t == 0.0 {
                continue;
            }
            both += 1;
            let tolerance = ADVANCE_TOLERANCE * (1.0 + radius(&a).max(radius(&b)));
            let rounding = 1e-5 * (1.0 + at.abs().max_element());
            let speed = travel.length();
            assert!(
                c.t <= e.t + rounding / speed,
                "{a:?} {b:?} {ma:?}: {c:?} {e:?}"
            );
            let closing = travel.dot(e.normal);
            assert!(
                (e.t - c.t) * closing <= tolerance + rounding,
                "{a:?} {b:?} {ma:?}: {c:?} {e:?}"
            );
        }
        assert!(both > 3_000, "{both}");
    }
}
