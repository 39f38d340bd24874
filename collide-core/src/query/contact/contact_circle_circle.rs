use glam::Vec2;

use super::{depth_within, unit_along, Contact};
use crate::{math, Circle, Pose};

/// The offset between the centres, its squared length and the squared sum of the radii, when
/// the circles overlap; `None` when they do not, or for invalid input (including a radius sum
/// whose square overflows).
#[inline]
fn squared_overlap(
    a: &Circle,
    pose_a: &Pose,
    b: &Circle,
    pose_b: &Pose,
) -> Option<(Vec2, f32, f32)> {
    let d = pose_b.position - pose_a.position;
    let reach = a.radius + b.radius;
    let reach_sq = reach * reach;
    let dist_sq = d.length_squared();
    // The common case first, before any validation: apart. `!(x < y)`, not `x >= y`: a NaN
    // from bad input or overflowing positions is a miss too.
    if !(dist_sq < reach_sq) {
        return None;
    }
    let valid = a.is_valid() && b.is_valid() && pose_a.is_finite() && pose_b.is_finite();
    (valid && reach_sq.is_finite()).then_some((d, dist_sq, reach_sq))
}

/// The contact between two circles, or `None` when they do not overlap.
///
/// Compares squared distances, so a miss costs no square root. Rotation is
/// ignored. The point lies midway between the two surfaces on the line of centres; coincident
/// centres get the normal `+x`. See [`Contact`].
#[inline(always)]
#[must_use]
pub fn contact_circle_circle(
    a: &Circle,
    pose_a: &Pose,
    b: &Circle,
    pose_b: &Pose,
) -> Option<Contact> {
    let (d, dist_sq, reach_sq) = squared_overlap(a, pose_a, b, pose_b)?;
    let dist = math::sqrt(dist_sq);
    // Coincident centres get `+x`.
    let normal = unit_along(d, dist, dist_sq);
    let depth = depth_within(a.radius + b.radius, reach_sq, dist, dist_sq);
    Some(Contact {
        point: pose_a.position + normal * (a.radius - 0.5 * depth),
        normal,
        depth,
    })
}

/// Whether two circles overlap: [`contact_circle_circle`]`(..).is_some()` without the root.
#[inline]
#[must_use]
pub(crate) fn overlaps_circle_circle(a: &Circle, pose_a: &Pose, b: &Circle, pose_b: &Pose) -> bool {
    squared_overlap(a, pose_a, b, pose_b).is_some()
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{at, TOL};
    use super::*;

    fn c(radius: f32) -> Circle {
        Circle { radius }
    }

    fn both(a: f32, pa: Pose, b: f32, pb: Pose) -> Option<Contact> {
        let hit = contact_circle_circle(&c(a), &pa, &c(b), &pb);
        assert_eq!(
            hit.is_some(),
            overlaps_circle_circle(&c(a), &pa, &c(b), &pb)
        );
        hit
    }

    #[test]
    fn exactly_touching_is_no_contact() {
        assert!(both(1.0, at(0.0, 0.0), 2.0, at(3.0, 0.0)).is_none());
        assert!(both(1.0, at(0.0, 0.0), 2.0, at(0.0, -3.0)).is_none());
        // A 3-4-5 triangle: touching along a diagonal, exactly representable.
        assert!(both(2.0, at(0.0, 0.0), 3.0, at(3.0, 4.0)).is_none());
    }

    #[test]
    fn barely_overlapping() {
        let hit = both(1.0, at(0.0, 0.0), 2.0, at(2.999, 0.0)).unwrap();
        assert_eq!(hit.normal, Vec2::X);
        assert!((hit.depth - 0.001).abs() < TOL);
        assert!(hit.depth > 0.0);
        assert!((hit.point - Vec2::new(0.9995, 0.0)).length() < TOL);
    }

    #[test]
    fn deep_overlap_on_a_diagonal() {
        // Centres 3 apart along (0.6, 0.8), radii summing to 5.
        let hit = both(2.0, at(1.0, 1.0), 3.0, at(2.8, 3.4)).unwrap();
        assert!((hit.normal - Vec2::new(0.6, 0.8)).length() < TOL);
        assert!((hit.depth - 2.0).abs() < TOL);
        // Midway between a's surface (1 + 2·n) and b's (b − 3·n).
        let expected = Vec2::new(1.0, 1.0) + Vec2::new(0.6, 0.8) * 1.0;
        assert!((hit.point - expected).length() < TOL);
    }

    #[test]
    fn one_inside_the_other() {
        let hit = both(10.0, at(0.0, 0.0), 1.0, at(0.0, 2.0)).unwrap();
        assert_eq!(hit.normal, Vec2::Y);
        // b must travel to 11 to clear a: 9 units.
        assert!((hit.depth - 9.0).abs() < TOL);
    }

    #[test]
    fn separated() {
        assert!(both(1.0, at(0.0, 0.0), 1.0, at(5.0, 5.0)).is_none());
        assert!(
            both(0.0, at(0.0, 0.0), 0.0, at(0.0, 0.0)).is_none(),
            "two points"
        );
    }

    #[test]
    fn coincident_centres_push_along_x() {
        let hit = both(2.0, at(3.0, 3.0), 1.0, at(3.0, 3.0)).unwrap();
        assert_eq!(hit.normal, Vec2::X);
        assert!((hit.depth - 3.0).abs() < TOL);
        let back = both(1.0, at(3.0, 3.0), 2.0, at(3.0, 3.0)).unwrap();
        assert_eq!(back.normal, Vec2::X, "coincident: +x in either order");
    }

    #[test]
    fn bad_input_is_no_contact() {
        let p = at(0.0, 0.0);
        assert!(both(-1.0, p, 5.0, p).is_none());
        assert!(both(f32::NAN, p, 5.0, p).is_none());
        assert!(both(f32::INFINITY, p, 5.0, p).is_none());
        assert!(both(1.0, at(f32::NAN, 0.0), 5.0, p).is_none());
        assert!(both(1.0, p, 5.0, at(0.0, f32::INFINITY)).is_none());
        assert!(
            both(3e19, p, 3e19, p).is_none(),
            "the squared reach overflows"
        );
        assert!(both(1.0, at(3e38, 0.0), 1.0, at(-3e38, 0.0)).is_none());
    }
}
