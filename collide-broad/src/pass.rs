//! The collision pass: a frame's bodies in, hits out, resolved in the order they happened.
//!
//! Per frame (seed 000): the swept bounds of every enabled body (its shape at the start and at
//! the end of the frame) go to a [`BroadPhase`]; each candidate pair goes to the core's narrow
//! phase ([`narrow_phase_detailed`]), which tests the end of the frame and sweeps to find when
//! contact began, or sweeps to find a contact the end-of-frame test missed. Every hit keeps its
//! time of impact `t`; the hits are sorted by `(t, a, b)` and handed to the caller in that
//! order. When a hit uses a body up (a bullet destroys itself on impact), every later hit on
//! that body is dropped, so a bullet always hits what it reached first.

use collide_core::{
    narrow_phase_detailed, Aabb, AnimatedHull, Circle, Hit, Hull, Layers, Motion, Pose, Rot,
    ShapeRef, SweepMode,
};
use glam::Vec2;

use crate::proxy::{keep_headroom, keep_room};
use crate::{AnyBroadPhase, BroadPhase, Proxy};

/// How many candidate pairs the pass gathers the bodies of before testing them.
const GATHER: usize = 32;

/// The hit with time `t` between bodies `a` and `b`, the `index`-th found, as one integer that
/// sorts by `(t, a, b)`: `t` in the order of [`f32::total_cmp`], then the indices.
#[inline]
fn order_key(t: f32, a: u32, b: u32, index: usize) -> u128 {
    // Flipping the bits of negative floats and the sign of the others orders them as integers.
    let bits = t.to_bits();
    let time = if bits >> 31 == 1 {
        !bits
    } else {
        bits | 1 << 31
    };
    u128::from(time) << 96 | u128::from(a) << 64 | u128::from(b) << 32 | index as u128
}

/// The fields of an [`order_key`]: the time's bits in their sorting order (negative times
/// flipped, the sign bit set for the others), `a`, `b` and the hit's index.
#[inline]
fn key_fields(key: u128) -> (u32, u32, u32, u32) {
    (
        (key >> 96) as u32,
        (key >> 64) as u32,
        (key >> 32) as u32,
        key as u32,
    )
}

/// The most hits [`rank_few`] orders.
const RANK_AT_MOST: usize = 32;

/// The indices of a few hits in the order of their keys ([`order_key`]), found by counting for
/// each key the keys below it (its place in that order); `None` when there are too many hits,
/// or when the keys do not fit the 64 bits this packs them in (more than 2¹⁷ bodies, or a time
/// that is negative, `-0.0` included, or not below 2), for the caller to sort instead.
///
/// For the few hits of a small scene this beats sorting: the count compares every pair of keys,
/// but without a single data-dependent branch, where a sort of 16-odd keys mispredicts a
/// branch per key or so.
fn rank_few(order: &[u128], bodies: usize) -> Option<[u8; RANK_AT_MOST]> {
    if order.len() > RANK_AT_MOST || bodies > 1 << 17 {
        return None;
    }
    // `(t, a, b)` in 30 + 17 + 17 bits: a time in `[+0, 2)` has its top two bits clear (in the
    // key, the top bit is set, see `order_key`), and the indices are below 2¹⁷. The index of the
    // hit is not needed: the count itself is the place.
    let mut keys = [0_u64; RANK_AT_MOST];
    let mut outside = 0;
    for (packed, &key) in keys.iter_mut().zip(order) {
        let (time, a, b, _) = key_fields(key);
        let time = time ^ 1 << 31;
        outside |= time;
        *packed = u64::from(time) << 34 | u64::from(a) << 17 | u64::from(b);
    }
    if outside >= 1 << 30 {
        return None;
    }
    let keys = &keys[..order.len()];
    let mut in_order = [0_u8; RANK_AT_MOST];
    for (i, &key) in keys.iter().enumerate() {
        let place: u8 = keys.iter().map(|&other| u8::from(other < key)).sum();
        in_order[usize::from(place)] = i as u8;
    }
    Some(in_order)
}

