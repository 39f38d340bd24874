//! Stepping onto a ledge under an overhang flush with the ledge's face: with room enough
//! above the ledge the character climbs it, though a rise of the whole step height would put
//! its head against the overhang. It used to stay stuck at the ledge, frame after frame (150
//! of 420 ledge heights and headrooms), and a larger step height made a lower ledge
//! unclimbable.

use collide_core::{overlaps, Pose, Rect, Shape};
use collide_world::{Character, CharacterSettings, Obstacle, TileMap};
use glam::Vec2;

const PLAYER: Rect = Rect {
    half_extents: Vec2::new(0.5, 1.0),
};

/// Ground (top y = 0), a ledge from x = 3 with its top at `ledge`, and an overhang above it
/// flush with its face, its underside `room` above the ledge plus the player's height.
fn level(ledge: f32, room: f32) -> [Obstacle<'static>; 3] {
    let slab = |min: Vec2, max: Vec2, id: u32| {
        let half = Rect {
            half_extents: (max - min) * 0.5,
        };
        Obstacle::new(id, half, Pose::from_position((min + max) * 0.5))
    };
    let under = ledge + 2.0 + room;
    [
        slab(Vec2::new(-100.0, -2.0), Vec2::new(100.0, 0.0), 0),
        slab(Vec2::new(3.0, -1.0), Vec2::new(103.0, ledge), 1),
        slab(Vec2::new(3.0, under), Vec2::new(103.0, under + 2.0), 2),
    ]
}

fn settings() -> CharacterSettings {
    CharacterSettings::new(Vec2::Y)
        .with_snap_length(0.5)
        .with_max_step_height(0.5)
}

#[test]
fn the_testers_ledge_under_an_overhang_is_climbed() {
    let level = level(0.1, 0.3);
    let mut c = Character::new(PLAYER, Vec2::new(2.3, 1.001), settings()).unwrap();
    let m = *c.move_by(Vec2::new(0.5, -0.1), &level[..]);
    assert!(m.stepped && m.on_floor && m.position.x > 2.7, "{m:?}");
}

/// Every ledge up to the step height, with headroom from a sliver to plenty: walked into at
/// 0.5 a frame, the character is on the ledge within a few frames, never inside anything.
#[test]
fn ledges_under_overhangs_with_room_are_climbed() {
    for ledge in [0.05_f32, 0.1, 0.2, 0.3, 0.4, 0.45] {
        for room in [0.05_f32, 0.1, 0.2, 0.3, 0.45, 0.6, 1.0] {
            let level = level(ledge, room);
            let mut c = Character::new(PLAYER, Vec2::new(1.0, 1.01), settings()).unwrap();
            let mut v = Vec2::ZERO;
            for _ in 0..12 {
                v = Vec2::new(0.5, v.y - 0.1);
                c.move_by(v, &level[..]);
                v = c.clip_velocity(v);
                let at = Pose::from_position(c.position());
                let inside = level
                    .iter()
                    .any(|o| overlaps(Shape::from(PLAYER).as_shape_ref(), &at, o.shape, &o.pose));
                assert!(!inside, "ledge {ledge}, room {room}: inside at {at:?}");
            }
            let on_ledge = c.on_floor() && c.position().x > 3.5 && c.position().y > ledge + 1.0;
            assert!(
                on_ledge,
                "ledge {ledge}, room {room}: at {:?}",
                c.last_move()
            );
        }
    }
}

/// The tester's tile map: half-metre cells, a ledge one cell tall, an overhang flush with its
/// face leaving 0.2 above a player 1.8 tall. A step height of 0.9 used to leave it stuck where
/// 0.6 climbed.
#[test]
fn a_larger_step_height_climbs_what_a_smaller_one_does() {
    let rows = [
        "....####", "....####", "........", "........", "........", "........", "....####",
        "########",
    ];
    let map = TileMap::from_rows(&rows, Vec2::splat(0.5), Vec2::ZERO).unwrap();
    let body = Rect {
        half_extents: Vec2::new(0.3, 0.9),
    };
    for step in [0.6_f32, 0.9] {
        let settings = CharacterSettings::new(Vec2::Y).with_max_step_height(step);
        let mut c = Character::new(body, Vec2::new(1.0, 1.41), settings).unwrap();
        let mut v = Vec2::ZERO;
        for _ in 0..8 {
            v = Vec2::new(0.2, v.y - 0.05);
            c.move_by(v, &map);
            v = c.clip_velocity(v);
        }
        assert!(
            c.on_floor() && c.position().x > 2.3 && c.position().y > 1.85,
            "step {step}: {:?}",
            c.last_move()
        );
    }
}
