//! The order the pass hands hits over in: by time of impact `t`, then by `a`, then by `b`.
//!
//! [`HitOrder`] keeps one integer key per hit ([`order_key`]) and puts the hits in the order
//! of their keys. `(a, b)` is unique per hit, so the order is total and the same whichever
//! broad phase found the hits.

use crate::pass::PassHit;
use collide_broad::buffers::keep_room;

/// The sort keys of a frame's hits, and the buffers that put the hits in their order.
#[derive(Clone, Debug, Default)]
pub(crate) struct HitOrder {
    /// The key of each hit ([`order_key`]), in the order the hits were found.
    keys: Vec<u128>,
    /// The keys packed into 64 bits, where they fit ([`pack_keys`]).
    packed: Vec<u64>,
    /// The hits being put in order.
    sorted: Vec<PassHit>,
}

impl HitOrder {
    /// Forgets the keys of the last frame.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.keys.clear();
    }

    /// Notes the hit with time `t` between bodies `a` and `b`, the `index`-th found.
    #[inline]
    pub(crate) fn push(&mut self, t: f32, a: u32, b: u32, index: usize) {
        self.keys.push(order_key(t, a, b, index));
    }

    /// Puts `hits` (one per key pushed since [`clear`](Self::clear), the `index`-th at
    /// `index`) in the order of `(t, a, b)`, between `bodies` bodies. The buffers keep room for
    /// `room` hits besides.
    ///
    /// The keys alone are sorted, small and compared as integers, then the hits follow them. A
    /// few are ranked instead ([`rank_few`]); up to about two thousand bodies, the keys are
    /// sorted packed into 64 bits ([`pack_keys`]).
    pub(crate) fn sort(&mut self, hits: &mut Vec<PassHit>, bodies: usize, room: usize) {
        self.sorted.clear();
        if let Some(in_order) = rank_few(&self.keys, bodies) {
            self.sorted
                .extend(in_order[..hits.len()].iter().map(|&i| hits[usize::from(i)]));
        } else if let Some(index_bits) = pack_keys(&self.keys, bodies, &mut self.packed) {
            // The standard library's unstable sort takes about half the time on these 8-byte
            // keys that it takes on the 16-byte ones (1.4 against 2.7 µs per frame at 1 000
            // bodies of the benchmark scene).
            self.packed.sort_unstable();
            let index = |key: u64| (key & ((1 << index_bits) - 1)) as usize;
            self.sorted
                .extend(self.packed.iter().map(|&key| hits[index(key)]));
        } else {
            self.keys.sort_unstable();
            self.sorted
                .extend(self.keys.iter().map(|&key| hits[key as u32 as usize]));
        }
        core::mem::swap(hits, &mut self.sorted);
        keep_room(&mut self.keys, room);
        keep_room(hits, room);
        keep_room(&mut self.sorted, room);
        // Ready before a frame first has more hits than are ranked, wherever they could pack.
        if keys_pack(bodies, RANK_AT_MOST + 1) {
            keep_room(&mut self.packed, room);
        }
    }
}

/// The hit with time `t` between bodies `a` and `b`, the `index`-th found, as one integer that
/// sorts by `(t, a, b)`: `t` in the order of [`f32::total_cmp`], then the indices.
#[inline]
fn order_key(t: f32, a: u32, b: u32, index: usize) -> u128 {
    // Flipping the bits of negative floats and the sign of the others orders them as integers.
    let bits = t.to_bits();
    let time = if bits >> 31 == 1 {
        !bits
    } else {
        bits | 1 << 31
    };
    u128::from(time) << 96 | u128::from(a) << 64 | u128::from(b) << 32 | index as u128
}

/// The fields of an [`order_key`]: the time's bits in their sorting order (negative times
/// flipped, the sign bit set for the others), `a`, `b` and the hit's index.
#[inline]
fn key_fields(key: u128) -> (u32, u32, u32, u32) {
    (
        (key >> 96) as u32,
        (key >> 64) as u32,
        (key >> 32) as u32,
        key as u32,
    )
}

/// The most hits [`rank_few`] orders.
const RANK_AT_MOST: usize = 32;

