//! The slab test shared by the box sweeps (when a point enters a box, one axis at a time), and
//! the quadratic of a point entering a circle.

use glam::{BVec2, Vec2};

/// `t`, or `0` when it is before the frame's start: `+0.0`, never `-0.0` (an entry computed as
/// `0 / −travel` is `-0.0`, which `total_cmp` orders before a touch at `+0.0`), and `0` for NaN.
/// One compare-and-pick, as `f32::max` would be.
#[inline(always)]
pub(crate) fn from_start(t: f32) -> f32 {
    if t > 0.0 {
        t
    } else {
        0.0
    }
}

/// When a point entered an open box, and which axis produced the entry.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SlabEntry {
    /// The latest entry time over both axes; negative when the point starts inside.
    pub entry: f32,
    /// `0` for x, `1` for y: the axis whose slab was entered last.
    pub axis: usize,
}

impl SlabEntry {
    /// The entered axis as a lane mask, for building normals with `Vec2::select`.
    // Rather than indexing, which checks its bound and sends the vector through memory.
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
    // The later entry wins; x on a tie. Compare-and-pick rather than `f32::max`/`min`, which
    // add NaN handling: a NaN here comes only from the non-finite input every caller rejects.
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
/// Solves `|p + t·d|² = r²` for its smaller root. A point already inside gives `0`; one
/// exactly on the circle gives `0` only when it moves inwards. The discriminant is taken in the
/// form `a·r² − (p×d)²` (see [`circle_entry_parts`]), so that a point moving thousands of times
/// its distance from the circle still finds it.
#[inline(always)]
pub(crate) fn circle_entry(p: Vec2, d: Vec2, radius: f32) -> Option<f32> {
    let (hit, t) = circle_entry_flag(p, d, radius);
    hit.then_some(t)
}

/// [`circle_entry`] as a flag and a time (meaningless without the flag), for callers that fold
/// their own checks into the same flag and so test it once.
///
/// The flag also requires `|d|²`, `|p|² − r²` and the discriminant to be finite, so non-finite
/// input never hits, nor does input whose squares are not floats: an offset or travel beyond
/// about 1.8e19, or a travel times the radius beyond that.
#[inline(always)]
pub(crate) fn circle_entry_flag(p: Vec2, d: Vec2, radius: f32) -> (bool, f32) {
    // The flag comes from products and sums alone, never from the root: a caller's branch on
    // it then waits for a few multiplies, not for a square root and a division, whose latency
    // a mispredicted branch would add to its penalty.
    let entry = circle_entry_parts(p, d, radius);
    (entry.hit, entry.time())
}

/// [`circle_entry_flag`] with the terms of its root, for a caller that also wants the point's
/// normal at the entry: see [`CircleEntry::contact`].
///
/// With `a = |d|²`, `b = p·d` and `c = |p|² − r²`, the discriminant is taken as
/// `a·r² − (p×d)²`, which keeps its digits at any speed (see the comment at its line).
#[inline(always)]
pub(crate) fn circle_entry_parts(p: Vec2, d: Vec2, radius: f32) -> CircleEntry {
    let r2 = radius * radius;
    let c = p.dot(p) - r2;
    let b = p.dot(d);
    let a = d.dot(d);
    // `|p × d| / |d|` is how far from the centre the path passes.
    let cross = p.perp_dot(d);
    // `b² − a·c` equals `a·r² − (p×d)²` (Lagrange's identity, `|p|²·|d|² = (p·d)² + (p×d)²`).
    // The first form subtracts two products of size `|p|²·|d|²` to leave one that may be far
    // smaller: a shot that travels a thousand times the summed radius in a frame loses every
    // digit of it in `f32`, and with them hits that pass a tenth of the radius inside the rim.
    // The second subtracts `(p×d)²`, which is at most `a·r²` whenever the point crosses the
    // circle, so it keeps the discriminant's digits at any speed.
    let disc = a * r2 - cross * cross;
    // Branch-free: whether a random pair hits is a coin toss, so the conditions are combined
    // with `&` (no short-circuit) into one flag; a NaN fails each.
    // Not approaching (or touching and leaving) misses; so does passing outside, or only
    // grazing.
    let approaching = b < 0.0;
    let crosses = disc > 0.0;
    // The entry comes no later than the closest approach (`t = −b/a`), so it lies within the
    // frame when the closest approach does, or when the end position is inside. The end test
    // is the end position's own `|p + d|² < r²`, not `a + 2b + c < 0`, which cancels as the
    // textbook discriminant does.
    let end = p + d;
    let in_time = (-b < a) | (end.dot(end) < r2);
    let entering = approaching & crosses & in_time;
    let inside = c < 0.0;
    // Entering, `c > 0` makes `disc < b²`, so `−b − √disc > 0` and the exact root lies in
    // `[0, 1)`; the clamp keeps its rounding there too. Inside, the time is `0` whatever the
    // root: see `CircleEntry::time`. A point that enters has `a·r² > 0`, so the reciprocal is
    // finite where the root is read.
    let s = crate::math::sqrt(disc);
    // The root is `(−b − √disc)·(r·(1/(a·r)))`: the reciprocal is the one the normal needs, and
    // it waits only for `a` and `r`, so it runs beside the square root, and after the root only
    // a subtraction and a multiply remain (`c / (−b + √disc)` puts a division after the root).
    // The subtraction cancels when the point starts near the rim, but so does `c` itself
    // there, in either form: against `f64` the two forms' errors stay within about 2.5× of
    // each other, about `1e-7·r/|d|` at worst.
    let inv_scale = 1.0 / (a * radius);
    let root = from_start((-b - s) * (radius * inv_scale)).min(1.0);
    // `x · 0` is `0` for finite `x` and NaN otherwise: one test for `a·r²` and `c` (so for
    // `a`, unless `r = 0`, which never enters), and so for the discriminant, which is at most
    // `a·r²`, and for `b` and `p × d`, bounded by `|p|·|d|`.
    let finite = (a * r2 + c) * 0.0 == 0.0;
    CircleEntry {
        hit: (inside | entering) & finite,
        root,
        inv_scale,
        inside,
        a,
        cross,
        s,
    }
}

/// The entry of a point into a circle, as [`circle_entry_parts`] finds it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CircleEntry {
    /// Whether the point enters the circle within the frame, or starts inside it.
    pub hit: bool,
    /// The root of the quadratic, clamped to `[0, 1]`: the time of entry for a point that
    /// enters; meaningless for one inside, or without `hit`.
    root: f32,
    /// Whether the point starts strictly inside.
    inside: bool,
    /// `|d|²`.
    a: f32,
    /// `p × d`.
    cross: f32,
    /// `√disc`, the square root of the discriminant (NaN where it is negative).
    s: f32,
    /// `1 / (a·r)`, shared by the root and the normal.
    inv_scale: f32,
}

