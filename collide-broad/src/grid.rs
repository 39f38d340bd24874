use collide_core::Aabb;
use glam::Vec2;

use crate::cell_table::{cell_key, CellTable};
use crate::proxy::{finish_segment_hits, prepare, segment_entry, segment_pad, Entry};
use crate::{BroadPhase, Proxy};

/// Cells a proxy may cover before it is kept aside and tested against everything instead.
const DEFAULT_MAX_CELLS: u32 = 256;
/// The automatic cell size is this many times the median object size.
const CELL_PER_MEDIAN: f32 = 2.0;
/// Beyond this many cells per coordinate, cell numbers saturate and ranges are not walked.
const SATURATED: f32 = 1.0e9;

/// A uniform grid stored as a spatial hash: an unbounded world, any coordinates.
///
/// Each object is put in every cell its box covers (the collision pass gives the swept box, so
/// a fast bullet sits in every cell along its path). A pair is reported only from the cell
/// that holds the minimum corner of the two boxes' overlap, so it comes out once with no
/// per-frame set of seen pairs. Cells live in a flat open-addressing table and the objects of
/// a cell in one flat array (a counting sort by cell), so a frame allocates nothing once the
/// buffers have grown.
///
/// The cell size is fixed with [`with_cell_size`](Grid::with_cell_size), or derived each
/// frame from the objects: twice the median of their larger side. A box that would cover more
/// than [`max_cells_per_proxy`](Grid::with_max_cells_per_proxy) cells (the long thin swept box
/// across the world, a level-sized trigger) is kept in a side list and tested against every
/// object instead, so no box can make a frame explode.
#[derive(Clone, Debug)]
pub struct Grid {
    fixed_cell: Option<f32>,
    max_cells: u32,
    cell: f32,
    inv_cell: f32,
    entries: Vec<Entry>,
    /// Per entry: its cell range, `x0 > x1` for a large entry.
    ranges: Vec<[i32; 4]>,
    large: Vec<u32>,
    table: CellTable,
    /// Per slot: its cell.
    slot_cells: Vec<(i32, i32)>,
    /// Per slot: start of its items; one extra at the end.
    starts: Vec<u32>,
    /// The slot of each (entry, cell) cover, in insertion order.
    covers: Vec<u32>,
    /// Entry indices grouped by slot.
    items: Vec<u32>,
    scratch: Vec<f32>,
}

impl Default for Grid {
    fn default() -> Self {
        Self::new()
    }
}

