//! A hit the face rule turned onto a face's axis, where the body's own side goes in.

use collide_core::{Impact, Motion, ShapeRef};
use glam::Vec2;

use crate::tiles::faces::SNAP;

/// How far, in roundings of its length, a travel may go into a face and still run along it:
/// a travel clipped to a slanted face keeps a few ulps of its length across it.
pub(crate) const ALONG_ULPS: f32 = 4.0;

/// Whether a hit `met` (its normal from the body into the obstacle, as the sweep gave it),
/// which the set's face rule turned into `ruled` (a face's axis within a thousandth), keeps
/// its own normal: a motion by `travel` runs along the face `ruled` names (into it by no more
/// than the rounding of its length) but goes into `met`'s normal beyond that rounding, and
/// the body `shape` moving by `motion` reaches past the point met along `ruled`. Never for a
/// circle: it has no side, and its normal at a corner the rule rules flat is the corner's.
///
/// A long hull turned a hair off an axis meets a small obstacle's corner with its side; the
/// rule counts that normal as the face's, and a body moving on along the axis would take its
/// side through the obstacle, by the travel times the turn (a 200-unit box turned 0.0009 rad
/// passed a 0.2 × 0.1 tile right through it). Where the surface goes on flat, at a seam or a
/// joint, the body rests on its lowest vertex at the corner's level and reaches no further
/// into the surface than the corner: moving along the axis takes nothing of it past the
/// corner, and the face's normal stands. A normal off the axis by rounding alone still runs
/// along: so no seam catches a body for this.
#[must_use]
pub fn keeps_own_normal(
    shape: ShapeRef<'_>,
    motion: &Motion,
    met: &Impact,
    ruled: Vec2,
    travel: Vec2,
) -> bool {
    let rounding = ALONG_ULPS * f32::EPSILON * travel.length();
    let normal = met.normal;
    let turned = normal != ruled && normal.dot(ruled) > 0.0 && normal.perp_dot(ruled).abs() <= SNAP;
    let round = matches!(shape, ShapeRef::Circle(_));
    !round
        && turned
        && travel.dot(ruled) <= rounding
        && travel.dot(normal) > rounding
        && reaches_past(shape, motion, met, ruled)
}

/// Whether `shape`, placed where `motion` takes it at `met`'s time, reaches past the point
/// met along `ruled` by more than the rounding of where they are.
fn reaches_past(shape: ShapeRef<'_>, motion: &Motion, met: &Impact, ruled: Vec2) -> bool {
    let pose = motion.pose_at(met.t);
    let past = shape.reach(&pose, ruled) - met.point.dot(ruled);
    let largest = pose.position.abs().max(met.point.abs()).max_element();
    past > ALONG_ULPS * f32::EPSILON * largest
}

#[cfg(test)]
mod tests {
    use super::*;

    use collide_core::{Hull, Rot};

    /// A 200 × 2 box turned so its bottom side's normal is `(-0.0009, -1)` (its right end the
    /// lowest, 0.09 below its centre's level of the side), moving left by 300.
    struct Turned {
        hull: Hull,
        motion: Motion,
        side: Vec2,
    }

    impl Turned {
        fn new(travel: Vec2) -> Self {
            let hull = Hull::from_half_extents(Vec2::new(100.0, 1.0)).unwrap();
            let rotation = Rot::from_angle(-0.0009);
            let motion = Motion::new(Vec2::ZERO, travel, rotation);
            let side = rotation.apply(Vec2::NEG_Y);
            Self { hull, motion, side }
        }

        /// Whether a hit at `point` at the start, with normal `normal` ruled onto -y, keeps it.
        fn keeps(&self, normal: Vec2, point: Vec2) -> bool {
            let met = Impact {
                t: 0.0,
                point,
                normal,
            };
            let shape = ShapeRef::Hull(&self.hull);
            keeps_own_normal(shape, &self.motion, &met, Vec2::NEG_Y, self.motion.travel())
        }

        /// The point of the bottom side `x` from the centre along it.
        fn on_side(&self, x: f32) -> Vec2 {
            self.motion.rotation.apply(Vec2::new(x, -1.0))
        }
    }

    #[test]
    fn only_a_turn_onto_the_axis_that_makes_a_graze_of_an_approach_keeps_the_own_normal() {
        let left = Turned::new(Vec2::new(-300.0, 0.0));
        // A small obstacle's corner under the side's middle, the right end lower still.
        let middle = left.on_side(0.0);
        assert!(left.keeps(left.side, middle));
        // Moving away from the side, or into the face as well: the rule's normal stands.
        assert!(!Turned::new(Vec2::new(300.0, 0.0)).keeps(left.side, middle));
        assert!(!Turned::new(Vec2::new(-300.0, -1.0)).keeps(left.side, middle));
        // Off the axis by rounding alone, or by more than the rule's thousandth.
        let rounded = Vec2::new(-1e-7, -1.0).normalize();
        assert!(!left.keeps(rounded, middle));
        let corner = Vec2::new(-0.01, -1.0).normalize();
        assert!(!left.keeps(corner, middle));
        // A circle has no side.
        let circle = ShapeRef::Circle(collide_core::Circle { radius: 100.0 });
        let met = Impact {
            t: 0.0,
            point: Vec2::new(-9.0, -99.6),
            normal: left.side,
        };
        let travel = left.motion.travel();
        assert!(!keeps_own_normal(
            circle,
            &left.motion,
            &met,
            Vec2::NEG_Y,
            travel
        ));
    }

    #[test]
    fn a_corner_level_with_the_body_s_lowest_point_leaves_the_face_s_normal() {
        // The corner of a flush joint under the side's lowest end: nothing of the body goes
        // past it along the axis.
        let left = Turned::new(Vec2::new(-300.0, 0.0));
        assert!(!left.keeps(left.side, left.on_side(100.0)));
        assert!(left.keeps(left.side, left.on_side(99.0)));
    }
}