/// The indices of a few hits in the order of their keys ([`order_key`]), found by counting for
/// each key the keys below it (its place in that order); `None` when there are too many hits,
/// or when the keys do not fit the 64 bits this packs them in (more than 2¹⁷ bodies, or a time
/// that is negative, `-0.0` included, or not below 2), for the caller to sort instead.
fn rank_few(order: &[u128], bodies: usize) -> Option<[u8; RANK_AT_MOST]> {
    // For the few hits of a small scene this beats sorting: the count compares every pair of
    // keys, but without a single data-dependent branch, where a sort of 16-odd keys
    // mispredicts a branch per key or so.
    if order.len() > RANK_AT_MOST || bodies > 1 << 17 {
        return None;
    }
    // `(t, a, b)` in 30 + 17 + 17 bits: a time in `[+0, 2)` has its top two bits clear (in the
    // key, the top bit is set, see `order_key`), and the indices are below 2¹⁷. The index of the
    // hit is not needed: the count itself is the place.
    let mut keys = [0_u64; RANK_AT_MOST];
    let mut outside = 0;
    for (packed, &key) in keys.iter_mut().zip(order) {
        let (time, a, b, _) = key_fields(key);
        let time = time ^ 1 << 31;
        outside |= time;
        *packed = u64::from(time) << 34 | u64::from(a) << 17 | u64::from(b);
    }
    if outside >= 1 << 30 {
        return None;
    }
    let keys = &keys[..order.len()];
    let mut in_order = [0_u8; RANK_AT_MOST];
    for (i, &key) in keys.iter().enumerate() {
        let place: u8 = keys.iter().map(|&other| u8::from(other < key)).sum();
        in_order[usize::from(place)] = i as u8;
    }
    Some(in_order)
}

/// How many bits hold the numbers below `n`.
fn bits_below(n: usize) -> u32 {
    usize::BITS - n.saturating_sub(1).leading_zeros()
}

/// Whether the keys of `hits` hits between `bodies` bodies fit [`pack_keys`]'s 64 bits.
fn keys_pack(bodies: usize, hits: usize) -> bool {
    2 * bits_below(bodies) + bits_below(hits) <= 32
}