/// How many bits hold the numbers below `n`.
fn bits_below(n: usize) -> u32 {
    usize::BITS - n.saturating_sub(1).leading_zeros()
}

/// Whether the keys of `hits` hits between `bodies` bodies fit [`pack_keys`]'s 64 bits.
fn keys_pack(bodies: usize, hits: usize) -> bool {
    2 * bits_below(bodies) + bits_below(hits) <= 32
}

/// The keys ([`order_key`]) of the hits between `bodies` bodies, packed into 64 bits each in
/// the same order: the time's 32 bits, then `a`, `b` and the hit's index in as many bits as
/// their ranges need. Returns the index's bits, or `None` when the three do not fit in the
/// other 32 bits: 2 048 bodies fit with up to 1 024 hits, 4 096 with up to 256.
fn pack_keys(order: &[u128], bodies: usize, packed: &mut Vec<u64>) -> Option<u32> {
    if !keys_pack(bodies, order.len()) {
        return None;
    }
    let (body_bits, index_bits) = (bits_below(bodies), bits_below(order.len()));
    packed.clear();
    packed.extend(order.iter().map(|&key| {
        let (time, a, b, index) = key_fields(key);
        u64::from(time) << 32
            | u64::from(a) << (body_bits + index_bits)
            | u64::from(b) << index_bits
            | u64::from(index)
    }));
    Some(index_bits)
}

/// One body as the pass sees it for one frame: shape, where it started and ended, rotation,
/// layers, and whether its collider is on.
///
/// The travel is derived from `start` and `end`; the rotation is the end-of-frame rotation,
/// held fixed during the sweep (seed 002).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Body<'a> {
    /// The collision shape.
    pub shape: ShapeRef<'a>,
    /// Position at the start of the frame (the previous position).
    pub start: Vec2,
    /// Position at the end of the frame (the current position).
    pub end: Vec2,
    /// Rotation during the frame.
    pub rotation: Rot,
    /// Collision layers; pairs whose layers do not interact are never tested.
    pub layers: Layers,
    /// A disabled body takes no part in the pass (and is not counted as skipped).
    pub enabled: bool,
}

impl<'a> Body<'a> {
    /// An enabled, unrotated body on every layer, moving from `start` to `end` this frame.
    #[must_use]
    pub fn new(shape: impl Into<ShapeRef<'a>>, start: Vec2, end: Vec2) -> Self {
        Self {
            shape: shape.into(),
            start,
            end,
            rotation: Rot::IDENTITY,
            layers: Layers::ALL,
            enabled: true,
        }
    }

    /// A body that stayed at `position` this frame.
    #[must_use]
    pub fn stationary(shape: impl Into<ShapeRef<'a>>, position: Vec2) -> Self {
        Self::new(shape, position, position)
    }

    /// The active frame of an animated hull collider; disabled when the collider is.
    #[must_use]
    pub fn animated<S: AsRef<[Hull]>>(
        collider: &'a AnimatedHull<S>,
        start: Vec2,
        end: Vec2,
    ) -> Self {
        match collider.active() {
            Some(hull) => Self::new(hull, start, end),
            None => Self::new(Circle { radius: 0.0 }, start, end).with_enabled(false),
        }
    }

    /// The same body with these layers.
    #[must_use]
    pub fn with_layers(mut self, layers: Layers) -> Self {
        self.layers = layers;
        self
    }

    /// The same body with this rotation.
    #[must_use]
    pub fn with_rotation(mut self, rotation: Rot) -> Self {
        self.rotation = rotation;
        self
    }

    /// The same body, enabled or not.
    #[must_use]
    pub fn with_enabled(mut self, enabled: bool) -> Self {
        self.enabled = enabled;
        self
    }

