//! A bitmap of the fine cells that the boxes of a [`CellIndex`](super::index) level
//! touch: a query whose box touches no marked cell stops after a word or two of it, before
//! reading the level's cells and boxes (which, for a large level, are out of the cache).

use glam::{Vec2, Vec4};

/// The most fine cells a bitmap may have per box (and this many besides), before it is not
/// kept: 16 bytes a box.
const BITS_PER_BOX: f64 = 128.0;
const BITS_EXTRA: f64 = 65_536.0;
/// 2^23: the float whose ulp is 1.
const MANTISSA_ONE: Vec4 = Vec4::splat(8_388_608.0);

#[derive(Clone, Debug)]
pub(crate) struct Occupancy {
    /// One over the fine cells' size.
    inverse: f32,
    /// The first fine cell along x and y, as a float, and the largest index along each (a
    /// float), twice over: `(x, y, x, y)`, for a box's two corners at once.
    origin: Vec4,
    last: Vec4,
    words_per_row: usize,
    bits: Vec<u64>,
}

impl Occupancy {
    /// The bitmap of fine cells of size `cell` that the boxes (`[min, max]`) touch, or `None`
    /// when it would be too large for their number.
    pub fn new(cell: f32, boxes: &[[Vec2; 2]]) -> Option<Self> {
        let inverse = 1.0 / cell;
        let (mut lo, mut hi) = (Vec2::INFINITY, Vec2::NEG_INFINITY);
        for &[min, max] in boxes {
            lo = lo.min(min * inverse);
            hi = hi.max(max * inverse);
        }
        // Built once: the C library's floor is fine here.
        let (lo, size) = (lo.floor(), hi.floor() - lo.floor() + 1.0);
        let area = f64::from(size.x) * f64::from(size.y);
        let most = BITS_PER_BOX * boxes.len() as f64 + BITS_EXTRA;
        // Each side below 2^22 cells, for `cells`.
        let long = size.max_element() >= (1 << 22) as f32;
        if boxes.is_empty() || !area.is_finite() || area > most || long {
            return None;
        }
        let words_per_row = (size.x as usize).div_ceil(64);
        let mut map = Self {
            inverse,
            origin: Vec4::new(lo.x, lo.y, lo.x, lo.y),
            last: Vec4::new(size.x - 1.0, size.y - 1.0, size.x - 1.0, size.y - 1.0),
            words_per_row,
            bits: vec![0; words_per_row * size.y as usize],
        };
        for &corners in boxes {
            map.mark(corners);
        }
        Some(map)
    }

    /// Marks the fine cells the box `[min, max]` touches (clamped to the map, as a query's
    /// are: wherever it touches a query, their cells still meet).
    pub fn mark(&mut self, [min, max]: [Vec2; 2]) {
        let [x0, y0, x1, y1] = self.cells(min, max);
        for y in y0..=y1 {
            for x in x0..=x1 {
                self.bits[y * self.words_per_row + x / 64] |= 1 << (x % 64);
            }
        }
    }

    /// Whether some box may touch the closed box `lo..=hi`: `false` only when none does.
    #[inline]
    pub fn may_touch(&self, lo: Vec2, hi: Vec2) -> bool {
        let [x0, y0, x1, y1] = self.cells(lo, hi);
        // Wrapping: a box with its corners the wrong way round counts as wide.
        if x1.wrapping_sub(x0) >= 64 || y1.wrapping_sub(y0) >= 8 {
            return true; // a wide query: the level's own walk costs about as much
        }
        let (w0, w1) = (x0 / 64, x1 / 64);
        let from = u64::MAX << (x0 % 64);
        let to = u64::MAX >> (63 - x1 % 64);
        // One word or two: within one, both ends' masks on it (and none on the second).
        let one = w0 == w1;
        let (first, second) = (if one { from & to } else { from }, if one { 0 } else { to });
        let (mut row, end) = (y0 * self.words_per_row, y1 * self.words_per_row);
        loop {
            let (Some(a), Some(b)) = (self.bits.get(row + w0), self.bits.get(row + w1)) else {
                return true; // never: the cells are clamped to the map
            };
            if a & first | b & second != 0 {
                return true;
            }
            if row >= end {
                return false;
            }
            row += self.words_per_row;
        }
    }

