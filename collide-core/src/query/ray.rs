//! Exact ray casts: where a segment first enters one placed shape.
//!
//! The match on the shape lives here rather than in `dispatch.rs`, whose queries are all
//! between two shapes: a ray is not a shape.

use glam::Vec2;

use crate::math::sqrt64;
use crate::{Circle, Hull, Impact, Pose, Rect, ShapeRef};

/// Where the segment `from → to` first enters `shape` placed at `pose`, if it does.
///
/// A hit means the segment passes through the shape's **interior**, as overlap is strict
/// everywhere in the workspace: a ray that only grazes an edge, touches a corner, starts on
/// the boundary heading out or ends on it is no hit (a hit's `t` is below `1`: an entry that
/// rounds to the segment's end is touching there). Exact closed forms: the slab test for a [`Rect`]
/// (which ignores rotation), the quadratic for a [`Circle`], Cyrus–Beck clipping against each
/// edge of a [`Hull`] (in the pose's rotation). The arithmetic runs in `f64`, so any finite
/// input gives an answer. Non-finite positions, a non-finite pose or an invalid shape (a
/// negative or non-finite size) give `None`. Allocates nothing.
///
/// The [`Impact`]'s `t` is the fraction of the segment at which it enters the shape; `0` when
/// `from` is inside (or on the boundary, heading in), and then the normal is the nearest
/// face's (a circle's: towards the centre), pointing in; at a circle's or rectangle's exact
/// centre, that of the face the ray heads for (the `+x` one for a ray of zero length).
///
/// ```
/// use collide_core::{cast_ray, Circle, Pose, Rect};
/// use glam::Vec2;
///
/// let wall = Rect { half_extents: Vec2::new(1.0, 10.0) };
/// let at = Pose::from_position(Vec2::new(5.0, 0.0));
/// let hit = cast_ray(wall, &at, Vec2::ZERO, Vec2::new(10.0, 0.0)).expect("the ray meets the wall");
/// assert_eq!((hit.t, hit.point, hit.normal), (0.4, Vec2::new(4.0, 0.0), Vec2::X));
///
/// // Grazing the top edge is no hit: overlap is strict.
/// assert!(cast_ray(wall, &at, Vec2::new(0.0, 10.0), Vec2::new(10.0, 10.0)).is_none());
///
/// let ball = Circle { radius: 2.0 };
/// let hit = cast_ray(ball, &Pose::IDENTITY, Vec2::new(0.0, -5.0), Vec2::new(0.0, 5.0)).unwrap();
/// assert_eq!((hit.t, hit.point, hit.normal), (0.3, Vec2::new(0.0, -2.0), Vec2::Y));
/// ```
#[must_use]
pub fn cast_ray<'a>(
    shape: impl Into<ShapeRef<'a>>,
    pose: &Pose,
    from: Vec2,
    to: Vec2,
) -> Option<Impact> {
    if !(from.is_finite() && to.is_finite() && pose.is_finite()) {
        return None;
    }
    match shape.into() {
        ShapeRef::Circle(c) => cast_ray_circle(c, pose.position, from, to),
        ShapeRef::Rect(r) => cast_ray_rect(r, pose.position, from, to),
        ShapeRef::Hull(h) => cast_ray_hull(h, pose, from, to),
    }
}

/// `v` in `f64`.
#[inline]
fn wide(v: Vec2) -> [f64; 2] {
    [f64::from(v.x), f64::from(v.y)]
}

/// The point at fraction `t` (`+0.0` or positive) of `from → to`.
fn point_at(from: Vec2, to: Vec2, t: f64) -> Vec2 {
    if t == 0.0 {
        from
    } else {
        let (f, e) = (wide(from), wide(to));
        Vec2::new(
            (f[0] + (e[0] - f[0]) * t) as f32,
            (f[1] + (e[1] - f[1]) * t) as f32,
        )
    }
}

/// Whether an entry at fraction `t` of the segment comes before its end as the `f32` it is
/// reported in: one that rounds to `1` only touches the shape where the segment ends (the
/// slab test's product by a reciprocal put a face exactly at the end a step short of it).
fn before_the_end(t: f64) -> bool {
    (t as f32) < 1.0
}

/// The hit at fraction `t` (`+0.0` or positive) of `from → to`, with a normal given in `f64`.
fn hit_at(from: Vec2, to: Vec2, t: f64, normal: [f64; 2]) -> Impact {
    let point = point_at(from, to, t);
    let length = sqrt64(normal[0] * normal[0] + normal[1] * normal[1]);
    let normal = if length > 0.0 && length.is_finite() {
        let inv = 1.0 / length;
        Vec2::new((normal[0] * inv) as f32, (normal[1] * inv) as f32)
    } else {
        Vec2::X
    };
    Impact {
        t: t as f32,
        point,
        normal,
    }
}

