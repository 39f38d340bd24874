//! The pair loops: each level's cells against themselves and their neighbours, higher levels
//! against the cells of lower ones, and the side list against everything.

use super::cells::{Item, Level};
use super::Grid;
use crate::broad_phase::check_limit;
use crate::layer_runs::each_interacting;
use crate::proxy::widened;
use crate::Error;

/// Reports `(a, b)` when the two overlap strictly and their layers interact: the test of
/// [`Entry::pair_with`](crate::proxy::Entry::pair_with), [`Aabb::overlaps`] written out.
///
/// [`Aabb::overlaps`]: collide_core::Aabb::overlaps
#[inline]
fn push_if_pair(a: &Item, b: &Item, out: &mut Vec<(u32, u32)>) {
    // Every part is evaluated and combined with `&`: one branch, nearly always "no pair", where
    // short-circuiting would branch on each part. Which neighbours share a layer or overlap on
    // one axis is a coin toss, and mispredicting it was most of the pair loop's time.
    let d = (a.bounds.center - b.bounds.center).abs();
    let r = a.bounds.half_extents + b.bounds.half_extents;
    let overlap = (d.x < r.x) & (d.y < r.y);
    let layers = (a.layers.mask & b.layers.layer != 0) & (b.layers.mask & a.layers.layer != 0);
    if overlap & layers & (a.id != b.id) {
        out.push((a.id.min(b.id), a.id.max(b.id)));
    }
}

impl Grid {
    /// Every candidate pair into `out`, stopping once there are more than `limit`.
    pub(super) fn find_pairs(&self, limit: usize, out: &mut Vec<(u32, u32)>) -> Result<(), Error> {
        // The loops of ordinary frames are compiled without the skipping.
        if self.run_ends.is_empty() {
            self.find_pairs_in::<false>(limit, out)
        } else {
            self.find_pairs_in::<true>(limit, out)
        }
    }

    /// [`find_pairs`](Self::find_pairs), `CROWDED` when the frame has a crowd (run ends to skip
    /// by).
    fn find_pairs_in<const CROWDED: bool>(
        &self,
        limit: usize,
        out: &mut Vec<(u32, u32)>,
    ) -> Result<(), Error> {
        for (k, level) in self.levels.iter().enumerate() {
            if level.count == 0 {
                continue;
            }
            if level.dense {
                self.dense_pairs::<CROWDED>(level, limit, out)?;
            } else {
                self.hashed_pairs::<CROWDED>(k, level, limit, out)?;
            }
            // Each object of this level against the cells of every lower level it reaches.
            for lower in (0..k).filter(|&j| self.levels[j].count > 0) {
                for b in self.level_items(level) {
                    let (lo, hi) = widened(&b.bounds);
                    self.visit_ranges(lower, self.reach(lower, lo, hi), |start, end| {
                        self.against::<CROWDED>(b, start, end, out);
                    });
                    check_limit(out, limit)?;
                }
            }
        }
        for (k, a) in self.large.iter().enumerate() {
            self.against::<CROWDED>(a, 0, self.items.len(), out);
            self.large[k + 1..]
                .iter()
                .for_each(|b| push_if_pair(a, b, out));
            check_limit(out, limit)?;
        }
        Ok(())
    }

    /// `a` against the items at `lo..hi` (whole slots, or the end of one); in a frame with a
    /// crowd (`CROWDED`), skipping the runs of items whose layers do not interact with `a`'s.
    #[inline]
    fn against<const CROWDED: bool>(
        &self,
        a: &Item,
        lo: usize,
        hi: usize,
        out: &mut Vec<(u32, u32)>,
    ) {
        if CROWDED {
            each_interacting(
                lo,
                hi,
                &self.run_ends,
                |j| a.layers.interacts(self.items[j].layers),
                |j| push_if_pair(a, &self.items[j], out),
            );
        } else {
            self.items[lo..hi]
                .iter()
                .for_each(|b| push_if_pair(a, b, out));
        }
    }

    /// The pairs within one dense level: each object against the objects after it in its
    /// cell and the next (its right neighbour, stored right after it), then against the three
    /// cells below. The rectangle has an empty column on each side and an empty row at the
    /// bottom, so no neighbour falls outside it: one loop over the objects, no per-cell
    /// branches.
    fn dense_pairs<const CROWDED: bool>(
        &self,
        level: &Level,
        limit: usize,
        out: &mut Vec<(u32, u32)>,
    ) -> Result<(), Error> {
        // At about half an object per cell, "is this cell empty?" would mispredict often.
        let w = level.width();
        let (first, end) = self.level_range(level);
        for i in first..end {
            let a = &self.items[i];
            let s = a.slot as usize;
            let (beside, below) = (self.starts[s + 2] as usize, self.starts[s + w - 1] as usize);
            let below_end = self.starts[s + w + 2] as usize;
            if !CROWDED {
                // Two runs of candidates, walked as one: a loop's exit is a mispredicted
                // branch, so one loop instead of two saves one per object.
                let beside = beside - (i + 1);
                let count = beside + below_end - below;
                for k in 0..count {
                    let j = if k < beside {
                        i + 1 + k
                    } else {
                        below + (k - beside)
                    };
                    push_if_pair(a, &self.items[j], out);
                }
            } else {
                self.against::<CROWDED>(a, i + 1, beside, out);
                self.against::<CROWDED>(a, below, below_end, out);
            }
            check_limit(out, limit)?;
        }
        Ok(())
    }

    /// The pairs within one hashed level: the same four neighbours, looked up.
    /// A cell's number is not stored: it is recomputed from the first of its objects, as the
    /// filing computed it.
    fn hashed_pairs<const CROWDED: bool>(
        &self,
        k: usize,
        level: &Level,
        limit: usize,
        out: &mut Vec<(u32, u32)>,
    ) -> Result<(), Error> {
        for s in level.base..level.base + level.used {
            let (lo, hi) = self.slot_range(s as usize);
            let Some(first) = self.items[lo..hi].first() else {
                continue;
            };
            let [x, y] = self.cell_of(k, widened(&first.bounds).0);
            for i in lo..hi {
                self.against::<CROWDED>(&self.items[i], i + 1, hi, out);
                check_limit(out, limit)?;
            }
            for (dx, dy) in [(1, 0), (-1, 1), (0, 1), (1, 1)] {
                let (nx, ny) = (x.wrapping_add(dx), y.wrapping_add(dy));
                if let Some(n) = self.table.get(nx, ny, k as u32) {
                    let (start, end) = self.slot_range(n as usize);
                    for a in &self.items[lo..hi] {
                        self.against::<CROWDED>(a, start, end, out);
                        check_limit(out, limit)?;
                    }
                }
            }
        }
        Ok(())
    }
}
