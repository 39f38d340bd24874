//! Segment casts on a tile map: row by row in the order the segment crosses them, a block row
//! of 16 at a time where the blocks it crosses are empty and a band of 4 where the cells under
//! it are, each row's solid cells found eight cell bytes at a time and tested exactly in the
//! order the segment reaches them.

use glam::Vec2;

use super::faces::Face;
use super::scan::BLOCK;
use super::{TileCell, TileHit, TileMap};

/// Rows tested together inside a block row that holds a solid cell: the cell bytes of the
/// band's rows under the segment, or-ed eight columns a word, say whether any row of it needs
/// a look.
const BAND: u32 = 4;

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
    /// (the `x` face if both are, or neither). The first solid cell the segment enters it
    /// enters from an empty one, so that face is exposed.
    ///
    /// **Cost.** The walk visits the rows the segment crosses inside the map, in order, and
    /// stops at the first solid cell entered: a look at a bit per block of 16 × 16 cells for each
    /// block row it crosses; in the block rows where those blocks hold a solid cell, a 64-bit
    /// word per 8 cells it may cross in each band of 4 rows (the rows' bytes or-ed together),
    /// and in the bands holding one, the same per row and the exact test on the solid cells
    /// it finds there. The cost follows the segment's length, not the map's size. Non-finite
    /// input gives `None`. Allocation-free.
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
        let walk = Walk::new(self, from, d, t0, t1.min(1.0));
        // The rows the segment crosses inside the map, and one more each side, so that the
        // rounding of its ends can never leave a row out; cells it does not enter are
        // refused by the exact test.
        let (a, b) = (walk.at(walk.t0).y, walk.at(walk.t1).y);
        let h = i64::from(self.height());
        let row = |v: f32, by: i64| self.row_of(v).saturating_add(by).clamp(0, h - 1) as u32;
        let (first, last) = (row(a.min(b), -1), row(a.max(b), 1));
        let up = d.y >= 0.0;
        let mut best: Option<TileHit> = None;
        let mut y = if up { first } else { last };
        loop {
            let block = y / BLOCK;
            let rows = (
                block * BLOCK,
                (block * BLOCK + BLOCK - 1).min(self.height() - 1),
            );
            // The rows of this block the walk visits, up to `stop`, in its order.
            let (stop, past) = if up {
                (rows.1.min(last), rows.1 >= last)
            } else {
                (rows.0.max(first), rows.0 <= first)
            };
            if best.is_some_and(|b| walk.enters_rows_after(self, rows, b.t)) {
                break;
            }
            let (c0, c1) = walk.columns(self, rows);
            if self.any_block(block, c0 / BLOCK, c1 / BLOCK)
                && self.rows_hits((y, stop), &walk, &mut best)
            {
                break;
            }
            if past {
                break;
            }
            y = if up { stop + 1 } else { stop - 1 };
        }
        best
    }

    /// Tests the rows from `rows.0` to `rows.1` (either way) a band of [`BAND`] rows at a
    /// time, passing over a band whose columns under the segment hold no solid cell; true once
    /// the segment reaches the next band only after `best`, and no later row can hold a
    /// nearer hit.
    fn rows_hits(&self, rows: (u32, u32), walk: &Walk, best: &mut Option<TileHit>) -> bool {
        let up = rows.1 >= rows.0;
        let mut y = rows.0;
        loop {
            let end = if up {
                (y / BAND * BAND + BAND - 1).min(rows.1)
            } else {
                (y / BAND * BAND).max(rows.1)
            };
            let band = (y.min(end), y.max(end));
            if best.is_some_and(|b| walk.enters_rows_after(self, band, b.t)) {
                return true;
            }
            let (c0, c1) = walk.columns(self, band);
            if self.first_column_in(c0, c1, band, false).is_some()
                && self.band_hits((y, end), walk, best)
            {
                return true;
            }
            if end == rows.1 {
                return false;
            }
            y = if up { end + 1 } else { end - 1 };
        }
    }

    /// Tests the rows from `rows.0` to `rows.1` (either way) in turn; true once the segment
    /// reaches the next of them only after `best`, and no later row can hold a nearer hit.
    fn band_hits(&self, rows: (u32, u32), walk: &Walk, best: &mut Option<TileHit>) -> bool {
        let mut y = rows.0;
        loop {
            if best.is_some_and(|b| walk.enters_rows_after(self, (y, y), b.t)) {
                return true;
            }
            self.row_hits(y, walk.columns(self, (y, y)), walk, best);
            if y == rows.1 {
                return false;
            }
            y = if rows.1 > y { y + 1 } else { y - 1 };
        }
    }

    /// Tests the solid cells of row `y` within `columns` in the order the segment reaches
    /// them, until one that it reaches only after `best`.
    fn row_hits(&self, y: u32, columns: (u32, u32), walk: &Walk, best: &mut Option<TileHit>) {
        let (from, d) = (walk.from, walk.d);
        let reverse = d.x < 0.0;
        let (mut lo, mut hi) = columns;
        while let Some(x) = self.first_in_row(y, lo, hi, reverse) {
            // The cell is entered no sooner than the segment reaches its near column edge
            // (the exact test's formula).
            let near = self.edge_x(i64::from(x) + i64::from(reverse));
            if d.x != 0.0 && best.is_some_and(|b| (near - from.x) / d.x > b.t) {
                break;
            }
            if let Some(hit) = self.segment_enters(x, y, from, d) {
                if best.is_none_or(|b| hit.before(&b, self)) {
                    *best = Some(hit);
                }
            }
            match reverse {
                true if x > lo => hi = x - 1,
                false if x < hi => lo = x + 1,
                _ => break,
            }
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

/// The segment `from + d · t`, the part `t0..=t1` of it inside the map, and what finding the
/// columns it crosses within a run of rows takes: the column coordinate where it meets a row
/// edge is linear in the edge's number, `base + j · per_row`.
struct Walk {
    from: Vec2,
    d: Vec2,
    t0: f32,
    t1: f32,
    /// Whether the segment moves along y enough for `base` and `per_row` to mean anything.
    sloped: bool,
    base: f64,
    per_row: f64,
    /// The column coordinates of the part inside the map, and the margin every column range
    /// gets.
    lo: f64,
    hi: f64,
    margin: f64,
}

impl Walk {
    fn new(map: &TileMap, from: Vec2, d: Vec2, t0: f32, t1: f32) -> Self {
        let (o, size) = (map.origin(), map.cell_size());
        let inv_w = 1.0 / f64::from(size.x);
        let column = |x: f32| (f64::from(x) - f64::from(o.x)) * inv_w;
        let (ca, cb) = (column(from.x + d.x * t0), column(from.x + d.x * t1));
        let slope = f64::from(d.x) / f64::from(d.y);
        let sloped = d.y != 0.0 && slope.is_finite();
        let (base, per_row) = if sloped {
            let from_edge0 = f64::from(o.y) - f64::from(from.y);
            (
                column(from.x) + from_edge0 * slope * inv_w,
                f64::from(size.y) * slope * inv_w,
            )
        } else {
            (0.0, 0.0)
        };
        // The exact test crosses row edges at `t`s rounded in f32: a few ulps of the largest
        // y coordinate, over d.y, which x turns into `slope` times as much; and the rounding
        // of x itself. One column more besides.
        let far = f64::from(from.y.abs().max(map.bounds().max().y.abs()).max(o.y.abs()));
        let slack_x = slope.abs() * far * 2f64.powi(-21) + f64::from(d.x.abs()) * 2f64.powi(-21);
        let margin = 1.0 + if sloped { slack_x * inv_w } else { 0.0 };
        Self {
            from,
            d,
            t0,
            t1,
            sloped,
            base,
            per_row,
            lo: ca.min(cb),
            hi: ca.max(cb),
            margin,
        }
    }

    fn at(&self, t: f32) -> Vec2 {
        self.from + self.d * t
    }

    /// The columns the segment may cross within rows `rows.0..=rows.1`, with the margin: a
    /// prefilter (the exact test decides on each solid cell found).
    fn columns(&self, map: &TileMap, rows: (u32, u32)) -> (u32, u32) {
        // Plain comparisons rather than `min`/`max`: every value here is finite.
        let (mut lo, mut hi) = (self.lo, self.hi);
        if self.sloped {
            let a = self.base + f64::from(rows.0) * self.per_row;
            let b = self.base + f64::from(rows.1 + 1) * self.per_row;
            let (a, b) = if a < b { (a, b) } else { (b, a) };
            lo = if a > lo { a } else { lo };
            hi = if b < hi { b } else { hi };
        }
        if hi < lo {
            (lo, hi) = (hi, lo);
        }
        let last = map.width() - 1;
        // Truncation is the floor for every column in the map, and `as` saturates: one
        // before the map is 0, one past it is clamped to the last.
        let column = |c: f64| (c as u32).min(last);
        (column(lo - self.margin), column(hi + self.margin))
    }

    /// Whether the segment reaches rows `rows.0..=rows.1` only after `t`: by the exact
    /// test's formula, so that no cell of them is entered at or before `t` then.
    fn enters_rows_after(&self, map: &TileMap, rows: (u32, u32), t: f32) -> bool {
        let (d, p) = (self.d.y, self.from.y);
        if d == 0.0 {
            return false;
        }
        let near = if d > 0.0 { rows.0 } else { rows.1 + 1 };
        (map.edge_y(i64::from(near)) - p) / d > t
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
