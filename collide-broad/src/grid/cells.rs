//! How the grid stores its cells and their objects, and reading them back.

use collide_core::{Aabb, Layers};
use glam::Vec2;

use super::numbering::cell_count;
use super::Grid;

/// Where pass 1 filed a proxy: its level (or [`SKIPPED`] / [`LARGE`]) and cell there.
#[derive(Clone, Copy, Debug)]
pub(super) struct Filed {
    pub(super) level: u32,
    pub(super) x: i32,
    pub(super) y: i32,
}

impl Filed {
    pub(super) const NOWHERE: Filed = Filed {
        level: SKIPPED,
        x: 0,
        y: 0,
    };
}

/// One object in its cell: everything the pair loop reads, side by side in memory.
#[derive(Clone, Copy, Debug)]
pub(super) struct Item {
    pub(super) bounds: Aabb,
    pub(super) layers: Layers,
    pub(super) id: u32,
    /// The slot of its cell.
    pub(super) slot: u32,
}

impl Item {
    pub(super) const EMPTY: Item = Item {
        bounds: Aabb::new(Vec2::ZERO, Vec2::ZERO),
        layers: Layers::on(0).with_mask(0),
        id: 0,
        slot: 0,
    };
}

/// The cells of one level.
#[derive(Clone, Debug, Default)]
pub(super) struct Level {
    /// Objects filed here by the last update.
    pub(super) count: u32,
    /// The rectangle of occupied cells: `[x0, y0, x1, y1]`, inclusive.
    pub(super) rect: [i32; 4],
    /// The first slot of this level, and how many it has.
    pub(super) base: u32,
    pub(super) len: u32,
    /// Dense: slots are numbered row by row over `rect`. Hashed: the grid's table maps a cell
    /// to its slot, numbered from `base` in the order cells were first seen; `used` of the
    /// level's `len` slots are cells, the rest stay empty.
    pub(super) dense: bool,
    pub(super) used: u32,
    /// The cell size and its inverse in `f64`, for the first-hit walk.
    pub(super) wide: WideScale,
}

impl Level {
    #[inline]
    pub(super) fn width(&self) -> usize {
        (i64::from(self.rect[2]) - i64::from(self.rect[0]) + 1) as usize
    }
}

/// The level of a proxy the broad phases ignore, and of one kept in the side list.
pub(super) const SKIPPED: u32 = u32::MAX;
pub(super) const LARGE: u32 = u32::MAX - 1;

impl Grid {
    /// Where the items of `level` lie in `items`.
    #[inline]
    pub(super) fn level_range(&self, level: &Level) -> (usize, usize) {
        let end = (level.base + level.len) as usize;
        (
            self.starts[level.base as usize] as usize,
            self.starts[end] as usize,
        )
    }

    /// The items of `level`.
    #[inline]
    pub(super) fn level_items(&self, level: &Level) -> &[Item] {
        let (start, end) = self.level_range(level);
        &self.items[start..end]
    }

    /// Where the items of one slot lie in `items`.
    #[inline]
    pub(super) fn slot_range(&self, slot: usize) -> (usize, usize) {
        (self.starts[slot] as usize, self.starts[slot + 1] as usize)
    }

    /// Calls `f` with the items of every cell of level `k` in the inclusive range `r`, or with
    /// all of the level's items at once when that is cheaper.
    #[inline]
    pub(super) fn visit_cells(&self, k: usize, r: [i32; 4], mut f: impl FnMut(&[Item])) {
        self.visit_ranges(k, r, |start, end| f(&self.items[start..end]));
    }

    /// [`visit_cells`](Self::visit_cells) for the first-hit walk: on a dense level, where the
    /// items of several rows lie is read before any of those rows is visited.
    #[inline]
    pub(super) fn visit_cells_ahead(&self, k: usize, r: [i32; 4], mut f: impl FnMut(&[Item])) {
        // A row's visit ends in branches on its boxes' entries, which the processor often
        // guesses wrong; read after such a guess, the next row's slot bounds would add a trip
        // to memory before its items could load. Read ahead, they are already there.
        const AHEAD: usize = 8;
        let level = &self.levels[k];
        if !level.dense {
            return self.visit_cells(k, r, f);
        }
        let rect = level.rect;
        let Some(c) = within(r, rect) else {
            return;
        };
        if cell_count(&c) > u64::from(level.count) {
            f(self.level_items(level));
            return;
        }
        let w = level.width();
        let (cols, mut rows) = ((c[2] - c[0]) as usize + 1, (c[3] - c[1]) as usize + 1);
        let mut row =
            level.base as usize + (c[1] - rect[1]) as usize * w + (c[0] - rect[0]) as usize;
        let mut runs = [(0_u32, 0_u32); AHEAD];
        while rows > 0 {
            let n = rows.min(AHEAD);
            // One row of the range is one run of consecutive slots.
            for run in &mut runs[..n] {
                *run = (self.starts[row], self.starts[row + cols]);
                row += w;
            }
            for &(a, b) in &runs[..n] {
                f(&self.items[a as usize..b as usize]);
            }
            rows -= n;
        }
    }

