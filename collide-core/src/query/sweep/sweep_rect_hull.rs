//! Time of impact of a moving axis-aligned rectangle and a moving hull, by the
//! separating-axis sweep.

use crate::Impact;
use crate::{Hull, Motion, Rect};

/// The time of impact of a moving rectangle `a` (axis-aligned, rotation ignored) and a moving
/// hull `b`: [`sweep_hull_rect`] with the roles swapped and the normal flipped.
///
/// ```
/// use collide_core::{Hull, Motion, Rect};
/// use collide_core::pair::{sweep_rect_hull};
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
    // In the closed form of a hull against a rect: the general polygon sweep's answer.
    crate::query::polygon::sweep_hull_rect(a, motion_a, b, motion_b)
}

#[cfg(test)]
mod tests {
    use super::super::sweep_polygon::sweep_polygons;
    use super::*;
    use crate::query::polygon::shot_at_a_rect;
    use crate::ShapeRef;
    use collide_testkit::SplitMix64;

    /// The closed form gives the general polygon sweep's impact, bit for bit, on seeded hulls
    /// (turned or not) and rects, moving at seeded angles or straight along an axis, near the
    /// origin and far from it, some starting in touch or overlapping.
    #[test]
    fn the_closed_form_is_the_general_polygon_sweep() {
        let mut rng = SplitMix64::new(0x0E7A_C7E5);
        let mut hits = 0;
        for case in 0..40_000 {
            let hull = Hull::regular(3 + rng.index(14), rng.range(0.5, 20.0)).unwrap();
            let (rect, at, ma) = shot_at_a_rect(&mut rng, case, 0.0);
            let mb = if rng.unit() < 0.8 {
                Motion::stationary(at)
            } else {
                Motion::linear(at, at + rng.direction() * rng.range(0.0, 30.0))
            };
            let general = sweep_polygons(ShapeRef::Hull(&hull), &ma, ShapeRef::Rect(rect), &mb);
            assert_eq!(
                sweep_hull_rect(&hull, &ma, &rect, &mb),
                general,
                "{hull:?} {rect:?} {ma:?} {mb:?}"
            );
            hits += usize::from(general.is_some());
        }
        assert!(hits > 10_000, "{hits}");
    }
}
