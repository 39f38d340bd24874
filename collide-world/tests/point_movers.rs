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

/// A point walking over a floor of tiles stands on it at every frame, the frames that end
/// right above a seam too: its look below grazes both tiles' sides there, which used to meet
/// neither (the newcomer's point left the floor at x = 32, 48, 64 and 80).
#[test]
fn a_point_walking_over_tile_seams_stays_on_the_floor() {
    use collide_core::{Layers, Rect};
    use collide_world::{Obstacle, StaticBodies, TileMap};
    let tile = Rect {
        half_extents: Vec2::splat(8.0),
    };
    let at = |i: u32| Pose::from_position(Vec2::new(8.0 + 16.0 * i as f32, 8.0));
    let map = TileMap::from_rows(&["........", "########"], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let mut bodies = StaticBodies::new();
    for i in 0..8 {
        bodies.add(tile, at(i), Layers::ALL).unwrap();
    }
    bodies.refresh();
    let slice: Vec<Obstacle<'_>> = (0..8).map(|i| Obstacle::new(i, tile, at(i))).collect();
    walk_a_point_over("tiles", &map);
    walk_a_point_over("bodies", &bodies);
    walk_a_point_over("slice", &slice[..]);
}

fn walk_a_point_over<O: collide_world::Obstacles + ?Sized>(what: &str, world: &O) {
    use collide_world::{Character, CharacterSettings};
    for speed in [1.0_f32, 2.0, 4.0, 0.5] {
        let settings = CharacterSettings::new(Vec2::Y).with_snap_length(9.0);
        let point = collide_core::Circle { radius: 0.0 };
        let mut c = Character::new(point, Vec2::new(4.0, 20.0), settings).unwrap();
        let mut v = Vec2::ZERO;
        for frame in 0..200 {
            v = Vec2::new(speed, v.y - 0.5);
            let m = *c.move_by(v, world);
            v = c.clip_velocity(v);
            if frame > 10 && m.position.x < 120.0 {
                assert!(
                    m.on_floor,
                    "{what} at {speed}: frame {frame} at {}",
                    m.position
                );
                assert!(
                    (m.position.y - 16.01).abs() < 1e-3,
                    "{what}: {}",
                    m.position
                );
            }
        }
    }
}
