//! Bringing a convex polygon down to fewer vertices: Visvalingam–Whyatt, or a
//! containment-preserving variant that cuts corners off the outside instead.

use glam::Vec2;

mod greedy;
mod replace;
#[cfg(test)]
mod tests;

use greedy::Rule;
use replace::replace_edge;

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
    /// lies inside it, and what stood beyond each dropped corner is cut off: a little with many
    /// vertices kept, much with few (a long sprite brought down to a triangle can leave parts
    /// of it tens of pixels outside). Use [`Enclosing`](Self::Enclosing) where every pixel must
    /// be hit.
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
/// polygon starts. Returns the new length. `n log n`, allocating nothing (see [`greedy`]).
pub(crate) fn vw_floats(polygon: &mut [Vec2], max_vertices: usize) -> usize {
    greedy::reduce(polygon, max_vertices.max(3), Rule::Vw)
}

/// Containment-preserving reduction of a convex polygon of floats in positive-area order, in
/// place: while more than `max_vertices` (at least 4) remain, the edge whose replacement adds
/// the least area gives way to the meeting point of its neighbouring edges. Returns the new
/// length; every step keeps the polygon convex and holding the last one, in `f64` arithmetic
/// on the rounded vertices (see [`replace_edge`] for the neighbours a step may take out). Of
/// any five or more edges, one has neighbours turning by less than 180° together (the turns
/// sum to 360°), so only rounding can stop it early. `n log n`, allocating nothing.
pub(crate) fn enclosing_floats(polygon: &mut [Vec2], max_vertices: usize) -> usize {
    greedy::reduce(polygon, max_vertices.max(4), Rule::Enclosing)
}

/// [`vw_floats`] as the plain loop: every vertex's key computed again after every removal.
/// The reference the tests hold the greedy runs to.
#[cfg(test)]
fn vw_plain(polygon: &mut [Vec2], max_vertices: usize) -> usize {
    visvalingam_whyatt_in_place(polygon, max_vertices, |a, b, c| {
        (cross(a, b, c).abs(), b.y, b.x)
    })
}

/// [`enclosing_floats`] as the plain loop: every edge's replacement computed again after every
/// step. The reference the tests hold the greedy runs to; with `spare` false, the step as it
/// was before it could take out neighbours (it then left such edges alone).
#[cfg(test)]
fn enclosing_plain(polygon: &mut [Vec2], max_vertices: usize, spare: bool) -> usize {
    let mut n = polygon.len();
    while n > max_vertices.max(4) {
        let v = &polygon[..n];
        let mut best: Option<(usize, replace::Replacement)> = None;
        for i in 0..n {
            let window = core::array::from_fn(|k| v[(i + 2 * n + k - 3) % n]);
            if let Some(r) = replace_edge(window, spare && n >= 8) {
                if best.is_none_or(|(_, b)| r.added < b.added) {
                    best = Some((i, r));
                }
            }
        }
        let Some((i, r)) = best else {
            break;
        };
        polygon[i] = r.apex;
        let gone = [
            Some((i + 1) % n),
            r.drops[1].then_some((i + 2) % n),
            r.drops[0].then_some((i + n - 1) % n),
        ];
        let mut kept = 0;
        for j in 0..n {
            if !gone.contains(&Some(j)) {
                polygon[kept] = polygon[j];
                kept += 1;
            }
        }
        n = kept;
    }
    n
}