impl CircleEntry {
    /// The time of entry, `0` for a point that starts inside; meaningless without `hit`.
    ///
    /// Inside, `c < 0` makes the discriminant `b² − a·c` exceed `b²`, so `−b − √disc < 0` and
    /// the clamp takes the root to `0`. But the discriminant is computed as `a·r² − (p×d)²` and
    /// may round a little below `b²` (the root then turns positive for a point moving out) or
    /// below zero (NaN): so inside, the root is not read.
    /// [`CircleEntry::contact`] makes the same choice inside its own branch, so that the
    /// entering path carries no select.
    #[inline(always)]
    pub(crate) fn time(&self) -> f32 {
        if self.inside {
            0.0
        } else {
            self.root
        }
    }

    /// For two circles of radii `ra` and `rb` (this entry's radius is `ra + rb`, the point is
    /// the first circle's centre and the circle is centred on the second's): the time of entry
    /// (as [`CircleEntry::time`]), the unit vector from the first centre towards the second at
    /// that time (`+x` for centres that start together), and how far along it from the first
    /// centre the contact point lies: `ra` when the circles meet, where their rims touch; the
    /// middle of the overlap when they start overlapping. Meaningless without `hit`.
    #[inline(always)]
    pub(crate) fn contact(&self, p: Vec2, d: Vec2, ra: f32, rb: f32) -> (f32, Vec2, f32) {
        let radius = ra + rb;
        let scale = self.a * radius;
        // Entering, the offset from the centre splits into two perpendicular parts: the closest
        // approach, `(p × d)·(d.y, −d.x) / a`, and the way back along the path from there,
        // `−(√disc / a)·d`. Their squared lengths add up to `((p × d)² + disc) / a = r²`, so
        // `(√disc·d − (p × d)·(d.y, −d.x)) / (a·r)` is the unit normal within a few roundings,
        // however far the point travels: no square root and no division after the time's, and
        // `1/(a·r)` is the root's own. That does not apply to a point inside; nor where `a·r`
        // is above `1e36`, where the parts (each at most `a·r`) would near the largest float;
        // nor where `a·r²` is below `1e-30`, where the discriminant's rounding reaches the
        // subnormals: there the offset at the time is normalized instead.
        if !self.inside & (scale < 1e36) & (scale * radius > 1e-30) {
            let towards = d * self.s - Vec2::new(d.y, -d.x) * self.cross;
            (self.root, towards * self.inv_scale, ra)
        } else {
            // Marked cold: the branch that picks it is predicted either way, and the closed
            // form, laid out first, gets the fast path's code layout.
            crate::math::cold();
            let t = self.time();
            let offset = p + d * t;
            let distance = if self.inside { offset.length() } else { radius };
            let normal = crate::query::normalize_or(-offset, Vec2::X);
            (t, normal, (ra - rb + distance) * 0.5)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`CircleEntry::contact`] for a point (a circle of radius 0) and a circle of radius `r`,
    /// with the point's distance from the centre, `r + 2·reach`, in place of the reach.
    fn point_contact(entry: &CircleEntry, p: Vec2, d: Vec2, r: f32) -> (f32, Vec2, f32) {
        let (t, normal, reach) = entry.contact(p, d, 0.0, r);
        (t, normal, r + 2.0 * reach)
    }

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

    /// `CircleEntry::contact` against the offset at the entry found in `f64` and normalized:
    /// the same unit vector up to the rounding of the `f32` inputs, on both of its paths (the
    /// closed form, and the direct normalization it falls back to).
    #[test]
    #[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
    fn entry_normal_is_the_unit_vector_towards_the_centre() {
        let mut rng = collide_testkit::SplitMix64::new(0x5EED);
        let mut next = || rng.unit();
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
            let (t, normal, distance) = point_contact(&entry, p, d, radius);
            assert_eq!(t, entry.time());
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
            let t = f64::from(entry.time());
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

    /// A point travelling up to 100 000 times the radius in a frame, on a path that passes
    /// the centre at a known fraction of the radius, closest in mid-frame: it enters exactly
    /// when the path passes inside (with a margin for the rounding of its `f32` start), at the
    /// time `f64` finds, with a unit normal. The discriminant `b² − a·c` loses every digit at a
    /// thousand radii and missed such shots a tenth of the radius inside the rim.
    #[test]
    #[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
    fn fast_points_enter_exactly_when_their_path_passes_inside() {
        let mut rng = collide_testkit::SplitMix64::new(0xFA57);
        let mut next = || rng.unit();
        let (mut hits, mut misses) = (0, 0);
        for case in 0..20_000 {
            let radius = 10f32.powf(next() * 4.0 - 2.0);
            let travel = radius * 10f32.powf(2.0 + 3.0 * next());
            let angle = next() * core::f32::consts::TAU;
            let dir = Vec2::new(angle.cos(), angle.sin());
            // Passing at up to 0.99 of the radius (a hit) or at 1.01 to 1.5 times it (a miss).
            let pass = if case % 2 == 0 {
                (next() * 2.0 - 1.0) * 0.99
            } else {
                (1.01 + next() * 0.49) * if next() < 0.5 { -1.0 } else { 1.0 }
            };
            let p = dir.perp() * (pass * radius) - dir * (travel * (0.2 + 0.6 * next()));
            let d = dir * travel;
            let entry = circle_entry_parts(p, d, radius);
            let ctx = format!("case {case}: p {p:?} d {d:?} r {radius} pass {pass}");
            assert_eq!(entry.hit, pass.abs() < 1.0, "{ctx}");
            if !entry.hit {
                misses += 1;
                continue;
            }
            hits += 1;
            // The entry of the rounded inputs, in f64.
            let (px, py, dx, dy) = (
                f64::from(p.x),
                f64::from(p.y),
                f64::from(d.x),
                f64::from(d.y),
            );
            let r = f64::from(radius);
            let (a, b, c) = (
                dx * dx + dy * dy,
                px * dx + py * dy,
                px * px + py * py - r * r,
            );
            let cross = px * dy - py * dx;
            let want_t = c / (-b + (a * r * r - cross * cross).sqrt());
            assert!(
                (f64::from(entry.time()) - want_t).abs() < 1e-6,
                "{ctx}: t {} want {want_t}",
                entry.time()
            );
            let (t, normal, distance) = point_contact(&entry, p, d, radius);
            assert_eq!(t, entry.time());
            assert!((normal.length() - 1.0).abs() < 5e-7, "{ctx}: {normal:?}");
            assert_eq!(distance, radius);
            // The offset at the entry, to the rounding of the start (`1e-7·|p|` off the
            // radius) and of the time (`1e-7·|d|`).
            let (ox, oy) = (px + dx * want_t, py + dy * want_t);
            let want = Vec2::new((-ox / r) as f32, (-oy / r) as f32);
            let slack = 1e-6 * (1.0 + (p.length() + d.length()) / radius);
            assert!(
                (normal - want).length() < slack,
                "{ctx}: {normal:?} want {want:?}"
            );
        }
        assert!(
            hits > 9_000 && misses > 9_000,
            "{hits} hits, {misses} misses"
        );
    }

    /// The cases the closed form does not serve, each normalized directly, and the far end of
    /// the range it does serve.
    #[test]
    fn entry_normal_falls_back_where_the_closed_form_does_not_serve() {
        let normal = |p: Vec2, d: Vec2, radius: f32| {
            let entry = circle_entry_parts(p, d, radius);
            assert!(entry.hit, "{p:?} {d:?} {radius}");
            let (_, normal, distance) = point_contact(&entry, p, d, radius);
            (normal, distance)
        };
        // A point on the centre: `+x`, at distance 0.
        assert_eq!(normal(Vec2::ZERO, Vec2::ZERO, 1.0), (Vec2::X, 0.0));
        // Inside: towards the centre from where the point starts, at its distance.
        let (n, distance) = normal(Vec2::new(0.0, -0.5), Vec2::new(3.0, 0.0), 1.0);
        assert!((n - Vec2::Y).length() < 1e-7 && (distance - 0.5).abs() < 1e-7);
        // `a·r²` below 1e-30: a tiny circle met head on by a tiny travel.
        let (n, distance) = normal(Vec2::new(-2e-9, 0.0), Vec2::new(4e-9, 0.0), 1e-9);
        assert!((n - Vec2::X).length() < 1e-6, "{n:?}");
        assert_eq!(distance, 1e-9);
        // `a·r` of 1e32, which the closed form still serves: a point half the radius off the
        // centre line, 5e15 radii away and moving 1e16 in the frame, enters where the offset
        // is `(−√3/2, 1/2)`. Normalizing the offset at the time would give only rounding: at
        // that distance one step of an `f32` is 5e8 radii.
        let (n, distance) = normal(Vec2::new(-5e15, 0.5), Vec2::new(1e16, 0.0), 1.0);
        let want = Vec2::new(0.75f32.sqrt(), -0.5);
        assert!((n - want).length() < 1e-6, "{n:?}");
        assert_eq!(distance, 1.0);
    }
}
