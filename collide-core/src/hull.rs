use glam::Vec2;

use crate::{Aabb, Error, Pose, MAX_HULL_VERTICES};

mod clean;

/// A convex polygon of 3 to [`MAX_HULL_VERTICES`] vertices, stored inline (no heap).
///
/// **Winding**: the vertices are ordered so that their shoelace signed area is positive:
/// counter-clockwise with y up, which looks **clockwise on a y-down screen**. [`Hull::new`]
/// reverses a negative-area order itself, so either order may be passed in. Each edge `i` runs
/// from vertex `i` to vertex `i + 1` and has a unit outward normal, precomputed.
///
/// ```
/// use collide_core::Hull;
/// use glam::Vec2;
///
/// // A thin sliver, given in the "wrong" order: fixed, not refused.
/// let hull = Hull::new(&[
///     Vec2::new(0.0, 0.0),
///     Vec2::new(0.0, 1.0),
///     Vec2::new(4.0, 1.0),
///     Vec2::new(4.0, 0.0),
/// ])?;
/// assert!(hull.area() > 0.0);
/// assert_eq!(hull.vertex_count(), 4);
/// # Ok::<(), collide_core::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq)]
pub struct Hull {
    vertices: [Vec2; MAX_HULL_VERTICES],
    normals: [Vec2; MAX_HULL_VERTICES],
    /// The least and the most corner of the box around the vertices: every query that boxes
    /// an unturned hull reads it instead of going over the vertices.
    corners: (Vec2, Vec2),
    len: u8,
}

impl core::fmt::Debug for Hull {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Hull")
            .field("vertices", &self.vertices())
            .finish()
    }
}

impl Hull {
    /// A convex hull from the vertices of a convex polygon, in either winding order.
    ///
    /// Duplicates and collinear vertices are dropped; a clockwise (negative-area) order is
    /// reversed. Two vertices count as one when they are closer than a millionth of the
    /// polygon's extent (the larger side of its bounding box) or than the rounding of the
    /// coordinates (half the gap between `f32`s at the polygon's largest coordinate). A vertex
    /// counts as collinear when it turns by less than a millionth of a radian, or lies on the
    /// line through its neighbours to within that rounding; one that turns the wrong way by
    /// less than a millionth of the extent or two float steps is no corner either, and goes
    /// (it lies inside the rest). A polygon of any finite size, however small or large, builds
    /// the same hull, scaled, with the same unit normals (the float grid scales with it, down
    /// to the subnormals, where the grid stops shrinking).
    ///
    /// **Far from the origin** nothing changes but the float grid: a polygon's vertices are
    /// only as precise as `f32`s where it sits, about a ten-millionth (2⁻²³) of its largest
    /// coordinate, and no tolerance is finer than half a step of that grid. So a hull only
    /// needs to be a few grid steps across: a million units out the grid is 1/16 and a unit
    /// square keeps its four corners; ten million units out the grid is one unit, and a
    /// triangle with one-unit legs is the smallest hull there. Detail finer than the grid was
    /// lost when the coordinates were rounded.
    ///
    /// # Errors
    /// - [`Error::TooManyVertices`] for more than [`MAX_HULL_VERTICES`] input points;
    /// - [`Error::NonFinite`] for a NaN or infinite coordinate;
    /// - [`Error::TooFewVertices`] when fewer than 3 distinct, non-collinear points remain;
    /// - [`Error::NotConvex`] for a polygon with a reflex vertex, a spike that doubles back, or
    ///   one that winds around more than once (a star).
    pub fn new(points: &[Vec2]) -> Result<Hull, Error> {
        if points.len() > MAX_HULL_VERTICES {
            return Err(Error::TooManyVertices {
                count: points.len(),
            });
        }
        if points.iter().any(|p| !p.is_finite()) {
            return Err(Error::NonFinite);
        }
        // The hull keeps the given points; `index` says which, in which order.
        let slack = clean::Slack::of(points);
        let mut index = [0usize; MAX_HULL_VERTICES];
        for (i, slot) in index.iter_mut().enumerate() {
            *slot = i;
        }
        let n = clean::drop_repeats_and_straights(points, &mut index[..points.len()], &slack);
        if n < 3 {
            return Err(Error::TooFewVertices { remaining: n });
        }
        let index = &mut index[..n];
        let area2 = clean::area2(points, index);
        if area2 < 0.0 {
            index.reverse();
        }
        clean::check_convex(points, index, &slack)?;
        if area2 == 0.0 {
            return Err(Error::TooFewVertices { remaining: n });
        }
        Ok(Hull::from_checked(points, index))
    }

