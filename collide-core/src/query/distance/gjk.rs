//! GJK distance between two convex cores, on fixed-size stack buffers.
//!
//! Each shape is a convex *core* (a hull's vertices, a rectangle's four corners, or a circle's
//! centre) plus a radius, both given in one common frame. GJK finds the point of the Minkowski
//! difference `B − A` closest to the origin: the vector from a's core to b's, whose length is
//! the distance between the cores. The radii are subtracted afterwards.

use glam::Vec2;

use crate::{Hull, MAX_HULL_VERTICES};

/// A convex polygon (or a segment or point) plus a radius, in some common frame.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Core<'a> {
    pub v: &'a [Vec2],
    pub radius: f32,
}

impl<'a> Core<'a> {
    /// A hull's core: its vertices, turned by `rot` into `buf` unless `rot` is the identity.
    #[inline]
    pub(crate) fn hull(
        hull: &'a Hull,
        rot: Vec2,
        buf: &'a mut [Vec2; MAX_HULL_VERTICES],
    ) -> Core<'a> {
        let src = hull.vertices();
        if rot == Vec2::X {
            return Core {
                v: src,
                radius: 0.0,
            };
        }
        for (dst, p) in buf.iter_mut().zip(src) {
            *dst = rot.rotate(*p);
        }
        Core {
            v: &buf[..src.len()],
            radius: 0.0,
        }
    }

    /// The index of the vertex farthest along `d` (lowest index on ties).
    #[inline]
    pub fn support(&self, d: Vec2) -> usize {
        let mut best = 0;
        let mut best_dot = self.v[0].dot(d);
        for (i, p) in self.v.iter().enumerate().skip(1) {
            let dot = p.dot(d);
            if dot > best_dot {
                best = i;
                best_dot = dot;
            }
        }
        best
    }

    /// A vertex farthest along `d`, found by climbing from vertex `start` (which must be an
    /// index of the core) to whichever neighbour is farther until neither is: on a convex core
    /// in cyclic order that is a farthest vertex, and from a nearby start (the previous
    /// support) it reads far fewer vertices than [`Core::support`]. On ties (an edge square to
    /// `d`) it may pick the other end of the edge; both are as far along `d`.
    #[inline(always)]
    pub fn support_from(&self, d: Vec2, start: usize) -> usize {
        let v = self.v;
        let n = v.len();
        if n <= 2 {
            return self.support(d);
        }
        let mut i = start;
        let mut best = v[i].dot(d);
        // Each move strictly raises the dot product, so a climb ends within `n` moves.
        let j = if i + 1 == n { 0 } else { i + 1 };
        let dot = v[j].dot(d);
        if dot > best {
            (i, best) = (j, dot);
            loop {
                let j = if i + 1 == n { 0 } else { i + 1 };
                let dot = v[j].dot(d);
                if dot > best {
                    (i, best) = (j, dot);
                } else {
                    return i;
                }
            }
        }
        loop {
            let j = if i == 0 { n - 1 } else { i - 1 };
            let dot = v[j].dot(d);
            if dot > best {
                (i, best) = (j, dot);
            } else {
                return i;
            }
        }
    }
}

/// Up to three points of `B − A`, each remembered by the vertex indices that made it, so the
/// simplex can be rebuilt after b's core moves (a warm start).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Simplex {
    w: [Vec2; 3],
    ia: [u8; 3],
    ib: [u8; 3],
    lambda: [f32; 3],
    n: usize,
}

/// What GJK found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GjkResult {
    /// The closest point of `B − A` to the origin: from a's core to b's. Zero when overlapping.
    pub v: Vec2,
    /// The closest point on a's core.
    pub pa: Vec2,
    /// The closest point on b's core (offset included).
    pub pb: Vec2,
    /// The cores overlap or touch (`v` is then meaningless as a direction).
    pub overlap: bool,
}

/// Iteration cap: a polygon pair converges in far fewer; the cap only guards against cycling on
/// round-off.
const MAX_ITERATIONS: usize = 32;
/// GJK stops when a new support point improves the squared distance by less than this fraction.
const RELATIVE_PROGRESS: f32 = 1e-6;
/// Cores closer than this fraction of their coordinates' magnitude count as touching.
const RELATIVE_TOUCH: f32 = 1e-6;

impl Simplex {
    #[inline]
    fn push(&mut self, w: Vec2, ia: usize, ib: usize) {
        self.w[self.n] = w;
        self.ia[self.n] = ia as u8;
        self.ib[self.n] = ib as u8;
        self.n += 1;
    }

