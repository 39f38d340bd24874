//! Where each pair a tracker follows is in its list: an open-addressing table of 4-byte
//! places, which compares keys in the list itself. A lookup then reads a small table, which
//! stays in cache, and the pair's own entry, which the tracker updates anyway; a general hash
//! map would keep the keys in its buckets too, and miss the cache on them at every hit.
//!
//! Linear probing, kept at most a quarter full; a removal shifts the entries behind it back,
//! so there are no tombstones and steady frames never rehash.

use crate::pass::touching::{OtherKey, PairKey, Tracked};

/// An empty slot.
const EMPTY: u32 = u32::MAX;

/// The places of the live pairs of a list, by key.
#[derive(Clone, Debug, Default)]
pub(crate) struct PairTable {
    slots: Vec<u32>,
}

/// The slot a key's probe starts at, in a table of `mask + 1` slots.
fn home(key: &PairKey, mask: usize) -> usize {
    let b = match key.1 {
        OtherKey::Body(k) => k,
        OtherKey::Obstacle(id) => u64::from(id) ^ 0xA5A5_A5A5_0000_0000,
    };
    // Two rounds of a multiply-rotate mix: entity ids differ in their low or their high bits.
    let h = (key.0.rotate_left(5) ^ b).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    let h = (h ^ (h >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h >> 32) as usize & mask
}

impl PairTable {
    fn mask(&self) -> usize {
        self.slots.len().wrapping_sub(1)
    }

    /// The place of the live pair `key` in `pairs`.
    pub(crate) fn find(&self, pairs: &[Tracked], key: &PairKey) -> Option<u32> {
        self.slot_of(pairs, key).map(|slot| self.slots[slot])
    }

    /// Notes that the pair at `at` of `pairs`, not in the table, is live, among `live` live
    /// pairs; grows the table (a frame busier than any before) when it would be half full.
    pub(crate) fn insert_new(&mut self, pairs: &[Tracked], at: u32, live: usize) {
        if 2 * live > self.slots.len() {
            self.slots = vec![EMPTY; (4 * live).next_power_of_two().max(64)];
            self.rebuild(pairs);
        } else {
            self.insert(&pairs[at as usize].key, at);
        }
    }

    /// Notes that `key`, not in the table, is at `at`; the table has room.
    fn insert(&mut self, key: &PairKey, at: u32) {
        let mask = self.mask();
        let mut i = home(key, mask);
        while self.slots[i] != EMPTY {
            i = (i + 1) & mask;
        }
        self.slots[i] = at;
    }

    /// Forgets `key` (read from `pairs`), shifting back the entries its removal would cut off
    /// from their homes.
    pub(crate) fn remove(&mut self, pairs: &[Tracked], key: &PairKey) {
        let mask = self.mask();
        let Some(mut hole) = self.slot_of(pairs, key) else {
            return;
        };
        let mut j = hole;
        loop {
            j = (j + 1) & mask;
            let at = self.slots[j];
            if at == EMPTY {
                break;
            }
            let k = home(&pairs[at as usize].key, mask);
            // The entry at `j` may fill the hole when its home is not between the hole
            // (exclusive) and `j` (inclusive), going round the table.
            let stays = if hole <= j {
                hole < k && k <= j
            } else {
                hole < k || k <= j
            };
            if !stays {
                self.slots[hole] = at;
                hole = j;
            }
        }
        self.slots[hole] = EMPTY;
    }

    /// The slot holding `key`.
    fn slot_of(&self, pairs: &[Tracked], key: &PairKey) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.mask();
        let mut i = home(key, mask);
        loop {
            let at = self.slots[i];
            if at == EMPTY {
                return None;
            }
            if pairs[at as usize].key == *key {
                return Some(i);
            }
            i = (i + 1) & mask;
        }
    }

    /// Forgets every pair.
    pub(crate) fn clear(&mut self) {
        self.slots.fill(EMPTY);
    }

    /// Lists the live pairs of `pairs` afresh (after they moved).
    pub(crate) fn rebuild(&mut self, pairs: &[Tracked]) {
        self.clear();
        for (at, p) in pairs.iter().enumerate().filter(|(_, p)| p.live) {
            self.insert(&p.key, at as u32);
        }
    }

    /// Keeps the table at most a quarter full for `busiest` pairs (twice that, for a frame
    /// busier than any before); grows it, listing `pairs` afresh, when it is smaller.
    pub(crate) fn keep_room(&mut self, busiest: usize, pairs: &[Tracked]) {
        let want = (8 * busiest).next_power_of_two().max(64);
        if self.slots.len() < want {
            self.slots = vec![EMPTY; want];
            self.rebuild(pairs);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use collide_testkit::SplitMix64;

    fn tracked(key: PairKey) -> Tracked {
        Tracked {
            key,
            sensor: false,
            since: 0,
            met: false,
            hint: (0, 0),
            overlap_at_end: false,
            several: false,
            live: true,
        }
    }

    /// Seeded inserts and removals (many keys sharing a home, in a small table, so probes run
    /// long and wrap round), checked after each against a scan of the list: every live pair is
    /// found where it is, no dead one is.
    #[test]
    fn lookups_agree_with_a_scan_after_any_inserts_and_removals() {
        let mut rng = SplitMix64::new(0x7AB1E);
        let mut pairs: Vec<Tracked> = Vec::new();
        let mut table = PairTable::default();
        table.keep_room(4, &pairs);
        for step in 0..4_000 {
            let key = (rng.next_u64() % 40, OtherKey::Body(rng.next_u64() % 3));
            let key = if rng.index(4) == 0 {
                (key.0, OtherKey::Obstacle(rng.index(3) as u32))
            } else {
                key
            };
            match table.find(&pairs, &key) {
                Some(at) if rng.index(2) == 0 => {
                    table.remove(&pairs, &key);
                    pairs[at as usize].live = false;
                }
                Some(_) => {}
                None => {
                    pairs.push(tracked(key));
                    let live = pairs.iter().filter(|p| p.live).count();
                    table.insert_new(&pairs, pairs.len() as u32 - 1, live);
                }
            }
            if step % 500 == 499 {
                pairs.retain(|p| p.live);
                table.rebuild(&pairs);
            }
            for (at, p) in pairs.iter().enumerate() {
                let found = table.find(&pairs, &p.key);
                let live_at = pairs.iter().position(|q| q.live && q.key == p.key);
                assert_eq!(found, live_at.map(|i| i as u32), "step {step}, pair {at}");
            }
        }
        assert!(pairs.iter().filter(|p| p.live).count() > 20);
    }
}
