//! The index behind [`StaticBodies`](crate::StaticBodies): a hierarchy of loose uniform grids,
//! built once, whose items lie in one array in the order of their cells.
//!
//! An item goes to the finest level whose cells are at least as large as its box, and is
//! listed once, in the cell of its box's minimum corner: its box then reaches at most one cell
//! further up and right, so a query looks at the cells under its box plus one row and one
//! column below and to the left. The items of a level are sorted row by row, so the items of a
//! run of cells along a row lie side by side in memory: a query walks a few short runs of
//! boxes, with no list of cells to follow. A level whose cells are mostly occupied keeps a
//! dense table of where each cell's run starts; a sparse one on few rows and columns (a floor
//! and a wall across a large level) keeps its occupied cells row by row and column by column;
//! any other (bodies far apart) keeps only its occupied cells, in a hash table.

use collide_core::Aabb;
use glam::Vec2;

use super::occupancy::Occupancy;
use super::sparse::SparseCells;
use collide_broad::LevelCells;

mod moving;

/// The levels of the hierarchy: level `k` has cells `2^k` times the finest.
const LEVELS: u32 = 24;

/// A level's dense table may have this many cells per item (and this many besides) before the
/// level keeps only its occupied cells instead; its table of rows and columns, this many rows
/// and columns per item, before it keeps a hash of them.
const DENSE_CELLS_PER_ITEM: u64 = 16;
const DENSE_CELLS_EXTRA: u64 = 256;
/// The most cells one dense table may have (64 MiB of starts).
const DENSE_CELLS_MAX: u64 = 1 << 24;

/// How many items may have moved out of their cells (and be checked by every query) before
/// [`CellIndex::wants_rebuild`] says so: this many, and one more per this many items besides.
const MOVED_MAX: usize = 32;
const MOVED_PER_ITEMS: usize = 64;

/// The box of an item that has moved out of its cell: it touches no query.
const GONE: Corners = [Vec2::INFINITY, Vec2::NEG_INFINITY];

/// An item's box as its two corners.
type Corners = [Vec2; 2];

/// How one level finds the run of items of a cell.
#[derive(Clone, Debug)]
enum Cells {
    /// Cells `origin..origin + size`, row by row; the run of cell `c` (counted from the
    /// origin) is `starts[base + c]..starts[base + c + 1]`.
    Dense {
        origin: [i32; 2],
        size: [u32; 2],
        base: usize,
        /// Which fine cells (a quarter of a cell a side) the level's boxes touch.
        occupancy: Option<Occupancy>,
    },
    /// Only occupied cells, by row and by column; the run of cell number `n` is
    /// `starts[n]..starts[n + 1]`.
    Sparse(SparseCells),
    /// Only occupied cells, numbered by the hash table (`level` its tag); the run of cell
    /// number `n` is `starts[n]..starts[n + 1]`.
    Hashed,
}

#[derive(Clone, Debug)]
struct Level {
    /// This level's number (its cells are `2^level` times the finest).
    level: u32,
    /// One over its cells' size (cells are found by multiplying, the same way at build and
    /// query).
    inverse: f32,
    /// Its items: `boxes[first..end]` (and `data` alike).
    first: usize,
    end: usize,
    /// How many cells hold its items.
    occupied: u64,
    cells: Cells,
}

#[derive(Clone, Debug)]
pub(crate) struct CellIndex<T> {
    /// The items' boxes, level by level and row by row: what a query reads most, on its own
    /// so that a run of cells is a run of 16-byte boxes.
    boxes: Vec<Corners>,
    /// The items' data, in the same order.
    data: Vec<T>,
    levels: Vec<Level>,
    starts: Vec<u32>,
    table: LevelCells,
    /// Items checked by every query: too large for every level (or with no finite cell), and
    /// those moved out of their cells since the build.
    loose: Vec<(Corners, T)>,
    /// How many of `loose` moved there.
    moved: usize,
    /// The size of the finest level's cells.
    finest: f32,
}

/// Where an item lies in a [`CellIndex`]: in its cell (its place in the level-by-level
/// array), or among the items every query checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    Celled(u32),
    Loose(u32),
}

impl<T> Default for CellIndex<T> {
    fn default() -> Self {
        Self {
            boxes: Vec::new(),
            data: Vec::new(),
            levels: Vec::new(),
            starts: Vec::new(),
            table: LevelCells::default(),
            loose: Vec::new(),
            moved: 0,
            finest: 1.0,
        }
    }
}

