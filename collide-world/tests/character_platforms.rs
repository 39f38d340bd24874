//! Moving platforms from the character's side: carried by the one it stands on, pushed by one
//! that moves into it, never inside, and knowing the platform's velocity. The obstacles given
//! to each move stand where they are at the end of the frame, with the velocity that took
//! them there.

mod character_common;

use character_common::*;
use collide_core::{Layers, Pose, Rect, Rot, Shape};
use collide_world::{
    move_and_slide, Character, CharacterSettings, Obstacle, SlideSettings, StaticBodies,
};
use glam::Vec2;

/// A 40 × 8 platform.
const PLATFORM: Rect = Rect {
    half_extents: Vec2::new(20.0, 4.0),
};

/// Ground (id 0) and the platform (id 1) at `at`, moving by `velocity` this frame.
fn with_platform<'a>(ground: &'a Level, at: Vec2, velocity: Vec2) -> Vec<Obstacle<'a>> {
    let mut level = ground.obstacles();
    level.push(Obstacle::new(1, PLATFORM, Pose::from_position(at)).with_velocity(velocity));
    level
}

/// Runs `frames` frames of a platform starting at `from` and moving by `velocity` each frame,
/// with a player standing on it at `offset` from its centre; checks every frame that the
/// player is on it, at the same offset, outside everything, and knows its velocity.
fn ride(from: Vec2, velocity: Vec2, offset: f32, frames: usize) -> Character {
    let ground = Level::ground();
    let top = from + Vec2::new(offset, PLATFORM.half_extents.y + 8.01);
    let mut player = player(top, CharacterSettings::new(Vec2::Y));
    let mut vel = Vec2::ZERO;
    let mut at = from;
    frame(
        &mut player,
        &mut vel,
        0.0,
        &with_platform(&ground, at, Vec2::ZERO),
    );
    assert_eq!(player.platform(), Some(1));
    let shape = Shape::from(PLAYER);
    for i in 0..frames {
        at += velocity;
        let level = with_platform(&ground, at, velocity);
        let m = frame(&mut player, &mut vel, 0.0, &level);
        assert!(m.on_floor && m.platform == Some(1), "frame {i}: {m:?}");
        assert_eq!(player.platform_velocity(), velocity);
        assert!(!inside_any(
            &shape,
            player.position(),
            Rot::IDENTITY,
            &level
        ));
        let off = player.position() - at;
        assert!((off.x - offset).abs() < 1e-3, "frame {i}: {off}");
        assert!((off.y - 12.01).abs() < 0.02, "frame {i}: {off}");
    }
    player
}

#[test]
fn a_platform_moving_across_carries_its_rider() {
    ride(Vec2::new(0.0, 50.0), Vec2::new(1.5, 0.0), 5.0, 60);
    ride(Vec2::new(0.0, 50.0), Vec2::new(-2.5, 0.0), -10.0, 60);
}

#[test]
fn a_rising_platform_lifts_its_rider_and_never_holds_it_inside() {
    ride(Vec2::new(0.0, 20.0), Vec2::new(0.0, 1.0), 0.0, 60);
    ride(Vec2::new(0.0, 20.0), Vec2::new(0.7, 3.0), 3.0, 60);
}

#[test]
fn a_sinking_platform_keeps_its_rider_on_it() {
    // It sinks 3 a frame, faster than a frame of gravity: without the carry, the rider falls.
    ride(Vec2::new(0.0, 300.0), Vec2::new(0.0, -3.0), 0.0, 60);
    ride(Vec2::new(0.0, 300.0), Vec2::new(-1.0, -2.0), -8.0, 60);
}

