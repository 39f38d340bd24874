//! Finding the solid cells of a tile map without looking at each: a row's cell bytes are read
//! eight at a time as one 64-bit word, and a bit per block of [`BLOCK`] × [`BLOCK`] cells says
//! whether the block holds any solid cell, so the casts skip empty blocks whole.

use core::fmt;

use super::TileMap;

/// Cells a block spans on each axis: a bit per 256 cells, 8 KiB for a 4 096 × 4 096 map.
/// Measured against 32 and 64: segment casts near a tiled floor cross fewer rows that need a
/// look with blocks this small, and shape sweeps are no slower.
pub(crate) const BLOCK: u32 = 16;

/// Runs of columns shorter than this are scanned in the cell bytes straight away: eight words
/// a row cost about what the block bits over them and then the cells of the solid blocks
/// would (32 and 64 measure the same on the wall runs and floor walks of a tiled level).
const SHORT_RUN: u32 = 64;

/// A bit per block of [`BLOCK`] × [`BLOCK`] cells (the last ones of a row or column may be
/// cut short by the map's edge), set where the block holds a solid cell; row by row, packed
/// in 64-bit words with no padding between rows. Kept in step with the cells by [`TileMap`].
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Blocks {
    /// Blocks per row.
    columns: usize,
    words: Vec<u64>,
}

impl fmt::Debug for Blocks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The bits repeat the cells, which the map prints already.
        f.write_str("Blocks { .. }")
    }
}

impl Blocks {
    /// The block bits of a `width × height` map whose row-major `cells` are solid where
    /// non-zero.
    pub(crate) fn new(width: u32, height: u32, cells: &[u8]) -> Self {
        let columns = width.div_ceil(BLOCK) as usize;
        let rows = height.div_ceil(BLOCK) as usize;
        let mut out = Self {
            columns,
            words: vec![0; (columns * rows).div_ceil(64)],
        };
        for (y, row) in cells.chunks_exact(width as usize).enumerate() {
            for (bx, run) in row.chunks(BLOCK as usize).enumerate() {
                // No early exit, so the compiler can take many bytes at a time.
                if run.iter().fold(0, |any, &v| any | v) != 0 {
                    out.put(bx as u32, y as u32 / BLOCK, true);
                }
            }
        }
        out
    }

    /// The bytes the bits take on the heap.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.words.capacity() * core::mem::size_of::<u64>()
    }

    /// The index of block `(bx, by)`'s bit among all the bits.
    fn bit(&self, bx: u32, by: u32) -> usize {
        by as usize * self.columns + bx as usize
    }

    pub(crate) fn put(&mut self, bx: u32, by: u32, on: bool) {
        let b = self.bit(bx, by);
        let (i, bit) = (b / 64, 1u64 << (b % 64));
        if on {
            self.words[i] |= bit;
        } else {
            self.words[i] &= !bit;
        }
    }

    /// Whether block `(bx, by)` holds a solid cell.
    #[inline]
    pub(crate) fn get(&self, bx: u32, by: u32) -> bool {
        let b = self.bit(bx, by);
        self.words[b / 64] >> (b % 64) & 1 != 0
    }

    /// The set bit of block row `by` in block columns `lo..=hi` nearest `lo` (the lowest) or,
    /// `reverse`, nearest `hi` (the highest).
    #[inline]
    fn first(&self, by: u32, lo: u32, hi: u32, reverse: bool) -> Option<u32> {
        if lo > hi {
            return None;
        }
        let (b0, b1) = (self.bit(lo, by), self.bit(hi, by));
        let (w0, w1) = (b0 / 64, b1 / 64);
        let (lo_mask, hi_mask) = (u64::MAX << (b0 % 64), u64::MAX >> (63 - b1 % 64));
        let mut w = if reverse { w1 } else { w0 };
        loop {
            let mut bits = self.words[w];
            if w == w0 {
                bits &= lo_mask;
            }
            if w == w1 {
                bits &= hi_mask;
            }
            if bits != 0 {
                let bit = if reverse {
                    63 - bits.leading_zeros()
                } else {
                    bits.trailing_zeros()
                };
                // Back from an index among all the bits to a block column of row `by`.
                return Some((w * 64 + bit as usize - (b0 - lo as usize)) as u32);
            }
            if w == if reverse { w0 } else { w1 } {
                return None;
            }
            w = if reverse { w - 1 } else { w + 1 };
        }
    }
}

