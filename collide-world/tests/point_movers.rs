//! Movers that start on a surface or meet it at a single point stop at it: a circle of radius
//! zero is a point, not a special case.

use collide_core::{Pose, Rot};
use collide_world::{move_and_slide, SlideSettings};
use glam::Vec2;

/// A circle of radius zero is a point, not a special case: dropped onto a turned square it
/// stops on it.
#[test]
fn a_point_stops_on_a_rotated_hull() {
    let square = collide_core::Hull::from_half_extents(Vec2::splat(8.0)).unwrap();
    let obstacles = [collide_world::Obstacle::new(
        0,
        &square,
        Pose::new(Vec2::ZERO, Rot::from_angle(0.5)),
    )];
    let point = collide_core::Circle { radius: 0.0 };
    let settings = SlideSettings::new(Vec2::Y);
    let moved = move_and_slide(
        point,
        Rot::IDENTITY,
        Vec2::new(0.0, 20.0),
        Vec2::new(0.0, -40.0),
        &obstacles[..],
        &settings,
    );
    assert!(!moved.contacts().is_empty(), "{moved:?}");
    assert!(moved.position.y > 0.0, "{moved:?}");
}
