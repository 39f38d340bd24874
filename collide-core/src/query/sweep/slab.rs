//! The slab test shared by the box sweeps (seed 001's `SweepTime`).

use glam::{BVec2, Vec2};

/// When a point entered an open box, and which axis produced the entry.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SlabEntry {
    /// The latest entry time over both axes; negative when the point starts inside.
    pub entry: f32,
    /// `0` for x, `1` for y: the axis whose slab was entered last.
    pub axis: usize,
}

impl SlabEntry {
    /// The entered axis as a lane mask, for building normals with `Vec2::select` rather than
    /// indexing (which checks its bound and keeps the vector out of registers).
    #[inline]
    pub fn axis_mask(&self) -> BVec2 {
        BVec2::new(self.axis == 0, self.axis == 1)
    }
}

/// The unit vector along the axes in `axis` pointing towards the origin from `local` (a
/// vector pointing into a box centred on the origin from a point at `local`); `-1` where
/// `local` is zero.
#[inline]
pub(crate) fn inwards(local: Vec2, axis: BVec2) -> Vec2 {
    let sign = Vec2::select(local.cmplt(Vec2::ZERO), Vec2::ONE, Vec2::NEG_ONE);
    Vec2::select(axis, sign, Vec2::ZERO)
}

/// The time a point starting at `p` and moving by `d` over the frame enters the open box
/// `|x| < h`, if it is inside the box at some moment of `[0, 1]`.
///
/// Each axis gives an open interval of times during which the point is inside that axis's slab;
/// the point is inside the box during the intersection of both. Motion in the negative direction
/// crosses the two faces in the opposite order, so each pair is sorted. An axis with no motion
/// that the positions can resolve (`|d| ≤ ε·(|p| + h)`) is handled apart: dividing by it would
/// give infinities, and the answer is simply whether the point is already inside that slab.
/// Comparisons are strict, as overlap is: a point sliding along a face is not inside.
#[inline(always)]
pub(crate) fn slab(p: Vec2, d: Vec2, h: Vec2) -> Option<SlabEntry> {
    let (hit, entry) = slab_flag(p, d, h);
    hit.then_some(entry)
}

/// [`slab`] as a flag and an entry (meaningless without the flag), for callers that fold
/// their own checks into the same flag and so test it once.
#[inline(always)]
pub(crate) fn slab_flag(p: Vec2, d: Vec2, h: Vec2) -> (bool, SlabEntry) {
    // Both axes at once, and `min`/`max` rather than a swap to order each axis's crossings:
    // a branch on the direction of travel is a coin toss over a game's pairs.
    let inv = d.recip();
    let (to_low, to_high) = ((-h - p) * inv, (h - p) * inv);
    let (mut near, mut far) = (to_low.min(to_high), to_low.max(to_high));
    let still = d.abs().cmple(f32::EPSILON * (p.abs() + h));
    if still.any() {
        // Inside that slab all frame (no limit), or never (an empty interval).
        let inside = p.abs().cmplt(h);
        let (open, shut) = (Vec2::NEG_INFINITY, Vec2::INFINITY);
        near = Vec2::select(still, Vec2::select(inside, open, shut), near);
        far = Vec2::select(still, Vec2::select(inside, shut, open), far);
    }
    // The later entry wins; x on a tie. Compare-and-pick, which compiles to one `maxss` /
    // `minss`, where `f32::max`/`min` add NaN handling (a NaN here comes only from the
    // non-finite input every caller rejects).
    let later = near.y > near.x;
    let axis = usize::from(later);
    let entry = if later { near.y } else { near.x };
    let exit = if far.y < far.x { far.y } else { far.x };
    // `&`, not `&&`: whether a random pair hits is a coin toss, so one test, not three.
    let hit = (entry < exit) & (entry < 1.0) & (exit > 0.0);
    (hit, SlabEntry { entry, axis })
}