impl<T: Clone> CellIndex<T> {
    /// Indexes the items, `(box, data)`; every box must be finite.
    pub fn build(&mut self, items: impl Iterator<Item = (Aabb, T)> + Clone) {
        let (mut sizes, mut count) = (0.0f64, 0usize);
        for (b, _) in items.clone() {
            sizes += f64::from(b.size().max_element());
            count += 1;
        }
        // The finest cells about twice the average item: most items are on the first level, and
        // a small query looks at a few cells of about one item each.
        let average = if count > 0 { sizes / count as f64 } else { 1.0 };
        let finest = (2.0 * average as f32).max(f32::MIN_POSITIVE * 1e6);
        let finest = if finest.is_finite() { finest } else { f32::MAX };
        self.finest = finest;
        self.loose.clear();
        self.moved = 0;
        let mut keyed = Vec::with_capacity(count);
        for (b, data) in items {
            let (min, max) = (b.min(), b.max());
            match place(finest, min, max) {
                Some((level, cell)) => keyed.push((level, cell, [min, max], data)),
                None => self.loose.push(([min, max], data)),
            }
        }
        keyed.sort_by_key(|&(level, [x, y], ..)| (level, y, x));
        self.boxes.clear();
        self.data.clear();
        let mut cells = Vec::with_capacity(keyed.len());
        for (level, cell, corners, data) in keyed {
            cells.push((level, cell));
            self.boxes.push(corners);
            self.data.push(data);
        }
        self.build_levels(finest, &cells);
    }

    /// The levels' cell tables, from each item's level and first cell (sorted by level, row
    /// and column, as the items are).
    fn build_levels(&mut self, finest: f32, cells: &[(u32, [i32; 2])]) {
        self.levels.clear();
        self.starts.clear();
        // Emptied, its memory kept; the hashed levels (none, most often) make room as they go.
        self.table.clear();
        let mut first = 0;
        while first < cells.len() {
            let level = cells[first].0;
            let end = first + cells[first..].iter().take_while(|c| c.0 == level).count();
            let items = &cells[first..end];
            let (mut lo, mut hi) = ([i32::MAX; 2], [i32::MIN; 2]);
            let mut occupied = 0u64;
            for (i, (_, cell)) in items.iter().enumerate() {
                occupied += u64::from(i == 0 || items[i - 1].1 != *cell);
                for a in 0..2 {
                    lo[a] = lo[a].min(cell[a]);
                    hi[a] = hi[a].max(cell[a]);
                }
            }
            let size = [0, 1].map(|a| (i64::from(hi[a]) - i64::from(lo[a]) + 1) as u64);
            // Each side is at most 2³² cells: the product can exceed `u64`.
            let area = size[0].saturating_mul(size[1]);
            let dense = area <= DENSE_CELLS_PER_ITEM * items.len() as u64 + DENSE_CELLS_EXTRA
                && area <= DENSE_CELLS_MAX;
            let cells = if dense {
                let base = self.starts.len();
                let [w, h] = size.map(|s| s as usize);
                self.starts.resize(base + w * h + 1, 0);
                for (_, cell) in items {
                    let c = (cell[1] - lo[1]) as usize * w + (cell[0] - lo[0]) as usize;
                    self.starts[base + c + 1] += 1;
                }
                let mut run = first as u32;
                for s in &mut self.starts[base..] {
                    run += *s;
                    *s = run;
                }
                Cells::Dense {
                    origin: lo,
                    size: [w as u32, h as u32],
                    base,
                    occupancy: Occupancy::new(
                        level_cell(finest, level) / 4.0,
                        &self.boxes[first..end],
                    ),
                }
            } else if SparseCells::lines(lo, hi)
                <= DENSE_CELLS_PER_ITEM * items.len() as u64 + DENSE_CELLS_EXTRA
            {
                Cells::Sparse(self.sparse_cells(first, items, lo, hi))
            } else {
                // Numbered in the items' order, so cell `n`'s run ends where `n + 1`'s starts.
                // Room for a cell per item at once: no rehash while the level goes in.
                self.table.reserve(items.len());
                for (i, (_, cell)) in items.iter().enumerate() {
                    let fresh = self.starts.len() as u32;
                    let (_, new) = self.table.insert(cell[0], cell[1], level, fresh);
                    if new {
                        self.starts.push((first + i) as u32);
                    }
                }
                Cells::Hashed
            };
            self.levels.push(Level {
                level,
                inverse: level_inverse(finest, level),
                first,
                end,
                occupied,
                cells,
            });
            first = end;
        }
        // The end of the last hashed run (and a harmless extra entry otherwise).
        self.starts.push(cells.len() as u32);
    }

