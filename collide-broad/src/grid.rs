use collide_core::{Aabb, Layers};
use glam::{Vec2, Vec4};

use crate::cell_table::{cell_key, CellTable};
use crate::proxy::{
    finish_segment_hits, indexed_corners, keep_headroom, reserve_total, segment_entry, segment_pad,
    widened,
};
use crate::{BroadPhase, Proxy};

/// The most levels a grid has; the cells of level `k` are `2^k` base cells wide.
const MAX_LEVELS: usize = 20;
/// Base cells a box may span (by area) before it is kept aside: boxes up to 1 024 base cells
/// wide stay in the levels.
const DEFAULT_MAX_CELLS: u32 = 1 << 20;
/// The automatic cell size is derived again after this many updates (or sooner, when the
/// number of objects changes by more than an eighth or many boxes no longer fit the cells).
const RESAMPLE_EVERY: u32 = 16;
/// How many objects the automatic cell size looks at.
const SAMPLES: usize = 64;
/// Beyond this many cells from the origin, a segment's cells are not walked: the cells' edges
/// are no longer known to within half a cell.
const FAR: f32 = 4.0e6;
/// A level's cells are numbered densely when their bounding rectangle has at most this many
/// cells per object (plus a constant); otherwise they are hashed.
const DENSE_CELLS_PER_OBJECT: u64 = 4;

/// The level of a proxy the broad phases ignore, and of one kept in the side list.
const SKIPPED: u32 = u32::MAX;
const LARGE: u32 = u32::MAX - 1;

/// A hierarchical uniform grid stored as a spatial hash: an unbounded world, any coordinates,
/// any mix of sizes.
///
/// Each object is filed in exactly one cell: the cell of its minimum corner, on the lowest
/// level whose cells are large enough that the box spans at most two of them per axis (level
/// `k`'s cells are `2^k` base cells wide). Two overlapping objects of one level then sit in
/// the same or neighbouring cells, so the pairs of a level come from each cell against itself
/// and four of its eight neighbours, every pair once, with no per-frame set of seen pairs.
/// Objects of a higher level (the boss among the bullets) are tested against the cells of
/// each lower level their box reaches. Cells and their objects live in flat arrays (a
/// counting sort by cell), so a frame allocates nothing once the buffers have grown.
///
/// When a level's occupied cells form a compact rectangle (the usual playfield) they are
/// numbered densely and no hashing happens at all; far-apart objects fall back to a hash
/// table.
///
/// The base cell size is fixed with [`with_cell_size`](Grid::with_cell_size), or derived from
/// the objects: the larger side of the biggest typical object (outliers more than four times
/// the upper quartile aside), but no less than half the average spacing between objects;
/// derived again every 16 updates or when the number of objects changes by more than an
/// eighth. A box too large for the levels allowed by
/// [`with_max_cells_per_proxy`](Grid::with_max_cells_per_proxy) (a level-sized trigger) is
/// kept in a side list and tested against every object instead.
#[derive(Clone, Debug)]
pub struct Grid {
    fixed_cell: Option<f32>,
    max_level: usize,
    /// The base cell size, one over each level's cell size, and where cell numbers start.
    cell: f32,
    inv: [f32; MAX_LEVELS],
    origin: Vec2,
    levels: Vec<Level>,
    /// Per proxy: its level and cell, then (`slots`) its slot or [`SKIPPED`] / [`LARGE`].
    filed: Vec<Filed>,
    slots: Vec<u32>,
    /// Per slot: start of its items; one extra at the end.
    starts: Vec<u32>,
    /// The objects of every cell, grouped by slot, levels one after the other.
    items: Vec<Item>,
    /// The objects too large for any level.
    large: Vec<Item>,
    /// The cells of every hashed level, each to its slot.
    table: CellTable,
    scratch: Vec<f32>,
    /// Updates since the cell size was derived, and the object count it was derived for.
    cell_age: u32,
    cell_count_at: usize,
}

/// Where pass 1 filed a proxy: its level (or [`SKIPPED`] / [`LARGE`]) and cell there.
#[derive(Clone, Copy, Debug)]
struct Filed {
    level: u32,
    x: i32,
    y: i32,
}

impl Filed {
    const NOWHERE: Filed = Filed {
        level: SKIPPED,
        x: 0,
        y: 0,
    };
}

