//! Bringing a hull down to at most `max_vertices` vertices, on pixel corners.

use collide_core::visvalingam_whyatt_in_place;

use crate::convex::{cross, Point};

/// Visvalingam–Whyatt on a convex polygon in positive-area order: drops the vertex with the
/// smallest triangle until at most `max_vertices` (and never fewer than 3) remain.
///
/// Areas are exact integers, and a tie goes to the vertex with the smallest `(y, x)`, so the
/// result is the same on every run and does not depend on which vertex the polygon starts at.
/// The loop is collide-core's [`visvalingam_whyatt_in_place`], which
/// [`Hull::from_points`](collide_core::Hull::from_points) runs on floats.
#[must_use]
pub fn visvalingam_whyatt(polygon: &[Point], max_vertices: usize) -> Vec<Point> {
    let mut v = polygon.to_vec();
    let n = visvalingam_whyatt_in_place(&mut v, max_vertices, |a, b, c| {
        (cross(a, b, c).abs(), b[1], b[0])
    });
    v.truncate(n);
    v
}

/// How far (in pixels, Chebyshev distance) from the ideal meeting point a pixel-corner vertex
/// is searched for.
const SEARCH_RADIUS: i32 = 24;

/// A candidate replacement of edge `i → i+1` by one vertex `q`: twice the area it adds, and `q`.
type Candidate = Option<(i64, Point)>;

/// The order in which replacements are preferred: twice the added area, then the new vertex's
/// `(y, x)`, then the replaced edge's first vertex's `(y, x)`.
type Preference = (i64, i32, i32, i32, i32);

/// Greedy containment-preserving simplification of a convex polygon in positive-area order:
/// while more than `max_vertices` remain, the edge whose replacement adds the least area is
/// replaced by one vertex on a pixel corner, beyond it, where the neighbouring edges (nearly)
/// meet. The result contains the input polygon, is convex and in positive-area order.
///
/// Ties go to the new vertex with the smallest `(y, x)`, then to the replaced edge whose first
/// vertex has the smallest `(y, x)`, so the result does not depend on where the polygon starts.
/// Where no edge can be replaced, a quadrilateral whose opposite edges never meet (a
/// rectangle, any parallelogram) becomes the triangle with one of its corners and its two
/// edges there doubled. Returns `None` when neither way works: no edge can be replaced and
/// the polygon left is no such quadrilateral, or the triangle's corners would overflow `i32`.
#[must_use]
pub fn enclosing(polygon: &[Point], max_vertices: usize) -> Option<Vec<Point>> {
    let mut v = polygon.to_vec();
    let mut cache: Vec<Option<Candidate>> = vec![None; v.len()];
    while v.len() > max_vertices.max(3) {
        let n = v.len();
        let mut best: Option<(Preference, usize, Point)> = None;
        for (i, slot) in cache.iter_mut().enumerate() {
            let candidate = *slot.get_or_insert_with(|| replace_edge(&v, i));
            if let Some((added, q)) = candidate {
                let key = (added, q[1], q[0], v[i][1], v[i][0]);
                if best.is_none_or(|(b, _, _)| key < b) {
                    best = Some((key, i, q));
                }
            }
        }
        let Some((_, i, q)) = best else {
            return (n == 4).then(|| parallelogram_triangle(&v)).flatten();
        };
        let j = (i + 1) % n;
        v[i] = q;
        v.remove(j);
        cache.remove(j);
        let n = v.len();
        let at = if j == 0 { i - 1 } else { i };
        // Edge k depends on vertices k − 2 ..= k + 3; forget every edge that saw the change.
        for d in 0..=8 {
            cache[(at + n * 2 + d - 4) % n] = None;
        }
    }
    Some(v)
}

/// The enclosing triangle of a quadrilateral `a b c d` with corner `a` and the edges `a b` and
/// `a d` doubled, when it contains `c` (always for a parallelogram); the corner with the
/// smallest `(y, x)` that works is used.
fn parallelogram_triangle(v: &[Point]) -> Option<Vec<Point>> {
    let mut corners: Vec<usize> = (0..4).collect();
    corners.sort_by_key(|&i| (v[i][1], v[i][0]));
    corners.into_iter().find_map(|i| {
        let (a, b, c, d) = (v[i], v[(i + 1) % 4], v[(i + 2) % 4], v[(i + 3) % 4]);
        let far = |p: Point| {
            Some([
                a[0].checked_add(p[0].checked_sub(a[0])?.checked_mul(2)?)?,
                a[1].checked_add(p[1].checked_sub(a[1])?.checked_mul(2)?)?,
            ])
        };
        let triangle = vec![a, far(b)?, far(d)?];
        (cross(triangle[1], triangle[2], c) >= 0).then_some(triangle)
    })
}

