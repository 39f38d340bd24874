//! How far apart two shapes stand along a normal (what a turn that cannot back off along its
//! path still lacks of a skin from what it hit), and whether a back-off goes into a shape.

use collide_core::{contact, overlaps, Pose, ShapeRef};
use glam::Vec2;

/// Whether moving `a` from `here` to `there` takes it into `b` at `pose_b`: into it from
/// outside, or deeper into it than it was by more than an eighth of the move (a move along
/// its surface grows the depth by a rounding only). Touching counts as in: a body exactly
/// touching a wall is not let into it.
pub(crate) fn goes_into(
    a: ShapeRef<'_>,
    (here, there): (&Pose, &Pose),
    b: ShapeRef<'_>,
    pose_b: &Pose,
) -> bool {
    if !overlaps(a, there, b, pose_b) {
        return false;
    }
    if !overlaps(a, here, b, pose_b) {
        return true;
    }
    let depth = |pose: &Pose| contact(a, pose, b, pose_b).map_or(0.0, |c| c.depth);
    depth(there) - depth(here) > there.position.distance(here.position) / 8.0
}

/// The gap between `a` at `pose_a` and `b` at `pose_b` along the unit `normal` (from `a` to
/// `b`): how far `b`'s nearest side lies past `a`'s farthest, negative when they overlap
/// along it. Along a face's normal it is the gap to the face's whole line, whichever piece
/// of a surface (a tile, a block) was hit.
pub(crate) fn gap_along(
    a: ShapeRef<'_>,
    pose_a: &Pose,
    b: ShapeRef<'_>,
    pose_b: &Pose,
    normal: Vec2,
) -> f32 {
    -b.reach(pose_b, -normal) - a.reach(pose_a, normal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use collide_core::{Circle, Hull, Rect, Rot};

    /// A circle, a box and a turned square over a floor along y = 0: each one's gap to it
    /// along the floor's normal, whichever piece of the floor is asked.
    #[test]
    fn gaps_along_a_normal_are_to_the_whole_face() {
        let tile = Rect {
            half_extents: Vec2::splat(8.0),
        };
        let square = Hull::from_half_extents(Vec2::splat(2.0)).unwrap();
        let far_tile = Pose::from_position(Vec2::new(100.0, -8.0));
        let down = Vec2::NEG_Y;
        let circle = Circle { radius: 3.0 };
        let at = |y: f32| Pose::from_position(Vec2::new(0.0, y));
        assert_eq!(
            gap_along(circle.into(), &at(5.0), tile.into(), &far_tile, down),
            2.0
        );
        let boxed = Rect {
            half_extents: Vec2::new(1.0, 4.0),
        };
        assert_eq!(
            gap_along(boxed.into(), &at(3.0), tile.into(), &far_tile, down),
            -1.0
        );
        // Turned 45°: its corner reaches 2√2 below its centre.
        let turned = Pose::new(
            Vec2::new(0.0, 4.0),
            Rot::from_angle(core::f32::consts::FRAC_PI_4),
        );
        let gap = gap_along((&square).into(), &turned, tile.into(), &far_tile, down);
        assert!((gap - (4.0 - 8f32.sqrt())).abs() < 1e-5, "{gap}");
    }
}
