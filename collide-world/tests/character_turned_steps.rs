//! Turned hulls step onto a curb within the step height whatever their angle: a hull whose
//! lowest corner trails behind its centre used to be carried across the curb's edge only as far
//! as its centre, landed on its slanted side (a wall), refused the step and stood at the curb
//! for good (a tester's sweep: 15 of 126 runs for a triangle, 7 for a box, 21 for a stick).

use collide_core::{Hull, Rot};
use collide_world::{Character, CharacterSettings, TileMap};
use glam::Vec2;

/// The tester's room: a floor with its top at y = 16 and a half tile at x 112..128 up to
/// y = 24 (an 8-unit curb), walls at x = 16 and 240.
fn room() -> TileMap {
    let rows = [
        "################",
        "#..............#",
        "#..............#",
        "#......_.......#",
        "################",
    ];
    TileMap::from_rows(&rows, Vec2::splat(16.0), Vec2::ZERO).unwrap()
}

/// A stick 2 wide and 20 tall, its long sides pointed.
fn stick() -> Hull {
    let points = [
        (1.0, 0.0),
        (0.5, 10.0),
        (-0.5, 10.0),
        (-1.0, 0.0),
        (-0.5, -10.0),
        (0.5, -10.0),
    ];
    Hull::new(&points.map(|(x, y)| Vec2::new(x, y))).unwrap()
}

#[test]
fn turned_hulls_step_onto_a_curb_at_every_angle() {
    let level = room();
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(9.6)
        .with_max_step_height(9.6);
    let hulls = [
        ("triangle", Hull::regular(3, 6.0).unwrap()),
        ("box", Hull::from_half_extents(Vec2::new(5.0, 7.0)).unwrap()),
        ("stick", stick()),
    ];
    for (name, hull) in hulls {
        for k in 0..63 {
            let angle = k as f32 * 0.1;
            for dir in [1.0f32, -1.0] {
                // Dropped onto the floor on one side of the curb, walking at 2 a frame to the
                // other side.
                let start = Vec2::new(if dir > 0.0 { 40.0 } else { 200.0 }, 36.0);
                let mut player = Character::new(hull, start, settings).unwrap();
                player.set_rotation(Rot::from_angle(angle));
                let mut v = Vec2::ZERO;
                for _ in 0..150 {
                    v.y -= 0.5;
                    v.x = 2.0 * dir;
                    player.move_by(v, &level);
                    v = player.clip_velocity(v);
                }
                let x = player.position().x;
                let crossed = if dir > 0.0 { x > 140.0 } else { x < 100.0 };
                assert!(crossed, "{name} at {angle}, walking {dir}: stopped at {x}");
            }
        }
    }
}