/// The earliest time in `[0, 1]` at which a point starting at `p` and moving by `d` comes
/// strictly within `radius` of the origin.
///
/// Solves `|p + t·d|² = r²` (seed 000's `TryCircleSweep`). A point already inside gives `0`; one
/// exactly on the circle gives `0` only when it moves inwards. The root is taken in the
/// cancellation-free form `c / (−b + √disc)`.
#[inline(always)]
pub(crate) fn circle_entry(p: Vec2, d: Vec2, radius: f32) -> Option<f32> {
    let (hit, t) = circle_entry_flag(p, d, radius);
    hit.then_some(t)
}

/// [`circle_entry`] as a flag and a time (meaningless without the flag), for callers that fold
/// their own checks into the same flag and so test it once.
///
/// The flag also requires `|d|²` and `|p|² − r²` to be finite, so non-finite input (or an offset
/// or travel beyond about 1.8e19, whose square is not a float) never hits.
///
/// The flag comes from dot products alone, never from the root: a caller's branch on it then
/// waits for three multiplies, not for a square root and a division (about 25 cycles that a
/// mispredicted branch would add to its penalty).
#[inline(always)]
pub(crate) fn circle_entry_flag(p: Vec2, d: Vec2, radius: f32) -> (bool, f32) {
    let entry = circle_entry_parts(p, d, radius);
    (entry.hit, entry.t)
}

/// [`circle_entry_flag`] with the two terms of its root, for a caller that also wants the
/// point's normal at the entry: see [`CircleEntry::normal`].
#[inline(always)]
pub(crate) fn circle_entry_parts(p: Vec2, d: Vec2, radius: f32) -> CircleEntry {
    let c = p.dot(p) - radius * radius;
    let b = p.dot(d);
    let a = d.dot(d);
    let disc = b * b - a * c;
    // Branch-free: whether a random pair hits is a coin toss, so the conditions are combined
    // with `&` (no short-circuit) into one flag; a NaN fails each.
    // Not approaching (or touching and leaving) misses; so does passing outside, or only
    // grazing.
    let approaching = b < 0.0;
    let crosses = disc > 0.0;
    // The entry comes no later than the closest approach (`t = −b/a`), so it lies within the
    // frame when the closest approach does, or when the end position is inside.
    let in_time = (-b < a) | (a + 2.0 * b + c < 0.0);
    let entering = approaching & crosses & in_time;
    let inside = c < 0.0;
    // No `max(0)` under the root: every hit has `disc ≥ 0` (entering needs `disc > 0`; inside,
    // `c < 0` and `a ≥ 0` make `−a·c ≥ 0`), and a miss's time is never read. Inside, the root
    // is negative (`c < 0` over a positive `−b + √disc`, or over zero with no motion): clamping
    // gives the `0`. Entering, the exact root is below 1; the clamp keeps its rounding there too.
    let q = -b + crate::math::sqrt(disc);
    let t = c / q;
    // `x · 0` is `0` for finite `x` and NaN otherwise: one test for both (and for `b`, bounded
    // by them).
    let finite = (a + c) * 0.0 == 0.0;
    CircleEntry {
        hit: (inside | entering) & finite,
        t: t.clamp(0.0, 1.0),
        inside,
        c,
        q,
    }
}

/// The entry of a point into a circle, as [`circle_entry_parts`] finds it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CircleEntry {
    /// Whether the point enters the circle within the frame, or starts inside it.
    pub hit: bool,
    /// The time of entry, clamped to `[0, 1]` (`0` inside); meaningless without `hit`.
    pub t: f32,
    /// Whether the point starts strictly inside.
    inside: bool,
    /// `|p|² − r²`, the root's numerator.
    c: f32,
    /// `−b + √disc`, the root's denominator: positive whenever the point enters.
    q: f32,
}

