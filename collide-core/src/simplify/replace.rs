//! One step of the enclosing reduction: an edge replaced by the meeting point of its
//! neighbouring edges, rounded to `f32` so that the polygon still holds what it held.

use glam::Vec2;

use super::cross;

/// An edge `b c` replaced by one vertex.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Replacement {
    /// Twice the area the step adds.
    pub(crate) added: f64,
    /// The vertex that takes the place of `b` (`c` goes).
    pub(crate) apex: Vec2,
    /// Whether `a`, and whether `d`, go too: the rounded apex left them no corner, so they lie
    /// inside the new polygon.
    pub(crate) drops: [bool; 2],
}

/// How the edge `b c` of the eight consecutive vertices `[ppa, pa, a, b, c, d, dd, ddd]` can
/// give way to the meeting point of the edges `a b` and `d c`, keeping the polygon convex and
/// holding everything it held, in `f64` arithmetic on the rounded vertices. `spare` says the
/// eight are distinct vertices, so that `a` or `d` may go as well.
///
/// The meeting point is rounded to `f32` and pushed out a little at a time until it holds `b`
/// and `c` with every corner turning the right way. Where the turns at `a` or `d` are smaller
/// than the rounding (long runs of nearly collinear vertices on the `f32` grid), no such point
/// may exist; then, and only then, a pushed point that makes `a` or `d` turn the wrong way
/// takes that vertex out too: it lies inside the new polygon, so nothing held is lost, where
/// the plain step would leave the edge for ever.
pub(crate) fn replace_edge(window: [Vec2; 8], spare: bool) -> Option<Replacement> {
    let [_, pa, a, b, c, d, dd, _] = window;
    let (ideal, mid) = meeting_point(a, b, c, d)?;
    let holds = |q: Vec2| cross(a, q, b) >= 0.0 && cross(q, d, c) >= 0.0 && q.is_finite();
    for q in pushed(ideal, mid) {
        let convex = cross(pa, a, q) > 0.0 && cross(q, d, dd) > 0.0 && cross(a, q, d) > 0.0;
        if holds(q) && convex {
            return Some(Replacement {
                added: cross(b, q, c).abs(),
                apex: q,
                drops: [false, false],
            });
        }
    }
    if !spare {
        return None;
    }
    pushed(ideal, mid)
        .filter(|&q| holds(q))
        .find_map(|q| with_drops(window, q))
}

/// The meeting point of the lines `a b` and `d c` (in `f64`) and the middle of `b c`, when
/// those lines meet beyond `b` and `c` (not behind, not parallel).
fn meeting_point(a: Vec2, b: Vec2, c: Vec2, d: Vec2) -> Option<([f64; 2], [f64; 2])> {
    let point = |p: Vec2| [f64::from(p.x), f64::from(p.y)];
    let (fa, fb, fc, fd) = (point(a), point(b), point(c), point(d));
    let r = [fb[0] - fa[0], fb[1] - fa[1]];
    let s = [fc[0] - fd[0], fc[1] - fd[1]];
    let denom = r[0] * s[1] - r[1] * s[0];
    let ad = [fd[0] - fa[0], fd[1] - fa[1]];
    let t = (ad[0] * s[1] - ad[1] * s[0]) / denom;
    let u = (ad[0] * r[1] - ad[1] * r[0]) / denom;
    if !(t > 1.0 && u > 1.0 && t.is_finite() && u.is_finite()) {
        return None;
    }
    let ideal = [fa[0] + t * r[0], fa[1] + t * r[1]];
    let mid = [(fb[0] + fc[0]) * 0.5, (fb[1] + fc[1]) * 0.5];
    Some((ideal, mid))
}

/// The meeting point rounded to `f32`, then pushed away from the replaced edge by growing
/// steps: rounding can put it a hair inside an edge line.
fn pushed(ideal: [f64; 2], mid: [f64; 2]) -> impl Iterator<Item = Vec2> {
    let push = core::iter::successors(Some(0.0), |&p| {
        Some(if p == 0.0 { 1.0e-7 } else { p * 4.0 })
    });
    push.take(24).map(move |p| {
        Vec2::new(
            (ideal[0] + (ideal[0] - mid[0]) * p) as f32,
            (ideal[1] + (ideal[1] - mid[1]) * p) as f32,
        )
    })
}

/// The step with apex `q` (which holds `b` and `c`), taking out `a` and `d` where `q` leaves
/// them no corner, when every corner left turns the right way.
fn with_drops(window: [Vec2; 8], q: Vec2) -> Option<Replacement> {
    let [ppa, pa, a, b, c, d, dd, ddd] = window;
    let drops = [cross(pa, a, q) <= 0.0, cross(q, d, dd) <= 0.0];
    let before = if drops[0] { pa } else { a };
    let after = if drops[1] { dd } else { d };
    let corners = cross(before, q, after) > 0.0
        && (!drops[0] || cross(ppa, pa, q) > 0.0)
        && (!drops[1] || cross(q, dd, ddd) > 0.0);
    if !corners {
        return None;
    }
    // The area between the new boundary `before → q → after` and the old one, walked back.
    let old = [
        Some(d).filter(|_| drops[1]),
        Some(c),
        Some(b),
        Some(a).filter(|_| drops[0]),
    ];
    let mut added = cross(before, q, after);
    let mut last = after;
    for p in old.into_iter().flatten() {
        added += cross(before, last, p);
        last = p;
    }
    Some(Replacement {
        added,
        apex: q,
        drops,
    })
}