/// [`cast_ray`] against a circle centred on `center`.
#[must_use]
pub fn cast_ray_circle(circle: Circle, center: Vec2, from: Vec2, to: Vec2) -> Option<Impact> {
    if !(circle.is_valid() && center.is_finite() && from.is_finite() && to.is_finite()) {
        return None;
    }
    let (c, f, e) = (wide(center), wide(from), wide(to));
    let p = [f[0] - c[0], f[1] - c[1]];
    let d = [e[0] - f[0], e[1] - f[1]];
    let r = f64::from(circle.radius);
    // |p + t d|² = r²: a t² + 2 b t + c = 0; squares of f32s cannot overflow an f64.
    let a = d[0] * d[0] + d[1] * d[1];
    let b = p[0] * d[0] + p[1] * d[1];
    let k = p[0] * p[0] + p[1] * p[1] - r * r;
    if k < 0.0 || (k == 0.0 && b < 0.0) {
        // Inside, or on the circle heading in: towards the centre, or, from the centre itself,
        // away from the point the ray heads for.
        let inward = if p == [0.0, 0.0] {
            if a > 0.0 {
                [-d[0], -d[1]]
            } else {
                [-1.0, 0.0]
            }
        } else {
            [-p[0], -p[1]]
        };
        return Some(hit_at(from, to, 0.0, inward));
    }
    let disc = b * b - a * k;
    // Outside: a hit needs two distinct crossings (a tangent only touches), the first within
    // the segment and ahead of the start.
    if a == 0.0 || disc <= 0.0 || b >= 0.0 {
        return None;
    }
    // The nearer root without cancellation: -b > 0, so -b + √disc adds like signs.
    let t = k / (-b + sqrt64(disc));
    if !before_the_end(t) {
        return None;
    }
    let at = [p[0] + d[0] * t, p[1] + d[1] * t];
    Some(hit_at(from, to, t, [-at[0], -at[1]]))
}

/// [`cast_ray`] against an axis-aligned rectangle centred on `center`: the slab test.
#[must_use]
pub fn cast_ray_rect(rect: Rect, center: Vec2, from: Vec2, to: Vec2) -> Option<Impact> {
    if !(rect.is_valid() && center.is_finite() && from.is_finite() && to.is_finite()) {
        return None;
    }
    ray_slabs(wide(center), wide(rect.half_extents), from, to)
}

/// [`cast_ray`] against the axis-aligned box from corner `min` to corner `max`, exactly: its
/// sides are the corners' own coordinates, not a centre plus and minus a half extent (each
/// rounded to `f32`), so a box whose sides lie on a grid's lines (a tile) has them exactly
/// there. A ray running along such a line does not enter the box. `None` unless `min` is
/// below `max` on both axes and every input is finite.
///
/// ```
/// use collide_core::cast_ray_box;
/// use glam::Vec2;
///
/// // A tile of a 0.1 grid: its centre (0.15) plus its half (0.05) rounds past 0.2.
/// let (min, max) = (Vec2::new(0.0, 0.1), Vec2::new(0.1, 0.2));
/// assert!(cast_ray_box(min, max, Vec2::new(-0.1, 0.2), Vec2::new(0.5, 0.2)).is_none());
/// let hit = cast_ray_box(min, max, Vec2::new(-0.1, 0.15), Vec2::new(0.5, 0.15)).unwrap();
/// assert_eq!((hit.point.x, hit.normal), (0.0, Vec2::X));
/// ```
#[must_use]
pub fn cast_ray_box(min: Vec2, max: Vec2, from: Vec2, to: Vec2) -> Option<Impact> {
    let finite = min.is_finite() && max.is_finite() && from.is_finite() && to.is_finite();
    if !(finite && min.x < max.x && min.y < max.y) {
        return None;
    }
    // Sums and differences of two f32 are exact in f64, and so are their halves.
    let (lo, hi) = (wide(min), wide(max));
    let center = [(lo[0] + hi[0]) * 0.5, (lo[1] + hi[1]) * 0.5];
    let half = [(hi[0] - lo[0]) * 0.5, (hi[1] - lo[1]) * 0.5];
    ray_slabs(center, half, from, to)
}

/// Whether the ray at `p` (from the box's centre) along `d` crosses the slabs of half
/// extents `h` for a positive span, with the times as quotients, each the exact fraction
/// rounded once: a ray exactly through a corner, leaving one slab as it enters the other,
/// ties there and only touches, where products by a reciprocal can miss the tie by an ulp.
fn crosses_exactly(p: [f64; 2], h: [f64; 2], d: [f64; 2]) -> bool {
    let (mut enter, mut exit) = (0.0_f64, 1.0_f64);
    for axis in (0..2).filter(|&axis| d[axis] != 0.0) {
        let sign = d[axis].signum();
        enter = enter.max((-sign * h[axis] - p[axis]) / d[axis]);
        exit = exit.min((sign * h[axis] - p[axis]) / d[axis]);
    }
    enter < exit
}

