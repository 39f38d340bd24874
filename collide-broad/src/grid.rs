use collide_core::Aabb;
use glam::Vec2;

use crate::cell_table::{cell_key, CellTable};
use crate::proxy::{
    finish_segment_hits, keep_headroom, prepare, segment_entry, segment_pad, widened, Entry,
};
use crate::{BroadPhase, Proxy};

/// Cells a proxy may cover before it is kept aside and tested against everything instead.
const DEFAULT_MAX_CELLS: u32 = 256;
/// The automatic cell size is this many times the typical (upper-quartile) object size.
const CELL_PER_SIZE: f32 = 2.0;
/// The automatic cell size is derived again after this many updates (or sooner, when the
/// number of objects changes by more than an eighth or many boxes no longer fit the cells).
const RESAMPLE_EVERY: u32 = 16;
/// How many objects the automatic cell size looks at.
const SAMPLES: usize = 64;
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
/// When the occupied cells form a compact rectangle (the usual playfield) they are numbered
/// densely and no hashing happens at all; far-apart objects fall back to the hash table.
///
/// The cell size is fixed with [`with_cell_size`](Grid::with_cell_size), or derived
/// from the objects: twice the upper quartile of their larger side, derived again every 16
/// updates or when the number of objects changes by more than an eighth. A box that would cover more
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
    /// Per entry: its cell range, `x0 > x1` for a large entry (then `y0` is its place in
    /// `large`).
    ranges: Vec<[i32; 4]>,
    large: Vec<u32>,
    layout: Layout,
    table: CellTable,
    /// Hashed layout: per slot, its cell.
    slot_cells: Vec<(i32, i32)>,
    /// Hashed layout: the slot of each (entry, cell) cover, in insertion order.
    covers: Vec<u32>,
    /// Per slot: start of its items; one extra at the end.
    starts: Vec<u32>,
    /// The objects of every cell, grouped by slot, copied for a cache-friendly pair loop.
    items: Vec<Item>,
    scratch: Vec<f32>,
    /// Updates since the cell size was derived, and the object count it was derived for.
    cell_age: u32,
    cell_count_at: usize,
}

/// How cells map to slots: a dense rectangle when the occupied cells are compact, else the
/// hash table (an unbounded world with far-apart objects).
#[derive(Clone, Copy, Debug)]
enum Layout {
    Dense { x0: i32, y0: i32, w: u32, h: u32 },
    Hashed,
}

/// One object in one cell: everything the pair loop reads, side by side in memory, so the
/// loop never jumps to the entries (at 100 000 objects those jumps were cache misses).
#[derive(Clone, Copy, Debug, Default)]
struct Item {
    bounds: Aabb,
    layers: collide_core::Layers,
    id: u32,
}

/// Columns and rows of a small cell range (one inside the dense rectangle).
#[inline]
fn dense_span(r: &[i32; 4]) -> (usize, usize) {
    (
        r[2].wrapping_sub(r[0]) as usize + 1,
        r[3].wrapping_sub(r[1]) as usize + 1,
    )
}

/// The dense slot of a range's first cell.
#[inline]
fn dense_slot(r: &[i32; 4], x0: i32, y0: i32, w: u32) -> usize {
    r[1].wrapping_sub(y0) as usize * w as usize + r[0].wrapping_sub(x0) as usize
}