    /// The sparse table of one level's `items` (its first at `first`, in `lo..=hi`): its
    /// cells numbered in the items' order, so cell `n`'s run ends where `n + 1`'s starts.
    fn sparse_cells(
        &mut self,
        first: usize,
        items: &[(u32, [i32; 2])],
        lo: [i32; 2],
        hi: [i32; 2],
    ) -> SparseCells {
        let mut cells: Vec<([i32; 2], u32, Corners)> = Vec::new();
        for (i, (_, cell)) in items.iter().enumerate() {
            let [min, max] = self.boxes[first + i];
            match cells.last_mut() {
                Some((last, _, around)) if last == cell => {
                    *around = [around[0].min(min), around[1].max(max)];
                }
                _ => {
                    cells.push((*cell, self.starts.len() as u32, [min, max]));
                    self.starts.push((first + i) as u32);
                }
            }
        }
        SparseCells::new(&cells, lo, hi)
    }

    /// How many levels keep a hash of their occupied cells (the others keep a dense table).
    #[cfg(test)]
    pub fn hashed_levels(&self) -> usize {
        let hashed = |l: &&Level| matches!(l.cells, Cells::Hashed);
        self.levels.iter().filter(hashed).count()
    }

    /// How many levels keep their occupied cells by row and by column.
    #[cfg(test)]
    pub fn sparse_levels(&self) -> usize {
        let sparse = |l: &&Level| matches!(l.cells, Cells::Sparse(_));
        self.levels.iter().filter(sparse).count()
    }

    /// Whether some item may touch `area`: `false` only when [`visit`](Self::visit) would offer
    /// none. It reads the levels' bitmaps alone (a level with none may always touch): most
    /// small queries stop here, after a word or two of them.
    #[inline]
    pub fn may_touch(&self, area: &Aabb) -> bool {
        let (lo, hi) = (area.min(), area.max());
        let touching = |[min, max]: &Corners| min.cmple(hi).all() && lo.cmple(*max).all();
        self.loose.iter().any(|(c, _)| touching(c))
            || self.levels.iter().any(|l| l.may_touch(lo, hi))
    }

    /// Calls `offer` with every item whose box touches `area` (overlaps it or shares an edge),
    /// once each. Callers with many small queries ask [`may_touch`](Self::may_touch) first;
    /// with one level, this walk then skips its bitmap.
    #[inline]
    pub fn visit(&self, area: &Aabb, offer: &mut impl FnMut(&T)) {
        let (lo, hi) = (area.min(), area.max());
        let touching = |[min, max]: &Corners| min.cmple(hi).all() && lo.cmple(*max).all();
        for (corners, data) in &self.loose {
            if touching(corners) {
                offer(data);
            }
        }
        let mut run = |from: usize, to: usize| {
            for (i, corners) in self.boxes[from..to].iter().enumerate() {
                if touching(corners) {
                    offer(&self.data[from + i]);
                }
            }
        };
        let starts = |i: usize| self.starts[i] as usize;
        // With several levels, each one's bitmap: a query may reach the cells of one alone.
        let several = self.levels.len() > 1;
        for level in &self.levels {
            if several && !level.may_touch(lo, hi) {
                continue;
            }
            let ([x0, y0], [x1, y1]) = (cell_of(level.inverse, lo), cell_of(level.inverse, hi));
            let (x0, y0, x1, y1) = (x0 - 1, y0 - 1, x1, y1);
            let (columns, rows) = ((x1 - x0 + 1) as u64, (y1 - y0 + 1) as u64);
            if columns.saturating_mul(rows) > 2 * level.occupied {
                // A query wider than the level's occupied cells: each of its items is cheaper.
                run(level.first, level.end);
                continue;
            }
            match &level.cells {
                Cells::Dense {
                    origin, size, base, ..
                } => {
                    let (ox, oy) = (i64::from(origin[0]), i64::from(origin[1]));
                    let (cx0, cx1) = ((x0 - ox).max(0), (x1 - ox).min(i64::from(size[0]) - 1));
                    let (cy0, cy1) = ((y0 - oy).max(0), (y1 - oy).min(i64::from(size[1]) - 1));
                    if cx0 > cx1 {
                        continue;
                    }
                    for y in cy0..=cy1 {
                        let row = *base + y as usize * size[0] as usize;
                        run(starts(row + cx0 as usize), starts(row + cx1 as usize + 1));
                    }
                }
                Cells::Sparse(sparse) => {
                    sparse.visit(([x0, y0], [x1, y1]), (lo, hi), |from, to| {
                        run(starts(from as usize), starts(to as usize));
                    });
                }
                Cells::Hashed => {
                    for y in y0..=y1 {
                        for x in x0..=x1 {
                            // Cells outside `i32` hold nothing (items' cells saturate there).
                            let (Ok(x), Ok(y)) = (i32::try_from(x), i32::try_from(y)) else {
                                continue;
                            };
                            if let Some(n) = self.table.get(x, y, level.level) {
                                run(starts(n as usize), starts(n as usize + 1));
                            }
                        }
                    }
                }
            }
        }
    }
}

