//! Time of impact of a moving axis-aligned rectangle and a moving hull, by conservative
//! advancement.

use super::{sweep_advance, Impact};
use crate::{Hull, Motion, Rect, ShapeRef};

/// The time of impact of a moving rectangle `a` (axis-aligned, rotation ignored) and a moving
/// hull `b`.
///
/// Conservative advancement driven by GJK distance; `b` keeps `motion_b.rotation` through the
/// frame. See [`time_of_impact`](crate::time_of_impact) for the conventions and the tolerance.
#[must_use]
pub fn sweep_rect_hull(a: &Rect, motion_a: &Motion, b: &Hull, motion_b: &Motion) -> Option<Impact> {
    sweep_advance(
        ShapeRef::Rect(*a),
        motion_a,
        ShapeRef::Hull(b),
        motion_b,
        true,
    )
    .0
}

/// The time of impact of a moving hull `a` and a moving rectangle `b`: [`sweep_rect_hull`] with
/// the roles swapped and the normal flipped.
#[must_use]
pub fn sweep_hull_rect(a: &Hull, motion_a: &Motion, b: &Rect, motion_b: &Motion) -> Option<Impact> {
    sweep_rect_hull(b, motion_b, a, motion_a).map(Impact::flipped)
}