    /// The hull of the points `index` lists, checked and in positive-area order.
    fn from_checked(points: &[Vec2], index: &[usize]) -> Hull {
        // The normals come from the points brought near unit size by an exact power of two,
        // so that an edge's squared length is a normal float at any size.
        let largest = points
            .iter()
            .fold(0.0f32, |m, p| m.max(p.abs().max_element()));
        let unit = crate::math::unit_scale(largest);
        let n = index.len();
        let mut normals = [Vec2::ZERO; MAX_HULL_VERTICES];
        let mut vertices = [Vec2::ZERO; MAX_HULL_VERTICES];
        for i in 0..n {
            let edge = points[index[(i + 1) % n]] * unit - points[index[i]] * unit;
            normals[i] = Vec2::new(edge.y, -edge.x).normalize();
            vertices[i] = points[index[i]];
        }
        Hull {
            vertices,
            normals,
            corners: box_around(&vertices[..n]),
            len: n as u8,
        }
    }

    /// The rectangle with these half-extents, centred on the origin, as a hull (for a box that
    /// rotates).
    ///
    /// # Errors
    /// As [`Hull::new`]: zero or non-finite extents are refused.
    pub fn from_half_extents(half_extents: Vec2) -> Result<Hull, Error> {
        let h = half_extents;
        Hull::new(&[
            Vec2::new(-h.x, -h.y),
            Vec2::new(h.x, -h.y),
            h,
            Vec2::new(-h.x, h.y),
        ])
    }

    /// The regular polygon with `sides` vertices on a circle of `radius` about the origin,
    /// the first on +x (so a hexagon has flat top and bottom edges; turn it by 30° for a
    /// pointed one).
    ///
    /// # Errors
    /// - [`Error::NegativeRadius`] for a negative radius;
    /// - as [`Hull::new`]: fewer than 3 or more than 16 sides, or a zero or non-finite radius.
    pub fn regular(sides: usize, radius: f32) -> Result<Hull, Error> {
        if sides > MAX_HULL_VERTICES {
            return Err(Error::TooManyVertices { count: sides });
        }
        if radius < 0.0 {
            return Err(Error::NegativeRadius);
        }
        let mut points = [Vec2::ZERO; MAX_HULL_VERTICES];
        for (i, p) in points.iter_mut().enumerate().take(sides) {
            let angle = i as f32 * core::f32::consts::TAU / sides as f32;
            let (sin, cos) = crate::math::sin_cos(angle);
            *p = Vec2::new(cos, sin) * radius;
        }
        Hull::new(&points[..sides])
    }

    /// The vertices in positive-area order, in the hull's local frame.
    #[inline]
    #[must_use]
    pub fn vertices(&self) -> &[Vec2] {
        &self.vertices[..self.len as usize]
    }

    /// The unit outward normal of each edge; edge `i` runs from vertex `i` to `i + 1`.
    #[inline]
    #[must_use]
    pub fn normals(&self) -> &[Vec2] {
        &self.normals[..self.len as usize]
    }

    /// The least and the most corner of the box around the hull in its local frame: its
    /// [`aabb`](Self::aabb) at the origin, unturned, as two corners.
    #[inline]
    #[must_use]
    pub fn local_corners(&self) -> (Vec2, Vec2) {
        self.corners
    }

    /// How many vertices (and edges) the hull has: 3 to [`MAX_HULL_VERTICES`].
    #[inline]
    #[must_use]
    pub fn vertex_count(&self) -> usize {
        self.len as usize
    }

    /// The enclosed area: positive for a hull of the sizes the crate is built for (see the
    /// query docs' "Units"); far beyond them it rounds to zero or overflows to infinity.
    #[must_use]
    pub fn area(&self) -> f32 {
        // In `f64` about the first vertex: summed about the origin in `f32`, the terms of a
        // hull far out cancel to nothing.
        let v = self.vertices();
        let twice: f64 = (1..v.len() - 1)
            .map(|i| crate::simplify::cross(v[0], v[i], v[i + 1]))
            .sum();
        (0.5 * twice) as f32
    }

    /// The centre of mass of the enclosed area, in the local frame.
    #[must_use]
    pub fn centroid(&self) -> Vec2 {
        let v = self.vertices();
        let n = v.len();
        let (mut sum, mut area2) = (Vec2::ZERO, 0.0);
        for i in 0..n {
            let (a, b) = (v[i] - v[0], v[(i + 1) % n] - v[0]);
            let cross = a.perp_dot(b);
            sum += (a + b) * cross;
            area2 += cross;
        }
        v[0] + sum / (3.0 * area2)
    }

