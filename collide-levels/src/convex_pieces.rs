//! A simple polygon split into convex pieces that together cover exactly it: ear clipping
//! into triangles, then Hertel–Mehlhorn, which merges neighbouring pieces while their union
//! stays convex and within [`MAX_HULL_VERTICES`] corners.
//!
//! Every test runs in `f64` on the given `f32` points, and the pieces' corners are the given
//! points, unrounded.

use collide_core::MAX_HULL_VERTICES;
use glam::Vec2;

use point::DPoint;

mod point;

/// The fraction of a polygon's extent under which two points count as one, or a point as on
/// a line: the tolerance `collide_core::Hull::new` cleans a polygon with.
const TOLERANCE: f64 = 1e-6;

/// The convex pieces of the simple polygon `points` (in order, either winding; repeated and
/// collinear points allowed), each in positive-area order with no repeated or collinear
/// corner and at most [`MAX_HULL_VERTICES`] of them. A convex polygon of at most that many
/// corners is one piece.
///
/// # Errors
///
/// Why the points are no simple polygon: a coordinate that is not finite, fewer than 3
/// distinct non-collinear points, or edges that cross or touch.
pub(crate) fn convex_pieces(points: &[Vec2]) -> Result<Vec<Vec<Vec2>>, String> {
    if points.iter().any(|p| !p.is_finite()) {
        return Err("a polygon with a coordinate that is not a number".to_owned());
    }
    let tolerance = tolerance_of(points);
    let mut ring = corners(points, tolerance);
    if ring.len() < 3 {
        return Err("a polygon with fewer than 3 distinct, non-collinear points".to_owned());
    }
    if signed_area2(&ring) < 0.0 {
        ring.reverse();
    }
    if crosses_itself(&ring, tolerance) {
        return Err("a polygon whose edges cross or touch".to_owned());
    }
    let pieces = if is_convex(&ring) && ring.len() <= MAX_HULL_VERTICES {
        vec![(0..ring.len()).collect()]
    } else {
        let (triangles, diagonals) = ear_clip(&ring, tolerance)?;
        merge_convex(&ring, triangles, &diagonals, tolerance)
    };
    Ok(pieces
        .iter()
        .map(|piece| without_straight_corners(&ring, piece, tolerance))
        .filter(|piece| piece.len() >= 3)
        .map(|piece| piece.iter().map(|p| p.to_vec2()).collect())
        .collect())
}

/// How far apart two points of the polygon must be to count as two, and a point from a line
/// to count as off it: a millionth of its extent, or a few steps of the `f32` grid at its
/// largest coordinate (finer detail is not in the coordinates).
fn tolerance_of(points: &[Vec2]) -> f64 {
    let (lo, hi) = points.iter().fold(
        (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
        |(lo, hi), &p| (lo.min(p), hi.max(p)),
    );
    let extent = f64::from((hi - lo).max_element());
    let largest = f64::from(lo.abs().max(hi.abs()).max_element());
    (TOLERANCE * extent).max(4.0 * f64::from(f32::EPSILON) * largest)
}

/// The polygon's corners: repeated points, points on the line through their neighbours, and
/// spikes that double back dropped, until none is left.
fn corners(points: &[Vec2], tolerance: f64) -> Vec<DPoint> {
    let mut ring: Vec<DPoint> = points.iter().map(|p| DPoint::of(*p)).collect();
    // Each round drops a point or ends the loop, so it runs at most once per point.
    loop {
        let before = ring.len();
        ring.dedup_by(|a, b| a.distance(*b) <= tolerance);
        while ring.len() > 1 && ring[0].distance(ring[ring.len() - 1]) <= tolerance {
            ring.pop();
        }
        if let Some(i) = (0..ring.len()).find(|&i| is_straight(&ring, i, tolerance)) {
            ring.remove(i);
        }
        if ring.len() == before || ring.len() < 3 {
            return ring;
        }
    }
}

/// Whether corner `i` of `ring` (3 or more points) lies within `tolerance` of the line through
/// its neighbours (on either side of them: a spike of no width is no corner either).
fn is_straight(ring: &[DPoint], i: usize, tolerance: f64) -> bool {
    let (prev, cur, next) = around(ring, i);
    let chord = next - prev;
    let length = chord.length();
    length <= tolerance || chord.perp_dot(cur - prev).abs() <= tolerance * length
}

/// The corners before and after corner `i`, and it.
fn around<T: Copy>(ring: &[T], i: usize) -> (T, T, T) {
    let n = ring.len();
    (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n])
}

