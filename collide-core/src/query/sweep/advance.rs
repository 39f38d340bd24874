//! Conservative advancement driven by GJK distance, for a circle against a hull.

use glam::Vec2;

use crate::query::distance::{gjk::Simplex, local_distance, CorePair};

/// The most distance evaluations one sweep may use: conservative advancement is capped at 12
/// steps, and a pair still closing then is reported as a hit at the time reached.
pub const MAX_ADVANCE_STEPS: u32 = 12;

/// Contact tolerance of conservative advancement (the sweep of a circle against a hull), as a
/// fraction of the larger shape's bounding radius about its own origin, plus one unit (so
/// points and tiny shapes keep a floor): the sweep reports a hit once the shapes are closer than
/// `ADVANCE_TOLERANCE × (1 + radius)`. Its time is then at most that distance ÷ the closing
/// speed early, and a pair that passes within it without overlapping (a graze) may count.
pub const ADVANCE_TOLERANCE: f32 = 1e-4;

/// What an advancement found, in the pair's common frame.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Advanced {
    pub t: f32,
    /// Unit, from a to b.
    pub normal: Vec2,
    /// The contact point relative to a's position at `t`, in the common frame.
    pub point: Vec2,
    /// The pair overlapped at the start and GJK could give no direction.
    pub start_overlap: bool,
}

/// Advance time while the pair cannot touch: `b` starts at `offset` from `a` (in the common
/// frame) and moves by `velocity` relative to `a` over the frame.
///
/// Each step measures the distance `d` and the closing speed `s` (the relative velocity along
/// the direction from a to b). Translating convex shapes have a convex distance function, so
/// it never falls faster than at the moment it is measured: `t + d/s` is the earliest they
/// can touch. It starts when the shapes' bounding circles first meet. Stops with a hit once
/// `d ≤ tolerance` while closing (or on overlap), with a miss when not closing or past the frame. If the cap is reached first, the pair is reported as a
/// hit at the time reached (conservative: a pair that might touch is never dropped).
///
/// Returns the result and the number of distance evaluations used.
pub(crate) fn advance(
    pair: &CorePair<'_>,
    offset: Vec2,
    velocity: Vec2,
) -> (Option<Advanced>, u32) {
    // The bounding circles about each shape's origin must meet first: a pair whose circles
    // never do is a miss without any distance evaluation, and one whose circles meet later in
    // the frame cannot touch before then.
    let (ra, rb) = (pair.a.bounding_radius(), pair.b.bounding_radius());
    let Some(mut t) = super::slab::circle_entry(offset, velocity, ra + rb) else {
        return (None, 0);
    };
    let tolerance = ADVANCE_TOLERANCE * (1.0 + ra.max(rb));
    let mut simplex = Simplex::default();
    let mut last_normal = Vec2::ZERO;
    for step in 1..=MAX_ADVANCE_STEPS {
        let d = local_distance(pair, offset + velocity * t, &mut simplex);
        if d.core_overlap || d.distance <= 0.0 {
            let start_overlap = d.core_overlap && last_normal == Vec2::ZERO;
            let normal = if d.core_overlap {
                last_normal
            } else {
                d.normal
            };
            return (
                Some(Advanced {
                    t,
                    normal,
                    point: d.common_point(pair.a.radius, pair.b.radius),
                    start_overlap,
                }),
                step,
            );
        }
        let closing = -d.normal.dot(velocity);
        let hit = Advanced {
            t,
            normal: d.normal,
            point: (d.point_a + d.point_b) * 0.5,
            start_overlap: false,
        };
        // Within the tolerance after advancing towards each other: a hit, whatever the sign
        // of this step's closing speed. So close, the closest points' direction carries the
        // rounding of the coordinates divided by the tiny distance, and a body gliding fast
        // along a face (tangential speed hundreds of times the normal one) would read as
        // moving away and tunnel through.
        if d.distance <= tolerance && step > 1 {
            return (Some(hit), step);
        }
        if closing <= 0.0 {
            return (None, step);
        }
        if d.distance <= tolerance {
            return (Some(hit), step);
        }
        let next = t + d.distance / closing;
        if next > 1.0 {
            return (None, step);
        }
        if step == MAX_ADVANCE_STEPS {
            return (Some(Advanced { t: next, ..hit }), step);
        }
        t = next;
        last_normal = d.normal;
    }
    (None, MAX_ADVANCE_STEPS)
}
