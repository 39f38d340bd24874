//! The box test of the grid's first-hit walk: the slab test of
//! [`Segment::entry_into`](crate::proxy::Segment::entry_into), the same fractions bit for bit,
//! with the segment's direction settled once per segment instead of once per box and axis.

use collide_core::Aabb;
use glam::Vec2;

/// The segment prepared for slab tests against the boxes of a walk.
#[derive(Clone, Copy, Debug)]
pub(super) struct Slabs {
    px: f64,
    py: f64,
    /// `1 / (to − from)` per axis (the difference taken in `f64`), or `+∞` on an axis the
    /// segment does not move along.
    pub(super) ix: f64,
    pub(super) iy: f64,
    /// `1` where the segment moves towards `+`, else `−1`: which corner it meets first.
    sx: f64,
    sy: f64,
}

impl Slabs {
    /// The prepared segment, or `None` when an end is not finite.
    pub(super) fn new(from: Vec2, to: Vec2) -> Option<Self> {
        if !from.is_finite() || !to.is_finite() {
            return None;
        }
        // An axis the segment does not move along gets `+∞`: `(corner − p)·∞` is `−∞` or `+∞`
        // when `p` is inside or outside that corner, and NaN when it is on it, which the
        // compare-and-pick steps of `entry` ignore; so the slab there lets the segment through
        // exactly when `p` lies in the closed slab, as the branching test decides.
        let inv = |a: f32, b: f32| {
            let d = f64::from(b) - f64::from(a);
            if d == 0.0 {
                f64::INFINITY
            } else {
                1.0 / d
            }
        };
        let (ix, iy) = (inv(from.x, to.x), inv(from.y, to.y));
        let sign = |i: f64| if i > 0.0 { 1.0 } else { -1.0 };
        Some(Self {
            px: f64::from(from.x),
            py: f64::from(from.y),
            ix,
            iy,
            sx: sign(ix),
            sy: sign(iy),
        })
    }

    /// The fraction at which the segment first touches the closed box, if it does.
    #[inline(always)]
    pub(super) fn entry(&self, bounds: &Aabb) -> Option<f32> {
        let (cx, cy) = (f64::from(bounds.center.x), f64::from(bounds.center.y));
        // `c − s·h` is exactly `c − h` or `c + h`: the corner met first.
        let hx = f64::from(bounds.half_extents.x) * self.sx;
        let hy = f64::from(bounds.half_extents.y) * self.sy;
        let (ax, bx) = ((cx - hx - self.px) * self.ix, (cx + hx - self.px) * self.ix);
        let (ay, by) = ((cy - hy - self.py) * self.iy, (cy + hy - self.py) * self.iy);
        // Starting from +0.0 and only ever raising it keeps -0.0 out; each step keeps the old
        // value unless the new one is strictly better, as the branching test does.
        let t0 = if ax > 0.0 { ax } else { 0.0 };
        let t0 = if ay > t0 { ay } else { t0 };
        let t1 = if bx < 1.0 { bx } else { 1.0 };
        let t1 = if by < t1 { by } else { t1 };
        (t0 <= t1).then_some(t0 as f32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proxy::Segment;
    use collide_testkit::SplitMix64;

    /// A coordinate that is often shared with another one, so that segments along a box's
    /// edge, from a box's corner, or along an axis come up often.
    fn coordinate(rng: &mut SplitMix64, shared: f32) -> f32 {
        match rng.index(4) {
            0 => shared,
            1 => rng.range(-4.0, 4.0).round(),
            _ => rng.range(-4.0, 4.0),
        }
    }

    #[test]
    fn slabs_give_the_branching_test_s_fractions_bit_for_bit() {
        let mut rng = SplitMix64::new(0x51AB_5E6D);
        let mut hits = 0;
        for _ in 0..20_000 {
            let from = Vec2::new(coordinate(&mut rng, 1.0), coordinate(&mut rng, -1.0));
            let to = Vec2::new(coordinate(&mut rng, from.x), coordinate(&mut rng, from.y));
            let (lo, hi) = (
                Vec2::new(coordinate(&mut rng, from.x), coordinate(&mut rng, from.y)),
                Vec2::new(coordinate(&mut rng, to.x), coordinate(&mut rng, to.y)),
            );
            let bounds = Aabb::from_min_max(lo.min(hi), lo.max(hi));
            let want = Segment::new(from, to).and_then(|s| s.entry_into(&bounds));
            let got = Slabs::new(from, to).and_then(|s| s.entry(&bounds));
            assert_eq!(
                got.map(f32::to_bits),
                want.map(f32::to_bits),
                "{from} → {to} against {bounds:?}"
            );
            hits += usize::from(got.is_some());
        }
        // Both outcomes are common, so the comparison covers hits and misses alike.
        assert!((4_000..16_000).contains(&hits), "{hits} hits");
    }

    #[test]
    fn slabs_refuse_segments_with_an_end_that_is_not_finite() {
        for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
            assert!(Slabs::new(Vec2::new(bad, 0.0), Vec2::ONE).is_none());
            assert!(Slabs::new(Vec2::ZERO, Vec2::new(1.0, bad)).is_none());
        }
    }
}
