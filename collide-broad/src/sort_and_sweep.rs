use collide_core::Aabb;
use glam::Vec2;

use crate::broad_phase::{check_limit, limited};
use crate::buffers::{keep_headroom, reserve_total};
use crate::layer_runs::{each_interacting, find_run_ends, layers_key, CROWD};
use crate::proxy::{finish_segment_hits, prepare, segment_pad, Entry, Segment};
use crate::{BroadPhase, Error, Proxy};

/// Sort and sweep: objects sorted by their left edge, each tested only against the
/// ones whose left edge comes before its right edge.
///
/// The order is kept from frame to frame and repaired by insertion sort, so a frame in which
/// things moved a little costs little (temporal coherence); a frame that reshuffled everything
/// falls back to a full sort. Best when the proxies are passed in the same order every frame.
/// Within the x window the test breaks early on x, then rejects on y, then on layers. Objects
/// stacked at one x (a pool parked at one point) are sorted by layers, so that a run of them
/// on layers that never interact with an object costs it one test.
#[derive(Clone, Debug, Default)]
pub struct SortAndSweep {
    entries: Vec<Entry>,
    order: Vec<u32>,
    sorted: Vec<Entry>,
    widest: f32,
    /// In a frame with a crowd, where each entry's run of entries on the same layers ends in
    /// `sorted` ([`crate::layer_runs`]); empty otherwise.
    run_ends: Vec<u32>,
}

impl SortAndSweep {
    /// An empty sort-and-sweep broad phase.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Repairs `order` by insertion sort, or sorts it from scratch when that would cost more.
    fn sort_order(&mut self) {
        let entries = &self.entries;
        let key = |i: u32| entries[i as usize].lo.x;
        let n = entries.len();
        if self.order.len() != n {
            self.order.clear();
            self.order.extend(0..n as u32);
            keep_headroom(&mut self.order);
            self.order
                .sort_unstable_by(|&a, &b| key(a).total_cmp(&key(b)));
            return;
        }
        let budget = 8 * n + 64;
        let mut moves = 0usize;
        let order = &mut self.order;
        for i in 1..n {
            let item = order[i];
            let k = key(item);
            let mut j = i;
            while j > 0 && key(order[j - 1]) > k {
                order[j] = order[j - 1];
                j -= 1;
            }
            order[j] = item;
            moves += i - j;
            if moves > budget {
                order.sort_unstable_by(|&a, &b| key(a).total_cmp(&key(b)));
                return;
            }
        }
    }

    /// In a frame with a crowd (more than [`CROWD`] objects at one left edge), each run of entries with one left edge sorted by layers, and the ends of the
    /// runs of entries on the same layers, for the sweep to skip. Otherwise no run ends.
    fn sort_crowds(&mut self, crowded: bool) {
        self.run_ends.clear();
        // Ready for a crowd whenever one forms, without allocating then.
        reserve_total(&mut self.run_ends, self.sorted.capacity());
        if !crowded {
            return;
        }
        for run in self.sorted.chunk_by_mut(|a, b| a.lo.x == b.lo.x) {
            if run.len() > 1 {
                run.sort_unstable_by_key(|e| layers_key(e.layers));
            }
        }
        let sorted = &self.sorted;
        find_run_ends(
            sorted.len(),
            |j| (0, layers_key(sorted[j].layers)),
            &mut self.run_ends,
        );
    }

    /// The sweep for a frame with a crowd: as in `pairs_at_most`, but a run of entries on
    /// layers that do not interact with `a`'s costs one test.
    fn crowded_sweep(&self, limit: usize, out: &mut Vec<(u32, u32)>) -> Result<(), Error> {
        let sorted = &self.sorted[..];
        for (i, a) in sorted.iter().enumerate() {
            // Past the window's end everything is: skipping a run that reaches beyond it only
            // ends the sweep sooner.
            let end = i + 1 + sorted[i + 1..].partition_point(|b| b.lo.x <= a.hi.x);
            each_interacting(
                i + 1,
                end,
                &self.run_ends,
                |j| a.layers.interacts(sorted[j].layers),
                |j| {
                    let b = &sorted[j];
                    if b.lo.y <= a.hi.y && a.lo.y <= b.hi.y {
                        if let Some(pair) = a.pair_with(b) {
                            out.push(pair);
                        }
                    }
                },
            );
            check_limit(out, limit)?;
        }
        Ok(())
    }

