//! Which cells of a tile map are solid, one bit a cell, in rows of 64-bit words, and one bit
//! per block of 4 × 4 cells: the casts skip runs of empty cells a word or a block at a time
//! instead of looking at each cell.

use core::fmt;

/// Cells a block spans on each axis.
pub(crate) const BLOCK: u32 = 4;

/// A grid of bits, row by row, each row a whole number of 64-bit words.
#[derive(Clone, PartialEq, Eq)]
struct Bits {
    words_per_row: usize,
    words: Vec<u64>,
}

impl Bits {
    fn new(width: u32, height: u32) -> Self {
        let words_per_row = width.div_ceil(64) as usize;
        Self {
            words_per_row,
            words: vec![0; words_per_row * height as usize],
        }
    }

    fn word(&self, x: u32, y: u32) -> usize {
        y as usize * self.words_per_row + (x / 64) as usize
    }

    fn get(&self, x: u32, y: u32) -> bool {
        self.words[self.word(x, y)] >> (x % 64) & 1 != 0
    }

    fn put(&mut self, x: u32, y: u32, on: bool) {
        let (i, bit) = (self.word(x, y), 1u64 << (x % 64));
        if on {
            self.words[i] |= bit;
        } else {
            self.words[i] &= !bit;
        }
    }

    /// The set bit of row `y` in `lo..=hi` nearest `lo` (the lowest) or, `reverse`, nearest
    /// `hi` (the highest).
    #[inline]
    fn first(&self, y: u32, lo: u32, hi: u32, reverse: bool) -> Option<u32> {
        if lo > hi {
            return None;
        }
        let base = y as usize * self.words_per_row;
        let (w0, w1) = ((lo / 64) as usize, (hi / 64) as usize);
        let (lo_mask, hi_mask) = (u64::MAX << (lo % 64), u64::MAX >> (63 - hi % 64));
        let word = |w: usize| {
            let mut bits = self.words[base + w];
            if w == w0 {
                bits &= lo_mask;
            }
            if w == w1 {
                bits &= hi_mask;
            }
            bits
        };
        let at = |w: usize, bits: u64| {
            let bit = if reverse {
                63 - bits.leading_zeros()
            } else {
                bits.trailing_zeros()
            };
            w as u32 * 64 + bit
        };
        if reverse {
            (w0..=w1)
                .rev()
                .find_map(|w| Some(word(w)).filter(|&b| b != 0).map(|b| at(w, b)))
        } else {
            (w0..=w1).find_map(|w| Some(word(w)).filter(|&b| b != 0).map(|b| at(w, b)))
        }
    }
}

/// The solid cells of a tile map as bits: one a cell, row-major, and one per [`BLOCK`] ×
/// [`BLOCK`] block that holds any solid cell. Kept in step with the cells by
/// [`TileMap`](super::TileMap).
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Occupancy {
    width: u32,
    height: u32,
    cells: Bits,
    blocks: Bits,
}

impl fmt::Debug for Occupancy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The bits repeat the cells, which the map prints already.
        f.write_str("Occupancy { .. }")
    }
}

impl Occupancy {
    /// The bits of a `width × height` map whose row-major `cells` are solid where non-zero.
    pub(crate) fn new(width: u32, height: u32, cells: &[u8]) -> Self {
        let mut out = Self {
            width,
            height,
            cells: Bits::new(width, height),
            blocks: Bits::new(width.div_ceil(BLOCK), height.div_ceil(BLOCK)),
        };
        for (i, &v) in cells.iter().enumerate() {
            if v != 0 {
                let (x, y) = ((i % width as usize) as u32, (i / width as usize) as u32);
                out.cells.put(x, y, true);
                out.blocks.put(x / BLOCK, y / BLOCK, true);
            }
        }
        out
    }

    /// Marks cell `(x, y)` (inside the map) solid or empty.
    pub(crate) fn set(&mut self, x: u32, y: u32, solid: bool) {
        self.cells.put(x, y, solid);
        let (bx, by) = (x / BLOCK, y / BLOCK);
        let (x0, y0) = (bx * BLOCK, by * BLOCK);
        let x1 = (x0 + BLOCK - 1).min(self.width - 1);
        let any = (y0..(y0 + BLOCK).min(self.height))
            .any(|y| self.cells.first(y, x0, x1, false).is_some());
        self.blocks.put(bx, by, any);
    }

    /// Whether cell `(x, y)` is in the map and solid.
    #[inline]
    pub(crate) fn solid(&self, x: u32, y: u32) -> bool {
        x < self.width && y < self.height && self.cells.get(x, y)
    }