/// One object in its cell: everything the pair loop reads, side by side in memory.
#[derive(Clone, Copy, Debug)]
struct Item {
    bounds: Aabb,
    layers: Layers,
    id: u32,
    /// The slot of its cell.
    slot: u32,
}

impl Item {
    const EMPTY: Item = Item {
        bounds: Aabb::new(Vec2::ZERO, Vec2::ZERO),
        layers: Layers::new(0, 0),
        id: 0,
        slot: 0,
    };
}

/// The cells of one level.
#[derive(Clone, Debug, Default)]
struct Level {
    /// Objects filed here by the last update.
    count: u32,
    /// The rectangle of occupied cells: `[x0, y0, x1, y1]`, inclusive.
    rect: [i32; 4],
    /// The first slot of this level, and how many it has.
    base: u32,
    len: u32,
    /// Dense: slots are numbered row by row over `rect`. Hashed: the grid's table maps a cell
    /// to its slot, numbered from `base` in the order cells were first seen; `used` of the
    /// level's `len` slots are cells, the rest stay empty.
    dense: bool,
    used: u32,
}

impl Level {
    #[inline]
    fn width(&self) -> usize {
        (i64::from(self.rect[2]) - i64::from(self.rect[0]) + 1) as usize
    }
}

/// The slot of cell `(x, y)` of `level` (number `k`), inserting it into the hash table when new.
#[inline]
fn slot_of(level: &mut Level, table: &mut CellTable, k: u32, x: i32, y: i32) -> u32 {
    if level.dense {
        let dx = x.wrapping_sub(level.rect[0]) as u32;
        let dy = y.wrapping_sub(level.rect[1]) as u32;
        level.base + dy * level.width() as u32 + dx
    } else {
        let (slot, new) = table.insert(cell_key(x, y), k, level.base + level.used);
        level.used += u32::from(new);
        slot
    }
}

/// The cell number of coordinate `v` for cells of size `1 / inv` counted from `origin`: the
/// integer nearest `(v − origin)·inv`, clamped to ±2²² (NaN gives the lowest).
///
/// Only monotony matters to the grid (a larger coordinate never gets a smaller number), and
/// that every caller numbers cells alike. Adding 1.5·2²³ rounds a float below 2²² in size to
/// an integer: the sum lies where floats step by exactly 1, so its bits minus those of 1.5·2²³
/// are that integer. That is six float instructions, and four coordinates at a time in
/// [`cell_numbers`]; `as i32` takes eight per coordinate, as it must check for NaN and for
/// values out of range. Beyond 2²² cells from the origin the clamp keeps the numbers
/// monotone: far objects share the outermost cells, which costs tests, not pairs.
#[inline]
fn cell_number(v: f32, origin: f32, inv: f32) -> i32 {
    let x = (v - origin) * inv;
    // Compare-and-pick, as `maxss` and `minss` do: NaN fails the first test.
    let x = if x > -CELL_LIMIT { x } else { -CELL_LIMIT };
    let x = if x < CELL_LIMIT { x } else { CELL_LIMIT };
    (x + ROUNDER).to_bits() as i32 - ROUNDER.to_bits() as i32
}

/// [`cell_number`] of each coordinate of `v`, the same numbers four at a time.
#[inline]
fn cell_numbers(v: Vec4, origin: Vec4, inv: f32) -> [i32; 4] {
    // glam's `max` and `min` are `maxps` and `minps` on SSE2: the same picks as above.
    let x = ((v - origin) * inv)
        .max(Vec4::splat(-CELL_LIMIT))
        .min(Vec4::splat(CELL_LIMIT));
    let bits = (x + Vec4::splat(ROUNDER)).to_array().map(f32::to_bits);
    bits.map(|b| b as i32 - ROUNDER.to_bits() as i32)
}

/// The largest cell number, 2²²: within it, `x + ROUNDER` lies in `[2²³, 2²⁴]`, where floats
/// step by exactly 1.
const CELL_LIMIT: f32 = 4_194_304.0;
/// 1.5·2²³: added to a float of size at most 2²², it leaves the nearest integer in the low
/// bits of the sum.
const ROUNDER: f32 = 12_582_912.0;

/// The rectangle `r` (`[x0, y0, x1, y1]`) grown to hold cell `(x, y)`.
#[inline]
fn grow(r: [i32; 4], x: i32, y: i32) -> [i32; 4] {
    [r[0].min(x), r[1].min(y), r[2].max(x), r[3].max(y)]
}

