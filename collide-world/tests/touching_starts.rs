//! A mover that starts exactly touching a face and moves into it stops there: it never passes
//! through (spawns, pixel-snapped and teleported positions start this way every time).

use collide_core::{Layers, Pose, Rect, Rot};
use collide_world::{move_and_slide, SlideSettings, StaticBodies, TileMap};
use glam::Vec2;

/// A box whose right face touches a tile's left face, pushed right.
#[test]
fn a_box_touching_a_wall_and_pushed_into_it_stays_out() {
    let map = TileMap::from_rows(&["...", ".#.", "..."], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let player = Rect {
        half_extents: Vec2::new(8.0, 4.0),
    };
    let settings = SlideSettings::new(Vec2::Y);
    let moved = move_and_slide(
        player,
        Rot::IDENTITY,
        Vec2::new(8.0, 24.0),
        Vec2::new(40.0, 0.0),
        &map,
        &settings,
    );
    assert!(moved.position.x <= 8.0, "{moved:?}");
    assert!(moved.on_wall, "{moved:?}");
}

/// A box standing exactly on a floor of static bodies, falling: it stays on the floor.
#[test]
fn a_box_standing_exactly_on_a_floor_does_not_fall_through() {
    let mut floor = StaticBodies::new();
    let tile = Rect {
        half_extents: Vec2::splat(8.0),
    };
    for i in 0..6 {
        let at = Pose::from_position(Vec2::new(16.0 * i as f32 + 8.0, -8.0));
        floor.add(tile, at, Layers::ALL).unwrap();
    }
    floor.refresh();
    let player = Rect {
        half_extents: Vec2::new(5.0, 7.0),
    };
    let settings = SlideSettings::new(Vec2::Y);
    let moved = move_and_slide(
        player,
        Rot::IDENTITY,
        Vec2::new(20.0, 7.0),
        Vec2::new(0.0, -40.0),
        &floor,
        &settings,
    );
    assert!(moved.position.y >= 7.0, "{moved:?}");
    assert!(moved.on_floor, "{moved:?}");
}

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
