//! Cutting a segment to a tile map for the cell walk: the walk's own clip, in `f32`, and the
//! exact cut of a segment that starts far outside the map.
//!
//! The walk's times are `f32` fractions of the segment, which near `1` step by 2⁻²⁴ of its
//! length: from far enough away, one step is wider than a cell, and the walk can no longer
//! tell a cell's entry from its exit (a shot from 2.77e8 units below a floor of 16-unit cells
//! passed through it). Such a segment is first cut to the part that crosses the map's slab
//! along the axis it runs over more cells of (a cell wider either side), whose ends an exact
//! orientation test puts on the segment's line to within rounding to `f32`; the walk runs
//! along that part, and its time is taken back to the whole segment.

use collide_core::Impact;
use glam::Vec2;

use super::TileMap;
use crate::WorldHit;

/// The most cells along an axis that a segment starting outside the map's box may run over
/// for the walk to take it whole: past 2²³, a step of its `f32` times near `1` is more than
/// half a cell long.
const FAR: f32 = 8_388_608.0;

impl TileMap {
    /// Whether a segment of travel `d` runs over more than [`FAR`] cells along an axis.
    pub(super) fn too_many_cells(&self, d: Vec2) -> bool {
        (d.abs() / self.cell_size()).max_element() > FAR
    }

    /// [`cast_segment`](Self::cast_segment) for a segment the walk takes whole (its `f32`
    /// times tell every cell's entry from its exit).
    fn cast_near(&self, from: Vec2, to: Vec2) -> Option<WorldHit> {
        let (lo, hi) = (
            self.cell_min(0, 0),
            self.cell_min(self.width(), self.height()),
        );
        let inside = from.cmpge(lo).all() && from.cmple(hi).all();
        self.walk(from, to - from, (lo, hi), inside)
    }

    /// [`cast_segment`](Self::cast_segment) for a segment from far outside the map (or whose
    /// travel overflows `f32`): the walk along its part in the map's slab, widened by a cell
    /// either side, along the axis it runs over more cells of.
    pub(super) fn cast_from_afar(&self, from: Vec2, to: Vec2) -> Option<WorldHit> {
        let d = [wide(to.x) - wide(from.x), wide(to.y) - wide(from.y)];
        let size = self.cell_size();
        let k = usize::from((d[1] / wide(size.y)).abs() > (d[0] / wide(size.x)).abs());
        let cells = i64::from(if k == 0 { self.width() } else { self.height() });
        let (lo, hi) = if k == 0 {
            (self.edge_x(-1), self.edge_x(cells + 1))
        } else {
            (self.edge_y(-1), self.edge_y(cells + 1))
        };
        if from[k].max(to[k]) < lo || from[k].min(to[k]) > hi {
            return None;
        }
        let (a, ta) = slab_end(from, to, k, d[k], (lo, hi), (from, 0.0));
        let (b, tb) = slab_end(from, to, k, d[k], (lo, hi), (to, 1.0));
        let hit = self.cast_near(a, b)?;
        // Back to a time on the whole segment: `t` of the part is a fraction of `ta..tb`.
        let t = ta + f64::from(hit.impact.t) * (tb - ta);
        let t = (t as f32).clamp(0.0, 1.0);
        Some(WorldHit {
            impact: Impact { t, ..hit.impact },
            ..hit
        })
    }
}

/// `f32` to `f64`.
fn wide(v: f32) -> f64 {
    f64::from(v)
}

/// The end `end` (`from` at time `0` or `to` at `1`) of the segment's part in the slab
/// `lo..=hi` along axis `k`, and its time on the segment: `end` itself inside the slab, else
/// the point of the line on the slab's edge nearer `end`.
fn slab_end(
    from: Vec2,
    to: Vec2,
    k: usize,
    dk: f64,
    (lo, hi): (f32, f32),
    (end, at): (Vec2, f64),
) -> (Vec2, f64) {
    if (lo..=hi).contains(&end[k]) {
        return (end, at);
    }
    let edge = if end[k] < lo { lo } else { hi };
    let mut p = Vec2::ZERO;
    p[k] = edge;
    p[1 - k] = across_at(from, to, k, edge);
    (p, (wide(edge) - wide(from[k])) / dk)
}