/// The eight bytes of `cells` from `at` as one word, byte `i` in bits `8i..8i + 8`.
#[inline]
fn word_at(cells: &[u8], at: usize) -> u64 {
    let mut w = [0; 8];
    w.copy_from_slice(&cells[at..at + 8]);
    u64::from_le_bytes(w)
}

impl TileMap {
    /// The solid cell of row `y` in columns `lo..=hi` (within the map) nearest column `lo`,
    /// or with `reverse` nearest `hi`.
    #[inline]
    pub(crate) fn first_in_row(&self, y: u32, lo: u32, hi: u32, reverse: bool) -> Option<u32> {
        self.first_column_in(lo, hi, (y, y), reverse)
    }

    /// Calls `visit(x)` for each solid cell of row `y` in columns `lo..=hi` (within the map),
    /// left to right.
    #[inline]
    pub(crate) fn each_in_row(&self, y: u32, lo: u32, hi: u32, mut visit: impl FnMut(u32)) {
        let mut from = lo;
        while let Some(x) = self.first_in_row(y, from, hi, false) {
            visit(x);
            if x == hi {
                break;
            }
            from = x + 1;
        }
    }

    /// The first column of `lo..=hi` (within the map; from `hi` with `reverse`) holding a
    /// solid cell in a row of `rows`: eight columns at a time, the cell bytes of all the rows
    /// or-ed into one word, so the scan stops at the first eight columns that hold one.
    #[inline]
    pub(crate) fn first_column_in(
        &self,
        lo: u32,
        hi: u32,
        rows: (u32, u32),
        reverse: bool,
    ) -> Option<u32> {
        if lo > hi {
            return None;
        }
        if self.width() < 8 {
            return self.first_column_in_narrow(lo, hi, rows, reverse);
        }
        if reverse {
            let mut x = hi;
            loop {
                let start = x.saturating_sub(7).max(lo);
                let w = self.window(rows, start, x);
                if w != 0 {
                    return Some(start + 7 - w.leading_zeros() / 8);
                }
                if start == lo {
                    return None;
                }
                x = start - 1;
            }
        }
        let mut x = lo;
        loop {
            let w = self.window(rows, x, hi);
            if w != 0 {
                return Some(x + w.trailing_zeros() / 8);
            }
            if hi - x < 8 {
                return None;
            }
            x += 8;
        }
    }

    /// The cell bytes of columns `x..=hi.min(x + 7)` (a map at least 8 wide) or-ed over the
    /// rows of `rows`, column `x + i` in byte `i`, and zero bytes past `hi`.
    #[inline]
    fn window(&self, rows: (u32, u32), x: u32, hi: u32) -> u64 {
        let (cells, width) = (self.cells(), self.width() as usize);
        // Eight columns inside the row, so never a byte of the next one: from `x`, or back
        // from the row's end.
        let start = (x as usize).min(width - 8);
        let mut at = rows.0 as usize * width + start;
        let mut w = word_at(cells, at);
        for _ in rows.0..rows.1 {
            at += width;
            w |= word_at(cells, at);
        }
        w >>= 8 * (x as usize - start);
        let n = hi - x + 1;
        if n < 8 {
            w &= (1 << (8 * n)) - 1;
        }
        w
    }

