//! Cell numbering: which cell of a level a coordinate falls in, the same way for filing and
//! for every query.

use glam::{Vec2, Vec4};

use super::Grid;

/// The cell number of coordinate `v` for cells of size `1 / inv` counted from `origin`: the
/// integer nearest `(v − origin)·inv`, clamped to ±2²² (NaN gives the lowest).
///
/// Only monotony matters to the grid (a larger coordinate never gets a smaller number), and
/// that every caller numbers cells alike. Adding 1.5·2²³ rounds a float below 2²² in size to
/// an integer: the sum lies where floats step by exactly 1, so its bits minus those of 1.5·2²³
/// are that integer. Beyond 2²² cells from the origin the clamp keeps the numbers monotone:
/// far objects share the outermost cells, which costs tests, not pairs.
#[inline]
pub(super) fn cell_number(v: f32, origin: f32, inv: f32) -> i32 {
    // Six float instructions, and four coordinates at a time in `cell_numbers`; `as i32`
    // takes eight per coordinate, as it must check for NaN and for values out of range.
    let x = (v - origin) * inv;
    // Compare-and-pick, as `maxss` and `minss` do: NaN fails the first test.
    let x = if x > -CELL_LIMIT { x } else { -CELL_LIMIT };
    let x = if x < CELL_LIMIT { x } else { CELL_LIMIT };
    (x + ROUNDER).to_bits() as i32 - ROUNDER.to_bits() as i32
}

/// [`cell_number`] of each coordinate of `v`, the same numbers four at a time.
#[inline]
pub(super) fn cell_numbers(v: Vec4, origin: Vec4, inv: f32) -> [i32; 4] {
    // glam's `max` and `min` are `maxps` and `minps` on SSE2: the same picks as above.
    let x = ((v - origin) * inv)
        .max(Vec4::splat(-CELL_LIMIT))
        .min(Vec4::splat(CELL_LIMIT));
    let bits = (x + Vec4::splat(ROUNDER)).to_array().map(f32::to_bits);
    bits.map(|b| b as i32 - ROUNDER.to_bits() as i32)
}

/// The largest cell number, 2²²: within it, `x + ROUNDER` lies in `[2²³, 2²⁴]`, where floats
/// step by exactly 1.
const CELL_LIMIT: f32 = 4_194_304.0;

/// 1.5·2²³: added to a float of size at most 2²², it leaves the nearest integer in the low
/// bits of the sum.
const ROUNDER: f32 = 12_582_912.0;

/// The rectangle `r` (`[x0, y0, x1, y1]`) grown to hold cell `(x, y)`.
#[inline]
pub(super) fn grow(r: [i32; 4], x: i32, y: i32) -> [i32; 4] {
    [r[0].min(x), r[1].min(y), r[2].max(x), r[3].max(y)]
}

/// The number of cells in the inclusive range `[x0, y0, x1, y1]`.
#[inline]
pub(super) fn cell_count(r: &[i32; 4]) -> u64 {
    let w = (i64::from(r[2]) - i64::from(r[0]) + 1).max(0) as u64;
    w.saturating_mul((i64::from(r[3]) - i64::from(r[1]) + 1).max(0) as u64)
}

impl Grid {
    /// The cells of corners `lo` and `hi` on level `k`, as `[x0, y0, x1, y1]`: the four
    /// numbers at once.
    #[inline]
    pub(super) fn cells_of(&self, k: usize, lo: Vec2, hi: Vec2) -> [i32; 4] {
        // For the base level's test, which every object takes every update, and for
        // `cast_segment`. In the level loop and in `reach`, two calls of `cell_of` measured
        // fewer instructions.
        let o = self.origin;
        cell_numbers(
            Vec4::new(lo.x, lo.y, hi.x, hi.y),
            Vec4::new(o.x, o.y, o.x, o.y),
            self.inv[k],
        )
    }

    /// The cell of `p` on level `k`.
    #[inline]
    pub(super) fn cell_of(&self, k: usize, p: Vec2) -> [i32; 2] {
        let inv = self.inv[k];
        [
            cell_number(p.x, self.origin.x, inv),
            cell_number(p.y, self.origin.y, inv),
        ]
    }

    /// The cells of level `k` that may hold an object overlapping the widened box `lo..hi`:
    /// an object's cell is at most one before the cell its box reaches.
    #[inline]
    pub(super) fn reach(&self, k: usize, lo: Vec2, hi: Vec2) -> [i32; 4] {
        let ([x0, y0], [x1, y1]) = (self.cell_of(k, lo), self.cell_of(k, hi));
        [x0.saturating_sub(1), y0.saturating_sub(1), x1, y1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_numbers_are_monotone_and_clamped() {
        let number = |v: f32| cell_number(v, -2.0, 0.5);
        let values = [
            -1.0e30, -3.0e9, -8.4e6, -7.0, -4.5, -2.5, -2.0, -1.0, 0.0, 0.5, 2.0, 8.4e6, 3.0e9,
            1e30,
        ];
        for w in values.windows(2) {
            assert!(number(w[0]) <= number(w[1]), "{} {}", w[0], w[1]);
        }
        // The nearest integer to (v + 2)/2, ties to even.
        assert_eq!(
            (
                number(-2.0),
                number(-1.01),
                number(-1.0),
                number(1.0),
                number(2.5)
            ),
            (0, 0, 0, 2, 2)
        );
        assert_eq!(number(-7.0), -2);
        let limit = 1 << 22;
        assert_eq!((number(-1.0e30), number(1.0e30)), (-limit, limit));
        assert_eq!(
            (number(f32::NEG_INFINITY), number(f32::INFINITY)),
            (-limit, limit)
        );
        assert_eq!(number(f32::NAN), -limit);
        // The largest numbers below the clamp are exact.
        assert_eq!(cell_number(4_194_303.0, 0.0, 1.0), limit - 1);
        assert_eq!(cell_number(-4_194_303.0, 0.0, 1.0), 1 - limit);
    }

    /// The four-at-a-time numbers are the one-at-a-time numbers, bit for bit: filing and
    /// every query must cut the plane into the same cells.
    #[test]
    fn cell_numbers_four_at_a_time_match_one_at_a_time() {
        let mut rng = collide_testkit::SplitMix64::new(0x2545_F491);
        let mut next = || rng.next_u64() as u32;
        let special = [
            0.0,
            -0.0,
            0.5,
            1.5,
            2.5,
            -0.5,
            -1.5,
            4_194_303.5,
            4_194_304.5,
            1e30,
            -1e30,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            f32::MIN_POSITIVE,
        ];
        for i in 0..20_000 {
            // Random bit patterns (every exponent, NaNs included) and the special values.
            let mut v = [0.0f32; 4];
            for x in &mut v {
                *x = if next() % 4 == 0 {
                    special[next() as usize % special.len()]
                } else {
                    f32::from_bits(next())
                };
            }
            let (origin, inv) = (
                Vec2::new(f32::from_bits(next() >> 2), -3.0),
                [0.05, 1.0, 7.0][i % 3],
            );
            let o = Vec4::new(origin.x, origin.y, origin.x, origin.y);
            let four = cell_numbers(Vec4::from_array(v), o, inv);
            let one = [
                cell_number(v[0], origin.x, inv),
                cell_number(v[1], origin.y, inv),
                cell_number(v[2], origin.x, inv),
                cell_number(v[3], origin.y, inv),
            ];
            assert_eq!(four, one, "{v:?} {origin:?} {inv}");
        }
    }
}
