//! One bit per cell of a [`TileMap`](super::TileMap): whether it is solid, row by row, so that
//! a query finds the few solid cells of a run of a row in a word or two instead of a byte per
//! cell (and reads an eighth of the memory, which for a large map is out of the cache).

/// The solid cells of a map, a row of `width` bits padded to whole words per row.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SolidRows {
    words_per_row: usize,
    bits: Vec<u64>,
}

impl SolidRows {
    /// The bits of `cells` (row-major, `width` a row): set where the cell is not `0`.
    pub fn new(width: u32, cells: &[u8]) -> Self {
        let words_per_row = (width as usize).div_ceil(64);
        let rows = cells.len() / (width as usize).max(1);
        let mut solid = Self {
            words_per_row,
            bits: vec![0; words_per_row * rows],
        };
        for (y, row) in cells.chunks(width as usize).enumerate() {
            for (x, &v) in row.iter().enumerate() {
                solid.set(x as u32, y as u32, v != 0);
            }
        }
        solid
    }

    /// Marks cell `(x, y)` solid or empty.
    pub fn set(&mut self, x: u32, y: u32, solid: bool) {
        let (word, bit) = (y as usize * self.words_per_row + x as usize / 64, x % 64);
        if solid {
            self.bits[word] |= 1 << bit;
        } else {
            self.bits[word] &= !(1 << bit);
        }
    }

    /// Calls `visit(x)` for each solid cell of row `y` from column `x0` to `x1` (inclusive,
    /// both in the map), left to right.
    #[inline]
    pub fn each_in(&self, y: u32, x0: u32, x1: u32, mut visit: impl FnMut(u32)) {
        let row = &self.bits[y as usize * self.words_per_row..];
        for w in x0 / 64..=x1 / 64 {
            let mut word = row[w as usize];
            if w == x0 / 64 {
                word &= u64::MAX << (x0 % 64);
            }
            if w == x1 / 64 {
                word &= u64::MAX >> (63 - x1 % 64);
            }
            while word != 0 {
                visit(w * 64 + word.trailing_zeros());
                word &= word - 1;
            }
        }
    }
}
