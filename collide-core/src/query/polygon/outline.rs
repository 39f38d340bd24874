//! A rect or a hull as the separating-axis sweep reads it: its vertices and face normals,
//! turned and placed, and the extents and features along an axis.

use glam::Vec2;

/// The box fold the polygons share with a hull's own corners.
pub(super) use crate::hull::{box_with, NO_BOX};

use crate::{Rot, ShapeRef, MAX_HULL_VERTICES};

/// A rect or a hull, turned by `rotation` (rects do not turn) and moved by `offset`: its
/// vertices and outward face normals. A hull that does not turn is read as it is stored; one
/// that turns is turned once, into a [`Scratch`] the caller lends.
#[derive(Clone, Copy)]
pub(in crate::query) struct Polygon<'h> {
    outline: Outline<'h>,
    offset: Vec2,
}

#[derive(Clone, Copy)]
enum Outline<'h> {
    /// Half extents.
    Rect(Vec2),
    /// A hull's vertices and face normals, turned already.
    Points(&'h [Vec2], &'h [Vec2]),
}

/// Room for a turned hull's vertices and face normals, filled only for a hull that turns (the
/// others pay nothing for it).
pub(in crate::query) type Scratch = Option<[[Vec2; MAX_HULL_VERTICES]; 2]>;

/// A [`Scratch`] to lend to [`Polygon::new`].
pub(in crate::query) const SCRATCH: Scratch = None;

/// A rect's normals, face `i` running from corner `i` to `i + 1` as a hull's do.
pub(super) const RECT_NORMALS: [Vec2; 4] = [Vec2::NEG_Y, Vec2::X, Vec2::Y, Vec2::NEG_X];

/// A rect's corners, as signs of its half extents, in the order of [`RECT_NORMALS`].
pub(super) const RECT_CORNERS: [Vec2; 4] = [
    Vec2::new(-1.0, -1.0),
    Vec2::new(1.0, -1.0),
    Vec2::new(1.0, 1.0),
    Vec2::new(-1.0, 1.0),
];

impl<'h> Polygon<'h> {
    /// `shape` as a polygon, or `None` for a circle; a turned hull's vertices and normals go
    /// into `scratch`.
    ///
    /// Inlined: a polygon handed back through memory, stored a part at a time and loaded
    /// whole, waits for the stores to drain.
    #[inline(always)]
    pub(in crate::query) fn new(
        shape: ShapeRef<'h>,
        rotation: Rot,
        offset: Vec2,
        scratch: &'h mut Scratch,
    ) -> Option<Self> {
        let outline = match shape {
            ShapeRef::Circle(_) => return None,
            ShapeRef::Rect(r) => Outline::Rect(r.half_extents),
            ShapeRef::Hull(hull) if rotation.is_identity() => {
                Outline::Points(hull.vertices(), hull.normals())
            }
            ShapeRef::Hull(hull) => {
                // Each vertex and normal turned once here, rather than at every look.
                let k = hull.vertex_count();
                let [vertices, normals] = scratch.insert([[Vec2::ZERO; MAX_HULL_VERTICES]; 2]);
                let turned = hull.vertices().iter().zip(hull.normals());
                for ((v, n), (vertex, normal)) in
                    vertices.iter_mut().zip(normals.iter_mut()).zip(turned)
                {
                    *v = rotation.apply(*vertex);
                    *n = rotation.apply(*normal);
                }
                Outline::Points(&vertices[..k], &normals[..k])
            }
        };
        Some(Self { outline, offset })
    }

    #[inline(always)]
    pub(in crate::query) fn count(&self) -> usize {
        match self.outline {
            Outline::Rect(_) => 4,
            Outline::Points(v, _) => v.len(),
        }
    }

    /// Vertex `i` (less than [`count`](Self::count)).
    #[inline(always)]
    pub(super) fn vertex(&self, i: usize) -> Vec2 {
        match self.outline {
            Outline::Rect(h) => RECT_CORNERS[i] * h + self.offset,
            Outline::Points(v, _) => v[i] + self.offset,
        }
    }

    /// The outward normal of face `i`, from vertex `i` to `i + 1`.
    #[inline(always)]
    pub(super) fn normal(&self, i: usize) -> Vec2 {
        match self.outline {
            Outline::Rect(_) => RECT_NORMALS[i],
            Outline::Points(_, n) => n[i],
        }
    }

