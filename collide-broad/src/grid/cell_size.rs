//! The automatic cell size: derived from a sample of the objects' sizes and spacing.

use glam::Vec2;

use super::Grid;
use crate::proxy::indexed_corners;
use crate::Proxy;

/// How many objects the automatic cell size looks at.
const SAMPLES: usize = 64;

impl Grid {
    /// Derives the base cell size and the origin of the cell numbers from the objects.
    pub(super) fn choose_cells(&mut self, proxies: &[Proxy]) {
        let (size, lo) = self.sample_cells(proxies);
        self.cell = self.fixed_cell.unwrap_or(size);
        // One cell below the lowest sampled object: cell numbers then start near zero, far
        // from the clamp of `cell_number`.
        self.origin = if self.fixed_cell.is_some() || !lo.is_finite() {
            Vec2::ZERO
        } else {
            lo - self.cell
        };
        for (k, inv) in self.inv.iter_mut().enumerate() {
            *inv = 1.0 / (self.cell * (1_u32 << k) as f32);
        }
    }

    /// The derived cell size, and the lowest corner among the sampled objects.
    fn sample_cells(&mut self, proxies: &[Proxy]) -> (f32, Vec2) {
        // At most 64 samples at golden-ratio spaced indices (a fixed stride would alias with
        // scenes stored in a repeating pattern, such as bullet, enemy, bullet, …): cheap and
        // deterministic. The cells fit the largest sampled box, leaving out outliers more than
        // four times the upper quartile (a few huge boxes go up a level instead).
        let n = proxies.len();
        let picks = n.min(SAMPLES) as u64;
        self.scratch.clear();
        let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
        for k in 0..picks {
            let i = if n <= SAMPLES {
                k as usize
            } else {
                ((((k * 0x9E37_79B9) & 0xFFFF_FFFF) * n as u64) >> 32) as usize
            };
            if let Some((a, b)) = indexed_corners(&proxies[i].bounds) {
                self.scratch.push((b - a).max_element());
                (lo, hi) = (lo.min(a), hi.max(b));
            }
        }
        if self.scratch.is_empty() {
            return (1.0, lo);
        }
        let q = self.scratch.len() * 3 / 4;
        let quartile = *self.scratch.select_nth_unstable_by(q, f32::total_cmp).1;
        let typical = self
            .scratch
            .iter()
            .copied()
            .filter(|&s| s <= 4.0 * quartile)
            .fold(quartile, f32::max);
        // Small objects far apart: cells of about half the spacing keep the cell count near
        // the object count.
        let spacing = ((hi - lo).x * (hi - lo).y / n as f32).sqrt() * 0.5;
        let size = typical.max(if spacing.is_finite() { spacing } else { 0.0 });
        if size.is_finite() && size > 0.0 {
            (size, lo)
        } else {
            (1.0, lo)
        }
    }
}