    /// Where the items of the 2 × 2 block of cells `r` lie in `items`, one run of slots per
    /// row, when level `k` is dense and the block lies within its rectangle: the cells a
    /// point query reads, found without [`visit_cells`](Self::visit_cells)' clipping and
    /// counting (a fifth of a point query). `None` otherwise.
    #[inline]
    pub(super) fn dense_block(&self, k: usize, r: [i32; 4]) -> Option<[(usize, usize); 2]> {
        let level = &self.levels[k];
        let rect = level.rect;
        let inside = r[0] >= rect[0] && r[1] >= rect[1] && r[2] <= rect[2] && r[3] <= rect[3];
        if !(level.dense && inside) {
            return None;
        }
        let w = level.width();
        let row = level.base as usize + (r[1] - rect[1]) as usize * w + (r[0] - rect[0]) as usize;
        // `starts` has one entry past the last slot, so `row + 2` is always in it.
        let run = |row: usize| (self.starts[row] as usize, self.starts[row + 2] as usize);
        Some([run(row), run(row + w)])
    }

    /// [`visit_cells`](Self::visit_cells), with where the items lie in `items` (whole slots)
    /// instead of the items.
    #[inline]
    pub(super) fn visit_ranges(&self, k: usize, r: [i32; 4], mut f: impl FnMut(usize, usize)) {
        let level = &self.levels[k];
        let mut level_range = || {
            let (start, end) = self.level_range(level);
            f(start, end);
        };
        if level.dense {
            let rect = level.rect;
            let Some(c) = within(r, rect) else {
                return;
            };
            if cell_count(&c) > u64::from(level.count) {
                level_range();
                return;
            }
            let w = level.width();
            let (cols, rows) = ((c[2] - c[0]) as usize + 1, (c[3] - c[1]) as usize + 1);
            let mut row =
                level.base as usize + (c[1] - rect[1]) as usize * w + (c[0] - rect[0]) as usize;
            for _ in 0..rows {
                // One row of the range is one run of consecutive slots.
                let (a, b) = (self.starts[row], self.starts[row + cols]);
                f(a as usize, b as usize);
                row += w;
            }
        } else if cell_count(&r) > u64::from(level.count) {
            level_range();
        } else {
            for y in r[1]..=r[3] {
                for x in r[0]..=r[2] {
                    if let Some(s) = self.table.get(x, y, k as u32) {
                        let (start, end) = self.slot_range(s as usize);
                        f(start, end);
                    }
                }
            }
        }
    }
}

/// The cells of `r` (`[x0, y0, x1, y1]`) within `rect`, if any.
#[inline]
fn within(r: [i32; 4], rect: [i32; 4]) -> Option<[i32; 4]> {
    let c = [
        r[0].max(rect[0]),
        r[1].max(rect[1]),
        r[2].min(rect[2]),
        r[3].min(rect[3]),
    ];
    (c[0] <= c[2] && c[1] <= c[3]).then_some(c)
}

/// A level's cell size and its inverse in `f64`, worked out by each update rather than by
/// every ray (a divide on the way to a ray's first cells).
#[derive(Clone, Copy, Debug)]
pub(super) struct WideScale {
    pub(super) inv: f64,
    pub(super) cell: f64,
}

impl WideScale {
    /// The scale of a level whose `f32` inverse cell size is `inv`: the cell size is taken as
    /// `1 / inv`, the one the cell numbers use.
    pub(super) fn of(inv: f32) -> Self {
        let inv = f64::from(inv);
        Self {
            inv,
            cell: 1.0 / inv,
        }
    }
}

impl Default for WideScale {
    fn default() -> Self {
        Self::of(1.0)
    }
}