    /// [`first_column_in`](Self::first_column_in) on a map narrower than a word, a column
    /// at a time.
    #[cold]
    fn first_column_in_narrow(
        &self,
        lo: u32,
        hi: u32,
        rows: (u32, u32),
        reverse: bool,
    ) -> Option<u32> {
        let solid = |x: &u32| (rows.0..=rows.1).any(|y| self.is_solid(*x, y));
        if reverse {
            (lo..=hi).rev().find(solid)
        } else {
            (lo..=hi).find(solid)
        }
    }

    /// Whether block `(bx, by)` (of the map) holds a solid cell.
    #[inline]
    pub(crate) fn block_is_solid(&self, bx: u32, by: u32) -> bool {
        self.blocks().get(bx, by)
    }

    /// Whether block row `by` holds a solid cell in block columns `lo..=hi`.
    #[inline]
    pub(crate) fn any_block(&self, by: u32, lo: u32, hi: u32) -> bool {
        self.blocks().first(by, lo, hi, false).is_some()
    }

    /// Recomputes the bit of the block holding cell `(x, y)` after the cell changed.
    pub(crate) fn update_block(&mut self, x: u32, y: u32) {
        let (bx, by) = (x / BLOCK, y / BLOCK);
        let solid = self.is_solid(x, y) || {
            let (x0, y0) = (bx * BLOCK, by * BLOCK);
            let x1 = (x0 + BLOCK - 1).min(self.width() - 1);
            let y1 = (y0 + BLOCK - 1).min(self.height() - 1);
            self.first_column_in(x0, x1, (y0, y1), false).is_some()
        };
        self.blocks_mut().put(bx, by, solid);
    }

    /// The first column from `from` towards `to` (either way) holding a solid cell in a row
    /// of `rows`, if any: a block column at a time while the blocks there are empty.
    pub(crate) fn first_column(&self, from: u32, to: u32, rows: (u32, u32)) -> Option<u32> {
        let reverse = to < from;
        let (mut lo, mut hi) = (from.min(to), from.max(to));
        if hi - lo < SHORT_RUN {
            return self.first_column_in(lo, hi, rows, reverse);
        }
        loop {
            let bx = self.first_block_column(lo / BLOCK, hi / BLOCK, rows, reverse)?;
            let (c0, c1) = ((bx * BLOCK).max(lo), (bx * BLOCK + BLOCK - 1).min(hi));
            if let Some(x) = self.first_column_in(c0, c1, rows, reverse) {
                return Some(x);
            }
            // Past this block column, which holds solid cells only in other rows.
            if reverse {
                hi = c0.checked_sub(1).filter(|&h| h >= lo)?;
            } else {
                lo = c1.checked_add(1).filter(|&l| l <= hi)?;
            }
        }
    }

    /// The block column of `lo..=hi` nearest `lo` (nearest `hi` with `reverse`) holding a
    /// solid block in a block row over `rows`.
    fn first_block_column(&self, lo: u32, hi: u32, rows: (u32, u32), reverse: bool) -> Option<u32> {
        let mut best: Option<u32> = None;
        for by in rows.0 / BLOCK..=rows.1 / BLOCK {
            if let Some(bx) = self.blocks().first(by, lo, hi, reverse) {
                best = Some(match best {
                    Some(b) if reverse => b.max(bx),
                    Some(b) => b.min(bx),
                    None => bx,
                });
            }
        }
        best
    }