/// The number of cells in the inclusive range `[x0, y0, x1, y1]`.
#[inline]
fn cell_count(r: &[i32; 4]) -> u64 {
    let w = (i64::from(r[2]) - i64::from(r[0]) + 1).max(0) as u64;
    w.saturating_mul((i64::from(r[3]) - i64::from(r[1]) + 1).max(0) as u64)
}

/// Reports `(a, b)` when the two overlap strictly and their layers interact: the test of
/// [`Entry::pair_with`](crate::proxy::Entry::pair_with), [`Aabb::overlaps`] written out.
///
/// Every part is evaluated and combined with `&`: one branch, nearly always "no pair", where
/// short-circuiting would branch on each part. Which neighbours share a layer or overlap on one
/// axis is a coin toss, and mispredicting it was most of the pair loop's time.
#[inline]
fn test(a: &Item, b: &Item, out: &mut Vec<(u32, u32)>) {
    let d = (a.bounds.center - b.bounds.center).abs();
    let r = a.bounds.half_extents + b.bounds.half_extents;
    let overlap = (d.x < r.x) & (d.y < r.y);
    let layers = (a.layers.mask & b.layers.layer != 0) & (b.layers.mask & a.layers.layer != 0);
    if overlap & layers & (a.id != b.id) {
        out.push((a.id.min(b.id), a.id.max(b.id)));
    }
}

/// Every pair within one cell.
#[inline]
fn within(cell: &[Item], out: &mut Vec<(u32, u32)>) {
    for (k, a) in cell.iter().enumerate() {
        for b in &cell[k + 1..] {
            test(a, b, out);
        }
    }
}

/// Every pair between two cells.
#[inline]
fn between(cell: &[Item], others: &[Item], out: &mut Vec<(u32, u32)>) {
    for a in cell {
        for b in others {
            test(a, b, out);
        }
    }
}

impl Default for Grid {
    fn default() -> Self {
        Self::new()
    }
}

impl Grid {
    /// A grid whose cell size is derived from the objects.
    #[must_use]
    pub fn new() -> Self {
        Self {
            fixed_cell: None,
            max_level: max_level(DEFAULT_MAX_CELLS),
            cell: 1.0,
            inv: [1.0; MAX_LEVELS],
            origin: Vec2::ZERO,
            levels: Vec::new(),
            filed: Vec::new(),
            slots: Vec::new(),
            starts: Vec::new(),
            items: Vec::new(),
            large: Vec::new(),
            table: CellTable::default(),
            scratch: Vec::new(),
            cell_age: RESAMPLE_EVERY,
            cell_count_at: 0,
        }
    }

    /// A grid with square base cells of side `cell_size`; a non-finite or non-positive size
    /// means "derive it from the objects".
    ///
    /// Cells are numbered up to 2²² (about four million) cells either way of the origin, here
    /// `(0, 0)`: objects farther out share the outermost cells, which costs tests, never
    /// pairs.
    #[must_use]
    pub fn with_cell_size(cell_size: f32) -> Self {
        let mut g = Self::new();
        g.fixed_cell = (cell_size.is_finite() && cell_size > 0.0).then_some(cell_size);
        g
    }

    /// Sets how many base cells one box may span (by area; at least 1) before it goes to the
    /// side list and is tested against every object.
    #[must_use]
    pub fn with_max_cells_per_proxy(mut self, max_cells: u32) -> Self {
        self.max_level = max_level(max_cells.max(1));
        self
    }

    /// The base cell size used by the last update.
    #[must_use]
    pub fn cell_size(&self) -> f32 {
        self.cell
    }

    /// How many boxes the last update kept aside as too large for the cells.
    #[must_use]
    pub fn large_count(&self) -> usize {
        self.large.len()
    }

    /// Derives the base cell size and the origin of the cell numbers from the objects.
    fn choose_cells(&mut self, proxies: &[Proxy]) {
        let (size, lo) = self.sample_cells(proxies);
        self.cell = self.fixed_cell.unwrap_or(size);
        // One cell below the lowest sampled object: cell numbers then start near zero, far
        // from the clamp of `cell_number`.
        self.origin = if self.fixed_cell.is_some() || !lo.is_finite() {
            Vec2::ZERO
        } else {
            lo - self.cell
        };
        for (k, inv) in self.inv.iter_mut().enumerate() {
            *inv = 1.0 / (self.cell * (1_u32 << k) as f32);
        }
    }