impl CircleEntry {
    /// At the entry, the unit vector from the point towards the centre (`+x` for a point that
    /// starts on the centre), and the point's distance from the centre: the radius when the
    /// point enters, less when it starts inside. Meaningless without `hit`.
    ///
    /// Entering, the offset `p + d·t` is `v/q` with `v = p·q + d·c`, of length `radius`. So
    /// `y = 1/(q·radius)` scales `v` to a length of 1 up to rounding, and one Newton step for
    /// `1/√|v|²` from `y` makes that length 1 within rounding. Normalizing the offset instead
    /// would put a square root and a division after the time's division, at the end of the
    /// sweep's longest chain of dependent instructions; the reciprocal needs only `q`, so it
    /// runs beside the time's division.
    ///
    /// The offset is normalized instead where that does not apply: a point inside; `q·radius`
    /// outside `[1e-18, 1e18]`, where `|v|²` or `y²` would leave the normal floats; or `|v·y|²`
    /// off 1 by more than 1e-3, which the rounding of `v` reaches only with an offset or travel
    /// thousands of times the radius.
    #[inline(always)]
    pub(crate) fn normal(&self, p: Vec2, d: Vec2, radius: f32) -> (Vec2, f32) {
        let scale = self.q * radius;
        let v = p * self.q + d * self.c;
        let y = 1.0 / scale;
        let e = v.length_squared() * (y * y);
        // `scale > 0` when entering, so one sum bounds both it and `y`.
        if !self.inside & (scale + y < 1e18) & ((e - 1.0).abs() < 1e-3) {
            // With `|v·y|² = 1 + ε`, `v·y·(3 − 1 − ε)/2` has length `1 − 3ε²/8 + …`; negated,
            // it points from the point towards the centre.
            (v * (y * (-1.5 + 0.5 * e)), radius)
        } else {
            let offset = p + d * self.t;
            let distance = if self.inside { offset.length() } else { radius };
            (crate::query::normalize_or(-offset, Vec2::X), distance)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slab_basic_and_reversed() {
        let h = Vec2::new(1.0, 1.0);
        let e = slab(Vec2::new(-3.0, 0.0), Vec2::new(4.0, 0.0), h).unwrap();
        assert!((e.entry - 0.5).abs() < 1e-6 && e.axis == 0);
        let e = slab(Vec2::new(3.0, 0.5), Vec2::new(-4.0, 0.0), h).unwrap();
        assert!((e.entry - 0.5).abs() < 1e-6 && e.axis == 0);
        // Sliding along a face is not inside.
        assert!(slab(Vec2::new(-3.0, 1.0), Vec2::new(6.0, 0.0), h).is_none());
        // Too short.
        assert!(slab(Vec2::new(-3.0, 0.0), Vec2::new(1.5, 0.0), h).is_none());
        // Already inside.
        assert!(slab(Vec2::ZERO, Vec2::ZERO, h).unwrap().entry < 0.0);
    }

    #[test]
    fn circle_entry_cases() {
        let t = circle_entry(Vec2::new(-4.0, 0.0), Vec2::new(8.0, 0.0), 1.5).unwrap();
        assert!((t - 0.3125).abs() < 1e-6);
        assert_eq!(
            circle_entry(Vec2::new(1.5, 0.0), Vec2::new(-1.0, 0.0), 1.5),
            Some(0.0)
        );
        assert_eq!(
            circle_entry(Vec2::new(1.5, 0.0), Vec2::new(1.0, 0.0), 1.5),
            None
        );
        assert_eq!(
            circle_entry(Vec2::new(-4.0, 1.5), Vec2::new(8.0, 0.0), 1.5),
            None
        );
        assert_eq!(
            circle_entry(Vec2::new(-4.0, 0.0), Vec2::new(2.0, 0.0), 1.5),
            None
        );
        assert_eq!(
            circle_entry(Vec2::new(-4.0, 0.0), Vec2::new(8.0, 0.0), 0.0),
            None
        );
    }

    /// `CircleEntry::normal` against the offset at the entry found in `f64` and normalized:
    /// the same unit vector up to the rounding of the `f32` inputs, on both of its paths (the
    /// reciprocal with its Newton step, and the direct normalization it falls back to).
    #[test]
    fn entry_normal_is_the_unit_vector_towards_the_centre() {
        let mut next = crate::query::test_rng::uniform(0x5EED);
        let mut hits = 0;
        for case in 0..8_000 {
            // Radii from 1e-3 to 1e3, travels from a tenth of the radius to 10 000 times it.
            let radius = 10f32.powf(next() * 6.0 - 3.0);
            let travel = radius * [0.1, 3.0, 300.0, 1e4][case % 4];
            let d = Vec2::new(next() - 0.5, next() - 0.5) * (2.0 * travel);
            // Starting up to 1.5 radii off the circle, a little behind the travel's middle.
            let aim = Vec2::new(next() - 0.5, next() - 0.5) * (3.0 * radius);
            let p = aim - d * (0.25 + 0.5 * next());
            let entry = circle_entry_parts(p, d, radius);
            if !entry.hit {
                continue;
            }
            hits += 1;
            let (normal, distance) = entry.normal(p, d, radius);
            let ctx = format!("case {case}: p {p:?} d {d:?} r {radius} -> {normal:?} {distance}");
            assert!((normal.length() - 1.0).abs() < 5e-7, "{ctx}");
            // The offset at the entry's own time, in f64: near-grazing hits make that time
            // sensitive to the rounding of its inputs, which the normal does not answer for.
            let (px, py, dx, dy) = (
                f64::from(p.x),
                f64::from(p.y),
                f64::from(d.x),
                f64::from(d.y),
            );
            let t = f64::from(entry.t);
            let (ox, oy) = (px + dx * t, py + dy * t);
            let length = (ox * ox + oy * oy).sqrt();
            let want = Vec2::new((-ox / length) as f32, (-oy / length) as f32);
            // The f32 root rounds to about 1e-7 of the travel, so the offset to about that.
            let slack = 1e-6 * (1.0 + (p.length() + d.length()) / radius);
            assert!((normal - want).length() < slack, "{ctx}: want {want:?}");
            let want_distance = if entry.inside { length as f32 } else { radius };
            assert!((distance - want_distance).abs() <= 1e-6 * radius, "{ctx}");
        }
        assert!(
            hits > 2_000,
            "only {hits} hits: the cases should mostly hit"
        );
    }

    /// The cases the reciprocal does not serve, each normalized directly.
    #[test]
    fn entry_normal_falls_back_where_the_reciprocal_does_not_serve() {
        let normal = |p: Vec2, d: Vec2, radius: f32| {
            let entry = circle_entry_parts(p, d, radius);
            assert!(entry.hit, "{p:?} {d:?} {radius}");
            entry.normal(p, d, radius)
        };
        // A point on the centre: `+x`, at distance 0.
        assert_eq!(normal(Vec2::ZERO, Vec2::ZERO, 1.0), (Vec2::X, 0.0));
        // Inside: towards the centre from where the point starts, at its distance.
        let (n, distance) = normal(Vec2::new(0.0, -0.5), Vec2::new(3.0, 0.0), 1.0);
        assert!((n - Vec2::Y).length() < 1e-7 && (distance - 0.5).abs() < 1e-7);
        // `q·radius` far below and far above 1: tiny and huge circles, each met head on.
        for radius in [1e-8, 1e6] {
            let (n, distance) = normal(
                Vec2::new(-2.0 * radius, 0.0),
                Vec2::new(4.0 * radius, 0.0),
                radius,
            );
            assert!((n - Vec2::X).length() < 1e-6, "{radius}: {n:?}");
            assert_eq!(distance, radius);
        }
        // `|v·y|` off 1 by more than the rounding of ordinary input gives (here a root's
        // denominator off by 1 %, where travel ten thousand times the radius would take it):
        // the time stands, and the offset at that time is normalized.
        let (p, d) = (Vec2::new(-3.0, 1.0), Vec2::new(4.0, 0.0));
        let mut entry = circle_entry_parts(p, d, 2.0);
        entry.q *= 1.01;
        let (n, _) = entry.normal(p, d, 2.0);
        let want = -(p + d * entry.t).normalize();
        assert!((n - want).length() < 1e-6, "{n:?} {want:?}");
        assert!((n.length() - 1.0).abs() < 1e-6, "{n:?}");
    }
}