    /// The fine cells of `lo` and `hi`, clamped to the map, from its origin: `[x0, y0, x1,
    /// y1]`. A box's cells and a query's come from this one function, monotonic in each
    /// corner: wherever a box touches a query, their ranges of cells overlap, even clamped (a
    /// query beyond the map reads its edge).
    #[inline]
    fn cells(&self, lo: Vec2, hi: Vec2) -> [usize; 4] {
        // Both corners at once, and `max` before `min` rather than `f32::clamp` (which checks
        // its bounds on every call): a query pays a few instructions for its four cells. A NaN
        // coordinate gives 0 (`max` takes zero where a comparison fails).
        let corners = Vec4::new(lo.x, lo.y, hi.x, hi.y);
        let c = (corners * self.inverse - self.origin)
            .max(Vec4::ZERO)
            .min(self.last);
        // Each number in `0..=last` (below 2^22) to the nearest whole one: added to 2^23, a
        // float's ulp is 1, so its low bits hold it, rounded. Cheaper than `as`, which checks
        // its range; rounding is monotonic, as the cells must be.
        (c + MANTISSA_ONE)
            .to_array()
            .map(|v| (v.to_bits() & 0x7F_FFFF) as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use collide_testkit::SplitMix64;

    /// Whether two closed boxes `[min, max]` touch (overlap or share an edge).
    fn touch([a0, a1]: [Vec2; 2], [b0, b1]: [Vec2; 2]) -> bool {
        a0.cmple(b1).all() && b0.cmple(a1).all()
    }

    /// Seeded boxes, small and large, and queries of every size, near them, beyond the map
    /// and far away: wherever a box touches a query, the bitmap says it may; and most small
    /// queries that touch nothing stop at it (it filters). Around the origin, and at huge
    /// coordinates (where a float's steps are several units).
    #[test]
    fn the_bitmap_never_misses_a_box_that_a_query_touches() {
        for (seed, offset) in [(0x0CC0, 0.0), (0x0CC1, 1e7), (0x0CC2, -3e8)] {
            bitmap_against_a_scan(seed, Vec2::new(offset, -offset / 2.0));
        }
    }

    fn bitmap_against_a_scan(seed: u64, offset: Vec2) {
        let mut rng = SplitMix64::new(seed);
        let boxes: Vec<[Vec2; 2]> = (0..400)
            .map(|_| {
                let min = offset + rng.in_box(Vec2::splat(-500.0), Vec2::splat(500.0));
                let size = Vec2::new(rng.range(0.5, 20.0), rng.range(0.5, 20.0));
                [min, min + size * if rng.unit() < 0.05 { 10.0 } else { 1.0 }]
            })
            .collect();
        let map = Occupancy::new(4.0, &boxes).expect("a bitmap of about 16 bits a box");
        let (mut empty, mut stopped) = (0, 0);
        for i in 0..20_000 {
            let at = offset + rng.in_box(Vec2::splat(-600.0), Vec2::splat(600.0));
            let wide = [3.0, 3.0, 12.0, 40.0, 300.0][i % 5];
            let query = [
                at,
                at + Vec2::new(rng.range(0.0, wide), rng.range(0.0, wide)),
            ];
            let touched = boxes.iter().any(|b| touch(*b, query));
            let may = map.may_touch(query[0], query[1]);
            assert!(may || !touched, "offset {offset}, query {i}: {query:?}");
            if !touched && wide <= 12.0 {
                empty += 1;
                stopped += usize::from(!may);
            }
        }
        // Most of the field is clear at this density: the bitmap stops most empty queries.
        assert!(
            stopped * 2 > empty,
            "{offset}: {stopped} of {empty} empty queries stopped"
        );
        // A box's own corners, exact edges and beyond the map (clamped to its edge).
        for b in boxes.iter().take(100) {
            assert!(map.may_touch(b[0], b[0]) && map.may_touch(b[1], b[1]));
            assert!(map.may_touch(b[1], b[1] + 5.0), "sharing a corner touches");
        }
    }

    /// Queries with NaN or infinite corners, or corners the wrong way round, give an answer
    /// (and no panic, in debug builds too); one that covers the whole map may touch.
    #[test]
    fn odd_queries_answer_without_panicking() {
        let boxes = [
            [Vec2::ZERO, Vec2::splat(10.0)],
            [Vec2::splat(50.0), Vec2::splat(60.0)],
        ];
        let map = Occupancy::new(2.0, &boxes).expect("a small bitmap");
        for (lo, hi) in [
            (Vec2::NAN, Vec2::NAN),
            (Vec2::splat(f32::NEG_INFINITY), Vec2::splat(f32::INFINITY)),
            (Vec2::splat(40.0), Vec2::splat(20.0)),
            (Vec2::new(5.0, f32::NAN), Vec2::new(f32::INFINITY, 5.0)),
        ] {
            let _ = map.may_touch(lo, hi);
        }
        assert!(map.may_touch(Vec2::splat(-1e9), Vec2::splat(1e9)));
        assert!(
            map.may_touch(Vec2::splat(40.0), Vec2::splat(20.0)),
            "reversed: walked"
        );
        assert!(!map.may_touch(Vec2::splat(30.0), Vec2::splat(31.0)));
    }
}
