//! Queries between two placed shapes.
//!
//! # Naming
//!
//! One folder per operation and one file per shape pair, named
//! `query/<operation>/<operation>_<shape1>_<shape2>.rs`: `contact/contact_circle_rect.rs`,
//! `sweep/sweep_circle_rect.rs`. Pair functions take shapes in their local frames plus world
//! poses (or motions) and are public, so a caller who knows the types skips the dispatch. The
//! generic entry points ([`contact()`], [`overlaps`], [`time_of_impact`], [`distance()`],
//! [`narrow_phase`]) take any [`ShapeRef`](crate::ShapeRef) and dispatch; a reversed pair is a
//! one-line wrapper that swaps the arguments and flips the normal (for a contact between two
//! polygons the point stays a vertex of the first: see [`Contact`]).
//!
//! Every match on the shapes lives in one file, `query/dispatch.rs`, one per query side by
//! side with the generic entry point it serves: adding a shape means adding its arms there,
//! and the compiler names each match that lacks them.
//!
//! # Conventions
//!
//! - Normals are unit length and point from the first shape (`a`) to the second (`b`) (at
//!   absurdly small scales, see [Units](#units)).
//! - Overlap is strict: shapes that only touch do not overlap (see [Touching](#touching)).
//! - Non-finite input gives "no hit" (`None` / `false`), never a panic.
//! - No query allocates.
//!
//! # Touching
//!
//! One rule settles grazes for the discrete tests, the sweeps and the narrow phase
//! (and so the collision pass, which is those two together): **overlap is strict, with no
//! tolerance**. Shapes whose outlines meet and whose insides do not are touching, and touching
//! is no contact, no overlap and no hit: a graze, a slide along a face, and a start in touch
//! followed by moving apart or along are not hit; a start in touch followed by closing in is
//! hit at `t = 0`. The rule is applied to the positions as given.
//!
//! `f32` positions carry rounding, so shapes a game means to be flush may be a few ulps apart
//! or a few ulps into each other. Three things keep that rounding from turning into wrong
//! answers where a game meets it:
//!
//! - The collision pass widens every swept box by what its corners can lose to rounding, so a
//!   pair that overlaps at the end of the frame by any amount, however slight, reaches the
//!   narrow phase.
//! - A body stopped by a response is put a **skin** short of its impact, never at it: the
//!   collision pass's responses and `move_and_slide` do this, and
//!   [`time_of_impact_with_skin`] gives such a stop to a caller of its own. A body put exactly
//!   at its time of impact ([`Motion::position_at`]) rounds to a few µm inside what it hit as
//!   often as not, and is then hit again at `t = 0` when it moves on, away or along; put a skin
//!   short, it is not.
//! - Surfaces made of pieces (the cells of a tile map) answer for their internal faces
//!   themselves: a face between two solid cells never gives a hit or a normal.
//!
//! # Units
//!
//! Lengths are in whatever unit the game uses, and the answers scale with it: multiply every
//! size, position and travel by a power of two, and times and normals stay the same while
//! points, depths and distances scale by it. `tests/units.rs` checks this on seeded cases of
//! every pair of shapes:
//!
//! - contacts from 2⁻⁵⁸ to 2⁵⁸ (about 3e-18 to 3e17), distances from 2⁻⁵⁴ to 2⁵⁸;
//! - the times of impact of a circle (against any shape) and of two rects from 2⁻³⁰ to 2²⁶
//!   (about 1e-9 to 7e7). A circle's quadratic squares travel × radius, which must stay
//!   between about `1e-19` and `1.8e19`;
//! - the times of impact of a hull against a rect or a hull (the separating-axis sweep) from
//!   2⁻⁵⁸ to 2⁵⁸, as contacts.
//!
//! A game in pixels or metres sits far inside all of these. Outside them, answers lose digits
//! and then hits: a square that overflows or vanishes gives `None`. They never give a panic or
//! a NaN: for every scale from the smallest float to coordinates near `1e38`, times stay in
//! `[0, 1]`, and points, depths and distances finite. Normals stay unit length too, except
//! for the closed-form times of impact below about `1e-19` units: they point the right way
//! but may be up to a third off unit length, because those sweeps keep their normalization to
//! the short form their common path needs.

mod contact;
mod dispatch;
mod distance;
mod impact;
mod motion;
mod narrow;
mod point;
mod polygon;
mod probe;
mod ray;
mod skin;
mod skin_closed;
mod sweep;
mod wide;

