use collide_core::{Aabb, Layers};
use glam::Vec2;

use crate::buffers::keep_headroom;

/// One object as a broad phase sees it: an id, the box to index, and its collision layers.
///
/// Ids are any `u32` the caller likes (entity ids, indices, handles); they need not be dense
/// or sorted, but they should be distinct: a pair of proxies with the same id is never
/// reported. The collision pass uses body indices. A proxy whose bounds are non-finite or have
/// a negative half-extent is ignored by every broad phase (never in a pair or a query result).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Proxy {
    /// The caller's id, returned in pairs and query results.
    pub id: u32,
    /// The box to index; the collision pass gives the swept box of the whole frame.
    pub bounds: Aabb,
    /// Which layers the object is on and collides with; pairs are filtered by
    /// [`Layers::interacts`].
    pub layers: Layers,
}

impl Proxy {
    /// A proxy from its id, bounds and layers.
    #[inline]
    #[must_use]
    pub const fn new(id: u32, bounds: Aabb, layers: Layers) -> Self {
        Self { id, bounds, layers }
    }
}

/// A proxy prepared for indexing: its exact bounds plus a slightly widened corner form.
///
/// Every broad phase prunes with `lo`/`hi` and decides with [`Aabb::overlaps`] on `bounds`,
/// so all of them agree bit for bit with the brute-force oracle. The widening (a few ulps of
/// the box's magnitude) makes the pruning conservative: float rounding in `center ± half`
/// can never hide a pair that `overlaps` reports.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub lo: Vec2,
    pub hi: Vec2,
    pub bounds: Aabb,
    pub layers: Layers,
    pub id: u32,
}

impl Entry {
    /// The prepared form, or `None` for bounds the broad phases ignore.
    #[inline]
    pub fn new(p: &Proxy) -> Option<Entry> {
        let b = p.bounds;
        let (lo, hi) = indexed_corners(&b)?;
        Some(Entry {
            lo,
            hi,
            bounds: b,
            layers: p.layers,
            id: p.id,
        })
    }

    /// Whether the widened boxes touch (closed test); necessary for [`Entry::pair_with`].
    #[inline]
    pub fn may_overlap(&self, o: &Entry) -> bool {
        self.lo.x <= o.hi.x && o.lo.x <= self.hi.x && self.lo.y <= o.hi.y && o.lo.y <= self.hi.y
    }

    /// Whether the widened box touches the closed box `lo..=hi`.
    #[inline]
    pub fn may_overlap_box(&self, lo: Vec2, hi: Vec2) -> bool {
        self.lo.x <= hi.x && lo.x <= self.hi.x && self.lo.y <= hi.y && lo.y <= self.hi.y
    }

    /// The reported pair `(lo, hi)` when the two overlap strictly and their layers interact.
    #[inline]
    pub fn pair_with(&self, o: &Entry) -> Option<(u32, u32)> {
        if self.id != o.id && self.layers.interacts(o.layers) && self.bounds.overlaps(&o.bounds) {
            Some((self.id.min(o.id), self.id.max(o.id)))
        } else {
            None
        }
    }
}

/// The widened corners of `b`, or `None` for bounds the broad phases ignore (non-finite, or a
/// negative half-extent).
#[inline]
pub(crate) fn indexed_corners(b: &Aabb) -> Option<(Vec2, Vec2)> {
    let (lo, hi) = widened(b);
    let not_inside_out = b.half_extents.cmpge(Vec2::ZERO).all();
    // One test for the usual box: finite widened corners come only from a finite box. A box
    // so large that its widened corners overflow is checked the long way.
    if (hi - lo).is_finite() && not_inside_out {
        return Some((lo, hi));
    }
    (b.is_finite() && not_inside_out).then_some((lo, hi))
}

/// The corners of `b` pushed out by a few ulps of its magnitude: the conservative box every
/// broad phase prunes and files objects with.
#[inline]
pub(crate) fn widened(b: &Aabb) -> (Vec2, Vec2) {
    let err = (b.center.abs() + b.half_extents) * (4.0 * f32::EPSILON) + Vec2::splat(1e-30);
    (b.min() - err, b.max() + err)
}

/// Fills `entries` with the prepared form of every proxy the broad phases index.
pub(crate) fn prepare(proxies: &[Proxy], entries: &mut Vec<Entry>) {
    entries.clear();
    entries.extend(proxies.iter().filter_map(Entry::new));
    keep_headroom(entries);
}