    /// The body's motion over the frame.
    #[inline]
    #[must_use]
    pub fn motion(&self) -> Motion {
        Motion::new(self.start, self.end, self.rotation)
    }

    /// The box covering the shape at the start and at the end of the frame (seed 000).
    #[inline]
    #[must_use]
    pub fn swept_bounds(&self) -> Aabb {
        let half = match self.shape {
            // The common shapes inline: the union of the two end boxes, centred between the two
            // positions. Plain arithmetic, no `min`/`max`: a NaN position gives a NaN box, which
            // the pass's finiteness check then catches.
            ShapeRef::Circle(c) => Vec2::splat(c.radius),
            ShapeRef::Rect(r) => r.half_extents,
            ShapeRef::Hull(_) => {
                let a = self.shape.aabb(&Pose::new(self.start, self.rotation));
                let b = self.shape.aabb(&Pose::new(self.end, self.rotation));
                return Aabb::from_min_max(a.min().min(b.min()), a.max().max(b.max()));
            }
        };
        Aabb::new(
            (self.start + self.end) * 0.5,
            (self.end - self.start).abs() * 0.5 + half,
        )
    }

    /// Whether the positions and rotation are finite (the shape is checked through its box).
    #[inline]
    #[must_use]
    pub fn is_finite(&self) -> bool {
        self.zero_if_finite() == Vec2::ZERO
    }

    /// Zero when the positions and rotation are finite, NaN otherwise: `x · 0` is `0` for a
    /// finite `x` and NaN for the others, so one comparison checks them all.
    #[inline]
    fn zero_if_finite(&self) -> Vec2 {
        let rotation = Vec2::new(self.rotation.cos(), self.rotation.sin());
        self.start * 0.0 + self.end * 0.0 + rotation * 0.0
    }
}

/// One hit between bodies `a < b` (indices into the slice given to the pass).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PassHit {
    /// The first body's index.
    pub a: usize,
    /// The second body's index (`a < b`); the normal points from `a` to `b`.
    pub b: usize,
    /// When, where and along which normal they touched.
    pub hit: Hit,
}

/// Which of the two bodies a resolved hit used up; later hits on a used-up body are dropped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Used {
    /// Body `a` is used up (for example a bullet that destroyed itself).
    pub a: bool,
    /// Body `b` is used up.
    pub b: bool,
}

impl Used {
    /// Both bodies carry on.
    pub const NEITHER: Used = Used { a: false, b: false };
    /// Body `a` is used up.
    pub const A: Used = Used { a: true, b: false };
    /// Body `b` is used up.
    pub const B: Used = Used { a: false, b: true };
    /// Both bodies are used up.
    pub const BOTH: Used = Used { a: true, b: true };
}

/// What one pass did: the figures the benchmark reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PassStats {
    /// Bodies indexed by the broad phase.
    pub proxies: usize,
    /// Candidate pairs from the broad phase.
    pub pairs: usize,
    /// Hits found by the end-of-frame test.
    pub discrete_hits: usize,
    /// Sweeps run.
    pub sweeps: usize,
    /// Hits only the sweep found (the tunnelling ones).
    pub swept_hits: usize,
    /// The most conservative-advancement steps one sweep needed.
    pub max_steps: u32,
    /// Enabled bodies skipped for non-finite positions, rotation or shape.
    pub skipped: usize,
    /// Hits handed to the resolver.
    pub hits_resolved: usize,
    /// Hits dropped because an earlier hit had used up one of their bodies.
    pub hits_dropped: usize,
}

