//! Seeded property tests of the character: on the floor at every frame walking over a crest
//! and down a slope with the snap on, never inside an obstacle whatever it does, and never
//! stepping through a ceiling. Every mover shape: box, circle, flat-bottomed hull.

mod character_common;

use character_common::*;
use collide_core::{Circle, Hull, Pose, Rect, Shape};
use collide_testkit::proptest_config as config;
use collide_world::{Character, CharacterSettings, Obstacle};
use glam::Vec2;
use proptest::prelude::*;

/// A mover about as big as the player: 0 a box, 1 a circle, 2 a flat-bottomed hexagon.
fn mover(kind: u8, size: f32) -> Shape {
    match kind % 3 {
        0 => Rect {
            half_extents: Vec2::new(0.5, 1.0) * size,
        }
        .into(),
        1 => Circle { radius: size }.into(),
        _ => Hull::new(&[
            Vec2::new(-0.5, -1.0) * size,
            Vec2::new(0.5, -1.0) * size,
            Vec2::new(0.8, 0.0) * size,
            Vec2::new(0.5, 1.0) * size,
            Vec2::new(-0.5, 1.0) * size,
            Vec2::new(-0.8, 0.0) * size,
        ])
        .unwrap()
        .into(),
    }
}

/// How far below its position the mover's lowest point is.
fn foot(shape: &Shape) -> f32 {
    -shape.aabb(&Pose::IDENTITY).min().y
}

