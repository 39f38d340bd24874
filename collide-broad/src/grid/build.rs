//! The build passes of [`Grid::update`](crate::BroadPhase::update), in the order it runs them:
//! file every object in a level and cell, lay out each level's slots, count the objects per
//! slot, scatter them into their slots, and sort any crowd by layers.

use collide_core::Aabb;
use glam::Vec2;

use super::cells::WideScale;
use super::cells::{Filed, Item, Level, LARGE, SKIPPED};
use super::numbering::{cell_count, grow};
use super::Grid;
use crate::buffers::{keep_headroom, reserve_total};
use crate::layer_runs::{find_run_ends, layers_key, CROWD};
use crate::proxy::{indexed_corners, widened};
use crate::LevelCells;
use crate::Proxy;

/// A level's cells are numbered densely when their bounding rectangle has at most this many
/// cells per object (plus a constant); otherwise they are hashed.
const DENSE_CELLS_PER_OBJECT: u64 = 4;

impl Grid {
    /// Files every object in its level and cell and lays the cells out in flat arrays: the
    /// passes below, in this order.
    pub(super) fn build(&mut self, proxies: &[Proxy]) {
        let max_level = self.max_level as usize;
        if self.levels.len() <= max_level {
            self.levels.resize(max_level + 1, Level::default());
        }
        for (level, &inv) in self.levels.iter_mut().zip(&self.inv) {
            level.count = 0;
            level.rect = [i32::MAX, i32::MAX, i32::MIN, i32::MIN];
            level.wide = WideScale::of(inv);
        }
        self.file_all(proxies);
        let slots = self.lay_out_levels();
        let most_in_a_slot = self.count_slots(slots);
        self.scatter(proxies);
        self.sort_crowds(most_in_a_slot);
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
        let max_level = self.max_level as usize;
        // Below this level the box is wider than two cells and cannot fit.
        let mut level = 0;
        let mut two_cells = 2.0 * self.cell;
        while size > two_cells && level < max_level {
            two_cells *= 2.0;
            level += 1;
        }
        while level <= max_level {
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

    /// Each level's slots: a dense rectangle when compact, else up to one per object. Returns
    /// the number of slots.
    fn lay_out_levels(&mut self) -> u32 {
        let mut slots = 0_u32;
        self.occupied = 0;
        for (k, level) in self.levels.iter_mut().enumerate() {
            (level.base, level.used) = (slots, 0);
            if level.count == 0 {
                (level.dense, level.len) = (false, 0);
                continue;
            }
            self.occupied |= 1 << k;
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
        self.table.clear();
        self.table.reserve(self.filed.len());
        slots
    }

    /// Pass 2: each object's slot, and where each slot's items end (`starts`). Returns the
    /// most objects in one slot.
    fn count_slots(&mut self, slots: u32) -> u32 {
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
        let mut most = 0;
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
                most = most.max(*count);
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
        most
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

    /// Pass 4, in a frame with a crowd (a slot of more than [`CROWD`] objects) only: the
    /// crowded slots' items sorted by layers, and the ends of the runs of items of one slot on
    /// the same layers, for the pair loops to skip (see [`crate::layer_runs`]). Otherwise no
    /// run ends, and the pair loops test every candidate.
    fn sort_crowds(&mut self, most_in_a_slot: u32) {
        self.run_ends.clear();
        // Ready for a crowd whenever one forms, without allocating then.
        reserve_total(&mut self.run_ends, self.items.capacity());
        if most_in_a_slot as usize <= CROWD {
            return;
        }
        for s in 0..self.starts.len() - 1 {
            let (start, end) = self.slot_range(s);
            if end - start > CROWD {
                self.items[start..end].sort_unstable_by_key(|item| layers_key(item.layers));
            }
        }
        let items = &self.items;
        find_run_ends(
            items.len(),
            |j| (items[j].slot, layers_key(items[j].layers)),
            &mut self.run_ends,
        );
    }
}

/// The slot of cell `(x, y)` of `level` (number `k`), inserting it into the hash table when new.
#[inline]
fn slot_of(level: &mut Level, table: &mut LevelCells, k: u32, x: i32, y: i32) -> u32 {
    if level.dense {
        let dx = x.wrapping_sub(level.rect[0]) as u32;
        let dy = y.wrapping_sub(level.rect[1]) as u32;
        level.base + dy * level.width() as u32 + dx
    } else {
        let (slot, new) = table.insert(x, y, k, level.base + level.used);
        level.used += u32::from(new);
        slot
    }
}

/// Makes `v` `len` long, padding with `fill` but keeping what is there: for buffers whose every
/// entry the caller then overwrites, so clearing them first would write them twice.
fn fit_length<T: Copy>(v: &mut Vec<T>, len: usize, fill: T) {
    v.truncate(len);
    v.resize(len, fill);
}
