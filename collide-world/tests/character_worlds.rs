//! The character in other kinds of level: indexed static bodies, and screen coordinates
//! (y down), where it does what it does in a slice of obstacles with y up.

mod character_common;

use character_common::*;
use collide_world::{CharacterSettings, Obstacles};
use glam::Vec2;

/// Walks at 3 a frame from x = -20 to 200 over a 26.6° hill with a 4-unit curb after it,
/// through `level`; answers the frames off the floor and whether it reached the curb's top.
fn walk_over<O: Obstacles + ?Sized>(level: &O) -> (usize, f32) {
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(2.0)
        .with_max_step_height(5.0);
    let mut player = player(standing_at(-20.0), settings);
    let mut velocity = Vec2::ZERO;
    let (mut airborne, mut on_curb) = (0, f32::NEG_INFINITY);
    for _ in 0..200 {
        velocity.x = 3.0;
        velocity.y -= GRAVITY;
        let m = *player.move_by(velocity, level);
        velocity = player.clip_velocity(velocity);
        airborne += usize::from(!m.on_floor);
        if m.position.x > 200.0 {
            on_curb = m.position.y - 8.0;
            break;
        }
    }
    (airborne, on_curb)
}

fn hill_and_curb() -> Level {
    Level::ground()
        .with_hull(&hill(0.0, 60.0, 0.5, 30.0))
        .with_box(Vec2::new(170.0, 0.0), Vec2::new(400.0, 4.0))
}

#[test]
fn static_bodies_walk_as_a_slice_does() {
    let level = hill_and_curb();
    let slice = walk_over(&level.obstacles()[..]);
    let bodies = walk_over(&level.static_bodies());
    assert_eq!(slice.0, 0);
    assert!((slice.1 - 4.0).abs() < 0.05, "{slice:?}");
    assert_eq!(bodies.0, slice.0);
    assert!((bodies.1 - slice.1).abs() < 1e-4, "{bodies:?} {slice:?}");
}

#[test]
fn y_down_screen_coordinates_work_the_same() {
    // The long 26.6° ramp and the hill, mirrored (y down): the same stand, the same walk.
    let mirror = |points: &[Vec2]| {
        points
            .iter()
            .map(|p| Vec2::new(p.x, -p.y))
            .collect::<Vec<_>>()
    };
    let ramp = [
        Vec2::new(0.0, 0.0),
        Vec2::new(200.0, 0.0),
        Vec2::new(200.0, 100.0),
    ];
    let level = Level::empty()
        .with_box(Vec2::new(-1000.0, 0.0), Vec2::new(1000.0, 10.0))
        .with_hull(&mirror(&ramp));
    let level = level.obstacles();
    let settings = CharacterSettings::new(Vec2::NEG_Y).with_snap_length(2.0);
    let mut player = player(Vec2::new(100.0, -(52.0 + 8.0 + 0.02)), settings);
    let mut velocity = Vec2::ZERO;
    for _ in 0..60 {
        velocity.y += GRAVITY;
        let m = *player.move_by(velocity, &level[..]);
        velocity = player.clip_velocity(velocity);
        assert!(m.on_floor, "{m:?}");
    }
    assert!(
        (player.position().x - 100.0).abs() < 1e-3,
        "{}",
        player.position()
    );
    let normal = player.floor_normal().unwrap();
    assert!(
        (normal - Vec2::new(-1.0, -2.0).normalize()).length() < 1e-4,
        "{normal}"
    );
    // Up the ramp, short of its top end.
    for _ in 0..30 {
        velocity.x = 3.0;
        velocity.y += GRAVITY;
        let m = *player.move_by(velocity, &level[..]);
        velocity = player.clip_velocity(velocity);
        assert!(m.on_floor, "{m:?}");
    }
    assert!(player.position().x > 160.0, "{}", player.position());
    assert!(player.position().y < -85.0, "{}", player.position());
}