impl Level {
    /// Whether some item of this level may touch the box `lo..=hi`, by its bitmap.
    #[inline]
    fn may_touch(&self, lo: Vec2, hi: Vec2) -> bool {
        match &self.cells {
            Cells::Dense {
                occupancy: Some(occupancy),
                ..
            } => occupancy.may_touch(lo, hi),
            _ => true,
        }
    }
}

/// The size of level `level`'s cells.
fn level_cell(finest: f32, level: u32) -> f32 {
    finest * (1u32 << level) as f32
}

/// One over it.
fn level_inverse(finest: f32, level: u32) -> f32 {
    1.0 / level_cell(finest, level)
}

/// The finest level on which the box `min..=max` spans at most two cells along each axis, and
/// its first cell there; `None` when none does.
fn place(finest: f32, min: Vec2, max: Vec2) -> Option<(u32, [i32; 2])> {
    (0..LEVELS).find_map(|level| {
        let inverse = level_inverse(finest, level);
        let (a, b) = (cell_of(inverse, min), cell_of(inverse, max));
        let spans = |k: usize| b[k] - a[k] <= 1;
        let first = [a[0] as i32, a[1] as i32];
        (spans(0) && spans(1)).then_some((level, first))
    })
}

/// The cell of `p` for cells of size `1 / inverse`, saturating to `i32` (far-away boxes share
/// the edge cells, consistently for items and queries alike). It is monotonic in `p`, which is
/// what keeps every item touching a box within one cell of the cells under it.
///
/// Truncated towards zero rather than floored (a query's four corners pay no correction each):
/// cell `0` then spans `-1..1` cells, twice the others, which costs nothing but a few more items
/// in it, since items and queries find their cells alike and monotonicity is all the index
/// needs. NaN gives `0`.
#[inline]
fn cell_of(inverse: f32, p: Vec2) -> [i64; 2] {
    [
        i64::from((p.x * inverse) as i32),
        i64::from((p.y * inverse) as i32),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use collide_testkit::SplitMix64;

    /// Every item whose box touches `area`, by a scan of them all, with the index's rule
    /// (shared edges count).
    fn scanned(items: &[(Aabb, u32)], area: &Aabb) -> Vec<u32> {
        let (lo, hi) = (area.min(), area.max());
        let mut out: Vec<u32> = items
            .iter()
            .filter(|(b, _)| b.min().cmple(hi).all() && lo.cmple(b.max()).all())
            .map(|&(_, id)| id)
            .collect();
        out.sort_unstable();
        out
    }

    /// A floor and a wall of tiles across a large level, with bumps, gaps and a few small
    /// boxes on them: their levels keep rows and columns. Long, thin queries along both
    /// strips, small ones and ones whose edges lie exactly on the tiles' against a scan.
    #[test]
    fn strips_of_items_are_listed_as_a_scan_lists_them() {
        let mut rng = SplitMix64::new(0x5791);
        let mut items = Vec::new();
        let mut add = |b: Aabb| {
            let id = items.len() as u32;
            items.push((b, id));
        };
        for k in 0..3_000 {
            if rng.unit() < 0.1 {
                continue; // a gap: the runs of a line break there
            }
            let along = 16.0 * k as f32;
            let bump = if rng.unit() < 0.05 {
                rng.range(1.0, 40.0)
            } else {
                0.0
            };
            add(Aabb::from_min_max(
                Vec2::new(along, -16.0),
                Vec2::new(along + 16.0, bump),
            ));
            add(Aabb::from_min_max(
                Vec2::new(-16.0 - bump, along),
                Vec2::new(0.0, along + 16.0),
            ));
            if rng.unit() < 0.05 {
                let at = Vec2::new(along + rng.range(0.0, 16.0), rng.range(0.0, 8.0));
                add(Aabb::new(at, Vec2::splat(rng.range(0.5, 3.0))));
            }
        }
        let mut index = CellIndex::default();
        index.build(items.iter().copied());
        assert!(index.sparse_levels() > 0);
        let mut listed = 0;
        for i in 0..3_000 {
            let (long, thin) = (rng.range(0.0, 1_500.0), rng.range(0.0, 20.0));
            let along = rng.range(-100.0, 49_000.0);
            let across = rng.range(-40.0, 50.0);
            let area = match i % 5 {
                0 => Aabb::new(Vec2::new(along, across), Vec2::new(long, thin)),
                1 => Aabb::new(Vec2::new(across, along), Vec2::new(thin, long)),
                2 => Aabb::new(Vec2::new(along, across), Vec2::splat(thin)),
                // Resting exactly on the floor's top, and exactly against the wall's face.
                3 => Aabb::from_min_max(Vec2::new(along, 0.0), Vec2::new(along + long, thin)),
                _ => Aabb::from_min_max(Vec2::new(0.0, along), Vec2::new(thin, along + long)),
            };
            let mut seen = Vec::new();
            index.visit(&area, &mut |&id| seen.push(id));
            seen.sort_unstable();
            assert_eq!(seen, scanned(&items, &area), "query {i}: {area:?}");
            listed += seen.len();
        }
        assert!(listed > 10_000, "the queries found only {listed}");
    }

    /// Boxes of one size spread over more than 2³² of their cells along both axes (the
    /// level's table would have more than 2⁶⁴ cells): the index is built (it used to overflow
    /// counting them) and lists what a scan lists.
    #[test]
    fn boxes_billions_of_cells_apart_are_listed_as_a_scan_lists_them() {
        let items: Vec<(Aabb, u32)> = [-1e10, -3e9, 0.0, 2e9, 1e10]
            .iter()
            .enumerate()
            .map(|(id, &at)| (Aabb::new(Vec2::splat(at), Vec2::ONE), id as u32))
            .collect();
        let mut index = CellIndex::default();
        index.build(items.iter().copied());
        for &(bounds, _) in &items {
            for area in [bounds, Aabb::new(bounds.center, Vec2::splat(1e9))] {
                let mut seen = Vec::new();
                index.visit(&area, &mut |&id| seen.push(id));
                seen.sort_unstable();
                assert_eq!(seen, scanned(&items, &area), "{area:?}");
            }
        }
    }

    /// Boxes and queries around the origin, where cell `0` spans two cells (cells are found by
    /// truncation), with edges exactly on `0` and on the cells' edges, small and large (several
    /// levels), near and at huge coordinates: the index lists what a scan lists.
    #[test]
    fn boxes_around_the_origin_and_far_away_are_listed_as_a_scan_lists_them() {
        let mut rng = SplitMix64::new(0x0219);
        for offset in [0.0, 3e6, -4e8] {
            let mut items = Vec::new();
            for id in 0..600 {
                // Corners on whole units, often on 0 and on multiples of a cell, else anywhere.
                let corner = |rng: &mut SplitMix64| match rng.index(3) {
                    0 => offset + rng.range(-6.0, 6.0).round() * 8.0,
                    _ => offset + rng.range(-60.0, 60.0),
                };
                let min = Vec2::new(corner(&mut rng), corner(&mut rng));
                let size = Vec2::new(rng.range(0.0, 6.0), rng.range(0.0, 6.0));
                let size = if rng.unit() < 0.1 { size * 20.0 } else { size };
                items.push((Aabb::from_min_max(min, min + size), id));
            }
            let mut index = CellIndex::default();
            index.build(items.iter().copied());
            let mut listed = 0;
            for i in 0..3_000 {
                let at =
                    Vec2::new(offset, offset) + rng.in_box(Vec2::splat(-70.0), Vec2::splat(70.0));
                let at = if i % 3 == 0 {
                    (at / 4.0).round() * 4.0
                } else {
                    at
                };
                let wide = [0.0, 2.0, 8.0, 40.0][i % 4];
                let area = Aabb::from_min_max(
                    at,
                    at + Vec2::new(rng.range(0.0, wide), rng.range(0.0, wide)),
                );
                let mut seen = Vec::new();
                index.visit(&area, &mut |&id| seen.push(id));
                seen.sort_unstable();
                assert_eq!(
                    seen,
                    scanned(&items, &area),
                    "offset {offset}, query {i}: {area:?}"
                );
                listed += seen.len();
            }
            assert!(
                listed > 3_000,
                "offset {offset}: the queries found only {listed}"
            );
        }
    }
}
