use glam::{Vec2, Vec4};

use super::Contact;
use crate::{Hull, Pose, MAX_HULL_VERTICES};

/// What the separating-axis test found, in `a`'s local frame.
pub(super) struct Penetration {
    /// Unit normal from `a` to `b`.
    pub(super) normal: Vec2,
    /// The smallest overlap over all axes.
    pub(super) depth: f32,
    /// Index of `a`'s vertex that reaches deepest into `b`.
    pub(super) deepest: usize,
}

impl Penetration {
    /// The contact in world coordinates, for a hull `a` (its `vertices`) placed at `pose_a`:
    /// the point is `a`'s deepest vertex; `None` if it is not finite.
    #[inline]
    pub(super) fn to_world(&self, vertices: &[Vec2], pose_a: &Pose) -> Option<Contact> {
        let point = pose_a.transform_point(vertices[self.deepest]);
        point.is_finite().then(|| Contact {
            point,
            normal: pose_a.transform_vector(self.normal),
            depth: self.depth,
        })
    }
}

/// Polygon `a` in structure-of-arrays form, four vertices (and the edges starting at them)
/// per [`Vec4`], so the separating-axis loops run four lanes at a time. Unused lanes repeat
/// the first lane of their chunk, which changes no minimum or maximum.
pub(super) struct Lanes<'a> {
    vertices: &'a [Vec2],
    normals: &'a [Vec2],
    vx: [Vec4; 4],
    vy: [Vec4; 4],
    nx: [Vec4; 4],
    ny: [Vec4; 4],
    chunks: usize,
}

impl<'a> Lanes<'a> {
    /// The lanes of a polygon of 1 to [`MAX_HULL_VERTICES`] vertices and as many normals.
    #[inline(always)]
    pub(super) fn new(vertices: &'a [Vec2], normals: &'a [Vec2]) -> Lanes<'a> {
        let mut lanes = Lanes {
            vertices,
            normals,
            vx: [Vec4::ZERO; 4],
            vy: [Vec4::ZERO; 4],
            nx: [Vec4::ZERO; 4],
            ny: [Vec4::ZERO; 4],
            chunks: vertices.len().min(normals.len()).div_ceil(4).min(4),
        };
        let chunks = vertices.chunks(4).zip(normals.chunks(4));
        for (k, (vc, nc)) in chunks.enumerate().take(4) {
            // `chunks` never yields an empty chunk; a short one is padded with its first lane.
            let at = |l: usize| (vc.get(l).unwrap_or(&vc[0]), nc.get(l).unwrap_or(&nc[0]));
            let [(v0, n0), (v1, n1), (v2, n2), (v3, n3)] = [at(0), at(1), at(2), at(3)];
            lanes.vx[k] = Vec4::new(v0.x, v1.x, v2.x, v3.x);
            lanes.vy[k] = Vec4::new(v0.y, v1.y, v2.y, v3.y);
            lanes.nx[k] = Vec4::new(n0.x, n1.x, n2.x, n3.x);
            lanes.ny[k] = Vec4::new(n0.y, n1.y, n2.y, n3.y);
        }
        lanes
    }
}

/// Polygon `b` as it stands in `a`'s local frame: its local vertices and normals, turned by
/// `turn` (a unit `(cos, sin)`) and then shifted by `shift`. The kernel moves each vertex and
/// normal once, as it first needs it.
pub(super) struct Moved<'a> {
    pub(super) vertices: &'a [Vec2],
    pub(super) normals: &'a [Vec2],
    pub(super) turn: Vec2,
    pub(super) shift: Vec2,
}

