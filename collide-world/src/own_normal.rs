//! A hit the face rule turned onto a face's axis, where the body's own side goes in.

use glam::Vec2;

use crate::tiles::faces::SNAP;

/// How far, in roundings of its length, a travel may go into a face and still run along it:
/// a travel clipped to a slanted face keeps a few ulps of its length across it.
pub(crate) const ALONG_ULPS: f32 = 4.0;

/// Whether a hit with normal `met` (from the body into the obstacle, as the sweep gave it),
/// which the set's face rule turned into `ruled` (a face's axis within a thousandth), keeps
/// `met`: a motion by `travel` runs along the face `ruled` names (into it by no more than the
/// rounding of its length) but goes into `met` beyond that rounding.
///
/// A long hull turned a hair off an axis meets a small obstacle's corner with its side; the
/// rule counts that normal as the face's, and a body moving on along the axis would take its
/// side through the obstacle, by the travel times the turn (a 200-unit box turned 0.0009 rad
/// passed a 0.2 × 0.1 tile right through it). Where the surface goes on flat, at a seam, a
/// side so turned meets no corner (the body rests on its lowest vertex), and a normal off the
/// axis by rounding alone still runs along: so no seam catches a body for this.
#[must_use]
pub fn keeps_own_normal(met: Vec2, ruled: Vec2, travel: Vec2) -> bool {
    let rounding = ALONG_ULPS * f32::EPSILON * travel.length();
    let turned = met != ruled && met.dot(ruled) > 0.0 && met.perp_dot(ruled).abs() <= SNAP;
    turned && travel.dot(ruled) <= rounding && travel.dot(met) > rounding
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_turn_onto_the_axis_that_makes_a_graze_of_an_approach_keeps_the_own_normal() {
        let side = Vec2::new(-0.0009, -1.0).normalize();
        let along = Vec2::new(-300.0, 0.0);
        assert!(keeps_own_normal(side, Vec2::NEG_Y, along));
        // Moving away from the side, or into the face as well: the rule's normal stands.
        assert!(!keeps_own_normal(side, Vec2::NEG_Y, -along));
        assert!(!keeps_own_normal(
            side,
            Vec2::NEG_Y,
            Vec2::new(-300.0, -1.0)
        ));
        // Off the axis by rounding alone, or by more than the rule's thousandth.
        let rounded = Vec2::new(-1e-7, -1.0).normalize();
        assert!(!keeps_own_normal(rounded, Vec2::NEG_Y, along));
        let corner = Vec2::new(-0.01, -1.0).normalize();
        assert!(!keeps_own_normal(corner, Vec2::NEG_Y, along));
    }
}
