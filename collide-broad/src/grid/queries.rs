//! Queries: the objects in a box, and the objects along a segment.

use collide_core::Aabb;
use glam::Vec2;

use super::cells::Item;
use super::numbering::cell_number;
use super::Grid;
use crate::proxy::{finish_segment_hits, indexed_corners, segment_pad, Segment};

/// Beyond this many cells from the origin, a segment's cells are not walked: the cells' edges
/// are no longer known to within half a cell.
const FAR: f32 = 4.0e6;

impl Grid {
    /// The ids of the objects whose bounds overlap `area` strictly.
    pub(super) fn objects_in(&self, area: &Aabb, out: &mut Vec<u32>) {
        out.clear();
        let Some((lo, hi)) = indexed_corners(area) else {
            return;
        };
        let mut push = |cell: &[Item]| {
            out.extend(
                cell.iter()
                    .filter(|item| item.bounds.overlaps(area))
                    .map(|item| item.id),
            );
        };
        // Only the occupied levels: a scene fills one or two of the twenty, and a point
        // query costs little more than the loop over the levels did.
        let mut levels = self.occupied;
        while levels != 0 {
            let k = levels.trailing_zeros() as usize;
            levels &= levels - 1;
            self.visit_cells(k, self.reach(k, lo, hi), &mut push);
        }
        push(&self.large);
    }

    /// The ids of the objects whose bounds hold `point` strictly inside.
    ///
    /// [`objects_in`](Self::objects_in) for a box of size zero, without widening it: an
    /// object holds the point only if its widened corners do, and cell numbers never
    /// decrease, so its cell (that of its widened minimum corner) is the point's or the one
    /// before on each axis, its box spanning at most two cells per axis.
    pub(super) fn objects_at(&self, point: Vec2, out: &mut Vec<u32>) {
        out.clear();
        if !point.is_finite() {
            return;
        }
        let mut levels = self.occupied;
        while levels != 0 {
            let k = levels.trailing_zeros() as usize;
            levels &= levels - 1;
            let [x, y] = self.cell_of(k, point);
            let block = [x.saturating_sub(1), y.saturating_sub(1), x, y];
            match self.dense_block(k, block) {
                Some(rows) => {
                    for (a, b) in rows {
                        push_holding(&self.items[a..b], point, out);
                    }
                }
                None => self.objects_at_elsewhere(k, block, point, out),
            }
        }
        if !self.large.is_empty() {
            push_holding(&self.large, point, out);
        }
    }

    /// [`objects_at`](Self::objects_at) on a hashed level, or at the edge of a dense one: out
    /// of line, so that the usual path keeps its values in registers.
    #[cold]
    #[inline(never)]
    fn objects_at_elsewhere(&self, k: usize, block: [i32; 4], point: Vec2, out: &mut Vec<u32>) {
        self.visit_cells(k, block, |cell| push_holding(cell, point, out));
    }

    /// `(t, id)` for the objects the segment touches, nearest first.
    pub(super) fn objects_on_segment(&self, from: Vec2, to: Vec2, out: &mut Vec<(f32, u32)>) {
        out.clear();
        let Some(segment) = Segment::new(from, to) else {
            return;
        };
        let mut push = |cell: &[Item]| {
            out.extend(
                cell.iter()
                    .filter_map(|item| segment.entry_into(&item.bounds).map(|t| (t, item.id))),
            );
        };
        let d = to - from;
        for (k, level) in self.levels.iter().enumerate() {
            if level.count == 0 {
                continue;
            }
            let (cell, inv) = (1.0 / self.inv[k], self.inv[k]);
            let pad = segment_pad(from, to);
            let (lo, hi) = (from.min(to) - pad, from.max(to) + pad);
            let [x0, y0, x1, y1] = self.cells_of(k, lo, hi);
            let columns = i64::from(x1) - i64::from(x0) + 1;
            let rows = i64::from(y1) - i64::from(y0) + 1;
            let reach = (lo - self.origin).abs().max((hi - self.origin).abs());
            if reach.max_element() * inv > FAR
                || (columns + rows) as u64 > 4 * u64::from(level.count) + 16
            {
                push(self.level_items(level));
                continue;
            }
            // Walk the segment column by column; in each, the rows its y covers there. An
            // object's cell is the one its box reaches or the one before, on each axis.
            for cx in x0..=x1 {
                // The boxes filed in column `cx` lie within these x, with half a cell to spare
                // each side: a box starts within half a cell of the column's centre and ends
                // before the far edge of the next column.
                let left = self.origin.x + (cx - 1) as f32 * cell;
                let x0 = (left - pad).max(lo.x);
                let x1 = (left + 3.0 * cell + pad).min(hi.x);
                let (y0, y1) = if d.x.abs() <= pad {
                    (lo.y, hi.y)
                } else {
                    let ya = from.y + d.y * ((x0 - from.x) / d.x).clamp(0.0, 1.0);
                    let yb = from.y + d.y * ((x1 - from.x) / d.x).clamp(0.0, 1.0);
                    ((ya.min(yb) - pad).max(lo.y), (ya.max(yb) + pad).min(hi.y))
                };
                let rows = [
                    cx.saturating_sub(1),
                    cell_number(y0, self.origin.y, inv).saturating_sub(1),
                    cx,
                    cell_number(y1, self.origin.y, inv),
                ];
                self.visit_cells(k, rows, &mut push);
            }
        }
        push(&self.large);
        finish_segment_hits(out);
    }
}

/// Appends the ids of the items of `cell` whose bounds hold `point` strictly inside: the
/// test of [`Aabb::overlaps`] with a box of size zero.
#[inline]
fn push_holding(cell: &[Item], point: Vec2, out: &mut Vec<u32>) {
    let holds = |item: &&Item| {
        let d = (item.bounds.center - point).abs();
        d.x < item.bounds.half_extents.x && d.y < item.bounds.half_extents.y
    };
    out.extend(cell.iter().filter(holds).map(|item| item.id));
}