pub use contact::Contact;
pub use dispatch::{contact, narrow_phase, overlaps, time_of_impact};
pub use distance::{distance, Distance};
pub use impact::Impact;
pub use motion::Motion;
pub use narrow::{Hit, NarrowOutcome, SweepMode};
pub use point::{contains_point, project_point, PointProjection};
pub use probe::Probe;
pub use ray::{cast_ray, cast_ray_box};
pub use skin::{skin_tolerance, time_of_impact_with_skin, SkinImpact, DEFAULT_SKIN};

/// The queries on one pair of shape types, one function per pair, named
/// `<query>_<shape a>_<shape b>` (`contact_circle_rect`, `sweep_hull_hull`,
/// `cast_ray_circle`).
///
/// The generic entry points at the crate's root ([`contact`], [`time_of_impact`],
/// [`cast_ray`]) take any two
/// shapes and call these; call one directly when both types are known where it is written. A
/// reversed pair (`sweep_hull_rect` for `sweep_rect_hull`) swaps its arguments and flips the
/// normal.
pub mod pair {
    pub use super::contact::{
        contact_circle_circle, contact_circle_hull, contact_circle_rect, contact_hull_circle,
        contact_hull_hull, contact_hull_rect, contact_rect_circle, contact_rect_hull,
        contact_rect_rect,
    };
    pub use super::ray::{cast_ray_circle, cast_ray_hull, cast_ray_rect};
    pub use super::sweep::{
        sweep_circle_circle, sweep_circle_hull, sweep_circle_rect, sweep_hull_circle,
        sweep_hull_hull, sweep_hull_rect, sweep_rect_circle, sweep_rect_hull, sweep_rect_rect,
    };
}

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
/// `normalize_or`, bit for bit.
///
/// Like glam's, it gives the fallback, or a vector off unit length, where the squared length is
/// not a normal float (lengths below about `1e-19` or above about `1.8e19`). It serves the
/// closed-form sweeps; elsewhere, [`normalize_any_or`], which handles any length.
// The closed-form sweeps inline into the hot path of a game's narrow phase: anything more here
// changed the code generated for whole loops around them, hence no rescaling.
#[inline]
pub(crate) fn normalize_or(v: Vec2, fallback: Vec2) -> Vec2 {
    let inv = 1.0 / crate::math::sqrt(v.length_squared());
    // The finiteness check as comparisons (`x · 0 == 0`), a few float operations rather than
    // glam's dozen bit tests.
    if inv > 0.0 && inv * 0.0 == 0.0 {
        v * inv
    } else {
        fallback
    }
}

/// `v` scaled to unit length, or `fallback` when `v` is zero or not finite, at any length:
/// [`normalize_or`] after bringing `v`'s larger component to `[1, 2)` with an exact power of
/// two ([`unit_scale`](crate::math::unit_scale)), so that the squared length is a normal float.
/// Out of line: it serves rare paths.
#[inline(never)]
pub(crate) fn normalize_any_or(v: Vec2, fallback: Vec2) -> Vec2 {
    normalize_or(v * crate::math::unit_scale(v.abs().max_element()), fallback)
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

    #[test]
    fn normalize_any_or_keeps_the_direction_of_tiny_and_huge_vectors() {
        let cases = [
            (Vec2::new(-1e-30, 2e-30), Vec2::new(-1.0, 2.0)),
            (Vec2::new(3e-45, 4e-45), Vec2::new(2.0, 3.0)),
            (Vec2::new(1e-45, 0.0), Vec2::X),
            (Vec2::new(0.0, -f32::MIN_POSITIVE), Vec2::NEG_Y),
            (Vec2::new(3e38, 3e38), Vec2::ONE),
            (Vec2::new(-f32::MAX, 1.0), Vec2::NEG_X),
            (Vec2::new(2e19, -1e19), Vec2::new(2.0, -1.0)),
        ];
        for (v, direction) in cases {
            // Subnormal inputs round to multiples of 2⁻¹⁴⁹: 3e-45 and 4e-45 are 2 and 3 of them.
            let n = normalize_any_or(v, Vec2::Y);
            assert!((n - direction.normalize()).length() < 1e-6, "{v} -> {n}");
            assert!((n.length() - 1.0).abs() < 1e-6, "{v} -> {n}");
        }
    }
}