/// The collision pass over a broad phase `B`; owns and reuses every buffer it needs, so a frame
/// in steady state allocates nothing.
///
/// ```
/// use collide_broad::{Body, CollisionPass, Used};
/// use collide_core::{Circle, Rect};
/// use glam::Vec2;
///
/// let bullet = Circle { radius: 2.0 };
/// let enemy = Rect { half_extents: Vec2::splat(8.0) };
/// // The bullet moves 100 units in one frame: from below the enemy to far above it.
/// let bodies = [
///     Body::new(bullet, Vec2::new(0.0, -50.0), Vec2::new(0.0, 50.0)),
///     Body::stationary(enemy, Vec2::ZERO),
/// ];
/// let mut pass = CollisionPass::default();
/// let stats = pass.run(&bodies, |_hit| Used::A);
/// assert_eq!((stats.swept_hits, stats.hits_resolved), (1, 1));
/// assert!((pass.hits()[0].hit.t - 0.4).abs() < 1e-4); // touched at y = -10 of -50..50
/// ```
#[derive(Clone, Debug)]
pub struct CollisionPass<B = AnyBroadPhase> {
    broad: B,
    sweep_mode: SweepMode,
    proxies: Vec<Proxy>,
    pairs: Vec<(u32, u32)>,
    hits: Vec<PassHit>,
    /// The sort key of each hit ([`order_key`]), and the hits being put in that order.
    order: Vec<u128>,
    sorted: Vec<PassHit>,
    /// The keys packed into 64 bits, where they fit ([`pack_keys`]).
    packed: Vec<u64>,
    used: Vec<bool>,
    stats: PassStats,
}

impl Default for CollisionPass<AnyBroadPhase> {
    /// A pass over the grid with the exact sweep.
    fn default() -> Self {
        Self::new(AnyBroadPhase::default())
    }
}

impl<B: BroadPhase> CollisionPass<B> {
    /// A pass over `broad` with the exact sweep.
    #[must_use]
    pub fn new(broad: B) -> Self {
        Self {
            broad,
            sweep_mode: SweepMode::default(),
            proxies: Vec::new(),
            pairs: Vec::new(),
            hits: Vec::new(),
            order: Vec::new(),
            sorted: Vec::new(),
            packed: Vec::new(),
            used: Vec::new(),
            stats: PassStats::default(),
        }
    }

    /// The same pass with another sweep setting (`Off` reproduces the tunnelling bug).
    #[must_use]
    pub fn with_sweep_mode(mut self, mode: SweepMode) -> Self {
        self.sweep_mode = mode;
        self
    }

    /// Changes the sweep setting for later passes.
    pub fn set_sweep_mode(&mut self, mode: SweepMode) {
        self.sweep_mode = mode;
    }

    /// The sweep setting.
    #[must_use]
    pub fn sweep_mode(&self) -> SweepMode {
        self.sweep_mode
    }

    /// The broad phase.
    #[must_use]
    pub fn broad_phase(&self) -> &B {
        &self.broad
    }

    /// The broad phase, mutably (for queries and hitscan casts between passes).
    pub fn broad_phase_mut(&mut self) -> &mut B {
        &mut self.broad
    }

    /// Every hit of the last pass, sorted by `(t, a, b)`, including the dropped ones.
    #[must_use]
    pub fn hits(&self) -> &[PassHit] {
        &self.hits
    }

    /// The statistics of the last pass.
    #[must_use]
    pub fn stats(&self) -> PassStats {
        self.stats
    }