/// `floor(x)` as an `i32`, saturating; monotone, which is all the grid relies on.
#[inline]
fn floor_i32(x: f32) -> i32 {
    let i = x as i32;
    if (i as f32) > x {
        i.saturating_sub(1)
    } else {
        i
    }
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
            layout: Layout::Hashed,
            table: CellTable::default(),
            slot_cells: Vec::new(),
            starts: Vec::new(),
            covers: Vec::new(),
            items: Vec::new(),
            scratch: Vec::new(),
            cell_age: RESAMPLE_EVERY,
            cell_count_at: 0,
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
        // The upper quartile of the larger side, from at most 64 samples at golden-ratio
        // spaced indices (a fixed stride would alias with scenes stored in a repeating
        // pattern, such as bullet, enemy, bullet, …): cheap, deterministic, and robust to a
        // few huge boxes. The upper quartile rather than the median so that when two
        // populations split the scene evenly, the cells fit the larger one.
        let n = self.entries.len();
        self.scratch.clear();
        if n <= SAMPLES {
            self.scratch.extend(
                self.entries
                    .iter()
                    .map(|e| e.bounds.half_extents.max_element()),
            );
        } else {
            self.scratch.extend((0..SAMPLES as u64).map(|k| {
                let i = (((k * 0x9E37_79B9) & 0xFFFF_FFFF) * n as u64) >> 32;
                self.entries[i as usize].bounds.half_extents.max_element()
            }));
        }
        if self.scratch.is_empty() {
            return 1.0;
        }
        let q = self.scratch.len() * 3 / 4;
        let (_, quartile, _) = self.scratch.select_nth_unstable_by(q, f32::total_cmp);
        let size = *quartile * 2.0 * CELL_PER_SIZE;
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
        floor_i32(v * self.inv_cell)
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
    fn cell_items(&self, cx: i32, cy: i32) -> &[Item] {
        let slot = match self.layout {
            Layout::Dense { x0, y0, w, h } => {
                let (dx, dy) = (cx.wrapping_sub(x0) as u32, cy.wrapping_sub(y0) as u32);
                if cx < x0 || cy < y0 || dx >= w || dy >= h {
                    return &[];
                }
                (dy * w + dx) as usize
            }
            Layout::Hashed => match self.table.get(cell_key(cx, cy)) {
                Some(s) => s as usize,
                None => return &[],
            },
        };
        &self.items[self.starts[slot] as usize..self.starts[slot + 1] as usize]
    }

    /// Whether the pair's overlap starts in cell `(cx, cy)`: the one cell that reports it.
    #[inline]
    fn owns(&self, a: Vec2, b: Vec2, cx: i32, cy: i32) -> bool {
        self.cell_of(a.x.max(b.x)) == cx && self.cell_of(a.y.max(b.y)) == cy
    }

    /// Reports the pairs of one cell that this cell owns.
    #[inline]
    fn cell_pairs(&self, cell: &[Item], cx: i32, cy: i32, out: &mut Vec<(u32, u32)>) {
        for (k, a) in cell.iter().enumerate() {
            for b in &cell[k + 1..] {
                // The test of `Entry::pair_with`, then the cell-ownership rule on the widened
                // corners the objects were filed by.
                if a.bounds.overlaps(&b.bounds)
                    && a.layers.interacts(b.layers)
                    && a.id != b.id
                    && self.owns(widened(&a.bounds).0, widened(&b.bounds).0, cx, cy)
                {
                    out.push((a.id.min(b.id), a.id.max(b.id)));
                }
            }
        }
    }
}

