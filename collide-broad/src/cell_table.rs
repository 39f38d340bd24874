/// A hash table from a grid cell of some level to its slot number, in flat vectors.
///
/// One table serves every level of the grid: each entry is tagged with its level, so the
/// table is sized once from the number of objects (each inserts at most one cell), a bound
/// that the scene's drift cannot outgrow. Open addressing with linear probing and a
/// multiplicative hash; clearing bumps a generation counter instead of touching memory, and
/// the table only grows, so in steady state it never allocates.
#[derive(Clone, Debug, Default)]
pub struct CellTable {
    slots: Vec<Slot>,
    generation: u32,
    len: u32,
    shift: u32,
}

/// Bits of a slot's stamp that hold the level; the rest hold the generation.
const LEVEL_BITS: u32 = 5;
/// The first generation that no longer fits a stamp.
const GENERATIONS: u32 = 1 << (32 - LEVEL_BITS);

#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    key: u64,
    /// `generation << LEVEL_BITS | level`; generation 0 is never current, so a zeroed slot is
    /// empty.
    stamp: u32,
    value: u32,
}

#[inline]
pub fn cell_key(cx: i32, cy: i32) -> u64 {
    (u64::from(cx as u32) << 32) | u64::from(cy as u32)
}

impl CellTable {
    /// Empties the table, keeping room for at least `expected` cells at half load.
    pub fn clear(&mut self, expected: usize) {
        let want = (expected.max(8) * 2).next_power_of_two();
        if self.slots.len() < want {
            self.slots.clear();
            self.slots.resize(want, Slot::default());
            self.shift = 64 - want.trailing_zeros();
            self.generation = 0;
        }
        self.generation += 1;
        if self.generation == GENERATIONS {
            self.slots.iter_mut().for_each(|s| s.stamp = 0);
            self.generation = 1;
        }
        self.len = 0;
    }

    #[inline]
    fn home(&self, key: u64, level: u32) -> usize {
        let mixed = key ^ u64::from(level).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        (mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    #[inline]
    fn stamp(&self, level: u32) -> u32 {
        self.generation << LEVEL_BITS | (level & ((1 << LEVEL_BITS) - 1))
    }

    /// The value of cell `key` on `level`, storing `fresh` when the cell is new;
    /// `(value, inserted)`. `level` must be below 32.
    #[inline]
    pub fn insert(&mut self, key: u64, level: u32, fresh: u32) -> (u32, bool) {
        if (self.len as usize + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let (mask, stamp) = (self.slots.len() - 1, self.stamp(level));
        let mut i = self.home(key, level);
        loop {
            let s = &mut self.slots[i];
            if s.stamp >> LEVEL_BITS != self.generation {
                *s = Slot {
                    key,
                    stamp,
                    value: fresh,
                };
                self.len += 1;
                return (fresh, true);
            }
            if s.key == key && s.stamp == stamp {
                return (s.value, false);
            }
            i = (i + 1) & mask;
        }
    }

    /// The value of cell `key` on `level`, if present.
    #[inline]
    pub fn get(&self, key: u64, level: u32) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let (mask, stamp) = (self.slots.len() - 1, self.stamp(level));
        let mut i = self.home(key, level);
        loop {
            let s = &self.slots[i];
            if s.stamp >> LEVEL_BITS != self.generation {
                return None;
            }
            if s.key == key && s.stamp == stamp {
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
        let level_mask = (1 << LEVEL_BITS) - 1;
        for s in old
            .into_iter()
            .filter(|s| s.stamp >> LEVEL_BITS == old_generation)
        {
            let level = s.stamp & level_mask;
            let mut i = self.home(s.key, level);
            while self.slots[i].stamp >> LEVEL_BITS == 1 {
                i = (i + 1) & mask;
            }
            self.slots[i] = Slot {
                stamp: self.stamp(level),
                ..s
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_each_levels_cells_apart_across_growth_and_clears() {
        let mut t = CellTable::default();
        for round in 0..3 {
            t.clear(4);
            for level in 0..3_u32 {
                for i in 0..500_i32 {
                    let fresh = level * 1000 + i as u32;
                    let got = t.insert(cell_key(i * 7 - 3000, -i), level, fresh);
                    assert_eq!(got, (fresh, true), "round {round}");
                }
            }
            for level in 0..3_u32 {
                for i in 0..500_i32 {
                    let key = cell_key(i * 7 - 3000, -i);
                    let value = level * 1000 + i as u32;
                    assert_eq!(t.get(key, level), Some(value));
                    assert_eq!(t.insert(key, level, 9), (value, false));
                }
            }
            assert_eq!(t.get(cell_key(5, 5), 0), None);
            assert_eq!(t.get(cell_key(-3000, 0), 3), None);
        }
    }
}