    /// The vertex farthest along `direction` (in the local frame), and its index.
    ///
    /// Ties go to the lowest index, so the answer is deterministic.
    #[inline]
    #[must_use]
    pub fn support(&self, direction: Vec2) -> (usize, Vec2) {
        let v = self.vertices();
        let mut best = 0;
        let mut best_dot = v[0].dot(direction);
        for (i, p) in v.iter().enumerate().skip(1) {
            let d = p.dot(direction);
            if d > best_dot {
                best = i;
                best_dot = d;
            }
        }
        (best, v[best])
    }

    /// The box around the hull placed at `pose` (rotation included).
    #[must_use]
    pub fn aabb(&self, pose: &Pose) -> Aabb {
        if pose.rotation.is_identity() {
            // Unturned, each vertex is only moved, and a rounded sum grows with either term:
            // the least of `position + v` is `position +` the least `v`.
            let (lo, hi) = self.corners;
            return Aabb::from_min_max(pose.position + lo, pose.position + hi);
        }
        let v = self.vertices();
        let first = pose.transform_point(v[0]);
        let (mut lo, mut hi) = (first, first);
        for &p in &v[1..] {
            let w = pose.transform_point(p);
            lo = lo.min(w);
            hi = hi.max(w);
        }
        Aabb::from_min_max(lo, hi)
    }

    /// Whether `point` (in the local frame) lies inside the hull or on its boundary.
    #[must_use]
    pub fn contains_point(&self, point: Vec2) -> bool {
        self.vertices()
            .iter()
            .zip(self.normals())
            .all(|(v, n)| n.dot(point - *v) <= 0.0)
    }
}

/// The least and the most corner of the box around `vertices` (at least one, all finite).
fn box_around(vertices: &[Vec2]) -> (Vec2, Vec2) {
    vertices
        .iter()
        .fold(NO_BOX, |corners, &v| box_with(corners, v))
}

/// The box around no vertex: its least corner at `+inf`, its most at `-inf`.
pub(crate) const NO_BOX: (Vec2, Vec2) = (Vec2::INFINITY, Vec2::NEG_INFINITY);

