use glam::Vec2;

use super::Contact;
use crate::{Hull, Pose, MAX_HULL_VERTICES};

/// A convex polygon moved into another shape's local frame, on the stack.
pub(super) struct Placed {
    pub(super) vertices: [Vec2; MAX_HULL_VERTICES],
    pub(super) normals: [Vec2; MAX_HULL_VERTICES],
    pub(super) len: usize,
}

impl Placed {
    /// `hull` at `pose`, seen from the local frame of `frame`: one rotation per vertex and
    /// normal, so the separating-axis loops run in a single frame.
    #[inline]
    pub(super) fn hull_in_frame(hull: &Hull, pose: &Pose, frame: &Pose) -> Placed {
        // (cos, sin) of the relative angle, without trigonometry.
        let turn = frame.rotation.apply_inverse(pose.rotation.apply(Vec2::X));
        let shift = frame.inverse_transform_point(pose.position);
        let mut placed = Placed {
            vertices: [Vec2::ZERO; MAX_HULL_VERTICES],
            normals: [Vec2::ZERO; MAX_HULL_VERTICES],
            len: hull.vertex_count(),
        };
        for (out, &v) in placed.vertices.iter_mut().zip(hull.vertices()) {
            *out = turn.rotate(v) + shift;
        }
        for (out, &n) in placed.normals.iter_mut().zip(hull.normals()) {
            *out = turn.rotate(n);
        }
        placed
    }

    /// The vertices in use.
    #[inline]
    pub(super) fn vertices(&self) -> &[Vec2] {
        &self.vertices[..self.len]
    }

    /// The unit outward edge normals in use.
    #[inline]
    pub(super) fn normals(&self) -> &[Vec2] {
        &self.normals[..self.len]
    }
}

/// What the separating-axis test found, in `a`'s local frame.
pub(super) struct Penetration {
    /// Unit normal from `a` to `b`.
    pub(super) normal: Vec2,
    /// The smallest overlap over all axes.
    pub(super) depth: f32,
    /// Index of `a`'s vertex that reaches deepest into `b`.
    pub(super) deepest: usize,
}

/// The separating-axis test of two convex polygons, both given in `a`'s local frame.
///
/// Each edge normal of either polygon is an axis; the overlap along `a`'s normal `n` is how far
/// `b` must move along `n` to clear `a` (and along `b`'s normal `m`, how far `b` must move
/// along `-m`). Those are the edges of the Minkowski difference, so the smallest overlap is
/// the exact penetration depth. The first axis with no overlap (touching included) ends the
/// test. `a`'s axes are tried first and win ties.
///
/// Looping over `b`'s axes computes every `a` vertex's height below every `b` edge anyway; the
/// smallest per vertex is its depth inside `b`, so the contact vertex costs one `min` each.
pub(super) fn separating_axes(
    a_vertices: &[Vec2],
    a_normals: &[Vec2],
    b_vertices: &[Vec2],
    b_normals: &[Vec2],
) -> Option<Penetration> {
    let mut depth = f32::INFINITY;
    let mut normal = Vec2::ZERO;
    for (&n, &v) in a_normals.iter().zip(a_vertices) {
        let b_low = b_vertices
            .iter()
            .fold(f32::INFINITY, |low, &w| low.min(n.dot(w)));
        let overlap = n.dot(v) - b_low;
        // `!(x > 0)`: touching separates, and so does a NaN from overflowing positions.
        if !(overlap > 0.0) {
            return None;
        }
        if overlap < depth {
            depth = overlap;
            normal = n;
        }
    }
    let mut below = [f32::INFINITY; MAX_HULL_VERTICES];
    for (&m, &w) in b_normals.iter().zip(b_vertices) {
        let top = m.dot(w);
        let mut overlap = f32::NEG_INFINITY;
        for (low, &v) in below.iter_mut().zip(a_vertices) {
            let height = top - m.dot(v);
            overlap = overlap.max(height);
            *low = low.min(height);
        }
        if !(overlap > 0.0) {
            return None;
        }
        if overlap < depth {
            depth = overlap;
            normal = -m;
        }
    }
    if !depth.is_finite() {
        return None;
    }
    let mut deepest = 0;
    for (i, &low) in below.iter().enumerate().take(a_vertices.len()).skip(1) {
        if low > below[deepest] {
            deepest = i;
        }
    }
    Some(Penetration {
        normal,
        depth,
        deepest,
    })
}

