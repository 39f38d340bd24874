use collide_core::Aabb;
use glam::Vec2;

use crate::broad_phase::{check_limit, limited};
use crate::proxy::{finish_segment_hits, prepare, Entry, Segment};
use crate::{BroadPhase, Error, Proxy};

/// The O(n²) reference: tests every pair. Correct by inspection, and the set of pairs every
/// other broad phase returns. Fine up to a few hundred objects.
#[derive(Clone, Debug, Default)]
pub struct BruteForce {
    entries: Vec<Entry>,
}

impl BruteForce {
    /// An empty brute-force broad phase.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }
}

impl BroadPhase for BruteForce {
    fn update(&mut self, proxies: &[Proxy]) {
        prepare(proxies, &mut self.entries);
    }

    fn pairs_at_most(&mut self, limit: usize, out: &mut Vec<(u32, u32)>) -> Result<(), Error> {
        limited(out, limit, |out| {
            for (i, a) in self.entries.iter().enumerate() {
                for b in &self.entries[i + 1..] {
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
        out.extend(
            self.entries
                .iter()
                .filter(|e| e.bounds.overlaps(area))
                .map(|e| e.id),
        );
    }

    fn cast_segment(&self, from: Vec2, to: Vec2, out: &mut Vec<(f32, u32)>) {
        out.clear();
        let Some(segment) = Segment::new(from, to) else {
            return;
        };
        out.extend(
            self.entries
                .iter()
                .filter_map(|e| segment.entry_into(&e.bounds).map(|t| (t, e.id))),
        );
        finish_segment_hits(out);
    }
}