    #[inline]
    fn keep(&mut self, i: usize) {
        self.w[0] = self.w[i];
        self.ia[0] = self.ia[i];
        self.ib[0] = self.ib[i];
        self.lambda[0] = 1.0;
        self.n = 1;
    }

    /// The closest point of segment `i`–`j` to the origin, as `(squared distance, weight of j)`.
    #[inline]
    fn edge(&self, i: usize, j: usize) -> (f32, f32) {
        let (a, b) = (self.w[i], self.w[j]);
        let e = b - a;
        let ee = e.dot(e);
        let s = if ee > 0.0 {
            (-a.dot(e) / ee).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let p = a + e * s;
        (p.dot(p), s)
    }

    /// Reduce to the edge `i`–`j` with weight `s` on `j` (or to one vertex when `s` is 0 or 1).
    #[inline]
    fn set_edge(&mut self, i: usize, j: usize, s: f32) {
        if s <= 0.0 {
            self.keep(i);
        } else if s >= 1.0 {
            self.keep(j);
        } else {
            let (wi, wj) = (self.w[i], self.w[j]);
            let (ai, aj) = (self.ia[i], self.ia[j]);
            let (bi, bj) = (self.ib[i], self.ib[j]);
            self.w = [wi, wj, Vec2::ZERO];
            self.ia = [ai, aj, 0];
            self.ib = [bi, bj, 0];
            self.lambda = [1.0 - s, s, 0.0];
            self.n = 2;
        }
    }

    /// Replace the simplex by its part closest to the origin and return that closest point;
    /// `None` when the origin lies inside the triangle.
    fn solve(&mut self) -> Option<Vec2> {
        match self.n {
            1 => self.lambda[0] = 1.0,
            2 => {
                let (_, s) = self.edge(0, 1);
                self.set_edge(0, 1, s);
            }
            _ => {
                let [a, b, c] = self.w;
                let area = (b - a).perp_dot(c - a);
                if area != 0.0 {
                    // Signed areas of the sub-triangles opposite each vertex, seen from the origin.
                    let la = b.perp_dot(c) * area.signum();
                    let lb = c.perp_dot(a) * area.signum();
                    let lc = a.perp_dot(b) * area.signum();
                    if la >= 0.0 && lb >= 0.0 && lc >= 0.0 {
                        let inv = 1.0 / area.abs();
                        self.lambda = [la * inv, lb * inv, lc * inv];
                        return None;
                    }
                }
                // Outside: keep the nearest candidate edge, checking each one. The old
                // edge 0–1 held the previous closest point, and the new vertex 2 was found
                // beyond it towards the origin, so only the two edges through 2 can be nearer.
                let (d02, s02) = self.edge(0, 2);
                let (d12, s12) = self.edge(1, 2);
                if d02 <= d12 {
                    self.set_edge(0, 2, s02);
                } else {
                    self.set_edge(1, 2, s12);
                }
            }
        }
        Some(self.point())
    }

    #[inline]
    fn point(&self) -> Vec2 {
        (0..self.n).map(|i| self.w[i] * self.lambda[i]).sum()
    }

    /// Forget everything (the next run starts cold).
    #[inline]
    pub fn clear(&mut self) {
        self.n = 0;
    }
}

#[inline(always)]
fn witness(a: &Core<'_>, b: &Core<'_>, offset: Vec2, s: &Simplex) -> (Vec2, Vec2) {
    let mut pa = Vec2::ZERO;
    let mut pb = Vec2::ZERO;
    for i in 0..s.n {
        pa += a.v[s.ia[i] as usize] * s.lambda[i];
        pb += b.v[s.ib[i] as usize] * s.lambda[i];
    }
    (pa, pb + offset)
}

/// The closest points of the cores `a` (at the origin) and `b` (moved by `offset`).
///
/// `simplex` may hold the result of a previous call on the same cores (any offset): GJK then
/// starts from those vertices. It is left holding this call's closest feature.
pub(crate) fn gjk(a: &Core<'_>, b: &Core<'_>, offset: Vec2, simplex: &mut Simplex) -> GjkResult {
    let s = simplex;
    if s.n == 3 {
        s.clear();
    }
    let mut scale = offset.abs().max_element();
    if s.n == 0 {
        let d = if offset == Vec2::ZERO {
            Vec2::X
        } else {
            -offset
        };
        let (ia, ib) = (a.support_from(-d, 0), b.support_from(d, 0));
        s.push(b.v[ib] + offset - a.v[ia], ia, ib);
    } else {
        for i in 0..s.n {
            s.w[i] = b.v[s.ib[i] as usize] + offset - a.v[s.ia[i] as usize];
        }
    }
    for i in 0..s.n {
        scale = scale.max(s.w[i].abs().max_element());
    }
    let overlap = |s: &Simplex| {
        let (pa, pb) = witness(a, b, offset, s);
        let p = (pa + pb) * 0.5;
        GjkResult {
            v: Vec2::ZERO,
            pa: p,
            pb: p,
            overlap: true,
        }
    };
    let mut v = Vec2::ZERO;
    for iteration in 0..=MAX_ITERATIONS {
        let Some(closest) = s.solve() else {
            return overlap(s);
        };
        v = closest;
        let vv = v.dot(v);
        let touch = RELATIVE_TOUCH * scale;
        if vv <= touch * touch {
            return overlap(s);
        }
        if iteration == MAX_ITERATIONS {
            break;
        }
        // Towards the origin from the simplex: from an edge, exactly along the edge's normal.
        // `-v` would do in exact arithmetic, but when the closest point is far nearer the
        // origin than the edge's ends it carries their rounding in its direction, and a support
        // along a direction that far off can land on the edge again (a chord of the shape,
        // short of the vertex between its ends), which would stop GJK there: an overlap of
        // 8e-4 read as a gap of 1.7e-3.
        let (toward, from) = match s.n {
            2 => (edge_normal_towards_origin(s.w[0], s.w[1]), s.w[0]),
            _ => (-v, v),
        };
        // Climb from the newest simplex vertex: the next support is usually at or next to it.
        let last = s.n - 1;
        let (ia, ib) = (
            a.support_from(-toward, s.ia[last] as usize),
            b.support_from(toward, s.ib[last] as usize),
        );
        let w = b.v[ib] + offset - a.v[ia];
        let seen = (0..s.n).any(|i| s.ia[i] as usize == ia && s.ib[i] as usize == ib);
        // How much nearer the origin `w` reaches than the simplex, against how near it is
        // (both along `toward`, so both scaled by its length alike).
        let (gain, left) = (toward.dot(w - from), -toward.dot(from));
        if seen || gain <= RELATIVE_PROGRESS * left {
            break;
        }
        scale = scale.max(w.abs().max_element());
        s.push(w, ia, ib);
    }
    let (pa, pb) = witness(a, b, offset, s);
    GjkResult {
        v,
        pa,
        pb,
        overlap: false,
    }
}

/// The normal of the edge `p`–`q` on the origin's side (not unit length): the direction in
/// which the origin lies from the edge's line, from the edge alone.
#[inline]
fn edge_normal_towards_origin(p: Vec2, q: Vec2) -> Vec2 {
    let n = (q - p).perp();
    if n.dot(p) > 0.0 {
        -n
    } else {
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The climbing support reaches a farthest vertex from every start, on seeded random hulls
    /// (3 to 16 vertices, some nearly round) and directions, rotated or not.
    #[test]
    #[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
    fn support_from_any_start_is_a_farthest_vertex() {
        let mut rng = collide_testkit::SplitMix64::new(0xC0FF_EE11);
        let mut next = || rng.unit();
        let mut checked = 0;
        for _ in 0..300 {
            let n = 3 + (next() * 14.0) as usize;
            let mut angles: Vec<f32> = (0..n).map(|_| next() * core::f32::consts::TAU).collect();
            angles.sort_by(f32::total_cmp);
            let points: Vec<Vec2> = angles
                .iter()
                .map(|a| Vec2::new(a.cos(), a.sin()) * (5.0 + next() * 0.5))
                .collect();
            let Ok(hull) = Hull::new(&points) else {
                continue;
            };
            let angle = next() * core::f32::consts::TAU;
            let mut buf = [Vec2::ZERO; MAX_HULL_VERTICES];
            let core = Core::hull(&hull, Vec2::new(angle.cos(), angle.sin()), &mut buf);
            for _ in 0..8 {
                let angle = next() * core::f32::consts::TAU;
                let d = Vec2::new(angle.cos(), angle.sin()) * 3.0;
                let best = core.v[core.support(d)].dot(d);
                for start in 0..core.v.len() {
                    let got = core.v[core.support_from(d, start)].dot(d);
                    assert!(
                        (got - best).abs() <= 1e-5 * best.abs().max(1.0),
                        "start {start}: {got} vs {best} on {:?} along {d:?}",
                        core.v
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000, "only {checked} checks ran");
    }
}