/// The contact between two convex hulls, or `None` when they do not overlap.
///
/// The separating-axis test over both hulls' edge normals (seed 002): the axis with the
/// smallest overlap gives normal and depth, and the first axis that separates (touching
/// included) ends the test. Runs in `a`'s local frame, so `b` is moved once and `a` not at
/// all; no trigonometry, no allocation. The point is the vertex of `a` that reaches deepest
/// into `b`; with the hulls swapped it is a vertex of `b` instead. See [`Contact`].
#[must_use]
pub fn contact_hull_hull(a: &Hull, pose_a: &Pose, b: &Hull, pose_b: &Pose) -> Option<Contact> {
    if !(pose_a.is_finite() && pose_b.is_finite()) {
        return None;
    }
    let b_in_a = Placed::hull_in_frame(b, pose_b, pose_a);
    let hit = separating_axes(
        a.vertices(),
        a.normals(),
        b_in_a.vertices(),
        b_in_a.normals(),
    )?;
    let point = pose_a.transform_point(a.vertices()[hit.deepest]);
    point.is_finite().then(|| Contact {
        point,
        normal: pose_a.transform_vector(hit.normal),
        depth: hit.depth,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rot;

    const TOL: f32 = 1e-5;

    fn at(x: f32, y: f32) -> Pose {
        Pose::from_position(Vec2::new(x, y))
    }

    fn square(half: f32) -> Hull {
        Hull::from_half_extents(Vec2::splat(half)).unwrap()
    }

    /// A triangle pointing at +x with its tip at (2, 0).
    fn arrow() -> Hull {
        Hull::new(&[
            Vec2::new(-1.0, -1.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(-1.0, 1.0),
        ])
        .unwrap()
    }

    /// Both orders: the normal flips and the depth stays, as the points may differ.
    fn both(a: &Hull, pa: Pose, b: &Hull, pb: Pose) -> Option<Contact> {
        let ab = contact_hull_hull(a, &pa, b, &pb);
        let ba = contact_hull_hull(b, &pb, a, &pa);
        assert_eq!(ab.is_some(), ba.is_some());
        if let (Some(ab), Some(ba)) = (ab, ba) {
            assert!((ab.depth - ba.depth).abs() < TOL, "{ab:?} {ba:?}");
        }
        ab
    }

    /// Moving `b` by `depth ± eps` along the normal separates it / does not.
    fn depth_is_exact(a: &Hull, pa: Pose, b: &Hull, pb: Pose, hit: Contact) {
        let moved = |d: f32| Pose::new(pb.position + hit.normal * d, pb.rotation);
        assert!(contact_hull_hull(a, &pa, b, &moved(hit.depth + 1e-3)).is_none());
        assert!(contact_hull_hull(a, &pa, b, &moved(hit.depth - 1e-3)).is_some());
    }

    #[test]
    fn exactly_touching_is_no_contact() {
        let s = square(1.0);
        assert!(
            both(&s, at(0.0, 0.0), &s, at(2.0, 0.5)).is_none(),
            "shared edge"
        );
        assert!(
            both(&s, at(0.0, 0.0), &s, at(2.0, 2.0)).is_none(),
            "shared corner"
        );
        // The arrow's tip on the square's side.
        assert!(
            both(&arrow(), at(0.0, 0.0), &s, at(3.0, 0.0)).is_none(),
            "tip"
        );
    }

    #[test]
    fn barely_overlapping() {
        let s = square(1.0);
        let hit = both(&arrow(), at(0.0, 0.0), &s, at(2.999, 0.0)).unwrap();
        assert!((hit.normal - Vec2::X).length() < TOL);
        assert!(hit.depth > 0.0 && (hit.depth - 0.001).abs() < TOL);
        assert!(
            (hit.point - Vec2::new(2.0, 0.0)).length() < TOL,
            "the arrow's tip"
        );
    }

    #[test]
    fn deep_overlap_with_rotation() {
        // The arrow turned to point down (-y) into the top of a square.
        let down = Pose::new(
            Vec2::new(0.0, 2.5),
            Rot::from_angle(-core::f32::consts::FRAC_PI_2),
        );
        let (a, b) = (arrow(), square(1.0));
        let hit = both(&a, down, &b, at(0.0, 0.0)).unwrap();
        assert!((hit.normal + Vec2::Y).length() < TOL);
        assert!((hit.depth - 0.5).abs() < TOL);
        assert!(
            (hit.point - Vec2::new(0.0, 0.5)).length() < TOL,
            "the tip, in the world"
        );
        depth_is_exact(&a, down, &b, at(0.0, 0.0), hit);
        // Swapped: same depth, the normal flipped, the point now a corner of the square.
        let back = contact_hull_hull(&b, &at(0.0, 0.0), &a, &down).unwrap();
        assert!((back.normal - Vec2::Y).length() < TOL);
        assert!(b
            .vertices()
            .iter()
            .any(|&v| (v - back.point).length() < TOL));
    }

    #[test]
    fn one_inside_the_other() {
        let (big, small) = (square(10.0), arrow());
        let pb = at(6.0, -7.0);
        let hit = both(&big, at(0.0, 0.0), &small, pb).unwrap();
        // The arrow (corners (5, -8), (8, -7), (5, -6)) is nearest the bottom side: its top
        // vertex must pass y = -10, 4 units down.
        assert!((hit.normal + Vec2::Y).length() < TOL);
        assert!((hit.depth - 4.0).abs() < TOL);
        depth_is_exact(&big, at(0.0, 0.0), &small, pb, hit);
        // Seen from the arrow, the point is its own vertex farthest inside the square.
        let inner = contact_hull_hull(&small, &pb, &big, &at(0.0, 0.0)).unwrap();
        assert!(
            (inner.point - Vec2::new(5.0, -6.0)).length() < TOL,
            "{inner:?}"
        );
        assert!((inner.normal - Vec2::Y).length() < TOL);
    }

    #[test]
    fn separated() {
        let (a, b) = (arrow(), square(1.0));
        assert!(both(&a, at(0.0, 0.0), &b, at(3.5, 0.0)).is_none());
        // Inside each other's bounding boxes, apart along a slanted edge of the arrow.
        assert!(both(&a, at(0.0, 0.0), &b, at(1.9, 1.9)).is_none());
    }

    #[test]
    fn coincident_centres() {
        let (a, b) = (square(2.0), arrow());
        let hit = both(&a, at(5.0, 5.0), &b, at(5.0, 5.0)).unwrap();
        depth_is_exact(&a, at(5.0, 5.0), &b, at(5.0, 5.0), hit);
        let same = both(&a, at(5.0, 5.0), &a, at(5.0, 5.0)).unwrap();
        assert!((same.depth - 4.0).abs() < TOL);
    }

    #[test]
    fn non_finite_poses_are_no_contact() {
        let s = square(1.0);
        assert!(both(&s, at(f32::NAN, 0.0), &s, at(0.0, 0.0)).is_none());
        let bad = Pose::new(Vec2::ZERO, Rot::from_angle(f32::INFINITY));
        assert!(both(&s, at(0.0, 0.0), &s, bad).is_none());
        assert!(both(&s, at(3e38, 0.0), &s, at(-3e38, 0.0)).is_none());
    }
}