    /// The derived cell size, and the lowest corner among the sampled objects.
    fn sample_cells(&mut self, proxies: &[Proxy]) -> (f32, Vec2) {
        // At most 64 samples at golden-ratio spaced indices (a fixed stride would alias with
        // scenes stored in a repeating pattern, such as bullet, enemy, bullet, …): cheap and
        // deterministic. The cells fit the largest sampled box, leaving out outliers more than
        // four times the upper quartile (a few huge boxes go up a level instead).
        let n = proxies.len();
        let picks = n.min(SAMPLES) as u64;
        self.scratch.clear();
        let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
        for k in 0..picks {
            let i = if n <= SAMPLES {
                k as usize
            } else {
                ((((k * 0x9E37_79B9) & 0xFFFF_FFFF) * n as u64) >> 32) as usize
            };
            if let Some((a, b)) = indexed_corners(&proxies[i].bounds) {
                self.scratch.push((b - a).max_element());
                (lo, hi) = (lo.min(a), hi.max(b));
            }
        }
        if self.scratch.is_empty() {
            return (1.0, lo);
        }
        let q = self.scratch.len() * 3 / 4;
        let quartile = *self.scratch.select_nth_unstable_by(q, f32::total_cmp).1;
        let typical = self
            .scratch
            .iter()
            .copied()
            .filter(|&s| s <= 4.0 * quartile)
            .fold(quartile, f32::max);
        // Small objects far apart: cells of about half the spacing keep the cell count near
        // the object count.
        let spacing = ((hi - lo).x * (hi - lo).y / n as f32).sqrt() * 0.5;
        let size = typical.max(if spacing.is_finite() { spacing } else { 0.0 });
        if size.is_finite() && size > 0.0 {
            (size, lo)
        } else {
            (1.0, lo)
        }
    }

    /// The cells of corners `lo` and `hi` on level `k`, as `[x0, y0, x1, y1]`.
    ///
    /// For the base level's test, which every object takes every update, and for
    /// `cast_segment`. In the level loop and in `reach`, two calls of
    /// [`cell_of`](Self::cell_of) measured fewer instructions.
    #[inline]
    fn cells_of(&self, k: usize, lo: Vec2, hi: Vec2) -> [i32; 4] {
        let o = self.origin;
        cell_numbers(
            Vec4::new(lo.x, lo.y, hi.x, hi.y),
            Vec4::new(o.x, o.y, o.x, o.y),
            self.inv[k],
        )
    }

    /// The cell of `p` on level `k`.
    #[inline]
    fn cell_of(&self, k: usize, p: Vec2) -> [i32; 2] {
        let inv = self.inv[k];
        [
            cell_number(p.x, self.origin.x, inv),
            cell_number(p.y, self.origin.y, inv),
        ]
    }

    /// Where pass 1 files a box: [`file`](Self::file) for an ordinary box, the side list for a
    /// finite box too large for float cells, nowhere for bounds the broad phases ignore.
    #[inline]
    fn file_bounds(&self, b: &Aabb) -> Filed {
        let (lo, hi) = widened(b);
        // One test for the usual box: finite corners (so a finite box), not inside out.
        if (hi - lo).is_finite() && b.half_extents.cmpge(Vec2::ZERO).all() {
            return self.file(lo, hi);
        }
        let level = match indexed_corners(b) {
            Some(_) => LARGE,
            None => SKIPPED,
        };
        Filed { level, x: 0, y: 0 }
    }

    /// The level and cell an object with widened corners `lo`, `hi` is filed at: the lowest
    /// level where the box spans at most two cells per axis, so that any object it overlaps on
    /// that level has its cell in the 3×3 block around its own.
    #[inline]
    fn file(&self, lo: Vec2, hi: Vec2) -> Filed {
        // Nearly every object fits the base level: try it first.
        let [x, y, x1, y1] = self.cells_of(0, lo, hi);
        if x1.wrapping_sub(x) as u32 <= 1 && y1.wrapping_sub(y) as u32 <= 1 {
            return Filed { level: 0, x, y };
        }
        let size = (hi - lo).max_element();
        // Below this level the box is wider than two cells and cannot fit.
        let mut level = 0;
        let mut two_cells = 2.0 * self.cell;
        while size > two_cells && level < self.max_level {
            two_cells *= 2.0;
            level += 1;
        }
        while level <= self.max_level {
            let ([x, y], [x1, y1]) = (self.cell_of(level, lo), self.cell_of(level, hi));
            // Cell numbers grow with the coordinate, so these differences are never negative.
            if x1.wrapping_sub(x) as u32 <= 1 && y1.wrapping_sub(y) as u32 <= 1 {
                return Filed {
                    level: level as u32,
                    x,
                    y,
                };
            }
            level += 1;
        }
        Filed {
            level: LARGE,
            x: 0,
            y: 0,
        }
    }

