//! Time of impact: when during a frame two moving shapes first touch, in closed form for
//! every pair: the quadratic, the slab test, the separating-axis sweep, and the centre cast
//! against the grown shape with round corners.

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
/// - a circle against a hull: the circle's centre cast against the hull grown by the radius,
///   corners re-solved as circles ([`sweep_circle_hull()`], [`sweep_hull_circle()`]).
///
/// Every one is exact for shapes that only translate, to the rounding of the coordinates.
/// A hit means the shapes overlap at some moment of the frame (overlap is strict, as in the
/// discrete tests): shapes that only graze, slide along each other, or touch at the start and
/// move apart are not hit; shapes that touch at the start and move into each other give
/// `t = 0`.
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