/// The keys ([`order_key`]) of the hits between `bodies` bodies, packed into 64 bits each in
/// the same order: the time's 32 bits, then `a`, `b` and the hit's index in as many bits as
/// their ranges need. Returns the index's bits, or `None` when the three do not fit in the
/// other 32 bits: 2 048 bodies fit with up to 1 024 hits, 4 096 with up to 256.
fn pack_keys(order: &[u128], bodies: usize, packed: &mut Vec<u64>) -> Option<u32> {
    if !keys_pack(bodies, order.len()) {
        return None;
    }
    let (body_bits, index_bits) = (bits_below(bodies), bits_below(order.len()));
    packed.clear();
    packed.extend(order.iter().map(|&key| {
        let (time, a, b, index) = key_fields(key);
        u64::from(time) << 32
            | u64::from(a) << (body_bits + index_bits)
            | u64::from(b) << index_bits
            | u64::from(index)
    }));
    Some(index_bits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pass::Other;
    use collide_core::{Hit, Impact};
    use collide_testkit::SplitMix64;
    use glam::Vec2;

    #[test]
    fn ranking_a_few_hits_orders_them_as_sorting_does() {
        let mut rng = SplitMix64::new(7);
        let mut ranked = 0;
        for case in 0..4000 {
            let n = rng.index(RANK_AT_MOST + 1);
            let bodies = [6, 50, 1 << 17][case % 3];
            // Few distinct times, so that ties on `t` (and on `a`) are common.
            let times = [0.0, 1.0, 0.25, 0.5, f32::MIN_POSITIVE, 1.0 - f32::EPSILON];
            let mut order: Vec<u128> = Vec::new();
            let mut seen = Vec::new();
            while order.len() < n {
                let t = times[rng.index(times.len())];
                let a = rng.index(bodies) as u32;
                let b = rng.index(bodies) as u32;
                if seen.contains(&(a, b)) {
                    continue;
                }
                seen.push((a, b));
                order.push(order_key(t, a, b, order.len()));
            }
            let in_order = rank_few(&order, bodies).expect("keys that fit are ranked");
            let mut sorted = order.clone();
            sorted.sort_unstable();
            let got: Vec<u128> = in_order[..n]
                .iter()
                .map(|&i| order[usize::from(i)])
                .collect();
            assert_eq!(got, sorted, "case {case}");
            ranked += usize::from(n > 1);
        }
        assert!(ranked > 3000);
    }

    #[test]
    fn keys_that_do_not_fit_are_left_to_the_sort() {
        let key = |t: f32| order_key(t, 3, 4, 0);
        let few = [key(0.5), key(1.0)];
        assert!(rank_few(&few, 10).is_some());
        assert!(rank_few(&few, (1 << 17) + 1).is_none(), "too many bodies");
        assert!(
            rank_few(&[key(0.0); RANK_AT_MOST + 1], 10).is_none(),
            "too many hits"
        );
        for t in [-0.0, -1.0, 2.0, f32::INFINITY, f32::NAN] {
            assert!(rank_few(&[key(0.5), key(t)], 10).is_none(), "t = {t}");
        }
    }

    #[test]
    fn bits_below_counts_the_bits_of_the_largest_number() {
        for (n, bits) in [
            (0, 0),
            (1, 0),
            (2, 1),
            (3, 2),
            (4, 2),
            (1024, 10),
            (1025, 11),
        ] {
            assert_eq!(bits_below(n), bits, "{n}");
        }
        assert_eq!(bits_below(usize::MAX), usize::BITS);
    }

    #[test]
    fn keys_are_packed_exactly_when_bodies_and_hits_fit_in_32_bits() {
        let keys = |n: usize| -> Vec<u128> { (0..n).map(|i| order_key(0.5, 1, 2, i)).collect() };
        let mut packed = Vec::new();
        // 2 · 11 bits for the bodies, and 10 for 1 024 hits, 11 for one more.
        assert_eq!(pack_keys(&keys(1024), 1 << 11, &mut packed), Some(10));
        assert_eq!(packed.len(), 1024);
        assert_eq!(pack_keys(&keys(1025), 1 << 11, &mut packed), None);
        assert_eq!(pack_keys(&keys(1025), 1 << 10, &mut packed), Some(11));
        assert_eq!(pack_keys(&keys(2), 1 << 16, &mut packed), None);
        assert_eq!(pack_keys(&keys(1), 1 << 16, &mut packed), Some(0));
    }

    /// Each way [`HitOrder::sort`] orders the hits (ranked, packed into 64 bits, or by the full
    /// keys) gives the order of the full keys, on seeded hits with many ties on `t` and on `a`.
    #[test]
    fn every_way_of_sorting_orders_the_hits_as_the_full_keys_do() {
        let mut rng = SplitMix64::new(11);
        // Negative times (-0.0 among them) and times from 2 up are never ranked: they go to the
        // packed keys where those fit, else to the full ones.
        let times = [
            0.0,
            1.0,
            0.25,
            0.5,
            f32::MIN_POSITIVE,
            1.0 - f32::EPSILON,
            -0.0,
            -1.0,
            2.0,
        ];
        let mut ways = [0; 3];
        let mut order = HitOrder::default();
        let mut hits = Vec::new();
        for case in 0..400 {
            let bodies: usize = [2, 40, 1000, 3000, 1 << 16, (1 << 16) + 1][case % 6];
            let n = match case / 6 % 3 {
                0 => rng.index(RANK_AT_MOST + 1),
                1 => 33 + rng.index(300),
                _ => 1000 + rng.index(1100),
            };
            let n = n.min(bodies * bodies);
            // Distinct pairs: `a` and `b` from a seeded shuffle of every pair's number.
            let few_times = 1 + rng.index(times.len());
            let mut numbers: Vec<usize> = Vec::new();
            while numbers.len() < n {
                let number = rng.index(bodies * bodies);
                if !numbers.contains(&number) {
                    numbers.push(number);
                }
            }
            hits.clear();
            order.clear();
            for (i, number) in numbers.into_iter().enumerate() {
                let (a, b) = (number / bodies, number % bodies);
                let t = times[rng.index(few_times)];
                let hit = Hit {
                    impact: Impact {
                        t,
                        point: Vec2::new(i as f32, 0.0),
                        normal: Vec2::X,
                    },
                    contact: None,
                    by_sweep: false,
                };
                order.push(t, a as u32, b as u32, i);
                hits.push(PassHit::new(a, Other::Body(b), hit, false));
            }
            let way = if rank_few(&order.keys, bodies).is_some() {
                0
            } else if pack_keys(&order.keys, bodies, &mut Vec::new()).is_some() {
                1
            } else {
                2
            };
            ways[way] += 1;
            let mut keys = order.keys.clone();
            keys.sort_unstable();
            let want: Vec<PassHit> = keys.iter().map(|&k| hits[k as u32 as usize]).collect();
            order.sort(&mut hits, bodies, n);
            assert_eq!(hits, want, "case {case}: {n} hits, {bodies} bodies");
        }
        assert!(
            ways.iter().all(|&w| w > 50),
            "ranked, packed, full: {ways:?}"
        );
    }
}