    pub(in crate::query) fn vertices(&self) -> impl Iterator<Item = Vec2> + '_ {
        (0..self.count()).map(|i| self.vertex(i))
    }

    pub(in crate::query) fn normals(&self) -> impl Iterator<Item = Vec2> + '_ {
        (0..self.count()).map(|i| self.normal(i))
    }

    /// A hull's vertices and face normals, turned already, placed at the polygon's origin
    /// (not moved by its offset); `None` for a rect.
    #[inline(always)]
    pub(super) fn points(&self) -> Option<(&'h [Vec2], &'h [Vec2])> {
        match self.outline {
            Outline::Rect(_) => None,
            Outline::Points(v, n) => Some((v, n)),
        }
    }

    /// Whether the polygon is a rect (its normals are the box axes).
    #[inline(always)]
    pub(super) fn is_rect(&self) -> bool {
        matches!(self.outline, Outline::Rect(_))
    }

    /// Calls `f` with every vertex, the kind of outline looked at once.
    #[inline(always)]
    pub(super) fn each_vertex(&self, mut f: impl FnMut(Vec2)) {
        // Plain loops rather than `for_each`, which the compiler may leave as a call of its
        // own for every look: the sweeps look at a rect's four corners a few times a pair.
        match self.outline {
            Outline::Rect(h) => {
                for c in RECT_CORNERS {
                    f(c * h + self.offset);
                }
            }
            Outline::Points(v, _) => {
                for v in v {
                    f(*v + self.offset);
                }
            }
        }
    }

    /// The least and the most of `v · axis` over the vertices.
    #[inline(always)]
    pub(super) fn extent(&self, axis: Vec2) -> (f32, f32) {
        if let Outline::Rect(half) = self.outline {
            let mid = self.offset.dot(axis);
            let radius = half.dot(axis.abs());
            return (mid - radius, mid + radius);
        }
        let (mut lo, mut hi) = (f32::INFINITY, f32::NEG_INFINITY);
        self.each_vertex(|v| {
            let d = v.dot(axis);
            lo = if d < lo { d } else { lo };
            hi = if d > hi { d } else { hi };
        });
        (lo, hi)
    }

    /// The most of `v · axis` over the vertices, for axes asked in counter-clockwise order:
    /// `from` keeps the vertex found for the last axis, and the search climbs forward from it
    /// (along a convex polygon, the vertex that reaches furthest moves forward as the axis
    /// turns counter-clockwise, and each step towards it gains), so a round of axes costs a
    /// round of the vertices rather than one for each axis.
    #[inline(always)]
    pub(super) fn most_from(&self, axis: Vec2, from: &mut Option<usize>) -> f32 {
        let Outline::Points(v, _) = self.outline else {
            return self.extent(axis).1;
        };
        let mut at = from.unwrap_or_else(|| {
            let far = |i: &usize, j: &usize| v[*i].dot(axis).total_cmp(&v[*j].dot(axis));
            (0..v.len()).max_by(far).unwrap_or(0)
        });
        let mut most = v[at].dot(axis);
        for _ in 1..v.len() {
            let next = if at + 1 == v.len() { 0 } else { at + 1 };
            let reach = v[next].dot(axis);
            if reach <= most {
                break;
            }
            (at, most) = (next, reach);
        }
        *from = Some(at);
        most + self.offset.dot(axis)
    }

    /// The least and the most corner of the box around the vertices (inlined, as
    /// [`new`](Self::new) is, for the same reason).
    #[inline(always)]
    pub(super) fn box_corners(&self) -> (Vec2, Vec2) {
        let mut corners = NO_BOX;
        self.each_vertex(|v| corners = box_with(corners, v));
        corners
    }

    /// The most of `v · normal` over the vertices, for the polygon's own face normal `i`: the
    /// level of face `i` (from vertex `i` to `i + 1`), the larger at its two ends.
    #[inline(always)]
    pub(super) fn face_level(&self, i: usize) -> f32 {
        match self.outline {
            Outline::Rect(half) => {
                let n = RECT_NORMALS[i];
                self.offset.dot(n) + half.dot(n.abs())
            }
            Outline::Points(v, n) => {
                let next = if i + 1 == v.len() { 0 } else { i + 1 };
                (v[i] + self.offset)
                    .dot(n[i])
                    .max((v[next] + self.offset).dot(n[i]))
            }
        }
    }

    /// Along `tangent`, the span of the vertices within `slack` of `level` along `axis`: the
    /// feature (a vertex or a face) the polygon presents at that level.
    #[inline(always)]
    pub(super) fn feature_span(
        &self,
        axis: Vec2,
        level: f32,
        slack: f32,
        tangent: Vec2,
    ) -> (f32, f32) {
        let (mut lo, mut hi) = (f32::INFINITY, f32::NEG_INFINITY);
        self.each_vertex(|v| {
            if (v.dot(axis) - level).abs() <= slack {
                let d = v.dot(tangent);
                lo = lo.min(d);
                hi = hi.max(d);
            }
        });
        (lo, hi)
    }
}
