//! A bitmap of the fine cells that the boxes of a [`CellIndex`](crate::static_index) level
//! touch: a query whose box touches no marked cell stops after a word or two of it, before
//! reading the level's cells and boxes (which, for a large level, are out of the cache).

use glam::Vec2;

/// The most fine cells a bitmap may have per box (and this many besides), before it is not
/// kept: 16 bytes a box.
const BITS_PER_BOX: f64 = 128.0;
const BITS_EXTRA: f64 = 65_536.0;

#[derive(Clone, Debug)]
pub(crate) struct Occupancy {
    /// One over the fine cells' size.
    inverse: f32,
    /// The first fine cell along x and y, as a float, and how many there are (as the largest
    /// index, a float, and as a count).
    origin: [f32; 2],
    last: [f32; 2],
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
        if boxes.is_empty() || !area.is_finite() || area > most {
            return None;
        }
        let words_per_row = (size.x as usize).div_ceil(64);
        let mut map = Self {
            inverse,
            origin: lo.into(),
            last: (size - 1.0).into(),
            words_per_row,
            bits: vec![0; words_per_row * size.y as usize],
        };
        for &[min, max] in boxes {
            let ([x0, y0], [x1, y1]) = (map.clamped(min), map.clamped(max));
            for y in y0..=y1 {
                for x in x0..=x1 {
                    map.bits[y * words_per_row + x / 64] |= 1 << (x % 64);
                }
            }
        }
        Some(map)
    }

    /// Whether some box may touch the closed box `lo..=hi`: `false` only when none does.
    #[inline]
    pub fn may_touch(&self, lo: Vec2, hi: Vec2) -> bool {
        let ([x0, y0], [x1, y1]) = (self.clamped(lo), self.clamped(hi));
        if x1 - x0 >= 64 || y1 - y0 >= 8 {
            return true; // a wide query: the level's own walk costs about as much
        }
        let (w0, w1) = (x0 / 64, x1 / 64);
        let from = u64::MAX << (x0 % 64);
        let to = u64::MAX >> (63 - x1 % 64);
        (y0..=y1).any(|y| {
            let row = y * self.words_per_row;
            if w0 == w1 {
                self.bits[row + w0] & from & to != 0
            } else {
                self.bits[row + w0] & from != 0 || self.bits[row + w1] & to != 0
            }
        })
    }

    /// The fine cell of `p`, clamped to the map, from its origin. A box's cells and a query's
    /// come from this one function, monotonic in `p`: wherever a box touches a query, their
    /// ranges of cells overlap, even clamped (a query beyond the map reads its edge).
    #[inline]
    fn clamped(&self, p: Vec2) -> [usize; 2] {
        let cell = |v: f32, k: usize| {
            // Truncating after the clamp to `0..=last` is the floor; NaN gives 0.
            (v * self.inverse - self.origin[k]).clamp(0.0, self.last[k]) as usize
        };
        [cell(p.x, 0), cell(p.y, 1)]
    }
}