    /// The first row from `from` towards `to` (either way) holding a solid cell in a column of
    /// `columns`, if any: a block row at a time while the blocks there are empty.
    pub(crate) fn first_row(&self, from: u32, to: u32, columns: (u32, u32)) -> Option<u32> {
        let up = to >= from;
        let (b0, b1) = (columns.0 / BLOCK, columns.1 / BLOCK);
        let mut y = from;
        loop {
            let by = y / BLOCK;
            // The rows of this block row the walk visits, in its order, ending at `end`.
            let end = if up {
                (by * BLOCK + BLOCK - 1).min(to)
            } else {
                (by * BLOCK).max(to)
            };
            if self.any_block(by, b0, b1) {
                let mut rows = y.min(end)..=y.max(end);
                let found = |y: &u32| self.first_in_row(*y, columns.0, columns.1, false).is_some();
                let hit = if up {
                    rows.find(found)
                } else {
                    rows.rev().find(found)
                };
                if hit.is_some() {
                    return hit;
                }
            }
            if end == to {
                return None;
            }
            y = if up { end + 1 } else { end - 1 };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use collide_testkit::SplitMix64;
    use glam::Vec2;

    /// Every answer of the scans against a look at every cell, on seeded maps of every shape
    /// around the word and block sizes, before and after cells are set and cleared.
    #[test]
    fn scans_answer_as_the_cells_do() {
        let mut rng = SplitMix64::new(0xB175);
        let mut next = |n: u32| rng.index(n as usize) as u32;
        for i in 0..80 {
            // A quarter of the maps narrower or not much wider than a word.
            let w = 1 + if i % 4 == 0 { next(12) } else { next(300) };
            let h = 1 + next(140);
            // Sparse maps, so that whole blocks are empty.
            let sparse = 9 + next(200);
            let mut cells: Vec<u8> = (0..w * h).map(|_| u8::from(next(sparse) == 0)).collect();
            let mut map = TileMap::from_cells(w, h, &cells, Vec2::ONE, Vec2::ZERO).unwrap();
            for round in 0..2 {
                let solid = |x: u32, y: u32| cells[(y * w + x) as usize] != 0;
                for _ in 0..40 {
                    let (y, a, b) = (next(h), next(w), next(w));
                    let (lo, hi) = (a.min(b), a.max(b));
                    let first = (lo..=hi).find(|&x| solid(x, y));
                    let last = (lo..=hi).rev().find(|&x| solid(x, y));
                    assert_eq!(map.first_in_row(y, lo, hi, false), first);
                    assert_eq!(map.first_in_row(y, lo, hi, true), last);
                    let (r0, r1) = (next(h), next(h));
                    let rows = (r0.min(r1), r0.max(r1));
                    let column = |x: u32| (rows.0..=rows.1).any(|y| solid(x, y));
                    let expect = if a <= b {
                        (a..=b).find(|&x| column(x))
                    } else {
                        (b..=a).rev().find(|&x| column(x))
                    };
                    assert_eq!(map.first_column(a, b, rows), expect, "{w}×{h}");
                    let reverse = b < a;
                    assert_eq!(map.first_column_in(lo, hi, rows, reverse), expect);
                    // Narrow column ranges too, at every offset from the word starts.
                    let near = (lo + next(9)).min(w - 1);
                    let expect = (lo..=near).find(|&x| column(x));
                    assert_eq!(map.first_column_in(lo, near, rows, false), expect);
                    let expect = (lo..=near).rev().find(|&x| column(x));
                    assert_eq!(map.first_column_in(lo, near, rows, true), expect);
                    let filled = |y: u32| (lo..=hi).any(|x| solid(x, y));
                    let expect = if r0 <= r1 {
                        (r0..=r1).find(|&y| filled(y))
                    } else {
                        (r1..=r0).rev().find(|&y| filled(y))
                    };
                    assert_eq!(map.first_row(r0, r1, (lo, hi)), expect, "{w}×{h}");
                    assert_eq!(map.is_solid(a, y), solid(a, y));
                }
                assert!(!map.is_solid(w, 0) && !map.is_solid(0, h));
                if round == 0 {
                    for _ in 0..(w * h / 3).max(1) {
                        let (x, y) = (next(w), next(h));
                        let v = u8::from(next(2) == 0) * (1 + next(255) as u8);
                        cells[(y * w + x) as usize] = v;
                        map.set(x, y, v).unwrap();
                    }
                    assert!(map.blocks() == &Blocks::new(w, h, &cells));
                }
            }
        }
    }
}
