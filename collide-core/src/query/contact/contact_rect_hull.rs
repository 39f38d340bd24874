use glam::Vec2;

use super::contact_hull_hull::{separating_axes, Lanes, Moved};
use super::Contact;
use crate::{Hull, Pose, Rect};

/// The rect's corners about its centre, in positive-area order like a [`Hull`].
#[inline]
fn corners(rect: &Rect) -> [Vec2; 4] {
    let h = rect.half_extents;
    [-h, Vec2::new(h.x, -h.y), h, Vec2::new(-h.x, h.y)]
}

/// The outward normals of the edges from each corner of [`corners`] to the next.
const RECT_NORMALS: [Vec2; 4] = [Vec2::NEG_Y, Vec2::X, Vec2::Y, Vec2::NEG_X];

/// The contact between a rect and a convex hull, or `None` when they do not overlap.
///
/// The rect is a 4-gon here: the separating-axis test runs over `x`, `y` and the hull's edge
/// normals, in the rect's frame (the rect ignores rotation; the hull follows it). The point is
/// the rect's corner that reaches deepest into the hull (the rule for two polygons). See
/// [`Contact`].
#[must_use]
pub fn contact_rect_hull(a: &Rect, pose_a: &Pose, b: &Hull, pose_b: &Pose) -> Option<Contact> {
    if !(a.is_valid() && pose_a.is_finite() && pose_b.is_finite()) {
        return None;
    }
    let frame = Pose::from_position(pose_a.position);
    let a_corners = corners(a);
    let hit = separating_axes(
        &Lanes::new(&a_corners, &RECT_NORMALS),
        &Moved::hull(b, pose_b, &frame),
    )?;
    let point = pose_a.position + a_corners[hit.deepest];
    point.is_finite().then_some(Contact {
        point,
        normal: hit.normal,
        depth: hit.depth,
    })
}

