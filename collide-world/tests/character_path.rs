//! A move's path runs where the character went: a snap that slid down along a ledge's corner
//! to the floor below records the corner it slid along, so that the path (straight from each
//! point to the next, what the sensors are found along) never cuts through the ledge.

use collide_core::{contact, Hull, Pose, Rect, Rot, Shape};
use collide_world::{Character, CharacterSettings, TileMap};
use glam::Vec2;

/// A tester's room: a floor with its top at y = 16 and, on it, a half tile at x 64..80 up to
/// y = 24 (an 8-unit curb).
fn room() -> TileMap {
    TileMap::from_rows(
        &["##########", "#........#", "#..._....#", "##########"],
        Vec2::splat(16.0),
        Vec2::ZERO,
    )
    .unwrap()
}

/// The room's floor and curb, written out by hand: the oracle's level.
fn solids() -> [(Rect, Vec2); 2] {
    let floor = Rect {
        half_extents: Vec2::new(80.0, 8.0),
    };
    let curb = Rect {
        half_extents: Vec2::new(8.0, 4.0),
    };
    [(floor, Vec2::new(80.0, 8.0)), (curb, Vec2::new(72.0, 20.0))]
}

/// How deep `hull` turned by `rotation` at `at` is in the floor or the curb.
fn depth(hull: &Hull, rotation: Rot, at: Vec2) -> f32 {
    let pose = Pose::new(at, rotation);
    solids()
        .iter()
        .filter_map(|(rect, centre)| contact(hull, &pose, *rect, &Pose::from_position(*centre)))
        .fold(0.0, |d, c| d.max(c.depth))
}

#[test]
fn a_snap_down_a_ledge_corner_keeps_its_way_in_the_path() {
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(9.6)
        .with_max_step_height(9.6);
    for angle in [0.0, 0.1, 0.2, 0.3, 0.5] {
        let hexagon = Hull::regular(6, 6.0).unwrap();
        let rotation = Rot::from_angle(angle);
        let start = Vec2::new(72.0, 40.0);
        let mut player = Character::new(Shape::Hull(hexagon), start, settings).unwrap();
        player.set_rotation(rotation);
        let (level, mut v, mut snapped) = (room(), Vec2::ZERO, 0);
        for frame in 0..60 {
            v.y -= 0.5;
            v.x = 1.0;
            let moved = player.move_by(v, &level);
            snapped += usize::from(moved.snapped);
            for leg in moved.path().windows(2) {
                for k in 0..=64 {
                    let at = leg[0].lerp(leg[1], k as f32 / 64.0);
                    let d = depth(&hexagon, rotation, at);
                    assert!(
                        d < 1e-3,
                        "angle {angle}, frame {frame}: {d} deep at {at} on {leg:?}"
                    );
                }
            }
            v = player.clip_velocity(v);
        }
        // It walked off the curb's right end (x = 80) and snapped down to the floor.
        assert!(snapped > 0 && player.on_floor(), "angle {angle}");
        assert!(
            player.position().x > 100.0,
            "angle {angle}: {}",
            player.position()
        );
    }
}