/// Twice the shoelace area of the ring, positive for its positive-area order.
fn signed_area2(ring: &[DPoint]) -> f64 {
    (0..ring.len())
        .map(|i| ring[i].perp_dot(ring[(i + 1) % ring.len()]))
        .sum()
}

/// Whether every corner of the ring (positive-area order, no straight corners) turns left.
fn is_convex(ring: &[DPoint]) -> bool {
    (0..ring.len()).all(|i| {
        let (prev, cur, next) = around(ring, i);
        (cur - prev).perp_dot(next - cur) > 0.0
    })
}

/// Whether two edges of the ring that share no corner come within `tolerance` of each other.
fn crosses_itself(ring: &[DPoint], tolerance: f64) -> bool {
    let n = ring.len();
    let edge = |i: usize| (ring[i], ring[(i + 1) % n]);
    (0..n).any(|i| {
        // Edge i's neighbours share a corner with it; the last edge neighbours the first.
        let last = if i == 0 { n - 1 } else { n };
        (i + 2..last).any(|j| segments_meet(edge(i), edge(j), tolerance))
    })
}

/// Whether two segments cross, or an end of one lies within `tolerance` of the other.
fn segments_meet((a, b): (DPoint, DPoint), (c, d): (DPoint, DPoint), tolerance: f64) -> bool {
    let side = |p: DPoint, q: DPoint, r: DPoint| (q - p).perp_dot(r - p).signum();
    let cross = side(a, b, c) * side(a, b, d) < 0.0 && side(c, d, a) * side(c, d, b) < 0.0;
    cross
        || distance_to_segment(a, (c, d)) <= tolerance
        || distance_to_segment(b, (c, d)) <= tolerance
        || distance_to_segment(c, (a, b)) <= tolerance
        || distance_to_segment(d, (a, b)) <= tolerance
}

