use collide_core::Aabb;
use glam::Vec2;

use crate::buffers::keep_headroom;
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

    /// Calls `visit(t, id)` for the proxies whose closed bounds the segment `from → to`
    /// touches (`t` as in [`cast_segment`](BroadPhase::cast_segment)), about nearest first,
    /// each at most once, and stops early: `visit` returns a cutoff, and every proxy entered
    /// at or before the lowest cutoff returned so far is visited; one entered later may be
    /// skipped. Ignores layers. `scratch` is working room the caller keeps between calls.
    ///
    /// This is the walk behind a first-hit query: the caller tests each proxy's real shape and
    /// returns the best hit's `t` (plus its own margin) as the cutoff, so that the search ends
    /// soon after the nearest hit instead of listing everything along the segment. The
    /// provided method sorts [`cast_segment`](BroadPhase::cast_segment)'s list and stops at
    /// the cutoff; [`Grid`](crate::Grid) walks its cells in the segment's order and
    /// [`QuadTree`](crate::QuadTree) its nodes nearest first, so neither lists what lies
    /// beyond.
    ///
    /// ```
    /// use collide_broad::{BroadPhase, Grid, Proxy};
    /// use collide_core::{Aabb, Layers};
    /// use glam::Vec2;
    ///
    /// let proxies: Vec<Proxy> = (0..100)
    ///     .map(|i| Proxy::new(i, Aabb::new(Vec2::new(10.0 * i as f32, 0.0), Vec2::ONE), Layers::ALL))
    ///     .collect();
    /// let mut grid = Grid::new();
    /// grid.update(&proxies);
    /// let (mut scratch, mut seen) = (Vec::new(), Vec::new());
    /// // Stop at the first box: the cutoff is its own entry.
    /// grid.cast_segment_until(Vec2::new(-5.0, 0.0), Vec2::new(995.0, 0.0), &mut scratch, &mut |t, id| {
    ///     seen.push(id);
    ///     t
    /// });
    /// assert!(seen.contains(&0) && seen.len() < 10);
    /// ```
    fn cast_segment_until(
        &self,
        from: Vec2,
        to: Vec2,
        scratch: &mut Vec<(f32, u32)>,
        visit: &mut dyn FnMut(f32, u32) -> f32,
    ) {
        self.cast_segment(from, to, scratch);
        let mut cutoff = f32::INFINITY;
        for &(t, id) in scratch.iter() {
            if t > cutoff {
                break;
            }
            cutoff = cutoff.min(visit(t, id));
        }
    }

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

    /// Writes the ids whose bounds hold `point` strictly inside, in no particular order:
    /// [`query_aabb`](BroadPhase::query_aabb) for a box of size zero at `point` (which the
    /// provided method asks), so a point on a box's edge is not in it and a non-finite point
    /// is in none. Ignores layers. [`Grid`](crate::Grid) looks only in the cells that can
    /// hold a box around the point.
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

    fn query_point(&self, point: Vec2, out: &mut Vec<u32>) {
        (**self).query_point(point, out);
    }

    fn cast_segment(&self, from: Vec2, to: Vec2, out: &mut Vec<(f32, u32)>) {
        (**self).cast_segment(from, to, out);
    }

    fn cast_segment_until(
        &self,
        from: Vec2,
        to: Vec2,
        scratch: &mut Vec<(f32, u32)>,
        visit: &mut dyn FnMut(f32, u32) -> f32,
    ) {
        (**self).cast_segment_until(from, to, scratch, visit);
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