/// The fraction of the segment `from → to` at which it first touches the closed box, if it does.
///
/// This is the one definition of "the segment crosses the box" that every broad phase's
/// [`cast_segment`](crate::BroadPhase::cast_segment) uses: the slab test on the box's corners
/// (`centre ∓ half-extents`, exactly as a shape's box puts them), clipped to `[0, 1]`; `0`
/// when `from` is inside. Touching an
/// edge or a corner counts. Any finite segment and box give an answer, whatever their scale:
/// a step too small for `f32` (subnormal) or a box reaching near `f32::MAX` included. The
/// fraction is never `-0.0`.
///
/// ```
/// use collide_broad::segment_entry;
/// use collide_core::Aabb;
/// use glam::Vec2;
///
/// let unit = Aabb::from_min_max(Vec2::ZERO, Vec2::ONE);
/// assert_eq!(segment_entry(Vec2::new(-1.0, 0.5), Vec2::new(3.0, 0.5), &unit), Some(0.25));
/// assert_eq!(segment_entry(Vec2::new(-1.0, 1.0), Vec2::new(3.0, 1.0), &unit), Some(0.25)); // along the top edge
/// assert_eq!(segment_entry(Vec2::new(-1.0, 2.0), Vec2::new(3.0, 2.0), &unit), None);
/// ```
#[must_use]
pub fn segment_entry(from: Vec2, to: Vec2, bounds: &Aabb) -> Option<f32> {
    if !bounds.is_finite() {
        return None;
    }
    Segment::new(from, to)?.entry_into(bounds)
}

/// A segment prepared for slab tests against many boxes.
///
/// The arithmetic runs in `f64`: every difference of two `f32`s is finite there and every
/// nonzero one has a finite reciprocal, so no step is too small (`0 · ∞` cannot occur) and no
/// span too large. Each operation rounds monotonically, so a box that holds another (as a
/// node's box holds its objects', widened past their rounding: [`widened`]) is entered
/// whenever the inner one is: pruning with [`Segment::entry`] on a containing box never loses
/// a hit.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Segment {
    from: [f64; 2],
    /// `1 / (to - from)` per axis; `0` on an axis the segment does not move along.
    inv: [f64; 2],
}

impl Segment {
    /// The prepared segment, or `None` if an end is not finite.
    #[inline]
    pub fn new(from: Vec2, to: Vec2) -> Option<Self> {
        if !from.is_finite() || !to.is_finite() {
            return None;
        }
        let step = |a: f32, b: f32| {
            let d = f64::from(b) - f64::from(a);
            if d == 0.0 {
                0.0
            } else {
                1.0 / d
            }
        };
        Some(Self {
            from: [f64::from(from.x), f64::from(from.y)],
            inv: [step(from.x, to.x), step(from.y, to.y)],
        })
    }

    /// The entry fraction into the closed box `lo..=hi` (corners may be infinite).
    #[inline]
    pub fn entry(&self, lo: Vec2, hi: Vec2) -> Option<f32> {
        self.entry_wide(
            [f64::from(lo.x), f64::from(lo.y)],
            [f64::from(hi.x), f64::from(hi.y)],
        )
    }

    /// [`segment_entry`] for a box known to be finite: its corners `centre ∓ half-extents`
    /// taken in `f64`, where they do not round at the far corner's magnitude (nor overflow).
    #[inline]
    pub fn entry_into(&self, bounds: &Aabb) -> Option<f32> {
        let (c, h) = (bounds.center, bounds.half_extents);
        let (cx, cy, hx, hy) = (
            f64::from(c.x),
            f64::from(c.y),
            f64::from(h.x),
            f64::from(h.y),
        );
        self.entry_wide([cx - hx, cy - hy], [cx + hx, cy + hy])
    }

    /// [`Segment::entry`] on corners in `f64`.
    #[inline]
    fn entry_wide(&self, lo: [f64; 2], hi: [f64; 2]) -> Option<f32> {
        // Starting from +0.0 and only ever raising it keeps -0.0 out.
        let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
        for axis in 0..2 {
            let (p, inv) = (self.from[axis], self.inv[axis]);
            let (lo, hi) = (lo[axis], hi[axis]);
            if inv == 0.0 {
                if p < lo || p > hi {
                    return None;
                }
                continue;
            }
            // Which corner is entered first follows the direction, not a comparison of the
            // two results: an empty box (lo > hi) then stays empty.
            let (near, far) = if inv > 0.0 { (lo, hi) } else { (hi, lo) };
            let (ta, tb) = ((near - p) * inv, (far - p) * inv);
            if ta > t0 {
                t0 = ta;
            }
            if tb < t1 {
                t1 = tb;
            }
            if t0 > t1 {
                return None;
            }
        }
        Some(t0 as f32)
    }

    /// Whether the segment touches the closed box `lo..=hi`: [`Segment::entry`] as a test.
    #[inline]
    pub fn touches(&self, lo: Vec2, hi: Vec2) -> bool {
        self.entry(lo, hi).is_some()
    }
}

/// The padding that makes box-against-segment pruning conservative for this segment.
#[inline]
pub(crate) fn segment_pad(from: Vec2, to: Vec2) -> f32 {
    let m = from.abs().max(to.abs());
    (m.x + m.y) * (16.0 * f32::EPSILON) + 1e-30
}

/// Sorts segment hits by entry fraction, then id, and drops repeats.
pub(crate) fn finish_segment_hits(out: &mut Vec<(f32, u32)>) {
    out.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    out.dedup();
}