/// How far `p` is from the segment `a`–`b`.
fn distance_to_segment(p: DPoint, (a, b): (DPoint, DPoint)) -> f64 {
    let ab = b - a;
    let t = if ab.length_squared() > 0.0 {
        ((p - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0)
    } else {
        0.0
    };
    p.distance(a + ab * t)
}

/// Triangles (each three corner indices) and the diagonals cut between them.
type Triangulation = (Vec<Vec<usize>>, Vec<(usize, usize)>);

/// The ring (simple, positive-area order) cut into triangles by ear clipping, each as three
/// indices into it in positive-area order, and the diagonals cut, in the order they were.
fn ear_clip(ring: &[DPoint], tolerance: f64) -> Result<Triangulation, String> {
    let mut left: Vec<usize> = (0..ring.len()).collect();
    let (mut triangles, mut diagonals) = (Vec::new(), Vec::new());
    let (mut i, mut misses) = (0, 0);
    while left.len() > 3 {
        // A whole round with no ear: rounding made the polygon no simple one after all.
        if misses > left.len() {
            return Err("a polygon whose edges cross or touch".to_owned());
        }
        let (a, b, c) = around(&left, i);
        if is_straight_corner(ring, (a, b, c), tolerance) {
            left.remove(i);
        } else if is_ear(ring, &left, (a, b, c), tolerance) {
            triangles.push(vec![a, b, c]);
            diagonals.push((a, c));
            left.remove(i);
        } else {
            i += 1;
            misses += 1;
            i %= left.len();
            continue;
        }
        misses = 0;
        // Back to the corner before the ear: its angle changed.
        i = (i + left.len() - 1) % left.len();
    }
    let (a, b, c) = (left[0], left[1], left[2]);
    if !is_straight_corner(ring, (a, b, c), tolerance) {
        triangles.push(left);
    }
    Ok((triangles, diagonals))
}

/// Whether corner `b`, between `a` and `c`, is no corner once ears are cut: it lies on the
/// line from `a` to `c`, going on (cutting it off loses no area).
fn is_straight_corner(ring: &[DPoint], (a, b, c): (usize, usize, usize), tolerance: f64) -> bool {
    let (pa, pb, pc) = (ring[a], ring[b], ring[c]);
    let chord = (pc - pa).length();
    (pb - pa).dot(pc - pb) > 0.0 && (pb - pa).perp_dot(pc - pb).abs() <= tolerance * chord
}

/// Whether the triangle `a`, `b`, `c` of the corners `left` is an ear: it turns left at `b`
/// and no other corner lies in it or within `tolerance` of it.
fn is_ear(
    ring: &[DPoint],
    left: &[usize],
    (a, b, c): (usize, usize, usize),
    tolerance: f64,
) -> bool {
    let (pa, pb, pc) = (ring[a], ring[b], ring[c]);
    if (pb - pa).perp_dot(pc - pb) <= tolerance * (pc - pa).length() {
        return false;
    }
    let inside = |p: DPoint| {
        [(pa, pb), (pb, pc), (pc, pa)]
            .iter()
            .all(|&(s, e)| (e - s).perp_dot(p - s) >= -tolerance * (e - s).length())
    };
    left.iter()
        .filter(|&&k| k != a && k != b && k != c)
        .all(|&k| !inside(ring[k]))
}

/// Hertel–Mehlhorn: the triangles, merged across each diagonal in turn while the union stays
/// convex and within [`MAX_HULL_VERTICES`] corners.
fn merge_convex(
    ring: &[DPoint],
    triangles: Vec<Vec<usize>>,
    diagonals: &[(usize, usize)],
    tolerance: f64,
) -> Vec<Vec<usize>> {
    let mut pieces: Vec<Option<Vec<usize>>> = triangles.into_iter().map(Some).collect();
    for &(a, c) in diagonals {
        let holding = |from: usize, to: usize, pieces: &[Option<Vec<usize>>]| {
            pieces
                .iter()
                .position(|p| p.as_ref().is_some_and(|p| has_edge(p, from, to)))
        };
        let (Some(first), Some(second)) = (holding(a, c, &pieces), holding(c, a, &pieces)) else {
            continue;
        };
        let (Some(p), Some(q)) = (&pieces[first], &pieces[second]) else {
            continue;
        };
        let merged = joined(p, q, a, c);
        if is_convex_piece(ring, &merged, tolerance) {
            pieces[first] = Some(merged);
            pieces[second] = None;
        }
    }
    pieces.into_iter().flatten().collect()
}

/// Whether `piece` runs from corner `from` straight to corner `to`.
fn has_edge(piece: &[usize], from: usize, to: usize) -> bool {
    (0..piece.len()).any(|i| piece[i] == from && piece[(i + 1) % piece.len()] == to)
}

/// The union of `p`, which has the edge `a`→`c`, and `q`, which has `c`→`a`: `p` from `c`
/// round to `a`, then `q` from after `a` round to before `c`.
fn joined(p: &[usize], q: &[usize], a: usize, c: usize) -> Vec<usize> {
    let from = |piece: &[usize], start: usize| -> Vec<usize> {
        let at = piece.iter().position(|&k| k == start).unwrap_or(0);
        piece[at..].iter().chain(&piece[..at]).copied().collect()
    };
    let mut merged = from(p, c);
    let q = from(q, a);
    merged.extend(&q[1..q.len() - 1]);
    merged
}

/// Whether the piece turns left or goes straight at every corner, with at most
/// [`MAX_HULL_VERTICES`] corners that turn.
fn is_convex_piece(ring: &[DPoint], piece: &[usize], tolerance: f64) -> bool {
    let mut turning = 0;
    for i in 0..piece.len() {
        let (a, b, c) = around(piece, i);
        let (pa, pb, pc) = (ring[a], ring[b], ring[c]);
        let turn = (pb - pa).perp_dot(pc - pb);
        let slack = tolerance * (pc - pa).length();
        if turn < -slack {
            return false;
        }
        if turn > slack || (pb - pa).dot(pc - pb) <= 0.0 {
            turning += 1;
        }
    }
    turning <= MAX_HULL_VERTICES
}

/// The piece's corners with those on the line through their neighbours dropped.
fn without_straight_corners(ring: &[DPoint], piece: &[usize], tolerance: f64) -> Vec<DPoint> {
    let mut corners: Vec<DPoint> = piece.iter().map(|&k| ring[k]).collect();
    while corners.len() > 3 {
        match (0..corners.len()).find(|&i| is_straight(&corners, i, tolerance)) {
            Some(i) => corners.remove(i),
            None => break,
        };
    }
    corners
}

#[cfg(test)]
mod tests;
