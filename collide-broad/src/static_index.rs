//! The index behind [`StaticBodies`](crate::StaticBodies): which cells of a uniform grid each
//! body covers, with only the cells that hold something stored (a hash table from cell to a
//! list), so a level's cost follows its bodies, not the area it spans.

use collide_core::Aabb;
use glam::Vec2;

use crate::cell_table::{cell_key, CellTable};

/// The most cells one body may cover before it is kept apart and checked by every query.
const MAX_CELLS_PER_BODY: u64 = 64;

/// A range of cells, `[x0, y0, x1, y1]`, inclusive.
type CellRange = [i32; 4];

#[derive(Clone, Debug, Default)]
pub(crate) struct CellIndex {
    cell: f32,
    table: CellTable,
    /// Where each stored cell's list starts in `entries` (by the table's cell numbers); one
    /// more than there are cells.
    starts: Vec<u32>,
    entries: Vec<u32>,
    /// Each body's cell range, by body index, to visit a body once: in the first cell of its
    /// range that the query covers.
    ranges: Vec<CellRange>,
    /// Each body's box as its two corners, by body index: a query offers only the bodies whose
    /// box touches its own, so that the bodies sharing its cells but not its box cost a
    /// comparison, not a call.
    corners: Vec<[Vec2; 2]>,
    /// Bodies covering too many cells, checked by every query.
    oversized: Vec<u32>,
    /// How many bodies are indexed.
    bodies: usize,
}

impl CellIndex {
    /// Indexes the bodies' boxes, `(body index, box)`; body indices are below `slots`.
    pub fn build(&mut self, slots: usize, boxes: impl Iterator<Item = (u32, Aabb)> + Clone) {
        let (mut sizes, mut count) = (0.0f64, 0usize);
        for (_, b) in boxes.clone() {
            sizes += f64::from(b.size().max_element());
            count += 1;
        }
        // Cells about twice the average body: most bodies cover one to four of them.
        let average = if count > 0 { sizes / count as f64 } else { 1.0 };
        self.cell = (2.0 * average as f32).max(f32::MIN_POSITIVE * 1e6);
        if !self.cell.is_finite() {
            self.cell = f32::MAX;
        }
        self.bodies = count;
        self.ranges.clear();
        self.ranges.resize(slots, [0; 4]);
        self.corners.clear();
        self.corners.resize(slots, [Vec2::ZERO; 2]);
        self.oversized.clear();
        self.entries.clear();
        self.table.clear(4 * count);
        self.starts.clear();
        self.starts.push(0);
        // Count each cell's bodies (cells numbered as the table first meets them), then place.
        for (i, b) in boxes.clone() {
            let r = self.cell_range(&b);
            self.ranges[i as usize] = r;
            self.corners[i as usize] = [b.min(), b.max()];
            if covered(r) > MAX_CELLS_PER_BODY {
                self.oversized.push(i);
                continue;
            }
            for key in cells(r) {
                let fresh = self.starts.len() as u32 - 1;
                let (cell, new) = self.table.insert(key, 0, fresh);
                if new {
                    self.starts.push(0);
                }
                self.starts[cell as usize + 1] += 1;
            }
        }
        for c in 1..self.starts.len() {
            self.starts[c] += self.starts[c - 1];
        }
        self.entries
            .resize(*self.starts.last().unwrap_or(&0) as usize, 0);
        let mut fill = self.starts.clone();
        for (i, _) in boxes {
            let r = self.ranges[i as usize];
            if covered(r) > MAX_CELLS_PER_BODY {
                continue;
            }
            for key in cells(r) {
                if let Some(cell) = self.table.get(key, 0) {
                    self.entries[fill[cell as usize] as usize] = i;
                    fill[cell as usize] += 1;
                }
            }
        }
    }

    /// Calls `offer` with every body whose box touches `area` (overlaps it or shares an edge),
    /// once each.
    pub fn visit(&self, area: &Aabb, offer: &mut impl FnMut(u32)) {
        let (lo, hi) = (area.min(), area.max());
        let touching = |i: u32| {
            let [min, max] = self.corners[i as usize];
            min.cmple(hi).all() && lo.cmple(max).all()
        };
        for &i in &self.oversized {
            if touching(i) {
                offer(i);
            }
        }
        if self.bodies == 0 {
            return;
        }
        let q = self.cell_range(area);
        if covered(q) > 2 * (self.starts.len() as u64) {
            // A query wider than the level's stored cells: every body, once, is cheaper.
            for (i, r) in self.ranges.iter().enumerate() {
                if covered(*r) <= MAX_CELLS_PER_BODY && overlap(*r, q) && touching(i as u32) {
                    offer(i as u32);
                }
            }
            return;
        }
        for y in q[1]..=q[3] {
            for x in q[0]..=q[2] {
                let Some(cell) = self.table.get(cell_key(x, y), 0) else {
                    continue;
                };
                let list = &self.entries
                    [self.starts[cell as usize] as usize..self.starts[cell as usize + 1] as usize];
                for &i in list {
                    // Visit a body in one cell only: the first of its range the query covers.
                    let r = self.ranges[i as usize];
                    if x == r[0].max(q[0]) && y == r[1].max(q[1]) && touching(i) {
                        offer(i);
                    }
                }
            }
        }
    }

    fn cell_of(&self, p: Vec2) -> [i32; 2] {
        // `as` saturates: far-away boxes share the edge cells, consistently for bodies and
        // queries alike.
        let c = (p / self.cell).floor();
        [c.x as i32, c.y as i32]
    }

    fn cell_range(&self, b: &Aabb) -> CellRange {
        let [x0, y0] = self.cell_of(b.min());
        let [x1, y1] = self.cell_of(b.max());
        [x0, y0, x1, y1]
    }
}

/// The cell keys of a range, row by row.
fn cells([x0, y0, x1, y1]: CellRange) -> impl Iterator<Item = u64> + Clone {
    (y0..=y1).flat_map(move |y| (x0..=x1).map(move |x| cell_key(x, y)))
}

fn covered([x0, y0, x1, y1]: CellRange) -> u64 {
    (i64::from(x1) - i64::from(x0) + 1) as u64 * (i64::from(y1) - i64::from(y0) + 1) as u64
}

fn overlap(a: CellRange, b: CellRange) -> bool {
    a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3]
}