    /// The items of level `k`.
    #[inline]
    fn level_items(&self, level: &Level) -> &[Item] {
        let end = (level.base + level.len) as usize;
        &self.items[self.starts[level.base as usize] as usize..self.starts[end] as usize]
    }

    /// The items of one slot.
    #[inline]
    fn slot_items(&self, slot: usize) -> &[Item] {
        &self.items[self.starts[slot] as usize..self.starts[slot + 1] as usize]
    }

    /// Calls `f` with the items of every cell of level `k` in the inclusive range `r`, or with
    /// all of the level's items at once when that is cheaper.
    #[inline]
    fn visit_cells(&self, k: usize, r: [i32; 4], mut f: impl FnMut(&[Item])) {
        let level = &self.levels[k];
        if level.dense {
            let rect = level.rect;
            let c = [
                r[0].max(rect[0]),
                r[1].max(rect[1]),
                r[2].min(rect[2]),
                r[3].min(rect[3]),
            ];
            if c[0] > c[2] || c[1] > c[3] {
                return;
            }
            if cell_count(&c) > u64::from(level.count) {
                f(self.level_items(level));
                return;
            }
            let w = level.width();
            let (cols, rows) = ((c[2] - c[0]) as usize + 1, (c[3] - c[1]) as usize + 1);
            let mut row =
                level.base as usize + (c[1] - rect[1]) as usize * w + (c[0] - rect[0]) as usize;
            for _ in 0..rows {
                // One row of the range is one run of consecutive slots.
                let (a, b) = (self.starts[row], self.starts[row + cols]);
                f(&self.items[a as usize..b as usize]);
                row += w;
            }
        } else if cell_count(&r) > u64::from(level.count) {
            f(self.level_items(level));
        } else {
            for y in r[1]..=r[3] {
                for x in r[0]..=r[2] {
                    if let Some(s) = self.table.get(cell_key(x, y), k as u32) {
                        f(self.slot_items(s as usize));
                    }
                }
            }
        }
    }

    /// The cells of level `k` that may hold an object overlapping the widened box `lo..hi`:
    /// an object's cell is at most one before the cell its box reaches.
    #[inline]
    fn reach(&self, k: usize, lo: Vec2, hi: Vec2) -> [i32; 4] {
        let ([x0, y0], [x1, y1]) = (self.cell_of(k, lo), self.cell_of(k, hi));
        [x0.saturating_sub(1), y0.saturating_sub(1), x1, y1]
    }

    /// The pairs within one dense level: each object against the objects after it in its
    /// cell and the next (its right neighbour, stored right after it), then against the three
    /// cells below. The rectangle has an empty column on each side and an empty row at the
    /// bottom, so no neighbour falls outside it: one loop over the objects, no per-cell
    /// branches (at about half an object per cell, "is this cell empty?" mispredicts often).
    fn dense_pairs(&self, level: &Level, out: &mut Vec<(u32, u32)>) {
        let w = level.width();
        let (first, end) = (
            self.starts[level.base as usize] as usize,
            self.starts[(level.base + level.len) as usize] as usize,
        );
        for i in first..end {
            let a = &self.items[i];
            let s = a.slot as usize;
            // Two runs of candidates, walked as one: a loop's exit is a mispredicted branch,
            // so one loop instead of two saves one per object.
            let beside = self.starts[s + 2] as usize - (i + 1);
            let below = self.starts[s + w - 1] as usize;
            let count = beside + self.starts[s + w + 2] as usize - below;
            for k in 0..count {
                let j = if k < beside {
                    i + 1 + k
                } else {
                    below + (k - beside)
                };
                test(a, &self.items[j], out);
            }
        }
    }