/// The contact between a convex hull and a rect, or `None` when they do not overlap.
///
/// [`contact_rect_hull`] seen from the hull, run in the hull's frame so that the point is the
/// hull's vertex that reaches deepest into the rect (the rule for two polygons: a vertex of the
/// first polygon). Normal and depth are those of [`contact_rect_hull`], the normal flipped.
#[must_use]
pub fn contact_hull_rect(a: &Hull, pose_a: &Pose, b: &Rect, pose_b: &Pose) -> Option<Contact> {
    if !(b.is_valid() && pose_a.is_finite() && pose_b.is_finite()) {
        return None;
    }
    let b_corners = corners(b);
    let b_in_a = Moved {
        vertices: &b_corners,
        normals: &RECT_NORMALS,
        // The rect is unturned: its frame differs from the hull's by the hull's rotation.
        turn: pose_a.rotation.apply_inverse(Vec2::X),
        shift: pose_a.inverse_transform_point(pose_b.position),
    };
    separating_axes(&Lanes::new(a.vertices(), a.normals()), &b_in_a)?.to_world(a.vertices(), pose_a)
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{at, rect, TOL};
    use super::*;
    use crate::Rot;

    /// A diamond with corners 2 from its centre on the axes.
    fn diamond() -> Hull {
        Hull::new(&[
            Vec2::new(2.0, 0.0),
            Vec2::new(0.0, 2.0),
            Vec2::new(-2.0, 0.0),
            Vec2::new(0.0, -2.0),
        ])
        .unwrap()
    }

    /// Both orders: normal flipped, depth kept; and the rect agrees with the same rect as a
    /// hull.
    fn both(a: Rect, pa: Pose, b: &Hull, pb: Pose) -> Option<Contact> {
        let ab = contact_rect_hull(&a, &pa, b, &pb);
        let ba = contact_hull_rect(b, &pb, &a, &pa);
        assert_eq!(ab.is_some(), ba.is_some(), "{ab:?} {ba:?}");
        if let (Some(ab), Some(ba)) = (ab, ba) {
            assert!((ab.depth - ba.depth).abs() < TOL, "{ab:?} {ba:?}");
            assert!((ab.normal + ba.normal).length() < TOL, "{ab:?} {ba:?}");
        }
        // (Skipped for bad input, which only the rect refuses: a negative extent, or a
        // non-finite rotation that the rect would ignore.)
        let valid = a.is_valid() && pa.is_finite();
        if let (Ok(as_hull), true) = (Hull::from_half_extents(a.half_extents), valid) {
            let unturned = Pose::from_position(pa.position);
            let hh = super::super::contact_hull_hull(&as_hull, &unturned, b, &pb);
            assert_eq!(ab.is_some(), hh.is_some());
            if let (Some(ab), Some(hh)) = (ab, hh) {
                assert!((ab.depth - hh.depth).abs() < TOL);
            }
        }
        ab
    }

    fn depth_is_exact(a: Rect, pa: Pose, b: &Hull, pb: Pose, hit: Contact) {
        let moved = |d: f32| Pose::new(pb.position + hit.normal * d, pb.rotation);
        assert!(contact_rect_hull(&a, &pa, b, &moved(hit.depth + 1e-3)).is_none());
        assert!(contact_rect_hull(&a, &pa, b, &moved(hit.depth - 1e-3)).is_some());
    }

    #[test]
    fn exactly_touching_is_no_contact() {
        let d = diamond();
        let a = rect(1.0, 1.0);
        let p = at(0.0, 0.0);
        assert!(both(a, p, &d, at(3.0, 0.0)).is_none(), "tip on a side");
        assert!(both(a, p, &d, at(3.0, 1.0)).is_none(), "tip on a corner");
        assert!(
            both(a, p, &d, at(2.0, 2.0)).is_none(),
            "corner on a slanted side"
        );
    }

    #[test]
    fn barely_overlapping() {
        let hit = both(rect(1.0, 1.0), at(0.0, 0.0), &diamond(), at(2.999, 0.0)).unwrap();
        assert_eq!(hit.normal, Vec2::X);
        assert!(hit.depth > 0.0 && (hit.depth - 0.001).abs() < TOL);
    }

    #[test]
    fn deep_overlap_with_a_turned_hull() {
        // The diamond turned 45° is a square of half-size √2, sitting on the rect's top.
        let turned = Pose::new(
            Vec2::new(0.5, 2.0),
            Rot::from_angle(core::f32::consts::FRAC_PI_4),
        );
        let (a, d) = (rect(3.0, 1.0), diamond());
        let hit = both(a, at(0.0, 0.0), &d, turned).unwrap();
        assert!((hit.normal - Vec2::Y).length() < TOL);
        assert!((hit.depth - (1.0 - (2.0 - 2f32.sqrt()))).abs() < TOL);
        depth_is_exact(a, at(0.0, 0.0), &d, turned, hit);
        // The rect's corners are all outside the hull; the top ones are least outside, the
        // nearer one to the hull wins.
        assert!((hit.point - Vec2::new(3.0, 1.0)).length() < TOL, "{hit:?}");
        // From the hull's side, the point is one of its (turned) vertices.
        let back = contact_hull_rect(&d, &turned, &a, &at(0.0, 0.0)).unwrap();
        let corners = d.vertices().iter().map(|&v| turned.transform_point(v));
        assert!(corners
            .clone()
            .any(|c| (c - back.point).length() < TOL && c.y < 1.0));
    }

    #[test]
    fn one_inside_the_other() {
        let d = diamond();
        let hit = both(rect(0.25, 0.25), at(0.5, 0.0), &d, at(0.0, 0.0)).unwrap();
        depth_is_exact(rect(0.25, 0.25), at(0.5, 0.0), &d, at(0.0, 0.0), hit);
        // The diamond inside a big rect, nearest its left side.
        let hit = both(rect(10.0, 10.0), at(0.0, 0.0), &d, at(-7.0, 1.0)).unwrap();
        assert_eq!(hit.normal, -Vec2::X);
        assert!((hit.depth - 5.0).abs() < TOL);
    }

    #[test]
    fn separated() {
        let d = diamond();
        assert!(both(rect(1.0, 1.0), at(0.0, 0.0), &d, at(5.0, 0.0)).is_none());
        // Boxes overlap, shapes do not: the rect's corner short of the slanted side.
        assert!(both(rect(0.5, 0.5), at(1.6, 1.6), &d, at(0.0, 0.0)).is_none());
    }

    #[test]
    fn coincident_centres() {
        let hit = both(rect(1.0, 3.0), at(1.0, 1.0), &diamond(), at(1.0, 1.0)).unwrap();
        assert_eq!(hit.normal, Vec2::X);
        assert!((hit.depth - 3.0).abs() < TOL);
        depth_is_exact(rect(1.0, 3.0), at(1.0, 1.0), &diamond(), at(1.0, 1.0), hit);
    }

    #[test]
    fn zero_size_rect_is_a_point() {
        let d = diamond();
        assert!(both(rect(0.0, 0.0), at(1.0, 0.5), &d, at(0.0, 0.0)).is_some());
        assert!(both(rect(0.0, 0.0), at(1.0, 1.0), &d, at(0.0, 0.0)).is_none());
        assert!(both(rect(0.0, 3.0), at(1.9, 0.0), &d, at(0.0, 0.0)).is_some());
    }

    #[test]
    fn bad_input_is_no_contact() {
        let d = diamond();
        let p = at(0.0, 0.0);
        assert!(both(rect(-1.0, 1.0), p, &d, p).is_none());
        assert!(both(rect(f32::NAN, 1.0), p, &d, p).is_none());
        assert!(both(rect(1.0, 1.0), at(f32::INFINITY, 0.0), &d, p).is_none());
        let bad = Pose::new(Vec2::ZERO, Rot::from_angle(f32::NAN));
        assert!(both(rect(1.0, 1.0), p, &d, bad).is_none());
        assert!(both(rect(1.0, 1.0), bad, &d, p).is_none());
    }
}