/// The coordinate across axis `k` of the point on the line through `f` and `t` whose
/// coordinate along `k` is `x` (between theirs, which differ), to within rounding to `f32`:
/// a first guess in `f64` (off by some 2⁻⁵⁰ of the ends' coordinates, far more than a cell
/// for a start far enough away), then two Newton steps on the exact orientation of the point
/// against the line.
fn across_at(f: Vec2, t: Vec2, k: usize, x: f32) -> f32 {
    let j = 1 - k;
    let dk = wide(t[k]) - wide(f[k]);
    let dj = wide(t[j]) - wide(f[j]);
    // The point lies between the ends across `k` too: clamped there, every guess is finite.
    let (lo, hi) = (f[j].min(t[j]), f[j].max(t[j]));
    let guess = wide(f[j]) + dj * ((wide(x) - wide(f[k])) / dk);
    let mut y = (guess as f32).clamp(lo, hi);
    for _ in 0..2 {
        // The orientation changes by `-dk` per unit across `k`.
        let off = orientation(f, t, k, x, y);
        y = ((wide(y) + off / dk) as f32).clamp(lo, hi);
    }
    y
}

/// `(p − f) × (t − f)` with `p = (x, y)` (`x` along axis `k`, `y` across it), zero on the
/// line through `f` and `t`: rounded once from its exact value, which is a sum of six
/// products of two `f32`s, each exact in `f64`, added exactly.
fn orientation(f: Vec2, t: Vec2, k: usize, x: f32, y: f32) -> f64 {
    let j = 1 - k;
    let (fk, fj, tk, tj) = (wide(f[k]), wide(f[j]), wide(t[k]), wide(t[j]));
    let (x, y) = (wide(x), wide(y));
    exact_sum([x * tj, -x * fj, -fk * tj, -y * tk, y * fk, fj * tk])
}

/// The sum of `terms`, rounded from its exact value: kept as a sum of parts that do not
/// overlap (Shewchuk's expansion, grown a term at a time by error-free additions), added up
/// from the smallest part.
fn exact_sum(terms: [f64; 6]) -> f64 {
    let mut parts = [0.0f64; 6];
    for (n, &term) in terms.iter().enumerate() {
        let mut q = term;
        for part in &mut parts[..n] {
            let (sum, error) = two_sum(q, *part);
            *part = error;
            q = sum;
        }
        parts[n] = q;
    }
    parts.iter().sum()
}

/// `a + b` rounded, and what the rounding lost (exactly).
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let sum = a + b;
    let b_part = sum - a;
    let a_part = sum - b_part;
    (sum, (a - a_part) + (b - b_part))
}

/// The part `t0..=t1` of `[0, 1]` in which the segment touches the closed box, if any.
pub(super) fn clip(from: Vec2, d: Vec2, lo: Vec2, hi: Vec2) -> Option<(f32, f32)> {
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    for axis in 0..2 {
        let (p, dv) = (from[axis], d[axis]);
        if dv == 0.0 {
            if p < lo[axis] || p > hi[axis] {
                return None;
            }
            continue;
        }
        let (a, b) = ((lo[axis] - p) / dv, (hi[axis] - p) / dv);
        t0 = t0.max(a.min(b));
        t1 = t1.min(a.max(b));
    }
    (t0 <= t1).then_some((t0, t1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_are_exact_before_their_one_rounding() {
        // 1e30 + 1 - 1e30 is 1, not 0; and the parts that cancel leave the small ones whole.
        assert_eq!(exact_sum([1e30, 1.0, -1e30, 0.0, 0.0, 0.0]), 1.0);
        assert_eq!(exact_sum([1e60, 3.0, -1e60, 1e-30, 2e60, -2e60]), 3.0);
    }

    #[test]
    fn points_on_lines_from_far_away_are_found_to_the_ulp() {
        // From (-3e38, 1) to (5, 2): at x = 0 the line is at 1 + 3e38 / (3e38 + 5) ≈ 2.
        let (f, t) = (Vec2::new(-3e38, 1.0), Vec2::new(5.0, 2.0));
        assert_eq!(across_at(f, t, 0, 0.0), 2.0);
        // A diagonal from far out through (0.5, 0.25).
        let (f, t) = (Vec2::new(-1e20, -5e19 + 0.25), Vec2::new(4.0, 2.25));
        let y = across_at(f, t, 0, 0.5);
        assert!((y - 0.5).abs() <= 1e-6, "{y}");
    }
}