#[test]
fn a_platform_moving_into_a_character_pushes_it_along() {
    let ground = Level::ground();
    let mut player = player(standing_at(30.0), CharacterSettings::new(Vec2::Y));
    let mut vel = Vec2::ZERO;
    let shape = Shape::from(PLAYER);
    let velocity = Vec2::new(3.0, 0.0);
    // A block sliding along the ground from the left, 8 tall.
    let mut at = Vec2::new(-20.0, 4.0);
    let mut pushed = 0;
    for _ in 0..40 {
        at += velocity;
        let level = with_platform(&ground, at, velocity);
        let before = player.position();
        let m = frame(&mut player, &mut vel, 0.0, &level);
        assert!(
            !inside_any(&shape, player.position(), Rot::IDENTITY, &level),
            "{m:?}"
        );
        if m.pushed != Vec2::ZERO {
            pushed += 1;
            assert!(m.pushed.x > 0.0 && m.pushed.y.abs() < 1e-4, "{m:?}");
            assert!(player.position().x - before.x <= 3.0 + 0.02, "{m:?}");
        }
        assert!(player.position().x >= at.x + 20.0 + 4.0, "{m:?}");
    }
    assert!(pushed > 20, "{pushed}");
}

#[test]
fn a_platform_rising_into_a_character_lifts_it_along_its_motion() {
    // A character 16 tall standing on the ground; a thin platform rises 11 a frame out of the
    // ground under it, past the character's middle in the first frame: the shortest way out
    // is down, but it is lifted (along the platform's motion), never left inside.
    let ground = Level::ground();
    let thin = Rect {
        half_extents: Vec2::new(20.0, 1.0),
    };
    let mut player = player(standing_at(0.0), CharacterSettings::new(Vec2::Y));
    let mut vel = Vec2::ZERO;
    frame(&mut player, &mut vel, 0.0, &ground.obstacles());
    let shape = Shape::from(PLAYER);
    let v = Vec2::new(0.0, 11.0);
    let mut at = Vec2::new(0.0, -1.0);
    for i in 0..10 {
        at += v;
        let mut level = ground.obstacles();
        level.push(Obstacle::new(1, thin, Pose::from_position(at)).with_velocity(v));
        if i == 0 {
            let settings = SlideSettings::new(Vec2::Y);
            let was = player.position();
            let plain = move_and_slide(
                PLAYER,
                Rot::IDENTITY,
                was,
                Vec2::ZERO,
                &level[..],
                &settings,
            );
            // Pushed down into the ground and back up in turn, the plain push-out takes the
            // shortest way clear of both: up, over the platform.
            let stuck = inside_any(&shape, plain.position, Rot::IDENTITY, &level);
            assert!(!stuck && plain.position.y > at.y, "{plain:?}");
        }
        frame(&mut player, &mut vel, 0.0, &level);
        assert!(!inside_any(
            &shape,
            player.position(),
            Rot::IDENTITY,
            &level
        ));
        assert!((player.position().x).abs() < 1e-4, "{}", player.position());
    }
    assert!(
        (player.position().y - (at.y + 1.0 + 8.0)).abs() < 0.05,
        "{}",
        player.position()
    );
    assert_eq!(player.platform(), Some(1));
}

#[test]
fn the_platform_velocity_is_for_jumping_off_and_forgotten_in_the_air() {
    let player_on = ride(Vec2::new(0.0, 50.0), Vec2::new(2.0, 0.0), 0.0, 5);
    let mut player = player_on;
    assert_eq!(player.platform_velocity(), Vec2::new(2.0, 0.0));
    // A jump that inherits it: leaves the platform and keeps going right.
    let mut vel = Vec2::new(0.0, 8.0) + player.platform_velocity();
    let ground = Level::ground();
    let start = player.position();
    let at = Vec2::new(12.0, 50.0);
    for _ in 0..3 {
        vel.y -= GRAVITY;
        player.move_by(vel, &with_platform(&ground, at, Vec2::ZERO)[..]);
        vel = player.clip_velocity(vel);
    }
    assert!(!player.on_floor());
    assert_eq!(player.platform_velocity(), Vec2::ZERO);
    assert!(
        (player.position().x - start.x - 6.0).abs() < 1e-3,
        "{}",
        player.position()
    );
}

