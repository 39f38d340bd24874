//! Segment casts on a tile map: a cell walk (Amanatides–Woo) from one end to the other.

use glam::Vec2;

use super::faces::Face;
use super::{TileCell, TileHit, TileMap};

impl TileMap {
    /// The first solid cell the segment `from → to` enters, with the fraction `t` of the
    /// segment at which it enters, the point there and the normal of the face it enters
    /// through (from the segment into the cell, so a shot down onto a floor gets `-y`).
    ///
    /// Entering means passing inside the cell: a segment that only touches a cell's edge or
    /// corner, or runs exactly along a grid line, does not enter the cells beside it (overlap
    /// is strict, as everywhere in collide). A segment that starts inside a solid cell enters
    /// it at `t = 0`, with its own direction as the normal (`+x` for a zero-length one).
    /// Entering through a corner, the normal is that of a face whose neighbour is empty
    /// (the `x` face if both are, or neither). Since the walk enters each cell from the one
    /// before it, which is empty, the face is exposed.
    ///
    /// **Cost.** The walk visits the cells the segment crosses inside the map, in order, and
    /// stops at the first solid one: at most `|Δx| / cell_w + |Δy| / cell_h + 2` cells, not
    /// the map's size. Non-finite input gives `None`. Allocation-free.
    ///
    /// ```
    /// use collide_broad::{TileCell, TileMap};
    /// use glam::Vec2;
    ///
    /// let map = TileMap::from_rows(&["...", "...", "###"], Vec2::splat(10.0), Vec2::ZERO)?;
    /// // A shot from the top left down to the floor's middle.
    /// let hit = map.cast_segment(Vec2::new(0.0, 30.0), Vec2::new(15.0, 0.0)).expect("the floor");
    /// assert!((hit.t - 2.0 / 3.0).abs() < 1e-6); // at y = 10
    /// assert!((hit.point - Vec2::new(10.0, 10.0)).length() < 1e-4);
    /// assert_eq!((hit.normal, hit.cell), (Vec2::NEG_Y, TileCell::new(1, 0)));
    /// # Ok::<(), collide_broad::Error>(())
    /// ```
    #[must_use]
    pub fn cast_segment(&self, from: Vec2, to: Vec2) -> Option<TileHit> {
        if !(from.is_finite() && to.is_finite()) {
            return None;
        }
        let d = to - from;
        if !d.is_finite() {
            return None;
        }
        let bounds = self.bounds();
        let (t0, t1) = clip(from, d, bounds.min(), bounds.max())?;
        let step = [step_of(d.x), step_of(d.y)];
        // The walk starts a cell back from where the segment enters the map on each axis it
        // moves along, so the rounding of that point can never skip a cell; cells it does not
        // enter are refused by the exact test.
        let entry = from + d * t0;
        let (w, h) = (i64::from(self.width()), i64::from(self.height()));
        let mut i = self
            .column_of(entry.x)
            .saturating_sub(step[0])
            .clamp(0, w - 1);
        let mut j = self.row_of(entry.y).saturating_sub(step[1]).clamp(0, h - 1);
        let mut best: Option<TileHit> = None;
        loop {
            let (x, y) = (i as u32, j as u32);
            if self.is_solid(x, y) {
                if let Some(hit) = self.segment_enters(x, y, from, d) {
                    if best.is_none_or(|b| hit.before(&b, self)) {
                        best = Some(hit);
                    }
                }
            }
            // When the segment crosses the next column edge and the next row edge, the same
            // formula as the exact test, so the walk and the test agree on every tie.
            let tx = self.next_crossing(from.x, d.x, i, step[0], |k| self.edge_x(k));
            let ty = self.next_crossing(from.y, d.y, j, step[1], |k| self.edge_y(k));
            let next = tx.min(ty);
            if best.is_some_and(|b| next > b.t) || next >= t1.min(1.0) {
                break;
            }
            // Equal crossings step both ways at once: the segment passes the corner and never
            // enters the two cells beside it.
            if tx <= ty {
                i += step[0];
            }
            if ty <= tx {
                j += step[1];
            }
            if i < 0 || j < 0 || i >= w || j >= h {
                break;
            }
        }
        best
    }

