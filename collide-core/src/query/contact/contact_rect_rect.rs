use glam::Vec2;

use super::Contact;
use crate::{Pose, Rect};

/// The offset from `a` to `b` and how far the two rects overlap on each axis, when they
/// overlap (both overlaps positive); `None` when they do not, or for invalid input.
#[inline]
fn axis_overlaps(a: &Rect, pose_a: &Pose, b: &Rect, pose_b: &Pose) -> Option<(Vec2, Vec2)> {
    let d = pose_b.position - pose_a.position;
    let overlap = a.half_extents + b.half_extents - d.abs();
    // The common case first, before any validation: apart. `!(x > 0)`: a NaN from bad input
    // or overflowing positions is a miss too.
    if !(overlap.x > 0.0 && overlap.y > 0.0) {
        return None;
    }
    let valid = a.is_valid() && b.is_valid() && pose_a.is_finite() && pose_b.is_finite();
    valid.then_some((d, overlap))
}

/// The contact between two rects, or `None` when they do not overlap.
///
/// The separating-axis test with its two axes, under the strict overlap rule (rects that share
/// an edge do not overlap); the axis with the smaller overlap gives the normal, `x` on a tie, and
/// `+x` when the centres coincide on that axis. Rotation is ignored. The point is the centre
/// of the overlap box. See [`Contact`].
#[inline(always)]
#[must_use]
pub fn contact_rect_rect(a: &Rect, pose_a: &Pose, b: &Rect, pose_b: &Pose) -> Option<Contact> {
    let (d, overlap) = axis_overlaps(a, pose_a, b, pose_b)?;
    let (normal, depth) = if overlap.x <= overlap.y {
        (if d.x < 0.0 { -Vec2::X } else { Vec2::X }, overlap.x)
    } else {
        (if d.y < 0.0 { -Vec2::Y } else { Vec2::Y }, overlap.y)
    };
    let (pa, pb) = (pose_a.position, pose_b.position);
    let lo = (pa - a.half_extents).max(pb - b.half_extents);
    let hi = (pa + a.half_extents).min(pb + b.half_extents);
    Some(Contact {
        point: (lo + hi) * 0.5,
        normal,
        depth,
    })
}

/// Whether two rects overlap: [`contact_rect_rect`]`(..).is_some()` without the contact data.
#[inline]
#[must_use]
pub(crate) fn overlaps_rect_rect(a: &Rect, pose_a: &Pose, b: &Rect, pose_b: &Pose) -> bool {
    axis_overlaps(a, pose_a, b, pose_b).is_some()
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{at, rect, TOL};
    use super::*;
    use crate::Rot;

    fn both(a: Rect, pa: Pose, b: Rect, pb: Pose) -> Option<Contact> {
        let hit = contact_rect_rect(&a, &pa, &b, &pb);
        assert_eq!(hit.is_some(), overlaps_rect_rect(&a, &pa, &b, &pb));
        hit
    }

    #[test]
    fn exactly_touching_is_no_contact() {
        let a = rect(1.0, 1.0);
        assert!(
            both(a, at(0.0, 0.0), a, at(2.0, 0.5)).is_none(),
            "shared edge"
        );
        assert!(
            both(a, at(0.0, 0.0), a, at(0.5, -2.0)).is_none(),
            "shared edge"
        );
        assert!(
            both(a, at(0.0, 0.0), a, at(2.0, 2.0)).is_none(),
            "shared corner"
        );
    }

    #[test]
    fn barely_overlapping() {
        let hit = both(rect(1.0, 1.0), at(0.0, 0.0), rect(1.0, 1.0), at(1.999, 0.5)).unwrap();
        assert_eq!(hit.normal, Vec2::X);
        assert!(hit.depth > 0.0 && (hit.depth - 0.001).abs() < TOL);
        assert!((hit.point - Vec2::new(0.9995, 0.25)).length() < TOL);
    }

    #[test]
    fn deep_overlap() {
        let hit = both(rect(2.0, 1.0), at(0.0, 0.0), rect(1.0, 1.0), at(-1.0, -1.5)).unwrap();
        // x overlap 3 − 1 = 2, y overlap 2 − 1.5 = 0.5: push b down.
        assert_eq!(hit.normal, -Vec2::Y);
        assert!((hit.depth - 0.5).abs() < TOL);
        assert!((hit.point - Vec2::new(-1.0, -0.75)).length() < TOL);
    }

    #[test]
    fn one_inside_the_other() {
        let hit = both(
            rect(10.0, 10.0),
            at(0.0, 0.0),
            rect(1.0, 2.0),
            at(-6.0, 3.0),
        )
        .unwrap();
        // b clears a's left side after 10 + 1 − 6 = 5; its top after 10 + 2 − 3 = 9.
        assert_eq!(hit.normal, -Vec2::X);
        assert!((hit.depth - 5.0).abs() < TOL);
        assert!(
            (hit.point - Vec2::new(-6.0, 3.0)).length() < TOL,
            "the smaller rect's centre"
        );
    }

    #[test]
    fn separated() {
        let a = rect(1.0, 1.0);
        assert!(both(a, at(0.0, 0.0), a, at(3.0, 0.0)).is_none());
        assert!(both(a, at(0.0, 0.0), a, at(0.0, -2.5)).is_none());
        assert!(both(a, at(0.0, 0.0), a, at(1.5, 7.0)).is_none());
    }

    #[test]
    fn coincident_centres() {
        let hit = both(rect(1.0, 1.0), at(2.0, 2.0), rect(1.0, 1.0), at(2.0, 2.0)).unwrap();
        assert_eq!(
            hit.normal,
            Vec2::X,
            "a tie between the axes goes to x, then +x"
        );
        assert!((hit.depth - 2.0).abs() < TOL);
        let hit = both(rect(3.0, 1.0), at(2.0, 2.0), rect(1.0, 1.0), at(2.0, 2.0)).unwrap();
        assert_eq!(hit.normal, Vec2::Y);
        assert!((hit.depth - 2.0).abs() < TOL);
    }

    #[test]
    fn reversed_flips_the_normal() {
        let (a, b) = (rect(2.0, 1.0), rect(1.0, 1.5));
        let (pa, pb) = (at(0.0, 0.0), at(2.0, -1.0));
        let ab = both(a, pa, b, pb).unwrap();
        assert_eq!(both(b, pb, a, pa), Some(ab.flipped()));
    }

    #[test]
    fn ignores_rotation_and_refuses_bad_input() {
        let turned = Pose::new(Vec2::new(1.5, 0.0), Rot::from_angle(0.8));
        let a = rect(1.0, 1.0);
        assert_eq!(
            both(a, at(0.0, 0.0), a, turned),
            both(a, at(0.0, 0.0), a, at(1.5, 0.0))
        );
        let p = at(0.0, 0.0);
        assert!(both(rect(-1.0, 1.0), p, a, p).is_none());
        assert!(both(rect(f32::NAN, 1.0), p, a, p).is_none());
        assert!(both(a, p, rect(1.0, f32::INFINITY), p).is_none());
        assert!(both(a, at(0.0, f32::NAN), a, p).is_none());
        assert!(both(a, at(3e38, 0.0), a, at(-3e38, 0.0)).is_none());
    }
}