impl Grid {
    /// A grid whose cell size is derived from the objects each frame.
    #[must_use]
    pub fn new() -> Self {
        Self {
            fixed_cell: None,
            max_cells: DEFAULT_MAX_CELLS,
            cell: 1.0,
            inv_cell: 1.0,
            entries: Vec::new(),
            ranges: Vec::new(),
            large: Vec::new(),
            table: CellTable::default(),
            slot_cells: Vec::new(),
            starts: Vec::new(),
            covers: Vec::new(),
            items: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// A grid with square cells of side `cell_size`; a non-finite or non-positive size means
    /// "derive it from the objects".
    #[must_use]
    pub fn with_cell_size(cell_size: f32) -> Self {
        let mut g = Self::new();
        g.fixed_cell = (cell_size.is_finite() && cell_size > 0.0).then_some(cell_size);
        g
    }

    /// Sets how many cells one box may cover before it goes to the side list (at least 1).
    #[must_use]
    pub fn with_max_cells_per_proxy(mut self, max_cells: u32) -> Self {
        self.max_cells = max_cells.max(1);
        self
    }

    /// The cell size used by the last update.
    #[must_use]
    pub fn cell_size(&self) -> f32 {
        self.cell
    }

    /// How many boxes the last update kept aside as too large for the cells.
    #[must_use]
    pub fn large_count(&self) -> usize {
        self.large.len()
    }

    fn choose_cell_size(&mut self) -> f32 {
        if let Some(c) = self.fixed_cell {
            return c;
        }
        self.scratch.clear();
        self.scratch.extend(
            self.entries
                .iter()
                .map(|e| e.bounds.half_extents.max_element()),
        );
        if self.scratch.is_empty() {
            return 1.0;
        }
        let mid = self.scratch.len() / 2;
        let (_, median, _) = self.scratch.select_nth_unstable_by(mid, f32::total_cmp);
        let size = *median * 2.0 * CELL_PER_MEDIAN;
        if size.is_finite() && size > 0.0 {
            return size;
        }
        // Zero-size objects: spread the cells over the occupied area instead.
        let (lo, hi) = self.entries.iter().fold(
            (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
            |(lo, hi), e| (lo.min(e.lo), hi.max(e.hi)),
        );
        let span = (hi - lo).max_element() / (self.entries.len() as f32).sqrt();
        if span.is_finite() && span > 0.0 {
            span
        } else {
            1.0
        }
    }

    #[inline]
    fn cell_of(&self, v: f32) -> i32 {
        // `as` saturates, and is monotone like `floor`: boxes still share the cells they should.
        (v * self.inv_cell).floor() as i32
    }

    #[inline]
    fn range_of(&self, lo: Vec2, hi: Vec2) -> [i32; 4] {
        [
            self.cell_of(lo.x),
            self.cell_of(lo.y),
            self.cell_of(hi.x),
            self.cell_of(hi.y),
        ]
    }

    #[inline]
    fn cell_count(r: &[i32; 4]) -> u64 {
        let w = (i64::from(r[2]) - i64::from(r[0]) + 1) as u64;
        w.saturating_mul((i64::from(r[3]) - i64::from(r[1]) + 1) as u64)
    }

    /// Items of the cell `(cx, cy)`, if any object covers it.
    #[inline]
    fn cell_items(&self, cx: i32, cy: i32) -> &[u32] {
        match self.table.get(cell_key(cx, cy)) {
            Some(s) => {
                &self.items[self.starts[s as usize] as usize..self.starts[s as usize + 1] as usize]
            }
            None => &[],
        }
    }

    /// Whether the pair's overlap starts in cell `(cx, cy)`: the one cell that reports it.
    #[inline]
    fn owns(&self, a: &Entry, lo: Vec2, cx: i32, cy: i32) -> bool {
        self.cell_of(a.lo.x.max(lo.x)) == cx && self.cell_of(a.lo.y.max(lo.y)) == cy
    }
}

impl BroadPhase for Grid {
    fn update(&mut self, proxies: &[Proxy]) {
        prepare(proxies, &mut self.entries);
        self.cell = self.choose_cell_size();
        self.inv_cell = 1.0 / self.cell;
        self.ranges.clear();
        self.large.clear();
        self.covers.clear();
        self.slot_cells.clear();
        self.starts.clear();
        self.table.clear(self.entries.len() * 2);

        // Pass 1: number the cells and count each one's objects.
        for (i, e) in self.entries.iter().enumerate() {
            let r = self.range_of(e.lo, e.hi);
            if Self::cell_count(&r) > u64::from(self.max_cells) {
                // Marked large by `x0 > x1`; `y0` holds its place in the side list.
                self.ranges.push([1, self.large.len() as i32, 0, 0]);
                self.large.push(i as u32);
                continue;
            }
            self.ranges.push(r);
            for cy in r[1]..=r[3] {
                for cx in r[0]..=r[2] {
                    let (slot, new) = self.table.insert(cell_key(cx, cy));
                    if new {
                        self.slot_cells.push((cx, cy));
                        self.starts.push(0);
                    }
                    self.starts[slot as usize] += 1;
                    self.covers.push(slot);
                }
            }
        }
        // Counts to starts (exclusive prefix sums), then scatter (pass 2).
        let mut sum = 0;
        for s in &mut self.starts {
            let c = *s;
            *s = sum;
            sum += c;
        }
        self.starts.push(sum);
        self.items.clear();
        self.items.resize(sum as usize, 0);
        let mut k = 0;
        for (i, r) in self.ranges.iter().enumerate() {
            if r[0] > r[2] {
                continue;
            }
            for _ in 0..Self::cell_count(r) {
                let slot = self.covers[k] as usize;
                k += 1;
                self.items[self.starts[slot] as usize] = i as u32;
                self.starts[slot] += 1;
            }
        }
        // Scattering advanced every start to the next slot's: shift back by one.
        for s in (1..self.starts.len()).rev() {
            self.starts[s] = self.starts[s - 1];
        }
        if let Some(first) = self.starts.first_mut() {
            *first = 0;
        }
    }

    fn pairs(&mut self, out: &mut Vec<(u32, u32)>) {
        out.clear();
        let entries = &self.entries[..];
        for (slot, &(cx, cy)) in self.slot_cells.iter().enumerate() {
            let cell = &self.items[self.starts[slot] as usize..self.starts[slot + 1] as usize];
            for (k, &i) in cell.iter().enumerate() {
                let a = &entries[i as usize];
                for &j in &cell[k + 1..] {
                    let b = &entries[j as usize];
                    if a.may_overlap(b) && self.owns(a, b.lo, cx, cy) {
                        if let Some(pair) = a.pair_with(b) {
                            out.push(pair);
                        }
                    }
                }
            }
        }
        for (k, &i) in self.large.iter().enumerate() {
            let a = &entries[i as usize];
            for (j, b) in entries.iter().enumerate() {
                let rb = &self.ranges[j];
                // Large-large pairs come from the earlier of the two only.
                if rb[0] > rb[2] && rb[1] as usize <= k {
                    continue;
                }
                if a.may_overlap(b) {
                    if let Some(pair) = a.pair_with(b) {
                        out.push(pair);
                    }
                }
            }
        }
    }

    fn query_aabb(&self, area: &Aabb, out: &mut Vec<u32>) {
        out.clear();
        if !area.is_finite() {
            return;
        }
        let Some(q) = Entry::new(&Proxy::new(0, *area, collide_core::Layers::ALL)) else {
            return;
        };
        let r = self.range_of(q.lo, q.hi);
        let hit = |e: &Entry| e.may_overlap(&q) && e.bounds.overlaps(area);
        if Self::cell_count(&r) > self.slot_cells.len() as u64 {
            out.extend(self.entries.iter().filter(|e| hit(e)).map(|e| e.id));
            return;
        }
        for cy in r[1]..=r[3] {
            for cx in r[0]..=r[2] {
                for &i in self.cell_items(cx, cy) {
                    let e = &self.entries[i as usize];
                    if hit(e) && self.owns(e, q.lo, cx, cy) {
                        out.push(e.id);
                    }
                }
            }
        }
        for &i in &self.large {
            let e = &self.entries[i as usize];
            if hit(e) {
                out.push(e.id);
            }
        }
    }

    fn cast_segment(&self, from: Vec2, to: Vec2, out: &mut Vec<(f32, u32)>) {
        out.clear();
        if !from.is_finite() || !to.is_finite() {
            return;
        }
        let pad = segment_pad(from, to) + self.cell * 1e-3;
        let (lo, hi) = (from.min(to) - pad, from.max(to) + pad);
        let mut push = |e: &Entry| {
            if e.may_overlap_box(lo, hi) {
                if let Some(t) = segment_entry(from, to, &e.bounds) {
                    out.push((t, e.id));
                }
            }
        };
        let r = self.range_of(lo, hi);
        let columns = i64::from(r[2]) - i64::from(r[0]) + 1;
        let rows = i64::from(r[3]) - i64::from(r[1]) + 1;
        let far = lo.abs().max(hi.abs()).max_element() * self.inv_cell > SATURATED;
        if far || (columns + rows) as u64 > 4 * self.slot_cells.len() as u64 + 16 {
            self.entries.iter().for_each(&mut push);
        } else {
            // Walk the segment column by column; in each, the rows its y covers there.
            let d = to - from;
            for cx in r[0]..=r[2] {
                let x0 = (cx as f32 * self.cell - pad).max(lo.x);
                let x1 = ((cx + 1) as f32 * self.cell + pad).min(hi.x);
                let (y0, y1) = if d.x.abs() <= pad {
                    (lo.y, hi.y)
                } else {
                    let ya = from.y + d.y * ((x0 - from.x) / d.x).clamp(0.0, 1.0);
                    let yb = from.y + d.y * ((x1 - from.x) / d.x).clamp(0.0, 1.0);
                    ((ya.min(yb) - pad).max(lo.y), (ya.max(yb) + pad).min(hi.y))
                };
                for cy in self.cell_of(y0)..=self.cell_of(y1) {
                    self.cell_items(cx, cy)
                        .iter()
                        .for_each(|&i| push(&self.entries[i as usize]));
                }
            }
            self.large
                .iter()
                .for_each(|&i| push(&self.entries[i as usize]));
        }
        finish_segment_hits(out);
    }
}
