//! Time of impact of a moving axis-aligned rectangle and a moving hull, by the
//! separating-axis sweep.

use super::{sweep_polygon::sweep_polygons, Impact};
use crate::{Hull, Motion, Rect, ShapeRef};

/// The time of impact of a moving rectangle `a` (axis-aligned, rotation ignored) and a moving
/// hull `b`: [`sweep_hull_rect`] with the roles swapped and the normal flipped.
///
/// ```
/// use collide_core::{sweep_rect_hull, Hull, Motion, Rect};
/// use glam::Vec2;
///
/// // A box moving right onto a triangle whose left face stands at x = 2.
/// let crate_box = Rect { half_extents: Vec2::ONE };
/// let wedge = Hull::new(&[Vec2::new(2.0, -2.0), Vec2::new(4.0, 0.0), Vec2::new(2.0, 2.0)])?;
/// let hit = sweep_rect_hull(
///     &crate_box,
///     &Motion::linear(Vec2::ZERO, Vec2::new(2.0, 0.0)),
///     &wedge,
///     &Motion::stationary(Vec2::ZERO),
/// )
/// .unwrap();
/// assert_eq!((hit.t, hit.normal), (0.5, Vec2::X));
/// # Ok::<(), collide_core::Error>(())
/// ```
#[inline]
#[must_use]
pub fn sweep_rect_hull(a: &Rect, motion_a: &Motion, b: &Hull, motion_b: &Motion) -> Option<Impact> {
    sweep_hull_rect(b, motion_b, a, motion_a).map(Impact::flipped)
}

/// The time of impact of a moving hull `a` and a moving rectangle `b` (axis-aligned, rotation
/// ignored); `a` keeps `motion_a.rotation` through the frame.
///
/// The separating-axis sweep over the rect's two axes and the hull's face normals, exact for
/// shapes that only translate. See [`time_of_impact`](crate::time_of_impact) for
/// the conventions and the point.
#[inline]
#[must_use]
pub fn sweep_hull_rect(a: &Hull, motion_a: &Motion, b: &Rect, motion_b: &Motion) -> Option<Impact> {
    sweep_polygons(ShapeRef::Hull(a), motion_a, ShapeRef::Rect(*b), motion_b)
}