/// The slab test of `from → to` against the box of centre `c` and half extents `h`.
fn ray_slabs(c: [f64; 2], h: [f64; 2], from: Vec2, to: Vec2) -> Option<Impact> {
    let (f, e) = (wide(from), wide(to));
    let p = [f[0] - c[0], f[1] - c[1]];
    let d = [e[0] - f[0], e[1] - f[1]];
    // The latest entry into a slab, and through which face; the earliest exit.
    let (mut enter, mut face, mut exit) = (f64::NEG_INFINITY, (0, 0.0), 1.0_f64);
    for axis in 0..2 {
        if d[axis] == 0.0 {
            // Parallel to the slab: inside it strictly, or never in the interior.
            if p[axis].abs() >= h[axis] {
                return None;
            }
            continue;
        }
        let sign = d[axis].signum();
        // One division per axis: a product by the reciprocal is within two f64 ulps of the
        // quotient, far below the f32 the fraction is rounded to.
        let inv = 1.0 / d[axis];
        let near = (-sign * h[axis] - p[axis]) * inv;
        if near > enter {
            (enter, face) = (near, (axis, sign));
        }
        exit = exit.min((sign * h[axis] - p[axis]) * inv);
    }
    let t0 = if enter > 0.0 { enter } else { 0.0 };
    // The interior is crossed for a positive span of the segment, or not at all; where the
    // products leave a span of a few ulps, the quotients decide.
    let close = exit - t0 <= 8.0 * f64::EPSILON * exit;
    if t0 >= exit || (close && !crosses_exactly(p, h, d)) || !before_the_end(t0) {
        return None;
    }
    let mut normal = [0.0; 2];
    if enter >= 0.0 {
        normal[face.0] = face.1;
    } else {
        // A start inside: the nearest face, on the side of the start (or, from the centre
        // line, the side the ray heads for).
        let axis = usize::from(h[1] - p[1].abs() < h[0] - p[0].abs());
        let side = if p[axis] != 0.0 {
            p[axis].signum()
        } else if d[axis] < 0.0 {
            -1.0
        } else {
            1.0
        };
        normal[axis] = -side;
    }
    // The normal is an axis already: no square root to make it one.
    Some(Impact {
        t: t0 as f32,
        point: point_at(from, to, t0),
        normal: Vec2::new(normal[0] as f32, normal[1] as f32),
    })
}

/// [`cast_ray`] against a hull placed at `pose`: Cyrus–Beck clipping against each edge's
/// half-plane, in the hull's own frame.
#[must_use]
pub fn cast_ray_hull(hull: &Hull, pose: &Pose, from: Vec2, to: Vec2) -> Option<Impact> {
    if !(pose.is_finite() && from.is_finite() && to.is_finite()) {
        return None;
    }
    // Rotations keep fractions along the segment: clip in the hull's frame.
    let (p, q) = (
        wide(pose.inverse_transform_point(from)),
        wide(pose.inverse_transform_point(to)),
    );
    let d = [q[0] - p[0], q[1] - p[1]];
    // The latest entry through an edge's line, and which edge; the earliest exit.
    let (mut enter, mut entered, mut exit) = (f64::NEG_INFINITY, 0, 1.0_f64);
    // The edge nearest a start inside: the largest `n · (p - v)`, entering edges first.
    let mut nearest = (f64::NEG_INFINITY, 0);
    for (i, (v, n)) in hull.vertices().iter().zip(hull.normals()).enumerate() {
        let (v, n) = (wide(*v), wide(*n));
        // How far `p` lies outside edge `i`'s line, and how fast the ray moves out of it.
        let outside = n[0] * (p[0] - v[0]) + n[1] * (p[1] - v[1]);
        let rate = n[0] * d[0] + n[1] * d[1];
        if outside > nearest.0 || (outside == nearest.0 && rate < 0.0) {
            nearest = (outside, i);
        }
        if rate == 0.0 {
            // Parallel to the edge: inside its line strictly, or never in the interior.
            if outside >= 0.0 {
                return None;
            }
            continue;
        }
        let t = -outside / rate;
        if rate < 0.0 && t > enter {
            (enter, entered) = (t, i);
        } else if rate > 0.0 {
            exit = exit.min(t);
        }
    }
    let t0 = if enter > 0.0 { enter } else { 0.0 };
    if t0 >= exit || !before_the_end(t0) {
        return None;
    }
    let face = if enter >= 0.0 { entered } else { nearest.1 };
    let n = pose.rotation.apply(-hull.normals()[face]);
    Some(hit_at(from, to, t0, wide(n)))
}