    /// Finds and sorts this frame's hits without resolving them; see [`hits`](Self::hits).
    pub fn detect(&mut self, bodies: &[Body<'_>]) -> PassStats {
        let mut stats = PassStats {
            skipped: self.collect_proxies(bodies),
            proxies: self.proxies.len(),
            ..PassStats::default()
        };
        self.broad.update(&self.proxies);
        self.broad.pairs(&mut self.pairs);
        stats.pairs = self.pairs.len();
        // Pair and hit counts swing from frame to frame as the bodies move, in small scenes by
        // several times their usual count: the buffers keep room for a pair per body and a hit
        // per two at least, besides half again the busiest frame so far.
        let floor = self.proxies.len();
        keep_room(&mut self.pairs, stats.pairs.max(floor));
        self.narrow_phase(bodies, &mut stats);
        self.sort_hits(bodies.len());
        self.stats = stats;
        stats
    }

    /// The swept bounds of every enabled body, as proxies; returns how many were skipped.
    fn collect_proxies(&mut self, bodies: &[Body<'_>]) -> usize {
        let mut skipped = 0;
        self.proxies.clear();
        for (i, body) in bodies.iter().enumerate() {
            if !body.enabled {
                continue;
            }
            let bounds = body.swept_bounds();
            match u32::try_from(i) {
                // `bounds` alone is not enough: `min`/`max` pass over a NaN position. One sum
                // checks body and box: each term is zero when finite, NaN otherwise.
                Ok(id)
                    if body.zero_if_finite() + bounds.center * 0.0 + bounds.half_extents * 0.0
                        == Vec2::ZERO =>
                {
                    self.proxies.push(Proxy::new(id, bounds, body.layers));
                }
                _ => skipped += 1,
            }
        }
        keep_headroom(&mut self.proxies);
        skipped
    }

    /// Every candidate pair through the narrow phase; the hits (unsorted) into `hits`.
    fn narrow_phase(&mut self, bodies: &[Body<'_>], stats: &mut PassStats) {
        self.hits.clear();
        self.order.clear();
        let blank = (ShapeRef::Circle(Circle { radius: 0.0 }), Motion::default());
        let mut sides = [[blank; 2]; GATHER];
        for chunk in self.pairs.chunks(GATHER) {
            // The pairs come in the broad phase's (spatial) order, so their bodies are scattered
            // over memory. Copying a chunk's bodies first lets those cache misses overlap one
            // another, instead of stalling the narrow phase one at a time.
            for (side, &(a, b)) in sides.iter_mut().zip(chunk) {
                let (ba, bb) = (&bodies[a as usize], &bodies[b as usize]);
                *side = [(ba.shape, ba.motion()), (bb.shape, bb.motion())];
            }
            for (&[(sa, ma), (sb, mb)], &(a, b)) in sides.iter().zip(chunk) {
                let outcome = narrow_phase_detailed(sa, &ma, sb, &mb, self.sweep_mode);
                stats.sweeps += usize::from(outcome.swept);
                stats.max_steps = stats.max_steps.max(outcome.steps);
                if let Some(hit) = outcome.hit {
                    // Counted without a branch: which test found a hit varies from pair to pair.
                    stats.swept_hits += usize::from(hit.by_sweep);
                    stats.discrete_hits += usize::from(!hit.by_sweep);
                    self.order.push(order_key(hit.t, a, b, self.hits.len()));
                    let (a, b) = (a as usize, b as usize);
                    self.hits.push(PassHit { a, b, hit });
                }
            }
        }
    }

    /// Sorts the hits by `(t, a, b)`: the keys alone, small and compared as integers, then the
    /// hits into their order. A few are ranked instead ([`rank_few`]); up to about two thousand
    /// bodies, the keys are sorted packed into 64 bits ([`pack_keys`]). `(a, b)` is unique per
    /// hit, so the order is total and the same for every broad phase.
    fn sort_hits(&mut self, bodies: usize) {
        self.sorted.clear();
        let hits = &self.hits;
        let room = hits.len().max(self.proxies.len() / 2);
        if let Some(in_order) = rank_few(&self.order, bodies) {
            self.sorted
                .extend(in_order[..hits.len()].iter().map(|&i| hits[usize::from(i)]));
        } else if let Some(index_bits) = pack_keys(&self.order, bodies, &mut self.packed) {
            // The standard library's unstable sort takes about half the time on these 8-byte
            // keys that it takes on the 16-byte ones (1.4 against 2.7 µs per frame at 1 000
            // bodies of the benchmark scene).
            self.packed.sort_unstable();
            let index = |key: u64| (key & ((1 << index_bits) - 1)) as usize;
            self.sorted
                .extend(self.packed.iter().map(|&key| hits[index(key)]));
        } else {
            self.order.sort_unstable();
            self.sorted
                .extend(self.order.iter().map(|&key| hits[key as u32 as usize]));
        }
        core::mem::swap(&mut self.hits, &mut self.sorted);
        keep_room(&mut self.order, room);
        keep_room(&mut self.hits, room);
        keep_room(&mut self.sorted, room);
        // Ready before a frame first has more hits than are ranked, wherever they could pack.
        if keys_pack(bodies, RANK_AT_MOST + 1) {
            keep_room(&mut self.packed, room);
        }
    }

    /// Runs the pass: detects this frame's hits, then hands them to `resolve` in time order.
    ///
    /// `resolve` says which bodies each hit used up; a later hit on a used-up body is dropped
    /// without calling it. Bodies whose positions, rotation or shape are not finite are
    /// skipped and counted. Body indices must fit in a `u32`.
    pub fn run(
        &mut self,
        bodies: &[Body<'_>],
        mut resolve: impl FnMut(&PassHit) -> Used,
    ) -> PassStats {
        let mut stats = self.detect(bodies);
        self.used.clear();
        self.used.resize(bodies.len(), false);
        keep_headroom(&mut self.used);
        for h in &self.hits {
            if self.used[h.a] || self.used[h.b] {
                stats.hits_dropped += 1;
                continue;
            }
            let used = resolve(h);
            self.used[h.a] |= used.a;
            self.used[h.b] |= used.b;
            stats.hits_resolved += 1;
        }
        self.stats = stats;
        stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small seeded generator, so the cases are the same on every run.
    struct Lcg(u64);

    impl Lcg {
        fn below(&mut self, n: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (self.0 >> 33) % n
        }
    }

    #[test]
    fn ranking_a_few_hits_orders_them_as_sorting_does() {
        let mut rng = Lcg(7);
        let mut ranked = 0;
        for case in 0..4000 {
            let n = rng.below(RANK_AT_MOST as u64 + 1) as usize;
            let bodies = [6, 50, 1 << 17][case % 3];
            // Few distinct times, so that ties on `t` (and on `a`) are common.
            let times = [0.0, 1.0, 0.25, 0.5, f32::MIN_POSITIVE, 1.0 - f32::EPSILON];
            let mut order: Vec<u128> = Vec::new();
            let mut seen = Vec::new();
            while order.len() < n {
                let t = times[rng.below(times.len() as u64) as usize];
                let a = rng.below(bodies as u64) as u32;
                let b = rng.below(bodies as u64) as u32;
                if seen.contains(&(a, b)) {
                    continue;
                }
                seen.push((a, b));
                order.push(order_key(t, a, b, order.len()));
            }
            let in_order = rank_few(&order, bodies).expect("keys that fit are ranked");
            let mut sorted = order.clone();
            sorted.sort_unstable();
            let got: Vec<u128> = in_order[..n]
                .iter()
                .map(|&i| order[usize::from(i)])
                .collect();
            assert_eq!(got, sorted, "case {case}");
            ranked += usize::from(n > 1);
        }
        assert!(ranked > 3000);
    }

    #[test]
    fn keys_that_do_not_fit_are_left_to_the_sort() {
        let key = |t: f32| order_key(t, 3, 4, 0);
        let few = [key(0.5), key(1.0)];
        assert!(rank_few(&few, 10).is_some());
        assert!(rank_few(&few, (1 << 17) + 1).is_none(), "too many bodies");
        assert!(
            rank_few(&[key(0.0); RANK_AT_MOST + 1], 10).is_none(),
            "too many hits"
        );
        for t in [-0.0, -1.0, 2.0, f32::INFINITY, f32::NAN] {
            assert!(rank_few(&[key(0.5), key(t)], 10).is_none(), "t = {t}");
        }
    }

    #[test]
    fn bits_below_counts_the_bits_of_the_largest_number() {
        for (n, bits) in [
            (0, 0),
            (1, 0),
            (2, 1),
            (3, 2),
            (4, 2),
            (1024, 10),
            (1025, 11),
        ] {
            assert_eq!(bits_below(n), bits, "{n}");
        }
        assert_eq!(bits_below(usize::MAX), usize::BITS);
    }

    #[test]
    fn keys_are_packed_exactly_when_bodies_and_hits_fit_in_32_bits() {
        let keys = |n: usize| -> Vec<u128> { (0..n).map(|i| order_key(0.5, 1, 2, i)).collect() };
        let mut packed = Vec::new();
        // 2 · 11 bits for the bodies, and 10 for 1 024 hits, 11 for one more.
        assert_eq!(pack_keys(&keys(1024), 1 << 11, &mut packed), Some(10));
        assert_eq!(packed.len(), 1024);
        assert_eq!(pack_keys(&keys(1025), 1 << 11, &mut packed), None);
        assert_eq!(pack_keys(&keys(1025), 1 << 10, &mut packed), Some(11));
        assert_eq!(pack_keys(&keys(2), 1 << 16, &mut packed), None);
        assert_eq!(pack_keys(&keys(1), 1 << 16, &mut packed), Some(0));
    }

    /// Each way `sort_hits` orders the hits (ranked, packed into 64 bits, or by the full keys)
    /// gives the order of the full keys, on seeded hits with many ties on `t` and on `a`.
    #[test]
    fn every_way_of_sorting_orders_the_hits_as_the_full_keys_do() {
        let mut rng = Lcg(11);
        // Negative times (-0.0 among them) and times from 2 up are never ranked: they go to the
        // packed keys where those fit, else to the full ones.
        let times = [
            0.0,
            1.0,
            0.25,
            0.5,
            f32::MIN_POSITIVE,
            1.0 - f32::EPSILON,
            -0.0,
            -1.0,
            2.0,
        ];
        let mut ways = [0; 3];
        let mut pass = CollisionPass::default();
        for case in 0..400 {
            let bodies: usize = [2, 40, 1000, 3000, 1 << 16, (1 << 16) + 1][case % 6];
            let n = match case / 6 % 3 {
                0 => rng.below(RANK_AT_MOST as u64 + 1),
                1 => 33 + rng.below(300),
                _ => 1000 + rng.below(1100),
            } as usize;
            let n = n.min(bodies * bodies);
            // Distinct pairs: `a` and `b` from a seeded shuffle of every pair's number.
            let few_times = 1 + rng.below(times.len() as u64) as usize;
            let mut numbers: Vec<u64> = Vec::new();
            while numbers.len() < n {
                let number = rng.below((bodies * bodies) as u64);
                if !numbers.contains(&number) {
                    numbers.push(number);
                }
            }
            pass.hits.clear();
            pass.order.clear();
            for (i, number) in numbers.into_iter().enumerate() {
                let (a, b) = (
                    (number / bodies as u64) as usize,
                    (number % bodies as u64) as usize,
                );
                let t = times[rng.below(few_times as u64) as usize];
                let hit = Hit {
                    t,
                    point: Vec2::new(i as f32, 0.0),
                    normal: Vec2::X,
                    by_sweep: false,
                };
                pass.order.push(order_key(t, a as u32, b as u32, i));
                pass.hits.push(PassHit { a, b, hit });
            }
            let way = if rank_few(&pass.order, bodies).is_some() {
                0
            } else if pack_keys(&pass.order, bodies, &mut Vec::new()).is_some() {
                1
            } else {
                2
            };
            ways[way] += 1;
            let mut keys = pass.order.clone();
            keys.sort_unstable();
            let want: Vec<PassHit> = keys.iter().map(|&k| pass.hits[k as u32 as usize]).collect();
            pass.sort_hits(bodies);
            assert_eq!(pass.hits, want, "case {case}: {n} hits, {bodies} bodies");
        }
        assert!(
            ways.iter().all(|&w| w > 50),
            "ranked, packed, full: {ways:?}"
        );
    }
}
