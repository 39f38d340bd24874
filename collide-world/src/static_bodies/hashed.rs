//! The hash table of the levels that keep only their occupied cells: each cell of such a
//! level to its number.

use hashbrown::hash_table::Entry;
use hashbrown::HashTable;

/// A cell of some level and its number.
#[derive(Clone, Copy, Debug)]
struct Cell {
    /// The cell's `x` in the high half, its `y` in the low half.
    key: u64,
    level: u32,
    number: u32,
}

impl Cell {
    fn hash(&self) -> u64 {
        cell_hash(self.key, self.level)
    }
}

/// The numbers of the cells of every hashed level; one table serves them all, each entry
/// tagged with its level.
#[derive(Clone, Debug, Default)]
pub(super) struct HashedCells {
    table: HashTable<Cell>,
}

impl HashedCells {
    /// Empties the table, keeping its memory.
    pub(super) fn clear(&mut self) {
        self.table.clear();
    }

    /// Makes room for `cells` more cells.
    pub(super) fn reserve(&mut self, cells: usize) {
        self.table.reserve(cells, Cell::hash);
    }

    /// The number of cell `cell` of `level`, storing `fresh` when the cell is new;
    /// `(number, inserted)`.
    pub(super) fn insert(&mut self, [x, y]: [i32; 2], level: u32, fresh: u32) -> (u32, bool) {
        let key = cell_key(x, y);
        let same = |c: &Cell| c.key == key && c.level == level;
        match self.table.entry(cell_hash(key, level), same, Cell::hash) {
            Entry::Occupied(cell) => (cell.get().number, false),
            Entry::Vacant(cell) => {
                cell.insert(Cell {
                    key,
                    level,
                    number: fresh,
                });
                (fresh, true)
            }
        }
    }

    /// The number of cell `(x, y)` of `level`, if it is occupied.
    #[inline]
    pub(super) fn get(&self, x: i32, y: i32, level: u32) -> Option<u32> {
        let key = cell_key(x, y);
        let same = |c: &Cell| c.key == key && c.level == level;
        self.table
            .find(cell_hash(key, level), same)
            .map(|c| c.number)
    }
}

#[inline]
fn cell_key(x: i32, y: i32) -> u64 {
    (u64::from(x as u32) << 32) | u64::from(y as u32)
}

/// hashbrown picks a bucket by a hash's low bits and tags it by its top seven, so both ends
/// must depend on every coordinate. A plain multiply carries bits upward only (the low bits
/// would see `y` alone); the folded multiply (a 128-bit product's halves xored, as in
/// foldhash) mixes both ways for one multiplication, with no state to carry.
#[inline]
fn cell_hash(key: u64, level: u32) -> u64 {
    let mixed = key ^ u64::from(level).wrapping_mul(0xD6E8_FEB8_6659_FD93);
    let product = u128::from(mixed) * 0x9E37_79B9_7F4A_7C15;
    product as u64 ^ (product >> 64) as u64
}
