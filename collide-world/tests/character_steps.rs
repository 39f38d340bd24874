//! Stepping up: a 4-unit curb is climbed in the same move with a step height of 5, not with
//! less, never through a ceiling, never onto a wall, and not at all with stepping off.

mod character_common;

use character_common::*;
use collide_core::{Rot, Shape};
use collide_world::CharacterSettings;
use glam::Vec2;

/// Ground with a curb of `height` from x = 20 to 60.
fn curb(height: f32) -> Level {
    Level::ground().with_box(Vec2::new(20.0, 0.0), Vec2::new(60.0, height))
}

/// Walks right at 2 a frame from x = 0 for 30 frames; answers the character.
fn walk_to_curb(level: &Level, settings: CharacterSettings) -> collide_world::Character {
    walk_right(level, settings, 30)
}

/// Walks right at 2 a frame from x = 0 for `frames` frames, never inside the level; answers
/// the character.
fn walk_right(
    level: &Level,
    settings: CharacterSettings,
    frames: usize,
) -> collide_world::Character {
    let level = level.obstacles();
    let mut player = player(standing_at(0.0), settings);
    let mut vel = Vec2::ZERO;
    let shape = Shape::from(PLAYER);
    for _ in 0..frames {
        frame(&mut player, &mut vel, 2.0, &level);
        assert!(!inside_any(
            &shape,
            player.position(),
            Rot::IDENTITY,
            &level
        ));
    }
    player
}

#[test]
fn a_4_unit_curb_is_climbed_with_a_step_of_5() {
    let level = curb(4.0);
    let obstacles = level.obstacles();
    let (mut pos, mut vel) = (standing_at(0.0), Vec2::ZERO);
    for _ in 0..30 {
        plain_frame(&mut pos, &mut vel, 2.0, &obstacles);
    }
    assert!(pos.x < 16.0, "the plain slide climbed the curb: {pos}");

    let settings = CharacterSettings::new(Vec2::Y).with_max_step_height(5.0);
    let player = walk_to_curb(&level, settings);
    assert!(player.position().x > 40.0, "{}", player.position());
    assert!(
        (player.position().y - (4.0 + 8.0)).abs() < 0.05,
        "{}",
        player.position()
    );
    assert!(player.on_floor());
}

#[test]
fn the_step_is_taken_in_the_same_move_that_meets_the_curb() {
    let level = curb(4.0);
    let obstacles = level.obstacles();
    let settings = CharacterSettings::new(Vec2::Y).with_max_step_height(5.0);
    let mut player = player(standing_at(10.0), settings);
    let mut vel = Vec2::ZERO;
    let m = frame(&mut player, &mut vel, 8.0, &obstacles);
    assert!(m.stepped && m.on_floor, "{m:?}");
    assert!((m.position.x - 18.0).abs() < 1e-3, "{m:?}");
}

#[test]
fn a_curb_taller_than_the_step_stops_the_character() {
    let settings = CharacterSettings::new(Vec2::Y).with_max_step_height(3.0);
    let player = walk_to_curb(&curb(4.0), settings);
    assert!(player.position().x < 16.0, "{}", player.position());
    assert!(player.position().y < 8.1, "{}", player.position());
}

#[test]
fn stepping_is_off_by_default() {
    let player = walk_to_curb(&curb(4.0), CharacterSettings::new(Vec2::Y));
    assert!(player.position().x < 16.0, "{}", player.position());
}

#[test]
fn no_step_with_a_ceiling_too_low_above_the_curb() {
    // The player is 16 tall: on a 4-unit curb its top would be at 20, above the ceiling's 19.
    let level = curb(4.0).with_box(Vec2::new(10.0, 19.0), Vec2::new(80.0, 40.0));
    let settings = CharacterSettings::new(Vec2::Y).with_max_step_height(5.0);
    let player = walk_to_curb(&level, settings);
    assert!(player.position().x < 16.0, "{}", player.position());
}

#[test]
fn no_step_onto_a_wall_steep_slope() {
    // A 4-unit ledge whose top slopes at 60°: there is no floor to land on.
    let level = Level::ground().with_hull(&[
        Vec2::new(20.0, 0.0),
        Vec2::new(60.0, 0.0),
        Vec2::new(60.0, 73.3),
        Vec2::new(20.0, 4.0),
    ]);
    let settings = CharacterSettings::new(Vec2::Y).with_max_step_height(5.0);
    let player = walk_to_curb(&level, settings);
    assert!(player.position().x < 16.1, "{}", player.position());
    assert!(player.position().y < 8.1, "{}", player.position());
}

#[test]
fn stairs_of_4_unit_steps_are_walked_up() {
    let mut level = Level::ground();
    for i in 0..5 {
        let x = 20.0 + 12.0 * i as f32;
        level = level.with_box(Vec2::new(x, 0.0), Vec2::new(x + 12.0, 4.0 * (i + 1) as f32));
    }
    let level = level.with_box(Vec2::new(80.0, 0.0), Vec2::new(200.0, 20.0));
    let settings = CharacterSettings::new(Vec2::Y)
        .with_max_step_height(5.0)
        .with_snap_length(5.0);
    let player = walk_right(&level, settings, 50);
    assert!(player.position().x > 90.0, "{}", player.position());
    assert!(
        (player.position().y - (20.0 + 8.0)).abs() < 0.05,
        "{}",
        player.position()
    );
}
