//! The checks [`Hull::new`](super::Hull::new) runs on a polygon: which vertices count as one,
//! which lie on the line through their neighbours, and whether what is left is convex.
//!
//! Every distance is measured from the polygon itself (its extent, and the float grid at its
//! largest coordinate), never from its distance to the origin, and every test runs in `f64`
//! on the given `f32` points, where differences and products of coordinates are exact or
//! nearly so.

use glam::Vec2;

use super::{box_with, NO_BOX};
use crate::simplify::cross;
use crate::Error;

/// The sine of the smallest turn that counts as a corner, and the fraction of a polygon's
/// extent under which two vertices count as one.
const CLEAN_TOLERANCE: f64 = 1e-6;

/// The distances under which a polygon's vertices count as equal, or as on a line.
pub(super) struct Slack {
    /// Half the gap between `f32`s at the polygon's largest coordinate: how far rounding to
    /// the float grid can move a vertex along an axis. Finer detail is not in the coordinates.
    rounding: f64,
    /// Two vertices closer than this are one: a millionth of the extent, or `rounding`.
    merge: f64,
    /// How far a vertex may lie past the line of an edge it is not on: a millionth of the
    /// extent, or two float steps (three rounded vertices decide it).
    stray: f64,
}

impl Slack {
    /// The slack of the polygon `points` (finite).
    pub(super) fn of(points: &[Vec2]) -> Slack {
        let (lo, hi) = points.iter().fold(NO_BOX, |b, &p| box_with(b, p));
        let span = |lo: f32, hi: f32| f64::from(hi) - f64::from(lo);
        let extent = span(lo.x, hi.x).max(span(lo.y, hi.y)).max(0.0);
        let rounding = half_gap(lo.abs().max(hi.abs()).max_element());
        let relative = CLEAN_TOLERANCE * extent;
        Slack {
            rounding,
            merge: relative.max(rounding),
            stray: relative.max(4.0 * rounding),
        }
    }

    /// Whether `a` and `b` count as one vertex.
    fn same(&self, a: Vec2, b: Vec2) -> bool {
        length(a, b) <= self.merge
    }

    /// Whether `cur` lies on the line through `prev` and `next`, between them: it turns by
    /// less than [`CLEAN_TOLERANCE`] (a sine), or lies within rounding of that line, or within
    /// the stray of it on the inner side (`winding` is the polygon's sign of area: a vertex
    /// turning against it is no corner, and dropping it loses nothing).
    fn straight(&self, prev: Vec2, cur: Vec2, next: Vec2, winding: f64) -> bool {
        let w = |p: Vec2| [f64::from(p.x), f64::from(p.y)];
        let (p, c, q) = (w(prev), w(cur), w(next));
        let (e0, e1) = ([c[0] - p[0], c[1] - p[1]], [q[0] - c[0], q[1] - c[1]]);
        let turn = e0[0] * e1[1] - e0[1] * e1[0];
        let ahead = e0[0] * e1[0] + e0[1] * e1[1] > 0.0;
        let chord = length(prev, next);
        ahead
            && (turn.abs() <= CLEAN_TOLERANCE * length(prev, cur) * length(cur, next)
                || turn.abs() <= self.rounding * chord
                || (turn * winding < 0.0 && turn.abs() <= self.stray * chord))
    }
}

/// Half the gap between `f32`s at `m` (finite, not negative), in `f64`.
fn half_gap(m: f32) -> f64 {
    let up = f32::from_bits(m.to_bits() + 1);
    let gap = if up.is_finite() {
        up - m
    } else {
        m - f32::from_bits(m.to_bits() - 1)
    };
    f64::from(gap) * 0.5
}

/// `|b − a|` in `f64`.
fn length(a: Vec2, b: Vec2) -> f64 {
    let (x, y) = (
        f64::from(b.x) - f64::from(a.x),
        f64::from(b.y) - f64::from(a.y),
    );
    crate::math::sqrt64(x * x + y * y)
}

/// Drops, until none is left, each vertex that is one with the vertex before it or lies on
/// the line through its neighbours (dropping one can put its neighbour on a line). `index`
/// lists the points kept, in order; returns how many are left.
pub(super) fn drop_repeats_and_straights(
    points: &[Vec2],
    index: &mut [usize],
    slack: &Slack,
) -> usize {
    let winding = area2(points, index);
    let mut n = index.len();
    let mut changed = true;
    while changed && n >= 3 {
        changed = false;
        let mut i = 0;
        while i < n && n >= 3 {
            let at = |k: usize| points[index[k % n]];
            let (prev, cur, next) = (at(i + n - 1), at(i), at(i + 1));
            if slack.same(prev, cur) || slack.straight(prev, cur, next, winding) {
                index.copy_within(i + 1..n, i);
                n -= 1;
                changed = true;
            } else {
                i += 1;
            }
        }
    }
    if n == 2 && slack.same(points[index[0]], points[index[1]]) {
        n = 1;
    }
    n
}

/// Twice the signed area of the polygon `index` lists, in `f64` about its first vertex (so
/// that far from the origin the terms do not cancel).
pub(super) fn area2(points: &[Vec2], index: &[usize]) -> f64 {
    let at = |k: usize| points[index[k]];
    (1..index.len().saturating_sub(1))
        .map(|i| cross(at(0), at(i), at(i + 1)))
        .sum()
}

/// Every vertex on the inner side of every edge (within the slack) and every corner turning
/// left: that rules out reflex vertices, spikes and polygons that wind around twice, which
/// all turn left locally. `index` is in positive-area order.
pub(super) fn check_convex(points: &[Vec2], index: &[usize], slack: &Slack) -> Result<(), Error> {
    let n = index.len();
    let at = |k: usize| points[index[k % n]];
    for i in 0..n {
        let (a, b) = (at(i), at(i + 1));
        let reach = slack.stray * length(a, b);
        for j in (0..n).filter(|&j| j != i && j != (i + 1) % n) {
            if cross(a, b, at(j)) <= -reach {
                return Err(Error::NotConvex { vertex: index[j] });
            }
        }
        if cross(a, b, at(i + 2)) <= 0.0 {
            return Err(Error::NotConvex {
                vertex: index[(i + 1) % n],
            });
        }
    }
    Ok(())
}
