//! Time of impact of a moving circle and a moving hull: the circle's centre cast against the
//! hull grown by the radius, its corners re-solved as circles.

use glam::Vec2;

use super::slab::{circle_entry, from_start};
use crate::query::{all_finite, normalize_any_or};
use crate::Impact;
use crate::{Circle, Hull, Motion};

/// The time of impact of a moving circle `a` and a moving hull `b`; `b` keeps
/// `motion_b.rotation` through the frame.
///
/// Exact for shapes that only translate. In the hull's frame, on the relative
/// motion, the circle's centre is cast against the hull with each face pushed out by the
/// radius (square corners, the clipped-ray test over the face lines); when the centre at that
/// entry lies beyond the end of the face it crossed, in a corner zone, the corner is solved
/// again as what it really is, a circle of the radius about the hull's vertex. Overlap is
/// strict, as in the discrete tests: a circle that grazes a face or a corner, slides along a
/// face, or touches at the start and moves away is no hit. The normal runs from the circle
/// towards the hull: the face's inward normal, or from the centre to the corner; the point is
/// on the hull, from each body's own path at `t`. A pair that starts overlapped gives `t = 0`
/// with the contact's normal (see [`contact_circle_hull`](crate::pair::contact_circle_hull)). See
/// [`time_of_impact`](crate::time_of_impact) for the conventions shared by every pair.
///
/// ```
/// use collide_core::{Circle, Hull, Motion};
/// use collide_core::pair::{sweep_circle_hull};
/// use glam::Vec2;
///
/// // A ball of radius 1 rolling right onto a square whose left face stands at x = 4.
/// let ball = Circle { radius: 1.0 };
/// let crate_box = Hull::from_half_extents(Vec2::splat(2.0))?;
/// let roll = Motion::linear(Vec2::new(-6.0, 0.0), Vec2::new(4.0, 0.0));
/// let at = Motion::stationary(Vec2::new(6.0, 0.0));
/// let hit = sweep_circle_hull(&ball, &roll, &crate_box, &at).unwrap();
/// assert_eq!((hit.t, hit.normal, hit.point), (0.9, Vec2::X, Vec2::new(4.0, 0.0)));
/// # Ok::<(), collide_core::Error>(())
/// ```
#[must_use]
pub fn sweep_circle_hull(
    a: &Circle,
    motion_a: &Motion,
    b: &Hull,
    motion_b: &Motion,
) -> Option<Impact> {
    if !(a.is_valid() && motion_a.is_finite() && motion_b.is_finite()) {
        return None;
    }
    let rotation = motion_b.rotation;
    // The circle's centre relative to the hull's origin, in the hull's frame.
    let p = rotation.apply_inverse(motion_a.start - motion_b.start);
    let d = rotation.apply_inverse(motion_a.travel() - motion_b.travel());
    let (t, face) = enter_grown_faces(p, d, b, a.radius)?;
    let centre = p + d * t;
    let edge = face.unwrap_or_else(|| farthest_face(b, centre));
    // A point (radius 0) has no round corners: its grown hull is the hull.
    let corner = if a.radius > 0.0 {
        beyond_face(b, edge, centre)
    } else {
        None
    };
    // Past the end of the face it crossed, by rounding, into the span of the face beside it:
    // it crossed that one at the same moment (see `across_corner`).
    let (edge, corner) = match (face, corner) {
        (Some(_), Some(vertex)) => match across_corner(b, edge, vertex, centre) {
            Some(beside) => (beside, None),
            None => (edge, Some(vertex)),
        },
        _ => (edge, corner),
    };
    let (t, normal, on_hull) = match corner {
        None if face.is_some() => {
            let n = b.normals()[edge];
            (t, -n, centre - n * a.radius)
        }
        None => {
            let (normal, on_hull) = start_contact(b, edge, centre);
            (t, normal, on_hull)
        }
        Some(vertex) => {
            // The square corner zone holds a round corner: the centre comes within the radius
            // of the vertex then, or never (leaving the zone any other way than out of the
            // grown hull would cross the round corner first).
            let corner = b.vertices()[vertex];
            let t = circle_entry(p - corner, d, a.radius)?;
            let centre = p + d * t;
            let fallback = -b.normals()[edge];
            (t, normalize_any_or(corner - centre, fallback), corner)
        }
    };
    let (normal, point) = (
        rotation.apply(normal),
        motion_b.position_at(t) + rotation.apply(on_hull),
    );
    // Far outside the sizes the crate is built for (see the query docs' "Units"), the
    // products above can overflow: no hit then, rather than a NaN.
    all_finite([normal, point]).then_some(Impact { t, point, normal })
}