    /// The pairs within one hashed level: the same four neighbours, looked up.
    /// A cell's number is not stored: it is recomputed from the first of its objects, as the
    /// filing computed it.
    fn hashed_pairs(&self, k: usize, level: &Level, out: &mut Vec<(u32, u32)>) {
        for s in level.base..level.base + level.used {
            let cell = self.slot_items(s as usize);
            let Some(first) = cell.first() else {
                continue;
            };
            let [x, y] = self.cell_of(k, widened(&first.bounds).0);
            within(cell, out);
            for (dx, dy) in [(1, 0), (-1, 1), (0, 1), (1, 1)] {
                let key = cell_key(x.wrapping_add(dx), y.wrapping_add(dy));
                if let Some(n) = self.table.get(key, k as u32) {
                    between(cell, self.slot_items(n as usize), out);
                }
            }
        }
    }
    /// Pass 1: each object's level and cell, and each level's rectangle of cells.
    fn file_all(&mut self, proxies: &[Proxy]) {
        let mut filed = core::mem::take(&mut self.filed);
        // Every entry is written below, so the last frame's need not be cleared first.
        fit_length(&mut filed, proxies.len(), Filed::NOWHERE);
        // The base level's count and rectangle stay in registers (most objects are there).
        let (mut count, mut rect) = (0, [i32::MAX, i32::MAX, i32::MIN, i32::MIN]);
        for (f, p) in filed.iter_mut().zip(proxies) {
            *f = self.file_bounds(&p.bounds);
            if f.level == 0 {
                count += 1;
                rect = grow(rect, f.x, f.y);
            } else if let Some(level) = self.levels.get_mut(f.level as usize) {
                level.count += 1;
                level.rect = grow(level.rect, f.x, f.y);
            }
        }
        let base = &mut self.levels[0];
        base.count += count;
        base.rect = [
            base.rect[0].min(rect[0]),
            base.rect[1].min(rect[1]),
            base.rect[2].max(rect[2]),
            base.rect[3].max(rect[3]),
        ];
        keep_headroom(&mut filed);
        self.filed = filed;
    }

    /// Each level's slots: a dense rectangle when compact, else up to one per object. Returns
    /// the number of slots.
    fn lay_out_levels(&mut self) -> u32 {
        let mut slots = 0_u32;
        for level in &mut self.levels {
            (level.base, level.used) = (slots, 0);
            if level.count == 0 {
                (level.dense, level.len) = (false, 0);
                continue;
            }
            // Dense rectangles get an empty column on each side and an empty row at the bottom
            // (see `dense_pairs`).
            let r = level.rect;
            let padded = [
                r[0].wrapping_sub(1),
                r[1],
                r[2].wrapping_add(1),
                r[3].wrapping_add(1),
            ];
            let area = cell_count(&padded);
            level.dense = r[0] > i32::MIN
                && r[2] < i32::MAX
                && r[3] < i32::MAX
                && area <= DENSE_CELLS_PER_OBJECT * u64::from(level.count) + 64;
            if level.dense {
                level.rect = padded;
            }
            level.len = if level.dense {
                area as u32
            } else {
                level.count
            };
            slots += level.len;
        }
        // Room for every object in a cell of its own, even while every level is dense: the
        // objects drift, and a level that spreads out later (clusters apart, a wrap around the
        // field, a level that was empty) turns hashed without allocating.
        self.table.clear(self.filed.len());
        slots
    }

    /// Pass 2: each object's slot, and where each slot's items end (`starts`).
    fn count_slots(&mut self, slots: u32) {
        // A dense level has at most `DENSE_CELLS_PER_OBJECT` slots per object plus 64, a
        // hashed one one per object: a bound that the objects' drift cannot outgrow.
        let most = DENSE_CELLS_PER_OBJECT as usize * self.filed.len() + 64 * self.levels.len() + 1;
        reserve_total(&mut self.starts, most);
        self.starts.clear();
        self.starts.resize(slots as usize + 1, 0);
        fit_length(&mut self.slots, self.filed.len(), SKIPPED);
        // The base level's numbering, copied out of the loop when it is dense.
        let base = &self.levels[0];
        let dense = base
            .dense
            .then_some((base.base, base.rect[0], base.rect[1], base.width()));
        for (f, slot) in self.filed.iter().zip(self.slots.iter_mut()) {
            *slot = match (f.level, dense) {
                (0, Some((first, x0, y0, w))) => {
                    let (dx, dy) = (f.x.wrapping_sub(x0) as u32, f.y.wrapping_sub(y0) as u32);
                    first + dy * w as u32 + dx
                }
                _ => match self.levels.get_mut(f.level as usize) {
                    Some(level) => slot_of(level, &mut self.table, f.level, f.x, f.y),
                    None => f.level,
                },
            };
            if let Some(count) = self.starts.get_mut(*slot as usize) {
                *count += 1;
            }
        }
        keep_headroom(&mut self.slots);
        // Counts to ends (inclusive prefix sums); the scatter then counts each back down to its
        // slot's start, so `starts[s]..starts[s + 1]` are slot `s`'s items.
        let mut sum = 0;
        for s in &mut self.starts {
            sum += *s;
            *s = sum;
        }
    }

