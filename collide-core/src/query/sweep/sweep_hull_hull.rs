//! Time of impact of two moving hulls, by the separating-axis sweep.

use super::sweep_polygon::sweep_polygons;
use crate::Impact;
use crate::{Hull, Motion, ShapeRef};

/// The time of impact of two moving hulls, each keeping its motion's rotation through the
/// frame.
///
/// The separating-axis sweep over the face normals of both, exact for shapes that only
/// translate. See [`time_of_impact`](crate::time_of_impact) for the conventions and
/// the point.
///
/// ```
/// use collide_core::{Hull, Motion};
/// use collide_core::pair::{sweep_hull_hull};
/// use glam::Vec2;
///
/// // A thin sliver (x from 2 to 2.01) moving left onto a 2×2 box at the origin.
/// let sliver = Hull::new(&[
///     Vec2::new(2.0, -1.0),
///     Vec2::new(2.01, -1.0),
///     Vec2::new(2.01, 1.0),
///     Vec2::new(2.0, 1.0),
/// ])?;
/// let block = Hull::from_half_extents(Vec2::ONE)?;
/// let hit = sweep_hull_hull(
///     &sliver,
///     &Motion::linear(Vec2::ZERO, Vec2::new(-2.0, 0.0)),
///     &block,
///     &Motion::stationary(Vec2::ZERO),
/// )
/// .unwrap();
/// assert!((hit.t - 0.5).abs() < 1e-6 && hit.normal == Vec2::NEG_X);
/// # Ok::<(), collide_core::Error>(())
/// ```
#[inline]
#[must_use]
pub fn sweep_hull_hull(a: &Hull, motion_a: &Motion, b: &Hull, motion_b: &Motion) -> Option<Impact> {
    sweep_polygons(ShapeRef::Hull(a), motion_a, ShapeRef::Hull(b), motion_b)
}
