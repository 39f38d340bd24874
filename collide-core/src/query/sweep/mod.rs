//! Time of impact: when during a frame two moving shapes first touch. Closed forms for circles
//! and rects (the quadratic, the slab test) and for a hull against a rect or a hull (the
//! separating-axis sweep), conservative advancement for a circle against a hull.

mod advance;
mod slab;
mod sweep_circle_circle;
mod sweep_circle_hull;
mod sweep_circle_rect;
mod sweep_hull_hull;
mod sweep_polygon;
mod sweep_rect_hull;
mod sweep_rect_rect;

use glam::Vec2;

use crate::{Motion, ShapeRef};

pub use advance::{ADVANCE_TOLERANCE, MAX_ADVANCE_STEPS};
pub(crate) use slab::{from_start, slab_flag};
pub use sweep_circle_circle::sweep_circle_circle;
pub use sweep_circle_hull::{sweep_circle_hull, sweep_hull_circle};
pub(crate) use sweep_circle_rect::sweep_circle_rect_narrow;
pub use sweep_circle_rect::{sweep_circle_rect, sweep_rect_circle};
pub use sweep_hull_hull::sweep_hull_hull;
pub use sweep_rect_hull::{sweep_hull_rect, sweep_rect_hull};
pub use sweep_rect_rect::sweep_rect_rect;

/// When and where two moving shapes first touch during a frame.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Impact {
    /// The fraction of the frame, in `[0, 1]`, at which they first touch; `0` when they already
    /// overlap (or touch and move into each other) at the start.
    pub t: f32,
    /// Where they touch, in world coordinates, from each body's own path at `t` (not from the
    /// relative motion, which would place it as if `b` stood still).
    pub point: Vec2,
    /// Unit normal at the moment of contact, pointing from `a` to `b`.
    pub normal: Vec2,
    /// Conservative-advancement steps (distance evaluations) used; `0` for the closed forms.
    pub steps: u32,
}

impl Impact {
    /// The same impact seen from the other shape: the normal flipped.
    #[inline]
    #[must_use]
    pub fn flipped(self) -> Impact {
        Impact {
            normal: -self.normal,
            ..self
        }
    }
}

/// The earliest moment during the frame at which two moving shapes touch.
///
/// Each motion runs from `start` to `end` in a straight line with its (end-of-frame) rotation
/// held fixed; circles and rectangles ignore rotation. The time comes from the relative motion
/// (b's travel subtracted from a's), the point from putting `t` back into each body's own
/// path. Dispatches to the pair functions:
///
/// - circle–circle: the quadratic against the sum of the radii ([`sweep_circle_circle()`]);
/// - rect–rect: the slab test against the Minkowski-grown box ([`sweep_rect_rect()`]);
/// - circle–rect: the slab test against the box grown by the radius, corners re-solved as
///   circles ([`sweep_circle_rect()`]);
/// - a hull against a rect or a hull: the separating-axis sweep over the face normals of both,
///   exact for shapes that only translate ([`sweep_hull_hull()`], [`sweep_hull_rect()`],
///   [`sweep_rect_hull()`]). The normal is the face normal of the axis that closed last; the
///   point is on `a`'s touching face line, at the middle of the span across the normal that
///   the two touching features (a vertex or a face of each) share. A pair that starts
///   overlapped gives `t = 0` on the axis of least penetration;
/// - a circle against a hull: conservative advancement driven by GJK distance, at most
///   [`MAX_ADVANCE_STEPS`] steps, contact within [`ADVANCE_TOLERANCE`] of the larger shape's
///   size ([`sweep_circle_hull()`], [`sweep_hull_circle()`]).
///
/// A hit means the shapes overlap at some moment of the frame (overlap is strict, as in the
/// discrete tests; for a circle against a hull, see [`ADVANCE_TOLERANCE`]): shapes that only
/// graze, slide along each other, or touch at the start and move apart are not hit; shapes
/// that touch at the start and move into each other give `t = 0`.
/// A pair with **no relative motion** is never swept: the answer is `t = 0` when it overlaps at
/// the start, else `None`. Invalid input (non-finite positions or rotations, negative or
/// non-finite sizes) gives `None`, never a panic; nothing allocates.
///
/// ```
/// use collide_core::{time_of_impact, Circle, Motion};
/// use glam::Vec2;
///
/// let shot = Motion::linear(Vec2::new(-4.0, 0.0), Vec2::new(4.0, 0.0));
/// let rock = Motion::stationary(Vec2::ZERO);
/// let hit = time_of_impact(Circle { radius: 0.5 }, &shot, Circle { radius: 1.0 }, &rock).unwrap();
/// assert!((hit.t - 0.3125).abs() < 1e-6);
/// assert!((hit.point - Vec2::new(-1.0, 0.0)).length() < 1e-5);
/// assert_eq!(hit.normal, Vec2::X);
/// ```
#[inline(always)]
#[must_use]
pub fn time_of_impact<'a, 'b>(
    a: impl Into<ShapeRef<'a>>,
    motion_a: &Motion,
    b: impl Into<ShapeRef<'b>>,
    motion_b: &Motion,
) -> Option<Impact> {
    crate::query::dispatch::time_of_impact(a.into(), motion_a, b.into(), motion_b)
}