impl<'a> Moved<'a> {
    /// `hull` placed at `pose`, seen from the local frame of `frame`.
    #[inline(always)]
    pub(super) fn hull(hull: &'a Hull, pose: &Pose, frame: &Pose) -> Moved<'a> {
        Moved {
            vertices: hull.vertices(),
            normals: hull.normals(),
            // (cos, sin) of the relative angle, without trigonometry.
            turn: frame.rotation.apply_inverse(pose.rotation.apply(Vec2::X)),
            shift: frame.inverse_transform_point(pose.position),
        }
    }
}

/// The separating-axis test of two convex polygons, both given in `a`'s local frame.
///
/// Each edge normal of either polygon is an axis; the overlap along `a`'s normal `n` is how far
/// `b` must move along `n` to clear `a` (and along `b`'s normal `m`, how far `b` must move
/// along `-m`). Those are the edges of the Minkowski difference, so the smallest overlap is the
/// exact penetration depth. Runs in `a`'s frame, so only `b` is moved, once. An axis with no overlap (touching included) ends the test.
/// `a`'s axes win ties, then the lowest index.
///
/// Looping over `b`'s axes computes every `a` vertex's height below every `b` edge anyway; the
/// smallest per vertex is its depth inside `b`, so the contact vertex costs one `min` each.
pub(super) fn separating_axes(a: &Lanes<'_>, b: &Moved<'_>) -> Option<Penetration> {
    // One copy per chunk count, so the lane loops have a fixed length and unroll.
    match a.chunks {
        1 => separating_axes_in::<1>(a, b),
        2 => separating_axes_in::<2>(a, b),
        3 => separating_axes_in::<3>(a, b),
        _ => separating_axes_in::<4>(a, b),
    }
}

/// [`separating_axes`] for a polygon `a` of `CHUNKS` four-lane chunks.
fn separating_axes_in<const CHUNKS: usize>(a: &Lanes<'_>, b: &Moved<'_>) -> Option<Penetration> {
    // a's axes: the lowest point of b along each, four axes per lane. b's vertices are moved
    // into a's frame on the way and kept for the second loop.
    let mut low = [Vec4::INFINITY; CHUNKS];
    let mut b_vertices = [Vec2::ZERO; MAX_HULL_VERTICES];
    for (out, &v) in b_vertices.iter_mut().zip(b.vertices) {
        let w = b.turn.rotate(v) + b.shift;
        *out = w;
        let (wx, wy) = (Vec4::splat(w.x), Vec4::splat(w.y));
        for (k, low) in low.iter_mut().enumerate() {
            *low = low.min(a.nx[k] * wx + a.ny[k] * wy);
        }
    }
    let mut depth = f32::INFINITY;
    let mut normal = Vec2::ZERO;
    for (k, &low) in low.iter().enumerate() {
        let overlap = a.nx[k] * a.vx[k] + a.ny[k] * a.vy[k] - low;
        // Touching separates, and a NaN from overflowing positions fails the test too.
        if !overlap.cmpgt(Vec4::ZERO).all() {
            return None;
        }
        for (lane, &o) in overlap.to_array().iter().enumerate() {
            // A padding lane repeats lane 0, so it is never strictly smaller; the bound
            // check keeps that a fact rather than a panic.
            if let (true, Some(&n)) = (o < depth, a.normals.get(4 * k + lane)) {
                depth = o;
                normal = n;
            }
        }
    }
    // b's axes: the highest point of a above each edge's line, and per vertex of a its
    // smallest height below b's edges.
    let mut below = [Vec4::INFINITY; CHUNKS];
    for (&n, &w) in b.normals.iter().zip(&b_vertices) {
        let m = b.turn.rotate(n);
        let top = Vec4::splat(m.dot(w));
        let (mx, my) = (Vec4::splat(m.x), Vec4::splat(m.y));
        let mut highest = Vec4::NEG_INFINITY;
        for (k, below) in below.iter_mut().enumerate() {
            let height = top - (mx * a.vx[k] + my * a.vy[k]);
            highest = highest.max(height);
            *below = below.min(height);
        }
        let overlap = highest.max_element();
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
    let mut deepest_below = f32::NEG_INFINITY;
    for (k, chunk) in below.iter().enumerate() {
        for (lane, &b) in chunk.to_array().iter().enumerate() {
            if b > deepest_below && 4 * k + lane < a.vertices.len() {
                deepest = 4 * k + lane;
                deepest_below = b;
            }
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
/// The separating-axis test over both hulls' edge normals: the axis with the
/// smallest overlap gives normal and depth, and the first axis that separates (touching
/// included) ends the test. Runs in `a`'s local frame, so `b` is moved once and `a` not at
/// all; no trigonometry, no allocation. The point is the vertex of `a` that reaches deepest
/// into `b`; with the hulls swapped it is a vertex of `b` instead. See [`Contact`].
#[must_use]
pub fn contact_hull_hull(a: &Hull, pose_a: &Pose, b: &Hull, pose_b: &Pose) -> Option<Contact> {
    if !(pose_a.is_finite() && pose_b.is_finite()) {
        return None;
    }
    separating_axes(
        &Lanes::new(a.vertices(), a.normals()),
        &Moved::hull(b, pose_b, pose_a),
    )?
    .to_world(a.vertices(), pose_a)
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{at, TOL};
    use super::*;
    use crate::Rot;

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