    /// The solid cell of row `y` in columns `lo..=hi` nearest column `lo`, or with `reverse`
    /// nearest `hi`.
    #[inline]
    pub(crate) fn first_in_row(&self, y: u32, lo: u32, hi: u32, reverse: bool) -> Option<u32> {
        self.cells.first(y, lo, hi, reverse)
    }

    /// Calls `visit(x)` for each solid cell of row `y` in columns `lo..=hi` (both in the map),
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

    /// Whether block row `by` holds a solid cell in block columns `lo..=hi`.
    #[inline]
    pub(crate) fn any_block(&self, by: u32, lo: u32, hi: u32) -> bool {
        self.blocks.first(by, lo, hi, false).is_some()
    }

    /// The first column from `from` towards `to` (either way) holding a solid cell in a row
    /// of `rows`, if any.
    pub(crate) fn first_column(&self, from: u32, to: u32, rows: (u32, u32)) -> Option<u32> {
        let reverse = to < from;
        let (lo, hi) = (from.min(to), from.max(to));
        let found = (rows.0..=rows.1).filter_map(|y| self.first_in_row(y, lo, hi, reverse));
        if reverse {
            found.max()
        } else {
            found.min()
        }
    }

    /// The first row from `from` towards `to` (either way) holding a solid cell in a column of
    /// `columns`, if any: a block row at a time while the blocks there are empty.
    pub(crate) fn first_row(&self, from: u32, to: u32, columns: (u32, u32)) -> Option<u32> {
        let up = to >= from;
        let (b0, b1) = (columns.0 / BLOCK, columns.1 / BLOCK);
        let mut y = from;
        loop {
            if !self.any_block(y / BLOCK, b0, b1) {
                // Past the rest of this block row.
                let next = if up {
                    (y / BLOCK + 1) * BLOCK
                } else {
                    (y / BLOCK * BLOCK).checked_sub(1)?
                };
                if (up && next > to) || (!up && next < to) {
                    return None;
                }
                y = next;
                continue;
            }
            if self.first_in_row(y, columns.0, columns.1, false).is_some() {
                return Some(y);
            }
            if y == to {
                return None;
            }
            y = if up { y + 1 } else { y - 1 };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use collide_testkit::SplitMix64;

    /// Every answer of the bits against a look at every cell, on seeded maps of every shape
    /// around the word and block sizes, before and after cells are set and cleared.
    #[test]
    fn bits_answer_as_the_cells_do() {
        let mut rng = SplitMix64::new(0xB175);
        let mut next = |n: u32| rng.index(n as usize) as u32;
        for _ in 0..60 {
            let (w, h) = (1 + next(140), 1 + next(40));
            let mut cells: Vec<u8> = (0..w * h).map(|_| u8::from(next(9) == 0)).collect();
            let mut bits = Occupancy::new(w, h, &cells);
            for round in 0..2 {
                let solid = |x: u32, y: u32| cells[(y * w + x) as usize] != 0;
                for _ in 0..40 {
                    let (y, a, b) = (next(h), next(w), next(w));
                    let (lo, hi) = (a.min(b), a.max(b));
                    let mut row = (lo..=hi).filter(|&x| solid(x, y));
                    let first = row.next();
                    let last = (lo..=hi).rev().find(|&x| solid(x, y));
                    assert_eq!(bits.first_in_row(y, lo, hi, false), first);
                    assert_eq!(bits.first_in_row(y, lo, hi, true), last);
                    let (r0, r1) = (next(h), next(h));
                    let rows = (r0.min(r1), r0.max(r1));
                    let column = |x: u32| (rows.0..=rows.1).any(|y| solid(x, y));
                    let expect = if a <= b {
                        (a..=b).find(|&x| column(x))
                    } else {
                        (b..=a).rev().find(|&x| column(x))
                    };
                    assert_eq!(bits.first_column(a, b, rows), expect);
                    let (c0, c1) = (lo, hi);
                    let filled = |y: u32| (c0..=c1).any(|x| solid(x, y));
                    let expect = if r0 <= r1 {
                        (r0..=r1).find(|&y| filled(y))
                    } else {
                        (r1..=r0).rev().find(|&y| filled(y))
                    };
                    assert_eq!(bits.first_row(r0, r1, (c0, c1)), expect, "{w}×{h}");
                    assert_eq!(bits.solid(a, y), solid(a, y));
                }
                assert!(!bits.solid(w, 0) && !bits.solid(0, h));
                if round == 0 {
                    for _ in 0..(w * h / 3).max(1) {
                        let (x, y) = (next(w), next(h));
                        let v = u8::from(next(2) == 0);
                        cells[(y * w + x) as usize] = v;
                        bits.set(x, y, v != 0);
                    }
                    assert!(bits == Occupancy::new(w, h, &cells));
                }
            }
        }
    }
}