/// The best pixel corner that can replace vertices `i` and `i + 1`, keeping the polygon convex
/// and enclosing both, with twice the area it adds.
fn replace_edge(v: &[Point], i: usize) -> Candidate {
    let n = v.len();
    let at = |k: isize| v[(i as isize + k).rem_euclid(n as isize) as usize];
    let (pa, a, b, c, d, dd) = (at(-2), at(-1), at(0), at(1), at(2), at(3));
    let apex = meeting_point(a, b, d, c)?;
    // Keep clear of absurd apexes from nearly parallel edges: they add huge areas anyway.
    let span = v
        .iter()
        .flat_map(|p| p.iter())
        .fold(0i64, |m, &x| m.max(i64::from(x).abs()))
        + 64;
    if apex[0].abs() > (span * 4) as f64 || apex[1].abs() > (span * 4) as f64 {
        return None;
    }
    let feasible = |q: Point| {
        cross(a, q, b) >= 0
            && cross(a, q, c) >= 0
            && cross(q, d, c) >= 0
            && cross(q, d, b) >= 0
            && cross(pa, a, q) > 0
            && cross(q, d, dd) > 0
            && cross(a, q, d) > 0
    };
    let removed = cross_origin(a, b) + cross_origin(b, c) + cross_origin(c, d);
    let added = |q: Point| cross_origin(a, q) + cross_origin(q, d) - removed;
    let centre = [apex[0].round() as i32, apex[1].round() as i32];
    let mut best: Candidate = None;
    let mut found_at = None;
    for r in 0..=SEARCH_RADIUS {
        if found_at.is_some_and(|f| r > f + 2) {
            break;
        }
        for q in ring(centre, r) {
            if feasible(q) {
                let area = added(q);
                if best.is_none_or(|(b, bq)| (area, [q[1], q[0]]) < (b, [bq[1], bq[0]])) {
                    best = Some((area, q));
                }
                found_at.get_or_insert(r);
            }
        }
    }
    best
}

/// `p × q` about the origin, exact.
fn cross_origin(p: Point, q: Point) -> i64 {
    i64::from(p[0]) * i64::from(q[1]) - i64::from(p[1]) * i64::from(q[0])
}

/// Where the ray from `a` through `b` meets the ray from `d` through `c`, beyond `b` and `c`.
fn meeting_point(a: Point, b: Point, d: Point, c: Point) -> Option<[f64; 2]> {
    let f = |p: Point| [f64::from(p[0]), f64::from(p[1])];
    let (a, b, c, d) = (f(a), f(b), f(c), f(d));
    let r = [b[0] - a[0], b[1] - a[1]];
    let s = [c[0] - d[0], c[1] - d[1]];
    let denom = r[0] * s[1] - r[1] * s[0];
    if denom == 0.0 {
        return None;
    }
    let ad = [d[0] - a[0], d[1] - a[1]];
    let t = (ad[0] * s[1] - ad[1] * s[0]) / denom;
    let u = (ad[0] * r[1] - ad[1] * r[0]) / denom;
    (t > 1.0 && u > 1.0).then(|| [a[0] + t * r[0], a[1] + t * r[1]])
}

/// The integer points at Chebyshev distance `r` from `centre`, in a fixed order.
fn ring(centre: Point, r: i32) -> impl Iterator<Item = Point> {
    (-r..=r).flat_map(move |dy| {
        (-r..=r).filter_map(move |dx| {
            (dx.abs() == r || dy.abs() == r).then_some([centre[0] + dx, centre[1] + dy])
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convex::{convex_hull, twice_area};

    fn octagon() -> Vec<Point> {
        convex_hull(&[
            [2, 0],
            [6, 0],
            [8, 2],
            [8, 6],
            [6, 8],
            [2, 8],
            [0, 6],
            [0, 2],
        ])
    }

    #[test]
    fn vw_drops_the_smallest_triangle_first() {
        let mut poly = convex_hull(&[[0, 0], [10, 0], [10, 10], [0, 10], [5, -1]]);
        assert_eq!(poly.len(), 5);
        poly = visvalingam_whyatt(&poly, 4);
        assert_eq!(poly.len(), 4);
        assert!(!poly.contains(&[5, -1]));
        assert_eq!(visvalingam_whyatt(&octagon(), 2).len(), 3);
    }

    #[test]
    fn vw_ties_go_to_the_smallest_y_then_x() {
        // All eight corners of the octagon cut the same triangle: [2, 0] goes, wherever the
        // polygon starts.
        let oct = octagon();
        for start in 0..oct.len() {
            let mut rotated = oct.clone();
            rotated.rotate_left(start);
            let seven = visvalingam_whyatt(&rotated, 7);
            assert_eq!(seven.len(), 7);
            assert!(!seven.contains(&[2, 0]));
        }
    }

    #[test]
    fn enclosing_contains_the_input() {
        let oct = octagon();
        let four = enclosing(&oct, 4).unwrap();
        assert_eq!(four.len(), 4);
        assert!(twice_area(&four) > twice_area(&oct));
        for &p in &oct {
            let n = four.len();
            assert!((0..n).all(|i| cross(four[i], four[(i + 1) % n], p) >= 0));
        }
        // A square's opposite edges never meet: it becomes the doubled-corner triangle.
        let square = [[0, 0], [4, 0], [4, 4], [0, 4]];
        let triangle = enclosing(&square, 3).unwrap();
        assert_eq!(triangle, vec![[0, 0], [8, 0], [0, 8]]);
        assert_eq!(twice_area(&triangle), 2 * twice_area(&square));
    }
}
