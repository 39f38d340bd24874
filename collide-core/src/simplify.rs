//! Bringing a convex polygon down to fewer vertices: Visvalingam–Whyatt, or a
//! containment-preserving variant that cuts corners off the outside instead.

use glam::Vec2;

/// How a convex polygon with too many vertices is brought down to fewer.
///
/// [`Hull::from_points`](crate::Hull::from_points) takes one, and so does `collide-hull`'s
/// sprite pipeline (which runs the same two ideas on pixel corners).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Simplify {
    /// Visvalingam–Whyatt, the default: repeatedly drop the vertex whose triangle with its
    /// neighbours has the smallest area. The result's vertices are some of the polygon's, so it
    /// lies inside it: a few points near dropped corners may poke out.
    #[default]
    Vw,
    /// Containment-preserving: repeatedly replace the edge whose removal adds the least area by
    /// the point where its two neighbouring edges meet. The result encloses the polygon, so
    /// every point it held is still inside (a shot at a visible pixel always hits).
    Enclosing,
}

impl Simplify {
    /// The name used in file formats and on command lines: `vw` or `enclosing`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Simplify::Vw => "vw",
            Simplify::Enclosing => "enclosing",
        }
    }
}

/// Visvalingam–Whyatt in place, for any vertex type: while more than `max_vertices` (and more
/// than 3) remain, drops the vertex whose `key(previous, vertex, next)` is least (its
/// triangle's area, with whatever tie-breaks the caller adds); of equal keys, the first.
/// Returns how many vertices remain at the front of `polygon`.
///
/// ```
/// use collide_core::visvalingam_whyatt_in_place;
///
/// // Integer points, with exact twice-areas as the key.
/// let mut square_and_bump = [[0, 0], [5, -1], [10, 0], [10, 10], [0, 10]];
/// let area2 = |a: [i64; 2], b: [i64; 2], c: [i64; 2]| {
///     ((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])).abs()
/// };
/// let n = visvalingam_whyatt_in_place(&mut square_and_bump, 4, area2);
/// assert_eq!(&square_and_bump[..n], [[0, 0], [10, 0], [10, 10], [0, 10]]);
/// ```
pub fn visvalingam_whyatt_in_place<P: Copy, K: PartialOrd>(
    polygon: &mut [P],
    max_vertices: usize,
    key: impl Fn(P, P, P) -> K,
) -> usize {
    let mut n = polygon.len();
    while n > max_vertices.max(3) {
        let v = &polygon[..n];
        let key_at = |i: usize| key(v[(i + n - 1) % n], v[i], v[(i + 1) % n]);
        let mut drop = 0;
        let mut least = key_at(0);
        for i in 1..n {
            let k = key_at(i);
            if k < least {
                (drop, least) = (i, k);
            }
        }
        polygon.copy_within(drop + 1..n, drop);
        n -= 1;
    }
    n
}

/// `(b − a) × (c − a)` in `f64`: positive when `a → b → c` turns towards positive area.
#[inline]
pub(crate) fn cross(a: Vec2, b: Vec2, c: Vec2) -> f64 {
    let (abx, aby) = (
        f64::from(b.x) - f64::from(a.x),
        f64::from(b.y) - f64::from(a.y),
    );
    let (acx, acy) = (
        f64::from(c.x) - f64::from(a.x),
        f64::from(c.y) - f64::from(a.y),
    );
    abx * acy - aby * acx
}

/// Visvalingam–Whyatt on a convex polygon of floats in positive-area order, in place; ties go
/// to the vertex with the smallest `(y, x)`, so the result does not depend on where the
/// polygon starts. Returns the new length.
pub(crate) fn vw_floats(polygon: &mut [Vec2], max_vertices: usize) -> usize {
    visvalingam_whyatt_in_place(polygon, max_vertices, |a, b, c| {
        (cross(a, b, c).abs(), b.y, b.x)
    })
}

/// Containment-preserving reduction of a convex polygon of floats in positive-area order, in
/// place: while more than `max_vertices` (at least 4) remain, the edge whose replacement adds
/// the least area gives way to the meeting point of its neighbouring edges. Returns the new
/// length; every step keeps the polygon convex and holding the last one, in `f64` arithmetic
/// on the rounded vertices.
pub(crate) fn enclosing_floats(polygon: &mut [Vec2], max_vertices: usize) -> usize {
    let mut n = polygon.len();
    while n > max_vertices.max(4) {
        let v = &polygon[..n];
        let mut best: Option<(f64, usize, Vec2)> = None;
        for i in 0..n {
            if let Some((added, apex)) = replace_edge(v, i) {
                if best.is_none_or(|(b, _, _)| added < b) {
                    best = Some((added, i, apex));
                }
            }
        }
        // Of any five or more edges, one has neighbours turning by less than 180° together
        // (the turns sum to 360°); only rounding can leave none to replace.
        let Some((_, i, apex)) = best else {
            break;
        };
        polygon[i] = apex;
        let j = (i + 1) % n;
        polygon.copy_within(j + 1..n, j);
        n -= 1;
    }
    n
}

/// The vertex that can replace vertices `i` and `i + 1` of `v`, keeping the polygon convex and
/// holding both, with the area it adds.
fn replace_edge(v: &[Vec2], i: usize) -> Option<(f64, Vec2)> {
    let n = v.len();
    let at = |k: usize| v[(i + n + k - 2) % n];
    let (pa, a, b, c, d, dd) = (at(0), at(1), at(2), at(3), at(4), at(5));
    let point = |p: Vec2| [f64::from(p.x), f64::from(p.y)];
    let (fa, fb, fc, fd) = (point(a), point(b), point(c), point(d));
    let r = [fb[0] - fa[0], fb[1] - fa[1]];
    let s = [fc[0] - fd[0], fc[1] - fd[1]];
    let denom = r[0] * s[1] - r[1] * s[0];
    let ad = [fd[0] - fa[0], fd[1] - fa[1]];
    let t = (ad[0] * s[1] - ad[1] * s[0]) / denom;
    let u = (ad[0] * r[1] - ad[1] * r[0]) / denom;
    // The edges before and after must meet beyond `b` and `c` (not behind, not parallel).
    if !(t > 1.0 && u > 1.0 && t.is_finite() && u.is_finite()) {
        return None;
    }
    let ideal = [fa[0] + t * r[0], fa[1] + t * r[1]];
    let mid = [(fb[0] + fc[0]) * 0.5, (fb[1] + fc[1]) * 0.5];
    // Rounding the meeting point to f32 can put it a hair inside an edge line: push it out,
    // away from the replaced edge, until `b` and `c` are held.
    let mut push = 0.0;
    for _ in 0..24 {
        let q = Vec2::new(
            (ideal[0] + (ideal[0] - mid[0]) * push) as f32,
            (ideal[1] + (ideal[1] - mid[1]) * push) as f32,
        );
        let holds = cross(a, q, b) >= 0.0 && cross(q, d, c) >= 0.0;
        let convex = cross(pa, a, q) > 0.0 && cross(q, d, dd) > 0.0 && cross(a, q, d) > 0.0;
        if holds && convex && q.is_finite() {
            return Some((cross(b, q, c).abs(), q));
        }
        push = if push == 0.0 { 1.0e-7 } else { push * 4.0 };
    }
    None
}
