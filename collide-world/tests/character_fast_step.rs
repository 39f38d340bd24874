//! A character walking faster a frame than a curb is wide steps over it: the step's landing
//! past the curb, back on the floor beyond, is taken (it used to be refused as "not higher",
//! and the character stood at the curb's face for good).

use collide_core::{Circle, Hull, Rect, Shape};
use collide_world::{Character, CharacterSettings, TileMap};
use glam::Vec2;

/// A tester's room: a floor with its top at y = 16, and one half tile (x 112..128, top at
/// y = 24) on it: an 8-unit curb 16 wide.
fn room() -> TileMap {
    TileMap::from_rows(
        &[
            "##############################################################",
            "#............................................................#",
            "#............................................................#",
            "#......_.....................................................#",
            "##############################################################",
        ],
        Vec2::splat(16.0),
        Vec2::ZERO,
    )
    .unwrap()
}

/// Walks `shape`, standing at x = 40 with its lowest point `bottom` below its centre, right at
/// `speed` a frame with gravity, long enough to cross the room; answers the x of each frame's
/// end.
fn walk(shape: Shape, bottom: f32, speed: f32) -> Vec<f32> {
    let level = room();
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(9.6)
        .with_max_step_height(9.6);
    let start = Vec2::new(40.0, 16.0 + bottom + 0.01);
    let mut player = Character::new(shape, start, settings).unwrap();
    let mut v = Vec2::ZERO;
    let frames = (1000.0 / speed) as usize + 10;
    (0..frames)
        .map(|_| {
            v.y -= 0.5;
            v.x = speed;
            player.move_by(v, &level);
            v = player.clip_velocity(v);
            player.position().x
        })
        .collect()
}

#[test]
fn a_fast_walk_steps_over_a_curb_narrower_than_its_frame() {
    let hexagon = Hull::regular(6, 6.0).unwrap();
    let movers: [(&str, Shape, f32); 3] = [
        (
            "box",
            Rect {
                half_extents: Vec2::new(5.0, 7.0),
            }
            .into(),
            7.0,
        ),
        ("circle", Circle { radius: 6.0 }.into(), 6.0),
        ("hexagon", Shape::Hull(hexagon), 6.0 * 3f32.sqrt() / 2.0),
    ];
    for (name, shape, bottom) in movers {
        for speed in [2.0, 24.0, 32.0, 48.0, 100.0, 300.0] {
            let xs = walk(shape, bottom, speed);
            // Past the curb (which ends at x = 128), on to the room's far wall.
            let last = *xs.last().unwrap();
            assert!(last > 900.0, "{name} at {speed}: stopped at {last}");
            // Never held up for a frame: every frame advances (until the far wall).
            for w in xs.windows(2).filter(|w| w[1] < 900.0) {
                assert!(w[1] - w[0] > 0.5 * speed, "{name} at {speed}: {w:?}");
            }
        }
    }
}
