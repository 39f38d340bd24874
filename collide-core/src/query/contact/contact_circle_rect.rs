use glam::Vec2;

use super::{depth_within, unit_along, Contact};
use crate::{math, Circle, Pose, Rect};

/// The contact between a circle and a rect, or `None` when they do not overlap.
///
/// The nearest-point test: clamp the circle's centre to the rect and compare the
/// distance with the radius (squared, so a miss costs no root). A centre inside the rect
/// leaves through the nearest side (the `x` sides on a tie; towards `-x` when centred, so the
/// normal is `+x`). Both shapes ignore rotation. The point is midway between the two surfaces
/// along the normal through the circle's centre. See [`Contact`].
#[inline(always)]
#[must_use]
pub fn contact_circle_rect(a: &Circle, pose_a: &Pose, b: &Rect, pose_b: &Pose) -> Option<Contact> {
    let r = a.radius;
    let h = b.half_extents;
    let local = pose_a.position - pose_b.position;
    // `max`/`min` rather than `clamp`, which asserts `-h <= h` before the input is checked.
    let to_rect = local.max(-h).min(h) - local;
    let dist_sq = to_rect.length_squared();
    // The common case first, before any validation: apart. `!(x < y)`: a NaN from bad input
    // or overflowing positions is a miss too.
    if dist_sq > 0.0 && !(dist_sq < r * r) {
        return None;
    }
    // `r · r < ∞` is the circle's validity (a finite radius) and also keeps the depth finite.
    if !(r >= 0.0
        && r * r < f32::INFINITY
        && b.is_valid()
        && pose_a.is_finite()
        && pose_b.is_finite())
    {
        return None;
    }
    let (normal, depth) = if dist_sq > 0.0 {
        let dist = math::sqrt(dist_sq);
        (
            unit_along(to_rect, dist, dist_sq),
            depth_within(r, r * r, dist, dist_sq),
        )
    } else {
        // The centre is inside or on the boundary: leave through the nearest side.
        let room = h - local.abs();
        let (normal, room) = if room.x <= room.y {
            (if local.x > 0.0 { -Vec2::X } else { Vec2::X }, room.x)
        } else {
            (if local.y > 0.0 { -Vec2::Y } else { Vec2::Y }, room.y)
        };
        let depth = r + room;
        if !(depth > 0.0 && depth.is_finite()) {
            return None;
        }
        (normal, depth)
    };
    Some(Contact {
        point: pose_a.position + normal * (r - 0.5 * depth),
        normal,
        depth,
    })
}

