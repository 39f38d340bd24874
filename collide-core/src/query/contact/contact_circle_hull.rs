use super::{depth_within, unit_along, Contact};
use crate::{math, Circle, Hull, Pose};

/// The contact between a circle and a convex hull, or `None` when they do not overlap.
///
/// Closest feature, in the hull's frame: the edge whose line the centre lies farthest outside
/// of holds the hull's nearest point (an edge line at least the radius away ends the test
/// early), then the centre is clamped to that edge. A centre inside the hull leaves through
/// the nearest edge. This is the separating-axis test over the hull's normals and the axis from
/// the nearest vertex, done without trying every axis. The circle ignores rotation; the hull
/// follows it. The point is midway between the two surfaces along the normal through the
/// circle's centre. See [`Contact`].
#[must_use]
pub fn contact_circle_hull(a: &Circle, pose_a: &Pose, b: &Hull, pose_b: &Pose) -> Option<Contact> {
    if !(a.is_valid() && pose_a.is_finite() && pose_b.is_finite()) {
        return None;
    }
    let r = a.radius;
    let center = pose_b.inverse_transform_point(pose_a.position);
    let (vertices, normals) = (b.vertices(), b.normals());
    let mut edge = 0;
    let mut outside = f32::NEG_INFINITY;
    for (i, (&n, &v)) in normals.iter().zip(vertices).enumerate() {
        let s = n.dot(center - v);
        // `!(x < y)`: at least the radius outside separates, and a NaN is a miss.
        if !(s < r) {
            return None;
        }
        if s > outside {
            outside = s;
            edge = i;
        }
    }
    let (normal, depth) = if outside <= 0.0 {
        // Inside (or on the boundary): leave through the nearest edge.
        let depth = r - outside;
        if !(depth > 0.0) {
            return None; // a point on the boundary only touches
        }
        (-normals[edge], depth)
    } else {
        let start = vertices[edge];
        let end = vertices[(edge + 1) % vertices.len()];
        let along = end - start;
        let t = along.dot(center - start);
        let nearest = if t <= 0.0 {
            Some(start)
        } else if t >= along.length_squared() {
            Some(end)
        } else {
            None
        };
        match nearest {
            // Beside the edge: the edge line is the nearest feature.
            None => (-normals[edge], r - outside),
            // Beyond an end of the edge: the vertex is.
            Some(vertex) => {
                let to_hull = vertex - center;
                let dist_sq = to_hull.length_squared();
                if !(dist_sq < r * r) {
                    return None;
                }
                let dist = math::sqrt(dist_sq);
                (
                    unit_along(to_hull, dist, dist_sq),
                    depth_within(r, r * r, dist, dist_sq),
                )
            }
        }
    };
    let normal = pose_b.transform_vector(normal);
    let point = pose_a.position + normal * (r - 0.5 * depth);
    (point.is_finite() && depth.is_finite()).then_some(Contact {
        point,
        normal,
        depth,
    })
}