    /// Pass 3: every object into its slot's items, or the side list.
    fn scatter(&mut self, proxies: &[Proxy]) {
        let total = self.starts.last().copied().unwrap_or(0);
        // Every object is in at most one cell.
        reserve_total(&mut self.items, proxies.len());
        // Every position below `total` is written below (each object to its own), so the last
        // frame's items need not be cleared first.
        fit_length(&mut self.items, total as usize, Item::EMPTY);
        self.large.clear();
        for (p, &slot) in proxies.iter().zip(&self.slots) {
            let item = Item {
                bounds: p.bounds,
                layers: p.layers,
                id: p.id,
                slot,
            };
            match slot {
                SKIPPED => {}
                LARGE => self.large.push(item),
                _ => {
                    let start = &mut self.starts[slot as usize];
                    *start -= 1;
                    self.items[*start as usize] = item;
                }
            }
        }
        keep_headroom(&mut self.large);
    }
}

/// Makes `v` `len` long, padding with `fill` but keeping what is there: for buffers whose every
/// entry the caller then overwrites, so clearing them first would write them twice.
fn fit_length<T: Copy>(v: &mut Vec<T>, len: usize, fill: T) {
    v.truncate(len);
    v.resize(len, fill);
}

/// The highest level a box may use when it may span `max_cells` base cells: level `k` boxes
/// span up to `4^k` of them.
fn max_level(max_cells: u32) -> usize {
    (((31 - max_cells.leading_zeros()) / 2) as usize).min(MAX_LEVELS - 1)
}

impl BroadPhase for Grid {
    fn update(&mut self, proxies: &[Proxy]) {
        // The derived cell size only affects speed, never the pairs, so it is kept for a few
        // frames while the object count stays about the same.
        let n = proxies.len();
        if self.cell_age >= RESAMPLE_EVERY
            || n > self.cell_count_at + self.cell_count_at / 8
            || n < self.cell_count_at - self.cell_count_at / 8
            || self.large.len() > n / 16 + 8
        {
            self.choose_cells(proxies);
            self.cell_age = 0;
            self.cell_count_at = n;
        }
        self.cell_age += 1;
        if self.levels.len() <= self.max_level {
            self.levels.resize(self.max_level + 1, Level::default());
        }
        for level in &mut self.levels {
            level.count = 0;
            level.rect = [i32::MAX, i32::MAX, i32::MIN, i32::MIN];
        }

        self.file_all(proxies);
        let slots = self.lay_out_levels();
        self.count_slots(slots);
        self.scatter(proxies);
    }

    fn pairs(&mut self, out: &mut Vec<(u32, u32)>) {
        out.clear();
        for (k, level) in self.levels.iter().enumerate() {
            if level.count == 0 {
                continue;
            }
            if level.dense {
                self.dense_pairs(level, out);
            } else {
                self.hashed_pairs(k, level, out);
            }
            // Each object of this level against the cells of every lower level it reaches.
            for lower in (0..k).filter(|&j| self.levels[j].count > 0) {
                for b in self.level_items(level) {
                    let (lo, hi) = widened(&b.bounds);
                    self.visit_cells(lower, self.reach(lower, lo, hi), |cell| {
                        cell.iter().for_each(|a| test(a, b, out));
                    });
                }
            }
        }
        for (k, a) in self.large.iter().enumerate() {
            self.items.iter().for_each(|b| test(a, b, out));
            self.large[k + 1..].iter().for_each(|b| test(a, b, out));
        }
        keep_headroom(out);
    }

    fn query_aabb(&self, area: &Aabb, out: &mut Vec<u32>) {
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
        for k in (0..self.levels.len()).filter(|&k| self.levels[k].count > 0) {
            self.visit_cells(k, self.reach(k, lo, hi), &mut push);
        }
        push(&self.large);
    }