/// The box `(least, most)` grown to hold `v`, compared and picked (the vertices are finite, so
/// `f32::min`'s NaN handling would change nothing; of two equal coordinates the first is
/// kept). A hull's own corners and the polygon queries' boxes are both folded with it, so
/// that they agree bit for bit.
#[inline(always)]
pub(crate) fn box_with((lo, hi): (Vec2, Vec2), v: Vec2) -> (Vec2, Vec2) {
    (
        Vec2::new(
            if v.x < lo.x { v.x } else { lo.x },
            if v.y < lo.y { v.y } else { lo.y },
        ),
        Vec2::new(
            if v.x > hi.x { v.x } else { hi.x },
            if v.y > hi.y { v.y } else { hi.y },
        ),
    )
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::{Hull, MAX_HULL_VERTICES};
    use glam::Vec2;
    use serde::de::{Error as _, SeqAccess, Visitor};
    use serde::ser::SerializeSeq;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// A hull serializes as its list of vertices, `[[x, y], ...]`.
    impl Serialize for Hull {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let mut seq = serializer.serialize_seq(Some(self.vertex_count()))?;
            for v in self.vertices() {
                seq.serialize_element(v)?;
            }
            seq.end()
        }
    }

    /// Deserializing runs [`Hull::new`], so a file cannot smuggle in an invalid hull.
    impl<'de> Deserialize<'de> for Hull {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            struct Vertices;
            impl<'de> Visitor<'de> for Vertices {
                type Value = Hull;
                fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    write!(
                        f,
                        "a list of 3 to {MAX_HULL_VERTICES} [x, y] vertices of a convex polygon"
                    )
                }
                fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Hull, A::Error> {
                    let mut points = [Vec2::ZERO; MAX_HULL_VERTICES];
                    let mut n = 0;
                    while let Some(p) = seq.next_element::<Vec2>()? {
                        if n == MAX_HULL_VERTICES {
                            return Err(A::Error::custom(crate::Error::TooManyVertices {
                                count: n + 1,
                            }));
                        }
                        points[n] = p;
                        n += 1;
                    }
                    Hull::new(&points[..n]).map_err(A::Error::custom)
                }
            }
            deserializer.deserialize_seq(Vertices)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    /// An unturned hull's box comes from its kept corners: the same as the box around each
    /// placed vertex, and those corners are the least and the most of the vertices, on
    /// regular and irregular hulls placed near the origin and far from it.
    #[test]
    fn an_unturned_box_is_the_box_around_the_placed_vertices() {
        let irregular =
            Hull::new(&[v(-3.5, 0.25), v(1.0, -2.0), v(4.0, 0.5), v(0.5, 3.0)]).unwrap();
        let hulls = [
            Hull::regular(6, 8.0).unwrap(),
            Hull::regular(5, 0.3).unwrap(),
            irregular,
        ];
        for hull in &hulls {
            let (lo, hi) = hull.local_corners();
            let least = hull
                .vertices()
                .iter()
                .fold(Vec2::INFINITY, |m, &w| m.min(w));
            let most = hull
                .vertices()
                .iter()
                .fold(Vec2::NEG_INFINITY, |m, &w| m.max(w));
            assert_eq!((lo, hi), (least, most), "{hull:?}");
            for at in [
                v(0.0, 0.0),
                v(-12.3, 7.7),
                v(98_765.4, -4_321.9),
                v(-3.0e7, 1.0e6),
            ] {
                let placed: Vec<Vec2> = hull.vertices().iter().map(|&w| at + w).collect();
                let low = placed.iter().fold(Vec2::INFINITY, |m, &w| m.min(w));
                let high = placed.iter().fold(Vec2::NEG_INFINITY, |m, &w| m.max(w));
                let aabb = hull.aabb(&Pose::from_position(at));
                assert_eq!(aabb, Aabb::from_min_max(low, high), "{hull:?} at {at}");
            }
        }
    }

    /// Any finite size works the same: the same vertices kept, in the same order, with the same
    /// unit normals, from polygons whose squared edge lengths overflow or underflow a float.
    #[test]
    fn tiny_and_huge_polygons_build_the_same_hull() {
        // Clockwise, with a duplicate and a collinear point to drop.
        let points = [
            v(0.0, 0.0),
            v(0.0, 1.0),
            v(1.0, 1.5),
            v(2.0, 2.0),
            v(2.0, 0.0),
            v(2.0, 0.0),
            v(1.0, -0.5),
        ];
        let reference = Hull::new(&points).unwrap();
        assert_eq!(reference.vertices().len(), 5);
        for k in [-140_i32, -126, -100, -70, 70, 100, 126] {
            // Halved or doubled step by step: exact, where `powi` may divide by an overflowed
            // `2^140`.
            let s =
                (0..k.unsigned_abs()).fold(1.0f32, |s, _| if k < 0 { s * 0.5 } else { s * 2.0 });
            let scaled: Vec<Vec2> = points.iter().map(|&p| p * s).collect();
            let hull = Hull::new(&scaled).unwrap_or_else(|e| panic!("2^{k}: {e}"));
            let want: Vec<Vec2> = reference.vertices().iter().map(|&p| p * s).collect();
            assert_eq!(hull.vertices(), &want[..], "2^{k}");
            assert_eq!(hull.normals(), reference.normals(), "2^{k}");
        }
    }

    fn square() -> [Vec2; 4] {
        [v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)]
    }

    #[test]
    fn accepts_a_square_and_computes_normals() {
        let h = Hull::new(&square()).unwrap();
        assert_eq!(h.vertex_count(), 4);
        assert!((h.area() - 1.0).abs() < 1e-6);
        assert_eq!(h.normals()[0], v(0.0, -1.0));
        assert_eq!(h.normals()[1], v(1.0, 0.0));
        assert!((h.centroid() - v(0.5, 0.5)).length() < 1e-6);
    }

    #[test]
    fn reverses_negative_area() {
        let mut cw = square();
        cw.reverse();
        let h = Hull::new(&cw).unwrap();
        assert!(h.area() > 0.0);
        let signed: f32 = (0..4)
            .map(|i| h.vertices()[i].perp_dot(h.vertices()[(i + 1) % 4]))
            .sum();
        assert!(signed > 0.0);
    }

    #[test]
    fn drops_duplicates_and_collinear_points() {
        let h = Hull::new(&[
            v(0.0, 0.0),
            v(0.0, 0.0),
            v(0.5, 0.0),
            v(1.0, 0.0),
            v(1.0, 1.0),
            v(1.0, 1.0),
            v(0.0, 1.0),
            v(0.0, 0.5),
        ])
        .unwrap();
        assert_eq!(h.vertices(), &square());
    }

    #[test]
    #[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
    fn sixteen_accepted_seventeen_refused() {
        assert_eq!(Hull::regular(16, 5.0).unwrap().vertex_count(), 16);
        let mut pts = [Vec2::ZERO; 17];
        for (i, p) in pts.iter_mut().enumerate() {
            let a = i as f32 * core::f32::consts::TAU / 17.0;
            *p = v(a.cos(), a.sin());
        }
        assert_eq!(Hull::new(&pts), Err(Error::TooManyVertices { count: 17 }));
    }

    #[test]
    #[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
    fn refuses_bad_input() {
        assert_eq!(Hull::new(&[]), Err(Error::TooFewVertices { remaining: 0 }));
        assert_eq!(
            Hull::new(&[v(0.0, 0.0), v(1.0, 1.0), v(2.0, 2.0)]),
            Err(Error::TooFewVertices { remaining: 2 })
        );
        assert_eq!(
            Hull::new(&[v(1.0, 1.0), v(1.0, 1.0), v(1.0, 1.0)]),
            Err(Error::TooFewVertices { remaining: 1 })
        );
        assert_eq!(
            Hull::new(&[v(0.0, 0.0), v(f32::NAN, 0.0), v(0.0, 1.0)]),
            Err(Error::NonFinite)
        );
        assert_eq!(
            Hull::new(&[v(0.0, 0.0), v(f32::INFINITY, 0.0), v(0.0, 1.0)]),
            Err(Error::NonFinite)
        );
        // An L shape has a reflex vertex.
        let l = [
            v(0.0, 0.0),
            v(2.0, 0.0),
            v(2.0, 1.0),
            v(1.0, 1.0),
            v(1.0, 2.0),
            v(0.0, 2.0),
        ];
        assert!(matches!(Hull::new(&l), Err(Error::NotConvex { .. })));
        // A pentagram turns left at every vertex but winds around twice.
        let mut star = [Vec2::ZERO; 5];
        for (i, p) in star.iter_mut().enumerate() {
            let a = (i * 2) as f32 * core::f32::consts::TAU / 5.0;
            *p = v(a.cos(), a.sin());
        }
        assert!(matches!(Hull::new(&star), Err(Error::NotConvex { .. })));
        // A spike that doubles back along an edge.
        let spike = [v(0.0, 0.0), v(2.0, 0.0), v(1.0, 0.0), v(1.0, 1.0)];
        assert!(matches!(Hull::new(&spike), Err(Error::NotConvex { .. })));
        // A regular polygon of negative, zero or non-finite radius.
        assert_eq!(Hull::regular(6, -1.0), Err(Error::NegativeRadius));
        assert!(Hull::regular(6, 0.0).is_err());
        assert_eq!(Hull::regular(6, f32::NAN), Err(Error::NonFinite));
        // Its first vertex on +x: a hexagon's top and bottom are edges.
        let hexagon = Hull::regular(6, 2.0).unwrap();
        assert!(hexagon.vertices().contains(&v(2.0, 0.0)));
        let down = |n: &Vec2| (*n - v(0.0, -1.0)).length() < 1e-6;
        assert!(hexagon.normals().iter().any(down));
    }

    #[test]
    fn errors_describe_themselves() {
        use std::string::ToString;
        let msg = Error::TooManyVertices { count: 17 }.to_string();
        assert!(msg.contains("16") && msg.contains("17"), "{msg}");
    }

    #[test]
    fn support_and_aabb() {
        let h = Hull::new(&square()).unwrap();
        assert_eq!(h.support(v(1.0, 1.0)), (2, v(1.0, 1.0)));
        let pose = Pose::new(
            v(10.0, 0.0),
            crate::Rot::from_angle(core::f32::consts::FRAC_PI_2),
        );
        let b = h.aabb(&pose);
        assert!(
            (b.min() - v(9.0, 0.0)).length() < 1e-5 && (b.max() - v(10.0, 1.0)).length() < 1e-5
        );
        assert!(h.contains_point(v(0.5, 0.5)) && !h.contains_point(v(1.5, 0.5)));
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_round_trip_validates() {
        let h = Hull::new(&square()).unwrap();
        let json = serde_json::to_string(&h).unwrap();
        assert_eq!(json, "[[0.0,0.0],[1.0,0.0],[1.0,1.0],[0.0,1.0]]");
        assert_eq!(serde_json::from_str::<Hull>(&json).unwrap(), h);
        assert!(serde_json::from_str::<Hull>("[[0,0],[2,0],[2,1],[1,1],[1,2],[0,2]]").is_err());
    }
}