/// The contact between a rect and a circle: [`contact_circle_rect`] with the normal flipped.
#[inline(always)]
#[must_use]
pub fn contact_rect_circle(a: &Rect, pose_a: &Pose, b: &Circle, pose_b: &Pose) -> Option<Contact> {
    contact_circle_rect(b, pose_b, a, pose_a).map(Contact::flipped)
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{at, rect, TOL};
    use super::*;
    use crate::Rot;

    /// Both orders; checks the reversed one is the flip of the canonical one.
    fn both(r: f32, pa: Pose, b: Rect, pb: Pose) -> Option<Contact> {
        let a = Circle { radius: r };
        let hit = contact_circle_rect(&a, &pa, &b, &pb);
        assert_eq!(
            contact_rect_circle(&b, &pb, &a, &pa),
            hit.map(Contact::flipped)
        );
        hit
    }

    #[test]
    fn exactly_touching_is_no_contact() {
        let b = rect(2.0, 1.0);
        assert!(both(1.0, at(3.0, 0.0), b, at(0.0, 0.0)).is_none(), "side");
        assert!(
            both(1.0, at(0.0, -2.0), b, at(0.0, 0.0)).is_none(),
            "bottom"
        );
        // Corner (2, 1), centre 3-4-5 away.
        assert!(both(5.0, at(5.0, 5.0), b, at(0.0, 0.0)).is_none(), "corner");
    }

    #[test]
    fn barely_overlapping() {
        let hit = both(1.0, at(2.999, 0.5), rect(2.0, 1.0), at(0.0, 0.0)).unwrap();
        assert_eq!(hit.normal, -Vec2::X);
        assert!(hit.depth > 0.0 && (hit.depth - 0.001).abs() < TOL);
        // The corner region, 5 units minus a hair from the corner.
        let hit = both(5.0, at(4.999, 4.999), rect(2.0, 1.0), at(0.0, 0.0)).unwrap();
        assert!(hit.depth > 0.0 && hit.depth < 0.002);
        assert!((hit.normal + Vec2::new(0.6, 0.8)).length() < 1e-3);
    }

    #[test]
    fn deep_overlap_across_a_corner() {
        // Centre (5, 5) from corner (2, 1): 3-4-5, radius 7 → 2 deep.
        let hit = both(7.0, at(5.0, 5.0), rect(2.0, 1.0), at(0.0, 0.0)).unwrap();
        assert!((hit.normal - Vec2::new(-0.6, -0.8)).length() < TOL);
        assert!((hit.depth - 2.0).abs() < TOL);
        // Midway between the circle's surface, 7 along n, and the corner, 5 along n.
        let expected = Vec2::new(5.0, 5.0) + Vec2::new(-0.6, -0.8) * 6.0;
        assert!((hit.point - expected).length() < TOL);
    }

    #[test]
    fn centre_inside_leaves_through_the_nearest_side() {
        // 0.5 from the top side, 1.5 from the right side.
        let hit = both(1.0, at(10.5, 20.5), rect(2.0, 1.0), at(10.0, 20.0)).unwrap();
        assert_eq!(
            hit.normal,
            -Vec2::Y,
            "the rect moves down, the circle leaves upwards"
        );
        assert!((hit.depth - 1.5).abs() < TOL);
        // 1.5 from the left side, 0.8 from the top side.
        let hit = both(1.0, at(9.5, 20.2), rect(2.0, 1.0), at(10.0, 20.0)).unwrap();
        assert_eq!(hit.normal, -Vec2::Y);
        assert!((hit.depth - 1.8).abs() < TOL);
        // 1 from the left side and 1 from the top and bottom: a tie goes to x.
        let hit = both(1.0, at(9.0, 20.0), rect(2.0, 1.0), at(10.0, 20.0)).unwrap();
        assert_eq!(hit.normal, Vec2::X);
        assert!((hit.depth - 2.0).abs() < TOL);
    }

    #[test]
    fn one_inside_the_other() {
        // A small circle well inside a big rect, nearest the left side.
        let hit = both(0.5, at(-8.0, 1.0), rect(10.0, 10.0), at(0.0, 0.0)).unwrap();
        assert_eq!(hit.normal, Vec2::X);
        assert!((hit.depth - 2.5).abs() < TOL);
        // A small rect inside a big circle, off centre.
        let hit = both(10.0, at(0.0, 0.0), rect(1.0, 1.0), at(0.0, 3.0)).unwrap();
        assert!((hit.normal - Vec2::Y).length() < TOL);
        // The rect's nearest point is 2 from the centre; it must reach 10: 8 units.
        assert!((hit.depth - 8.0).abs() < TOL);
    }

    #[test]
    fn separated() {
        assert!(both(1.0, at(10.0, 10.0), rect(2.0, 1.0), at(0.0, 0.0)).is_none());
        // Inside the square-cornered box but outside the rounded one.
        assert!(both(1.0, at(2.9, 1.9), rect(2.0, 1.0), at(0.0, 0.0)).is_none());
    }

    #[test]
    fn coincident_centres() {
        let hit = both(1.0, at(4.0, 4.0), rect(2.0, 2.0), at(4.0, 4.0)).unwrap();
        assert_eq!(
            hit.normal,
            Vec2::X,
            "a tie between the sides goes to x, then +x"
        );
        assert!((hit.depth - 3.0).abs() < TOL);
        let hit = both(1.0, at(4.0, 4.0), rect(3.0, 2.0), at(4.0, 4.0)).unwrap();
        assert_eq!(hit.normal, Vec2::Y);
        assert!((hit.depth - 3.0).abs() < TOL);
    }

    #[test]
    fn ignores_rotation() {
        let turned = Pose::new(Vec2::new(0.0, 0.0), Rot::from_angle(0.8));
        let a = Circle { radius: 1.0 };
        let b = rect(2.0, 1.0);
        let pa = at(2.5, 0.0);
        assert_eq!(
            contact_circle_rect(&a, &pa, &b, &turned),
            contact_circle_rect(&a, &pa, &b, &at(0.0, 0.0))
        );
    }

    #[test]
    fn points_and_edges() {
        // A zero-radius circle is a point: inside counts, on the boundary does not.
        assert!(both(0.0, at(1.0, 0.0), rect(2.0, 1.0), at(0.0, 0.0)).is_some());
        assert!(both(0.0, at(2.0, 0.0), rect(2.0, 1.0), at(0.0, 0.0)).is_none());
        // A zero-size rect is a point.
        assert!(both(1.0, at(0.5, 0.0), rect(0.0, 0.0), at(0.0, 0.0)).is_some());
        assert!(both(1.0, at(1.0, 0.0), rect(0.0, 0.0), at(0.0, 0.0)).is_none());
    }

    #[test]
    fn bad_input_is_no_contact() {
        let p = at(0.0, 0.0);
        assert!(both(-1.0, p, rect(1.0, 1.0), p).is_none());
        assert!(both(f32::NAN, p, rect(1.0, 1.0), p).is_none());
        assert!(both(1.0, p, rect(-1.0, 1.0), p).is_none());
        assert!(both(1.0, p, rect(1.0, f32::INFINITY), p).is_none());
        assert!(both(1.0, at(f32::NAN, 0.0), rect(1.0, 1.0), p).is_none());
        let bad_rot = Pose::new(Vec2::ZERO, Rot::from_angle(f32::NAN));
        assert!(both(1.0, p, rect(1.0, 1.0), bad_rot).is_none());
    }
}