/// The contact between a convex hull and a circle: [`contact_circle_hull`] with the normal
/// flipped (the point is the same).
#[inline]
#[must_use]
pub fn contact_hull_circle(a: &Hull, pose_a: &Pose, b: &Circle, pose_b: &Pose) -> Option<Contact> {
    contact_circle_hull(b, pose_b, a, pose_a).map(Contact::flipped)
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{at, TOL};
    use super::*;
    use crate::Rot;
    use glam::Vec2;

    /// The triangle (0, 0), (4, 0), (0, 3): a 3-4-5 right triangle.
    fn triangle() -> Hull {
        Hull::new(&[Vec2::ZERO, Vec2::new(4.0, 0.0), Vec2::new(0.0, 3.0)]).unwrap()
    }

    /// Both orders (reversed is the flip of canonical), then the depth check: moving the hull
    /// by `depth ± eps` along the normal separates it / does not.
    fn both(r: f32, pa: Pose, b: &Hull, pb: Pose) -> Option<Contact> {
        let a = Circle { radius: r };
        let hit = contact_circle_hull(&a, &pa, b, &pb);
        assert_eq!(
            contact_hull_circle(b, &pb, &a, &pa),
            hit.map(Contact::flipped)
        );
        if let Some(hit) = hit {
            assert!((hit.normal.length() - 1.0).abs() < TOL);
            let moved = |d: f32| Pose::new(pb.position + hit.normal * d, pb.rotation);
            assert!(contact_circle_hull(&a, &pa, b, &moved(hit.depth + 1e-3)).is_none());
            if hit.depth > 1e-3 {
                assert!(contact_circle_hull(&a, &pa, b, &moved(hit.depth - 1e-3)).is_some());
            }
        }
        hit
    }

    #[test]
    fn exactly_touching_is_no_contact() {
        let t = triangle();
        let o = at(0.0, 0.0);
        assert!(
            both(1.0, at(2.0, -1.0), &t, o).is_none(),
            "below the bottom edge"
        );
        assert!(
            both(1.0, at(-1.0, 1.0), &t, o).is_none(),
            "left of the left edge"
        );
        assert!(
            both(5.0, at(-3.0, -4.0), &t, o).is_none(),
            "at the corner, 3-4-5 away"
        );
        // Outside the hypotenuse 3x + 4y = 12 by exactly 5: centre (2, 1.5) + (3, 4).
        assert!(both(5.0, at(5.0, 5.5), &t, o).is_none(), "slanted edge");
    }

    #[test]
    fn barely_overlapping() {
        let hit = both(1.0, at(2.0, -0.999), &triangle(), at(0.0, 0.0)).unwrap();
        assert_eq!(hit.normal, Vec2::Y);
        assert!(hit.depth > 0.0 && (hit.depth - 0.001).abs() < TOL);
        assert!((hit.point - Vec2::new(2.0, 0.0005)).length() < TOL);
    }

    #[test]
    fn deep_overlap_at_a_vertex() {
        // Centre 5 from the corner (0, 0) along (-3, -4)/5; radius 7 → 2 deep.
        let hit = both(7.0, at(-3.0, -4.0), &triangle(), at(0.0, 0.0)).unwrap();
        assert!((hit.normal - Vec2::new(0.6, 0.8)).length() < TOL);
        assert!((hit.depth - 2.0).abs() < TOL);
        assert!((hit.point - Vec2::new(-3.0, -4.0) - Vec2::new(0.6, 0.8) * 6.0).length() < TOL);
    }

    #[test]
    fn turned_hull() {
        // Turned a quarter, the triangle spans (-3..0, 0..4); its edge x = 0 faces +x.
        let quarter = Pose::new(Vec2::ZERO, Rot::from_angle(core::f32::consts::FRAC_PI_2));
        let hit = both(1.0, at(0.5, 2.0), &triangle(), quarter).unwrap();
        assert!((hit.normal + Vec2::X).length() < TOL);
        assert!((hit.depth - 0.5).abs() < TOL);
    }

    #[test]
    fn one_inside_the_other() {
        // A small circle inside the triangle, nearest the bottom edge.
        let hit = both(0.25, at(1.0, 0.5), &triangle(), at(0.0, 0.0)).unwrap();
        assert_eq!(
            hit.normal,
            Vec2::Y,
            "the hull moves up, the circle leaves downwards"
        );
        assert!((hit.depth - 0.75).abs() < TOL);
        // The triangle inside a big circle.
        let hit = both(20.0, at(1.0, 1.0), &triangle(), at(0.0, 0.0)).unwrap();
        assert!(hit.depth > 15.0);
    }

    #[test]
    fn separated() {
        let t = triangle();
        assert!(both(1.0, at(10.0, 10.0), &t, at(0.0, 0.0)).is_none());
        // Near the corner (4, 0), within reach of both edge lines but not of the corner.
        assert!(both(0.9, at(4.7, -0.6), &t, at(0.0, 0.0)).is_none());
    }

    #[test]
    fn coincident_centres() {
        let hex = Hull::regular(6, 2.0).unwrap();
        let hit = both(1.0, at(3.0, 3.0), &hex, at(3.0, 3.0)).unwrap();
        // The hexagon's edges are √3 from its centre.
        assert!((hit.depth - (1.0 + 3f32.sqrt())).abs() < TOL);
    }

    #[test]
    fn points_and_bad_input() {
        let t = triangle();
        let o = at(0.0, 0.0);
        assert!(both(0.0, at(1.0, 1.0), &t, o).is_some(), "a point inside");
        assert!(
            both(0.0, at(2.0, 0.0), &t, o).is_none(),
            "a point on an edge"
        );
        assert!(
            both(0.0, at(0.0, 0.0), &t, o).is_none(),
            "a point on a vertex"
        );
        assert!(both(-1.0, o, &t, o).is_none());
        assert!(both(f32::NAN, o, &t, o).is_none());
        assert!(both(f32::INFINITY, o, &t, o).is_none());
        assert!(both(1.0, at(f32::NAN, 0.0), &t, o).is_none());
        let bad = Pose::new(Vec2::ZERO, Rot::from_angle(f32::NAN));
        assert!(both(1.0, o, &t, bad).is_none());
        assert!(both(1.0, at(3e38, 0.0), &t, at(-3e38, 0.0)).is_none());
    }
}
