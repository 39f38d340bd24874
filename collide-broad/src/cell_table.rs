/// A hash table from grid cell to a dense slot number, in flat vectors.
///
/// Open addressing with linear probing and a multiplicative hash; clearing bumps a generation
/// counter instead of touching memory, and the table only grows, so in steady state it never
/// allocates. Cells are numbered in the order they are first seen, which makes the grid's
/// output deterministic.
#[derive(Clone, Debug, Default)]
pub(crate) struct CellTable {
    slots: Vec<Slot>,
    generation: u32,
    len: u32,
    shift: u32,
}

#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    key: u64,
    generation: u32,
    value: u32,
}

#[inline]
pub(crate) fn cell_key(cx: i32, cy: i32) -> u64 {
    (u64::from(cx as u32) << 32) | u64::from(cy as u32)
}

impl CellTable {
    /// Empties the table, keeping room for at least `expected` cells at half load.
    pub fn clear(&mut self, expected: usize) {
        // Load at most a third to start with: a busier frame fits before the table must grow.
        let want = (expected.max(8) * 3).next_power_of_two();
        if self.slots.len() < want {
            self.slots.clear();
            self.slots.resize(want, Slot::default());
            self.shift = 64 - want.trailing_zeros();
            self.generation = 0;
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.iter_mut().for_each(|s| s.generation = 0);
            self.generation = 1;
        }
        self.len = 0;
    }

    #[inline]
    fn home(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The slot of `key`, inserting it as slot `len` when new; `(slot, inserted)`.
    #[inline]
    pub fn insert(&mut self, key: u64) -> (u32, bool) {
        if (self.len as usize + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let s = &mut self.slots[i];
            if s.generation != self.generation {
                *s = Slot {
                    key,
                    generation: self.generation,
                    value: self.len,
                };
                self.len += 1;
                return (s.value, true);
            }
            if s.key == key {
                return (s.value, false);
            }
            i = (i + 1) & mask;
        }
    }

    /// The slot of `key`, if present.
    #[inline]
    pub fn get(&self, key: u64) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let s = &self.slots[i];
            if s.generation != self.generation {
                return None;
            }
            if s.key == key {
                return Some(s.value);
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let old = core::mem::take(&mut self.slots);
        let old_generation = self.generation;
        let want = (old.len() * 2).max(16);
        self.slots.resize(want, Slot::default());
        self.shift = 64 - want.trailing_zeros();
        self.generation = 1;
        let mask = want - 1;
        for s in old.into_iter().filter(|s| s.generation == old_generation) {
            let mut i = self.home(s.key);
            while self.slots[i].generation == 1 {
                i = (i + 1) & mask;
            }
            self.slots[i] = Slot { generation: 1, ..s };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_cells_in_first_seen_order_across_growth_and_clears() {
        let mut t = CellTable::default();
        for round in 0..3 {
            t.clear(4);
            for i in 0..1000_i32 {
                let (slot, new) = t.insert(cell_key(i * 7 - 3000, -i));
                assert_eq!((slot, new), (i as u32, true), "round {round}");
            }
            for i in 0..1000_i32 {
                assert_eq!(t.get(cell_key(i * 7 - 3000, -i)), Some(i as u32));
                assert_eq!(t.insert(cell_key(i * 7 - 3000, -i)), (i as u32, false));
            }
            assert_eq!(t.get(cell_key(5, 5)), None);
        }
    }
}
