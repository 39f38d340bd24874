//! Time of impact of a moving circle and a moving hull, by conservative advancement.

use super::{sweep_advance, Impact};
use crate::{Circle, Hull, Motion, ShapeRef};

/// The time of impact of a moving circle `a` and a moving hull `b`.
///
/// Conservative advancement driven by GJK distance (the circle is its centre plus its
/// radius); `b` keeps `motion_b.rotation` through the frame. See
/// [`time_of_impact`](crate::time_of_impact) for the conventions and the tolerance.
#[must_use]
pub fn sweep_circle_hull(
    a: &Circle,
    motion_a: &Motion,
    b: &Hull,
    motion_b: &Motion,
) -> Option<Impact> {
    sweep_advance(
        ShapeRef::Circle(*a),
        motion_a,
        ShapeRef::Hull(b),
        motion_b,
        true,
    )
    .0
}

/// The time of impact of a moving hull `a` and a moving circle `b`: [`sweep_circle_hull`] with
/// the roles swapped and the normal flipped.
#[must_use]
pub fn sweep_hull_circle(
    a: &Hull,
    motion_a: &Motion,
    b: &Circle,
    motion_b: &Motion,
) -> Option<Impact> {
    sweep_circle_hull(b, motion_b, a, motion_a).map(Impact::flipped)
}
