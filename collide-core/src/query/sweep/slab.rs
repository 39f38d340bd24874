//! The slab test shared by the box sweeps (seed 001's `SweepTime`).

use glam::Vec2;

/// When a point entered an open box, and which axis produced the entry.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SlabEntry {
    /// The latest entry time over both axes; negative when the point starts inside.
    pub entry: f32,
    /// `0` for x, `1` for y: the axis whose slab was entered last.
    pub axis: usize,
}

/// The time a point starting at `p` and moving by `d` over the frame enters the open box
/// `|x| < h`, if it is inside the box at some moment of `[0, 1]`.
///
/// Each axis gives an open interval of times during which the point is inside that axis's slab;
/// the point is inside the box during the intersection of both. Motion in the negative direction
/// crosses the two faces in the opposite order, so the pair is swapped. An axis with no motion
/// that the positions can resolve (`|d| ≤ ε·(|p| + h)`) is handled apart: dividing by it would
/// give infinities, and the answer is simply whether the point is already inside that slab.
/// Comparisons are strict, as overlap is: a point sliding along a face is not inside.
#[inline]
pub(crate) fn slab(p: Vec2, d: Vec2, h: Vec2) -> Option<SlabEntry> {
    let mut entry = f32::NEG_INFINITY;
    let mut exit = f32::INFINITY;
    let mut axis = 0;
    for i in 0..2 {
        let (pi, di, hi) = (p[i], d[i], h[i]);
        if di.abs() <= f32::EPSILON * (pi.abs() + hi) {
            if pi.abs() >= hi {
                return None;
            }
            continue;
        }
        let inv = 1.0 / di;
        let mut near = (-hi - pi) * inv;
        let mut far = (hi - pi) * inv;
        if near > far {
            core::mem::swap(&mut near, &mut far);
        }
        if near > entry {
            entry = near;
            axis = i;
        }
        exit = exit.min(far);
    }
    (entry < exit && entry < 1.0 && exit > 0.0).then_some(SlabEntry { entry, axis })
}

/// The earliest time in `[0, 1)` at which a point starting at `p` and moving by `d` comes
/// strictly within `radius` of the origin.
///
/// Solves `|p + t·d|² = r²` (seed 000's `TryCircleSweep`). A point already inside gives `0`; one
/// exactly on the circle gives `0` only when it moves inwards. Misses are rejected without a
/// square root; the root is taken in the cancellation-free form `c / (−b + √disc)`.
#[inline]
pub(crate) fn circle_entry(p: Vec2, d: Vec2, radius: f32) -> Option<f32> {
    let c = p.dot(p) - radius * radius;
    let b = p.dot(d);
    if c < 0.0 {
        return Some(0.0);
    }
    if b >= 0.0 {
        return None; // not approaching (or touching and leaving)
    }
    let a = d.dot(d);
    let disc = b * b - a * c;
    if disc <= 0.0 {
        return None; // passes outside, or only grazes
    }
    // The closest approach (t = −b/a) must come before the end of the frame unless the end
    // position itself is inside.
    if -b >= a && a + 2.0 * b + c >= 0.0 {
        return None;
    }
    let t = c / (-b + crate::math::sqrt(disc));
    (t < 1.0).then_some(t)
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
}