    /// The slice of `sorted` whose left edges lie in `lo..=hi` widened by the widest object.
    fn window(&self, lo: f32, hi: f32) -> &[Entry] {
        let start = self
            .sorted
            .partition_point(|e| e.lo.x < lo - self.widest * 1.0001 - lo.abs() * 1e-6);
        let end = self.sorted.partition_point(|e| e.lo.x <= hi);
        &self.sorted[start..end.max(start)]
    }
}

impl BroadPhase for SortAndSweep {
    fn update(&mut self, proxies: &[Proxy]) {
        prepare(proxies, &mut self.entries);
        self.sort_order();
        self.sorted.clear();
        let entries = &self.entries;
        self.sorted
            .extend(self.order.iter().map(|&i| entries[i as usize]));
        keep_headroom(&mut self.sorted);
        self.widest = self
            .sorted
            .iter()
            .fold(0.0_f32, |w, e| w.max(e.hi.x - e.lo.x));
        // Sorted by left edge, so an entry with the left edge of the one `CROWD` places before
        // closes a run of more than `CROWD` stacked at one x.
        let crowded = self
            .sorted
            .iter()
            .zip(&self.sorted[CROWD.min(self.sorted.len())..])
            .fold(false, |crowded, (a, b)| crowded | (a.lo.x == b.lo.x));
        self.sort_crowds(crowded);
    }

    fn pairs_at_most(&mut self, limit: usize, out: &mut Vec<(u32, u32)>) -> Result<(), Error> {
        if !self.run_ends.is_empty() {
            return limited(out, limit, |out| self.crowded_sweep(limit, out));
        }
        limited(out, limit, |out| {
            let sorted = &self.sorted[..];
            for (i, a) in sorted.iter().enumerate() {
                for b in &sorted[i + 1..] {
                    if b.lo.x > a.hi.x {
                        break;
                    }
                    if b.lo.y > a.hi.y || a.lo.y > b.hi.y || !a.layers.interacts(b.layers) {
                        continue;
                    }
                    if let Some(pair) = a.pair_with(b) {
                        out.push(pair);
                    }
                }
                check_limit(out, limit)?;
            }
            Ok(())
        })
    }

    fn query_aabb(&self, area: &Aabb, out: &mut Vec<u32>) {
        out.clear();
        if !area.is_finite() {
            return;
        }
        let (lo, hi) = (area.min(), area.max());
        let pad = (area.center.abs() + area.half_extents) * (4.0 * f32::EPSILON);
        let (lo, hi) = (lo - pad, hi + pad);
        out.extend(
            self.window(lo.x, hi.x)
                .iter()
                .filter(|e| e.may_overlap_box(lo, hi) && e.bounds.overlaps(area))
                .map(|e| e.id),
        );
    }

    fn cast_segment(&self, from: Vec2, to: Vec2, out: &mut Vec<(f32, u32)>) {
        out.clear();
        let Some(segment) = Segment::new(from, to) else {
            return;
        };
        let pad = segment_pad(from, to);
        let (lo, hi) = (from.min(to) - pad, from.max(to) + pad);
        out.extend(
            self.window(lo.x, hi.x)
                .iter()
                .filter(|e| e.may_overlap_box(lo, hi))
                .filter_map(|e| segment.entry_into(&e.bounds).map(|t| (t, e.id))),
        );
        finish_segment_hits(out);
    }
}