impl BroadPhase for Grid {
    fn update(&mut self, proxies: &[Proxy]) {
        prepare(proxies, &mut self.entries);
        // The derived cell size only affects speed, never the pairs, so it is kept for a few
        // frames while the object count stays about the same.
        let n = self.entries.len();
        if self.fixed_cell.is_some()
            || self.cell_age >= RESAMPLE_EVERY
            || n > self.cell_count_at + self.cell_count_at / 8
            || n < self.cell_count_at - self.cell_count_at / 8
            || self.large.len() > n / 16 + 8
        {
            self.cell = self.choose_cell_size();
            self.cell_age = 0;
            self.cell_count_at = n;
        }
        self.cell_age += 1;
        self.inv_cell = 1.0 / self.cell;
        self.ranges.clear();
        self.large.clear();
        self.covers.clear();
        self.slot_cells.clear();
        self.starts.clear();

        // Pass 1: each box's cell range; the big ones go aside.
        let mut covers = 0_u64;
        let (mut lo, mut hi) = ([i32::MAX; 2], [i32::MIN; 2]);
        for (i, e) in self.entries.iter().enumerate() {
            let r = self.range_of(e.lo, e.hi);
            let count = Self::cell_count(&r);
            if count > u64::from(self.max_cells) {
                self.ranges.push([1, self.large.len() as i32, 0, 0]);
                self.large.push(i as u32);
                continue;
            }
            covers += count;
            lo = [lo[0].min(r[0]), lo[1].min(r[1])];
            hi = [hi[0].max(r[2]), hi[1].max(r[3])];
            self.ranges.push(r);
        }
        let area = Self::cell_count(&[lo[0], lo[1], hi[0], hi[1]]);
        self.layout = if covers > 0 && area <= 4 * covers + 1024 {
            Layout::Dense {
                x0: lo[0],
                y0: lo[1],
                w: (i64::from(hi[0]) - i64::from(lo[0]) + 1) as u32,
                h: (i64::from(hi[1]) - i64::from(lo[1]) + 1) as u32,
            }
        } else {
            Layout::Hashed
        };

        // Pass 2: count each cell's objects.
        match self.layout {
            Layout::Dense { x0, y0, w, .. } => {
                self.starts.resize(area as usize, 0);
                for r in self.ranges.iter().filter(|r| r[0] <= r[2]) {
                    let (cols, rows) = dense_span(r);
                    let mut row = dense_slot(r, x0, y0, w);
                    for _ in 0..rows {
                        self.starts[row..row + cols]
                            .iter_mut()
                            .for_each(|c| *c += 1);
                        row += w as usize;
                    }
                }
            }
            Layout::Hashed => {
                self.table.clear(covers as usize);
                for r in self.ranges.iter().filter(|r| r[0] <= r[2]) {
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
            }
        }
        self.starts.push(0);
        keep_headroom(&mut self.ranges);
        keep_headroom(&mut self.large);
        keep_headroom(&mut self.covers);
        keep_headroom(&mut self.slot_cells);
        keep_headroom(&mut self.starts);
        // Counts to ends (inclusive prefix sums); the scatter then counts each back down to its
        // slot's start, so `starts[s]..starts[s + 1]` are slot `s`'s items.
        let mut sum = 0;
        for s in &mut self.starts {
            sum += *s;
            *s = sum;
        }
        // Every item below `sum` is overwritten by the scatter, so only growth writes defaults.
        self.items.resize(sum as usize, Item::default());
        keep_headroom(&mut self.items);
        // Pass 3: scatter.
        let mut covers = self.covers.iter();
        for (r, e) in self.ranges.iter().zip(&self.entries) {
            if r[0] > r[2] {
                continue;
            }
            let item = Item {
                bounds: e.bounds,
                layers: e.layers,
                id: e.id,
            };
            match self.layout {
                Layout::Dense { x0, y0, w, .. } => {
                    let (cols, rows) = dense_span(r);
                    let mut row = dense_slot(r, x0, y0, w);
                    for _ in 0..rows {
                        for slot in row..row + cols {
                            self.starts[slot] -= 1;
                            self.items[self.starts[slot] as usize] = item;
                        }
                        row += w as usize;
                    }
                }
                Layout::Hashed => {
                    for _ in 0..Self::cell_count(r) {
                        let slot = covers.next().map_or(0, |&s| s as usize);
                        self.starts[slot] -= 1;
                        self.items[self.starts[slot] as usize] = item;
                    }
                }
            }
        }
    }

    fn pairs(&mut self, out: &mut Vec<(u32, u32)>) {
        out.clear();
        match self.layout {
            Layout::Dense { x0, y0, w, h } => {
                let mut slot = 0;
                for dy in 0..h {
                    for dx in 0..w {
                        let cell =
                            &self.items[self.starts[slot] as usize..self.starts[slot + 1] as usize];
                        slot += 1;
                        if cell.len() > 1 {
                            let (cx, cy) = (x0.wrapping_add(dx as i32), y0.wrapping_add(dy as i32));
                            self.cell_pairs(cell, cx, cy, out);
                        }
                    }
                }
            }
            Layout::Hashed => {
                for (slot, &(cx, cy)) in self.slot_cells.iter().enumerate() {
                    let cell =
                        &self.items[self.starts[slot] as usize..self.starts[slot + 1] as usize];
                    self.cell_pairs(cell, cx, cy, out);
                }
            }
        }
        let entries = &self.entries[..];
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
        keep_headroom(out);
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
        if Self::cell_count(&r) > self.starts.len() as u64 {
            out.extend(
                self.entries
                    .iter()
                    .filter(|e| e.bounds.overlaps(area))
                    .map(|e| e.id),
            );
            return;
        }
        for cy in r[1]..=r[3] {
            for cx in r[0]..=r[2] {
                for item in self.cell_items(cx, cy) {
                    if item.bounds.overlaps(area)
                        && self.owns(widened(&item.bounds).0, q.lo, cx, cy)
                    {
                        out.push(item.id);
                    }
                }
            }
        }
        for &i in &self.large {
            let e = &self.entries[i as usize];
            if e.bounds.overlaps(area) {
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
        let mut push = |bounds: &Aabb, id: u32| {
            if let Some(t) = segment_entry(from, to, bounds) {
                out.push((t, id));
            }
        };
        let r = self.range_of(lo, hi);
        let columns = i64::from(r[2]) - i64::from(r[0]) + 1;
        let rows = i64::from(r[3]) - i64::from(r[1]) + 1;
        let far = lo.abs().max(hi.abs()).max_element() * self.inv_cell > SATURATED;
        if far || (columns + rows) as u64 > 4 * self.starts.len() as u64 + 16 {
            self.entries.iter().for_each(|e| push(&e.bounds, e.id));
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
                        .for_each(|item| push(&item.bounds, item.id));
                }
            }
            for &i in &self.large {
                let e = &self.entries[i as usize];
                push(&e.bounds, e.id);
            }
        }
        finish_segment_hits(out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BruteForce;
    use collide_core::Layers;

    fn lattice(spacing: f32, offset: Vec2) -> Vec<Proxy> {
        (0..400)
            .map(|i| {
                let c = offset + Vec2::new((i % 20) as f32, (i / 20) as f32) * spacing;
                let h = Vec2::splat(0.6 * spacing * (1.0 + (i % 3) as f32 * 0.3));
                Proxy::new(i, Aabb::new(c, h), Layers::ALL)
            })
            .collect()
    }

    fn check(proxies: &[Proxy], dense: bool) {
        let mut grid = Grid::new();
        let (mut got, mut want) = (Vec::new(), Vec::new());
        grid.update_pairs(proxies, &mut got);
        BruteForce::new().update_pairs(proxies, &mut want);
        got.sort_unstable();
        want.sort_unstable();
        assert!(!want.is_empty());
        assert_eq!(got, want);
        assert_eq!(matches!(grid.layout, Layout::Dense { .. }), dense);
    }

    #[test]
    fn dense_and_hashed_layouts_agree_with_brute_force() {
        check(&lattice(10.0, Vec2::new(-100.0, -50.0)), true);
        // Two far-apart clusters: the occupied rectangle is mostly empty, so the hash is used.
        let mut far = lattice(10.0, Vec2::splat(-1.0e6));
        far.extend(lattice(10.0, Vec2::splat(1.0e6)).into_iter().map(|mut p| {
            p.id += 1000;
            p
        }));
        check(&far, false);
    }

    #[test]
    fn floor_is_monotone_and_saturates() {
        assert_eq!(floor_i32(-0.5), -1);
        assert_eq!(floor_i32(-1.0), -1);
        assert_eq!(floor_i32(2.999), 2);
        assert_eq!(floor_i32(-3.0e9), i32::MIN);
        assert_eq!(floor_i32(3.0e9), i32::MAX);
    }
}