    fn cast_segment(&self, from: Vec2, to: Vec2, out: &mut Vec<(f32, u32)>) {
        out.clear();
        if !from.is_finite() || !to.is_finite() {
            return;
        }
        let mut push = |cell: &[Item]| {
            out.extend(
                cell.iter()
                    .filter_map(|item| segment_entry(from, to, &item.bounds).map(|t| (t, item.id))),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BruteForce;

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
        assert_eq!(grid.levels[0].dense, dense);
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
    fn boxes_go_up_a_level_or_aside_by_size() {
        let mut grid = Grid::with_cell_size(10.0).with_max_cells_per_proxy(16);
        // Squares of these sides and centres, all holding the point (10.5, 10.5).
        let boxes = [
            (1.0, 10.5),
            (9.0, 10.5),
            (30.0, 10.5),
            (70.0, 16.0),
            (1000.0, 10.5),
        ]
        .map(|(side, centre)| {
            Proxy::new(
                side as u32,
                Aabb::new(Vec2::splat(centre), Vec2::splat(side / 2.0)),
                Layers::ALL,
            )
        });
        grid.update(&boxes);
        let counts: Vec<u32> = grid.levels.iter().map(|l| l.count).collect();
        // 16 base cells by area: levels 0 to 2 (cells 10, 20 and 40 wide, level k's cell j
        // centred on j·10·2ᵏ). The 30-wide box (−4.5 to 25.5) spans four cells of 10 and two
        // of 20, the 70-wide one (−19 to 51) three of 20 and two of 40, and the 1 000-wide one
        // fits no level.
        assert_eq!(counts, [2, 1, 1]);
        assert_eq!(grid.large_count(), 1);
        let mut pairs = Vec::new();
        grid.pairs(&mut pairs);
        assert_eq!(pairs.len(), 10, "all five overlap each other");
    }

    #[test]
    fn cell_numbers_are_monotone_and_clamped() {
        let number = |v: f32| cell_number(v, -2.0, 0.5);
        let values = [
            -1.0e30, -3.0e9, -8.4e6, -7.0, -4.5, -2.5, -2.0, -1.0, 0.0, 0.5, 2.0, 8.4e6, 3.0e9,
            1e30,
        ];
        for w in values.windows(2) {
            assert!(number(w[0]) <= number(w[1]), "{} {}", w[0], w[1]);
        }
        // The nearest integer to (v + 2)/2, ties to even.
        assert_eq!(
            (
                number(-2.0),
                number(-1.01),
                number(-1.0),
                number(1.0),
                number(2.5)
            ),
            (0, 0, 0, 2, 2)
        );
        assert_eq!(number(-7.0), -2);
        let limit = 1 << 22;
        assert_eq!((number(-1.0e30), number(1.0e30)), (-limit, limit));
        assert_eq!(
            (number(f32::NEG_INFINITY), number(f32::INFINITY)),
            (-limit, limit)
        );
        assert_eq!(number(f32::NAN), -limit);
        // The largest numbers below the clamp are exact.
        assert_eq!(cell_number(4_194_303.0, 0.0, 1.0), limit - 1);
        assert_eq!(cell_number(-4_194_303.0, 0.0, 1.0), 1 - limit);
    }

    /// The four-at-a-time numbers are the one-at-a-time numbers, bit for bit: filing and
    /// every query must cut the plane into the same cells.
    #[test]
    fn cell_numbers_four_at_a_time_match_one_at_a_time() {
        let mut state = 0x2545_F491_u32;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state
        };
        let special = [
            0.0,
            -0.0,
            0.5,
            1.5,
            2.5,
            -0.5,
            -1.5,
            4_194_303.5,
            4_194_304.5,
            1e30,
            -1e30,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            f32::MIN_POSITIVE,
        ];
        for i in 0..20_000 {
            // Random bit patterns (every exponent, NaNs included) and the special values.
            let mut v = [0.0f32; 4];
            for x in &mut v {
                *x = if next() % 4 == 0 {
                    special[next() as usize % special.len()]
                } else {
                    f32::from_bits(next())
                };
            }
            let (origin, inv) = (
                Vec2::new(f32::from_bits(next() >> 2), -3.0),
                [0.05, 1.0, 7.0][i % 3],
            );
            let o = Vec4::new(origin.x, origin.y, origin.x, origin.y);
            let four = cell_numbers(Vec4::from_array(v), o, inv);
            let one = [
                cell_number(v[0], origin.x, inv),
                cell_number(v[1], origin.y, inv),
                cell_number(v[2], origin.x, inv),
                cell_number(v[3], origin.y, inv),
            ];
            assert_eq!(four, one, "{v:?} {origin:?} {inv}");
        }
    }
}
