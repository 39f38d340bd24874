//! Queries between two placed shapes.
//!
//! # Naming
//!
//! One folder per operation and one file per shape pair, named
//! `query/<operation>/<operation>_<shape1>_<shape2>.rs`: `contact/contact_circle_rect.rs`,
//! `sweep/sweep_circle_rect.rs`. Pair functions take shapes in their local frames plus world
//! poses (or motions) and are public, so a caller who knows the types skips the dispatch. The
//! generic entry points ([`contact`], [`overlaps`],
//! [`time_of_impact`], [`distance()`],
//! [`narrow_phase`]) take any [`ShapeRef`](crate::ShapeRef) and dispatch;
//! a reversed pair is a one-line wrapper that swaps the arguments and flips the normal (for
//! a contact between two polygons the point stays a vertex of the first: see
//! [`Contact`]).
//!
//! # Conventions
//!
//! - Normals are unit length and point from the first shape (`a`) to the second (`b`).
//! - Overlap is strict: shapes that only touch do not overlap.
//! - Non-finite input gives "no hit" (`None` / `false`), never a panic.
//! - No query allocates.

mod contact;
mod distance;
mod motion;
mod narrow;
mod sweep;
#[cfg(test)]
mod test_rng;

pub use contact::{
    contact, contact_circle_circle, contact_circle_hull, contact_circle_rect, contact_hull_circle,
    contact_hull_hull, contact_hull_rect, contact_rect_circle, contact_rect_hull,
    contact_rect_rect, overlaps, Contact,
};
pub use distance::{distance, Distance};
pub use motion::Motion;
pub use narrow::{narrow_phase, narrow_phase_detailed, Hit, NarrowOutcome, SweepMode};
pub use sweep::*;

use glam::Vec2;

/// Whether every component of `values` is finite, with one comparison: `x · 0` is `0` for a
/// finite `x` and NaN for an infinite or NaN one, and a sum of zeros is zero.
///
/// The queries check their input on the way to a hit only: on the way to a miss, a NaN fails
/// the comparisons by itself, and most pairs a game asks about miss.
#[inline]
pub(crate) fn all_finite<const N: usize>(values: [Vec2; N]) -> bool {
    values.iter().fold(Vec2::ZERO, |sum, v| sum + *v * 0.0) == Vec2::ZERO
}

/// `v` scaled to unit length, or `fallback` when that length is zero or not finite: glam's
/// `normalize_or`, with the check written as comparisons (`x · 0 == 0` for finiteness) that
/// compile to a few float instructions rather than a dozen bit tests.
#[inline]
pub(crate) fn normalize_or(v: Vec2, fallback: Vec2) -> Vec2 {
    let inv = 1.0 / crate::math::sqrt(v.length_squared());
    if inv > 0.0 && inv * 0.0 == 0.0 {
        v * inv
    } else {
        fallback
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_finite_rejects_only_infinities_and_nans() {
        assert!(all_finite([
            Vec2::new(3e38, -3e38),
            Vec2::new(-0.0, f32::MIN_POSITIVE)
        ]));
        assert!(all_finite::<0>([]));
        for bad in [f32::INFINITY, f32::NEG_INFINITY, f32::NAN] {
            assert!(!all_finite([Vec2::ONE, Vec2::new(1.0, bad)]));
            assert!(!all_finite([Vec2::new(bad, 1.0), Vec2::ONE]));
        }
    }

    #[test]
    fn normalize_or_matches_glam() {
        let cases = [
            Vec2::new(3.0, 4.0),
            Vec2::new(-1e-30, 2e-30),
            Vec2::new(1e-45, 0.0),
            Vec2::new(3e38, 3e38),
            Vec2::ZERO,
            Vec2::new(f32::NAN, 1.0),
            Vec2::new(f32::INFINITY, 0.0),
        ];
        for v in cases {
            let ours = normalize_or(v, Vec2::Y);
            let glam = v.normalize_or(Vec2::Y);
            assert_eq!(
                ours.to_array().map(f32::to_bits),
                glam.to_array().map(f32::to_bits)
            );
        }
    }
}
