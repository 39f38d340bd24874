//! Time of impact of two convex polygons (rects and hulls): the separating-axis sweep over
//! the face normals of both, which is exact because shapes only translate during a sweep.

use crate::query::polygon::PolygonPair;
use crate::Impact;
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
    // Two `None`s written as such: copying the constant would fill the room for the turned
    // vertices too, a memset of both on every pair that gets this far.
    let mut scratch = [None, None];
    let pair = PolygonPair::new(a, motion_a, b, motion_b, &mut scratch)?;
    pair.exact_sweep(motion_a, motion_a.travel() - motion_b.travel())?
        .impact()
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