    /// When the segment crosses the next edge past cell `k` in direction `step` (`+inf` if it
    /// does not move on this axis).
    fn next_crossing(&self, p: f32, d: f32, k: i64, step: i64, edge: impl Fn(i64) -> f32) -> f32 {
        match step {
            1 => (edge(k + 1) - p) / d,
            -1 => (edge(k) - p) / d,
            _ => f32::INFINITY,
        }
    }

    /// The hit of the segment `from + d · t` on solid cell `(x, y)`, if it passes inside it.
    fn segment_enters(&self, x: u32, y: u32, from: Vec2, d: Vec2) -> Option<TileHit> {
        let (lo, hi) = (self.cell_min(x, y), self.cell_min(x + 1, y + 1));
        let (enter, leave) = strict_entry(from, d, lo, hi)?;
        let cell = TileCell::new(x, y);
        let (t, normal) = if enter.t <= 0.0 {
            let normal = d.try_normalize().unwrap_or(Vec2::X);
            (0.0, normal)
        } else {
            (enter.t, self.entry_normal(x, y, d, enter))
        };
        if t >= leave.min(1.0) {
            return None;
        }
        Some(TileHit {
            t,
            point: from + d * t,
            normal,
            cell,
        })
    }

    /// The normal of the face of `(x, y)` the segment enters through; through a corner (both
    /// slabs entered at once), a face whose neighbour is empty, `x` first.
    fn entry_normal(&self, x: u32, y: u32, d: Vec2, enter: Entry) -> Vec2 {
        let fx = if d.x > 0.0 { Face::Left } else { Face::Right };
        let fy = if d.y > 0.0 { Face::Bottom } else { Face::Top };
        match (enter.x == enter.t, enter.y == enter.t) {
            (true, false) => fx.inward(),
            (false, true) => fy.inward(),
            _ if !self.exposed(x, y, fx) && self.exposed(x, y, fy) => fy.inward(),
            _ => fx.inward(),
        }
    }
}

/// When a segment enters a cell: overall and on each axis (`-inf` on an axis it does not move
/// along).
#[derive(Clone, Copy)]
struct Entry {
    t: f32,
    x: f32,
    y: f32,
}

/// When the segment `from + d · t` (for any `t`) is strictly inside the box `lo..hi`: entry and
/// exit, `None` if never (a segment along an edge, or only touching a corner).
fn strict_entry(from: Vec2, d: Vec2, lo: Vec2, hi: Vec2) -> Option<(Entry, f32)> {
    let mut enter = [f32::NEG_INFINITY; 2];
    let mut leave = f32::INFINITY;
    for axis in 0..2 {
        let (p, dv) = (from[axis], d[axis]);
        if dv == 0.0 {
            if p <= lo[axis] || p >= hi[axis] {
                return None;
            }
            continue;
        }
        let (a, b) = ((lo[axis] - p) / dv, (hi[axis] - p) / dv);
        enter[axis] = a.min(b);
        leave = leave.min(a.max(b));
    }
    let t = enter[0].max(enter[1]);
    (t < leave && leave > 0.0).then_some((
        Entry {
            t,
            x: enter[0],
            y: enter[1],
        },
        leave,
    ))
}

/// The part `t0..=t1` of `[0, 1]` in which the segment touches the closed box, if any.
fn clip(from: Vec2, d: Vec2, lo: Vec2, hi: Vec2) -> Option<(f32, f32)> {
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

fn step_of(d: f32) -> i64 {
    if d > 0.0 {
        1
    } else if d < 0.0 {
        -1
    } else {
        0
    }
}