/// The time of impact of a moving hull `a` and a moving circle `b`: [`sweep_circle_hull`] with
/// the roles swapped and the normal flipped.
#[inline]
#[must_use]
pub fn sweep_hull_circle(
    a: &Hull,
    motion_a: &Motion,
    b: &Circle,
    motion_b: &Motion,
) -> Option<Impact> {
    sweep_circle_hull(b, motion_b, a, motion_a).map(Impact::flipped)
}

/// When a point starting at `p` and moving by `d` first lies strictly inside every face line
/// of `hull` pushed out by `radius`, within the frame, and the face it crossed last (`None`
/// when it starts inside them all).
///
/// Each face gives an open interval of times during which the point is inside its line; the
/// point is inside the grown hull during the intersection of all of them. A face the motion
/// runs along, to the rounding of the positions, is handled apart, as the slab test does:
/// dividing by it would give infinities, and the answer is whether the point is already
/// inside that line.
#[inline]
fn enter_grown_faces(p: Vec2, d: Vec2, hull: &Hull, radius: f32) -> Option<(f32, Option<usize>)> {
    let (mut entry, mut exit, mut face) = (0.0f32, 1.0f32, None);
    for (i, (&n, &v)) in hull.normals().iter().zip(hull.vertices()).enumerate() {
        let line = n.dot(v) + radius;
        let (outside, closing) = (n.dot(p) - line, n.dot(d));
        if closing.abs() <= f32::EPSILON * (n.dot(p).abs() + line.abs()) {
            // On or outside the line all frame is a miss, and so is a NaN.
            if outside.is_nan() || outside >= 0.0 {
                return None;
            }
            continue;
        }
        let crossing = -outside / closing;
        if closing < 0.0 {
            // Coming in: inside after the crossing. `>` keeps a crossing at `-0.0` from
            // replacing the start's `+0.0`; a point on the line at the start moving in counts
            // as starting inside it.
            if crossing > entry {
                (entry, face) = (crossing, Some(i));
            }
        } else if crossing < exit {
            exit = crossing;
        }
        // An empty interval, or a NaN from non-finite input, is a miss.
        if entry.is_nan() || exit.is_nan() || entry >= exit {
            return None;
        }
    }
    Some((from_start(entry), face))
}

/// The face whose line `point` lies farthest outside of (or least inside): the face that holds
/// the hull's nearest point, as in the circle–hull contact.
fn farthest_face(hull: &Hull, point: Vec2) -> usize {
    let mut best = (0, f32::NEG_INFINITY);
    for (i, (&n, &v)) in hull.normals().iter().zip(hull.vertices()).enumerate() {
        let s = n.dot(point - v);
        if s > best.1 {
            best = (i, s);
        }
    }
    best.0
}

/// The vertex (its index) at the end of face `edge` that `point` lies beyond along the face,
/// if it does: then the hull's nearest point to `point` is that vertex, not the face.
fn beyond_face(hull: &Hull, edge: usize, point: Vec2) -> Option<usize> {
    let vertices = hull.vertices();
    let next = (edge + 1) % vertices.len();
    let (start, end) = (vertices[edge], vertices[next]);
    let along = end - start;
    let s = along.dot(point - start);
    // Strict: at an end itself the face and the round corner share the point and the normal.
    if s < 0.0 {
        Some(edge)
    } else if s > along.length_squared() {
        Some(next)
    } else {
        None
    }
}

/// The face beside `edge` at its `vertex`, when `centre` (where the centre entered the grown
/// hull through `edge`'s line) lies within that face's span. Exactly, an entry beyond `edge`'s
/// end lies in the corner zone, before the next face's span; one inside that span is within
/// the radius of the next face, so it entered the grown hull through both lines at once. In
/// `f32` the two crossings of nearly parallel faces tie, the first face is kept, and its
/// corner zone, a sliver, may hold the entry by rounding: the round corner there is then
/// never reached, and the hit would be lost.
fn across_corner(hull: &Hull, edge: usize, vertex: usize, centre: Vec2) -> Option<usize> {
    let n = hull.vertices().len();
    let beside = if vertex == edge {
        (edge + n - 1) % n
    } else {
        vertex
    };
    beyond_face(hull, beside, centre)
        .is_none()
        .then_some(beside)
}

/// The normal and the point on the hull of a circle centred at `centre` (in the hull's frame)
/// that overlaps the hull at the start, beside face `edge` or inside the hull: out through that
/// face, the point the centre's projection onto it.
fn start_contact(hull: &Hull, edge: usize, centre: Vec2) -> (Vec2, Vec2) {
    let n = hull.normals()[edge];
    let onto = centre - n * n.dot(centre - hull.vertices()[edge]);
    (-n, onto)
}
