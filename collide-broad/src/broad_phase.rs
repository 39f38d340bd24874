use collide_core::Aabb;
use glam::Vec2;

use crate::proxy::keep_headroom;
use crate::{Error, Proxy};

/// A broad phase: which pairs of objects are close enough to be worth a narrow-phase test.
///
/// Four methods are required; the rest are provided on top of them. Every implementation
/// returns the same **set** of pairs as [`BruteForce`](crate::BruteForce) (the order may
/// differ): each pair `(lo, hi)` once, `lo < hi`, the two proxies' bounds overlapping strictly
/// ([`Aabb::overlaps`]: shared edges do not count) and their layers interacting
/// ([`Layers::interacts`](collide_core::Layers::interacts)). Proxies with non-finite bounds
/// or negative half-extents are ignored.
///
/// Output buffers are the caller's: each method clears `out`, then fills it, so a caller that
/// keeps its buffers allocates nothing in steady state. Implementations keep theirs too.
///
/// ```
/// use collide_broad::{BroadPhase, Grid, Proxy};
/// use collide_core::{Aabb, Layers};
/// use glam::Vec2;
///
/// let proxies = [
///     Proxy::new(7, Aabb::new(Vec2::ZERO, Vec2::ONE), Layers::ALL),
///     Proxy::new(3, Aabb::new(Vec2::new(1.5, 0.0), Vec2::ONE), Layers::ALL),
///     Proxy::new(9, Aabb::new(Vec2::new(50.0, 0.0), Vec2::ONE), Layers::ALL),
/// ];
/// let mut grid = Grid::new();
/// let mut pairs = Vec::new();
/// grid.update(&proxies);
/// grid.pairs(&mut pairs);
/// assert_eq!(pairs, [(3, 7)]);
/// ```
pub trait BroadPhase {
    /// Replaces the indexed set with `proxies` (implementations may reuse last frame's work).
    fn update(&mut self, proxies: &[Proxy]);

    /// Writes the candidate pairs `(lo, hi)` of the last [`update`](BroadPhase::update), at
    /// most `limit` of them.
    ///
    /// # Errors
    ///
    /// [`Error::TooManyPairs`] when there are more than `limit`: the search stops as soon as
    /// it has found more, and `out` holds `limit` of the pairs (which ones is unspecified).
    fn pairs_at_most(&mut self, limit: usize, out: &mut Vec<(u32, u32)>) -> Result<(), Error>;

    /// Writes the ids whose bounds overlap `area` strictly, in no particular order; ignores
    /// layers.
    fn query_aabb(&self, area: &Aabb, out: &mut Vec<u32>);

    /// Writes `(t, id)` for every proxy whose closed bounds the segment `from → to` touches,
    /// `t` being the fraction of the segment where it enters ([`segment_entry`](crate::segment_entry)),
    /// ordered by `t` then id: the targets of a hitscan shot, nearest first. Ignores layers.
    fn cast_segment(&self, from: Vec2, to: Vec2, out: &mut Vec<(f32, u32)>);

    /// Writes every candidate pair `(lo, hi)` of the last [`update`](BroadPhase::update).
    fn pairs(&mut self, out: &mut Vec<(u32, u32)>) {
        // No more than `usize::MAX` pairs fit in memory: this limit is never reached.
        let _ = self.pairs_at_most(usize::MAX, out);
    }

    /// [`update`](BroadPhase::update) then [`pairs`](BroadPhase::pairs).
    fn update_pairs(&mut self, proxies: &[Proxy], out: &mut Vec<(u32, u32)>) {
        self.update(proxies);
        self.pairs(out);
    }

    /// Writes the ids whose bounds hold `point` strictly inside.
    fn query_point(&self, point: Vec2, out: &mut Vec<u32>) {
        self.query_aabb(&Aabb::new(point, Vec2::ZERO), out);
    }

    /// The first proxy along the segment, using `scratch` as the buffer for
    /// [`cast_segment`](BroadPhase::cast_segment).
    fn first_on_segment(
        &self,
        from: Vec2,
        to: Vec2,
        scratch: &mut Vec<(f32, u32)>,
    ) -> Option<(f32, u32)> {
        self.cast_segment(from, to, scratch);
        scratch.first().copied()
    }
}

/// A boxed broad phase (`Box<dyn BroadPhase>`) is a broad phase too, for callers that pick
/// one at run time without [`AnyBroadPhase`](crate::AnyBroadPhase).
impl<B: BroadPhase + ?Sized> BroadPhase for Box<B> {
    fn update(&mut self, proxies: &[Proxy]) {
        (**self).update(proxies);
    }

    fn pairs_at_most(&mut self, limit: usize, out: &mut Vec<(u32, u32)>) -> Result<(), Error> {
        (**self).pairs_at_most(limit, out)
    }

    fn query_aabb(&self, area: &Aabb, out: &mut Vec<u32>) {
        (**self).query_aabb(area, out);
    }

    fn cast_segment(&self, from: Vec2, to: Vec2, out: &mut Vec<(f32, u32)>) {
        (**self).cast_segment(from, to, out);
    }
}

/// Runs a limited pair search into `out`, cleared first: `search` checks
/// [`check_limit`] as it goes and returns its error. On success `out` keeps headroom; over the
/// limit, it is cut back to `limit` pairs.
#[inline]
pub(crate) fn limited(
    out: &mut Vec<(u32, u32)>,
    limit: usize,
    search: impl FnOnce(&mut Vec<(u32, u32)>) -> Result<(), Error>,
) -> Result<(), Error> {
    out.clear();
    let found = search(out).and_then(|()| check_limit(out, limit));
    match found {
        Ok(()) => keep_headroom(out),
        Err(_) => out.truncate(limit),
    }
    found
}

/// [`Error::TooManyPairs`] once `out` holds more than `limit` pairs: the check a pair search
/// makes after each object's candidates, never inside the loop over them.
#[inline]
pub(crate) fn check_limit(out: &[(u32, u32)], limit: usize) -> Result<(), Error> {
    if out.len() > limit {
        Err(Error::TooManyPairs { limit })
    } else {
        Ok(())
    }
}