/// Whether the character overlaps any obstacle where it stands.
fn inside(player: &Character, level: &[Obstacle<'_>]) -> bool {
    let shape = player.shape().to_shape();
    inside_any(&shape, player.position(), player.rotation(), level)
}

/// One frame of the loop for any character.
fn step(player: &mut Character, velocity: &mut Vec2, walk: f32, level: &[Obstacle<'_>]) -> bool {
    frame(player, velocity, walk, level).on_floor
}

proptest! {
    #![proptest_config(config(48, 0x5EED_C4A1))]

    /// Over a hill of any floor slope up to 40°, at any walking speed, in either direction,
    /// with a snap as long as the slope drops in a frame: on the floor at every frame.
    #[test]
    #[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
    fn on_the_floor_at_every_frame_over_a_crest_and_down_a_slope(
        degrees in 5.0f32..40.0,
        speed in 0.5f32..4.0,
        leftward in any::<bool>(),
        kind in 0u8..3,
        size in 4.0f32..10.0,
        constant in any::<bool>(),
    ) {
        let rise = degrees.to_radians().tan();
        let level = Level::ground().with_hull(&hill(0.0, 60.0, rise, 30.0));
        let level = level.obstacles();
        let shape = mover(kind, size);
        let walk = if leftward { -speed } else { speed };
        let from = if leftward { 180.0 } else { -30.0 };
        let settings = CharacterSettings::new(Vec2::Y)
            .with_snap_length(speed * rise + 1.0)
            .with_constant_speed_on_slopes(constant);
        let at = Vec2::new(from, foot(&shape) + 0.01);
        let mut player = Character::new(shape, at, settings).unwrap();
        let mut velocity = Vec2::ZERO;
        for i in 0..2000 {
            let on_floor = step(&mut player, &mut velocity, walk, &level);
            prop_assert!(on_floor, "frame {i} at {}: {:?}", player.position(), player.last_move());
            prop_assert!(!inside(&player, &level));
            let x = player.position().x;
            if (leftward && x < -30.0) || (!leftward && x > 180.0) {
                break;
            }
        }
        let x = player.position().x;
        prop_assert!((leftward && x < -30.0) || (!leftward && x > 180.0), "stuck at {x}");
    }
}

/// A random level over the ground: boxes and ramps (hulls) of random sizes.
fn random_level(seed: u64) -> Level {
    let mut rng = collide_testkit::SplitMix64::new(seed);
    let mut level = Level::ground();
    for _ in 0..12 {
        let x = rng.range(-150.0, 150.0);
        let y = rng.range(0.0, 60.0);
        let w = rng.range(4.0, 40.0);
        let h = rng.range(2.0, 20.0);
        level = match rng.index(3) {
            0 => level.with_box(Vec2::new(x, y), Vec2::new(x + w, y + h)),
            1 => level.with_hull(&[
                Vec2::new(x, y),
                Vec2::new(x + w, y),
                Vec2::new(x + w, y + h),
            ]),
            _ => level.with_hull(&[Vec2::new(x, y), Vec2::new(x + w, y), Vec2::new(x, y + h)]),
        };
    }
    level
}

proptest! {
    #![proptest_config(config(48, 0x5EED_C4A2))]

    /// Walking, jumping and falling at random through a random level, with random snap and
    /// step settings: never inside an obstacle after a move.
    #[test]
    fn never_ends_inside_an_obstacle(
        seed in any::<u64>(),
        kind in 0u8..3,
        size in 3.0f32..8.0,
        snap in 0.0f32..6.0,
        step_height in 0.0f32..6.0,
        constant in any::<bool>(),
    ) {
        let level = random_level(seed);
        let level = level.obstacles();
        let shape = mover(kind, size);
        let settings = CharacterSettings::new(Vec2::Y)
            .with_snap_length(snap)
            .with_max_step_height(step_height)
            .with_constant_speed_on_slopes(constant);
        let mut rng = collide_testkit::SplitMix64::new(seed ^ 0xC4A2);
        let mut player = Character::new(shape, Vec2::new(0.0, 200.0), settings).unwrap();
        let mut velocity = Vec2::ZERO;
        let mut walk = 0.0;
        for i in 0..300 {
            if rng.index(20) == 0 {
                walk = rng.range(-5.0, 5.0);
            }
            if player.on_floor() && rng.index(30) == 0 {
                velocity.y = rng.range(3.0, 9.0);
            }
            step(&mut player, &mut velocity, walk, &level);
            prop_assert!(!inside(&player, &level), "frame {i}: {:?}", player.last_move());
        }
    }

    /// A platform moving at random above the ground (never low enough to crush what stands
    /// on the ground) and a character walking and jumping at random around and on it: never
    /// inside either.
    #[test]
    fn never_ends_inside_a_moving_platform(
        seed in any::<u64>(),
        kind in 0u8..3,
        size in 3.0f32..7.0,
    ) {
        let ground = Level::ground();
        let plank = Rect { half_extents: Vec2::new(24.0, 3.0) };
        let shape = mover(kind, size);
        let settings = CharacterSettings::new(Vec2::Y).with_snap_length(3.0);
        let mut rng = collide_testkit::SplitMix64::new(seed);
        let mut player = Character::new(shape, Vec2::new(0.0, 60.0), settings).unwrap();
        let (mut velocity, mut walk) = (Vec2::ZERO, 0.0);
        let (mut at, mut v) = (Vec2::new(0.0, 50.0), Vec2::ZERO);
        for i in 0..300 {
            if rng.index(15) == 0 {
                v = Vec2::new(rng.range(-4.0, 4.0), rng.range(-4.0, 4.0));
            }
            v.y = if at.y + v.y < 40.0 { v.y.abs() } else { v.y };
            at += v;
            if rng.index(20) == 0 {
                walk = rng.range(-4.0, 4.0);
            }
            if player.on_floor() && rng.index(40) == 0 {
                velocity.y = 6.0;
            }
            let mut level = ground.obstacles();
            level.push(Obstacle::new(1, plank, Pose::from_position(at)).with_velocity(v));
            step(&mut player, &mut velocity, walk, &level);
            prop_assert!(!inside(&player, &level), "frame {i}: {:?}", player.last_move());
        }
    }
}

proptest! {
    #![proptest_config(config(48, 0x5EED_C4A3))]

    /// Walking into a curb of any height under a ceiling at any height, with a step height
    /// of 5: never inside anything, never above the ceiling, never more than 5 higher in a
    /// step, and a flat-bottomed mover on the curb only if it was no taller than the step and
    /// there was room. (A circle can come to rest on the curb's corner, its centre lifted by
    /// the step height and its lowest point below the curb's top.)
    #[test]
    fn a_step_never_goes_through_a_ceiling(
        curb in 1.0f32..8.0,
        room in 0.0f32..30.0,
        speed in 0.5f32..6.0,
        kind in 0u8..3,
    ) {
        let shape = mover(kind, 6.0);
        let tall = 2.0 * foot(&shape);
        let ceiling = curb + room;
        let level = Level::ground()
            .with_box(Vec2::new(20.0, 0.0), Vec2::new(100.0, curb))
            .with_box(Vec2::new(-100.0, ceiling.max(tall + 0.5)), Vec2::new(100.0, 200.0));
        let level = level.obstacles();
        let settings = CharacterSettings::new(Vec2::Y).with_max_step_height(5.0);
        let at = Vec2::new(0.0, foot(&shape) + 0.01);
        let mut player = Character::new(shape, at, settings).unwrap();
        let mut velocity = Vec2::ZERO;
        let mut top = f32::NEG_INFINITY;
        for _ in 0..60 {
            let before = player.position();
            step(&mut player, &mut velocity, speed, &level);
            prop_assert!(!inside(&player, &level), "{:?}", player.last_move());
            let lift = player.position().y - before.y;
            prop_assert!(!player.last_move().stepped || lift <= 5.0 + 0.02, "{lift}");
            top = top.max(player.position().y);
        }
        prop_assert!(top + tall / 2.0 <= ceiling.max(tall + 0.5) + 1e-3);
        if player.position().x > 30.0 && kind != 1 {
            prop_assert!(curb <= 5.0 + 0.02 && room >= tall, "{curb} {room}");
        }
    }
}

proptest! {
    #![proptest_config(config(48, 0x5EED_C4A4))]

    /// Against a slope too steep for a floor (50° to 85°), dropped onto it or walking into
    /// it at any speed: never higher than the frame before, so never a frame up and a frame
    /// down in turn.
    #[test]
    #[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
    fn a_wall_steep_slope_is_slid_down_without_jitter(
        degrees in 50.0f32..85.0,
        drop in 0.0f32..60.0,
        speed in 0.0f32..6.0,
        kind in 0u8..3,
    ) {
        let rise = degrees.to_radians().tan();
        // Tall enough that a drop from above it at x = 20 meets it.
        let level = Level::ground().with_hull(&[
            Vec2::new(0.0, 0.0),
            Vec2::new(100.0, 0.0),
            Vec2::new(100.0, 100.0 * rise),
        ]);
        let level = level.obstacles();
        let shape = mover(kind, 5.0);
        let at = Vec2::new(20.0, 20.0 * rise + 2.0 * foot(&shape) + drop);
        let settings = CharacterSettings::new(Vec2::Y).with_snap_length(2.0);
        let mut player = Character::new(shape, at, settings).unwrap();
        let mut velocity = Vec2::ZERO;
        for i in 0..200 {
            let before = player.position();
            step(&mut player, &mut velocity, speed, &level);
            let after = player.position();
            prop_assert!(after.y <= before.y + 1e-3, "frame {i}: {:?}", player.last_move());
            prop_assert!(!inside(&player, &level));
        }
        prop_assert!(player.on_floor(), "{:?}", player.last_move());
    }
}