/// The newcomer's case: a platform moving 2 units right a frame (a static body moved with its
/// velocity), a player on it jumping with the platform's velocity added as the docs say. The
/// jump's own move used to be carried as well: 4 units that frame, 2 before and after.
#[test]
fn jumping_off_a_moving_platform_counts_its_motion_once() {
    let mut world = StaticBodies::new();
    let plank = Rect {
        half_extents: Vec2::new(40.0, 4.0),
    };
    let mut at = Vec2::ZERO;
    let h = world
        .add(plank, Pose::from_position(at), Layers::ALL)
        .unwrap();
    world.refresh();
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(4.0);
    let box_ = Rect {
        half_extents: Vec2::new(5.0, 7.0),
    };
    let mut player = Character::new(box_, Vec2::new(0.0, 11.01), settings).unwrap();
    let mut vel = Vec2::ZERO;
    for frame in 0..8 {
        at += Vec2::new(2.0, 0.0);
        world.move_body(h, Pose::from_position(at), Vec2::new(2.0, 0.0));
        vel.y -= GRAVITY;
        if frame == 4 {
            assert!(player.on_floor());
            vel = Vec2::new(0.0, 9.0) + player.platform_velocity();
        }
        let before = player.position();
        let m = *player.move_by(vel, &world);
        vel = player.clip_velocity(vel);
        let dx = m.position.x - before.x;
        if frame > 0 {
            assert!((dx - 2.0).abs() < 1e-4, "frame {frame}: moved {dx} along x");
        }
        if frame == 4 {
            assert_eq!(m.carried, Vec2::ZERO);
            assert!(!m.on_floor);
        }
    }
}

/// A lift rising 1 unit a frame: a jump that adds its velocity rises by its travel exactly
/// (not pushed out of the lift as well), and ends above it.
#[test]
fn jumping_off_a_rising_lift_counts_its_motion_once() {
    let mut world = StaticBodies::new();
    let lift = Rect {
        half_extents: Vec2::new(20.0, 4.0),
    };
    let mut at = Vec2::ZERO;
    let h = world
        .add(lift, Pose::from_position(at), Layers::ALL)
        .unwrap();
    world.refresh();
    let box_ = Rect {
        half_extents: Vec2::new(5.0, 7.0),
    };
    let settings = CharacterSettings::new(Vec2::Y);
    let mut player = Character::new(box_, Vec2::new(0.0, 11.01), settings).unwrap();
    let mut vel = Vec2::ZERO;
    for frame in 0..6 {
        at += Vec2::new(0.0, 1.0);
        world.move_body(h, Pose::from_position(at), Vec2::new(0.0, 1.0));
        vel.y -= GRAVITY;
        if frame == 4 {
            assert!(player.on_floor(), "rides the lift");
            vel = Vec2::new(0.0, 8.0) + player.platform_velocity();
        }
        let before = player.position();
        let m = *player.move_by(vel, &world);
        vel = player.clip_velocity(vel);
        if frame == 4 {
            let rose = m.position.y - before.y;
            assert!((rose - 9.0).abs() < 1e-4, "rose {rose}");
            assert!(m.position.y - 7.0 > at.y + 4.0, "above the lift");
        }
    }
}

/// A new shape (a sprite's next frame) keeps the floor and the platform: the next move is
/// carried as before. A shape collide refuses changes nothing.
#[test]
fn a_new_shape_keeps_the_ride() {
    let ground = Level::ground();
    let from = Vec2::new(0.0, 40.0);
    let velocity = Vec2::new(1.5, 0.0);
    let mut player = player(
        from + Vec2::new(0.0, PLATFORM.half_extents.y + 8.01),
        CharacterSettings::new(Vec2::Y),
    );
    let fall = Vec2::new(0.0, -0.5);
    player.move_by(fall, &with_platform(&ground, from, Vec2::ZERO)[..]);
    assert_eq!(player.platform(), Some(1));
    let smaller = Rect {
        half_extents: Vec2::new(3.0, 8.0),
    };
    player.set_shape(smaller).unwrap();
    let bad = Rect {
        half_extents: Vec2::new(-1.0, 8.0),
    };
    assert!(player.set_shape(bad).is_err());
    assert_eq!(player.shape(), Shape::Rect(smaller).as_shape_ref());
    let before = player.position();
    let m = *player.move_by(fall, &with_platform(&ground, from + velocity, velocity)[..]);
    assert_eq!(m.carried, velocity, "{m:?}");
    assert!((m.position.x - before.x - velocity.x).abs() < 1e-4, "{m:?}");
    assert!(m.on_floor && m.platform == Some(1), "{m:?}");
}