/// Whether a pair that advancement reports at `t = 0` only touches at the start (within its
/// tolerance, not overlapping by the strict rule) while moving apart or sliding along each
/// other: that is no hit. The direction is the least-penetration axis of their cores, which
/// for shapes that touch is the touching face's normal.
fn touching_and_parting(
    a: ShapeRef<'_>,
    motion_a: &Motion,
    b: ShapeRef<'_>,
    motion_b: &Motion,
    pair: &crate::query::distance::CorePair<'_>,
    offset: Vec2,
    velocity: Vec2,
) -> bool {
    if crate::overlaps(a, &motion_a.start_pose(), b, &motion_b.start_pose()) {
        return false;
    }
    let normal = crate::query::distance::gjk::penetration_normal(&pair.a, &pair.b, offset);
    // `velocity` is `b`'s relative to `a`; `b` closes in when it moves against the normal.
    -normal.dot(velocity) <= 0.0
}

/// Conservative advancement for any pair, with the steps used.
pub(crate) fn sweep_advance(
    a: ShapeRef<'_>,
    motion_a: &Motion,
    b: ShapeRef<'_>,
    motion_b: &Motion,
    start_normal: bool,
) -> (Option<Impact>, u32) {
    if !(motion_a.is_finite() && motion_b.is_finite()) {
        return (None, 0);
    }
    let mut buffers = crate::query::distance::buffers();
    let Some(pair) = crate::query::distance::CorePair::new(
        a,
        motion_a.rotation,
        b,
        motion_b.rotation,
        &mut buffers,
    ) else {
        return (None, 0);
    };
    let offset = pair.local_vector(motion_b.start - motion_a.start);
    let velocity = pair.local_vector(motion_b.travel() - motion_a.travel());
    let (found, steps) = advance::advance(&pair, offset, velocity);
    let Some(found) = found else {
        return (None, steps);
    };
    if found.t == 0.0 && touching_and_parting(a, motion_a, b, motion_b, &pair, offset, velocity) {
        return (None, steps);
    }
    let origin = motion_a.position_at(found.t);
    let point = origin + pair.frame.apply(found.point);
    let normal = if found.start_overlap {
        if start_normal {
            // The cores overlap at the start: GJK gives no direction, the least-penetration
            // axis does.
            pair.frame
                .apply(crate::query::distance::gjk::penetration_normal(
                    &pair.a, &pair.b, offset,
                ))
        } else {
            Vec2::X
        }
    } else {
        pair.frame.apply(found.normal)
    };
    // Far outside the sizes the crate is built for (see the query docs' "Units"), GJK's
    // products can overflow or vanish: no hit then, rather than a NaN.
    if !crate::query::all_finite([point, normal]) {
        return (None, steps);
    }
    (
        Some(Impact {
            t: found.t,
            point,
            normal,
            steps,
        }),
        steps,
    )
}
